"""Spider 4 suits: search families other than the solver's beam, tried on positions, not seconds:

    python bench/spider_families.py --positions 1-300 [--nodes 120000] [--fifo]
                                    [--mode none|add|plateau|last|only] [--steps 6]
                                    [--merge-last] [--dive BASE]

**Macros** (``--mode``). A macro is the step a player thinks in: clear column ``c`` down to its
next face-down card (which turns up) or, when it holds none, empty it. It is found greedily: the
same-suit run on top of ``c`` moves onto a card one rank above its base in another column (its
natural card, same suit, first; else any suit; else, when the run is not the whole column, the
first empty column), and so on until a card turns up or the column is empty, at most ``--steps``
moves; a column where some run has nowhere to go has no macro, and a one-move macro is already a
successor. A macro is one position of the search (its single moves are not searched; the line
lists them, and the rules replay it):

- ``none`` (the default) — the solver's successors (with no other option: the solver's search);
- ``add`` — every stage search's successors are the solver's, plus each column's macro;
- ``plateau`` — the same, but macros only from a position no single move lowers the priority of;
- ``last`` — ``add`` until the stock is empty; then (the last stage) only the macros, the moves
  that put a run on its natural card (same suit, one rank up), the moves into an empty column and
  the solver's multi-suit macros: a smaller space, so a last-stage root that cannot be won runs dry
  before its quota (a heuristic pruning: the search then never answers *unsolvable*);
- ``only`` — that reduced set in every stage (the deal kept).

**One last-stage search** (``--merge-last``): the beam as the solver runs it, except that its last
stage (stock empty) is one best-first search over every last-level root opened so far, not one
search a root: each root joins the open states at its priority when the beam opens it and adds the
1000 expansions its own search would have had; the expansions go to the least priority among all
of them (a two-level plan: the deal stages choose the roots, one endgame search shares them out).

**Dives with restarts** (``--dive BASE``, instead of the beam): depth first from the position, the
moves that lower the priority first (least first), then the deal, then the other moves (least
first); dive ``r`` has its own visited set of whole positions and ``BASE × luby(r + 1)`` positions
(Luby, Sinclair and Zuckerman's restart sequence), ties in the order made in dive 0 and in a seeded
random order (seed ``r``) after.

Ties of priority go latest first (the solver's order) or, with ``--fifo``, earliest first (a
second draw of the same search, ``bench/spider_endgame.py trial --fifo``). It prints one line a
position (positions generated to a win, ``-``: none within ``--nodes``; its status; CPU seconds)
and how many of positions 1-20, 21-60, 61-180 and 181 up are won within 108 000, 114 000 and
150 000 positions (about what a 2 s rescue searches in Pyodide: 114 000). A win's line is replayed
by the rules inside the search. Positions are those of ``bench/solvers.py``. Not a timed
benchmark: positions, not seconds (the CPU seconds it prints compare what a position costs).
"""
from __future__ import annotations

import argparse
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from spider_endgame import position_list, variant  # noqa: E402
from spider_positions import chosen_states  # noqa: E402
from games.solvers.search import replays_to_win  # noqa: E402
from games.spider import Spider  # noqa: E402

LIMITS = (108_000, 114_000, 150_000)
GROUPS = ((1, 20), (21, 60), (61, 180), (181, 10 ** 9))


def macro_problem(mod, mode: str, max_steps: int):
    """A subclass of ``mod._Problem`` whose successors carry the macros of ``mode``."""
    DOWN, settle, N = mod.DOWN, mod._settle, mod.N_COLUMNS

    def clear(cols, c):
        """``(steps, columns)`` of column ``c``'s macro, or ``None``."""
        cols = list(cols)
        col = cols[c]
        down = 0
        while down < len(col) and col[down] >= DOWN:
            down += 1
        steps = []
        while True:
            col = cols[c]
            if not col:
                return (tuple(steps), tuple(cols)) if steps else None
            d = 0
            while d < len(col) and col[d] >= DOWN:
                d += 1
            if d < down:  # a face-down card turned up
                return (tuple(steps), tuple(cols))
            if len(steps) == max_steps:
                return None
            k = 1
            while k < len(col) - d and col[-k - 1] == col[-k] + 1:
                k += 1
            base = col[-k]
            want = (base & 15) + 1
            dest = -1
            for b in range(N):  # the natural card first
                if b != c and cols[b] and cols[b][-1] == base + 1:
                    dest = b
                    break
            if dest < 0:
                for b in range(N):
                    if b != c and cols[b] and (cols[b][-1] & 15) == want:
                        dest = b
                        break
            if dest < 0 and k < len(col):
                for b in range(N):
                    if b != c and not cols[b]:
                        dest = b
                        break
            if dest < 0:
                return None
            steps.append((c, dest, k))
            cols[dest] = settle(cols[dest] + col[-k:])[0]
            cols[c] = settle(col[:-k])[0]

    class MacroProblem(mod._Problem):
        """The solver's problem; its successors as ``mode`` says (the module docstring)."""

        def successors(self, state, depth=0, seen=None):
            out = super().successors(state, depth, seen)
            if self.buried:
                return out
            cols, sp = state
            last = sp == self.n_deals
            if mode == "only" or (mode == "last" and last):
                self.pruned = True
                kept = []
                for e in out:
                    m = e[0]
                    if m == mod.DEAL or len(m) == 4:
                        kept.append(e)
                        continue
                    a, b, n = m
                    dst = cols[b]
                    if not dst or dst[-1] == cols[a][-n] + 1:
                        kept.append(e)
                out = kept
            if mode == "plateau":  # macros only where no single move lowers the priority
                here = self.priority(state, depth)
                if any(pr < here for m, nxt, pr in out if m != mod.DEAL):
                    return out
            ranks = {c[-1] & 15 for c in cols if c}  # a run's first move needs one of these or an empty column
            empty = not all(cols)
            for c in range(N):
                col = cols[c]
                if not col:
                    continue
                k = self.info(col)[0]
                if ((col[-k] & 15) + 1 not in ranks and not (empty and k < len(col))) or k == len(col) == 13:
                    continue  # the top run has nowhere to go: no macro
                r = clear(cols, c)
                if r is None or len(r[0]) < 2:  # one move: already a successor
                    continue
                steps, new = r
                nxt = (new, sp)
                if seen is not None:
                    key = self.key(nxt)
                    if key in seen:
                        continue
                    seen.add(key)
                a, b, n = steps[-1]
                out.append(((a, b, n, steps), nxt, self.priority(nxt, depth)))
            return out

    return MacroProblem


def merged_last(mod, fifo: bool):
    """``mod`` changed so that the last stage (stock empty) is one best-first search over every
    last-level root opened so far (see the module docstring, ``--merge-last``)."""
    src = mod.__spider_src__
    old = ("                st = stages.get(j0)\n"
           "                if st is None:\n"
           "                    stage = nodes[j0][2][1]\n"
           "                    st = stages[j0] = _Stage(stage, j0, self._quota(stage))\n"
           "                elif st.quota < self._quota(st.stage):\n")
    new = ("                st = stages.get(j0)\n"
           "                if st is None and nodes[j0][2][1] == nd:  # one search for every last-level root\n"
           "                    st = getattr(self, '_last', None)\n"
           "                    if st is None:\n"
           "                        st = self._last = _Stage(nd, j0, 0)\n"
           "                        st.heap = []\n"
           f"                    push(st.heap, (p.priority(nodes[j0][2], 0) << 32) {'+' if fifo else '-'} j0)\n"
           "                    st.quota += self._quota(nd)\n"
           "                    stages[j0] = st\n"
           "                elif st is None:\n"
           "                    stage = nodes[j0][2][1]\n"
           "                    st = stages[j0] = _Stage(stage, j0, self._quota(stage))\n"
           "                elif st.stage != nd and st.quota < self._quota(st.stage):\n")
    assert src.count(old) == 1, "games/solvers/spider.py changed"
    src = src.replace(old, new)
    out = types.ModuleType("games.solvers.spider_merged")
    out.__package__ = "games.solvers"
    exec(compile(src, "spider_merged", "exec"), out.__dict__)
    return out


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby, Sinclair & Zuckerman's restart sequence 1 1 2 1 1 2 4 …"""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    return 1 << (k - 1) if i == (1 << k) - 1 else luby(i - (1 << (k - 1)) + 1)


def dive_class(mod):
    """:class:`Dives` over ``mod``'s problem (see the module docstring, ``--dive``)."""

    class Dives(mod._Lines):
        """Depth-first dives with restarts: from a position the moves that lower the priority
        (least first), then the deal, then the other moves (least first); ties in the order made
        (latest first) in the first dive, by a seeded random draw in dive ``r`` (seed ``r``). Each
        dive has its own visited set of whole positions (:meth:`_Problem.key`) and a budget of
        ``base × luby(r + 1)`` positions; the search's ``max_nodes`` counts every dive's."""

        def __init__(self, problem, verify, max_nodes: int, base: int):
            self.p, self.verify, self.max_nodes, self.base = problem, verify, max_nodes, base
            self.nodes, self.seconds, self.timeout, self.result = 0, 0.0, None, None
            self.dives = 0
            self.best = self.best_here = (problem.work(problem.root), 0)

        def run(self):
            while self.result is None:
                self._dive(self.dives, self.base * luby(self.dives + 1))
                self.dives += 1
                if self.result is None and self.nodes >= self.max_nodes:
                    self._finish(mod.UNKNOWN)
            return self.result

        def _dive(self, seed: int, limit: int) -> None:
            import random
            p = self.p
            rng = random.Random(seed)
            root = p.root
            self._nodes = [(-1, None, root, 0)]
            prs = [p.priority(root, 0)]
            seen = {p.key(root)}
            end = min(self.nodes + limit, self.max_nodes)
            stack = [self._children(0, seen, prs, rng, seed)]
            while stack and self.result is None and self.nodes < end:
                top = stack[-1]
                if not top:
                    stack.pop()
                    continue
                j = top.pop()
                parent, move, state, depth = self._nodes[j]
                if state is None:  # a deal: made now
                    state = p.deal_state(self._nodes[parent][2])
                    k = p.key(state)
                    if k in seen:
                        continue
                    seen.add(k)
                    self._nodes[j] = (parent, move, state, depth)
                stack.append(self._children(j, seen, prs, rng, seed))

        def _children(self, idx, seen, prs, rng, seed):
            """The children of ``_nodes[idx]`` as indices, the first to try last."""
            p, nodes = self.p, self._nodes
            state = nodes[idx][2]
            here = prs[idx]
            better, deal, other = [], [], []
            for move, nxt, pr in p.successors(state, 0, seen):
                j = len(nodes)
                nodes.append((idx, move, nxt, 0))
                prs.append(pr)
                self.nodes += 1
                if nxt is not None and p.won(nxt):
                    self._solution(j)
                    return []
                tie = rng.random() if seed else -j
                if move == mod.DEAL:
                    deal.append(j)
                elif pr < here:
                    better.append((pr, tie, j))
                else:
                    other.append((pr, tie, j))
            order = [j for _, _, j in sorted(better)] + deal + [j for _, _, j in sorted(other)]
            order.reverse()
            return order

    return Dives


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", default="1-300")
    ap.add_argument("--nodes", type=int, default=120_000)
    ap.add_argument("--fifo", action="store_true", help="ties of priority: the earliest state first")
    ap.add_argument("--mode", choices=("none", "add", "plateau", "last", "only"), default="none")
    ap.add_argument("--steps", type=int, default=6, help="single moves a macro may take")
    ap.add_argument("--dive", type=int, default=0,
                    help="depth-first dives with restarts instead of the beam, this many positions × luby(r)")
    ap.add_argument("--merge-last", action="store_true",
                    help="the last stage: one best-first search over every last-level root opened")
    a = ap.parse_args(argv)
    mod = variant(argparse.Namespace(last_weights="", pen_quota=0, patience="", novelty=0.0,
                                     novelty_tie=False, fifo=a.fifo, weights=""))
    if a.merge_last:
        mod = merged_last(mod, a.fifo)
    problem = macro_problem(mod, a.mode, a.steps) if a.mode != "none" else mod._Problem
    which, states = chosen_states(ap, position_list(a.positions), "4")
    print(f"# spider_families.py --positions {a.positions} --nodes {a.nodes} --fifo {a.fifo} "
          f"--mode {a.mode} --steps {a.steps} --merge-last {a.merge_last} --dive {a.dive}")
    got = {}
    t_all = time.process_time()
    for n in which:
        s = states[n - 1]
        t0 = time.process_time()
        verify = lambda moves, s=s: replays_to_win(Spider, s, moves)  # noqa: E731
        if a.dive:
            search = dive_class(mod)(problem(s), verify, a.nodes, a.dive)
        else:
            search = mod.SpiderBeam(problem(s), verify, max_nodes=a.nodes)
        r = search.run()
        got[n] = search.nodes if r.status == "solved" else None
        print(n, got[n] or "-", r.status, f"{time.process_time() - t0:.2f}", flush=True)
    for b in LIMITS:
        parts = [sum(1 for n, v in got.items() if lo <= n <= hi and v and v <= b) for lo, hi in GROUPS]
        print(f"within {b}: " + " | ".join(str(x) for x in parts) + f" ({sum(parts)})")
    print(f"# CPU {time.process_time() - t_all:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
