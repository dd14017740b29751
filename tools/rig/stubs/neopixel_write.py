"""Stand-in for CircuitPython's built-in ``neopixel_write`` (board rig): no LEDs."""


def neopixel_write(pin, buf):
    pass
