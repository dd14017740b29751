"""Desktop simulator: the device's code.py / lib/ code in a pygame window.

    python tools/simulator.py [--nvm FILE] [--scale N]

Where no window can be opened (no X server behind DISPLAY, SDL falling back to its
off-screen driver) the terminal game starts instead, with a one-line note: a game
running in a window nobody can see would wait for keys forever.

Keys: arrows = d-pad, Z or A = A, X or B = B, Enter = START, Space or Tab = SELECT,
Esc = quit. The five NeoPixels are drawn in a strip under the screen. Saves go to a
file standing in for ``microcontroller.nvm`` (``build/sim_nvm.bin`` by default).

The module also provides the pieces the tests and ``tools/screenshots.py`` use:
``HostHardware`` (the hardware interface of ``cucumber.board``, with a settable fake
clock), ``HeadlessDisplay`` (a display that renders nothing), ``make_display()`` (a
headless or windowed PyGameDisplay) and ``screen_pixels()``.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from cucumber import keys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

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


def _make_sounds():
    """Short tones through pygame.mixer, or None when there is no audio device."""
    try:
        import numpy as np
        import pygame
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
        pygame.display.init()
    except pygame.error as e:
        raise NoWindow("pygame cannot use the display: %s" % e) from e
    driver = pygame.display.get_driver()
    if driver in OFFSCREEN_DRIVERS:
        pygame.display.quit()
        raise NoWindow("SDL found no display, only its %r video driver" % driver)
    try:
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


def open_nvm(path):
    try:
        from host_nvm import FileNVM
    except ImportError:
        return None
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    return FileNVM(path, size=8192)


KEYMAP = None


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
    args = ap.parse_args(argv)
    from cucumber import lang
    if args.lang is not None and args.lang not in lang.CODES:
        ap.error("unknown language %r: choose one of %s" % (args.lang, " ".join(lang.CODES)))
    if args.lang is not None:
        lang.choose(lang.CODES.index(args.lang))  # also what a terminal game instead uses
    import pygame
    use_repo_assets()
    if args.headless:
        display = make_display(headless=True, strip=True)
    else:
        try:
            display = open_window(args.scale)
        except NoWindow as e:
            return no_window(str(e))
    nvm = open_nvm(args.nvm)
    if nvm is None:
        print("tools/host_nvm.py not found: saves kept in memory only")
    hw = HostHardware(display=display, nvm=nvm, sound=not args.headless)
    from cucumber.app import App
    app = App(hw)
    if args.lang is not None and app.prefs is not None:
        use_language(app, lang.CODES.index(args.lang))
    km = _keymap()
    print("Cucumber simulator: arrows, Z/A = A, X/B = B, Enter = START, "
          "Space/Tab = SELECT, Esc = quit")
    frames = 0
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                return 0
            if ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_ESCAPE:
                    return 0
                k = km.get(ev.key)
                if k is not None:
                    hw.press(k)
        app.step()
        display.refresh()
        draw_lights(display, hw.light_colors)
        pygame.display.flip()
        frames += 1
        if args.frames and frames >= args.frames:
            return 0
        time.sleep(1 / 60)


if __name__ == "__main__":
    sys.exit(main())
