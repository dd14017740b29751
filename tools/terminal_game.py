"""Cucumber in a terminal: one human against the built-in opponents, or several humans
passing the keyboard (hands hidden between turns).

    python tools/terminal_game.py                  # asks a few questions, Enter takes defaults
    python tools/terminal_game.py --humans 2 --players 4 --profile gurka --level hard

The match is saved after every move (``--save``), so quitting (``q``, Ctrl-D or Ctrl-C at
any prompt) or a closed terminal loses nothing: the next start offers to continue, and
``--new`` starts over. A save that cannot be read is kept aside as ``<save>.bad`` and a
new match starts.

Names: with one human that seat is "You" and the others "P2" to "P7"; with several humans
every seat is "P1" to "P7". Every message built from a seat name goes through
:meth:`Game.sv` / :meth:`Game.poss`, which conjugate for "You" and for "P3".
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import ai, cards, save  # noqa: E402
from engine.match import (  # noqa: E402
    DECLINE, EV_DEAL, EV_LIFE, EV_LOSER, EV_OFFER, EV_OUT, EV_PENALTY, EV_PLAY, EV_REENTER,
    EV_SIT_OUT, EV_SUDDEN, EV_TRICK, EV_WIN, Match, PAY, PHASE_REENTRY, SIT_OUT,
)
from engine.rules import (  # noqa: E402
    ACE_FORCES_LOWEST, ACE_ORDINARY, ACE_WINS_LAST, END_FIRST_OUT, END_FIXED_ROUNDS,
    PROFILES, Rules, RulesError,
)

DEFAULT_SAVE = os.path.join(os.path.expanduser("~"), ".cucumber_terminal.sav")
# Home the cursor, clear the screen and the scrollback: a hot-seat game must not leave the
# last hand where the next player can scroll back to it.
CLEAR = "\033[H\033[2J\033[3J"
HELP = ("Type the number shown beside a card (or its name, e.g. 9H, 10C, QS) and Enter.\n"
        "  r = review played cards (when the rules keep them open)   s = scores\n"
        "  h = this help   q = save and quit (Ctrl-D and Ctrl-C save too)")
DONE = "done"
QUIT = "quit"


class Quit(Exception):
    """The player left at a prompt: q, the end of input (Ctrl-D) or Ctrl-C."""


class SaveFileError(ValueError):
    """The save file cannot be continued; the message says why, for the player."""


def prompt(ask, text):
    """``ask(text)`` stripped; Quit on the end of input or Ctrl-C."""
    try:
        return ask(text).strip()
    except (EOFError, KeyboardInterrupt):
        raise Quit() from None


def third_person(verb):
    """"take" -> "takes", "be" -> "is", "reach" -> "reaches"."""
    if verb == "be":
        return "is"
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def seat_names(n, humans):
    """One human: "You" and P2..Pn; several: P1..Pn for everyone."""
    one = len(humans) == 1
    return ["You" if one and s in humans else "P%d" % (s + 1) for s in range(n)]


def plural(k, word):
    return "%d %s%s" % (k, word, "" if k == 1 else "s")


class Game:
    def __init__(self, match, humans, levels, seed, ask=input, say=print, save_path=None,
                 pause=True):
        self.m = match
        self.humans = set(humans)  # human seats: 0 .. len(humans) - 1
        self.names = seat_names(match.n, self.humans)
        self.ask = ask
        self.say = say
        self.save_path = save_path
        self.seed = seed
        self.levels = levels
        self.bots = {}
        for s in range(match.n):
            if s not in self.humans:
                self.bots[s] = ai.Player(levels[s], seed=seed * 31 + s + 1)
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

    # ----- names --------------------------------------------------------------------
    def is_you(self, seat):
        return self.names[seat] == "You"

    def verb(self, seat, verb):
        """``verb`` (base form) agreeing with ``seat``'s name: "take" / "takes"."""
        if self.is_you(seat):
            return "are" if verb == "be" else verb
        return third_person(verb)

    def sv(self, seat, verb, lower=False):
        """Subject and verb: "You take", "P3 takes" (``lower``: "you take" mid-sentence)."""
        who = "you" if lower and self.is_you(seat) else self.names[seat]
        return "%s %s" % (who, self.verb(seat, verb))

    def poss(self, seat):
        """"Your" / "P3's"."""
        return "Your" if self.is_you(seat) else self.names[seat] + "'s"

    def address(self, seat):
        """How a prompt for ``seat`` starts: "" for You, "P2, " when humans share."""
        return "" if self.is_you(seat) else self.names[seat] + ", "

    # ----- persistence --------------------------------------------------------------
    def save(self):
        if not self.save_path:
            return
        text = json.dumps({"humans": sorted(self.humans), "levels": self.levels,
                           "seed": self.seed, "match": save.dumps(self.m).hex()})
        if text == self.saved:
            return  # already on disk
        tmp = self.save_path + ".tmp"
        try:
            with open(tmp, "w") as f:
                f.write(text)
            os.replace(tmp, self.save_path)
            self.saved = text
        except OSError as e:
            self.say("Cannot save the match in %s (%s): it goes on unsaved."
                     % (self.save_path, e.strerror or e))
            self.save_path = None

    def forget(self):
        try:
            if self.save_path and os.path.exists(self.save_path):
                os.remove(self.save_path)
        except OSError:
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
                parts.append("%s out" % tag)
                continue
            extra = ""
            lives = m.rules.lives()
            if lives > 1:
                extra = " %d/%d lives" % (lives - m.reentries_used[s], lives)
            parts.append("%s %d pts%s" % (tag, m.scores[s], extra))
        line = " | ".join(parts)
        if m.rules.stakes or m.pot:
            line += " | pot %d" % m.pot
        return line

    def event_text(self, ev):
        """The line for one engine event, or None (a human's own play is shown when it
        is chosen)."""
        m = self.m
        kind, seat, a, b = ev
        if seat >= m.n and kind != EV_SUDDEN:
            return None
        if kind == EV_DEAL:
            return "\n=== Round %d: %s %d cards ===" % (a + 1, self.sv(seat, "deal"),
                                                      m.rules.hand)
        if kind == EV_PLAY:
            return "  %s %s" % (self.sv(seat, "play"), cards.pretty(a))
        if kind == EV_TRICK:
            if a == m.rules.hand - 1:
                return "  Last trick: %s %s takes it." % (self.poss(seat), cards.pretty(b))
            return "  %s trick %d with %s and %s." % (self.sv(seat, "take"), a + 1,
                                                    cards.pretty(b), self.verb(seat, "lead"))
        if kind == EV_PENALTY:
            return "  %s %s: now %d." % (self.sv(seat, "score"), plural(a, "penalty point"), b)
        if kind == EV_LIFE:
            return "  %s %d and %s a life: back at %d points (%s left)." % (
                self.sv(seat, "reach"), m.rules.threshold, self.verb(seat, "lose"), a,
                "1 life" if b == 0 else "%d lives" % (b + 1))
        if kind == EV_OFFER:
            return "  %s out, but may come back at %d points." % (self.sv(seat, "be"), a)
        if kind == EV_REENTER:
            if b == SIT_OUT:
                how = "%s out a round and %s" % (self.sv(seat, "sit"), self.verb(seat, "return"))
            else:
                how = "%s %s into the pot and %s" % (
                    self.sv(seat, "pay"), plural(m.rules.reentry_chips, "chip"),
                    self.verb(seat, "return"))
            return "  %s at %d points." % (how, a)
        if kind == EV_OUT:
            return "  %s out of the match with %d points." % (self.sv(seat, "be"), a)
        if kind == EV_SIT_OUT:
            return "  %s this round out." % self.sv(seat, "sit")
        if kind == EV_LOSER:
            return "  %s %d first: %s the cucumber!" % (
                self.sv(seat, "reach"), m.rules.threshold, self.sv(seat, "be", lower=True))
        if kind == EV_SUDDEN:
            return "  Tie for the lowest score: sudden-death round."
        if kind == EV_WIN:
            pot = " and %s the pot of %d" % (self.verb(seat, "sweep"), a) if a else ""
            return "\n*** %s the match%s! ***" % (self.sv(seat, "win"), pot)
        return None

    def show_events(self):
        """Show (and log) the match's new events; return their kinds."""
        m = self.m
        kinds = []
        if self.skipping and any(ev[0] == EV_WIN for ev in m.events):
            # the end of a skip: the last round's outcome is shown
            self.skipping = False
            self.say("  (skipped to the end: rounds %d to %d were played)"
                     % (self.skip_from + 1, m.round_no))
        for ev in m.events:
            kind, seat = ev[0], ev[1]
            kinds.append(kind)
            text = self.event_text(ev)
            if text is None:
                continue
            # a human's own play was shown with its explanation when it was chosen
            self.public(text, show=not (kind == EV_PLAY and seat in self.humans))
            if kind == EV_DEAL:
                self.public(self.scores_line())
        del m.events[:]
        return kinds

    def final_summary(self):
        m = self.m
        self.say("Final scores after %s: %s" % (plural(m.round_no, "round"), ", ".join(
            "%s %d" % (self.names[s], m.scores[s]) for s in range(m.n))))

    def cover(self, seat):
        """Clear the screen and the scrollback before another human sees it, then show
        that human what happened since their last turn."""
        if len(self.humans) < 2 or self.last_human == seat:
            return
        self.say(CLEAR)
        self.read("Pass to %s - press Enter when only %s is looking. " % (
            self.names[seat], self.names[seat]))
        self.last_human = seat
        recap = self.log[self.seen.get(seat, 0):][-30:]
        if recap and seat in self.seen:
            self.say("Since your last turn:")
            for line in recap:
                self.say(line)

    def show_table(self, seat):
        m = self.m
        trick, who = m.trick[:m.trick_len], m.trick_seats[:m.trick_len]
        self.say("")
        self.say(self.scores_line())
        if m.trick_len:
            self.say("Trick %d/%d: %s" % (m.trick_no + 1, m.rules.hand, "  ".join(
                "%s:%s" % (self.names[w], cards.pretty(c)) for c, w in zip(trick, who))))
        else:
            self.say("Trick %d/%d: you lead." % (m.trick_no + 1, m.rules.hand))
        counts = ", ".join("%s %d" % (self.names[s], m.counts[s]) for s in range(m.n)
                           if m.in_round[s] and s != seat)
        self.say("Cards left: " + counts)

    def review(self, seat):
        m = self.m
        if not m.rules.open_cards:
            self.say("These rules collect tricks face down: nobody may review them.")
            return
        for s in range(m.n):
            if m.in_round[s]:
                played = m.view(seat).played_by(s)
                self.say("  %s: %s" % (self.names[s], " ".join(cards.pretty(c) for c in played)
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
                line.append("[%d] %s" % (len(numbered), cards.pretty(c)))
            else:
                line.append("    %s" % cards.pretty(c))
        self.seen[seat] = len(self.log)
        self.say("%s hand (playable cards are numbered):" % (
            "Your" if self.is_you(seat) else self.names[seat] + ", your"))
        self.say("  " + "  ".join(line))
        if m.is_last_trick():
            self.say("  This is the last trick: whoever takes it scores.")
        only = numbered[0] if len(numbered) == 1 else None
        if only is not None:
            self.say("  Only legal card: %s - press Enter to play it." % cards.pretty(only))
        ask = "Play which card? (h for help) " if only is None else \
            "Press Enter to play %s (h for help) " % cards.pretty(only)
        while True:
            text = self.read(ask)
            low = text.lower()
            card = None
            if not text:
                if only is None:
                    self.say("Type the number beside a card, then Enter (h for help).")
                    continue
                card = only
            elif low in ("q", "quit", "exit"):
                raise Quit()
            elif low in ("h", "help", "?"):
                self.say(HELP)
                continue
            elif low == "r":
                self.review(seat)
                continue
            elif low == "s":
                self.say(self.scores_line())
                continue
            elif text.isdigit():
                k = int(text)
                if not 1 <= k <= len(numbered):
                    if only is not None:
                        self.say("No card numbered %s: the only legal card is %s, press Enter."
                                 % (text, cards.pretty(only)))
                    else:
                        self.say("No card numbered %s: choose 1 to %d." % (text, len(numbered)))
                    continue
                card = numbered[k - 1]
            else:
                try:
                    card = cards.parse(text)
                except ValueError:
                    self.say("'%s' is not a card or a command. %s" % (text, HELP.split("\n")[0]))
                    continue
            if card not in hand:
                self.say("%s is not in your hand." % cards.pretty(card))
                continue
            if card not in legal:
                self.say(m.explain(card))
                continue
            self.say("  %s %s" % (self.sv(seat, "play"), m.explain(card)))
            return card

    def human_reentry(self, seat):
        m = self.m
        self.cover(seat)
        acts = m.legal_actions()
        restart = m.restart[seat]
        lead = self.address(seat)
        self.seen[seat] = len(self.log)
        self.say("%s%s reached %d. You may come back at %d points:" % (
            lead, "you" if lead else "You", m.rules.threshold, restart))
        options = {}
        if PAY in acts:
            options["p"] = PAY
            self.say("  p = pay %s into the pot and play on"
                     % plural(m.rules.reentry_chips, "chip"))
        if SIT_OUT in acts:
            options["s"] = SIT_OUT
            self.say("  s = sit out the next round, then play on")
        options["n"] = DECLINE
        self.say("  n = stay out")
        while True:
            text = self.read("Your choice? ").lower()
            if text in ("q", "quit", "exit"):
                raise Quit()
            if text[:1] in options:
                return options[text[:1]]
            self.say("Please answer %s (or q to save and quit)." % " or ".join(sorted(options)))

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
        skip = "skip to the end" if out else "skip until you play again"
        keys = "Enter = next trick, r = next round, s = %s, q = save and quit" % skip
        if not self.watching:
            self.watching = True
            if out:
                lead = "You are" if len(self.humans) == 1 else "Every human is"
                self.say("%s out of the match; the others play on (%s)." % (lead, keys))
            else:
                lead = "You sit" if len(self.humans) == 1 else "No human plays"
                self.say("%s this round out; the others play it (%s)." % (lead, keys))
        if (EV_TRICK if self.watch == "trick" else EV_DEAL) not in kinds:
            return
        while True:
            text = self.read("[Enter] next trick, r = next round, s = %s, q = quit: "
                             % skip).lower()
            if not text:
                self.watch = "trick"
                return
            if text in ("r", "round"):
                self.watch = "round"
                return
            if text in ("s", "skip"):
                self.skipping = True
                self.skip_from = self.m.round_no
                self.say("  Skipping ahead...")
                return
            if text in ("q", "quit", "exit"):
                raise Quit()
            self.say("Please press Enter, or type r, s or q (%s)." % keys)

    def end_watch(self):
        """A human acts again: back to normal play (after a skip, say where we are)."""
        if self.skipping:  # (the table, with the scores, is shown next)
            self.skipping = False
            self.say("  (skipped to round %d)" % (self.m.round_no + 1))
        self.watching = False
        self.watch = self.pause

    # ----- the match ----------------------------------------------------------------
    def quit_message(self):
        if self.save_path:
            return ("\nMatch saved in %s. Run the game again to continue it "
                    "(--new starts over)." % self.save_path)
        return "\nThe match was not saved. Bye."

    def run(self):
        """Play to the end (DONE) or until the player quits (QUIT, the match saved)."""
        m = self.m
        try:
            self.save()
            self.show_events()
            while not m.is_terminal():
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
                if not m.is_terminal() and self.spectating():
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
        elif answer.isdigit() and lo <= int(answer) <= hi:
            value = int(answer)
        else:
            say("Please type a whole number from %d to %d." % (lo, hi))
            continue
        why = check(value) if check else None
        if not why:
            return value
        say(why)


EPILOG = """\
The match is saved after every move, in %s
(--save FILE for another file). To leave, type q, or press Ctrl-D or Ctrl-C at any
prompt: the match is kept, and running the game again offers to continue it.
To start over, run the game with --new (the new match replaces the saved one), or
delete the save file. A save that cannot be read is kept as FILE.bad and a new
match starts.

Fixed rounds (--rounds) and first out loses (--first-out) are played with one life:
with agurk (2 lives) the game says so; --lives, --buyback and --comeback cannot be
combined with them.""" % DEFAULT_SAVE

# Options that set up a new match (a continued match keeps its own).
SETUP_OPTIONS = ("profile", "players", "humans", "level", "hand", "threshold", "strict",
                 "choice", "ace", "inverse", "tie_all", "lives", "buyback", "comeback",
                 "stakes", "first_out", "rounds", "seed")
# The option that sets an engine setting named in a RulesError.
OPTION_OF = {"players": "--players", "hand": "--hand", "threshold": "--threshold",
             "rounds": "--rounds", "lives": "--lives",
             "reentries": "--lives, --buyback or --comeback", "reentry_min_others": "--buyback",
             "reentry_sit_out": "--comeback", "profile": "--profile"}


def build_parser():
    p = argparse.ArgumentParser(
        description="Play Cucumber in the terminal.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--profile", choices=PROFILES, help="rule profile (default agurk)")
    p.add_argument("--players", type=int, help="2 to 7 players (default 4)")
    p.add_argument("--humans", type=int, help="how many humans share the terminal (default 1)")
    p.add_argument("--level", choices=ai.LEVELS, help="AI level (default medium)")
    p.add_argument("--hand", type=int, help="cards per hand, 3 to 7")
    p.add_argument("--threshold", type=int, help="penalty threshold")
    follow = p.add_mutually_exclusive_group()
    follow.add_argument("--strict", action="store_true", help="strict follow rule")
    follow.add_argument("--choice", action="store_true", help="choice follow rule")
    p.add_argument("--ace", choices=("ordinary", "forces-lowest", "wins-last"))
    p.add_argument("--inverse", action="store_true", help="lowest card of last trick scores")
    p.add_argument("--tie-all", action="store_true", help="all tied highest cards score")
    again = p.add_mutually_exclusive_group()
    again.add_argument("--lives", type=int, help="Danish lives (1 to 4)")
    again.add_argument("--buyback", action="store_true", help="Parlett's buy-back")
    again.add_argument("--comeback", action="store_true", help="comeback once per match")
    p.add_argument("--stakes", action="store_true", help="play for a pot of chips")
    end = p.add_mutually_exclusive_group()
    end.add_argument("--first-out", action="store_true", help="first to the threshold loses")
    end.add_argument("--rounds", type=int, help="quick game: play this many rounds (1 to 99)")
    p.add_argument("--seed", type=int, help="seed for a reproducible match")
    p.add_argument("--save", default=DEFAULT_SAVE, help="save file (default %(default)s)")
    p.add_argument("--new", action="store_true",
                   help="start a new match (it replaces the saved one)")
    p.add_argument("--no-pause", action="store_true",
                   help="once no human is playing, run to the end without stopping")
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
        notes.append("Note: %s is played with one life each, not %s's %d lives."
                     % ("first out loses" if args.first_out else "fixed rounds", profile,
                        Rules(profile).lives()))
        return rules, notes


def refusal(e):
    """The message for a RulesError: the engine's, with the option that sets it."""
    text = str(e)
    opt = OPTION_OF.get(text.split(":")[0].split(" ")[0])
    return "those rules cannot be played: %s%s" % (text, " (%s)" % opt if opt else "")


def given_options(args):
    out = []
    for k in SETUP_OPTIONS:
        v = getattr(args, k)
        if v is not None and v is not False:
            out.append("--" + k.replace("_", "-"))
    return out


def move_aside(path):
    """Keep a damaged save as ``path.bad``; the sentence saying where (or why not)."""
    try:
        os.replace(path, path + ".bad")
    except OSError as e:
        return "It could not be kept aside (%s): the new match will replace it." % (
            e.strerror or e)
    return "The damaged file is kept as %s." % (path + ".bad")


def load_save(path):
    """(match, humans, levels, seed, text) from the save file; SaveFileError saying what
    is wrong with it. Every field is checked: a match is continued whole or not at all."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise SaveFileError("cannot open it (%s)" % (e.strerror or e)) from None
    if not raw.strip():
        raise SaveFileError("the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError:  # also UnicodeDecodeError
        raise SaveFileError("it is not a saved match (damaged or cut short)") from None
    if not isinstance(data, dict):
        raise SaveFileError("it is not a saved match")
    for key in ("match", "humans", "levels", "seed"):
        if key not in data:
            raise SaveFileError("its '%s' field is missing" % key)
    blob = data["match"]
    try:
        if not isinstance(blob, str):
            raise ValueError
        blob = bytes.fromhex(blob)
    except ValueError:
        raise SaveFileError("its match record is damaged") from None
    try:
        m = save.loads(blob)
    except ValueError as e:  # SaveError, and anything else the engine refuses
        raise SaveFileError("its match record is damaged (%s)" % e) from None
    humans = data["humans"]
    if not (isinstance(humans, list) and 1 <= len(humans) <= m.n
            and all(type(h) is int for h in humans) and humans == list(range(len(humans)))):
        raise SaveFileError("its list of human seats is damaged")
    levels = data["levels"]
    if not (isinstance(levels, list) and len(levels) == m.n
            and all(levels[s] == "human" if s < len(humans) else levels[s] in ai.LEVELS
                    for s in range(m.n))):
        raise SaveFileError("its list of AI levels is damaged")
    seed = data["seed"]
    if type(seed) is not int:
        raise SaveFileError("its seed is damaged")
    return m, set(humans), levels, seed, raw.decode("utf-8")


def resume(args, ask, say):
    """The saved Game, or None for a new match (after saying why)."""
    try:
        m, humans, levels, seed, text = load_save(args.save)
    except SaveFileError as e:
        say("The saved match could not be read: %s; starting a new one. %s"
            % (e, move_aside(args.save)))
        return None
    given = given_options(args)
    if given:
        say("Note: %s set up a new match; a continued match keeps its own rules."
            % " ".join(given))
    info = "%s, %d players, round %d" % (m.rules.profile, m.n, m.round_no + 1)
    try:
        answer = prompt(ask, "A saved match is waiting (%s). Continue it? [Y/n] " % info)
    except Quit:
        raise Quit("\nThe saved match is still in %s: run the game again to continue it."
                   % args.save) from None
    if answer.lower().startswith("n"):
        say("Starting a new match (it replaces the saved one).")
        return None
    m.log_events = True
    m.events = []
    say("Continuing: " + "; ".join(m.rules.describe()))
    game = Game(m, humans, levels, seed, ask, say, args.save, not args.no_pause)
    game.saved = text
    return game


def new_seed(args, k=0):
    if args.seed is not None:
        return args.seed + k
    return int.from_bytes(os.urandom(3), "little")


def main(argv=None, ask=input, say=print, questions=None):
    """Play; the exit status (0, also for quitting: the match is kept; 2 for impossible
    options, after argparse's message). ``questions``: ask the set-up questions for what
    the options leave open (default: when reading a terminal)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if questions is None:
        questions = ask is input and sys.stdin.isatty()
    if say is print:
        try:  # a terminal that cannot show the suit symbols gets "?", not a traceback
            sys.stdout.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    try:
        return play(parser, args, ask, say, questions)
    except (Quit, KeyboardInterrupt) as e:
        say(e.args[0] if isinstance(e, Quit) and e.args else "\nNo match was started. Bye.")
        return 0


def play(parser, args, ask, say, questions):
    # Impossible options are refused before anything else happens.
    if args.humans is not None and args.humans < 1:
        parser.error("--humans: must be 1 to the number of players, not %d" % args.humans)
    try:
        rules_from_args(args, 4 if args.players is None else args.players)
    except RulesError as e:
        parser.error(refusal(e))
    if args.humans is not None and args.players is not None:
        check_seats(parser, args, args.players, args.humans)
    game = None
    if args.save and not args.new and os.path.exists(args.save):
        game = resume(args, ask, say)
    if game is None:
        game, notes = new_game(parser, args, ask, say, questions)
        for line in notes:
            say(line)
        say("Rules: " + "; ".join(game.m.rules.describe()) + " (seed %d)" % game.seed)
    k = 0
    while game.run() == DONE:
        try:
            again = prompt(ask, "Play another match with the same rules? [y/N] ")
        except Quit:
            again = ""
        if not again.lower().startswith("y"):
            say("Bye.")
            return 0
        k += 1
        seed = new_seed(args, k)
        m = Match(game.m.rules.copy(), seed=seed, log_events=True)
        game = Game(m, game.humans, game.levels, seed, ask, say, args.save, not args.no_pause)
        say("Rules: " + "; ".join(m.rules.describe()) + " (seed %d)" % seed)
    return 0


def check_seats(parser, args, players, humans):
    if not 1 <= humans <= players:
        parser.error("--humans: must be 1 to %d (the players), not %d" % (players, humans))
    if args.level and humans == players:
        parser.error("--level: every seat is human, there is no AI to set")


def new_game(parser, args, ask, say, questions):
    players = args.players
    humans = args.humans
    if questions and (args.profile is None or players is None or humans is None):
        say("Cucumber: avoid taking the last trick! (Enter takes the default)")
        while args.profile is None:
            answer = prompt(ask, "Rules: agurk, gurka or ogorek [agurk]: ").lower() or "agurk"
            if answer in PROFILES:
                args.profile = answer
            else:
                say("Please choose agurk, gurka or ogorek.")

        def check(n):
            try:
                rules_from_args(args, n)
            except RulesError as e:
                return "Those rules cannot be played: %s" % e
            return None

        if players is None:
            players = ask_int(ask, say, "Players (2-7)", 4, 2, 7, check)
        if humans is None:
            humans = ask_int(ask, say, "Humans at this terminal", 1, 1, players)
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
