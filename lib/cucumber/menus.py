"""Title, set-up, settings and message screens.

Only needed outside a match: the app imports this module when it opens one of these
screens and forgets it when a screen of another module opens (cucumber.app), which gives
its code back to the heap while the table is up. The rules page, opened from the title
and from the pause menu, is cucumber.rulespage.

A screen has ``group`` (its displayio.Group, built when the screen is made and dropped
with it), ``key(k)`` returning None or a command tuple for the app, and ``tick(now)``.
"""

import displayio

from cucumber import keys, ui
from cucumber.version import VERSION
from cucumber.settings import KIND_NAMES, REENTRY_NAMES, THRESHOLDS, HUMAN, HARD, BOT
from engine.rules import PROFILES, RulesError, MAX_PLAYERS

ROW = 12  # text row height


class Screen:
    name = "screen"

    def key(self, k):
        return None

    def tick(self, now):
        pass


class ListMenu:
    """Rows of text with one highlighted; ``top`` scrolls when there are more rows."""

    def __init__(self, group, x, y, cells, rows):
        self.lines = []
        self.x = x
        self.y = y
        self.cells = cells
        for i in range(rows):
            t = ui.Text("", x=x, y=y + i * ROW, width=cells)
            group.append(t)
            self.lines.append(t)
        self.top = 0
        self.cursor = 0

    def show(self, items, enabled=None):
        n = len(items)
        rows = len(self.lines)
        if self.cursor >= n:
            self.cursor = n - 1
        if self.cursor < self.top:
            self.top = self.cursor
        if self.cursor >= self.top + rows:
            self.top = self.cursor - rows + 1
        for i in range(rows):
            j = self.top + i
            t = self.lines[i]
            if j >= n:
                t.set("")
                t.color(ui.TEXT)
                continue
            t.set(items[j])
            on = enabled is None or enabled[j]
            if j == self.cursor:
                t.color(ui.BLACK, ui.YELLOW if on else ui.GREY)
            else:
                t.color(ui.TEXT if on else ui.GREY)

    def move(self, d, n):
        self.cursor = (self.cursor + d) % n


class Title(Screen):
    name = "title"
    ITEMS = ("New match", "Continue", "Demo", "Settings", "Rules")

    def __init__(self, can_continue, notice=None):
        self.can_continue = can_continue
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        g.append(ui.heading("CUCUMBER", 8, ui.YELLOW))
        g.append(ui.centered("agurk - gurka - ogorek", 30, ui.CYAN))
        for i, c in enumerate((48, 21, 2)):  # A hearts, 7 hearts, 2 spades: a fan
            g.append(ui.card(c, 104 + i * 16, 48 + (i % 2) * 4))
        g.append(ui.centered("v" + VERSION, 86, ui.GREY, cx=130))
        self.menu = ListMenu(g, 8, 44, 14, 5)
        self.menu.cursor = 1 if can_continue else 0
        self.notice = None
        if notice:
            lines = ui.wrap(notice, 26)[:2]
            for i in range(len(lines)):
                g.append(ui.Text(lines[i], x=2, y=104 + i * ROW, color=ui.ORANGE))
            self.notice = notice
        else:
            g.append(ui.Text("arrows, A: choose", x=2, y=114, color=ui.GREY))
        self.group = g
        self._draw()

    def _draw(self):
        self.menu.show(self.ITEMS, (True, self.can_continue, True, True, True))

    def key(self, k):
        m = self.menu
        if k == keys.UP or k == keys.DOWN:
            m.move(-1 if k == keys.UP else 1, len(self.ITEMS))
            if m.cursor == 1 and not self.can_continue:
                m.move(-1 if k == keys.UP else 1, len(self.ITEMS))
            self._draw()
        elif k == keys.A or k == keys.START:
            c = m.cursor
            if c == 0:
                return ("new",)
            if c == 1 and self.can_continue:
                return ("continue",)
            if c == 2:
                return ("demo",)
            if c == 3:
                return ("settings",)
            if c == 4:
                return ("rules",)
        return None


def _onoff(v):
    return "on" if v else "off"


class SetupScreen(Screen):
    """Every choice one row; left/right change it, A on "Start" (or START) begins."""

    name = "setup"
    VISIBLE = 8

    def __init__(self, setup, bot_file=False):
        self.s = setup
        self.bot_file = bot_file  # a bot.py on the drive: "Bot" is a seat kind
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text("Set-up", x=2, y=0, color=ui.YELLOW))
        self.hint = ui.Text("START:play B:back", x=56, y=0, color=ui.GREY)
        g.append(self.hint)
        self.menu = ListMenu(g, 2, 15, 26, self.VISIBLE)
        self.err_group = None
        self.group = g
        self.rows = ()
        self._draw()

    def _rows(self):
        """(key, text) of each row as the set-up stands now."""
        s = self.s
        rows = [("go", ">> Start match <<"),
                ("profile", "Rules:    " + PROFILES[s.profile]),
                ("players", "Players:  %d" % s.players)]
        for i in range(s.players):
            rows.append(("seat%d" % i, "  P%d:     %s" % (i + 1, KIND_NAMES[s.kinds[i]])))
        rows.append(("hand", "Cards:    %d" % s.hand))
        rows.append(("strict", "Follow:   " + ("strict" if s.strict else "choice")))
        rows.append(("ace", "Aces:     " + ("ordinary", "force low", "win last")[s.ace]))
        rows.append(("tie_all", "Ties:     " + ("all score" if s.tie_all else "last plays")))
        rows.append(("inverse", "Inverse:  " + _onoff(s.inverse)))
        rows.append(("threshold", "Out at:   %d" % s.threshold))
        rows.append(("reentry", "Re-entry: " + REENTRY_NAMES[s.reentry]))
        rows.append(("stakes", "Stakes:   " + _onoff(s.stakes)))
        rows.append(("end", "End:      " + ("last one in", "first out", "fixed rnds")[s.end]))
        if s.end == 2:
            rows.append(("rounds", "Rounds:   %d" % s.rounds))
        rows.append(("open_cards", "Played:   " + ("open" if s.open_cards else "hidden")))
        return rows

    def _draw(self):
        self.rows = self._rows()
        self.menu.show([r[1] for r in self.rows])

    def _change(self, key, d):
        s = self.s
        if key == "profile":
            s.apply_profile((s.profile + d) % len(PROFILES))
        elif key == "players":
            s.players = _cycle(s.players, d, 2, MAX_PLAYERS)
        elif key.startswith("seat"):
            i = int(key[4:])
            s.kinds[i] = _cycle(s.kinds[i], d, HUMAN, BOT if self.bot_file else HARD)
        elif key == "hand":
            s.hand = _cycle(s.hand, d, 3, 7)
        elif key == "ace":
            s.ace = _cycle(s.ace, d, 0, 2)
        elif key == "threshold":
            t = THRESHOLDS
            i = 0
            while i < len(t) and t[i] < s.threshold:
                i += 1
            if i < len(t) and t[i] == s.threshold:
                i = (i + d) % len(t)
            elif d < 0:
                i = (i - 1) % len(t)
            else:
                i = i % len(t)
            s.threshold = t[i]
        elif key == "reentry":
            s.reentry = _cycle(s.reentry, d, 0, len(REENTRY_NAMES) - 1)
        elif key == "end":
            s.end = _cycle(s.end, d, 0, 2)
        elif key == "rounds":
            s.rounds = _cycle(s.rounds, d, 1, 20)
        elif key in ("strict", "tie_all", "inverse", "stakes", "open_cards"):
            setattr(s, key, 1 - getattr(s, key))

    def _hide_error(self):
        if self.err_group is not None:
            self.group.remove(self.err_group)
            self.err_group = None

    def show_error(self, msg):
        self._hide_error()
        lines = ui.wrap(msg, 25)[:8]
        g = displayio.Group()
        h = len(lines) * ROW + 6
        y0 = ui.H - h
        g.append(ui.rect(0, y0 - 2, ui.W, h + 2, ui.ORANGE))
        g.append(ui.rect(1, y0 - 1, ui.W - 2, h, ui.BLACK))
        for i in range(len(lines)):
            g.append(ui.Text(lines[i], x=4, y=y0 + 2 + i * ROW, color=ui.ORANGE))
        self.err_group = g
        self.group.append(g)

    def key(self, k):
        if self.err_group is not None:
            self._hide_error()
            return None
        m = self.menu
        key = self.rows[m.cursor][0]
        if k == keys.UP or k == keys.DOWN:
            m.move(-1 if k == keys.UP else 1, len(self.rows))
        elif k == keys.LEFT or k == keys.RIGHT:
            self._change(key, -1 if k == keys.LEFT else 1)
        elif k == keys.A:
            if key == "go":
                return self._start()
            self._change(key, 1)
        elif k == keys.START:
            return self._start()
        elif k == keys.B:
            return ("title",)
        self._draw()
        return None

    def _start(self):
        try:
            rules = self.s.rules()
        except RulesError as e:
            self.show_error(str(e))
            return ("error",)
        return ("start", rules)


def _cycle(v, d, lo, hi):
    v += d
    if v < lo:
        return hi
    if v > hi:
        return lo
    return v


class SettingsScreen(Screen):
    name = "settings"

    def __init__(self, prefs, stats):
        self.prefs = prefs
        self.stats = stats
        self.confirm = False
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text("Settings", x=2, y=0, color=ui.YELLOW))
        g.append(ui.Text("B: back", x=112, y=0, color=ui.GREY))
        self.menu = ListMenu(g, 0, 15, 26, 5)
        g.append(ui.rect(0, 76, ui.W, 1, ui.GREY))
        self.stat_lines = []
        for i in range(4):
            t = ui.Text("", x=2, y=79 + i * ROW, width=26, color=ui.CYAN)
            g.append(t)
            self.stat_lines.append(t)
        self.group = g
        self._draw()

    def _draw(self):
        p = self.prefs
        items = ("Sound:      " + ("off" if p.mute else "on"),
                 "Brightness: " + "*" * (p.brightness + 1) + "." * (3 - p.brightness),
                 "Hints:      " + _onoff(p.hints),
                 "Plotter:    " + _onoff(p.plotter),
                 "Inside the chip",
                 "Reset stats" + (": A again!" if self.confirm else ""),
                 "Back")
        self.menu.show(items)
        lines = self.stats.lines()
        for i in range(len(self.stat_lines)):
            self.stat_lines[i].set(lines[i] if i < len(lines) else "")

    def key(self, k):
        m = self.menu
        c = m.cursor
        cmd = None
        if k == keys.UP or k == keys.DOWN:
            m.move(-1 if k == keys.UP else 1, 7)
            self.confirm = False
        elif k in (keys.LEFT, keys.RIGHT, keys.A):
            d = -1 if k == keys.LEFT else 1
            if c == 0:
                self.prefs.mute = not self.prefs.mute
                cmd = ("prefs",)
            elif c == 1:
                self.prefs.brightness = _cycle(self.prefs.brightness, d, 0, 3)
                cmd = ("prefs",)
            elif c == 2:
                self.prefs.hints = not self.prefs.hints
                cmd = ("prefs",)
            elif c == 3:
                self.prefs.plotter = not self.prefs.plotter
                cmd = ("prefs",)
            elif c == 4 and k == keys.A:
                return ("chip",)
            elif c == 5 and k == keys.A:
                if self.confirm:
                    self.confirm = False
                    cmd = ("reset_stats",)
                else:
                    self.confirm = True
            elif c == 6 and k == keys.A:
                return ("title",)
        elif k == keys.B or k == keys.START:
            return ("title",)
        self._draw()
        return cmd

    def refresh(self, stats):
        self.stats = stats
        self._draw()


class Message(Screen):
    """A message with A and B choices (e.g. a save that cannot be loaded)."""

    name = "message"

    def __init__(self, title, text, a_cmd, b_cmd, a_label="A: ok", b_label="B: back"):
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading(title, 3, ui.ORANGE))
        lines = ui.wrap(text, 26)[:6]
        for i in range(len(lines)):
            g.append(ui.Text(lines[i], x=2, y=22 + i * ROW))
        g.append(ui.Text(a_label, x=2, y=104, color=ui.YELLOW))
        g.append(ui.Text(b_label, x=2, y=116, color=ui.GREY))
        self.a_cmd = a_cmd
        self.b_cmd = b_cmd
        self.group = g

    def key(self, k):
        if k == keys.A:
            return self.a_cmd
        if k == keys.B:
            return self.b_cmd
        return None
