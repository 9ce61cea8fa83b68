"""Native frame costs of the deal's flights and of an undo's, in CPU time (docs/web.md, "Session 31").

Each of the six tables on deal 1 (Spider 1 suit) at each size, animation "normal", in the real
App headless (SDL's dummy driver) on a fake clock (16 ms a frame, so every run draws the same
frames): the frames drawn while the deal flies in (``GameTable.start_deal``: up to 54 cards in
motion), then ``--moves`` moves of the solver's line (the first legal move where it has none),
each let land, then Restart deal (every move taken back as one: ``GameTable.fly_path`` flies
every card that changed place, the most cards an undo flies), and the frames drawn while those
fly. Each drawn frame is timed in the thread's CPU time (``time.thread_time``), so the machine's
load inflates it less than wall-clock time. Per table and size: frames, median and worst ms.

Run: ``python3 bench/deal_frames.py [--sizes 1280x800,390x844] [--moves 30] [--out bench/results/NAME.txt]``
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PASYANS_DATA", "/tmp/pasyans-bench-deal")

TABLES = [("tripeaks", {"mode": "easy"}), ("pyramid", {"layout": "1"}), ("devils-grip", {}),
          ("spider", {"suits": "1"}), ("klondike", {"draw": "1"}), ("freecell", {})]


def timed_frames(app, clock, busy, cap: int = 400) -> list[float]:
    """Frames while ``busy()``: the CPU ms of each frame that drew."""
    out = []
    for _ in range(cap):
        if not busy():
            break
        clock.advance(0.016)
        drawn = app.draws
        t0 = time.thread_time()
        app.frame()
        ms = (time.thread_time() - t0) * 1000
        if app.draws > drawn:
            out.append(ms)
    return out


def run(game: str, options: dict, size, moves: int) -> dict:
    from conftest import FakeClock, new_app, show_first_picture
    from ui.app import App
    from ui.table import table_class

    clock = FakeClock()
    App.now = staticmethod(clock)
    app = new_app(table_class(game)(1, dict(options)), size=size, anim_speed="normal", frames=0)
    t = app.scene
    show_first_picture(app)
    deal = timed_frames(app, clock, t.dealing)
    for _ in range(90):         # the deal's automatic moves, the search imported ahead
        clock.advance(0.016)
        app.frame()
    line = list(t.rules.solve(t.state, max_nodes=50_000).moves)
    for k in range(moves):
        legal = t.rules.legal_moves(t.state)
        if not legal:
            break
        m = line[k] if k < len(line) and line[k] in legal else legal[0]
        t.play(m)
        for _ in range(60):
            clock.advance(0.016)
            app.frame()
    n = len(t.history.line())
    t.restart()
    flying = sum(1 for tw in t.anim.tweens if tw.kind in ("fly", "cfly"))
    back = timed_frames(app, clock, lambda: any(tw.kind in ("fly", "cfly") for tw in t.anim.tweens))
    return {"deal": deal, "restart": back, "restart_moves": n, "restart_cards": flying}


def summary(xs: list[float]) -> str:
    if not xs:
        return f"{'-':>4} {'-':>7} {'-':>7}"
    return f"{len(xs):4d} {statistics.median(xs):7.2f} {max(xs):7.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1280x800,390x844")
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--out")
    a = ap.parse_args()
    rows = [f"{'table':12} {'size':9} {'deal: n':>7} {'med':>7} {'max':>7}   {'restart: moves':>14} {'cards':>5} "
            f"{'n':>4} {'med':>7} {'max':>7}"]
    for size in a.sizes.split(","):
        w, h = map(int, size.split("x"))
        for game, options in TABLES:
            r = run(game, options, (w, h), a.moves)
            rows.append(f"{game:12} {size:9} {summary(r['deal']):>23}   {r['restart_moves']:14d} {r['restart_cards']:5d} "
                        f"{summary(r['restart'])}")
            print(rows[-1], flush=True)
    load = os.getloadavg()
    text = "\n".join(rows) + f"\n(CPU ms per drawn frame, native; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f})\n"
    print(text)
    if a.out:
        Path(a.out).write_text(text)


if __name__ == "__main__":
    main()
