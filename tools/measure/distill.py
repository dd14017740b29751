"""Distil the first trick from a search far beyond the board's budget (host only).

    python tools/measure/distill.py                      # tools/measure/first.bin, as committed
    python tools/measure/distill.py --deals 300 --teacher 100 --out /tmp/first.bin

For every table size from 2 to 7 players it deals ``--deals`` rounds (agurk's rules: a
hand of 7, the choice rule, aces ordinary, the last of equal cards takes; seeded by
``--seed``) and plays their first trick. Each seat's decision there, the lead and every
follow with a choice, is searched by the **teacher**: hard's own search (engine/ai.py's
sampler and play-out simulator) on ``--teacher`` deals of the unseen cards, about 25
times the deals the board's budget buys at a first trick, scored by the cost alone
(the penalty this seat takes at the end of the round, in points). The seats before it
play sharp's card half the time, medium's a quarter, a random legal card otherwise, so
that the tops and trick lengths the table sees vary.

Each decision falls in one entry of tools/measure/policy.py's table (the lead: the hand's band
shape; a follow: who is still to play, the trick's top, how many cards head it), and its
teacher costs are added to that entry's options (the lead: the card's index in the sorted
hand; a follow: the lowest card, the highest, the smallest that heads). An entry seen at
least ``--min`` times gets the option with the lowest mean cost; the others get 255 (no
entry: the board searches). The file: 8 header bytes (b"CUC1", hand, strict, ace,
inverse + 2 * tie_all), the leads' entries for 2-7 players (120 each), then the follows'
(91 for each player count and number still to play), one byte each.

Deterministic: the same arguments give the same file, whatever ``--jobs``. The defaults
made the committed tools/measure/first.bin (docs/FIGURES.md says how long it took on which
machine). ``--json`` prints, per table size, how many decisions were searched, how many
entries were filled, and how often the table's option differs from medium's card.
"""

import argparse
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in ("", "tools/measure"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from engine import ai  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.rng import Rng  # noqa: E402

import policy  # noqa: E402

SIZES = (2, 3, 4, 5, 6, 7)
DEFAULT_OUT = os.path.join(ROOT, "tools", "measure", "first.bin")
TABLE_BYTES = policy._FOLLOWS_AT + sum((n - 1) * policy._FOLLOW for n in SIZES)


def rules_for(players):
    return Rules("agurk", players=players)


def header(rules):
    return b"CUC1" + bytes((rules.hand, rules.strict, rules.ace,
                            rules.inverse + 2 * rules.tie_all))


def teacher_costs(view, deals, seed):
    """{rank: summed cost over ``deals`` sampled deals} for each rank ``view``'s seat
    may play: hard's search (a fresh Player's memory of this first trick) without a
    budget, the score the cost alone."""
    bot = ai.Player("hard", seed=seed)
    trick, seats = view.trick()
    bot._remember(view, trick, seats)
    if not bot._prepare(view, view.legal_cards(), trick, 1 << 28):
        return None
    state = ai._search_state
    for _ in range(deals):
        ai._sample_deal(bot.rng)
        ai._evaluate()
    return {state[ai._CARD + i] >> 2: state[ai._COST + i]
            for i in range(state[ai._CANDIDATES])}


def decisions(players, index, teacher, seed):
    """The first trick of deal ``index`` at ``players`` seats: a list of (offset in the
    table, option costs (a list, None where an option is not there), medium's option)."""
    rules = rules_for(players)
    dseed = (seed * 1009 + players) * 100003 + index
    rng = Rng(dseed)
    deck = bytearray(range(52))
    rng.shuffle(deck)
    hands = [list(deck[s * 7:(s + 1) * 7]) for s in range(players)]
    m = Match(rules, seed=dseed, hands=hands, dealer=rng.below(players))
    behaviour = random.Random(dseed)
    out = []
    for position in range(players):
        seat = m.current_player()
        view = m.view(seat)
        legal = view.legal_cards()
        costs = None
        if legal[0] >> 2 != legal[-1] >> 2:
            costs = teacher_costs(view, teacher, dseed * 8 + position)
        if costs is not None:
            out.append(_record(view, legal, costs, players))
        if position < players - 1:
            roll = behaviour.random()
            if roll < 0.5:
                card = _sharp(view, legal)
            elif roll < 0.75:
                card = ai._heuristic(view, legal, view.trick()[0], 1)
            else:
                card = legal[behaviour.randrange(len(legal))]
            m.apply_action(card)
    return out


def _sharp(view, legal):
    trick, _ = view.trick()
    top = max([c >> 2 for c in trick], default=-1)
    return legal[-1] if legal[-1] >> 2 >= top else legal[0]


def _record(view, legal, costs, players):
    hand = view.hand()
    trick, _ = view.trick()
    medium = ai._heuristic(view, legal, trick, 1) >> 2
    if not trick:
        options = [costs.get(c >> 2) for c in hand]
        mine = [c >> 2 for c in hand].index(medium)
        return policy.lead_offset(players, hand), options, mine
    top = max(c >> 2 for c in trick)
    heading = sum(1 for c in hand if c >> 2 >= top)
    smallest = min(c >> 2 for c in legal if c >> 2 >= top)
    ranks = (legal[0] >> 2, legal[-1] >> 2, smallest)
    options = [costs[r] for r in ranks]
    return (policy.follow_offset(players, players - 1 - len(trick), top, heading), options,
            ranks.index(medium))


def _job(args):
    players, first, count, teacher, seed = args
    return [d for i in range(first, first + count) for d in decisions(players, i, teacher, seed)]


def collect(sizes, deals, teacher, seed, jobs, progress=True):
    """Every decision of the first tricks, in a fixed order whatever ``jobs``."""
    chunk = 25
    tasks = [(n, i, min(chunk, deals - i), teacher, seed) for n in sizes
             for i in range(0, deals, chunk)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            parts = []
            for k, part in enumerate(pool.imap(_job, tasks)):
                parts.append(part)
                _progress(progress, k + 1, len(tasks))
    else:
        parts = []
        for k, task in enumerate(tasks):
            parts.append(_job(task))
            _progress(progress, k + 1, len(tasks))
    if progress:
        sys.stderr.write("\n")
    return [(task[0], d) for task, part in zip(tasks, parts) for d in part]


def _progress(progress, done, total):
    if progress:
        sys.stderr.write("\r%d/%d" % (done, total))
        sys.stderr.flush()


def fit(found, min_count):
    """The table (bytes, header first) and per-size statistics."""
    sums = {}
    for _n, (offset, options, _mine) in found:
        entry = sums.setdefault(offset, [0, [0] * len(options), [0] * len(options)])
        entry[0] += 1
        for k, cost in enumerate(options):
            if cost is not None:
                entry[1][k] += cost
                entry[2][k] += 1
    table = bytearray(header(rules_for(4))) + bytearray([policy._NONE]) * (
        TABLE_BYTES - policy._HEADER)
    for offset, (count, total, seen) in sums.items():
        if count < min_count:
            continue
        means = [total[k] / seen[k] if seen[k] == count else None for k in range(len(total))]
        best = min((m, k) for k, m in enumerate(means) if m is not None)[1]
        table[offset] = best
    stats = {}
    for n, (offset, _options, mine) in found:
        s = stats.setdefault(n, {"players": n, "decisions": 0, "covered": 0, "differs": 0})
        s["decisions"] += 1
        if table[offset] != policy._NONE:
            s["covered"] += 1
            s["differs"] += table[offset] != mine
    filled = sum(1 for b in table[policy._HEADER:] if b != policy._NONE)
    return bytes(table), [stats[n] for n in sorted(stats)], filled


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="first tricks per table size")
    ap.add_argument("--teacher", type=int, default=400,
                    help="deals the teacher searches per decision")
    ap.add_argument("--min", type=int, default=6,
                    help="decisions an entry needs to be filled")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    sizes = [int(x) for x in a.sizes.split(",")]
    for n in sizes:
        if n not in SIZES:
            ap.error("--sizes: 2 to 7")
    if os.path.exists(a.out):  # only a table this tool wrote is replaced
        with open(a.out, "rb") as f:
            if f.read(4) != b"CUC1":
                ap.error("--out %s: exists and is not a first-trick table; not replaced"
                         % a.out)
    t = time.time()
    found = collect(sizes, a.deals, a.teacher, a.seed, a.jobs, not a.quiet)
    table, stats, filled = fit(found, a.min)
    with open(a.out, "wb") as f:
        f.write(table)
    summary = {"out": a.out, "bytes": len(table), "filled": filled,
               "entries": len(table) - policy._HEADER, "deals": a.deals,
               "teacher": a.teacher, "min": a.min, "seed": a.seed,
               "seconds": round(time.time() - t), "sizes": stats}
    if a.json:
        print(json.dumps(summary))
    else:
        print("%s: %d bytes, %d of %d entries filled, %d s" % (
            a.out, len(table), filled, summary["entries"], summary["seconds"]))
        for s in stats:
            print("  %d players: %d decisions searched, %d in filled entries, the table's"
                  " option differs from medium's in %d" % (
                      s["players"], s["decisions"], s["covered"], s["differs"]))
    return summary


if __name__ == "__main__":
    main()
