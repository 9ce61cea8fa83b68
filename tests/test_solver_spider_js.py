"""The 4-suit Spider search in JavaScript (games/solvers/spider_beam.js, driven by
games/solvers/spider_js.py) is the Python search (games/solvers/spider.py's SpiderBeam) node for
node: the same successor lists, and whole searches with the same answer, node count and line. The
JavaScript runs in Node (tests/web/js_bridge.mjs, through webenv.NodeBridge); skipped without
Node, failed under CI. In Pyodide the same search runs through Pyodide's own bridge
(test_the_browser_search_is_the_javascript_one_in_webassembly, PASYANS_WEB=1 or CI).
"""
from __future__ import annotations

import json
import random
import sys

import pytest

import webenv
from games.solvers import spider as sp
from games.solvers import spider_js
from games.solvers.search import SOLVED, UNKNOWN, replays_to_win
from games.spider import DEAL, Spider
from tests.test_spider import pos, run

sys.path.insert(0, str(webenv.ROOT / "bench"))
import solvers as bench  # noqa: E402

FOUR = {"suits": "4"}


@pytest.fixture(scope="module")
def node_bridge():
    bridge = webenv.NodeBridge(webenv.need_node())
    yield bridge
    bridge.close()


@pytest.fixture
def bridge(node_bridge):
    """The Node bridge as the solver's bridge (the desktop's solver then runs the JavaScript
    search, as the page's does), for one test."""
    spider_js.use_bridge(node_bridge)
    yield node_bridge
    spider_js.use_bridge(None)


def bench_positions(n: int) -> list:
    """Positions 1…n of ``bench/solvers.py``'s Spider 4-suit variant."""
    name, game, options, depth, _, _ = next(v for v in bench.VARIANTS if v[0] == "spider-4")
    return bench.positions(game, options, depth, n)


def hand_positions() -> dict:
    """Small positions for the rare branches: the fill before a deal (two or more empty columns,
    the stock left), a deal allowed onto empty columns (relaxed), a complete run buried under a
    card (every new column settled), and one the search exhausts."""
    return {
        "fill": pos(run("H", 13, 2), stock="AH"),
        "relaxed": pos(run("H", 13, 2), stock="AH", extra="Relaxed: yes"),
        "buried": pos(run("S", 13, 1) + " 5H", "6H", run("H", 13, 7), "4H 3H 2H AH"),
        "exhausted": pos("KH 5H 9H 2H", "QH 8H 4H JH", "TH 3H 7H 6H"),
    }


def python_search(state, max_nodes, beam=sp.ENGINE_BEAM):
    """The Python search with the beam's constants of the engine's search (by default)."""
    verify = lambda moves: replays_to_win(Spider, state, moves)  # noqa: E731
    return sp.SpiderBeam(sp._Problem(state), verify, max_nodes, beam=beam)


def js_search(state, max_nodes, bridge, beam=None):
    verify = lambda moves: replays_to_win(Spider, state, moves)  # noqa: E731
    return spider_js.SpiderBeamJS(state, verify, max_nodes, bridge=bridge, beam=beam)


def as_json(move, nxt, pr):
    """One successor as the engine's test call writes it: [move, [columns as card lists, sp] or
    None, priority]."""
    m = [move[0], move[1], move[2], [list(x) for x in move[3]]] if len(move) == 4 else list(move)
    return [m, None if nxt is None else [[list(c) for c in nxt[0]], nxt[1]], pr]


def test_the_successor_lists_are_the_python_ones(node_bridge):
    """Every state of random walks (from deals and from the bench's positions, moves among the
    three best by priority, so the walks reach empty columns and the empty stock) and every state
    of short solved searches (runs completed, deals made at once, the fill, a buried run): the
    engine's successors — moves, next states, priorities — its pruning flag and the work left
    equal the Python search's ``successors`` (with no visited set: the visited set is checked by
    the whole searches below)."""
    spider_js.loaded(node_bridge)
    seen = dict(states=0, macro=0, fill=0, to_empty=0, stock_out=0, deal_made=0, completed=0, buried=0)

    def compare(p, h, states):
        for st, depth in states:
            out = p.successors(st, depth)
            js = json.loads(node_bridge.ask("successors", f"{h} {depth} " + json.dumps(as_json(DEAL, st, 0)[1])))
            assert js["out"] == [as_json(*o) for o in out], (st, depth)
            assert (js["pruned"], js["work"]) == (p.pruned, p.last_work)
            seen["states"] += 1
            seen["stock_out"] += st[1] == p.n_deals
            seen["buried"] += p.buried
            for move, nxt, _ in out:
                if len(move) == 4:
                    seen["fill" if move[0] < 0 else "macro"] += 1
                elif move == DEAL:
                    seen["deal_made"] += nxt is not None
                else:
                    a, b, n = move
                    seen["to_empty"] += not st[0][b]
                    seen["completed"] += len(nxt[0][b]) < len(st[0][b]) + n

    def walk(state, rnd, steps):
        p = sp._Problem(state)
        st, depth = p.root, 0
        for _ in range(steps):
            out = p.successors(st, depth)
            if not out:
                return
            yield st, depth
            _, nxt, _ = rnd.choice(sorted(out, key=lambda o: o[2])[:3])
            nxt = nxt if nxt is not None else p.deal_state(st)
            depth = depth + 1 if nxt[1] == st[1] else 0
            st = nxt

    rnd = random.Random(24)
    starts = [Spider.deal(n, FOUR) for n in (1, 2, 3)] + bench_positions(4)
    for state in starts:
        compare(sp._Problem(state), node_bridge.ask("problem", spider_js.spec(state, None)), walk(state, rnd, 300))
    for state in [bench_positions(2)[1], *hand_positions().values()]:
        search = python_search(state, 6000)
        search.run()
        states = [(nd[2], nd[3] + 1) for nd in search._nodes if nd[2]]
        compare(sp._Problem(state), node_bridge.ask("problem", spider_js.spec(state, None)), states)
    # the branches the lists went through (a test that could pass by meeting none would prove little)
    assert seen["states"] > 4000 and all(seen.values()), seen


@pytest.mark.parametrize("which, max_nodes", [
    ("deal 1", 20_000), ("deal 2", 20_000), ("deal 3", 20_000),
    *((f"position {i}", 40_000) for i in range(1, 21)),
    ("position 7", 70_000), ("position 14", 80_000),
    *((name, 20_000) for name in hand_positions()),
])
def test_the_search_is_the_python_search(which, max_nodes, node_bridge):
    """The same answer (solved, unsolvable, unknown at the budget), the same node count and the
    same line; the line replayed by the rules; searched in slices (``step(20)``: 160 positions a
    call, spider_js.STEP_SCALE), the same again."""
    kind, _, arg = which.partition(" ")
    state = (Spider.deal(int(arg), FOUR) if kind == "deal" else bench_positions(int(arg))[-1]
             if kind == "position" else hand_positions()[kind])
    py = python_search(state, max_nodes).run()
    js = js_search(state, max_nodes, node_bridge).run()
    assert (js.status, js.nodes, js.moves) == (py.status, py.nodes, py.moves)
    if js.status == SOLVED:
        assert replays_to_win(Spider, state, js.moves)
    sliced = js_search(state, max_nodes, node_bridge)
    prev = 0
    while (r := sliced.step(20)) is None:
        assert sliced.nodes - prev >= 20 * spider_js.STEP_SCALE  # a step searches its share at least
        prev = sliced.nodes

    assert (r.status, r.nodes, r.moves) == (py.status, py.nodes, py.moves)


def test_the_search_is_the_python_search_with_other_constants(node_bridge):
    """The beam's constants cross to the engine (``BeamSet``: quotas, growth, the first pass's
    width, the quotas' growth): with the desktop's set and with one that changes every field (a
    search of its own: another node count), the same answer, node count and line as the Python
    search given that set."""
    state = bench_positions(3)[-1]
    counts = set()
    for beam in (sp.PYTHON_BEAM, sp.BeamSet(250, 800, 1.7, 3, 1.3)):
        py = python_search(state, 15_000, beam).run()
        js = js_search(state, 15_000, node_bridge, beam).run()
        assert (js.status, js.nodes, js.moves) == (py.status, py.nodes, py.moves)
        counts.add((py.status, py.nodes))
    assert len(counts) == 2


def test_the_progress_line_is_the_python_one(node_bridge):
    """A search stopped by its budget offers the same progress line (a hint's fallback)."""
    state = bench_positions(1)[0]
    py, js = python_search(state, 3000), js_search(state, 3000, node_bridge)
    lines = set()
    while True:  # slices of 200 nodes end at the same expansions in both
        a, b = py.step(200), js.step(200 // spider_js.STEP_SCALE)
        assert js.nodes == py.nodes and js.progress_line() == py.progress_line()
        lines.add(tuple(py.progress_line() or ()))
        if a or b:
            break
    assert a.status == b.status == UNKNOWN and len(lines) > 2


def test_the_solver_takes_the_engine_where_a_bridge_loads(bridge):
    """4 suits: the JavaScript search; 1 and 2 suits, and no bridge (the desktop): Python's."""
    state = bench_positions(3)[2]
    search = Spider.solver(state, max_nodes=30_000)
    assert isinstance(search, spider_js.SpiderBeamJS)
    assert search.run().moves == python_search(state, 30_000).run().moves
    assert isinstance(Spider.solver(Spider.deal(1, {"suits": "2"})), sp.SpiderPortfolio)
    assert isinstance(Spider.solver(Spider.deal(1, {"suits": "1"})), sp.SpiderSearch)
    search = Spider.solver(state, max_nodes=30_000)
    search.step(200)
    live = int(bridge.ask("live", ""))
    del search  # the engine frees its search
    assert int(bridge.ask("live", "")) == live - 1
    spider_js.use_bridge(None)
    assert isinstance(Spider.solver(state), sp.SpiderBeam)


class Failing:
    """A bridge around another that fails: its source does not load (``load``), a call throws
    after ``after`` calls of ``step`` (``step``), or the line it answers does not replay
    (``line``)."""

    def __init__(self, inner, how: str, after: int = 0):
        self.inner, self.how, self.after = inner, how, after

    def load(self, source):
        if self.how == "load":
            raise spider_js.JSError("SyntaxError: unexpected token")
        self.inner.load(source)

    def ask(self, name, arg):
        if name == "step" and self.how == "step":
            self.after -= 1
            if self.after < 0:
                raise spider_js.JSError("RangeError: out of memory")
        out = self.inner.ask(name, arg)
        if name == "step" and self.how == "line":
            r = json.loads(out)
            if r.get("line"):
                r["line"] = r["line"][1:]
            out = json.dumps(r)
        return out


@pytest.mark.parametrize("how", ["load", "step", "line"])
def test_a_failing_engine_leaves_the_python_search(how, node_bridge, capsys):
    """The source does not load: the Python search runs. A call throws mid-search: the Python
    search takes over afresh, with what is left of the budget. A line that does not replay is
    never shown: the search answers unknown (as the Python search's own check does)."""
    state = bench_positions(7)[-1]  # solved at 64 148 nodes
    spider_js.use_bridge(Failing(node_bridge, how, after=3))
    try:
        search = Spider.solver(state)
        r = search.run()
    finally:
        spider_js.use_bridge(None)
    err = capsys.readouterr().err
    py = python_search(state, None, sp.PYTHON_BEAM).run()  # the desktop's set: the fallback's
    if how == "load":
        assert isinstance(search, sp.SpiderBeam) and "not available" in err
        assert r.moves == py.moves
    elif how == "step":
        assert isinstance(search, spider_js.SpiderBeamJS) and "out of memory" in err
        assert r.status == SOLVED and r.moves == py.moves and r.nodes - py.nodes >= 3 * spider_js.CHUNK
    else:
        assert r.status == UNKNOWN and "does not replay" in err


def test_the_browser_search_is_the_javascript_one_in_webassembly():
    """In Pyodide (CPython in WebAssembly, under Node) the solver finds Pyodide's bridge, loads
    the engine from the file next to the module, and answers as the Python search does there."""
    webenv.need_web_run()
    webenv.need_node_modules()
    r = webenv.run_node("run_pyodide.mjs", str(webenv.ROOT), str(webenv.WEB_TESTS / "spider_js_probe.py"),
                        "compare", json.dumps({"positions": [Spider.format_position(s) for s in bench_positions(3)],
                                               "max_nodes": 20_000}))
    assert r.returncode == 0, r.stderr[-800:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["platform"] == "emscripten"
    assert out["engines"] == ["SpiderBeamJS"] * 3
    assert out["js"] == out["python"] and [r[0] for r in out["js"]] == [UNKNOWN, SOLVED, SOLVED]


def test_a_four_suit_table_warms_the_engine_in_its_spare_frames(bridge, monkeypatch, fake_clock):
    """A 4-suit Spider table, once its first picture is shown, has the engine run a throw-away
    search in slices in its frames' spare time (the page's JavaScript compiles the search before
    the first rescue the player waits for): the engine counts its positions as warmed, not as a
    search made, and the search is freed at its end. A 2-suit table warms nothing."""
    from conftest import new_app, run_until
    from ui.table.spider import SpiderTable

    monkeypatch.setattr(spider_js, "WARM_NODES", 3000)
    spider_js.loaded(bridge)
    made, warmed = int(bridge.ask("made", "")), int(bridge.ask("warmed", ""))
    two = SpiderTable(1, {"suits": "2"})
    app = new_app(two)
    run_until(app, lambda: two._shown and two.search_import.done, frames=3000)
    for _ in range(20):
        app.frame()
    assert two.warmup is None and int(bridge.ask("warmed", "")) == warmed
    sc = SpiderTable(1, {"suits": "4"})
    app = new_app(sc)
    run_until(app, lambda: sc.warmup is not None and sc.warmup.done, frames=3000)
    assert sc.warmup.searched >= 3000 and sc.warmup.calls >= 2
    assert int(bridge.ask("warmed", "")) - warmed == sc.warmup.searched
    assert int(bridge.ask("made", "")) == made and bridge.ask("live", "") == "0"


def test_a_warm_up_keeps_to_its_deadline_and_ends_on_a_search_asked_for(bridge, monkeypatch, fake_clock):
    """The warm-up makes no call once its deadline has passed and sizes a call from the last
    one's time a position; on a table, a hint asked for stops it (its search freed)."""
    from conftest import FakeClock, new_app, run_until
    from ui.table.spider import SpiderTable

    w = spider_js.Warmup(bench_positions(1)[0], bridge, nodes=50_000)
    clock = FakeClock(tick=0.001)   # each read of the clock 1 ms on: a call "takes" 1 ms
    w.step(clock() + 0.004, clock)   # evaluates the source (already in this bridge) and makes the search
    assert w.handle is not None and w.calls == 0
    w.step(clock() - 0.001, clock)
    assert w.calls == 0
    w.step(clock() + 0.010, clock)
    assert w.calls >= 2 and 0 < w.searched < 50_000 and w.size > spider_js.WARM_FIRST and not w.done
    w.stop()
    assert w.done and w.handle is None and bridge.ask("live", "") == "0"

    monkeypatch.setattr(spider_js, "WARM_NODES", 10**7)
    sc = SpiderTable(1, {"suits": "4"})
    app = new_app(sc)
    run_until(app, lambda: sc.warmup is not None and sc.warmup.calls >= 2, frames=3000)
    sc.hint()
    app.frame()
    assert sc.warmup.done and sc.warmup.handle is None and sc.warmup.searched < 10**7


def test_leaving_a_four_suit_table_frees_its_warm_up(bridge, monkeypatch, fake_clock):
    """A table left while its warm-up runs frees that search in the engine (the page keeps one
    engine: each table left kept one more search alive)."""
    from conftest import new_app, run_until
    from ui.scenes.home import HomeScene
    from ui.table.spider import SpiderTable

    import gc

    monkeypatch.setattr(spider_js, "WARM_NODES", 10**7)
    gc.collect()                      # searches of earlier tests freed
    live = int(bridge.ask("live", ""))
    sc = SpiderTable(1, {"suits": "4"})
    app = new_app(sc)
    run_until(app, lambda: sc.warmup is not None and sc.warmup.calls >= 2, frames=3000)
    assert int(bridge.ask("live", "")) == live + 1
    app.switch(HomeScene())
    assert sc.warmup.done and int(bridge.ask("live", "")) == live


def test_a_new_deal_of_fewer_suits_frees_the_warm_up(bridge, monkeypatch, fake_clock):
    """A 2-suit deal started on a 4-suit table whose warm-up runs frees that search."""
    import gc

    from conftest import new_app, run_until
    from ui.table.spider import SpiderTable

    monkeypatch.setattr(spider_js, "WARM_NODES", 10**7)
    gc.collect()
    live = int(bridge.ask("live", ""))
    sc = SpiderTable(1, {"suits": "4"})
    app = new_app(sc)
    run_until(app, lambda: sc.warmup is not None and sc.warmup.calls >= 2, frames=3000)
    sc.start(2, {"suits": "2"})
    for _ in range(3):
        app.frame()
    assert sc.warmup.done and int(bridge.ask("live", "")) == live
