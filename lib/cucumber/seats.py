"""Who sits in each seat of a match, and the saved match that remembers it.

Seat kinds: HUMAN, an AI level (``LEVELS`` names engine.ai's level of each kind), or BOT
(a student's bot.py on the drive: cucumber.botseat).

MATCH record (<= 130 bytes in the Store): "M" version, bot seed:2, players n, n seat
kinds, then the ``engine.save`` blob.

This is all of the set-up a match in progress needs: the rest of cucumber.settings (the
set-up, preferences, statistics) is not loaded during a match (see cucumber.app).
"""

from engine.compat import const

HUMAN = const(0)
EASY = const(1)
MEDIUM = const(2)
HARD = const(3)
BOT = const(4)
LEVELS = ("", "easy", "medium", "hard", "bot")

_VERSION = const(1)
_MAX_SEATS = const(7)  # engine.rules.MAX_PLAYERS


def encode_match(blob, kinds, n, seed):
    """The MATCH record of engine blob ``blob``, seats ``kinds[:n]``, bot ``seed``."""
    out = bytearray(b"M")
    out.append(_VERSION)
    out.append(seed & 0xFF)
    out.append((seed >> 8) & 0xFF)
    out.append(n)
    for s in range(n):
        out.append(kinds[s])
    out.extend(blob)
    return bytes(out)


def decode_match(b):
    """(engine blob, kinds bytearray, seed) from a MATCH record; ValueError if it is bad."""
    if b is None or len(b) < 6 or b[0:1] != b"M" or b[1] != _VERSION:
        raise ValueError("save: not a saved match")
    seed = b[2] | (b[3] << 8)
    n = b[4]
    if not 2 <= n <= _MAX_SEATS or len(b) < 5 + n:
        raise ValueError("save: bad seat list")
    kinds = bytearray(b[5:5 + n])
    for k in kinds:
        if k > BOT:
            raise ValueError("save: bad seat kind")
    return bytes(b[5 + n:]), kinds, seed
