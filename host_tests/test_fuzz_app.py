"""10,000 random button presses on a fake clock: the app never raises and keeps
finishing matches."""

import random

from screenshots import Driver
from cucumber import keys

PRESSES = 10000
# A and the d-pad most, START and B less (they leave screens), SELECT sometimes.
WEIGHTS = ((keys.A, 36), (keys.LEFT, 10), (keys.RIGHT, 10), (keys.UP, 8), (keys.DOWN, 8),
           (keys.B, 5), (keys.START, 5), (keys.SELECT, 4))


def test_random_presses_never_raise_and_reach_match_ends():
    rng = random.Random(20261129)
    ks = [k for k, _ in WEIGHTS]
    ws = [w for _, w in WEIGHTS]
    d = Driver(seed=17)
    app = d.app
    hw = d.hw
    screens = set()
    for _ in range(PRESSES):
        hw.press(rng.choices(ks, ws)[0])
        hw.advance(rng.choice((20, 160, 400, 900)))
        app.step()
        for _ in range(rng.randint(0, 4)):  # idle frames: AI turns and pauses run on
            hw.advance(rng.choice((100, 300, 700)))
            app.step()
        screens.add(d.name())
    assert app.matches_ended >= 5, (app.matches_ended, sorted(screens))
    for name in ("title", "setup", "table", "round", "end"):
        assert name in screens
