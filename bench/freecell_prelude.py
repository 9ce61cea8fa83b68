"""How the FreeCell solver's soft depth-first prelude (``games.solvers.freecell.PRELUDE``) was
chosen and measured.

    python bench/freecell_prelude.py count --order 8 --cap 400 > soft-8.jsonl
    python bench/freecell_prelude.py ab --deals 1-1000 > ab.txt
    python bench/freecell_prelude.py ab --deals 1-300 --prelude '[[8, 100], [13, 75]]'

``count`` runs one :class:`games.solvers.freecell.SoftDepthFirst` order (:data:`ORDERS`) alone,
as a prelude of one turn of ``--cap`` states, on each deal and prints one JSON line a deal:
``[deal, states to a win or null, CPU seconds, solution moves or 0]`` (the line as the solver
returns it: bridged by :func:`games.solvers.freecell.bridge`, replayed by the rules). With the
lanes' own counts (``bench/results/freecell-lanes-*.jsonl``, ``bench/freecell_schedule.py``) a
prelude in front of ``SCHEDULE`` is arithmetic on these numbers; a soft state costs ~3 of a
lane's (measured alone, same process), which the simulation has to weigh.

``ab`` solves each deal twice in this one process, without a prelude (``old``) and with one
(``new``: ``--prelude`` as JSON, default the solver's ``PRELUDE``), the order alternating from
deal to deal so that the machine's load falls on both alike: states, CPU seconds
(``time.process_time``), solution length, each solution replayed by the rules; then a line a
deal as JSON. Read the ratio, not the seconds (the machine is shared). Run both with ``nice``.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell as fcs  # noqa: E402
from games.solvers.search import replays_to_win  # noqa: E402
from solver_freecell import parse_deals, percentile  # noqa: E402


def count(deals: list[int], order: int, cap: int) -> None:
    """Print each deal's line (module docstring). :raises AssertionError: a line that does not
    replay."""
    for n in deals:
        s = FreeCell.deal(n, {})
        c0 = time.process_time()
        r = fcs.FreeCellSearch(s, max_nodes=cap, prelude=[(order, cap)]).run()
        cpu = time.process_time() - c0
        won = r.status == "solved"
        assert not won or replays_to_win(FreeCell, s, r.moves), n
        print(json.dumps([n, r.nodes if won else None, round(cpu, 5), len(r.moves)]), flush=True)


def ab(deals: list[int], prelude) -> int:
    """The same-process comparison of the module docstring; 1 if a line does not replay."""
    sides = {"old": [], "new": prelude}
    res: dict = {"old": {}, "new": {}}
    rows, bad = [], []
    for n in deals:
        s = FreeCell.deal(n, {})
        row: dict = {"deal": n}
        for side in (("old", "new") if n % 2 else ("new", "old")):
            c0 = time.process_time()
            r = fcs.FreeCellSearch(s, prelude=sides[side]).run()
            cpu = time.process_time() - c0
            if r.status == "solved" and not replays_to_win(FreeCell, s, r.moves):
                bad.append((n, side))
            res[side][n] = (r.status, r.nodes, cpu, len(r.moves))
            row[side] = [r.status, r.nodes, round(cpu, 5), len(r.moves)]
        rows.append(row)
    print(f"# deals {deals[0]}-{deals[-1]} ({len(deals)}), old: no prelude, new: prelude {json.dumps(prelude)}")
    for side in ("old", "new"):
        d = res[side]
        cpu = [x[2] for x in d.values()]
        solved = [x for x in d.values() if x[0] == "solved"]
        print(f"{side} solved {len(solved)} states {sum(x[1] for x in d.values())} cpu {sum(cpu):.2f} "
              f"mean len {sum(x[3] for x in solved) / max(1, len(solved)):.2f} p50 {percentile(cpu, 0.5):.4f} "
              f"p99 {percentile(cpu, 0.99):.4f} max {max(cpu):.4f}")
    old_cpu = sum(x[2] for x in res["old"].values())
    print(f"cpu ratio new/old {sum(x[2] for x in res['new'].values()) / old_cpu:.3f}")
    print("replayed: " + (f"{len(bad)} DO NOT REPLAY {bad[:10]}" if bad else "every solution replayed to a win by the rules"))
    print("# per deal: {deal, old: [status, states, cpu, moves], new: [...]}")
    for row in rows:
        print(json.dumps(row))
    return 1 if bad else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_prelude.py", description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("count", "ab"))
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--order", type=int, default=8, help="count: the order of ORDERS")
    p.add_argument("--cap", type=int, default=400, help="count: states before giving up")
    p.add_argument("--prelude", default="", help="ab: the prelude as JSON (default: the solver's PRELUDE)")
    a = p.parse_args(argv)
    deals = sorted(set(parse_deals(a.deals)))
    if a.what == "count":
        if not 0 <= a.order < len(fcs.ORDERS):
            p.error(f"--order must be 0..{len(fcs.ORDERS) - 1}")
        count(deals, a.order, a.cap)
        return 0
    prelude = [tuple(t) for t in json.loads(a.prelude)] if a.prelude else list(fcs.PRELUDE)
    return ab(deals, prelude)


if __name__ == "__main__":
    sys.exit(main())
