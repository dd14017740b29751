"""The board rig's report (tools/rig/boardrig.py reads it): the result line at the end of a
plan and what a restart hands to the next run. Its own module: under micropython32 the
rig's start loads it with the player into the rig's area, outside the capped heap
(boardrig.app_start); without a rig's area (``righeap=0``) it is imported only when it
reports, so that its code is not in the heap of the match the rig measures. Everything
is printed a piece at a time (a fragmented heap may have no block for a whole line)."""

import sys


def finish(player, app):
    import gc
    gc.collect()
    print("RIG-RESULT ", end="")
    _emit({
        "matches": player.matches(app), "steps": player.steps, "plays": player.plays,
        "screens": sorted(player.screens.keys()), "crash_screens": player.crash_screens,
        "crash_text": player.crash_text, "continued": player.continued,
        "rounds": player.rounds, "live_by_screen": player.live})
    print()
    raise SystemExit


def reload(player, next_file, carried):
    """The nvm, the next code file and what the player knew (its attributes named in
    ``carried``), for the rig, which starts the next run with them (boardrig.run_app);
    then this run ends."""
    import microcontroller
    if player is not None:
        app = getattr(sys.modules.get("cucumber.app"), "running", None)
        ended = getattr(app, "matches_ended", 0) if app is not None else 0
        print("RIG-CARRY ", end="")
        carry = {"rng": player.rng.x}
        for k in carried:
            carry[k] = getattr(player, k)
        carry["matches_before"] = player.matches_before + ended
        _emit(carry)
        print()
    if next_file:
        print("RIG-NEXT " + next_file)
    print("RIG-RELOAD ", end="")
    nvm = microcontroller.nvm
    for i in range(0, len(nvm), 32):
        print(bytes(nvm[i:i + 32]).hex(), end="")
    print()
    raise SystemExit


def _emit(v):
    """Print ``v`` (ints, bools, strings, lists, dicts) as JSON, a piece at a time: a rig
    interpreter may have no ``json`` module."""
    if v is True or v is False:
        print("true" if v else "false", end="")
    elif isinstance(v, int):
        print(v, end="")
    elif isinstance(v, str):
        print('"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"',
              end="")
    elif isinstance(v, dict):
        print("{", end="")
        first = True
        for k in v:
            if not first:
                print(", ", end="")
            first = False
            _emit(str(k))
            print(": ", end="")
            _emit(v[k])
        print("}", end="")
    else:
        print("[", end="")
        for i in range(len(v)):
            if i:
                print(", ", end="")
            _emit(v[i])
        print("]", end="")
