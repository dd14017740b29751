"""The chosen language's words: every text the game shows, read from a small file per
screen when that screen opens.

The texts live in ``lib/cucumber/text/<code>/<section>.txt`` (UTF-8): one ``key = text``
line each, ``#`` comments and blank lines ignored. ``section(name)`` gives a section's
texts as a tuple in the file's order, and the module that shows them names each one by
an underscore constant in that same order::

    _NEW_MATCH = const(0)   # [title] new_match
    words = lang.section("title")
    words[_NEW_MATCH]       # "Nouvelle partie"

``host_tests/test_lang.py`` checks that every language has the same keys in the same
order as English and that each module's constants match its sections' keys.
docs/LANGUAGES.md says how to write a section and which words each language uses for
the game's terms.

Why files and not a module of strings per language: a string of up to 10 characters in
a module's bytecode is interned for good when the module loads, and the longer ones
stay on the heap as long as the module does (the table's and the app's for a whole
match). Read from a file, only the open screen's texts are in RAM, and only those of the
chosen language. A missing or damaged file, or a missing line, falls back to English
(an English file missing is a broken copy of the game: the crash screen says which).
"""

from engine.compat import const

# The languages, in the order of the Settings line; the index is what the SETTINGS
# record keeps. Each name is written in its own language.
CODES = ("en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi")
# One string, not a tuple of nine: only the Settings screen needs them (name(i));
# measured on micropython32, the tuple cost 336 bytes of this always-loaded module.
NAMES = "English|Portugu\u00eas|Fran\u00e7ais|Espa\u00f1ol|Nederlands|Dansk|Svenska|Polski|Suomi"
ENGLISH = const(0)

# The folder beside this module: /lib/cucumber/text/ on the board, the repository's
# lib/cucumber/text/ on a PC (and the rig's drive there).
DIR = __file__[:max(__file__.rfind("/"), __file__.rfind("\\")) + 1] + "text/"
chosen = ENGLISH


def choose(index):
    """Use language ``index`` of CODES from now on (English when out of range)."""
    global chosen
    chosen = index if 0 <= index < len(CODES) else ENGLISH


def code():
    """The chosen language's code ("en", "fr", ...)."""
    return CODES[chosen]


def name(index):
    """Language ``index``'s name in itself ("Fran\u00e7ais")."""
    return NAMES.split("|")[index]


def _read(code, name, texts=True):
    """[(key, text)] of section ``name`` in language ``code`` (text None unless
    ``texts``); None if it cannot be read."""
    try:
        f = open(DIR + code + "/" + name + ".txt", "rb")
    except OSError:
        return None
    out = []
    try:
        while True:
            line = f.readline()
            if not line:
                break
            if line[:1] == b"#":
                continue
            i = line.find(b" = ")
            if i <= 0:
                continue
            end = len(line)
            while end > i + 3 and (line[end - 1] == 10 or line[end - 1] == 13):
                end -= 1
            out.append((str(line[:i], "utf-8"),
                        str(line[i + 3:end], "utf-8") if texts else None))
    except (OSError, UnicodeError, ValueError):
        out = None
    f.close()
    return out


def section(name):
    """The texts of section ``name`` in the chosen language, in the order of the English
    file's keys; English for a key the chosen file lacks (or for the whole section when
    that file is missing or damaged)."""
    mine = None
    if chosen != ENGLISH:
        mine = _read(CODES[chosen], name)
    # English's keys decide the order; its texts are read only when needed (a screen
    # opens when the heap is fullest: no second copy of every text then).
    english = _read("en", name, not mine) or ()
    if mine:
        n = len(english)
        if len(mine) == n:
            i = 0
            while i < n and mine[i][0] == english[i][0]:
                i += 1
            if i == n:
                return tuple(t for k, t in mine)
        english = _read("en", name) or ()  # keys out of order or missing: one by one
        out = []
        for k, t in english:
            for k2, t2 in mine:
                if k2 == k:
                    t = t2
                    break
            out.append(t)
        return tuple(out)
    return tuple(t for k, t in english)


def chars(texts, more=""):
    """Every character of ``texts`` (and ``more``) once: what a screen's Font loads."""
    out = " " + more
    for t in texts:
        for c in t:
            if out.find(c) < 0:
                out += c
    return out


def text(name, key):
    """The one text of ``key`` in section ``name`` (a refusal named by the engine, a
    paragraph of the rules page): the chosen language's, else English's, else ``key``.
    Only that line is decoded: the others are read and dropped one at a time."""
    want = key.encode() + b" = "
    for c in (CODES[chosen], "en"):
        try:
            f = open(DIR + c + "/" + name + ".txt", "rb")
        except OSError:
            continue
        found = None
        try:
            while True:
                line = f.readline()
                if not line:
                    break
                if line.startswith(want):
                    end = len(line)
                    while end > len(want) and (line[end - 1] == 10 or line[end - 1] == 13):
                        end -= 1
                    found = str(line[len(want):end], "utf-8")
                    break
                line = None
        except (OSError, UnicodeError, ValueError):
            found = None
        f.close()
        if found is not None:
            return found
    return key


# words: cards
_RANKS = const(0)
_SPRITES = const(1)

_cards = None  # (language, the ranks line, the card sheet's file name)


def _card_words():
    global _cards
    if _cards is None or _cards[0] != chosen:
        w = section("cards")
        _cards = (chosen, w[_RANKS], w[_SPRITES])
    return _cards


def rank(r):
    """The name of rank ``r`` (0 = two .. 12 = ace) as the chosen language's decks print
    it: "10", "J" / "B" / "Kn"... One line of the cards section is kept for that (one
    string, sliced here: no string per rank held)."""
    line = _card_words()[1]
    start = 0
    for _ in range(r):
        start = line.find(" ", start) + 1
    end = line.find(" ", start)
    return line[start:] if end < 0 else line[start:end]


def sprites():
    """The card sheet's file name in sprites/ for the chosen language's rank letters."""
    return _card_words()[2]
