"""Spider solver speed on mid-game positions: ``python bench/solver_spider.py [--suits 2]
[--count 20] [--timeout 10] [--json]``.

The positions are reproducible: deal ``N`` (N = 1..count) of the variant, then ``moves`` moves
(15, 25 or 35 by N) of :func:`policy`, a fixed simple player. Each is handed to
:meth:`games.spider.Spider.solver` (as the app's *Rescue* does) and timed: seconds of search,
wall clock. Prints one line a position, then the median and the worst; :func:`measure` returns
the figures, for other benches (the Pyodide timing) to import. Only ``games`` and the standard
library are used, so it runs unchanged in Pyodide.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.spider import DEAL, Spider, SpiderState  # noqa: E402


def policy(s: SpiderState, seen: set) -> object | None:
    """The fixed player's move: the first legal move (in ``legal_moves`` order) that turns a
    card up, else the first that puts a card on its own suit, else a deal, else the first move
    at all; never a move back to a position in ``seen``. ``None`` when nothing is left."""
    first = {"flip": None, "suit": None, "any": None}
    for m in Spider.legal_moves(s):
        if m == DEAL:
            continue
        nxt = Spider.apply(s, m)
        if nxt in seen or (nxt.columns, nxt.down) in seen:
            continue
        a, b, n = m
        if first["flip"] is None and (nxt.down[a] < s.down[a] or len(nxt.completed) > len(s.completed)):
            first["flip"] = m
        src = s.columns[a][-n]
        dst = s.columns[b][-1] if s.columns[b] else None
        if first["suit"] is None and dst is not None and dst >> 4 == src >> 4:
            first["suit"] = m
        if first["any"] is None:
            first["any"] = m
    if first["flip"] or first["suit"]:
        return first["flip"] or first["suit"]
    if Spider.why_not(s, DEAL) is None:
        return DEAL
    return first["any"]


def mid_game(number: int, moves: int, suits: str = "2") -> SpiderState:
    """Deal ``number`` and play ``moves`` moves of :func:`policy` (fewer if it runs out)."""
    s = Spider.deal(number, {"suits": suits})
    seen = {(s.columns, s.down)}
    for _ in range(moves):
        m = policy(s, seen)
        if m is None:
            break
        s = Spider.apply(s, m)
        seen.add((s.columns, s.down))
        if Spider.won(s):
            break
    return s


def measure(count: int = 20, suits: str = "2", timeout: float = 10.0, out=None) -> dict:
    """Solve the ``count`` mid-game positions; ``{"times": [...], "statuses": [...],
    "median": s, "worst": s, "solved": n, "count": n}`` (seconds of search)."""
    times, statuses = [], []
    for n in range(1, count + 1):
        s = mid_game(n, (15, 25, 35)[n % 3], suits)
        t0 = time.perf_counter()
        r = Spider.solver(s, timeout=timeout).run()
        dt = time.perf_counter() - t0
        times.append(dt)
        statuses.append(r.status)
        if out is not None:
            out.write(f"deal {n}: {r.status} {dt:.3f} s {r.nodes} nodes {len(r.moves)} moves\n")
    srt = sorted(times)
    return {"times": times, "statuses": statuses, "median": srt[len(srt) // 2], "worst": srt[-1],
            "solved": statuses.count("solved"), "count": count}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suits", default="2", choices=("1", "2", "4"))
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = measure(a.count, a.suits, a.timeout, None if a.json else sys.stdout)
    if a.json:
        print(json.dumps(r))
    else:
        print(f"solved {r['solved']} of {r['count']}; median {r['median']:.3f} s, worst {r['worst']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
