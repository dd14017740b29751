"""The board check on a board wired the wrong way round, played on the board rig
(tools/rig/boardrig.py) through the whole app as a person holding that board would
(tools/rig/stubs/rigcheck.py: the plans ``boardrig.CHECK_PLANS``): title, Settings,
Board check, every step answered through the board's true wiring, the measuring run
(the board restarts into check.py, then code.py, whose title shows the report and
prints it on the serial console), then a match played with the printed buttons. The
player fails the run at the first press the game would read as another key, so a match
completes only if the check's map (and lights order, and stick) was found, saved and
used again after the restarts (cucumber.boardrec.adapt).

- ``board-check``: a PyBadge with A and B swapped, its d-pad in another order, SELECT
  never sending anything (the check waits for it and notes it: a board where a key
  never comes), GRB-assumed lights that take RGB; within the heap budget
  (micropython32, 100 KB) and the pystack budget (micropython32-pystubs, 1,536 B).
- ``board-check-pygamer``: a PyGamer (micropython32-pystubs only: micropython32's board
  is a C PyBadge) with A and B swapped and a stick whose x runs the other way and whose
  axes are swapped; its d-pad presses are pushes of the stick.
"""

import pytest

import boardrig
import board_report
from cucumber import boardrec as rb
from cucumber.keys import NAMES, PYBADGE_KEYS

PYGAMER_KEYS = (5, 4, 6, 7)  # B, A, START, SELECT (cucumber.boardsetup)


@pytest.fixture(scope="module")
def tree():
    return boardrig.make_tree()


def expected_map(plan):
    """The key map (raw key number -> logical key) the check must find for ``plan``'s
    board: each button's raw number its printed key; a button that never sends keeps
    the number left over."""
    own = PYGAMER_KEYS if plan.get("board") == "pygamer" else PYBADGE_KEYS
    check = plan["check"]
    wiring = {NAMES[own[n]]: n for n in range(len(own))}
    wiring.update(check.get("keys", {}))
    out = [None] * len(own)
    for name, n in wiring.items():
        if name not in check.get("missing", ()):
            out[n] = NAMES.index(name)
    left = [k for k in own if k not in out]
    for n in range(len(out)):
        if out[n] is None:
            out[n] = left.pop(0)
    return out


def played(r, plan):
    """The checks every run of a check plan passes: the check, its restarts (check.py,
    which prints the report once, then code.py with the report's page), the match after
    it; the BOARD record and the report (parsed as a player's pasted one would be)."""
    assert r.ok, r.explain()
    res = r.result
    assert res["matches"] == 1 and "end" in res["screens"], res
    assert res["plays"] > 0 and "boardcheck" in res["screens"], res
    assert r.runs[0].next_file == "check.py"  # the measuring step restarts into it
    assert r.runs[1].reload_nvm and r.runs[1].next_file is None  # then code.py
    printed = [x for x in r.runs if "== Cucumber board check" in x.stdout]
    assert printed == [r.runs[1]], "the measuring run (check.py) prints the report, once"
    check = res["check"]
    assert check["reported"] == 1
    rec = bytes.fromhex(check["board"])
    assert len(rec) == rb.SIZE and rec[0] == rb.VERSION
    assert not rec[1] & (rb.MEASURING | rb.REPORT)  # measured, reported
    want = expected_map(plan)
    assert list(rec[rb.MAP:rb.MAP + len(want)]) == want
    assert check["table"] == want  # the last run read the keys so (boardrec.adapt)
    report = board_report.parse(printed[0].stdout)
    figures = report["figures"]
    for name in ("heap_free_start", "heap_total", "heap_free_table7",
                 "ai4_ms", "ai7_ms", "nvm_write_ms", "redraw_ms"):
        assert isinstance(figures[name]["value"], int), (name, figures[name])
    # (the rig's clock moves only when the app sleeps: the AI's work units a second,
    # measured over the time it searched, are "-" here; so is restart_ms, the rig's
    # clock starting again with each run, where a board's runs on: boardmeasure takes
    # no figure from a clock that went back)
    assert figures["restart_ms"]["value"] is None
    assert figures["heap_free_table7"]["value"] < figures["heap_free_start"]["value"]
    return rec, check, report


def test_a_wrong_way_pybadge_is_found_saved_and_played_within_the_heap_budget(tree):
    plan = boardrig.CHECK_PLANS["board-check"]
    r = boardrig.play(plan, tree=tree, heap=boardrig.HEAP_BUDGET,
                      interpreter=boardrig.unix32())
    rec, check, report = played(r, plan)
    assert rec[1] & rb.KEYS and rec[1] & rb.ORDER and not rec[1] & rb.STICK
    assert rec[rb.PIXELS] == 0 | 1 << 2 | 2 << 4  # red, green, blue in bytes 0, 1, 2
    assert check["order"] == [0, 1, 2] and check["name"] == "PyBadge"
    assert rec[rb.ANSWERS + NAMES.index("select")] == rb.NEVER  # it never came
    assert report["board"] == "PyBadge pybadge"
    answers = report["answers"]
    assert "key select never; assumed 3" in answers, answers  # a key that never comes
    assert "key A 0; assumed 1" in answers and "key B 1; assumed 0" in answers
    assert "key up 4; assumed 6" in answers and "key right 7; assumed 4" in answers
    assert "lights RGB; assumed GRB" in answers and "sound heard" in answers
    assert "backlight 1:yes 2:yes 3:yes 4:yes" in answers
    assert report["saved"] == ["keys", "A,B,start,select,up,down,left,right",
                               "lights", "RGB"]
    total = report["figures"]["heap_total"]["value"]
    assert boardrig.HEAP_BUDGET * 0.9 < total <= boardrig.HEAP_BUDGET  # the cap


def test_a_wrong_way_pybadge_fits_the_pystack(tree):
    plan = boardrig.CHECK_PLANS["board-check"]
    r = boardrig.play(plan, tree=tree, pystack=boardrig.PYSTACK_BUDGET)
    rec, check, _report = played(r, plan)
    assert rec[rb.PIXELS] == 0 | 1 << 2 | 2 << 4 and check["order"] == [0, 1, 2]


def test_a_pygamer_stick_the_wrong_way_round(tree):
    plan = boardrig.CHECK_PLANS["board-check-pygamer"]
    r = boardrig.play(plan, tree=tree, pystack=boardrig.PYSTACK_BUDGET)
    rec, check, report = played(r, plan)
    assert rec[1] & rb.KEYS and rec[1] & rb.STICK and not rec[1] & rb.ORDER
    assert rec[rb.FLIP] == 5 and check["flip"] == 5  # x reversed, the axes swapped
    assert check["name"] == "PyGamer" and report["board"] == "PyGamer pygamer"
    answers = report["answers"]
    for line in ("stick left y+ 91%", "stick right y- 91%", "stick up x- 91%",
                 "stick down x+ 91%", "key A 0; assumed 1", "lights GRB; assumed GRB"):
        assert line in answers, answers
    assert report["saved"] == ["keys", "A,B,start,select", "stick", "5"]


def test_the_player_sees_a_board_left_the_wrong_way_round(tree):
    """The rig's own check: without the board check, the first press of a printed
    button the game reads as another key fails the run."""
    plan = dict(boardrig.CHECK_PLANS["board-check"])
    plan["check"] = dict(plan["check"], skip=True)
    r = boardrig.play(plan, tree=tree, pystack=boardrig.PYSTACK_BUDGET)
    assert r.failure == "error", r.explain()
    assert "the A button (key number 0) reads as B: the key map was not corrected" \
        in r.stderr, r.explain()
