"""Where :class:`games.solvers.spider.SpiderBeam` finds a win, pass by pass: which candidate of each
level the winning line took, and which pass dropped it.

    python bench/spider_beam_trace.py --positions 1,11,19 [--suits 4] [--nodes 600000]

Each position (deal ``N`` of the variant, then the fixed policy moves of ``bench/solvers.py``) is
searched by the beam under a node budget (no clock: the run is deterministic) with its ``trace``
on. For a win, the line's states right after each deal are its *candidates*; for every pass the
tool prints the width, the positions generated in the pass, and the rank the line's candidate had
among the candidates of each level (0 is the best priority, duplicates not counted) until a rank
reached the width (the pass dropped the line there) or the line reached the last level (stock
empty: the pass that wins). So a rank list ``[0, 15, 13, 36]`` says the line needs a width of 37
at its fourth deal. Not a timed benchmark: the trace keeps every level's candidates (memory).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from solvers import VARIANTS, positions  # noqa: E402


def line_ranks(search, entry, line: set[int]) -> int | None:
    """The rank of the line's candidate among a level's candidates (duplicates skipped), or
    ``None`` when the line has none there."""
    nodes = search._nodes
    rank = 0
    for _, _, j in entry[3]:
        if nodes[j][2] is False:
            continue
        if j in line:
            return rank
        rank += 1
    return None


def report(n: int, search, result, seconds: float) -> list[str]:
    """The lines printed for one position."""
    from games.spider import DEAL
    nodes = search._nodes
    out = [f"position {n}: {result.status}, {search.nodes} positions, pass {search.passes}, {seconds:.2f} CPU s"]
    if result.status != "solved":
        return out
    j, line = len(nodes) - 1, set()
    while j >= 0:
        line.add(j)
        j = nodes[j][0]
    out[0] += f", {sum(1 for j in line if nodes[j][1] == DEAL)} deals on the winning line"
    passes: dict[int, list] = {}
    for entry in search.trace:
        passes.setdefault(entry[0], []).append(entry)
    before = 0
    for number in sorted(passes):
        levels = passes[number]
        width = levels[0][1]
        ranks, dropped = [], None
        for depth, entry in enumerate(levels, 1):
            if depth > 1 and not any(j in line for j in entry[2]):
                break
            r = line_ranks(search, entry, line)
            ranks.append(r)
            if r is None or r >= width:
                dropped = depth + 1
                break
        end = levels[-1][5]
        what = f"dropped at level {dropped}" if dropped else "kept to the last level"
        out.append(f"  pass {number:2d} width {width:3d}: positions {before:7d} -> {end:7d} "
                   f"({end - before:6d}); the line's candidate ranks {ranks}; {what}")
        before = end
    out.append(f"  won in a stage search of the last level at {search.nodes} positions")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suits", choices=("4",), default="4", help="the beam searches 4 suits only")
    ap.add_argument("--positions", required=True, help="position numbers, comma-separated (1-60)")
    ap.add_argument("--nodes", type=int, default=600_000, help="positions generated, at most")
    a = ap.parse_args(argv)
    from games.solvers.search import replays_to_win
    from games.solvers.spider import SpiderBeam, _Problem
    from games.spider import Spider
    try:
        which = [int(x) for x in a.positions.split(",") if x]
    except ValueError:
        ap.error(f"--positions takes numbers separated by commas, not {a.positions!r}")
    if not which or min(which) < 1:
        ap.error("--positions: numbers from 1 up")
    depth = next(v[3] for v in VARIANTS if v[1] == "spider" and v[2] == {"suits": a.suits})
    states = positions("spider", {"suits": a.suits}, depth, max(which))
    for n in which:
        s = states[n - 1]
        search = SpiderBeam(_Problem(s), lambda moves, s=s: replays_to_win(Spider, s, moves), max_nodes=a.nodes)
        search.trace = []
        t0 = time.process_time()
        result = search.run()
        print("\n".join(report(n, search, result, time.process_time() - t0)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
