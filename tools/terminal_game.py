"""Cucumber in a terminal: one human against the built-in opponents, or several humans
passing the keyboard (hands hidden between turns).

    python tools/terminal_game.py                  # asks a few questions, Enter takes defaults
    python tools/terminal_game.py --humans 2 --players 4 --profile gurka --level hard

The match is saved after every move (``--save``), so quitting or a closed terminal loses
nothing: the next start offers to continue.
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
    END_LAST_STANDING, PROFILES, Rules, RulesError,
)

DEFAULT_SAVE = os.path.join(os.path.expanduser("~"), ".cucumber_terminal.sav")
HELP = ("Type the number shown beside a card (or its name, e.g. 9H, 10C, QS) and Enter.\n"
        "  r = review played cards (when the rules keep them open)   s = scores\n"
        "  h = this help   q = save and quit")


class Quit(Exception):
    pass


class Game:
    def __init__(self, match, humans, levels, names, seed, ask=input, say=print, save_path=None):
        self.m = match
        self.humans = humans  # set of human seats
        self.names = names
        self.ask = ask
        self.say = say
        self.save_path = save_path
        self.seed = seed
        self.levels = levels
        self.bots = {}
        for s in range(match.n):
            if s not in humans:
                self.bots[s] = ai.Player(levels[s], seed=seed * 31 + s + 1)
        self.last_human = None

    # ----- persistence -----
    def save(self):
        if not self.save_path:
            return
        data = {"humans": sorted(self.humans), "levels": self.levels, "names": self.names,
                "seed": self.seed, "match": save.dumps(self.m).hex()}
        tmp = self.save_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(data, f)
        os.replace(tmp, self.save_path)

    def forget(self):
        if self.save_path and os.path.exists(self.save_path):
            os.remove(self.save_path)

    # ----- display -----
    def read(self, prompt):
        try:
            text = self.ask(prompt)
        except EOFError:
            raise Quit() from None
        return text.strip()

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

    def show_events(self):
        m = self.m
        for ev in m.events:
            kind, seat, a, b = ev
            who = self.names[seat] if seat < m.n else "?"
            s_ = "" if who == "You" else "s"  # "You take" / "P2 takes"
            is_ = "are" if who == "You" else "is"
            if kind == EV_DEAL:
                self.say("\n=== Round %d: %s deal%s %d cards ===" % (a + 1, who, s_, m.rules.hand))
                self.say(self.scores_line())
            elif kind == EV_PLAY and seat not in self.humans:
                self.say("  %s %s %s" % (who, "play" + s_, cards.pretty(a)))
            elif kind == EV_TRICK:
                if a == m.rules.hand - 1:
                    self.say("  Last trick: %s's %s takes it." % (who, cards.pretty(b)))
                else:
                    self.say("  %s take%s trick %d with %s and lead%s." % (
                        who, s_, a + 1, cards.pretty(b), s_))
            elif kind == EV_PENALTY:
                self.say("  %s score%s %d penalty points: now %d." % (who, s_, a, b))
            elif kind == EV_LIFE:
                self.say("  %s reached %d and lose%s a life: back at %d points (%d li%s left)."
                         % (who, m.rules.threshold, s_, a, b + 1,
                            "fe" if b == 0 else "ves"))
            elif kind == EV_OFFER:
                self.say("  %s %s out, but may come back at %d points." % (who, is_, a))
            elif kind == EV_REENTER:
                how = "sits out a round and returns" if b == SIT_OUT else "pays and returns"
                self.say("  %s %s at %d points." % (who, how, a))
            elif kind == EV_OUT:
                self.say("  %s %s out of the match with %d points." % (who, is_, a))
            elif kind == EV_SIT_OUT:
                self.say("  %s sits this round out." % who)
            elif kind == EV_LOSER:
                self.say("  %s reached %d first: the cucumber!" % (who, m.rules.threshold))
            elif kind == EV_SUDDEN:
                self.say("  Tie for the lowest score: sudden-death round.")
            elif kind == EV_WIN:
                pot = " and sweeps the pot of %d" % a if a else ""
                self.say("\n*** %s %s the match%s! ***" % (who, "win" + s_, pot))
        del m.events[:]

    def cover(self, seat):
        """Hide the previous hand before another human sees the screen."""
        if len(self.humans) < 2 or self.last_human == seat:
            return
        self.say("\n" * 40)
        self.read("Pass to %s - press Enter when only %s is looking. " % (
            self.names[seat], self.names[seat]))
        self.last_human = seat

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

    # ----- turns -----
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
        self.say("%s, your hand (playable cards are numbered):" % self.names[seat])
        self.say("  " + "  ".join(line))
        if m.is_last_trick():
            self.say("  This is the last trick: whoever takes it scores.")
        while True:
            text = self.read("Play which card? (h for help) ")
            if not text:
                self.say("Type the number beside a card, then Enter (h for help).")
                continue
            low = text.lower()
            if low in ("q", "quit", "exit"):
                raise Quit()
            if low in ("h", "help", "?"):
                self.say(HELP)
                continue
            if low == "r":
                self.review(seat)
                continue
            if low == "s":
                self.say(self.scores_line())
                continue
            card = None
            if text.isdigit():
                k = int(text)
                if 1 <= k <= len(numbered):
                    card = numbered[k - 1]
                else:
                    self.say("No card numbered %s: choose 1 to %d." % (text, len(numbered)))
                    continue
            else:
                try:
                    card = cards.parse(text)
                except ValueError:
                    self.say("'%s' is not a card or a command. %s" % (text, HELP.split("\n")[0]))
                    continue
            if card not in legal:
                self.say(m.explain(card))
                continue
            self.say("  %s: %s" % (self.names[seat], m.explain(card)))
            return card

    def human_reentry(self, seat):
        m = self.m
        self.cover(seat)
        acts = m.legal_actions()
        restart = m.restart[seat]
        self.say("%s, you reached %d. You may come back at %d points:" % (
            self.names[seat], m.rules.threshold, restart))
        options = {"n": DECLINE, "p": PAY}
        self.say("  p = pay %d chip(s) into the pot and play on" % m.rules.reentry_chips)
        if SIT_OUT in acts:
            options["s"] = SIT_OUT
            self.say("  s = sit out the next round, then play on")
        self.say("  n = stay out")
        while True:
            text = self.read("Your choice? ").lower()
            if text in ("q", "quit"):
                raise Quit()
            if text[:1] in options:
                return options[text[:1]]
            self.say("Please answer %s." % " or ".join(sorted(options)))

    def run(self):
        m = self.m
        self.show_events()
        try:
            while not m.is_terminal():
                seat = m.current_player()
                if seat in self.humans:
                    if m.phase == PHASE_REENTRY:
                        action = self.human_reentry(seat)
                    else:
                        action = self.human_card(seat)
                else:
                    action = self.bots[seat].choose(m.view(seat))
                m.apply_action(action)
                self.show_events()
                self.save()
        except Quit:
            self.save()
            self.say("\nMatch saved%s. Run the game again to continue." % (
                " in " + self.save_path if self.save_path else ""))
            return 0  # quitting is not a failure: the match is kept
        self.forget()
        return 0


def ask_int(ask, say, prompt, default, lo, hi):
    while True:
        try:
            text = ask("%s [%d]: " % (prompt, default)).strip()
        except EOFError:
            raise Quit() from None
        if not text:
            return default
        if text.isdigit() and lo <= int(text) <= hi:
            return int(text)
        say("Please type a whole number from %d to %d." % (lo, hi))


def build_parser():
    p = argparse.ArgumentParser(description="Play Cucumber in the terminal.")
    p.add_argument("--profile", choices=PROFILES, help="rule profile (default agurk)")
    p.add_argument("--players", type=int, help="2 to 7 players (default 4)")
    p.add_argument("--humans", type=int, help="how many humans share the terminal (default 1)")
    p.add_argument("--level", choices=ai.LEVELS, default="medium", help="AI level")
    p.add_argument("--hand", type=int, help="cards per hand, 3 to 7")
    p.add_argument("--threshold", type=int, help="penalty threshold")
    p.add_argument("--strict", action="store_true", help="strict follow rule")
    p.add_argument("--choice", action="store_true", help="choice follow rule")
    p.add_argument("--ace", choices=("ordinary", "forces-lowest", "wins-last"))
    p.add_argument("--inverse", action="store_true", help="lowest card of last trick scores")
    p.add_argument("--tie-all", action="store_true", help="all tied highest cards score")
    p.add_argument("--lives", type=int, help="Danish lives (1 to 4)")
    p.add_argument("--buyback", action="store_true", help="Parlett's buy-back")
    p.add_argument("--comeback", action="store_true", help="comeback once per match")
    p.add_argument("--stakes", action="store_true", help="play for a pot of chips")
    p.add_argument("--first-out", action="store_true", help="first to the threshold loses")
    p.add_argument("--rounds", type=int, help="quick game: play this many rounds")
    p.add_argument("--seed", type=int, help="seed for a reproducible match")
    p.add_argument("--save", default=DEFAULT_SAVE, help="save file (default %(default)s)")
    p.add_argument("--new", action="store_true", help="ignore a saved match")
    return p


def rules_from_args(args, players):
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
    if args.first_out or args.rounds:
        kw["lives"] = 1
        kw["end"] = END_FIRST_OUT if args.first_out else END_FIXED_ROUNDS
        if args.rounds:
            kw["rounds"] = args.rounds
    else:
        kw.setdefault("end", END_LAST_STANDING)
    return Rules(args.profile or "agurk", **kw)


def main(argv=None, ask=input, say=print):
    args = build_parser().parse_args(argv)
    try:
        if args.save and not args.new and os.path.exists(args.save):
            game = resume(args, ask, say)
            if game is not None:
                return game.run()
        interactive = argv is None and sys.stdin.isatty()
        players = args.players
        humans = args.humans
        profile = args.profile
        if interactive and players is None:
            say("Cucumber: avoid taking the last trick! (Enter takes the default)")
            profile = ask("Rules: agurk, gurka or ogorek [agurk]: ").strip().lower() or "agurk"
            while profile not in PROFILES:
                say("Please choose agurk, gurka or ogorek.")
                profile = ask("Rules [agurk]: ").strip().lower() or "agurk"
            args.profile = profile
            players = ask_int(ask, say, "Players (2-7)", 4, 2, 7)
            humans = ask_int(ask, say, "Humans at this terminal", 1, 1, players)
        players = 4 if players is None else players
        humans = 1 if humans is None else humans
        try:
            rules = rules_from_args(args, players)
        except RulesError as e:
            say("Those rules cannot be played: %s" % e)
            return 2
        if not 1 <= humans <= players:
            say("--humans must be 1 to %d" % players)
            return 2
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "little")
        names = ["You" if humans == 1 and s == 0 else "P%d" % (s + 1) for s in range(players)]
        levels = ["human" if s < humans else args.level for s in range(players)]
        m = Match(rules, seed=seed, log_events=True)
        say("Rules: " + "; ".join(rules.describe()) + " (seed %d)" % seed)
        game = Game(m, set(range(humans)), levels, names, seed, ask, say, args.save)
        return game.run()
    except Quit:
        say("\nBye.")
        return 0


def resume(args, ask, say):
    try:
        with open(args.save) as f:
            data = json.load(f)
        m = save.loads(bytes.fromhex(data["match"]))
        humans = set(data["humans"])
        levels = data["levels"]
        names = data["names"]
        seed = int(data["seed"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        say("The saved match in %s cannot be read (%s); starting a new one." % (args.save, e))
        return None
    try:
        text = ask("A saved match is waiting (%s). Continue it? [Y/n] " % m.rules.profile)
    except EOFError:
        raise Quit() from None
    if text.strip().lower().startswith("n"):
        return None
    m.log_events = True
    say("Continuing: " + "; ".join(m.rules.describe()))
    return Game(m, humans, levels, names, seed, ask, say, args.save)


if __name__ == "__main__":
    sys.exit(main())
