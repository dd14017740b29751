"""The rendered screens: pixels and the displayio tree, through Blinka + pygame (headless)."""

import os

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
    return sim.make_display(headless=True)


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
            if layer[0] < 52 and layer.x > -20:
                faces.append(layer[0])
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
                 "cover", "reentry_choice", "ai_thinking"):
        assert any(want in n for n in names), want
    from PIL import Image
    for p in saved:
        im = Image.open(p)
        assert im.size == (160, 128)
        assert len(im.convert("RGB").getcolors(4096)) >= 3  # not a blank frame
