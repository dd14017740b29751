"""The browser's ``displayio``: the objects the app builds, held in Python, drawn by the
page (web/screen.js), as CircuitPython's C module draws them on the board's display.

Each object keeps its data where the page can read it straight out of the WebAssembly
memory (``uctypes.addressof``): a Bitmap one byte a pixel, a Palette four bytes a colour
(0xRRGGBB and a transparency byte), a TileGrid one byte a tile. ``Display.paint`` walks
the shown group after each step of the app and hands the page a list of what to draw
(``DRAW_*`` records of int32s, in drawing order, positions already offset by the groups
they are in) whenever anything shown changed; the page composes the 160 x 128 pixels in
RGB565 as the board's display and the simulator do.

Only what the app uses is here (docs/PLATFORM.md, "The browser as a board").
"""

import array
import uctypes

import webhost

# A draw record's first int; the page's web/screen.js reads the same numbers.
DRAW_TILES = 1  # kind, x, y, scale, src kind, src, src w, src h, palette, colours,
#                 tile w, tile h, grid w, grid h, tiles, flags  (16 ints)
DRAW_RECT = 2  # kind, x, y, scale, w, h, palette, colour index  (8 ints)
SRC_MEMORY = 0  # the source is a Bitmap's bytes at an address
SRC_DISK = 1  # the source is an OnDiskBitmap the page decoded: its id

changes = [0]  # bumped by every write that changes pixels not seen in the draw list


def _changed():
    changes[0] += 1


class Bitmap:
    def __init__(self, width, height, value_count):
        if value_count > 256:
            raise ValueError("value_count above 256")
        self.width = width
        self.height = height
        self._data = bytearray(width * height)

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        self._data[index] = value
        changes[0] += 1

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._data[index]

    def fill(self, value):
        d = self._data
        for i in range(len(d)):
            d[i] = value
        _changed()


class Palette:
    def __init__(self, color_count, dither=False):
        self._n = color_count
        self._data = bytearray(4 * color_count)

    def __len__(self):
        return self._n

    def __setitem__(self, i, color):
        if isinstance(color, (bytes, bytearray, tuple)):
            color = (color[0] << 16) | (color[1] << 8) | color[2]
        d = self._data
        p = 4 * i
        d[p] = color & 255
        d[p + 1] = (color >> 8) & 255
        d[p + 2] = (color >> 16) & 255
        _changed()

    def __getitem__(self, i):
        d = self._data
        p = 4 * i
        return d[p] | (d[p + 1] << 8) | (d[p + 2] << 16)

    def make_transparent(self, i):
        self._data[4 * i + 3] = 1
        _changed()

    def make_opaque(self, i):
        self._data[4 * i + 3] = 0
        _changed()

    def is_transparent(self, i):
        return self._data[4 * i + 3] == 1


class OnDiskBitmap:
    """A BMP file on the drive: its pixels stay with the page (decoded there from the same
    file once), as they stay in the board's flash; its colours are a Palette here."""

    def __init__(self, path):
        if not isinstance(path, str):
            path = path.name
        with open(path, "rb") as f:
            head = f.read(54)
            if len(head) < 54 or head[0:2] != b"BM":
                raise ValueError("not a BMP file")
            self.width = head[18] | (head[19] << 8)
            self.height = head[22] | (head[23] << 8)
            bpp = head[28]
            colors = head[46] | (head[47] << 8)
            if not colors:
                colors = 1 << bpp
            f.seek(14 + (head[14] | (head[15] << 8)))
            table = f.read(4 * colors)
        self.pixel_shader = Palette(colors)
        for i in range(colors):
            self.pixel_shader[i] = (table[4 * i + 2] << 16) | (table[4 * i + 1] << 8) | table[4 * i]
        self._id = webhost.disk_bitmap(path)
        if self._id < 0:
            raise OSError("the page cannot read " + path)


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        self.width = width
        self.height = height
        self.tile_width = tile_width if tile_width is not None else bitmap.width
        self.tile_height = tile_height if tile_height is not None else bitmap.height
        self._tiles = bytearray(width * height)
        if default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if self._tiles[index] != value:
            self._tiles[index] = value
            changes[0] += 1

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index]


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._items = []
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    def append(self, item):
        self._items.append(item)

    def insert(self, index, item):
        self._items.insert(index, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, index=-1):
        return self._items.pop(index)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        return self._items[index]

    def __setitem__(self, index, item):
        self._items[index] = item

    def __delitem__(self, index):
        del self._items[index]

    def __contains__(self, item):
        return item in self._items


class Display:
    """``board.DISPLAY``: 160 x 128, what ``root_group`` holds; the page asks ``paint``
    after each step."""

    width = 160
    height = 128

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self._brightness = 1.0
        self._last = array.array("i")
        self._seen = -1

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        self._brightness = value
        webhost.brightness(int(value * 100))

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        self.paint()
        return True

    def paint(self):
        """Hand the page the draw list when anything shown changed since the last one."""
        out = array.array("i")
        if self.root_group is not None:
            _walk(out, self.root_group, 0, 0, 1)
        if changes[0] == self._seen and out == self._last:
            return False
        self._seen = changes[0]
        self._last = out
        webhost.draw(uctypes.addressof(out) if len(out) else 0, len(out))
        return True


def _walk(out, g, ox, oy, scale):
    """Append the draw records of group ``g`` (offset ``ox, oy``, ``scale``) to ``out``."""
    for item in g._items:
        if item.hidden:
            continue
        x = ox + item.x * scale
        y = oy + item.y * scale
        if isinstance(item, Group):
            _walk(out, item, x, y, scale * item.scale)
        elif isinstance(item, TileGrid):
            src = item.bitmap
            pal = item.pixel_shader
            if pal is None:
                continue
            if isinstance(src, OnDiskBitmap):
                kind = SRC_DISK
                where = src._id
            else:
                kind = SRC_MEMORY
                where = uctypes.addressof(src._data)
            out.extend((DRAW_TILES, x, y, scale, kind, where, src.width, src.height,
                        uctypes.addressof(pal._data), pal._n, item.tile_width,
                        item.tile_height, item.width, item.height,
                        uctypes.addressof(item._tiles),
                        (1 if item.flip_x else 0) | (2 if item.flip_y else 0)
                        | (4 if item.transpose_xy else 0)))
        else:  # a vectorio shape: the app draws only rectangles
            pal = item.pixel_shader
            out.extend((DRAW_RECT, x, y, scale, item.width, item.height,
                        uctypes.addressof(pal._data), item.color_index))
