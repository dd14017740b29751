"""A challenge of N rounds (engine.challenge's ``length``): its match ends after its Nth
round, as the terminal game and the arena stop it. Loaded by cucumber.starting for such
a challenge's match (its CHALLENGE record says the length: cucumber.challenged) and kept
for the whole match: a match of another kind never loads it.
"""

from engine.compat import const

# engine.match's events, as private consts (no names taken from it: host_tests/
# test_challenges_device.py keeps them equal)
_EV_DEAL = const(1)
_EV_OFFER = const(6)
_EV_SUDDEN = const(9)
_EV_SIT_OUT = const(11)


def stop_after(m, length):
    """Match ``m`` ends once its ``length``th round is scored, as engine.challenge's
    ``finished`` says (sudden death's rounds do not count): what that round's penalty
    brought (a life lost, a player out) stays, what would follow it (the next deal, a
    re-entry offer, sudden death) is dropped, and the lowest total of the players still
    in wins (the first of them in seat order on a tie), the scores being the result.
    The match's own scoring is wrapped for that, so that everything after it (the pages,
    the statistics, the save cleared) is what any match's end brings."""
    score = m._score_round

    def scored(w):
        k = len(m.events)
        score(w)
        if m.round_no >= length and not m.is_terminal():
            _stop(m, k)

    m._score_round = scored  # found on the instance before the class's method


def _stop(m, k):
    ev = m.events
    for i in range(k, len(ev)):
        kind = ev[i][0]
        if kind == _EV_DEAL or kind == _EV_SIT_OUT or kind == _EV_OFFER or kind == _EV_SUDDEN:
            del ev[i:]
            break
    m.sudden = False  # begun by this round's scores, if at all: after the challenge
    low = -1
    for s in range(m.n):
        if m.active(s) and (low < 0 or m.scores[s] < m.scores[low]):
            low = s
    from engine.matchend import _finish  # the engine's own end: phase, winner, EV_WIN
    _finish(m, low)
