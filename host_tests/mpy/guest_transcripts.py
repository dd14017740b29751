# Guest script (MicroPython): transcript hashes of whole matches.
# Set by the host: CASES, a list of (profile, players, seed, settings dict).
import gc
import scenarios

gc.collect()
for case in CASES:  # noqa: F821 - defined by the host
    h = scenarios.transcript_hash(case[0], case[1], case[2], case[3])
    print("hash", h[0], h[1], h[2])
    gc.collect()
print("done")
