"""One PNG with the set-up, the table and a round's summary in every language, for the
README: tools/drive/screenshots.py's tour in each language, three of its screens a row.

    python tools/drive/contact_sheet.py                      # docs/screenshots/languages.png
    python tools/drive/contact_sheet.py --out FILE.png

Headless (SDL's dummy driver), deterministic like the screenshots (fixed seeds, a fake
clock). Each row is labelled with the language's own name.
"""

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

import ownfiles  # noqa: E402
import screenshots  # noqa: E402  (sets the headless SDL drivers)

SHOTS = ("02_setup", "06_table_legal", "11_round_summary")
LABEL_W = 84
GAP = 4
W = 160
H = 128


def make(out, codes=None):
    import pygame
    from cucumber import lang
    codes = codes or lang.CODES
    pygame.font.init()
    font = pygame.font.Font(None, 18)
    sheet = pygame.Surface((LABEL_W + len(SHOTS) * (W + GAP), len(codes) * (H + GAP) + GAP))
    sheet.fill((24, 24, 24))
    disp = screenshots.sim.make_display(headless=True)  # Blinka allows one display
    with tempfile.TemporaryDirectory() as tmp:
        for row, code in enumerate(codes):
            folder = os.path.join(tmp, code)
            screenshots.shoot(folder, disp=disp, code=code)
            y = GAP + row * (H + GAP)
            name = lang.name(lang.CODES.index(code))
            sheet.blit(font.render(name, True, (240, 240, 224)), (6, y + H // 2 - 6))
            for col, shot in enumerate(SHOTS):
                img = pygame.image.load(os.path.join(folder, shot + ".png"))
                sheet.blit(img, (LABEL_W + col * (W + GAP), y))
        lang.choose(0)
    with tempfile.TemporaryDirectory() as tmp:  # pygame writes a file; we sign its bytes
        plain = os.path.join(tmp, "sheet.png")
        pygame.image.save(sheet, plain)
        with open(plain, "rb") as f:
            ownfiles.write_atomic(out, ownfiles.sign_png(f.read()))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots", "languages.png"))
    args = ap.parse_args(argv)
    try:  # only a new file, or a sheet our tools made: checked before the long tour
        ownfiles.check_parent(args.out, "--out FILE.png")
        ownfiles.check_png_target(args.out, "--out FILE.png")
    except (ownfiles.NotOurs, ownfiles.Unreadable) as e:
        print("contact_sheet: %s." % e, file=sys.stderr)
        return 2
    import contextlib
    import io
    # the tour's own console lines and the failing bot's traceback are not the point here
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        path = make(args.out)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
