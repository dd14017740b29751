"""The app's flow through its key interface: saves, continue, set-up, transitions."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from screenshots import Driver  # noqa: E402
from cucumber import keys  # noqa: E402
from cucumber.settings import HUMAN, MEDIUM, EASY, HARD, decode_settings  # noqa: E402
from cucumber.store import Store, MATCH, SETTINGS, STATS  # noqa: E402
from engine.match import DECLINE, OUT  # noqa: E402


def blank_nvm():
    return bytearray(b"\xff" * 8192)


def my_turn(dr, trick=0):
    t = dr.app.table
    return (dr.name() == "table" and t is not None and t.interactive and dr.app.wait is None
            and dr.app.match.trick_no >= trick)


def test_continue_after_restart_resumes_the_same_match():
    nvm = blank_nvm()
    d = Driver(nvm=nvm, seed=7)
    d.start(profile=0, players=4, kinds=(HUMAN, EASY, MEDIUM, HARD), end=0, reentry=1)
    assert d.auto(lambda dr: my_turn(dr, trick=2), max_steps=5000)
    m = d.app.match
    hands = [m.hand(s) for s in range(m.n)]
    state = (m.current_player(), list(m.scores), m.trick_no, bytes(m.trick[:m.trick_len]),
             m.round_no, m.dealer)
    shown = [tg[0] for tg in d.app.table.hand_tg if tg.x >= 0]
    # Power off and on: a new App on the same nvm.
    d2 = Driver(nvm=nvm, seed=99)
    assert d2.name() == "title"
    assert d2.app.screen.can_continue
    d2.step(2)
    d2.press(keys.A)  # the cursor starts on "Continue" when there is a saved match
    d2.step(3)
    m2 = d2.app.match
    assert m2 is not None
    assert [m2.hand(s) for s in range(m2.n)] == hands
    assert (m2.current_player(), list(m2.scores), m2.trick_no,
            bytes(m2.trick[:m2.trick_len]), m2.round_no, m2.dealer) == state
    assert bytes(d2.app.kinds) == bytes((HUMAN, EASY, MEDIUM, HARD))
    assert d2.name() == "table" and d2.app.table.interactive
    assert [tg[0] for tg in d2.app.table.hand_tg if tg.x >= 0] == shown
    # and it plays on to the end
    assert d2.auto(lambda dr: dr.name() == "end", max_steps=40000)
    assert Store(nvm).get(MATCH) is None  # a finished match is no longer offered


def test_setup_is_remembered_and_prefs_too():
    nvm = blank_nvm()
    d = Driver(nvm=nvm)
    d.setup(profile=2, players=6, hand=5, threshold=40, stakes=1,
            kinds=(HUMAN, HARD, HUMAN, EASY, MEDIUM, HARD))
    d.press(keys.START)
    assert d.app.match.rules.profile == "ogorek"
    d.app.command(("pause",))
    d.app.command(("title",))
    d.app.command(("settings",))
    d.press(keys.A)  # sound off
    assert d.hw.muted
    d2 = Driver(nvm=nvm)
    assert d2.hw.muted
    prefs, s, ok = decode_settings(Store(nvm).get(SETTINGS))
    assert ok and prefs.mute
    assert (s.profile, s.players, s.hand, s.threshold, s.stakes) == (2, 6, 5, 40, 1)
    assert bytes(s.kinds[:6]) == bytes((HUMAN, HARD, HUMAN, EASY, MEDIUM, HARD))
    d2.app.command(("setup",))
    assert "ogorek" in d2.app.screen.rows[1][1]


def test_impossible_combination_shows_the_message_and_loses_nothing():
    d = Driver()
    d.setup(end=2, reentry=1, players=5)
    before = d.app.screen.s.encode()
    d.press(keys.START)
    scr = d.app.screen
    assert d.name() == "setup" and d.app.match is None
    assert scr.err_group is not None
    texts = " ".join(t.text for t in scr.err_group if hasattr(t, "text"))
    assert "reentries" in texts or "lives" in texts
    assert "error" in d.hw.beeps
    assert scr.s.encode() == before
    d.press(keys.DOWN)  # any key closes the message
    assert scr.err_group is None
    assert scr.s.encode() == before


def test_damaged_store_falls_back_with_a_notice():
    nvm = blank_nvm()
    d = Driver(nvm=nvm)
    d.start()
    for i in range(0, 600, 3):
        nvm[i] = (nvm[i] + 77) & 0xFF
    d2 = Driver(nvm=nvm)
    assert d2.name() == "title"
    assert d2.app.screen.notice
    assert not d2.app.screen.can_continue
    assert d2.app.setup.players == 4  # defaults


def test_unloadable_save_offers_a_new_match():
    nvm = blank_nvm()
    st = Store(nvm)
    st.put(MATCH, b"M\x01\x00\x00\x03\x00\x02\x02" + b"CU\x01" + bytes(40))
    d = Driver(nvm=nvm)
    assert d.app.screen.can_continue
    d.step(2)
    d.press(keys.A)
    assert d.name() == "message"
    assert type(d.app.screen).__name__ == "Message"  # menus is reloaded on demand
    d.press(keys.A)
    assert d.name() == "setup"


def test_keys_during_ai_pause_are_ignored_and_thinking_is_shown_first():
    d = Driver(seed=3)
    d.start(profile=1, players=3, kinds=(HUMAN, MEDIUM, MEDIUM), end=0, reentry=0)
    app = d.app
    seen = []
    for s in (1, 2):
        bot = app.bots[s]
        for name in ("begin", "think"):  # it decides in slices, each with the indicator up
            orig = getattr(bot, name)

            def spy(arg, orig=orig, s=s):
                seen.append((s, app.table.status.text, app.hw.display.refreshes))
                return orig(arg)
            setattr(bot, name, spy)
    assert d.auto(lambda dr: dr.app.wait is not None and not dr.app.clear_after_wait,
                  max_steps=3000)
    assert seen
    for s, status, refreshes in seen:
        assert "P%d thinking" % (s + 1) in status
        assert refreshes > 0
    m = app.match
    snap = (m.current_player(), m.trick_len, m.trick_no)
    d.hw.press(keys.A, keys.LEFT, keys.A, keys.RIGHT, keys.A)
    d.hw.advance(10)
    app.step()
    assert (m.current_player(), m.trick_len, m.trick_no) == snap
    assert app.wait is not None


def test_human_reentry_choice_and_stats():
    nvm = blank_nvm()
    done = False
    for seed in range(1, 60):
        d = Driver(nvm=nvm, seed=seed)
        d.start(profile=1, players=3, kinds=(HUMAN, MEDIUM, MEDIUM), end=0, reentry=4,
                threshold=50)
        d.app.match.scores[0] = 49
        d.auto(lambda dr: dr.name() in ("reentry", "end") or dr.app.match.round_no >= 6,
               max_steps=6000)
        if d.name() != "reentry":
            continue
        scr = d.app.screen
        assert DECLINE in scr.acts
        while scr.acts[scr.cursor] != DECLINE:
            d.press(keys.UP)
        d.press(keys.A)
        assert d.app.match.status[0] == OUT
        assert d.name() == "out"
        assert d.auto(lambda dr: dr.name() == "end", max_steps=40000)
        done = True
        break
    assert done
    st = Store(nvm)
    from cucumber.settings import Stats
    stats = Stats.decode(st.get(STATS))
    assert stats.matches >= 1 and stats.played[0] >= 1


def test_sound_and_lights_follow_the_game():
    d = Driver(seed=8)
    d.start(profile=0, players=3, kinds=(HUMAN, MEDIUM, MEDIUM), end=0, reentry=1)
    d.auto(lambda dr: dr.name() == "round", max_steps=5000)
    for k in ("play", "trick", "penalty"):
        assert k in d.hw.beeps
    assert d.hw.light_colors != (0, 0, 0, 0, 0) or d.app.match.is_terminal()
    # mute is a setting: quit to the title, mute in the settings, continue the match
    d.app.command(("title",))
    d.app.prefs.mute = True
    d.app.command(("prefs",))
    d.app.command(("continue",))
    d.hw.beeps.clear()
    d.auto(lambda dr: dr.name() == "round" and len(dr.hw.beeps) == 0
           and dr.app.match.round_no >= 2, max_steps=5000)
    assert d.hw.beeps == []


def _fake_terminal_game(monkeypatch):
    import sys
    import types
    calls = []
    fake = types.ModuleType("terminal_game")
    fake.main = lambda argv=None: calls.append(argv) or 0
    monkeypatch.setitem(sys.modules, "terminal_game", fake)
    return calls


def test_play_falls_back_to_the_terminal_game_without_a_display(monkeypatch):
    import sys
    import play
    calls = _fake_terminal_game(monkeypatch)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("MAKELEVEL", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert play.main([]) == 0
    assert calls == [[]]  # a list: None would make argparse read play.py's own argv


def test_play_passes_its_options_on(monkeypatch, capsys):
    import play
    calls = _fake_terminal_game(monkeypatch)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("MAKELEVEL", raising=False)
    assert play.main(["--terminal"]) == 0
    assert play.main(["--terminal", "--players", "3", "--seed", "5"]) == 0
    # a terminal-game option alone starts the terminal game, and says why
    assert play.main(["--humans", "2"]) == 0
    assert "--humans is a terminal-game option" in capsys.readouterr().out
    assert calls == [[], ["--players", "3", "--seed", "5"], ["--humans", "2"]]
    # the simulator does not take the terminal game's options
    assert play.main(["--window", "--players", "3"]) == 2
    assert "does not take --players 3" in capsys.readouterr().out
    assert play.split_args(["--nvm", "x.bin", "--players", "3", "--scale=2", "--new"]) == (
        ["--nvm", "x.bin", "--scale=2"], ["--players", "3", "--new"])
    # make play ARGS="...": make puts ARGS in the recipe's environment
    monkeypatch.setenv("MAKELEVEL", "1")
    monkeypatch.setenv("ARGS", "--terminal --players 2")
    assert play.main([]) == 0
    assert calls[-1] == ["--players", "2"]
    assert play.main(["--terminal"]) == 0  # arguments given win over ARGS
    assert calls[-1] == []


def _run_play(tmp_path, *args, display=":4093"):
    """tools/pc/play.py as a player starts it, with a DISPLAY that names no X server,
    answering "q" (save and quit) to the terminal game's first question."""
    import subprocess
    import sys
    env = dict(os.environ)
    for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "WAYLAND_DISPLAY", "MAKELEVEL", "ARGS"):
        env.pop(k, None)
    env["DISPLAY"] = display
    env["HOME"] = str(tmp_path)  # the terminal game's save file goes there
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    play = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "tools", "pc", "play.py")
    return subprocess.run([sys.executable, play] + list(args), input="q\n", text=True,
                          capture_output=True, timeout=120, env=env)


def test_play_without_a_reachable_display_starts_the_terminal_game(tmp_path):
    """DISPLAY is set but nothing answers: SDL would fall back to its off-screen driver
    and the simulator would run in a window nobody sees, forever."""
    r = _run_play(tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    notes = [ln for ln in lines if "starting the terminal game" in ln]
    assert len(notes) == 1 and notes[0].startswith("No simulator window (")
    assert any(ln.startswith("Rules: agurk") for ln in lines)  # the terminal game ran
    assert "Traceback" not in r.stderr
    # --window asks for the window only: an error, not the terminal game
    r = _run_play(tmp_path, "--window")
    assert r.returncode == 1
    assert r.stdout.strip().splitlines()[-1].startswith("No simulator window: SDL")
    assert "Rules:" not in r.stdout


def test_simulator_opens_no_invisible_window(monkeypatch, tmp_path):
    """The simulator itself, with SDL on a driver that draws nowhere, does not run."""
    import simulator
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    reasons = []
    assert simulator.main(["--frames", "5"], no_window=lambda r: reasons.append(r) or 7) == 7
    assert reasons and "'dummy'" in reasons[0]
    # --headless is the way to run it without a window (tests, checks)
    import displayio
    try:
        assert simulator.main(["--headless", "--frames", "3", "--nvm",
                               str(tmp_path / "nvm.bin")], no_window=lambda r: 9) == 0
    finally:
        displayio.release_displays()  # Blinka allows one display at a time


class CountingNVM(bytearray):
    """An nvm that counts slice writes (each one erases the whole flash block on a SAMD51)."""

    writes = 0

    def __setitem__(self, key, value):
        CountingNVM.writes += 1
        super().__setitem__(key, value)


def test_ai_plays_do_not_wear_the_flash_but_every_human_action_is_saved():
    nvm = CountingNVM(b"\xff" * 8192)
    d = Driver(nvm=nvm, seed=12)  # a deal where the human's card does not end the round
    d.start(profile=0, players=4, kinds=(HUMAN, EASY, MEDIUM, HARD), end=0, reentry=1)
    assert d.auto(lambda dr: my_turn(dr, trick=1), max_steps=5000)
    m = d.app.match
    plays_before = m.trick_no * 4 + m.trick_len
    CountingNVM.writes = 0
    assert d.auto(lambda dr: my_turn(dr, trick=6), max_steps=20000)
    m = d.app.match
    plays = m.trick_no * 4 + m.trick_len - plays_before
    # Five tricks' worth of plays went by, 5 of them the human's: one write for each human
    # play and one for each time the human's turn came, none for the AI plays in between.
    assert plays >= 16
    assert CountingNVM.writes <= 10 < plays
    # The human plays; while the AIs answer, a power cut keeps the human's card played.
    card = m.legal_cards()[0]
    from cucumber import turns
    turns.act(d.app, card)
    d2 = Driver(nvm=CountingNVM(nvm), seed=5)
    d2.step(2)
    d2.press(keys.A)
    d2.step(3)
    m2 = d2.app.match
    assert m2.hand(0) == m.hand(0)
    assert card not in m2.hand(0)
    assert m2.trick_no == 6


class _Restarted(Exception):
    """The board restarting: nothing after supervisor.reload() runs."""


def restarts(d, command, **start):
    """What the board would restart into when ``d`` runs ``command`` (or ``d.start`` with
    ``start``): [(code file, a match saved at that moment)], the app stopped there."""
    calls = []

    def restart(code_file=None):
        calls.append((code_file, Store(d.hw.nvm).get(MATCH) is not None))
        raise _Restarted

    d.hw.restart = restart
    try:
        if command is None:
            d.start(**start)
        else:
            d.app.command(command)
    except _Restarted:
        pass
    return calls


def test_a_new_match_restarts_the_board_into_it_and_plays_the_same():
    """On the board each match starts in a fresh heap: the app saves the new match and
    restarts into match.py (``hw.restart``), which goes straight to its table.
    The match is the one the app would have started in place (same deal, same AIs)."""
    from cucumber.app import App
    rules = dict(profile=0, players=4, kinds=(HUMAN, EASY, MEDIUM, HARD), end=0, reentry=1)
    here = Driver(nvm=blank_nvm(), seed=7)  # a PC: no restart, the match starts in place
    here.start(**rules)
    m0 = here.app.match

    d = Driver(nvm=blank_nvm(), seed=7)
    assert restarts(d, None, **rules) == [("match.py", True)]  # saved before it
    # match.py: main(entry="match.py") on the same nvm
    app = App(d.hw, store=Store(d.hw.nvm), seed=99, entry="match.py")
    app.collect = lambda: None
    assert app.screen is not None and app.screen.name == "table"
    m = app.match
    assert [m.hand(s) for s in range(m.n)] == [m0.hand(s) for s in range(m0.n)]
    assert (m.dealer, m.round_no, bytes(app.kinds)) == (m0.dealer, m0.round_no,
                                                        bytes(here.app.kinds))
    assert app.bot_seed == here.app.bot_seed


def test_a_restart_into_an_unreadable_match_says_so():
    """match.py finding no readable match (a power cut in the write, say) shows the
    message Continue shows, and the title is one key away: no dead end."""
    from cucumber.app import App
    import simulator as sim
    sim.use_repo_assets()
    nvm = blank_nvm()
    store = Store(nvm)
    store.put(MATCH, b"\x00\x01garbage")
    hw = sim.HostHardware(nvm=nvm, clock=1000)
    app = App(hw, store=Store(nvm), seed=3, entry="match.py")
    assert app.match is None
    assert app.screen.name != "table"
    d = Driver.__new__(Driver)
    d.hw, d.app, d.step_ms = hw, app, 200
    for _ in range(30):
        if d.name() == "title":
            break
        d.press(keys.B)
    assert d.name() in ("title", "setup")


def test_leaving_a_match_restarts_the_board_to_the_title():
    """The title after a match also gets a fresh heap on the board: the match end's (or
    the pause menu's) way to the title restarts into code.py, the match saved first."""
    nvm = blank_nvm()
    d = Driver(nvm=nvm, seed=5)
    d.start(profile=0, players=3, kinds=(HUMAN, EASY, EASY), end=0, reentry=0)
    assert d.name() in ("table", "cover")
    # code.py, and Continue will find the match
    assert restarts(d, ("title",)) == [(None, True)]


def test_the_demo_restarts_into_demo_py_and_writes_nothing():
    """The demo also starts in a fresh heap (demo.py), and still writes nothing to the
    flash: neither before the restart nor in the demo it starts there."""
    from cucumber.app import App
    nvm = blank_nvm()
    d = Driver(nvm=nvm, seed=4)
    before = bytes(nvm)
    assert restarts(d, ("demo",)) == [("demo.py", False)] and bytes(nvm) == before
    app = App(d.hw, store=Store(nvm), seed=5, entry="demo.py")
    app.collect = lambda: None
    assert app.demo is not None and app.match is not None
    assert all(k != HUMAN for k in app.kinds)  # every seat an AI
    for _ in range(400):
        d.hw.advance(200)
        app.step()
    assert app.match.round_no >= 1 or app.match.trick_no >= 1
    assert bytes(nvm) == before


def test_a_match_won_is_counted_once_even_if_the_power_goes_before_its_pages():
    # The win is counted when the table gives way to the round's pages; until then the
    # last save stays, so a power cut in the trick's pause loses neither match nor win.
    nvm = blank_nvm()
    d = Driver(nvm=nvm, seed=5)
    d.start(profile=0, players=3, kinds=(HUMAN, EASY, EASY), end=2, rounds=1, reentry=0)
    assert d.auto(lambda dr: dr.app.match is not None and dr.app.match.is_terminal(),
                  max_steps=20000)
    assert d.name() == "table"  # the last trick still in view
    from cucumber.settings import Stats
    assert Store(nvm).get(STATS) is None  # not counted yet
    assert Store(nvm).get(MATCH) is not None
    # the power goes now: Continue plays the last trick again, and the win counts once
    d2 = Driver(nvm=nvm, seed=99)
    assert d2.app.screen.can_continue
    d2.step(2)
    d2.press(keys.A)
    d2.step(3)
    assert d2.auto(lambda dr: dr.name() in ("round", "end"), max_steps=20000)
    assert Stats.decode(Store(nvm).get(STATS)).matches == 1
    assert Store(nvm).get(MATCH) is None
    assert d2.auto(lambda dr: dr.name() == "end", max_steps=20000)
    assert Stats.decode(Store(nvm).get(STATS)).matches == 1
