"""The rig's player for a plan with a ``challenge`` code or a ``daily`` date
(tools/rig/stubs/rigdriver.py): it enters the code (or date) on the entry screen of
cucumber.challenges as a person would, then plays as the rig's player always does. A
module of its own, loaded only for such a plan: the rig's start (tools/rig/boardrig.py)
loads it and hands its Player to ``rigdriver.start``, which never imports it (this module
is made from rigdriver, not the other way round)."""

import rigdriver

# logical keys (cucumber.keys)
_LEFT = 0
_RIGHT = 1
_UP = 2
_DOWN = 3
_A = 4


class Player(rigdriver._Player):
    def on_setup(self, app, scr):
        """Down (or up) to the set-up's challenge row, then A (the plan's match is the
        challenge: the set-up is not seen again)."""
        row = "code" if self.plan.get("challenge") else "daily"
        want = [r[0] for r in scr.rows].index(row)
        if scr.menu.cursor != want:
            return _DOWN if scr.menu.cursor < want else _UP
        return _A

    def on_code(self, app, scr):
        """The entry: to the first place that differs from the plan's code (or date),
        then up or down the shorter way to its character; A once all agree."""
        if scr.err_group is not None:
            raise rigdriver.RigFailure("rig: the entry refuses the plan's code or date")
        text = self.plan.get("challenge")
        text = text.replace("-", "") if text else self.plan["daily"]
        cells = scr.cells
        n = len(cells)
        symbols = scr.symbols
        want = list(text) + [symbols[0]] * (n - len(text))
        i = 0
        while i < n and cells[i] == want[i]:
            i += 1
        if i == n:
            return _A
        c = scr.cursor
        if c != i:
            return _RIGHT if (i - c) % n <= n // 2 else _LEFT
        d = (symbols.find(want[i]) - symbols.find(cells[i])) % len(symbols)
        return _UP if d <= len(symbols) // 2 else _DOWN
