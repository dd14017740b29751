"""The board's limits in every test run: the whole app, from code.py down, under 32-bit
MicroPython with the PyBadge's pystack and with a capped heap (tools/rig/boardrig.py: the
CIRCUITPY bundle as built, the rig's player pressing the buttons).

The app must never use more than 1,536 bytes of CircuitPython 10's 2,048-byte pystack
(75%, room for frame-size differences between interpreters and for future code), so
every plan runs with a 1,536-byte pystack (micropython32-pystubs: the board's built-in
modules as Python stand-ins, whose frames count too): any deeper moment raises "pystack
exhausted" and fails the run. And it must complete every plan
with its heap capped at 100 KB (micropython32, whose built-in modules are C as on the
board: about 140 KB are free on a SAMD51, less a 40 KB margin), the objects of the
built-in modules counted in it and the rig's player outside it, in the rig's area of
micropython32 (the board holds no player)."""

import pytest

import boardrig

PYSTACK = boardrig.PYSTACK_BUDGET


@pytest.fixture(scope="module")
def tree():
    return boardrig.make_tree()


@pytest.mark.parametrize("name", sorted(boardrig.PLANS))
def test_whole_matches_fit_the_pystack(tree, name):
    plan = boardrig.PLANS[name]
    r = boardrig.play(plan, tree=tree, pystack=PYSTACK)
    assert r.ok, r.explain()
    res = r.result
    if plan.get("demo"):  # match after match (turning its pages itself), the chip page
        assert res["matches"] >= 1 and "chip" in res["screens"], res
    else:
        assert res["matches"] == plan["matches"]
        assert "end" in res["screens"]  # the match-end screen was reached and left
    if plan["setup"]["kinds"][0] == 0 and not plan.get("demo"):
        assert res["plays"] > 0
    for screen in ("review", "pause", "rules"):
        if screen in plan.get("visit", ()) and screen != "review":
            assert screen in res["screens"], res


def test_ai_decisions_of_every_level_fit_the_pystack(tree):
    """Whole matches of AIs only, 2-7 players, every profile and the variants that change
    the search, low thresholds: end games one penalty from out (tools/rig/guest_ai.py)."""
    r = boardrig.run(boardrig.guest("guest_ai.py"), tree=tree, pystack=PYSTACK)
    assert r.ok, r.explain()
    assert r.result["matches"] == 10
    for level in ("easy", "medium", "hard"):
        assert r.result["decisions"][level] > 100


def test_the_rig_sees_a_pystack_overflow(tree):
    """The same interpreter, limits and tree catch a recursion the board would not survive
    (what the hard AI did before its solver became iterative)."""
    code = "def f(n):\n    return f(n + 1) + 1\nf(0)\n"
    r = boardrig.run(code, tree=tree, pystack=2048)
    assert r.failure == "pystack", r.explain()
    r = boardrig.run("def f(n):\n    return 0 if n == 0 else f(n - 1)\nf(10)\n", tree=tree,
                     pystack=2048)
    assert r.ok, r.explain()


@pytest.mark.parametrize("kind,title", [("memory", "Out of memory"),
                                        ("pystack", "Out of stack space"),
                                        ("error", "Something went wrong")])
def test_a_failure_shows_the_crash_screen_and_continue_resumes(tree, kind, title):
    plan = dict(boardrig.PLANS["4p-2humans-comeback"])
    plan["fail"] = {"after_plays": 6, "kind": kind}
    runs = boardrig.run_app(plan, tree=tree, pystack=PYSTACK, reloads=6)
    # the set-up starts the match by restarting the board into it (match.py)
    assert runs[0].ok and runs[0].next_file == "match.py", runs[0].explain()
    crashed = runs[1]
    assert crashed.ok, crashed.explain()
    assert crashed.reload_nvm, "A on the crash screen restarts the board (supervisor.reload)"
    assert crashed.next_file is None, "after a crash the board starts code.py: the title"
    assert "Traceback (most recent call last)" in crashed.stdout  # the serial console
    assert {"memory": "MemoryError", "pystack": "pystack exhausted",
            "error": "ValueError"}[kind] in crashed.stdout
    # the screen is the crash screen with its title, and says the match is saved
    last = crashed.stdout.rsplit("RIG-RELOAD", 1)[0]
    assert "Traceback" in last
    # the title offers Continue, which restarts into the saved match, played to the end
    assert runs[2].ok and runs[2].next_file == "match.py", runs[2].explain()
    final = runs[-1]
    assert final.ok, final.explain()
    res = final.result
    assert res["continued"], "after the restart the title offers Continue"
    assert res["matches"] == 1


def test_crash_screen_text(tree):
    plan = dict(boardrig.PLANS["2p-easy-fixed-rounds"])
    plan["fail"] = {"after_plays": 2, "kind": "memory"}
    runs = boardrig.run_app(plan, tree=tree, pystack=PYSTACK, reloads=2)
    assert runs[-1].ok, runs[-1].explain()
    text = [ln for r in runs for ln in r.stdout.splitlines() if ln.startswith("RIG-CRASH ")]
    assert text, runs[-1].stdout[-2000:]
    assert "Out of memory" in text[0] and "Press A to restart." in text[0]
    assert "Your match is saved" in text[0]


def test_every_match_starts_in_a_fresh_heap(tree):
    """Two matches (a rematch between them): the board restarts into each (match.py, the
    nvm as the app left it) and into the title after the last (code.py); the rig's
    player goes on where it was. A match of the set-up is a challenge (its code shown
    at its end: cucumber.codes), so its rematch is the next challenge, which is made in
    the title's run (engine.challenge does not fit beside a match): the board restarts
    into code.py, which starts it at once (no title shown) and restarts into it."""
    plan = dict(boardrig.PLANS["2p-easy-fixed-rounds"], matches=2)
    r = boardrig.play(plan, tree=tree, pystack=PYSTACK)
    assert r.ok, r.explain()
    # set-up -> match 1 -> (rematch) the next challenge made -> match 2 -> (its end) the
    # title, where the plan ends
    assert [x.next_file for x in r.runs] == ["match.py", None, "match.py", None, None]
    assert [x.reload_nvm is not None for x in r.runs] == [True, True, True, True, False]
    assert r.result["matches"] == 2 and "end" in r.result["screens"]


@pytest.fixture(scope="module")
def unix32():
    return boardrig.unix32()


@pytest.mark.parametrize("name", sorted(boardrig.PLANS))
def test_whole_matches_fit_the_heap_budget(tree, unix32, name):
    plan = boardrig.PLANS[name]
    r = boardrig.play(plan, tree=tree, heap=boardrig.HEAP_BUDGET, interpreter=unix32)
    assert r.ok, r.explain()
    if plan.get("demo"):
        assert r.result["matches"] >= 1 and "chip" in r.result["screens"]
    else:
        assert r.result["matches"] == plan["matches"]
        assert "end" in r.result["screens"]


@pytest.mark.parametrize("code", ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi"))
def test_a_match_fits_the_heap_budget_in_every_language(tree, unix32, code):
    """Each language's texts and glyphs at seven players, every screen of a match (the
    English plans above stand for the code paths; the pystack does not depend on the
    language), the match started in a fresh heap as on the board."""
    plan = boardrig.in_language(boardrig.LANGUAGE_PLAN, code)
    r = boardrig.play(plan, tree=tree, heap=boardrig.HEAP_BUDGET, interpreter=unix32)
    assert r.ok, r.explain()
    assert r.result["matches"] == 1 and "end" in r.result["screens"]
    for screen in ("pause", "rules", "round"):
        assert screen in r.result["screens"], r.result


@pytest.mark.parametrize("cap_kb", [84, 80])
def test_a_heap_smaller_than_the_match_needs_gets_the_memory_screen(tree, unix32, cap_kb):
    """The shortage path, at caps below what the largest match needs: the player sees
    the app's own memory screen (not a traceback on the display), the match stays
    saved for Continue, and A restarts the board."""
    plan = dict(boardrig.PLANS["7p-hard-agurk"])
    plan["fail"] = {"after_plays": 10 ** 6, "kind": "memory"}  # the rig accepts a crash
    runs = boardrig.run_app(plan, tree=tree, heap=cap_kb * 1024, interpreter=unix32,
                            reloads=1)
    assert runs[0].ok and runs[0].next_file == "match.py", runs[0].explain()
    crashed = runs[1]
    assert crashed.ok, crashed.explain()
    screen = [ln for ln in crashed.stdout.splitlines() if ln.startswith("RIG-CRASH ")]
    assert screen and "Out of memory" in screen[0], crashed.stdout[-2000:]
    assert "Your match is saved" in screen[0]
    assert crashed.reload_nvm and crashed.next_file is None  # A: the title, Continue


def test_the_heap_rig_collects_inside_a_match(tree, unix32):
    """micropython32's cap is a real one: a run that needs more than the heap fails as
    MemoryError, and the app's crash screen is what the player sees."""
    r = boardrig.play(boardrig.PLANS["2p-easy-fixed-rounds"], tree=tree, heap=48 * 1024,
                      interpreter=unix32)
    assert r.failure == "memory", r.explain()
    r = boardrig.run("x = []\nfor i in range(4000):\n    x.append(bytearray(40))\n",
                     tree=tree, heap=100 * 1024, interpreter=unix32)
    assert r.failure == "memory", r.explain()
    r = boardrig.run("def f():\n    for i in range(100000):\n        x = bytearray(40)\nf()\n",
                     tree=tree, heap=32 * 1024, interpreter=unix32)
    assert r.ok, r.explain()  # 4 MB of garbage made inside one call
