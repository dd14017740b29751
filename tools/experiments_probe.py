"""Scratch: what hard's decisions of one trick are worth at a real table (host only).

    python tools/experiments_probe.py --bots hard,sharp,pimc2,random --deals 12 \
        --pimc 200 --all-orders --choices h_base,h_sharplead,pimc2 [--trick 0] [--seed 1]

The first bot must be ``hard``; it plays as hard. At each of its decisions of trick
``--trick`` with more than one rank to choose from, every candidate rank is played on a
copy of the match, and the round is played on to its end by copies of the real players
(their generators included, so the candidate hard chose replays the round as it went):
that seat's penalty is the candidate's outcome, on the true deal and against the players
actually at the table, not against a model of them. Each name of ``--choices`` (a variant
``h_NAME`` / ``h@REV`` of tools/experiments_hard.py, or ``pimc2`` with ``--pimc`` deals) is
asked the same question by a fresh player, which at the first trick knows what hard knew
(``h_base``, hard on another generator, shows how much of a difference is the deals drawn).
Printed: per choice, the mean outcome of the rank it chose and its paired difference to
hard's own choice (95%, normal approximation over decisions), by position in the trick.
Unlike the arena, the rest of the round is the same for every choice, so a difference
comes from that one decision only. One process (the decisions are collected in it).
"""

import argparse
import copy
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools")]

import arena  # noqa: E402
import experiments_hard  # noqa: E402
import players  # noqa: E402


class Probe:
    """Hard, recording the outcome of every candidate at its decisions of one trick."""

    def __init__(self, seed, table, trick, choices, log):
        self.seed = seed
        self.hard = players.make("hard", seed=seed)
        self.table = table  # {"players": the real players of this round}
        self.trick = trick
        self.choices = choices  # [(name, make(seed) -> a player)]
        self.log = log
        self.asked = 0

    def choose(self, view):
        action = self.hard.choose(view)
        if view.phase() or view.trick_no() != self.trick:
            return action
        legal = view.legal_cards()
        ranks = sorted(set(c >> 2 for c in legal))
        if len(ranks) < 2:
            return action
        self.asked += 1
        chose = {"hard": action >> 2}
        for name, make in self.choices:
            chose[name] = make(self.seed * 1000 + self.asked).choose(view) >> 2
        outcome = []
        for rank in ranks:
            m = copy.deepcopy(view._m)
            table = copy.deepcopy(self.table["players"])
            table[view.seat] = table[view.seat].hard  # this seat plays on as hard
            round_no = m.round_no
            m.apply_action([c for c in legal if c >> 2 == rank][0])
            while m.round_no == round_no and not m.is_terminal():
                seat = m.current_player()
                m.apply_action(table[seat].choose(m.view(seat)))
            outcome.append(m.last_penalty if view.seat in m.last_takers else 0)
        self.log.append({"ranks": ranks, "position": len(view.trick()[0]),
                         "outcome": outcome, "chose": chose})
        return action


def chooser(name, pimc, modules):
    """make(seed) -> a fresh player for the choice ``name`` (a variant's module is added
    to ``modules``)."""
    if name == "pimc2":
        return lambda seed: players.make("pimc2", seed=seed, effort=pimc)
    if not name.startswith(("h_", "h@")):
        raise SystemExit("--choices: h_VARIANT, h@REV or pimc2, not %r" % name)
    module = experiments_hard.load(name[1:] if name[1] == "@" else name[2:])
    modules.append(module)
    return lambda seed: module.Player("hard", seed=seed)


def probe(rules, bots, deals, seed, pimc, names, trick=0, all_orders=False, log=None):
    """The decisions logged, appended to ``log`` (dicts: ranks, position, outcome per
    rank, chose per name)."""
    if bots[0] != "hard":
        raise SystemExit("the first bot must be hard (it is the seat probed)")
    log = [] if log is None else log
    modules = []
    choices = [(name, chooser(name, pimc, modules)) for name in names]

    def make_players(seat_names, round_seed, effort):
        table = {}
        out = []
        probed = seat_names.index("hard")  # the seat of bots[0] in this seating
        for s, name in enumerate(seat_names):
            player_seed = round_seed * 8 + s + 1
            if s == probed:
                out.append(Probe(player_seed, table, trick, choices, log))
            else:
                out.append(players.make(name, seed=player_seed,
                                        effort=pimc if name in ("pimc", "pimc2") else None))
        table["players"] = out
        experiments_hard.tell_seating(modules, seat_names)
        return out

    saved = arena._make_players
    arena._make_players = make_players
    try:
        arena.run(rules, bots, deals, 0, seed, None, 1, False, all_orders)
    finally:
        arena._make_players = saved
    return log


def _mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def report(log, names):
    """Lines: per choice its mean outcome (all, leading, second, later) and its paired
    difference to hard's choice."""
    lines = ["decisions %d" % len(log)]
    for name in ["hard"] + list(names):
        got = [d["outcome"][d["ranks"].index(d["chose"][name])] for d in log]
        by = [[g for g, d in zip(got, log) if min(d["position"], 2) == k] for k in range(3)]
        line = "%-14s outcome %.3f  leading %s  second %s  later %s" % (
            name, sum(got) / max(1, len(got)),
            *["%.3f (%d)" % (sum(b) / len(b), len(b)) if b else "-" for b in by])
        if name != "hard" and log:
            diffs = [d["outcome"][d["ranks"].index(d["chose"][name])]
                     - d["outcome"][d["ranks"].index(d["chose"]["hard"])] for d in log]
            line += "   - hard %+.3f [%+.3f, %+.3f]" % _mean_ci(diffs)
        lines.append(line)
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", required=True)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pimc", type=int, default=200)
    ap.add_argument("--profile", default="agurk")
    ap.add_argument("--rule", action="append")
    ap.add_argument("--trick", type=int, default=0)
    ap.add_argument("--choices", default="h_base,pimc2")
    ap.add_argument("--all-orders", action="store_true")
    a = ap.parse_args()
    bots = a.bots.split(",")
    names = a.choices.split(",")
    rules = arena.parse_rules(a.profile, len(bots), a.rule)
    log = probe(rules, bots, a.deals, a.seed, a.pimc, names, a.trick, a.all_orders)
    print("profile %s rules %s bots %s deals %d seed %d pimc %d trick %d" % (
        a.profile, a.rule or "-", a.bots, a.deals, a.seed, a.pimc, a.trick))
    print("\n".join(report(log, names)))


if __name__ == "__main__":
    main()
