"""The board rig's player: presses the PyBadge's buttons as a person would, through the
stand-in ``keypad``, until the plan's matches are over (tools/rig/boardrig.py).

It looks at what the app shows (``cucumber.app.running``: the App, or the crash screen)
and answers it: A through menus and pages, START on the set-up screen, random choices
among the legal cards at the table, now and then the review, the pause menu and the
rules page, random re-entry answers. One key per step of the app's loop.

The plan (a dict the rig puts in ``PLAN`` before code.py runs):
  setup      the set-up screen's fields to choose (``cucumber.settings.Setup``: players,
             profile, threshold, reentry, end, ...; ``kinds`` a list, 0 = human)
  matches    how many matches to finish (rematch in between); then the run ends
  seed       the player's own random choices
  visit      screens to open during a match: "review", "pause", "rules", "reason",
             "hint" (the hint key: the plan key ``hints`` turns hints on)
  demo       run the classroom demo (title, Demo) for this many rounds, pressing its
             keys and opening the Inside the chip page, then B to the title; the run ends
  fail       {"after_plays": n, "kind": "memory" | "pystack" | "error"}: make the app fail
             at the table after the human's n-th card (the crash screen is tested)
  lang       the language to play in (a code of cucumber.lang.CODES), chosen as Settings
             does before the set-up
  challenge  a challenge code to play instead of the set-up's match: entered on the
             set-up's "Challenge code" row a character at a time with the arrows
             (tools/rig/stubs/rigchallenge.py, the player :func:`start` is given for
             such a plan), then played (A on the page of what it sets up); A at its end
             plays the next
  daily      the same with the daily challenge of this date (YYYY-MM-DD)
  check      the board check first (Settings, Board check) on a board wired as this says,
             then the plan's matches: tools/rig/stubs/rigcheck.py, the player
             :func:`start` is given for such a plan; ``board`` "pygamer" (with it, and
             micropython32-pystubs only) plays on a PyGamer
  nvm        hex of the nvm to start with (a run after a reload)
  max_steps  the run fails if the plan is not done by then
  collect    collect garbage before reading each screen's live heap (figures only); 2:
             also print the heap census at the first deal and the worst moment
             (tools/rig/stubs/righeapcensus.py)

At the end it prints one line ``RIG-RESULT {json}`` and raises SystemExit; a reload
(``supervisor.reload()``) prints ``RIG-RELOAD <nvm hex>`` and ends the run, and the rig
starts code.py again with that nvm.
"""

import sys

PLAN = {}
NEXT = [None]  # the file supervisor.set_next_code_file named (the next run's, once)
# what the player knew before the last reload (the plan's "carry", from RIG-CARRY)
_CARRIED = ("steps", "plays", "configured", "continued", "screens", "live", "rounds",
            "crash_screens", "crash_text", "matches_before")

# logical keys (cucumber.keys)
_LEFT = 0
_RIGHT = 1
_UP = 2
_DOWN = 3
_A = 4
_B = 5
_START = 6
_SELECT = 7


class RigFailure(BaseException):
    """The plan could not be carried out. A BaseException, so that the app's crash
    handler (which catches Exception) does not take it for the app's own failure."""


class _Rng:
    def __init__(self, seed):
        self.x = (seed * 2654435761 + 1) & 0x3FFFFFFF or 1

    def below(self, n):
        x = self.x
        x ^= (x << 13) & 0x3FFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0x3FFFFFFF
        self.x = x
        return x % n


class _Player:
    # what a restart carries over (rigreport.reload): a player made from this one may add
    carried = _CARRIED
    # key() answers raw key numbers of the keypad, not logical keys (rigcheck's player)
    raw_keys = False

    def __init__(self, plan):
        self.plan = plan
        self.rng = _Rng(plan.get("seed", 1))
        self.steps = 0
        self.plays = 0
        self.pressed = False
        self.configured = False
        self.continued = False  # a title offered Continue (a match was saved)
        self.screens = {}
        self.live = {}
        self.visited = {}
        self.crash_screens = 0
        self.crash_text = ""
        self.failed = False
        self.round_seen = -1
        self.rounds = 0  # rounds seen at the table
        self.same_screen = 0
        self.last_screen = None
        self.matches_before = 0  # matches ended in the runs before the last reload
        self.titled = False  # this run has shown the title
        carry = plan.get("carry")
        if carry:
            for k in self.carried:
                setattr(self, k, carry[k])
            self.rng.x = carry["rng"]

    def matches(self, app):
        return self.matches_before + app.matches_ended

    # ----- one step ------------------------------------------------------------------

    def key(self):
        self.steps += 1
        if self.steps > self.plan.get("max_steps", 200000):
            raise RigFailure("rig: the plan was not done in %d steps (screen %s)"
                               % (self.steps - 1, self.last_screen))
        mod = sys.modules.get("cucumber.app")
        shown = getattr(mod, "running", None)
        if shown is None:
            return None
        if getattr(shown, "name", "") == "crash":
            if not self.plan.get("fail"):
                raise RigFailure("rig: the app crashed (its traceback is above): "
                                 + getattr(shown, "text", ""))
            self.crash_screens += 1
            if self.crash_screens == 1:
                self.crash_text = getattr(shown, "text", "")
                print("RIG-CRASH " + self.crash_text)
            self.screens["crash"] = 1
            return _A if self.crash_screens > 3 else None
        app = shown
        scr = app.screen
        if scr is None:
            return None
        name = scr.name
        self.screens[name] = 1
        # the live heap of each screen, as the step reads its keys (plan key "collect":
        # a collection first, which changes how the heap fragments: figures only)
        import gc
        if PLAN.get("collect"):
            scr = None  # no frame of the rig holds the screen while the census reads
            gc.collect()
            if PLAN["collect"] > 1:  # the census (figures only; names it never interns)
                __import__("righeapcensus").show(self, name, app)
            scr = app.screen
        a = gc.mem_alloc()
        if a > self.live.get(name, 0):
            self.live[name] = a
        if name == self.last_screen:
            self.same_screen += 1
        else:
            self.same_screen = 0
            self.last_screen = name
        m = app.match
        if m is not None and m.round_no != self.round_seen:
            self.round_seen = m.round_no
            self.rounds += 1
            self.visited = {}
        fn = getattr(self, "on_" + name, None)
        return fn(app, scr) if fn is not None else _A

    # ----- screens -------------------------------------------------------------------

    def on_title(self, app, scr):
        if not self.titled:  # each run's first title: does it offer Continue?
            self.titled = True
            self.continued = self.continued or scr.can_continue
        if not self.configured:
            self.configured = True
            if not scr.can_continue:
                self.configure(app)
        demo = self.plan.get("demo")
        if demo:
            if self.rounds > 1:  # back from the demo
                self.finish(app)
            if scr.menu.cursor != 2:  # "Demo"
                return _DOWN
            return _A
        if self.matches(app) >= self.plan.get("matches", 1):
            self.finish(app)
        return _A  # New match, or Continue when a match is saved (the cursor starts there)

    def configure(self, app):
        s = app.setup
        code = self.plan.get("lang")
        if code:
            from cucumber import lang
            i = lang.CODES.index(code)
            lang.choose(i)
            app.prefs.lang = i
        if self.plan.get("hints"):
            app.prefs.hints = True
            app.hints = True
        setup = self.plan.get("setup", {})
        profile = setup.get("profile")
        if profile is not None:
            s.apply_profile(profile)
        for k in setup:
            if k == "kinds":
                for i in range(len(setup[k])):
                    s.kinds[i] = setup[k][i]
            elif k != "profile":
                setattr(s, k, setup[k])

    def on_setup(self, app, scr):
        if self.same_screen > 5:
            raise RigFailure("rig: the set-up screen refuses the plan's rules")
        return _START

    def on_demo(self, app, scr):
        """The demo's keys, once a round each: faster, slower, pause, one card, go on,
        the Inside the chip page; B after the plan's rounds."""
        demo = app.demo
        done = self.visited
        if demo.paused:  # one card, then on (a key the app ignored is pressed again)
            if "step" not in done:
                done["step"] = 1
                return _A
            return _START
        if self.rounds > self.plan["demo"] and self.matches(app):
            return _B
        for k, key in (("up", _UP), ("down", _DOWN), ("pause", _START), ("chip", _SELECT)):
            if k not in done and self.rng.below(6) == 0:
                done[k] = 1
                return key
        return None

    def on_chip(self, app, scr):
        return _B if self.same_screen > 3 else None

    def on_table(self, app, scr):
        if scr.reviewing:
            return _B
        if app.demo is not None:
            return self.on_demo(app, scr)
        visit = self.plan.get("visit", ())
        if not scr.interactive:
            # while the AIs play: the pause menu and the review, once a round each
            if "pause" in visit and "pause" not in self.visited and self.rng.below(4) == 0:
                self.visited["pause"] = 1
                return _START
            if ("review" in visit and "review" not in self.visited
                    and app.match.rules.open_cards and self.rng.below(4) == 0):
                self.visited["review"] = 1
                return _SELECT
            return None
        fail = self.plan.get("fail")
        if fail and not self.failed and self.plays >= fail.get("after_plays", 0):
            self.failed = True
            self.make_fail(fail.get("kind", "error"))
        if "reason" in visit and "reason" not in self.visited:
            self.visited["reason"] = 1
            return _B
        if "hint" in visit and "hint" not in self.visited:
            self.visited["hint"] = 1
            return _UP
        r = self.rng.below(10)
        if r < 2:
            return _LEFT
        if r < 4:
            return _RIGHT
        self.plays += 1
        return _A

    def on_pause(self, app, scr):
        want = 1 if ("rules" in self.plan.get("visit", ()) and "rules" not in self.visited) \
            else 0
        if scr.cursor != want:
            return _DOWN
        if want:
            self.visited["rules"] = 1
        return _A

    def on_rules(self, app, scr):
        if self.same_screen < 2:
            return _DOWN
        return _B

    def on_reentry(self, app, scr):
        if self.rng.below(2):
            return _DOWN
        return _A

    def on_end(self, app, scr):
        if app.demo is not None:
            return None  # the demo's next match follows by itself
        if self.matches(app) >= self.plan.get("matches", 1):
            return _B  # to the title, where the run ends
        return _A  # rematch

    def on_settings(self, app, scr):
        return _B

    # ----- failures and the end ------------------------------------------------------

    def make_fail(self, kind):
        if kind == "memory":
            raise MemoryError("memory allocation failed (forced by the board rig)")
        if kind == "pystack":
            _deeper(0)
        raise ValueError("an error forced by the board rig")

    def finish(self, app):
        import rigreport  # loaded only now: the report's code is not in the match's heap
        rigreport.finish(self, app)


def _deeper(n):
    return _deeper(n + 1) + 1


_player = None


def start(plan, player_class=None):
    """Set up the run: the plan, its player (``player_class``, a class made from
    ``_Player``; ``_Player`` itself by default) and the nvm it starts with. The rig's start
    (tools/rig/boardrig.py) names rigchallenge.Player for a plan with a challenge code or
    a daily date, rigcheck.Player for a plan with a board check, and loads it only then;
    this module never loads them (they are made from this one)."""
    global _player, PLAN
    import board  # noqa: F401  (built in on the board: cucumber.board looks for it)
    import supervisor
    try:
        supervisor.rig = sys.modules["rigdriver"]  # the Python stand-in calls back here
    except (AttributeError, TypeError):
        pass  # micropython32's C supervisor, which calls rigdriver itself
    PLAN = plan
    if player_class is None:
        if plan.get("challenge") or plan.get("daily"):
            raise RigFailure("rig: a challenge plan needs rigchallenge.Player")
        if plan.get("check"):
            raise RigFailure("rig: a board check plan needs rigcheck.Player")
        player_class = _Player
    _player = player_class(plan)  # (in the rig's area, outside the cap)
    if plan.get("nvm"):
        import microcontroller
        data = bytes.fromhex(plan["nvm"])
        microcontroller.nvm[0:len(data)] = data


def next_key_number():
    """The next raw key number of the PyBadge's shift register, or None: at most one press
    each time the app reads its keys (the second call of a read ends it)."""
    p = _player
    if p is None:
        return None
    if p.pressed:
        p.pressed = False
        return None
    k = p.key()
    if k is None:
        return None
    p.pressed = True
    if p.raw_keys:  # the player's own key number (rigcheck: through the board's wiring)
        return k
    from cucumber.keys import PYBADGE_KEYS
    return PYBADGE_KEYS.index(k)


def next_code_file(filename):
    """supervisor.set_next_code_file: the file the next run starts in (once)."""
    NEXT[0] = filename


def reload():
    """The board restarts: the rig's report (tools/rig/stubs/rigreport.py)."""
    import rigreport
    rigreport.reload(_player, NEXT[0], _CARRIED if _player is None else _player.carried)
