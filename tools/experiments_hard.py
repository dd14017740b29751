"""Scratch: hard's variants against a table, duplicate arena (host only).

    python tools/experiments_hard.py --bots hard,h_nobelief,pimc2,pimc2 --deals 40 \
        --pimc 200 [--profile agurk] [--rule inverse=1] [--jobs 1]

A bot ``h_VARIANT`` is hard from a copy of engine/ai.py with the source edits
VARIANTS[VARIANT] (tools/experiments_variants.py) applied; ``h@REV`` is hard of the git
revision REV (e.g. ``h@6a1202a``); "hard" is the file as it is. ``--pimc N`` gives
pimc/pimc2 N sampled deals without changing hard's effort. ``pimc2<K`` is pimc2 for the
tricks before trick K (0 the first) and hard from there on, ``pimc2>=K`` hard before
trick K and pimc2 from there on (hard watching the tricks pimc2 plays): which tricks a
gap comes from.
"""

import argparse
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools")]

import arena  # noqa: E402
import players  # noqa: E402

VARIANTS = {"base": []}
try:
    from experiments_variants import VARIANTS as _V  # noqa: E402
    VARIANTS.update(_V)
except ImportError:
    pass


def load(variant):
    """engine/ai.py with the edits VARIANTS[variant], or for "@REV" the file as it was at
    the git revision REV (hard of an earlier commit, beside today's engine)."""
    if variant.startswith("@"):
        import subprocess

        src = subprocess.run(["git", "-C", ROOT, "show", variant[1:] + ":engine/ai.py"],
                             check=True, capture_output=True, text=True).stdout
    else:
        src = open(os.path.join(ROOT, "engine", "ai.py")).read()
        for old, new in VARIANTS[variant]:
            if old not in src:
                raise SystemExit("variant %s: edit not found: %r" % (variant, old[:60]))
            src = src.replace(old, new, 1)
    mod = types.ModuleType("engine.ai_x")
    mod.__file__ = os.path.join(ROOT, "engine", "ai.py")
    exec(compile(src, "ai_" + variant, "exec"), mod.__dict__)
    return mod


def tell_seating(modules, names):
    """Tell the variants among ``modules`` that model seats (``_style``) who sits where:
    seat s is player ``names[s]``."""
    for mod in modules:
        if hasattr(mod, "_style"):
            for s in range(len(names)):
                mod._style[s] = names[s] in mod._style_names


class Split:
    """pimc2 (``samples`` deals) on the tricks from trick ``k`` on (``later``) or before it,
    hard on the others."""

    def __init__(self, seed, samples, k, later):
        self.hard = players.make("hard", seed=seed)
        self.pimc = players.make("pimc2", seed=seed, effort=samples)
        self.k = k
        self.later = later

    def choose(self, view):
        if (view.trick_no() >= self.k) == self.later:
            self.hard.observe(view)
            return self.pimc.choose(view)
        return self.hard.choose(view)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", required=True)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pimc", type=int, default=None)
    ap.add_argument("--profile", default="agurk")
    ap.add_argument("--rule", action="append")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--all-orders", action="store_true")
    ap.add_argument("--matches", type=int, default=0)
    a = ap.parse_args()
    pimc = a.pimc
    mods = {}

    def make_players(names, seed, effort):
        out = []
        for s in range(len(names)):
            e = pimc if names[s] in ("pimc", "pimc2") else None
            name = names[s]
            if name.startswith(("pimc2<", "pimc2>=")):
                later = name.startswith("pimc2>=")
                out.append(Split(seed * 8 + s + 1, pimc, int(name[7 if later else 6:]), later))
                continue
            if name.startswith(("h_", "h@")):
                if name not in mods:
                    mods[name] = load(name[1:] if name[1] == "@" else name[2:])
                out.append(mods[name].Player("hard", seed=seed * 8 + s + 1))
                continue
            out.append(players.make(name, seed=seed * 8 + s + 1, effort=e))
        tell_seating(mods.values(), names)
        return out

    arena._make_players = make_players
    bots = a.bots.split(",")
    rules = arena.parse_rules(a.profile, len(bots), a.rule)
    rows = arena.run(rules, bots, a.deals, a.matches, a.seed, None, a.jobs, False, a.all_orders)
    print("profile %s rules %s bots %s deals %d seed %d pimc %s" % (
        a.profile, a.rule or "-", a.bots, a.deals, a.seed, pimc))
    print(arena.format_table(rows))


if __name__ == "__main__":
    main()
