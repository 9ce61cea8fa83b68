"""How many cards FreeCell's "Playable cards glow" lights (docs/columns-ui.md, "Glow"): the
solver's line of each deal played through the real table (headless, 1280×800, auto to foundation
off); at each position the number of glowing cards and whether every column's top card glows.
Prints figures, not verdicts.

    python bench/freecell_glow.py --deals 5,1,617
"""
import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402

from conftest import new_app  # noqa: E402
from games.freecell import FreeCell  # noqa: E402
from ui.table.freecell import FreeCellTable  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", default="5,1,617")
    a = ap.parse_args()
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    print(f"revision {rev}")
    for number in (int(x) for x in a.deals.split(",")):
        app = new_app(FreeCellTable(number), (1280, 800), auto_foundation=False)
        t = app.scene
        res = FreeCell.solve(t.state, max_nodes=300000)
        counts, all_tops = [], 0
        for mv in res.moves:
            g = t.glowing()
            tops = {("col", i) for i, c in enumerate(t.state.columns) if c}
            lit = {k for k, i in g if k[0] == "col" and i == len(t.state.columns[k[1]]) - 1}
            counts.append(len(g))
            all_tops += lit == tops
            t.player_move(FreeCell.parse_move(t.state, mv))
            for _ in range(3):
                app.frame()
        print(f"deal {number}: {len(counts)} positions; cards glowing median {statistics.median(counts)}, "
              f"mean {statistics.mean(counts):.1f}; every column's top glowing in {all_tops}")
        pygame.display.quit()


if __name__ == "__main__":
    main()
