"""Cucumber in a terminal: one human against the built-in opponents, or several humans
passing the keyboard (hands hidden between turns).

    python tools/pc/terminal_game.py                  # asks a few questions, Enter takes defaults
    python tools/pc/terminal_game.py --humans 2 --players 4 --profile gurka --level hard
    python tools/pc/terminal_game.py --lang da        # in Danish (en pt fr es nl da sv pl fi)
    python tools/pc/terminal_game.py --challenge 9JRB-JVL9-R2CW   # a challenge's match
    python tools/pc/terminal_game.py --daily 2025-03-14           # that day's challenge

The match is saved after every move (``--save``), so quitting (``q``, Ctrl-D or Ctrl-C at
any prompt) or a closed terminal loses nothing: the next start offers to continue, and
``--new`` starts over. A save that cannot be read is kept aside as ``<save>.bad`` and a
new match starts.

Names: with one human that seat is "You" and the others "P2" to "P7"; with several humans
every seat is "P1" to "P7". Every message about a seat has two texts, one for "You" and
one for a named seat ("P3"): :meth:`Game.pick` chooses.

Challenges (engine.challenge): ``--challenge CODE`` plays the match a code sets up (the
rules, the seats, the seed, and the whole match or its first N rounds) with the same cards
and AI decisions as every other front end; ``--daily [YYYY-MM-DD]`` plays the daily
challenge of that date (today's, by this PC's clock, without one). The code is said at
the start and at the end, with the one human's penalty to read out; another match after
it is the next seed's challenge. A code that is not one (a typo, cut short, too long, made
up, from a newer version) gets one line on stderr naming the problem and exit status 2,
and nothing is read or written. The code sets everything a set-up option would: giving
one as well is refused the same way.

Words: every text it prints or asks is in the chosen language (``--lang``), read from
the ``term``, ``termev``, ``termsetup`` and ``termchal`` sections of lib/cucumber/text/<code>/
(cucumber.lang, docs/LANGUAGES.md); the cards carry the rank letters of that language's
decks (and may be typed with them, besides "10h", "TH", "9\u2663" or their number).
"""

import argparse
import json
import os
import sys
import textwrap
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from cucumber import lang  # noqa: E402
from engine import ai, cards, challenge, save  # noqa: E402
import ownfiles  # noqa: E402
from engine.compat import const  # noqa: E402
from engine.match import (  # noqa: E402
    DECLINE, EV_DEAL, EV_LIFE, EV_LOSER, EV_OFFER, EV_OUT, EV_PENALTY, EV_PLAY, EV_REENTER,
    EV_SIT_OUT, EV_SUDDEN, EV_TRICK, EV_WIN, Match, PAY, PHASE_REENTRY, SIT_OUT,
    WHY_ACE_LED, WHY_HEADS, WHY_LEAD, WHY_LOWEST,
)
from engine.rules import (  # noqa: E402
    ACE_FORCES_LOWEST, ACE_ORDINARY, ACE_WINS_LAST, END_FIRST_OUT, END_FIXED_ROUNDS,
    PROFILES, Rules, RulesError,
)

DEFAULT_SAVE = os.path.join(os.path.expanduser("~"), ".cucumber_terminal.sav")
SAVE_KIND = "terminal-save"  # the signature of our save files (ownfiles.wrap)
# Home the cursor, clear the screen and the scrollback: a hot-seat game must not leave the
# last hand where the next player can scroll back to it.
CLEAR = "\033[H\033[2J\033[3J"
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

W = lang.section("term")  # the chosen language's texts (use_language)
EV = lang.section("termev")
SU = lang.section("termsetup")
CH = lang.section("termchal")


def use_language(code):
    """Speak language ``code`` (one of lang.CODES) from now on."""
    global W, EV, SU, CH
    lang.choose(lang.CODES.index(code))
    W = lang.section("term")
    EV = lang.section("termev")
    SU = lang.section("termsetup")
    CH = lang.section("termchal")


def ordinal(n):
    """The chosen language's "4th" ("4e", "4.", "4:e") for a character's place."""
    words = CH[_CH_ORDINALS].split()
    return words[n - 1] if 1 <= n <= len(words) else str(n)


# The text of each ChallengeError that needs no values (the others are worded below).
_CHALLENGE_TEXTS = {"empty": _CH_EMPTY, "typo": _CH_TYPO, "newer": _CH_NEWER,
                    "invalid": _CH_INVALID, "date": _CH_DATE}


def challenge_error(e):
    """A ChallengeError in the chosen language, on one line: what is wrong, and where."""
    what = e.what
    v = e.values
    if what == "symbol":
        return CH[_CH_SYMBOL] % (ordinal(v[0]), shown(v[1]))
    if what == "check":
        return CH[_CH_CHECK] % ordinal(v[0])
    if what == "swap":
        return CH[_CH_SWAP] % (ordinal(v[0]), ordinal(v[1]))
    if what == "length":
        return CH[_CH_LENGTH_CODE] % v
    if what in _CHALLENGE_TEXTS:
        return CH[_CHALLENGE_TEXTS[what]]
    return str(e)


def help_text():
    return "\n".join((W[_HELP1], "  " + W[_HELP2], "  " + W[_HELP3]))


def card_name(c):
    """The card as the chosen language's decks print it, with its suit sign: "10\u2665",
    "B\u2660" (a Danish jack)."""
    return lang.rank(c >> 2) + cards.SUIT_SYMBOLS[c & 3]


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


def explain(m, card):
    """Why ``card`` may or may not be played by the player to move, in words (the
    sentences of engine.explain, in the chosen language)."""
    w = m.why(card)
    name = card_name(card)
    if w == WHY_LEAD:
        return W[_WHY_LEAD] % name
    if w == WHY_HEADS:
        return W[_WHY_HEADS] % name
    if w == WHY_LOWEST:
        return W[_WHY_LOWEST_STRICT if m.rules.strict else _WHY_LOWEST] % name
    if w == WHY_ACE_LED:
        return W[_WHY_ACE] % name
    if m.ace_led():
        return W[_ILLEGAL_ACE] % name
    top = lang.rank(m.top_rank())
    return W[_ILLEGAL_STRICT if m.rules.strict else _ILLEGAL] % (name, top)


def is_yes(answer):
    a = answer[:1].lower()
    return bool(a) and (a == "y" or a in SU[_YES].lower().split())


def is_no(answer):
    a = answer[:1].lower()
    return bool(a) and (a == "n" or a in SU[_NO].lower().split())


def rules_summary(rules):
    """The settings in words, on one line, in the chosen language: the rules page's
    (cucumber.rulestext.settings; engine.rulesx's English describe() without it)."""
    try:
        from cucumber import rulestext
        return "; ".join(rulestext.settings(rules))
    except ImportError:
        return "; ".join(rules.describe())


DONE = "done"
QUIT = "quit"


class Quit(Exception):
    """The player left at a prompt: q, the end of input (Ctrl-D) or Ctrl-C."""


class SaveFileError(ValueError):
    """The save file cannot be continued; the message says why, for the player."""


class SavePathRefused(ValueError):
    """The save path holds something the game must not write over; the one line says
    what it is and what to do."""


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


def seat_names(n, humans):
    """One human: "You" and P2..Pn; several: P1..Pn for everyone."""
    one = len(humans) == 1
    return [W[_YOU] if one and s in humans else "P%d" % (s + 1) for s in range(n)]


class Game:
    def __init__(self, match, humans, levels, seed, ask=input, say=print, save_path=None,
                 pause=True, ch=None):
        self.m = match
        self.challenge = ch  # an engine.challenge Challenge: its AIs, length and code
        self.humans = set(humans)  # human seats: 0 .. len(humans) - 1
        self.names = seat_names(match.n, self.humans)
        self.you = next(iter(self.humans)) if len(self.humans) == 1 else None
        self.ask = ask
        self.say = say
        self.save_path = save_path
        self.seed = seed
        self.levels = levels
        self.bots = {}
        players = ch.players() if ch is not None else None
        for s in range(match.n):
            if s not in self.humans:
                self.bots[s] = players[s] if players else ai.Player(levels[s],
                                                                    seed=seed * 31 + s + 1)
        self.last_human = None
        self.log = []  # public lines, for the recap a human sees after the pass screen
        self.seen = {}  # human seat -> len(self.log) when that seat last saw its hand
        self.pause = "trick" if pause else "off"  # watching: pause after every trick,
        self.watch = self.pause  # only after every round ("round"), or never ("off")
        self.watching = False  # no human is playing: the watcher's keys were explained
        self.skipping = False  # "s": nothing shown until the end or a human's turn
        self.skip_from = 0
        self._moving = False  # inside apply_action: the match may be half-changed
        self.saved = None  # the text last written to (or read from) the save file
        # The round's scores are on the screen already (said with its deal, or in the
        # recap): the table before the next turn does not say them again.
        self.scores_shown = False

    # ----- names --------------------------------------------------------------------
    def is_you(self, seat):
        return seat == self.you

    def pick(self, seat, you, other, *values):
        """Text ``you`` (for the one human, "You ...") or ``other`` (for a named seat,
        its name first: "P3 ..."), filled with ``values``."""
        if self.is_you(seat):
            return you % values if values else you
        return other % ((self.names[seat],) + values)

    # ----- persistence --------------------------------------------------------------
    def save(self):
        if not self.save_path:
            return
        record = {"humans": sorted(self.humans), "levels": self.levels, "seed": self.seed,
                  "match": save.dumps(self.m).hex()}
        if self.challenge is not None:
            record["challenge"] = challenge.encode(self.challenge)
        text = json.dumps(record)
        if text == self.saved:
            return  # already on disk
        try:
            # Something else put at the path since the last save is never written over.
            if self.saved is not None or os.path.lexists(self.save_path):
                classify(self.save_path)
            ownfiles.write_atomic(self.save_path, ownfiles.wrap(SAVE_KIND, text.encode()))
            self.saved = text
        except (ownfiles.NotOurs, ownfiles.Newer, ownfiles.Unreadable):
            self.say(SU[_NOT_OURS] % self.save_path)
            self.save_path = None
        except (ownfiles.Damaged, SaveFileError):
            self.saved = None  # ours, damaged meanwhile: this save replaces it
            self.save_path, path = None, self.save_path
            try:
                ownfiles.write_atomic(path, ownfiles.wrap(SAVE_KIND, text.encode()))
                self.save_path, self.saved = path, text
            except OSError as e:
                self.say(W[_CANNOT_SAVE] % (path, e.strerror or e))
        except OSError as e:
            self.say(W[_CANNOT_SAVE] % (self.save_path, e.strerror or e))
            self.save_path = None

    def forget(self):
        """Remove the finished match's save: only our own file, as we wrote it."""
        try:
            if self.save_path and self.saved is not None:
                data = ownfiles.read_bytes(self.save_path)
                if data == ownfiles.wrap(SAVE_KIND, self.saved.encode()):
                    os.remove(self.save_path)
        except (OSError, ValueError):
            pass

    # ----- display ------------------------------------------------------------------
    def read(self, text):
        return prompt(self.ask, text)

    def public(self, text, show=True):
        """A line everyone may see (kept for the next human's recap)."""
        self.log.append(text)
        if show and not self.skipping:
            self.say(text)

    def scores_line(self):
        m = self.m
        parts = []
        for s in range(m.n):
            tag = self.names[s]
            if not m.active(s):
                parts.append(W[_SEAT_OUT] % tag)
                continue
            lives = m.rules.lives()
            if lives > 1:
                parts.append(W[_SCORE_LIVES] % (tag, m.scores[s], lives - m.reentries_used[s],
                                                lives))
            else:
                parts.append(W[_SCORE] % (tag, m.scores[s]))
        if m.rules.stakes or m.pot:
            parts.append(W[_POT] % m.pot)
        return " | ".join(parts)

    def event_text(self, ev):
        """The line for one engine event, or None (a human's own play is shown when it
        is chosen)."""
        m = self.m
        kind, seat, a, b = ev
        if seat >= m.n and kind != EV_SUDDEN:
            return None
        pick = self.pick
        if kind == EV_DEAL:
            if self.is_you(seat):
                return "\n" + EV[_DEAL_YOU] % (a + 1, m.rules.hand)
            return "\n" + EV[_DEAL] % (a + 1, self.names[seat], m.rules.hand)
        if kind == EV_PLAY:
            return "  " + pick(seat, EV[_PLAY_YOU], EV[_PLAY], card_name(a))
        if kind == EV_TRICK:
            if a == m.rules.hand - 1:
                return "  " + pick(seat, EV[_LAST_YOU], EV[_LAST], card_name(b))
            return "  " + pick(seat, EV[_TAKE_YOU], EV[_TAKE], a + 1, card_name(b))
        if kind == EV_PENALTY:
            if a == 1:
                return "  " + pick(seat, EV[_PENALTY1_YOU], EV[_PENALTY1], b)
            return "  " + pick(seat, EV[_PENALTY_YOU], EV[_PENALTY], a, b)
        if kind == EV_LIFE:
            if b == 0:
                return "  " + pick(seat, EV[_LIFE1_YOU], EV[_LIFE1], m.rules.threshold, a)
            return "  " + pick(seat, EV[_LIFE_YOU], EV[_LIFE], m.rules.threshold, a, b + 1)
        if kind == EV_OFFER:
            return "  " + pick(seat, EV[_OFFER_YOU], EV[_OFFER], a)
        if kind == EV_REENTER:
            if b == SIT_OUT:
                return "  " + pick(seat, EV[_BACK_YOU], EV[_BACK], a)
            chips = m.rules.reentry_chips
            if chips == 1:
                return "  " + pick(seat, EV[_PAY1_YOU], EV[_PAY1], a)
            return "  " + pick(seat, EV[_PAY_YOU], EV[_PAY], chips, a)
        if kind == EV_OUT:
            return "  " + pick(seat, EV[_OUT_YOU], EV[_OUT], a)
        if kind == EV_SIT_OUT:
            return "  " + pick(seat, EV[_SIT_YOU], EV[_SIT])
        if kind == EV_LOSER:
            if self.is_you(seat):
                return "  " + EV[_LOSER_YOU] % m.rules.threshold
            return "  " + EV[_LOSER] % (self.names[seat], m.rules.threshold, self.names[seat])
        if kind == EV_SUDDEN:
            return "  " + EV[_SUDDEN]
        if kind == EV_WIN:
            if a:
                return "\n" + pick(seat, EV[_WIN_POT_YOU], EV[_WIN_POT], a)
            return "\n" + pick(seat, EV[_WIN_YOU], EV[_WIN])
        return None

    def show_events(self):
        """Show (and log) the match's new events; return their kinds."""
        m = self.m
        kinds = []
        events = m.events
        stop = self.stopped()
        if stop:  # the challenge's last round is over: what follows it is not shown
            for i in range(len(events)):
                if events[i][0] in (EV_DEAL, EV_SIT_OUT, EV_OFFER, EV_SUDDEN):
                    events = events[:i]
                    break
        if self.skipping and (stop or any(ev[0] == EV_WIN for ev in events)):
            # the end of a skip: the last round's outcome is shown
            self.skipping = False
            self.say("  " + W[_SKIPPED_END] % (self.skip_from + 1, m.round_no))
        for ev in events:
            kind, seat = ev[0], ev[1]
            kinds.append(kind)
            text = self.event_text(ev)
            if text is None:
                continue
            # a human's own play was shown with its explanation when it was chosen
            self.public(text, show=not (kind == EV_PLAY and seat in self.humans))
            if kind == EV_DEAL:
                self.public(self.scores_line())
                self.scores_shown = not self.skipping
        del m.events[:]
        return kinds

    def stopped(self):
        """True when a challenge of N rounds has played them (the match is not over)."""
        ch = self.challenge
        return ch is not None and not self.m.is_terminal() and ch.finished(self.m)

    def over(self):
        return self.m.is_terminal() or self.stopped()

    def final_summary(self):
        m = self.m
        if self.stopped():
            self.say("\n" + CH[_CH_STOPPED] % m.round_no)
        scores = ", ".join("%s %d" % (self.names[s], m.scores[s]) for s in range(m.n))
        if m.round_no == 1:
            self.say(W[_FINAL1] % scores)
        else:
            self.say(W[_FINAL] % (m.round_no, scores))
        ch = self.challenge
        if ch is not None:
            if self.you is not None:
                self.say(CH[_CH_PENALTY] % m.scores[self.you])
            self.say(CH[_CH_END] % challenge.show(challenge.encode(ch)))

    def cover(self, seat):
        """Clear the screen and the scrollback before another human sees it, then show
        that human what happened since their last turn."""
        if len(self.humans) < 2 or self.last_human == seat:
            return
        self.say(CLEAR)
        self.scores_shown = False
        self.read(W[_PASS] % (self.names[seat], self.names[seat]) + " ")
        self.last_human = seat
        recap = self.log[self.seen.get(seat, 0):][-30:]
        if recap and seat in self.seen:
            self.say(W[_SINCE])
            scores = self.scores_line()
            for line in recap:
                self.say(line)
                if line == scores:
                    self.scores_shown = True

    def show_table(self, seat):
        m = self.m
        trick, who = m.trick[:m.trick_len], m.trick_seats[:m.trick_len]
        self.say("")
        if not self.scores_shown:
            self.say(self.scores_line())
        self.scores_shown = False
        if m.trick_len:
            self.say(W[_TRICK] % (m.trick_no + 1, m.rules.hand, "  ".join(
                "%s:%s" % (self.names[w], card_name(c)) for c, w in zip(trick, who))))
        else:
            self.say(W[_TRICK_LEAD] % (m.trick_no + 1, m.rules.hand))
        counts = ", ".join("%s %d" % (self.names[s], m.counts[s]) for s in range(m.n)
                           if m.in_round[s] and s != seat)
        self.say(W[_CARDS_LEFT] % counts)

    def review(self, seat):
        m = self.m
        if not m.rules.open_cards:
            self.say(W[_REVIEW_CLOSED])
            return
        for s in range(m.n):
            if m.in_round[s]:
                played = m.view(seat).played_by(s)
                self.say("  %s: %s" % (self.names[s], " ".join(card_name(c) for c in played)
                                       or "-"))

    # ----- turns --------------------------------------------------------------------
    def human_card(self, seat):
        m = self.m
        self.cover(seat)
        self.show_table(seat)
        hand = m.hand(seat)
        legal = m.legal_cards()
        numbered = []
        line = []
        for c in hand:
            if c in legal:
                numbered.append(c)
                line.append("[%d] %s" % (len(numbered), card_name(c)))
            else:
                line.append("    %s" % card_name(c))
        self.seen[seat] = len(self.log)
        self.say(self.pick(seat, W[_HAND_YOU], W[_HAND]))
        self.say("  " + "  ".join(line))
        if m.is_last_trick():
            self.say("  " + W[_LAST_TRICK])
        only = numbered[0] if len(numbered) == 1 else None
        if only is not None:
            self.say("  " + W[_ONLY] % card_name(only))
        ask = W[_ASK_CARD] + " " if only is None else W[_ASK_ONLY] % card_name(only) + " "
        while True:
            text = self.read(ask)
            low = text.lower()
            card = None
            if not text:
                if only is None:
                    self.say(W[_NEED_NUMBER])
                    continue
                card = only
            elif low in ("q", "quit", "exit"):
                raise Quit()
            elif low in ("h", "help", "?"):
                self.say(help_text())
                continue
            elif low == "r":
                self.review(seat)
                continue
            elif low == "s":
                self.say(self.scores_line())
                continue
            elif whole_number(text) is not None:
                k = whole_number(text)
                if not 1 <= k <= len(numbered):
                    if only is not None:
                        self.say(W[_NO_NUMBER_ONLY] % (shown(text), card_name(only)))
                    else:
                        self.say(W[_NO_NUMBER] % (shown(text), len(numbered)))
                    continue
                card = numbered[k - 1]
            else:
                try:
                    card = parse_card(text)
                except ValueError:
                    self.say(W[_NOT_CARD] % (shown(text), W[_HELP1]))
                    continue
            if card not in hand:
                self.say(W[_NOT_IN_HAND] % card_name(card))
                continue
            if card not in legal:
                self.say(explain(m, card))
                continue
            self.say("  " + self.pick(seat, EV[_PLAY_YOU], EV[_PLAY], explain(m, card)))
            return card

    def human_reentry(self, seat):
        m = self.m
        self.cover(seat)
        acts = m.legal_actions()
        restart = m.restart[seat]
        self.seen[seat] = len(self.log)
        self.say(self.pick(seat, W[_REACHED_YOU], W[_REACHED], m.rules.threshold, restart))
        options = {}
        if PAY in acts:
            options["p"] = PAY
            chips = m.rules.reentry_chips
            self.say("  " + (W[_OPT_PAY1] if chips == 1 else W[_OPT_PAY] % chips))
        if SIT_OUT in acts:
            options["s"] = SIT_OUT
            self.say("  " + W[_OPT_SIT])
        options["n"] = DECLINE
        self.say("  " + W[_OPT_STAY])
        while True:
            text = self.read(W[_ASK_CHOICE] + " ").lower()
            if text in ("q", "quit", "exit"):
                raise Quit()
            if text[:1] in options:
                return options[text[:1]]
            self.say(W[_ANSWER] % (" %s " % W[_OR]).join(sorted(options)))

    # ----- watching (no human in the match or the round) -----------------------------
    def spectating(self):
        m = self.m
        for s in self.humans:
            if m.active(s) and m.in_round[s]:
                return False
            if m.phase == PHASE_REENTRY and s in m.pending:
                return False
        return True

    def watch_pause(self, kinds):
        """Let the watcher follow the others: Enter = next trick, r = next round,
        s = skip ahead, q = save and quit (``--no-pause``: never stops)."""
        if self.skipping or self.pause == "off":
            return
        out = not any(self.m.active(s) for s in self.humans)
        skip = W[_SKIP_END] if out else W[_SKIP_AGAIN]
        keys = W[_KEYS] % skip
        if not self.watching:
            self.watching = True
            one = len(self.humans) == 1
            if out:
                self.say(W[_WATCH_OUT_YOU if one else _WATCH_OUT_ALL] % keys)
            else:
                self.say(W[_WATCH_SIT_YOU if one else _WATCH_SIT_ALL] % keys)
        if (EV_TRICK if self.watch == "trick" else EV_DEAL) not in kinds:
            return
        while True:
            text = self.read(W[_ASK_WATCH] % skip + " ").lower()
            if not text:
                self.watch = "trick"
                return
            if text in ("r", "round"):
                self.watch = "round"
                return
            if text in ("s", "skip"):
                self.skipping = True
                self.skip_from = self.m.round_no
                self.say("  " + W[_SKIPPING])
                return
            if text in ("q", "quit", "exit"):
                raise Quit()
            self.say(W[_WATCH_AGAIN] % keys)

    def end_watch(self):
        """A human acts again: back to normal play (after a skip, say where we are)."""
        if self.skipping:  # (the table, with the scores, is shown next)
            self.skipping = False
            self.say("  " + W[_SKIPPED_TO] % (self.m.round_no + 1))
        self.watching = False
        self.watch = self.pause

    # ----- the match ----------------------------------------------------------------
    def quit_message(self):
        if self.save_path:
            return "\n" + W[_SAVED_IN] % self.save_path
        return "\n" + W[_NOT_SAVED]

    def run(self):
        """Play to the end (DONE) or until the player quits (QUIT, the match saved)."""
        m = self.m
        try:
            self.save()
            self.show_events()
            while not self.over():
                seat = m.current_player()
                if seat in self.humans:
                    self.end_watch()
                    if m.phase == PHASE_REENTRY:
                        action = self.human_reentry(seat)
                    else:
                        action = self.human_card(seat)
                else:
                    action = self.bots[seat].choose(m.view(seat))
                self._moving = True
                m.apply_action(action)
                self._moving = False
                kinds = self.show_events()
                self.save()
                if not self.over() and self.spectating():
                    self.watch_pause(kinds)
        except (Quit, KeyboardInterrupt):
            # Ctrl-C inside a move leaves the save of the move before, which is whole.
            if not self._moving:
                self.save()
            self.say(self.quit_message())
            return QUIT
        self.final_summary()
        self.forget()
        return DONE


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


def epilog():
    """The end of --help: where the save lives, how to leave and start over, the lives."""
    def fill(text):
        return textwrap.fill(text, 86, break_long_words=False, break_on_hyphens=False)
    return "%s\n%s\n\n%s" % (fill(SU[_EPILOG_SAVE] % DEFAULT_SAVE), fill(SU[_EPILOG_NEW]),
                             fill(SU[_EPILOG_LIVES]))


# Options that set up a new match (a continued match keeps its own).
SETUP_OPTIONS = ("profile", "players", "humans", "level", "hand", "threshold", "strict",
                 "choice", "ace", "inverse", "tie_all", "lives", "buyback", "comeback",
                 "stakes", "first_out", "rounds", "seed", "challenge", "daily")
CHALLENGE_OPTIONS = ("--challenge", "--daily")  # each sets up the whole match
# The option that sets an engine setting named in a RulesError.
OPTION_OF = {"players": "--players", "hand": "--hand", "threshold": "--threshold",
             "rounds": "--rounds", "lives": "--lives",
             "reentries": "--lives, --buyback or --comeback", "reentry_min_others": "--buyback",
             "reentry_sit_out": "--comeback", "profile": "--profile"}


def build_parser():
    def h(k):  # a help text (argparse fills in "%(...)s": a lone % is doubled)
        return SU[k].replace("%", "%%")

    p = argparse.ArgumentParser(
        description=SU[_DESCRIPTION], epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lang", default="en", metavar="CODE",
                   help=h(_OPT_LANG).replace("%%s", " ".join(lang.CODES)))
    p.add_argument("--profile", choices=PROFILES, help=h(_OPT_PROFILE))
    p.add_argument("--players", type=int, help=h(_OPT_PLAYERS))
    p.add_argument("--humans", type=int, help=h(_OPT_HUMANS))
    p.add_argument("--level", choices=ai.LEVELS, help=h(_OPT_LEVEL))
    p.add_argument("--hand", type=int, help=h(_OPT_HAND))
    p.add_argument("--threshold", type=int, help=h(_OPT_THRESHOLD))
    follow = p.add_mutually_exclusive_group()
    follow.add_argument("--strict", action="store_true", help=h(_OPT_STRICT))
    follow.add_argument("--choice", action="store_true", help=h(_OPT_CHOICE))
    p.add_argument("--ace", choices=("ordinary", "forces-lowest", "wins-last"), help=h(_OPT_ACE))
    p.add_argument("--inverse", action="store_true", help=h(_OPT_INVERSE))
    p.add_argument("--tie-all", action="store_true", help=h(_OPT_TIE_ALL))
    again = p.add_mutually_exclusive_group()
    again.add_argument("--lives", type=int, help=h(_OPT_LIVES))
    again.add_argument("--buyback", action="store_true", help=h(_OPT_BUYBACK))
    again.add_argument("--comeback", action="store_true", help=h(_OPT_COMEBACK))
    p.add_argument("--stakes", action="store_true", help=h(_OPT_STAKES))
    end = p.add_mutually_exclusive_group()
    end.add_argument("--first-out", action="store_true", help=h(_OPT_FIRST_OUT))
    end.add_argument("--rounds", type=int, help=h(_OPT_ROUNDS))
    p.add_argument("--seed", type=int, help=h(_OPT_SEED))
    coded = p.add_mutually_exclusive_group()
    coded.add_argument("--challenge", metavar="CODE",
                       help=CH[_CH_OPT_CHALLENGE].replace("%", "%%"))
    coded.add_argument("--daily", nargs="?", const="today", metavar="YYYY-MM-DD",
                       help=CH[_CH_OPT_DAILY].replace("%", "%%"))
    p.add_argument("--save", default=DEFAULT_SAVE,
                   help=h(_OPT_SAVE).replace("%%s", "%(default)s"))
    p.add_argument("--new", action="store_true", help=h(_OPT_NEW))
    p.add_argument("--no-pause", action="store_true", help=h(_OPT_NO_PAUSE))
    return p


def rules_from_args(args, players):
    """(Rules, notes) for the options; RulesError (from Rules) when impossible. A note is
    one line telling the player about a setting the chosen variant changed."""
    kw = {"players": players}
    if args.hand is not None:
        kw["hand"] = args.hand
    if args.threshold is not None:
        kw["threshold"] = args.threshold
    if args.strict:
        kw["strict"] = True
    if args.choice:
        kw["strict"] = False
    if args.ace:
        kw["ace"] = {"ordinary": ACE_ORDINARY, "forces-lowest": ACE_FORCES_LOWEST,
                     "wins-last": ACE_WINS_LAST}[args.ace]
    if args.inverse:
        kw["inverse"] = True
    if args.tie_all:
        kw["tie_all"] = True
    if args.stakes:
        kw["stakes"] = True
    if args.lives is not None:
        kw["lives"] = args.lives
    if args.buyback:
        kw["buyback"] = True
    if args.comeback:
        kw["comeback"] = True
    if args.first_out:
        kw["end"] = END_FIRST_OUT
    if args.rounds is not None:
        kw["end"] = END_FIXED_ROUNDS
        kw["rounds"] = args.rounds
    profile = args.profile or "agurk"
    notes = []
    try:
        return Rules(profile, **kw), notes
    except RulesError as e:
        chose_reentry = args.lives is not None or args.buyback or args.comeback
        if "end" not in kw or chose_reentry:
            raise
        # The profile's own re-entry (agurk's 2 lives) does not go with this ending:
        # the variant sets one life, and the player is told.
        try:
            rules = Rules(profile, lives=1, **kw)
        except RulesError:
            raise e from None
        notes.append(SU[_NOTE_FIRST_OUT if args.first_out else _NOTE_ROUNDS]
                     % (profile, Rules(profile).lives()))
        return rules, notes


def refused(e):
    """What a RulesError refuses, in the chosen language: the "refusals" section's text
    of the refusal the engine names (``e.what``, filled with ``e.values``), else the
    engine's own message."""
    what = getattr(e, "what", None)
    if what is not None:
        text = lang.text("refusals", what)
        if text != what:  # (lang.text gives the key when no language has it)
            try:
                return text % tuple(getattr(e, "values", ()) or ())
            except (TypeError, ValueError):
                pass
    return str(e)


def refusal(e):
    """The message for a RulesError: what is refused, with the option that sets it."""
    opt = OPTION_OF.get(str(e).split(":")[0].split(" ")[0])
    return SU[_REFUSAL] % (refused(e) + (" (%s)" % opt if opt else ""))


def given_options(args):
    out = []
    for k in SETUP_OPTIONS:
        v = getattr(args, k)
        if v is not None and v is not False:
            out.append("--" + k.replace("_", "-"))
    return out


def move_aside(path):
    """Keep our damaged save aside under a new name; the sentence saying where (or why
    not)."""
    try:
        aside = ownfiles.keep_aside(path)
    except OSError as e:
        return SU[_NOT_KEPT] % (e.strerror or e)
    return SU[_KEPT_AS] % aside


def classify(path):
    """The content of our save at ``path`` (str), None when nothing is there. Raises
    ownfiles.NotOurs (a folder, or a file the game did not write: refused),
    ownfiles.Unreadable, ownfiles.Newer, or ownfiles.Damaged / SaveFileError (our own
    save, damaged). Ours is decided from the content: the envelope's signature and
    checksum, or the JSON of an earlier version whose match record has the engine's
    own signature."""
    data = ownfiles.read_bytes(path)
    if data is None:
        return None
    if ownfiles.signed(SAVE_KIND, data):
        payload = ownfiles.unwrap(SAVE_KIND, data)
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            raise ownfiles.Damaged("not text") from None
    try:  # a save of an earlier version: bare JSON
        old = json.loads(data.decode("utf-8"))
        if isinstance(old, dict) and set(old) == {"humans", "levels", "match", "seed"} \
                and isinstance(old["match"], str) and old["match"][:6] == "435501":
            return data.decode("utf-8")
    except ValueError:
        pass
    raise ownfiles.NotOurs(path)


def load_save(text):
    """(match, humans, levels, seed, challenge or None) from the text of our save;
    SaveFileError saying what is wrong with it. Every field is checked: a match is
    continued whole or not at all. A challenge's match has its code (its human seats
    may be any; another match's are the first seats)."""
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveFileError(SU[_BAD_JSON]) from None
    if not isinstance(data, dict):
        raise SaveFileError(SU[_BAD_KIND])
    for key in ("match", "humans", "levels", "seed"):
        if key not in data:
            raise SaveFileError(SU[_BAD_FIELD] % key)
    blob = data["match"]
    try:
        if not isinstance(blob, str):
            raise ValueError
        blob = bytes.fromhex(blob)
    except ValueError:
        raise SaveFileError(SU[_BAD_RECORD]) from None
    try:
        m = save.loads(blob)
    except ValueError as e:  # SaveError, and anything else the engine refuses
        raise SaveFileError(SU[_BAD_RECORD_WHY] % e) from None
    ch = None
    if "challenge" in data:
        try:
            ch = challenge.decode(data["challenge"])
        except challenge.ChallengeError:
            raise SaveFileError(CH[_CH_BAD_SAVE]) from None
        if ch.rules != m.rules or len(ch.kinds) != m.n:
            raise SaveFileError(CH[_CH_BAD_SAVE])
    humans = data["humans"]
    if not (isinstance(humans, list) and len(humans) <= m.n
            and all(type(h) is int for h in humans)
            and (humans == challenge_humans(ch) if ch is not None
                 else 1 <= len(humans) and humans == list(range(len(humans))))):
        raise SaveFileError(SU[_BAD_HUMANS])
    levels = data["levels"]
    if not (isinstance(levels, list) and len(levels) == m.n
            and all(levels[s] == "human" if s in humans else levels[s] in ai.LEVELS
                    for s in range(m.n))
            and (ch is None or levels == challenge_levels(ch))):
        raise SaveFileError(SU[_BAD_LEVELS])
    seed = data["seed"]
    if type(seed) is not int:
        raise SaveFileError(SU[_BAD_SEED])
    return m, set(humans), levels, seed, ch


def challenge_humans(ch):
    """The human seats of challenge ``ch``, in order."""
    return [s for s in range(len(ch.kinds)) if ch.kinds[s] == challenge.HUMAN]


def challenge_levels(ch):
    """The seats' levels as a save keeps them: "human" or the AI's level."""
    return ["human" if k == challenge.HUMAN else challenge.LEVELS[k] for k in ch.kinds]


def refuse_path(path, e):
    """The one line for a save path the game must not write: what and what to do."""
    if isinstance(e, ownfiles.Unreadable):
        return SU[_CANNOT_READ] % (path, e.reason)
    if isinstance(e, ownfiles.Newer):
        return SU[_NEWER] % path
    if os.path.isdir(path):
        return SU[_IS_FOLDER] % path
    return SU[_NOT_OURS] % path


def check_save_path(path):
    """(text of our save or None, damaged reason or None); SavePathRefused with the one
    line to print when the path is not ours to write."""
    try:
        text = classify(path)
    except ownfiles.Damaged as e:
        return None, SU[_BAD_CHECK] if "checksum" in str(e) else SU[_BAD_JSON]
    except (ownfiles.NotOurs, ownfiles.Unreadable, ownfiles.Newer) as e:
        raise SavePathRefused(refuse_path(path, e)) from None
    if text is None:
        return None, None  # a new save (where it cannot be written, the match goes on)
    try:
        load_save(text)
    except SaveFileError as e:
        return None, str(e)
    return text, None


def resume(args, text, ask, say):
    """The saved Game, or None for a new match (after saying why)."""
    m, humans, levels, seed, ch = load_save(text)
    given = given_options(args)
    if given:
        say(SU[_NOTE_GIVEN] % " ".join(given))
    info = SU[_SAVED_INFO] % (m.rules.profile, m.n, m.round_no + 1)
    try:
        answer = prompt(ask, SU[_ASK_CONTINUE] % info + " ")
    except Quit:
        raise Quit("\n" + SU[_STILL_SAVED] % args.save) from None
    if is_no(answer):
        say(SU[_REPLACING])
        return None
    m.log_events = True
    m.events = []
    say(SU[_CONTINUING] % rules_summary(m.rules))
    game = Game(m, humans, levels, seed, ask, say, args.save, not args.no_pause, ch)
    game.saved = text
    return game


def new_seed(args, k=0):
    if args.seed is not None:
        return args.seed + k
    return int.from_bytes(os.urandom(3), "little")


def language_of(argv):
    """The code ``--lang`` asks for ("en" without it), before the options are read (the
    options' help is in that language); None for a code the game does not have."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--lang", default="en")
    try:
        known, _ = pre.parse_known_args(argv)
    except SystemExit:  # "--lang" without a code: the real parser says so
        return "en"
    code = known.lang.strip().lower()
    return code if code in lang.CODES else None


def main(argv=None, ask=input, say=print, questions=None):
    """Play; the exit status (0, also for quitting: the match is kept; 2 for impossible
    options, after argparse's message, or an unknown language). ``questions``: ask the
    set-up questions for what the options leave open (default: when reading a
    terminal)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    code = language_of(argv)
    use_language(code or "en")
    if code is None:
        pre = argparse.ArgumentParser(add_help=False)
        pre.add_argument("--lang")
        wrong = pre.parse_known_args(argv)[0].lang
        sys.stderr.write("%s: %s\n" % (os.path.basename(sys.argv[0] or "terminal_game.py"),
                                       SU[_BAD_LANG] % (wrong, " ".join(lang.CODES))))
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    if questions is None:
        questions = ask is input and sys.stdin.isatty()
    if say is print:
        try:  # a terminal that cannot show the suit symbols gets "?", not a traceback
            sys.stdout.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    if ask is input:
        try:  # typed or pasted bytes that are not text are read as "\ufffd", not a traceback
            sys.stdin.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    try:
        return play(parser, args, ask, say, questions)
    except (Quit, KeyboardInterrupt) as e:
        say(e.args[0] if isinstance(e, Quit) and e.args else "\n" + SU[_NO_MATCH])
        return 0


def the_challenge(args):
    """The Challenge of ``--challenge`` or ``--daily`` (None without them); a ChallengeError
    for a code or date that is not one, or ValueError (its message the one line to
    print) when set-up options are given too."""
    if args.challenge is None and args.daily is None:
        return None
    if args.challenge is not None:
        ch = challenge.decode(args.challenge)
    else:
        if args.daily == "today":
            args.daily = "%04d-%02d-%02d" % time.localtime()[:3]
        ch = challenge.daily(args.daily)
    others = [o for o in given_options(args) if o not in CHALLENGE_OPTIONS]
    if others:
        which = "--challenge" if args.challenge is not None else "--daily"
        raise ValueError(CH[_CH_CONFLICT] % (which, " ".join(others)))
    return ch


def challenge_game(ch, args, ask, say):
    """A new Game of challenge ``ch``, after saying its code, rules and length."""
    m = ch.match(log_events=True)
    code = challenge.show(challenge.encode(ch))
    if args.daily is not None:
        say(CH[_CH_DAILY] % (args.daily, code))
    say(CH[_CH_START] % (code, rules_summary(m.rules)))
    if ch.length:
        say(CH[_CH_LENGTH] % ch.length)
    return Game(m, challenge_humans(ch), challenge_levels(ch), ch.seed, ask, say, args.save,
                not args.no_pause, ch)


def play(parser, args, ask, say, questions):
    # Impossible options are refused before anything else happens.
    try:
        ch = the_challenge(args)
    except challenge.ChallengeError as e:
        return refuse(challenge_error(e))
    except ValueError as e:
        return refuse(str(e))
    if args.humans is not None and args.humans < 1:
        parser.error(SU[_HUMANS_MIN] % args.humans)
    try:
        rules_from_args(args, 4 if args.players is None else args.players)
    except RulesError as e:
        parser.error(refusal(e))
    if args.humans is not None and args.players is not None:
        check_seats(parser, args, args.players, args.humans)
    game = None
    if args.save:
        try:
            text, damaged = check_save_path(args.save)
        except SavePathRefused as e:
            say(str(e))
            return 2
        if damaged:
            say(SU[_UNREADABLE] % (damaged, move_aside(args.save)))
        elif text is not None and not args.new:
            game = resume(args, text, ask, say)
    if game is None and ch is not None:
        game = challenge_game(ch, args, ask, say)
    elif game is None:
        game, notes = new_game(parser, args, ask, say, questions)
        for line in notes:
            say(line)
        say(SU[_RULES] % (rules_summary(game.m.rules), game.seed))
    k = 0
    while game.run() == DONE:
        try:
            again = prompt(ask, SU[_ASK_AGAIN] + " ")
        except Quit:
            again = ""
        if not is_yes(again):
            say(SU[_BYE])
            return 0
        k += 1
        if game.challenge is not None:  # the next seed's challenge: a code as well
            done = game.challenge
            ch = challenge.Challenge(done.rules, done.kinds, (done.seed + 1) % challenge.SEEDS,
                                     done.length)
            say(CH[_CH_NEXT] % challenge.show(challenge.encode(ch)))
            args.daily = None
            game = challenge_game(ch, args, ask, say)
            continue
        seed = new_seed(args, k)
        m = Match(game.m.rules.copy(), seed=seed, log_events=True)
        game = Game(m, game.humans, game.levels, seed, ask, say, args.save, not args.no_pause)
        say(SU[_RULES] % (rules_summary(m.rules), seed))
    return 0


def refuse(line):
    """One line on stderr for options that cannot be played; the exit status 2."""
    sys.stderr.write("%s: %s\n" % (os.path.basename(sys.argv[0] or "terminal_game.py"), line))
    return 2


def check_seats(parser, args, players, humans):
    if not 1 <= humans <= players:
        parser.error(SU[_HUMANS_RANGE] % (players, humans))
    if args.level and humans == players:
        parser.error(SU[_NO_AI])


def new_game(parser, args, ask, say, questions):
    players = args.players
    humans = args.humans
    if questions and (args.profile is None or players is None or humans is None):
        say(SU[_INTRO])
        while args.profile is None:
            answer = prompt(ask, SU[_ASK_RULES] + " ").lower() or "agurk"
            if answer in PROFILES:
                args.profile = answer
            else:
                say(SU[_CHOOSE_RULES])

        def check(n):
            try:
                rules_from_args(args, n)
            except RulesError as e:
                return SU[_REFUSED] % refused(e)
            return None

        if players is None:
            players = ask_int(ask, say, SU[_ASK_PLAYERS], 4, 2, 7, check)
        if humans is None:
            humans = ask_int(ask, say, SU[_ASK_HUMANS], 1, 1, players)
    players = 4 if players is None else players
    humans = 1 if humans is None else humans
    try:
        rules, notes = rules_from_args(args, players)
    except RulesError as e:
        parser.error(refusal(e))
    check_seats(parser, args, players, humans)
    seed = new_seed(args)
    levels = ["human" if s < humans else args.level or "medium" for s in range(players)]
    m = Match(rules, seed=seed, log_events=True)
    game = Game(m, range(humans), levels, seed, ask, say, args.save, not args.no_pause)
    return game, notes


if __name__ == "__main__":
    sys.exit(main())
