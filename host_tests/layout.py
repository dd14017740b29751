"""What a screen's texts look like on the 160x128 display: each line's inked box, and
what is wrong with them (a text cut off by its cells, ink off the screen, two lines over
each other). Used by host_tests/test_layout_lang.py on every screen in every language."""

import displayio

from cucumber import ui

try:
    import vectorio
except ImportError:
    vectorio = None

W = 160
H = 128


def _glyph(t):
    f = t.font
    if f is not None and f.sheet is not None:
        return f.w, f.h
    return ui.glyph_size()


SLACK = 2  # rows of a glyph cell with no ink in any of the fonts (above and below)


def _cover(out, x0, y0, x1, y1):
    """Drop the texts drawn before a filled rectangle that covers part of them: an
    overlay (a message box over a list) hides what is under it."""
    out[:] = [t for t in out if not (t[1] < x1 and x0 < t[3] and t[2] < y1 and y0 < t[4])]


def texts(group):
    """[(text, x0, y0, x1, y1, cells)] of every ui.Text in ``group`` that is not under an
    overlay drawn after it (absolute pixels, the inked part only: leading and trailing
    spaces are not ink)."""
    out = []

    def walk(g, ox, oy, scale):
        for item in g:
            if getattr(item, "hidden", False):
                continue
            if vectorio is not None and isinstance(item, vectorio.Rectangle):
                x = ox + item.x * scale
                y = oy + item.y * scale
                _cover(out, x, y, x + item.width * scale, y + item.height * scale)
                continue
            if isinstance(item, ui.Text):
                s = item.text or ""
                gw, gh = _glyph(item)
                lead = len(s) - len(s.lstrip(" "))
                body = s.strip(" ")
                x = ox + item.x * scale
                y = oy + item.y * scale
                if body:
                    out.append((s, x + lead * gw * scale, y,
                                x + (lead + len(body)) * gw * scale, y + gh * scale,
                                item.cells))
                elif len(s) > item.cells:
                    out.append((s, x, y, x, y, item.cells))
            elif isinstance(item, displayio.Group):
                sc = scale * item.scale
                walk(item, ox + item.x * scale, oy + item.y * scale, sc)

    walk(group, 0, 0, 1)
    return out


def problems(group):
    """Sentences, one per fault: a text longer than its cells, ink outside the screen,
    two texts whose ink overlaps."""
    found = []
    lines = texts(group)
    for s, x0, y0, x1, y1, cells in lines:
        if len(s) > cells:
            found.append("cut off: %r has %d characters in %d cells" % (s, len(s), cells))
        if x0 < 0 or y0 < 0 or x1 > W or y1 > H:
            found.append("off the screen: %r at (%d, %d)-(%d, %d)" % (s, x0, y0, x1, y1))
    for i in range(len(lines)):
        a = lines[i]
        for b in lines[i + 1:]:
            if (a[1] < b[3] and b[1] < a[3]
                    and min(a[4], b[4]) - max(a[2], b[2]) > 2 * SLACK):
                found.append("overlap: %r and %r" % (a[0], b[0]))
    return found
