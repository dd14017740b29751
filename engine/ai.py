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
  ``EASY_SLIP`` percent of its choices.
- ``medium``: the heuristic refined: it leads a middle card while it holds four or more
  (the top cards stay to head later tricks), and when it plays last to a trick it can head
  it takes it with its smallest heading card. It sheds its highest card whenever that heads
  the trick and keeps its lowest for the last trick.
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
  a sampled card two, a node of the exact search three; default ``HARD_EFFORT``, which
  keeps a decision under about 30 million MicroPython fuel, ~0.27 s on a SAMD51
  (estimate)); fuel grows about linearly with it.

An AI reads only ``view.hand/trick/trick_no/leader/dealer/count/bounds/in_round/score/
reentries_left/played_by/legal_cards/legal_actions/phase`` and ``view.rules``.

Everything here runs on CircuitPython: small bytearrays allocated once per Player, ints
below 2**30, no per-node allocation in the search.
"""

from engine.compat import const
from engine.match import PAY, SIT_OUT, PHASE_PLAY
from engine.rng import Rng
from engine.rules import ACE_FORCES_LOWEST, END_FIXED_ROUNDS, END_FIRST_OUT

LEVELS = ("easy", "medium", "hard")

HARD_EFFORT = const(1800)  # work units (simulated plays) per decision: the board budget
EASY_SLIP = const(30)  # percent of easy's decisions that are a random legal card
_MAX_SAMPLES = const(64)
_scratch = None
_ACE = const(12)


class Player:
    def __init__(self, level="medium", seed=1, effort=None):
        if level not in LEVELS:
            raise ValueError("level: must be easy, medium or hard, not %r" % level)
        self.level = level
        self.rng = Rng(seed)
        if effort is None:
            effort = HARD_EFFORT
        self.effort = effort
        # Round memory: cards this seat saw leave a hand (collected tricks cannot be
        # reviewed, but the player saw them when they were played in front of it).
        self._seen = bytearray(52)
        self._mem_cnt = bytearray(7)  # cards remembered per seat
        # What the plays say if the others play like the heuristic (a soft belief, used
        # while sampling when it can be met): every card left has rank < _mhi[seat].
        self._mhi = bytearray(7)
        self._mem_trick = -1
        self._mem_key = -1
        # Simulator scratch, shared by every Player (one decision at a time).
        global _scratch
        if _scratch is None:
            _scratch = (
                bytearray(49),  # hands: positions in round order, ranks, 7 slots each
                bytearray(7),  # their counts
                bytearray(49),  # the sampled deal, copied into hands for each candidate
                bytearray(7),
                bytearray(49),  # trick k's ranks at [7k:7k+7]
                bytearray(49),  # and who played them
                bytearray(52),  # the pool of unseen cards (ranks)
                bytearray(7),  # public bounds lo, hi
                bytearray(7),
                bytearray(7),  # hi, tightened by the belief when that leaves room
                bytearray(7),  # seats in round order
                [0] * 7,  # cost per candidate
            )
        (self._h, self._cnt, self._bh, self._bcnt, self._tr, self._tp, self._pool,
         self._lo, self._hi, self._mh, self._order, self._cost) = _scratch
        self._work = 0

    # ----- the contract -----------------------------------------------------------

    def choose(self, view):
        if view.phase() != PHASE_PLAY:
            acts = view.legal_actions()
            if not acts:
                raise ValueError("choose: seat %d has nothing to do now" % view.seat)
            return self._reentry(acts)
        legal = view.legal_cards()
        if not legal:
            raise ValueError("choose: seat %d has nothing to do now" % view.seat)
        if self.level == "easy":
            if legal[0] >> 2 == legal[-1] >> 2:
                return legal[0]
            if self.rng.below(100) < EASY_SLIP:
                return legal[self.rng.below(len(legal))]
            return self._heuristic(view, legal)
        # the memory sees every turn of the round, forced ones included
        forced = legal[0] >> 2 == legal[-1] >> 2
        self._remember(view, self.level == "hard" and not forced)
        if forced:
            return legal[0]
        if self.level == "medium":
            return self._medium(view, legal)
        return self._hard(view, legal)

    def _reentry(self, acts):
        """Coming back is always worth it; sitting a round out costs no chip and no risk."""
        if self.level != "easy" and SIT_OUT in acts:
            return SIT_OUT
        return PAY if PAY in acts else acts[0]

    # ----- what the seat knows ------------------------------------------------------

    def _remember(self, view, catch_up):
        """Add what the view shows to the round memory. With ``catch_up`` (and the played
        cards open) also read back the plays made since this seat's last turn."""
        tn = view.trick_no()
        s = self._seen
        mc = self._mem_cnt
        H = view.rules.hand
        key = view.dealer() * 256 + view.score(view.seat)
        if len(view.hand()) == H or tn < self._mem_trick or key != self._mem_key:
            for i in range(52):
                s[i] = 0
            for i in range(7):
                mc[i] = 0
                self._mhi[i] = 13
        self._mem_trick = tn
        self._mem_key = key
        cards, who = view.trick()
        r = view.rules
        top = -1
        model = not r.inverse and not (len(cards) and cards[0] >> 2 == _ACE
                                        and r.ace == ACE_FORCES_LOWEST)
        for i in range(len(cards)):
            c = cards[i]
            k = c >> 2
            if model and (i or view.count(who[0]) < 3):
                # the heuristic plays its highest card when it heads, else its lowest
                # (a lead from four cards or more is medium's middle card: no belief)
                lim = k + 1 if k >= top else top
                if lim < self._mhi[who[i]]:
                    self._mhi[who[i]] = lim
            if k > top:
                top = k
            if not s[c]:
                s[c] = 1
                mc[who[i]] += 1
        if not (catch_up and view.rules.open_cards):
            return
        for seat in range(view.n):
            if seat != view.seat and view.in_round(seat) and mc[seat] < H - view.count(seat):
                for c in view.played_by(seat):
                    if not s[c]:
                        s[c] = 1
                        mc[seat] += 1
        for c in view.played_by(view.seat):
            s[c] = 1

    def _stakes(self, view):
        """(weight of busting, score headroom): how much crossing the threshold hurts."""
        r = view.rules
        if r.end == END_FIXED_ROUNDS:
            return 0, 999
        room = r.threshold - view.score(view.seat)
        if r.end == END_FIRST_OUT:
            return 60, room
        if view.reentries_left(view.seat) > 0:
            return 12, room
        return 40, room

    # ----- heuristic (easy, medium) -------------------------------------------------

    def _top(self, view):
        cards, _ = view.trick()
        t = -1
        for c in cards:
            if c >> 2 > t:
                t = c >> 2
        return t, len(cards), (len(cards) and cards[0] >> 2 == _ACE
                               and view.rules.ace == ACE_FORCES_LOWEST)

    def _heuristic(self, view, legal):
        """Normal game: the highest card when it heads the trick (or leads), else the
        lowest. Inverse game: always the lowest legal card (under the strict rule that is
        the lowest card heading the trick)."""
        if view.rules.inverse:
            return legal[0]
        top, tl, ace_led = self._top(view)
        if ace_led:
            return legal[0]
        if legal[-1] >> 2 >= top:
            return legal[-1]
        return legal[0]

    def _medium(self, view, legal):
        """The heuristic, refined for the normal game (the inverse game keeps it):

        - leading with four cards or more: lead the middle one. The top cards stay in hand
          to head later tricks, and whoever takes this trick spends a high card on it;
        - last to play and able to head: the smallest card that heads. Played last, it
          takes the trick (and the lead) and the higher cards stay for later;
        - otherwise the heuristic: the highest card when it heads, else the lowest.
        """
        if view.rules.inverse:
            return legal[0]
        top, tl, ace_led = self._top(view)
        if ace_led:
            return legal[0]
        if tl == 0:
            if len(legal) >= 4:
                return legal[len(legal) >> 1]
            return legal[-1]
        if legal[-1] >> 2 < top:
            return legal[0]
        p = 0
        for seat in range(view.n):
            if view.in_round(seat):
                p += 1
        if tl == p - 1:
            for c in legal:
                if c >> 2 >= top:
                    return c
        return legal[-1]

    # ----- hard: determinised search ------------------------------------------------

    def _setup(self, view):
        """Fill the simulator's fixed part from the view; return (p, me, tl, top, tno)."""
        m_n = view.n
        seats = self._order
        p = 0
        s = view.leader()
        for _ in range(m_n):
            if view.in_round(s):
                seats[p] = s
                p += 1
            s = (s + 1) % m_n
        me = 0
        while seats[me] != view.seat:
            me += 1
        cards, who = view.trick()
        tl = len(cards)
        tno = view.trick_no()
        base = tno * 7
        top = -1
        for i in range(tl):
            rr = cards[i] >> 2
            self._tr[base + i] = rr
            self._tp[base + i] = i  # position i played i-th (positions start at leader)
            if rr > top:
                top = rr
        # Pool of unseen cards (ranks) and the others' counts and bounds.
        pool = self._pool
        seen = self._seen
        hand = view.hand()
        mine = bytearray(52)
        for c in hand:
            mine[c] = 1
        k = 0
        for c in range(52):
            if not seen[c] and not mine[c]:
                pool[k] = c >> 2
                k += 1
        self._pool_n = k
        for q in range(p):
            st = seats[q]
            self._bcnt[q] = view.count(st)
            lo, hi = view.bounds(st)
            self._lo[q] = lo
            self._hi[q] = hi
            mh = self._mhi[st] if self.level == "hard" else 13
            self._mh[q] = mh if lo < mh < hi else hi
        b = me * 7
        for i in range(len(hand)):
            self._bh[b + i] = hand[i] >> 2
        return p, me, tl, top, tno

    def _sample(self, p, me):
        """Deal the pool to the other positions in ``_bh`` respecting counts and bounds:
        first with the belief about the others' highest cards, then with the public bounds
        only, at last with any cards."""
        rng = self.rng
        pool = self._pool
        pn = self._pool_n
        bh = self._bh
        cnt = self._bcnt
        lo = self._lo
        for attempt in range(5):
            hi = self._mh if attempt < 2 else self._hi
            left = pn  # pool[0:left] is still free (swap-remove)
            ok = True
            for pass_ in range(2):  # tighter ranges first
                for q in range(p):
                    if q == me or (pass_ == 0) != (hi[q] - lo[q] < 13):
                        continue
                    b = q * 7
                    a = lo[q]
                    z = hi[q]
                    for j in range(cnt[q]):
                        tries = 0
                        while left:
                            x = rng.below(left)
                            rr = pool[x]
                            if a <= rr < z or attempt == 4:
                                break
                            tries += 1
                            if tries > 12:
                                ok = False
                                break
                        if not ok or not left:
                            ok = False
                            break
                        self._work += 2 * tries + 2  # a draw costs about 2 plays
                        left -= 1
                        pool[x] = pool[left]
                        pool[left] = rr
                        i = j  # insertion into the sorted hand
                        while i > 0 and bh[b + i - 1] > rr:
                            bh[b + i] = bh[b + i - 1]
                            i -= 1
                        bh[b + i] = rr
                    if not ok:
                        break
                if not ok:
                    break
            if ok:
                return

    def _hard(self, view, legal):
        r = view.rules
        hand = view.hand()
        n = len(hand)
        # candidates: one card per distinct rank
        cands = []
        last = -1
        for c in legal:
            if c >> 2 != last:
                cands.append(c)
                last = c >> 2
        default = self._medium(view, legal)
        nc = len(cands)
        p, me, tl, top, tno = self._setup(view)
        lastt = r.hand - 1
        remaining = 0
        for q in range(p):
            remaining += self._bcnt[q]
        exact = tno >= lastt - 1
        per = remaining * nc
        if exact:
            per = per * 3 * (1 << (p if p < 6 else 6)) // p
        per += 2 * (remaining - n)
        if per * 2 > self.effort:
            return default
        weight, room = self._stakes(view)
        self._weight = weight
        self._room = room
        self._me = me
        self._p = p
        self._lastt = lastt
        self._strict = r.strict
        self._inverse = r.inverse
        self._tie_all = r.tie_all
        self._ace = r.ace
        cost = self._cost
        for i in range(nc):
            cost[i] = 0
        h = self._h
        bh = self._bh
        cnt = self._cnt
        bcnt = self._bcnt
        b = me * 7
        nxt = me + 1
        if nxt == p:
            nxt = 0
        effort = self.effort
        self._work = 0
        done = 0
        while done < _MAX_SAMPLES:
            w0 = self._work
            self._sample(p, me)
            for ci in range(nc):
                h[:] = bh
                cnt[:] = bcnt
                # play the candidate
                cr = cands[ci] >> 2
                j = 0
                while h[b + j] != cr:
                    j += 1
                nn = n - 1
                while j < nn:
                    h[b + j] = h[b + j + 1]
                    j += 1
                cnt[me] = nn
                base = tno * 7
                self._tr[base + tl] = cr
                self._tp[base + tl] = me
                t2 = cr if cr > top else top
                if exact:
                    res = self._solve(nxt, tl + 1, t2, tno)
                else:
                    res = self._rollout(nxt, tl + 1, t2, tno)
                cost[ci] += self._util(res)
            done += 1
            self._work += nc
            if self._work + (self._work - w0) > effort:
                break
        best = -1
        for ci in range(nc):
            if best < 0 or cost[ci] < cost[best]:
                best = ci
        # keep the heuristic's choice on a tie
        for ci in range(nc):
            if cands[ci] >> 2 == default >> 2 and cost[ci] == cost[best]:
                return default
        return cands[best]

    def _util(self, res):
        """Cost for me of a round result ``res`` = takers mask << 5 | penalty."""
        if not (res >> 5) & (1 << self._me):
            return 0
        pen = res & 31
        if pen >= self._room:
            return pen + self._weight
        return pen

    def _score(self, base, p, top):
        """Result of the finished last trick stored at ``base``: mask << 5 | penalty."""
        tr = self._tr
        tp = self._tp
        pen = top + 2
        mask = 0
        if self._inverse:
            low = 99
            for i in range(p):
                if tr[base + i] < low:
                    low = tr[base + i]
            for i in range(p):
                if tr[base + i] == low:
                    if self._tie_all:
                        mask |= 1 << tp[base + i]
                    else:
                        mask = 1 << tp[base + i]
            return (mask << 5) | pen
        if tr[base] == _ACE and self._ace != 0:
            return (1 << (tp[base] + 5)) | pen
        for i in range(p):
            if tr[base + i] == top:
                if self._tie_all:
                    mask |= 1 << tp[base + i]
                else:
                    mask = 1 << tp[base + i]
        return (mask << 5) | pen

    def _rollout(self, turn, tl, top, tno):
        """Play the round out with the heuristic for everyone; return mask << 5 | pen."""
        h = self._h
        cnt = self._cnt
        tr = self._tr
        tp = self._tp
        p = self._p
        lastt = self._lastt
        strict = self._strict
        inverse = self._inverse
        forces = self._ace == ACE_FORCES_LOWEST
        base = tno * 7
        work = 0
        while True:
            if tl == p:
                work += p
                if tno == lastt:
                    self._work += work
                    return self._score(base, p, top)
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

    def _solve(self, turn, tl, top, tno):
        """Exact play of the rest of the round (max-n: each player minimises their own
        cost, this seat its match-aware cost). Returns mask << 5 | penalty."""
        p = self._p
        base = tno * 7
        tr = self._tr
        tp = self._tp
        if tl == p:
            if tno == self._lastt:
                return self._score(base, p, top)
            if self._ace == ACE_FORCES_LOWEST and tr[base] == _ACE:
                w = 0
            else:
                w = p - 1
                while tr[base + w] != top:
                    w -= 1
            return self._solve(tp[base + w], 0, -1, tno + 1)
        h = self._h
        cnt = self._cnt
        b = turn * 7
        n = cnt[turn]
        # legal index range: lowest rank always (choice) and the cards heading the trick
        if tl == 0:
            k = 0
            j = 0
        elif self._ace == ACE_FORCES_LOWEST and tr[base] == _ACE:
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
            if self._strict and j < n:
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
            self._work += 3  # a node of the exact search costs about 3 rollout plays
            nt = turn + 1
            if nt == p:
                nt = 0
            res = self._solve(nt, tl + 1, rr if rr > top else top, tno)
            # undo
            x = m
            while x > i:
                h[b + x] = h[b + x - 1]
                x -= 1
            h[b + i] = rr
            cnt[turn] = n
            if turn == self._me:
                c = self._util(res)
            else:
                c = res & 31 if (res >> 5) & (1 << turn) else 0
            if best < 0 or c < bestc:
                best = res
                bestc = c
            i += 1
        return best
