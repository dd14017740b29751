"""Challenge codes: a whole match set-up in 12 characters that a person reads aloud and
types without mistakes, so that everyone who plays the code gets the same match.

    ch = challenge.decode("K7QM-3XHB-2N9D")   # ChallengeError (one line) if it is not one
    m = ch.match(log_events=True)           # the same cards everywhere
    bots = ch.players()                     # an engine.ai Player per AI seat (None: human)
    while not ch.finished(m): ...           # the whole match, or ``length`` rounds
    challenge.show(challenge.encode(ch))    # "K7QM-3XHB-2N9D": groups of 4, to read out

A :class:`Challenge` is the rules (an engine.rules.Rules: the profile and every variant
setting), each seat's kind (HUMAN or an AI level: EASY, MEDIUM, HARD, as cucumber.seats
numbers them), the seed (0 to 4095) and the length (0: the whole match; N: the first N
rounds, after which the scores are the result).

The code's 32 symbols are the digits 2-9 and the letters without I and O: no 0/O or 1/I
to confuse. It is read with or without separators, in either case. Its last two symbols
check the others (a Reed-Solomon check over GF(32)): every single wrong symbol and every
two neighbours swapped is caught, and the message names where ("check the 4th
character"). A code of a newer version of the game says so.

Layout, version 0: the symbols are the base-32 digits of one number, most significant
first, then the two check symbols. The number is mixed-radix, least significant digit
first: the version (radix 4: 0 is this one, 1-3 newer), the players and their kinds
(radix 21840: for n players 2..7, sum of 4**m for m < n, plus kind of seat s * 4**s),
profile (3), hand (5), strict, ace (3), tie_all, inverse, stakes, open_cards (2 each),
threshold, the end with the re-entry, the length and the seed (4096). A 12-symbol code
holds the set-up screen's choices (threshold 11, 15, 21, 25, 30, 40 or 50; re-entry none,
2 to 4 lives, buy-back or comeback; up to 20 fixed rounds; a length up to 10 rounds); a
16-symbol code holds any settings engine.rules allows (a length up to 99) and its spare
high digits are zero. Settings that the rest make unused are not carried: the rounds of a
match that does not end after fixed rounds, and the re-entry details of a match without
re-entry (or with free lives) decode as the profile's and as none; a match never reads
them, so it plays the same.

The seed becomes the match's seed through engine.rng (the same on every Python) and the
AIs' seeds as the board's app does: ``bot_seed`` is the match seed's low 16 bits and seat
s's AI gets ``bot_seed + 7 * s``.

The daily challenge (:func:`daily`) needs no network: the date typed in gives the seed
(days since 2000-01-01, modulo 4096) of a fixed table: agurk's cards and rules, five
rounds (lowest total wins, one life each: lives need a last-standing match), the player
in seat 1 against three medium AIs.

Errors are :class:`ChallengeError` (a ValueError): one English line, plus ``what`` and
``values`` for a front end that words it in its own language.
"""

from engine.compat import const
from engine.rng import Rng
from engine.rules import (
    Rules, RulesError, PROFILES, END_FIRST_OUT, END_FIXED_ROUNDS,
)

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
SEPARATORS = " -_.\t"
SHORT = const(12)  # symbols in a code of the set-up's settings
LONG = const(16)  # symbols in a code of any settings
VERSION = const(0)  # the version digit this game writes
SEEDS = const(4096)
MAX_LENGTH = const(99)

HUMAN = const(0)  # seat kinds, as cucumber.seats numbers them
EASY = const(1)
MEDIUM = const(2)
HARD = const(3)
LEVELS = ("", "easy", "medium", "hard")

# The set-up screen's thresholds (cucumber.settings.THRESHOLDS): a short code's choices.
_THRESHOLDS = b"\x0b\x0f\x15\x19\x1e\x28\x32"
_KINDS = const(21840)  # sum of 4**n for n = 2..7: the players and their kinds
_SHORT_ENDS = const(27)  # last standing x 6 re-entries, first out, fixed 1..20 rounds
_LONG_ENDS = const(524)  # last standing x 424 re-entries, first out, fixed 1..99 rounds
_SHORT_LENGTHS = const(11)
_CHOICES = const(420)  # reentries 1..3 x chips 0..9 x min_others 0..6 x sit_out 0..1
_ALPHA_3 = const(28)  # 1 / (x + 1) in GF(32) modulo x**5 + x**2 + 1
_EPOCH = const(730425)  # 2000-01-01 in days from 0000-03-01


class ChallengeError(ValueError):
    """Not a challenge code (or not a date, or an impossible challenge). ``what`` names
    the problem and ``values`` fill its message; str() is the English line."""

    what = None
    values = ()


def _fail(what, *values):
    e = ChallengeError(_message(what, values))
    e.what = what
    e.values = values
    raise e


def _message(what, values):
    if what == "symbol":
        return ("not a challenge code: the %s character, %s, is never in a code (no 0, 1, "
                "I or O)" % (ordinal(values[0]), values[1]))
    if what == "check":
        return "not a challenge code: check the %s character" % ordinal(values[0])
    if what == "swap":
        return ("not a challenge code: check the %s and %s characters (swapped?)"
                % (ordinal(values[0]), ordinal(values[1])))
    if what == "length":
        return "not a challenge code: it has %d characters, a code has 12 or 16" % values
    if what == "newer":
        return "this challenge code is from a newer version of the game"
    if what == "date":
        return "not a date: type it as YYYY-MM-DD, e.g. 2025-03-14"
    if what == "range":
        return "%s: %d to %d, not %r" % values
    return {"empty": "not a challenge code: nothing was typed",
            "typo": "not a challenge code: check every character",
            "invalid": "not a challenge code: no match has these settings"}[what]


def ordinal(n):
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th"
    if n % 100 // 10 != 1:
        suffix = ("th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th")[n % 10]
    return "%d%s" % (n, suffix)


class Challenge:
    """A match set-up: ``rules`` (Rules), ``kinds`` (one per seat: HUMAN, EASY, MEDIUM or
    HARD), ``seed`` (0..4095) and ``length`` (0: the whole match; N: N rounds)."""

    def __init__(self, rules, kinds, seed, length=0):
        try:
            rules.validate()
        except RulesError:
            _fail("invalid")
        if len(kinds) != rules.players:
            _fail("range", "seats", rules.players, rules.players, len(kinds))
        for k in kinds:
            if not isinstance(k, int) or k < HUMAN or k > HARD:
                _fail("range", "kind", HUMAN, HARD, k)
        if not isinstance(seed, int) or seed < 0 or seed >= SEEDS:
            _fail("range", "seed", 0, SEEDS - 1, seed)
        if not isinstance(length, int) or length < 0 or length > MAX_LENGTH:
            _fail("range", "length", 0, MAX_LENGTH, length)
        self.rules = rules
        self.kinds = bytes(kinds)
        self.seed = seed
        self.length = length

    def __eq__(self, other):
        return (isinstance(other, Challenge) and self.kinds == other.kinds
                and self.seed == other.seed and self.length == other.length
                and self.rules == other.rules)

    def code(self):
        return encode(self)

    def humans(self):
        """The human seats, in seat order."""
        return [s for s in range(len(self.kinds)) if self.kinds[s] == HUMAN]

    def match_seed(self):
        """The seed of the match (30 bits), from ``seed`` through engine.rng."""
        r = Rng(self.seed * 5 + 10853)
        r.bits15()
        r.bits15()
        return (r.bits15() << 15) | r.bits15()

    def bot_seed(self):
        """The AIs' seed as the board's app keeps it: the match seed's low 16 bits."""
        return self.match_seed() & 0xFFFF

    def seat_seed(self, seat):
        """The seed of the AI (or of any player standing in) at ``seat``."""
        return self.bot_seed() + 7 * seat

    def match(self, log_events=False):
        """A new engine Match of this challenge."""
        from engine.match import Match
        return Match(self.rules.copy(), seed=self.match_seed(), log_events=log_events)

    def players(self):
        """Per seat an engine.ai Player of its level and seed, None for a human."""
        from engine.ai import Player
        out = []
        for s in range(len(self.kinds)):
            k = self.kinds[s]
            out.append(Player(LEVELS[k], self.seat_seed(s)) if k != HUMAN else None)
        return out

    def finished(self, m):
        """True once match ``m`` is over or has played ``length`` rounds (a round
        counts when its penalty is scored; sudden death's rounds do not)."""
        return m.is_terminal() or (self.length > 0 and m.round_no >= self.length)


# ----- the code ----------------------------------------------------------------------

def _xtime(a):
    """``a`` times x in GF(32) modulo x**5 + x**2 + 1."""
    a <<= 1
    return a ^ 0x25 if a & 0x20 else a


def _mul(a, b):
    p = 0
    while b:
        if b & 1:
            p ^= a
        a = _xtime(a)
        b >>= 1
    return p


def _syndromes(sym):
    """(sum of the symbols, sum of symbol i times x**(len - 1 - i)); both 0 when the
    check symbols fit."""
    s0 = 0
    s1 = 0
    for v in sym:
        s0 ^= v
        s1 = _xtime(s1) ^ v
    return s0, s1


def _push(d, radix, value):
    """The number in digits ``d`` (base 32, least significant first) times ``radix``,
    plus ``value``."""
    carry = value
    for i in range(len(d)):
        x = d[i] * radix + carry
        d[i] = x & 31
        carry = x >> 5
    if carry:
        raise OverflowError("challenge code")  # the layout is wrong: never at run time


def _pop(d, radix):
    """The number in ``d`` divided by ``radix`` in place; the remainder."""
    rem = 0
    for i in range(len(d) - 1, -1, -1):
        x = (rem << 5) | d[i]
        d[i] = x // radix
        rem = x % radix
    return rem


def _end_digit(r, short):
    """The end and the re-entry as one digit; -1 when a short code cannot hold them."""
    if r.end == END_FIRST_OUT:
        return 6 if short else 424
    if r.end == END_FIXED_ROUNDS:
        if short:
            return 6 + r.rounds if r.rounds <= 20 else -1
        return 424 + r.rounds
    re = r.reentries
    if not re:
        return 0
    if not r.reentry_choice:
        return re
    choice = (((re - 1) * 10 + r.reentry_chips) * 7 + r.reentry_min_others) * 2 \
        + r.reentry_sit_out
    if not short:
        return 4 + choice
    if re == 1 and r.reentry_chips == 1:
        if r.reentry_min_others == 3 and not r.reentry_sit_out:
            return 4  # buy-back
        if r.reentry_min_others == 0 and r.reentry_sit_out:
            return 5  # comeback
    return -1


def encode(ch):
    """The code of Challenge ``ch``: 12 symbols when it fits, else 16 (no separators)."""
    r = ch.rules
    kinds = 0
    for s in range(len(ch.kinds) - 1, -1, -1):
        kinds = kinds * 4 + ch.kinds[s]
    players = _players_offset(r.players) + kinds
    short = ch.length < _SHORT_LENGTHS and _threshold_index(r.threshold) >= 0 \
        and _end_digit(r, True) >= 0
    if short:
        fields = ((4, VERSION), (_KINDS, players), (3, PROFILES.index(r.profile)),
                  (5, r.hand - 3), (2, int(r.strict)), (3, r.ace), (2, int(r.tie_all)),
                  (2, int(r.inverse)), (2, int(r.stakes)), (2, int(r.open_cards)),
                  (7, _threshold_index(r.threshold)),
                  (_SHORT_ENDS, _end_digit(r, True)), (_SHORT_LENGTHS, ch.length),
                  (SEEDS, ch.seed))
    else:
        fields = ((4, VERSION), (_KINDS, players), (3, PROFILES.index(r.profile)),
                  (5, r.hand - 3), (2, int(r.strict)), (3, r.ace), (2, int(r.tie_all)),
                  (2, int(r.inverse)), (2, int(r.stakes)), (2, int(r.open_cards)),
                  (250, r.threshold - 1), (_LONG_ENDS, _end_digit(r, False)),
                  (MAX_LENGTH + 1, ch.length), (SEEDS, ch.seed))
    n = (SHORT if short else LONG) - 2
    d = bytearray(n)
    for i in range(len(fields) - 1, -1, -1):
        _push(d, fields[i][0], fields[i][1])
    sym = bytearray(n + 2)
    for i in range(n):
        sym[i] = d[n - 1 - i]
    p0, p1 = _syndromes(sym[:n])
    p1 = _xtime(_xtime(p1))  # the data's weights are x**2 and up
    c1 = _mul(p0 ^ p1, _ALPHA_3)  # c1 + c2 = p0 and x * c1 + c2 = p1
    sym[n] = c1
    sym[n + 1] = p0 ^ c1
    return "".join([ALPHABET[v] for v in sym])


def show(code, sep="-"):
    """``code`` in groups of 4 for reading aloud: "K7QM-3XHB-2N9D"."""
    code = _clean(code)
    return sep.join([code[i:i + 4] for i in range(0, len(code), 4)])


def _clean(text):
    out = []
    for c in str(text).strip():
        if c not in SEPARATORS:
            out.append(c.upper())
    return "".join(out)


def _threshold_index(t):
    """Where ``t`` is in _THRESHOLDS, -1 if not there (``int in bytes`` is not in
    MicroPython)."""
    for i in range(len(_THRESHOLDS)):
        if _THRESHOLDS[i] == t:
            return i
    return -1


def _players_offset(n):
    off = 0
    for m in range(2, n):
        off += 4 ** m
    return off


def decode(text):
    """The Challenge of a code typed in any case, with or without separators;
    ChallengeError naming the problem (and where) when it is not one."""
    code = _clean(text)
    if not code:
        _fail("empty")
    sym = bytearray(len(code))
    for i in range(len(code)):
        v = ALPHABET.find(code[i])
        if v < 0:
            _fail("symbol", i + 1, code[i])
        sym[i] = v
    size = len(sym)
    s0, s1 = _syndromes(sym) if 4 <= size <= 31 else (1, 1)
    if s0 or s1:
        if size != SHORT and size != LONG:
            _fail("length", size)
        _locate(sym, s0, s1)
    n = size - 2
    d = bytearray(n)
    for i in range(n):
        d[i] = sym[n - 1 - i]
    if _pop(d, 4) != VERSION:
        _fail("newer")
    if size != SHORT and size != LONG:
        _fail("length", size)
    short = size == SHORT
    players = _pop(d, _KINDS)
    n = 2
    while players >= 4 ** n:
        players -= 4 ** n
        n += 1
    kinds = bytearray(n)
    for s in range(n):
        kinds[s] = players & 3
        players >>= 2
    r = Rules(PROFILES[_pop(d, 3)])
    r.players = n
    r.hand = _pop(d, 5) + 3
    r.strict = _pop(d, 2) == 1
    r.ace = _pop(d, 3)
    r.tie_all = _pop(d, 2) == 1
    r.inverse = _pop(d, 2) == 1
    r.stakes = _pop(d, 2) == 1
    r.open_cards = _pop(d, 2) == 1
    if short:
        r.threshold = _THRESHOLDS[_pop(d, 7)]
        end = _pop(d, _SHORT_ENDS)
        _set_end(r, end, 6)
        if end == 4:
            r.set_buyback()
        elif end == 5:
            r.set_comeback()
        length = _pop(d, _SHORT_LENGTHS)
    else:
        r.threshold = _pop(d, 250) + 1
        end = _pop(d, _LONG_ENDS)
        _set_end(r, end, 424)
        if 4 <= end < 424:
            c = end - 4
            r.reentry_sit_out = c & 1 == 1
            c >>= 1
            r.reentry_min_others = c % 7
            c //= 7
            r.reentry_chips = c % 10
            r.reentries = c // 10 + 1
            r.reentry_choice = True
        length = _pop(d, MAX_LENGTH + 1)
    seed = _pop(d, SEEDS)
    for v in d:
        if v:
            _fail("newer")  # a later layout's high digits
    return Challenge(r, kinds, seed, length)


def _set_end(r, end, first_out):
    """The end of digit ``end`` (``first_out``: its first-out value) with no re-entry, or
    free lives for 1..3."""
    r.set_lives(1)
    r.end = 0
    if end == first_out:
        r.end = END_FIRST_OUT
    elif end > first_out:
        r.end = END_FIXED_ROUNDS
        r.rounds = end - first_out
    elif 1 <= end <= 3:
        r.set_lives(end + 1)


def _locate(sym, s0, s1):
    """Fail naming the wrong symbol (one wrong symbol: s1 = s0 * x**(len - 1 - i)), the
    swapped neighbours, or every character."""
    size = len(sym)
    if s0:
        a = s0
        for k in range(size):
            if a == s1:
                _fail("check", size - k)
            a = _xtime(a)
        _fail("typo")
    for i in range(size - 1):
        a = sym[i]
        b = sym[i + 1]
        if a != b:
            sym[i] = b
            sym[i + 1] = a
            fits = _syndromes(sym) == (0, 0)
            sym[i] = a
            sym[i + 1] = b
            if fits:
                _fail("swap", i + 1, i + 2)
    _fail("typo")


# ----- the daily challenge -----------------------------------------------------------

def daily(date):
    """The challenge of the day ``date`` ("YYYY-MM-DD"): the daily table (agurk, five
    rounds, one life each; seat 1 a human, three medium AIs) with the seed of that day."""
    t = str(date).strip()
    if len(t) != 10 or t[4] != "-" or t[7] != "-":
        _fail("date")
    try:
        y = int(t[0:4])
        m = int(t[5:7])
        d = int(t[8:10])
    except ValueError:
        _fail("date")
    for c in t[0:4] + t[5:7] + t[8:10]:
        if c not in "0123456789":
            _fail("date")
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    if m < 1 or m > 12 or d < 1 or d > b"\x1f\x1c\x1f\x1e\x1f\x1e\x1f\x1f\x1e\x1f\x1e\x1f"[
            m - 1] + (1 if m == 2 and leap else 0):
        _fail("date")
    return Challenge(Rules("agurk", lives=1, end=END_FIXED_ROUNDS, rounds=5),
                     (HUMAN, MEDIUM, MEDIUM, MEDIUM), day_number(y, m, d) % SEEDS)


def day_number(y, m, d):
    """Days from 2000-01-01 to the date (negative before it)."""
    if m <= 2:
        y -= 1
        m += 12
    return 365 * y + y // 4 - y // 100 + y // 400 + (153 * (m - 3) + 2) // 5 + d - 1 \
        - _EPOCH
