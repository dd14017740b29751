"""The rules page: the chosen rules in short, then how to play and what the table shows,
in the chosen language.

Opened from the title and from the pause menu, so it is a module of its own: during a
match it loads no menu or settings code (cucumber.app loads one screen module at a time).
Its text is cucumber.rulestext's: read from the language's files when the page opens,
wrapped, and only the lines kept, as one string (rulestext's code and the sections are
let go once they are made).
"""

import sys

import displayio

from cucumber import keys, lang, ui

ROW = 12  # text row height


def _drop(name):
    """Forget cucumber.``name`` (as cucumber.app's forget does): its code is collected."""
    sys.modules.pop("cucumber." + name, None)
    pkg = sys.modules.get("cucumber")
    if pkg is not None and hasattr(pkg, name):
        delattr(pkg, name)


class RulesScreen:
    name = "rules"
    VISIBLE = 9

    def __init__(self, rules, back=("back",)):
        self.back = back  # the command of B (A, START): where the rules were opened
        from cucumber import rulestext
        head, text = rulestext.page(rules, 26)  # its lines, each ended by "\n"
        rulestext = None
        _drop("rulestext")
        font = ui.Font("medium", lang.chars((text, head[0], head[1])).replace("\n", ""))
        # a row's text is sliced from the one string when drawn
        self.text = text
        self.count = text.count("\n")
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
        text = self.text
        i = 0
        for _ in range(self.top):
            i = text.find("\n", i) + 1
        for row in self.rows:
            j = text.find("\n", i)
            if j < 0:
                row.set("")
            else:
                row.set(text[i:j])
                i = j + 1

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
