"""Reading a save back: the other half of :mod:`engine.save`, whose layout it reads.

Imported by the first ``save.loads`` (about 2.2 KB of heap under MicroPython that a match
started anew never loads: it only writes saves). It imports nothing from engine.save: it
is handed the checksum function and the exception to raise, and it has the layout's
version and per-seat flag values as its own (host_tests/test_save.py checks that they
agree).

The current round is rebuilt by dealing the recorded hands and replaying the recorded
tricks through :meth:`Match.play`, so a restored match is checked by the same rules that
made it (save.loads then serializes it again and compares).
"""

from engine.compat import const
from engine.match import Match, PHASE_PLAY, PHASE_REENTRY, PHASE_OVER, IN, OUT
from engine.rules import FIELDS, Rules

_VERSION = const(1)  # engine.save.VERSION: the layout read here
_F_OUT = const(1)  # the per-seat flags of engine.save
_F_SIT = const(8)
_F_CONTENDER = const(16)
_F_IN_ROUND = const(32)


def restore(blob, crc16, SaveError):
    """The match saved in ``blob``, checked with ``crc16`` (engine.save's); raises
    ``SaveError`` (or any error) on anything short, corrupt or impossible."""
    nr = len(FIELDS) + 1
    if len(blob) < 3 + nr + 2 or blob[0:2] != b"CU":
        raise SaveError("save: not a Cucumber save")
    if blob[2] != _VERSION:
        raise SaveError("save: version %d, this game reads version %d" % (blob[2], _VERSION))
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
            # the cards come lowest first, so each goes to the end of its sorted hand
            m.hands[m.first[o] + m.counts[o]] = c
            m.counts[o] += 1
            m.owner[c] = o
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
