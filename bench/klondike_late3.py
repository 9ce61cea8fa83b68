"""The draw-3 hint's late sign (``KlondikeSolver.SIGN3_LATE``): where it fires and what its game
does. ``python bench/klondike_late3.py --positions 1-400 [--max-nodes 60000]`` or ``--deals 1-1000``.

``--positions``: ``bench/solvers.py``'s draw-3 hint positions (deal n, then its 15 policy moves),
each searched to ``--max-nodes`` nodes (no clock: the run is deterministic) without the late sign
(``SIGN3_LATE = None``: main's search) and with it; a line a position: a tag — ``same`` (the same
answer at the same node), ``PROOF`` (unknown without it, proved lost with it: its game's proof),
``SOONER`` (proved lost by both, sooner with it) or ``DIFF`` (anything else: a bug) —, each
side's answer, nodes and CPU seconds, and, where the late
sign fired, the node it fired at, its game's states (in all, with the early sign's when that ran
first) and its answer (``True`` proved lost, ``False`` its goal reached, ``None`` its states
spent). The last line counts the tags and sums the CPU seconds.

``--deals``: draw-3 deals' roots (item 4's), each searched with the solver as it is until the late
sign has been read and its game has stopped, or an answer came first; a line a deal: ``deal no``
(not fired: the search is node for node the one without it), or ``deal FIRED@N answer states
proved CPU-s`` (``answer``: the solver's, ``-`` when the search goes on: then it goes on node for
node as without it, its answer at the same node, later by the game's CPU). CPU seconds vary with
the load: say it with the results.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def watch(sv, max_nodes: int | None = None):
    """Step solver ``sv`` to its answer (or, with ``max_nodes`` None, until the late sign's game has
    stopped): ``(answer or None, (node fired, the game's lane) or None)``."""
    late = sv.SIGN3_LATE
    fired = None
    r = sv.result
    while r is None:
        s = sv._sign3
        step = 1 if late and s.__class__ is list and sv.nodes >= late[0] - 300 else 200
        r = sv.step(step)
        s = sv._sign3
        if fired is None and isinstance(s, tuple) and late and s[1] >= late[0]:
            fired = (s[1], s[0])
        if max_nodes is None and (fired is not None and not isinstance(sv._sign3, tuple)
                                  or fired is None and s is None):
            break
    return r, fired


def positions_mode(ns: list[int], max_nodes: int) -> int:
    from games.solvers.klondike import KlondikeSolver
    from solvers import positions
    got = positions("klondike", {"draw": "3"}, 15, max(ns))
    late = KlondikeSolver.SIGN3_LATE
    print(f"# draw-3 hint positions, to {max_nodes} nodes: n tag | off (SIGN3_LATE = None) answer nodes CPU-s | "
          f"on (SIGN3_LATE = {late}) answer nodes CPU-s | fired@node states proved; python {sys.version.split()[0]}")
    count = {"same": 0, "PROOF": 0, "SOONER": 0, "DIFF": 0}
    cpu = [0.0, 0.0]
    try:
        for n in ns:
            row = []
            fired = None
            for k, v in enumerate((None, late)):
                KlondikeSolver.SIGN3_LATE = v
                t = time.process_time()
                sv = KlondikeSolver(got[n - 1], max_nodes=max_nodes)
                r, f = watch(sv, max_nodes)
                dt = time.process_time() - t
                cpu[k] += dt
                row.append((r.status, r.nodes, dt))
                if k:
                    fired = f
            (s0, n0, _), (s1, n1, _) = row
            tag = ("same" if (s0, n0) == (s1, n1) else "PROOF" if (s0, s1) == ("unknown", "unsolvable")
                   else "SOONER" if s0 == s1 == "unsolvable" and n1 < n0 else "DIFF")
            count[tag] += 1
            extra = f" | fired@{fired[0]} {fired[1].nodes} {fired[1].complete if fired[1].complete else None if fired[1].nodes >= late[1] else False}" if fired else ""
            print(f"{n:4d} {tag:5s} " + " | ".join(f"{s:10s} {x:6d} {t:6.3f}" for s, x, t in row) + extra, flush=True)
    finally:
        KlondikeSolver.SIGN3_LATE = late
    print(" ".join(f"{k} {v}" for k, v in count.items()) + f"; CPU s off {cpu[0]:.2f} on {cpu[1]:.2f}")
    return 0


def deals_mode(ns: list[int]) -> int:
    from games.klondike import Klondike
    from games.solvers.klondike import KlondikeSolver
    late = KlondikeSolver.SIGN3_LATE
    print(f"# draw-3 deals' roots, SIGN3_LATE = {late}: deal no | deal FIRED@node answer states proved CPU-s; "
          f"python {sys.version.split()[0]}")
    fired_n = proved = 0
    for d in ns:
        t = time.process_time()
        sv = KlondikeSolver(Klondike.deal(d, {"draw": "3"}))
        r, fired = watch(sv)
        if fired is None:
            print(d, "no", flush=True)
            continue
        lane = fired[1]
        fired_n += 1
        proved += bool(lane.complete)
        done = lane.complete if lane.complete else None if lane.nodes >= late[1] else False
        print(d, f"FIRED@{fired[0]}", r.status if r else "-", lane.nodes, done, f"{time.process_time() - t:.3f}",
              flush=True)
    print(f"# fired on {fired_n} of {len(ns)}; proved lost by its game: {proved}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", default="", help="bench/solvers.py's draw-3 hint positions, e.g. 1-400")
    ap.add_argument("--deals", default="", help="draw-3 deals' roots instead, e.g. 1-1000")
    ap.add_argument("--max-nodes", type=int, default=60_000, help="with --positions: each search's nodes")
    a = ap.parse_args(argv)
    from klondike_proof_kings import numbers   # "1-3,7" -> [1, 2, 3, 7]
    if a.deals:
        return deals_mode(numbers(a.deals))
    return positions_mode(numbers(a.positions or "1-60"), a.max_nodes)


if __name__ == "__main__":
    sys.exit(main())
