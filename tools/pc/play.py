"""The README's play command: the simulator window where there is a display, otherwise
the terminal game. ``python tools/pc/play.py --help`` (``make play ARGS="--help"``) is the
player's help; this docstring is the developer's.

    python tools/pc/play.py [--terminal | --window] [options]

    --terminal     the terminal game; the options after it are the terminal game's
                   (python tools/pc/terminal_game.py --help lists them)
    --window       the simulator window, and nothing else: an error (exit 1) when no
                   window can be opened, instead of the terminal game
    --nvm FILE, --scale N, --headless, --frames N
                   the simulator's options (python tools/pc/simulator.py --help)
    --lang CODE    the language (en pt fr es nl da sv pl fi): the simulator chooses it
                   as Settings -> Language does (and keeps it), the terminal game
                   speaks it, and this script's notes are written in it too

A terminal-game option starts the terminal game: ``play.py --players 3`` plays the
terminal game with three players. An option neither takes is refused in one line that
says what lists them (exit 2). Without a display (no DISPLAY / WAYLAND_DISPLAY, or one
SDL cannot open a window on) the terminal game starts, with a one-line note.

Through make: ``make play ARGS="--terminal --players 3"``: when make runs this script
with no arguments, the ARGS variable (which make puts in its recipes' environment when
it is given on make's command line) is read as the arguments.
"""

import os
import re
import shlex
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
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
_UNKNOWN = const(8)
_SOUND_OFF = const(9)
_CAPTION = const(10)
_KEYS = const(11)
_KEY_DPAD = const(12)
_KEY_A = const(13)
_KEY_B = const(14)
_KEY_START = const(15)
_KEY_SELECT = const(16)
_KEY_HELP = const(17)
_KEY_QUIT = const(18)
_KEYS_BACK = const(19)
_HELP_INTRO = const(20)
_HELP_WINDOW = const(21)
_HELP_SAVES = const(22)
_HELP_TERMINAL = const(23)
_HELP_OPTIONS = const(24)
_OPT_LANG = const(25)
_OPT_TERMINAL = const(26)
_OPT_WINDOW = const(27)
_OPT_SCALE = const(28)
_OPT_TERM = const(29)

# The window's key map: one "key: what it does" text each (tools/pc/simulator.py draws them)
KEY_LINES = (_KEY_DPAD, _KEY_A, _KEY_B, _KEY_START, _KEY_SELECT, _KEY_HELP, _KEY_QUIT)
# --help's options: (what to type, what it does); the rest of the simulator's options
# (--nvm, --headless, --frames) are for checks, in this docstring only
HELP_OPTIONS = (("--lang CODE", _OPT_LANG), ("--terminal", _OPT_TERMINAL),
                ("--window", _OPT_WINDOW), ("--scale N", _OPT_SCALE),
                ("--players N, --level hard, ...", _OPT_TERM))
WIDTH = 79  # --help's lines
COMMAND = re.compile(r'make play ARGS="[^"]*"')


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


def key_lines(w):
    """The window's key map in words ``w``: the texts "key: what it does"."""
    return [w[k] for k in KEY_LINES]


def help_command():
    """What the player types for the help: the make command under make."""
    if os.environ.get("MAKELEVEL"):
        return 'make play ARGS="--help"'
    return "python tools/pc/play.py --help"


def player_help(w):
    """``--help``: how to play in the window and in the terminal, the keys, the options
    that matter; in words ``w``."""
    def fill(text, indent="", first=None):
        # a command to type stays on one line: its spaces are not places to break
        text = COMMAND.sub(lambda m: m.group(0).replace(" ", "\0"), text)
        return textwrap.fill(text, WIDTH, initial_indent=indent if first is None else first,
                             subsequent_indent=indent, break_on_hyphens=False,
                             break_long_words=False).replace("\0", " ")

    out = [fill(w[_HELP_INTRO]), "", w[_HELP_WINDOW]]
    out += [fill(line, "  ") for line in key_lines(w)]
    out += [fill(w[_HELP_SAVES], "  "), "", fill(w[_HELP_TERMINAL]), "", fill(w[_HELP_OPTIONS])]
    for name, k in HELP_OPTIONS:
        if len(name) > 14:  # the terminal game's: the text on the lines below
            out += ["  " + name, fill(w[k], " " * 18)]
        else:
            out.append(fill(w[k], " " * 18, "  %-15s " % name))
    return "\n".join(out)


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


def unknown_argument(term_args):
    """The first of ``term_args`` that the terminal game does not take (an option it has
    not, or a word no option of it takes as its value), or None. Names are matched as
    argparse matches them: whole, or an unambiguous beginning."""
    if not term_args:
        return None
    try:
        import terminal_game
        actions = terminal_game.build_parser()._option_string_actions
    except (ImportError, AttributeError):
        return None  # no terminal game to ask: its absence is said when it should start
    i = 0
    while i < len(term_args):
        a = term_args[i]
        i += 1
        if not a.startswith("-") or a == "-":
            return a
        name = a.split("=", 1)[0]
        found = [n for n in actions if n == name] or [
            n for n in actions if n.startswith(name) and name.startswith("--")]
        if len({actions[n] for n in found}) != 1:
            return name
        if actions[found[0]].nargs is None and "=" not in a:
            i += 1  # its value (argparse judges it)
    return None


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
    window = "--window" in argv
    while "--window" in argv:
        argv.remove("--window")
    sim_args, term_args = split_args(argv)
    lang_args = [a for a in sim_args if a.startswith("--lang")]
    if lang_args == ["--lang"]:
        lang_args = sim_args[sim_args.index("--lang"):sim_args.index("--lang") + 2]
    w = words(lang_args)
    if "-h" in term_args or "--help" in term_args:
        print(player_help(w))
        return 0
    wrong = unknown_argument(term_args)
    if wrong is not None:
        print(w[_UNKNOWN] % (wrong, help_command()))
        return 2
    if term_args:
        if window:
            print(w[_NOT_SIM] % " ".join(term_args))
            return 2
        print(w[_TERM_OPTION] % term_args[0])
        return terminal(lang_args + term_args, w)  # --lang goes with it
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
