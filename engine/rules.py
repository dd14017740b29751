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
"""

from engine.compat import const

ACE_ORDINARY = const(0)  # an ace is an ordinary high card
ACE_FORCES_LOWEST = const(1)  # an ace led forces everyone's lowest card and wins alone
ACE_WINS_LAST = const(2)  # ordinary, except an ace led to the last trick wins it alone

END_LAST_STANDING = const(0)
END_FIRST_OUT = const(1)  # the first to reach the threshold loses; the match ends
END_FIXED_ROUNDS = const(2)  # play ``rounds`` rounds; lowest total wins

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(7)
MIN_HAND = const(3)
MAX_HAND = const(7)
MAX_THRESHOLD = const(250)
MAX_ROUNDS = const(99)
MAX_REENTRIES = const(3)

PROFILES = ("agurk", "gurka", "ogorek")

# Settings in save order; each fits in one byte.
FIELDS = (
    "players", "hand", "strict", "ace", "tie_all", "inverse", "threshold",
    "reentries", "reentry_choice", "reentry_chips", "reentry_min_others",
    "reentry_sit_out", "stakes", "end", "rounds", "open_cards",
)


class RulesError(ValueError):
    """An impossible setting or combination of settings."""


class Rules:
    """The settings of one match. ``Rules("gurka", players=5, threshold=21)``.

    Besides the fields, the keywords ``lives=N``, ``buyback=True`` and ``comeback=True``
    set the re-entry mechanism to the matching variant.
    """

    __slots__ = FIELDS + ("profile",)

    def __init__(self, profile="agurk", **settings):
        self.profile = profile
        self.players = 4
        self.hand = 7
        self.threshold = 21 if profile == "agurk" else 30
        self.tie_all = profile == "ogorek"
        self.inverse = False
        self.stakes = False
        self.end = END_LAST_STANDING
        self.rounds = 10
        if profile == "agurk":
            self.strict = False
            self.ace = ACE_ORDINARY
            self.open_cards = True
            self.set_lives(2)
        elif profile in ("gurka", "ogorek"):
            self.strict = True
            self.ace = ACE_FORCES_LOWEST
            self.open_cards = False
            self.set_lives(1)
        else:
            raise RulesError("profile: unknown profile '%s' (agurk, gurka or ogorek)" % profile)
        for key in settings:
            v = settings[key]
            if key == "lives":
                self.set_lives(v)
            elif key == "buyback":
                if v:
                    self.set_buyback()
            elif key == "comeback":
                if v:
                    self.set_comeback()
            elif key in FIELDS:
                setattr(self, key, v)
            else:
                raise RulesError("unknown setting '%s'" % key)
        self.validate()

    def set_lives(self, lives):
        """Danish lives: ``lives - 1`` free, automatic re-entries."""
        if not isinstance(lives, int) or lives < 1 or lives > MAX_REENTRIES + 1:
            raise RulesError("lives: must be 1 to %d, not %r" % (MAX_REENTRIES + 1, lives))
        self.reentries = lives - 1
        self.reentry_choice = False
        self.reentry_chips = 0
        self.reentry_min_others = 0
        self.reentry_sit_out = False

    def set_buyback(self):
        """Parlett's buy-back: once, for a chip to the pot, while 3 others are still in."""
        self.reentries = 1
        self.reentry_choice = True
        self.reentry_chips = 1
        self.reentry_min_others = 3
        self.reentry_sit_out = False

    def set_comeback(self):
        """Comeback: once per match, paying a chip or sitting out one round."""
        self.reentries = 1
        self.reentry_choice = True
        self.reentry_chips = 1
        self.reentry_min_others = 0
        self.reentry_sit_out = True

    def lives(self):
        """Lives in the Danish sense, or 1 when re-entry is a choice."""
        return 1 if self.reentry_choice else self.reentries + 1

    def validate(self):
        """Raise :class:`RulesError` naming the first impossible setting."""
        _range("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        _range("hand", self.hand, MIN_HAND, MAX_HAND)
        _range("threshold", self.threshold, 1, MAX_THRESHOLD)
        _range("ace", self.ace, ACE_ORDINARY, ACE_WINS_LAST)
        _range("end", self.end, END_LAST_STANDING, END_FIXED_ROUNDS)
        _range("rounds", self.rounds, 1, MAX_ROUNDS)
        _range("reentries", self.reentries, 0, MAX_REENTRIES)
        _range("reentry_chips", self.reentry_chips, 0, 9)
        _range("reentry_min_others", self.reentry_min_others, 0, MAX_PLAYERS - 1)
        for key in ("strict", "tie_all", "inverse", "reentry_choice", "reentry_sit_out",
                    "stakes", "open_cards"):
            if getattr(self, key) not in (True, False, 0, 1):
                raise RulesError("%s: must be on or off, not %r" % (key, getattr(self, key)))
        if self.reentries and self.end != END_LAST_STANDING:
            raise RulesError(
                "reentries: lives, buy-back and comeback only apply when the last player "
                "standing wins; turn them off for 'first out loses' or 'fixed rounds'")
        if self.reentry_sit_out and not self.reentry_choice:
            raise RulesError("reentry_sit_out: sitting out is a choice; it needs a re-entry "
                             "the player chooses (comeback)")
        if (self.reentries and self.reentry_choice
                and self.reentry_min_others > self.players - 1):
            raise RulesError(
                "reentry_min_others: buy-back needs %d other players still in, which %d "
                "players can never have" % (self.reentry_min_others, self.players))
        return self

    def copy(self):
        r = Rules(self.profile)
        for key in FIELDS:
            setattr(r, key, getattr(self, key))
        return r

    def to_bytes(self):
        """The settings as ``len(FIELDS)`` bytes (profile index first)."""
        out = bytearray(len(FIELDS) + 1)
        out[0] = PROFILES.index(self.profile)
        for i in range(len(FIELDS)):
            out[i + 1] = int(getattr(self, FIELDS[i]))
        return bytes(out)

    @staticmethod
    def from_bytes(data):
        """Inverse of :meth:`to_bytes`; raises RulesError on anything impossible."""
        if len(data) != len(FIELDS) + 1 or data[0] >= len(PROFILES):
            raise RulesError("rules: bad encoded settings")
        r = Rules(PROFILES[data[0]])
        for i in range(len(FIELDS)):
            v = data[i + 1]
            if FIELDS[i] in ("strict", "tie_all", "inverse", "reentry_choice",
                             "reentry_sit_out", "stakes", "open_cards"):
                if v > 1:
                    raise RulesError("%s: bad encoded value %d" % (FIELDS[i], v))
                v = bool(v)
            setattr(r, FIELDS[i], v)
        return r.validate()

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_bytes() == other.to_bytes()

    def describe(self):
        """A few short lines for a settings or rules screen."""
        ace = ("aces ordinary", "ace led forces lowest", "ace led wins last trick")[self.ace]
        if self.end == END_FIRST_OUT:
            end = "first to %d loses" % self.threshold
        elif self.end == END_FIXED_ROUNDS:
            end = "%d rounds, lowest total wins" % self.rounds
        else:
            end = "out at %d, last one in wins" % self.threshold
        if not self.reentries:
            again = "no re-entry"
        elif not self.reentry_choice:
            again = "%d lives" % (self.reentries + 1)
        elif self.reentry_sit_out:
            again = "comeback once"
        else:
            again = "buy-back once"
        return (
            "%s, %d players, %d cards" % (self.profile, self.players, self.hand),
            ("strict: head the trick if you can" if self.strict
             else "head the trick or play your lowest"),
            ace,
            ("inverse: lowest card of last trick scores " if self.inverse else "last trick scores ")
            + ("(ties all score)" if self.tie_all else "(last played of ties)"),
            end + ", " + again + (", stakes" if self.stakes else ""),
            "played cards open" if self.open_cards else "tricks collected face down",
        )


def _range(key, v, lo, hi):
    if not isinstance(v, int) or v < lo or v > hi:
        raise RulesError("%s: must be %d to %d, not %r" % (key, lo, hi, v))
