"""FreeCell search core built for speed: one mutable position changed by do/undo, an incremental
key, lazy moves, several depth-first soft threads sharing one visited set (Freecell Solver's
``-l lg`` shape, not its code).

**Position** (:class:`Board`): the 8 columns as lists of card ints (``suit * 16 + rank``, bottom
first; the columns keep their places, so a move is written as the rules name it), the 4 free
cells as a list (0 = empty; a card goes into the first empty one, as the rules' moves do), the
foundation heights and ``fk``, the same heights packed in one int (4 bits a suit). It is never
copied during a search: :meth:`Board.do` makes one atomic move and logs it, :meth:`Board.undo_to`
takes moves back off the log.

**Key** (``Board.h``): the XOR over the cards not home of ``Z[card, what it lies on]``, where
"what it lies on" is the card under it in its column, :data:`BOTTOM` for a column's bottom card,
or :data:`CELL_MARK` for a card in a free cell. The pairs (card, card under it) give back every
column as a sequence, so the key is equal for positions equal up to the order of the columns and
of the free cells, and the foundations follow from the cards still out. A move of a run changes
only its bottom card's pair: the key is updated by two XORs, whatever the run's length. ``Z`` is
60-bit random (fixed seed; two digits of a CPython int, cheaper to XOR and hash than 64), so two
different positions share a key with probability ~2**-60 a
pair: a shared key can only make a search skip a position, never make a wrong line (every line is
replayed by the rules), and this core never answers "unsolvable".

**Moves.** Atomic moves are the rules' (:meth:`games.freecell.FreeCell.legal_moves`): a column's
top card or a free cell's card home; a free cell's card onto a fitting top or an empty column; a
run (an ordered tail within the supermove limit ``(free cells + 1) × 2**(empty columns other than
the destination)``) onto a fitting top or an empty column; a top card into the first empty free
cell. After every move the safe cards go home (the strong rule of
:func:`games.solvers.freecell._safe`), logged as ordinary moves. A search step plays a *move
group's* child (:data:`GROUPS`): one atomic move, or a **dig** — the cards above a suit's next
card moved away (onto fitting tops, else into free cells, else onto an empty column) and the card
sent home — as Freecell Solver's "put non-top stack cards in the foundations" does — or a **dig
onto a top** (group 7: the cards above a card's run moved away and the run put on a fitting top of
another column, its "move stack cards to different stacks"). A child's inner positions are not put
in the visited set.

**Search** (:class:`FastSearch`): soft threads (:class:`Thread`), each a depth-first search with
its own board and order of move groups; a node's children are made one group at a time, the
first child whose key is new is entered at once (a one-move child's key is worked out before
the move is made, so a child already seen costs no do/undo). The threads share one visited set
and take turns by quotas of new positions (:data:`PRELUDE`, then :data:`SLICE` each in turn), as
``-l lg`` does: first those of :data:`ORDERS`, which never put a card alone into a free cell,
then those of :data:`FULL_ORDERS` too, which make at most two such moves along a line
(:data:`FULL_CAPS`). A deal they have not won within :data:`HAND_OVER` positions is searched
again by a few of them alone (:data:`PROBES`), then goes to the complete solver
(:mod:`games.solvers.freecell`), which also gives every ``unsolvable``. The won line is the winning thread's log; it is shortened (:func:`shorten`) and
written in the rules' notation.

It is the app's FreeCell solver (:meth:`games.freecell.FreeCell.solver`: hints, the command line's
``solve`` and ``winnability``). Measured in docs/solvers.md ("The race with Freecell Solver"): on
Microsoft deals 1–1000 it takes about 0.23 of the CPU of :mod:`games.solvers.freecell`'s
search (0.3 without the first thread of :data:`ORDERS`, which saves a quarter of that); its
lines are ~3 moves shorter, and it takes 8–9× Freecell Solver's CPU (docs/solvers.md, FreeCell, "Session 22"; a position here
costs ~10–12 µs of CPython).
"""
from __future__ import annotations

import random
import time
from functools import partial
from operator import itemgetter

from ..columns import is_red
from ..core import Clock
from ..freecell import FreeCellState
from .freecell import FreeCellSearch     # imported with this module: a hand-over never imports in a frame
from .freecell import LANES as COMPLETE_LANES, PRELUDE as COMPLETE_PRELUDE
from .search import SOLVED, UNKNOWN, Result, Sliced

HOME = 12
"""The destination of a move to the foundations (columns are 0..7, free cells 8..11)."""
BOTTOM, CELL_MARK = 0, 15
"""What a column's bottom card and a free cell's card "lie on" in the key (no card has rank 0 or
15)."""

RANK = [c & 15 for c in range(64)]
RED = [is_red(c) for c in range(64)]
FIT = [RANK[b] - RANK[a] == 1 and RED[a] != RED[b] and 1 <= RANK[a] <= 12
       for a in range(64) for b in range(64)]
"""``FIT[a << 6 | b]``: card ``a`` may lie on card ``b`` in a column."""
PAR = [tuple(b for b in range(64) if FIT[a << 6 | b]) for a in range(64)]
"""``PAR[a]``: the cards ``a`` may lie on (two, none for a king)."""
PAR0 = [(PAR[a] + (-1, -1))[0] for a in range(64)]
PAR1 = [(PAR[a] + (-1, -1))[1] for a in range(64)]
"""``PAR[a]``'s first and second cards (-1 for a king)."""
CHILD = [tuple(a for a in range(64) if FIT[a << 6 | b]) for b in range(64)]
"""``CHILD[b]``: the cards that may lie on ``b`` (two, none for an ace)."""

_rng = random.Random(20261205)
Z = [_rng.getrandbits(64) >> 4 for _ in range(64 * 64)]
"""``Z[card << 6 | under]``: the key's random word for a card lying on ``under``."""
del _rng

WON_FK = 13 | 13 << 4 | 13 << 8 | 13 << 12
"""``Board.fk`` of a won game."""


SUITS = tuple((s, *[x for x in range(4) if RED[x << 4 | 1] != RED[s << 4 | 1]],
                [x for x in range(4) if x != s and RED[x << 4 | 1] == RED[s << 4 | 1]][0], s << 4 | 1, 4 * s)
              for s in range(4))
"""For each suit: ``(suit, the two suits of the other colour, the other suit of its colour, its ace,
its shift in a packed foundation int)``."""


def _safe_of(fk: int) -> frozenset:
    """The strong safe rule of :func:`games.solvers.freecell._safe` on each suit's next card,
    unrolled: an ace or a two, or a card of rank r whose other-colour foundations reach r - 1 and
    whose same-colour other foundation reaches r - 2."""
    f = (fk & 15, fk >> 4 & 15, fk >> 8 & 15, fk >> 12 & 15)
    out = []
    for s, o1, o2, same, ace, _sh in SUITS:
        h = f[s]
        if h < 13 and (h <= 1 or f[o1] >= h and f[o2] >= h and f[same] >= h - 1):
            out.append(ace + h)
    return frozenset(out)


class _SafeMemo(dict):
    def __missing__(self, fk):
        v = self[fk] = _safe_of(fk)
        return v


SAFE = _SafeMemo()
"""``SAFE[fk]``: the cards the foundations ``fk`` send home by themselves (at most one a suit)."""


class Board:
    """One mutable FreeCell position with its key and the log of the moves made on it.

    ``log`` entries are ``(src, dst, n, card, delta, onto_empty)``: ``n`` cards from place
    ``src`` (column 0..7, free cell 8..11) to ``dst`` (column, free cell, :data:`HOME`), ``card``
    the bottom card moved, ``delta`` the key's change, ``onto_empty`` whether ``dst`` was an
    empty column. ``where[card]`` is the column a card lies in (-1: a free cell or home);
    ``tk[i]`` the index in column ``i`` where its ordered tail starts (:func:`tail_start`; 0 for
    an empty column), kept by :meth:`do` and :meth:`undo_to` so that the move groups need not
    walk the columns down; ``nf`` and ``ne`` count the empty free cells and the empty columns.

    :param state: a :class:`games.freecell.FreeCellState` (cards home stay home).
    """

    __slots__ = ("cols", "cells", "found", "fk", "h", "log", "where", "tk", "nf", "ne")

    def __init__(self, state: FreeCellState | None = None):
        if state is None:
            return
        self.cols = [list(c) for c in state.columns]
        self.cells = [0 if c is None else c for c in state.cells]
        self.found = list(state.foundations)
        self.fk = sum(h << 4 * s for s, h in enumerate(self.found))
        h = 0
        where = [-1] * 64               # the column of each card in a column, else -1
        i = 0
        for col in self.cols:
            under = BOTTOM
            for c in col:
                h ^= Z[c << 6 | under]
                where[c] = i
                under = c
            i += 1
        for c in self.cells:
            if c:
                h ^= Z[c << 6 | CELL_MARK]
        self.h = h
        self.log: list[tuple] = []
        self.where = where
        self.tk = [tail_start(col) for col in self.cols]
        self.nf = self.cells.count(0)
        self.ne = self.cols.count([])

    def copy(self) -> "Board":
        """An independent board in the same position, with a copy of the log."""
        b = Board.__new__(Board)
        b.cols = [list(c) for c in self.cols]
        b.cells = list(self.cells)
        b.found = list(self.found)
        b.fk, b.h, b.log = self.fk, self.h, list(self.log)
        b.where = list(self.where)
        b.tk = list(self.tk)
        b.nf, b.ne = self.nf, self.ne
        return b

    def state(self) -> FreeCellState:
        """The position as the rules' :class:`~games.freecell.FreeCellState`."""
        return FreeCellState(tuple(tuple(c) for c in self.cols),
                             tuple(None if c == 0 else c for c in self.cells), tuple(self.found))

    def key_now(self) -> int:
        """The key computed from scratch (what ``h`` must equal)."""
        return Board(self.state()).h

    def do(self, src: int, dst: int, n: int = 1) -> None:
        """Move ``n`` cards from ``src`` to ``dst`` and log it. No legality check: the move
        generators only make legal moves (tests check it against the rules); a run moved is an
        ordered run (each card fits the one under it), which ``tk`` relies on."""
        cols = self.cols
        tk = self.tk
        moving = None
        if src < 8:
            col = cols[src]
            if n == 1:
                c = col.pop()
            else:
                moving = col[-n:]
                del col[-n:]
                c = moving[0]
            if col:
                under = col[-1]
                if tk[src] >= len(col):         # the whole ordered tail left: find the new one
                    k = len(col) - 1
                    while k and FIT[col[k] << 6 | col[k - 1]]:
                        k -= 1
                    tk[src] = k
            else:
                under = BOTTOM
                tk[src] = 0
                self.ne += 1
        else:
            c = self.cells[src - 8]
            self.cells[src - 8] = 0
            under = CELL_MARK
            self.nf += 1
        if dst < 8:
            d = cols[dst]
            if d:
                to, empty = d[-1], False
                if not FIT[c << 6 | to]:
                    tk[dst] = len(d)
            else:
                to, empty = BOTTOM, True
                tk[dst] = 0
                self.ne -= 1
            if moving is None:
                d.append(c)
                self.where[c] = dst
            else:
                d.extend(moving)
                w = self.where
                for x in moving:
                    w[x] = dst
            delta = Z[c << 6 | under] ^ Z[c << 6 | to]
        elif dst < 12:
            self.cells[dst - 8] = c
            self.nf -= 1
            self.where[c] = -1
            delta, empty = Z[c << 6 | under] ^ Z[c << 6 | CELL_MARK], False
        else:
            s = c >> 4
            self.found[s] += 1
            self.fk += 1 << 4 * s
            self.where[c] = -1
            delta, empty = Z[c << 6 | under], False
        self.h ^= delta
        self.log.append((src, dst, n, c, delta, empty))

    def undo_to(self, mark: int) -> None:
        """Take back the logged moves after the first ``mark``, last first."""
        log, cols, tk = self.log, self.cols, self.tk
        while len(log) > mark:
            src, dst, n, c, delta, _e = log.pop()
            if dst < 8:
                d = cols[dst]
                if n == 1:
                    d.pop()
                    moving = None
                else:
                    moving = d[-n:]
                    del d[-n:]
                if not d:
                    tk[dst] = 0
                    self.ne += 1
                elif tk[dst] >= len(d):
                    k = len(d) - 1
                    while k and FIT[d[k] << 6 | d[k - 1]]:
                        k -= 1
                    tk[dst] = k
            elif dst < 12:
                self.cells[dst - 8] = 0
                self.nf += 1
                moving = None
            else:
                s = c >> 4
                self.found[s] -= 1
                self.fk -= 1 << 4 * s
                moving = None
            if src < 8:
                col = cols[src]
                if not col:
                    tk[src] = 0
                    self.ne -= 1
                elif not FIT[c << 6 | col[-1]]:
                    tk[src] = len(col)
                if moving is None:
                    col.append(c)
                    self.where[c] = src
                else:
                    col.extend(moving)
                    w = self.where
                    for x in moving:
                        w[x] = src
            else:
                self.cells[src - 8] = c
                self.nf -= 1
                self.where[c] = -1
            self.h ^= delta

    def autos(self) -> None:
        """Send the safe cards home (tops left to right, then the cells) until none is left."""
        safe = SAFE[self.fk]
        cols, cells, where = self.cols, self.cells, self.where
        for c in safe:
            i = where[c]
            if i >= 0 and cols[i][-1] == c or i < 0 and c in cells:
                break
        else:
            return
        do = self.do
        moved = True
        while moved:
            moved = False
            for i in range(8):
                col = cols[i]
                while col and col[-1] in safe:
                    do(i, HOME, 1)
                    safe = SAFE[self.fk]
                    moved = True
            for k in range(4):
                if cells[k] in safe:
                    do(8 + k, HOME, 1)
                    safe = SAFE[self.fk]
                    moved = True

    def won(self) -> bool:
        """All 52 cards home."""
        return self.fk == WON_FK


def tail_start(col: list) -> int:
    """The index in ``col`` where its ordered tail (each card fitting the one under it) starts;
    0 if empty."""
    k = len(col) - 1
    while k > 0 and FIT[col[k] << 6 | col[k - 1]]:
        k -= 1
    return max(k, 0)


def run_len(col: list) -> int:
    """The length of ``col``'s ordered tail (each card fits on the one under it); 0 if empty."""
    n = len(col)
    if not n:
        return 0
    k = 1
    fit = FIT
    while k < n and fit[col[-k] << 6 | col[-k - 1]]:
        k += 1
    return k


# -- move groups: each makes a node's children of one kind, as candidates for Thread -------------
# A candidate is (src, dst, n) for one atomic move, or (-1, plan, left) for a compound child (a
# dig or a dig onto a top): ``plan`` its moves, all from one column, which keeps ``left`` cards.

def g_home(b: Board) -> list:
    """Column tops, then free cells, that go home (the safe ones went already)."""
    cols, where, cells, out = b.cols, b.where, b.cells, []
    for c in NEXT[b.fk]:
        i = where[c]
        if i >= 0:
            if cols[i][-1] == c:
                out.append((i, HOME, 1))
        elif c in cells:
            out.append((8 + cells.index(c), HOME, 1))
    if len(out) > 1:
        out.sort()                       # columns left to right, then the cells
    return out


def g_cell_parent(b: Board) -> list:
    """A free cell's card onto a fitting top (by destination column, left to right)."""
    out = []
    cols, where = b.cols, b.where
    k = 7
    for c in b.cells:
        k += 1
        if c and c & 15 != 13:
            t, u = PAR[c]
            i, j = where[t], where[u]
            if i >= 0 and cols[i][-1] == t:
                if j >= 0 and cols[j][-1] == u:
                    if j < i:
                        out += ((k, j, 1), (k, i, 1))
                    else:
                        out += ((k, i, 1), (k, j, 1))
                else:
                    out.append((k, i, 1))
            elif j >= 0 and cols[j][-1] == u:
                out.append((k, j, 1))
    return out


def _runs_to_parents(b: Board, whole: bool) -> list:
    cols, fit, par, where = b.cols, FIT, PAR, b.where
    cap = (b.nf + 1) << b.ne
    out = []
    for i in range(8):
        col = cols[i]
        if not col:
            continue
        n = len(col)
        k = 1
        while k <= cap:
            c = col[-k]
            on = k < n and fit[c << 6 | col[-k - 1]]
            if on != whole:
                for t in par[c]:
                    j = where[t]
                    if j >= 0 and cols[j][-1] == t:
                        out.append((i, j, k))
            if not on:
                break
            k += 1
    return out


def g_run_parent(b: Board) -> list:
    """A column's ordered tail (the part that fits) onto a fitting top, when its bottom card does
    not already lie on a card it fits (the whole tail, within the supermove limit)."""
    cols, where, p0, p1, tk = b.cols, b.where, PAR0, PAR1, b.tk
    cap = (b.nf + 1) << b.ne
    out = []
    i = -1
    for col in cols:
        i += 1
        if not col:
            continue
        n = len(col)
        k = tk[i]
        c = col[k]
        if n - k <= cap:              # the whole tail moves
            t = p0[c]
            if t >= 0:
                j = where[t]
                if j >= 0 and cols[j][-1] == t:
                    out.append((i, j, n - k))
                t = p1[c]
                j = where[t]
                if j >= 0 and cols[j][-1] == t:
                    out.append((i, j, n - k))
    return out


def g_reparent(b: Board) -> list:
    """Part of an ordered tail onto another fitting top (its bottom card leaves a card it fits:
    that frees the card under it)."""
    return _runs_to_parents(b, False)


def g_empty(b: Board) -> list:
    """Onto the first empty column: a free cell's card — a king first, then the others by cell: a
    king's place for good is an empty column, where it frees its cell and may take the run down
    to a two — or a column's longest movable tail (never a whole column). With the kings first
    the threads enter 0.84-0.98 of the positions on six sets of 1 000-1 200 deals (docs/solvers.md,
    FreeCell, "Session 20")."""
    empties = b.ne
    if not empties:
        return []
    cols = b.cols
    e = cols.index([])
    out = [(8 + k, e, 1) for k, c in enumerate(b.cells) if c]
    if len(out) > 1:
        kings = [m for m in out if b.cells[m[0] - 8] & 15 == 13]
        if kings and len(kings) < len(out):
            out = kings + [m for m in out if b.cells[m[0] - 8] & 15 != 13]
    cap = (b.nf + 1) << (empties - 1)
    tk = b.tk
    for i in range(8):
        col = cols[i]
        if col:
            n = len(col)
            r = min(n - tk[i], cap)
            if r < n:
                out.append((i, e, r))
    return out


def g_to_cell(b: Board) -> list:
    """A column's top card into the first empty free cell."""
    if not b.nf:
        return []
    cells = b.cells
    k = 8 + cells.index(0)
    return [(i, k, 1) for i in range(8) if b.cols[i]]


def g_dig(b: Board) -> list:
    """Each suit's next card that lies under other cards in a column, when the cards above it
    can all be put away: the plan of moves (:func:`dig_plan`) as one candidate. A dig is tried
    only when the cards above are at most :data:`DIG_SLACK` more than the free cells (+ 3 an
    empty column)."""
    cols, where, out = b.cols, b.where, []
    tops = None
    most = free = nempty = -1
    for c in NEXT[b.fk]:
        i = where[c]
        if i < 0:
            continue
        col = cols[i]
        top = col[-1]
        if top == c:
            continue
        if most < 0:
            free = b.nf
            nempty = b.ne
            most = free + DIG_SLACK + 3 * nempty
        p = col.index(c)
        if len(col) - 1 - p > most:
            continue
        if not free and not nempty:
            # one card moves at a time, only onto a top: the top card first (most plans stop here)
            for t in PAR[top]:
                j = where[t]
                if j >= 0 and cols[j][-1] == t:
                    break
            else:
                continue
        if tops is None:
            tops = _tops(cols, nempty)
        plan = _plan(col, i, p, tops, b.cells, cols, free, nempty)
        if plan is not None:
            out.append((-1, plan, p))
    return out


def _next_of(fk: int) -> tuple:
    out = []
    for _s, _o1, _o2, _same, ace, sh in SUITS:
        h = fk >> sh & 15
        if h < 13:
            out.append(ace + h)
    return tuple(out)


class _NextMemo(dict):
    def __missing__(self, fk):
        v = self[fk] = _next_of(fk)
        return v


NEXT = _NextMemo()
"""``NEXT[fk]``: each suit's next card for the foundations ``fk``, suits in order (none for a
suit whose king is home)."""


DIG_SLACK = 3
"""A dig is tried only when the cards above are at most the free cells + this + 3 a free
column (a deeper dig almost never finds room for them all, and planning it costs)."""


def g_dig_top(b: Board) -> list:
    """A card under others moved onto a fitting top of another column, with the ordered run on
    it, once the cards above that run are put away (Freecell Solver's "move stack cards to
    different stacks"): the plan of moves (:func:`_plan`, the fitting top kept free) as one
    candidate, by destination column left to right. Tried only when the cards above the run are
    at most :data:`DIG_SLACK` more than the free cells (+ 3 an empty column), like a dig, and
    when the run is not longer than the cells and empty columns let move at all."""
    cols, where, fit, tk, out = b.cols, b.where, FIT, b.tk, []
    tops = None
    free = b.nf
    nempty = b.ne
    most = free + DIG_SLACK + 3 * nempty
    longest = (free + 1) << nempty
    for j in range(8):
        d = cols[j]
        if not d:
            continue
        t = d[-1]
        for c in CHILD[t]:
            i = where[c]
            if i < 0 or i == j:
                continue
            col = cols[i]
            n = len(col)
            k = col.index(c)
            if k >= tk[i]:
                continue                # a run on top (a plain move of groups 3 and 4)
            e = k
            while fit[col[e + 1] << 6 | col[e]]:
                e += 1                  # stops below the ordered tail, which starts at tk[i]
            if n - 1 - e > most or e - k >= longest:
                continue                # too deep, too long
            if longest == 1:
                # one card moves at a time, only onto a top: the top card first (most plans stop here)
                top = col[-1]
                for x in PAR[top]:
                    jx = where[x]
                    if jx >= 0 and x != t and cols[jx][-1] == x:
                        break
                else:
                    continue
            if tops is None:
                tops = _tops(cols, nempty)
            plan = _plan(col, i, e, tops, b.cells, cols, free, nempty, (j, e - k + 1), t)
            if plan is not None:
                out.append((-1, plan, k))
    return out


GROUPS = (g_home, g_cell_parent, g_dig, g_run_parent, g_reparent, g_empty, g_to_cell, g_dig_top)
"""The move groups, by index: 0 home, 1 free cell onto a top, 2 dig, 3 run onto a top,
4 part of a run onto another top, 5 onto an empty column, 6 a top into a free cell, 7 a card
under others onto a top."""


def dig_plan(b: Board, i: int, p: int) -> list | None:
    """The moves that take the cards above index ``p`` of column ``i`` away and that card home,
    planned without touching the board: each time the top ordered run, or the longest part of it
    that fits a top of another column, onto that top, else the top card into the first empty free
    cell, else the longest movable part of the run onto the first empty column. ``None`` if some
    card has nowhere to go."""
    cols = b.cols
    nempty = cols.count([])
    return _plan(cols[i], i, p, _tops(cols, nempty), b.cells, cols, b.cells.count(0), nempty)


_last = itemgetter(-1)
_COLS = range(8)


def _tops(cols: list, nempty: int) -> dict:
    """``{top card: column}`` of the columns ``cols`` (``nempty`` of them empty)."""
    if nempty:
        return {d[-1]: j for j, d in enumerate(cols) if d}
    return dict(zip(map(_last, cols), _COLS))


def _plan(col: list, i: int, p: int, tops: dict, cells: list, cols: list, free: int, empties: int,
          last=None, avoid: int = -1) -> list | None:
    """:func:`dig_plan` on the board's tops (``{card: column}``), free cells (``cells``, 0 for an
    empty one; ``free`` of them) and columns (``cols``; ``empties`` of them empty), which it
    leaves unchanged (most plans fail at once, so the tops are copied only when the first run
    moves onto one). ``avoid``: a top no card may go onto. ``last``: ``None`` to end with the
    card at ``p`` home, or ``(j, n)`` to end with the ``n`` cards up to index ``p`` onto column
    ``j`` (``None`` when the cells and empty columns left do not allow a run that long)."""
    fit, p0, p1 = FIT, PAR0, PAR1
    fi = ei = 0
    plan = []
    k = len(col) - 1
    own = col[k]            # the column's top: no destination while the tops are not copied
    copied = False
    while k > p:
        top = col[k]
        cap = (free + 1) << empties
        s, q = k, 0
        while True:
            c = col[s]
            if k - s < cap:
                t = p0[c]
                if t in tops and t != own and t != avoid:
                    q, m = t, k - s + 1
                else:
                    t = p1[c]
                    if t in tops and t != own and t != avoid:
                        q, m = t, k - s + 1
            if s - 1 <= p or not fit[c << 6 | col[s - 1]]:
                break
            s -= 1
        if q:
            if not copied:
                tops = dict(tops)
                del tops[own]
                own, copied = -1, True
            j = tops.pop(q)
            plan.append((i, j, m))
            tops[top] = j
            k -= m
        elif free:
            free -= 1
            fi = cells.index(0, fi)
            plan.append((i, 8 + fi, 1))
            fi += 1
            k -= 1
        elif empties:
            if not copied:
                tops = dict(tops)
                del tops[own]
                own, copied = -1, True
            empties -= 1
            m = min(k - s + 1, 1 << empties)
            j = ei = cols.index([], ei)
            ei += 1
            plan.append((i, j, m))
            tops[top] = j
            k -= m
        else:
            return None
    if last is None:
        plan.append((i, HOME, 1))
    else:
        j, n = last
        if n > (free + 1) << empties:
            return None
        plan.append((i, j, n))
    return plan


ORDERS = ((0, 1, 3, 5, 2), (0, 2, 1, 3, 5), (0, 1, 3, 5, 2), (0, 2, 3, 7, 1, 5))
"""The threads' orders of move groups (indices of :data:`GROUPS`). None of them puts a card
alone into a free cell or moves part of a run to another parent (Freecell Solver's ``-l lg``
threads mostly leave the lone move into a cell out too): they win most deals in a few dozen to
a few hundred positions, and their lines are short, but their space is smaller than the rules'
and may run dry. The first digs last: a dig that parks cards in free cells or on an empty column
is what a depth-first line most often has to take back (on the 193 deals of 1-1000 that the order
``(0, 2, 1, 3, 5)`` alone wins only after 300 positions, the largest dead subtree along its line
starts with a dig on 155, where the winning line makes a run onto a top, the move onto the empty
column or another dig; ``bench/freecell_first_thread.py``), and sorted (:data:`SORTS`) it wins
861 of deals 1-1000 within 300 positions against 786, in 0.57 of the positions, for lines 2.4
moves longer. The second, that order, digs first: its lines are shorter. The last also moves a
card under others onto a top (group 7), as the soft orders the complete solver starts with do:
it wins many of the deals the others miss (docs/solvers.md, "The race with Freecell Solver",
session 18)."""
FULL_ORDERS = ((0, 2, 1, 3, 6, 5), (0, 1, 2, 3, 7, 6, 5), (0, 2, 1, 3, 4, 6, 5), (0, 6, 2, 1, 7, 3, 5))
"""The orders of the threads that join once :data:`FULL_AFTER` positions were entered, or when
every thread of :data:`ORDERS` ran dry: every move group, so together with the dig they make
every move of the rules but a run onto an empty column shorter than the longest allowed."""
SORTS = ((2, 3, 5, 7), (2, 3, 7), (), ())
"""For each thread of :data:`ORDERS`, the move groups whose children it tries by :func:`low_left`
(lowest first): the first also the moves onto an empty column (a free cell's king first, then a
run that bares the lowest card first, the other free cells' cards last; with those as found, free cells first, its lines were 7.1 moves
longer and it won 851 deals of 1-1000 within 300 positions, not 861), the second the groups of
:data:`SORTED`."""
CAPS = ()
"""Each thread's cap on the moves of :data:`ESCAPES` along its line (``None`` or missing: none)."""
FULL_CAPS = (2, 2, 2, 2)
"""The same for the threads of :data:`FULL_ORDERS`: at most two moves of a card alone into a free
cell or of part of a run onto another top along a line. Uncapped, a full thread's depth-first
line parks cards in cells one after another and wanders deep below an early mistake; capped, it
tries those moves only where a line of the other groups is stuck, and runs dry sooner on a lost
position, which then goes to the complete solver earlier (docs/solvers.md, "The race with
Freecell Solver")."""
PRELUDE = ()
"""First turns: ``(thread, new positions of its own it may reach)``; then the round robin."""
SLICE = 300
"""In the round robin each thread in turn enters this many new positions."""
FULL_AFTER = 1000
"""Positions entered before the threads of :data:`FULL_ORDERS` join the round robin."""
HAND_OVER = 5000
"""Positions entered before the search hands the position over to the complete solver
(:class:`games.solvers.freecell.FreeCellSearch`), which answers what this one cannot. The deals
handed over are few (a few in a thousand, 0.1-4 s each in the complete search) and heavy, so the
threads get longer before it (at 3 000, of the deals of 1-1000 the threads had not won by 1 500
positions, 9 of 15 they won by 3 000); at 5 000 the threads win some of those first:
0.99 of the CPU on deals 1-2200, 0.85 on 2201-5000, 0.55 on 5001-8000, 0.65 on 8001-10000 (4 000:
0.86 and 0.94; 6 000 and 8 000 as 5 000 or a little worse). A lost position the threads do not
search out first pays the positions added before its proof (hint position 62: 0.063 -> 0.083 s
natively). docs/solvers.md, "The race with Freecell Solver", session 18."""
PROBES = ((2, 1000), (3, 1000), (7, 1000))
"""Solo probes at :data:`HAND_OVER` (not when every thread ran dry): ``(thread, positions)``, each
a thread of the portfolio (an index into :data:`ORDERS`, then :data:`FULL_ORDERS`) that searches
again from the position alone, with a visited set of its own, for at most that many positions, one
after the other; the complete solver takes over only if none wins. In the portfolio the shared
visited set steers a thread away from positions another thread entered first, and on the few deals
handed over (about one in a thousand) some thread alone often wins in a few hundred positions
(#917: the third alone in 117, where the complete search took 12 000 states after the threads'
5 000). Chosen on the deals of 1-15 000 handed over (0.97 of their CPU, estimated from each thread's
positions alone), checked on those of 15 001-24 000 (0.52). A position handed over that no probe
wins pays 3 000 positions more (hint position 62, which the complete search wins: 0.083 -> 0.10 s
natively; none of positions 1-60 is handed over but after the threads ran dry). docs/solvers.md,
FreeCell, "Session 22"."""
HAND_PRELUDE = None
"""The complete solver's prelude of soft threads when it takes over (``None``: its own)."""
DRY_SCHEDULE = ((0, 20000),)
"""The complete solver's lane schedule (:data:`games.solvers.freecell.SCHEDULE`'s form) when the
threads hand a position over because they all ran dry (not at :data:`HAND_OVER`): after its soft
prelude, its first lane alone up to 20 000 states, then every lane in turn. A position the threads
search out is most often lost, and any one lane proves a lost position by running dry after
exactly the positions reachable without moves back, so the schedule's change of lane after 1 500
states only added them (hint position 21: 6 379 -> 4 879 states, 0.8 of the CPU). On the dry
hand-overs of 1 000 mid-game positions (``bench/solvers.py``'s kind, ``bench/freecell_dry.py``)
0.76-0.90 of the CPU on the lost ones and 0.87-0.88 on the won ones, one won position 48 -> 307 ms
(docs/solvers.md, FreeCell, "Session 19")."""


SORTED = frozenset((2, 3, 7))
"""The move groups a thread made with ``sort=True`` tries by :func:`low_left` (digs, runs onto a
top, cards under others onto a top)."""


def low_left(cols: list, m: tuple, cells: list | None = None) -> int:
    """The lowest rank among the cards the candidate ``m`` leaves in its column (0 when it empties
    the column, 20 for a free cell's card, which bares nothing; -1 for a king in a free cell when
    the board's free cells ``cells`` are given, as :func:`g_empty` puts it first): a thread that
    sorts tries first the move that comes closest to bringing a low card out."""
    return _low_left(cells, cols, m)


def _low_left(cells: list | None, cols: list, m: tuple) -> int:
    """:func:`low_left` with the arguments in the order a sort key bound by ``partial`` needs."""
    src, dst, n = m
    if src < 0:                         # a plan: its moves are from one column, which keeps n cards
        rest = cols[dst[0][0]][:n]
    elif src < 8:
        rest = cols[src][:-n]
    else:
        return -1 if cells is not None and cells[src - 8] & 15 == 13 else 20
    return min(map(RANK.__getitem__, rest)) if rest else 0


ESCAPES = frozenset((4, 6))
"""The move groups a thread's ``cap`` counts on its line: a top alone into a free cell, part of a
run onto another top."""


class Thread:
    """One soft depth-first search over a board of its own: ``stack`` holds, for each position
    of its line, ``[next group index, candidates, next candidate index, log mark, moves of
    ESCAPES on the line to it, whether the candidates are of ESCAPES]``.

    :param order: indices of :data:`GROUPS`, in the order a position's children are made;
    :param seed: ``None``: each group's moves in the order found; else shuffled by this seed;
    :param cap: at most this many moves of :data:`ESCAPES` along the line (``None``: no cap): a
        position whose line has that many makes no child of those groups;
    :param sort: the groups whose children are tried by :func:`low_left` (lowest first; a stable
        sort: ties in the order found): a collection of group indices, ``True`` for
        :data:`SORTED`, ``False`` for none."""

    __slots__ = ("board", "order", "stack", "states", "rng", "shuffle", "cap", "sort")

    def __init__(self, board: Board, order: tuple, seed: int | None = None, cap: int | None = None,
                 sort=False):
        self.board = board
        self.order = order
        self.stack = [[0, (), 0, len(board.log), 0, 0]]
        self.states = 0
        self.rng = random.Random(seed) if seed is not None else None
        self.cap = cap
        self.sort = SORTED if sort is True else frozenset(sort or ())

    def run(self, seen: set, budget: int) -> bool:
        """Enter up to ``budget`` new positions (not in ``seen``, added to it). ``True`` when the
        board is won (the line is its log); ``False`` when the budget is spent or the thread ran
        dry (``stack`` empty)."""
        b = self.board
        stack, order, groups = self.stack, self.order, GROUPS
        log = b.log
        do, undo_to, autos = b.do, b.undo_to, b.autos
        cols, cells, z = b.cols, b.cells, Z
        add = seen.add
        ng = len(order)
        rng = self.rng
        cap = self.cap
        srt = self.sort
        # each step of the order: (group, whether it is of ESCAPES, whether its children are sorted)
        steps = [(groups[gi], gi in ESCAPES, gi in srt) for gi in order]
        by_low = partial(_low_left, cells, cols)
        states = self.states
        end = states + budget
        try:
            while stack:
                fr = stack[-1]
                cands = fr[1]
                ci = fr[2]
                if ci >= len(cands):
                    # the next group with children; none left: back to the parent
                    g = fr[0]
                    while g < ng:
                        group, esc, srted = steps[g]
                        g += 1
                        if esc and cap is not None and fr[4] >= cap:
                            continue
                        cands = group(b)
                        if cands:
                            break
                    else:
                        stack.pop()
                        undo_to(fr[3])
                        continue
                    if len(cands) > 1:
                        if rng is not None:
                            rng.shuffle(cands)
                        elif srted:
                            cands.sort(key=by_low)
                    fr[0], fr[1], fr[5] = g, cands, esc
                    ci = 0
                fr[2] = ci + 1
                src, dst, n = cands[ci]
                mark = len(log)
                bared = True
                if src < 0:
                    for ms, md, mn in dst:
                        do(ms, md, mn)
                    autos()
                elif dst == HOME:
                    do(src, dst, n)
                    autos()
                else:
                    # a move that sends nothing home: its key is known before it is made (only
                    # a bared card can become safe, the foundations do not change)
                    if src < 8:
                        col = cols[src]
                        c = col[-n]
                        if len(col) > n:
                            under = col[-n - 1]
                            bared = under in SAFE[b.fk]
                        else:
                            under, bared = BOTTOM, False
                    else:
                        c, under, bared = cells[src - 8], CELL_MARK, False
                    if not bared:
                        if dst < 8:
                            d = cols[dst]
                            to = d[-1] if d else BOTTOM
                        else:
                            to = CELL_MARK
                        if b.h ^ z[c << 6 | under] ^ z[c << 6 | to] in seen:
                            continue
                        do(src, dst, n)         # a new position: the key was looked up
                        bared = None
                    else:
                        do(src, dst, n)
                        autos()
                if bared is not None and b.h in seen:
                    undo_to(mark)
                    continue
                add(b.h)
                states += 1
                if b.fk == WON_FK:
                    return True
                stack.append([0, (), 0, mark, fr[4] + fr[5], 0])
                if states >= end:
                    return False
            return False
        finally:
            self.states = states


_NAMES = [("12345678abcd"[src] + "12345678abcdh"[dst]) for src in range(12) for dst in range(13)]
"""``_NAMES[src * 13 + dst]``: a move's text in the rules' notation (places 0..7 columns, 8..11
free cells, 12 :data:`HOME`), before any ``/n``."""


def texts(log: list) -> list[str]:
    """The logged moves in the rules' notation (docs/contract.md): ``3a``, ``a5``, ``1h``,
    ``35`` onto a card, ``35/2`` onto an empty column (a column's cards; a free cell's card onto an
    empty column has no ``/n``)."""
    out = []
    add, names = out.append, _NAMES
    for src, dst, n, _c, _d, empty in log:
        if empty and src < 8:
            add(f"{names[src * 13 + dst]}/{n}")
        else:
            add(names[src * 13 + dst])
    return out


EMPTY, CELL, TO_HOME = -1, -2, -3
"""Targets of a card-based move (:func:`card_moves`) besides a parent card."""


def card_moves(start: FreeCellState, log: list) -> tuple[list, list]:
    """The line ``log`` (from ``start``) as card-based moves ``(card, target)`` — the target a
    card to lie on, :data:`EMPTY` (the first empty column), :data:`CELL` (the first empty free
    cell) or :data:`TO_HOME` — which mean the same move in any position equal up to the order of
    the columns and cells, and the key of every position of the line (the start's first).
    :raises AssertionError: if a logged move does not replay to its logged key change."""
    b = Board(start)
    cols = b.cols
    keys, out = [b.h], []
    for src, dst, n, c, delta, empty in log:
        if dst < 8:
            t = EMPTY if empty else cols[dst][-1]
        elif dst < 12:
            t = CELL
        else:
            t = TO_HOME
        b.do(src, dst, n)
        if b.log[-1][4] != delta:
            raise AssertionError("a logged move does not replay")
        out.append((c, t))
        keys.append(b.h)
    return out, keys


def place(b: Board, card: int, target: int) -> tuple[int, int, int]:
    """The positional move ``(src, dst, n)`` of the card-based move ``(card, target)`` on ``b``
    (the card and those on it). :raises ValueError: if the card or the target is not there."""
    cols = b.cols
    if card in b.cells:
        src, n = 8 + b.cells.index(card), 1
    else:
        for src in range(8):
            col = cols[src]
            if card in col:
                n = len(col) - col.index(card)
                break
        else:
            raise ValueError(f"card {card} is not out")
    if target == TO_HOME:
        return src, HOME, 1
    if target == CELL:
        return src, 8 + b.cells.index(0), 1
    if target == EMPTY:
        return src, next(j for j in range(8) if not cols[j]), n
    return src, next(j for j in range(8) if cols[j] and cols[j][-1] == target), n


def _one_move_keys(b: Board):
    """Every atomic move on ``b`` with the key of the position it leads to, before any auto-move:
    ``(key, card, target)`` (a top card or free cell's card home, onto a fitting top, into a free
    cell, onto an empty column; a run, within the supermove limit, onto a fitting top or an empty
    column)."""
    cols, cells, f, fit, par, z = b.cols, b.cells, b.found, FIT, PAR, Z
    h = b.h
    tops = {}
    empties = 0
    for j in range(8):
        d = cols[j]
        if d:
            tops[d[-1]] = j
        else:
            empties += 1
    free = cells.count(0)
    cap = (free + 1) << empties
    cap_e = (free + 1) << (empties - 1) if empties else 0
    for k in range(4):
        c = cells[k]
        if c:
            base = h ^ z[c << 6 | CELL_MARK]
            if f[c >> 4] == (c & 15) - 1:
                yield base, c, TO_HOME
            for t in par[c]:
                if t in tops:
                    yield base ^ z[c << 6 | t], c, t
            if empties:
                yield base ^ z[c << 6 | BOTTOM], c, EMPTY
    for i in range(8):
        col = cols[i]
        if not col:
            continue
        n = len(col)
        c = col[-1]
        under = col[-2] if n > 1 else BOTTOM
        base = h ^ z[c << 6 | under]
        if f[c >> 4] == (c & 15) - 1:
            yield base, c, TO_HOME
        if free:
            yield base ^ z[c << 6 | CELL_MARK], c, CELL
        k = 1
        while True:
            if k <= cap:
                for t in par[c]:
                    if t in tops:
                        yield base ^ z[c << 6 | t], c, t
            if empties and k < n and k <= cap_e:
                yield base ^ z[c << 6 | BOTTOM], c, EMPTY
            if k >= n or not fit[c << 6 | under]:
                break
            k += 1
            c = under
            under = col[-k - 1] if k < n else BOTTOM
            base = h ^ z[c << 6 | under]


LONG_LINE = 130
"""Lines longer than this (moves, those home included) are searched for one-move shortcuts
(:func:`shorten`); shorter ones only have their loops cut. At 110 the shortcuts took about 0.1
move off the mean line for 6-7 % of the CPU (deals 1-1000, 1001-1400 and 1801-2200); the long
lines a full thread may wander on still get them."""


def shorten(start: FreeCellState, log: list, shortcuts: bool | None = None) -> list:
    """The line ``log`` (from ``start``) made shorter, as a new log played from ``start``: a
    stretch between two equal positions (up to the order of columns and cells) is cut out, and
    when ``shortcuts`` (default: the line is over :data:`LONG_LINE` moves) a position from which
    one move reaches a later position of the line goes there at once (the latest one such move
    reaches; the key of every position of the line is in a table, so a move is looked up by the
    key it makes, before it is made). The moves after a cut are played as the same card-based
    moves (:func:`card_moves`), so they stay legal whatever the order of the columns."""
    if shortcuts is None:
        shortcuts = len(log) > LONG_LINE
        if not shortcuts:
            return list(log)
    moves, keys = card_moves(start, log)
    last = {}
    for i, k in enumerate(keys):
        last[k] = i
    if not shortcuts and all(last[k] == i for i, k in enumerate(keys)):
        return list(log)
    b = Board(start)
    do = b.do
    i, end = 0, len(moves)
    while i < end:
        j = last[b.h]
        if j > i:
            i = j
            continue
        if shortcuts:
            best, to = None, i + 1
            for k, c, t in _one_move_keys(b):
                jj = last.get(k, -1)
                if jj > to:
                    best, to = (c, t), jj
            if best is not None:
                do(*place(b, *best))
                i = to
                continue
        do(*place(b, *moves[i]))
        i += 1
    return b.log


class FastSearch(Sliced):
    """The soft threads over one position (module docstring), resumable in slices (the
    interface of :class:`games.solvers.search.Sliced`).

    The threads of :data:`ORDERS` take turns (:data:`PRELUDE`, then :data:`SLICE` positions
    each); after :data:`FULL_AFTER` positions, or when they have all run dry, those of
    :data:`FULL_ORDERS` join them. After :data:`HAND_OVER` positions a few threads search again
    alone (:data:`PROBES`); if none wins, or when every thread has run dry, the position goes to
    the complete solver (:func:`games.solvers.freecell.solver`,
    with what is left of the budget; after the threads ran dry, with :data:`DRY_SCHEDULE`), whose
    answer this search gives — ``unsolvable`` only comes
    from there. A won line is shortened (:func:`shorten`) and written in the rules' notation;
    the caller replays it (``verify``: by default through the rules, :meth:`FreeCell.apply`).

    :param state: a :class:`games.freecell.FreeCellState`;
    :param max_nodes: positions entered, all threads together, and the complete solver's states
        after them (``None``: unlimited);
    :param timeout: seconds, read on ``clock``;
    :param orders: the threads' orders of move groups (default :data:`ORDERS`), ``seeds`` their
        random seeds (``None``: each group's moves in the order they are found; a seed: shuffled);
    :param full: the orders that join later (default :data:`FULL_ORDERS`; ``()``: none);
    :param caps: each thread's cap on the moves of :data:`ESCAPES` along its line (default
        :data:`CAPS`), ``full_caps`` the same for the later threads (default :data:`FULL_CAPS`);
    :param sorts: for each thread of ``orders``, the groups whose children it sorts (default
        :data:`SORTS`; ``True``: :data:`SORTED`, ``False``: none);
    :param prelude: the first turns (default :data:`PRELUDE`);
    :param hand_over: positions before the complete solver takes over (``None``: never; then
        ``unknown`` when every thread ran dry);
    :param probes: the solo probes run at ``hand_over`` before the complete solver (default
        :data:`PROBES`; ``()``: none; a thread index beyond ``orders`` and ``full`` is left out);
    :param verify: replay the line through the rules before answering (``AssertionError`` if it
        does not win: a bug, which :meth:`step` turns into ``unknown``).
    """

    def __init__(self, state: FreeCellState, max_nodes: int | None = None, timeout: float | None = None,
                 clock: Clock = time.perf_counter, orders=None, seeds=None, full=None, prelude=None,
                 hand_over: int | None = HAND_OVER, verify: bool = True, caps=None, full_caps=None,
                 sorts=None, probes=None):
        self.start = state
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.nodes = 0
        self.seconds = 0.0
        self.result: Result | None = None
        self.verify = verify
        root = Board(state)
        root.autos()
        self.root = root
        self.seen = {root.h}
        orders = ORDERS if orders is None else orders
        seeds = seeds or [None] * len(orders)
        caps = CAPS if caps is None else caps
        caps = list(caps) + [None] * (len(orders) - len(caps))
        sorts = SORTS if sorts is None else sorts
        sorts = list(sorts) + [False] * (len(orders) - len(sorts))
        self.threads = [Thread(root.copy(), o, sd, cp, so) for o, sd, cp, so in zip(orders, seeds, caps, sorts)]
        self.full = list(FULL_ORDERS if full is None else full)
        fc = FULL_CAPS if full_caps is None else full_caps
        self.full_caps = list(fc) + [None] * (len(self.full) - len(fc))
        # each thread's (order, seed, cap, sort), those of ``orders`` then of ``full``: what a
        # probe (PROBES) builds its thread from
        self.specs = list(zip(orders, seeds, caps, sorts)) + [(o, None, cp, False)
                                                              for o, cp in zip(self.full, self.full_caps)]
        self.probe_list = [p for p in (PROBES if probes is None else probes) if p[0] < len(self.specs)]
        self.probes: list | None = None   # after the hand-over: the probes still to run
        self.probe: tuple | None = None   # the probe running: (thread, its visited set, quota, index)
        self.turns = list(PRELUDE if prelude is None else prelude)
        self.hand_over = hand_over
        self.at = 0
        self.turn = -1
        self.left = 0
        self.line: list | None = None     # the won line (a log), shortened
        self.raw: list | None = None      # the won line as the thread found it
        self.complete = None      # the complete solver, once handed over
        self.dry: bool | None = None      # at the hand-over: whether every thread had run dry
        self.winner: int | None = None    # the index of the thread that won (those of ``orders``, then of ``full``)
        self.by_probe = False             # whether that thread won as a probe (PROBES)
        if root.won():
            self._win(root.log)

    def _win(self, log: list) -> Result:
        self.raw = list(log)
        self.line = shorten(self.start, self.raw)
        moves = texts(self.line)
        if self.verify:
            from ..freecell import FreeCell

            st = self.start
            for t in moves:
                st = FreeCell.apply(st, FreeCell.parse_move(st, t))
            if sum(st.foundations) != 52:
                raise AssertionError(f"fast solver found a line that does not win: {moves}")
        self.threads = []
        return self._finish(SOLVED, moves)

    def _join_full(self) -> None:
        root = self.root
        self.threads += [Thread(root.copy(), o, None, cp) for o, cp in zip(self.full, self.full_caps)]
        self.full = []

    def _step(self, budget: int, t0: float) -> Result | None:
        if self.complete is not None:
            return self._complete_step(budget, t0)
        if self.probes is not None:
            return self._probe_step(budget, t0)
        threads, seen = self.threads, self.seen
        limit = self.max_nodes
        while budget > 0:
            if self.full and self.nodes >= FULL_AFTER:
                self._join_full()
            if self.at < len(self.turns):
                k, quota = self.turns[self.at]
                t = threads[k]
                want = quota - t.states
                if want <= 0 or not t.stack:
                    self.at += 1
                    continue
            else:
                if self.left <= 0 or not threads[self.turn].stack:
                    if not any(t.stack for t in threads):
                        if self.full:
                            self._join_full()
                            continue
                        return self._hand_over(budget, t0)
                    self.turn = (self.turn + 1) % len(threads)
                    self.left = SLICE
                    continue
                t = threads[self.turn]
                want = self.left
            n = min(want, budget, 256)
            if limit is not None:
                n = min(n, limit - self.nodes)
            if self.hand_over is not None:
                n = max(1, min(n, self.hand_over - self.nodes))
            before = t.states
            won = t.run(seen, n)
            got = t.states - before
            self.nodes += got
            self.left -= got
            budget -= max(1, got)
            if won:
                self.winner = threads.index(t)
                return self._win(t.board.log)
            if limit is not None and self.nodes >= limit:
                return self._finish(UNKNOWN)
            if self.timeout is not None and self.seconds + self.clock() - t0 > self.timeout:
                return self._finish(UNKNOWN)
            if self.hand_over is not None and self.nodes >= self.hand_over:
                return self._hand_over(budget, t0)
        return None

    def _hand_over(self, budget: int, t0: float) -> Result | None:
        if self.hand_over is None:
            return self._finish(UNKNOWN)
        self.dry = not self.full and not any(t.stack for t in self.threads)
        self.threads = []
        self.seen = set()
        if not self.dry and self.probe_list:
            self.probes = list(self.probe_list)
            return self._probe_step(budget, t0)
        return self._complete(budget, t0)

    def _probe_step(self, budget: int, t0: float) -> Result | None:
        limit = self.max_nodes
        while budget > 0:
            if self.probe is None:
                if not self.probes:
                    self.probes = None
                    return self._complete(budget, t0)
                k, quota = self.probes.pop(0)
                self.probe = (Thread(self.root.copy(), *self.specs[k]), {self.root.h}, quota, k)
            t, seen, quota, k = self.probe
            n = min(quota - t.states, budget, 256)
            if limit is not None:
                n = min(n, limit - self.nodes)
            before = t.states
            won = t.run(seen, max(1, n))
            got = t.states - before
            self.nodes += got
            budget -= max(1, got)
            if won:
                self.winner, self.by_probe = k, True
                self.probes = None
                return self._win(t.board.log)
            if t.states >= quota or not t.stack:
                self.probe = None
            if limit is not None and self.nodes >= limit:
                return self._finish(UNKNOWN)
            if self.timeout is not None and self.seconds + self.clock() - t0 > self.timeout:
                return self._finish(UNKNOWN)
        return None

    def _complete(self, budget: int, t0: float) -> Result | None:
        left = None if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        timeout = None if self.timeout is None else max(0.0, self.timeout - self.seconds - (self.clock() - t0))
        if self.dry:
            self.complete = FreeCellSearch(self.start, left, timeout, clock=self.clock, lanes=COMPLETE_LANES,
                                           schedule=DRY_SCHEDULE,
                                           prelude=COMPLETE_PRELUDE if HAND_PRELUDE is None else HAND_PRELUDE)
        else:
            self.complete = FreeCellSearch(self.start, left, timeout, clock=self.clock, prelude=HAND_PRELUDE)
        self.base_nodes = self.nodes
        return self._complete_step(budget, t0)

    def _complete_step(self, budget: int, t0: float) -> Result | None:
        c = self.complete
        r = c.step(max(1, budget))
        self.nodes = self.base_nodes + c.nodes
        if r is None:
            return None
        return self._finish(r.status, r.moves)


def solver(state: FreeCellState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> FastSearch:
    """A resumable search from ``state``; see :class:`FastSearch`."""
    return FastSearch(state, max_nodes, timeout, clock)
