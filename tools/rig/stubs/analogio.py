"""Stand-in for CircuitPython's built-in ``analogio`` (board rig, micropython32-pystubs
only: micropython32's C modules have none): an AnalogIn reads what the rig's player set
on its pin, 0..65535 (the centre, 32768, until then).

``IN``: the AnalogIn of each pin by the pin's name (the last one made), so that the
player (tools/rig/stubs/rigcheck.py) pushes the PyGamer's joystick by setting
``IN["JOYSTICK_X"].value``."""

IN = {}


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        IN[pin.name] = self

    def deinit(self):
        pass
