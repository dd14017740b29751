"""The table: every seat's name, score, cards left and lives; the trick; the status
line; and the hand's tiles, which cucumber.hand moves.

Layout (160x128): one column per seat across the top (name, score, cards left + life
pips), the trick below it with each card under the seat that played it, one status
line, then the hand of the player holding the device. This module builds the table's
display objects and draws what the match says; the hand, its selection and the keys
are cucumber.hand's (``Table`` is a ``Hand``): how a key becomes a played card is read
there.

Fonts: the status line is in the medium bitmap font (6x10, the width of terminalio's cells)
so that cards show with their suit signs; with six or seven players the seat columns
(names, scores, cards left) use the small 5x7 font. Both are loaded for the characters
the table can show in the chosen language, as one small tile sheet each (``table_fonts``,
see ui.Font), and the table's texts are read with them (cucumber.lang's "table" section,
kept as one string); the app keeps the three for the match, so that rebuilding the
table after the pages between rounds reads nothing. The line under the trick and the
review's two words are ASCII in every language, in terminalio.
The review of played cards has its own module (cucumber.review).

The table draws from the match, except the trick, which it keeps itself (``add_play``)
so that a finished trick stays in view during the pause after it.
"""

import sys

import displayio

from cucumber import lang, ui
from cucumber.hand import Hand, HAND_Y, LEGAL_Y, OFF
from cucumber.seats import HUMAN, BOT
from engine.compat import const

MARK_Y = 114
TRICK_Y = 36
STATUS_Y = 68
PIP_Y = 26
SMALL_FROM = 6  # players from which the seat columns use the small font

RED_SUITS = ui.SUIT_SIGNS[1:3]
SEAT_CHARS = "P0123456789x-"
# The characters of the status font last made (table_fonts): every character the status
# line and the demo's two lines can show; one outside it is drawn blank
# (host_tests/test_screens.py checks the messages of whole matches against it).
STATUS_CHARS = ""

# words: table
_YOU_LEAD = const(0)
_HEADS_TRICK = const(1)
_YOUR_LOWEST = const(2)
_ACE_LED = const(3)
_LAST = const(4)
_TO_PLAY = const(5)
_THINKING = const(6)
_TAKES = const(7)
_TAKES_LAST = const(8)
_CARDS_HIDDEN = const(9)  # from here to _BACK: cucumber.hand's
_HANDS_HIDDEN = const(10)  # from here: terminalio's (ASCII), not in the status font
_WATCHING = const(11)
_REVIEW = const(12)
_BACK = const(13)
_HINT = const(14)  # from here: the hint's, in the status font but not kept (word)
_HINT_THUMB = const(15)
_HINT_ONE_CARD = const(16)


def table_fonts(n, kinds=None):
    """(status font, seat-column font or None, the table's texts) for a table of ``n``
    players whose seats are ``kinds``: the app keeps the three for the match.

    The texts (cucumber.lang's "table" section in the chosen language) are ONE string, a
    text a line (Table.word): a string per text took some 300 bytes more of the heap,
    and reading the section again at each table's build left garbage among what the
    table then allocates. The hint's texts, the section's last, are not in it: only
    cucumber.hint says them, reading the one it needs then (kept, a third one for "one
    card to play" took the 5p-bot-hints plan over its 100 KB). The status font holds
    the characters of the status line's texts (the hint's too), the digits, the seats'
    names, the language's rank letters and the suit signs; during the demo
    (cucumber.demo loaded) those of its two lines too; with a Bot seat
    (cucumber.botseat) its messages' and the lower-case letters of an exception's name
    (those sections read here for their characters only). Each character costs a
    look-up and one read of its glyph (not timed on a board), and 15 bytes of sheet."""
    global STATUS_CHARS
    w = lang.section("table")
    more = "0123456789/" + ui.seat_name(0) + ui.SUIT_SIGNS
    for r in range(13):
        more += lang.rank(r)
    chars = lang.chars(w[:_HANDS_HIDDEN] + w[_HINT:], more)
    if "cucumber.demo" in sys.modules:
        chars = lang.chars(lang.section("demo"), chars)
    bot = False
    for k in kinds or ():
        if k == BOT:
            bot = True
    if bot:
        chars = lang.chars(lang.section("bot"), chars + ui.LOWER + ".")
    seat = ui.Font("small", SEAT_CHARS) if n >= SMALL_FROM else None
    if seat is not None and seat.sheet is None:
        seat = None
    status = ui.Font("medium", chars, red=RED_SUITS)
    STATUS_CHARS = status.chars
    return (status, seat, "\n".join(w[:_HINT]))


class Table(Hand):
    """The table's screen for ``match`` with seats ``kinds`` (``fonts``: the app's kept
    ``table_fonts``, or None to load them). What it draws is this module's; the hand's
    state, its moves and the keys are cucumber.hand's (``Hand``)."""

    name = "table"

    def __init__(self, match, kinds, fonts=None):
        self.m = match
        self.kinds = kinds
        n = match.n
        self.n = n
        if fonts is None:  # loaded first, while the heap holds no table yet
            fonts = table_fonts(n, kinds)
        self.fonts = fonts  # [2]: the texts (word)
        self.status_font, seat_font, _ = fonts
        self.seat_font = seat_font
        self.signs = self.status_font.sheet is not None
        cw = seat_font.w if seat_font is not None else ui.glyph_size()[0]
        self.half_cell = cw // 2
        self.colw = ui.W // n
        self.x0 = (ui.W - n * self.colw) // 2
        # the hand's state (cucumber.hand)
        self.holder = None  # the seat whose hand is shown
        self.interactive = False
        self.legal = bytearray(7)
        self.nlegal = 0
        self.sel = 0  # index into the legal cards
        self.review = None
        self.reviewing = False
        self.trick = []  # (seat, card) as played and shown
        self.message = None  # where the hand was, once the holder is out (cucumber.turns)
        self.frozen = False  # the round is over: the columns stay as it left them
        self.hints = False  # up asks for a hint (the app answers with show_hint)
        g = displayio.Group()
        g.append(ui.background(ui.FELT))
        # your seat (the holder's): its column and trick slot on a lighter felt
        self.seat_rect = ui.rect(OFF, 0, self.colw, STATUS_Y - 2, ui.SEAT)
        g.append(self.seat_rect)
        self.turn_rect = ui.rect(OFF, 0, self.colw - 2, 11, ui.YELLOW)
        g.append(self.turn_rect)
        self.names = []
        self.scores = []
        self.counts = []
        self.slots = []
        self.pip_bm = displayio.Bitmap(ui.W, 3, 4)
        pp = displayio.Palette(4)
        pp[0] = 0
        pp.make_transparent(0)
        pp[1] = ui.RED
        pp[2] = ui.YELLOW
        pp[3] = 0x505050
        self.hl = ui.rect(OFF, TRICK_Y - 2, ui.CARD_W + 2, ui.CARD_H + 4, ui.CYAN)
        g.append(self.hl)
        dy = 2 if seat_font is not None else 0  # the small font centred in the 11-pixel rows
        for s in range(n):
            cx = self.cx(s)
            t = ui.Text(ui.seat_name(s), x=cx - 2 * self.half_cell, y=dy, width=2,
                        font=seat_font)
            g.append(t)
            self.names.append(t)
            t = ui.Text("0", x=cx - self.half_cell, y=11 + dy, width=3, font=seat_font)
            g.append(t)
            self.scores.append(t)
            t = ui.Text("7", x=cx - 2 - 2 * self.half_cell, y=PIP_Y - 4 + dy, width=1,
                        color=ui.CYAN, font=seat_font)
            g.append(t)
            self.counts.append(t)
            tg = ui.card(ui.EMPTY, cx - ui.CARD_W // 2, TRICK_Y)
            g.append(tg)
            self.slots.append(tg)
        g.append(displayio.TileGrid(self.pip_bm, pixel_shader=pp, x=0, y=PIP_Y))
        self.status = ui.Text("", x=2, y=STATUS_Y, width=26, font=self.status_font)
        g.append(self.status)
        # the hand's tiles, its selection and its legal cards' marks (cucumber.hand
        # moves them)
        self.sel_rect = ui.rect(OFF, LEGAL_Y - 1, ui.CARD_W + 2, ui.CARD_H + 2, ui.YELLOW)
        g.append(self.sel_rect)
        self.arrow = ui.rect(OFF, LEGAL_Y - 5, 8, 3, ui.YELLOW)
        g.append(self.arrow)
        self.hand_tg = []
        for _ in range(7):
            tg = ui.card(ui.BACK, OFF, HAND_Y)
            g.append(tg)
            self.hand_tg.append(tg)
        # the legal cards' marks: one bitmap row for all seven (seven rectangles took
        # about 500 B more of the board's heap)
        self.mark_bm = displayio.Bitmap(ui.W, 3, 2)
        mp = displayio.Palette(2)
        mp[0] = 0
        mp.make_transparent(0)
        mp[1] = ui.MARK
        g.append(displayio.TileGrid(self.mark_bm, pixel_shader=mp, x=0, y=MARK_Y))
        # ASCII in every language: terminalio (no glyphs, no palette beside the status's)
        self.hidden_text = ui.Text("", x=2, y=HAND_Y + 8, width=26, color=ui.GREY)
        g.append(self.hidden_text)
        self.main = g
        self.group = displayio.Group()
        self.group.append(g)
        for i in range(match.trick_len):  # a table rebuilt mid-trick shows the trick
            self.add_play(match.trick_seats[i], match.trick[i])
        self.highlight(None)
        self.refresh()

    # ----- geometry ----------------------------------------------------------------

    def cx(self, seat):
        return self.x0 + seat * self.colw + self.colw // 2

    # ----- seats -------------------------------------------------------------------

    def refresh(self):
        """Names, scores, cards left, lives and whose turn, from the match (not once the
        round is over: see ``round_over``)."""
        if self.frozen:
            return
        m = self.m
        rules = m.rules
        bm = self.pip_bm
        bm.fill(0)
        turn = m.current_player()
        for s in range(self.n):
            cx = self.cx(s)
            out = not m.active(s)
            sitting = not out and not m.in_round[s]
            nm = self.names[s]
            if s == turn:
                nm.color(ui.BLACK)
            elif out:
                nm.color(ui.GREY)
            else:
                nm.color(ui.TEXT if self.kinds[s] == HUMAN else ui.CYAN)
            sc = "%d" % m.scores[s]
            t = self.scores[s]
            t.set(sc)
            t.x = cx - len(sc) * self.half_cell
            t.color(ui.GREY if out else ui.TEXT)
            c = self.counts[s]
            if out:
                c.set("x")
                c.color(ui.RED)
            elif sitting:
                c.set("-")
                c.color(ui.GREY)
            else:
                c.set("%d" % m.counts[s])
                c.color(ui.CYAN)
            # the pips (summary.seat_lives counts the same for the pause menu's legend)
            left = rules.reentries - m.reentries_used[s]
            lives = 0 if out else (1 + left if not rules.reentry_choice else 1)
            extra = left if rules.reentry_choice and not out else 0
            x = cx - 1
            for i in range(lives + extra):
                v = 1 if i < lives else 2
                for dx in range(3):
                    for dy in range(3):
                        if 0 <= x + dx < ui.W:
                            bm[x + dx, dy] = v
                x += 4
            tg = self.slots[s]
            if not self._in_trick(s):
                tg[0] = ui.EMPTY
                tg.hidden = not m.in_round[s] or out
        self._tab(turn)

    def _tab(self, seat):
        """Light ``seat``'s tab (the seat to act; NOBODY: none)."""
        self.turn_rect.x = self.cx(seat) - self.colw // 2 + 1 if seat < self.n else OFF

    def round_over(self, taker):
        """The last trick is taken. The match has already scored it and dealt the next
        round (or ended), and none of that may show before the round's summary: the
        seat columns stay as the round left them, with every card played; the trick
        stays in view, the taker's tab is lit, and no hand is shown."""
        self.frozen = True
        for s, _ in self.trick:
            self.counts[s].set("0")
        for s in range(self.n):
            nm = self.names[s]
            if s == taker:
                nm.color(ui.BLACK)
            elif self._in_trick(s):  # every seat that played (the last to play was lit)
                nm.color(ui.TEXT if self.kinds[s] == HUMAN else ui.CYAN)
        self._tab(taker)
        self.show_hand(self.holder, False)

    def _in_trick(self, seat):
        for s, _ in self.trick:
            if s == seat:
                return True
        return False

    # ----- the trick ---------------------------------------------------------------

    def add_play(self, seat, card, color=ui.CYAN):
        self.trick.append((seat, card))
        tg = self.slots[seat]
        tg[0] = card
        tg.hidden = False
        self.highlight(seat, color)

    def highlight(self, seat, color=ui.CYAN):
        if seat is None:
            self.hl.x = OFF
            return
        self.hl.pixel_shader = ui.palette(color)
        self.hl.x = self.cx(seat) - ui.CARD_W // 2 - 1

    def clear_trick(self):
        self.trick = []
        self.highlight(None)
        self.refresh()

    def word(self, i):
        """Text ``i`` of the table's section (``_LAST``...): line ``i`` of the texts
        (table_fonts)."""
        w = self.fonts[2]
        start = 0
        for _ in range(i):
            start = w.find("\n", start) + 1
        end = w.find("\n", start)
        return w[start:] if end < 0 else w[start:end]

    def set_status(self, text, color=ui.TEXT):
        self.status.set(text)
        self.status.color(color)

    def trick_label(self):
        """Which trick this is, for the status line: "3/7", and "last!" for the last."""
        m = self.m
        if m.trick_no == m.rules.hand - 1:  # the last trick (no call: pystack)
            return self.word(_LAST)
        return "%d/%d" % (m.trick_no + 1, m.rules.hand)

    def turn_status(self, seat, thinking):
        """Whose turn it is, on the status line: "P3 to play  3/7" (a human who does not
        hold the device), "P3 thinking...  3/7" (an AI, in cyan)."""
        self.set_status(self.word(_THINKING if thinking else _TO_PLAY)
                        % (ui.seat_name(seat), self.trick_label()),
                        ui.CYAN if thinking else ui.TEXT)

    def taken_status(self, seat, last):
        """Who took the trick: "P3 takes the trick", orange for the last trick."""
        self.set_status(self.word(_TAKES_LAST if last else _TAKES) % ui.seat_name(seat),
                        ui.ORANGE if last else ui.YELLOW)

    def tick(self, now):
        pass
