"""Frame times of the app at 1280×800, headless (SDL_VIDEODRIVER=dummy). Prints medians.

* time to first frame: ``App()`` plus its first ``frame()`` — the home screen (goal < 1 s);
* full frame: everything redrawn (the static table rebuilt: felt, bars, 30 cards, texts) and
  flipped (goal < 2 ms);
* moving frame: the cached table blitted, a card in flight drawn over it, flipped;
* unchanged frame: nothing changed, so nothing is drawn (goal < 0.3 ms).

Run: ``python3 bench/frame.py [--frames 300] [--size 1280x800]``. Not a timed test.
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


def ms(samples):
    return statistics.median(samples) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--size", default="1280x800")
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.split("x"))
    t0 = time.perf_counter()
    from ui.app import App
    from ui.settings import Settings

    app = App((w, h), settings=Settings(language="en"))  # opens on the home screen
    app.frame()
    first = time.perf_counter() - t0
    from ui.table.tripeaks import TriPeaksTable

    app.switch(TriPeaksTable())  # the frames measured are the TriPeaks table's
    app.frame()
    t = app.scene
    full, moving, idle = [], [], []
    for _ in range(a.frames):
        t.stale = True
        app.dirty = True
        s = time.perf_counter()
        app.frame()
        full.append(time.perf_counter() - s)
    # a card in flight over the cached table
    r = t.slot_rects[20]
    for k in range(a.frames):
        t.anim.cancel()
        tw = t.anim.add("fly", 10_000, {"card": t.state.waste[-1], "src": r.topleft,
                                         "dst": t.waste_rect.topleft, "draw": False}, scaled=False)
        tw.elapsed = (k % 100) / 100 * 10
        app.dirty = True
        s = time.perf_counter()
        app.frame()
        moving.append(time.perf_counter() - s)
    t.anim.cancel()
    app.dirty = True
    app.frame()
    for _ in range(a.frames):
        s = time.perf_counter()
        app.frame()
        idle.append(time.perf_counter() - s)
    print(f"size {w}x{h}, {a.frames} frames each, pygame-ce {pygame.version.ver}, Python {sys.version.split()[0]}")
    print(f"time to first frame: {first * 1000:.0f} ms (goal < 1000 ms; App() alone {app.startup_seconds * 1000:.0f} ms)")
    print(f"full frame (table rebuilt): median {ms(full):.3f} ms (goal < 2 ms)")
    print(f"moving frame (cached table + a flying card): median {ms(moving):.3f} ms")
    print(f"unchanged frame: median {ms(idle):.4f} ms, mean {statistics.mean(idle) * 1000:.4f} ms (goal < 0.3 ms)")
    app.close()


if __name__ == "__main__":
    main()
