"""The board check (Settings > Board check) on boards wired otherwise than the code
assumes: the real cucumber.board.Hardware on fake CircuitPython modules, the app driven
by raw key numbers as the board's own buttons send them.

The person holding the board presses the button printed with the name asked for; the
board sends that button's raw number (``Board.wiring``); what the game makes of it is
its key map's business."""

import os
import sys
import types

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import board_report  # noqa: E402
import screenshots  # noqa: E402,F401  (the tools' paths)
import simulator as sim  # noqa: E402
from cucumber import boardcheck, boardrec as rb, keys as K  # noqa: E402
from cucumber.store import BOARD, MATCH, SETTINGS, STATS, Store  # noqa: E402

PYBADGE_WIRING = {K.B: 0, K.A: 1, K.START: 2, K.SELECT: 3, K.RIGHT: 4, K.DOWN: 5,
                  K.UP: 6, K.LEFT: 7}  # what keys.PYBADGE_KEYS assumes
# A and B swapped, the d-pad turned round
WRONG_WIRING = {K.A: 0, K.B: 1, K.START: 2, K.SELECT: 3, K.LEFT: 4, K.UP: 5,
                K.DOWN: 6, K.RIGHT: 7}


class Restarted(Exception):
    """supervisor.reload(): this run of the board ends."""


class Board:
    """A fake PyBadge or PyGamer: its modules in sys.modules, its clock, its buttons as
    wired (``wiring``: logical key printed on the button -> raw number it sends), its
    lights' true byte order (``rgb``: the byte of red, green and blue), its stick."""

    def __init__(self, monkeypatch, display, wiring=PYBADGE_WIRING, rgb=(1, 0, 2),
                 pygamer=False, dead=(), nvm=None):
        self.clock = 1000
        self.wiring = wiring
        self.rgb = rgb
        self.dead = dead  # buttons that send nothing
        self.nvm = nvm if nvm is not None else bytearray(b"\xff" * 8192)
        self.written = []
        self.next_file = None
        self.pad = None
        self.stick_xy = [32768, 32768]
        self.beeps = 0
        board = self

        class Queue:
            overflowed = False

            def __init__(self):
                self.items = []

            def get_into(self, ev):
                if not self.items:
                    return False
                ev.key_number, ev.pressed = self.items.pop(0), True
                return True

            def clear(self):
                self.items = []

        class Pad:
            def __init__(self, **kw):
                self.events = Queue()
                board.pad = self

        class Event:
            key_number = 0
            pressed = True

        class IO:
            def __init__(self, pin):
                self.value = False

            def switch_to_output(self, value=False):
                self.value = value

        class Analog:
            def __init__(self, pin):
                self.axis = 0 if pin == "jx" else 1

            @property
            def value(self):
                return board.stick_xy[self.axis]

        class Audio:
            playing = False

            def __init__(self, pin):
                pass

            def play(self, sample, loop=False):
                board.beeps += 1
                self.playing = True

            def stop(self):
                self.playing = False

        def reload():
            raise Restarted()

        def set_next(name, **kw):
            board.next_file = name

        def ticks():
            board.clock += 1  # every reading a millisecond later: figures are numbers
            return board.clock

        self.display = display
        pins = dict(board_id="pygamer" if pygamer else "pybadge", DISPLAY=self.display,
                    BUTTON_CLOCK=1, BUTTON_OUT=2, BUTTON_LATCH=3, NEOPIXEL=4, SPEAKER=5,
                    SPEAKER_ENABLE=6)
        if pygamer:
            pins.update(JOYSTICK_X="jx", JOYSTICK_Y="jy")
        mods = {
            "board": types.SimpleNamespace(**pins),
            "keypad": types.SimpleNamespace(ShiftRegisterKeys=Pad, Event=Event),
            "digitalio": types.SimpleNamespace(DigitalInOut=IO),
            "analogio": types.SimpleNamespace(AnalogIn=Analog),
            "microcontroller": types.SimpleNamespace(nvm=self.nvm),
            "supervisor": types.SimpleNamespace(ticks_ms=ticks, reload=reload,
                                                set_next_code_file=set_next),
            "audioio": types.SimpleNamespace(AudioOut=Audio),
            "audiocore": types.SimpleNamespace(RawSample=lambda *a, **k: None),
            "neopixel_write": types.SimpleNamespace(
                neopixel_write=lambda pin, buf: self.written.append(bytes(buf))),
        }
        for name, mod in mods.items():
            monkeypatch.setitem(sys.modules, name, mod)
        sim.use_repo_assets()

    def power_on(self, entry="code.py"):
        """A new run: the Hardware and the App as ``entry`` makes them."""
        from cucumber.app import App
        from cucumber.board import open_hardware
        self.hw = open_hardware()
        self.app = App(self.hw, entry=entry)
        self.app.collect = lambda: None
        return self.app

    def run(self, entry="code.py"):
        """Power on into ``entry`` and follow the board's restarts to a run that stays."""
        while True:
            self.next_file = None
            try:
                return self.power_on(entry)
            except Restarted:
                entry = self.next_file or "code.py"

    def step(self, n=1):
        for _ in range(n):
            self.clock += 100
            try:
                self.app.step()
            except Restarted:
                self.run(self.next_file or "code.py")

    def press(self, k):
        """The button printed ``k`` pressed (nothing comes of a dead one), once the keys
        are read again after the last change of screen."""
        self.step(2)
        if k not in self.dead:
            self.pad.events.items.append(self.wiring[k])
        self.step(2)

    def press_as_game(self, k):
        """The button the game takes for ``k`` now: how the player finds their way to
        the check on a board the game reads wrongly."""
        self.step(2)
        self.pad.events.items.append(list(self.hw._table).index(k))
        self.step(2)

    def lit(self, color):
        """Do the lights show ``color`` (0 red, 1 green, 2 blue) now?"""
        buf = self.written[-1]
        return buf[self.rgb[color]] > 0 and sum(buf[:3]) == buf[self.rgb[color]]

    def screen(self):
        return self.app.screen

    def said(self):
        return self.app.screen.lines[boardcheck.BODY].text

    def kind(self):
        s = self.app.screen
        return s.steps[2 * s.at] if 0 <= s.at < len(s.steps) // 2 else None


@pytest.fixture(scope="module")
def display():
    import displayio
    sim.use_repo_assets()
    d = sim.make_display(headless=True)
    yield d
    displayio.release_displays()  # Blinka allows one display at a time


def open_check(b):
    """From the title to the check's first page, through the game's own key map."""
    b.app.command(("settings",))
    b.step()
    b.app.command(("boardcheck",))
    b.step()
    assert b.screen().name == "boardcheck" and b.screen().at == -1


def answer_everything(b, capsys=None):
    """Every step as a person answers it: each asked button, the lights as they look,
    the tune heard, every backlight level brighter. Ends on the report."""
    b.press_as_game(K.A)  # begin
    for _ in range(200):
        s = b.screen()
        if s.name != "boardcheck" or s.at >= len(s.steps) // 2:
            break
        kind = b.kind()
        arg = s.steps[2 * s.at + 1]
        if kind == 0:  # a key step
            if arg in b.dead:
                b.step(110)  # ten seconds and more: "no key came"
            else:
                b.press(arg)
        elif kind == 1:  # a push: the stick as wired, moved and let go
            b.push(arg)
        elif kind == 2:
            b.press(K.A if b.lit(arg) else K.B)
        elif kind == 5:
            b.step(5)  # measuring: the restart into check.py, back to the title
        else:
            b.press(K.A)
    assert b.screen().name == "boardcheck" and b.screen().at == len(b.screen().steps) // 2


@pytest.fixture
def wrong(monkeypatch, display):
    b = Board(monkeypatch, display, wiring=WRONG_WIRING, rgb=(0, 1, 2), dead=(K.SELECT,))
    b.run()
    return b


def test_a_wrong_way_board_is_found_saved_and_used_from_then_on(wrong, capsys):
    b = wrong
    open_check(b)
    answer_everything(b)
    rec = Store(b.nvm).get(BOARD)
    assert rec[1] & rb.KEYS and rec[1] & rb.ORDER and not rec[1] & rb.REPORT
    # what each raw number now means: as pressed; SELECT, never pressed, keeps its place
    table = b.hw._table
    for k, n in WRONG_WIRING.items():
        if k != K.SELECT:
            assert table[n] == k, K.NAMES[k]
    assert bytes(b.hw._order) == bytes((0, 1, 2))  # R, G, B
    # the report: on the page, and on the console, read back by the project's tool
    rows = [t.text for t in b.screen().lines]
    assert rows[0].startswith("Buttons") and rows[0].endswith("1 missing")
    assert rows[1].startswith("Lights") and rows[1].endswith("saved")
    report = board_report.parse(capsys.readouterr().out)
    assert report["board"] == "PyBadge pybadge"
    assert "key select never; assumed 3" in report["answers"]
    assert "key A 0; assumed 1" in report["answers"]
    assert "lights RGB; assumed GRB" in report["answers"]
    figures = report["figures"]
    for name in ("restart_ms", "ai4_ms", "ai4_units_s", "ai7_ms", "ai7_units_s",
                 "nvm_write_ms", "redraw_ms"):
        assert isinstance(figures[name]["value"], int), name
    assert figures["heap_free_table7"]["value"] is None  # CPython's gc has no mem_free
    assert report["saved"][:2] == ["keys", "A,B,start,select,left,up,down,right"]
    # the board starts again: the map and the order are used at once
    b.run()
    assert b.hw._table == table and bytes(b.hw._order) == bytes((0, 1, 2))
    assert "cucumber.boardrec" not in sys.modules  # applied, and not carried for the run
    assert b.screen().name == "title"
    cursor = b.screen().menu.cursor
    b.press(K.DOWN)  # the d-pad as printed moves the cursor
    assert b.screen().menu.cursor > cursor


def test_the_check_measures_in_a_fresh_heap_and_the_title_shows_its_report(wrong):
    """The measuring step restarts into check.py, which restarts into code.py."""
    b = wrong
    open_check(b)
    seen = []
    real = b.run

    def run(entry="code.py"):
        seen.append(entry)
        return real(entry)

    b.run = run
    answer_everything(b)
    assert seen[:1] == ["check.py"]
    rec = Store(b.nvm).get(BOARD)
    assert rb.figure(rec, rb.RESTART_MS) is not None  # measured across the restart
    # a second check: the first one's figures become "last"
    b.press(K.A)
    assert b.screen().at == -1
    answer_everything(b)
    rec = Store(b.nvm).get(BOARD)
    assert rb.figure(rec, rb.AI7_MS, rb.LAST) is not None


def test_the_players_saves_are_not_touched(monkeypatch, display):
    b = Board(monkeypatch, display)
    b.run()
    st = b.app.store
    from cucumber import lobby
    lobby.save_settings(b.app)
    from cucumber.settings import Stats
    stats = Stats()
    stats.record(bytes(7), 4, 0)
    st.put(STATS, stats.encode())
    st.put(MATCH, b"not really a match")
    before = {k: st.get(k) for k in (SETTINGS, STATS, MATCH)}
    open_check(b)
    answer_everything(b)
    after = Store(b.nvm)
    assert {k: after.get(k) for k in before} == before
    # a board the check found as the code assumes it: nothing is marked saved
    rec = after.get(BOARD)
    assert not rec[1] & (rb.KEYS | rb.ORDER | rb.STICK)


def test_a_key_already_answered_is_refused_for_another(monkeypatch, display):
    b = Board(monkeypatch, display)
    b.run()
    open_check(b)
    b.press_as_game(K.A)
    b.press(K.A)  # for A
    assert "Press the B button" in b.screen().lines[0].text
    b.press(K.A)  # A again, for B
    assert "Press the B button" in b.screen().lines[0].text
    assert b.said() == "Key 1 is A already."


def test_start_skips_left_goes_back_select_stops_and_keeps_what_was_found(wrong):
    b = wrong
    open_check(b)
    b.press_as_game(K.A)
    for k in (K.A, K.B, K.START):
        b.press(k)
    b.step(110)  # SELECT is dead
    for k in (K.LEFT, K.RIGHT, K.UP, K.DOWN):
        b.press(k)
    assert b.kind() == 2  # the lights, with the buttons already mapped as pressed
    assert b.said() == "Buttons: new map saved."
    b.press(K.START)  # skip the lights: the order stays the assumed one
    assert b.kind() == 3
    b.press(K.LEFT)  # back: the lights again
    assert b.kind() == 2
    b.press(K.START)
    b.press(K.SELECT)  # SELECT is dead on this board: nothing happens
    assert b.kind() == 3
    b.press(K.B)  # not heard
    assert b.kind() == 4
    b.hw._table = b.hw._table  # (still the map as pressed)
    # stop: the map is kept, though the check never reached its end
    s = b.screen()
    assert s.stop() == ("settings",)
    rec = Store(b.nvm).get(BOARD)
    assert rec[1] & rb.KEYS and not rec[1] & rb.ORDER
    assert rec[rb.LIGHTS] == rb.SKIPPED and rec[rb.SOUND] == 0


def test_a_damaged_or_foreign_record_is_not_used(monkeypatch, display):
    b = Board(monkeypatch, display)
    b.run()
    own = b.hw._table
    rec = rb.new()
    rec[1] = rb.KEYS | rb.ORDER
    rec[rb.MAP:rb.MAP + 8] = bytes((4, 4, 4, 4, 4, 4, 4, 4))  # not a map of this board
    rec[rb.PIXELS] = 0  # every colour in one byte
    b.app.store.put(BOARD, rec)
    b.run()
    assert b.hw._table == own and bytes(b.hw._order) == b"\x01\x00\x02"
    other = bytearray(rec)
    other[0] = 2  # a later layout
    b.app.store.put(BOARD, other)
    b.run()
    assert b.hw._table == own
    assert b.screen().name == "title"


def _pygamer(monkeypatch, display, x_sign=1, swapped=False):
    """A PyGamer whose stick reads as wired: ``x_sign`` -1 when x runs right to left,
    ``swapped`` when the horizontal push moves the y reading."""
    wiring = {K.B: 0, K.A: 1, K.START: 2, K.SELECT: 3}
    b = Board(monkeypatch, display, wiring=wiring, pygamer=True)

    def push(d, travel=30000):
        dx = (-travel, travel, 0, 0)[d] * x_sign
        dy = (0, 0, -travel, travel)[d]
        if swapped:
            dx, dy = dy, dx
        b.stick_xy[:] = [32768 + dx, 32768 + dy]
        b.step(2)
        b.stick_xy[:] = [32768, 32768]
        b.step(2)

    b.push = push
    b.run()
    return b


@pytest.mark.parametrize("x_sign, swapped, flip", [(1, False, 0), (-1, False, 1),
                                                   (1, True, 4)])
def test_a_pygamer_stick_is_read_as_pushed(monkeypatch, display, x_sign, swapped, flip):
    b = _pygamer(monkeypatch, display, x_sign, swapped)
    open_check(b)
    answer_everything(b)
    rec = Store(b.nvm).get(BOARD)
    assert rec[rb.FLIP] == flip and bool(rec[1] & rb.STICK) == bool(flip)
    assert b.screen().lines[1].text.endswith("saved" if flip else "as expected")
    # started again, a push to the left is LEFT
    b.run()
    stick = boardcheck._stick(b.hw)
    assert stick.flip == flip
    b.stick_xy[:] = [32768 - 30000 * x_sign, 32768] if not swapped else [32768, 2768]
    assert b.hw.keys() == [K.LEFT]


def test_flip_from_needs_both_axes():
    rec = rb.new()
    assert boardcheck.flip_from(rec) is None  # nothing pushed
    rec[rb.PUSHES] = 2  # left: x, minus
    rec[rb.PUSHES + 4] = 3  # up: y, minus
    assert boardcheck.flip_from(rec) == 0
    rec[rb.PUSHES + 4] = 2  # up on the x axis too: no telling
    assert boardcheck.flip_from(rec) is None
    rec[rb.PUSHES] = rb.NEVER
    rec[rb.PUSHES + 2] = 0  # right: x, plus (left never came)
    rec[rb.PUSHES + 4] = rb.SKIPPED
    rec[rb.PUSHES + 6] = 3  # down: y, minus: the y axis runs bottom to top
    assert boardcheck.flip_from(rec) == 2


def test_a_report_that_is_not_whole_says_so():
    with pytest.raises(board_report.ReportError, match="no board check report"):
        board_report.parse("Adafruit CircuitPython 10.0.3\n>>> ")
    with pytest.raises(board_report.ReportError, match="cut short"):
        board_report.parse("== Cucumber board check, version 0.1.0 ==\nboard PyBadge -\n")
    with pytest.raises(board_report.ReportError, match="does not read"):
        board_report.parse("== Cucumber board check, version 0.1.0 ==\n"
                           "figure heap_total lots B; last -\n== end ==\n")
