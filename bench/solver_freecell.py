"""Benchmark: our FreeCell solver against Freecell Solver (``fc-solve``) on the same Microsoft deals,
each solver in one process over all the deals (issue 20, item 3).

    python bench/solver_freecell.py                      # deals 1-1000, fc-solve -l lg
    python bench/solver_freecell.py --deals 1-100,11982 --runs 5
    python bench/solver_freecell.py --no-fc-solve --timeout 60
    python bench/solver_freecell.py --deals 1-200 --ours fast
    python bench/solver_freecell.py --ours fast --runs 5 --our-runs 5   # both sides best of 5

**Ours** runs in this process, deal after deal: CPU seconds a deal (``time.process_time``), states,
moves, and every solution replayed through the rules (:mod:`games.freecell`: each move parsed and
applied from the deal, the last position must be won; a line that does not replay is counted and
shown, and fails the run). ``--ours`` names which of our solvers run (:data:`CONTENDERS`, default
both, one after the other over all the deals): ``current``, the complete search of
:mod:`games.solvers.freecell` (the app's solver until the fast core took its place; its own replay
of the line through the rules is inside its time), and ``fast``, the do/undo core of
:mod:`games.solvers.freecell_fast` that the app now asks (:meth:`games.freecell.FreeCell.solver`;
its line is replayed here, outside its time; that replay's CPU is printed apart and a second ratio
counts it in). With both, the last line is the ratio fast / current. A solver's module is imported
before its first deal is timed (else deal 1 would carry the import, ~20 ms).

**fc-solve** runs the same way, one process over the deals: ``freecell-solver-range-parallel-solve
LO HI 1 -l lg`` (Debian's freecell-solver-bin; a contiguous block of deals a process), so neither
side pays a process start a deal. Its total is the CPU seconds of that process (the children's
rusage). A deal's time is the gap between the timestamps it prints after each board (wall clock,
microseconds): on a shared machine a gap may include time the process waited, so the block is run
``--runs`` times (default 3) and each deal's smallest gap is kept, and likewise the smallest total.
``--our-runs K`` treats ours alike: each of our solvers makes K passes over the deals, alternating
with fc-solve's runs (so a spell of load on this shared machine falls on both), and each deal's
smallest CPU and the smallest pass total are kept (the passes must give the same answers and lines:
the searches are deterministic). With K = 1 (the default) ours is one pass, as before session 16.
fc-solve's solution lengths come from ``fc-solve -l lg -m -sn`` on each deal in a process of its
own (not timed), counted in the same moves as ours: a column-to-column move of several cards is
one move, every card to a foundation is one.

Output: a line a deal (``--quiet``: none), then for each side the answers, total CPU, mean /
median / 99th percentile / worst per deal and the solution lengths (mean / max), then the ratios
ours / fc-solve of the total, the median and the 99th percentile. Run it with ``nice``; the
figures are CPU seconds, so the machine's load does not change ours.
"""
from __future__ import annotations

import argparse
import importlib
import os
import re
import resource
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.core import WON  # noqa: E402
from games.freecell import FreeCell  # noqa: E402

PRESET = ["-l", "lg"]
"""fc-solve's preset: looking-glass, its fast preset in 4.x/5.x (Debian's 5.0.0 has it)."""
RANGE = "freecell-solver-range-parallel-solve"
ENV = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}


def parse_deals(text: str) -> list[int]:
    """``1-100,617`` → the deal numbers. :raises ValueError: on a bad piece."""
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.strip().partition("-")
        lo, hi = int(a), int(b or a)
        if hi < lo:
            raise ValueError(f"'{part}' is an empty range")
        out += range(lo, hi + 1)
    return out


def blocks(deals: list[int]) -> list[tuple[int, int]]:
    """The sorted deals as contiguous ``(first, last)`` blocks."""
    out: list[list[int]] = []
    for n in sorted(set(deals)):
        if out and n == out[-1][1] + 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return [(a, b) for a, b in out]


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0…1) by the nearest rank of the sorted ``values``."""
    v = sorted(values)
    return v[min(len(v) - 1, max(0, round(q * len(v) + 0.5) - 1))] if v else 0.0


def replays(state, moves: list[str]) -> bool:
    """Whether ``moves`` (texts), parsed and applied one after another from ``state`` by the
    rules, end in a won position."""
    try:
        for t in moves:
            state = FreeCell.apply(state, FreeCell.parse_move(state, t))
    except Exception:
        return False
    return FreeCell.status(state) == WON


def _current(s, timeout):
    from games.solvers.freecell import solver

    return solver(s, timeout=timeout)


def _fast(s, timeout):
    from games.solvers.freecell_fast import FastSearch

    return FastSearch(s, timeout=timeout, clock=time.process_time, verify=False)


CONTENDERS = {"current": _current, "fast": _fast}
"""Our solvers: ``current`` is the complete search (:func:`games.solvers.freecell.solver`, which
replays its line through the rules before it answers, inside its time); ``fast`` the do/undo core
the app asks (:class:`games.solvers.freecell_fast.FastSearch` with ``verify=False``: its line is
replayed through the rules here, outside its time, and that replay's CPU is reported apart)."""
SOLVER_MODULES = {"current": "games.solvers.freecell", "fast": "games.solvers.freecell_fast"}
"""The module each contender's search lives in: imported before the first deal's clock starts, as
fc-solve's first board is timed from its own start (``Started at``), after its process began."""


def run_ours(deals: list[int], timeout: float, quiet: bool, which: str = "current") -> dict:
    """One of our solvers (:data:`CONTENDERS`) on each deal in this process. :returns:
    ``{"status": {n: st}, "cpu": {n: s}, "moves": {n: k}, "states": {n: k}, "bad": [deals whose
    line did not replay], "replay": CPU seconds of the rules' replays}``."""
    make = CONTENDERS[which]
    importlib.import_module(SOLVER_MODULES[which])
    out = {"status": {}, "cpu": {}, "moves": {}, "states": {}, "bad": [], "replay": 0.0}
    for n in deals:
        s = FreeCell.deal(n, {})
        c0 = time.process_time()
        r = make(s, timeout).run()
        cpu = time.process_time() - c0
        out["status"][n], out["cpu"][n], out["states"][n] = r.status, cpu, r.nodes
        if r.status == "solved":
            out["moves"][n] = len(r.moves)
            c0 = time.process_time()
            ok = replays(s, r.moves)
            out["replay"] += time.process_time() - c0
            if not ok:
                out["bad"].append(n)
        if not quiet:
            print(f"{n} {which} {r.status} states {r.nodes} cpu {cpu:.5f}"
                  + (f" moves {len(r.moves)}" if r.status == "solved" else "")
                  + (" DOES NOT REPLAY" if n in out["bad"] else ""), flush=True)
    return out


def best_of(a: dict, b: dict) -> dict:
    """Two passes of :func:`run_ours` over the same deals as one: each deal's smallest CPU, the
    smaller pass total (``"total"``), the first pass's answers and lines. :raises AssertionError:
    if the passes' answers, states or line lengths differ (the search is deterministic)."""
    for k in ("status", "states", "moves"):
        assert a[k] == b[k], f"two passes differ in {k}"
    out = dict(a)
    out["cpu"] = {n: min(c, b["cpu"][n]) for n, c in a["cpu"].items()}
    out["total"] = min(a.get("total", sum(a["cpu"].values())), sum(b["cpu"].values()))
    out["bad"] = sorted(set(a["bad"]) | set(b["bad"]))
    out["replay"] = min(a["replay"], b["replay"])
    return out


STAMP = re.compile(r"^(Reached|Unsolved|Intractable) Board No\. (\d+) at ([0-9.]+)")


def run_fc_block(lo: int, hi: int) -> tuple[float, dict, dict]:
    """One ``freecell-solver-range-parallel-solve`` process over deals ``lo``…``hi``.
    :returns: ``(cpu seconds of the process, {deal: seconds between its timestamps},
    {deal: "solved" | "unsolvable" | "unknown"})``. :raises RuntimeError: when it fails."""
    c0 = child_cpu()
    p = subprocess.run([RANGE, str(lo), str(hi), "1", *PRESET], capture_output=True, text=True, env=ENV)
    cpu = child_cpu() - c0
    if p.returncode != 0:
        raise RuntimeError(f"{RANGE} {lo} {hi} failed: {p.stderr.strip()[-300:]}")
    start = None
    times, status = {}, {}
    for line in p.stdout.splitlines():
        if line.startswith("Started at "):
            start = float(line.split()[-1])
            continue
        m = STAMP.match(line)
        if not m:
            continue
        kind, n, t = m.group(1), int(m.group(2)), float(m.group(3))
        if kind == "Reached":
            times[n] = t - start
            start = t
            status.setdefault(n, "solved")
        else:
            status[n] = "unsolvable" if kind == "Unsolved" else "unknown"
    return cpu, times, status


def fc_length(n: int) -> int | None:
    """fc-solve's solution length for deal ``n`` (moves in standard notation), ``None`` if unsolved."""
    board = FreeCell.format_position(FreeCell.deal(n, {}))
    board = "\n".join(ln for ln in board.splitlines() if not ln.startswith("#")) + "\n"
    p = subprocess.run(["fc-solve", *PRESET, "-m", "-sn", "-"], input=board, capture_output=True,
                       text=True, env=ENV)
    if "This game is solveable" not in p.stdout:
        return None
    body = p.stdout.split("This game is solveable")[0]
    return len(re.findall(r"(?<![0-9a-z])[0-9a-h][0-9a-h](?![0-9a-z])", body))


def run_fc(deals: list[int], runs: int, into: dict | None = None) -> dict:
    """fc-solve over ``deals``: one process a contiguous block, the whole repeated ``runs`` times
    (added to ``into``, the result of an earlier call, when given: the smallest kept across calls).
    :returns: ``{"status", "cpu" (each deal's smallest gap), "total" (smallest total CPU),
    "moves", "processes"}``."""
    best_total = None if into is None else into["total"]
    best = {} if into is None else into["cpu"]
    status: dict = {} if into is None else into["status"]
    bl = blocks(deals)
    for _ in range(runs):
        total = 0.0
        for lo, hi in bl:
            cpu, times, st = run_fc_block(lo, hi)
            total += cpu
            status.update(st)
            for n, t in times.items():
                best[n] = min(best.get(n, t), t)
        best_total = total if best_total is None else min(best_total, total)
    if into is not None:
        into["total"] = best_total
        return into
    moves = {}
    for n in deals:
        k = fc_length(n)
        if k is not None:
            moves[n] = k
    return {"status": status, "cpu": best, "total": best_total, "moves": moves, "processes": len(bl)}


def summary(name: str, deals: list[int], status: dict, cpu: dict, total: float, moves: dict) -> str:
    tally: dict[str, int] = {}
    for n in deals:
        tally[status.get(n, "missing")] = tally.get(status.get(n, "missing"), 0) + 1
    c = [cpu[n] for n in deals if n in cpu]
    worst = max(deals, key=lambda n: cpu.get(n, 0.0))
    m = list(moves.values())
    return (f"{name}: " + ", ".join(f"{v} {s}" for s, v in sorted(tally.items()))
            + f"; cpu total {total:.3f} s; per deal mean {1000 * total / len(deals):.2f} ms, median "
            f"{1000 * percentile(c, 0.5):.2f} ms, 99th pct {1000 * percentile(c, 0.99):.2f} ms, worst "
            f"{1000 * cpu.get(worst, 0):.1f} ms (#{worst}); solutions mean "
            f"{sum(m) / max(1, len(m)):.1f} moves, max {max(m, default=0)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="deal numbers: 1-1000,11982 (default 1-1000)")
    ap.add_argument("--timeout", type=float, default=120.0, help="our CPU seconds a deal")
    ap.add_argument("--runs", type=int, default=3, help="fc-solve runs over the deals (smallest kept)")
    ap.add_argument("--our-runs", type=int, default=1,
                    help="passes of each of our solvers over the deals, alternating with fc-solve's runs "
                         "(each deal's smallest CPU and the smallest total kept, as for fc-solve; default 1)")
    ap.add_argument("--no-fc-solve", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="aggregate lines only")
    ap.add_argument("--ours", default="current,fast",
                    help="our solvers to run, in this order: current, fast (default both)")
    a = ap.parse_args(argv)
    deals = sorted(set(parse_deals(a.deals)))
    which = [w.strip() for w in a.ours.split(",") if w.strip()]
    if not which or any(w not in CONTENDERS for w in which):
        ap.error(f"--ours takes a list of {', '.join(CONTENDERS)}")
    use_fc = not a.no_fc_solve and shutil.which(RANGE) is not None and shutil.which("fc-solve") is not None
    if not a.no_fc_solve and not use_fc:
        print("fc-solve is not installed (apt-get install freecell-solver-bin): ours only", file=sys.stderr)
    ours = {w: run_ours(deals, a.timeout, a.quiet, w) for w in which}
    fc = run_fc(deals, 1) if use_fc else None
    for i in range(1, max(a.runs, a.our_runs)):
        if i < a.our_runs:
            for w in which:
                ours[w] = best_of(ours[w], run_ours(deals, a.timeout, True, w))
        if fc is not None and i < a.runs:
            run_fc(deals, 1, fc)
    if fc is not None and not a.quiet:
        for n in deals:
            print(f"{n} fc-solve {fc['status'].get(n, 'missing')} cpu {fc['cpu'].get(n, 0.0):.5f}"
                  + (f" moves {fc['moves'][n]}" if n in fc["moves"] else ""))
    print(f"deals {len(deals)} ({deals[0]}-{deals[-1]})"
          + (f"; ours: best of {a.our_runs} passes (each deal's smallest CPU; total: the smallest pass)"
             if a.our_runs > 1 else ""))
    r = lambda x, y: f"{x / y:.1f}x" if y > 0 else "-"  # noqa: E731
    for w, o in ours.items():
        total = o.get("total", sum(o["cpu"].values()))
        print(summary(f"ours ({w})", deals, o["status"], o["cpu"], total, o["moves"])
              + f"; states mean {sum(o['states'].values()) / len(deals):.0f}; "
              + (f"{len(o['bad'])} solutions DO NOT REPLAY: {o['bad'][:20]}" if o["bad"]
                 else f"all {len(o['moves'])} solutions replayed to a win by the rules")
              + f" (the replays: {o['replay']:.3f} s CPU, not in the total)")
        if fc is not None:
            oc = [o["cpu"][n] for n in deals]
            fcc = [fc["cpu"].get(n, 0.0) for n in deals]
            print(f"ratio ours ({w}) / fc-solve: total cpu {r(total, fc['total'])} "
                  f"({r(total + o['replay'], fc['total'])} with the rules' replays), median "
                  f"{r(percentile(oc, 0.5), percentile(fcc, 0.5))}, 99th pct "
                  f"{r(percentile(oc, 0.99), percentile(fcc, 0.99))}")
    if fc is not None:
        print(summary(f"fc-solve {' '.join(PRESET)} ({RANGE}, {fc['processes']} process(es), best of {a.runs})",
                      deals, fc["status"], fc["cpu"], fc["total"], fc["moves"]))
    if len(ours) > 1:
        names = list(ours)
        a0, b0 = ours[names[0]], ours[names[-1]]
        print(f"ratio {names[-1]} / {names[0]}: total cpu "
              f"{r(sum(b0['cpu'].values()), sum(a0['cpu'].values()))}, median "
              f"{r(percentile(list(b0['cpu'].values()), 0.5), percentile(list(a0['cpu'].values()), 0.5))}, 99th pct "
              f"{r(percentile(list(b0['cpu'].values()), 0.99), percentile(list(a0['cpu'].values()), 0.99))}")
    return 1 if any(o["bad"] for o in ours.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
