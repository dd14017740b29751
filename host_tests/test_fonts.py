"""The bitmap fonts load with adafruit_bitmap_font and hold the game's characters."""

import os

import pytest
from adafruit_bitmap_font import bitmap_font

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "fonts")
TEXT = "Cucumber Agurk Gurka Ogórek 0123456789 ÅÄÖØÆåäöøæ?!:%+-/()"
SUITS = "♠♥♦♣"

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
