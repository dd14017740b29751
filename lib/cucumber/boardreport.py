"""The board check's report on the serial console: one block of plain lines, a figure or
an answer each, in English so that the project reads every board's report alike
(tools/measure/board_report.py reads one back into its figures). Each figure stands
beside the budget the project assumes or the target the check sets (``LIMITS``) and the
last check's. Loaded by the measuring run (cucumber.boardmeasure) only to print it.
"""

from cucumber import keys, ui
from cucumber import boardrec as rb

# each figure's budget (cucumber.boardrec's order): (">=" or "<=", limit, "assumed" or
# "target"), or None. Assumed (docs/PLATFORM.md): ~140 KB of heap on a SAMD51 (the
# board rig's heap of 143,360 B reads 140,032 B as mem_free + mem_alloc: the collector's
# table takes the rest), the 40 KB margin above the app's 100 KB budget free at the
# 7-player table, an AI decision
# of at most 30 million fuel (113 million a second: 270 ms), about 6,000 fuel a work
# unit (18,800 units a second). Targets, set with the check: a restart, an nvm write
# and a redraw a player does not wait for.
LIMITS = (None, (">=", 140032, "assumed"), (">=", 40960, "assumed"),
          ("<=", 3000, "target"), ("<=", 270, "assumed"), (">=", 18800, "assumed"),
          ("<=", 270, "assumed"), (">=", 18800, "assumed"), ("<=", 100, "target"),
          ("<=", 100, "target"))
UNITS = ("B", "B", "B", "ms", "ms", "/s", "ms", "/s", "ms", "ms")


def order_name(order):
    """"GRB" for red in byte 1, green in byte 0, blue in byte 2."""
    out = ["?", "?", "?"]
    for c in range(3):
        out[order[c]] = "RGB"[c]
    return "".join(out)


def print_report(hw, rec, table0):
    """The report's block on the serial console: plain lines, one figure or answer each
    (tools/measure/board_report.py reads them back)."""
    from cucumber.version import VERSION
    print("== Cucumber board check, version %s ==" % VERSION)
    print("board %s %s" % (hw.name, getattr(hw, "board_id", "") or "-"))
    try:
        import os
        u = os.uname()
        print("uname %s | %s | %s | %s" % (u[0], u[2], u[3], u[4]))
    except Exception:
        print("uname -")
    try:
        with open(ui.ROOT + "boot_out.txt") as f:
            print("boot_out " + f.readline().strip())
    except Exception:
        print("boot_out -")
    names = rb.NAMES.split()
    for i in range(rb.FIGURES):
        v = rb.figure(rec, i)
        last = rb.figure(rec, i, rb.LAST)
        text = "figure %s %s %s" % (names[i], "-" if v is None else v, UNITS[i])
        lim = LIMITS[i]
        if lim is not None:
            ok = v is None or (v >= lim[1] if lim[0] == ">=" else v <= lim[1])
            text += "; %s %s %d; %s" % (lim[2], lim[0], lim[1],
                                        "-" if v is None else ("ok" if ok else "OVER"))
        print(text + "; last %s" % ("-" if last is None else last))
    for k in rb.ASK:
        v = rec[rb.ANSWERS + k]
        if v == rb.NOT_ASKED:
            continue
        said = "never" if v == rb.NEVER else "%d" % v
        print("answer key %s %s; assumed %s" % (keys.NAMES[k], said,
                                                table0.find(bytes((k,)))))
    for d in range(4):
        v = rec[rb.PUSHES + 2 * d]
        if v == rb.NOT_ASKED:
            continue
        said = ("never" if v == rb.NEVER else "skipped" if v == rb.SKIPPED else
                "%s%s %d%%" % ("xy"[v & 1], "-" if v & 2 else "+", rec[rb.PUSHES + 2 * d + 1]))
        print("answer stick %s %s" % (keys.NAMES[d], said))
    v = rec[rb.LIGHTS]
    if v != rb.NOT_ASKED:
        said = ("not-seen" if v == rb.NEVER else "skipped" if v == rb.SKIPPED else
                order_name((v & 3, (v >> 2) & 3, (v >> 4) & 3)))
        print("answer lights %s; assumed %s" % (said, order_name(rb.own_order(hw))))
    v = rec[rb.SOUND]
    if v != rb.NOT_ASKED:
        print("answer sound %s" % ("heard" if v == 1 else "not-heard" if v == 0 else "skipped"))
    text = ""
    for i in range(4):
        v = rec[rb.BRIGHT + i]
        if v != rb.NOT_ASKED:
            text += " %d:%s" % (i + 1, "yes" if v == 1 else "no" if v == 0 else "skipped")
    if text:
        print("answer backlight" + text)
    saved = ""
    if rec[1] & rb.KEYS:
        saved += " keys " + ",".join([keys.NAMES[rec[rb.MAP + n]] for n in range(len(table0))])
    if rec[1] & rb.ORDER:
        saved += " lights " + order_name(hw._order)
    if rec[1] & rb.STICK:
        saved += " stick %d" % rec[rb.FLIP]
    print("saved" + (saved or " nothing"))
    print("== end ==")
