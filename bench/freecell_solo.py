"""The FreeCell fast core's portfolio against each of its threads alone, deal by deal (issue 20,
item 3): the deals where some thread alone wins in few positions but the portfolio spends many.

    python bench/freecell_solo.py --deals 1-2200 > solo.jsonl
    python bench/freecell_solo.py --simulate solo.jsonl
    python bench/freecell_solo.py --deals 1-24000 --handed --cap 5000 > handed.jsonl

Each deal is searched by :class:`games.solvers.freecell_fast.FastSearch` as it is (CPU seconds,
``time.process_time``; positions = ``nodes``, the complete search's states after a hand-over), then
by each thread of :data:`~games.solvers.freecell_fast.ORDERS` and
:data:`~games.solvers.freecell_fast.FULL_ORDERS` alone, from the deal, with a visited set of its
own (its sort and cap as in the portfolio), up to ``--cap`` positions: a JSON line a deal,
``{deal, nodes, cpu, handed_over, winner, solos}`` (``solos``: the positions each thread alone
needs to win, ``null`` if not within the cap). ``--handed``: the portfolio without its solo probes
(:data:`~games.solvers.freecell_fast.PROBES`), and only the deals it hands over to the complete
search are counted alone and printed (about one in a thousand: a long range of deals is cheap).

``--simulate FILE…`` reads such lines and prints, for solo probes (at ``P`` portfolio positions
the threads ``ks`` each run alone from the deal for ``S`` positions, in turn, then the portfolio
goes on), the total CPU as a share of the portfolio's, each position counted at 12 µs: a deal won
by a probe costs ``P`` + the probes' positions, one that is not the portfolio's CPU + the probes'.
An estimate from the counts, not a measurement.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell_fast as ff  # noqa: E402
from solver_freecell import parse_deals  # noqa: E402

US = 12e-6
"""CPU seconds a thread's position, for the simulation."""


def alone(s, order, sort, cap, most: int) -> int | None:
    """Positions one thread alone needs to win ``s`` (``None``: not within ``most``)."""
    root = ff.Board(s)
    root.autos()
    t = ff.Thread(root.copy(), order, None, cap, sort)
    return t.states if t.run({root.h}, most) else None


def count(n: int, most: int, handed: bool = False) -> dict | None:
    s = FreeCell.deal(n, {})
    c0 = time.process_time()
    f = ff.FastSearch(s, verify=False, clock=time.process_time, probes=() if handed else None)
    r = f.run()
    cpu = time.process_time() - c0
    if handed and f.complete is None:
        return None
    solos = [alone(s, o, (list(ff.SORTS) + [False] * 8)[i], None, most) for i, o in enumerate(ff.ORDERS)]
    solos += [alone(s, o, False, ff.FULL_CAPS[i], most) for i, o in enumerate(ff.FULL_ORDERS)]
    return {"deal": n, "nodes": r.nodes, "cpu": round(cpu, 6), "handed_over": f.complete is not None,
            "winner": f.winner, "solos": solos}


def simulate(rows: list, p: int, ks: tuple, size: int) -> float:
    """The simulated total CPU of solo probes (module docstring)."""
    tot = 0.0
    for r in rows:
        if r["nodes"] <= p or "solos" not in r:
            tot += r["cpu"]
            continue
        spent, won = p * US, False
        for k in ks:
            x = r["solos"][k]
            if x is not None and x <= size:
                spent, won = spent + x * US, True
                break
            spent += size * US
        tot += spent if won else r["cpu"] + len(ks) * size * US
    return tot


def main(argv=None) -> int:
    a = argparse.ArgumentParser(prog="python bench/freecell_solo.py", description=__doc__.split("\n")[0])
    a.add_argument("--deals", default="1-1000")
    a.add_argument("--cap", type=int, default=3000, help="positions a thread alone at most")
    a.add_argument("--simulate", nargs="+", metavar="FILE", help="simulate solo probes from these counts")
    a.add_argument("--handed", action="store_true",
                   help="the portfolio without its probes; only the deals it hands over, counted alone")
    args = a.parse_args(argv)
    if args.simulate:
        rows = [json.loads(ln) for f in args.simulate for ln in open(f) if ln.startswith("{")]
        base = sum(r["cpu"] for r in rows)
        print(f"# {len(rows)} deals, portfolio CPU {base:.3f} s; handed over: "
              + ", ".join(f"#{r['deal']} ({r['nodes']} positions, {1000 * r['cpu']:.0f} ms, alone {r['solos']})"
                          for r in rows if r["handed_over"]))
        cls = [r for r in rows if r["nodes"] > 1000 and any(x is not None and 4 * x < r["nodes"] for x in r["solos"])]
        print(f"# deals over 1 000 positions that some thread alone wins in under a quarter of them: {len(cls)}, "
              f"{sum(r['cpu'] for r in cls):.3f} s")
        for p in (3000, 5000):
            for ks in ((2,), (0,), (7,), (2, 7), (0, 2), (2, 0, 7), (2, 3), (2, 3, 7), (7, 3, 2)):
                print(f"probes at {p}, threads {ks}: " + "  ".join(
                    f"S {s} {simulate(rows, p, ks, s) / base:.3f}" for s in (300, 600, 1000, 1200, 2000)))
        return 0
    for n in parse_deals(args.deals):
        row = count(n, args.cap, args.handed)
        if row is not None:
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
