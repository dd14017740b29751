"""Reference players for the arena (host only, never on the board).

- ``sharp``: plays its highest card when that card heads the trick, otherwise its lowest
  (the strategy of a public Danish Agurk program). Deterministic.
- ``random``: a uniformly random legal action.
- ``oracle``: sees every hand and plays the rest of the round perfectly for itself: an
  exhaustive search over its own choices to the end of the round, the other players
  modelled as ``sharp`` (so against sharp players it is the exact best response, the upper
  bound of what any player can get at that table). It peeks into the match (``view._m``),
  which only a reference player may do.
- ``oracle-medium``: the same with the other players modelled as ``medium`` plays outside
  its end-game search (its lead, its last-to-play rule, the lowest legal card in the
  inverse game): at a table of medium players, the most any player could take off
  medium's penalty, even one that saw every card.
- ``pimc``: determinised Monte-Carlo from the seat's ``View`` alone (never ``view._m``).
  For each legal rank it samples N deals of the cards the seat has not seen to the other
  players (each gets its count, within its public bounds ``view.bounds``: a card played
  below the top, or forced by an ace lead, was a lowest card, and under strict the hand
  holds nothing as high as that top), plays each out to the end of the round with
  uniformly random legal cards for everyone, and plays the rank with the lowest mean own
  penalty at the round's end. The same N deals serve every candidate. N = 1000 by
  default; ``make("pimc", seed, effort=N)`` sets it (in the arena ``--effort``, which
  sets hard's budget too). Deterministic for a seed. Re-entry offers are answered as
  sharp answers them (sit out when offered, else pay).
- ``pimc2``: the same, the playouts following sharp's rule for every player.
- ``easy`` / ``medium`` / ``hard``: the built-in opponents of ``engine.ai``.
- ``policy``: the first-trick table alone (tools/measure/policy.py, distilled offline by
  tools/measure/distill.py) where it has an entry, medium everywhere else: against medium,
  what the table is worth. ``policy-hard``: the table where it has an entry, hard
  everywhere else (hard's own search at the first trick otherwise).
- a path ending in ``.py``: a student's bot file defining ``choose(view)`` (see
  engine/botview.py and :class:`FileBot`), shown under the file's base name.

All have ``choose(view) -> action``; :func:`make` builds one by name.
"""

import contextlib
import importlib.util
import itertools
import os
import random
import signal
import sys
import time
import traceback

from engine import ai, botview
from engine.match import PAY, SIT_OUT, PHASE_PLAY
from engine.rng import Rng
from engine.rules import ACE_FORCES_LOWEST, ACE_WINS_LAST

import policy

NAMES = ("hard", "medium", "easy", "sharp", "random", "oracle", "oracle-medium", "pimc",
         "pimc2", "policy", "policy-hard")
PIMC_SAMPLES = 1000


def is_bot_file(name):
    """True when the player name ``name`` is a bot file's path (it ends in ".py")."""
    return name.endswith(".py")


def make(name, seed=1, effort=None):
    """The player ``name`` (one of NAMES, or a bot file's path) for ``seed``; ``effort``
    for hard, pimc and pimc2. A bot file that cannot be loaded raises BotFileError."""
    if is_bot_file(name):
        return FileBot(name, seed)
    if name in ai.LEVELS:
        return ai.Player(name, seed=seed, effort=effort)
    if name == "sharp":
        return Sharp()
    if name == "random":
        return RandomPlayer(seed)
    if name in ("oracle", "oracle-medium"):
        return Oracle(name == "oracle-medium")
    if name in ("pimc", "pimc2"):
        return Pimc(seed, PIMC_SAMPLES if effort is None else effort, name == "pimc2")
    if name in ("policy", "policy-hard"):
        return PolicyFirst(seed, "medium" if name == "policy" else "hard", effort)
    raise ValueError("unknown player %r (one of %s)" % (name, ", ".join(NAMES)))


BOT_FALLBACK = "medium"  # plays a bot's card when the bot fails, and its re-entry offers
PROBLEM_KINDS = ("errors", "illegal", "slow")
# A bot still running this long is stopped (on a PC, where a timer can interrupt it: on
# the board only Ctrl-C on the serial console can), and that card counts as slow
STOP_AFTER_S = botview.LIMIT_MS / 1000 + 1


class BotStopped(Exception):
    """Raised inside a bot's choose() that ran past STOP_AFTER_S."""


def _stop_bot(signum, frame):
    raise BotStopped("stopped after %g s" % STOP_AFTER_S)
_loads = itertools.count(1)


class BotFileError(ValueError):
    """A bot file that cannot play: missing, failing to load, or without ``choose``; the
    message is one line."""


def load_bot(path):
    """A fresh module loaded from the file ``path``: each call executes the file again
    under a module name of its own, so two seats with the same file never share what
    the module keeps in its globals (what it prints goes to stderr). BotFileError when
    it cannot be a bot."""
    full = os.path.abspath(path)
    if not os.path.isfile(full):
        raise BotFileError("bot file %s: no such file" % path)
    name = "cucumber_bot_%d" % next(_loads)
    spec = importlib.util.spec_from_file_location(name, full)
    if spec is None or spec.loader is None:
        raise BotFileError("bot file %s: cannot be loaded as Python" % path)
    module = importlib.util.module_from_spec(spec)
    # in sys.modules only while it runs (some code, e.g. dataclasses, looks itself up
    # there), so thousands of loads in a long run do not pile up
    sys.modules[name] = module
    try:
        with contextlib.redirect_stdout(sys.stderr):
            spec.loader.exec_module(module)
    except (Exception, SystemExit) as e:
        raise BotFileError("bot file %s: loading it raised %s"
                           % (path, botview._one_line(e))) from e
    finally:
        sys.modules.pop(name, None)
    if not callable(getattr(module, "choose", None)):
        raise BotFileError("bot file %s: defines no choose(view)" % path)
    return module


class FileBot:
    """A student's bot from a file, played as engine.botview says a bot is played: each
    card is asked only through :func:`engine.botview.ask` (the bot sees a sealed
    ``BotView``; time limit by ``time.monotonic_ns``), and when the bot raises, returns
    a card that is not legal now, or is too slow, the fallback player (medium, of the
    same seed) plays that card. Re-entry offers are the fallback's, never the bot's.

    ``name`` is the file's base name; ``asked`` counts the cards asked of the bot,
    ``problems`` the fallback cards by kind (errors, illegal, slow) and ``first`` holds,
    per kind, the first one's text (the traceback of an error, the reason otherwise).

    Making one seeds Python's ``random`` with ``seed`` (a bot may use it), so that an
    arena run repeats exactly, in one process or several."""

    def __init__(self, path, seed=1):
        random.seed(seed)
        self.path = path
        self.name = os.path.basename(path)
        self.module = load_bot(path)
        self.fallback = ai.Player(BOT_FALLBACK, seed=seed)
        self.clock = time.monotonic_ns
        self.asked = 0
        self.offers = 0
        self.problems = {k: 0 for k in PROBLEM_KINDS}
        self.first = {}
        self._trace = None
        self._stopped = False

    def choose(self, view):
        if view.phase() != PHASE_PLAY:
            self.offers += 1
            return self.fallback.choose(view)
        self.asked += 1
        self._trace = None
        self._stopped = False
        card, problem = botview.ask(self._call, view, self.fallback, clock=self.clock)
        if problem is not None:
            if self._stopped:
                kind, text = "slow", "bot stopped: still running after %g s" % STOP_AFTER_S
            elif self._trace is not None:
                kind, text = "errors", self._trace
            elif problem.startswith("bot too slow"):
                kind, text = "slow", problem
            else:
                kind, text = "illegal", problem
            self.problems[kind] += 1
            if kind not in self.first:
                self.first[kind] = text
        return card

    def _call(self, bot_view):
        """The bot's ``choose``, keeping the traceback of what it raises (without this
        frame) before ``ask`` catches it. What it prints goes to stderr, so that it never
        mixes with the arena's table or JSON lines."""
        timer = hasattr(signal, "setitimer")
        try:
            old = signal.signal(signal.SIGALRM, _stop_bot) if timer else None
        except ValueError:  # not the main thread: no timer, the clock check only
            timer = False
        if timer:
            signal.setitimer(signal.ITIMER_REAL, STOP_AFTER_S)
        try:
            with contextlib.redirect_stdout(sys.stderr):
                return self.module.choose(bot_view)
        except BotStopped:
            self._stopped = True
            raise
        except Exception as e:
            tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
            self._trace = "".join(traceback.format_exception(type(e), e, tb))
            raise
        finally:
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)


def _top(view):
    cards, _ = view.trick()
    t = -1
    for c in cards:
        t = max(t, c >> 2)
    return t


class Sharp:
    name = "sharp"

    def choose(self, view):
        acts = view.legal_actions()
        if view.phase() != PHASE_PLAY:
            return SIT_OUT if SIT_OUT in acts else PAY
        legal = view.legal_cards()
        if legal[-1] >> 2 >= _top(view):
            return legal[-1]
        return legal[0]


class PolicyFirst:
    """The first-trick table where it has an entry (tools/measure/policy.py), the AI
    ``level`` elsewhere; ``path``: another table file than the committed one."""

    def __init__(self, seed=1, level="medium", effort=None, path=None):
        self.name = "policy" if level == "medium" else "policy-" + level
        self.bot = ai.Player(level, seed=seed, effort=effort)
        self.path = path

    def choose(self, view):
        if not view.phase():
            card = policy.first_trick(view, view.legal_cards(), self.path)
            if card >= 0:
                self.bot.observe(view)  # the AI's memory sees this turn too
                return card
        return self.bot.choose(view)


class RandomPlayer:
    name = "random"

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def choose(self, view):
        acts = view.legal_actions()
        return acts[self.rng.below(len(acts))]


def _sharp_index(hand, top, tl, ace_led):
    """Index of sharp's card in the sorted rank list ``hand``."""
    if ace_led:
        return 0
    if tl == 0 or hand[-1] >= top:
        return len(hand) - 1
    return 0


def _medium_index(hand, top, tl, ace_led, players, rules):
    """Index of medium's card (engine.ai's heuristic from medium up) in the sorted rank
    list ``hand``, ``tl`` cards on the trick, ``players`` in the round."""
    if tl == 0 and not rules.inverse:
        return len(hand) >> 1 if len(hand) >= 4 else len(hand) - 1
    heads = tl > 0 and hand[-1] >= top
    if ace_led or not heads:
        return 0
    first_heading = 0
    while hand[first_heading] < top:
        first_heading += 1
    if rules.inverse:
        return first_heading if rules.strict else 0
    return first_heading if tl == players - 1 else len(hand) - 1


class Oracle:
    """Full-information best response for the rest of the round (the others modelled as
    sharp, or with ``medium_model`` as medium)."""

    def __init__(self, medium_model=False):
        self.medium_model = medium_model
        self.name = "oracle-medium" if medium_model else "oracle"

    def choose(self, view):
        acts = view.legal_actions()
        if view.phase() != PHASE_PLAY:
            return SIT_OUT if SIT_OUT in acts else PAY
        m = view._m
        legal = view.legal_cards()
        if legal[0] >> 2 == legal[-1] >> 2:
            return legal[0]
        r = m.rules
        self.p_rules = r
        seats = m.seats_in_round()
        # positions from the current trick's leader
        lead = m.leader
        k = seats.index(lead)
        seats = seats[k:] + seats[:k]
        self.p = len(seats)
        self.me = seats.index(view.seat)
        hands = [list(c >> 2 for c in m.hand(s)) for s in seats]
        trick = [(m.trick[i] >> 2, i) for i in range(m.trick_len)]
        self.memo = {}
        best = None
        for c in legal:
            rank = c >> 2
            if best is not None and rank == best[1] >> 2:
                continue
            h = [list(x) for x in hands]
            h[self.me].remove(rank)
            t = trick + [(rank, self.me)]
            v = self._value(h, t, (self.me + 1) % self.p, m.trick_no)
            if best is None or v < best[0]:
                best = (v, c)
        return best[1]

    def _value(self, hands, trick, turn, tno):
        """Own penalty for the rest of the round from this state under best play."""
        r = self.p_rules
        p = self.p
        last = r.hand - 1
        while True:
            if len(trick) == p:
                top = max(x[0] for x in trick)
                if tno == last:
                    return self._penalty(trick, top)
                if r.ace == ACE_FORCES_LOWEST and trick[0][0] == 12:
                    w = trick[0][1]
                else:
                    w = [x for x in trick if x[0] == top][-1][1]
                trick = []
                turn = w
                tno += 1
            top = max((x[0] for x in trick), default=-1)
            ace_led = bool(trick) and r.ace == ACE_FORCES_LOWEST and trick[0][0] == 12
            hand = hands[turn]
            if turn != self.me:
                if self.medium_model:
                    i = _medium_index(hand, top, len(trick), ace_led, p, r)
                else:
                    i = _sharp_index(hand, top, len(trick), ace_led)
                rank = hand.pop(i)
                trick = trick + [(rank, turn)]
                turn = (turn + 1) % p
                continue
            key = (tuple(tuple(x) for x in hands), tuple(trick), turn, tno)
            if key in self.memo:
                return self.memo[key]
            best = None
            for rank in self._legal_ranks(hand, top, len(trick), ace_led):
                h = [list(x) for x in hands]
                h[turn].remove(rank)
                v = self._value(h, trick + [(rank, turn)], (turn + 1) % p, tno)
                if best is None or v < best:
                    best = v
            self.memo[key] = best
            return best

    def _legal_ranks(self, hand, top, tl, ace_led):
        if tl == 0:
            return sorted(set(hand))
        if ace_led:
            return [hand[0]]
        heads = sorted(set(x for x in hand if x >= top))
        if self.p_rules.strict and heads:
            return heads
        return sorted(set([hand[0]] + heads))

    def _penalty(self, trick, top):
        r = self.p_rules
        pen = top + 2
        me = self.me
        if r.inverse:
            low = min(x[0] for x in trick)
            lows = [x[1] for x in trick if x[0] == low]
            takers = lows if r.tie_all else lows[-1:]
        elif trick[0][0] == 12 and r.ace in (ACE_FORCES_LOWEST, ACE_WINS_LAST):
            takers = [trick[0][1]]
        else:
            tops = [x[1] for x in trick if x[0] == top]
            takers = tops if r.tie_all else tops[-1:]
        return pen if me in takers else 0


class Pimc:
    """Determinised Monte-Carlo (perfect-information sampling) from the ``View`` only.

    The playouts run in a rank-level copy of the rules (suits never matter to the play):
    the engine's ``Match(hands=...)`` only starts a round at its first trick, and with
    collected cards the seat does not know who played the earlier tricks' cards, so a
    sampled position mid-round cannot be replayed through it. The test suite checks this
    copy against the engine round for round (host_tests/test_players.py).
    """

    def __init__(self, seed=1, samples=PIMC_SAMPLES, sharp_playouts=False):
        self.name = "pimc2" if sharp_playouts else "pimc"
        self.samples = max(1, int(samples))
        self.sharp = sharp_playouts
        self.rng = random.Random(seed)

    def choose(self, view):
        acts = view.legal_actions()
        if view.phase() != PHASE_PLAY:
            return SIT_OUT if SIT_OUT in acts else PAY
        legal = view.legal_cards()
        ranks = []
        for c in legal:
            if c >> 2 not in ranks:
                ranks.append(c >> 2)
        if len(ranks) == 1:
            return legal[0]
        me = view.seat
        sim = _Sim(view.rules, _round_order(view), me)
        cards, seats = view.trick()
        trick = [(cards[i] >> 2, seats[i]) for i in range(len(cards))]
        tno = view.trick_no()
        mine = [c >> 2 for c in view.hand()]
        totals = [0] * len(ranks)
        rng = self.rng
        setup = _sampling(view)
        for _ in range(self.samples):
            hands = _sample(setup, rng)
            hands[me] = mine
            for k, rank in enumerate(ranks):
                h = {s: list(x) for s, x in hands.items()}
                h[me].remove(rank)
                if self.sharp:
                    totals[k] += sim.sharp_playout(h, trick + [(rank, me)], tno)
                else:
                    totals[k] += sim.playout(h, trick + [(rank, me)], tno, rng, False)
        best = min(range(len(ranks)), key=lambda k: (totals[k], k))
        for c in legal:
            if c >> 2 == ranks[best]:
                return c


def _round_order(view):
    """The seats dealt into this round, clockwise from seat 0 (a cycle: only the
    successor of each seat matters)."""
    return [s for s in range(view.n) if view.in_round(s)]


def sample_hands(view, rng):
    """One deal of the cards ``view``'s seat has not seen to the other players in the
    round: {seat: sorted rank list}, each seat its count of cards, every card within the
    seat's public bounds. Seats are filled most constrained first, each with a uniform
    choice among the cards left that fit (exactly uniform over the consistent deals when
    at most one seat is bounded, or the bounds nest); a dead end redraws."""
    return _sample(_sampling(view), rng)


def _sampling(view):
    """What every deal of sample_hands draws from: (the unseen cards, and the seats to
    fill, most constrained first, as (fit, seat, lo, hi, count))."""
    me = view.seat
    seen = view.seen()
    for c in view.hand():
        seen[c] = 1
    unseen = [c for c in range(52) if not seen[c]]
    need = []
    for s in _round_order(view):
        if s == me or not view.count(s):
            continue
        lo, hi = view.bounds(s)
        fit = sum(1 for c in unseen if lo <= c >> 2 < hi)
        need.append((fit, s, lo, hi, view.count(s)))
    need.sort()
    return unseen, need


def _sample(setup, rng):
    """One deal drawn as sample_hands describes, from ``_sampling``'s ``setup``."""
    unseen, need = setup
    for _ in range(1000):
        free = list(unseen)
        out = {}
        for _fit, s, lo, hi, k in need:
            fit = [c for c in free if lo <= c >> 2 < hi]
            if len(fit) < k:
                break
            pick = rng.sample(fit, k)
            for c in pick:
                free.remove(c)
            out[s] = sorted(c >> 2 for c in pick)
        else:
            return out
    raise RuntimeError("no deal fits the public bounds")


class _Sim:
    """The rest of a round at rank level, as engine.match plays it."""

    def __init__(self, rules, order, me):
        self.r = rules
        self.me = me
        self.size = len(order)
        self.nxt = {order[i]: order[(i + 1) % len(order)] for i in range(len(order))}

    def playout(self, hands, trick, tno, rng, sharp, log=None):
        """Own penalty at the round's end, play going on from ``trick`` (rank, seat)
        pairs with random (or sharp) legal cards for everyone; ``log``, a list, gets
        each (rank, seat) played."""
        r = self.r
        forces = r.ace == ACE_FORCES_LOWEST
        last = r.hand - 1
        size = self.size
        nxt = self.nxt
        trick = list(trick)
        while True:
            if len(trick) == size:
                if tno == last:
                    return self._penalty(trick)
                if forces and trick[0][0] == 12:
                    turn = trick[0][1]
                else:
                    top = max(x[0] for x in trick)
                    turn = [x for x in trick if x[0] == top][-1][1]
                trick = []
                tno += 1
            else:
                turn = nxt[trick[-1][1]]
            hand = hands[turn]
            if not trick:
                i = len(hand) - 1 if sharp else rng.randrange(len(hand))
            elif forces and trick[0][0] == 12:
                low = hand[0]
                n = 1
                while n < len(hand) and hand[n] == low:
                    n += 1
                i = 0 if sharp else rng.randrange(n)
            else:
                top = max(x[0] for x in trick)
                j = len(hand)
                while j > 0 and hand[j - 1] >= top:
                    j -= 1
                # hand[j:] heads the trick; hand[:n] is the lowest rank
                if j == 0 or (r.strict and j < len(hand)):
                    first, n = j, 0
                else:
                    low = hand[0]
                    n = 1
                    while n < j and hand[n] == low:
                        n += 1
                    first = j
                if sharp:
                    i = len(hand) - 1 if first < len(hand) else 0
                else:
                    k = rng.randrange(n + len(hand) - first)
                    i = k if k < n else first + k - n
            trick.append((hand.pop(i), turn))
            if log is not None:
                log.append(trick[-1])

    def sharp_playout(self, hands, trick, tno):
        """playout(hands, trick, tno, rng, sharp=True), the same penalty, faster: every
        hand plays sharp's card (the highest when it heads the trick, else the lowest; the
        lowest after an ace led that forces it), the top of the trick kept as it grows."""
        r = self.r
        forces = r.ace == ACE_FORCES_LOWEST
        last = r.hand - 1
        size = self.size
        nxt = self.nxt
        trick = list(trick)
        top = -1
        heads = None
        for rank, seat in trick:
            if rank >= top:
                top = rank
                heads = seat
        while True:
            if len(trick) == size:
                if tno == last:
                    return self._penalty(trick)
                turn = trick[0][1] if forces and trick[0][0] == 12 else heads
                trick = []
                top = -1
                tno += 1
            else:
                turn = nxt[trick[-1][1]]
            hand = hands[turn]
            if trick and (hand[-1] < top or forces and trick[0][0] == 12):
                rank = hand.pop(0)
            else:
                rank = hand.pop()
            if rank >= top:
                top = rank
                heads = turn
            trick.append((rank, turn))

    def _penalty(self, trick):
        r = self.r
        top = max(x[0] for x in trick)
        alone = trick[0][0] == 12 and r.ace in (ACE_FORCES_LOWEST, ACE_WINS_LAST)
        if r.inverse:
            low = min(x[0] for x in trick)
            takers = [x[1] for x in trick if x[0] == low]
            if not r.tie_all:
                takers = takers[-1:]
        elif alone:
            takers = [trick[0][1]]
        else:
            takers = [x[1] for x in trick if x[0] == top]
            if not r.tie_all:
                takers = takers[-1:]
        return top + 2 if self.me in takers else 0
