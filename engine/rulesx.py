"""The settings in words, in English: :meth:`Rules.describe`'s lines, for host tools and
tests (the terminal game's summaries, the arena, assertion messages).

The handheld does not use it: its rules page says the same in the chosen language
(cucumber.rulestext, from the sections ``ruleset`` and ``rules`` of
lib/cucumber/text/<code>/; host_tests/test_rules_lang.py checks that its English lines
are these). Only text: the settings are :mod:`engine.rules`', which imports this module
when ``describe`` is first called (about 1.4 KB of heap under MicroPython). It imports
nothing from engine.rules: it is handed the settings. The refusal messages are
:mod:`engine.refusals`'s.
"""


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
