"""The abstract games of ``games/solvers/klondike_proof.py`` with and without the rule that no
dig empties a column on a king ("A king's column stays" in that module; ``kings``), alone, on the
same positions: ``python bench/klondike_proof_kings.py [--draw 3] [--positions 1-60] [--deals
951,43] [--states 2000000] [--game 3|1]``.

Positions: the hint positions of ``bench/solvers.py`` (deal n of the draw, then its 15 policy
moves), and deals' roots. Each case builds the game from the solver's root (the complete search's
root: the safe cards already home, as :class:`~games.solvers.klondike.KlondikeSolver` builds its
proof lanes) and runs it alone (``ProofLane3``, or ``ProofLane`` with ``--game 1``) until it
answers or ``--states`` states are expanded, first without the rule (``kings=False``), then with
it, one after the other in this process. A line per case: the answer (``True`` lost, ``False``
goal reached, ``None`` budget spent), the states expanded and the CPU seconds
(``time.process_time``) of each; the last line sums the CPU seconds. With ``--watch`` the
exact-talon game runs with the solver's watch (``KlondikeSolver.DEEP3``: its stack first holding
95 states within its first 10 000) and a case ends where it fires (``fires`` and the state), at
an answer, or at 10 000 states (``open``); ``DIFF`` marks a case where it fires in one game and
not in the other.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def numbers(text: str) -> list[int]:
    """``"1-3,7"`` -> ``[1, 2, 3, 7]``."""
    out = []
    for part in filter(None, text.split(",")):
        a, _, b = part.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


def run(state, game: str, kings: bool, states: int, watch: bool = False) -> tuple:
    """The game alone from ``state``'s solver root: ``(answer, states expanded, CPU s)``; with
    ``watch``, the answer is ``"fires"`` where the solver's watch fires, ``"open"`` at its window's
    end."""
    from games.solvers.klondike import KlondikeSolver
    from games.solvers.klondike_proof import Abstract, Abstract3, ProofLane, ProofLane3
    t = time.process_time()
    sv = KlondikeSolver(state, max_nodes=1)
    if sv.result is not None:  # answered at the root (rule 5, or won)
        return sv.result.status, 0, time.process_time() - t
    root = sv.lanes[len(sv.STREAMLINERS_DRAW1 if state.draw == 1 else sv.STREAMLINERS)].stack[0][0]
    if game == "3":
        lane = ProofLane3(Abstract3(root[0], root[1], root[2], root[3], kings), 1.0, sv.DEEP3 if watch else None)
        if watch:
            while (res := lane.run(100)) is None and not lane.deep and lane.nodes < sv.DEEP3[1]:
                pass
            return "fires" if lane.deep else "open" if res is None else res, lane.nodes, time.process_time() - t
    else:
        lane = ProofLane(Abstract(root[0], root[1], root[3], kings), 1.0)
    while (res := lane.run(1_000)) is None and lane.nodes < states:
        pass
    return res, lane.nodes, time.process_time() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--draw", default="3")
    ap.add_argument("--positions", default="1-60", help="hint positions of bench/solvers.py ('' for none)")
    ap.add_argument("--deals", default="", help="deals' roots, e.g. 951,43,680")
    ap.add_argument("--states", type=int, default=2_000_000)
    ap.add_argument("--game", default="3", choices=("1", "3"), help="the exact-talon game (3) or the draw-1 one")
    ap.add_argument("--watch", action="store_true", help="where the solver's watch (DEEP3) fires, exact-talon game")
    a = ap.parse_args(argv)
    from games.klondike import Klondike
    from solvers import positions
    cases = []
    ps = numbers(a.positions)
    if ps:
        got = positions("klondike", {"draw": a.draw}, 15, max(ps))
        cases += [(f"position {n}", got[n - 1]) for n in ps]
    cases += [(f"deal {n}", Klondike.deal(n, {"draw": a.draw})) for n in numbers(a.deals)]
    print(f"# the {'exact-talon' if a.game == '3' else 'draw-1'} abstract game alone, draw {a.draw}, "
          f"at most {a.states} states: without the rule (kings=False) | with it")
    cpu = [0.0, 0.0]
    for name, s in cases:
        row, fired = [], []
        for i, kings in enumerate((False, True)):
            res, n, dt = run(s, a.game, kings, a.states, a.watch)
            cpu[i] += dt
            row.append(f"{res} {n} {dt:.3f}")
            fired.append(res == "fires")
        print(f"{name}: {row[0]} | {row[1]}{' DIFF' if fired[0] != fired[1] else ''}", flush=True)
    print(f"CPU s: {cpu[0]:.1f} | {cpu[1]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
