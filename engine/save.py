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
"""

from engine.compat import const
from engine.rules import Rules
from engine.match import Match, PHASE_PLAY, PHASE_REENTRY, PHASE_OVER, IN, OUT

VERSION = const(1)
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
    try:
        m = _loads(blob)
    except SaveError:
        raise
    except Exception as e:  # any inconsistency found while rebuilding
        raise SaveError("save: the saved match is not consistent (%s)" % e) from None
    if dumps(m) != bytes(blob):
        raise SaveError("save: the saved match is not consistent")
    return m


def _loads(blob):
    nr = len(Rules().to_bytes())
    if len(blob) < 3 + nr + 2 or blob[0:2] != b"CU":
        raise SaveError("save: not a Cucumber save")
    if blob[2] != VERSION:
        raise SaveError("save: version %d, this game reads version %d" % (blob[2], VERSION))
    if crc16(blob, len(blob) - 2) != blob[-2] | (blob[-1] << 8):
        raise SaveError("save: checksum mismatch (truncated or corrupted)")
    rules = Rules.from_bytes(blob[3:3 + nr])
    n = rules.players
    if len(blob) != 3 + nr + 8 + 6 + 4 * n + 3 + 52 + 2:
        raise SaveError("save: wrong length for %d players" % n)
    p = 3 + nr

    def u16(i):
        return blob[i] | (blob[i + 1] << 8)

    def u32(i):
        return u16(i) | (u16(i + 2) << 16)

    m = Match(rules, seed=0, dealer=0)
    m.rng.set_state(u32(p), u32(p + 4))
    p += 8
    m.round_no = u16(p)
    m.dealer = blob[p + 2]
    phase = blob[p + 3] & 3
    m.sudden = bool(blob[p + 3] & 4)
    m.winner = blob[p + 4]
    m.loser = blob[p + 5]
    p += 6
    if m.dealer >= n or phase > PHASE_OVER:
        raise SaveError("save: bad dealer or phase")
    for s in range(n):
        m.scores[s] = u16(p)
        f = blob[p + 2]
        m.status[s] = OUT if f & _F_OUT else IN
        m.reentries_used[s] = (f >> 1) & 3
        m.sit_next[s] = 1 if f & _F_SIT else 0
        m.contenders[s] = 1 if f & _F_CONTENDER else 0
        m.in_round[s] = 1 if f & _F_IN_ROUND else 0
        m.chips[s] = blob[p + 3]
        p += 4
    m.pot = sum(m.chips)
    mask = blob[p]
    restart = u16(p + 1)
    p += 3
    pending = bytearray(0)
    s = m.dealer
    for _ in range(n):
        s = (s + 1) % n
        if mask & (1 << s):
            pending.append(s)
            m.restart[s] = restart
    if mask >> n:
        raise SaveError("save: bad re-entry offers")
    m.pending = pending
    cardbytes = blob[p:p + 52]
    # Rebuild the round: deal the recorded hands, then replay the tricks in order.
    for s in range(n):
        m.counts[s] = 0
        m.first[s] = s * 7
        m.lo[s] = 0
        m.hi[s] = 13
    for c in range(52):
        m.owner[c] = 255
        m.played_in[c] = 0
    if phase != PHASE_PLAY:
        # The round is over: its cards are history only, kept for the summary screens.
        for c in range(52):
            o = cardbytes[c] & 7
            m.owner[c] = 255 if o == 7 else o
            m.played_in[c] = cardbytes[c] >> 3
    for c in range(52):
        o = cardbytes[c] & 7
        if o != 7 and phase == PHASE_PLAY:
            if o >= n or not m.in_round[o] or m.counts[o] >= rules.hand:
                raise SaveError("save: card dealt to a seat that cannot hold it")
            m._give(o, c)
    m.trick_no = 0
    m.phase = phase
    if phase == PHASE_PLAY:
        first = m._link()
        m.trick_len = 0
        m.top = -1
        m.alone = False
        m.leader = first
        m.turn = first
        for t in range(1, 8):
            while True:
                c = _find(cardbytes, m.turn, t)
                if c < 0:
                    break
                m.play(c)
                if m.trick_no != t - 1 or m.phase != PHASE_PLAY:
                    break
            if m.trick_no != t:
                break
    elif phase == PHASE_REENTRY:
        if not len(pending):
            raise SaveError("save: re-entry phase without an offer")
        m.turn = pending[0]
    else:
        m.turn = 255
    return m


def _find(cardbytes, seat, trick):
    for c in range(52):
        b = cardbytes[c]
        if b & 7 == seat and b >> 3 == trick:
            return c
    return -1
