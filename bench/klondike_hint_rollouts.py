"""The hint positions of ``bench/solvers.py`` (Klondike, draw 1 or 3) solved by the solver as it is
and by the same solver with other class attributes (``--set NAME=VALUE``, e.g. the rollout lanes
from the first node), one after the other in one process, ``--budget`` CPU seconds each:

    python bench/klondike_hint_rollouts.py --draw 3 [--count 60] [--budget 2] --set "ROLLOUT_AT=0" …

A line a position: ``position  answer CPU-s nodes | answer CPU-s nodes`` (as is | with the
changes), then the totals and how many answers differ. CPU seconds (``time.process_time``) vary
with the machine's load; the two columns are measured side by side, so compare them as a ratio.
"""
from __future__ import annotations

import argparse
import ast
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games.solvers import klondike as ks  # noqa: E402
from solvers import positions  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--draw", choices=("1", "3"), required=True)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    a = ap.parse_args(argv)

    class Changed(ks.KlondikeSolver):
        pass

    for item in a.set:
        name, value = item.split("=", 1)
        if not hasattr(ks.KlondikeSolver, name):
            ap.error(f"--set: the solver has no attribute {name}")
        setattr(Changed, name, ast.literal_eval(value))
    tot = [0.0, 0.0]
    differ = 0
    for n, s in enumerate(positions("klondike", {"draw": a.draw}, 15, a.count), 1):
        out = []
        for i, cls in enumerate((ks.KlondikeSolver, Changed)):
            t0 = time.process_time()
            r = cls(s, timeout=a.budget, clock=time.process_time).run()
            dt = time.process_time() - t0
            tot[i] += dt
            out.append((r.status, dt, r.nodes))
        differ += out[0][0] != out[1][0]
        print(f"{n} " + " | ".join(f"{st} {dt:.3f} {nodes}" for st, dt, nodes in out), flush=True)
    print(f"# CPU s in all: {tot[0]:.1f} | {tot[1]:.1f}; answers that differ: {differ}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
