"""The BOARD record (cucumber.store): what the board check found and measured.

Read at every start by cucumber.lobby where a board was checked (``adapt``: the key map,
the lights' byte order and the stick's directions are used from then on); written by the
check's page (cucumber.boardcheck) and by its measuring run (cucumber.boardmeasure,
check.py). The layout, ``SIZE`` bytes:

    0       the layout's version (1)
    1       flags: KEYS, ORDER, STICK (a finding saved and used), MEASURING (the board
            restarted into check.py), REPORT (the measuring run is done and printed
            the report on the serial console: the title opens its page)
    2-9     the key map: the logical key (cucumber.keys) of raw key number 0..7
    10      the lights' order: the byte of red, green and blue in a pixel, 2 bits each
    11      the stick: cucumber.boardinput.Stick.flip
    12-15   ``ticks_ms()`` when the board restarted into the measuring run
    16-23   the key steps' answers, by logical key: the raw number that came, or NEVER,
            or NOT_ASKED
    24      the lights: the order found, NEVER (none seen), SKIPPED or NOT_ASKED
    25      the sound: 1 heard, 0 not, SKIPPED or NOT_ASKED
    26-29   the backlight's four levels: 1 seen brighter (the first: readable), 0 not
    30-37   the stick's four pushes (left, right, up, down): the axis (bit 0: y) and
            sign (bit 1: minus) they moved, then the travel in percent of the half range
    38-67   this check's figures (FIGURES of them, 3 bytes each, NONE: not measured)
    68-97   the last check's figures, for what changed
"""

from engine.compat import const

VERSION = const(1)
KEYS = const(1)
ORDER = const(2)
STICK = const(4)
MEASURING = const(8)
REPORT = const(16)

MAP = const(2)
PIXELS = const(10)
FLIP = const(11)
T0 = const(12)
ANSWERS = const(16)
LIGHTS = const(24)
SOUND = const(25)
BRIGHT = const(26)
PUSHES = const(30)
NOW = const(38)
LAST = const(68)
SIZE = const(98)

NEVER = const(0xFE)  # a key or push that never came; the lights never seen
SKIPPED = const(0xFD)
NOT_ASKED = const(0xFF)
NONE = const(0xFFFFFF)

# the figures, in the record's order: heap free at the start and its total, free at the
# 7-player table, the restart into it (ms), the hard AI's mean decision (ms) and its
# work units a second at 4 and 7 players, one nvm write (ms), a full-screen redraw (ms)
HEAP_START = const(0)
HEAP_TOTAL = const(1)
HEAP_TABLE = const(2)
RESTART_MS = const(3)
AI4_MS = const(4)
AI4_UNITS = const(5)
AI7_MS = const(6)
AI7_UNITS = const(7)
NVM_MS = const(8)
REDRAW_MS = const(9)
FIGURES = const(10)
# the figures' names in the report, in that order (cucumber.boardcheck, and the tool
# that reads a report back: tools/measure/board_report.py)
NAMES = ("heap_free_start heap_total heap_free_table7 restart_ms ai4_ms ai4_units_s "
         "ai7_ms ai7_units_s nvm_write_ms redraw_ms")


# the keys the check asks for, in its order (those the board has)
ASK = (4, 5, 6, 7, 0, 1, 2, 3)  # cucumber.keys: A, B, START, SELECT, LEFT, RIGHT, UP, DOWN


def own_order(hw):
    """The lights' byte order the code assumes (cucumber.board.Hardware's)."""
    return getattr(type(hw), "_order", b"\x01\x00\x02")


def made_table(hw):
    """The key map the board set up with (before a saved one replaced it)."""
    return getattr(hw, "table_made", None) or getattr(hw, "_table", ())


def new():
    """A record of a board never checked."""
    rec = bytearray(b"\xff" * SIZE)
    rec[0] = VERSION
    rec[1] = 0
    return rec


def read(store):
    """The stored record as a bytearray (a new one when there is none, or it is of
    another layout)."""
    from cucumber.store import BOARD
    b = store.get(BOARD)
    if b is None or len(b) != SIZE or b[0] != VERSION:
        return new()
    return bytearray(b)


def figure(rec, i, at=NOW):
    """Figure ``i`` (None: not measured)."""
    p = at + 3 * i
    v = rec[p] << 16 | rec[p + 1] << 8 | rec[p + 2]
    return None if v == NONE else v


def set_figure(rec, i, v, at=NOW):
    p = at + 3 * i
    if v is None or v < 0:
        v = NONE
    v = min(v, NONE - 1) if v != NONE else v
    rec[p] = v >> 16
    rec[p + 1] = (v >> 8) & 0xFF
    rec[p + 2] = v & 0xFF


def adapt(hw, rec):
    """Use what the board check found about this board (record ``rec``) from now on:
    its key map, its lights' byte order, its stick's directions (cucumber.lobby.start,
    at every start of a checked board). A finding that does not fit this board (another
    key count, keys that are not the board's own) is left unused."""
    if len(rec) != SIZE or rec[0] != VERSION:
        return
    flags = rec[1]
    table = getattr(hw, "_table", ())
    n = len(table)
    if flags & KEYS and n and sorted(rec[MAP:MAP + n]) == sorted(table):
        hw.table_made = table  # the board check starts from the board's own
        hw._table = bytes(rec[MAP:MAP + n])
        for s in hw._polled:
            if hasattr(s, "table"):
                s.table = hw._table
    o = rec[PIXELS]
    order = bytes((o & 3, (o >> 2) & 3, (o >> 4) & 3))
    if flags & ORDER and sorted(order) == [0, 1, 2]:
        hw._order = order
    if flags & STICK:
        for s in hw._polled:
            if hasattr(s, "flip"):
                s.flip = rec[FLIP] & 7
