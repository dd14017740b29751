"""The device code (lib/cucumber + engine) runs under MicroPython 1.27: a whole match
driven through the App's key interface, with displayio stand-ins (tools/bench_device.py)."""

import json
import shutil
import tempfile

import bench_device
from mpyrun import run_guest

GUEST = r'''
import gc
import json
import displayio
import vectorio
import terminalio
from cucumber import keys, ui
import cucumber.app
from cucumber.app import App
from cucumber.store import Store
from engine.rng import Rng


class _NoGC:
    @staticmethod
    def collect():
        pass


cucumber.app.gc = _NoGC
ui.ROOT = "/input/"


from guesthw import HW


hw = HW()
app = App(hw, store=Store(hw.nvm), seed=77)
app.command(("setup",))
s = app.screen.s
s.players = 4
s.threshold = 11
s.kinds[0] = 0
for i in range(1, 4):
    s.kinds[i] = 1
hw.q.append(keys.START)
rng = Rng(5)
names = {}
steps = 0
restarted = False
while app.matches_ended < 1 and steps < 6000:
    steps += 1
    hw.t += 400
    n = getattr(app.screen, "name", "?")
    names[n] = 1
    if n == "table" and steps % 3 == 0:
        hw.q.append((keys.LEFT, keys.RIGHT, keys.A, keys.A)[rng.below(4)])
    elif n != "table" and n != "end":
        hw.q.append(keys.A)
    app.step()
    if steps % 20 == 0:
        gc.collect()
    if not restarted and app.match is not None and app.match.round_no >= 1 and n == "table":
        # power cut: a new App on the same nvm continues the match
        restarted = True
        before = app.match.hand(0), app.match.current_player()
        app = App(hw, store=Store(hw.nvm), seed=1)
        gc.collect()
        hw.t += 400
        app.step()
        hw.q.append(keys.A)
        hw.t += 400
        app.step()
        assert (app.match.hand(0), app.match.current_player()) == before
print(json.dumps({"ended": app.matches_ended, "steps": steps, "beeps": hw.beeps,
                  "restarted": restarted, "screens": sorted(names.keys())}))
'''


def test_a_match_runs_under_micropython():
    tmp = tempfile.mkdtemp(prefix="cucumber_mp_")
    try:
        bench_device.make_tree(tmp)
        out, _ = run_guest(GUEST, paths=("stubs", "", "lib"), root=tmp, fuel=40_000_000_000)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    r = json.loads(out.strip().splitlines()[-1])
    assert r["ended"] == 1, r
    assert r["restarted"]
    assert r["beeps"] > 0
    for name in ("setup", "table", "round"):
        assert name in r["screens"], r
