"""The terminal game as a player meets it: prompts, legal cards, bad input, pass-the-terminal,
save and continue, leaving at any prompt, damaged saves, watching once out, wording,
refused options."""

import json
import os
import re
import subprocess
import sys

import pytest

import ownfiles
import term_game
import term_input
import term_options
import term_saves
import term_table
import term_words
import terminal_game
from engine import ai, save
from engine.match import (
    EV_DEAL, EV_LIFE, EV_LOSER, EV_OFFER, EV_OUT, EV_PENALTY, EV_PLAY, EV_REENTER, EV_SIT_OUT,
    EV_SUDDEN, EV_TIEBREAK, EV_TRICK, EV_WIN, Match, PAY, SIT_OUT,
)
from engine.rules import Rules

GAME = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools",
                    "pc", "terminal_game.py")
CLEAR = "\033[H\033[2J\033[3J"

# What a player types at each kind of prompt when just playing along.
KINDS = (
    ("Rules:", "setup", ""), ("Players", "setup", ""), ("Humans", "setup", ""),
    ("A saved match is waiting", "continue", "y"), ("Pass to", "pass", ""),
    ("Play which card", "card", "1"), ("Press Enter to play", "card", ""),
    ("Your choice", "reentry", "p"), ("[Enter] next trick", "watch", ""),
    ("Play another match", "again", "n"),
)


def kind_of(prompt):
    for start, kind, _ in KINDS:
        if prompt.startswith(start):
            return kind
    raise AssertionError("unknown prompt %r" % prompt)


def play_along(prompt):
    for start, _, answer in KINDS:
        if prompt.startswith(start):
            return answer
    raise AssertionError("unknown prompt %r" % prompt)


class Script:
    """Feeds answers to the game's prompts and records everything it prints. After the
    given answers it plays along (the first legal card, Enter, ...). An answer may be
    EOFError (Ctrl-D) or KeyboardInterrupt (Ctrl-C), raised as input() would."""

    def __init__(self, answers=(), stop_at=None, limit=5000, by_kind=None):
        self.answers = list(answers)
        self.by_kind = by_kind or {}  # kind of prompt -> answers to give it, in turn
        self.stop_at = stop_at  # Ctrl-D at this prompt (counted from 0)
        self.lines = []
        self.prompts = []
        self.at = []  # where each prompt is in lines
        self.limit = limit

    def ask(self, prompt):
        self.at.append(len(self.lines))
        self.prompts.append(prompt)
        self.lines.append(prompt)
        assert len(self.prompts) < self.limit, "the game keeps asking"
        if len(self.prompts) - 1 == self.stop_at:
            raise EOFError
        if self.answers:
            a = self.answers.pop(0)
            if a in (EOFError, KeyboardInterrupt):
                raise a
            return a
        if self.by_kind.get(kind_of(prompt)):
            return self.by_kind[kind_of(prompt)].pop(0)
        return play_along(prompt)

    def say(self, text=""):
        self.lines.append(str(text))

    @property
    def text(self):
        return "\n".join(self.lines)

    def kinds(self):
        return [kind_of(p) for p in self.prompts]


def run(args, answers=(), questions=False, stop_at=None, by_kind=None):
    s = Script(answers, stop_at, by_kind=by_kind)
    rc = terminal_game.main(args, s.ask, s.say, questions=questions)
    return rc, s


def hands(lines):
    """(owner, hand line) for every hand shown."""
    out = []
    for i, line in enumerate(lines):
        if line.endswith("hand (playable cards are numbered):"):
            owner = "You" if line.startswith("Your") else line.split(",")[0]
            out.append((i, owner, lines[i + 1]))
    return out


# ----- playing ---------------------------------------------------------------------------

def test_one_human_plays_a_whole_match_to_a_winner(tmp_path):
    rc, s = run(["--seed", "3", "--save", str(tmp_path / "g.sav")])
    assert rc == 0
    assert re.search(r"\*\*\* (You win|P\d wins) the match", s.text)
    assert "Final scores after" in s.text
    assert not (tmp_path / "g.sav").exists()  # a finished match leaves no save behind
    assert s.kinds()[-1] == "again" and s.lines[-1] == "Bye."


def test_another_match_with_the_same_rules(tmp_path):
    rc, s = run(["--seed", "3", "--rounds", "1", "--save", str(tmp_path / "g.sav")],
                by_kind={"again": ["y", "n"]})
    assert rc == 0
    assert s.text.count("Final scores after 1 round:") == 2
    assert s.text.count("=== Round 1:") == 2


def test_bad_input_gets_a_message_and_the_turn_waits(tmp_path):
    rc, s = run(["--seed", "1", "--save", str(tmp_path / "g.sav")],
                ["banana", "99", "", "KS", "1", "q"])
    assert "'banana' is not a card" in s.text
    assert "No card numbered 99: choose 1 to 3." in s.text
    assert "Type the number beside a card" in s.text
    # the king of spades is not in the hand: said in the game's own words
    assert "K\u2660 is not in your hand." in s.text
    assert "player 1" not in s.text


def test_a_single_legal_card_is_played_with_enter(tmp_path):
    # Seed 108: at the ninth card asked for (round 2), only 3S may be played.
    rc, s = run(["--seed", "108", "--save", str(tmp_path / "g.sav")],
                ["1"] * 8 + ["2", "", "q"])
    assert "  Only legal card: 3\u2660 - press Enter to play it." in s.lines
    assert "Press Enter to play 3\u2660 (h for help) " in s.prompts
    assert "No card numbered 2: the only legal card is 3\u2660, press Enter." in s.lines
    assert "  You play 3\u2660: your lowest card, always allowed" in s.lines
    assert "choose 1 to 1" not in s.text


def test_an_illegal_card_is_explained(tmp_path):
    # Seed 16, agurk: at the eighth card asked for, the human (seat 0) holds 5H, which is
    # too low for the trick and not their lowest card: illegal.
    rc, s = run(["--seed", "16", "--save", str(tmp_path / "g.sav")], ["1"] * 7 + ["5H", "q"])
    assert "is illegal: play a card at least as high as" in s.text


def test_quit_saves_and_the_next_start_continues_the_same_match(tmp_path):
    path = str(tmp_path / "g.sav")
    rc, s1 = run(["--seed", "8", "--save", path], ["1", "q"])
    assert rc == 0
    assert "Match saved in %s" % path in s1.text
    rc, s2 = run(["--save", path], ["y", "q"])
    assert "Continuing" in s2.text
    # The hand shown after continuing is the one shown before quitting.
    assert hands(s2.lines)[0][1:] == hands(s1.lines)[-1][1:]


def test_a_save_that_cannot_be_written_is_said_and_the_match_goes_on(tmp_path):
    rc, s = run(["--seed", "3", "--rounds", "1", "--save", str(tmp_path / "no" / "g.sav")])
    assert rc == 0
    assert "Cannot save the match in" in s.text and "goes on unsaved" in s.text
    assert "Final scores" in s.text


# ----- leaving at any prompt (Ctrl-D, Ctrl-C) ----------------------------------------------

SCENARIOS = {
    # one human, out in round 5: card prompts (also a single legal card), watching, the end
    "one human": ["--seed", "3", "--threshold", "12", "--lives", "1"],
    # two humans, comeback: pass screens, card prompts, a re-entry answer, the end
    "two humans": ["--seed", "2", "--comeback", "--threshold", "8", "--humans", "2"],
}


def leave_points():
    """(scenario, kind, index of the first prompt of that kind) for every kind of prompt."""
    out = []
    for name, args in SCENARIOS.items():
        _, s = run(args + ["--save", ""])
        first = {}
        for i, k in enumerate(s.kinds()):
            first.setdefault(k, i)
        for k, i in first.items():
            out.append((name, k, i))
    return out


LEAVE_POINTS = leave_points()


def test_the_scenarios_reach_every_kind_of_prompt_in_a_match():
    kinds = {k for _, k, _ in LEAVE_POINTS}
    assert kinds == {"card", "pass", "reentry", "watch", "again"}


def next_table(s, start=0):
    """The first prompt from prompt ``start`` on that is not a pass screen, and the three
    lines shown just before it (the table and the hand, or the re-entry offer)."""
    for k in range(start, len(s.prompts)):
        if kind_of(s.prompts[k]) != "pass":
            i = s.at[k]
            shown = [ln for ln in s.lines[max(0, i - 8):i] if "the others play" not in ln]
            return s.prompts[k], shown[-3:]
    return None, []


@pytest.mark.parametrize("key", [EOFError, KeyboardInterrupt], ids=["ctrl-d", "ctrl-c"])
@pytest.mark.parametrize("scenario,kind,index", LEAVE_POINTS,
                         ids=["%s-%s" % (n, k) for n, k, _ in LEAVE_POINTS])
def test_leaving_at_any_prompt_ends_cleanly_and_the_match_continues(
        tmp_path, scenario, kind, index, key):
    path = str(tmp_path / "g.sav")
    args = SCENARIOS[scenario] + ["--save", path]
    _, whole = run(args)  # the same match played along to its end
    rc, s = run(args, whole_answers(whole, index) + [key])
    assert rc == 0
    assert len(s.prompts) == index + 1 and kind_of(s.prompts[-1]) == kind
    if kind == "again":  # the match was over: nothing to keep
        assert s.lines[-1] == "Bye." and not os.path.exists(path)
        return
    assert "Match saved in %s. Run the game again to continue it" % path in s.lines[-1]
    rc, s2 = run(["--save", path], ["y"])
    assert rc == 0 and "Continuing" in s2.text
    # the game goes on where it was left: the same prompt, the same table and hand (a
    # watcher who left after a trick sees the next one)
    assert next_table(s2, 1) == next_table(whole, index + (kind == "watch"))


def whole_answers(s, n):
    """The answers the play-along script gave to its first ``n`` prompts."""
    return [play_along(p) for p in s.prompts[:n]]


@pytest.mark.parametrize("key", [EOFError, KeyboardInterrupt], ids=["ctrl-d", "ctrl-c"])
@pytest.mark.parametrize("at", [0, 1, 2], ids=["rules", "players", "humans"])
def test_leaving_at_a_set_up_question_ends_cleanly(tmp_path, at, key):
    path = tmp_path / "g.sav"
    rc, s = run(["--save", str(path)], [""] * at + [key], questions=True)
    assert rc == 0
    assert kind_of(s.prompts[-1]) == "setup" and len(s.prompts) == at + 1
    assert s.lines[-1] == "\nNo match was started. Bye."
    assert not path.exists()


@pytest.mark.parametrize("key", [EOFError, KeyboardInterrupt], ids=["ctrl-d", "ctrl-c"])
def test_leaving_at_the_continue_question_keeps_the_save_as_it_was(tmp_path, key):
    path = tmp_path / "g.sav"
    run(["--seed", "8", "--save", str(path)], ["1", "q"])
    before = path.read_bytes()
    rc, s = run(["--save", str(path)], [key])
    assert rc == 0
    assert "The saved match is still in %s" % path in s.lines[-1]
    assert path.read_bytes() == before


def test_ctrl_c_while_an_opponent_thinks_keeps_the_match(tmp_path, monkeypatch):
    path = str(tmp_path / "g.sav")
    calls = []

    def interrupted(self, view):
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return view.legal_actions()[0]

    monkeypatch.setattr(ai.Player, "choose", interrupted)
    rc, s = run(["--seed", "8", "--save", path])
    assert rc == 0 and "Match saved in" in s.lines[-1]
    monkeypatch.undo()
    rc, s2 = run(["--save", path], ["y", "q"])
    assert "Continuing" in s2.text


def test_closed_input_of_a_real_terminal_run_saves_without_a_traceback(tmp_path):
    path = str(tmp_path / "g.sav")
    for stdin in ("", "1\n", "1\n1\n2\n"):
        p = subprocess.run([sys.executable, GAME, "--seed", "8", "--save", path, "--new"],
                           input=stdin, capture_output=True, text=True, timeout=60)
        assert p.returncode == 0
        assert "Traceback" not in p.stdout + p.stderr
        assert "Match saved in %s" % path in p.stdout
        assert os.path.exists(path)
    p = subprocess.run([sys.executable, GAME, "--save", path], input="y\n",
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "Continuing" in p.stdout and "Traceback" not in p.stderr


def test_closed_input_at_a_pass_screen_of_a_real_terminal_run(tmp_path):
    path = str(tmp_path / "g.sav")
    p = subprocess.run([sys.executable, GAME, "--seed", "4", "--players", "3", "--humans",
                        "2", "--save", path], input="\n1\n", capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr
    assert p.stdout.count("Pass to P") == 2 and "Match saved" in p.stdout


# ----- damaged saves ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_save(tmp_path_factory):
    """A save of a match in progress (round 2, with lives, two humans) and the table its
    continuation shows."""
    path = str(tmp_path_factory.mktemp("save") / "g.sav")
    run(["--seed", "5", "--humans", "2", "--save", path], stop_at=15)
    data = open(path, "rb").read()
    _, s = run(["--save", path], ["y", "", "q"])
    return data, hands(s.lines)[0][1:]


def continue_damaged(tmp_path, content):
    path = tmp_path / "g.sav"
    for old in tmp_path.glob("g.sav.bad*"):
        old.unlink()
    path.write_bytes(content)
    rc, s = run(["--save", str(path), "--seed", "1"], ["y", "", "q"])
    return rc, s, path, tmp_path / "g.sav.bad"


def check_refused_or_whole(tmp_path, content, good):
    """What the game did with ``content`` at the save path: "continued" the very same
    match, kept our damaged save aside ("kept") or "refused" a file it did not write,
    leaving it exactly as it was."""
    rc, s, path, bad = continue_damaged(tmp_path, content)
    if rc == 2:
        assert len(s.lines) == 1 and str(path) in s.lines[0] and "--save FILE" in s.lines[0]
        assert path.read_bytes() == content and sorted(tmp_path.iterdir()) == [path]
        return "refused"
    assert rc == 0
    if "Continuing" in s.text:
        # a change the save does not depend on: the very same match goes on
        assert hands(s.lines)[0][1:] == good
        return "continued"
    first = s.lines[0]
    assert first.startswith("The saved match could not be read: ")
    assert first.endswith("; starting a new one. The damaged file is kept as %s." % bad)
    assert bad.read_bytes() == content  # kept for the player, not deleted
    assert "Match saved in" in s.lines[-1]  # and the new match plays and saves
    return "kept"


def test_every_single_bit_flip_of_a_save_is_refused_or_changes_nothing(tmp_path, real_save):
    data, good = real_save
    seen = {"continued": 0, "refused": 0, "kept": 0}
    for i in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[i // 8] ^= 1 << (i % 8)
        seen[check_refused_or_whole(tmp_path, bytes(flipped), good)] += 1
    assert seen["continued"] == 0  # the checksum sees every single flip
    assert seen["kept"] > 0.9 * len(data) * 8  # outside the signature: ours, damaged


def test_every_truncation_of_a_save_is_refused(tmp_path, real_save):
    data, good = real_save
    for n in range(len(data)):
        assert check_refused_or_whole(tmp_path, data[:n], good) != "continued"


@pytest.mark.parametrize("content", [
    b"", b"\x00\xff\xfe garbage \x80" * 20, os.urandom(300), b"[1, 2, 3]", b"null",
    b'{"match": "00ff"}', b'{"match": 5, "humans": [0], "levels": ["human"], "seed": 1}',
], ids=["empty", "binary", "random", "list", "null", "short", "types"])
def test_a_file_the_game_did_not_write_is_refused_and_left_as_it_was(tmp_path, real_save,
                                                                    content):
    assert check_refused_or_whole(tmp_path, content, real_save[1]) == "refused"


def test_damaged_outer_fields_are_named(tmp_path, real_save):
    data = json.loads(ownfiles.unwrap(term_saves.SAVE_KIND, real_save[0]))
    for key, value, words in (("levels", ["human", "human", "medium", "mediun"], "AI levels"),
                              ("humans", [1], "human seats"), ("humans", [0, 1, 2, 3],
                                                               "human seats"),
                              ("setup", "yes", "code"), ("challenge", "9JRB", "code"),
                              ("humans", [], "human seats"), ("seed", "5", "seed"),
                              ("humans", [0, True], "human seats")):
        damaged = dict(data)
        damaged[key] = value
        content = ownfiles.wrap(term_saves.SAVE_KIND, json.dumps(damaged).encode())
        rc, s, _, bad = continue_damaged(tmp_path, content)
        assert rc == 0 and s.lines[0].startswith("The saved match could not be read: ")
        assert words in s.lines[0] and bad.read_bytes() == content


def test_a_directory_in_place_of_the_save(tmp_path):
    folder = tmp_path / "g.sav"
    folder.mkdir()
    (folder / "theirs.txt").write_text("keep me")
    rc, s = run(["--save", str(folder), "--seed", "1"], ["q"])
    assert rc == 2 and s.lines == ["%s is a folder, not a save file: it is left as it is. "
                                   "Choose a file with --save FILE." % folder]
    assert sorted(tmp_path.rglob("*")) == [folder, folder / "theirs.txt"]


# ----- the pass screen -------------------------------------------------------------------

def test_two_humans_never_see_each_others_hand(tmp_path):
    rc, s = run(["--seed", "4", "--players", "3", "--humans", "2", "--save",
                 str(tmp_path / "g.sav")])
    shown = hands(s.lines)
    assert len({owner for _, owner, _ in shown}) == 2
    for (i, owner, hand), (j, nxt, _) in zip(shown, shown[1:]):
        if nxt == owner:
            continue
        between = s.lines[i + 2:j]
        assert CLEAR in between, "a hand followed by another's without clearing"
        after_clear = between[len(between) - 1 - between[::-1].index(CLEAR):]
        assert hand not in after_clear
        assert after_clear[1].startswith("Pass to %s - press Enter" % nxt)
    assert "Since your last turn:" in s.lines


def test_the_recap_after_the_pass_screen_shows_only_public_lines(tmp_path):
    rc, s = run(["--seed", "4", "--players", "3", "--humans", "2", "--save",
                 str(tmp_path / "g.sav")])
    hand_lines = {h for _, _, h in hands(s.lines)}
    recaps = 0
    for i, line in enumerate(s.lines):
        if line == "Since your last turn:":
            recaps += 1
            end = s.lines.index("", i)  # the table follows the recap after a blank line
            recap = s.lines[i + 1:end]
            assert recap and not hand_lines & set(recap)
            # each is a repeat of what the table was told (a human's play was told with
            # its reason)
            earlier = s.lines[:i]
            for ln in recap:
                assert ln in earlier or any(e.startswith(ln + ":") for e in earlier), ln
    assert recaps > 5


# ----- watching the others once out ------------------------------------------------------

def watch_prompts(s):
    return [i for i, ln in enumerate(s.lines) if ln.startswith("[Enter] next trick")]


def test_once_out_the_watcher_steps_through_the_tricks(tmp_path):
    rc, s = run(SCENARIOS["one human"] + ["--save", str(tmp_path / "g.sav")])
    out = [i for i, ln in enumerate(s.lines)
           if ln.startswith("  You are out of the match with")][0]
    intro = s.lines.index("You are out of the match; the others play on (Enter = next "
                          "trick, r = next round, s = skip to the end, q = save and quit).")
    pauses = watch_prompts(s)
    assert out < intro < pauses[0]
    assert all(k in ("watch", "again") for k in s.kinds()[s.at.index(pauses[0]):])
    for a, b in zip(pauses, pauses[1:]):
        tricks = [ln for ln in s.lines[a:b] if "takes it" in ln or re.search(r"takes trick", ln)]
        assert len(tricks) == 1, "one trick between pauses"
    assert "Final scores after" in s.text


def test_r_pauses_after_each_round_and_s_skips_to_the_end(tmp_path):
    path = str(tmp_path / "g.sav")
    _, whole = run(SCENARIOS["one human"] + ["--save", path])
    first = watch_prompts(whole)[0]
    before = whole_answers(whole, whole.prompts.index(whole.lines[first]))
    rc, s = run(SCENARIOS["one human"] + ["--save", path], before + ["r", "r", "s"])
    pauses = watch_prompts(s)
    assert len(pauses) == 3
    for a, b in zip(pauses, pauses[1:]):
        assert sum(1 for ln in s.lines[a:b] if ln.startswith("\n=== Round")) == 1
        assert sum(1 for ln in s.lines[a:b] if "takes trick" in ln) > 1
    rest = s.lines[pauses[-1] + 1:]
    assert rest[0] == "  Skipping ahead..."
    assert rest[1].startswith("  (skipped to the end: rounds ")
    assert sum(1 for ln in rest if " plays " in ln) <= 7  # only the last round's last trick
    assert any(ln.startswith("\n*** ") for ln in rest) and "Final scores after" in rest[-5]
    assert rest[-4].startswith("This match's code: ")  # then the command, the last question


def test_quitting_while_watching_saves_and_continues_watching(tmp_path):
    path = str(tmp_path / "g.sav")
    _, whole = run(SCENARIOS["one human"] + ["--save", path])
    i = whole.prompts.index(whole.lines[watch_prompts(whole)[0]])
    rc, s = run(SCENARIOS["one human"] + ["--save", path], whole_answers(whole, i) + ["q"])
    assert "Match saved" in s.lines[-1]
    rc, s2 = run(["--save", path], ["y", "s"])
    assert s2.kinds()[:2] == ["continue", "watch"]
    assert "You are out of the match; the others play on" in s2.text


def test_no_pause_runs_to_the_end(tmp_path):
    rc, s = run(SCENARIOS["one human"] + ["--no-pause", "--save", str(tmp_path / "g.sav")])
    assert "watch" not in s.kinds() and "Final scores" in s.text


# ----- wording ---------------------------------------------------------------------------

def event_lines(seat, humans):
    m = Match(Rules("agurk", players=4, stakes=True, buyback=True), seed=1)
    g = term_game.Game(m, humans, ["human" if s in humans else "medium"
                                   for s in range(4)], 1, save_path=None)
    evs = [(EV_DEAL, seat, 2, 0), (EV_PLAY, seat, 51, 1), (EV_TRICK, seat, 2, 51),
           (EV_TRICK, seat, 6, 48), (EV_PENALTY, seat, 14, 20), (EV_PENALTY, seat, 1, 3),
           (EV_LIFE, seat, 12, 0), (EV_LIFE, seat, 12, 1), (EV_OFFER, seat, 12, 1),
           (EV_REENTER, seat, 12, PAY), (EV_REENTER, seat, 12, SIT_OUT),
           (EV_OUT, seat, 23, 0), (EV_SIT_OUT, seat, 3, 0), (EV_LOSER, seat, 22, 0),
           (EV_SUDDEN, seat, 2, 0), (EV_WIN, seat, 4, 0), (EV_WIN, seat, 0, 0),
           # a sudden death: its deal (its players as bits), its penalty taken by a
           # seat that drops out of the tie, or by every seat in it (the tie stands)
           (EV_DEAL, 1, 2, 1 << 0 | 1 << 2 | 1 << 3), (EV_DEAL, 1, 2, 1 << 2 | 1 << 3),
           (EV_TIEBREAK, seat, 9, 1), (EV_TIEBREAK, seat, 9, 0)]
    return [term_table.event_text(g, ev) for ev in evs]


def test_every_event_message_reads_right_for_you_and_for_another_seat():
    you = event_lines(0, {0})
    assert you == [
        "\n=== Round 3: You deal 7 cards ===", "  You play A\u2663",
        "  You take trick 3 with A\u2663 and lead.", "  Last trick: Your A\u2660 takes it.",
        "  You score 14 penalty points: now 20.", "  You score 1 penalty point: now 3.",
        "  You reach 21 and lose a life: back at 12 points (1 life left).",
        "  You reach 21 and lose a life: back at 12 points (2 lives left).",
        "  You are out, but may come back at 12 points.",
        "  You pay 1 chip into the pot and return at 12 points.",
        "  You sit out a round and return at 12 points.",
        "  You are out of the match with 23 points.", "  You sit this round out.",
        "  You reach 21 first: you are the cucumber!",
        "  Tie for the lowest score: sudden-death round.",
        "\n*** You win the match and sweep the pot of 4! ***", "\n*** You win the match! ***",
        "\n=== Sudden death between You, P3 and P4: 7 cards each ===",
        "\n=== Sudden death between P3 and P4: 7 cards each ===",
        "  You take 9 points and drop out of the tie.",
        "  You take 9 points, as does everyone in the tie: it stands."]
    p3 = event_lines(2, {0})
    assert p3 == [
        "\n=== Round 3: P3 deals 7 cards ===", "  P3 plays A\u2663",
        "  P3 takes trick 3 with A\u2663 and leads.", "  Last trick: P3's A\u2660 takes it.",
        "  P3 scores 14 penalty points: now 20.", "  P3 scores 1 penalty point: now 3.",
        "  P3 reaches 21 and loses a life: back at 12 points (1 life left).",
        "  P3 reaches 21 and loses a life: back at 12 points (2 lives left).",
        "  P3 is out, but may come back at 12 points.",
        "  P3 pays 1 chip into the pot and returns at 12 points.",
        "  P3 sits out a round and returns at 12 points.",
        "  P3 is out of the match with 23 points.", "  P3 sits this round out.",
        "  P3 reaches 21 first: P3 is the cucumber!",
        "  Tie for the lowest score: sudden-death round.",
        "\n*** P3 wins the match and sweeps the pot of 4! ***", "\n*** P3 wins the match! ***",
        "\n=== Sudden death between You, P3 and P4: 7 cards each ===",
        "\n=== Sudden death between P3 and P4: 7 cards each ===",
        "  P3 takes 9 points and drops out of the tie.",
        "  P3 takes 9 points, as does everyone in the tie: it stands."]
    # with several humans every seat is a "P": the human seats read like P3
    assert event_lines(0, {0, 1})[1] == "  P1 plays A\u2663"


BAD_GRAMMAR = re.compile(
    r"You's|\bYou (is|was|has|\w+[^s]s)\b|\bYou [a-z]+es\b|"
    r"\bP\d (are|were|have|deal|play|take|lead|score|reach|lose|pay|return|sit|win|sweep)\b|"
    r"[Pp]layer \d|\bchoose 1 to 1\b|\bYou, ")


@pytest.mark.parametrize("args", [
    ["--seed", "3"], ["--seed", "2", "--comeback", "--threshold", "8", "--humans", "2"],
    ["--seed", "6", "--buyback", "--stakes", "--players", "5"],
    ["--seed", "7", "--first-out", "--threshold", "15"],
    ["--seed", "1", "--profile", "ogorek", "--players", "3", "--threshold", "20"],
], ids=["lives", "comeback-2-humans", "buyback-stakes", "first-out", "ogorek"])
def test_whole_matches_never_misname_a_seat(tmp_path, args):
    rc, s = run(args + ["--save", str(tmp_path / "g.sav")], ["h", "r", "s", "99"])
    bad = [ln for ln in s.lines if BAD_GRAMMAR.search(ln)]
    assert bad == []
    if "--humans" in args:
        assert [ln for ln in s.lines if re.search(r"\bYou\b", ln)
                and "You may come back" not in ln] == []
        assert "P1, your hand (playable cards are numbered):" in s.lines
        assert any(ln.startswith("P") and ", you reached 8. You may come back" in ln
                   for ln in s.lines)
    else:
        assert "Your hand (playable cards are numbered):" in s.lines


# ----- every match's code ----------------------------------------------------------------

CODE_LINE = re.compile(r"^This match's code: ([2-9A-Z-]+)\. Everyone who plays it gets the "
                       r"same cards and AIs\.$")


def match_told(lines):
    """What a match said from its first deal to its final scores (the same for every
    player of its code)."""
    first = next(i for i, ln in enumerate(lines) if ln.startswith("\n=== Round 1:"))
    last = next(i for i, ln in enumerate(lines) if ln.startswith("Final scores after"))
    return lines[first:last + 1]


@pytest.mark.parametrize("args", [
    ["--seed", "5", "--players", "3"],
    ["--seed", "4", "--players", "3", "--humans", "2", "--profile", "gurka", "--level", "hard"],
    ["--players", "5", "--comeback", "--threshold", "15", "--level", "easy"],  # a random seed
], ids=["one-human", "two-humans", "random-seed"])
def test_every_match_ends_with_its_code_and_the_command_that_plays_it_again(tmp_path, args):
    rc, s = run(args + ["--save", str(tmp_path / "g.sav")])
    assert rc == 0
    code = CODE_LINE.match(s.lines[-4]).group(1)
    assert s.lines[-3] == ("To play it again, or to send it to a friend: "
                           "python tools/pc/terminal_game.py --challenge %s" % code)
    assert s.lines[-5].startswith("Final scores after")
    # a friend who types that command gets the same match, card for card, as the same
    # answers play it
    rc, friend = run(["--challenge", code, "--save", str(tmp_path / "f.sav")])
    assert rc == 0
    assert match_told(friend.lines) == match_told(s.lines)
    assert friend.lines[0].startswith("Challenge %s: " % code)
    assert friend.lines[-3] == s.lines[-3]  # its end says the command too


def test_the_next_match_has_a_code_of_its_own_and_a_saved_match_keeps_its_code(tmp_path):
    path = str(tmp_path / "g.sav")
    rc, s = run(["--seed", "7", "--rounds", "1", "--save", path], by_kind={"again": ["y", "n"]})
    codes = [CODE_LINE.match(ln).group(1) for ln in s.lines if CODE_LINE.match(ln)]
    assert rc == 0 and len(codes) == 2 and codes[0] != codes[1]
    assert "Rules: agurk, 4 players, 7 cards" in s.text and "(seed 8)" in s.text
    # quit in the middle of --seed 7's match and continued: the same code at its end
    rc, s1 = run(["--seed", "7", "--rounds", "1", "--save", path], ["1", "1", "q"])
    rc, s2 = run(["--save", path], ["y"])
    assert rc == 0 and "Continuing: " in s2.text
    assert CODE_LINE.match(s2.lines[-4]).group(1) == codes[0]


def test_a_seed_that_no_code_holds_is_refused(tmp_path, capsys):
    for seed in ("4096", "-1"):
        with pytest.raises(SystemExit) as e:
            terminal_game.main(["--seed", seed, "--save", str(tmp_path / "g.sav")],
                               Script().ask, Script().say, questions=False)
        assert e.value.code == 2
        assert "--seed: 0 to 4095 (the seeds a match's code holds), not %s" % seed in \
            capsys.readouterr().err
    assert not (tmp_path / "g.sav").exists()


def test_a_challenge_ends_with_the_command_that_plays_it_again(tmp_path):
    rc, s = run(["--challenge", SUDDEN, "--save", str(tmp_path / "g.sav")])
    assert rc == 0 and s.lines[-4:-2] == [
        "Challenge %s: everyone who plays this code gets the same cards and AIs. Compare "
        "penalties!" % SUDDEN,
        "To play it again, or to send it to a friend: "
        "python tools/pc/terminal_game.py --challenge %s" % SUDDEN]


# ----- a sudden death ---------------------------------------------------------------------

# agurk, 4 players, its 5 rounds (the daily challenge of 2025-03-14): with card 1 every time
# the human ends on 67 and the three AIs tie at 0
SUDDEN = "9JRB-JVL9-R2CW"


def in_order(lines, wanted):
    """The lines of ``wanted`` that are not found in ``lines`` in that order (after the one
    before): [] when all are."""
    i = 0
    for k, w in enumerate(wanted):
        while i < len(lines) and lines[i] != w:
            i += 1
        if i == len(lines):
            return wanted[k:]
        i += 1
    return []


def test_a_sudden_death_is_headed_as_one_and_says_who_drops_out_and_who_won(tmp_path):
    rc, s = run(["--challenge", SUDDEN, "--save", str(tmp_path / "g.sav")])
    told = [ln.strip() for ln in s.lines]
    assert rc == 0
    assert in_order(told, [
        "Last trick: Your K\u2666 takes it.", "You score 13 penalty points: now 67.",
        "Tie for the lowest score: sudden-death round.",
        "=== Sudden death between P2, P3 and P4: 7 cards each ===",
        "You 67 pts | P2 0 pts | P3 0 pts | P4 0 pts",
        "You are not in the sudden death; the tied players play it (Enter = next trick, "
        "r = next round, s = skip to the end, q = save and quit).",
        "Last trick: P3's 9\u2663 takes it.", "P3 takes 9 points and drops out of the tie.",
        "Tie for the lowest score: sudden-death round.",
        "=== Sudden death between P2 and P4: 7 cards each ===",
        "Last trick: P2's 9\u2666 takes it.", "P2 takes 9 points and drops out of the tie.",
        "*** P4 wins the match! ***", "P4 won the sudden death.",
        "Final scores after 5 rounds: You 67, P2 0, P3 0, P4 0", "Your penalty: 67."]) == []
    # no round after the fifth, and nobody outside the tie deals or scores in it
    assert not [ln for ln in told if ln.startswith("=== Round 6")]
    assert not [ln for ln in told if "penalty points: now 0." in ln]


@pytest.mark.parametrize("code", ["en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi"])
def test_a_sudden_death_is_told_in_every_language(tmp_path, code):
    rc, s = run_in(code, ["--challenge", SUDDEN, "--save", str(tmp_path / "g.sav")])
    told = [ln.strip() for ln in s.lines]
    w, ev = term_words.W, term_words.EV
    p2, p3, p4 = "P2", "P3", "P4"
    assert rc == 0
    assert in_order(told, [
        ev[term_words._SUDDEN],
        ev[term_words._SUDDEN_DEAL] % (term_words.listed([p2, p3, p4]), 7),
        ev[term_words._TIE_OUT] % (p3, 9), ev[term_words._SUDDEN],
        ev[term_words._SUDDEN_DEAL] % (term_words.listed([p2, p4]), 7),
        ev[term_words._TIE_OUT] % (p2, 9), ev[term_words._WIN] % p4,
        w[term_words._WON_SUDDEN] % p4, w[term_words._FINAL] % (5, ", ".join(
            ["%s 67" % w[term_words._YOU], "P2 0", "P3 0", "P4 0"]))]) == []
    assert (ev[term_words._DEAL] % (6, p4, 7)).strip() not in told  # no sixth round
    if code != "en":
        assert no_english(s) == []


# ----- options ---------------------------------------------------------------------------

@pytest.mark.parametrize("args,words", [
    (["--rounds", "0"], "rounds: must be 1 to 99, not 0 (--rounds)"),
    (["--rounds", "100"], "rounds: must be 1 to 99"),
    (["--rounds", "3", "--lives", "3"], "need 'last standing'"),
    (["--first-out", "--lives", "3"], "need 'last standing'"),
    (["--first-out", "--comeback"], "need 'last standing'"),
    (["--strict", "--choice"], "argument --choice: not allowed with argument --strict"),
    (["--first-out", "--rounds", "3"], "not allowed with argument"),
    (["--buyback", "--comeback"], "not allowed with argument"),
    (["--lives", "2", "--buyback"], "not allowed with argument"),
    (["--players", "8"], "players: must be 2 to 7, not 8 (--players)"),
    (["--players", "1"], "players: must be 2 to 7"),
    (["--buyback", "--players", "3"], "3 players never have (--buyback)"),
    (["--hand", "9"], "hand: must be 3 to 7"),
    (["--threshold", "0"], "threshold: must be 1 to 250"),
    (["--lives", "5"], "lives: must be 1 to 4"),
    (["--humans", "5"], "--humans: must be 1 to 4 (the players), not 5"),
    (["--humans", "0"], "--humans: must be 1"),
    (["--humans", "3", "--players", "3", "--level", "hard"], "no AI to set"),
])
def test_impossible_options_are_refused_with_exit_status_2(tmp_path, capsys, args, words):
    path = tmp_path / "g.sav"
    with pytest.raises(SystemExit) as e:
        run(args + ["--save", str(path)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and words in err
    assert not path.exists()


def test_impossible_options_are_refused_before_a_saved_match_is_offered(tmp_path, capsys):
    path = tmp_path / "g.sav"
    run(["--seed", "8", "--save", str(path)], ["q"])
    with pytest.raises(SystemExit) as e:
        run(["--rounds", "0", "--save", str(path)])
    assert e.value.code == 2 and path.exists()


def test_a_refused_option_exits_2_from_the_command_line(tmp_path):
    p = subprocess.run([sys.executable, GAME, "--rounds", "3", "--lives", "3", "--save",
                        str(tmp_path / "g.sav")], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "usage:" in p.stderr and "error: those rules cannot be played" in p.stderr


@pytest.mark.parametrize("args,note", [
    (["--rounds", "3"], "Note: fixed rounds is played with one life each, not agurk's 2 lives."),
    (["--first-out"], "Note: first out loses is played with one life each, not agurk's 2 "
                      "lives."),
])
def test_a_variant_that_changes_the_lives_says_so(tmp_path, args, note):
    rc, s = run(args + ["--seed", "3", "--save", str(tmp_path / "g.sav")], ["q"])
    assert note in s.lines
    assert "no re-entry" in s.text  # the rules line agrees


def test_no_note_when_nothing_was_changed(tmp_path):
    for args in (["--rounds", "3", "--profile", "gurka"], ["--rounds", "3", "--lives", "1"]):
        rc, s = run(args + ["--seed", "3", "--save", str(tmp_path / "g.sav"), "--new"], ["q"])
        assert not any(ln.startswith("Note:") for ln in s.lines)


def test_options_while_a_match_is_saved_are_said_to_wait_for_a_new_match(tmp_path):
    path = str(tmp_path / "g.sav")
    run(["--seed", "8", "--save", path], ["q"])
    rc, s = run(["--players", "5", "--save", path], ["y", "q"])
    assert "Note: --players set up a new match; a continued match keeps its own rules." \
        in s.lines
    rc, s = run(["--players", "5", "--save", path], ["n", "q"])
    assert "Starting a new match (it replaces the saved one)." in s.lines
    assert "5 players" in s.text


def test_set_up_questions_refuse_a_table_the_rules_cannot_have(tmp_path):
    rc, s = run(["--buyback", "--save", str(tmp_path / "g.sav")], ["", "3", "", "", "q"],
                questions=True)
    assert "Those rules cannot be played: reentry_min_others: buy-back needs 3 others" in s.text
    assert "buy-back once" in s.text and "4 players" in s.text


def test_help_says_where_the_save_lives_and_how_to_start_over():
    p = subprocess.run([sys.executable, GAME, "--help"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0
    text = p.stdout
    assert term_options.DEFAULT_SAVE in text
    assert "To start over, run the game with --new" in text
    assert "Ctrl-D or Ctrl-C" in text
    assert "--no-pause" in text


def test_a_finished_save_round_trip_keeps_the_rules(tmp_path):
    path = str(tmp_path / "g.sav")
    run(["--seed", "8", "--profile", "gurka", "--players", "5", "--save", path], ["q"])
    data = json.loads(ownfiles.unwrap(term_saves.SAVE_KIND, open(path, "rb").read()))
    m = save.loads(bytes.fromhex(data["match"]))
    assert m.rules.profile == "gurka" and m.n == 5
    assert data["humans"] == [0] and data["levels"] == ["human"] + ["medium"] * 4


def test_sitting_a_round_out_is_watched_and_a_skip_stops_at_the_next_turn(tmp_path):
    rc, s = run(["--seed", "2", "--comeback", "--threshold", "8", "--save",
                 str(tmp_path / "g.sav")], by_kind={"reentry": ["s"], "watch": ["", "s"]})
    sit = s.lines.index("  You sit out a round and return at 0 points.")
    intro = s.lines.index("You sit this round out; the others play it (Enter = next trick, "
                          "r = next round, s = skip until you play again, q = save and quit).")
    skip = s.lines.index("  Skipping ahead...")
    assert sit < intro < skip
    assert s.kinds()[s.at.index(skip - 1) - 1:][:3] == ["watch", "watch", "card"]
    assert s.lines[skip + 1] == "  (skipped to round 3)"
    assert not any(" plays " in ln for ln in s.lines[skip:skip + 3])


# ----- languages -------------------------------------------------------------------------

LANGS = ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi")
TG = term_words


@pytest.fixture(autouse=True)
def english_afterwards():
    """A test in another language leaves the game (and cucumber.lang) speaking English."""
    yield
    term_words.use_language("en")


def language_kinds(code):
    """(prompt start, kind, play-along answer) for language ``code``'s prompts."""
    TG.use_language(code)
    w, su = TG.W, TG.SU
    return (
        (su[TG._ASK_RULES], "setup", ""), (su[TG._ASK_PLAYERS], "setup", ""),
        (su[TG._ASK_HUMANS], "setup", ""),
        (su[TG._ASK_CONTINUE].split("%")[0], "continue", "y"),
        (w[TG._PASS].split("%")[0], "pass", ""), (w[TG._ASK_CARD], "card", "1"),
        (w[TG._ASK_ONLY].split("%")[0], "card", ""), (w[TG._ASK_CHOICE], "reentry", "p"),
        (w[TG._ASK_WATCH].split("%")[0], "watch", ""), (su[TG._ASK_AGAIN], "again", "n"),
    )


class LangScript(Script):
    """Script for a game in another language: its prompts are told apart by their texts
    in that language."""

    def __init__(self, code, answers=()):
        super().__init__(answers)
        self.table = language_kinds(code)

    def kind(self, prompt):
        for start, kind, answer in self.table:
            if prompt.startswith(start):
                return kind, answer
        raise AssertionError("unknown prompt %r" % prompt)

    def ask(self, prompt):
        kind, answer = self.kind(prompt)
        self.at.append(len(self.lines))
        self.prompts.append(prompt)
        self.lines.append(prompt)
        assert len(self.prompts) < self.limit, "the game keeps asking"
        if self.answers:
            return self.answers.pop(0)
        return answer

    def kinds(self):
        return [self.kind(p)[0] for p in self.prompts]


def run_in(code, args, answers=(), questions=False):
    s = LangScript(code, answers)
    rc = terminal_game.main(["--lang", code] + args, s.ask, s.say, questions=questions)
    return rc, s


def english_fragments():
    """Pieces of the terminal game's English texts (between their placeholders) that are
    plainly English: none may be shown in another language."""
    TG.use_language("en")
    out = set()
    for texts in (TG.W, TG.EV, TG.SU):
        for t in texts:
            for piece in re.split(r"%[-0-9]*[sdr]", t):
                piece = piece.strip(" .,:;()!*=")
                if len(piece) >= 10 and re.search(r"[a-z]{4}", piece):
                    out.add(piece)
    return out


ENGLISH = english_fragments()
# a few lines every player meets, in English
ENGLISH_PROMPTS = ("Play which card?", "Your hand (playable cards", "Final scores after",
                   "takes trick", "Press Enter to play", "Bye.", "Pass to ", "Your choice?",
                   "[Enter] next trick", "Play another match")


def no_english(s):
    shown = [ln for ln in s.lines if not ln.startswith(("Rules:", "Continuing:"))]
    bad = [ln for ln in shown for piece in ENGLISH if piece in ln]
    bad += [ln for ln in s.lines for p in ENGLISH_PROMPTS if p in ln]
    return bad


def test_the_english_pieces_are_found_in_an_english_match(tmp_path):
    rc, s = run_in("en", SCENARIOS["two humans"] + ["--save", ""], ["h", "zz"])
    assert len(no_english(s)) > 100


@pytest.mark.parametrize("code", LANGS)
def test_a_whole_match_plays_to_its_end_in_every_language(tmp_path, code):
    path = tmp_path / "g.sav"
    for args in (SCENARIOS["two humans"], SCENARIOS["one human"],
                 ["--seed", "6", "--buyback", "--stakes", "--players", "5"]):
        rc, s = run_in(code, args + ["--save", str(path), "--new"],
                       ["h", "r", "s", "99", "zz", "KS"])
        assert rc == 0
        kinds = s.kinds()
        assert kinds[-1] == "again" and "card" in kinds
        TG.use_language(code)
        assert s.lines[-1] == TG.SU[TG._BYE]
        assert TG.EV[TG._WIN].split("%")[0] in s.text or TG.EV[TG._WIN_YOU] in s.text or \
            TG.EV[TG._WIN_POT].split("%")[0] in s.text
        # every match's code, and the command that plays it again, in the language
        assert s.lines[-4].startswith(TG.CH[TG._CH_CODE].split("%")[0])
        assert s.lines[-3].startswith(TG.CH[TG._CH_REPLAY].split("%")[0])
        assert " python tools/pc/terminal_game.py --challenge " in s.lines[-3]
        assert not path.exists()
        if code != "en":
            assert no_english(s) == []
        if "--humans" in args:
            assert "pass" in kinds and "reentry" in kinds
        if "--threshold" in args and "--humans" not in args:
            assert "watch" in kinds


@pytest.mark.parametrize("code", LANGS[1:])
def test_saving_continuing_and_set_up_questions_are_in_the_language(tmp_path, code):
    path = str(tmp_path / "g.sav")
    rc, s1 = run_in(code, ["--seed", "8", "--save", path], ["1", "q"])
    assert rc == 0 and os.path.exists(path)
    rc, s2 = run_in(code, ["--players", "5", "--save", path], ["y", "q"])
    assert rc == 0 and s2.kinds()[0] == "continue"
    rc, s3 = run_in(code, ["--save", path, "--new", "--buyback"], ["", "3", "", "", "q"],
                    questions=True)
    assert rc == 0 and s3.kinds()[:3] == ["setup", "setup", "setup"]
    ours = open(path, "rb").read()
    open(path, "wb").write(ours.replace(b'"seed"', b'"sEed"'))  # our save, damaged
    rc, s4 = run_in(code, ["--save", path, "--seed", "1"], ["q"])
    assert rc == 0 and os.path.exists(path + ".bad")
    open(path, "w").write("garbage")  # not ours: refused in one line, left as it is
    rc, s5 = run_in(code, ["--save", path, "--seed", "1"], ["q"])
    assert rc == 2 and len(s5.lines) == 1 and open(path).read() == "garbage"
    for s in (s1, s2, s3, s4, s5):
        assert no_english(s) == []


@pytest.mark.parametrize("code", LANGS[1:])
def test_a_refused_option_is_said_in_the_language(tmp_path, capsys, code):
    with pytest.raises(SystemExit) as e:
        run_in(code, ["--players", "8", "--save", str(tmp_path / "g.sav")])
    assert e.value.code == 2
    err = capsys.readouterr().err
    TG.use_language(code)
    assert TG.SU[TG._REFUSAL].split("%")[0] in err and "(--players)" in err


def test_an_unknown_language_is_refused_with_exit_status_2(tmp_path):
    p = subprocess.run([sys.executable, GAME, "--lang", "zz", "--save",
                        str(tmp_path / "g.sav")], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    assert "'zz'" in p.stderr and "en pt fr es nl da sv pl fi" in p.stderr
    s = Script()
    assert terminal_game.main(["--lang=qq"], s.ask, s.say) == 2 and s.lines == []
    assert not (tmp_path / "g.sav").exists()


def test_the_help_is_in_the_language():
    p = subprocess.run([sys.executable, GAME, "--lang", "fr", "--help"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0
    assert "Jouer à Cucumber dans le terminal." in p.stdout
    assert term_options.DEFAULT_SAVE in p.stdout and "--new" in p.stdout
    assert "--lang CODE" in p.stdout


@pytest.mark.parametrize("code,typed,card", [
    ("en", "10h", "10\u2665"), ("en", "TH", "10\u2665"), ("en", "9\u2663", "9\u2663"),
    ("en", "qs", "Q\u2660"), ("da", "Bh", "B\u2665"), ("da", "JH", "B\u2665"),
    ("da", "DS", "D\u2660"), ("da", "10h", "10\u2665"), ("sv", "KnS", "Kn\u2660"),
    ("sv", "es", "E\u2660"), ("sv", "KS", "K\u2660"), ("nl", "Hc", "H\u2663"),
    ("nl", "VD", "V\u2666"), ("fr", "RC", "R\u2663"), ("pl", "W\u2665", "W\u2665"),
    ("pt", "vd", "V\u2666"), ("fi", "QS", "Q\u2660"),
])
def test_cards_are_named_and_typed_with_the_languages_rank_letters(code, typed, card):
    TG.use_language(code)
    assert TG.card_name(term_input.parse_card(typed)) == card


@pytest.mark.parametrize("typed", ["zz", "1H", "BX", "KnZ", "", "H", "11h"])
def test_what_is_not_a_card_in_danish_or_swedish(typed):
    for code in ("da", "sv"):
        TG.use_language(code)
        with pytest.raises(ValueError):
            term_input.parse_card(typed)


def test_a_local_card_name_plays_that_card(tmp_path):
    # Seed 84: the first hand is 2H 2C 3D 6C QD QC KC, after 5S KS: in Danish "Dd" is the
    # queen of diamonds (not legal), "Bh" a jack not in the hand, "2h" the two of hearts
    rc, s = run_in("da", ["--seed", "84", "--save", ""], ["Dd", "Bh", "2h", "q"])
    assert ("D\u2666 er ikke tilladt: spil et kort mindst lige s\u00e5 h\u00f8jt som K eller "
            "dit laveste kort") in s.lines
    assert "B\u2665 er ikke p\u00e5 din h\u00e5nd." in s.lines
    assert "  Du spiller 2\u2665: dit laveste kort, altid tilladt" in s.lines
