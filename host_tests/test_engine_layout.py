"""The engine's module layout: no module imports one that imports it back (directly or
through others), counting imports inside functions (the lazily imported modules); and a
match on the board loads only the modules it uses."""

import ast
import glob
import os
import subprocess
import sys

from mpyrun import ROOT


def engine_imports():
    """{module: set of engine modules it imports anywhere in its source}."""
    graph = {}
    for path in glob.glob(os.path.join(ROOT, "engine", "*.py")):
        name = os.path.basename(path)[:-3]
        deps = set()
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read(), path)):
            mods = []
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "engine":
                    mods = ["engine." + a.name for a in node.names]
                else:
                    mods = [node.module]
            for mod in mods:
                if mod.startswith("engine."):
                    deps.add(mod.split(".")[1])
        graph[name] = deps
    return graph


def test_no_engine_module_imports_one_that_imports_it_back():
    graph = engine_imports()
    for start in graph:
        todo = [(m, [start, m]) for m in graph[start]]
        seen = set()
        while todo:
            m, path = todo.pop()
            assert m != start, "an import cycle: " + " -> ".join("engine." + x for x in path)
            if m not in seen:
                seen.add(m)
                todo.extend((d, path + [d]) for d in graph.get(m, ()))


def test_the_lazily_imported_modules_are_handed_what_they_need():
    graph = engine_imports()
    assert graph["rulesx"] == set()
    assert graph["refusals"] == set()
    assert graph["view"] == set()
    assert graph["explain"] <= {"cards"}
    assert graph["given"] <= {"cards", "compat"}
    assert "save" not in graph["restore"]
    assert graph["matchend"] <= {"compat"}


def test_matchend_folds_the_engines_values():
    """engine.matchend takes the engine's values as private consts (no names on the
    board, no import of engine.match): they must stay equal to the engine's."""
    from engine import match, matchend, rules

    for name in ("IN", "OUT", "NOBODY", "PHASE_REENTRY", "PHASE_OVER", "DECLINE", "PAY",
                 "EV_LIFE", "EV_OFFER", "EV_REENTER", "EV_OUT", "EV_SUDDEN", "EV_TIEBREAK",
                 "EV_WIN", "EV_LOSER"):
        assert getattr(matchend, "_" + name) == getattr(match, name), name
    for name in ("END_FIRST_OUT", "END_FIXED_ROUNDS"):
        assert getattr(matchend, "_" + name) == getattr(rules, name), name


def test_a_round_that_ends_nothing_does_not_load_matchend():
    """Most rounds end below the threshold: the match then never imports the code of
    lives, re-entry and the match end."""
    code = """
import sys
from engine.ai import Player
from engine.match import Match
from engine.rules import Rules
m = Match(Rules("agurk", players=4), seed=5)
p = Player("easy", seed=1)
r = m.round_no
while m.round_no == r:
    m.apply_action(p.choose(m.view(m.current_player())))
print("engine.matchend" in sys.modules, max(m.scores) < m.rules.threshold)
while not m.is_terminal():
    m.apply_action(p.choose(m.view(m.current_player())))
print("engine.matchend" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    assert out[0] == "False True" and out[1] == "True"


# What the board's app does during a match: a new match, saves after plays, the AI's
# decisions (through a View); then the same after a Continue (save.loads).
_MATCH = """
import sys
from engine import save
from engine.ai import Player
from engine.match import Match
from engine.rules import Rules
m = Match(Rules("ogorek", players=5, buyback=True, stakes=True), seed=3)
p = Player("hard", seed=1, effort=200)
for _ in range(12):
    m.apply_action(p.choose(m.view(m.current_player())))
    blob = save.dumps(m)
print(" ".join(sorted(k for k in sys.modules if k.startswith("engine"))))
m = save.loads(blob)
m.apply_action(p.choose(m.view(m.current_player())))
print(" ".join(sorted(k for k in sys.modules if k.startswith("engine"))))
"""


def test_a_match_loads_only_what_it_uses():
    """Neither a new match nor one loaded from a save (valid settings) imports the
    refusal messages, the rules screen's words, explanations, card names or given deals;
    only a Continue imports the save reader."""
    out = subprocess.run([sys.executable, "-c", _MATCH], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    played = {"engine", "engine.ai", "engine.compat", "engine.match", "engine.rng",
              "engine.rules", "engine.save", "engine.view"}
    assert set(out[0].split()) == played
    assert set(out[1].split()) == played | {"engine.restore"}
