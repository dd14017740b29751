"""The Monte-Carlo reference players (tools/measure/players.py: pimc, pimc2): always legal, only
what the seat may know, deterministic, their deals within the public bounds, and their
rank-level playout the engine's own round."""

import random

import pytest

import players
from engine.match import PHASE_PLAY, Match
from engine.rules import Rules
from hidden import twin_matches  # noqa: E402

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
        bots = [players.make("sharp") for s in range(4)]
        twins = twin_matches(rules, 50 + game, rng.randrange(4, 22), bots, rng)
        if twins is None:
            continue
        m, m2, seat = twins
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
def test_pimc2s_fast_playout_is_the_sharp_playout(profile, settings):
    """pimc2 plays its deals out with _Sim.sharp_playout: the penalty playout(sharp=True)
    gives, from any point of a round (every trick, every card of it) and for every seat."""
    rng = random.Random(4)
    checked = 0
    for n in (2, 3, 5, 7):
        rules = Rules(profile, players=n, **settings)
        for seed in range(6):
            m = Match(rules.copy(), seed=seed)
            order = players._round_order(m.view(m.current_player()))
            while m.round_no == 0 and not m.is_terminal():
                cards, seats = m.view(m.current_player()).trick()
                trick = [(cards[i] >> 2, seats[i]) for i in range(len(cards))]
                hands = {s: sorted(c >> 2 for c in m.hand(s)) for s in order}
                s = m.current_player()
                card = rng.choice(m.legal_cards())
                hands[s].remove(card >> 2)
                for me in order:
                    sim = players._Sim(rules, order, me)
                    slow = sim.playout({k: list(v) for k, v in hands.items()},
                                       trick + [(card >> 2, s)], m.trick_no, None, True)
                    fast = sim.sharp_playout({k: list(v) for k, v in hands.items()},
                                             trick + [(card >> 2, s)], m.trick_no)
                    assert fast == slow, (profile, settings, n, seed, me)
                    checked += 1
                m.apply_action(card)
    assert checked > 500


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


# ----- a student's bot file (issue 10) --------------------------------------------------------

def _bot_file(tmp_path, text, name="bot.py"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _play_bot_match(rules, bot, seed=3):
    """A whole match, seat 0 the FileBot ``bot``, the others sharp; every action legal."""
    m = Match(rules, seed=seed)
    ps = [bot] + [players.make("sharp") for _ in range(rules.players - 1)]
    while not m.is_terminal():
        s = m.current_player()
        a = ps[s].choose(m.view(s))
        assert a in m.legal_actions()
        m.apply_action(a)
    return m


def test_a_bot_file_is_made_by_its_path_and_named_by_its_base_name(tmp_path):
    path = _bot_file(tmp_path, "def choose(view):\n    return min(view.legal)\n")
    bot = players.make(path, seed=5)
    assert isinstance(bot, players.FileBot) and bot.name == "bot.py"
    assert players.is_bot_file(path) and not players.is_bot_file("hard")
    _play_bot_match(Rules("agurk", players=3, threshold=12), bot)
    assert bot.asked > 0 and sum(bot.problems.values()) == 0 and bot.first == {}


def test_each_bot_gets_a_fresh_module(tmp_path):
    path = _bot_file(tmp_path, "seen = []\n"
                               "def choose(view):\n"
                               "    seen.append(view.seat)\n"
                               "    return view.legal[0]\n")
    one, two = players.make(path), players.make(path)
    assert one.module is not two.module and one.module.__name__ != two.module.__name__
    m = Match(Rules("agurk", players=2), seed=1)
    s = m.current_player()
    one.choose(m.view(s))
    assert one.module.seen == [s] and two.module.seen == []
    import sys
    assert one.module.__name__ not in sys.modules  # thousands of loads do not pile up


def test_re_entry_offers_are_answered_by_the_fallback_never_the_bot(tmp_path):
    path = _bot_file(tmp_path, "def choose(view):\n"
                               "    assert view.legal, 'asked without a card to play'\n"
                               "    return max(view.legal)\n")
    offered = 0
    for seed in range(6):
        bot = players.make(path, seed=seed)
        _play_bot_match(Rules("gurka", players=4, comeback=True, threshold=21), bot, seed)
        assert sum(bot.problems.values()) == 0
        offered += bot.offers
    assert offered > 0  # max(legal) takes penalties: the bot's seat was offered a way back


@pytest.mark.parametrize("body,kind,words", [
    ("raise RuntimeError('boom')", "errors", "RuntimeError: boom"),
    ("return 99", "illegal", "bot played 99: not legal now"),
    ("return None", "illegal", "bot played None: not legal now"),
    ("return list(view.legal)", "illegal", "not legal now"),
])
def test_a_failing_bot_is_played_by_medium_and_counted(tmp_path, body, kind, words):
    path = _bot_file(tmp_path, "def choose(view):\n    %s\n" % body)
    rules = Rules("agurk", players=3, threshold=12)
    bot = players.make(path, seed=2)
    m = _play_bot_match(rules.copy(), bot)
    assert bot.problems[kind] == bot.asked > 0
    assert sum(bot.problems.values()) == bot.asked
    assert list(bot.first) == [kind] and words in bot.first[kind]
    if kind == "errors":
        assert bot.first[kind].startswith("Traceback") and "in choose" in bot.first[kind]
    # medium of the same seed played every card: the match is medium's
    medium = players.make("medium", seed=2)
    m2 = Match(rules.copy(), seed=3)
    ps = [medium] + [players.make("sharp") for _ in range(2)]
    while not m2.is_terminal():
        s = m2.current_player()
        m2.apply_action(ps[s].choose(m2.view(s)))
    assert (m.winner, m.round_no) == (m2.winner, m2.round_no)


def test_a_slow_bot_is_played_by_medium(tmp_path):
    path = _bot_file(tmp_path, "def choose(view):\n    return min(view.legal)\n")
    bot = players.make(path, seed=2)
    ticks = [0]

    def clock():  # each reading 2 s after the last: every card takes 2 s
        ticks[0] += 2 * 10 ** 9
        return ticks[0]

    bot.clock = clock
    m = Match(Rules("agurk", players=3), seed=1)
    while m.current_player() != 0:
        s = m.current_player()
        m.apply_action(players.make("sharp").choose(m.view(s)))
    assert bot.choose(m.view(0)) in m.legal_cards()
    assert bot.problems == {"errors": 0, "illegal": 0, "slow": 0}  # 2 s: within the limit

    def slow():
        ticks[0] += 4 * 10 ** 9
        return ticks[0]

    bot.clock = slow
    assert bot.choose(m.view(0)) in m.legal_cards()
    assert bot.problems["slow"] == 1 and "too slow" in bot.first["slow"]


@pytest.mark.parametrize("text,words", [
    (None, "no such file"),
    ("x = 1\n", "defines no choose(view)"),
    ("def choose(view):\n  return (\n", "loading it raised SyntaxError"),
    ("raise SystemExit(3)\n", "loading it raised SystemExit"),
])
def test_a_file_that_cannot_be_a_bot_raises_one_line(tmp_path, text, words):
    path = str(tmp_path / "bot.py") if text is None else _bot_file(tmp_path, text)
    with pytest.raises(players.BotFileError) as e:
        players.make(path)
    assert words in str(e.value) and "\n" not in str(e.value)
    assert isinstance(e.value, ValueError)


def test_a_bot_stuck_in_a_loop_is_stopped_and_medium_plays(tmp_path, monkeypatch):
    """On a PC the arena interrupts a bot that never returns (the limit made short here):
    that card is medium's, counted as slow, and the next card is asked of the bot again."""
    monkeypatch.setattr(players, "STOP_AFTER_S", 0.2)
    path = _bot_file(tmp_path, "def choose(view):\n    while view.trick_no == 0:\n"
                               "        pass\n    return min(view.legal)\n")
    bot = players.make(path, seed=2)
    m = Match(Rules("agurk", players=3), seed=1)
    while not m.is_terminal() and m.round_no == 0:
        s = m.current_player()
        p = bot if s == 0 else players.make("sharp")
        a = p.choose(m.view(s))
        assert a in (m.legal_cards() if m.phase == 0 else m.legal_actions())
        m.apply_action(a)
    assert bot.problems["slow"] == 1 and "stopped" in bot.first["slow"]
    assert bot.asked > 1 and bot.problems["errors"] == bot.problems["illegal"] == 0


@pytest.mark.parametrize("profile,settings", VARIANTS)
def test_oracle_medium_models_medium_exactly(profile, settings):
    """oracle-medium's model of the others is medium's own play: at every decision of
    medium players (outside medium's end-game search) the model picks medium's rank."""
    from engine import ai

    checked = 0
    for seed in range(6):
        m = Match(Rules(profile, players=4 + seed % 4, **settings), seed=seed)
        bots = [ai.Player("medium", seed=s + 1) for s in range(m.rules.players)]
        while not m.is_terminal() and m.round_no < 3:
            s = m.current_player()
            view = m.view(s)
            action = bots[s].choose(view)
            if view.phase() == PHASE_PLAY and not ai.deals():
                cards, _ = view.trick()
                hand = [c >> 2 for c in view.hand()]
                top = max((c >> 2 for c in cards), default=-1)
                ace_led = bool(cards) and m.rules.ace == 1 and cards[0] >> 2 == 12
                players_in = sum(view.in_round(q) for q in range(view.n))
                i = players._medium_index(hand, top, len(cards), ace_led, players_in, m.rules)
                assert hand[i] == action >> 2, (hand, cards, action)
                checked += 1
            m.apply_action(action)
    assert checked > 100


def test_oracle_medium_is_the_bound_at_a_medium_table():
    """Seeing every card and best-responding to medium, oracle-medium never takes more
    than medium at a table of medium players over a handful of deals."""
    import arena

    rules = Rules("agurk", players=4)
    rows = arena.run(rules, ["oracle-medium", "medium", "medium", "medium"], 12, 0,
                     progress=False)
    assert rows[0]["mean_penalty"] <= rows[1]["mean_penalty"]
