"""The one place that papers over CPython/MicroPython differences."""

try:
    from micropython import const  # noqa: F401  (MicroPython, CircuitPython)
except ImportError:  # CPython

    def const(value):
        return value
