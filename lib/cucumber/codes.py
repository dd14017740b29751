"""Every match's code, in the title's run: the match of a challenge (a code typed in, the
daily challenge), of the set-up, and the next challenge after one, each started with
its challenge's match seed and AIs' seed and its CHALLENGE record.

A challenge (engine.challenge) is a match set-up in a 12- or 16-character code: the same
cards and AIs for everyone who plays it, on the handheld, in the terminal game and in the
arena. Every match of the set-up is one too (``setup_match``: a seed of the 4,096 a code
can hold, from the app's), so that its end page shows a code anyone can play again,
unless a student's bot has a seat (no code names one). A at a challenge's end plays the
next one (``follow``: the next seed, the rest the same), as the terminal game does.

The match then starts as any match does (cucumber.starting): the pending start is
``("begin", match, kinds, record)``. The record goes into the store for the match's own
run, where engine.challenge is never loaded (its 6.6 KB would not fit beside a match):

CHALLENGE record (cucumber.store, at most 23 bytes): flags (AGAIN: the match's end asked
for the next challenge, which the title's run starts; COUNTED: played as a challenge, so
the statistics keep its best score, unlike a match of the set-up), the length (0: the
whole match; N: N rounds, cucumber.lastround), the AIs' seed of the match it belongs to
(2 bytes, low first: a record left from another match is not this one's), then the code
as shown, in groups of four ("9JRB-JVL9-R2CW"). cucumber.starting reads it as the match
begins, cucumber.settings.record_win when it ends, cucumber.lobby for AGAIN.

A module of its own, apart from the screens (cucumber.challenges): the set-up's start
loads it beside the lobby, the settings and engine.challenge, when the title's run is
fullest (micropython32: 85 KB with the screens' code as well, 82 KB without).
"""

from engine.challenge import SEEDS, Challenge, ChallengeError, decode, encode, show
from engine.compat import const

from cucumber import forget
from cucumber.store import CHALLENGE

AGAIN = const(1)
COUNTED = const(2)


def _pending(app, p):
    """``p`` is the match the app starts once the lobby returns: this module and
    engine.challenge are forgotten first (their functions in use keep what they need)."""
    app.pending = p
    forget("codes")
    forget("challenge", "engine")


def start(app, ch, flags):
    """Challenge ``ch`` (with CHALLENGE ``flags``) is the app's pending match."""
    _pending(app, begin(app, ch, flags))


def next_challenge(app):
    """A at a challenge's end asked for the next challenge (cucumber.starting._again,
    which restarted the board into this run, where engine.challenge fits): it starts now,
    and the board restarts into it; True. False, the record cleared, when it holds no
    code."""
    p = follow(app)
    if p is None:
        app.store.clear(CHALLENGE)
        return False
    app.pending = p
    app._start_pending(True)
    return True


def begin(app, ch, flags):
    """The pending start (cucumber.starting) of challenge ``ch``'s match: its match seed,
    the AIs' seed, its seats, and its CHALLENGE record with ``flags``."""
    app.bot_seed = ch.bot_seed()
    shown = show(encode(ch))
    rec = bytes((flags, ch.length, app.bot_seed & 0xFF, app.bot_seed >> 8)) + shown.encode()
    return ("begin", ch.match(log_events=True), bytearray(ch.kinds), rec)


def setup_match(app, rules, kinds):
    """The app's pending start of a match of the set-up (``rules``, seats ``kinds``): a
    challenge of the next of the app's seeds, so that its end page can show its code;
    a match without a code where there is none (a student's bot in a seat)."""
    app.seed = (app.seed * 1103515245 + 12345) & 0x3FFFFFFF
    try:
        ch = Challenge(rules, kinds[:rules.players], (app.seed >> 12) % SEEDS)
    except ChallengeError:  # no code: nor a record, which would make A at its end the
        app.store.clear(CHALLENGE)  # next challenge of another match
        _pending(app, ("new", rules, kinds))
        return
    _pending(app, begin(app, ch, 0))


def follow(app):
    """The pending start of the challenge after the one of the store's CHALLENGE record
    (the match just ended): the next seed's, everything else the same; it counts in the
    statistics when that one did. None when the record holds no code. This module and
    engine.challenge are forgotten (the match starts next)."""
    rec = app.store.get(CHALLENGE)
    forget("codes")
    forget("challenge", "engine")
    try:
        ch = decode(str(rec[4:], "utf-8"))
    except (ChallengeError, TypeError, ValueError):
        return None
    ch = Challenge(ch.rules, ch.kinds, (ch.seed + 1) % SEEDS, ch.length)
    return begin(app, ch, rec[0] & COUNTED)
