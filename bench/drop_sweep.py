"""Where a dragged card lands (docs/columns-ui.md "Input", drops): for each column game (Klondike
draw one, FreeCell, Spider two suits) at 390×844, 844×390 and 1280×800, deals 1..N at the deal and
after 20 random moves, every legal move to a column is dragged through the real App (headless) and
let go with the lead card's centre at offsets from the target column's last card (card widths
across, card heights down from its bottom edge; −0.5 down is the card's own centre line). Counts
per game and size, and per offset: ``right`` (played the move), ``wrong`` (another move),
``back`` (nothing played). Prints figures, not verdicts.

    python bench/drop_sweep.py                       # below the last card (K12)
    python bench/drop_sweep.py --offsets "0.55,-0.5 -0.7,-0.5" --deals 4   # between two columns
"""
import argparse
import collections
import os
import random
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402

from conftest import drag, new_app  # noqa: E402
from ui.table.freecell import FreeCellTable  # noqa: E402
from ui.table.klondike import KlondikeTable  # noqa: E402
from ui.table.spider import SpiderTable  # noqa: E402

GAMES = [("klondike", KlondikeTable, {"draw": "1"}), ("freecell", FreeCellTable, {}),
         ("spider2", SpiderTable, {"suits": "2"})]
SIZES = [(390, 844), (844, 390), (1280, 800)]
BELOW = "0,0.3 0,0.5 0,1.0 0,1.5 0.25,0.5 -0.25,0.5 0.3,1.0"


def grab_point(t, key, i):
    """The middle of the visible part of card ``i`` of pile ``key`` (where a finger takes it)."""
    rects = t.pile_rects(t.state, key)
    r = rects[i]
    bottom = rects[i + 1].y if i + 1 < len(rects) and rects[i + 1].y > r.y else r.bottom
    return (r.centerx, (r.y + bottom) // 2)


def frames(app, n):
    for _ in range(n):
        app.frame()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--offsets", default=BELOW)
    a = ap.parse_args()
    offs = [tuple(float(x) for x in o.split(",")) for o in a.offsets.split()]
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    print(f"revision {rev}; deals 1-{a.deals}; offsets {a.offsets}")
    out = collections.Counter()
    wrong = []
    for name, cls, opts in GAMES:
        for size in SIZES:
            for number in range(1, a.deals + 1):
                app = new_app(cls(number, options=opts), size, anim_speed="off", auto_foundation=False)
                t = app.scene
                rnd = random.Random(number)
                for phase in range(2):
                    if phase == 1:
                        for _ in range(20):
                            ms = t.rules.legal_moves(t.state)
                            if not ms:
                                break
                            t.player_move(rnd.choice(ms))
                            frames(app, 3)
                    s0 = t.state
                    for m in t.rules.legal_moves(s0):
                        src, n, dst = t.route(s0, m)
                        if dst[0] != "col" or src == dst or src[0] == "stock" or not t.pile_rects(s0, dst):
                            continue
                        si = len(t.pile_rects(s0, src)) - n
                        for ox, oy in offs:
                            last = t.pile_rects(s0, dst)[-1]
                            g = grab_point(t, src, si)
                            lead = t.pile_rects(s0, src)[si]
                            cx, cy = last.centerx + ox * t.card_w, last.bottom + oy * t.card_h
                            end = (round(cx + g[0] - lead.centerx), round(cy + g[1] - lead.centery))
                            if cy + t.card_h / 2 > t.frame.table.bottom or not (0 <= end[0] < size[0] and 0 <= end[1] < size[1]):
                                continue
                            drag(app, g, end, steps=3)
                            frames(app, 5)
                            if t.state == s0:
                                res = "back"
                            else:
                                res = "right" if t.state == t.rules.apply(s0, m) else "wrong"
                                if res == "wrong":
                                    wrong.append((name, size, number, phase, t.rules.format_move(s0, m), (ox, oy)))
                                t.undo()
                                frames(app, 3)
                                assert t.state == s0
                            out[(name, size, (ox, oy), res)] += 1
                pygame.display.quit()
    per = collections.defaultdict(collections.Counter)
    by_off = collections.defaultdict(collections.Counter)
    for (name, size, off, res), k in out.items():
        per[(name, size)][res] += k
        by_off[off][res] += k
    for k, v in sorted(per.items()):
        print(f"{k[0]:9} {k[1][0]}x{k[1][1]:<4}", " ".join(f"{r} {v[r]}" for r in ("right", "wrong", "back")))
    for k, v in sorted(by_off.items()):
        print(f"offset {k[0]:+.2f},{k[1]:+.2f}", " ".join(f"{r} {v[r]}" for r in ("right", "wrong", "back")))
    for w in wrong:
        print("wrong:", *w)


if __name__ == "__main__":
    main()
