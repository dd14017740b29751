"""The browser's ``keypad``: the page's key presses (keyboard, touch) as the PyBadge's
shift register gives them, key numbers in its order (``cucumber.keys.PYBADGE_KEYS``)."""

import webhost


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _EventQueue:
    overflowed = False

    def get_into(self, event):
        k = webhost.key()  # -1: none; a key number, plus 16 for a release
        if k < 0:
            return False
        event.key_number = k & 15
        event.pressed = k < 16
        event.released = k >= 16
        return True

    def get(self):
        e = Event()
        return e if self.get_into(e) else None

    def clear(self):
        while webhost.key() >= 0:
            pass


class ShiftRegisterKeys:
    def __init__(self, clock=None, data=None, latch=None, key_count=8,
                 value_when_pressed=True, **kw):
        self.key_count = key_count
        self.events = _EventQueue()


class Keys(ShiftRegisterKeys):
    def __init__(self, pins, value_when_pressed=False, pull=True, **kw):
        super().__init__(key_count=len(pins))
