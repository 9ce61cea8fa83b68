"""Native full redraws in CPU time: the home screen and the six tables, against a reference checkout.

Each screen is drawn whole (a table's still picture rebuilt, the home screen's tiles drawn) and
flipped, ``--frames`` times, headless (SDL_VIDEODRIVER=dummy), and the median CPU time of one redraw
(``time.process_time``: less disturbed than wall time on a machine shared with other work) is
printed in ms. With ``--ref DIR`` (another checkout, e.g. ``git archive main | tar -x -C DIR``) the
same measurement runs there too, alternating with this checkout ``--rounds`` times in fresh
interpreters, and the ratio of the medians (this / reference) is printed: the figure to trust when
the machine is loaded.

``--cold`` draws every frame as a table's first: the pixels kept from earlier drawings (the top
bar, buttons, status line and empty piles the tables copy, ``GameTable._stamped``; the piles drawn
again as they were, ``GameTable._kept_part``) and what was worked out for them (the parts' keys,
the felt's pieces, a column table's piles' cards and places: ``GameTable.forget_drawings``) and
the cards' drawing plans (``cards_art.CardArt.plan``) are forgotten before each redraw (the card
images themselves stay cached, as they always have been, and the pieces cut from them); the home
screen's tiles (``HomeScene.tile_image``: made again from the miniatures, which stay cached) and
its felt's pieces too. A checkout that has none of these is unaffected.

``--moves`` times a move's redraw instead, in the tables: the first legal moves of the deal played
and taken back in turn, flights landed at once, the still picture rebuilt after each (only the
parts that changed: ``GameTable.rebuild``), without the flip.

Run: ``python3 bench/redraw_cpu.py [--size 1280x800] [--frames 60] [--ref DIR] [--rounds 3] [--cold]
[--moves]``.
Not a timed test; docs/web.md ("Speed in WebAssembly") reads its numbers.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCREENS = [
    ("home", None, None),
    ("tripeaks", 1, {"mode": "easy", "scoring": "streak"}),
    ("pyramid", 1, {"layout": "1", "passes": "unlimited"}),
    ("devils-grip", 1, {}),
    ("spider", 1, {"suits": "1"}),
    ("klondike", 1, {"draw": "1"}),
    ("freecell", 1, {}),
]

CHILD = r"""
import json, os, statistics, sys, time
sys.path.insert(0, os.getcwd())
import pygame
from ui.app import App
from ui.settings import Settings
from ui.storage import MemoryStorage, Store
from ui.table import table_class

w, h = {size}
frames = {frames}
cold = {cold}
moves = {moves}
from ui import cards_art
app = App((w, h), settings=Settings(language="en"), store=Store(MemoryStorage()))
app.frame()
out = {{}}
for name, number, options in {screens}:
    if name == "home":
        app.home()
    else:
        app.switch(table_class(name)(number, dict(options)))
    for _ in range(30):
        app.frame()
    sc = app.scene
    cpu = []
    if moves and name != "home":
        # a move's redraw: the first legal moves played and taken back in turn, the still
        # picture rebuilt after each (the parts that changed redrawn), flights landed at once
        legal = sc.rules.legal_moves(sc.state)[:4]
        for k in range(frames):
            m = legal[k % len(legal)]
            sc.play(m, group=True)
            sc.anim.tweens.clear()
            sc.settle()
            t = time.process_time()
            sc.rebuild(app.screen.get_size())
            cpu.append(time.process_time() - t)
            sc.undo()
            sc.anim.tweens.clear()
            t = time.process_time()
            sc.rebuild(app.screen.get_size())
            cpu.append(time.process_time() - t)
        out[name] = statistics.median(cpu) * 1000
        continue
    if moves:
        continue
    for _ in range(frames):
        if hasattr(sc, "stale"):
            sc.stale = True
            sc._picture = None    # no partial redraw: the picture rebuilt whole
            if cold and hasattr(sc, "forget_drawings"):
                sc.forget_drawings()
            elif cold and hasattr(sc, "_stamps"):
                sc._stamps = {{}}
        if cold and hasattr(cards_art, "_plans"):
            cards_art._plans.clear()
        if cold and name == "home":
            from ui.scenes import home as home_module
            home_module._tiles.clear()
            if hasattr(sc, "_felt_plan"):
                sc._felt_plan = None
        t = time.process_time()
        sc.draw(app.screen)
        pygame.display.flip()
        cpu.append(time.process_time() - t)
    out[name] = statistics.median(cpu) * 1000
print(json.dumps(out))
"""


def measure(root: Path, size: str, frames: int, cold: bool = False, moves: bool = False) -> dict:
    """Median CPU ms of one full redraw per screen, in a fresh interpreter run in ``root``
    (``cold``: drawn as a first drawing; ``moves``: a move's partial redraw instead, tables only;
    see the module's text)."""
    w, h = (int(x) for x in size.split("x"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PASYANS_DATA=tempfile.mkdtemp(prefix="pasyans-bench-"))
    code = CHILD.format(size=(w, h), frames=frames, screens=repr(SCREENS), cold=cold, moves=moves)
    r = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise SystemExit(f"the measurement failed in {root}: {r.stderr[-1500:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--ref", help="a reference checkout to compare with (ratio this / reference)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cold", action="store_true", help="every redraw drawn as a table's first (nothing kept)")
    ap.add_argument("--moves", action="store_true",
                    help="a move's redraw instead (the parts that changed), tables only: moves played and undone")
    a = ap.parse_args(argv)
    roots = [("this", ROOT)] + ([("ref", Path(a.ref).resolve())] if a.ref else [])
    runs: dict[str, list[dict]] = {name: [] for name, _ in roots}
    for _ in range(a.rounds if a.ref else 1):
        for name, root in roots:
            runs[name].append(measure(root, a.size, a.frames, a.cold, a.moves))
    shown = [s for s, _, _ in SCREENS if s in runs["this"][0]]
    med = {name: {s: statistics.median(r[s] for r in rs) for s in shown} for name, rs in runs.items()}
    what = "a move's redraw (rebuild after a move and after its undo)" if a.moves else "full redraw + flip"
    print(f"{what}{' (cold: nothing kept)' if a.cold else ''}, CPU ms, median of {a.frames * (2 if a.moves else 1)} "
          f"redraws (median over {len(runs['this'])} runs), {a.size}, pygame-ce {__import__('pygame').version.ver}")
    head = f"{'screen':12} {'this':>7}" + (f" {'ref':>7} {'ratio':>6}" if a.ref else "")
    print(head)
    for s in shown:
        line = f"{s:12} {med['this'][s]:7.2f}"
        if a.ref:
            line += f" {med['ref'][s]:7.2f} {med['this'][s] / med['ref'][s]:6.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
