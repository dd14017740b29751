"""The browser's game (issue 42) in a real browser: Debian's Chromium, headless, driven by
Playwright, on the site `make web` builds, served on this machine. Each test is what a
player would notice: the screens as the simulator draws them, a match to its end and
back after a reload, bad links and storage, the touch pad, a student's bot.

The site is built once per test process, one Chromium serves every test; each test has a
fresh browser context (its own storage) whose clock the test runs (host_tests/webpage.py).
"""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

import chromium  # noqa: E402
import webpage  # noqa: E402
from webpage import Sim, WebGame, differences, play_along  # noqa: E402

CODE = "9JRB-JVL9-R2CW"  # agurk, 4 players, 5 rounds: the challenge of the examples


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    """The site, built into this process's own folder and served on 127.0.0.1."""
    site = webpage.build(str(tmp_path_factory.mktemp("web") / "site"))
    with chromium.serve(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium; no Chromium and none can be installed: one line says what to do."""
    try:
        path, missing = chromium.ensure(), None
    except chromium.Missing as e:
        missing = str(e)
    if missing:  # (failed outside the handler: the line alone, no chained traceback)
        pytest.fail(missing, pytrace=False)
    with chromium.browser(path) as b:
        yield b


@pytest.fixture
def game(browser, site_url):
    """A fresh context (English, its own storage) and a tab of the site in it; the test
    fails on any error the page reports."""
    games = []

    def make(**context_options):
        context_options.setdefault("locale", "en-US")
        g = WebGame(browser.new_context(**context_options), site_url)
        games.append(g)
        return g
    yield make
    for g in games:
        g.context.close()
    for g in games:
        assert g.errors == []


@pytest.fixture(scope="module")
def display():
    import displayio
    import simulator
    d = simulator.make_display(headless=True)
    yield d
    displayio.release_displays()  # Blinka allows one display at a time


def assert_same(pixels, others, what):
    diff = differences(pixels, others)
    assert diff == "", "%s: %s" % (what, diff)


def same_screen(web, sim, what):
    assert_same(web.pixels(), sim.pixels(), what)


# ----- the screens, pixel for pixel -----------------------------------------------------------

# The browser's language, the language it picks at the first start, and the keys on
# Settings' language row to another (cucumber.lang.CODES: en pt fr es nl da sv pl fi).
LANGUAGES = [("en-US", "en", ("left", "left"), "pl"), ("pl-PL", "pl", ("right", "right"), "en")]


@pytest.mark.parametrize("locale, first, keys, chosen", LANGUAGES, ids=["en", "pl"])
def test_screens_are_the_simulators_pixel_for_pixel(game, display, locale, first, keys,
                                                    chosen):
    """The title, the set-up and Settings in the language picked from the browser's at the
    first start; Settings' choice of another, kept over the browser's after a reload;
    a challenge's offer, table, review and pause menu in it: each as the simulator draws
    it in that language."""
    web = game(locale=locale)
    web.open()
    sim = Sim(display, lang=first)
    same_screen(web, sim, "the title")
    for press in (("a",), ("b", "down", "down", "a"), ("down",) * 6 + keys):
        web.press(*press)
        sim.press(*press)
        same_screen(web, sim, "%s after %s" % (web.state().screen, " ".join(press)))
    assert web.state().screen == "settings"
    web.reload()
    sim = Sim(display, lang=chosen)
    same_screen(web, sim, "the title after a reload")
    web.open("#challenge=" + CODE)
    sim.offer(CODE)
    assert web.state().screen == "challenge"
    same_screen(web, sim, "the challenge's offer")
    web.press("a")
    sim.press("a")
    web.until(lambda s: s.my_turn)
    sim.until_my_turn()
    same_screen(web, sim, "the table at the first human turn")
    for press, what in ((("select",), "the review of played cards"),
                        (("b", "start"), "the pause menu")):
        web.press(*press)
        sim.press(*press)
        same_screen(web, sim, what)


# ----- a match --------------------------------------------------------------------------------


def canonical_console(lines):
    """The serial console's event lines (cucumber.console, English) as events."""
    pats = ((r"round (\d+): (P\d) deals$", "deal"), (r"(P\d) plays (\S+): .*$", "play"),
            (r"(P\d) takes trick \d+ with (\S+)$", "trick"),
            (r"(P\d) takes (\d+) points?: score (\d+)$", "penalty"),
            (r"sudden death: \d+ players$", "sudden"), (r"(P\d) wins the match$", "win"))
    return _canonical(lines, pats, r"(round \d+:|P\d |sudden death)")


def canonical_terminal(lines):
    """The terminal game's event lines (tools/pc/terminal_game.py, English) as events,
    its one human ("You") named P1 as the handheld names the seat."""
    seat = r"(You|P\d)"
    pats = ((r"=== Round (\d+): %s deals? \d+ cards ===$" % seat, "deal"),
            (r"%s plays? (\S+)(?:: .*)?$" % seat, "play"),
            (r"%s takes? trick \d+ with (\S+) and leads?\.$" % seat, "trick"),
            (r"Last trick: (Your|P\d's) (\S+) takes it\.$", "trick"),
            (r"%s scores? (\d+) penalty points?: now (\d+)\.$" % seat, "penalty"),
            (r"Tie for the lowest score: sudden-death round\.$", "sudden"),
            (r"\*\*\* %s wins? the match! \*\*\*$" % seat, "win"))
    # (its other lines are not checked: every event is on the console, whose lines all
    # must be understood, so an event missed here fails the comparison)
    events = _canonical([line.strip() for line in lines], pats)

    def named(v):
        return "P1" if v in ("You", "Your") else v[:-2] if re.match(r"P\d's$", v) else v
    return [tuple(named(v) for v in e) for e in events]


def _canonical(lines, patterns, event_like=None):
    out = []
    for line in lines:
        for pat, kind in patterns:
            m = re.match(pat, line)
            if m:
                out.append((kind,) + m.groups())
                break
        else:
            assert not (event_like and re.match(event_like, line)), \
                "an event line not understood: %r" % line
    return out


def terminal_game_lines(code, human_cards, tmp_path):
    """What terminal_game.py --challenge ``code`` prints when its human plays
    ``human_cards`` (card names, in turn)."""
    import terminal_game
    cards = list(human_cards)
    lines = []

    def ask(prompt):
        lines.append(prompt)
        if prompt.startswith("Play which card"):
            return cards.pop(0)
        if prompt.startswith("Press Enter to play"):
            assert prompt.split()[4] == cards.pop(0)  # the only legal card: Enter plays it
            return ""
        if prompt.startswith("[Enter] next trick"):  # the human is out: watching
            return ""
        if prompt.startswith("Play another match"):
            return "n"
        raise AssertionError("unexpected question: %r" % prompt)

    rc = terminal_game.main(["--challenge", code, "--save", str(tmp_path / "t.sav"), "--new"],
                            ask, lambda text="": lines.extend(str(text).split("\n")),
                            questions=False)
    assert rc == 0 and cards == []
    return lines


def test_a_challenge_link_plays_to_its_end_as_the_terminal_game_does(game, display, tmp_path):
    """A whole match played with the keyboard from the link to its end page, which is the
    simulator's after the same presses; its lines on the serial console are the terminal
    game's for the same code and the same cards."""
    web = game()
    web.open("#challenge=" + CODE)
    web.press("a")
    web.until(lambda s: s.screen == "end", limit=2000, play=play_along)
    sim = Sim(display)
    sim.offer(CODE)
    sim.press("a")
    assert sim.d.auto(lambda dr: dr.name() == "end")  # A for every card and page, too
    same_screen(web, sim, "the end page")
    shown = web.page.locator("#console-lines").text_content().splitlines()
    assert shown[-len(web.console):] == web.console  # the panel shows the console's lines
    events = canonical_console(web.console)
    assert {e[0] for e in events} == {"deal", "play", "trick", "penalty", "sudden", "win"}
    assert events[-1][0] == "win"
    mine = [e[2] for e in events if e[:2] == ("play", "P1")]
    terminal = canonical_terminal(terminal_game_lines(CODE, mine, tmp_path))
    assert terminal[0] == ("deal", "1", "P3")  # said after the restart into match.py too
    assert events == terminal
    web.run(300)  # (the page looks for the end page's code every 25 steps)
    assert web.page.locator("#share").is_visible()  # the end page's code, as a link
    assert web.page.locator("#share-link").input_value().endswith("#challenge=" + CODE)


def test_a_reload_in_a_match_and_continue_return_to_the_same_trick(game):
    """The tab reloaded in the middle of a match: the title offers Continue, and A there
    shows the same table, the same trick and hand, waiting for the same card."""
    web = game()
    web.open("#challenge=" + CODE)
    web.press("a")
    where = "[webmain._app.match.round_no, webmain._app.match.trick_no]"
    web.until(lambda s: s.my_turn and web.py(where) == [1, 3], play=play_along)
    before = web.pixels()
    web.reload()
    assert web.state().screen == "title"
    assert web.py("webmain._app.screen.menu.cursor") == 1  # on Continue
    web.press("a")
    web.until(lambda s: s.my_turn)
    assert web.py(where) == [1, 3]
    assert_same(web.pixels(), before, "the table after Continue")


# ----- bad input ------------------------------------------------------------------------------

BAD_LINKS = (
    ("HELLO-WORLD-12", "Not a code: the 5th character, O, is never in a code."),  # made up
    (CODE[:-1], "Not a code: a code has 12 or 16 characters, not 11."),  # cut short
    (CODE + "-" + CODE, "Not a code: a code has 12 or 16 characters, not 24."),  # too long
    ("9" * 500, "Not a code: a code has 12 or 16 characters, not 500."),  # far too long
)


def test_a_link_with_a_bad_code_says_why_on_the_title_and_stores_nothing(game):
    """A made-up, cut short or over-long code in the link: one line on the page says what
    is wrong with it (the handheld's words for that code typed in), the title shows as it
    always does, and the browser's storage is as it was."""
    web = game()
    web.open()
    title, kept = web.pixels(), web.storage()
    for code, line in BAD_LINKS:
        web.open("#challenge=" + code)
        assert web.notice() == line
        assert web.state().screen == "title"
        assert_same(web.pixels(), title, "the title after " + code)
        assert web.storage() == kept
        assert "#" not in web.page.url  # a reload does not say it again


# Chromium with its storage blocked (site data not allowed): reading localStorage throws
BLOCKED = ("Object.defineProperty(window, 'localStorage', {get() {"
           " throw new DOMException('The operation is insecure.', 'SecurityError'); }});")


def test_blocked_storage_the_game_plays_and_says_once_that_nothing_is_kept(game, display):
    """Storage refused: the title says that nothing will be kept, in one line, as a board
    that cannot keep saves says it; a match plays; back on the title it is not said again."""
    web = game()
    web.context.add_init_script(BLOCKED)
    web.open()
    assert web.py("webmain._app.screen.notice") == "This board cannot keep saves."
    assert_same(web.pixels(), Sim(display, nvm=bytearray(0)).pixels(), "the title")
    web.press("a", "start")  # the set-up, and its match
    web.until(lambda s: s.my_turn, play=play_along)
    web.press("a")
    web.until(lambda s: s.my_turn, play=play_along)  # the match goes on
    web.press("start", "down", "down", "a")  # the pause menu's "Quit to title"
    assert web.state().screen == "title"
    assert web.py("webmain._app.screen.notice") is None
    assert web.notice() == ""


FULL = ("const setItem = Storage.prototype.setItem;"
        " Storage.prototype.setItem = function (key, value) {"
        " if (key.startsWith('cucumber.nvm')) throw new DOMException('full', 'QuotaExceededError');"
        " return setItem.call(this, key, value); };")


def test_full_storage_the_game_plays_and_says_once_that_nothing_is_kept(game):
    """Storage that takes no more: the page says once that nothing will be kept; a match
    starts (its restart into match.py finds it) and plays."""
    web = game()
    web.context.add_init_script(FULL)
    web.open()
    line = "The browser's storage is full: from now on nothing will be kept."
    assert web.notice() == line
    web.press("a", "start")
    web.until(lambda s: s.my_turn, play=play_along)
    web.press("a")
    web.until(lambda s: s.my_turn, play=play_along)
    assert web.notice() == line


GARBAGE = bytes(range(256)) * 32  # 8 KB that are no records of the store


@pytest.mark.parametrize("kept", ["not base64 at all!", webpage.nvm_text(GARBAGE)])
def test_a_damaged_store_is_said_once_and_the_defaults_come_back(game, display, kept):
    """Garbage where the page keeps the nvm, unreadable or 8 KB of it: the title says that
    saved data was damaged, as a board's title says it, Settings are the defaults, and the
    next start says nothing."""
    web = game()
    web.context.add_init_script("localStorage.getItem('cucumber.nvm') === null && "
                                "localStorage.setItem('cucumber.nvm', %r);" % kept)
    web.open()
    sim = Sim(display, nvm=bytearray(GARBAGE))
    assert web.py("webmain._app.screen.notice") == sim.d.app.screen.notice
    assert "damaged" in sim.d.app.screen.notice
    same_screen(web, sim, "the title")
    web.press("down", "down", "a")
    sim.press("down", "down", "a")
    same_screen(web, sim, "Settings")
    web.reload()
    assert web.state().screen == "title"
    assert web.py("webmain._app.screen.notice") is None
    if kept != webpage.nvm_text(GARBAGE):  # what could not be read is kept aside
        assert web.storage()["cucumber.nvm.damaged"] == kept


def test_keys_mashed_while_the_page_loads_do_nothing(game, display):
    """Every button pressed again and again from the moment the page is fetched until it
    is ready, its game's files held back a while: the title shows as it does untouched,
    nothing started, nothing broke."""
    web = game()
    web.context.add_init_script(
        "globalThis.keysBeforeReady = 0; addEventListener('keydown', () => {"
        " if (!document.body || !document.body.classList.contains('ready'))"
        " keysBeforeReady++; }, true);")
    held = []
    web.page.route("**/drive.pack.gz", lambda route: held.append(route))

    def mash():
        for key in ("z", "Enter", "ArrowDown", "x", " ", "ArrowRight", "Tab"):
            web.page.keyboard.press(key)
    web.page.goto(web.url, wait_until="commit")
    while not held:  # the page's code runs, and asks for the game's files
        mash()
    for _ in range(5):
        mash()
    held[0].continue_()
    while not web.page.evaluate("document.body.classList.contains('ready')"):
        mash()
    assert web.page.evaluate("keysBeforeReady") >= 35
    web.run(300)
    assert web.state().screen == "title"
    same_screen(web, Sim(display), "the title")


# ----- touch ----------------------------------------------------------------------------------

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("viewport", [(390, 844), (844, 390)], ids=["upright", "on its side"])
def test_a_tap_on_the_pads_a_acts_as_a_and_the_page_stays_put(game, viewport):
    """On a phone (touch, coarse pointer) the on-screen pad shows beside or under the
    whole screen; a tap on A opens the set-up as A does, and the page neither scrolls nor
    zooms."""
    web = game(**dict(PHONE, viewport={"width": viewport[0], "height": viewport[1]}))
    web.open()
    assert web.page.locator("#pad").is_visible()
    for part in ("#screen", '#pad [data-button="a"]', '#pad [data-button="left"]'):
        box = web.page.locator(part).bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0, part
        assert box["x"] + box["width"] <= viewport[0], part
        assert box["y"] + box["height"] <= viewport[1], part
    web.tap("a")
    assert web.state().screen == "setup"
    web.tap("down")
    assert web.py("webmain._app.screen.menu.cursor") == 1
    web.tap("b")
    assert web.state().screen == "title"
    assert web.page.evaluate("[scrollX, scrollY, visualViewport.scale]") == [0, 0, 1]


# ----- a student's bot ------------------------------------------------------------------------

BOT = (b"def choose(view):\n"
       b"    print('my bot plays', view.legal[-1])\n"
       b"    return view.legal[-1]\n")
BROKEN_BOT = b"def chose(view):\n    return view.legal[0]\n"


def choose_bot(web, source):
    """Choose ``source`` as bot.py from the computer; the page restarts with it."""
    web.page.set_input_files("#bot-file", files=[
        {"name": "bot.py", "mimeType": "text/x-python", "buffer": source}])
    web.until(lambda s: s.screen == "title")


SEAT_2 = "webmain._app.screen.rows[4][1].split()[-1]"  # the set-up's row of seat 2: its kind


def seat_kinds(web, stop=None):
    """The kinds the set-up's seat 2 offers, pressing right through them all, or until
    ``stop``."""
    kinds = [web.py(SEAT_2)]
    while kinds[-1] != stop:
        web.press("right")
        if web.py(SEAT_2) == kinds[0]:
            break
        kinds.append(web.py(SEAT_2))
    return kinds


def test_a_bot_chosen_from_the_computer_plays_a_seat_and_a_broken_one_is_refused(game):
    """bot.py chosen on the page becomes the set-up's "Bot" kind of seat, as on the drive,
    and plays its seat; a bot.py without choose(view) gets the handheld's one line on the
    table while medium plays for it."""
    web = game()
    web.open()
    web.press("a", "down", "down", "down", "down")  # the set-up's seat 2
    assert "Bot" not in seat_kinds(web)
    choose_bot(web, BOT)
    web.press("a", "down", "down", "down", "down")
    assert seat_kinds(web, stop="Bot")[-1] == "Bot"
    web.press("start")
    web.until(lambda s: any(line.startswith("my bot plays") for line in web.console),
              play=play_along)

    choose_bot(web, BROKEN_BOT)
    assert web.py("webmain._app.screen.menu.cursor") == 1
    web.press("a")  # Continue: seat 2 is the bot, read again from the new bot.py
    status = "webmain._app.table.status.text"
    web.until(lambda s: s.screen == "table" and web.py(status) == "bot.py has no choose(view)",
              play=play_along)


# ----- sound ----------------------------------------------------------------------------------


def test_a_played_card_beeps_and_the_sound_setting_mutes_it(game):
    """A card played sounds through Web Audio (the board's samples), and Settings' Sound
    off silences the game, as on the handheld."""
    web = game()
    web.open("#challenge=" + CODE)
    web.press("a")
    web.until(lambda s: s.my_turn)
    played = web.page.evaluate("cucumber.board.speaker.played")
    web.press("a")
    assert web.page.evaluate("cucumber.board.speaker.played") > played
    web.reload()  # the title again, on its Continue
    web.press("down", "down")  # Demo, Settings
    assert web.state().screen == "title" and web.py("webmain._app.screen.menu.cursor") == 3
    web.press("a")
    assert web.state().screen == "settings"
    web.press("right")  # Sound: off
    assert web.py("webmain._app.prefs.mute") is True
    web.press("b")
    while web.py("webmain._app.screen.menu.cursor") != 1:  # the title's Continue
        web.press("up")
    web.press("a")
    web.until(lambda s: s.my_turn)
    played = web.page.evaluate("cucumber.board.speaker.played")
    web.press("a")
    web.run(1000)
    assert web.page.evaluate("cucumber.board.speaker.played") == played


# ----- the board check ------------------------------------------------------------------------

# What the check asks on the page (cucumber.boardcheck builds its steps from the board's
# hardware, each step a kind and its argument): the eight keys (0) in boardcheck.ASK's
# order, the lights' red, green and blue (2: the page's five NeoPixels), the tune (3:
# Web Audio), the backlight's four levels (4: the canvas dimmed), then the measuring (5).
# No stick: the page is a PyBadge.
CHECK_STEPS = (0,) * 8 + (2,) * 3 + (3,) + (4,) * 4 + (5,)
CHECK_KEYS = ("a", "b", "start", "select", "left", "right", "up", "down")  # ASK's order
COLOURS = ("rgb(255, 0, 0)", "rgb(0, 255, 0)", "rgb(0, 0, 255)")
# The figures the page cannot give (webmain._no_heap_figures): the port's heap grows, its
# free bytes count all it may still add, and it collects only back in the page
NO_FIGURE = ("heap_free_start", "heap_total", "heap_free_table7")


def test_the_board_check_asks_what_the_page_has_and_reports_after_its_restarts(game):
    """Settings > Board check on the page, answered with the keyboard as a player sees
    it: a key for each key asked, yes only to the colour the lights show, the tune heard
    (Web Audio played it), each backlight level brighter on the canvas. Its measuring
    restarts the page into check.py and back into code.py, whose report page shows, and
    the serial console's panel has the report's block: the browser's figures measured
    (the heap's "-"), the answers as the PyBadge's code assumes them, nothing saved."""
    import board_report
    web = game()
    web.open()
    web.press("down", "down", "a")  # the title's Settings
    web.press(*("down",) * 5, "a")  # its Board check
    assert web.state().screen == "boardcheck"
    assert tuple(web.py("list(webmain._app.screen.steps)")[::2]) == CHECK_STEPS
    web.press("a")  # the first page: A begins
    for name in CHECK_KEYS:
        web.press(name)
    for colour in COLOURS:
        assert web.state().screen == "boardcheck", "\n".join(web.console[-12:])
        for _ in range(3):  # B: the colour in the pixels' next byte
            if web.lights() == [colour] * 5:
                break
            web.press("b")
        assert web.lights() == [colour] * 5
        played = web.page.evaluate("cucumber.board.speaker.played")
        web.press("a")
    assert web.lights() == [""] * 5  # off again after the lights' steps
    assert web.page.evaluate("cucumber.board.speaker.played") > played  # the tune
    web.press("a")
    levels = []
    for _ in range(4):
        levels.append(web.backlight())
        web.press("a")
    assert levels == sorted(set(levels)) and levels[-1] == 1.0
    web.record_boots()
    web.page.clock.resume()  # the measuring timed by the page's real clock
    web.page.wait_for_function(
        "document.getElementById('console-lines').textContent.includes('== end ==')",
        timeout=20000)
    assert web.boots() == ["check.py", "code.py"]
    assert web.state().screen == "boardcheck"  # the report's page
    report = board_report.parse(web.panel())
    figures = {name: f["value"] for name, f in report["figures"].items()}
    for name, value in figures.items():
        if name in NO_FIGURE:
            assert value is None, name
        else:
            assert isinstance(value, int), name
    assert figures["restart_ms"] < 3000  # and the restart into check.py it timed happened
    shown = "\n".join(web.py("[t.text for t in webmain._app.screen.lines]"))
    assert "%d ms" % figures["restart_ms"] in shown
    assert report["board"] == "PyBadge browser"
    keys = ["key %s %d; assumed %d" % (k, n, n) for k, n in zip(
        ("A", "B", "start", "select", "left", "right", "up", "down"), (1, 0, 2, 3, 7, 4, 6, 5))]
    assert report["answers"] == keys + ["lights GRB; assumed GRB", "sound heard",
                                        "backlight 1:yes 2:yes 3:yes 4:yes"]
    assert report["saved"] == []
