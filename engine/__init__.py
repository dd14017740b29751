"""Cucumber rules engine: integer cards, rule profiles, a match that plays itself by the rules.

Runs unchanged on CPython, MicroPython and CircuitPython. Import what you need:

    from engine.rules import Rules
    from engine.match import Match

Modules: cards (codes and names), rules (settings and profiles), rng (seeded PRNG),
match (the game state), save (bytes blob), ai (the built-in opponents).
"""
