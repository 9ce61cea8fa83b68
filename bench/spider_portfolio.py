"""Would a portfolio of Spider 4-suit searches, or restarts of the beam with its order perturbed,
answer more rescues within a budget than the beam alone? Measured, then simulated:

    python bench/spider_portfolio.py grid --noise 1 --where deal --seeds 0-9 [--nodes 90000] > A.txt
    python bench/spider_portfolio.py simulate A.txt [B.txt …] [--budget 90000]

``grid`` searches each 4-suit rescue position of ``bench/solvers.py`` (1-60 by default: the bench's
20 and the 40 held out) once a *lane*, under a node budget (no clock: deterministic), and prints one
line a position: the positions generated to a win in each lane (``-``: none within the budget) and
the CPU microseconds a position over the line (load inflates them). A lane is
:class:`games.solvers.spider.SpiderBeam` as the solver runs it (seed 0), or the same beam with the
priorities of the states a seed's moves reach raised by a random ``0 … noise`` points (``--where
deal``: only the states right after a deal, which the beam's levels rank; ``all``: every state,
so the stage searches' order changes too), drawn from ``random.Random(seed)`` in the order the
search generates them; ``--lds`` adds :class:`~games.solvers.spider.SpiderSearch` (the limited
discrepancy search over the deal points) as one more lane. The noise only orders the work: a
solution is still replayed by the rules.

``simulate`` reads such files (the lanes of every file side by side, position by position; the
first lane of the first file is the beam) and prints how many of positions 1-20 and of the held out
21-60 each policy answers within ``--budget`` positions: the beam alone; ``K`` lanes in turns of
1 000 positions (the beam and the next ``K - 1``; the total when the first lane wins); restarts (the
beam for ``b0`` positions, then a new seed every ``b``); the beam alone for ``b0``, then in turns
with a lane of restarts of ``b`` each; and the oracle (each position's best lane alone, which no
policy can know in advance). Not a timed benchmark: positions, not seconds, so it does not depend
on the machine's load.
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

NONE = 10 ** 9
"""Positions to a win of a lane that found none within its budget."""

TURN = 1000
"""Positions a lane generates in one turn of a simulated portfolio."""


def lane_search(s, seed: int, noise: float, where: str, nodes: int, lds: bool = False):
    """The search of one lane on position ``s`` (see the module docstring): ``seed`` 0 is the
    beam as the solver runs it."""
    from games.solvers import spider as sp
    from games.solvers.search import replays_to_win
    from games.spider import DEAL, Spider
    p = sp._Problem(s)
    verify = lambda moves: replays_to_win(Spider, s, moves)  # noqa: E731
    if lds:
        return sp.SpiderSearch(p, verify, max_nodes=nodes)
    if seed and noise > 0:
        rng, amp, plain = random.Random(seed), int(noise * sp.SCALE), p.successors

        def successors(state, depth=0, seen=None):
            out = plain(state, depth, seen)
            if where == "deal":
                return [(m, n, pr + rng.randrange(amp)) if m == DEAL else (m, n, pr) for m, n, pr in out]
            return [(m, n, pr + rng.randrange(amp)) for m, n, pr in out]
        p.successors = successors
    return sp.SpiderBeam(p, verify, max_nodes=nodes)


def grid(a, ap: argparse.ArgumentParser) -> None:
    """The ``grid`` mode (see the module docstring); a bad ``--positions`` ends through ``ap.error``."""
    from spider_positions import chosen_states
    lo, hi = (int(x) for x in a.seeds.split("-"))
    which, states = chosen_states(ap, a.positions, "4")
    print(f"# spider_portfolio.py grid --noise {a.noise:g} --where {a.where} --seeds {a.seeds} "
          f"--nodes {a.nodes}{' --lds' if a.lds else ''}")
    for n in which:
        row, cpu, made = [], 0.0, 0
        lanes = [(seed, False) for seed in range(lo, hi + 1)] + ([(0, True)] if a.lds else [])
        for seed, lds in lanes:
            search = lane_search(states[n - 1], seed, a.noise, a.where, a.nodes, lds)
            t0 = time.process_time()
            r = search.run()
            cpu += time.process_time() - t0
            made += search.nodes
            row.append(str(search.nodes) if r.status == "solved" else "-")
        print(n, " ".join(row), f"{cpu / max(made, 1) * 1e6:.1f}us", flush=True)


def load(path: str) -> dict[int, list[int]]:
    """A ``grid`` file as ``{position: [positions to a win, a lane]}``."""
    out = {}
    for line in Path(path).read_text().splitlines():
        parts = line.split()
        if parts and parts[0].isdigit():
            out[int(parts[0])] = [NONE if x == "-" else int(x) for x in parts[1:] if not x.endswith("us")]
    return out


def in_turns(ns: list[int]) -> int:
    """Positions generated in all when lanes winning after ``ns`` positions each take turns of
    :data:`TURN` (the first lane to reach its win ends the search)."""
    best = NONE
    for i, n in enumerate(ns):
        if n >= NONE:
            continue
        rounds = (n - 1) // TURN
        total = sum(min(m, rounds * TURN + (TURN if j < i else 0)) for j, m in enumerate(ns) if j != i)
        best = min(best, total + n)
    return best


def restarts(ns: list[int], budgets: list[int]) -> int:
    """Positions generated in all by lanes run one after the other, each cut at its budget."""
    total = 0
    for n, b in zip(ns, budgets):
        if n <= b:
            return total + n
        total += b
    return NONE


def beam_then_turns(ns: list[int], b0: int, b: int, cap: int) -> int:
    """The beam (``ns[0]``) alone for ``b0`` positions, then in turns of :data:`TURN` with a lane
    that restarts with the next seed every ``b`` positions; :data:`NONE` past ``cap`` in all."""
    if ns[0] <= b0:
        return ns[0]
    beam = total = b0
    k, done = 1, 0  # the restart lane's seed (index in ns) and its positions so far
    while total <= cap:
        if ns[0] <= beam + TURN:
            return total + ns[0] - beam
        beam += TURN
        total += TURN
        left = TURN
        while left and k < len(ns):
            if ns[k] <= min(b, done + left):
                return total + ns[k] - done
            use = min(left, b - done)
            done, left, total = done + use, left - use, total + use
            if done >= b:
                k, done = k + 1, 0
    return NONE


def simulate(a) -> None:
    """The ``simulate`` mode (see the module docstring)."""
    files = [load(f) for f in a.files]
    table = {p: [x for f in files for x in f[p]] for p in files[0] if all(p in f for f in files)}
    budget = a.budget

    def counts(costs: dict[int, int]) -> str:
        bench = sum(1 for p, c in costs.items() if p <= 20 and c <= budget)
        held = sum(1 for p, c in costs.items() if p > 20 and c <= budget)
        return f"{bench:2d} of {sum(1 for p in costs if p <= 20)} | {held:2d} of {sum(1 for p in costs if p > 20)}"

    lanes = len(next(iter(table.values())))
    print(f"# {lanes} lanes, budget {budget} positions: answered within it, positions 1-20 | held out 21-60")
    print(f"beam alone: {counts({p: ns[0] for p, ns in table.items()})}")
    for k in range(2, min(lanes, 10) + 1):
        print(f"{k} lanes in turns: {counts({p: in_turns(ns[:k]) for p, ns in table.items()})}")
    for b in (5000, 10000, 20000, 30000):
        for b0 in sorted({b, 2 * b, 30000}):
            print(f"restarts, the beam {b0} then {b} each: "
                  f"{counts({p: restarts(ns, [b0] + [b] * lanes) for p, ns in table.items()})}")
            print(f"the beam alone {b0}, then in turns with restarts of {b}: "
                  f"{counts({p: beam_then_turns(ns, b0, b, budget) for p, ns in table.items()})}")
    print(f"oracle (each position's best lane alone): {counts({p: min(ns) for p, ns in table.items()})}")
    print("no lane within the budget: " + ", ".join(str(p) for p, ns in table.items() if min(ns) > budget))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    g = sub.add_parser("grid", help="search every position once a lane")
    g.add_argument("--positions", default=",".join(str(i) for i in range(1, 61)))
    g.add_argument("--seeds", default="0-9", help="FIRST-LAST; seed 0 is the beam unperturbed")
    g.add_argument("--noise", type=float, default=1.0, help="points, at most, added to a priority")
    g.add_argument("--where", choices=("deal", "all"), default="deal")
    g.add_argument("--nodes", type=int, default=90_000, help="positions a lane may generate")
    g.add_argument("--lds", action="store_true", help="one more lane: the limited discrepancy search")
    s = sub.add_parser("simulate", help="policies over grid files")
    s.add_argument("files", nargs="+")
    s.add_argument("--budget", type=int, default=90_000)
    a = ap.parse_args(argv)
    if a.mode == "grid":
        try:
            lo, hi = (int(x) for x in a.seeds.split("-"))
        except ValueError:
            ap.error(f"--seeds takes FIRST-LAST, not {a.seeds!r}")
        if lo < 0 or hi < lo:
            ap.error("--seeds: FIRST-LAST with 0 <= FIRST <= LAST")
        grid(a, g)
    else:
        simulate(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
