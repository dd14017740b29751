"""Cucumber rules engine: integer cards, rule profiles, a match that plays itself by the rules.

Runs unchanged on CPython, MicroPython and CircuitPython. Import what you need:

    from engine.rules import Rules
    from engine.match import Match

Modules: cards (codes and names), rules (settings and profiles), rng (seeded PRNG),
match (the game state and every rule of play: deals, legal cards, tricks, penalties,
lives, re-entry, sudden death, match end), save (bytes blob), ai (the built-in
opponents). Imported only when first needed, to keep the board's heap small: view (what
one seat may know), explain (why a card is or is not legal), rulesx (rule descriptions
and refusal messages). ending is empty (merged into match; kept for an old import).
The rules as the engine plays them: engine/RULES.md.
"""
