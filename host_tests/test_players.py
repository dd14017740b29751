"""The Monte-Carlo reference players (tools/players.py: pimc, pimc2): always legal, only
what the seat may know, deterministic, their deals within the public bounds, and their
rank-level playout the engine's own round."""

import random

import pytest

import players
from engine.match import PHASE_PLAY, Match
from engine.rules import Rules
from hidden import rearranged  # noqa: E402

VARIANTS = [
    ("agurk", {}),
    ("gurka", {}),
    ("ogorek", {}),
    ("agurk", {"inverse": True}),
    ("gurka", {"inverse": True, "tie_all": True}),
    ("agurk", {"strict": True, "ace": 2}),
    ("ogorek", {"buyback": True, "threshold": 21}),
    ("gurka", {"comeback": True, "threshold": 21}),
    ("agurk", {"lives": 3, "threshold": 15}),
    ("agurk", {"hand": 3, "threshold": 15, "open_cards": False}),
]


def _play(rules, names, seed, effort=4, max_actions=4000):
    m = Match(rules, seed=seed)
    bots = [players.make(names[s % len(names)], seed=seed + s, effort=effort)
            for s in range(rules.players)]
    trace = []
    while not m.is_terminal() and len(trace) < max_actions:
        s = m.current_player()
        legal = m.legal_actions()
        a = bots[s].choose(m.view(s))
        assert a in legal, (rules.describe(), s, a, legal)
        trace.append(a)
        m.apply_action(a)
    assert m.is_terminal()
    return trace


@pytest.mark.parametrize("profile,settings", VARIANTS)
def test_pimc_players_play_only_legal_actions(profile, settings):
    for n in (3, 4, 5, 6):
        if settings.get("buyback") and n < 4:
            continue
        _play(Rules(profile, players=n, **settings), ["pimc", "pimc2"], seed=n * 7 + 1)


def test_deterministic_for_a_seed_and_effort_is_a_knob():
    rules = Rules("agurk", players=4)
    for name in ("pimc", "pimc2"):
        assert _play(rules.copy(), [name], 9) == _play(rules.copy(), [name], 9)
        assert players.make(name, 3).samples == players.PIMC_SAMPLES == 1000
        assert players.make(name, 3, effort=17).samples == 17


@pytest.mark.parametrize("profile,settings", [
    ("agurk", {}), ("gurka", {}), ("ogorek", {"inverse": True}), ("agurk", {"strict": True}),
])
def test_decision_ignores_what_the_seat_cannot_see(profile, settings):
    rng = random.Random(11)
    checked = 0
    for game in range(8):
        rules = Rules(profile, players=4, **settings)
        base = Match(rules.copy(), seed=50 + game)
        deal0 = [list(base.hand(s)) for s in range(4)]
        m = Match(rules.copy(), seed=1, hands=deal0, dealer=base.dealer)
        stop = rng.randrange(4, 22)
        actions = []
        bots = [players.make("sharp") for s in range(4)]
        while len(actions) < stop:
            s = m.current_player()
            a = bots[s].choose(m.view(s))
            actions.append(a)
            m.apply_action(a)
        seat = m.current_player()
        deal = rearranged(m, seat, rng)
        if deal is None:
            continue
        m2 = Match(rules.copy(), seed=1, hands=deal, dealer=base.dealer)
        for a in actions:
            m2.apply_action(a)
        v1, v2 = m.view(seat), m2.view(seat)
        assert v1.hand() == v2.hand() and v1.trick() == v2.trick()
        for s in range(4):
            assert v1.bounds(s) == v2.bounds(s) and v1.count(s) == v2.count(s)
        for name in ("pimc", "pimc2"):
            a1 = players.make(name, 7, effort=30).choose(v1)
            a2 = players.make(name, 7, effort=30).choose(v2)
            assert a1 == a2, (name, profile, game)
        checked += any(m.hand(s) != m2.hand(s) for s in range(4) if s != seat)
    assert checked >= 4


def _check_sample(view, hands):
    seen = set(c for c in range(52) if view.seen()[c]) | set(view.hand())
    for s in range(view.n):
        if s == view.seat or not view.in_round(s) or not view.count(s):
            assert s not in hands
            continue
        lo, hi = view.bounds(s)
        assert len(hands[s]) == view.count(s)
        assert all(lo <= r < hi for r in hands[s]), (s, lo, hi, hands[s])
    # ranks available: each rank has 4 cards minus the ones seen
    for r in range(13):
        used = sum(h.count(r) for h in hands.values())
        assert used <= 4 - sum(1 for c in seen if c >> 2 == r)


def test_sampled_deals_respect_the_bounds_in_play():
    rng = random.Random(3)
    for game in range(30):
        profile = ("agurk", "gurka", "ogorek")[game % 3]
        rules = Rules(profile, players=3 + game % 4, strict=game % 2 == 0)
        m = Match(rules, seed=game)
        bots = [players.make("sharp") for _ in range(rules.players)]
        for _ in range(rng.randrange(2, 5 * rules.players)):
            if m.phase != PHASE_PLAY:
                break
            s = m.current_player()
            m.apply_action(bots[s].choose(m.view(s)))
        if m.phase != PHASE_PLAY:
            continue
        view = m.view(m.current_player())
        r = random.Random(game)
        for _ in range(20):
            _check_sample(view, players.sample_hands(view, r))


def test_a_forced_hand_is_always_sampled():
    """Strict, two players, open cards: seat 1 plays a 7 under an 8 lead, so the rest of
    its hand is 7s; seat 0 holds one 7, one 7 is played: seat 1 holds the other two."""
    rules = Rules("gurka", players=2, hand=3, open_cards=True)
    c = lambda rank, suit: rank * 4 + suit  # noqa: E731
    hands = [[c(6, 0), c(5, 1), c(12, 0)], [c(5, 0), c(5, 2), c(5, 3)]]
    m = Match(rules, hands=hands, dealer=1)
    assert m.current_player() == 0
    m.apply_action(c(6, 0))
    m.apply_action(c(5, 0))
    assert m.current_player() == 0
    view = m.view(0)
    assert view.bounds(1) == (5, 6)
    r = random.Random(1)
    for _ in range(50):
        assert players.sample_hands(view, r) == {1: [5, 5]}
    for name in ("pimc", "pimc2"):
        assert players.make(name, 1, effort=20).choose(view) in view.legal_cards()


@pytest.mark.parametrize("profile,settings", VARIANTS[:6])
def test_rank_playout_is_the_engines_round(profile, settings):
    """The playout with sharp's rule from a round's first card gives every seat the
    penalty the engine's round gives it with sharp players."""
    for n in (2, 3, 5, 7):
        rules = Rules(profile, players=n, **settings)
        for seed in range(12):
            m = Match(rules.copy(), seed=seed)
            view = m.view(m.current_player())
            order = players._round_order(view)
            hands = {s: [c >> 2 for c in m.hand(s)] for s in order}
            sharp = players.make("sharp")
            first = None
            while m.round_no == 0 and not m.is_terminal():
                s = m.current_player()
                a = sharp.choose(m.view(s))
                if first is None:
                    first = (a >> 2, s)
                m.apply_action(a)
            hands[first[1]].remove(first[0])
            for me in order:
                sim = players._Sim(rules, order, me)
                h = {s: list(x) for s, x in hands.items()}
                got = sim.playout(h, [first], 0, random.Random(0), True)
                want = m.last_penalty if me in m.last_takers else 0
                assert got == want, (profile, settings, n, seed, me)


@pytest.mark.parametrize("profile,settings", VARIANTS[:6])
def test_random_playouts_are_legal_rounds_of_the_engine(profile, settings):
    """A random playout replayed through the engine (any card of each rank): every play
    legal, and the penalty the same."""
    for n in (2, 4, 6):
        rules = Rules(profile, players=n, **settings)
        for seed in range(10):
            m = Match(rules.copy(), seed=seed)
            view = m.view(m.current_player())
            order = players._round_order(view)
            hands = {s: [c >> 2 for c in m.hand(s)] for s in order}
            lead = m.legal_cards()[seed % len(m.legal_cards())]
            first = (lead >> 2, m.current_player())
            hands[first[1]].remove(first[0])
            me = order[seed % len(order)]
            log = []
            got = players._Sim(rules, order, me).playout(
                hands, [first], 0, random.Random(seed), False, log)
            m.apply_action(lead)
            for rank, seat in log:
                assert m.current_player() == seat
                m.apply_action([c for c in m.hand(seat) if c >> 2 == rank][0])
            assert m.round_no == 1
            assert got == (m.last_penalty if me in m.last_takers else 0)
