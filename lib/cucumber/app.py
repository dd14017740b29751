"""The handheld app: its loop (the keys in, the screens out) and the commands that move
it from screen to screen.

``App(hw).run()`` on the board (``main``); tests call ``App(hw, store).step()`` with a
fake clock. One step reads the keys, hands them to the current screen, and advances
whatever is due (AI turns, pauses, the next page). A screen answers a key with a
command, ``("play", card)`` say, which ``command`` carries out. Every pause is a
deadline in ``hw.ticks_ms()``; keys pressed before it passes are dropped, as are the rest
of a batch of keys once one of them changed the screen.

How a button press becomes a played card, in three files: ``step`` here gives the key
to the table (cucumber.table, whose hand and keys are cucumber.hand), which answers A
with ``("play", card)``; ``command`` plays that card in the match and hands on to
cucumber.turns, which draws what came of it and moves on to the next turn. The other jobs have
modules of their own: the title, set-up and settings (cucumber.lobby), a match's start
and the board's restart into it (cucumber.starting), each screen's drawing and keys.

Only the current screen's display group exists: making a screen builds its group and
the previous one is dropped, and nothing holds the old one while the new one is built
(not ``step()``'s local, not the lobby's code: measured, that took 4-6 KB of the worst
plans' heap). Only the current screen's code is loaded, too: each screen module (menus,
rulespage, summary, pause, chip, challenges) is imported when one of its screens opens
and forgotten when a screen of another opens. The table's modules stay for the whole of a
match: imported again after every round's pages they fragmented the heap (measured on
micropython32: the worst plan needed 102,400 B that way, 101,376 B kept). The title's
code (cucumber.lobby, cucumber.settings, the version) is forgotten for the whole of a
match (the preferences a match needs are read out of them first), and so is the code
that starts a match (cucumber.starting). What each part costs is in docs/FIGURES.md
(tools/measure/bench_board.py).

Every match event is also one line on the serial console (cucumber.console). The
classroom's parts are modules of their own, loaded only while used: the demo
(cucumber.demo, which cucumber.turns asks for its pauses and this module hands the
table's keys), the hint key (cucumber.hint), a student's bot seat (cucumber.botseat)
and the Inside the chip page (cucumber.chip).
"""

import gc
import sys

from engine.compat import const
from cucumber import forget, keys, turns, ui
from cucumber.board import ticks_diff

_MASK = const((1 << 29) - 1)  # supervisor.ticks_ms() wraps at 2**29
_GUARD_MS = const(150)  # keys are ignored this long after a screen change

SCREEN_MODULES = ("menus", "rulespage", "summary", "pause", "chip",
                  "challenges", "boardcheck")  # one loaded
TABLE_MODULES = ("table", "hand")  # kept for the whole of a match
OUTSIDE_A_MATCH = ("lobby", "settings", "version")  # forgotten while a match is on
# engine modules a match imports on rare occasions (a Continue, the rules page, an
# illegal card's reason, a round that reached the threshold), forgotten at the next
# screen (measured: restore 2,128 B, rulesx 1,392 B, micropython32); and the app's own
# (the hint key, a match's start)
ENGINE_ON_USE = ("restore", "given", "rulesx", "refusals", "explain", "matchend")
ON_USE = ("hint", "review", "rulestext", "starting", "botwords")
CRASH_USES = ("app", "board", "crash", "keys", "lang", "store", "ui")  # kept for it


def module(name):
    """cucumber.``name``, imported now if it is not loaded."""
    m = sys.modules.get("cucumber." + name)
    if m is None:
        __import__("cucumber." + name)
        m = sys.modules["cucumber." + name]
    return m


class App:
    """What the app knows between two steps: the hardware, the store, the screen shown,
    and while a match is on, the match, its seats' players and its pauses."""

    def __init__(self, hw, store=None, seed=None, entry="code.py"):
        self.hw = hw
        self.collect = gc.collect  # between screens; host tests may skip it
        if store is None:
            from cucumber.store import Store
            store = Store(hw.nvm)
        self.store = store
        self.prefs = self.setup = self.stats = None  # outside a match only (cucumber.lobby)
        self.seed = seed if seed is not None else (hw.ticks_ms() & 0x3FFFFFF) + 1
        self.match = None
        self.kinds = None
        self.bots = None
        self.bot_seed = 0
        self.holder = None  # the seat whose hand the table shows
        self.humans = 0
        self.table = None
        self.table_fonts = None  # the table's bitmap fonts, kept for the match
        self.screen = None
        self.pages = []
        self.wait = None  # tick deadline of the current pause
        self.ai_ready = None  # the AI to move thinks from this tick; decided, plays at it
        self.clear_after_wait = False
        self.penalty_scores = None
        self.lights = None
        self.matches_ended = 0
        self.now = hw.ticks_ms()
        self.guard = self.now
        self.muted = False
        self.hints = False  # the preferences a match needs (cucumber.lobby.apply_prefs)
        self.plotter = False
        self.hinters = None  # per human seat: the hard AI that gives that seat's hints
        self.demo = None  # the classroom demo (cucumber.demo) while it runs
        self.unrecorded = None  # the winner of a match ended and not yet counted (STATS)
        self.pending = None  # a match the lobby asked for: started once it returns
        self.screens_shown = 0
        self.started_ms = self.now
        self.decision_ns = None  # the last AI decision: its time, and the deals it sampled
        self.decision_deals = None
        self.flash_writes = None  # read by the Inside the chip page when it opens
        module("lobby").begin(self, entry)  # the title, or what ``entry`` starts
        self._start_pending(False)

    # ----- the screen shown ------------------------------------------------------------

    def beep(self, kind):
        if not self.muted:
            self.hw.beep(kind)

    def set_screen(self, screen):
        """Show ``screen`` (already built, e.g. the kept table)."""
        self.screens_shown += 1
        self.screen = screen
        self.hw.display.root_group = screen.group
        self.guard = (self.now + _GUARD_MS) & _MASK

    def open_screen(self, where, make, *args):
        """Drop the current screen (its group, and the code of the other screen modules),
        then build ``cucumber.<where>.<make>(*args)`` and show it, so that two screens
        never hold memory at once (the table's modules are kept for
        the whole match)."""
        self.hw.display.root_group = None
        self.screen = None
        for name in SCREEN_MODULES:
            if name != where:
                forget(name)
        # the table's code stays for the match, except for the Inside the chip page
        # (opened from the demo: the page's code and group are the largest) and once the
        # match is over (its last page)
        if where != "table" and (self.match is None or where == "chip"
                                 or self.match.is_terminal()):
            for name in TABLE_MODULES:
                forget(name)
        if self.match is not None:
            for name in OUTSIDE_A_MATCH:
                forget(name)
        for name in ENGINE_ON_USE:
            forget(name, "engine")
        for name in ON_USE:
            forget(name)
        ui.forget_palettes()
        self.collect()
        try:
            screen = getattr(module(where), make)(*args)
        except MemoryError:
            # The heap in holes too small for the screen's code or objects: let go of
            # what can be made again from the match (the kept table, the table's modules
            # unless they are what opens), collect and try once more; a second failure
            # is the crash screen's. Measured on the rig: the pause menu beside the kept
            # table failed so (5p-bot-hints: 103,424 B needed without this, 102,400).
            # (no loop here: a loop in the handler made this frame deeper)
            self.table = None
            forget(where)
            forget("table")
            forget("hand")
            if where == "table":  # its fonts too (the last argument): read again
                self.table_fonts = None
                args = args[:-1] + (None,)
            self.collect()
            screen = getattr(module(where), make)(*args)
        self.set_screen(screen)

    def show_title(self, notice=None):
        module("lobby").show_title(self, notice)

    # ----- commands ------------------------------------------------------------------

    def command(self, cmd):
        """Carry out what a screen (or the demo) answered to a key."""
        _wipe_pystack()
        c = cmd[0]
        if c == "play" or c == "decide":  # a card, or a re-entry answer
            self.match.apply_action(cmd[1])
            turns.after_action(self)  # what came of it, and on to the next turn
        elif c == "confirm":  # the cover: the seat to play holds the device now
            self.holder = cmd[1]
            turns.show_table(self)
        elif c == "pause":  # ("pause", cursor): back from the rules, on "Rules"
            self._pause_menu(cmd)
        elif c == "resume" or c == "demo_back":
            turns.resume(self)
        elif c == "next":
            turns.next_page(self)
        elif c == "rules":
            self._rules()
        elif c == "back":
            if self.match is not None:
                turns.resume(self)
            else:
                self.show_title()
        elif c == "hint":
            module("hint").give(self)
        elif c == "chip":
            self._chip()
        elif c == "error":
            self.beep("error")
        elif c == "rematch":
            self.pending = ("new", self.match.rules.copy(), self.kinds)
            self.match = None
            self.table = None
            self._start_pending(self.demo is None)
        else:  # the title's, the set-up's and the settings' (and "title")
            if c == "title" and self.match is not None:
                # leaving a match (its end, B in the demo, the pause menu's quit; what it
                # must keep is saved): the title in a fresh heap where the board can
                # (measured: importing the lobby after a match failed at 100 KB)
                self.restart()
            if c == "title" and self.table is not None:
                # the table goes before the lobby's code comes (measured: the 7-player
                # demo ran out of memory importing lobby beside it)
                self.hw.display.root_group = None
                self.screen = None
                self.table = None
                self.collect()
            module("lobby").command(self, cmd)
            self._start_pending(True)

    # command()'s branches with many arguments are methods: a call's arguments make the
    # frame of the function that makes it larger, and command() is on the deepest path.

    def _start_pending(self, restart):
        """Start the match the lobby asked for (``self.pending``; cucumber.starting): here,
        once the lobby's code has returned and is forgotten, so that nothing keeps it
        (and cucumber.settings) while the table is built; nor cucumber.starting, which
        is forgotten once the match has begun, before its first turn."""
        if self.pending is None:
            return
        for name in OUTSIDE_A_MATCH:
            forget(name)
        # collected first: cucumber.starting's code and the match's objects then take
        # the lobby's room (micropython32: 5p-hard-ogorek-buyback needed 96,256 B
        # without this, 95,232 B with it)
        self.collect()
        module("starting").start(self, restart)
        forget("starting")
        turns.advance(self)

    def restart(self, code_file=None):
        """A fresh heap (cucumber.board.Hardware.restart): returns only where the board
        cannot restart."""
        go = getattr(self.hw, "restart", None)
        if go is None:
            return
        if self.hw.display is not None:
            self.hw.display.root_group = None
        self.screen = None
        self.table = None
        go(code_file)

    def _rules(self):
        try:
            r = self.setup.rules() if self.match is None else self.match.rules
        except ValueError:
            from engine.rules import Rules
            r = Rules(("agurk", "gurka", "ogorek")[self.setup.profile])
        self.table = None  # rebuilt from the match on return: room for the rules
        # B goes back where the rules were opened: the pause menu during a match
        self.open_screen("rulespage", "RulesScreen", r,
                         ("back",) if self.match is None else ("pause", 1))

    def _pause_menu(self, cmd):
        """The pause menu, its cursor on cmd[1] if given. No legend (drawn from the match)
        while a round's summary is still to come: the match has already dealt the next."""
        fonts = self.table_fonts
        # the table is let go, as for the rules, and built again from the match on
        # return (or the round's pages come first): the menu beside the kept table was
        # the worst moment of the worst plan (micropython32, 5p-bot-hints: the table's
        # display objects, 10,736 B of 95,840 live)
        self.table = None
        self.open_screen("pause", "PauseMenu", None if self.pages else self.match,
                         self.holder, cmd[1] if len(cmd) > 1 else 0,
                         fonts[0] if fonts is not None else None, self.store.persistent)

    def _chip(self):
        """The Inside the chip page: from the settings, or from the demo (B returns
        there)."""
        self.table = None  # rebuilt from the match on return: room for the page
        self.flash_writes = self.store.lifetime_writes()
        self.open_screen("chip", "ChipPage", self.hw, self,
                         ("settings",) if self.match is None else ("demo_back",))

    # ----- the loop ----------------------------------------------------------------

    def step(self):
        """Read the keys and hand them to the screen (the demo's keys on the table to the
        demo; during a pause on the table only START and SELECT); then whatever is due:
        the end of a pause, an AI's move, the screen's own timer."""
        hw = self.hw
        self.now = hw.ticks_ms() & _MASK
        now = self.now
        pressed = hw.keys()
        guard = ticks_diff(now, self.guard) < 0
        scr = self.screen
        busy = (scr is self.table and scr is not None and not scr.reviewing
                and (self.wait is not None or self.ai_ready is not None))
        demo = self.demo
        if pressed and not guard:
            for k in pressed:
                if demo is not None and scr is self.table and scr is not None:
                    cmd = demo.key(k)  # the demo's keys: speed, pause, step, page, quit
                elif busy and k != keys.START and k != keys.SELECT:
                    continue  # a pause on the table: only pause and review get through
                else:
                    cmd = scr.key(k)
                if cmd is not None:
                    shown = self.screens_shown
                    # this frame lets go of the old screen before the command builds the
                    # next: the old one's group and code are collected, not held
                    scr = None
                    self.command(cmd)
                    if self.screens_shown != shown:
                        break  # the rest of this batch belonged to the old screen
                    scr = self.screen
                if self.wait is not None:
                    break
        scr = None  # nor during the timers: a page replaces the table there
        if demo is not None and self.demo is demo and demo.step(self, now):
            return
        if self.table is None or self.screen is not self.table or self.table.reviewing:
            if self.screen is not None:
                self.screen.tick(now)
            return  # timers run only while the table is in view
        if self.wait is not None and ticks_diff(now, self.wait) >= 0:
            _wipe_pystack()
            self.wait = None
            if self.table is not None and not self.pages:  # pages: the table goes now
                if self.clear_after_wait:
                    self.table.clear_trick()
                else:
                    self.table.highlight(None)
            if self.pages:
                turns.show_page(self)
            else:
                turns.advance(self)
        elif self.wait is not None and not self.pages:
            turns.think_ahead(self)  # the next AI's decision needs only the cards down
        if (self.ai_ready is not None and self.wait is None
                and ticks_diff(now, self.ai_ready) >= 0):
            turns.ai_turn(self)
        if self.screen is not None:
            self.screen.tick(now)

    def run(self):
        import time
        while True:
            self.step()
            time.sleep(0.01)


def _wipe_pystack(n=20, spare=0):
    """Zero the ``n`` * 40 bytes of the Python stack above the caller's frame, before a
    command or a timer changes the screen.

    Why: the collector scans the Python stack from its base to its top, and a frame's
    size is rounded up to 8 bytes; the rounding's word is never written, so it keeps a
    pointer left there by an earlier, deeper call. Such a word held the Inside the chip
    page (8 KB) while the 7-player demo rebuilt its table, and the round summary's module
    while the table came back after the pages. Each frame of this recursion is 40 bytes,
    a 20-byte header and five slots (``n``, ``spare`` and a stack of three), all zeroed
    as it is set up: every word up to 800 B above the caller is written. The deepest
    caller (the demo's step) ends at about 360 B, so the wipe stays under 1,200 B, below
    the 1,536 B the peak must stay under. Measured on micropython32 (docs/FIGURES.md):
    7p-demo-hard needed 92,160 B without it, 89,088 B with it."""
    if n:
        _wipe_pystack(n - 1, 0)


def _room_for_the_crash_screen():
    """Forget the code the crash screen does not use: out of memory in a match, its
    modules left no room for the screen's (micropython32 at 88 KB: a traceback instead
    of the screen). A function, not main()'s own lines: main's frame is the outermost of
    every call, and its loop's locals made the deepest pystack 24 B deeper."""
    for name in list(sys.modules):
        if name.startswith("engine."):
            forget(name[7:], "engine")
        elif name.startswith("cucumber.") and name[9:] not in CRASH_USES:
            forget(name[9:])
    gc.collect()


running = None  # what main() shows: the App, or the crash screen (the board rig reads it)


def main(hw=None, entry="code.py"):
    """Run the app for good, as the file ``entry`` starts it: "code.py" (the title),
    "match.py" (the match saved before the restart), "demo.py" (the classroom demo) or
    "check.py" (the board check's measuring). An uncaught exception (MemoryError, a full
    pystack, a bug) never ends in a dead screen: the traceback goes to the serial
    console, the crash screen says what happened, and A starts again
    (``supervisor.reload()`` on the board, which gives a fresh heap). The match survives
    in the nvm as last saved (at the last human action or round start) and the title
    offers Continue."""
    global running
    if hw is None:
        from cucumber.board import open_hardware
        hw = open_hardware()
    while True:
        try:
            running = App(hw, entry=entry)
            entry = "code.py"  # after a crash: the title (its Continue)
            running.run()
        except Exception as e:  # KeyboardInterrupt (Ctrl-C on the console) still stops
            running = None
            if hw.display is not None:  # the app's screen goes first: room for the rest
                hw.display.root_group = None
            _room_for_the_crash_screen()
            from cucumber.crash import show
            running = show(hw, e)  # the crash screen, until A restarts the board
            running.restart_on_a(hw)
            running = None


__all__ = ("App", "main", "keys")
