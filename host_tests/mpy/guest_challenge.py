# Guest script (MicroPython): challenges played by their AIs, every line printed.
# Set by the host: CODES, a list of challenge codes.
import gc
import challenge_play

gc.collect()
for code in CODES:  # noqa: F821 - defined by the host
    challenge_play.transcript(code, print)
    gc.collect()
print("done")
