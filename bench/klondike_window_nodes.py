"""Draw 3's early window (``KlondikeSolver.EARLY3``) at other weights, judged by the nodes each hint
position needs, natively: ``python bench/klondike_window_nodes.py [--positions 61-260]
[--max-nodes 60000] [--early 30000,6,1.5 --early 30000,8,1.5]``.

Positions: ``bench/solvers.py``'s draw-3 hint positions (deal n, then its 15 policy moves). Each is
searched to ``--max-nodes`` nodes with the class's ``EARLY3`` (the base) and with each ``--early``
value in turn. Nodes, not seconds, decide which positions a hint answers in time: in Pyodide 0.3 s
is about 9 000 of them (docs/solvers.md, item 1, "Session 25"), and a node count does not depend on
the machine's load. Printed: per setting its answers, then how many positions it answers within
each of a row of node counts (a setting that only moves positions across the goal's line is a
trade, not a gain), its CPU seconds summed (``time.process_time``; under load only a rough figure),
and every position whose answer or nodes differ from the base's.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BANDS = (4000, 6000, 8000, 9000, 10000, 12000, 14000, 20000)


def run(states: dict, early: tuple | None, max_nodes: int) -> dict:
    """``{n: (answer, nodes, CPU s)}`` of each state of ``states`` (``{n: state}``) searched to
    ``max_nodes`` nodes with ``KlondikeSolver.EARLY3 = early``."""
    from games.solvers.klondike import KlondikeSolver
    saved = KlondikeSolver.EARLY3
    KlondikeSolver.EARLY3 = early
    out = {}
    try:
        for n, s in states.items():
            t = time.process_time()
            sv = KlondikeSolver(s, max_nodes=max_nodes)
            r = sv.result
            while r is None:
                r = sv.step(200)
            out[n] = (r.status, r.nodes, time.process_time() - t)
    finally:
        KlondikeSolver.EARLY3 = saved
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", default="61-260")
    ap.add_argument("--max-nodes", type=int, default=60_000)
    ap.add_argument("--early", action="append", default=[], help="an EARLY3 value to try: nodes,weight,weight2")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from klondike_proof_kings import numbers  # "1-3,7" -> [1, 2, 3, 7]
    from solvers import positions
    from games.solvers.klondike import KlondikeSolver
    ps = numbers(a.positions)
    got = positions("klondike", {"draw": "3"}, 15, max(ps))
    states = {n: got[n - 1] for n in ps}
    settings = [KlondikeSolver.EARLY3] + [tuple(int(x) if i == 0 else float(x) for i, x in enumerate(v.split(",")))
                                          for v in a.early]
    res = [run(states, e, a.max_nodes) for e in settings]
    print(f"# draw 3, positions {a.positions}, {a.max_nodes} nodes each; EARLY3 = the base {settings[0]} and "
          f"{', '.join(map(str, settings[1:]))}")
    for e, r in zip(settings, res):
        ans = {}
        for st, _, _ in r.values():
            ans[st] = ans.get(st, 0) + 1
        nodes = [x[1] for x in r.values() if x[0] != "unknown"]
        print(f"{str(e):22s} {ans}; answered within " + ", ".join(f"{b}: {sum(x <= b for x in nodes)}" for b in BANDS)
              + f"; CPU {sum(x[2] for x in r.values()):.2f} s")
    for e, r in zip(settings[1:], res[1:]):
        print(f"# {e} against the base: position base answer nodes CPU s -> this setting's")
        for n in ps:
            b, x = res[0][n], r[n]
            if b[:2] != x[:2]:
                print(f"{n:4d}: {b[0]:10s} {b[1]:6d} {b[2]:.3f} -> {x[0]:10s} {x[1]:6d} {x[2]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
