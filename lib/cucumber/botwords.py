"""A student's bot's problem in the player's words, for the table's status line: loaded
only when a Bot seat's decision went wrong (cucumber.turns), and forgotten at the next
screen, so that a match whose bot plays well never holds it (cucumber.botseat's reasons
are English, for the serial console).
"""

from cucumber import lang
from engine.compat import const

# words: bot
_BOT = const(0)
_ERROR = const(1)
_ILLEGAL = const(2)
_SLOW = const(3)
_STOPPED = const(4)
_NOT_FOUND = const(5)
_NO_CHOOSE = const(6)


def short(problem):
    """``problem`` for the table's status line in the chosen language: at most 26
    characters, lower case, e.g. "bot: zero division error" (an exception's name stays
    Python's; the table's font holds the lower-case letters when a Bot seat plays).
    ``problem`` is one of cucumber.botseat's or engine.botview's reasons, in English as
    on the serial console; one it does not know is shown as it is, in lower case."""
    if not problem:
        return ""
    w = lang.section("bot")  # read now (rare): nothing of it kept for the match
    head = "bot.py" if problem[3:6] == ".py" else w[_BOT]
    text = problem.lower()
    # "bot played ...", "bot too slow (over 3 s)", "bot.py stopped ...", "... not found",
    # "bot.py has no choose(view)": the word after the head
    k = "ptsnh".find(problem[7 if head == "bot.py" else 4:][:1])
    i = problem.find(": ")
    if k >= 0 and problem[:3] == "bot":
        n = 0  # the seconds of "too slow"
        for ch in problem:
            if "0" <= ch <= "9":
                n = n * 10 + ord(ch) - 48
        text = w[_ILLEGAL + k] % ((head, n) if k == 1 else head)
    elif i > 0 and "A" <= problem[i + 2:i + 3] <= "Z":  # an exception's name follows
        text = w[_ERROR] % (head, _words(problem[i + 2:].split(":")[0]).lower()
                            .replace("_", " "))
    if len(text) > 26 and text.endswith(" error"):
        text = text[:-6]
    return text[:26]


def _words(name):
    """ "ZeroDivisionError" -> "Zero Division Error", "OSError" -> "OS Error"."""
    out = ""
    n = len(name)
    for i in range(n):
        ch = name[i]
        if i and "A" <= ch <= "Z" and (not "A" <= name[i - 1] <= "Z"
                                       or (i + 1 < n and "a" <= name[i + 1] <= "z")):
            out += " "
        out += ch
    return out
