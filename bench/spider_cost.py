"""What a 4-suit Spider rescue's search costs a position, natively and in Pyodide:
``python bench/spider_cost.py [--positions 1,9,11,19] [--nodes 30000] [--clocked] [--profile] [--no-wasm]
[--games-root DIR] [--against DIR [--rounds 4]]``.

Searches each of the given 4-suit rescue positions of ``bench/solvers.py`` (deal N, then 25 moves
of its fixed policy) with the solver under a node budget only (no clock, so both interpreters do
the same search), and prints, for each interpreter, the CPU seconds, the positions generated and
the positions a CPU second, and the ratio of Pyodide's seconds to native ones. A fingerprint of the
searches (status, positions, moves of each) shows that both ran the same search. ``--profile``
runs the searches under ``cProfile`` in both and prints the functions with the most own time
(Pyodide's interpreter is slower by a factor that differs between operations: calls, dict and
tuple work, bytes slicing), so a speed-up is aimed at what costs most where the player is.

``--against DIR`` compares two solvers in one process: this checkout's ``games/`` (or
``--games-root``'s) and DIR's, loaded side by side as ``games`` and ``games._ref`` (copies in a
temporary folder), search the same positions in turns, round after round (the order swapped each
round), and the figures are each side's CPU seconds by round, the ratio of their sums and of their
best rounds, and whether both made the same searches (status, positions, moves of each). Under a
load that changes from minute to minute, turns a few seconds apart in one process compare better
than two processes run one after the other.

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


def workload_against(numbers: list[int], nodes: int, rounds: int = 4, clocked: bool = False) -> dict:
    """:func:`workload`'s searches by ``games.solvers.spider`` and ``games._ref.solvers.spider`` in
    turns (see ``--against``). :returns: ``{"new": [CPU s by round], "ref": [...], "same": bool,
    "nodes": positions a round, "python": version}``."""
    import importlib

    new = importlib.import_module("games.solvers.spider")
    ref = importlib.import_module("games._ref.solvers.spider")
    states = positions(numbers)
    clock = _clock()
    out: dict = {"new": [], "ref": []}
    prints = {}
    for r in range(rounds):
        for name, mod in (("ref", ref), ("new", new)) if r % 2 == 0 else (("new", new), ("ref", ref)):
            total = 0.0
            each = []
            for n in numbers:
                t0 = clock()
                if clocked:
                    sv = mod.solver(states[n], max_nodes=nodes, timeout=3600.0, clock=clock)
                else:
                    sv = mod.solver(states[n], max_nodes=nodes)
                res = sv.run()
                total += clock() - t0
                each.append([n, res.status, sv.nodes, res.moves])
            out[name].append(round(total, 4))
            if prints.setdefault(name, each) != each:
                raise RuntimeError(f"{name}: round {r} searched otherwise than round 0")
    out["same"] = prints["new"] == prints["ref"]
    out["nodes"] = sum(e[2] for e in prints["new"])
    out["python"] = sys.version.split()[0]
    return out


def side_by_side(new_root: Path, ref_root: Path, into: Path) -> Path:
    """A folder ``into`` holding ``new_root``'s ``games/`` (with its ``layouts/`` and ``locales/``)
    and ``ref_root``'s ``games/`` as ``games/_ref`` (its modules import each other relatively)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(new_root / "games", into / "games", ignore=skip)
    shutil.copytree(ref_root / "games", into / "games" / "_ref", ignore=skip)
    for d in ("layouts", "locales"):
        if (new_root / d).is_dir():
            shutil.copytree(new_root / d, into / d, ignore=skip)
    return into


def run_wasm(numbers, nodes, profile, timeout=3600, root: Path = ROOT, clocked: bool = False,
             rounds: int = 0) -> dict:
    """:func:`workload` in Pyodide under Node (with ``rounds``: :func:`workload_against`, ``root``
    from :func:`side_by_side`). :raises RuntimeError: naming what failed."""
    node = shutil.which("node")
    if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
        raise RuntimeError("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)")
    kw = {"numbers": numbers, "nodes": nodes, "clocked": clocked}
    if rounds:
        func, kw["rounds"] = "workload_against", rounds
    else:
        func, kw["profile"] = "workload", profile
    r = subprocess.run([node, str(NODE_SCRIPT), str(root), str(Path(__file__).resolve()), func, json.dumps(kw)],
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
    p.add_argument("--against", type=Path, default=None,
                   help="another checkout: its games/ and this one's search in turns in one process")
    p.add_argument("--rounds", type=int, default=4, help="with --against: rounds of turns")
    a = p.parse_args(argv)
    numbers = [int(x) for x in a.positions.split(",")]
    if a.against is not None:
        return against(a, numbers)
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


def against(a, numbers: list[int]) -> int:
    """The ``--against`` mode (see the module docstring); exit status 1 when the searches differ."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = side_by_side(a.games_root.resolve(), a.against.resolve(), Path(tmp))
        sys.path.insert(0, str(root))
        runs = []
        if not a.no_native:
            runs.append(("native", workload_against(numbers, a.nodes, a.rounds, a.clocked)))
        if not a.no_wasm:
            runs.append(("pyodide", run_wasm(numbers, a.nodes, False, root=root, clocked=a.clocked,
                                                rounds=a.rounds)))
    same = True
    for name, r in runs:
        print(f"{name} (Python {r['python']}), {r['nodes']} positions a round: this {r['new']} CPU s, "
              f"against {r['ref']}; ratio of sums x{sum(r['ref']) / sum(r['new']):.3f}, of the best rounds "
              f"x{min(r['ref']) / min(r['new']):.3f}; the same searches: {'yes' if r['same'] else 'NO'}")
        same = same and r["same"]
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
