"""The rules page: the chosen rules in short, then how to play and what the table shows.

Opened from the title and from the pause menu, so it is a module of its own: during a
match it loads no menu or settings code (cucumber.app loads one screen module at a time).
"""

import displayio

from cucumber import keys, ui

ROW = 12  # text row height


GENERAL = (
    "Avoid the last trick! Each round everyone gets the same number of cards and "
    "plays one card per trick. The highest card takes a trick; among equal ranks "
    "the one played last. Suits do not count. Only the last trick scores: its "
    "taker adds the value of the card that took it (2-10, J 11, Q 12, K 13, A 14). "
    "Reach the limit and you are out. The last player in wins.",
    "Keys: left/right choose a card (only legal cards are raised and marked "
    "green), A plays, SELECT shows played cards when they stay open, START pauses.",
    "The table: each seat's column shows its name, score, cards left and lives (red "
    "squares; yellow: a re-entry still to take). Your seat's column is lighter, the "
    "lit name is the seat to play, and \"last!\" marks the trick that scores.",
)


class RulesScreen:
    name = "rules"
    VISIBLE = 9

    def __init__(self, rules, back=("back",)):
        self.back = back  # the command of B (A, START): where the rules were opened
        lines = []
        for s in rules.describe():
            for part in ui.wrap("- " + s, 26):
                lines.append(part)
        lines.append("")
        for para in GENERAL:
            for part in ui.wrap(para, 26):
                lines.append(part)
            lines.append("")
        self.lines = lines
        self.top = 0
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text("Rules", x=2, y=0, color=ui.YELLOW))
        g.append(ui.Text("up/down  B:back", x=68, y=0, color=ui.GREY))
        self.rows = []
        for i in range(self.VISIBLE):
            t = ui.Text("", x=2, y=15 + i * ROW, width=26)
            g.append(t)
            self.rows.append(t)
        self.group = g
        self._draw()

    def _draw(self):
        for i in range(self.VISIBLE):
            j = self.top + i
            self.rows[i].set(self.lines[j] if j < len(self.lines) else "")

    def key(self, k):
        if k == keys.DOWN and self.top + self.VISIBLE < len(self.lines):
            self.top += 1
        elif k == keys.UP and self.top > 0:
            self.top -= 1
        elif k in (keys.B, keys.A, keys.START):
            return self.back
        self._draw()
        return None

    def tick(self, now):
        pass
