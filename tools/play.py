"""The README's play command: the simulator window where there is a display, otherwise
the terminal game.

    python tools/play.py [--terminal | --window] [options]

    --terminal     the terminal game; the options after it are the terminal game's
                   (python tools/terminal_game.py --help lists them)
    --window       the simulator window, and nothing else: an error (exit 1) when no
                   window can be opened, instead of the terminal game
    --nvm FILE, --scale N, --headless, --frames N
                   the simulator's options (python tools/simulator.py --help)
    --lang CODE    the language (en pt fr es nl da sv pl fi): the simulator chooses it
                   as Settings -> Language does (and keeps it), the terminal game
                   speaks it, and this script's notes are written in it too

Any other option is the terminal game's and starts it: ``play.py --players 3`` plays
the terminal game with three players. Without a display (no DISPLAY / WAYLAND_DISPLAY,
or one SDL cannot open a window on) the terminal game starts, with a one-line note.

Through make: ``make play ARGS="--terminal --players 3"``: when make runs this script
with no arguments, the ARGS variable (which make puts in its recipes' environment when
it is given on make's command line) is read as the arguments.
"""

import os
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (ROOT, os.path.join(ROOT, "lib"), HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from cucumber import lang  # noqa: E402
from engine.compat import const  # noqa: E402

# The simulator's options: (name, takes a value)
SIM_OPTIONS = (("--nvm", True), ("--scale", True), ("--frames", True), ("--headless", False),
               ("--lang", True))

# words: termplay
_MISSING = const(0)
_NOT_SIM = const(1)
_TERM_OPTION = const(2)
_NO_DISPLAY = const(3)
_NO_SIM = const(4)
_NO_SIM_TERM = const(5)
_NO_WINDOW = const(6)
_NO_WINDOW_TERM = const(7)


def words(argv):
    """The notes in the language ``--lang`` names (English without it, or for a code the
    game does not have: the terminal game refuses that one itself)."""
    code = "en"
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            code = argv[i + 1]
        elif a.startswith("--lang="):
            code = a.split("=", 1)[1]
    code = code.strip().lower()
    lang.choose(lang.CODES.index(code) if code in lang.CODES else 0)
    return lang.section("termplay")


def has_display():
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def make_args():
    """The arguments ``make play ARGS="..."`` gives (only when make runs us)."""
    if os.environ.get("MAKELEVEL") and os.environ.get("ARGS"):
        return shlex.split(os.environ["ARGS"])
    return []


def split_args(argv):
    """(simulator arguments, terminal-game arguments), each in the order given."""
    sim, term = [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        name = a.split("=", 1)[0]
        for opt, valued in SIM_OPTIONS:
            if name == opt:
                sim.append(a)
                if valued and "=" not in a and i + 1 < len(argv):
                    i += 1
                    sim.append(argv[i])
                break
        else:
            term.append(a)
        i += 1
    return sim, term


def terminal(argv, w=None):
    try:
        import terminal_game
    except ImportError:
        print((w or words(argv))[_MISSING])
        return 1
    return terminal_game.main(list(argv)) or 0


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        argv = make_args()
    if "--terminal" in argv:
        argv.remove("--terminal")
        return terminal(argv)
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return 0
    window = "--window" in argv
    while "--window" in argv:
        argv.remove("--window")
    sim_args, term_args = split_args(argv)
    lang_args = [a for a in sim_args if a.startswith("--lang")]
    if lang_args == ["--lang"]:
        lang_args = sim_args[sim_args.index("--lang"):sim_args.index("--lang") + 2]
    if lang_args and term_args:  # a terminal option: --lang goes with it
        term_args = lang_args + term_args
    w = words(term_args or lang_args)
    if term_args:
        if window:
            print(w[_NOT_SIM] % " ".join(term_args))
            return 2
        print(w[_TERM_OPTION] % term_args[0])
        return terminal(term_args, w)
    if not window and not has_display():
        print(w[_NO_DISPLAY])
        return terminal(lang_args, w)
    try:
        import simulator
    except ImportError as e:
        if window:
            print(w[_NO_SIM] % e)
            return 1
        print(w[_NO_SIM_TERM] % e)
        return terminal(lang_args, w)
    if window:
        def no_window(reason):
            print(w[_NO_WINDOW] % reason)
            return 1
    else:
        def no_window(reason):
            print(w[_NO_WINDOW_TERM] % reason)
            return terminal(lang_args, w)
    return simulator.main(sim_args, no_window=no_window) or 0


if __name__ == "__main__":
    sys.exit(main())
