"""The arena: duplicate play between AIs and reference players (host only).

    python tools/measure/arena.py --profile agurk --players 4 --deals 2000 \\
        --bots hard,medium,easy,random
    python tools/measure/arena.py --bots hard,sharp,sharp,sharp --matches 500
    python tools/measure/arena.py --bots hard,sharp,sharp,sharp --rule inverse=1 --json
    python tools/measure/arena.py --bots path/to/bot.py,hard,medium,easy --matches 100

Duplicate: every deal (and every match seed) is replayed once per rotation of the bots
through the seats, so each bot meets the same cards from every seat and luck cancels.
With ``--all-orders`` every cyclic seating order is rotated too, so that each bot also
sits before and after each other bot (the neighbours' order matters in this game).

For each bot (bots with the same name are pooled): the mean penalty per round with a 95%
confidence interval (over deals: a deal's observation is the bot's mean over its seats and
rotations), the rate of taking the penalty, and with ``--matches`` the match win rate with
its 95% interval (over match seeds), plus the host time per decision.
With ``--json`` one JSON object per bot line. Progress goes to stderr.

Paired differences: for every two bot names A and B at the table, A's mean penalty per
round minus B's over the same deals, with a 95% interval from the paired per-deal
differences (and with ``--matches`` the same for the match win rate, paired per match
seed). The independent unit is the duplicate deal (or match seed): all its seatings (the
rotations, and with ``--all-orders`` every cyclic order rotated) replay the same cards, so
they are not independent of each other; a deal's difference is A's mean over all its
seats in all the deal's seatings minus B's, and the interval is Student's t over the deals
(n - 1 degrees of freedom; a difference of win rates is clipped to -1..1). Every seating
seats each bot name the same number of times, so the mean difference is exactly
mean(A) - mean(B). The table prints each pair once, "better at 95%" when the whole
interval is on A's good side (lower penalty, more wins), "worse at 95%" when it is on the
other, else "no difference at 95%"; the JSON row of each bot has ``paired`` (and
``match_paired``): its difference to every other bot, as objects
``{a, b, mean, lo, hi, n, verdict}`` with a = that bot.

The intervals are the normal approximation (mean +- 1.96 standard errors) clipped to what
the value can be: a penalty is never below 0 and a win rate is from 0 to 1, so a small run
never prints an impossible bound. With fewer than two deals (or match seeds) there is no
interval: the table prints n/a and the JSON null.

A challenge (``--challenge CODE``, or ``--daily [YYYY-MM-DD]``; engine/challenge.py): the
teacher's match instead of duplicate deals. Each ``--bots`` name (default hard, medium,
easy) in turn takes every human seat of the challenge, and the challenge's AIs keep theirs,
with the same seeds as on the board, in the simulator and in the terminal game: a class's
bots play the very cards and opponents the class played, to the challenge's end (the whole
match or its first N rounds). One line per bot: its penalty (its seat's score at the end;
per seat where the challenge has several human seats), the rounds and the winner; then the
code. With ``--json`` one object per bot. The code sets the rules, seats and seed: with
--profile, --players, --rule, --deals, --matches, --seed or --all-orders as well, or a code
that is not one, or one with no human seat, the arena prints one line and exits with 2.

A student's bot: a ``--bots`` name ending in ``.py`` is a file defining ``choose(view)``
(engine/botview.py), loaded afresh for each seat it takes and asked only through
``engine.botview.ask``, as on the board: when it raises, returns a card that is not legal,
or is too slow, medium plays that card (and every re-entry offer). The table shows it
under the file's base name; a line after the table counts its fallback cards by kind (its
JSON row: ``path``, ``bot_cards`` asked of it, ``fallbacks``), and the first problem of
each kind goes to stderr once (an error with its traceback). A missing file, one that
fails to load, or one without ``choose`` is refused (exit status 2). With ``--jobs`` each
process loads the file itself.
"""

import argparse
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from engine import challenge  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import FIELDS, Rules, RulesError  # noqa: E402
import players  # noqa: E402

MAX_ROUNDS_PER_MATCH = 1000
# What --rule may set: the engine's settings (players comes from --players / --bots) and
# the re-entry keywords Rules takes.
RULE_NAMES = tuple(f for f in FIELDS if f != "players") + ("lives", "buyback", "comeback")
_ON = ("1", "true", "yes", "on")
_OFF = ("0", "false", "no", "off")
CI_NOTE = ("95% CI: normal approximation, clipped to the possible range (penalty >= 0, "
           "win rate 0 to 1); n/a with fewer than 2 deals or match seeds.")
PAIRED_NOTE = ("Paired A - B: per deal (match seed), A's mean over all its seats and "
               "seatings minus B's; 95% CI: Student t over deals (match seeds), the unit "
               "whose seatings share the cards; n/a with fewer than 2.")


def parse_rules(profile, players_n, settings):
    """The Rules for ``--rule KEY=VALUE`` items; RulesError (naming the setting, and for
    an unknown one listing the valid names) when they cannot be played."""
    kw = {"players": players_n}
    for item in settings or ():
        key, eq, val = item.partition("=")
        key, val = key.strip(), val.strip()
        if key == "players":
            raise RulesError("players: set it with --players (or one --bots name a seat)")
        if key not in RULE_NAMES:
            raise RulesError("unknown rule %r; valid names: %s" % (key, ", ".join(RULE_NAMES)))
        if not eq or not val:
            raise RulesError("%s: needs a value, e.g. %s=1" % (key, key))
        if key in ("buyback", "comeback"):
            if val.lower() not in _ON + _OFF:
                raise RulesError("%s: 1 or 0, not %r" % (key, val))
            kw[key] = val.lower() in _ON
            continue
        try:
            kw[key] = int(val)
        except ValueError:
            raise RulesError("%s: a whole number, not %r" % (key, val)) from None
    return Rules(profile, **kw)


def deal_hands(rules, seed):
    """The duplicate deal for ``seed``: (hands, dealer)."""
    rng = Rng(seed)
    deck = bytearray(range(52))
    rng.shuffle(deck)
    n, h = rules.players, rules.hand
    hands = [list(deck[s * h:(s + 1) * h]) for s in range(n)]
    return hands, rng.below(n)


def _seat_bots(bots, rot):
    n = len(bots)
    return [bots[(s + rot) % n] for s in range(n)]


def seatings(bots, all_orders=False):
    """The seatings a duplicate unit plays: the rotations of ``bots``, or with
    ``all_orders`` the rotations of every cyclic order (each bot then also meets every
    arrangement of neighbours: who plays just before and after it matters)."""
    orders = [list(bots)]
    if all_orders:
        import itertools

        orders = []
        seen = set()
        for rest in itertools.permutations(bots[1:]):
            key = tuple(rest)
            if key not in seen:
                seen.add(key)
                orders.append([bots[0]] + list(rest))
    out = []
    for order in orders:
        for rot in range(len(bots)):
            out.append(_seat_bots(order, rot))
    return out


def _make_players(names, seed, effort):
    """The players of one seating; ``effort`` one number for every player that takes one,
    or a dict of it per name (a name missing: its default)."""
    return [players.make(names[s], seed=seed * 8 + s + 1,
                         effort=effort.get(names[s]) if isinstance(effort, dict) else effort)
            for s in range(len(names))]


def _act(m, ps, names, timing):
    """The player to move decides (timed, per bot name) and acts."""
    s = m.current_player()
    t = time.perf_counter()
    a = ps[s].choose(m.view(s))
    timing[names[s]][0] += time.perf_counter() - t
    timing[names[s]][1] += 1
    m.apply_action(a)


def _file_bots(ps, names, files):
    """Add what each bot file's seat in ``ps`` went through to ``files`` (per name:
    cards asked, fallback cards by kind, and the first problem's text of each kind)."""
    if files is None:
        return
    for s, p in enumerate(ps):
        if isinstance(p, players.FileBot):
            f = files.setdefault(names[s], _no_problems())
            f["asked"] += p.asked
            for k in players.PROBLEM_KINDS:
                f[k] += p.problems[k]
            for k, text in p.first.items():
                f["first"].setdefault(k, text)


def _no_problems():
    f = {"asked": 0, "first": {}}
    for k in players.PROBLEM_KINDS:
        f[k] = 0
    return f


def play_round(rules, hands, dealer, names, seed, effort, timing, files=None):
    """One round; returns per-seat penalties (list). ``files``, a dict, gets the bot
    files' problems (see _file_bots)."""
    m = Match(rules.copy(), seed=seed, hands=hands, dealer=dealer)
    ps = _make_players(names, seed, effort)
    r0 = m.round_no
    while m.round_no == r0 and not m.is_terminal():
        _act(m, ps, names, timing)
    _file_bots(ps, names, files)
    pen = [0] * rules.players
    for s in m.last_takers:
        pen[s] = m.last_penalty
    return pen


def play_match(rules, names, seed, effort, timing, files=None):
    """A whole match; returns (winner seat, rounds played)."""
    m = Match(rules.copy(), seed=seed)
    ps = _make_players(names, seed, effort)
    while not m.is_terminal() and m.round_no < MAX_ROUNDS_PER_MATCH:
        _act(m, ps, names, timing)
    _file_bots(ps, names, files)
    return m.winner, m.round_no


def _job(args):
    """One duplicate unit: ('deal'|'match', index) under all rotations. A bot file is
    passed as its path and loaded here, in the process that plays it."""
    kind, idx, rules_bytes, bots, seed, effort, all_orders = args
    rules = Rules.from_bytes(rules_bytes)
    n = len(bots)
    timing = {b: [0.0, 0] for b in bots}
    per_bot = {b: [0.0, 0, 0] for b in bots}  # sum of penalties/wins, appearances, takes
    rounds = 0
    files = {}
    if kind == "deal":
        dseed = seed * 100003 + idx
        hands, dealer = deal_hands(rules, dseed)
        for names in seatings(bots, all_orders):
            pen = play_round(rules, hands, dealer, names, dseed, effort, timing, files)
            for s in range(n):
                st = per_bot[names[s]]
                st[0] += pen[s]
                st[1] += 1
                st[2] += 1 if pen[s] else 0
    else:
        mseed = seed * 100019 + 7 + idx
        for names in seatings(bots, all_orders):
            winner, nr = play_match(rules, names, mseed, effort, timing, files)
            rounds += nr
            for s in range(n):
                st = per_bot[names[s]]
                st[0] += 1 if s == winner else 0
                st[1] += 1
    return kind, idx, per_bot, timing, rounds, files


def _ci(values, lo=0.0, hi=None, digits=3):
    """Mean of ``values`` and its 95% interval [low, high] (normal approximation, clipped
    to ``lo``..``hi``, the values' possible range), rounded; the interval is None with
    fewer than two values."""
    k = len(values)
    if k == 0:
        return 0.0, None
    mean = sum(values) / k
    if k < 2:
        return round(mean, digits), None
    var = sum((v - mean) ** 2 for v in values) / (k - 1)
    half = 1.96 * math.sqrt(var / k)
    low = max(lo, mean - half)
    high = mean + half if hi is None else min(hi, mean + half)
    return round(mean, digits), [round(low, digits), round(high, digits)]


def t975(df):
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (bisection
    on its distribution function; 12.706 for 1, 1.984 for 100, 1.96 in the limit)."""
    lo, hi = 0.0, 1000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if _t_cdf(mid, df) < 0.975:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _t_cdf(t, df):
    """P(T <= t) for t >= 0: 1 - I_x(df/2, 1/2) / 2 with x = df / (df + t^2)."""
    return 1.0 - 0.5 * _ibeta(df / (df + t * t), df / 2.0, 0.5)


def _ibeta(x, a, b):
    """The regularised incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log(1.0 - x))
    if x > (a + 1.0) / (a + b + 2.0):
        return 1.0 - _ibeta(1.0 - x, b, a)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * f / a


def paired(a, b, diffs, lower_is_better=True, digits=3, bound=None):
    """The paired difference A - B over ``diffs`` (one per independent unit: a deal or a
    match seed): {a, b, mean, lo, hi, n, verdict}, the interval Student's t (clipped to
    -``bound``..``bound`` when given, as a difference of win rates is; lo and hi None
    with fewer than two units) and the verdict "better" or "worse" (for A) when the
    whole interval is on one side of 0, else "no difference" (None without an
    interval)."""
    k = len(diffs)
    mean = sum(diffs) / k if k else 0.0
    lo = hi = verdict = None
    if k >= 2:
        var = sum((v - mean) ** 2 for v in diffs) / (k - 1)
        half = t975(k - 1) * math.sqrt(var / k)
        lo, hi = mean - half, mean + half
        if bound is not None:
            lo, hi = max(-bound, lo), min(bound, hi)
        if hi < 0 or lo > 0:
            verdict = "better" if (hi < 0) == lower_is_better else "worse"
        else:
            verdict = "no difference"
        lo, hi = round(lo, digits), round(hi, digits)
    return {"a": a, "b": b, "mean": round(mean, digits), "lo": lo, "hi": hi, "n": k,
            "verdict": verdict}


def run(rules, bots, deals, matches, seed=1, effort=None, jobs=1, progress=True,
        all_orders=False):
    """Play the duplicate deals and matches; return a list of result dicts, one per bot."""
    unique = []
    for b in bots:
        if b not in unique:
            unique.append(b)
    label = labels(unique)
    tasks = [("deal", i, rules.to_bytes(), bots, seed, effort, all_orders)
             for i in range(deals)]
    tasks += [("match", i, rules.to_bytes(), bots, seed, effort, all_orders)
              for i in range(matches)]
    timing = {b: [0.0, 0] for b in unique}
    match_rounds = 0
    t0 = time.time()
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing

        pool = multiprocessing.Pool(jobs)
        results = pool.imap_unordered(_job, tasks, chunksize=1)
    else:
        pool = None
        results = map(_job, tasks)
    done = 0
    units = {"deal": [], "match": []}
    files = {b: _no_problems() for b in unique if players.is_bot_file(b)}
    for kind, idx, per_bot, tm, nr, fb in results:
        done += 1
        for b, f in fb.items():
            _add_problems(files[b], f, label[b], progress)
        units[kind].append((idx, per_bot))
        for b in unique:
            timing[b][0] += tm[b][0]
            timing[b][1] += tm[b][1]
        match_rounds += nr
        if progress and (done % 10 == 0 or done == len(tasks)):
            el = time.time() - t0
            frac = done / len(tasks)
            bar = "#" * int(30 * frac)
            eta = el / frac - el if frac else 0
            sys.stderr.write("\r[%-30s] %d/%d %.0fs eta %.0fs" % (bar, done, len(tasks), el, eta))
            sys.stderr.flush()
    if pool is not None:
        pool.close()
        pool.join()
    if progress and tasks:
        sys.stderr.write("\n")
    # One observation per unit (a deal or a match seed) and bot: its mean over all its
    # seats in all the unit's seatings. The units are the independent draws; the seatings
    # of one unit share its cards. In the units' order, whatever order the processes end.
    pen_obs = {b: [] for b in unique}
    take = {b: [0, 0] for b in unique}
    win_obs = {b: [] for b in unique}
    for _idx, per_bot in sorted(units["deal"], key=lambda u: u[0]):
        for b in unique:
            st = per_bot[b]
            pen_obs[b].append(st[0] / st[1])
            take[b][0] += st[2]
            take[b][1] += st[1]
    for _idx, per_bot in sorted(units["match"], key=lambda u: u[0]):
        for b in unique:
            st = per_bot[b]
            win_obs[b].append(st[0] / st[1])
    out = []
    for b in unique:
        mean, ci = _ci(pen_obs[b])
        row = {
            "bot": label[b],
            "seats": bots.count(b),
            "profile": rules.profile,
            "players": rules.players,
            "deals": deals,
            "rounds": take[b][1],
            "mean_penalty": mean,
            "ci95": ci,
            "penalty_rate": round(take[b][0] / take[b][1], 4) if take[b][1] else None,
            "matches": matches,
            "ms_per_decision": round(1000 * timing[b][0] / timing[b][1], 3)
            if timing[b][1] else None,
        }
        if matches:
            row["win_rate"], row["win_ci95"] = _ci(win_obs[b], 0.0, 1.0, 4)
            row["rounds_per_match"] = round(
                match_rounds / (matches * len(seatings(bots, all_orders))), 2)
        # the paired differences to every other bot, this bot as A: per unit, A's
        # observation minus B's (same cards, same seatings)
        row["paired"] = [
            paired(label[b], label[o], [x - y for x, y in zip(pen_obs[b], pen_obs[o])])
            for o in unique if o != b]
        if matches:
            row["match_paired"] = [
                paired(label[b], label[o], [x - y for x, y in zip(win_obs[b], win_obs[o])],
                       False, 4, 1.0)
                for o in unique if o != b]
        if b in files:
            f = files[b]
            row["path"] = b
            row["bot_cards"] = f["asked"]
            row["fallbacks"] = dict([("total", sum(f[k] for k in players.PROBLEM_KINDS))]
                                    + [(k, f[k]) for k in players.PROBLEM_KINDS])
        out.append(row)
    return out


def labels(names):
    """The name each bot is shown under: a bot file's base name ("bot.py"), or the path
    as given when two different files share a base name; the others' own names."""
    base = {b: os.path.basename(b) for b in names if players.is_bot_file(b)}
    out = {}
    for b in names:
        if b in base:
            same = [x for x in base if base[x] == base[b]]
            out[b] = base[b] if len(same) == 1 else b
        else:
            out[b] = b
    return out


_KIND_TEXT = {"errors": "error", "illegal": "card that is not legal", "slow": "card too slow"}


def _add_problems(total, f, name, progress):
    """Add a unit's bot-file problems ``f`` to ``total``; the first of each kind goes to
    stderr once (an error with its traceback), the later ones are only counted."""
    total["asked"] += f["asked"]
    for k in players.PROBLEM_KINDS:
        total[k] += f[k]
    for k, text in sorted(f["first"].items()):
        if k in total["first"]:
            continue
        total["first"][k] = text
        sys.stderr.write("%s%s: first %s (medium played that card; the others of this kind "
                         "are only counted):\n%s\n" % ("\n" if progress else "", name,
                                                      _KIND_TEXT[k], text.rstrip("\n")))
        sys.stderr.flush()


def format_fallbacks(rows):
    """One line per bot file: its fallback cards, by kind."""
    lines = []
    for r in rows:
        f = r.get("fallbacks")
        if f is None:
            continue
        kinds = ", ".join("%d %s" % (f[k], k if f[k] != 1 or k != "errors" else "error")
                          for k in players.PROBLEM_KINDS if f[k])
        lines.append("%s: %s fallback card%s of %s%s" % (
            r["bot"], format(f["total"], ","), "" if f["total"] == 1 else "s",
            format(r["bot_cards"], ","),
            " (%s)" % kinds if kinds else ""))
    return lines


def _interval(ci):
    return "%-17s" % "  n/a" if ci is None else "[%6.3f, %6.3f]" % tuple(ci)


def format_table(rows):
    lines = []
    w = max([8] + [len(r["bot"]) for r in rows])
    head = "%-*s %5s %7s %8s  %-17s %8s" % (w, "bot", "seats", "rounds", "penalty", "95% CI",
                                            "takes")
    has_m = any("win_rate" in r for r in rows)
    if has_m:
        head += "  %7s  %-17s" % ("wins", "95% CI")
    head += "  %9s" % "ms/dec"
    lines.append(head)
    for r in rows:
        line = "%-*s %5d %7d %8.3f  %s %8.3f" % (
            w, r["bot"], r["seats"], r["rounds"], r["mean_penalty"], _interval(r["ci95"]),
            r["penalty_rate"] or 0.0)
        if has_m:
            line += "  %7.3f  %s" % (r["win_rate"], _interval(r["win_ci95"]))
        line += "  %9.3f" % (r["ms_per_decision"] or 0.0)
        lines.append(line)
    lines += format_paired(rows)
    lines += format_fallbacks(rows)
    lines.append(CI_NOTE)
    if len(rows) > 1:
        lines.append(PAIRED_NOTE)
    return "\n".join(lines)


def _pair_line(p, w, unit, what):
    name = "%s - %s:" % (p["a"], p["b"])
    if p["lo"] is None:
        return "%-*s %+7.3f  %-18s %s, n/a at 95%% (fewer than 2 %s)" % (
            w, name, p["mean"], "n/a", what, unit)
    return "%-*s %+7.3f  [%+7.3f, %+7.3f] %s, %s at 95%%" % (
        w, name, p["mean"], p["lo"], p["hi"], what, p["verdict"])


def format_paired(rows):
    """The paired differences, each pair of bots once (A before B at the table)."""
    if len(rows) < 2:
        return []
    names = [r["bot"] for r in rows]
    pairs = [p for i, r in enumerate(rows) for p in r["paired"] if names.index(p["b"]) > i]
    w = max(len("%s - %s:" % (p["a"], p["b"])) for p in pairs)
    lines = ["paired A - B, penalty per round over the same %d deals:" % pairs[0]["n"]]
    lines += [_pair_line(p, w, "deals", "per round") for p in pairs]
    if "match_paired" in rows[0]:
        mp = [p for i, r in enumerate(rows) for p in r["match_paired"]
              if names.index(p["b"]) > i]
        lines.append("paired A - B, match win rate over the same %d match seeds:" % mp[0]["n"])
        lines += [_pair_line(p, w, "match seeds", "match wins") for p in mp]
    return lines


# The options a challenge sets itself (refused beside --challenge or --daily).
CHALLENGE_SETS = ("--profile", "--players", "--rule", "--deals", "--matches", "--seed",
                  "--all-orders")


def play_challenge(ch, name, effort, timing=None):
    """Bot ``name`` in every human seat of challenge ``ch``, the challenge's AIs in the
    others (their levels and seeds); the finished match and the players."""
    ps = ch.players()
    names = []
    for s in range(len(ch.kinds)):
        if ps[s] is None:
            ps[s] = players.make(name, seed=ch.seat_seed(s),
                                 effort=effort.get(name) if isinstance(effort, dict) else effort)
            names.append(name)
        else:
            names.append(challenge.LEVELS[ch.kinds[s]])
    timing = {} if timing is None else timing
    for n in names:
        timing.setdefault(n, [0.0, 0])
    m = ch.match()
    while not ch.finished(m):
        _act(m, ps, names, timing)
    return m, ps, names


def run_challenge(ch, bots, effort):
    """One row per bot name: its seats' scores at the challenge's end, the rounds, the
    winner (None when the challenge stopped after its rounds), a bot file's fallbacks."""
    seats = [s for s in range(len(ch.kinds)) if ch.kinds[s] == challenge.HUMAN]
    shown = labels(bots)
    rows = []
    for name in bots:
        m, ps, names = play_challenge(ch, name, effort)
        row = {"bot": shown[name], "challenge": challenge.show(challenge.encode(ch)),
               "seats": [s + 1 for s in seats], "penalty": [m.scores[s] for s in seats],
               "scores": list(m.scores), "rounds": m.round_no,
               "winner": m.winner + 1 if m.is_terminal() else None}
        if players.is_bot_file(name):
            files = {}
            _file_bots(ps, names, files)
            f = files[name]
            row["path"] = name
            row["bot_cards"] = f["asked"]
            row["fallbacks"] = {k: f[k] for k in players.PROBLEM_KINDS}
            row["fallbacks"]["total"] = sum(f[k] for k in players.PROBLEM_KINDS)
        rows.append(row)
    return rows


def format_challenge(ch, rows):
    """The challenge's table: a line per bot, then its bot files' fallbacks."""
    seats = ", ".join("P%d %s" % (s + 1, challenge.LEVELS[k] or "bot")
                      for s, k in enumerate(ch.kinds))
    lines = ["challenge %s: %s; seats %s; %s" % (
        rows[0]["challenge"] if rows else challenge.show(challenge.encode(ch)),
        "; ".join(ch.rules.describe()), seats,
        "the first %d rounds" % ch.length if ch.length else "the whole match")]
    w = max([len(r["bot"]) for r in rows] + [3])
    lines.append("%-*s  %-8s  %-6s  %s" % (w, "bot", "penalty", "rounds", "winner"))
    for r in rows:
        lines.append("%-*s  %-8s  %-6d  %s" % (
            w, r["bot"], ",".join(str(p) for p in r["penalty"]), r["rounds"],
            "-" if r["winner"] is None else "P%d" % r["winner"]))
    lines += format_fallbacks(rows)
    return "\n".join(lines)


def _refuse(line):
    """One line on stderr and exit status 2."""
    sys.stderr.write("arena.py: %s\n" % line)
    raise SystemExit(2)


def challenge_main(a, argv, effort):
    """--challenge / --daily: the rows, after printing them (see the module's text)."""
    given = [o for o in CHALLENGE_SETS
             if any(x == o or x.startswith(o + "=") for x in argv)]
    if given:
        _refuse("the challenge sets the rules, the seats and the seed: leave out %s"
                % " ".join(given))
    try:
        if a.challenge is not None:
            ch = challenge.decode(a.challenge)
        else:
            if a.daily == "today":
                a.daily = "%04d-%02d-%02d" % time.localtime()[:3]
            ch = challenge.daily(a.daily)
    except challenge.ChallengeError as e:
        _refuse(str(e))
    if challenge.HUMAN not in ch.kinds:
        _refuse("challenge %s has no human seat for a bot to take"
                % challenge.show(challenge.encode(ch)))
    bots = a.bots.split(",") if a.bots else ["hard", "medium", "easy"]
    for b in bots:
        if players.is_bot_file(b):
            try:
                players.load_bot(b)
            except players.BotFileError as e:
                _refuse(str(e))
        elif b not in players.NAMES:
            _refuse("unknown bot %r" % b)
    rows = run_challenge(ch, bots, effort)
    if a.json:
        for r in rows:
            print(json.dumps(r))
    else:
        print(format_challenge(ch, rows))
        print("challenge code: %s" % challenge.show(challenge.encode(ch)))
    return rows


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog=CI_NOTE + " " + PAIRED_NOTE)
    ap.add_argument("--profile", default="agurk", choices=("agurk", "gurka", "ogorek"))
    ap.add_argument("--players", type=int, default=None,
                    help="seats (default: the number of --bots, else 4)")
    ap.add_argument("--bots", default=None,
                    help="comma-separated, one per seat: %s (tools/measure/players.py), or a "
                         "student's bot file path/to/bot.py defining choose(view) (default "
                         "hard,medium,easy,random)" % ", ".join(players.NAMES))
    ap.add_argument("--deals", type=int, default=200,
                    help="duplicate deals (single rounds), at least 1")
    ap.add_argument("--matches", type=int, default=0, help="duplicate match seeds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--effort", type=int, default=None,
                    help="hard's effort (default: board's) and, the same number, pimc's and "
                         "pimc2's sampled deals per candidate (default 1000)")
    ap.add_argument("--pimc", type=int, default=None, metavar="N",
                    help="pimc's and pimc2's sampled deals per candidate alone (hard keeps "
                         "--effort's or its default)")
    ap.add_argument("--rule", action="append", metavar="KEY=VALUE",
                    help="override a rule setting, e.g. inverse=1, hand=3, comeback=1 "
                         "(names: %s)" % ", ".join(RULE_NAMES))
    ap.add_argument("--all-orders", action="store_true",
                    help="every cyclic seating order, each rotated (not only rotations); "
                         "all of a deal's seatings are one unit of the paired differences")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    ap.add_argument("--json", action="store_true",
                    help="one JSON object per bot, with 'paired' (and with --matches "
                         "'match_paired'): its paired difference to every other bot, "
                         "objects {a, b, mean, lo, hi, n, verdict}")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    coded = ap.add_mutually_exclusive_group()
    coded.add_argument("--challenge", metavar="CODE",
                       help="play the challenge of this code: each --bots name in turn in its "
                            "human seats, its AIs in the others (see the top of this file)")
    coded.add_argument("--daily", nargs="?", const="today", metavar="YYYY-MM-DD",
                       help="the same with the daily challenge of that date (today's "
                            "without one)")
    a = ap.parse_args(argv)
    if a.deals < 1:
        ap.error("--deals: at least 1 (a deal gives the penalty table), not %d" % a.deals)
    if a.matches < 0:
        ap.error("--matches: 0 or more, not %d" % a.matches)
    if a.jobs < 1:
        ap.error("--jobs: at least 1, not %d" % a.jobs)
    if a.effort is not None and a.effort < 0:
        ap.error("--effort: 0 or more, not %d" % a.effort)
    if a.pimc is not None and a.pimc < 1:
        ap.error("--pimc: at least 1, not %d" % a.pimc)
    effort = a.effort
    if a.pimc is not None:
        effort = {"hard": a.effort, "pimc": a.pimc, "pimc2": a.pimc}
    if a.challenge is not None or a.daily is not None:
        return challenge_main(a, argv, effort)
    if a.bots:
        bots = a.bots.split(",")
    else:
        bots = ["hard", "medium", "easy", "random"]
    n = a.players or len(bots)
    if len(bots) == 1:
        bots = bots * n
    if len(bots) != n:
        ap.error("--bots needs one bot per seat (%d)" % n)
    for b in bots:
        if players.is_bot_file(b):
            try:
                players.load_bot(b)
            except players.BotFileError as e:
                ap.error(str(e))
        elif b not in players.NAMES:
            ap.error("unknown bot %r" % b)
    try:
        rules = parse_rules(a.profile, n, a.rule)
    except RulesError as e:
        ap.error("these rules cannot be played: %s" % e)
    t = time.time()
    rows = run(rules, bots, a.deals, a.matches, a.seed, effort, a.jobs, not a.quiet,
               a.all_orders)
    if a.json:
        for r in rows:
            r["seconds"] = round(time.time() - t, 1)
            r["rules"] = a.rule or []
            r["effort"] = a.effort
            r["pimc"] = a.pimc
            r["all_orders"] = a.all_orders
            print(json.dumps(r))
    else:
        print("profile %s, %d players, rules %s, %d deals x %d seatings, %d matches, seed %d,"
              " effort %s%s" % (a.profile, n, a.rule or "-", a.deals,
                                len(seatings(bots, a.all_orders)), a.matches, a.seed,
                                a.effort or "default",
                                ", pimc %d" % a.pimc if a.pimc is not None else ""))
        print(format_table(rows))
    return rows


if __name__ == "__main__":
    main()
