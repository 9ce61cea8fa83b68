"""Signs, read off the draw-3 hint's own search, of a position the search is stuck on:
``python bench/klondike_signal3.py [--positions 1-200] [--at 2000,5000,10000,20000]
[--max-nodes 60000] [--states 30000] [--step 200]``, or ``--deals 1-1000``.

For each of ``bench/solvers.py``'s draw-3 hint positions (deal n, then its 15 policy moves) the
whole solver (:class:`~games.solvers.klondike.KlondikeSolver`) without its early game (``SIGN3 =
None``: the same search node for node, so the positions that game proves stay open to be read)
runs, stepped ``--step`` nodes at a time, to ``--max-nodes`` nodes; at each node count of
``--at`` still open, and at the first step after the draw-1 proof lane has left (``left``, if
by the last of ``--at``), it reads, over every board its
depth-first and progress lanes have met (their visited keys: each column's face-down count and
cards, then the talon): the fewest face-down cards on one board, the face-down cards of the
position no board has turned up yet, and the fewest talon cards. Beside them, the exact-talon
abstract game alone from the solver's root (:class:`~games.solvers.klondike_proof.Abstract3`,
``kings`` True) to ``--states`` states: ``True`` proved lost, ``False`` its goal reached,
``None`` not within the states. One line per position: ``n answer nodes | game answer states |
N: fewest-down never-up fewest-talon d1`` for each checkpoint still open, ``d1`` 1 while the draw-1
proof lane still searches (0: it has left, its game having reached its goal); the ``left``
checkpoint reads ``left@N:`` (N its nodes). A sign that marks
positions like 15 and no won one still open at the same nodes would let the hint run that game
early on those alone (docs/solvers.md, item 1, "Session 22").

With ``--deals``: draw-3 deals' roots, each searched (with the solver's ``SIGN3``) until its sign
is read; a line per deal: ``deal no`` (the sign did not fire), or ``deal FIRED answer states
complete CPU-s`` — the solver's answer when it came while the early game ran (``-`` none), the
states that game ran and whether it proved the deal lost. Where it does not fire the search is
the one without ``SIGN3``, node for node; where it fires, the same but for that game's states.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def board_signs(sv) -> tuple:
    """``(fewest face-down cards on a board met, face-down cards of the root never turned up,
    fewest talon cards)`` over the visited keys of ``sv``'s depth-first and progress lanes."""
    fewest, talon, never = 99, 99, None
    for lane in sv.lanes:
        seen = getattr(lane, "seen", None)
        if not isinstance(seen, dict) or not seen:
            continue
        k0 = next(iter(seen))
        if not isinstance(k0, bytes):  # a proof lane's states
            continue
        for k in seen:
            cols, _, rest = k.partition(b"\xfe")
            down = set()
            n = 0
            for b in cols.split(b"\xff"):
                d = b[0]
                n += d
                down.update(b[1:1 + d])
            fewest = min(fewest, n)
            never = down if never is None else never & down
            talon = min(talon, len(rest))
    return fewest, len(never or ()), talon


def deals(numbers_: list[int]) -> int:
    """The ``--deals`` mode: a line per deal; returns 0."""
    from games.klondike import Klondike
    from games.solvers.klondike import KlondikeSolver
    at = KlondikeSolver.SIGN3[0]  # read from its first turn after ``since`` nodes on
    print(f"# draw-3 deals' roots, SIGN3 = {KlondikeSolver.SIGN3}: deal no | deal FIRED answer states "
          "proved CPU-s; python " + sys.version.split()[0])
    fired_count = proved = 0
    for n in numbers_:
        sv = KlondikeSolver(Klondike.deal(n, {"draw": "3"}))
        r = sv.result
        t = time.process_time()
        while r is None and sv._sign3 == 0:  # one node a step near the sign: its game's first state
            r = sv.step(1 if sv.nodes >= at - 300 else 200)
        lane = sv._sign3[0] if isinstance(sv._sign3, tuple) else None
        if lane is None:
            print(n, "no", flush=True)
            continue
        while r is None and isinstance(sv._sign3, tuple):  # until its game stops (not the late sign)
            r = sv.step(200)
        fired_count += 1
        proved += lane.complete
        print(n, "FIRED", r.status if r else "-", lane.nodes, lane.complete, f"{time.process_time() - t:.3f}", flush=True)
    print(f"# fired on {fired_count} of {len(numbers_)}; proved lost by it: {proved}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", default="1-200")
    ap.add_argument("--at", default="2000,5000,10000,20000")
    ap.add_argument("--max-nodes", type=int, default=60_000)
    ap.add_argument("--states", type=int, default=30_000)
    ap.add_argument("--step", type=int, default=200, help="nodes a step: the checkpoints' grain")
    ap.add_argument("--deals", default="", help="draw-3 deals' roots instead: does SIGN3 fire")
    a = ap.parse_args(argv)
    from games.solvers.klondike import KlondikeSolver
    from games.solvers.klondike_proof import Abstract3, ProofLane, ProofLane3
    from klondike_proof_kings import numbers
    if a.deals:
        return deals(numbers(a.deals))
    from solvers import positions
    ps = numbers(a.positions)
    at = [int(x) for x in a.at.split(",")]
    got = positions("klondike", {"draw": "3"}, 15, max(ps))
    KlondikeSolver.SIGN3 = None
    print(f"# draw-3 hint positions {a.positions}; solver (SIGN3 = None) to {a.max_nodes} nodes, "
          f"{a.step} a step, signs at {a.at} and where the draw-1 lane has left; "
          f"exact-talon game (kings) to {a.states} states; python {sys.version.split()[0]}")
    for n in ps:
        s = got[n - 1]
        t0 = time.process_time()
        sv = KlondikeSolver(s, max_nodes=a.max_nodes)
        r = sv.result
        signs = []
        todo = list(at)
        left = False
        while r is None:
            r = sv.step(a.step)
            if not left and r is None and sv.nodes <= at[-1] and not any(x.__class__ is ProofLane for x in sv.lanes):
                left = True
                signs.append((f"left@{sv.nodes}",) + board_signs(sv) + (0,))
            while todo and sv.nodes >= todo[0]:
                if r is None:
                    d1 = int(any(x.__class__ is ProofLane for x in sv.lanes))
                    signs.append((todo[0],) + board_signs(sv) + (d1,))
                todo.pop(0)
        dt = time.process_time() - t0
        game = "-"
        sv0 = KlondikeSolver(s, max_nodes=1)
        if sv0.result is None:
            cols, T, p, f = sv0.lanes[len(sv0.STREAMLINERS)].stack[0][0][:4]
            lane = ProofLane3(Abstract3(cols, T, p, f, True), 1.0)
            res = None
            while res is None and lane.nodes < a.states:
                res = lane.run(min(1000, a.states - lane.nodes))
            game = f"{res} {lane.nodes}"
        sig = " | ".join(f"{x[0]}: {x[1]} {x[2]} {x[3]} {x[4]}" for x in signs)
        print(f"{n} {r.status} {r.nodes} ({dt:.2f} s) | game {game} | {sig}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
