"""The rig's player for a plan with a ``check`` (tools/rig/stubs/rigdriver.py): the board
check (Settings, Board check: cucumber.boardcheck) on a board wired otherwise than the
game assumes, answered as a person holding that board would, then the plan's matches
with the map the check found. A module of its own, loaded only for such a plan: the
rig's start (tools/rig/boardrig.py) loads it and hands its Player to
``rigdriver.start``, which never imports it (this module is made from rigdriver).

The plan's ``check`` is the board's true wiring:

  keys     {name: raw key number}: the number the button printed ``name`` (a name of
           cucumber.keys.NAMES) really sends; a button left out sends what the game
           assumes (PYBADGE_KEYS; on a PyGamer B 0, A 1, start 2, select 3)
  missing  the names of buttons that never send anything
  lights   the LEDs' byte order, "GRB" (what the game assumes) or e.g. "RGB"
  stick    {"flip": n}: the PyGamer's joystick reads as cucumber.boardinput.Stick.flip
           ``n`` says (bit 0 x reversed, bit 1 y reversed, bit 2 the axes swapped)
  skip     no check: the printed labels pressed from the start (the run then fails at
           the first press the game reads as another key: the rig's own test)

and the plan key ``board`` "pygamer" makes the stand-in board a PyGamer (4 buttons and
the joystick; micropython32-pystubs only: micropython32's C board is a PyBadge).

Every press goes through that wiring. Before the check the player presses the button
the game reads as the key it wants (it learns which by trying: here it looks at the
map, ``hw._table``, and fails if that is a missing button). On a key step of the check
it presses the button asked for, and for a missing one waits (the rig's clock moves as
the app sleeps) until the check gives up on it. From the first step after the buttons
(and pushes) on, and in the matches after the check, it trusts the printed labels: the
button printed with the key it wants, and the run fails at once if the game would read
that press as another key (the map was not corrected). On a PyGamer a d-pad key is a
push of the stick (the stand-in analogio's values), let go at the next step. The lights:
A when the colour asked for lights the byte that is that colour's on this board's LEDs,
else B; the tune and the backlight: A. After the measuring restarts (check.py, then
code.py) the report: B, Settings: B, and on the title the plan's matches.

At the end, before rigdriver's ``RIG-RESULT``, one line ``RIG-CHECK {json}``: the BOARD
record (hex) as the store holds it, the key map, the lights' order and the stick's flip
the last run used, and how many times the report page was seen; boardrig.Result puts it
in ``result["check"]``.
"""

import sys

import rigdriver

# logical keys (cucumber.keys)
_A = 4
_B = 5
_DOWN = 3
NAMES = ("left", "right", "up", "down", "A", "B", "start", "select")  # cucumber.keys'
PYBADGE_KEYS = (5, 4, 6, 7, 1, 3, 2, 0)  # cucumber.keys': raw key number -> logical key
PYGAMER_KEYS = (5, 4, 6, 7)  # cucumber.boardsetup's: B, A, START, SELECT

# the check's steps (cucumber.boardcheck): their kinds
_KEY = 0
_PUSH = 1
_LIGHT = 2
_MEASURE = 5

_TITLE_SETTINGS = 3  # the title's row Settings (cucumber.menus.Title)
_SETTINGS_CHECK = 5  # the settings' row Board check (cucumber.menus._ROW_BOARD_CHECK)
_CENTRE = 32768
_TRAVEL = 30000  # a push: 92% of the half range (the game's threshold is 35%)
_DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # left, right, up, down: x right, y down


def _reading(flip, d):
    """The stick's (x, y) from its centre when pushed towards direction ``d`` on a board
    whose stick reads as Stick.flip ``flip`` says: what the code turns back into ``d``."""
    x = _DIRS[d][0] * _TRAVEL
    y = _DIRS[d][1] * _TRAVEL
    if flip & 1:
        x = -x
    if flip & 2:
        y = -y
    return (y, x) if flip & 4 else (x, y)


def _read_as(flip, x, y):
    """The direction (0..3) the code reads (x, y) as with Stick.flip ``flip``."""
    if flip & 4:
        x, y = y, x
    if flip & 1:
        x = -x
    if flip & 2:
        y = -y
    if abs(x) >= abs(y):
        return 1 if x > 0 else 0
    return 3 if y > 0 else 2


class Player(rigdriver._Player):
    raw_keys = True
    carried = rigdriver._CARRIED + ("phase", "trust", "reported")

    def __init__(self, plan):
        self.phase = 0  # 0: to the check; 1: in it; 2: its report seen, the matches
        self.trust = False  # the printed labels are pressed (the check's map is on)
        self.reported = 0  # the report pages seen
        self.asked = False  # this step: the button (or push) the check asks for
        self.held = False  # the stick is pushed (let go at the next step)
        self.at = None  # the check's step seen last, and how often each was entered
        self.entered = {}
        super().__init__(plan)  # (a restart's carry sets the carried ones)
        check = plan["check"]
        self.pygamer = plan.get("board") == "pygamer"
        if self.pygamer:
            import board
            try:
                board.pygamer()
            except AttributeError:
                raise rigdriver.RigFailure("rig: a PyGamer plan needs the Python stand-in "
                                           "board (micropython32-pystubs)") from None
        own = PYGAMER_KEYS if self.pygamer else PYBADGE_KEYS
        wiring = {}
        for n in range(len(own)):
            wiring[NAMES[own[n]]] = n
        for name in check.get("keys", {}):
            wiring[name] = check["keys"][name]
        for name in check.get("missing", ()):
            wiring[name] = None
        self.wiring = wiring  # printed name: the raw number it sends, None: nothing
        self.order = check.get("lights", "GRB")
        self.flip = check.get("stick", {}).get("flip", 0)

    # ----- presses through the board's wiring -----------------------------------------

    def key(self):
        """The next raw key number, or None: a push of the stick is let go first."""
        if self.held:
            self.held = False
            self._stick(0, 0)
            return None
        self.asked = False
        k = rigdriver._Player.key(self)
        if k is None:
            return None
        return self._press(k)

    def _press(self, k):
        hw = sys.modules["cucumber.app"].running.hw
        labels = self.asked or self.trust
        if self.pygamer and k < 4:  # the d-pad: the stick
            stick = None
            for s in hw.sources:
                if hasattr(s, "ax"):
                    stick = s
            x, y = _reading(self.flip if labels else stick.flip, k)
            if labels and not self.asked and _read_as(stick.flip, x, y) != k:
                raise rigdriver.RigFailure(
                    "rig: pushed %s, the game reads %s: the stick was not corrected"
                    % (NAMES[k], NAMES[_read_as(stick.flip, x, y)]))
            self._stick(x, y)
            self.held = True
            return None
        if labels:  # the button printed k
            n = self.wiring.get(NAMES[k])
            if n is None:
                raise rigdriver.RigFailure("rig: the %s button sends nothing" % NAMES[k])
            if not self.asked and hw._table[n] != k:
                raise rigdriver.RigFailure(
                    "rig: the %s button (key number %d) reads as %s: the key map was not "
                    "corrected" % (NAMES[k], n, NAMES[hw._table[n]]))
            return n
        table = hw._table  # the button the game reads as k, if the board has it
        for name in self.wiring:
            n = self.wiring[name]
            if n is not None and n < len(table) and table[n] == k:
                return n
        raise rigdriver.RigFailure("rig: no button of this board reads as %s" % NAMES[k])

    def _stick(self, x, y):
        import analogio
        analogio.IN["JOYSTICK_X"].value = _CENTRE + x
        analogio.IN["JOYSTICK_Y"].value = _CENTRE + y

    # ----- screens ----------------------------------------------------------------------

    def on_title(self, app, scr):
        if self.phase == 0 and self.plan["check"].get("skip"):
            self.phase = 2
            self.trust = True
        if self.phase < 2:  # to Settings, for the check
            return _DOWN if scr.menu.cursor != _TITLE_SETTINGS else _A
        return rigdriver._Player.on_title(self, app, scr)

    def on_settings(self, app, scr):
        if self.phase < 2:
            return _DOWN if scr.menu.cursor != _SETTINGS_CHECK else _A
        return _B  # the title, and the plan's matches

    def on_boardcheck(self, app, scr):
        steps = scr.steps
        at = scr.at
        if at >= len(steps) // 2:  # the report (its block printed as it opened)
            if self.phase < 2:
                self.reported += 1
                self.phase = 2
            return _B  # to Settings
        if at < 0:  # the first page (a key pressed as it opens is not taken: again)
            if self.phase < 2:
                self.phase = 1
                return _A
            return _B
        if at != self.at:  # a step entered: not over and over (a key that goes back)
            self.at = at
            self.entered[at] = self.entered.get(at, 0) + 1
            if self.entered[at] > 3:
                raise rigdriver.RigFailure("rig: the check came back to its step %d (kind "
                                           "%d) %d times" % (at, steps[2 * at],
                                                             self.entered[at]))
        kind = steps[2 * at]
        arg = steps[2 * at + 1]
        if kind == _KEY or kind == _PUSH:  # the button, or the push, asked for
            self.asked = True
            if kind == _KEY and self.wiring.get(NAMES[arg]) is None:
                return None  # a button that sends nothing: the check gives up on it
            return arg  # (the pushes' order is the d-pad keys')
        self.trust = True  # the buttons are done: their map is on
        if kind == _LIGHT:
            buf = app.hw._pixel_buf  # the LEDs' bytes: is the colour asked for lit?
            return _A if buf[self.order.index("RGB"[arg])] else _B
        if kind == _MEASURE:
            return None  # the board restarts into check.py
        return _A  # the tune heard, each backlight level brighter

    # ----- the end --------------------------------------------------------------------

    def finish(self, app):
        import rigreport
        from cucumber.store import BOARD
        hw = app.hw
        rec = app.store.get(BOARD)
        flip = None
        for s in hw.sources:
            if hasattr(s, "flip"):
                flip = s.flip
        print("RIG-CHECK ", end="")
        rigreport._emit({"board": "" if rec is None else bytes(rec).hex(),
                         "table": list(hw._table), "order": list(hw._order),
                         "flip": -1 if flip is None else flip, "reported": self.reported,
                         "name": hw.name})
        print()
        rigdriver._Player.finish(self, app)
