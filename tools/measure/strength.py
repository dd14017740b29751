"""Hard's strength across the rule profiles, table sizes and opponents (host only).

    python tools/measure/strength.py                         # the grid, 500 deals a table
    python tools/measure/strength.py --profiles agurk,inverse --players 4 --deals 2000
    python tools/measure/strength.py --tables pimc2 --pimc 1000 --deals 100 --players 4
    python tools/measure/strength.py --json > grid.jsonl

Each table is a duplicate arena (tools/measure/arena.py, seed 1) with hard in one seat:

- ``medium``, ``easy``, ``random``, ``sharp``, ``pimc``, ``pimc2``: hard and n - 1
  players of that kind (``--pimc N`` gives pimc and pimc2 N sampled deals a candidate;
  their tables are left out of the default grid, being ~100 times slower);
- ``mixed``: hard, sharp, medium and random, with easy and a second medium from six
  players up (``--all-orders`` at four players, so that every bot sits before and after
  every other; at six that is 720 seatings a deal, so rotations only);
- ``bound``: ``oracle-medium`` (sees every card, best-responds to medium) and n - 1
  medium. Not hard's table: the most any player could take off medium's penalty there,
  the yardstick for hard - medium.

Profiles: agurk, gurka, ogorek, and ``inverse`` (agurk with inverse=1). One line per
table: hard's mean penalty per round, hard - X for every other bot X (paired over the
same deals, 95% interval, arena.paired), and ``lowest``: yes when every difference is
below zero at 95%. ``--json``: one object per table with the arena's rows.
"""

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

import arena  # noqa: E402

PROFILES = ("agurk", "gurka", "ogorek", "inverse")
TABLES = ("medium", "easy", "random", "sharp", "mixed", "bound", "pimc", "pimc2")
DEFAULT_TABLES = ("medium", "easy", "random", "sharp", "mixed", "bound")


def table_bots(table, players):
    """The bot names of ``table`` at ``players`` seats (hard first, but bound's)."""
    if table == "mixed":
        mix = ["hard", "sharp", "medium", "random", "easy", "medium", "sharp"]
        return mix[:players]
    if table == "bound":
        return ["oracle-medium"] + ["medium"] * (players - 1)
    return ["hard"] + [table] * (players - 1)


def run_table(profile, players, table, deals, jobs, pimc=None, seed=1):
    """Play one table; return {profile, players, table, bots, deals, rows, seconds}."""
    settings = ["inverse=1"] if profile == "inverse" else []
    rules = arena.parse_rules("agurk" if profile == "inverse" else profile, players,
                              settings)
    bots = table_bots(table, players)
    all_orders = table == "mixed" and players <= 4
    effort = {"pimc": pimc, "pimc2": pimc} if pimc is not None else None
    t0 = time.time()
    rows = arena.run(rules, bots, deals, 0, seed, effort, jobs, False, all_orders)
    return {"profile": profile, "players": players, "table": table, "bots": bots,
            "deals": deals, "all_orders": all_orders, "seed": seed, "pimc": pimc,
            "rows": rows, "seconds": round(time.time() - t0, 1)}


def summary(result):
    """(hard's or the bound's mean, [(other, paired dict)], lowest) of a table."""
    first = result["rows"][0]
    pairs = [(p["b"], p) for p in first["paired"]]
    lowest = all(p["verdict"] == "better" for _, p in pairs)
    return first["mean_penalty"], pairs, lowest


def format_line(result):
    mean, pairs, lowest = summary(result)
    diffs = "; ".join("%s - %s %+.3f [%+.3f, %+.3f]" % (
        result["rows"][0]["bot"], b, p["mean"], p["lo"] if p["lo"] is not None else 0,
        p["hi"] if p["hi"] is not None else 0) for b, p in pairs)
    return "%-7s %d %-6s %5d  %6.3f  lowest %-3s  %s" % (
        result["profile"], result["players"], result["table"], result["deals"], mean,
        "yes" if lowest else "no", diffs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profiles", default=",".join(PROFILES))
    ap.add_argument("--players", default="4,6", help="table sizes, e.g. 4,6")
    ap.add_argument("--tables", default=",".join(DEFAULT_TABLES),
                    help="of %s" % ", ".join(TABLES))
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--pimc", type=int, default=None,
                    help="sampled deals a candidate for pimc and pimc2 (default theirs)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    profiles = a.profiles.split(",")
    tables = a.tables.split(",")
    for name, given, valid in (("profile", profiles, PROFILES), ("table", tables, TABLES)):
        for g in given:
            if g not in valid:
                ap.error("unknown %s %r (one of %s)" % (name, g, ", ".join(valid)))
    try:
        sizes = [int(x) for x in a.players.split(",")]
    except ValueError:
        ap.error("--players: whole numbers, e.g. 4,6")
    for n in sizes:
        if not 2 <= n <= 7:
            ap.error("--players: 2 to 7, not %d" % n)
    if a.deals < 2:
        ap.error("--deals: at least 2 (a paired interval needs two deals)")
    if not a.json:
        print("profile n table  deals  mean    lowest     paired differences (95%)")
    for profile in profiles:
        for n in sizes:
            for table in tables:
                result = run_table(profile, n, table, a.deals, a.jobs, a.pimc, a.seed)
                if a.json:
                    print(json.dumps(result), flush=True)
                else:
                    print(format_line(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
