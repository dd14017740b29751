"""Why a card is or is not legal, in words (settled item 5: where a person could dispute
a play, the game can show why it was legal). Imported on first use."""

from engine import cards
from engine.match import WHY_LEAD, WHY_HEADS, WHY_LOWEST, WHY_ACE_LED


def explain(m, card):
    """A sentence saying why ``card`` is or is not legal for the player to move."""
    w = m.why(card)
    name = cards.pretty(card)
    if w == WHY_LEAD:
        return name + ": you lead, any card may start the trick"
    if w == WHY_HEADS:
        return name + ": at least as high as the highest card in the trick"
    if w == WHY_LOWEST:
        if m.rules.strict:
            return name + ": you hold nothing as high as the trick, so you play your lowest"
        return name + ": your lowest card, always allowed"
    if w == WHY_ACE_LED:
        return name + ": an ace was led, everyone plays their lowest card"
    return why_not(m, card)


def why_not(m, card):
    """Why ``card`` may not be played now (the IllegalPlay message)."""
    name = cards.pretty(card) if 0 <= card < 52 else repr(card)
    if m.phase:
        return "%s cannot be played now: %s" % (
            name, "a re-entry decision is awaited" if m.phase == 1 else "the match is over")
    if not 0 <= card < 52 or card not in list(m.hand(m.turn)):
        return "%s is not in player %d's hand" % (name, m.turn + 1)
    if m.top > 12:
        return "%s is illegal: an ace was led, so you must play your lowest card" % name
    top = cards.RANK_NAMES[m.top]
    if m.rules.strict:
        return ("%s is illegal: under the strict rule you must play a card at least as "
                "high as %s, which you hold" % (name, top))
    return ("%s is illegal: play a card at least as high as %s or your lowest card"
            % (name, top))
