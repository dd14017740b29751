"""The browser's ``supervisor``: the page's clock, and the restart, which the page makes
as the board does: a new MicroPython, a fresh heap, the named file run once."""

import webhost

_next = [None]


def ticks_ms():
    return webhost.ticks() & 0x1FFFFFFF


def set_next_code_file(filename, **options):
    _next[0] = filename


def reload():
    """Ask the page for a restart and end this run (web/py/webmain.py returns to the page,
    which starts a new MicroPython)."""
    webhost.reload(_next[0] or "")
    raise SystemExit


class runtime:
    serial_connected = True
