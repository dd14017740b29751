"""engine/rules.py: profiles, overrides, encoding, copies and the rules screen text."""

import itertools

import pytest

from engine.rules import (
    Rules, RulesError, FIELDS, PROFILES, ACE_WINS_LAST, END_FIRST_OUT, END_FIXED_ROUNDS,
)


def test_every_field_is_settable_over_every_profile():
    for profile in PROFILES:
        r = Rules(profile, players=2, hand=3, strict=False, ace=ACE_WINS_LAST, tie_all=True,
                  inverse=True, threshold=250, lives=1, stakes=True, end=END_FIXED_ROUNDS,
                  rounds=99, open_cards=False)
        assert (r.players, r.hand, r.strict, r.ace, r.tie_all, r.inverse, r.threshold,
                r.reentries, r.stakes, r.end, r.rounds, r.open_cards) == (
            2, 3, False, ACE_WINS_LAST, True, True, 250, 0, True, END_FIXED_ROUNDS, 99, False)
        assert r.profile == profile


def test_flags_stay_bools_and_numbers_ints():
    r = Rules("gurka")
    for k in ("strict", "tie_all", "inverse", "reentry_choice", "reentry_sit_out", "stakes",
              "open_cards"):
        assert isinstance(getattr(r, k), bool), k
    assert type(r.players) is int and type(r.threshold) is int


def test_encoding_round_trip_and_copy():
    for profile, players, hand, extra in itertools.product(
            PROFILES, (2, 4, 7), (3, 7),
            ({}, {"buyback": True}, {"comeback": True}, {"lives": 3},
             {"lives": 1, "end": END_FIRST_OUT}, {"lives": 1, "end": END_FIXED_ROUNDS})):
        if extra.get("buyback") and players < 4:
            with pytest.raises(RulesError):
                Rules(profile, players=players, **extra)
            continue
        r = Rules(profile, players=players, hand=hand, **extra)
        b = r.to_bytes()
        assert len(b) == len(FIELDS) + 1
        assert Rules.from_bytes(b) == r
        c = r.copy()
        assert c == r and c is not r and c.profile == r.profile
        c.players = 3 if players != 3 else 4
        assert c != r


def test_from_bytes_refuses_bad_settings():
    b = bytearray(Rules().to_bytes())
    for i, v in ((0, 3), (1, 8), (2, 2), (3, 2), (7, 0), (7, 251)):
        bad = bytearray(b)
        bad[i] = v
        with pytest.raises(RulesError):
            Rules.from_bytes(bytes(bad))
    with pytest.raises(RulesError):
        Rules.from_bytes(bytes(b[:-1]))


def test_describe_names_each_dimension():
    text = " / ".join(Rules("ogorek", players=5, buyback=True, stakes=True, inverse=True)
                      .describe())
    for word in ("ogorek", "5 players", "strict", "ace", "inverse", "ties all score",
                 "out at 30", "buy-back", "stakes", "collected"):
        assert word in text, word
    assert "2 lives" in " ".join(Rules().describe())
    assert "comeback" in " ".join(Rules("gurka", comeback=True).describe())
    assert "3 rounds" in " ".join(Rules(lives=1, end=END_FIXED_ROUNDS, rounds=3).describe())
    assert "first to 21 loses" in " ".join(Rules(lives=1, end=END_FIRST_OUT).describe())


def test_lives_helper():
    assert Rules().lives() == 2
    assert Rules(lives=3).lives() == 3
    assert Rules("gurka").lives() == 1
    assert Rules("gurka", comeback=True).lives() == 1
    r = Rules()
    r.set_buyback()
    assert (r.reentries, r.reentry_choice, r.reentry_chips, r.reentry_min_others) == (
        1, True, 1, 3)
    r.set_comeback()
    assert r.reentry_sit_out and r.reentry_min_others == 0
    r.set_lives(1)
    assert r.reentries == 0 and not r.reentry_choice


@pytest.mark.parametrize("profile, settings, message", [
    ("x", {}, "profile: unknown profile 'x' (agurk, gurka or ogorek)"),
    ("agurk", {"bogus": 1}, "unknown setting 'bogus'"),
    ("agurk", {"lives": 0}, "lives: must be 1 to 4, not 0"),
    ("agurk", {"players": 8}, "players: must be 2 to 7, not 8"),
    ("agurk", {"threshold": "a"}, "threshold: must be 1 to 250, not 'a'"),
    ("agurk", {"end": END_FIRST_OUT},
     "reentries: lives, buy-back and comeback need 'last standing'"),
    ("gurka", {"reentry_sit_out": True}, "reentry_sit_out: needs a chosen re-entry (comeback)"),
    ("agurk", {"players": 3, "buyback": True},
     "reentry_min_others: buy-back needs 3 others still in, 3 players never have"),
])
def test_each_refusal_names_the_setting(profile, settings, message):
    with pytest.raises(RulesError) as e:
        Rules(profile, **settings)
    assert str(e.value) == message


def test_from_bytes_names_a_bad_on_off_byte():
    bad = bytearray(Rules().to_bytes())
    bad[3] = 2  # strict
    with pytest.raises(RulesError, match="^strict: bad encoded value 2$"):
        Rules.from_bytes(bytes(bad))
    with pytest.raises(RulesError, match="^rules: bad encoded settings$"):
        Rules.from_bytes(bytes(bad[:-1]))
