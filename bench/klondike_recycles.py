"""How many times the Klondike hint search's winning lines turn the stock over (a player following
hints goes through the stock 5-10 times).

    python bench/klondike_recycles.py DRAW COUNT NODES

The positions of ``bench/solvers.py`` (deal N, then 15 moves of its fixed policy), positions
1..COUNT; each searched by the app's hint search (:meth:`games.core.Rules.hint_search`, its
rounds cut) within NODES nodes. Prints per winning line its moves, draws (``s`` not turning the
stock over), recycles and nodes, then the median and largest number of recycles.
"""
import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from games.klondike import Klondike as R  # noqa: E402
from games.solvers.search import SOLVED  # noqa: E402
from solvers import positions  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="How often the Klondike hint's winning lines turn the stock over.")
    ap.add_argument("draw", choices=["1", "3"], help="cards drawn at a time")
    ap.add_argument("count", type=int, help="positions 1..COUNT of bench/solvers.py (depth 15)")
    ap.add_argument("nodes", type=int, help="the hint search's node budget per position")
    a = ap.parse_args(argv)
    draw, count, nodes = a.draw, a.count, a.nodes
    rows = []
    t0 = time.process_time()
    for k, s in enumerate(positions("klondike", {"draw": draw}, 15, count), 1):
        r = R.hint_search(s, nodes).run()
        if r.status != SOLVED:
            continue
        st, recycles, draws = s, 0, 0
        for text in r.moves:
            after = R.apply(st, R.parse_move(st, text))
            if after.recycles > st.recycles:
                recycles += 1
            elif text == "s":
                draws += 1
            st = after
        rows.append((k, len(r.moves), draws, recycles, r.nodes))
    print(f"klondike draw {draw}, positions 1-{count} (bench/solvers.py, depth 15), hint search {nodes} nodes: "
          f"{len(rows)} lines; {time.process_time() - t0:.1f} s CPU")
    print("position moves draws recycles nodes")
    for row in rows:
        print(*row)
    rec = sorted(r[3] for r in rows)
    if rec:
        print(f"recycles: median {rec[len(rec) // 2]}, max {rec[-1]}, lines with 5 or more: "
              f"{sum(1 for x in rec if x >= 5)} of {len(rec)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
