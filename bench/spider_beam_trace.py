"""Where :class:`games.solvers.spider.SpiderBeam` finds a win, pass by pass: which candidate of each
level the winning line took, and which pass dropped it.

    python bench/spider_beam_trace.py --positions 1,11,19 [--suits 4] [--nodes 600000] [--families]

Each position (deal ``N`` of the variant, then the fixed policy moves of ``bench/solvers.py``) is
searched by the beam under a node budget (no clock: the run is deterministic) with its ``trace``
on. For a win, the line's states right after each deal are its *candidates*; for every pass the
tool prints the width, the positions generated in the pass, and the rank the line's candidate had
among the candidates of each level (0 is the best priority, duplicates not counted) until a rank
reached the width (the pass dropped the line there) or the line reached the last level (stock
empty: the pass that wins). So a rank list ``[0, 15, 13, 36]`` says the line needs a width of 37
at its fourth deal. Not a timed benchmark: the trace keeps every level's candidates (memory).

``--families`` also asks whether near-twins could be kept out of the beam by a coarse key: for each
level of the winning pass, the rank the line's candidate would have if the level were taken in
*rounds over families* (first the best candidate of every family in priority order, then every
family's second, …), a family being the candidates whose positions before the deal are equal on
the key (:data:`FAMILY_KEYS`), and how many families the level has. A key that lowers the line's
rank at every level would let a narrower pass keep it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from spider_positions import chosen_states  # noqa: E402

DOWN = 64
"""Added to a card's value while it is face down (as in games/solvers/spider.py)."""


def _downs(col: bytes) -> int:
    """Face-down cards of a compact column."""
    return sum(1 for x in col if x >= DOWN)


def _suit_runs(col: bytes) -> list[tuple[int, int]]:
    """The column's face-up same-suit runs from the top, as (base card, length)."""
    out, i = [], len(col)
    while i > 0 and col[i - 1] < DOWN:
        j = i - 1
        while j > 0 and col[j - 1] < DOWN and col[j - 1] == col[j] + 1:
            j -= 1
        out.append((col[j], i - j))
        i = j
    return out


FAMILY_KEYS = {
    # the same columns in another order (with the stock left the deal lands otherwise)
    "columns": lambda cols: tuple(sorted(cols)),
    # each column's face-down count, and the top same-suit runs (base card, length) in any order
    "downs+run-tops": lambda cols: (tuple(_downs(c) for c in cols),
                                    tuple(sorted(_suit_runs(c)[0] for c in cols if c))),
    # each column's face-down count, and every face-up same-suit run in any order
    "downs+runs": lambda cols: (tuple(_downs(c) for c in cols),
                                tuple(sorted(r for c in cols for r in _suit_runs(c)))),
    # each column's face-down count and top card
    "downs+tops": lambda cols: tuple((_downs(c), c[-1] if c else -1) for c in cols),
}
"""Coarse keys of a candidate's position before its deal (compact columns) for ``--families``."""


def family_ranks(search, entry, line: set[int], key) -> tuple[int, int] | None:
    """``(rank, families)``: the rank of the line's candidate when the level's candidates are
    taken in rounds over the families of ``key`` (see the module docstring), and the number of
    families; ``None`` when the line has no candidate there."""
    nodes = search._nodes
    count: dict = {}
    order = []
    for i, (_, _, j) in enumerate(entry[3]):
        if nodes[j][2] is False:
            continue
        k = key(nodes[nodes[j][0]][2][0])
        c = count.get(k, 0)
        count[k] = c + 1
        order.append((c, i, j))
    order.sort()
    for rank, (_, _, j) in enumerate(order):
        if j in line:
            return rank, len(count)
    return None


def line_ranks(search, entry, line: set[int]) -> int | None:
    """The rank of the line's candidate among a level's candidates (duplicates skipped), or
    ``None`` when the line has none there."""
    nodes = search._nodes
    rank = 0
    for _, _, j in entry[3]:
        if nodes[j][2] is False:
            continue
        if j in line:
            return rank
        rank += 1
    return None


def report(n: int, search, result, seconds: float, families: bool = False) -> list[str]:
    """The lines printed for one position (``families``: with the ranks of ``--families``)."""
    from games.spider import DEAL
    nodes = search._nodes
    out = [f"position {n}: {result.status}, {search.nodes} positions, pass {search.passes}, {seconds:.2f} CPU s"]
    if result.status != "solved":
        return out
    j, line = len(nodes) - 1, set()
    while j >= 0:
        line.add(j)
        j = nodes[j][0]
    out[0] += f", {sum(1 for j in line if nodes[j][1] == DEAL)} deals on the winning line"
    passes: dict[int, list] = {}
    for entry in search.trace:
        passes.setdefault(entry[0], []).append(entry)
    before = 0
    for number in sorted(passes):
        levels = passes[number]
        width = levels[0][1]
        ranks, dropped = [], None
        for depth, entry in enumerate(levels, 1):
            if depth > 1 and not any(j in line for j in entry[2]):
                break
            r = line_ranks(search, entry, line)
            ranks.append(r)
            if r is None or r >= width:
                dropped = depth + 1
                break
        end = levels[-1][5]
        what = f"dropped at level {dropped}" if dropped else "kept to the last level"
        out.append(f"  pass {number:2d} width {width:3d}: positions {before:7d} -> {end:7d} "
                   f"({end - before:6d}); the line's candidate ranks {ranks}; {what}")
        before = end
    out.append(f"  won in a stage search of the last level at {search.nodes} positions")
    if families:
        last = [e for e in search.trace if e[0] == max(passes) and any(j in line for _, _, j in e[3])]
        out.append(f"  the winning pass's levels: the line's rank by priority {[line_ranks(search, e, line) for e in last]}"
                   f", candidates {[sum(1 for _, _, j in e[3] if nodes[j][2] is not False) for e in last]}")
        for name, key in FAMILY_KEYS.items():
            ranks = [family_ranks(search, e, line, key) for e in last]
            out.append(f"    in rounds over families by {name}: ranks {[r[0] for r in ranks]}, "
                       f"families {[r[1] for r in ranks]}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suits", choices=("4",), default="4", help="the beam searches 4 suits only")
    ap.add_argument("--positions", required=True, help="position numbers, comma-separated (1-60)")
    ap.add_argument("--nodes", type=int, default=600_000, help="positions generated, at most")
    ap.add_argument("--families", action="store_true",
                    help="also the line's ranks in rounds over families of near-twins (coarse keys)")
    a = ap.parse_args(argv)
    from games.solvers.search import replays_to_win
    from games.solvers.spider import SpiderBeam, _Problem
    from games.spider import Spider
    which, states = chosen_states(ap, a.positions, a.suits)
    for n in which:
        s = states[n - 1]
        search = SpiderBeam(_Problem(s), lambda moves, s=s: replays_to_win(Spider, s, moves), max_nodes=a.nodes)
        search.trace = []
        t0 = time.process_time()
        result = search.run()
        print("\n".join(report(n, search, result, time.process_time() - t0, a.families)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
