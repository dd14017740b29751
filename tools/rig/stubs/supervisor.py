"""Stand-in for CircuitPython's built-in ``supervisor`` (board rig): the clock is the
rig's (``time.sleep`` moves it), ``reload()`` ends this run and asks the rig to start
code.py again with the same nvm (or, once, the file ``set_next_code_file`` named).

``rig`` is the rig's driver (rigdriver), which sets itself here when it starts: a
stand-in is below the driver and does not import it (micropython32's C supervisor calls
rigdriver itself)."""

import time

rig = None


def ticks_ms():
    return time.rig_ms & 0x1FFFFFFF


def set_next_code_file(filename, **options):
    rig.next_code_file(filename)


def reload():
    rig.reload()
