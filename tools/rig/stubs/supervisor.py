"""Stand-in for CircuitPython's built-in ``supervisor`` (board rig): the clock is the
rig's (``time.sleep`` moves it), ``reload()`` ends this run and asks the rig to start
code.py again with the same nvm (or, once, the file ``set_next_code_file`` named)."""

import time


def ticks_ms():
    return time.rig_ms & 0x1FFFFFFF


def set_next_code_file(filename, **options):
    import rigdriver
    rigdriver.next_code_file(filename)


def reload():
    import rigdriver
    rigdriver.reload()
