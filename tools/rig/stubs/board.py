"""Stand-in for CircuitPython's built-in ``board`` on a PyBadge (board rig).

The pins are placeholders: the stand-in ``keypad``, ``digitalio`` and ``microcontroller``
modules accept them. ``DISPLAY`` keeps only its root group."""

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
