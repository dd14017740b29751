"""Stand-in for CircuitPython's built-in ``displayio`` (board rig, tools/rig/boardrig.py).

Each object takes, in all, about the heap its C object takes on the board (sizes read
from shared-module/displayio/*.c): Bitmap 48 B + pixel words, Palette 32 B + 16 B a
colour, TileGrid 96 B + tiles beyond 4, Group 48 B + its list, OnDiskBitmap 64 B + its
palette + ~600 B for the open file. A Python object costs more than its attributes (16 B
for the instance, ~8 B a member, 16 B a bytearray's header: measured with
tools/rig/build/micropython32), so each pads only up to its C size: defaults are class
attributes and the padding (``_m``) is the C size less that Python overhead. Measured
there, each stand-in is within 16 B of its C size. Drawing does nothing.
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
        self._m = bytearray(_r16(stride * 4 * height))  # 32 B instance + 16 B header
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
        self._m = bytearray(max(4 * n, 16 * n - 16))  # colours; 32 + 16 B of Python
        COUNT[0] += 1
    def __len__(self):
        return self._n
    def __setitem__(self, i, c):
        m = self._m
        p = 4 * i
        m[p] = c & 255
        m[p + 1] = (c >> 8) & 255
        m[p + 2] = (c >> 16) & 255
    def __getitem__(self, i):
        m = self._m
        p = 4 * i
        return m[p] | (m[p + 1] << 8) | (m[p + 2] << 16)
    def make_transparent(self, i):
        self._m[4 * i + 3] = 1
    def make_opaque(self, i):
        self._m[4 * i + 3] = 0

class TileGrid:
    hidden = False
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        n = width * height
        # 64 B instance + 16 B header + 16: the C object's 96 B, which holds 4 tiles
        self._t = bytearray(16 + (_r16(n - 4) if n > 4 else 0))
        COUNT[0] += 1
    def __setitem__(self, i, v):
        self._t[i] = v
    def __getitem__(self, i):
        return self._t[i]

class Group:
    scale = 1
    hidden = False
    def __init__(self, scale=1, x=0, y=0):
        self._l = []  # 48 B instance + the list: the C group's 48 B + its list
        self.x = x
        self.y = y
        if scale != 1:
            self.scale = scale
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
        self._m = bytearray(600)  # 48 B instance + 16 B header: 64 B + the open file
        COUNT[0] += 1
