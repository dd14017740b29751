"""The pause menu's legend of the table: one seat's column drawn as the table draws it
(name, score, cards left and life pips; yours on the same lighter felt) with a word
for each line. Imported by summary.PauseMenu only while it builds, then forgotten, so
that its code is not in the heap while the table is up."""

from cucumber import ui

ROW = 12


def seat_lives(m, s):
    """(lives, re-entries still to take) of seat ``s``: the red and the yellow pips, as
    Table.refresh counts them."""
    if not m.active(s):
        return 0, 0
    rules = m.rules
    left = rules.reentries - m.reentries_used[s]
    if rules.reentry_choice:
        return 1, left
    return 1 + left, 0


def draw(g, m, seat, y):
    """What a seat's column on the table shows, drawn as the table draws it (``seat``'s
    own name, score, cards left and life pips) with a word for each line."""
    yours = seat is not None
    if seat is None:
        seat = 0
    g.append(ui.rect(0, y - 2, ui.W, 1, ui.GREY))
    if yours:
        g.append(ui.rect(2, y, 34, 3 * ROW + 2, ui.SEAT))
    name = ui.seat_name(seat)
    g.append(ui.Text(name, x=19 - ui.text_width(name) // 2, y=y + 1))
    sc = "%d" % m.scores[seat]
    g.append(ui.Text(sc, x=19 - ui.text_width(sc) // 2, y=y + 1 + ROW))
    if not m.active(seat):
        g.append(ui.Text("x", x=8, y=y + 1 + 2 * ROW, color=ui.RED))
    elif not m.in_round[seat]:
        g.append(ui.Text("-", x=8, y=y + 1 + 2 * ROW, color=ui.GREY))
    else:
        g.append(ui.Text("%d" % m.counts[seat], x=8, y=y + 1 + 2 * ROW, color=ui.CYAN))
    lives, extra = seat_lives(m, seat)
    for i in range(min(4, lives + extra)):
        g.append(ui.rect(16 + 4 * i, y + 6 + 2 * ROW, 3, 3, ui.RED if i < lives else ui.YELLOW))
    words = ("your seat" if yours else "a seat", "score", "cards left, lives")
    for i in range(3):
        g.append(ui.Text(words[i], x=42, y=y + 1 + i * ROW, color=ui.GREY))
    if m.rules.open_cards:
        g.append(ui.Text("SELECT: played cards", x=2, y=y + 1 + 3 * ROW, color=ui.GREY))
