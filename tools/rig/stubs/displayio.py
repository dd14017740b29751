"""Stand-in for CircuitPython's built-in ``displayio`` (board rig, tools/boardrig.py).

Objects allocate what CircuitPython's C objects allocate (sizes read from
shared-module/displayio/*.c): Bitmap 48 B + pixel words, Palette 32 B + 16 B a colour,
TileGrid 96 B + tiles beyond 4, Group 48 B + its list, OnDiskBitmap 64 B + its palette +
~600 B for the open file. Drawing does nothing.
"""
def _r16(n):
    return (n + 15) & ~15

COUNT = [0]

class Bitmap:
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.width = width
        self.height = height
        stride = (width * bits + 31) // 32
        self._m = bytearray(_r16(48) + _r16(stride * 4 * height))
        COUNT[0] += 1
    def __setitem__(self, k, v):
        pass
    def __getitem__(self, k):
        return 0
    def fill(self, v):
        pass

class Palette:
    def __init__(self, n, dither=False):
        self._n = n
        self._m = bytearray(32 + 16 * n)
        COUNT[0] += 1
    def __len__(self):
        return self._n
    def __setitem__(self, i, c):
        m = self._m
        p = 32 + 16 * i
        m[p] = c & 255
        m[p + 1] = (c >> 8) & 255
        m[p + 2] = (c >> 16) & 255
    def __getitem__(self, i):
        m = self._m
        p = 32 + 16 * i
        return m[p] | (m[p + 1] << 8) | (m[p + 2] << 16)
    def make_transparent(self, i):
        self._m[32 + 16 * i + 3] = 1
    def make_opaque(self, i):
        self._m[32 + 16 * i + 3] = 0

class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        n = width * height
        self._t = bytearray(96 + (_r16(n) if n > 4 else 4))
        COUNT[0] += 1
    def __setitem__(self, i, v):
        self._t[96 + i] = v
    def __getitem__(self, i):
        return self._t[96 + i]

class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._l = []
        self.x = x
        self.y = y
        self.scale = scale
        self.hidden = False
        self._m = bytearray(48)
        COUNT[0] += 1
    def append(self, o):
        self._l.append(o)
    def insert(self, i, o):
        self._l.insert(i, o)
    def remove(self, o):
        self._l.remove(o)
    def pop(self, i=-1):
        return self._l.pop(i)
    def __len__(self):
        return len(self._l)
    def __getitem__(self, i):
        return self._l[i]

class OnDiskBitmap:
    def __init__(self, path):
        with open(path, "rb") as f:
            head = f.read(54)
        self.width = head[18] | (head[19] << 8)
        self.height = head[22] | (head[23] << 8)
        bpp = head[28]
        colors = head[46] | (head[47] << 8)
        if not colors:
            colors = 1 << bpp
        self.pixel_shader = Palette(colors)
        self._m = bytearray(64 + 600)
        COUNT[0] += 1
