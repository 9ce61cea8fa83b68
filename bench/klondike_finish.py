"""How early Klondike's Finish comes: the first position of the solver's winning line with every
column card face up (where Finish is offered, docs/columns-ui.md), compared with the first with the
stock and the waste empty too (where it used to wait).

    python bench/klondike_finish.py --draw 1 --deals 1-30 --seconds 5

For each deal the solver (``games.solvers.klondike.solver``) searches within the seconds; a
winning line is replayed and the first all-face-up position on it noted: the talon's cards there,
the moves the line had left, the moves Finish plays from there (``Klondike.finish_moves``, or
"-" when it offers nothing: drawing three), its recycles and whether it ends won.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.core import WON  # noqa: E402
from games.klondike import Klondike as R  # noqa: E402
from games.solvers.klondike import solver  # noqa: E402
from games.solvers.search import SOLVED  # noqa: E402


def deal_range(text: str) -> range:
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Where Klondike's Finish is offered on the solver's winning lines.")
    ap.add_argument("--draw", choices=["1", "3"], default="1", help="cards drawn at a time")
    ap.add_argument("--deals", default="1-30", type=deal_range, help="deal numbers, A-B")
    ap.add_argument("--seconds", type=float, default=5.0, help="the solver's time per deal")
    a = ap.parse_args(argv)
    rows = []
    t0 = time.perf_counter()
    print(f"klondike draw {a.draw}, deals {a.deals.start}-{a.deals.stop - 1}, solver {a.seconds} s a deal")
    print("deal talon-cards line-moves-left finish-moves finish-recycles finish-won empty-talon-moves-later")
    for n in a.deals:
        s = R.deal(n, {"draw": a.draw})
        r = solver(s, None, a.seconds).run()
        if r.status != SOLVED:
            print(n, "not solved")
            continue
        line = list(r.moves)
        first = None
        for i, text in enumerate(line):
            if first is None and not any(s.down):
                first = (i, s)
            if first is not None and not s.stock and not s.waste:
                break
            s = R.apply(s, R.parse_move(s, text))
        i0, s0 = first
        fin = R.finish_moves(s0)
        if fin is None:
            row = (n, len(s0.stock) + len(s0.waste), len(line) - i0, "-", "-", "-", i - i0)
        else:
            end = s0
            for m in fin:
                end = R.apply(end, m)
            row = (n, len(s0.stock) + len(s0.waste), len(line) - i0, len(fin), end.recycles - s0.recycles,
                   R.status(end) == WON, i - i0)
        rows.append(row)
        print(*row)
    early = [r for r in rows if r[1] > 0]
    print(f"{len(rows)} solved; {len(early)} reach every column card face up with cards in the talon "
          f"(median {statistics.median(r[1] for r in early) if early else 0}); "
          f"Finish won from there in {sum(1 for r in early if r[5] is True)}; "
          f"{time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
