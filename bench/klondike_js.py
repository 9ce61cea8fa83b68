"""Klondike's search state operations timed in CPython, in the page's JavaScript engine
(games/solvers/klondike_search.js, in Node) and in Pyodide (CPython compiled to WebAssembly,
tests/web/run_pyodide.mjs): the same work in all three, so their ratio says what running Klondike's
search in JavaScript would gain in the page (docs/solvers.md, Klondike, item 1, "Session 30").

    nice -n 10 python bench/klondike_js.py [--nodes 20000] [--every 10] [--reps 5] [--no-wasm]

**The work**: the states the solver expands (``_Problem.moves`` called on them) while it searches
the failing held-out hint positions of ``bench/solvers.py`` (draw 1 43, 50, 55, 58; draw 3 34, 35,
40, 41, 43, 50, 55, 58), every ``--every``-th of its first ``--nodes`` nodes, each with the problem
(draw and cuts) of the lane that expanded it; then each state *expanded* as the depth-first lanes
do: its moves, each move applied, the child's key looked up in a visited set, rule 5 asked of the
children with nothing pending (cached by columns), the moves of each new child generated. The
states are recorded in each engine's own run of the solver (the search is deterministic: the same
states, checked by a digest), and every engine reports the same counts of children, new children
and children lost by rule 5 (checked). Each rep starts with new problems, visited set and caches.

Seconds: CPU seconds of the thread that runs the work (the machine is shared: wall seconds would
count the other processes), the best of ``--reps`` reps, measured inside each engine, the bridge's
and the loading's time left out: CPython ``time.process_time``; Pyodide and Node the main thread's
CPU (Linux's ``/proc/self/task/PID/schedstat``: ``pasyansMainThreadCpu`` of
tests/web/run_pyodide.mjs, and the same defined in the Node process here), which leaves out V8's
helper threads (its optimizing compiler, concurrent garbage collection), as a page's main thread
does.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.klondike import Klondike  # noqa: E402
from games.solvers import klondike as ks  # noqa: E402

HELD_OUT = {1: (43, 50, 55, 58), 3: (34, 35, 40, 41, 43, 50, 55, 58)}
"""The held-out hint positions (``bench/solvers.py``'s 21-60) over the 0.3 s goal in Pyodide
(docs/solvers.md, "At a glance", item 1)."""


def record(positions: list, nodes: int, every: int) -> list:
    """``[(draw, partial, back, chains), state]`` for every ``every``-th call of ``_Problem.moves``
    while the solver searches each position (position texts) for ``nodes`` nodes."""
    out = []
    moves = ks._Problem.moves
    count = [0]

    def spy(self, st):
        count[0] += 1
        if count[0] % every == 0:
            out.append(((self.draw, self.partial, self.back, self.chains), st))
        return moves(self, st)

    ks._Problem.moves = spy
    try:
        for text in positions:
            ks.KlondikeSolver(Klondike.parse_position(text, {}), max_nodes=nodes).run()
    finally:
        ks._Problem.moves = moves
    return out


def problem(cfg) -> ks._Problem:
    pb = ks._Problem(cfg[0], cfg[1])
    pb.back, pb.chains = cfg[2], cfg[3]
    return pb


def expand(problems: list, states: list) -> tuple:
    """Expand ``states`` (``(problem index, state)``) as the depth-first lanes do (module
    docstring): ``(children, new children, children lost by rule 5)``. klondike_search.js's
    ``expand`` does the same."""
    seen, dead = set(), {}
    children = fresh = lost = 0
    blocked = ks.blocked
    for j, st in states:
        pb = problems[j]
        draw3 = pb.draw == 3
        apply = pb.apply
        for m in pb.moves(st):
            r = apply(st, m)
            if r is None:
                continue
            children += 1
            nxt = r[0]
            J = b"\xff".join(sorted(nxt[0]))
            key = (j, J + b"\xfe" + nxt[1] + (bytes((nxt[2],)) if draw3 else b""), nxt[4])
            if key in seen:
                continue
            seen.add(key)
            fresh += 1
            if not nxt[4]:
                x = dead.get(J)
                if x is None:
                    x = dead[J] = blocked(nxt[0], nxt[3])
                if x:
                    lost += 1
                    continue
            pb.moves(nxt)
    return children, fresh, lost


def as_spec(recorded: list) -> tuple:
    """The recorded states as ``(problem configs, [(problem index, state)])``."""
    cfgs: list = []
    states = []
    for cfg, st in recorded:
        if cfg not in cfgs:
            cfgs.append(cfg)
        states.append((cfgs.index(cfg), st))
    return cfgs, states


def digest(states: list) -> str:
    return hashlib.sha1(repr(states).encode()).hexdigest()[:12]


def time_python(positions: list, nodes: int, every: int, reps: int) -> dict:
    """Record the states (:func:`record`) and time their expansion ``reps`` times in this Python
    (CPython or Pyodide): ``{seconds: [by rep], states, children, fresh, lost, digest, platform}``."""
    cfgs, states = as_spec(record(positions, nodes, every))
    if sys.platform == "emscripten":  # process_time stands still there: the main thread's CPU
        from js import pasyansMainThreadCpu as cpu
        clock = lambda: float(cpu())  # noqa: E731
    else:
        clock = time.process_time
    seconds = []
    counts = None
    for _ in range(reps):
        problems = [problem(c) for c in cfgs]
        ks._OUT.clear()
        t0 = clock()
        counts = expand(problems, states)
        seconds.append(clock() - t0)
    return {"seconds": seconds, "states": len(states), "children": counts[0], "fresh": counts[1],
            "lost": counts[2], "digest": digest(states), "platform": sys.platform}


def plain(x):
    """``x`` as JSON for the engine: bytes as latin-1 strings, tuples as lists."""
    if isinstance(x, (bytes, bytearray)):
        return x.decode("latin-1")
    if isinstance(x, (tuple, list)):
        return [plain(y) for y in x]
    return x


MAIN_THREAD_CPU = """globalThis.pasyansMainThreadCpu = () => {
  const text = process.getBuiltinModule("fs").readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8");
  return Number(text.split(" ")[0]) / 1e9;
};"""
"""The main thread's CPU seconds in Node (as tests/web/run_pyodide.mjs defines it for Pyodide)."""


def time_js(positions: list, nodes: int, every: int, reps: int) -> dict:
    """The same in Node's JavaScript engine: the states recorded here, expanded by
    klondike_search.js's ``expand``."""
    sys.path.insert(0, str(ROOT / "tests"))
    import webenv

    cfgs, states = as_spec(record(positions, nodes, every))
    node = shutil.which("node")
    if node is None:
        raise SystemExit("no node on PATH")
    bridge = webenv.NodeBridge(node, target="pasyansKlondike")
    try:
        bridge.load((ROOT / "games" / "solvers" / "klondike_search.js").read_text(encoding="utf-8"))
        bridge.load(MAIN_THREAD_CPU)
        out = json.loads(bridge.ask("expand", json.dumps({"problems": cfgs, "states": plain(states), "reps": reps})))
    finally:
        bridge.close()
    out.update(states=len(states), digest=digest(states), platform="node " + subprocess.run(
        [node, "--version"], capture_output=True, text=True).stdout.strip())
    return out


def time_wasm(positions: list, nodes: int, every: int, reps: int) -> dict:
    """The same in Pyodide under Node (tests/web/run_pyodide.mjs runs :func:`time_python` there)."""
    args = json.dumps({"positions": positions, "nodes": nodes, "every": every, "reps": reps})
    r = subprocess.run(["node", str(ROOT / "tests" / "web" / "run_pyodide.mjs"), str(ROOT), __file__, "time_python",
                        args], capture_output=True, text=True, cwd=ROOT / "tests" / "web", timeout=3600)
    if r.returncode:
        raise SystemExit(f"Pyodide run failed: {r.stderr[-800:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nodes", type=int, default=20_000, help="nodes of the solver's run a position")
    ap.add_argument("--every", type=int, default=10, help="record every n-th state expanded")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--no-wasm", action="store_true", help="leave Pyodide out")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    from solvers import positions as bench_positions

    texts = []
    for draw, which in HELD_OUT.items():
        made = bench_positions("klondike", {"draw": str(draw)}, 15, max(which))
        texts += [Klondike.format_position(made[n - 1]) for n in which]
    print(f"# bench/klondike_js.py --nodes {a.nodes} --every {a.every} --reps {a.reps}; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; positions: draw 1 {HELD_OUT[1]}, draw 3 {HELD_OUT[3]}")
    results = {"cpython": time_python(texts, a.nodes, a.every, a.reps), "js": time_js(texts, a.nodes, a.every, a.reps)}
    if not a.no_wasm:
        results["pyodide"] = time_wasm(texts, a.nodes, a.every, a.reps)
    ref = results["cpython"]
    for name, r in results.items():
        same = all(r[k] == ref[k] for k in ("states", "children", "fresh", "lost", "digest"))
        best = min(r["seconds"])
        print(f"{name:8} {r['platform']:14} best {best:.3f} s of {' '.join(f'{s:.3f}' for s in r['seconds'])}; "
              f"{r['states']} states, {1e6 * best / r['states']:.2f} us a state expanded, "
              f"{1e6 * best / r['children']:.3f} us a child; children {r['children']} fresh {r['fresh']} "
              f"lost {r['lost']} digest {r['digest']}" + ("" if same else "  ** NOT THE SAME WORK **"))
    b = {k: min(r["seconds"]) for k, r in results.items()}
    print(f"ratios (best over best): CPython/JS {b['cpython'] / b['js']:.2f}" +
          (f", Pyodide/JS {b['pyodide'] / b['js']:.2f}, Pyodide/CPython {b['pyodide'] / b['cpython']:.2f}"
           if "pyodide" in b else ""))
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
