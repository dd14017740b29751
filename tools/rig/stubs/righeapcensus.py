"""The board rig's heap census (plan key ``census``; tools/measure/bench_board.py reads
it): where the heap goes at two moments of a match, the first deal (the table shown for
the first time in a run) and the worst moment (the most live heap after a collection,
each step). Its own module, imported only in a census run: normal runs hold none of it.

Prints, at each of these moments, ``RIG-CENSUS <moment> <live bytes> <screen>``, the
interpreter's interned-name line (``micropython.qstr_info()``), ``RIG-LOADED`` with the
modules loaded then, and ``RIG-CENSUS-END``. The worst moment is printed each time it
grows: the last one printed is the run's. What each module cost when it loaded is
printed by boardrig's ``CENSUS_HOOK``, put before everything else of the run.
"""

import gc
import sys

_worst = [0]
_first = [False]


def show(player, screen, app):
    gc.collect()
    live = gc.mem_alloc()
    if screen == "table" and not _first[0]:
        _first[0] = True
        _print("first-deal", live, screen)
    if live > _worst[0]:
        _worst[0] = live
        _print("worst", live, screen)


def _print(moment, live, screen):
    import micropython
    print("RIG-CENSUS", moment, live, screen)
    micropython.qstr_info()
    print("RIG-LOADED", " ".join(sorted(sys.modules.keys())))
    print("RIG-CENSUS-END")
