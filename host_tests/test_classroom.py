"""The classroom mode on the device (issue 10): the demo table, hints, the serial
console lines, a student's bot seat and the Inside the chip page, through the app's
key interface with a fake clock (as test_app.py)."""

import contextlib
import copy
import io
import os
import random
import re

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from hidden import rearranged  # noqa: E402
from screenshots import Driver  # noqa: E402
from cucumber import keys  # noqa: E402
from cucumber import table as table_mod  # noqa: E402
from cucumber.lang import CODES as LANGS  # noqa: E402
from cucumber.settings import (  # noqa: E402
    HUMAN, EASY, MEDIUM, HARD, BOT, Prefs, Setup, encode_settings, decode_settings,
)
from cucumber.store import Store, SETTINGS  # noqa: E402
from engine import ai  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rng import Rng  # noqa: E402


def blank_nvm():
    return bytearray(b"\xff" * 8192)


def nvm_with(prefs=None, setup=None):
    nvm = blank_nvm()
    Store(nvm).put(SETTINGS, encode_settings(prefs or Prefs(), setup or Setup()))
    return nvm


def my_turn(dr):
    t = dr.app.table
    return (dr.name() == "table" and t is not None and t.interactive and dr.app.wait is None)


# ----- the demo -------------------------------------------------------------------------------

def demo_driver(players=4, kinds=(MEDIUM, MEDIUM, MEDIUM, MEDIUM), **changes):
    setup = Setup()
    setup.players = players
    for i, k in enumerate(kinds):
        setup.kinds[i] = k
    for k, v in changes.items():
        setattr(setup, k, v)
    nvm = nvm_with(setup=setup)
    d = Driver(nvm=nvm, seed=5)
    d.step(2)
    return d, nvm


def test_demo_plays_1000_rounds_and_never_writes_the_flash():
    """A kiosk that runs all day: match after match by itself (pages turn, a new match
    follows the last), and not one write to the nvm."""
    d, nvm = demo_driver()
    before = bytes(nvm)
    writes = d.store.writes
    d.app.command(("demo",))
    demo = d.app.demo
    demo.speed = len(demo_speeds()) - 1  # the fastest: the test's clock steps 200 ms
    rounds = 0
    seen = None
    matches = 0
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for _ in range(400000):
            d.step()
            m = d.app.match
            if m is not seen:
                if seen is not None:
                    matches += 1
                    rounds += seen.round_no
                seen = m
            if rounds + m.round_no >= 1000:
                break
    assert rounds + d.app.match.round_no >= 1000
    assert matches >= 10  # match after match
    assert d.app.demo is demo and d.name() in ("table", "round", "life", "out", "end",
                                               "back", "sudden")
    assert d.store.writes == writes and bytes(nvm) == before


def demo_speeds():
    from cucumber import demo
    return demo.CARD_MS


def test_demo_keys_speed_pause_step_chip_page_and_quit():
    d, _ = demo_driver()
    d.app.command(("demo",))
    with contextlib.redirect_stdout(io.StringIO()):
        d.step(30)
        assert d.name() == "table"
        demo = d.app.demo
        speed = demo.speed
        d.press(keys.UP)
        assert demo.speed == speed + 1
        d.press(keys.DOWN)
        d.press(keys.DOWN)
        assert demo.speed == speed - 1
        d.press(keys.START)  # pause: nothing moves
        assert demo.paused
        m = d.app.match
        played = (m.round_no, m.trick_no, m.trick_len)
        d.step(200)
        assert (m.round_no, m.trick_no, m.trick_len) == played
        assert "paused" in demo.lines[2].text
        # A: exactly one more card
        before = _cards_played(m)
        d.press(keys.A)
        d.step(40)
        assert d.app.match is m and _cards_played(m) == before + 1
        # SELECT: the Inside the chip page; B back to the demo, still paused
        d.press(keys.SELECT)
        assert d.name() == "chip"
        d.step(20)
        assert _cards_played(m) == before + 1
        d.press(keys.B)
        assert d.name() == "table" and d.app.demo.paused and d.app.demo.lines is not None
        d.press(keys.START)  # go on
        d.step(100)
        assert _cards_played(d.app.match) > before + 1 or d.app.match is not m
        # B: back to the title, the demo gone
        while d.name() != "table":
            d.step()
        d.press(keys.B)
        assert d.name() == "title" and d.app.demo is None and d.app.match is None


def _cards_played(m):
    return m.round_no * 100 + m.trick_no * 10 + m.trick_len


def test_demo_lines_say_why_each_card_is_legal_and_why_the_ai_chose_it():
    d, _ = demo_driver(kinds=(HARD, MEDIUM, HARD, MEDIUM))
    d.app.command(("demo",))
    firsts, seconds = set(), set()
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(3000):
            d.step()
            demo = d.app.demo
            if d.name() == "table" and demo.lines is not None:
                firsts.add(demo.lines[0].text)
                seconds.add(demo.lines[1].text)
    firsts.discard("")
    seconds.discard("")
    line1 = re.compile(r"^P[1-4] (10|[2-9JQKA])[\u2660\u2665\u2666\u2663] "
                       r"(leads|heads the trick|lowest card|an ace was led)$")
    assert firsts and all(line1.match(t) for t in firsts), firsts
    assert any(re.match(r"^\d+% risk, \d+ deals", t) for t in seconds), seconds
    assert "medium: rule of thumb" in seconds
    # every character is in the table's font (a missing one would be drawn blank)
    chars = set(d.app.table_fonts[0].chars)
    for t in firsts | seconds:
        assert set(t) <= chars and len(t) <= 26, t


def one_rank(cards):
    """True when the legal ``cards`` are all of one rank: one card to play, in effect."""
    return len(cards) > 0 and cards[0] >> 2 == cards[-1] >> 2


def test_demo_says_one_card_to_play_when_the_ai_had_no_choice_and_only_then(monkeypatch):
    """The second line under the trick, as the card lies there: "hard: one card to play"
    exactly when the AI's legal cards were all of one rank (the last trick, a forced
    follow), never "rule of thumb" then; a real choice without a search still says "rule
    of thumb"."""
    from cucumber import turns
    from cucumber.seats import LEVELS
    d, _ = demo_driver(kinds=(HARD, MEDIUM, HARD, EASY))
    d.app.command(("demo",))
    decisions = []
    ai_turn = turns.ai_turn

    def record(app):  # each AI's decision: its legal cards before, the line it chose after
        m = app.match
        legal = m.legal_cards()
        level = LEVELS[app.kinds[m.current_player()]]
        before = (m.round_no, m.trick_no, m.trick_len)
        ai_turn(app)  # a pass of thinking; the card is played at the last pass
        if (m.round_no, m.trick_no, m.trick_len) != before:
            decisions.append((level, one_rank(legal), ai.thoughts() is None,
                              app.demo.why_chosen))

    monkeypatch.setattr(turns, "ai_turn", record)
    shown = set()
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(3000):
            d.step()
            demo = d.app.demo
            if d.name() == "table" and demo.lines is not None:
                shown.add(demo.lines[1].text)
    forced = [x for x in decisions if x[1]]
    free = [x for x in decisions if not x[1]]
    assert len(forced) >= 8 and len(free) >= 20
    for level, _, unsearched, why in forced:
        assert unsearched and why == "%s: one card to play" % level, why
    for level, _, unsearched, why in free:
        assert "one card" not in why
        if unsearched:
            assert why == "%s: rule of thumb" % level, why
    assert {"hard: one card to play", "medium: one card to play",
            "easy: one card to play"} <= shown, shown
    assert "medium: rule of thumb" in shown and "hard: rule of thumb" not in shown


def test_demo_starts_from_a_broken_setup_with_agurk_for_four():
    d, nvm = demo_driver(players=5, end=2, reentry=1)  # fixed rounds with lives: refused
    d.app.command(("demo",))
    assert d.app.match.n == 4 and d.app.match.rules.profile == "agurk"
    assert all(k != HUMAN for k in d.app.kinds)


def test_title_offers_the_demo():
    d = Driver(seed=2)
    d.step(2)
    d.press(keys.DOWN)  # New match -> (Continue is skipped) -> Demo
    assert d.app.screen.menu.cursor == 2
    with contextlib.redirect_stdout(io.StringIO()):
        d.press(keys.A)
        assert d.app.demo is not None and d.name() == "table"


# ----- hints -----------------------------------------------------------------------------------

def hint_driver(hints=True, seed=7):
    prefs = Prefs()
    prefs.hints = hints
    d = Driver(nvm=nvm_with(prefs=prefs), seed=seed)
    d.step(2)
    with contextlib.redirect_stdout(io.StringIO()):
        d.start(profile=0, players=4, kinds=(HUMAN, HARD, MEDIUM, HARD))
    return d


def test_hints_are_off_by_default_and_up_then_only_repeats_the_reason():
    d = Driver(seed=7)
    d.step(2)
    with contextlib.redirect_stdout(io.StringIO()):
        d.start(profile=0, players=4, kinds=(HUMAN, HARD, MEDIUM, HARD))
        assert d.auto(my_turn, max_steps=3000)
        assert d.app.hinters is None
        d.press(keys.UP)
    assert "hint" not in d.app.table.status.text


def test_a_hint_is_exactly_the_hard_ai_decision_for_that_seat_view():
    """At every turn of the human in a whole match: the card up selects is the card a hard
    AI in that seat, having watched the same turns, plays with the turn's seed."""
    from cucumber import hint
    d = hint_driver()
    reference = ai.Player("hard", seed=1)
    checked = 0
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for _ in range(60000):
            if d.name() == "end":
                break
            if my_turn(d):
                m = d.app.match
                view = m.view(0)
                reference.observe(view)
                d.press(keys.UP)
                card = d.app.table.selected_card()
                reference.rng = Rng(hint.seed(d.app, 0))
                assert card == reference.choose(view)
                assert d.app.table.status.text.startswith("hint: ")
                assert set(d.app.table.status.text) <= set(d.app.table.status_font.chars)
                d.press(keys.UP)  # the same hint again
                assert d.app.table.selected_card() == card
                checked += 1
                d.press(keys.A)
            elif d.name() in ("round", "life", "out", "back", "sudden", "reentry", "cover"):
                d.press(keys.A)
            else:
                d.step()
    assert d.name() == "end" and checked >= 20


def test_a_hint_says_one_card_to_play_when_every_legal_card_is_of_one_rank():
    """On the status line after up: "hint: one card to play" at the turns where the
    human's legal cards are all of one rank (the last trick among them), with that card
    selected; at the others, the hard AI's risk or its rule of thumb."""
    d = hint_driver(seed=9)
    forced = free = 0
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(60000):
            if d.name() == "end":
                break
            if my_turn(d):
                legal = d.app.match.legal_cards()
                d.press(keys.UP)
                t = d.app.table
                said = t.status.text.rstrip()
                if one_rank(legal):
                    assert said == "hint: one card to play", said
                    assert t.selected_card() >> 2 == legal[0] >> 2
                    forced += 1
                else:
                    assert said == "hint: rule of thumb" or re.match(
                        r"^hint: \d+% risk, \d+ deals$", said), said
                    free += 1
                d.press(keys.A)
            elif d.name() in ("round", "life", "out", "back", "sudden", "reentry", "cover"):
                d.press(keys.A)
            else:
                d.step()
    assert d.name() == "end" and forced >= 3 and free >= 10, (forced, free)


def test_a_hint_never_depends_on_the_other_players_hidden_cards():
    """The hint of a position and of the same position with the other seats' hidden
    cards redrawn (everything the seat may know kept) is the same card."""
    from cucumber import hint
    rng = random.Random(3)
    checked = 0
    for seed in range(1, 9):
        d = hint_driver(seed=seed)
        m = d.app.match
        actions = []
        apply = m.apply_action

        def record(a, apply=apply, actions=actions):
            actions.append(a)
            apply(a)
        m.apply_action = record
        hands = [list(m.hand(s)) for s in range(4)]
        with contextlib.redirect_stdout(io.StringIO()):
            for _ in range(rng.randrange(1, 4)):  # a few of the human's turns into round 1
                assert d.auto(my_turn, max_steps=3000)
                if d.app.match.round_no:
                    break
                d.press(keys.A)
            if not d.auto(my_turn, max_steps=3000) or m.round_no:
                continue
        deal = rearranged(m, 0, rng)
        if deal is None:
            continue
        keep = copy.deepcopy(d.app.hinters[0])
        card, _ = hint.hint(d.app, 0)
        m2 = Match(m.rules.copy(), seed=1, hands=deal, dealer=m.dealer)
        m0 = Match(m.rules.copy(), seed=1, hands=hands, dealer=m.dealer)
        for a in actions:
            m2.apply_action(a)
            m0.apply_action(a)
        assert m0.hand(1) == m.hand(1)
        d.app.hinters[0] = keep
        d.app.match = m2
        card2, _ = hint.hint(d.app, 0)
        d.app.match = m
        assert card2 == card
        checked += any(m2.hand(s) != m.hand(s) for s in (1, 2, 3))
    assert checked >= 3


# ----- the serial console ----------------------------------------------------------------------

CARD = r"(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]"
LINES = [re.compile(p) for p in (
    r"^round \d+: P\d deals$",
    r"^P\d plays " + CARD + r": (leads|heads the trick|lowest card|an ace was led)$",
    r"^P\d takes trick \d with " + CARD + "$",
    r"^P\d takes \d+ points: score \d+$",
    r"^P\d loses a life: back at \d+, \d+ left$",
    r"^P\d may come back at \d+ for \d+ chips$",
    r"^P\d comes back at \d+ \((pays|sits a round out)\)$",
    r"^P\d sits out round \d+$",
    r"^P\d is out with \d+$",
    r"^P\d is the cucumber with \d+$",
    r"^sudden death: \d+ players$",
    r"^sudden-death round: P\d( P\d)+$",
    r"^(out of|still in) the tie: P\d$",
    r"^P\d wins the match( and \d+ chips)?$",
)]
PLOT = re.compile(r"^\((\d+)(, \d+)+\)$")


def console_of_a_match(plotter, **changes):
    prefs = Prefs()
    prefs.plotter = plotter
    d = Driver(nvm=nvm_with(prefs=prefs), seed=4)
    d.step(2)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        d.start(**changes)
        assert d.auto(lambda dr: dr.name() == "end", max_steps=80000)
    return d, out.getvalue().splitlines()


def test_every_console_line_parses_and_tells_the_whole_match():
    d, lines = console_of_a_match(False, profile=1, players=4,
                                  kinds=(HUMAN, HARD, MEDIUM, HARD), reentry=4,
                                  threshold=15)
    assert lines
    for line in lines:
        assert any(p.match(line) for p in LINES), line
    m = d.app.match
    plays = [ln for ln in lines if " plays " in ln]
    deals = [ln for ln in lines if " deals" in ln or ln.startswith("sudden-death round")]
    tricks = [ln for ln in lines if " takes trick " in ln]
    assert [ln for ln in lines if " wins the match" in ln] == lines[-1:]
    # every round dealt, every trick taken, every card played (2 to 4 a trick)
    assert len(tricks) == len(deals) * m.rules.hand
    assert 2 * len(tricks) <= len(plays) <= 4 * len(tricks)


def test_mus_plotter_gets_one_tuple_of_scores_a_round_when_chosen():
    d, lines = console_of_a_match(True, profile=0, players=3, kinds=(HUMAN, MEDIUM, MEDIUM),
                                  end=2, rounds=4, reentry=0)
    plots = [ln for ln in lines if ln.startswith("(")]
    last_tricks = [ln for ln in lines if " takes trick %d " % d.app.match.rules.hand in ln]
    assert len(plots) == len(last_tricks) >= 4  # one line a round (and a sudden death's)
    assert all(PLOT.match(ln) for ln in plots)
    last = [int(x) for x in plots[-1][1:-1].split(", ")]
    assert last == list(d.app.match.scores)
    for line in lines:
        assert PLOT.match(line) or any(p.match(line) for p in LINES), line
    _, lines = console_of_a_match(False, profile=0, players=3,
                                  kinds=(HUMAN, MEDIUM, MEDIUM), end=2, rounds=4, reentry=0)
    assert not [ln for ln in lines if ln.startswith("(")]


def test_hints_and_plotter_are_remembered_in_the_settings():
    d = Driver(nvm=blank_nvm())
    d.step(2)
    d.app.command(("settings",))
    for _ in range(2):
        d.press(keys.DOWN)
    d.press(keys.A)  # Hints on
    d.press(keys.DOWN)
    d.press(keys.A)  # Plotter on
    prefs, _, ok = decode_settings(d.store.get(SETTINGS))
    assert ok and prefs.hints and prefs.plotter
    assert d.app.hints and d.app.plotter


# ----- a student's bot ------------------------------------------------------------------------

def bot_driver(tmp_path, monkeypatch, source):
    """The app with ``source`` as the drive's bot.py (the drive's other files are the
    repository's)."""
    from cucumber import botseat, lobby, ui
    (tmp_path / "bot.py").write_text(source)
    root = str(tmp_path) + os.sep
    monkeypatch.setattr(lobby, "bot_file", lambda: True)
    init = botseat.BotSeat.__init__

    def seat_init(self, seed=1, **kw):
        kw.setdefault("root", root)
        init(self, seed, **kw)
    monkeypatch.setattr(botseat.BotSeat, "__init__", seat_init)
    d = Driver(seed=3)
    d.step(2)
    assert ui.ROOT != root
    return d


def test_setup_offers_bot_only_when_the_file_exists(tmp_path, monkeypatch):
    d = Driver(seed=3)
    d.step(2)
    d.app.command(("setup",))
    row = [i for i, r in enumerate(d.app.screen.rows) if r[0] == "seat1"][0]
    d.app.screen.menu.cursor = row
    kinds = set()
    for _ in range(6):
        d.press(keys.RIGHT)
        kinds.add(d.app.screen.s.kinds[1])
    assert BOT not in kinds
    d = bot_driver(tmp_path, monkeypatch, "def choose(view):\n    return view.legal[0]\n")
    d.app.command(("setup",))
    d.app.screen.menu.cursor = row
    names = set()
    for _ in range(6):
        d.press(keys.RIGHT)
        names.add(d.app.screen.rows[row][1].split()[-1])
    assert "Bot" in names


def test_a_broken_bot_never_stops_the_match(tmp_path, monkeypatch):
    d = bot_driver(tmp_path, monkeypatch,
                   "def choose(view):\n    if view.trick_no == 2:\n        return 1 // 0\n"
                   "    return view.legal[-1]\n")
    out = io.StringIO()
    shown = set()
    with contextlib.redirect_stdout(out):
        d.start(profile=0, players=4, kinds=(HUMAN, BOT, MEDIUM, MEDIUM))
        for _ in range(80000):
            if d.name() == "end":
                break
            if d.name() == "table":
                shown.add(d.app.table.status.text)
            if my_turn(d):
                d.press(keys.A)
            elif d.name() in ("round", "life", "out", "back", "sudden", "reentry", "cover"):
                d.press(keys.A)
            else:
                d.step()
    assert d.name() == "end"
    assert "ZeroDivisionError" in out.getvalue()  # the traceback on the serial console
    assert any(t.startswith("bot") and "zero" in t for t in shown), shown
    assert d.app.bots[1].problems >= 1


# ----- Inside the chip -------------------------------------------------------------------------

def test_inside_the_chip_from_the_settings_and_back():
    d = Driver(seed=3)
    d.step(2)
    d.app.command(("settings",))
    d.app.screen.menu.cursor = 4
    d.press(keys.A)
    assert d.name() == "chip"
    d.step(10)  # it refreshes itself
    d.press(keys.B)
    assert d.name() == "settings"


# ----- the table's, the demo's and the bot's words in every language ---------------------------

def _language(code, prefs=None, setup=None):
    """A Driver on the title in language ``code`` (as Settings would choose it)."""
    from cucumber import lang
    from screenshots import use_language
    prefs = prefs or Prefs()
    if hasattr(prefs, "lang"):
        prefs.lang = lang.CODES.index(code)
    d = Driver(nvm=nvm_with(prefs=prefs, setup=setup), seed=5)
    d.step(2)
    use_language(d, code)
    return d


def _sheet_chars(font):
    """The characters a Font's sheet really draws: asked for and in its glyph file."""
    from test_lang import glyphs
    assert font is not None and font.sheet is not None
    return set(font.chars) & glyphs("medium")


def _longest_card():
    from cucumber import ui
    return max((ui.card_name(c, True) for c in range(52)), key=len)


@pytest.mark.parametrize("code", LANGS)
def test_a_whole_demo_match_fits_its_lines_in_every_language(code):
    """Every line the demo shows during a whole match (who played what and why, why the
    AI chose it) has at most 26 characters, all of them in the table font's sheet; the
    legend (at each speed, and paused) fits too, in ASCII (terminalio's)."""
    from cucumber import demo as demo_mod, lang
    setup = Setup()
    setup.players = 4
    for i, k in enumerate((HARD, MEDIUM, EASY, HARD)):
        setup.kinds[i] = k
    try:
        d = _language(code, setup=setup)
        d.app.command(("demo",))
        demo = d.app.demo
        demo.speed = len(demo_speeds()) - 1
        chars = _sheet_chars(d.app.table_fonts[0])
        said = set()
        m = d.app.match
        with contextlib.redirect_stdout(io.StringIO()):
            for _ in range(200000):
                d.step()
                if d.app.match is not m or m.is_terminal():
                    break
                said.update(demo.said)
                if d.name() == "table":
                    assert d.app.table.status_font is d.app.table_fonts[0]
        assert m.is_terminal() or d.app.match is not m
        said.discard("")
        k = lang.section("demokeys")
        legends = [k[demo_mod._PAUSED]] + [k[demo_mod._LEGEND] % k[demo_mod._SLOW + s]
                                           for s in range(len(demo_speeds()))]
        firsts = [t for t in said if t.startswith("P")]
        assert len(firsts) >= 20 and len(said) > len(firsts), said
        for t in said:
            assert len(t) <= 26, (code, t)
            assert set(t) <= chars, (code, t, set(t) - chars)
        for t in legends:  # in terminalio, which has ASCII only
            assert len(t) <= 26 and all(" " <= c <= "~" for c in t), (code, t)
        if code == "en":
            assert "paused  A:1 card START:go" in legends
    finally:
        lang.choose(0)


@pytest.mark.parametrize("code", LANGS)
def test_the_demo_texts_fit_with_the_longest_values(code):
    """The demo's lines at their longest: seat P7, the longest card name, a risk of 100%
    over 64 deals, each level's rule of thumb and one card to play."""
    from cucumber import demo as demo_mod, lang
    try:
        lang.choose(lang.CODES.index(code))
        w = lang.section("demo")
        card = _longest_card()
        for why in range(1, 5):
            assert len("P7 %s %s" % (card, w[demo_mod._LEADS + why - 1])) <= 26, (code, why)
        assert len(w[demo_mod._RISK] % (100, 64)) <= 26
        assert len(w[demo_mod._DEALS] % 64) <= 26
        for level in range(3):  # easy, medium, hard: a rule of thumb; a bot: its own
            assert len(w[demo_mod._THUMB] % w[demo_mod._EASY + level]) <= 26, (code, level)
        for level in range(4):  # any of them, the bot too: one card to play
            assert len(w[demo_mod._ONE_CARD] % w[demo_mod._EASY + level]) <= 26, (code, level)
        assert len(w[demo_mod._OWN] % w[demo_mod._BOT]) <= 26, code
        for risk, deals in ((100, 64), (5, 8)):  # (card, cost, risk) rows; the time added
            text = demo_mod.short_thought("hard", 0, (deals, 0, [(0, 12, risk)]), 85000000,
                                          "\n".join(w))
            assert text.startswith(w[demo_mod._RISK] % (risk, deals)) and len(text) <= 26
    finally:
        lang.choose(0)


@pytest.mark.parametrize("code", LANGS)
def test_every_status_text_fits_the_status_line_in_every_language(code):
    """The status line's 26 cells hold every text with its longest values: P7, the
    language's longest card name, the reason and the trick at the right ("last!" or
    7/7), a hint of 100% over 64 deals, a bot's problems; and the review's title and B
    fit one line, in ASCII (terminalio's)."""
    from cucumber import botwords, lang, table as table_mod
    try:
        lang.choose(lang.CODES.index(code))
        w = lang.section("table")
        card = _longest_card()
        for label in (w[table_mod._LAST], "7/7"):
            for why in range(4):
                s = "P7 %s %s" % (card, w[why])
                assert len(s) + 1 + len(label) <= 26, (code, s, label)
            for k in (table_mod._TO_PLAY, table_mod._THINKING):
                assert len(w[k] % ("P7", label)) <= 26, (code, w[k])
        for k in (table_mod._TAKES, table_mod._TAKES_LAST):
            assert len(w[k] % "P7") <= 26, (code, w[k])
        for k in (table_mod._HANDS_HIDDEN, table_mod._WATCHING, table_mod._CARDS_HIDDEN):
            assert len(w[k]) <= 26, (code, w[k])
        for k in (table_mod._HANDS_HIDDEN, table_mod._WATCHING):  # terminalio's: ASCII
            assert all(" " <= c <= "~" for c in w[k]), (code, w[k])
        assert len(w[table_mod._HINT] % (100, 64)) <= 26, code
        assert len(w[table_mod._HINT_THUMB]) <= 26, code
        assert len(w[table_mod._HINT_ONE_CARD]) <= 26, code
        b = lang.section("bot")
        for problem in ("bot.py not found", "bot.py has no choose(view)",
                        "bot.py stopped (Ctrl-C)", "bot stopped (Ctrl-C)",
                        "bot too slow (over 3 s)", "bot played 'QH': not legal now",
                        "bot error: KeyError: 'x'", "bot.py: SyntaxError: invalid syntax"):
            text = botwords.short(problem)
            assert text and len(text) <= 26, (code, problem, text)
            assert "key error" in text or "syntax error" in text or "error" not in problem
        for k in (botwords._STOPPED, botwords._NOT_FOUND, botwords._NO_CHOOSE):  # bot.py's
            assert len(b[k] % "bot.py") <= 26, (code, b[k])
        assert len(b[botwords._ERROR] % ("bot.py", "key error")) <= 26, code
        assert len(b[botwords._ILLEGAL] % b[botwords._BOT]) <= 26, code  # the bot's own
        from engine.botview import LIMIT_MS
        assert len(b[botwords._SLOW] % (b[botwords._BOT], LIMIT_MS // 1000)) <= 26, code
        title, back = w[table_mod._REVIEW], w[table_mod._BACK]  # terminalio's: ASCII
        assert len(title) + 1 + len(back) <= 26, (code, title, back)
        assert all(" " <= c <= "~" for c in title + back), (code, title, back)
    finally:
        lang.choose(0)


def test_the_hand_says_the_table_sections_texts_by_the_tables_numbers():
    """cucumber.hand says five of the table section's texts: its numbers for them (consts
    of its own, folded on the board) are those cucumber.table lists the section by."""
    from cucumber import hand
    for name in ("_CARDS_HIDDEN", "_HANDS_HIDDEN", "_WATCHING", "_REVIEW", "_BACK"):
        assert getattr(hand, name) == getattr(table_mod, name), name


@pytest.mark.parametrize("code", LANGS)
def test_the_table_font_holds_every_status_text_in_every_language(code, monkeypatch):
    """A whole match at the table in each language (a human, two AIs): every status
    line shown (a hint among them) fits its 26 cells with characters of the status font's
    sheet; the line under the trick fits, in ASCII (terminalio's); a bot's problem is in
    the status font when a Bot seat plays."""
    import sys
    import cucumber.app as app_mod
    from cucumber import botwords, lang
    seen = []
    orig = table_mod.Table.set_status

    def record(self, text, color=0):
        seen.append(text)
        orig(self, text, color)

    monkeypatch.setattr(table_mod.Table, "set_status", record)
    # this module's table, kept for the whole match (the app forgets screen modules)
    monkeypatch.setitem(sys.modules, "cucumber.table", table_mod)
    monkeypatch.setattr(app_mod, "forget", lambda name, package="cucumber": None)
    prefs = Prefs()
    prefs.hints = True
    try:
        d = _language(code, prefs=prefs)
        with contextlib.redirect_stdout(io.StringIO()):
            d.start(profile=1, players=3, kinds=(HUMAN, MEDIUM, EASY), end=0, reentry=0,
                    open_cards=0)
            assert d.auto(lambda dr: dr.name() == "table" and dr.app.table.interactive,
                          max_steps=4000)
            d.press(keys.SELECT)  # "played cards are hidden"
            reason = d.app.table.status.text
            d.press(keys.UP)  # a hint
            assert d.app.table.status.text != reason and seen[-1] == d.app.table.status.text
            chars = _sheet_chars(d.app.table_fonts[0])
            assert set(table_mod.STATUS_CHARS) == set(d.app.table_fonts[0].chars)
            under = set()

            def until_end(dr):
                t = dr.app.table
                if t is not None and dr.name() == "table":
                    under.add(t.hidden_text.text)
                return dr.name() == "end"
            assert d.auto(until_end, max_steps=40000)
        w = lang.section("table")
        assert w[table_mod._CARDS_HIDDEN] in seen
        assert any(t.endswith(w[table_mod._LAST]) for t in seen)
        for t in seen:
            assert len(t) <= 26, (code, t)
            assert set(t) <= chars, (code, t, set(t) - chars)
        for t in under:  # in terminalio, which has ASCII only
            assert len(t) <= 26 and all(" " <= c <= "~" for c in t), (code, t)
        # a Bot seat: its messages' characters join the font
        bot_font = table_mod.table_fonts(4, bytearray((HUMAN, BOT, MEDIUM, MEDIUM)))[0]
        for problem in ("bot error: ZeroDivisionError: division by zero",
                        "bot too slow (over 3 s)", "bot.py has no choose(view)",
                        "bot played None: not legal now", "bot.py stopped (Ctrl-C)"):
            text = botwords.short(problem)
            assert set(text) <= _sheet_chars(bot_font), (code, text)
    finally:
        lang.choose(0)
