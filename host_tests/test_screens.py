"""The rendered screens: pixels and the displayio tree, through Blinka + pygame (headless)."""

import gc
import os
import sys
import weakref

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import displayio  # noqa: E402
import pytest  # noqa: E402

import simulator as sim  # noqa: E402
from screenshots import Driver  # noqa: E402
from cucumber import keys, ui  # noqa: E402
from cucumber.settings import HUMAN, MEDIUM, EASY  # noqa: E402
from cucumber import table as table_mod  # noqa: E402


@pytest.fixture(scope="module")
def disp():
    d = sim.make_display(headless=True)
    yield d
    displayio.release_displays()  # Blinka allows one display at a time


def near(px, rgb, tol=10):
    return all(abs(int(px[i]) - ((rgb >> (16 - 8 * i)) & 255)) <= tol for i in range(3))


def count_color(pix, rgb, box=None, tol=10):
    x0, y0, x1, y1 = box or (0, 0, sim.W, sim.H)
    n = 0
    for x in range(max(0, x0), min(sim.W, x1)):
        for y in range(max(0, y0), min(sim.H, y1)):
            if near(pix[x, y], rgb, tol):
                n += 1
    return n


def walk(group):
    """Every layer in a displayio tree (Groups are walked into)."""
    out = []
    stack = [group]
    while stack:
        g = stack.pop()
        out.append(g)
        if isinstance(g, displayio.Group) and not g.hidden:
            for i in range(len(g)):
                stack.append(g[i])
    return out


def face_tiles(group):
    """Card faces (tiles 0..51 of the sheet) visible in the tree."""
    sheet = ui.sheet()
    faces = []
    for layer in walk(group):
        if isinstance(layer, displayio.TileGrid) and layer.bitmap is sheet and not layer.hidden:
            if layer.x > -20:
                for i in range(layer.width * layer.height):
                    if layer[i] < 52:
                        faces.append(layer[i])
    return faces


def your_turn_following(dr):
    t = dr.app.table
    return (dr.name() == "table" and t is not None and t.interactive and dr.app.wait is None
            and len(t.trick) > 0 and t.nlegal < len(dr.app.match.hand(t.holder)))


def test_legal_cards_are_marked_exactly(disp):
    d = Driver(display=disp, seed=11)
    d.start(profile=1, players=4, kinds=(HUMAN, MEDIUM, MEDIUM, MEDIUM), end=0, reentry=0)
    checked = 0
    for _ in range(6):
        assert d.auto(your_turn_following, max_steps=4000)
        app = d.app
        t = app.table
        m = app.match
        hand = m.hand(t.holder)
        legal = set(m.legal_cards())
        assert 0 < len(legal) < len(hand)
        pix = sim.screen_pixels(disp)
        total = count_color(pix, ui.MARK)
        assert total == len(legal) * 16 * 3  # the marker colour is used for nothing else
        for i, c in enumerate(hand):
            x = t.hand_x(i, len(hand))
            box = (x, table_mod.MARK_Y, x + ui.CARD_W, table_mod.MARK_Y + 3)
            marked = count_color(pix, ui.MARK, box)
            assert (marked == 48) == (c in legal), (i, c, marked)
            # legal cards are raised, illegal ones stay low and dimmed
            face_top = count_color(pix, 0xFFFFFF, (x + 3, table_mod.LEGAL_Y + 3,
                                                   x + 17, table_mod.LEGAL_Y + 10), tol=4)
            assert (face_top > 0) == (c in legal)
        # only legal cards can be selected: walk the selection all the way round
        seen = set()
        for _ in range(len(legal) + 1):
            seen.add(t.selected_card())
            t.key(keys.RIGHT)
        assert seen == legal
        checked += 1
        d.press(keys.A)
    assert checked == 6


def test_scores_shown_are_the_engines(disp):
    d = Driver(display=disp, seed=5)
    d.start(profile=0, players=7, kinds=(HUMAN,) + (EASY,) * 6, end=0, reentry=1)
    d.auto(lambda dr: dr.name() == "round", max_steps=6000)
    d.auto(lambda dr: dr.name() == "table" and dr.app.table.interactive, max_steps=6000)
    app = d.app
    m = app.match
    t = app.table
    assert any(m.scores)
    texts = [layer.text for layer in walk(t.group) if isinstance(layer, ui.Text)]
    for s in range(m.n):
        assert t.scores[s].text == str(m.scores[s])
        assert t.scores[s] in walk(t.group)
        assert ui.seat_name(s) in texts
    # the score digits are drawn: text-coloured pixels in each seat's score cell
    pix = sim.screen_pixels(disp)
    for s in range(m.n):
        cx = t.cx(s)
        assert count_color(pix, ui.TEXT, (cx - 10, 11, cx + 10, 22), tol=12) > 0


def test_cover_screen_hides_every_hand(disp):
    d = Driver(display=disp, seed=2)
    d.start(profile=1, players=3, kinds=(HUMAN, HUMAN, MEDIUM), end=0, reentry=0)
    covers = 0
    for _ in range(4):
        assert d.auto(lambda dr: dr.name() == "cover", max_steps=4000)
        scr = d.app.screen
        assert face_tiles(scr.group) == []
        pix = sim.screen_pixels(disp)
        assert count_color(pix, 0xFFFFFF, tol=4) == 0  # no card-face white anywhere
        assert d.app.table is None  # the table (and its hand) does not exist behind it
        seat = scr.seat
        d.press(keys.A)
        d.step()
        assert d.app.holder == seat
        assert d.name() == "table"
        hand = set(d.app.match.hand(seat))
        assert set(face_tiles(d.app.table.group)) >= hand
        covers += 1
    assert covers == 4


def test_review_shows_played_cards(disp):
    d = Driver(display=disp, seed=4)
    d.start(profile=0, players=4, kinds=(HUMAN, MEDIUM, MEDIUM, MEDIUM), end=0, reentry=1)

    def later(dr):
        return your_turn_following(dr) and dr.app.match.trick_no >= 2
    assert d.auto(later, max_steps=4000)
    d.press(keys.SELECT)
    t = d.app.table
    assert t.reviewing
    m = d.app.match
    played = []
    for s in range(m.n):
        played += m.played_by(s)
    assert sorted(face_tiles(t.review)) == sorted(played)
    assert count_color(sim.screen_pixels(disp), ui.MARK) == 0  # the hand is not shown
    d.press(keys.B)
    assert not t.reviewing


def test_every_screen_renders(tmp_path, disp):
    import screenshots
    saved = screenshots.shoot(str(tmp_path), disp)
    names = [os.path.basename(p) for p in saved]
    for want in ("title", "setup", "rules", "settings", "setup_error", "table_legal",
                 "review", "round_summary", "life_lost", "elimination", "match_end",
                 "cover", "reentry_choice", "ai_thinking", "table_7_players",
                 "review_7_players", "round_summary_7_players", "last_trick_taken",
                 "replace_saved_match", "board_check", "board_check_step"):
        assert any(want in n for n in names), want
    from PIL import Image
    for p in saved:
        im = Image.open(p)
        assert im.size == (160, 128)
        assert len(im.convert("RGB").getcolors(4096)) >= 3  # not a blank frame


# ----- bitmap fonts ------------------------------------------------------------------


def texts(group):
    return [layer for layer in walk(group) if isinstance(layer, ui.Text)]


def glyph_matches_cell(pix, font_file, ch, x, y, colour):
    """The rendered cell at (x, y) shows ``ch`` of ``font_file`` exactly: ink pixels in
    ``colour``, the others not."""
    from adafruit_bitmap_font import bitmap_font

    pf = bitmap_font.load_font(os.path.join(sim.ROOT, "fonts", font_file))
    g = pf.get_glyph(ord(ch))
    y0 = pf.ascent - g.height - g.dy
    ink = 0
    for yy in range(g.height):
        for xx in range(g.width):
            on = near(pix[x + g.dx + xx, y + y0 + yy], colour)
            assert on == bool(g.bitmap[xx, yy]), (ch, xx, yy)
            ink += on
    pf.file.close()
    return ink


def test_heading_uses_the_large_font_and_leaving_releases_it(disp, monkeypatch):
    for mod in [m for m in sys.modules if m.startswith("adafruit_bitmap_font")]:
        monkeypatch.delitem(sys.modules, mod)
    d = Driver(display=disp, seed=3)
    d.step(2)
    assert d.name() == "title"
    head = [t for t in texts(d.screen.group) if t.text == "CUCUMBER"][0]
    f = head.font
    assert f is not None and f.sheet is not None
    assert (f.w, f.h) == (9, 15)  # 9x15 bold
    assert f.chars == " CUMBER"  # only what the heading shows
    assert f.sheet.width == 9 * len(f.chars) and f.sheet.height == 15
    # read from fonts/large.glyphs: no font library on the board
    assert not [m for m in sys.modules if m.startswith("adafruit_bitmap_font")]
    pix = sim.screen_pixels(disp)
    for i, ch in enumerate("CUCUMBER"):
        assert glyph_matches_cell(pix, "large.pcf", ch, head.x + 9 * i, head.y, ui.YELLOW) > 10
    refs = [weakref.ref(f), weakref.ref(f.sheet), weakref.ref(head)]
    del head, f
    d.app.command(("setup",))
    d.step(2)
    gc.collect()
    assert [r() for r in refs] == [None, None, None]


def test_status_line_shows_suit_signs_in_the_font(disp):
    d = Driver(display=disp, seed=11)
    d.start(profile=1, players=4, kinds=(HUMAN, MEDIUM, MEDIUM, MEDIUM), end=0, reentry=0)
    seen = set()
    for _ in range(8):
        assert d.auto(lambda dr: dr.name() == "table" and dr.app.table.interactive
                      and dr.app.wait is None, max_steps=4000)
        t = d.app.table
        st = t.status
        assert st.font is t.status_font and (st.font.w, st.font.h) == (6, 10)
        c = t.selected_card()
        sign = ui.SUIT_SIGNS[c & 3]
        assert st.text.startswith("P1 " + ui.card_name(c, True) + " ")
        i = st.text.index(sign)
        assert st.tg[i] == st.font.chars.index(sign) > 0
        pix = sim.screen_pixels(disp)
        # hearts and diamonds red; the rest of the line orange on the last trick
        colour = ui.RED if (c & 3) in (1, 2) else (
            ui.ORANGE if d.app.match.is_last_trick() else ui.YELLOW)
        assert glyph_matches_cell(pix, "medium.pcf", sign, st.x + 6 * i, st.y, colour) > 10
        seen.add(c & 3)
        d.press(keys.A)
    assert len(seen) >= 2
    refs = [weakref.ref(t.status_font), weakref.ref(t.status_font.sheet), weakref.ref(t)]
    del t, st
    # the table's fonts live as long as the match, not longer
    d.app.command(("title",))
    d.step(2)
    gc.collect()
    assert [r() for r in refs] == [None, None, None]


def test_seven_players_use_the_small_font_in_the_seat_columns(disp):
    d = Driver(display=disp, seed=7)  # a deal where P7's name is not lit as the one to play
    d.start(profile=0, players=7, kinds=(HUMAN,) + (EASY,) * 6, end=0, reentry=2)
    assert d.auto(lambda dr: dr.name() == "table", max_steps=4000)
    t = d.app.table
    assert t.seat_font is not None and (t.seat_font.w, t.seat_font.h) == (5, 7)
    assert t.names[6].font is t.seat_font and t.scores[6].font is t.seat_font
    pix = sim.screen_pixels(disp)
    nm = t.names[6]
    assert glyph_matches_cell(pix, "small.pcf", "7", nm.x + 5, nm.y, ui.CYAN) > 5
    # three columns of lives fit: nothing of one column's pips reaches the next name
    for s in range(7):
        assert t.names[s].x + 10 <= t.cx(s) + t.colw // 2


def test_status_messages_fit_the_status_font(monkeypatch):
    """Every status the app shows during whole matches is in the font's characters."""
    seen = set()
    orig = table_mod.Table.set_status

    def record(self, text, color=ui.TEXT):
        seen.update(text)
        orig(self, text, color)

    monkeypatch.setattr(table_mod.Table, "set_status", record)
    # this module's table, kept for the whole match (the app forgets screen modules)
    import cucumber.app as app_mod
    monkeypatch.setitem(sys.modules, "cucumber.table", table_mod)
    monkeypatch.setattr(app_mod, "forget", lambda name, package="cucumber": None)
    d = Driver(seed=7)
    d.start(profile=1, players=3, kinds=(HUMAN, MEDIUM, EASY), end=0, reentry=0,
            open_cards=0)
    assert d.auto(lambda dr: dr.name() == "table" and dr.app.table.interactive,
                  max_steps=4000)
    d.press(keys.SELECT)  # "played cards are hidden"
    assert d.auto(lambda dr: dr.name() == "end", max_steps=40000)
    assert set(ui.SUIT_SIGNS) & seen
    assert sorted(seen - set(table_mod.STATUS_CHARS)) == []


def test_a_missing_font_falls_back_to_terminalio(monkeypatch):
    monkeypatch.setattr(ui, "FONT_DIR", "no-such-folder/")
    d = Driver(seed=3)
    d.step(2)
    head = [t for t in texts(d.screen.group) if t.text == "CUCUMBER"][0]
    # terminalio, twice the size: a Text is a TileGrid, so a Group at scale 2 holds it
    big = [g for g in walk(d.screen.group) if isinstance(g, displayio.Group)
           and any(g[i] is head for i in range(len(g)))]
    assert head.font is None and [g.scale for g in big] == [2] and (head.x, head.y) == (0, 0)
    d.start(profile=1, players=6, kinds=(HUMAN,) + (EASY,) * 5, end=0, reentry=0)
    assert d.auto(lambda dr: dr.name() == "table" and dr.app.table.interactive
                  and dr.app.wait is None, max_steps=4000)
    t = d.app.table
    assert t.status.font is None and t.seat_font is None and not t.signs
    c = t.selected_card()
    assert t.status.text.startswith("P1 " + ui.card_name(c) + " ")  # "5S": letters


# ----- lists longer than the screen: the scroll bar ------------------------------------------


def scroll_bar(pix, y0, y1):
    """The right edge of the screen from y0 to y1: (rows of the light thumb, rows of the
    grey track) as two lists of y."""
    thumb, track = [], []
    for y in range(y0, y1):
        if all(near(pix[x, y], ui.TEXT) for x in (sim.W - 2, sim.W - 1)):
            thumb.append(y)
        elif all(near(pix[x, y], ui.GREY) for x in (sim.W - 2, sim.W - 1)):
            track.append(y)
    return thumb, track


def highlighted(pix, menu):
    """The texts of the menu's lines drawn on yellow (the selected row) on the screen."""
    return [line.text for line in menu.lines
            if count_color(pix, ui.YELLOW, (line.x, line.y, line.x + 60, line.y + 10)) > 100]


def walk_the_list(d, disp, menu, items_of):
    """Down from the first row to the last, once more, and back up: at the top the
    track shows below the thumb (more below) and not above, at the bottom above (more
    above) and not below, in between on both sides; the selected row always in view, on
    yellow; the cursor stops at both ends (no wrap)."""
    n = len(items_of())
    y0 = menu.y
    y1 = menu.y + len(menu.lines) * 12 - 2
    assert menu.cursor == 0
    d.press(keys.UP)  # nothing above the first row: it stays
    assert menu.cursor == 0
    seen = []
    for _ in range(n + 1):
        pix = sim.screen_pixels(disp)
        thumb, track = scroll_bar(pix, y0, y1)
        assert thumb and len(thumb) + len(track) == y1 - y0, (menu.cursor, thumb, track)
        assert thumb == list(range(thumb[0], thumb[-1] + 1))  # one piece
        assert highlighted(pix, menu) == [items_of()[menu.cursor]], menu.cursor
        # track above the thumb exactly when rows are hidden above; below, below
        rows = len(menu.lines)
        assert (thumb[0] > y0, thumb[-1] < y1 - 1) == (menu.top > 0, menu.top + rows < n)
        seen.append((menu.cursor, thumb[0] > y0, thumb[-1] < y1 - 1))
        d.press(keys.DOWN)
    assert [c for c, _, _ in seen] == list(range(n)) + [n - 1]  # DOWN at the last: stays
    assert seen[0] == (0, False, True)  # at the top: more below, nothing above
    assert seen[-1] == (n - 1, True, False)  # at the bottom: more above, nothing below
    for _ in range(n + 1):
        d.press(keys.UP)
    assert menu.cursor == 0


def test_settings_show_the_rows_below_and_above_with_a_scroll_bar(disp):
    """Language and Reset statistics are below the five rows in view: the bar says so."""
    d = Driver(display=disp, seed=3)
    d.step(2)
    d.app.command(("settings",))
    d.step(2)
    scr = d.screen
    shown = [line.text for line in scr.menu.lines]
    assert scr.items()[-3].startswith("Language") and scr.items()[-3] not in shown
    walk_the_list(d, disp, scr.menu, scr.items)


def test_setup_shows_its_rows_below_and_above_with_a_scroll_bar(disp):
    d = Driver(display=disp, seed=3)
    d.step(2)
    d.app.command(("setup",))
    d.step(2)
    scr = d.screen
    n = len(scr.rows)
    # as many rows as fit the screen under its header: nine, the last wholly on it
    assert n >= 17 and len(scr.menu.lines) == 9
    last = scr.menu.lines[-1]
    assert last.y + last.tile_height <= 128 < last.y + 12 + last.tile_height
    walk_the_list(d, disp, scr.menu, lambda: [r[1] for r in scr.rows])
    # more players, more rows: the thumb is smaller and still fits the track
    scr.menu.cursor = 2
    d.press(keys.RIGHT, keys.RIGHT, keys.RIGHT)  # 7 players
    assert len(scr.rows) == n + 3
    pix = sim.screen_pixels(disp)
    thumb, track = scroll_bar(pix, scr.menu.y, scr.menu.y + 9 * 12 - 2)
    assert len(thumb) == (9 * 12 - 2) * 9 // (n + 3) and track


def test_the_title_goes_round_and_has_no_scroll_bar(disp):
    d = Driver(display=disp, seed=2)
    d.step(2)
    m = d.screen.menu
    pix = sim.screen_pixels(disp)
    thumb, track = scroll_bar(pix, m.y, m.y + len(m.lines) * 12)
    assert thumb == [] and track == []  # every row in view: no bar
    d.press(keys.UP)  # from the first row to the last, in view
    assert m.cursor == 4



def test_no_review_once_the_round_is_over(disp):
    """SELECT during the pause on the round's last trick: the match has already dealt the
    next round, so a review would show no card played. It beeps and opens nothing; the
    round's summary follows as without it."""
    d = Driver(display=disp, seed=4)
    d.start(profile=0, players=4, kinds=(HUMAN, MEDIUM, MEDIUM, MEDIUM), end=0, reentry=1)

    def round_over(dr):
        t = dr.app.table
        return dr.name() == "table" and t is not None and t.frozen and dr.app.pages
    assert d.auto(round_over, max_steps=6000)
    beeps = []
    d.app.hw.beep = beeps.append
    d.press(keys.SELECT)
    assert not d.app.table.reviewing and beeps == ["error"]
    assert d.auto(lambda dr: dr.name() == "round", max_steps=200)
