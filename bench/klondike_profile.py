"""Where Klondike's hint spends its CPU, natively and in Pyodide side by side: ``python
bench/klondike_profile.py [--draw 3] [--positions 15,35,40,55] [--budget 2] [--top 25] [--no-wasm]``,
or inside the interpreter with ``--v8``; or by part with ``--parts``.

Positions: ``bench/solvers.py``'s hint positions of draw ``--draw`` (deal n, then its 15 policy
moves), made natively and handed to Pyodide pickled, so both interpreters search the same states.
Each position is searched as ``bench/solvers.py`` does (the whole solver, a ``--budget`` of CPU
seconds, stepped 200 nodes at a time; in Pyodide one untimed search warms the process up first):
once timed alone, then once under ``cProfile``. The garbage collector's own time is read with
``gc.callbacks`` on the timed run (its collections by generation and their seconds). Printed:
per position the answer, nodes, CPU seconds and the collector's share; then the functions by
their own time summed over the positions (the profiled runs, whose overhead inflates calls), each
with its calls, native and Pyodide seconds and their ratio: an operation whose ratio is well above
the whole run's costs relatively more in the browser. Time is the process's CPU clock (natively
``time.process_time``; in Pyodide the Node process's CPU time, as ``bench/solvers.py --wasm-clock
cpu``).

With ``--v8`` the positions are searched in Pyodide only, ``--rounds`` times, unprofiled, under
Node's sampling profiler (``node --cpu-prof``), which sees the interpreter's own functions
(CPython compiled to WebAssembly) rather than the Python ones: each sample's time goes to the
innermost function of its stack that the WebAssembly module exports by name (CPython's public
functions; its static ones count in their nearest exported caller), and the samples outside the
searches (Pyodide's start, the imports) are left out. Printed: the top ``--top`` of them with
their share. It shows what Pyodide's build makes dear: e.g. its CPython is built without pymalloc
(``--without-pymalloc``: every object comes from ``malloc``) and calls C functions through
pointers of another type by a JavaScript trampoline (``_PyEM_TrampolineCall_JS``).

With ``--parts`` each position is searched ``--rounds`` times unprofiled, natively and in Pyodide,
with the solver's parts timed on the process's CPU clock (as above): setting the solver up
(``KlondikeSolver.__init__``), each lane's turns by kind (the depth-first lanes: the complete search
and each streamliner; the two progress lanes; the proof lanes; the early exact-talon game of
``_sign3``; the rollout lanes), making the answer's line through the rules (``_make_line``) and the
rest (the schedule, the bench's stepping); rule 5's test (``blocked``, inside the lanes' turns) is
timed apart, its calls of the round made again in one loop after it (a clock read a call would cost
Node as much as the call); and which lane answered after how many of its nodes. Printed: per position,
each part's CPU seconds natively and in Pyodide (the round with the least total) and its share of
the Pyodide total, beside the CPU seconds of an untimed run (round 0, the solver unwrapped).
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_SCRIPT = ROOT / "tests" / "web" / "run_pyodide.mjs"
CALLS = "  rule 5's calls"  # --parts: the count kept beside the parts' seconds


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


def profile(states: str, budget: float = 2.0, top: int = 40) -> dict:
    """Run the pickled ``[(n, state), …]`` (base64) timed, then under cProfile: ``{"rows": [[n,
    status, nodes, seconds, gc seconds, [collections by generation]], …], "funcs": [[name, calls,
    own seconds], …] (the ``top`` costliest over all positions), "total": profiled seconds,
    "python": version}``."""
    import cProfile
    import pstats
    from games.solvers.klondike import KlondikeSolver
    cases = pickle.loads(base64.b64decode(states))
    clock = _clock()
    if sys.platform == "emscripten":  # bench/solvers.py's warm_up (bench/ is not in Pyodide's files)
        from games.devils_grip import DevilsGrip
        from games.solvers import devils_grip
        devils_grip.hint_search(DevilsGrip.deal(1)).run()

    def run(s):
        sv = KlondikeSolver(s, timeout=budget, clock=clock)
        r = sv.result
        while r is None:
            r = sv.step(200)
        return r

    gc_time = [0.0, [0, 0, 0], None]

    def watch(phase, info):
        if phase == "start":
            gc_time[2] = clock()
        elif gc_time[2] is not None:
            gc_time[0] += clock() - gc_time[2]
            gc_time[1][info["generation"]] += 1
            gc_time[2] = None

    rows = []
    prof = cProfile.Profile()
    for n, s in cases:
        gc.collect()
        gc_time[0], gc_time[1] = 0.0, [0, 0, 0]
        gc.callbacks.append(watch)
        t = clock()
        r = run(s)
        t = clock() - t
        gc.callbacks.remove(watch)
        rows.append([n, r.status, r.nodes, t, gc_time[0], list(gc_time[1])])
        gc.collect()
        prof.enable()
        run(s)
        prof.disable()
    st = pstats.Stats(prof)
    funcs = []
    total = 0.0
    for (fn, line, name), (cc, nc, tt, ct, callers) in st.stats.items():
        total += tt
        funcs.append([f"{Path(fn).name}:{line}({name})", nc, tt])
    funcs.sort(key=lambda x: -x[2])
    return {"rows": rows, "funcs": funcs[:top], "total": total, "python": sys.version.split()[0]}


def searches(states: str, budget: float = 2.0, rounds: int = 2) -> dict:
    """``--v8``'s workload: the pickled ``[(n, state), …]`` (base64) searched ``rounds`` times each,
    unprofiled, after the warm-up, on the wall clock (``time.perf_counter``: under the sampling
    profiler Node's CPU clock, a JavaScript call, costs as much as a good part of the search):
    ``{"rows": [[n, status, nodes], …]}``."""
    from games.devils_grip import DevilsGrip
    from games.solvers import devils_grip
    from games.solvers.klondike import KlondikeSolver
    cases = pickle.loads(base64.b64decode(states))
    clock = time.perf_counter
    devils_grip.hint_search(DevilsGrip.deal(1)).run()
    rows = []
    for _ in range(rounds):
        for n, s in cases:
            sv = KlondikeSolver(s, timeout=budget, clock=clock)
            r = sv.result
            while r is None:
                r = sv.step(200)
            rows.append([n, r.status, r.nodes])
    return {"rows": rows}


def parts(states: str, budget: float = 2.0, rounds: int = 3) -> dict:
    """``--parts``' workload: the pickled ``[(n, state), …]`` (base64) searched ``rounds`` times
    each with the solver's parts timed (module docstring), after one untimed CPU-timed run:
    ``{"rows": [[n, status, nodes, CPU s of the untimed run, {part: seconds} of the round with the
    least total, the answering lane or None, [[lane, weight, nodes], …]], …], "python": version}``."""
    from games.solvers import klondike as K
    cases = pickle.loads(base64.b64decode(states))
    cpu = _clock()
    if sys.platform == "emscripten":
        from games.devils_grip import DevilsGrip
        from games.solvers import devils_grip
        devils_grip.hint_search(DevilsGrip.deal(1)).run()
    pc = cpu
    acc: dict = {}
    calls: list = []  # rule 5's calls of the round, made again after it

    def lane_name(lane):
        kind = lane.__class__.__name__
        if kind == "_Lane":
            return "depth-first: complete" if lane.complete else (
                f"depth-first: streamliner draw {lane.pb.draw}{' back+chains' if lane.pb.back else ''}")
        if kind == "_StageLane":
            return f"progress lane {1 if lane.tie > 0 else 2} (draw {lane.pb.draw})"
        if kind == "ProofLane":
            return "proof lane: draw-1 game"
        if kind == "ProofLane3":
            return "proof lane: exact-talon game"
        return f"rollout lane w{lane.weight:g}"

    def timed(f, name):
        def g(*a, **kw):
            t = pc()
            try:
                return f(*a, **kw)
            finally:
                k = name(*a)
                acc[k] = acc.get(k, 0.0) + pc() - t
        return g
    cls = K.KlondikeSolver
    plain = {(cls, x): getattr(cls, x) for x in ("__init__", "_dfs", "_stage", "_make_line")}
    plain.update({(K, x): getattr(K, x) for x in ("blocked", "_run_proof", "_run_rollout", "_sign3")})
    by_lane = lambda s, lane, *a: lane_name(lane)  # noqa: E731
    names = {"__init__": lambda *a: "setup (__init__)", "_make_line": lambda *a: "the answer's line (_make_line)",
             "_sign3": lambda *a: "early exact-talon game (_sign3)"}
    wrapped = {k: timed(f, names.get(k[1], by_lane)) for k, f in plain.items() if k[1] != "blocked"}
    blocked = plain[K, "blocked"]

    def kept(cols, f):
        calls.append((cols, f))
        return blocked(cols, f)
    wrapped[K, "blocked"] = kept

    winner = [None]
    solution = cls._solution

    def _solution(self):  # the lane whose turn it is when a win is found
        winner[0] = self._lane
        solution(self)
    plain[cls, "_solution"] = wrapped[cls, "_solution"] = _solution

    def use(fs):
        for (owner, x), f in fs.items():
            setattr(owner, x, f)
    rows = []
    try:
        for n, s in cases:
            best = None
            for rnd in range(rounds + 1):
                use(plain if rnd == 0 else wrapped)  # round 0: the plain solver, on the CPU clock
                acc.clear()
                calls.clear()
                t0, c0 = pc(), cpu()
                sv = K.KlondikeSolver(s, timeout=budget, clock=cpu)
                r, met = sv.result, {}
                while r is None:
                    met.update((id(x), x) for x in sv.lanes)
                    r = sv.step(200)
                won = winner[0] if r.status == "solved" else None
                total, c1 = pc() - t0, cpu() - c0
                if rnd == 0:
                    cpu_s = c1
                    continue
                got = dict(acc)
                got["total"] = total
                t = cpu()
                for x in calls:
                    blocked(*x)
                got["  of which rule 5 (blocked)"] = cpu() - t
                got[CALLS] = len(calls)
                got["rest (schedule, stepping)"] = total - sum(v for k, v in got.items()
                                                                if k != "total" and not k.startswith("  "))
                if best is None or total < best["total"]:
                    best = got
            lanes = [[lane_name(x), x.weight, x.nodes] for x in met.values()]
            rows.append([n, r.status, r.nodes, cpu_s, best, lane_name(won) if won is not None else None, lanes])
    finally:
        use(plain)
        cls._solution = solution
    return {"rows": rows, "python": sys.version.split()[0]}


def _print_parts(res: dict, draw: int) -> None:
    where = [w for w in ("native", "wasm") if w in res]
    print(f"# draw {draw}: the hint by part, CPU s of the round with the least total (native / Pyodide) "
          "and the share of the Pyodide total; Python " + ", ".join(res[w]["python"] for w in where))
    for i, row in enumerate(res["native"]["rows"]):
        n, st, nodes, cpu_s, part, won = row[:6]
        line = f"{n:3d}: {st} at {nodes} nodes, answered by {won or '-'}; CPU s untimed: native {cpu_s:.3f}"
        lanes = "; ".join(f"{x} w{w:g} {k}" for x, w, k in row[6])
        if "wasm" in res:
            w = res["wasm"]["rows"][i]
            line += f", Pyodide {w[3]:.3f}" + ("" if (w[1], w[2]) == (st, nodes) else f" [{w[1]} {w[2]}]")
        print(line)
        print(f"     nodes by lane (weight at the end): {lanes}")
        wp = res["wasm"]["rows"][i][4] if "wasm" in res else {}
        keys = sorted((k for k in part if k not in ("total", CALLS)), key=lambda k: -(wp.get(k, part[k])))
        for k in keys + ["total"]:
            a, b = part.get(k, 0.0), wp.get(k)
            name = k + (f", {part[CALLS]} calls" if "blocked" in k else "")
            print(f"     {name:48s} {a:7.4f}" + (f" / {b:7.4f}  {100 * b / wp['total']:5.1f} %" if b is not None else ""))


def _wasm_names(path: Path) -> dict:
    """Function index -> exported name of the WebAssembly module at ``path`` (its export section)."""
    data = path.read_bytes()

    def leb(i):
        r = sh = 0
        while True:
            x = data[i]
            i += 1
            r |= (x & 0x7F) << sh
            sh += 7
            if not x & 0x80:
                return r, i
    names, i = {}, 8
    while i < len(data):
        sid = data[i]
        size, i = leb(i + 1)
        if sid == 7:  # exports: name, kind (0: a function), index
            n, j = leb(i)
            for _ in range(n):
                ln, j = leb(j)
                name = data[j:j + ln].decode()
                kind = data[j + ln]
                idx, j = leb(j + ln + 1)
                if kind == 0:
                    names.setdefault(idx, name)
        i += size
    return names


def v8(states: str, budget: float, rounds: int, top: int) -> int:
    """The ``--v8`` mode: run :func:`searches` under ``node --cpu-prof`` and print the shares."""
    import collections
    import re
    import tempfile
    node = shutil.which("node")
    wasm = NODE_SCRIPT.parent / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    if not node or not wasm.exists():
        print("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([node, "--cpu-prof", f"--cpu-prof-dir={tmp}", str(NODE_SCRIPT), str(ROOT),
                            str(Path(__file__).resolve()), "searches",
                            json.dumps({"states": states, "budget": budget, "rounds": rounds})],
                           capture_output=True, text=True, timeout=7200)
        if r.returncode != 0:
            print(r.stderr.strip()[-400:], file=sys.stderr)
            return 1
        prof = json.loads(next(Path(tmp).glob("*.cpuprofile")).read_text())
    names = _wasm_names(wasm)
    nodes = {x["id"]: x for x in prof["nodes"]}
    parent = {c: x["id"] for x in prof["nodes"] for c in x.get("children", ())}

    def name(i):
        f = nodes[i]["callFrame"]["functionName"]
        m = re.fullmatch(r"wasm-function\[(\d+)\]", f)
        if m:
            return names.get(int(m.group(1)))
        return "JS " + (f or "(anonymous)")
    spent = collections.Counter()
    for i, dt in zip(prof["samples"], prof["timeDeltas"]):
        spent[i] += dt
    own, total = collections.Counter(), 0
    outside = {"Py_CompileStringObject", "_PyAST_Compile", "PyImport_ImportModuleLevelObject"}
    for i, dt in spent.items():
        chain = []
        while i is not None:
            chain.append(name(i))
            i = parent.get(i)
        if "_PyEval_EvalFrameDefault" not in chain or outside.intersection(chain):
            continue  # not a search: Pyodide's start, compiling or importing
        total += dt
        own[next(x for x in chain if x is not None)] += dt
    print(f"# Pyodide under node --cpu-prof, {rounds} rounds of the positions; {total / 1e6:.2f} s of samples "
          "in the searches; own time (a static function's in its nearest exported caller):")
    for x, dt in own.most_common(top):
        print(f"{dt / 1e3:9.1f} ms {100 * dt / total:5.1f} %  {x}")
    return 0


def _in_pyodide(func: str, kw: dict):
    """``func(**kw)`` of this file run in Pyodide under Node: its JSON result, or ``None`` (said why)."""
    node = shutil.which("node")
    if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
        print("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)", file=sys.stderr)
        return None
    r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), func, json.dumps(kw)],
                       capture_output=True, text=True, timeout=7200)
    if r.returncode != 0:
        print(r.stderr.strip()[-400:], file=sys.stderr)
        return None
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--draw", type=int, default=3, choices=(1, 3))
    ap.add_argument("--positions", default="15,35,40,55")
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--no-wasm", action="store_true")
    ap.add_argument("--v8", action="store_true", help="Pyodide only, under node --cpu-prof (the interpreter's functions)")
    ap.add_argument("--rounds", type=int, default=2, help="with --v8 or --parts: times each position is searched")
    ap.add_argument("--parts", action="store_true", help="the hint by part (setup, lanes, rule 5, the line), both interpreters")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from klondike_proof_kings import numbers   # "1-3,7" -> [1, 2, 3, 7]
    from solvers import positions
    ps = numbers(a.positions)
    got = positions("klondike", {"draw": str(a.draw)}, 15, max(ps))
    states = base64.b64encode(pickle.dumps([(n, got[n - 1]) for n in ps])).decode()
    if a.v8:
        return v8(states, a.budget, a.rounds, a.top)
    if a.parts:
        kw = {"states": states, "budget": a.budget, "rounds": a.rounds}
        res = {"native": parts(**kw)}
        if not a.no_wasm:
            out = _in_pyodide("parts", kw)
            if out is None:
                return 1
            res["wasm"] = out
        _print_parts(res, a.draw)
        return 0
    kw = {"states": states, "budget": a.budget, "top": 4 * a.top}
    res = {"native": profile(**kw)}
    if not a.no_wasm:
        node = shutil.which("node")
        if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
            print("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)", file=sys.stderr)
            return 2
        r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), "profile",
                            json.dumps(kw)], capture_output=True, text=True, timeout=7200)
        if r.returncode != 0:
            print(r.stderr.strip()[-400:], file=sys.stderr)
            return 1
        res["wasm"] = json.loads(r.stdout.strip().splitlines()[-1])
    where = [w for w in ("native", "wasm") if w in res]
    print(f"# draw {a.draw}, budget {a.budget} CPU s; Python {', '.join(res[w]['python'] for w in where)} "
          f"({' / '.join(where)})")
    print("# position: answer nodes | per interpreter: CPU s, collector s (young/middle/full collections)")
    for i, n in enumerate(ps):
        row = res["native"]["rows"][i]
        line = [f"{n:3d} {row[1]:10s} {row[2]:7d}"]
        for w in where:
            _, st, nodes, t, g, gens = res[w]["rows"][i]
            line.append(f"{t:6.3f} s gc {g:5.3f} s ({'/'.join(map(str, gens))})"
                        + ("" if (st, nodes) == tuple(row[1:3]) else f" [{st} {nodes}]"))
        print("  ".join(line))
    if len(where) == 2:
        t_n, t_w = (sum(r[3] for r in res[w]["rows"]) for w in where)
        print(f"# whole runs: native {t_n:.3f} s, Pyodide {t_w:.3f} s, x{t_w / t_n:.2f}")
    print(f"# own time under cProfile, summed over the positions (profiled totals: "
          f"{', '.join('%s %.3f s' % (w, res[w]['total']) for w in where)})")
    byname = {w: {f[0]: f for f in res[w]["funcs"]} for w in where}
    names = [f[0] for f in res[where[-1]]["funcs"][:a.top]]
    for name in names:
        line = [f"{name[:58]:58s}"]
        calls = None
        for w in where:
            f = byname[w].get(name)
            calls = calls or (f[1] if f else None)
            line.append(f"{f[2]:7.3f}" if f else "      -")
        if len(where) == 2 and byname["native"].get(name) and byname["native"][name][2]:
            line.append(f"x{byname['wasm'][name][2] / byname['native'][name][2]:.2f}")
        line.insert(1, f"{calls or 0:9d}")
        print(" ".join(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
