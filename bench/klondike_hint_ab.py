"""Klondike's hint, the whole solver of a reference revision beside the working copy's, in one
process, natively or in Pyodide: ``python bench/klondike_hint_ab.py [--rev main] [--draw 3]
[--positions 15,35,40,55] [--rounds 5] [--budget 2] [--wasm]``.

The reference is ``games/solvers/klondike.py`` and ``games/solvers/klondike_proof.py`` as of git
revision ``--rev`` (their text read natively with ``git show``, handed to Pyodide, and executed as
modules beside the working ones, the reference solver given the reference proof classes, as
``bench/klondike_proof3_cost.py --hint`` does for those alone). Positions: ``bench/solvers.py``'s
hint positions of draw ``--draw`` (deal n, then its 15 policy moves), made natively and pickled.
Each round runs every position with both, the order swapped every round so both see the same
load, as ``bench/solvers.py`` runs a hint (a ``--budget`` of CPU seconds, stepped 200 nodes at a
time; in Pyodide after one untimed warm-up search); time is the process's CPU clock (natively
``time.process_time``; in Pyodide the Node process's CPU time). A line per position: the answer
and nodes of each (``DIFF`` when they differ, but for the nodes of a hint left unknown at its
budget, which a cheaper search spends on more nodes), the median seconds of each and their ratio
(reference / working copy: above 1, the working copy is faster); the last line sums the medians.
"""
from __future__ import annotations

import argparse
import base64
import json
import pickle
import shutil
import subprocess
import sys
import time
import types
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_SCRIPT = ROOT / "tests" / "web" / "run_pyodide.mjs"


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


def _module(source: str, name: str) -> types.ModuleType:
    """``source`` (zlib-compressed, base64: one command-line argument holds at most 128 KiB)
    executed as module ``games.solvers.<name>`` (its relative imports reach the working tree)."""
    mod = types.ModuleType(f"games.solvers.{name}")
    mod.__package__ = "games.solvers"
    text = zlib.decompress(base64.b64decode(source)).decode()
    exec(compile(text, f"<reference {name}>", "exec"), mod.__dict__)
    return mod


def ab(states: str, solver: str, proof: str, rounds: int = 5, budget: float = 2.0) -> dict:
    """Run the pickled ``[(n, state), …]`` (base64) ``rounds`` times each with the reference solver
    (source texts ``solver`` and ``proof``, as :func:`_module` takes them) and the working one: ``{"rows": [[n, [answer, nodes,
    [seconds…]] of the reference, the same of the working copy], …], "python": version}``."""
    from games.solvers import klondike as new
    ref_proof = _module(proof, "_klondike_proof_reference")
    ref = _module(solver, "_klondike_reference")
    for x in ("Abstract", "Abstract3", "ProofLane", "ProofLane3"):
        setattr(ref, x, getattr(ref_proof, x))
    cases = pickle.loads(base64.b64decode(states))
    clock = _clock()
    if sys.platform == "emscripten":  # bench/solvers.py's warm_up (bench/ is not in Pyodide's files)
        from games.devils_grip import DevilsGrip
        from games.solvers import devils_grip
        devils_grip.hint_search(DevilsGrip.deal(1)).run()
    got = {n: {} for n, _ in cases}
    for rnd in range(rounds):
        for n, s in cases:
            for key, mod in ((("ref", ref), ("new", new)) if rnd % 2 else (("new", new), ("ref", ref))):
                t0 = clock()
                sv = mod.KlondikeSolver(s, timeout=budget, clock=clock)
                r = sv.result
                while r is None:
                    r = sv.step(200)
                dt = clock() - t0
                got[n].setdefault(key, [r.status, r.nodes, []])[2].append(dt)
    return {"rows": [[n, got[n]["ref"], got[n]["new"]] for n, _ in cases], "python": sys.version.split()[0]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="main", help="reference revision of games/solvers/klondike*.py")
    ap.add_argument("--draw", default="3", choices=("3", "1"))
    ap.add_argument("--positions", default="15,35,40,55", help="hint positions of bench/solvers.py")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--budget", type=float, default=2.0, help="CPU seconds a hint")
    ap.add_argument("--wasm", action="store_true", help="in Pyodide under Node (tests/web/run_pyodide.mjs)")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from klondike_proof_kings import numbers  # "1-3,7" -> [1, 2, 3, 7]
    from solvers import positions
    ps = numbers(a.positions)
    got = positions("klondike", {"draw": a.draw}, 15, max(ps))
    src = {x: base64.b64encode(zlib.compress(subprocess.run(
        ["git", "show", f"{a.rev}:games/solvers/{x}.py"], cwd=ROOT, check=True, capture_output=True).stdout, 9)).decode()
        for x in ("klondike", "klondike_proof")}
    kw = {"states": base64.b64encode(pickle.dumps([(n, got[n - 1]) for n in ps])).decode(),
          "solver": src["klondike"], "proof": src["klondike_proof"], "rounds": a.rounds, "budget": a.budget}
    if a.wasm:
        node = shutil.which("node")
        if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
            print("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)", file=sys.stderr)
            return 2
        r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), "ab", json.dumps(kw)],
                           capture_output=True, text=True, timeout=7200)
        if r.returncode != 0:
            print(r.stderr.strip()[-400:], file=sys.stderr)
            return 1
        res = json.loads(r.stdout.strip().splitlines()[-1])
    else:
        res = ab(**kw)
    print(f"# {'Pyodide' if a.wasm else 'native'} Python {res['python']}, Klondike draw {a.draw}'s hint (the whole "
          f"solver, {a.budget:g} CPU s), {a.rounds} rounds; position: {a.rev} answer nodes median s | working "
          "copy | ratio")
    tot = [0.0, 0.0]
    bad = 0
    for n, rf, nw in res["rows"]:
        med = [sorted(x[2])[len(x[2]) // 2] for x in (rf, nw)]
        tot[0] += med[0]
        tot[1] += med[1]
        diff = rf[0] != nw[0] or (rf[1] != nw[1] and rf[0] != "unknown")
        bad += diff
        print(f"{n:3d}: {rf[0]:10s} {rf[1]:7d} {med[0]:6.3f} | {nw[0]:10s} {nw[1]:7d} {med[1]:6.3f} | "
              f"x{med[0] / med[1]:.2f}" + ("  DIFF" if diff else ""))
    print(f"sum of medians: {tot[0]:.3f} s -> {tot[1]:.3f} s, x{tot[0] / tot[1]:.2f}" + (f"; {bad} DIFF" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
