"""Stand-in for CircuitPython's built-in ``terminalio`` (board rig, tools/rig/boardrig.py).

FONT: built into the firmware on the board (no heap); one sheet here.
"""
import displayio

class _Sheet(displayio.Bitmap):
    def __init__(self):
        self.width = 6 * 95
        self.height = 12

class _Glyph:
    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index

class _Font:
    def __init__(self):
        self.bitmap = _Sheet()
    def get_bounding_box(self):
        return (6, 12)
    def get_glyph(self, c):
        return _Glyph(self.bitmap, c - 32)

FONT = _Font()
