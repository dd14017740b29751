"""The thin per-board layer: buttons, display, nvm, clock, sound and lights.

``open_hardware()`` looks at the board it runs on and returns a :class:`Hardware`::

    hw = board.open_hardware()
    hw.name                 "PyBadge", "PyGamer", the board id, or "generic"
    hw.display, hw.nvm      board.DISPLAY and microcontroller.nvm (or None)
    hw.keys()               logical keys (cucumber.keys) pressed since the last call
    hw.ticks_ms()           milliseconds, wrapping: compare with ticks_diff(new, old)
    hw.beep(kind)           "play" "trick" "penalty" "out" "win" "error"; silent if muted
    hw.muted = True
    hw.lights((0xFF0000,))  up to 5 NeoPixel colours, 0xRRGGBB
    hw.set_brightness(2)    0..3: display backlight and NeoPixels

Nothing here imports a CircuitPython module at import time, so the module also imports
on a PC; the tests inject fake ``board``, ``keypad``... modules.

Keys are press events only: one per physical press, no auto-repeat. Boards:

- PyBadge (also LC, EdgeBadge): 8 buttons on a shift register, ``PYBADGE_KEYS``.
- PyGamer: 4 buttons on the shift register (``PYGAMER_KEYS``) and the analog joystick,
  which gives one LEFT/RIGHT/UP/DOWN per push (press beyond 35% of the travel from the
  centre, release under 20%: hysteresis).
- Other boards with a display: the ``BUTTON_*`` pins in ``PIN_BOARDS`` or
  ``GENERIC_PINS``. On a board without START, holding all its buttons gives START.
"""

from engine.compat import const
from cucumber.keys import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT

# Shift-register key numbers -> logical keys (Adafruit PyBadger's order). A board whose
# A and B are swapped needs only ``open_hardware(swap_ab=True)``.
PYBADGE_KEYS = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
PYGAMER_KEYS = (B, A, START, SELECT)

# board_id: (((pin name, logical key), ...), value when pressed)
PIN_BOARDS = {
    "clue_nrf52840_express": ((("BUTTON_A", RIGHT), ("BUTTON_B", A)), False),
    "circuitplayground_bluefruit": ((("BUTTON_A", RIGHT), ("BUTTON_B", A)), True),
    "circuitplayground_express": ((("BUTTON_A", RIGHT), ("BUTTON_B", A)), True),
    "funhouse": ((("BUTTON_UP", UP), ("BUTTON_DOWN", DOWN), ("BUTTON_SELECT", A)), True),
    "adafruit_magtag_2.9_grayscale": (
        (("BUTTON_A", LEFT), ("BUTTON_B", RIGHT), ("BUTTON_C", A), ("BUTTON_D", B)), False),
}
# Any other board: whichever of these pins exist, pressed = low (pull-up).
GENERIC_PINS = (
    ("BUTTON_LEFT", LEFT), ("BUTTON_RIGHT", RIGHT), ("BUTTON_UP", UP),
    ("BUTTON_DOWN", DOWN), ("BUTTON_A", A), ("BUTTON_B", B), ("BUTTON_START", START),
    ("BUTTON_SELECT", SELECT), ("BUTTON", A), ("BOOT0", A),
)

# Joystick hysteresis, as a distance from the centre on the 0..65535 scale.
STICK_PRESS = const(23000)
STICK_RELEASE = const(13000)

_WRAP = const(1 << 29)  # supervisor.ticks_ms() wraps here
_HALF = const(1 << 28)


def ticks_diff(new, old):
    """``new - old`` in ms for two ``ticks_ms()`` values, correct across the wrap."""
    return ((new - old + _HALF) % _WRAP) - _HALF


def ticks_add(t, ms):
    return (t + ms) % _WRAP


# Sounds: (frequency Hz, ms) notes; 0 Hz is a rest.
SOUNDS = {
    "play": ((1320, 18),),
    "trick": ((880, 35), (1175, 45)),
    "penalty": ((392, 90), (262, 140)),
    "out": ((330, 110), (262, 110), (196, 220)),
    "win": ((523, 90), (659, 90), (784, 90), (1047, 220)),
    "error": ((147, 120),),
}
RATE = const(8000)  # samples a second
_VOLUME = const(28)  # square wave amplitude around 128 (of 127): a quiet beep
_MAX_SAMPLES = const(4800)  # 0.6 s, the longest sound

# Brightness levels 0..3: backlight fraction and NeoPixel scale (of 256).
BACKLIGHT = (0.15, 0.4, 0.7, 1.0)
PIXEL_SCALE = (6, 20, 56, 128)


class _EventKeys:
    """A ``keypad`` object; ``table[key_number]`` is the logical key."""

    def __init__(self, pad, table, chord=False):
        self.pad = pad
        self.table = table
        self.held = 0  # bit mask of key numbers held
        self.chord = chord  # holding every key gives START
        self.all = (1 << len(table)) - 1
        try:
            import keypad

            self.ev = keypad.Event()
        except Exception:
            self.ev = None

    def poll(self, out):
        events = self.pad.events
        ev = self.ev
        while True:
            if ev is not None:
                if not events.get_into(ev):
                    break
                e = ev
            else:
                e = events.get()
                if e is None:
                    break
            n = e.key_number
            if n >= len(self.table):
                continue
            if e.pressed:
                self.held |= 1 << n
                out.append(self.table[n])
                if self.chord and self.held == self.all:
                    out.append(START)
            else:
                self.held &= ~(1 << n)
        if events.overflowed:
            events.clear()  # also resets ``overflowed``


class _PolledPins:
    """``digitalio`` pins read each call (boards without ``keypad``)."""

    def __init__(self, pins, table, pressed_value, chord=False):
        self.pins = pins
        self.table = table
        self.pressed_value = pressed_value
        self.held = 0
        self.chord = chord
        self.all = (1 << len(table)) - 1

    def poll(self, out):
        held = 0
        for i in range(len(self.pins)):
            if self.pins[i].value == self.pressed_value:
                held |= 1 << i
        new = held & ~self.held
        self.held = held
        if new:
            for i in range(len(self.pins)):
                if new & (1 << i):
                    out.append(self.table[i])
            if self.chord and held == self.all:
                out.append(START)


class _Stick:
    """An analog joystick as four direction keys, one press per push."""

    def __init__(self, ax, ay):
        self.ax = ax
        self.ay = ay
        self.cx = self._centre(ax)
        self.cy = self._centre(ay)
        self.sx = 0  # -1, 0, 1: direction held on each axis
        self.sy = 0

    @staticmethod
    def _centre(axis):
        v = axis.value
        return v if 20000 < v < 45000 else 32768  # else the stick was held at start

    def poll(self, out):
        dx = self.ax.value - self.cx
        dy = self.ay.value - self.cy
        ax = dx if dx >= 0 else -dx
        ay = dy if dy >= 0 else -dy
        # Release with hysteresis, then press on the dominant axis only.
        if self.sx and (ax < STICK_RELEASE or (dx > 0) != (self.sx > 0)):
            self.sx = 0
        if self.sy and (ay < STICK_RELEASE or (dy > 0) != (self.sy > 0)):
            self.sy = 0
        if ax >= STICK_PRESS and ax >= ay and not self.sx:
            self.sx = 1 if dx > 0 else -1
            out.append(RIGHT if dx > 0 else LEFT)
        if ay >= STICK_PRESS and ay > ax and not self.sy:
            self.sy = 1 if dy > 0 else -1
            out.append(DOWN if dy > 0 else UP)


def _host_ticks():
    import time

    return (time.monotonic_ns() // 1000000) % _WRAP


class Hardware:
    """What the app uses of a board. Every part is optional; missing ones do nothing."""

    def __init__(self, name="generic", display=None, nvm=None, sources=(), ticks=None,
                 speaker=None, speaker_enable=None, pixel_pin=None, pixel_count=0,
                 board_id=""):
        self.name = name
        self.board_id = board_id
        self.display = display
        self.nvm = nvm
        self.sources = list(sources)
        self._ticks = ticks or _host_ticks
        self._speaker = speaker  # a pin (board.SPEAKER) or None
        self._enable = speaker_enable  # a DigitalInOut output or None
        self._audio = None  # AudioOut, made at the first beep
        self._buf = None
        self._sound_ok = speaker is not None
        self._muted = False
        self._pixel_pin = pixel_pin  # a DigitalInOut output for neopixel_write
        self._pixel_count = pixel_count
        self._pixel_buf = bytearray(3 * pixel_count)
        self._colors = ()
        self.level = 2
        self.beeps = 0  # sounds started (for tests)

    # ----- input and time -----------------------------------------------------------------

    def keys(self):
        """Logical keys pressed since the last call, oldest first (a new list)."""
        out = []
        for s in self.sources:
            s.poll(out)
        return out

    def ticks_ms(self):
        return self._ticks()

    ticks_diff = staticmethod(ticks_diff)
    ticks_add = staticmethod(ticks_add)

    # ----- sound --------------------------------------------------------------------------

    @property
    def muted(self):
        return self._muted

    @muted.setter
    def muted(self, value):
        self._muted = bool(value)
        if self._enable is not None:
            try:
                if self._muted and self._audio is not None:
                    self._audio.stop()
                self._enable.value = not self._muted and self._audio is not None
            except Exception:
                pass

    def _open_audio(self):
        try:
            try:
                from audioio import AudioOut
            except ImportError:
                from audiopwmio import PWMAudioOut as AudioOut
            self._audio = AudioOut(self._speaker)
            self._buf = bytearray(_MAX_SAMPLES)
            if self._enable is not None:
                self._enable.value = True
        except Exception:
            self._sound_ok = False
            self._audio = None

    def beep(self, kind):
        """Start the sound ``kind`` and return at once (the DAC plays it by DMA)."""
        if self._muted or not self._sound_ok:
            return
        notes = SOUNDS.get(kind)
        if notes is None:
            return
        if self._audio is None:
            self._open_audio()
            if self._audio is None:
                return
        try:
            import audiocore

            audio = self._audio
            if audio.playing:
                audio.stop()
            n = render(notes, self._buf)
            sample = audiocore.RawSample(memoryview(self._buf)[0:n], sample_rate=RATE)
            audio.play(sample)
            self.beeps += 1
        except Exception:
            self._sound_ok = False

    # ----- lights and brightness ----------------------------------------------------------

    def lights(self, colors=()):
        """Show up to ``pixel_count`` colours (0xRRGGBB) on the NeoPixels; () = all off."""
        if self._pixel_pin is None:
            return
        self._colors = tuple(colors)
        scale = PIXEL_SCALE[self.level]
        buf = self._pixel_buf
        for i in range(self._pixel_count):
            c = self._colors[i] if i < len(self._colors) else 0
            buf[3 * i] = (((c >> 8) & 0xFF) * scale) >> 8  # NeoPixels take G, R, B
            buf[3 * i + 1] = (((c >> 16) & 0xFF) * scale) >> 8
            buf[3 * i + 2] = ((c & 0xFF) * scale) >> 8
        try:
            from neopixel_write import neopixel_write

            neopixel_write(self._pixel_pin, buf)
        except Exception:
            self._pixel_pin = None

    def set_brightness(self, level):
        """0 (dimmest) .. 3 (brightest): the display backlight and the NeoPixels."""
        level = 0 if level < 0 else (3 if level > 3 else int(level))
        self.level = level
        if self.display is not None:
            try:
                self.display.brightness = BACKLIGHT[level]
            except Exception:
                pass
        if self._colors:
            self.lights(self._colors)


def render(notes, buf):
    """Write the square-wave samples of ``notes`` into ``buf``; the number written."""
    hi = 128 + _VOLUME
    lo = 128 - _VOLUME
    n = 0
    size = len(buf)
    for freq, ms in notes:
        count = RATE * ms // 1000
        if n + count > size:
            count = size - n
        if freq <= 0:
            for i in range(n, n + count):
                buf[i] = 128
            n += count
            continue
        half = RATE // (2 * freq)
        if half < 1:
            half = 1
        period = bytes((hi,)) * half + bytes((lo,)) * half
        step = 2 * half
        for _ in range(count // step):  # whole periods only: no click at the end
            buf[n:n + step] = period
            n += step
    return n


def _pin_keys(board, pins, pressed_value):
    """A key source for the named ``pins`` (those the board has), or None."""
    found = []
    table = []
    for name, key in pins:
        pin = getattr(board, name, None)
        if pin is not None and pin not in found:
            found.append(pin)
            table.append(key)
    if not found:
        return None
    table = tuple(table)
    chord = START not in table and len(table) > 1
    try:
        import keypad

        pad = keypad.Keys(tuple(found), value_when_pressed=pressed_value, pull=True)
        return _EventKeys(pad, table, chord)
    except Exception:
        pass
    import digitalio

    ios = []
    for pin in found:
        io = digitalio.DigitalInOut(pin)
        io.direction = digitalio.Direction.INPUT
        io.pull = digitalio.Pull.DOWN if pressed_value else digitalio.Pull.UP
        ios.append(io)
    return _PolledPins(ios, table, pressed_value, chord)


def open_hardware(swap_ab=False):
    """The Hardware of the board this runs on (a do-nothing one off CircuitPython)."""
    import sys

    if sys.implementation.name != "circuitpython" and "board" not in sys.modules:
        return Hardware("generic")  # a PC (Blinka's board module is not a handheld)
    try:
        import board
    except ImportError:
        return Hardware("generic")
    bid = getattr(board, "board_id", "") or ""
    display = getattr(board, "DISPLAY", None)
    nvm = None
    try:
        import microcontroller

        nvm = microcontroller.nvm
    except Exception:
        pass
    ticks = None
    try:
        import supervisor

        ticks = supervisor.ticks_ms
    except Exception:
        pass

    sources = []
    name = bid or "generic"
    pixel_count = 1
    if hasattr(board, "BUTTON_CLOCK"):
        import keypad

        stick = hasattr(board, "JOYSTICK_X")
        table = PYGAMER_KEYS if stick else PYBADGE_KEYS
        if swap_ab:
            table = tuple(B if k == A else (A if k == B else k) for k in table)
        pad = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=len(table), value_when_pressed=True,
        )
        sources.append(_EventKeys(pad, table))
        if stick:
            import analogio

            sources.append(_Stick(analogio.AnalogIn(board.JOYSTICK_X),
                                  analogio.AnalogIn(board.JOYSTICK_Y)))
            name = "PyGamer"
        else:
            name = "PyBadge"
        pixel_count = 5
    else:
        entry = PIN_BOARDS.get(bid)
        if entry is not None:
            pins, pressed = entry
        else:
            pins, pressed = GENERIC_PINS, False
        if swap_ab:
            pins = tuple((n, B if k == A else (A if k == B else k)) for n, k in pins)
        src = _pin_keys(board, pins, pressed)
        if src is not None:
            sources.append(src)
        if "circuitplayground" in bid:
            pixel_count = 10

    speaker = getattr(board, "SPEAKER", None)
    enable = None
    pixel_pin = None
    try:
        import digitalio

        if speaker is not None and hasattr(board, "SPEAKER_ENABLE"):
            enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            enable.switch_to_output(value=False)
        if hasattr(board, "NEOPIXEL"):
            pixel_pin = digitalio.DigitalInOut(board.NEOPIXEL)
            pixel_pin.switch_to_output(value=False)
    except Exception:
        pass
    hw = Hardware(name, display, nvm, sources, ticks, speaker, enable,
                  pixel_pin, pixel_count if pixel_pin is not None else 0, bid)
    hw.lights(())
    return hw
