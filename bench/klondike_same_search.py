"""Check that the Klondike solver still makes the *same search* as a reference revision (a pure
speed-up must): ``python bench/klondike_same_search.py [--rev 18e7f29] [--nodes 20000]
[--positions 60] [--deals 60]``.

The reference is ``games/solvers/klondike.py`` as of git revision ``--rev`` (loaded from ``git
show`` beside the working copy, so both run in one process on the same rules code; a revision
before 18e7f29, the default, does not load beside today's search core, which takes its clock as a
parameter). Cases: the
hint positions 1..``positions`` of ``bench/solvers.py`` (draw 1) and deals 1..``deals`` of draw 1
and of draw 3, each searched under a node budget only (no clock, so the run is deterministic).
For each case it compares the status, the solution's moves, the nodes generated in total and per
lane, the boards in each lane's visited set and each progress lane's frontier count: any
difference is printed and the exit status is 1. It also prints the CPU seconds of each side
(``time.process_time``) and their ratio, by group.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from revision import module_at, tally, total_line  # noqa: E402 (bench/ is on the path now)


def load_reference(rev: str):
    """``games.solvers.klondike`` as of git revision ``rev``, as a separate module object."""
    return module_at(rev, "games/solvers/klondike.py", "games.solvers._klondike_reference")


def recorder(mod):
    """A subclass of ``mod.KlondikeSolver`` that keeps each lane's figures when it finishes."""
    class Rec(mod.KlondikeSolver):
        lane_figures = ()

        def _finish(self, status, moves=None):
            self.lane_figures = tuple(
                (type(lane).__name__, lane.nodes, len(lane.seen), getattr(lane, "count", None))
                for lane in self.lanes)
            return super()._finish(status, moves)
    return Rec


def cases(n_positions: int, n_deals: int):
    from games.klondike import Klondike
    from solvers import positions
    for i, s in enumerate(positions("klondike", {"draw": "1"}, 15, n_positions), 1):
        yield "positions", f"position {i}", s
    for draw in ("1", "3"):
        for n in range(1, n_deals + 1):
            yield f"deals draw {draw}", f"deal {n} draw {draw}", Klondike.deal(n, {"draw": draw})


def run(cls, state, nodes):
    t0 = time.process_time()
    sv = cls(state, max_nodes=nodes)
    r = sv.run()
    dt = time.process_time() - t0
    return dt, (r.status, sv.nodes, tuple(r.moves), sv.lane_figures)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rev", default="18e7f29", help="reference revision of games/solvers/klondike.py")
    ap.add_argument("--nodes", type=int, default=20000, help="node budget per case")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--deals", type=int, default=60)
    a = ap.parse_args(argv)
    from games.solvers import klondike
    ref, new = recorder(load_reference(a.rev)), recorder(klondike)
    groups: dict[str, list] = {}
    bad = 0
    for group, name, s in cases(a.positions, a.deals):
        t_ref, r_ref = run(ref, s, a.nodes)
        t_new, r_new = run(new, s, a.nodes)
        tally(groups, group, t_ref, t_new, r_ref == r_new, r_new[0])
        if r_ref != r_new:
            bad += 1
            print(f"DIFFERENT {name}:\n  reference {r_ref[:2]} {r_ref[3]}\n  working   {r_new[:2]} {r_new[3]}"
                  f"\n  same moves: {r_ref[2] == r_new[2]}")
    print(f"reference {a.rev}, working copy; node budget {a.nodes} per case")
    for group, (n, same, tr, tn, answers) in groups.items():
        ans = ", ".join(f"{v} {k}" for k, v in sorted(answers.items()))
        print(f"{group}: {same}/{n} identical ({ans}); CPU {tr:.2f} s -> {tn:.2f} s, x{tr / tn:.2f}")
    print(total_line(groups))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
