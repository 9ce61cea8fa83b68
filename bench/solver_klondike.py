"""Klondike solver speed on mid-game positions (the time a hint takes): ``python
bench/solver_klondike.py [--draw 1|3|both] [--count 20] [--timeout 10] [--json]``.

The positions are reproducible: deal ``N`` (N = 1..count) of the draw mode, then ``moves`` moves
(20, 35 or 50 by N) of :func:`policy`, a fixed simple player. Each is handed to
:meth:`games.klondike.Klondike.solver` (as the app's hint and *Rescue* do) and timed: wall
clock of the whole answer (search, turning the solution into moves, replaying it). Prints one
line a position, then the median and the worst; :func:`measure` returns the figures, for other
benches (the Pyodide timing) to import. Only ``games`` and the standard library are used, so it
runs unchanged in Pyodide. With ``--draw both`` (the default) the first half of the positions
are draw 1, the second half draw 3.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.klondike import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, Klondike, KlondikeState  # noqa: E402


def _key(s: KlondikeState):
    return s.columns, s.down, s.stock, s.waste


def policy(s: KlondikeState, seen: set):
    """The fixed player's move: the first legal move (in ``legal_moves`` order) that turns a
    card up, else the first to a foundation, else the first from the waste to a column, else a
    draw; never a foundation card back, never a move back to a position in ``seen`` (draws
    excepted). ``None`` when nothing is left."""
    first = {"flip": None, "home": None, "waste": None}
    draw = None
    for m in Klondike.legal_moves(s):
        if m.src in (STOCK,) or m.dst == STOCK:
            draw = m
            continue
        if m.src >= FOUNDATION_OF:
            continue
        nxt = Klondike.apply(s, m)
        if _key(nxt) in seen:
            continue
        if first["flip"] is None and sum(nxt.down) < sum(s.down):
            first["flip"] = m
        if first["home"] is None and m.dst == FOUNDATION:
            first["home"] = m
        if first["waste"] is None and m.src == WASTE:
            first["waste"] = m
    return first["flip"] or first["home"] or first["waste"] or draw


def mid_game(number: int, moves: int, draw: str = "1") -> KlondikeState:
    """Deal ``number`` and play ``moves`` moves of :func:`policy` (fewer if it runs out)."""
    s = Klondike.deal(number, {"draw": draw})
    seen = {_key(s)}
    for _ in range(moves):
        m = policy(s, seen)
        if m is None or sum(s.foundations) == 52:
            break
        s = Klondike.apply(s, m)
        seen.add(_key(s))
    return s


def measure(count: int = 20, draw: str = "both", timeout: float = 10.0, out=None) -> dict:
    """Solve the ``count`` mid-game positions; ``{"times": [...], "statuses": [...], "median": s,
    "worst": s, "solved": n, "count": n}`` (seconds, wall clock)."""
    times, statuses = [], []
    for n in range(1, count + 1):
        d = draw if draw != "both" else ("1" if n <= count // 2 else "3")
        s = mid_game(n, (20, 35, 50)[n % 3], d)
        t0 = time.perf_counter()
        r = Klondike.solver(s, timeout=timeout).run()
        dt = time.perf_counter() - t0
        times.append(dt)
        statuses.append(r.status)
        if out is not None:
            out.write(f"deal {n} draw {d}: {r.status} {dt:.3f} s {r.nodes} nodes {len(r.moves)} moves"
                      f" first {r.moves[0] if r.moves else '-'}\n")
    srt = sorted(times)
    return {"times": times, "statuses": statuses, "median": srt[len(srt) // 2], "worst": srt[-1],
            "solved": statuses.count("solved"), "count": count}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--draw", default="both", choices=("1", "3", "both"))
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = measure(a.count, a.draw, a.timeout, None if a.json else sys.stdout)
    if a.json:
        print(json.dumps(r))
    else:
        print(f"solved {r['solved']} of {r['count']} (the others: {', '.join(sorted(set(r['statuses']) - {'solved'})) or '-'});"
              f" median {r['median']:.3f} s, worst {r['worst']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
