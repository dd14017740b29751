"""Built-in opponents. Placeholder policy until the AI issue lands: plays its lowest legal
card unless that card heads the trick, then its highest (never raises).

Contract used by the app, the terminal game and the arena:

    bot = ai.Player("medium", seed=7)     # level in LEVELS; effort optional (hard only)
    action = bot.choose(match.view(seat)) # a legal action for that seat: a card or a
                                          # re-entry answer (DECLINE / PAY / SIT_OUT)
"""

from engine.match import PAY, SIT_OUT
from engine.rng import Rng

LEVELS = ("easy", "medium", "hard")


class Player:
    def __init__(self, level="medium", seed=1, effort=None):
        if level not in LEVELS:
            raise ValueError("level: must be easy, medium or hard, not %r" % level)
        self.level = level
        self.rng = Rng(seed)
        self.effort = effort

    def choose(self, view):
        acts = view.legal_actions()
        if not acts:
            raise ValueError("choose: seat %d has nothing to do now" % view.seat)
        if acts[0] >= 52:
            return SIT_OUT if SIT_OUT in acts else PAY
        legal = view.legal_cards()
        cards, _ = view.trick()
        top = -1
        for c in cards:
            if c >> 2 > top:
                top = c >> 2
        if legal[0] >> 2 >= top:
            return legal[-1]
        return legal[0]
