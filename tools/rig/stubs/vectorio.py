"""Stand-in for CircuitPython's built-in ``vectorio`` (board rig, tools/rig/boardrig.py).

A Rectangle takes about 128 B in all, as the C object (see the displayio stand-in).
"""
from displayio import COUNT

class Rectangle:
    hidden = False
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self._m = bytearray(48)  # 64 B instance + 16 B header
        COUNT[0] += 1
