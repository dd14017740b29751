"""The terminal game as a player meets it: prompts, legal cards, bad input, pass-the-terminal,
save and continue."""

import terminal_game


class Script:
    """Feeds answers to the game's prompts and records everything it prints."""

    def __init__(self, answers, default="1"):
        self.answers = list(answers)
        self.default = default
        self.lines = []
        self.prompts = []

    def ask(self, prompt):
        self.prompts.append(prompt)
        self.lines.append(prompt)
        if self.answers:
            a = self.answers.pop(0)
            if a is EOFError:
                raise EOFError
            return a
        return self.default

    def say(self, text=""):
        self.lines.append(str(text))

    @property
    def text(self):
        return "\n".join(self.lines)


def test_one_human_plays_a_whole_match_to_a_winner(tmp_path):
    s = Script([])
    rc = terminal_game.main(["--seed", "3", "--save", str(tmp_path / "g.sav")], s.ask, s.say)
    assert rc == 0
    assert "wins the match" in s.text or "win the match" in s.text
    assert not (tmp_path / "g.sav").exists()  # a finished match leaves no save behind


def test_bad_input_gets_a_message_and_the_turn_waits(tmp_path):
    s = Script(["banana", "99", "", "1", "q"])
    terminal_game.main(["--seed", "3", "--save", str(tmp_path / "g.sav")], s.ask, s.say)
    assert "'banana' is not a card" in s.text
    assert "No card numbered 99" in s.text
    assert "Type the number beside a card" in s.text


def test_an_illegal_card_is_explained(tmp_path):
    # Seed 9, agurk: in round 2, after P2 7D, P3 TC and P4 KC, the human (seat 0) holds
    # 2H 5H TD QH QC AS AH; 5H is illegal.
    s = Script(["1"] * 7 + ["5H", "q"])
    terminal_game.main(["--seed", "9", "--save", str(tmp_path / "g.sav")], s.ask, s.say)
    assert "is illegal: play a card at least as high as" in s.text


def test_quit_saves_and_the_next_start_continues_the_same_match(tmp_path):
    path = str(tmp_path / "g.sav")
    s1 = Script(["1", "q"])
    assert terminal_game.main(["--seed", "8", "--save", path], s1.ask, s1.say) == 0
    assert "Match saved" in s1.text
    s2 = Script(["y", "q"])
    terminal_game.main(["--save", path], s2.ask, s2.say)
    assert "Continuing" in s2.text
    # The hand shown after continuing is the one shown before quitting, less the card played.
    before = [ln for ln in s1.lines if ln.startswith("  [")][-1].split()
    after = [ln for ln in s2.lines if ln.startswith("  [")][0].split()
    cards_before = [w for w in before if not w.startswith("[")]
    cards_after = [w for w in after if not w.startswith("[")]
    assert len(cards_after) <= len(cards_before)
    assert set(cards_after) <= set(cards_before)


def test_closed_input_saves_instead_of_losing_the_match(tmp_path):
    path = tmp_path / "g.sav"
    s = Script(["1", EOFError])
    terminal_game.main(["--seed", "8", "--save", str(path)], s.ask, s.say)
    assert path.exists()


def test_corrupt_save_is_reported_and_a_new_match_starts(tmp_path):
    path = tmp_path / "g.sav"
    path.write_text('{"match": "00ff"}')
    s = Script(["q"])
    terminal_game.main(["--seed", "8", "--save", str(path)], s.ask, s.say)
    assert "cannot be read" in s.text


def test_two_humans_never_see_each_others_hand_without_a_cover(tmp_path):
    s = Script([], default="1")
    terminal_game.main(["--seed", "4", "--players", "3", "--humans", "2", "--save",
                        str(tmp_path / "g.sav")], s.ask, s.say)
    # Between the hand of P1 and the hand of P2 there is always a "Pass to" prompt.
    last_owner = None
    for line in s.lines:
        if line.startswith("Pass to P"):
            last_owner = "cover"
        elif line.endswith("your hand (playable cards are numbered):"):
            owner = line.split(",")[0]
            assert last_owner in (owner, "cover"), "hand shown without a cover"
            last_owner = owner


def test_impossible_rules_are_refused_with_the_setting_named(tmp_path):
    s = Script([])
    rc = terminal_game.main(["--players", "8", "--save", str(tmp_path / "g.sav")], s.ask, s.say)
    assert rc == 2
    assert "players" in s.text
