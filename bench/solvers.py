"""Solver speed where the player is: every game's solver on 20 mid-game positions, natively and in
WebAssembly (issue 7, item 7).

    python bench/solvers.py [--games tripeaks,pyramid] [--count 20] [--budget 2] [--no-wasm] [--slow S]
                            [--wasm-clock wall|cpu]

Positions are made reproducibly: deal ``N`` (1, 2, …) of the variant, then ``depth`` moves chosen
by a fixed policy (the move at index ``splitmix64(N) mod len(moves)`` of the legal moves, draws
and deals avoided while anything else is legal), so both interpreters search the same positions.
For each position the solver runs until it answers or ``budget`` seconds pass, as the app's hint
and rescue do; the figures are the seconds to the answer (median, worst) and the answers' counts.
Native seconds are CPU seconds of the process (``time.process_time``, and the budget too, through
:func:`games.solvers.search.use_cpu_clock`), so a loaded machine does not change them; Pyodide's
``process_time`` does not advance, so there the clock is the wall clock (run it on a quiet machine),
or with ``--wasm-clock cpu`` the Node process's CPU time, the budget too (``process.cpuUsage()``: WebAssembly runs
on one thread, so that is the search's own time, whatever the machine's load); every
position slower than ``--slow`` seconds (default 0.3) in either interpreter is listed by number.
WebAssembly: this same file in Pyodide (npm ``pyodide``, CPython 3.12 compiled to WebAssembly)
under Node, via ``tests/web/run_pyodide.mjs``. Goals: a hint within 0.3 s in WebAssembly for
TriPeaks, Pyramid, Klondike and FreeCell; a rescue within 2 s for Spider 2-suit.
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

VARIANTS = [
    ("tripeaks", {"mode": "easy"}, 12),
    ("pyramid", {"layout": "1"}, 6),
    ("pyramid", {"layout": "1", "passes": "3"}, 6, "pyramid-3"),
    ("klondike", {"draw": "1"}, 15),
    ("freecell", {}, 15),
    ("spider", {"suits": "2"}, 25),
    ("devils-grip", {}, 10),
]


def positions(game: str, options: dict, depth: int, count: int) -> list:
    """``count`` mid-game states of ``game``: deal n then ``depth`` policy moves (see module doc)."""
    from games.deal import splitmix64
    from games.registry import find_game

    rules = find_game(game)
    opts = rules.check_options(options)
    out = []
    for n in range(1, count + 1):
        s = rules.deal(n, opts)
        rng = splitmix64(n)
        for _ in range(depth):
            if rules.status(s) != "playing":
                break
            moves = rules.legal_moves(s)
            texts = [rules.format_move(s, m) for m in moves]
            keep = [m for m, t in zip(moves, texts) if t not in ("s", "d") and "<>" not in t] or moves
            s = rules.apply(s, keep[next(rng) % len(keep)])
        out.append(s)
    return out


def _node_cpu_clock():
    """CPU seconds of the Node process running Pyodide (``process.cpuUsage()``; WebAssembly
    runs on one thread, so this is the search's own time), or ``None`` outside Node."""
    try:
        from js import process  # Pyodide's bridge to JavaScript
        process.cpuUsage()
    except Exception:
        return None

    def clock():
        u = process.cpuUsage()
        return (u.user + u.system) / 1e6
    return clock


def measure(games: list[str] | None = None, count: int = 20, budget: float = 2.0,
            wasm_clock: str = "wall") -> dict:
    """Time each game's solver on its positions. :returns: ``{game: {"median", "worst",
    "answers": {status: n}, "positions": n, "times": [(seconds, status), …] by position}}``
    (CPU seconds natively; in Pyodide wall seconds, or with ``wasm_clock="cpu"`` the Node
    process's CPU seconds, which a loaded machine does not inflate), plus ``python`` (version)
    and ``clock``."""
    from games.registry import find_game
    from games.solvers.search import use_cpu_clock

    wasm = sys.platform == "emscripten"
    clock = time.perf_counter if wasm else time.process_time  # Pyodide's process_time stands still
    used = "wall" if wasm else "cpu"
    if wasm and wasm_clock == "cpu":
        node_cpu = _node_cpu_clock()
        if node_cpu is not None:
            clock, used = node_cpu, "cpu"
            from games.solvers import search
            search._clock = node_cpu  # the budget counts the same CPU seconds as the figures
    if not wasm:
        use_cpu_clock()

    res = {}
    for game, options, depth, *label in VARIANTS:
        name = label[0] if label else game  # a game's second variant has a label of its own
        if games and game not in games and name not in games:
            continue
        rules = find_game(game)
        if not rules.has_solver():
            continue
        times, answers, each = [], {}, []
        for s in positions(game, options, depth, count):
            t0 = clock()
            r = rules.solver(s, timeout=budget).run()
            times.append(clock() - t0)
            each.append((times[-1], r.status))
            answers[r.status] = answers.get(r.status, 0) + 1
        times.sort()
        res[name] = {"median": times[len(times) // 2], "worst": times[-1], "answers": answers,
                     "positions": len(times), "times": each}
    res["python"] = sys.version.split()[0]
    res["clock"] = used
    return res


def run_wasm(games, count, budget, timeout=1800, wasm_clock="wall") -> dict:
    """:func:`measure` in Pyodide under Node. :raises RuntimeError: naming what failed."""
    node = shutil.which("node")
    if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
        raise RuntimeError("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)")
    args = json.dumps({"games": games, "count": count, "budget": budget, "wasm_clock": wasm_clock})
    r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), "measure", args],
                       capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"Pyodide run failed: {r.stderr.strip()[-400:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/solvers.py", description=__doc__.split("\n")[0])
    p.add_argument("--games", default="")
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--budget", type=float, default=2.0)
    p.add_argument("--no-wasm", action="store_true")
    p.add_argument("--slow", type=float, default=0.3, help="list positions slower than this (s)")
    p.add_argument("--wasm-clock", choices=("wall", "cpu"), default="wall",
                   help="Pyodide's clock: wall seconds (default) or the Node process's CPU seconds")
    a = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    games = [g for g in a.games.split(",") if g] or None
    native = measure(games, a.count, a.budget)
    wasm = None
    if not a.no_wasm:
        try:
            wasm = run_wasm(games, a.count, a.budget, wasm_clock=a.wasm_clock)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"(WebAssembly skipped: {e})")
    print(f"{'game':12} {'native median':>14} {'worst':>8}   {'wasm median':>12} {'worst':>8}  ratio  answers (native)")
    for game in [g for g in native if g not in ("python", "clock")]:
        n = native[game]
        w = wasm.get(game) if wasm else None
        ws = f"{w['median']:12.3f} {w['worst']:8.3f}  {w['median'] / max(n['median'], 1e-9):5.1f}" if w else f"{'-':>12} {'-':>8}  {'-':>5}"
        print(f"{game:12} {n['median']:14.3f} {n['worst']:8.3f}   {ws}  {n['answers']}")
    for game in [g for g in native if g not in ("python", "clock")]:
        w = wasm.get(game) if wasm else None
        for i, (t, status) in enumerate(native[game]["times"]):
            wt = w["times"][i][0] if w and "times" in w else None
            if t > a.slow or (wt is not None and wt > a.slow):
                print(f"  slow: {game} position {i + 1} ({status}): native {t:.3f} s"
                      + (f", wasm {wt:.3f} s" if wt is not None else ""))
    print(f"seconds (native: CPU; WebAssembly: {wasm.get('clock', 'wall') if wasm else '-'}) to an answer over "
          f"{a.count} mid-game positions each, budget {a.budget:g} s; "
          f"native Python {native['python']}" + (f", WebAssembly Python {wasm['python']}" if wasm else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
