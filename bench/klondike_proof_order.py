"""How many states the draw-1 abstract game (``games/solvers/klondike_proof.py``, the solver's
proof lane) spends before it reaches its goal or proves a position lost, in its own order and in
two others: ``python bench/klondike_proof_order.py [--draw 3] [--positions 1-60] [--cap 20000]``.

Positions: ``bench/solvers.py``'s hint positions (deal n, then its 15 policy moves); the game starts
from the solver's root (safe cards home). Orders: the game's (``Abstract.successors``, the last
successor searched first), reversed, and the successors whose boards have the fewest face-down
cards searched first. On a won position the lane proves nothing and leaves when its game reaches
its goal: the states before that are its whole cost to a hint. Printed: a line per position whose
counts differ (answer and states in each order, ``open`` at ``--cap``) and the sums.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--draw", default="3", choices=("1", "3"))
    ap.add_argument("--positions", default="1-60")
    ap.add_argument("--cap", type=int, default=20_000)
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from klondike_proof_kings import numbers  # "1-3,7" -> [1, 2, 3, 7]
    from solvers import positions
    from games.solvers.klondike import KlondikeSolver, _Lane
    from games.solvers.klondike_proof import Abstract, ProofLane

    class Reversed(Abstract):
        def successors(self, st, seen=None):
            return Abstract.successors(self, st, seen)[::-1]

    class FewestDown(Abstract):
        def successors(self, st, seen=None):
            res = Abstract.successors(self, st, seen)
            down = self.down
            # the stack pops the last one first: the most face-down cards first in the list
            return sorted(res, key=lambda x: -sum(min(max(x[0][c] - 1, 0), down[c]) for c in range(7)))

    def states(game) -> tuple:
        lane = ProofLane(game, 1.0)
        while lane.nodes < a.cap:
            r = lane.run(256)
            if r is not None:
                return ("lost" if r else "goal"), lane.nodes
        return "open", lane.nodes

    ps = numbers(a.positions)
    got = positions("klondike", {"draw": a.draw}, 15, max(ps))
    orders = (("its own", Abstract), ("reversed", Reversed), ("fewest face-down first", FewestDown))
    sums = [0] * len(orders)
    print(f"# draw {a.draw}, positions {a.positions}: the draw-1 game's states to its goal or a proof "
          f"(cap {a.cap}); orders: " + ", ".join(x for x, _ in orders))
    for n in ps:
        sv = KlondikeSolver(got[n - 1], max_nodes=1)
        root = next((x.stack[0][0] for x in sv.lanes if x.__class__ is _Lane and x.complete), None)
        if root is None:  # answered at the root
            continue
        row = [states(cls(root[0], root[1], root[3])) for _, cls in orders]
        for i, x in enumerate(row):
            sums[i] += x[1]
        if len(set(row)) > 1:
            print(f"{n:4d}: " + " | ".join(f"{x[0]} {x[1]:6d}" for x in row))
    print("sums of the states: " + ", ".join(f"{x} {s}" for (x, _), s in zip(orders, sums)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
