"""A first deal given by the caller instead of shuffled: ``Match(rules, hands=...,
dealer=...)``, for tests, replays and the tools (the board never gives one).

Imported by the match's deal only when it is given hands: about 0.8 KB of heap under
MicroPython that a shuffled match never loads. It imports nothing from engine.match (it
is handed the match).
"""

from engine.cards import parse
from engine.compat import const

_UNDEALT = const(255)  # engine.match.NOBODY: the owner of a card nobody holds


def give_hands(m, hands):
    """Deal ``hands`` (one list of card codes or names per seat) into match ``m``, whose
    deal has set who is in the round and emptied the hands; ValueError if a seat in the
    round does not get ``rules.hand`` cards, a seat out of it gets any, or a card is
    dealt twice or is no card."""
    H = m.rules.hand
    for s in range(m.n):
        hs = hands[s] if s < len(hands) else ()
        want = H if m.in_round[s] else 0
        if len(hs) != want:
            raise ValueError("deal: seat %d needs %d cards, got %d" % (s, want, len(hs)))
        for c in hs:
            if isinstance(c, str):
                c = parse(c)
            if not 0 <= c < 52 or m.owner[c] != _UNDEALT:
                raise ValueError("deal: card %r is dealt twice or is no card" % c)
            _give(m, s, c)


def _give(m, seat, card):
    """Insert ``card`` into ``seat``'s sorted hand."""
    b = m.first[seat]
    i = b + m.counts[seat]
    h = m.hands
    while i > b and h[i - 1] > card:
        h[i] = h[i - 1]
        i -= 1
    h[i] = card
    m.counts[seat] += 1
    m.owner[card] = seat
