"""Rule scenarios written from /work/shared/RULES.md, runnable on CPython (pytest, through
host_tests/test_engine_scenarios.py) and on MicroPython (host_tests/test_micropython.py).

Plain asserts and MicroPython-friendly code only: no f-strings, no pytest.
Seats: A = 0, B = 1, C = 2, D = 3; play runs clockwise (seat + 1).
Each scenario is a function named ``sc_...``; ``run_all()`` runs them all and prints one
line ``ok NAME`` per scenario (or ``FAIL NAME ...``).
"""

from engine import cards
from engine import save
from engine.rules import (
    Rules, RulesError, ACE_ORDINARY, ACE_FORCES_LOWEST, ACE_WINS_LAST,
    END_FIRST_OUT, END_FIXED_ROUNDS,
)
from engine.match import (
    Match, IllegalPlay, DECLINE, PAY, SIT_OUT, PHASE_PLAY, PHASE_REENTRY,
    NOBODY, IN, OUT, EV_PENALTY, EV_LIFE, EV_OUT, EV_WIN, EV_OFFER, EV_SUDDEN, EV_TRICK,
)

A = 0
B = 1
C = 2
D = 3


# ----- helpers -----------------------------------------------------------------------

def P(name):
    return cards.parse(name)


def names(codes):
    out = []
    for c in codes:
        out.append(cards.name(c))
    out.sort()
    return out


def setup(rules, hands, dealer, scores=None):
    """A match with the given first deal; an empty hand marks a seat already out."""
    m = Match(rules, hands=hands, dealer=dealer, log_events=True)
    if scores is not None:
        for s in range(len(scores)):
            m.scores[s] = scores[s]
    return m


def plays(m, seq):
    for nm in seq.split():
        m.play(P(nm))


def legal(m):
    return names(m.legal_cards())


def raises(exc, fn, *args):
    """The message of the ``exc`` that ``fn(*args)`` raises; AssertionError if none."""
    try:
        fn(*args)
    except exc as e:
        return str(e)
    raise AssertionError("expected %s" % exc.__name__)


def illegal(m, what):
    """Playing ``what`` (a card name or a re-entry action) is refused and changes nothing."""
    before = save.dumps(m)
    nev = len(m.events)
    if isinstance(what, str):
        msg = raises(IllegalPlay, m.play, P(what))
    else:
        msg = raises(IllegalPlay, m.apply_action, what)
    assert save.dumps(m) == before, "an illegal play changed the match"
    assert len(m.events) == nev
    return msg


def events(m, kind):
    out = []
    for e in m.events:
        if e[0] == kind:
            out.append(e)
    return out


def play_round_lowest(m):
    """Play the rest of the current round, each player its lowest legal card."""
    r = m.round_no
    sd = m.sudden
    while m.phase == PHASE_PLAY and m.round_no == r and m.sudden == sd:
        t = m.trick_no
        m.play(m.legal_cards()[0])
        if m.trick_no == 0 and t != 0:
            break  # a new round was dealt (sudden death keeps round_no)


def taker_deal(n, t, low_start=0):
    """3-card hands for ``n`` seats where seat ``t`` holds QS KS KH and the others low
    cards: with everyone playing their lowest legal card, ``t`` takes every trick and
    adds 13 (KH) for the last one, under choice or strict, ace rule irrelevant."""
    hands = []
    k = low_start
    for s in range(n):
        if s == t:
            hands.append(["QS", "KS", "KH"])
        else:
            hands.append([k, k + 1, k + 2])
            k += 3
    return hands


# ----- the rule text as independent reference functions --------------------------------

def ref_legal(hand, trick, rules):
    """RULES.md: the cards the player to move may play (a sorted list of codes)."""
    if not len(trick):
        return sorted(hand)
    top = -1
    for c in trick:
        if c >> 2 > top:
            top = c >> 2
    lowest = 99
    for c in hand:
        if c >> 2 < lowest:
            lowest = c >> 2
    low = [c for c in hand if c >> 2 == lowest]
    if rules.ace == ACE_FORCES_LOWEST and trick[0] >> 2 == cards.ACE:
        return sorted(low)
    heads = [c for c in hand if c >> 2 >= top]
    if rules.strict:
        return sorted(heads) if heads else sorted(low)
    out = heads[:]
    for c in low:
        if c not in out:
            out.append(c)
    return sorted(out)


def ref_trick_winner(trick, rules, last):
    """Index of the card that takes the trick."""
    if len(trick) > 1 and trick[0] >> 2 == cards.ACE and (
            rules.ace == ACE_FORCES_LOWEST or (rules.ace == ACE_WINS_LAST and last)):
        return 0
    best = 0
    for i in range(len(trick)):
        if trick[i] >> 2 >= trick[best] >> 2:
            best = i
    return best


def ref_last_trick(trick, seats, rules):
    """(takers, penalty) of a last trick."""
    hi = max([c >> 2 for c in trick])
    if rules.inverse:
        lo = min([c >> 2 for c in trick])
        idx = [i for i in range(len(trick)) if trick[i] >> 2 == lo]
        penalty = hi + 2
    else:
        w = ref_trick_winner(trick, rules, True)
        if w == 0 and trick[0] >> 2 == cards.ACE and len(trick) > 1 and (
                rules.ace != ACE_ORDINARY):
            return [seats[0]], 14
        idx = [i for i in range(len(trick)) if trick[i] >> 2 == hi]
        penalty = hi + 2
    if not rules.tie_all:
        idx = idx[-1:]
    return sorted([seats[i] for i in idx]), penalty


# ----- the worked example of RULES.md -----------------------------------------------

def sc_worked_example_first_trick():
    m = setup(Rules("agurk", players=3, hand=3),
              [["9C", "3H", "4H"], ["KH", "6D", "2S"], ["9H", "7S", "8S"]], dealer=C)
    assert m.current_player() == A  # the player left of the dealer leads
    plays(m, "9C")
    assert legal(m) == ["2S", "KH"]
    msg = illegal(m, "6D")
    assert cards.pretty(P("6D")) in msg and "lowest" in msg
    plays(m, "2S 9H")  # C: the later of the two nines
    assert m.trick_no == 1 and m.leader == C and m.current_player() == C
    assert m.scores == [0, 0, 0]  # an early trick scores nothing
    assert events(m, EV_TRICK)[-1][1] == C


LAST_TRICK_DEAL = [["5C", "AD", "9C"], ["KH", "6D", "2S"], ["3S", "QS", "9H"]]
LAST_TRICK_PLAYS = "5C KH 3S 6D QS AD 9C 2S 9H"  # B, then A win; A leads 9C last


def sc_worked_example_last_trick():
    m = setup(Rules("agurk", players=3, hand=3), LAST_TRICK_DEAL, dealer=C)
    plays(m, "5C KH 3S")
    assert m.leader == B  # the trick winner leads the next trick
    plays(m, "6D QS AD")
    assert m.leader == A
    plays(m, "9C")
    assert legal(m) == ["2S"]
    plays(m, "2S 9H")
    assert m.scores == [0, 0, 9]
    assert (EV_PENALTY, C, 9, 9) in m.events
    assert m.round_no == 1 and m.dealer == A  # the deal passed left


def sc_worked_example_life():
    m = setup(Rules("agurk", players=3, hand=3), LAST_TRICK_DEAL, dealer=C,
              scores=[5, 12, 14])
    plays(m, LAST_TRICK_PLAYS)
    assert m.scores == [5, 12, 12]  # 14 + 9 = 23 crosses 21: a life lost, back at 12
    assert m.status[C] == IN and m.view(A).lives_left(C) == 0
    assert m.view(A).lives_left(A) == 1
    assert (EV_LIFE, C, 12, 0) in m.events
    assert m.phase == PHASE_PLAY and m.counts[C] == 3


# ----- players, hands, turn order -----------------------------------------------------

def check_round_order(m):
    """Play one round lowest-first checking turn order, trick winners and leads."""
    r = m.round_no
    while m.round_no == r and m.phase == PHASE_PLAY:
        seats = [s for s in range(m.n) if m.in_round[s]]
        lead = m.current_player()
        order = []
        s = lead
        for _ in range(len(seats)):
            order.append(s)
            s = (s + 1) % m.n
            while not m.in_round[s]:
                s = (s + 1) % m.n
        trick = []
        last = m.trick_no == m.rules.hand - 1
        for s in order:
            assert m.current_player() == s, "clockwise turn order"
            c = m.legal_cards()[0]
            trick.append(c)
            m.play(c)
        if not last:
            w = order[ref_trick_winner(trick, m.rules, False)]
            assert m.leader == w and m.current_player() == w


def sc_players_2_to_7():
    for n in range(2, 8):
        hands = []
        for s in range(n):
            hands.append([cards.card(s, 0), cards.card(s, 1), cards.card(s + 6, 2)])
        m = setup(Rules("agurk", players=n, hand=3), hands, dealer=n - 1)
        assert m.current_player() == 0
        check_round_order(m)
        assert m.round_no == 1
        assert len(events(m, EV_PENALTY)) == 1
        assert m.dealer == 0 and m.current_player() == 1 % n
        for s in range(n):
            assert m.counts[s] == 3
        check_round_order(m)


def sc_hand_sizes_3_to_7():
    for H in range(3, 8):
        m = Match(Rules("agurk", players=4, hand=H), seed=H, log_events=True)
        for s in range(4):
            assert m.counts[s] == H
        plays_done = 0
        while m.round_no == 0:
            assert m.scores == [0, 0, 0, 0]  # only the last trick scores
            m.play(m.legal_cards()[0])
            plays_done += 1
        assert plays_done == 4 * H  # H tricks, no drawing
        assert len(events(m, EV_TRICK)) == H
        assert len(events(m, EV_PENALTY)) == 1


def sc_first_dealer_random():
    seen = [0] * 5
    for seed in range(1, 60):
        m = Match(Rules("agurk", players=5), seed=seed)
        seen[m.dealer] += 1
        assert Match(Rules("agurk", players=5), seed=seed).dealer == m.dealer
        assert m.current_player() == (m.dealer + 1) % 5
    for s in range(5):
        assert seen[s] > 0


def sc_dealer_rotation_skips_eliminated():
    m = setup(Rules("agurk", players=4, hand=3, lives=1, threshold=100),
              [[0, 1, 2], [], ["QS", "KS", "KH"], [3, 4, 5]], dealer=D)
    assert m.status[B] == OUT and not m.in_round[B] and m.counts[B] == 0
    assert m.current_player() == A
    play_round_lowest(m)
    assert m.scores[C] == 13
    assert m.dealer == A
    assert m.current_player() == C  # B is skipped as first leader too
    play_round_lowest(m)
    assert m.dealer == C  # A -> C: B is skipped
    assert m.current_player() == D


# ----- follow rules --------------------------------------------------------------------

def sc_choice_vs_strict():
    deal = [["9C", "3H", "4H"], ["KH", "6D", "2S"], ["9H", "7S", "8S"]]
    m = setup(Rules("agurk", players=3, hand=3), deal, dealer=C)
    plays(m, "9C")
    assert legal(m) == ["2S", "KH"]  # choice: the lowest is legal even holding higher
    m = setup(Rules("agurk", players=3, hand=3, strict=True), deal, dealer=C)
    plays(m, "9C")
    assert legal(m) == ["KH"]  # strict: must head when able
    msg = illegal(m, "2S")
    assert "strict" in msg and cards.pretty(P("2S")) in msg
    plays(m, "KH")
    assert legal(m) == ["7S"]  # nothing as high as the king: the lowest
    # strict, holding nothing as high: the lowest rank, any suit (settled item 4)
    deal = [["9C", "3H", "4H"], ["8D", "2H", "2S"], ["9H", "7S", "8S"]]
    for strict in (False, True):
        m = setup(Rules("agurk", players=3, hand=3, strict=strict), deal, dealer=C)
        plays(m, "9C")
        assert legal(m) == ["2H", "2S"]
        illegal(m, "8D")
    # equal rank heads the trick
    m = setup(Rules("gurka", players=3, hand=3), deal, dealer=C)
    plays(m, "9C 2H")
    assert legal(m) == ["9H"]


# ----- aces ----------------------------------------------------------------------------

ACE_DEAL = [["AS", "3D", "4D"], ["AH", "3C", "5D"], ["2D", "2H", "KS"]]


def sc_ace_ordinary():
    m = setup(Rules("agurk", players=3, hand=3), ACE_DEAL, dealer=C)
    plays(m, "AS")
    assert legal(m) == ["3C", "AH"]  # another ace can equal it
    plays(m, "AH 2D")
    assert m.leader == B  # the later ace takes it


def sc_ace_forces_lowest():
    for r in (Rules("gurka", players=3, hand=3), Rules("agurk", players=3, hand=3,
                                                      ace=ACE_FORCES_LOWEST)):
        m = setup(r, ACE_DEAL, dealer=C)
        plays(m, "AS")
        assert legal(m) == ["3C"]  # even holding an ace
        msg = illegal(m, "AH")
        assert "ace" in msg
        plays(m, "3C")
        assert legal(m) == ["2D", "2H"]
        plays(m, "2H")
        assert m.leader == A  # the led ace takes the trick alone
    # an ace that is not led is an ordinary high card
    m = setup(Rules("gurka", players=3, hand=3), ACE_DEAL, dealer=B)
    assert m.current_player() == C
    plays(m, "KS")
    assert legal(m) == ["AS"]  # strict: A must head with the ace
    plays(m, "AS AH")
    assert m.leader == B


def sc_ace_forces_lowest_last_trick_alone():
    # Last trick: A leads an ace, B's only card is an ace; A's ace takes it alone.
    deal = [["AS", "AC", "AD"], ["2C", "3C", "AH"], ["2D", "3D", "4D"]]
    for r in (Rules("gurka", players=3, hand=3), Rules("ogorek", players=3, hand=3)):
        m = setup(r, deal, dealer=C)
        plays(m, "AS 2C 2D AC 3C 3D AD")
        assert legal(m) == ["AH"]
        plays(m, "AH 4D")
        assert m.scores == [14, 0, 0], m.scores


def sc_ace_wins_last_trick():
    deal = [["AS", "AC", "3D"], ["AH", "AD", "2S"]]
    m = setup(Rules("agurk", players=2, hand=3, ace=ACE_WINS_LAST), deal, dealer=B)
    plays(m, "AS AH")
    assert m.leader == B  # early trick: aces are ordinary
    plays(m, "2S 3D")
    assert m.leader == A
    plays(m, "AC AD")
    assert m.scores == [14, 0]  # an ace led to the last trick takes it alone
    m = setup(Rules("agurk", players=2, hand=3), deal, dealer=B)
    plays(m, "AS AH 2S 3D AC AD")
    assert m.scores == [0, 14]  # ordinary aces: the later ace takes it


# ----- last trick: ties, inverse --------------------------------------------------------

def sc_last_played_vs_all_tied():
    m = setup(Rules("agurk", players=3, hand=3, tie_all=True), LAST_TRICK_DEAL, dealer=C)
    plays(m, LAST_TRICK_PLAYS)
    assert m.scores == [9, 0, 9]  # every player of the highest rank scores
    # settled item 2: the lead after an early tied trick goes to the last tied card
    m = setup(Rules("agurk", players=3, hand=3, tie_all=True),
              [["9C", "3H", "4H"], ["KH", "6D", "2S"], ["9H", "7S", "8S"]], dealer=C)
    plays(m, "9C 2S 9H")
    assert m.leader == C and m.scores == [0, 0, 0]


INV_DEAL = [["5C", "AD", "2C"], ["KH", "6D", "2S"], ["3S", "QS", "9H"]]


def sc_inverse():
    r = Rules("agurk", players=3, hand=3, inverse=True)
    m = setup(r, LAST_TRICK_DEAL, dealer=C)
    plays(m, LAST_TRICK_PLAYS)
    assert m.scores == [0, 9, 0]  # lowest card (B's 2) scores the highest card's value
    m = setup(r, INV_DEAL, dealer=C)
    plays(m, "5C KH 3S 6D QS AD 2C 2S 9H")
    assert m.scores == [0, 9, 0]  # equal lowest: the later one (last played rule)
    m = setup(Rules("agurk", players=3, hand=3, inverse=True, tie_all=True), INV_DEAL,
              dealer=C)
    plays(m, "5C KH 3S 6D QS AD 2C 2S 9H")
    assert m.scores == [9, 9, 0]  # equal lowest, all tied: both score
    m = setup(Rules("agurk", players=3, hand=3), INV_DEAL, dealer=C)
    plays(m, "5C KH 3S 6D QS AD 2C 2S 9H")
    assert m.scores == [0, 0, 9]


# ----- threshold and lives --------------------------------------------------------------

def sc_threshold_exact_and_below():
    m = setup(Rules("agurk", players=3, hand=3), LAST_TRICK_DEAL, dealer=C,
              scores=[5, 12, 12])
    plays(m, LAST_TRICK_PLAYS)
    assert m.scores == [5, 12, 12] and m.reentries_used[C] == 1  # exactly 21 counts
    m = setup(Rules("agurk", players=3, hand=3), LAST_TRICK_DEAL, dealer=C,
              scores=[5, 12, 11])
    plays(m, LAST_TRICK_PLAYS)
    assert m.scores == [5, 12, 20] and m.reentries_used[C] == 0
    m = setup(Rules("gurka", players=3, hand=3, strict=False, ace=ACE_ORDINARY),
              LAST_TRICK_DEAL, dealer=C, scores=[5, 12, 21])
    plays(m, LAST_TRICK_PLAYS)
    assert m.scores[C] == 30 and m.status[C] == OUT  # 30 reached: out (1 life)
    assert (EV_OUT, C, 30, 0) in m.events
    assert m.phase == PHASE_PLAY and not m.in_round[C] and m.counts[C] == 0
    for thr, start, out in ((25, 15, False), (25, 16, True)):
        m = setup(Rules("agurk", players=3, hand=3, lives=1, threshold=thr),
                  LAST_TRICK_DEAL, dealer=C, scores=[0, 0, start])
        plays(m, LAST_TRICK_PLAYS)
        assert (m.status[C] == OUT) == out


TWO_B_TAKES = [["2C", "3C", "4C"], ["5H", "6H", "9H"]]
TWO_B_PLAYS = "2C 5H 6H 3C 9H 4C"


def sc_two_lives():
    m = setup(Rules("agurk", players=2, hand=3), TWO_B_TAKES, dealer=B, scores=[5, 14])
    plays(m, TWO_B_PLAYS)
    assert m.scores == [5, 5] and m.status[B] == IN and m.reentries_used[B] == 1
    assert m.view(A).lives_left(B) == 0
    # the second time: out, and the last one in wins
    m = setup(Rules("agurk", players=2, hand=3), TWO_B_TAKES, dealer=B, scores=[5, 14])
    m.reentries_used[B] = 1
    plays(m, TWO_B_PLAYS)
    assert m.is_terminal() and m.winner == A and m.status[B] == OUT
    assert m.current_player() == NOBODY and m.legal_actions() == []
    assert m.returns() == [1, -1]
    assert events(m, EV_WIN) == [(EV_WIN, A, 0, 0)]


def sc_restart_highest_of_others():
    # settled item 3: highest current score among the other players still in
    m = setup(Rules("agurk", players=4, hand=3), taker_deal(4, D), dealer=C,
              scores=[5, 18, 12, 10])
    play_round_lowest(m)
    assert m.scores == [5, 18, 12, 18]
    # an eliminated player's score does not count
    m = setup(Rules("agurk", players=4, hand=3), [[0, 1, 2], [], [6, 7, 8], ["QS", "KS", "KH"]],
              dealer=C, scores=[5, 18, 12, 10])
    play_round_lowest(m)
    assert m.scores[D] == 12


def sc_buyback():
    r = Rules("ogorek", players=4, hand=3, buyback=True, stakes=True)
    m = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 20, 20])
    assert m.pot == 4
    play_round_lowest(m)
    assert m.scores[D] == 33 and m.phase == PHASE_REENTRY and m.current_player() == D
    assert m.legal_actions() == [DECLINE, PAY]  # no sitting out with a buy-back
    assert (EV_OFFER, D, 20, 1) in m.events
    illegal(m, SIT_OUT)
    illegal(m, "2C")
    m.decide(PAY)
    assert m.scores[D] == 20 and m.status[D] == IN and m.pot == 5 and m.chips[D] == 2
    assert m.phase == PHASE_PLAY and m.in_round[D]
    # once only: the next crossing puts D out without an offer
    m2 = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 20, 20])
    m2.reentries_used[D] = 1
    play_round_lowest(m2)
    assert m2.status[D] == OUT and m2.phase == PHASE_PLAY
    # declining: out
    m3 = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 20, 20])
    play_round_lowest(m3)
    m3.decide(DECLINE)
    assert m3.status[D] == OUT and m3.scores[D] == 33 and m3.pot == 4


def sc_buyback_needs_three_others():
    r = Rules("ogorek", players=4, hand=3, buyback=True)
    m = setup(r, [[0, 1, 2], [], ["QS", "KS", "KH"], [3, 4, 5]], dealer=A,
              scores=[0, 0, 20, 0])
    play_round_lowest(m)
    # only A and D are still in besides C: no buy-back
    assert m.status[C] == OUT and m.phase == PHASE_PLAY
    r = Rules("ogorek", players=5, hand=3, buyback=True)
    m = setup(r, [[0, 1, 2], [], ["QS", "KS", "KH"], [3, 4, 5], [6, 7, 8]], dealer=A,
              scores=[0, 0, 20, 0, 0])
    play_round_lowest(m)
    assert m.phase == PHASE_REENTRY and m.current_player() == C


def sc_comeback():
    r = Rules("gurka", players=4, hand=3, comeback=True, stakes=True)
    m = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 5, 20])
    play_round_lowest(m)
    assert m.phase == PHASE_REENTRY and m.legal_actions() == [DECLINE, PAY, SIT_OUT]
    m.decide(SIT_OUT)
    assert m.status[D] == IN and m.scores[D] == 10 and m.pot == 4
    assert not m.in_round[D] and m.counts[D] == 0  # sits this round out
    assert m.view(A).in_round(D) is False
    play_round_lowest(m)
    assert m.in_round[D] and m.counts[D] == 3  # and plays the next one
    m = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 5, 20])
    play_round_lowest(m)
    m.decide(PAY)
    assert m.scores[D] == 10 and m.pot == 5 and m.in_round[D]
    # only once per match
    m = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 25, 20])
    m.reentries_used[D] = 1
    play_round_lowest(m)
    assert m.status[D] == OUT


def sc_stakes_pot_swept():
    r = Rules("ogorek", players=2, hand=3, stakes=True)
    m = setup(r, TWO_B_TAKES, dealer=B, scores=[5, 25])
    assert m.pot == 2 and list(m.chips) == [1, 1]
    plays(m, TWO_B_PLAYS)
    assert m.is_terminal() and m.winner == A
    assert events(m, EV_WIN) == [(EV_WIN, A, 2, 0)]  # the last one in sweeps the pot


# ----- match ends -----------------------------------------------------------------------

def sc_last_standing():
    r = Rules("gurka", players=3, hand=3, strict=False, ace=ACE_ORDINARY)
    m = setup(r, LAST_TRICK_DEAL, dealer=C, scores=[5, 12, 21])
    plays(m, LAST_TRICK_PLAYS)
    assert m.status[C] == OUT and not m.is_terminal()  # two left: play on
    while not m.is_terminal():
        play_round_lowest(m)
    assert m.winner in (A, B) and m.status[m.winner] == IN
    assert m.active_count() == 1


def sc_first_out_loses():
    r = Rules("agurk", players=4, hand=3, lives=1, end=END_FIRST_OUT)
    m = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 20, 10])
    play_round_lowest(m)
    assert m.is_terminal() and m.loser == D and m.winner == B
    # equal lowest among the others: sudden death between them
    m = setup(r, taker_deal(4, D), dealer=C, scores=[3, 3, 20, 10])
    play_round_lowest(m)
    assert m.loser == D and not m.is_terminal() and m.sudden
    assert m.in_round[A] and m.in_round[B] and not m.in_round[C] and not m.in_round[D]
    while not m.is_terminal():
        play_round_lowest(m)
    assert m.winner in (A, B)


def sc_fixed_rounds():
    r = Rules("agurk", players=4, hand=3, lives=1, end=END_FIXED_ROUNDS, rounds=2)
    m = setup(r, taker_deal(4, D), dealer=C, scores=[10, 3, 20, 20])
    play_round_lowest(m)
    assert m.scores[D] == 33 and m.status[D] == IN and m.in_round[D]  # nobody is out
    play_round_lowest(m)
    assert m.is_terminal() or m.sudden
    low = min(m.scores)
    if m.is_terminal():
        assert m.scores[m.winner] == low and m.scores.count(low) == 1
    # a tie for lowest total: sudden death (settled item 1)
    r = Rules("agurk", players=4, hand=3, lives=1, end=END_FIXED_ROUNDS, rounds=1)
    m = setup(r, taker_deal(4, D), dealer=C, scores=[3, 3, 20, 10])
    play_round_lowest(m)
    assert m.sudden and not m.is_terminal() and (EV_SUDDEN, A, 2, 0) in m.events
    assert [m.in_round[s] for s in range(4)] == [1, 1, 0, 0]
    while not m.is_terminal():
        play_round_lowest(m)
    assert m.winner in (A, B) and m.scores[A] == 3 and m.scores[B] == 3


ALL_NINES = [["2C", "3C", "9C"], ["2H", "3H", "9H"], ["2D", "3D", "9D"]]


def sc_sudden_death_everyone_crosses():
    r = Rules("agurk", players=3, hand=3, tie_all=True)
    m = setup(r, ALL_NINES, dealer=C, scores=[15, 14, 16])
    play_round_lowest(m)
    assert m.scores == [24, 23, 25]  # all three cross at once
    assert m.is_terminal() and m.winner == B  # no life spent: lowest total wins
    assert list(m.reentries_used) == [0, 0, 0]
    m = setup(r, ALL_NINES, dealer=C, scores=[15, 15, 16])
    play_round_lowest(m)
    assert m.scores == [24, 24, 25] and m.sudden and not m.is_terminal()
    assert [m.in_round[s] for s in range(3)] == [1, 1, 0]  # only the tied play
    assert m.counts[C] == 0
    rounds = 0
    while not m.is_terminal():
        assert m.in_round[C] == 0
        play_round_lowest(m)
        rounds += 1
        assert rounds < 50
    assert m.winner in (A, B)
    assert m.winner not in list(m.last_takers)  # the penalty taker dropped out
    assert m.scores == [24, 24, 25]  # sudden death does not change totals


# ----- settings -------------------------------------------------------------------------

def sc_profiles():
    r = Rules()
    assert r.profile == "agurk" and r.hand == 7 and not r.strict and r.ace == ACE_ORDINARY
    assert not r.tie_all and r.threshold == 21 and r.lives() == 2 and r.open_cards
    r = Rules("gurka")
    assert r.strict and r.ace == ACE_FORCES_LOWEST and not r.tie_all and r.threshold == 30
    assert r.lives() == 1 and not r.open_cards
    r = Rules("ogorek")
    assert r.strict and r.ace == ACE_FORCES_LOWEST and r.tie_all and r.threshold == 30
    assert r.lives() == 1 and not r.stakes and r.reentries == 0
    r = Rules("ogorek", buyback=True, stakes=True, players=7, hand=3, threshold=21,
              inverse=True, strict=False, ace=ACE_WINS_LAST)
    assert r.reentries == 1 and r.reentry_choice and r.reentry_chips == 1
    assert r.reentry_min_others == 3 and r.stakes and r.hand == 3 and r.threshold == 21
    assert Rules.from_bytes(r.to_bytes()) == r
    assert len(r.describe()) >= 4


def sc_rules_errors():
    bad = (
        ("players", {"players": 8}), ("players", {"players": 1}),
        ("hand", {"hand": 8}), ("hand", {"hand": 2}),
        ("threshold", {"threshold": 0}), ("ace", {"ace": 3}),
        ("lives", {"lives": 0}), ("end", {"end": 5}), ("rounds", {"rounds": 0}),
        ("strict", {"strict": 2}),
        ("reentries", {"end": END_FIRST_OUT}),  # agurk has 2 lives
        ("reentries", {"lives": 1, "end": END_FIXED_ROUNDS, "comeback": True}),
        ("reentry_min_others", {"players": 3, "buyback": True}),
        ("nonsense", {"nonsense": 1}),
    )
    for key, kw in bad:
        msg = raises(RulesError, lambda kw=kw: Rules("agurk", **kw))
        assert key in msg, (key, msg)
    assert "profile" in raises(RulesError, Rules, "whist")
    assert Rules("agurk", lives=1, end=END_FIRST_OUT).end == END_FIRST_OUT
    assert Rules("ogorek", players=4, buyback=True).reentries == 1


def sc_bad_deals():
    r = Rules("agurk", players=3, hand=3)
    raises(ValueError, Match, r, 1, [["2C", "3C"], ["4C", "5C", "6C"], ["7C", "8C", "9C"]], 0)
    raises(ValueError, Match, r, 1, [["2C", "3C", "4C"], ["4C", "5C", "6C"], ["7C", "8C",
                                                                             "9C"]], 0)


# ----- illegal plays --------------------------------------------------------------------

def sc_illegal_plays_change_nothing():
    m = setup(Rules("agurk", players=3, hand=3), LAST_TRICK_DEAL, dealer=C)
    msg = illegal(m, "KH")  # B's card, A to play
    assert cards.pretty(P("KH")) in msg and "hand" in msg
    illegal(m, "AS")  # nobody's card
    illegal(m, DECLINE)  # no decision is awaited
    illegal(m, 60)
    plays(m, "5C KH")
    msg = illegal(m, "QS")  # C: Q < K and not C's lowest
    assert cards.pretty(P("QS")) in msg and "lowest" in msg
    assert m.why(P("QS")) == 0 and m.why(P("3S")) != 0
    assert "lowest" in m.explain(P("3S"))


# ----- what a seat may know -------------------------------------------------------------

def sc_view_open_and_collected():
    for open_cards in (True, False):
        r = Rules("agurk", players=3, hand=3, open_cards=open_cards)
        m = setup(r, LAST_TRICK_DEAL, dealer=C)
        plays(m, "5C KH 3S 6D")
        v = m.view(A)
        assert names(v.hand()) == ["9C", "AD"]
        assert [v.count(s) for s in range(3)] == [2, 1, 2]
        cs, ss = v.trick()
        assert list(cs) == [P("6D")] and list(ss) == [B]
        assert list(v.played_by(A)) == [P("5C")]  # its own played cards: always
        if open_cards:
            assert list(v.played_by(B)) == [P("KH"), P("6D")]
            assert list(v.played_by(C)) == [P("3S")]
        else:
            assert list(v.played_by(B)) == [P("6D")]  # only the current trick
            assert list(v.played_by(C)) == []
        seen = v.seen()
        assert seen[P("6D")] == 1 and seen[P("KH")] == (1 if open_cards else 0)
        assert v.legal_cards() == b"" and v.legal_actions() == []  # not A's turn
        assert m.view(C).legal_cards() == m.legal_cards()
        assert v.score(C) == 0 and v.active(C) and v.dealer() == C and v.trick_no() == 1


def sc_view_bounds():
    # choice: a card below the top was a lowest card: the rest of the hand is >= it
    m = setup(Rules("agurk", players=3, hand=3), LAST_TRICK_DEAL, dealer=C)
    v = m.view(A)
    assert v.bounds(C) == (0, 13)
    plays(m, "5C KH 3S")
    assert v.bounds(C) == (P("3S") >> 2, 13)  # C's rest >= 3 (no upper bound: choice)
    assert v.bounds(B) == (0, 13)  # heading reveals nothing
    # strict: a card below the top also shows there is nothing as high as the top
    m = setup(Rules("gurka", players=3, hand=3), LAST_TRICK_DEAL, dealer=C)
    plays(m, "5C KH 3S")
    assert m.view(A).bounds(C) == (P("3S") >> 2, P("KH") >> 2)
    # ace forced: a lowest card
    m = setup(Rules("gurka", players=3, hand=3), ACE_DEAL, dealer=C)
    plays(m, "AS 3C")
    lo, hi = m.view(C).bounds(B)
    assert lo == P("3C") >> 2 and hi == 13


# ----- save -----------------------------------------------------------------------------

def sc_save_round_trip():
    m = setup(Rules("ogorek", players=4, hand=3, buyback=True, stakes=True), taker_deal(4, D),
              dealer=C, scores=[10, 3, 20, 20])
    while m.phase == PHASE_PLAY:
        b = save.dumps(m)
        assert len(b) <= 128
        m2 = save.loads(b)
        assert save.dumps(m2) == b and m2.legal_actions() == m.legal_actions()
        m.play(m.legal_cards()[0])
    assert m.phase == PHASE_REENTRY
    b = save.dumps(m)
    m2 = save.loads(b)
    assert m2.legal_actions() == [DECLINE, PAY] and m2.current_player() == D
    m.decide(PAY)
    m2.decide(PAY)
    assert save.dumps(m2) == save.dumps(m)
    raises(save.SaveError, save.loads, b[:-1])
    bad = bytearray(b)
    bad[10] ^= 1
    raises(save.SaveError, save.loads, bytes(bad))


# ----- deterministic random matches -----------------------------------------------------

GOLDEN_CASES = (
    ("agurk", 4, 1, {}),
    ("gurka", 5, 2, {}),
    ("ogorek", 6, 3, {"buyback": True, "stakes": True}),
    ("agurk", 7, 4, {"hand": 3, "inverse": True, "tie_all": True}),
    ("gurka", 3, 5, {"comeback": True, "ace": ACE_WINS_LAST}),
    ("agurk", 2, 6, {"lives": 1, "end": END_FIXED_ROUNDS, "rounds": 3}),
)

# (hash, steps, winner) of each case, produced on CPython; MicroPython must agree.
GOLDEN = (
    (283227806, 252, 3),
    (583308163, 462, 2),
    (1746262130, 549, 1),
    (3949233228, 360, 0),
    (193013515, 185, 1),
    (467294475, 42, 0),
)


def fnv(h, v):
    return ((h ^ (v & 0xFF)) * 16777619) & 0xFFFFFFFF


def transcript_hash(profile, players, seed, extra, check=False):
    """Play a whole match choosing uniformly among legal actions with a PRNG seeded by
    ``seed``; hash every action and event. ``check`` also verifies each step against the
    reference legality and trick rules (slower)."""
    from engine.rng import Rng
    kw = {"players": players}
    for k in extra:
        kw[k] = extra[k]
    m = Match(Rules(profile, **kw), seed=seed, log_events=True)
    pick = Rng(seed + 1000)
    h = 2166136261
    steps = 0
    while not m.is_terminal():
        acts = m.legal_actions()
        if check and m.phase == PHASE_PLAY:
            s = m.current_player()
            exp = ref_legal(list(m.hand(s)), list(m.trick[:m.trick_len]), m.rules)
            assert acts == exp, (acts, exp)
        a = acts[pick.below(len(acts))]
        m.apply_action(a)
        h = fnv(h, a)
        for e in m.events:
            for x in e:
                h = fnv(fnv(h, x), x >> 8)
        m.events = []
        steps += 1
        assert steps < 20000
    h = fnv(h, m.winner)
    return h, steps, m.winner


# ----- runner ---------------------------------------------------------------------------

def scenario_names():
    out = []
    for k in sorted(globals()):
        if k.startswith("sc_"):
            out.append(k)
    return out


def run_all(select=None):
    import sys
    failed = 0
    for k in scenario_names():
        if select and k not in select:
            continue
        try:
            globals()[k]()
            print("ok", k)
        except Exception as e:  # noqa: BLE001 - report and go on
            failed += 1
            print("FAIL", k, repr(e))
            if hasattr(sys, "print_exception"):
                sys.print_exception(e, sys.stdout)
        try:
            import gc
            gc.collect()
        except ImportError:
            pass
    return failed
