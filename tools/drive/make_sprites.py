"""Draw the card sprite sheets, ``sprites/cards*.bmp``, pixel by pixel.

    python tools/drive/make_sprites.py                   # writes every sheet into sprites/
    python tools/drive/make_sprites.py --preview x.png   # also a 4x enlarged PNG of each sheet
                                                   # (x-cards-vdra.png ... beside x.png)
    python tools/drive/make_sprites.py --out DIR         # write the sheets into DIR instead

One sheet per set of court and ace letters the languages' decks print (``SHEETS``; the
language files ``lib/cucumber/text/<code>/cards.txt`` name theirs): the sheets differ only
in the rank glyphs of the jack, queen, king and ace tiles. Each is a 4-bit indexed,
uncompressed (BI_RGB), bottom-up BMP that ``displayio.OnDiskBitmap`` reads on the board:
16 tiles of 20 x 28 pixels a row.
Tile ``code`` (0..51) is that card (rank = code >> 2, 0 = two .. 12 = ace; suit = code & 3:
spades, hearts, diamonds, clubs); then 52 card back, 53 empty slot, 54 highlight frame,
55 dimming stipple (a quarter of the pixels), 56 "legal" marker. Palette index 0 is the
background, to be made transparent (``palette.make_transparent(0)``). See
``sprites/README.md``.

The glyphs are drawn here by hand as strings, so the output is the same on every machine;
Pillow is used for the preview only and by the tests to read the file back.
"""

import argparse
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)
import ownfiles  # noqa: E402

TILE_W = 20
TILE_H = 28
PER_ROW = 16
BACK = 52
EMPTY = 53
HIGHLIGHT = 54
DIM = 55
LEGAL = 56
N_TILES = 57

# Palette (index: 0xRRGGBB). 0 is the background (transparent in the game).
BG, WHITE, BLACK, RED, EDGE, BLUE, LIGHT_BLUE, YELLOW, SHADE, SLOT, GREEN = range(11)
PALETTE = (
    0xFF00FF,  # 0 background (magenta, made transparent)
    0xFFFFFF,  # 1 card face
    0x000000,  # 2 spades, clubs, ink
    0xD40000,  # 3 hearts, diamonds
    0x404040,  # 4 card edge
    0x1C3C96,  # 5 card back
    0x6E9BE6,  # 6 card back pattern
    0xFFD200,  # 7 highlight frame
    0x303030,  # 8 dimming stipple
    0x8C8C8C,  # 9 empty slot outline
    0x00B43C,  # 10 legal marker
    0x000000, 0x000000, 0x000000, 0x000000, 0x000000,
)

# 5 x 7 rank glyphs of the numbers, two .. ten (ten is 7 wide).
NUMBERS = (
    (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    (".#..##.", "##.#..#", ".#.#..#", ".#.#..#", ".#.#..#", ".#.#..#", "###.##."),
)

# 5 x 7 letters of the court cards and the ace; "Kn" (Swedish knekt) is two narrow
# letters, 7 wide like "10".
LETTERS = {
    "J": ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    "V": ("#...#", "#...#", "#...#", ".#.#.", ".#.#.", "..#..", "..#.."),
    "H": ("#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"),
    "D": ("###..", "#..#.", "#...#", "#...#", "#...#", "#..#.", "###.."),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "Kn": ("#.#....", "#.#....", "##..##.", "#...#.#", "##..#.#", "#.#.#.#", "#.#.#.#"),
}

# The sheets: file name in sprites/, and the letters of jack, queen, king, ace (the
# languages using each, as their cards.txt says: the national decks' indices, see
# sprites/README.md).
SHEETS = (
    ("cards.bmp", ("J", "Q", "K", "A")),  # en es fi
    ("cards-vdra.bmp", ("V", "D", "R", "A")),  # pt fr
    ("cards-bvha.bmp", ("B", "V", "H", "A")),  # nl
    ("cards-bdka.bmp", ("B", "D", "K", "A")),  # da
    ("cards-wdka.bmp", ("W", "D", "K", "A")),  # pl
    ("cards-kndke.bmp", ("Kn", "D", "K", "E")),  # sv
)
COURTS = SHEETS[0][1]


def rank_glyphs(courts=COURTS):
    """The 13 rank glyphs, two .. ace, with ``courts`` the letters of J Q K A."""
    return NUMBERS + tuple(LETTERS[c] for c in courts)


RANKS = rank_glyphs()  # those of cards.bmp

# Small pips (5 x 5) under the rank, spades hearts diamonds clubs.
SMALL = (
    ("..#..", ".###.", "#####", "..#..", ".###."),
    (".#.#.", "#####", "#####", ".###.", "..#.."),
    ("..#..", ".###.", "#####", ".###.", "..#.."),
    (".###.", ".###.", "#####", "#####", "..#.."),
)

# Big pips (9 x 9) in the middle of the card.
BIG = (
    (
        "....#....",
        "...###...",
        "..#####..",
        ".#######.",
        "#########",
        "#########",
        ".##.#.##.",
        "....#....",
        "...###...",
    ),
    (
        ".##...##.",
        "####.####",
        "#########",
        "#########",
        ".#######.",
        "..#####..",
        "...###...",
        "....#....",
        ".........",
    ),
    (
        "....#....",
        "...###...",
        "..#####..",
        ".#######.",
        "#########",
        ".#######.",
        "..#####..",
        "...###...",
        "....#....",
    ),
    (
        "...###...",
        "..#####..",
        "..#####..",
        "##.###.##",
        "#########",
        "#########",
        "##..#..##",
        "....#....",
        "...###...",
    ),
)


def _corner(x, y):
    return (x in (0, TILE_W - 1)) and (y in (0, TILE_H - 1))


def _edge(x, y):
    return x in (0, TILE_W - 1) or y in (0, TILE_H - 1)


def _stamp(tile, glyph, x0, y0, color):
    for dy, row in enumerate(glyph):
        for dx, ch in enumerate(row):
            if ch == "#":
                tile[y0 + dy][x0 + dx] = color


def _blank():
    return [[BG] * TILE_W for _ in range(TILE_H)]


def _outline(fill):
    t = _blank()
    for y in range(TILE_H):
        for x in range(TILE_W):
            if _corner(x, y):
                continue
            t[y][x] = EDGE if _edge(x, y) else fill
    return t


def card_tile(code, ranks=RANKS):
    rank, suit = code >> 2, code & 3
    ink = RED if suit in (1, 2) else BLACK
    t = _outline(WHITE)
    _stamp(t, ranks[rank], 2, 2, ink)
    _stamp(t, SMALL[suit], 2, 11, ink)
    _stamp(t, BIG[suit], 8, 15 if suit != 1 else 16, ink)
    return t


def back_tile():
    t = _outline(BLUE)
    for y in range(1, TILE_H - 1):
        for x in range(1, TILE_W - 1):
            if x in (1, TILE_W - 2) or y in (1, TILE_H - 2):
                t[y][x] = WHITE
            elif (x + y) % 4 == 0 or (x - y) % 4 == 0:
                t[y][x] = LIGHT_BLUE
    return t


def empty_tile():
    t = _blank()
    for y in range(TILE_H):
        for x in range(TILE_W):
            if _edge(x, y) and not _corner(x, y) and (x + y) % 4 < 2:
                t[y][x] = SLOT
    return t


def highlight_tile():
    t = _blank()
    for y in range(TILE_H):
        for x in range(TILE_W):
            if _corner(x, y):
                continue
            if x < 2 or x >= TILE_W - 2 or y < 2 or y >= TILE_H - 2:
                t[y][x] = YELLOW
    return t


def dim_tile():
    t = _blank()
    for y in range(1, TILE_H - 1):
        for x in range(1, TILE_W - 1):
            if x % 2 == 0 and y % 2 == 0:  # a quarter of the pixels: still readable
                t[y][x] = SHADE
    return t


def legal_tile():
    t = _blank()
    for y in (TILE_H - 4, TILE_H - 3):
        for x in range(4, TILE_W - 4):
            t[y][x] = GREEN
    return t


def tiles(courts=COURTS):
    ranks = rank_glyphs(courts)
    out = [card_tile(c, ranks) for c in range(52)]
    out += [back_tile(), empty_tile(), highlight_tile(), dim_tile(), legal_tile()]
    assert len(out) == N_TILES
    return out


def sheet(courts=COURTS):
    """The whole sheet with ``courts`` the letters of J Q K A, as a list of rows of
    palette indices."""
    ts = tiles(courts)
    rows = (len(ts) + PER_ROW - 1) // PER_ROW
    w, h = PER_ROW * TILE_W, rows * TILE_H
    px = [[BG] * w for _ in range(h)]
    for i, t in enumerate(ts):
        x0 = (i % PER_ROW) * TILE_W
        y0 = (i // PER_ROW) * TILE_H
        for y in range(TILE_H):
            px[y0 + y][x0:x0 + TILE_W] = t[y]
    return px


def bmp_bytes(px, palette=PALETTE):
    """A 4-bit BI_RGB bottom-up BMP with a 16-colour palette and a 40-byte info header."""
    h = len(px)
    w = len(px[0])
    assert len(palette) == 16
    stride = ((w * 4 + 31) // 32) * 4
    pal = b"".join(struct.pack("<BBBB", c & 0xFF, (c >> 8) & 0xFF, c >> 16, 0) for c in palette)
    offset = 14 + 40 + len(pal)
    image = bytearray()
    for y in range(h - 1, -1, -1):  # bottom-up
        row = px[y]
        line = bytearray(stride)
        for x in range(0, w, 2):
            hi = row[x]
            lo = row[x + 1] if x + 1 < w else 0
            line[x // 2] = (hi << 4) | lo
        image += line
    size = offset + len(image)
    head = b"BM" + struct.pack("<IHHI", size, 0, 0, offset)
    info = struct.pack(
        "<IiiHHIIiiII", 40, w, h, 1, 4, 0, len(image), 2835, 2835, 16, 16
    )
    return head + info + pal + bytes(image)


def preview(px, path, scale=4):
    from PIL import Image

    h, w = len(px), len(px[0])
    img = Image.new("P", (w, h))
    flat = []
    for c in PALETTE:
        flat += [c >> 16, (c >> 8) & 0xFF, c & 0xFF]
    img.putpalette(flat)
    img.putdata([v for row in px for v in row])
    img = img.resize((w * scale, h * scale), Image.NEAREST)
    img.save(path)


def main(argv=None):
    here = ROOT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(here, "sprites"))
    ap.add_argument("--preview", help="also write enlarged PNGs: this name for cards.bmp, "
                    "-<letters> added before its extension for the others")
    args = ap.parse_args(argv)
    # sprites/ is the repository's own (git keeps it); any other folder must be new, empty
    # or one this tool wrote, so that nothing of a person's is written over.
    ours = None
    if os.path.abspath(args.out) != os.path.join(here, "sprites"):
        try:
            ours = ownfiles.claim_folder(args.out, "sprites", "--out DIR")
            for name, _courts in SHEETS:
                ownfiles.may_write_in(args.out, name, ours)
        except (ownfiles.NotOurs, ownfiles.Unreadable) as e:
            print("make_sprites: %s." % e, file=sys.stderr)
            return 2
        ownfiles.record_folder(args.out, "sprites", ours + [n for n, _c in SHEETS])
    for name, courts in SHEETS:
        px = sheet(courts)
        data = bmp_bytes(px)
        path = os.path.join(args.out, name)
        with open(path, "wb") as f:
            f.write(data)
        print("wrote %s: %d x %d, %d bytes" % (path, len(px[0]), len(px), len(data)))
        if args.preview:
            base, ext = os.path.splitext(args.preview)
            out = args.preview if name == SHEETS[0][0] else base + name[5:-4] + ext
            preview(px, out)
            print("wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
