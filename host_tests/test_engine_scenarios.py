"""The rule scenarios of host_tests/mpy/scenarios.py (written from RULES.md), on CPython.
The same file runs under MicroPython in test_micropython.py."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))
import scenarios  # noqa: E402


@pytest.mark.parametrize("name", scenarios.scenario_names())
def test_scenario(name):
    getattr(scenarios, name)()
