"""Nothing of the player's is ever touched: every file a tool of the project writes on a
person's machine, and what each does when the path holds something the game did not
write (a folder, a text file, another program's JSON, an empty file), our own file
damaged (once, and twice in a row) and a file that cannot be read. Where the game must
not write, the folder is compared before and after, byte for byte."""

import builtins
import glob
import io
import json
import os
import re
import subprocess
import sys
import zipfile

import pytest

import build
import contact_sheet
import host_nvm
import ownfiles
import screenshots
import simulator
import term_saves
import terminal_game
from cucumber import store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Every program of tools/ that writes files, and where. A new writer must be added here
# (the test below reads the sources) and get its checks in this file.
WRITERS = {
    "term_saves.py": "the terminal game's --save FILE: the match (ownfiles envelope "
                     "'terminal-save')",
    "simulator.py": "--nvm FILE through host_nvm.py: the board's nvm ('sim-nvm')",
    "host_nvm.py": "the simulator's nvm file",
    "screenshots.py": "--out DIR: PNGs, in a folder with our marker ('screenshots')",
    "build.py": "--out DIR: the drive's files, with a marker; --zip: signed zips in "
                "--dist DIR, and dist/.gitignore when it is missing",
    "contact_sheet.py": "--out FILE.png: a PNG with our tEXt chunk",
    "make_sprites.py": "sprites/ (the repository's own), or a new/empty/marked --out DIR",
    "make_glyphs.py": "fonts/ (the repository's own), or a new/empty/marked --out DIR",
    "ownfiles.py": "the rule itself",
    "distill.py": "--out FILE: a new file, or a first-trick table it wrote (b'CUC1')",
    "build_unix32.py": "tools/rig/build/ (micropython32 and its sources: the repository's own)",
    "build_web.py": "--out DIR: the browser's site, in a new, empty or marked folder; "
                    "build/web-cache/ (the port's tarball: the repository's own)",
    # temporary folders of their own (tempfile), removed again
    "boardrig.py": "temporary drive trees", "bench.py": "temporary trees",
    "bench_ai.py": "temporary trees",
    "bench_web.py": "--raw FILE: a new file only (a path that exists is refused)",
}
_WRITES = re.compile(r"open\([^)]*[\"'][wa]b?[\"']|os\.replace\(|os\.rename\(|shutil\.rmtree\("
                     r"|makedirs\(|\.save\(|write_atomic\(|ZipFile\([^)]*[\"']w")


def test_every_tool_that_writes_files_is_listed_here():
    found = set()
    for path in sorted(glob.glob(os.path.join(ROOT, "tools", "*", "*.py"))):
        with open(path, encoding="utf-8") as f:
            if _WRITES.search(f.read()):
                found.add(os.path.basename(path))
    assert "term_saves.py" in found  # the sources were read
    unlisted = sorted(n for n in found if n not in WRITERS)
    assert unlisted == [], "tools that write files but have no checks here: %s" % unlisted


# ----- snapshots ------------------------------------------------------------------------

def snapshot(folder):
    """Every path under ``folder`` with its kind, mode and bytes."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for n in dirnames + filenames:
            p = os.path.join(dirpath, n)
            st = os.lstat(p)
            data = None if os.path.isdir(p) else io.open(p, "rb").read()  # not builtins.open
            out[os.path.relpath(p, folder)] = (st.st_mode, data)
    return out


FOREIGN = {
    "folder": None,
    "text": b"my shopping list\nmilk\n",
    "json": json.dumps({"humans": [0], "levels": ["human"], "seed": 1,
                        "theme": "dark"}).encode(),
    "empty": b"",
}


def put(path, kind):
    """Something of the player's at ``path``: a folder with a file in it, or a file."""
    if kind == "folder":
        os.mkdir(path)
        with open(os.path.join(path, "holiday.jpg"), "wb") as f:
            f.write(b"\xff\xd8 not ours")
    else:
        with open(path, "wb") as f:
            f.write(FOREIGN[kind])


@pytest.fixture
def unreadable(monkeypatch):
    """Make one path unreadable, as a file of another user's with mode 000 is (the tests
    may run as root, whom permissions do not stop, so the refusal is played here)."""
    real_open = builtins.open
    paths = set()

    def fake_open(file, *a, **k):
        if isinstance(file, (str, bytes, os.PathLike)) and os.path.abspath(file) in paths:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *a, **k)

    monkeypatch.setattr(builtins, "open", fake_open)
    return lambda p: paths.add(os.path.abspath(p))


# ----- the terminal game's save ---------------------------------------------------------

def play(args, answers=("q",)):
    said = []
    answers = list(answers)

    def ask(_text):
        if not answers:
            raise EOFError
        return answers.pop(0)

    rc = terminal_game.main(args, ask, said.append, questions=False)
    return rc, said


@pytest.mark.parametrize("kind", sorted(FOREIGN))
def test_the_terminal_game_refuses_a_save_path_it_did_not_write(tmp_path, kind):
    path = str(tmp_path / "notes.sav")
    put(path, kind)
    before = snapshot(tmp_path)
    for extra in ([], ["--new"]):  # --new does not make it ours either
        rc, said = play(["--seed", "1", "--save", path] + extra)
        assert rc == 2 and len(said) == 1
        assert said[0].startswith(path + " is ") and "--save FILE" in said[0]
        assert snapshot(tmp_path) == before


def test_the_terminal_game_keeps_two_damaged_saves_without_losing_the_first(tmp_path):
    path = str(tmp_path / "g.sav")
    damaged = []
    for i in range(2):
        assert play(["--seed", str(i + 1), "--save", path], ["1", "q"])[0] == 0
        good = open(path, "rb").read()
        bad = good.replace(b'"seed"', b'"Seed"')  # one letter changed: the check fails
        open(path, "wb").write(bad)
        damaged.append(bad)
        rc, said = play(["--seed", "5", "--save", path])
        assert rc == 0 and "kept as %s" % (path + (".bad" if i == 0 else ".bad2")) in said[0]
    assert open(path + ".bad", "rb").read() == damaged[0]
    assert open(path + ".bad2", "rb").read() == damaged[1]
    assert ownfiles.unwrap(term_saves.SAVE_KIND, open(path, "rb").read())  # a new save


def test_the_terminal_game_says_an_unreadable_save_is_unreadable(tmp_path, unreadable):
    path = str(tmp_path / "g.sav")
    assert play(["--seed", "1", "--save", path], ["1", "q"])[0] == 0
    before = snapshot(tmp_path)
    unreadable(path)
    rc, said = play(["--save", path])
    assert rc == 2 and said == [
        "%s cannot be read (Permission denied): it is left as it is. Fix its permissions, "
        "or play with --save FILE to use another file." % path]
    assert snapshot(tmp_path) == before


def test_the_terminal_game_continues_a_save_of_the_earlier_format(tmp_path):
    path = str(tmp_path / "g.sav")
    assert play(["--seed", "3", "--save", path], ["1", "q"])[0] == 0
    record = json.loads(ownfiles.unwrap(term_saves.SAVE_KIND, open(path, "rb").read()))
    del record["challenge"], record["setup"]  # (its match had no code then)
    open(path, "wb").write(json.dumps(record).encode())  # as that version wrote it: bare JSON
    rc, said = play(["--save", path], ["y", "1", "q"])  # continued, and a card played
    assert rc == 0 and any(line.startswith("Continuing") for line in said)
    assert ownfiles.signed(term_saves.SAVE_KIND, open(path, "rb").read())


def test_the_terminal_game_never_writes_over_a_neighbour_named_like_its_temporary(tmp_path):
    path = str(tmp_path / "g.sav")
    open(path + ".tmp", "w").write("somebody's")
    assert play(["--seed", "1", "--save", path], ["1", "q"])[0] == 0
    assert open(path + ".tmp").read() == "somebody's"
    assert sorted(os.listdir(tmp_path)) == ["g.sav", "g.sav.tmp"]


def test_the_terminal_game_stops_saving_when_something_else_takes_the_path(tmp_path):
    path = str(tmp_path / "g.sav")
    said = []
    answers = ["1", "1"]

    def ask(_text):
        if len(answers) == 1:
            open(path, "w").write("mine now")  # another program writes there mid-match
        if answers:
            return answers.pop(0)
        raise EOFError

    terminal_game.main(["--seed", "1", "--save", path], ask, said.append, questions=False)
    assert open(path).read() == "mine now"
    assert any("is not a match saved by this game" in line for line in said)


# ----- the simulator's nvm file ---------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(FOREIGN) + ["random8k"])
def test_the_simulator_refuses_an_nvm_path_it_did_not_write(tmp_path, kind, capsys):
    path = str(tmp_path / "saves.bin")
    if kind == "random8k":  # the nvm's very size, but no record of the board's store
        open(path, "wb").write(bytes(range(256)) * 32)
    else:
        put(path, kind)
    before = snapshot(tmp_path)
    with pytest.raises(SystemExit) as e:
        simulator.open_nvm(path)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and path in err[0] and err[0].count("--nvm ") == 1
    assert snapshot(tmp_path) == before


def test_the_simulator_says_an_unreadable_nvm_file_is_unreadable(tmp_path, unreadable,
                                                                  capsys):
    path = str(tmp_path / "sim_nvm.bin")
    store.Store(simulator.open_nvm(path)).put(store.SETTINGS, b"x")
    before = snapshot(tmp_path)
    unreadable(path)
    with pytest.raises(SystemExit):
        simulator.open_nvm(path)
    assert "cannot be read (Permission denied)" in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_simulator_keeps_damaged_saves_aside_twice_and_starts_fresh(tmp_path, capsys):
    path = str(tmp_path / "sim_nvm.bin")
    kept = []
    for i in range(2):
        st = store.Store(simulator.open_nvm(path))
        st.put(store.MATCH, b"match %d" % i)
        data = bytearray(open(path, "rb").read())
        data[100] ^= 0xFF  # a byte of our own file changed
        open(path, "wb").write(data)
        kept.append(bytes(data))
        nvm = simulator.open_nvm(path)
        assert store.Store(nvm).get(store.MATCH) is None  # a fresh start, no traceback
        assert nvm.kept_aside == path + (".bad" if i == 0 else ".bad2")
        assert "were damaged: kept as %s" % nvm.kept_aside in capsys.readouterr().out
    assert open(path + ".bad", "rb").read() == kept[0]
    assert open(path + ".bad2", "rb").read() == kept[1]


def test_the_simulator_continues_an_nvm_image_of_the_earlier_format(tmp_path):
    path = str(tmp_path / "sim_nvm.bin")
    raw = bytearray(b"\xff" * 8192)
    store.Store(raw).put(store.MATCH, b"old match")
    open(path, "wb").write(raw)  # the earlier version kept the bare image
    nvm = simulator.open_nvm(path)
    assert store.Store(nvm).get(store.MATCH) == b"old match"
    store.Store(nvm).put(store.SETTINGS, b"s")
    assert host_nvm.ownfiles.signed(host_nvm.KIND, open(path, "rb").read())


def test_the_simulator_refuses_before_opening_its_window(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "pc", "simulator.py"),
                        "--headless", "--frames", "1", "--nvm", str(path)],
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr == ("simulator: %s is not a match saved by this game: it is left as it "
                        "is. Choose another file with --nvm FILE.\n" % path)
    assert path.read_text() == "mine" and sorted(os.listdir(tmp_path)) == ["notes.txt"]


# ----- screenshots, the contact sheet, the build and the zips ---------------------------

@pytest.mark.parametrize("kind", ["folder", "text"])
def test_screenshots_refuse_a_folder_that_is_not_theirs(tmp_path, kind, capsys):
    out = str(tmp_path / "pictures")
    if kind == "folder":
        put(out, "folder")  # a folder of the player's, with a photo in it
    else:
        put(out, "text")  # a file where the folder would be
    before = snapshot(tmp_path)
    assert screenshots.main(["--out", out]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and out in err[0] and "--out DIR" in err[0]
    assert snapshot(tmp_path) == before


def test_screenshots_write_into_their_own_folder_again(tmp_path):
    out = str(tmp_path / "shots")
    listed = ownfiles.claim_folder(out, screenshots.SHOTS_KIND, "--out DIR")
    path = ownfiles.may_write_in(out, "01_title.png", listed)
    open(path, "wb").write(b"x")
    ownfiles.record_folder(out, screenshots.SHOTS_KIND, ["01_title.png"])
    open(os.path.join(out, "mine.txt"), "w").write("mine")  # the player adds a file
    again = ownfiles.claim_folder(out, screenshots.SHOTS_KIND, "--out DIR")
    assert again == ["01_title.png"]  # ours again: 01_title.png may be written over
    with pytest.raises(ownfiles.NotOurs):
        ownfiles.may_write_in(out, "mine.txt", again)  # but never the player's file


@pytest.mark.parametrize("kind", sorted(FOREIGN) + ["png"])
def test_the_contact_sheet_refuses_a_file_it_did_not_write(tmp_path, kind, capsys):
    out = str(tmp_path / "sheet.png")
    if kind == "png":  # somebody's picture, a real PNG without our mark
        open(out, "wb").write(ownfiles.PNG_SIGNATURE + b"\x00\x00\x00\x0dIHDR" + bytes(17))
    else:
        put(out, kind)
    before = snapshot(tmp_path)
    assert contact_sheet.main(["--out", out]) == 2
    assert out in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_committed_contact_sheet_is_ours():
    with open(os.path.join(ROOT, "docs", "screenshots", "languages.png"), "rb") as f:
        assert ownfiles.png_is_ours(f.read())


@pytest.mark.parametrize("kind", ["folder", "text"])
def test_the_build_refuses_a_folder_that_is_not_an_earlier_build(tmp_path, kind, capsys):
    out = str(tmp_path / "CIRCUITPY")
    put(out, kind)
    before = snapshot(tmp_path)
    assert build.main(["--out", out, "--quiet"]) == 2
    assert out in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_build_leaves_a_file_the_player_added_to_an_earlier_build(tmp_path, capsys):
    out = str(tmp_path / "CIRCUITPY")
    assert build.main(["--out", out, "--quiet"]) == 0
    open(os.path.join(out, "settings.toml"), "w").write("CIRCUITPY_WIFI_SSID = 'home'\n")
    before = snapshot(tmp_path)
    assert build.main(["--out", out, "--quiet"]) == 2
    assert "holds settings.toml, which the build did not write" in capsys.readouterr().err
    assert snapshot(tmp_path) == before
    os.remove(os.path.join(out, "settings.toml"))
    assert build.main(["--out", out, "--quiet"]) == 0  # an earlier build is rebuilt


@pytest.mark.parametrize("kind", sorted(FOREIGN) + ["zip"])
def test_the_zips_never_replace_a_file_the_build_did_not_write(tmp_path, kind, capsys):
    dist = tmp_path / "dist"
    dist.mkdir()
    path = str(dist / (build.zip_name(build.read_version(ROOT), build.ZIPS[0][0]) + ".zip"))
    if kind == "zip":  # another program's zip of the same name
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("letter.txt", "dear ...")
    else:
        put(path, kind)
    before = snapshot(tmp_path)
    assert build.main(["--zip", "--dist", str(dist), "--quiet"]) == 2
    assert path in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_zips_are_signed_and_written_again(tmp_path):
    dist = str(tmp_path / "dist")
    assert build.main(["--zip", "--dist", dist, "--quiet"]) == 0
    zips = sorted(n for n in os.listdir(dist) if n.endswith(".zip"))
    assert len(zips) == len(build.ZIPS)
    assert all(ownfiles.zip_is_ours(os.path.join(dist, n)) for n in zips)
    assert build.main(["--zip", "--dist", dist, "--quiet"]) == 0  # ours: replaced
    assert sorted(os.listdir(dist)) == sorted(zips + [".gitignore"])


# ----- the rule itself -------------------------------------------------------------------

def test_an_envelope_sees_every_single_bit_flip_and_every_truncation():
    data = ownfiles.wrap("terminal-save", b'{"a": 1}')
    assert ownfiles.unwrap("terminal-save", data) == b'{"a": 1}'
    for i in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[i // 8] ^= 1 << (i % 8)
        with pytest.raises((ownfiles.NotOurs, ownfiles.Damaged, ownfiles.Newer)):
            ownfiles.unwrap("terminal-save", bytes(flipped))
    for n in range(len(data)):
        with pytest.raises((ownfiles.NotOurs, ownfiles.Damaged)):
            ownfiles.unwrap("terminal-save", data[:n])


def test_a_newer_version_is_named_as_newer():
    body = b"CUCUMBER terminal-save 9\n{}"
    data = body + b"\nCRC32 %08x\n" % (__import__("zlib").crc32(body) & 0xFFFFFFFF)
    with pytest.raises(ownfiles.Newer):
        ownfiles.unwrap("terminal-save", data)


def test_keeping_aside_never_replaces_an_earlier_copy(tmp_path):
    path = str(tmp_path / "f")
    for i in range(4):
        open(path, "w").write(str(i))
        ownfiles.keep_aside(path)
    assert [open(str(tmp_path / n)).read() for n in ("f.bad", "f.bad2", "f.bad3", "f.bad4")
            ] == ["0", "1", "2", "3"]
    assert not os.path.exists(path)


@pytest.mark.parametrize("tool, made, committed", [
    ("make_sprites", "cards.bmp", os.path.join("sprites", "cards.bmp")),
    ("make_glyphs", "small.glyphs", os.path.join("fonts", "small.glyphs")),
])
@pytest.mark.parametrize("kind", ["folder", "text"])
def test_asset_tools_refuse_a_folder_that_is_not_their_own(tmp_path, kind, tool, made,
                                                           committed, capsys):
    main = __import__(tool).main
    out = str(tmp_path / "art")
    put(out, kind)
    before = snapshot(tmp_path)
    assert main(["--out", out]) == 2
    assert out in capsys.readouterr().err
    assert snapshot(tmp_path) == before
    fresh = str(tmp_path / "new")
    assert main(["--out", fresh]) == 0
    assert main(["--out", fresh]) == 0  # its own folder: written again
    with open(os.path.join(fresh, made), "rb") as f, \
            open(os.path.join(ROOT, committed), "rb") as g:
        assert f.read() == g.read()


# ----- the browser's site (tools/drive/build_web.py) ---------------------------------

@pytest.mark.parametrize("kind", sorted(FOREIGN))
def test_the_web_build_never_touches_a_folder_that_is_not_its_own(tmp_path, kind, capsys):
    import build_web
    out = tmp_path / "site"
    if kind == "folder":
        out.mkdir()
        put(str(out / "mine"), "folder")
    else:
        put(str(out), kind)
    before = snapshot(str(tmp_path))
    assert build_web.main(["--out", str(out), "--quiet"]) == 2
    assert snapshot(str(tmp_path)) == before
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "choose another --out" in err
