"""What the app keeps in the Store, as small byte records, and the set-up model.

SETTINGS (24 bytes): "C" version (2), prefs byte (mute bit 0, brightness bits 1-2, hints
bit 3, Mu plotter lines bit 4), then the
last set-up: profile, players, hand, strict, ace, tie_all, inverse, threshold, re-entry
mode, stakes, end, rounds, open cards, and one byte per seat (HUMAN or an AI level),
then the language (an index of cucumber.lang.CODES). A version-1 record (23 bytes: the
same without the language byte, written before there were languages) is still read,
its language English.
The set-up is stored as chosen, even when it is not a valid combination, so that nothing
the player picked is lost; ``Setup.rules()`` is where validity is decided.

STATS (32 bytes): "S" version (1), matches:2, then per seat played:2 won:2 (counted
while that seat was a human); version 2 has the best scores of the last challenges
after them (up to 32 bytes more: cucumber.challenged).

The MATCH record and the seat kinds are in cucumber.seats: all a match in progress needs
(this module is not loaded during a match).

Anything short, unknown or out of range decodes to the defaults (``None`` for a match).

The names the set-up screen gives the seat kinds and the re-entry modes, and the lines of
the statistics, are the chosen language's (cucumber.lang: the ``setup`` section, read by
cucumber.menus, and the ``stats`` section, read here).
"""

from engine.compat import const
from engine.rules import Rules, PROFILES, MAX_PLAYERS

from cucumber import lang
from cucumber.seats import HUMAN, EASY, MEDIUM, HARD, BOT, LEVELS  # noqa: F401  (for menus)

# Re-entry modes offered on the set-up screen: none, 2 lives, 3 lives, buy-back,
# comeback (their names: cucumber.menus, the setup section).
REENTRY_MODES = const(5)
THRESHOLDS = (11, 15, 21, 25, 30, 40, 50)

_VERSION = const(2)  # of the SETTINGS record
_V1 = const(1)  # SETTINGS without the language byte: still read
_STATS_VERSION = const(1)
_STATS_BESTS = const(2)  # the version with the challenges' bests
_STATS_SIZE = const(32)  # 4 + 4 * MAX_PLAYERS: before the bests

# words: stats
_MATCHES = const(0)
_HUMAN_WON = const(1)
_CHALLENGE = const(2)


class Setup:
    """The set-up screen's choices (all small ints)."""

    FIELDS = ("profile", "players", "hand", "strict", "ace", "tie_all", "inverse",
              "threshold", "reentry", "stakes", "end", "rounds", "open_cards")

    def __init__(self):
        self.kinds = bytearray((HUMAN, MEDIUM, MEDIUM, MEDIUM, MEDIUM, MEDIUM, MEDIUM))
        self.players = 4
        self.rounds = 5
        self.apply_profile(0)

    def apply_profile(self, p):
        """Profile ``p`` and its default variants (players and seats stay)."""
        r = Rules(PROFILES[p])
        self.profile = p
        self.hand = r.hand
        self.strict = int(r.strict)
        self.ace = r.ace
        self.tie_all = int(r.tie_all)
        self.inverse = 0
        self.threshold = r.threshold
        self.reentry = 1 if r.reentries == 1 and not r.reentry_choice else 0
        self.stakes = 0
        self.end = 0
        self.open_cards = int(r.open_cards)

    def copy(self):
        s = Setup()
        s.decode(self.encode())
        return s

    def rules(self):
        """The Rules for this set-up; RulesError (with its message) when impossible."""
        kw = {"players": self.players, "hand": self.hand, "strict": bool(self.strict),
              "ace": self.ace, "tie_all": bool(self.tie_all), "inverse": bool(self.inverse),
              "threshold": self.threshold, "stakes": bool(self.stakes), "end": self.end,
              "rounds": self.rounds, "open_cards": bool(self.open_cards)}
        re = self.reentry
        r = Rules(PROFILES[self.profile], lives=1, end=0)
        if re == 1 or re == 2:
            r.set_lives(re + 1)
        elif re == 3:
            r.set_buyback()
        elif re == 4:
            r.set_comeback()
        for k in kw:
            setattr(r, k, kw[k])
        return r.validate()

    def humans(self):
        c = 0
        for s in range(self.players):
            if self.kinds[s] == HUMAN:
                c += 1
        return c

    def encode(self):
        out = bytearray()
        for f in Setup.FIELDS:
            out.append(getattr(self, f) & 0xFF)
        out.extend(self.kinds)
        return bytes(out)

    def decode(self, b):
        """Read ``encode()`` output; False (changing nothing) when it is not valid."""
        nf = len(Setup.FIELDS)
        if len(b) != nf + MAX_PLAYERS:
            return False
        lim = (len(PROFILES) - 1, MAX_PLAYERS, 7, 1, 2, 1, 1, 250, REENTRY_MODES - 1,
               1, 2, 99, 1)
        low = (0, 2, 3, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0)
        for i in range(nf):
            if not low[i] <= b[i] <= lim[i]:
                return False
        for i in range(MAX_PLAYERS):
            if b[nf + i] > BOT:
                return False
        for i in range(nf):
            setattr(self, Setup.FIELDS[i], b[i])
        self.kinds = bytearray(b[nf:])
        return True


class Prefs:
    def __init__(self):
        self.mute = False
        self.brightness = 3
        self.hints = False  # a hint key (up) for human players: the hard AI's card
        self.plotter = False  # the scores on the serial console for Mu's plotter
        self.lang = lang.ENGLISH  # the language: an index of cucumber.lang.CODES


def encode_settings(prefs, setup):
    out = bytearray(b"C")
    out.append(_VERSION)
    out.append((1 if prefs.mute else 0) | ((prefs.brightness & 3) << 1)
               | (8 if prefs.hints else 0) | (16 if prefs.plotter else 0))
    out.extend(setup.encode())
    out.append(prefs.lang if 0 <= prefs.lang < len(lang.CODES) else lang.ENGLISH)
    return bytes(out)


def decode_settings(b):
    """(prefs, setup, ok) from a SETTINGS record (version 2, or 1: English); defaults
    and ok=False if it is bad."""
    prefs = Prefs()
    setup = Setup()
    if b is None:
        return prefs, setup, True
    if len(b) < 3 or b[0:1] != b"C" or b[2] > 31:
        return prefs, setup, False
    if b[1] == _VERSION:
        end = len(b) - 1
        language = b[end] if end >= 3 else 255
        if language >= len(lang.CODES):
            return prefs, setup, False
    elif b[1] == _V1:
        end = len(b)
        language = lang.ENGLISH
    else:
        return prefs, setup, False
    if not setup.decode(bytes(b[3:end])):
        return prefs, Setup(), False
    prefs.lang = language
    prefs.mute = bool(b[2] & 1)
    prefs.brightness = (b[2] >> 1) & 3
    prefs.hints = bool(b[2] & 8)
    prefs.plotter = bool(b[2] & 16)
    return prefs, setup, True


class Stats:
    def __init__(self):
        self.matches = 0
        self.played = [0] * MAX_PLAYERS
        self.won = [0] * MAX_PLAYERS
        self.bests = b""  # the last challenges' best scores (cucumber.challenged)

    def record(self, kinds, n, winner):
        """A finished match: ``kinds`` per seat, ``winner`` seat."""
        self.matches = min(self.matches + 1, 65535)
        for s in range(n):
            if kinds[s] == HUMAN:
                self.played[s] = min(self.played[s] + 1, 65535)
                if s == winner:
                    self.won[s] = min(self.won[s] + 1, 65535)

    def encode(self):
        out = bytearray(b"S")
        out.append(_STATS_BESTS if self.bests else _STATS_VERSION)
        _u16(out, self.matches)
        for s in range(MAX_PLAYERS):
            _u16(out, self.played[s])
            _u16(out, self.won[s])
        out.extend(self.bests)
        return bytes(out)

    @staticmethod
    def decode(b):
        """Stats from a STATS record; None when it is not one."""
        st = Stats()
        if b is None:
            return st
        if len(b) < _STATS_SIZE or b[0:1] != b"S" or b[1] != (
                _STATS_VERSION if len(b) == _STATS_SIZE else _STATS_BESTS):
            return None
        st.bests = bytes(b[_STATS_SIZE:])
        st.matches = b[2] | (b[3] << 8)
        for s in range(MAX_PLAYERS):
            p = 4 + 4 * s
            st.played[s] = b[p] | (b[p + 1] << 8)
            st.won[s] = b[p + 2] | (b[p + 3] << 8)
            if st.won[s] > st.played[s]:
                return None
        return st

    def lines(self, words=None):
        """The statistics as lines of the chosen language (``words``: the stats section,
        read now when not given)."""
        w = words or lang.section("stats")
        out = [w[_MATCHES] % self.matches]
        for s in range(MAX_PLAYERS):
            if self.played[s]:
                out.append(w[_HUMAN_WON] % (s + 1, self.won[s], self.played[s]))
        if self.bests:
            from cucumber.challenged import lines
            out += lines(self.bests, w[_CHALLENGE])
        return out


def _u16(out, v):
    out.append(v & 0xFF)
    out.append((v >> 8) & 0xFF)


def record_win(store, kinds, m, winner):
    """Match ``m`` has ended: count it in the STATS record (one write), with its best
    human score when it was played as a challenge (its CHALLENGE record says so:
    cucumber.codes; the bests: cucumber.challenged). Here rather than in
    cucumber.lobby: the app calls it during a match, as the table gives way to the
    round's pages (cucumber.turns.show_page), and lobby's code would not fit there
    (measured: the 5-player bot plan ran out of memory importing lobby beside the
    table)."""
    from cucumber.store import STATS, CHALLENGE
    st = Stats.decode(store.get(STATS)) or Stats()
    st.record(kinds, m.n, winner)
    rec = store.get(CHALLENGE)
    if rec is not None and rec[0] & 2:  # cucumber.codes.COUNTED
        from cucumber.challenged import count
        st.bests = count(st.bests, rec, kinds, m)
    store.put(STATS, st.encode())

