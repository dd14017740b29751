"""The languages' files: every key in every language, in English's order, with the same
placeholders; no English left over; no key unused; every character drawable; and each
module's named constants match the keys of the sections it shows (cucumber.lang)."""

import glob
import os
import re
import struct

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT = os.path.join(ROOT, "lib", "cucumber", "text")
CODES = ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi")
SOURCES = (sorted(glob.glob(os.path.join(ROOT, "lib", "cucumber", "*.py")))
           + sorted(glob.glob(os.path.join(ROOT, "engine", "*.py")))
           + sorted(glob.glob(os.path.join(ROOT, "tools", "*", "*.py"))))
PLACEHOLDER = re.compile(r"%[-0-9]*[sdr%]")
BLOCK = re.compile(r"^# words: (\w+)\s*$")
CONST = re.compile(r"^_([A-Z0-9_]+) = const\((\d+)\)")


def parse(path):
    """([(key, text)], keys marked as the same as English) of one section file."""
    pairs = []
    same = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.startswith("# same:"):
                same.update(line[len("# same:"):].split())
            if line.startswith("#") or " = " not in line:
                continue
            k, t = line.split(" = ", 1)
            pairs.append((k, t))
    return pairs, same


def sections():
    return sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(TEXT, "en", "*.txt")))


def uses():
    """{section: [(module path, [(NAME, value)])]} from every "# words: <section>" block."""
    out = {}
    for path in SOURCES:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for i, line in enumerate(lines):
            m = BLOCK.match(line)
            if not m:
                continue
            names = []
            for nxt in lines[i + 1:]:
                c = CONST.match(nxt)
                if not c:
                    break
                names.append((c.group(1), int(c.group(2))))
            out.setdefault(m.group(1), []).append((path, names))
    return out


def glyphs(name):
    with open(os.path.join(ROOT, "fonts", name + ".glyphs"), "rb") as f:
        data = f.read()
    n = struct.unpack_from("<H", data, 6)[0]
    return set(chr(c) for c in struct.unpack_from("<%dH" % n, data, 8))


def test_there_are_sections():
    assert len(sections()) >= 1


@pytest.mark.parametrize("code", CODES[1:])
def test_every_language_has_every_key_in_order_with_the_same_placeholders(code):
    for sec in sections():
        path = os.path.join(TEXT, code, sec + ".txt")
        assert os.path.exists(path), "%s: no %s section" % (code, sec)
        en, _ = parse(os.path.join(TEXT, "en", sec + ".txt"))
        mine, _ = parse(path)
        assert [k for k, _ in mine] == [k for k, _ in en], "%s/%s: keys differ" % (code, sec)
        for (k, t), (_, e) in zip(mine, en):
            assert PLACEHOLDER.findall(t) == PLACEHOLDER.findall(e), (
                "%s/%s %s: placeholders %r, English has %r" % (code, sec, k, t, e))
            assert t.strip(), "%s/%s %s: empty" % (code, sec, k)
    extra = set(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(TEXT, code, "*.txt")))
    assert extra <= set(sections()), "%s: sections English has not: %s" % (code, extra)


@pytest.mark.parametrize("code", CODES[1:])
def test_no_english_left_over(code):
    """A text the same as English's is either marked "# same: key" in its file (a name,
    a number, a word both languages share) or a leftover."""
    left = []
    for sec in sections():
        en = dict(parse(os.path.join(TEXT, "en", sec + ".txt"))[0])
        mine, same = parse(os.path.join(TEXT, code, sec + ".txt"))
        for k, t in mine:
            if t == en[k] and k not in same and re.search(r"[A-Za-z]{3}", t):
                left.append("%s %s: %r" % (sec, k, t))
    assert not left, "%s: still English: %s" % (code, left)


def test_every_sections_keys_are_named_by_the_modules_that_show_it():
    used = uses()
    for sec in sections():
        keys = [k for k, _ in parse(os.path.join(TEXT, "en", sec + ".txt"))[0]]
        assert sec in used, "section %s: no module shows it (no '# words: %s')" % (sec, sec)
        for path, names in used[sec]:
            assert [n for n, _ in names] == [k.upper() for k in keys], (
                "%s: the constants of section %s are not its keys in order"
                % (os.path.relpath(path, ROOT), sec))
            assert [v for _, v in names] == list(range(len(names))), path
    for sec in used:
        assert sec in sections(), "%s is named in the code but has no file" % sec


def test_every_character_is_in_the_fonts():
    have = glyphs("small") & glyphs("medium")
    missing = {}
    for code in CODES:
        for path in glob.glob(os.path.join(TEXT, code, "*.txt")):
            for k, t in parse(path)[0]:
                for c in t:
                    if c not in have:
                        missing.setdefault(c, "%s %s %s" % (code, os.path.basename(path), k))
    assert not missing, "characters the fonts cannot draw: %r" % missing


def test_a_missing_or_damaged_file_falls_back_to_english(tmp_path, monkeypatch):
    from cucumber import lang
    (tmp_path / "en").mkdir()
    (tmp_path / "fr").mkdir()
    (tmp_path / "en" / "demo.txt").write_text("# x\none = One\ntwo = Two %d\n", encoding="utf-8")
    (tmp_path / "fr" / "demo.txt").write_text("two = Deux %d\n", encoding="utf-8")
    monkeypatch.setattr(lang, "DIR", str(tmp_path) + "/")
    monkeypatch.setattr(lang, "chosen", lang.CODES.index("fr"))
    assert lang.section("demo") == ("One", "Deux %d")
    (tmp_path / "fr" / "demo.txt").write_bytes(b"one = \xff\xfe\n")
    assert lang.section("demo") == ("One", "Two %d")
    lang.choose(lang.CODES.index("pl"))  # no Polish files at all
    assert lang.section("demo") == ("One", "Two %d")
    assert lang.text("demo", "two") == "Two %d"
    lang.choose(99)
    assert lang.code() == "en"
