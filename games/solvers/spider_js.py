"""The 4-suit Spider search run by the page's JavaScript engine, in the browser.

:class:`games.solvers.spider.SpiderBeam` is the same search in ``spider_beam.js`` (next to this
file, packed into the web bundle with it): the same successors in the same order, the same
priorities, heap and candidate order and visited set, so the same positions are searched and the
same line is found at the same node count (``tests/test_solver_spider_js.py`` proves it against
the Python search). In the browser the Python search runs as CPython compiled to WebAssembly,
about 14 µs a position; the page's JavaScript engine (a JIT) runs it several times faster, which a
2 s rescue needs (docs/solvers.md, Spider, "Session 24").

**The bridge** (:func:`find_bridge`): pygbag's ``platform.window`` (the page's ``window``), or under
Pyodide its ``js`` module (the page's ``globalThis``; Node's under ``tests/web/run_pyodide.mjs``).
Only strings cross it, through one JavaScript function, ``pasyansSpider.ask(name, argument)`` →
string (the way ``ui/storage.py`` uses ``localStorage``); the source is evaluated once with
``window.eval``. The desktop has no bridge and keeps the Python search.

**Trust**: every line the engine answers is replayed by the rules (``verify``, as the Python
search does) before it is reported, and a progress line is checked move by move; the engine
failing to load gives ``None`` (:func:`js_search`: the caller uses the Python search), and an
engine error during the search hands the search over to the Python one (afresh, with what is left
of the budget), the error written to stderr.
"""
from __future__ import annotations

import json
import sys
import time
import weakref
from pathlib import Path

from ..core import Clock, GameError
from ..spider import Spider, SpiderState
from .search import SOLVED, UNKNOWN, Sliced

SOURCE = Path(__file__).with_name("spider_beam.js")
"""The engine's source, evaluated in the page once (:class:`WindowBridge`)."""

CHUNK = 4096
"""Positions the engine searches in one call at most: :meth:`SpiderBeamJS.step` reads the clock
between calls (a timeout is overrun by one call at most: about 10 ms of search)."""

STEP_SCALE = 8
"""``step(n)`` searches about ``n × STEP_SCALE`` positions (up to :data:`CHUNK` a call). The app
sizes its steps for the Python search (``ui/table/base.py``'s ``HINT_STEP`` = 100 nodes, the
assistant's ``NODES_STEP`` = 200), whose position costs about 14 µs in Pyodide; the engine's costs
about 1.5–2 µs, and one call across the bridge about 70 µs in Pyodide, a third of a 100-position
step. The answer does not depend on the slicing (the search is resumable: tested), and the node
budget ``max_nodes`` is kept exactly; the app's hint sizes its next step from the time the last
one took, so its slices still end in time."""

ENABLED = True
"""Whether :func:`js_search` may use the engine (``bench/solvers.py --no-js`` turns it off to time
the Python search beside it)."""

_bridge = None  # the bridge found (or set by use_bridge); False: looked, none
_loaded = weakref.WeakSet()  # the bridges the source was evaluated in


class JSError(Exception):
    """The engine failed: its source did not load, or a call threw (the message says which)."""


class WindowBridge:
    """The page's JavaScript through ``window`` (pygbag's ``platform.window``, Pyodide's ``js``):
    :meth:`load` evaluates a source, :meth:`ask` calls ``pasyansSpider.ask(name, arg)``."""

    def __init__(self, window):
        self.window = window
        self._ask = None  # pasyansSpider.ask, looked up once the source is loaded (a proxy a call otherwise)

    def load(self, source: str) -> None:
        """Evaluate ``source`` in the page's global scope. :raises JSError: it threw or did not
        define ``pasyansSpider``."""
        try:
            self.window.eval(source)
            self._ask = self.window.pasyansSpider.ask
            self.ask("live", "")
        except JSError:
            raise
        except Exception as e:
            raise JSError(f"the engine did not load: {e}") from None

    def ask(self, name: str, arg: str) -> str:
        """``pasyansSpider.ask(name, arg)`` as a string. :raises JSError: the call threw."""
        try:
            ask = self._ask if self._ask is not None else self.window.pasyansSpider.ask
            out = str(ask(name, arg))
        except Exception as e:
            raise JSError(f"{name}: {e}") from None
        if out.startswith("!error"):
            raise JSError(f"{name}: {out[7:]}")
        return out


def use_bridge(bridge) -> None:
    """Use ``bridge`` (an object with ``load(source)`` and ``ask(name, arg) -> str``, as
    :class:`WindowBridge`) from now on, or look again with ``None`` (the tests run the engine in
    Node this way on the desktop)."""
    global _bridge
    _bridge = bridge


def find_bridge():
    """The page's JavaScript as a :class:`WindowBridge` (or the one :func:`use_bridge` set), or
    ``None``: not in a browser (``sys.platform`` is not ``emscripten``) or no way to the page."""
    global _bridge
    if _bridge is None:
        _bridge = False
        if sys.platform == "emscripten":
            import platform

            window = getattr(platform, "window", None)  # pygbag's bridge to the page
            if window is None:
                try:
                    import js  # Pyodide's: the page's globalThis (Node's under Node)

                    window = js
                except ImportError:
                    window = None
            if window is not None:
                _bridge = WindowBridge(window)
    return _bridge or None


def loaded(bridge) -> None:
    """Evaluate the engine's source in ``bridge`` unless it was. :raises JSError: it failed."""
    if bridge not in _loaded:
        bridge.load(SOURCE.read_text(encoding="utf-8"))
        _loaded.add(bridge)


def spec(state: SpiderState, max_nodes: int | None, warm: bool = False, beam=None) -> str:
    """The engine's input as JSON: the compact start of :class:`games.solvers.spider._Problem`
    (columns as card bytes, settled; the stock in deals), its rule and move switches, lane 0's
    weights in SCALE units, the beam's constants (``beam``, a
    :class:`games.solvers.spider.BeamSet`; default :data:`games.solvers.spider.ENGINE_BEAM`) and the
    node budget (``null``: none); ``warm`` marks a warm-up search (:class:`Warmup`: the engine
    counts its positions apart)."""
    from . import spider as sp

    p = sp._Problem(state)
    b = sp.ENGINE_BEAM if beam is None else beam
    return json.dumps({
        "columns": [list(c) for c in p.root[0]], "deals": [[int(c) for c in d] for d in p.deals],
        "relaxed": bool(p.relaxed), "macros": bool(p.macros), "split_to_empty": bool(p.split_to_empty),
        "weights": list(p.iweights), "quotas": [b.quota, b.quota_last], "beam_grow": b.grow,
        "width": b.width, "quota_grow": b.quota_grow,
        "keep": sp.KEEP, "max_nodes": max_nodes, "warm": warm})


def drop(bridge, handle) -> None:
    """Free the engine's search ``handle`` (``None``: nothing); an engine that fails to is let be
    (the page's memory, not a move, is at stake)."""
    if handle is None:
        return
    try:
        bridge.ask("drop", handle)
    except JSError:
        pass


def legal(state: SpiderState, moves: list[str]) -> bool:
    """Whether ``moves`` (texts) are legal one after another from ``state`` by the rules."""
    s = state
    try:
        for m in moves:
            s = Spider.apply(s, Spider.parse_move(s, m))
    except GameError:
        return False
    return True


class SpiderBeamJS(Sliced):
    """:class:`games.solvers.spider.SpiderBeam` run by the JavaScript engine; resumable in slices
    (:meth:`step` / :meth:`run` / ``result``, as :class:`games.solvers.search.Sliced`), with its
    progress line (:meth:`progress_line`).

    :param state: the position (4 suits); :param verify: ``moves -> bool``, the rules' replay;
    :param max_nodes: budget of positions generated (``None``: unlimited); :param timeout: seconds,
    read on ``clock`` between the engine's calls (:data:`CHUNK`); :param bridge: the page's
    JavaScript (:func:`find_bridge`); :param beam: the beam's constants (a
    :class:`games.solvers.spider.BeamSet`; default :data:`games.solvers.spider.ENGINE_BEAM`).
    :raises JSError: the engine did not load or start. ``step(n)`` searches about ``n ×``
    :data:`STEP_SCALE` positions.
    """

    def __init__(self, state: SpiderState, verify, max_nodes: int | None = None,
                 timeout: float | None = None, clock: Clock = time.perf_counter, bridge=None,
                 beam=None):
        self.state, self.verify = state, verify
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.bridge = bridge if bridge is not None else find_bridge()
        self.nodes = 0
        self.seconds = 0.0
        self.result = None
        self.fallback = None  # the Python search, once the engine failed
        self._progress = -1  # the index of the progress line's position in the engine, -1: none
        self._line = (-1, None)  # (index, moves) of the progress line fetched last
        loaded(self.bridge)
        self.handle = None
        self.handle = self.bridge.ask("make", spec(state, max_nodes, beam=beam))

    def _step(self, budget: int, t0: float):
        if self.fallback is not None:
            return self._delegate(budget)
        budget *= STEP_SCALE
        while True:
            if budget <= 0:
                return None
            chunk = min(budget, CHUNK)
            try:
                r = json.loads(self.bridge.ask("step", f"{self.handle} {chunk}"))
            except (JSError, ValueError) as e:
                return self._fail(e, max(budget // STEP_SCALE, 1))
            budget -= chunk
            self.nodes = r["nodes"]
            self._progress = r["progress"]
            if r["status"] is not None:
                moves = r.get("line") or []
                if r["status"] == SOLVED and not self.verify(moves):
                    raise AssertionError(f"solver found a solution that does not replay: {moves}")
                return self._end(r["status"], moves)
            if self.timeout is not None and self.seconds + self.clock() - t0 > self.timeout:
                return self._end(UNKNOWN, [])

    def _end(self, status: str, moves: list[str]):
        """Keep the progress line, free the engine's search, and answer."""
        self.progress_line()
        self._drop()
        return self._finish(status, moves)

    def _fail(self, error: Exception, budget: int):
        """The engine failed mid-search: the Python search takes over, afresh, with what is left
        of the budgets."""
        from .spider import SpiderBeam, _Problem

        print(f"pasyans: the JavaScript search failed, the Python search goes on: {error}", file=sys.stderr)
        self._drop()
        left = None if self.max_nodes is None else max(self.max_nodes - self.nodes, 1)
        timeout = None if self.timeout is None else max(self.timeout - self.seconds, 0.0)
        self.fallback = SpiderBeam(_Problem(self.state), self.verify, left, timeout, self.clock)
        self.base_nodes = self.nodes
        return self._delegate(budget)

    def _delegate(self, budget: int):
        r = self.fallback.step(budget)
        self.nodes = self.base_nodes + self.fallback.nodes
        if r is not None:
            return self._finish(r.status, r.moves)
        return None

    def progress_line(self) -> list[str] | None:
        """The moves to the expanded position with the least work left, as
        :meth:`games.solvers.spider._Lines.progress_line` gives them (checked move by move by the
        rules), or ``None``."""
        if self.fallback is not None:
            return self.fallback.progress_line()
        j = self._progress
        if j < 0:
            return None
        if self._line[0] != j and self.handle is not None:
            try:
                moves = json.loads(self.bridge.ask("line", f"{self.handle} {j}"))
            except (JSError, ValueError):
                moves = None
            if moves is not None and not legal(self.state, moves):
                print(f"pasyans: the JavaScript search's progress line is not legal: {moves}", file=sys.stderr)
                moves = None
            self._line = (j, moves)
        return self._line[1]

    def _drop(self) -> None:
        """Free the engine's search."""
        h, self.handle = self.handle, None
        drop(self.bridge, h)

    def __del__(self):
        try:
            self._drop()
        except Exception:
            pass


WARM_NODES = 100_000
"""Positions a :class:`Warmup` searches: enough that the page's JavaScript engine (V8) has
compiled the search's hot code with its optimizing compiler, whose first searches otherwise run
about twice as slow as later ones (docs/solvers.md, Spider, "Session 26")."""

WARM_FIRST = 32
"""Positions in a warm-up's first call: the engine's code is not compiled yet (interpreted, about
20-50 µs a position), so the first calls are small, the next sized from the last one's time."""


WARM_CHUNK = 1024
"""Positions in one warm-up call at most. A call's cost is not always its size times the last
one's cost a position (a level's end, an array that grows, a garbage collection): in Node, calls
sized for 4 ms of up to 4 096 positions took up to 12.8-15.5 ms of the main thread's CPU, sized
for 3 ms of up to 1 024 up to 9.4-10.3 ms (docs/solvers.md, Spider, "Session 26")."""


class Warmup:
    """A throw-away search by the engine in the frames' spare time, when a 4-suit Spider table
    opens (``ui/table/spider.py``), so that the page's JavaScript engine compiles the search before
    a rescue or a hint the player waits for: a page's first 4-suit search otherwise pays for the
    compiling (position 1 of ``bench/solvers.py``, 245 621 positions, 0.80-0.86 CPU s in Node as a
    process's first search, 0.27-0.39 s once warm). Its answer is dropped; the engine counts its
    positions apart (``warmed``), not as a search made.

    :param state: the position searched (the table's, 4 suits); :param bridge: the page's
    JavaScript (:func:`find_bridge`; none, as on the desktop, or a source that does not load: the
    warm-up is ``done`` at once); :param nodes: positions to search (default :data:`WARM_NODES`).
    :meth:`step` runs calls until a deadline, each sized so that it ends before it.
    """

    def __init__(self, state: SpiderState, bridge=None, nodes: int | None = None):
        self.state, self.nodes = state, WARM_NODES if nodes is None else nodes
        self.bridge = bridge if bridge is not None else (find_bridge() if ENABLED else None)
        self.handle = None
        self.done = self.bridge is None
        self.searched = 0        # positions searched so far
        self.calls = 0           # calls of the engine's step so far
        self.size = WARM_FIRST   # positions in the next call
        self.rate = None         # seconds a position, over the last call

    def step(self, deadline: float, clock: Clock = time.perf_counter) -> None:
        """Search in calls until ``deadline`` (seconds on ``clock``): the first call's size is
        :data:`WARM_FIRST` positions, each next one's half the time left over the last call's cost
        a position (at most twice the last size, and :data:`WARM_CHUNK`), so that none is expected
        to end after the deadline even when a position costs twice the last call's. The first step
        only evaluates the engine's source, the next sets the search up. Never raises: an engine
        error ends the warm-up (``done``)."""
        if self.done:
            return
        try:
            if self.bridge not in _loaded:
                loaded(self.bridge)
                return   # the source's evaluation took this frame's piece
            if self.handle is None:
                self.handle = self.bridge.ask("make", spec(self.state, self.nodes, warm=True))
                return   # and the search's set-up the next's
            while not self.done:
                left = deadline - clock()
                # half the time left at the last call's rate: a position costs more as the beam's
                # levels grow and while the engine compiles, and a call cannot be cut short
                n = self.size if self.rate is None else \
                    min(int(left / (2 * self.rate)), 2 * self.size, WARM_CHUNK)
                if n < 1 or left <= 0:
                    return
                t0 = clock()
                r = json.loads(self.bridge.ask("step", f"{self.handle} {n}"))
                took = clock() - t0
                self.calls += 1
                self.size, self.rate = n, max(took, 1e-6) / n
                self.searched = r["nodes"]
                if r["status"] is not None:
                    self.stop()
        except (JSError, ValueError, KeyError, TypeError):
            self.stop()

    def stop(self) -> None:
        """End the warm-up: its search freed in the engine."""
        self.done = True
        h, self.handle = self.handle, None
        drop(self.bridge, h)


def js_search(state: SpiderState, verify, max_nodes: int | None = None, timeout: float | None = None,
              clock: Clock = time.perf_counter) -> SpiderBeamJS | None:
    """The engine's search when there is a bridge (:func:`find_bridge`) and it loads, else
    ``None`` (the failure written to stderr): the caller then runs the Python search."""
    if not ENABLED:
        return None
    bridge = find_bridge()
    if bridge is None:
        return None
    try:
        return SpiderBeamJS(state, verify, max_nodes, timeout, clock, bridge)
    except JSError as e:
        print(f"pasyans: the JavaScript search is not available, the Python search runs: {e}", file=sys.stderr)
        return None
