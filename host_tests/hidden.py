"""A helper for the fairness tests (host_tests/test_ai.py, test_players.py): a deal that
keeps everything one seat may know and redraws the others' hidden cards."""


def rearranged(m, seat, rng):
    """The deal of match ``m`` with everything ``seat`` may know kept and the others'
    hidden cards redrawn (within each seat's public bounds) from the cards ``seat`` cannot
    see: one list of cards per seat, played cards first; None if 200 draws found none."""
    n = m.n
    view = m.view(seat)
    hidden = []
    for s in range(n):
        if s != seat:
            hidden.extend(m.hand(s))
    dealt = set()
    for s in range(n):
        dealt.update(m.hand(s))
        dealt.update(m.played_by(s))
    pool = hidden + [c for c in range(52) if c not in dealt]
    for _ in range(200):
        rng.shuffle(pool)
        free = list(pool)
        hands = {}
        for s in range(n):
            if s == seat:
                continue
            lo, hi = view.bounds(s)
            pick = [c for c in free if lo <= c >> 2 < hi][:view.count(s)]
            if len(pick) < view.count(s):
                break
            for c in pick:
                free.remove(c)
            hands[s] = pick
        else:
            return [list(m.played_by(s)) + (list(m.hand(s)) if s == seat else hands[s])
                    for s in range(n)]
    return None


def twin_matches(rules, seed, stop, bots, rng):
    """Two matches that agree on everything the seat to move may know: one played for
    ``stop`` actions from the deal of ``seed`` (each seat asking ``bots[seat]``), and the
    same actions from that deal with the others' hidden cards redrawn (``rearranged``).
    ``(m, m2, seat)``, or None when no redraw was found."""
    from engine.match import Match
    base = Match(rules.copy(), seed=seed)
    deal0 = [list(base.hand(s)) for s in range(rules.players)]
    m = Match(rules.copy(), seed=1, hands=deal0, dealer=base.dealer)
    actions = []
    while len(actions) < stop:
        s = m.current_player()
        a = bots[s].choose(m.view(s))
        actions.append(a)
        m.apply_action(a)
    seat = m.current_player()
    deal = rearranged(m, seat, rng)
    if deal is None:
        return None
    m2 = Match(rules.copy(), seed=1, hands=deal, dealer=base.dealer)
    for a in actions:
        m2.apply_action(a)
    return m, m2, seat
