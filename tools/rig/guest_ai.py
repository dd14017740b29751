"""Board rig guest: AI decisions of every level over whole matches, 2 to 7 players, every
profile and the variants that change how a decision is searched, with low thresholds so
that the end games one penalty from out come often (tools/rig/boardrig.py runs it with the
board's pystack; host_tests/test_board_limits.py).

Odd seats decide as the board's app will between frames: ``begin``, then ``think`` in
small slices until the action comes; even seats call ``choose``.

It prints ``RIG-RESULT {json}``: decisions made per level and matches finished."""

from engine.ai import Player, LEVELS
from engine.rules import Rules
from engine.match import Match

# (profile, players, settings, levels of the seats, lives/re-entry)
SCENARIOS = (
    ("agurk", 7, {"threshold": 15}, "hhhhhhh", None),
    ("gurka", 6, {"threshold": 15}, "hhhmme", None),
    ("ogorek", 5, {"threshold": 15, "tie_all": True}, "hhmme", "buyback"),
    ("agurk", 4, {"threshold": 11, "inverse": True}, "hhme", None),
    ("agurk", 4, {"threshold": 15, "ace": 2, "hand": 5}, "hhmm", None),
    ("gurka", 3, {"threshold": 11, "hand": 3, "end": 1}, "hme", 1),
    ("agurk", 2, {"threshold": 11, "strict": True}, "hm", None),
    ("ogorek", 3, {"end": 2, "rounds": 3}, "hhe", 1),
    ("gurka", 5, {"threshold": 15}, "mmmmm", "comeback"),
    ("agurk", 6, {"threshold": 11, "open_cards": False}, "hhhhhh", None),
)
CODE = {"e": "easy", "m": "medium", "h": "hard"}

decisions = {}
for lv in LEVELS:
    decisions[lv] = 0
matches = 0
for i in range(len(SCENARIOS)):
    profile, n, settings, levels, lives = SCENARIOS[i]
    kw = dict(settings)
    if lives == 1 or kw.get("end"):
        kw["lives"] = 1
    r = Rules(profile, players=n, **kw)
    if lives == "buyback":
        r.set_buyback()
    elif lives == "comeback":
        r.set_comeback()
    r.validate()
    m = Match(r, seed=100 + i)
    bots = [Player(CODE[levels[s]], seed=7 * s + i) for s in range(n)]
    while not m.is_terminal():
        s = m.current_player()
        if s & 1:
            bots[s].begin(m.view(s))
            action = bots[s].think(150)
            while action is None:
                action = bots[s].think(150)
        else:
            action = bots[s].choose(m.view(s))
        m.apply_action(action)
        decisions[CODE[levels[s]]] += 1
    matches += 1
# JSON by hand: the rig's MicroPython has no json module (nor needs one on the board)
print('RIG-RESULT {"matches": %d, "decisions": {%s}}' % (
    matches, ", ".join('"%s": %d' % (lv, decisions[lv]) for lv in decisions)))
