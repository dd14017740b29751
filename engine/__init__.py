"""Cucumber rules engine: integer cards, rule profiles, a match that plays itself by the rules.

Runs unchanged on CPython, MicroPython and CircuitPython. Import what you need:

    from engine.rules import Rules
    from engine.match import Match

Where the rules are (engine/RULES.md says what they are):

- rules: the settings, their limits, the three profiles, the refused combinations.
- match: the game and every rule of play: deals, legal cards, tricks, penalties, lives,
  re-entry, sudden death, the match end.

The other modules: compat (const), cards (codes and names), rng (the seeded generator),
save (a match as a bytes blob), ai (the built-in opponents). The rest are imported the
first time they are needed, so that a match on the board keeps only what it uses; none
of them imports the module that imports it (heap of each under 32-bit MicroPython, from
its .mpy): view (what one seat may know; about 1.7 KB; the AI asks for it), explain (why
a card is or is not legal, in sentences; about 1.4 KB), rulesx (the rules screen's lines;
about 1.4 KB), refusals (the message of each refused setting; about 1.2 KB), restore
(reading a save back; about 2.2 KB, at Continue), given (a first deal given by the
caller; about 0.8 KB, tests and tools only), challenge (a match set-up as a code to read
out, and the daily challenge; about 6.6 KB under 32-bit MicroPython, from its .mpy) and
challengex (the English messages of challenge's errors; about 1.6 KB).
"""
