"""The best scores of the last challenges in the statistics (cucumber.settings.Stats
``bests``): counted when a challenge's match ends (cucumber.settings.record_win, in the
match's run, where engine.challenge is never loaded: hence ALPHABET here) and shown
under the settings; and the line of a match's end page that gives its code
(cucumber.summary, for a match with a code only: the pages' module carries none of
this).

At most 32 bytes, newest first: per challenge, a 16-bit word (high byte first; bit 15:
a 16-symbol code, else 12; the lowest penalty a human seat has ended it with, at most
32,767), then the code's symbols at 5 bits each (their places in ALPHABET), high bits
first, in 8 or 10 bytes: three challenges of 12 symbols fit.
"""

from engine.compat import const

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # engine.challenge's (a test keeps them equal)
_ROOM = const(32)  # bytes of the statistics' record for the challenges' bests
_LINE = const(26)  # cells of a statistics line


def end_line(rec):
    """The line of a match's end page that gives its code (CHALLENGE record ``rec``), in
    the chosen language: the matchend section's "code" text, the code in groups of four;
    a 16-character code without its separators where that is too long, or alone."""
    from cucumber import lang
    code = str(rec[4:], "utf-8")
    text = lang.text("matchend", "code")
    line = text % code
    if len(line) > _LINE:
        line = text % code.replace("-", "")
    return line if len(line) <= _LINE else code


def count(tail, rec, kinds, m):
    """The statistics' bests (``tail``) once challenge ``rec`` (its CHALLENGE record:
    cucumber.codes) has ended as match ``m``: the lowest score of its human seats
    (``kinds``) is its best if it beats the one kept; it comes first, and the oldest go
    when they no longer fit. ``tail`` as it was when no human played."""
    low = -1
    for s in range(m.n):
        if kinds[s] == 0 and (low < 0 or m.scores[s] < low):  # cucumber.seats.HUMAN
            low = m.scores[s]
    if low < 0:
        return tail
    code = str(rec[4:], "utf-8").replace("-", "")
    best = [(code, min(low, 0x7FFF))]
    for c, s in entries(tail):
        if c == code:
            if s < best[0][1]:
                best[0] = (c, s)
        else:
            best.append((c, s))
    out = bytearray()
    for c, s in best:
        e = _pack(c, s)
        if len(out) + len(e) > _ROOM:
            break
        out.extend(e)
    return bytes(out)


def _pack(code, score):
    v = 0
    for c in code:
        v = (v << 5) | ALPHABET.find(c)
    n = len(code) * 5 // 8 + (1 if len(code) * 5 % 8 else 0)
    out = bytearray(2 + n)
    word = (0x8000 if len(code) == 16 else 0) | score
    out[0] = word >> 8
    out[1] = word & 0xFF
    for i in range(n):
        out[1 + n - i] = v & 0xFF
        v >>= 8
    return out


def entries(tail):
    """[(code without separators, best score)] kept in the statistics, newest first."""
    out = []
    i = 0
    while i + 2 <= len(tail):
        word = (tail[i] << 8) | tail[i + 1]
        size = 16 if word & 0x8000 else 12
        n = size * 5 // 8 + (1 if size * 5 % 8 else 0)
        if i + 2 + n > len(tail):
            break
        v = 0
        for j in range(n):
            v = (v << 8) | tail[i + 2 + j]
        code = ""
        for _ in range(size):
            code = ALPHABET[v & 31] + code
            v >>= 5
        out.append((code, word & 0x7FFF))
        i += 2 + n
    return out


def lines(tail, text):
    """The statistics' lines of the bests: ``text`` (the stats section's, "%s  best %d")
    with each code in groups of four, or without the separators, or the code and the
    score alone, whichever first fits a line."""
    out = []
    for code, s in entries(tail):
        shown = "-".join([code[i:i + 4] for i in range(0, len(code), 4)])
        line = text % (shown, s)
        if len(line) > _LINE:
            line = text % (code, s)
        if len(line) > _LINE:
            line = "%s %d" % (code, s)
        out.append(line)
    return out
