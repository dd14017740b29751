"""Cucumber rules engine: integer cards, rule profiles, a match that plays itself by the rules.

Runs unchanged on CPython, MicroPython and CircuitPython. Import what you need:

    from engine.rules import Rules
    from engine.match import Match

Modules: cards (codes and names), rules (settings and profiles), rng (seeded PRNG),
match (the game state: deals, legal cards, tricks), save (bytes blob), ai (the built-in
opponents). Imported only when first needed, to keep the board's heap small: ending
(threshold, re-entry, sudden death, match end), view (what one seat may know), explain
(why a card is or is not legal), rulesx (rule descriptions and refusal messages).
The rules as the engine plays them: engine/RULES.md.
"""
