"""Stand-in for CircuitPython's built-in ``vectorio`` (board rig, tools/boardrig.py).

A Rectangle holds 128 B, as the C object.
"""
from displayio import COUNT

class Rectangle:
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.hidden = False
        self._m = bytearray(128)
        COUNT[0] += 1
