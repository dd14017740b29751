"""A seeded PRNG that gives the same numbers on every Python.

CircuitPython's ``random`` is not CPython's, so the engine brings its own: two
multiply-with-carry generators on 15-bit digits. Every intermediate value stays below
2**30, so on a 32-bit board nothing here allocates a long integer after seeding.
"""

from engine.compat import const

_A1 = const(32760)  # multipliers with safe-prime moduli A * 2**15 - 1:
# each has period (M - 1) / 2, about 2**29, and the two periods are coprime
_A2 = const(32730)
_M1 = const(32760 * 32768 - 1)
_M2 = const(32730 * 32768 - 1)


class Rng:
    __slots__ = ("x", "y")

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed)
        if seed < 0:
            seed = -seed
        self.x = 1 + seed % (_M1 - 2)
        self.y = 1 + (seed // 7 + 12345) % (_M2 - 2)

    def state(self):
        return (self.x, self.y)

    def set_state(self, x, y):
        if not (0 < x < _M1 - 1 and 0 < y < _M2 - 1):
            raise ValueError("bad generator state")
        self.x = x
        self.y = y

    def bits15(self):
        """The next 15 random bits."""
        x = self.x
        x = _A1 * (x & 0x7FFF) + (x >> 15)
        self.x = x
        y = self.y
        y = _A2 * (y & 0x7FFF) + (y >> 15)
        self.y = y
        return (x ^ (y >> 3)) & 0x7FFF

    def below(self, n):
        """A uniform int in ``range(n)`` for 1 <= n <= 32768 (rejection, no bias)."""
        limit = 32768 - 32768 % n
        r = self.bits15()
        while r >= limit:
            r = self.bits15()
        return r % n

    def shuffle(self, buf, n=-1):
        """Fisher-Yates shuffle of the first ``n`` items of ``buf`` in place (draws
        ``below(i + 1)`` for i = n-1 .. 1). Matches deal with their own partial shuffle."""
        if n < 0:
            n = len(buf)
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
