"""engine/save.py: small blobs, exact round trips, and refusal of anything damaged."""

import random

import pytest

from engine import save
from engine.match import Match, PHASE_REENTRY
from engine.rules import Rules


def seven_player_blob(steps=30, seed=11):
    m = Match(Rules("ogorek", players=7, buyback=True, stakes=True), seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        m.apply_action(rnd.choice(m.legal_actions()))
    return m, save.dumps(m)


def test_size_of_a_seven_player_match_in_progress():
    m, blob = seven_player_blob()
    assert len(blob) <= 128
    assert save.dumps(save.loads(blob)) == blob


def test_every_truncation_is_refused():
    _, blob = seven_player_blob()
    for n in range(len(blob)):
        with pytest.raises(save.SaveError):
            save.loads(blob[:n])
    with pytest.raises(save.SaveError):
        save.loads(blob + b"\x00")


def test_every_single_byte_corruption_is_refused():
    _, blob = seven_player_blob()
    for i in range(len(blob)):
        for x in range(1, 256):
            bad = bytearray(blob)
            bad[i] ^= x
            with pytest.raises(save.SaveError):
                save.loads(bytes(bad))


def test_wrong_content_with_a_valid_checksum_is_refused_or_exact():
    """A damaged blob whose CRC was fixed up is either refused with SaveError or is a
    complete, self-consistent match (never another exception, never half-loaded)."""
    _, blob = seven_player_blob(steps=40)
    rnd = random.Random(3)
    for i in range(3, len(blob) - 2):
        for x in (1, 2, 4, 8, 16, 32, 64, 128, rnd.randrange(1, 256)):
            bad = bytearray(blob)
            bad[i] ^= x
            crc = save.crc16(bad, len(bad) - 2)
            bad[-2] = crc & 0xFF
            bad[-1] = crc >> 8
            try:
                m = save.loads(bytes(bad))
            except save.SaveError:
                continue
            assert save.dumps(m) == bytes(bad)


def test_a_pending_reentry_offer_survives_a_save():
    for seed in range(1, 200):
        m = Match(Rules("ogorek", players=5, buyback=True, threshold=15), seed=seed)
        rnd = random.Random(seed)
        while not m.is_terminal() and m.phase != PHASE_REENTRY:
            m.apply_action(rnd.choice(m.legal_actions()))
        if m.phase == PHASE_REENTRY:
            m2 = save.loads(save.dumps(m))
            assert m2.legal_actions() == m.legal_actions()
            assert m2.current_player() == m.current_player()
            assert m2.restart == m.restart
            return
    pytest.fail("no re-entry offer reached")


def test_not_a_save():
    for blob in (b"", b"XX", b"CU\x09" + bytes(200), b"\x00" * 119):
        with pytest.raises(save.SaveError):
            save.loads(blob)


def test_restore_reads_the_layout_save_writes():
    from engine import restore
    assert restore._VERSION == save.VERSION
    for name in ("_F_OUT", "_F_SIT", "_F_CONTENDER", "_F_IN_ROUND"):
        assert getattr(restore, name) == getattr(save, name), name
