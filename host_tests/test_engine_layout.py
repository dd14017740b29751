"""The engine's module layout: no module imports one that imports it back (directly or
through others), counting imports inside functions (the lazily imported modules)."""

import ast
import glob
import os

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
