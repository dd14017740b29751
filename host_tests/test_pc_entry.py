"""The PC's ways in, as a newcomer meets them on the first evening: ``make play`` (and
tools/pc/play.py under it), the simulator window, the Makefile's Python checks and
``make bundle``. What is checked is what the player reads in the terminal or sees in
the window: one clear line for a mistyped option, a player's --help, no warnings from
Blinka, SDL or ALSA, one line when the sound is off, the key map over the window's
screen, and the bundle's sizes in words."""

import json
import os
import re
import shutil
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAY = os.path.join(ROOT, "tools", "pc", "play.py")
SIMULATOR = os.path.join(ROOT, "tools", "pc", "simulator.py")
CODES = ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi")
# what Blinka, SDL and ALSA printed on a PC before (issue 29)
NOISE = ("GENERIC_X86", "ALSA lib", "XDG_RUNTIME_DIR", "WARNING", "Traceback")


def player_env(tmp_path, **extra):
    """The environment of a player's shell: no SDL or Blinka settings, HOME in tmp_path
    (the terminal game's save goes there), no XDG_RUNTIME_DIR (SDL complained of it)."""
    env = dict(os.environ)
    for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "WAYLAND_DISPLAY", "DISPLAY", "MAKELEVEL",
              "ARGS", "XDG_RUNTIME_DIR", "BLINKA_OS_AGNOSTIC", "BLINKA_FORCECHIP",
              "BLINKA_FORCEBOARD", "MAKEFLAGS", "MFLAGS", "PY"):
        env.pop(k, None)
    env["HOME"] = str(tmp_path)
    env.update(extra)
    return env


def run_play(tmp_path, *args, answer="q\n", **env):
    return subprocess.run([sys.executable, PLAY] + list(args), input=answer, text=True,
                          capture_output=True, timeout=120, env=player_env(tmp_path, **env))


def noise(text):
    return [line for line in text.splitlines() if any(n in line for n in NOISE)]


# ----- make play: options ---------------------------------------------------------------


def test_an_unknown_option_gets_one_line_that_says_what_to_type(tmp_path):
    r = run_play(tmp_path, "--bogus", MAKELEVEL="1")
    assert r.returncode == 2
    assert r.stdout.strip().splitlines() == [
        '--bogus is not an option of the game: make play ARGS="--help" lists them.']
    assert r.stderr == ""
    # a word no option takes, after a terminal-game option with its value
    r = run_play(tmp_path, "--players", "3", "hard")
    assert r.returncode == 2
    assert r.stdout.strip().splitlines() == [
        "hard is not an option of the game: python tools/pc/play.py --help lists them."]
    # in the language asked for
    r = run_play(tmp_path, "--lang=fr", "--bogus")
    assert r.stdout.startswith("--bogus n'est pas une option du jeu")


def test_options_are_told_apart_as_argparse_would():
    import play
    assert play.unknown_argument(["--players", "3", "--new", "--level=hard"]) is None
    assert play.unknown_argument(["--play", "3"]) is None  # a beginning of --players
    assert play.unknown_argument(["--seed", "-1"]) is None  # a value, not an option
    assert play.unknown_argument(["--s", "1"]) == "--s"  # --seed, --save, --stakes...
    assert play.unknown_argument(["--new", "7"]) == "7"  # --new takes no value
    assert play.unknown_argument(["--bogus=3"]) == "--bogus"


def test_help_is_the_players(tmp_path):
    r = run_play(tmp_path, "--help", MAKELEVEL="1")
    assert r.returncode == 0 and r.stderr == ""
    out = r.stdout
    for what in ("make play", "In the window:", "Esc: quit", "F1 or H: these keys",
                 "In the terminal:", "--lang CODE", "--terminal", "--window", "--scale N",
                 'make play ARGS="--terminal --help"'):
        assert what in out, what
    assert "python tools/pc/play.py [--terminal" not in out  # the developer's docstring
    assert "--headless" not in out and "--frames" not in out  # for checks, not players


@pytest.mark.parametrize("code", CODES)
def test_help_reads_in_every_language_within_79_columns(code):
    import play
    text = play.player_help(play.words(["--lang", code]))
    assert max(len(line) for line in text.splitlines()) <= play.WIDTH
    assert 'make play ARGS="--terminal --help"' in text  # never cut inside a command
    if code == "fr":
        assert "Dans la fenêtre :" in text


def _fake_terminal_game(monkeypatch):
    import types
    calls = []
    fake = types.ModuleType("terminal_game")
    fake.main = lambda argv=None: calls.append(argv) or 0
    monkeypatch.setitem(sys.modules, "terminal_game", fake)
    return calls


def test_a_terminal_option_is_named_and_lang_is_not_blamed(monkeypatch, capsys):
    import play
    calls = _fake_terminal_game(monkeypatch)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("MAKELEVEL", raising=False)
    for argv in (["--lang", "fr", "--players", "3"], ["--lang=fr", "--players", "3"]):
        assert play.main(argv) == 0
        out = capsys.readouterr().out
        assert out.startswith("--players est une option du jeu en terminal"), out
        assert "--lang" not in out
    assert calls == [["--lang", "fr", "--players", "3"], ["--lang=fr", "--players", "3"]]


# ----- a refused --nvm FILE ---------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_a_refused_nvm_file_says_its_advice_once_in_every_language(tmp_path, code):
    """``play.py --nvm FILE`` at a player's text file, and at a folder: one line in the
    language asked for, what is there and the option to choose another, each once (it
    said "choose another file with --nvm FILE. Choose another file with --nvm FILE.")."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    folder = tmp_path / "photos"
    folder.mkdir()
    said = {}
    for path in (notes, folder):
        r = run_play(tmp_path, "--nvm", str(path), "--lang", code, DISPLAY=":4093")
        assert r.returncode == 2 and r.stdout == "", r.stdout
        lines = r.stderr.splitlines()
        assert len(lines) == 1, r.stderr
        line = said[path.name] = lines[0]
        assert line.startswith("simulator: %s " % path), line
        assert line.count("--nvm") == 1 and "--save" not in line, line
        sentences = [s.strip(" .").lower() for s in re.split(r"[.:;] ", line[len("simulator: "):])]
        assert len(sentences) == len(set(sentences)), line
    assert notes.read_text() == "mine" and os.listdir(folder) == []
    assert sorted(os.listdir(tmp_path)) == ["notes.txt", "photos"]  # nothing written beside
    if code == "en":
        assert said == {
            "notes.txt": "simulator: %s is not a match saved by this game: it is left as it "
                         "is. Choose another file with --nvm FILE." % notes,
            "photos": "simulator: %s is a folder, not a save file: it is left as it is. "
                      "Choose a file with --nvm FILE." % folder}
    else:
        assert not [line for line in said.values() if "it is left as it is" in line]
    if code == "fr":
        assert said["notes.txt"] == (
            "simulator: %s n'est pas une partie sauvegardée par ce jeu : il reste tel quel. "
            "Choisissez un autre fichier avec --nvm FICHIER." % notes)


# ----- no warnings, one line when the sound is off ---------------------------------------


def test_a_headless_run_prints_no_warnings(tmp_path):
    r = subprocess.run([sys.executable, SIMULATOR, "--headless", "--frames", "20", "--nvm",
                        str(tmp_path / "nvm.bin")], capture_output=True, text=True,
                       timeout=120, env=player_env(tmp_path))
    assert r.returncode == 0, r.stderr
    assert noise(r.stdout + r.stderr) == [] and r.stderr == ""
    assert r.stdout.startswith("Keys - Arrows: d-pad, Z or A: A (choose)")


def test_no_window_falls_back_in_one_line_without_warnings(tmp_path):
    """DISPLAY names no X server and XDG_RUNTIME_DIR is unset: SDL used to print about
    it; now only the note that says why the terminal game starts."""
    r = run_play(tmp_path, DISPLAY=":4093")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    notes = [ln for ln in r.stdout.splitlines() if "starting the terminal game" in ln]
    assert len(notes) == 1 and "no display" in notes[0], r.stdout
    assert "option" not in notes[0]
    assert noise(r.stdout) == []


def test_looking_for_an_audio_device_prints_nothing(tmp_path):
    """Without an audio device ALSA printed 16 lines while pygame.mixer looked for one."""
    code = ("import simulator; s = simulator._make_sounds(); "
            "print('sound' if s else 'no sound')")
    env = player_env(tmp_path, PYTHONPATH=os.path.join(ROOT, "tools", "pc"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, env=env)
    assert r.returncode == 0
    assert r.stdout.strip() in ("sound", "no sound") and r.stderr == ""


def test_the_window_says_once_that_the_sound_is_off(monkeypatch, capsys, tmp_path):
    import displayio
    import pygame
    import simulator
    monkeypatch.setattr(simulator, "open_window",
                        lambda scale: simulator.make_display(headless=True, strip=True))
    monkeypatch.setattr(simulator, "_make_sounds", lambda: None)
    try:
        assert simulator.main(["--frames", "2", "--nvm", str(tmp_path / "nvm.bin")]) == 0
        assert "F1" in pygame.display.get_caption()[0]
    finally:
        displayio.release_displays()
    lines = capsys.readouterr().out.splitlines()
    assert lines.count("Sound is off: no audio device was found.") == 1
    assert noise("\n".join(lines)) == []


# ----- the key map in the window --------------------------------------------------------


@pytest.fixture
def window(tmp_path):
    """A headless simulator window with the app on its title screen (fake clock)."""
    import displayio
    import simulator
    from cucumber import lang
    from cucumber.app import App
    lang.choose(0)
    simulator.use_repo_assets()
    d = simulator.make_display(headless=True, strip=True)
    hw = simulator.HostHardware(display=d, nvm=bytearray(b"\xff" * 8192), clock=1000)
    app = App(hw)
    app.step()
    d.refresh()
    yield d, hw, app
    displayio.release_displays()


def press(hw, *names):
    import pygame
    hw.advance(500)  # past the app's guard after a screen change
    for name in names:
        key = getattr(pygame, "K_" + name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, scancode=0,
                                             unicode=name if len(name) == 1 else ""))


def dark_share(display):
    """The share of the 160x128 screen's pixels that are nearly black."""
    import numpy
    import pygame
    px = pygame.surfarray.array3d(display._pygame_screen)[:160, :128, :]
    return float(numpy.mean(px.max(axis=2) < 40))


def screen_name(app):
    return type(app.screen).__name__


def test_the_key_map_shows_at_start_and_f1_brings_it_back(window):
    import simulator
    d, hw, app = window
    title_dark = dark_share(d)
    kh = simulator.KeyHelp(d)
    kh.show(simulator.KeyHelp.START_S, now=0)
    assert dark_share(d) > title_dark + 0.5  # the map covers the title
    # the game waits under it: A hides the map and does not choose "New match"
    press(hw, "a")
    simulator.run(d, hw, app, frames=2, clock=lambda: 0, key_help=kh)
    assert not kh.visible and screen_name(app) == "Title"
    assert dark_share(d) == pytest.approx(title_dark, abs=0.02)  # the title, all of it
    # F1 (or H, or ?) shows it again; any key hides it
    for key in ("F1", "h"):
        press(hw, key)
        simulator.run(d, hw, app, frames=1, clock=lambda: 0, key_help=kh)
        assert kh.visible and dark_share(d) > title_dark + 0.5
        press(hw, "x")
        simulator.run(d, hw, app, frames=1, clock=lambda: 0, key_help=kh)
        assert not kh.visible and screen_name(app) == "Title"
    # with the map away, A reaches the game
    press(hw, "a")
    simulator.run(d, hw, app, frames=2, clock=lambda: 0, key_help=kh)
    assert screen_name(app) != "Title"


def test_the_key_map_at_start_goes_by_itself(window):
    import simulator
    d, hw, app = window
    kh = simulator.KeyHelp(d)
    kh.show(simulator.KeyHelp.START_S, now=100)
    simulator.run(d, hw, app, frames=1, clock=lambda: 100 + simulator.KeyHelp.START_S - 1,
                  key_help=kh)
    assert kh.visible
    simulator.run(d, hw, app, frames=1, clock=lambda: 100 + simulator.KeyHelp.START_S,
                  key_help=kh)
    assert not kh.visible


@pytest.mark.parametrize("code", CODES)
def test_the_key_map_fits_the_screen_in_every_language(code):
    import simulator
    from cucumber import lang
    lang.choose(CODES.index(code))
    try:
        lines = simulator.KeyHelp.lines()
        f = simulator.KeyHelp.font(lines)
        assert max(len(line) for line in lines) * f.w <= 160 - 2 * simulator.KeyHelp.MARGIN
        assert len(lines) * f.h <= 128
        missing = {c for line in lines for c in line if c != " " and c not in f.glyphs}
        assert not missing, missing
        for line in lines[1:-1]:
            assert ":" in line, line  # "key: what it does", the key drawn in yellow
    finally:
        lang.choose(0)


# ----- the Makefile's Python --------------------------------------------------------------


def fake_python(path, version, status=0):
    """A stand-in Python: prints ``version`` when asked for it, exits ``status``."""
    path.write_text("#!/bin/sh\ncase \"$*\" in *python_version*) echo %s;; esac\nexit %d\n"
                    % (version, status))
    path.chmod(0o755)
    return str(path)


@pytest.fixture
def makedir(tmp_path):
    """A copy of the Makefile in a folder of its own, with a .venv that is up to date
    (its python a stand-in of Python 3.11.7), so that nothing real is touched."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    d = tmp_path / "checkout"
    (d / "tools").mkdir(parents=True)
    shutil.copy(os.path.join(ROOT, "Makefile"), d / "Makefile")
    for name in ("requirements-play.txt", "requirements-dev.txt"):
        (d / name).write_text("")
    (d / ".venv" / "bin").mkdir(parents=True)
    fake_python(d / ".venv" / "bin" / "python", "3.11.7")
    os.utime(d / "requirements-play.txt", (1, 1))
    os.utime(d / "requirements-dev.txt", (1, 1))
    for stamp in (".installed-play", ".installed"):
        (d / ".venv" / stamp).write_text("")
    return d


def make(d, *args):
    return subprocess.run(["make", "--no-print-directory", "-C", str(d)] + list(args),
                          capture_output=True, text=True, timeout=60,
                          env=player_env(d.parent))


def test_make_says_which_python_the_venv_holds_when_py_differs(makedir):
    other = fake_python(makedir.parent / "python3.12", "3.12.1")
    same = fake_python(makedir.parent / "python3.11", "3.11.7")
    r = make(makedir, "play", "PY=" + other)
    assert r.returncode == 0, r.stderr
    notes = [ln for ln in r.stdout.splitlines() if ln.startswith("Note:")]
    assert notes == ["Note: .venv/ holds Python 3.11.7 and keeps it, so PY=%s (Python 3.12.1)"
                     " is not used: make clean, then make PY=%s play, to change it."
                     % (other, other)]
    for args in (("play", "PY=" + same), ("play",)):
        r = make(makedir, *args)
        assert r.returncode == 0 and "Note:" not in r.stdout, r.stdout


def test_a_python_that_cannot_run_is_one_clean_line(makedir):
    """A pyenv shim of a version pyenv has not selected prints a page of advice; the
    check says one line."""
    shutil.rmtree(makedir / ".venv")
    shim = makedir.parent / "python3.9"
    shim.write_text("#!/bin/sh\necho \"pyenv: python3.9: command not found\" >&2\necho >&2\n"
                    "echo \"The \\`python3.9' command exists in these Python versions:\" >&2\n"
                    "echo \"  3.9.18\" >&2\nexit 127\n")
    shim.chmod(0o755)
    for py, says in ((str(shim), "pyenv: python3.9: command not found"),
                     ("no-such-python-here", "not installed"),
                     (fake_python(makedir.parent / "py36", "3.6.15", status=1), "")):
        r = make(makedir, "play", "PY=" + py)
        assert r.returncode != 0
        lines = [ln for ln in r.stderr.splitlines() if not ln.startswith("make")]
        assert len(lines) == 1, r.stderr
        assert lines[0].startswith("Python 3.11 or newer is needed; %s: " % py)
        assert says in lines[0]
        assert not (makedir / ".venv").exists()


def test_make_play_adds_nothing_under_a_refused_command_line(makedir):
    for status, ok in ((2, True), (1, False), (0, True)):
        fake_python(makedir / ".venv" / "bin" / "python", "3.11.7", status=status)
        r = make(makedir, "play")
        assert (r.returncode == 0) == ok
        assert ("Error" in r.stderr) == (not ok), r.stderr


# ----- make bundle, and the bundle's README ----------------------------------------------


def test_make_bundle_prints_what_a_person_reads(tmp_path, capsys):
    import build
    dist = tmp_path / "dist"
    assert build.main(["--zip", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert not [ln for ln in out if ln.startswith("{")]  # no JSON for people
    zips = [ln for ln in out if ".zip" in ln]
    assert len(zips) == len(build.ZIPS)
    for line, (series, needs) in zip(zips, build.ZIPS):
        path = line.split()[0]
        assert os.path.exists(path) and path.endswith("circuitpython-%s.zip" % series)
        kb = -(-os.path.getsize(path) // 1024)
        assert line.endswith("%s KB, for %s" % (format(kb, ","), needs)), line
    # the figures for machines: behind --json
    assert build.main(["--zip", "--dist", str(dist), "--json", "--quiet"]) == 0
    assert capsys.readouterr().out == ""
    assert build.main(["--zip", "--dist", str(dist), "--json"]) == 0
    rows = [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("{")]
    assert [r["circuitpython"] for r in rows] == [s for s, _ in build.ZIPS]


def test_the_readme_says_what_is_known_of_each_board_and_of_the_first_start():
    import build
    text = build.readme_text("9.9.9", "10.x", "CircuitPython 10").replace("\r\n", "\n")
    flat = " ".join(text.split())
    assert "The title screen appears" not in flat
    assert text.splitlines()[1] == "Adafruit PyBadge and PyGamer"  # the boards it is for
    assert "PyBadge LC and the EdgeBadge" in flat and "nobody has tried it on either" in flat
    assert "not yet on a real one" in flat
    for shown in ("CircuitPython's own text", "New match", "Settings > Language",
                  "has not been timed on a board", "boot_out.txt"):
        assert shown in flat, shown


# ----- docs -----------------------------------------------------------------------------


def test_bots_md_quotes_what_the_arena_prints(capsys):
    """docs/BOTS.md's "0 fallback cards of N" is what its own command prints today."""
    import re

    import arena
    with open(os.path.join(ROOT, "docs", "BOTS.md"), encoding="utf-8") as f:
        doc = f.read()
    command = re.search(r"python tools/measure/arena\.py (--bots \S+)\n", doc).group(1).split()
    quoted = re.search(r'"(bot\.py: 0 fallback cards of [\d,]+)"', doc).group(1)
    cwd = os.getcwd()
    os.chdir(ROOT)  # the doc's command runs from the repository folder
    try:
        arena.main(command + ["--jobs", "1"])
    finally:
        os.chdir(cwd)
    assert quoted in capsys.readouterr().out.splitlines()
