"""The game's version, shown on the title screen: pyproject.toml's ``version``
(host_tests/test_first_evening_device.py keeps the two equal)."""

VERSION = "0.1.0"
