"""Devil's Grip solver speed: ``python bench/solver_devils_grip.py [--nodes N] [--json]``.

Makes 20 mid-game positions reproducibly (deals 1..20, each played by a fixed greedy line: talon
plays first, then the first merge, else a turn, for 12 moves), then times a *hint* on each —
:func:`games.solvers.devils_grip.hint`, the first move of the best line found in ``nodes``
nodes (the beam, the win search, then the branch and bound) — and prints the median and worst
seconds (wall clock).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.devils_grip import MERGE, SWAP, TALON, DevilsGrip  # noqa: E402
from games.solvers.devils_grip import hint  # noqa: E402


def positions(count: int = 20, plies: int = 12) -> list:
    """``count`` mid-game states: deal ``n`` (1..count) after ``plies`` greedy moves."""
    out = []
    for n in range(1, count + 1):
        s = DevilsGrip.deal(n)
        for _ in range(plies):
            moves = [m for m in DevilsGrip.legal_moves(s) if m.kind != SWAP]
            if not moves:
                break
            pick = next((m for m in moves if m.kind == TALON), None) or \
                next((m for m in moves if m.kind == MERGE), None) or moves[0]
            s = DevilsGrip.apply(s, pick)
        out.append(s)
    return out


def measure(nodes: int = 3000, count: int = 20) -> dict:
    """Times a hint on each position: ``{"median", "worst", "times"}`` in seconds."""
    times = []
    for s in positions(count):
        t0 = time.perf_counter()
        hint(s, max_nodes=nodes)
        times.append(time.perf_counter() - t0)
    return {"median": statistics.median(times), "worst": max(times), "times": times, "nodes": nodes}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=3000)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    r = measure(a.nodes)
    if a.json:
        print(json.dumps(r))
    else:
        print(f"hint on 20 mid-game positions, {a.nodes} nodes: median {r['median']:.3f} s, "
              f"worst {r['worst']:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
