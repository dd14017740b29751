"""Reference players for the arena (host only, never on the board).

- ``sharp``: plays its highest card when that card heads the trick, otherwise its lowest
  (the strategy of a public Danish Agurk program). Deterministic.
- ``random``: a uniformly random legal action.
- ``oracle``: sees every hand and plays the rest of the round perfectly for itself: an
  exhaustive search over its own choices to the end of the round, the other players
  modelled as ``sharp`` (so against sharp players it is the exact best response, the upper
  bound of what any player can get at that table). It peeks into the match (``view._m``),
  which only a reference player may do.
- ``easy`` / ``medium`` / ``hard``: the built-in opponents of ``engine.ai``.

All have ``choose(view) -> action``; :func:`make` builds one by name.
"""

from engine import ai
from engine.match import PAY, SIT_OUT, PHASE_PLAY
from engine.rng import Rng
from engine.rules import ACE_FORCES_LOWEST, ACE_WINS_LAST

NAMES = ("hard", "medium", "easy", "sharp", "random", "oracle")


def make(name, seed=1, effort=None):
    if name in ai.LEVELS:
        return ai.Player(name, seed=seed, effort=effort)
    if name == "sharp":
        return Sharp()
    if name == "random":
        return RandomPlayer(seed)
    if name == "oracle":
        return Oracle()
    raise ValueError("unknown player %r (one of %s)" % (name, ", ".join(NAMES)))


def _top(view):
    cards, _ = view.trick()
    t = -1
    for c in cards:
        t = max(t, c >> 2)
    return t


class Sharp:
    name = "sharp"

    def choose(self, view):
        acts = view.legal_actions()
        if view.phase() != PHASE_PLAY:
            return SIT_OUT if SIT_OUT in acts else PAY
        legal = view.legal_cards()
        if legal[-1] >> 2 >= _top(view):
            return legal[-1]
        return legal[0]


class RandomPlayer:
    name = "random"

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def choose(self, view):
        acts = view.legal_actions()
        return acts[self.rng.below(len(acts))]


def _sharp_index(hand, top, tl, ace_led):
    """Index of sharp's card in the sorted rank list ``hand``."""
    if ace_led:
        return 0
    if tl == 0 or hand[-1] >= top:
        return len(hand) - 1
    return 0


class Oracle:
    """Full-information best response for the rest of the round (others modelled as sharp)."""

    name = "oracle"

    def choose(self, view):
        acts = view.legal_actions()
        if view.phase() != PHASE_PLAY:
            return SIT_OUT if SIT_OUT in acts else PAY
        m = view._m
        legal = view.legal_cards()
        if legal[0] >> 2 == legal[-1] >> 2:
            return legal[0]
        r = m.rules
        self.p_rules = r
        seats = m.seats_in_round()
        # positions from the current trick's leader
        lead = m.leader
        k = seats.index(lead)
        seats = seats[k:] + seats[:k]
        self.p = len(seats)
        self.me = seats.index(view.seat)
        hands = [list(c >> 2 for c in m.hand(s)) for s in seats]
        trick = [(m.trick[i] >> 2, i) for i in range(m.trick_len)]
        self.memo = {}
        best = None
        for c in legal:
            rank = c >> 2
            if best is not None and rank == best[1] >> 2:
                continue
            h = [list(x) for x in hands]
            h[self.me].remove(rank)
            t = trick + [(rank, self.me)]
            v = self._value(h, t, (self.me + 1) % self.p, m.trick_no)
            if best is None or v < best[0]:
                best = (v, c)
        return best[1]

    def _value(self, hands, trick, turn, tno):
        """Own penalty for the rest of the round from this state under best play."""
        r = self.p_rules
        p = self.p
        last = r.hand - 1
        while True:
            if len(trick) == p:
                top = max(x[0] for x in trick)
                if tno == last:
                    return self._penalty(trick, top)
                if r.ace == ACE_FORCES_LOWEST and trick[0][0] == 12:
                    w = trick[0][1]
                else:
                    w = [x for x in trick if x[0] == top][-1][1]
                trick = []
                turn = w
                tno += 1
            top = max((x[0] for x in trick), default=-1)
            ace_led = bool(trick) and r.ace == ACE_FORCES_LOWEST and trick[0][0] == 12
            hand = hands[turn]
            if turn != self.me:
                i = _sharp_index(hand, top, len(trick), ace_led)
                rank = hand.pop(i)
                trick = trick + [(rank, turn)]
                turn = (turn + 1) % p
                continue
            key = (tuple(tuple(x) for x in hands), tuple(trick), turn, tno)
            if key in self.memo:
                return self.memo[key]
            best = None
            for rank in self._legal_ranks(hand, top, len(trick), ace_led):
                h = [list(x) for x in hands]
                h[turn].remove(rank)
                v = self._value(h, trick + [(rank, turn)], (turn + 1) % p, tno)
                if best is None or v < best:
                    best = v
            self.memo[key] = best
            return best

    def _legal_ranks(self, hand, top, tl, ace_led):
        if tl == 0:
            return sorted(set(hand))
        if ace_led:
            return [hand[0]]
        heads = sorted(set(x for x in hand if x >= top))
        if self.p_rules.strict and heads:
            return heads
        return sorted(set([hand[0]] + heads))

    def _penalty(self, trick, top):
        r = self.p_rules
        pen = top + 2
        me = self.me
        if r.inverse:
            low = min(x[0] for x in trick)
            lows = [x[1] for x in trick if x[0] == low]
            takers = lows if r.tie_all else lows[-1:]
        elif trick[0][0] == 12 and r.ace in (ACE_FORCES_LOWEST, ACE_WINS_LAST):
            takers = [trick[0][1]]
        else:
            tops = [x[1] for x in trick if x[0] == top]
            takers = tops if r.tie_all else tops[-1:]
        return pen if me in takers else 0
