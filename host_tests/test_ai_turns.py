"""An AI's turn on the board thinks a slice of work at a time between two reads of the
buttons (cucumber.turns.ai_turn, engine.ai.Player.begin and think), from the pause
after the card before (cucumber.turns.think_ahead): a press while an AI thinks acts
within 100 ms, on the board rig with a clock that also counts the AI's work,
and the decisions are the ones made in one call."""

import ast
import contextlib
import io

import pytest

import boardrig

# The rig's clock (tools/rig/stubs/time.py, micropython32-pystubs) moves only when the app
# sleeps: 50 ms a call, the AI's work free. The prelude below, run after the rig's player
# starts, makes it the board's: in a match the loop's sleep is 10 ms (cucumber.app's
# run; the rig's 50 ms elsewhere, the pace its player's keys expect), and every
# AI decision moves the clock by its work at a conservative price: each work unit of
# think() at 10,000 fuel (the worst slice measured, 4.15 million fuel for 432 units, is
# 9,600 a unit) and each begin() at 4.1 million fuel (its worst measured, agurk at seven
# players), at 113 million fuel a second (docs/PLATFORM.md). The rest of a pass (drawing,
# the keys) is not counted. It presses START on the table while an AI's decision is under
# way (begun, not decided; not in the moment after a screen change, when the app ignores
# keys), once in five such passes, and records for each press the
# clock from the read before it to the read after the pause menu was opened (an upper
# bound of the press's wait: the press may come at any moment after the read before), and
# for every pass of an AI's turn the clock between two reads.
PRELUDE = r'''
import sys, time
_UNIT_US = 10000 * 1000000 // 113000000  # a work unit at 10,000 fuel, in microseconds
_BEGIN_US = 4100000 * 1000000 // 113000000
_rig = {"us": 0, "last": None, "gaps": 0, "worst_gap": -1, "presses": [], "pending": None,
        "turn": False, "skip": 0}


def _charge(us):
    _rig["us"] += us
    time.rig_ms += _rig["us"] // 1000
    _rig["us"] %= 1000


def _clocked(mod):
    Player = mod.Player
    if getattr(Player, "rig_clocked", False):
        return
    begin = Player.begin
    think = Player.think
    state = mod._search_state

    def timed_begin(self, view, effort=None):
        _charge(_BEGIN_US)
        return begin(self, view, effort)

    def timed_think(self, units):
        work = state[14]  # engine.ai._WORK
        action = think(self, units)
        _charge((state[14] - work) * _UNIT_US if state[14] >= work else 0)
        return action

    Player.begin = timed_begin
    Player.think = timed_think
    Player.rig_clocked = True


_player = rigdriver._player
_key = _player.key


def _thinking(app):
    t = getattr(app, "thinking", None)
    # the guard: keys are ignored for a moment after a screen change (cucumber.app)
    # on its turn, or ahead of it while the table holds still after a card
    return (app.screen is app.table and app.table is not None
            and (app.ai_ready is not None or app.wait is not None)
            and t is not None and t[0] is not None and t[1] is None
            and (app.now - app.guard) & 0x1FFFFFFF < 0x10000000)


def _rig_key():
    mod = sys.modules.get("engine.ai")
    if mod is not None:
        _clocked(mod)
    now = time.rig_ms
    last = _rig["last"]
    _rig["last"] = now
    mod = sys.modules.get("cucumber.app")
    app = getattr(mod, "running", None)
    if app is None or not hasattr(app, "ai_ready"):
        return _key()
    # in a match the loop sleeps as on the board, time.sleep(0.01); elsewhere the rig's 50
    # ms, whose player presses keys at a pace the set-up's guard lets through
    time.STEP_MS = 10 if app.match is not None else 50
    pending = _rig["pending"]
    if pending is not None:
        _rig["pending"] = None
        name = app.screen.name if app.screen is not None else None
        _rig["presses"].append([now - pending, name])
    if _rig["turn"]:  # the pass just ended was one of an AI's turn (counted, not kept:
        _rig["gaps"] += 1  # a whole match has some 20,000 such passes)
        _rig["worst_gap"] = max(_rig["worst_gap"], now - last)
    _rig["turn"] = (app.screen is app.table and app.table is not None
                    and (app.ai_ready is not None or app.wait is not None))
    if _thinking(app) and len(_rig["presses"]) < 40:
        _rig["skip"] += 1
        if _rig["skip"] % 5 == 0:
            _rig["pending"] = last
            _player.steps += 1
            return 6  # START
    return _key()


_player.key = _rig_key


def _report():
    print("RIG-THINK", {"gaps": _rig["gaps"], "worst_gap": _rig["worst_gap"],
                        "presses": _rig["presses"]})


import rigreport
_finish = rigreport.finish


def _finished(player, app):
    _report()
    _finish(player, app)


_reload = rigreport.reload


def _reloaded(player, next_file, carried):
    _report()
    _reload(player, next_file, carried)


rigreport.finish = _finished
rigreport.reload = _reloaded
'''


def _think_lines(result):
    out = []
    for r in result.runs:
        for line in r.stdout.splitlines():
            if line.startswith("RIG-THINK "):
                out.append(ast.literal_eval(line[len("RIG-THINK "):]))
    return out


def _play(plan, tree):
    """``plan`` through its restarts (as boardrig.run_app), the prelude in every run."""
    plan = dict(plan)
    runs = []
    while True:
        code, _ = boardrig.app_job(plan)
        head, rest = code.split("\n", 2)[:2], code.split("\n", 2)[2]
        r = boardrig.run("\n".join(head) + "\n" + PRELUDE + rest, None, tree=tree,
                         pystack=4096)
        runs.append(r)
        if not r.ok or r.reload_nvm is None or len(runs) > 8:
            r.runs = runs
            return r
        plan["nvm"] = r.reload_nvm
        plan["next"] = r.next_file
        plan["carry"] = r.carry


@pytest.fixture(scope="module")
def tree():
    return boardrig.make_tree()


def test_a_press_while_an_ai_thinks_acts_within_100_ms_of_the_rig_clock(tree):
    """Seven players, six hard AIs (the largest decisions), a whole match: START pressed
    while an AI's decision is under way (on its turn, or ahead of it while the card
    before is highlighted) opens the pause menu at the next pass, its wait
    at most 100 ms of the work-counting clock; back from the menu the match goes on
    (the decision carries on where it was) to its end; no pass of an AI's turn keeps the
    buttons waiting 100 ms."""
    plan = {"setup": {"profile": 0, "players": 7, "kinds": [0, 3, 3, 3, 3, 3, 3],
                      "threshold": 21}, "seed": 3}
    r = _play(plan, tree)
    assert r.ok, r.explain()
    assert r.result["matches"] == 1 and "end" in r.result["screens"]
    lines = _think_lines(r)
    presses = [p for line in lines for p in line["presses"]]
    assert len(presses) >= 10, lines
    for wait, screen in presses:
        assert screen == "pause" and wait <= 100, presses
    assert sum(line["gaps"] for line in lines) > 200
    assert max(line["worst_gap"] for line in lines) <= 100, lines


def _driven_match(monkeypatch, pause_every):
    """A human and three hard AIs for two rounds, the app stepped 10 ms at a time (the
    board's loop), the human's cards chosen by the driver; with ``pause_every``, START
    pressed at every ``pause_every``-th step of an AI's decision under way, on its turn
    or ahead of it (Continue then). (cards played as (seat, card, ms from the turn's
    start to its card), START presses made, presses that opened the pause menu at once,
    decisions begun while the table held still before the turn)."""
    from screenshots import Driver
    from cucumber import keys, turns
    from cucumber.settings import HARD, HUMAN

    played = []
    began = {}
    ahead = [0]
    advance, act = turns.advance, turns.act
    begin = turns._begin

    def spy_advance(app):
        waiting = app.ai_ready is None
        advance(app)
        if app.match is not None and waiting and app.ai_ready is not None:
            began["at"] = app.now  # an AI's turn starts: its indicator shows from now

    def spy_begin(app, thinking, bot, view, on_turn):
        ahead[0] += app.wait is not None and not on_turn
        begin(app, thinking, bot, view, on_turn)

    def spy_act(app, action):
        played.append((app.match.current_player(), action, app.now - began.get("at", 0)))
        act(app, action)

    monkeypatch.setattr(turns, "advance", spy_advance)
    monkeypatch.setattr(turns, "act", spy_act)
    monkeypatch.setattr(turns, "_begin", spy_begin)
    d = Driver(seed=5)
    d.start(profile=0, players=4, kinds=(HUMAN, HARD, HARD, HARD))
    d.step_ms = 10  # from the table on (the set-up's keys want the driver's pace)
    presses = [0, 0]
    count = [0]

    def stop(dr):
        app = dr.app
        if dr.name() == "pause":
            dr.press(keys.A)  # Continue (ignored for a moment after the screen change)
        elif (pause_every and app.screen is app.table and app.match is not None
              and getattr(app, "thinking", None) is not None
              and app.thinking[0] is not None and app.thinking[1] is None
              and app.now - app.guard >= 0):
            count[0] += 1
            if count[0] % pause_every == 0:
                presses[0] += 1
                dr.press(keys.START)
                presses[1] += dr.name() == "pause"
        return app.match is None or app.match.round_no >= 2

    with contextlib.redirect_stdout(io.StringIO()):
        reached = d.auto(stop, max_steps=60000)
    monkeypatch.undo()  # the next match's spies wrap the functions, not these spies
    assert reached, (d.name(), presses, len(played))
    return played, presses, ahead[0]


def test_an_ai_thinks_across_passes_and_a_pause_changes_no_card(monkeypatch):
    """In the app an AI's card comes at least the thinking indicator's 250 ms after its
    turn began; START while it thinks opens the pause menu at that very step, and after
    Continue the decision goes on: the match is card for card the one played without a
    pause."""
    plain, _, ahead = _driven_match(monkeypatch, 0)
    paused, (pressed, opened), _ = _driven_match(monkeypatch, 3)
    ai_cards = [p for p in plain if p[0] != 0]
    assert len(ai_cards) > 30
    assert all(ms >= 250 for _, _, ms in ai_cards), ai_cards
    assert pressed >= 10 and opened == pressed
    assert [p[:2] for p in paused] == [p[:2] for p in plain]
    # most AI cards follow another card held on the table (an AI's, or a taken trick):
    # those decisions began during that pause
    assert ahead >= len(ai_cards) // 2, (ahead, len(ai_cards))
