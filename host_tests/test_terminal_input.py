"""Whatever a player types or pastes at any prompt of the terminal game (a page of text,
a 5,000-digit number, nothing, bytes that are not text, escape sequences, other scripts)
gets the prompt's ordinary answer: never a traceback, and never more of it said back than
a short excerpt with its control characters shown as codes. And the scores are said once
at the start of a round."""

import os
import subprocess
import sys
import unicodedata

import pytest

import term_input
import term_table
import terminal_game

GAME = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools",
                    "pc", "terminal_game.py")

# The start of each prompt's text, and what a player just playing along answers there.
PLAY_ALONG = (
    ("Rules:", ""), ("Players", ""), ("Humans", ""), ("A saved match is waiting", "y"),
    ("Pass to", ""), ("Play which card", "1"), ("Press Enter to play", ""),
    ("Your choice", "n"), ("[Enter] next trick", ""), ("Play another match", "n"),
)

ONE_ROUND = ["--seed", "1", "--rounds", "1"]  # a card prompt first, a single card at trick 7
# prompt -> (start of its text, the options of a match that reaches it, set-up questions)
PROMPTS = {
    "rules": ("Rules:", ONE_ROUND, True),
    "players": ("Players", ONE_ROUND, True),
    "humans": ("Humans", ONE_ROUND, True),
    "card": ("Play which card", ONE_ROUND, False),
    "one card": ("Press Enter to play", ONE_ROUND, False),
    "re-entry": ("Your choice", ["--seed", "2", "--comeback", "--threshold", "8"], False),
    "watch": ("[Enter] next trick", ["--seed", "3", "--threshold", "12", "--lives", "1"],
              False),
    "pass": ("Pass to", ["--seed", "4", "--players", "3", "--humans", "2"], False),
    "continue": ("A saved match is waiting", [], False),
    "again": ("Play another match", ONE_ROUND, False),
}

# (what is typed, what the game may say back of it)
BAD = {
    "5000 digits": ("1234567890" * 500, "12345678901234567890\u2026"),
    "5000 letters": (" ".join(["banana"] * 715), "banana banana banana\u2026"),
    "5000 cards": ("\U0001f0a1" * 5000, "\U0001f0a1" * 20 + "\u2026"),
    "binary": ("\x00\xff", "\\x00\xff"),
    "undecodable": ("\udcff\udcfe", "\\udcff\\udcfe"),  # bad bytes, as the C locale reads
    "escapes": ("\x1b[2J\x1b[31mred", "\\x1b[2J\\x1b[31mred"),
    "many escapes": ("\x1b[31m" * 1000, "\\x1b[31m\\x1b[31m\\x1b\u2026"),
    "controls": ("\x07\x08\x7f\x9b", "\\x07\\x08\\x7f\\x9b"),
    "line separator": ("a\u2028b", "a\\u2028b"),
    "o-slash": ("\u00f8", "\u00f8"),
    "hebrew": ("\u05e9\u05dc\u05d5\u05dd", "\u05e9\u05dc\u05d5\u05dd"),
    "rtl override": ("\u202eabc", "\\u202eabc"),
    "superscript two": ("\u00b2", "\u00b2"),  # a digit to isdigit(), none to int()
}
EMPTY = {"empty": "", "blanks": " \t  "}
SHORT = 20  # the most of an answer that is said back (then "\u2026")


class Script:
    """Plays along until the first prompt that starts with ``target``, answers ``bad``
    there, and leaves (Ctrl-D) at the prompt after it."""

    def __init__(self, target, bad):
        self.target = target
        self.bad = bad
        self.lines = []
        self.prompts = []
        self.at = []  # where in lines each prompt is
        self.answered = None  # where in lines the bad answer was given

    def ask(self, prompt):
        self.at.append(len(self.lines))
        self.prompts.append(prompt)
        self.lines.append(prompt)
        assert len(self.prompts) < 3000, "the game keeps asking"
        if self.answered is not None:
            raise EOFError
        if prompt.startswith(self.target):
            self.answered = len(self.lines)
            return self.bad
        for start, answer in PLAY_ALONG:
            if prompt.startswith(start):
                return answer
        raise AssertionError("unknown prompt %r" % prompt)

    def say(self, text=""):
        self.lines.append(str(text))

    def after(self):
        """(what the game said after the bad answer, the next prompt or None)."""
        assert self.answered is not None, "the prompt was never reached"
        later = [i for i in self.at if i >= self.answered]
        if not later:
            return self.lines[self.answered:], None
        return self.lines[self.answered:later[0]], self.lines[later[0]]


def answer_at(name, typed, tmp_path):
    start, args, questions = PROMPTS[name]
    path = str(tmp_path / "g.sav")
    if name == "continue":
        rc = terminal_game.main(["--seed", "8", "--save", path], Script("Play which", "q").ask,
                                lambda text="": None)
        assert rc == 0 and os.path.exists(path)
    s = Script(start, typed)
    rc = terminal_game.main(args + ["--save", path], s.ask, s.say, questions=questions)
    assert rc == 0
    return s.after()


def control_characters(lines):
    return [ln for ln in lines for ch in ln
            if ch != "\n" and unicodedata.category(ch)[0] == "C"]


def check_said_safely(said, typed):
    assert control_characters(said) == []
    text = "\n".join(said)
    if len(typed) > SHORT:
        assert typed[:SHORT + 1] not in text


def check_default(name, said, nxt):
    """The prompts where any answer is Enter: the game goes on as with Enter."""
    if name == "pass":
        assert nxt.startswith(("Play which card", "Press Enter", "Your choice"))
        assert not any(ln.startswith("Please") for ln in said)
    elif name == "continue":
        assert said[0].startswith("Continuing: ") and nxt.startswith("Play which card")
    else:
        assert name == "again" and said == ["Bye."] and nxt is None


@pytest.mark.parametrize("what", list(BAD))
@pytest.mark.parametrize("name", list(PROMPTS))
def test_bad_input_at_every_prompt_gets_its_ordinary_answer(tmp_path, name, what):
    typed, excerpt = BAD[what]
    said, nxt = answer_at(name, typed, tmp_path)
    check_said_safely(said, typed)
    start = PROMPTS[name][0]
    if name in ("pass", "continue", "again"):
        check_default(name, said, nxt)
        return
    assert nxt is not None and nxt.startswith(start), "the same question is asked again"
    number = typed.isdecimal()
    expected = {
        "rules": "Please choose agurk, gurka or ogorek.",
        "players": "Please type a whole number from 2 to 7.",
        "humans": "Please type a whole number from 1 to 4.",
        "card": ("No card numbered %s: choose 1 to 3." % excerpt if number else
                 "'%s' is not a card or a command. Type the number shown beside a card (or "
                 "its name, e.g. 9H, 10C, QS) and Enter." % excerpt),
        "one card": ("No card numbered %s: the only legal card is A\u2663, press Enter."
                     % excerpt if number else
                     "'%s' is not a card or a command. Type the number shown beside a card "
                     "(or its name, e.g. 9H, 10C, QS) and Enter." % excerpt),
        "re-entry": "Please answer n or p or s (or q to save and quit).",
        "watch": "Please press Enter, or type r, s or q (Enter = next trick, r = next round, "
                 "s = skip to the end, q = save and quit).",
    }[name]
    assert said == [expected]


@pytest.mark.parametrize("what", list(EMPTY))
@pytest.mark.parametrize("name", list(PROMPTS))
def test_an_empty_answer_at_every_prompt_is_enter(tmp_path, name, what):
    said, nxt = answer_at(name, EMPTY[what], tmp_path)
    check_said_safely(said, EMPTY[what])
    if name in ("pass", "continue", "again"):
        check_default(name, said, nxt)
    elif name in ("rules", "players"):  # the default is taken, the next question asked
        assert said == [] and nxt.startswith("Players" if name == "rules" else "Humans")
    elif name == "humans":
        assert any(ln.startswith("Rules: agurk, 4 players") for ln in said)
        assert nxt.startswith("Play which")
    elif name == "card":
        assert said == ["Type the number beside a card, then Enter (h for help)."]
        assert nxt.startswith("Play which card")
    elif name == "one card":
        assert said[0] == "  You play A\u2663: you lead, any card may start the trick"
    elif name == "re-entry":
        assert said == ["Please answer n or p or s (or q to save and quit)."]
        assert nxt.startswith("Your choice")
    else:
        assert name == "watch" and not any(ln.startswith("Please") for ln in said)
        assert any("takes trick" in ln or "takes it" in ln for ln in said)


def test_the_excerpt_said_back():
    shown = term_input.shown
    assert shown("banana") == "banana"
    assert shown("x" * 20) == "x" * 20 and shown("x" * 21) == "x" * 20 + "\u2026"
    assert shown("\x1b]0;title\x07") == "\\x1b]0;title\\x07"
    assert shown("\u2066\u200f") == "\\u2066\\u200f"  # bidi isolate and mark
    assert shown("\U000e0001x") == "\\U000e0001x"  # a tag character
    assert shown("caf\u00e9 \u00f8 \u05e9") == "caf\u00e9 \u00f8 \u05e9"


def test_numbers_in_any_script_and_of_any_length():
    number = term_input.whole_number
    assert number("3") == 3 and number("003") == 3 and number("\u0663") == 3
    assert number("9" * 5000) == -1 and number("0" * 30) == -1
    assert number("\u00b2") is None and number("") is None and number("-1") is None
    assert number("1.5") is None and number("\U0001f0a1") is None


def test_a_real_terminal_reads_bytes_that_are_not_text_without_a_traceback(tmp_path):
    typed = (b"\xff\x00\n\x1b[2J\x1b[31m\n" + b"9" * 5000 + b"\n" + "\u00f8\U0001f0a1\n"
             .encode() + b"\n\x80\x81\x82\nq\n")
    for env in ({"PYTHONIOENCODING": "utf-8"}, {"LC_ALL": "C"}, {}):
        p = subprocess.run([sys.executable, GAME, "--seed", "3", "--new", "--save",
                            str(tmp_path / "g.sav")], input=typed, capture_output=True,
                           timeout=60, env=dict(os.environ, **env))
        out = p.stdout.decode("utf-8", "replace")
        assert p.returncode == 0, p.stderr
        assert b"Traceback" not in p.stderr + p.stdout
        assert "\x1b" not in out and "\x00" not in out and "9" * 21 not in out
        assert "is not a card or a command" in out and "Match saved in" in out


# ----- the scores at the start of a round ------------------------------------------------

def scores_shown_before_each_turn(args, tmp_path):
    """For each hand shown: how many times the current scores were said since the
    player's last turn (or the screen was last cleared)."""
    s = Script("no prompt starts so", "")
    terminal_game.main(args + ["--save", str(tmp_path / "g.sav")], s.ask, s.say)
    out = []
    since = 0
    for i, line in enumerate(s.lines):
        if i in s.at or line == term_table.CLEAR:
            if line.startswith(("Play which card", "Press Enter to play")):
                scores = [ln for ln in s.lines[since:i] if " pts" in ln]
                out.append(scores.count(scores[-1]) if scores else 0)
            if not line.startswith("Pass to"):
                since = i
    return out


@pytest.mark.parametrize("args", [
    ["--seed", "3"], ["--seed", "2", "--comeback", "--threshold", "8", "--humans", "2"],
    ["--seed", "6", "--buyback", "--stakes", "--players", "5"],
    ["--seed", "4", "--players", "3", "--humans", "2"],
], ids=["one-human", "two-humans-comeback", "buyback-stakes", "three-seats-two-humans"])
def test_the_scores_are_said_once_before_each_turn(tmp_path, args):
    counts = scores_shown_before_each_turn(args, tmp_path)
    assert len(counts) > 10
    assert set(counts) == {1}


def test_the_scores_are_said_once_at_the_start_of_a_round(tmp_path):
    s = Script("no prompt starts so", "")
    terminal_game.main(["--seed", "3", "--save", str(tmp_path / "g.sav")], s.ask, s.say)
    starts = [i for i, ln in enumerate(s.lines) if ln.startswith("\n=== Round")]
    assert len(starts) > 3
    for i in starts:
        first_prompt = next(j for j in s.at if j > i)
        assert sum(" pts" in ln for ln in s.lines[i:first_prompt]) == 1
        assert " pts" in s.lines[i + 1]  # said with the deal
