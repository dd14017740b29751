"""The game's version, and the one place it is kept: the title shows it, the zips are named
with it (tools/drive/build.py), and host_tests/test_release.py keeps pyproject.toml's
version and CHANGELOG.md's newest one equal to it."""

VERSION = "0.1.0"
