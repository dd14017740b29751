"""Challenge codes (engine.challenge): every profile and setting round-trips, every typo a
check symbol can catch is caught and placed, bad input gets one line, and a code plays
to the same transcript on CPython, MicroPython 1.27 and the board rig's 32-bit
MicroPython."""

import hashlib
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from engine import challenge, challengex
from engine.challenge import ALPHABET, Challenge, ChallengeError, EASY, HARD, HUMAN, MEDIUM
from engine.rules import (
    END_FIRST_OUT, END_FIXED_ROUNDS, END_LAST_STANDING, FIELDS, LIMITS, PROFILES, Rules,
)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "mpy"))
import challenge_play  # noqa: E402

SETUP_THRESHOLDS = (11, 15, 21, 25, 30, 40, 50)  # cucumber.settings.THRESHOLDS


def limits(field):
    i = FIELDS.index(field)
    return LIMITS[2 * i], LIMITS[2 * i + 1]


@st.composite
def any_rules(draw):
    """Any Rules engine.rules accepts, every field anywhere in its limits, drawn so that
    the combination is always allowed (no input is thrown away)."""
    r = Rules(draw(st.sampled_from(PROFILES)))
    for f in FIELDS:
        lo, hi = limits(f)
        v = draw(st.integers(lo, hi))
        setattr(r, f, bool(v) if hi == 1 else v)
    if r.end != END_LAST_STANDING:
        r.reentries = 0  # nobody is out, so nobody re-enters
    if not r.reentry_choice:
        r.reentry_sit_out = False  # sitting out is a choice
    if r.reentries and r.reentry_choice:
        r.reentry_min_others = draw(st.integers(0, r.players - 1))
    return r.validate()


@st.composite
def challenges(draw, rules=None):
    r = draw(rules if rules is not None else any_rules())
    kinds = draw(st.lists(st.integers(HUMAN, HARD), min_size=r.players, max_size=r.players))
    return Challenge(r, kinds, draw(st.integers(0, 4095)), draw(st.integers(0, 99)))


@st.composite
def setup_rules(draw):
    """Rules as the set-up screen makes them (cucumber.settings.Setup.rules)."""
    r = Rules(draw(st.sampled_from(PROFILES)), lives=1)
    r.players = draw(st.integers(2, 7))
    r.end = draw(st.integers(0, 2))
    # none, 2, 3 or 4 lives, buy-back (three others still in: 4 players or more), comeback
    modes = [0] if r.end else [0, 1, 2, 3, 5] + ([4] if r.players >= 4 else [])
    mode = draw(st.sampled_from(modes))
    if 1 <= mode <= 3:
        r.set_lives(mode + 1)
    elif mode == 4:
        r.set_buyback()
    elif mode == 5:
        r.set_comeback()
    r.hand = draw(st.integers(3, 7))
    for f in ("strict", "tie_all", "inverse", "stakes", "open_cards"):
        setattr(r, f, draw(st.booleans()))
    r.ace = draw(st.integers(0, 2))
    r.threshold = draw(st.sampled_from(SETUP_THRESHOLDS))
    r.rounds = draw(st.integers(1, 20))
    return r.validate()


def canonical(r):
    """``r`` without the settings a match never reads under the others: what a code keeps."""
    c = r.copy()
    if c.end != END_FIXED_ROUNDS:
        c.rounds = Rules(c.profile).rounds
    if not c.reentries or not c.reentry_choice:
        c.reentry_choice = c.reentry_sit_out = False
        c.reentry_chips = c.reentry_min_others = 0
    return c


def error(text):
    with pytest.raises(ChallengeError) as e:
        challenge.decode(text)
    message = str(e.value)
    assert "\n" not in message and message
    return e.value


# ----- round trips ----------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(challenges())
def test_every_profile_and_setting_round_trips(ch):
    code = challenge.encode(ch)
    assert len(code) in (12, 16) and set(code) <= set(ALPHABET)
    back = challenge.decode(code)
    assert back.rules == canonical(ch.rules)
    assert (back.kinds, back.seed, back.length) == (ch.kinds, ch.seed, ch.length)
    assert back.rules.profile == ch.rules.profile
    assert challenge.encode(back) == code


@settings(max_examples=300, deadline=None)
@given(challenges(setup_rules()), st.data())
def test_the_set_up_screens_choices_fit_in_12_characters(ch, data):
    ch.length = data.draw(st.integers(0, 10))
    code = challenge.encode(ch)
    assert len(code) == 12
    assert challenge.decode(code).rules == canonical(ch.rules)


@settings(max_examples=40, deadline=None)
@given(challenges())
def test_what_a_code_leaves_out_changes_nothing_in_the_match(ch):
    """The settings a code does not carry are never read: the match of the decoded
    challenge is the original's, event for event (random legal plays, a few rounds)."""
    back = challenge.decode(challenge.encode(ch))
    seed = ch.match_seed()
    assert back.match_seed() == seed
    from engine.match import Match
    a = Match(ch.rules.copy(), seed=seed, log_events=True)
    b = Match(back.rules.copy(), seed=seed, log_events=True)
    pick = random.Random(ch.seed)
    while not a.is_terminal() and a.round_no < 4:
        act = pick.choice(a.legal_actions())
        assert b.legal_actions() == a.legal_actions()
        a.apply_action(act)
        b.apply_action(act)
        assert a.events == b.events
    assert a.scores == b.scores and a.winner == b.winner


def test_read_with_or_without_separators_in_either_case():
    ch = challenge.daily("2025-03-14")
    code = challenge.encode(ch)
    shown = challenge.show(code)
    assert shown.split("-") == [code[0:4], code[4:8], code[8:12]]
    for typed in (shown, shown.lower(), " ".join(shown.split("-")), "  %s  " % code,
                  code.lower(), "%s %s.%s" % (code[:4], code[4:8], code[8:])):
        assert challenge.decode(typed) == ch
    assert challenge.show(code, " ") == shown.replace("-", " ")


def test_the_alphabet_has_no_confusable_characters():
    assert len(ALPHABET) == 32 == len(set(ALPHABET))
    assert not set("01IO") & set(ALPHABET)
    for c in "0O1I":
        e = error("ABCD" + c + "FGH2345")
        assert e.what == "symbol" and e.values == (5, c)
        assert str(e) == ("not a challenge code: the 5th character, %s, is never in a code"
                          " (no 0, 1, I or O)" % c)


# ----- typos ----------------------------------------------------------------------------

SAMPLE_CODES = [challenge.encode(challenge.daily("2025-03-14")),
                challenge.encode(Challenge(Rules("gurka", players=5, threshold=77),
                                           (HUMAN, HARD, HARD, MEDIUM, EASY), 4095, 42)),
                challenge.encode(Challenge(Rules("ogorek", players=7, comeback=True),
                                           (0,) * 7, 0, 0))]


def typo_codes():
    rnd = random.Random(5)
    out = list(SAMPLE_CODES)
    for _ in range(30):
        r = Rules(rnd.choice(PROFILES), players=rnd.randint(2, 7), hand=rnd.randint(3, 7),
                  threshold=rnd.randint(1, 250), lives=1, end=rnd.randint(1, 2),
                  rounds=rnd.randint(1, 99))
        out.append(challenge.encode(Challenge(
            r, [rnd.randint(0, 3) for _ in range(r.players)], rnd.randint(0, 4095),
            rnd.randint(0, 99))))
    return out


@pytest.mark.parametrize("code", typo_codes())
def test_every_wrong_character_is_caught_and_named(code):
    for i in range(len(code)):
        for c in ALPHABET:
            if c == code[i]:
                continue
            e = error(code[:i] + c + code[i + 1:])
            assert (e.what, e.values) == ("check", (i + 1,))
            assert str(e) == "not a challenge code: check the %s character" % (
                challengex.ordinal(i + 1))


@pytest.mark.parametrize("code", typo_codes())
def test_every_two_neighbours_swapped_are_caught_and_named(code):
    for i in range(len(code) - 1):
        if code[i] == code[i + 1]:
            continue  # the same code
        e = error(code[:i] + code[i + 1] + code[i] + code[i + 2:])
        assert (e.what, e.values) == ("swap", (i + 1, i + 2))


@settings(max_examples=300, deadline=None)
@given(challenges(), st.data())
def test_a_swap_anywhere_in_any_code_is_named(ch, data):
    code = challenge.encode(ch)
    i = data.draw(st.sampled_from([k for k in range(len(code) - 1) if code[k] != code[k + 1]]))
    e = error(code[:i] + code[i + 1] + code[i] + code[i + 2:])
    assert (e.what, e.values) == ("swap", (i + 1, i + 2))
    j = data.draw(st.integers(0, len(code) - 1))
    c = data.draw(st.sampled_from([x for x in ALPHABET if x != code[j]]))
    e = error(code[:j] + c + code[j + 1:])
    assert (e.what, e.values) == ("check", (j + 1,))


def test_the_ordinals():
    assert [challengex.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 16, 21, 22, 23)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "16th", "21st", "22nd", "23rd"]


# ----- bad input: one line --------------------------------------------------------------

@pytest.mark.parametrize("code", SAMPLE_CODES)
def test_truncated_and_over_long_codes_say_their_length(code):
    for k in range(1, len(code)):
        cut = code[:k]
        if len(cut) in (12, 16):
            continue  # a 16 cut to 12: a code whose check does not fit
        e = error(cut)
        assert (e.what, e.values) == ("length", (k,))
        assert str(e) == ("not a challenge code: a code has 12 or 16 characters, not %d"
                          % k)
    for extra in ("2", "Z", code, code[:3]):
        e = error(code + extra)
        assert e.what in ("length", "check", "swap", "typo")
    assert error(code + "2").what == "length"


def test_a_16_cut_to_12_and_doubled_letters_are_refused():
    long = SAMPLE_CODES[1]
    assert len(long) == 16
    assert error(long[:12]).what in ("check", "swap", "typo")
    short = SAMPLE_CODES[0]
    assert error(short[:6] + short[5:11]).what in ("check", "swap", "typo")


def test_no_run_of_one_symbol_is_a_code():
    for c in ALPHABET:
        for size in (12, 16):
            assert error(c * size).what in ("check", "swap", "typo")


def test_nothing_typed():
    for text in ("", "   ", "----", " - . _ "):
        e = error(text)
        assert (e.what, str(e)) == ("empty", "not a challenge code: nothing was typed")


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_a_challenge_or_one_line(text):
    try:
        ch = challenge.decode(text)
    except ChallengeError as e:
        assert str(e) and "\n" not in str(e)
        assert e.what in ("empty", "symbol", "length", "check", "swap", "typo", "newer",
                          "invalid")
        return
    assert challenge.encode(ch) in (challenge._clean(text),)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(ALPHABET), min_size=12, max_size=12))
def test_made_up_codes_are_refused_in_one_line(symbols):
    text = "".join(symbols)
    try:
        challenge.decode(text)
    except ChallengeError as e:
        assert "\n" not in str(e)


def with_check(symbols):
    """``symbols`` (values) and the two check symbols that make them a code."""
    n = len(symbols)
    s0, s1 = challenge._syndromes(bytes(list(symbols) + [0, 0]))
    return "".join(ALPHABET[v] for v in list(symbols) + [s0, s1])[:n + 2]


def test_no_column_nor_two_neighbours_sum_is_a_multiple_of_another():
    """Why every wrong symbol and every swap is placed: the sums a wrong symbol e at i
    gives are e times column i, a swap of neighbours differing by e gives e times the sum
    of their columns, and no two of those 31 directions are the same."""
    cols = [(challenge._COLUMNS[2 * i], challenge._COLUMNS[2 * i + 1]) for i in range(16)]
    vectors = cols + [(a ^ c, b ^ d) for (a, b), (c, d) in zip(cols, cols[1:])]
    assert cols[-2:] == [(1, 0), (0, 1)]  # the check symbols are the data's two sums
    directions = set()
    for a, b in vectors:
        assert a or b
        # a direction is the set of a vector's 31 multiples: its least one names it
        directions.add(min((challenge._mul(e, a), challenge._mul(e, b)) for e in range(1, 32)))
    assert len(directions) == len(vectors) == 31


def digits_of(code):
    return [ALPHABET.index(c) for c in code[:-2]]


def test_a_code_of_another_version_plays_and_knows_it():
    ch = challenge.daily("2030-01-01")
    assert not ch.another_version()
    for version in (1, 2, 3):  # (VERSION modulo 4: this one writes 0)
        ch.version = version
        code = challenge.encode(ch)
        got = challenge.decode(code)
        assert got == ch and got.another_version() and got.version == version
        assert challenge.encode(got) == code  # its own code, shown as it was typed
        # another version's digit in a length this one never writes: a later layout
        for size in (10, 14, 15):
            d = [0] * (size - 3) + [ALPHABET.index(code[9])]
            assert error(with_check(d)).what == "newer"
    # this version's digit in a code of another length: the length is wrong
    assert error(with_check([0] * 12)).what == "length"
    assert error("2" * 17).what == "length"  # no code is longer than 16
    # a 16-symbol code whose spare high digits are not zero: a later layout
    long = SAMPLE_CODES[1]
    d = digits_of(long)
    d[0] = 31
    assert error(with_check(d)).what == "newer"
    assert str(error(with_check(d))) == "this challenge code is from a newer version of the game"


def test_the_check_symbols_are_what_encode_writes():
    for code in SAMPLE_CODES:
        assert with_check(digits_of(code)) == code


def test_a_code_whose_settings_are_impossible_is_not_a_challenge():
    # buy-back needs three others still in: never with three players. Forge the code
    # by its digits: the long layout with every field at its lowest but the re-entry.
    ch = Challenge(Rules("agurk", players=4, buyback=True), (0, 1, 2, 3), 7, 0)
    code = challenge.encode(ch)
    assert len(code) == 12
    fields = [(4, 0), (21840, 16 + 0), (3, 0), (5, 4), (2, 0), (3, 0), (2, 0), (2, 0),
              (2, 0), (2, 0), (7, 2), (27, 4), (11, 0), (4096, 7)]  # 3 players, buy-back
    number = 0
    for radix, value in reversed(fields):
        number = number * radix + value
    digits = [number >> (5 * i) & 31 for i in range(10)]
    e = error(with_check(list(reversed(digits))))
    assert (e.what, str(e)) == ("invalid", "not a challenge code: no match has these settings")


def test_an_impossible_challenge_is_refused_when_made():
    r = Rules("gurka")
    for kinds, seed, length, what in (((0, 1, 2), 1, 0, "range"), ((0, 1, 2, 4), 1, 0, "range"),
                                      ((0, 1, 2, 3), 4096, 0, "range"),
                                      ((0, 1, 2, 3), -1, 0, "range"),
                                      ((0, 1, 2, 3), 1, 100, "range")):
        with pytest.raises(ChallengeError) as e:
            Challenge(r, kinds, seed, length)
        assert e.value.what == what and "\n" not in str(e.value)
    bad = Rules("gurka")
    bad.players = 9
    with pytest.raises(ChallengeError):
        Challenge(bad, (0,) * 9, 1)


# ----- the daily challenge ---------------------------------------------------------------

def test_the_daily_challenge_is_the_documented_table():
    ch = challenge.daily("2025-03-14")
    assert ch.rules == Rules("agurk", lives=1, end=END_FIXED_ROUNDS, rounds=5)
    assert ch.kinds == bytes((HUMAN, MEDIUM, MEDIUM, MEDIUM))
    assert ch.length == 0
    assert challenge.daily("2000-01-01").seed == 0
    assert challenge.daily("2000-01-31").seed == 30
    assert challenge.daily("2011-03-19").seed == 4095 and challenge.daily("2011-03-20").seed == 0
    assert ch.seed == 9204 % 4096  # 9,204 days after 2000-01-01
    assert len(challenge.encode(ch)) == 12


def test_every_day_of_a_decade_has_its_own_code():
    import datetime
    day = datetime.date(2024, 1, 1)
    codes = set()
    for k in range(4096):
        d = day + datetime.timedelta(days=k)
        ch = challenge.daily(d.isoformat())
        assert ch.seed == (d - datetime.date(2000, 1, 1)).days % 4096
        codes.add(challenge.encode(ch))
    assert len(codes) == 4096


@pytest.mark.parametrize("text", ["2025-02-29", "2025-13-01", "2025-00-10", "2025-04-31",
                                  "2025-1-01", "25-01-01", "2025/01/01", "", "today",
                                  "2025-01-01x", "2025-\u0661\u0662-01", "+025-01-01"])
def test_a_date_that_is_not_one_is_refused(text):
    with pytest.raises(ChallengeError) as e:
        challenge.daily(text)
    assert (e.value.what, str(e.value)) == (
        "date", "not a date: type it as YYYY-MM-DD, e.g. 2025-03-14")


def test_leap_days():
    assert challenge.daily("2024-02-29").seed != challenge.daily("2024-03-01").seed
    assert challenge.daily("2000-02-29")
    with pytest.raises(ChallengeError):
        challenge.daily("1900-02-29")


# ----- the same match everywhere -----------------------------------------------------------

def test_the_seeds_every_front_end_uses():
    ch = challenge.daily("2025-03-14")
    seed = ch.match_seed()
    assert 0 <= seed < 1 << 30
    assert ch.bot_seed() == seed & 0xFFFF
    assert [ch.seat_seed(s) for s in range(4)] == [ch.bot_seed() + 7 * s for s in range(4)]
    ps = ch.players()
    assert ps[0] is None and [p.level for p in ps[1:]] == [1, 1, 1]
    assert len({challenge.daily("2025-03-%02d" % d).match_seed() for d in range(1, 32)}) == 31


def test_a_challenge_of_n_rounds_stops_after_the_nth_penalty():
    r = Rules("agurk", players=4)
    ch = Challenge(r, (EASY, MEDIUM, EASY, MEDIUM), 99, 2)
    m = ch.match(log_events=True)
    ps = ch.players()
    penalties = 0
    while not ch.finished(m):
        s = m.current_player()
        m.apply_action(ps[s].choose(m.view(s)))
        penalties += sum(1 for e in m.events if e[0] == 4)  # EV_PENALTY
        m.events = []
    assert m.round_no == 2 and not m.is_terminal() and penalties >= 2
    whole = Challenge(r, (EASY, MEDIUM, EASY, MEDIUM), 99, 0)
    m = whole.match()
    ps = whole.players()
    while not whole.finished(m):
        s = m.current_player()
        m.apply_action(ps[s].choose(m.view(s)))
    assert m.is_terminal()


TRANSCRIPT_CASES = (
    Challenge(Rules("agurk", players=4), (EASY, MEDIUM, HARD, MEDIUM), 1234, 2),
    Challenge(Rules("gurka", players=3), (MEDIUM, EASY, MEDIUM), 77, 0),
    Challenge(Rules("ogorek", players=5, comeback=True, threshold=15),
              (EASY, MEDIUM, EASY, MEDIUM, EASY), 4095, 0),
    Challenge(Rules("agurk", players=6, lives=3, threshold=17, inverse=True, hand=5,
                    stakes=True, open_cards=False), (EASY,) * 6, 0, 4),
    Challenge(Rules("agurk", lives=1, end=END_FIXED_ROUNDS, rounds=5),
              (EASY, MEDIUM, MEDIUM, MEDIUM), 9204 % 4096, 0),  # the daily, AIs only
    Challenge(Rules("gurka", players=7, end=END_FIRST_OUT, ace=2, tie_all=True),
              (EASY, EASY, MEDIUM, EASY, EASY, MEDIUM, EASY), 2024, 0),
)
TRANSCRIPT_CODES = [challenge.encode(c) for c in TRANSCRIPT_CASES]


def cpython_transcripts():
    lines = []
    for code in TRANSCRIPT_CODES:
        challenge_play.transcript(code, lines.append)
    return lines


# What each transcript case plays, by the VERSION of engine.challenge that plays it: the
# first 16 hex digits of the SHA-256 of its transcript (challenge_play.transcript: every
# action and event, joined by newlines), case by case. A change in what the engine deals
# or an AI plays moves them; then raise engine.challenge.VERSION (a code of the old one
# then says so in every front end) and add the new version's hashes here.
GOLDEN_TRANSCRIPTS = {
    0: ("f381966bb867451c", "5fdbbceea19d27c4", "7bfb86fd5b35b458", "5dad78f459bfbcc3",
        "bb6462ad2e485bac", "ffa8a94c4dafe3dc"),
}


def test_the_codes_play_as_their_version_recorded_them():
    got = []
    for code in TRANSCRIPT_CODES:
        lines = []
        challenge_play.transcript(code, lines.append)
        got.append(hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16])
    got = tuple(got)
    version = challenge.VERSION
    assert version in GOLDEN_TRANSCRIPTS, (
        "engine.challenge.VERSION %d has no transcripts: add %r" % (version, got))
    assert got == GOLDEN_TRANSCRIPTS[version], (
        "what a code plays has changed (the deal or an AI's play): raise "
        "engine.challenge.VERSION and add its transcripts %r, so that a code of this "
        "version says it was made by another" % (got,))
    for other, hashes in GOLDEN_TRANSCRIPTS.items():
        assert other == version or hashes != got, "version %d plays as %d" % (other, version)


def test_the_transcript_cases_cover_both_lengths_and_every_end():
    assert {len(c) for c in TRANSCRIPT_CODES} == {12, 16}
    assert {c.rules.end for c in TRANSCRIPT_CASES} == {
        END_LAST_STANDING, END_FIRST_OUT, END_FIXED_ROUNDS}
    lines = cpython_transcripts()
    assert sum(1 for x in lines if x.startswith("act")) > 300
    assert any(x.startswith("ev 6 ") for x in lines)  # a comeback offered (EV_OFFER)


def test_a_code_plays_the_same_transcript_under_micropython():
    from mpyrun import GuestError, run_guest_file
    try:
        out, _ = run_guest_file(os.path.join(HERE, "mpy", "guest_challenge.py"),
                                paths=("", "lib", "host_tests/mpy"),
                                args={"CODES": TRANSCRIPT_CODES})
    except GuestError as e:
        pytest.fail(str(e))
    lines = out.splitlines()
    assert lines[-1] == "done"
    assert lines[:-1] == cpython_transcripts()


def test_a_code_plays_the_same_transcript_on_the_rig_32_bit_micropython(tmp_path):
    """micropython32: small ints of 31 bits, as on the board."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "build_unix32", os.path.join(ROOT, "tools", "rig", "build_unix32.py"))
    build_unix32 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_unix32)
    try:
        binary = build_unix32.ensure_built("pystubs")
    except build_unix32.BuildError as e:
        pytest.fail("micropython32 could not be built: %s" % e)
    with open(os.path.join(HERE, "mpy", "guest_challenge.py"), encoding="utf-8") as f:
        body = f.read()
    script = tmp_path / "main.py"
    script.write_text("CODES = %r\n%s" % (TRANSCRIPT_CODES, body), encoding="utf-8")
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(os.path.join(ROOT, p) for p in ("", "lib", "host_tests/mpy"))
    p = subprocess.run([binary, str(script)], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    lines = p.stdout.splitlines()
    assert lines[-1] == "done"
    assert lines[:-1] == cpython_transcripts()


# ----- the front ends -----------------------------------------------------------------------

def transcript_end(ch):
    """The scores and rounds at the end of AI-only challenge ``ch``, by the engine."""
    lines = []
    challenge_play.transcript(challenge.encode(ch), lines.append)
    words = lines[-1].split()
    return int(words[2]), [int(x) for x in words[words.index("scores") + 1:]]


def terminal(argv, answers=()):
    """terminal_game.main(argv) with scripted answers; (status, lines said)."""
    import terminal_game
    said = []
    answers = list(answers)

    def ask(text):
        said.append(text)
        if not answers:
            raise EOFError
        return answers.pop(0)
    status = terminal_game.main(list(argv), ask=ask, say=said.append, questions=False)
    terminal_game.use_language("en")
    return status, "\n".join(str(x) for x in said)


def test_the_terminal_game_plays_a_challenge_as_the_engine_does(tmp_path):
    ch = TRANSCRIPT_CASES[1]  # gurka, three AIs, the whole match
    code = challenge.show(challenge.encode(ch))
    status, out = terminal(["--challenge", code.lower(), "--save", str(tmp_path / "s.sav"),
                            "--no-pause"])
    assert status == 0
    rounds, scores = transcript_end(ch)
    assert "Final scores after %d rounds: %s" % (rounds, ", ".join(
        "P%d %d" % (s + 1, v) for s, v in enumerate(scores))) in out
    assert out.startswith("Challenge %s: gurka, 3 players" % code)
    assert ("Challenge %s: everyone who plays this code gets the same cards and AIs." % code
            ) in out
    assert not (tmp_path / "s.sav").exists()  # a finished match leaves no save


def test_the_terminal_game_stops_after_the_challenges_rounds():
    ch = TRANSCRIPT_CASES[0]  # agurk, the first 2 rounds
    status, out = terminal(["--challenge", challenge.encode(ch), "--save", "", "--no-pause"])
    rounds, scores = transcript_end(ch)
    assert status == 0 and rounds == 2
    assert "This challenge is the match's first 2 rounds" in out
    assert "The challenge ends here, after round 2." in out
    assert "Round 3" not in out
    assert "Final scores after 2 rounds: %s" % ", ".join(
        "P%d %d" % (s + 1, v) for s, v in enumerate(scores)) in out


@pytest.mark.parametrize("argv, line", [
    (["--challenge", SAMPLE_CODES[0][:-1] + ("2" if SAMPLE_CODES[0][-1] != "2" else "3")],
     "not a challenge code: check the 12th character"),
    (["--challenge", SAMPLE_CODES[0][:11]],
     "not a challenge code: a code has 12 or 16 characters, not 11"),
    (["--challenge", SAMPLE_CODES[0] + "X"],
     "not a challenge code: a code has 12 or 16 characters, not 13"),
    (["--challenge", "O" + SAMPLE_CODES[0][1:]],
     "not a challenge code: the 1st character, O, is never in a code (no 0, 1, I or O)"),
    (["--challenge", ""], "not a challenge code: nothing was typed"),
    (["--daily", "2025-02-29"], "not a date: type it as YYYY-MM-DD, e.g. 2025-03-14"),
    (["--challenge", SAMPLE_CODES[0], "--players", "5", "--seed", "3"],
     "--challenge sets the rules, the players and the seed: leave out --players --seed"),
    (["--lang", "fr", "--challenge", SAMPLE_CODES[0][:-1] + (
        "2" if SAMPLE_CODES[0][-1] != "2" else "3")],
     "pas un code de défi : vérifiez le 12e caractère"),
    (["--lang", "sv", "--challenge", SAMPLE_CODES[0][1] + SAMPLE_CODES[0][0]
      + SAMPLE_CODES[0][2:]],
     "inte en utmaningskod: kontrollera det 1:a och det 2:a tecknet (omkastade?)"),
])
def test_the_terminal_game_refuses_a_bad_code_in_one_line(argv, line, tmp_path, capsys):
    save = tmp_path / "s.sav"
    status, out = terminal(argv + ["--save", str(save)])
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert err.splitlines() == [err.strip()] and err.strip().endswith(": " + line)
    assert not save.exists()


def test_another_versions_code_says_so_in_the_terminal_game_and_plays():
    ch = challenge.daily("2025-03-14")
    ch.version = 2
    code = challenge.encode(ch)
    status, out = terminal(["--challenge", code, "--save", "", "--no-pause"],
                           answers=["1"] * 400)
    assert status == 0
    assert out.count("This code was made by another version of the game") == 1
    assert "Challenge %s" % challenge.show(code) in out


def test_the_daily_challenge_of_today_is_saved_and_continued(tmp_path, monkeypatch):
    import time
    import term_saves
    monkeypatch.setattr(time, "localtime", lambda *a: (2025, 3, 14, 9, 0, 0, 4, 73, 0))
    save = tmp_path / "s.sav"
    status, out = terminal(["--daily", "--save", str(save)], ["1", "1"])
    code = challenge.show(challenge.encode(challenge.daily("2025-03-14")))
    assert status == 0
    assert out.startswith("Daily challenge of 2025-03-14: code %s" % code)
    text = term_saves.classify(str(save))
    m, humans, levels, seed, ch, setup = term_saves.load_save(text)
    assert ch == challenge.daily("2025-03-14") and humans == {0} and not setup
    assert levels == ["human", "medium", "medium", "medium"]
    # continued: the code is said at its end
    status, out = terminal(["--save", str(save), "--no-pause"], ["y"] + ["1"] * 400)
    assert status == 0 and "Continuing: agurk" in out
    assert "Your penalty: " in out and "Challenge %s: everyone" % code in out


def test_a_save_whose_code_does_not_fit_its_match_is_not_continued(tmp_path):
    import json
    import term_saves
    from engine import save as engine_save
    ch = challenge.daily("2025-03-14")
    m = ch.match()
    record = {"humans": [0], "levels": ["human", "medium", "medium", "medium"], "seed": 1,
              "match": engine_save.dumps(m).hex(),
              "challenge": challenge.encode(TRANSCRIPT_CASES[0])}
    with pytest.raises(term_saves.SaveFileError) as e:
        term_saves.load_save(json.dumps(record))
    assert str(e.value) == "its challenge code does not fit the match"
    record["challenge"] = challenge.encode(ch)[:-1]
    with pytest.raises(term_saves.SaveFileError):
        term_saves.load_save(json.dumps(record))
    record["challenge"] = challenge.encode(ch)
    assert term_saves.load_save(json.dumps(record))[4] == ch


def test_the_arena_plays_the_teachers_deal_with_each_bot(capsys):
    import arena
    rows = arena.main(["--daily", "2025-03-14", "--bots", "medium,easy"])
    out = capsys.readouterr().out
    code = challenge.show(challenge.encode(challenge.daily("2025-03-14")))
    assert out.splitlines()[-1] == "challenge code: %s" % code
    assert [r["bot"] for r in rows] == ["medium", "easy"]
    # medium in the human seat plays as the challenge's own medium AI there would
    daily = challenge.daily("2025-03-14")
    all_ai = Challenge(daily.rules, (MEDIUM, MEDIUM, MEDIUM, MEDIUM), daily.seed, 0)
    rounds, scores = transcript_end(all_ai)
    assert rows[0]["penalty"] == [scores[0]] and rows[0]["scores"] == scores
    assert rows[0]["rounds"] == rounds == 5


@pytest.mark.parametrize("argv, line", [
    (["--challenge", "2222-2222-2222"], "not a challenge code: check "),
    (["--challenge", challenge.encode(TRANSCRIPT_CASES[1])], "has no human seat"),
    (["--daily", "2025-03-14", "--players", "4"], "leave out --players"),
    (["--daily", "2025-03-14", "--rule=inverse=1"], "leave out --rule"),
    (["--daily", "2025-03-14", "--bots", "nobody"], "unknown bot 'nobody'"),
])
def test_the_arena_refuses_in_one_line(argv, line, capsys):
    import arena
    with pytest.raises(SystemExit) as e:
        arena.main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and line in err and len(err.strip().splitlines()) == 1


def test_the_simulator_checks_a_code_before_anything(tmp_path, capsys):
    import simulator
    nvm = tmp_path / "nvm.bin"
    assert simulator.main(["--challenge", SAMPLE_CODES[0][:-2], "--nvm", str(nvm)]) == 2
    assert capsys.readouterr().err.strip() == (
        "simulator.py: not a challenge code: a code has 12 or 16 characters, not 10")
    try:
        assert simulator.main(["--lang", "da", "--daily", "2025-13-01"]) == 2
    finally:
        import terminal_game
        terminal_game.use_language("en")
    assert "ikke en dato" in capsys.readouterr().err
    assert not nvm.exists()


def test_a_teacher_makes_a_code_and_everyone_reads_it_back(capsys):
    import challenge_codes
    said = []
    assert challenge_codes.main(["make", "--profile", "gurka", "--seats",
                                 "human,hard,hard,hard", "--length", "3", "--seed", "7"],
                                out=said.append) == 0
    first = said[0].splitlines()[0]
    code = first.split()[1]
    ch = challenge.decode(code)
    assert ch.rules == Rules("gurka") and ch.kinds == bytes((HUMAN, HARD, HARD, HARD))
    assert (ch.seed, ch.length) == (7, 3) and len(challenge._clean(code)) == 12
    said = []
    assert challenge_codes.main(["show", code.lower()], out=said.append) == 0
    assert said[0].splitlines()[0] == first and "length: the first 3 rounds" in said[0]
    said = []
    assert challenge_codes.main(["make", "--seats", "human,easy,medium", "--rule",
                                 "threshold=17", "--rule", "comeback=1"],
                                out=said.append) == 0
    long = challenge.decode(said[0].splitlines()[0].split()[1])
    assert len(challenge.encode(long)) == 16 and long.rules.threshold == 17
    said = []
    assert challenge_codes.main(["daily", "2025-03-14"], out=said.append) == 0
    assert said[0].splitlines()[0] == "challenge %s" % challenge.show(
        challenge.encode(challenge.daily("2025-03-14")))


@pytest.mark.parametrize("argv, line", [
    (["make", "--seats", "human,robot"], "--seats: 'robot' is not one of human, easy, "
                                         "medium, hard"),
    (["make", "--seats", "human"], "--seats: 2 to 7 players, not 1"),
    (["make", "--seed", "4096"], "--seed: 0 to 4095, not 4096"),
    (["make", "--length", "100"], "--length: 0 to 99, not 100"),
    (["make", "--seats", "human,medium", "--rule", "buyback=1"],
     "these rules cannot be played: reentry_min_others"),
    (["show", "9JRB"], "not a challenge code: a code has 12 or 16 characters, not 4"),
    (["daily", "14/03/2025"], "not a date"),
])
def test_the_code_tool_refuses_in_one_line(argv, line, capsys):
    import challenge_codes
    assert challenge_codes.main(argv, out=pytest.fail) == 2
    err = capsys.readouterr().err
    assert err.startswith("challenge_codes.py: " + line) and err.count("\n") == 1


def test_another_match_after_a_challenge_is_the_next_seeds_challenge():
    ch = TRANSCRIPT_CASES[1]
    status, out = terminal(["--challenge", challenge.encode(ch), "--save", "", "--no-pause"],
                           ["y"])
    after = Challenge(ch.rules, ch.kinds, ch.seed + 1, ch.length)
    code = challenge.show(challenge.encode(after))
    assert status == 0 and "Next challenge: %s" % code in out
    assert "Challenge %s: everyone who plays this code" % code in out
