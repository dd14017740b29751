"""Challenges in the terminal game (engine.challenge): the challenge ``--challenge`` or
``--daily`` asks for, a code that is not one in the player's words, the seats of a
challenge as a save keeps them, the challenge of a match of the set-up (every match has
a code) and the command that plays a code again.
"""

import time

from engine import challenge
from term_input import shown
from term_options import CHALLENGE_OPTIONS, given_options
from term_words import (
    CH, _CH_CHECK, _CH_CONFLICT, _CH_DATE, _CH_EMPTY, _CH_INVALID, _CH_LENGTH_CODE,
    _CH_NEWER, _CH_ORDINALS, _CH_SWAP, _CH_SYMBOL, _CH_TYPO,
)


def ordinal(n):
    """The chosen language's "4th" ("4e", "4.", "4:e") for a character's place."""
    words = CH[_CH_ORDINALS].split()
    return words[n - 1] if 1 <= n <= len(words) else str(n)


# The text of each ChallengeError that needs no values (the others are worded below).
_CHALLENGE_TEXTS = {"empty": _CH_EMPTY, "typo": _CH_TYPO, "newer": _CH_NEWER,
                    "invalid": _CH_INVALID, "date": _CH_DATE}


def challenge_error(e):
    """A ChallengeError in the chosen language, on one line: what is wrong, and where."""
    what = e.what
    v = e.values
    if what == "symbol":
        return CH[_CH_SYMBOL] % (ordinal(v[0]), shown(v[1]))
    if what == "check":
        return CH[_CH_CHECK] % ordinal(v[0])
    if what == "swap":
        return CH[_CH_SWAP] % (ordinal(v[0]), ordinal(v[1]))
    if what == "length":
        return CH[_CH_LENGTH_CODE] % v
    if what in _CHALLENGE_TEXTS:
        return CH[_CHALLENGE_TEXTS[what]]
    return str(e)


def replay(ch):
    """The command that plays challenge ``ch`` again, as a player types it."""
    return "python tools/pc/terminal_game.py --challenge " + challenge.show(challenge.encode(ch))


def seats_challenge(rules, levels, seed):
    """The Challenge of a match of the set-up: ``levels`` as a save keeps them ("human"
    or an AI's level), ``seed`` 0 to 4095."""
    kinds = [challenge.HUMAN if lv == "human" else challenge.LEVELS.index(lv) for lv in levels]
    return challenge.Challenge(rules, kinds, seed)


def challenge_humans(ch):
    """The human seats of challenge ``ch``, in order."""
    return [s for s in range(len(ch.kinds)) if ch.kinds[s] == challenge.HUMAN]


def challenge_levels(ch):
    """The seats' levels as a save keeps them: "human" or the AI's level."""
    return ["human" if k == challenge.HUMAN else challenge.LEVELS[k] for k in ch.kinds]


def the_challenge(args):
    """The Challenge of ``--challenge`` or ``--daily`` (None without them); a ChallengeError
    for a code or date that is not one, or ValueError (its message the one line to
    print) when set-up options are given too."""
    if args.challenge is None and args.daily is None:
        return None
    if args.challenge is not None:
        ch = challenge.decode(args.challenge)
    else:
        if args.daily == "today":
            args.daily = "%04d-%02d-%02d" % time.localtime()[:3]
        ch = challenge.daily(args.daily)
    others = [o for o in given_options(args) if o not in CHALLENGE_OPTIONS]
    if others:
        which = "--challenge" if args.challenge is not None else "--daily"
        raise ValueError(CH[_CH_CONFLICT] % (which, " ".join(others)))
    return ch
