"""Make, read and look up challenge codes (engine/challenge.py), for a teacher.

    python tools/pc/challenge_codes.py make --profile gurka --seats human,hard,hard,hard --length 3
    python tools/pc/challenge_codes.py make --seats human,medium,medium --rule inverse=1 --seed 42
    python tools/pc/challenge_codes.py show 9JRB-JVL9-R2CW
    python tools/pc/challenge_codes.py daily 2025-03-14          # the day's code (today's without)

``make``: the rules of ``--profile`` (agurk) with any ``--rule KEY=VALUE`` of
tools/measure/arena.py (the engine's settings, and lives, buyback, comeback), one
``--seats`` entry per player (human, easy, medium or hard; the number of seats is the
number of players; default human and three medium AIs), ``--seed`` 0 to 4095 (a random
one without it: a new deal) and ``--length`` N to make the challenge the first N rounds
(0, the default: the whole match). It prints the code in groups of four, then the
challenge in words. ``show`` prints the words of a code; ``daily`` the code of a date.

Anything that cannot be a challenge (rules that cannot be played, a seat kind, a seed or
a length out of range, a code that is not one) is one line on stderr and exit status 2.
"""

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from engine import challenge  # noqa: E402
from engine.rules import RulesError  # noqa: E402

KINDS = ("human", "easy", "medium", "hard")  # in engine.challenge's order


class Refused(ValueError):
    """The one line to print (exit status 2)."""


def describe(ch):
    """The challenge in words, a few lines."""
    code = challenge.show(challenge.encode(ch))
    seats = ", ".join("P%d %s" % (s + 1, KINDS[k]) for s, k in enumerate(ch.kinds))
    return "\n".join(["challenge %s" % code,
                      "rules: %s" % "; ".join(ch.rules.describe()),
                      "seats: %s" % seats,
                      "seed: %d" % ch.seed,
                      "length: %s" % ("the first %d rounds" % ch.length if ch.length
                                      else "the whole match")])


def make(profile, seats, rules=(), seed=None, length=0):
    """The Challenge of these options; Refused with the line to print."""
    import arena
    kinds = []
    for name in seats:
        if name not in KINDS:
            raise Refused("--seats: %r is not one of %s" % (name, ", ".join(KINDS)))
        kinds.append(KINDS.index(name))
    if not 2 <= len(kinds) <= 7:
        raise Refused("--seats: 2 to 7 players, not %d" % len(kinds))
    try:
        r = arena.parse_rules(profile, len(kinds), rules)
    except RulesError as e:
        raise Refused("these rules cannot be played: %s" % e) from None
    if seed is None:
        seed = random.randrange(challenge.SEEDS)
    try:
        return challenge.Challenge(r, kinds, seed, length)
    except challenge.ChallengeError as e:
        raise Refused("--%s" % e if e.what == "range" else str(e)) from None


def main(argv=None, out=print):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    mk = sub.add_parser("make", help="a new code")
    mk.add_argument("--profile", default="agurk", choices=("agurk", "gurka", "ogorek"))
    mk.add_argument("--seats", default="human,medium,medium,medium",
                    help="one per player: human, easy, medium or hard "
                         "(default human,medium,medium,medium)")
    mk.add_argument("--rule", action="append", metavar="KEY=VALUE",
                    help="a rule setting, as tools/measure/arena.py takes it")
    mk.add_argument("--seed", type=int, help="0 to 4095 (default: a random one)")
    mk.add_argument("--length", type=int, default=0,
                    help="the challenge is the first N rounds (0: the whole match)")
    sh = sub.add_parser("show", help="a code in words")
    sh.add_argument("code")
    dy = sub.add_parser("daily", help="the daily challenge of a date")
    dy.add_argument("date", nargs="?", help="YYYY-MM-DD (default: today)")
    a = ap.parse_args(argv)
    try:
        if a.command == "make":
            ch = make(a.profile, a.seats.split(","), a.rule or (), a.seed, a.length)
        elif a.command == "show":
            ch = challenge.decode(a.code)
        else:
            ch = challenge.daily(a.date or "%04d-%02d-%02d" % time.localtime()[:3])
    except (Refused, challenge.ChallengeError) as e:
        sys.stderr.write("challenge_codes.py: %s\n" % e)
        return 2
    out(describe(ch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
