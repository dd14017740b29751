"""CircuitPython runs this file once instead of code.py when the classroom demo starts
from the title: the board restarts into it (``cucumber.board.Hardware.restart``) so that
the demo, like a match, begins in a fresh heap. The demo saves nothing, so it starts
from the set-up saved in the flash. The next restart runs code.py again.
"""

import sys

if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    from cucumber.app import main

    main(entry="demo.py")
