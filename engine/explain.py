"""Why a card is or is not legal, in words (settled item 5: where a person could dispute
a play, the game can show why it was legal). Imported on first use."""

from engine import cards
# Why a card is legal (Match.why, EV_PLAY): 1 it leads, 2 it heads the trick, 3 a lowest
# card, 4 the lowest after an ace led; 0 it may not be played.


def explain(m, card):
    """A sentence saying why ``card`` is or is not legal for the player to move."""
    w = m.why(card)
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


def why(m, card):
    """Why the player to move may play ``card`` (a WHY_ constant), 0 if not."""
    if m.phase:
        return 0
    h = m.hands
    b = m.first[m.turn]
    e = b + m.counts[m.turn]
    i = b
    while i < e and h[i] != card:
        i += 1
    if i == e:
        return 0  # not in the hand
    top = m.top
    if top < 0:
        return 1
    r = card >> 2
    low = r == h[b] >> 2
    if top > 12:
        return 4 if low else 0
    if r >= top:
        return 2
    if low and not (m.strict and h[e - 1] >> 2 >= top):
        return 3
    return 0
