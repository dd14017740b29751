"""Key sources a PyBadge does not need: the PyGamer's joystick, and ``digitalio`` pins
on a board without ``keypad``. ``cucumber.boardsetup`` imports this module only on a
board that has one of them and puts the objects in ``Hardware._polled``; it then stays
imported (``Hardware.keys()`` calls their ``poll``). A PyBadge never loads it.
"""

from engine.compat import const

_LEFT = const(0)  # the logical keys of cucumber.keys (checked in host_tests/test_board.py)
_RIGHT = const(1)
_UP = const(2)
_DOWN = const(3)
_START = const(6)

# Joystick hysteresis, as a distance from the centre on the 0..65535 scale: press beyond
# 35% of the travel, release under 20%.
_STICK_PRESS = const(23000)
_STICK_RELEASE = const(13000)


class Stick:
    """An analog joystick (``ax``, ``ay``, centred at ``cx``, ``cy``) as four direction
    keys, one press per push."""

    sx = 0  # -1, 0, 1: direction held on each axis
    sy = 0
    # how this board's stick reads (its board check saves what it found): bit 0, x runs
    # right to left; bit 1, y runs bottom to top; bit 2, the two axes are swapped
    flip = 0

    def poll(self, out):
        dx = self.ax.value - self.cx
        dy = self.ay.value - self.cy
        f = self.flip
        if f:
            if f & 4:
                dx, dy = dy, dx
            if f & 1:
                dx = -dx
            if f & 2:
                dy = -dy
        ax = dx if dx >= 0 else -dx
        ay = dy if dy >= 0 else -dy
        # Release with hysteresis, then press on the dominant axis only.
        if self.sx and (ax < _STICK_RELEASE or (dx > 0) != (self.sx > 0)):
            self.sx = 0
        if self.sy and (ay < _STICK_RELEASE or (dy > 0) != (self.sy > 0)):
            self.sy = 0
        if ax >= _STICK_PRESS and ax >= ay and not self.sx:
            self.sx = 1 if dx > 0 else -1
            out.append(_RIGHT if dx > 0 else _LEFT)
        if ay >= _STICK_PRESS and ay > ax and not self.sy:
            self.sy = 1 if dy > 0 else -1
            out.append(_DOWN if dy > 0 else _UP)


class PolledPins:
    """``digitalio`` pins (``pins``) read at each poll, held when their value is
    ``pressed``; ``table[i]`` is the logical key of ``pins[i]``. Holding ``all`` of them
    (a bit mask) gives START (-1: never)."""

    held = 0
    all = -1

    def poll(self, out):
        held = 0
        pins = self.pins
        for i in range(len(pins)):
            if pins[i].value == self.pressed:
                held |= 1 << i
        new = held & ~self.held
        self.held = held
        if new:
            for i in range(len(pins)):
                if new & (1 << i):
                    out.append(self.table[i])
            if held == self.all:
                out.append(_START)
