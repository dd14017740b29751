"""Screens between plays: pass-the-device cover, round summary, life lost, elimination,
re-entry choice and match end. None of them draws a hand.

Loaded only while one of them is shown (cucumber.app): never at the same time as the
table's screen (its code stays loaded for the match, so the heap is tight here). Each
page reads its own section of the chosen language's words when it is built
(cucumber.lang) and keeps only the texts it shows; its lines are drawn in a medium
Font made for exactly their characters (the headings in the large one, ui.heading).
"""

import gc

import displayio

from cucumber import keys, lang, ui
from engine.compat import const
from engine.match import DECLINE, PAY, NOBODY

ROW = 12
A_HUMAN = const(0)  # cucumber.seats.HUMAN: a const there, so no name to import
COLS = const(26)  # medium cells across the screen from x = 2
FONT_H = const(10)  # the medium font's cell height


def _font(texts, more=""):
    """The medium font for the characters of ``texts`` (and ``more``) only. Made once the
    page's texts are: the garbage of reading them is collected first, so that the page's
    own objects (the font, its lines) lie together at the bottom of the free heap, not in
    its holes (micropython32: AI-only matches then completed from 97 KB, not 100-101)."""
    chars = lang.chars(texts, more)
    gc.collect()
    return ui.Font("medium", chars)


class Page:
    name = "page"

    def key(self, k):
        if k == keys.A:
            return ("next",)
        return None

    def tick(self, now):
        pass


# words: cover
_PASS_TO = const(0)
_PRESS_A = const(1)


class Cover(Page):
    """Hides every hand until ``seat`` confirms: no card face is drawn here."""

    name = "cover"

    def __init__(self, seat, why=""):
        self.seat = seat
        w = lang.section("cover")
        f = _font(w, why)
        g = displayio.Group()
        g.append(ui.background(ui.NAVY))
        g.append(ui.centered(w[_PASS_TO], 16, ui.CYAN, font=f))
        g.append(ui.heading(ui.seat_name(seat), 36, ui.YELLOW, scale=2))
        if why:
            g.append(ui.centered(why, 76, ui.GREY, font=f))
        g.append(ui.centered(w[_PRESS_A], 100, ui.YELLOW, font=f))
        self.group = g

    def key(self, k):
        if k == keys.A:
            return ("confirm", self.seat)
        if k == keys.START:
            return ("pause",)
        return None


def _footer(g, text, font):
    g.append(ui.rect(0, ui.H - 13, ui.W, 13, ui.NAVY))
    g.append(ui.Text(text, x=2, y=ui.H - 13, color=ui.YELLOW, font=font))


# words: roundend
_TITLE = const(0)
_SUDDEN_ROUND = const(1)
_TOOK = const(2)
_POT = const(3)
_NEXT = const(4)
_TIE_OUT = const(5)
_TIE_KEPT = const(6)


def _score_lines(n, scores):
    """Everyone's score, "P1:13 P2:0 ...", in lines of at most COLS characters."""
    lines = []
    line = ""
    for s in range(n):
        part = "%s:%d " % (ui.seat_name(s), scores[s])
        if len(line) + len(part) > COLS:
            lines.append(line)
            line = ""
        line += part
    if line:
        lines.append(line)
    return lines


def _trick(g, n, trick, takers, f):
    """The seats' names over the last trick's cards, the takers' in red."""
    colw = ui.W // n
    x0 = (ui.W - n * colw) // 2 + colw // 2
    taken = bytearray(n)
    for s in takers:
        taken[s] = 1
    for s in range(n):
        g.append(ui.Text(ui.seat_name(s), x=x0 + s * colw - 6, y=14,
                         color=ui.RED if taken[s] else ui.TEXT, font=f))
    for seat, c in trick:
        cx = x0 + seat * colw
        if taken[seat]:
            g.append(ui.rect(cx - 12, 26, ui.CARD_W + 4, ui.CARD_H + 4, ui.RED))
        g.append(ui.card(c, cx - ui.CARD_W // 2, 28))


def _under(g, lines, took, pot, f):
    """Under the cards: the ``took`` first lines (the takers) in orange, the scores, the
    pot; closer together when they are many (two takers, three-digit scores for seven
    players and a pot), always above the key line."""
    k = len(lines) + (pot is not None)
    pitch = min(ROW, (ui.H - 13 - 62 - FONT_H) // max(1, k - 1))
    y = 62
    for i in range(len(lines)):
        g.append(ui.Text(lines[i], x=2, y=y, color=ui.ORANGE if i < took else ui.TEXT,
                         font=f))
        y += pitch
    if pot is not None:
        g.append(ui.Text(pot, x=2, y=max(y, ui.H - 26), color=ui.CYAN, font=f))


class RoundSummary(Page):
    """The last trick, who took it and the penalty, then everyone's score."""

    name = "round"

    def __init__(self, match, trick, takers, penalty, round_no, scores):
        w = lang.section("roundend")
        # every line first (its font is made for their characters), then the drawing
        title = w[_TITLE] % round_no if round_no else w[_SUDDEN_ROUND]
        lines = []
        for s in takers[:2]:
            if round_no:
                lines.append(w[_TOOK] % (ui.seat_name(s), penalty, scores[s]))
            else:  # sudden death: out of the tie, unless everyone in it took the penalty
                out = match.is_terminal() or not match.contenders[s]
                lines.append(w[_TIE_OUT if out else _TIE_KEPT] % (ui.seat_name(s), penalty))
        took = len(lines)
        lines += _score_lines(match.n, scores)
        pot = w[_POT] % match.pot if match.rules.stakes else None
        foot = w[_NEXT]
        w = None
        f = _font(lines, title + foot + (pot or ""))
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text(title, x=2, y=0, color=ui.YELLOW, font=f))
        _trick(g, match.n, trick, takers, f)
        _under(g, lines, took, pot, f)
        _footer(g, foot, f)
        self.group = g


class Info(Page):
    """A one-event page: life lost, elimination, sudden death, re-entry, sitting out.
    The title is in the large bold font; ``lines`` are wrapped to the screen's width
    and centred, ``foot`` is the key line at the bottom."""

    def __init__(self, name, title, lines, foot, color=ui.YELLOW, pips=None):
        self.name = name
        rows = []
        for s in lines:
            rows += ui.wrap(s, COLS)
        f = _font(rows, foot)
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading(title, 12, color))
        # under the title; higher up when a language needs more rows than English
        y = min(38, ui.H - 15 - len(rows) * ROW - (16 if pips is not None else 0))
        for s in rows:
            g.append(ui.centered(s, y, ui.TEXT, font=f))
            y += ROW
        if pips is not None:
            full, total = pips
            x = 80 - total * 7
            for i in range(total):
                g.append(ui.rect(x + i * 14, y + 4, 10, 10, ui.RED if i < full else 0x404040))
        _footer(g, foot, f)
        self.group = g


# words: event
_LIFE = const(0)
_REACHED = const(1)
_RESTARTS = const(2)
_LIVES = const(3)
_OUT = const(4)
_WITH = const(5)
_CUCUMBER = const(6)
_FIRST = const(7)
_LOSES = const(8)
_SUDDEN = const(9)
_TIED = const(10)
_MORE = const(11)
_BACK = const(12)
_RESTARTING = const(13)
_PAID = const(14)
_SAT = const(15)
_CONTINUE = const(16)
_OTHERS = const(17)
_AIS = const(18)
_MENU = const(19)
_NOTE_YOU = const(20)
_NOTE_SEAT = const(21)


def life_lost(seat, score, threshold, restart, left):
    w = lang.section("event")
    return Info("life", w[_LIFE], (
        w[_REACHED] % (ui.seat_name(seat), score, threshold),
        w[_RESTARTS] % restart,
        w[_LIVES] % (left + 1)), w[_CONTINUE], ui.RED, pips=(left + 1, left + 2))


def eliminated(seat, score, app=None):
    """``seat`` is out of the match. When it is a human's (``app`` given: its seats), the
    page also says how the match goes on without them: the others play on, or, with no
    human left in it, the AIs play it to the end and START on the table opens the menu
    (its Quit leaves). The table then says so where the hand of the seat holding the
    device was, while that seat is out: the note set here (``app.out_note``; the app
    hands it to each table it builds, the table shows it)."""
    w = lang.section("event")
    lines = [w[_WITH] % score]
    if app is not None and app.kinds[seat] == A_HUMAN:
        m = app.match
        left = False
        for s in range(m.n):
            if app.kinds[s] == A_HUMAN and m.active(s):
                left = True
        lines += (w[_OTHERS],) if left else (w[_AIS], w[_MENU])
        note = w[_NOTE_YOU] if app.humans == 1 else w[_NOTE_SEAT] % ui.seat_name(seat)
        app.out_note = " " * ((26 - len(note)) // 2) + note  # centred, as the table's
    return Info("out", w[_OUT] % ui.seat_name(seat), lines, w[_CONTINUE], ui.RED)


def cucumber(seat, score):
    w = lang.section("event")
    return Info("out", w[_CUCUMBER], (
        w[_FIRST] % (ui.seat_name(seat), score), w[_LOSES]), w[_CONTINUE], ui.RED)


def sudden(seats):
    w = lang.section("event")
    names = " ".join([ui.seat_name(s) for s in seats])
    return Info("sudden", w[_SUDDEN], (w[_TIED], names, w[_MORE]), w[_CONTINUE], ui.ORANGE)


def reentered(seat, restart, how):
    w = lang.section("event")
    return Info("back", w[_BACK] % ui.seat_name(seat), (
        w[_RESTARTING] % restart, w[_PAID] if how == PAY else w[_SAT]), w[_CONTINUE],
        ui.CYAN)


# words: reentry
_COME_BACK = const(0)
_POINTS = const(1)
_AT = const(2)
_STAY = const(3)
_PAY_ONE = const(4)
_PAY = const(5)
_SIT = const(6)
_CHOOSE = const(7)


def _choices(w, acts, chips):
    """The labels of re-entry answers ``acts`` in words ``w`` (``chips`` to pay)."""
    labels = []
    for a in acts:
        if a == DECLINE:
            labels.append(w[_STAY])
        elif a == PAY:
            labels.append(w[_PAY_ONE if chips == 1 else _PAY] % chips)
        else:  # SIT_OUT
            labels.append(w[_SIT])
    return labels


class Reentry(Page):
    """A human answers a re-entry offer: decline, pay, or sit out a round."""

    name = "reentry"

    def __init__(self, match, seat):
        self.acts = match.legal_actions()
        r = match.rules
        self.seat = seat
        w = lang.section("reentry")
        labels = self.labels = _choices(w, self.acts, r.reentry_chips)
        points = w[_POINTS] % (match.scores[seat], r.threshold)
        at = w[_AT] % match.restart[seat]
        foot = w[_CHOOSE]
        title = w[_COME_BACK] % ui.seat_name(seat)
        w = None
        f = _font(labels, points + at + foot)
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading(title, 4, ui.YELLOW))
        g.append(ui.centered(points, 24, font=f))
        g.append(ui.centered(at, 36, font=f))
        # the choices in one column, as wide as the longest (a cell each side)
        cells = 2
        for s in labels:
            cells = max(cells, len(s) + 2)
        cells = min(cells, COLS)
        self.rows = []
        for i in range(len(self.acts)):
            t = ui.Text("", x=80 - cells * f.w // 2, y=54 + i * 14, width=cells, font=f)
            g.append(t)
            self.rows.append(t)
        self.cursor = 1 if len(self.acts) > 1 else 0
        _footer(g, foot, f)
        self.group = g
        self._draw()

    def _draw(self):
        for i in range(len(self.rows)):
            t = self.rows[i]
            t.set(" " + self.labels[i])
            if i == self.cursor:
                t.color(ui.BLACK, ui.YELLOW)
            else:
                t.color(ui.TEXT)

    def key(self, k):
        if k == keys.UP:
            self.cursor = (self.cursor - 1) % len(self.acts)
        elif k == keys.DOWN:
            self.cursor = (self.cursor + 1) % len(self.acts)
        elif k == keys.A:
            return ("decide", self.acts[self.cursor])
        self._draw()
        return None


# words: matchend
_WINS = const(0)
_HUMAN = const(1)  # then the AI levels in the order of cucumber.seats' kinds
_EASY = const(2)
_MEDIUM = const(3)
_HARD = const(4)
_BOT = const(5)
_SWEEPS = const(6)
_AGAIN = const(7)
_CODE = const(8)
_SUDDEN_WON = const(9)


def _final(g, match, rows, f):
    """The final scores ``rows`` (one a seat): one centred column up to four players, two
    balanced centred columns from five; the winner's in yellow, the cucumber's in red."""
    n = match.n
    lost = match.loser
    per_col = n if n <= 4 else (n + 1) // 2
    cells = 6 if lost == NOBODY else 8  # "P1  27" and " *" for the cucumber
    y0 = 56 + (4 - per_col) * ROW // 2
    for s in range(n):
        cx = 80 if n <= 4 else 40 + 80 * (s // per_col)
        color = ui.YELLOW if s == match.winner else (ui.RED if s == lost else ui.TEXT)
        g.append(ui.Text(rows[s], x=cx - cells * f.w // 2, y=y0 + s % per_col * ROW,
                         color=color, font=f))


class MatchEnd(Page):
    """The winner in large letters, who that is (and that the winner won a sudden death),
    and every seat's final score: one centred column up to four players, two balanced
    centred columns from five; under them ``line``: the match's challenge code, for
    anyone to play it again (cucumber.challenged.end_line)."""

    name = "end"

    def __init__(self, match, kinds, loser=None, line=None):
        win = match.winner
        w = lang.section("matchend")
        title = w[_WINS] % ui.seat_name(win)
        who = w[_HUMAN + kinds[win]]  # HUMAN, EASY, MEDIUM, HARD, BOT: 0 to 4
        pot = w[_SWEEPS] % match.pot if match.pot else ""
        if match.sudden:  # won in a sudden death: said under who won (or, beside a pot,
            # in place of who won: the screen has room for two lines there)
            if pot:
                who = w[_SUDDEN_WON]
            else:
                pot = w[_SUDDEN_WON]
        foot = w[_AGAIN]
        w = None
        n = match.n
        lost = match.loser
        rows = []
        for s in range(n):
            text = "%s %3d" % (ui.seat_name(s), match.scores[s])
            if s == lost:
                text += " *"
            rows.append(text)
        f = _font(rows, who + pot + foot + (line or ""))
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        g.append(ui.heading(title, 8, ui.YELLOW))
        g.append(ui.centered(who, 28, ui.CYAN, font=f))
        if pot:
            g.append(ui.centered(pot, 40, ui.CYAN, font=f))
        _final(g, match, rows, f)
        if line:  # between the last row of scores (at most y 102) and the key line
            g.append(ui.centered(line, ui.H - 25, ui.CYAN, font=f))
        _footer(g, foot, f)
        self.group = g

    def key(self, k):
        if k == keys.A:
            return ("rematch",)
        if k == keys.B or k == keys.START:
            return ("title",)
        return None
def show_page(app):
    """Open the page of the app's first pending page, ``app.pages[0]`` (the table is
    dropped: it is rebuilt after the pages). Here, not in cucumber.turns: this module is
    loaded for the page anyway."""
    p = app.pages[0]
    m = app.match
    kind = p[0]
    app.table = None
    demo = app.demo
    if demo is not None:  # the demo turns its pages by itself
        demo.page_due = (app.now + demo.page_ms()) & 0x1FFFFFFF
    if kind == "round":
        app.open_screen("summary", "RoundSummary", m, p[1], p[2], p[3], p[4], p[5])
        return
    if kind == "life":
        app.beep("out")
        app.open_screen("summary", "life_lost", p[1], app.penalty_scores[p[1]],
                        m.rules.threshold, p[2], p[3])
    elif kind == "out":
        app.beep("out")
        app.open_screen("summary", "eliminated", p[1], p[2], app)
    elif kind == "loser":
        app.beep("out")
        app.open_screen("summary", "cucumber", p[1], p[2])
    elif kind == "back":
        app.open_screen("summary", "reentered", p[1], p[2], p[3])
    elif kind == "sudden":
        app.open_screen("summary", "sudden", p[1:])
    else:  # win
        app.beep("win")
        _keep(app)
        app.open_screen("summary", "MatchEnd", m, app.kinds, None, _code_line(app))


def _code_line(app):
    """The match's challenge code for its end page, from its CHALLENGE record (kind 3 of
    cucumber.store: cucumber.codes); None for the demo's (or a match without a code)."""
    rec = app.store.get(3) if app.demo is None else None
    if rec is not None:
        from cucumber.challenged import end_line
        return end_line(rec)
    return None


def _keep(app):
    """The chip page's figure after the board's restart (cucumber.kept), its code
    forgotten at once; the demo writes nothing, and never loads it."""
    if app.demo is None and app.decision_ns is not None:
        import cucumber.kept
        cucumber.kept.keep(app)
        cucumber.forget("kept")

