"""A match in play: whose turn it is, the AI's moves, what each card played changes on
the table, the pauses, the pages between rounds and the save after a human's move.

Functions of the App (``app``), called by cucumber.app's commands and its step. Once
the match has applied a move (cucumber.app's "play": a card chosen on the table,
cucumber.hand; an AI's card: ``act``), ``after_action`` shows what came of it (the card
on the table, a trick taken, a round's penalty, pages to show) and saves, then
``advance`` moves on to whoever acts next: the table with a human's hand, a cover
between two humans, or an AI, whose turn ``ai_turn`` thinks a slice of work at each pass
of cucumber.app's loop (the buttons read between two) and plays once decided and its
thinking indicator has shown long enough (cucumber.app's step keeps the time). While
the table holds still after a card (the highlight, a taken trick), the AI to move next
already thinks (``think_ahead``): its decision needs only the cards already down.

Loaded with cucumber.app for the whole run. The match's start (its players, its first
save, the board's restart into it) is cucumber.starting's, loaded only then.
"""

from engine.ai import deals, thoughts
from engine.compat import const
from engine.match import (
    PHASE_PLAY, PHASE_REENTRY, NOBODY,
    EV_PLAY, EV_TRICK, EV_PENALTY, EV_LIFE, EV_OUT, EV_REENTER, EV_SUDDEN, EV_WIN,
    EV_LOSER,
)
from cucumber import console, forget, ui
from cucumber.seats import HUMAN, BOT, LEVELS, encode_match
from cucumber.store import MATCH

try:
    from time import monotonic_ns
except ImportError:  # a board without it: no decision times
    monotonic_ns = None

_MASK = const((1 << 29) - 1)  # supervisor.ticks_ms() wraps at 2**29
_AI_THINK_MS = const(250)  # the thinking indicator shows at least this long
# Work units (engine.ai) an AI thinks in one pass of the loop. A think() slice is whole
# deals until this much is done: at most about 200 + 600 units, measured at most 4.85
# million fuel (43 ms on a SAMD51 at 113 M fuel a second; hard at EFFORT_AFTER_AI,
# 2-7 players, every profile and the strict inverse game), and begin() gets a pass of
# its own (at most 4.1 million fuel): with the loop's 10 ms sleep a pass stays well
# under 100 ms, so the keys are read that often while an AI thinks (docs/AI.md).
_AI_SLICE = const(200)
_AI_PAUSE_MS = const(600)  # an AI's card stays highlighted this long
_TRICK_PAUSE_MS = const(1200)  # a finished trick stays in view this long

# NeoPixel colours
_OFF = const(0)
_LIFE = const(0x200000)
_HUMAN_TURN = const(0x002000)
_AI_TURN = const(0x000020)


# ----- what the table shows ---------------------------------------------------------------

def show_table(app, turn=True):
    """The table (the kept one, or built again), and with ``turn`` whose turn it is."""
    built = app.table is None
    if built:
        # The fonts are loaded at the match's first table and kept: the pages between
        # rounds drop the table, and rebuilding it should not read the font files
        # again (the two sheets take well under 1 KB).
        app.open_screen("table", "Table", app.match, app.kinds, app.table_fonts)
        app.table = app.screen
        app.table_fonts = app.table.fonts
        app.table.hints = app.hinters is not None
        # a human out: the note cucumber.summary chose (no such attribute until then)
        app.table.message = getattr(app, "out_note", None)
        if app.demo is not None:
            app.demo.attach(app.table)
    else:
        app.set_screen(app.table)
    t = app.table
    t.refresh()
    if turn:
        turn_view(app)
    elif built:  # during a pause: the holder's hand (or the note that they are out) as
        t.show_hand(app.holder, False)  # it was before the table was let go


def turn_view(app):
    """Hand, marks and status for whoever is to act now."""
    m = app.match
    t = app.table
    s = m.current_player()
    mine = (m.phase == PHASE_PLAY and s != NOBODY and app.kinds[s] == HUMAN
            and s == app.holder)
    t.show_hand(app.holder, mine)
    if mine and app.hinters is not None:
        app.hinters[s].observe(m.view(s))  # the hint's memory sees every turn
    if not mine and s != NOBODY:  # "P3 to play  3/7", "P3 thinking...  3/7"
        t.turn_status(s, app.kinds[s] != HUMAN)
    update_lights(app)


def update_lights(app):
    """The NeoPixels: the first green for a human's turn (blue for an AI's), then one red
    light for each life the seat to play has left; all off outside a match."""
    m = app.match
    if m is None or m.is_terminal():
        _set_lights(app, (_OFF, _OFF, _OFF, _OFF, _OFF))
        return
    s = m.current_player()
    if s == NOBODY:
        return
    r = m.rules
    left = r.reentries - m.reentries_used[s]
    lives = 1 + left if not r.reentry_choice else 1
    c = [_HUMAN_TURN if app.kinds[s] == HUMAN else _AI_TURN]
    for i in range(4):
        c.append(_LIFE if i < lives else _OFF)
    _set_lights(app, tuple(c))


def _set_lights(app, colors):
    if colors != app.lights:
        app.lights = colors
        app.hw.lights(colors)


# ----- a move and what came of it -----------------------------------------------------

def act(app, action):
    """Apply a card or a re-entry answer for the player to move, then react."""
    thinking = getattr(app, "thinking", None)
    if thinking is not None:
        thinking[0] = None  # a decision begun was for the position before this move
    app.match.apply_action(action)
    after_action(app)


def after_action(app):
    """Show what the match's events say happened (a card down, a trick taken, a penalty,
    a life lost...), save, then pause on the table, show the pages, or move on."""
    m = app.match
    t = app.table
    ended_trick = False
    ai_played = False
    human_acted = m.phase != PHASE_PLAY  # a re-entry answer or a new round
    evs = m.events
    m.events = []
    plot = False
    demo = app.demo
    for e in evs:
        kind = e[0]
        print(console.event_line(e))
        if kind == EV_PLAY:
            ai_played = app.kinds[e[1]] != HUMAN
            human_acted = human_acted or not ai_played
            if demo is not None:
                demo.played(e[1], e[2], e[3])
            t.add_play(e[1], e[2], ui.CYAN if app.kinds[e[1]] != HUMAN else ui.YELLOW)
            app.beep("play")
        elif kind == EV_TRICK:
            ended_trick = True
            t.highlight(e[1], ui.YELLOW)
            last = e[2] == m.rules.hand - 1
            t.taken_status(e[1], last)  # "P3 takes the trick"
            if last:
                # The match has already dealt the next round: the table keeps showing
                # this one (that trick, every card played, the scores before the
                # penalty, no hand) until the summary; refresh() no longer reads it.
                t.round_over(e[1])
            app.beep("trick")
        elif kind == EV_PENALTY or kind == 13:  # 13: a sudden death's (EV_TIEBREAK)
            _penalty(app, e)
            plot = app.plotter
        elif kind == EV_LIFE:
            app.pages.append(("life", e[1], e[2], e[3]))
        elif kind == EV_OUT:
            app.pages.append(("out", e[1], e[2]))
        elif kind == EV_LOSER:
            app.pages.append(("loser", e[1], e[2]))
        elif kind == EV_REENTER:
            app.pages.append(("back", e[1], e[2], e[3]))
        elif kind == EV_SUDDEN:
            app.pages.append(("sudden",) + tuple(_contenders(m)))
        elif kind == EV_WIN:
            app.pages.append(("win", e[1]))
            app.matches_ended += 1
            if app.demo is None:  # the demo writes nothing
                app.unrecorded = e[1]  # counted once the table is let go (show_page)
    # The lines just printed and the events are garbage now: collected at once, they
    # leave no holes among what the table allocates next (measured on micropython32:
    # the worst plan needed 109,568 B without this, 104,448 B with it)
    app.collect()
    if plot:  # one line a round for Mu's plotter: the scores the penalties left
        print(console.plot_line(app.penalty_scores))
    save_match(app, human_acted)
    if t is not None:
        t.refresh()
    if ended_trick:
        t.show_hand(app.holder, False)
        pause(app, _TRICK_PAUSE_MS if demo is None else demo.trick_ms(), True)
    elif ai_played:
        # The AI's card stays highlighted for a moment; the tab and the status line
        # already name the seat to act next (who has not played to this trick yet).
        turn_view(app)
        pause(app, _AI_PAUSE_MS if demo is None else demo.card_ms(), False)
    elif app.pages:
        show_page(app)
    else:
        advance(app)


def _record_win(app, seat):
    # cucumber.settings alone, not the lobby: there is no room for both. The match is
    # over: engine.matchend, which ended it, goes first and its room is taken by settings
    forget("matchend", "engine")
    app.collect()
    from cucumber import settings
    settings.record_win(app.store, app.kinds, app.match, seat)
    forget("settings")
    app.unrecorded = None
    app.store.clear(MATCH)  # counted: a power cut from here on loses nothing


def _contenders(m):
    out = []
    for s in range(m.n):
        if m.contenders[s]:
            out.append(s)
    return out


def _penalty(app, e):
    """A seat takes the round's penalty: one "round" page lists every seat that did (a
    sudden death's, EV_TIEBREAK, changes no score: its page has no round number)."""
    m = app.match
    pages = app.pages
    normal = e[0] == EV_PENALTY
    if not pages or pages[-1][0] != "round":
        app.penalty_scores = list(m.scores)
        trick = list(app.table.trick) if app.table is not None else []
        pages.append(("round", trick, [], m.last_penalty,
                      m.round_no if normal else 0, app.penalty_scores))
    pages[-1][2].append(e[1])
    if normal:
        app.penalty_scores[e[1]] = e[3]
    app.beep("penalty")


def pause(app, ms, clear):
    """Hold the table for ``ms`` (cucumber.app's step waits, then clears the trick or
    the highlight and moves on)."""
    app.wait = (app.now + ms) & _MASK
    app.clear_after_wait = clear


def save_match(app, human_acted=True):
    """The match into the store (the board restarts into it after a power cut)."""
    m = app.match
    if m is None or app.demo is not None:  # the demo writes nothing to the flash
        return
    if m.is_terminal():
        if app.unrecorded is None:
            app.store.clear(MATCH)
        return
    s = m.current_player()
    if not human_acted and app.kinds[s] != HUMAN and (m.trick_no or m.trick_len):
        # Every nvm write erases the whole 8 KB flash block, so AI plays are not saved
        # one by one: a power cut replays them from the last human action or round start.
        return
    # engine.save is loaded by a match's first save, so never in the demo's heap
    # (micropython32: 7p-demo-hard needed 103,424 B with it loaded at the start,
    # 100,352 B so)
    from engine import save
    app.store.put(MATCH, encode_match(save.dumps(m), app.kinds, m.n, app.bot_seed))


# ----- the pages between rounds, and moving on -----------------------------------------

def show_page(app):
    # the table goes before the page's code loads: both at once did not fit
    app.table = None
    app.hw.display.root_group = None
    app.screen = None
    app.collect()
    if app.unrecorded is not None:
        _record_win(app, app.unrecorded)
    _summary().show_page(app)


def _summary():
    """cucumber.summary, the pages' module (cucumber.app forgets it at the next screen):
    found here, so that show_page's frame, on the way to every page, holds no local
    for it."""
    from cucumber import summary
    return summary


def next_page(app):
    if app.pages:
        app.pages.pop(0)
    if app.pages:
        show_page(app)
        return
    advance(app)


def resume(app):
    """Back to the match from a page, the pause menu, the rules or the chip page."""
    if app.pages:
        show_page(app)
    elif app.wait is not None or app.ai_ready is not None:
        show_table(app, app.wait is None)
    else:
        advance(app)


def advance(app):
    """Move on to whoever must act now: a human (maybe behind a cover) or an AI."""
    m = app.match
    if m is None:
        return
    if m.is_terminal():
        return
    s = m.current_player()
    if m.phase == PHASE_REENTRY:
        if app.kinds[s] == HUMAN:
            app.table = None
            app.open_screen("summary", "Reentry", m, s)
            update_lights(app)
            return
        act(app, app.bots[s].choose(m.view(s)))  # re-entry: no thinking to show
        return
    if app.kinds[s] == HUMAN and app.humans > 1 and s != app.holder:
        app.table = None
        app.holder = None
        app.open_screen("summary", "Cover", s)
        update_lights(app)
        return
    if app.table is None or app.screen is not app.table:
        show_table(app)
        if app.kinds[s] == HUMAN:
            return
    else:
        turn_view(app)
    if app.kinds[s] != HUMAN:
        # it thinks from the next pass of the loop (ai_turn) unless it began during the
        # pause before (think_ahead); its card is played once the indicator has shown
        # _AI_THINK_MS from now (the turn's start kept in ai_ready meanwhile)
        app.ai_ready = app.now
        thinking = getattr(app, "thinking", None)
        if thinking is None:
            app.thinking = [None, None, 0]  # the first AI turn of this App
        elif thinking[0] is app.bots[s] and thinking[1] is not None:
            _decided(app)  # decided ahead: the card after the indicator's time


def think_ahead(app):
    """A slice of thinking for the AI to move next while the table holds still after a
    card (cucumber.app's step, during a pause with no page to come): the same decision
    as on its turn, begun earlier (the pause's time is the player's anyway). A student's
    bot decides on its turn only."""
    m = app.match
    if m is None or m.phase != PHASE_PLAY or m.is_terminal():
        return
    s = m.current_player()
    if s == NOBODY or app.kinds[s] == HUMAN or app.kinds[s] == BOT:
        return
    thinking = getattr(app, "thinking", None)
    if thinking is None:
        app.thinking = thinking = [None, None, 0]
    bot = app.bots[s]
    if thinking[0] is not bot:
        _begin(app, thinking, bot, m.view(s), False)
    elif thinking[1] is None:
        _think(app, thinking, bot)


def ai_turn(app):
    """The AI to move thinks, a pass of the loop at a time, then plays. The first pass
    shows the thinking indicator and begins the decision (engine.ai.Player.begin); each
    pass after it thinks ``_AI_SLICE`` work units, so that the keys are read between
    slices (START opens the pause menu, and the decision goes on where it was on the
    way back); once it is decided (maybe already during the pause before the turn:
    ``think_ahead``), the card is played at the first pass after the indicator has shown
    _AI_THINK_MS. A student's bot (no begin) decides in its first pass, within its own
    time limit."""
    m = app.match
    s = m.current_player()
    if s == NOBODY or app.kinds[s] == HUMAN:
        app.ai_ready = None
        return
    bot = app.bots[s]
    thinking = app.thinking
    if thinking[0] is not bot:
        _begin(app, thinking, bot, m.view(s), True)
        return
    card = thinking[1]
    if card is None:
        _think(app, thinking, bot)
        return
    app.ai_ready = None
    ns = thinking[2] if monotonic_ns else None
    if app.kinds[s] != BOT and deals():  # it searched: for the Inside the chip page
        app.decision_ns = ns
        app.decision_deals = deals()
    if app.demo is not None:
        app.demo.decided(s, LEVELS[app.kinds[s]], card,
                         thoughts() if app.kinds[s] != BOT else None, ns)
    act(app, card)
    problem = getattr(bot, "problem", None)
    if problem and app.table is not None and app.screen is app.table:
        _say_problem(app.table, problem)


def _begin(app, thinking, bot, view, on_turn):
    """The first pass of an AI's decision: on its turn the indicator on screen first;
    then the decision begun (a student's bot decides here and now)."""
    if on_turn:  # the thinking indicator is on screen before we compute
        _refresh_display(app.hw.display)
    thinking[0] = bot
    start = monotonic_ns() if monotonic_ns else None
    if hasattr(bot, "begin"):
        bot.begin(view)
        thinking[1] = None
    else:
        thinking[1] = bot.choose(view)
        _decided(app)
    thinking[2] = monotonic_ns() - start if start is not None else 0


def _think(app, thinking, bot):
    """A slice of the decision begun: ``thinking[1]`` is its card once it is decided."""
    if monotonic_ns:  # the decision's time: its slices' only
        thinking[2] -= monotonic_ns()
    card = thinking[1] = bot.think(_AI_SLICE)
    if monotonic_ns:
        thinking[2] += monotonic_ns()
    if card is not None:
        _decided(app)


def _decided(app):
    """The card is chosen: on the AI's turn (its start in ai_ready), played at the pass
    when the indicator has shown long enough; ahead of it, advance says when."""
    if app.ai_ready is not None:
        app.ai_ready = (app.ai_ready + _AI_THINK_MS) & _MASK


def _say_problem(table, problem):
    # a student's bot went wrong: the traceback is on the console; one line here
    from cucumber import botwords
    table.set_status(botwords.short(problem), ui.RED)


def _refresh_display(d):
    """Push the current frame out now (before a possibly long computation)."""
    try:
        d.refresh()
    except Exception:  # no refresh on some stand-ins; auto refresh covers it
        pass
