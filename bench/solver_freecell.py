"""Benchmark: our FreeCell solver against Freecell Solver (``fc-solve``) on the same Microsoft deals.

    python bench/solver_freecell.py                      # deals 1-1000, fc-solve -l lg
    python bench/solver_freecell.py --deals 1-100,617,11982
    python bench/solver_freecell.py --random 500 --seed 7 --range 1-32000
    python bench/solver_freecell.py --no-fc-solve --timeout 60

Per deal it prints our status, nodes, CPU seconds and moves, then fc-solve's status and CPU
seconds (its process included: that is how the app would have to run it), and at the end the
totals and the ratio ours / fc-solve. Times are CPU seconds (``time.process_time`` for us, the
children's rusage for fc-solve) because the machine is shared; wall times are printed too.

fc-solve's preset is ``-l lg`` (looking-glass, a fast multi-thread preset of fc-solve 4.x/5.x);
when this fc-solve lacks it the script says so and runs fc-solve's default. Run it with ``nice``.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.freecell import FreeCell  # noqa: E402


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


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def fc_preset() -> list[str]:
    """``['-l', 'lg']`` when this fc-solve knows it, else ``[]`` (its default), said on stderr."""
    p = subprocess.run(["fc-solve", "-l", "lg", "-"], input=FreeCell.format_position(FreeCell.deal(1, {})),
                       capture_output=True, text=True)
    if "solveable" in p.stdout:
        return ["-l", "lg"]
    print("fc-solve has no 'lg' preset here: using its default", file=sys.stderr)
    return []


def run_fc(board: str, preset: list[str]) -> tuple[str, float, float]:
    c0, w0 = child_cpu(), time.perf_counter()
    p = subprocess.run(["fc-solve", *preset, "-"], input=board, capture_output=True, text=True)
    cpu, wall = child_cpu() - c0, time.perf_counter() - w0
    if "This game is solveable" in p.stdout:
        return "solved", cpu, wall
    if "could not solve" in p.stdout:
        return "unsolvable", cpu, wall
    return "unknown", cpu, wall


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="deal numbers: 1-1000,11982 (default 1-1000)")
    ap.add_argument("--random", type=int, default=0, help="instead: this many random deals from --range")
    ap.add_argument("--range", default="1-32000")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120.0, help="our seconds a deal")
    ap.add_argument("--no-fc-solve", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="aggregate lines only")
    a = ap.parse_args(argv)
    if a.random:
        lo, _, hi = a.range.partition("-")
        deals = sorted(random.Random(a.seed).sample(range(int(lo), int(hi) + 1), a.random))
    else:
        deals = parse_deals(a.deals)
    use_fc = not a.no_fc_solve and shutil.which("fc-solve") is not None
    if not a.no_fc_solve and not use_fc:
        print("fc-solve is not installed (apt-get install freecell-solver-bin): ours only", file=sys.stderr)
    preset = fc_preset() if use_fc else []
    tally: dict[str, int] = {}
    fc_tally: dict[str, int] = {}
    our_cpu = our_wall = fc_cpu = fc_wall = 0.0
    nodes = 0
    worst = (0.0, 0)
    for n in deals:
        s = FreeCell.deal(n, {})
        c0, w0 = time.process_time(), time.perf_counter()
        r = FreeCell.solver(s, timeout=a.timeout).run()
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        our_cpu += cpu
        our_wall += wall
        nodes += r.nodes
        worst = max(worst, (cpu, n))
        tally[r.status] = tally.get(r.status, 0) + 1
        line = f"{n} ours {r.status} nodes {r.nodes} cpu {cpu:.4f}" + (f" moves {len(r.moves)}" if r.moves else "")
        if use_fc:
            st, fcpu, fwall = run_fc(FreeCell.format_position(s), preset)
            fc_cpu += fcpu
            fc_wall += fwall
            fc_tally[st] = fc_tally.get(st, 0) + 1
            line += f" | fc-solve {st} cpu {fcpu:.4f} wall {fwall:.4f}"
        if not a.quiet:
            print(line, flush=True)
    k = len(deals)
    print(f"deals {k}: ours " + ", ".join(f"{v} {s}" for s, v in sorted(tally.items()))
          + f"; nodes {nodes} (mean {nodes / k:.0f}); cpu {our_cpu:.2f} s (mean {1000 * our_cpu / k:.1f} ms,"
          f" worst {worst[0]:.2f} s deal {worst[1]}); wall {our_wall:.2f} s")
    if use_fc:
        print(f"fc-solve {' '.join(preset) or '(default)'}: " + ", ".join(f"{v} {s}" for s, v in sorted(fc_tally.items()))
              + f"; cpu {fc_cpu:.2f} s (mean {1000 * fc_cpu / k:.1f} ms); wall {fc_wall:.2f} s")
        if fc_cpu > 0:
            print(f"ratio ours / fc-solve: cpu {our_cpu / fc_cpu:.1f}x, wall {our_wall / max(fc_wall, 1e-9):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
