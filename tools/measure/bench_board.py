"""The board's limits, measured on the whole app (tools/rig/boardrig.py): JSON lines.

    python tools/measure/bench_board.py                 # both figures (about 15 minutes)
    python tools/measure/bench_board.py --only pystack  # or: heap

- ``pystack_peak_bytes``: the deepest pystack of the whole app, code.py the outermost
  frame, over every plan in ``boardrig.PLANS`` (2-7 players, 0-2 humans, every level,
  the three profiles and their variants, review, pause, rules, re-entry and match-end
  screens) and the AI-only guest (tools/rig/guest_ai.py): for each, the smallest pystack
  on which it completes, found by bisection to 8 bytes. Budget 1,536 (75% of the
  2,048 bytes CircuitPython 10 gives a SAMD51).
- ``heap_needed_bytes``: the smallest heap, to 1 KB, from which the whole app completes
  each plan at every cap up to 128 KB (stepping down: fragmentation makes single caps
  fail) under micropython32 (a native 32-bit MicroPython whose heap is exactly the
  cap and whose collector runs inside calls, as the board's: boardrig's docstring), the
  worst plan named. Budget 100 KB (~140 KB free on a SAMD51 less 40 KB). With it, where
  the heap goes (tools/rig/guest_heap.py: each module as a match imports it, the objects
  a 7-player match holds, the interned names) and the live heap of each screen of the
  worst plan (after a collection, as each step reads its keys).

Machines: micropython32 (MicroPython 1.23 core, 32-bit, built by
tools/rig/build_unix32.py): for the heap with the board's built-in modules as C whose
objects are as large as CircuitPython's, the rig's player counted in the heap; for the
pystack its build micropython32-pystubs, with the Python stand-ins of tools/rig/stubs
instead, whose frames count too. Not a measurement on a board.
"""

import argparse
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

import boardrig  # noqa: E402

MACHINE = ("micropython32-pystubs: MicroPython 1.23 core, native 32-bit (gcc -m32); "
           "the board's built-in modules as Python stand-ins")
HEAP_MACHINE = ("micropython32: MicroPython 1.23 core, native 32-bit (gcc -m32), object "
                "model C, heap fixed at the cap; the board's built-in modules in C")


def emit(metric, value, units, method, machine=MACHINE, **extra):
    row = {"metric": metric, "value": value, "units": units, "machine": machine,
           "method": method}
    row.update(extra)
    print(json.dumps(row), flush=True)


def pystack(tree):
    # a plan is every run of it (the board restarts into each match: boardrig.play)
    jobs = [(name, plan) for name, plan in sorted(boardrig.PLANS.items())]
    jobs.append(("AI only: tools/rig/guest_ai.py", None))

    def peak(job):
        name, plan = job
        if plan is None:
            code = boardrig.guest("guest_ai.py")
            return name, boardrig.smallest(
                lambda n: boardrig.run(code, None, tree=tree, pystack=n).ok, 256, 4096, 8)
        return name, boardrig.smallest(
            lambda n: boardrig.play(plan, tree=tree, pystack=n).ok, 256, 4096, 8)

    with ThreadPoolExecutor(max_workers=2) as pool:
        peaks = dict(pool.map(peak, jobs))
    worst = max(peaks, key=lambda k: peaks[k] or 1 << 30)
    emit("pystack_peak_bytes", peaks[worst], "bytes",
         "smallest pystack on which the run completes (bisection, 8 B), code.py outermost; "
         "the worst of every plan", case=worst, budget=boardrig.PYSTACK_BUDGET,
         board=boardrig.BOARD_PYSTACK, by_case=peaks)


def heap(tree):
    binary = boardrig.unix32()
    def need(name):
        return name, boardrig.heap_needed(boardrig.PLANS[name], tree=tree, interpreter=binary)

    with ThreadPoolExecutor(max_workers=2) as pool:
        needs = dict(pool.map(need, sorted(boardrig.PLANS)))
    worst = max(needs, key=lambda k: needs[k] or 1 << 30)
    plan = dict(boardrig.PLANS[worst])
    plan["collect"] = 1
    r = boardrig.play(plan, tree=tree, heap=4 << 20, interpreter=binary)
    emit("heap_needed_bytes", needs[worst], "bytes",
         "smallest capped heap from which the whole app completes the plan at every cap up "
         "to 128 KB (1 KB steps down), code.py outermost, collector running inside "
         "calls; the worst of every plan",
         machine=HEAP_MACHINE, case=worst, budget=boardrig.HEAP_BUDGET,
         board_free_estimate=boardrig.BOARD_FREE, by_case=needs,
         live_by_screen=(r.result or {}).get("live_by_screen"),
         where_it_goes=where_the_heap_goes(tree, binary))


def where_the_heap_goes(tree, binary):
    """[(bytes, label)] from tools/rig/guest_heap.py, and the interned names."""
    r = boardrig.run(boardrig.guest("guest_heap.py"), tree=tree, heap=4 << 20,
                     interpreter=binary)
    rows = []
    for line in r.stdout.splitlines():
        if line.startswith("RIG-HEAP "):
            n, label = line[9:].split(" ", 1)
            rows.append((int(n), label))
        elif line.startswith("qstr pool:"):
            total = int(line.rsplit("n_total_bytes=", 1)[1].split(",")[0])
            rows.append((total, "of all the above: interned names (qstr pools; never "
                                "freed)"))
    if not r.ok:
        rows.append((0, "guest failed: " + r.explain()[-300:]))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", choices=("pystack", "heap"), default=None)
    args = ap.parse_args(argv)
    tree = boardrig.make_tree()
    if args.only in (None, "pystack"):
        pystack(tree)
    if args.only in (None, "heap"):
        heap(tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
