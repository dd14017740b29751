"""The crash screen: what cucumber.app.main shows after an uncaught exception (``show``),
and the wait for A that ends in a restart (``Crash.restart_on_a``).

Imported only then, once the app's screen is dropped (its own module so that it costs
nothing until it is needed: about 700 bytes of cucumber.app's heap were this code).
"""

import gc
import sys

import displayio

from cucumber import keys, lang, ui
from engine.compat import const

ROW = 12

# words: crash
_MEMORY = const(0)
_STACK = const(1)
_WRONG = const(2)
_RESTART = const(3)
_SAVED = const(4)
_RESUME = const(5)
_DETAILS = const(6)


def _words():
    """The crash section in the chosen language, or None when it cannot be read (no
    room left, a broken copy of the game)."""
    try:
        w = lang.section("crash")
        if len(w) == 7:
            return w
    except Exception:  # MemoryError above all: this screen must still show
        pass
    return None


class Crash:
    """What main() shows after an uncaught exception (out of memory, out of pystack, a
    bug): what happened, that A restarts, and whether a match waits for Continue. Built
    from text lines and one rectangle: it must still fit when the heap is nearly full,
    so when the language's words or their font do not fit, English in terminalio."""

    name = "crash"

    def __init__(self, exc, match_saved):
        w = _words()
        font = None
        if w is None:
            w = ("Out of memory", "Out of stack space", "Something went wrong",
                 "Press A to restart.", "Your match is saved:", "choose Continue.",
                 "(details: serial console)")
        if isinstance(exc, MemoryError):
            title = w[_MEMORY]
        elif isinstance(exc, RuntimeError) and "pystack" in str(exc):
            title = w[_STACK]
        else:
            title = w[_WRONG]
        lines = (title, "", w[_RESTART],
                 w[_SAVED] if match_saved else "",
                 w[_RESUME] if match_saved else "",
                 "", type(exc).__name__, w[_DETAILS])
        w = None
        self.text = " ".join(lines)
        for s in self.text:
            if ord(s) > 126:  # terminalio has ASCII only
                try:
                    font = ui.Font("medium", lang.chars(lines))
                except Exception:
                    font = None
                break
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        y = 6
        for i in range(len(lines)):
            color = ui.ORANGE if i == 0 else (ui.GREY if i > 5 else ui.TEXT)
            for part in ui.wrap(lines[i], 26) if lines[i] else ("",):
                if part:
                    g.append(ui.Text(part, x=4, y=y, color=color, font=font))
                y += ROW
        self.group = g

    def restart_on_a(self, hw):
        """Wait for A (about 10 s on a board without buttons), then restart the board:
        returns only on a PC, where main() starts a new App."""
        import time
        # no buttons to press (a board without any): start again after about 10 s
        waits = 500 if getattr(hw, "sources", None) == [] else -1
        while keys.A not in hw.keys() and waits != 0:
            time.sleep(0.02)
            waits -= 1
        if hw.display is not None:
            hw.display.root_group = None
        try:
            import supervisor
            reload = supervisor.reload
        except (ImportError, AttributeError):  # a PC: main() starts a new App
            return
        reload()


def print_traceback(exc):
    """The exception and its traceback on the serial console (CircuitPython's
    ``traceback``, or MicroPython's ``sys.print_exception``)."""
    try:
        import traceback
        traceback.print_exception(exc)
    except ImportError:
        sys.print_exception(exc)


def show(hw, exc):
    """Show the crash screen for ``exc`` (its traceback on the serial console first) and
    return it: cucumber.app.main keeps it as ``cucumber.app.running`` (the board rig
    reads it) until its ``restart_on_a`` returns."""
    display = hw.display
    if display is not None:
        display.root_group = None  # the app's screen goes first: room for this one
    gc.collect()
    print_traceback(exc)
    from cucumber.store import Store, MATCH
    screen = Crash(exc, Store(hw.nvm).get(MATCH) is not None)
    if display is not None:
        display.root_group = screen.group
    return screen
