"""What a released project carries, as a packager or a player finds it: a LICENSE at the
top (MIT) that pyproject.toml names and the browser's licence page starts with. The zips'
own LICENSE.txt: host_tests/test_bundle.py."""

import html
import os
import re
import tomllib

from packaging.licenses import canonicalize_license_expression

import build_web

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
