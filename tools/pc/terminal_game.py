"""Cucumber in a terminal: one human against the built-in opponents, or several humans
passing the keyboard (hands hidden between turns).

    python tools/pc/terminal_game.py                  # asks a few questions, Enter takes defaults
    python tools/pc/terminal_game.py --humans 2 --players 4 --profile gurka --level hard
    python tools/pc/terminal_game.py --lang da        # in Danish (en pt fr es nl da sv pl fi)
    python tools/pc/terminal_game.py --challenge 9JRB-JVL9-R2CW   # a challenge's match
    python tools/pc/terminal_game.py --daily 2025-03-14           # that day's challenge

The match is saved after every move (``--save``), so quitting (``q``, Ctrl-D or Ctrl-C at
any prompt) or a closed terminal loses nothing: the next start offers to continue, and
``--new`` starts over. A save that cannot be read is kept aside as ``<save>.bad`` and a
new match starts.

Challenges (engine.challenge): ``--challenge CODE`` plays the match a code sets up (the
rules, the seats, the seed, and the whole match or its first N rounds) with the same cards
and AI decisions as every other front end; ``--daily [YYYY-MM-DD]`` plays the daily
challenge of that date (today's, by this PC's clock, without one). The code is said at the
start and at the end, with the one human's penalty to read out; another match after it is
the next seed's challenge. Every match of the set-up is a challenge too, as on the
handheld (its seed, ``--seed`` or a random one, is one of the 4,096 a code holds): its end
says its code and the command that plays it again, to send to a friend (a match continued
from an earlier version's save has none). A code that is not one (a typo, cut short, too
long, made up, from a newer version) gets one line on stderr naming the problem and exit
status 2, and nothing is read or written. The code sets everything a set-up option would:
giving one as well is refused the same way.

Words: every text it prints or asks is in the chosen language (``--lang``), read from
the ``term``, ``termev``, ``termsetup`` and ``termchal`` sections of lib/cucumber/text/<code>/
(cucumber.lang, docs/LANGUAGES.md); the cards carry the rank letters of that language's
decks (and may be typed with them, besides "10h", "TH", "9\u2663" or their number).

This module is the entry point: it reads the options, refuses what cannot be played,
and starts, continues or repeats a match. Each other job has a module of its own in
tools/pc/, to be read alone:

    term_words.py      the texts of the four sections, the names of cards and seats
    term_input.py      what a player types: answers, numbers, cards, yes and no
    term_options.py    the options, their help, the rules they ask for, a refusal's words
    term_challenge.py  --challenge and --daily, a bad code in words, every match's code
    term_start.py      a new match, a challenge's, the saved one continued, the next one
    term_game.py       the Game: what it knows between two moves, and its loop
    term_table.py      what the table says: events, scores, the trick, the match's end
    term_turns.py      a human's turn (a card, the re-entry choice), watching the others
    term_saves.py      the save file: written after every move, read back, every field checked
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from cucumber import lang  # noqa: E402
from engine import challenge  # noqa: E402
from engine.rules import RulesError  # noqa: E402
from term_challenge import challenge_error, the_challenge  # noqa: E402
from term_game import DONE  # noqa: E402
from term_input import Quit, is_yes, prompt  # noqa: E402
from term_options import (  # noqa: E402
    build_parser, check_seats, check_seed, language_of, refusal, rules_from_args,
)
from term_saves import SavePathRefused, check_save_path, move_aside  # noqa: E402
from term_start import challenge_game, new_game, next_game, resume  # noqa: E402
from term_words import (  # noqa: E402
    SU, _ASK_AGAIN, _BAD_LANG, _BYE, _HUMANS_MIN, _NO_MATCH, _RULES, _UNREADABLE,
    rules_summary, use_language,
)


def main(argv=None, ask=input, say=print, questions=None):
    """Play; the exit status (0, also for quitting: the match is kept; 2 for impossible
    options, after argparse's message, or an unknown language). ``questions``: ask the
    set-up questions for what the options leave open (default: when reading a
    terminal)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    code = language_of(argv)
    use_language(code or "en")
    if code is None:
        pre = argparse.ArgumentParser(add_help=False)
        pre.add_argument("--lang")
        wrong = pre.parse_known_args(argv)[0].lang
        sys.stderr.write("%s: %s\n" % (os.path.basename(sys.argv[0] or "terminal_game.py"),
                                       SU[_BAD_LANG] % (wrong, " ".join(lang.CODES))))
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    if questions is None:
        questions = ask is input and sys.stdin.isatty()
    if say is print:
        try:  # a terminal that cannot show the suit symbols gets "?", not a traceback
            sys.stdout.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    if ask is input:
        try:  # typed or pasted bytes that are not text are read as "\ufffd", not a traceback
            sys.stdin.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    try:
        return play(parser, args, ask, say, questions)
    except (Quit, KeyboardInterrupt) as e:
        say(e.args[0] if isinstance(e, Quit) and e.args else "\n" + SU[_NO_MATCH])
        return 0


def play(parser, args, ask, say, questions):
    """Refuse what cannot be played, then play the saved match, a challenge's or a new
    one, and another after it while the player asks for one."""
    # Impossible options are refused before anything else happens.
    try:
        ch = the_challenge(args)
    except challenge.ChallengeError as e:
        return refuse(challenge_error(e))
    except ValueError as e:
        return refuse(str(e))
    if args.humans is not None and args.humans < 1:
        parser.error(SU[_HUMANS_MIN] % args.humans)
    check_seed(parser, args)
    try:
        rules_from_args(args, 4 if args.players is None else args.players)
    except RulesError as e:
        parser.error(refusal(e))
    if args.humans is not None and args.players is not None:
        check_seats(parser, args, args.players, args.humans)
    game = None
    if args.save:
        try:
            text, damaged = check_save_path(args.save)
        except SavePathRefused as e:
            say(str(e))
            return 2
        if damaged:
            say(SU[_UNREADABLE] % (damaged, move_aside(args.save)))
        elif text is not None and not args.new:
            game = resume(args, text, ask, say)
    if game is None and ch is not None:
        game = challenge_game(ch, args, ask, say)
    elif game is None:
        game, notes = new_game(parser, args, ask, say, questions)
        for line in notes:
            say(line)
        say(SU[_RULES] % (rules_summary(game.m.rules), game.seed))
    k = 0
    while game.run() == DONE:
        try:
            again = prompt(ask, SU[_ASK_AGAIN] + " ")
        except Quit:
            again = ""
        if not is_yes(again):
            say(SU[_BYE])
            return 0
        k += 1
        game = next_game(game, args, k, ask, say)
    return 0


def refuse(line):
    """One line on stderr for options that cannot be played; the exit status 2."""
    sys.stderr.write("%s: %s\n" % (os.path.basename(sys.argv[0] or "terminal_game.py"), line))
    return 2


if __name__ == "__main__":
    sys.exit(main())
