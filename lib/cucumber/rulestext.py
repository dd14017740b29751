"""The rules page's text in the chosen language: what the profile is, the chosen settings
in short, how to play, the keys and the table, as lines of at most ``cols`` characters.

No displayio here: the handheld's rules page (cucumber.rulespage) and the terminal game
both use it. The texts are read from the sections ``ruleset`` (the settings' words) and
``rules`` (the rest) a paragraph at a time while the lines of a window are made, and let
go then (``window``). engine.rulesx's ``Rules.describe`` is the English of the same
settings, for host tools and tests.
"""

import gc

from cucumber import lang
from engine.compat import const

# words: rules
_TITLE = const(0)
_SCROLL = const(1)
_AGURK = const(2)  # then gurka and ogorek: in PROFILES order
_GURKA = const(3)
_OGOREK = const(4)
_PLAY = const(5)
_KEYS = const(6)
_TABLE = const(7)

# words: ruleset
_SIZE = const(0)
_CHOICE = const(1)
_STRICT = const(2)
_ACE_ORDINARY = const(3)  # then by r.ace: ACE_ORDINARY, ACE_FORCES_LOWEST, ACE_WINS_LAST
_ACE_FORCES_LOWEST = const(4)
_ACE_WINS_LAST = const(5)
_SCORES = const(6)
_INVERSE = const(7)
_TIES_LAST = const(8)
_TIES_ALL = const(9)
_END_LAST_STANDING = const(10)  # then by r.end: last standing, first out, fixed rounds
_END_FIRST_OUT = const(11)
_END_ROUNDS = const(12)
_NO_REENTRY = const(13)
_LIVES_EACH = const(14)
_COMEBACK = const(15)
_BUYBACK = const(16)
_STAKES = const(17)
_OPEN = const(18)
_COLLECTED = const(19)

# The refusals section is read one text at a time, by the name engine.rules raises it
# with (``refusal``): its keys are engine/refusals.py's names, in that file's order.
# words: refusals
_PROFILE = const(0)
_SETTING = const(1)
_LIVES = const(2)
_RANGE = const(3)
_REENTRIES_NEED_LAST_STANDING = const(4)
_SIT_OUT_NEEDS_CHOICE = const(5)
_MIN_OTHERS_NEVER_MET = const(6)
_ENCODING = const(7)
_ENCODED_VALUE = const(8)


def wrap(text, cols):
    """Words of ``text`` in lines of at most ``cols`` characters (cucumber.ui.wrap's
    lines, without displayio). The words are found in place, not split into a list
    first: a long paragraph's list of words needed a 512-byte block on the board's heap
    (a MemoryError seen on the rig at 100 KB); each line is one slice of ``text``."""
    out = []
    n = len(text)
    start = 0  # the current line's first character
    end = -1  # where it ends (exclusive) so far; -1: no word in it yet
    i = 0
    while i <= n:
        j = text.find(" ", i)
        if j < 0:
            j = n
        if j > i or j == n:  # the word text[i:j] (one at the end may be empty)
            while j - i > cols:  # a word longer than a line: cut it
                if end >= 0:
                    out.append(text[start:end])
                out.append(text[i:i + cols])
                i += cols
                start = i
                end = -1
            if end < 0:
                start = i
                end = j
            elif j - start <= cols:
                end = j
            else:
                out.append(text[start:end])
                start = i
                end = j
        i = j + 1
    if end > start:
        out.append(text[start:end])
    return out


def name(profile):
    """A profile's name as the game writes it: agurk, gurka, og\u00f3rek."""
    return "og\u00f3rek" if profile == "ogorek" else profile


def settings(r):
    """The settings of ``r`` in short, one text each (unwrapped), in the chosen language:
    what engine.rulesx's describe says in English."""
    w = lang.section("ruleset")
    if not r.reentries:
        again = w[_NO_REENTRY]
    elif not r.reentry_choice:
        again = w[_LIVES_EACH] % (r.reentries + 1)
    elif r.reentry_sit_out:
        again = w[_COMEBACK]
    else:
        again = w[_BUYBACK]
    end = w[_END_LAST_STANDING + r.end]
    end = end % (r.rounds if r.end == 2 else r.threshold)  # END_FIXED_ROUNDS
    return (
        w[_SIZE] % (name(r.profile), r.players, r.hand),
        w[_STRICT] if r.strict else w[_CHOICE],
        w[_ACE_ORDINARY + r.ace],
        w[_INVERSE if r.inverse else _SCORES] + " " + w[_TIES_ALL if r.tie_all else _TIES_LAST],
        end + ", " + again + (", " + w[_STAKES] if r.stakes else ""),
        w[_OPEN] if r.open_cards else w[_COLLECTED],
    )


# the rules section's paragraphs after the profile's own, in the page's order
_PARAGRAPHS = ("play", "keys", "table")


def paragraphs(r):
    """The rules page's paragraphs for the settings ``r``, in order, "" between them:
    each read from the language's file when it is reached (``lang.text``), so that no
    more than one paragraph is on the heap at a time."""
    # a collection before each paragraph's line is read: a long one (French's are ~600
    # bytes) needs one block, which the last one's garbage may have split (measured)
    gc.collect()
    yield lang.text("rules", r.profile)  # agurk, gurka, ogorek: the profile's intro
    yield ""
    for s in settings(r):
        yield "- " + s
    yield ""
    for key in _PARAGRAPHS:
        gc.collect()
        yield lang.text("rules", key)
        yield ""


def window(r, top, n, cols=26):
    """(lines ``top`` .. ``top + n - 1`` of the rules page of ``r``, the page's number of
    lines), each line at most ``cols`` characters. The page is made again for each
    window rather than kept: on the board's heap the whole text, one string, needed a
    block of about 1 KB while the pause menu's match is held, and the heap, fragmented
    by then, did not always have one (measured: the 7-player plan failed at 100 KB
    there); a paragraph at a time needs at most a few hundred bytes."""
    out = []
    count = 0
    for text in paragraphs(r):
        for line in (wrap(text, cols) if text else ("",)):
            if top <= count < top + n:
                out.append(line)
            count += 1
    return out, count


def header():
    """The page's header: (its title, the keys)."""
    w = lang.section("rules")
    return w[_TITLE], w[_SCROLL]


def lines(r, cols=26):
    """Every line of the rules page for the settings ``r`` in the chosen language (what
    cucumber.rulespage scrolls through), each of at most ``cols`` characters; the last
    one empty."""
    return window(r, 0, 1 << 30, cols)[0]


def page(r, cols=26):
    """(the header's two texts, the whole page as one string, each line ended by a
    newline): for host tools and tests; the board's page takes a window at a time."""
    return header(), "".join(x + "\n" for x in lines(r, cols))


def refusal(e):
    """What the RulesError ``e`` says in the chosen language: its refusal's text filled
    with its values (str(e), the English, for one engine.rules did not name)."""
    what = getattr(e, "what", None)
    if what is None:
        return str(e)
    return lang.text("refusals", what) % e.values
