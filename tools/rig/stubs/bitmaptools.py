"""Stand-in for CircuitPython's built-in ``bitmaptools`` (board rig, tools/rig/boardrig.py).

readinto reads the bytes it would copy; blit does nothing (C on the board).
"""
def readinto(bitmap, file, bits_per_pixel=1, element_size=4,
             reverse_pixels_in_element=False, swap_bytes_in_element=False,
             reverse_rows=False):
    file.read(((bitmap.width * bits_per_pixel + 31) // 32) * 4 * bitmap.height)


def blit(dest, source, x, y, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    pass
