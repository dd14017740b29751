"""Drawing primitives shared by the screens: colours, text lines, rectangles, card tiles.

Everything here is cheap on the board:
- text is one TileGrid per line over a glyph sheet: the built-in ``terminalio.FONT``
  (no heap), or a ``Font`` made for one screen from a PCF file in ``fonts/`` holding only
  the characters that screen can show (no bitmap per label, no TileGrid per character);
- rectangles are ``vectorio.Rectangle`` (no bitmap);
- cards are 1x1 TileGrids over ONE ``displayio.OnDiskBitmap`` of ``sprites/cards.bmp``
  (pixels stay in flash); illegal cards share one dimmed copy of its palette.

``ROOT`` is the folder that holds ``sprites/`` and ``fonts/``: "/" on the board (the
CIRCUITPY drive's root folder), the repository path on a PC (the simulator sets it).
"""

import sys

import displayio
import terminalio

try:
    import vectorio
except ImportError:  # a build without vectorio: rectangles become small bitmaps
    vectorio = None

from engine.compat import const

ROOT = "/"
SPRITES = "sprites/cards.bmp"

W = const(160)
H = const(128)
CARD_W = const(20)
CARD_H = const(28)
BACK = const(52)  # tile of a card back
EMPTY = const(53)  # tile of an empty slot

# Colours (0xRRGGBB)
FELT = const(0x0B4A2A)
DARK = const(0x06301B)
WHITE = const(0xFFFFFF)
TEXT = const(0xF0F0E0)
GREY = const(0x808080)
BLACK = const(0x000000)
YELLOW = const(0xFFD21E)
MARK = const(0x20FF60)  # the legal-card marker bar: used for nothing else
RED = const(0xFF3030)
CYAN = const(0x70D0FF)
NAVY = const(0x101840)
SEAT = const(0x1C6A40)  # the lighter felt behind your own seat's column
ORANGE = const(0xFF9020)

SUIT_SIGNS = "\u2660\u2665\u2666\u2663"  # spade, heart, diamond, club: suit order
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_pal_cache = {}
_font = None  # (sheet bitmap, glyph width, glyph height, ascii->tile map)
_sheet = None
_dim = None


def palette(fg, bg=None, red=None):
    """A 2-colour palette: index 0 = ``bg`` (transparent when None), 1 = ``fg``; with
    ``red``, a third colour (index 2: the red suit signs of a Font). Shared."""
    key = (fg, bg, red)
    p = _pal_cache.get(key)
    if p is None:
        p = displayio.Palette(2 if red is None else 3)
        if bg is None:
            p[0] = 0
            p.make_transparent(0)
        else:
            p[0] = bg
        p[1] = fg
        if red is not None:
            p[2] = red
        _pal_cache[key] = p
    return p


def _font_sheet():
    """The terminalio glyphs as one tile sheet. On CircuitPython ``FONT.bitmap`` already is
    one; Blinka (PC) gives a bitmap per glyph, which are copied into one sheet once."""
    global _font
    if _font is not None:
        return _font
    f = terminalio.FONT
    bb = f.get_bounding_box()
    gw, gh = bb[0], bb[1]
    tiles = bytearray(95)
    sheet = f.bitmap
    # CircuitPython: one glyph sheet, glyphs differ by tile index. Blinka: a bitmap per
    # glyph, every tile index 0.
    if f.get_glyph(65).tile_index != f.get_glyph(66).tile_index:
        for c in range(32, 127):
            g = f.get_glyph(c)
            tiles[c - 32] = g.tile_index if g is not None else 0
    else:
        sheet = displayio.Bitmap(gw * 95, gh, 2)
        for c in range(32, 127):
            tiles[c - 32] = c - 32
            g = f.get_glyph(c)
            if g is None:
                continue
            bm = g.bitmap
            for y in range(min(gh, bm.height)):
                for x in range(min(gw, bm.width)):
                    if bm[x, y]:
                        sheet[(c - 32) * gw + x, y] = 1
    _font = (sheet, gw, gh, tiles)
    return _font


def glyph_size():
    f = _font_sheet()
    return f[1], f[2]


# ----- bitmap fonts (fonts/*.pcf) -------------------------------------------------------
#
# adafruit_bitmap_font 2.5.1 (pinned), read for this: ``bitmap_font.load_font`` imports
# all four of its loaders (bdf, lvfontbin, pcf, ttf) to open one file, and returns
# ``pcf.PCF(file, displayio.Bitmap)`` for a PCF file; ``load_glyphs(text)`` makes one
# Bitmap and one Glyph per character (misc-fixed glyphs are full cells), keeps the file
# open for later misses, and calls gc.collect() itself. So a Font here builds the PCF
# loader directly (only pcf and glyph_cache are imported), loads the characters the
# screen can show, copies them into ONE tile sheet, closes the file and forgets the
# loader and its modules: what stays is the sheet (a few hundred bytes), held by the
# screen's Text lines and freed with them.

FONT_DIR = "fonts/"
FONT_CHUNK = 16  # characters loaded at a time (see Font._fill)
_FONT_MODULES = ("adafruit_bitmap_font.pcf", "adafruit_bitmap_font.glyph_cache",
                 "adafruit_bitmap_font")


def open_font(name):
    """The PCF loader of fonts/<name>.pcf (what ``bitmap_font.load_font`` returns for a
    PCF file), or None when the file or the library is missing or unreadable."""
    try:
        from adafruit_bitmap_font.pcf import PCF
        f = open(ROOT + FONT_DIR + name + ".pcf", "rb")
    except (ImportError, OSError):
        return None
    try:
        return PCF(f, displayio.Bitmap)
    except Exception:  # not a PCF file this loader reads
        f.close()
        return None


def forget_font_modules():
    """Drop the font loader's modules so that their code is collected (re-imported by
    the next Font)."""
    mods = sys.modules
    for k in _FONT_MODULES:
        if k in mods:
            del mods[k]


class Font:
    """The characters ``chars`` of fonts/<name>.pcf as one tile sheet for ``Text``.

    Make one per screen (and per font) with every character its lines can show; a
    character not in ``chars`` (or not in the font) is drawn blank. Characters in ``red``
    get colour index 2 (``palette(fg, bg, RED)``): the red suit signs. ``sheet`` is None
    when the font could not be loaded: Text then falls back to terminalio."""

    def __init__(self, name, chars, red=""):
        uniq = " "
        for c in chars:
            if uniq.find(c) < 0:
                uniq += c
        self.chars = uniq
        self.red = RED if red else None
        self.sheet = None
        self.w, self.h = glyph_size()
        f = open_font(name)
        if f is not None:
            try:
                self._fill(f, red)
            except Exception:  # a damaged file, or no room: terminalio instead
                self.sheet = None
            f.file.close()
        f = None
        forget_font_modules()

    def _fill(self, f, red):
        """Copy the glyphs into the sheet, FONT_CHUNK characters at a time: the loader
        makes a Bitmap, a Glyph and a metrics tuple per character (about 200 bytes on
        the board), so a chunk is forgotten (the loader's glyph dict is emptied) once
        copied, which bounds the transient whatever the number of characters."""
        chars = self.chars
        n = len(chars)
        asc = f.ascent
        h = asc + f.descent
        w = f.get_bounding_box()[0]  # the cell of a fixed-width (misc-fixed) font
        sheet = displayio.Bitmap(w * n, h, 3 if red else 2)
        try:
            from bitmaptools import blit
        except ImportError:
            blit = None
        cache = getattr(f, "_glyphs", None)  # GlyphCache's dict (bitmap_font 2.5.1)
        for start in range(1, n, FONT_CHUNK):
            end = min(n, start + FONT_CHUNK)
            f.load_glyphs(chars[start:end])
            for i in range(start, end):
                c = chars[i]
                g = f.get_glyph(ord(c))
                if g is None:
                    continue
                bm = g.bitmap
                x0 = i * w + g.dx
                y0 = asc - g.height - g.dy
                v = 2 if red and red.find(c) >= 0 else 1
                if blit is not None and v == 1 and g.dx >= 0 and y0 >= 0 \
                        and g.dx + g.width <= w and y0 + g.height <= h:
                    blit(sheet, bm, x0, y0)
                    continue
                for yy in range(g.height):
                    y = y0 + yy
                    if 0 <= y < h:
                        for xx in range(g.width):
                            x = x0 + xx
                            if bm[xx, yy] and i * w <= x < i * w + w:
                                sheet[x, y] = v
                g = None
                bm = None
            if cache is not None:
                cache.clear()
        self.w = w
        self.h = h
        self.sheet = sheet


class Text(displayio.Group):
    """One line of text in a fixed number of cells: ``text`` holds what it shows.
    ``font``: a Font (its sheet; terminalio when None or when it did not load)."""

    def __init__(self, text, x=0, y=0, color=TEXT, bg=None, width=0, scale=1, font=None):
        super().__init__(x=x, y=y, scale=scale)
        if font is not None and font.sheet is None:
            font = None
        self.font = font
        if font is None:
            sheet, gw, gh, _ = _font_sheet()
        else:
            sheet, gw, gh = font.sheet, font.w, font.h
        n = width if width else max(1, len(text))
        self.cells = n
        self.tg = displayio.TileGrid(sheet, pixel_shader=self._palette(color, bg), width=n,
                                     height=1, tile_width=gw, tile_height=gh,
                                     default_tile=0)
        self.append(self.tg)
        self.text = None
        self.set(text)

    def _palette(self, fg, bg):
        return palette(fg, bg, self.font.red if self.font is not None else None)

    def set(self, text):
        old = self.text
        if text == old:
            return
        self.text = text
        tg = self.tg
        n = len(text)
        m = len(old) if old is not None else -1
        font = self.font
        if font is not None:
            chars = font.chars
            for i in range(self.cells):
                c = text[i] if i < n else " "
                if m >= 0 and c == (old[i] if i < m else " "):
                    continue
                j = chars.find(c)
                tg[i] = j if j > 0 else 0  # not in the sheet: blank
            return
        tiles = _font[3]
        for i in range(self.cells):
            c = ord(text[i]) if i < n else 32
            if m >= 0 and c == (ord(old[i]) if i < m else 32):
                continue  # unchanged cell: no tile write, no dirty area
            tg[i] = tiles[c - 32] if 32 <= c < 127 else tiles[31]  # '?'

    def color(self, fg, bg=None):
        self.tg.pixel_shader = self._palette(fg, bg)


def text_width(s, scale=1, font=None):
    if font is not None and font.sheet is not None:
        return len(s) * font.w * scale
    return len(s) * _font_sheet()[1] * scale


def centered(text, y, color=TEXT, scale=1, bg=None, cx=80, font=None):
    return Text(text, x=cx - text_width(text, scale, font) // 2, y=y, color=color,
                scale=scale, bg=bg, font=font)


def heading(text, y, color=YELLOW, cx=80, scale=1):
    """``text`` centred in the large bold font, which is loaded for these characters
    only (terminalio at twice the scale if the font is missing)."""
    f = Font("large", text)
    if f.sheet is None:
        scale *= 2
    return centered(text, y, color, scale=scale, cx=cx, font=f)


def rect(x, y, w, h, color):
    """A filled rectangle."""
    if vectorio is not None:
        return vectorio.Rectangle(pixel_shader=palette(color), width=w, height=h, x=x, y=y,
                                 color_index=1)
    bm = displayio.Bitmap(w, h, 1)
    return displayio.TileGrid(bm, pixel_shader=palette(color, color), x=x, y=y)


def background(color=FELT):
    return rect(0, 0, W, H, color)


def sheet():
    """The card sheet (one OnDiskBitmap for the whole app) and its palette."""
    global _sheet
    if _sheet is None:
        _sheet = displayio.OnDiskBitmap(ROOT + SPRITES)
        _sheet.pixel_shader.make_transparent(0)
    return _sheet


def dim_palette():
    """The sheet's palette at half brightness (illegal cards)."""
    global _dim
    if _dim is None:
        src = sheet().pixel_shader
        n = len(src)
        _dim = displayio.Palette(n)
        for i in range(n):
            c = src[i]
            if not isinstance(c, int):  # Blinka may hand back a colour record
                c = int(c["rgb888"]) if isinstance(c, dict) else 0
            _dim[i] = (c >> 1) & 0x7F7F7F
        _dim.make_transparent(0)
    return _dim


def card(code, x, y, dim=False):
    """A card tile: ``code`` 0..51, BACK or EMPTY."""
    s = sheet()
    tg = displayio.TileGrid(s, pixel_shader=dim_palette() if dim else s.pixel_shader,
                            width=1, height=1, tile_width=CARD_W, tile_height=CARD_H,
                            x=x, y=y)
    tg[0] = code
    return tg


def wrap(text, cols=26):
    """Words of ``text`` in lines of at most ``cols`` characters."""
    out = []
    line = ""
    for word in text.split(" "):
        while len(word) > cols:
            if line:
                out.append(line)
                line = ""
            out.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line = line + " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


RANKS = "23456789TJQKA"
SUITS = "SHDC"


def card_name(c, signs=False):
    """The name of card ``c``: "10H", or with ``signs`` "10" and the heart sign (for a
    Font that holds SUIT_SIGNS)."""
    r = c >> 2
    return ("10" if r == 8 else RANKS[r]) + (SUIT_SIGNS if signs else SUITS)[c & 3]


def seat_name(s):
    return "P%d" % (s + 1)
