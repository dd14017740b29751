"""The less frequent half of :class:`engine.match.Match`, imported on first use to keep
the board's heap small while nobody has reached the threshold yet: lives and re-entry
offers, eliminations, sudden death, the match end, and first deals given by the caller.

Every function takes the match ``m`` and changes it exactly as the rules in RULES.md
(and the choices in engine/RULES.md) say.
"""

from engine.match import (
    IllegalPlay, DECLINE, PAY, SIT_OUT, PHASE_REENTRY, PHASE_OVER, IN, OUT, EV_PENALTY, EV_LIFE,
    EV_OFFER, EV_REENTER, EV_OUT, EV_SUDDEN, EV_WIN, EV_LOSER,
)


def _has(seq, x):
    """``x in seq`` for a bytearray (which MicroPython's ``in`` does not support)."""
    for v in seq:
        if v == x:
            return True
    return False


def end_round(m):
    """After the penalty of a round in which someone reached the threshold, a round of
    sudden death, or the last round of a fixed-rounds game."""
    rules = m.rules
    n = m.n
    sc = m.scores
    takers = m.last_takers
    if m.sudden:
        for s in takers:
            m._log(EV_PENALTY, s, m.last_penalty, sc[s])  # totals do not change
        # Sudden death: the penalty takers drop out unless every contender took it.
        left = bytearray(0)
        for s in range(n):
            if m.contenders[s] and not _has(takers, s):
                left.append(s)
        if len(left) == 1:
            finish(m, left[0])
            return
        if len(left):
            for s in takers:
                m.contenders[s] = 0
            m._log(EV_SUDDEN, left[0], len(left), 0)
        else:
            m._log(EV_SUDDEN, takers[0], len(takers), 0)
        m._next_round()
        return
    if rules.end == 2:  # the last of the fixed rounds: lowest total wins
        lowest_wins(m, all_in(m))
        return
    crossers = bytearray(0)  # in seat order from the dealer's left
    s = m.dealer
    for _ in range(n):
        s = (s + 1) % n
        if m.in_round[s] and sc[s] >= rules.threshold:
            crossers.append(s)
    if rules.end == 1:  # first out loses: the cucumber; lowest of the others wins
        m.loser = crossers[0]
        for s in crossers:
            m.status[s] = OUT
            m._log(EV_LOSER, s, sc[s], 0)
        rest = all_in(m)
        lowest_wins(m, rest if len(rest) else crossers)
        return
    # Lives and re-entry (settled item 3): the restart score is the highest score of the
    # others still in who did not reach the threshold, before anything changes.
    best = -1
    for s in range(n):
        if m.status[s] == IN and not _has(crossers, s) and sc[s] > best:
            best = sc[s]
    if best < 0:
        # Every remaining player crossed at once: no life is spent, the lowest total
        # wins, equal lowest play sudden death (settled item 1).
        lowest_wins(m, crossers)
        return
    others = n - sum(m.status) - len(crossers)
    pending = bytearray(0)
    for s in crossers:
        left = rules.reentries - m.reentries_used[s]
        m.status[s] = OUT
        if left > 0 and not rules.reentry_choice:  # a life: free and automatic
            m.status[s] = IN
            m.reentries_used[s] += 1
            sc[s] = best
            m._log(EV_LIFE, s, best, left - 1)
        elif left > 0 and others >= rules.reentry_min_others:  # buy-back or comeback
            m.restart[s] = best
            pending.append(s)
        else:
            m._log(EV_OUT, s, sc[s], 0)
    if len(pending):
        m.pending = pending
        m.phase = PHASE_REENTRY
        m.turn = pending[0]
        m._log(EV_OFFER, m.turn, best, rules.reentry_chips)
        return
    after_round(m)


def decide(m, action):
    """The player offered a re-entry answers DECLINE, PAY or SIT_OUT."""
    if m.phase != PHASE_REENTRY or action not in m.legal_actions():
        raise IllegalPlay("re-entry: %r is not an answer now (legal: %s)"
                          % (action, m.legal_actions()))
    seat = m.pending[0]
    m.pending = m.pending[1:]
    if action == DECLINE:
        m._log(EV_OUT, seat, m.scores[seat], 0)
    else:
        m.status[seat] = IN
        m.reentries_used[seat] += 1
        m.scores[seat] = m.restart[seat]
        if action == PAY:
            m.chips[seat] += m.rules.reentry_chips
            m.pot += m.rules.reentry_chips
        else:
            m.sit_next[seat] = 1
        m._log(EV_REENTER, seat, m.restart[seat], action)
    if len(m.pending):
        m.turn = m.pending[0]
        m._log(EV_OFFER, m.turn, m.restart[m.turn], m.rules.reentry_chips)
    else:
        after_round(m)


def all_in(m):
    out = bytearray(0)
    for s in range(m.n):
        if m.status[s] == IN:
            out.append(s)
    return out


def after_round(m):
    alive = all_in(m)
    if len(alive) == 1:
        finish(m, alive[0])
    else:
        m._next_round()


def lowest_wins(m, seats):
    """Lowest total among ``seats`` wins; equal lowest play sudden death."""
    low = 1 << 20
    for s in seats:
        if m.scores[s] < low:
            low = m.scores[s]
    tied = bytearray(0)
    for s in seats:
        if m.scores[s] == low:
            tied.append(s)
    if len(tied) == 1:
        finish(m, tied[0])
        return
    m.sudden = True
    for s in range(m.n):
        m.contenders[s] = 0
        m.sit_next[s] = 0
    for s in tied:
        m.contenders[s] = 1
    m._log(EV_SUDDEN, tied[0], len(tied), 0)
    m._next_round()


def finish(m, winner):
    """``winner`` wins (and sweeps the pot)."""
    m.phase = PHASE_OVER
    m.winner = winner
    m.turn = 255
    for s in range(m.n):
        m.status[s] = OUT if s != winner else IN
    m._log(EV_WIN, winner, m.pot, 0)


def give_hands(m, hands):
    """Deal ``hands`` (one list of card codes or names per seat) instead of shuffling."""
    from engine.cards import parse
    H = m.rules.hand
    for s in range(m.n):
        hs = hands[s] if s < len(hands) else ()
        want = H if m.in_round[s] else 0
        if len(hs) != want:
            raise ValueError("deal: seat %d needs %d cards, got %d" % (s, want, len(hs)))
        for c in hs:
            if isinstance(c, str):
                c = parse(c)
            if not 0 <= c < 52 or m.owner[c] != 255:
                raise ValueError("deal: card %r is dealt twice or is no card" % c)
            give(m, s, c)


def give(m, seat, card):
    """Insert ``card`` into ``seat``'s sorted hand (a given deal, a restored save)."""
    b = m.first[seat]
    i = b + m.counts[seat]
    h = m.hands
    while i > b and h[i - 1] > card:
        h[i] = h[i - 1]
        i -= 1
    h[i] = card
    m.counts[seat] += 1
    m.owner[card] = seat


def reentry_actions(m):
    """The answers to a re-entry offer: DECLINE, PAY and, for a comeback, SIT_OUT when two
    others are left to play the round."""
    acts = [DECLINE, PAY]
    if m.rules.reentry_sit_out:
        c = 0
        for s in range(m.n):
            if m.status[s] == IN and not m.sit_next[s]:
                c += 1
        if c >= 2:
            acts.append(SIT_OUT)
    return acts


def takers_and_penalty(m, w):
    """Who scores the last trick and how much, under "inverse" or "all tied" (the taker
    of the trick, index ``w``, and its card's value otherwise: Match._score_round)."""
    t = m.trick
    ts = m.trick_seats
    hi = 12 if m.top > 12 else m.top
    penalty = (t[w] >> 2) + 2
    takers = bytearray(0)
    if m.rules.inverse:
        # The lowest card loses; its penalty is the value of the highest card.
        penalty = hi + 2
        low = 99
        for i in range(m.trick_len):
            if t[i] >> 2 < low:
                low = t[i] >> 2
        hi = low
    elif m.alone or not m.rules.tie_all:
        hi = -1
        takers.append(ts[w])
    for i in range(m.trick_len):
        if t[i] >> 2 == hi:
            if m.rules.tie_all:
                takers.append(ts[i])
            else:
                takers = bytearray((ts[i],))
    return takers, penalty
