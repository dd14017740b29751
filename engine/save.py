"""A match in progress as a small bytes blob, and back.

Layout (version 1), 119 bytes for 7 players::

    "CU" 1            magic and version
    rules             Rules.to_bytes(): profile then one byte a setting
    x:4 y:4           generator state (little endian)
    round:2 dealer:1 phase|sudden<<2:1 winner:1 loser:1
    per seat:         score:2 flags:1 chips:1
    pending:1 restart:2   re-entry offers still open (seat bit mask) and their score
    52 card bytes     owner seat (bits 0-2, 7 = not dealt) | trick it was played in + 1
                      (bits 3-5, 0 = still in the hand)
    crc:2             CRC-16/CCITT of everything before

The current round is restored by dealing the recorded hands and replaying the recorded
tricks through :meth:`Match.play`, so a restored match is checked by the same rules that
made it; the result is serialized again and must equal the blob. Anything short, corrupt
or impossible raises :class:`SaveError` and nothing is half-loaded.

Reading a blob back is :mod:`engine.restore`'s, imported by the first :func:`loads`
(about 2.2 KB of heap under MicroPython that a match started anew never loads: during play
only :func:`dumps` runs).
"""

from engine.compat import const
from engine.match import OUT

VERSION = const(1)
# The per-seat flags (engine.restore reads the same values and version).
_F_OUT = const(1)
_F_SIT = const(8)
_F_CONTENDER = const(16)
_F_IN_ROUND = const(32)


class SaveError(ValueError):
    """The blob is not a match this version can restore."""


def crc16(data, n=-1):
    """CRC-16/CCITT-FALSE of the first ``n`` bytes of ``data``."""
    if n < 0:
        n = len(data)
    crc = 0xFFFF
    for i in range(n):
        crc ^= data[i] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def _u16(out, v):
    out.append(v & 0xFF)
    out.append((v >> 8) & 0xFF)


def _u32(out, v):
    for k in (0, 8, 16, 24):
        out.append((v >> k) & 0xFF)


def dumps(m):
    """The blob for match ``m``."""
    out = bytearray(b"CU")
    out.append(VERSION)
    out.extend(m.rules.to_bytes())
    x, y = m.rng.state()
    _u32(out, x)
    _u32(out, y)
    _u16(out, m.round_no)
    out.append(m.dealer)
    out.append(m.phase | (4 if m.sudden else 0))
    out.append(m.winner)
    out.append(m.loser)
    for s in range(m.n):
        _u16(out, m.scores[s])
        f = (_F_OUT if m.status[s] == OUT else 0) | (m.reentries_used[s] << 1)
        f |= (_F_SIT if m.sit_next[s] else 0) | (_F_CONTENDER if m.contenders[s] else 0)
        f |= _F_IN_ROUND if m.in_round[s] else 0
        out.append(f)
        out.append(m.chips[s])
    mask = 0
    restart = 0
    for s in m.pending:
        mask |= 1 << s
        restart = m.restart[s]
    out.append(mask)
    _u16(out, restart)
    for c in range(52):
        o = m.owner[c]
        out.append((7 if o == 255 else o) | (m.played_in[c] << 3))
    _u16(out, crc16(out))
    return bytes(out)


def loads(blob):
    """The match saved in ``blob``; SaveError if it is not a whole, valid save."""
    from engine.restore import restore  # the reader (see above)
    try:
        m = restore(blob, crc16, SaveError)
    except SaveError:
        raise
    except Exception as e:  # any inconsistency found while rebuilding
        raise SaveError("save: the saved match is not consistent (%s)" % e) from None
    if dumps(m) != bytes(blob):
        raise SaveError("save: the saved match is not consistent")
    return m
