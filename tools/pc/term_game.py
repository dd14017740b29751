"""A match in the terminal game: the Game, what it knows between two moves, and its loop.

``Game(match, humans, levels, seed, ...).run()`` plays to the end (DONE) or until a
human leaves at a prompt (QUIT, the match saved). The other jobs have modules of their
own, whose functions take the Game: what the table says (tools/pc/term_table.py), a
human's turn and watching the others (term_turns.py), the save (term_saves.py).

Names: with one human that seat is "You" and the others "P2" to "P7"; with several humans
every seat is "P1" to "P7". Every message about a seat has two texts, one for "You" and
one for a named seat ("P3"): :meth:`Game.pick` chooses.
"""

from engine import ai
from engine.match import PHASE_REENTRY
import term_saves
from term_input import Quit, prompt
from term_table import final_summary, show_events
from term_turns import end_watch, human_card, human_reentry, spectating, watch_pause
from term_words import W, _NOT_SAVED, _SAVED_IN, seat_names

DONE = "done"
QUIT = "quit"


class Game:
    """What the terminal game knows between two moves: the match, its seats (humans and
    their names, the AIs' players), the prompts and the printer, the save, and what the
    watching human asked for."""

    def __init__(self, match, humans, levels, seed, ask=input, say=print, save_path=None,
                 pause=True, ch=None, setup=False):
        self.m = match
        self.challenge = ch  # an engine.challenge Challenge: its AIs, length and code
        # a match of the set-up, whose challenge is only its code (said at its end), not
        # one played as a challenge (--challenge, --daily: said at its start, and the
        # penalties compared); a match of an earlier version's save has no challenge
        self.setup = setup
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

    # ----- display ------------------------------------------------------------------
    def read(self, text):
        return prompt(self.ask, text)

    def public(self, text, show=True):
        """A line everyone may see (kept for the next human's recap)."""
        self.log.append(text)
        if show and not self.skipping:
            self.say(text)

    def stopped(self):
        """True when a challenge of N rounds has played them (the match is not over)."""
        ch = self.challenge
        return ch is not None and not self.m.is_terminal() and ch.finished(self.m)

    def over(self):
        return self.m.is_terminal() or self.stopped()

    # ----- the match ----------------------------------------------------------------
    def quit_message(self):
        if self.save_path:
            return "\n" + W[_SAVED_IN] % self.save_path
        return "\n" + W[_NOT_SAVED]

    def run(self):
        """Play to the end (DONE) or until the player quits (QUIT, the match saved)."""
        m = self.m
        try:
            term_saves.write(self)
            show_events(self)
            while not self.over():
                seat = m.current_player()
                if seat in self.humans:
                    end_watch(self)
                    if m.phase == PHASE_REENTRY:
                        action = human_reentry(self, seat)
                    else:
                        action = human_card(self, seat)
                else:
                    action = self.bots[seat].choose(m.view(seat))
                self._moving = True
                m.apply_action(action)
                self._moving = False
                kinds = show_events(self)
                term_saves.write(self)
                if not self.over() and spectating(self):
                    watch_pause(self, kinds)
        except (Quit, KeyboardInterrupt):
            # Ctrl-C inside a move leaves the save of the move before, which is whole.
            if not self._moving:
                term_saves.write(self)
            self.say(self.quit_message())
            return QUIT
        final_summary(self)
        term_saves.forget(self)
        return DONE
