"""``python -m games winnability``: solve a range of deals in parallel processes, a line a deal in
the deals' order, each printed as soon as it and the deals before it are solved."""
from __future__ import annotations

import errno
import os
import select
import stat
import sys
import time
from collections import Counter
from multiprocessing import get_context
from multiprocessing.connection import wait

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
"""Deals handed to a worker at a time, at most (fast deals: Pyramid's take a millisecond or two)."""
CHUNK_SECONDS = 0.05
"""CPU seconds a chunk of deals should take, by the deals solved so far: a line waits at most
about this long behind the deals before it that the same worker is still solving."""
WINDOW = 10_000
"""Deals handed out but not yet printed, at most: the answers of deals solved ahead of a slow one
wait in order, so memory stays flat however long the slow one takes."""


def _tasks(rules, lo: int, hi: int, options: dict, timeout: float):
    return ((rules.name, n, options, timeout) for n in range(lo, hi + 1))


def _worker(tasks, results, solve) -> None:
    """A worker process: reads ``(game, lo, hi, options, timeout)`` chunks from ``tasks`` until
    ``None`` and sends each deal's answer on ``results`` as soon as it is solved (one message a
    deal, not a chunk), or ``("error", number, traceback)`` for a deal whose search raised.
    Ctrl+C is left to the parent, which stops the workers."""
    import signal
    import traceback

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # a closed terminal reaches the whole group: the parent stops them
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    while (job := tasks.recv()) is not None:
        game, lo, hi, options, timeout = job
        for n in range(lo, hi + 1):
            try:
                answer = solve((game, n, options, timeout))
            except Exception:
                results.send(("error", n, traceback.format_exc()))
                return
            results.send(answer)


def reader_pipe(out) -> int | None:
    """The file descriptor under ``out`` when it is a pipe (``| head``), else ``None``: only a
    pipe's writing end reports its reader gone (``POLLERR``) without being written to. ``None``
    where there is no ``poll`` of file descriptors (Windows): a closed pipe is then noticed at the
    next line."""
    if os.name != "posix" or not hasattr(select, "poll"):
        return None
    try:
        fd = out.fileno()
        return fd if stat.S_ISFIFO(os.fstat(fd).st_mode) else None
    except (AttributeError, OSError, ValueError):
        return None


def _reader_gone(fd: int) -> bool:
    """Whether the pipe whose writing end is ``fd`` has lost its reader (Linux and macOS report
    ``POLLERR`` there, whatever events were asked for)."""
    p = select.poll()
    p.register(fd, 0)
    return any(ev & (select.POLLERR | select.POLLHUP) for _, ev in p.poll(0))


class _Worker:
    """A worker process and its two pipes, with the deals handed to it and not yet answered."""

    def __init__(self, ctx, solve):
        self.tasks, tasks_end = ctx.Pipe(duplex=False)[::-1]
        self.results, results_end = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_worker, args=(tasks_end, results_end, solve), daemon=True)
        self.process.start()
        tasks_end.close()      # the child's ends: the parent keeps only its own, so a dead child
        results_end.close()    # reads as end of file
        self.chunks: list[int] = []   # deals left to answer in each chunk handed out, oldest first

    def give(self, job) -> None:
        self.tasks.send(job)
        self.chunks.append(job[2] - job[1] + 1)

    def answered(self) -> None:
        self.chunks[0] -= 1
        if not self.chunks[0]:
            self.chunks.pop(0)

    def stop(self, at_once: bool) -> None:
        if at_once:
            self.process.terminate()
        else:
            try:
                self.tasks.send(None)
            except OSError:
                self.process.terminate()
        self.process.join()
        self.tasks.close()
        self.results.close()


def _start_workers(ctx, solve, jobs: int) -> list[_Worker]:
    """``jobs`` workers, started with SIGINT and SIGHUP ignored: a process started so keeps ignoring
    them from its very start (Python installs its Ctrl+C handler only where SIGINT is not ignored),
    so a Ctrl+C at the terminal, or the terminal closing, which reach every process of the group,
    never interrupt a worker still importing the rules (a traceback each); the parent alone reads
    them and stops the workers. This process's handling of both is restored before returning
    (also when a start fails).

    While the workers start, both signals are also blocked in this process (where the system can):
    one that arrives meanwhile waits and is delivered once the handlers are back, instead of being
    ignored with the workers' (on a loaded machine a start takes long enough for a Ctrl+C to fall
    in it). Should it stop the start (``KeyboardInterrupt``), the workers started are stopped at
    once before it goes on."""
    import signal

    sigs = [getattr(signal, n) for n in ("SIGINT", "SIGHUP") if hasattr(signal, n)]
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, sigs) if hasattr(signal, "pthread_sigmask") else None
    workers: list[_Worker] = []
    try:
        try:
            before = {sig: signal.signal(sig, signal.SIG_IGN) for sig in sigs}
        except ValueError:   # not the main thread: signals are not this thread's to set
            before = {}
        try:
            for _ in range(jobs):
                workers.append(_Worker(ctx, solve))
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)
            if mask is not None:   # a signal that came meanwhile is handled here
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    except BaseException:
        for w in workers:
            w.stop(at_once=True)
        raise
    return workers


def pooled(rules, first: int, last: int, options: dict, timeout: float, jobs: int, solve=None,
           watch: int | None = None):
    """The answers of deals ``first..last`` (tuples of :func:`solve_deal`), in order, solved by
    ``jobs`` worker processes; each is yielded as soon as it and every deal before it are solved.

    A worker is handed a chunk of deals at a time (one at first; then as many as take about
    :data:`CHUNK_SECONDS` of CPU by the deals solved so far, at most :data:`CHUNK_MAX`) and one more
    chunk queued behind it, so it never waits for work, and it sends each deal's answer as soon as
    it has it. At most :data:`WINDOW` deals are handed out ahead of the next line. ``solve`` (a
    module-level function, default :func:`solve_deal`) solves one deal.

    ``watch``: the file descriptor of a pipe the lines go to (:func:`reader_pipe`): while the
    workers search, a reader that closed it is noticed at once (``BrokenPipeError``), not only
    when the next line is written, which may be a whole search later.

    Closing the generator (or an exception in the reader: a closed pipe, Ctrl+C) stops the workers
    at once; after the last answer they are stopped and waited for.

    :raises RuntimeError: when a worker's search raised (its traceback in the message) or a worker
        died.
    """
    solve = solve or solve_deal
    ctx = get_context("spawn")
    workers = _start_workers(ctx, solve, jobs)
    by_conn = {w.results: w for w in workers}
    by_sentinel = {w.process.sentinel: w for w in workers}
    done: dict[int, tuple] = {}   # answers solved ahead of a deal not yet answered
    handed = printed = first      # the next deal to hand out; the next deal to yield
    solved, cpu = 0, 0.0          # answers so far and their CPU seconds, to size the chunks
    clean = False
    try:
        while printed <= last:
            for depth in (1, 2):   # the next deals to the idle workers first, then one queued behind each
                for w in workers:
                    if len(w.chunks) >= depth or handed > last or handed - printed >= WINDOW:
                        continue
                    size = 1 if not solved or cpu <= 0 else int(CHUNK_SECONDS * solved / cpu)
                    hi = min(last, handed + max(1, min(CHUNK_MAX, size)) - 1, printed + WINDOW - 1)
                    w.give((rules.name, handed, hi, options, timeout))
                    handed = hi + 1
            for ready in wait(list(by_conn) + list(by_sentinel) + ([watch] if watch is not None else [])):
                if ready == watch:
                    if _reader_gone(watch):
                        raise BrokenPipeError(errno.EPIPE, "the reader of the lines went away")
                    watch = None   # ready for another reason: not watched any more, never a busy loop
                    continue
                w = by_conn.get(ready)
                if w is None:   # a worker ended: its answers are read first, then its pipe's end
                    by_sentinel[ready].process.join()
                    w = by_sentinel[ready]
                while w.results.poll():
                    try:
                        answer = w.results.recv()
                    except EOFError:
                        raise RuntimeError(f"a worker process ended (exit code {w.process.exitcode})") from None
                    if answer[0] == "error":
                        raise RuntimeError(f"deal {answer[1]}: the search raised\n{answer[2]}")
                    w.answered()
                    done[answer[0]] = answer
                    solved, cpu = solved + 1, cpu + answer[2]
            while printed in done:
                yield done.pop(printed)
                printed += 1
        clean = True
    finally:
        for w in workers:
            w.stop(at_once=not clean)


def run(rules, first: int, last: int, options: dict, timeout: float, jobs: int, out, solve=None) -> int:
    """Print a line a deal (``N status seconds`` — CPU seconds of the deal's search —, `` M moves`` when solved, `` best K`` where the
    search keeps a best result) and the closing tally (docs/contract.md); games with a best result get
    a ``best results:`` line of their distribution on standard error after it (the median the mean
    of the two middle results for an even count), so standard output stays a line a deal and the
    tally, and a standard error that cannot be written costs neither. Returns 0.

    Lines are in the order of the deals, each written and flushed as soon as its deal and every
    deal before it are solved (:func:`pooled`). Deals are made as they are solved and only counts
    are kept, so memory stays flat over any range. ``solve`` (a module-level function, default
    :func:`solve_deal`) solves one deal. :raises BrokenPipeError: when ``out``'s reader went away
    (``| head``): the workers are stopped first, at once."""
    solve = solve or solve_deal
    count = last - first + 1
    # never more processes than deals, nor than a few per core (--jobs 99999 would fork-bomb)
    jobs = max(1, min(jobs or os.cpu_count() or 1, count, 4 * (os.cpu_count() or 1)))
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    bests: Counter = Counter()   # best result -> deals
    t0 = time.perf_counter()
    if jobs == 1:
        results = map(solve, _tasks(rules, first, last, options, timeout))
    else:
        results = pooled(rules, first, last, options, timeout, jobs, solve, reader_pipe(out))
    try:
        for number, status, secs, nmoves, best in results:
            counts[status] += 1
            extra = f" best {best}" if best is not None else ""
            if best is not None:
                bests[best] += 1
            out.write(f"{number} {status} {secs:.3f}" + (f" {nmoves} moves" if status == "solved" else "")
                      + extra + "\n")
            out.flush()
    finally:   # a closed pipe, Ctrl+C: the workers are stopped at once, the deals in flight not waited for
        close = getattr(results, "close", None)
        if close is not None:
            close()
    out.write(f"solved {counts['solved']}, unsolvable {counts['unsolvable']}, unknown {counts['unknown']}, "
              f"seconds {time.perf_counter() - t0:.1f}\n")
    if bests:
        n = sum(bests.values())
        mid = (_nth(bests, (n - 1) // 2) + _nth(bests, n // 2)) / 2
        line = ("best results: " + ", ".join(f"<={k} {sum(v for b, v in bests.items() if b <= k)}"
                                             for k in (0, 2, 5, 10))
                + f", median {mid:g}, of {n}\n")
        try:   # a summary beside the answer: a closed or full standard error costs nothing else
            sys.stderr.write(line)
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):
            pass
    return 0


def _nth(counts: Counter, i: int) -> int:
    """The ``i``-th smallest value (from 0) of the multiset ``counts``."""
    for value in sorted(counts):
        i -= counts[value]
        if i < 0:
            return value
    raise IndexError(i)
