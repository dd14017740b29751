"""The crash screen: what cucumber.app.main shows after an uncaught exception, and the
wait for A that ends in a restart.

Imported only then, once the app's screen is dropped (its own module so that it costs
nothing until it is needed: about 700 bytes of cucumber.app's heap were this code).
"""

import gc
import sys

import displayio

from cucumber import keys, ui

ROW = 12


class Crash:
    """What main() shows after an uncaught exception (out of memory, out of pystack, a
    bug): what happened in one line, that A restarts, and whether a match waits for
    Continue. Built from terminalio text and one rectangle: it must still fit when the
    heap is nearly full, and loads no font."""

    name = "crash"

    def __init__(self, exc, match_saved):
        if isinstance(exc, MemoryError):
            title = "Out of memory"
        elif isinstance(exc, RuntimeError) and "pystack" in str(exc):
            title = "Out of stack space"
        else:
            title = "Something went wrong"
        lines = (title, "", "Press A to restart.",
                 "Your match is saved:" if match_saved else "",
                 "choose Continue." if match_saved else "",
                 "", type(exc).__name__, "(details: serial console)")
        self.text = " ".join(lines)
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        for i in range(len(lines)):
            if lines[i]:
                g.append(ui.Text(lines[i], x=4, y=6 + i * ROW,
                                 color=ui.ORANGE if i == 0 else (ui.GREY if i > 5 else ui.TEXT)))
        self.group = g


def print_traceback(exc):
    """The exception and its traceback on the serial console (CircuitPython's
    ``traceback``, or MicroPython's ``sys.print_exception``)."""
    try:
        import traceback
        traceback.print_exception(exc)
    except ImportError:
        sys.print_exception(exc)


def crashed(hw, exc):
    """The crash screen until A is pressed, then a restart (see cucumber.app.main, which
    shows it as ``cucumber.app.running``)."""
    app = sys.modules["cucumber.app"]
    display = hw.display
    if display is not None:
        display.root_group = None  # the app's screen goes first: room for this one
    gc.collect()
    print_traceback(exc)
    from cucumber.store import Store, MATCH
    screen = Crash(exc, Store(hw.nvm).get(MATCH) is not None)
    app.running = screen
    if display is not None:
        display.root_group = screen.group
    import time
    # no buttons to press (a board without any): start again after about 10 s
    waits = 500 if getattr(hw, "sources", None) == [] else -1
    while keys.A not in hw.keys() and waits != 0:
        time.sleep(0.02)
        waits -= 1
    app.running = None
    if display is not None:
        display.root_group = None
    try:
        import supervisor
        reload = supervisor.reload
    except (ImportError, AttributeError):  # a PC: main() starts a new App
        return
    reload()
