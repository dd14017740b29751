"""Stand-in for the built-in ``time`` (board rig): a clock that moves only when the app
sleeps, by ``STEP_MS`` a call, so a run takes no wall time and replays exactly."""

STEP_MS = 50
# Starts 30 s before supervisor.ticks_ms() wraps at 2**29, so every run crosses the wrap.
rig_ms = (1 << 29) - 30000


def sleep(seconds):
    global rig_ms
    rig_ms += STEP_MS


def monotonic():
    return rig_ms / 1000


def monotonic_ns():
    return rig_ms * 1000000


def time():
    return 1764547200 + rig_ms // 1000
