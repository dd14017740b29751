"""The hint key (up, when hints are on in Settings): the hard AI's card for the seat to
play, and why.

A hint is exactly the hard AI's own evaluation for that seat's view: the app keeps one
hard ``engine.ai.Player`` per human seat (``app.hinters``) that watches the table at each
of that seat's turns, as the AI would in that seat, and it decides with a seed fixed for
the turn (every press of a turn gives the same card). It reads only the seat's
``View``, so a hint never tells what the seat may not know (host_tests/test_hints.py
rearranges the others' hidden cards and checks that the hint does not change).

Loaded when up is pressed and forgotten at the next screen (cucumber.app).
"""

from cucumber import lang
from engine.ai import thoughts
from engine.rng import Rng


def seed(app, seat):
    """The seed of ``seat``'s hint this turn."""
    m = app.match
    return (app.bot_seed + 7 * seat + 131 * m.round_no + 17 * m.trick_no
            + m.trick_len) & 0xFFFF


def hint(app, seat):
    """(card, engine.ai.thoughts() of it) for ``seat``, the holder, to play now."""
    p = app.hinters[seat]
    p.rng = Rng(seed(app, seat))
    card = p.choose(app.match.view(seat))
    return card, thoughts()


def give(app):
    """Show the holder's hint on the table (nothing when it is not their turn): "hint:
    31% risk, 19 deals", "hint: rule of thumb" (no search) or "hint: one card to play"
    (every legal card of one rank: nothing to choose), the table section's texts read
    now (cucumber.table does not keep them)."""
    m = app.match
    s = m.current_player()
    if app.hinters is None or s != app.holder or app.hinters[s] is None:
        return
    card, thought = hint(app, s)
    t = app.table
    if thought is not None:
        app.decision_deals = thought[0]
        for c, _, r in thought[2]:
            if c >> 2 == card >> 2:
                t.show_hint(card, lang.text("table", "hint") % (r, thought[0]))
                return
    legal = t.legal
    one = legal[0] >> 2 == legal[t.nlegal - 1] >> 2
    t.show_hint(card, lang.text("table", "hint_one_card" if one else "hint_thumb"))
