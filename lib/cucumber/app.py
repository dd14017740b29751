"""The handheld app: screens, input flow, AI turns, pauses, sound, lights and saves.

``App(hw).run()`` on the board; tests call ``App(hw, store).step()`` with a fake clock.
One step reads the keys, hands them to the current screen, and advances whatever is
due (AI turns, pauses, the next page). Every pause is a deadline in ``hw.ticks_ms()``;
keys pressed before it passes are dropped, as are the rest of a batch of keys once one
of them changed the screen.

Only the current screen's display group exists: making a screen builds its group and
the previous one is dropped, and nothing holds the old one while the new one is built
(not ``step()``'s local, not the lobby's code: measured, that took 4-6 KB of the worst
plans' heap). Only the current screen's code is loaded, too: each screen module (menus,
rulespage, summary, pause, chip) is imported when one of its screens opens and
forgotten when a screen of another opens. The table's module stays for the whole of a
match: imported again after every round's pages it fragmented the heap (measured on
micropython32: the worst plan needed 102,400 B that way, 101,376 B kept). The title's
code (cucumber.lobby, cucumber.settings, the version) is forgotten for the whole of a
match (the preferences a match needs are read out of them first). What each
part costs is in docs/FIGURES.md (tools/measure/bench_board.py).

Every match event is also one line on the serial console (cucumber.console). The
classroom's parts are modules of their own, loaded only while used: the demo
(cucumber.demo, which this module asks for its pauses and hands the table's keys), the
hint key (cucumber.hint), a student's bot seat (cucumber.botseat) and the Inside the chip
page (cucumber.chip).
"""

import gc
import sys

from engine import save
from engine.ai import Player, deals, thoughts
from engine.match import (
    Match, PHASE_PLAY, PHASE_REENTRY, NOBODY,
    EV_PLAY, EV_TRICK, EV_PENALTY, EV_LIFE, EV_OUT, EV_REENTER, EV_SUDDEN, EV_WIN,
    EV_LOSER,
)
from cucumber import console, keys, ui
from cucumber.seats import HUMAN, BOT, LEVELS, encode_match
from cucumber.store import MATCH

try:
    from time import monotonic_ns
except ImportError:  # a board without it: no decision times
    monotonic_ns = None

_HALF = 1 << 28
_MASK = (1 << 29) - 1

SCREEN_MODULES = ("menus", "rulespage", "summary", "pause", "chip", "table")  # one loaded
OUTSIDE_A_MATCH = ("lobby", "settings", "version")  # forgotten while a match is on
# engine modules a match imports on rare occasions (a Continue, the rules page, an
# illegal card's reason), forgotten at the next screen (measured: restore 2,128 B,
# rulesx 1,392 B, micropython32); and the app's own (the hint key)
ENGINE_ON_USE = ("restore", "given", "rulesx", "refusals", "explain")
ON_USE = ("hint", "review", "rulestext")


def module(name):
    """cucumber.``name``, imported now if it is not loaded."""
    m = sys.modules.get("cucumber." + name)
    if m is None:
        __import__("cucumber." + name)
        m = sys.modules["cucumber." + name]
    return m


def forget(name, package="cucumber"):
    """Forget ``package``.``name`` so that its code is collected once nothing of it is in
    use (the next import loads it again). Nothing may keep one of its functions, classes
    or instances: a function holds its module's globals."""
    mods = sys.modules
    if package + "." + name in mods:
        del mods[package + "." + name]
        pkg = mods.get(package)
        if pkg is not None and hasattr(pkg, name):
            delattr(pkg, name)


def ticks_diff(a, b):
    """a - b for supervisor.ticks_ms() values, which wrap at 2**29."""
    return ((a - b + _HALF) & _MASK) - _HALF


# NeoPixel colours
_OFF = 0
_LIFE = 0x200000
_HUMAN_TURN = 0x002000
_AI_TURN = 0x000020


class App:
    AI_THINK_MS = 250  # the thinking indicator shows at least this long
    AI_PAUSE_MS = 600  # an AI's card stays highlighted this long
    TRICK_PAUSE_MS = 1200  # a finished trick stays in view this long
    GUARD_MS = 150  # keys are ignored this long after a screen change

    def __init__(self, hw, store=None, seed=None, resume=False, demo=False):
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
        self.holder = None
        self.table = None
        self.table_fonts = None  # the table's bitmap fonts, kept for the match
        self.screen = None
        self.pages = []
        self.wait = None  # tick deadline of the current pause
        self.ai_ready = None  # tick after which the thinking AI may decide
        self.clear_after_wait = False
        self.penalty_scores = None
        self.lights = None
        self.matches_ended = 0
        self.last_trick = []
        self.now = hw.ticks_ms()
        self.guard = self.now
        self.muted = False
        self.hints = False  # the preferences a match needs (cucumber.lobby.apply_prefs)
        self.plotter = False
        self.hinters = None  # per human seat: the hard AI that gives that seat's hints
        self.demo = None  # the classroom demo (cucumber.demo) while it runs
        self.pending = None  # a match the lobby asked for: started once it returns
        self.screens_shown = 0
        self.started_ms = self.now
        self.decision_ns = None  # the last AI decision: its time, and the deals it sampled
        self.decision_deals = None
        self.flash_writes = None  # read by the Inside the chip page when it opens
        notice = module("lobby").start(self)
        if demo and notice is None:  # started by demo.py: the demo, in a fresh heap
            module("lobby").start_demo(self)
            self._start_pending(False)
        elif resume and notice is None:
            # started by match.py: straight into the match saved just before the restart
            # (the title's code never loads in this heap); a save that cannot be read
            # says so, as Continue does
            module("lobby").continue_match(self)
            self._start_pending(False)
        else:
            self.show_title(notice)

    # ----- helpers -----------------------------------------------------------------

    def beep(self, kind):
        if not self.muted:
            self.hw.beep(kind)

    def set_screen(self, screen):
        """Show ``screen`` (already built, e.g. the kept table)."""
        self.screens_shown += 1
        self.screen = screen
        self.hw.display.root_group = screen.group
        self.guard = (self.now + self.GUARD_MS) & _MASK

    def open_screen(self, where, make, *args):
        """Drop the current screen (its group, and the code of the other screen modules),
        then build ``cucumber.<where>.<make>(*args)`` and show it, so that two screens
        never hold memory at once (the table is kept while paused, and its module for the
        whole match)."""
        self.hw.display.root_group = None
        self.screen = None
        for name in SCREEN_MODULES:
            # the table's code stays for the match, except for the Inside the chip page
            # (opened from the demo: the page's code and group are the largest)
            if name != where and (name != "table" or self.match is None or where == "chip"):
                forget(name)
        if self.match is not None:
            for name in OUTSIDE_A_MATCH:
                forget(name)
        for name in ENGINE_ON_USE:
            forget(name, "engine")
        for name in ON_USE:
            forget(name)
        self.collect()
        try:
            screen = getattr(module(where), make)(*args)
        except MemoryError:
            # The heap in holes too small for the screen's code or objects: let go of
            # what can be made again from the match (the kept table, the table module
            # unless it is what opens), collect and try once more; a second failure is
            # the crash screen's. Measured on the rig: the pause menu beside the kept
            # table failed so (5p-bot-hints: 103,424 B needed without this, 102,400).
            self.table = None
            forget(where)
            if where != "table":
                forget("table")
            else:  # its fonts too (the last argument): read again from the files
                self.table_fonts = None
                args = args[:-1] + (None,)
            self.collect()
            screen = getattr(module(where), make)(*args)
        self.set_screen(screen)

    def refresh_display(self):
        """Push the current frame out now (before a possibly long computation)."""
        d = self.hw.display
        try:
            d.refresh()
        except Exception:  # no refresh on some stand-ins; auto refresh covers it
            pass

    def _set_lights(self, colors):
        if colors != self.lights:
            self.lights = colors
            self.hw.lights(colors)

    def update_lights(self):
        m = self.match
        if m is None or m.is_terminal():
            self._set_lights((_OFF, _OFF, _OFF, _OFF, _OFF))
            return
        s = m.current_player()
        if s == NOBODY:
            return
        r = m.rules
        left = r.reentries - m.reentries_used[s]
        lives = 1 + left if not r.reentry_choice else 1
        c = [_HUMAN_TURN if self.kinds[s] == HUMAN else _AI_TURN]
        for i in range(4):
            c.append(_LIFE if i < lives else _OFF)
        self._set_lights(tuple(c))

    # ----- starting a match ----------------------------------------------------------

    def show_title(self, notice=None):
        module("lobby").show_title(self, notice)

    def new_match(self, rules, kinds):
        self.begin(self.next_match(rules), kinds)

    def next_match(self, rules):
        """A new match under ``rules``, its seed and its AIs' seed the app's next."""
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF
        self.bot_seed = self.seed & 0xFFFF
        return Match(rules, seed=self.seed, log_events=True)

    def begin(self, m, kinds):
        self.match = m
        self.kinds = bytearray(kinds[:m.n])
        self.prefs = self.setup = self.stats = None  # saved; read again at the title
        self.bots = []
        self.hinters = [] if self.hints and self.demo is None else None
        for s in range(m.n):
            k = self.kinds[s]
            seed = self.bot_seed + 7 * s
            if k == HUMAN:
                self.bots.append(None)
            elif k == BOT:
                self.bots.append(module("botseat").BotSeat(seed))
            else:
                self.bots.append(Player(LEVELS[k], seed))
            if self.hinters is not None:
                self.hinters.append(Player("hard", seed) if k == HUMAN else None)
        humans = 0
        for s in range(m.n):
            if self.kinds[s] == HUMAN:
                humans += 1
                self.holder = s
        self.humans = humans
        if humans != 1:
            self.holder = None  # pass-the-device: nobody holds it until a cover is confirmed
        self.pages = []
        self.wait = None
        self.ai_ready = None
        self.table = None
        self.table_fonts = None
        self._save_match()
        self._advance()

    def _show_table(self, turn=True):
        if self.table is None:
            # The fonts are loaded at the match's first table and kept: the pages between
            # rounds drop the table, and rebuilding it should not read the font files
            # again (the two sheets take well under 1 KB).
            self.open_screen("table", "Table", self.match, self.kinds, self.table_fonts)
            self.table = self.screen
            self.table_fonts = self.table.fonts
            self.table.hints = self.hinters is not None
            # a human out: the note cucumber.summary chose (no such attribute until then)
            self.table.message = getattr(self, "out_note", None)
            if self.demo is not None:
                self.demo.attach(self.table)
        else:
            self.set_screen(self.table)
        t = self.table
        t.refresh()
        if turn:
            self._turn_view()

    def _turn_view(self):
        """Hand, marks and status for whoever is to act now."""
        m = self.match
        t = self.table
        s = m.current_player()
        mine = (m.phase == PHASE_PLAY and s != NOBODY and self.kinds[s] == HUMAN
                and s == self.holder)
        t.show_hand(self.holder, mine)
        if mine and self.hinters is not None:
            self.hinters[s].observe(m.view(s))  # the hint's memory sees every turn
        if not mine and s != NOBODY:  # "P3 to play  3/7", "P3 thinking...  3/7"
            t.turn_status(s, self.kinds[s] != HUMAN)
        self.update_lights()

    def _save_match(self, human_acted=True):
        m = self.match
        if m is None or self.demo is not None:  # the demo writes nothing to the flash
            return
        if m.is_terminal():
            self.store.clear(MATCH)
            return
        s = m.current_player()
        if not human_acted and self.kinds[s] != HUMAN and (m.trick_no or m.trick_len):
            # Every nvm write erases the whole 8 KB flash block, so AI plays are not saved
            # one by one: a power cut replays them from the last human action or round start.
            return
        self.store.put(MATCH, encode_match(save.dumps(m), self.kinds, m.n, self.bot_seed))

    # ----- commands ------------------------------------------------------------------

    def command(self, cmd):
        c = cmd[0]
        if c == "play" or c == "decide":
            self._act(cmd[1])
        elif c == "confirm":
            self.holder = cmd[1]
            self._show_table()
        elif c == "pause":  # ("pause", cursor): back from the rules, on "Rules"
            self._pause_menu(cmd)
        elif c == "resume":
            self._resume()
        elif c == "next":
            self._next_page()
        elif c == "rules":
            self._rules()
        elif c == "back":
            if self.match is not None:
                self._resume()
            else:
                self.show_title()
        elif c == "hint":
            module("hint").give(self)
        elif c == "chip":
            self._chip()
        elif c == "demo_back":
            self._resume()
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
                self._restart()
            if c == "title" and self.table is not None:
                # the table goes before the lobby's code comes (measured: the 7-player
                # demo ran out of memory importing lobby beside it)
                self.hw.display.root_group = None
                self.screen = None
                self.table = None
                self.collect()
            module("lobby").command(self, cmd)
            self._start_pending(True)

    def _start_pending(self, restart):
        """Start the match the lobby asked for: here, once the lobby's code has returned,
        so that nothing keeps it (and cucumber.settings) while the table is built. With
        ``restart`` and a board that can, the match is saved and the board restarts into
        it (match.py): every match gets a fresh heap. The demo writes nothing to the
        flash: the board restarts into demo.py, which starts a demo of its own from the
        saved set-up (its next matches follow in its heap, keeping its speed)."""
        p = self.pending
        if p is None:
            return
        self.pending = None
        demo = p[0] == "demo"
        if restart and demo:
            self._restart("demo.py")  # nothing is saved: the demo starts afresh there
        m = p[1] if p[0] == "begin" else self.next_match(p[1])
        if restart and not demo and self._restart_into(m, p[2]):
            return
        for name in OUTSIDE_A_MATCH:
            forget(name)
        if demo:  # its code after the lobby's has gone (measured: 1 KB less heap)
            self.demo = module("demo").Demo()
        self.begin(m, p[2])

    def _restart_into(self, m, kinds):
        """Save ``m`` and restart the board into it (match.py); False where the board
        cannot (a PC, or a save that did not reach the flash): the match then starts in
        this heap."""
        if getattr(self.hw, "restart", None) is None:
            return False
        self.store.put(MATCH, encode_match(save.dumps(m), kinds, m.n, self.bot_seed))
        if self.store.get(MATCH) is None:
            return False
        self._restart("match.py")
        return False

    def _restart(self, code_file=None):
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

    # command()'s branches with many arguments are methods: a call's arguments make the
    # frame of the function that makes it larger, and command() is on the deepest path.

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
        self.open_screen("pause", "PauseMenu", None if self.pages else self.match,
                         self.holder, cmd[1] if len(cmd) > 1 else 0,
                         fonts[0] if fonts is not None else None)

    def _chip(self):
        """The Inside the chip page: from the settings, or from the demo (B returns
        there)."""
        self.table = None  # rebuilt from the match on return: room for the page
        self.flash_writes = self.store.lifetime_writes()
        self.open_screen("chip", "ChipPage", self.hw, self,
                         ("settings",) if self.match is None else ("demo_back",))

    def _resume(self):
        if self.pages:
            self._show_page()
        elif self.wait is not None or self.ai_ready is not None:
            self._show_table(turn=self.wait is None)
        else:
            self._advance()

    # ----- playing -------------------------------------------------------------------

    def _act(self, action):
        """Apply a card or a re-entry answer for the player to move, then react."""
        m = self.match
        m.apply_action(action)
        self._after_action()

    def _after_action(self):
        m = self.match
        t = self.table
        ended_trick = False
        ai_played = False
        human_acted = m.phase != PHASE_PLAY  # a re-entry answer or a new round
        evs = m.events
        m.events = []
        plot = False
        demo = self.demo
        for e in evs:
            kind = e[0]
            print(console.event_line(e))
            if kind == EV_PLAY:
                ai_played = self.kinds[e[1]] != HUMAN
                human_acted = human_acted or not ai_played
                if demo is not None:
                    demo.played(e[1], e[2], e[3])
                t.add_play(e[1], e[2], ui.CYAN if self.kinds[e[1]] != HUMAN else ui.YELLOW)
                self.beep("play")
            elif kind == EV_TRICK:
                ended_trick = True
                t.highlight(e[1], ui.YELLOW)
                last = e[2] == m.rules.hand - 1
                t.taken_status(e[1], last)  # "P3 takes the trick"
                if last:
                    # The match has already dealt the next round: the table keeps showing
                    # this one (that trick, every card played, the scores before the
                    # penalty, no hand) until the summary; refresh() no longer reads it.
                    t.round_over(e[1])
                self.beep("trick")
            elif kind == EV_PENALTY:
                self._penalty(e)
                plot = self.plotter
            elif kind == EV_LIFE:
                self.pages.append(("life", e[1], e[2], e[3]))
            elif kind == EV_OUT:
                self.pages.append(("out", e[1], e[2]))
            elif kind == EV_LOSER:
                self.pages.append(("loser", e[1], e[2]))
            elif kind == EV_REENTER:
                self.pages.append(("back", e[1], e[2], e[3]))
            elif kind == EV_SUDDEN:
                self.pages.append(("sudden",) + tuple(self._contenders()))
            elif kind == EV_WIN:
                self.pages.append(("win", e[1]))
                self.matches_ended += 1
                if self.demo is None:  # the demo writes nothing
                    # settings alone, not lobby: beside the table there is no room for both
                    module("settings").record_win(self.store, self.kinds, self.match.n, e[1])
        # The lines just printed and the events are garbage now: collected at once, they
        # leave no holes among what the table allocates next (measured on micropython32:
        # the worst plan needed 109,568 B without this, 104,448 B with it)
        self.collect()
        if plot:  # one line a round for Mu's plotter: the scores the penalties left
            print(console.plot_line(self.penalty_scores))
        self._save_match(human_acted)
        if t is not None:
            t.refresh()
        if ended_trick:
            t.show_hand(self.holder, False)
            self._pause(self.TRICK_PAUSE_MS if demo is None else demo.trick_ms(), clear=True)
        elif ai_played:
            # The AI's card stays highlighted for a moment; the tab and the status line
            # already name the seat to act next (who has not played to this trick yet).
            self._turn_view()
            self._pause(self.AI_PAUSE_MS if demo is None else demo.card_ms(), clear=False)
        elif self.pages:
            self._show_page()
        else:
            self._advance()

    def _contenders(self):
        m = self.match
        out = []
        for s in range(m.n):
            if m.contenders[s]:
                out.append(s)
        return out

    def _penalty(self, e):
        m = self.match
        if not self.pages or self.pages[-1][0] != "round":
            self.penalty_scores = list(m.scores)
            trick = list(self.table.trick) if self.table is not None else []
            self.pages.append(("round", trick, [], m.last_penalty,
                               m.round_no if not m.sudden else 0, self.penalty_scores))
        self.pages[-1][2].append(e[1])
        self.penalty_scores[e[1]] = e[3]
        self.beep("penalty")

    def _pause(self, ms, clear):
        self.wait = (self.now + ms) & _MASK
        self.clear_after_wait = clear

    def _show_page(self):
        # the table goes before the page's code loads: both at once did not fit
        self.table = None
        self.hw.display.root_group = None
        self.screen = None
        self.collect()
        module("summary").show_page(self)

    def _next_page(self):
        if self.pages:
            self.pages.pop(0)
        if self.pages:
            self._show_page()
            return
        self._advance()

    def _advance(self):
        """Move on to whoever must act now: a human (maybe behind a cover) or an AI."""
        m = self.match
        if m is None:
            return
        if m.is_terminal():
            return
        s = m.current_player()
        if m.phase == PHASE_REENTRY:
            if self.kinds[s] == HUMAN:
                self.table = None
                self.open_screen("summary", "Reentry", m, s)
                self.update_lights()
                return
            self._act(self.bots[s].choose(m.view(s)))  # re-entry: no thinking to show
            return
        if self.kinds[s] == HUMAN and self.humans > 1 and s != self.holder:
            self.table = None
            self.holder = None
            self.open_screen("summary", "Cover", s)
            self.update_lights()
            return
        if self.table is None or self.screen is not self.table:
            self._show_table()
            if self.kinds[s] == HUMAN:
                return
        else:
            self._turn_view()
        if self.kinds[s] != HUMAN:
            self.ai_ready = (self.now + self.AI_THINK_MS) & _MASK

    def _ai_turn(self):
        m = self.match
        s = m.current_player()
        self.ai_ready = None
        if s == NOBODY or self.kinds[s] == HUMAN:
            return
        self.refresh_display()  # the thinking indicator is on screen before we compute
        bot = self.bots[s]
        start = monotonic_ns() if monotonic_ns else None
        card = bot.choose(m.view(s))
        ns = monotonic_ns() - start if start is not None else None
        if self.kinds[s] != BOT and deals():  # it searched: for the Inside the chip page
            self.decision_ns = ns
            self.decision_deals = deals()
        if self.demo is not None:
            self.demo.decided(s, LEVELS[self.kinds[s]], card,
                              thoughts() if self.kinds[s] != BOT else None, ns)
        self._act(card)
        problem = getattr(bot, "problem", None)
        if problem and self.table is not None and self.screen is self.table:
            # a student's bot went wrong: the traceback is on the console; one line here
            self.table.set_status(module("botseat").short(problem), ui.RED)

    # ----- the loop ----------------------------------------------------------------

    def step(self):
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
            self.wait = None
            if self.table is not None and not self.pages:  # pages: the table goes now
                if self.clear_after_wait:
                    self.table.clear_trick()
                else:
                    self.table.highlight(None)
            if self.pages:
                self._show_page()
            else:
                self._advance()
        if (self.ai_ready is not None and self.wait is None
                and ticks_diff(now, self.ai_ready) >= 0):
            self._ai_turn()
        if self.screen is not None:
            self.screen.tick(now)

    def run(self):
        import time
        while True:
            self.step()
            time.sleep(0.01)


running = None  # what main() shows: the App, or the crash screen (the board rig reads it)


def main(hw=None, resume=False, demo=False):
    """Run the app for good. An uncaught exception (MemoryError, a full pystack, a bug)
    never ends in a dead screen: the traceback goes to the serial console, the crash
    screen says what happened, and A starts again (``supervisor.reload()`` on the board,
    which gives a fresh heap). The match survives in the nvm as last saved (at the last
    human action or round start) and the title offers Continue."""
    global running
    if hw is None:
        from cucumber.board import open_hardware
        hw = open_hardware()
    while True:
        try:
            running = App(hw, resume=resume, demo=demo)
            resume = demo = False  # after a crash: the title (its Continue)
            running.run()
        except Exception as e:  # KeyboardInterrupt (Ctrl-C on the console) still stops
            running = None
            if hw.display is not None:  # the app's screen goes first: room for the rest
                hw.display.root_group = None
            from cucumber.crash import crashed
            crashed(hw, e)


__all__ = ("App", "main", "keys")
