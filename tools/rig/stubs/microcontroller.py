"""Stand-in for CircuitPython's built-in ``microcontroller`` (board rig).

``nvm``: the board's 8 KB of flash is not heap. The app's Store uses the first 554 bytes,
so a 1 KB bytearray stands in (counted in the heap the rig caps). ``rigdriver`` fills it
from the plan (a match saved before a reload) and prints it when the app reloads."""

nvm = bytearray(b"\xff" * 1024)


class _Cpu:
    temperature = 31.5
    frequency = 120000000
    voltage = 3.3


cpu = _Cpu()


def reset():
    import supervisor
    supervisor.reload()
