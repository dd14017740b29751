"""Device modules (engine/, lib/, code.py) use nothing CircuitPython lacks: an AST scan
for modules it does not have, syntax MicroPython does not parse, and f-string '='."""

import ast
import io
import os
import re
import tokenize

import pytest

from test_mpy_cross import device_modules
from mpyrun import ROOT

MISSING = {
    "typing", "typing_extensions", "dataclasses", "enum", "abc", "functools", "itertools",
    "collections.abc", "contextlib", "pathlib", "inspect", "copy", "threading",
    "subprocess", "logging", "argparse", "unittest", "pickle", "shutil", "tempfile",
    "datetime", "fractions", "decimal", "statistics", "weakref", "string", "textwrap",
    "os.path", "__future__", "numpy", "pygame",
}
FSTRING_EQ = re.compile(r"\{[^{}]*[^=!<>]=\s*[}!:]")


def _guarded(node, parents):
    """True if ``node`` sits in a try whose handlers catch ImportError (a fallback)."""
    for p in parents:
        if isinstance(p, ast.Try):
            for h in p.handlers:
                names = []
                if h.type is None:
                    return True
                for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]):
                    names.append(getattr(t, "id", ""))
                if {"ImportError", "Exception", "BaseException"} & set(names):
                    return True
    return False


def problems(path):
    src = open(path, encoding="utf-8").read()
    tree = ast.parse(src, path)
    out = []
    stack = [(tree, [])]
    while stack:
        node, parents = stack.pop()
        mods = []
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            mods = [node.module] + [node.module + "." + a.name for a in node.names]
        for mod in mods:
            top = mod.split(".")[0]
            if (mod in MISSING or top in MISSING) and not _guarded(node, parents):
                out.append("line %d: imports %s (CircuitPython lacks it)" % (node.lineno, mod))
                break
        if isinstance(node, getattr(ast, "Match", ())):
            out.append("line %d: 'match' statement" % node.lineno)
        for child in ast.iter_child_nodes(node):
            stack.append((child, parents + [node]))
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.STRING:
            prefix = tok.string[:3].lower()
            if "f" in prefix.split('"')[0].split("'")[0] and FSTRING_EQ.search(tok.string):
                out.append("line %d: f-string '=' specifier" % tok.start[0])
    return out


@pytest.mark.parametrize("rel", device_modules())
def test_device_module_uses_only_what_circuitpython_has(rel):
    found = problems(os.path.join(ROOT, rel))
    assert not found, "%s:\n  %s" % (rel, "\n  ".join(found))


def test_the_scan_catches_what_it_should(tmp_path):
    p = tmp_path / "bad.py"
    p.write_text("import typing\nfrom functools import partial\nx = 1\n"
                 "s = f'{x=}'\ntry:\n    import enum\nexcept ImportError:\n    enum = None\n")
    found = problems(str(p))
    assert len(found) == 3, found
    assert "typing" in " ".join(found) and "functools" in " ".join(found)
