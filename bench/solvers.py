"""Solver speed where the player is: every variant's solver on mid-game positions, natively and in
WebAssembly (issue 7, item 7; issue 20, item 1).

    python bench/solvers.py [--games tripeaks,klondike-3] [--count 20] [--held-out 40] [--budget 2]
                            [--no-wasm] [--slow S] [--wasm-clock wall|cpu] [--no-js] [--each]

Every variant the app offers: TriPeaks Easy and Classic, Pyramid unlimited and 3 passes, Devil's
Grip, Spider 1, 2 and 4 suits, Klondike draw 1 and 3, FreeCell (``--games`` takes the names in
the table below, or a game's name for all its variants). Positions are made reproducibly: deal
``N`` (1, 2, …) of the variant, then ``depth`` moves chosen by a fixed policy (the move at index
``splitmix64(N) mod len(moves)`` of the legal moves, draws and deals avoided while anything else
is legal), so both interpreters search the same positions. Positions 1…``count`` are the bench;
the next ``held_out`` (21–60 by default) are held out: measured and reported apart, so a change
tuned on the first 20 shows whether it holds on positions it was not tuned on.

What is timed is what the player waits for. A *hint* (goal 0.3 s in WebAssembly) or a *rescue*
(Spider, goal 2 s): the solver runs until it answers or ``budget`` seconds pass. Devil's Grip's
hint is its best-result move: the app's hint search (:func:`games.solvers.devils_grip.hint_search`,
:data:`~games.solvers.devils_grip.HINT_NODES` nodes), timed until it ends, answered or not (its answer
is the best line found; a win is almost never there), and run as the app runs it: in steps of
:data:`APP_STEP` nodes with the garbage collector as ``ui/collect.py`` holds it while a hint searches
(:func:`app_collections`), made as the app makes it (with its default clock: it has no time
budget). The other variants' searches run with CPython's automatic collector.
Native seconds are CPU seconds of the process (``time.process_time``, and the budget too: the solvers
are given that clock), so a loaded machine does not change them; Pyodide's
``process_time`` does not advance, so there the clock is the wall clock (run it on a quiet machine),
or with ``--wasm-clock cpu`` the Node process's CPU time, the budget too (``process.cpuUsage()``:
WebAssembly runs on one thread, so that is the search's own time, whatever the machine's load,
plus the work of V8's helper threads: concurrent garbage collection and the optimizing compiler).
With that clock, where Linux tells a thread's CPU time, each variant also gets a line of the main
thread's CPU seconds alone (the thread a player waits for: a phone runs V8's helpers on its other
cores); the budget stays on the process's clock, so the answers are the same;
every position slower than its goal (or ``--slow`` seconds) in either interpreter is listed by
number. In WebAssembly one untimed search warms the process up first (:func:`warm_up`). For
Klondike and Spider, whose searches keep a *progress line* for a hint they cannot finish in time (``Sliced.progress_line``: a line to more cards face up or home), the time to a
hint move is reported too: to the answer, or to the first progress line, whichever comes first
(the searches run in slices of :data:`HINT_STEP` nodes, as the app runs them). WebAssembly: this same file in Pyodide (npm ``pyodide``, CPython 3.12 compiled to
WebAssembly) under Node, via ``tests/web/run_pyodide.mjs``.
There Spider 4 suits is searched as in the browser, by the page's JavaScript engine (the same
search: :mod:`games.solvers.spider_js`), the engine warmed first as a 4-suit table warms it when
it opens (:func:`warm_engine`, untimed); ``--no-js`` times the Python search instead.
"""
from __future__ import annotations

import argparse
import gc
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_SCRIPT = ROOT / "tests" / "web" / "run_pyodide.mjs"

HINT_STEP = 200
"""Nodes a slice: between two slices the bench looks whether the search has a progress line."""
APP_STEP = 100
"""Nodes a step of Devil's Grip's hint search: the most the app's slices ask of a step
(``ui/table/base.py`` ``HINT_STEP``)."""

VARIANTS = [
    # (name, game, options, policy moves from the deal, what the player waits for, goal in s)
    ("tripeaks", "tripeaks", {"mode": "easy"}, 12, "hint", 0.3),
    ("tripeaks-classic", "tripeaks", {"mode": "classic"}, 12, "hint", 0.3),
    ("pyramid", "pyramid", {"layout": "1"}, 6, "hint", 0.3),
    ("pyramid-3", "pyramid", {"layout": "1", "passes": "3"}, 6, "hint", 0.3),
    ("klondike", "klondike", {"draw": "1"}, 15, "hint", 0.3),
    ("klondike-3", "klondike", {"draw": "3"}, 15, "hint", 0.3),
    ("freecell", "freecell", {}, 15, "hint", 0.3),
    ("spider-1", "spider", {"suits": "1"}, 25, "rescue", 2.0),
    ("spider", "spider", {"suits": "2"}, 25, "rescue", 2.0),
    ("spider-4", "spider", {"suits": "4"}, 25, "rescue", 2.0),
    ("devils-grip", "devils-grip", {}, 10, "best", 0.3),
]
"""The variants the app offers. The names of the first variants are the ones earlier results in
bench/results/ use (``tripeaks`` is Easy, ``klondike`` draw 1, ``spider`` 2 suits)."""


HINT_GOAL = 0.3
"""Seconds to a hint move, in WebAssembly (issue 20): an answer, or a progress line."""

PROGRESS_LINES = ("klondike", "spider")
"""The games whose search offers a progress line (``Sliced.progress_line``) to a hint it could not
finish in time."""


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


def _due() -> int:
    """The generation CPython's automatic collector would collect now, -1 for none
    (``ui.collect.Collector.due``, which this copies: ``ui`` is not in the Pyodide of the bench)."""
    threshold, count = gc.get_threshold(), gc.get_count()
    if threshold[0] == 0 or count[0] <= threshold[0]:
        return -1
    for g in (2, 1):
        if count[g] > threshold[g]:
            return g
    return 0


def app_collections(search, step: int = APP_STEP):
    """Run ``search`` to its end as the app runs a hint's search, the garbage collector included:
    the automatic collector off (``Collector.hold``), and between two steps of ``step`` nodes the
    collection CPython would have made, the middle generation at most (``Collector.step(…, 1)``
    while a hint searches: a full collection waits for the frames after it). A collection the app
    makes inside a slice delays the hint, so these are timed with the search. The caller freezes
    what it made before (``gc.freeze``, as ``ui/app.py`` does after the app's start) and makes
    what is due after the timing (the app's next frames do). Returns the search's result."""
    was = gc.isenabled()
    gc.disable()
    try:
        while (r := search.step(step)) is None:
            g = _due()
            if g >= 0:
                gc.collect(min(g, 1))
    finally:
        if was:
            gc.enable()
    return r


def warm_up() -> None:
    """One search, untimed, before the timed ones in WebAssembly: V8 compiles WebAssembly in tiers,
    so a fresh process runs the interpreter's baseline code until its optimizing compiler is done,
    and that compiler's CPU time is the process's too (``process.cpuUsage()``). Measured: Devil's
    Grip's hint on position 1 took 0.297 CPU s as a fresh process's first search and 0.204-0.210 s
    after it (docs/solvers.md, Devil's Grip, "Session 24"); the app has long been running when a
    player asks for a hint. Devil's Grip's hint search from deal 1's start (28 000 nodes, about
    0.2 s) is the warm-up, whatever the variants measured."""
    from games.devils_grip import DevilsGrip
    from games.solvers import devils_grip
    devils_grip.hint_search(DevilsGrip.deal(1)).run()


def warm_engine(state) -> int:
    """The 4-suit Spider table's warm-up of the page's JavaScript engine, untimed, before the
    timed searches: the app runs it in the frames' spare time when a 4-suit table opens
    (:class:`games.solvers.spider_js.Warmup`, ``ui/table/spider.py``), so a player's first rescue
    finds the engine compiled. Returns the positions it searched (0: no engine)."""
    from games.solvers import spider_js

    w = spider_js.Warmup(state)
    while not w.done:
        w.step(time.perf_counter() + 1.0)
    return w.searched


def _node_cpu_clock():
    """CPU seconds of the Node process running Pyodide (``process.cpuUsage()``; WebAssembly
    runs on one thread, so this is the search's own time and V8's helper threads', see
    :func:`_node_main_clock`), or ``None`` outside Node."""
    try:
        from js import process  # Pyodide's bridge to JavaScript
        process.cpuUsage()
    except Exception:
        return None

    def clock():
        u = process.cpuUsage()
        return (u.user + u.system) / 1e6
    return clock


def _node_main_clock():
    """CPU seconds of the Node process's main thread alone, the thread the search and a page's
    scripts run on (``pasyansMainThreadCpu``, set by ``tests/web/run_pyodide.mjs``: Linux's
    ``/proc/self/task/PID/schedstat``), or ``None`` where it is not readable. ``process.cpuUsage()``
    also counts V8's helper threads (concurrent and parallel garbage collection, the optimizing
    compiler), which a phone runs on its other cores while the player waits for the main thread."""
    try:
        from js import pasyansMainThreadCpu
        if pasyansMainThreadCpu() < 0:
            return None
    except Exception:
        return None
    return lambda: float(pasyansMainThreadCpu())


def measure(games: list[str] | None = None, count: int = 20, budget: float = 2.0,
            wasm_clock: str = "wall", held_out: int = 0, skip: bool = False, js: bool = True) -> dict:
    """Time each variant's solver on its positions 1…``count + held_out``. :returns:
    ``{name: {"median", "worst", "answers": {status: n}, "positions": n, "goal", "wait",
    "times": [(seconds, status), …] by position, "held": {the same over the held-out ones}}}``
    (median, worst and answers over the first ``count``; ``skip``: no search, every figure 0;
    CPU seconds natively; in Pyodide wall
    seconds, or with ``wasm_clock="cpu"`` the Node process's CPU seconds, which a loaded machine
    does not inflate), plus ``python`` (version) and ``clock``; in Pyodide with the CPU clock each
    variant also has ``main`` (the main thread's CPU seconds by position, :func:`_node_main_clock`;
    the searches' budget stays on the process's CPU clock); each variant's ``engine`` is the
    class of its search (in the browser Spider 4 suits runs in the page's JavaScript engine,
    :mod:`games.solvers.spider_js`, unless ``js`` is false: then the Python search, as on the
    desktop)."""
    from games.registry import find_game
    from games.solvers import devils_grip, spider_js

    spider_js.ENABLED = js

    wasm = sys.platform == "emscripten"
    clock = time.perf_counter if wasm else time.process_time  # Pyodide's process_time stands still
    used = "wall" if wasm else "cpu"
    if wasm and wasm_clock == "cpu":
        node_cpu = _node_cpu_clock()
        if node_cpu is not None:
            clock, used = node_cpu, "cpu"
    # the budget is counted on the clock of the figures: CPU seconds natively, in Pyodide wall
    # seconds or the Node process's CPU seconds
    main_clock = _node_main_clock() if used == "cpu" and wasm else None

    def summary(each):
        times = sorted(t for t, _ in each)
        answers = {}
        for _, st in each:
            answers[st] = answers.get(st, 0) + 1
        return {"median": times[len(times) // 2] if times else 0.0, "worst": times[-1] if times else 0.0,
                "answers": answers, "positions": len(times)}

    res = {}
    frozen = False
    if wasm and not skip:
        warm_up()
    for name, game, options, depth, wait, goal in VARIANTS:
        if games and game not in games and name not in games:
            continue
        rules = find_game(game)
        if not rules.has_solver():
            continue
        each, to_hint, engines, main = [], [], set(), []
        states = positions(game, options, depth, count + held_out)
        warmed = warm_engine(states[0]) if wasm and not skip and js and name == "spider-4" else 0
        for s in states:
            if skip:
                each.append((0.0, "-"))
                to_hint.append(0.0)
                continue
            if wait == "best":  # the app's hint: its search, the node budget, the best line found,
                if not frozen:  # with the app's collector (app_collections)
                    gc.collect()
                    gc.freeze()
                    frozen = True
                t0 = clock()
                m0 = main_clock() if main_clock else 0.0
                # made as the app makes it: no time budget, so its own clock (read twice a step)
                # is the app's default, not the bench's (Node's CPU clock costs 7 us a read)
                search = devils_grip.hint_search(s, devils_grip.HINT_NODES)
                engines.add(type(search).__name__)
                r = app_collections(search)
                each.append((clock() - t0, r.status))
                if main_clock:
                    main.append(main_clock() - m0)
                to_hint.append(each[-1][0])
                if (g := _due()) >= 0:
                    gc.collect(g)
                continue
            t0 = clock()
            m0 = main_clock() if main_clock else 0.0
            search = rules.solver(s, timeout=budget, clock=clock)
            engines.add(type(search).__name__)
            # in slices, as the app runs it (the same answer as one run): the first time a hint
            # has a move to show is kept, an answer or a progress line (Klondike, Spider)
            t_hint = None
            while (r := search.step(HINT_STEP)) is None:
                if t_hint is None and search.progress_line() is not None:
                    t_hint = clock() - t0
            each.append((clock() - t0, r.status))
            if main_clock:
                main.append(main_clock() - m0)
            to_hint.append(t_hint if t_hint is not None else each[-1][0])
        res[name] = {**summary(each[:count]), "goal": goal, "wait": wait, "times": each,
                     "held": summary(each[count:]), "to_hint": to_hint, "engine": ",".join(sorted(engines))}
        if main:
            res[name]["main"] = main
        if warmed:
            res[name]["warmed"] = warmed
    if frozen:
        gc.unfreeze()
    res["python"] = sys.version.split()[0]
    res["clock"] = used
    return res


def run_wasm(games, count, budget, timeout=3600, wasm_clock="wall", held_out=0, js=True) -> dict:
    """:func:`measure` in Pyodide under Node. :raises RuntimeError: naming what failed."""
    node = shutil.which("node")
    if not node or not (NODE_SCRIPT.parent / "node_modules" / "pyodide").exists():
        raise RuntimeError("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)")
    args = json.dumps({"games": games, "count": count, "budget": budget, "wasm_clock": wasm_clock,
                       "held_out": held_out, "js": js})
    r = subprocess.run([node, str(NODE_SCRIPT), str(ROOT), str(Path(__file__).resolve()), "measure", args],
                       capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"Pyodide run failed: {r.stderr.strip()[-400:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/solvers.py", description=__doc__.split("\n")[0])
    p.add_argument("--games", default="", help="variants or games, comma-separated (default: all)")
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--held-out", type=int, default=40, help="positions after the first COUNT, reported apart")
    p.add_argument("--budget", type=float, default=2.0)
    p.add_argument("--no-wasm", action="store_true")
    p.add_argument("--no-native", action="store_true", help="Pyodide only (the native columns show '-')")
    p.add_argument("--slow", type=float, default=None,
                   help="list positions slower than this (s); default: each variant's goal")
    p.add_argument("--wasm-clock", choices=("wall", "cpu"), default="wall",
                   help="Pyodide's clock: wall seconds (default) or the Node process's CPU seconds")
    p.add_argument("--each", action="store_true", help="also list every position's seconds and answer")
    p.add_argument("--no-js", action="store_true",
                   help="in Pyodide, Spider 4 suits with the Python search (default: the page's JavaScript "
                        "engine, as the browser runs it)")
    a = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    games = [g for g in a.games.split(",") if g] or None
    native = measure(games, a.count, 0.0 if a.no_native else a.budget, held_out=a.held_out,
                     skip=a.no_native)
    wasm = None
    if not a.no_wasm:
        try:
            wasm = run_wasm(games, a.count, a.budget, wasm_clock=a.wasm_clock, held_out=a.held_out, js=not a.no_js)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"(WebAssembly skipped: {e})")
    names = [g for g in native if g not in ("python", "clock")]
    for part, title in (("", f"positions 1-{a.count}"),
                        ("held", f"held out, positions {a.count + 1}-{a.count + a.held_out}")):
        if part and not a.held_out:
            continue
        print(f"{title}:")
        print(f"{'variant':17} {'wait':6} {'goal':>5} {'native median':>14} {'worst':>7}   "
              f"{'wasm median':>12} {'worst':>7}  ratio  met  answers ({'wasm' if a.no_native else 'native'})")
        for game in names:
            n = native[game][part] if part else native[game]
            w = (wasm[game][part] if part else wasm[game]) if wasm and game in wasm else None
            ratio = f"{w['median'] / n['median']:5.1f}" if w and n["median"] > 0 else f"{'-':>5}"
            ws = f"{w['median']:12.3f} {w['worst']:7.3f}  {ratio}" if w else f"{'-':>12} {'-':>7}  {'-':>5}"
            goal = native[game]["goal"]
            met = "-" if w is None else ("yes" if w["worst"] <= goal else "NO")
            print(f"{game:17} {native[game]['wait']:6} {goal:5g} {n['median']:14.3f} {n['worst']:7.3f}   "
                  f"{ws}  {met:>3}  {w['answers'] if a.no_native and w else n['answers']}")
    for game in names:
        w = wasm.get(game) if wasm else None
        slow = a.slow if a.slow is not None else native[game]["goal"]
        over = []
        for i, (t, status) in enumerate(native[game]["times"]):
            wt = w["times"][i][0] if w and "times" in w else None
            if t > slow or (wt is not None and wt > slow):
                over.append(f"{i + 1} ({status}, {t:.3f}" + (f" / {wt:.3f}" if wt is not None else "") + ")")
        if over:
            print(f"  over {slow:g} s: {game} position " + ", ".join(over))
    for game in names:
        if wasm and wasm.get(game, {}).get("warmed"):
            print(f"  {game}: the page's JavaScript engine warmed first, untimed, as a 4-suit table does "
                  f"when it opens ({wasm[game]['warmed']} positions of position 1)")
    for game in names:  # the main thread's CPU alone (Pyodide with the CPU clock): an extra column
        m = wasm.get(game, {}).get("main") if wasm else None
        if not m:
            continue
        slow = a.slow if a.slow is not None else native[game]["goal"]
        parts = []
        for lo, hi, title in ((0, a.count, f"1-{a.count}"), (a.count, len(m), "held out")):
            if hi > lo:
                xs = sorted(m[lo:hi])
                parts.append(f"{title} median {xs[len(xs) // 2]:.3f} worst {xs[-1]:.3f}")
        over = [f"{i + 1} ({t:.3f} of {wasm[game]['times'][i][0]:.3f})" for i, t in enumerate(m) if t > slow]
        print(f"  main thread alone (WebAssembly, CPU s without V8's helper threads): {game} " + "; ".join(parts) +
              f"; over {slow:g} s: " + (", ".join(over) or "none"))
    if a.each:
        for game in names:
            w = wasm.get(game) if wasm else None
            print(f"  {game} each position (native" + (", WebAssembly" if w else "") + "): " + ", ".join(
                f"{i + 1} {st} {t:.3f}" + (f" / {w['times'][i][1]} {w['times'][i][0]:.3f}" if w else "")
                + (f" (main thread {w['main'][i]:.3f})" if w and w.get("main") else "")
                for i, (t, st) in enumerate(native[game]["times"])))
    print(f"to a hint move (an answer, or a progress line's first move: {', '.join(PROGRESS_LINES)}), "
          f"worst of positions 1-{a.count}, and of those held out:")
    for game in names:
        if game.split("-")[0] not in PROGRESS_LINES:
            continue
        n = native[game]["to_hint"]
        w = wasm[game]["to_hint"] if wasm and game in wasm else None
        held = f"{max(n[a.count:]):.3f}" if n[a.count:] else "-"
        print(f"  {game:17} native {max(n[:a.count]):.3f} (held out {held})" +
              (f", WebAssembly {max(w[:a.count]):.3f}" + (f" (held out {max(w[a.count:]):.3f})" if w[a.count:] else "")
               if w else "") +
              f"; over {HINT_GOAL:g} s: " +
              (", ".join(str(i + 1) for i in range(len(n)) if n[i] > HINT_GOAL or (w and w[i] > HINT_GOAL))
               or "none"))
    print(f"seconds (native: CPU; WebAssembly: {wasm.get('clock', 'wall') if wasm else '-'}) to an answer, "
          f"budget {a.budget:g} s (Devil's Grip: the app's hint, a node budget); "
          f"native Python {native['python']}" + (f", WebAssembly Python {wasm['python']}" if wasm else ""))
    if wasm:
        print("searches in WebAssembly: " + ", ".join(f"{g} {wasm[g]['engine']}" for g in names
                                                       if g in wasm and wasm[g].get("engine")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
