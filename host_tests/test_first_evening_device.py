"""A first evening with the handheld, checked the way the player sees it: what the
status line says against the lit seat, what the table shows when a round ends, where B
leads from the rules page, what "New match" does to a saved match, the marks and
legend of the table, the match-end screen and the version on the title.

Everything is read from what is drawn (the displayio tree as shown, or its pixels
through Blinka + pygame), driven through the keys on a fake clock."""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import displayio  # noqa: E402
import pytest  # noqa: E402

import simulator as sim  # noqa: E402
from screenshots import Driver  # noqa: E402
from test_screens import count_color  # noqa: E402  (the pixel counter the screen tests use)
from cucumber import keys, ui  # noqa: E402
from cucumber import table as table_mod  # noqa: E402
from cucumber.settings import HUMAN, EASY, MEDIUM, HARD  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def disp():
    d = sim.make_display(headless=True)
    yield d
    displayio.release_displays()  # Blinka allows one display at a time


# ----- reading the screen ---------------------------------------------------------------


def walk(group):
    """Every visible layer of a displayio tree."""
    out = []
    stack = [group]
    while stack:
        g = stack.pop()
        if getattr(g, "hidden", False):
            continue
        out.append(g)
        if isinstance(g, displayio.Group):
            for i in range(len(g)):
                stack.append(g[i])
    return out


def shown_texts(group):
    return [layer.text for layer in walk(group) if isinstance(layer, ui.Text)]


def faces(group):
    """Card faces (tiles 0..51 of the sheet) on screen."""
    sheet = ui.sheet()
    out = []
    for layer in walk(group):
        if isinstance(layer, displayio.TileGrid) and layer.bitmap is sheet:
            if layer[0] < 52 and -20 < layer.x < ui.W:
                out.append(layer[0])
    return sorted(out)


def lit_seat(t):
    """The seat whose tab (the yellow box behind its name) is lit, or None."""
    for s in range(t.n):
        if t.turn_rect.x == t.cx(s) - t.colw // 2 + 1:
            return s
    return None


def on_table(dr):
    t = dr.app.table
    return dr.name() == "table" and t is not None and not t.reviewing


def my_turn(dr):
    t = dr.app.table
    return on_table(dr) and t.interactive and dr.app.wait is None


STATUS_SEAT = re.compile(r"^P(\d) ")
TURN_FORMS = ("thinking", "to play", "you lead", "heads trick", "your lowest", "ace led")

MATCHES = [
    dict(seed=3, profile=0, players=4, kinds=(HUMAN, EASY, MEDIUM, HARD), end=0, reentry=1),
    dict(seed=6, profile=1, players=3, kinds=(HUMAN, HUMAN, MEDIUM), end=0, reentry=0),
    dict(seed=5, profile=0, players=7, kinds=(HUMAN, EASY, MEDIUM, HARD, EASY, MEDIUM, HARD),
         end=0, reentry=0, threshold=15),
    dict(seed=9, profile=2, players=3, kinds=(EASY, MEDIUM, HARD), end=0, reentry=0),
]


def start(setup, display=None):
    setup = dict(setup)
    d = Driver(display=display, seed=setup.pop("seed"))
    d.start(**setup)
    return d


# ----- the status line names the seat to act ---------------------------------------------


@pytest.mark.parametrize("setup", MATCHES, ids=["4p", "2humans", "7p", "ai-only"])
def test_status_line_and_lit_seat_name_the_same_seat_all_match(setup):
    """Whenever the status says "Pn thinking", "Pn to play" or gives Pn's own card, the
    lit seat is Pn, Pn is the seat to act and has not played to this trick yet; when it
    says "Pn takes the trick", Pn's tab is lit (Pn leads next)."""
    d = start(setup)
    seen = {}

    def check(dr):
        if dr.name() == "end":
            return True
        if not on_table(dr):
            return False
        t = dr.app.table
        text = t.status.text
        m = STATUS_SEAT.match(text)
        if m is None:
            return False
        n = int(m.group(1)) - 1
        assert lit_seat(t) == n, (text, lit_seat(t))
        assert t.names[n].tg.pixel_shader is ui.palette(ui.BLACK)  # dark on the tab
        if "takes" in text:
            seen["takes"] = seen.get("takes", 0) + 1
            return False
        form = [f for f in TURN_FORMS if f in text]
        assert form, text
        played = [s for s, _ in t.trick]
        assert n not in played, (text, played)
        assert n == dr.app.match.current_player()
        seen[form[0]] = seen.get(form[0], 0) + 1
        return False

    assert d.auto(check, max_steps=60000)
    assert seen.get("thinking", 0) > 20 and seen.get("takes", 0) > 5, seen
    if setup["kinds"][0] == HUMAN:
        assert seen.get("heads trick", 0) + seen.get("your lowest", 0) > 5, seen
    if setup["kinds"][1] == HUMAN:
        assert seen.get("to play", 0) > 0, seen  # the next human, before the cover


def test_after_an_ai_card_the_status_names_the_next_seat(disp):
    """The moment an AI's card lands (it stays highlighted), the status line already
    names the next seat, whose tab is lit: never the seat that just played."""
    d = start(MATCHES[0], disp)

    def ai_card(dr):
        return on_table(dr) and dr.app.wait is not None and not dr.app.clear_after_wait

    for _ in range(5):
        assert d.auto(ai_card, max_steps=4000)
        t = d.app.table
        last_seat = t.trick[-1][0]
        nxt = d.app.match.current_player()
        assert nxt != last_seat
        assert t.status.text.startswith(ui.seat_name(nxt) + " ")
        assert lit_seat(t) == nxt
        # the highlight frame is around the card just played
        assert t.hl.x == t.cx(last_seat) - ui.CARD_W // 2 - 1
        pix = sim.screen_pixels(disp)
        x = t.cx(nxt) - t.colw // 2 + 1
        assert count_color(pix, ui.YELLOW, (x, 0, x + t.colw - 2, 11)) > 40  # lit tab
        d.step(4)


# ----- the end of a round: nothing of the next deal before the summary ------------------------


def test_last_trick_shows_this_round_until_the_summary_is_dismissed(disp):
    d = start(dict(MATCHES[0], seed=12), disp)
    app = d.app
    rounds = []
    state = {"scores": None, "frozen": None}

    def watch(dr):
        name = dr.name()
        if name == "end":
            return True
        if name == "round":
            state["frozen"] = None
            return False
        if not on_table(dr):
            return False
        t = app.table
        m = app.match
        text = t.status.text
        if state["frozen"] is not None:
            # still the last trick's table: exactly what it showed at first
            assert (faces(t.group), shown_texts(t.group)) == state["frozen"]
            return False
        if "takes the last trick!" not in text:
            if m.is_last_trick() and m.trick_len:
                state["scores"] = [t.scores[s].text for s in range(m.n)]
            return False
        trick = [c for _, c in t.trick]
        assert len(trick) >= 2
        taker = int(text[1]) - 1
        # the last trick in view, and no card of anyone's next hand
        assert faces(t.group) == sorted(trick)
        for s, _ in t.trick:
            assert t.counts[s].text == "0"  # every card of the round is played
        for s in range(m.n):
            assert t.scores[s].text == state["scores"][s]  # the summary tells the penalty
        assert lit_seat(t) == taker
        assert "(hands hidden)" not in shown_texts(t.group)
        pix = sim.screen_pixels(disp)
        assert count_color(pix, 0xFFFFFF, (0, table_mod.LEGAL_Y, ui.W, ui.H), tol=4) == 0
        state["frozen"] = (faces(t.group), shown_texts(t.group))
        rounds.append(taker)
        return False

    assert d.auto(watch, max_steps=60000, pages=True)
    assert len(rounds) >= 3


def test_pausing_on_the_last_trick_leads_to_the_summary_not_the_next_deal():
    d = start(dict(MATCHES[0], seed=12))
    assert d.auto(lambda dr: on_table(dr) and "last trick!" in dr.app.table.status.text,
                  max_steps=6000)
    m = d.app.match
    d.press(keys.START)
    assert d.name() == "pause"
    words = shown_texts(d.screen.group)
    assert "cards left, lives" not in words  # the legend would read the next deal
    assert str(m.counts[0]) not in words and str(m.scores[0]) not in words
    d.press(keys.B)  # resume: the summary, then the next deal
    assert d.name() == "round"


def test_after_the_summary_the_next_deal_is_shown(disp):
    d = start(dict(MATCHES[0], seed=12), disp)
    assert d.auto(lambda dr: dr.name() == "round", max_steps=6000)
    m = d.app.match
    assert d.app.table is None  # the summary alone is on screen
    d.press(keys.A)
    d.auto(lambda dr: on_table(dr) and dr.app.table.interactive and dr.app.wait is None,
           max_steps=4000)
    t = d.app.table
    hand = sorted(m.hand(0))
    assert len(hand) == m.rules.hand - m.trick_no
    assert set(hand) <= set(faces(t.group))
    assert t.scores[0].text == str(m.scores[0])


def test_the_last_trick_is_announced():
    """During the last trick the status line says "last!" (where it says "n/7"
    otherwise), and your own line turns orange."""
    d = start(MATCHES[0])
    seen = {"last": 0, "other": 0}

    def check(dr):
        if dr.name() == "end" or seen["last"] > 12:
            return True
        if not on_table(dr):
            return False
        t = dr.app.table
        text = t.status.text
        if "takes" in text or not STATUS_SEAT.match(text):
            return False
        last = dr.app.match.is_last_trick()
        assert text.endswith("last!") == last, text
        if not last:
            n = dr.app.match.trick_no + 1
            assert text.endswith("%d/%d" % (n, dr.app.match.rules.hand)), text
        if t.interactive:
            want = ui.ORANGE if last else ui.YELLOW
            assert t.status.tg.pixel_shader[1] == want
        seen["last" if last else "other"] += 1
        return False

    d.auto(check, max_steps=40000)
    assert seen["last"] > 3 and seen["other"] > 10


# ----- the table's marks and legend -----------------------------------------------------------


def test_your_seat_is_marked_on_the_table(disp):
    d = start(MATCHES[1], disp)  # P1 and P2 human: the mark follows who holds the device
    marked = set()
    for _ in range(6):
        assert d.auto(my_turn, max_steps=4000)
        t = d.app.table
        holder = d.app.holder
        pix = sim.screen_pixels(disp)
        for s in range(t.n):
            x0 = t.cx(s) - t.colw // 2
            lane = count_color(pix, ui.SEAT, (x0, 12, x0 + t.colw, table_mod.STATUS_Y - 2),
                               tol=6)
            if s == holder:
                assert lane > t.colw * 20, (s, lane)
            else:
                assert lane == 0, (s, lane)
        marked.add(holder)
        d.press(keys.A)
    assert marked == {0, 1}


def test_pause_menu_explains_the_seat_columns(disp):
    d = start(MATCHES[0], disp)
    assert d.auto(lambda dr: my_turn(dr) and dr.app.match.trick_no >= 1, max_steps=4000)
    m = d.app.match
    d.press(keys.START)
    words = shown_texts(d.screen.group)
    for w in ("your seat", "score", "cards left, lives", "P1", str(m.scores[0]),
              str(m.counts[0])):
        assert w in words, (w, words)
    # the same life pips as the table: two red squares (agurk, 2 lives)
    pix = sim.screen_pixels(disp)
    assert count_color(pix, ui.RED, (0, 70, 40, 128)) == 2 * 9
    assert count_color(pix, ui.SEAT, (0, 70, 40, 128), tol=6) > 200


def test_the_legend_and_the_title_code_are_not_kept_during_a_match():
    """The board's heap: the table holds no code it does not show (the title's menus
    and version are forgotten when a match screen opens)."""
    import sys
    d = start(MATCHES[0])
    assert d.auto(my_turn, max_steps=4000)
    d.press(keys.START)
    assert d.name() == "pause" and "your seat" in shown_texts(d.screen.group)
    for name in ("cucumber.menus", "cucumber.version"):
        assert name not in sys.modules, name
    d.press(keys.B)
    assert my_turn(d)
    for name in ("cucumber.menus", "cucumber.version"):
        assert name not in sys.modules, name


# ----- rules from the pause menu ---------------------------------------------------------------


def test_b_on_the_rules_goes_back_to_the_pause_menu_and_plays_nothing():
    d = start(MATCHES[0])
    assert d.auto(my_turn, max_steps=4000)
    m = d.app.match
    before = (bytes(m.hand(0)), m.trick_no, m.trick_len)
    d.press(keys.START)
    assert d.name() == "pause"
    d.press(keys.DOWN)
    d.press(keys.A)
    assert d.name() == "rules"
    d.press(keys.DOWN, keys.DOWN)
    d.press(keys.B)
    assert d.name() == "pause"  # where the rules were opened
    assert d.app.screen.cursor == 1  # on "Rules"
    assert (bytes(m.hand(0)), m.trick_no, m.trick_len) == before
    d.press(keys.A)  # the next A opens the rules again: no card is played
    assert d.name() == "rules"
    d.press(keys.A)
    assert d.name() == "pause"
    assert (bytes(m.hand(0)), m.trick_no, m.trick_len) == before
    d.press(keys.B)  # B on the pause menu resumes
    assert my_turn(d)
    assert (bytes(m.hand(0)), m.trick_no, m.trick_len) == before
    assert set(m.hand(0)) <= set(faces(d.app.table.group))


def test_b_on_the_rules_from_the_title_goes_back_to_the_title():
    d = Driver(seed=2)
    d.step(2)
    d.press(keys.UP)  # to "Rules", the last item
    assert d.app.screen.menu.cursor == 4
    d.press(keys.A)
    assert d.name() == "rules"
    d.press(keys.B)
    assert d.name() == "title"


# ----- "New match" with a saved match -------------------------------------------------------


def saved_match_nvm():
    from cucumber.store import Store, MATCH
    nvm = bytearray(b"\xff" * 8192)
    d = Driver(nvm=nvm, seed=4)
    d.start(**{k: v for k, v in MATCHES[0].items() if k != "seed"})
    assert d.auto(lambda dr: my_turn(dr) and dr.app.match.trick_no >= 2, max_steps=5000)
    return nvm, Store(nvm).get(MATCH)


def test_new_match_asks_before_replacing_a_saved_match():
    from cucumber.store import Store, MATCH
    nvm, saved = saved_match_nvm()
    d = Driver(nvm=nvm, seed=8)
    d.step(2)
    assert d.app.screen.can_continue and d.app.screen.menu.cursor == 1
    d.press(keys.UP)  # "New match"
    d.press(keys.A)
    assert d.name() == "message"
    words = " ".join(shown_texts(d.screen.group))
    assert "Replace the saved match?" in words
    assert "A: yes" in words and "B: no" in words
    d.press(keys.B)  # no
    assert d.name() == "title" and d.app.screen.can_continue
    assert Store(nvm).get(MATCH) == saved
    d.press(keys.A)  # Continue: the same match
    assert d.name() == "table" and d.app.match.trick_no >= 2
    d.app.command(("title",))
    d.step(2)
    d.press(keys.UP)
    d.press(keys.A)
    assert d.name() == "message"
    d.press(keys.A)  # yes: the set-up, and the new match replaces the saved one
    assert d.name() == "setup"
    assert Store(nvm).get(MATCH) == saved  # nothing lost until the new match starts
    d.press(keys.START)
    assert d.app.match.trick_no == 0
    assert Store(nvm).get(MATCH) != saved


def test_new_match_without_a_saved_match_goes_straight_to_the_setup():
    d = Driver(seed=8)
    d.step(2)
    assert not d.app.screen.can_continue
    d.press(keys.A)
    assert d.name() == "setup"


# ----- the club sign ----------------------------------------------------------------------


def test_the_club_sign_is_drawn_as_a_club_not_a_cross():
    """The status font's club: a solid top lobe (two rows at least three wide), the
    widest row the full five, and no row like a cross's arm ("#.#.#")."""
    from adafruit_bitmap_font import bitmap_font
    f = bitmap_font.load_font(os.path.join(ROOT, "fonts", "medium.pcf"))
    f.load_glyphs("\u2663")
    g = f.get_glyph(0x2663)
    rows = ["".join("#" if g.bitmap[x, y] else "." for x in range(g.width))
            for y in range(g.height)]
    ink = [r for r in rows if "#" in r]
    f.file.close()
    assert ink[0].count("#") >= 3 and ink[1].count("#") >= 3, rows
    assert max(r.count("#") for r in ink) == 5
    assert not any(r.startswith("#.#.#") for r in ink), rows


# ----- the match end ------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5, 7])
def test_match_end_is_centred_and_balanced(n):
    kinds = (HUMAN,) + (EASY,) * (n - 1)
    d = Driver(seed=n)
    d.start(profile=0, players=n, kinds=kinds, end=0, reentry=0, threshold=11)
    assert d.auto(lambda dr: dr.name() == "end", max_steps=60000)
    g = d.screen.group
    rows = [t for t in walk(g) if isinstance(t, ui.Text) and STATUS_SEAT.match(t.text)
            and "wins" not in t.text]
    assert len(rows) == n
    cells = ui.glyph_size()[0]
    left = min(t.x for t in rows)
    right = max(t.x + len(t.text) * cells for t in rows)
    assert abs(left - (ui.W - right)) <= cells, (left, right)  # centred
    xs = sorted(set(t.x for t in rows))
    per_col = [sum(1 for t in rows if t.x == x) for x in xs]
    assert len(xs) == (1 if n <= 4 else 2)
    assert max(per_col) - min(per_col) <= 1  # balanced
    winner = ui.seat_name(d.app.match.winner)
    assert winner + " wins!" in shown_texts(g)


# ----- the version ---------------------------------------------------------------------------


def pyproject_version():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    block = text.split("[project]", 1)[1]
    return re.search(r'^version\s*=\s*"([^"]+)"', block, re.M).group(1)


def test_version_module_is_pyprojects():
    from cucumber.version import VERSION
    assert VERSION == pyproject_version()


def test_title_shows_the_version(disp):
    from cucumber.version import VERSION
    d = Driver(display=disp, seed=1)
    d.step(2)
    assert d.name() == "title"
    label = [t for t in walk(d.screen.group) if isinstance(t, ui.Text)
             and t.text == "v" + VERSION]
    assert len(label) == 1
    t = label[0]
    pix = sim.screen_pixels(disp)
    w = len(t.text) * ui.glyph_size()[0]
    assert count_color(pix, ui.GREY, (t.x, t.y, t.x + w, t.y + 12)) > 20
