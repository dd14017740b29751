# A challenge played by its AIs, line by line: the same on CPython and MicroPython
# (host_tests/test_challenge.py compares them). Runs on both: no f-strings, no typing.
from engine import challenge


def _event_line(e):
    return "ev " + " ".join([str(x) for x in e])


def transcript(code, out):
    """Play challenge ``code`` (every seat an AI) to its end, calling ``out(line)`` for
    the code, every event, every decision (seat and action) and the final scores."""
    ch = challenge.decode(code)
    m = ch.match(log_events=True)
    players = ch.players()
    out("code " + challenge.show(code))
    out("seeds %d %d" % (ch.match_seed(), ch.bot_seed()))
    for e in m.events:
        out(_event_line(e))
    m.events = []
    while not ch.finished(m):
        s = m.current_player()
        a = players[s].choose(m.view(s))
        out("act %d %d" % (s, a))
        m.apply_action(a)
        for e in m.events:
            out(_event_line(e))
        m.events = []
    out("end rounds %d winner %d scores %s" % (
        m.round_no, m.winner, " ".join([str(x) for x in m.scores])))
