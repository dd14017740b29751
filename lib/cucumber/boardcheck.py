"""The board check, from Settings: the first board of its kind tells what it is.

A page a step, each saying what to do (the "boardcheck" section, cucumber.lang):

- **Buttons**: "Press the A button", B, then every other key the board has. The keys
  are read raw (``Hardware._table`` the identity while these steps are on), so every
  button is an answer, whatever the key map: the status line says which key number
  came. A key that does not come within ``KEY_WAIT_MS`` is noted and the next step
  follows. Once the buttons are done, the map as pressed is used at once and, if it
  differs from the board's own (A and B swapped, a d-pad in another order), saved.
- **Stick** (PyGamer): push left, right, up, down; each push's axis, sign and travel
  are read from the stick's analog values (its key events are off meanwhile), and
  directions other than the code assumes are saved (``boardinput.Stick.flip``).
- **Lights**: red, then green, then blue, each put in one byte of every pixel in turn
  until the player says yes: the bytes' order found is used and saved if it is not
  G, R, B.
- **Sound**: a short tune, again every ``TUNE_MS``; "did you hear it".
- **Backlight**: each of the four levels, "brighter than before".
- **Measuring**: the board restarts into check.py (cucumber.boardmeasure), measures
  memory and speed in a fresh heap, and restarts into code.py, whose title opens the
  report (the REPORT flag of the BOARD record, cucumber.boardrec).

On the question steps A is yes and B no, START skips the step, LEFT goes back one and
SELECT stops the check (B on the first page and on the report goes back to Settings).
Every finding is saved when its steps end, so a check left half-way keeps what it found.

The report: the page's summary (this module, in the title's run after the measuring),
and one block of plain lines on the serial console, printed by the measuring run
(cucumber.boardreport: what Mu's serial pane shows, to copy and paste, in English so
that the project reads every report alike).

A screen module (cucumber.app.SCREEN_MODULES): loaded while the page is open, forgotten
after.
"""

import displayio

from engine.compat import const
from cucumber import keys, lang, ui
from cucumber import boardrec as rb

# words: boardcheck
_TITLE = const(0)
_INTRO = const(1)
_INTRO_LEGEND = const(2)
_PRESS_A = const(3)
_PRESS_B = const(4)
_PRESS_START = const(5)
_PRESS_SELECT = const(6)
_PRESS_LEFT = const(7)
_PRESS_RIGHT = const(8)
_PRESS_UP = const(9)
_PRESS_DOWN = const(10)
_KEY_LEGEND = const(11)
_PUSH_LEFT = const(12)
_PUSH_RIGHT = const(13)
_PUSH_UP = const(14)
_PUSH_DOWN = const(15)
_LIGHTS_RED = const(16)
_LIGHTS_GREEN = const(17)
_LIGHTS_BLUE = const(18)
_SOUND = const(19)
_BACKLIGHT_FIRST = const(20)
_BACKLIGHT_NEXT = const(21)
_YES_LEGEND = const(22)
_STEP_LEGEND = const(23)
_MEASURING = const(24)
_CAME = const(25)
_TAKEN = const(26)
_NEVER = const(27)
_SECONDS = const(28)
_PUSHED = const(29)
_NO_PUSH = const(30)
_KEYS_SAME = const(31)
_KEYS_SAVED = const(32)
_STICK_SAME = const(33)
_STICK_SAVED = const(34)
_LIGHTS_SAME = const(35)
_LIGHTS_SAVED = const(36)
_LIGHTS_UNSEEN = const(37)
_LEFT = const(38)
_RIGHT = const(39)
_UP = const(40)
_DOWN = const(41)
_DONE = const(42)
_REP_KEYS = const(43)
_REP_STICK = const(44)
_REP_LIGHTS = const(45)
_REP_SOUND = const(46)
_REP_BACKLIGHT = const(47)
_REP_HEAP = const(48)
_REP_TABLE = const(49)
_REP_RESTART = const(50)
_REP_AI = const(51)
_AS_EXPECTED = const(52)
_SAVED = const(53)
_MISSING = const(54)
_NOT_SEEN = const(55)
_HEARD = const(56)
_NOT_HEARD = const(57)
_SKIPPED = const(58)
_LEVELS = const(59)
_KB = const(60)
_MS = const(61)
_REP_CONSOLE = const(62)
_REP_LEGEND = const(63)

# the steps' kinds
_KEY = const(0)  # its argument: the logical key asked for
_PUSH_STEP = const(1)  # 0..3: left, right, up, down
_LIGHT = const(2)  # 0..2: red, green, blue
_TUNE = const(3)
_BRIGHT = const(4)  # 0..3: the level shown
_MEASURE = const(5)
# how the keys are read (BoardCheck._input)
_MAPPED = const(0)
_RAW = const(1)
_NO_STICK = const(2)

KEY_WAIT_MS = const(10000)
PUSH_WAIT_MS = const(10000)
TUNE_MS = const(3000)
_STICK_PRESS = const(23000)  # as cucumber.boardinput's: a push, and its release
_STICK_RELEASE = const(13000)
COLORS = (0xFF0000, 0x00FF00, 0x0000FF)
COLS = const(26)
BODY = const(5)  # a step's lines
TOP = const(18)
PITCH = const(11)
REPORT_ROWS = const(9)

def _stick(hw):
    """The board's joystick (a cucumber.boardinput.Stick), or None."""
    for s in getattr(hw, "_polled", ()):
        if hasattr(s, "ax"):
            return s
    return None


class BoardCheck:
    """The check's pages: the first one (``report`` False) or the report."""

    name = "boardcheck"

    def __init__(self, app, report=False):
        self.app = app
        hw = app.hw
        self.hw = hw
        w = lang.section("boardcheck")
        self.w = w
        self.rec = rb.read(app.store)
        if getattr(hw, "table_made", None) is None:  # the board's own map, kept to compare
            hw.table_made = getattr(hw, "_table", ())
        self.table0 = bytes(rb.made_table(hw))
        self.map = bytearray(self.table0)
        self.stick = _stick(hw)  # kept: its key events are off on the push steps
        self.mode = _MAPPED  # how the keys are read (``_input``)
        self.kept = None  # what reading them otherwise put aside: (table, polled)
        steps = bytearray()
        for k in rb.ASK:
            if k in self.table0:
                steps += bytes((_KEY, k))
        if self.stick is not None:
            steps += b"\x01\x00\x01\x01\x01\x02\x01\x03"
        if getattr(hw, "_pixel_pin", None) is not None:
            steps += b"\x02\x00\x02\x01\x02\x02"
        if getattr(hw, "_speaker", None) is not None:
            steps += b"\x03\x00"
        if hw.display is not None and hasattr(hw.display, "brightness"):
            steps += b"\x04\x00\x04\x01\x04\x02\x04\x03"
        steps += b"\x05\x00"
        self.steps = steps
        self.at = -1  # the step shown (-1: the first page); the report: len(steps) // 2
        self.due = None  # a step's deadline (a key's wait), or when measuring starts
        self.tune = None  # when the tune plays again
        self.shown = -1  # the seconds left shown
        self.peak = 0  # a push: its largest travel, its axis and sign; 1 once past
        self.pushed = 0
        self.slots = bytearray(b"\xff\xff\xff")  # the lights: the byte found per colour
        self.slot = 0  # the byte tried now
        self.level = hw.level
        self.muted = hw.muted
        self.gone = 0  # the raw key numbers answered in this check (a bit each)
        f = ui.Font("medium", lang.chars(w, "0123456789%?-"))
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading(w[_DONE if report else _TITLE], 0, ui.YELLOW))
        self.lines = []
        n = REPORT_ROWS if report else BODY + 1
        for i in range(n):
            t = ui.Text("", x=2, y=(16 + 10 * i) if report else (TOP + PITCH * i),
                        width=COLS, font=f)
            g.append(t)
            self.lines.append(t)
        self.legend = ui.Text("", x=2, y=117, width=COLS, color=ui.GREY, font=f)
        self.legend2 = ui.Text("", x=2, y=106, width=COLS, color=ui.GREY, font=f)
        g.append(self.legend2)
        g.append(self.legend)
        self.group = g
        if report:
            self.at = len(steps) // 2
            self._report()
        else:
            self._show_intro()

    # ----- pages ----------------------------------------------------------------------

    def _body(self, text, status=""):
        """A step's words, wrapped, and the status line under them."""
        rows = ui.wrap(text, COLS)
        for i in range(BODY):
            self.lines[i].set(rows[i] if i < len(rows) else "")
        self.status(status)

    def status(self, text):
        self.lines[BODY].set(text[:COLS])

    def _legends(self, first, second=""):
        self.legend.set(first)
        self.legend2.set(second)

    def _show_intro(self):
        w = self.w
        self.at = -1
        self._body(w[_INTRO])
        self._legends(w[_INTRO_LEGEND])

    def _name(self, k):
        """A logical key's name: as printed on the board, the d-pad's in words."""
        return self.w[_LEFT + k] if k < 4 else keys.NAMES[k].upper()

    def _go(self, i, status=""):
        """Leave the step shown and show step ``i``."""
        hw = self.hw
        w = self.w
        steps = self.steps
        old = steps[2 * self.at] if 0 <= self.at < len(steps) // 2 else -1
        kind = steps[2 * i] if 0 <= i < len(steps) // 2 else -1
        if kind == _LIGHT and old != _LIGHT:
            i -= steps[2 * i + 1]  # back into the lights: from red
        # what the step left needs undone, and the findings its kind's steps made
        if old == _KEY and kind != _KEY:
            status = self._keys_done() if i > self.at else status
        if old == _PUSH_STEP and kind != _PUSH_STEP and i > self.at:
            status = self._stick_done()
        if old == _LIGHT and kind != _LIGHT:
            hw.lights(())
            hw.level = self.level
            if i < self.at:  # back: the order as it was
                hw._order = self._order_now()
        if old == _TUNE and kind != _TUNE:
            hw.muted = self.muted
        if old == _BRIGHT and kind != _BRIGHT:
            hw.set_brightness(self.level)
        if old != kind and old != -1:
            self._save()  # the answers so far: a check left half-way keeps them
        self.at = i
        self.due = None
        self.tune = None
        self.shown = -1
        if kind == -1:
            self._input(_MAPPED)
            self._show_intro()
            return
        arg = steps[2 * i + 1]
        if kind == _KEY:
            self._input(_RAW)
            self.due = (hw.ticks_ms() + KEY_WAIT_MS) & 0x1FFFFFFF
            self.rec[rb.ANSWERS + arg] = rb.NOT_ASKED
            self._body(w[_PRESS_A + rb.ASK.index(arg)], status)
            self._legends(w[_KEY_LEGEND])
            return
        self._input(_NO_STICK if kind == _PUSH_STEP else _MAPPED)
        if kind == _PUSH_STEP:
            self.peak = self.pushed = 0
            self.due = (hw.ticks_ms() + PUSH_WAIT_MS) & 0x1FFFFFFF
            self._body(w[_PUSH_LEFT + arg], status)
        elif kind == _LIGHT:
            for c in range(arg, 3):  # this colour's byte and the later ones: unknown
                self.slots[c] = 0xFF
            self.slot = self._free(0)
            hw.level = 3
            self._light(arg)
            self._body(w[_LIGHTS_RED + arg], status)
        elif kind == _TUNE:
            hw.muted = False
            self._play()
            self._body(w[_SOUND], status)
        elif kind == _BRIGHT:
            hw.set_brightness(arg)
            self._body(w[_BACKLIGHT_FIRST] if arg == 0 else w[_BACKLIGHT_NEXT] % (arg + 1),
                       status)
        else:  # measuring, once this page is on the screen
            self._body(w[_MEASURING], status)
            self._legends("")
            self.due = (hw.ticks_ms() + 300) & 0x1FFFFFFF
            return
        self._legends(w[_YES_LEGEND], w[_STEP_LEGEND])

    def _next(self, status=""):
        self._go(self.at + 1, status)

    # ----- how keys are read -------------------------------------------------------------------

    def _input(self, mode):
        """How the keys are read on the step shown: ``_MAPPED`` as the map says,
        ``_RAW`` each key's own number, ``_NO_STICK`` as mapped with the stick's key
        events off (its pushes are read as values)."""
        hw = self.hw
        if mode == self.mode:
            return
        if self.kept is not None:  # as the map says again
            table, polled = self.kept
            hw._table = bytes(self.map) if self.map else table
            for s in polled:
                if hasattr(s, "table"):
                    s.table = hw._table
            hw._polled = polled
            self.kept = None
        self.mode = mode
        if mode == _MAPPED:
            return
        self.kept = (hw._table, hw._polled)
        ident = bytes(range(len(self.table0)))
        polled = []
        for s in hw._polled:
            if hasattr(s, "table"):  # pins without keypad
                if mode == _RAW:
                    s.table = ident
                polled.append(s)
        hw._polled = polled
        if mode == _RAW:
            hw._table = ident

    def _keys_done(self):
        """The buttons' steps are over: the map as pressed, used and (if it is not the
        board's own) saved."""
        rec = self.rec
        w = self.w
        rec[rb.MAP:rb.MAP + 8] = b"\xff" * 8
        rec[rb.MAP:rb.MAP + len(self.map)] = self.map
        if bytes(self.map) != self.table0:
            rec[1] |= rb.KEYS
            said = w[_KEYS_SAVED]
        else:
            rec[1] &= ~rb.KEYS
            said = w[_KEYS_SAME]
        self._save()
        return said

    def _answer_key(self, n):
        """Raw key ``n`` came on a key step."""
        if n >= len(self.map):
            return
        k = self.steps[2 * self.at + 1]
        w = self.w
        m = self.map
        if self.gone & (1 << n) and m[n] != k:
            self.status(w[_TAKEN] % (n, self._name(m[n])))
            return
        j = 0
        while m[j] != k:
            j += 1
        m[j] = m[n]
        m[n] = k
        self.gone |= 1 << n
        self.rec[rb.ANSWERS + k] = n
        self._next(w[_CAME] % (n, self._name(k)))

    # ----- the stick ------------------------------------------------------------------

    def _read_push(self, now):
        """A push step at each tick: its largest travel, and once it is let go, the
        answer."""
        s = self.stick
        dx = s.ax.value - s.cx
        dy = s.ay.value - s.cy
        ax = dx if dx >= 0 else -dx
        ay = dy if dy >= 0 else -dy
        if ax >= ay:
            big = ax
            way = 2 if dx < 0 else 0  # bit 0: the y axis, bit 1: minus
        else:
            big = ay
            way = 3 if dy < 0 else 1
        if big > (self.peak >> 2):
            self.peak = (big << 2) | way
        if big >= _STICK_PRESS:
            self.pushed = 1
        elif self.pushed and big < _STICK_RELEASE:
            p = self.peak
            d = self.steps[2 * self.at + 1]
            travel = min(100, (p >> 2) * 100 // 32768)
            self.rec[rb.PUSHES + 2 * d] = p & 3
            self.rec[rb.PUSHES + 2 * d + 1] = travel
            self._next(self.w[_PUSHED] % travel)

    def _stick_done(self):
        """The pushes are over: the stick's directions (Stick.flip) used, and saved
        if the code's assumption was wrong."""
        rec = self.rec
        w = self.w
        stick = self.stick
        flip = flip_from(rec)
        if flip is None:
            return ""
        stick.flip = flip
        rec[rb.FLIP] = flip
        if flip:
            rec[1] |= rb.STICK
        else:
            rec[1] &= ~rb.STICK
        self._save()
        return w[_STICK_SAVED] if flip else w[_STICK_SAME]

    # ----- the lights -----------------------------------------------------------------

    def _free(self, start):
        """The first byte from ``start`` on that no colour has yet (3: none)."""
        slots = self.slots
        for b in range(start, 3):
            # (no ``in`` on a bytearray: MicroPython does not have it for an int)
            if slots[0] != b and slots[1] != b and slots[2] != b:
                return b
        return 3

    def _order_now(self):
        o = self.rec[rb.PIXELS]
        if self.rec[1] & rb.ORDER:
            return bytes((o & 3, (o >> 2) & 3, (o >> 4) & 3))
        return rb.own_order(self.hw)

    def _light(self, c):
        """Colour ``c`` in byte ``self.slot`` of every pixel."""
        order = bytearray(3)
        order[c] = self.slot
        rest = [b for b in range(3) if b != self.slot]
        j = 0
        for other in range(3):
            if other != c:
                order[other] = rest[j]
                j += 1
        hw = self.hw
        hw._order = bytes(order)
        hw.lights((COLORS[c],) * 5)

    def _answer_light(self, yes):
        c = self.steps[2 * self.at + 1]
        w = self.w
        if yes:
            self.slots[c] = self.slot
            if c < 2:
                self._next()
                return
            self._lights_done(self.slots)
            return
        self.slot = self._free(self.slot + 1)
        if self.slot < 3:
            self._light(c)
            return
        self.rec[rb.LIGHTS] = rb.NEVER  # no byte showed it: the lights are not seen
        self.hw._order = self._order_now()
        self._skip_kind(w[_LIGHTS_UNSEEN])

    def _lights_done(self, order):
        rec = self.rec
        w = self.w
        packed = order[0] | (order[1] << 2) | (order[2] << 4)
        rec[rb.LIGHTS] = packed
        self.hw._order = bytes(order)
        if bytes(order) != rb.own_order(self.hw):
            rec[1] |= rb.ORDER
            rec[rb.PIXELS] = packed
            said = w[_LIGHTS_SAVED]
        else:
            rec[1] &= ~rb.ORDER
            said = w[_LIGHTS_SAME]
        self._save()
        self._next(said)

    def _skip_kind(self, status=""):
        """On past the steps of the kind shown."""
        steps = self.steps
        kind = steps[2 * self.at]
        i = self.at
        while 2 * i < len(steps) and steps[2 * i] == kind:
            i += 1
        self._go(i, status)

    # ----- the other steps ------------------------------------------------------------

    def _play(self):
        self.hw.beep("win")
        self.tune = (self.hw.ticks_ms() + TUNE_MS) & 0x1FFFFFFF

    def _save(self):
        from cucumber.store import BOARD
        try:
            self.app.store.put(BOARD, self.rec)
        except Exception:  # a full or failing nvm: the check goes on, unsaved
            pass

    def _skip(self):
        """START on a question step."""
        steps = self.steps
        kind = steps[2 * self.at]
        arg = steps[2 * self.at + 1]
        rec = self.rec
        if kind == _PUSH_STEP:
            rec[rb.PUSHES + 2 * arg] = rb.SKIPPED
        elif kind == _LIGHT:
            rec[rb.LIGHTS] = rb.SKIPPED
            self.hw._order = self._order_now()
            self._skip_kind()
            return
        elif kind == _TUNE:
            rec[rb.SOUND] = rb.SKIPPED
        elif kind == _BRIGHT:
            rec[rb.BRIGHT + arg] = rb.SKIPPED
        self._next()

    def _answer(self, yes):
        """A (yes) or B (no) on a question step."""
        steps = self.steps
        kind = steps[2 * self.at]
        arg = steps[2 * self.at + 1]
        if kind == _LIGHT:
            self._answer_light(yes)
        elif kind == _TUNE:
            self.rec[rb.SOUND] = 1 if yes else 0
            self._next()
        elif kind == _BRIGHT:
            self.rec[rb.BRIGHT + arg] = 1 if yes else 0
            self._next()

    def stop(self):
        """Leave the check for Settings: the board as the findings left it."""
        self._go(-1)
        return ("settings",)

    # ----- keys and time --------------------------------------------------------------

    def key(self, k):
        at = self.at
        steps = self.steps
        if at >= len(steps) // 2:  # the report: A, the check's first page again
            if k == keys.A:
                return ("boardcheck",)
            return ("settings",) if k == keys.B else None
        if at == -1:
            if k == keys.A:
                self._begin()
            elif k == keys.B:
                return ("settings",)
            return None
        kind = steps[2 * at]
        if kind == _KEY:
            self._answer_key(k)
        elif kind == _MEASURE:
            return None
        elif k == keys.START:
            self._skip()
        elif k == keys.SELECT:
            return self.stop()
        elif k == keys.LEFT:
            self._go(at - 1)
        elif kind != _PUSH_STEP and (k == keys.A or k == keys.B):
            self._answer(k == keys.A)
        return None

    def _begin(self):
        """A on the first page: the check from its first step."""
        rec = self.rec
        rec[rb.ANSWERS:rb.NOW] = b"\xff" * (rb.NOW - rb.ANSWERS)
        rec[1] &= ~(rb.MEASURING | rb.REPORT)
        self.map[:] = self.table0
        self.gone = 0
        self._go(0)

    def tick(self, now):
        at = self.at
        if at < 0 or at >= len(self.steps) // 2:
            return
        kind = self.steps[2 * at]
        if kind == _PUSH_STEP:
            self._read_push(now)
            if self.at != at:
                return
        if kind == _TUNE and self.tune is not None and _diff(now, self.tune) >= 0:
            self._play()
        due = self.due
        if due is None:
            return
        left = _diff(due, now)
        if kind == _MEASURE:
            if left <= 0:
                self.due = None
                measure(self.app, self.rec)
            return
        if left <= 0:
            arg = self.steps[2 * at + 1]
            w = self.w
            if kind == _KEY:
                self.rec[rb.ANSWERS + arg] = rb.NEVER
                self._next(w[_NEVER] % self._name(arg))
            else:
                self.rec[rb.PUSHES + 2 * arg] = rb.NEVER
                self._next(w[_NO_PUSH])
            return
        s = (left + 999) // 1000
        if s != self.shown and s <= 5:
            self.shown = s
            self.status(self.w[_SECONDS] % s)

    # ----- the report -----------------------------------------------------------------

    def _report(self):
        """The report's page (the measuring run printed its block on the serial console);
        the REPORT flag cleared, so that the next title is the title."""
        rec = self.rec
        w = self.w
        rows = []
        rows.append((w[_REP_KEYS], _said(w, rec, rb.KEYS, _answers(rec, rb.ANSWERS, 8, 1))))
        if self.stick is not None:
            rows.append((w[_REP_STICK], _said(w, rec, rb.STICK,
                                              _answers(rec, rb.PUSHES, 4, 2))))
        v = rec[rb.LIGHTS]
        rows.append((w[_REP_LIGHTS], w[_NOT_SEEN] if v == rb.NEVER else
                     _said(w, rec, rb.ORDER, -1 if v >= rb.SKIPPED else 0)))
        v = rec[rb.SOUND]
        rows.append((w[_REP_SOUND], w[_HEARD] if v == 1 else
                     (w[_NOT_HEARD] if v == 0 else w[_SKIPPED])))
        seen = 0
        asked = 0
        for i in range(4):
            v = rec[rb.BRIGHT + i]
            if v < 2:
                asked += 1
                seen += v
        rows.append((w[_REP_BACKLIGHT], w[_LEVELS] % seen if asked else w[_SKIPPED]))
        for label, i, kb in ((_REP_HEAP, rb.HEAP_START, 1), (_REP_TABLE, rb.HEAP_TABLE, 1),
                             (_REP_RESTART, rb.RESTART_MS, 0), (_REP_AI, rb.AI7_MS, 0)):
            v = rb.figure(rec, i)
            if v is None:
                v = "-"
            elif kb:
                v = "%d %s" % (v // 1024, w[_KB])
            else:
                v = "%d %s" % (v, w[_MS])
            rows.append((w[label], v))
        for i in range(REPORT_ROWS):
            self.lines[i].set(_line(rows[i][0], rows[i][1]) if i < len(rows) else "")
        self._legends(w[_REP_LEGEND], w[_REP_CONSOLE])
        if rec[1] & rb.REPORT:  # shown once (the measuring run printed it)
            rec[1] &= ~rb.REPORT
            self._save()


def _diff(a, b):
    """a - b for ticks_ms() values (they wrap at 2**29)."""
    return ((a - b + (1 << 28)) & 0x1FFFFFFF) - (1 << 28)


def _answers(rec, at, n, step):
    """-1 when every answer is missing (never asked, skipped), else how many never
    came."""
    never = 0
    asked = 0
    for i in range(n):
        v = rec[at + step * i]
        if v == rb.NEVER:
            never += 1
        if v < rb.SKIPPED:
            asked += 1
    if not asked and not never:
        return -1
    return never


def _said(w, rec, flag, never):
    if never < 0:
        return w[_SKIPPED]
    if never:
        return w[_MISSING] % never
    return w[_SAVED] if rec[1] & flag else w[_AS_EXPECTED]


def _line(label, value):
    """``label`` on the left, ``value`` at the right of COLS cells."""
    room = COLS - len(value) - 1
    label = label[:max(0, room)]
    return label + " " * (COLS - len(label) - len(value)) + value


def flip_from(rec):
    """The stick's Stick.flip from the four pushes' answers, or None when they do not
    tell (a push missing on both sides of an axis, or both on one axis)."""
    h = _push(rec, 0, 1)
    v = _push(rec, 2, 3)
    if h is None or v is None or (h & 1) == (v & 1):
        return None
    flip = 4 if h & 1 else 0  # left and right moved the y axis: swapped
    if not h & 2:
        flip |= 1  # left read plus
    if not v & 2:
        flip |= 2  # up read plus
    return flip


def _push(rec, d, other):
    """Push ``d``'s axis and sign (bit 1: minus), or the opposite push's turned round."""
    p = rec[rb.PUSHES + 2 * d]
    if p < 4:
        return p
    p = rec[rb.PUSHES + 2 * other]
    if p < 4:
        return p ^ 2
    return None


def measure(app, rec):
    """The measuring step: the record (MEASURING, and when) saved, and the board
    restarted into check.py (cucumber.boardmeasure); where the board cannot restart (a
    PC), measured here, in this heap, and the report shown."""
    hw = app.hw
    rec[1] = (rec[1] | rb.MEASURING) & ~rb.REPORT
    t = hw.ticks_ms()
    rec[rb.T0] = (t >> 24) & 0xFF
    rec[rb.T0 + 1] = (t >> 16) & 0xFF
    rec[rb.T0 + 2] = (t >> 8) & 0xFF
    rec[rb.T0 + 3] = t & 0xFF
    from cucumber.store import BOARD
    app.store.put(BOARD, rec)
    app.restart("check.py")  # returns only where the board cannot restart
    __import__("cucumber.boardmeasure")
    import sys
    sys.modules["cucumber.boardmeasure"].run(app, False)
    app.show_title()
