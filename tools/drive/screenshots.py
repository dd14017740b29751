"""A PNG of every screen of the handheld app, made by driving it through its keys.

    python tools/drive/screenshots.py --out DIR              # English
    python tools/drive/screenshots.py --lang fr --out DIR    # one language (codes: cucumber.lang)
    python tools/drive/screenshots.py --lang all --out DIR   # every language, DIR/<code>/
    python tools/drive/screenshots.py --scale 2 --out DIR    # 320 x 256: each pixel 2 x 2

Runs headless (SDL_VIDEODRIVER=dummy), with a fake clock and an in-memory nvm. The
``Driver`` class here is also what the host tests use to steer the app. ``--scale``
repeats each pixel (nearest neighbour, no smoothing), so an enlarged screen is as sharp
as the device's: the README's picture is ``--scale 2``.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import ownfiles  # noqa: E402
import simulator as sim  # noqa: E402
from cucumber import keys  # noqa: E402

SHOTS_KIND = "screenshots"  # the signature of our folder's marker (ownfiles)
PAGES = ("round", "life", "out", "back", "sudden")


def _no_collect():
    pass


class Driver:
    """An App on HostHardware with a fake clock; ``display`` None renders nothing."""

    def __init__(self, display=None, nvm=None, seed=1, store=None, step_ms=200):
        sim.use_repo_assets()
        from cucumber.app import App
        from cucumber.store import Store
        self.hw = sim.HostHardware(display=display, nvm=nvm, clock=1000)
        self.store = store if store is not None else Store(self.hw.nvm)
        self.app = App(self.hw, store=self.store, seed=seed)
        self.app.collect = _no_collect  # CPython frees screens by reference counting
        self.step_ms = step_ms

    @property
    def screen(self):
        return self.app.screen

    def name(self):
        return getattr(self.app.screen, "name", "?")

    def step(self, n=1):
        for _ in range(n):
            self.hw.advance(self.step_ms)
            self.app.step()

    def press(self, *ks):
        for k in ks:
            self.hw.press(k)
            self.step()

    def setup(self, **changes):
        """From the title, open the set-up and apply ``changes`` to its model."""
        app = self.app
        if self.name() != "title":
            app.command(("title",))
        self.step(2)
        app.command(("setup",))
        s = app.screen.s
        kinds = changes.pop("kinds", None)
        profile = changes.pop("profile", None)
        if profile is not None:
            s.apply_profile(profile)
        for k, v in changes.items():
            setattr(s, k, v)
        if kinds is not None:
            for i, kd in enumerate(kinds):
                s.kinds[i] = kd
        app.screen._draw()
        self.step(2)

    def start(self, **changes):
        self.setup(**changes)
        self.press(keys.START)

    def auto(self, stop, max_steps=20000, pages=True):
        """Step, answering for humans (A plays the selected legal card, A turns pages,
        A confirms covers), until ``stop(driver)`` is true. True if it was reached."""
        for _ in range(max_steps):
            if stop(self):
                return True
            n = self.name()
            app = self.app
            t = app.table
            if n == "table" and t is not None and t.interactive and app.wait is None:
                self.press(keys.A)
            elif n in PAGES and pages:
                self.press(keys.A)
            elif n in ("cover", "reentry"):
                self.press(keys.A)
            elif n == "end":
                return stop(self)
            else:
                self.step()
        return stop(self)


def use_language(d, code):
    """Switch the driven app to language ``code`` as Settings would (and redraw)."""
    from cucumber import lang
    i = lang.CODES.index(code)
    lang.choose(i)
    prefs = d.app.prefs
    if prefs is not None and hasattr(prefs, "lang"):
        prefs.lang = i
    d.app.command(("title",))
    d.step(2)


def save_png(disp, path, scale=1):
    """The display as a PNG at ``path``, each pixel drawn ``scale`` x ``scale``."""
    sim.save_png(disp, path)
    if scale > 1:
        import pygame
        img = pygame.image.load(path)
        size = (img.get_width() * scale, img.get_height() * scale)
        pygame.image.save(pygame.transform.scale(img, size), path)  # no smoothing


def shoot(out, disp=None, code=None, check=None, scale=1):
    """Drive the app through every screen; a PNG of each in ``out`` (None: no PNGs, no
    display drawn) and ``check(name, root group)`` at each when given. ``code``: the
    language (None: as the nvm says, English on a fresh one). ``scale``: each pixel of
    the PNGs is ``scale`` x ``scale`` pixels."""
    from cucumber.settings import HUMAN, MEDIUM, HARD, EASY
    if out is not None:
        # Only a new or empty folder, or one these screenshots made (ownfiles: NotOurs).
        ours = ownfiles.claim_folder(out, SHOTS_KIND, "--out DIR")
        if disp is None:
            disp = sim.make_display(headless=True)
    saved = []

    def snap(name):
        if check is not None:
            check(name, d.hw.display.root_group)
        if out is None:
            saved.append(name)
            return
        path = ownfiles.may_write_in(out, name + ".png", ours)
        ours.append(name + ".png")
        ownfiles.record_folder(out, SHOTS_KIND, ours)  # listed before it lands
        save_png(disp, path, scale)
        saved.append(path)

    d = Driver(display=disp, seed=3)
    if code is not None:
        use_language(d, code)
    d.step(2)
    snap("01_title")
    d.press(keys.A)
    d.step(2)
    snap("02_setup")
    d.app.command(("title",))
    d.step(2)
    d.app.command(("rules",))
    d.step(2)
    snap("03_rules")
    d.app.command(("title",))
    d.app.command(("settings",))
    d.step(2)
    snap("04_settings")
    # An impossible combination: lives with fixed rounds.
    d.setup(end=2, reentry=1)
    d.press(keys.START)
    snap("05_setup_error")
    d.press(keys.B)
    # A 5-player agurk match: the table with legal cards marked (following, not leading).
    d.start(profile=0, players=5, end=0, reentry=1,
            kinds=(HUMAN, EASY, MEDIUM, HARD, MEDIUM))

    def following(dr):
        t = dr.app.table
        return (dr.name() == "table" and t is not None and t.interactive
                and dr.app.wait is None and len(t.trick) > 0
                and t.nlegal < len(dr.app.match.hand(t.holder)))
    d.auto(following)
    snap("06_table_legal")
    d.app.command(("pause",))
    d.step(2)
    snap("07_pause")
    d.app.command(("resume",))
    d.step(2)

    def thinking(dr):
        return dr.name() == "table" and dr.app.ai_ready is not None
    d.auto(thinking)
    snap("08_ai_thinking")

    def ai_card(dr):
        return (dr.name() == "table" and dr.app.wait is not None
                and not dr.app.clear_after_wait)
    d.auto(ai_card)
    snap("09_ai_card_highlight")

    def later(dr):
        m = dr.app.match
        return following(dr) and m.trick_no >= 3
    d.auto(later)
    d.press(keys.SELECT)
    snap("10_review")
    d.press(keys.B)

    def last_trick(dr):  # the round's last trick taken, still in view
        t = dr.app.table
        return dr.name() == "table" and t is not None and t.frozen
    d.auto(last_trick)
    snap("20_last_trick_taken")
    d.auto(lambda dr: dr.name() == "round")
    snap("11_round_summary")
    d.auto(lambda dr: dr.name() == "life")
    snap("12_life_lost")
    d.auto(lambda dr: dr.name() == "out")
    snap("13_elimination")
    d.auto(lambda dr: dr.name() == "end")
    snap("14_match_end")
    # Pass-the-device: two humans.
    d.app.command(("title",))
    d.start(profile=1, players=3, kinds=(HUMAN, HUMAN, MEDIUM), end=0, reentry=0)
    d.auto(lambda dr: dr.name() == "cover")
    snap("15_cover")
    # A re-entry choice for a human (comeback), made likely with scores near the limit.
    for seed in range(1, 40):
        d.app.command(("title",))
        d.app.seed = seed
        d.start(profile=1, players=3, kinds=(HUMAN, MEDIUM, MEDIUM), end=0, reentry=4,
                threshold=50)
        d.app.match.scores[0] = 49
        if d.auto(lambda dr: dr.name() in ("reentry", "end")
                  or (dr.app.match is not None and dr.app.match.scores[0] < 49
                      and dr.name() == "table"), max_steps=3000) \
                and d.name() == "reentry":
            snap("16_reentry_choice")
            break
    # Seven players: the tightest table (small font in the seat columns), mid-trick on
    # the human's turn, its review of played cards, and the round summary.
    d.app.command(("title",))
    d.app.seed = 5
    d.start(profile=0, players=7, kinds=(HUMAN, EASY, MEDIUM, HARD, EASY, MEDIUM, HARD),
            end=0, reentry=2)

    def busy_turn(dr):
        t = dr.app.table
        return (dr.name() == "table" and t is not None and t.interactive
                and dr.app.wait is None and len(t.trick) >= 3)
    d.auto(busy_turn)
    snap("17_table_7_players")

    def later7(dr):
        return busy_turn(dr) and dr.app.match.trick_no >= 3
    d.auto(later7)
    d.press(keys.SELECT)
    snap("18_review_7_players")
    d.press(keys.B)
    d.auto(lambda dr: dr.name() == "round")
    snap("19_round_summary_7_players")
    # "New match" with that match saved: asked first
    d.app.command(("title",))
    d.step(2)
    d.press(keys.UP)
    d.press(keys.A)
    snap("21_replace_saved_match")
    d.press(keys.B)
    d.step(2)
    # the board check: its first page and a step (a PC's window has no key map or
    # lights to ask about: the backlight's steps); SELECT stops it
    d.app.command(("settings",))
    d.step(2)
    d.app.command(("boardcheck",))
    d.step(2)
    snap("26_board_check")
    d.press(keys.A)
    d.press(keys.A)
    snap("27_board_check_step")
    d.press(keys.SELECT)
    d.step(2)
    d.app.command(("title",))
    d.step(2)
    classroom(d, snap, code)
    return saved


def classroom(d, snap, code=None):
    """The classroom screens: the demo's lines, a hint, Inside the chip, a bot seat."""
    import contextlib
    import io
    import tempfile
    from cucumber import botseat, lobby
    from cucumber.settings import HUMAN, MEDIUM, HARD, BOT
    quiet = contextlib.redirect_stdout(io.StringIO())  # the serial console's lines
    with quiet:
        d.app.command(("title",))
        d.setup(profile=0, players=4, kinds=(HARD, MEDIUM, HARD, HARD), end=0, reentry=1)
        d.app.command(("title",))
        d.step(2)
        d.app.command(("demo",))

        def demo_line(dr):  # a searching AI's card, its reasons on the two lines
            demo = dr.app.demo
            return (dr.name() == "table" and demo.lines is not None and dr.app.wait
                    and dr.app.decision_deals and demo.lines[1].text.strip()
                    and dr.app.match.trick_no >= 1)
        d.auto(demo_line)
        snap("22_demo")
        d.press(keys.SELECT)
        d.step(2)
        snap("24_inside_the_chip")
        d.press(keys.B)
        d.app.command(("title",))
        d.app.prefs.hints = True
        d.app.hints = True
        d.start(profile=0, players=4, kinds=(HUMAN, HARD, MEDIUM, HARD), end=0, reentry=1)

        def my_turn_later(dr):
            t = dr.app.table
            return (dr.name() == "table" and t is not None and t.interactive
                    and dr.app.wait is None and dr.app.match.trick_no >= 2)
        d.auto(my_turn_later)
        d.press(keys.UP)
        snap("23_hint")
        # a student's bot that fails on the third trick, on a drive of its own
        drive = tempfile.mkdtemp(prefix="cucumber_bot_")
        with open(os.path.join(drive, "bot.py"), "w") as f:
            f.write("def choose(view):\n    if view.trick_no == 2:\n"
                    "        return 1 // 0\n    return view.legal[-1]\n")
        init = botseat.BotSeat.__init__
        found = lobby.bot_file
        botseat.BotSeat.__init__ = lambda self, seed=1, **kw: init(
            self, seed, root=drive + os.sep, **kw)
        lobby.bot_file = lambda: True
        try:
            d.app.command(("title",))
            d.start(profile=0, players=4, kinds=(HUMAN, MEDIUM, BOT, MEDIUM), end=0,
                    reentry=1)

            def bot_problem(dr):  # the bot's failure said on the status line
                bots = dr.app.bots or ()
                return (dr.name() == "table" and dr.app.table is not None
                        and any(getattr(b, "problem", None) for b in bots))
            d.auto(bot_problem)
            snap("25_bot_problem")
        finally:
            botseat.BotSeat.__init__ = init
            lobby.bot_file = found
        d.app.command(("title",))
        d.app.prefs.hints = False
        d.app.hints = False


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description="PNG of every screen of the handheld app")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "screenshots"))
    ap.add_argument("--lang", default="en",
                    help="a language code (en pt fr es nl da sv pl fi) or 'all' (one "
                         "folder per language)")
    ap.add_argument("--scale", type=int, default=1, metavar="N",
                    help="each pixel N x N (nearest neighbour): 2 gives 320 x 256")
    args = ap.parse_args(argv)
    if not 1 <= args.scale <= 8:
        ap.error("--scale takes 1 to 8")
    from cucumber import lang
    codes = lang.CODES if args.lang == "all" else (args.lang,)
    for c in codes:
        if c not in lang.CODES:
            ap.error("unknown language %r: one of %s, or all" % (c, " ".join(lang.CODES)))
    try:
        if args.lang == "all":  # the top folder holds one folder of ours per language
            top = ownfiles.claim_folder(args.out, SHOTS_KIND, "--out DIR")
            ownfiles.record_folder(args.out, SHOTS_KIND, top + list(codes))
        for c in codes:
            out = os.path.join(args.out, c) if args.lang == "all" else args.out
            saved = shoot(out, code=c, scale=args.scale)
            for p in saved:
                print(p)
            print("%d screenshots in %s" % (len(saved), out))
    except (ownfiles.NotOurs, ownfiles.Unreadable) as e:
        print("screenshots: %s." % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
