"""Full redraws in WebAssembly: best, first quartile and median of many, against a reference checkout.

``bench/web_frames.py`` gives the median of ten full redraws per screen; on a machine other jobs
load (2 cores, load average 15-20) that median moves by 2-4x from run to run. The fastest of many
redraws is disturbed least: it is the figure this script compares. It runs the same page script
(``tests/web/probe.py`` ``bench_run``, through :func:`web_frames.web_run`: one move per table, a hint,
``--redraws`` full redraws of each screen) in this checkout and, with ``--ref DIR``, in another
checkout, alternating, ``--rounds`` times each, and prints per screen the best / first quartile /
median ms of each run and the ratio of the best (this / reference), then the first redraw of each
run (a table's parts all drawn anew, nothing kept: the costliest).

Run: ``python3 bench/redraw_web.py [--size 1280x800] [--redraws 30] [--ref DIR] [--rounds 1]
[--out FILE.json]`` (needs what the browser tests need, docs/web.md). Not a timed test;
docs/web.md ("Speed in WebAssembly") reads its numbers.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, statistics, sys
sys.path.insert(0, "bench")
import web_frames
web = web_frames.web_run({size!r}, web_frames.bench_args(1, {redraws}, 2))
out = {{}}
for s in web_frames.SCREENS:
    first = web["tables"][s]["full"][0]
    f = sorted(web["tables"][s]["full"])
    out[s] = {{"n": len(f), "best_ms": f[0] * 1000, "q1_ms": f[len(f) // 4] * 1000,
              "median_ms": statistics.median(f) * 1000, "first_ms": first * 1000}}
print(json.dumps(out))
"""


def measure(root: Path, size: str, redraws: int) -> dict:
    """``{screen: {n, best_ms, q1_ms, median_ms, first_ms}}`` of one page run in checkout ``root``
    (``first_ms``: the first of the redraws, the table's parts drawn anew: nothing kept)."""
    r = subprocess.run([sys.executable, "-c", CHILD.format(size=size, redraws=redraws)], cwd=root,
                       capture_output=True, text=True, timeout=1800)
    if r.returncode != 0:
        raise SystemExit(f"the page run failed in {root}: {r.stderr[-1500:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--redraws", type=int, default=30)
    ap.add_argument("--ref", help="a reference checkout (its tests/web/node_modules and ../shared/wasm in place)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--out", help="write every run's figures there (JSON)")
    a = ap.parse_args(argv)
    roots = [("ref", Path(a.ref).resolve())] if a.ref else []
    roots.append(("this", ROOT))
    runs: dict[str, list[dict]] = {name: [] for name, _ in roots}
    for _ in range(a.rounds):
        for name, root in roots:
            runs[name].append(measure(root, a.size, a.redraws))
    print(f"full redraw in WebAssembly, ms, best / first quartile / median of {a.redraws} per run, {a.size}")
    for s in runs["this"][0]:
        cells = [f"{name} " + ", ".join(f"{r[s]['best_ms']:.1f}/{r[s]['q1_ms']:.1f}/{r[s]['median_ms']:.1f}"
                                         for r in rs) for name, rs in runs.items()]
        line = f"{s:12} " + "   ".join(cells)
        if a.ref:
            best = {name: statistics.median(r[s]["best_ms"] for r in rs) for name, rs in runs.items()}
            line += f"   best this/ref {best['this'] / best['ref']:.2f}"
        print(line)
    print("the first redraw (nothing kept), ms per run")
    for s in runs["this"][0]:
        print(f"{s:12} " + "   ".join(f"{name} " + ", ".join(f"{r[s].get('first_ms', float('nan')):.1f}" for r in rs)
                                      for name, rs in runs.items()))
    if a.out:
        Path(a.out).write_text(json.dumps({"size": a.size, "redraws": a.redraws, "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
