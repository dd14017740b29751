"""Finding the board and opening its pins: run once by ``cucumber.board.open_hardware``,
which drops this module again (see board.py). Everything made here is an object of a
class of board.py or boardinput.py, or a board object: nothing kept may be a function of
this module (it would keep the module's globals alive).

Boards:

- ``BUTTON_CLOCK`` (PyBadge, PyGamer): the shift register, ``PYBADGE_KEYS`` or, with a
  joystick (PyGamer), 4 buttons and the stick (``cucumber.boardinput.Stick``).
- The boards in the table in ``open_hardware``: their buttons as listed.
- Any other board: whichever of the generic ``BUTTON_*`` pins exist, pressed = low.
- Without ``keypad``: the pins read at each ``keys()`` (``boardinput.PolledPins``).
"""

from cucumber.keys import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT, PYBADGE_KEYS

# Only names the app interns anyway are used at the top level here and short strings are
# avoided: a qstr (a name, or a string constant of up to 10 characters) stays in the heap
# after the module is dropped. The pin tables are therefore local, their names one string.


def open_hardware(hw, swap_ab=False):
    """Fill in ``hw``, a new ``cucumber.board.Hardware`` (handed in, so that this module
    does not import board.py: no circle), for the board this runs on; returns it (a
    do-nothing one off CircuitPython)."""
    import sys

    hw.sources = []
    hw.name = "generic"
    hw.board_id = ""
    hw.display = hw.nvm = hw._speaker = None  # _speaker: board.SPEAKER, None: no sound
    if sys.implementation.name != "circuitpython" and "board" not in sys.modules:
        return hw  # a PC (Blinka's board module is not a handheld)
    try:
        import board
    except ImportError:
        return hw
    bid = getattr(board, "board_id", "") or ""
    hw.board_id = bid
    hw.name = bid or "generic"
    hw.display = getattr(board, "DISPLAY", None)
    try:
        import microcontroller

        hw.nvm = microcontroller.nvm
    except Exception:
        pass
    try:
        import supervisor

        hw.ticks_ms = supervisor.ticks_ms  # an instance attribute: called as hw.ticks_ms()
    except Exception:
        pass

    pixel_count = 1
    pins = stick = None
    if hasattr(board, "BUTTON_CLOCK"):  # PyBadge, PyGamer: buttons on a shift register
        import keypad

        table = PYBADGE_KEYS
        if hasattr(board, "JOYSTICK_X"):  # PyGamer: 4 buttons and the joystick
            import analogio
            from cucumber.boardinput import Stick

            table = (B, A, START, SELECT)
            stick = Stick()
            stick.ax = analogio.AnalogIn(board.JOYSTICK_X)
            stick.ay = analogio.AnalogIn(board.JOYSTICK_Y)
            # centred where it rests now, unless it is held at start (then the nominal)
            stick.cx, stick.cy = [v if 20000 < v < 45000 else 32768
                                  for v in (stick.ax.value, stick.ay.value)]
            hw.name = "PyGamer"
        else:
            hw.name = "PyBadge"
        hw._pad = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=len(table), value_when_pressed=True,
        )
        pixel_count = 5
    else:
        # board_id: (pin names, their logical keys, value when pressed). Any other board:
        # whichever of the generic pins exist, pressed = low (pull-up).
        names, keys, pressed = {
            "clue_nrf52840_express": ("BUTTON_A BUTTON_B", (RIGHT, A), False),
            "circuitplayground_bluefruit": ("BUTTON_A BUTTON_B", (RIGHT, A), True),
            "circuitplayground_express": ("BUTTON_A BUTTON_B", (RIGHT, A), True),
            "funhouse": ("BUTTON_UP BUTTON_DOWN BUTTON_SELECT", (UP, DOWN, A), True),
            "adafruit_magtag_2.9_grayscale": (
                "BUTTON_A BUTTON_B BUTTON_C BUTTON_D", (LEFT, RIGHT, A, B), False),
        }.get(bid, ("BUTTON_LEFT BUTTON_RIGHT BUTTON_UP BUTTON_DOWN BUTTON_A BUTTON_B "
                    "BUTTON_START BUTTON_SELECT BUTTON BOOT0",
                    (LEFT, RIGHT, UP, DOWN, A, B, START, SELECT, A, A), False))
        found = []
        table = []
        for name, key in zip(names.split(), keys):
            pin = getattr(board, name, None)
            if pin is not None and pin not in found:
                found.append(pin)
                table.append(key)
        if START not in table and len(table) > 1:
            hw._all = (1 << len(table)) - 1  # holding every button gives START
        if found:
            try:
                import keypad

                hw._pad = keypad.Keys(tuple(found), value_when_pressed=pressed, pull=True)
            except Exception:  # no keypad: digitalio pins, read at each hw.keys()
                import digitalio
                from cucumber.boardinput import PolledPins

                pins = PolledPins()
                pins.pins = []
                for pin in found:
                    io = digitalio.DigitalInOut(pin)
                    io.direction = digitalio.Direction.INPUT
                    io.pull = digitalio.Pull.DOWN if pressed else digitalio.Pull.UP
                    pins.pins.append(io)
                pins.pressed = pressed
                pins.all = hw._all
        if "circuitplayground" in bid:
            pixel_count = 10
    if swap_ab:  # a board whose A and B are swapped
        table = [B if k == A else (A if k == B else k) for k in table]
    hw._table = tuple(table)
    if hw._pad is not None:
        import keypad

        hw._ev = keypad.Event()
        hw._held = 0
        hw.sources.append(hw._pad)
    if pins is not None:
        pins.table = hw._table
        hw._polled = [pins]
    if stick is not None:
        hw._polled = [stick]
    hw.sources += hw._polled

    speaker = getattr(board, "SPEAKER", None)
    hw._speaker = speaker
    try:
        import digitalio

        if speaker is not None and hasattr(board, "SPEAKER_ENABLE"):
            enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            enable.switch_to_output(value=False)
            hw._enable = enable
        if hasattr(board, "NEOPIXEL"):
            pixel = digitalio.DigitalInOut(board.NEOPIXEL)
            pixel.switch_to_output(value=False)
            hw._pixel_buf = bytearray(3 * pixel_count)
            hw._pixel_pin = pixel
    except Exception:
        pass
    hw.lights(())
    return hw
