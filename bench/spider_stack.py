"""Spider 4 suits: the beam with discrepancies over its levels' slices (beam-stack search), tried
against the beam alone on positions, not seconds:

    python bench/spider_stack.py --positions 1-60 [--nodes 90000] [--schedule beam|lds1:K|…]

A pass of the beam (:class:`games.solvers.spider.SpiderBeam`) of width ``W`` makes each level
from the ``W`` best candidates of the level before. :class:`SliceBeam` runs passes given a width
and a *slice vector* ``(s0, s1, …)``: the level made at the ``i``-th deal takes the candidates
ranked ``s_i × W … (s_i + 1) × W − 1`` (after duplicates are dropped) instead of the best ``W``;
a vector of zeros is the beam's pass. So a pass with ``s_i = 1`` follows the second-best slice of
level ``i + 1`` with its own beam of width ``W`` below it, the backtracking of beam-stack search
(Zhou & Hansen 2005) to a shallow level's next choices, ordered as a limited discrepancy search
(Harvey & Ginsberg 1995): shallow levels first. The stage searches, the visited set and the
positions are shared by every pass (keyed by position, as the beam keeps them), so a pass only
pays for the stage searches no pass before opened.

Schedules (``--schedule``): ``beam`` — the beam's own passes (widths 1, 2, 3, 4, 6, 9, …; the same
search as the solver's, checked position by position); ``lds1:K[:M]`` — after each beam pass of
width ``W`` ≥ ``M`` (default 1) that left candidates out, the passes of width ``W`` with one
discrepancy at each of the first ``K`` deals, shallowest first; ``root:K:R:D:M[:F]`` — after each
beam pass of width ``W`` ≥ ``M`` that left candidates out, for the deals ``i`` from ``F`` (default 0)
to ``K − 1`` and each of the ``R`` best candidates of level ``i + 1``, a pass down the beam's levels
to deal ``i``, that candidate alone, and width ``max(1, W // D)`` below it (a sub-beam rooted at an
early candidate: a search that stays with it longer; ``D`` large: a greedy rollout). Prints one line
a position (positions generated to a win, ``-``: none within ``--nodes``; CPU seconds; passes; the
pass that won as ``W<width>:<slice vector>:<width below>``) and how many of
positions 1-20 and of the rest are won within 50 000, 90 000 (about what a 2 s rescue searches
in Pyodide) and ``--nodes``. A win's line is replayed by the rules inside the search.
"""
from __future__ import annotations

import argparse
import heapq
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from games.solvers import spider as sp  # noqa: E402
from games.solvers.search import SOLVED, UNKNOWN, UNSOLVABLE, replays_to_win  # noqa: E402


class SliceBeam(sp.SpiderBeam):
    """:class:`games.solvers.spider.SpiderBeam` whose passes are ``(width, vector[, width
    below])`` jobs from ``schedule(search)``, a generator that reads the search's :attr:`last`
    (the pass just ended: ``(width, vector, levels made, candidates left out, a stage search
    cut)``). The vector's ``i``-th entry says which candidates make level ``i + 1``: an int ``s``,
    the ranks ``s × width …``, ``width`` of them; a pair ``(first rank, count)``; past the vector,
    the best ``width below`` (default ``width``). Answers ``solved`` (replayed) or ``unknown``;
    ``unsolvable`` only after a beam pass (empty vector) that cut nothing and pruned nothing, as
    the beam. The progress line and the clock of the solver's search are left out (positions,
    not seconds)."""

    def __init__(self, problem, verify, max_nodes=None, schedule=None):
        self.schedule = schedule or beam_schedule
        self.jobs = None
        self.vector = ()
        self.last = None
        super().__init__(problem, verify, max_nodes)

    def _start_pass(self) -> None:
        if self.jobs is None:
            self.jobs = self.schedule(self)
        if len(self._nodes) > sp.KEEP:
            self._fresh()
        job = next(self.jobs)
        self.width, self.vector = job[0], job[1]
        self.below = job[2] if len(job) > 2 else job[0]
        self.passes += 1
        self.level = [0]
        self.li = 0  # the levels made in this pass
        self.at = 0
        self.stage_cut = self.cands_cut = False

    def _step(self, budget: int, t0: float):
        p = self.p
        succ, nd = p.successors, p.n_deals
        push, pop = heapq.heappush, heapq.heappop
        limit = self.max_nodes
        nodes, seen, stages = self._nodes, self.seen, self._stages
        while True:
            if budget <= 0:
                return None
            if self.at < len(self.level):
                j0 = self.level[self.at]
                st = stages.get(j0)
                if st is None:
                    stage = nodes[j0][2][1]
                    st = stages[j0] = sp._Stage(stage, j0, self._quota(stage))
                elif st.quota < self._quota(st.stage):
                    st.quota = self._quota(st.stage)
                if not (st.heap and st.expanded < st.quota):
                    if st.heap:
                        self.stage_cut = True
                    self.at += 1
                    continue
                st.expanded += 1
                self.expansions += 1
                idx = -pop(st.heap) & sp.OPEN_LOW
                state, depth = nodes[idx][2], nodes[idx][3] + 1
                children = succ(state, depth)
                stage, cands, heap = st.stage, st.cands, st.heap
                for move, nxt, pr in children:
                    if nxt is None:
                        budget -= 1
                        self.nodes += 1
                        j = len(nodes)
                        nodes.append((idx, move, None, 0))
                        cands.append((pr, -j, j))
                        st.ordered = False
                        continue
                    k = tuple(sorted(nxt[0])) if nxt[1] == nd else nxt
                    if k in seen:
                        continue
                    seen.add(k)
                    budget -= 1
                    self.nodes += 1
                    j = len(nodes)
                    nodes.append((idx, move, nxt, depth if nxt[1] == stage else 0))
                    if nxt[1] == nd and not any(nxt[0]):
                        return self._solution(j)
                    if nxt[1] != stage:
                        cands.append((pr, -j, j))
                        st.ordered = False
                    else:
                        push(heap, (pr << 32) - j)  # see sp.OPEN_LOW
                if limit is not None and self.nodes >= limit:
                    return self._finish(UNKNOWN)
                continue
            lists = []
            for j0 in self.level:
                st = stages[j0]
                if not st.ordered:
                    st.cands.sort()
                    st.ordered = True
                lists.append(st.cands)
            merged = [entry for cands in lists for entry in cands]
            merged.sort()
            if self.li < len(self.vector):
                v = self.vector[self.li]
                skip, width = (v * self.width, self.width) if isinstance(v, int) else v
            else:
                skip, width = 0, self.below
            nxt_level = []
            for entry in merged:
                j = entry[2]
                parent, move, nxt, depth = nodes[j]
                if nxt is None:
                    nxt = p.deal_state(nodes[parent][2])
                    k = p.key(nxt)
                    if k in seen:
                        nodes[j] = (parent, move, False, depth)
                        continue
                    seen.add(k)
                    nodes[j] = (parent, move, nxt, depth)
                elif nxt is False:
                    continue
                if skip:
                    skip -= 1
                    continue
                if len(nxt_level) == width:
                    self.cands_cut = True
                    break
                nxt_level.append(j)
            if nxt_level:
                self.level, self.at = nxt_level, 0
                self.li += 1
                continue
            self.last = (self.width, self.vector, self.li, self.cands_cut, self.stage_cut)
            if not any(self.vector) and not self.stage_cut and not self.cands_cut:
                return self._finish(UNKNOWN if p.pruned else UNSOLVABLE)
            self._start_pass()
            nodes, seen, stages = self._nodes, self.seen, self._stages


def beam_schedule(search: SliceBeam):
    """The beam's passes: widths 1, then ×:data:`BEAM_GROW` (at least one more) while a pass left
    candidates out; the quotas doubled when it left none out."""
    width = 1
    while True:
        yield width, ()
        _, _, _, cands_cut, _ = search.last
        if cands_cut:
            width = max(width + 1, int(width * sp.BEAM_GROW))
        else:
            search.quota_scale *= 2


def lds1_schedule(k: int, min_width: int = 1):
    """The beam's passes; after one of width ``W`` ≥ ``min_width`` that left candidates out, the
    passes of width ``W`` with one discrepancy (the next slice) at deal ``i``, ``i < k``,
    shallowest first (only at the deals the beam pass reached)."""
    def schedule(search: SliceBeam):
        width = 1
        while True:
            yield width, ()
            _, _, levels, cands_cut, _ = search.last
            if cands_cut:
                if width >= min_width:
                    for i in range(min(k, levels)):
                        yield width, (0,) * i + (1,)
                width = max(width + 1, int(width * sp.BEAM_GROW))
            else:
                search.quota_scale *= 2
    return schedule


def rooted_schedule(k: int, r: int, d: int, min_width: int = 1, first: int = 0):
    """The beam's passes; after one of width ``W`` ≥ ``min_width`` that left candidates out, for
    each of its first ``k`` deals ``i`` (shallowest first) and each of the ``r`` best candidates of
    level ``i + 1``, a pass through the beam's levels down to deal ``i``, that one candidate alone
    at level ``i + 1``, and width ``max(1, W // d)`` below it: a sub-beam rooted at an early
    candidate."""
    def schedule(search: SliceBeam):
        width = 1
        while True:
            yield width, ()
            _, _, levels, cands_cut, _ = search.last
            if cands_cut:
                if width >= min_width:
                    for i in range(first, min(k, levels)):
                        for c in range(r):
                            yield width, (0,) * i + ((c, 1),), max(1, width // d)
                width = max(width + 1, int(width * sp.BEAM_GROW))
            else:
                search.quota_scale *= 2
    return schedule


def parse_schedule(text: str, ap):
    """The schedule ``--schedule`` names (see the module docstring); a bad one ends the script
    through ``ap.error``."""
    if text == "beam":
        return beam_schedule
    parts = text.split(":")
    try:
        if parts[0] == "lds1" and len(parts) in (2, 3):
            return lds1_schedule(int(parts[1]), int(parts[2]) if len(parts) > 2 else 1)
        if parts[0] == "root" and len(parts) in (5, 6):
            return rooted_schedule(*(int(x) for x in parts[1:6]))
    except (IndexError, ValueError):
        pass
    ap.error(f"--schedule: beam, lds1:K[:M] or root:K:R:D:M[:F], not {text!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", default="1-60", help="FIRST-LAST or a comma-separated list")
    ap.add_argument("--nodes", type=int, default=90_000)
    ap.add_argument("--schedule", default="beam")
    a = ap.parse_args(argv)
    from spider_positions import chosen_states
    from games.spider import Spider
    spec = a.positions
    if "-" in spec:
        try:
            lo, hi = (int(x) for x in spec.split("-"))
        except ValueError:
            ap.error(f"--positions takes FIRST-LAST or numbers separated by commas, not {spec!r}")
        spec = ",".join(str(i) for i in range(lo, hi + 1))
    which, states = chosen_states(ap, spec, "4")
    schedule = parse_schedule(a.schedule, ap)
    print(f"# spider_stack.py --schedule {a.schedule} --nodes {a.nodes}")
    got = {}
    t_all = time.process_time()
    for n in which:
        s = states[n - 1]
        search = SliceBeam(sp._Problem(s), lambda moves, s=s: replays_to_win(Spider, s, moves),
                           max_nodes=a.nodes, schedule=schedule)
        t0 = time.process_time()
        r = search.run()
        got[n] = search.nodes if r.status == SOLVED else None
        job = f"W{search.width}:{search.vector}:{search.below}".replace(" ", "") if got[n] else ""
        print(n, got[n] or "-", f"{time.process_time() - t0:.2f}", search.passes, job, flush=True)
    for b in sorted({50_000, 90_000, a.nodes}):
        x = sum(1 for n, v in got.items() if n <= 20 and v and v <= b)
        y = sum(1 for n, v in got.items() if n > 20 and v and v <= b)
        print(f"within {b}: {x} | {y}")
    print(f"# CPU {time.process_time() - t_all:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
