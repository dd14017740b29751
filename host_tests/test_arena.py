"""The arena (tools/measure/arena.py) and the reference players
(tools/measure/players.py): tiny runs that check behaviour; the strength tables are
benchmarks, not tests."""

import json
import os
import subprocess
import sys

import pytest

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
    kind, idx, per_bot, _, _, _ = arena._job(("deal", 3, rules.to_bytes(), ["sharp"] * 4, 1,
                                              None, False))
    assert (kind, idx) == ("deal", 3)
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


# ----- what a user of the command line notices ----------------------------------------------

ARENA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools",
                     "measure", "arena.py")


@pytest.mark.parametrize("args,words", [
    (["--rule", "bogus=1"], "unknown rule 'bogus'; valid names: hand, strict, ace"),
    (["--rule", "hand"], "hand: needs a value, e.g. hand=1"),
    (["--rule", "hand=x"], "hand: a whole number, not 'x'"),
    (["--rule", "hand=9"], "hand: must be 3 to 7, not 9"),
    (["--rule", "players=3"], "players: set it with --players"),
    (["--rule", "comeback=maybe"], "comeback: 1 or 0, not 'maybe'"),
    (["--rule", "end=2", "--rule", "lives=3"], "need 'last standing'"),
    (["--players", "8", "--bots", "sharp"], "players: must be 2 to 7, not 8"),
    (["--deals", "0"], "--deals: at least 1"),
    (["--deals", "-3"], "--deals: at least 1"),
    (["--matches", "-1"], "--matches: 0 or more"),
    (["--jobs", "0"], "--jobs: at least 1"),
    (["--effort", "-5"], "--effort: 0 or more"),
])
def test_impossible_arguments_are_refused_with_exit_status_2(capsys, args, words):
    extra = ["--quiet"] if "--jobs" in args else ["--quiet", "--jobs", "1"]
    with pytest.raises(SystemExit) as e:
        arena.main(args + extra)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and words in err


def test_every_valid_rule_name_is_accepted():
    for name in arena.RULE_NAMES:
        value = {"hand": "5", "threshold": "30", "rounds": "3", "lives": "1",
                 "reentries": "0"}.get(name, "0")
        assert isinstance(arena.parse_rules("agurk", 4, ["%s=%s" % (name, value)]), Rules)
    assert arena.parse_rules("gurka", 4, ["buyback=1"]).reentry_choice


def test_a_bogus_rule_from_the_command_line_has_no_traceback():
    p = subprocess.run([sys.executable, ARENA, "--rule", "bogus=1", "--quiet"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "usage:" in p.stderr and "valid names:" in p.stderr


def test_small_runs_never_print_an_impossible_interval(capsys):
    # random and medium take big penalties now and then: over 2 deals the normal
    # interval reaches below 0, and a single match seed gives no interval at all
    rows = arena.main(["--deals", "2", "--matches", "1", "--bots", "hard,medium,easy,random",
                       "--quiet", "--jobs", "1", "--effort", "50"])
    text = capsys.readouterr().out
    for r in rows:
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["mean_penalty"] <= hi
        assert r["win_ci95"] is None
    # medium: 0 and 2 over the two deals, mean 1: the unclipped interval starts at -0.96
    assert [r["ci95"][0] for r in rows if r["bot"] == "medium"] == [0.0]
    table = text.split("\n")[1:-1]
    for line in table[1:5]:
        numbers = [float(x) for x in line.replace("[", " ").replace("]", " ")
                   .replace(",", " ").split()[3:6]]
        assert min(numbers) >= 0
        assert "n/a" in line  # the win interval of one match seed
    assert "clipped to the possible range (penalty >= 0" in text


def test_the_interval_is_clipped_only_where_the_bound_is():
    mean, ci = arena._ci([0.0, 0.0, 14.0])
    assert ci[0] == 0.0 and ci[1] > mean
    mean, ci = arena._ci([1.0, 1.0, 0.0], 0.0, 1.0, 4)
    assert ci[1] == 1.0 and 0.0 <= ci[0] < mean
    mean, ci = arena._ci([5.0, 7.0, 6.0, 6.0])
    assert ci == [round(6.0 - 1.96 * (2 / 3) ** 0.5 / 2, 3), round(6.0 + 1.96 * (2 / 3) ** 0.5
                                                                     / 2, 3)]
    assert arena._ci([3.0]) == (3.0, None)


def test_help_says_how_the_intervals_are_made():
    p = subprocess.run([sys.executable, ARENA, "--help"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0
    assert "normal approximation, clipped to the possible range" in " ".join(p.stdout.split())


# ----- paired duplicate differences (issue 11) -----------------------------------------------

def _rows_from_json(text):
    return [json.loads(line) for line in text.strip().splitlines()]


@pytest.mark.parametrize("extra", [[], ["--all-orders"]])
def test_every_pair_has_its_paired_difference_in_the_json(capsys, extra):
    arena.main(["--deals", "3", "--bots", "hard,sharp,random,sharp", "--json", "--quiet",
                "--jobs", "1", "--effort", "100"] + extra)
    rows = _rows_from_json(capsys.readouterr().out)
    by = {r["bot"]: r for r in rows}
    assert sorted(by) == ["hard", "random", "sharp"]
    for r in rows:
        others = [o for o in by if o != r["bot"]]
        assert [p["b"] for p in r["paired"]] == others
        for p in r["paired"]:
            assert p["a"] == r["bot"] and p["n"] == 3
            assert set(p) == {"a", "b", "mean", "lo", "hi", "n", "verdict"}
            # every seating seats each name equally often: the mean difference is the
            # difference of the means (each rounded to 3 digits)
            assert abs(p["mean"] - (r["mean_penalty"] - by[p["b"]]["mean_penalty"])) < 0.002
            assert p["lo"] <= p["mean"] <= p["hi"]
            assert p["verdict"] in ("better", "worse", "no difference")
            twin = [q for q in by[p["b"]]["paired"] if q["b"] == p["a"]][0]
            assert (twin["mean"], twin["lo"], twin["hi"]) == (-p["mean"], -p["hi"], -p["lo"])
        assert "match_paired" not in r


def test_the_paired_difference_is_the_mean_over_deals_of_each_deals_difference():
    rules = Rules("agurk", players=4)
    bots = ["medium", "sharp", "random", "sharp"]
    rows = arena.run(rules, bots, 5, 0, 2, None, 1, False)
    diffs = []
    for i in range(5):
        _, _, per_bot, _, _, _ = arena._job(("deal", i, rules.to_bytes(), bots, 2, None,
                                            False))
        diffs.append(per_bot["medium"][0] / per_bot["medium"][1]
                     - per_bot["sharp"][0] / per_bot["sharp"][1])
    p = rows[0]["paired"][0]
    assert (p["a"], p["b"], p["n"]) == ("medium", "sharp", 5)
    mean = sum(diffs) / 5
    sd = (sum((d - mean) ** 2 for d in diffs) / 4) ** 0.5
    half = 2.7764451 * sd / 5 ** 0.5  # Student t, 4 degrees of freedom
    assert p["mean"] == round(mean, 3)
    assert (p["lo"], p["hi"]) == (round(mean - half, 3), round(mean + half, 3))


def test_paired_match_wins_and_no_interval_below_two_observations(capsys):
    rows = arena.main(["--deals", "1", "--matches", "1", "--players", "3",
                       "--bots", "medium,sharp,random", "--rule", "threshold=12",
                       "--rule", "lives=1", "--quiet", "--jobs", "1"])
    text = capsys.readouterr().out
    by = {r["bot"]: r for r in rows}
    for r in rows:
        for key, value in (("paired", "mean_penalty"), ("match_paired", "win_rate")):
            assert len(r[key]) == 2
            for p in r[key]:
                assert p["n"] == 1 and p["lo"] is None and p["hi"] is None
                assert p["verdict"] is None
                assert abs(p["mean"] - (r[value] - by[p["b"]][value])) < 2e-3
    assert "medium - sharp:" in text and "sharp - medium:" not in text
    assert "n/a at 95% (fewer than 2 deals)" in text
    assert "n/a at 95% (fewer than 2 match seeds)" in text
    assert text.count(" - ") >= 6  # three pairs, per round and match wins


def test_paired_match_wins_over_several_seeds(capsys):
    rows = arena.main(["--deals", "2", "--matches", "3", "--players", "3",
                       "--bots", "medium,sharp,sharp", "--rule", "threshold=12",
                       "--rule", "lives=1", "--quiet", "--jobs", "1", "--json"])
    capsys.readouterr()
    med, sharp = rows
    (p,) = med["match_paired"]
    assert (p["a"], p["b"], p["n"]) == ("medium", "sharp", 3)
    assert abs(p["mean"] - (med["win_rate"] - sharp["win_rate"])) < 2e-4
    assert -1.0 <= p["lo"] <= p["mean"] <= p["hi"] <= 1.0


def test_paired_verdicts_and_the_t_quantile():
    assert abs(arena.t975(1) - 12.7062) < 1e-3
    assert abs(arena.t975(10) - 2.2281) < 1e-3
    assert abs(arena.t975(100) - 1.9840) < 1e-3
    assert abs(arena.t975(10 ** 6) - 1.95996) < 1e-4
    better = arena.paired("a", "b", [-1.0, -0.5, -0.8, -0.6])
    assert better["verdict"] == "better" and better["hi"] < 0
    worse = arena.paired("a", "b", [1.0, 0.5, 0.8, 0.6])
    assert worse["verdict"] == "worse"
    assert arena.paired("a", "b", [1.0, -1.0, 0.5])["verdict"] == "no difference"
    assert arena.paired("a", "b", [0.0, 0.0])["verdict"] == "no difference"
    # win rates: more is better, and a difference is within -1..1
    wins = arena.paired("a", "b", [1.0, 0.0, 0.5], False, 4, 1.0)
    assert wins["verdict"] == "no difference" and wins["hi"] == 1.0
    assert arena.paired("a", "b", [0.5, 0.6, 0.55], False)["verdict"] == "better"
    one = arena.paired("a", "b", [2.0])
    assert (one["mean"], one["lo"], one["hi"], one["n"], one["verdict"]) == (
        2.0, None, None, 1, None)


def test_the_table_prints_each_pair_once_with_its_verdict():
    rows = [
        {"bot": "hard", "seats": 1, "rounds": 40, "mean_penalty": 0.5, "ci95": [0.1, 0.9],
         "penalty_rate": 0.1, "ms_per_decision": 1.0,
         "paired": [arena.paired("hard", "random", [-5.0, -6.0, -4.0])]},
        {"bot": "random", "seats": 3, "rounds": 120, "mean_penalty": 5.5,
         "ci95": [4.0, 7.0], "penalty_rate": 0.5, "ms_per_decision": 0.1,
         "paired": [arena.paired("random", "hard", [5.0, 6.0, 4.0])]},
    ]
    text = arena.format_table(rows)
    assert "hard - random:  -5.000  [ -7.484,  -2.516] per round, better at 95%" in text
    assert "random - hard" not in text
    assert "Student t over deals" in text


def test_help_says_what_the_paired_unit_is():
    p = subprocess.run([sys.executable, ARENA, "--help"], capture_output=True, text=True,
                       timeout=60)
    words = " ".join(p.stdout.split())
    assert "Student t over deals (match seeds), the unit whose seatings share the cards" \
        in words
    assert "all of a deal's seatings are one unit of the paired differences" in words


# ----- a student's bot file in the arena (issue 10) ------------------------------------------

LOWEST = "def choose(view):\n    return min(view.legal)\n"


def _bot(tmp_path, text, name="bot.py"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_a_bot_file_plays_whole_matches_in_the_arena(tmp_path, capsys):
    bot = _bot(tmp_path, LOWEST, "lowest.py")
    rows = arena.main(["--bots", bot + ",hard,medium,easy", "--deals", "2", "--matches", "2",
                       "--rule", "threshold=12", "--json", "--quiet", "--jobs", "1",
                       "--effort", "100"])
    out, err = capsys.readouterr()
    objs = [json.loads(line) for line in out.strip().splitlines()]
    assert [o["bot"] for o in objs] == ["lowest.py", "hard", "medium", "easy"]
    me = objs[0]
    assert me["path"] == bot and me["rounds"] == 8 and me["bot_cards"] > 8 * 7
    assert me["fallbacks"] == {"total": 0, "errors": 0, "illegal": 0, "slow": 0}
    assert [p["b"] for p in me["paired"]] == ["hard", "medium", "easy"]
    assert [p["b"] for p in me["match_paired"]] == ["hard", "medium", "easy"]
    assert abs(sum(r["win_rate"] * r["seats"] for r in rows) - 1.0) < 1e-3
    assert all("fallbacks" not in o for o in objs[1:])
    assert "Traceback" not in err


def test_the_table_names_the_file_and_counts_its_fallback_cards(tmp_path, capsys):
    bot = _bot(tmp_path, LOWEST)
    arena.main(["--bots", bot + ",sharp,sharp", "--deals", "2", "--quiet", "--jobs", "1"])
    text = capsys.readouterr().out
    assert "\nbot.py " in text and "bot.py - sharp:" in text
    assert "bot.py: 0 fallback cards of 42" in text  # 2 deals x 3 seatings x 7 cards


def test_a_bot_that_raises_is_played_by_medium_and_its_traceback_printed_once(tmp_path,
                                                                              capsys):
    bot = _bot(tmp_path, "def choose(view):\n    return helper(view)\n\n"
                         "def helper(view):\n    raise KeyError('no such card')\n")
    rows = arena.main(["--bots", bot + ",sharp,sharp,sharp", "--deals", "3", "--quiet",
                       "--jobs", "1"])
    out, err = capsys.readouterr()
    f = rows[0]["fallbacks"]
    assert f["errors"] == f["total"] == rows[0]["bot_cards"] == 3 * 4 * 7
    assert (f["illegal"], f["slow"]) == (0, 0)
    assert "bot.py: 84 fallback cards of 84 (84 errors)" in out
    assert err.count("Traceback (most recent call last)") == 1
    assert "bot.py: first error" in err and "in helper" in err
    assert "KeyError: 'no such card'" in err and "players.py" not in err
    # medium, of the seat's seed, played every one of its cards: the same as medium
    same = arena.main(["--bots", "medium,sharp,sharp,sharp", "--deals", "3", "--quiet",
                       "--jobs", "1"])
    capsys.readouterr()
    assert rows[0]["mean_penalty"] == same[0]["mean_penalty"]
    assert rows[1]["mean_penalty"] == same[1]["mean_penalty"]


def test_a_bot_that_plays_an_illegal_card_is_counted(tmp_path, capsys):
    bot = _bot(tmp_path, "def choose(view):\n"
                         "    if len(view.legal) > 1:\n"
                         "        return 99\n"
                         "    return view.legal[0]\n")
    rows = arena.main(["--bots", bot + ",sharp,sharp,sharp", "--deals", "2", "--quiet",
                       "--jobs", "1", "--json"])
    _, err = capsys.readouterr()
    f = rows[0]["fallbacks"]
    assert 0 < f["illegal"] == f["total"] < rows[0]["bot_cards"] and f["errors"] == 0
    assert err.count("bot played 99: not legal now") == 1
    assert "first card that is not legal" in err and "Traceback" not in err


def test_a_bot_file_with_other_processes_gives_the_same_result(tmp_path):
    bot = _bot(tmp_path, "import random\n"
                         "def choose(view):\n"
                         "    if random.random() < 0.2:\n"
                         "        raise ValueError('sometimes')\n"
                         "    return min(view.legal)\n")
    rules = Rules("agurk", players=4)
    bots = [bot, "sharp", "easy", bot]
    a = arena.run(rules, bots, 4, 1, 3, None, 1, False)
    b = arena.run(rules, bots, 4, 1, 3, None, 2, False)
    strip = [{k: v for k, v in r.items() if k not in ("ms_per_decision", "fallbacks")}
             for r in a]
    assert strip == [{k: v for k, v in r.items() if k not in ("ms_per_decision",
                                                              "fallbacks")} for r in b]
    assert a[0]["bot"] == "bot.py" and a[0]["seats"] == 2
    assert a[0]["bot_cards"] == b[0]["bot_cards"] > 0
    assert b[0]["fallbacks"]["errors"] > 0  # counted in the processes too


def test_two_seats_with_the_same_file_do_not_share_its_globals(tmp_path, capsys):
    # the first seat to play claims the module; another seat in the same module would
    # raise, and be counted
    bot = _bot(tmp_path, "mine = []\n"
                         "def choose(view):\n"
                         "    if not mine:\n"
                         "        mine.append(view.seat)\n"
                         "    assert mine == [view.seat], mine\n"
                         "    return min(view.legal)\n")
    rows = arena.main(["--bots", bot + ",sharp," + bot + ",sharp", "--deals", "2",
                       "--matches", "1", "--quiet", "--jobs", "1", "--json"])
    capsys.readouterr()
    assert rows[0]["seats"] == 2 and rows[0]["fallbacks"]["total"] == 0


def test_two_files_with_one_base_name_are_told_apart(tmp_path, capsys):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one = _bot(tmp_path / "a", LOWEST)
    two = _bot(tmp_path / "b", LOWEST)
    rows = arena.main(["--bots", "%s,%s,sharp" % (one, two), "--deals", "1", "--quiet",
                       "--jobs", "1", "--json"])
    capsys.readouterr()
    assert [r["bot"] for r in rows] == [one, two, "sharp"]


def test_what_a_bot_prints_never_mixes_with_the_json(tmp_path, capsys):
    bot = _bot(tmp_path, "print('loaded')\n"
                         "def choose(view):\n    print('my cards', view.hand)\n"
                         "    return min(view.legal)\n")
    arena.main(["--bots", bot + ",sharp,sharp", "--deals", "1", "--quiet", "--jobs", "1",
                "--json"])
    out, err = capsys.readouterr()
    assert [json.loads(line)["bot"] for line in out.strip().splitlines()] == ["bot.py",
                                                                            "sharp"]
    assert "loaded" in err and "my cards" in err


@pytest.mark.parametrize("text,words", [
    (None, "no such file"),
    ("def play(view):\n    return view.legal[0]\n", "defines no choose(view)"),
    ("choose = 3\n", "defines no choose(view)"),
    ("def choose(view)\n    return 1\n", "loading it raised SyntaxError"),
    ("import no_such_module_here\n", "loading it raised ModuleNotFoundError"),
])
def test_a_bot_file_that_cannot_play_is_refused(tmp_path, capsys, text, words):
    path = str(tmp_path / "bot.py") if text is None else _bot(tmp_path, text)
    with pytest.raises(SystemExit) as e:
        arena.main(["--bots", path + ",hard,medium,easy", "--quiet", "--jobs", "1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    lines = [x for x in err.splitlines() if "error:" in x]
    assert len(lines) == 1 and ("bot file %s: %s" % (path, words)) in lines[0]


def test_a_missing_bot_file_from_the_command_line_has_no_traceback(tmp_path):
    p = subprocess.run([sys.executable, ARENA, "--bots", str(tmp_path / "gone.py") +
                        ",hard", "--quiet"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "gone.py: no such file" in p.stderr


def test_a_bot_file_runs_from_the_command_line_in_processes(tmp_path):
    bot = _bot(tmp_path, LOWEST)
    p = subprocess.run([sys.executable, ARENA, "--bots", bot + ",sharp,medium", "--deals",
                        "4", "--quiet", "--jobs", "2", "--json"], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    row = json.loads(p.stdout.splitlines()[0])
    assert row["bot"] == "bot.py" and row["bot_cards"] == 4 * 3 * 7
    assert row["fallbacks"]["total"] == 0


def test_pimc_sets_the_reference_players_deals_and_leaves_hard_its_own():
    """--pimc N gives pimc and pimc2 N sampled deals a candidate; hard keeps its budget."""
    ps = arena._make_players(["hard", "pimc", "pimc2", "medium"], 1,
                             {"hard": None, "pimc": 7, "pimc2": 7})
    assert ps[0].effort == ai_default_effort()
    assert ps[1].samples == 7 and ps[2].samples == 7
    rows = arena.main(["--bots", "hard,pimc2,pimc2,pimc2", "--deals", "1", "--pimc", "3",
                       "--jobs", "1", "--quiet"])
    assert [r["bot"] for r in rows] == ["hard", "pimc2"]


def ai_default_effort():
    from engine import ai

    return ai.Player("hard").effort


def test_strength_grid_lines_and_refusals(capsys):
    """tools/measure/strength.py: one JSON object per table, hard first with its paired
    differences; the bound's table seats oracle-medium; bad arguments exit 2."""
    import strength

    assert strength.main(["--profiles", "inverse", "--players", "4", "--tables",
                          "medium,mixed,bound", "--deals", "2", "--jobs", "1",
                          "--json"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["table"] for r in out] == ["medium", "mixed", "bound"]
    assert out[0]["bots"] == ["hard", "medium", "medium", "medium"]
    assert out[1]["all_orders"] and sorted(out[1]["bots"]) == [
        "hard", "medium", "random", "sharp"]
    assert out[2]["bots"][0] == "oracle-medium"
    assert {p["b"] for p in out[1]["rows"][0]["paired"]} == {"sharp", "medium", "random"}
    for args, words in ((["--tables", "nobody"], "unknown table"),
                        (["--players", "9"], "2 to 7"), (["--deals", "1"], "at least 2")):
        with pytest.raises(SystemExit) as e:
            strength.main(args)
        assert e.value.code == 2
        assert words in capsys.readouterr().err
