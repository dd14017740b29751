"""Settings, statistics and a match in progress, kept in ``microcontroller.nvm``.

Each kind of record has two slots. A slot is::

    "C" tag        magic: the letter C, then s (settings), t (stats), m (match), c
                   (the challenge the match is: cucumber.challenged) or b (the board:
                   what the board check found and measured, cucumber.boardcheck)
    len            payload length; 255 marks a cleared record (a tombstone)
    payload        ``MAX[kind]`` bytes, zero padded
    crc:2          CRC-16/CCITT of everything before it and of the sequence number
    seq:2          sequence number, high byte then low byte: the last byte written

A save goes into the slot that does not hold the current record, with the next sequence
number, in one slice assignment. If the power fails after any prefix of those bytes has
landed, the written slot fails its check (its last byte still holds the older sequence
number, and the CRC covers it) and the other slot, untouched, is read instead: either the
old or the new record survives, never a mixture. Reading takes the valid slot with the
newer sequence number (compared modulo 2**16). A kind whose slots are both unreadable but
not blank reads as None and sets :attr:`Store.notice`; it is then reset with a tombstone
so that the message is shown once.

Flash wears out, so :meth:`Store.put` compares first and writes nothing when the record
is unchanged; one save is one write of one slot (``MAX[kind] + 7`` bytes).

Note on real SAMD51 boards: CircuitPython writes ``nvm`` by erasing its whole 8 KB flash
block and programming it again page by page. The two slots protect against torn writes
of a record, but a power cut inside that erase-and-program window (a few milliseconds)
can still blank the block; the store then reads as empty (defaults, no saved match).
"""

from engine.compat import const

SETTINGS = const(0)
STATS = const(1)
MATCH = const(2)
CHALLENGE = const(3)  # after the others: their places in the nvm stay where they were
BOARD = const(4)  # after those, for the same reason

MAX = (32, 64, 160, 23, 98)  # largest payload of each kind
_TAGS = b"stmcb"
_TOMB = const(255)
_HEAD = const(3)  # "C", tag, len
_EXTRA = const(7)  # header 3 + crc 2 + seq 2

DAMAGED = "Saved data was damaged: defaults restored."
TOO_SMALL = "This board cannot keep saves."


def _layout():
    offs = []
    p = 0
    for k in range(len(MAX)):
        size = MAX[k] + _EXTRA
        offs.append((p, p + size))
        p += 2 * size
    return tuple(offs), p


_OFFSETS, SIZE = _layout()  # SIZE = 824 bytes used at the start of nvm

# CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), four bits at a time.
_T = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)


def crc16(data, start, end, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of ``data[start:end]``, continuing from ``crc``."""
    t = _T
    for i in range(start, end):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc


def newer(a, b):
    """True if sequence number ``a`` is newer than ``b`` (16-bit, wrap-safe)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


class Store:
    """``Store(nvm)``: ``get(kind)``, ``put(kind, data)``, ``clear(kind)``, ``notice``.

    ``nvm`` is ``microcontroller.nvm`` or any bytearray-like object. ``None`` keeps
    everything in RAM (nothing survives a restart), as does an ``nvm`` smaller than
    ``SIZE`` bytes (then with a notice).
    """

    def __init__(self, nvm=None):
        self.notice = None
        self.persistent = True
        self.writes = 0  # slot writes since start-up (for tests and the curious)
        if nvm is None or len(nvm) < SIZE:
            if nvm is not None:
                self.notice = TOO_SMALL
            nvm = bytearray(b"\xff" * SIZE)
            self.persistent = False
        self.nvm = nvm
        self._data = [None] * len(MAX)  # current payload (bytes) or None
        self._slot = bytearray(b"\xff" * len(MAX))  # slot of the current record, 255: none
        self._seq = [0] * len(MAX)
        for kind in range(len(MAX)):
            damaged = self._load(kind)
            if damaged:
                self.notice = DAMAGED
                try:
                    self._write(kind, None)  # a tombstone: the notice shows once
                except Exception:
                    pass

    # ----- reading --------------------------------------------------------------------

    def _read(self, kind, slot):
        """(seq, payload or None for a tombstone), or -1 if unreadable, 0 if blank."""
        start, end = _OFFSETS[kind]
        size = end - start
        start += slot * size
        try:
            rec = self.nvm[start:start + size]
        except Exception:
            return -1
        if len(rec) != size:
            return -1
        first = rec[0]
        if first == 0xFF or first == 0:
            blank = True
            for i in range(size):
                if rec[i] != first:
                    blank = False
                    break
            if blank:
                return 0
        n = rec[2]
        if rec[0] != 0x43 or rec[1] != _TAGS[kind] or (n > MAX[kind] and n != _TOMB):
            return -1
        p = _HEAD + MAX[kind]
        crc = crc16(rec, 0, p)
        crc = crc16(rec, p + 2, p + 4, crc)
        if crc != rec[p] | (rec[p + 1] << 8):
            return -1
        seq = (rec[p + 2] << 8) | rec[p + 3]
        if n == _TOMB:
            return (seq, None)
        return (seq, bytes(rec[_HEAD:_HEAD + n]))

    def _load(self, kind):
        """Find the current record of ``kind``; True if both slots are damaged."""
        best = None
        bad = False
        for slot in range(2):
            r = self._read(kind, slot)
            if r == -1:
                bad = True
            elif r != 0 and (best is None or newer(r[0], best[0])):
                best = (r[0], r[1], slot)
        if best is None:
            self._data[kind] = None
            self._slot[kind] = 255
            self._seq[kind] = 0
            return bad
        self._seq[kind] = best[0]
        self._data[kind] = best[1]
        self._slot[kind] = best[2]
        return False

    def lifetime_writes(self):
        """Slot writes made to this nvm so far, ever (the flash wear the Inside the chip
        page shows): each write adds one to its kind's sequence number, so their sum
        counts them all, with no write of its own (wrong after 65,536 writes of a kind,
        or once a kind's slots were lost)."""
        return sum(self._seq)

    def get(self, kind):
        """The stored bytes of ``kind`` (SETTINGS, STATS, MATCH, CHALLENGE or BOARD), or
        None."""
        return self._data[kind]

    # ----- writing --------------------------------------------------------------------

    def _write(self, kind, data):
        start, end = _OFFSETS[kind]
        size = end - start
        cur = self._slot[kind]
        slot = 0 if cur == 1 else (1 if cur == 0 else 0)
        seq = (self._seq[kind] + 1) & 0xFFFF
        m = MAX[kind]
        rec = bytearray(size)
        rec[0] = 0x43
        rec[1] = _TAGS[kind]
        if data is None:
            rec[2] = _TOMB
        else:
            rec[2] = len(data)
            rec[_HEAD:_HEAD + len(data)] = data
        p = _HEAD + m
        rec[p + 2] = seq >> 8
        rec[p + 3] = seq & 0xFF
        crc = crc16(rec, 0, p)
        crc = crc16(rec, p + 2, p + 4, crc)
        rec[p] = crc & 0xFF
        rec[p + 1] = crc >> 8
        start += slot * size
        self.nvm[start:start + size] = rec
        self.writes += 1
        self._seq[kind] = seq
        self._slot[kind] = slot
        self._data[kind] = None if data is None else bytes(data)

    def put(self, kind, data):
        """Store ``data`` (bytes, at most ``MAX[kind]``) as ``kind``.

        Writes nothing if it equals what is stored; returns True if it wrote."""
        data = bytes(data)
        if len(data) > MAX[kind]:
            raise ValueError("store: %d bytes is more than %d" % (len(data), MAX[kind]))
        if self._data[kind] == data:
            return False
        self._write(kind, data)
        return True

    def clear(self, kind):
        """Forget ``kind``; returns True if it wrote."""
        if self._data[kind] is None and self._slot[kind] != 255:
            return False  # already a tombstone
        if self._data[kind] is None:
            # Nothing current: write only if a slot holds something (damaged or foreign).
            if self._read(kind, 0) == 0 and self._read(kind, 1) == 0:
                return False
        self._write(kind, None)
        return True
