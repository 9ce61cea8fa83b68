"""How the FreeCell solver's soft depth-first prelude (``games.solvers.freecell.PRELUDE``) was
chosen and measured.

    python bench/freecell_prelude.py count --order 8 --cap 400 > soft-8.jsonl
    python bench/freecell_prelude.py ab --deals 1-1000 > ab.txt
    python bench/freecell_prelude.py counts --deals 1-1000 --cap 1500 > soft-all.jsonl
    python bench/freecell_prelude.py lanes --deals 1-1000 > lanes.jsonl
    python bench/freecell_prelude.py search soft-all.jsonl lanes.jsonl --max-len 102.9 --seed 4
    python bench/freecell_prelude.py ab --deals 1-300 --prelude '[[8, 100], [13, 75]]'

``count`` runs one :class:`games.solvers.freecell.SoftDepthFirst` order (:data:`ORDERS`) alone,
as a prelude of one turn of ``--cap`` states, on each deal and prints one JSON line a deal:
``[deal, states to a win or null, CPU seconds, solution moves or 0]`` (the line as the solver
returns it: bridged by :func:`games.solvers.freecell.bridge`, replayed by the rules). With the
lanes' own counts (``bench/results/freecell-lanes-*.jsonl``, ``bench/freecell_schedule.py``) a
prelude in front of ``SCHEDULE`` is arithmetic on these numbers; a soft state costs ~3 of a
lane's (measured alone, same process), which the simulation has to weigh.

``ab`` solves each deal twice in this one process, without a prelude (``old``) and with one
(``new``: ``--prelude`` as JSON, default the solver's ``PRELUDE``), the order alternating from
deal to deal so that the machine's load falls on both alike: states, CPU seconds
(``time.process_time``), solution length, each solution replayed by the rules; then a line a
deal as JSON. Read the ratio, not the seconds (the machine is shared). Run both with ``nice``.

``counts`` runs every order of :data:`ORDERS` alone on each deal, up to ``--cap`` states, and
prints ``[deal, [entry, …]]``, an entry an order: ``[states to the win, solution moves, CPU
seconds of the search, CPU seconds of writing the line]`` (the line pruned by
:func:`games.solvers.freecell.prune`, written and replayed by the rules as the solver does), or
``[null, states, CPU seconds]`` when the cap was reached, ``[null, -states, CPU seconds]`` when
the order ran dry. ``lanes`` solves each deal without a prelude (the lanes alone) and prints
``{"deal": n, "old": [status, states, CPU seconds, moves]}``. ``search`` is a local search over
preludes on those two files (random changes to a turn list, kept when they do not make it
worse): a prelude's cost on a deal is arithmetic — each turn's states at that order's mean CPU a
state, then the line's CPU when an order wins, else the lanes' whole CPU — and the objective is
the total plus ``--w99`` × the 99th percentile, with the mean solution kept within
``--max-len``. Seconds measured at different hours differ: compare what it prints, then measure
the prelude chosen for real (``bench/freecell_ab.py``).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell as fcs  # noqa: E402
from games.solvers.search import replays_to_win  # noqa: E402
from solver_freecell import parse_deals, percentile  # noqa: E402


def count(deals: list[int], order: int, cap: int) -> None:
    """Print each deal's line (module docstring). :raises AssertionError: a line that does not
    replay."""
    for n in deals:
        s = FreeCell.deal(n, {})
        c0 = time.process_time()
        r = fcs.FreeCellSearch(s, max_nodes=cap, prelude=[(order, cap)]).run()
        cpu = time.process_time() - c0
        won = r.status == "solved"
        assert not won or replays_to_win(FreeCell, s, r.moves), n
        print(json.dumps([n, r.nodes if won else None, round(cpu, 5), len(r.moves)]), flush=True)


def counts(deals: list[int], cap: int) -> None:
    """Print each deal's line for ``counts`` (module docstring). :raises AssertionError: a line
    that does not win."""
    for n in deals:
        s = FreeCell.deal(n, {})
        search = fcs.FreeCellSearch(s)
        root = search._root
        row = []
        for order in range(len(fcs.ORDERS)):
            lane = fcs.SoftDepthFirst(root, order)
            c0 = time.process_time()
            line = lane.run(cap)
            cpu = time.process_time() - c0
            if line is None:
                row.append([None, lane.nodes if lane.stack else -lane.nodes, round(cpu, 5)])
                continue
            c0 = time.process_time()
            texts, end = search._texts(fcs.prune(root, [m for ms, _ in line for m in ms]))
            assert sum(end.foundations) == 52, (n, order)
            row.append([lane.nodes, len(texts), round(cpu, 5), round(time.process_time() - c0, 5)])
        print(json.dumps([n, row]), flush=True)


def lanes(deals: list[int]) -> None:
    """Print each deal's line for ``lanes`` (module docstring). :raises AssertionError: a line
    that does not replay."""
    for n in deals:
        s = FreeCell.deal(n, {})
        c0 = time.process_time()
        r = fcs.FreeCellSearch(s, prelude=[]).run()
        cpu = time.process_time() - c0
        assert r.status != "solved" or replays_to_win(FreeCell, s, r.moves), n
        print(json.dumps({"deal": n, "old": [r.status, r.nodes, round(cpu, 5), len(r.moves)]}), flush=True)


def simulate(prelude, soft: dict, lane: dict, deals: list[int], cost: list[float]) -> tuple:
    """A prelude's cost on the counted deals: ``(total CPU, 99th percentile, mean solution,
    deals won in the prelude)`` (``search`` in the module docstring)."""
    cpus, lens, won = [], [], 0
    for d in deals:
        row, used, c, win = soft[d], {}, 0.0, None
        for order, target in prelude:
            e = row[order]
            have = used.get(order, 0)
            if e[0] is not None and e[0] <= target:
                c += (e[0] - have) * cost[order]
                win = e
                break
            lim = min(target, -e[1]) if e[0] is None and e[1] <= 0 else target    # ran dry
            if lim > have:
                c += (lim - have) * cost[order]
                used[order] = lim
        if win is not None:
            c += win[3]
            lens.append(win[1])
            won += 1
        else:
            c += lane[d][2]
            lens.append(lane[d][3])
        cpus.append(c)
    return sum(cpus), percentile(cpus, 0.99), sum(lens) / len(lens), won


def search(soft_path: str, lanes_path: str, start, max_len: float, w99: float, seed: int, steps: int) -> None:
    """The local search of ``search`` (module docstring); prints the start and the best found."""
    import random
    soft = {}
    for line in open(soft_path):
        if line.startswith("["):          # a deal's line (a header starts with #)
            n, row = json.loads(line)
            soft[n] = row
    lane = {}
    for line in open(lanes_path):
        if line.startswith("{"):
            d = json.loads(line)
            lane[d["deal"]] = d["old"]
    deals = sorted(set(soft) & set(lane))
    orders = range(len(soft[deals[0]]))
    cost = []
    for o in orders:
        states = sum(soft[d][o][0] or abs(soft[d][o][1]) for d in deals)
        cost.append(sum(soft[d][o][2] for d in deals) / max(1, states))

    def objective(prelude):
        t, p99, length, won = simulate(prelude, soft, lane, deals, cost)
        return t + w99 * p99 + (1000 * (length - max_len) if length > max_len else 0), (t, p99, length, won)

    rng = random.Random(seed)
    cur = list(start)
    cv, ci = objective(cur)
    print(f"# {len(deals)} deals; start {json.dumps(cur)}: cpu {ci[0]:.3f} p99 {ci[1]:.4f} len {ci[2]:.2f} won {ci[3]}")
    for _ in range(steps):
        p = list(cur)
        r = rng.random()
        if r < 0.3 and len(p) < 16:
            p.insert(rng.randrange(len(p) + 1), (rng.choice(orders), rng.choice((25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1000, 1500))))
        elif r < 0.45 and len(p) > 1:
            p.pop(rng.randrange(len(p)))
        elif r < 0.7:
            i = rng.randrange(len(p))
            p[i] = (p[i][0], max(10, min(1500, int(p[i][1] * rng.choice((0.7, 0.8, 1.25, 1.5))))))
        elif r < 0.85:
            i = rng.randrange(len(p))
            p[i] = (rng.choice(orders), p[i][1])
        elif len(p) > 1:
            i = rng.randrange(len(p) - 1)
            p[i], p[i + 1] = p[i + 1], p[i]
        v, info = objective(p)
        if v <= cv:
            cur, cv, ci = p, v, info
    print(f"best {json.dumps(cur)}: cpu {ci[0]:.3f} p99 {ci[1]:.4f} len {ci[2]:.2f} won {ci[3]}")


def ab(deals: list[int], prelude) -> int:
    """The same-process comparison of the module docstring; 1 if a line does not replay."""
    sides = {"old": [], "new": prelude}
    res: dict = {"old": {}, "new": {}}
    rows, bad = [], []
    for n in deals:
        s = FreeCell.deal(n, {})
        row: dict = {"deal": n}
        for side in (("old", "new") if n % 2 else ("new", "old")):
            c0 = time.process_time()
            r = fcs.FreeCellSearch(s, prelude=sides[side]).run()
            cpu = time.process_time() - c0
            if r.status == "solved" and not replays_to_win(FreeCell, s, r.moves):
                bad.append((n, side))
            res[side][n] = (r.status, r.nodes, cpu, len(r.moves))
            row[side] = [r.status, r.nodes, round(cpu, 5), len(r.moves)]
        rows.append(row)
    print(f"# deals {deals[0]}-{deals[-1]} ({len(deals)}), old: no prelude, new: prelude {json.dumps(prelude)}")
    for side in ("old", "new"):
        d = res[side]
        cpu = [x[2] for x in d.values()]
        solved = [x for x in d.values() if x[0] == "solved"]
        print(f"{side} solved {len(solved)} states {sum(x[1] for x in d.values())} cpu {sum(cpu):.2f} "
              f"mean len {sum(x[3] for x in solved) / max(1, len(solved)):.2f} p50 {percentile(cpu, 0.5):.4f} "
              f"p99 {percentile(cpu, 0.99):.4f} max {max(cpu):.4f}")
    old_cpu = sum(x[2] for x in res["old"].values())
    print(f"cpu ratio new/old {sum(x[2] for x in res['new'].values()) / old_cpu:.3f}")
    print("replayed: " + (f"{len(bad)} DO NOT REPLAY {bad[:10]}" if bad else "every solution replayed to a win by the rules"))
    print("# per deal: {deal, old: [status, states, cpu, moves], new: [...]}")
    for row in rows:
        print(json.dumps(row))
    return 1 if bad else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_prelude.py", description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("count", "ab", "counts", "lanes", "search"))
    p.add_argument("files", nargs="*", help="search: the counts file and the lanes file")
    p.add_argument("--max-len", type=float, default=102.9, help="search: the longest mean solution allowed")
    p.add_argument("--w99", type=float, default=0.0, help="search: weight of the 99th percentile")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--steps", type=int, default=5000, help="search: changes tried")
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--order", type=int, default=8, help="count: the order of ORDERS")
    p.add_argument("--cap", type=int, default=400, help="count: states before giving up")
    p.add_argument("--prelude", default="", help="ab: the prelude as JSON (default: the solver's PRELUDE)")
    a = p.parse_args(argv)
    deals = sorted(set(parse_deals(a.deals)))
    start = [tuple(t) for t in json.loads(a.prelude)] if a.prelude else list(fcs.PRELUDE)
    if a.what == "counts":
        counts(deals, a.cap)
        return 0
    if a.what == "lanes":
        lanes(deals)
        return 0
    if a.what == "search":
        if len(a.files) != 2:
            p.error("search needs the counts file and the lanes file")
        search(a.files[0], a.files[1], start, a.max_len, a.w99, a.seed, a.steps)
        return 0
    if a.what == "count":
        if not 0 <= a.order < len(fcs.ORDERS):
            p.error(f"--order must be 0..{len(fcs.ORDERS) - 1}")
        count(deals, a.order, a.cap)
        return 0
    prelude = [tuple(t) for t in json.loads(a.prelude)] if a.prelude else list(fcs.PRELUDE)
    return ab(deals, prelude)


if __name__ == "__main__":
    sys.exit(main())
