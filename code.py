"""Cucumber for the Adafruit PyBadge / PyGamer: CircuitPython runs this file at start.

The game itself is in the packages cucumber (screens and input) and engine (the rules
and AI): in lib/cucumber/ and engine/ in the repository, both in lib/ on the drive.
On a PC this file may be imported by accident as the standard library's ``code``
module (the repository root is on the path in tests): it then does nothing.
"""

import sys

if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    from cucumber.app import main

    main()
