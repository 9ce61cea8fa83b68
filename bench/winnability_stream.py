"""``python -m games winnability`` of two checkouts, side by side in one run: its throughput over a
range and how soon its first lines come.

    python bench/winnability_stream.py --ref /path/to/other/checkout [--reps 3]
                                       [--range pyramid:1-3000 --range freecell:1-400 …]
                                       [--first klondike:1-100000 …] [--jobs 2] [--first-limit 120]

``--range GAME:A-B[:TIMEOUT]``: the whole range is run by each checkout in turn (``--reps`` times,
alternating, so the machine's load falls on both alike): wall seconds, and CPU seconds of the
command and its workers (``RUSAGE_CHILDREN``: the workers are waited for), with the ratio of the
medians, this checkout over ``--ref``. ``--first GAME:A-B[:TIMEOUT]``: each checkout's command is
started on the range, the first two lines read, and the pipe closed (``| head -2``): the seconds to
the first line, to the second, and until the command ended, with its exit code and whether it
wrote anything on standard error (``--first-limit``: seconds before the bench gives up on a first
line and kills the command). Wall times on a shared machine are noisy: read the ratios, run
under ``nice`` (both checkouts get the same), and re-run.
"""
from __future__ import annotations

import argparse
import os
import resource
import select
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _command(checkout: Path, spec: str, jobs: int) -> list[str]:
    game, deals, *rest = spec.split(":")
    timeout = rest[0] if rest else "10"
    return [sys.executable, "-m", "games", "winnability", game, "--deals", deals, "--timeout", timeout,
            "--jobs", str(jobs)]


def whole_range(checkout: Path, spec: str, jobs: int) -> tuple[float, float, str]:
    """``(wall seconds, CPU seconds of the command and its workers, tally line)``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(_command(checkout, spec, jobs), cwd=checkout, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, p.stdout.splitlines()[-1]


def _line(stream, deadline: float) -> bytes | None:
    """A line of ``stream`` (a raw pipe), or ``None`` when ``deadline`` (perf_counter) passes."""
    buf = b""
    while not buf.endswith(b"\n"):
        left = deadline - time.perf_counter()
        if left <= 0 or not select.select([stream], [], [], left)[0]:
            return None
        chunk = os.read(stream.fileno(), 1)
        if not chunk:
            return None
        buf += chunk
    return buf


def first_lines(checkout: Path, spec: str, jobs: int, limit: float) -> dict:
    """Seconds to the first and the second line, then the pipe closed: seconds to the end."""
    t0 = time.perf_counter()
    p = subprocess.Popen(_command(checkout, spec, jobs), cwd=checkout, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    times, lines = [], []
    for _ in range(2):
        line = _line(p.stdout, t0 + limit)
        if line is None:
            break
        times.append(time.perf_counter() - t0)
        lines.append(line.decode().split()[0])
    p.stdout.close()
    closed = time.perf_counter()
    try:
        rc = p.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    ended = time.perf_counter() - closed
    err = p.stderr.read().decode()
    p.stderr.close()
    return {"times": times, "deals": lines, "ended": ended, "rc": rc, "stderr": bool(err.strip())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", required=True, type=Path, help="the other checkout (e.g. the main branch)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--range", action="append", default=[], dest="ranges", metavar="GAME:A-B[:TIMEOUT]")
    ap.add_argument("--first", action="append", default=[], metavar="GAME:A-B[:TIMEOUT]")
    ap.add_argument("--first-limit", type=float, default=120.0)
    a = ap.parse_args(argv)
    ranges = a.ranges or ["pyramid:1-3000", "freecell:1-400"]
    firsts = a.first or ["klondike:1-100000"]
    sides = [("this", ROOT), ("ref", a.ref.resolve())]
    print(f"this = {ROOT}, ref = {a.ref.resolve()}, jobs {a.jobs}, load {os.getloadavg()[0]:.2f}")
    for spec in ranges:
        got = {name: [] for name, _ in sides}
        for _ in range(a.reps):
            for name, checkout in sides:
                got[name].append(whole_range(checkout, spec, a.jobs))
        for name, _ in sides:
            walls, cpus = [g[0] for g in got[name]], [g[1] for g in got[name]]
            print(f"{spec} {name}: wall {' '.join(f'{w:.2f}' for w in walls)} s, "
                  f"CPU {' '.join(f'{c:.2f}' for c in cpus)} s; {got[name][0][2]}")
        med = {name: (statistics.median(g[0] for g in got[name]), statistics.median(g[1] for g in got[name]))
               for name, _ in sides}
        print(f"{spec} this/ref: wall {med['this'][0] / med['ref'][0]:.3f}, CPU {med['this'][1] / med['ref'][1]:.3f}")
    for spec in firsts:
        for name, checkout in sides:
            r = first_lines(checkout, spec, a.jobs, a.first_limit)
            shown = ", ".join(f"deal {d} at {t:.2f} s" for d, t in zip(r["deals"], r["times"])) or "no line"
            print(f"{spec} {name}: {shown} (limit {a.first_limit:.0f} s); closed: ended {r['ended']:.2f} s later, "
                  f"exit {r['rc']}, stderr {'written' if r['stderr'] else 'empty'}")
    print(f"load at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
