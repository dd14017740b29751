"""The arena (tools/arena.py) and the reference players (tools/players.py): tiny runs
that check behaviour; the strength tables are benchmarks, not tests."""

import json

import arena
import players
from engine.match import Match
from engine.rules import Rules


def test_duplicate_rotation_puts_every_bot_in_every_seat():
    bots = ["sharp", "random", "easy", "medium"]
    seen = {b: set() for b in bots}
    for rot in range(4):
        names = arena._seat_bots(bots, rot)
        assert sorted(names) == sorted(bots)
        for s, b in enumerate(names):
            seen[b].add(s)
    assert all(v == {0, 1, 2, 3} for v in seen.values())


def test_all_orders_seat_every_neighbour_arrangement():
    bots = ["a", "b", "c", "d"]
    seats = arena.seatings(bots, True)
    assert len(seats) == 24 and len({tuple(x) for x in seats}) == 24
    assert arena.seatings(bots) == [arena._seat_bots(bots, r) for r in range(4)]


def test_deals_are_duplicated_and_reproducible():
    rules = Rules("agurk", players=4)
    h1, d1 = arena.deal_hands(rules, 77)
    h2, d2 = arena.deal_hands(rules, 77)
    assert (h1, d1) == (h2, d2)
    flat = [c for h in h1 for c in h]
    assert len(flat) == 28 and len(set(flat)) == 28
    # identical deterministic bots: each rotation of the same deal gives the same
    # penalties seat by seat
    kind, per_bot, _, _ = arena._job(("deal", 3, rules.to_bytes(), ["sharp"] * 4, 1, None,
                                      False))
    assert per_bot["sharp"][1] == 16
    timing = {"sharp": [0.0, 0]}
    hands, dealer = arena.deal_hands(rules, 1 * 100003 + 3)
    pen = arena.play_round(rules, hands, dealer, ["sharp"] * 4, 5, None, timing)
    assert per_bot["sharp"][0] == 4 * sum(pen)
    assert sum(1 for p in pen if p) == 1


def test_json_lines(capsys):
    rows = arena.main(["--deals", "3", "--bots", "hard,sharp,random,oracle", "--json",
                       "--quiet", "--jobs", "1", "--effort", "200"])
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 4 == len(rows)
    objs = [json.loads(line) for line in out]
    assert [o["bot"] for o in objs] == ["hard", "sharp", "random", "oracle"]
    for o in objs:
        assert o["rounds"] == 12
        assert o["ci95"][0] <= o["mean_penalty"] <= o["ci95"][1]
        assert 0 <= o["penalty_rate"] <= 1


def test_matches_and_table(capsys):
    rows = arena.main(["--deals", "2", "--matches", "1", "--players", "3",
                       "--bots", "medium,sharp,sharp", "--rule", "threshold=12",
                       "--rule", "lives=1", "--quiet", "--jobs", "1"])
    text = capsys.readouterr().out
    assert "wins" in text and "medium" in text
    total = sum(r["win_rate"] * r["seats"] for r in rows)
    assert abs(total - 1.0) < 1e-3  # one winner per match (rates are rounded)


def test_multiprocessing_gives_the_same_result():
    rules = Rules("gurka", players=4)
    a = arena.run(rules, ["easy", "sharp", "sharp", "random"], 4, 0, 3, None, 1, False)
    b = arena.run(rules, ["easy", "sharp", "sharp", "random"], 4, 0, 3, None, 2, False)
    strip = [{k: v for k, v in r.items() if k != "ms_per_decision"} for r in a]
    assert strip == [{k: v for k, v in r.items() if k != "ms_per_decision"} for r in b]


def _round_penalty(rules, hands, dealer, names):
    timing = {n: [0.0, 0] for n in names}
    return arena.play_round(rules, hands, dealer, names, 1, None, timing)


def test_oracle_never_does_worse_than_sharp_against_sharp_players():
    for profile in ("agurk", "gurka"):
        rules = Rules(profile, players=4)
        for d in range(6):
            hands, dealer = arena.deal_hands(rules, 500 + d)
            for seat in range(4):
                names = ["sharp"] * 4
                base = _round_penalty(rules, hands, dealer, names)[seat]
                names[seat] = "oracle"
                assert _round_penalty(rules, hands, dealer, names)[seat] <= base


def test_reference_players_are_legal():
    for name in ("sharp", "random", "oracle"):
        for profile in ("agurk", "ogorek"):
            m = Match(Rules(profile, players=3, threshold=12), seed=4)
            ps = [players.make(name, seed=s) for s in range(3)]
            while not m.is_terminal():
                s = m.current_player()
                a = ps[s].choose(m.view(s))
                assert a in m.legal_actions()
                m.apply_action(a)
