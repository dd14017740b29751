"""Host only (not copied to the board): cut the game's fonts out of X11 misc-fixed.

    apt-get install xfonts-base pcf2bdf xfonts-utils
    python fonts/make_fonts.py            # rewrites fonts/small.pcf, medium.pcf, large.pcf
                                          # and their .glyphs (tools/drive/make_glyphs.py)

Each font is the Unicode (ISO10646-1) misc-fixed PCF from Debian's xfonts-base, turned
into BDF with ``pcf2bdf``, cut down to the characters below, and turned back into PCF
with ``bdftopcf``. The output is committed, so neither CI nor the build needs these tools.
The board reads the glyph files that ``tools/drive/make_glyphs.py`` renders from the PCFs, run
at the end.
"""

import gzip
import os
import subprocess
import sys
import tempfile

MISC = "/usr/share/fonts/X11/misc"
HERE = os.path.dirname(os.path.abspath(__file__))

# ASCII, Latin-1, the Polish letters, suits, arrows, a few marks and typographic signs.
TEXT = (
    list(range(0x20, 0x7F))
    + list(range(0xA0, 0x100))
    + [0x104, 0x105, 0x106, 0x107, 0x118, 0x119, 0x141, 0x142, 0x143, 0x144,
       0x15A, 0x15B, 0x179, 0x17A, 0x17B, 0x17C]
    + [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026]
    + [0x2190, 0x2191, 0x2192, 0x2193]
    + [0x25B2, 0x25B6, 0x25BC, 0x25C0, 0x25CB, 0x25CF, 0x2588]
    + [0x2605, 0x2606, 0x2660, 0x2661, 0x2662, 0x2663, 0x2664, 0x2665, 0x2666, 0x2667]
    + [0x2713, 0x2717]
)

# Glyphs drawn here instead of taken from misc-fixed: {font: {code point: BITMAP rows}},
# each row a hex byte as in BDF, as many rows as the glyph's BBX is high.
REDRAWN = {
    # 6x10's club is a cross-like "#.#.#" between two bars at the status line's size:
    # a round top lobe, two side lobes notched at the bottom, a stem and a foot (the
    # card sprite's small club, one row taller).
    "medium.pcf": {0x2663: ("00", "70", "70", "F8", "F8", "D8", "20", "70", "00", "00")},
    # 9x15B fits an accent over a capital by drawing the letter two rows short: its Ó
    # was an O no taller than ó's, and the Polish title read "OGóREK". Here the O is
    # the full capital (rows 2-11, as O) under a two-row acute at the top right.
    "large.pcf": {0xD3: ("0300", "0600", "3C00", "6600", "C300", "C300", "C300", "C300",
                         "C300", "C300", "6600", "3C00", "0000", "0000", "0000")},
}

FONTS = (
    ("small.pcf", "5x7.pcf.gz", TEXT),  # 5 x 7 cell: most text
    ("medium.pcf", "6x10.pcf.gz", TEXT),  # 6 x 10 cell: headings, menus
    ("large.pcf", "9x15B.pcf.gz", TEXT),  # 9 x 15 bold: titles (it has no suit signs)
)


def subset_bdf(text, keep):
    """The BDF ``text`` with only the glyphs whose encoding is in ``keep`` (and 0)."""
    keep = set(keep) | {0}  # DEFAULT_CHAR
    head, glyphs, cur = [], [], None
    for line in text.splitlines():
        if line.startswith("STARTCHAR"):
            cur = [line]
        elif cur is not None:
            cur.append(line)
            if line.startswith("ENDCHAR"):
                glyphs.append(cur)
                cur = None
        elif line.startswith("CHARS ") or line.startswith("ENDFONT"):
            continue
        else:
            head.append(line)
    chosen = []
    for g in glyphs:
        enc = [ln for ln in g if ln.startswith("ENCODING ")][0]
        if int(enc.split()[1]) in keep:
            chosen.append(g)
    out = head + ["CHARS %d" % len(chosen)]
    for g in chosen:
        out += g
    out.append("ENDFONT")
    return "\n".join(out) + "\n", len(chosen)


def redraw(text, glyphs):
    """The BDF ``text`` with the BITMAP rows of the glyphs in ``glyphs`` replaced."""
    out = []
    enc = None
    skip = False
    for line in text.splitlines():
        if line.startswith("ENCODING "):
            enc = int(line.split()[1])
        if skip and line.startswith("ENDCHAR"):
            skip = False
        if skip:
            continue
        out.append(line)
        if line == "BITMAP" and enc in glyphs:
            out.extend(glyphs[enc])
            skip = True
    return "\n".join(out) + "\n"


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for name, src, keep in FONTS:
            pcf = os.path.join(tmp, "in.pcf")
            with gzip.open(os.path.join(MISC, src)) as f, open(pcf, "wb") as g:
                g.write(f.read())
            bdf = os.path.join(tmp, "in.bdf")
            subprocess.run(["pcf2bdf", "-o", bdf, pcf], check=True)
            with open(bdf, encoding="latin-1") as f:
                text, n = subset_bdf(f.read(), keep)
            text = redraw(text, REDRAWN.get(name, {}))
            small = os.path.join(tmp, "out.bdf")
            with open(small, "w", encoding="latin-1") as f:
                f.write(text)
            out = os.path.join(HERE, name)
            subprocess.run(["bdftopcf", "-t", "-o", out, small], check=True)
            print("%s: %d glyphs from %s, %d bytes" % (name, n, src, os.path.getsize(out)))
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools", "drive"))
    import make_glyphs

    return make_glyphs.main([])


if __name__ == "__main__":
    sys.exit(main())
