"""Stand-in for CircuitPython's built-in ``__future__`` (board rig, tools/rig/boardrig.py).

Built into CircuitPython, absent from MicroPython.
"""
annotations = None
