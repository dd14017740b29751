"""Device code for the Cucumber handheld: screens, input, storage, sound and lights.

Runs on CircuitPython (PyBadge, PyGamer) and, through Blinka displayio, on a PC.
The rules live in ``engine/``; this package knows only what the engine tells it.
"""
