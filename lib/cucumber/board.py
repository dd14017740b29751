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

- PyBadge (also LC, EdgeBadge): 8 buttons on a shift register, ``keys.PYBADGE_KEYS``.
- PyGamer: 4 buttons on the shift register and the analog joystick, which gives one
  LEFT/RIGHT/UP/DOWN per push (press beyond 35% of the travel from the centre, release
  under 20%: hysteresis; ``cucumber.boardinput``).
- Other boards with a display: the ``BUTTON_*`` pins of ``cucumber.boardsetup``. On a
  board without START, holding all its buttons gives START.

Only what the app calls while it runs lives here. Finding the board and opening its
pins (``cucumber.boardsetup``) runs once: ``open_hardware`` imports that module, uses it
and drops it again (from ``sys.modules`` and the package), so it is collected. Nothing
kept may hold a function or class of boardsetup (a function keeps its module's globals
alive): the Hardware is an object of this module's class, boardsetup only fills in its
attributes. The key sources a PyBadge lacks (joystick, pins without ``keypad``) are in
``cucumber.boardinput``, loaded only on the boards that have them.

Resident on a PyBadge: this module and its Hardware, 3,216 B of heap (9,728 B before
boardsetup), and from the first beep the 256 B note buffer (was 3,920 B, the longest
sound's samples): gc.mem_alloc() after gc.collect(), tools/rig's 32-bit MicroPython and
board stand-ins, 2026-12-01.
"""

from engine.compat import const

# The logical keys of cucumber.keys (the values are checked in host_tests/test_board.py):
# private consts are folded into the bytecode and take no room in this module's globals.
_LEFT = const(0)
_RIGHT = const(1)
_UP = const(2)
_DOWN = const(3)
_A = const(4)
_B = const(5)
_START = const(6)
_SELECT = const(7)

_WRAP = const(1 << 29)  # supervisor.ticks_ms() wraps here
_HALF = const(1 << 28)


def ticks_diff(new, old):
    """``new - old`` in ms for two ``ticks_ms()`` values, correct across the wrap."""
    return ((new - old + _HALF) % _WRAP) - _HALF


def ticks_add(t, ms):
    return (t + ms) % _WRAP


# Sounds: notes as pairs of characters, ord() = (half a period in samples at 8 kHz, ms).
# A string of up to 10 characters is a qstr, smaller than a bytes object. In Hz/ms:
# play 1320/18; trick 880/35 1175/45; penalty 392/90 262/140; out 330/110 262/110
# 196/220; win 523/90 659/90 784/90 1047/220; error 147/120 (half = 8000 // (2 * Hz)).
SOUNDS = {
    "play": "\x03\x12",
    "trick": "\x04\x23\x03\x2d",
    "penalty": "\x0a\x5a\x0f\x8c",
    "out": "\x0c\x6e\x0f\x6e\x14\xdc",
    "win": "\x07\x5a\x06\x5a\x05\x5a\x03\xdc",
    "error": "\x1b\x78",
}
_RATE = const(8000)  # samples a second
_HI = const(128 + 28)  # a square wave 28 (of 127) around 128: a quiet beep
_LO = const(128 - 28)
_LOOP = const(256)  # the note buffer: 4 to 42 whole periods, 32 ms at most of a loop

# Brightness levels 0..3: backlight in percent and NeoPixel scale (of 256).
BACKLIGHT = (15, 40, 70, 100)
PIXEL_SCALE = (6, 20, 56, 128)


class Hardware:
    """What the app uses of a board. Every part is optional; missing ones do nothing.

    ``cucumber.boardsetup`` sets ``name``, ``board_id``, ``display``, ``nvm``,
    ``sources`` (the objects ``keys()`` reads: [] for a board without buttons) and the
    parts the board has. The class attributes are the defaults of the others."""

    _enable = None  # a DigitalInOut output (the amplifier) or None
    _audio = None  # AudioOut, made at the first beep
    _buf = None  # _LOOP samples, made with it: the note playing, a few periods of it
    _notes = None  # the sound playing (a SOUNDS string), its note, when that one ends
    _note = 0
    _note_end = 0
    _muted = False
    _pixel_pin = None  # a DigitalInOut output for neopixel_write
    # where red, green and blue go in a pixel's three bytes: NeoPixels take G, R, B
    # (a board that takes them otherwise: its board check saves the order it found)
    _order = b"\x01\x00\x02"
    _colors = ()
    level = 2
    beeps = 0  # sounds started (for tests)
    # Buttons: ``_table[n]`` is the logical key of key number n of the keypad object
    # ``_pad``, its events read into ``_ev``. ``_held``: bit mask of the key numbers held;
    # holding ``_all`` of them gives START (-1: never). ``_polled``: the other key sources.
    _pad = None
    _all = -1
    _polled = ()

    # ----- input and time -----------------------------------------------------------------

    def keys(self):
        """Logical keys pressed since the last call, oldest first (a new list). Read at
        every step of the app's loop, it also moves a sound on to its next note when
        the note's time is up (``beep``)."""
        if self._notes is not None and ticks_diff(self.ticks_ms(), self._note_end) >= 0:
            self._note += 2
            self._play_note()
        out = []
        pad = self._pad
        if pad is not None:  # a keypad object: press and release events
            table = self._table
            events = pad.events
            e = self._ev  # a keypad.Event, filled in place
            while events.get_into(e):
                n = e.key_number
                if n < len(table):
                    if e.pressed:
                        self._held |= 1 << n
                        out.append(table[n])
                        if self._held == self._all:
                            out.append(_START)
                    else:
                        self._held &= ~(1 << n)
            if events.overflowed:
                events.clear()  # also resets ``overflowed``
        for s in self._polled:  # the joystick, digitalio pins (cucumber.boardinput)
            s.poll(out)
        return out

    def restart(self, code_file=None):
        """Start the board again with a fresh heap: in ``code_file`` for that one run (the
        app's match.py: straight into the match just saved), else code.py (the title).
        Returns only where that cannot be done: the app then goes on in this heap.

        Why (measured on the rig, docs/FIGURES.md): the title's and set-up's code and
        names, loaded and forgotten before a match, left its heap in holes of 1-2 KB (21 KB
        free at seven players, the largest hole 1.2 KB), and a match's leftovers did the
        same to the title's."""
        try:
            import supervisor

            if code_file is not None:
                supervisor.set_next_code_file(code_file)  # this one run; then code.py
            reload = supervisor.reload
        except (ImportError, AttributeError):
            return
        reload()

    def ticks_ms(self):
        """The host's clock; boardsetup puts ``supervisor.ticks_ms`` in its place."""
        import time

        return (time.monotonic_ns() // 1000000) % _WRAP

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

    def beep(self, kind):
        """Start the sound ``kind`` and return at once: its first note loops on the DAC
        (by DMA) until ``keys``, read at every step of the app's loop, starts the next
        one when its time is up, and stops the last.

        One small buffer of whole periods of the note playing, made once, instead of
        the whole sound's samples: 256 B for as long as the board runs, where the
        longest sound took 3,920 B (and a buffer a sound, made and let go at each one,
        left holes: the classroom demo then needed 103,424 B of heap on the rig, not
        100,352). The price: a note lasts until the loop comes round, so while the
        board is busy (a flash write, a page being built) it may sound a little longer,
        and a sound ends where its last note is cut, not on a whole period."""
        notes = SOUNDS.get(kind)
        if self._muted or self._speaker is None or notes is None:
            return
        try:
            if self._audio is None:
                try:
                    from audioio import AudioOut
                except ImportError:
                    from audiopwmio import PWMAudioOut as AudioOut
                self._buf = bytearray(_LOOP)
                self._audio = AudioOut(self._speaker)
                if self._enable is not None:
                    self._enable.value = True
            self._notes = notes
            self._note = 0
            self._play_note()
            self.beeps += 1
        except Exception:
            self._speaker = None
            self._notes = None

    def _play_note(self):
        """Loop note ``_note`` of the sound playing (a square wave: as many whole periods
        as the buffer holds), or stop after the last."""
        audio = self._audio
        if audio.playing:
            audio.stop()
        notes = self._notes
        i = self._note
        if i >= len(notes):
            self._notes = None
            return
        import audiocore

        half = ord(notes[i])
        step = 2 * half
        n = _LOOP // step * step
        buf = self._buf
        for j in range(0, n, step):
            for k in range(j, j + half):
                buf[k] = _HI
                buf[k + half] = _LO
        audio.play(audiocore.RawSample(memoryview(buf)[0:n], sample_rate=_RATE), loop=True)
        self._note_end = ticks_add(self.ticks_ms(), ord(notes[i + 1]))

    # ----- lights and brightness ----------------------------------------------------------

    def lights(self, colors=()):
        """Show up to ``pixel_count`` colours (0xRRGGBB) on the NeoPixels; () = all off."""
        pin = self._pixel_pin
        if pin is None:
            return
        self._colors = colors = tuple(colors)
        scale = PIXEL_SCALE[self.level]
        buf = self._pixel_buf
        o = self._order
        for i in range(0, len(buf), 3):
            c = colors[i // 3] if i // 3 < len(colors) else 0
            buf[i + o[0]] = (((c >> 16) & 0xFF) * scale) >> 8
            buf[i + o[1]] = (((c >> 8) & 0xFF) * scale) >> 8
            buf[i + o[2]] = ((c & 0xFF) * scale) >> 8
        try:
            from neopixel_write import neopixel_write

            neopixel_write(pin, buf)
        except Exception:
            self._pixel_pin = None

    def set_brightness(self, level):
        """0 (dimmest) .. 3 (brightest): the display backlight and the NeoPixels."""
        self.level = level = min(3, max(0, int(level)))
        if self.display is not None:
            try:
                self.display.brightness = BACKLIGHT[level] / 100
            except Exception:
                pass
        if self._colors:
            self.lights(self._colors)


def open_hardware(swap_ab=False):
    """The Hardware of the board this runs on (a do-nothing one off CircuitPython)."""
    import sys
    import cucumber
    from cucumber import boardsetup

    try:
        return boardsetup.open_hardware(Hardware(), swap_ab)
    finally:
        del sys.modules["cucumber.boardsetup"]  # nothing else holds it: collected
        del cucumber.boardsetup
