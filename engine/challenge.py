"""Challenge codes: a whole match set-up in 12 characters (16 for settings the set-up
screen does not offer) that a person reads aloud and types without mistakes, so that
everyone who plays the code gets the same match.

    ch = challenge.decode("9JRB-JVL9-R2CW")   # ChallengeError (one line) if it is not one
    m = ch.match(log_events=True)           # the same cards everywhere
    bots = ch.players()                     # an engine.ai Player per AI seat (None: human)
    while not ch.finished(m): ...           # the whole match, or ``length`` rounds
    challenge.show(challenge.encode(ch))    # "9JRB-JVL9-R2CW": groups of 4, to read out

A :class:`Challenge` is the rules (an engine.rules.Rules: the profile and every variant
setting), each seat's kind (HUMAN or an AI level: EASY, MEDIUM, HARD, as cucumber.seats
numbers them), the seed (0 to 4095) and the length (0: the whole match; N: the first N
rounds, after which the scores are the result).

The code's 32 symbols are the digits 2-9 and the letters without I and O: no 0/O or 1/I
to confuse. It is read with or without separators, in either case. Its last two symbols
check the others (two sums over GF(32), see _COLUMNS): every single wrong symbol and every
two neighbours swapped is caught, and the message names where ("check the 4th
character"). No version's code is longer than 16 symbols.

A code carries the version it was made with (``VERSION``: what the engine deals from a
seed and how its AIs play; host_tests/test_challenge.py keeps transcripts of a
few codes, which fail when either changes, so that it moves on purpose). A code of
another version still decodes here, its ``Challenge.version`` saying which, and plays
with this version's cards and AIs: the front ends say so in one line, since its
penalties compare only with this version's. A code this version cannot lay out (another
length, digits where this layout has none) is "newer".

Layout, version 0: the symbols are the base-32 digits of one number, most significant
first, then the two check symbols. The number is mixed-radix, least significant digit
first: the version (radix 4: ``VERSION`` modulo 4), the players and their kinds
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

Errors are :class:`ChallengeError` (a ValueError): ``what`` and ``values`` for a front
end that words it in its own language, and one English line as its str(), written by
:mod:`engine.challengex` when asked for (a board that shows its own words never loads
it).
"""

from engine.compat import const
from engine.rng import Rng
from engine.rules import Rules, RulesError, PROFILES, END_FIRST_OUT, END_FIXED_ROUNDS

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
SEPARATORS = "-_."  # and any white space
SHORT = const(12)  # symbols in a code of the set-up's settings
LONG = const(16)  # symbols in a code of any settings
# the version of what a code plays (the deals and the AIs' play), modulo 4 its digit: raised
# when the golden transcripts of host_tests/test_challenge.py move
VERSION = const(0)
SEEDS = const(4096)
MAX_LENGTH = const(99)

HUMAN = const(0)  # seat kinds, as cucumber.seats numbers them
EASY = const(1)
MEDIUM = const(2)
HARD = const(3)
LEVELS = ("", "easy", "medium", "hard")

# The radix of each digit, version first (see the layout above), in a 12- and a 16-symbol
# code: version, players and kinds, profile, hand, strict, ace, tie_all, inverse, stakes,
# open_cards, threshold, end and re-entry, length, seed.
_SHORT = (4, 21840, 3, 5, 2, 3, 2, 2, 2, 2, 7, 27, 11, SEEDS)
_LONG = (4, 21840, 3, 5, 2, 3, 2, 2, 2, 2, 250, 524, MAX_LENGTH + 1, SEEDS)
# The set-up screen's thresholds (cucumber.settings.THRESHOLDS): a short code's choices.
_THRESHOLDS = b"\x0b\x0f\x15\x19\x1e\x28\x32"
# The check: a code of L symbols (at most 16) is right when, with column i of the last L
# of these 16 columns (a, b), the sums over its symbols of symbol * a and of symbol * b
# (in GF(32) modulo x**5 + x**2 + 1) are both 0. The last two columns are (1, 0) and
# (0, 1): the check symbols are the data's two sums. No column, nor the sum of two
# neighbouring columns, is a multiple of another of them (host_tests/test_challenge.py
# proves it), so a wrong symbol at i gives sums that are a multiple of column i alone, and
# neighbours swapped give sums that are a multiple of their two columns' sum alone: the
# place of either is known. (A computer search found them: 31 of the 33 directions there
# are.)
_COLUMNS = (b"\x05\x0f\x1f\x19\x03\x02\x01\x0a\x15\x09\x06\x07\x01\x0b\x14\x05"
            b"\x10\x0e\x09\x1c\x08\x0c\x0c\x13\x0b\x03\x16\x0b\x01\x00\x00\x01")
_MAX_SIZE = const(16)  # symbols in the longest code (the columns there are)
_START = const(0x27A)  # where the two sums start (S0 19, S1 26): no multiple of the sum
# of the last L columns for any L, so that no run of one symbol ("2222-2222-2222") is a code
_EPOCH = const(730425)  # 2000-01-01 in days from 0000-03-01


class ChallengeError(ValueError):
    """Not a challenge code (or not a date, or an impossible challenge). ``what`` names
    the problem and ``values`` fill its message; str() is the English line, written
    when it is asked for."""

    what = None
    values = ()

    def __str__(self):
        from engine.challengex import message
        return message(self.what, self.values)


def _fail(what, *values):
    e = ChallengeError()
    e.what = what
    e.values = values
    raise e


class Challenge:
    """A match set-up: ``rules`` (Rules), ``kinds`` (one per seat: HUMAN, EASY, MEDIUM or
    HARD), ``seed`` (0..4095) and ``length`` (0: the whole match; N: N rounds);
    ``version``, the digit of the version that made its code (this one's for a new
    Challenge: ``another_version()`` is False)."""

    version = VERSION & 3

    def __init__(self, rules, kinds, seed, length=0):
        try:
            rules.validate()
        except RulesError:
            _fail("invalid")
        if len(kinds) != rules.players:
            _fail("range", "seats", rules.players, rules.players, len(kinds))
        for k in kinds:
            _check("kind", k, HARD)
        _check("seed", seed, SEEDS - 1)
        _check("length", length, MAX_LENGTH)
        self.rules = rules
        self.kinds = bytes(kinds)
        self.seed = seed
        self.length = length

    def __eq__(self, other):
        return (isinstance(other, Challenge) and self.kinds == other.kinds
                and self.seed == other.seed and self.length == other.length
                and self.rules == other.rules)

    def another_version(self):
        """True when the code was made by another version of the game: this one deals
        and plays it, maybe otherwise than that one did."""
        return self.version != VERSION & 3

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
            out.append(Player(LEVELS[k], self.seat_seed(s)) if k else None)
        return out

    def finished(self, m):
        """True once match ``m`` is over or has played ``length`` rounds (a round
        counts when its penalty is scored; sudden death's rounds do not)."""
        return m.is_terminal() or (self.length > 0 and m.round_no >= self.length)


def _check(name, v, hi):
    if not isinstance(v, int) or v < 0 or v > hi:
        _fail("range", name, 0, hi, v)


# ----- the code ----------------------------------------------------------------------

def _mul(a, b):
    """``a`` times ``b`` in GF(32) modulo x**5 + x**2 + 1."""
    p = 0
    while b:
        if b & 1:
            p ^= a
        a <<= 1
        if a & 32:
            a ^= 0x25
        b >>= 1
    return p


def _syndromes(sym):
    """(S0, S1): the sums over the symbols of symbol times its column's a and b (the
    columns of the last ``len(sym)`` positions), each from its start in _START; both 0
    when the check symbols fit."""
    s0 = _START >> 5
    s1 = _START & 31
    k = 2 * (_MAX_SIZE - len(sym))
    for v in sym:
        s0 ^= _mul(v, _COLUMNS[k])
        s1 ^= _mul(v, _COLUMNS[k + 1])
        k += 2
    return s0, s1


def _end_digit(r, short):
    """The end and the re-entry as one digit; -1 when a short code cannot hold them.
    Short: 0 none, 1-3 lives 2-4, 4 buy-back, 5 comeback, 6 first out, 6 + N fixed N
    rounds (N <= 20). Long: 0 none, 1-3 lives, 4 + the chosen re-entry's settings
    (reentries 1-3, chips 0-9, min_others 0-6, sit_out 0-1), 424 first out, 424 + N."""
    top = 6 if short else 424
    if r.end == END_FIRST_OUT:
        return top
    if r.end == END_FIXED_ROUNDS:
        return top + r.rounds if r.rounds <= 20 or not short else -1
    re = r.reentries
    if not re or not r.reentry_choice:
        return re
    sit = 1 if r.reentry_sit_out else 0
    if not short:
        return 4 + (((re - 1) * 10 + r.reentry_chips) * 7 + r.reentry_min_others) * 2 + sit
    if re == 1 and r.reentry_chips == 1 and r.reentry_min_others == 3 * (1 - sit):
        return 4 + sit  # buy-back (3 others still in), comeback (may sit out)
    return -1


def encode(ch):
    """The code of Challenge ``ch``: 12 symbols when it fits, else 16 (no separators)."""
    r = ch.rules
    kinds = 0
    for s in range(len(ch.kinds) - 1, -1, -1):
        kinds = kinds * 4 + ch.kinds[s]
    t = -1
    for i in range(len(_THRESHOLDS)):  # (``int in bytes`` is not in MicroPython)
        if _THRESHOLDS[i] == r.threshold:
            t = i
    e = _end_digit(r, True)
    radices = _SHORT
    if t < 0 or e < 0 or ch.length >= _SHORT[12]:
        radices = _LONG
        t = r.threshold - 1
        e = _end_digit(r, False)
    values = (ch.version, _offset(r.players) + kinds, PROFILES.index(r.profile), r.hand - 3,
              r.strict, r.ace, r.tie_all, r.inverse, r.stakes, r.open_cards, t, e,
              ch.length, ch.seed)
    n = SHORT - 2 if radices is _SHORT else LONG - 2
    d = bytearray(n)  # the number's base-32 digits, least significant first
    for i in range(len(values) - 1, -1, -1):
        carry = int(values[i])
        for j in range(n):
            x = d[j] * radices[i] + carry
            d[j] = x & 31
            carry = x >> 5
    sym = bytearray(n + 2)
    for i in range(n):
        sym[i] = d[n - 1 - i]
    s0, s1 = _syndromes(sym)  # the check symbols' columns are (1, 0) and (0, 1)
    sym[n] = s0
    sym[n + 1] = s1
    return "".join([ALPHABET[v] for v in sym])


def show(code, sep="-"):
    """``code`` in groups of 4 for reading aloud: "9JRB-JVL9-R2CW"."""
    code = _clean(code)
    return sep.join([code[i:i + 4] for i in range(0, len(code), 4)])


def _clean(text):
    out = []
    for c in str(text).strip():
        if c not in SEPARATORS and not c.isspace():
            out.append(chr(ord(c) - 32) if "a" <= c <= "z" else c)  # ASCII only: no
            # other letter becomes a code's ("\u017f".upper() is "S")
    return "".join(out)


def _offset(n):
    """The first players-and-kinds digit of ``n`` players: 4**m for m = 2..n-1."""
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
    size = len(code)
    if size > _MAX_SIZE:  # (so a position named is at most the 16th)
        _fail("length", size)
    sym = bytearray(size)
    for i in range(size):
        v = ALPHABET.find(code[i])
        if v < 0:
            _fail("symbol", i + 1, code[i])
        sym[i] = v
    if size < 3:
        _fail("length", size)
    s0, s1 = _syndromes(sym)
    if s0 or s1:
        if size != SHORT and size != LONG:
            _fail("length", size)
        _locate(sym, s0, s1)
    n = size - 2
    d = bytearray(n)
    for i in range(n):
        d[i] = sym[n - 1 - i]
    radices = _SHORT if size == SHORT else _LONG
    v = []
    for radix in radices:  # divide the number by each radix: the digits, version first
        rem = 0
        for i in range(n - 1, -1, -1):
            x = (rem << 5) | d[i]
            d[i] = x // radix
            rem = x % radix
        v.append(rem)
        if v[0] != VERSION & 3 and size != SHORT and size != LONG:
            _fail("newer")  # another version's, in a length this one never wrote
    if size != SHORT and size != LONG:
        _fail("length", size)
    for x in d:
        if x:
            _fail("newer")  # a later layout's high digits
    players = v[1]
    n = 2
    while players >= 4 ** n:
        players -= 4 ** n
        n += 1
    kinds = bytearray(n)
    for s in range(n):
        kinds[s] = players & 3
        players >>= 2
    r = Rules(PROFILES[v[2]])
    r.players = n
    r.hand = v[3] + 3
    r.strict = v[4] == 1
    r.ace = v[5]
    r.tie_all = v[6] == 1
    r.inverse = v[7] == 1
    r.stakes = v[8] == 1
    r.open_cards = v[9] == 1
    r.threshold = _THRESHOLDS[v[10]] if radices is _SHORT else v[10] + 1
    e = v[11]
    top = 6 if radices is _SHORT else 424
    r.set_lives(1)
    r.end = 0
    if e >= top:
        r.end = END_FIRST_OUT if e == top else END_FIXED_ROUNDS
        if e > top:
            r.rounds = e - top
    elif 1 <= e <= 3:
        r.set_lives(e + 1)
    elif e == 4 and top == 6:
        r.set_buyback()
    elif e == 5 and top == 6:
        r.set_comeback()
    elif e >= 4:
        e -= 4
        r.reentry_sit_out = e & 1 == 1
        e >>= 1
        r.reentry_min_others = e % 7
        r.reentry_chips = e // 7 % 10
        r.reentries = e // 70 + 1
        r.reentry_choice = True
    ch = Challenge(r, kinds, v[13], v[12])
    if v[0] != VERSION & 3:  # (an instance attribute only for another version's)
        ch.version = v[0]
    return ch


def _locate(sym, s0, s1):
    """Fail naming the wrong symbol (the one whose column (a, b) is a multiple of (S0,
    S1)), the swapped neighbours (i and i + 1 whose symbols differ by e with e times the
    sum of their columns (S0, S1)), or, for anything else, every character."""
    size = len(sym)
    k = 2 * (_MAX_SIZE - size)
    c = _COLUMNS
    for i in range(size):
        if _mul(s0, c[k + 1]) == _mul(s1, c[k]):
            _fail("check", i + 1)
        e = sym[i] ^ sym[i + 1] if i + 1 < size else 0
        if e and _mul(e, c[k] ^ c[k + 2]) == s0 and _mul(e, c[k + 1] ^ c[k + 3]) == s1:
            _fail("swap", i + 1, i + 2)
        k += 2
    _fail("typo")


# ----- the daily challenge -----------------------------------------------------------

def daily(date):
    """The challenge of the day ``date`` ("YYYY-MM-DD"): the daily table (agurk, five
    rounds, one life each; seat 1 a human, three medium AIs) with the seed of that day."""
    t = str(date).strip()
    for i in range(len(t)):
        if not ("0" <= t[i] <= "9" or (i == 4 or i == 7) and t[i] == "-"):
            _fail("date")
    if len(t) != 10 or t[4] != "-" or t[7] != "-":
        _fail("date")
    y = int(t[0:4])
    m = int(t[5:7])
    d = int(t[8:10])
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
