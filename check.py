"""CircuitPython runs this file once instead of code.py when the board check (Settings,
Board check) comes to its measuring step: the board restarts into it so that memory
and speed are measured in a fresh heap, as a match has it (cucumber.boardmeasure). It
then restarts into code.py, whose title shows the check's report.
"""

import sys

if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    from cucumber.app import main

    main(entry="check.py")
