"""The board layer on the host, with fake CircuitPython modules in sys.modules."""

import gc
import sys
import types

import pytest

from cucumber import board as hwmod
from cucumber import boardinput
from cucumber import keys as K


class FakeEvent:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class FakeQueue:
    def __init__(self):
        self.items = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.items:
            return False
        n, p = self.items.pop(0)
        ev.key_number, ev.pressed = n, p
        return True

    def get(self):
        if not self.items:
            return None
        return FakeEvent(*self.items.pop(0))

    def clear(self):
        self.items = []
        self.overflowed = False


class FakePad:
    made = []

    def __init__(self, **kw):
        self.kw = kw
        self.events = FakeQueue()
        FakePad.made.append(self)

    def press(self, n):
        self.events.items.append((n, True))

    def release(self, n):
        self.events.items.append((n, False))


class FakeKeys(FakePad):
    def __init__(self, pins, **kw):
        super().__init__(pins=pins, **kw)


class FakeAnalog:
    values = {}

    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        return FakeAnalog.values.get(self.pin, 32768)


class FakeIO:
    def __init__(self, pin):
        self.pin = pin
        self.value = True
        self.direction = None
        self.pull = None

    def switch_to_output(self, value=False):
        self.value = value


class FakeAudioOut:
    def __init__(self, pin):
        self.pin = pin
        self.playing = False
        self.played = []

    def play(self, sample, loop=False):
        sample.loop = loop
        self.played.append(sample)
        self.playing = True  # a looped note plays until stop()

    def stop(self):
        self.playing = False


class FakeRawSample:
    def __init__(self, buf, sample_rate):
        self.data = bytes(buf)
        self.rate = sample_rate


class FakeDisplay:
    brightness = 1.0


@pytest.fixture
def fakes(monkeypatch):
    """Install fake modules; returns a function making the fake ``board``."""
    FakePad.made = []
    FakeAnalog.values = {}
    written = []
    mods = {
        "keypad": types.SimpleNamespace(ShiftRegisterKeys=FakePad, Keys=FakeKeys,
                                        Event=FakeEvent),
        "analogio": types.SimpleNamespace(AnalogIn=FakeAnalog),
        "digitalio": types.SimpleNamespace(
            DigitalInOut=FakeIO,
            Direction=types.SimpleNamespace(INPUT="in", OUTPUT="out"),
            Pull=types.SimpleNamespace(UP="up", DOWN="down")),
        "microcontroller": types.SimpleNamespace(nvm=bytearray(8192)),
        "supervisor": types.SimpleNamespace(ticks_ms=lambda: 1234),
        "audioio": types.SimpleNamespace(AudioOut=FakeAudioOut),
        "audiocore": types.SimpleNamespace(RawSample=FakeRawSample),
        "neopixel_write": types.SimpleNamespace(
            neopixel_write=lambda pin, buf: written.append(bytes(buf))),
    }
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)

    def make_board(**pins):
        b = types.SimpleNamespace(**pins)
        monkeypatch.setitem(sys.modules, "board", b)
        return b

    make_board.written = written
    return make_board


def pybadge_board(fakes):
    return fakes(board_id="pybadge", DISPLAY=FakeDisplay(), BUTTON_CLOCK="clk",
                 BUTTON_OUT="out", BUTTON_LATCH="latch", SPEAKER="A0",
                 SPEAKER_ENABLE="spk_en", NEOPIXEL="D8")


def test_pybadge_key_table(fakes):
    pybadge_board(fakes)
    hw = hwmod.open_hardware()
    assert hw.name == "PyBadge"
    pad = FakePad.made[0]
    assert pad.kw["key_count"] == 8 and pad.kw["value_when_pressed"] is True
    for n in range(8):
        pad.press(n)
    assert hw.keys() == [K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT]
    assert hw.keys() == []  # events are consumed: never repeated
    for n in range(8):
        pad.release(n)
    assert hw.keys() == []  # releases are not presses
    pad.press(1)
    pad.release(1)
    pad.press(1)
    assert hw.keys() == [K.A, K.A]  # two real presses, two events
    assert hw.display is not None and len(hw.nvm) == 8192 and hw.ticks_ms() == 1234


def test_ab_swap_is_one_switch(fakes):
    pybadge_board(fakes)
    hw = hwmod.open_hardware(swap_ab=True)
    pad = FakePad.made[0]
    pad.press(0)
    pad.press(1)
    assert hw.keys() == [K.A, K.B]


def test_event_queue_overflow_is_cleared(fakes):
    pybadge_board(fakes)
    hw = hwmod.open_hardware()
    pad = FakePad.made[0]
    pad.press(2)
    pad.events.overflowed = True
    assert hw.keys() == [K.START]
    assert pad.events.overflowed is False


def pygamer(fakes):
    fakes(board_id="pygamer", DISPLAY=FakeDisplay(), BUTTON_CLOCK="clk", BUTTON_OUT="out",
          BUTTON_LATCH="latch", JOYSTICK_X="jx", JOYSTICK_Y="jy", NEOPIXEL="D8")
    return hwmod.open_hardware()


def stick(x, y):
    FakeAnalog.values = {"jx": x, "jy": y}


def test_pygamer_buttons_and_joystick_hysteresis(fakes):
    stick(32000, 33000)  # rest position, a little off centre
    hw = pygamer(fakes)
    assert hw.name == "PyGamer"
    pad = FakePad.made[0]
    assert pad.kw["key_count"] == 4
    pad.press(0)
    pad.press(3)
    assert hw.keys() == [K.B, K.SELECT]
    assert hw.keys() == []
    stick(65535, 33000)  # push right: one event
    assert hw.keys() == [K.RIGHT]
    for _ in range(20):  # held: no repeat
        assert hw.keys() == []
    stick(32000 + 18000, 33000)  # eased back but not under the release threshold
    assert hw.keys() == []
    stick(65000, 33000)  # pushed again without a release: still no event
    assert hw.keys() == []
    stick(32000 + 5000, 33000)  # released
    assert hw.keys() == []
    stick(65000, 33000)  # second push
    assert hw.keys() == [K.RIGHT]
    stick(32000, 33000)
    assert hw.keys() == []
    stick(0, 33000)
    assert hw.keys() == [K.LEFT]
    stick(32000, 33000)
    hw.keys()
    stick(32000, 0)
    assert hw.keys() == [K.UP]
    stick(32000, 33000)
    hw.keys()
    stick(32000, 65535)
    assert hw.keys() == [K.DOWN]
    stick(32000, 33000)
    hw.keys()
    stick(65535, 60000)  # diagonal: only the dominant axis
    assert hw.keys() == [K.RIGHT]


def test_pygamer_jitter_around_threshold_gives_one_event(fakes):
    stick(32768, 32768)
    hw = pygamer(fakes)
    events = []
    for i in range(200):
        wobble = 32768 + boardinput._STICK_PRESS + (300 if i % 2 else -300)
        stick(wobble, 32768)
        events += hw.keys()
    assert events == [K.RIGHT]


def test_pygamer_stick_held_at_start_uses_nominal_centre(fakes):
    stick(65535, 32768)
    hw = pygamer(fakes)
    assert hw.keys() == [K.RIGHT]  # held at power-on: still one press
    assert hw.keys() == []


def test_clue_fallback_two_buttons_and_chord(fakes):
    fakes(board_id="clue_nrf52840_express", DISPLAY=FakeDisplay(), BUTTON_A="a",
          BUTTON_B="b", SPEAKER="spk", NEOPIXEL="np")
    hw = hwmod.open_hardware()
    assert hw.name == "clue_nrf52840_express"
    pad = FakePad.made[0]
    assert pad.kw["pins"] == ("a", "b") and pad.kw["value_when_pressed"] is False
    pad.press(0)
    assert hw.keys() == [K.RIGHT]
    pad.release(0)
    pad.press(1)
    assert hw.keys() == [K.A]
    pad.press(0)  # both held: START
    assert hw.keys() == [K.RIGHT, K.START]


def test_generic_board_without_keypad_polls_pins(fakes, monkeypatch):
    monkeypatch.delitem(sys.modules, "keypad")
    monkeypatch.setitem(sys.modules, "keypad", None)  # import keypad fails
    fakes(board_id="someboard", DISPLAY=FakeDisplay(), BUTTON_LEFT="l", BUTTON_RIGHT="r",
          BUTTON_A="a", BUTTON_START="s")
    hw = hwmod.open_hardware()
    (src,) = hw.sources
    assert isinstance(src, boardinput.PolledPins)
    pins = src.pins
    assert [io.pin for io in pins] == ["l", "r", "a", "s"]
    assert [io.pull for io in pins] == ["up"] * 4
    assert hw.keys() == []  # all high: nothing pressed (active low)
    pins[1].value = False
    assert hw.keys() == [K.RIGHT]
    assert hw.keys() == []  # held: no repeat
    pins[1].value = True
    pins[3].value = False
    assert hw.keys() == [K.START]


def test_polled_pins_chord_gives_start(fakes, monkeypatch):
    monkeypatch.setitem(sys.modules, "keypad", None)
    fakes(board_id="circuitplayground_express", BUTTON_A="a", BUTTON_B="b", NEOPIXEL="np")
    hw = hwmod.open_hardware()
    a, b = hw.sources[0].pins
    assert a.pull == "down"  # pressed = high on this board
    a.value = b.value = False
    assert hw.keys() == []
    a.value = True
    assert hw.keys() == [K.RIGHT]
    b.value = True
    assert hw.keys() == [K.A, K.START]
    assert len(hw._pixel_buf) == 30  # ten NeoPixels


def test_board_without_buttons_or_anything(fakes):
    fakes(board_id="bare")
    hw = hwmod.open_hardware()
    assert hw.keys() == [] and hw.display is None
    assert hw.sources == []  # the crash screen starts again by itself (app.crashed)
    hw.beep("win")
    hw.lights((0xFF0000,))
    hw.set_brightness(3)


def play_through(hw, kind, clock):
    """Beep ``kind`` and read the keys each millisecond until it has ended: [(half a
    period in samples, ms the note lasted)], each note a looped sample of whole
    periods."""
    audio = hw._audio
    start = len(audio.played) if audio is not None else 0
    hw.beep(kind)
    audio = hw._audio
    times = [clock[0]]
    while hw._notes is not None:
        clock[0] += 1
        n = len(audio.played)
        hw.keys()
        if len(audio.played) != n or hw._notes is None:
            times.append(clock[0])
    notes = []
    for i, sample in enumerate(audio.played[start:]):
        data = sample.data
        half = data.index(128 - 28)
        assert sample.loop and sample.rate == hwmod._RATE
        assert len(data) % (2 * half) == 0 and len(data) <= hwmod._LOOP  # whole periods
        assert data == (bytes((128 + 28,)) * half + bytes((128 - 28,)) * half) * (
            len(data) // (2 * half))
        notes.append((half, times[i + 1] - times[i]))
    assert not audio.playing  # stopped after the last note
    return notes


def test_beep_mute_and_sound_table(fakes):
    pybadge_board(fakes)
    hw = hwmod.open_hardware()
    clock = [1000]
    hw.ticks_ms = lambda: clock[0]
    for kind in ("play", "trick", "penalty", "out", "win", "error"):
        assert play_through(hw, kind, clock) == [
            (8000 // (2 * f), ms) for f, ms in NOTES[kind]], kind
    assert hw.beeps == 6
    audio = hw._audio
    assert audio.pin == "A0" and len(audio.played) == 13  # a sample a note
    assert hw._enable.value is True  # amplifier on
    assert len(hw._buf) == hwmod._LOOP == 256  # the one buffer, for as long as it runs
    hw.beep("nonsense")  # unknown kinds are ignored
    hw.muted = True
    assert hw._enable.value is False
    hw.beep("win")
    assert len(audio.played) == 13 and hw.muted is True
    hw.muted = False
    hw.beep("play")
    assert len(audio.played) == 14 and hw._enable.value is True


def test_a_new_sound_cuts_the_one_playing(fakes):
    pybadge_board(fakes)
    hw = hwmod.open_hardware()
    clock = [0]
    hw.ticks_ms = lambda: clock[0]
    hw.beep("win")
    clock[0] += 10
    hw.keys()
    assert play_through(hw, "play", clock) == [(3, 18)]


def test_no_speaker_is_silent(fakes):
    fakes(board_id="pyportal", DISPLAY=FakeDisplay())
    hw = hwmod.open_hardware()
    hw.beep("win")
    assert hw.beeps == 0


def test_lights_and_brightness(fakes):
    pybadge_board(fakes)
    hw = hwmod.open_hardware()
    w = fakes.written
    assert w[-1] == bytes(15)  # lights off at start
    hw.set_brightness(3)
    assert hw.display.brightness == 1.0
    hw.lights((0xFF0000, 0x00FF00))
    scale = hwmod.PIXEL_SCALE[3]
    v = (255 * scale) >> 8
    assert w[-1] == bytes((0, v, 0, v, 0, 0)) + bytes(9)  # G, R, B order
    hw.set_brightness(0)
    assert hw.display.brightness == 0.15
    v0 = (255 * hwmod.PIXEL_SCALE[0]) >> 8
    assert w[-1][:6] == bytes((0, v0, 0, v0, 0, 0))  # re-lit at the new level
    hw.set_brightness(9)
    assert hw.level == 3
    hw.lights(())
    assert w[-1] == bytes(15)


def test_ticks_diff_wraps():
    wrap = 1 << 29
    assert hwmod.ticks_diff(5, wrap - 5) == 10
    assert hwmod.ticks_diff(wrap - 5, 5) == -10
    assert hwmod.ticks_diff(1000, 400) == 600
    assert hwmod.ticks_add(wrap - 1, 2) == 1


# The sounds as (frequency Hz, ms) notes, and how they were rendered before board.py
# stored them as (half period, ms) bytes: the samples must not change.
NOTES = {
    "play": ((1320, 18),),
    "trick": ((880, 35), (1175, 45)),
    "penalty": ((392, 90), (262, 140)),
    "out": ((330, 110), (262, 110), (196, 220)),
    "win": ((523, 90), (659, 90), (784, 90), (1047, 220)),
    "error": ((147, 120),),
}


def test_sound_table_is_the_notes():
    assert set(hwmod.SOUNDS) == set(NOTES)
    longest = 0
    for kind, notes in NOTES.items():
        pairs = tuple((8000 // (2 * f), ms) for f, ms in notes)
        data = hwmod.SOUNDS[kind]
        codes = [ord(c) for c in data]
        assert tuple(zip(codes[0::2], codes[1::2])) == pairs, kind
        assert len(data.encode()) <= 10  # a qstr in the .mpy (up to 10 bytes of UTF-8)
        longest = max(longest, 2 * (8000 // (2 * min(f for f, _ms in notes))))
    assert longest <= hwmod._LOOP  # the longest period fits the note buffer


def test_key_constants_are_the_logical_keys():
    for name in ("LEFT", "RIGHT", "UP", "DOWN", "A", "B", "START", "SELECT"):
        assert getattr(hwmod, "_" + name) == getattr(K, name), name
        assert getattr(boardinput, "_" + name, getattr(K, name)) == getattr(K, name), name
    assert K.PYBADGE_KEYS == (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
    from cucumber import boardrec
    assert boardrec.ASK == (K.A, K.B, K.START, K.SELECT, K.LEFT, K.RIGHT, K.UP, K.DOWN)
    # cucumber.lobby.show_title reads the board check's REPORT flag written out
    assert boardrec.REPORT == 16


def test_setup_module_is_dropped_and_nothing_holds_it(fakes):
    import cucumber

    fakes(board_id="pygamer", DISPLAY=FakeDisplay(), BUTTON_CLOCK="clk", BUTTON_OUT="out",
          BUTTON_LATCH="latch", JOYSTICK_X="jx", JOYSTICK_Y="jy", NEOPIXEL="D8",
          SPEAKER="A0", SPEAKER_ENABLE="en")
    hw = hwmod.open_hardware()
    assert "cucumber.boardsetup" not in sys.modules
    assert not hasattr(cucumber, "boardsetup")
    gc.collect()
    alive = [o for o in gc.get_objects()
             if getattr(o, "__module__", None) == "cucumber.boardsetup"
             or (isinstance(o, dict) and o.get("__name__") == "cucumber.boardsetup")]
    assert alive == []  # its functions and globals were collected
    for v in list(vars(hw).values()) + hw.sources:
        assert type(v).__module__ != "cucumber.boardsetup"
        for a in getattr(v, "__dict__", {}).values():
            assert type(a).__module__ != "cucumber.boardsetup"
    assert hw.name == "PyGamer" and len(hw.sources) == 2
    assert isinstance(hw.sources[1], boardinput.Stick)


def test_pybadge_does_not_load_the_other_key_sources(fakes, monkeypatch):
    pybadge_board(fakes)
    monkeypatch.delitem(sys.modules, "cucumber.boardinput")  # restored afterwards
    hw = hwmod.open_hardware()
    assert hw.sources == [FakePad.made[0]] and hw._polled == ()
    assert "cucumber.boardinput" not in sys.modules


def test_module_imports_without_circuitpython(monkeypatch):
    monkeypatch.setitem(sys.modules, "board", None)
    hw = hwmod.open_hardware()
    assert hw.name == "generic" and hw.keys() == [] and hw.nvm is None
    assert isinstance(hw.ticks_ms(), int)
    hw.beep("play")
    hw.lights((1, 2, 3))


def test_board_module_runs_under_micropython():
    from mpyrun import run_guest

    code = """
from cucumber import board
import gc
gc.collect()
hw = board.open_hardware()
print(hw.name, hw.keys(), hw.nvm, board.ticks_diff(3, (1 << 29) - 2))
hw.beep('win')
hw.lights((0xFF0000,))
hw.set_brightness(1)
print('ok')
"""
    out, _fuel = run_guest(code, fuel=10**9)
    assert out.split() == ["generic", "[]", "None", "5", "ok"], out


def test_pybadge_under_micropython_drops_the_setup_module():
    """A PyBadge of fake modules in MicroPython's sys.modules: keys, a beep (the samples
    as on the host) and the setup module gone afterwards."""
    from mpyrun import run_guest

    code = """
import sys

class M:
    pass

class Queue:
    overflowed = False
    def __init__(self):
        self.items = []
    def get_into(self, e):
        if not self.items:
            return False
        e.key_number, e.pressed = self.items.pop(0)
        return True

class Pad:
    def __init__(self, **kw):
        self.events = Queue()

class Event:
    key_number = 0
    pressed = False

class IO:
    def __init__(self, pin):
        self.value = None
    def switch_to_output(self, value=False):
        self.value = value

class Audio:
    playing = False
    def __init__(self, pin):
        self.played = []
    def play(self, sample, loop=False):
        sample.loop = loop
        self.played.append(sample)
        self.playing = True  # a looped note plays until stop()

class Raw:
    def __init__(self, buf, sample_rate):
        self.data = bytes(buf)

def mod(**kw):
    m = M()
    for k in kw:
        setattr(m, k, kw[k])
    return m

sys.modules["board"] = mod(board_id="pybadge", BUTTON_CLOCK=1, BUTTON_OUT=2,
                           BUTTON_LATCH=3, SPEAKER=4, SPEAKER_ENABLE=5, NEOPIXEL=6)
sys.modules["keypad"] = mod(ShiftRegisterKeys=Pad, Event=Event)
sys.modules["digitalio"] = mod(DigitalInOut=IO)
sys.modules["audioio"] = mod(AudioOut=Audio)
sys.modules["audiocore"] = mod(RawSample=Raw)
sys.modules["neopixel_write"] = mod(neopixel_write=lambda pin, buf: None)
import cucumber
from cucumber.board import open_hardware
hw = open_hardware()
print(hw.name, "cucumber.boardsetup" in sys.modules, hasattr(cucumber, "boardsetup"))
hw._pad.events.items = [(1, True), (0, True), (1, False)]
print(hw.keys(), hw.keys())
hw.beep("win")
print(hw._audio.played[0].data.hex(), hw._enable.value)
"""
    out, _fuel = run_guest(code, fuel=10**9)
    lines = out.split("\n")
    assert lines[0] == "PyBadge False False", out
    assert lines[1] == "[%d, %d] []" % (K.A, K.B), out
    first = (bytes((128 + 28,)) * 7 + bytes((128 - 28,)) * 7) * (256 // 14)  # 523 Hz
    assert lines[2] == first.hex() + " True", out  # the first note's whole periods


def test_pc_without_injected_board_does_not_import_blinka(monkeypatch):
    monkeypatch.delitem(sys.modules, "board", raising=False)
    hw = hwmod.open_hardware()
    assert hw.name == "generic" and "board" not in sys.modules
