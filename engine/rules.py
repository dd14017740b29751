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

Kept small for the board's heap: profiles and limits are byte tables; ``describe`` and
``from_bytes`` live in :mod:`engine.rulesx`, imported only when called.
"""

from engine.compat import const

ACE_ORDINARY = const(0)  # an ace is an ordinary high card
ACE_FORCES_LOWEST = const(1)  # an ace led forces everyone's lowest card and wins alone
ACE_WINS_LAST = const(2)  # ordinary, except an ace led to the last trick wins it alone

END_LAST_STANDING = const(0)
END_FIRST_OUT = const(1)  # the first to reach the threshold loses; the match ends
END_FIXED_ROUNDS = const(2)  # play ``rounds`` rounds; lowest total wins

MAX_PLAYERS = const(7)
_MAX_REENTRIES = const(3)  # the other limits are in LIMITS (and rulesx.refuse)

PROFILES = ("agurk", "gurka", "ogorek")

# Settings in save order; each fits in one byte.
FIELDS = (
    "players", "hand", "strict", "ace", "tie_all", "inverse", "threshold",
    "reentries", "reentry_choice", "reentry_chips", "reentry_min_others",
    "reentry_sit_out", "stakes", "end", "rounds", "open_cards",
)
# Per field: lowest and highest value (a 0..1 field is on/off: kept as a bool).
LIMITS = b"\x02\x07\x03\x07\x00\x01\x00\x02\x00\x01\x00\x01\x01\xfa\x00\x03\x00\x01\x00\x09" \
    b"\x00\x06\x00\x01\x00\x01\x00\x02\x01\x63\x00\x01"
# The profiles' values, in FIELDS order.
_PROFILE_VALUES = (
    b"\x04\x07\x00\x00\x00\x00\x15\x01\x00\x00\x00\x00\x00\x00\x0a\x01",  # agurk
    b"\x04\x07\x01\x01\x00\x00\x1e\x00\x00\x00\x00\x00\x00\x00\x0a\x00",  # gurka
    b"\x04\x07\x01\x01\x01\x00\x1e\x00\x00\x00\x00\x00\x00\x00\x0a\x00",  # ogorek
)
# Re-entry variants: reentries, reentry_choice, reentry_chips, reentry_min_others, sit_out
_BUYBACK = b"\x01\x01\x01\x03\x00"
_COMEBACK = b"\x01\x01\x01\x00\x01"


class RulesError(ValueError):
    """An impossible setting or combination of settings."""


def _refuse(what, value, lo=0, hi=0):
    """Raise the RulesError for ``what`` (the messages live in engine.rulesx)."""
    from engine.rulesx import refuse
    refuse(what, value, lo, hi)


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
                    self._set(_BUYBACK if key == "buyback" else _COMEBACK, 7)
            elif key in FIELDS:
                setattr(self, key, v)
            else:
                _refuse("setting", key)
        self.validate()

    def _set(self, values, first):
        for i in range(len(values)):
            k = first + i
            setattr(self, FIELDS[k], values[i] if LIMITS[2 * k + 1] > 1 else values[i] == 1)

    def set_lives(self, lives):
        """Danish lives: ``lives - 1`` free, automatic re-entries."""
        if not isinstance(lives, int) or lives < 1 or lives > _MAX_REENTRIES + 1:
            _refuse("lives", lives)
        self._set(bytes((lives - 1, 0, 0, 0, 0)), 7)

    def set_buyback(self):
        """Parlett's buy-back: once, for a chip to the pot, while 3 others are still in."""
        self._set(_BUYBACK, 7)

    def set_comeback(self):
        """Comeback: once per match, paying a chip or sitting out one round."""
        self._set(_COMEBACK, 7)

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
                _refuse(k, v, lo, hi)
        if (self.reentries and self.end) or (self.reentry_sit_out and not self.reentry_choice) \
                or (self.reentries and self.reentry_choice
                    and self.reentry_min_others >= self.players):
            _refuse("combination", self)
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
        from engine.rulesx import from_bytes
        return from_bytes(data)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_bytes() == other.to_bytes()

    def describe(self):
        """A few short lines for a settings or rules screen."""
        from engine.rulesx import describe
        return describe(self)
