"""The draw-3 hint with and without the early weights of its progress lanes
(``KlondikeSolver.EARLY3``), in one process, natively or in Pyodide: ``python
bench/klondike_early3.py [--positions 1-14,16-20] [--rounds 3] [--budget 2] [--wasm]
[--attr EARLY3] [--early V,V,...] [--base V,V,...]``, or ``--deals 1-150 [--max-nodes 80000]``.
With ``--attr SIGN3`` the setting compared is the early exact-talon game (``KlondikeSolver.SIGN3``,
None against the class's value) instead of the window, everything else the same; ``--attr
SIGN3_LATE`` its late sign. ``--early``
sets the "on" value instead of the class's, ``--base`` the "off" value instead of None (e.g. an
earlier revision's setting, to run it beside this one); a value ``None`` in them stays None.

Positions: ``bench/solvers.py``'s draw-3 hint positions (deal n, then its 15 policy moves), made
natively and handed to Pyodide pickled, so both interpreters search the same states. Each round
runs every position without the window (``EARLY3 = None``: main's search) and with it (the
class's value), the order of the two swapped every round, so both see the same load; time is the
process's CPU clock (natively ``time.process_time``; in Pyodide, whose ``process_time`` does not
advance, the Node process's CPU time, as ``bench/solvers.py --wasm-clock cpu``), the budget too.
A line per position: the answer and nodes of each, the median CPU seconds of each over the rounds
and their ratio; the last line: the worst of each and the sum of the medians.

With ``--deals`` (natively): draw-3 deals' roots, each searched to ``--max-nodes`` nodes without and
with the window, a line per deal — ``same`` (the same answer at the same node), ``nodes`` (the same
answer, other nodes) or ``DIFF`` — and a count of each: where a search runs well past the window
it should be node for node the one without it (the lanes weighted down catch up).
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


def ab(states: str, rounds: int = 3, budget: float = 2.0, early: list | None = None,
       attr: str = "EARLY3", base: list | None = None) -> dict:
    """Run the pickled states (base64 of a pickled ``[(n, state), …]``) ``rounds`` times each
    without and with ``KlondikeSolver``'s setting ``attr`` (``EARLY3`` or ``SIGN3``; ``early``:
    this value instead of the class's; ``base``: this value instead of None for "off"):
    ``{"rows": [[n, setting, status, nodes, [seconds…]], …],
    "python": version}``, settings ``"off"`` then ``"on"``."""
    from games.solvers.klondike import KlondikeSolver
    cases = pickle.loads(base64.b64decode(states))
    clock = _clock()
    was = getattr(KlondikeSolver, attr)
    early = was if early is None else tuple(early)
    base = None if base is None else tuple(base)
    got = {(n, k): [None, None, []] for n, _ in cases for k in ("off", "on")}
    try:
        for i in range(rounds):
            order = ("off", "on") if i % 2 == 0 else ("on", "off")
            for n, s in cases:
                for k in order:
                    setattr(KlondikeSolver, attr, base if k == "off" else early)
                    t = clock()
                    sv = KlondikeSolver(s, timeout=budget, clock=clock)
                    r = sv.result
                    while r is None:
                        r = sv.step(200)
                    g = got[n, k]
                    g[0], g[1] = r.status, r.nodes
                    g[2].append(clock() - t)
    finally:
        setattr(KlondikeSolver, attr, was)
    return {"rows": [[n, k] + got[n, k] for n, _ in cases for k in ("off", "on")],
            "python": sys.version.split()[0]}


def _value(text: str):
    """A setting's element from the command line: ``None``, an int (``2000``) or a float (``8.0``)."""
    return None if text == "None" else float(text) if "." in text else int(text)


def deals(numbers_: list[int], max_nodes: int) -> int:
    """The ``--deals`` mode: prints a line per deal and the counts; returns 0."""
    from games.klondike import Klondike
    from games.solvers.klondike import KlondikeSolver
    early = KlondikeSolver.EARLY3
    count = {"same": 0, "nodes": 0, "DIFF": 0}
    print(f"# draw-3 deals' roots to {max_nodes} nodes: deal tag, off (EARLY3 = None) answer nodes CPU s | on")
    try:
        for d in numbers_:
            s = Klondike.deal(d, {"draw": "3"})
            got = []
            for e in (None, early):
                KlondikeSolver.EARLY3 = e
                t = time.process_time()
                r = KlondikeSolver(s, max_nodes=max_nodes).run()
                got.append((r.status, r.nodes, time.process_time() - t))
            tag = "same" if got[0][:2] == got[1][:2] else "DIFF" if got[0][0] != got[1][0] else "nodes"
            count[tag] += 1
            print(f"{d:5d} {tag:5s}  " + "  ".join(f"{st:10s} {n:7d} {t:6.3f}" for st, n, t in got), flush=True)
    finally:
        KlondikeSolver.EARLY3 = early
    print(" ".join(f"{k} {v}" for k, v in count.items()))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", default="1-14,16-20")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--wasm", action="store_true", help="in Pyodide under Node (tests/web/run_pyodide.mjs)")
    ap.add_argument("--early", default="", help="the value to try instead of the class's, e.g. nodes,weight,weight")
    ap.add_argument("--base", default="", help="the 'off' value instead of None, e.g. an earlier revision's")
    ap.add_argument("--deals", default="", help="draw-3 deals' roots instead, e.g. 1-150 (natively)")
    ap.add_argument("--max-nodes", type=int, default=80_000, help="with --deals: each search's nodes")
    ap.add_argument("--attr", default="EARLY3", choices=("EARLY3", "SIGN3", "SIGN3_LATE"),
                    help="the setting compared")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from klondike_proof_kings import numbers   # "1-3,7" -> [1, 2, 3, 7]
    if a.deals:
        return deals(numbers(a.deals), a.max_nodes)
    from solvers import positions
    ps = numbers(a.positions)
    got = positions("klondike", {"draw": "3"}, 15, max(ps))
    states = base64.b64encode(pickle.dumps([(n, got[n - 1]) for n in ps])).decode()
    early = [_value(x) for x in a.early.split(",")] if a.early else None
    base = [_value(x) for x in a.base.split(",")] if a.base else None
    kw = {"states": states, "rounds": a.rounds, "budget": a.budget, "early": early, "attr": a.attr, "base": base}
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
    rows = {(n, k): (st, nodes, sorted(ts)) for n, k, st, nodes, ts in res["rows"]}
    where = "Pyodide" if a.wasm else "native"
    from games.solvers.klondike import KlondikeSolver
    print(f"# {where} Python {res['python']}, {a.rounds} rounds, budget {a.budget} CPU s, on: {a.attr} = "
          f"{tuple(early) if early else getattr(KlondikeSolver, a.attr)}; "
          f"off: {a.attr} = {tuple(base) if base else None}; position: off answer nodes median s | on | on/off")
    worst = {"off": 0.0, "on": 0.0}
    total = {"off": 0.0, "on": 0.0}
    for n in ps:
        line = [f"{n:3d}"]
        med = {}
        for k in ("off", "on"):
            st, nodes, ts = rows[n, k]
            med[k] = ts[len(ts) // 2]
            worst[k] = max(worst[k], med[k])
            total[k] += med[k]
            line.append(f"{st:10s} {nodes:7d} {med[k]:6.3f}")
        line.append(f"x{med['on'] / med['off']:.2f}" if med["off"] else "")
        print("  ".join(line))
    print(f"worst (median of rounds): off {worst['off']:.3f} s, on {worst['on']:.3f} s; "
          f"sum of medians: off {total['off']:.3f} s, on {total['on']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
