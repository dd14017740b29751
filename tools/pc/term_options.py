"""The terminal game's options: the parser and its help (in the chosen language), the
rules a new match's options ask for, and the words of a refused option.
"""

import argparse
import os
import textwrap

from cucumber import lang
from engine import ai
from engine.challenge import SEEDS
from engine.rules import (
    ACE_FORCES_LOWEST, ACE_ORDINARY, ACE_WINS_LAST, END_FIRST_OUT, END_FIXED_ROUNDS,
    PROFILES, Rules, RulesError,
)
from term_words import (
    CH, SU, _CH_OPT_CHALLENGE, _CH_OPT_DAILY, _DESCRIPTION, _EPILOG_LIVES, _EPILOG_NEW,
    _EPILOG_SAVE, _HUMANS_RANGE, _NO_AI, _NOTE_FIRST_OUT, _NOTE_ROUNDS, _OPT_ACE,
    _OPT_BUYBACK, _OPT_CHOICE, _OPT_COMEBACK, _OPT_FIRST_OUT, _OPT_HAND, _OPT_HUMANS,
    _OPT_INVERSE, _OPT_LANG, _OPT_LEVEL, _OPT_LIVES, _OPT_NEW, _OPT_NO_PAUSE, _OPT_PLAYERS,
    _OPT_PROFILE, _OPT_ROUNDS, _OPT_SAVE, _OPT_SEED, _OPT_STAKES, _OPT_STRICT,
    _OPT_THRESHOLD, _OPT_TIE_ALL, _REFUSAL, _SEED_RANGE,
)

DEFAULT_SAVE = os.path.join(os.path.expanduser("~"), ".cucumber_terminal.sav")


def epilog():
    """The end of --help: where the save lives, how to leave and start over, the lives."""
    def fill(text):
        return textwrap.fill(text, 86, break_long_words=False, break_on_hyphens=False)
    return "%s\n%s\n\n%s" % (fill(SU[_EPILOG_SAVE] % DEFAULT_SAVE), fill(SU[_EPILOG_NEW]),
                             fill(SU[_EPILOG_LIVES]))


# Options that set up a new match (a continued match keeps its own).
SETUP_OPTIONS = ("profile", "players", "humans", "level", "hand", "threshold", "strict",
                 "choice", "ace", "inverse", "tie_all", "lives", "buyback", "comeback",
                 "stakes", "first_out", "rounds", "seed", "challenge", "daily")
CHALLENGE_OPTIONS = ("--challenge", "--daily")  # each sets up the whole match
# The option that sets an engine setting named in a RulesError.
OPTION_OF = {"players": "--players", "hand": "--hand", "threshold": "--threshold",
             "rounds": "--rounds", "lives": "--lives",
             "reentries": "--lives, --buyback or --comeback", "reentry_min_others": "--buyback",
             "reentry_sit_out": "--comeback", "profile": "--profile"}


def build_parser():
    def h(k):  # a help text (argparse fills in "%(...)s": a lone % is doubled)
        return SU[k].replace("%", "%%")

    p = argparse.ArgumentParser(
        description=SU[_DESCRIPTION], epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lang", default="en", metavar="CODE",
                   help=h(_OPT_LANG).replace("%%s", " ".join(lang.CODES)))
    p.add_argument("--profile", choices=PROFILES, help=h(_OPT_PROFILE))
    p.add_argument("--players", type=int, help=h(_OPT_PLAYERS))
    p.add_argument("--humans", type=int, help=h(_OPT_HUMANS))
    p.add_argument("--level", choices=ai.LEVELS, help=h(_OPT_LEVEL))
    p.add_argument("--hand", type=int, help=h(_OPT_HAND))
    p.add_argument("--threshold", type=int, help=h(_OPT_THRESHOLD))
    follow = p.add_mutually_exclusive_group()
    follow.add_argument("--strict", action="store_true", help=h(_OPT_STRICT))
    follow.add_argument("--choice", action="store_true", help=h(_OPT_CHOICE))
    p.add_argument("--ace", choices=("ordinary", "forces-lowest", "wins-last"), help=h(_OPT_ACE))
    p.add_argument("--inverse", action="store_true", help=h(_OPT_INVERSE))
    p.add_argument("--tie-all", action="store_true", help=h(_OPT_TIE_ALL))
    again = p.add_mutually_exclusive_group()
    again.add_argument("--lives", type=int, help=h(_OPT_LIVES))
    again.add_argument("--buyback", action="store_true", help=h(_OPT_BUYBACK))
    again.add_argument("--comeback", action="store_true", help=h(_OPT_COMEBACK))
    p.add_argument("--stakes", action="store_true", help=h(_OPT_STAKES))
    end = p.add_mutually_exclusive_group()
    end.add_argument("--first-out", action="store_true", help=h(_OPT_FIRST_OUT))
    end.add_argument("--rounds", type=int, help=h(_OPT_ROUNDS))
    p.add_argument("--seed", type=int, help=h(_OPT_SEED))
    coded = p.add_mutually_exclusive_group()
    coded.add_argument("--challenge", metavar="CODE",
                       help=CH[_CH_OPT_CHALLENGE].replace("%", "%%"))
    coded.add_argument("--daily", nargs="?", const="today", metavar="YYYY-MM-DD",
                       help=CH[_CH_OPT_DAILY].replace("%", "%%"))
    p.add_argument("--save", default=DEFAULT_SAVE,
                   help=h(_OPT_SAVE).replace("%%s", "%(default)s"))
    p.add_argument("--new", action="store_true", help=h(_OPT_NEW))
    p.add_argument("--no-pause", action="store_true", help=h(_OPT_NO_PAUSE))
    return p


def rules_from_args(args, players):
    """(Rules, notes) for the options; RulesError (from Rules) when impossible. A note is
    one line telling the player about a setting the chosen variant changed."""
    kw = {"players": players}
    if args.hand is not None:
        kw["hand"] = args.hand
    if args.threshold is not None:
        kw["threshold"] = args.threshold
    if args.strict:
        kw["strict"] = True
    if args.choice:
        kw["strict"] = False
    if args.ace:
        kw["ace"] = {"ordinary": ACE_ORDINARY, "forces-lowest": ACE_FORCES_LOWEST,
                     "wins-last": ACE_WINS_LAST}[args.ace]
    if args.inverse:
        kw["inverse"] = True
    if args.tie_all:
        kw["tie_all"] = True
    if args.stakes:
        kw["stakes"] = True
    if args.lives is not None:
        kw["lives"] = args.lives
    if args.buyback:
        kw["buyback"] = True
    if args.comeback:
        kw["comeback"] = True
    if args.first_out:
        kw["end"] = END_FIRST_OUT
    if args.rounds is not None:
        kw["end"] = END_FIXED_ROUNDS
        kw["rounds"] = args.rounds
    profile = args.profile or "agurk"
    notes = []
    try:
        return Rules(profile, **kw), notes
    except RulesError as e:
        chose_reentry = args.lives is not None or args.buyback or args.comeback
        if "end" not in kw or chose_reentry:
            raise
        # The profile's own re-entry (agurk's 2 lives) does not go with this ending:
        # the variant sets one life, and the player is told.
        try:
            rules = Rules(profile, lives=1, **kw)
        except RulesError:
            raise e from None
        notes.append(SU[_NOTE_FIRST_OUT if args.first_out else _NOTE_ROUNDS]
                     % (profile, Rules(profile).lives()))
        return rules, notes


def refused(e):
    """What a RulesError refuses, in the chosen language: the "refusals" section's text
    of the refusal the engine names (``e.what``, filled with ``e.values``), else the
    engine's own message."""
    what = getattr(e, "what", None)
    if what is not None:
        text = lang.text("refusals", what)
        if text != what:  # (lang.text gives the key when no language has it)
            try:
                return text % tuple(getattr(e, "values", ()) or ())
            except (TypeError, ValueError):
                pass
    return str(e)


def refusal(e):
    """The message for a RulesError: what is refused, with the option that sets it."""
    opt = OPTION_OF.get(str(e).split(":")[0].split(" ")[0])
    return SU[_REFUSAL] % (refused(e) + (" (%s)" % opt if opt else ""))


def given_options(args):
    out = []
    for k in SETUP_OPTIONS:
        v = getattr(args, k)
        if v is not None and v is not False:
            out.append("--" + k.replace("_", "-"))
    return out


def new_seed(args, k=0):
    """The seed of the ``k``-th match after the first: ``--seed``'s and the next ones, or
    a random one; 0 to 4095, the seeds a challenge code holds (every match has a code)."""
    if args.seed is not None:
        return (args.seed + k) % SEEDS
    return int.from_bytes(os.urandom(2), "little") % SEEDS


def language_of(argv):
    """The code ``--lang`` asks for ("en" without it), before the options are read (the
    options' help is in that language); None for a code the game does not have."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--lang", default="en")
    try:
        known, _ = pre.parse_known_args(argv)
    except SystemExit:  # "--lang" without a code: the real parser says so
        return "en"
    code = known.lang.strip().lower()
    return code if code in lang.CODES else None


def check_seed(parser, args):
    """``--seed`` is one a code can hold, or argparse's error says the range."""
    if args.seed is not None and not 0 <= args.seed < SEEDS:
        parser.error(SU[_SEED_RANGE] % args.seed)


def check_seats(parser, args, players, humans):
    if not 1 <= humans <= players:
        parser.error(SU[_HUMANS_RANGE] % (players, humans))
    if args.level and humans == players:
        parser.error(SU[_NO_AI])
