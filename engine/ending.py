"""Empty: the round's end (lives, re-entry, sudden death, the match end) is in
:mod:`engine.match` again, with the rest of the rules of play.

Kept only because tools/bench_ai.py still runs ``import engine.ending``; nothing in the
engine imports it. Delete it together with that line.
"""
