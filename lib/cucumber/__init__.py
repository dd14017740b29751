"""Device code for the Cucumber handheld: screens, input, storage, sound and lights.

Runs on CircuitPython (PyBadge, PyGamer) and, through Blinka displayio, on a PC.
The rules live in ``engine/``; this package knows only what the engine tells it.

Every module of the package costs heap while it is loaded (its code, names and
globals), so the app loads most of them only while they are used and lets go of them
with ``forget`` (cucumber.app says which, and when).
"""

import sys


def forget(name, package="cucumber"):
    """Forget ``package``.``name`` so that its code is collected once nothing of it is in
    use (the next import loads it again). Nothing may keep one of its functions, classes
    or instances: a function holds its module's globals."""
    mods = sys.modules
    if package + "." + name in mods:
        del mods[package + "." + name]
        pkg = mods.get(package)
        if pkg is not None and hasattr(pkg, name):
            delattr(pkg, name)
