"""Card codes.

A card is an int 0..51: ``rank * 4 + suit``. Rank 0 is a two and rank 12 an ace, so
comparing codes compares ranks (ties broken by suit, which has no force in this game).
Suits only matter for display.
"""

from engine.compat import const

DECK_SIZE = const(52)
RANKS = const(13)
ACE = const(12)  # rank of an ace
NO_CARD = const(255)

RANK_NAMES = "23456789TJQKA"
SUIT_NAMES = "SHDC"  # spades, hearts, diamonds, clubs
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")


def card(rank, suit):
    """The code of the card of ``rank`` (0=two .. 12=ace) and ``suit`` (0..3)."""
    return rank * 4 + suit


def rank(c):
    return c >> 2


def suit(c):
    return c & 3


def value(c):
    """Penalty value: 2..10 face value, J=11, Q=12, K=13, A=14."""
    return (c >> 2) + 2


def name(c):
    """Short ASCII name, e.g. ``"TH"`` for the ten of hearts."""
    return RANK_NAMES[c >> 2] + SUIT_NAMES[c & 3]


def pretty(c):
    """Name with a suit symbol, e.g. ``"10\u2665"``."""
    r = c >> 2
    return ("10" if r == 8 else RANK_NAMES[r]) + SUIT_SYMBOLS[c & 3]


def parse(text):
    """The code for a name such as ``"TH"``, ``"10h"`` or ``"9\u2663"``; ValueError if none."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    for i in range(4):
        t = t.replace(SUIT_SYMBOLS[i], SUIT_NAMES[i])
    if len(t) != 2 or t[0] not in RANK_NAMES or t[1] not in SUIT_NAMES:
        raise ValueError("not a card: " + text)
    return card(RANK_NAMES.index(t[0]), SUIT_NAMES.index(t[1]))
