"""Starting a match: the board's restart into a fresh heap, the seats' players and the
match's first save.

Functions of the App (``app``) that run once a match: cucumber.app imports this module
when the lobby (or a rematch) has asked for a match (``app.pending``), calls ``start``
and forgets the module before the table is built, so that a match carries none of
this code.
"""

from engine.ai import Player
from engine.match import Match
from cucumber.seats import HUMAN, BOT, LEVELS, encode_match
from cucumber.store import MATCH, CHALLENGE
from cucumber.turns import save_match


def start(app, restart):
    """Start the match the lobby asked for (or the board check's measuring run, which
    cucumber.boardmeasure does, ending in a restart into code.py). With ``restart`` and
    a board that can, the match is saved and the board restarts into it (match.py):
    every match gets a fresh heap. The demo writes nothing to the flash: the board
    restarts into demo.py, which starts a demo of its own from the saved set-up (its
    next matches follow in its heap, keeping its speed). Where the board cannot restart
    (a PC, a save that did not reach the flash) the match begins here; cucumber.app then
    moves on to its first turn.

    A challenge's match (cucumber.codes: ``("begin", match, kinds, record)``) has its
    CHALLENGE record put in the store first. A rematch at the end of a challenge (a
    match with a record) is the next challenge (``_again``)."""
    p = app.pending
    app.pending = None
    if p[0] == "check":  # check.py: the board check's measuring, in this fresh heap
        from cucumber import forget
        from cucumber.boardmeasure import run
        run(app, True)
        run = None
        forget("boardmeasure")
        app.restart()  # into code.py, whose title shows the report; returns only where
        app.show_title()  # the board cannot restart
        return
    demo = p[0] == "demo"
    if restart and demo:
        app.restart("demo.py")  # nothing is saved: the demo starts afresh there
    if not demo and app.demo is None:  # (the demo's matches write nothing)
        if p[0] == "new" and app.store.get(CHALLENGE) is not None:
            p = _again(app, restart) or p
        if len(p) > 3:
            app.store.put(CHALLENGE, p[3])
    m = p[1] if p[0] == "begin" else next_match(app, p[1])
    if restart and not demo:
        _restart_into(app, m, p[2])
    if demo:  # its code after the lobby's has gone (measured: 1 KB less heap)
        from cucumber.demo import Demo
        app.demo = Demo()
    begin(app, m, p[2])


def next_match(app, rules):
    """A new match under ``rules``, its seed and its AIs' seed the app's next."""
    app.seed = (app.seed * 1103515245 + 12345) & 0x3FFFFFFF
    app.bot_seed = app.seed & 0xFFFF
    return Match(rules, seed=app.seed, log_events=True)


def _again(app, restart):
    """A at the end of a challenge's match: the next challenge (the next seed's, its
    rules, seats and length the same), as the terminal game plays it. It is made in the
    title's run, where engine.challenge fits: the record asks for it (AGAIN) and the
    board restarts into code.py (cucumber.lobby.show_title starts it). Where the board
    cannot restart, it is made here: the pending start of it is returned (None where
    the record holds no code: the rematch is then an ordinary one)."""
    rec = app.store.get(CHALLENGE)
    if restart and rec is not None and getattr(app.hw, "restart", None) is not None:
        app.store.put(CHALLENGE, bytes((rec[0] | 1,)) + rec[1:])  # cucumber.codes.AGAIN
        app.restart()
    from cucumber.codes import follow
    return follow(app)


def _restart_into(app, m, kinds):
    """Save ``m`` and restart the board into it (match.py); returns where the board
    cannot (a PC, or a save that did not reach the flash): the match then starts in this
    heap."""
    if getattr(app.hw, "restart", None) is None:
        return
    from engine import save
    app.store.put(MATCH, encode_match(save.dumps(m), kinds, m.n, app.bot_seed))
    if app.store.get(MATCH) is None:
        return
    app.restart("match.py")


def begin(app, m, kinds):
    """``m`` becomes the app's match, ``kinds`` its seats: a player for each AI seat (a
    hard one to give each human's hints when hints are on), who holds the device, and the
    match's first save."""
    app.match = m
    app.kinds = bytearray(kinds[:m.n])
    # its challenge (the CHALLENGE record's layout: cucumber.codes): the code, which the
    # match's end shows (cucumber.summary), and for a challenge of N rounds, the end
    # after them; a record of another match (a power cut between two saves) goes
    rec = app.store.get(CHALLENGE) if app.demo is None else None
    if rec is not None:
        if len(rec) < 5 or rec[2] | (rec[3] << 8) != app.bot_seed & 0xFFFF:
            app.store.clear(CHALLENGE)
        elif rec[1]:
            from cucumber.lastround import stop_after
            stop_after(m, rec[1])
    app.prefs = app.setup = app.stats = None  # saved; read again at the title
    app.bots = []
    app.hinters = [] if app.hints and app.demo is None else None
    for s in range(m.n):
        k = app.kinds[s]
        seed = app.bot_seed + 7 * s
        if k == HUMAN:
            app.bots.append(None)
        elif k == BOT:
            from cucumber.botseat import BotSeat
            app.bots.append(BotSeat(seed))
        else:
            app.bots.append(Player(LEVELS[k], seed))
        if app.hinters is not None:
            app.hinters.append(Player("hard", seed) if k == HUMAN else None)
    humans = 0
    for s in range(m.n):
        if app.kinds[s] == HUMAN:
            humans += 1
            app.holder = s
    app.humans = humans
    if humans != 1:
        app.holder = None  # pass-the-device: nobody holds it until a cover is confirmed
    app.pages = []
    app.wait = None
    app.ai_ready = None
    app.table = None
    app.table_fonts = None
    save_match(app)

