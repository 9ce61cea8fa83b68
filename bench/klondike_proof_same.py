"""Check that the Klondike proof lane (``games/solvers/klondike_proof.py``) still makes the *same
search* as a reference revision (a pure speed-up must): ``python bench/klondike_proof_same.py
[--rev 18e7f29] [--nodes 20000] [--positions 120] [--deals 1000] [--walks 500] [--draw3]
[--kings 0|1]``.

The reference is ``games/solvers/klondike_proof.py`` as of git revision ``--rev``, loaded from
``git show`` beside the working copy, so both run in one process on the same rules code (as
``bench/klondike_same_search.py`` does for the solver). Cases: the hint positions
1..``positions`` of ``bench/solvers.py`` (draw 1); the roots of deals 1..``deals`` in draw 1 and
in draw 3; ``walks`` mid-game positions, each reached from a deal (1, 2, ...; draw 1 and 3 in
turn) by 10 to 80 random legal moves (``random.Random(walk number)``, stopping early when none
is left). Each case builds an :class:`Abstract` for the position and runs a :class:`ProofLane`
on it, 64 abstract states at a time, until it answers or ``nodes`` states are expanded. For each
case it compares the answer (``True`` lost, ``False`` goal reached, ``None`` budget spent), the
states expanded (``lane.nodes``), the root, the size of the visited map ``lane.seen`` (keys, and
talons kept in all), a digest of its whole content, and the stack left: any difference is
printed and the exit status is 1. With ``--draw3`` the draw-3 lane is compared instead:
an :class:`Abstract3` and a :class:`ProofLane3` on the positions dealt and played in draw 3
(the hint positions, the roots of the deals in draw 3, the walks from draw-3 deals), with
``Abstract3(kings=...)`` as ``--kings`` says (1, the default; the solver's lane has 0). It prints the CPU seconds of each side
(``time.process_time``, building the abstract game included) and their ratio, by group.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from revision import module_at, tally, total_line  # noqa: E402 (bench/ is on the path now)


def load_reference(rev: str):
    """``games.solvers.klondike_proof`` as of git revision ``rev``, as a separate module object."""
    return module_at(rev, "games/solvers/klondike_proof.py", "games.solvers._klondike_proof_reference")


def walk(n: int):
    """Mid-game position number ``n`` (module docstring)."""
    from games.klondike import Klondike
    rng = random.Random(n)
    s = Klondike.deal((n - 1) // 2 + 1, {"draw": "1" if n % 2 else "3"})
    for _ in range(rng.randint(10, 80)):
        ms = Klondike.legal_moves(s)
        if not ms:
            break
        s = Klondike.apply(s, rng.choice(ms))
    return s


def walk3(n: int):
    """Mid-game position number ``n`` for ``--draw3``: as :func:`walk`, always from a draw-3 deal."""
    from games.klondike import Klondike
    rng = random.Random(n)
    s = Klondike.deal(n, {"draw": "3"})
    for _ in range(rng.randint(10, 80)):
        ms = Klondike.legal_moves(s)
        if not ms:
            break
        s = Klondike.apply(s, rng.choice(ms))
    return s


def cases(n_positions: int, n_deals: int, n_walks: int, draw3: bool = False):
    from games.klondike import Klondike
    from solvers import positions
    d = "3" if draw3 else "1"
    for i, s in enumerate(positions("klondike", {"draw": d}, 15, n_positions), 1):
        yield f"positions draw {d}", f"position {i}", s
    for draw in (("3",) if draw3 else ("1", "3")):
        for n in range(1, n_deals + 1):
            yield f"deals draw {draw}", f"deal {n} draw {draw}", Klondike.deal(n, {"draw": draw})
    for n in range(1, n_walks + 1):
        yield "random walks", f"walk {n}", walk3(n) if draw3 else walk(n)


def run(mod, cols, T, f, nodes):
    t0 = time.process_time()
    lane = mod.ProofLane(mod.Abstract(cols, T, f), 1.0)
    res = None
    while lane.nodes < nodes:
        res = lane.run(min(64, nodes - lane.nodes))
        if res is not None:
            break
    dt = time.process_time() - t0
    seen = lane.seen
    digest = hash(frozenset((k, frozenset(v)) for k, v in seen.items()))
    return dt, (res, lane.nodes, lane.game.root, len(seen), sum(len(v) for v in seen.values()), digest,
                tuple(lane.stack))


def run3(mod, cols, T, p, f, nodes, kings=None):
    """:func:`run` for the draw-3 lane (``--draw3``; ``kings`` as :class:`Abstract3`'s)."""
    t0 = time.process_time()
    lane = mod.ProofLane3(mod.Abstract3(cols, T, p, f, kings), 1.0)
    res = None
    while lane.nodes < nodes:
        res = lane.run(min(64, nodes - lane.nodes))
        if res is not None:
            break
    dt = time.process_time() - t0
    seen, stack = lane.seen, lane.stack
    if hasattr(lane, "boards"):  # a lane that keeps its states as codes: read as states
        seen, stack = lane.boards(), [lane.game.state(x) for x in stack]
    digest = hash(frozenset((k, frozenset(v)) for k, v in seen.items()))
    return dt, (res, lane.nodes, lane.game.root, len(seen), sum(len(v) for v in seen.values()), digest,
                tuple(stack))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rev", default="18e7f29", help="reference revision of games/solvers/klondike_proof.py")
    ap.add_argument("--nodes", type=int, default=20000, help="abstract states per case at most")
    ap.add_argument("--positions", type=int, default=120)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--walks", type=int, default=500)
    ap.add_argument("--draw3", action="store_true", help="compare the draw-3 lane (Abstract3, ProofLane3)")
    ap.add_argument("--kings", type=int, default=1, choices=(0, 1), help="with --draw3: Abstract3(kings=...)")
    a = ap.parse_args(argv)
    from games.solvers import klondike_proof as new
    from games.solvers.klondike import _Problem
    ref = load_reference(a.rev)
    groups: dict[str, list] = {}
    bad = 0
    for group, name, s in cases(a.positions, a.deals, a.walks, a.draw3):
        cols, T, p, f = _Problem.from_rules(s)
        if a.draw3:
            t_ref, r_ref = run3(ref, cols, T, p, f, a.nodes, bool(a.kings))
            t_new, r_new = run3(new, cols, T, p, f, a.nodes, bool(a.kings))
        else:
            t_ref, r_ref = run(ref, cols, T, f, a.nodes)
            t_new, r_new = run(new, cols, T, f, a.nodes)
        g = tally(groups, group, t_ref, t_new, r_ref == r_new, r_new[0], extra=(0,))
        g[5] += r_new[1]
        if r_ref != r_new:
            bad += 1
            print(f"DIFFERENT {name}:\n  reference {r_ref[:6]}\n  working   {r_new[:6]}")
    print(f"reference {a.rev}, working copy; at most {a.nodes} abstract states per case"
          + (f"; draw 3, kings={bool(a.kings)}" if a.draw3 else ""))
    names = {True: "lost", False: "goal", None: "budget"}
    for group, (n, same, tr, tn, answers, nodes) in groups.items():
        ans = ", ".join(f"{v} {names[k]}" for k, v in sorted(answers.items(), key=lambda kv: str(kv[0])))
        print(f"{group}: {same}/{n} identical ({ans}; {nodes} states); CPU {tr:.2f} s -> {tn:.2f} s,"
              f" x{tr / tn:.2f}, {1e6 * tr / max(nodes, 1):.1f} -> {1e6 * tn / max(nodes, 1):.1f} us/state")
    print(total_line(groups))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
