"""Scratch: source edits of engine/ai.py for tools/experiments_hard.py (a bot named
``h_NAME`` is hard with the edits VARIANTS[NAME] applied to a copy of engine/ai.py).

Measured 2026-12-01 on the file before commit "hard: no belief" (each edit then applied to
it; the belief edits no longer apply since the belief is gone), agurk, 4 players, seed 1:
- nobelief (sample within the public bounds only): against pimc2 (200 deals a decision),
  `--bots hard,h_nobelief,pimc2,pimc2 --deals 120 --pimc 200 --all-orders`:
  hard - h_nobelief +0.489 [+0.254, +0.723]; `--bots hard,h_nobelief,h_half,medium
  --deals 300 --all-orders`: hard - h_nobelief +0.139 [+0.025, +0.252]; alone against
  three sharp (`--bots X,sharp,sharp,sharp --deals 1000`): hard 1.072, h_nobelief 1.170.
- half (the belief in every other sample): against pimc2 like nobelief (-0.012 [-0.313,
  +0.290], seats not all orders), against three sharp 1.126, and no better than hard at
  the hard/medium table (hard - h_half +0.041 [-0.067, +0.148]).
- violate (a seat that plays a card its belief excluded loses the belief): the same as
  hard against sharp (1.072), hard - h_violate +0.125 [-0.191, +0.441] against pimc2.
- nobelief_sharplead (rollouts lead the highest card, not medium's middle one): worse,
  h_nobelief - h_nobelief_sharplead -0.408 [-0.710, -0.107] against pimc2 (not all
  orders).
2026-12-02 (on the file of 646c894; docs/FIGURES.md "Against pimc2"): big (effort 30,000,
up to 1,000 deals) beats three pimc2 (N 1,000) at 95%, e6000 is level, the board's hard
+0.186; race* (dropping candidates far behind) +11% deals, no difference; price (the
exact solver's plays at 2 units) and nosolve (no exact solver: 4 of 6,185 end-game
decisions differ) led to the solver's removal in 7dd5d32, after which price and nosolve no
longer apply; aware* (another player's penalty that reaches its threshold is good news):
see issue 11's note.
Compare variants at one table with --all-orders: without it, B always sits after A, and
the seat order moved the difference by up to 0.7 a round.
"""

SHARPLEAD = [("""            elif n >= 4:
                i = n >> 1  # medium's lead""", """            elif n >= 99:
                i = n >> 1  # medium's lead""")]

VARIANTS = {"sharplead": SHARPLEAD}

BIG = [("_EFFORT = const(2000)", "_EFFORT = const(30000)"),
       ("_MAX_SAMPLES = const(64)", "_MAX_SAMPLES = const(1000)")]
E6000 = [("_EFFORT = const(2000)", "_EFFORT = const(6000)"),
         ("_MAX_SAMPLES = const(64)", "_MAX_SAMPLES = const(200)")]
VARIANTS.update({"big": BIG, "e6000": E6000})


def _race(k2, start=3):
    return [("""        state[_WORK] += len(cards)
        if state[_WORK] + (state[_WORK] - work_before) > effort:""",
             """        state[_WORK] += len(cards)
        if samples >= %d and len(cards) > 1:
            low = state[_COST]
            for i in range(len(cards)):
                if state[_COST + i] < low:
                    low = state[_COST + i]
            i = len(cards) - 1
            while i >= 0:
                d = state[_COST + i] - low
                if d * d > %d * samples:
                    j = len(cards) - 1
                    cards[i] = cards[j]
                    state[_COST + i] = state[_COST + j]
                    state[_TAKEN + i] = state[_TAKEN + j]
                    state[_CARD + i] = cards[j]
                    cards.pop()
                    state[_CANDIDATES] = j
                i -= 1
        if state[_WORK] + (state[_WORK] - work_before) > effort:""" % (start, k2))]


VARIANTS.update({"race36": _race(36), "race100": _race(100), "race225": _race(225)})



def _aware(bonus):
    return [
        ("_known = bytearray(73)", "_known = bytearray(80)\n_ROOMS = const(73)"),
        ("            known[_HI + i] = hi\n",
         "            known[_HI + i] = hi\n"
         "            r = rules.threshold - view.score(seat)\n"
         "            known[_ROOMS + i] = (255 if rules.end == _FIXED or r > 255\n"
         "                                 else (r if r > 0 else 0))\n"),
        ("""        if ace_takes and tricks[last] == _ACE:
            takes = tricks[_BY + last] == me
        else:
            takes = False
            for k in range(players):
                if tricks[last + k] == target:
                    if state[_TIE_ALL]:
                        takes = takes or tricks[_BY + last + k] == me
                    else:
                        takes = tricks[_BY + last + k] == me
        if takes:""", """        out = False
        if ace_takes and tricks[last] == _ACE:
            q = tricks[_BY + last]
            takes = q == me
            out = not takes and last_top + 2 >= _known[_ROOMS + q]
        else:
            takes = False
            for k in range(players):
                if tricks[last + k] == target:
                    q = tricks[_BY + last + k]
                    if state[_TIE_ALL]:
                        if q == me:
                            takes = True
                        elif last_top + 2 >= _known[_ROOMS + q]:
                            out = True
                    else:
                        takes = q == me
                        out = not takes and last_top + 2 >= _known[_ROOMS + q]
        if out:
            state[_COST + i] -= %d
        if takes:""" % bonus)]


VARIANTS.update({"aware6": _aware(6), "aware12": _aware(12)})
