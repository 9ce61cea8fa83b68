"""What a 4-suit Spider rescue's search costs a position, natively and in Pyodide:
``python bench/spider_cost.py [--positions 1,9,11,19] [--nodes 30000] [--clocked] [--profile] [--no-wasm]
[--games-root DIR]``.

Searches each of the given 4-suit rescue positions of ``bench/solvers.py`` (deal N, then 25 moves
of its fixed policy) with the solver under a node budget only (no clock, so both interpreters do
the same search), and prints, for each interpreter, the CPU seconds, the positions generated and
the positions a CPU second, and the ratio of Pyodide's seconds to native ones. A fingerprint of the
searches (status, positions, moves of each) shows that both ran the same search. ``--profile``
runs the searches under ``cProfile`` in both and prints the functions with the most own time
(Pyodide's interpreter is slower by a factor that differs between operations: calls, dict and
tuple work, bytes slicing), so a speed-up is aimed at what costs most where the player is.

Native seconds are ``time.process_time``; Pyodide's are the Node process's CPU seconds
(``process.cpuUsage()``: WebAssembly runs on one thread). This file runs unchanged in Pyodide
(``tests/web/run_pyodide.mjs``); it imports only ``games`` and the standard library.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_SCRIPT = ROOT / "tests" / "web" / "run_pyodide.mjs"


def positions(numbers: list[int], depth: int = 25) -> dict:
    """The 4-suit rescue positions ``numbers`` of ``bench/solvers.py`` (deal n, then ``depth``
    moves of its fixed policy; the same rule as its ``positions``, copied here because Pyodide
    gets ``games/`` only). :returns: ``{n: SpiderState}``."""
    from games.deal import splitmix64
    from games.registry import find_game

    rules = find_game("spider")
    opts = rules.check_options({"suits": "4"})
    out = {}
    for n in range(1, max(numbers) + 1):
        if n not in numbers:
            continue
        s = rules.deal(n, opts)
        rng = splitmix64(n)
        for _ in range(depth):
            if rules.status(s) != "playing":
                break
            moves = rules.legal_moves(s)
            texts = [rules.format_move(s, m) for m in moves]
            keep = [m for m, t in zip(moves, texts) if t not in ("s", "d") and "<>" not in t] or moves
            s = rules.apply(s, keep[next(rng) % len(keep)])
        out[n] = s
    return out


def _clock():
    """CPU seconds: the Node process's in Pyodide, else this process's."""
    if sys.platform == "emscripten":
        from js import process

        def clock():
            u = process.cpuUsage()
            return (u.user + u.system) / 1e6
        return clock
    return time.process_time


def workload(numbers: list[int], nodes: int, profile: bool = False, top: int = 25,
             clocked: bool = False) -> dict:
    """Search each position of ``numbers`` for at most ``nodes`` positions. With ``clocked`` the
    search is also given a timeout it never reaches (an hour) on the CPU clock of the figures, so
    it reads that clock as a rescue under a budget does (``bench/solvers.py --wasm-clock cpu``:
    in Pyodide a read of the Node process's CPU time crosses into JavaScript); the search is the
    same either way.

    :returns: ``{"seconds": CPU s in all, "nodes": positions in all, "each": [[n, status,
        positions, moves, seconds], …], "profile": the top ``top`` functions by own time (text) or
        ""}``.
    """
    from games.solvers import spider

    states = positions(numbers)
    clock = _clock()
    prof = None
    if profile:
        import cProfile
        prof = cProfile.Profile(clock)
    each = []
    total = 0.0
    for n in numbers:
        t0 = clock()
        if prof is not None:
            prof.enable()
        if clocked:
            sv = spider.solver(states[n], max_nodes=nodes, timeout=3600.0, clock=clock)
        else:
            sv = spider.solver(states[n], max_nodes=nodes)
        r = sv.run()
        if prof is not None:
            prof.disable()
        t = clock() - t0
        total += t
        each.append([n, r.status, sv.nodes, len(r.moves), round(t, 4)])
    text = ""
    if prof is not None:
        import io
        import pstats
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
        text = buf.getvalue()
    return {"seconds": total, "nodes": sum(e[2] for e in each), "each": each, "profile": text,
            "python": sys.version.split()[0]}


def run_wasm(numbers, nodes, profile, timeout=3600, root: Path = ROOT, clocked: bool = False) -> dict:
    """:func:`workload` in Pyodide under Node. :raises RuntimeError: naming what failed."""
    node = shutil.which("node")
    if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
        raise RuntimeError("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)")
    args = json.dumps({"numbers": numbers, "nodes": nodes, "profile": profile, "clocked": clocked})
    r = subprocess.run([node, str(NODE_SCRIPT), str(root), str(Path(__file__).resolve()), "workload", args],
                       capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"Pyodide run failed: {r.stderr.strip()[-400:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/spider_cost.py", description=__doc__.split("\n")[0])
    p.add_argument("--positions", default="1,9,11,19")
    p.add_argument("--nodes", type=int, default=30000)
    p.add_argument("--profile", action="store_true")
    p.add_argument("--no-wasm", action="store_true")
    p.add_argument("--no-native", action="store_true")
    p.add_argument("--clocked", action="store_true",
                   help="give the searches a timeout they never reach, on the figures' CPU clock "
                        "(they read it as a rescue under a budget does)")
    p.add_argument("--games-root", type=Path, default=ROOT,
                   help="the checkout whose games/ is searched (default: this one), e.g. another "
                        "revision's worktree to compare against in the same minutes")
    a = p.parse_args(argv)
    numbers = [int(x) for x in a.positions.split(",")]
    sys.path.insert(0, str(a.games_root.resolve()))
    runs = []
    if not a.no_native:
        runs.append(("native", workload(numbers, a.nodes, a.profile, clocked=a.clocked)))
    if not a.no_wasm:
        runs.append(("pyodide", run_wasm(numbers, a.nodes, a.profile, root=a.games_root.resolve(),
                                            clocked=a.clocked)))
    for name, r in runs:
        print(f"{name} (Python {r['python']}): {r['seconds']:.3f} CPU s, {r['nodes']} positions, "
              f"{r['nodes'] / max(r['seconds'], 1e-9):,.0f} positions a CPU s")
        print("  fingerprint:", " ".join(f"{n}:{st}/{k}/{m}" for n, st, k, m, _ in r["each"]))
        if r["profile"]:
            print(r["profile"])
    if len(runs) == 2:
        print(f"Pyodide / native: {runs[1][1]['seconds'] / runs[0][1]['seconds']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
