"""The rarely used half of :mod:`engine.rules` (imported on first use, to keep the heap
small on the board): decoding saved settings and the rules screen's text."""

from engine.rules import (
    Rules, RulesError, FIELDS, LIMITS, PROFILES, END_FIRST_OUT, END_FIXED_ROUNDS,
)


def from_bytes(data):
    """Inverse of :meth:`Rules.to_bytes`; raises RulesError on anything impossible."""
    if len(data) != len(FIELDS) + 1 or data[0] >= len(PROFILES):
        raise RulesError("rules: bad encoded settings")
    r = Rules(PROFILES[data[0]])
    for i in range(len(FIELDS)):
        v = data[i + 1]
        if LIMITS[2 * i + 1] == 1:
            if v > 1:
                raise RulesError("%s: bad encoded value %d" % (FIELDS[i], v))
            v = v == 1
        setattr(r, FIELDS[i], v)
    return r.validate()


def describe(r):
    """A few short lines for a settings or rules screen."""
    ace = ("aces ordinary", "ace led forces lowest", "ace led wins last trick")[r.ace]
    if r.end == END_FIRST_OUT:
        end = "first to %d loses" % r.threshold
    elif r.end == END_FIXED_ROUNDS:
        end = "%d rounds, lowest total wins" % r.rounds
    else:
        end = "out at %d, last one in wins" % r.threshold
    if not r.reentries:
        again = "no re-entry"
    elif not r.reentry_choice:
        again = "%d lives" % (r.reentries + 1)
    elif r.reentry_sit_out:
        again = "comeback once"
    else:
        again = "buy-back once"
    return (
        "%s, %d players, %d cards" % (r.profile, r.players, r.hand),
        ("strict: head the trick if you can" if r.strict
         else "head the trick or play your lowest"),
        ace,
        ("inverse: lowest card of last trick scores " if r.inverse else "last trick scores ")
        + ("(ties all score)" if r.tie_all else "(last played of ties)"),
        end + ", " + again + (", stakes" if r.stakes else ""),
        "played cards open" if r.open_cards else "tricks collected face down",
    )


def refuse(what, value, lo, hi):
    """Raise the RulesError that names what :class:`Rules` refused."""
    if what == "profile":
        raise RulesError("profile: unknown profile '%s' (agurk, gurka or ogorek)" % value)
    if what == "setting":
        raise RulesError("unknown setting '%s'" % value)
    if what == "lives":
        raise RulesError("lives: must be 1 to 4, not %r" % (value,))
    if what != "combination":
        raise RulesError("%s: must be %d to %d, not %r" % (what, lo, hi, value))
    r = value
    if r.reentries and r.end:
        raise RulesError("reentries: lives, buy-back and comeback need 'last standing'")
    if r.reentry_sit_out and not r.reentry_choice:
        raise RulesError("reentry_sit_out: needs a chosen re-entry (comeback)")
    raise RulesError("reentry_min_others: buy-back needs %d others still in, "
                     "%d players never have" % (r.reentry_min_others, r.players))
