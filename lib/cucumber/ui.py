"""Drawing primitives shared by the screens: colours, text lines, rectangles, card tiles.

Everything here is cheap on the board:
- text is one TileGrid per line over the built-in ``terminalio.FONT`` glyph sheet
  (no bitmap per label, no TileGrid per character);
- rectangles are ``vectorio.Rectangle`` (no bitmap);
- cards are 1x1 TileGrids over ONE ``displayio.OnDiskBitmap`` of ``sprites/cards.bmp``
  (pixels stay in flash); illegal cards share one dimmed copy of its palette.

``ROOT`` is the folder that holds ``sprites/``: "/" on the board (the CIRCUITPY drive's root
folder), the repository path on a PC (the simulator sets it).
"""

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
ORANGE = const(0xFF9020)

_pal_cache = {}
_font = None  # (sheet bitmap, glyph width, glyph height, ascii->tile map)
_sheet = None
_dim = None


def palette(fg, bg=None):
    """A 2-colour palette: index 0 = ``bg`` (transparent when None), 1 = ``fg``. Shared."""
    key = (fg, bg)
    p = _pal_cache.get(key)
    if p is None:
        p = displayio.Palette(2)
        if bg is None:
            p[0] = 0
            p.make_transparent(0)
        else:
            p[0] = bg
        p[1] = fg
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


class Text(displayio.Group):
    """One line of text in a fixed number of cells: ``text`` holds what it shows."""

    def __init__(self, text, x=0, y=0, color=TEXT, bg=None, width=0, scale=1):
        super().__init__(x=x, y=y, scale=scale)
        sheet, gw, gh, _ = _font_sheet()
        n = width if width else max(1, len(text))
        self.cells = n
        self.tg = displayio.TileGrid(sheet, pixel_shader=palette(color, bg), width=n,
                                     height=1, tile_width=gw, tile_height=gh,
                                     default_tile=0)
        self.append(self.tg)
        self.text = None
        self.set(text)

    def set(self, text):
        old = self.text
        if text == old:
            return
        self.text = text
        tiles = _font[3]
        tg = self.tg
        n = len(text)
        m = len(old) if old is not None else -1
        for i in range(self.cells):
            c = ord(text[i]) if i < n else 32
            if m >= 0 and c == (ord(old[i]) if i < m else 32):
                continue  # unchanged cell: no tile write, no dirty area
            tg[i] = tiles[c - 32] if 32 <= c < 127 else tiles[31]  # '?'

    def color(self, fg, bg=None):
        self.tg.pixel_shader = palette(fg, bg)


def text_width(s, scale=1):
    return len(s) * _font_sheet()[1] * scale


def centered(text, y, color=TEXT, scale=1, bg=None, cx=80):
    return Text(text, x=cx - text_width(text, scale) // 2, y=y, color=color, scale=scale,
                bg=bg)


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


def card_name(c):
    r = c >> 2
    return ("10" if r == 8 else RANKS[r]) + SUITS[c & 3]


def seat_name(s):
    return "P%d" % (s + 1)
