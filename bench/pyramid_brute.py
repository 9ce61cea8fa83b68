"""An independent check of the Pyramid solver's three-pass proofs: a plain, unpruned depth-first
search over every state of the rules (no macro moves, no dominance, no counting, no forced moves).

    python bench/pyramid_brute.py 727 763 [--passes 3] [--layout 1] [--limit 30000000]

For each deal it prints ``deal (winnable, states) cpu-seconds``; ``winnable`` is ``None`` when the
state limit was reached first. A state is ``(layout mask, stock-and-waste mask, index of the stock
top in the fixed order waste + stock, pass)`` (docs/rules.md "Pyramid": available = free layout cards,
the waste top and the stock top; two of them adding up to 13 go, a king alone; a draw moves the
stock top onto the waste; on an empty stock the waste turns back, up to ``passes`` passes). Slow
and memory-hungry (deal 763: 12.6 million states, about a minute and a few GB): for spot checks.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.pyramid import KING, Pyramid, geometry  # noqa: E402


def winnable(s, limit: int = 30_000_000) -> tuple[bool | None, int]:
    """Whether the layout of Pyramid state ``s`` can be cleared; ``(answer, states seen)``."""
    g = geometry(s.layout)
    n, cover = g.n, g.cover_mask
    ranks = [c & 15 if c is not None else 0 for c in s.cards]
    order = [c & 15 for c in s.waste + s.stock]
    m, passes = len(order), s.passes or 10 ** 9

    def top(D, t):  # the stock top at or after index t, m when the stock is empty
        while t < m and not (D >> t) & 1:
            t += 1
        return t

    L0 = sum(1 << i for i, r in enumerate(ranks) if r)
    D0 = (1 << m) - 1
    start = (L0, D0, top(D0, len(s.waste)), s.pass_no)
    seen, stack = {start}, [start]
    while stack:
        L, D, t, p = stack.pop()
        if L == 0:
            return True, len(seen)
        w = t - 1
        while w >= 0 and not (D >> w) & 1:
            w -= 1
        av = [(0, i, ranks[i]) for i in range(n) if (L >> i) & 1 and not cover[i] & L]
        if t < m:
            av.append((1, t, order[t]))
        if w >= 0:
            av.append((1, w, order[w]))
        nxt = []
        if t < m:
            nxt.append((L, D, top(D, t + 1), p))
        elif D and p < passes:
            nxt.append((L, D, top(D, 0), p + 1))
        groups = []
        for a, (ka, ia, ra) in enumerate(av):
            if ra == KING:
                groups.append(((ka, ia),))
                continue
            for kb, ib, rb in av[a + 1:]:
                if ra + rb == 13:
                    groups.append(((ka, ia), (kb, ib)))
        for grp in groups:
            nl, nd = L, D
            for k, i in grp:
                if k == 0:
                    nl &= ~(1 << i)
                else:
                    nd &= ~(1 << i)
            nxt.append((nl, nd, top(nd, t), p))
        for x in nxt:
            if x not in seen:
                seen.add(x)
                stack.append(x)
                if len(seen) > limit:
                    return None, len(seen)
    return False, len(seen)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", nargs="+", type=int)
    ap.add_argument("--passes", default="3")
    ap.add_argument("--layout", default="1")
    ap.add_argument("--limit", type=int, default=30_000_000)
    a = ap.parse_args(argv)
    for d in a.deals:
        t0 = time.process_time()
        res = winnable(Pyramid.deal(d, {"layout": a.layout, "passes": a.passes}), a.limit)
        print(d, res, round(time.process_time() - t0, 1), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
