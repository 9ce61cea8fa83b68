"""The frame cost of the search a verified deal's winning line gets at the deal
(``ui.table.assist``: ``Assist.start_win``): the App headless at 1280×800 (SDL dummy driver), a
deal of each game's bank of verified deals opened by its number, frames run at 60 Hz pacing
until that search answers. Per deal: frames, wall seconds, the search's answer, and each frame's
work (``App.frame``) on the process's CPU clock, so other processes' load does not count —
median, 99th percentile, worst (ms) — and the assist's share of it (``Assist.update``: the
job's 4 ms slice, whose steps of 200 nodes may overrun it).

Run: ``nice -n 10 .venv/bin/python bench/verified_frames.py`` (the wall clock on, as the app).
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
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

DEALS = [("tripeaks", {"mode": "easy"}, 150), ("pyramid", {"layout": "1", "passes": "3"}, 691),
         ("klondike", {"draw": "1"}, 103), ("freecell", {}, 1), ("spider", {"suits": "2"}, 3)]


def main() -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    from conftest import new_app
    from ui.table import table_class
    from ui.table.assist import JobKind

    for game, opts, n in DEALS:
        app = new_app(table_class(game)(n, options=opts), (1280, 800))
        t = app.scene
        upd = t.assist.update
        spent = []

        def timed(dt, upd=upd, spent=spent):
            t0 = time.process_time()
            r = upd(dt)
            spent.append(time.process_time() - t0)
            return r

        t.assist.update = timed
        frames, t_start = [], time.perf_counter()
        started = False
        while time.perf_counter() - t_start < 120:
            f0, c0 = time.perf_counter(), time.process_time()
            app.frame()
            frames.append(time.process_time() - c0)
            j = t.assist.job(JobKind.WIN)
            started = started or j is not None
            if started and j is None and t.assist.win_due is None:
                break
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - f0)))
        wall = time.perf_counter() - t_start
        known = t.assist.line_from(t.state) is not None
        q = sorted(frames)
        p99 = q[min(len(q) - 1, int(len(q) * 0.99))]
        print(f"{game} {opts} #{n}: {len(frames)} frames, {wall:.1f} s wall, line {'found' if known else 'not found'}; "
              f"frame median {statistics.median(frames) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
              f"worst {max(frames) * 1000:.1f} ms; assist update median {statistics.median(spent) * 1000:.1f} ms, "
              f"worst {max(spent) * 1000:.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
