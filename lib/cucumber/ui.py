"""Drawing primitives shared by the screens: colours, text lines, rectangles, card tiles.

Everything here is cheap on the board:
- text is one TileGrid per line over a glyph sheet: the built-in ``terminalio.FONT``
  (no heap), or a ``Font`` made for one screen from a glyph file in ``fonts/`` holding
  only the characters that screen can show (no bitmap per label, no TileGrid per
  character);
- rectangles are ``vectorio.Rectangle`` (no bitmap);
- cards are 1x1 TileGrids over ONE ``displayio.OnDiskBitmap`` of the chosen language's
  sheet in ``sprites/`` (``lang.sprites()``: ``cards.bmp`` or one with that language's
  court letters; pixels stay in flash); illegal cards share one dimmed copy of its
  palette.

``ROOT`` is the folder that holds ``sprites/`` and ``fonts/``: "/" on the board (the
CIRCUITPY drive's root folder), the repository path on a PC (the simulator sets it).
"""

import displayio
import terminalio

try:
    import vectorio
except ImportError:  # a build without vectorio: rectangles become small bitmaps
    vectorio = None

from cucumber import lang
from engine.compat import const

ROOT = "/"
SPRITES = "sprites/"  # the card sheets' folder under ROOT

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
_sheet = None  # (the language it was opened for, the OnDiskBitmap)
_dim = None  # its dimmed palette


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


def forget_palettes():
    """Let the shared palettes go with the screen that used them (cucumber.app, as a
    screen is dropped): kept for the run, every page's and menu's colours stayed beside
    the table (micropython32, 5p-bot-hints: six more palettes and their keys, 1.3 KB,
    at each table built after a round's pages)."""
    _pal_cache.clear()


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


# ----- bitmap fonts (fonts/*.glyphs) ----------------------------------------------------
#
# A font is read from fonts/<name>.glyphs, made on a PC from fonts/<name>.pcf by
# tools/drive/make_glyphs.py (its docstring gives the format): a header (cell W x H, glyph
# count N), the N sorted code points, then every glyph as its cell at 1 bit a pixel,
# already placed. A Font finds each character it needs by a binary search over the code
# points and copies that glyph's bits into ONE tile sheet: a seek and a read into one
# small buffer per step, no font library and no object per glyph. (adafruit_bitmap_font's
# pcf and glyph_cache did this until then: imported while a screen was built, and their
# names stayed interned after the modules were dropped. Heap needed, micropython32:
# 5p-hard-ogorek-buyback 117,760 -> 110,592 B, 7p-hard-agurk 116,736 -> 114,688 B.)

FONT_DIR = "fonts/"
GLYPHS = ".glyphs"
_HEAD = const(8)  # b"CGF1", W, H, N (u16)


def _find(f, key, n, cp):
    """The index of code point ``cp`` among the ``n`` sorted code points of glyph file
    ``f`` (-1 when it has none): a binary search, reading 2 bytes into ``key`` a step."""
    lo = 0
    hi = n
    while lo < hi:
        mid = (lo + hi) >> 1
        f.seek(_HEAD + 2 * mid)
        f.readinto(key)
        v = key[0] | (key[1] << 8)
        if v < cp:
            lo = mid + 1
        elif v > cp:
            hi = mid
        else:
            return mid
    return -1


class Font:
    """The characters ``chars`` of fonts/<name>.glyphs as one tile sheet for ``Text``.

    Make one per screen (and per font) with every character its lines can show; a
    character not in ``chars`` (or not in the font) is drawn blank. Characters in ``red``
    get colour index 2 (``palette(fg, bg, RED)``): the red suit signs. ``sheet`` is None
    when the font could not be loaded (a missing or damaged file, no room): Text then
    falls back to terminalio."""

    def __init__(self, name, chars, red=""):
        uniq = " "
        for c in chars:
            if uniq.find(c) < 0:
                uniq += c
        self.chars = uniq
        self.red = RED if red else None
        self.sheet = None
        self.w, self.h = glyph_size()
        try:
            f = open(ROOT + FONT_DIR + name + GLYPHS, "rb")
        except OSError:
            return
        try:
            self._fill(f, red)
        except Exception:  # a damaged file, or no room: terminalio instead
            self.sheet = None
        f.close()

    def _fill(self, f, red):
        head = f.read(_HEAD)
        if len(head) != _HEAD or head[:4] != b"CGF1":
            raise ValueError("not a glyph file")
        w = head[4]
        h = head[5]
        n = head[6] | (head[7] << 8)
        stride = (w * h + 7) >> 3
        base = _HEAD + 2 * n
        if not (0 < w <= 32 and 0 < h <= 32 and n > 0) or f.seek(0, 2) != base + n * stride:
            raise ValueError("not a glyph file")  # a truncated file among them
        chars = self.chars
        sw = w * len(chars)
        sheet = displayio.Bitmap(sw, h, 3 if red else 2)
        key = bytearray(2)
        bits = bytearray(stride)
        for i in range(1, len(chars)):
            c = chars[i]
            k = _find(f, key, n, ord(c))
            if k < 0:
                continue  # not in the font: blank
            f.seek(base + k * stride)
            f.readinto(bits)
            v = 2 if red and red.find(c) >= 0 else 1
            b = 0
            for y in range(h):
                p = y * sw + i * w  # int index: no (x, y) tuple per pixel
                for x in range(p, p + w):
                    if bits[b >> 3] & (0x80 >> (b & 7)):
                        sheet[x] = v
                    b += 1
        self.w = w
        self.h = h
        self.sheet = sheet


class Text(displayio.TileGrid):
    """One line of text in a fixed number of cells: ``text`` holds what it shows.
    ``font``: a Font (its sheet; terminalio when None or when it did not load).

    The Text is itself the line's TileGrid (one tile a cell), not a Group holding one: a
    Group and its list cost about 80-100 bytes a line on the board, and a 7-player table
    has ~25 lines (on micropython32 with the rig's stand-ins a line went from 250 to
    154 B, the live heap at that table from 104,752 to 102,576 B). A line at a larger
    scale needs a Group: ``centered`` and ``heading`` wrap the Text in one."""

    def __init__(self, text, x=0, y=0, color=TEXT, bg=None, width=0, font=None):
        if font is not None and font.sheet is None:
            font = None
        if font is None:
            sheet, gw, gh, _ = _font_sheet()
        else:
            sheet, gw, gh = font.sheet, font.w, font.h
        n = width if width else max(1, len(text))
        super().__init__(sheet, pixel_shader=palette(color, bg, font.red if font else None),
                         width=n, height=1, tile_width=gw, tile_height=gh, default_tile=0,
                         x=x, y=y)
        self.font = font
        self.cells = n
        self.text = None
        self.set(text)

    @property
    def tg(self):
        """The line's TileGrid: the Text itself (it was a Group holding one)."""
        return self

    def set(self, text):
        old = self.text
        if text == old:
            return
        self.text = text
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
                self[i] = j if j > 0 else 0  # not in the sheet: blank
            return
        tiles = _font[3]
        for i in range(self.cells):
            c = ord(text[i]) if i < n else 32
            if m >= 0 and c == (ord(old[i]) if i < m else 32):
                continue  # unchanged cell: no tile write, no dirty area
            self[i] = tiles[c - 32] if 32 <= c < 127 else tiles[31]  # '?'

    def color(self, fg, bg=None):
        font = self.font
        self.pixel_shader = palette(fg, bg, font.red if font is not None else None)


def text_width(s, scale=1, font=None):
    if font is not None and font.sheet is not None:
        return len(s) * font.w * scale
    return len(s) * _font_sheet()[1] * scale


def centered(text, y, color=TEXT, scale=1, bg=None, cx=80, font=None):
    """A Text centred on ``cx``; with ``scale`` > 1, a Group at that scale holding it (a
    TileGrid has no scale of its own)."""
    x = cx - text_width(text, scale, font) // 2
    if scale == 1:
        return Text(text, x=x, y=y, color=color, bg=bg, font=font)
    g = displayio.Group(scale=scale, x=x, y=y)
    g.append(Text(text, color=color, bg=bg, font=font))
    return g


def heading(text, y, color=YELLOW, cx=80, scale=1):
    """``text`` centred in the large bold font, which is loaded for these characters
    only (terminalio at twice the scale if the font is missing); see ``centered``."""
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
    """The card sheet of the chosen language (one OnDiskBitmap for the whole app) and
    its palette. A language chosen since the last call: that language's sheet, the old
    one let go first (one open file, one OnDiskBitmap); cards.bmp if its file is
    missing."""
    global _sheet, _dim
    if _sheet is None or _sheet[0] != lang.chosen:
        _sheet = None
        _dim = None
        try:
            odb = displayio.OnDiskBitmap(ROOT + SPRITES + lang.sprites())
        except OSError:
            odb = displayio.OnDiskBitmap(ROOT + SPRITES + "cards.bmp")
        odb.pixel_shader.make_transparent(0)
        _sheet = (lang.chosen, odb)
    return _sheet[1]


def dim_palette():
    """The sheet's palette at half brightness (illegal cards)."""
    global _dim
    src = sheet().pixel_shader  # first: a new language's sheet drops the old _dim
    if _dim is None:
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


def card_row(codes, x, y):
    """The cards ``codes`` side by side from (x, y), touching: ONE TileGrid of
    len(codes) tiles. Seven cards as seven 1x1 grids took 7 x 96 B of the board's heap,
    as one grid 112 B (the review at seven players opens when the heap is fullest)."""
    s = sheet()
    tg = displayio.TileGrid(s, pixel_shader=s.pixel_shader, width=len(codes), height=1,
                            tile_width=CARD_W, tile_height=CARD_H, x=x, y=y)
    for i in range(len(codes)):
        tg[i] = codes[i]
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


SUITS = "SHDC"


def card_name(c, signs=False):
    """The name of card ``c`` with the chosen language's rank letters (lang.rank):
    "10H", "KnS", or with ``signs`` "10" and the heart sign (for a Font that holds
    SUIT_SIGNS)."""
    return lang.rank(c >> 2) + (SUIT_SIGNS if signs else SUITS)[c & 3]


def seat_name(s):
    return "P%d" % (s + 1)
