"""Board rig guest: where the heap goes (tools/measure/bench_board.py runs it under micropython32).

Imports the app's modules one at a time, then makes what a 7-player match holds, reading
the live heap (after a collection) at each point. Prints ``RIG-HEAP <bytes> <label>``
lines: the heap each step added. Import order matters (a module's first importer pays
for what it imports); this is the order in which a match needs them.
"""

import gc


def live():
    gc.collect()
    return gc.mem_alloc()


_last = [0]


def mark(label):
    now = live()
    print("RIG-HEAP %d %s" % (now - _last[0], label))
    _last[0] = now


# before this: the rig's preamble, which imports cucumber.ui (and with it displayio,
# terminalio and vectorio) to point it at the drive's folder
mark("interpreter, rig preamble, cucumber.ui")
import rigdriver  # noqa: E402
rigdriver.start({"setup": {}, "seed": 1})
mark("rigdriver (the rig's player) and board")
for name in ("time", "keypad", "digitalio", "microcontroller", "supervisor"):
    __import__(name)
mark("built-in modules (time, keypad, digitalio, microcontroller, supervisor)")
for name in ("engine.cards", "engine.rng", "engine.rules", "engine.match", "engine.view",
             "engine.save", "engine.ai", "cucumber.keys", "cucumber.seats", "cucumber.store",
             "cucumber.board", "cucumber.app", "cucumber.table"):
    __import__(name)
    mark("import " + name)
from cucumber.board import open_hardware  # noqa: E402
hw = open_hardware()
mark("open_hardware(): keys, display, sound and lights objects")
from engine.rules import Rules  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.ai import Player  # noqa: E402
m = Match(Rules("agurk", players=7), seed=3, log_events=True)
mark("a 7-player Match")
bots = [Player("hard", 7 * s) for s in range(1, 7)]
mark("six hard AI players")
import cucumber.table as table  # noqa: E402
fonts = table.table_fonts(7)
mark("the table's two fonts (tile sheets read from the glyph files)")
t = table.Table(m, bytearray([0, 3, 3, 3, 3, 3, 3]), fonts)
hw.display.root_group = t.group
t.refresh()
mark("the 7-player table's display objects")
for name in ("summary", "pause", "rulespage", "menus", "settings"):
    __import__("cucumber." + name)
    mark("import cucumber." + name + " (not loaded at the table)")
import micropython  # noqa: E402
micropython.qstr_info()
raise SystemExit
