"""Desktop simulator: the device's code.py / lib/ code in a pygame window.

    python tools/pc/simulator.py [--nvm FILE] [--scale N]
    python tools/pc/simulator.py --challenge CODE     (or --daily [YYYY-MM-DD])

Where no window can be opened (no X server behind DISPLAY, SDL falling back to its
off-screen driver) the terminal game starts instead, with a one-line note: a game
running in a window nobody can see would wait for keys forever.

Challenges (engine/challenge.py): the handheld has no screens for them yet, so with
``--challenge CODE`` or ``--daily [YYYY-MM-DD]`` the code (or date) is checked first (one
line on stderr and exit status 2 when it is not one, before anything is opened or
written) and then played in the terminal game, after one line saying so: the same cards
and AI decisions as everywhere else.

Keys: arrows = d-pad, Z or A = A, X or B = B, Enter = START, Space or Tab = SELECT,
F1 or H (or ?) = the key map over the screen, Esc = quit. The key map also shows at
start, until a key is pressed or a few seconds pass; the window's title says "F1: keys".
The five NeoPixels are drawn in a strip under the screen. Saves go to a file standing in
for ``microcontroller.nvm`` (``build/sim_nvm.bin`` by default). Without an audio device
one line says that the sound is off; what SDL, ALSA and Blinka would print about a PC
that is not a board is kept off the terminal.

The module also provides the pieces the tests and ``tools/drive/screenshots.py`` use:
``HostHardware`` (the hardware interface of ``cucumber.board``, with a settable fake
clock), ``HeadlessDisplay`` (a display that renders nothing), ``make_display()`` (a
headless or windowed PyGameDisplay) and ``screen_pixels()``.
"""

import contextlib
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from cucumber import keys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Blinka (under blinka_displayio_pygamedisplay) looks for the board it runs on and, on a
# PC, prints "GENERIC_X86 is not fully supported" twice: its own stand-in board is what
# the simulator is. Set before anything imports Blinka; a board chosen outside wins.
if not (os.environ.get("BLINKA_FORCECHIP") or os.environ.get("BLINKA_FORCEBOARD")):
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

W, H = 160, 128
STRIP = 10  # height of the NeoPixel strip under the screen in the window


def use_repo_assets():
    """Point the app's asset paths (sprites/) at this repository."""
    from cucumber import ui
    ui.ROOT = ROOT + os.sep


class HeadlessDisplay:
    """Stands in for a display when nothing needs to be seen (fast tests)."""

    width = W
    height = H

    def __init__(self):
        self.root_group = None
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, **kw):
        self.refreshes += 1
        return True


class HostHardware:
    """The hardware object of ``cucumber.board.open_hardware()`` on a PC.

    ``clock``: None for the real monotonic clock, or an int start value for a fake clock
    moved only by ``advance(ms)``.
    """

    name = "simulator"

    def __init__(self, display=None, nvm=None, clock=None, sound=False):
        self.display = display if display is not None else HeadlessDisplay()
        self.nvm = nvm if nvm is not None else bytearray(b"\xff" * 8192)
        self.muted = False
        self.pending = []
        self.fake = clock is not None
        self.t = clock or 0
        self.light_colors = (0, 0, 0, 0, 0)
        self.level = 3
        self.beeps = []
        self._sounds = None
        # the board's sensors for the "Inside the chip" page (cucumber.chip), as a PC has
        # none: a 140 KB heap with 40 KB free, 120 MHz, 35.0 C, 3.30 V, battery
        # 38,726 (3.90 V through the 1:2 divider), light 26,214 (40 %)
        self.chip_fakes = {"mem_free": 40960, "mem_alloc": 102400,
                           "cpu_temperature": 35.0, "cpu_frequency": 120000000,
                           "cpu_voltage": 3.3, "battery_raw": 38726, "light_raw": 26214}
        if sound:
            self._sounds = _make_sounds()

    # input
    def press(self, *ks):
        self.pending.extend(ks)

    def keys(self):
        k = self.pending
        self.pending = []
        return k

    # time
    def ticks_ms(self):
        if self.fake:
            return self.t & ((1 << 29) - 1)
        return int(time.monotonic() * 1000) & ((1 << 29) - 1)

    def advance(self, ms):
        self.t += ms

    # output
    def beep(self, kind):
        if self.muted:
            return
        self.beeps.append(kind)
        del self.beeps[:-50]
        if self._sounds and kind in self._sounds:
            try:
                self._sounds[kind].play()
            except Exception:
                pass

    def lights(self, colors):
        c = tuple(colors)[:5]
        self.light_colors = c + (0,) * (5 - len(c))

    def set_brightness(self, level):
        self.level = max(0, min(3, int(level)))
        try:
            self.display.brightness = (0.25, 0.5, 0.75, 1.0)[self.level]
        except Exception:
            pass


@contextlib.contextmanager
def quiet_stderr():
    """Standard error (file descriptor 2) to nowhere for a moment: what SDL's and ALSA's C
    code print while they look for a display or an audio device ("ALSA lib ... cannot
    find card '0'", "XDG_RUNTIME_DIR is invalid or not set"). Their failures still come
    back as pygame.error, which says why."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _make_sounds():
    """Short tones through pygame.mixer, or None when there is no audio device."""
    try:
        import numpy as np
        import pygame
        with quiet_stderr():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
        tones = {"play": (880, 40), "trick": (660, 90), "penalty": (220, 250),
                 "out": (150, 400), "win": (1040, 350), "error": (110, 120)}
        out = {}
        for k, (f, ms) in tones.items():
            n = 22050 * ms // 1000
            t = np.arange(n) / 22050.0
            wave = (np.sign(np.sin(2 * np.pi * f * t)) * 3000).astype(np.int16)
            out[k] = pygame.sndarray.make_sound(wave)
        return out
    except Exception:
        return None


def make_display(headless=True, scale=1, strip=False):
    """A PyGameDisplay of the 160x128 screen (plus the NeoPixel strip when ``strip``)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    flags = 0
    if not headless and scale > 1:
        flags = pygame.SCALED
    d = PyGameDisplay(width=W, height=H + (STRIP if strip else 0), auto_refresh=False,
                      caption="Cucumber (PyBadge simulator)", flags=flags)
    return d


class NoWindow(Exception):
    """pygame cannot show a window here; the message says why."""


# SDL's video drivers that draw nowhere: what SDL falls back to when no display answers
OFFSCREEN_DRIVERS = ("offscreen", "dummy")


def open_window(scale=4):
    """The simulator's window (a PyGameDisplay with the NeoPixel strip), or NoWindow when
    SDL cannot open one: pygame's display does not start, SDL chose a driver that draws
    nowhere (it does that by itself when DISPLAY names no X server), or no window opens."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    try:
        with quiet_stderr():
            pygame.display.init()
    except pygame.error as e:
        raise NoWindow("pygame cannot use the display: %s" % e) from e
    driver = pygame.display.get_driver()
    if driver in OFFSCREEN_DRIVERS:
        pygame.display.quit()
        raise NoWindow("SDL found no display, only its %r video driver" % driver)
    try:
        with quiet_stderr():
            return make_display(headless=False, scale=scale, strip=True)
    except pygame.error as e:
        pygame.display.quit()
        raise NoWindow("SDL cannot open a window: %s" % e) from e


def terminal_instead(reason):
    """What ``main`` does when no window opens: the terminal game, after one line, in the
    language chosen (``--lang``; English otherwise)."""
    from cucumber import lang
    print(lang.text("termplay", "no_window_term") % reason)
    import terminal_game
    return terminal_game.main(["--lang", lang.code()])


def checked_challenge(args):
    """``--challenge`` / ``--daily``: (challenge, the text as the entry screen shows it,
    whether it is a date), or None after one line on stderr for a code or date that is
    not one (nothing opened, nothing written)."""
    from engine import challenge
    import terminal_game
    from cucumber import lang
    terminal_game.use_language(lang.code())
    try:
        if args.challenge is not None:
            ch = challenge.decode(args.challenge)
            return ch, challenge.show(challenge.encode(ch)), False
        if args.daily == "today":
            args.daily = "%04d-%02d-%02d" % time.localtime()[:3]
        return challenge.daily(args.daily), args.daily, True
    except challenge.ChallengeError as e:
        sys.stderr.write("simulator.py: %s\n" % terminal_game.challenge_error(e))
        return None


def challenge_instead(args):
    """A challenge where no window opens: the terminal game plays it; its exit status."""
    from cucumber import lang
    import terminal_game
    print(lang.text("termchal", "ch_no_window"))
    argv = ["--lang", lang.code()]
    if args.challenge is not None:
        argv += ["--challenge", args.challenge]
    else:
        argv += ["--daily", args.daily]
    return terminal_game.main(argv)


def use_language(app, index):
    """Language ``index`` for the running app, as Settings -> Language does: chosen,
    kept in the preferences (the nvm), the title drawn again in it."""
    from cucumber import lang, lobby
    lang.choose(index)
    app.prefs.lang = index
    lobby.save_settings(app)
    app.command(("title",))


def screen_pixels(display):
    """The 160x128 screen as a numpy array [x, y, rgb] after a full refresh."""
    import pygame
    display._core.full_refresh = True
    display.refresh()
    surf = display._pygame_screen
    return pygame.surfarray.array3d(surf)[:W, :H, :]


def save_png(display, path):
    import pygame
    display._core.full_refresh = True
    display.refresh()
    surf = display._pygame_screen.subsurface((0, 0, W, H))
    pygame.image.save(surf, path)


def draw_lights(display, colors):
    import pygame
    surf = display._pygame_screen
    surf.fill((20, 20, 20), (0, H, W, STRIP))
    for i in range(5):
        c = colors[i] if i < len(colors) else 0
        rgb = ((c >> 16) & 255, (c >> 8) & 255, c & 255)
        # NeoPixels are bright: scale the dim app colours up to be visible
        m = max(rgb) or 1
        rgb = tuple(min(255, v * 255 // m) for v in rgb) if c else (50, 50, 50)
        pygame.draw.circle(surf, rgb, (16 + i * 32, H + STRIP // 2), 3)


def refuse_nvm(path, e):
    """The one line for an nvm path the simulator must not use: what is there and what to
    do, once, in the chosen language. The words are the terminal game's for its save file
    (section termsetup), whose option ``--save`` becomes ``--nvm`` here."""
    import ownfiles
    from cucumber import lang
    if isinstance(e, ownfiles.Newer):
        line = lang.text("termsetup", "newer") % path
    elif isinstance(e, OSError) and not isinstance(e, ownfiles.NotOurs):
        reason = e.reason if isinstance(e, ownfiles.Unreadable) else (e.strerror or str(e))
        line = lang.text("termsetup", "cannot_read") % (path, reason)
    elif os.path.isdir(path):
        line = lang.text("termsetup", "is_folder") % path
    else:
        line = lang.text("termsetup", "not_ours") % path
    return "simulator: " + line.replace("--save ", "--nvm ")


def open_nvm(path):
    """The file standing in for the board's nvm; SystemExit(2) after one line when the
    path holds something the simulator did not write (left exactly as it was)."""
    try:
        from host_nvm import FileNVM
        import ownfiles
    except ImportError:
        return None
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        nvm = FileNVM(path, size=8192)
    except (ownfiles.NotOurs, ownfiles.Newer, ownfiles.Unreadable, OSError) as e:
        print(refuse_nvm(path, e), file=sys.stderr)
        raise SystemExit(2) from None
    if nvm.kept_aside:
        print("simulator: the saves in %s were damaged: kept as %s; starting with fresh "
              "settings and statistics." % (path, nvm.kept_aside))
    return nvm


KEYMAP = None
# The key map's texts (section termplay), each "key: what it does"
KEY_TEXTS = ("key_dpad", "key_a", "key_b", "key_start", "key_select", "key_help", "key_quit")


def key_texts():
    """The key map in the chosen language."""
    from cucumber import lang
    return [lang.text("termplay", k) for k in KEY_TEXTS]


class KeyHelp:
    """The key map drawn over the window's screen: at start until a key is pressed or
    ``START_S`` seconds pass, and again with F1, H or ?; any key hides it. While it
    shows, the game waits (it takes no step and no key), so nothing happens unseen
    under it. The texts are read when it opens: in the language chosen then."""

    START_S = 8
    MARGIN = 2
    FONTS = ("medium", "small")  # the largest in which every line fits
    KEY_COLOUR = (0xFF, 0xD2, 0x1E)  # the game's YELLOW, TEXT and CYAN (cucumber.ui)
    TEXT_COLOUR = (0xF0, 0xF0, 0xE0)
    BACK_COLOUR = (0x70, 0xD0, 0xFF)

    def __init__(self, display):
        self.display = display
        self.visible = False
        self.until = None

    @staticmethod
    def asks(ev):
        """Whether key event ``ev`` asks for the key map."""
        import pygame
        return ev.key in (pygame.K_F1, pygame.K_h) or getattr(ev, "unicode", "") == "?"

    def show(self, seconds=None, now=None):
        self.visible = True
        if seconds is not None and now is None:
            now = time.monotonic()
        self.until = None if seconds is None else now + seconds
        self.draw()

    def hide(self):
        self.visible = False
        self.until = None
        self.display._core.full_refresh = True  # the game's screen, all of it, again

    def key(self, ev):
        """Key event ``ev``: True when it was the key map's (shown or hidden by it), False
        when it goes to the game."""
        if self.visible:
            self.hide()
            return True
        if self.asks(ev):
            self.show()
            return True
        return False

    def tick(self, now):
        if self.visible and self.until is not None and now >= self.until:
            self.hide()

    @staticmethod
    def lines():
        """The title, the key lines ("key: what it does") and the way back."""
        from cucumber import lang
        return ([lang.text("termplay", "keys")] + key_texts()
                + [lang.text("termplay", "keys_back")])

    @classmethod
    def font(cls, lines):
        """The game's largest font in which every line fits the screen."""
        for name in cls.FONTS:
            f = GlyphFont(name)
            if max(len(line) for line in lines) * f.w <= W - 2 * cls.MARGIN:
                return f
        return f

    def draw(self):
        """Darken the screen and write the key map on it in the game's letters."""
        import pygame
        surf = self.display._pygame_screen
        lines = self.lines()
        f = self.font(lines)
        shade = pygame.Surface((W, H), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 240))
        surf.blit(shade, (0, 0))
        pitch = (H - 2 * self.MARGIN) // len(lines)
        y = self.MARGIN + (pitch - f.h) // 2
        for i, line in enumerate(lines):
            if i == 0:
                f.draw(surf, line, (W - len(line) * f.w) // 2, y, self.KEY_COLOUR)
            elif i == len(lines) - 1:
                f.draw(surf, line, (W - len(line) * f.w) // 2, y, self.BACK_COLOUR)
            else:
                cut = max(0, line.find(":"))
                f.draw(surf, line[:cut], self.MARGIN, y, self.KEY_COLOUR)
                f.draw(surf, line[cut:], self.MARGIN + cut * f.w, y, self.TEXT_COLOUR)
            y += pitch


class GlyphFont:
    """One of the game's bitmap fonts (fonts/<name>.glyphs, the format of
    tools/drive/make_glyphs.py: "CGF1", cell width and height, the glyph count, the sorted code
    points, then each glyph's cell at one bit a pixel) drawn with pygame: the key map in
    the handheld's own letters. A character the font has not is left blank."""

    def __init__(self, name):
        import struct
        with open(os.path.join(ROOT, "fonts", name + ".glyphs"), "rb") as f:
            data = f.read()
        if data[:4] != b"CGF1":
            raise ValueError("fonts/%s.glyphs is not a glyph file" % name)
        self.w, self.h = data[4], data[5]
        n = struct.unpack_from("<H", data, 6)[0]
        stride = (self.w * self.h + 7) >> 3
        base = 8 + 2 * n
        self.glyphs = {chr(cp): data[base + i * stride:base + (i + 1) * stride]
                       for i, cp in enumerate(struct.unpack_from("<%dH" % n, data, 8))}

    def draw(self, surf, text, x, y, colour):
        for ch in text:
            bits = self.glyphs.get(ch)
            for b in range(self.w * self.h if bits else 0):
                if bits[b >> 3] & (0x80 >> (b & 7)):
                    surf.set_at((x + b % self.w, y + b // self.w), colour)
            x += self.w


def _keymap():
    import pygame
    return {
        pygame.K_LEFT: keys.LEFT, pygame.K_RIGHT: keys.RIGHT,
        pygame.K_UP: keys.UP, pygame.K_DOWN: keys.DOWN,
        pygame.K_z: keys.A, pygame.K_a: keys.A,
        pygame.K_x: keys.B, pygame.K_b: keys.B,
        pygame.K_RETURN: keys.START, pygame.K_KP_ENTER: keys.START,
        pygame.K_SPACE: keys.SELECT, pygame.K_TAB: keys.SELECT,
    }


def main(argv=None, no_window=terminal_instead):
    """Run the simulator; ``no_window(reason)`` (the terminal game by default) when no
    window can be opened, and its exit status."""
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nvm", default=os.path.join(ROOT, "build", "sim_nvm.bin"),
                    help="file standing in for the board's nvm")
    ap.add_argument("--scale", type=int, default=4, help="window scale (pygame SCALED)")
    ap.add_argument("--headless", action="store_true", help="no window (for checks)")
    ap.add_argument("--frames", type=int, default=0, help="stop after N frames (0: never)")
    ap.add_argument("--lang", default=None,
                    help="play in this language (en pt fr es nl da sv pl fi), chosen and "
                         "saved as Settings -> Language does")
    one_of = ap.add_mutually_exclusive_group()
    one_of.add_argument("--challenge", metavar="CODE",
                       help="open the game on the challenge of this code: what it sets up, A "
                            "plays it (its end page shows the code again)")
    one_of.add_argument("--daily", nargs="?", const="today", metavar="YYYY-MM-DD",
                       help="the same with the daily challenge of that date (today's "
                            "without one)")
    args = ap.parse_args(argv)
    from cucumber import lang
    if args.lang is not None and args.lang not in lang.CODES:
        ap.error("unknown language %r: choose one of %s" % (args.lang, " ".join(lang.CODES)))
    if args.lang is not None:
        lang.choose(lang.CODES.index(args.lang))  # also what a terminal game instead uses
    coded = None
    if args.challenge is not None or args.daily is not None:
        coded = checked_challenge(args)
        if coded is None:
            return 2
    import pygame
    use_repo_assets()
    nvm = open_nvm(args.nvm)  # before the window: a refused path opens nothing
    if nvm is None:
        print("tools/pc/host_nvm.py not found: saves kept in memory only")
    if args.headless:
        display = make_display(headless=True, strip=True)
    else:
        try:
            display = open_window(args.scale)
        except NoWindow as e:
            return challenge_instead(args) if coded else no_window(str(e))
    hw = HostHardware(display=display, nvm=nvm, sound=not args.headless)
    from cucumber.app import App
    app = App(hw)  # the saved language is chosen here
    if args.lang is not None and app.prefs is not None:
        use_language(app, lang.CODES.index(args.lang))
    if coded is not None:  # the page a code entered on the handheld opens
        app.command(("challenge", "offer") + coded)
    if not args.headless and hw._sounds is None:
        print(lang.text("termplay", "sound_off"))
    pygame.display.set_caption(lang.text("termplay", "caption"))
    print("%s - %s" % (lang.text("termplay", "keys"), ", ".join(key_texts())))
    return run(display, hw, app, args.frames)


def run(display, hw, app, frames=0, clock=time.monotonic, key_help=None):
    """The window's loop; 0 when the player quits (Esc, or the window closed), or after
    ``frames`` frames (0: never). Without ``key_help`` (a KeyHelp) the key map is shown
    over the first screen for ``KeyHelp.START_S`` seconds of ``clock``."""
    import pygame
    km = _keymap()
    if key_help is None:
        key_help = KeyHelp(display)
        app.step()
        display.refresh()
        key_help.show(KeyHelp.START_S, clock())
    done = 0
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                return 0
            if ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_ESCAPE:
                    return 0
                if key_help.key(ev):
                    continue
                k = km.get(ev.key)
                if k is not None:
                    hw.press(k)
        key_help.tick(clock())
        if not key_help.visible:
            app.step()
            display.refresh()
        draw_lights(display, hw.light_colors)
        pygame.display.flip()
        done += 1
        if frames and done >= frames:
            return 0
        time.sleep(1 / 60)


if __name__ == "__main__":
    sys.exit(main())
