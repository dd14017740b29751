"""What the table says in the terminal game: a match's events as lines everyone may read
(kept for the next human's recap), the scores, the trick before a human's turn, the
review of played cards, the screen cleared between two humans, and the match's end.

Functions of the Game (``game``, tools/pc/term_game.py); the texts are the ``term`` and
``termev`` sections (tools/pc/term_words.py).
"""

from engine import challenge
from engine.match import (
    EV_DEAL, EV_LIFE, EV_LOSER, EV_OFFER, EV_OUT, EV_PENALTY, EV_PLAY, EV_REENTER,
    EV_SIT_OUT, EV_SUDDEN, EV_TIEBREAK, EV_TRICK, EV_WIN, SIT_OUT,
)
from term_challenge import replay
from term_words import (
    CH, EV, W, _BACK, _BACK_YOU, _CARDS_LEFT, _CH_CODE, _CH_END, _CH_PENALTY, _CH_REPLAY,
    _CH_STOPPED, _DEAL, _DEAL_YOU, _FINAL, _FINAL1, _LAST, _LAST_YOU, _LIFE, _LIFE1,
    _LIFE1_YOU, _LIFE_YOU,
    _LOSER, _LOSER_YOU, _OFFER, _OFFER_YOU, _OUT, _OUT_YOU, _PASS, _PAY, _PAY1, _PAY1_YOU,
    _PAY_YOU, _PENALTY, _PENALTY1, _PENALTY1_YOU, _PENALTY_YOU, _PLAY, _PLAY_YOU, _POT,
    _REVIEW_CLOSED, _SCORE, _SCORE_LIVES, _SEAT_OUT, _SINCE, _SIT, _SIT_YOU, _SKIPPED_END,
    _SUDDEN, _SUDDEN_DEAL, _TAKE, _TAKE_YOU, _TIE_KEPT, _TIE_KEPT_YOU, _TIE_OUT, _TIE_OUT_YOU,
    _TRICK, _TRICK_LEAD, _WIN, _WIN_POT, _WIN_POT_YOU, _WIN_YOU, _WON_SUDDEN, _WON_SUDDEN_YOU,
    card_name, listed,
)

# Home the cursor, clear the screen and the scrollback: a hot-seat game must not leave the
# last hand where the next player can scroll back to it.
CLEAR = "\033[H\033[2J\033[3J"


def scores_line(game):
    m = game.m
    parts = []
    for s in range(m.n):
        tag = game.names[s]
        if not m.active(s):
            parts.append(W[_SEAT_OUT] % tag)
            continue
        lives = m.rules.lives()
        if lives > 1:
            parts.append(W[_SCORE_LIVES] % (tag, m.scores[s], lives - m.reentries_used[s],
                                            lives))
        else:
            parts.append(W[_SCORE] % (tag, m.scores[s]))
    if m.rules.stakes or m.pot:
        parts.append(W[_POT] % m.pot)
    return " | ".join(parts)


def event_text(game, ev):
    """The line for one engine event, or None (a human's own play is shown when it
    is chosen)."""
    m = game.m
    kind, seat, a, b = ev
    if seat >= m.n and kind != EV_SUDDEN:
        return None
    pick = game.pick
    if kind == EV_DEAL:
        if b:  # a sudden death's round: its players (b: their seats as bits), no dealer
            players = [game.names[s] for s in range(m.n) if b >> s & 1]
            return "\n" + EV[_SUDDEN_DEAL] % (listed(players), m.rules.hand)
        if game.is_you(seat):
            return "\n" + EV[_DEAL_YOU] % (a + 1, m.rules.hand)
        return "\n" + EV[_DEAL] % (a + 1, game.names[seat], m.rules.hand)
    if kind == EV_PLAY:
        return "  " + pick(seat, EV[_PLAY_YOU], EV[_PLAY], card_name(a))
    if kind == EV_TRICK:
        if a == m.rules.hand - 1:
            return "  " + pick(seat, EV[_LAST_YOU], EV[_LAST], card_name(b))
        return "  " + pick(seat, EV[_TAKE_YOU], EV[_TAKE], a + 1, card_name(b))
    if kind == EV_PENALTY:
        if a == 1:
            return "  " + pick(seat, EV[_PENALTY1_YOU], EV[_PENALTY1], b)
        return "  " + pick(seat, EV[_PENALTY_YOU], EV[_PENALTY], a, b)
    if kind == EV_LIFE:
        if b == 0:
            return "  " + pick(seat, EV[_LIFE1_YOU], EV[_LIFE1], m.rules.threshold, a)
        return "  " + pick(seat, EV[_LIFE_YOU], EV[_LIFE], m.rules.threshold, a, b + 1)
    if kind == EV_OFFER:
        return "  " + pick(seat, EV[_OFFER_YOU], EV[_OFFER], a)
    if kind == EV_REENTER:
        if b == SIT_OUT:
            return "  " + pick(seat, EV[_BACK_YOU], EV[_BACK], a)
        chips = m.rules.reentry_chips
        if chips == 1:
            return "  " + pick(seat, EV[_PAY1_YOU], EV[_PAY1], a)
        return "  " + pick(seat, EV[_PAY_YOU], EV[_PAY], chips, a)
    if kind == EV_OUT:
        return "  " + pick(seat, EV[_OUT_YOU], EV[_OUT], a)
    if kind == EV_SIT_OUT:
        return "  " + pick(seat, EV[_SIT_YOU], EV[_SIT])
    if kind == EV_LOSER:
        if game.is_you(seat):
            return "  " + EV[_LOSER_YOU] % m.rules.threshold
        return "  " + EV[_LOSER] % (game.names[seat], m.rules.threshold, game.names[seat])
    if kind == EV_TIEBREAK:  # b: the seat drops out of the tie (else everyone took it)
        if b:
            return "  " + pick(seat, EV[_TIE_OUT_YOU], EV[_TIE_OUT], a)
        return "  " + pick(seat, EV[_TIE_KEPT_YOU], EV[_TIE_KEPT], a)
    if kind == EV_SUDDEN:
        return "  " + EV[_SUDDEN]
    if kind == EV_WIN:
        if a:
            return "\n" + pick(seat, EV[_WIN_POT_YOU], EV[_WIN_POT], a)
        return "\n" + pick(seat, EV[_WIN_YOU], EV[_WIN])
    return None


def show_events(game):
    """Show (and log) the match's new events; return their kinds."""
    m = game.m
    kinds = []
    events = m.events
    stop = game.stopped()
    if stop:  # the challenge's last round is over: what follows it is not shown
        for i in range(len(events)):
            if events[i][0] in (EV_DEAL, EV_SIT_OUT, EV_OFFER, EV_SUDDEN):
                events = events[:i]
                break
    if game.skipping and (stop or any(ev[0] == EV_WIN for ev in events)):
        # the end of a skip: the last round's outcome is shown
        game.skipping = False
        game.say("  " + W[_SKIPPED_END] % (game.skip_from + 1, m.round_no))
    for ev in events:
        kind, seat = ev[0], ev[1]
        kinds.append(kind)
        text = event_text(game, ev)
        if text is None:
            continue
        # a human's own play was shown with its explanation when it was chosen
        game.public(text, show=not (kind == EV_PLAY and seat in game.humans))
        if kind == EV_DEAL:
            game.public(scores_line(game))
            game.scores_shown = not game.skipping
    del m.events[:]
    return kinds


def final_summary(game):
    m = game.m
    if game.stopped():
        game.say("\n" + CH[_CH_STOPPED] % m.round_no)
    if m.sudden and m.is_terminal():  # how the tie for the lowest score was broken
        game.say(game.pick(m.winner, W[_WON_SUDDEN_YOU], W[_WON_SUDDEN]))
    scores = ", ".join("%s %d" % (game.names[s], m.scores[s]) for s in range(m.n))
    if m.round_no == 1:
        game.say(W[_FINAL1] % scores)
    else:
        game.say(W[_FINAL] % (m.round_no, scores))
    ch = game.challenge
    if ch is not None:  # every match has a code (but one of an earlier version's save)
        code = challenge.show(challenge.encode(ch))
        if game.setup:
            game.say(CH[_CH_CODE] % code)
        else:
            if game.you is not None:
                game.say(CH[_CH_PENALTY] % m.scores[game.you])
            game.say(CH[_CH_END] % code)
        game.say(CH[_CH_REPLAY] % replay(ch))


def cover(game, seat):
    """Clear the screen and the scrollback before another human sees it, then show
    that human what happened since their last turn."""
    if len(game.humans) < 2 or game.last_human == seat:
        return
    game.say(CLEAR)
    game.scores_shown = False
    game.read(W[_PASS] % (game.names[seat], game.names[seat]) + " ")
    game.last_human = seat
    recap = game.log[game.seen.get(seat, 0):][-30:]
    if recap and seat in game.seen:
        game.say(W[_SINCE])
        scores = scores_line(game)
        for line in recap:
            game.say(line)
            if line == scores:
                game.scores_shown = True


def show_table(game, seat):
    m = game.m
    trick, who = m.trick[:m.trick_len], m.trick_seats[:m.trick_len]
    game.say("")
    if not game.scores_shown:
        game.say(scores_line(game))
    game.scores_shown = False
    if m.trick_len:
        game.say(W[_TRICK] % (m.trick_no + 1, m.rules.hand, "  ".join(
            "%s:%s" % (game.names[w], card_name(c)) for c, w in zip(trick, who))))
    else:
        game.say(W[_TRICK_LEAD] % (m.trick_no + 1, m.rules.hand))
    counts = ", ".join("%s %d" % (game.names[s], m.counts[s]) for s in range(m.n)
                       if m.in_round[s] and s != seat)
    game.say(W[_CARDS_LEFT] % counts)


def review(game, seat):
    m = game.m
    if not m.rules.open_cards:
        game.say(W[_REVIEW_CLOSED])
        return
    for s in range(m.n):
        if m.in_round[s]:
            played = m.view(seat).played_by(s)
            game.say("  %s: %s" % (game.names[s], " ".join(card_name(c) for c in played)
                                   or "-"))

# ----- turns --------------------------------------------------------------------
