"""The board rig's heap census (plan key ``census``; tools/measure/bench_board.py reads
it): where the heap goes at two moments of a match, the first deal (the table shown for
the first time in a run) and the worst moment (the most live heap after a collection,
each step). Its own module, imported only in a census run: normal runs hold none of it
(under micropython32 the census run's start loads it with the player into the rig's area,
outside the capped heap that ``gc.mem_alloc()`` counts: boardrig.app_start).

Prints, at each of these moments, ``RIG-CENSUS <moment> <live bytes> <step> <screen>``, the
live heap by kind (``RIG-KIND <bytes> <blocks> <kind>`` lines from micropython32's
``righeap.census()``: every block by its type, or by what holds it), the interpreter's
interned-name line (``micropython.qstr_info()``), ``RIG-LOADED`` with the modules loaded
then, and ``RIG-CENSUS-END``. The worst moment is printed each time it
grows: the last one printed is the run's. What each module cost when it loaded is
printed by boardrig's ``CENSUS_HOOK``, put before everything else of the run (with a
rig's area: at the end of the rig's start, so that the player's modules are not listed).
"""

import gc
import sys

try:  # the census by kind of micropython32 (and -pystubs): tools/rig/unix32/mod_righeap.c
    import righeap
except ImportError:  # an interpreter without it: no RIG-KIND lines
    righeap = None

_worst = [0]
_first = [False]


def show(player, screen, app):
    gc.collect()
    live = gc.mem_alloc()
    if player.plan.get("census_cut") == player.steps:
        _take_apart(app, live, screen)
    if screen == "table" and not _first[0]:
        _first[0] = True
        _print("first-deal", live, player.steps, screen)
    if live > _worst[0]:
        _worst[0] = live
        _print("worst", live, player.steps, screen)


def _print(moment, live, step, screen):
    import micropython
    print("RIG-CENSUS", moment, live, step, screen)
    if righeap is not None:  # first: the lines below make garbage that a stale word may hold
        righeap.census()
    micropython.qstr_info()
    print("RIG-LOADED", " ".join(sorted(sys.modules.keys())))
    print("RIG-CENSUS-END")


def _take_apart(app, live, screen):
    """At the step the plan names (``census_cut``: the worst moment's, from a first
    census run), let go of each part in turn, reading what that frees: the display
    objects (every screen's groups, tile grids, bitmaps, palettes, fonts, the card
    sheet), then the match and its players, then the sound; the run ends there."""
    print("RIG-CENSUS-CUT", screen, live)
    hw = app.hw
    hw.display.root_group = None
    app.screen = app.table = app.table_fonts = None
    ui = sys.modules.get("cucumber.ui")
    if ui is not None:
        ui._pal_cache.clear()
        ui._font = ui._sheet = ui._dim = None
    live = _part("display objects", live)
    app.match = app.bots = app.hinters = app.demo = None
    app.pages = []
    app.penalty_scores = app.kinds = None
    live = _part("the match and its players", live)
    hw._buf = None
    hw._audio = None
    live = _part("sound (the last sound's samples, the audio output)", live)
    raise SystemExit


def _part(label, before):
    gc.collect()
    now = gc.mem_alloc()
    print("RIG-PART", before - now, label)
    return now
