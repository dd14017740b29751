"""The rules page: the chosen rules in short, then how to play and what the table shows,
in the chosen language.

Opened from the title and from the pause menu, so it is a module of its own: during a
match it loads no menu or settings code (cucumber.app loads one screen module at a time).
Its text is cucumber.rulestext's, made again a window of lines at a time from the
language's files as the page scrolls (no copy of the whole text is kept: see
rulestext.window); rulestext is forgotten with this module (cucumber.app's ON_USE).
"""

import displayio

from cucumber import keys, lang, ui

ROW = 12  # text row height


class RulesScreen:
    name = "rules"
    VISIBLE = 9

    def __init__(self, rules, back=("back",)):
        self.back = back  # the command of B (A, START): where the rules were opened
        self.rules = rules
        from cucumber import rulestext
        self.text = rulestext  # kept while the page is open: it makes each window
        head = rulestext.header()
        # the font: every character of the whole page, read once paragraph by paragraph
        chars = lang.chars(head)
        for para in rulestext.paragraphs(rules):
            chars = lang.chars((para,), chars)
        self.count = rulestext.window(rules, 0, 0, 26)[1]
        font = ui.Font("medium", chars)
        self.top = 0
        g = displayio.Group()
        g.append(ui.background(ui.DARK))
        g.append(ui.rect(0, 0, ui.W, 13, ui.NAVY))
        g.append(ui.Text(head[0], x=2, y=0, color=ui.YELLOW, font=font))
        # the keys at the right (English's at x 68 as ever); the test keeps them apart
        g.append(ui.Text(head[1], x=ui.W - 2 - ui.text_width(head[1], 1, font), y=0,
                         color=ui.GREY, font=font))
        self.rows = []
        for i in range(self.VISIBLE):
            t = ui.Text("", x=2, y=15 + i * ROW, width=26, font=font)
            g.append(t)
            self.rows.append(t)
        self.group = g
        self._draw()

    def _draw(self):
        lines = self.text.window(self.rules, self.top, self.VISIBLE, 26)[0]
        for i in range(self.VISIBLE):
            self.rows[i].set(lines[i] if i < len(lines) else "")

    def key(self, k):
        if k == keys.DOWN and self.top + self.VISIBLE < self.count:
            self.top += 1
        elif k == keys.UP and self.top > 0:
            self.top -= 1
        elif k in (keys.B, keys.A, keys.START):
            return self.back
        self._draw()
        return None

    def tick(self, now):
        pass
