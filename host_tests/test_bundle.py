"""The zips users download (``make bundle``, ``tools/drive/build.py --zip``): named for the
version, one folder each, deterministic, and everything in them imports under the board
rig (32-bit MicroPython with the board's 2,048-byte pystack) from the unpacked folder
alone."""

import os
import re
import shutil
import zipfile

import boardrig
import build
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERIES = [series for series, _needs in build.ZIPS]


def project_version():
    """The version the title shows (lib/cucumber/version.py): the zips are named with it."""
    from cucumber.version import VERSION
    return VERSION


def members(path):
    """{name inside the folder: bytes} of a zip, and the folder's name."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        top = names[0]
        assert top.endswith("/") and top.count("/") == 1, top
        assert all(n.startswith(top) for n in names), "a zip holds one folder"
        return top[:-1], {n[len(top):]: z.read(n) for n in names if not n.endswith("/")}


@pytest.fixture(scope="module")
def zips(tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    mask = os.umask(0o022)  # a person's usual umask: what make bundle meets
    try:
        assert build.main(["--zip", "--dist", str(dist), "--quiet"]) == 0
    finally:
        os.umask(mask)
    return {s: str(dist / (build.zip_name(project_version(), s) + ".zip")) for s in SERIES}


def test_one_zip_per_circuitpython_series_named_for_the_version(zips):
    version = project_version()
    assert SERIES == ["10.x", "9.x"]
    for series, path in zips.items():
        assert os.path.basename(path) == "cucumber-%s-circuitpython-%s.zip" % (version, series)
        assert os.path.isfile(path)
        top, _files = members(path)
        assert top == "cucumber-%s-circuitpython-%s" % (version, series)


def test_the_zips_are_readable_by_everyone_as_any_download(zips, tmp_path):
    """A zip is made to be handed on: 0644 (it was 0600, owner only, from the temporary
    file it is renamed from); a person whose umask keeps their files private gets 0600."""
    for path in zips.values():
        assert os.stat(path).st_mode & 0o777 == 0o644, path
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "code.py").write_text("print(1)\n")
    mask = os.umask(0o077)
    try:
        private = build.write_zip(str(tree), str(tmp_path / "private.zip"), "top")
    finally:
        os.umask(mask)
    assert os.stat(private).st_mode & 0o777 == 0o600


def test_the_folder_is_the_drive_as_build_makes_it(zips, tmp_path):
    tree = tmp_path / "CIRCUITPY"
    _parts, problems = build.build(str(tree), quiet=True)
    assert problems == []
    built = {}
    for dirpath, _dirs, names in os.walk(tree):
        for n in names:
            if n != build.MARKER:
                p = os.path.join(dirpath, n)
                with open(p, "rb") as f:
                    built[os.path.relpath(p, tree).replace(os.sep, "/")] = f.read()
    for path in zips.values():
        _top, files = members(path)
        assert set(files) == set(built) | {"README.txt", "LICENSE.txt"}
        assert all(files[k] == v for k, v in built.items())
        for name in ("code.py", "lib/engine/match.mpy", "lib/cucumber/app.mpy",
                     "sprites/cards.bmp", "fonts/small.glyphs", "fonts/LICENSE.txt"):
            assert name in files, name
        # no library but the game's own, so no licence of one (fonts/LICENSE.txt stays)
        assert not [n for n in files if n.startswith(("licenses/", "lib/adafruit_"))]
        assert not [n for n in files if n.endswith(".pcf")]
        for name, data in files.items():
            if name.endswith(".mpy"):
                assert data[:4] == b"C\x06\x00\x1f", name  # bytecode only, 31-bit ints


def test_each_zip_carries_the_games_licence_beside_its_readme(zips):
    """LICENSE.txt at the folder's top is the repository's LICENSE (MIT), and README.txt
    names it; the fonts keep their own licence in fonts/."""
    with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
        licence = f.read()
    with open(os.path.join(ROOT, "fonts", "LICENSE.txt"), "rb") as f:
        fonts = f.read()
    for path in zips.values():
        _top, files = members(path)
        assert files["LICENSE.txt"] == licence
        assert files["LICENSE.txt"].startswith(b"The MIT License (MIT)")
        assert files["fonts/LICENSE.txt"] == fonts
        readme = files["README.txt"].decode("utf-8")
        assert "Licence: MIT (LICENSE.txt)" in readme and "fonts/LICENSE.txt" in readme


def test_the_same_mpy_files_serve_circuitpython_9_and_10(zips):
    _t10, ten = members(zips["10.x"])
    _t9, nine = members(zips["9.x"])
    ten.pop("README.txt")
    nine.pop("README.txt")
    assert ten == nine


def test_readme_says_what_it_is_how_to_install_and_where_saves_live(zips):
    version = project_version()
    for series, path in zips.items():
        top, files = members(path)
        text = files["README.txt"].decode("utf-8")
        assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
        assert version in text.splitlines()[0]
        assert ("CircuitPython %s" % series.split(".")[0]) in text.splitlines()[0]
        for word in ("PyBadge", "PyGamer", "Windows", "macOS", "Linux", "CIRCUITPY", top,
                     "microcontroller.nvm", "Version %s" % version):
            assert word in text, word
        steps = re.findall(r"^(\d)\. ", text, re.M)
        assert steps == ["1", "2", "3", "4", "5"]
        assert "Board check" in text
        assert "keeps them" in text  # the saves survive copying a new version
    assert "9.2" in members(zips["9.x"])[1]["README.txt"].decode()


def test_zips_are_deterministic(zips, tmp_path):
    again = tmp_path / "again"
    assert build.main(["--zip", "--dist", str(again), "--quiet"]) == 0
    for path in zips.values():
        with open(path, "rb") as f, open(again / os.path.basename(path), "rb") as g:
            assert f.read() == g.read(), path
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
        names = [i.filename for i in infos]
        assert names == sorted(names)
        assert {i.date_time for i in infos} == {build.ZIP_TIME}
        assert {i.external_attr >> 16 for i in infos if not i.is_dir()} == {0o100644}
        assert {i.external_attr >> 16 for i in infos if i.is_dir()} == {0o40755}
        assert not [n for n in names if build.MARKER in n or "__pycache__" in n]


def test_every_library_in_the_bundle_is_imported_by_the_game(zips):
    """No dead weight on the drive: each top-level package under lib/ is the game's own
    or is imported by it."""
    _top, files = members(zips["10.x"])
    shipped = {n.split("/")[1].split(".")[0] for n in files if n.startswith("lib/")}
    source = ""
    for folder in ("engine", os.path.join("lib", "cucumber")):
        for rel in build.py_files(os.path.join(ROOT, folder)):
            with open(os.path.join(ROOT, folder, rel), encoding="utf-8") as f:
                source += f.read()
    imported = set(re.findall(r"^\s*(?:from|import)\s+(\w+)", source, re.M))
    assert shipped - {"engine", "cucumber"} == {lib for lib, _d in build.LIBRARIES}
    assert shipped <= imported | {"engine", "cucumber"}, shipped - imported


def unpack_as_drive(zip_path, drive):
    """The zip's folder as a CIRCUITPY drive for the rig: the files at the drive's root,
    the .mpy header byte C made M (MicroPython's), and the board's built-in modules'
    stand-ins (tools/rig/stubs) beside them as stubs/, as boardrig.make_tree does."""
    with zipfile.ZipFile(zip_path) as z:
        top = z.namelist()[0]
        for info in z.infolist():
            if info.is_dir():
                continue
            rel = info.filename[len(top):]
            data = z.read(info)
            if rel.endswith(".mpy"):
                assert data[:1] == b"C"
                data = b"M" + data[1:]
            p = os.path.join(drive, *rel.split("/"))
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as f:
                f.write(data)
    stubs = os.path.join(drive, "stubs")
    shutil.copytree(boardrig.STUBS, stubs, ignore=shutil.ignore_patterns("__pycache__"))
    return sorted(n[:-3] for n in os.listdir(stubs) if n.endswith(".py"))


def lib_modules(drive):
    """Every module under the drive's lib/, as import names (packages by their name)."""
    lib = os.path.join(drive, "lib")
    found = []
    for dirpath, _dirs, names in os.walk(lib):
        for n in names:
            if n.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(dirpath, n), lib)[:-4].replace(os.sep, ".")
                found.append(rel[:-len(".__init__")] if rel.endswith(".__init__") else rel)
    return sorted(found)


IMPORT_ALL = """
import sys
import cucumber.ui
drive = cucumber.ui.ROOT  # "/" on a board; "./" in the rig (its copy of the drive)
for name in %r:
    try:
        __import__(name)
        where = getattr(sys.modules[name], "__file__", "?")
        if where.startswith(drive):  # "./lib/..." as the rig names the drive: "/lib/..."
            where = "/" + where[len(drive):]
        elif "/drive/" in where:  # the script's own folder, named in full
            where = where[where.rindex("/drive/") + 6:]
        print("OK", name, where)
    except Exception as e:
        print("FAIL", name, type(e).__name__, e)
"""


def test_unpacked_zip_imports_every_module_under_the_board_rig(zips, tmp_path):
    drive = str(tmp_path / "CIRCUITPY")
    os.makedirs(drive)
    stubs = unpack_as_drive(zips["10.x"], drive)
    modules = lib_modules(drive)
    assert len(modules) > 20 and "cucumber.app" in modules and "engine.ai" in modules
    # the stand-ins are only for the board's built-in modules, never for the game's
    assert not {m.split(".")[0] for m in modules} & set(stubs)
    r = boardrig.run(IMPORT_ALL % (["code"] + modules,), tree=drive, pystack=2048)
    assert r.ok, r.explain()
    lines = [line.split() for line in r.stdout.splitlines() if line[:3] in ("OK ", "FAI")]
    failed = [" ".join(w) for w in lines if w[0] == "FAIL"]
    assert failed == [], "\n".join(failed)
    seen = {w[1]: "/" + w[2].lstrip("/") for w in lines}  # "" on the path gives //code.py
    assert sorted(seen) == sorted(["code"] + modules)
    assert seen.pop("code") == "/code.py"
    for name, where in seen.items():  # each from the drive's lib/, compiled
        assert where.startswith("/lib/") and where.endswith(".mpy"), (name, where)
