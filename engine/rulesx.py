"""The settings in words: the rules screen's lines (:meth:`Rules.describe`) and the
message of every :class:`RulesError`.

Only text: what is allowed is decided in :mod:`engine.rules`, which imports this module
the first time it needs a sentence (about 2.3 KB of heap under MicroPython that a match
with valid settings never uses). It imports nothing from engine.rules: it is handed the
settings (``describe``) or a refusal's name and values (``refusal``).
"""

# What engine.rules refuses, by the name it raises it with, and the values filled in.
_REFUSALS = {
    "profile": "profile: unknown profile '%s' (agurk, gurka or ogorek)",  # name
    "setting": "unknown setting '%s'",  # keyword
    "lives": "lives: must be 1 to %d, not %r",  # most lives, value
    "range": "%s: must be %d to %d, not %r",  # setting, lowest, highest, value
    "reentries_need_last_standing":
        "reentries: lives, buy-back and comeback need 'last standing'",
    "sit_out_needs_choice": "reentry_sit_out: needs a chosen re-entry (comeback)",
    "min_others_never_met":  # reentry_min_others, players
        "reentry_min_others: buy-back needs %d others still in, %d players never have",
    "encoding": "rules: bad encoded settings",
    "encoded_value": "%s: bad encoded value %d",  # setting, byte
}


def refusal(what, args):
    """The message of the RulesError that engine.rules raises as ``what``."""
    return _REFUSALS[what] % args


def describe(r):
    """A few short lines for a settings or rules screen, from the settings ``r``."""
    # Indexed by r.ace (ACE_ORDINARY, ACE_FORCES_LOWEST, ACE_WINS_LAST) and by r.end
    # (END_LAST_STANDING, END_FIRST_OUT, END_FIXED_ROUNDS).
    ace = ("aces ordinary", "ace led forces lowest", "ace led wins last trick")[r.ace]
    end = ("out at %d, last one in wins" % r.threshold, "first to %d loses" % r.threshold,
           "%d rounds, lowest total wins" % r.rounds)[r.end]
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
