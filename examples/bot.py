# Your own Cucumber bot: a starting point.
#
# How to use it: copy this file to the CIRCUITPY drive as "bot.py" (right next to
# code.py). In the set-up screen, change a seat to "Bot" and start the match: that seat
# now plays the cards this file chooses. On a PC you can try it first:
#
#     python tools/measure/arena.py --bots examples/bot.py,hard,medium,easy
#
# docs/BOTS.md explains everything below in more detail.
#
# ---------------------------------------------------------------------------------
# The game in two lines: play a card at least as high as the highest card in the trick,
# or your lowest card. Whoever takes the LAST trick scores that card's value: so get
# rid of your high cards early and keep a low card for the end.
#
# Cards are numbers from 0 to 51:
#     rank = card // 4      0 is a two, 1 a three, ... 8 a ten, 9 jack, 10 queen,
#                           11 king, 12 ace
#     suit = card % 4       0 spades, 1 hearts, 2 diamonds, 3 clubs
# Suits never matter in Cucumber, only ranks. Cards are always sorted lowest first.
#
# Every time it is your turn, the game calls choose(view). The view tells you what your
# seat may know (a copy: changing it changes nothing in the game):
#     view.hand         your cards, lowest first, e.g. (4, 17, 50)
#     view.legal        the cards you may play now, lowest first: return one of these!
#     view.trick        the cards already played to this trick, in order ((): you lead)
#     view.trick_seats  who played them (seats are numbered 0, 1, 2, ...)
#     view.trick_no     0 for the first trick of the round, 1 for the next, ...
#     view.tricks       how many tricks a round has (so the last is tricks - 1)
#     view.seat         your seat; view.players: how many seats there are
#     view.scores, view.counts (cards left in each hand), view.in_round, view.out,
#     view.reentries_left: one number (or True/False) per seat
#     view.played       for each seat, the cards you saw it play this round
#     view.threshold    the score that costs a life; and the rules: view.strict,
#                       view.inverse, view.ace_forces_lowest, ... (see docs/BOTS.md)
#
# What if your bot makes a mistake? If choose() crashes, returns a card that is not in
# view.legal, or thinks for more than 3 seconds, the game plays the built-in "medium"
# player's card for you on that turn, shows one line on the screen and prints the
# details (the traceback) on the serial console. Nothing is lost: fix the file, save it,
# and start a new match.
#
# print() works too: its output goes to the serial console (in Mu or Thonny on a PC
# connected by USB), which is handy to see what your bot is thinking.
# ---------------------------------------------------------------------------------

ACE = 12


def rank(card):
    """The rank of a card: 0 for a two ... 12 for an ace."""
    return card // 4


def name(card):
    """A card as text, like "QH" (queen of hearts) or "TS" (ten of spades): for print()."""
    return "23456789TJQKA"[card // 4] + "SHDC"[card % 4]


def highest_rank_in_trick(view):
    """The highest rank played to this trick so far, or -1 if nobody played yet."""
    top = -1
    for card in view.trick:
        if rank(card) > top:
            top = rank(card)
    return top


def choose(view):
    legal = view.legal
    lowest = legal[0]  # the list is sorted: the first card is the lowest
    highest = legal[-1]  # and the last card is the highest

    # Only one choice (or all the same rank)? Then there is nothing to think about.
    if rank(lowest) == rank(highest):
        return lowest

    # In the "inverse" variant the LOWEST card of the last trick scores, so we keep our
    # high cards and play low ones.
    if view.inverse:
        return lowest

    # Our idea: get rid of high cards whenever we are allowed to. When our highest card
    # is at least as high as everything in the trick (or we lead, so the trick is
    # empty), play it: we may take this trick, but it is not the last one, and our low
    # cards stay in our hand for the last trick.
    if rank(highest) >= highest_rank_in_trick(view):
        return highest

    # Otherwise we cannot head the trick: play our lowest card.
    return lowest


# Ideas to make it better (the built-in players do some of these):
# - When you lead with many cards in hand, a middle card may be better than the highest:
#   your top cards can head later tricks.
# - When you play last to a trick and can head it, the smallest card that heads it
#   takes the trick just as well, and your higher cards stay for later.
# - view.scores[view.seat] close to view.threshold? Be careful: one more last trick
#   could cost you a life.
# - view.played shows the cards that are gone: which high cards are still out there?
