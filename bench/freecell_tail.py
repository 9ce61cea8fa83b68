"""Where the FreeCell fast core's CPU goes, deal by deal (issue 20, item 3).

    python bench/freecell_tail.py --deals 1-1000 > tail.txt
    python bench/freecell_tail.py --deals 1001-2200 --quiet

Each deal is searched by :class:`games.solvers.freecell_fast.FastSearch` from the deal (no limit,
its line not replayed), in steps of ``--step`` positions (default 25), each step's CPU seconds
(``time.process_time``) charged to the phase the search was in when the step began: the soft
threads, or after the hand-over the solo probes (:data:`~games.solvers.freecell_fast.PROBES`),
the complete search's soft prelude or its lanes (:class:`games.solvers.freecell.FreeCellSearch`). A step that crosses the hand-over is charged to
the threads, so a phase's CPU is right within one step (~0.3 ms).

Printed: a line a deal (``--quiet``: none) — its CPU, positions, who won it (``t0``…``t3`` the
threads of ``ORDERS``, ``t4``…``t7`` those of ``FULL_ORDERS``, ``probe tK`` a thread alone after
the hand-over, ``prelude`` or ``lane K`` of the complete search) and its line's length, with the
four phases' CPU for a deal handed over; then
the deals in bands of positions (won within 300, 301–1 000, 1 001–``HAND_OVER``, handed over),
each band's count, CPU and share of the total; the share of the slowest 1, 5 and 10 %; the CPU of
the deals handed over by phase; and the deals won by each thread. Read the shares, not the seconds
(the machine is shared); run it with ``nice``.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell_fast as ff  # noqa: E402
from solver_freecell import parse_deals  # noqa: E402


def profile(n: int, step: int = 25) -> dict:
    """Deal ``n`` searched by the fast core in steps of ``step`` positions: ``{deal, cpu, nodes,
    won_by, moves, threads, probes, prelude, lanes}`` (CPU seconds; ``won_by`` as the module docstring
    says, ``None`` if not solved)."""
    s = FreeCell.deal(n, {})
    clock = time.process_time
    f = ff.FastSearch(s, verify=False, clock=clock)
    phase = {"threads": 0.0, "probes": 0.0, "prelude": 0.0, "lanes": 0.0}
    r = None
    while r is None:
        c = f.complete
        if c is None:
            where = "threads" if f.probes is None else "probes"
        else:
            where = "prelude" if c._prelude else "lanes"
        t0 = clock()
        r = f.step(step)
        phase[where] += clock() - t0
    c = f.complete
    if r.status != "solved":
        won_by = None
    elif c is None:
        won_by = f"probe t{f.winner}" if f.by_probe else f"t{f.winner}"
    elif c._prelude:
        won_by = "prelude"
    else:
        won_by = f"lane {c._turn}"
    return {"deal": n, "cpu": sum(phase.values()), "nodes": r.nodes, "won_by": won_by,
            "moves": len(r.moves), **phase}


def report(rows: list[dict], hand_over: int) -> list[str]:
    """The summary lines of the module docstring for the deals' ``rows`` (:func:`profile`)."""
    total = sum(r["cpu"] for r in rows) or 1e-12
    out = [f"deals {len(rows)}: cpu {total:.3f} s, positions {sum(r['nodes'] for r in rows)}"]
    handed = [r for r in rows if r["probes"] or r["prelude"] or r["lanes"] or not str(r["won_by"]).startswith("t")]
    kept = [r for r in rows if r not in handed]
    bands = [("won within 300 positions", [r for r in kept if r["nodes"] <= 300]),
             ("won within 301-1000", [r for r in kept if 300 < r["nodes"] <= 1000]),
             (f"won within 1001-{hand_over}", [r for r in kept if r["nodes"] > 1000]),
             ("handed over", handed)]
    for name, rs in bands:
        cpu = sum(r["cpu"] for r in rs)
        pos = sum(r["nodes"] for r in rs)
        out.append(f"  {name:28s} {len(rs):5d} deals, cpu {cpu:7.3f} s ({100 * cpu / total:4.1f} %), "
                   f"positions {pos}, {1e6 * cpu / max(1, pos):.1f} us a position")
    by_cpu = sorted((r["cpu"] for r in rows), reverse=True)
    for frac in (0.01, 0.05, 0.10):
        k = max(1, round(frac * len(rows)))
        out.append(f"  slowest {100 * frac:.0f} % ({k} deals): {100 * sum(by_cpu[:k]) / total:.1f} % of the cpu")
    if handed:
        th, pb, pr, la = (sum(r[k] for r in handed) for k in ("threads", "probes", "prelude", "lanes"))
        out.append(f"  handed over: threads {th:.3f} s, probes {pb:.3f} s, complete search's prelude {pr:.3f} s, its lanes "
                   f"{la:.3f} s; won by " + ", ".join(f"#{r['deal']} {r['won_by']}" for r in handed))
    wins: dict = {}
    for r in rows:
        w = wins.setdefault(r["won_by"], [0, 0.0])
        w[0] += 1
        w[1] += r["cpu"]
    out.append("  won by: " + ", ".join(f"{k} {v[0]} ({v[1]:.3f} s)" for k, v in
                                         sorted(wins.items(), key=lambda kv: str(kv[0]))))
    out.append(f"  mean line {sum(r['moves'] for r in rows) / max(1, len(rows)):.2f} moves")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_tail.py", description=__doc__.split("\n")[0])
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--step", type=int, default=25, help="positions a step (a phase's CPU is right within one)")
    p.add_argument("--quiet", action="store_true", help="no line a deal")
    a = p.parse_args(argv)
    try:
        deals = parse_deals(a.deals)
    except ValueError as e:
        p.error(str(e))
    rows = []
    for n in deals:
        r = profile(n, a.step)
        rows.append(r)
        if not a.quiet:
            extra = (f" threads {1000 * r['threads']:.1f} probes {1000 * r['probes']:.1f} prelude "
                     f"{1000 * r['prelude']:.1f} lanes {1000 * r['lanes']:.1f}"
                     if r["probes"] or r["prelude"] or r["lanes"] else "")
            print(f"{n} cpu {1000 * r['cpu']:.2f} ms positions {r['nodes']} won_by {r['won_by']} "
                  f"moves {r['moves']}{extra}", flush=True)
    print(f"# deals {a.deals}; CPU seconds (process_time); positions = nodes (the probes' positions and the "
          f"complete search's states after a hand-over); HAND_OVER {ff.HAND_OVER}, PROBES {ff.PROBES}")
    for line in report(rows, ff.HAND_OVER):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
