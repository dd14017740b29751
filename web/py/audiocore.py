"""The browser's ``audiocore``: a sample buffer, as the board's DAC plays it."""


class RawSample:
    def __init__(self, buffer, sample_rate=8000, channel_count=1):
        self.buffer = bytes(buffer)  # a copy: the app refills its buffer for the next note
        self.sample_rate = sample_rate
