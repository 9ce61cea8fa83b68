"""Devil's Grip's hint, its quality and its CPU, against an earlier revision in the same run.

    python bench/grip_hint_quality.py [--rev dd8b934] [--ref-nodes 40000] [--nodes N]
                                      [--positions 60] [--daily 1-450] [--every K] [--wins] [--each]

The hint of Devil's Grip is the first move of the best line its search finds within the node budget
(:data:`games.solvers.devils_grip.HINT_NODES`); its *result* is the cards that line leaves in stock
and talon (lower is better, 0 a win). This runs the search of revision ``--rev`` (loaded beside the
working tree by :func:`revision.module_at`, with ``--ref-nodes``) and the working one (``--nodes``,
default its ``HINT_NODES``) on the same positions, one after the other on each, and reports per set:
the summed results, on how many positions the working search leaves fewer / as many / more cards,
the wins, and the CPU seconds (``time.process_time``, so the machine's load changes them little;
the ratio of the two totals is the figure to quote). The sets:

- ``bench``: the positions of ``bench/solvers.py`` (deal n, then its fixed policy), 1-20 and the
  held out 21-60 together (``--positions``);
- ``daily``: the start of each deal of the daily bank (``games/banks/devils-grip-daily.txt``), whose
  goal is the best result known for it (150 000 nodes, beam 300): how many lines reach it too;
- ``wins``: the start of each deal of the win bank (``games/banks/devils-grip.txt``; ``--wins``).

``--each`` prints one line per position (set, name, reference result, working result, seconds).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from revision import module_at  # noqa: E402


def _range(text: str) -> range:
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def position_sets(count: int, daily_range: range | None, wins: bool) -> dict:
    """``{set name: [(name, state, goal or None), …]}`` as the module doc describes."""
    from games import daily
    from games.bank import load
    from games.devils_grip import DevilsGrip
    from solvers import VARIANTS, positions

    depth = next(v[3] for v in VARIANTS if v[0] == "devils-grip")
    out = {"bench": [(f"{i + 1}", s, None) for i, s in enumerate(positions("devils-grip", {}, depth, count))]}
    if daily_range is not None:
        goals = daily.grip_goals()
        out["daily"] = [(f"#{n}", DevilsGrip.deal(n), goals[n].goal) for n in sorted(goals) if n in daily_range]
    if wins:
        out["wins"] = [(f"#{n}", DevilsGrip.deal(n), 0) for n in load(DevilsGrip, {}).solvable]
    return out


def hint_result(module, state, nodes: int) -> tuple[int, float, str]:
    """The hint's search of ``module`` from ``state`` with ``nodes`` (its ``hint_search`` where it
    has one, else its ``solver``, as the app ran it then): (cards left by its best line, CPU
    seconds, its first move or ``-``)."""
    if hasattr(module, "hint_search"):
        s = module.hint_search(state, nodes, clock=time.process_time)
    else:
        s = module.solver(state, max_nodes=nodes, clock=time.process_time)
    s.run()
    moves = s.best_moves()
    return s.best, s.seconds, moves[0] if moves else "-"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/grip_hint_quality.py", description=__doc__.split("\n")[0])
    p.add_argument("--rev", default="dd8b934", help="the reference revision (git)")
    p.add_argument("--ref-nodes", type=int, default=40_000, help="the reference's node budget")
    p.add_argument("--nodes", type=int, default=None, help="the working search's (default: its HINT_NODES)")
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--daily", default="1-450", help="daily bank deals (a range), or 'none'")
    p.add_argument("--every", type=int, default=1, help="only every K-th deal of the daily bank (a sample)")
    p.add_argument("--wins", action="store_true", help="also the starts of the win bank's deals")
    p.add_argument("--each", action="store_true", help="one line per position")
    a = p.parse_args(argv)
    from games.solvers import devils_grip as new

    ref = module_at(a.rev, "games/solvers/devils_grip.py", "games.solvers._devils_grip_ref")
    nodes = a.nodes or new.HINT_NODES
    sets = position_sets(a.positions, None if a.daily == "none" else _range(a.daily)[::a.every], a.wins)
    print(f"reference {a.rev} at {a.ref_nodes} nodes, working tree at {nodes} nodes; "
          "results are cards left in stock and talon (lower is better)")
    for name, items in sets.items():
        rows = []
        for label, state, goal in items:
            rb, rt, _ = hint_result(ref, state, a.ref_nodes)
            nb, nt, mv = hint_result(new, state, nodes)
            rows.append((rb, rt, nb, nt, goal))
            if a.each:
                print(f"  {name} {label}: {rb} -> {nb} (goal {goal if goal is not None else '-'}), "
                      f"{rt:.3f} -> {nt:.3f} s, first move {mv}", flush=True)
        fewer = sum(nb < rb for rb, _, nb, _, _ in rows)
        more = sum(nb > rb for rb, _, nb, _, _ in rows)
        rts = [r[1] for r in rows]
        nts = [r[3] for r in rows]
        line = (f"{name}: {len(rows)} positions; cards left, summed {sum(r[0] for r in rows)} -> "
                f"{sum(r[2] for r in rows)}; the working search leaves fewer on {fewer}, as many on "
                f"{len(rows) - fewer - more}, more on {more}; wins {sum(r[0] == 0 for r in rows)} -> "
                f"{sum(r[2] == 0 for r in rows)}")
        if any(r[4] is not None for r in rows):
            line += (f"; at the bank's goal or better {sum(r[0] <= r[4] for r in rows)} -> "
                     f"{sum(r[2] <= r[4] for r in rows)}")
        print(line)
        print(f"  CPU s: median {statistics.median(rts):.3f} -> {statistics.median(nts):.3f}, worst "
              f"{max(rts):.3f} -> {max(nts):.3f}, total {sum(rts):.2f} -> {sum(nts):.2f} "
              f"(x{sum(nts) / sum(rts):.2f})", flush=True)
    print(f"native Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
