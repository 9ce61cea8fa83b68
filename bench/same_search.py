"""Check that a solver still makes the *same search* as a reference revision (a pure speed-up
must): ``python bench/same_search.py GAME [--rev REV] [--nodes 200000] [--positions 60] [--deals 100]``.

The reference is ``games/solvers/GAME.py`` as of git revision ``--rev`` (loaded from ``git show``
beside the working copy, so both run in one process on the same rules code). Cases: every variant
of GAME in ``bench/solvers.py`` on its positions 1..``positions`` (the bench's 20 and the held-out
ones) and deals 1..``deals``, each searched under a node budget only (no clock, so the run is
deterministic). For each case it compares the status, the solution's moves and the nodes
generated (and, for a search that keeps one, the best result and the line to it: Devil's Grip's
fewest cards left): any difference is printed and the exit status is 1. ``--working-kw`` passes
keyword arguments to the working copy's ``solver`` only (Devil's Grip: ``'{"first_beam": true}'``,
the earlier phase order and beam, to check a speed-up of it against a revision from before;
``--ref-kw`` passes the reference's, to compare that mode on both sides). ``--entry`` names the
module's function that makes both searches instead of ``solver`` (Devil's Grip: ``hint_search``,
the app's hint, whose beam is wider). ``--answers`` leaves
the nodes out of the comparison, for a change that cuts lost positions sooner (the answers and
the first solution found stay, the nodes do not; give ``--nodes`` room enough that neither side
runs out). It also prints the CPU seconds of each side (``time.process_time``) and their ratio, by group. For Klondike, whose lanes have more
to compare, see ``bench/klondike_same_search.py``.
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


def cases(game: str, n_positions: int, n_deals: int):
    from games.registry import find_game
    from solvers import VARIANTS, positions
    rules = find_game(game)
    for name, g, options, depth, _wait, _goal in VARIANTS:
        if g != game:
            continue
        for i, s in enumerate(positions(game, options, depth, n_positions), 1):
            yield f"{name} positions", f"{name} position {i}", s
        for n in range(1, n_deals + 1):
            yield f"{name} deals", f"{name} deal {n}", rules.deal(n, rules.check_options(options))


def run(mod, state, nodes, entry="solver", **kw):
    t0 = time.process_time()
    sv = getattr(mod, entry)(state, max_nodes=nodes, **kw)
    r = sv.run()
    return time.process_time() - t0, (r.status, sv.nodes, tuple(r.moves), sv.best_result(),
                                      tuple(sv.best_moves() or ()))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", help="a game whose solver is games/solvers/GAME.py (tripeaks, pyramid, …)")
    ap.add_argument("--rev", default="HEAD", help="reference revision")
    ap.add_argument("--nodes", type=int, default=200_000, help="node budget per case")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--working-kw", default="{}",
                    help="JSON: keyword arguments of the working copy's solver()")
    ap.add_argument("--ref-kw", default="{}",
                    help="JSON: keyword arguments of the reference's solver()")
    ap.add_argument("--entry", default="solver",
                    help="the module's function that makes the search, on both sides (Devil's Grip: "
                         "hint_search, the app's hint)")
    ap.add_argument("--answers", action="store_true",
                    help="compare all but the nodes: status, moves, best result and line")
    a = ap.parse_args(argv)
    import json
    kw = json.loads(a.working_kw)
    ref_kw = json.loads(a.ref_kw)
    import importlib
    path = f"games/solvers/{a.game.replace('-', '_')}.py"
    new = importlib.import_module(path[:-3].replace("/", "."))
    ref = module_at(a.rev, path, f"games.solvers._{a.game.replace('-', '_')}_reference")
    groups: dict[str, list] = {}
    bad = 0
    for group, name, s in cases(a.game, a.positions, a.deals):
        t_ref, r_ref = run(ref, s, a.nodes, a.entry, **ref_kw)
        t_new, r_new = run(new, s, a.nodes, a.entry, **kw)
        if a.answers:  # the nodes (index 1) left out
            r_ref, r_new = r_ref[:1] + r_ref[2:], r_new[:1] + r_new[2:]
        tally(groups, group, t_ref, t_new, r_ref == r_new, r_new[0])
        if r_ref != r_new:
            bad += 1
            print(f"DIFFERENT {name}:\n  reference {r_ref[:2]}\n  working   {r_new[:2]}\n  same moves: {r_ref[2] == r_new[2]}")
    working = "working copy" + (f" {a.working_kw}" if kw else "") + \
        (f"; both searches made by {a.entry}" if a.entry != "solver" else "")
    reference = a.rev + (f" {a.ref_kw}" if ref_kw else "")
    print(f"{a.game}: reference {reference}, {working}; node budget {a.nodes} per case"
          + ("; nodes not compared" if a.answers else ""))
    for group, (n, same, tr, tn, answers) in groups.items():
        ans = ", ".join(f"{v} {k}" for k, v in sorted(answers.items()))
        print(f"{group}: {same}/{n} identical ({ans}); CPU {tr:.2f} s -> {tn:.2f} s, x{tr / tn:.2f}")
    print(total_line(groups))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
