"""The pause menu (START during a match) and its legend of the table.

A module of its own because the table stays built while the pause menu is shown: only
these few lines of code are loaded beside the table's (cucumber.app loads one screen
module at a time, the table's excepted while it is kept). Its words are the chosen
language's "pause" section (cucumber.lang), drawn in a medium Font made for their
characters; the menu keeps its three choices, the rest only as the lines drawn.
"""

import displayio

from cucumber import keys, lang, ui
from engine.compat import const

ROW = 12

# words: pause
_PAUSED = const(0)
_SAVED = const(1)
_RESUME = const(2)
_RULES = const(3)
_QUIT = const(4)
_YOUR_SEAT = const(5)
_A_SEAT = const(6)
_SCORE = const(7)
_LEFT = const(8)
_SELECT = const(9)


class PauseMenu:
    """START during a match. Under the menu, a legend of the table: a copy of one
    seat's column (yours when you hold the device) with what each line means."""

    name = "pause"

    def __init__(self, match=None, seat=None, cursor=0, font=None, kept=True):
        w = lang.section("pause")
        self.items = w[_RESUME:_QUIT + 1]
        # one medium font for every word shown (the table's status font, kept for the
        # match, only if this one cannot be made)
        f = ui.Font("medium", lang.chars(w if match is not None else w[:_YOUR_SEAT]))
        if f.sheet is None:
            f = font if font is not None and font.sheet is not None else None
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.centered(w[_PAUSED], 1, ui.YELLOW, scale=2, font=f))
        if kept:  # not where saves cannot be kept (a too small nvm, a browser without storage)
            g.append(ui.centered(w[_SAVED], 20, ui.GREY, font=f))
        # the choices in one centred column, wider for a language's longer ones
        cells = 16
        for s in self.items:
            cells = max(cells, len(s) + 1)
        self.rows = []
        for i in range(3):
            t = ui.Text("", x=80 - cells * 3, y=34 + i * ROW, width=cells, font=f)
            g.append(t)
            self.rows.append(t)
        if match is not None:
            _legend(g, match, seat, 74, w, f)
        self.cursor = cursor
        self.group = g
        self._draw()

    def _draw(self):
        for i in range(3):
            t = self.rows[i]
            t.set(self.items[i])
            if i == self.cursor:
                t.color(ui.BLACK, ui.YELLOW)
            else:
                t.color(ui.TEXT)

    def key(self, k):
        if k == keys.UP or k == keys.DOWN:
            self.cursor = (self.cursor + (2 if k == keys.UP else 1)) % 3
            self._draw()
        elif k == keys.A:
            return (("resume",), ("rules",), ("title",))[self.cursor]
        elif k == keys.B or k == keys.START:
            return ("resume",)
        return None

    def tick(self, now):
        pass


def seat_lives(m, s):
    """(lives, re-entries still to take) of seat ``s``: the red and the yellow pips, as
    Table.refresh counts them."""
    if not m.active(s):
        return 0, 0
    rules = m.rules
    left = rules.reentries - m.reentries_used[s]
    if rules.reentry_choice:
        return 1, left
    return 1 + left, 0


def _legend(g, m, seat, y, w, font):
    """What a seat's column on the table shows, drawn as the table draws it (``seat``'s
    own name, score, cards left and life pips; yours on the same lighter felt) with a
    word for each line (section ``w``, in ``font``)."""
    yours = seat is not None
    if seat is None:
        seat = 0
    g.append(ui.rect(0, y - 2, ui.W, 1, ui.GREY))
    if yours:
        g.append(ui.rect(2, y, 34, 3 * ROW + 2, ui.SEAT))
    name = ui.seat_name(seat)
    g.append(ui.Text(name, x=19 - ui.text_width(name) // 2, y=y + 1))
    sc = "%d" % m.scores[seat]
    g.append(ui.Text(sc, x=19 - ui.text_width(sc) // 2, y=y + 1 + ROW))
    if not m.active(seat):
        g.append(ui.Text("x", x=8, y=y + 1 + 2 * ROW, color=ui.RED))
    elif not m.in_round[seat]:
        g.append(ui.Text("-", x=8, y=y + 1 + 2 * ROW, color=ui.GREY))
    else:
        g.append(ui.Text("%d" % m.counts[seat], x=8, y=y + 1 + 2 * ROW, color=ui.CYAN))
    lives, extra = seat_lives(m, seat)
    for i in range(min(4, lives + extra)):
        g.append(ui.rect(16 + 4 * i, y + 6 + 2 * ROW, 3, 3, ui.RED if i < lives else ui.YELLOW))
    for i in range(3):
        g.append(ui.Text(w[(_YOUR_SEAT if yours else _A_SEAT) if i == 0 else _A_SEAT + i],
                         x=42, y=y + 1 + i * ROW, color=ui.GREY, font=font))
    if m.rules.open_cards:
        g.append(ui.Text(w[_SELECT], x=2, y=y + 1 + 3 * ROW, color=ui.GREY, font=font))
