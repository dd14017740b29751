"""Build micropython32, the board rig's native 32-bit MicroPython (tools/rig/unix32).

    python tools/rig/build_unix32.py        # builds both if needed; prints their paths,
                                            # micropython32's last
    import build_unix32                      # from tools/rig
    path = build_unix32.ensure_built()       # micropython32, from Python; RuntimeError on failure
    path = build_unix32.ensure_built("pystubs")   # micropython32-pystubs

Two binaries from the same port and core:

- ``micropython32``: CircuitPython's built-in modules (displayio, vectorio, terminalio,
  fontio, bitmaptools, keypad, digitalio, board, microcontroller, supervisor, time, audioio,
  audiocore, neopixel_write) compiled in as C (tools/rig/unix32/mod_*.c), as on the board:
  their code and names cost no heap, their objects as much as CircuitPython's. They are
  found before any file of the same name on sys.path, so the Python stand-ins in
  tools/rig/stubs are not used (rigdriver, the rig's player, still is).
- ``micropython32-pystubs``: the same without those modules, for the Python stand-ins
  (``make RIG_NATIVE=0``): what micropython32 was before, kept to compare.

The MicroPython core comes from the PyPI sdist of ``mpy-cross-v6.3`` (pinned below), which
holds MicroPython 1.23's complete ``py/`` and ``shared/`` (but no ports and no extmod):
fetched with pip into tools/rig/build/ (git-ignored), checked against its sha256 and
unpacked there. tools/rig/unix32/ is the port: its Makefile hands the work to the core's
own make rules (py/py.mk, py/mkrules.mk), which generate the headers (qstrs, module and
root-pointer tables, the version) and compile everything with ``gcc -m32``.

Needs gcc able to build 32-bit programs, make and pip (PyPI). When ``gcc -m32`` cannot link
a trivial program, the script installs gcc-multilib with apt-get if it runs as root on a
machine that has apt-get, and otherwise stops with one line saying what to install.

Idempotent: nothing happens when the binary is newer than this script and every file of
the port.
"""

import fcntl
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PORT = os.path.join(HERE, "unix32")
BUILD = os.path.join(HERE, "build")
VARIANTS = {  # name: (binary, make's RIG_NATIVE)
    "native": ("micropython32", "1"),
    "pystubs": ("micropython32-pystubs", "0"),
}
BINARY = os.path.join(BUILD, "micropython32")
PYSTUBS_BINARY = os.path.join(BUILD, "micropython32-pystubs")

SDIST_NAME = "mpy-cross-v6.3"
SDIST_VERSION = "1.1.1"
SDIST_FILE = "mpy_cross_v6_3-1.1.1.tar.gz"
SDIST_SHA256 = "55414c358f5844c784e76d3b253cbd7af5f243ddd4c0b47a26d3875d628df300"
# pip reads the sdist's metadata by running its setup.py with setuptools and wheel in a
# throw-away environment; these pins (known to work) keep a later release of either from
# breaking that old setup.py (PIP_CONSTRAINT reaches that environment's install too).
BUILD_DEPS = ("setuptools==84.2.1", "wheel==0.48.0", "packaging==26.4")
SDIST_DIR = os.path.join(BUILD, "sdist")
SRC = os.path.join(BUILD, "src")
MPTOP = os.path.join(SRC, "mpy_cross_v6_3-1.1.1", "micropython")


def _obj(variant):
    return os.path.join(BUILD, "obj-unix32-%s-%s" % (variant, SDIST_VERSION))


class BuildError(RuntimeError):
    """The interpreter could not be built; the message says why in one line."""


def binary_path(variant="native"):
    """Where the binary of ``variant`` ("native" or "pystubs") is (or will be once built)."""
    return os.path.join(BUILD, VARIANTS[variant][0])


def _inputs():
    return [os.path.abspath(__file__)] + sorted(glob.glob(os.path.join(PORT, "*")))


def up_to_date(variant="native"):
    """True when the binary exists and is newer than this script and the port's files."""
    binary = binary_path(variant)
    if not os.path.exists(binary):
        return False
    built = os.path.getmtime(binary)
    return all(os.path.getmtime(p) < built for p in _inputs())


def _say(msg):
    print("build_unix32: " + msg, flush=True)


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch_source():
    """The sdist from PyPI (pip), checked and unpacked; the MicroPython tree's path."""
    if os.path.exists(os.path.join(MPTOP, "py", "mkrules.mk")):
        return MPTOP
    archive = os.path.join(SDIST_DIR, SDIST_FILE)
    if not os.path.exists(archive) or _sha256(archive) != SDIST_SHA256:
        _say("downloading %s==%s (sdist) from PyPI" % (SDIST_NAME, SDIST_VERSION))
        os.makedirs(SDIST_DIR, exist_ok=True)
        constraints = os.path.join(SDIST_DIR, "build-constraints.txt")
        with open(constraints, "w") as f:
            f.write("\n".join(BUILD_DEPS) + "\n")
        p = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--disable-pip-version-check", "--no-binary", SDIST_NAME,
                            "%s==%s" % (SDIST_NAME, SDIST_VERSION), "-d", SDIST_DIR],
                           capture_output=True, text=True,
                           env=dict(os.environ, PIP_CONSTRAINT=constraints))
        if p.returncode != 0 or not os.path.exists(archive):
            raise BuildError("pip could not download %s==%s: %s" % (
                SDIST_NAME, SDIST_VERSION, (p.stderr.strip().splitlines() or ["?"])[-1]))
    digest = _sha256(archive)
    if digest != SDIST_SHA256:
        raise BuildError("%s has sha256 %s, expected %s" % (archive, digest, SDIST_SHA256))
    _say("unpacking " + SDIST_FILE)
    shutil.rmtree(SRC, ignore_errors=True)
    tmp = SRC + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers()
                   if "/micropython/" in m.name and (m.isfile() or m.isdir())]
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tmp, members=members, filter="data")
        else:
            for m in members:  # the checked archive; no links are extracted
                if m.name.startswith("/") or ".." in m.name.split("/"):
                    raise BuildError("unexpected path in the sdist: " + m.name)
            tar.extractall(tmp, members=members)
    os.rename(tmp, SRC)
    if not os.path.exists(os.path.join(MPTOP, "py", "mkrules.mk")):
        raise BuildError("the sdist has no micropython/py/mkrules.mk")
    return MPTOP


def _gcc_m32_links():
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.c")
        with open(src, "w") as f:
            f.write("#include <stdio.h>\n#include <math.h>\n"
                    "int main(void) { printf(\"%d\\n\", (int)sizeof(void *)); "
                    "return (int)sqrt(0.0); }\n")
        try:
            p = subprocess.run(["gcc", "-m32", "-o", os.path.join(tmp, "t"), src, "-lm"],
                               capture_output=True)
        except OSError:
            return False
        return p.returncode == 0


def ensure_gcc_m32():
    """gcc -m32 links, or gcc-multilib is installed (root with apt-get), or BuildError."""
    if _gcc_m32_links():
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        _say("gcc -m32 cannot link: running apt-get install -y gcc-multilib")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        install = ["apt-get", "install", "-y", "-q", "gcc-multilib"]
        if subprocess.run(install, env=env).returncode != 0:
            _say("running apt-get update, then apt-get install -y gcc-multilib again")
            subprocess.run(["apt-get", "update", "-q"], env=env)
            subprocess.run(install, env=env)
        if _gcc_m32_links():
            return
    raise BuildError("gcc cannot build 32-bit programs: install gcc-multilib "
                     "(Debian/Ubuntu: apt-get install gcc-multilib)")


def build(variant="native"):
    """Build the binary of ``variant`` now (whether or not it is up to date); its path."""
    prog, native = VARIANTS[variant]
    obj = _obj(variant)
    binary = binary_path(variant)
    if shutil.which("make") is None:
        raise BuildError("make is not installed (Debian/Ubuntu: apt-get install make)")
    ensure_gcc_m32()
    top = fetch_source()
    # from scratch: an incremental make kept the old qstr headers when a port file gained
    # a name (seen: set_next_code_file added, a binary whose names were all shifted)
    shutil.rmtree(obj, ignore_errors=True)
    _say("compiling " + os.path.relpath(obj, os.getcwd()))
    jobs = str(min(16, os.cpu_count() or 2))
    # The version header: the core's version from py/mpconfig.h, not the hash of the
    # repository that the sdist happens to be unpacked in (git would find this one), and
    # the source's date, so that the header stays the same from one build to the next.
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=SRC,
               SOURCE_DATE_EPOCH=str(int(os.path.getmtime(os.path.join(top, "py", "mpconfig.h")))))
    p = subprocess.run(["make", "-C", PORT, "-j", jobs, "MPTOP=" + top, "BUILD=" + obj,
                        "PYTHON=" + sys.executable, "RIG_NATIVE=" + native],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        log = os.path.join(BUILD, "build_unix32-%s.log" % variant)
        with open(log, "w") as f:
            f.write(p.stdout + p.stderr)
        errors = [ln for ln in (p.stdout + p.stderr).splitlines() if "error" in ln.lower()]
        raise BuildError("make failed (%s): %s" % (
            log, (errors or (p.stdout + p.stderr).strip().splitlines() or ["?"])[0]))
    tmp = binary + ".tmp"
    shutil.copy2(os.path.join(obj, prog), tmp)
    os.replace(tmp, binary)  # a new mtime: newer than every input
    os.utime(binary)
    return binary


def ensure_built(variant="native"):
    """The path of the binary of ``variant`` ("native": micropython32, "pystubs":
    micropython32-pystubs), building it first unless it is up to date. Processes that call
    this at once build it once: the others wait for the first."""
    if variant not in VARIANTS:
        raise ValueError("no such variant: %r (native, pystubs)" % (variant,))
    if up_to_date(variant):
        return binary_path(variant)
    os.makedirs(BUILD, exist_ok=True)
    with open(os.path.join(BUILD, ".build_unix32.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not up_to_date(variant):
            build(variant)
    return binary_path(variant)


def main():
    try:
        paths = [ensure_built("pystubs"), ensure_built("native")]
    except BuildError as e:
        print("build_unix32: " + str(e), file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
