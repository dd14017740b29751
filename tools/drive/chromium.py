"""Debian's Chromium for the browser's tests and benchmark, and the site served to it.

    path = chromium.ensure()          # /usr/bin/chromium, installed first when it can be
    with chromium.serve("build/web") as url:      # http://127.0.0.1:PORT/, this machine only
        with chromium.browser() as b:             # Playwright driving that Chromium
            page = b.new_page()

Playwright's own browser download is never used: it launches the system's Chromium
(``executable_path``). As root with apt-get, ``ensure`` installs Debian's ``chromium``
package (as tools/rig/build_unix32.py installs gcc-multilib); otherwise it raises
Missing with the one line that says what to install.
"""

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import threading

CANDIDATES = ("chromium", "chromium-browser")
# Headless, no sandbox (root), and none of Chromium's own traffic to the outside.
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--mute-audio")
HOW = ("the browser tests need Debian's chromium: apt-get install chromium "
       "(make test installs it when it runs as root)")


class Missing(Exception):
    """No Chromium here, and it could not be installed: the message says what to do."""


def find():
    for name in CANDIDATES:
        p = shutil.which(name)
        if p:
            return p
    return None


def ensure(say=print):
    """The path of Chromium, installed with apt-get first when missing and this runs as
    root; Missing otherwise."""
    p = find()
    if p:
        return p
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise Missing(HOW)
    # One install at a time: the tests' workers (pytest-xdist) all ask at their start,
    # and a second apt-get would fail on dpkg's lock; the others wait, then find it. The
    # lock is taken on this very file, so that nothing is written for it.
    import fcntl  # (Debian's: here only where apt-get is)
    lock = os.open(os.path.abspath(__file__), os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if find():
            return find()
        say("Installing Debian's chromium for the browser tests (apt-get, once)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for cmd in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "chromium"]):
            r = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if r.returncode != 0 and cmd[1] == "install":
                raise Missing("apt-get install chromium failed: %s"
                              % (r.stderr.strip()[-300:]))
    finally:
        os.close(lock)  # (and the lock with it)
    p = find()
    if not p:
        raise Missing(HOW)
    return p


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm",
                             ".webmanifest": "application/manifest+json"})

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(folder, handler_class=None):
    """Python's http.server on 127.0.0.1 (a free port) for ``folder``; yields its URL.
    ``handler_class``: a subclass of the quiet handler (the benchmark's counts bytes)."""
    handler = functools.partial(handler_class or Quiet, directory=os.path.abspath(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def browser(path=None):
    """Playwright's Chromium: the system's, headless."""
    from playwright.sync_api import sync_playwright
    path = path or ensure()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=list(FLAGS))
        try:
            yield b
        finally:
            b.close()
