"""The terminal game's words: the texts of its four sections in the chosen language, and
the names it gives cards and seats.

Every text the terminal game prints or asks is read from the ``term`` (the table and a
turn), ``termev`` (a match's events), ``termsetup`` (the options, the set-up questions,
the saves) and ``termchal`` (the challenges) sections of lib/cucumber/text/<code>/
(cucumber.lang, docs/LANGUAGES.md). This module names every key of the four (the
constants below, in each file's order) and holds the chosen language's texts in ``W``,
``EV``, ``SU`` and ``CH``: lists that ``use_language`` fills again in place, so that the
other modules of the terminal game may import them by name.
"""

from cucumber import lang
from engine import cards
from engine.compat import const

# words: term
_YOU = const(0)
_SEAT_OUT = const(1)
_SCORE = const(2)
_SCORE_LIVES = const(3)
_POT = const(4)
_TRICK = const(5)
_TRICK_LEAD = const(6)
_CARDS_LEFT = const(7)
_REVIEW_CLOSED = const(8)
_HAND_YOU = const(9)
_HAND = const(10)
_LAST_TRICK = const(11)
_ONLY = const(12)
_ASK_CARD = const(13)
_ASK_ONLY = const(14)
_NEED_NUMBER = const(15)
_HELP1 = const(16)
_HELP2 = const(17)
_HELP3 = const(18)
_NOT_CARD = const(19)
_NOT_IN_HAND = const(20)
_NO_NUMBER_ONLY = const(21)
_NO_NUMBER = const(22)
_WHY_LEAD = const(23)
_WHY_HEADS = const(24)
_WHY_LOWEST_STRICT = const(25)
_WHY_LOWEST = const(26)
_WHY_ACE = const(27)
_ILLEGAL_ACE = const(28)
_ILLEGAL_STRICT = const(29)
_ILLEGAL = const(30)
_REACHED_YOU = const(31)
_REACHED = const(32)
_OPT_PAY1 = const(33)
_OPT_PAY = const(34)
_OPT_SIT = const(35)
_OPT_STAY = const(36)
_ASK_CHOICE = const(37)
_ANSWER = const(38)
_OR = const(39)
_SKIP_END = const(40)
_SKIP_AGAIN = const(41)
_KEYS = const(42)
_WATCH_OUT_YOU = const(43)
_WATCH_OUT_ALL = const(44)
_WATCH_SIT_YOU = const(45)
_WATCH_SIT_ALL = const(46)
_ASK_WATCH = const(47)
_WATCH_AGAIN = const(48)
_SKIPPING = const(49)
_SKIPPED_TO = const(50)
_SKIPPED_END = const(51)
_PASS = const(52)
_SINCE = const(53)
_FINAL1 = const(54)
_FINAL = const(55)
_SAVED_IN = const(56)
_NOT_SAVED = const(57)
_CANNOT_SAVE = const(58)
_WON_SUDDEN_YOU = const(59)
_WON_SUDDEN = const(60)
_WATCH_TIE_YOU = const(61)
_WATCH_TIE_ALL = const(62)

# words: termev
_DEAL_YOU = const(0)
_DEAL = const(1)
_PLAY_YOU = const(2)
_PLAY = const(3)
_LAST_YOU = const(4)
_LAST = const(5)
_TAKE_YOU = const(6)
_TAKE = const(7)
_PENALTY1_YOU = const(8)
_PENALTY_YOU = const(9)
_PENALTY1 = const(10)
_PENALTY = const(11)
_LIFE1_YOU = const(12)
_LIFE_YOU = const(13)
_LIFE1 = const(14)
_LIFE = const(15)
_OFFER_YOU = const(16)
_OFFER = const(17)
_PAY1_YOU = const(18)
_PAY_YOU = const(19)
_PAY1 = const(20)
_PAY = const(21)
_BACK_YOU = const(22)
_BACK = const(23)
_OUT_YOU = const(24)
_OUT = const(25)
_SIT_YOU = const(26)
_SIT = const(27)
_LOSER_YOU = const(28)
_LOSER = const(29)
_SUDDEN = const(30)
_WIN_YOU = const(31)
_WIN = const(32)
_WIN_POT_YOU = const(33)
_WIN_POT = const(34)
_AND = const(35)
_SUDDEN_DEAL = const(36)
_TIE_OUT_YOU = const(37)
_TIE_OUT = const(38)
_TIE_KEPT_YOU = const(39)
_TIE_KEPT = const(40)

# words: termsetup
_YES = const(0)
_NO = const(1)
_INTRO = const(2)
_ASK_RULES = const(3)
_CHOOSE_RULES = const(4)
_ASK_PLAYERS = const(5)
_ASK_HUMANS = const(6)
_NUMBER = const(7)
_REFUSED = const(8)
_REFUSAL = const(9)
_NOTE_FIRST_OUT = const(10)
_NOTE_ROUNDS = const(11)
_HUMANS_MIN = const(12)
_HUMANS_RANGE = const(13)
_NO_AI = const(14)
_RULES = const(15)
_CONTINUING = const(16)
_ASK_AGAIN = const(17)
_BYE = const(18)
_NO_MATCH = const(19)
_UNREADABLE = const(20)
_KEPT_AS = const(21)
_NOT_KEPT = const(22)
_BAD_OPEN = const(23)
_BAD_EMPTY = const(24)
_BAD_JSON = const(25)
_BAD_KIND = const(26)
_BAD_FIELD = const(27)
_BAD_RECORD = const(28)
_BAD_RECORD_WHY = const(29)
_BAD_HUMANS = const(30)
_BAD_LEVELS = const(31)
_BAD_SEED = const(32)
_NOTE_GIVEN = const(33)
_SAVED_INFO = const(34)
_ASK_CONTINUE = const(35)
_STILL_SAVED = const(36)
_REPLACING = const(37)
_BAD_LANG = const(38)
_DESCRIPTION = const(39)
_EPILOG_SAVE = const(40)
_EPILOG_NEW = const(41)
_EPILOG_LIVES = const(42)
_OPT_LANG = const(43)
_OPT_PROFILE = const(44)
_OPT_PLAYERS = const(45)
_OPT_HUMANS = const(46)
_OPT_LEVEL = const(47)
_OPT_HAND = const(48)
_OPT_THRESHOLD = const(49)
_OPT_STRICT = const(50)
_OPT_CHOICE = const(51)
_OPT_ACE = const(52)
_OPT_INVERSE = const(53)
_OPT_TIE_ALL = const(54)
_OPT_LIVES = const(55)
_OPT_BUYBACK = const(56)
_OPT_COMEBACK = const(57)
_OPT_STAKES = const(58)
_OPT_FIRST_OUT = const(59)
_OPT_ROUNDS = const(60)
_OPT_SEED = const(61)
_OPT_SAVE = const(62)
_OPT_NEW = const(63)
_OPT_NO_PAUSE = const(64)
_NOT_OURS = const(65)
_IS_FOLDER = const(66)
_CANNOT_READ = const(67)
_NEWER = const(68)
_BAD_CHECK = const(69)
_SEED_RANGE = const(70)

# words: termchal
_CH_START = const(0)
_CH_DAILY = const(1)
_CH_LENGTH = const(2)
_CH_STOPPED = const(3)
_CH_END = const(4)
_CH_PENALTY = const(5)
_CH_NEXT = const(6)
_CH_CONFLICT = const(7)
_CH_BAD_SAVE = const(8)
_CH_OPT_CHALLENGE = const(9)
_CH_OPT_DAILY = const(10)
_CH_ORDINALS = const(11)
_CH_EMPTY = const(12)
_CH_SYMBOL = const(13)
_CH_LENGTH_CODE = const(14)
_CH_CHECK = const(15)
_CH_SWAP = const(16)
_CH_TYPO = const(17)
_CH_NEWER = const(18)
_CH_INVALID = const(19)
_CH_DATE = const(20)
_CH_NO_WINDOW = const(21)  # (said by tools/pc/simulator.py)
_CH_CODE = const(22)
_CH_REPLAY = const(23)
_CH_OTHER = const(24)

W = list(lang.section("term"))  # the chosen language's texts (use_language)
EV = list(lang.section("termev"))
SU = list(lang.section("termsetup"))
CH = list(lang.section("termchal"))


def use_language(code):
    """Speak language ``code`` (one of lang.CODES) from now on."""
    lang.choose(lang.CODES.index(code))
    W[:] = lang.section("term")
    EV[:] = lang.section("termev")
    SU[:] = lang.section("termsetup")
    CH[:] = lang.section("termchal")


def card_name(c):
    """The card as the chosen language's decks print it, with its suit sign: "10\u2665",
    "B\u2660" (a Danish jack)."""
    return lang.rank(c >> 2) + cards.SUIT_SYMBOLS[c & 3]


def rules_summary(rules):
    """The settings in words, on one line, in the chosen language: the rules page's
    (cucumber.rulestext.settings; engine.rulesx's English describe() without it)."""
    try:
        from cucumber import rulestext
        return "; ".join(rulestext.settings(rules))
    except ImportError:
        return "; ".join(rules.describe())


def listed(names):
    """``names`` as a list in words: "P2, P3 and P4" (the chosen language's "and")."""
    if len(names) < 2:
        return "".join(names)
    return "%s %s %s" % (", ".join(names[:-1]), EV[_AND], names[-1])


def seat_names(n, humans):
    """One human: "You" and P2..Pn; several: P1..Pn for everyone."""
    one = len(humans) == 1
    return [W[_YOU] if one and s in humans else "P%d" % (s + 1) for s in range(n)]
