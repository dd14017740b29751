"""Shared test set-up: the repository root (for ``engine``) and ``lib/`` (for ``cucumber``)
are importable, as they are on the board where ``lib/`` is on the path."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in [ROOT, os.path.join(ROOT, "lib")] + [os.path.join(ROOT, "tools", group)
                                                for group in ("pc", "drive", "measure", "rig")]:
    if path not in sys.path:
        sys.path.insert(0, path)
