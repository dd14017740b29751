"""The rules page and the refusals in every language (cucumber.rulestext, rulespage, the
sections rules, ruleset and refusals): every line fits the page, the profile is named,
the header's two texts stay apart, and every refusal the engine raises reads in every
language with the engine's own values (its English message unchanged)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

import simulator  # noqa: E402
from cucumber import keys, lang, rulestext, ui  # noqa: E402
from engine import refusals  # noqa: E402
from engine.rules import Rules, RulesError, FIELDS  # noqa: E402

COLS = 26
simulator.use_repo_assets()  # ui.ROOT: the fonts

# Every branch of the settings' words: the profiles, and over them each other value.
VARIANTS = [
    ("agurk", {}), ("gurka", {}), ("ogorek", {}),
    ("ogorek", {"players": 5, "buyback": True, "stakes": True}),
    ("gurka", {"comeback": True, "inverse": True, "ace": 2, "hand": 3}),
    ("agurk", {"lives": 4, "tie_all": True, "inverse": True, "threshold": 250}),
    ("agurk", {"lives": 1, "end": 1, "players": 7, "strict": True}),
    ("gurka", {"end": 2, "rounds": 99, "open_cards": True, "ace": 0}),
    ("ogorek", {"end": 2, "rounds": 1, "stakes": True, "tie_all": False}),
]


@pytest.fixture
def language():
    def choose(code):
        lang.choose(lang.CODES.index(code))
    yield choose
    lang.choose(0)


def raised(call, *args, **kw):
    with pytest.raises(RulesError) as e:
        call(*args, **kw)
    return e.value


# Every refusal engine.rules can raise, by a real call, with its English message.
REFUSED = [
    (lambda: Rules("whist"), "profile", ("whist",),
     "profile: unknown profile 'whist' (agurk, gurka or ogorek)"),
    (lambda: Rules(colour=1), "setting", ("colour",), "unknown setting 'colour'"),
    (lambda: Rules(lives=0), "lives", (4, 0), "lives: must be 1 to 4, not 0"),
    (lambda: Rules(lives=5), "lives", (4, 5), "lives: must be 1 to 4, not 5"),
    (lambda: Rules(players=9), "range", ("players", 2, 7, 9), "players: must be 2 to 7, not 9"),
    (lambda: Rules(threshold=0), "range", ("threshold", 1, 250, 0),
     "threshold: must be 1 to 250, not 0"),
    (lambda: Rules(hand="7"), "range", ("hand", 3, 7, "7"), "hand: must be 3 to 7, not '7'"),
    (lambda: Rules(end=1), "reentries_need_last_standing", (),
     "reentries: lives, buy-back and comeback need 'last standing'"),
    (lambda: Rules("gurka", reentry_sit_out=True), "sit_out_needs_choice", (),
     "reentry_sit_out: needs a chosen re-entry (comeback)"),
    (lambda: Rules(players=3, buyback=True), "min_others_never_met", (3, 3),
     "reentry_min_others: buy-back needs 3 others still in, 3 players never have"),
    (lambda: Rules.from_bytes(b"\x00"), "encoding", (), "rules: bad encoded settings"),
    (lambda: Rules.from_bytes(bytes((0, 4, 7, 2) + (0,) * (len(FIELDS) - 3))),
     "encoded_value", ("strict", 2), "strict: bad encoded value 2"),
]


@pytest.mark.parametrize("code", lang.CODES)
def test_the_rules_page_fits_and_names_the_profile_in_every_language(code, language):
    language(code)
    for profile, kw in VARIANTS:
        r = Rules(profile, **kw)
        head, text = rulestext.page(r, COLS)
        lines = rulestext.lines(r, COLS)
        assert text == "".join(x + "\n" for x in lines)
        assert all(len(x) <= COLS for x in lines), [x for x in lines if len(x) > COLS]
        assert lines[-1] == "" and "" in lines[:-1]
        # the intro first: the profile's own sentence names it, then the settings do
        intro = lines.index("")
        assert rulestext.name(profile) in " ".join(lines[:intro]).lower(), (code, profile)
        assert lines[intro + 1].startswith("- " + rulestext.name(profile) + ","), lines
        # the header: the title at x 2, the keys ending at x 158, a cell between them
        title, scroll = head
        assert 2 + 6 * len(title) + 6 <= 158 - 6 * len(scroll), (code, head)


def test_english_settings_are_describes_lines(language):
    language("en")
    for profile, kw in VARIANTS:
        r = Rules(profile, **kw)
        assert rulestext.settings(r) == tuple(
            s.replace("ogorek", "og\u00f3rek") for s in r.describe())


def test_the_english_page_keeps_its_text(language):
    language("en")
    lines = rulestext.lines(Rules(), COLS)
    text = " ".join(lines)
    for s in ("Agurk is Cucumber as it is played in Denmark", "- agurk, 4 players, 7",
              "Avoid the last trick!", "(2-10, J 11, Q 12, K 13, A", "START pauses.",
              "\"last!\" marks the trick that scores."):
        assert s in text, s
    assert lines[lines.index("") + 1:][:2] == ["- agurk, 4 players, 7", "cards"]


def test_the_refusals_section_is_the_engines():
    from test_lang import PLACEHOLDER, parse, ROOT
    en, _ = parse(os.path.join(ROOT, "lib", "cucumber", "text", "en", "refusals.txt"))
    assert [k for k, _ in en] == list(refusals._REFUSALS)
    for k, t in en:
        assert t == refusals._REFUSALS[k], k
        assert PLACEHOLDER.findall(t) == PLACEHOLDER.findall(refusals._REFUSALS[k])
    assert set(w for _, w, _, _ in REFUSED) == set(refusals._REFUSALS)  # each one raised


@pytest.mark.parametrize("code", lang.CODES)
def test_every_refusal_reads_in_every_language(code, language):
    language(code)
    for call, what, values, english in REFUSED:
        e = raised(call)
        assert (e.what, e.values) == (what, values)
        assert str(e) == english  # the engine's message is the English one, as ever
        text = lang.text("refusals", e.what) % e.values
        assert text == rulestext.refusal(e)
        assert text and "%" not in text
        if code == "en":
            assert text == english
        elif what in ("lives", "range", "encoded_value"):
            # the setting's engine name leads the message, as a keyword
            assert text.startswith(str(values[0]) if what != "lives" else "lives"), text
    assert rulestext.refusal(RulesError("players: set it with --players")) == (
        "players: set it with --players")  # not raised by the engine: its own message


@pytest.mark.parametrize("code", lang.CODES)
def test_the_rules_screen_draws_every_language_in_its_font(code, language):
    from cucumber.rulespage import RulesScreen
    language(code)
    r = Rules("ogorek", players=5, buyback=True, stakes=True)
    scr = RulesScreen(r)
    assert scr.count == len(rulestext.lines(r, COLS))  # made a window at a time
    texts = [t for t in scr.group if isinstance(t, ui.Text)]
    title, scroll = texts[0], texts[1]
    assert title.font is not None and title.font.sheet is not None
    assert (title.x, scroll.x + 6 * len(scroll.text)) == (2, 158)
    assert title.x + 6 * len(title.text) < scroll.x
    if code == "en":
        assert (title.text, scroll.text, scroll.x) == ("Rules", "up/down  B:back", 68)
    want = rulestext.lines(r, COLS)
    seen = []
    while True:
        rows = [t.text for t in texts[2:]]
        assert rows == (want + [""] * 9)[scr.top:scr.top + 9]
        for t in texts[2:]:
            assert t.font is title.font and t.cells == COLS
        seen.append(rows[0])
        top = scr.top
        scr.key(keys.DOWN)
        if scr.top == top:
            break
    assert seen + rows[1:] == want  # scrolled to the last line, none skipped
    assert all(c in title.font.chars for c in "".join(want))
    while scr.top:
        scr.key(keys.UP)
    assert [t.text for t in texts[2:]] == want[:9]
    assert scr.key(keys.B) == ("back",)
