"""Make the bank of Devil's Grip's deals of the day: ``games/banks/devils-grip-daily.txt``.

    nice -n 19 python tools/make_grip_daily.py --deals 1-450 --nodes 150000 --beam 300 [--jobs N]

Under our rules about one deal in 12 000 can be won outright (docs/devils-grip.md,
"Winnability"), so a Devil's Grip daily carries a *goal* instead: leave at most N cards in stock
and talon, N being the fewest cards left that the solver found for the deal. For each deal of the
range this runs :class:`games.solvers.devils_grip.DGSearch` with a fixed budget of ``--nodes``
nodes (a fixed amount of work a deal, whatever the machine or its load: the output is
deterministic, the same command gives the same file), replays the best line found by the rules
and keeps the deal only when the line ends with exactly N cards left. The file lists, a line a
deal, ``DEAL GOAL MOVE…`` (moves in docs/contract.md notation); :func:`games.daily.grip_goals`
reads it. The CPU seconds of every deal are printed to standard error (a measurement, kept out
of the bank so that it stays deterministic).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bank import BANKS_DIR  # noqa: E402
from games.daily import GRIP_BANK, replay_goal  # noqa: E402
from games.devils_grip import DevilsGrip  # noqa: E402
from games.solvers.devils_grip import DGSearch  # noqa: E402


def best_of(args: tuple[int, int, int]) -> tuple[int, int, list[str], float]:
    """``(deal, nodes, beam)`` → ``(deal, fewest cards left found, the line, CPU seconds)``."""
    number, nodes, beam = args
    t0 = time.process_time()
    search = DGSearch(DevilsGrip.deal(number), max_nodes=nodes, beam_width=beam, first_beam=True)
    search.run()
    return number, search.best, search.best_moves(), time.process_time() - t0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", required=True, help="a range of deal numbers, e.g. 1-500")
    p.add_argument("--nodes", type=int, default=150_000, help="solver nodes a deal (the budget)")
    p.add_argument("--beam", type=int, default=300, help="width of the search's opening beam")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", type=Path, default=BANKS_DIR / GRIP_BANK)
    a = p.parse_args(argv)
    lo, _, hi = a.deals.partition("-")
    first, last = int(lo), int(hi or lo)
    tasks = [(n, a.nodes, a.beam) for n in range(first, last + 1)]
    rows, secs, dropped = [], [], []
    t0 = time.time()
    partial = a.out.with_name(a.out.name + ".partial")   # the rows so far, in deal order
    with get_context("spawn").Pool(max(1, a.jobs)) as pool, partial.open("w", encoding="utf-8") as part:
        for number, best, moves, cpu in pool.imap(best_of, tasks, chunksize=2):
            secs.append(cpu)
            left = replay_goal(number, moves)
            if left != best:  # a line that does not replay to its result: a solver bug
                dropped.append(number)
                print(f"deal {number}: the line replays to {left}, not {best}: left out", file=sys.stderr)
                continue
            rows.append(f"{number} {best} " + " ".join(moves))
            part.write(rows[-1] + "\n")
            part.flush()
            print(f"deal {number}: goal {best}, {len(moves)} moves, {cpu:.2f} CPU s", file=sys.stderr, flush=True)
    goals = [int(r.split()[1]) for r in rows]
    header = [
        f"# made by: nice -n 19 python tools/make_grip_daily.py --deals {a.deals} --nodes {a.nodes} --beam {a.beam}",
        "# Devil's Grip deals of the day: DEAL GOAL MOVE... — the goal is the fewest cards left in stock",
        "# and talon the solver found within the budget; the moves reach it (docs/progression.md).",
        f"# {len(rows)} deals; goals: median {statistics.median(goals) if goals else '-'}, "
        f"min {min(goals, default='-')}, max {max(goals, default='-')}",
        "game: devils-grip",
        f"checked: {first}-{last}",
        f"budget: {a.nodes} nodes, beam {a.beam}",
    ]
    a.out.write_text("\n".join(header + rows) + "\n", encoding="utf-8")
    partial.unlink()
    print(f"{a.out}: {len(rows)} deals ({len(dropped)} left out), CPU s a deal: median "
          f"{statistics.median(secs):.2f}, max {max(secs):.2f}; {time.time() - t0:.0f} s wall", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
