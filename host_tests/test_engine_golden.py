"""Same seed + same settings => the same match: golden transcript hashes (CPython).
test_micropython.py checks the same hashes under MicroPython."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))
import scenarios  # noqa: E402


@pytest.mark.parametrize("i", range(len(scenarios.GOLDEN_CASES)))
def test_golden_transcript(i):
    case = scenarios.GOLDEN_CASES[i]
    got = scenarios.transcript_hash(*case, check=True)
    assert got == scenarios.GOLDEN[i], (case, got)
    assert scenarios.transcript_hash(*case) == got  # and again: nothing carried over
