"""The board's limits, measured on the whole app (tools/boardrig.py): JSON lines.

    python tools/bench_board.py                 # both figures (about 15 minutes)
    python tools/bench_board.py --only pystack  # or: heap

- ``pystack_peak_bytes``: the deepest pystack of the whole app, code.py the outermost
  frame, over every plan in ``boardrig.PLANS`` (2-7 players, 0-2 humans, every level,
  the three profiles and their variants, review, pause, rules, re-entry and match-end
  screens) and the AI-only guest (tools/rig/guest_ai.py): for each, the smallest pystack
  on which it completes, found by bisection to 8 bytes. Budget 1,536 (75% of the
  2,048 bytes CircuitPython 10 gives a SAMD51).
- ``heap_needed_bytes``: the smallest heap, to 2 KB, with which the whole app completes
  the plan, pystack at 2,048 bytes, for the largest plans. In this rig the collector runs
  only between the app's steps (boardrig's docstring says why), so everything one step
  allocates must fit at once: an upper bound of what the board needs. With it, the live
  heap after the imports (per module) and the largest live heap per screen, read at the
  start of each step just after a collection.

Machine: the MicroPython 1.27 WebAssembly port (npm @micropython/micropython-webassembly-
pyscript, 32-bit) under node; the displayio objects are stand-ins that allocate what the
C objects allocate (tools/rig/stubs/displayio.py). Not a measurement on a board.
"""

import argparse
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import boardrig  # noqa: E402

MACHINE = ("MicroPython 1.27 WebAssembly port (npm, 32-bit) under node %s; "
           "displayio stand-ins" % os.popen("node --version").read().strip())
HEAP_PLANS = ("7p-hard-agurk", "4p-2humans-comeback")
IMPORT_PARTS = ("rigdriver and the board stand-ins", "time", "cucumber.board",
                "engine.match (+ rules, rng, cards)", "engine.ai", "cucumber.ui (+ displayio "
                "stand-ins)", "cucumber.table", "cucumber.app (+ summary, settings, store)",
                "open_hardware()")


def emit(metric, value, units, method, **extra):
    row = {"metric": metric, "value": value, "units": units, "machine": MACHINE,
           "method": method}
    row.update(extra)
    print(json.dumps(row), flush=True)


def pystack(tree):
    jobs = [(name, boardrig.app_job(plan)) for name, plan in sorted(boardrig.PLANS.items())]
    jobs.append(("AI only: tools/rig/guest_ai.py", (boardrig.guest("guest_ai.py"), None)))

    def peak(job):
        name, (code, step) = job
        return name, boardrig.smallest(
            lambda n: boardrig.run(code, step, tree=tree, pystack=n).ok, 256, 4096, 8)

    with ThreadPoolExecutor(max_workers=2) as pool:
        peaks = dict(pool.map(peak, jobs))
    worst = max(peaks, key=lambda k: peaks[k] or 1 << 30)
    emit("pystack_peak_bytes", peaks[worst], "bytes",
         "smallest pystack on which the run completes (bisection, 8 B), code.py outermost; "
         "the worst of every plan", case=worst, budget=boardrig.PYSTACK_BUDGET,
         board=boardrig.BOARD_PYSTACK, by_case=peaks)


def heap(tree):
    for name in HEAP_PLANS:
        code, step = boardrig.app_job(boardrig.PLANS[name], "steps")
        need = boardrig.smallest(
            lambda n, code=code, step=step: boardrig.run(code, step, tree=tree, heap=n).ok,
            64 * 1024, 384 * 1024, 2048)
        r = boardrig.run(code, step, tree=tree, heap=need) if need else None
        parts = {}
        if r is not None:
            prev = 0
            for label, live in zip(IMPORT_PARTS, r.live_after_parts):
                parts[label] = live - prev
                prev = live
            parts["live after the imports"] = prev
        emit("heap_needed_bytes", need, "bytes",
             "smallest capped heap (bisection, 2 KB) with which the whole app completes the "
             "plan; collections between steps only, so an upper bound of the board's need",
             case=name, budget=boardrig.HEAP_BUDGET, guard=boardrig.HEAP_GUARD,
             board_free_estimate=boardrig.BOARD_FREE,
             import_heap_by_part=parts,
             live_by_screen=(r.result or {}).get("live_by_screen") if r else None)


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
