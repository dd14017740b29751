"""The review of played cards (SELECT on the table, where the rules keep them open).

Its own module, loaded when the review opens and forgotten at the next screen
(cucumber.app's ON_USE), so that the table's module does not carry it. Its two words
are the table's (its "table" section, ASCII in every language), drawn in terminalio: no
file is read and no font loaded beside the table for them (the review opens when the
heap is fullest).
"""

import displayio

from cucumber import ui


def review_group(m, n, viewer, title, back):
    """The review's group: ``viewer``'s view of the cards played this round (every card
    when ``viewer`` is None), under ``title`` with ``back`` (B's word) at the right."""
    g = displayio.Group()
    g.append(ui.background(ui.DARK))
    g.append(ui.Text(title, x=2, y=0, color=ui.YELLOW))
    g.append(ui.Text(back, x=ui.W - 2 - ui.text_width(back), y=0, color=ui.GREY))
    step = 30 if n <= 3 else (128 - 13 - ui.CARD_H) // (n - 1)
    seen = m if viewer is None else m.view(viewer)
    for s in range(n):
        y = 13 + s * step
        played = seen.played_by(s)
        g.append(ui.Text(ui.seat_name(s), x=0, y=y + 1,
                         color=ui.TEXT if m.active(s) else ui.GREY))
        if len(played):
            g.append(ui.card_row(played, 15, y))  # a seat's cards: one grid, not one each
        else:
            g.append(ui.Text("-", x=18, y=y + 1, color=ui.GREY))
    return g
