"""The FreeCell fast core's hand-over after every thread ran dry: schedules of the complete solver
compared on the positions where it happens (issue 20, item 1).

    python bench/freecell_dry.py --positions 1-400
    python bench/freecell_dry.py --positions 401-1000 --runs 3

The positions are ``bench/solvers.py``'s kind (deal n, then 15 of its policy's moves; positions
1-120 are its hint positions). Each is searched once by :class:`games.solvers.freecell_fast.FastSearch`
as it is; those on which every thread ran dry before the hand-over (``FastSearch.dry``) are then
searched by each variant of :data:`games.solvers.freecell_fast.DRY_SCHEDULE` (the complete
solver's lane schedule then; ``old``: its own prelude and :data:`games.solvers.freecell.SCHEDULE`,
as before session 19), the smallest CPU of ``--runs`` kept (``time.process_time``), the variants
in turn position by position. Every variant must give the same answer (the run fails otherwise).

Printed: a line a position (its number, answer, and ``(nodes, ms)`` by variant), then each
variant's total CPU over the won and the lost positions. Read the ratios, not the seconds (the
machine is shared); run it with ``nice``.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from games.solvers import freecell as fc  # noqa: E402
from games.solvers import freecell_fast as ff  # noqa: E402
from solvers import positions  # noqa: E402

VARIANTS = {
    "old": (fc.SCHEDULE, fc.PRELUDE),
    "lane0": (((0, 20000),), fc.PRELUDE),
    "lane0-noprelude": (((0, 20000),), ()),
    "lane0-6000": (((0, 6000),) + fc.SCHEDULE[1:], fc.PRELUDE),
}
"""name: (the complete solver's schedule, its prelude) after the threads ran dry."""


def search(s, schedule, prelude, runs: int):
    """``(status, nodes, best CPU seconds)`` of the fast core on ``s`` with this dry schedule."""
    keep = ff.DRY_SCHEDULE, ff.HAND_PRELUDE
    ff.DRY_SCHEDULE, ff.HAND_PRELUDE = schedule, prelude
    try:
        best = None
        for _ in range(runs):
            c0 = time.process_time()
            r = ff.FastSearch(s, clock=time.process_time).run()
            c = time.process_time() - c0
            best = c if best is None else min(best, c)
    finally:
        ff.DRY_SCHEDULE, ff.HAND_PRELUDE = keep
    return r.status, r.nodes, best


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_dry.py", description=__doc__.split("\n")[0])
    p.add_argument("--positions", default="1-400", help="a range of position numbers")
    p.add_argument("--runs", type=int, default=3, help="runs a variant, the smallest CPU kept")
    p.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated: " + ", ".join(VARIANTS))
    a = p.parse_args(argv)
    lo, hi = map(int, a.positions.split("-"))
    names = a.variants.split(",")
    tot = {n: {"solved": 0.0, "unsolvable": 0.0} for n in names}
    count = {"solved": 0, "unsolvable": 0}
    bad = []
    for i, s in enumerate(positions("freecell", {}, 15, hi)[lo - 1:], lo):
        f = ff.FastSearch(s, clock=time.process_time)
        r = f.run()
        if not f.dry:
            continue
        count[r.status] = count.get(r.status, 0) + 1
        row = []
        for n in names:
            st, nodes, cpu = search(s, *VARIANTS[n], a.runs)
            if st != r.status:
                bad.append((i, n, st))
            tot[n][r.status] = tot[n].get(r.status, 0.0) + cpu
            row.append((nodes, round(1000 * cpu, 1)))
        print(i, r.status, row, flush=True)
    print(f"# positions {a.positions}: dry hand-overs {count}; CPU seconds, smallest of {a.runs}")
    ref = tot[names[0]]
    for n in names:
        print(f"{n:18s} won {tot[n]['solved']:.3f} ({tot[n]['solved'] / max(ref['solved'], 1e-9):.3f})"
              f"  lost {tot[n]['unsolvable']:.3f} ({tot[n]['unsolvable'] / max(ref['unsolvable'], 1e-9):.3f})")
    if bad:
        print("ANOTHER ANSWER:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
