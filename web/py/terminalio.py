"""The browser's ``terminalio``: the board's built-in font as one glyph sheet, as
CircuitPython has it. Its pixels are the simulator's (Blinka's) terminalio glyphs, written
into ``/web/terminalio.bin`` by the web build (tools/drive/build_web.py): a byte each
for the glyph's width and height, then the 95 glyphs of ASCII 32-126 side by side, a
byte a pixel, row by row."""

import displayio


class _Glyph:
    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index


class _Font:
    def __init__(self):
        with open("/web/terminalio.bin", "rb") as f:
            head = f.read(2)
            self._w = head[0]
            self._h = head[1]
            self.bitmap = displayio.Bitmap(self._w * 95, self._h, 2)
            f.readinto(self.bitmap._data)

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, c):
        if 32 <= c < 127:
            return _Glyph(self.bitmap, c - 32)
        return None


FONT = _Font()
