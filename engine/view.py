"""What one seat may know (:class:`View`), and the review helpers of a match.

No rules here: a window on the match, which it is handed (it imports nothing from
engine.match). Imported on first use by :meth:`Match.view`, :meth:`Match.played_by` and
:meth:`Match.seats_in_round`: about 1.8 KB of heap under MicroPython that a program
driving the match itself never loads (the built-in opponents do: they read a View).
"""


def seats_in_round(m):
    """The seats dealt into this round, in play order from the first leader."""
    out = []
    s = m.leader if m.trick_no == 0 else m._link()
    for _ in range(m.n):
        if m.in_round[s]:
            out.append(s)
        s = (s + 1) % m.n
    return out


def played_by(m, seat):
    """Cards ``seat`` has played this round, in trick order."""
    out = []
    for t in range(1, m.trick_no + 2):
        for c in range(52):
            if m.played_in[c] == t and m.owner[c] == seat:
                out.append(c)
    return out


class View:
    """What one seat may know: its hand, counts, the current trick, the public bounds
    that plays revealed, and the played cards when the rules keep them open.
    An AI gets only this.
    """

    def __init__(self, match, seat):
        self._m = match
        self.seat = seat
        self.rules = match.rules
        self.n = match.n

    def hand(self):
        return self._m.hand(self.seat)

    def count(self, seat):
        return self._m.counts[seat]

    def in_round(self, seat):
        return self._m.in_round[seat] == 1

    def score(self, seat):
        return self._m.scores[seat]

    def lives_left(self, seat):
        """Danish lives left (0 when re-entry is a choice)."""
        return 0 if self.rules.reentry_choice else self.reentries_left(seat)

    def reentries_left(self, seat):
        return self.rules.reentries - self._m.reentries_used[seat]

    def active(self, seat):
        return self._m.active(seat)

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
            return played_by(m, seat)
        out = []
        for i in range(m.trick_len):
            if m.trick_seats[i] == seat:
                out.append(m.trick[i])
        return out

    def seen(self):
        """Every card this seat has seen leave a hand and may still review, as a 52-byte
        bytearray of flags (its own hand excluded)."""
        out = bytearray(52)
        for s in range(self._m.n):
            for c in self.played_by(s):
                out[c] = 1
        return out

    def restart_score(self):
        """The score a re-entry offered to this seat restarts at."""
        return self._m.restart[self.seat]
