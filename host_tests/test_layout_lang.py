"""Every screen of the handheld in every language: no text cut off by its cells, none
off the 160x128 screen, none over another (tools/drive/screenshots.py's tour of the screens:
title, set-up, rules, settings, a refusal, the table, pause, the AI thinking, review,
the round's pages, life lost, out, match end, the pass-the-device cover, a re-entry
choice, seven players, the saved-match question, the demo, a hint, Inside the chip and
a bot's problem)."""

import contextlib
import io

import pytest

import layout
import screenshots
from cucumber import lang


@pytest.mark.parametrize("code", lang.CODES)
def test_every_screen_fits_in_every_language(code):
    found = []
    seen = []

    def check(name, group):
        seen.append(name)
        assert group is not None, name
        for p in layout.problems(group):
            found.append("%s: %s" % (name, p))

    try:
        with contextlib.redirect_stdout(io.StringIO()):
            screenshots.shoot(None, code=code, check=check)
    finally:
        lang.choose(0)
    assert len(seen) >= 24, seen
    assert not found, "\n".join(found)
