"""The app outside a match: start-up, the title's commands, the settings and statistics.

Functions of the App (``app``), kept out of cucumber.app so that a match carries none of
this code: cucumber.app imports this module for a command it does not handle itself and
forgets it (with cucumber.settings) for the whole of a match.
"""

from cucumber import settings
from cucumber.store import SETTINGS, STATS, MATCH
from cucumber.seats import HUMAN, HARD, BOT, decode_match
from cucumber.app import forget, module


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
    ok = load_settings(app)
    if settings.Stats.decode(app.store.get(STATS)) is None:
        ok = False
    notice = getattr(app.store, "notice", None)
    if not ok and not notice:
        notice = "Saved settings were damaged: defaults restored."
    apply_prefs(app)
    return notice


def load_settings(app):
    """The preferences and the last set-up, read from the store (they are dropped while
    a match is on); False when the record was damaged."""
    app.prefs, app.setup, ok = settings.decode_settings(app.store.get(SETTINGS))
    return ok


def apply_prefs(app):
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
    app.update_lights()
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
    elif c == "start":
        save_settings(app)
        app.pending = ("new", cmd[1], bytearray(app.setup.kinds))
    elif c == "demo":
        start_demo(app)
    elif c == "prefs":
        apply_prefs(app)
        save_settings(app)
    elif c == "reset_stats":
        app.stats = settings.Stats()
        app.store.put(STATS, app.stats.encode())
        app.screen.refresh(app.stats)


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
    app.demo = module("demo").Demo()
    app.pending = ("new", rules, kinds)


def new_asked(app):
    """The set-up, or first "Replace the saved match?" when a match is saved."""
    if app.store.get(MATCH) is None:
        app.open_screen("menus", "SetupScreen", app.setup, bot_file())
    else:
        app.open_screen("menus", "Message", "New match",
                        "Replace the saved match? It is kept until the new match starts.",
                        ("setup",), ("title",), "A: yes, set up a new one", "B: no")


def continue_match(app):
    from engine import save
    try:
        blob, kinds, seed = decode_match(app.store.get(MATCH))
        m = save.loads(blob)
        if m.n != len(kinds):
            raise save.SaveError("save: seat list does not match the match")
    except (ValueError, save.SaveError) as e:
        app.open_screen("menus", "Message", "Cannot continue",
                        str(e) + " Start a new match?", ("setup",), ("title",),
                        "A: new match", "B: title")
        return
    m.log_events = True
    m.events = []
    app.bot_seed = seed
    app.pending = ("begin", m, kinds)


def record_win(app, winner):
    """A match has ended: count it in the statistics (one write)."""
    m = app.match
    stats_now = stats(app)
    stats_now.record(app.kinds, m.n, winner)
    app.store.put(STATS, stats_now.encode())
