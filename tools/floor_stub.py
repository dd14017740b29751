"""The least any engine with Match's benchmark API can do: a rule-less stand-in.

``FloorMatch`` offers what tools/bench.py's drivers call (``phase``, ``legal_into``,
``play``, ``round_no``) and does only the work no engine can skip for a round of random
play: deal by the same partial shuffle and generator as engine.match (no sorting, no
owner bytes), copy the hand out as the "legal" cards, take the card played out of the
hand, pass the turn, end tricks and rounds. It checks no rule and keeps no history.

Timing it with the same driver as the real engine gives a floor for
``host_rounds_per_s`` and ``mpy_fuel_per_round``: a target below what this stub
reaches cannot be met by any engine with this per-move API on that interpreter.
Runs on CPython and, as a guest script, under MicroPython (no imports).
"""

_deck = bytearray(52)
_DECK = bytes(range(52))


class FloorMatch:
    """``rounds`` rounds of ``players`` players with ``hand`` cards each, then phase 2."""

    def __init__(self, seed, players=4, hand=7, rounds=14):
        self.x = 1 + seed % 30000
        self.y = 7 + seed % 29999
        self.n = players
        self.hand_size = hand
        self.rounds_left = rounds
        self.hands = bytearray(players * 7)
        self.first = bytearray(players)
        self.counts = bytearray(players)
        self.round_no = 0
        self.phase = 0
        self._deal()

    def _deal(self):
        deck = _deck
        deck[:] = _DECK
        x = self.x
        y = self.y
        m = 52
        q = 0
        r = 0
        h = self.hands
        H = self.hand_size
        for s in range(self.n):
            b = s * 7
            self.first[s] = b
            self.counts[s] = H
            for i in range(b, b + H):
                if not q:  # four draws from one 30-bit output (no rejection: a floor)
                    x = 32760 * (x & 0x7FFF) + (x >> 15)
                    y = 32730 * (y & 0x7FFF) + (y >> 15)
                    r = ((x & 0x7FFF) << 15) ^ y
                    q = 4
                q -= 1
                j = r % m
                r //= m
                m -= 1
                h[i] = deck[j]
                deck[j] = deck[m]
        self.x = x
        self.y = y
        self.turn = 0
        self.trick_len = 0
        self.trick_no = 0

    def legal_into(self, buf):
        t = self.turn
        b = self.first[t]
        h = self.hands
        n = self.counts[t]
        for k in range(n):
            buf[k] = h[b + k]
        return n

    def play(self, card):
        t = self.turn
        h = self.hands
        b = self.first[t]
        e = b + self.counts[t] - 1
        i = e
        while h[i] != card:
            i -= 1
        while i < e:
            h[i] = h[i + 1]
            i += 1
        self.counts[t] = e - b
        self.trick_len += 1
        if self.trick_len < self.n:
            self.turn = (t + 1) % self.n
            return
        self.trick_len = 0
        self.trick_no += 1
        if self.trick_no < self.hand_size:
            return
        self.round_no += 1
        self.rounds_left -= 1
        if self.rounds_left:
            self._deal()
        else:
            self.phase = 2
