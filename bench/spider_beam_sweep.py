"""The 4-suit beam's constants for the page's JavaScript engine: a sweep of parameter sets, each
position searched under a budget in positions (load-independent), counting answers.

    python bench/spider_beam_sweep.py run --out FILE [--set quota=450,width=4] [--positions 1-300]
                                          [--nodes 2000000] [--jobs 2] [--warm 300000]
    python bench/spider_beam_sweep.py report [--nodes 1500000,1200000] BASE [FILE ...]

``run`` searches positions of ``bench/solvers.py``'s Spider 4-suit variant (deal ``N``, then its
fixed policy moves) with the engine (``games/solvers/spider_beam.js``) in Node, each in its own
search under ``--nodes`` positions, with the beam's constants of ``--set``: the fields of a
:class:`games.solvers.spider.BeamSet` (``quota``, ``quota_last``, ``grow``, ``width``,
``quota_grow``) over :data:`games.solvers.spider.PYTHON_BEAM`, or ``engine`` for
:data:`~games.solvers.spider.ENGINE_BEAM`. ``--jobs`` Node processes split the positions in
contiguous parts. ``FILE`` gets a first line ``{"set": …, "nodes": …}``, then one line a position:
``{"pos", "status", "nodes", "cpu"}`` (``nodes``: positions to the answer; ``cpu``: the Node
process's CPU seconds for it, which depends on the load; each process's engine warmed first by an
untimed search of ``--warm`` positions of position 1).

``report`` prints, for each budget of ``--nodes`` (at most the run's), the answers within it per
range of positions (1–20 | 21–60 | 61–300 | 301–600 | …: the bench's 20, its 40 held out, the rest
of the bench's policy positions 1–300, then each further 300 as another draw), the positions both
``BASE`` and the file answer within it (per draw: 1–300, 301–600, …) with the geometric mean of the file's
positions needed over ``BASE``'s, positions 1–20 it loses against ``BASE``, and the positions
41, 51 and 54 need. Several files (comma-joined) make one run: e.g. ``a.jsonl,b.jsonl``.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

ENGINE = ROOT / "games" / "solvers" / "spider_beam.js"
DRIVER = ROOT / "bench" / "spider_beam_sweep.mjs"
RANGES = ((1, 20), (21, 60), (61, 300))
"""The bench's 20, its 40 held out, the rest of 1–300; then each further 300 (:func:`draws`)."""
WATCH = (41, 51, 54)
"""Held-out positions over 2 s in the page (docs/solvers.md, Spider, "Session 26")."""


def beam_set(text: str):
    """``--set``'s text → a BeamSet: ``engine``, or ``field=value`` pairs over PYTHON_BEAM."""
    from games.solvers import spider as sp

    if text == "engine":
        return sp.ENGINE_BEAM
    b = sp.PYTHON_BEAM
    for pair in filter(None, text.split(",")):
        name, _, value = pair.partition("=")
        if name not in sp.BeamSet._fields:
            raise SystemExit(f"no such field of BeamSet: {name} (fields: {', '.join(sp.BeamSet._fields)})")
        b = b._replace(**{name: type(getattr(b, name))(float(value) if name in ("grow", "quota_grow") else int(value))})
    return b


def span(text: str) -> tuple[int, int]:
    a, _, b = text.partition("-")
    return int(a), int(b or a)


def run(args) -> None:
    import solvers as bench
    from games.solvers import spider_js

    beam = beam_set(args.set)
    first, last = span(args.positions)
    name, game, options, depth, _, _ = next(v for v in bench.VARIANTS if v[0] == "spider-4")
    states = bench.positions(game, options, depth, last)
    with tempfile.TemporaryDirectory() as tmp:
        specs = Path(tmp) / "specs.jsonl"
        specs.write_text("".join(spider_js.spec(s, None, beam=beam) + "\n" for s in states), encoding="utf-8")
        n = last - first + 1
        cuts = [first + n * k // args.jobs for k in range(args.jobs + 1)]
        procs = [subprocess.Popen(["node", str(DRIVER), str(ENGINE), str(specs), str(a), str(b - 1), str(args.nodes),
                                   str(args.warm)],
                                  stdout=subprocess.PIPE, text=True)
                 for a, b in zip(cuts, cuts[1:]) if b > a]
        rows = []
        for p in procs:
            out, _ = p.communicate()
            if p.returncode:
                raise SystemExit(f"node failed ({p.returncode})")
            rows += [json.loads(x) for x in out.splitlines()]
    rows.sort(key=lambda r: r["pos"])
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps({"set": beam._asdict(), "nodes": args.nodes}) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"{args.out}: {len(rows)} positions, {sum(r['status'] == 'solved' for r in rows)} solved within "
          f"{args.nodes} positions, set {beam}")


def load(files: str) -> tuple[dict, dict]:
    """Comma-joined result files → (the set of the first, {position: row})."""
    rows, head = {}, None
    for f in files.split(","):
        with open(f, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                if "set" in r:
                    head = head or r
                else:
                    rows[r["pos"]] = r
    return head, rows


def draws(last: int) -> list[tuple[int, int]]:
    """Positions 1–300, 301–600, … up to ``last``: the draws a set is judged on."""
    return [(a, a + 299) for a in range(1, last + 1, 300)]


def report(args) -> None:
    runs = [(f, *load(f)) for f in [args.base, *args.files]]
    base = runs[0][2]
    halves = draws(max(max(rows, default=0) for _, _, rows in runs))
    ranges = [*RANGES, *halves[1:]]
    for budget in (int(x) for x in args.nodes.split(",")):
        names = [f"{a}-{b}" for a, b in ranges]
        print(f"within {budget} positions: answered {' | '.join(names)}; both answer, their positions needed "
              f"against the first (geometric mean) {', '.join(f'{a}-{b}' for a, b in halves)}")
        for f, head, rows in runs:
            if head and head["nodes"] < budget:
                print(f"  {f}: searched {head['nodes']} positions at most, not {budget}")
                continue
            ok = lambda i, rs=rows: i in rs and rs[i]["status"] == "solved" and rs[i]["nodes"] <= budget  # noqa: E731
            counts = []
            for a, b in ranges:
                have = [i for i in range(a, b + 1) if i in rows]
                counts.append(f"{sum(ok(i) for i in have)}/{len(have)}" if have else "-")
            means = []
            for a, b in halves:
                both = [i for i in range(a, b + 1) if ok(i) and ok(i, base)]
                if both:
                    g = math.exp(sum(math.log(rows[i]["nodes"] / base[i]["nodes"]) for i in both) / len(both))
                    means.append(f"{len(both)} x{g:.3f}")
                else:
                    means.append("-")
            lost = [i for i in range(1, 21) if ok(i, base) and not ok(i)]
            watch = " ".join(f"{i}:{rows[i]['nodes'] if ok(i) else '-'}" for i in WATCH if i in rows)
            label = head["set"] if head else f
            print(f"  {' | '.join(counts):28s} {' | '.join(means):26s} lost of 1-20 {lost or '-'}  {watch}  {label}")


def main() -> None:
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--set", default="", help="BeamSet fields over PYTHON_BEAM (quota=450,width=4), or 'engine'")
    r.add_argument("--positions", default="1-300", help="first-last of bench/solvers.py's 4-suit positions")
    r.add_argument("--nodes", type=int, default=2_000_000, help="the budget of each search, positions")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--warm", type=int, default=300_000, help="positions of an untimed search first (0: none)")
    p = sub.add_parser("report")
    p.add_argument("--nodes", default="1500000,1200000", help="budgets to count within, comma-separated")
    p.add_argument("base")
    p.add_argument("files", nargs="*")
    args = ap.parse_args()
    run(args) if args.cmd == "run" else report(args)


if __name__ == "__main__":
    main()
