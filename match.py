"""CircuitPython runs this file once instead of code.py when a match starts: the app
saves the new (or continued) match and restarts the board into it
(``cucumber.board.Hardware.restart``), so that every match begins in a fresh
heap, with none of the title's and set-up's code or names scattered through it. The
next restart (the crash screen, a reset, a file copied) runs code.py again.

Measured on the board rig (docs/FIGURES.md): seven players in Danish needed 103,424 B
of heap with the match started in-process, 99,328 B started this way.
"""

import sys

if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    from cucumber.app import main

    main(entry="match.py")
