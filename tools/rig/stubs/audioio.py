"""Stand-in for CircuitPython's built-in ``audioio`` (board rig): the speaker plays
nothing, but the app's sample buffer and these objects take their heap as on the board.
AudioOut's C object (DAC and DMA state) is taken as ~160 B, an estimate."""


class AudioOut:
    def __init__(self, left_channel, right_channel=None, quiescent_value=0x8000):
        self.playing = False
        self._m = bytearray(112)  # with the instance: ~160 B

    def play(self, sample, loop=False):
        self.playing = True  # over at once: the rig's clock does not run while it plays

    def stop(self):
        self.playing = False

    def deinit(self):
        pass
