"""Rule settings: every dimension of RULES.md, the three named profiles, validation.

A :class:`Rules` is a plain record of small ints and bools. Build one from a profile and
override any setting by keyword; :meth:`Rules.validate` refuses impossible combinations
with a message that names the setting.

Lives, buy-back and comeback are one mechanism (RULES.md): a player who reaches the
threshold may re-enter ``reentries`` times, restarting at the highest score of the others
still in. The other ``reentry_*`` settings say how:

==============  =======  ==========  ==========  ===========
variant         choice   chips       min_others  sit_out
==============  =======  ==========  ==========  ===========
lives = 2       no       0           0           no
buy-back        yes      1           3           no
comeback        yes      1           0           yes
==============  =======  ==========  ==========  ===========

Every rule about settings is here: the limits, the profiles, the refused combinations,
the encoding a save stores. Profiles and limits are byte tables (one byte a setting, as
in a save). Only words live elsewhere, each imported the first time it is needed and
importing nothing from here: the refusal messages in :mod:`engine.refusals` (about 1.2 KB
of heap under MicroPython that valid settings never load), ``describe`` in
:mod:`engine.rulesx` (about 1.4 KB, when a rules screen is shown).
"""

from engine.compat import const

ACE_ORDINARY = const(0)  # an ace is an ordinary high card
ACE_FORCES_LOWEST = const(1)  # an ace led forces everyone's lowest card and wins alone
ACE_WINS_LAST = const(2)  # ordinary, except an ace led to the last trick wins it alone

END_LAST_STANDING = const(0)
END_FIRST_OUT = const(1)  # the first to reach the threshold loses; the match ends
END_FIXED_ROUNDS = const(2)  # play ``rounds`` rounds; lowest total wins

MAX_PLAYERS = const(7)
MAX_REENTRIES = const(3)  # so at most 4 Danish lives; the other limits are in LIMITS

PROFILES = ("agurk", "gurka", "ogorek")

# Settings in save order; each fits in one byte.
FIELDS = (
    "players", "hand", "strict", "ace", "tie_all", "inverse", "threshold",
    "reentries", "reentry_choice", "reentry_chips", "reentry_min_others",
    "reentry_sit_out", "stakes", "end", "rounds", "open_cards",
)
# Per field, in FIELDS order: lowest and highest value (a 0..1 field is on/off: a bool).
# (Adjacent bytes literals: the compiler joins them into one constant.)
LIMITS = (
    b"\x02\x07"  # players 2..7 (MAX_PLAYERS)
    b"\x03\x07"  # hand 3..7
    b"\x00\x01"  # strict
    b"\x00\x02"  # ace: ACE_ORDINARY .. ACE_WINS_LAST
    b"\x00\x01"  # tie_all
    b"\x00\x01"  # inverse
    b"\x01\xfa"  # threshold 1..250
    b"\x00\x03"  # reentries 0..3 (MAX_REENTRIES)
    b"\x00\x01"  # reentry_choice
    b"\x00\x09"  # reentry_chips 0..9
    b"\x00\x06"  # reentry_min_others 0..6
    b"\x00\x01"  # reentry_sit_out
    b"\x00\x01"  # stakes
    b"\x00\x02"  # end: END_LAST_STANDING .. END_FIXED_ROUNDS
    b"\x01\x63"  # rounds 1..99
    b"\x00\x01"  # open_cards
)
# The profiles' values, in FIELDS order, grouped as: players hand | strict ace tie_all
# inverse | threshold | the five re-entry fields | stakes end rounds open_cards.
_PROFILE_VALUES = (
    # agurk: 4 players, 7 cards, choice, aces ordinary, last played, 21, 2 lives, open
    b"\x04\x07" b"\x00\x00\x00\x00" b"\x15" b"\x01\x00\x00\x00\x00" b"\x00\x00\x0a\x01",
    # gurka: strict, ace forces lowest, last played, 30, 1 life, collected
    b"\x04\x07" b"\x01\x01\x00\x00" b"\x1e" b"\x00\x00\x00\x00\x00" b"\x00\x00\x0a\x00",
    # ogorek: strict, ace forces lowest, all tied, 30, 1 life, collected
    b"\x04\x07" b"\x01\x01\x01\x00" b"\x1e" b"\x00\x00\x00\x00\x00" b"\x00\x00\x0a\x00",
)
# Re-entry variants: reentries, reentry_choice, reentry_chips, reentry_min_others, sit_out
_BUYBACK = b"\x01\x01\x01\x03\x00"  # once, a choice, 1 chip, 3 others still in
_COMEBACK = b"\x01\x01\x01\x00\x01"  # once, a choice, 1 chip or sit out a round
_REENTRY = const(7)  # FIELDS.index("reentries"): where the five re-entry fields start


class RulesError(ValueError):
    """An impossible setting or combination of settings. Raised by this module: ``what``
    is the refusal's name in engine.refusals and ``values`` the tuple its message is
    filled with (a screen words it in its own language: its text of ``what`` % values);
    the message (``str(e)``) is the English one."""

    what = None  # raised elsewhere (a tool's own message): no refusal name
    values = ()


def _refuse(what, *args):
    """Raise the RulesError for refusal ``what`` with ``args`` (the message is written by
    engine.refusals)."""
    from engine.refusals import refusal
    e = RulesError(refusal(what, args))
    e.what = what
    e.values = args
    raise e


class Rules:
    """The settings of one match. ``Rules("gurka", players=5, threshold=21)``.

    Besides the fields, the keywords ``lives=N``, ``buyback=True`` and ``comeback=True``
    set the re-entry mechanism to the matching variant.
    """

    def __init__(self, profile="agurk", **settings):
        if profile not in PROFILES:
            _refuse("profile", profile)
        self.profile = profile
        self._set(_PROFILE_VALUES[PROFILES.index(profile)], 0)
        for key in settings:
            v = settings[key]
            if key == "lives":
                self.set_lives(v)
            elif key == "buyback" or key == "comeback":
                if v:
                    self._set(_BUYBACK if key == "buyback" else _COMEBACK, _REENTRY)
            elif key in FIELDS:
                setattr(self, key, v)
            else:
                _refuse("setting", key)
        self.validate()

    def _set(self, values, first):
        """Set the fields from FIELDS[first] on to ``values`` (bytes; on/off ones as bools)."""
        for i in range(len(values)):
            k = first + i
            setattr(self, FIELDS[k], values[i] if LIMITS[2 * k + 1] > 1 else values[i] == 1)

    def set_lives(self, lives):
        """Danish lives: ``lives - 1`` free, automatic re-entries."""
        if not isinstance(lives, int) or lives < 1 or lives > MAX_REENTRIES + 1:
            _refuse("lives", MAX_REENTRIES + 1, lives)
        self._set(bytes((lives - 1, 0, 0, 0, 0)), _REENTRY)

    def set_buyback(self):
        """Parlett's buy-back: once, for a chip to the pot, while 3 others are still in."""
        self._set(_BUYBACK, _REENTRY)

    def set_comeback(self):
        """Comeback: once per match, paying a chip or sitting out one round."""
        self._set(_COMEBACK, _REENTRY)

    def lives(self):
        """Lives in the Danish sense, or 1 when re-entry is a choice."""
        return 1 if self.reentry_choice else self.reentries + 1

    def validate(self):
        """Raise :class:`RulesError` naming the first impossible setting."""
        for i in range(len(FIELDS)):
            k = FIELDS[i]
            v = getattr(self, k)
            lo = LIMITS[2 * i]
            hi = LIMITS[2 * i + 1]
            if isinstance(v, bool):  # not an int on MicroPython
                v = int(v)
            if not isinstance(v, int) or v < lo or v > hi:
                _refuse("range", k, lo, hi, v)
        if self.reentries and self.end:  # nobody is eliminated, so nobody re-enters
            _refuse("reentries_need_last_standing")
        if self.reentry_sit_out and not self.reentry_choice:
            _refuse("sit_out_needs_choice")
        if self.reentries and self.reentry_choice and self.reentry_min_others >= self.players:
            _refuse("min_others_never_met", self.reentry_min_others, self.players)
        return self

    def copy(self):
        r = Rules(self.profile)
        r._set(self.to_bytes()[1:], 0)
        return r

    def to_bytes(self):
        """The settings as ``len(FIELDS) + 1`` bytes (profile index first)."""
        out = bytearray(len(FIELDS) + 1)
        out[0] = PROFILES.index(self.profile)
        for i in range(len(FIELDS)):
            out[i + 1] = int(getattr(self, FIELDS[i]))
        return bytes(out)

    @staticmethod
    def from_bytes(data):
        """Inverse of :meth:`to_bytes`; raises RulesError on anything impossible."""
        if len(data) != len(FIELDS) + 1 or data[0] >= len(PROFILES):
            _refuse("encoding")
        for i in range(len(FIELDS)):
            if LIMITS[2 * i + 1] == 1 and data[i + 1] > 1:  # an on/off setting
                _refuse("encoded_value", FIELDS[i], data[i + 1])
        r = Rules(PROFILES[data[0]])
        r._set(data[1:], 0)
        return r.validate()

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_bytes() == other.to_bytes()

    def describe(self):
        """A few short lines for a settings or rules screen."""
        from engine.rulesx import describe
        return describe(self)
