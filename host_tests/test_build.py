"""tools/drive/build.py: the CIRCUITPY bundle is complete, CircuitPython .mpy, small and
deterministic."""

import os
import shutil

import build as bundle
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files_of(folder):
    out = {}
    for dirpath, _dirs, names in os.walk(folder):
        for n in names:
            p = os.path.join(dirpath, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, folder).replace(os.sep, "/")] = f.read()
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("bundle") / "CIRCUITPY")
    assert bundle.main(["--out", out, "--quiet"]) == (0 if os.path.exists(
        os.path.join(ROOT, "code.py")) else 1)
    return out, files_of(out)


def test_bundle_has_every_part(built):
    out, files = built
    assert "code.py" in files, "code.py missing from the repository"
    # the files the board restarts into when a match, the demo or the board check's
    # measuring starts (a fresh heap)
    for entry in ("match.py", "demo.py", "check.py"):
        with open(os.path.join(ROOT, entry), "rb") as fh:
            assert files[entry] == fh.read()
    for mod in bundle.py_files(os.path.join(ROOT, "engine")):
        assert "lib/engine/" + mod[:-3] + ".mpy" in files
    for mod in bundle.py_files(os.path.join(ROOT, "lib", "cucumber")):
        assert "lib/cucumber/" + mod[:-3] + ".mpy" in files
    for name in ("board", "store", "keys", "__init__"):
        assert "lib/cucumber/%s.mpy" % name in files
    # libraries the game does not import stay out (tools/drive/build.py LIBRARIES): the fonts
    # are read from glyph files, without adafruit_bitmap_font
    assert not [f for f in files if f.startswith(("lib/adafruit_", "licenses/"))]
    assert "sprites/cards.bmp" in files
    # every language's sections as they are, but not the terminal game's (a host tool)
    texts = sorted(f for f in files if f.startswith("lib/cucumber/text/"))
    for code in ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi"):
        assert "lib/cucumber/text/%s/table.txt" % code in texts
        assert "lib/cucumber/text/%s/cards.txt" % code in texts
    assert not [f for f in texts if os.path.basename(f).startswith("term")]
    src = os.path.join(ROOT, "lib", "cucumber", "text", "fr", "rules.txt")
    with open(src, "rb") as fh:
        assert files["lib/cucumber/text/fr/rules.txt"] == fh.read()
    assert {"fonts/small.glyphs", "fonts/medium.glyphs", "fonts/LICENSE.txt"} <= set(files)
    assert not [f for f in files if f.endswith(".pcf")]  # the PCFs stay in the repository
    assert not [f for f in files if f.endswith(".py")
                and f not in ("code.py", "match.py", "demo.py", "check.py")]
    assert not [f for f in files if "__pycache__" in f or f.endswith("make_fonts.py")]
    assert files["sprites/cards.bmp"] == open(os.path.join(ROOT, "sprites", "cards.bmp"),
                                              "rb").read()


def test_only_the_fonts_the_app_loads_are_shipped(built):
    _out, files = built
    used = bundle.used_fonts()
    assert set(used) == {"small", "medium", "large"}  # headings, status line, seat columns
    shipped = sorted(f[len("fonts/"):-len(".glyphs")] for f in files
                     if f.startswith("fonts/") and f.endswith(".glyphs"))
    assert shipped == used
    for name in used:
        with open(os.path.join(ROOT, "fonts", name + ".glyphs"), "rb") as f:
            assert files["fonts/%s.glyphs" % name] == f.read()


def test_an_unused_font_is_left_out(tmp_path):
    root = tmp_path / "repo"
    (root / "lib" / "cucumber").mkdir(parents=True)
    (root / "lib" / "cucumber" / "screen.py").write_text(
        'from cucumber import ui\nF = ui.Font("small", "0123")\nG = ui.Font(\'large\', "x")\n')
    shutil.copytree(os.path.join(ROOT, "fonts"), root / "fonts")
    out = tmp_path / "out"
    problems = []
    unused = bundle.copy_fonts(str(root), str(out), problems, lambda *a: None)
    assert problems == []
    assert unused == ["medium"]
    assert sorted(os.listdir(out / "fonts")) == ["LICENSE.txt", "large.glyphs", "small.glyphs"]
    (root / "fonts" / "small.glyphs").unlink()
    bundle.copy_fonts(str(root), str(tmp_path / "out2"), problems, lambda *a: None)
    assert problems and "small.glyphs is missing" in problems[0]


def test_every_mpy_is_circuitpython_v6(built):
    _out, files = built
    mpys = [f for f in files if f.endswith(".mpy")]
    assert len(mpys) > 20
    for f in mpys:
        assert files[f][:2] == b"C\x06", f


def test_each_module_names_itself_by_its_import_name(built):
    """A module's embedded source name is the name it is imported by, which the board
    interns anyway: a traceback reads ``File "cucumber.app"``, and no path is interned
    beside it for every module (never freed)."""
    _out, files = built
    for f in ("lib/cucumber/app.mpy", "lib/engine/ai.mpy", "lib/cucumber/__init__.mpy"):
        data = files[f]
        name = f[4:-4].replace("/__init__", "").replace("/", ".").encode()
        assert name in data, (f, name)
        assert f[:-4].encode() + b".py" not in data, f


def test_total_size_within_one_megabyte(built):
    _out, files = built
    total = sum(len(v) for k, v in files.items() if k != bundle.MARKER)
    assert total <= 1024 * 1024


def test_two_builds_are_identical(built, tmp_path):
    _out, files = built
    again = str(tmp_path / "again")
    bundle.main(["--out", again, "--quiet"])
    assert files_of(again) == files
    # building over an earlier build is allowed and gives the same files
    bundle.main(["--out", again, "--quiet"])
    assert files_of(again) == files


def test_compiled_engine_runs_under_micropython(built, tmp_path):
    """The .mpy files are real bytecode: with the first byte set back to M, MicroPython
    imports the compiled engine and plays a few moves."""
    from mpyrun import run_guest

    _out, files = built
    lib = tmp_path / "lib"
    for name, data in files.items():
        if name.startswith("lib/engine/") or name == "lib/cucumber/store.mpy" \
                or name == "lib/cucumber/keys.mpy" or name == "lib/cucumber/__init__.mpy":
            p = tmp_path / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(b"M" + data[1:])
    assert lib.exists()
    code = """
from engine.match import Match
from engine import save
from cucumber import store
import gc
gc.collect()
m = Match(seed=5)
for _ in range(6):
    m.apply_action(m.legal_actions()[0])
gc.collect()
st = store.Store(bytearray(1024))
st.put(store.MATCH, save.dumps(m))
print(save.dumps(save.loads(st.get(store.MATCH))) == save.dumps(m))
print(__import__('engine.match').match.__file__)
"""
    stdout, _fuel = run_guest(code, fuel=10**9, paths=("lib",), root=str(tmp_path))
    lines = stdout.split()
    assert lines[0] == "True", stdout
    assert lines[1].endswith("match.mpy"), stdout


def test_missing_code_py_is_reported(tmp_path, capsys):
    root = tmp_path / "repo"
    for folder in ("engine", "fonts", "sprites", os.path.join("lib", "cucumber")):
        shutil.copytree(os.path.join(ROOT, folder), root / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "out"
    assert bundle.main(["--out", str(out), "--root", str(root), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "code.py is missing" in err
    assert (out / "lib" / "engine" / "match.mpy").exists()


def test_refuses_to_clear_a_foreign_folder(tmp_path, capsys):
    out = tmp_path / "drive"
    out.mkdir()
    (out / "precious.txt").write_text("keep me")
    assert bundle.main(["--out", str(out), "--quiet"]) == 2
    assert (out / "precious.txt").read_text() == "keep me"
    assert "nothing in it is touched" in capsys.readouterr().err
