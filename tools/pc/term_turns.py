"""A human's turn in the terminal game: the hand with its legal cards numbered and the
card chosen (typed as a number or a card; h, r, s and q between), why a card may or may
not be played, the re-entry choice; and watching when no human is in the round (Enter,
r, s or q after every trick or round).

Functions of the Game (``game``, tools/pc/term_game.py); the texts are the ``term``
section (tools/pc/term_words.py).
"""

from cucumber import lang
from engine.match import (
    DECLINE, EV_DEAL, EV_TRICK, PAY, PHASE_REENTRY, SIT_OUT, WHY_ACE_LED, WHY_HEADS,
    WHY_LEAD, WHY_LOWEST,
)
from term_input import Quit, parse_card, shown, whole_number
from term_table import cover, review, scores_line, show_table
from term_words import (
    EV, W, _ANSWER, _ASK_CARD, _ASK_CHOICE, _ASK_ONLY, _ASK_WATCH, _HAND, _HAND_YOU, _HELP1,
    _HELP2, _HELP3, _ILLEGAL, _ILLEGAL_ACE, _ILLEGAL_STRICT, _KEYS, _LAST_TRICK,
    _NEED_NUMBER, _NO_NUMBER, _NO_NUMBER_ONLY, _NOT_CARD, _NOT_IN_HAND, _ONLY, _OPT_PAY,
    _OPT_PAY1, _OPT_SIT, _OPT_STAY, _OR, _PLAY, _PLAY_YOU, _REACHED, _REACHED_YOU,
    _SKIP_AGAIN, _SKIP_END, _SKIPPED_TO, _SKIPPING, _WATCH_AGAIN, _WATCH_OUT_ALL,
    _WATCH_OUT_YOU, _WATCH_SIT_ALL, _WATCH_SIT_YOU, _WATCH_TIE_ALL, _WATCH_TIE_YOU, _WHY_ACE,
    _WHY_HEADS, _WHY_LEAD, _WHY_LOWEST, _WHY_LOWEST_STRICT, card_name,
)


def help_text():
    return "\n".join((W[_HELP1], "  " + W[_HELP2], "  " + W[_HELP3]))


def explain(m, card):
    """Why ``card`` may or may not be played by the player to move, in words (the
    sentences of engine.explain, in the chosen language)."""
    w = m.why(card)
    name = card_name(card)
    if w == WHY_LEAD:
        return W[_WHY_LEAD] % name
    if w == WHY_HEADS:
        return W[_WHY_HEADS] % name
    if w == WHY_LOWEST:
        return W[_WHY_LOWEST_STRICT if m.rules.strict else _WHY_LOWEST] % name
    if w == WHY_ACE_LED:
        return W[_WHY_ACE] % name
    if m.ace_led():
        return W[_ILLEGAL_ACE] % name
    top = lang.rank(m.top_rank())
    return W[_ILLEGAL_STRICT if m.rules.strict else _ILLEGAL] % (name, top)


def human_card(game, seat):
    m = game.m
    cover(game, seat)
    show_table(game, seat)
    hand = m.hand(seat)
    legal = m.legal_cards()
    numbered = []
    line = []
    for c in hand:
        if c in legal:
            numbered.append(c)
            line.append("[%d] %s" % (len(numbered), card_name(c)))
        else:
            line.append("    %s" % card_name(c))
    game.seen[seat] = len(game.log)
    game.say(game.pick(seat, W[_HAND_YOU], W[_HAND]))
    game.say("  " + "  ".join(line))
    if m.is_last_trick():
        game.say("  " + W[_LAST_TRICK])
    only = numbered[0] if len(numbered) == 1 else None
    if only is not None:
        game.say("  " + W[_ONLY] % card_name(only))
    ask = W[_ASK_CARD] + " " if only is None else W[_ASK_ONLY] % card_name(only) + " "
    while True:
        text = game.read(ask)
        low = text.lower()
        card = None
        if not text:
            if only is None:
                game.say(W[_NEED_NUMBER])
                continue
            card = only
        elif low in ("q", "quit", "exit"):
            raise Quit()
        elif low in ("h", "help", "?"):
            game.say(help_text())
            continue
        elif low == "r":
            review(game, seat)
            continue
        elif low == "s":
            game.say(scores_line(game))
            continue
        elif whole_number(text) is not None:
            k = whole_number(text)
            if not 1 <= k <= len(numbered):
                if only is not None:
                    game.say(W[_NO_NUMBER_ONLY] % (shown(text), card_name(only)))
                else:
                    game.say(W[_NO_NUMBER] % (shown(text), len(numbered)))
                continue
            card = numbered[k - 1]
        else:
            try:
                card = parse_card(text)
            except ValueError:
                game.say(W[_NOT_CARD] % (shown(text), W[_HELP1]))
                continue
        if card not in hand:
            game.say(W[_NOT_IN_HAND] % card_name(card))
            continue
        if card not in legal:
            game.say(explain(m, card))
            continue
        game.say("  " + game.pick(seat, EV[_PLAY_YOU], EV[_PLAY], explain(m, card)))
        return card


def human_reentry(game, seat):
    m = game.m
    cover(game, seat)
    acts = m.legal_actions()
    restart = m.restart[seat]
    game.seen[seat] = len(game.log)
    game.say(game.pick(seat, W[_REACHED_YOU], W[_REACHED], m.rules.threshold, restart))
    options = {}
    if PAY in acts:
        options["p"] = PAY
        chips = m.rules.reentry_chips
        game.say("  " + (W[_OPT_PAY1] if chips == 1 else W[_OPT_PAY] % chips))
    if SIT_OUT in acts:
        options["s"] = SIT_OUT
        game.say("  " + W[_OPT_SIT])
    options["n"] = DECLINE
    game.say("  " + W[_OPT_STAY])
    while True:
        text = game.read(W[_ASK_CHOICE] + " ").lower()
        if text in ("q", "quit", "exit"):
            raise Quit()
        if text[:1] in options:
            return options[text[:1]]
        game.say(W[_ANSWER] % (" %s " % W[_OR]).join(sorted(options)))

# ----- watching (no human in the match or the round) -----------------------------


def spectating(game):
    m = game.m
    for s in game.humans:
        if m.active(s) and m.in_round[s]:
            return False
        if m.phase == PHASE_REENTRY and s in m.pending:
            return False
    return True


def watch_pause(game, kinds):
    """Let the watcher follow the others: Enter = next trick, r = next round,
    s = skip ahead, q = save and quit (``--no-pause``: never stops)."""
    if game.skipping or game.pause == "off":
        return
    out = not any(game.m.active(s) for s in game.humans)
    skip = W[_SKIP_END] if out or game.m.sudden else W[_SKIP_AGAIN]  # (no round after one)
    keys = W[_KEYS] % skip
    if not game.watching:
        game.watching = True
        one = len(game.humans) == 1
        if out:
            game.say(W[_WATCH_OUT_YOU if one else _WATCH_OUT_ALL] % keys)
        elif game.m.sudden:  # a sudden death without them
            game.say(W[_WATCH_TIE_YOU if one else _WATCH_TIE_ALL] % keys)
        else:
            game.say(W[_WATCH_SIT_YOU if one else _WATCH_SIT_ALL] % keys)
    if (EV_TRICK if game.watch == "trick" else EV_DEAL) not in kinds:
        return
    while True:
        text = game.read(W[_ASK_WATCH] % skip + " ").lower()
        if not text:
            game.watch = "trick"
            return
        if text in ("r", "round"):
            game.watch = "round"
            return
        if text in ("s", "skip"):
            game.skipping = True
            game.skip_from = game.m.round_no
            game.say("  " + W[_SKIPPING])
            return
        if text in ("q", "quit", "exit"):
            raise Quit()
        game.say(W[_WATCH_AGAIN] % keys)


def end_watch(game):
    """A human acts again: back to normal play (after a skip, say where we are)."""
    if game.skipping:  # (the table, with the scores, is shown next)
        game.skipping = False
        game.say("  " + W[_SKIPPED_TO] % (game.m.round_no + 1))
    game.watching = False
    game.watch = game.pause
