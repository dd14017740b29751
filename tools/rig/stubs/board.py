"""Stand-in for CircuitPython's built-in ``board`` on a PyBadge (board rig), or once
:func:`pygamer` is called a PyGamer.

The pins are placeholders: the stand-in ``keypad``, ``digitalio``, ``analogio`` and
``microcontroller`` modules accept them. ``DISPLAY`` keeps only its root group."""

board_id = "pybadge"


class _Pin:
    def __init__(self, name):
        self.name = name


class _Display:
    width = 160
    height = 128

    def __init__(self):
        self.root_group = None
        self.brightness = 1.0
        self.auto_refresh = True

    def refresh(self, **kw):
        return True


DISPLAY = _Display()
BUTTON_CLOCK = _Pin("BUTTON_CLOCK")
BUTTON_OUT = _Pin("BUTTON_OUT")
BUTTON_LATCH = _Pin("BUTTON_LATCH")
NEOPIXEL = _Pin("NEOPIXEL")
SPEAKER = _Pin("SPEAKER")
SPEAKER_ENABLE = _Pin("SPEAKER_ENABLE")
LIGHT = _Pin("LIGHT")


def pygamer():
    """Make this board a PyGamer: its id and the joystick's two analog pins (read by the
    stand-in ``analogio``), with the PyBadge's others (cucumber.boardsetup then opens 4
    buttons on the shift register and the stick). Called by the rig's player before the
    app starts (tools/rig/stubs/rigcheck.py: the plan key ``board``); only the Python
    stand-in has it (micropython32's C board is a PyBadge)."""
    global board_id, JOYSTICK_X, JOYSTICK_Y
    board_id = "pygamer"
    JOYSTICK_X = _Pin("JOYSTICK_X")
    JOYSTICK_Y = _Pin("JOYSTICK_Y")
