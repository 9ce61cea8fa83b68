"""How many of the slow verified deals hints30 named (session 30, H6/H7/H10: bank deals whose
first hint needs over 0.3 s of CPU) get their winning line from the search the app runs at a
verified deal (``ui.table.assist``: ``Assist.start_win``, the game's solver within
``WIN_NODES`` nodes and ``WIN_SECONDS`` seconds of search, its rounds cut by ``LoopFree``).

Run: ``nice -n 10 .venv/bin/python bench/verified_lines.py`` (a line per deal: game, options,
number, status, nodes, CPU seconds, the line's length; then the count solved). Pure games layer:
the app runs the same search a slice a frame (4 ms) in the frames' spare time.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from games.registry import find_game  # noqa: E402
from games.solvers.search import SOLVED, LoopFree  # noqa: E402
from ui.table.assist import WIN_NODES, WIN_SECONDS  # noqa: E402

DEALS = [   # (game, options, numbers): hints30 H6, H7, H10's slow bank deals and dailies
    ("tripeaks", {"mode": "easy"}, [19, 127, 128, 150, 232, 279, 299, 358, 493, 547, 587, 788, 898]),
    ("tripeaks", {"mode": "classic"}, [22, 149, 200, 574, 802, 891]),
    ("pyramid", {"layout": "1", "passes": "3"}, [90, 691]),
    ("klondike", {"draw": "1"}, [636, 479, 103]),
    ("klondike", {"draw": "3"}, [41, 70, 92, 93, 100, 103, 115, 117, 123, 141]),
]


def main() -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    won = total = 0
    for game, opts, numbers in DEALS:
        rules = find_game(game)
        o = rules.check_options(dict(opts))
        for n in numbers:
            s = rules.deal(n, o)
            t0 = time.process_time()
            # the app counts its seconds on the wall clock inside its slices; CPU seconds here
            search = LoopFree(rules, s, rules.solver(s, max_nodes=WIN_NODES, timeout=WIN_SECONDS,
                                                     clock=time.process_time))
            r = search.run()
            cpu = time.process_time() - t0
            total += 1
            won += r.status == SOLVED
            opt = ",".join(f"{k}={v}" for k, v in opts.items())
            print(f"{game} {opt} {n} {r.status} nodes {r.nodes} cpu {cpu:.2f} s moves {len(r.moves)}", flush=True)
    print(f"solved {won} of {total} (nodes {WIN_NODES}, {WIN_SECONDS} s of search)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
