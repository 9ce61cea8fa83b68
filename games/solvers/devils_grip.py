"""Devil's Grip solver: depth-first branch and bound on a compact, place-free state.

Sees the face-down stock (as every solver here does). One search answers both questions of the
game: *can it be won* (``solved`` / ``unsolvable`` / ``unknown``, :class:`DGSearch`) and *what is
the fewest cards left* (stock + talon, the Bicycle result) within the budget
(:func:`best_line`). A win is a result of 0, so the search is a branch and bound on the result:
it keeps the best line found and cuts every position whose lower bound cannot beat it.

**The compact state** ``(grid, p, talon)``. ``S0`` = the start's talon (bottom to top) followed
by its stock (next card first) is a fixed order: turns and refills take cards from its front, so
the stock is always ``S0[p:]`` and the talon is the set of ``S0`` indices turned and not yet
played, a bit mask whose highest bit is the top. Swaps change no merge, no talon play and no
refill (the author's note in :mod:`games.devils_grip`; a refill goes to whichever cell a merge
emptied), so the search leaves swaps out and the grid is a *multiset* of stacks: ``bytes`` of
sorted stack codes ``bottom_card * 4 + (length - 1)`` (a stack is a run of one chain, so its
bottom and length give every card; codes < 256). The state is its own visited-set key, so all
placements of the same stacks share one entry. The sorting swaps are added to a won line at the
end, and the abstract moves are mapped back to cells by replaying them on the real position.

**Safe pruning** (none of it loses a better result):

1. *Dead talon cards.* A talon card ``x`` can only ever leave onto a stack topped by ``x - 3``
   (same suit). It is dead for good when it starts its chain (2, 3, 4 go on nothing) or when no
   copy of ``x - 3`` can ever be a stack top while ``x`` is the talon top: each copy is covered
   on the grid (stacks only grow, so covered stays covered) or lies below ``x`` in the talon.
   The talon is one pass and last-in first-out, so a dead card and every card below it stay to
   the end: their number is a lower bound of the result, which never decreases along a line.
   A position whose bound is not below the best result found is cut (for a win: any dead card).
2. *No merges once the stock is empty.* A merge then refills nothing and only covers a stack
   top, so it can never let a talon card play; the result only changes by talon plays, and which
   of two equal tops takes a card changes nothing either: the end is played straight.
4. *The last free copy.* When the talon top ``x`` fits one stack only and the other copy of
   ``x - 3`` is already covered (by the other ``x``: only an ``x`` goes on an ``x - 3``), nothing
   but this ``x`` can ever go on that top: playing it at once loses nothing (it only uncovers
   the talon and makes ``x`` a top sooner), so it is the only move searched.
5. *A hole with cards in the stock* (a what-if position only) is refilled first, by a swap:
   every move refills it anyway and the multiset of stacks comes out the same.
6. *No merge after the stock's last chain starter* (win search only). A merge refills a cell;
   the card refilled after the last starter is not a starter, so it stays the bottom of its stack
   until a merge of its own moves it, which refills another such card (or, once the stock is
   empty, leaves a hole: 23 stacks cannot hold 96 cards). So no such line wins.

**Move order** (best first): talon plays (they lower the result and spend no stock card), merges
that complete a stack of 4, other merges (longer results first), then the turn — first when the
three cards it turns can all play at once. The win search *plans the refills*: the stock's order
is known, and a stock card that every window of three holding it shares with a chain starter can
only be refilled by a merge (``next_forced``); while the next such card is a multiple of three
away, the turn goes first (it keeps that card in step for the merges a win needs there, and saves
the merges in hand, which no other move takes away: a stack's bottom and the top it goes on stay
so until that very merge or the other copy of the card uses them).

**Phases** (:class:`DGSearch`): first, for a win, two small beams keeping only positions with
no dead talon card (widths 5 and 15) and *the probe* — the win search trying only the first merge
of each position (merges commute, so most choices among them are moot): cheap, and between them
they find most wins that are found at all, but running out proves nothing (the probe pauses at
:data:`PROBE_NODES` for the beam and goes on after it); then a beam for a good best result (the
hint), ranking each layer by twice the talon cards plus the dead bound less the merges in hand;
then *the win search*
— the same depth-first search with every merge, cutting every position with a dead talon card,
far smaller than the branch and bound, so it often runs out and proves that no line wins — then
the branch and bound on the cards left. A budget of seconds only (the command line) stops at the
proof and has no best-result beam (:func:`solver`). The app's hint runs :func:`hint_search`: the
same phases, its best-result beam planned for the whole node budget (up to :data:`HINT_WIDTH`
states a layer).

The answers: ``solved`` with the moves (the sorting swaps included) replayed by the rules to a
win; ``unsolvable`` once the win search ran out (no line wins; :attr:`DGSearch.exact` tells
whether the branch and bound also ran out, which proves the best result found is the optimum);
``unknown`` at the end of the budget otherwise.
"""
from __future__ import annotations

import re
import time
from bisect import insort
from collections.abc import Hashable
from operator import itemgetter

from ..core import Clock
from ..devils_grip import (
    COLS, MERGE, N_CELLS, STACK_MAX, SWAP, TALON, TURN_COUNT, TURN_MOVE, DevilsGrip,
    DevilsGripState, Move, chain_of,
)
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Result, Search, replays_to_win

# abstract moves: ("t", target code) | ("m", moved code, target code) | ("s",) | ("r",)
A_TURN = ("s",)
A_REFILL = ("r",)
BEAM_WIDTH = 100
"""States kept per layer by the best-result beam (0: none); fewer under a node budget too small for
it to reach the end of the stock (:meth:`_Problem.beam`)."""
WIN_BEAMS = (5, 15)
"""Widths of the beams that keep only positions with no dead talon card, run before the probes."""
PROBE = (1,)
"""The probes that open the win search, in turn: each tries only this many merges a position
(``()``: no probe)."""
PROBE_NODES = 6000
"""The node count at which the probe pauses for the best-result beam when the beam waits for it
(it goes on after the beam, where it was; then the win search proper). The win beams and the
probe find the win at the start of every banked deal but #420 within 1 000–5 200 nodes
(docs/solvers.md, Devil's Grip)."""
HINT_NODES = 28_000
"""Nodes of the app's hint search (:func:`hint_search`; its answer is the best line found within
them, and the table's wall-clock limit may end it sooner): the win beams and the probe (up to
:data:`PROBE_NODES`), then the best-result beam, planned to end within the rest (at most
:data:`HINT_WIDTH` states a layer), then whatever is left for the rest of the probe, the win search
and the branch and bound. The fewest nodes measured to give lines as good as the 40 000 nodes of
the earlier search on the daily bank's deals, whose beams draw the whole stock (docs/solvers.md,
Devil's Grip, "Session 8")."""
HINT_WIDTH = 200
"""The widest layer of the hint's best-result beam. The beam is planned to use the nodes the
probes leave, so on a mid-game position, where :data:`BEAM_WIDTH` states a layer reach the end of
the stock in 12 000-18 000 nodes, it keeps more states a layer instead of leaving the rest to the
depth-first phases, whose nodes cost about twice a beam node and seldom find a better line there
(docs/solvers.md, Devil's Grip, "Session 9"). A deal's start (72 stock cards) narrows it below
100 anyway."""


def code_of(stack: tuple) -> int:
    """The code of a non-empty stack: ``bottom * 4 + len - 1``."""
    return stack[0] * 4 + len(stack) - 1


def top_of(code: int) -> int:
    """The top card of the stack with code ``code``."""
    return (code >> 2) + 3 * (code & 3)


_TOP = tuple(top_of(c) for c in range(256))
"""``top_of`` of every code, for the inner loops."""
_TOP_CODES = tuple(tuple(c for c in range(256) if _TOP[c] == y) for y in range(64))
"""For each card, the codes of the stacks it tops."""
_BYTE = tuple(bytes((c,)) for c in range(256))
_PLAY = tuple(("t", c) for c in range(256))
"""The abstract move playing the talon's top onto the stack with each code."""
_TOPS = bytes(_TOP)
"""``_TOP`` as a ``bytes.translate`` table."""
_GOES_ON = bytes((c >> 2) - 3 if (c >> 2) & 15 > 4 else 255 for c in range(256))
"""For each code, the top card its stack may go on (its bottom card - 3; 255: none, a chain
starter), as a ``bytes.translate`` table."""
_ALIKE = re.compile(rb"(.)\1", re.DOTALL).search
"""``_ALIKE(grid)`` is not ``None`` when two stacks have the same code (in a sorted grid they lie
side by side): one regular-expression search, cheaper in WebAssembly than a set of the codes."""


_RANK = itemgetter(0)
"""A beam entry's rank (its first item)."""
_KEY_A = tuple((a << 8) - ((a & 3) << 16) for a in range(256))
_KEY_B = tuple(b - ((b & 3) << 16) + (6 << 16) for b in range(256))
"""A merge of the stack with code ``a`` onto the one with code ``b`` sorts by ``_KEY_A[a] +
_KEY_B[b]``, that is ``(8 - merged length) << 16 | a << 8 | b``: longer results first (a complete
stack of 4 is the longest), then by codes, so two merges never tie."""


class _Problem:
    """The fixed facts of one search: ``S0`` and where each card's copies lie in it."""

    def __init__(self, s: DevilsGripState):
        self.start = s
        self.s0 = tuple(s.talon) + tuple(s.stock)
        self.n = len(self.s0)
        self.p0 = len(s.talon)
        idx: dict[int, list[int]] = {}
        for i, c in enumerate(self.s0):
            idx.setdefault(c, []).append(i)
        self.where = {c: tuple(v) for c, v in idx.items()}
        self.rank_ok = tuple(c and (c & 15) > 4 for c in range(64))  # may go on a card
        starts = [i for i, c in enumerate(self.s0) if not self.rank_ok[c]]
        self.last_start = starts[-1] if starts else -1
        """The last chain starter of ``S0`` (-1: none): a win refills no card after it (pruning 6)."""
        n = self.n
        forced = [all(any(not self.rank_ok[self.s0[j]] for j in range(t, min(t + TURN_COUNT, n)))
                      for t in range(max(0, q - TURN_COUNT + 1), q + 1)) for q in range(n)]
        nxt = [n] * (n + 1)
        for q in range(n - 1, -1, -1):
            nxt[q] = q if forced[q] else nxt[q + 1]
        self.next_forced = tuple(nxt)
        """For each stock index ``q``, the first index ``>= q`` that no turn can take (every window
        of three stock cards holding it holds a chain starter): a merge must refill it (``n``:
        none). The win search's move order plans the refills by it."""
        self.restrict = 0
        """When > 0, the win search tries only this many merges a position (the probe)."""
        self.wmask = tuple(sum(1 << j for j in self.where.get(c, ())) for c in range(64))
        """For each card, the bit mask of its copies' indices in ``S0``."""
        self.turn_bits = tuple(sum(1 << i for i in range(q, min(q + TURN_COUNT, n))) for q in range(n))
        """For each stock index ``q``, the talon bits a turn there sets."""
        self.turn_end = tuple(min(q + TURN_COUNT, n) for q in range(n))
        """For each stock index ``q``, the stock index after a turn there."""
        self.turn_first = tuple(self.s0[e - 1] - 3 if self.rank_ok[self.s0[e - 1]] else 255
                                for e in self.turn_end)
        """For each stock index ``q``, what the card a turn there puts on top of the talon goes on
        (255: nothing); unless it is a stack's top, the turned cards cannot all play at once."""
        self.turn_tests = tuple(self._turn_tests(q) for q in range(n))
        """For each stock index ``q``, the dead test of each card a turn there takes, highest first:
        ``(index, y, short)`` — dead when fewer than ``short`` grid stacks have ``y`` on top (its
        ``x - 3``; 255 for a chain starter, which no stack has on top); what :meth:`_dead` counts in the stock and talon is
        fixed by ``q`` alone, the talon above such a card being the turn's own cards."""
        self.turn_lower = tuple(tuple((j, self.s0[j] - 3 if self.rank_ok[self.s0[j]] else 255)
                                      for i in range(q, min(q + TURN_COUNT, n))
                                      for j in self.where[self.s0[i]] if j < q) for q in range(n))
        """For each stock index ``q``, the indices below ``q`` of other copies of the cards a turn
        there takes (their dead test changes when they are in the talon), each with the card it
        goes on (255: none)."""
        self.turn = tuple((self.turn_end[q], self.turn_bits[q], self.turn_tests[q], self.turn_lower[q],
                           self.turn_first[q], (self.next_forced[q] - q) % TURN_COUNT == 0) for q in range(n))
        """For each stock index ``q``, what :meth:`successors` reads of a turn there, in one tuple:
        ``turn_end``, ``turn_bits``, ``turn_tests``, ``turn_lower``, ``turn_first`` and whether the
        next forced refill is a multiple of three away (``next_forced``)."""
        self.where_below = tuple(self.where.get(x - 3, ()) if x >= 3 else () for x in range(64))
        """For each card ``x``, the indices in ``S0`` of the copies of ``x - 3`` (what it goes on)."""
        copies = [0] * 64
        for c in self.s0:
            copies[c] += 1
        for st in s.grid:
            for c in st:
                copies[c] += 1
        self.copies = tuple(copies)
        """How many copies of each card the position holds (2 in a full deal; a what-if may hold
        fewer)."""

        grid = bytes(sorted(code_of(st) for st in s.grid if st))
        self.holes = len(grid) < N_CELLS
        """Whether the start has an empty cell (a what-if): else no node has one (every move
        that empties a cell refills it, and none is made once the stock is empty)."""
        tm = (1 << self.p0) - 1
        # a node: (grid, stock index, talon mask, lower bound, cards left in stock + talon)
        self.root = (grid, self.p0, tm, self._bound(grid, self.p0, tm, range(self.p0)), n)

    def _turn_tests(self, q: int) -> tuple:
        """``turn_tests[q]`` (see ``__init__``): :meth:`_dead`'s counts for the cards of a turn at
        ``q``, all but the grid's."""
        e = min(q + TURN_COUNT, self.n)
        tm = sum(1 << i for i in range(q, e))
        out = []
        for i in range(e - 1, q - 1, -1):
            x = self.s0[i]
            if not self.rank_ok[x]:
                out.append((i, 255, 1))  # 255: no stack has it on top
                continue
            need = 2 if (tm & self.wmask[x]) >> (i + 1) else 1
            have = sum(1 for j in self.where.get(x - 3, ()) if j >= e or (j > i and (tm >> j) & 1))
            if have < need:
                out.append((i, x - 3, need - have))
        return tuple(out)

    # -- lower bound ------------------------------------------------------------------------------
    def _dead(self, grid: bytes, p: int, tm: int, i: int) -> bool:
        """Whether talon card ``S0[i]`` can never leave the talon (pruning 1). Each copy of ``x``
        that must leave the talon no later than this one (it and any copy above it) needs its own
        copy of ``x - 3`` (a copy, once covered, is covered by that ``x`` for good), one that can be
        a top before the talon below ``i`` opens: a grid top, a stock card or a talon card above
        ``i``. Fewer such copies than such ``x``: dead."""
        x = self.s0[i]
        if not self.rank_ok[x]:
            return True
        need = 2 if (tm & self.wmask[x]) >> (i + 1) else 1
        y = x - 3
        have = 0
        for j in self.where.get(y, ()):
            if j >= p or (j > i and (tm >> j) & 1):
                have += 1
        if have < need:
            for c in _TOP_CODES[y]:  # the stacks whose top is y
                have += grid.count(c)
        return have < need

    def _bound(self, grid: bytes, p: int, tm: int, check, lb: int = 0) -> int:
        """The lower bound after checking the talon indices ``check`` (``lb``: the bound so far,
        as the number of cards at and below the highest dead talon card)."""
        hi = -1
        for i in check:
            if i > hi and (tm >> i) & 1 and self._dead(grid, p, tm, i):
                hi = i
        if hi < 0:
            return lb
        return max(lb, (tm & ((2 << hi) - 1)).bit_count())

    def _dead_with(self, tops_y: int, p: int, tm: int, i: int) -> bool:
        """:meth:`_dead` of talon card ``S0[i]`` given ``tops_y``, how many grid stacks have its
        ``x - 3`` on top (the caller knows it without the grid)."""
        x = self.s0[i]
        if not self.rank_ok[x]:
            return True
        need = 2 if (tm & self.wmask[x]) >> (i + 1) else 1
        have = tops_y
        for j in self.where_below[x]:
            if j >= p or (j > i and (tm >> j) & 1):
                have += 1
        return have < need

    # -- moves ------------------------------------------------------------------------------------
    def successors(self, node, best: int):
        """``(abstract move, child)`` pairs, best first, leaving out children whose bound is not
        below ``best``: a generator, which makes a merge's child only when it is asked for (a
        depth-first search visits few of them before it turns back or its budget ends)."""
        grid, p, tm, lb, c = node
        s0, n = self.s0, self.n
        if self.holes and len(grid) < N_CELLS and p < n:  # a what-if hole: refill first (pruning 3)
            g = list(grid)
            while len(g) < N_CELLS and p < n:
                g.append(s0[p] * 4)
                p += 1
                c -= 1
            g.sort()
            yield A_REFILL, (bytes(g), p, tm, lb, c)
            return
        tops = grid.translate(_TOPS)  # each stack's top card
        if tm:
            t = tm.bit_length() - 1
            x = s0[t]
            y = x - 3
            if x >= 3 and y in tops:
                ntm = tm ^ (1 << t)
                other = ntm & self.wmask[x]  # the other copy of x in the talon (lower)
                k = tops.count(y)
                if k == 1:  # one stack has y on top
                    b = grid[tops.index(y)]  # b becomes b + 1: the grid stays sorted
                    nlb = lb  # the top was not dead: the cards at and below a dead one stay
                    if other:
                        j = other.bit_length() - 1
                        if self._dead_with(0, p, ntm, j):
                            nlb = (ntm & ((2 << j) - 1)).bit_count()
                            if nlb < lb:
                                nlb = lb
                    if nlb < best:  # (b is the only stack topped by y: its code is in the grid once)
                        yield _PLAY[b], (grid.replace(_BYTE[b], _BYTE[b + 1]), p, ntm, nlb, c - 1)
                    if p >= n:
                        return  # pruning 2
                    # pruning 4: the other y neither in the stock nor the talon nor a top: covered
                    if self.copies[y] == 2:
                        for j in self.where_below[x]:
                            if j >= p or (tm >> j) & 1:
                                break
                        else:
                            return
                else:
                    nlb = lb
                    if other:
                        j = other.bit_length() - 1
                        if self._dead_with(k - 1, p, ntm, j):
                            nlb = (ntm & ((2 << j) - 1)).bit_count()
                            if nlb < lb:
                                nlb = lb
                    for b in _TOP_CODES[y]:
                        if b not in grid:
                            continue
                        i = grid.rindex(b)
                        if nlb < best:
                            yield _PLAY[b], (grid[:i] + _BYTE[b + 1] + grid[i + 1:], p, ntm, nlb, c - 1)
                        if p >= n:
                            return  # pruning 2: one play is as good as another
        if p >= n:
            return
        merges = []
        restrict = self.restrict if best <= 1 else 0  # read now: a paused probe changes it
        if best > 1 or p <= self.last_start:
            # the cards that are both a stack's top and what another stack's bottom goes on
            goes = grid.translate(_GOES_ON)
            # (those of goes not deleted by deleting the ones no stack has on top: sorted, as the
            # grid is, a card twice when two stacks go on it; two translations, no set)
            common = goes.translate(None, goes.translate(None, tops))
            if common:
                r = s0[p]  # the refill
                p1 = p + 1
                wmask = self.wmask
                last = -1
                for y in common:
                    if y == last:  # the same card again: its merges are made below at once
                        continue
                    last = y
                    x = y + 3
                    nlb = lb
                    cop = tm & wmask[x]  # copies of x in the talon: their dead test changes
                    if cop:
                        ky = tops.count(y) - 1 + (r == y)  # stacks topped by y after the merge
                        hi = -1
                        for i in self.where[x]:
                            if (cop >> i) & 1 and self._dead_with(ky, p1, tm, i):
                                hi = i
                        if hi >= 0:
                            nlb = (tm & ((2 << hi) - 1)).bit_count()
                            if nlb < lb:
                                nlb = lb
                    if nlb >= best:
                        continue
                    # the stacks whose bottom goes on y (the grid is sorted: they are side by
                    # side) and the stacks topped by y; at most two of each (two copies a card)
                    ja = goes.index(y)
                    ib = tops.index(y)
                    a = grid[ja]
                    b = grid[ib]
                    merges.append((_KEY_A[a] + _KEY_B[b], nlb, ja, ib))
                    ib2 = tops.find(y, ib + 1)
                    if ib2 > 0 and grid[ib2] != b:
                        merges.append((_KEY_A[a] + _KEY_B[grid[ib2]], nlb, ja, ib2))
                    ja2 = ja + 1
                    if ja2 < N_CELLS and goes[ja2] == y and grid[ja2] != a:
                        a = grid[ja2]
                        merges.append((_KEY_A[a] + _KEY_B[b], nlb, ja2, ib))
                        if ib2 > 0 and grid[ib2] != b:
                            merges.append((_KEY_A[a] + _KEY_B[grid[ib2]], nlb, ja2, ib2))
                if merges:
                    merges.sort()  # completing a stack, then longer, first (the keys differ)
        # the turn (the grid is full here)
        q, bits, tests, lower, first, in_step = self.turn[p]
        ntm = tm | bits
        hi = -1  # the highest dead talon card after the turn (as _bound over the cards it changes)
        for i, y, short in tests:  # (an operator is cheaper than a method call in WebAssembly)
            if (y not in tops) if short == 1 else tops.count(y) < short:
                hi = i
                break
        else:
            for j, y in lower:  # a lower copy now has one more copy above it to share with
                if j > hi and (tm >> j) & 1 and self._dead_with(tops.count(y), q, ntm, j):
                    hi = j
        nlb = lb
        if hi >= 0:
            nlb = (ntm & ((2 << hi) - 1)).bit_count()
            if nlb < lb:
                nlb = lb
        turn = (A_TURN, (grid, q, ntm, nlb, c)) if nlb < best else None  # stock to talon: as many left
        if turn is not None and nlb == lb and first in tops and self._turn_plays_all(tops, p, q):
            yield turn
            turn = None
        elif turn is not None and best <= 1 and in_step:
            yield turn  # the win search: turns keep the next forced refill in step
            turn = None
        if merges:
            r4 = s0[p] * 4  # the refill's code
            p1 = p + 1
            if restrict:
                del merges[restrict:]
            for key, nlb, ja, ib in merges:
                a = grid[ja]
                b = grid[ib]
                m = b + (a & 3) + 1  # the merged stack: b's bottom, a's cards on top
                g = bytearray(grid)
                g[ib] = m  # in order unless the other copy of b's bottom lies between (a lies above)
                if ib + 1 < N_CELLS and g[ib + 1] < m:
                    g = bytearray(sorted(g))
                    ja = g.index(a)
                del g[ja]
                insort(g, r4)  # the refill
                yield ("m", a, b), (bytes(g), p1, tm, nlb, c - 1)
        if turn is not None:
            yield turn

    def _turn_plays_all(self, tops: bytes, p: int, q: int) -> bool:
        """Whether the turned cards, top first, could each go onto a current top (or the card
        played before it); ``tops``: each stack's top card."""
        avail: dict[int, int] = {}
        for i in range(q - 1, p - 1, -1):
            x = self.s0[i]
            y = x - 3
            k = avail[y] if y in avail else (tops.count(y) if y >= 0 else 0)
            if k <= 0:
                return False
            avail[y] = k - 1
            avail[x] = (avail[x] if x in avail else tops.count(x)) + 1
        return True

    def mobility(self, grid: bytes) -> int:
        """How many stacks could move onto another now (distinct codes): the merges in hand.
        (:meth:`beam` has this inlined.)"""
        # what each stack goes on, less those no stack has on top (deleted: the tops); two stacks
        # alike (the same code, side by side in the sorted grid) count once
        goes = grid.translate(_GOES_ON) if _ALIKE(grid) is None else bytes(set(grid)).translate(_GOES_ON)
        return len(goes) - len(goes.translate(None, grid.translate(_TOPS)))

    def beam(self, width: int, search: "DGSearch", win: bool = False, first: bool = False):
        """Beam search by stock cards drawn (``p``): each layer keeps its ``width`` best states;
        talon plays stay within a layer. Updates ``search.best`` / ``search._best_path``; a
        generator yielding the nodes expanded since the last yield, returning a won abstract line
        or ``None``.

        The best-result beam ranks a state by ``2 * talon cards + dead bound - merges in hand``
        (then fewer talon cards): a merge in hand is a refill to come, which draws a stock card
        without a turn; against talon cards + dead bound, then merges in hand, it leaves fewer
        cards (docs/solvers.md). Under a node budget (``search.max_nodes``) a layer keeps fewer
        than ``width`` states when the nodes left, spread over the layers left at what a state
        has cost so far, would not reach the end of the stock (a line that stops early leaves
        its stock). ``win``: keep only positions with no dead talon card (the cut of the win
        search), ranked by talon cards + dead bound, then most merges in hand, at full width;
        ``first``: that ranking and full width too, for the best result (the daily bank's beam)."""
        root = self.root
        n, succ, alike = self.n, self.successors, _ALIKE
        # each layer by stock cards drawn: state key -> (rank, state, move to it, path to its parent)
        layers: list = [{} for _ in range(n + 1)]
        mob: dict[bytes, int] = {}  # each grid's merges in hand
        layers[root[1]][root[:3]] = (0, root, None, None)
        done = 0
        spent = expanded = 0  # nodes made (before the last yield) and states expanded by this beam
        limit = None if win or first else search.max_nodes
        refills = not (win or first)
        best = search.best
        for p in range(root[1], n + 1):
            layer = layers[p]
            layers[p] = None
            if not layer:
                continue
            w = width
            if limit is not None and expanded:
                # a node budget: the nodes left, spread over the layers left, narrow the beam so
                # that it reaches the end of the stock (a line to the end) within the budget
                left_nodes = limit - search.nodes - done
                w = max(1, min(width, int(left_nodes * expanded / ((spent + done) * (n - p + 1)))))
            items = sorted(layer.values(), key=_RANK)[:w]
            queue = [(e[1], (e[2], e[3]) if e[2] is not None else None) for e in items]
            seen_here = set(layer) if len(layer) <= w else {e[1][:3] for e in items}
            while queue:
                node, path = queue.pop()
                expanded += 1
                for mv, nxt in succ(node, 1 if win else best):
                    done += 1
                    grid, q, tm, lb, c = nxt  # c: cards left
                    t = c - n + q  # talon cards
                    if c < best:
                        if c == 0 and self.won(nxt):
                            return _unlink((mv, path))
                        best = search.best = c
                        search._best_path = _unlink((mv, path))
                    k = nxt[:3]
                    if q == p:
                        if k not in seen_here:
                            seen_here.add(k)
                            queue.append((nxt, (mv, path)))
                        continue
                    lay = layers[q]
                    if k not in lay:
                        if grid in mob:  # a turn keeps its grid, and grids recur
                            m = mob[grid]
                        else:  # self.mobility(grid), inlined
                            goes = grid.translate(_GOES_ON) if alike(grid) is None else \
                                bytes(set(grid)).translate(_GOES_ON)
                            m = mob[grid] = len(goes) - len(goes.translate(None, grid.translate(_TOPS)))
                        # the rank as one number (t < 128, m < 64): smaller first
                        lay[k] = ((2 * t + lb - m) * 128 + t if refills else (t + lb) * 128 + 64 - m,
                                  nxt, mv, path)
                if done >= 256:
                    spent += done
                    yield done
                    done = 0
        yield done
        return None

    def left(self, node) -> int:
        """Cards left in stock + talon at ``node`` (the result if play stopped there)."""
        return self.n - node[1] + node[2].bit_count()

    def won(self, node) -> bool:
        """All cards on the grid in 24 complete stacks (the swaps settle the rows)."""
        grid = node[0]
        return (self.left(node) == 0 and len(grid) == N_CELLS
                and all((c & 3) == 3 and 2 <= ((c >> 2) & 15) <= 4 for c in grid))

    # -- back to real moves -----------------------------------------------------------------------
    def real_line(self, amoves: list, finish: bool) -> list[Move]:
        """The real moves of the abstract line ``amoves`` from the start (and, when ``finish``,
        the swaps that sort the stacks into their rows)."""
        s = self.start
        out = []
        for am in amoves:
            g = s.grid
            if am[0] == "s":
                m = TURN_MOVE
            elif am[0] == "r":
                a = next(i for i in range(N_CELLS) if g[i])
                b = next(i for i in range(N_CELLS) if not g[i])
                m = Move(SWAP, min(a, b), max(a, b))
            elif am[0] == "t":
                m = Move(TALON, -1, _find(g, am[1]))
            else:
                i = _find(g, am[1])
                m = Move(MERGE, i, _find(g, am[2], i))
            out.append(m)
            s = DevilsGrip._apply(s, m)
        if finish:
            out.extend(sort_swaps(s.grid))
        return out


def _unlink(path) -> list:
    out = []
    while path is not None:
        out.append(path[0])
        path = path[1]
    out.reverse()
    return out


def _find(grid: tuple, code: int, other: int = -1) -> int:
    for i, st in enumerate(grid):
        if st and i != other and code_of(st) == code:
            return i
    raise AssertionError(f"no stack with code {code}")


def sort_swaps(grid: tuple) -> list[Move]:
    """Swaps that put every stack into the row of its chain (bottom card's chain), fewest
    where a swap settles both cells; ``grid`` must hold 8 stacks of each chain."""
    g = list(grid)
    out = []
    row = [i // COLS for i in range(N_CELLS)]
    for i in range(N_CELLS):
        if chain_of(g[i][0]) == row[i]:
            continue
        want = row[i]
        cands = [j for j in range(i + 1, N_CELLS) if g[j] and chain_of(g[j][0]) == want
                 and chain_of(g[j][0]) != row[j]]
        both = [j for j in cands if chain_of(g[i][0]) == row[j]]
        j = (both or cands)[0]
        g[i], g[j] = g[j], g[i]
        out.append(Move(SWAP, i, j))
    return out


class DGSearch(Search):
    """Resumable in slices like :class:`Search` (``step(n)``, ``run()``), keeping the best line
    found, in three phases over :class:`_Problem`'s compact states:

    1. a beam (``beam_width`` states a layer, 0: none), for a good best result (the hint); with
       ``probes_first`` (the default) it waits for the beams and the probe of phase 2, the probe
       pausing at :data:`PROBE_NODES` for it and going on after it (a win at the start of a
       banked deal comes in a few thousand nodes, before the beam's tens of thousands);
    2. *the win search* (``win_first``): first the beams of widths ``win_beams`` and the probes
       (``probe``: depth first trying only that many merges a position), which find wins cheaply
       but prove nothing; then depth first with every move, cutting every position with a dead
       talon card (bound ≥ 1) — far smaller than phase 3's tree, so it often runs out, which
       proves that no line wins (``unsolvable``) while phase 3 may go on for the exact best;
    3. branch and bound on the cards left (cut: bound ≥ best found), unless ``settle`` is false:
       then the search ends at the proof of phase 2.

    ``first_beam``: the search the daily bank was made with (``tools/make_grip_daily.py``): the
    beam of phase 1 comes first, ranks by talon cards + dead bound then merges in hand, and keeps
    its width whatever the budget (:meth:`_Problem.beam`).

    Besides :attr:`result` it has :attr:`best` (fewest cards left in stock + talon reached so far),
    :attr:`no_win` (phase 2 ran out: proved that no line wins), :attr:`exact` (phase 3 ran out:
    ``best`` is the optimum) and :meth:`best_moves` (the real moves reaching it, texts of
    docs/contract.md). The status is ``solved`` (a replayed win), ``unsolvable`` as soon as
    :attr:`no_win` holds and the budget ends (or phase 3 runs out, or at once without ``settle``),
    else ``unknown``.
    """

    def __init__(self, state: DevilsGripState, max_nodes: int | None = None, timeout: float | None = None,
                 beam_width: int = BEAM_WIDTH, win_first: bool = True, probe: tuple = PROBE,
                 win_beams: tuple = WIN_BEAMS, settle: bool = True, clock: Clock = time.perf_counter,
                 probes_first: bool = True, first_beam: bool = False):
        self.problem = p = _Problem(state)
        super().__init__(p.root, lambda _n: (), p.won, lambda s, m: str(m), key=_key,
                         verify=lambda _s, moves: replays_to_win(DevilsGrip, state, moves),
                         max_nodes=max_nodes, timeout=timeout, clock=clock)
        self.best = p.left(p.root)
        self._best_path: list = []
        self._stack = [(p.root, None, None)]  # (state, its moves, the move to it): see _step
        if first_beam:
            probes_first = False
        main = [p.beam(beam_width, self, first=first_beam)] if beam_width > 0 else []
        self._beams = ([] if probes_first and win_first else main) + \
            ([p.beam(w, self, win=True) for w in win_beams] if win_first else [])
        self._main_beam = main if probes_first and win_first else []
        self._win_phase = win_first
        self._probes = list(probe) if win_first else []
        p.restrict = 0
        self._dfs_started = False
        self._paused = 0  # the probe's ``restrict`` while the main beam interrupts it
        self._settle = settle
        self.no_win = False
        self.exact = False
        if self.result is not None:  # won at the start (sorted or not): only swaps
            self._solved([])

    def _cut(self) -> int:
        """Positions whose bound is at least this are cut: 1 in the win search, else ``best``."""
        return 1 if self._win_phase else self.best

    def _out_of_budget(self) -> Result:
        return self._finish(UNSOLVABLE if self.no_win else UNKNOWN)

    def _solved(self, amoves: list) -> Result:
        self.best, self._best_path = 0, list(amoves)
        moves = [str(m) for m in self.problem.real_line(amoves, True)]
        if self.verify is not None and not self.verify(self.start, moves):
            raise AssertionError(f"solver found a solution that does not replay: {moves}")
        return self._finish(SOLVED, moves)

    def best_result(self) -> int:
        """The fewest cards left in stock and talon found so far (0: won)."""
        return self.best

    def best_moves(self) -> list[str]:
        """The real moves from the start to the best position found (no sorting swaps unless
        won)."""
        if self.result is not None and self.result.status == SOLVED:
            return list(self.result.moves)
        return [str(m) for m in self.problem.real_line(self._best_path, False)]

    def _path(self, last) -> list:
        return [e[2] for e in self._stack[1:]] + [last]

    def _step(self, budget: int, t0: float) -> Result | None:
        while self._beams:  # phase 1: the beams, for a good bound (and a win) soon
            if budget <= 0:
                return None
            try:
                k = next(self._beams[0])
            except StopIteration as e:
                self._beams.pop(0)
                if e.value is not None:
                    return self._solved(e.value)
                continue
            budget -= k
            self.nodes += k
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                return self._out_of_budget()
            if self.timeout is not None and self.seconds + self.clock() - t0 > self.timeout:
                return self._out_of_budget()
        if not self._dfs_started:
            self._dfs_started = True
            prob = self.problem
            prob.restrict = self._probes.pop(0) if self._probes else 0
            # the root's moves (made as they are asked for; the win search's cut is fixed, so a
            # main beam run first changes nothing of them)
            self._stack[0] = (prob.root, prob.successors(prob.root, self._cut()), None)
            if not prob.restrict and self._main_beam:  # no probe: the main beam now
                self._beams, self._main_beam = self._main_beam, []
                return None
        elif self._paused:  # the probe the main beam interrupted goes on where it was
            self.problem.restrict, self._paused = self._paused, 0
        return self._dfs(budget, t0)

    def _dfs(self, budget: int, t0: float) -> Result | None:
        """Phases 2 and 3 (the same depth-first search, cut at :meth:`_cut`)."""
        stack, seen, prob = self._stack, self.seen, self.problem
        limit, timeout = self.max_nodes, self.timeout
        succ, won, n = prob.successors, prob.won, prob.n
        cut = self._cut()
        probe_end = PROBE_NODES if prob.restrict and self._main_beam else 1 << 62
        never = 1 << 62
        nodes = self.nodes
        best = self.best
        end = nodes + budget  # this slice's end
        # the next node count at which a budget, the clock or the probe's share is looked at
        check = min(never if limit is None else limit, probe_end,
                    never if timeout is None else (nodes | 127) + 1)
        while True:
            while stack:
                if nodes >= end:
                    self.nodes = nodes
                    return None
                state, it, move = stack[-1]
                for mv, nxt in it:
                    if nxt[3] >= cut:  # the bound may have tightened since the list was made
                        continue
                    k = nxt[:3]
                    if k in seen:
                        continue
                    seen.add(k)
                    nodes += 1
                    c = nxt[4]  # cards left
                    if c < best:
                        if c == 0 and won(nxt):
                            self.nodes = nodes
                            return self._solved(self._path(mv))
                        best = self.best = c
                        self._best_path = self._path(mv)
                        cut = self._cut()
                    # its moves, made as they are asked for (the cut is the same then: an
                    # expansion follows each push, and the win search's cut is fixed)
                    stack.append((nxt, succ(nxt, cut), mv))
                    break
                else:
                    stack.pop()
                if nodes >= check:
                    self.nodes = nodes
                    if limit is not None and nodes >= limit:
                        return self._out_of_budget()
                    if timeout is not None and (nodes & 127) == 0 and \
                            self.seconds + self.clock() - t0 > timeout:
                        return self._out_of_budget()
                    if nodes >= probe_end:  # the probes' share is spent: the main beam now,
                        self._paused, prob.restrict = prob.restrict, 0  # then the probe goes on
                        self._beams, self._main_beam = self._main_beam, []
                        return None
                    check = min(never if limit is None else limit, probe_end,
                                never if timeout is None else (nodes | 127) + 1)
            self.nodes = nodes
            if prob.restrict:
                # a probe ran out (that proves nothing): the next, else the whole win search
                prob.restrict = self._probes.pop(0) if self._probes else 0
                if not prob.restrict and self._main_beam:
                    self._beams, self._main_beam = self._main_beam, []
                    self._dfs_started = True
                    stack.append((prob.root, prob.successors(prob.root, self._cut()), None))
                    seen.clear()
                    seen.add(_key(prob.root))
                    return None
            elif not self._win_phase:
                self.exact = True
                return self._finish(UNSOLVABLE)
            else:
                # the win search ran out: no line wins; phase 3 from the start for the exact best
                self._win_phase = False
                self.no_win = True
                if self.best <= 1:  # nothing below 1 but a win, which is now proved impossible
                    self.exact = True
                    return self._finish(UNSOLVABLE)
                if not self._settle:
                    return self._finish(UNSOLVABLE)
            stack.append((prob.root, prob.successors(prob.root, self._cut()), None))
            seen.clear()
            seen.add(_key(prob.root))
            cut = self._cut()


def _key(node) -> Hashable:
    return node[:3]


def solver(state: DevilsGripState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter, first_beam: bool = False) -> DGSearch:
    """A resumable search from ``state`` (sees the stock): ``solved`` / ``unsolvable`` /
    ``unknown`` as :class:`DGSearch` describes; its ``best`` and ``best_moves()`` give the
    fewest cards left found.

    A budget of seconds only (``timeout`` without ``max_nodes``: ``python -m games solve`` and
    ``winnability``) asks only whether the deal can be won: no beam, and the search ends as soon
    as it proves that no line wins (``best`` is then the fewest found on the way, not settled).
    A node budget (the app's hint, live line and rescue) or none at all also settles the best.
    ``first_beam``: the earlier phase order and beam (:class:`DGSearch`)."""
    if max_nodes is None and timeout is not None:
        return DGSearch(state, None, timeout, beam_width=0, settle=False, clock=clock, first_beam=first_beam)
    return DGSearch(state, max_nodes, timeout, clock=clock, first_beam=first_beam)


def hint_search(state: DevilsGripState, max_nodes: int = HINT_NODES,
                clock: Clock = time.perf_counter) -> DGSearch:
    """The app's hint search from ``state``: :class:`DGSearch` within ``max_nodes`` nodes with a
    best-result beam up to :data:`HINT_WIDTH` wide, planned to end within the budget. Its answer is
    the first move of its best line (``best_moves()``); its status is rarely settled (the win
    search gets the nodes the beam leaves), so the live line and the rescue use :func:`solver`."""
    return DGSearch(state, max_nodes, None, beam_width=HINT_WIDTH, clock=clock)


def best_line(state: DevilsGripState, max_nodes: int | None = None,
              timeout: float | None = None) -> tuple[list[str], int]:
    """The fewest cards left in stock + talon found within the budget and a line reaching it:
    ``(moves, left)``, moves in docs/contract.md notation from ``state`` (a won line ends with the
    sorting swaps and ``left`` is 0). With no budget it is the exact optimum. For the app's hint
    (its first move) and rescue."""
    s = DGSearch(state, max_nodes, timeout)
    s.run()
    return s.best_moves(), s.best


def hint(state: DevilsGripState, max_nodes: int = 3000) -> str | None:
    """The first move of the best line found within ``max_nodes`` (``None`` when no line lowers
    the cards left: then no move helps)."""
    moves, _ = best_line(state, max_nodes=max_nodes)
    return moves[0] if moves else None
