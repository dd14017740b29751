"""Screens between plays: pass-the-device cover, round summary, life lost, elimination,
re-entry choice and match end. None of them draws a hand.

Loaded only while one of them is shown (cucumber.app): never at the same time as the
table's code."""

import displayio

from cucumber import keys, ui
from cucumber.seats import HUMAN, LEVELS
from engine.match import DECLINE, PAY, SIT_OUT, NOBODY

ROW = 12


class Page:
    name = "page"

    def key(self, k):
        if k == keys.A:
            return ("next",)
        return None

    def tick(self, now):
        pass


class Cover(Page):
    """Hides every hand until ``seat`` confirms: no card face is drawn here."""

    name = "cover"

    def __init__(self, seat, why=""):
        self.seat = seat
        g = displayio.Group()
        g.append(ui.background(ui.NAVY))
        g.append(ui.centered("Pass to", 16, ui.CYAN))
        g.append(ui.heading(ui.seat_name(seat), 36, ui.YELLOW, scale=2))
        if why:
            g.append(ui.centered(why, 76, ui.GREY))
        g.append(ui.centered("press A", 100, ui.YELLOW))
        self.group = g

    def key(self, k):
        if k == keys.A:
            return ("confirm", self.seat)
        if k == keys.START:
            return ("pause",)
        return None


def _footer(g, text="A: continue"):
    g.append(ui.rect(0, ui.H - 13, ui.W, 13, ui.NAVY))
    g.append(ui.Text(text, x=2, y=ui.H - 13, color=ui.YELLOW))


class RoundSummary(Page):
    """The last trick, who took it and the penalty, then everyone's score."""

    name = "round"

    def __init__(self, match, trick, takers, penalty, round_no, scores):
        n = match.n
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        title = "Round %d: last trick" % round_no if round_no else "Sudden death round"
        g.append(ui.Text(title, x=2, y=0, color=ui.YELLOW))
        colw = ui.W // n
        x0 = (ui.W - n * colw) // 2
        taken = bytearray(n)
        for s in takers:
            taken[s] = 1
        for s in range(n):
            cx = x0 + s * colw + colw // 2
            g.append(ui.Text(ui.seat_name(s), x=cx - 6, y=14,
                             color=ui.RED if taken[s] else ui.TEXT))
        for seat, c in trick:
            cx = x0 + seat * colw + colw // 2
            if taken[seat]:
                g.append(ui.rect(cx - 12, 26, ui.CARD_W + 4, ui.CARD_H + 4, ui.RED))
            g.append(ui.card(c, cx - ui.CARD_W // 2, 28))
        y = 62
        for s in takers:
            if y > 74:
                break
            g.append(ui.Text("%s +%d  now %d" % (ui.seat_name(s), penalty, scores[s]),
                             x=2, y=y, color=ui.ORANGE))
            y += ROW
        line = ""
        for s in range(n):
            part = "%s:%d " % (ui.seat_name(s), scores[s])
            if len(line) + len(part) > 26:
                g.append(ui.Text(line, x=2, y=y))
                y += ROW
                line = ""
            line += part
        if line:
            g.append(ui.Text(line, x=2, y=y))
        if match.rules.stakes:
            g.append(ui.Text("Pot: %d chips" % match.pot, x=2, y=ui.H - 26, color=ui.CYAN))
        _footer(g)
        self.group = g


class Info(Page):
    """A one-event page: life lost, elimination, sudden death, re-entry, sitting out.
    The title is in the large bold font."""

    def __init__(self, name, title, lines, color=ui.YELLOW, pips=None):
        self.name = name
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading(title, 12, color))
        y = 38
        for s in lines:
            for part in ui.wrap(s, 26):
                g.append(ui.centered(part, y, ui.TEXT))
                y += ROW
        if pips is not None:
            full, total = pips
            x = 80 - total * 7
            for i in range(total):
                g.append(ui.rect(x + i * 14, y + 4, 10, 10, ui.RED if i < full else 0x404040))
        _footer(g)
        self.group = g


def life_lost(seat, score, threshold, restart, left):
    return Info("life", "Life lost", (
        "%s reached %d (limit %d)" % (ui.seat_name(seat), score, threshold),
        "and restarts at %d." % restart,
        "Lives left: %d" % (left + 1)), ui.RED, pips=(left + 1, left + 2))


def eliminated(seat, score):
    return Info("out", "%s is out" % ui.seat_name(seat), (
        "with %d points." % score,), ui.RED)


def cucumber(seat, score):
    return Info("out", "Cucumber!", (
        "%s reached %d first" % (ui.seat_name(seat), score), "and loses the match."), ui.RED)


def sudden(seats):
    names = " ".join([ui.seat_name(s) for s in seats])
    return Info("sudden", "Sudden death", (
        "Tied for lowest:", names, "They play one more round."), ui.ORANGE)


def reentered(seat, restart, how):
    return Info("back", "%s is back" % ui.seat_name(seat), (
        "restarting at %d" % restart,
        "after paying a chip" if how == PAY else "after sitting out a round"), ui.CYAN)


class Reentry(Page):
    """A human answers a re-entry offer: decline, pay, or sit out a round."""

    name = "reentry"

    def __init__(self, match, seat):
        self.acts = match.legal_actions()
        r = match.rules
        self.seat = seat
        labels = {DECLINE: "Stay out", PAY: "Pay %d chip%s" % (
            r.reentry_chips, "" if r.reentry_chips == 1 else "s"),
            SIT_OUT: "Sit out a round"}
        self.labels = [labels[a] for a in self.acts]
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.heading("%s: come back?" % ui.seat_name(seat), 4, ui.YELLOW))
        g.append(ui.centered("%d points, limit %d" % (match.scores[seat], r.threshold), 24))
        g.append(ui.centered("Re-enter at %d:" % match.restart[seat], 36))
        self.rows = []
        for i in range(len(self.acts)):
            t = ui.Text("", x=24, y=54 + i * 14, width=18)
            g.append(t)
            self.rows.append(t)
        self.cursor = 1 if len(self.acts) > 1 else 0
        _footer(g, "up/down, A: choose")
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


class MatchEnd(Page):
    """The winner in large letters, who that is, and every seat's final score: one
    centred column up to four players, two balanced centred columns from five."""

    name = "end"

    def __init__(self, match, kinds, loser=None):
        w = match.winner
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        g.append(ui.heading("%s wins!" % ui.seat_name(w), 8, ui.YELLOW))
        k = kinds[w]
        g.append(ui.centered("human player" if k == HUMAN else "AI " + LEVELS[k], 28,
                             ui.CYAN))
        if match.pot:
            g.append(ui.centered("and sweeps the pot of %d" % match.pot, 40, ui.CYAN))
        n = match.n
        lost = match.loser
        rows = n if n <= 4 else (n + 1) // 2
        cols = 1 if n <= 4 else 2
        cells = 6 if lost == NOBODY else 8  # "P1  27" and " *" for the cucumber
        y0 = 56 + (4 - rows) * ROW // 2
        for s in range(n):
            col, row = s // rows, s % rows
            cx = 80 if cols == 1 else 40 + 80 * col
            text = "%s %3d" % (ui.seat_name(s), match.scores[s])
            if s == lost:
                text += " *"
            color = ui.YELLOW if s == w else (ui.RED if s == lost else ui.TEXT)
            g.append(ui.Text(text, x=cx - ui.text_width("x" * cells) // 2, y=y0 + row * ROW,
                             color=color))
        _footer(g, "A: rematch  B: title")
        self.group = g

    def key(self, k):
        if k == keys.A:
            return ("rematch",)
        if k == keys.B or k == keys.START:
            return ("title",)
        return None


def show_page(app):
    """Open the page of the app's first pending page, ``app.pages[0]`` (the table is
    dropped: it is rebuilt after the pages). Here, not in cucumber.app: this module is
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
        app.open_screen("summary", "eliminated", p[1], p[2])
    elif kind == "loser":
        app.beep("out")
        app.open_screen("summary", "cucumber", p[1], p[2])
    elif kind == "back":
        app.open_screen("summary", "reentered", p[1], p[2], p[3])
    elif kind == "sudden":
        app.open_screen("summary", "sudden", p[1:])
    else:  # win
        app.beep("win")
        app.open_screen("summary", "MatchEnd", m, app.kinds)
