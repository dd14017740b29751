"""Host only: render each PCF font of ``fonts/`` into ``fonts/<name>.glyphs``, the file
that ``ui.Font`` reads on the board (no font library there).

    python tools/drive/make_glyphs.py             # rewrites fonts/small.glyphs, medium.glyphs,
                                            # large.glyphs from fonts/*.pcf
    python tools/drive/make_glyphs.py --out DIR   # writes them into DIR instead

Every glyph the PCF has is kept (not only the characters the game shows today), each
already placed in the font's cell exactly as adafruit_bitmap_font reports it: the cell
is ``get_bounding_box()[0]`` wide and ``ascent + descent`` high, a glyph's bitmap goes
at x = ``dx``, y = ``ascent - height - dy`` and what falls outside the cell is cut off.
``host_tests/test_fonts.py`` checks that the committed files are what this tool makes
and that the board's sheets match the PCFs pixel for pixel.

The format (numbers little-endian)::

    offset  bytes  what
    0       4      b"CGF1"
    4       1      W, the cell width in pixels (1..32)
    5       1      H, the cell height (1..32)
    6       2      N, the number of glyphs (at least 1)
    8       2N     their code points, sorted, each larger than the one before
    8+2N    N*S    the glyphs in the same order, S = (W*H + 7) // 8 bytes each: the cell's
                   pixels row by row, left to right, one bit each (1 = ink), the first
                   pixel in the highest bit of the first byte, the last byte padded
                   with 0 bits

A file is exactly 8 + 2N + N*S bytes long; ``ui.Font`` refuses (terminalio instead) one
that is not. Deterministic: the same PCF gives the same bytes on every machine.
"""

import argparse
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONTS = os.path.join(ROOT, "fonts")
MAGIC = b"CGF1"
HEADER = 8
MAX_CELL = 32


def cells(pcf_path):
    """(W, H, [(code point, W*H pixels 0/1 row by row)]) of every glyph of a PCF file."""
    import displayio
    from adafruit_bitmap_font.pcf import PCF

    with open(pcf_path, "rb") as fh:
        f = PCF(fh, displayio.Bitmap)
        asc = f.ascent
        h = asc + f.descent
        w = f.get_bounding_box()[0]
        f.load_glyphs(range(0x10000))  # every code point: the PCF says which it has
        out = []
        for cp in range(0x10000):
            g = f.get_glyph(cp)
            if g is None:
                continue
            px = bytearray(w * h)
            y0 = asc - g.height - g.dy
            for yy in range(g.height):
                y = y0 + yy
                if not 0 <= y < h:
                    continue
                for xx in range(g.width):
                    x = g.dx + xx
                    if 0 <= x < w and g.bitmap[xx, yy]:
                        px[y * w + x] = 1
            out.append((cp, bytes(px)))
    return w, h, out


def encode(w, h, glyphs):
    """The bytes of a glyph file: ``glyphs`` is [(code point, W*H pixels)], sorted."""
    if not (0 < w <= MAX_CELL and 0 < h <= MAX_CELL) or not glyphs:
        raise ValueError("a cell of %dx%d with %d glyphs" % (w, h, len(glyphs)))
    out = bytearray(MAGIC + struct.pack("<BBH", w, h, len(glyphs)))
    last = -1
    for cp, _px in glyphs:
        if cp <= last:
            raise ValueError("code points not sorted at U+%04X" % cp)
        last = cp
        out += struct.pack("<H", cp)
    stride = (w * h + 7) // 8
    for _cp, px in glyphs:
        bits = bytearray(stride)
        for k, on in enumerate(px):
            if on:
                bits[k >> 3] |= 0x80 >> (k & 7)
        out += bits
    return bytes(out)


def decode(data):
    """(W, H, {code point: W*H pixels 0/1}) of the bytes of a glyph file (for the tests
    and for looking at one)."""
    if data[:4] != MAGIC:
        raise ValueError("not a glyph file")
    w, h, n = struct.unpack("<BBH", data[4:HEADER])
    stride = (w * h + 7) // 8
    if len(data) != HEADER + 2 * n + n * stride:
        raise ValueError("%d bytes, not %d" % (len(data), HEADER + 2 * n + n * stride))
    cps = struct.unpack("<%dH" % n, data[HEADER:HEADER + 2 * n])
    base = HEADER + 2 * n
    out = {}
    for i, cp in enumerate(cps):
        bits = data[base + i * stride:base + (i + 1) * stride]
        out[cp] = bytes((bits[k >> 3] >> (7 - (k & 7))) & 1 for k in range(w * h))
    return w, h, out


def pcf_names(folder=FONTS):
    return sorted(n[:-4] for n in os.listdir(folder) if n.endswith(".pcf"))


def make(name, folder=FONTS):
    """The glyph file of fonts/<name>.pcf, as bytes."""
    w, h, glyphs = cells(os.path.join(folder, name + ".pcf"))
    return encode(w, h, glyphs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=FONTS, help="folder to write into (default fonts/)")
    args = ap.parse_args(argv)
    names = [n + ".glyphs" for n in pcf_names()]
    # fonts/ is the repository's own (git keeps it); any other folder must be new, empty
    # or one this tool wrote, so that nothing of a person's is written over.
    if os.path.abspath(args.out) != FONTS:
        sys.path.insert(0, os.path.join(ROOT, "tools", "pc"))
        import ownfiles
        try:
            ours = ownfiles.claim_folder(args.out, "glyphs", "--out DIR")
            for n in names:
                ownfiles.may_write_in(args.out, n, ours)
        except (ownfiles.NotOurs, ownfiles.Unreadable) as e:
            print("make_glyphs: %s." % e, file=sys.stderr)
            return 2
        ownfiles.record_folder(args.out, "glyphs", ours + names)
    for name in pcf_names():
        data = make(name)
        with open(os.path.join(args.out, name + ".glyphs"), "wb") as f:
            f.write(data)
        w, h, n = struct.unpack("<BBH", data[4:HEADER])
        print("%s.glyphs: %d glyphs of %dx%d, %d bytes" % (name, n, w, h, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
