"""Read a board check's report (Settings > Board check, printed on the serial console)
back into its figures and answers.

    python tools/measure/board_report.py REPORT.txt     # a report pasted into a file
    python tools/measure/board_report.py < REPORT.txt
    python tools/measure/board_report.py --json REPORT.txt

Prints one line a figure, with its budget and whether it holds, and the answers; with
``--json`` the whole report as JSON. The text may hold anything around the report (the
rest of a serial log, a message's words): only the lines between
``== Cucumber board check`` and ``== end ==`` are read, the last such block if there are
several. A report that is not whole says so and exits with status 1.

The report's lines (cucumber.boardreport writes them):

    == Cucumber board check, version 0.1.0 ==
    board PyBadge pybadge
    uname samd51 | 10.0.3 | 10.0.3 on 2025-10-17 | Adafruit PyBadge with samd51j19
    boot_out Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19
    figure heap_free_table7 61234 B; assumed >= 40960; ok; last -
    answer key A 1; assumed 1
    saved nothing
    == end ==
"""

import json
import re
import sys

FIGURE = re.compile(r"^figure (\w+) (-|\d+) (\S+)"
                    r"(?:; (assumed|target) (>=|<=) (\d+); (ok|OVER|-))?; last (-|\d+)$")


class ReportError(ValueError):
    """The text holds no whole report."""


def _int(s):
    return None if s == "-" else int(s)


def parse(text):
    """The last report in ``text`` as a dict: ``version``, ``board``, ``uname``,
    ``boot_out``, ``figures`` ({name: {value, unit, kind, op, limit, verdict, last}}),
    ``answers`` (their lines' words after "answer"), ``saved`` (the words after
    "saved")."""
    lines = [line.strip() for line in text.splitlines()]
    starts = [i for i, line in enumerate(lines) if line.startswith("== Cucumber board check")]
    if not starts:
        raise ReportError("no board check report here (it begins with "
                          "'== Cucumber board check')")
    first = starts[-1]
    try:
        last = lines.index("== end ==", first)
    except ValueError:
        raise ReportError("the report is cut short: no '== end ==' line") from None
    m = re.match(r"== Cucumber board check, version (\S+) ==$", lines[first])
    out = {"version": m.group(1) if m else None, "board": None, "uname": None,
           "boot_out": None, "figures": {}, "answers": [], "saved": []}
    for line in lines[first + 1:last]:
        word, _, rest = line.partition(" ")
        if word in ("board", "uname", "boot_out"):
            out[word] = None if rest == "-" else rest
        elif word == "figure":
            f = FIGURE.match(line)
            if not f:
                raise ReportError("a figure line that does not read: %r" % line)
            name, value, unit, kind, op, limit, verdict, prev = f.groups()
            out["figures"][name] = {
                "value": _int(value), "unit": unit, "kind": kind, "op": op,
                "limit": int(limit) if limit else None, "verdict": verdict,
                "last": _int(prev)}
        elif word == "answer":
            out["answers"].append(rest)
        elif word == "saved":
            out["saved"] = [] if rest == "nothing" else rest.split()
        elif line:
            raise ReportError("a line that is not the report's: %r" % line)
    return out


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", help="the report (default: standard input)")
    ap.add_argument("--json", action="store_true", help="the whole report as JSON")
    a = ap.parse_args(argv)
    try:
        if a.file:
            with open(a.file, encoding="utf-8", errors="replace") as f:
                text = f.read()
        else:
            text = sys.stdin.read()
    except OSError as e:
        print("board_report: cannot read %s: %s" % (a.file, e.strerror), file=sys.stderr)
        return 1
    try:
        r = parse(text)
    except ReportError as e:
        print("board_report: %s" % e, file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(r, indent=1))
        return 0
    print("%s, CircuitPython: %s" % (r["board"] or "?", r["boot_out"] or "?"))
    for name, f in r["figures"].items():
        limit = "" if f["op"] is None else "  (%s %s %d: %s)" % (
            f["kind"], f["op"], f["limit"], f["verdict"])
        value = "-" if f["value"] is None else "{:,}".format(f["value"])
        print("  %-17s %10s %-3s%s" % (name, value, f["unit"], limit))
    for answer in r["answers"]:
        print("  " + answer)
    print("  saved: " + (" ".join(r["saved"]) or "nothing"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
