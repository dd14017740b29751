"""The bitmap fonts: the PCFs hold the game's characters, the glyph files the board reads
are what tools/drive/make_glyphs.py makes from them, and ui.Font draws every glyph of them
exactly as the PCF does (or falls back to terminalio, never crashing, on a bad file)."""

import os

import make_glyphs
import pytest
from adafruit_bitmap_font import bitmap_font

from cucumber import ui

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "fonts")
TEXT = "Cucumber Agurk Gurka Ogórek 0123456789 ÅÄÖØÆåäöøæ?!:%+-/()"
SUITS = "♠♥♦♣"
NAMES = ["small", "medium", "large"]

CASES = [
    ("small.pcf", (5, 7, 0, -1), True),
    ("medium.pcf", (6, 10, 0, -2), True),
    ("large.pcf", (9, 15, 0, -3), False),
]


@pytest.mark.parametrize("name,box,suits", CASES)
def test_font_loads_with_the_glyphs_the_game_needs(name, box, suits):
    font = bitmap_font.load_font(os.path.join(FONTS, name))
    assert font.get_bounding_box() == box
    want = TEXT + (SUITS if suits else "")
    font.load_glyphs(want)
    missing = [c for c in want if font.get_glyph(ord(c)) is None]
    assert missing == []
    g = font.get_glyph(ord("W"))
    assert 0 < g.width <= box[0] and 0 < g.height <= box[1]


def test_label_renders_with_a_font():
    from adafruit_display_text import bitmap_label

    font = bitmap_font.load_font(os.path.join(FONTS, "small.pcf"))
    lab = bitmap_label.Label(font, text="Q♥ 10♠", color=0xFFFFFF)
    x, y, w, h = lab.bounding_box
    assert w > 20 and 5 <= h <= 8


def test_licence_and_readme_present():
    with open(os.path.join(FONTS, "LICENSE.txt"), encoding="utf-8") as f:
        assert "Public domain" in f.read()
    assert os.path.exists(os.path.join(FONTS, "README.md"))


# ----- the glyph files (fonts/*.glyphs, what the board reads) ------------------------


def committed(name):
    with open(os.path.join(FONTS, name + ".glyphs"), "rb") as f:
        return f.read()


def test_tool_reproduces_the_committed_glyph_files(tmp_path, capsys):
    assert make_glyphs.pcf_names() == sorted(NAMES)
    assert make_glyphs.main(["--out", str(tmp_path)]) == 0
    for name in NAMES:
        with open(tmp_path / (name + ".glyphs"), "rb") as f:
            assert f.read() == committed(name), \
                "run python tools/drive/make_glyphs.py and commit fonts/*.glyphs"


@pytest.mark.parametrize("name,box,suits", CASES)
def test_glyph_file_holds_every_glyph_of_the_pcf(name, box, suits):
    """The header, sorted code points, every code point the PCF has (the letters of the
    languages to come too, not only today's texts), and a size a byte exact."""
    data = committed(name[:-4])
    assert data[:4] == b"CGF1"
    w, h, glyphs = make_glyphs.decode(data)
    assert (w, h) == (box[0], box[1])
    pcf = bitmap_font.load_font(os.path.join(FONTS, name))
    pcf.load_glyphs(range(0x10000))
    assert sorted(glyphs) == [c for c in range(0x10000) if pcf.get_glyph(c) is not None]
    want = TEXT + (SUITS if suits else "") + "ĄąĆćĘęŁłŃńŚśŹźŻż–—‘’“”…←↑→↓"
    assert [c for c in want if ord(c) not in glyphs] == []
    stride = (w * h + 7) // 8
    assert len(data) == 8 + len(glyphs) * (2 + stride)


def pcf_cell(pcf, cp, w, h):
    """The W x H cell of code point ``cp`` drawn straight from the PCF's metrics: the
    glyph's bitmap at x = dx, y = ascent - height - dy (what the screens showed when the
    board loaded the PCF itself); a set of the (x, y) that are ink."""
    g = pcf.get_glyph(cp)
    ink = set()
    for yy in range(g.height):
        for xx in range(g.width):
            x, y = g.dx + xx, pcf.ascent - g.height - g.dy + yy
            if g.bitmap[xx, yy] and 0 <= x < w and 0 <= y < h:
                ink.add((x, y))
    return ink


@pytest.mark.parametrize("name", NAMES)
def test_font_sheet_is_the_pcf_pixel_for_pixel(name, monkeypatch):
    """ui.Font over every character of the glyph file, red suits at index 2, a character
    the font lacks blank: each cell of its sheet is the PCF's glyph."""
    monkeypatch.setattr(ui, "ROOT", ROOT + "/")
    pcf = bitmap_font.load_font(os.path.join(FONTS, name + ".pcf"))
    pcf.load_glyphs(range(0x10000))
    cps = [c for c in range(0x10000) if pcf.get_glyph(c) is not None and c > 32]
    red = "♥♦"
    chars = "".join(chr(c) for c in cps) + "\uffff"  # the last: in no font
    f = ui.Font(name, chars, red=red)
    assert f.sheet is not None and f.chars == " " + chars
    w, h = pcf.get_bounding_box()[0], pcf.ascent + pcf.descent
    assert (f.w, f.h) == (w, h) and (f.sheet.width, f.sheet.height) == (w * len(f.chars), h)
    inked = 0
    for i, c in enumerate(f.chars):
        if i == 0 or c == "\uffff":
            ink = set()
        else:
            ink = pcf_cell(pcf, ord(c), w, h)
        v = 2 if c in red else 1
        got = {(x, y) for x in range(w) for y in range(h) if f.sheet[i * w + x, y]}
        assert got == ink, (name, c)
        assert all(f.sheet[i * w + x, y] == v for x, y in got), (name, c)
        inked += bool(ink)
    assert inked > 200
    pcf.file.close()


def test_font_reads_only_the_glyphs_it_needs(monkeypatch):
    """A few seeks and small reads per character; no font library imported."""
    import builtins
    import sys

    monkeypatch.setattr(ui, "ROOT", ROOT + "/")
    w, h, glyphs = make_glyphs.decode(committed("large"))
    stride = (w * h + 7) // 8  # 9x15: 17 bytes a glyph
    steps = len(glyphs).bit_length()  # of the binary search, 2 bytes each
    reads = []
    real_open = builtins.open

    class Spy:
        def __init__(self, f):
            self.f = f

        def read(self, n):
            reads.append(n)
            return self.f.read(n)

        def readinto(self, b):
            reads.append(len(b))
            return self.f.readinto(b)

        def seek(self, *a):
            return self.f.seek(*a)

        def close(self):
            self.f.close()

    def spy_open(path, *a, **k):
        f = real_open(path, *a, **k)
        return Spy(f) if str(path).endswith(".glyphs") else f

    for mod in [m for m in sys.modules if m.startswith("adafruit_bitmap_font")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setattr(builtins, "open", spy_open)
    f = ui.Font("large", "CUCUMBER")
    assert f.sheet is not None and f.chars == " CUMBER"
    assert max(reads) <= stride
    assert sum(reads) <= 8 + 6 * (2 * steps + stride)  # the header, 6 characters
    assert not [m for m in sys.modules if m.startswith("adafruit_bitmap_font")]


def damaged(tmp_path, data):
    (tmp_path / "fonts").mkdir(exist_ok=True)
    (tmp_path / "fonts" / "bad.glyphs").write_bytes(data)


@pytest.mark.parametrize("how", ["empty", "magic", "truncated", "longer", "cell",
                                 "unsorted", "garbage"])
def test_a_damaged_glyph_file_falls_back_to_terminalio(tmp_path, monkeypatch, how):
    good = committed("medium")
    data = {
        "empty": b"",
        "magic": b"XGF1" + good[4:],
        "truncated": good[:-1],
        "longer": good + b"\0",
        "cell": good[:4] + b"\x00" + good[5:],
        "unsorted": good[:8] + good[8:400][::-1] + good[400:],
        "garbage": bytes(range(256)) * 4,
    }[how]
    damaged(tmp_path, data)
    monkeypatch.setattr(ui, "ROOT", str(tmp_path) + "/")
    f = ui.Font("bad", "Hello ♥", red="♥")  # never raises
    if how == "unsorted":  # readable: some characters are not found, drawn blank
        assert f.sheet is not None
    else:
        assert f.sheet is None and (f.w, f.h) == ui.glyph_size()
    t = ui.Text("Hello ♥", font=f)
    assert t.text == "Hello ♥"
    assert (t.font is None) == (f.sheet is None)


def test_a_missing_glyph_file_falls_back_to_terminalio(tmp_path, monkeypatch):
    monkeypatch.setattr(ui, "ROOT", str(tmp_path) + "/")
    f = ui.Font("medium", "abc")
    assert f.sheet is None
    assert ui.Text("abc", font=f).font is None
