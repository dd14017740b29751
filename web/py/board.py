"""The browser's ``board``: a PyBadge as the page shows it (web/). cucumber.boardsetup
finds it the way it finds a real PyBadge: the shift register's buttons (web/input.js
presses them), the speaker (web/sound.js), the five NeoPixels and the display (the
page's canvas); no light sensor, no battery monitor."""

import displayio

board_id = "browser"


class _Pin:
    def __init__(self, name):
        self.name = name


DISPLAY = displayio.Display()
BUTTON_CLOCK = _Pin("BUTTON_CLOCK")
BUTTON_OUT = _Pin("BUTTON_OUT")
BUTTON_LATCH = _Pin("BUTTON_LATCH")
SPEAKER = _Pin("SPEAKER")
SPEAKER_ENABLE = _Pin("SPEAKER_ENABLE")
NEOPIXEL = _Pin("NEOPIXEL")
