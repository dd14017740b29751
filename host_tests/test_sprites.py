"""The card sprite sheets: reproducible, BMPs that OnDiskBitmap reads, the promised layout;
one sheet per set of court letters, named by the languages' cards.txt."""

import glob
import os
import struct

import make_sprites
import pytest
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BMP = os.path.join(ROOT, "sprites", "cards.bmp")
NAMES = [name for name, _ in make_sprites.SHEETS]
CODES = ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi")


def _path(name):
    return os.path.join(ROOT, "sprites", name)


def test_tool_reproduces_the_committed_files(tmp_path, capsys):
    assert make_sprites.main(["--out", str(tmp_path)]) == 0
    assert sorted(os.listdir(tmp_path)) == sorted(NAMES + [".cucumber-made"])  # + its marker
    for name in NAMES:
        with open(_path(name), "rb") as f:
            committed = f.read()
        with open(tmp_path / name, "rb") as f:
            assert f.read() == committed, (
                "%s: run python tools/drive/make_sprites.py and commit sprites/" % name)


def test_every_sheet_in_sprites_is_made_by_the_tool():
    found = sorted(os.path.basename(p) for p in glob.glob(_path("*.bmp")))
    assert found == sorted(NAMES)


def _cards_txt(code):
    out = {}
    with open(os.path.join(ROOT, "lib", "cucumber", "text", code, "cards.txt"),
              encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#") and " = " in line:
                k, t = line.rstrip("\r\n").split(" = ", 1)
                out[k] = t
    return out


@pytest.mark.parametrize("code", CODES)
def test_each_language_names_a_sheet_with_its_letters(code):
    words = _cards_txt(code)
    ranks = words["ranks"].split(" ")
    assert ranks[:9] == ["2", "3", "4", "5", "6", "7", "8", "9", "10"]
    assert tuple(ranks[9:]) == dict(make_sprites.SHEETS)[words["sprites"]]
    assert os.path.exists(_path(words["sprites"]))


def test_the_convention_of_each_language():
    expected = {"en": "J Q K A", "es": "J Q K A", "fi": "J Q K A", "nl": "B V H A",
                "pl": "W D K A", "pt": "V D R A", "fr": "V D R A", "da": "B D K A",
                "sv": "Kn D K E"}
    for code in CODES:
        assert _cards_txt(code)["ranks"].endswith(" 10 " + expected[code]), code
    assert _cards_txt("en")["sprites"] == "cards.bmp"


def _tiles(name):
    img = Image.open(_path(name))
    return [bytes(_tile_pixel(img, t, x, y) for y in range(28) for x in range(20))
            for t in range(make_sprites.N_TILES)]


def test_sheets_differ_only_in_the_court_and_ace_letters():
    base = _tiles("cards.bmp")
    courts = make_sprites.COURTS
    for name, letters in make_sprites.SHEETS[1:]:
        tiles = _tiles(name)
        for t in range(make_sprites.N_TILES):
            rank = t >> 2
            if t >= 52 or rank < 9:  # two .. ten, back, slot, overlays: the same
                assert tiles[t] == base[t], (name, t)
            elif letters[rank - 9] == courts[rank - 9]:  # the same letter: the same face
                assert tiles[t] == base[t], (name, t)
            else:
                assert tiles[t] != base[t], (name, t)
                # only the rank glyph's corner (7 x 7 at (2, 2)) differs
                for y in range(28):
                    for x in range(20):
                        if not (2 <= x < 9 and 2 <= y < 9):
                            assert tiles[t][y * 20 + x] == base[t][y * 20 + x], (name, t)
        assert len(set(tiles)) == make_sprites.N_TILES  # still 57 different tiles


def test_the_letters_are_5_by_7_and_kn_is_as_wide_as_ten():
    for letter, glyph in make_sprites.LETTERS.items():
        assert len(glyph) == 7
        width = 7 if letter == "Kn" else 5
        assert all(len(row) == width and set(row) <= {".", "#"} for row in glyph), letter
    assert len(make_sprites.NUMBERS[8][0]) == 7  # "10"
    glyphs = [make_sprites.LETTERS[c] for c in make_sprites.LETTERS]
    assert len(set(glyphs)) == len(glyphs)  # all different


@pytest.mark.parametrize("name", NAMES)
def test_bmp_header(name):
    with open(_path(name), "rb") as f:
        data = f.read()
    magic, size, _r1, _r2, offset = struct.unpack("<2sIHHI", data[:14])
    (hsize, w, h, planes, bpp, comp, isize, _xr, _yr, used, _imp) = struct.unpack(
        "<IiiHHIIiiII", data[14:54]
    )
    assert magic == b"BM" and size == len(data)
    assert hsize == 40 and planes == 1 and comp == 0  # BI_RGB, uncompressed
    assert bpp == 4 and used == 16
    assert w == 16 * 20 and h == 4 * 28 and h > 0  # positive height: bottom-up rows
    stride = ((w * bpp + 31) // 32) * 4
    assert offset == 14 + 40 + 4 * used
    assert isize == stride * h == len(data) - offset
    assert len(data) >= 138  # CircuitPython reads a 138-byte header block
    pal = data[54:offset]
    assert pal[0:4] == bytes((0xFF, 0x00, 0xFF, 0))  # index 0: magenta background


def _tile_pixel(img, tile, x, y):
    return img.getpixel(((tile % 16) * 20 + x, (tile // 16) * 28 + y))


def test_pixels_read_back_with_pillow():
    img = Image.open(BMP)
    assert img.mode == "P" and img.size == (320, 112)
    for code in range(52):
        assert _tile_pixel(img, code, 0, 0) == 0  # cut corner: background
        assert _tile_pixel(img, code, 10, 0) == make_sprites.EDGE
        assert _tile_pixel(img, code, 18, 2) == make_sprites.WHITE
        ink = make_sprites.RED if code & 3 in (1, 2) else make_sprites.BLACK
        colours = {_tile_pixel(img, code, x, y) for x in range(20) for y in range(28)}
        assert ink in colours
        other = make_sprites.BLACK if ink == make_sprites.RED else make_sprites.RED
        assert other not in colours
    # every card tile is different from every other
    tiles = {
        bytes(_tile_pixel(img, t, x, y) for x in range(20) for y in range(28))
        for t in range(make_sprites.N_TILES)
    }
    assert len(tiles) == make_sprites.N_TILES
    assert _tile_pixel(img, make_sprites.BACK, 10, 10) in (make_sprites.BLUE,
                                                           make_sprites.LIGHT_BLUE)
    assert _tile_pixel(img, make_sprites.EMPTY, 10, 10) == 0
    assert _tile_pixel(img, make_sprites.HIGHLIGHT, 10, 10) == 0
    assert _tile_pixel(img, make_sprites.HIGHLIGHT, 10, 1) == make_sprites.YELLOW


def test_blinka_ondiskbitmap_reads_it():
    import displayio

    odb = displayio.OnDiskBitmap(BMP)
    assert (odb.width, odb.height) == (320, 112)
    assert len(odb.pixel_shader) == 16
    assert odb.pixel_shader[3] == 0xD40000
    odb.pixel_shader.make_transparent(0)
    img = Image.open(BMP)
    for x, y in ((0, 0), (5, 5), (19, 27), (45, 20), (100, 90), (299, 111), (319, 0)):
        assert odb._get_pixel(x, y) == img.getpixel((x, y))
    grid = displayio.TileGrid(odb, pixel_shader=odb.pixel_shader, width=7, height=1,
                              tile_width=20, tile_height=28, default_tile=53)
    grid[0] = 51
    assert grid[0] == 51


@pytest.fixture
def fresh_ui(monkeypatch):
    from cucumber import lang, ui

    monkeypatch.setattr(ui, "ROOT", ROOT + os.sep)
    monkeypatch.setattr(ui, "_sheet", None)
    monkeypatch.setattr(ui, "_dim", None)
    monkeypatch.setattr(lang, "_cards", None)
    monkeypatch.setattr(lang, "chosen", lang.ENGLISH)
    yield ui, lang
    lang._cards = None


def _court_row(odb):
    """The jack..ace of spades' rank corners read back from an OnDiskBitmap."""
    return tuple(odb._get_pixel((t % 16) * 20 + x, (t // 16) * 28 + y)
                 for t in (36, 40, 44, 48) for y in range(2, 9) for x in range(2, 9))


def test_ui_opens_the_chosen_languages_sheet_and_names_its_cards(fresh_ui):
    import displayio

    ui, lang = fresh_ui
    en = ui.sheet()
    assert ui.sheet() is en and ui.dim_palette() is ui.dim_palette()
    assert ui.card_name(36) == "JS" and ui.card_name(32, True) == "10\u2660"
    dim_en = ui.dim_palette()
    lang.choose(lang.CODES.index("sv"))
    sv = ui.sheet()
    assert sv is not en and ui.dim_palette() is not dim_en
    assert ui.dim_palette()[3] == (0xD40000 >> 1) & 0x7F7F7F
    assert _court_row(sv) != _court_row(en)
    assert _court_row(sv) == _court_row(
        displayio.OnDiskBitmap(_path("cards-kndke.bmp")))
    assert [ui.card_name(c) for c in (32, 36, 41, 46, 51)] == ["10S", "KnS", "DH", "KD", "EC"]
    lang.choose(lang.CODES.index("es"))  # another language, the same file: opened again
    assert ui.sheet() is not sv and _court_row(ui.sheet()) == _court_row(en)
    assert ui.card_name(51, True) == "A\u2663"


def test_ui_falls_back_to_cards_bmp_when_the_sheet_is_missing(fresh_ui, monkeypatch):
    import displayio

    ui, lang = fresh_ui
    monkeypatch.setattr(lang, "sprites", lambda: "cards-none.bmp")
    odb = ui.sheet()
    assert (odb.width, odb.height) == (320, 112)
    assert _court_row(odb) == _court_row(displayio.OnDiskBitmap(BMP))
