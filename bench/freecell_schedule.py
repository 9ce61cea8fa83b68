"""How the FreeCell solver's lane schedule (``games.solvers.freecell.SCHEDULE``) was chosen.

    python bench/freecell_schedule.py count --deals 1-1000 --cap 30000 > lanes-deals.jsonl
    python bench/freecell_schedule.py count --positions 60 --cap 30000 > lanes-positions.jsonl
    python bench/freecell_schedule.py count --deals 1-1000 --cap 20000 --lanes 6,7,8,9,10,11 > dfs.jsonl
    python bench/freecell_schedule.py cost lanes-deals.jsonl lanes-positions.jsonl [--schedule JSON]
    python bench/freecell_schedule.py search lanes-deals.jsonl lanes-positions.jsonl --bound 7000 --seed 4

``count`` runs every candidate lane (:func:`candidates`: the solver's six best-first scores, then
the same six depth-first; ``--lanes`` picks some) alone on each deal (or on the mid-game positions
of ``bench/solvers.py``) and prints one JSON line ``[name, [states, …]]``: the states each lane
generates to a win, minus that count when it exhausts the space (a proof), ``null`` past
``--cap``. ``cost`` prints, for a schedule (default: the solver's), the states it would take in
all on each file (one row's counts for every lane, joined by name when counted apart): a lane's
search does not depend on the others, so the cost of a turn list is arithmetic on those counts,
exact but for a turn's last expansion, which may overshoot its target by a few states (the tail
after the list is taken as continuous shares, the first lane half). ``search`` is the local
search used (random moves on the turn list, from ``--schedule`` or the solver's: change a lane
or a target, insert or drop a turn; keep a change that does not raise the objective = states
on the first file + 200 × (worst of the second file − bound)+ + half the second file's states).
Data: ``bench/results/freecell-lanes-*.jsonl`` (best-first lanes, counted before the strong safe
rule) and ``freecell-lanes-dfs-*.jsonl`` (depth-first lanes 6–11, cap 20 000), docs/solvers.md.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

INF = float("inf")


def count(args) -> None:
    """Print each lane's states alone (module docstring)."""
    from games.freecell import FreeCell
    from games.solvers import freecell as S

    if args.positions:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from solvers import positions
        items = [(f"p{i + 1}", s) for i, s in enumerate(positions("freecell", {}, 15, args.positions))]
    else:
        from solver_freecell import parse_deals
        items = [(str(n), FreeCell.deal(n, {})) for n in parse_deals(args.deals)]
    for name, s in items:
        row = []
        cands = candidates()
        for fn in [cands[i] for i in args.lanes] if args.lanes else cands:
            x = S.FreeCellSearch(s, max_nodes=args.cap, lanes=[fn])
            r = x.run()
            row.append(-x.nodes_without_back if x.nodes_without_back is not None
                       else x.nodes if r.status == "solved" else None)
        print(json.dumps([name, row]), flush=True)


def candidates() -> list:
    """The lanes counted: the solver's best-first scores (the lanes of
    :data:`games.solvers.freecell.LANES` that are not depth-first), then each of them as a
    :class:`games.solvers.freecell.DepthFirst` lane, in that order: the solver's ``LANES`` is
    this list, so a turn list found here is a ``SCHEDULE`` as it stands."""
    from games.solvers import freecell as S
    best_first = [fn for fn in S.LANES if not isinstance(fn, S.DepthFirst)]
    return best_first + [S.DepthFirst(fn) for fn in best_first]


def cost(need, schedule, lanes: int | None = None) -> float:
    """States in all until some lane reaches its count in ``need`` under ``schedule``."""
    lanes = len(need) if lanes is None else lanes
    needs = [INF if x is None else abs(x) for x in need]
    if min(needs) == 0:
        return 0
    acc, t = [0] * lanes, 0
    for lane, target in schedule:
        if target <= acc[lane]:
            continue
        if needs[lane] <= target:
            return t + needs[lane] - acc[lane]
        t += target - acc[lane]
        acc[lane] = target
    w = [lanes - 1] + [1] * (lanes - 1)
    return min((t + (needs[k] - acc[k]) * sum(w) / w[k] for k in range(lanes) if needs[k] < INF), default=INF)


def evaluate(rows, schedule, penalty: float = 60000) -> tuple:
    """``(total states, worst, rows past the penalty)``; a row no lane answers counts ``penalty``."""
    tot = worst = unknown = 0
    for _, need in rows:
        c = cost(need, schedule)
        if c > penalty:
            c, unknown = penalty, unknown + 1
        tot += c
        worst = max(worst, c)
    return tot, worst, unknown


def load(path: str) -> list:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def search(deals, pos, bound: float, seed: int, steps: int, start) -> list:
    """The local search of the module docstring; returns the best turn list."""
    rng = random.Random(seed)
    nl = len(deals[0][1])

    def objective(s):
        d, p = evaluate(deals, s), evaluate(pos, s)
        return d[0] + 200 * max(0, p[1] - bound) + 0.5 * p[0]

    cur, co = list(start), objective(start)
    best, bo = cur, co
    for _ in range(steps):
        s = list(cur)
        i, m = rng.randrange(len(s)), rng.random()
        if m < 0.3:
            s[i] = (rng.randrange(nl), s[i][1])
        elif m < 0.6:
            s[i] = (s[i][0], max(100, int(s[i][1] * rng.choice((0.7, 0.85, 1.2, 1.4)))))
        elif m < 0.8 and len(s) < 24:
            s.insert(i, (rng.randrange(nl), rng.choice((300, 600, 1000, 1500, 2000, 3000, 4000, 6000, 8000))))
        elif len(s) > 3:
            del s[i]
        o = objective(s)
        if o <= co:
            cur, co = s, o
            if o < bo:
                best, bo = s, o
    return best


OLD = [(0, 2000), (1, 2000), (2, 4000), (3, 8000), (4, 16000), (5, 32000)]
"""Session 2's plan as a turn list (approximately: there the newest lane ran alone until the next
joined, counted in states plus expansions)."""


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_schedule.py", description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("count", "cost", "search"))
    p.add_argument("files", nargs="*")
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--positions", type=int, default=0)
    p.add_argument("--cap", type=int, default=30000)
    p.add_argument("--lanes", type=lambda t: [int(x) for x in t.split(",")], default=None,
                   help="count: only these candidates (indices of candidates(), e.g. 6,7,8)")
    p.add_argument("--schedule", default="")
    p.add_argument("--bound", type=float, default=7000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--steps", type=int, default=3000)
    a = p.parse_args(argv)
    if a.what == "count":
        count(a)
        return 0
    from games.solvers.freecell import SCHEDULE
    rows = [load(f) for f in a.files]
    if a.what == "cost":
        sched = [tuple(x) for x in json.loads(a.schedule)] if a.schedule else list(SCHEDULE)
        for f, r in zip(a.files, rows):
            print(f, "schedule", evaluate(r, sched), "session 2", evaluate(r, OLD))
        return 0
    start = [tuple(x) for x in json.loads(a.schedule)] if a.schedule else list(SCHEDULE)
    best = search(rows[0], rows[1], a.bound, a.seed, a.steps, start)
    print(json.dumps(best))
    for f, r in zip(a.files, rows):
        print(f, evaluate(r, best))
    return 0


if __name__ == "__main__":
    sys.exit(main())
