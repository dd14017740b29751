"""A student's bot: what it is shown, and how the game asks it for a card.

A bot is a file ``bot.py`` defining ``choose(view)``, which returns one of
``view.legal``. The ``view`` it gets is a :class:`BotView`: plain copies (ints, tuples,
booleans) of what its seat may know, made afresh at each of its turns from the seat's
:class:`engine.view.View`. It holds no reference to the match, the app or another seat,
so a bot cannot read another player's hidden cards, even by accident
(host_tests/test_bots.py walks everything reachable from it). docs/BOTS.md is the
student's guide.

Card codes: ``card >> 2`` is the rank (0 = a two ... 8 = a ten, 9 J, 10 Q, 11 K, 12 A),
``card & 3`` the suit (0 spades, 1 hearts, 2 diamonds, 3 clubs); suits never matter in
this game.

:func:`ask` is the one place that calls a bot (on the board, in the simulator and in
tools/measure/arena.py): whatever goes wrong (an exception, a card that is not legal, a run longer
than the limit) the seat plays the fallback player's card for that turn and the caller is
told why in one line; the match goes on.
"""

from engine.compat import const

LIMIT_MS = const(3000)  # a bot slower than this loses its card for that turn


class BotView:
    """What one seat may know at its turn, copied (see docs/BOTS.md):

    - ``seat``, ``players``: this seat (0-based) and how many seats the match has
    - ``hand``: this seat's cards, lowest first; ``legal``: the ones it may play now
    - ``trick``: the cards played to the current trick, in order, ``trick_seats`` who
      played them; ``trick_no``: 0 for the round's first trick; ``tricks``: tricks in a
      round (the hand size); ``leader``, ``dealer``: seats
    - ``scores``, ``counts`` (cards left in hand), ``in_round`` (dealt into this round),
      ``out`` (out of the match), ``reentries_left``: one entry per seat
    - ``played``: per seat, the cards it played this round that this seat may review
      (everyone's when the rules keep played cards open, else its own and the current
      trick's)
    - rules: ``threshold``, ``strict``, ``ace_forces_lowest``, ``ace_takes_last``,
      ``tie_all``, ``inverse``, ``open_cards``, ``end`` (0 last standing, 1 first out
      loses, 2 fixed rounds)
    """


def snapshot(view):
    """A :class:`BotView` of ``view`` (an :class:`engine.view.View` at its seat's turn)."""
    b = BotView()
    n = view.n
    rules = view.rules
    b.seat = view.seat
    b.players = n
    b.hand = tuple(view.hand())
    b.legal = tuple(view.legal_cards())
    cards, seats = view.trick()
    b.trick = tuple(cards)
    b.trick_seats = tuple(seats)
    b.trick_no = view.trick_no()
    b.tricks = rules.hand
    b.leader = view.leader()
    b.dealer = view.dealer()
    b.scores = tuple(view.score(s) for s in range(n))
    b.counts = tuple(view.count(s) for s in range(n))
    b.in_round = tuple(view.in_round(s) for s in range(n))
    b.out = tuple(not view.active(s) for s in range(n))
    b.reentries_left = tuple(view.reentries_left(s) for s in range(n))
    b.played = tuple(tuple(view.played_by(s)) for s in range(n))
    b.threshold = rules.threshold
    b.strict = bool(rules.strict)
    b.ace_forces_lowest = rules.ace == 1  # engine.rules.ACE_FORCES_LOWEST
    b.ace_takes_last = rules.ace == 2  # engine.rules.ACE_WINS_LAST
    b.tie_all = bool(rules.tie_all)
    b.inverse = bool(rules.inverse)
    b.open_cards = bool(rules.open_cards)
    b.end = rules.end
    return b


def ask(choose, view, fallback, clock=None, limit_ms=LIMIT_MS):
    """``(card, problem)``: the card ``choose(snapshot(view))`` returned and None; or,
    when the bot raised, returned a card that is not legal now, or took longer than
    ``limit_ms`` by ``clock()`` (nanoseconds, e.g. time.monotonic_ns), the card of
    ``fallback`` (an engine.ai Player, asked with the full view) and a one-line reason.
    Re-entry offers are never put to a bot: the caller asks the fallback player."""
    card, problem, _ = ask_verbose(choose, view, fallback, clock, limit_ms)
    return card, problem


def ask_verbose(choose, view, fallback, clock=None, limit_ms=LIMIT_MS):
    """:func:`ask`, and the exception the bot raised (or None) third, for a traceback."""
    legal = view.legal_cards()
    start = clock() if clock is not None else 0
    try:
        card = choose(snapshot(view))
    except Exception as e:  # anything a student's code raises: the match goes on
        return fallback.choose(view), "bot error: %s" % _one_line(e), e
    if clock is not None and (clock() - start) // 1000000 > limit_ms:
        return fallback.choose(view), "bot too slow (over %d s)" % (limit_ms // 1000), None
    # a card is an int 0..51, not True/False, and one of ``legal``: looked for by hand,
    # since ``int in bytearray`` raises NotImplementedError on MicroPython (and
    # ValueError on CPython for an int outside 0..255)
    if isinstance(card, int) and card is not True and card is not False:
        for c in legal:
            if c == card:
                return c, None, None  # the engine's int, whatever int subclass came back
    return fallback.choose(view), "bot played %s: not legal now" % _card_text(card), None


def _one_line(e):
    name = type(e).__name__
    try:  # a student's exception class may have a __str__ that fails
        text = str(e)
    except Exception:
        text = ""
    text = "%s: %s" % (name, text) if text else name
    return text.split("\n")[0]


def _card_text(card):
    if isinstance(card, int) and 0 <= card < 52:
        return "23456789TJQKA"[card >> 2] + "SHDC"[card & 3]
    try:  # whatever the bot returned, even an object whose __repr__ fails
        text = repr(card)
    except Exception:
        text = "?"
    return text if len(text) <= 12 else text[:11] + "..."
