"""The browser's ``audioio``: the speaker, played by the page through Web Audio
(web/sound.js), the same 8-bit samples at the same rate as the board's DAC."""

import uctypes

import webhost


class AudioOut:
    def __init__(self, pin, **kw):
        self.playing = False
        self._sample = None

    def play(self, sample, loop=False):
        self._sample = sample  # kept while the page copies it
        buf = sample.buffer
        webhost.sound(uctypes.addressof(buf), len(buf), sample.sample_rate, 1 if loop else 0)
        self.playing = True

    def stop(self):
        if self.playing:
            webhost.sound(0, 0, 0, 0)
        self.playing = False
        self._sample = None

    def deinit(self):
        self.stop()
