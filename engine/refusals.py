"""What a :class:`RulesError` says: the message of every refusal of engine.rules.

Only text: what is refused is decided in :mod:`engine.rules`, which imports this module
the first time it refuses something (about 1.2 KB of heap under MicroPython that valid
settings never load). It imports nothing from engine.rules: it is handed a refusal's
name and values. The error carries both (``e.what``, ``e.values``): a screen shows the
chosen language's text of that name, ``lang.text("refusals", e.what) % e.values`` (the
section lib/cucumber/text/<code>/refusals.txt, whose keys are these names in this order,
each text with these placeholders in this order; its English is these messages:
host_tests/test_rules_lang.py checks it). ``str(e)`` stays this English message.
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
