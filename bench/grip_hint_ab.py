"""Devil's Grip's hint search (``hint_search``, :data:`HINT_NODES` nodes) of the working copy beside a
reference revision's, in one process, natively or in Pyodide: ``python bench/grip_hint_ab.py
[--rev main] [--positions 1-60] [--rounds 3] [--gc auto|app] [--wasm] [--out FILE]``, or
``--profile`` (cProfile of the working copy over the positions, one round).

Positions: ``bench/solvers.py``'s Devil's Grip positions (deal n, then its 10 policy moves), made
natively and handed to Pyodide pickled, so both interpreters search the same states; the
reference is ``games/solvers/devils_grip.py`` as of ``--rev`` (``git show``), executed beside
the working copy on the same rules code. Each round runs every position with the reference and
the working copy, the order of the two swapped every round, so both see the same load; each
search runs in steps of :data:`STEP` nodes, as the app runs it. Time is the process's CPU clock
(natively ``time.process_time``; in Pyodide, whose ``process_time`` does not advance, the Node
process's CPU time, as ``bench/solvers.py --wasm-clock cpu``).

``--gc``: the garbage collector as ``bench/solvers.py`` leaves it (``auto``: CPython's automatic
collector, every generation collected wherever an allocation crosses its threshold) or as the app
runs a hint (``app``, ``ui/collect.py``): the objects made before the first search frozen
(``gc.freeze``, as ``ui/app.py`` does after its start), the automatic collector off during the
search, and between two steps the collection CPython would have made, the middle generation at
most (a full collection waits for the frames after the search); its time is counted in the
search's. After each search, outside the timing, the app mode makes what is due.

A line per position: each side's nodes and best result (they must agree for a pure speed-up), the
median CPU seconds over the rounds and their ratio; then the worst of positions 1-20 and of the
rest, and the sums of the medians. Also the collections made inside the timing, by generation.
"""
from __future__ import annotations

import argparse
import base64
import gc
import json
import pickle
import shutil
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_SCRIPT = ROOT / "tests" / "web" / "run_pyodide.mjs"
STEP = 100
"""Nodes a step: ``ui/table/base.py`` ``HINT_STEP``, the most the app's slices ask of a step."""


def _clock():
    """The process's CPU clock: Node's ``process.cpuUsage()`` in Pyodide, else ``time.process_time``."""
    try:
        from js import process  # Pyodide's bridge to JavaScript
        process.cpuUsage()
    except Exception:
        return time.process_time

    def clock():
        u = process.cpuUsage()
        return (u.user + u.system) / 1e6
    return clock


def _due() -> int:
    """The generation CPython's automatic collector would collect now, -1 for none (as
    ``ui.collect.Collector.due``)."""
    threshold, count = gc.get_threshold(), gc.get_count()
    if threshold[0] == 0 or count[0] <= threshold[0]:
        return -1
    for g in (2, 1):
        if count[g] > threshold[g]:
            return g
    return 0


def _module(src: str):
    """The reference's source as a module in ``games.solvers`` (its relative imports reach the
    working copy's rules)."""
    mod = types.ModuleType("games.solvers._devils_grip_ref")
    mod.__package__ = "games.solvers"
    mod.__file__ = "<reference devils_grip.py>"
    exec(compile(src, mod.__file__, "exec"), mod.__dict__)
    return mod


def ab(states: str, ref_src: str, rounds: int = 3, gc_mode: str = "auto") -> dict:
    """Run the pickled states (base64 of a pickled ``[(n, state), …]``) ``rounds`` times each with
    the reference (``ref_src``, a ``devils_grip.py``) and the working copy: ``{"rows": [[n, side,
    nodes, best, [seconds…]], …], "made": {side: [collections of gen 0, 1, 2, seconds in each]}, "python": version}``."""
    from games.solvers import devils_grip as new
    cases = pickle.loads(base64.b64decode(states))
    sides = {"ref": _module(ref_src), "new": new}
    clock = _clock()
    got = {(n, k): [None, None, []] for n, _ in cases for k in sides}
    made = {k: [0, 0, 0, 0.0, 0.0, 0.0] for k in sides}  # collections by generation, their seconds
    counting = [None, 0.0]

    def count(phase, info):
        if counting[0] is None:
            return
        if phase == "start":
            made[counting[0]][info["generation"]] += 1
            counting[1] = clock()
        else:
            made[counting[0]][3 + info["generation"]] += clock() - counting[1]
    gc.callbacks.append(count)
    if gc_mode == "app":
        gc.collect()
        gc.freeze()
    try:
        for i in range(rounds):
            order = ("ref", "new") if i % 2 == 0 else ("new", "ref")
            for n, s in cases:
                for k in order:
                    mod = sides[k]
                    counting[0] = k
                    if gc_mode == "app":
                        gc.disable()
                    t = clock()
                    search = mod.hint_search(s, mod.HINT_NODES)  # as the app makes it: its own clock
                    if gc_mode == "app":
                        while search.step(STEP) is None:
                            g = _due()
                            if g >= 0:
                                gc.collect(min(g, 1))
                    else:
                        while search.step(STEP) is None:
                            pass
                    dt = clock() - t
                    counting[0] = None
                    if gc_mode == "app":
                        due = _due()
                        if due >= 0:
                            gc.collect(due)
                        gc.enable()
                    g = got[n, k]
                    g[0], g[1] = search.nodes, search.best
                    g[2].append(dt)
                    del search
    finally:
        gc.callbacks.remove(count)
        gc.enable()
    return {"rows": [[n, k] + got[n, k] for n, _ in cases for k in sides], "made": made,
            "python": sys.version.split()[0]}


def profile(states: str, top: int = 30) -> dict:
    """cProfile of the working copy's hint search over the pickled states: ``{"text": the
    statistics by own time, the first ``top`` lines}``."""
    import cProfile
    import io
    import pstats
    from games.solvers import devils_grip as new
    cases = pickle.loads(base64.b64decode(states))
    pr = cProfile.Profile()
    pr.enable()
    for _n, s in cases:
        search = new.hint_search(s, new.HINT_NODES)
        while search.step(STEP) is None:
            pass
    pr.disable()
    out = io.StringIO()
    pstats.Stats(pr, stream=out).sort_stats("tottime").print_stats(top)
    return {"text": out.getvalue(), "python": sys.version.split()[0]}


def _numbers(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def _in_pyodide(func: str, kw: dict) -> dict:
    node = shutil.which("node")
    if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
        raise RuntimeError("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)")
    r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), func, json.dumps(kw)],
                       capture_output=True, text=True, timeout=7200)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-600:])
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="main", help="the reference revision")
    ap.add_argument("--positions", default="1-60")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--gc", default="auto", choices=("auto", "app"), dest="gc_mode")
    ap.add_argument("--wasm", action="store_true", help="in Pyodide under Node (tests/web/run_pyodide.mjs)")
    ap.add_argument("--profile", action="store_true", help="cProfile of the working copy instead")
    ap.add_argument("--out", default="", help="also write the output to this file")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from solvers import VARIANTS, positions
    ps = _numbers(a.positions)
    _, game, options, depth, _, _ = next(v for v in VARIANTS if v[0] == "devils-grip")
    got = positions(game, options, depth, max(ps))
    states = base64.b64encode(pickle.dumps([(n, got[n - 1]) for n in ps])).decode()
    lines = []

    def say(text=""):
        print(text, flush=True)
        lines.append(text)
    where = "Pyodide" if a.wasm else "native"
    if a.profile:
        res = _in_pyodide("profile", {"states": states}) if a.wasm else profile(states)
        say(f"# {where} Python {res['python']}: cProfile of the working copy's hint search, positions {a.positions}")
        say(res["text"])
    else:
        src = subprocess.run(["git", "show", f"{a.rev}:games/solvers/devils_grip.py"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
        kw = {"states": states, "ref_src": src, "rounds": a.rounds, "gc_mode": a.gc_mode}
        res = _in_pyodide("ab", kw) if a.wasm else ab(**kw)
        rows = {(n, k): (nodes, best, sorted(ts)) for n, k, nodes, best, ts in res["rows"]}
        say(f"# {where} Python {res['python']}, {a.rounds} rounds, gc {a.gc_mode}, steps of {STEP} nodes; "
            f"ref = {a.rev}; position: ref nodes best median s | new | new/ref")
        worst = {("ref", 0): 0.0, ("new", 0): 0.0, ("ref", 1): 0.0, ("new", 1): 0.0}
        total = {"ref": 0.0, "new": 0.0}
        differ = 0
        for n in ps:
            line = [f"{n:3d}"]
            med = {}
            for k in ("ref", "new"):
                nodes, best, ts = rows[n, k]
                med[k] = ts[len(ts) // 2]
                part = 0 if n <= 20 else 1
                worst[k, part] = max(worst[k, part], med[k])
                total[k] += med[k]
                line.append(f"{nodes:6d} {best:3d} {med[k]:6.3f}")
            differ += rows[n, "ref"][:2] != rows[n, "new"][:2]
            line.append(f"x{med['new'] / med['ref']:.2f}" if med["ref"] else "")
            say("  ".join(line))
        say(f"worst (median of rounds), positions 1-20: ref {worst['ref', 0]:.3f} s, new {worst['new', 0]:.3f} s; "
            f"21-: ref {worst['ref', 1]:.3f} s, new {worst['new', 1]:.3f} s; sum of medians: ref {total['ref']:.3f} s, "
            f"new {total['new']:.3f} s, x{total['new'] / total['ref']:.3f}; nodes or best differ on {differ}")
        say("collections inside the timing, all rounds (count and CPU s, gen 0 / 1 / 2): " +
            "; ".join(f"{k} {m[0]} {m[3]:.3f} s / {m[1]} {m[4]:.3f} s / {m[2]} {m[5]:.3f} s"
                      for k, m in res["made"].items()))
    if a.out:
        Path(a.out).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
