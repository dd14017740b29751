"""The browser's ``neopixel_write``: the five lights under the page's screen, the bytes
in the NeoPixels' order (green, red, blue) as the board sends them."""

import uctypes

import webhost


def neopixel_write(pin, buf):
    webhost.lights(uctypes.addressof(buf), len(buf))
