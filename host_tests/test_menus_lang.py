"""The title, set-up, settings and message screens in every language (cucumber.menus,
cucumber.lobby): they build, every row fits its cells whatever the values, a language
chosen in Settings shows at once and after a restart, and the SETTINGS record keeps it
(a version-1 record, from before languages, still reads: English)."""

import contextlib
import io
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import displayio  # noqa: E402
import pytest  # noqa: E402

import layout  # noqa: E402
from screenshots import Driver  # noqa: E402
from cucumber import keys, lang, menus, settings, ui  # noqa: E402
from cucumber.settings import Prefs, Setup, Stats, decode_settings, encode_settings  # noqa: E402
from cucumber.store import MATCH, SETTINGS, Store, DAMAGED, TOO_SMALL  # noqa: E402
from engine.rules import PROFILES, RulesError, MAX_PLAYERS  # noqa: E402

INDEXES = range(len(lang.CODES))
FR = lang.CODES.index("fr")
HEADING_CHARS = 17  # the large font: 9 px a character, 160 px across


@pytest.fixture(autouse=True)
def english_after():
    # the title's cards come from the repository's sprites/ (on the board: the drive's);
    # set here, not left to whichever test of this worker ran first
    import simulator
    simulator.use_repo_assets()
    yield
    lang.choose(lang.ENGLISH)


def blank_nvm():
    return bytearray(b"\xff" * 8192)


def texts(group):
    """Every ui.Text in ``group`` (into its Groups)."""
    out = []
    stack = [group]
    while stack:
        for item in stack.pop():
            if isinstance(item, ui.Text):
                out.append(item)
            elif isinstance(item, displayio.Group):
                stack.append(item)
    return out


def fits(group, what):
    """No text longer than its cells, none off the screen or over another."""
    for t in texts(group):
        assert len(t.text) <= t.cells, "%s: %r in %d cells" % (what, t.text, t.cells)
    assert not layout.problems(group), (what, layout.problems(group))


def in_language(i):
    """A fresh app on the title, switched to language ``i`` as Settings does."""
    d = Driver(seed=3)
    d.step(2)
    d.app.prefs.lang = i
    d.app.command(("language", 0))  # saved, applied, Settings opened in it
    d.app.command(("title",))
    d.step(2)
    return d


@pytest.mark.parametrize("i", INDEXES)
def test_title_setup_and_settings_build_and_fit_in_every_language(i):
    d = in_language(i)
    assert lang.chosen == i
    title_words = lang.section("title")
    assert d.name() == "title"
    fits(d.screen.group, "title")
    assert [t.text.rstrip() for t in d.screen.menu.lines] == list(title_words[2:7])
    assert len(title_words[0]) <= HEADING_CHARS
    d.app.command(("setup",))
    assert d.name() == "setup"
    fits(d.screen.group, "setup")
    assert d.screen.rows[0][1] == lang.section("setup")[0 + 2]  # ">> Start match <<"
    d.app.command(("title",))
    d.app.command(("settings",))
    assert d.name() == "settings"
    fits(d.screen.group, "settings")
    shown = [t.text for t in texts(d.screen.group)]
    assert lang.section("settings")[0] in shown  # its heading, in that language


@pytest.mark.parametrize("i", INDEXES)
def test_every_setup_row_fits_with_every_value(i):
    lang.choose(i)
    s = Setup()
    scr = menus.SetupScreen(s, bot_file=True)
    cells = scr.menu.cells
    assert cells == menus.SETUP_CELLS
    seen = set()
    for players in (2, MAX_PLAYERS):
        for kind in range(settings.BOT + 1):
            for v in range(3):
                for reentry in range(settings.REENTRY_MODES):
                    s.players = players
                    for j in range(MAX_PLAYERS):
                        s.kinds[j] = kind
                    s.profile = v
                    s.strict = s.tie_all = s.inverse = s.stakes = s.open_cards = v & 1
                    s.ace = s.end = v
                    s.threshold = 250
                    s.rounds = 20
                    s.reentry = reentry
                    for _key, row in scr._rows():
                        assert len(row) <= cells, (lang.code(), row)
                        seen.add(row)
    # the values start at one column: the label's cells, whatever the row
    starts = set()
    for row in seen:
        if row.startswith(">>"):
            continue
        j = scr.col
        assert row[j - 1] == " " and row[j] != " ", (lang.code(), row)
        starts.add(j)
    assert len(starts) == 1
    scr.menu.cursor = 0
    scr._draw()
    fits(scr.group, "setup")


def test_english_rows_are_as_before():
    lang.choose(lang.ENGLISH)
    s = Setup()
    s.apply_profile(2)
    scr = menus.SetupScreen(s)
    rows = dict(scr._rows())
    assert rows["profile"] == "Rules:    ogorek"
    assert rows["seat0"] == "  P1:     Human"
    assert rows["seat1"] == "  P2:     AI medium"
    assert rows["reentry"] == "Re-entry: none"
    assert rows["end"] == "End:      last one in"
    sc = menus.SettingsScreen(Prefs(), Stats())
    items = sc.items()
    assert items[0] == "Sound:      on" and items[4] == "Inside the chip"
    assert items[5] == "Board check"
    assert items[6] == "Language:   English" and items[8] == "Back"


@pytest.mark.parametrize("i", INDEXES)
def test_every_settings_row_and_stats_line_fits(i):
    lang.choose(i)
    st = Stats()
    st.matches = 999
    st.played = [999] * MAX_PLAYERS
    st.won = [999] * MAX_PLAYERS
    p = Prefs()
    for shown in INDEXES:
        p.lang = shown
        for flag in (False, True):
            p.mute = p.hints = p.plotter = flag
            for b in range(4):
                p.brightness = b
                scr = menus.SettingsScreen(p, st)
                for confirm in (False, True):
                    scr.confirm = confirm
                    for row in scr.items():
                        assert len(row) <= scr.menu.cells, (lang.code(), row)
    for line in st.lines():
        assert len(line) <= 26, (lang.code(), line)
    scr._draw()
    fits(scr.group, "settings")


@pytest.mark.parametrize("i", INDEXES)
def test_the_lobbys_messages_fit(i):
    lang.choose(i)
    from cucumber import lobby
    w = lang.section("lobby")
    for head in (w[lobby._NEW_MATCH], w[lobby._CANNOT_CONTINUE]):
        assert len(head) <= HEADING_CHARS, (lang.code(), head)
    for text in (w[lobby._REPLACE], w[lobby._UNREADABLE]):
        assert len(ui.wrap(text, 26)) <= 6, (lang.code(), text)
    for notice in (w[lobby._SETTINGS_DAMAGED], w[lobby._DATA_DAMAGED], w[lobby._CANNOT_SAVE]):
        assert len(ui.wrap(notice, 26)) <= 2, (lang.code(), notice)  # the title shows 2
        fits(menus.Title(False, notice).group, "title with a notice")
    m = menus.Message(w[lobby._NEW_MATCH], w[lobby._REPLACE], ("setup",), ("title",),
                      w[lobby._REPLACE_YES], w[lobby._REPLACE_NO])
    fits(m.group, "replace the saved match")
    m = menus.Message(w[lobby._CANNOT_CONTINUE], w[lobby._UNREADABLE], ("setup",),
                      ("title",), w[lobby._NEW_YES], w[lobby._TO_TITLE])
    fits(m.group, "cannot continue")


def test_choosing_a_language_in_settings_shows_it_at_once_and_after_a_restart():
    nvm = blank_nvm()
    d = Driver(nvm=nvm, seed=3)
    d.step(2)
    d.app.command(("settings",))
    old = d.screen
    while d.screen.menu.cursor != menus._ROW_LANGUAGE:
        d.press(keys.DOWN)
    d.press(keys.RIGHT)  # English -> Portugues
    pt = lang.CODES.index("pt")
    assert lang.chosen == pt and d.app.prefs.lang == pt
    scr = d.screen
    assert scr is not old and d.name() == "settings"  # built again, in Portuguese
    assert scr.menu.cursor == menus._ROW_LANGUAGE
    shown = [t.text for t in texts(scr.group)]
    assert "Configura\u00e7\u00f5es" in shown
    assert scr.items()[menus._ROW_LANGUAGE].endswith(lang.name(pt))
    d.step(2)
    d.press(keys.RIGHT)  # -> Francais
    assert lang.chosen == FR
    assert "R\u00e9glages" in [t.text for t in texts(d.screen.group)]
    d.step(2)
    d.press(keys.LEFT)
    d.step(2)
    d.press(keys.LEFT)
    d.step(2)
    d.press(keys.LEFT)  # back past English: Suomi, the last
    assert lang.code() == "fi"
    d.step(2)
    d.press(keys.RIGHT)
    d.step(2)
    d.press(keys.RIGHT)
    d.step(2)
    d.press(keys.RIGHT)
    assert lang.code() == "fr"
    prefs, setup, ok = decode_settings(Store(nvm).get(SETTINGS))
    assert ok and prefs.lang == FR  # saved at once, not only on leaving the screen
    # a restart: a new app on the same nvm starts in French
    lang.choose(lang.ENGLISH)
    d2 = Driver(nvm=nvm, seed=3)
    d2.step(2)
    assert lang.chosen == FR and d2.app.prefs.lang == FR
    assert d2.name() == "title"
    assert d2.screen.items[0] == "Nouvelle partie"
    assert "Nouvelle partie" in [t.text.rstrip() for t in texts(d2.screen.group)]
    # and a fresh nvm is English again
    d3 = Driver(seed=3)
    d3.step(2)
    assert lang.chosen == lang.ENGLISH and d3.screen.items[0] == "New match"


def test_settings_record_version_2_keeps_the_language_and_version_1_still_reads():
    p = Prefs()
    p.mute = True
    p.brightness = 1
    p.lang = lang.CODES.index("pl")
    s = Setup()
    s.apply_profile(1)
    s.players = 6
    s.kinds[3] = settings.HARD
    b = encode_settings(p, s)
    assert b[:2] == b"C\x02" and len(b) == 3 + len(s.encode()) + 1 == 24
    p2, s2, ok = decode_settings(b)
    assert ok and p2.lang == p.lang and p2.mute and p2.brightness == 1
    assert s2.encode() == s.encode()
    # version 1 (23 bytes, no language): read as before, English
    v1 = b"C\x01" + bytes((b[2],)) + s.encode()
    assert len(v1) == 23
    p1, s1, ok = decode_settings(v1)
    assert ok and p1.lang == lang.ENGLISH and p1.mute and p1.brightness == 1
    assert s1.encode() == s.encode()
    # anything bad: the defaults
    for bad in (b[:-1] + bytes((len(lang.CODES),)), b[:-1] + b"\xff", b[:-1], b + b"\x00",
                v1 + b"\x00\x00", b"C\x03" + b[2:], b"C\x02", b"C\x02\x00"):
        p3, s3, ok = decode_settings(bad)
        assert not ok, bad
        assert p3.lang == lang.ENGLISH and s3.encode() == Setup().encode()


def test_an_old_record_on_the_board_starts_in_english_and_keeps_the_set_up():
    nvm = blank_nvm()
    s = Setup()
    s.apply_profile(2)
    s.players = 5
    Store(nvm).put(SETTINGS, b"C\x01\x00" + s.encode())
    lang.choose(FR)  # whatever was chosen before: the record decides
    d = Driver(nvm=nvm, seed=3)
    d.step(2)
    assert d.name() == "title" and not d.screen.notice
    assert lang.chosen == lang.ENGLISH and d.screen.items[0] == "New match"
    assert d.app.setup.players == 5 and d.app.setup.profile == 2
    d.app.command(("title",))  # saved again: now version 2
    assert Store(nvm).get(SETTINGS)[:2] == b"C\x02"


def test_a_refusal_is_said_in_the_chosen_language():
    d = in_language(FR)
    d.setup(end=2, reentry=1, players=5)
    d.press(keys.START)
    scr = d.screen
    assert scr.err_group is not None
    shown = " ".join(t.text for t in texts(scr.err_group))
    try:
        d.app.setup.rules()
    except RulesError as e:
        want = lang.text("refusals", e.what) % e.values if e.what else str(e)
    assert " ".join(ui.wrap(want, 25)[:8]) == shown
    fits(scr.group, "refusal")


def test_a_refusal_without_a_name_or_with_a_bad_text_says_the_english():
    lang.choose(FR)
    e = RulesError("players: must be 2 to 7, not 9")
    assert menus._refusal(e) == "players: must be 2 to 7, not 9"  # no what
    e.what = "no_such_refusal"
    e.values = ()
    assert menus._refusal(e) == str(e)  # no text of that name
    e.what = "range"
    e.values = ()  # the text wants four values
    assert menus._refusal(e) == str(e)
    e.what = "min_others_never_met"
    e.values = (3, 3)
    assert menus._refusal(e) == lang.text("refusals", "min_others_never_met") % (3, 3)


def test_a_save_that_cannot_be_continued_is_said_in_the_language_and_told_the_console():
    nvm = blank_nvm()
    p = Prefs()
    p.lang = FR
    Store(nvm).put(SETTINGS, encode_settings(p, Setup()))
    Store(nvm).put(MATCH, b"M\x01\x00\x00\x03\x00\x02\x02" + b"CU\x01" + bytes(40))
    d = Driver(nvm=nvm, seed=3)
    d.step(2)
    assert lang.chosen == FR and d.screen.can_continue
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        d.press(keys.A)  # the cursor is on Continue
    assert d.name() == "message"
    from cucumber import lobby
    w = lang.section("lobby")
    shown = " ".join(t.text for t in texts(d.screen.group))
    assert w[lobby._NEW_YES] in shown and w[lobby._TO_TITLE] in shown
    assert " ".join(ui.wrap(w[lobby._UNREADABLE], 26)) in shown
    console = out.getvalue()
    assert "Cannot continue" in console and "save" in console  # the engine's detail
    fits(d.screen.group, "cannot continue")
    d.press(keys.A)
    assert d.name() == "setup"


def test_the_stores_notices_are_said_in_the_language():
    from cucumber import lobby

    class App:
        pass

    for notice, key in ((DAMAGED, lobby._DATA_DAMAGED), (TOO_SMALL, lobby._CANNOT_SAVE),
                        (None, None)):
        app = App()
        nvm = blank_nvm()
        p = Prefs()
        p.lang = FR
        app.store = Store(nvm)
        app.store.put(SETTINGS, encode_settings(p, Setup()))
        app.store.notice = notice
        from simulator import HostHardware
        app.hw = HostHardware(nvm=nvm)
        got = lobby.start(app)
        assert lang.chosen == FR
        assert got == (lang.section("lobby")[key] if key is not None else None)
    # damaged settings (no store notice): the settings' notice
    app.store.put(SETTINGS, b"C\x02junk")
    app.store.notice = None
    assert lobby.start(app) == lang.section("lobby")[lobby._SETTINGS_DAMAGED]


def test_fonts_hold_every_character_the_menus_show():
    """A character not in a screen's Font is drawn blank: every one shown is in it."""
    for i in INDEXES:
        lang.choose(i)
        scr = [menus.Title(True, lang.section("lobby")[8]),
               menus.SetupScreen(Setup(), True),
               menus.SettingsScreen(Prefs(), Stats())]
        for sc in scr:
            for t in texts(sc.group):
                if t.font is None:
                    continue  # the heading's large font is made for its own text
                for c in t.text:
                    assert c in t.font.chars, (lang.code(), sc.name, t.text, c)
        # every language's name on the Language line, every kind and profile
        sc = scr[2]
        for name in lang.NAMES.split("|"):
            for c in name:
                assert c in sc.menu.lines[0].font.chars
        for name in PROFILES:
            for c in name:
                assert c in scr[1].menu.lines[0].font.chars
