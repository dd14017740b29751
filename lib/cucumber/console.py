"""The match on the USB serial console: one readable line per event (what a teacher
projects from Mu or any terminal), and the scores for Mu's plotter. (The demo adds the
AIs' reasoning: cucumber.demo.)

The lines (host_tests/test_console.py parses every one of them)::

    round 2: P3 deals
    P2 plays 9♥: heads the trick          (leads / heads the trick / lowest card /
                                            an ace was led)
    P2 takes trick 3 with 9♥
    P2 takes 11 points: score 18
    P2 loses a life: back at 15, 1 left
    P2 may come back at 15 for 2 chips
    P2 comes back at 15 (pays)             (or: (sits a round out))
    P2 sits out round 3
    P2 is out with 22
    P2 is the cucumber with 22
    sudden death: 2 players
    P2 wins the match                      (with a pot: P2 wins the match and 4 chips)
    (0, 11, 4, 18)                          the scores after each round, for Mu's
                                            plotter (when chosen in Settings)

The card names carry suit signs (UTF-8, as the serial console shows them). Loaded for
the whole app: 1,840 bytes of heap on micropython32 (a table of format strings instead
of the branches took 2,336: every string and tuple of a table is a heap object).
"""

from cucumber import ui

WHY = ("", "leads", "heads the trick", "lowest card", "an ace was led")


def card(c):
    return ui.card_name(c, True)


def event_line(e):
    """The console line of match event ``e`` (engine.match's EV_ tuples), or None."""
    kind = e[0]
    who = ui.seat_name(e[1])
    if kind == 1:  # EV_DEAL (e[2]: the rounds played before it)
        return "round %d: %s deals" % (e[2] + 1, who)
    if kind == 2:  # EV_PLAY
        return "%s plays %s: %s" % (who, card(e[2]), WHY[e[3]])
    if kind == 3:  # EV_TRICK
        return "%s takes trick %d with %s" % (who, e[2] + 1, card(e[3]))
    if kind == 4:  # EV_PENALTY
        return "%s takes %d points: score %d" % (who, e[2], e[3])
    if kind == 5:  # EV_LIFE
        return "%s loses a life: back at %d, %d left" % (who, e[2], e[3])
    if kind == 6:  # EV_OFFER
        return "%s may come back at %d for %d chips" % (who, e[2], e[3])
    if kind == 7:  # EV_REENTER (53: engine.match.PAY)
        return "%s comes back at %d (%s)" % (who, e[2],
                                             "pays" if e[3] == 53 else "sits a round out")
    if kind == 8:  # EV_OUT
        return "%s is out with %d" % (who, e[2])
    if kind == 9:  # EV_SUDDEN
        return "sudden death: %d players" % e[2]
    if kind == 10:  # EV_WIN
        if e[2]:
            return "%s wins the match and %d chips" % (who, e[2])
        return "%s wins the match" % who
    if kind == 11:  # EV_SIT_OUT
        return "%s sits out round %d" % (who, e[2] + 1)
    if kind == 12:  # EV_LOSER
        return "%s is the cucumber with %d" % (who, e[2])
    return None


def plot_line(scores):
    """The scores as a tuple line, for Mu's plotter."""
    return "(" + ", ".join(["%d" % s for s in scores]) + ")"
