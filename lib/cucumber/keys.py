"""Logical buttons. Every input source (keypad, joystick, PC keyboard, fuzzer) reports
these numbers; the per-board key maps (``PYBADGE_KEYS`` here, the pin tables of
``boardsetup.py``) translate raw key numbers."""

from engine.compat import const

LEFT = const(0)
RIGHT = const(1)
UP = const(2)
DOWN = const(3)
A = const(4)  # confirm / play the selected card
B = const(5)  # back / cancel / toggle review
START = const(6)  # menu
SELECT = const(7)  # secondary action (review played cards, mute)

NAMES = ("left", "right", "up", "down", "A", "B", "start", "select")

# Shift-register key numbers -> logical keys (Adafruit PyBadger's order). A board whose
# keys come out in another order: the board check (Settings) saves the map it found.
PYBADGE_KEYS = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
