"""The FreeCell solver against an earlier revision of itself, in one process (issue 20, item 3).

    python bench/freecell_ab.py --rev main --deals 1-1000 > ab.txt
    python bench/freecell_ab.py --rev 79c7537 --deals 1001-1400
    python bench/freecell_ab.py --rev main --positions 120
    python bench/freecell_ab.py --rev main --module fast --deals 1-300
    python bench/freecell_ab.py --rev HEAD --old-module freecell --module fast --positions 120

``--module`` names the solver compared: ``freecell`` (default), the complete search
(:class:`games.solvers.freecell.FreeCellSearch`), or ``fast``, the do/undo core
(:class:`games.solvers.freecell_fast.FastSearch`, its line replayed here, outside its time).
``--old-module`` (default: the same) names the old side's, so that the two solvers can be compared
with each other: ``--rev HEAD --old-module freecell --module fast``.

The solver module of revision ``--rev`` (``git show REV:games/solvers/freecell.py``, or
``freecell_fast.py``) is loaded
beside the working tree's as a module of its own; each deal is solved by both (``old`` and
``new``), the order alternating from deal to deal so that the machine's load falls on both
alike: states, CPU seconds (``time.process_time``), solution length, how many deals get the same
answer, states and line from both ("same search", for a change meant only to be faster), and every
solution replayed by the rules (each move parsed and applied from the deal; the end must be won). A line
a deal as JSON, then the totals, the median and 99th percentile a deal and the ratio new / old.
Read the ratios, not the seconds (the machine is shared); run it with ``nice``.

``--positions N`` compares them on the first ``N`` mid-game positions of ``bench/solvers.py`` (the
hint's positions: deal n, then 15 policy moves) instead, with a 2 s CPU budget each: the
positions whose answer differs, the worst four of the first 60 and three of the rest, and the
total CPU of each side.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell as new_module  # noqa: E402
from games.solvers.search import replays_to_win  # noqa: E402
from solver_freecell import parse_deals, percentile  # noqa: E402


MODULES = {"freecell": "FreeCellSearch", "fast": "FastSearch"}
"""``--module`` → the search class compared (its module is ``games/solvers/freecell.py`` or
``games/solvers/freecell_fast.py``)."""


def module_file(name: str) -> str:
    return "freecell" if name == "freecell" else "freecell_fast"


def searcher(module, name: str, state, **kw):
    """A search of ``module``'s class for ``--module name`` from ``state`` (the fast core without
    its own replay: the caller replays every line)."""
    if name == "fast":
        kw["verify"] = False
    return getattr(module, MODULES[name])(state, **kw)


def load_revision(rev: str, name: str = "freecell"):
    """The solver module as it was at git revision ``rev``, loaded as ``games.solvers._freecell_old``
    (its relative imports resolve in the package). :raises subprocess.CalledProcessError: an
    unknown revision."""
    text = subprocess.run(["git", "show", f"{rev}:games/solvers/{module_file(name)}.py"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    fd, path = tempfile.mkstemp(suffix=".py")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    spec = importlib.util.spec_from_file_location("games.solvers._freecell_old", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    os.unlink(path)
    return mod


def positions_ab(sides: dict, count: int, rev: str, names: dict) -> int:
    """``--positions``: both sides on the hint positions (module docstring); 1 if a line does
    not replay."""
    from solvers import positions
    cpu: dict = {"old": [], "new": []}
    lens: dict = {"old": [], "new": []}
    differ, bad = [], []
    for i, s in enumerate(positions("freecell", {}, 15, count)):
        status = {}
        for side in (("old", "new") if i % 2 else ("new", "old")):
            c0 = time.process_time()
            r = searcher(sides[side], names[side], s, timeout=2.0, clock=time.process_time).run()
            c = time.process_time() - c0
            if r.status == "solved" and not replays_to_win(FreeCell, s, r.moves):
                bad.append((i + 1, side))
            status[side] = r.status
            cpu[side].append((round(c, 4), i + 1))
            if r.status == "solved":
                lens[side].append(len(r.moves))
        if status["old"] != status["new"]:
            differ.append((i + 1, status))
    print(f"# hint positions 1-{count}, old: {names['old']} at revision {rev}, new: {names['new']} in the working "
          f"tree; CPU seconds (cpu, position)")
    print(f"positions with another answer: {len(differ)} {differ[:10]}")
    for side in ("old", "new"):
        print(f"{side}: worst of 1-60 {sorted(cpu[side][:60])[-4:]}, of the rest {sorted(cpu[side][60:])[-3:]}, "
              f"total {sum(c for c, _ in cpu[side]):.2f}, solutions mean "
              f"{sum(lens[side]) / max(1, len(lens[side])):.1f} moves")
    print("replayed: " + (f"{len(bad)} DO NOT REPLAY {bad[:10]}" if bad else "every solution replayed to a win by the rules"))
    return 1 if bad else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_ab.py", description=__doc__.split("\n")[0])
    p.add_argument("--rev", default="main", help="the git revision to compare with (default main)")
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--positions", type=int, default=0, help="compare on this many hint positions instead")
    p.add_argument("--module", default="freecell", choices=sorted(MODULES),
                   help="the solver compared: freecell (the complete search, default) or fast (the do/undo core)")
    p.add_argument("--old-module", default=None, choices=sorted(MODULES),
                   help="the old side's solver (default: the same as --module)")
    a = p.parse_args(argv)
    deals = sorted(set(parse_deals(a.deals)))
    names = {"old": a.old_module or a.module, "new": a.module}
    old_module = load_revision(a.rev, names["old"])
    new = new_module if a.module == "freecell" else importlib.import_module("games.solvers.freecell_fast")
    sides = {"old": old_module, "new": new}
    if a.positions:
        return positions_ab(sides, a.positions, a.rev, names)
    res: dict = {"old": {}, "new": {}}
    bad = []
    rows = []
    differ = []             # deals whose answer, states or line differ
    lines: dict = {}
    for n in deals:
        s = FreeCell.deal(n, {})
        row: dict = {"deal": n}
        for side in (("old", "new") if n % 2 else ("new", "old")):
            c0 = time.process_time()
            r = searcher(sides[side], names[side], s).run()
            cpu = time.process_time() - c0
            if r.status == "solved" and not replays_to_win(FreeCell, s, r.moves):
                bad.append((n, side))
            res[side][n] = (r.status, r.nodes, cpu, len(r.moves))
            row[side] = [r.status, r.nodes, round(cpu, 5), len(r.moves)]
            lines[side] = (r.status, r.nodes, r.moves)
        if lines["old"] != lines["new"]:
            differ.append(n)
        rows.append(row)
    print(f"# deals {deals[0]}-{deals[-1]} ({len(deals)}), old: {names['old']} at revision {a.rev}, new: {names['new']} "
          f"in the working tree")
    for side in ("old", "new"):
        d = res[side]
        cpu = [x[2] for x in d.values()]
        solved = [x for x in d.values() if x[0] == "solved"]
        print(f"{side} solved {len(solved)} states {sum(x[1] for x in d.values())} cpu {sum(cpu):.2f} "
              f"mean len {sum(x[3] for x in solved) / max(1, len(solved)):.2f} p50 {percentile(cpu, 0.5):.4f} "
              f"p99 {percentile(cpu, 0.99):.4f} max {max(cpu):.4f}")
    oc = [x[2] for x in res["old"].values()]
    nc = [x[2] for x in res["new"].values()]
    print(f"cpu ratio new/old: total {sum(nc) / sum(oc):.3f}, median {percentile(nc, 0.5) / percentile(oc, 0.5):.3f}, "
          f"99th percentile {percentile(nc, 0.99) / percentile(oc, 0.99):.3f}")
    print(f"same search: {len(deals) - len(differ)} of {len(deals)} deals with the same answer, states and line"
          + (f"; differ: {differ[:20]}{' …' if len(differ) > 20 else ''}" if differ else ""))
    print("replayed: " + (f"{len(bad)} DO NOT REPLAY {bad[:10]}" if bad else "every solution replayed to a win by the rules"))
    print("# per deal: {deal, old: [status, states, cpu, moves], new: [...]}")
    for row in rows:
        print(json.dumps(row))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
