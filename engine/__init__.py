"""Cucumber rules engine: integer cards, rule profiles, a match that plays itself by the rules.

Runs unchanged on CPython, MicroPython and CircuitPython. Import what you need:

    from engine.rules import Rules
    from engine.match import Match

Where the rules are (engine/RULES.md says what they are):

- rules: the settings, their limits, the three profiles, the refused combinations.
- match: the game and every rule of play: deals, legal cards, tricks, penalties, lives,
  re-entry, sudden death, the match end.

The other modules: compat (const), cards (codes and names), rng (the seeded generator),
save (a match as a bytes blob), ai (the built-in opponents). Three are only words or a
window on the match, imported the first time they are needed, and none of them imports
the module that imports it (heap under MicroPython 1.27, measured by importing them):
view (what one seat may know; about 1.8 KB; the AI asks for it), explain (why a card is
or is not legal, in sentences; about 2.5 KB), rulesx (the rules screen's lines and the
refusal messages; about 2.3 KB). ending is empty: its rules are in match again; it stays
only for tools/bench_ai.py's ``import engine.ending``.
"""
