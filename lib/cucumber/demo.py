"""The classroom demo: AIs only, match after match, explaining each card.

Loaded only while the demo runs (the title's "Demo"); cucumber.app hands it the table's
keys, cucumber.turns asks it for the pauses and tells it each card played. It writes
nothing to the flash: the app saves no match, settings or statistics while ``app.demo``
is set, so the demo can run all day.

Keys on the table: up/down the speed, START pauses (and resumes), A plays one card while
paused, SELECT opens the "Inside the chip" page, B goes back to the title. The pages
between rounds turn by themselves (any key turns them sooner).

Two lines under the trick (where a human's hand would be): who played what and why it
was legal, and why the AI chose it, in the chosen language (cucumber.lang's "demo"
section; the table's font holds its characters while this module is loaded), and the
keys' legend (the "demokeys" section, ASCII: terminalio); on the serial console each AI
decision's reasoning::

    P3 hard: 9♥ 1.2 12% | J♥ 2.6 25% (8 deals, 85 ms)

each candidate with its mean cost in points and its risk of taking the penalty (the
percent of the sampled deals on which it did), the chosen card first.
"""

from cucumber import console, keys, lang, ui
from cucumber.board import ticks_diff
from cucumber.seats import LEVELS
from engine.compat import const

CARD_MS = (3000, 1500, 700, 250, 30)  # how long a played card stays in view, per speed
LINE1_Y = 90
LINE2_Y = 104
LEGEND_Y = 116

# words: demo
_LEADS = const(0)
_HEADS = const(1)
_LOWEST = const(2)
_ACE_LED = const(3)
_RISK = const(4)
_MS = const(5)
_DEALS = const(6)
_THUMB = const(7)
_ONE_CARD = const(8)
_OWN = const(9)
_EASY = const(10)
_MEDIUM = const(11)
_HARD = const(12)
_BOT = const(13)

# words: demokeys
_PAUSED = const(0)
_LEGEND = const(1)
_SLOW = const(2)
_CALM = const(3)
_NORMAL = const(4)
_FAST = const(5)
_FASTEST = const(6)


class Demo:
    """The demo while it runs. ``words``, ``keys_words``: the texts of its lines and of
    its legend (ASCII, drawn in terminalio) in the chosen language, read once and kept
    while the demo runs, each as one string, a text a line (``word``); cucumber.table
    puts the lines' characters in its font."""

    def __init__(self):
        self.words = "\n".join(lang.section("demo"))
        self.keys_words = "\n".join(lang.section("demokeys"))
        self.speed = 2
        self.paused = False
        self.stepping = False  # A while paused: play on until the next card
        self.page_due = None  # the tick at which the page in view turns
        self.app = None  # the app (given at each step): its table holds the lines
        self.said = ("", "")
        self.why_chosen = ""

    def card_ms(self):
        return CARD_MS[self.speed]

    def trick_ms(self):
        return 2 * CARD_MS[self.speed]

    def page_ms(self):
        return 2000 + 2 * CARD_MS[self.speed]

    @property
    def lines(self):
        """The demo's three lines (cucumber.ui.Text) on the app's table, the last three
        of its group (``attach``); None when no table is built. The table holds them, not
        the demo: they go with it when a page replaces it (three lines less on the heap
        during the pages)."""
        app = self.app
        t = app.table if app is not None else None
        if t is None:
            return None
        g = t.main
        n = len(g)
        return (g[n - 3], g[n - 2], g[n - 1])

    def attach(self, table):
        """Put the demo's lines on a (newly built) table."""
        table.hidden_text.hidden = True  # "watching the AIs": the lines say more
        lines = []
        # the lines in the table's status font (suit signs, the language's letters:
        # table_fonts); the legend, ASCII in every language, in terminalio
        f = table.status_font
        for y, color, font in ((LINE1_Y, ui.TEXT, f), (LINE2_Y, ui.CYAN, f),
                               (LEGEND_Y, ui.GREY, None)):
            t = ui.Text("", x=2, y=y, width=26, color=color, font=font)
            table.main.append(t)
            lines.append(t)
        self.show(self.said[0], self.said[1], lines)
        self.legend(lines)

    def show(self, first, second, lines=None):
        self.said = (first, second)
        if lines is None:
            lines = self.lines
        if lines is not None:
            lines[0].set(first[:26])
            lines[1].set(second[:26])

    def legend(self, lines=None):
        if lines is None:
            lines = self.lines
        if lines is None:
            return
        w = self.keys_words
        if self.paused:
            text = word(w, _PAUSED)
        else:
            text = word(w, _LEGEND) % word(w, _SLOW + self.speed)
        lines[2].set(text[:26])

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
        """An AI's decision (engine.ai.thoughts() and its time), taken before its card
        is played: the console line, and the second line shown when its card is down."""
        if thought is not None:
            print(think_line(seat, level, card, thought, ns, self.words))
        # the legal cards it had (its card is not played yet; step set self.app)
        self.why_chosen = short_thought(level, card, thought, ns, self.words,
                                        self.app.match.legal_cards())

    def played(self, seat, card, why):
        """A card is down: the two lines."""
        self.stepping = False
        self.show(short_reason(seat, card, why, self.words), self.why_chosen)

    def step(self, app, now):
        """The demo's own timing: the pages turn by themselves, a new match follows the
        last, a pause holds everything (A lets one card through). True when the app's
        step is done."""
        self.app = app
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


def word(words, i):
    """Text ``i`` of the demo's section (``_LEADS``...): line ``i`` of ``words``."""
    start = 0
    for _ in range(i):
        start = words.find("\n", start) + 1
    end = words.find("\n", start)
    return words[start:] if end < 0 else words[start:end]


def tenths(v):
    return "%d.%d" % (v // 10, v % 10)


def level_name(level, words):
    """The chosen language's name of AI ``level`` ("easy" .. "hard", "bot")."""
    i = LEVELS.index(level) if level in LEVELS else 0  # 1..4: easy .. bot
    return word(words, _EASY + i - 1) if i else level


def think_line(seat, level, chosen, thought, ns, words):
    """The console line of an AI's decision: ``thought`` is engine.ai.thoughts()'s
    ``(deals, work, rows)``, ``ns`` the decision's time (or None); the level and the
    deals in the demo's ``words``."""
    deals, _, rows = thought
    parts = []
    for c, cost, risk in rows:
        part = "%s %s %d%%" % (console.card(c), tenths(cost), risk)
        if c >> 2 == chosen >> 2:
            parts.insert(0, part)
        else:
            parts.append(part)
    tail = word(words, _DEALS) % deals
    if ns is not None:
        tail += ", %d ms" % (ns // 1000000)
    return "%s %s: %s (%s)" % (ui.seat_name(seat), level_name(level, words),
                                " | ".join(parts), tail)


def short_reason(seat, c, why, words):
    """The demo's first line (26 columns): who played what, and why it was legal
    (engine.match's WHY_ codes 1..4 are the section's first four texts): "P3 9♠ heads
    the trick"."""
    return "%s %s %s" % (ui.seat_name(seat), ui.card_name(c, True),
                         word(words, _LEADS + why - 1) if why else "")


def short_thought(level, chosen, thought, ns, words, legal=None):
    """The demo's second line (26 columns): why the AI chose it ("12% risk, 10 deals",
    "medium: rule of thumb"); "hard: one card to play" when the ``legal`` cards it had
    are all of one rank (the engine then decides without a rule or a search: cards of
    one rank play alike)."""
    if thought is None:
        i = _OWN if level == "bot" else _THUMB
        if legal and legal[0] >> 2 == legal[-1] >> 2:
            i = _ONE_CARD
        return word(words, i) % level_name(level, words)
    deals = thought[0]
    for c, _, risk in thought[2]:
        if c >> 2 == chosen >> 2:
            text = word(words, _RISK) % (risk, deals)
            if ns is not None and len(text) < 17:
                more = word(words, _MS) % (ns // 1000000)
                if len(text) + len(more) <= 26:
                    text += more
            return text
    return word(words, _DEALS) % deals
