"""``python -m games winnability``: solve a range of deals in parallel processes."""
from __future__ import annotations

import os
import sys
import time
from collections import Counter
from multiprocessing import get_context

from .registry import find_game


def solve_deal(args: tuple[str, int, dict, float]) -> tuple[int, str, float, int, int | None]:
    """Solve one deal: ``(game, number, options, timeout)`` → ``(number, status, seconds, moves,
    best)``; ``best`` is the fewest cards left found where the game's search keeps one
    (:meth:`games.solvers.search.Sliced.best_result`: Devil's Grip), else ``None``. ``timeout`` and ``seconds`` are CPU seconds
    of the solving process (the search reads its budget on ``time.process_time``), so a
    measurement does not depend on the machine's load."""
    game, number, options, timeout = args
    rules = find_game(game)
    t0 = time.process_time()
    search = rules.solver(rules.deal(number, options), timeout=timeout, clock=time.process_time)
    r = search.run()
    return number, r.status, time.process_time() - t0, len(r.moves), search.best_result()


CHUNK_MAX = 64
"""Deals handed to a worker at a time, at most."""
BATCH_CHUNKS = 16
"""Chunks a worker is given per batch: the deals in flight are ``jobs × chunk × BATCH_CHUNKS``."""


def _tasks(rules, lo: int, hi: int, options: dict, timeout: float):
    return ((rules.name, n, options, timeout) for n in range(lo, hi + 1))


def _pooled(pool, rules, first: int, last: int, options: dict, timeout: float, jobs: int):
    """The answers of deals ``first..last`` in order, solved by ``pool``: the deals are made a
    batch at a time as the answers are read, so memory stays flat over any range (``Pool.imap``
    alone would queue the whole range at once)."""
    count = last - first + 1
    chunk = max(1, min(CHUNK_MAX, count // (jobs * 8)))
    batch = jobs * chunk * BATCH_CHUNKS
    for lo in range(first, last + 1, batch):
        yield from pool.imap(solve_deal, _tasks(rules, lo, min(last, lo + batch - 1), options, timeout), chunk)


def run(rules, first: int, last: int, options: dict, timeout: float, jobs: int, out) -> int:
    """Print a line a deal (``N status seconds`` — CPU seconds of the deal's search —, `` M moves`` when solved, `` best K`` where the
    search keeps a best result) and the closing tally (docs/contract.md); games with a best result get
    a ``best results:`` line of their distribution on standard error, so standard output stays a
    line a deal and the tally. Returns 0.

    Deals are made as they are solved and only counts are kept, so memory stays flat over any
    range. :raises BrokenPipeError: when ``out``'s reader went away (``| head``): the workers are
    stopped first, at once."""
    count = last - first + 1
    # never more processes than deals, nor than a few per core (--jobs 99999 would fork-bomb)
    jobs = max(1, min(jobs or os.cpu_count() or 1, count, 4 * (os.cpu_count() or 1)))
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    bests: Counter = Counter()   # best result -> deals
    t0 = time.perf_counter()
    if jobs == 1:
        results = map(solve_deal, _tasks(rules, first, last, options, timeout))
        pool = None
    else:
        pool = get_context("spawn").Pool(jobs)
        results = _pooled(pool, rules, first, last, options, timeout, jobs)
    try:
        for number, status, secs, nmoves, best in results:
            counts[status] += 1
            extra = f" best {best}" if best is not None else ""
            if best is not None:
                bests[best] += 1
            out.write(f"{number} {status} {secs:.3f}" + (f" {nmoves} moves" if status == "solved" else "")
                      + extra + "\n")
            out.flush()
    except BaseException:   # a closed pipe, Ctrl+C: the deals in flight are not waited for
        if pool is not None:
            pool.terminate()
            pool.join()
            pool = None
        raise
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if bests:
        n = sum(bests.values())
        sys.stderr.write("best results: " + ", ".join(f"<={k} {sum(v for b, v in bests.items() if b <= k)}"
                                                       for k in (0, 2, 5, 10))
                         + f", median {_nth(bests, n // 2)}, of {n}\n")
    out.write(f"solved {counts['solved']}, unsolvable {counts['unsolvable']}, unknown {counts['unknown']}, "
              f"seconds {time.perf_counter() - t0:.1f}\n")
    return 0


def _nth(counts: Counter, i: int) -> int:
    """The ``i``-th smallest value (from 0) of the multiset ``counts``."""
    for value in sorted(counts):
        i -= counts[value]
        if i < 0:
            return value
    raise IndexError(i)
