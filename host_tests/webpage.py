"""The browser's game for the tests (host_tests/test_web.py), and the simulator beside it.

    site = build(folder)                       # the static site, as `make web` builds it
    with chromium.serve(site) as url, chromium.browser() as b:
        game = WebGame(b.new_context(locale="pl-PL"), url)
        game.open("#challenge=9JRB-JVL9-R2CW")
        game.press("a")
        game.until(lambda s: s.my_turn)
        game.pixels()                          # what the canvas shows, as Sim.pixels()

The page's clock is Playwright's, paused: the app's loop (a step every 10 ms, web/main.js)
moves only when a test runs the clock, so a test sees every screen it waits for and the
AIs' pauses take no real time (``skip`` jumps them). The page's Python is read through
``py``: an expression evaluated in the page's MicroPython, after ``import webmain``.
"""

import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in ("tools/drive", "tools/pc"):
    _p = os.path.join(ROOT, _p)
    if _p not in sys.path:
        sys.path.insert(0, _p)

W, H = 160, 128
START_TIME = 1_741_946_400  # 2025-03-14 10:00 UTC: the page's clock, the same every run
STEP_MS = 10  # web/main.js: a step of the app's loop every 10 ms

# The handheld's buttons and the keyboard's keys for them (web/input.js).
KEYBOARD = {"a": "z", "b": "x", "start": "Enter", "select": " ", "up": "ArrowUp",
            "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}
PAGES = ("round", "life", "out", "back", "sudden", "reentry", "cover")

# ``expr`` evaluated in the page's MicroPython, its value back through JSON; null while
# no MicroPython runs (the page is restarting into match.py).
_PROBE = """(expr) => {
  const b = globalThis.cucumber && globalThis.cucumber.board;
  if (!b || !b.running) return null;
  b.mp.runPython("import json, webmain\\n_probe = json.dumps(" + expr + ")");
  return JSON.parse(b.mp.globals.get("_probe"));
}"""

# What the app is showing: the screen's name, and whether a human's card is awaited.
_STATE = ("(lambda a: None if a is None or a.screen is None else [a.screen.name, "
          "a.table is not None and a.screen is a.table and a.table.interactive "
          "and not a.table.reviewing and a.wait is None and a.ai_ready is None])"
          "(webmain._app)")


def build(out):
    """The site built into ``out`` (tools/drive/build_web.py); returns ``out``."""
    import build_web
    build_web.build_site(out, say=lambda *a: None)
    return out


class State:
    """What the page's app shows: ``screen`` (its name; None while the page restarts) and
    ``my_turn`` (the table awaits a human's card)."""

    def __init__(self, raw):
        self.screen, self.my_turn = raw if raw else (None, False)

    def __repr__(self):
        return "State(%r, my_turn=%r)" % (self.screen, self.my_turn)


class WebGame:
    """One tab of the site in a Playwright browser context, the context's clock paused
    at START_TIME (so install no other clock on it). Page errors are collected in
    ``errors``, the serial console's lines in ``console``."""

    def __init__(self, context, url):
        self.context = context
        self.url = url
        context.clock.install(time=START_TIME)
        context.clock.pause_at(START_TIME + 1)
        self.page = context.new_page()
        self.errors = []
        self.console = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)
        self.page.on("response", self._response)

    def _console(self, msg):
        if msg.type == "log":
            self.console.append(msg.text)
        elif msg.type == "error":
            self.errors.append(msg.text)

    def _response(self, response):
        if response.status >= 400:
            self.errors.append("%s: %d" % (response.url, response.status))

    # ----- loading -----------------------------------------------------------------------

    def open(self, hash=""):
        """Load the page (``hash``: "#challenge=..."), until it is ready."""
        self.page.goto(self.url + hash)
        self.wait_ready()
        self.run(50)

    def reload(self):
        self.page.reload()
        self.wait_ready()
        self.run(50)

    def wait_ready(self):
        self.page.wait_for_function("document.body.classList.contains('ready')",
                                    timeout=20000)

    # ----- time and keys -----------------------------------------------------------------

    def run(self, ms):
        """``ms`` of the page's time, a step of the app every 10 ms."""
        self.page.clock.run_for(ms)

    def skip(self, ms=1000):
        """Jump ``ms`` ahead: one step of the app sees the time passed (a pause over)."""
        self.page.clock.fast_forward(ms)

    def press(self, *buttons):
        """Press and release each button ("a", "start", "left"...) on the keyboard, after
        the guard that drops keys just after a screen changes (cucumber.app)."""
        for name in buttons:
            self.skip(200)
            self.page.keyboard.press(KEYBOARD[name])
            self.run(30)

    def tap(self, name):
        """A tap on the on-screen button ``name`` (the touch pad)."""
        self.skip(200)
        self.page.locator('#pad [data-button="%s"]' % name).tap()
        self.run(30)

    # ----- reading the page --------------------------------------------------------------

    def py(self, expr):
        """The value of the Python expression ``expr`` in the page (None while the page
        restarts)."""
        return self.page.evaluate(_PROBE, expr)

    def state(self):
        return State(self.py(_STATE))

    def until(self, want, limit=600, play=None):
        """Step until ``want(state)`` holds, each step a second after the last (a pause
        of the app's is over at once); ``play(game, state)`` answers whatever else waits
        for a key (None: nothing). The state reached; AssertionError after ``limit``
        steps."""
        for _ in range(limit):
            s = self.state()
            if s.screen is not None and want(s):
                return s
            if not (play and s.screen is not None and play(self, s)):
                self.skip(1000)
        raise AssertionError("not reached in %d steps; last %r" % (limit, s))

    def pixels(self):
        """The screen as 0xRRGGBB ints, [y, x], after a step (the app paints at the end of
        each: a screen just built by a restart is painted by the next)."""
        self.run(STEP_MS)
        return np.array(self.page.evaluate("cucumber.board.screen.rgb()"),
                        dtype=np.int64).reshape(H, W)

    def notice(self):
        """The page's notice line ("" when hidden)."""
        line = self.page.locator("#notice")
        return "" if line.is_hidden() else line.inner_text()

    def lights(self):
        """The five NeoPixels under the screen as the page shows them: "rgb(r, g, b)"
        each, "" for one that is off."""
        return self.page.evaluate(
            "Array.from(document.querySelectorAll('#pixels .pixel'))"
            ".map((p) => p.style.background)")

    def backlight(self):
        """The screen's brightness as the page shows the backlight (the canvas's CSS
        filter, web/page.js): 1.0 full."""
        f = self.page.evaluate("document.getElementById('screen').style.filter")
        return float(f[len("brightness("):-1]) if f else 1.0

    def panel(self):
        """The serial console's panel: its text as the page shows it."""
        return self.page.locator("#console-lines").text_content()

    def record_boots(self):
        """From now on, the entry file of each MicroPython the page starts (a restart:
        "match.py", "check.py", "code.py") in ``boots()``."""
        self.page.evaluate("""() => {
          const b = cucumber.board, boot = b.boot.bind(b);
          globalThis.boots = [];
          b.boot = (entry, address) => {
            globalThis.boots.push(entry);
            return boot(entry, address);
          };
        }""")

    def boots(self):
        return self.page.evaluate("globalThis.boots")

    def storage(self):
        """The page's localStorage as a dict."""
        return self.page.evaluate(
            "(() => { try { return Object.fromEntries(Object.entries(localStorage)); }"
            " catch (e) { return null; } })()")


def play_along(game, state):
    """A player who presses A for whatever waits for them: the selected card, a page."""
    if state.my_turn or state.screen in PAGES:
        game.press("a")
        return True
    return False


def nvm_text(nvm):
    """``nvm`` as web/storage.js keeps it in localStorage."""
    import base64
    return base64.b64encode(bytes(nvm)).decode("ascii")


# ----- the simulator ---------------------------------------------------------------------

class Sim:
    """The simulator's app (tools/drive/screenshots.py's Driver) on ``display``, pressed
    and read as WebGame is."""

    def __init__(self, display, nvm=None, seed=3, lang=None):
        from screenshots import Driver, use_language
        self.display = display
        self.d = Driver(display=display, nvm=nvm, seed=seed)
        if lang is not None:
            use_language(self.d, lang)
        self.d.step(2)

    def press(self, *buttons):
        from cucumber import keys
        for name in buttons:
            self.d.press(getattr(keys, name.upper()))
            self.d.step(2)

    def offer(self, code):
        """The challenge ``code``'s offer, as a link opens it (web/py/webmain.py)."""
        from engine.challenge import decode, encode, show
        ch = decode(code)
        self.d.app.command(("challenge", "offer", ch, show(encode(ch)), False))
        self.d.step(2)

    def until_my_turn(self):
        a = self.d.app

        def mine(dr):
            t = a.table
            return (dr.name() == "table" and t is not None and t.interactive
                    and not t.reviewing and a.wait is None and a.ai_ready is None)
        assert self.d.auto(mine, pages=False)

    def pixels(self):
        import simulator
        pix = simulator.screen_pixels(self.display).astype(np.int64)
        return ((pix[:, :, 0] << 16) | (pix[:, :, 1] << 8) | pix[:, :, 2]).T


def differences(a, b):
    """"" when the screens ``a`` and ``b`` ([y, x] 0xRRGGBB) are the same, else where they
    differ, in one line."""
    diff = np.argwhere(a != b)
    if not len(diff):
        return ""
    ys, xs = diff[:, 0], diff[:, 1]
    first = ", ".join("(%d,%d) %06x, not %06x" % (x, y, a[y, x], b[y, x]) for y, x in diff[:4])
    return "%d pixels differ in x %d-%d, y %d-%d: %s" % (
        len(diff), xs.min(), xs.max(), ys.min(), ys.max(), first)
