"""What the drop's target mark costs a drag (docs/columns-ui.md, "The drop's target"), headless:
per pointer motion, the look-up of the pile a release would go to (``ColumnsTable.drop_pile``:
the piles' zones and the rules' answers remembered for the position, so a motion over the same
piles asks nothing of the rules), the ring drawn round that pile, and the whole of the drag's
``draw_moving``; medians over ``--motions`` motions.

Run: ``python3 bench/drop_target_cost.py [--game freecell] [--size 1280x800] [--motions 300]``.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="The drop target's cost per pointer motion of a drag.")
    ap.add_argument("--game", choices=["klondike", "freecell", "spider"], default="freecell")
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--motions", type=int, default=300)
    a = ap.parse_args(argv)
    w, h = (int(x) for x in a.size.split("x"))
    from ui.app import App
    from ui.settings import Settings
    from ui.storage import MemoryStorage, Store
    from ui.table import table_class
    from ui.table.drag import draw_target_ring

    for n in range(1, 60):
        app = App((w, h), table_class(a.game)(n), Settings(language="en", anim_speed="off"), Store(MemoryStorage()))
        for _ in range(300):
            app.frame()
            if not app.dirty and app.scene.auto_due is None:
                break
        t = app.scene
        s = t.state
        case = None
        for m in t.rules.legal_moves(s):
            src, k, dst = t.route(s, m)
            if src[0] == "col" and dst[0] == "col" and t.pile_cards(s, dst):
                case = (src, len(t.pile_cards(s, src)) - k, dst)
                break
        if case is not None:
            break
        pygame.display.quit()
    src, index, dst = case
    a_r = t.pile_rects(s, src)[index]
    b_r = t.pile_rects(s, dst)[-1]
    start = (a_r.centerx, a_r.y + 6)
    at = (start[0] + b_r.x - a_r.x, start[1] + b_r.y + t.card_h // 3 - a_r.y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    app.frame()
    for j in range(1, 7):
        p = (start[0] + (at[0] - start[0]) * j // 6, start[1] + (at[1] - start[1]) * j // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        app.frame()
    assert t.drop_pile() == dst, (t.drop_pile(), dst)
    box = t.pile_rect[dst].unionall(t.pile_rects(s, dst))
    look, ring, whole = [], [], []
    for k in range(a.motions):
        t.drag.pos = (at[0] + k % 5, at[1] + k % 7)
        t0 = time.perf_counter()
        t.drop_pile()
        t1 = time.perf_counter()
        draw_target_ring(app.screen, box, t.card_w)
        t2 = time.perf_counter()
        t.drag.pos = (at[0] + (k + 1) % 5, at[1] + (k + 2) % 7)
        t3 = time.perf_counter()
        t.draw_moving(app.screen)
        t4 = time.perf_counter()
        look.append(t1 - t0)
        ring.append(t2 - t1)
        whole.append(t4 - t3)
    med = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    print(f"{a.game} deal {n} at {w}x{h}, {a.motions} motions over column {dst[1] + 1}: "
          f"look-up {med(look):.3f} ms, ring {med(ring):.3f} ms, the drag's draw_moving {med(whole):.3f} ms (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
