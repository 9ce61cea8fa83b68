"""One soft thread of the FreeCell fast core alone: how many deals it wins within a few hundred
positions, and where the deals it misses go wrong (issue 20, item 3).

    python bench/freecell_first_thread.py --deals 1-1000 --order 0,2,1,3,5 --sort 2,3,7
    python bench/freecell_first_thread.py --deals 1-1000 --order 0,1,3,5,2 --sort 2,3,5,7 --quiet

The thread (:class:`games.solvers.freecell_fast.Thread`: ``--order`` its move groups, indices of
:data:`~games.solvers.freecell_fast.GROUPS`; ``--sort`` the groups whose children it tries by
:func:`~games.solvers.freecell_fast.low_left`, none if empty) searches each deal alone, with a
visited set of its own, for at most ``--cap`` positions (it is the first thread of the fast core's
portfolio until the second thread's turn, at ``--within`` positions: :data:`SLICE`). It is run one
position at a time, so that the position count at which each position of its line was entered is
known: when it wins, each position of the winning line whose winning child is not the first child
it entered had a *dead subtree* — the first child's, searched out (depth-first) before the thread
came back — of as many positions as were entered between them.

Printed: the deals won, won within ``--within`` positions and within 1 000, the positions in all
(a deal not won counts the positions the thread entered before it ran dry or reached the cap),
the mean line as found and as :func:`~games.solvers.freecell_fast.shorten` leaves it (won deals);
then, over the deals won after ``--within`` positions, the position of the line with the largest
dead subtree: which group the first child came from against the winning child's (a dig's name
carries the free cells and empty columns its plan used: ``dig c1 e0``), how many deals and
positions each pair accounts for, the same by the first child's group alone, and the depths of
those positions along the line. A line a deal
unless ``--quiet``. Positions are counted, not timed: the figures do not depend on the machine's
load.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell_fast as ff  # noqa: E402
from solver_freecell import parse_deals  # noqa: E402

GROUP_NAMES = ("home", "cell onto a top", "dig", "run onto a top", "part of a run", "empty column",
               "into a cell", "dig onto a top")
"""The names of :data:`games.solvers.freecell_fast.GROUPS`, by index."""


def describe(group: int, moves: list) -> str:
    """A child's group by name; a dig's (or a dig onto a top's) with the free cells and empty
    columns its moves ``moves`` (board log entries) used."""
    name = GROUP_NAMES[group]
    if group in (2, 7):
        cells = sum(1 for m in moves if 8 <= m[1] < 12)
        empties = sum(1 for m in moves if m[5])
        name += f" c{cells} e{empties}"
    return name


def search(n: int, order: tuple, sort, cap: int) -> dict:
    """Deal ``n`` searched by one thread alone: ``{deal, won, positions, found, shortened,
    waste, depth, first, winning}`` (``found`` / ``shortened``: the line's moves; ``waste``: the
    largest dead subtree along a won line, in positions, at ``depth`` moves of the thread's line
    from the deal, between a first child of group ``first`` and the winning one of ``winning``)."""
    s = FreeCell.deal(n, {})
    root = ff.Board(s)
    root.autos()
    t = ff.Thread(root.copy(), order, sort=sort)
    seen = {root.h}
    log = t.board.log
    created = {id(t.stack[0]): 0}     # frame -> positions entered when it was entered
    at = {id(t.stack[0]): len(log)}   # frame -> the log's length at its position
    first = {}                        # frame -> its first child entered, described
    won = False
    while t.states < cap and t.stack:
        won = t.run(seen, 1)
        if won or not t.stack:
            break
        new = t.stack[-1]             # run() returns after entering a position: its frame is new
        created[id(new)] = t.states
        at[id(new)] = len(log)
        first.pop(id(new), None)
        parent = t.stack[-2]
        if id(parent) not in first:
            first[id(parent)] = describe(order[parent[0] - 1], log[new[3]:])
    out = {"deal": n, "won": won, "positions": t.states, "found": None, "shortened": None,
           "waste": 0, "depth": None, "first": None, "winning": None}
    if not won:
        return out
    out["found"] = len(log)
    out["shortened"] = len(ff.shorten(s, log))
    stack = t.stack
    for k, fr in enumerate(stack):
        last = k + 1 == len(stack)
        nxt = t.states if last else created[id(stack[k + 1])]
        waste = nxt - created[id(fr)] - 1
        if waste > out["waste"]:
            moves = log[at[id(fr)]:] if last else log[at[id(fr)]:at[id(stack[k + 1])]]
            out.update(waste=waste, depth=k, first=first.get(id(fr)),
                       winning=describe(order[fr[0] - 1], moves))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/freecell_first_thread.py", description=__doc__.split("\n")[0])
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--order", default="0,2,1,3,5", help="move groups, comma-separated")
    p.add_argument("--sort", default="2,3,7", help="groups whose children are sorted ('' for none)")
    p.add_argument("--cap", type=int, default=20000, help="positions a deal at most")
    p.add_argument("--within", type=int, default=ff.SLICE, help="the first turn's positions")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    try:
        deals = parse_deals(a.deals)
        order = tuple(int(x) for x in a.order.split(","))
        sort = tuple(int(x) for x in a.sort.split(",") if x.strip())
    except ValueError as e:
        p.error(str(e))
    rows = []
    for n in deals:
        r = search(n, order, sort, a.cap)
        rows.append(r)
        if not a.quiet:
            print(f"{n} won {r['won']} positions {r['positions']} line {r['found']} / {r['shortened']} "
                  f"waste {r['waste']} depth {r['depth']} first {r['first']!r} winning {r['winning']!r}")
    won = [r for r in rows if r["won"]]
    late = [r for r in won if r["positions"] > a.within]
    print(f"# deals {a.deals} ({len(deals)}); order {order}, sorted {sort}, cap {a.cap}")
    print(f"won {len(won)}, within {a.within} positions {len(won) - len(late)}, within 1000 "
          f"{sum(1 for r in won if r['positions'] <= 1000)}; positions {sum(r['positions'] for r in rows)}; "
          f"line {sum(r['found'] for r in won) / max(1, len(won)):.2f} as found, "
          f"{sum(r['shortened'] for r in won) / max(1, len(won)):.2f} shortened")
    pairs = collections.Counter()
    waste = collections.Counter()
    for r in late:
        if not r["waste"]:
            continue                    # a line that long, no child taken back
        key = (r["first"], r["winning"])
        pairs[key] += 1
        waste[key] += r["waste"]
    print(f"won after {a.within} positions: {len(late)} deals ({sum(1 for r in late if not r['waste'])} without a "
          f"dead subtree); the largest dead subtree on the line, first child -> winning child: deals, positions")
    for key, c in sorted(pairs.items(), key=lambda kv: -waste[kv[0]]):
        print(f"  {key[0]!s:22s} -> {key[1]!s:22s} {c:4d} {waste[key]:8d}")
    by_group = collections.Counter()
    by_waste = collections.Counter()
    for key, c in pairs.items():
        g = key[0].split(" c")[0]
        by_group[g] += c
        by_waste[g] += waste[key]
    print("  by the first child's group: " + ", ".join(
        f"{g} {c} deals {by_waste[g]} positions" for g, c in by_group.most_common()))
    depths = sorted(r["depth"] for r in late if r["waste"])
    if depths:
        q = [depths[min(len(depths) - 1, int(f * len(depths)))] for f in (0.1, 0.25, 0.5, 0.75, 0.9)]
        print(f"  depth of that position (10/25/50/75/90 %): {q}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
