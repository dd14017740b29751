"""Challenges on the handheld (cucumber.challenges, cucumber.challenged): a code entered
with the buttons plays the match engine.challenge says (the same cards, the same AI
decisions, the same scores as the terminal game and the arena), stops after the
challenge's rounds, shows its code at the end, keeps its best in the statistics; a code
or date that is not one says so in one box in the player's language and changes nothing;
the daily challenge from its date; every match of the set-up has a code; A at a
challenge's end plays the next one, on a PC and through the board's restarts."""

import contextlib
import io
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import layout  # noqa: E402
from screenshots import Driver  # noqa: E402
from cucumber import challenged, challenges, codes, console, keys, lang, lastround  # noqa: E402
from cucumber import menus, summary, ui  # noqa: E402
from cucumber.settings import Stats  # noqa: E402
from cucumber.store import CHALLENGE, MATCH, STATS, Store  # noqa: E402
from engine import challenge  # noqa: E402
from engine.challenge import Challenge, EASY, HARD, HUMAN, MEDIUM  # noqa: E402
from engine.match import EV_DEAL, EV_OFFER, EV_SIT_OUT, EV_SUDDEN, EV_WIN, Match  # noqa: E402
from engine.rules import Rules  # noqa: E402

# gurka, a human and hard, medium, hard AIs, its first 3 rounds (the rig's plan's code)
CODE = "2RVA-9KB5-DJFW"
INDEXES = range(len(lang.CODES))


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.choose(lang.ENGLISH)


def record(flags, length, bot_seed, shown):
    """A CHALLENGE record, laid out as cucumber.codes writes it."""
    return bytes((flags, length, bot_seed & 0xFF, bot_seed >> 8)) + shown.encode()


def code_of(d):
    """The code of ``d``'s match, as its end page shows it: its CHALLENGE record's."""
    rec = Store(d.hw.nvm).get(CHALLENGE)
    return rec[4:].decode() if rec is not None else None


def blank_nvm():
    return bytearray(b"\xff" * 8192)


def entry(d, row="code"):
    """From the title: the set-up, down to its challenge row, A: the entry."""
    d.step(2)
    d.app.command(("setup",))
    scr = d.app.screen
    want = [r[0] for r in scr.rows].index(row)
    while scr.menu.cursor != want:
        d.press(keys.DOWN)
    d.press(keys.A)
    assert d.name() == "code"
    return d.app.screen


def type_in(d, text):
    """The entry's keys for ``text``, as a player presses them: right to each place,
    up or down the shorter way to its character."""
    scr = d.app.screen
    n = len(scr.cells)
    want = list(text) + [scr.symbols[0]] * (n - len(text))
    for i in range(n):
        if scr.cells[i] == want[i]:
            continue
        while scr.cursor != i:
            d.press(keys.RIGHT)
        while scr.cells[i] != want[i]:
            d.press(keys.UP if (scr.symbols.find(want[i]) - scr.symbols.find(scr.cells[i]))
                    % len(scr.symbols) <= len(scr.symbols) // 2 else keys.DOWN)


class Recorder:
    """Every action applied to a match and every event the app's console line is made
    of, in order (the app prints each event of its match: cucumber.console)."""

    def __init__(self, monkeypatch):
        self.actions = []
        self.events = []
        self.on = True
        apply = Match.apply_action
        line = console.event_line

        def apply_action(m, a):
            if self.on:
                self.actions.append((m.current_player(), a))
            apply(m, a)

        def event_line(e):
            if self.on:
                self.events.append(tuple(e))
            return line(e)
        monkeypatch.setattr(Match, "apply_action", apply_action)
        monkeypatch.setattr(console, "event_line", event_line)


def play_through(d):
    with contextlib.redirect_stdout(io.StringIO()):
        assert d.auto(lambda dr: dr.name() == "end", max_steps=60000)


def engine_replay(ch, human_actions):
    """The challenge played by the engine as the terminal game and the arena play it
    (its match, its AIs, until ``finished``), the humans' actions those given: (events,
    actions, final scores). A challenge stopped after its rounds shows the events of its
    last move up to what would follow the round (the terminal game's ``show_events``)."""
    m = ch.match(log_events=True)
    bots = ch.players()
    acts = []
    events = list(m.events)
    m.events = []
    human = iter(human_actions)
    last = []
    while not ch.finished(m):
        s = m.current_player()
        a = next(human) if bots[s] is None else bots[s].choose(m.view(s))
        acts.append((s, a))
        m.apply_action(a)
        events += last
        last = m.events
        m.events = []
    if not m.is_terminal():
        for i in range(len(last)):
            if last[i][0] in (EV_DEAL, EV_SIT_OUT, EV_OFFER, EV_SUDDEN):
                last = last[:i]
                break
    return events + last, acts, list(m.scores)


# ----- the match a code sets up ------------------------------------------------------------

def test_a_code_entered_with_the_buttons_plays_the_engines_match(monkeypatch):
    rec = Recorder(monkeypatch)
    d = Driver(nvm=blank_nvm(), seed=3)
    scr = entry(d)
    type_in(d, CODE.replace("-", ""))
    assert scr.text() == CODE.replace("-", "")
    d.press(keys.A)
    assert d.name() == "challenge"
    offer = d.app.screen
    assert offer.head == "Challenge " + CODE
    assert offer.lines == ["Rules: gurka  Players: 4", "Human: P1", "AI medium: P3",
                           "AI hard: P2 P4", "The first 3 rounds count"]
    d.press(keys.A)
    ch = challenge.decode(CODE)
    app = d.app
    first = ch.match()
    assert [app.match.hand(s) for s in range(4)] == [first.hand(s) for s in range(4)]
    assert app.bot_seed == ch.bot_seed() and bytes(app.kinds) == ch.kinds
    assert code_of(d) == CODE
    play_through(d)
    m = app.match
    rec.on = False
    human = [a for s, a in rec.actions if ch.kinds[s] == HUMAN]
    events, acts, scores = engine_replay(ch, human)
    assert rec.actions == acts  # every AI decision the engine's
    assert list(m.scores) == scores and m.round_no == 3 == ch.length
    # the same events up to the stop; then the app's end of the match
    assert rec.events[:-1] == events and rec.events[-1][0] == EV_WIN
    assert m.is_terminal() and Store(d.hw.nvm).get(MATCH) is None  # nothing to continue
    # its end page shows the code, and who won: the lowest total
    end = d.app.screen
    assert end.name == "end"
    shown = [t.text for t in layout_texts(end.group)]
    assert "Challenge " + CODE in shown
    assert m.scores[m.winner] == min(m.scores)


def test_another_versions_code_says_so_on_a_page_before_its_offer():
    ch = challenge.decode(CODE)
    ch.version = 3  # made by another version of the game
    other = challenge.encode(ch)
    d = Driver(nvm=blank_nvm(), seed=3)
    entry(d)
    type_in(d, other)
    d.press(keys.A)
    page = d.app.screen
    assert d.name() == "message"
    shown = " ".join(t.text for t in layout_texts(page.group))
    assert shown.startswith("Another version Another version of the game made this code")
    d.press(keys.B)  # back to the code, as typed
    assert d.name() == "code" and d.app.screen.text() == other
    d.press(keys.A)
    d.press(keys.A)  # A on the page: its offer, then its match, as this version plays it
    assert d.name() == "challenge" and d.app.screen.head == "Challenge " + challenge.show(other)
    d.press(keys.A)
    first = ch.match()
    assert [d.app.match.hand(s) for s in range(4)] == [first.hand(s) for s in range(4)]
    assert code_of(d) == challenge.show(other)  # its end shows the code as it was typed


def layout_texts(group):
    from test_menus_lang import texts
    return texts(group)


def test_a_clock_that_knows_the_day_starts_the_daily_entry_on_it(monkeypatch):
    """The browser's clock (and a board whose clock was set) knows today."""
    import time
    monkeypatch.setattr(time, "localtime", lambda *a: (2027, 3, 9, 12, 0, 0, 1, 68, -1))
    d = Driver(nvm=blank_nvm(), seed=4)
    assert entry(d, "daily").text() == "2027-03-09"


def test_the_daily_challenge_from_its_date(monkeypatch):
    import time
    # a board's clock starts at 2000 after every reset: the entry starts from DATE
    monkeypatch.setattr(time, "localtime", lambda *a: (2000, 1, 1, 0, 0, 0, 5, 1, -1))
    rec = Recorder(monkeypatch)
    d = Driver(nvm=blank_nvm(), seed=4)
    scr = entry(d, "daily")
    assert scr.text() == challenges.DATE
    type_in(d, "2025-03-14")
    d.press(keys.A)
    assert d.name() == "challenge"
    assert d.app.screen.head == "Daily challenge 2025-03-14"
    assert d.app.screen.lines[-1] == "The whole match counts"
    d.press(keys.A)
    ch = challenge.daily("2025-03-14")
    assert code_of(d) == "9JRB-JVL9-R2CW" == challenge.show(challenge.encode(ch))
    play_through(d)
    rec.on = False
    human = [a for s, a in rec.actions if ch.kinds[s] == HUMAN]
    events, acts, scores = engine_replay(ch, human)
    assert rec.actions == acts and list(d.app.match.scores) == scores
    assert d.app.match.round_no >= 5  # the daily's five rounds (and sudden death)


# ----- what is not a code ------------------------------------------------------------------

@pytest.mark.parametrize("i", INDEXES)
def test_a_wrong_character_says_where_in_the_players_language_and_changes_nothing(i):
    d = Driver(nvm=blank_nvm(), seed=3)
    lang.choose(i)
    d.app.prefs.lang = i
    scr = entry(d)
    wrong = CODE.replace("-", "")
    wrong = wrong[:3] + ("2" if wrong[3] != "2" else "3") + wrong[4:]
    type_in(d, wrong)
    nvm = bytes(d.hw.nvm)
    d.press(keys.A)
    assert d.name() == "code" and scr.err_group is not None
    w = lang.section("challenge")
    ordinal = w[challenges._ORDINALS].split(" ")[3]
    want = w[challenges._CHECK] % ordinal
    box = " ".join(t.text for t in layout_texts(scr.err_group))
    assert box == " ".join(_wrap(want))
    assert bytes(d.hw.nvm) == nvm  # nothing written
    layout_ok(scr.group, "code error")
    d.press(keys.B)  # any key closes the box; the code is as it was
    assert scr.err_group is None and scr.text() == wrong and d.name() == "code"
    d.press(keys.B)
    assert d.name() == "setup"


def _wrap(text):
    from cucumber import ui
    return ui.wrap(text, 25)


@pytest.mark.parametrize("what,text", [
    ("empty", ""), ("length", "2RVA9KB5DJ"), ("check", "2RVA9KB5DJFW23"),
])
def test_every_kind_of_bad_code_is_one_message(what, text):
    d = Driver(nvm=blank_nvm(), seed=3)
    scr = entry(d)
    type_in(d, text)
    d.press(keys.A)
    assert scr.err_group is not None and d.name() == "code"
    with pytest.raises(challenge.ChallengeError) as e:
        challenge.decode(text)
    assert e.value.what == what or what == "check"


def test_a_blank_inside_a_code_names_its_place():
    d = Driver(nvm=blank_nvm(), seed=3)
    scr = entry(d)
    type_in(d, "2RVA" + challenges.BLANK + "KB5DJFW")
    d.press(keys.A)
    box = " ".join(t.text for t in layout_texts(scr.err_group))
    assert box == " ".join(_wrap("Not a code: check the 5th character."))


def test_the_entry_and_the_set_up_are_never_loaded_together():
    """The set-up's code goes before the entry's loads, and back: the title's run holds
    one of them at a time (together they were its tightest moment on the board rig)."""
    import sys
    d = Driver(nvm=blank_nvm(), seed=3)
    entry(d)
    assert "cucumber.menus" not in sys.modules
    d.press(keys.B)
    assert d.name() == "setup"
    assert "cucumber.challenges" not in sys.modules


def test_a_day_that_does_not_exist_is_refused():
    d = Driver(nvm=blank_nvm(), seed=3)
    scr = entry(d, "daily")
    type_in(d, "2025-02-29")
    d.press(keys.A)
    assert d.name() == "code"
    box = " ".join(t.text for t in layout_texts(scr.err_group))
    assert box == " ".join(_wrap("Not a date: that day does not exist."))


def test_every_challenge_error_has_words_in_every_language():
    for i in INDEXES:
        lang.choose(i)
        w = lang.section("challenge")
        for what, values in (("empty", ()), ("length", (13,)), ("symbol", (16, "0")),
                             ("check", (12,)), ("swap", (15, 16)), ("typo", ()),
                             ("newer", ()), ("invalid", ()), ("date", ()),
                             ("range", ("seed", 0, 4095, 5000))):
            e = challenge.ChallengeError()
            e.what = what
            e.values = values
            text = challenges.error_text(e, w)
            assert "%" not in text and len(_wrap(text)) <= 6, (lang.code(), what, text)


# ----- every match has a code; the next challenge -----------------------------------------

def test_a_set_up_match_is_a_challenge_whose_code_plays_it_again():
    d = Driver(nvm=blank_nvm(), seed=9)
    d.start(profile=2, players=5, kinds=(HUMAN, EASY, MEDIUM, HARD, MEDIUM), threshold=25,
            reentry=3, stakes=1)
    app = d.app
    code = code_of(d)
    assert code is not None
    ch = challenge.decode(code)
    m = ch.match()
    assert [m.hand(s) for s in range(m.n)] == [app.match.hand(s) for s in range(m.n)]
    assert ch.kinds == bytes(app.kinds) and ch.bot_seed() == app.bot_seed
    # the same settings (what a code leaves out is what this match never reads)
    assert challenge.encode(Challenge(app.match.rules, app.kinds, ch.seed)) == \
        challenge.encode(ch) and ch.length == 0
    # not a challenge played as one: the statistics keep no best for it
    assert not Store(d.hw.nvm).get(CHALLENGE)[0] & codes.COUNTED


def test_a_match_with_a_students_bot_has_no_code(tmp_path, monkeypatch):
    from test_classroom import bot_driver
    from cucumber.settings import BOT
    d = bot_driver(tmp_path, monkeypatch, "def choose(view):\n    return view.legal[0]\n")
    d.start(profile=0, players=4, kinds=(HUMAN, BOT, MEDIUM, MEDIUM))
    assert Store(d.hw.nvm).get(CHALLENGE) is None


def test_a_at_a_challenges_end_plays_the_next_challenge():
    d = Driver(nvm=blank_nvm(), seed=3)
    entry(d)
    type_in(d, CODE.replace("-", ""))
    d.press(keys.A, keys.A)
    play_through(d)
    d.press(keys.A)  # rematch
    ch = challenge.decode(CODE)
    nxt = Challenge(ch.rules, ch.kinds, ch.seed + 1, ch.length)
    assert code_of(d) == challenge.show(challenge.encode(nxt))
    assert d.app.bot_seed == nxt.bot_seed()
    m = nxt.match()
    assert [m.hand(s) for s in range(m.n)] == [d.app.match.hand(s) for s in range(m.n)]
    assert Store(d.hw.nvm).get(CHALLENGE)[0] == codes.COUNTED  # it counts too


class _Restarted(Exception):
    pass


def test_on_the_board_the_next_challenge_is_made_in_the_titles_run(monkeypatch):
    """engine.challenge never loads in a match's run: A at the end asks for the next
    challenge in the record and restarts the board into code.py, whose title run starts
    it (and restarts into match.py)."""
    from cucumber.app import App
    import sys
    d = Driver(nvm=blank_nvm(), seed=3)
    entry(d)
    type_in(d, CODE.replace("-", ""))
    d.press(keys.A, keys.A)
    play_through(d)
    calls = []

    def restart(code_file=None):
        calls.append(code_file)
        raise _Restarted

    d.hw.restart = restart
    with pytest.raises(_Restarted):
        d.press(keys.A)
    assert calls == [None]  # code.py
    rec = Store(d.hw.nvm).get(CHALLENGE)
    assert rec[0] & codes.AGAIN
    # (the modules the test takes away come back after it: other tests hold their classes)
    monkeypatch.delitem(sys.modules, "cucumber.codes", raising=False)
    with pytest.raises(_Restarted):
        App(d.hw, store=Store(d.hw.nvm), seed=99)
    assert calls == [None, "match.py"]
    store = Store(d.hw.nvm)
    ch = challenge.decode(CODE)
    nxt = Challenge(ch.rules, ch.kinds, ch.seed + 1, ch.length)
    rec = store.get(CHALLENGE)
    got = (rec[0], rec[1], rec[2] | rec[3] << 8, rec[4:].decode())
    assert got == (codes.COUNTED, 3, nxt.bot_seed(), challenge.show(challenge.encode(nxt)))
    assert store.get(MATCH) is not None
    # match.py: straight into it, the code known, engine.challenge not loaded
    for name in ("engine.challenge", "cucumber.challenges", "cucumber.codes"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    d.hw.restart = None
    app = App(d.hw, store=Store(d.hw.nvm), seed=5, entry="match.py")
    assert app.screen.name in ("table", "cover")
    assert "engine.challenge" not in sys.modules


# ----- the statistics ----------------------------------------------------------------------

def test_the_statistics_keep_the_best_of_the_last_three_challenges():
    st = Stats()
    codes = []
    for seed in (1, 2, 3, 4):
        ch = Challenge(Rules("agurk"), (HUMAN, MEDIUM, MEDIUM, MEDIUM), seed, 2)
        codes.append(challenge.show(challenge.encode(ch)))
    m = ch.match()

    def play(code, score):
        m.scores[0] = score
        st.bests = challenged.count(st.bests, record(2, 2, 0, code),
                                    bytes((HUMAN, MEDIUM, MEDIUM, MEDIUM)), m)
    play(codes[0], 20)
    play(codes[1], 7)
    play(codes[0], 25)  # worse: the best stays, the code comes first
    assert challenged.entries(st.bests) == [(codes[0].replace("-", ""), 20),
                                            (codes[1].replace("-", ""), 7)]
    play(codes[2], 3)
    play(codes[3], 300)
    assert [s for c, s in challenged.entries(st.bests)] == [300, 3, 20]  # the oldest went
    again = Stats.decode(st.encode())
    assert again.bests == st.bests and len(st.encode()) <= 64
    assert st.lines()[-3:] == ["%s  best %d" % (codes[3], 300), "%s  best %d" % (codes[2], 3),
                               "%s  best %d" % (codes[0], 20)]
    # a record without challenges is as it always was (version 1, 32 bytes)
    assert len(Stats().encode()) == 32 and Stats().encode()[1] == 1
    long = Challenge(Rules("agurk", players=2, threshold=33), (HUMAN, HARD), 5, 50)
    code16 = challenge.show(challenge.encode(long))
    assert len(code16) == 19
    play(code16, 11)
    assert challenged.entries(st.bests)[0] == (code16.replace("-", ""), 11)


def test_a_challenge_played_on_the_device_shows_its_best_in_the_settings():
    d = Driver(nvm=blank_nvm(), seed=3)
    entry(d)
    type_in(d, CODE.replace("-", ""))
    d.press(keys.A, keys.A)
    play_through(d)
    score = d.app.match.scores[0]
    st = Stats.decode(Store(d.hw.nvm).get(STATS))
    assert st.matches == 1 and challenged.entries(st.bests) == [(CODE.replace("-", ""), score)]
    d.app.command(("title",))
    d.step(2)
    d.app.command(("settings",))
    lines = [t.text for t in d.app.screen.stat_lines]
    assert "%s  best %d" % (CODE, score) in lines
    font = d.app.screen.stat_lines[0].font
    assert all(font.chars.find(c) >= 0 for c in "".join(lines))  # every letter drawn


@pytest.mark.parametrize("i", INDEXES)
def test_the_statistics_lines_fit_in_every_language(i):
    lang.choose(i)
    st = Stats()
    st.matches = 999
    st.played[0] = st.won[0] = 999
    m = Match(Rules("agurk"), seed=1)
    for length, players in ((50, 2), (2, 4), (3, 4)):
        ch = Challenge(Rules("agurk", players=players, threshold=33 if length > 10 else 21),
                       (HUMAN,) + (HARD,) * (players - 1), length, length)
        m.scores[0] = 999
        st.bests = challenged.count(st.bests, record(
            2, 0, 0, challenge.show(challenge.encode(ch))), (HUMAN, HARD, HARD, HARD), m)
    for line in st.lines():
        assert len(line) <= 26, (lang.code(), line)
    scr = menus.SettingsScreen(menus_prefs(), st)
    layout_ok(scr.group, "settings with bests")
    # a player's matches, their wins and the three challenges: every line shown
    assert [t.text for t in scr.stat_lines] == st.lines() and len(st.lines()) == 5


def menus_prefs():
    from cucumber.settings import Prefs
    return Prefs()


# ----- the screens in every language -------------------------------------------------------

def layout_ok(group, what):
    from test_menus_lang import fits
    fits(group, what)
    assert not layout.problems(group), (what, layout.problems(group))


@pytest.mark.parametrize("i", INDEXES)
def test_the_challenge_screens_fit_in_every_language(i):
    lang.choose(i)
    for date, text in ((False, ""), (False, CODE.replace("-", "")), (True, "2025-03-14")):
        scr = challenges.Entry(date, text)
        layout_ok(scr.group, "entry")
        for k in (keys.LEFT, keys.UP, keys.RIGHT, keys.DOWN):
            scr.key(k)
        layout_ok(scr.group, "entry")
    worst = (
        Challenge(Rules("ogorek", players=7), (HUMAN, EASY, MEDIUM, HARD, HUMAN, EASY, MEDIUM),
                  4095, 10),
        Challenge(Rules("agurk", players=7), (HUMAN, HARD, EASY, HARD, MEDIUM, HARD, EASY), 1, 1),
        Challenge(Rules("gurka", players=2, threshold=99), (HUMAN, HARD), 7, 99),
        challenge.daily("2025-03-14"))
    w = lang.section("challenge")
    page = menus.Message(w[challenges._OTHER_TITLE], w[challenges._OTHER_TEXT], (), (),
                         w[challenges._OTHER_PLAY], w[challenges._OTHER_BACK])
    layout_ok(page.group, "another version %s" % lang.code())
    assert len(ui.wrap(w[challenges._OTHER_TEXT], 26)) <= 6  # (Message shows six lines)
    assert len(w[challenges._OTHER_TITLE]) <= 17
    for ch in worst:
        scr = challenges.Offer(ch, "2025-03-14", ch.length == 0)
        layout_ok(scr.group, "offer %s" % lang.code())
        assert len(scr.head) <= 26
        scr = challenges.Offer(ch, "", False)
        layout_ok(scr.group, "offer %s" % lang.code())
    m = worst[0].match()
    m.winner = 0
    m.scores[:] = [999] * 7
    for ch in worst:
        line = challenged.end_line(record(0, 0, 0, challenge.show(challenge.encode(ch))))
        assert len(line) <= 26
        end = summary.MatchEnd(m, bytes(7), None, line)
        layout_ok(end.group, "end %s" % lang.code())


def test_the_match_side_alphabet_and_constants_are_the_engines_and_menus():
    assert challenged.ALPHABET == challenge.ALPHABET
    for name in ("_PROFILE", "_PLAYERS", "_HUMAN"):
        assert getattr(challenges, name) == getattr(menus, name), name
    from engine import match
    for name in ("EV_DEAL", "EV_OFFER", "EV_SUDDEN", "EV_SIT_OUT"):
        assert getattr(lastround, "_" + name) == getattr(match, name), name


def test_a_stopped_challenge_drops_what_would_follow_its_last_round():
    """Fixed rounds with a tie at the end go to sudden death; a challenge of as many
    rounds ends there instead (as engine.challenge's ``finished`` says): no sudden death
    page, the lowest total wins (the first of the tied in seat order)."""
    r = Rules("agurk", players=4, lives=1, end=2, rounds=1)
    ch = Challenge(r, (MEDIUM,) * 4, 17, 1)
    m = ch.match(log_events=True)
    ps = ch.players()
    while not ch.finished(m):
        s = m.current_player()
        m.apply_action(ps[s].choose(m.view(s)))
    # one took the last trick: the other three tie at 0, and the engine plays on
    assert m.sudden and any(e[0] == EV_SUDDEN for e in m.events)
    m2 = ch.match(log_events=True)
    lastround.stop_after(m2, 1)
    ps = ch.players()
    while not m2.is_terminal():
        s = m2.current_player()
        m2.apply_action(ps[s].choose(m2.view(s)))
    kinds = [e[0] for e in m2.events]
    assert EV_SUDDEN not in kinds and kinds[-1] == EV_WIN and not m2.sudden
    low = min(m2.scores)
    assert m2.winner == m2.scores.index(low) and m2.scores.count(low) == 3
    assert m2.round_no == 1


# ----- the simulator ---------------------------------------------------------------------

def test_the_simulator_opens_on_what_the_code_sets_up_and_a_plays_it(tmp_path, monkeypatch):
    import simulator
    seen = {}

    def run(display, hw, app, frames=0, **kw):  # the window's loop: the app as it opened
        seen["app"] = app
        return 0

    monkeypatch.setattr(simulator, "run", run)
    import displayio
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert simulator.main(["--headless", "--challenge", CODE.lower(),
                                   "--nvm", str(tmp_path / "nvm.bin")]) == 0
        app = seen["app"]
        assert app.screen.name == "challenge" and app.screen.head == "Challenge " + CODE
        app.command(app.screen.key(keys.A))  # A, as the window's loop hands it on
        ch = challenge.decode(CODE)
        first = ch.match()
        assert [app.match.hand(s) for s in range(4)] == [first.hand(s) for s in range(4)]
        assert app.bot_seed == ch.bot_seed()
    finally:
        displayio.release_displays()  # Blinka allows one display at a time


# ----- a sudden death, as the handheld tells it ---------------------------------------------

def sudden_death_match(i):
    """The daily challenge of 2025-03-14 (9JRB-JVL9-R2CW: the human ends on 67, the three
    AIs tie at 0) played in language ``i`` with A for every card and page: (every page as
    it first shows, its kind and texts, each checked to fit; the serial console's lines)."""
    from screenshots import use_language
    d = Driver(nvm=blank_nvm(), seed=3)
    use_language(d, lang.CODES[i])
    entry(d)
    type_in(d, "9JRBJVL9R2CW")
    d.press(keys.A)
    d.press(keys.A)
    pages = []
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        shown = None
        for _ in range(60000):
            n = d.name()
            if n not in ("table", "cover") and d.app.screen is not shown:
                shown = d.app.screen
                layout_ok(shown.group, (lang.code(), n))
                pages.append((n, [t.text for t in layout_texts(shown.group)]))
            if n == "end":
                break
            d.auto(lambda dr: False, max_steps=1)  # one step, the human answered by A
    return pages, out.getvalue().splitlines()


def test_the_handheld_heads_a_sudden_death_and_says_who_drops_out_and_who_won():
    pages, console_lines = sudden_death_match(lang.ENGLISH)
    table = ["P1", "P2", "P3", "P4"]  # the last trick's seats, over its cards
    assert pages[-6:] == [
        ("round", ["Round 5: last trick"] + table + ["P1 +13  now 67", "P1:67 P2:0 P3:0 P4:0 ",
                                                     "A: continue"]),
        ("sudden", ["Sudden death", "Tied for lowest:", "P2 P3 P4", "They play one more round.",
                    "A: continue"]),
        ("round", ["Sudden death round"] + table + ["P3 +9: out of the tie",
                                                    "P1:67 P2:0 P3:0 P4:0 ", "A: continue"]),
        ("sudden", ["Sudden death", "Tied for lowest:", "P2 P4", "They play one more round.",
                    "A: continue"]),
        ("round", ["Sudden death round"] + table + ["P2 +9: out of the tie",
                                                    "P1:67 P2:0 P3:0 P4:0 ", "A: continue"]),
        ("end", ["P4 wins!", "AI medium", "won the sudden death", "P1  67", "P2   0", "P3   0",
                 "P4   0", "Challenge 9JRB-JVL9-R2CW", "A: rematch  B: title"])]
    # the serial console tells the same: the sudden death's rounds by their players (no
    # sixth round, no dealer outside the tie), who drops out of it, who wins
    events = [ln for ln in console_lines if " plays " not in ln and " takes trick" not in ln]
    assert events[-9:] == [
        "round 5: P3 deals", "P1 takes 13 points: score 67", "sudden death: 3 players",
        "sudden-death round: P2 P3 P4", "out of the tie: P3", "sudden death: 2 players",
        "sudden-death round: P2 P4", "out of the tie: P2", "P4 wins the match"]


@pytest.mark.parametrize("i", INDEXES)
def test_a_sudden_death_reads_the_same_in_every_language(i):
    pages, console_lines = sudden_death_match(i)
    w = lang.section("roundend")
    ev = lang.section("event")
    end = lang.section("matchend")
    kinds = [k for k, _ in pages[-6:]]
    assert kinds == ["round", "sudden", "round", "sudden", "round", "end"]
    texts = [t for _, t in pages[-6:]]
    assert texts[0][0] == w[summary._TITLE] % 5  # the fifth round, not the sudden death's
    assert texts[1][0] == ev[summary._SUDDEN] and "P2 P3 P4" in texts[1]  # who is in it
    assert ev[summary._TIED] in " ".join(texts[1])  # (a line wrapped to the screen's width)
    assert texts[2][0] == w[summary._SUDDEN_ROUND]
    assert w[summary._TIE_OUT] % ("P3", 9) in texts[2]
    assert texts[3][0] == ev[summary._SUDDEN] and "P2 P4" in texts[3]
    assert w[summary._TIE_OUT] % ("P2", 9) in texts[4]
    assert end[summary._SUDDEN_WON] in texts[5]
    word = console.word
    tb = lang.section("tiebreak")
    told = [ln for ln in console_lines if ln in (
        word(console._SUDDEN) % 3, word(console._SUDDEN) % 2, word(console._WIN) % "P4",
        tb[console._SUDDEN_DEAL] % "P2 P3 P4", tb[console._SUDDEN_DEAL] % "P2 P4",
        tb[console._TIE_OUT] % "P3", tb[console._TIE_OUT] % "P2",
        word(console._DEAL) % (6, "P4"), word(console._DEAL) % (6, "P1"))]
    assert told == [
        word(console._SUDDEN) % 3, tb[console._SUDDEN_DEAL] % "P2 P3 P4",
        tb[console._TIE_OUT] % "P3", word(console._SUDDEN) % 2,
        tb[console._SUDDEN_DEAL] % "P2 P4", tb[console._TIE_OUT] % "P2",
        word(console._WIN) % "P4"]
