"""The English messages of engine.challenge's errors (ChallengeError), imported the first
time one is raised: a board that words them in its own language never loads them."""


def message(what, values):
    """The one English line of error ``what`` with its ``values``."""
    if what == "symbol":
        c = values[1]
        return ("not a challenge code: the %s character, %s, is never in a code (no 0, 1, "
                "I or O)" % (ordinal(values[0]), c if " " < c < "\x7f" else "U+%04X" % ord(c)))
    if what == "check":
        return "not a challenge code: check the %s character" % ordinal(values[0])
    if what == "swap":
        return ("not a challenge code: check the %s and %s characters (swapped?)"
                % (ordinal(values[0]), ordinal(values[1])))
    if what == "length":
        return "not a challenge code: a code has 12 or 16 characters, not %d" % values
    if what == "range":
        return "%s: %d to %d, not %r" % values
    return {"empty": "not a challenge code: nothing was typed",
            "typo": "not a challenge code: check every character",
            "newer": "this challenge code is from a newer version of the game",
            "invalid": "not a challenge code: no match has these settings",
            "date": "not a date: type it as YYYY-MM-DD, e.g. 2025-03-14"}[what]


def ordinal(n):
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th"
    if n % 100 // 10 != 1:
        suffix = ("th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th")[n % 10]
    return "%d%s" % (n, suffix)
