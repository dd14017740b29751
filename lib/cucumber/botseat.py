"""A seat played by a student's bot: ``bot.py`` at the root of the CIRCUITPY drive
(docs/BOTS.md is the student's guide).

    if botseat.exists(ui.ROOT): ...          # offer "Bot" as a seat kind
    seat = botseat.BotSeat(seed)             # used like engine.ai.Player("medium", seed)
    action = seat.choose(match.view(s))      # always a legal action
    if seat.problem is not None:             # this decision went wrong: say so
        table.set_status(botwords.short(seat.problem))  # cucumber.botwords

The bot's module is imported once per seat, at the seat's first card (or by
:meth:`BotSeat.load`), and never shared: two Bot seats get two copies, so what one
remembers in its globals the other cannot read. Each card is asked through
:func:`engine.botview.ask_verbose` (the bot sees a sealed copy of what its seat may
know). Whatever goes wrong (the file is missing or does not compile, ``choose`` raises,
returns a card that is not legal, runs over the time limit, or is stopped by Ctrl-C on
the serial console, the only way to end an endless loop on a board) the traceback or
the reason goes to the serial console, ``problem`` holds it in one line, and the seat
plays the card of medium (``engine.ai``) for that turn: the match goes on. After a
Ctrl-C medium plays the seat's cards for the rest of the match (an endless loop would
come back at every turn); re-entry offers are always medium's.
"""

import sys

from engine import botview
from engine.ai import Player

try:
    from time import monotonic_ns as _clock
except ImportError:  # no nanosecond clock: no time limit
    _clock = None


def exists(root, name="bot"):
    """True when ``root + name + ".py"`` exists (``root`` ends with "/", as ui.ROOT)."""
    try:
        open(root + name + ".py").close()  # open, not os.stat: the rig has no os
    except OSError:
        return False
    return True


def print_traceback(exc):
    """The exception and its traceback on the serial console (as cucumber.crash's)."""
    try:
        import traceback
        traceback.print_exception(exc)
    except ImportError:
        sys.print_exception(exc)


class BotSeat:
    """The seat of the bot ``root + name + ".py"`` (``root`` None: cucumber.ui.ROOT, the
    drive's root folder), medium of ``seed`` playing for it. After each :meth:`choose`:
    ``problem`` is None, or what went wrong in that decision in one line (the load's
    problem is given once, at the first card); ``problems`` counts them; ``loaded`` is
    None before the load, True while the bot plays, False once medium plays for it."""

    def __init__(self, seed=1, root=None, name="bot", clock=None,
                 limit_ms=botview.LIMIT_MS):
        if root is None:
            from cucumber.ui import ROOT as root  # loaded already on the board
        self.root = root
        self.name = name
        self.fallback = Player("medium", seed)
        self.clock = _clock if clock is None else clock
        self.limit_ms = limit_ms
        self.bot = None
        self.loaded = None
        self.problem = None
        self.problems = 0

    def load(self):
        """Import the bot (once); True if it has a ``choose``. A problem is reported."""
        if self.loaded is not None:
            return self.loaded
        self.loaded = False
        name = self.name
        file = name + ".py"
        if not exists(self.root, name):
            self._report(file + " not found", None)
            return False
        mods = sys.modules
        path = sys.path
        folder = self.root.rstrip("/\\")
        if folder:  # a PC; on the board the drive root "/" is on sys.path already
            path.insert(0, folder)
        try:
            import importlib  # CPython: see a file written since the folder was read
            importlib.invalidate_caches()
        except ImportError:
            pass
        mod = None
        try:
            if name in mods:
                del mods[name]  # a fresh copy for this seat
            mod = __import__(name)
        except KeyboardInterrupt as e:
            self._report(file + " stopped (Ctrl-C)", e)
        except Exception as e:  # SyntaxError, or anything its top level raised
            self._report(file + ": " + botview._one_line(e), e)
        if folder and folder in path:
            path.remove(folder)
        if name in mods:
            del mods[name]  # nothing global keeps it; the next seat imports its own
        if mod is None:
            return False
        bot = getattr(mod, "choose", None)
        if not callable(bot):
            self._report(file + " has no choose(view)", None)
            return False
        self.bot = bot
        self.loaded = True
        return True

    def choose(self, view):
        fallback = self.fallback
        self.problem = None
        if view.phase():
            return fallback.choose(view)  # re-entry offers: never put to a bot
        if not self.load():
            return fallback.choose(view)
        fallback.observe(view)  # medium's memory of the round, for the turns it plays
        try:
            card, problem, exc = botview.ask_verbose(self.bot, view, fallback, self.clock,
                                                     self.limit_ms)
        except KeyboardInterrupt as e:  # Ctrl-C on the console: a loop that never ends
            self.loaded = False
            card = fallback.choose(view)
            problem = "bot stopped (Ctrl-C)"
            exc = e
        except BaseException as e:  # sys.exit() in the bot: not the end of the game
            card = fallback.choose(view)
            problem = "bot error: " + botview._one_line(e)
            exc = e
        if problem is not None:
            self._report(problem, exc, view.seat, card)
        return card

    def _report(self, problem, exc, seat=None, card=None):
        self.problem = problem
        self.problems += 1
        if exc is not None:
            print_traceback(exc)
        if seat is None:
            print("%s; medium plays this seat" % problem)
        else:
            print("P%d: %s; medium played %s" % (seat + 1, problem,
                                                 botview._card_text(card)))
