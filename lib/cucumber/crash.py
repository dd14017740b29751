"""The crash screen: what cucumber.app.main shows after an uncaught exception.

Imported only then, once the app's screen is dropped (its own module so that it costs
nothing until it is needed).
"""

import displayio

from cucumber import ui

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
