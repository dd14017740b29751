"""The "Inside the chip" page: what the board is doing while it plays (issue 10).

``readings(hw, stats)`` gives the page's rows as (label, value) pairs, every value a
short string: "not on device" (the section's ``absent``) where the device has no such
sensor (the source gives None: a chip without it, or the browser, which has none of the
five), "n/a" where reading it fails: one bad sensor costs its own row, never the page.
The labels, "n/a", the units and the decimal sign are the chosen language's (the "chip"
section, cucumber.lang: ``words()``); the page reads them once when it opens.
``ChipPage(hw, stats, back_cmd)`` shows them in the style of the other screens
(``group``, ``key(k)``, ``tick(now)``): B returns ``back_cmd``, A reads everything again
at once, and ``tick`` does so about once a second. ``stats`` (a dict or any object with
these attributes; a missing one is None):

- ``decision_ns``: the last AI decision's time in ns (``time.monotonic_ns()`` around
  ``choose``), or None;
- ``decision_deals``: the deals that decision sampled, or None (deals/s = deals * 10**9
  // ns);
- ``flash_writes``: the NVM writes so far (int), or None;
- ``started_ms``: ``hw.ticks_ms()`` when the app started (uptime = now - that, modulo
  2**29 ms: it reads right for 149 hours after a start).

The AI's last decision, kept: the board restarts after every match, so with no
decision in ``stats`` the page shows the one the last match's end kept in the nvm
(cucumber.kept: why, and the record); its label says it is the last AI move either
way, and the Flash writes row counts the record's writes too (store.lifetime_writes
counts only its own records').

Simulated values: where ``hw`` has ``chip_fakes`` (the simulator) every sensor's value
is made up, and the heading says so ("Simulated chip") instead of "Inside the chip";
on the board the heading is the page's own.

Sources. On a PC, when ``hw`` has ``chip_fakes`` (a dict: a name -> a value, or a
callable giving one) those are used and nothing else: ``mem_free``, ``mem_alloc``,
``cpu_temperature`` (float C), ``cpu_frequency`` (Hz), ``cpu_voltage`` (float V),
``battery_raw`` and ``light_raw`` (AnalogIn values 0..65535); a missing name is n/a.
``tools/pc/simulator.py``'s HostHardware has a set. Without them, the board's modules,
imported only while a row is read:

- ``gc.mem_free()`` and ``gc.mem_alloc()`` (their sum is the heap; CPython's gc has
  neither: n/a);
- ``microcontroller.cpu.temperature`` (float C, None when the chip has no sensor),
  ``.frequency`` (int Hz), ``.voltage`` (float V, None when not available);
- battery: ``analogio.AnalogIn(board.VOLTAGE_MONITOR)``, volts = value * 3.3 / 65536 * 2
  (a 1:2 divider), here in hundredths: (value * 660 + 32768) >> 16;
- light: ``analogio.AnalogIn(board.LIGHT)``, shown as value / 65535 in percent.
  Each AnalogIn is made for one read and deinit()ed at once (the pin is free again).
  On a board with ``BUTTON_CLOCK`` (PyBadge, PyGamer: the test ``cucumber.board`` uses)
  that lacks those two names, ``board.A6`` and ``board.A7`` are read instead.

What was checked (read, not run on a board): CircuitPython's
shared-bindings/microcontroller/Processor.c (10.x era): ``Processor`` has
``frequency`` (int Hz, read-only but on RP2040 and some ESP32 / i.MX),
``temperature`` and ``voltage`` (``Optional[float]``: None when not available), also
``reset_reason`` and ``uid``; ``microcontroller.cpu`` is the sole instance.
``analogio.AnalogIn(pin)``: ``value`` 0..65535 whatever the ADC's resolution,
``reference_voltage``, ``deinit()`` (the common-hal functions, as in
adafruit/circuitpython#8781). ``board.VOLTAGE_MONITOR`` is what many boards' pins.c
call the battery divider, and value * 3.3 / 65536 * 2 the conversion the examples
found use. For the PyBadge, Adafruit's guide (learn.adafruit.com/adafruit-pybadge/
pinouts) says ``analogio.AnalogIn(board.A6)`` gives "half the current battery
voltage", and the PyBadger library reads the light sensor on ``board.A7`` (its
pybadge.py and pygamer.py). The PyBadge's and PyGamer's own pins.c were not found, so
whether they also name VOLTAGE_MONITOR and LIGHT was not seen: hence the A6 / A7
fallback. ``time.monotonic_ns()`` (for ``decision_ns``) is an int of ns that needs
long ints, which the SAMD51 builds have; it advanced in 1 ms steps when it was added
(adafruit/circuitpython#1290), so a decision under a millisecond may read 0.

Integers throughout: a sensor's float is turned into tenths or hundredths once, and
every value is formatted with "%d".

Layout: the heading (large font, 15 px), ten rows in the medium font (6 x 10 cells, 26
columns from x = 2: 10 rows of terminalio's 12 px would not fit 128 px) and the legend.
Without the font files the rows fall back to terminalio and crowd (as every screen's
text does then). Heap, measured on micropython32 (host_tests/test_chip.py): about 5 KB
for the module and 4.5-5 KB for the page; the app may import it when the page opens and
forget it when the page closes, as it does with its screen modules.
"""

import gc

import displayio

from cucumber import keys, lang, ui
from engine.compat import const

_HALF = 1 << 28
_MASK = (1 << 29) - 1

# words: chip
_TITLE = const(0)
_LEGEND = const(1)
_NA = const(2)
_HEAP = const(3)
_DECISION = const(4)
_DEALS = const(5)
_TEMP = const(6)
_CLOCK = const(7)
_SUPPLY = const(8)
_BATTERY = const(9)
_LIGHT = const(10)
_FLASH = const(11)
_UPTIME = const(12)
_BYTES = const(13)
_MS = const(14)
_CELSIUS = const(15)
_MHZ = const(16)
_VOLTS = const(17)
_POINT = const(18)
_SIM_TITLE = const(19)
_ABSENT = const(20)

ROWS = const(10)  # the labels: _HEAP to _UPTIME, the rows' order
COLS = 26  # 26 cells of 6 pixels, from x = 2
# besides the section's own: what the figures are made of
FIGURES = "0123456789:/-%"
REFRESH_MS = 1000
KEPT = 11  # the bytes of the kept decision's record (cucumber.kept.SIZE)
TOP = 16  # the first row's y, under the heading
PITCH = 10  # row height: the medium font's cell (its top row is blank: a gap)


def ticks_diff(a, b):
    """a - b for ticks_ms() values, which wrap at 2**29 (as cucumber.board's)."""
    return ((a - b + _HALF) & _MASK) - _HALF


def _stat(stats, name):
    if isinstance(stats, dict):
        return stats.get(name)
    return getattr(stats, name, None)


def _analog(name, alt):
    """One read of the AnalogIn on board.``name`` (board.``alt`` on a PyBadge/PyGamer
    without that name), or None when the board has neither."""
    import board
    pin = getattr(board, name, None)
    if pin is None and hasattr(board, "BUTTON_CLOCK"):
        pin = getattr(board, alt, None)
    if pin is None:
        return None
    import analogio
    a = analogio.AnalogIn(pin)
    try:
        return a.value
    finally:
        a.deinit()


def kept(hw):
    """(decision ns, deals, writes) of the record the last match's end kept at the end of
    ``hw.nvm`` (cucumber.kept: the format), or None when there is none (no nvm, never
    written, a torn write). Read here, not with cucumber.kept's code: importing that
    beside the page, in the demo, left the heap too fragmented for the table after it."""
    nvm = getattr(hw, "nvm", None)
    try:
        n = len(nvm) - KEPT
        b = bytes(nvm[n:n + KEPT])
    except Exception:  # None, or an nvm that cannot be read so
        return None
    from cucumber.store import crc16
    if b[0] != 0x44 or crc16(b, 0, 9) != (b[9] << 8 | b[10]):
        return None
    return ((b[1] << 24 | b[2] << 16 | b[3] << 8 | b[4]) * 1000, b[5] << 8 | b[6],
            b[7] << 8 | b[8])


def _source(hw, name):
    """The raw value of source ``name``: from ``hw.chip_fakes`` when it has them, else
    from the board. May raise, or give None: both are n/a."""
    fakes = getattr(hw, "chip_fakes", None)
    if fakes is not None:
        v = fakes[name]
        return v() if callable(v) else v
    if name == "mem_free" or name == "mem_alloc":
        return gc.mem_free() if name == "mem_free" else gc.mem_alloc()
    if name == "battery_raw":
        return _analog("VOLTAGE_MONITOR", "A6")
    if name == "light_raw":
        return _analog("LIGHT", "A7")
    import microcontroller
    cpu = microcontroller.cpu
    if name == "cpu_temperature":
        return cpu.temperature
    if name == "cpu_frequency":
        return cpu.frequency
    return cpu.voltage


def words():
    """The page's words in the chosen language: the title, the legend, "n/a", the ten
    labels (``label(w, i)``), the units and the decimal sign."""
    return lang.section("chip")


def label(w, i):
    """Row ``i``'s label in words ``w``."""
    return w[_HEAP + i]


def chars(w):
    """Every character a row or the legend can show in words ``w`` (the labels, units,
    "n/a", digits), once: the medium font's sheet is made of these only."""
    return lang.chars(w, FIGURES)


def _dec(n, places, point):
    """Int ``n`` in tenths (``places`` 1) or hundredths (2) as "-1.5", "3.30" (``point``
    the decimal sign)."""
    sign = ""
    if n < 0:
        sign = "-"
        n = -n
    if places == 1:
        return "%s%d%s%d" % (sign, n // 10, point, n % 10)
    return "%s%d%s%02d" % (sign, n // 100, point, n % 100)


def _scaled(x, scale):
    """A sensor's float times ``scale``, rounded half away from zero, as an int."""
    x = x * scale
    return int(x + 0.5) if x >= 0 else -int(0.5 - x)


def _figures(hw, stats, i, w):
    """Rows 0-2 (heap, the AI's decision and deals): see ``_value``."""
    if i == 0:
        free = _source(hw, "mem_free")
        if free is None:
            return None
        try:
            return "%d/%d %s" % (free, free + _source(hw, "mem_alloc"), w[_BYTES])
        except Exception:
            return "%d %s" % (free, w[_BYTES])
    ns = _stat(stats, "decision_ns")
    deals = _stat(stats, "decision_deals")
    if ns is None:  # none measured since the board started: the one kept
        ns, deals, _ = kept(hw)
    if i == 1:
        t = (ns + 50000) // 100000  # tenths of a ms
        return "%d%s%d %s" % (t // 10, w[_POINT], t % 10, w[_MS])
    if deals is None or not ns > 0:
        return None
    return "%d" % (deals * 1000000000 // ns)


_SOURCES = ("cpu_temperature", "cpu_frequency", "cpu_voltage", "battery_raw", "light_raw")


def _value(hw, stats, i, w):
    """Row ``i``'s value string (units and decimal sign of words ``w``); None (or an
    exception) means n/a."""
    if i < 3:
        return _figures(hw, stats, i, w)
    point = w[_POINT]
    if i < 8:
        raw = _source(hw, _SOURCES[i - 3])  # read once: an AnalogIn is opened per read
        if raw is None:
            return w[_ABSENT]  # the device has no such sensor (the browser has none)
    if i == 3:
        return _dec(_scaled(raw, 10), 1, point) + " " + w[_CELSIUS]
    if i == 4:
        return "%d %s" % ((raw + 500000) // 1000000, w[_MHZ])
    if i == 5:
        return _dec(_scaled(raw, 100), 2, point) + " " + w[_VOLTS]
    if i == 6:
        return _dec((raw * 660 + 32768) >> 16, 2, point) + " " + w[_VOLTS]
    if i == 7:
        return "%d %%" % ((raw * 100 + 32767) // 65535)
    if i == 8:
        k = kept(hw)
        return "%d" % (_stat(stats, "flash_writes") + (k[2] if k else 0))
    s = ((hw.ticks_ms() - _stat(stats, "started_ms")) & _MASK) // 1000
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def value(hw, stats, i, w=None):
    """Row ``i``'s value: its string, or words ``w``'s "n/a" when the source is missing
    or fails (``w`` read now when not given)."""
    if w is None:
        w = words()
    try:
        v = _value(hw, stats, i, w)
    except Exception:  # a missing module or pin, None, a sensor error, no room
        v = None
    return w[_NA] if v is None else v


def readings(hw, stats, w=None):
    """Every row as (label, value string), "n/a" where a source is missing or fails."""
    if w is None:
        w = words()
    return [(w[_HEAP + i], value(hw, stats, i, w)) for i in range(ROWS)]


def line(label, val):
    """``label`` on the left, ``val`` right-aligned, in exactly COLS characters (the
    label is shortened if the two would not fit, the value never)."""
    val = val[:COLS]
    room = COLS - len(val) - 1
    if room < 0:
        return val
    label = label[:room]
    return label + " " * (COLS - len(label) - len(val)) + val


class ChipPage:
    """The page: a heading, a row per reading, the legend. Keys: B -> ``back_cmd``,
    A -> read everything again now; ``tick(now)`` reads again once a second."""

    name = "chip"

    def __init__(self, hw, stats, back_cmd):
        self.hw = hw
        self.stats = stats
        self.back_cmd = back_cmd
        w = words()
        self.words = w  # every row shows its label and units again at each refresh
        gc.collect()  # reading them left garbage: the page's objects go below it
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        sim = getattr(hw, "chip_fakes", None) is not None  # made-up sensors: said so
        g.append(ui.heading(w[_SIM_TITLE if sim else _TITLE], 0, ui.YELLOW))
        f = ui.Font("medium", chars(w))
        self.lines = []
        for i in range(ROWS):
            t = ui.Text("", x=2, y=TOP + i * PITCH, width=COLS, font=f)
            g.append(t)
            self.lines.append(t)
        g.append(ui.Text(w[_LEGEND], x=2, y=TOP + ROWS * PITCH + 2, color=ui.GREY, font=f))
        self.grey = bytearray(ROWS)  # 1 where a row shows n/a (drawn grey)
        self.group = g
        self.last = hw.ticks_ms() & _MASK
        self.refresh()

    def refresh(self):
        hw = self.hw
        stats = self.stats
        w = self.words
        for i in range(ROWS):
            v = value(hw, stats, i, w)
            t = self.lines[i]
            t.set(line(w[_HEAP + i], v))
            na = 1 if v == w[_NA] else 0
            if na != self.grey[i]:
                self.grey[i] = na
                t.color(ui.GREY if na else ui.TEXT)

    def key(self, k):
        if k == keys.B:
            return self.back_cmd
        if k == keys.A:
            self.last = self.hw.ticks_ms() & _MASK
            self.refresh()
        return None

    def tick(self, now):
        if ticks_diff(now, self.last) >= REFRESH_MS:
            self.last = now
            self.refresh()
