"""The README's play command: the simulator window where there is a display, otherwise
the terminal game.

    python tools/play.py [--terminal] [simulator options]
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (ROOT, os.path.join(ROOT, "lib"), HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def has_display():
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def terminal(argv):
    try:
        import terminal_game
    except ImportError:
        print("No display here, and tools/terminal_game.py (the terminal game) is missing.")
        return 1
    return terminal_game.main(argv or None) or 0


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--terminal" in argv:
        argv.remove("--terminal")
        return terminal(argv)
    if not has_display():
        print("No display found (DISPLAY / WAYLAND_DISPLAY unset): starting the terminal game.")
        return terminal(argv)
    try:
        import simulator
    except ImportError as e:
        print("The simulator cannot start (%s): starting the terminal game." % e)
        return terminal(argv)
    return simulator.main(argv) or 0


if __name__ == "__main__":
    sys.exit(main())
