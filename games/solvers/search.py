"""The search core shared by every solver: depth-first search over hashable states with a visited
set, under a budget of nodes and seconds, resumable in slices so the app can run it a few
milliseconds per frame with no thread (docs/design.md, "Long work without freezing a frame").

A solver sees every card, face-down ones included; the app says so wherever it shows a result.

Answers: ``solved`` with a move list that was replayed by the rules to a win,
``unsolvable`` when the whole reachable space was exhausted, ``unknown`` when the budget ran out.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core import Clock

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"

@dataclass
class Result:
    """A solver's answer: ``status``; ``moves`` (texts in the game's notation) when solved;
    ``nodes`` expanded; ``seconds`` of search."""

    status: str
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


LITTER: list = []
"""The big tables of searches that ended and of lanes that left (:func:`discard`), freed an entry
at a time in the steps that follow (:func:`sweep`): freed whole, a Klondike search's tables took
one step 5-10 ms natively under load (a search's end, a portfolio lane whose space ran dry, the
early sign's game of draw 3 once it answered), far past the frame's slice that step ran in (docs/solvers.md, "The hint's
slices within the frame")."""
LITTLE = 256
"""A table of this many entries or fewer is freed at once (:func:`discard`)."""
SWEEP_PER_NODE = 4
"""Entries of :data:`LITTER` a step of ``n`` nodes frees first (:meth:`Sliced.step`): ``4 n``.
Freeing an entry of a Klondike search's tables costs 0.25 µs natively on average, 1 µs at
most (a node 6-20 µs), so a step's share stays within a fifth of it and mostly a few percent,
and the litter goes faster than a search makes tables (an entry or two a node)."""


def discard(*tables) -> None:
    """Hand tables (dicts, lists, sets) that nobody will read again to :data:`LITTER`, to be
    freed a piece at a time by :func:`sweep`; one of :data:`LITTLE` entries or fewer is left to be
    freed at once. The caller drops its own references after (the table lives on in the litter
    until swept). A table still read by a search must never be discarded: the sweep empties it."""
    for t in tables:
        if t is not None and len(t) > LITTLE:
            LITTER.append(t)


def sweep(n: int | None = None) -> int:
    """Free up to ``n`` entries of :data:`LITTER` (``None``: all of it, at once), the table
    discarded last first; returns the entries freed (``n`` or fewer)."""
    if n is None:
        done = sum(len(t) for t in LITTER)
        LITTER.clear()
        return done
    done = 0
    while LITTER and done < n:
        t = LITTER[-1]
        k = min(len(t), n - done)
        pop = t.popitem if t.__class__ is dict else t.pop
        for _ in range(k):
            pop()
        done += k
        if not t:
            LITTER.pop()
    return done


class Sliced:
    """What every search here shares: a budget of seconds (``timeout``), counters (``nodes``,
    ``seconds``), the answer (``result``, ``None`` while searching), and slicing — :meth:`step`
    runs a subclass's ``_step(budget, t0)`` for a few thousand nodes and keeps the time, so the
    app can search a few milliseconds per frame with no thread; :meth:`run` searches to the end.
    """

    result: "Result | None"
    nodes: int
    seconds: float
    timeout: float | None
    clock: Clock = staticmethod(time.perf_counter)
    """What ``timeout`` and ``seconds`` are counted in (see :data:`Clock`); a search given a clock
    keeps it as an attribute of its own."""

    def _finish(self, status: str, moves: list[str] | None = None) -> Result:
        self.result = Result(status, moves or [], self.nodes, self.seconds)
        return self.result

    def best_moves(self) -> list[str] | None:
        """The moves to the best position found so far (searches that keep one: Devil's Grip's,
        the fewest cards left), or ``None`` for a search that keeps no best line."""
        return None

    def best_result(self) -> int | None:
        """The game's result at the best position found so far, for games whose result is a
        number of cards left (Devil's Grip: 0 is a win), or ``None`` for a search that keeps none.
        ``python -m games winnability`` prints it as `` best K`` (docs/contract.md)."""
        return None

    def progress_line(self) -> list[str] | None:
        """For a hint the search could not finish in time: moves (at least the first) of a line
        from the start to the best position it has met so far that its evaluation rates better
        than the start (searches that keep one: Klondike's, more cards face up or home; Spider's,
        more cards face up or put away), or ``None`` when none is better or the search keeps no
        such line."""
        return None

    def step(self, max_nodes: int = 2000) -> Result | None:
        """Expand about ``max_nodes`` more nodes; the :class:`Result` once the search is over,
        else ``None`` (call again)."""
        if self.result is not None:
            return self.result
        if LITTER:      # earlier searches' tables, a share at a time (outside this search's seconds)
            sweep(max_nodes * SWEEP_PER_NODE)
        t0 = self.clock()
        try:
            return self._step(max_nodes, t0)
        except AssertionError as e:
            # a solver's own check failed (a line that does not replay: a bug). Never a wrong
            # answer, never a crash of the app or the command line: the search ends ``unknown``
            # and the failure is written to stderr (the browser's console) to be reported.
            print(f"pasyans: solver check failed, answering unknown: {e}", file=sys.stderr)
            return self._finish(UNKNOWN)
        finally:
            self.seconds += self.clock() - t0
            if self.result is not None:
                self.result.seconds = self.seconds

    def _step(self, budget: int, t0: float) -> Result | None:
        raise NotImplementedError

    def run(self) -> Result:
        """Search to the end of the budget (the tables it discarded freed before it returns:
        :func:`sweep`)."""
        while True:
            r = self.step(1 << 30 if self.timeout is None else 4096)
            if r is not None:
                sweep()
                return r


class Answered(Sliced):
    """A search whose answer is known before it starts (a position a quick test proves lost):
    :meth:`step` gives ``status`` at once, with no node searched."""

    def __init__(self, status: str):
        self.nodes, self.seconds, self.timeout = 0, 0.0, None
        self.result = None
        self._status = status

    def _step(self, budget: int, t0: float) -> Result | None:
        return self._finish(self._status)


class Search(Sliced):
    """Depth-first search from ``start``.

    :param successors: ``state -> iterable of (move, next_state)``, best first.
    :param won: ``state -> bool``.
    :param key: ``state -> hashable`` identifying states that lead to the same outcome (default:
        the state itself).
    :param fmt: ``(state, move) -> str``, the move's text.
    :param verify: ``(start, moves texts) -> bool``, replays a solution by the rules; a solution
        that fails it is a bug: :class:`AssertionError`, which :meth:`Sliced.step` turns into
        ``unknown`` and a line on stderr.
    :param max_nodes: node budget (``None``: unlimited); :param timeout: seconds (``None``: none)
        read on ``clock`` (:data:`Clock`, wall time by default).
    """

    def __init__(self, start: Any, successors: Callable[[Any], Iterable[tuple[Any, Any]]],
                 won: Callable[[Any], bool], fmt: Callable[[Any, Any], str],
                 key: Callable[[Any], Hashable] | None = None,
                 verify: Callable[[Any, list[str]], bool] | None = None,
                 max_nodes: int | None = None, timeout: float | None = None,
                 clock: Clock = time.perf_counter):
        self.start, self.successors, self.won, self.fmt = start, successors, won, fmt
        self.clock = clock
        self.key = key or (lambda s: s)
        self.verify = verify
        self.max_nodes, self.timeout = max_nodes, timeout
        self.nodes = 0
        self.seconds = 0.0
        self.result: Result | None = None
        self.seen: set = {self.key(start)}
        # the DFS stack: (state, iterator of successors, move that led here)
        self._stack: list[tuple[Any, Any, Any]] = [(start, iter(successors(start)), None)]
        if won(start):
            self.result = Result(SOLVED, [], 0, 0.0)

    def _step(self, budget: int, t0: float) -> Result | None:
        stack, seen, key, won, succ = self._stack, self.seen, self.key, self.won, self.successors
        limit = self.max_nodes
        timeout = self.timeout
        while stack:
            if budget <= 0:
                return None
            state, it, _ = stack[-1]
            for move, nxt in it:
                k = key(nxt)
                if k in seen:
                    continue
                seen.add(k)
                budget -= 1
                self.nodes += 1
                if won(nxt):
                    moves = [self.fmt(s, m) for s, m in self._states_and_moves(move)]
                    if self.verify is not None and not self.verify(self.start, moves):
                        raise AssertionError(f"solver found a solution that does not replay: {moves}")
                    return self._finish(SOLVED, moves)
                stack.append((nxt, iter(succ(nxt)), move))
                break
            else:
                stack.pop()
            if limit is not None and self.nodes >= limit:
                return self._finish(UNKNOWN)
            if timeout is not None and (self.nodes & 127) == 0 and \
                    self.seconds + self.clock() - t0 > timeout:
                return self._finish(UNKNOWN)
        return self._finish(UNSOLVABLE)

    def _states_and_moves(self, last_move):
        """Pairs ``(state before, move)`` along the current path plus the final move."""
        out = []
        stack = self._stack
        for i in range(1, len(stack)):
            out.append((stack[i - 1][0], stack[i][2]))
        out.append((stack[-1][0], last_move))
        return out


class Wrapped(Sliced):
    """A search that goes on from another one (``inner``, sliced with it): its counters, clock,
    budget of seconds and its progress and best lines are the inner search's, the answer is the
    subclass's (:meth:`_step`)."""

    def __init__(self, inner: Sliced):
        self.inner = inner
        self.result = None
        self.seconds = 0.0
        self.clock = getattr(inner, "clock", time.perf_counter)

    @property
    def nodes(self) -> int:
        return self.inner.nodes

    @property
    def timeout(self) -> float | None:
        return self.inner.timeout

    def best_moves(self) -> list[str] | None:
        return self.inner.best_moves()

    def best_result(self) -> int | None:
        return self.inner.best_result()

    def progress_line(self) -> list[str] | None:
        return self.inner.progress_line()


class LoopFree(Wrapped):
    """A hint's search (:meth:`games.core.Rules.hint_search`) whose winning line comes with its
    rounds back to a place it had been at cut out (:meth:`games.core.Rules.without_loops`), in
    the same slices as the search: once ``search`` answers solved, each step replays moves of the
    line worth its budget of nodes (:attr:`MOVE_NODES`), so no frame pays for a whole line's replay (2-12 ms
    natively for 100-250 moves, 2-3 times that in WebAssembly). Any other answer, the progress
    and best lines and the node count are ``search``'s own.

    :param rules: the game's :class:`games.core.Rules` class; ``state``: where ``search`` starts."""

    MOVE_NODES = 8
    """A move replayed counts as this many nodes of a step's budget: its parsing, rules check and
    place cost several nodes of a search (natively 10-40 µs against 2-5), so that a step sized
    for nodes is not several times longer as a replay."""

    def __init__(self, rules, state, search: Sliced):
        super().__init__(search)
        self.rules, self.state = rules, state
        self._cut = None

    def _step(self, budget: int, t0: float) -> Result | None:
        if self._cut is None:
            r = self.inner.step(budget)
            if r is None:
                return None
            if r.status != SOLVED or not r.moves:
                return self._finish(r.status, list(r.moves))
            self._cut = self.rules.cut_loops(self.state, list(r.moves))
            return None      # this step's budget went to the search: the replay starts next step
        for _ in range(max(budget // self.MOVE_NODES, 1)):
            try:
                next(self._cut)
            except StopIteration as done:
                return self._finish(SOLVED, done.value)
        return None


class ThenSearch(Wrapped):
    """A search (``first``) and, when it ends ``unknown``, the one ``then(first's result)`` makes
    (``None``: none, the ``unknown`` stands), in the same slices: Spider's pruned search, then
    every legal move while budget is left (:meth:`games.spider.Spider.full_search`). Nodes count
    both; the progress and best lines are the first search's."""

    def __init__(self, first: Sliced, then: Callable[[Result], "Sliced | None"]):
        super().__init__(first)
        self.then = then
        self.second: Sliced | None = None

    @property
    def nodes(self) -> int:
        return self.inner.nodes + (self.second.nodes if self.second is not None else 0)

    def _step(self, budget: int, t0: float) -> Result | None:
        if self.second is None:
            r = self.inner.step(budget)
            if r is None:
                return None
            if r.status == UNKNOWN:
                self.second = self.then(r)
            if self.second is None:
                return self._finish(r.status, list(r.moves))
            return None
        r = self.second.step(budget)
        return None if r is None else self._finish(r.status, list(r.moves))


def replays_to_win(rules, start, moves: list[str]) -> bool:
    """Whether ``moves`` (texts) are legal from ``start`` one after another and end in a win."""
    from ..core import GameError

    s = start
    try:
        for m in moves:
            s = rules.apply(s, rules.parse_move(s, m))
    except GameError:
        return False
    return rules.status(s) == "won"
