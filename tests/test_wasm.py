"""games/ in real WebAssembly (docs/web.md): Pyodide, CPython 3.12 compiled to WebAssembly
(npm package ``pyodide`` 0.27.7, the browser runtime's Python version), runs under Node with
no network, imports ``games``, deals TriPeaks and replays a winning line found natively by
``python -m games solve``; score, moves, status and the final position must equal the native
command line's. Needs Node (skipped without it; under CI a failed npm install fails).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import webenv

sys.path.insert(0, str(webenv.ROOT / "bench"))
import wasm_ratio  # noqa: E402

DEALS = (1,)


@pytest.fixture(scope="module")
def lines():
    webenv.need_web_run()
    out = {}
    for n in DEALS:
        try:
            out[n] = wasm_ratio.native_line(n)
        except RuntimeError:
            continue
    assert out, "no deal of %s was solved natively" % (DEALS,)
    return out


def test_tripeaks_replays_identically_in_webassembly(lines):
    webenv.need_web_run()
    webenv.need_node_modules()
    for n, (line, cli) in lines.items():
        r = webenv.run_node("run_pyodide.mjs", str(webenv.ROOT), str(webenv.ROOT / "bench" / "wasm_ratio.py"),
                            "measure", json.dumps({"number": n, "line": line, "repeat": 1, "count": 3}))
        assert r.returncode == 0, r.stderr[-800:]
        wasm = json.loads(r.stdout.strip().splitlines()[-1])
        native = wasm_ratio.measure(n, line, repeat=1, count=3)
        assert wasm["platform"] == "emscripten" and wasm["python"].startswith("3.12")
        assert (wasm["score"], wasm["moves"], wasm["status"]) == (cli["score"], cli["moves"], cli["status"])
        assert cli["status"] == "won"
        assert wasm["position"] == native["position"]
        assert wasm["work"] == native["work"]  # the solver explores the same nodes
        assert "tripeaks" in wasm["games"] and wasm["games"] == native["games"]


def test_illegal_move_is_refused_in_webassembly():
    webenv.need_web_run()
    webenv.need_node_modules()
    r = webenv.run_node("run_pyodide.mjs", str(webenv.ROOT), str(webenv.ROOT / "bench" / "wasm_ratio.py"),
                        "replay", json.dumps({"number": 1, "line": "KH"}))
    assert r.returncode != 0 and "IllegalMove" in r.stderr


def test_the_solver_bench_times_the_main_thread_apart_in_webassembly():
    # bench/solvers.py with the CPU clock in Pyodide: beside each position's process CPU seconds
    # (V8's helper threads included), the main thread's alone, never more than the process's; the
    # page's JavaScript engine warmed first (untimed, through Pyodide's bridge), as a 4-suit table
    # warms it
    webenv.need_web_run()
    if not Path(f"/proc/self/task/{os.getpid()}/schedstat").exists():
        pytest.skip("no /proc/self/task/PID/schedstat here (not Linux): the main thread's CPU time is read from it")
    r = webenv.run_node("run_pyodide.mjs", str(webenv.ROOT), str(webenv.ROOT / "bench" / "solvers.py"), "measure",
                        json.dumps({"games": ["spider-4"], "count": 2, "budget": 2.0, "wasm_clock": "cpu"}))
    assert r.returncode == 0, r.stderr[-800:]
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert res["clock"] == "cpu"
    times, main = res["spider-4"]["times"], res["spider-4"]["main"]
    assert len(main) == len(times) == 2
    assert all(0 < m <= t + 1e-3 for m, (t, _) in zip(main, times)), (main, times)
    from games.solvers.spider_js import WARM_NODES
    assert res["spider-4"]["warmed"] >= WARM_NODES
