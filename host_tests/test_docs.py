"""The front door: README.md as a newcomer reads it, and the links of every document.

- the README's one picture is the handheld's screen at a true 2x (320 x 256, every 2 x 2
  block of pixels one colour: nearest neighbour, not a smoothed stretch);
- the README is at most 1,800 words (``len(text.split())`` on the markdown), its
  sections in the order a reader needs them, with no commit hashes and no issue numbers
  (history belongs to git, not to the front door);
- every relative link of README.md and docs/*.md reaches a file that exists, and an
  anchor that its heading makes (GitHub's rules).
"""

import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
DOCS = os.path.join(ROOT, "docs")

# The README's sections, in order (its ## headings; each must contain its words).
SECTIONS = ("Play it on a PC", "Play it in a browser", "Put it on a board", "Controls",
            "The rules", "A table of friends", "In the classroom", "Languages",
            "Where to go next")
MAX_WORDS = 1800
# Every document of docs/ (FIGURES.md holds current figures only; history is git's): no
# commit hashes, no issue numbers there either.
READER_DOCS = ("PLATFORM.md", "CLASSROOM.md", "BOTS.md", "LANGUAGES.md", "DEVELOPING.md",
               "AI.md", "FIGURES.md")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def without_code(text):
    """``text`` without fenced code blocks and inline code (links there are not links)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def links(text):
    """Every link target of a markdown text: [..](target), ![..](target), <img src>,
    <a href>."""
    text = without_code(text)
    found = re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text)
    found += re.findall(r"<(?:img|a)\b[^>]*?\b(?:src|href)=\"([^\"]+)\"", text)
    return found


def images(text):
    text = without_code(text)
    return (re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)
            + re.findall(r"<img\b[^>]*?\bsrc=\"([^\"]+)\"", text))


def anchors(text):
    """The anchors GitHub makes of a markdown file's headings: the heading's text without
    its markup, lower case, every character but letters, digits, spaces, '-' and '_'
    dropped, spaces made '-'; a repeated one gets -1, -2 ..."""
    seen = {}
    out = set()
    body = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    for m in re.finditer(r"^#{1,6}\s+(.*?)\s*#*\s*$", body, flags=re.M):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))  # a link: its text
        title = re.sub(r"<[^>]+>", "", title).replace("`", "")
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else "%s-%d" % (slug, n))
    return out


def markdown_files():
    files = [README] + sorted(os.path.join(DOCS, f) for f in os.listdir(DOCS)
                              if f.endswith(".md"))
    return files


def test_github_anchors_are_made_as_github_makes_them():
    text = ("# Figures\n## Strength (duplicate arena, `python tools/arena.py`)\n"
            "## Memory and pystack\n### Bundle\n### Bundle\n```\n# not a heading\n```\n")
    assert anchors(text) == {"figures", "strength-duplicate-arena-python-toolsarenapy",
                             "memory-and-pystack", "bundle", "bundle-1"}


def test_the_readme_picture_is_the_screen_at_a_true_2x():
    from PIL import Image
    shown = images(read(README))
    assert len(shown) == 1, shown  # one picture on the front door
    path = os.path.join(ROOT, shown[0])
    with Image.open(path) as img:
        assert img.size == (320, 256)  # the 160 x 128 screen, twice
        px = img.convert("RGB").load()
        for y in range(0, 256, 2):
            for x in range(0, 320, 2):
                c = px[x, y]
                assert px[x + 1, y] == c and px[x, y + 1] == c and px[x + 1, y + 1] == c, \
                    "the 2 x 2 block at (%d, %d) is not one colour" % (x, y)
        assert len(img.convert("RGB").getcolors(1 << 16)) > 8  # a screen, not a blank


def test_the_readme_is_short_enough_to_read():
    words = len(read(README).split())
    assert words <= MAX_WORDS, "README.md has %d words, at most %d" % (words, MAX_WORDS)


def test_the_readme_sections_come_in_the_readers_order():
    text = read(README)
    headings = re.findall(r"^## (.+)$", without_code(text), flags=re.M)
    assert tuple(headings) == SECTIONS
    # what the game is, and its picture, before the first section
    first = text.index("\n## ")
    assert images(text[:first]), "the picture comes first, with what the game is"
    # the two commands of "Play it on a PC"
    pc = text[text.index("## " + SECTIONS[0]):text.index("## " + SECTIONS[1])]
    assert "make play" in pc and "make test" in pc
    # the command that builds and serves the browser's game
    web = text[text.index("## " + SECTIONS[1]):text.index("## " + SECTIONS[2])]
    assert "make web-serve" in web and "static" in web
    # the four steps from the zip
    board = text[text.index("## " + SECTIONS[2]):text.index("## " + SECTIONS[3])]
    assert ".zip" in board
    assert re.findall(r"^(\d)\. ", board, flags=re.M) == ["1", "2", "3", "4", "5"]
    assert "Board check" in board  # the fifth: the first board reports itself
    # the full rules, and the figures of each level's strength, one link away
    rules = text[text.index("## " + SECTIONS[4]):text.index("## " + SECTIONS[5])]
    assert "engine/RULES.md" in links(rules)
    assert "docs/FIGURES.md#strength" in links(rules)


@pytest.mark.parametrize("name", ["README.md"] + list(READER_DOCS))
def test_no_commit_hashes_or_issue_numbers(name):
    path = README if name == "README.md" else os.path.join(DOCS, name)
    if not os.path.exists(path):
        pytest.skip("%s is not written yet" % name)
    text = read(path)
    hashes = [w for w in re.findall(r"\b[0-9a-f]{7,40}\b", text)
              if re.search(r"[a-f]", w) and re.search(r"\d", w)]
    assert not hashes, "%s names commits: %s" % (name, hashes)
    issues = re.findall(r"\bissues? #?\d+|(?<![\w/&])#\d+\b", text, flags=re.I)
    assert not issues, "%s names issues: %s" % (name, issues)


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: os.path.relpath(p, ROOT))
def test_every_relative_link_reaches_a_file_and_its_anchor(path):
    text = read(path)
    broken = []
    for target in links(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, flags=re.I):
            continue  # https:, mailto: ... not ours to check
        file_part, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) \
            if file_part else path
        if not os.path.exists(dest):
            broken.append("%s: no such file" % target)
            continue
        if anchor and dest.endswith(".md") and anchor not in anchors(read(dest)):
            broken.append("%s: no such heading in %s" % (target, os.path.relpath(dest, ROOT)))
    assert not broken, "\n".join(broken)


def test_every_document_of_docs_is_checked_above():
    found = sorted(n for n in os.listdir(os.path.join(ROOT, "docs")) if n.endswith(".md"))
    assert found == sorted(READER_DOCS)
