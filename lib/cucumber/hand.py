"""The hand of the player holding the device, on the table: which cards may be played,
the one selected and why, the hint, and the keys that choose and play a card.

On that player's turn the legal cards are raised and underlined in MARK green, the
others are dimmed, and only legal cards can be selected: left/right move the selection,
A plays it (the key's answer is ``("play", card)``, which cucumber.app hands to
cucumber.turns), B, up and down say again why it may be played, up asks for a hint
when hints are on. SELECT opens the review of played cards (cucumber.review) where the
rules keep them open.

``Hand`` is the part of cucumber.table's ``Table`` that does this: the table builds the
hand's tiles, marks and lines and draws the seats, the trick and the status line
(``word``, ``set_status``, ``trick_label``); this module moves the hand's tiles and
answers the keys. Loaded with cucumber.table, for the whole of a match.
"""

from cucumber import keys, ui
from cucumber.seats import HUMAN
from engine.compat import const

HAND_Y = const(96)  # hand cards when not selectable / illegal
LEGAL_Y = const(84)  # legal cards on your turn
OFF = const(-64)  # x of things put out of sight

# words: table (the texts the hand says; cucumber.table lists the whole section)
_CARDS_HIDDEN = const(9)
_HANDS_HIDDEN = const(10)
_WATCHING = const(11)
_REVIEW = const(12)
_BACK = const(13)


class Hand:
    """The hand's state: ``holder`` (the seat whose hand is shown), ``interactive``,
    ``legal`` (the first ``nlegal`` bytes: the legal cards), ``sel`` (an index into
    them), ``reviewing``; cucumber.table's ``Table`` sets them up."""

    # ----- keys --------------------------------------------------------------------

    def key(self, k):
        """A key pressed on the table: the app's command (``("play", card)`` when A plays
        the selected card, ``("pause",)``, ``("hint",)``) or None."""
        if self.reviewing:
            if k in (keys.B, keys.SELECT, keys.A, keys.START):
                self.close_review()
            return None
        if k == keys.SELECT:
            if self.frozen:
                # the round's last trick, in view until its summary: the match has dealt
                # the next round, whose played cards (none) are all a review could show
                return ("error",)
            if self.m.rules.open_cards:
                self.open_review(self.holder)
            else:
                self.set_status(self.word(_CARDS_HIDDEN), ui.GREY)
            return None
        if k == keys.START:
            return ("pause",)
        if not self.interactive or self.nlegal == 0:
            return None
        if k == keys.LEFT:
            self.sel = (self.sel - 1) % self.nlegal
            self._draw_selection()
        elif k == keys.RIGHT:
            self.sel = (self.sel + 1) % self.nlegal
            self._draw_selection()
        elif k == keys.A:
            c = self.legal[self.sel]
            self.interactive = False
            return ("play", c)
        elif k == keys.UP and self.hints:
            return ("hint",)
        elif k == keys.B or k == keys.UP or k == keys.DOWN:
            self.set_status(self._reason(self.legal[self.sel]), self._reason_color())
        return None

    # ----- the hand ----------------------------------------------------------------

    def hand_x(self, i, count):
        """The x of card ``i`` of a hand of ``count`` cards, the hand centred."""
        return (ui.W - (count * 22 - 2)) // 2 + i * 22

    def show_hand(self, holder, interactive):
        """Show ``holder``'s hand (None: no hand); legal cards selectable if interactive."""
        m = self.m
        self.holder = holder
        self.seat_rect.x = self.cx(holder) - self.colw // 2 if holder is not None else OFF
        self.interactive = interactive and holder is not None
        hand = m.hand(holder) if holder is not None and not self.frozen else b""
        if self.interactive:
            self.nlegal = m.legal_into(self.legal)
            if self.sel >= self.nlegal:
                self.sel = self.nlegal - 1
            if self.sel < 0:
                self.sel = 0
        else:
            self.nlegal = 0
        count = len(hand)
        marks = self.mark_bm
        marks.fill(0)
        for i in range(7):
            tg = self.hand_tg[i]
            if i >= count:
                tg.x = OFF
                continue
            c = hand[i]
            tg[0] = c
            x = self.hand_x(i, count)
            tg.x = x
            legal = self.interactive and self._is_legal(c)
            if legal:
                tg.y = LEGAL_Y
                tg.pixel_shader = ui.sheet().pixel_shader
                for dx in range(x + 2, x + 18):
                    if 0 <= dx < ui.W:
                        marks[dx, 0] = 1
                        marks[dx, 1] = 1
                        marks[dx, 2] = 1
            else:
                tg.y = HAND_Y
                tg.pixel_shader = ui.dim_palette() if self.interactive else ui.sheet().pixel_shader
        if holder is None and not self.frozen:
            spectator = True
            for k in self.kinds:
                if k == HUMAN:
                    spectator = False
            t = self.word(_WATCHING if spectator else _HANDS_HIDDEN)
            self.hidden_text.set(" " * ((26 - len(t)) // 2) + t)  # centred
        else:  # the app's message where the hand was, once the holder is out of the match
            t = self.message
            out = t and holder is not None and not self.frozen and not m.active(holder)
            self.hidden_text.set(t if out else "")
        self._draw_selection()

    def _is_legal(self, c):
        for i in range(self.nlegal):
            if self.legal[i] == c:
                return True
        return False

    def selected_card(self):
        if not self.interactive or self.nlegal == 0:
            return None
        return self.legal[self.sel]

    def _draw_selection(self):
        c = self.selected_card()
        if c is None:
            self.sel_rect.x = OFF
            self.arrow.x = OFF
            return
        hand = self.m.hand(self.holder)
        i = 0
        while hand[i] != c:
            i += 1
        x = self.hand_x(i, len(hand))
        self.sel_rect.x = x - 1
        self.arrow.x = x + 6
        self.set_status(self._reason(c), self._reason_color())

    def _reason_color(self):
        """The colour of your own line: orange on the last trick."""
        m = self.m
        return ui.ORANGE if m.trick_no == m.rules.hand - 1 else ui.YELLOW

    def _reason(self, c):
        """ "P3 10♥ heads trick     3/7": the card, why it may be played, the trick at the
        right (engine.match's WHY_ codes 1..4 are the section's first four texts)."""
        w = self.m.why(c)
        name = ui.card_name(c, self.signs)
        s = "%s %s %s" % (ui.seat_name(self.holder), name, self.word(w - 1) if w else "")
        t = self.trick_label()
        return s + " " * max(1, 26 - len(s) - len(t)) + t

    def show_hint(self, card, text):
        """Select ``card`` (cucumber.hint's) and say why on the status line: ``text``
        (cucumber.hint's, one of the section's hint texts)."""
        for i in range(self.nlegal):
            if self.legal[i] == card:
                self.sel = i
        self._draw_selection()
        self.set_status(text, ui.CYAN)

    # ----- review of played cards ----------------------------------------------------

    def open_review(self, viewer):
        """The played cards of every seat this round (rules.open_cards only): drawn by
        cucumber.review, loaded for it and forgotten at the next screen."""
        from cucumber.review import review_group
        g = review_group(self.m, self.n, viewer, self.word(_REVIEW), self.word(_BACK))
        self.review = g
        self.reviewing = True
        self.main.hidden = True
        self.group.append(g)

    def close_review(self):
        if self.review is not None:
            self.group.remove(self.review)
            self.review = None
        self.reviewing = False
        self.main.hidden = False
