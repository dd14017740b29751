"""What a player types: reading an answer (``prompt``: q, Ctrl-D and Ctrl-C leave as
``Quit``), a whole number, a card, a yes or a no, and what of a typed answer the game
may say back (``shown``).
"""

import unicodedata

from cucumber import lang
from engine import cards
from term_words import SU, _NO, _NUMBER, _YES


class Quit(Exception):
    """The player left at a prompt: q, the end of input (Ctrl-D) or Ctrl-C."""




def prompt(ask, text):
    """``ask(text)`` stripped; Quit on the end of input or Ctrl-C."""
    try:
        return ask(text).strip()
    except (EOFError, KeyboardInterrupt):
        raise Quit() from None


# How much of a typed answer is said back ("'banana' is not a card"): a pasted page or a
# 5,000-digit number is cut to this many characters and "\u2026".
SHOWN_MAX = 20


def shown(text):
    """``text`` as the game may say it back: at most SHOWN_MAX characters, then "\u2026";
    control and format characters (escape sequences, NUL, undecodable bytes, line
    separators, bidi overrides) as their \\x.. or \\u.... code, so that nothing typed can
    move the cursor, recolour or reorder the terminal."""
    out = []
    size = 0
    for ch in text:
        kind = unicodedata.category(ch)
        piece = ascii(ch)[1:-1] if kind[0] == "C" or kind in ("Zl", "Zp") else ch
        if size + len(piece) > SHOWN_MAX:
            out.append("\u2026")
            break
        out.append(piece)
        size += len(piece)
    return "".join(out)


def whole_number(text):
    """The whole number typed (any script's decimal digits), or None. A number longer than
    any choice's is -1: it is refused like any other number out of range, and never read
    whole (int() refuses more than 4,300 digits, and reads fewer slowly)."""
    if not text.isdecimal():  # (not isdigit: "\u00b2" is a digit that int() refuses)
        return None
    return int(text) if len(text) <= 9 else -1



def parse_card(text):
    """The code of a card typed as today ("TH", "10h", "9\u2663") or with the chosen
    language's rank letters ("Bh", a Danish jack; "KnS", a Swedish one); ValueError if
    none."""
    try:
        return cards.parse(text)
    except ValueError:
        pass
    t = text.strip().upper()
    for i in range(4):
        t = t.replace(cards.SUIT_SYMBOLS[i], cards.SUIT_NAMES[i])
    if len(t) >= 2 and t[-1] in cards.SUIT_NAMES:
        for r in range(cards.RANKS):
            if lang.rank(r).upper() == t[:-1]:
                return cards.card(r, cards.SUIT_NAMES.index(t[-1]))
    raise ValueError("not a card: " + text)




def is_yes(answer):
    a = answer[:1].lower()
    return bool(a) and (a == "y" or a in SU[_YES].lower().split())


def is_no(answer):
    a = answer[:1].lower()
    return bool(a) and (a == "n" or a in SU[_NO].lower().split())



def ask_int(ask, say, text, default, lo, hi, check=None):
    """A whole number from ``lo`` to ``hi`` (Enter: ``default``); ``check(n)`` may return
    a reason to ask again."""
    while True:
        answer = prompt(ask, "%s [%d]: " % (text, default))
        if not answer:
            value = default
        elif whole_number(answer) is not None and lo <= whole_number(answer) <= hi:
            value = whole_number(answer)
        else:
            say(SU[_NUMBER] % (lo, hi))
            continue
        why = check(value) if check else None
        if not why:
            return value
        say(why)

