"""A student's bot (issue 10): the sealed view (engine.botview) and the seat that plays
it (cucumber.botseat).

- nothing reachable from a bot's view holds another seat's hidden cards, and the view
  is the same when those cards are rearranged;
- ``ask`` plays a good bot's card, and medium's card (with a one-line reason) for a bot
  that raises, returns a card that is not legal or runs too long (fake clocks only);
- whole matches with a broken, slow, illegal, missing or uncompilable bot finish, and
  examples/bot.py plays them with no problem, under CPython and MicroPython.
"""

import gc
import os
import random
import subprocess
import sys
import types

import pytest

from engine import ai, botview
from engine.match import Match
from engine.rules import Rules
from engine.view import View
from cucumber import botseat
from cucumber.botseat import BotSeat
from cucumber.botwords import short
from hidden import twin_matches
from mpyrun import ROOT

EXAMPLES = os.path.join(ROOT, "examples") + os.sep

VARIANTS = [
    ("agurk", 4, {}),
    ("gurka", 3, {}),
    ("ogorek", 5, {}),
    ("agurk", 4, {"inverse": True}),
    ("gurka", 4, {"strict": True, "ace": 2, "tie_all": True}),
    ("ogorek", 5, {"buyback": True, "stakes": True, "threshold": 21}),
    ("gurka", 3, {"comeback": True, "threshold": 21}),
    ("agurk", 4, {"end": 1, "lives": 1}),
    ("agurk", 5, {"end": 2, "lives": 1, "rounds": 3}),
    ("agurk", 3, {"hand": 3, "threshold": 15, "open_cards": False}),
]


# ----- (a) the sealed view ----------------------------------------------------------

_STOP = (types.ModuleType, types.BuiltinFunctionType, types.WrapperDescriptorType,
         types.MethodWrapperType, types.MethodDescriptorType,
         types.ClassMethodDescriptorType, types.GetSetDescriptorType,
         types.MemberDescriptorType)


def reachable(root):
    """Every object reachable from ``root``: gc referents (an instance's class, a class's
    dict, bases and mro), vars(), functions' closures, globals, defaults and code; not
    through modules or builtins."""
    seen = {}
    todo = [root]
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen[id(o)] = o
        if isinstance(o, _STOP) or (isinstance(o, type) and o.__module__ == "builtins"):
            continue
        nexts = list(gc.get_referents(o))
        try:
            nexts.extend(vars(o).values())
        except TypeError:
            pass
        if isinstance(o, (types.FunctionType, types.MethodType)):
            f = getattr(o, "__func__", o)
            for k in ("__closure__", "__globals__", "__defaults__", "__code__"):
                nexts.append(getattr(f, k, None))
        if isinstance(o, types.CellType):
            try:
                nexts.append(o.cell_contents)
            except ValueError:
                pass
        todo.extend(x for x in nexts if x is not None)
    return list(seen.values())


def _forbidden(o):
    """The match, a view or a player of the engine, a seat, the app, or anything
    mutable: a bot's view holds none of them."""
    if isinstance(o, (Match, View, ai.Player, BotSeat, bytearray, list, memoryview)):
        return True
    mod = getattr(type(o), "__module__", "") or ""
    return mod.startswith(("cucumber", "engine")) and not isinstance(o, botview.BotView)


def _turns(profile, players, settings, seed, every=3):
    """(match, seat) at some turns of a match played by medium players."""
    m = Match(Rules(profile, players=players, **settings), seed=seed)
    bots = [ai.Player("medium", seed=seed + s) for s in range(players)]
    k = 0
    while not m.is_terminal() and m.round_no < 3:
        s = m.current_player()
        if m.phase == 0 and k % every == 0:
            yield m, s
        k += 1
        m.apply_action(bots[s].choose(m.view(s)))


def test_the_walker_finds_the_match_behind_a_view():
    """The walk is strong enough: from an engine View it reaches the match."""
    m = Match(Rules("agurk", players=4), seed=1)
    found = reachable(m.view(m.current_player()))
    assert any(isinstance(o, Match) for o in found)


@pytest.mark.parametrize("profile,players,settings", VARIANTS)
def test_nothing_reachable_from_the_bot_view_is_the_match(profile, players, settings):
    checked = 0
    for m, s in _turns(profile, players, settings, seed=3):
        b = botview.snapshot(m.view(s))
        found = reachable(b)
        bad = [o for o in found if _forbidden(o)]
        assert not bad, bad[:3]
        assert not any(o is m.hands or o is m.owner for o in found)
        # plain copies: ints, bools and tuples of them
        for k, v in vars(b).items():
            _plain(k, v)
        checked += 1
    assert checked >= 5


def _plain(key, v):
    if isinstance(v, tuple):
        for x in v:
            _plain(key, x)
    else:
        assert type(v) in (int, bool), (key, v)


def test_the_bot_view_has_every_documented_field():
    """The fields engine/botview.py's docstring and docs/BOTS.md name are the snapshot's."""
    m = Match(Rules("agurk", players=4), seed=2)
    b = botview.snapshot(m.view(m.current_player()))
    fields = set(vars(b))
    doc = botview.BotView.__doc__
    with open(os.path.join(ROOT, "docs", "BOTS.md")) as f:
        guide = f.read()
    for k in fields:
        assert "``%s``" % k in doc, k
        assert "`view.%s`" % k in guide, k


@pytest.mark.parametrize("profile,settings", [
    ("agurk", {}), ("gurka", {}), ("ogorek", {"inverse": True}),
    ("agurk", {"strict": True, "open_cards": False}),
])
def test_the_view_is_the_same_when_hidden_cards_are_rearranged(profile, settings):
    rng = random.Random(5)
    differs = 0
    for game in range(10):
        rules = Rules(profile, players=4, **settings)
        bots = [ai.Player("medium", seed=s) for s in range(4)]
        twins = twin_matches(rules, 70 + game, rng.randrange(2, 22), bots, rng)
        if twins is None:
            continue
        m, m2, seat = twins
        assert vars(botview.snapshot(m.view(seat))) == vars(botview.snapshot(m2.view(seat)))
        differs += any(m.hand(s) != m2.hand(s) for s in range(4) if s != seat)
    assert differs >= 4


def test_a_bot_cannot_change_the_match_through_its_view():
    m = Match(Rules("agurk", players=4), seed=4)
    s = m.current_player()
    before = bytes(m.hands), m.turn

    def vandal(view):
        view.hand = (0, 1, 2)
        view.scores = None
        return view.legal[0]

    card, problem = botview.ask(vandal, m.view(s), ai.Player("medium", 1))
    assert problem is None and (bytes(m.hands), m.turn) == before
    assert botview.snapshot(m.view(s)).hand == tuple(m.hand(s))


# ----- (b) ask ----------------------------------------------------------------------


def _table(seed=8, players=4):
    """A match a few cards in (a trick on the table) and the seat to play."""
    m = Match(Rules("agurk", players=players), seed=seed)
    for _ in range(2):
        s = m.current_player()
        m.apply_action(ai.Player("medium", 9).choose(m.view(s)))
    return m, m.current_player()


def _medium(m, s):
    return ai.Player("medium", 21).choose(m.view(s))


def test_a_good_bot_plays_its_card():
    m, s = _table()
    legal = list(m.legal_cards())
    for i in range(len(legal)):
        card, problem = botview.ask(lambda v, i=i: v.legal[i], m.view(s),
                                    ai.Player("medium", 21))
        assert (card, problem) == (legal[i], None)


class _BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no")


class _BadRepr:
    def __repr__(self):
        raise RuntimeError("no")


def _raise(e):
    def bot(view):
        raise e
    return bot


@pytest.mark.parametrize("bot,want", [
    (lambda v: 1 // 0, "bot error: ZeroDivisionError"),
    (lambda v: v.no_such_field, "bot error: AttributeError"),
    (_raise(ValueError("two\nlines")), "bot error: ValueError: two"),
    (_raise(_BadStr()), "bot error: _BadStr"),
    (_raise(MemoryError()), "bot error: MemoryError"),
    (_raise(RecursionError("deep")), "bot error: RecursionError: deep"),
])
def test_a_raising_bot_gets_mediums_card(bot, want):
    m, s = _table()
    card, problem, exc = botview.ask_verbose(bot, m.view(s), ai.Player("medium", 21))
    assert card == _medium(m, s)
    assert problem.startswith(want) and "\n" not in problem
    assert isinstance(exc, Exception)


def test_an_illegal_card_gets_mediums_card():
    m, s = _table()
    legal = m.legal_cards()
    other = [c for c in range(52) if c not in legal][0]
    for answer in (other, None, "5H", 3.0, -1, 52, 300, 2 ** 40, True, False, (legal[0],),
                   _BadRepr(), "x" * 100):
        card, problem = botview.ask(lambda v, a=answer: a, m.view(s), ai.Player("medium", 21))
        assert card == _medium(m, s), answer
        assert problem.endswith(": not legal now") and len(problem) < 50, problem


def test_a_slow_bot_gets_mediums_card():
    m, s = _table()
    now = [10 ** 12]

    def clock():
        return now[0]

    def slow(view):
        now[0] += 5 * 10 ** 9  # five seconds
        return view.legal[-1]

    def quick(view):
        now[0] += 2 * 10 ** 9
        return view.legal[-1]

    card, problem = botview.ask(slow, m.view(s), ai.Player("medium", 21), clock=clock)
    assert (card, problem) == (_medium(m, s), "bot too slow (over 3 s)")
    card, problem = botview.ask(quick, m.view(s), ai.Player("medium", 21), clock=clock)
    assert (card, problem) == (m.legal_cards()[-1], None)
    card, problem = botview.ask(slow, m.view(s), ai.Player("medium", 21))  # no clock
    assert problem is None


def test_short_problems_fit_the_status_line():
    from_status = "0123456789 .,:!?/-()" + "PJQKA" + "abcdefghijklmnopqrstuvwxyz"
    cases = {
        "bot error: ZeroDivisionError: division by zero": "bot: zero division error",
        "bot error: UnboundLocalError: local variable 'x'": "bot: unbound local error",
        "bot error: OSError: [Errno 2]": "bot: os error",
        "bot error: KeyError: 'x'": "bot: key error",
        "bot error: MyBotHasAVeryLongExceptionName": "bot: my bot has a very lon",
        "bot error: NotImplementedError": "bot: not implemented error",
        "bot error: SystemExit": "bot: system exit",
        "bot error: ValueError: not legal": "bot: value error",
        "bot too slow (over 3 s)": "bot too slow (over 3 s)",
        "bot played None: not legal now": "bot played an illegal card",
        "bot stopped (Ctrl-C)": "bot stopped (ctrl-c)",
        "bot.py not found": "bot.py not found",
        "bot.py has no choose(view)": "bot.py has no choose(view)",
        "bot.py: SyntaxError: invalid syntax (bot.py, line 3)": "bot.py: syntax error",
        "bot.py: ZeroDivisionError: division by zero": "bot.py: zero division",
        "bot.py stopped (Ctrl-C)": "bot.py stopped (ctrl-c)",
        None: "",
    }
    for long, want in cases.items():
        got = short(long)
        assert got == want, (long, got)
        assert len(got) <= 26 and all(c in from_status for c in got), got


# ----- (c, d, e) whole matches with a BotSeat -------------------------------------

BOTS = {
    "good": "def choose(view):\n    return view.legal[0]\n",
    "broken": ("def choose(view):\n"
               "    if view.trick_no == 1:\n"
               "        return 1 // 0\n"
               "    return view.legal[-1]\n"),
    "illegal": ("def choose(view):\n"
                "    if view.trick_no % 2:\n"
                "        return view.hand[0] if view.hand[0] not in view.legal else None\n"
                "    return 'QH'\n"),
    "slow": ("import clockstub\n"
             "def choose(view):\n"
             "    if view.trick_no != 2:\n"
             "        clockstub.now += 5000000000\n"
             "    return view.legal[0]\n"),
    "syntax": "def choose(view)\n    return view.legal[0]\n",
    "import_error": "import no_such_module_here\ndef choose(view):\n    return 0\n",
    "raises_at_load": "x = 1 // 0\n",
    "no_choose": "def chose(view):\n    return view.legal[0]\n",
    "not_callable": "choose = 3\n",
    "ctrl_c": ("def choose(view):\n"
               "    if view.trick_no == 1:\n"
               "        raise KeyboardInterrupt\n"
               "    return view.legal[0]\n"),
    "exit": "import sys\ndef choose(view):\n    sys.exit(1)\n",
    "memory": ("def choose(view):\n"
               "    global keep\n"
               "    keep = view.hand\n"
               "    return view.legal[-1]\n"),
    "missing": None,
}


def _drive(tmp_path, kind):
    root = str(tmp_path / kind) + os.sep
    os.makedirs(root)
    src = BOTS[kind]
    if src is not None:
        with open(root + "bot.py", "w") as f:
            f.write(src)
    with open(root + "clockstub.py", "w") as f:
        f.write("now = 0\n")
    return root


def _still():
    """A fake clock that never moves (no timing in these tests)."""
    return 0


def _stub_clock():
    stub = sys.modules.get("clockstub")
    return stub.now if stub is not None else 0


def play(rules, seats, seed, max_actions=5000):
    """A whole match with ``seats[s]`` choosing; every action legal. Returns the match."""
    m = Match(rules, seed=seed)
    actions = 0
    while not m.is_terminal() and actions < max_actions:
        s = m.current_player()
        legal = m.legal_actions()
        a = seats[s].choose(m.view(s))
        assert a in legal, (s, a, legal)
        m.apply_action(a)
        actions += 1
    assert m.is_terminal()
    return m


@pytest.fixture(autouse=True)
def _no_stub_left():
    yield
    sys.modules.pop("clockstub", None)
    sys.modules.pop("bot", None)


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize("profile,players,settings", VARIANTS[::3] + VARIANTS[5:7])
def test_a_match_with_any_bot_finishes(tmp_path, capsys, kind, profile, players,
                                       settings):
    root = _drive(tmp_path, kind)
    assert botseat.exists(root) == (BOTS[kind] is not None)
    bot = BotSeat(5, root, clock=_stub_clock)
    others = [ai.Player(level, seed=s) for s, level in enumerate(("hard", "medium", "easy",
                                                                  "medium"))]
    seats = [bot] + others[:players - 1]
    rules = Rules(profile, players=players, **settings)
    shown = []
    m = Match(rules, seed=11)
    while not m.is_terminal():
        s = m.current_player()
        legal = m.legal_actions()
        a = seats[s].choose(m.view(s))
        assert a in legal
        if s == 0 and bot.problem is not None:
            shown.append(short(bot.problem))
        m.apply_action(a)
    out = capsys.readouterr()
    assert len(shown) == bot.problems
    if kind in ("good", "memory"):
        assert bot.problems == 0 and bot.loaded is True
        return
    assert bot.problems >= 1, kind
    assert all(0 < len(t) <= 26 for t in shown)
    assert "medium" in out.out  # the reason on the console
    if kind in ("missing", "syntax", "import_error", "raises_at_load", "no_choose",
                "not_callable"):
        assert bot.problems == 1 and bot.loaded is False
    if kind in ("syntax", "import_error", "raises_at_load", "broken", "exit", "ctrl_c"):
        assert "Traceback" in out.err  # CPython's traceback goes to stderr
    if kind == "ctrl_c":
        assert bot.problems == 1 and bot.loaded is False
        assert shown == ["bot stopped (ctrl-c)"]
    if kind == "slow":
        assert set(shown) == {"bot too slow (over 3 s)"}
    if kind == "illegal":
        assert set(shown) == {"bot played an illegal card"}
    if kind == "syntax":
        assert shown == ["bot.py: syntax error"]


def test_the_drive_root_is_ui_root(tmp_path, monkeypatch):
    from cucumber import ui
    root = _drive(tmp_path, "good")
    monkeypatch.setattr(ui, "ROOT", root)
    bot = BotSeat(2, clock=_still)
    m, s = _table()
    assert bot.choose(m.view(s)) == m.legal_cards()[0] and bot.loaded is True


def test_a_missing_bot_says_so_once_and_medium_plays(tmp_path, capsys):
    root = _drive(tmp_path, "missing")
    bot = BotSeat(3, root, clock=_still)
    medium = ai.Player("medium", 3)
    m = Match(Rules("agurk", players=3), seed=2)
    said = []
    while not m.is_terminal() and m.round_no < 2:
        s = m.current_player()
        if s == 0:
            a = bot.choose(m.view(s))
            assert a == medium.choose(m.view(s))
            said.append(bot.problem)
        else:
            a = ai.Player("easy", s).choose(m.view(s))
        m.apply_action(a)
    assert said[0] == "bot.py not found" and said[1:] == [None] * (len(said) - 1)
    assert capsys.readouterr().out.count("bot.py not found") == 1


def test_a_problem_is_cleared_by_the_next_good_card(tmp_path):
    root = _drive(tmp_path, "broken")
    bot = BotSeat(3, root, clock=_still)
    m = Match(Rules("agurk", players=3), seed=2)
    seen = []
    while m.round_no < 1:
        s = m.current_player()
        a = bot.choose(m.view(s)) if s == 0 else ai.Player("easy", s).choose(m.view(s))
        if s == 0:
            seen.append((m.trick_no, bot.problem is not None))
        m.apply_action(a)
    assert seen == [(t, t == 1) for t in range(7)]


def test_two_bot_seats_do_not_share_their_module(tmp_path):
    """Each seat imports its own copy: what one keeps in its globals, the other never
    sees (and nothing global keeps either)."""
    root = _drive(tmp_path, "memory")
    a, b = BotSeat(1, root, clock=_still), BotSeat(2, root, clock=_still)
    m = Match(Rules("agurk", players=2), seed=6)
    while m.trick_no < 1 or m.current_player() != 0:
        s = m.current_player()
        m.apply_action((a, b)[s].choose(m.view(s)))
    assert a.bot.__globals__ is not b.bot.__globals__
    assert a.bot.__globals__["keep"] != b.bot.__globals__["keep"]
    assert "bot" not in sys.modules and root.rstrip(os.sep) not in sys.path


def test_ctrl_c_inside_the_bot_goes_to_medium(tmp_path, capsys):
    """KeyboardInterrupt (Ctrl-C on the console, the way to stop an endless loop on the
    board) inside choose: medium plays that card and the rest of the match."""
    root = _drive(tmp_path, "ctrl_c")
    bot = BotSeat(4, root, clock=_still)
    m, s = _table()
    while m.trick_no != 1 or m.current_player() != s:
        t = m.current_player()
        m.apply_action(ai.Player("medium", t).choose(m.view(t)))
    assert bot.choose(m.view(s)) == ai.Player("medium", 4).choose(m.view(s))
    assert bot.problem == "bot stopped (Ctrl-C)" and bot.loaded is False
    assert "KeyboardInterrupt" in capsys.readouterr().err


def test_ctrl_c_while_loading_goes_to_medium(tmp_path):
    root = str(tmp_path) + os.sep
    with open(root + "bot.py", "w") as f:
        f.write("raise KeyboardInterrupt\n")
    bot = BotSeat(4, root, clock=_still)
    m, s = _table()
    assert bot.choose(m.view(s)) in m.legal_cards()
    assert bot.problem == "bot.py stopped (Ctrl-C)" and bot.loaded is False


def test_reentry_offers_are_mediums(tmp_path):
    root = _drive(tmp_path, "good")
    bot = BotSeat(1, root, clock=_still)
    rules = Rules("ogorek", players=4, buyback=True, threshold=10)
    offers = 0
    for seed in range(1, 12):
        m = Match(rules.copy(), seed=seed)
        seats = [bot] + [ai.Player("easy", s) for s in range(1, 4)]
        while not m.is_terminal():
            s = m.current_player()
            if s == 0 and m.phase != 0:
                offers += 1
                assert bot.choose(m.view(s)) == ai.Player("medium", 1).choose(m.view(s))
            m.apply_action(seats[s].choose(m.view(s)))
    assert offers >= 1 and bot.problems == 0


@pytest.mark.parametrize("profile,players,settings", VARIANTS)
def test_the_example_bot_plays_whole_matches(profile, players, settings, capsys):
    assert botseat.exists(EXAMPLES)
    for seed in (1, 2):
        bot = BotSeat(seed, EXAMPLES, clock=_still)
        seats = [bot] + [ai.Player(("hard", "medium", "easy")[s % 3], s)
                         for s in range(players - 1)]
        play(Rules(profile, players=players, **settings), seats, seed)
        assert bot.problems == 0 and bot.loaded is True
    assert capsys.readouterr().out == ""


def test_the_example_bot_heads_with_its_highest_else_its_lowest():
    sys.path.insert(0, EXAMPLES)
    try:
        import bot as example
    finally:
        sys.path.remove(EXAMPLES)
        sys.modules.pop("bot", None)
    for m, s in _turns("agurk", 4, {}, seed=9, every=1):
        v = botview.snapshot(m.view(s))
        top = max([c >> 2 for c in v.trick] or [-1])
        want = v.legal[-1] if v.legal[-1] >> 2 >= top else v.legal[0]
        assert example.choose(v) >> 2 == want >> 2


# ----- (f) under MicroPython --------------------------------------------------------

GUEST = """
import sys
sys.path.insert(0, %(lib)r)
sys.path.insert(0, %(root)r)
import gc
from engine.match import Match
from engine.rules import Rules
from engine import ai
from cucumber import botseat
from cucumber.botseat import BotSeat
from cucumber.botwords import short
gc.collect()


def match(bot, profile, players, seed):
    m = Match(Rules(profile, players=players), seed=seed)
    seats = [bot] + [ai.Player("medium", s) for s in range(1, players)]
    bad = 0
    while not m.is_terminal():
        s = m.current_player()
        a = seats[s].choose(m.view(s))
        if a not in m.legal_actions():
            bad += 1
        m.apply_action(a)
    return bad


print("clock", BotSeat(1, "/").clock is not None)
for root in %(drives)r:
    bot = BotSeat(3, root, clock=lambda: 0)
    bad = match(bot, "agurk", 4, 5) + match(bot, "gurka", 3, 6)
    gc.collect()
    print("result", botseat.exists(root), bot.loaded, bot.problems, bad,
          short(bot.problem) or "-", gc.mem_free())
print("done")
"""


def test_bots_under_micropython(tmp_path):
    """examples/bot.py and broken bots through cucumber.botseat under micropython32 (the
    board rig's MicroPython: a 2 KB pystack, a capped heap, no traceback module, so
    sys.print_exception), whole matches with every card legal."""
    try:
        import build_unix32
    except ImportError:
        sys.path.insert(0, os.path.join(ROOT, "tools", "rig"))
        import build_unix32
    try:
        binary = build_unix32.ensure_built("native")
    except build_unix32.BuildError as e:
        pytest.fail("micropython32 could not be built: %s" % e)
    kinds = ("broken", "missing", "syntax", "ctrl_c", "illegal")
    drives = [EXAMPLES] + [_drive(tmp_path, k) for k in kinds]
    script = tmp_path / "main.py"
    script.write_text(GUEST % {"root": ROOT, "lib": os.path.join(ROOT, "lib"),
                               "drives": drives})
    env = dict(os.environ)
    env.pop("MICROPYPATH", None)
    p = subprocess.run([binary, "-X", "heapsize=256K", "-X", "pystack=2048", str(script)],
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    out = p.stdout
    assert p.returncode == 0 and out.rstrip().endswith("done"), out[-2000:] + p.stderr
    assert "clock True" in out  # micropython32 has CircuitPython's time.monotonic_ns
    # per drive: exists, loaded, problems, illegal actions
    results = dict(zip(["example"] + list(kinds),
                       [x.split()[1:5] for x in out.splitlines() if x.startswith("result ")]))
    assert results["example"] == ["True", "True", "0", "0"]
    assert results["broken"][:2] == ["True", "True"] and int(results["broken"][2]) >= 2
    assert results["missing"] == ["False", "False", "1", "0"]
    assert results["syntax"] == ["True", "False", "1", "0"]
    assert results["ctrl_c"] == ["True", "False", "1", "0"]
    assert results["illegal"][:2] == ["True", "True"] and int(results["illegal"][2]) >= 20
    assert all(r[3] == "0" for r in results.values())
    assert "ZeroDivisionError" in out and "KeyboardInterrupt" in out
    assert "medium played" in out and "SyntaxError" in out
