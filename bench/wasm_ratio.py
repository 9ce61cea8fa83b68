"""How much slower ``games/`` runs in WebAssembly: ``python bench/wasm_ratio.py [--number N]``.

Natively: asks the command line (docs/contract.md) for a winning TriPeaks line of deal N
(``python -m games solve``) and its score (``python -m games play``), then times
:func:`workload`. In WebAssembly: runs this same file in Pyodide (CPython compiled to
WebAssembly, npm package ``pyodide``) under Node with no network (``tests/web/run_pyodide.mjs``),
which imports ``games``, deals, replays the line, and times the same workload. Prints both
timings and their ratio; ``--json`` prints one JSON object instead.

The functions below import only ``games`` and the standard library, so they run unchanged
in either interpreter. Timings are seconds of wall clock (best of ``repeat`` runs).
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


def replay(number: int, line: str, options: dict | None = None) -> dict:
    """Deal TriPeaks ``number`` and play ``line`` (moves in docs/contract.md's notation) through
    :class:`games.core.History`, as the app does.

    :returns: ``{"score", "moves", "status", "position"}`` of the final state.
    :raises games.core.IllegalMove: on a move the rules refuse.
    """
    from games.core import History
    from games.registry import find_game

    rules = find_game("tripeaks")
    opts = rules.check_options(options or {})
    hist = History.start(rules, rules.deal(number, opts))
    for tok in line.split():
        hist.act(tok)
    s = hist.state
    return {"score": rules.score(s), "moves": hist.moves, "status": rules.status(s),
            "position": rules.format_position(s)}


def workload(first: int = 1, count: int = 20, max_nodes: int = 10000) -> dict:
    """The timed work: deal TriPeaks ``first``…``first+count-1``, list and format every legal
    move of each deal, and run the solver on each for at most ``max_nodes`` nodes.

    :returns: ``{"nodes": total nodes expanded, "solved": deals solved, "checksum": int}``
        (identical in every interpreter: the work is deterministic).
    """
    from games.registry import find_game

    rules = find_game("tripeaks")
    opts = rules.check_options({})
    nodes = solved = checksum = 0
    for n in range(first, first + count):
        s = rules.deal(n, opts)
        checksum += sum(len(rules.format_move(s, m)) for m in rules.legal_moves(s))
        checksum += len(rules.format_position(s))
        r = rules.solve(s, max_nodes=max_nodes)
        nodes += r.nodes
        solved += r.status == "solved"
    return {"nodes": nodes, "solved": solved, "checksum": checksum}


def measure(number: int, line: str, repeat: int = 3, **work) -> dict:
    """:func:`replay` once, then :func:`workload` ``repeat`` times. :returns: the replay's
    result plus ``work`` (the workload's result), ``seconds`` (best run), ``python`` and
    ``platform`` of this interpreter, and ``games`` (the registry's built games, all imported)."""
    from games.registry import available

    out = replay(number, line)
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out["work"] = workload(**work)
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    out["seconds"] = best
    out["python"] = sys.version.split()[0]
    out["platform"] = sys.platform
    out["games"] = available()
    return out


def native_line(number: int, timeout: float = 30) -> tuple[str, dict]:
    """A winning line for TriPeaks ``number`` from ``python -m games solve``, and ``play``'s
    ``Score``/``Moves``/``Status`` for it. :raises RuntimeError: if the deal is not solved."""
    run = lambda *a, **k: subprocess.run([sys.executable, "-m", "games", *a], cwd=ROOT, capture_output=True,
                                         text=True, timeout=timeout, **k)
    r = run("solve", "tripeaks", "--number", str(number), "--timeout", "20")
    lines = r.stdout.splitlines()
    if r.returncode != 0 or not lines or lines[0] != "solved":
        raise RuntimeError(f"deal {number} is not solved natively: {r.stdout.strip() or r.stderr.strip()}")
    line = lines[1] if len(lines) > 1 else ""
    deal = run("deal", "tripeaks", "--number", str(number)).stdout
    p = run("play", "tripeaks", "--position", "-", "--moves", line, input=deal)
    if p.returncode != 0:
        raise RuntimeError(f"play refused the solver's line: {p.stderr.strip()}")
    fields = dict(l.split(": ", 1) for l in p.stdout.splitlines() if l.split(": ", 1)[0] in ("Score", "Moves", "Status"))
    return line, {"score": int(fields["Score"]), "moves": int(fields["Moves"]), "status": fields["Status"]}


def run_wasm(number: int, line: str, repeat: int = 3, timeout: float = 240, node: str | None = None) -> dict:
    """:func:`measure` run in Pyodide under Node. :raises RuntimeError: naming what failed."""
    node = node or shutil.which("node")
    if not node:
        raise RuntimeError("node is not installed")
    args = json.dumps({"number": number, "line": line, "repeat": repeat})
    r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), "measure", args],
                       capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"Pyodide run failed (exit {r.returncode}): {r.stderr.strip()[-400:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python bench/wasm_ratio.py", description=__doc__.split("\n")[0])
    p.add_argument("--number", type=int, default=1, help="the TriPeaks deal to replay (default 1)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    line, cli = native_line(a.number)
    native = measure(a.number, line, a.repeat)
    wasm = run_wasm(a.number, line, a.repeat)
    ratio = wasm["seconds"] / native["seconds"]
    same = all(native[k] == wasm[k] == cli.get(k, native[k]) for k in ("score", "moves", "status")) \
        and native["work"] == wasm["work"] and native["position"] == wasm["position"]
    if a.json:
        print(json.dumps({"line": line, "cli": cli, "native": native, "wasm": wasm, "ratio": ratio, "same": same}))
        return 0 if same else 1
    print(f"TriPeaks deal {a.number}: {len(line.split())} moves → score {cli['score']}, {cli['status']} (command line)")
    for name, r in (("native", native), ("wasm", wasm)):
        print(f"  {name:6} Python {r['python']} ({r['platform']}): score {r['score']}, {r['status']}; "
              f"workload {r['work']['nodes']} nodes in {r['seconds']:.3f} s")
    print(f"  WebAssembly / native: {ratio:.2f}x  (results {'identical' if same else 'DIFFER'})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
