"""Challenges' screens in the title's run: a code (or the daily challenge's date) entered
with the buttons, and what it sets up before it is played.

A challenge is a match set-up in a 12- or 16-character code (engine.challenge): the same
cards and AIs for everyone who plays it, on the handheld, in the terminal game and in the
arena. From the set-up screen's last rows the player opens the entry screen (``Entry``):
left and right move between the characters, up and down go through the code's symbols
(a blank first), A checks the code, B goes back. A code that is not one says why in
one box, in the player's language, and changes nothing; a good one opens the page of
what it sets up (``Offer``): the rules, the seats, how many rounds count; A there plays
it. The daily challenge is the same with a date (the board has no clock: the player
enters the day's date, and everyone who enters it gets that day's challenge).

Its match then starts as any match does (cucumber.codes, cucumber.starting).

Loaded only in the title's run (cucumber.lobby imports it for its commands); it is not
one of the app's screen modules, which are forgotten when another screen opens: it stays
until the board restarts into the match, or a challenge is played (it goes then).
"""

import displayio

from engine.challenge import ALPHABET, ChallengeError, daily, decode, encode, show
from engine.compat import const

from cucumber import forget, keys, lang, ui

DATE = "2026-01-01"  # the date the daily challenge's entry starts from, without a clock


def today():
    """The board's date as "YYYY-MM-DD" where its clock knows the day (the browser's
    does); DATE on a board whose clock starts at 2000 after every reset."""
    import time
    t = time.localtime()
    if t[0] < 2026:
        return DATE
    return "%04d-%02d-%02d" % (t[0], t[1], t[2])
BLANK = "\u00b7"  # an empty place of a code
_CODE_CELLS = const(16)
_ROW = const(12)
_CELLS = const(26)  # medium cells across the screen

# words: challenge
_CODE_TITLE = const(0)
_DATE_TITLE = const(1)
_MOVE = const(2)
_CHECK_KEYS = const(3)
_TITLE = const(4)
_DAILY_TITLE = const(5)
_ROUNDS = const(6)
_ROUND1 = const(7)
_WHOLE = const(8)
_PLAY_KEYS = const(9)
_ORDINALS = const(10)
_EMPTY = const(11)  # from here: ChallengeError's ``what``s, in _WHATS's order
_LENGTH = const(12)
_SYMBOL = const(13)
_CHECK = const(14)
_SWAP = const(15)
_TYPO = const(16)
_NEWER = const(17)
_INVALID = const(18)
_DATE = const(19)
_OTHER_TITLE = const(20)
_OTHER_TEXT = const(21)
_OTHER_PLAY = const(22)
_OTHER_BACK = const(23)
_WHATS = ("empty", "length", "symbol", "check", "swap", "typo", "newer", "invalid", "date")

# The setup section's rules, players and seat kinds (cucumber.menus names them all;
# host_tests/test_challenges_device.py keeps these equal)
_PROFILE = const(3)
_PLAYERS = const(4)
_HUMAN = const(31)


def error_text(e, w):
    """What ChallengeError ``e`` says in words ``w`` (the challenge section): its text
    filled with its values, places named by their ordinals ("the 4th character")."""
    what = e.what
    v = e.values
    i = _WHATS.index(what) if what in _WHATS else _TYPO - _EMPTY
    ords = w[_ORDINALS].split(" ")
    if what == "symbol":
        v = (ords[v[0] - 1], v[1])
    elif what == "check":
        v = (ords[v[0] - 1],)
    elif what == "swap":
        v = (ords[v[0] - 1], ords[v[1] - 1])
    elif what != "length":
        v = ()
    return w[_EMPTY + i] % v


class Entry:
    """A code, or with ``date`` the daily challenge's date, entered a character at a
    time, as on an arcade's high-score screen. A code has 16 places in two rows of two
    groups (a code of 12 leaves the last four blank); a date its 8 digits."""

    name = "code"

    def __init__(self, date, text):
        self.date = date
        w = lang.section("challenge")
        self.w = w
        if date:
            self.symbols = "0123456789"
            self.cells = list(text)
            self.cursor = 0
        else:
            self.symbols = BLANK + ALPHABET
            self.cells = list(text[:_CODE_CELLS])
            while len(self.cells) < _CODE_CELLS:
                self.cells.append(BLANK)
            self.cursor = 0
        big = ui.Font("large", self.symbols + "-")
        font = ui.Font("medium", lang.chars(w[:_TITLE]))
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text(w[_DATE_TITLE if date else _CODE_TITLE], x=2, y=0, color=ui.YELLOW,
                         font=font))
        self.lines = []
        for i in range(1 if date else 2):
            t = ui.Text("", x=80 - 5 * big.w, y=24 + 22 * i, width=10 if date else 9,
                        font=big)
            g.append(t)
            self.lines.append(t)
        self.bar = ui.rect(0, 0, big.w, 2, ui.YELLOW)
        g.append(self.bar)
        self.big_w = big.w
        g.append(ui.centered(w[_MOVE], 76, ui.GREY, font=font))
        g.append(ui.rect(0, ui.H - 13, ui.W, 13, ui.NAVY))
        g.append(ui.Text(w[_CHECK_KEYS], x=2, y=ui.H - 13, color=ui.YELLOW, font=font))
        self.group = g
        self.err_group = None
        self._draw()

    def text(self):
        """The code or the date as entered (a code's blank places at its end left out)."""
        s = "".join(self.cells)
        return s if self.date else s.rstrip(BLANK)

    def _draw(self):
        c = self.cells
        if self.date:
            self.lines[0].set("".join(c))
        else:
            for i in range(2):
                p = 8 * i
                self.lines[i].set("".join(c[p:p + 4]) + " " + "".join(c[p + 4:p + 8]))
        i = self.cursor
        t = self.lines[0 if self.date else i // 8]
        col = i if self.date else i % 8 + (1 if i % 8 >= 4 else 0)
        self.bar.x = t.x + col * self.big_w
        self.bar.y = t.y + 16

    def _move(self, d):
        n = len(self.cells)
        i = (self.cursor + d) % n
        if self.cells[i] == "-":  # a date's separators are no places
            i = (i + d) % n
        self.cursor = i

    def show_error(self, msg):
        lines = ui.wrap(msg, 25)[:6]
        font = ui.Font("medium", lang.chars(lines))
        g = displayio.Group()
        h = len(lines) * _ROW + 6
        y0 = ui.H - h
        g.append(ui.rect(0, y0 - 2, ui.W, h + 2, ui.ORANGE))
        g.append(ui.rect(1, y0 - 1, ui.W - 2, h, ui.BLACK))
        for i in range(len(lines)):
            g.append(ui.Text(lines[i], x=4, y=y0 + 2 + i * _ROW, color=ui.ORANGE, font=font))
        self.err_group = g
        self.group.append(g)

    def key(self, k):
        if self.err_group is not None:  # any key closes the message
            self.group.remove(self.err_group)
            self.err_group = None
            return None
        if k == keys.LEFT or k == keys.RIGHT:
            self._move(-1 if k == keys.LEFT else 1)
        elif k == keys.UP or k == keys.DOWN:
            s = self.symbols
            i = self.cursor
            j = s.find(self.cells[i])
            self.cells[i] = s[(j + (1 if k == keys.UP else -1)) % len(s)]
        elif k == keys.A or k == keys.START:
            return self._check()
        elif k == keys.B:
            return ("setup",)
        self._draw()
        return None

    def _check(self):
        text = self.text()
        try:
            if self.date:
                ch = daily(text)
            else:
                gap = text.find(BLANK)
                if gap >= 0:  # a blank inside the code: that place is wrong
                    e = ChallengeError()
                    e.what = "check"
                    e.values = (gap + 1,)
                    raise e
                ch = decode(text)
        except ChallengeError as e:
            self.show_error(error_text(e, self.w))
            return ("error",)
        return ("challenge", "offer", ch, text, self.date)

    def tick(self, now):
        pass


class Offer:
    """What challenge ``ch`` sets up, before it is played: its code (or the daily
    challenge's date) in the header, the rules and the number of players, who sits
    where (the seats of each kind: "AI hard: P2-P4"), and how many rounds count. A
    plays it, B goes back to the entry (``text`` as entered there)."""

    name = "challenge"

    def __init__(self, ch, text, date):
        self.ch = ch
        self.text = text
        self.date = date
        w = lang.section("challenge")
        ws = lang.section("setup")
        r = ch.rules
        if date:
            head = w[_DAILY_TITLE] % text
        else:
            code = show(encode(ch))
            head = w[_TITLE] % code
            if len(head) > _CELLS:  # a 16-character code: no separators, or no word
                head = head.replace("-", "")
                if len(head) > _CELLS:
                    head = code
        lines = [ws[_PROFILE] + " " + r.profile, ws[_PLAYERS] + " " + str(r.players)]
        if len(lines[0]) + 2 + len(lines[1]) <= _CELLS:
            lines = [lines[0] + "  " + lines[1]]
        for k in range(4):  # cucumber.seats: HUMAN, EASY, MEDIUM, HARD
            seats = _seats(ch.kinds, k)
            if seats:
                lines += ui.wrap(ws[_HUMAN + k] + ": " + seats, _CELLS)
        n = ch.length
        lines.append(w[_WHOLE] if not n else (w[_ROUND1] if n == 1 else w[_ROUNDS] % n))
        foot = w[_PLAY_KEYS]
        w = ws = None
        font = ui.Font("medium", lang.chars(lines, head + foot))
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text(head, x=2, y=0, color=ui.YELLOW, font=font))
        # 12 px a line, 10 when they are many (seats of every kind at seven players)
        pitch = _ROW if len(lines) <= 8 else 10
        y = 18
        for i in range(len(lines)):
            last = i == len(lines) - 1
            g.append(ui.Text(lines[i], x=2, y=y + (4 if last else 0), font=font,
                             color=ui.CYAN if last else ui.TEXT))
            y += pitch
        g.append(ui.rect(0, ui.H - 13, ui.W, 13, ui.NAVY))
        g.append(ui.Text(foot, x=2, y=ui.H - 13, color=ui.YELLOW, font=font))
        self.head = head
        self.lines = lines
        self.group = g

    def key(self, k):
        if k == keys.A or k == keys.START:
            return ("challenge", "play", self.ch)
        if k == keys.B:
            return ("challenge", "daily" if self.date else "code", self.text)
        return None

    def tick(self, now):
        pass


def _seats(kinds, k):
    """The seats of kind ``k``, runs as ranges: "P1", "P2-P4 P6"."""
    out = []
    s = 0
    n = len(kinds)
    while s < n:
        if kinds[s] != k:
            s += 1
            continue
        e = s
        while e + 1 < n and kinds[e + 1] == k:
            e += 1
        out.append("P%d" % (s + 1) if e == s else "P%d-P%d" % (s + 1, e + 1))
        s = e + 1
    return " ".join(out)


# ----- the commands (cucumber.lobby hands them on) ----------------------------------------

def command(app, cmd):
    """The set-up's, the entry's and the offer's commands ("challenge", what, ...):
    "code" or "daily" (and the text entered), the entry; "offer" (challenge, text,
    date), what it sets up, after a page saying so when another version of the game
    made the code; "play" (challenge), its match pending."""
    c = cmd[1]
    if c == "code" or c == "daily":
        app.open_screen("challenges", "Entry", c == "daily",
                        cmd[2] if len(cmd) > 2 else (today() if c == "daily" else ""))
    elif c == "offer":  # ("offer", challenge, text, date[, seen])
        if cmd[2].another_version() and len(cmd) < 6:
            # another version's code: said on a page of its own first (A plays it)
            w = lang.section("challenge")
            app.open_screen("menus", "Message", w[_OTHER_TITLE], w[_OTHER_TEXT],
                            cmd + (True,), ("challenge", "code", cmd[3]), w[_OTHER_PLAY],
                            w[_OTHER_BACK])
            return
        app.open_screen("challenges", "Offer", cmd[2], cmd[3], cmd[4])
    elif c == "play":
        # the screen and this code go before the match is made (as cucumber.lobby's
        # let_go does for the set-up's): its objects then take their room
        app.hw.display.root_group = None
        app.screen = None
        forget("challenges")
        app.collect()
        from cucumber import codes
        codes.start(app, cmd[2], codes.COUNTED)
