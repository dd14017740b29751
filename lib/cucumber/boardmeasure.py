"""The board check's measuring run (check.py): memory and speed, measured in a fresh heap.

``run(app, restarted)`` measures what docs/PLATFORM.md could only estimate, with no
question asked, and writes the figures into the BOARD record (cucumber.boardrec: the
previous check's move to its "last" place) with the REPORT flag, for the page the
title's run shows. In the order measured:

- the heap free and its total as the app started (``hw.heap_at_start``, noted by
  cucumber.lobby.begin: the app's start, its title's code loaded, as code.py's);
- the seven-player table as a match starts (seven hard AIs, nothing saved): the
  restart's time, from ``ticks_ms()`` before the restart (``boardrec.T0``) to the
  table drawn, and the heap free there;
- a full-screen redraw of that table (``display.refresh()`` with nothing drawn since);
- the hard AI, its board budget (``engine.ai.EFFORT_AFTER_HUMAN``), on the first two
  tricks of a fixed deal (``SEED``) at seven and at four players: the mean decision in
  ms, and the work units it searched a second;
- one nvm write (the record's own, written twice: the second holds the first's time).

Then it prints the report on the serial console (cucumber.boardreport), in this run, where
the table has gone: the title's run shows the report's page only.

Where the board cannot restart (a PC), the same in the heap the check ran in, and no
restart time. The clock is ``hw.ticks_ms()`` (1 ms steps). Loaded only in that run.
"""

import gc

from engine.compat import const
from cucumber import boardrec as rb

SEED = const(2026)  # the deal the AI is timed on, the same on every board
_WRAP = const(0x1FFFFFFF)
_MINUTE = const(60000)
_MB = const(1 << 20)


def _since(hw, t):
    return (hw.ticks_ms() - t) & _WRAP


def _mem_free():
    gc.collect()
    return gc.mem_free()


def run(app, restarted):
    """Measure, if the record asks for it (MEASURING); the figures and REPORT saved."""
    from cucumber.store import BOARD
    hw = app.hw
    store = app.store
    rec = rb.read(store)
    if not rec[1] & rb.MEASURING:
        return
    now = rec[rb.NOW:rb.LAST]
    if now != b"\xff" * len(now):
        rec[rb.LAST:rb.LAST + len(now)] = now  # the last check's, for what changed
        rec[rb.NOW:rb.LAST] = b"\xff" * len(now)
    # the heap as cucumber.lobby.begin noted it; none where it was not (a PC, whose gc
    # has no mem_free) or is no board's (the browser, whose heap grows and collects only
    # between steps), and then none at the table either
    heap = getattr(hw, "heap_at_start", None)
    if heap is not None and heap[0] + heap[1] > _MB:
        heap = None  # no handheld's: the browser's port counts all it may still add
    if heap is not None:
        rb.set_figure(rec, rb.HEAP_START, heap[0])
        rb.set_figure(rec, rb.HEAP_TOTAL, heap[0] + heap[1])
    _table(app, rec, restarted, heap is not None)
    _ai(hw, rec, 7, rb.AI7_MS)
    _ai(hw, rec, 4, rb.AI4_MS)
    rec[1] = (rec[1] & ~rb.MEASURING) | rb.REPORT
    t = hw.ticks_ms()
    store.put(BOARD, rec)
    rb.set_figure(rec, rb.NVM_MS, _since(hw, t))
    store.put(BOARD, rec)
    # the report on the serial console, here: the table let go, this run's heap has
    # room for its code, which the title's run, at its report page, had not (the rig:
    # the board-check plan needed 93,184 B with it printed there)
    if hw.display is not None:
        hw.display.root_group = None
    app.screen = app.table = app.match = None
    gc.collect()
    from cucumber.boardreport import print_report
    print_report(hw, rec, bytes(rb.made_table(hw)))
    from cucumber import forget
    forget("boardreport")  # (where the board cannot restart, the title comes next here)


def _table(app, rec, restarted, heap):
    """The seven-player table as a match begins: the restart's time, the heap, a
    redraw."""
    from engine.match import Match
    from engine.rules import Rules
    from cucumber import turns
    from cucumber.seats import HARD
    hw = app.hw
    m = Match(Rules("agurk", players=7), seed=SEED)
    app.match = m
    app.kinds = bytearray(7)
    for s in range(7):
        app.kinds[s] = HARD
    turns.show_table(app, False)
    d = hw.display
    if d is not None:
        try:
            d.refresh()
        except Exception:
            pass
    if restarted:
        t0 = rec[rb.T0] << 24 | rec[rb.T0 + 1] << 16 | rec[rb.T0 + 2] << 8 | rec[rb.T0 + 3]
        ms = _since(hw, t0)
        if ms < _MINUTE:  # else a clock that did not run on across the restart (the rig)
            rb.set_figure(rec, rb.RESTART_MS, ms)
    if heap:
        rb.set_figure(rec, rb.HEAP_TABLE, _mem_free())
    if d is not None:
        try:  # the whole screen drawn again: a new root group, nothing refreshed since
            d.auto_refresh = False
            g = d.root_group
            d.root_group = None
            d.root_group = g
            t = hw.ticks_ms()
            d.refresh()
            rb.set_figure(rec, rb.REDRAW_MS, _since(hw, t))
        except Exception:  # a display without refresh(): no figure
            pass
        try:
            d.auto_refresh = True
        except Exception:
            pass


def _ai(hw, rec, n, at):
    """The hard AI on the first two tricks of the fixed deal at ``n`` players: figures
    ``at`` (ms a decision) and ``at + 1`` (work units a second of search)."""
    from engine.ai import Player, thoughts
    from engine.match import Match
    from engine.rules import Rules
    m = Match(Rules("agurk", players=n), seed=SEED)
    total = 0
    searched_ms = 0
    units = 0
    decisions = 0
    for _ in range(2 * n):
        s = m.current_player()
        p = Player("hard", SEED + s)
        v = m.view(s)
        t = hw.ticks_ms()
        card = p.choose(v)
        ms = _since(hw, t)
        total += ms
        decisions += 1
        t = thoughts()  # (deals, work, rows), or None when it did not search
        if t is not None:
            units += t[1]
            searched_ms += ms
        m.apply_action(card)
    rb.set_figure(rec, at, total // decisions)
    if searched_ms:
        rb.set_figure(rec, at + 1, units * 1000 // searched_ms)
