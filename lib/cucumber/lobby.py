"""The app outside a match: start-up, the title's commands, the settings and statistics.

Functions of the App (``app``), kept out of cucumber.app so that a match carries none of
this code: cucumber.app imports this module for a command it does not handle itself and
forgets it (with cucumber.settings) for the whole of a match.

Its messages are the chosen language's (the lobby section, cucumber.lang), the store's
notices among them; the language is a preference (``apply_prefs``: chosen at start-up
from the SETTINGS record, and again when Settings changes it).
"""

from engine.compat import const

from cucumber import lang, settings
from cucumber.store import SETTINGS, STATS, MATCH, CHALLENGE, BOARD, DAMAGED, TOO_SMALL
from cucumber.seats import HUMAN, HARD, BOT, decode_match
from cucumber import forget
from cucumber.turns import update_lights

# words: lobby
_NEW_MATCH = const(0)
_REPLACE = const(1)
_REPLACE_YES = const(2)
_REPLACE_NO = const(3)
_CANNOT_CONTINUE = const(4)
_UNREADABLE = const(5)
_NEW_YES = const(6)
_TO_TITLE = const(7)
_SETTINGS_DAMAGED = const(8)
_DATA_DAMAGED = const(9)
_CANNOT_SAVE = const(10)


def bot_file():
    """True when a student's bot.py is on the drive (cucumber.botseat plays it)."""
    from cucumber.ui import ROOT
    try:  # open, not os.stat: every port has it (the heap rig has no os module)
        open(ROOT + "bot.py").close()
        return True
    except OSError:
        return False


def start(app):
    """Read the preferences, the set-up and the statistics; the notice for the title
    (None, or what was damaged)."""
    rec = app.store.get(BOARD)
    if rec is not None:  # a board check's findings (loaded only for a checked board)
        from cucumber.boardrec import adapt
        adapt(app.hw, rec)
        adapt = None
        forget("boardrec")  # not kept for the run (a match's heap would carry it)
    ok = load_settings(app)
    if settings.Stats.decode(app.store.get(STATS)) is None:
        ok = False
    apply_prefs(app)  # the language first: the notice is said in it
    notice = getattr(app.store, "notice", None)
    if ok and not notice:
        return None
    w = lang.section("lobby")
    if notice == DAMAGED:
        return w[_DATA_DAMAGED]
    if notice == TOO_SMALL:
        return w[_CANNOT_SAVE]
    return notice or w[_SETTINGS_DAMAGED]


def begin(app, entry):
    """What the file that started the board (``entry``, cucumber.app.main) starts: the
    title (code.py, and after a notice); the demo (demo.py) or the match saved before the
    restart (match.py), as the app's pending start; the board check's measuring
    (check.py), which cucumber.starting runs (this module is let go of first, as for a
    match)."""
    if entry == "check.py":  # the heap as it starts, for the check's report
        import gc
        gc.collect()
        try:
            app.hw.heap_at_start = (gc.mem_free(), gc.mem_alloc())
        except AttributeError:  # CPython's gc has neither
            pass
    notice = start(app)
    if entry == "check.py":
        app.pending = ("check",)
    elif entry == "demo.py" and notice is None:  # the demo, in a fresh heap
        start_demo(app)
    elif entry == "match.py" and notice is None:
        # straight into the match saved just before the restart (the title's code never
        # loads in this heap); a save that cannot be read says so, as Continue does
        continue_match(app)
    else:
        show_title(app, notice)


def load_settings(app):
    """The preferences and the last set-up, read from the store (they are dropped while
    a match is on); False when the record was damaged."""
    app.prefs, app.setup, ok = settings.decode_settings(app.store.get(SETTINGS))
    return ok


def apply_prefs(app):
    lang.choose(app.prefs.lang)
    app.hints = bool(app.prefs.hints)
    app.plotter = bool(app.prefs.plotter)
    app.muted = bool(app.prefs.mute)
    app.hw.muted = app.muted
    app.hw.set_brightness(app.prefs.brightness)


def save_settings(app):
    if app.prefs is not None:  # in a match they were saved when it began
        app.store.put(SETTINGS, settings.encode_settings(app.prefs, app.setup))


def stats(app):
    """The statistics as stored (new ones if the record is missing or damaged)."""
    return settings.Stats.decode(app.store.get(STATS)) or settings.Stats()


def show_title(app, notice=None):
    app.demo = None
    forget("demo")
    app.table = None
    app.table_fonts = None
    app.match = None
    if app.prefs is None:  # back from a match
        load_settings(app)
    update_lights(app)  # off
    rec = app.store.get(BOARD)
    if rec is not None and len(rec) > 1 and rec[1] & 16 and notice is None:
        # back from the board check's measuring run (check.py): its report
        app.open_screen("boardcheck", "BoardCheck", app, True)
        return
    rec = app.store.get(CHALLENGE)
    if rec is not None and rec[0] & 1 and notice is None:  # cucumber.codes.AGAIN
        from cucumber.codes import next_challenge
        if next_challenge(app):  # it starts: no title
            return
    app.open_screen("menus", "Title", app.store.get(MATCH) is not None, notice)



def command(app, cmd):
    """The title's, the set-up's and the settings' commands."""
    c = cmd[0]
    if c == "setup":
        app.open_screen("menus", "SetupScreen", app.setup, bot_file())
    elif c == "new":  # "New match" on the title
        new_asked(app)
    elif c == "continue":
        continue_match(app)
    elif c == "settings":
        app.stats = stats(app)
        app.open_screen("menus", "SettingsScreen", app.prefs, app.stats)
    elif c == "title":
        save_settings(app)
        show_title(app)
    elif c == "start":  # a challenge of a seed of the app's (cucumber.codes)
        save_settings(app)
        let_go(app)
        from cucumber.codes import setup_match
        setup_match(app, cmd[1], bytearray(app.setup.kinds))
    elif c == "challenge":  # ("challenge", what, ...): cucumber.challenges
        # the set-up's screen and code go first: the entry's code loaded beside them was
        # the title run's worst moment (micropython32, 4p-challenge-code)
        let_go(app)
        from cucumber.challenges import command as challenge
        challenge(app, cmd)
    elif c == "demo":
        start_demo(app)
    elif c == "prefs":
        apply_prefs(app)
        save_settings(app)
    elif c == "language":  # ("language", row): Settings again at once, in that language
        apply_prefs(app)
        save_settings(app)
        if app.stats is None:
            app.stats = stats(app)
        app.open_screen("menus", "SettingsScreen", app.prefs, app.stats, cmd[1])
    elif c == "boardcheck":
        app.open_screen("boardcheck", "BoardCheck", app)
    elif c == "reset_stats":
        app.stats = settings.Stats()
        app.store.put(STATS, app.stats.encode())
        app.screen.refresh(app.stats)


def let_go(app):
    """Drop the screen (its group, Font and texts) and the menus' code now, before the
    match is made: the match's objects then take the heap the screen had, instead of
    landing above it and leaving it a hole once the table opens."""
    app.hw.display.root_group = None
    app.screen = None
    forget("menus")
    app.collect()


def start_demo(app):
    """The classroom demo: the set-up's rules (agurk for four when they are not a valid
    combination), every seat an AI (hard where the set-up has a human). Nothing is
    saved, not even the set-up."""
    from engine.rules import Rules
    setup = app.setup
    try:
        rules = setup.rules()
        n = setup.players
    except ValueError:  # RulesError: not a valid combination
        rules = Rules("agurk")
        n = rules.players
    kinds = bytearray(n)
    for s in range(n):
        k = setup.kinds[s]
        kinds[s] = HARD if k == HUMAN or k == BOT else k
    let_go(app)
    app.pending = ("demo", rules, kinds)  # the app makes the Demo, this code let go


def new_asked(app):
    """The set-up, or first "Replace the saved match?" when a match is saved."""
    if app.store.get(MATCH) is None:
        app.open_screen("menus", "SetupScreen", app.setup, bot_file())
    else:
        w = lang.section("lobby")
        app.open_screen("menus", "Message", w[_NEW_MATCH], w[_REPLACE], ("setup",),
                        ("title",), w[_REPLACE_YES], w[_REPLACE_NO])


def continue_match(app):
    from engine import save
    try:
        blob, kinds, seed = decode_match(app.store.get(MATCH))
        m = save.loads(blob)
        if m.n != len(kinds):
            raise save.SaveError("save: seat list does not match the match")
    except (ValueError, save.SaveError) as e:
        # the screen says it in the player's language; the engine's reason, in
        # English, is for the teacher on the serial console
        print("Cannot continue the saved match:", e)
        w = lang.section("lobby")
        app.open_screen("menus", "Message", w[_CANNOT_CONTINUE], w[_UNREADABLE],
                        ("setup",), ("title",), w[_NEW_YES], w[_TO_TITLE])
        return
    m.log_events = True
    m.events = []
    if m.trick_no == 0 and m.trick_len == 0 and m.phase == 0:  # PHASE_PLAY: just dealt
        # the round's deal, as the console says it: a new match is dealt in the title's
        # run, before the restart into this one, and its deal was never said
        b = 0  # a sudden death's players, as engine.match's deal says them
        if m.sudden:
            for s in range(m.n):
                b |= m.in_round[s] << s
        m.events.append((1, m.dealer, m.round_no, b))  # EV_DEAL
    app.bot_seed = seed
    app.pending = ("begin", m, kinds)
