"""The board rig's player lives outside the capped heap (micropython32's rig's area, ``-X
righeap``; tools/rig/boardrig.py): the cap holds what the board would hold. The player and
what it loads are in the rig's area, sealed before code.py starts; from then on every
allocation comes from the capped heap, which holds exactly the cap as before, and
gc.mem_alloc() and micropython.qstr_info() count it only. A name the player interned first
costs the app its own copy when the app interns it, as on the board. ``righeap=0`` is the
old rig, the player counted in the cap."""

import pytest

import boardrig

CAP = boardrig.HEAP_BUDGET
PLAN = boardrig.PLANS["2p-easy-fixed-rounds"]

# printed first thing by the run's code (after the rig's own "import cucumber.ui")
PROBE = ("import gc, sys\n"
         "print('RIG-PROBE', gc.mem_alloc(), gc.mem_alloc() + gc.mem_free(),"
         " 'rigdriver' in sys.modules)\n")


@pytest.fixture(scope="module")
def tree():
    return boardrig.make_tree()


@pytest.fixture(scope="module")
def binary():
    return boardrig.unix32()


def _probe(r):
    assert r.ok, r.explain()
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("RIG-PROBE ")][0]
    _, alloc, total, loaded = line.split()
    return int(alloc), int(total), loaded == "True"


def test_the_player_is_not_in_the_capped_heap(tree, binary):
    start = boardrig.app_start(PLAN)
    sealed = boardrig.run(PROBE, tree=tree, heap=CAP, interpreter=binary, start=start)
    inside = boardrig.run(PROBE, tree=tree, heap=CAP, interpreter=binary, start=start,
                          righeap=0)
    alloc, total, loaded = _probe(sealed)
    alloc0, total0, loaded0 = _probe(inside)
    assert loaded and loaded0  # the player is there to press the keys either way
    assert total == total0  # the capped heap holds as many bytes with a rig's area as without
    # the player's modules (about 5 KB) and its names are outside the cap
    assert alloc < alloc0 - 4000, (alloc, alloc0)


def test_a_plan_completes_and_its_screens_hold_less_without_the_player(tree, binary):
    sealed = boardrig.play(PLAN, tree=tree, heap=CAP, interpreter=binary)
    inside = boardrig.play(PLAN, tree=tree, heap=CAP, interpreter=binary, righeap=0)
    assert sealed.ok, sealed.explain()
    assert inside.ok, inside.explain()
    assert sealed.result["matches"] == inside.result["matches"] == PLAN["matches"]
    live, live0 = sealed.result["live_by_screen"], inside.result["live_by_screen"]
    assert set(live) == set(live0)
    for screen in live:
        assert live[screen] < live0[screen], (screen, live[screen], live0[screen])


def test_a_name_the_player_interned_first_costs_the_app_its_copy(tree, binary):
    # The rig's start interns a name; the app interns it later (compiling code that uses
    # it), then a fresh name of the same length, then the first name again.
    start = "class _Seen:\n    def zq_rig_and_app(self):\n        pass\n"
    code = ("import micropython\n"
            "micropython.qstr_info()\n"
            "exec('zq_rig_and_app = 1')\n"
            "micropython.qstr_info()\n"
            "exec('zq_app_only_no = 1')\n"
            "micropython.qstr_info()\n"
            "exec('zq_rig_and_app = 2')\n"
            "micropython.qstr_info()\n")
    r = boardrig.run(code, tree=tree, heap=CAP, interpreter=binary, start=start)
    assert r.ok, r.explain()
    chars = [int(ln.split("n_str_data_bytes=")[1].split(",")[0])
             for ln in r.stdout.splitlines() if ln.startswith("qstr pool:")]
    assert len(chars) == 4, r.stdout
    size = len("zq_rig_and_app") + 1
    assert chars[1] - chars[0] == size  # charged to the app, as a name new to it
    assert chars[2] - chars[1] == size  # as much as a name nobody interned before
    assert chars[3] == chars[2]  # once
