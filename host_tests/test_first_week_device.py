"""Issue 29, a newcomer's first week with the handheld, checked the way the player sees it:

- the simulator's Inside the chip page says its sensor values are made up (its heading),
  and the board's page keeps its own heading;
- the page shows the last AI move measured, also after the board's restart for the title
  (the match end keeps it in the nvm), and the match-end write counts in Flash writes;
- once a human is out of the match, the out page says who plays on and which key leads
  on, and the table says it where that seat's hand was, in every language; the match
  goes on to its end (A on the pages), or START's menu leaves it: no dead end.

Everything is read from what is drawn (the displayio tree as shown), driven through the
keys on a fake clock."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

import simulator as sim  # noqa: E402
from screenshots import Driver, use_language  # noqa: E402
from test_first_evening_device import shown_texts  # noqa: E402
from cucumber import chip, kept, keys, lang, summary, ui  # noqa: E402
from cucumber.settings import HUMAN, EASY, MEDIUM, HARD  # noqa: E402
from cucumber.store import Store  # noqa: E402

BACK = ("settings",)
STATS = {"decision_ns": 271300000, "decision_deals": 1800, "flash_writes": 42,
         "started_ms": 1000}
ONE_HUMAN = dict(profile=0, players=4, kinds=(HUMAN, EASY, MEDIUM, HARD), end=0, reentry=0)
TWO_HUMANS = dict(profile=0, players=4, kinds=(HUMAN, HUMAN, EASY, EASY), end=0, reentry=0)


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.choose(0)


def blank_nvm():
    return bytearray(b"\xff" * 8192)


def words(section):
    """The chosen language's section as {key: text} (the file's keys, English's order)."""
    keys_ = [k for k, _ in lang._read("en", section, texts=False)]
    return dict(zip(keys_, lang.section(section)))


def page_rows(page):
    """The chip page's rows as {label: value} as drawn."""
    w = page.words
    out = {}
    for i, t in enumerate(page.lines):
        label = chip.label(w, i)
        assert t.text.startswith(label + " ")
        out[label] = t.text[len(label):].strip()
    return out


# ----- the simulator's values are marked as simulated -------------------------------------


class BoardHw:
    """A board's hardware as the page sees it: no chip_fakes (its sensors are read)."""

    def ticks_ms(self):
        return 5000


@pytest.mark.parametrize("code", lang.CODES)
def test_the_simulators_chip_page_says_its_values_are_made_up(code):
    lang.choose(lang.CODES.index(code))
    w = words("chip")
    assert w["sim_title"] != w["title"] and len(w["sim_title"]) <= 17
    shown = shown_texts(chip.ChipPage(sim.HostHardware(clock=1000), STATS, BACK).group)
    assert w["sim_title"] in shown and w["title"] not in shown
    # on the board nothing changes: the page's own heading
    shown = shown_texts(chip.ChipPage(BoardHw(), STATS, BACK).group)
    assert w["title"] in shown and w["sim_title"] not in shown


def test_the_simulator_app_opens_the_simulated_chip_page():
    d = Driver(nvm=blank_nvm(), seed=2)
    d.step(2)
    d.app.command(("chip",))
    assert d.name() == "chip"
    shown = shown_texts(d.app.screen.group)
    assert "Simulated chip" in shown and "Inside the chip" not in shown


# ----- the last AI move, kept over the board's restart --------------------------------------


def figure(ns):
    """The page's "271.3 ms" for a decision of ``ns`` as kept (whole microseconds)."""
    t = (ns // 1000 * 1000 + 50000) // 100000
    return "%d.%d ms" % (t // 10, t % 10)


def play_to_the_end(nvm, seed, kinds):
    d = Driver(nvm=nvm, seed=seed)
    d.start(profile=0, players=4, kinds=kinds, end=0, reentry=0, threshold=11)
    assert d.auto(lambda dr: dr.name() == "end", max_steps=200000)
    return d


def chip_after_restart(nvm):
    """The title in a fresh heap (what the board restarts into after a match), then the
    Inside the chip page: its rows as drawn."""
    d = Driver(nvm=nvm, seed=99)
    assert d.app.decision_ns is None  # nothing measured in this heap yet
    d.step(2)
    d.app.command(("chip",))
    assert d.name() == "chip"
    return page_rows(d.app.screen), d


def test_the_last_ai_move_is_shown_after_the_boards_restart():
    nvm = blank_nvm()
    d = play_to_the_end(nvm, 3, (HUMAN, HARD, HARD, HARD))
    ns, deals = d.app.decision_ns, d.app.decision_deals
    assert ns and deals
    rows, d2 = chip_after_restart(nvm)
    assert rows["Last AI move"] == figure(ns)
    assert rows["Deals/s"] == "%d" % (deals * 10**9 // (ns // 1000 * 1000))
    # the kept record's write is one of the flash's writes
    assert rows["Flash writes"] == "%d" % (Store(nvm).lifetime_writes() + 1)

    # a match in which no AI searched (easy AIs only) keeps the older figure
    before = bytes(nvm[-kept.SIZE:])
    d3 = play_to_the_end(nvm, 4, (HUMAN, EASY, EASY, EASY))
    assert d3.app.decision_ns is None
    assert bytes(nvm[-kept.SIZE:]) == before
    rows, _ = chip_after_restart(nvm)
    assert rows["Last AI move"] == figure(ns)

    # the next measured one replaces it, and its write counts too
    d4 = play_to_the_end(nvm, 5, (HUMAN, HARD, MEDIUM, HARD))
    rows, _ = chip_after_restart(nvm)
    assert rows["Last AI move"] == figure(d4.app.decision_ns)
    assert rows["Flash writes"] == "%d" % (Store(nvm).lifetime_writes() + 2)


def test_nothing_is_kept_without_a_decision_in_the_demo_or_without_a_flash():
    class App:
        decision_ns = 271300000
        decision_deals = 1800
        demo = None

    for demo, ns, persistent in ((object(), 271300000, True), (None, None, True),
                                 (None, 271300000, False)):
        nvm = blank_nvm()
        app = App()
        app.demo = demo
        app.decision_ns = ns
        app.store = Store(nvm if persistent else None)
        kept.keep(app)
        assert bytes(nvm) == bytes(blank_nvm())
    app = App()
    app.store = Store(blank_nvm())
    kept.keep(app)

    class Hw:
        nvm = app.store.nvm

    assert chip.KEPT == kept.SIZE  # the page reads what the match end writes
    assert chip.kept(Hw) == (271300000, 1800, 1)
    kept.keep(app)  # the same figure again: not written again
    assert chip.kept(Hw) == (271300000, 1800, 1)
    Hw.nvm[-3] ^= 1  # a torn write: no figure rather than a wrong one
    assert chip.kept(Hw) is None


# ----- a human out of the match --------------------------------------------------------------


def human_out(seat):
    def stop(dr):
        return dr.name() == "out" and dr.app.pages[0][1] == seat
    return stop


def on_table(dr):
    t = dr.app.table
    return dr.name() == "table" and t is not None and not t.reviewing


def note_under_the_seats(dr):
    return dr.app.table.hidden_text.text.strip()


@pytest.mark.parametrize("code", lang.CODES)
def test_once_the_only_human_is_out_the_screen_says_the_ais_play_on(code):
    d = Driver(seed=3)
    if code != "en":
        use_language(d, code)
    d.start(**ONE_HUMAN)
    told = []

    def before_its_page(dr):  # the last trick that put P1 out: not said before its page
        if on_table(dr) and not dr.app.match.active(0):
            told.append(note_under_the_seats(dr))
        return human_out(0)(dr)

    assert d.auto(before_its_page, max_steps=200000)
    assert told and told == [""] * len(told)
    w = words("event")
    shown = shown_texts(d.app.screen.group)
    assert w["out"] % "P1" in shown
    for key in ("ais", "menu"):  # wrapped at 26 characters, every line drawn
        assert all(line in shown for line in ui.wrap(w[key], 26)), (key, shown)
    assert w["others"] not in " ".join(shown)
    for layer in d.app.screen.group:
        if isinstance(layer, ui.Text) and layer.text != w["continue"]:
            assert layer.y + 10 <= ui.H - 13  # above the key line
    d.press(keys.A)
    assert d.auto(on_table, max_steps=100)
    note = w["note_you"]
    assert len(note) <= 26 and note.isascii()
    assert note_under_the_seats(d) == note
    # it stays there while the AIs play on, trick after trick, round after round (not
    # over a round's last trick, whose page comes next)
    seen = 0
    for _ in range(400):
        if on_table(d) and not d.app.table.frozen:
            assert note_under_the_seats(d) == note
            seen += 1
        if d.name() != "table":
            break
        d.step()
    assert seen > 20


def test_the_match_goes_on_to_its_end_or_starts_menu_leaves_it():
    d = Driver(seed=3)
    d.start(**ONE_HUMAN)
    assert d.auto(human_out(0), max_steps=200000)
    d.press(keys.A)
    assert d.auto(on_table, max_steps=100)
    # START, even while an AI's card is shown: the pause menu, whose Quit is the way out
    assert d.auto(lambda dr: on_table(dr) and dr.app.wait is not None, max_steps=100)
    d.press(keys.START)
    assert d.name() == "pause"
    assert "Quit to title" in shown_texts(d.app.screen.group)
    d.press(keys.B)
    assert d.name() == "table" and note_under_the_seats(d) == "you are out - START: menu"
    # or A on the pages only: the match ends
    assert d.auto(lambda dr: dr.name() == "end", max_steps=100000)
    d2 = Driver(seed=3)
    d2.start(**ONE_HUMAN)
    assert d2.auto(human_out(0), max_steps=200000)
    d2.press(keys.A)
    assert d2.auto(on_table, max_steps=100)
    d2.press(keys.START)
    d2.press(keys.DOWN, keys.DOWN, keys.A)  # Quit to title
    d2.step(2)
    assert d2.name() == "title"


def test_with_two_humans_the_out_seat_is_named_and_the_last_one_hears_the_ais_play_on():
    """Seed 2: P1 goes out first (P2 still plays), then P2 (the AIs finish the match)."""
    d = Driver(seed=2)
    d.start(**TWO_HUMANS)
    assert d.auto(human_out(0), max_steps=200000)
    w = words("event")
    shown = " ".join(shown_texts(d.app.screen.group))
    assert w["others"] in shown and w["ais"] not in shown
    notes = set()

    def watch(dr):
        if on_table(dr):
            h = dr.app.holder
            note = note_under_the_seats(dr)
            out = h is not None and not dr.app.match.active(h)
            if out and not dr.app.table.frozen:
                assert note == w["note_seat"] % ui.seat_name(h)
                notes.add(note)
            elif out:  # a round's last trick (the one that put it out: before its page)
                assert note == ""
            else:
                assert note in ("", "(hands hidden)")
        return human_out(1)(dr)

    d.press(keys.A)
    assert d.auto(watch, max_steps=200000)
    assert not notes  # P2 held the device: nothing to say under its hand yet
    shown = shown_texts(d.app.screen.group)
    assert w["out"] % "P2" in shown
    assert all(line in shown for line in ui.wrap(w["ais"], 26) + ui.wrap(w["menu"], 26))
    d.press(keys.A)
    assert d.auto(on_table, max_steps=100)
    assert note_under_the_seats(d) == "P2 is out - START: menu" == w["note_seat"] % "P2"
    assert d.auto(lambda dr: dr.name() == "end", max_steps=100000)


def test_a_human_out_while_holding_the_device_is_named_under_the_seats():
    """Seed 5: P2 goes out holding the device while P1 still plays: the table names P2
    where its hand was, until P1's cover takes the device."""
    d = Driver(seed=5)
    d.start(**TWO_HUMANS)
    assert d.auto(human_out(1), max_steps=200000)
    w = words("event")
    assert w["others"] in " ".join(shown_texts(d.app.screen.group))
    d.press(keys.A)
    assert d.auto(lambda dr: dr.name() in ("table", "cover"), max_steps=100)
    assert d.name() == "table" and d.app.holder == 1
    assert note_under_the_seats(d) == "P2 is out - START: menu"
    assert d.auto(lambda dr: dr.name() == "cover", max_steps=5000)
    d.press(keys.A)
    assert d.app.holder == 0 and note_under_the_seats(d) == ""


KEPT_GUEST = r"""
import gc
from cucumber.store import Store
from cucumber import kept, chip

class App:
    pass

class Hw:
    pass

nvm = bytearray(b"\xff" * 1024)
app = App()
app.decision_ns = 271300000
app.decision_deals = 1800
app.demo = None
app.store = Store(nvm)
kept.keep(app)
hw = Hw()
hw.nvm = nvm
print("KEPT", chip.kept(hw))
kept.keep(app)
print("AGAIN", chip.kept(hw))
app.decision_ns = 4000000000
kept.keep(app)
print("NEXT", chip.kept(hw))
"""


def test_the_kept_decision_under_the_boards_interpreter():
    """micropython32 (the board's ints and bytes): the record written at a match's end
    reads back the same, is not written again unchanged, and counts its writes."""
    import boardrig
    r = boardrig.run(KEPT_GUEST, tree=boardrig.make_tree(), heap=boardrig.HEAP_BUDGET,
                     interpreter=boardrig.unix32())
    assert r.ok, r.explain()
    out = dict(ln.split(" ", 1) for ln in r.stdout.splitlines() if " (" in ln)
    assert out == {"KEPT": "(271300000, 1800, 1)", "AGAIN": "(271300000, 1800, 1)",
                   "NEXT": "(4000000000, 1800, 2)"}


@pytest.mark.parametrize("code", lang.CODES)
def test_the_human_out_pages_fit_in_every_language(code):
    """The out page at its widest (seat P7, a three-digit score) for a human, with the
    others playing on and with no human left: no line cut off, off the screen or over
    another, every character drawable (test_pages_lang's check); the table's note in
    terminalio's ASCII within its 26 cells."""
    from types import SimpleNamespace
    from test_pages_lang import check
    sim.use_repo_assets()
    lang.choose(lang.CODES.index(code))
    w = words("event")
    for humans, left in ((1, False), (2, True), (2, False)):
        active = [True] * 6 + [False]
        if not left:
            active[0] = False
        app = SimpleNamespace(kinds=bytes([HUMAN] + [HARD] * 5 + [HUMAN]), humans=humans,
                              match=SimpleNamespace(n=7, active=active.__getitem__))
        lines = " ".join(check(summary.eliminated(6, 264, app), (code, humans, left)))
        assert (w["others"] in lines) == left
        note = app.out_note
        assert note.isascii() and len(note) <= 26 and note.strip() == (
            w["note_you"] if humans == 1 else w["note_seat"] % "P7")
