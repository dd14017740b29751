"""The "Inside the chip" page (cucumber.chip): what a student sees on it. Every sensor
missing -> every row "n/a" and a page that still builds, ticks and answers keys; one
sensor failing -> only its row is "n/a"; the fakes -> the expected figures; every row
within the screen's 26 columns, in every language; B goes back, A reads again. Also on the board's
interpreter (micropython32 with the board's modules as C, tools/rig/boardrig.py): the same
strings, the real-module path, and what the module and the page cost in heap."""

import ast
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import displayio  # noqa: E402
import pytest  # noqa: E402

import simulator as sim  # noqa: E402
import layout  # noqa: E402
from cucumber import chip, keys, lang, ui  # noqa: E402

BACK = ("settings",)
WORDS = chip.words()  # English's (the tests' language unless one is chosen)
LABELS = [chip.label(WORDS, i) for i in range(chip.ROWS)]
MASK = (1 << 29) - 1
GOOD = {"mem_free": 40960, "mem_alloc": 102400, "cpu_temperature": 35.0,
        "cpu_frequency": 120000000, "cpu_voltage": 3.3, "battery_raw": 38726,
        "light_raw": 26214}
STATS = {"decision_ns": 271300000, "decision_deals": 1800, "flash_writes": 42, "started_ms": 1000}
EXPECTED = {"Heap free": "40960/143360 B", "Last AI move": "271.3 ms", "Deals/s": "6634",
            "CPU temp": "35.0 C", "CPU clock": "120 MHz", "CPU supply": "3.30 V",
            "Battery": "3.90 V", "Light": "40 %", "Flash writes": "42",
            "Uptime": "1:02:03"}
# the rows each source feeds
ROWS_OF = {"mem_free": ["Heap free"], "cpu_temperature": ["CPU temp"],
           "cpu_frequency": ["CPU clock"], "cpu_voltage": ["CPU supply"],
           "battery_raw": ["Battery"], "light_raw": ["Light"]}


class Hw:
    """A hardware object with a clock and, unless None, the given chip fakes."""

    def __init__(self, fakes=None, now=1000):
        if fakes is not None:
            self.chip_fakes = fakes
        self.now = now

    def ticks_ms(self):
        return self.now & MASK


@pytest.fixture
def no_board(monkeypatch):
    """No board modules at all (Blinka's microcontroller and board stand aside too), and
    CPython's gc, which has no mem_free."""
    for name in ("microcontroller", "board", "analogio"):
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError
    assert not hasattr(__import__("gc"), "mem_free")


@pytest.fixture(scope="module")
def disp():
    sim.use_repo_assets()
    d = sim.make_display(headless=True)
    yield d
    displayio.release_displays()  # Blinka allows one display at a time


def rows(hw, stats):
    return dict(chip.readings(hw, stats))


def texts(page):
    return [t.text for t in page.lines]


# ----- every sensor missing ----------------------------------------------------------

@pytest.mark.parametrize("stats", [None, {}, object()])
def test_every_sensor_missing_gives_n_a_everywhere_and_the_page_works(no_board, stats):
    hw = Hw()
    got = chip.readings(hw, stats)
    assert [label for label, _ in got] == LABELS
    assert [v for _, v in got] == ["n/a"] * len(LABELS)
    page = chip.ChipPage(hw, stats, BACK)
    assert all(t.endswith("n/a") and len(t) == chip.COLS for t in texts(page))
    for k in range(8):  # every key: nothing raises; only B leaves
        assert page.key(k) == (BACK if k == keys.B else None)
    for dt in (0, 999, 1000, 5000, MASK):
        hw.now += dt
        page.tick(hw.ticks_ms())
    assert all(t.endswith("n/a") for t in texts(page))


def test_empty_fakes_mean_nothing_real_is_read(monkeypatch):
    """With chip_fakes the board's modules are never imported, even where they exist."""
    def boom(*a):
        raise AssertionError("a real module was imported")
    for name in ("microcontroller", "board", "analogio"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setattr("gc.mem_free", boom, raising=False)
    assert set(rows(Hw({}), {}).values()) == {"n/a"}


# ----- one sensor failing ----------------------------------------------------------------

class SensorError(Exception):
    pass


def failing():
    raise SensorError("the sensor is broken")


@pytest.mark.parametrize("name", sorted(ROWS_OF))
@pytest.mark.parametrize("bad", ["raises", "None", "missing", "garbage"])
def test_a_failing_sensor_costs_only_its_own_row(name, bad):
    fakes = dict(GOOD)
    if bad == "raises":
        fakes[name] = failing
    elif bad == "None":  # e.g. cpu.temperature on a chip without a sensor
        fakes[name] = None
    elif bad == "missing":
        del fakes[name]
    else:
        fakes[name] = "x"
    hw = Hw(fakes, now=1000 + 3723000)
    got = rows(hw, STATS)
    want = dict(EXPECTED)
    for label in ROWS_OF[name]:
        # a sensor the device does not have (None: a chip without it, the browser) is
        # said to be absent; one that fails is n/a; the heap's gc has no "absent"
        absent = bad == "None" and name not in ("mem_free", "mem_alloc")
        want[label] = "not on device" if absent else "n/a"
    assert got == want
    page = chip.ChipPage(hw, STATS, BACK)  # the page shows the same and keeps working
    assert [t[-len(want[lb]):] for t, lb in zip(texts(page), LABELS)] == \
        [want[lb] for lb in LABELS]
    assert page.key(keys.A) is None and page.key(keys.B) == BACK


def test_heap_total_missing_still_shows_the_free_heap():
    fakes = dict(GOOD, mem_alloc=failing)
    assert rows(Hw(fakes), STATS)["Heap free"] == "40960 B"


def test_a_failing_stat_costs_only_its_row():
    class Stats:
        decision_ns = 271300000
        decision_deals = None  # an AI that sampled nothing
        started_ms = 1000

        @property
        def flash_writes(self):
            raise SensorError("the store is busy")

    got = rows(Hw(GOOD, now=1000 + 3723000), Stats())
    assert got["Last AI move"] == "271.3 ms" and got["Deals/s"] == "n/a"
    assert got["Flash writes"] == "n/a" and got["Uptime"] == "1:02:03"
    assert got["CPU temp"] == "35.0 C"


# ----- the figures -------------------------------------------------------------------------

def test_the_fakes_give_the_expected_figures():
    assert rows(Hw(GOOD, now=1000 + 3723000), STATS) == EXPECTED


def test_the_simulator_shows_a_full_page():
    hw = sim.HostHardware(clock=1000)
    hw.advance(61000)
    got = rows(hw, STATS)
    assert "n/a" not in got.values(), got
    assert got["CPU clock"] == "120 MHz" and got["CPU temp"] == "35.0 C"
    assert got["Battery"] == "3.90 V" and got["Light"] == "40 %"
    assert got["Uptime"] == "0:01:01"


@pytest.mark.parametrize("temp,shown", [(35.0, "35.0 C"), (-5.25, "-5.3 C"), (0.04, "0.0 C"),
                                        (-0.04, "0.0 C"), (-0.06, "-0.1 C"),
                                        (124.96, "125.0 C"), (31.5, "31.5 C")])
def test_temperature_to_a_tenth(temp, shown):
    assert rows(Hw(dict(GOOD, cpu_temperature=temp)), STATS)["CPU temp"] == shown


@pytest.mark.parametrize("hz,shown", [(120000000, "120 MHz"), (48000000, "48 MHz"),
                                      (200000000, "200 MHz"), (32768, "0 MHz"),
                                      (1000000000, "1000 MHz")])
def test_frequency_in_mhz(hz, shown):
    assert rows(Hw(dict(GOOD, cpu_frequency=hz)), STATS)["CPU clock"] == shown


@pytest.mark.parametrize("raw,volts,light", [(0, "0.00 V", "0 %"), (65535, "6.60 V", "100 %"),
                                             (38726, "3.90 V", "59 %"),
                                             (32768, "3.30 V", "50 %"),
                                             (655, "0.07 V", "1 %")])
def test_battery_and_light_from_the_raw_readings(raw, volts, light):
    got = rows(Hw(dict(GOOD, battery_raw=raw, light_raw=raw)), STATS)
    assert got["Battery"] == volts and got["Light"] == light
    # the board's formula, raw * 3.3 / 65536 * 2, to the hundredth
    assert abs(float(volts[:-2]) - raw * 3.3 / 65536 * 2) <= 0.005 + 1e-9


def test_a_callable_fake_is_read_each_time():
    level = [0]
    hw = Hw(dict(GOOD, light_raw=lambda: level[0]))
    assert rows(hw, STATS)["Light"] == "0 %"
    level[0] = 65535
    assert rows(hw, STATS)["Light"] == "100 %"


@pytest.mark.parametrize("ns,deals,ms,rate", [
    (271300000, 1800, "271.3 ms", "6634"),
    (1000000, 1, "1.0 ms", "1000"),
    (49999, 10, "0.0 ms", "200004"),
    (12345678901, 1800, "12345.7 ms", "145"),  # beyond a small int on the board
    (5000000, None, "5.0 ms", "n/a"),
    (0, 100, "0.0 ms", "n/a"),  # nothing measured: no division by zero
    (None, 100, "n/a", "n/a"),
])
def test_ai_decision_time_and_deals_per_second(ns, deals, ms, rate):
    got = rows(Hw(GOOD), dict(STATS, decision_ns=ns, decision_deals=deals))
    assert got["Last AI move"] == ms and got["Deals/s"] == rate
    if rate != "n/a":
        assert int(rate) == deals * 10**9 // ns


@pytest.mark.parametrize("start,now,shown", [
    (1000, 1000, "0:00:00"),
    (1000, 1000 + 59999, "0:00:59"),
    (1000, 1000 + 3723000, "1:02:03"),
    (MASK - 500, 1500, "0:00:02"),  # the ticks wrapped at 2**29 meanwhile
    (0, MASK, "149:07:50"),  # the longest the ticks can tell
])
def test_uptime_in_h_mm_ss(start, now, shown):
    assert rows(Hw(GOOD, now=now), dict(STATS, started_ms=start))["Uptime"] == shown


def test_stats_may_be_an_object():
    class Stats:
        decision_ns = 271300000
        decision_deals = 1800
        flash_writes = 42
        started_ms = 1000
    assert rows(Hw(GOOD, now=1000 + 3723000), Stats()) == EXPECTED


# ----- fitting the screen -------------------------------------------------------------------

WORST = {"mem_free": 262143, "mem_alloc": 262143, "cpu_temperature": -40.05,
         "cpu_frequency": 1000000000, "cpu_voltage": 6.6, "battery_raw": 65535,
         "light_raw": 65535}
WORST_STATS = {"decision_ns": 99999949999, "decision_deals": 10, "flash_writes": 9999999,
               "started_ms": 0}


@pytest.mark.parametrize("fakes,stats,now", [
    (WORST, WORST_STATS, MASK),  # 256 KB of heap, 100 s decisions, 149 h up, ...
    (WORST, dict(WORST_STATS, decision_ns=1, decision_deals=99999), 0),  # 99,999e9 deals/s
    (GOOD, STATS, 0),
    ({}, {}, 0),
])
def test_every_row_fits_26_columns_whole(fakes, stats, now):
    chars = chip.chars(WORDS)
    for label, v in chip.readings(Hw(fakes, now), stats):
        s = chip.line(label, v)
        assert len(s) == chip.COLS, s
        assert s.startswith(label + " ") and s.endswith(" " + v), s  # nothing cut
        assert all(c in chars for c in s), s  # every glyph is loaded
    assert chip.line("Label", "v" * 40) == "v" * chip.COLS  # never longer, whatever comes
    assert len(chip.line("A long label indeed", "1234567890")) == chip.COLS
    assert all(c in chars for c in WORDS[1] + WORDS[2])  # the legend, "n/a"


@pytest.fixture
def language():
    """Choose a language for one test (English again after it), the fonts found."""
    sim.use_repo_assets()
    yield lambda code: lang.choose(lang.CODES.index(code))
    lang.choose(0)


@pytest.mark.parametrize("code", lang.CODES)
def test_every_language_fits_whole_with_the_longest_figures(code, language):
    """In each language, the longest figures of every row leave its label whole, every
    glyph of the rows and the legend is in the page's font, and the page lies inside the
    screen, no line over another (host_tests/layout.py)."""
    language(code)
    w = chip.words()
    chars = chip.chars(w)
    assert chip.label(w, 0) != "" and len(w) == len(WORDS)
    for fakes, stats, now in ((WORST, WORST_STATS, MASK),
                              (WORST, dict(WORST_STATS, decision_ns=1, decision_deals=99999), 0),
                              (dict(WORST, cpu_temperature=-40.05), WORST_STATS, 0),
                              ({}, {}, 0)):
        for label, v in chip.readings(Hw(fakes, now), stats, w):
            s = chip.line(label, v)
            assert len(s) == chip.COLS and s.startswith(label + " "), (code, s)
            assert s.endswith(" " + v) and all(c in chars for c in s), (code, s)
    assert all(c in chars for c in w[1] + w[2])
    for fakes in (GOOD, WORST, {}):
        page = chip.ChipPage(Hw(fakes), STATS, BACK)
        assert layout.problems(page.group) == [], code
        assert page.lines[0].font is not None and page.lines[0].font.chars == \
            ui.Font("medium", chars).chars


def test_the_decimal_sign_and_the_units_are_the_languages(language):
    language("fr")
    w = chip.words()
    got = dict(chip.readings(Hw(GOOD, now=1000 + 3723000), STATS, w))
    assert got[chip.label(w, 0)] == "40960/143360 o"  # octets
    assert got[chip.label(w, 5)] == "3,30 V" and got[chip.label(w, 3)] == "35,0 C"
    assert got[chip.label(w, 1)] == "271,3 ms"
    assert chip.value(Hw({}), STATS, 3, w) == "n/d"
    language("en")
    assert dict(chip.readings(Hw(GOOD), STATS))["CPU supply"] == "3.30 V"


def walk(group):
    out = []
    stack = [(group, 0, 0, 1)]
    while stack:
        g, x0, y0, sc = stack.pop()
        if isinstance(g, displayio.Group):
            for i in range(len(g)):
                stack.append((g[i], x0 + g.x * sc, y0 + g.y * sc, sc * g.scale))
        else:
            out.append((g, x0, y0, sc))
    return out


def test_the_page_renders_inside_the_screen(disp):
    """Under Blinka displayio, as the screenshots are made: every text line lies within
    160 x 128, the rows do not overlap, and the heading, the figures and the grey n/a
    rows are drawn."""
    hw = sim.HostHardware(display=disp, clock=1000)
    del hw.chip_fakes["light_raw"]
    page = chip.ChipPage(hw, STATS, BACK)
    lines = []
    for layer, x0, y0, sc in walk(page.group):
        if isinstance(layer, displayio.TileGrid):
            w = layer.width * layer.tile_width * sc
            h = layer.height * layer.tile_height * sc
            x, y = x0 + layer.x * sc, y0 + layer.y * sc
            assert 0 <= x and x + w <= ui.W and 0 <= y and y + h <= ui.H, (x, y, w, h)
            lines.append((y, y + h))
    lines.sort()
    assert len(lines) == len(LABELS) + 2  # the heading, the rows, the legend
    for (_a0, a1), (b0, _b1) in zip(lines, lines[1:]):
        assert a1 <= b0  # one line under the other
    disp.root_group = page.group
    pix = sim.screen_pixels(disp)

    def count(rgb, box):
        x0, y0, x1, y1 = box
        return sum(1 for x in range(x0, x1) for y in range(y0, y1)
                   if all(abs(int(pix[x, y][i]) - ((rgb >> (16 - 8 * i)) & 255)) <= 10
                          for i in range(3)))

    assert count(ui.YELLOW, (0, 0, ui.W, chip.TOP)) > 100  # "Inside the chip"
    light_row = LABELS.index("Light")
    for i in range(len(LABELS)):
        box = (0, chip.TOP + i * chip.PITCH, ui.W, chip.TOP + (i + 1) * chip.PITCH)
        if i == light_row:
            assert count(ui.GREY, box) > 20 and count(ui.TEXT, box) == 0
        else:
            assert count(ui.TEXT, box) > 20 and count(ui.GREY, box) == 0
    disp.root_group = None


# ----- keys and refreshing -------------------------------------------------------------------

def test_b_goes_back_and_a_reads_again_at_once():
    fakes = dict(GOOD)
    hw = Hw(fakes)
    page = chip.ChipPage(hw, STATS, BACK)
    assert page.name == "chip"
    assert page.key(keys.B) == BACK
    assert chip.ChipPage(hw, STATS, ("title",)).key(keys.B) == ("title",)
    light = LABELS.index("Light")
    assert texts(page)[light].endswith(" 40 %")
    fakes["light_raw"] = 65535
    for k in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.START, keys.SELECT):
        assert page.key(k) is None
    assert texts(page)[light].endswith(" 40 %")  # nothing read again yet
    assert page.key(keys.A) is None
    assert texts(page)[light].endswith("100 %")


def test_tick_reads_again_about_once_a_second_across_the_wrap():
    fakes = dict(GOOD)
    start = MASK - 400  # the ticks wrap at 2**29 during the test
    hw = Hw(fakes, now=start)
    page = chip.ChipPage(hw, STATS, BACK)
    temp = LABELS.index("CPU temp")
    fakes["cpu_temperature"] = 40.0
    page.tick((start + 999) & MASK)
    assert texts(page)[temp].endswith(" 35.0 C")
    page.tick((start + 1000) & MASK)
    assert texts(page)[temp].endswith(" 40.0 C")
    fakes["cpu_temperature"] = 41.0
    page.tick((start + 1999) & MASK)
    assert texts(page)[temp].endswith(" 40.0 C")
    page.tick((start + 2000) & MASK)
    assert texts(page)[temp].endswith(" 41.0 C")
    assert chip.ticks_diff(5, MASK - 4) == 10 and chip.ticks_diff(MASK - 4, 5) == -10


def test_a_row_turns_grey_at_n_a_and_back():
    fakes = dict(GOOD)
    hw = Hw(fakes)
    page = chip.ChipPage(hw, STATS, BACK)
    i = LABELS.index("Battery")
    t = page.lines[i]
    normal = t.pixel_shader
    assert normal is ui.palette(ui.TEXT, None, None)
    fakes["battery_raw"] = failing
    page.key(keys.A)
    assert t.pixel_shader is ui.palette(ui.GREY, None, None) and t.text.endswith("n/a")
    fakes["battery_raw"] = 38726
    page.key(keys.A)
    assert t.pixel_shader is normal and t.text.endswith("3.90 V")


# ----- the board's modules (stand-ins in sys.modules) ---------------------------------------

class AnalogIn:
    made = []

    def __init__(self, pin):
        self.pin = pin
        self.live = True
        AnalogIn.made.append(self)

    @property
    def value(self):
        assert self.live
        return {"vm": 38726, "light": 26214, "a6": 32768, "a7": 65535}[self.pin]

    def deinit(self):
        self.live = False


class Module:
    def __init__(self, **kw):
        self.__dict__.update(kw)


class Cpu:
    temperature = 35.0
    frequency = 120000000
    voltage = 3.3


def board_modules(monkeypatch, **pins):
    AnalogIn.made = []
    monkeypatch.setitem(sys.modules, "board", Module(**pins))
    monkeypatch.setitem(sys.modules, "analogio", Module(AnalogIn=AnalogIn))
    monkeypatch.setitem(sys.modules, "microcontroller", Module(cpu=Cpu()))
    monkeypatch.setattr("gc.mem_free", lambda: 40960, raising=False)
    monkeypatch.setattr("gc.mem_alloc", lambda: 102400, raising=False)


def test_the_board_path_reads_the_real_apis_and_frees_each_pin(monkeypatch):
    board_modules(monkeypatch, VOLTAGE_MONITOR="vm", LIGHT="light")
    got = rows(Hw(None, now=1000 + 3723000), STATS)
    assert got == EXPECTED
    assert sorted(a.pin for a in AnalogIn.made) == ["light", "vm"]
    assert not any(a.live for a in AnalogIn.made)  # every AnalogIn deinit()ed


def test_a_pybadge_without_those_names_is_read_on_a6_and_a7(monkeypatch):
    board_modules(monkeypatch, BUTTON_CLOCK="clk", A6="a6", A7="a7")
    got = rows(Hw(None), STATS)
    assert got["Battery"] == "3.30 V" and got["Light"] == "100 %"
    assert not any(a.live for a in AnalogIn.made)


def test_a_board_without_a_monitor_says_it_has_none(monkeypatch):
    board_modules(monkeypatch, A6="a6", A7="a7")  # no BUTTON_CLOCK: A6/A7 are not ours
    got = rows(Hw(None), STATS)
    assert got["Battery"] == got["Light"] == "not on device" and AnalogIn.made == []
    assert got["CPU temp"] == "35.0 C"


def test_an_analog_pin_in_use_is_n_a_and_the_pin_is_not_left_open(monkeypatch):
    class Busy(AnalogIn):
        @property
        def value(self):
            raise ValueError("LIGHT in use")
    board_modules(monkeypatch, VOLTAGE_MONITOR="vm", LIGHT="light")
    monkeypatch.setitem(sys.modules, "analogio", Module(AnalogIn=Busy))
    got = rows(Hw(None), STATS)
    assert got["Light"] == "n/a" and got["Battery"] == "n/a"
    assert AnalogIn.made and not any(a.live for a in AnalogIn.made)


def test_no_temperature_sensor_says_the_chip_has_none(monkeypatch):
    board_modules(monkeypatch)
    sys.modules["microcontroller"].cpu = Module(temperature=None, frequency=48000000)
    got = rows(Hw(None), STATS)
    assert got["CPU temp"] == "not on device"  # None: the chip has no sensor
    assert got["CPU supply"] == "n/a"  # no voltage attribute at all: reading it fails
    assert got["CPU clock"] == "48 MHz"


# ----- device rules ---------------------------------------------------------------------------

def test_the_module_imports_only_displayio_and_cucumber_at_the_top():
    """The board's sensor modules are imported by the reading functions only, and the
    module holds one class: the page."""
    tree = ast.parse(open(chip.__file__, encoding="utf-8").read())
    top = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            top += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            top.append(node.module)
    assert top == ["gc", "displayio", "cucumber", "engine.compat"]
    assert [n.name for n in tree.body if isinstance(n, ast.ClassDef)] == ["ChipPage"]
    assert "chip.py" in " ".join(__import__("test_mpy_cross").device_modules())


GUEST = r"""
import gc
import supervisor
from cucumber import chip

class Hw:
    def __init__(self, fakes):
        if fakes is not None:
            self.chip_fakes = fakes
        self.now = 1000 + 3723000
    def ticks_ms(self):
        return self.now

def broken():
    raise OSError(5)

GOOD = %r
STATS = %r
for r in chip.readings(Hw(GOOD), STATS):
    print("FAKE", r[0], "|", r[1])
bad = dict(GOOD)
bad["cpu_temperature"] = broken
bad["light_raw"] = None
for r in chip.readings(Hw(bad), STATS):
    print("BAD", r[0], "|", r[1])
gc.collect()
before = gc.mem_free()
p = chip.ChipPage(Hw(None), STATS, ("settings",))
gc.collect()
print("PAGE", before - gc.mem_free())
for t in p.lines:
    print("REAL", t.text)
print("KEYS", p.key(5), p.key(4), p.key(0))
p.tick(supervisor.ticks_ms())
p = None
gc.collect()
"""


@pytest.fixture(scope="module")
def rig():
    import boardrig
    return boardrig, boardrig.make_tree(), boardrig.unix32()


def test_under_the_boards_interpreter(rig):
    """micropython32 (the board's built-in modules as C, a 100 KB heap): the same strings
    as CPython, n/a for what the rig's board lacks (analogio), and the page's heap."""
    boardrig, tree, unix32 = rig
    code = "import gc\ngc.collect()\nm0 = gc.mem_free()\nimport cucumber.chip\n" \
           "gc.collect()\nprint('MODULE', m0 - gc.mem_free())\n" + GUEST % (GOOD, STATS)
    r = boardrig.run(code, tree=tree, heap=boardrig.HEAP_BUDGET, interpreter=unix32)
    assert r.ok, r.explain()
    out = {}
    for ln in r.stdout.splitlines():
        kind, _, rest = ln.partition(" ")
        out.setdefault(kind, []).append(rest)
    assert out["FAKE"] == ["%s | %s" % (lb, EXPECTED[lb]) for lb in LABELS]
    bad = dict(EXPECTED, **{"CPU temp": "n/a", "Light": "not on device"})
    assert out["BAD"] == ["%s | %s" % (lb, bad[lb]) for lb in LABELS]
    real = dict((lb, t[len(lb):].strip()) for lb, t in zip(LABELS, out["REAL"]))
    assert all(t.startswith(lb + " ") for lb, t in zip(LABELS, out["REAL"]))
    assert all(len(t) == chip.COLS for t in out["REAL"])
    # the rig's board names no battery monitor; its light sensor cannot be read (no
    # analogio in the rig)
    assert real["Battery"] == "not on device" and real["Light"] == "n/a"
    assert real["CPU clock"] == "120 MHz" and real["Heap free"].endswith(" B")
    assert real["Last AI move"] == "271.3 ms" and real["Flash writes"] == "42"
    assert out["KEYS"] == ["('settings',) None None"]
    module, page = int(out["MODULE"][0]), int(out["PAGE"][0])
    print("heap: module %d B, page %d B" % (module, page))
    assert module < 7 * 1024 and page < 7 * 1024  # measured 5,168 and 4,992 B
