"""The pages between plays, the pause menu, the crash screen and the serial console in
every language (cucumber.summary, cucumber.pause, cucumber.crash, cucumber.console).

- Every page type builds in every language, at its widest (seven players, three-digit
  scores, two takers, a pot, every re-entry choice, a loser, every seat kind): no text
  cut off, off the 160x128 screen or over another (host_tests/layout.py), and every
  character of every line drawable by its font (a Font made for the page's characters;
  terminalio only for ASCII).
- An App driven through whole matches in every language (pass-the-device covers,
  re-entry choices, the pages) shows each page the same way.
- The console lines of whole matches (every one of the 12 kinds of event) are single,
  non-empty lines in every language, and English's are byte for byte what they were
  before the lines were translated (host_tests/test_classroom.py parses those).
"""

import contextlib
import io
import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import displayio  # noqa: E402
import pytest  # noqa: E402

import layout  # noqa: E402
import simulator as sim  # noqa: E402
from screenshots import Driver  # noqa: E402
from cucumber import console, crash, lang, pause, summary, ui  # noqa: E402
from cucumber.seats import HUMAN, EASY, MEDIUM, HARD, BOT  # noqa: E402
from engine.ai import Player  # noqa: E402
from engine.match import DECLINE, PAY, SIT_OUT, NOBODY, Match  # noqa: E402
from engine.rules import Rules  # noqa: E402

CODES = lang.CODES


@pytest.fixture
def language():
    """Choose a language for one test; English again after it. The fonts are the
    repository's (as in the simulator)."""
    sim.use_repo_assets()
    yield lambda code: lang.choose(CODES.index(code))
    lang.choose(0)


def drawable(group):
    """The lines of ``group`` with a character their font cannot draw (a Font without
    it, or terminalio for anything but ASCII)."""
    bad = []
    for t in layout_texts(group):
        f = t.font
        for c in t.text:
            if f is not None and f.sheet is not None:
                ok = c == " " or f.chars.find(c) > 0
            else:
                ok = 32 <= ord(c) < 127
            if not ok:
                bad.append((t.text, c))
                break
    return bad


def layout_texts(group):
    """Every ui.Text in the displayio tree ``group``."""
    out = []
    stack = [group]
    while stack:
        g = stack.pop()
        if isinstance(g, ui.Text):
            out.append(g)
        elif isinstance(g, displayio.Group):
            stack.extend(g[i] for i in range(len(g)))
    return out


def check(page, what):
    """No layout fault and every glyph drawable; the page's lines as a list."""
    assert layout.problems(page.group) == [], what
    assert drawable(page.group) == [], what
    return [t.text for t in layout_texts(page.group)]


# ----- every page type at its widest, in every language -----------------------------------------


def stub_match(n=7, scores=None, pot=0, stakes=False, winner=0, loser=NOBODY, acts=None,
               chips=1, threshold=250, sudden=False, tied=()):
    """A match as the pages read it; ``sudden``: won in a sudden death, ``tied``: the
    seats still in one (a sudden-death round's takers not among them dropped out)."""
    return SimpleNamespace(
        n=n, scores=scores or [200 + s for s in range(n)], pot=pot, winner=winner,
        loser=loser, restart=[199] * n, sudden=sudden,
        contenders=bytes(1 if s in tied else 0 for s in range(n)), is_terminal=lambda: False,
        rules=SimpleNamespace(stakes=stakes, reentry_chips=chips, threshold=threshold),
        legal_actions=lambda: list(acts or (DECLINE, PAY, SIT_OUT)))


TRICK7 = [(s, 4 * s + 3) for s in range(7)]


@pytest.mark.parametrize("code", CODES)
def test_every_page_fits_at_its_widest(code, language):
    language(code)
    for s in range(7):
        assert ui.seat_name(s) in check(summary.Cover(s), (code, "cover", s))
    # the round's summary: 2 to 7 seats, one or two takers, a pot, the sudden death's
    # (its takers out of the tie, or still in it when everyone took the penalty)
    for n in (2, 4, 7):
        for takers in ([n - 1], [0, n - 1]):
            for round_no, tied in ((1, ()), (99, ()), (0, ()), (0, takers)):
                for stakes in (False, True):
                    m = stub_match(n, pot=999 if stakes else 0, stakes=stakes, tied=tied)
                    page = summary.RoundSummary(m, TRICK7[:n], takers, 14, round_no,
                                                [250 + s for s in range(n)])
                    check(page, (code, "round", n, takers, round_no, tied, stakes))
    # the one-event pages
    for left in (0, 1, 2):
        check(summary.life_lost(6, 264, 250, 249, left), (code, "life", left))
    check(summary.eliminated(6, 264), (code, "out"))
    check(summary.cucumber(6, 264), (code, "cucumber"))
    check(summary.sudden(list(range(7))), (code, "sudden"))
    check(summary.sudden([0, 6]), (code, "sudden 2"))
    for how in (PAY, SIT_OUT):
        check(summary.reentered(6, 249, how), (code, "back", how))
    # re-entry: every choice, one chip or many, the cursor on each
    for chips in (0, 1, 9):
        for acts in ((DECLINE, PAY), (DECLINE, PAY, SIT_OUT)):
            page = summary.Reentry(stub_match(acts=acts, chips=chips), 6)
            assert len(page.rows) == len(acts)
            for _ in acts:
                check(page, (code, "reentry", chips, acts, page.cursor))
                page.key(3)  # keys.DOWN
    # the match's end: every seat kind winning, a loser, a pot, won in a sudden death
    for n in (2, 4, 5, 7):
        for kind in (HUMAN, EASY, MEDIUM, HARD, BOT):
            for loser, pot in ((NOBODY, 0), (n - 1, 999)):
                for sudden in (False, True):
                    m = stub_match(n, pot=pot, winner=0, loser=loser, sudden=sudden,
                                   scores=[100 + s for s in range(n)])
                    line = lang.section("matchend")[summary._CODE] % "9JRB-JVL9-R2CW"
                    check(summary.MatchEnd(m, bytes([kind] * n), None, line),
                          (code, "end", n, kind, loser, sudden))


@pytest.mark.parametrize("code", CODES)
def test_the_pause_menu_fits(code, language):
    language(code)
    for profile, players in (("agurk", 4), ("gurka", 7)):
        m = Match(Rules(profile, players=players), seed=3)
        for seat in (None, 0, players - 1):
            for cursor in (0, 1, 2):
                page = pause.PauseMenu(m, seat, cursor)
                lines = check(page, (code, "pause", profile, seat, cursor))
                assert page.rows[cursor].text in lines
        check(pause.PauseMenu(None, None, 0), (code, "pause without the legend"))


def test_the_pause_menu_says_the_match_is_saved_only_where_it_is_kept(language):
    language("en")
    saved = lang.text("pause", "saved")
    for kept in (True, False):
        lines = check(pause.PauseMenu(None, None, 0, kept=kept), ("en", "pause", kept))
        assert (saved in lines) == kept


@pytest.mark.parametrize("code", CODES)
def test_the_crash_screen_fits(code, language):
    language(code)
    for exc in (MemoryError(), RuntimeError("pystack exhausted"), ValueError("x"),
                ZeroDivisionError("y")):
        for saved in (False, True):
            page = crash.Crash(exc, saved)
            lines = check(page, (code, "crash", exc, saved))
            assert type(exc).__name__ in lines
            assert page.text.split()  # what the board rig prints


def test_the_crash_screen_without_room_for_its_words_is_english(language, monkeypatch):
    language("pl")

    def no_room(name):
        raise MemoryError
    monkeypatch.setattr(lang, "section", no_room)
    page = crash.Crash(MemoryError(), True)
    assert page.text.startswith("Out of memory  Press A to restart. Your match is saved:")
    assert all(t.font is None for t in layout_texts(page.group))  # terminalio, no font
    check(page, "crash without words")


def test_english_pages_say_what_they_said():
    """The English texts of the pages as before their words went into files."""
    lang.choose(0)
    sim.use_repo_assets()
    m = stub_match(4, pot=7, stakes=True, scores=[13, 0, 30, 5])
    lines = check(summary.RoundSummary(m, TRICK7[:4], [0], 13, 3, [13, 0, 30, 5]), "round")
    assert {"Round 3: last trick", "P1 +13  now 13", "P1:13 P2:0 P3:30 P4:5 ", "Pot: 7 chips",
            "A: continue"} <= set(lines)
    lines = check(summary.life_lost(3, 26, 21, 19, 0), "life")
    assert {"P4 reached 26 (limit 21)", "and restarts at 19.", "Lives left: 1"} <= set(lines)
    page = summary.Reentry(stub_match(4, acts=(DECLINE, PAY, SIT_OUT), chips=1,
                                      threshold=50), 0)
    assert [t.text for t in page.rows] == [" Stay out", " Pay 1 chip", " Sit out a round"]
    page = summary.MatchEnd(stub_match(4, winner=2, pot=4, scores=[5, 6, 7, 8]),
                            bytes([HUMAN, EASY, HARD, MEDIUM]))
    lines = check(page, "end")
    assert {"P3 wins!", "AI hard", "and sweeps the pot of 4", "A: rematch  B: title"} <= \
        set(lines)
    lines = check(summary.Cover(2), "cover")
    assert {"Pass to", "P3", "press A"} <= set(lines)


# ----- an App through whole matches, every language ----------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_an_app_shows_every_page_in_every_language(code, language):
    """Two humans (covers), a comeback (re-entry choices) and a low limit: the pages as
    the app opens them, each checked when it appears; the console lines as printed."""
    language(code)
    d = Driver(seed=CODES.index(code) + 3)
    from screenshots import use_language
    use_language(d, code)
    seen = set()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        d.start(profile=1, players=4, kinds=(HUMAN, HUMAN, MEDIUM, EASY), end=0, reentry=4,
                threshold=15)
        shown = None
        for _ in range(60000):
            scr = d.app.screen
            if scr is not shown:  # a new screen: checked as it first appears
                shown = scr
                n = d.name()
                if n in ("cover", "round", "life", "out", "back", "sudden", "reentry",
                         "end", "pause"):
                    check(scr, (code, n))
                    seen.add(n)
                if n == "end":
                    break
            d.auto(lambda dr: False, max_steps=1)  # one step, humans answered by A
    assert {"cover", "round", "reentry", "back", "end"} <= seen, seen
    lines = out.getvalue().split("\n")
    assert lines[-1] == ""
    for ln in lines[:-1]:
        assert ln.strip() and ln != "None", (code, ln)


# ----- the console: every kind of event, every language ------------------------------------------


def old_event_line(e):
    """cucumber.console.event_line as it was before its lines were translated: English
    must still read exactly so."""
    why = ("", "leads", "heads the trick", "lowest card", "an ace was led")
    kind = e[0]
    who = ui.seat_name(e[1])
    card = ui.card_name
    if kind == 1:
        if e[3]:  # a sudden death's round: its players (added since)
            return "sudden-death round: " + " ".join(
                ui.seat_name(s) for s in range(7) if e[3] >> s & 1)
        return "round %d: %s deals" % (e[2] + 1, who)
    if kind == 2:
        return "%s plays %s: %s" % (who, card(e[2], True), why[e[3]])
    if kind == 3:
        return "%s takes trick %d with %s" % (who, e[2] + 1, card(e[3], True))
    if kind == 4:
        return "%s takes %d points: score %d" % (who, e[2], e[3])
    if kind == 5:
        return "%s loses a life: back at %d, %d left" % (who, e[2], e[3])
    if kind == 6:
        return "%s may come back at %d for %d chips" % (who, e[2], e[3])
    if kind == 7:
        return "%s comes back at %d (%s)" % (who, e[2],
                                             "pays" if e[3] == 53 else "sits a round out")
    if kind == 8:
        return "%s is out with %d" % (who, e[2])
    if kind == 9:
        return "sudden death: %d players" % e[2]
    if kind == 10:
        if e[2]:
            return "%s wins the match and %d chips" % (who, e[2])
        return "%s wins the match" % who
    if kind == 11:
        return "%s sits out round %d" % (who, e[2] + 1)
    if kind == 12:
        return "%s is the cucumber with %d" % (who, e[2])
    if kind == 13:  # a sudden death's penalty (added since)
        return ("out of the tie: %s" if e[3] else "still in the tie: %s") % who
    return None


# rules that between them make every kind of event: lives, a comeback (offers, paying,
# sitting out), stakes, first out loses, fixed rounds (sudden death on a tie)
MATCHES = (
    (Rules("agurk", players=4, threshold=15), 1),
    (Rules("gurka", players=5, threshold=15, comeback=True, stakes=True), 2),
    (Rules("ogorek", players=4, threshold=12, buyback=True, stakes=True), 3),
    (Rules("agurk", players=3, threshold=9, lives=1, end=1), 4),
    (Rules("gurka", players=6, hand=3, end=2, rounds=2, lives=1), 5),
    (Rules("gurka", players=7, hand=3, threshold=10, comeback=True), 6),
    # a sudden death whose every player takes the penalty (all tied) and plays again
    (Rules("gurka", players=4, hand=3, end=2, rounds=1, lives=1, tie_all=True), 3),
)


def events_of_matches():
    """Every event of a few whole matches played by AIs (re-entry answers included)."""
    evs = []
    for rules, seed in MATCHES:
        for k in range(12):
            m = Match(rules.copy(), seed=seed * 100 + k, log_events=True)
            players = [Player(("easy", "medium")[s % 2], seed + s) for s in range(m.n)]
            while not m.is_terminal():
                s = m.current_player()
                m.apply_action(players[s].choose(m.view(s)))
            evs += m.events
    return evs


@pytest.fixture(scope="module")
def events():
    return events_of_matches()


def test_the_matches_make_every_kind_of_event(events):
    kinds = set(e[0] for e in events)
    assert kinds == set(range(1, 14)), sorted(kinds)
    assert any(e[0] == 1 and e[3] for e in events)  # a sudden death's deal
    assert {e[3] for e in events if e[0] == 13} == {0, 1}  # out of the tie, or all tied again
    assert {e[3] for e in events if e[0] == 7} == {PAY, SIT_OUT}  # both comebacks
    assert {bool(e[2]) for e in events if e[0] == 10} == {True, False}  # a pot, none
    assert {e[3] for e in events if e[0] == 2} == {1, 2, 3, 4}  # every reason


def test_english_console_lines_are_unchanged(events):
    lang.choose(0)
    for e in events:
        assert console.event_line(e) == old_event_line(e), e
    assert console.event_line((99, 0, 0, 0)) is None
    assert console.plot_line([0, 11, 4, 18]) == "(0, 11, 4, 18)"


@pytest.mark.parametrize("code", CODES[1:])
def test_console_lines_in_every_language(code, events, language):
    language(code)
    for e in events:
        line = console.event_line(e)
        assert isinstance(line, str) and line.strip() and "\n" not in line, (code, e, line)
        assert "%" not in line and line != old_event_line(e), (code, line)
        if e[0] == 1 and e[3]:  # a sudden death's deal: its players, not its dealer
            assert all(ui.seat_name(s) in line for s in range(7) if e[3] >> s & 1), line
        else:
            assert ui.seat_name(e[1]) in line or e[0] == 9, (code, line)  # 9: sudden death
    assert console.plot_line([0, 11, 4, 18]) == "(0, 11, 4, 18)"  # numbers in every language
    # read once: the same string for every line until the language changes
    t = console._text
    assert console.event_line(events[0]) and console._text is t
    assert t.split("\n") == list(lang.section("console"))
    assert [console.why(i) for i in range(5)] == [""] + t.split("\n")[2:6]
    lang.choose(0)
    assert console.event_line(events[0]).startswith("round ") and console._text is not t
    assert [console.why(i) for i in range(5)] == list(console.WHY)  # English: the demo's
