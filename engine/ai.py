"""Built-in opponents: easy, medium and hard.

    bot = ai.Player("medium", seed=7)     # level in LEVELS; effort optional (hard only)
    action = bot.choose(match.view(seat)) # a legal action for that seat: a card or a
                                          # re-entry answer (DECLINE / PAY / SIT_OUT)

    bot.begin(match.view(seat), ai.EFFORT_AFTER_AI)  # the same decision in slices:
    action = bot.think(500)               # None until decided; about 500 work units a call

A Player sees only its seat's :class:`engine.match.View` (its hand, the counts, the
current trick, the public bounds that plays revealed, the played cards where the rules keep
them open) and what it saw itself at earlier turns of the same round. It is deterministic:
the same seed and the same views give the same actions. A re-entry offer is taken the
cheapest way: medium and hard sit a round out when they may, else pay; easy pays.

- ``easy``: the heuristic. Normal game: the highest card when it heads the trick (or
  leads), else the lowest; inverse game, or an ace led that forces the lowest: the lowest
  legal card. A random legal card in ``_SLIP`` percent of its choices, except when one
  more penalty could put it out.
- ``medium``: the heuristic refined: it leads its middle card while it holds four or more
  (the top cards stay to head later tricks), and when it plays last to a trick it can
  head, it takes it with its smallest heading card. When one more penalty could put it
  out (last life, or first out loses), its last two tricks are searched as hard searches
  but by cost alone, on the few deals that ``_MEDIUM_EFFORT`` pays for.
- ``hard``: determinised Monte-Carlo search. For each decision with a choice of rank it
  deals the unseen cards to the others many times (:func:`_sample_deal`: each player its
  count, within the public bounds ``lo <= rank < hi`` of its hand), and on every deal
  plays each candidate rank out to the end of the round (:func:`_evaluate`) on a
  rank-only simulator in which everyone follows the heuristic with medium's lead
  (:func:`_rollout`). A candidate's score, summed over the same deals, is its match-aware
  cost (the penalty if this seat takes the last trick; more if that reaches the
  threshold, more still on the last life and most under first out loses; nothing extra in
  fixed rounds), and when it follows, plus the rank of the card this seat kept for the
  last trick (12 - rank in the inverse game): on the 15-40 deals the budget buys at a
  first trick, most candidates take no penalty at all, and a low card kept is what keeps
  it that way; a lead is scored by its cost alone, which measured better. The lowest
  score is played; a tie keeps the heuristic's card. :func:`thoughts` reports what a
  decision weighed: the deals, the work, and each candidate's mean cost and risk (the
  score's kept rank is not in it).

``effort`` is the search's budget in work units per decision, each about the same fuel:
a simulated card play is one unit (4/3 in the strict inverse game), a card dealt two and
one more for each redraw to fit a bound, a candidate's play-out four beyond its plays and
a deal three (about 6 k MicroPython fuel a unit on average in each scenario of
tools/measure/bench_ai.py). Deals are sampled while another one fits in the budget, at most
``_MAX_SAMPLES``; when a single deal would cost more than half of it, the heuristic's card
is played. Fuel grows about linearly with the budget. ``EFFORT_AFTER_HUMAN``, a Player's
default and the board's one budget, keeps a decision under 30 million fuel, the thinking
indicator's 0.25 s on a SAMD51 (estimate); ``EFFORT_AFTER_AI``, three times that, under
85 million, is what the indicator and the highlight of an AI's card before could pay
for: measured at the arena's mixed table it changed no verdict, so the board does not
use it (docs/AI.md, The budget). After a decision ``_search_state[_WORK]`` holds the work
it did.

:meth:`Player.begin` reads the view and sets the search up; :meth:`Player.think` goes on
with it a slice at a time (whole deals) and gives the action when the budget is spent.
Slices change nothing: the budget is counted in work units, never time, so any slicing
makes the same deals, the same action and the same generator state as ``choose``.

An AI reads only ``view.hand/trick/trick_no/leader/dealer/count/bounds/in_round/score/
reentries_left/played_by/legal_cards/legal_actions/phase`` and ``view.rules``.

On the board (CircuitPython): ints stay below 2**30; nothing is allocated per simulated
play (the simulator's bytearrays are allocated at import and shared by every Player: one
decision at a time), nor per slice of a decision; and nothing recurses, because every
call's frame comes from a fixed 2 KB pystack: a decision's deepest chain is choose,
think, _evaluate, _rollout. Each
module-level name, argument and attribute is a string in the board's interned-name pool,
hence few buffers, with const offsets (folded by the compiler), and argument names the
engine already has.
"""

from engine.compat import const
from engine.rng import Rng

LEVELS = ("easy", "medium", "hard")

# hard's work units per decision on the board: after a human's card the thinking
# indicator's time, after an AI's card also that card's highlight (docs/AI.md, The budget)
EFFORT_AFTER_HUMAN = const(3800)
EFFORT_AFTER_AI = const(11400)
_ALL_AT_ONCE = const(1 << 29)  # choose()'s think: to the end
_MEDIUM_EFFORT = const(180)  # medium's end-game search when a penalty could put it out
_SLIP = const(30)  # percent of easy's decisions that are a random legal card
_MAX_SAMPLES = const(64)
_ACE = const(12)
_A1 = const(32760)  # engine.rng's multipliers (host_tests/test_ai.py checks them)
_A2 = const(32730)
# engine values, folded here so that they take no name (host_tests/test_ai.py checks them)
_PAY = const(53)  # engine.match.PAY
_SIT_OUT = const(54)  # engine.match.SIT_OUT
_FORCES = const(1)  # engine.rules.ACE_FORCES_LOWEST
_FIRST_OUT = const(1)  # engine.rules.END_FIRST_OUT
_FIXED = const(2)  # engine.rules.END_FIXED_ROUNDS

# A Player's memory of the round, ``seen`` (bytearray(_MEMORY_SIZE)): [0:52] 1 for each
# card this seat saw leave a hand (played in front of it), [_SEEN_BY + seat] how many of
# them per seat, [_MEMORY_TRICK] trick number + 1 of the last update.
_SEEN_BY = const(52)
_MEMORY_TRICK = const(59)
_MEMORY_SIZE = const(60)

# The simulator plays ranks by position: 0 is the current trick's leader, then round
# order, players in the round only.
# _deal, the sampled deal: position q's hand at [7q:7q+7] (ascending), its count at
# [_COUNT + q]; _hands, the hands being played out: a copy of it for each candidate,
# position q's cards left at [[_FIRST + q]:[_END + q]] (7q and 7q + count in _deal).
# Playing the lowest or the highest card moves one index and no card; only a middle lead
# (or, in the strict inverse game, a card that heads) shifts cards. Before the last trick
# the rollout keeps of a trick only its top rank and who heads it: only the last trick
# decides the penalty.
_COUNT = const(49)
_FIRST = const(56)
_END = const(63)
_deal = bytearray(70)
_hands = bytearray(70)


# ``_hands[_WHOLE] = _deal`` copies a deal with no slice object made each time: MicroPython
# builds one on the heap for ``[:]`` where its virtual machine has no fast path for it. No
# slice() on every MicroPython: an object's __getitem__ receives one (one name for both).
class _WHOLE:
    def __getitem__(self, view):
        return view


_WHOLE = _WHOLE()[:]
# _tricks: trick t's ranks at [7t:7t+7] in play order, who played them at [_BY + 7t ...]
_BY = const(49)
_tricks = bytearray(98)
# _known, the fixed part of the sampling, per position: [_SEAT + q] the seat, public
# bounds [_LO + q] <= rank < [_HI + q]; and [_POOL:] the unseen cards' ranks.
_SEAT = const(0)
_LO = const(7)
_HI = const(14)
_POOL = const(21)
_known = bytearray(73)
# The decision being searched, read by the simulators: the work done, the deals sampled,
# the candidates ([_CARD + candidate], their number at [_CANDIDATES]), the summed cost of
# each ([_COST + candidate]) and on how many deals this seat took the penalty with it
# ([_TAKEN + candidate]). What :func:`thoughts` reports after the decision.
_PLAYERS = const(0)  # in the round
_ME = const(1)  # this seat's position
_HAND_SIZE = const(2)  # this seat's cards
_TRICK_NO = const(3)
_TRICK_LEN = const(4)  # cards played to the current trick before this seat
_TRICK_TOP = const(5)  # their top rank, -1 before the lead
_LAST = const(6)  # the last trick's number
_STRICT = const(7)
_INVERSE = const(8)
_TIE_ALL = const(9)
_ACE_RULE = const(10)
_EXTRA = const(11)  # what a penalty that reaches the threshold costs this seat on top
_ROOM = const(12)  # the penalty that reaches it
_POOL_SIZE = const(13)
_WORK = const(14)
_SAMPLES = const(15)  # 0: the last decision searched nothing
_CANDIDATES = const(16)
_CARD = const(17)
_COST = const(24)
_TAKEN = const(31)
# [_KEPT + candidate]: the summed rank of the card this seat kept for the last trick in the
# play-outs (12 - rank in the inverse game); _search turns it into the candidate's score
_KEPT = const(38)
# the decision under way: the Player that began it, its budget (0 once decided) and the
# heuristic's card (the action once decided)
_THINKER = const(45)
_BUDGET = const(46)
_CHOICE = const(47)
_search_state = [0] * 48


class Player:
    def __init__(self, level="medium", seed=1, effort=None):
        self.level = LEVELS.index(level)  # ValueError for another level
        self.rng = Rng(seed)
        self.effort = EFFORT_AFTER_HUMAN if effort is None else effort
        self.seen = bytearray(_MEMORY_SIZE)
        self.key = -1  # the round the memory is about: dealer * 256 + own score

    def choose(self, view):
        """The action for ``view``: :meth:`begin`, then :meth:`think` to the end."""
        self.begin(view)
        return self.think(_ALL_AT_ONCE)

    def begin(self, view, effort=None):
        """Start deciding for ``view`` with ``effort`` work units (hard; None: this
        Player's), then call :meth:`think` until it gives the action. Everything the
        decision reads of ``view`` is read here: the match may move on (the card before
        shown, say) while this Player thinks. One decision at a time for all Players: the
        search scratch is shared, and a Player that begins takes it over."""
        state = _search_state
        state[_THINKER] = self
        state[_BUDGET] = 0  # decided, unless a search is set up below
        state[_SAMPLES] = 0  # nothing searched yet (see thoughts())
        level = self.level
        phase = view.phase()
        legal = view.legal_actions() if phase else view.legal_cards()
        if not legal:
            raise ValueError("nothing to do")
        state[_CHOICE] = legal[0]
        if phase:
            # coming back is always worth it; sitting a round out costs no chip and no risk
            if level and _SIT_OUT in legal:
                state[_CHOICE] = _SIT_OUT
            elif _PAY in legal:
                state[_CHOICE] = _PAY
            return
        rules = view.rules
        forced = legal[0] >> 2 == legal[-1] >> 2
        # in danger: one more penalty (at most 14) could put this seat out for good
        danger = (rules.end != _FIXED and rules.threshold - view.score(view.seat) <= 14
                  and (rules.end == _FIRST_OUT or view.reentries_left(view.seat) <= 0))
        if level == 0:
            if forced:
                return
            if not danger and self.rng.below(100) < _SLIP:
                # easy slips, but not when a penalty could put it out
                state[_CHOICE] = legal[self.rng.below(len(legal))]
                return
        trick, seats = view.trick()
        if level:
            # the memory sees every turn of the round, forced ones included
            self._remember(view, trick, seats)
            if forced:
                return
        choice = _heuristic(view, legal, trick, level)
        state[_CHOICE] = choice
        if level == 1:
            # when one more penalty could put it out, medium searches the last two tricks
            if not danger or view.trick_no() < rules.hand - 2:
                return
            effort = _MEDIUM_EFFORT
        elif level == 2:
            if effort is None:
                effort = self.effort
        else:
            return
        if self._prepare(view, legal, trick, effort):
            state[_BUDGET] = effort

    def think(self, units):
        """Go on with the decision :meth:`begin` started for about ``units`` more work
        units (whole deals: at least one, and at most one deal past ``units``; a deal is up
        to ~600 units, at seven players in the strict inverse game):
        the action once decided, else None. The action is the same however the work is
        sliced, and a slice allocates nothing. ValueError if another Player began since."""
        state = _search_state
        if state[_THINKER] is not self:
            raise ValueError("begin first")
        effort = state[_BUDGET]
        if not effort:
            return state[_CHOICE]
        rng = self.rng
        candidates = state[_CANDIDATES]
        samples = state[_SAMPLES]
        spent = 0
        while True:
            work_before = state[_WORK]
            _sample_deal(rng)
            _evaluate()
            samples += 1
            state[_SAMPLES] = samples
            state[_WORK] += 4 * candidates + 3
            work = state[_WORK] - work_before
            if samples >= _MAX_SAMPLES or state[_WORK] + work > effort:
                break  # the cap, or another deal like this one would overrun the budget
            spent += work
            if spent >= units:
                return None
        # hard's score adds to the cost the rank of the card it kept for the last trick: on
        # the few deals the budget buys most candidates take no penalty, and the kept card
        # tells them apart; but not when it leads, where the cost alone plays better
        # (docs/AI.md)
        weight = self.level >> 1 if state[_TRICK_LEN] else 0
        best = 0
        for i in range(candidates):
            state[_KEPT + i] = state[_COST + i] + weight * state[_KEPT + i]
            if state[_KEPT + i] < state[_KEPT + best]:
                best = i
        # keep the heuristic's choice on a tie
        choice = state[_CHOICE]
        card = state[_CARD + best]
        for i in range(candidates):
            if (state[_CARD + i] >> 2 == choice >> 2
                    and state[_KEPT + i] == state[_KEPT + best]):
                card = choice
        state[_BUDGET] = 0
        state[_CHOICE] = card
        return card

    def observe(self, view):
        """Watch the table at this seat's turn without deciding: the memory of a player
        that gives hints (the same memory the AI would have had in that seat)."""
        if self.level and not view.phase():
            trick, seats = view.trick()
            self._remember(view, trick, seats)

    def _remember(self, view, trick, seats):
        """Update the memory with the current trick (``trick`` played by ``seats``)."""
        memory = self.seen
        rules = view.rules
        trick_no = view.trick_no()
        key = view.dealer() * 256 + view.score(view.seat)
        if (len(view.hand()) == rules.hand or trick_no + 1 < memory[_MEMORY_TRICK]
                or key != self.key):
            # another round (or match): forget
            for i in range(_MEMORY_TRICK):
                memory[i] = 0
        memory[_MEMORY_TRICK] = trick_no + 1
        self.key = key
        for i in range(len(trick)):
            card = trick[i]
            if not memory[card]:
                memory[card] = 1
                memory[_SEEN_BY + seats[i]] += 1

    def _prepare(self, view, cards, trick, effort):
        """Set up the search of the legal ``cards`` with ``trick`` on the table: the
        decision's parameters, the positions, the unseen cards, the bounds and this seat's
        hand, the candidates one card a rank. Returns True, or None when one sample would
        cost more than half of ``effort`` (the caller then keeps the heuristic's card)."""
        state = _search_state
        state[_WORK] = 0
        state[_SAMPLES] = 0
        known = _known
        memory = self.seen
        rules = view.rules
        if self.level == 2 and rules.open_cards:
            # the memory sees the table only at this seat's turns: where the rules keep
            # played cards open, hard also reads back the plays it missed
            for seat in range(view.n):
                if (seat != view.seat and view.in_round(seat)
                        and memory[_SEEN_BY + seat] < rules.hand - view.count(seat)):
                    for card in view.played_by(seat):
                        if not memory[card]:
                            memory[card] = 1
                            memory[_SEEN_BY + seat] += 1
            for card in view.played_by(view.seat):
                memory[card] = 1
        hand = view.hand()
        candidates = []
        rank = -1
        for card in cards:
            if card >> 2 != rank:
                candidates.append(card)
                rank = card >> 2
        n_seats = view.n
        players = 0
        seat = view.leader()
        for _ in range(n_seats):
            if view.in_round(seat):
                known[_SEAT + players] = seat
                players += 1
            seat = (seat + 1) % n_seats
        me = 0
        while known[_SEAT + me] != view.seat:
            me += 1
        trick_no = view.trick_no()
        top = -1
        for i in range(len(trick)):
            rank = trick[i] >> 2
            _tricks[trick_no * 7 + i] = rank
            _tricks[_BY + trick_no * 7 + i] = i  # the leader is position 0
            if rank > top:
                top = rank
        # the pool: cards neither seen nor in hand (the hand marked meanwhile)
        for card in hand:
            memory[card] |= 2
        size = 0
        for card in range(52):
            if not memory[card]:
                known[_POOL + size] = card >> 2
                size += 1
        for card in hand:
            memory[card] &= 1
        cards_left = 0
        for i in range(players):
            seat = known[_SEAT + i]
            count = view.count(seat)
            _deal[_COUNT + i] = count
            _deal[_FIRST + i] = i * 7
            _deal[_END + i] = i * 7 + count
            cards_left += count
            lo, hi = view.bounds(seat)
            known[_LO + i] = lo
            known[_HI + i] = hi
        for i in range(len(hand)):
            _deal[me * 7 + i] = hand[i] >> 2
        last = rules.hand - 1
        estimate = (cards_left + 4) * len(candidates) + 3 + 2 * (cards_left - len(hand))
        if estimate * 2 > effort:
            return None
        # stakes: how much reaching the threshold hurts
        if rules.end == _FIXED:
            extra = 0
            room = 999
        else:
            room = rules.threshold - view.score(view.seat)
            if rules.end == _FIRST_OUT:
                extra = 60
            elif view.reentries_left(view.seat) > 0:
                extra = 12
            else:
                extra = 40
        state[_PLAYERS] = players
        state[_ME] = me
        state[_HAND_SIZE] = len(hand)
        state[_TRICK_NO] = trick_no
        state[_TRICK_LEN] = len(trick)
        state[_TRICK_TOP] = top
        state[_LAST] = last
        state[_STRICT] = rules.strict
        state[_INVERSE] = rules.inverse
        state[_TIE_ALL] = rules.tie_all
        state[_ACE_RULE] = rules.ace
        state[_EXTRA] = extra
        state[_ROOM] = room
        state[_POOL_SIZE] = size
        state[_CANDIDATES] = len(candidates)
        for i in range(len(candidates)):
            state[_CARD + i] = candidates[i]
            state[_COST + i] = 0
            state[_TAKEN + i] = 0
            state[_KEPT + i] = 0
        return True


def deals():
    """The deals the last decision sampled (0: it searched nothing): thoughts() without
    its lists."""
    return _search_state[_SAMPLES]


def thoughts():
    """What the last decision weighed, when it searched (hard, or medium's end game):
    ``(deals, work, rows)`` with one row ``(card, cost, risk)`` per candidate rank in
    hand order: ``cost`` its mean match-aware cost in tenths of a point, ``risk`` the
    percent of the sampled deals on which this seat took the penalty with it. None when
    the last decision of any Player was the heuristic's (or forced). Read it before
    another Player decides: the search state is shared."""
    state = _search_state
    deals = state[_SAMPLES]
    if not deals:
        return None
    rows = []
    for i in range(state[_CANDIDATES]):
        rows.append((state[_CARD + i], state[_COST + i] * 10 // deals,
                     state[_TAKEN + i] * 100 // deals))
    return deals, state[_WORK], rows


def _heuristic(view, cards, trick, level):
    """The heuristic's pick of the legal ``cards`` with ``trick`` on the table.

    Normal game: the highest card when it heads the trick (or leads), else the lowest;
    inverse game, or an ace led that forces the lowest: the lowest legal card (under the
    strict rule the lowest card heading the trick). Refined from medium up:
    - leading with four cards or more: the middle one. The top cards stay in hand to head
      later tricks, and whoever takes this trick spends a high card;
    - last to play and able to head: the smallest card that heads. Played last, it takes
      the trick (and the lead) and the higher cards stay for later.
    """
    rules = view.rules
    top = -1
    for card in trick:
        if card >> 2 > top:
            top = card >> 2
    if (rules.inverse or (len(trick) and trick[0] >> 2 == _ACE and rules.ace == _FORCES)
            or cards[-1] >> 2 < top):
        return cards[0]
    if level:
        if not trick:
            if len(cards) >= 4:
                return cards[len(cards) >> 1]
        else:
            players = 0
            for seat in range(view.n):
                if view.in_round(seat):
                    players += 1
            if len(trick) == players - 1:
                for card in cards:
                    if card >> 2 >= top:
                        return card
    return cards[-1]


def _evaluate():
    """Play each candidate out on the sampled deal, score the last trick and add what it
    costs this seat to its summed cost."""
    state = _search_state
    hands = _hands
    whole = _WHOLE
    tricks = _tricks
    players = state[_PLAYERS]
    me = state[_ME]
    count = state[_HAND_SIZE]
    trick_no = state[_TRICK_NO]
    trick_len = state[_TRICK_LEN]
    top = state[_TRICK_TOP]
    last = state[_LAST] * 7
    inverse = state[_INVERSE]
    ace_takes = state[_ACE_RULE] and not inverse  # a led ace takes the last trick alone
    after_me = me + 1
    if after_me == players:
        after_me = 0
    for i in range(state[_CANDIDATES]):
        hands[whole] = _deal
        rank = state[_CARD + i] >> 2
        slot = me * 7
        while hands[slot] != rank:
            slot += 1
        while slot < me * 7 + count - 1:
            hands[slot] = hands[slot + 1]
            slot += 1
        hands[_END + me] = me * 7 + count - 1
        tricks[trick_no * 7 + trick_len] = rank
        tricks[_BY + trick_no * 7 + trick_len] = me
        last_top = _rollout(after_me, trick_len + 1, rank if rank > top else top, trick_no)
        # the card this seat kept: the last trick reads each hand's one card in place
        kept = hands[hands[_FIRST + me]]
        state[_KEPT + i] += 12 - kept if inverse else kept
        # the last trick's taker: who played its highest card (inverse: its lowest), the
        # last of equal ones or, under tie_all, each of them
        target = last_top
        if inverse:
            for k in range(players):
                if tricks[last + k] < target:
                    target = tricks[last + k]
        if ace_takes and tricks[last] == _ACE:
            takes = tricks[_BY + last] == me
        else:
            takes = False
            for k in range(players):
                if tricks[last + k] == target:
                    if state[_TIE_ALL]:
                        takes = takes or tricks[_BY + last + k] == me
                    else:
                        takes = tricks[_BY + last + k] == me
        if takes:
            penalty = last_top + 2
            state[_TAKEN + i] += 1
            if penalty >= state[_ROOM]:
                penalty += state[_EXTRA]
            state[_COST + i] += penalty


def _sample_deal(rng):
    """Deal the pool to the other positions of ``_deal`` (sorted), respecting counts and
    public bounds (twice), at last with any cards. The pool's order carries over from one
    sample to the next. Adds the work (two units a draw, one a redraw) to
    ``_search_state``."""
    known = _known
    deal = _deal
    players = _search_state[_PLAYERS]
    me = _search_state[_ME]
    work = 0
    x = rng.x  # the generator of engine.rng, inline: see below
    y = rng.y
    for attempt in range(3):
        free = _search_state[_POOL_SIZE]  # known[_POOL:_POOL + free] is still to deal
        ok = True
        # the tight ranges first, while the pool still holds cards that fit them
        for tight in (True, False):
            for position in range(players):
                lo = known[_LO + position]
                hi = known[_HI + position]
                if position == me or (hi - lo < 13) != tight:
                    continue
                start = position * 7
                for dealt in range(deal[_COUNT + position]):
                    tries = 0
                    while free:
                        # rng.below(free) inline: the same numbers for 3.5 k fuel instead
                        # of 8.3 k, the method calls being the cost
                        limit = 32768 - 32768 % free
                        while True:
                            x = _A1 * (x & 0x7FFF) + (x >> 15)
                            y = _A2 * (y & 0x7FFF) + (y >> 15)
                            drawn = (x ^ (y >> 3)) & 0x7FFF
                            if drawn < limit:
                                break
                        drawn = _POOL + drawn % free
                        rank = known[drawn]
                        if lo <= rank < hi or attempt == 2:
                            break
                        tries += 1
                        if tries > 12:
                            ok = False
                            break
                    if not ok or not free:
                        ok = False
                        break
                    work += tries + 2
                    free -= 1
                    known[drawn] = known[_POOL + free]
                    known[_POOL + free] = rank
                    slot = start + dealt  # the simulators need sorted hands
                    while slot > start and deal[slot - 1] > rank:
                        deal[slot] = deal[slot - 1]
                        slot -= 1
                    deal[slot] = rank
                if not ok:
                    break
            if not ok:
                break
        if ok:
            break
    rng.x = x
    rng.y = y
    _search_state[_WORK] += work


def _rollout(turn, trick_len, top, trick_no):
    """Play the round out with the heuristic for everyone (medium's lead) from position
    ``turn`` playing card ``trick_len`` of trick ``trick_no`` (top rank so far ``top``).
    Returns the top rank of the finished last trick; adds one work unit a play (4/3 in the
    strict inverse game).

    Only the last trick is written to ``_tricks`` (it decides the penalty); before it a
    trick is followed only by its top rank and who heads it, and a card played below the
    top is just dropped from the hand's low end."""
    state = _search_state
    hands = _hands
    tricks = _tricks
    players = state[_PLAYERS]
    last = state[_LAST] * 7
    inverse = state[_INVERSE]
    strict = state[_STRICT]
    forces = state[_ACE_RULE] == _FORCES
    base = trick_no * 7
    work = players * ((last - base) // 7 + 1)
    if strict and inverse:
        work += work // 3  # such a play costs a third more fuel
    state[_WORK] += work
    if base != last:
        # the trick under way: who heads it (the last of the equal top cards)
        heads = trick_len - 1
        while tricks[base + heads] != top:
            heads -= 1
        heads = tricks[_BY + base + heads]
        leader = tricks[_BY + base]
        ace_led = forces and tricks[base] == _ACE
        while True:
            if ace_led or inverse:
                # the lowest card; in the strict inverse game the lowest that heads
                heading = strict and not ace_led
                for _ in range(players - trick_len):
                    first = hands[_FIRST + turn]
                    if heading and hands[hands[_END + turn] - 1] >= top:
                        end = first
                        while hands[end] < top:
                            end += 1
                        top = hands[end]
                        heads = turn
                        while end > first:  # the cards below it move up
                            hands[end] = hands[end - 1]
                            end -= 1
                    elif hands[first] >= top:
                        top = hands[first]
                        heads = turn
                    hands[_FIRST + turn] = first + 1
                    turn += 1
                    if turn == players:
                        turn = 0
                if ace_led:
                    heads = leader  # the led ace takes the trick
            else:
                # the highest card when it heads, else the lowest
                for _ in range(players - trick_len):
                    end = hands[_END + turn] - 1
                    if hands[end] >= top:
                        top = hands[end]
                        heads = turn
                        hands[_END + turn] = end
                    else:
                        hands[_FIRST + turn] += 1
                    turn += 1
                    if turn == players:
                        turn = 0
            base += 7
            turn = heads  # who took the trick leads the next
            top = -1
            trick_len = 0
            if base == last:
                break
            first = hands[_FIRST + turn]
            end = hands[_END + turn] - 1
            if inverse:
                top = hands[first]
                hands[_FIRST + turn] = first + 1
            elif end - first >= 3:
                # medium's lead: the middle card
                first = (first + end + 1) >> 1
                top = hands[first]
                while first < end:
                    hands[first] = hands[first + 1]
                    first += 1
                hands[_END + turn] = end
            else:
                top = hands[end]
                hands[_END + turn] = end
            leader = turn
            heads = turn
            ace_led = forces and top == _ACE
            trick_len = 1
            turn += 1
            if turn == players:
                turn = 0
    # the last trick: everyone plays the one card left
    while trick_len < players:
        rank = hands[hands[_FIRST + turn]]
        tricks[last + trick_len] = rank
        tricks[_BY + last + trick_len] = turn
        if rank > top:
            top = rank
        trick_len += 1
        turn += 1
        if turn == players:
            turn = 0
    return top
