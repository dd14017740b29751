"""The card sprite sheet: reproducible, a BMP that OnDiskBitmap reads, the promised layout."""

import os
import struct

import make_sprites
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BMP = os.path.join(ROOT, "sprites", "cards.bmp")


def test_tool_reproduces_the_committed_file(tmp_path, capsys):
    assert make_sprites.main(["--out", str(tmp_path)]) == 0
    with open(BMP, "rb") as f:
        committed = f.read()
    with open(tmp_path / "cards.bmp", "rb") as f:
        assert f.read() == committed, "run python tools/make_sprites.py and commit sprites/"


def test_bmp_header():
    with open(BMP, "rb") as f:
        data = f.read()
    magic, size, _r1, _r2, offset = struct.unpack("<2sIHHI", data[:14])
    (hsize, w, h, planes, bpp, comp, isize, _xr, _yr, used, _imp) = struct.unpack(
        "<IiiHHIIiiII", data[14:54]
    )
    assert magic == b"BM" and size == len(data)
    assert hsize == 40 and planes == 1 and comp == 0  # BI_RGB, uncompressed
    assert bpp == 4 and used == 16
    assert w == 16 * 20 and h == 4 * 28 and h > 0  # positive height: bottom-up rows
    stride = ((w * bpp + 31) // 32) * 4
    assert offset == 14 + 40 + 4 * used
    assert isize == stride * h == len(data) - offset
    assert len(data) >= 138  # CircuitPython reads a 138-byte header block
    pal = data[54:offset]
    assert pal[0:4] == bytes((0xFF, 0x00, 0xFF, 0))  # index 0: magenta background


def _tile_pixel(img, tile, x, y):
    return img.getpixel(((tile % 16) * 20 + x, (tile // 16) * 28 + y))


def test_pixels_read_back_with_pillow():
    img = Image.open(BMP)
    assert img.mode == "P" and img.size == (320, 112)
    for code in range(52):
        assert _tile_pixel(img, code, 0, 0) == 0  # cut corner: background
        assert _tile_pixel(img, code, 10, 0) == make_sprites.EDGE
        assert _tile_pixel(img, code, 18, 2) == make_sprites.WHITE
        ink = make_sprites.RED if code & 3 in (1, 2) else make_sprites.BLACK
        colours = {_tile_pixel(img, code, x, y) for x in range(20) for y in range(28)}
        assert ink in colours
        other = make_sprites.BLACK if ink == make_sprites.RED else make_sprites.RED
        assert other not in colours
    # every card tile is different from every other
    tiles = {
        bytes(_tile_pixel(img, t, x, y) for x in range(20) for y in range(28))
        for t in range(make_sprites.N_TILES)
    }
    assert len(tiles) == make_sprites.N_TILES
    assert _tile_pixel(img, make_sprites.BACK, 10, 10) in (make_sprites.BLUE,
                                                           make_sprites.LIGHT_BLUE)
    assert _tile_pixel(img, make_sprites.EMPTY, 10, 10) == 0
    assert _tile_pixel(img, make_sprites.HIGHLIGHT, 10, 10) == 0
    assert _tile_pixel(img, make_sprites.HIGHLIGHT, 10, 1) == make_sprites.YELLOW


def test_blinka_ondiskbitmap_reads_it():
    import displayio

    odb = displayio.OnDiskBitmap(BMP)
    assert (odb.width, odb.height) == (320, 112)
    assert len(odb.pixel_shader) == 16
    assert odb.pixel_shader[3] == 0xD40000
    odb.pixel_shader.make_transparent(0)
    img = Image.open(BMP)
    for x, y in ((0, 0), (5, 5), (19, 27), (45, 20), (100, 90), (299, 111), (319, 0)):
        assert odb._get_pixel(x, y) == img.getpixel((x, y))
    grid = displayio.TileGrid(odb, pixel_shader=odb.pixel_shader, width=7, height=1,
                              tile_width=20, tile_height=28, default_tile=53)
    grid[0] = 51
    assert grid[0] == 51
