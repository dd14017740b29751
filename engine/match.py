"""The match: deals, turns, legal cards, tricks, penalties, lives, re-entry, match end.

One :class:`Match` holds everything and drives itself: play cards with :meth:`play`
(or answer a re-entry offer with :meth:`decide`) and it moves on through tricks, rounds
and the match end. Like OpenSpiel's states it offers ``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal`` and ``returns``.

Actions are ints: a card code 0..51 plays that card; ``DECLINE``, ``PAY`` and
``SIT_OUT`` answer a re-entry offer.

Memory: hands live in one bytearray (7 slots per seat, sorted ascending) so that the
legal cards are a prefix (the lowest rank) and a suffix (cards heading the trick) of the
hand: a legal query walks at most one hand and, through :meth:`legal_into`, allocates
nothing. ``owner`` and ``played_in`` (one byte per card) are the whole round's history,
which is also what a save stores.
"""

from engine.compat import const
from engine import cards
from engine.rng import Rng
from engine.rules import (
    Rules, ACE_FORCES_LOWEST, ACE_WINS_LAST, END_FIRST_OUT, END_FIXED_ROUNDS,
)

DECLINE = const(52)  # stay out
PAY = const(53)  # re-enter for the stated chips
SIT_OUT = const(54)  # re-enter after sitting out one round

PHASE_PLAY = const(0)
PHASE_REENTRY = const(1)  # ``current_player`` must answer a re-entry offer
PHASE_OVER = const(2)

# Why a card is legal (``why``); 0 means it is not.
WHY_NOT = const(0)
WHY_LEAD = const(1)  # the leader may play anything
WHY_HEADS = const(2)  # at least as high as the highest card in the trick
WHY_LOWEST = const(3)  # the player's lowest rank (choice rule, or holds nothing as high)
WHY_ACE_LED = const(4)  # an ace was led: everyone must play their lowest

# Seat status
IN = const(0)
OUT = const(1)  # eliminated (perhaps still offered a re-entry)

NOBODY = const(255)
_UNUSED = const(255)  # owner of a card not dealt this round

# Events, logged as (kind, seat, a, b) tuples when ``log_events`` is on.
EV_DEAL = const(1)  # (EV_DEAL, dealer, round number, 0)
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


class IllegalPlay(ValueError):
    """A card or decision the rules do not allow now; the match is unchanged."""


class Match:
    """A whole match of Cucumber under ``rules``.

    ``seed`` drives the first dealer and every shuffle. ``hands`` (a list of card lists,
    one per seat) and ``dealer`` give the first deal instead, for tests and replays.
    """

    def __init__(self, rules=None, seed=1, hands=None, dealer=None, log_events=False):
        if rules is None:
            rules = Rules()
        rules.validate()
        self.rules = rules
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
        self.contenders = bytearray(n)  # sudden death: 1 for each contender
        self.sudden = False
        self.hands = bytearray(n * 7)
        self.counts = bytearray(n)
        self.owner = bytearray(52)
        self.played_in = bytearray(52)  # 0: not played; k: played in trick k-1
        self.lo = bytearray(n)  # public: every card left in the hand has rank >= lo
        self.hi = bytearray(n)  # public: every card left has rank < hi
        self.trick = bytearray(7)
        self.trick_seats = bytearray(7)
        self.trick_len = 0
        self.trick_no = 0
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
        self.dealer = self.rng.below(n) if dealer is None else dealer
        self._start_round(hands)

    # ----- queries ------------------------------------------------------------------

    def current_player(self):
        """The seat to act, or NOBODY once the match is over."""
        return NOBODY if self.phase == PHASE_OVER else self.turn

    def is_terminal(self):
        return self.phase == PHASE_OVER

    def hand(self, seat):
        """The cards in ``seat``'s hand, lowest first (a new bytes)."""
        b = seat * 7
        return bytes(self.hands[b:b + self.counts[seat]])

    def active(self, seat):
        """True while ``seat`` is still in the match (even when sitting a round out)."""
        return self.status[seat] == IN

    def active_count(self):
        c = 0
        for s in range(self.n):
            if self.status[s] == IN:
                c += 1
        return c

    def top_rank(self):
        """The highest rank in the current trick, or -1 before the lead."""
        t = -1
        for i in range(self.trick_len):
            r = self.trick[i] >> 2
            if r > t:
                t = r
        return t

    def ace_led(self):
        """True when an ace leads the trick and the rules make everyone play lowest."""
        return (self.trick_len > 0 and self.rules.ace == ACE_FORCES_LOWEST
                and self.trick[0] >> 2 == cards.ACE)

    def is_last_trick(self):
        return self.trick_no == self.rules.hand - 1

    def legal_into(self, buf):
        """Write the legal cards of the player to move into ``buf``; return how many.

        Allocates nothing. Empty outside the play phase.
        """
        if self.phase != PHASE_PLAY:
            return 0
        seat = self.turn
        b = seat * 7
        n = self.counts[seat]
        h = self.hands
        if self.trick_len == 0:
            for i in range(n):
                buf[i] = h[b + i]
            return n
        low = h[b] >> 2
        k = 1  # cards of the lowest rank: h[b:b+k]
        while k < n and h[b + k] >> 2 == low:
            k += 1
        if self.ace_led():
            j = n
        else:
            top = self.top_rank()
            j = n  # cards heading the trick: h[b+j:b+n]
            while j > 0 and h[b + j - 1] >> 2 >= top:
                j -= 1
            if self.rules.strict and j < n:
                k = 0  # strict: must head the trick when able
        c = 0
        for i in range(k):
            buf[c] = h[b + i]
            c += 1
        for i in range(j if j > k else k, n):
            buf[c] = h[b + i]
            c += 1
        return c

    def legal_cards(self):
        """The legal cards of the player to move, lowest first."""
        buf = bytearray(7)
        return bytes(buf[:self.legal_into(buf)])

    def legal_actions(self):
        if self.phase == PHASE_PLAY:
            return list(self.legal_cards())
        if self.phase == PHASE_REENTRY:
            acts = [DECLINE, PAY]
            if self.rules.reentry_sit_out and self._can_sit_out():
                acts.append(SIT_OUT)
            return acts
        return []

    def _can_sit_out(self):
        """Sitting out needs two others left to play the round without you."""
        c = 0
        for s in range(self.n):
            if self.status[s] == IN and not self.sit_next[s]:
                c += 1
        return c >= 2

    def why(self, card):
        """Why the player to move may play ``card`` (a WHY_ constant), WHY_NOT if not."""
        if self.phase != PHASE_PLAY or not self._holds(self.turn, card):
            return WHY_NOT
        if self.trick_len == 0:
            return WHY_LEAD
        b = self.turn * 7
        h = self.hands
        lowest = card >> 2 == h[b] >> 2
        if self.ace_led():
            return WHY_ACE_LED if lowest else WHY_NOT
        top = self.top_rank()
        if card >> 2 >= top:
            return WHY_HEADS
        if not lowest:
            return WHY_NOT
        if self.rules.strict and h[b + self.counts[self.turn] - 1] >> 2 >= top:
            return WHY_NOT
        return WHY_LOWEST

    def explain(self, card):
        """A sentence saying why ``card`` is or is not legal for the player to move."""
        w = self.why(card)
        name = cards.pretty(card)
        if w == WHY_LEAD:
            return name + ": you lead, any card may start the trick"
        if w == WHY_HEADS:
            return name + ": at least as high as the highest card in the trick"
        if w == WHY_LOWEST:
            if self.rules.strict:
                return name + ": you hold nothing as high as the trick, so you play your lowest"
            return name + ": your lowest card, always allowed"
        if w == WHY_ACE_LED:
            return name + ": an ace was led, everyone plays their lowest card"
        return self._why_not(card)

    def _why_not(self, card):
        name = cards.pretty(card)
        if self.phase != PHASE_PLAY:
            return "no card can be played now: a re-entry decision is awaited"
        if not self._holds(self.turn, card):
            return "%s is not in player %d's hand" % (name, self.turn + 1)
        if self.ace_led():
            return "%s is illegal: an ace was led, so you must play your lowest card" % name
        top = cards.RANK_NAMES[self.top_rank()]
        if self.rules.strict:
            return ("%s is illegal: under the strict rule you must play a card at least as "
                    "high as %s, which you hold" % (name, top))
        return ("%s is illegal: play a card at least as high as %s or your lowest card"
                % (name, top))

    def seats_in_round(self):
        """The seats dealt into this round, in play order from the first leader."""
        out = []
        s = self.leader if self.trick_no == 0 else self._first_leader()
        for _ in range(self.n):
            if self.in_round[s]:
                out.append(s)
            s = (s + 1) % self.n
        return out

    def played_by(self, seat):
        """Cards ``seat`` has played this round, in trick order (for the open review)."""
        out = []
        for t in range(1, self.trick_no + 2):
            for c in range(52):
                if self.played_in[c] == t and self.owner[c] == seat:
                    out.append(c)
        return out

    def view(self, seat):
        """What ``seat`` may know: see :class:`View`."""
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
        """The player to move plays ``card``; IllegalPlay (changing nothing) if not legal."""
        w = self.why(card)
        if w == WHY_NOT:
            raise IllegalPlay(self._why_not(card))
        seat = self.turn
        top = self.top_rank()
        self._remove(seat, card)
        # What the play reveals about the rest of the hand (public knowledge).
        r = card >> 2
        if w == WHY_ACE_LED or w == WHY_LOWEST:
            if r > self.lo[seat]:
                self.lo[seat] = r
            if w == WHY_LOWEST and self.rules.strict and top < self.hi[seat]:
                self.hi[seat] = top
        i = self.trick_len
        self.trick[i] = card
        self.trick_seats[i] = seat
        self.trick_len = i + 1
        self.played_in[card] = self.trick_no + 1
        if self.log_events:
            self.events.append((EV_PLAY, seat, card, w))
        if self.trick_len < self._round_size():
            self.turn = self._next_in_round(seat)
            return
        self._end_trick()

    def decide(self, action):
        """The player offered a re-entry answers DECLINE, PAY or SIT_OUT."""
        if self.phase != PHASE_REENTRY:
            raise IllegalPlay("no re-entry decision is awaited now")
        if action not in self.legal_actions():
            raise IllegalPlay("re-entry: %d is not an answer here (decline, pay%s)"
                              % (action, ", sit out" if self.rules.reentry_sit_out else ""))
        seat = self.pending[0]
        self.pending = self.pending[1:]
        if action == DECLINE:
            self._log(EV_OUT, seat, self.scores[seat], 0)
        else:
            self.status[seat] = IN
            self.reentries_used[seat] += 1
            self.scores[seat] = self.restart[seat]
            if action == PAY:
                self.chips[seat] += self.rules.reentry_chips
                self.pot += self.rules.reentry_chips
            else:
                self.sit_next[seat] = 1
            self._log(EV_REENTER, seat, self.restart[seat], action)
        if len(self.pending):
            self.turn = self.pending[0]
            self._offer(self.turn)
        else:
            self._after_round()

    # ----- the round ----------------------------------------------------------------

    def _log(self, kind, seat, a, b):
        if self.log_events:
            self.events.append((kind, seat, a, b))

    def _holds(self, seat, card):
        b = seat * 7
        for i in range(self.counts[seat]):
            if self.hands[b + i] == card:
                return True
        return False

    def _remove(self, seat, card):
        b = seat * 7
        n = self.counts[seat]
        h = self.hands
        i = 0
        while h[b + i] != card:
            i += 1
        while i < n - 1:
            h[b + i] = h[b + i + 1]
            i += 1
        self.counts[seat] = n - 1

    def _round_size(self):
        c = 0
        for s in range(self.n):
            c += self.in_round[s]
        return c

    def _next_in_round(self, seat):
        s = (seat + 1) % self.n
        while not self.in_round[s]:
            s = (s + 1) % self.n
        return s

    def _first_leader(self):
        return self._next_in_round(self.dealer)

    def _start_round(self, hands=None):
        """Deal (or take ``hands``) and let the first leader lead."""
        n = self.n
        H = self.rules.hand
        for s in range(n):
            playing = self.status[s] == IN and not self.sit_next[s]
            if self.sudden:
                playing = playing and self.contenders[s]
            if self.status[s] == IN and self.sit_next[s]:
                self._log(EV_SIT_OUT, s, self.round_no, 0)
            self.in_round[s] = 1 if playing else 0
            self.sit_next[s] = 0
            self.counts[s] = 0
            self.lo[s] = 0
            self.hi[s] = cards.RANKS
        for c in range(52):
            self.owner[c] = _UNUSED
            self.played_in[c] = 0
        if hands is None:
            deck = bytearray(range(52))
            self.rng.shuffle(deck)
            k = 0
            for _ in range(H):
                s = self.dealer
                for _ in range(n):
                    s = (s + 1) % n
                    if self.in_round[s]:
                        self._give(s, deck[k])
                        k += 1
        else:
            seen = bytearray(52)
            for s in range(n):
                hs = hands[s] if s < len(hands) else ()
                if self.in_round[s] and len(hs) != H:
                    raise ValueError("deal: seat %d needs %d cards, got %d" % (s, H, len(hs)))
                if not self.in_round[s] and len(hs):
                    raise ValueError("deal: seat %d is not in this round" % s)
                for c in hs:
                    c = cards.parse(c) if isinstance(c, str) else c
                    if not 0 <= c < 52 or seen[c]:
                        raise ValueError("deal: card %r is dealt twice or is no card" % c)
                    seen[c] = 1
                    self._give(s, c)
        self.trick_len = 0
        self.trick_no = 0
        self.phase = PHASE_PLAY
        self.leader = self._first_leader()
        self.turn = self.leader
        self._log(EV_DEAL, self.dealer, self.round_no, 0)

    def _give(self, seat, card):
        """Insert ``card`` into ``seat``'s sorted hand."""
        b = seat * 7
        i = self.counts[seat]
        h = self.hands
        while i > 0 and h[b + i - 1] > card:
            h[b + i] = h[b + i - 1]
            i -= 1
        h[b + i] = card
        self.counts[seat] += 1
        self.owner[card] = seat

    def _trick_winner_index(self):
        """Index in the trick of the card that takes it."""
        t = self.trick
        if self._ace_alone():
            return 0
        best = 0
        for i in range(1, self.trick_len):
            if t[i] >> 2 >= t[best] >> 2:
                best = i
        return best

    def _end_trick(self):
        w = self._trick_winner_index()
        winner = self.trick_seats[w]
        self._log(EV_TRICK, winner, self.trick_no, self.trick[w])
        if not self.is_last_trick():
            self.trick_no += 1
            self.trick_len = 0
            self.leader = winner
            self.turn = winner
            return
        self._score_round(w)

    def _score_round(self, w):
        """Penalty of the last trick (index ``w`` takes it), then lives and match end."""
        t = self.trick
        L = self.trick_len
        penalty = cards.value(t[w])
        takers = bytearray(0)
        if self.rules.inverse:
            # The lowest card loses; its penalty is the value of the highest card.
            hi = 0
            for i in range(L):
                if t[i] >> 2 > hi:
                    hi = t[i] >> 2
            penalty = hi + 2
            lowest = 99
            for i in range(L):
                if t[i] >> 2 < lowest:
                    lowest = t[i] >> 2
            for i in range(L):
                if t[i] >> 2 == lowest:
                    if self.rules.tie_all:
                        takers.append(self.trick_seats[i])
                    else:
                        takers = bytearray((self.trick_seats[i],))
        elif self.rules.tie_all and not self._ace_alone():
            for i in range(L):
                if t[i] >> 2 == t[w] >> 2:
                    takers.append(self.trick_seats[i])
        else:
            takers.append(self.trick_seats[w])
        self.last_takers = takers
        self.last_penalty = penalty
        if self.sudden:
            for s in takers:
                self._log(EV_PENALTY, s, penalty, self.scores[s])
            self._settle_sudden(takers)
            return
        for s in takers:
            self.scores[s] += penalty
            self._log(EV_PENALTY, s, penalty, self.scores[s])
        self.round_no += 1
        end = self.rules.end
        if end == END_FIXED_ROUNDS:
            if self.round_no >= self.rules.rounds:
                self._lowest_wins(self._all_in())
                return
            self._next_round()
            return
        crossers = bytearray(0)
        s = self.dealer
        for _ in range(self.n):
            s = (s + 1) % self.n
            if self.in_round[s] and self.scores[s] >= self.rules.threshold:
                crossers.append(s)
        if not len(crossers):
            self._next_round()
            return
        if end == END_FIRST_OUT:
            self.loser = crossers[0]
            for s in crossers:
                self.status[s] = OUT
                self._log(EV_LOSER, s, self.scores[s], 0)
            rest = self._all_in()
            self._lowest_wins(rest if len(rest) else crossers)
            return
        self._cross(crossers)

    def _ace_alone(self):
        """True when the ace rule makes a led ace take the current trick alone."""
        t = self.trick
        if self.trick_len < 2 or t[0] >> 2 != cards.ACE:
            return False
        ace = self.rules.ace
        return ace == ACE_FORCES_LOWEST or (ace == ACE_WINS_LAST and self.is_last_trick())

    def _all_in(self):
        out = bytearray(0)
        for s in range(self.n):
            if self.status[s] == IN:
                out.append(s)
        return out

    def _cross(self, crossers):
        """Lives and re-entry for the players who reached the threshold (RULES.md 1, 3)."""
        rules = self.rules
        stay = bytearray(0)  # active players who did not cross
        for s in range(self.n):
            if self.status[s] == IN and s not in crossers:
                stay.append(s)
        if not len(stay):
            # Every remaining player crossed at once: lowest total wins (RULES.md 1).
            self._lowest_wins(crossers)
            return
        best = 0  # highest score of the others still in, before anything changes
        for s in stay:
            if self.scores[s] > best:
                best = self.scores[s]
        pending = bytearray(0)
        for s in crossers:
            left = rules.reentries - self.reentries_used[s]
            self.status[s] = OUT
            if left > 0 and not rules.reentry_choice:
                self.status[s] = IN
                self.reentries_used[s] += 1
                self.scores[s] = best
                self._log(EV_LIFE, s, best, left - 1)
            elif left > 0 and len(stay) >= rules.reentry_min_others:
                self.restart[s] = best
                pending.append(s)
            else:
                self._log(EV_OUT, s, self.scores[s], 0)
        if len(pending):
            self.pending = pending
            self.phase = PHASE_REENTRY
            self.turn = pending[0]
            self._offer(self.turn)
            return
        self._after_round()

    def _offer(self, seat):
        self._log(EV_OFFER, seat, self.restart[seat], self.rules.reentry_chips)

    def _after_round(self):
        alive = self._all_in()
        if len(alive) == 1:
            self._finish(alive[0])
        else:
            self._next_round()

    def _lowest_wins(self, seats):
        """Lowest total among ``seats`` wins; equal lowest play sudden death."""
        low = None
        for s in seats:
            if low is None or self.scores[s] < low:
                low = self.scores[s]
        tied = bytearray(0)
        for s in seats:
            if self.scores[s] == low:
                tied.append(s)
        if len(tied) == 1:
            self._finish(tied[0])
            return
        self._start_sudden(tied)

    def _start_sudden(self, seats):
        self.sudden = True
        for s in range(self.n):
            self.contenders[s] = 1 if s in seats else 0
            self.sit_next[s] = 0
        self._log(EV_SUDDEN, seats[0], len(seats), 0)
        self._next_round(keep_status=True)

    def _settle_sudden(self, takers):
        """Sudden death: the penalty takers drop out unless every contender took it."""
        left = bytearray(0)
        for s in range(self.n):
            if self.contenders[s] and s not in takers:
                left.append(s)
        if len(left) == 1:
            self._finish(left[0])
            return
        if len(left) > 1:
            for s in takers:
                self.contenders[s] = 0
        self._log(EV_SUDDEN, left[0] if len(left) else takers[0],
                  len(left) if len(left) else len(takers), 0)
        self._next_round(keep_status=True)

    def _next_round(self, keep_status=False):
        d = (self.dealer + 1) % self.n
        while self.status[d] != IN and not (self.sudden and self.contenders[d]):
            d = (d + 1) % self.n
        self.dealer = d
        if self.sudden:
            # Contenders may have been marked out by the round that tied them.
            for s in range(self.n):
                if self.contenders[s]:
                    self.status[s] = IN
        self._start_round()

    def _finish(self, winner):
        self.phase = PHASE_OVER
        self.winner = winner
        self.turn = NOBODY
        for s in range(self.n):
            if s != winner:
                self.status[s] = OUT
        self.status[winner] = IN
        self._log(EV_WIN, winner, self.pot, 0)


class View:
    """What one seat may know: its hand, counts, the current trick, the public bounds
    that plays revealed, and the played cards when the rules keep them open.
    An AI gets only this.
    """

    __slots__ = ("_m", "seat")

    def __init__(self, match, seat):
        self._m = match
        self.seat = seat

    @property
    def rules(self):
        return self._m.rules

    @property
    def n(self):
        return self._m.n

    def hand(self):
        return self._m.hand(self.seat)

    def count(self, seat):
        return self._m.counts[seat]

    def in_round(self, seat):
        return self._m.in_round[seat] == 1

    def score(self, seat):
        return self._m.scores[seat]

    def lives_left(self, seat):
        m = self._m
        if m.rules.reentry_choice:
            return 0
        return m.rules.reentries - m.reentries_used[seat]

    def reentries_left(self, seat):
        m = self._m
        return m.rules.reentries - m.reentries_used[seat]

    def active(self, seat):
        return self._m.status[seat] == IN

    def trick(self):
        """(cards, seats) of the current trick, in play order."""
        m = self._m
        return bytes(m.trick[:m.trick_len]), bytes(m.trick_seats[:m.trick_len])

    def trick_no(self):
        return self._m.trick_no

    def dealer(self):
        return self._m.dealer

    def leader(self):
        return self._m.leader

    def turn(self):
        return self._m.turn

    def phase(self):
        return self._m.phase

    def legal_cards(self):
        return self._m.legal_cards() if self._m.turn == self.seat else b""

    def legal_actions(self):
        return self._m.legal_actions() if self._m.turn == self.seat else []

    def bounds(self, seat):
        """(lo, hi): every card left in ``seat``'s hand has lo <= rank < hi (public)."""
        return self._m.lo[seat], self._m.hi[seat]

    def played_by(self, seat):
        """Cards ``seat`` played this round: anyone's when the rules keep them open,
        otherwise only the viewer's own and those in the current trick."""
        m = self._m
        if m.rules.open_cards or seat == self.seat:
            return m.played_by(seat)
        out = []
        for i in range(m.trick_len):
            if m.trick_seats[i] == seat:
                out.append(m.trick[i])
        return out

    def seen(self):
        """Every card this seat has seen leave a hand and may still review, as a 52-byte
        bytearray of flags (its own hand excluded)."""
        m = self._m
        out = bytearray(52)
        for s in range(m.n):
            for c in self.played_by(s):
                out[c] = 1
        return out

    def restart_score(self):
        """The score a re-entry offered to this seat restarts at."""
        return self._m.restart[self.seat]
