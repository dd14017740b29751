"""Every heading as the player sees it, in every language: the title's name and the
headings of the pages, the messages, Inside the chip and the board check (``ui.heading``:
the large bold font), and the header lines of the set-up and the settings (the medium font).

Each screen is built with the game's own code, each heading drawn on the display alone,
and every cell of it compared pixel for pixel with the glyph of the character meant,
read from the glyph file (a character the font lacks would be drawn blank: it fails).
An accented capital must show its whole capital with the accent added: the large font's
Ó was once an O two rows short, as small as ó, and the Polish title read "OGóREK"."""

import os
import unicodedata
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import displayio  # noqa: E402
import pytest  # noqa: E402

import make_glyphs  # noqa: E402
import simulator as sim  # noqa: E402
from cucumber import boardcheck, chip, lang, lobby, menus, summary, ui  # noqa: E402
from cucumber.seats import HUMAN, EASY, MEDIUM, HARD, BOT  # noqa: E402
from cucumber.settings import Prefs, Setup, Stats  # noqa: E402
from cucumber.store import Store  # noqa: E402
from engine.match import DECLINE, PAY, SIT_OUT, NOBODY  # noqa: E402

CODES = lang.CODES
FONT_FILES = {(9, 15): "large", (6, 10): "medium"}
INK = 0xFFFFFF  # every heading is drawn here in white on black


@pytest.fixture(scope="module")
def disp():
    sim.use_repo_assets()
    d = sim.make_display(headless=True)
    yield d
    displayio.release_displays()  # Blinka allows one display at a time


@pytest.fixture
def language():
    yield lambda code: lang.choose(CODES.index(code))
    lang.choose(lang.ENGLISH)


_glyphs = {}


def glyphs(name):
    """{code point: W*H pixels 0/1} of fonts/<name>.glyphs, what the board reads."""
    if name not in _glyphs:
        with open(os.path.join(sim.ROOT, "fonts", name + ".glyphs"), "rb") as f:
            w, h, g = make_glyphs.decode(f.read())
        _glyphs[name] = (w, h, g)
    return _glyphs[name]


def stub_match(n=7, winner=0, loser=NOBODY, pot=0):
    return SimpleNamespace(
        n=n, scores=[100 + s for s in range(n)], pot=pot, winner=winner, loser=loser,
        restart=[99] * n, sudden=False,
        rules=SimpleNamespace(stakes=bool(pot), reentry_chips=1, threshold=250),
        legal_actions=lambda: [DECLINE, PAY, SIT_OUT])


class Hw:
    def __init__(self, fakes=None):
        if fakes is not None:
            self.chip_fakes = fakes

    def ticks_ms(self):
        return 1000


def headings(monkeypatch):
    """[(text, draw)] of every heading in the chosen language, ``draw()`` making it
    again as its screen did (a layer has one parent: the screen keeps its own): each
    screen with one built by the game's code, ``ui.heading`` noted as it is called."""
    made = []
    heading = ui.heading

    def note(text, *args, **kw):
        made.append((text, lambda: heading(text, *args, **kw)))
        return heading(text, *args, **kw)

    monkeypatch.setattr(ui, "heading", note)
    menus.Title(True)
    w = lang.section("lobby")
    for title in (w[lobby._NEW_MATCH], w[lobby._CANNOT_CONTINUE]):
        menus.Message(title, "", ("setup",), ("title",), "A", "B")
    for s in range(7):
        summary.Cover(s)
    summary.RoundSummary(stub_match(), [(s, 4 * s + 3) for s in range(7)], [6], 14, 3,
                         [250 + s for s in range(7)])
    summary.life_lost(6, 264, 250, 249, 1)
    summary.eliminated(6, 264)
    summary.cucumber(6, 264)
    summary.sudden([0, 6])
    for how in (PAY, SIT_OUT):
        summary.reentered(6, 249, how)
    summary.Reentry(stub_match(), 6)
    for kind in (HUMAN, EASY, MEDIUM, HARD, BOT):
        summary.MatchEnd(stub_match(loser=6, pot=9), bytes([kind] * 7))
    stats = {"decision_ns": 1, "decision_deals": 1, "flash_writes": 1, "started_ms": 1}
    for hw in (Hw(), Hw({})):  # the board's page, and the simulator's made-up one
        chip.ChipPage(hw, stats, ("settings",))
    # the board check's first page (its title) and its report (done)
    board = SimpleNamespace(hw=SimpleNamespace(level=2, muted=False, display=None,
                                               ticks_ms=lambda: 1000),
                            store=Store(bytearray(b"\xff" * 8192)))
    for report in (False, True):
        boardcheck.BoardCheck(board, report)
    monkeypatch.undo()
    # the menus' header lines, the first line of each (medium font)
    setup = menus.SetupScreen(Setup(), True)
    prefs = menus.SettingsScreen(Prefs(), Stats())
    for scr, key in ((setup, menus._SET_UP), (prefs, menus._PREFS_TITLE)):
        line = [t for t in scr.group if isinstance(t, ui.Text) and t.y == 0 and t.x == 2][0]
        assert line.text == scr.w[key]
        made.append((line.text, lambda t=line: ui.Text(t.text, x=t.x, y=t.y, font=t.font)))
    return made


def draw_alone(disp, drawn):
    """The heading ``drawn`` (a Text, or a Group holding one) on black, in white: the
    screen's pixels, its Text, where its first cell is and how large a pixel of it is."""
    line = drawn if isinstance(drawn, ui.Text) else drawn[0]
    line.color(INK)
    root = displayio.Group()
    root.append(ui.background(ui.BLACK))
    parent = drawn is not line
    root.append(drawn)
    disp.root_group = root
    pix = sim.screen_pixels(disp)
    disp.root_group = None
    root.remove(drawn)
    scale = drawn.scale if parent else 1
    x = (drawn.x + line.x * scale) if parent else line.x
    y = (drawn.y + line.y * scale) if parent else line.y
    return pix, line, x, y, scale


def cell_drawn(pix, x, y, scale, w, h):
    """The ink of one cell on the screen, as W*H 0/1 (a cell off the screen: None)."""
    if x < 0 or y < 0 or x + w * scale > sim.W or y + h * scale > sim.H:
        return None
    out = bytearray(w * h)
    for yy in range(h):
        for xx in range(w):
            px = pix[x + xx * scale, y + yy * scale]
            out[yy * w + xx] = 1 if min(int(v) for v in px) > 200 else 0
    return bytes(out)


def holds(big, small):
    """Every ink pixel of ``small`` is ink in ``big``, and ``big`` has more."""
    return (all(b or not s for b, s in zip(big, small))
            and sum(big) > sum(small))


def accented_capital(c):
    """(the plain capital, True) for a capital with a mark (Ó: O); None otherwise."""
    parts = unicodedata.normalize("NFD", c)
    if not c.isupper() or len(parts) < 2 or not ("A" <= parts[0] <= "Z"):
        return None
    return parts[0]


@pytest.mark.parametrize("code", CODES)
def test_every_heading_is_drawn_glyph_for_glyph(code, disp, language, monkeypatch):
    language(code)
    made = headings(monkeypatch)
    texts = [t for t, _ in made]
    assert lang.section("title")[menus._HEADING] in texts  # the title's name among them
    bc = lang.section("boardcheck")
    assert bc[boardcheck._TITLE] in texts and bc[boardcheck._DONE] in texts
    assert len(made) >= 25
    checked = 0
    for text, draw in made:
        pix, line, x, y, scale = draw_alone(disp, draw())
        assert line.text == text
        f = line.font
        assert f is not None and f.sheet is not None, (code, text)
        name = FONT_FILES[(f.w, f.h)]
        w, h, font = glyphs(name)
        for i, c in enumerate(text):
            got = cell_drawn(pix, x + i * w * scale, y, scale, w, h)
            assert got is not None, (code, text, "off the screen at", i)
            if c == " ":
                assert not any(got), (code, text, i)
                continue
            assert ord(c) in font, (code, text, c, "not in the %s font" % name)
            assert any(got) and got == font[ord(c)], (code, text, i, c)
            plain = accented_capital(c)
            if plain is not None:
                # its whole capital drawn, the accent added: not a short one as the
                # lower case letter is
                assert holds(got, font[ord(plain)]), (code, text, c, "a short capital")
                assert got != font[ord(c.lower())], (code, text, c)
            checked += 1
    assert checked > 100


def test_the_polish_title_shows_a_capital_o_acute(disp, language, monkeypatch):
    """OGÓREK: the Ó on the screen is the O beside it with an acute over it, as tall
    as the other capitals, and not the lower case ó."""
    language("pl")
    made = headings(monkeypatch)
    text, draw = [m for m in made if m[0] == "OGÓREK"][0]
    w, h, font = glyphs("large")
    pix, line, x, y, scale = draw_alone(disp, draw())
    assert (line.font.w, line.font.h) == (w, h) and scale == 1
    cells = [cell_drawn(pix, x + i * w, y, 1, w, h) for i in range(len(text))]
    o, o_acute = cells[0], cells[2]
    assert holds(o_acute, o) and o_acute != font[ord("ó")]

    def top(cell):
        return min(i // w for i in range(len(cell)) if cell[i] and i // w >= 2)

    tops = [top(c) for c in cells]  # the letters' tops, below the accent's two rows
    assert tops == [tops[0]] * len(text), tops
    accent = [i % w for i in range(2 * w) if o_acute[i]]
    assert accent and not any(o[:2 * w])  # the acute above the O's top row, O has none
