"""The first trick from a table distilled offline (tools/measure/distill.py).

    card = policy.first_trick(view, legal)   # a legal card, or -1: no entry

A search far beyond the board's budget was run on many first tricks; for each kind of
first-trick decision the file ``first.bin`` next to this module holds the option whose
mean cost was the lowest there. A decision reads one byte of it (a seek and a read into
a buffer made at import), never the whole table: written for the board (integers, no
float, MicroPython's file API; host_tests/test_distill.py runs it on the board rig), but
kept with the host's tools, because hard plays better without it (docs/AI.md, "What was
tried"). The arena's ``policy`` player is this table alone at the first trick and medium
everywhere else (tools/measure/players.py).

Kinds of decision, for the rules the table was made for (its header: a hand of 7, the
choice rule, aces ordinary, the last of equal cards takes, the normal game) at 2-7
players:

- the lead: the hand's shape, each rank in one of four bands (2-5, 6-9, 10-K, the ace),
  sorted: one of 120 shapes. The entry is the index in the sorted hand of the card to
  lead.
- a follow: how many play after this seat, the top rank of the trick, and how many of
  this seat's cards head it (1-7). The entry: 0 the lowest card, 1 the highest, 2 the
  smallest card that heads the trick.

The entry 255 (or a missing file, or other rules) means no entry: the caller decides.
Under MicroPython ``__file__`` may have no folder: the file is then looked for in the
current one.
"""

from engine.compat import const

_NONE = const(255)
_HEADER = const(8)  # b"CUC1", hand, strict, ace, inverse + tie_all * 2
_SHAPES = const(120)  # sorted hands of 7 cards over four bands: C(10, 3)
_FOLLOW = const(91)  # entries per (players, after me): 13 tops x 7 counts
# the leads' entries for 2-7 players, then the follows' for each players and after-me
_FOLLOWS_AT = const(_HEADER + 6 * _SHAPES)

_one = bytearray(1)
_path = __file__[:__file__.rfind("/") + 1] + "first.bin"


def band(rank):
    """The band of a rank: 0 for 2-5, 1 for 6-9, 2 for 10-K, 3 for the ace."""
    return rank // 4 if rank < 12 else 3


def shape(hand):
    """The index (0-119) of the sorted 7-card ``hand``'s band shape: the bands b0 <= ...
    <= b6 as the combination b_i + i of 7 of 10 (the combinatorial number system)."""
    index = 0
    for i in range(7):
        # C(band + i, i + 1), the combinations below this one at position i
        top = band(hand[i] >> 2) + i
        c = 1
        for k in range(i + 1):
            c = c * (top - k) // (k + 1)
        index += c
    return index


def lead_offset(players, hand):
    return _HEADER + (players - 2) * _SHAPES + shape(hand)


def follow_offset(players, after, top, heading):
    """``after`` players to play after this seat, ``top`` the trick's top rank,
    ``heading`` (1-7) this seat's cards that head it."""
    base = _FOLLOWS_AT
    for n in range(2, players):
        base += (n - 1) * _FOLLOW
    return base + (after * 13 + top) * 7 + heading - 1


def first_trick(view, legal, path=None):
    """The table's card for ``view``'s seat at the first trick (``legal`` its legal
    cards), or -1 when the table has no entry for it."""
    rules = view.rules
    if (view.trick_no() or rules.hand != 7 or rules.strict or rules.ace or rules.inverse
            or rules.tie_all):
        return -1
    trick, _ = view.trick()
    hand = view.hand()
    players = 0
    for seat in range(view.n):
        if view.in_round(seat):
            players += 1
    if not trick:
        offset = lead_offset(players, hand)
    else:
        top = -1
        for card in trick:
            if card >> 2 > top:
                top = card >> 2
        heading = 0
        for card in hand:
            if card >> 2 >= top:
                heading += 1
        if not heading:
            return -1  # the lowest card, forced
        offset = follow_offset(players, players - 1 - len(trick), top, heading)
    try:
        with open(path or _path, "rb") as f:
            f.seek(offset)
            if f.readinto(_one) != 1:
                return -1
    except OSError:
        return -1
    entry = _one[0]
    if entry == _NONE:
        return -1
    if not trick:
        return hand[entry]
    if entry == 0:
        return legal[0]
    if entry == 1:
        return legal[-1]
    for card in legal:
        if card >> 2 >= top:
            return card
    return -1
