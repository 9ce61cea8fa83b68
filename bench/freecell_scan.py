"""Variants of the FreeCell fast core's constants side by side, in one process (issue 20, item 3).

    python bench/freecell_scan.py --deals 1-1000 '{}' '{"DIG_SLACK": 6}' '{"SLICE": 200}'
    python bench/freecell_scan.py --deals 1001-1400 '{}' '{"PRELUDE": [[0, 100], [2, 100], [3, 100], [1, 100]]}'

Each argument is a variant: a JSON object of module constants of
:mod:`games.solvers.freecell_fast` (``SLICE``, ``FULL_AFTER``, ``HAND_OVER``, ``DIG_SLACK``,
``ORDERS``…; lists are given as tuples, as the module keeps them) set before its search and put
back after; ``{}`` is the module as it is. Every deal is solved by every variant in turn, the order
rotated from deal to deal so that each variant comes first as often as every other (the first
search of a deal pays for filling the module's tables of foundation heights and warming the
caches: with the order only reversed, variants in the middle of four identical ones took 0.971 of
the first one's CPU on deals 1-1000) and the machine's load falls on all alike, each a
:class:`~games.solvers.freecell_fast.FastSearch` from the deal with no limit (its line not replayed
inside its time). Printed for each variant: its CPU seconds in all (``time.process_time``), the
median, 99th percentile (nearest rank) and worst deal in milliseconds, the positions (``nodes``:
positions entered, plus the complete search's states after a hand-over), the mean line and the
deals solved. With ``--replay`` every line is also replayed through the rules (outside the
times), and a line that does not win fails the run. Read the ratios between variants, never the
seconds (the machine is shared); run it with ``nice``. A variant that changes which deals the
threads win is a search change: check it on held-out deals too (docs/solvers.md, "The race with
Freecell Solver").
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
from games.solvers.search import replays_to_win  # noqa: E402
from solver_freecell import parse_deals, percentile  # noqa: E402


def as_constant(value):
    """A JSON value as the module keeps it: lists (nested too) become tuples."""
    if isinstance(value, list):
        return tuple(as_constant(v) for v in value)
    return value


def parse_variant(text: str) -> dict:
    """A variant's JSON text → ``{constant: value}``. :raises ValueError: not a JSON object, or a
    name the module has no upper-case constant of."""
    try:
        v = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"'{text}' is not JSON: {e}") from None
    if not isinstance(v, dict):
        raise ValueError(f"'{text}' is not a JSON object of constants")
    for k in v:
        if not k.isupper() or not hasattr(ff, k):
            raise ValueError(f"games.solvers.freecell_fast has no constant {k!r}")
    return {k: as_constant(x) for k, x in v.items()}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_scan.py", description=__doc__.split("\n")[0])
    p.add_argument("variants", nargs="+", help="JSON objects of module constants ('{}': the module as it is)")
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--replay", action="store_true", help="replay every line through the rules")
    a = p.parse_args(argv)
    try:
        variants = [parse_variant(t) for t in a.variants]
        deals = parse_deals(a.deals)
    except ValueError as e:
        p.error(str(e))
    names = {k for v in variants for k in v}
    base = {k: getattr(ff, k) for k in names}
    res = [{"cpu": [], "nodes": 0, "lens": [], "solved": 0} for _ in variants]
    bad = []
    for idx, n in enumerate(deals):
        s = FreeCell.deal(n, {})
        order = [(idx + k) % len(variants) for k in range(len(variants))]
        for vi in order:
            for k, x in base.items():
                setattr(ff, k, x)
            for k, x in variants[vi].items():
                setattr(ff, k, x)
            try:
                c0 = time.process_time()
                # HAND_OVER is the default of an argument (bound when the class was made): given here
                r = ff.FastSearch(s, verify=False, clock=time.process_time, hand_over=ff.HAND_OVER).run()
                c = time.process_time() - c0
            finally:
                for k, x in base.items():
                    setattr(ff, k, x)
            out = res[vi]
            out["cpu"].append(c)
            out["nodes"] += r.nodes
            if r.status == "solved":
                out["solved"] += 1
                out["lens"].append(len(r.moves))
                if a.replay and not replays_to_win(FreeCell, s, r.moves):
                    bad.append((n, a.variants[vi]))
    print(f"# deals {a.deals} ({len(deals)}); CPU seconds, per deal in ms; positions = nodes")
    ref = sum(res[0]["cpu"])
    for text, out in zip(a.variants, res):
        cpu = out["cpu"]
        print(f"{text:50s} cpu {sum(cpu):.3f} ({sum(cpu) / ref:.3f}) p50 {1000 * percentile(cpu, 0.5):.2f} "
              f"p99 {1000 * percentile(cpu, 0.99):.1f} max {1000 * max(cpu):.0f} positions {out['nodes']} "
              f"len {sum(out['lens']) / max(1, len(out['lens'])):.2f} solved {out['solved']}")
    if a.replay:
        print("replayed: " + (f"{len(bad)} DO NOT REPLAY {bad[:10]}" if bad else "every line replayed to a win by the rules"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
