"""Property tests over random seeds and settings: the engine against reference functions
written from RULES.md (host_tests/mpy/scenarios.py: ref_legal, ref_trick_winner,
ref_last_trick), card conservation, public bounds, one winner, save round trips."""

import os
import random
import sys

from hypothesis import given, settings, strategies as st

from engine import save
from engine.match import (
    Match, NOBODY, PHASE_PLAY, PHASE_OVER, IN, OUT, EV_PLAY, EV_TRICK, EV_PENALTY, EV_TIEBREAK,
    WHY_NOT, WHY_LEAD, WHY_HEADS, WHY_LOWEST, WHY_ACE_LED,
)
from engine.rules import ACE_FORCES_LOWEST
from engine.rules import Rules, PROFILES

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))
from scenarios import ref_legal, ref_trick_winner, ref_last_trick  # noqa: E402


@st.composite
def rule_settings(draw):
    profile = draw(st.sampled_from(PROFILES))
    players = draw(st.integers(2, 7))
    kw = {
        "players": players,
        "hand": draw(st.integers(3, 7)),
        "strict": draw(st.booleans()),
        "ace": draw(st.integers(0, 2)),
        "tie_all": draw(st.booleans()),
        "inverse": draw(st.booleans()),
        "threshold": draw(st.one_of(st.integers(1, 45), st.sampled_from((21, 30)))),
        "stakes": draw(st.booleans()),
        "open_cards": draw(st.booleans()),
    }
    end = draw(st.integers(0, 2))
    if end:
        kw.update(lives=1, end=end, rounds=draw(st.integers(1, 4)))
    else:
        choices = ["lives1", "lives2", "lives3", "comeback"] + (["buyback"] if players >= 4
                                                                  else [])
        r = draw(st.sampled_from(choices))
        if r.startswith("lives"):
            kw["lives"] = int(r[-1])
        else:
            kw[r] = True
    return Rules(profile, **kw)


def check_cards(m):
    """52 cards: each in one hand, played this round, or unused; hands agree with owner."""
    in_hands = 0
    for s in range(m.n):
        h = m.hand(s)
        assert list(h) == sorted(h)
        in_hands += len(h)
        if not m.in_round[s]:
            assert len(h) == 0
        for c in h:
            assert m.owner[c] == s and m.played_in[c] == 0
            if m.phase == PHASE_PLAY:
                lo, hi = m.lo[s], m.hi[s]
                assert lo <= c >> 2 < hi, "public bounds must hold for the real hand"
    played = sum(1 for c in range(52) if m.played_in[c])
    unused = sum(1 for c in range(52) if m.owner[c] == 255)
    assert in_hands + played + unused == 52
    if m.phase == PHASE_PLAY:
        assert in_hands + played == m.size * m.rules.hand


def ref_why(card, trick, rules):
    """Why a legal ``card`` may go on ``trick`` (RULES.md, Play), as Match.why says it."""
    if not trick:
        return WHY_LEAD
    if rules.ace == ACE_FORCES_LOWEST and trick[0] >> 2 == 12:
        return WHY_ACE_LED
    if card >> 2 >= max(c >> 2 for c in trick):
        return WHY_HEADS
    return WHY_LOWEST


SEEN = {"sudden": 0, "replay": 0}


def play_checked(m, rnd, max_steps=6000):
    """Play ``m`` to the end with random legal actions, checking every step."""
    steps = 0
    trick = []
    while not m.is_terminal():
        check_cards(m)
        acts = m.legal_actions()
        assert acts, "a player to move always has a legal action"
        if m.phase == PHASE_PLAY:
            s = m.current_player()
            assert m.in_round[s]
            exp = ref_legal(list(m.hand(s)), list(m.trick[:m.trick_len]), m.rules)
            assert acts == exp
            cur = list(m.trick[:m.trick_len])
            whys = [m.why(c) for c in range(53)]
            assert [c for c in range(53) if whys[c] != WHY_NOT] == acts
            assert all(whys[c] == ref_why(c, cur, m.rules) for c in acts)
            assert len(trick) == m.trick_len
            last = m.trick_no == m.rules.hand - 1
        a = rnd.choice(acts)
        nev = len(m.events)
        sudden = m.sudden
        contenders = [s for s in range(m.n) if m.contenders[s]]
        if a < 52:
            trick.append((a, m.current_player()))
        m.apply_action(a)
        new = m.events[nev:]
        if a < 52:
            assert new[0] == (EV_PLAY, trick[-1][1], a, whys[a])
        tricks = [e for e in new if e[0] == EV_TRICK]
        if tricks:
            cs = [c for c, _ in trick]
            ss = [s for _, s in trick]
            w = ref_trick_winner(cs, m.rules, last)
            assert tricks[0][1] == ss[w] and tricks[0][3] == cs[w]
            if last:
                takers, penalty = ref_last_trick(cs, ss, m.rules)
                # a sudden-death round's penalty is told apart (its totals do not change)
                pens = [e for e in new if e[0] == (EV_TIEBREAK if sudden else EV_PENALTY)]
                assert sorted(e[1] for e in pens) == takers
                assert all(e[2] == penalty for e in pens)
                assert not [e for e in new if e[0] == (EV_PENALTY if sudden else EV_TIEBREAK)]
                if sudden:
                    # Sudden death: the takers drop out, unless every contender took it.
                    SEEN["sudden"] += 1
                    left = [s for s in contenders if s not in takers]
                    assert all(e[3] == (1 if left else 0) for e in pens)  # drops out or not
                    if not left:
                        SEEN["replay"] += 1
                        assert m.sudden and not m.is_terminal()
                        assert [s for s in range(m.n) if m.contenders[s]] == contenders
                    elif len(left) == 1:
                        assert m.is_terminal() and m.winner == left[0]
                    else:
                        assert [s for s in range(m.n) if m.contenders[s]] == left
            else:
                assert m.current_player() == ss[w]  # the trick winner leads
            trick = []
        steps += 1
        assert steps < max_steps, "the match must end"
    return steps


@settings(max_examples=200, deadline=None)
@given(rule_settings(), st.integers(0, 2**31 - 1))
def test_random_matches_follow_the_rules(rules, seed):
    m = Match(rules, seed=seed, log_events=True)
    play_checked(m, random.Random(seed))
    assert m.phase == PHASE_OVER and m.winner != NOBODY
    assert [m.status[s] for s in range(m.n)] == [IN if s == m.winner else OUT
                                                 for s in range(m.n)]
    assert sorted(m.returns()) == [-1] * (m.n - 1) + [1]
    assert m.current_player() == NOBODY and m.legal_actions() == []
    if rules.stakes:
        assert m.pot == sum(m.chips) >= m.n


@settings(max_examples=30, deadline=None)
@given(rule_settings(), st.integers(0, 2**31 - 1), st.integers(0, 400))
def test_save_round_trip_every_step_same_future(rules, seed, fork_at):
    m = Match(rules, seed=seed)
    rnd = random.Random(seed)
    step = 0
    fork = None
    while not m.is_terminal():
        blob = save.dumps(m)
        assert len(blob) <= 128
        m2 = save.loads(blob)
        assert save.dumps(m2) == blob
        assert m2.legal_actions() == m.legal_actions()
        assert m2.current_player() == m.current_player()
        if step == fork_at:
            fork = m2
        a = rnd.choice(m.legal_actions())
        m.apply_action(a)
        if fork is not None:
            fork.apply_action(a)  # the restored match has the same future
            assert save.dumps(fork) == save.dumps(m)
        step += 1
    assert save.loads(save.dumps(m)).winner == m.winner

