"""The match on the USB serial console: one readable line per event (what a teacher
projects from Mu or any terminal), and the scores for Mu's plotter. (The demo adds the
AIs' reasoning: cucumber.demo.)

The lines in English (host_tests/test_classroom.py parses every one of them)::

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
    sudden-death round: P2 P4              (its players; no round number, no dealer)
    out of the tie: P2                     (who took a sudden-death round's penalty; or,
                                            when everyone in it did: still in the tie: P2)
    P2 wins the match                      (with a pot: P2 wins the match and 4 chips)
    (0, 11, 4, 18)                          the scores after each round, for Mu's
                                            plotter (when chosen in Settings)

The lines are the chosen language's (the "console" section, cucumber.lang), kept as ONE
string for the whole app (the section's texts joined by newlines; a line's template is
sliced out of it when the line is printed): about half the bytes of a tuple of its 18
strings, and two heap blocks instead of 37. Read when this module loads, with the app,
so that it lies among the app's own objects rather than among a match's, and again at
the first line after the language has changed. The card names carry suit signs (UTF-8,
as the serial console shows them) and the language's rank letters (ui.card_name). The
plotter's tuple is numbers only, in every language. A sudden death's three lines are a
section of their own ("tiebreak"), read when one is said: most matches never have one,
and the resident string stays as it was.
"""

from cucumber import lang, ui
from engine.compat import const

# words: console
_DEAL = const(0)
_PLAY = const(1)
_LEADS = const(2)
_HEADS = const(3)
_LOWEST = const(4)
_ACE = const(5)
_TRICK = const(6)
_PENALTY = const(7)
_LIFE = const(8)
_OFFER = const(9)
_PAYS = const(10)
_SITS = const(11)
_OUT = const(12)
_SUDDEN = const(13)
_WIN = const(14)
_WIN_CHIPS = const(15)
_SIT_OUT = const(16)
_LOSER = const(17)

# words: tiebreak
_SUDDEN_DEAL = const(0)
_TIE_OUT = const(1)
_TIE_KEPT = const(2)

# Why a card was legal, by engine.match's WHY_ codes, in English: what cucumber.demo shows
# under the trick (``why(n)`` is the chosen language's).
WHY = ("", "leads", "heads the trick", "lowest card", "an ace was led")

_text = None  # the section's texts joined by "\n"
_lang = -1  # the language they are in


def load():
    """The console section of the chosen language, as one string, unless it is loaded."""
    global _text, _lang
    if _lang != lang.chosen or _text is None:
        _text = None  # the old language's goes first
        _text = "\n".join(lang.section("console"))
        _lang = lang.chosen


def word(i):
    """Text ``i`` of the console section (``_DEAL`` ... ``_LOSER``)."""
    load()
    t = _text
    start = 0
    while i:
        start = t.find("\n", start) + 1
        i -= 1
    end = t.find("\n", start)
    return t[start:] if end < 0 else t[start:end]


def why(n):
    """Why a card was legal (engine.match's WHY_ code ``n``) in the chosen language."""
    return word(_LEADS - 1 + n) if n else ""


def card(c):
    return ui.card_name(c, True)


def event_line(e):
    """The console line of match event ``e`` (engine.match's EV_ tuples), or None."""
    kind = e[0]
    who = ui.seat_name(e[1])
    if kind == 1 and not e[3]:  # EV_DEAL (e[2]: the rounds played before it; e[3]: a
        return word(_DEAL) % (e[2] + 1, who)  # sudden death's players, said below)
    if kind == 2:  # EV_PLAY
        return word(_PLAY) % (who, card(e[2]), why(e[3]))
    if kind == 3:  # EV_TRICK
        return word(_TRICK) % (who, e[2] + 1, card(e[3]))
    if kind == 4:  # EV_PENALTY
        return word(_PENALTY) % (who, e[2], e[3])
    if kind == 5:  # EV_LIFE
        return word(_LIFE) % (who, e[2], e[3])
    if kind == 6:  # EV_OFFER
        return word(_OFFER) % (who, e[2], e[3])
    if kind == 7:  # EV_REENTER (53: engine.match.PAY)
        return word(_PAYS if e[3] == 53 else _SITS) % (who, e[2])
    if kind == 8:  # EV_OUT
        return word(_OUT) % (who, e[2])
    if kind == 9:  # EV_SUDDEN
        return word(_SUDDEN) % e[2]
    if kind == 10:  # EV_WIN
        if e[2]:
            return word(_WIN_CHIPS) % (who, e[2])
        return word(_WIN) % who
    if kind == 11:  # EV_SIT_OUT
        return word(_SIT_OUT) % (who, e[2] + 1)
    if kind == 12:  # EV_LOSER
        return word(_LOSER) % (who, e[2])
    if kind == 1:  # a sudden death's deal (e[3]: its players, 1 << seat)
        i = _SUDDEN_DEAL
        seats = e[3]
    elif kind == 13:  # EV_TIEBREAK: the seat drops out of the tie (e[3]), or all are in it
        i = _TIE_OUT if e[3] else _TIE_KEPT
        seats = 1 << e[1]
    else:
        return None
    names = ""  # (the tiebreak section: read now, a sudden death's lines are rare)
    for s in range(7):
        if seats >> s & 1:
            names += " " + ui.seat_name(s)
    return lang.section("tiebreak")[i] % names[1:]


def plot_line(scores):
    """The scores as a tuple line, for Mu's plotter."""
    return "(" + ", ".join(["%d" % s for s in scores]) + ")"


load()  # with the app, before any screen: the language chosen later reads it again
