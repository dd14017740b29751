"""The import graph of the whole repository has no circle, the rig's stand-ins included.

Every ``import`` of every module counts, also one inside a function, ``__import__("name")``
(the rig's player loads its modules so) as an arrow to that module, and the app's
``__import__("cucumber." + name)`` of a screen as an arrow to every module of that
package (a circle that only closes at run time is still a circle a reader must untangle).
A name resolves as the code finds it: the repository root (``engine``), ``lib/``
(``cucumber``), the tools' folders and, for the board's own modules, the rig's stand-ins
in ``tools/rig/stubs``.

    python host_tests/test_imports.py      # prints the graph, a module and what it imports
"""

import ast
import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEARCH = ["", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig",
          "tools/rig/stubs"]
SOURCES = ["code.py", "match.py", "demo.py", "check.py", "engine/*.py",
           "lib/cucumber/*.py", "tools/*/*.py", "tools/rig/stubs/*.py", "examples/*.py",
           "fonts/*.py"]


def modules():
    """{dotted name: path} of every module of the repository."""
    found = {}
    for pattern in SOURCES:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            base = max((b for b in SEARCH if rel.startswith(b + "/") or not b), key=len)
            name = rel[len(base) + 1 if base else 0:-3].replace("/", ".")
            if name.endswith(".__init__"):
                name = name[:-len(".__init__")]
            found.setdefault(name, rel)
    return found


def graph():
    """{module: sorted modules of the repository it imports}."""
    mods = modules()
    edges = {}
    for name, rel in mods.items():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        package = name.rsplit(".", 1)[0] if "." in name else ""
        targets = set()
        for node in ast.walk(tree):
            wanted = []
            if isinstance(node, ast.Import):
                wanted = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = package + ("." + base if base else "")
                wanted = [base + "." + a.name for a in node.names] + [base]
            elif (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                # __import__("righeapcensus"): that module (the rig's player loads its
                # modules so, when they are wanted)
                wanted = [node.args[0].value]
            elif (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__"
                  and node.args and isinstance(node.args[0], ast.BinOp)
                  and isinstance(node.args[0].left, ast.Constant)):
                # __import__("cucumber." + name): any module under that prefix
                prefix = node.args[0].left.value
                wanted = [m for m in mods if m.startswith(prefix)]
            for w in wanted:
                while w and w not in mods:  # "cucumber.lang.text" -> "cucumber.lang"
                    w = w.rsplit(".", 1)[0] if "." in w else ""
                if w and w != name:
                    targets.add(w)
        edges[name] = sorted(targets)
    return edges


def circles(edges):
    """Every strongly connected group of more than one module (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_has_no_circle():
    edges = graph()
    for name in sorted(edges):  # shown with pytest -s, and above a failure
        print("%s -> %s" % (name, ", ".join(edges[name]) or "-"))
    assert {"engine.match", "cucumber.app", "terminal_game", "boardrig", "rigdriver",
            "rigchallenge", "supervisor"} <= set(edges)  # every part of the repository was read
    assert "engine.rules" in edges["engine.match"]
    # the rig's stand-ins and player are read, __import__("name") of a module counted
    assert "rigdriver" in edges["keypad"] and "rigreport" in edges["rigdriver"]
    assert "righeapcensus" in edges["rigdriver"]
    assert circles(edges) == []


def test_a_circle_is_seen():
    assert circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]


if __name__ == "__main__":
    g = graph()
    for n in sorted(g):
        print("%s -> %s" % (n, ", ".join(g[n]) or "-"))
    sys.exit(1 if circles(g) else 0)
