"""The browser's ``digitalio``: the speaker's enable pin and the NeoPixels' pin, which
only need to exist."""


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.direction = Direction.INPUT
        self.pull = None

    def switch_to_output(self, value=False, **kw):
        self.direction = Direction.OUTPUT
        self.value = value

    def deinit(self):
        pass
