"""The app's loop in steps the page drives (web/main.js calls ``step`` about every
10 ms): what ``cucumber.app.main`` does on the board in its endless loop, one pass at a
time, because a page that never returns to the browser freezes.

``start`` is what the board's entry files do (code.py: the title; match.py: the match
saved before the restart; demo.py: the classroom demo; check.py: the board check's
measuring, which ends in a restart into code.py), plus what only a page has: a
challenge from its address and the browser's language at the very first start. An
uncaught exception shows the app's own crash screen, and A restarts, as on the board
(``supervisor.reload``: the page starts a new MicroPython).
"""

import gc

import board

_hw = None
_app = None
_crash = None
_restart = False  # the app asked for a restart while it started (check.py's run)


def start(entry, code="", date="", browser_lang=""):
    """Start the app as ``entry`` ("code.py", "match.py", "demo.py", "check.py") would;
    ``code`` or ``date``: the challenge the page's address names (its offer opens over
    the title); ``browser_lang``: the browser's language code ("pt"), chosen when no
    settings were ever saved. Returns "" or the one line that says why the address's
    challenge is not one (the title then opens, and nothing is stored). check.py's run
    measures, and asks for the restart into code.py before its App is made: the first
    ``step`` returns that restart. The check's heap figures are "-" here: the port's heap
    grows, its ``gc.mem_free()`` counting all it may still add, which
    cucumber.boardmeasure takes for no handheld's."""
    global _hw, _app, _restart
    from cucumber.board import open_hardware
    from cucumber import app

    _hw = open_hardware()
    if not len(_hw.nvm):
        # No storage (web/py/microcontroller.py): a restart would lose the match it
        # starts, as nothing carries the saved match into the next MicroPython; the app
        # goes on in this heap instead, as on a PC (cucumber.starting)
        _hw.restart = None
    from cucumber.store import Store
    store = Store(_hw.nvm)  # the app's own: a second Store would mend a damaged nvm first
    if entry == "code.py" and browser_lang:  # and its title would not say so
        _first_language(store, browser_lang)
    try:
        _app = app.running = app.App(_hw, store=store, entry=entry)
    except SystemExit:  # supervisor.reload(): the page has the file to start next
        _restart = True
        return ""
    if entry != "code.py":
        return ""
    if code or date:
        return _offer(code, date)
    return ""


def _first_language(store, code):
    """The browser's language ``code`` as the settings' language when no settings were
    ever saved, written before the app reads them: its title, and any notice on it, are
    then in that language."""
    from cucumber import lang
    from cucumber.settings import Prefs, Setup, encode_settings
    from cucumber.store import SETTINGS
    if code not in lang.CODES or store.get(SETTINGS) is not None:
        return
    prefs = Prefs()
    prefs.lang = lang.CODES.index(code)
    store.put(SETTINGS, encode_settings(prefs, Setup()))


def _offer(code, date):
    """The offer page of the address's challenge, as the handheld opens it after the code
    is entered; a code or date that is not one: its message, and the title stays."""
    from engine.challenge import ChallengeError, daily, decode, encode, show
    from cucumber import lang
    try:
        if date:
            ch = daily(date)
            text = date
        else:
            ch = decode(code)
            text = show(encode(ch))
    except ChallengeError as e:
        from cucumber.challenges import error_text
        return error_text(e, lang.section("challenge"))
    _app.command(("challenge", "offer", ch, text, bool(date)))
    return ""


def step():
    """One pass of the app's loop, then the screen to the page. 1 when the app asked for
    a restart (the page then starts a new MicroPython), else 0."""
    global _app, _crash
    if _restart:
        return 1
    try:
        if _crash is not None:
            _crash_step()
        else:
            _app.step()
    except SystemExit:
        return 1
    except Exception as e:  # as cucumber.app.main: the crash screen, A restarts
        from cucumber import app
        _app = app.running = None
        board.DISPLAY.root_group = None
        app._room_for_the_crash_screen()
        from cucumber.crash import show
        _crash = app.running = show(_hw, e)
    board.DISPLAY.paint()
    return 0


def _crash_step():
    from cucumber import keys
    if keys.A in _hw.keys():
        board.DISPLAY.root_group = None
        import supervisor
        supervisor.reload()


def ended_code():
    """The code of the match whose end page is shown ("" on any other screen): the page
    offers a link that plays it again (the CHALLENGE record the end page reads too)."""
    scr = getattr(_app, "screen", None)
    if scr is None or getattr(scr, "name", "") != "end":
        return ""
    from cucumber.store import CHALLENGE
    rec = _app.store.get(CHALLENGE)
    if rec is None or len(rec) < 5:
        return ""
    return str(rec[4:], "utf-8")


def heap():
    """The live heap after the page's last collection, and the heap's size: the port
    collects only between steps (docs/PLATFORM.md)."""
    return gc.mem_alloc(), gc.mem_alloc() + gc.mem_free()


def hardware():
    return _hw
