"""The classroom demo: AIs only, match after match, explaining each card.

Loaded only while the demo runs (the title's "Demo"); cucumber.app asks it for the
pauses, hands it the table's keys and tells it each card played. It writes nothing to
the flash: cucumber.app saves no match, settings or statistics while ``app.demo`` is set,
so the demo can run all day.

Keys on the table: up/down the speed, START pauses (and resumes), A plays one card while
paused, SELECT opens the "Inside the chip" page, B goes back to the title. The pages
between rounds turn by themselves (any key turns them sooner).

Two lines under the trick (where a human's hand would be): who played what and why it
was legal, and why the AI chose it; on the serial console each AI decision's reasoning::

    P3 hard: 9♥ 1.2 12% | J♥ 2.6 25% (8 deals, 85 ms)

each candidate with its mean cost in points and its risk of taking the penalty (the
percent of the sampled deals on which it did), the chosen card first.
"""

from cucumber import console, keys, ui
from cucumber.app import ticks_diff

CARD_MS = (3000, 1500, 700, 250, 30)  # how long a played card stays in view, per speed
NAMES = ("slow", "calm", "normal", "fast", "fastest")
LINE1_Y = 90
LINE2_Y = 104
LEGEND_Y = 116


class Demo:
    def __init__(self):
        self.speed = 2
        self.paused = False
        self.stepping = False  # A while paused: play on until the next card
        self.page_due = None  # the tick at which the page in view turns
        self.lines = None
        self.said = ("", "")
        self.why_chosen = ""

    def card_ms(self):
        return CARD_MS[self.speed]

    def trick_ms(self):
        return 2 * CARD_MS[self.speed]

    def page_ms(self):
        return 2000 + 2 * CARD_MS[self.speed]

    def attach(self, table):
        """Put the demo's lines on a (newly built) table."""
        table.hidden_text.hidden = True  # "watching the AIs": the lines say more
        lines = []
        # the lines show suit signs (the table's font); the legend is terminalio's
        for y, color, font in ((LINE1_Y, ui.TEXT, table.status_font),
                               (LINE2_Y, ui.CYAN, table.status_font),
                               (LEGEND_Y, ui.GREY, None)):
            t = ui.Text("", x=2, y=y, width=26, color=color, font=font)
            table.main.append(t)
            lines.append(t)
        self.lines = lines
        self.show(self.said[0], self.said[1])
        self.legend()

    def show(self, first, second):
        self.said = (first, second)
        if self.lines is not None:
            self.lines[0].set(first[:26])
            self.lines[1].set(second[:26])

    def legend(self):
        if self.lines is None:
            return
        if self.paused:
            text = "paused  A:1 card START:go"
        else:
            text = "%s  ^v:speed B:quit" % NAMES[self.speed]
        self.lines[2].set(text)

    def key(self, k):
        """A key pressed on the table: a command for the app, or None."""
        if k == keys.UP or k == keys.DOWN:
            d = 1 if k == keys.UP else -1
            self.speed = min(len(CARD_MS) - 1, max(0, self.speed + d))
        elif k == keys.START:
            self.paused = not self.paused
            self.stepping = False
        elif k == keys.A:
            if self.paused:
                self.stepping = True
        elif k == keys.SELECT:
            return ("chip",)
        elif k == keys.B:
            return ("title",)
        self.legend()
        return None

    def decided(self, seat, level, card, thought, ns):
        """An AI's decision (engine.ai.thoughts() and its time): the console line, and
        the second line shown when its card is down."""
        if thought is not None:
            print(think_line(seat, level, card, thought, ns))
        self.why_chosen = short_thought(level, card, thought, ns)

    def played(self, seat, card, why):
        """A card is down: the two lines."""
        self.stepping = False
        self.show(short_reason(seat, card, why), self.why_chosen)

    def step(self, app, now):
        """The demo's own timing: the pages turn by themselves, a new match follows the
        last, a pause holds everything (A lets one card through). True when the app's
        step is done."""
        if app.screen is not app.table:  # (no local for it: the page goes with the command)
            due = self.page_due
            if due is not None and not self.paused and ticks_diff(now, due) >= 0:
                self.page_due = None
                if app.match.is_terminal() and len(app.pages) <= 1:
                    app.command(("rematch",))  # the match-end page: the next match
                else:
                    app.command(("next",))
                return True
            return False
        if self.paused and not self.stepping:
            app.screen.tick(now)
            return True
        if self.stepping:  # every pause is over at once until the next card is down
            if app.wait is not None:
                app.wait = now
            if app.ai_ready is not None:
                app.ai_ready = now
        return False


def tenths(v):
    return "%d.%d" % (v // 10, v % 10)


def think_line(seat, level, chosen, thought, ns):
    """The console line of an AI's decision: ``thought`` is engine.ai.thoughts()'s
    ``(deals, work, rows)``, ``ns`` the decision's time (or None)."""
    deals, _, rows = thought
    parts = []
    for c, cost, risk in rows:
        part = "%s %s %d%%" % (console.card(c), tenths(cost), risk)
        if c >> 2 == chosen >> 2:
            parts.insert(0, part)
        else:
            parts.append(part)
    tail = "%d deals" % deals
    if ns is not None:
        tail += ", %d ms" % (ns // 1000000)
    return "%s %s: %s (%s)" % (ui.seat_name(seat), level, " | ".join(parts), tail)


def short_reason(seat, c, why):
    """The demo's first line (26 columns): who played what, and why it was legal."""
    return "%s %s %s" % (ui.seat_name(seat), console.card(c), console.WHY[why])


def short_thought(level, chosen, thought, ns):
    """The demo's second line (26 columns): why the AI chose it."""
    if thought is None:
        return "%s: %s" % (level, "rule of thumb" if level != "bot" else "its own")
    deals = thought[0]
    for c, _, risk in thought[2]:
        if c >> 2 == chosen >> 2:
            text = "%d%% risk, %d deals" % (risk, deals)
            if ns is not None and len(text) < 17:
                text += ", %dms" % (ns // 1000000)
            return text
    return "%d deals" % deals


