"""Stand-in for CircuitPython's built-in ``keypad`` (board rig): the key presses come from
``rigdriver``, which plays the game as a person would."""

import rigdriver


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _EventQueue:
    overflowed = False

    def get_into(self, event):
        k = rigdriver.next_key_number()
        if k is None:
            return False
        event.key_number = k
        event.pressed = True
        event.released = False
        return True

    def get(self):
        e = Event()
        return e if self.get_into(e) else None

    def clear(self):
        pass


class ShiftRegisterKeys:
    def __init__(self, clock=None, data=None, latch=None, key_count=8,
                 value_when_pressed=True, **kw):
        self.key_count = key_count
        self.events = _EventQueue()


class Keys(ShiftRegisterKeys):
    def __init__(self, pins, value_when_pressed=False, pull=True, **kw):
        super().__init__(key_count=len(pins))
