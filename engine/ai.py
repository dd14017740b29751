"""Built-in opponents: easy, medium and hard.

Contract used by the app, the terminal game and the arena:

    bot = ai.Player("medium", seed=7)     # level in LEVELS; effort optional (hard only)
    action = bot.choose(match.view(seat)) # a legal action for that seat: a card or a
                                          # re-entry answer (DECLINE / PAY / SIT_OUT)

An AI uses only the :class:`engine.match.View` of its seat (its hand, the counts, the
current trick, the public bounds that plays revealed, the played cards where the rules keep
them open) plus what it saw itself at earlier turns of the same round.

- ``easy``: the basic heuristic (normal game: the highest card when it heads the trick,
  else the lowest; inverse game: the lowest legal card), with a random legal card in
  ``_SLIP`` percent of its choices, except when one more penalty could put it out.
- ``medium``: the heuristic refined: it leads a middle card while it holds four or more
  (the top cards stay to head later tricks), and when it plays last to a trick it can head
  it takes it with its smallest heading card. It sheds its highest card whenever that heads
  the trick and keeps its lowest for the last trick. When one more penalty could put it
  out (last life, or first out loses) it solves the last two tricks exactly, as hard does,
  where that fits its budget (``_MEDIUM_EFFORT``: the two- and three-player end game).
- ``hard``: determinised Monte-Carlo search. It deals the unseen cards to the other
  players many times, consistently with everything its seat knows (counts, the bounds
  ``lo <= rank < hi`` every play revealed, the cards it saw leave a hand), preferring deals
  that also fit a belief about the others (a player who headed the trick played its
  highest card; one who did not could not), and for each candidate card plays the rest of
  the round out on a compact rank-only simulator (everyone following the heuristic with
  medium's lead), solving the last two tricks exactly (each player minimising their own
  penalty). Candidates are compared on the same deals; a tie keeps medium's choice. Costs
  are match-aware: a penalty that reaches the threshold costs extra (more on the last
  life, most under "first out loses"; nothing extra in fixed rounds).
  ``effort`` is the budget in work units per decision (a simulated card play is one unit,
  a sampled card two, a node of the exact search three; default ``_EFFORT``, which
  keeps a decision under about 30 million MicroPython fuel, ~0.27 s on a SAMD51
  (estimate)); fuel grows about linearly with it. After a decision ``state[_W]`` holds
  the work it did.

An AI reads only ``view.hand/trick/trick_no/leader/dealer/count/bounds/in_round/score/
reentries_left/played_by/legal_cards/legal_actions/phase`` and ``view.rules``.

Everything here runs on CircuitPython: small bytearrays allocated once (at import, shared
by every Player: one decision at a time), ints below 2**30, no per-node allocation in the
search. The module is kept small for the board's heap (tools/bench_ai.py measures it):
three functions (easy, medium and hard share the heuristic in ``choose``), few distinct
names and most of them names the engine has already interned (each new name is a string in
the board's interned-name pool), underscore ``const`` values and offsets (folded by the
compiler, not stored), a Player's round memory in one bytearray.
"""

from engine.compat import const
from engine.rng import Rng

LEVELS = ("easy", "medium", "hard")

_EFFORT = const(1800)  # hard's work units (simulated plays) per decision: the board budget
_MEDIUM_EFFORT = const(200)  # medium's exact end-game when a penalty could put it out
_SLIP = const(30)  # percent of easy's decisions that are a random legal card
_MAX_SAMPLES = const(64)
_ACE = const(12)
# engine values, folded here so that they take no name (host_tests/test_ai.py checks them)
_PAY = const(53)  # engine.match.PAY
_SIT_OUT = const(54)  # engine.match.SIT_OUT
_FORCES = const(1)  # engine.rules.ACE_FORCES_LOWEST
_FIRST_OUT = const(1)  # engine.rules.END_FIRST_OUT
_FIXED = const(2)  # engine.rules.END_FIXED_ROUNDS

# The module's globals and arguments reuse names the engine has already interned
# (``hands``, ``counts``, ``trick``, ``owner``, ``_deal``, ``_buf``, ``state``,
# ``trick_len``, ``trick_no``, ...): on the board every distinct name is a string in the
# interned-name pool, and a module that overflows the pool pays for its next ~2 KB block.
#
# A Player's round memory ``seen`` (bytearray(67)): [0:52] cards this seat saw leave a
# hand (it saw them played in front of it), [_MC + seat] how many of them per seat,
# [_MHI + seat] the belief "every card left has rank below this" (what the plays say if
# the others play like the heuristic; soft, used while sampling when it can be met),
# [_MT] trick number + 1 of the last update.
_MC = const(52)
_MHI = const(59)
_MT = const(66)
# Simulator scratch, shared by every Player (one decision at a time):
# hands: positions in round order, ranks, 7 slots each, and counts: their counts;
# _deal and _dcnt: the sampled deal, copied into them for each candidate.
hands = bytearray(49)
counts = bytearray(7)
_deal = bytearray(49)
_dcnt = bytearray(7)
trick = bytearray(49)  # trick k's ranks at [7k:7k+7]
owner = bytearray(49)  # and who played them
# _buf: per position [_LO + q] and [_HI + q] the public bounds, [_MH + q] hi tightened by
# the belief when that leaves room, [_ORD + q] the seat; [_POOL:] the unseen cards (ranks).
_LO = const(0)
_HI = const(7)
_MH = const(14)
_ORD = const(21)
_POOL = const(28)
_buf = bytearray(80)
# state: the decision's parameters, the work done (``state[_W]``, read by the tests) and
# the cost of each candidate from [_COST].
_P = const(0)
_ME = const(1)
_LAST = const(2)
_STRICT = const(3)
_INV = const(4)
_TIE = const(5)
_AR = const(6)  # the ace rule
_WT = const(7)
_ROOM = const(8)
_W = const(9)
_COST = const(10)
state = [0] * 17


class Player:
    def __init__(self, level="medium", seed=1, effort=None):
        self.level = LEVELS.index(level)  # ValueError for another level
        self.rng = Rng(seed)
        self.effort = _EFFORT if effort is None else effort
        self.seen = bytearray(67)
        self.key = -1  # the round the memory is about: dealer * 256 + own score

    def choose(self, view):
        lv = self.level
        rng = self.rng
        ph = view.phase()
        legal = view.legal_actions() if ph else view.legal_cards()
        if not legal:
            raise ValueError("nothing to do")
        if ph:
            # coming back is always worth it; sitting a round out costs no chip and no risk
            if lv and _SIT_OUT in legal:
                return _SIT_OUT
            return _PAY if _PAY in legal else legal[0]
        r = view.rules
        forced = legal[0] >> 2 == legal[-1] >> 2
        # in danger: one more penalty (at most 14) could put this seat out for good
        danger = (r.end != _FIXED and r.threshold - view.score(view.seat) <= 14
                  and (r.end == _FIRST_OUT or view.reentries_left(view.seat) <= 0))
        if lv == 0:
            if forced:
                return legal[0]
            if not danger and rng.below(100) < _SLIP:
                # easy slips, but not when a penalty could put it out
                return legal[rng.below(len(legal))]
        cards, who = view.trick()
        tl = len(cards)
        if lv:
            # the memory sees every turn of the round, forced ones included
            mem = self.seen
            tno = view.trick_no()
            H = r.hand
            k = view.dealer() * 256 + view.score(view.seat)
            if len(view.hand()) == H or tno + 1 < mem[_MT] or k != self.key:
                for i in range(_MHI):
                    mem[i] = 0
                for i in range(_MHI, _MT):
                    mem[i] = 13
            mem[_MT] = tno + 1
            self.key = k
            top = -1
            model = not r.inverse and not (tl and cards[0] >> 2 == _ACE and r.ace == _FORCES)
            for i in range(tl):
                c = cards[i]
                k = c >> 2
                s = _MHI + who[i]
                if model and (i or view.count(who[0]) < 3):
                    # the heuristic plays its highest card when it heads, else its lowest
                    # (a lead from four cards or more is medium's middle card: no belief)
                    x = k + 1 if k >= top else top
                    if x < mem[s]:
                        mem[s] = x
                if k > top:
                    top = k
                if not mem[c]:
                    mem[c] = 1
                    mem[_MC + who[i]] += 1
            if lv == 2 and not forced and r.open_cards:
                # read back the plays made since this seat's last turn
                for s in range(view.n):
                    if (s != view.seat and view.in_round(s)
                            and mem[_MC + s] < H - view.count(s)):
                        for c in view.played_by(s):
                            if not mem[c]:
                                mem[c] = 1
                                mem[_MC + s] += 1
                for c in view.played_by(view.seat):
                    mem[c] = 1
            if forced:
                return legal[0]
        # The heuristic (easy): normal game, the highest card when it heads the trick (or
        # leads), else the lowest; inverse game, always the lowest legal card (under the
        # strict rule that is the lowest card heading the trick). Refined for the normal
        # game (medium, and hard's default; the inverse game keeps the heuristic):
        # - leading with four cards or more: lead the middle one. The top cards stay in
        #   hand to head later tricks, and whoever takes this trick spends a high card;
        # - last to play and able to head: the smallest card that heads. Played last, it
        #   takes the trick (and the lead) and the higher cards stay for later;
        # - otherwise the heuristic: the highest card when it heads, else the lowest.
        top = -1
        for c in cards:
            if c >> 2 > top:
                top = c >> 2
        if r.inverse or (tl and cards[0] >> 2 == _ACE and r.ace == _FORCES):
            d = legal[0]
        elif legal[-1] >> 2 < top:
            d = legal[0]
        else:
            d = legal[-1]
            if lv:
                if tl == 0:
                    if len(legal) >= 4:
                        d = legal[len(legal) >> 1]
                else:
                    p = 0
                    for s in range(view.n):
                        if view.in_round(s):
                            p += 1
                    if tl == p - 1:
                        for c in legal:
                            if c >> 2 >= top:
                                d = c
                                break
        effort = self.effort
        if lv == 1:
            # Match-aware medium: when one more penalty could put it out (its last life, or
            # first out loses), it solves the last two tricks exactly, as hard does.
            # (within medium's fuel budget that is the two- or three-player end game)
            if not danger or view.trick_no() < r.hand - 2:
                return d
            effort = _MEDIUM_EFFORT
        elif lv < 2:
            return d
        # ----- hard: determinised search ------------------------------------------
        v = state
        v[_W] = 0
        hand = view.hand()
        n = len(hand)
        # candidates: one card per distinct rank
        cands = []
        k = -1
        for c in legal:
            if c >> 2 != k:
                cands.append(c)
                k = c >> 2
        nc = len(cands)
        # the simulator's fixed part, from the view
        q = _buf
        tr = trick
        bh = _deal
        dc = _dcnt
        m_n = view.n
        p = 0
        s = view.leader()
        for _ in range(m_n):
            if view.in_round(s):
                q[_ORD + p] = s
                p += 1
            s = (s + 1) % m_n
        me = 0
        while q[_ORD + me] != view.seat:
            me += 1
        tno = view.trick_no()
        base = tno * 7
        for i in range(tl):
            tr[base + i] = cards[i] >> 2
            owner[base + i] = i  # position i played i-th (positions start at leader)
        # the pool of unseen cards (ranks): own cards marked in the memory meanwhile
        mem = self.seen
        for c in hand:
            mem[c] |= 2
        pn = _POOL
        for c in range(52):
            if not mem[c]:
                q[pn] = c >> 2
                pn += 1
        pn -= _POOL
        for c in hand:
            mem[c] &= 1
        k = 0  # cards left in the round
        for i in range(p):
            s = q[_ORD + i]
            x = view.count(s)
            dc[i] = x
            k += x
            lo, hi = view.bounds(s)
            q[_LO + i] = lo
            q[_HI + i] = hi
            x = mem[_MHI + s]
            q[_MH + i] = x if lo < x < hi else hi
        b = me * 7
        for i in range(n):
            bh[b + i] = hand[i] >> 2
        last = r.hand - 1
        exact = tno >= last - 1
        x = k * nc
        if exact:
            x = x * 3 * (1 << (p if p < 6 else 6)) // p
        x += 2 * (k - n)
        if x * 2 > effort:
            return d
        # stakes: how much crossing the threshold hurts
        if r.end == _FIXED:
            wt = 0
            room = 999
        else:
            room = r.threshold - view.score(view.seat)
            if r.end == _FIRST_OUT:
                wt = 60
            elif view.reentries_left(view.seat) > 0:
                wt = 12
            else:
                wt = 40
        v[_WT] = wt
        v[_ROOM] = room
        v[_ME] = me
        v[_P] = p
        v[_LAST] = last
        v[_STRICT] = r.strict
        v[_INV] = r.inverse
        v[_TIE] = r.tie_all
        v[_AR] = r.ace
        for i in range(nc):
            v[_COST + i] = 0
        h = hands
        cnt = counts
        nxt = me + 1
        if nxt == p:
            nxt = 0
        done = 0
        while done < _MAX_SAMPLES:
            w0 = v[_W]
            # deal the pool to the other positions in bh respecting counts and bounds:
            # first with the belief about the others' highest cards, then with the public
            # bounds only, at last with any cards
            for attempt in range(5):
                ho = _MH if attempt < 2 else _HI
                left = pn  # the pool's first ``left`` cards are still free (swap-remove)
                ok = True
                for pass_ in range(2):  # tighter ranges first
                    for i in range(p):
                        a = q[_LO + i]
                        z = q[ho + i]
                        if i == me or (pass_ == 0) != (z - a < 13):
                            continue
                        bb = i * 7
                        for j in range(dc[i]):
                            tries = 0
                            while left:
                                x = _POOL + rng.below(left)
                                rr = q[x]
                                if a <= rr < z or attempt == 4:
                                    break
                                tries += 1
                                if tries > 12:
                                    ok = False
                                    break
                            if not ok or not left:
                                ok = False
                                break
                            v[_W] += 2 * tries + 2  # a draw costs about 2 plays
                            left -= 1
                            q[x] = q[_POOL + left]
                            q[_POOL + left] = rr
                            x = j  # insertion into the sorted hand
                            while x > 0 and bh[bb + x - 1] > rr:
                                bh[bb + x] = bh[bb + x - 1]
                                x -= 1
                            bh[bb + x] = rr
                        if not ok:
                            break
                    if not ok:
                        break
                if ok:
                    break
            for ci in range(nc):
                h[:] = bh
                cnt[:] = dc
                # play the candidate
                rr = cands[ci] >> 2
                j = 0
                while h[b + j] != rr:
                    j += 1
                x = n - 1
                while j < x:
                    h[b + j] = h[b + j + 1]
                    j += 1
                cnt[me] = x
                tr[base + tl] = rr
                owner[base + tl] = me
                if exact:
                    x = _solve(nxt, tl + 1, rr if rr > top else top, tno)
                else:
                    x = _rollout(nxt, tl + 1, rr if rr > top else top, tno)
                if (x >> 5) & (1 << me):  # my cost of the result
                    x &= 31
                    v[_COST + ci] += x + wt if x >= room else x
            done += 1
            v[_W] += nc
            if v[_W] + (v[_W] - w0) > effort:
                break
        best = 0
        for ci in range(nc):
            if v[_COST + ci] < v[_COST + best]:
                best = ci
        # keep the heuristic's choice on a tie
        for ci in range(nc):
            if cands[ci] >> 2 == d >> 2 and v[_COST + ci] == v[_COST + best]:
                return d
        return cands[best]


def _rollout(turn, trick_len, top, trick_no):
    """Play the round out with the heuristic for everyone (medium's lead); return
    takers mask << 5 | penalty (scored by _solve)."""
    h = hands
    cnt = counts
    tr = trick
    tp = owner
    v = state
    p = v[_P]
    last = v[_LAST]
    strict = v[_STRICT]
    inverse = v[_INV]
    forces = v[_AR] == _FORCES
    tl = trick_len
    tno = trick_no
    base = tno * 7
    work = 0
    while True:
        if tl == p:
            work += p
            if tno == last:
                v[_W] += work
                return _solve(0, p, top, tno)
            if forces and tr[base] == _ACE:
                w = 0
            else:
                w = p - 1
                while tr[base + w] != top:
                    w -= 1
            turn = tp[base + w]
            tl = 0
            top = -1
            tno += 1
            base += 7
        b = turn * 7
        n = cnt[turn]
        if tl == 0:
            if inverse:
                i = 0
            elif n >= 4:
                i = n >> 1  # medium's lead
            else:
                i = n - 1
        elif forces and tr[base] == _ACE:
            i = 0
        elif inverse:
            i = 0
            if strict and h[b + n - 1] >= top:
                i = n - 1
                while i > 0 and h[b + i - 1] >= top:
                    i -= 1
        elif h[b + n - 1] >= top:
            i = n - 1
        else:
            i = 0
        rr = h[b + i]
        n -= 1
        while i < n:
            h[b + i] = h[b + i + 1]
            i += 1
        cnt[turn] = n
        tr[base + tl] = rr
        tp[base + tl] = turn
        tl += 1
        if rr > top:
            top = rr
        turn += 1
        if turn == p:
            turn = 0


def _solve(turn, trick_len, top, trick_no):
    """Exact play of the rest of the round (max-n: each player minimises their own
    cost, this seat its match-aware cost). Returns takers mask << 5 | penalty."""
    v = state
    p = v[_P]
    tl = trick_len
    base = trick_no * 7
    tr = trick
    tp = owner
    if tl == p:
        if trick_no == v[_LAST]:
            # the round's result
            pen = top + 2
            mask = 0
            if v[_INV]:
                top = 99
                for i in range(p):
                    if tr[base + i] < top:
                        top = tr[base + i]
            elif tr[base] == _ACE and v[_AR]:
                return (1 << (tp[base] + 5)) | pen
            for i in range(p):
                if tr[base + i] == top:
                    if v[_TIE]:
                        mask |= 1 << tp[base + i]
                    else:
                        mask = 1 << tp[base + i]
            return (mask << 5) | pen
        if v[_AR] == _FORCES and tr[base] == _ACE:
            w = 0
        else:
            w = p - 1
            while tr[base + w] != top:
                w -= 1
        return _solve(tp[base + w], 0, -1, trick_no + 1)
    h = hands
    cnt = counts
    b = turn * 7
    n = cnt[turn]
    # legal index range: lowest rank always (choice) and the cards heading the trick
    if tl == 0:
        k = 0
        j = 0
    elif v[_AR] == _FORCES and tr[base] == _ACE:
        k = 1
        j = n
    else:
        low = h[b]
        k = 1
        while k < n and h[b + k] == low:
            k += 1
        j = n
        while j > 0 and h[b + j - 1] >= top:
            j -= 1
        if v[_STRICT] and j < n:
            k = 0
        if j < k:
            j = k
    best = -1
    bestc = 0
    tr_i = base + tl
    i = 0
    prev = -1
    while i < n:
        if i >= k and i < j:
            i = j
            continue
        rr = h[b + i]
        if rr == prev:
            i += 1
            continue
        prev = rr
        # play h[b+i]
        m = n - 1
        x = i
        while x < m:
            h[b + x] = h[b + x + 1]
            x += 1
        cnt[turn] = m
        tr[tr_i] = rr
        tp[tr_i] = turn
        v[_W] += 3  # a node of the exact search costs about 3 rollout plays
        nt = turn + 1
        if nt == p:
            nt = 0
        res = _solve(nt, tl + 1, rr if rr > top else top, trick_no)
        # undo
        x = m
        while x > i:
            h[b + x] = h[b + x - 1]
            x -= 1
        h[b + i] = rr
        cnt[turn] = n
        # the mover's cost: the penalty if it takes it (this seat's is match-aware)
        if (res >> 5) & (1 << turn):
            c = res & 31
            if turn == v[_ME] and c >= v[_ROOM]:
                c += v[_WT]
        else:
            c = 0
        if best < 0 or c < bestc:
            best = res
            bestc = c
        i += 1
    return best
