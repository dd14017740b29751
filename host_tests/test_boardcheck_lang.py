"""The board check's words in every language (lib/cucumber/text/*/boardcheck.txt).

Each text within the room the English file's header gives it, with its %s filled by the
longest value it can take; then every page of the check as the real screen builds it
(cucumber.boardcheck.BoardCheck): on the simulator's HostHardware, opened from Settings
through the test harness's Driver (the backlight and measuring steps only: the PC has no
key table, lights or speaker), and on the real cucumber.board.Hardware built on fake
CircuitPython modules, a PyBadge (eight keys) and a PyGamer (four keys and the stick), so
that every kind of step is shown, and the report with every row filled. No text cut by
its cells or by the wrapping of a step's words, and every character shown in the page's
font and in the glyph file it is drawn from."""

import os
import struct
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import displayio  # noqa: E402
import pytest  # noqa: E402

import layout  # noqa: E402
import screenshots  # noqa: E402
from cucumber import boardcheck as bcm, boardrec as rb, lang, ui  # noqa: E402
from cucumber.store import BOARD  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODES = lang.CODES
COLS = bcm.COLS
LARGE = 17  # title and done: the large font's cells across the screen
LABEL = 16  # a report row's label
VALUE = 13  # a report row's value
FONT_FILES = {(9, 15): "large", (6, 10): "medium"}

STEPS = ("intro press_a press_b press_start press_select press_left press_right press_up "
         "press_down push_left push_right push_up push_down lights_red lights_green "
         "lights_blue sound backlight_first backlight_next measuring").split()
LEGENDS = "intro_legend key_legend yes_legend step_legend rep_legend rep_console".split()
PLAIN_STATUS = ("no_push keys_same keys_saved stick_same stick_saved lights_same "
                "lights_saved lights_unseen").split()
LABELS = ("rep_keys rep_stick rep_lights rep_sound rep_backlight rep_heap rep_table "
          "rep_restart rep_ai").split()
# the longest figures a report shows: the heap in KB, the times in ms
KB_SHOWN = 999
MS_SHOWN = 99999


_glyphs = {}


def glyphs(name):
    """The characters of fonts/<name>.glyphs."""
    if name not in _glyphs:
        with open(os.path.join(ROOT, "fonts", name + ".glyphs"), "rb") as f:
            data = f.read()
        n = struct.unpack_from("<H", data, 6)[0]
        _glyphs[name] = set(chr(c) for c in struct.unpack_from("<%dH" % n, data, 8))
    return _glyphs[name]


@pytest.fixture
def language():
    yield lambda code: lang.choose(CODES.index(code))
    lang.choose(lang.ENGLISH)


def words():
    """{key: text} of the chosen language's boardcheck section."""
    names = [k for k, _ in lang._read("en", "boardcheck", False)]
    texts = lang.section("boardcheck")
    assert len(names) == len(texts)
    return dict(zip(names, texts))


def key_names(w):
    """Every name a status line can give a key: the d-pad's in words, the others as
    printed on the board."""
    return [w[k] for k in ("left", "right", "up", "down")] + ["A", "B", "START", "SELECT"]


def row_values(w):
    """{label key: [every value its row can show]}."""
    said = [w["as_expected"], w["saved"], w["missing"] % 8, w["skipped"]]
    kb = "%d %s" % (KB_SHOWN, w["kb"])
    ms = "%d %s" % (MS_SHOWN, w["ms"])
    return {
        "rep_keys": said,
        "rep_stick": said,
        "rep_lights": [w["as_expected"], w["saved"], w["not_seen"], w["skipped"]],
        "rep_sound": [w["heard"], w["not_heard"], w["skipped"]],
        "rep_backlight": [w["levels"] % 4, w["skipped"]],
        "rep_heap": [kb, "-"],
        "rep_table": [kb, "-"],
        "rep_restart": [ms, "-"],
        "rep_ai": [ms, "-"],
    }


# ----- the texts' limits ----------------------------------------------------------------

@pytest.mark.parametrize("code", CODES)
def test_every_text_fits_its_room(code, language):
    language(code)
    w = words()
    medium = glyphs("medium")
    large = glyphs("large")
    bad = []

    def fits(what, text, room):
        if len(text) > room:
            bad.append("%s: %r has %d characters, room for %d" % (what, text, len(text), room))

    for k in ("title", "done"):
        fits(k, w[k], LARGE)
        assert set(w[k]) <= large, (code, k, set(w[k]) - large)
    for k in STEPS:
        text = w[k] % 4 if k == "backlight_next" else w[k]
        rows = ui.wrap(text, COLS)
        if len(rows) > bcm.BODY:
            bad.append("%s: %r takes %d lines, room for %d" % (k, text, len(rows), bcm.BODY))
    for k in LEGENDS + PLAIN_STATUS:
        fits(k, w[k], COLS)
    fits("seconds", w["seconds"] % 5, COLS)
    fits("pushed", w["pushed"] % 100, COLS)
    for name in key_names(w):
        fits("came", w["came"] % (7, name), COLS)
        fits("taken", w["taken"] % (7, name), COLS)
        fits("never", w["never"] % name, COLS)
    values = row_values(w)
    for k in LABELS:
        fits(k, w[k], LABEL)
        for v in values[k]:
            fits("value of %s" % k, v, VALUE)
            fits("%s and its value" % k, w[k] + " " + v, COLS)
    for k, t in w.items():
        assert set(t) <= medium, (code, k, set(t) - medium)
    assert not bad, "%s:\n%s" % (code, "\n".join(bad))


# ----- the pages as the screen builds them ----------------------------------------------

def texts_of(group):
    """Every ui.Text in ``group`` and the groups inside it."""
    for item in group:
        if isinstance(item, ui.Text):
            yield item
        elif isinstance(item, displayio.Group):
            yield from texts_of(item)


def check_page(bc, where):
    """Every line of the page within its cells and drawable by its font; none off the
    screen or over another."""
    n = 0
    for t in texts_of(bc.group):
        s = t.text
        assert len(s) <= t.cells, (where, s, "cut: %d cells" % t.cells)
        f = t.font
        assert f is not None and f.sheet is not None, (where, s)
        have = glyphs(FONT_FILES[(f.w, f.h)])
        for c in s:
            if c != " ":
                assert c in f.chars, (where, s, c, "not in the page's font")
                assert c in have, (where, s, c, "not in the glyph file")
        n += 1
    assert n >= bcm.BODY + 3, where
    problems = layout.problems(bc.group)
    assert not problems, (where, problems)


def noting(bc):
    """Note every step text the page shows (``_body``), to compare with its lines."""
    shown = []
    body = bc._body

    def note(text, status=""):
        shown.append(text)
        body(text, status)

    bc._body = note
    return shown


def check_body(bc, shown, where):
    """The step's words all on the page: wrapped into at most BODY lines, each shown."""
    rows = ui.wrap(shown[-1], COLS)
    assert len(rows) <= bcm.BODY, (where, rows)
    assert [bc.lines[i].text for i in range(bcm.BODY)] == rows + [""] * (bcm.BODY - len(rows))


def walk(bc, where):
    """The first page, every step in turn, back to the first page, and each status line
    with its longest values. Returns the kinds of step seen."""
    shown = noting(bc)
    w = words()
    bc._show_intro()
    check_body(bc, shown, where + " intro")
    check_page(bc, where + " intro")
    kinds = set()
    for i in range(len(bc.steps) // 2):
        bc._go(i)
        kinds.add(bc.steps[2 * i])
        here = "%s step %d (kind %d)" % (where, i, bc.steps[2 * i])
        check_body(bc, shown, here)
        check_page(bc, here)
        assert len(bc.lines[bcm.BODY].text) <= COLS
    statuses = [w[k] for k in PLAIN_STATUS] + [w["seconds"] % 5, w["pushed"] % 100]
    for name in key_names(w):
        statuses += [w["came"] % (7, name), w["taken"] % (7, name), w["never"] % name]
    for s in statuses:
        bc.status(s)
        assert bc.lines[bcm.BODY].text == s, (where, s, "cut")
        check_page(bc, where + " status")
    bc._go(-1)
    check_page(bc, where + " back to the first page")
    return kinds


def records():
    """BOARD records whose report rows show every kind of value: as expected, saved,
    missing, skipped; heard, not heard; lights not seen; figures measured or not."""
    out = []
    for variant in range(4):
        rec = rb.new()
        for k in range(8):
            rec[rb.ANSWERS + k] = (k, k, rb.NEVER, rb.SKIPPED)[variant]
        for d in range(4):
            rec[rb.PUSHES + 2 * d] = (d, d, rb.NEVER, rb.SKIPPED)[variant]
            rec[rb.PUSHES + 2 * d + 1] = 100
        rec[rb.LIGHTS] = (0x24, 0x24, rb.NEVER, rb.SKIPPED)[variant]
        rec[rb.SOUND] = (1, 0, rb.SKIPPED, 1)[variant]
        for i in range(4):
            rec[rb.BRIGHT + i] = (1, i & 1, rb.SKIPPED, 1)[variant]
        if variant == 1:
            rec[1] |= rb.KEYS | rb.STICK | rb.ORDER
        if variant < 3:
            rb.set_figure(rec, rb.HEAP_START, KB_SHOWN * 1024 + 1023)
            rb.set_figure(rec, rb.HEAP_TABLE, 150 * 1024)
            rb.set_figure(rec, rb.RESTART_MS, MS_SHOWN)
            rb.set_figure(rec, rb.AI7_MS, 4321)
        out.append(rec)
    return out


def check_reports(app, where):
    """The report of each record: every row's label whole, its value at the right."""
    w = words()
    stick = bcm._stick(app.hw) is not None
    labels = [w[k] for k in LABELS if stick or k != "rep_stick"]
    for n, rec in enumerate(records()):
        app.store.put(BOARD, rec)
        bc = bcm.BoardCheck(app, report=True)
        here = "%s report %d" % (where, n)
        check_page(bc, here)
        assert bc.group[1].text == w["done"]
        for i, label in enumerate(labels):
            line = bc.lines[i].text
            assert len(line) == COLS and line.startswith(label + " "), (here, label, line)
        assert bc.legend.text == w["rep_legend"] and bc.legend2.text == w["rep_console"]


class FakeDisplay:
    brightness = 1.0


def fake_hardware(monkeypatch, pygamer):
    """The real cucumber.board.Hardware of a PyBadge or PyGamer, on the fake modules of
    test_boardcheck's Board."""
    from test_boardcheck import Board
    Board(monkeypatch, FakeDisplay(), pygamer=pygamer)
    from cucumber.board import open_hardware
    hw = open_hardware()
    assert hw.name == ("PyGamer" if pygamer else "PyBadge")
    return hw


@pytest.fixture(scope="module")
def driver():
    return screenshots.Driver()


@pytest.mark.parametrize("code", CODES)
def test_every_page_shows_its_words_whole(code, driver, language, monkeypatch):
    d = driver
    screenshots.use_language(d, code)
    try:
        # the simulator: opened from Settings, as a player does
        d.app.command(("settings",))
        d.step()
        d.app.command(("boardcheck",))
        d.step()
        assert d.name() == "boardcheck"
        kinds = walk(d.screen, code + " simulator")
        assert kinds == {bcm._BRIGHT, bcm._MEASURE}
        check_reports(d.app, code + " simulator")
        # the boards: every kind of step, a PyBadge's eight keys, a PyGamer's stick
        seen = set()
        for pygamer in (False, True):
            hw = fake_hardware(monkeypatch, pygamer)
            app = types.SimpleNamespace(hw=hw, store=d.store)
            where = "%s %s" % (code, hw.name)
            bc = bcm.BoardCheck(app)
            asked = [bc.steps[2 * i + 1] for i in range(len(bc.steps) // 2)
                     if bc.steps[2 * i] == bcm._KEY]
            assert len(asked) == (4 if pygamer else 8), where
            seen |= walk(bc, where)
            check_reports(app, where)
        assert seen == {bcm._KEY, bcm._PUSH_STEP, bcm._LIGHT, bcm._TUNE, bcm._BRIGHT,
                        bcm._MEASURE}
    finally:
        d.store.clear(BOARD)
        d.app.command(("title",))
        d.step()


def test_the_d_pad_names_are_the_languages_own(language):
    """left, right, up and down are words of each language (A, B, START and SELECT are
    printed on the board); the English ones are not left over."""
    english = key_names(words())[:4]
    for code in CODES[1:]:
        language(code)
        names = key_names(words())[:4]
        assert len(set(names)) == 4, (code, names)
        assert not set(names) & set(english), (code, names)
