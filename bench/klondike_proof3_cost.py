"""The draw-3 exact-talon abstract game alone (``Abstract3``, ``ProofLane3`` of
``games/solvers/klondike_proof.py``; with ``--game 1`` the draw-1 one, ``Abstract``, ``ProofLane``),
a reference revision beside the working copy, in one process, natively or in Pyodide: ``python
bench/klondike_proof3_cost.py [--rev HEAD] [--game 3|1] [--draw 3|1] [--positions 15,16]
[--deals 43] [--states 40000] [--rounds 5] [--kings 1] [--wasm]``, or the whole hint with
``--hint [--budget 2]``.

Cases: ``bench/solvers.py``'s hint positions of draw ``--draw`` (deal n, then its 15 policy moves;
draw 3 unless told) and deals' roots of that draw, each from the solver's root (the complete search's: the safe cards already home, as
:class:`~games.solvers.klondike.KlondikeSolver` builds its proof lanes), worked out natively and
handed to Pyodide as JSON, so both interpreters search the same states. The reference is the file
as of git revision ``--rev`` (its text read natively with ``git show`` and executed as a module
beside the working one, as ``bench/revision.py`` does). Each round runs every case with both, the
order swapped every round, until the game answers or ``--states`` states are expanded; time is
the process's CPU clock (natively ``time.process_time``; in Pyodide, whose ``process_time`` does
not advance, the Node process's CPU time, as ``bench/solvers.py --wasm-clock cpu``). A line per
case: the answer (``True`` lost, ``False`` goal reached, ``None`` budget spent) and states of
each (``DIFF`` when they differ: a pure speed-up must not), the median CPU seconds of each, their
ratio and the working copy's µs a state; the last line sums the medians.

With ``--hint`` the cases are the positions themselves (pickled to Pyodide) and each runs the
whole solver (:class:`~games.solvers.klondike.KlondikeSolver`, ``--budget`` CPU seconds, stepped
200 nodes at a time as ``bench/klondike_early3.py`` does) with the proof classes of the reference
(``Abstract``, ``Abstract3``, ``ProofLane``, ``ProofLane3`` swapped into
``games.solvers.klondike``) and with the working ones; a line per position: the answer and nodes of
each (``DIFF`` when they differ, but for the nodes of a hint left unknown at its budget, which a
cheaper search spends on more nodes) and the median seconds.
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


def ab(cases: list, reference: str, states: int = 40_000, rounds: int = 5, kings: bool = True,
       game: str = "3") -> dict:
    """Run each case (``[name, cols, T, p, f]``, cards as lists of ints) ``rounds`` times with the
    reference module (its source text ``reference``) and the working one, the exact-talon game
    (``game`` "3") or the draw-1 one ("1"): ``{"rows": [[name,
    [answer, states, [seconds…]] of the reference, the same of the working copy], …], "python":
    version}``."""
    from games.solvers import klondike_proof as new
    ref = types.ModuleType("games.solvers._klondike_proof_reference")
    ref.__package__ = "games.solvers"
    exec(compile(reference, "<reference klondike_proof.py>", "exec"), ref.__dict__)
    clock = _clock()
    rows = []
    for name, cols, T, p, f in cases:
        cols = tuple(bytes(c) for c in cols)
        got = {}
        for rnd in range(rounds):
            for key, mod in ((("ref", ref), ("new", new)) if rnd % 2 else (("new", new), ("ref", ref))):
                t0 = clock()
                if game == "3":
                    lane = mod.ProofLane3(mod.Abstract3(cols, bytes(T), p, tuple(f), kings), 1.0)
                else:
                    lane = mod.ProofLane(mod.Abstract(cols, bytes(T), tuple(f), kings), 1.0)
                res = None
                while res is None and lane.nodes < states:
                    res = lane.run(min(1000, states - lane.nodes))
                dt = clock() - t0
                g = got.setdefault(key, [res, lane.nodes, []])
                g[2].append(dt)
        rows.append([name, got["ref"], got["new"]])
    return {"rows": rows, "python": sys.version.split()[0]}


def hint_ab(states: str, reference: str, rounds: int = 3, budget: float = 2.0) -> dict:
    """The whole hint on the pickled states (base64 of a pickled ``[(name, state), …]``),
    ``rounds`` times each with the reference's proof classes and the working ones, the order
    swapped every round: ``{"rows": [[name, [answer, nodes, [seconds…]] of the reference, the
    same of the working copy], …], "python": version}``."""
    from games.solvers import klondike as ks
    from games.solvers import klondike_proof as new
    ref = types.ModuleType("games.solvers._klondike_proof_reference")
    ref.__package__ = "games.solvers"
    exec(compile(reference, "<reference klondike_proof.py>", "exec"), ref.__dict__)
    names = ("Abstract", "Abstract3", "ProofLane", "ProofLane3")
    cases = pickle.loads(base64.b64decode(states))
    clock = _clock()
    rows = []
    try:
        for name, s in cases:
            got = {}
            for rnd in range(rounds):
                for key, mod in ((("ref", ref), ("new", new)) if rnd % 2 else (("new", new), ("ref", ref))):
                    for x in names:
                        setattr(ks, x, getattr(mod, x))
                    t0 = clock()
                    sv = ks.KlondikeSolver(s, timeout=budget, clock=clock)
                    r = sv.result
                    while r is None:
                        r = sv.step(200)
                    dt = clock() - t0
                    got.setdefault(key, [r.status, r.nodes, []])[2].append(dt)
            rows.append([name, got["ref"], got["new"]])
    finally:
        for x in names:
            setattr(ks, x, getattr(new, x))
    return {"rows": rows, "python": sys.version.split()[0]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="HEAD", help="reference revision of games/solvers/klondike_proof.py")
    ap.add_argument("--game", default="3", choices=("3", "1"), help="the exact-talon game (3) or the draw-1 one")
    ap.add_argument("--draw", default="3", choices=("3", "1"), help="the draw of the positions and deals")
    ap.add_argument("--positions", default="15,16", help="hint positions of bench/solvers.py")
    ap.add_argument("--deals", default="", help="deals' roots, e.g. 43,951")
    ap.add_argument("--states", type=int, default=40_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--kings", type=int, default=1, choices=(0, 1), help="Abstract3(kings=...)")
    ap.add_argument("--wasm", action="store_true", help="in Pyodide under Node (tests/web/run_pyodide.mjs)")
    ap.add_argument("--hint", action="store_true", help="the whole solver's hint on the positions instead")
    ap.add_argument("--budget", type=float, default=2.0, help="with --hint: CPU seconds a hint")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from games.klondike import Klondike
    from games.solvers.klondike import KlondikeSolver
    from klondike_proof_kings import numbers  # "1-3,7" -> [1, 2, 3, 7]
    from solvers import positions
    named = []
    ps = numbers(a.positions)
    if ps:
        got = positions("klondike", {"draw": a.draw}, 15, max(ps))
        named += [(f"position {n}", got[n - 1]) for n in ps]
    named += [(f"deal {n}", Klondike.deal(n, {"draw": a.draw})) for n in numbers(a.deals)]
    reference = subprocess.run(["git", "show", f"{a.rev}:games/solvers/klondike_proof.py"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout
    if a.hint:
        func = "hint_ab"
        kw = {"states": base64.b64encode(pickle.dumps(named)).decode(), "reference": reference,
              "rounds": a.rounds, "budget": a.budget}
    else:
        cases = []
        for name, s in named:
            sv = KlondikeSolver(s, max_nodes=1)
            if sv.result is not None:
                print(f"{name}: answered at the root ({sv.result.status})")
                continue
            cols, T, p, f = sv.lanes[len(sv.STREAMLINERS_DRAW1 if a.draw == "1" else sv.STREAMLINERS)].stack[0][0][:4]
            cases.append([name, [list(c) for c in cols], list(T), p, list(f)])
        func = "ab"
        kw = {"cases": cases, "reference": reference, "states": a.states, "rounds": a.rounds,
              "kings": bool(a.kings), "game": a.game}
    if a.wasm:
        node = shutil.which("node")
        if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
            print("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)", file=sys.stderr)
            return 2
        r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), func, json.dumps(kw)],
                           capture_output=True, text=True, timeout=7200)
        if r.returncode != 0:
            print(r.stderr.strip()[-400:], file=sys.stderr)
            return 1
        res = json.loads(r.stdout.strip().splitlines()[-1])
    else:
        res = (hint_ab if a.hint else ab)(**kw)
    where = "Pyodide" if a.wasm else "native"
    if a.hint:
        print(f"# {where} Python {res['python']}, the hint (the whole solver, {a.budget:g} CPU s), draw {a.draw}, "
              f"{a.rounds} rounds; position: with the proof classes of {a.rev}: answer nodes median s | "
              "working copy | ratio")
    else:
        print(f"# {where} Python {res['python']}, the {'exact-talon' if a.game == '3' else 'draw-1'} game alone, "
              f"draw-{a.draw} cases (kings={bool(a.kings)}), at most "
              f"{a.states} states, {a.rounds} rounds; case: reference {a.rev} answer states median s | "
              "working copy | ratio, us a state")
    tot = [0.0, 0.0]
    bad = 0
    for name, rf, nw in res["rows"]:
        med = [sorted(x[2])[len(x[2]) // 2] for x in (rf, nw)]
        tot[0] += med[0]
        tot[1] += med[1]
        # a hint left unknown at its budget in seconds stops at other nodes when its states cost less
        diff = rf[0] != nw[0] or (rf[1] != nw[1] and not (a.hint and rf[0] == "unknown"))
        bad += diff
        print(f"{name}: {rf[0]} {rf[1]} {med[0]:.4f} | {nw[0]} {nw[1]} {med[1]:.4f} | x{med[0] / max(med[1], 1e-9):.2f}"
              + ("" if a.hint else f", {1e6 * med[1] / max(nw[1], 1):.1f} us") + (" DIFF" if diff else ""))
    print(f"sum of medians: {tot[0]:.3f} s -> {tot[1]:.3f} s, x{tot[0] / tot[1]:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
