"""Stand-in for CircuitPython's built-in ``audiocore`` (board rig): a RawSample holds
its buffer (the caller's) and a few words, as the C object (~48 B)."""


class RawSample:
    def __init__(self, buffer, channel_count=1, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate
