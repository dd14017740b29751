"""The match: deals, turns, legal cards, tricks, penalties, lives, re-entry, match end.

One :class:`Match` holds everything and drives itself: play cards with :meth:`play`
(or answer a re-entry offer with :meth:`decide`) and it moves on through tricks, rounds
and the match end. Like OpenSpiel's states it offers ``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal`` and ``returns``.

Actions are ints: a card code 0..51 plays that card; ``DECLINE``, ``PAY`` and
``SIT_OUT`` answer a re-entry offer.

Memory: hands live in one bytearray (7 slots per seat; a hand is the ``counts[seat]``
cards from ``first[seat]``, sorted ascending, and playing its lowest card just moves its
start) so that the legal cards are a prefix (the lowest rank) and a suffix (cards heading
the trick) of the hand: a legal query walks at most one hand and, through
:meth:`legal_into`, allocates nothing. ``owner`` and ``played_in`` (one byte per card)
are the whole round's history, which is also what a save stores. The top rank, the
winning card and the next seat are kept as the trick goes, so a play costs a few steps.

Every rule of play is here: legal cards and why (:meth:`why`), the tricks, the last
trick's penalty (engine/RULES.md says what they are; the settings are
:mod:`engine.rules`); what a round that reached the threshold leads to (lives, re-entry,
sudden death, the match end) is :mod:`engine.matchend`'s (about 1.5 KB of heap, loaded
for such a round only). Words and the per-seat view are elsewhere too, imported on
first use and handed the match (none imports this module):
:mod:`engine.explain` for :meth:`explain` and the IllegalPlay messages (about 2.5 KB of
heap under MicroPython), :mod:`engine.view` for :meth:`view`, :meth:`played_by` and
:meth:`seats_in_round` (about 1.8 KB), and :mod:`engine.given` for a first deal given as
``hands`` (about 0.8 KB; the board never gives one).
"""

from engine.compat import const
from engine.rng import Rng
from engine.rules import (
    Rules, ACE_FORCES_LOWEST, ACE_WINS_LAST, END_FIXED_ROUNDS,
)

DECLINE = const(52)  # stay out
PAY = const(53)  # re-enter for the stated chips
SIT_OUT = const(54)  # re-enter after sitting out one round

PHASE_PLAY = const(0)
PHASE_REENTRY = const(1)  # ``current_player`` must answer a re-entry offer
PHASE_OVER = const(2)

# Why a card is legal (``why``, the last item of an EV_PLAY event); 0 means it is not.
WHY_NOT = const(0)
WHY_LEAD = const(1)  # the leader may play anything
WHY_HEADS = const(2)  # at least as high as the highest card in the trick
WHY_LOWEST = const(3)  # the player's lowest rank (choice rule, or holds nothing as high)
WHY_ACE_LED = const(4)  # an ace was led: everyone must play their lowest

# Seat status
IN = const(0)
OUT = const(1)  # eliminated (perhaps still offered a re-entry)

NOBODY = const(255)

# Events, logged as (kind, seat, a, b) tuples when ``log_events`` is on.
EV_DEAL = const(1)  # (EV_DEAL, dealer, round number, 0; sudden death: its players, 1 << seat)
EV_PLAY = const(2)  # (EV_PLAY, seat, card, why)
EV_TRICK = const(3)  # (EV_TRICK, winner, trick index, winning card)
EV_PENALTY = const(4)  # (EV_PENALTY, seat, penalty, new score)
EV_LIFE = const(5)  # (EV_LIFE, seat, restart score, re-entries left)
EV_OFFER = const(6)  # (EV_OFFER, seat, restart score, chips)
EV_REENTER = const(7)  # (EV_REENTER, seat, restart score, PAY or SIT_OUT)
EV_OUT = const(8)  # (EV_OUT, seat, score, 0)
EV_SUDDEN = const(9)  # (EV_SUDDEN, first contender, number of contenders, 0)
EV_WIN = const(10)  # (EV_WIN, winner, pot, 0)
EV_SIT_OUT = const(11)  # (EV_SIT_OUT, seat, round number, 0)
EV_LOSER = const(12)  # (EV_LOSER, seat, score, 0): first-out loses: the cucumber
# (EV_TIEBREAK, seat, penalty, 1 if it drops out of the tie, 0 if every player in it took
# the penalty): a sudden-death round's penalty, in place of EV_PENALTY (totals unchanged)
EV_TIEBREAK = const(13)

_ACE = const(12)
_A1 = const(32760)  # the multipliers of engine.rng's generators (inlined in the deal)
_A2 = const(32730)
_DECK = bytes(range(52))
_deck = bytearray(52)
_SEATS = b"\x00\x01\x02\x03\x04\x05\x06"  # owner bytes, searched for one at a time
_UNDEALT = b"\xff" * 52  # owner of every card before a deal
_UNPLAYED = bytes(52)


class IllegalPlay(ValueError):
    """A card or decision the rules do not allow now; the match is unchanged."""


class Match:
    """A whole match of Cucumber under ``rules``.

    ``seed`` drives the first dealer and every shuffle. ``hands`` (a list of card lists,
    one per seat; codes or names such as ``"9C"``) and ``dealer`` give the first deal
    instead, for tests and replays; a seat given no cards is already out of the match.
    """

    def __init__(self, rules=None, seed=1, hands=None, dealer=None, log_events=False):
        if rules is None:
            rules = Rules()
        self.rules = rules.validate()
        n = rules.players
        self.n = n
        self.rng = Rng(seed)
        self.log_events = log_events
        self.events = []
        self.scores = [0] * n
        self.status = bytearray(n)  # IN or OUT
        self.reentries_used = bytearray(n)
        self.chips = bytearray(n)  # chips each seat put into the pot
        self.pot = 0
        self.sit_next = bytearray(n)  # 1: sits out the next round
        self.in_round = bytearray(n)  # 1: dealt into the current round
        self.nxt = bytearray(n)  # next seat in the round, clockwise
        self.contenders = bytearray(n)  # sudden death: 1 for each contender
        self.sudden = False
        self.hands = bytearray(n * 7)
        self.counts = bytearray(n)
        self.first = bytearray(n)  # where each hand starts in ``hands`` (it moves up as
        # lowest cards are played)
        self.owner = bytearray(52)
        self.played_in = bytearray(52)  # 0: not played; k: played in trick k-1
        self.lo = bytearray(n)  # public: every card left in the hand has rank >= lo
        self.hi = bytearray(n)  # public: every card left has rank < hi
        self.trick = bytearray(7)
        self.trick_seats = bytearray(7)
        self._buf = bytearray(7)  # scratch for legal_cards
        self._zeros = bytes(n)
        self._thirteens = b"\x0d" * n
        self._bases = bytes(range(0, 7 * n, 7))
        self.trick_len = 0
        self.trick_no = 0
        self.strict = rules.strict
        self.last = rules.hand - 1  # the index of the last trick
        self.top = -1  # highest rank in the trick, -1 before the lead; 13 after an ace
        # led under "forces lowest" (everyone plays lowest)
        self.win = 0  # index in the trick of the card taking it so far
        self.alone = False  # the led ace takes this trick alone
        self.size = 0  # players in the round
        self.leader = 0
        self.turn = 0
        self.round_no = 0
        self.phase = PHASE_PLAY
        self.pending = bytearray(0)  # seats still to answer a re-entry offer
        self.restart = [0] * n  # score a pending re-entry restarts at
        self.winner = NOBODY
        self.loser = NOBODY  # first out loses: the cucumber (or first of them)
        self.last_takers = bytearray(0)  # who scored the last round's penalty
        self.last_penalty = 0
        if rules.stakes:
            for s in range(n):
                self.chips[s] = 1
            self.pot = n
        if hands is not None:
            for s in range(n):
                if s >= len(hands) or not len(hands[s]):
                    self.status[s] = OUT
        self.dealer = self.rng.below(n) if dealer is None else dealer
        self._deal(hands)

    # ----- queries ------------------------------------------------------------------

    def current_player(self):
        """The seat to act, or NOBODY once the match is over."""
        return NOBODY if self.phase == PHASE_OVER else self.turn

    def is_terminal(self):
        return self.phase == PHASE_OVER

    def hand(self, seat):
        """The cards in ``seat``'s hand, lowest first (a new bytes)."""
        b = self.first[seat]
        return bytes(self.hands[b:b + self.counts[seat]])

    def active(self, seat):
        """True while ``seat`` is still in the match (even when sitting a round out)."""
        return self.status[seat] == IN

    def active_count(self):
        return self.n - sum(self.status)

    def top_rank(self):
        """The highest rank in the current trick, or -1 before the lead."""
        return 12 if self.top > 12 else self.top

    def ace_led(self):
        """True when an ace leads the trick and the rules make everyone play lowest."""
        return self.top > 12

    def is_last_trick(self):
        return self.trick_no == self.rules.hand - 1

    def legal_into(self, buf):
        """Write the legal cards of the player to move into ``buf``, lowest first; return
        how many. Allocates nothing. Empty outside the play phase.
        """
        if self.phase:
            return 0
        h = self.hands
        t = self.turn
        b = self.first[t]
        e = b + self.counts[t]
        lim = self.top << 2  # cards >= lim head the trick (all before the lead, none
        # after an ace that forces the lowest: top is then 13)
        c = 0
        i = b
        if h[b] < lim:  # the lowest card does not head: the hand is sorted, so the
            # legal cards are its lowest rank (unless strict and able to head) and the
            # cards from the first that heads (h[b] < lim ends the search)
            j = e
            while h[j - 1] >= lim:
                j -= 1
            if j == e or not self.strict:
                buf[0] = h[b]  # the lowest card, and any others of its rank
                c = 1
                i = b + 1
                low = h[b] | 3
                while i < j and h[i] <= low:
                    buf[c] = h[i]
                    c += 1
                    i += 1
            i = j
        d = c - i
        for k in range(i, e):
            buf[k + d] = h[k]
        return e + d

    def legal_cards(self):
        """The legal cards of the player to move, lowest first (a new bytearray: the only
        allocation)."""
        buf = self._buf
        return buf[:self.legal_into(buf)]

    def legal_actions(self):
        if self.phase == PHASE_PLAY:
            return list(self.legal_cards())
        if self.phase == PHASE_REENTRY:
            # DECLINE, PAY and, for a comeback, SIT_OUT when two others are left to play
            # the next round.
            acts = [DECLINE, PAY]
            if self.rules.reentry_sit_out:
                c = 0
                for s in range(self.n):
                    if self.status[s] == IN and not self.sit_next[s]:
                        c += 1
                if c >= 2:
                    acts.append(SIT_OUT)
            return acts
        return []

    def why(self, card):
        """Why the player to move may play ``card``: WHY_LEAD, WHY_HEADS, WHY_LOWEST or
        WHY_ACE_LED; WHY_NOT if it may not (not a legal card, or not the time to play)."""
        buf = self._buf
        n = self.legal_into(buf)
        i = 0
        while i < n and buf[i] != card:
            i += 1
        if i == n:
            return WHY_NOT
        return _reason(self.top, card >> 2)

    def explain(self, card):
        """A sentence saying why ``card`` is or is not legal for the player to move."""
        from engine.explain import explain
        return explain(self, card)

    def seats_in_round(self):
        """The seats dealt into this round, in play order from the first leader."""
        from engine.view import seats_in_round
        return seats_in_round(self)

    def played_by(self, seat):
        """Cards ``seat`` has played this round, in trick order (for the open review)."""
        from engine.view import played_by
        return played_by(self, seat)

    def view(self, seat):
        """What ``seat`` may know: see :class:`engine.view.View`."""
        from engine.view import View
        return View(self, seat)

    def returns(self):
        """Per seat: 1 for the winner, -1 for the others, once the match is over."""
        if self.phase != PHASE_OVER:
            return [0] * self.n
        return [1 if s == self.winner else -1 for s in range(self.n)]

    # ----- actions ------------------------------------------------------------------

    def apply_action(self, action):
        if action < 52:
            self.play(action)
        else:
            self.decide(action)

    def play(self, card):
        """The player to move plays ``card``; IllegalPlay (changing nothing) if not legal.

        The hot path: a few steps, no allocation (unless events are logged)."""
        if self.phase:
            self._illegal(card)  # not the time to play
        seat = self.turn
        h = self.hands
        b = self.first[seat]
        cnt = self.counts
        e = b + cnt[seat] - 1  # the highest card of the hand
        i = b
        if h[b] != card:  # not the lowest card: find it, from the highest down
            i = e
            while h[i] != card:
                if i == b:
                    self._illegal(card)  # not in the hand
                i -= 1
        r = card >> 2
        top = self.top  # -1 before the lead, 13 after an ace that forces the lowest
        if r < top:  # not heading the trick: only a lowest card may go
            if r != h[b] >> 2 or (self.strict and h[e] >> 2 >= top):
                self._illegal(card)
            lo = self.lo  # the rest of the hand is at least as high
            if r > lo[seat]:
                lo[seat] = r
            if self.strict and top < self.hi[seat]:
                self.hi[seat] = top  # and strict: nothing as high as the top
        cnt[seat] = e - b
        if i == b:
            self.first[seat] = b + 1  # the lowest card: the hand starts one later
        else:
            while i < e:  # shift the cards above it down
                h[i] = h[i + 1]
                i += 1
        t = self.trick_len
        self.trick[t] = card
        self.trick_seats[t] = seat
        self.trick_len = t + 1
        self.played_in[card] = self.trick_no + 1
        if r >= top:
            self.top = r
            self.win = t
            if not t and r == _ACE:
                self._ace_lead()
        if self.log_events:
            self.events.append((EV_PLAY, seat, card, _reason(top, r)))
        if t + 1 < self.size:
            self.turn = self.nxt[seat]
            return
        # The trick is complete.
        t = 0 if self.alone else self.win
        seat = self.trick_seats[t]
        if self.log_events:
            self.events.append((EV_TRICK, seat, self.trick_no, self.trick[t]))
        if self.trick_no < self.last:
            self.trick_len = 0  # the winner leads the next trick
            self.top = -1
            self.alone = False
            self.leader = seat
            self.turn = seat
            self.trick_no += 1
            return
        self._score_round(t)

    def _illegal(self, card):
        from engine.explain import why_not
        raise IllegalPlay(why_not(self, card))

    def _ace_lead(self):
        """An ace leads: under "forces lowest" it takes the trick alone and everyone plays
        their lowest (top 13: nothing heads it); under "wins last trick" it takes the last
        trick alone."""
        ace = self.rules.ace
        if ace == ACE_FORCES_LOWEST:
            self.top = 13
        self.alone = ace == ACE_FORCES_LOWEST or (ace == ACE_WINS_LAST
                                                  and self.trick_no == self.last)

    def decide(self, action):
        """The player offered a re-entry answers DECLINE, PAY or SIT_OUT; IllegalPlay
        (changing nothing) if that is not an answer now."""
        if self.phase != PHASE_REENTRY or action not in self.legal_actions():
            raise IllegalPlay("re-entry: %r is not an answer now (legal: %s)"
                              % (action, self.legal_actions()))
        from engine.matchend import answer, after_round
        if answer(self, action):
            after_round(self)

    # ----- the round ----------------------------------------------------------------

    def _log(self, kind, seat, a, b):
        if self.log_events:
            self.events.append((kind, seat, a, b))

    def _deal(self, hands=None):
        """Deal (or take ``hands``) and let the first leader lead."""
        n = self.n
        H = self.rules.hand
        ir = self.in_round
        st = self.status
        sit = self.sit_next
        con = self.contenders
        sudden = self.sudden
        for s in range(n):
            playing = st[s] == IN and (not sudden or con[s])
            if playing and sit[s]:
                if self.log_events:
                    self.events.append((EV_SIT_OUT, s, self.round_no, 0))
                playing = False
            ir[s] = 1 if playing else 0
        z = self._zeros  # n zero bytes
        sit[:] = z
        self.counts[:] = z
        self.lo[:] = z
        self.hi[:] = self._thirteens
        self.first[:] = self._bases  # 0, 7, 14, ...
        first = self._link()
        own = self.owner
        own[:] = _UNDEALT
        self.played_in[:] = _UNPLAYED
        if hands is None:
            # A partial Fisher-Yates shuffle: only the cards dealt are drawn, each from
            # the cards left (deck[0:m]; the last one fills its place), four at a time
            # from one 30-bit output of the match's generator (the two 15-bit
            # multiply-with-carry generators of engine.rng, stepped here inline), exactly
            # uniform (an output at or above the largest multiple of the four ranges'
            # product is drawn again). Each seat takes H consecutive draws, which deals
            # the same hands, in distribution, as one card at a time.
            deck = _deck  # scratch shared by all matches (a deal runs to its end at once)
            deck[:] = _DECK
            h = self.hands
            nxt = self.nxt
            cnt = self.counts
            rng = self.rng
            x = rng.x
            y = rng.y
            m = 52  # cards left
            q = 0  # draws left in r
            r = 0
            s = first
            for _ in range(self.size):
                for _ in range(H):
                    if not q:
                        lim = m * (m - 1) * (m - 2) * (m - 3)
                        lim = 0x3FFFFFFF - 0x3FFFFFFF % lim
                        while True:
                            x = _A1 * (x & 0x7FFF) + (x >> 15)
                            y = _A2 * (y & 0x7FFF) + (y >> 15)
                            r = ((x & 0x7FFF) << 15) ^ y
                            if r < lim:
                                break
                        q = 4
                    q -= 1
                    j = r % m
                    r //= m
                    c = deck[j]
                    m -= 1
                    deck[j] = deck[m]
                    own[c] = s
                s = nxt[s]
            rng.x = x
            rng.y = y
            # Each hand, sorted: the seat's cards in card order, found in (a bytes copy
            # of) owner: bytes.find is on every port, bytearray.find is not.
            find = bytes(own).find
            for _ in range(self.size):
                c = -1
                b = s * 7
                nd = _SEATS[s:s + 1]
                for i in range(b, b + H):
                    c = find(nd, c + 1)
                    h[i] = c
                cnt[s] = H
                s = nxt[s]
        else:
            from engine.given import give_hands
            give_hands(self, hands)
        self.trick_no = 0
        self.phase = PHASE_PLAY
        self.trick_len = 0
        self.top = -1
        self.alone = False
        self.leader = first
        self.turn = first
        if self.log_events:
            b = 0  # a sudden-death round's players, as bits (1 << seat)
            if sudden:
                for s in range(n):
                    b |= ir[s] << s
            self.events.append((EV_DEAL, self.dealer, self.round_no, b))

    def _link(self):
        """Link the seats in the round clockwise (``nxt``, ``size``); return the first
        leader: the first seat in the round to the dealer's left."""
        size = 0
        n = self.n
        ir = self.in_round
        nx = self.nxt
        first = last = NOBODY
        s = self.dealer
        for _ in range(n):
            s += 1
            if s == n:
                s = 0
            if ir[s]:
                if size:
                    nx[last] = s
                else:
                    first = s
                last = s
                size += 1
        if size < 2:
            raise ValueError("deal: fewer than two players in the round")
        self.nxt[last] = first
        self.size = size
        return first

    def _score_round(self, w):
        """Penalty of the last trick (index ``w`` takes it), then lives and match end."""
        rules = self.rules
        takers, penalty = self._last_trick_takers(w)
        self.last_takers = takers
        self.last_penalty = penalty
        if not self.sudden:
            sc = self.scores
            for s in takers:
                sc[s] += penalty
                self._log(EV_PENALTY, s, penalty, sc[s])
            self.round_no += 1
            if rules.end == END_FIXED_ROUNDS:
                more = self.round_no >= rules.rounds
            else:  # has anyone dealt in reached the threshold?
                more = False
                for s in range(self.n):
                    if self.in_round[s] and sc[s] >= rules.threshold:
                        more = True
            if not more:
                self._next_round()
                return
        # Someone reached the threshold, sudden death, or the last of fixed rounds: what
        # happens then is engine.matchend's, loaded only for such a round
        from engine.matchend import end_round
        end_round(self)

    def _last_trick_takers(self, w):
        """(takers, penalty) of the last trick, whose card at index ``w`` took it: its
        taker scores its value; under "all tied" every player of that rank scores it
        (unless a led ace took the trick alone); under "inverse" the player of the lowest
        card scores the value of the highest, equal lowest cards following the tie rule."""
        t = self.trick
        ts = self.trick_seats
        rules = self.rules
        if rules.inverse:
            penalty = self.top_rank() + 2
            rank = 12  # no card is higher than an ace
            for i in range(self.trick_len):
                if t[i] >> 2 < rank:
                    rank = t[i] >> 2
        elif rules.tie_all and not self.alone:
            rank = t[w] >> 2
            penalty = rank + 2
        else:
            return bytearray((ts[w],)), (t[w] >> 2) + 2
        takers = bytearray(0)
        for i in range(self.trick_len):
            if t[i] >> 2 == rank:
                if rules.tie_all:
                    takers.append(ts[i])
                else:  # the last played of the equal cards
                    takers = bytearray((ts[i],))
        return takers, penalty

    def _next_round(self):
        n = self.n
        d = (self.dealer + 1) % n
        while self.status[d] != IN and not (self.sudden and self.contenders[d]):
            d = (d + 1) % n
        self.dealer = d
        if self.sudden:
            # Contenders may have been marked out by the round that tied them.
            for s in range(n):
                if self.contenders[s]:
                    self.status[s] = IN
        self._deal()

def _reason(top, rank):
    """Why a legal card of ``rank`` may go on a trick whose top is ``top`` (Match.top as
    it was before the card: -1 before the lead, 13 after an ace that forces the lowest)."""
    if top < 0:
        return WHY_LEAD
    if rank >= top:
        return WHY_HEADS
    if top > 12:
        return WHY_ACE_LED
    return WHY_LOWEST

