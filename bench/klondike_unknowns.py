"""Study Klondike deals the solver leaves unknown: what each lane of the portfolio gets to, or
what a proof lane gets to alone. ``python bench/klondike_unknowns.py --draw 1|3 --deals 45,68,…
[--timeout 300] [--mode solver|win|abstract|abstract3] [--set NAME=VALUE …]``

- ``solver``: the whole solver (:class:`games.solvers.klondike.KlondikeSolver`) with ``--timeout``
  CPU seconds (``time.process_time``); a line a deal: ``deal answer CPU-s nodes`` then the nodes
  of each lane (``lanes`` in their portfolio order, then the rollout lanes, the late lanes last, each as ``kind:nodes``,
  ``+`` for the lane that proved a loss: a proof lane whose space ran dry, else the complete
  search, or rule 5 at the root when no lane ran; ``*`` for the lane that found the win) and the
  process's peak memory (MB); with ``--fires`` (draw 3), a line before it when the exact-talon
  lane's watch (``DEEP3``) fires.
  A win is the solver's, so it is replayed through the rules before it is reported.
- ``win``: the same solver without its proof lanes (``PROOF`` and ``PROOF3`` left out), so the
  lanes that look for a win get every node: which deals are wins the portfolio finds given time.
  It can still answer ``unsolvable`` (the complete search running dry, or rule 5 at the root).
- ``rollout``: the rollout lanes of ``ROLLOUTS`` (as set, e.g. ``--set "ROLLOUTS=((1.0, 10, 'rank'),)"``)
  alone, side by side by nodes as in the solver: ``deal answer CPU-s nodes [moves] [each lane's
  nodes, '*' the winner] MB``; a win is replayed through the rules.
- ``abstract``: the draw-1 abstract game (:class:`games.solvers.klondike_proof.Abstract`) alone
  at the root; ``abstract3``: the draw-3 one (:class:`~games.solvers.klondike_proof.Abstract3`).
  A line a deal: ``deal answer states boards CPU-s`` (answer: ``True`` proved lost, ``False`` the
  goal reached, nothing proved, ``None`` budget spent), then the process's peak memory (MB).

``--positions``: the numbers are the hint positions of ``bench/solvers.py`` (deal n, then its fixed
policy's moves; ``klondike`` / ``klondike-3``) instead of deals.

CPU seconds vary with the machine's load (two cores shared): say the load with the results.
"""
from __future__ import annotations

import argparse
import ast
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.klondike import Klondike  # noqa: E402
from games.solvers import klondike as ks  # noqa: E402
from games.solvers import klondike_proof as kp  # noqa: E402


def lane_name(lane, draw: int) -> str:
    """A short name for a lane of the portfolio (``…3``: over the talon reached as in draw 3, in
    draw 1)."""
    t = "3" if draw == 1 and getattr(getattr(lane, "pb", None), "draw", 1) == 3 else ""
    if isinstance(lane, ks._Lane):
        return ("complete" if lane.complete else "stream") + t
    if isinstance(lane, ks._StageLane):
        return "stage" + t
    if isinstance(lane, ks._RolloutLane):
        return f"rollout{lane.local}{'t' if lane.talon else ''}"
    return type(lane).__name__


class _Solver(ks.KlondikeSolver):
    """The solver, noting the lane that found the win (``won_by``)."""

    won_by = None

    def _solution(self) -> None:
        self.won_by = self._lane
        super()._solution()


def _timed(fn):
    """``fn`` (a lane's turn: ``(solver, lane, budget, t0)``) with its CPU seconds added to
    ``solver.cpu[lane]``."""
    def run(self, lane, budget, t0):
        c0 = time.process_time()
        try:
            return fn(self, lane, budget, t0)
        finally:
            self.cpu[id(lane)] = self.cpu.get(id(lane), 0.0) + time.process_time() - c0
    return run


class _CpuSolver(_Solver):
    """The solver, timing each lane's turns (``cpu``: lane id -> CPU seconds); ``--cpu``."""

    _dfs = _timed(ks.KlondikeSolver._dfs)
    _stage = _timed(ks.KlondikeSolver._stage)

    def __init__(self, *args, **kwargs):
        self.cpu = {}
        super().__init__(*args, **kwargs)


class _WinSolver(_Solver):
    """The solver without its proof lanes: every node goes to the lanes that look for a win."""

    PROOF = None
    PROOF3 = None


POSITIONS = False
"""``--positions``: :func:`start` makes bench position n instead of deal n."""


def start(n: int, draw: int):
    """Deal ``n`` of ``draw``, or with :data:`POSITIONS` the bench's hint position ``n``
    (``bench/solvers.py``: deal n, then 15 moves of its fixed policy)."""
    if POSITIONS:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from solvers import positions
        return positions("klondike", {"draw": str(draw)}, 15, n)[-1]
    return Klondike.deal(n, {"draw": str(draw)})


def run_solver(deal: int, draw: int, timeout: float, win_only: bool = False, cpu: bool = False) -> str:
    s = start(deal, draw)
    t0 = time.process_time()
    sv = (_WinSolver if win_only else _CpuSolver if cpu else _Solver)(s, timeout=timeout, clock=time.process_time)
    lanes = list(sv.lanes) + list(sv._rollouts) + list(sv._late)
    r = sv.run()
    dt = time.process_time() - t0
    ended = None  # the lane that proved the loss: a proof lane whose space ran dry, else the complete search
    if r.status == "unsolvable":
        ended = next((x for x in lanes if not isinstance(x, (ks._Lane, ks._StageLane)) and x.complete), None)
        if ended is None:
            ended = next((x for x in lanes if isinstance(x, ks._Lane) and x.complete), None)
    parts = []
    for lane in lanes:
        parts.append(f"{lane_name(lane, draw)}:{lane.nodes}" + ("+" if lane is ended else "")
                     + ("*" if lane is sv.won_by else "")
                     + (f"/{sv.cpu.get(id(lane), 0.0):.1f}s" if cpu else ""))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    extra = f" {len(r.moves)} moves" if r.status == "solved" else ""
    return f"{deal} {r.status} {dt:.1f} {sv.nodes}{extra} [{' '.join(parts)}] {rss:.0f}MB"


def run_rollout(deal: int, draw: int, timeout: float) -> str:
    s = start(deal, draw)
    t0 = time.process_time()
    sv = _Solver(s, timeout=timeout, clock=time.process_time)
    lanes = [x for x in list(sv.lanes) + list(sv._rollouts) if isinstance(x, ks._RolloutLane)]
    sv.lanes, sv._rollouts, sv._late, sv._reweigh = list(lanes), [], [], []
    r = sv.run()
    dt = time.process_time() - t0
    parts = [f"{lane_name(x, draw)}:{x.nodes}" + ("*" if x is sv.won_by else "") for x in lanes]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    extra = f" {len(r.moves)} moves" if r.status == "solved" else ""
    return f"{deal} {r.status} {dt:.1f} {sv.nodes}{extra} [{' '.join(parts)}] {rss:.0f}MB"


def run_abstract(deal: int, draw: int, timeout: float, three: bool) -> str:
    s = start(deal, draw)
    cols, T, p, f = ks._Problem.from_rules(s)
    t0 = time.process_time()
    if three:
        lane = kp.ProofLane3(kp.Abstract3(cols, T, p, f), 1.0)
    else:
        lane = kp.ProofLane(kp.Abstract(cols, T, f), 1.0)
    res = None
    while time.process_time() - t0 < timeout:
        res = lane.run(1000)
        if res is not None:
            break
    dt = time.process_time() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return f"{deal} {res} {lane.nodes} {len(lane.seen)} {dt:.1f} {rss:.0f}MB"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--draw", type=int, choices=(1, 3), required=True)
    ap.add_argument("--deals", required=True, help="comma-separated deal numbers")
    ap.add_argument("--timeout", type=float, default=300.0, help="CPU seconds a deal")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a class attribute of the solver for this run (a Python literal, e.g. PROOF3=8.0)")
    ap.add_argument("--mode", choices=("solver", "win", "rollout", "abstract", "abstract3"), default="solver")
    ap.add_argument("--cpu", action="store_true",
                    help="solver mode: each lane's CPU seconds too (its turns timed), as nodes/seconds")
    ap.add_argument("--fires", action="store_true",
                    help="solver mode, draw 3: a line '  deep fires at solver nodes N proof3 nodes P' before the deal's "
                         "line when the exact-talon lane's watch (DEEP3) fires")
    ap.add_argument("--positions", action="store_true",
                    help="the numbers are bench/solvers.py's hint positions, not deals")
    a = ap.parse_args(argv)
    global POSITIONS
    POSITIONS = a.positions
    if a.fires:
        deep3 = ks._deep3

        def fires(self):
            print(f"  deep fires at solver nodes {self.nodes} proof3 nodes {self._proof3.nodes}", flush=True)
            deep3(self)
        ks._deep3 = fires
    if a.cpu:
        ks._run_rollout = _timed(ks._run_rollout)
        ks._run_proof = _timed(ks._run_proof)
    for item in a.set:  # on the bench's subclass only: the solver's own defaults stay
        name, value = item.split("=", 1)
        if not hasattr(ks.KlondikeSolver, name):
            ap.error(f"--set: the solver has no attribute {name}")
        setattr(_Solver, name, ast.literal_eval(value))
    for n in (int(x) for x in a.deals.split(",") if x):
        if a.mode == "rollout":
            print(run_rollout(n, a.draw, a.timeout), flush=True)
        elif a.mode in ("solver", "win"):
            print(run_solver(n, a.draw, a.timeout, a.mode == "win", a.cpu), flush=True)
        else:
            print(run_abstract(n, a.draw, a.timeout, a.mode == "abstract3"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
