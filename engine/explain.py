"""Why a card is or is not legal, in words (settled item 5: where a person could dispute
a play, the game can show why it was legal).

Only the sentences: which cards are legal and why is decided by :meth:`Match.why` and
the checks in :meth:`Match.play`. Imported on first use by :meth:`Match.explain` and by
an illegal play (for the IllegalPlay message): about 2.5 KB of heap under MicroPython
that a match offered only legal cards never loads. It imports nothing from engine.match
(it is handed the match).
"""

from engine import cards


def explain(m, card):
    """A sentence saying why ``card`` is or is not legal for the player to move."""
    w = m.why(card)  # WHY_NOT 0, WHY_LEAD 1, WHY_HEADS 2, WHY_LOWEST 3, WHY_ACE_LED 4
    name = cards.pretty(card)
    if w == 1:
        return name + ": you lead, any card may start the trick"
    if w == 2:
        return name + ": at least as high as the highest card in the trick"
    if w == 3:
        if m.rules.strict:
            return name + ": you hold nothing as high as the trick, so you play your lowest"
        return name + ": your lowest card, always allowed"
    if w == 4:
        return name + ": an ace was led, everyone plays their lowest card"
    return why_not(m, card)


def why_not(m, card):
    """Why ``card`` may not be played now (the IllegalPlay message)."""
    name = cards.pretty(card) if 0 <= card < 52 else repr(card)
    if m.phase:
        return "%s cannot be played now: %s" % (
            name, "the match is over" if m.is_terminal() else "a re-entry decision is awaited")
    if not 0 <= card < 52 or card not in list(m.hand(m.turn)):
        return "%s is not in player %d's hand" % (name, m.turn + 1)
    if m.ace_led():
        return "%s is illegal: an ace was led, so you must play your lowest card" % name
    top = cards.RANK_NAMES[m.top_rank()]
    if m.rules.strict:
        return ("%s is illegal: under the strict rule you must play a card at least as "
                "high as %s, which you hold" % (name, top))
    return ("%s is illegal: play a card at least as high as %s or your lowest card"
            % (name, top))
