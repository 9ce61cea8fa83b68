"""``python -m games winnability``: solve a range of deals in parallel processes."""
from __future__ import annotations

import os
import sys
import time
from multiprocessing import get_context

from .registry import find_game


def solve_deal(args: tuple[str, int, dict, float]) -> tuple[int, str, float, int, int | None]:
    """Solve one deal: ``(game, number, options, timeout)`` → ``(number, status, seconds, moves,
    best)``; ``best`` is the fewest cards left found where the game's search keeps one (its
    ``best`` attribute: Devil's Grip), else ``None``. ``timeout`` and ``seconds`` are CPU seconds
    of the solving process (the search reads its budget on ``time.process_time``), so a
    measurement does not depend on the machine's load."""
    game, number, options, timeout = args
    rules = find_game(game)
    t0 = time.process_time()
    search = rules.solver(rules.deal(number, options), timeout=timeout, clock=time.process_time)
    r = search.run()
    return number, r.status, time.process_time() - t0, len(r.moves), getattr(search, "best", None)


def run(rules, first: int, last: int, options: dict, timeout: float, jobs: int, out) -> int:
    """Print a line a deal (``N status seconds`` — CPU seconds of the deal's search —, `` M moves`` when solved, `` best K`` where the
    search keeps a best result) and the closing tally (docs/contract.md); games with a best result get
    a ``best results:`` line of their distribution on standard error, so standard output stays a
    line a deal and the tally. Returns 0."""
    tasks = [(rules.name, n, options, timeout) for n in range(first, last + 1)]
    # never more processes than deals, nor than a few per core (--jobs 99999 would fork-bomb)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks), 4 * (os.cpu_count() or 1)))
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    bests: list[int] = []
    t0 = time.perf_counter()
    if jobs == 1 or len(tasks) == 1:
        results = map(solve_deal, tasks)
        pool = None
    else:
        pool = get_context("spawn").Pool(jobs)
        results = pool.imap(solve_deal, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))
    try:
        for number, status, secs, nmoves, best in results:
            counts[status] += 1
            extra = f" best {best}" if best is not None else ""
            if best is not None:
                bests.append(best)
            out.write(f"{number} {status} {secs:.3f}" + (f" {nmoves} moves" if status == "solved" else "")
                      + extra + "\n")
            out.flush()
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if bests:
        sys.stderr.write("best results: " + ", ".join(f"<={k} {sum(b <= k for b in bests)}" for k in (0, 2, 5, 10))
                  + f", median {sorted(bests)[len(bests) // 2]}, of {len(bests)}\n")
    out.write(f"solved {counts['solved']}, unsolvable {counts['unsolvable']}, unknown {counts['unknown']}, "
              f"seconds {time.perf_counter() - t0:.1f}\n")
    return 0
