"""What a released project carries, as a packager or a player finds it: a LICENSE at the
top (MIT) that pyproject.toml names and the browser's licence page starts with, and one
version, lib/cucumber/version.py's, which the title shows, the zips are named with,
pyproject.toml repeats and CHANGELOG.md's newest version is (the changelog newest first,
in players' words). The zips' own LICENSE.txt: host_tests/test_bundle.py."""

import html
import os
import re
import tomllib

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import displayio  # noqa: E402
from packaging.licenses import canonicalize_license_expression  # noqa: E402

import build  # noqa: E402
import build_web  # noqa: E402
from screenshots import Driver  # noqa: E402
from cucumber import ui  # noqa: E402
from cucumber.version import VERSION  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPYRIGHT = "Copyright (c) 2026 The Cucumber for CircuitPython handhelds authors"


def read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


def project():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


# ----- the licence -----------------------------------------------------------------------


def test_the_licence_is_mit_with_the_projects_copyright():
    text = read("LICENSE")
    lines = text.splitlines()
    assert lines[0] == "The MIT License (MIT)"
    assert lines[2] == COPYRIGHT
    flat = " ".join(text.split())
    for words in ("Permission is hereby granted, free of charge, to any person obtaining a "
                  "copy of this software",
                  "The above copyright notice and this permission notice shall be included "
                  "in all copies or substantial portions of the Software.",
                  'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND'):
        assert words in flat, words
    # the fonts keep their own (public domain), beside them
    assert "public domain" in read(os.path.join("fonts", "LICENSE.txt"))


def test_pyproject_names_the_licence_as_pep_639_says():
    p = project()
    assert canonicalize_license_expression(p["license"]) == "MIT"
    assert p["license-files"] == ["LICENSE"]
    assert os.path.isfile(os.path.join(ROOT, "LICENSE"))


def test_the_browsers_licence_page_starts_with_the_games_licence():
    page = build_web.licences_html()
    sections = re.findall(r"<h2>(.*?)</h2>\s*<pre>(.*?)</pre>", page, re.S)
    assert len(sections) == 3
    title, text = sections[0]
    assert "Cucumber" in title and "MIT" in title
    assert html.unescape(text) == read("LICENSE")
    assert "MicroPython" in sections[1][0] and "fonts" in sections[2][0]
    assert html.unescape(sections[2][1]) == read(os.path.join("fonts", "LICENSE.txt"))


# ----- one version -----------------------------------------------------------------------


def changelog_sections():
    """[(heading, text)] of CHANGELOG.md's ``## `` sections, in order."""
    parts = re.split(r"^## (.+)$", read("CHANGELOG.md"), flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def as_tuple(version):
    return tuple(int(n) for n in version.split("."))


def title_version():
    """The version the title screen shows (its "v..." label)."""
    d = Driver(seed=1)
    d.step(2)
    assert d.name() == "title"
    stack, texts = [d.screen.group], []
    while stack:
        g = stack.pop()
        if isinstance(g, ui.Text):
            texts.append(g.text)
        elif isinstance(g, displayio.Group):
            stack.extend(g[i] for i in range(len(g)))
    shown = [t[1:] for t in texts if re.fullmatch(r"v\d+\.\d+\.\d+", t)]
    assert len(shown) == 1, texts
    return shown[0]


def test_the_title_the_zips_the_changelog_and_pyproject_say_one_version(tmp_path):
    headings = [h for h, _text in changelog_sections() if h != "Unreleased"]
    newest = headings[0]
    assert title_version() == VERSION == newest
    assert build.read_version() == VERSION
    assert project()["version"] == VERSION  # the copy a packaging tool reads
    dist = tmp_path / "dist"
    assert build.main(["--zip", "--dist", str(dist), "--quiet"]) == 0
    assert sorted(os.listdir(dist)) == [".gitignore"] + sorted(
        "cucumber-%s-circuitpython-%s.zip" % (newest, series) for series, _ in build.ZIPS)


def test_the_changelog_is_newest_first_in_players_words():
    sections = changelog_sections()
    headings = [h for h, _text in sections]
    assert "0.1.0" in headings
    if "Unreleased" in headings:
        assert headings[0] == "Unreleased"  # what has come since the newest version
    versions = [as_tuple(h) for h in headings if h != "Unreleased"]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    for heading, text in sections:
        assert re.search(r"^- ", text, re.M), "%s says what it brought" % heading
        # what a player meets, not how the code does it
        for word in ("heap", "pystack", "lib/", "engine/", "refactor", "stub", "commit"):
            assert word not in text.lower(), (heading, word)
    # the browser's game came after 0.1.0
    first = headings.index("0.1.0")
    assert "browser" not in sections[first][1]
    assert [h for h, text in sections[:first] if "Play it in a browser" in text]
