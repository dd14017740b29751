"""After a round that reached the threshold, a round of sudden death or the last of fixed
rounds: lives, re-entry offers and their answers, who is out, sudden death and the
winner (engine/RULES.md). The match (:class:`engine.match.Match`) imports this module
only for such a round or a re-entry answer and hands itself in; most rounds never load
it, so that a match's heap does not carry this code from trick to trick (on
micropython32: about 1.5 KB of engine.match's resident bytes; the app forgets it again
at the next screen).

The engine's values are folded here as private constants, so that they take no name
and this module imports nothing of engine.match (host_tests/test_engine_layout.py
checks that they equal the match's).
"""

from engine.compat import const

_IN = const(0)  # engine.match.IN
_OUT = const(1)  # engine.match.OUT
_NOBODY = const(255)  # engine.match.NOBODY
_PHASE_REENTRY = const(1)  # engine.match.PHASE_REENTRY
_PHASE_OVER = const(2)  # engine.match.PHASE_OVER
_DECLINE = const(52)  # engine.match.DECLINE
_PAY = const(53)  # engine.match.PAY
_EV_LIFE = const(5)
_EV_OFFER = const(6)
_EV_REENTER = const(7)
_EV_OUT = const(8)
_EV_SUDDEN = const(9)
_EV_WIN = const(10)
_EV_LOSER = const(12)
_EV_TIEBREAK = const(13)
_END_FIRST_OUT = const(1)  # engine.rules.END_FIRST_OUT
_END_FIXED_ROUNDS = const(2)  # engine.rules.END_FIXED_ROUNDS


def answer(m, action):
    """The re-entry answer ``action`` (legal: Match.decide checked it) of the seat offered
    one; True when nobody is left to answer (Match.decide then calls ``after_round``:
    from there, not from here, so that the deal of the next round is no frame deeper
    on the pystack than a play's)."""
    seat = m.pending[0]
    m.pending = m.pending[1:]
    if action == _DECLINE:
        m._log(_EV_OUT, seat, m.scores[seat], 0)
    else:
        m.status[seat] = _IN
        m.reentries_used[seat] += 1
        m.scores[seat] = m.restart[seat]
        if action == _PAY:
            m.chips[seat] += m.rules.reentry_chips
            m.pot += m.rules.reentry_chips
        else:
            m.sit_next[seat] = 1
        m._log(_EV_REENTER, seat, m.restart[seat], action)
    if len(m.pending):
        m.turn = m.pending[0]
        m._log(_EV_OFFER, m.turn, m.restart[m.turn], m.rules.reentry_chips)
        return False
    return True


def end_round(m):
    """After the penalty of a round in which someone reached the threshold, a round
    of sudden death, or the last round of a fixed-rounds game."""
    rules = m.rules
    n = m.n
    sc = m.scores
    takers = m.last_takers
    if m.sudden:
        # Sudden death: the penalty takers drop out unless every contender took it.
        left = bytearray(0)
        for s in range(n):
            if m.contenders[s] and not _has(takers, s):
                left.append(s)
        for s in takers:  # (the totals do not change)
            m._log(_EV_TIEBREAK, s, m.last_penalty, 1 if len(left) else 0)
        if len(left) == 1:
            _finish(m, left[0])
            return
        if len(left):
            for s in takers:
                m.contenders[s] = 0
            m._log(_EV_SUDDEN, left[0], len(left), 0)
        else:
            m._log(_EV_SUDDEN, takers[0], len(takers), 0)
        m._next_round()
        return
    if rules.end == _END_FIXED_ROUNDS:  # the last of the fixed rounds
        _lowest_wins(m, _all_in(m))
        return
    crossers = bytearray(0)  # in seat order from the dealer's left
    s = m.dealer
    for _ in range(n):
        s = (s + 1) % n
        if m.in_round[s] and sc[s] >= rules.threshold:
            crossers.append(s)
    if rules.end == _END_FIRST_OUT:  # the cucumber; the lowest of the others wins
        m.loser = crossers[0]
        for s in crossers:
            m.status[s] = _OUT
            m._log(_EV_LOSER, s, sc[s], 0)
        rest = _all_in(m)
        _lowest_wins(m, rest if len(rest) else crossers)
        return
    # Lives and re-entry (settled item 3): the restart score is the highest score of
    # the others still in who did not reach the threshold, before anything changes.
    best = -1
    for s in range(n):
        if m.status[s] == _IN and not _has(crossers, s) and sc[s] > best:
            best = sc[s]
    if best < 0:
        # Every remaining player crossed at once: no life is spent, the lowest total
        # wins, equal lowest play sudden death (settled item 1).
        _lowest_wins(m, crossers)
    elif _lives_and_reentry(m, crossers, best):
        after_round(m)


def _lives_and_reentry(m, crossers, best):
    """Lives and re-entry offers for the seats that reached the threshold, ``best`` the
    restart score; True unless offers wait for answers. (A function of its own so that
    no block of this module's code is large: it loads at a round's end, when the heap is
    in holes. It returns rather than calls on, so that the next round's deal is no
    frame deeper on the pystack.)"""
    rules = m.rules
    sc = m.scores
    others = m.n - sum(m.status) - len(crossers)
    pending = bytearray(0)
    for s in crossers:
        left = rules.reentries - m.reentries_used[s]
        m.status[s] = _OUT
        if left > 0 and not rules.reentry_choice:  # a life: free and automatic
            m.status[s] = _IN
            m.reentries_used[s] += 1
            sc[s] = best
            m._log(_EV_LIFE, s, best, left - 1)
        elif left > 0 and others >= rules.reentry_min_others:  # buy-back or comeback
            m.restart[s] = best
            pending.append(s)
        else:
            m._log(_EV_OUT, s, sc[s], 0)
    if len(pending):  # the offers are answered through decide()
        m.pending = pending
        m.phase = _PHASE_REENTRY
        m.turn = pending[0]
        m._log(_EV_OFFER, m.turn, best, rules.reentry_chips)
        return False
    return True


def _all_in(m):
    """The seats still in the match, in seat order."""
    out = bytearray(0)
    for s in range(m.n):
        if m.status[s] == _IN:
            out.append(s)
    return out


def after_round(m):
    """The last one in wins; otherwise the next round."""
    alive = _all_in(m)
    if len(alive) == 1:
        _finish(m, alive[0])
    else:
        m._next_round()


def _lowest_wins(m, seats):
    """The lowest total among ``seats`` wins; equal lowest play sudden death."""
    sc = m.scores
    low = 1 << 20
    for s in seats:
        if sc[s] < low:
            low = sc[s]
    tied = bytearray(0)
    for s in seats:
        if sc[s] == low:
            tied.append(s)
    if len(tied) == 1:
        _finish(m, tied[0])
        return
    m.sudden = True
    for s in range(m.n):
        m.contenders[s] = 0
        m.sit_next[s] = 0
    for s in tied:
        m.contenders[s] = 1
    m._log(_EV_SUDDEN, tied[0], len(tied), 0)
    m._next_round()


def _finish(m, winner):
    """``winner`` wins (and sweeps the pot)."""
    m.phase = _PHASE_OVER
    m.winner = winner
    m.turn = _NOBODY
    for s in range(m.n):
        m.status[s] = _OUT if s != winner else _IN
    m._log(_EV_WIN, winner, m.pot, 0)


def _has(seq, x):
    """``x in seq`` for a bytearray (which MicroPython's ``in`` does not support)."""
    for v in seq:
        if v == x:
            return True
    return False
