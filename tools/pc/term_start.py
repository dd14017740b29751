"""Starting a match in the terminal game: a new one from the options (asking what they
leave open), a challenge's, the saved one continued, and the next one after a match.

Each says what it starts (the rules, the seed or the code) and returns its Game
(tools/pc/term_game.py); tools/pc/terminal_game.py decides which to start. Every new match
is a challenge (engine.challenge), as on the handheld: a match of the set-up is the
challenge of its rules, seats and seed (0 to 4095), so that its end can say its code.
"""

from engine import challenge
from engine.rules import PROFILES, RulesError
from term_challenge import challenge_humans, challenge_levels, seats_challenge
from term_game import Game
from term_input import Quit, ask_int, is_no, prompt
from term_options import (
    check_seats, given_options, new_seed, refusal, refused, rules_from_args,
)
from term_saves import load_save
from term_words import (
    CH, SU, _ASK_CONTINUE, _ASK_HUMANS, _ASK_PLAYERS, _ASK_RULES, _CH_DAILY, _CH_LENGTH,
    _CH_NEXT, _CH_OTHER, _CH_START, _CHOOSE_RULES, _CONTINUING, _INTRO, _NOTE_GIVEN, _REFUSED,
    _REPLACING, _RULES, _SAVED_INFO, _STILL_SAVED, rules_summary,
)


def resume(args, text, ask, say):
    """The saved Game, or None for a new match (after saying why)."""
    m, humans, levels, seed, ch, setup = load_save(text)
    given = given_options(args)
    if given:
        say(SU[_NOTE_GIVEN] % " ".join(given))
    info = SU[_SAVED_INFO] % (m.rules.profile, m.n, m.round_no + 1)
    try:
        answer = prompt(ask, SU[_ASK_CONTINUE] % info + " ")
    except Quit:
        raise Quit("\n" + SU[_STILL_SAVED] % args.save) from None
    if is_no(answer):
        say(SU[_REPLACING])
        return None
    m.log_events = True
    m.events = []
    say(SU[_CONTINUING] % rules_summary(m.rules))
    game = Game(m, humans, levels, seed, ask, say, args.save, not args.no_pause, ch, setup)
    game.saved = text
    return game


def challenge_game(ch, args, ask, say):
    """A new Game of challenge ``ch``, after saying its code, rules and length."""
    m = ch.match(log_events=True)
    code = challenge.show(challenge.encode(ch))
    if args.daily is not None:
        say(CH[_CH_DAILY] % (args.daily, code))
    say(CH[_CH_START] % (code, rules_summary(m.rules)))
    if ch.another_version():
        say(CH[_CH_OTHER])
    if ch.length:
        say(CH[_CH_LENGTH] % ch.length)
    return Game(m, challenge_humans(ch), challenge_levels(ch), ch.seed, ask, say, args.save,
                not args.no_pause, ch)


def new_game(parser, args, ask, say, questions):
    players = args.players
    humans = args.humans
    if questions and (args.profile is None or players is None or humans is None):
        say(SU[_INTRO])
        while args.profile is None:
            answer = prompt(ask, SU[_ASK_RULES] + " ").lower() or "agurk"
            if answer in PROFILES:
                args.profile = answer
            else:
                say(SU[_CHOOSE_RULES])

        def check(n):
            try:
                rules_from_args(args, n)
            except RulesError as e:
                return SU[_REFUSED] % refused(e)
            return None

        if players is None:
            players = ask_int(ask, say, SU[_ASK_PLAYERS], 4, 2, 7, check)
        if humans is None:
            humans = ask_int(ask, say, SU[_ASK_HUMANS], 1, 1, players)
    players = 4 if players is None else players
    humans = 1 if humans is None else humans
    try:
        rules, notes = rules_from_args(args, players)
    except RulesError as e:
        parser.error(refusal(e))
    check_seats(parser, args, players, humans)
    levels = ["human" if s < humans else args.level or "medium" for s in range(players)]
    return setup_game(rules, levels, new_seed(args), args, ask, say), notes


def setup_game(rules, levels, seed, args, ask, say):
    """A new Game of the set-up: the challenge of ``rules``, the seats' ``levels`` and
    ``seed``, played as a match of the set-up (its code said at its end)."""
    ch = seats_challenge(rules, levels, seed)
    m = ch.match(log_events=True)
    humans = challenge_humans(ch)
    return Game(m, humans, levels, seed, ask, say, args.save, not args.no_pause, ch, setup=True)


def next_game(game, args, k, ask, say):
    """The Game of the ``k``-th match after the first, once ``game`` is over: the next
    seed's challenge after a challenge (a code as well), else the same rules and seats
    with the next seed (``--seed``'s next, or a random one)."""
    if game.challenge is not None and not game.setup:  # the next seed's challenge
        done = game.challenge
        ch = challenge.Challenge(done.rules, done.kinds, (done.seed + 1) % challenge.SEEDS,
                                 done.length)
        say(CH[_CH_NEXT] % challenge.show(challenge.encode(ch)))
        args.daily = None
        return challenge_game(ch, args, ask, say)
    seed = new_seed(args, k)
    game = setup_game(game.m.rules.copy(), game.levels, seed, args, ask, say)
    say(SU[_RULES] % (rules_summary(game.m.rules), seed))
    return game
