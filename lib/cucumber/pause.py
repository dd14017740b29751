"""The pause menu (START during a match) and its legend of the table.

A module of its own because the table stays built while the pause menu is shown: only
these few lines of code are loaded beside the table's (cucumber.app loads one screen
module at a time, the table's excepted while it is kept).
"""

import displayio

from cucumber import keys, ui

ROW = 12


class PauseMenu:
    """START during a match. Under the menu, a legend of the table: a copy of one
    seat's column (yours when you hold the device) with what each line means."""

    name = "pause"
    ITEMS = ("Resume", "Rules", "Quit to title")

    def __init__(self, match=None, seat=None, cursor=0, font=None):
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        # The table's status font, already loaded, at twice its size (terminalio's when
        # there is none): loading the heading font would need its loader's code beside
        # the kept table, the heap's tightest moment (tools/bench_board.py).
        if font is not None and font.sheet is None:
            font = None
        g.append(ui.centered("Paused", 1, ui.YELLOW, scale=2, font=font))
        g.append(ui.centered("the match is saved", 20, ui.GREY))
        self.rows = []
        for i in range(3):
            t = ui.Text("", x=32, y=34 + i * ROW, width=16)
            g.append(t)
            self.rows.append(t)
        if match is not None:
            _legend(g, match, seat, 74)
        self.cursor = cursor
        self.group = g
        self._draw()

    def _draw(self):
        for i in range(3):
            t = self.rows[i]
            t.set(self.ITEMS[i])
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


def _legend(g, m, seat, y):
    """What a seat's column on the table shows, drawn as the table draws it (``seat``'s
    own name, score, cards left and life pips; yours on the same lighter felt) with a
    word for each line."""
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
    words = ("your seat" if yours else "a seat", "score", "cards left, lives")
    for i in range(3):
        g.append(ui.Text(words[i], x=42, y=y + 1 + i * ROW, color=ui.GREY))
    if m.rules.open_cards:
        g.append(ui.Text("SELECT: played cards", x=2, y=y + 1 + 3 * ROW, color=ui.GREY))
