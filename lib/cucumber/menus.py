"""Title, set-up, settings and message screens.

Only needed outside a match: the app imports this module when it opens one of these
screens and forgets it when a screen of another module opens (cucumber.app), which gives
its code back to the heap while the table is up. The rules page, opened from the title
and from the pause menu, is cucumber.rulespage.

A screen has ``group`` (its displayio.Group, built when the screen is made and dropped
with it), ``key(k)`` returning None or a command tuple for the app, and ``tick(now)``.

Every text is the chosen language's (cucumber.lang: the title, setup and settings
sections, the stats section through cucumber.settings; a Message's texts come from
cucumber.lobby), read when the screen opens and drawn with a medium Font made for its
characters (terminalio has ASCII only). The set-up's and the settings' rows are a label
column as wide as the language's longest label, then the value.
"""

import displayio

from engine.compat import const
from engine.rules import PROFILES, RulesError, MAX_PLAYERS

from cucumber import keys, lang, ui
from cucumber.version import VERSION
from cucumber.settings import REENTRY_MODES, THRESHOLDS, HUMAN, HARD, BOT

ROW = 12  # text row height
DIGITS = "0123456789"
SETUP_CELLS = const(26)  # a set-up row: its label column, then the value

# words: title
_HEADING = const(0)
_SUBTITLE = const(1)
_NEW_MATCH = const(2)
_CONTINUE = const(3)
_DEMO = const(4)
_SETTINGS = const(5)
_RULES = const(6)
_HELP = const(7)

# words: setup
_SET_UP = const(0)
_PLAY_HINT = const(1)
_START = const(2)
_PROFILE = const(3)
_PLAYERS = const(4)
_SEAT = const(5)
_CARDS = const(6)
_FOLLOW = const(7)
_ACES = const(8)
_TIES = const(9)
_INVERSE = const(10)
_OUT_AT = const(11)
_REENTRY = const(12)
_STAKES = const(13)
_END = const(14)
_ROUNDS = const(15)
_PLAYED = const(16)
_ON = const(17)
_OFF = const(18)
_STRICT = const(19)
_CHOICE = const(20)
_ORDINARY = const(21)
_FORCE_LOW = const(22)
_WIN_LAST = const(23)
_ALL_SCORE = const(24)
_LAST_PLAYS = const(25)
_LAST_ONE_IN = const(26)
_FIRST_OUT = const(27)
_FIXED_ROUNDS = const(28)
_OPEN = const(29)
_HIDDEN = const(30)
_HUMAN = const(31)
_AI_EASY = const(32)
_AI_MEDIUM = const(33)
_AI_HARD = const(34)
_BOT = const(35)
_NO_REENTRY = const(36)
_LIVES2 = const(37)
_LIVES3 = const(38)
_BUYBACK = const(39)
_COMEBACK = const(40)
_CHALLENGE = const(41)
_DAILY = const(42)

# words: settings
_PREFS_TITLE = const(0)
_BACK_HINT = const(1)
_SOUND = const(2)
_BRIGHTNESS = const(3)
_HINTS = const(4)
_PLOTTER = const(5)
_LANGUAGE = const(6)
_IS_ON = const(7)
_IS_OFF = const(8)
_CHIP = const(9)
_BOARD_CHECK = const(10)
_RESET = const(11)
_RESET_AGAIN = const(12)
_BACK = const(13)

# The Settings screen's rows, in order
_ROW_SOUND = const(0)
_ROW_BRIGHTNESS = const(1)
_ROW_HINTS = const(2)
_ROW_PLOTTER = const(3)
_ROW_CHIP = const(4)
_ROW_BOARD_CHECK = const(5)
_ROW_LANGUAGE = const(6)
_ROW_RESET = const(7)
_ROW_BACK = const(8)
_SETTINGS_ROWS = const(9)


class Screen:
    name = "screen"

    def key(self, k):
        return None

    def tick(self, now):
        pass


class ListMenu:
    """Rows of text with one highlighted; ``top`` scrolls when there are more rows.
    ``font``: the screen's Font (terminalio when None).

    When the rows do not all fit, a scroll bar at the screen's right edge says so: a grey
    track as tall as the list and a light thumb over the part in view (track below the
    thumb: more rows below; above it: more above). The cursor then stops at the first
    and the last row; it goes round only when every row is in view, where the jump is
    seen."""

    def __init__(self, group, x, y, cells, rows, font=None):
        self.lines = []
        self.x = x
        self.y = y
        self.cells = cells
        for i in range(rows):
            t = ui.Text("", x=x, y=y + i * ROW, width=cells, font=font)
            group.append(t)
            self.lines.append(t)
        self.group = group
        self.thumb = None  # the scroll bar's thumb, made when the rows first overflow
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
        if n > rows:
            self._scroll_bar(n, rows)

    def _scroll_bar(self, n, rows):
        """The track and the thumb (two rectangles, 2 px wide at the right edge) for
        ``n`` rows of which ``rows`` are in view from ``top``."""
        h = rows * ROW - 2
        size = max(4, h * rows // n)
        y = self.y + (h - size) * self.top // (n - rows)
        b = self.thumb
        if b is None or b.height != size:  # a new size: a new thumb (a list grew)
            g = self.group
            if b is None:
                g.append(ui.rect(ui.W - 2, self.y, 2, h, ui.GREY))
            else:
                g.remove(b)
            b = ui.rect(ui.W - 2, y, 2, size, ui.TEXT)
            g.append(b)
            self.thumb = b
        b.y = y

    def move(self, d, n):
        c = self.cursor + d
        if n <= len(self.lines):
            c %= n
        self.cursor = max(0, min(n - 1, c))


def _column(labels):
    """The column where values start: one cell after the longest of ``labels``."""
    n = 0
    for t in labels:
        if len(t) > n:
            n = len(t)
    return n + 1


def _row(label, col, value):
    """``label`` padded to ``col`` cells, then ``value``."""
    return label + " " * (col - len(label)) + value


class Title(Screen):
    name = "title"

    def __init__(self, can_continue, notice=None):
        self.can_continue = can_continue
        w = lang.section("title")
        self.items = (w[_NEW_MATCH], w[_CONTINUE], w[_DEMO], w[_SETTINGS], w[_RULES])
        font = ui.Font("medium", lang.chars(self.items + (w[_SUBTITLE], w[_HELP]),
                                            "v" + VERSION + (notice or "")))
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        g.append(ui.heading(w[_HEADING], 8, ui.YELLOW))
        g.append(ui.centered(w[_SUBTITLE], 30, ui.CYAN, font=font))
        for i, c in enumerate((48, 21, 2)):  # A hearts, 7 hearts, 2 spades: a fan
            g.append(ui.card(c, 104 + i * 16, 48 + (i % 2) * 4))
        g.append(ui.centered("v" + VERSION, 86, ui.GREY, cx=130, font=font))
        self.menu = ListMenu(g, 8, 44, 15, 5, font)  # 15 cells: up to the cards' fan
        self.menu.cursor = 1 if can_continue else 0
        self.notice = None
        if notice:
            lines = ui.wrap(notice, 26)[:2]
            for i in range(len(lines)):
                g.append(ui.Text(lines[i], x=2, y=104 + i * ROW, color=ui.ORANGE, font=font))
            self.notice = notice
        else:
            g.append(ui.Text(w[_HELP], x=2, y=114, color=ui.GREY, font=font))
        self.group = g
        self._draw()

    def _draw(self):
        self.menu.show(self.items, (True, self.can_continue, True, True, True))

    def key(self, k):
        m = self.menu
        n = len(self.items)
        if k == keys.UP or k == keys.DOWN:
            m.move(-1 if k == keys.UP else 1, n)
            if m.cursor == 1 and not self.can_continue:
                m.move(-1 if k == keys.UP else 1, n)
            self._draw()
        elif k == keys.A or k == keys.START:
            c = m.cursor
            if c == 1 and not self.can_continue:
                return None
            # every choice leaves the title: its display objects go now. A word left
            # behind by this call can keep the title alive while the next screen is built
            # (the collector takes any word for a pointer): micropython32, the set-up of
            # 7p-hard-agurk's title run opened from 85-88 KB of heap so, from 83 KB without
            self.group = self.menu = None
            return (("new",), ("continue",), ("demo",), ("settings",), ("rules",))[c]
        return None


def _refusal(e):
    """What the RulesError ``e`` says in the chosen language: the refusals section's
    text of its name filled with its values; its English message (``str(e)``) when it
    names no refusal, the text is missing or it does not take those values."""
    try:
        what = e.what
        if what is not None:
            t = lang.text("refusals", what)
            if t != what:
                return t % tuple(e.values)
    except Exception:  # no such attribute, a bad text: the engine's words
        pass
    return str(e)


class SetupScreen(Screen):
    """Every choice one row; left/right change it, A on "Start" (or START) begins. The
    last two rows open a challenge's entry: a code, or the daily challenge's date.

    A row is its label, padded to the column of the chosen language's longest label,
    then the value (host_tests/test_menus_lang.py checks that every row of every
    language fits its SETUP_CELLS)."""

    name = "setup"
    VISIBLE = 9  # as many rows as fit under the header, as the rules page shows

    def __init__(self, setup, bot_file=False):
        self.s = setup
        self.bot_file = bot_file  # a bot.py on the drive: "Bot" is a seat kind
        w = lang.section("setup")
        self.w = w
        font = ui.Font("medium", lang.chars(w, DIGITS + "".join(PROFILES)))
        labels = [w[i] for i in range(_PROFILE, _PLAYED + 1) if i != _SEAT]
        labels.append("  " + w[_SEAT] % MAX_PLAYERS)
        self.col = _column(labels)
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text(w[_SET_UP], x=2, y=0, color=ui.YELLOW, font=font))
        hint = w[_PLAY_HINT]  # at the right: English's at x 56
        self.hint = ui.Text(hint, x=ui.W - 2 - ui.text_width(hint, font=font), y=0,
                            color=ui.GREY, font=font)
        g.append(self.hint)
        self.menu = ListMenu(g, 2, 15, SETUP_CELLS, self.VISIBLE, font)
        self.err_group = None
        self.group = g
        self.rows = ()
        self._draw()

    def _rows(self):
        """(key, text) of each row as the set-up stands now."""
        s = self.s
        w = self.w
        col = self.col
        rows = [("go", w[_START]),
                ("profile", _row(w[_PROFILE], col, PROFILES[s.profile])),
                ("players", _row(w[_PLAYERS], col, str(s.players)))]
        for i in range(s.players):
            rows.append(("seat%d" % i, _row("  " + w[_SEAT] % (i + 1), col,
                                            w[_HUMAN + s.kinds[i]])))
        rows.append(("hand", _row(w[_CARDS], col, str(s.hand))))
        rows.append(("strict", _row(w[_FOLLOW], col, w[_STRICT] if s.strict else w[_CHOICE])))
        rows.append(("ace", _row(w[_ACES], col, w[_ORDINARY + s.ace])))
        rows.append(("tie_all", _row(w[_TIES], col,
                                     w[_ALL_SCORE] if s.tie_all else w[_LAST_PLAYS])))
        rows.append(("inverse", _row(w[_INVERSE], col, w[_ON] if s.inverse else w[_OFF])))
        rows.append(("threshold", _row(w[_OUT_AT], col, str(s.threshold))))
        rows.append(("reentry", _row(w[_REENTRY], col, w[_NO_REENTRY + s.reentry])))
        rows.append(("stakes", _row(w[_STAKES], col, w[_ON] if s.stakes else w[_OFF])))
        rows.append(("end", _row(w[_END], col, w[_LAST_ONE_IN + s.end])))
        if s.end == 2:
            rows.append(("rounds", _row(w[_ROUNDS], col, str(s.rounds))))
        rows.append(("open_cards", _row(w[_PLAYED], col,
                                        w[_OPEN] if s.open_cards else w[_HIDDEN])))
        rows.append(("code", w[_CHALLENGE]))  # cucumber.challenges: a code typed in
        rows.append(("daily", w[_DAILY]))
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
            s.reentry = _cycle(s.reentry, d, 0, REENTRY_MODES - 1)
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
        font = ui.Font("medium", lang.chars(lines))  # the message's own characters
        g = displayio.Group()
        h = len(lines) * ROW + 6
        y0 = ui.H - h
        g.append(ui.rect(0, y0 - 2, ui.W, h + 2, ui.ORANGE))
        g.append(ui.rect(1, y0 - 1, ui.W - 2, h, ui.BLACK))
        for i in range(len(lines)):
            g.append(ui.Text(lines[i], x=4, y=y0 + 2 + i * ROW, color=ui.ORANGE, font=font))
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
            if key == "code" or key == "daily":
                return ("challenge", key)
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
            self.show_error(_refusal(e))
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
    """The preferences, Inside the chip, the board check, the language, the statistics. A change of
    language is the command ("language", row): the app saves it and opens this screen
    again, in that language, with the cursor on ``cursor``."""

    name = "settings"

    def __init__(self, prefs, stats, cursor=0):
        self.prefs = prefs
        self.stats = stats
        self.confirm = False
        w = lang.section("settings")
        self.w = w
        self.stats_words = lang.section("stats")
        lines = stats.lines(self.stats_words)  # (the challenges' codes: their letters)
        font = ui.Font("medium", lang.chars(w + self.stats_words + tuple(lines),
                                            DIGITS + "*." + lang.NAMES))
        self.col = _column((w[_SOUND], w[_BRIGHTNESS], w[_HINTS], w[_PLOTTER], w[_LANGUAGE]))
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text(w[_PREFS_TITLE], x=2, y=0, color=ui.YELLOW, font=font))
        hint = w[_BACK_HINT]  # at the right: English's at x 112
        g.append(ui.Text(hint, x=ui.W - 6 - ui.text_width(hint, font=font), y=0,
                         color=ui.GREY, font=font))
        self.menu = ListMenu(g, 0, 15, 26, 5, font)
        self.menu.cursor = cursor if 0 <= cursor < _SETTINGS_ROWS else 0
        g.append(ui.rect(0, 76, ui.W, 1, ui.GREY))
        self.stat_lines = []
        # four lines; five, closer together, when the challenges' bests make more
        n = 4 if len(lines) <= 4 else 5
        for i in range(n):
            t = ui.Text("", x=2, y=79 + i * ROW if n == 4 else 78 + i * 10, width=26,
                        color=ui.CYAN, font=font)
            g.append(t)
            self.stat_lines.append(t)
        self.group = g
        self._draw()

    def items(self):
        """The rows' texts as the preferences stand now."""
        p = self.prefs
        w = self.w
        col = self.col
        on = w[_IS_ON]
        off = w[_IS_OFF]
        i = p.lang if 0 <= p.lang < len(lang.CODES) else lang.ENGLISH
        return (_row(w[_SOUND], col, off if p.mute else on),
                _row(w[_BRIGHTNESS], col, "*" * (p.brightness + 1) + "." * (3 - p.brightness)),
                _row(w[_HINTS], col, on if p.hints else off),
                _row(w[_PLOTTER], col, on if p.plotter else off),
                w[_CHIP],
                w[_BOARD_CHECK],
                _row(w[_LANGUAGE], col, lang.name(i)),
                w[_RESET_AGAIN] if self.confirm else w[_RESET],
                w[_BACK])

    def _draw(self):
        self.menu.show(self.items())
        lines = self.stats.lines(self.stats_words)
        for i in range(len(self.stat_lines)):
            self.stat_lines[i].set(lines[i] if i < len(lines) else "")

    def key(self, k):
        m = self.menu
        c = m.cursor
        cmd = None
        if k == keys.UP or k == keys.DOWN:
            m.move(-1 if k == keys.UP else 1, _SETTINGS_ROWS)
            self.confirm = False
        elif k in (keys.LEFT, keys.RIGHT, keys.A):
            d = -1 if k == keys.LEFT else 1
            p = self.prefs
            if c == _ROW_SOUND:
                p.mute = not p.mute
                cmd = ("prefs",)
            elif c == _ROW_BRIGHTNESS:
                p.brightness = _cycle(p.brightness, d, 0, 3)
                cmd = ("prefs",)
            elif c == _ROW_HINTS:
                p.hints = not p.hints
                cmd = ("prefs",)
            elif c == _ROW_PLOTTER:
                p.plotter = not p.plotter
                cmd = ("prefs",)
            elif c == _ROW_CHIP and k == keys.A:
                return ("chip",)
            elif c == _ROW_BOARD_CHECK and k == keys.A:
                return ("boardcheck",)
            elif c == _ROW_LANGUAGE:
                p.lang = _cycle(p.lang, d, 0, len(lang.CODES) - 1)
                return ("language", _ROW_LANGUAGE)  # this screen again, in that language
            elif c == _ROW_RESET and k == keys.A:
                if self.confirm:
                    self.confirm = False
                    cmd = ("reset_stats",)
                else:
                    self.confirm = True
            elif c == _ROW_BACK and k == keys.A:
                return ("title",)
        elif k == keys.B or k == keys.START:
            return ("title",)
        self._draw()
        return cmd

    def refresh(self, stats):
        self.stats = stats
        self._draw()


class Message(Screen):
    """A message with A and B choices (e.g. a save that cannot be loaded), its texts
    given in the chosen language (cucumber.lobby's)."""

    name = "message"

    def __init__(self, title, text, a_cmd, b_cmd, a_label="A: ok", b_label="B: back"):
        lines = ui.wrap(text, 26)[:6]
        font = ui.Font("medium", lang.chars(lines, a_label + b_label))
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading(title, 3, ui.ORANGE))
        for i in range(len(lines)):
            g.append(ui.Text(lines[i], x=2, y=22 + i * ROW, font=font))
        g.append(ui.Text(a_label, x=2, y=104, color=ui.YELLOW, font=font))
        g.append(ui.Text(b_label, x=2, y=116, color=ui.GREY, font=font))
        self.a_cmd = a_cmd
        self.b_cmd = b_cmd
        self.group = g

    def key(self, k):
        if k == keys.A:
            return self.a_cmd
        if k == keys.B:
            return self.b_cmd
        return None
