"""Shared test set-up: the repository root (for ``engine``) and ``lib/`` (for ``cucumber``)
are importable, as they are on the board where ``lib/`` is on the path.

And three things that make the tests cheap to run on CPython without changing what it does:

- Bytecode is cached (in build/pycache, never beside the sources), also where
  PYTHONDONTWRITEBYTECODE is set: the app forgets and imports its screens' modules again
  as the board does, and CPython compiled each import anew (about 1,000 compiles in the
  1,000-round demo).
- The objects alive when a test module starts are frozen (``gc.freeze``): the app calls
  ``gc.collect()`` for the board's sake (between screens, before each paragraph of the
  rules page), and a full collection of a test process took 20-50 ms, so the rules page
  drawn in one language took about 50 s. Only what the module's tests make is scanned
  now; what they drop is collected as before.
- Temporary files go to /dev/shm where it is a writable folder (a tmpfs on Linux) and
  TMPDIR is not set: the saves the tests write are fsync'ed and renamed as on a player's
  disk, which on a busy shared disk took 90 s for the 4,000 damaged saves of
  test_terminal_game (9 s in memory), and the board rig copies the drive for each run.
"""

import gc
import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in [ROOT, os.path.join(ROOT, "lib")] + [os.path.join(ROOT, "tools", group)
                                                for group in ("pc", "drive", "measure", "rig")]:
    if path not in sys.path:
        sys.path.insert(0, path)

sys.dont_write_bytecode = False
sys.pycache_prefix = os.path.join(ROOT, "build", "pycache")

SHM = "/dev/shm"
if "TMPDIR" not in os.environ and os.path.isdir(SHM) and os.access(SHM, os.W_OK):
    os.environ["TMPDIR"] = SHM  # also for the tools the tests start
    tempfile.tempdir = None  # read TMPDIR again


@pytest.fixture(autouse=True, scope="module")
def _older_objects_frozen():
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _engine_challenge_kept():
    """The app forgets engine.challenge once a match's code is made, as the board must
    (cucumber.codes): the module comes back after each test, since other tests' modules
    hold its classes (a ChallengeError of a second copy is not theirs)."""
    mod = sys.modules.get("engine.challenge")
    yield
    if mod is not None and sys.modules.get("engine.challenge") is not mod:
        sys.modules["engine.challenge"] = mod
        import engine
        engine.challenge = mod
