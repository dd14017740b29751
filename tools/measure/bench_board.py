"""The board's limits, measured on the whole app (tools/rig/boardrig.py): JSON lines.

    python tools/measure/bench_board.py                 # both figures (about 40 minutes)
    python tools/measure/bench_board.py --only pystack  # or: heap
    python tools/measure/bench_board.py --plan board-check --plan board-check-pygamer
                                                        # only these plans (a few minutes)

- ``pystack_peak_bytes``: the deepest pystack of the whole app, code.py the outermost
  frame, over every plan in ``boardrig.PLANS`` (2-7 players, 0-2 humans, every level,
  the three profiles and their variants, review, pause, rules, re-entry and match-end
  screens), the board check's ``boardrig.CHECK_PLANS`` (a wrong-way PyBadge and PyGamer
  checked, then a match) and the AI-only guest (tools/rig/guest_ai.py): for each, the
  smallest pystack on which it completes, found by bisection to 8 bytes. Budget 1,536
  (75% of the 2,048 bytes CircuitPython 10 gives a SAMD51).
- ``heap_needed_bytes``: for each of the 20 plans (``boardrig.PLANS``, the language
  plan in nine languages and the PyBadge's board check plan: micropython32's board is a
  PyBadge), the smallest heap, to 1 KB, at which the whole app completes
  it and at every cap up to 4 KB above (``boardrig.heap_floor``: fragmentation makes
  single caps fail), under micropython32 (a native 32-bit MicroPython whose heap is
  exactly the cap and whose collector runs inside calls, as the board's: boardrig's
  docstring); the worst plan named. Budget 100 KB (~140 KB free on a SAMD51 less 40 KB,
  what ``make test`` checks), target 88 KB (room for what comes next).
- ``heap_breakdown``: in the worst plan, at its first deal and at its worst moment, each
  loaded module's resident bytes (its code, functions and classes, as it loaded), the
  interned names, the rig's own modules, and the rest (display objects, the match and
  its players, texts, sound) (``boardrig.census``); and the same live heap by kind
  (``by_kind``: code, names, dicts, display, other; ``kinds``: every type, the census of
  tools/rig/unix32/mod_righeap.c), which also shows a closed screen still held then.
- ``heap_parts``: a 7-player match's parts made one at a time (tools/rig/guest_heap.py):
  the display objects, the match, six hard players, the fonts.

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


def all_plans():
    """{name: plan}: the rig's plans and its board check plans."""
    plans = dict(boardrig.PLANS)
    plans.update(boardrig.CHECK_PLANS)
    return plans


def pystack(tree, names=None):
    """``names``: only those plans (not the AI-only guest)."""
    # a plan is every run of it (the board restarts into each match: boardrig.play)
    plans = all_plans()
    jobs = [(name, plans[name]) for name in sorted(names or plans)]
    if not names:
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


def heap_plans():
    """{name: plan}: every plan of the rig (``boardrig.PLANS``), the language plan in
    each of the nine languages (as host_tests/test_board_limits.py plays them) and the
    board check plans micropython32 can play (not ``boardrig.PYSTUBS_ONLY``'s)."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from cucumber import lang

    plans = dict(boardrig.PLANS)
    for code in lang.CODES:
        plans["7p-language-" + code] = boardrig.in_language(boardrig.LANGUAGE_PLAN, code)
    for name, plan in boardrig.CHECK_PLANS.items():
        if name not in boardrig.PYSTUBS_ONLY:
            plans[name] = plan
    return plans


def heap(tree, names=None):
    """``names``: only those plans (and the census of the worst of them; not the
    parts of guest_heap.py)."""
    binary = boardrig.unix32()
    plans = heap_plans()
    if names:
        plans = {name: plans[name] for name in names if name in plans}
        if not plans:
            return

    def need(name):
        return name, boardrig.heap_floor(plans[name], tree=tree, interpreter=binary)

    with ThreadPoolExecutor(max_workers=2) as pool:
        needs = dict(pool.map(need, sorted(plans)))
    worst = max(needs, key=lambda k: needs[k] or 1 << 30)
    emit("heap_needed_bytes", needs[worst], "bytes",
         "smallest capped heap at which the whole app completes the plan, and at every cap "
         "up to 4 KB above it (bisection between 72 and 120 KB to 1 KB, then each KB "
         "above checked), code.py outermost, collector running inside calls; the worst "
         "of every plan",
         machine=HEAP_MACHINE, case=worst, budget=boardrig.HEAP_BUDGET,
         target=boardrig.HEAP_TARGET, board_free_estimate=boardrig.BOARD_FREE,
         plans_within_target=sum(1 for v in needs.values()
                                 if v is not None and v <= boardrig.HEAP_TARGET),
         plans=len(needs), by_case=needs)
    c = boardrig.census(plans[worst], tree=tree, interpreter=binary)
    emit("heap_breakdown", c["worst"]["live"], "bytes",
         "live heap after a collection at two moments of the plan's match (the first "
         "deal; the worst moment): each loaded module's code and objects as it loaded "
         "(names it interned excluded), the interned names, and the rest (display "
         "objects, the match, players, texts, sound); and the same heap by kind (every "
         "block the collector keeps, by its type or its holder's); collections at every "
         "step: figures only",
         machine=HEAP_MACHINE, case=worst,
         moments={k: breakdown(v) for k, v in c.items()})
    if names:
        return
    emit("heap_parts", sum(n for n, _ in where_the_heap_goes(tree, binary)), "bytes",
         "tools/rig/guest_heap.py: a 7-player match's parts made one at a time, the live "
         "heap each added (display objects, the match, six hard players, fonts)",
         machine=HEAP_MACHINE, parts=where_the_heap_goes(tree, binary))


RIG_ONLY = ("rigdriver", "righeapcensus", "rigreport", "rigchallenge", "rigcheck",
            "board")  # not on a board


# The census by kind (tools/rig/unix32/mod_righeap.c) in groups: an object's type, or
# "<type> data" for a block that the object holds (bytecode: "function data").
CODE_KINDS = ("function", "closure", "type", "module", "staticmethod", "classmethod",
              "property", "bound_method")
DISPLAY_KINDS = ("Group", "TileGrid", "Bitmap", "Palette", "OnDiskBitmap", "Rectangle",
                 "Circle", "Polygon", "Text", "Font", "ColorConverter")


def by_kind(kinds):
    """{group: bytes} of a census's kinds: code (functions and their bytecode, classes,
    modules' constants), names (the interned names' pools and characters), dicts (module
    globals, class and other dicts), display (the display objects and what they hold), other
    (the match and its players, strings, lists, the store, the hardware)."""
    groups = {"code": 0, "names": 0, "dicts": 0, "display": 0, "other": 0}
    for n, _, kind in kinds:
        base = kind[:-5] if kind.endswith(" data") else kind
        if kind == "names":
            groups["names"] += n
        elif base in CODE_KINDS:
            groups["code"] += n
        elif base in ("dict", "dict_view"):
            groups["dicts"] += n
        elif base in DISPLAY_KINDS:
            groups["display"] += n
        else:
            groups["other"] += n
    return groups


def breakdown(moment):
    """A census moment as {live, screen, names, modules, rig, parts, rest}: the rig's own
    modules apart (the board has none of them), the parts let go of one at a time, and
    the rest (the rig player's objects, the store, the hardware, texts)."""
    mods = [(n, m) for n, m in moment["modules"] if n and m not in RIG_ONLY]
    rig = sum(n for n, m in moment["modules"] if m in RIG_ONLY)
    code = sum(n for n, _ in mods)
    parts = moment.get("parts") or []
    return {"live": moment["live"], "screen": moment["screen"],
            "interned_names": moment["names"], "modules_total": code,
            "modules": [[n, m] for n, m in mods], "rig_player_modules": rig,
            "parts": [[n, label] for n, label in parts],
            "rest": moment["live"] - moment["names"] - code - rig - sum(n for n, _ in parts),
            "by_kind": by_kind(moment.get("kinds") or []),
            "kinds": [[n, blocks, kind] for n, blocks, kind in moment.get("kinds") or []]}


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
    ap.add_argument("--plan", action="append", metavar="NAME",
                    choices=sorted(all_plans()),
                    help="measure only this plan (again for more): a name of boardrig.PLANS "
                         "or boardrig.CHECK_PLANS; the heap skips a plan micropython32 cannot "
                         "play (boardrig.PYSTUBS_ONLY)")
    ap.add_argument("--root", metavar="DIR", default=boardrig.ROOT,
                    help="the checkout whose bundle is measured (default: this one)")
    args = ap.parse_args(argv)
    tree = boardrig.make_tree(root=os.path.abspath(args.root))
    if args.only in (None, "pystack"):
        pystack(tree, args.plan)
    if args.only in (None, "heap"):
        heap(tree, args.plan)
    return 0


if __name__ == "__main__":
    sys.exit(main())
