"""FreeCell solver: best-first search on a compact state with safe auto-moves.

**State.** ``(cols, cells, found)``: the 8 columns as ``bytes`` (card ints bottom to top; the
columns keep their places so moves can be written back), the free cells as a sorted ``bytes``
(only the cards, no gaps) and the foundation heights by suit. The visited set holds a canonical
key: the columns sorted and the cells, as one ``bytes`` (the foundations follow from the cards
still out), so positions that differ only by the order of columns or cells are searched once.

**Moves** are the rules' own (:meth:`games.freecell.FreeCell.legal_moves`) minus the ones that
cannot change the outcome: a card goes only to the first empty cell and the first empty column
(they are all alike), a whole column never moves into an empty column, and cards never come
back from the foundations. Runs move whole (supermoves, within ``(free cells + 1) ×
2**(empty columns)``) as well as one card at a time, and onto an empty column every allowed
length is tried: the atomic moves alone already reach every position the rules reach, so an
exhausted search proves the deal unsolvable (without foundation back moves, like every published
FreeCell proof; see docs/solvers.md).

**Auto-moves.** After every move the cards that are safe (:func:`_safe`: an ace, a two, or a
card whose two opposite-colour foundations reach its rank − 1 and whose same-colour other
foundation its rank − 2, so no card can ever need it as a base, even with cards coming back from
the foundations; stricter than the app's own "auto to foundation" rule,
:func:`games.columns.is_safe`, which can lose a win once cards may come back) go home at once. They
are written out as ordinary ``1h`` / ``ah`` moves in the solution, right after the move that
freed them. Other moves home are searched like any move.

**Search.** Greedy best-first on a score (lower first; :func:`make_score`): per card not home,
per card lying on each suit's next card, per card lying above a lower card of its column, minus
per free cell and per empty column. No path cost, so solutions are found fast but are long. The
first lane weighs these 12, 1, 4, 2, 4 (the disorder term weighs most: 30 % fewer states than
the earlier 8, 1, 1, 2, 4 on deals 1–200). One score misjudges some deals badly (a few take
10**4–10**6 states while most take under 2000), so several independent searches with other
weights (:data:`LANES`), best-first and depth-first (:class:`DepthFirst`), take turns by a fixed
schedule of states (:data:`SCHEDULE`: the first score for 1500 states, then the fourth up to
5600, …, each lane resuming where it stopped), then all in turn with the first keeping half the
time. Before them, a short **prelude** (:data:`PRELUDE`) of soft depth-first lanes
(:class:`SoftDepthFirst`): no score, children generated lazily in a fixed order of move groups
(:func:`meta_successors`: home first, then cards dug out from under others, runs onto fitting
tops…), the first new child entered at once — Freecell Solver's way; in CPython a state of it
costs ~3 of a lane's, but it wins most deals in a few hundred states. A depth-first lane's line wanders and is shortened before it is written (:func:`shorten`), and every line is pruned of the moves that do nothing for the win (:func:`prune`). Any lane that runs out of states has exhausted the whole space without moves
back from a foundation; a last search adds those (:func:`successors_back`), starting from that
lane's positions (their other moves are known), and only its running dry proves the deal
unsolvable. Resumable in slices like every :class:`games.solvers.search.Sliced` search; the same budget
gives the same answer however sliced.
"""
from __future__ import annotations

import heapq
from bisect import bisect_right
import time
from collections import deque
from functools import partial

from ..columns import is_red
from ..core import Clock
from ..freecell import CELL, FOUNDATION, FOUNDATION_OF, FreeCell, FreeCellState, Move
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Result, Sliced

TO_CELL, TO_HOME = -1, -2
"""Destinations of internal moves besides columns 0..7."""
WON = (13, 13, 13, 13)
"""The foundations of a won game."""

RANK = [c & 15 for c in range(64)]
SUIT = [c >> 4 for c in range(64)]
RED = [is_red(c) for c in range(64)]
# FITS[a][b]: card a may lie on card b
FITS = [[RANK[b] - RANK[a] == 1 and RED[a] != RED[b] and RANK[a] > 0 and RANK[b] <= 13 for b in range(64)]
        for a in range(64)]


def _safe(card: int, f) -> bool:
    """Whether ``card`` (next on its foundation) goes home by itself: an ace or a two, or a card
    whose opposite-colour foundations reach its rank − 1 *and* whose same-colour other foundation
    reaches its rank − 2. Then every card that could lie on it, and every card those could hold in
    turn, is home, so it is never needed as a base, even though the rules let cards come back from
    the foundations (the last search). The weaker rule (opposite colours at rank − 1 only) loses
    wins once cards may come back: QA's position, 8H on QD with both black 7s home, needs 7S back
    onto that 8H to hold 6D; sent home, the 8H can never return onto QD (Klondike's solver uses the
    same strong rule, docs/rules.md "FreeCell")."""
    r = RANK[card]
    if f[SUIT[card]] != r - 1:
        return False
    if r <= 2:
        return True
    s = SUIT[card]
    if RED[card]:
        return f[0] >= r - 1 and f[3] >= r - 1 and f[3 - s] >= r - 2
    return f[1] >= r - 1 and f[2] >= r - 1 and f[3 - s] >= r - 2


CHILDREN = [tuple(a for a in range(64) if FITS[a][b]) for b in range(64)]
"""The cards that may lie on each card."""
PARENTS = [tuple(b for b in range(64) if FITS[a][b]) for a in range(64)]
"""The cards each card may lie on."""
ONE = [bytes((c,)) for c in range(64)]
"""Each card as a one-byte ``bytes`` (no allocation in the hot loop)."""


class _Memo(dict):
    """A dict of column facts computed on first use (``__missing__``) and dropped when it grows
    past 2**20 entries: columns repeat a lot, so most look-ups are hits."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def __missing__(self, col):
        if len(self) > 1 << 20:
            self.clear()
        v = self[col] = self.fn(col)
        return v


def _run_len_of(col: bytes) -> int:
    n = len(col)
    k = n - 1
    fits = FITS
    while k > 0 and fits[col[k]][col[k - 1]]:
        k -= 1
    return n - k if n else 0


_RUNS = _Memo(_run_len_of)
_TAILS = _Memo(lambda col: col[len(col) - _RUNS[col]:])
"""Each column's ordered tail (``b""`` when empty)."""
_SORTED = _Memo(lambda cells: bytes(sorted(cells)))
"""Free cells put in order (the state keeps them sorted)."""


def _safe_now_of(f) -> frozenset:
    out = set()
    for s in range(4):
        if f[s] < 13:
            c = (s << 4) | (f[s] + 1)
            if _safe(c, f):
                out.add(c)
    return frozenset(out)


def _run_len(col: bytes) -> int:
    """Cards in the ordered tail of ``col`` (0 when empty); memoised."""
    return _RUNS[col]


_WANT = _Memo(lambda f: frozenset((s << 4) | (f[s] + 1) for s in range(4) if f[s] < 13))
"""The next card of each suit for the foundations ``f`` (the cards that may go home)."""
_SAFE_NOW = _Memo(_safe_now_of)
"""The cards that the foundations ``f`` make safe to send home (at most one a suit)."""


def auto(cols, cells, f, out=None):
    """Send the safe cards home until none is left: the new ``(cols, cells, f)``; the cards sent
    are appended to ``out`` when given (columns left to right, then the cells, again until
    nothing moves)."""
    safe_now = _SAFE_NOW
    safe = safe_now[f]
    changed = True
    while changed:
        changed = False
        for i in range(8):
            col = cols[i]
            if col and col[-1] in safe:
                while col and col[-1] in safe:
                    c = col[-1]
                    s = c >> 4
                    f = f[:s] + (f[s] + 1,) + f[s + 1:]
                    safe = safe_now[f]
                    col = col[:-1]
                    if out is not None:
                        out.append(c)
                cols = cols[:i] + (col,) + cols[i + 1:]
                changed = True
        if cells:
            for c in cells:
                if c in safe:
                    s = c >> 4
                    f = f[:s] + (f[s] + 1,) + f[s + 1:]
                    safe = safe_now[f]
                    cells = cells.replace(ONE[c], b"")
                    changed = True
                    if out is not None:
                        out.append(c)
    return cols, cells, f


def key_of(cols, cells) -> bytes:
    """The canonical visited-set key: sorted columns and the (sorted) cells, joined by bytes that
    no card has (``|`` = 124 and ``~`` = 126; cards are below 64), so a card on a column and the
    same card in a cell never share a key."""
    return b"|".join(sorted(cols)) + b"~" + cells




def _disorder_of(col: bytes) -> int:
    d, lo = 0, 99
    for c in col:
        r = c & 15
        if r < lo:
            lo = r
        elif r > lo:
            d += 1
    return d


_DISORDER = _Memo(_disorder_of)


def _disorder(col: bytes) -> int:
    """Cards of ``col`` lying above a card of lower rank (memoised: columns repeat a lot)."""
    return _DISORDER[col]


def make_score(w_home=8, w_next=1, w_dis=1, w_free=2, w_empty=4):
    """A best-first score (lower is better) with these weights: ``w_home`` per card not home,
    ``w_next`` per card above each suit's next card, ``w_dis`` per card above a lower card of its
    column, minus ``w_free`` per free cell and ``w_empty`` per empty column."""
    dis_of = _DISORDER.__getitem__
    join = b"\0".join

    def score(cols, cells, f):
        f0, f1, f2, f3 = f
        h = w_home * (52 - f0 - f1 - f2 - f3) - w_free * (4 - len(cells))
        if w_empty:
            h -= w_empty * cols.count(b"")
        if w_dis:
            h += w_dis * sum(map(dis_of, cols))
        if w_next:
            big = join(cols) + b"\0"
            find, index = big.find, big.index
            n = 0
            if f0 < 13:
                p = find(f0 + 1)
                if p >= 0:
                    n += index(0, p) - p - 1     # cards above a card wanted home next
            if f1 < 13:
                p = find(f1 + 17)
                if p >= 0:
                    n += index(0, p) - p - 1
            if f2 < 13:
                p = find(f2 + 33)
                if p >= 0:
                    n += index(0, p) - p - 1
            if f3 < 13:
                p = find(f3 + 49)
                if p >= 0:
                    n += index(0, p) - p - 1
            h += w_next * n
        return h
    return score


class DepthFirst:
    """A lane kind for :data:`LANES`: a depth-first search ordered by ``score`` instead of a
    best-first one. It expands the state last pushed, and pushes a state's new children worst
    first, so it goes down the best child at once and comes back to the others only when that
    child's whole subtree is done (every child is marked seen when it is generated, as in the
    best-first lanes). Its dead ends are not the best-first lanes' ones, which is what a
    portfolio needs: on deals where every best-first score wanders for 10 000–40 000 states, a
    depth-first lane often wins in ~1000 (docs/solvers.md). Running dry still means the whole
    space was searched (every generated state is expanded in the end).

    :param score: a score of :func:`make_score` (lower is better)."""

    __slots__ = ("score",)

    def __init__(self, score):
        self.score = score


score = make_score(w_home=12, w_dis=4)
"""The first lane's score (module docstring)."""
LANES = (
    score,
    make_score(w_home=6, w_next=0, w_dis=2, w_free=1, w_empty=2),
    make_score(w_dis=0.5),
    make_score(w_home=4),
    make_score(w_next=0),
    make_score(w_next=3, w_dis=0),
)
LANES = LANES + tuple(DepthFirst(fn) for fn in LANES)
"""The searches run side by side (lanes), indexed by :data:`SCHEDULE`: six best-first scores (chosen
on deals 1–1000, docs/solvers.md), then the same six as :class:`DepthFirst` lanes (6–11), in the
order ``bench/freecell_schedule.py`` counts them."""
SCHEDULE = ((0, 1500), (3, 5600), (2, 2400), (7, 2000), (8, 2000), (3, 8600), (0, 4000), (10, 12000))
"""The lanes' first turns, in order: ``(lane, target)`` — lane ``k`` (of :data:`LANES`) runs until it
has generated ``target`` states of its own, resuming its own search where it stopped (a turn
whose target the lane already has is skipped); after the last turn all lanes take turns
(:data:`SLICE`), the first for as many states as the others together. How it was
chosen (docs/solvers.md): each lane's states to a win (or to exhaustion) were counted alone on deals
1–1000 and on the 60 mid-game positions of ``bench/solvers.py``, and turn lists were searched
(local search, simulated on those counts) for the fewest states on the deals with no position
over ~8500. With the depth-first lanes 7, 8 and 10 it simulates 1.59 million states on deals
1–1000 (1.65 million for the best list of best-first lanes alone) and a worst deal of 21 000
states (42 000); the 60 positions are unchanged (worst 8 349). Each number counts states, so the
same budget gives the same answer however sliced."""
SLICE = 256
"""States each lane generates in its turn once several run."""
TICK = 32
"""The lanes read the clock once in this many expansions (a few hundred microseconds natively): in
Pyodide a read of the Node process's CPU clock (``bench/solvers.py --wasm-clock cpu``) took 17 µs, a
third of an expansion, and of the wall clock 1 µs (docs/solvers.md, FreeCell, "Session 21")."""


def _tail_mask_of(col: bytes) -> int:
    m = 0
    for c in _TAILS[col]:
        m |= 1 << c
    return m


_TMASK = _Memo(_tail_mask_of)
"""Each column's ordered tail as a bit mask of cards (bit ``c`` for card ``c``; 0 when empty)."""
CHMASK = [sum(1 << a for a in CHILDREN[b]) for b in range(64)]
"""The cards that may lie on each card, as a bit mask."""


def successors(state, skip: int = -1):
    """``(internal move, next state)`` pairs; an internal move is ``(card, dst, autos)`` with
    ``dst`` a column, :data:`TO_CELL` or :data:`TO_HOME`, ``card`` the bottom card of what moves
    and ``autos`` the cards the auto-moves sent home after it. Column facts (ordered tails as bit
    masks, run lengths) are memoised per column; the order of the pairs is fixed (it breaks the
    search's ties): home from the columns then the cells, column onto a column (by destination,
    then card), onto the first empty column (by source, longest first), cell to column, column
    to the first empty cell.

    ``skip``: a card none of whose moves is wanted (see :func:`skip_after`; -1: none). Every
    other pair is the same, in the same order."""
    cols, cells, f = state
    out = []
    add = out.append
    nfree = 4 - len(cells)
    nempty = cols.count(b"")
    cap = (nfree + 1) << nempty
    tm = list(map(_TMASK.__getitem__, cols))
    runmask = tm[0] | tm[1] | tm[2] | tm[3] | tm[4] | tm[5] | tm[6] | tm[7]
    if skip >= 0:
        runmask &= ~(1 << skip)
    tops = {}    # top card -> its column
    i = 0
    for col in cols:
        if col:
            tops[col[-1]] = i
        i += 1
    # the parent had no safe card left: only a move home or a newly bared card that is safe now
    # can start more auto-moves
    safe_now = _SAFE_NOW[f]
    none = ()

    # to the foundations (the safe ones already went)
    want = _WANT[f]
    if not want.isdisjoint(tops):
        for c, i in tops.items():
            if c in want and c != skip:
                s = c >> 4
                autos = []
                nxt = auto(cols[:i] + (cols[i][:-1],) + cols[i + 1:], cells, f[:s] + (f[s] + 1,) + f[s + 1:], autos)
                add(((c, TO_HOME, tuple(autos)), nxt))
    if cells and not want.isdisjoint(cells):
        for c in cells:
            if c in want and c != skip:
                s = c >> 4
                autos = []
                nxt = auto(cols, cells.replace(ONE[c], b""), f[:s] + (f[s] + 1,) + f[s + 1:], autos)
                add(((c, TO_HOME, tuple(autos)), nxt))
    # column to a non-empty column: the run whose bottom card fits the destination's top
    chmask = CHMASK
    for t, j in tops.items():
        m = chmask[t] & runmask
        if m:
            d = cols[j]
            for c in CHILDREN[t]:
                if m >> c & 1:
                    i = 0
                    while not tm[i] >> c & 1:
                        i += 1
                    if i != j:
                        col = cols[i]
                        k = col.index(c)
                        if len(col) - k <= cap:
                            lst = list(cols)
                            lst[i] = col[:k]
                            lst[j] = d + col[k:]
                            if k and col[k - 1] in safe_now:
                                autos = []
                                nxt = auto(tuple(lst), cells, f, autos)
                                add(((c, j, tuple(autos)), nxt))
                            else:
                                add(((c, j, none), (tuple(lst), cells, f)))
    # column to the first empty column: every allowed run length (never a whole column)
    if nempty:
        run_len = _RUNS.__getitem__
        ecap = cap >> 1
        j = cols.index(b"")
        for i in range(8):
            col = cols[i]
            if col:
                n = len(col)
                for k in range(min(run_len(col), ecap, n - 1), 1 if col[-1] == skip else 0, -1):
                    lst = list(cols)
                    lst[i] = col[:n - k]
                    lst[j] = col[n - k:]
                    c = col[n - k]
                    if col[n - k - 1] in safe_now:
                        autos = []
                        nxt = auto(tuple(lst), cells, f, autos)
                        add(((c, j, tuple(autos)), nxt))
                    else:
                        add(((c, j, none), (tuple(lst), cells, f)))
    # cell to column
    if cells:
        tget = tops.get
        for c in cells:
            if c == skip:
                continue
            rest = cells.replace(ONE[c], b"")
            for p in PARENTS[c]:
                j = tget(p)
                if j is not None:
                    lst = list(cols)
                    lst[j] = cols[j] + ONE[c]
                    add(((c, j, none), (tuple(lst), rest, f)))
            if nempty:
                j = cols.index(b"")
                lst = list(cols)
                lst[j] = ONE[c]
                add(((c, j, none), (tuple(lst), rest, f)))
    # column to a cell
    if nfree:
        sorted_cells = _SORTED
        for c, i in tops.items():
            if c == skip:
                continue
            col = cols[i]
            lst = list(cols)
            lst[i] = col[:-1]
            ncells = sorted_cells[cells + ONE[c]]
            if len(col) > 1 and col[-2] in safe_now:
                autos = []
                nxt = auto(tuple(lst), ncells, f, autos)
                add(((c, TO_CELL, tuple(autos)), nxt))
            else:
                add(((c, TO_CELL, none), (tuple(lst), ncells, f)))
    return out


def skip_after(move, cols) -> int:
    """The card whose moves :func:`successors` may leave out in the position ``move`` led to
    (``cols`` its columns), or -1. When ``move`` took one card ``c`` alone (to a cell, or from a
    cell or a column onto a column) and sent nothing home, every move of ``c`` out of the new
    position leads where one move of ``c`` led from the position before (its old place's
    neighbours are as they were: onto the same tops, into a cell, to the first empty column,
    home — or back to that very position), and a lane generates every child of a position it
    expands: those states are already in its visited set. A run of several cards is not left
    out (an emptied column may let a longer run move than before)."""
    c, dst, autos = move
    if autos or dst == TO_HOME:
        return -1
    if dst == TO_CELL or cols[dst][-1] == c:
        return c
    return -1


BACK = 64
"""Flag on an internal move's card: the card comes back from its foundation."""
BACK_FROM = 3
"""The lowest rank that comes back from a foundation (:func:`successors_back`)."""
LOWEST_BACK = tuple(s << 4 | BACK_FROM for s in range(4))
"""Each suit's card of rank :data:`BACK_FROM`: out of its foundation (in a key) exactly when no card
of that suit may come back."""


def successors_back(state, skip: int = -1):
    """:func:`successors` plus the moves back from a foundation (``hS4``, which the rules allow;
    ``skip`` is ignored: with moves back, :func:`skip_after` does not hold):
    a foundation's top card to a column whose top it fits, to the first empty column, or to a free
    cell. Every foundation top of rank 3 or more, safe or not: with moves back allowed,
    :func:`_safe`'s promise ("nothing can need it") no longer holds — a black 7 may come back and
    need the red 8 it lies on (QA). No auto-moves follow a move back; the auto-moves follow every
    other move, as in the lanes (after a move back a card taken back may be safe: then every
    child gets them all, not only those a bared card starts). Internal moves
    ``(card | BACK, dst, ())``.

    Aces and twos never come back (nothing is lost; :data:`BACK_FROM`): nothing fits on an ace,
    and only an ace on a two, while no ace ever lies uncovered outside its foundation (the root
    and every other move end with the auto-moves, which send every uncovered ace home, and a
    move back uncovers no card). So an ace or a two taken back stays uncovered and enables no
    other move back (an ace would be the next) until the next other move's auto-moves send it
    home again; that move, or the same move less the card when it rode on top of the run moved,
    played where the card stayed home, leads to the same position (the auto-moves end in the
    same place whatever their order); a move of the card itself leads where the auto-moves lead
    from there, which a move home of any other safe card also reaches (or nothing is left to
    send home). Cutting them removes most of the last search's states: on an unsolvable
    mid-game position, 26 497 of 31 377 came from aces and twos taken back."""
    out = successors(state)
    cols, cells, f = state
    safe = _SAFE_NOW[f]
    if safe and (any(c in safe for c in cells) or any(col and col[-1] in safe for col in cols)):
        eager = []
        for (card, dst, autos), (c2, ce2, f2) in out:
            more: list[int] = []
            nxt = auto(c2, ce2, f2, more)
            eager.append(((card, dst, autos + tuple(more)), nxt))
        out = eager
    return out + _back_moves(cols, cells, f)


def _back_moves(cols, cells, f) -> list:
    """The moves back from a foundation of :func:`successors_back` (no others)."""
    out = []
    nfree = 4 - len(cells)
    first_empty = cols.index(b"") if b"" in cols else -1
    for su in range(4):
        r = f[su]
        if r < BACK_FROM:
            continue
        c = (su << 4) | r
        g = f[:su] + (r - 1,) + f[su + 1:]
        for j in range(8):
            col = cols[j]
            if col and FITS[c][col[-1]]:
                out.append(((c | BACK, j, ()), (cols[:j] + (col + ONE[c],) + cols[j + 1:], cells, g)))
        if first_empty >= 0:
            j = first_empty
            out.append(((c | BACK, j, ()), (cols[:j] + (ONE[c],) + cols[j + 1:], cells, g)))
        if nfree:
            out.append(((c | BACK, TO_CELL, ()), (cols, _SORTED[cells + ONE[c]], g)))
    return out


_SUIT_OF = bytes((48 + (c >> 4)) if c < 64 else 120 for c in range(256))
"""Translation table: a card's byte to its suit's digit (``b"0"``..``b"3"``), anything else to ``x``."""


def state_of(key: bytes) -> tuple:
    """The state ``(cols, cells, f)`` of a visited-set key (:func:`key_of`): the columns in the
    key's (sorted) order, the foundations from the cards still out."""
    cs, cells = key.split(b"~")
    suits = key.translate(_SUIT_OF)
    return (tuple(cs.split(b"|")), cells,
            (13 - suits.count(b"0"), 13 - suits.count(b"1"), 13 - suits.count(b"2"), 13 - suits.count(b"3")))


def shorten(root, path: list) -> list:
    """A shorter line to the same end, for the long lines of a :class:`DepthFirst` lane: ``path``
    (internal moves of :func:`successors` from ``root``) with each stretch ``i … j`` replaced by
    the one or two moves that lead from the ``i``-th position straight to the ``j``-th (the
    furthest ``j`` found). One move never shortens a lane's line (the lane generated every child
    of a position it expanded, so each position's parent is the first that reached it); two
    moves often do: a depth-first line wanders (cards parked in cells and taken back, runs moved
    to and fro), and on the slowest deals one pass takes lines of 160–1300 moves down to 100–200.
    Positions are compared exactly (columns in their places, cells, hence foundations), so the
    moves after a shortcut still name the right columns. Costs about one successor generation
    per child of each position of the line (~8 per move; the moves :func:`skip_after` leaves
    out only lead back to positions one move away, which the first loop already tried)."""
    states = [root]
    st = root
    for m in path:
        for mv, nxt in successors(st):
            if mv == m:
                st = nxt
                break
        else:
            raise AssertionError(f"a lane's move {m} is not a successor of its parent")
        states.append(st)
    get = {(s[0], s[1]): i for i, s in enumerate(states)}.get
    out: list = []
    i, n = 0, len(path)
    while i < n:
        best, bm = i + 1, (path[i],)
        for mv, x in successors(states[i]):
            j = get((x[0], x[1]), -1)
            if j > best:
                best, bm = j, (mv,)
            for mv2, y in successors(x, skip_after(mv, x[0])):
                j = get((y[0], y[1]), -1)
                if j > best + 1:
                    best, bm = j, (mv, mv2)
        out += bm
        i = best
    return out


def _set2(cols, i, a, j, b):
    lst = list(cols)
    lst[i] = a
    lst[j] = b
    return tuple(lst)


LONG_LINE = 140
"""A best-first lane's line longer than this (moves, auto-moves included) is shortened too
(:func:`shorten`, before :func:`prune`), and so is any other line still longer once pruned (a
soft lane's line: 9 of deals 1–1000, up to 234 moves). One pass takes ~11 % off such lines but
costs about ten successor generations a move: on every line over 120 moves (133 of deals
1–1000) it cut the mean by one move for 10 % more CPU, so only the longest are shortened; a
:class:`DepthFirst` lane's line is always shortened (docs/solvers.md)."""


def _one(state, card, src, dst):
    """One card moved, as :func:`successors` writes it: ``(internal move, next state)``. ``src``
    is a column, or -1 for a free cell; ``dst`` a column, :data:`TO_CELL` or :data:`TO_HOME`. The
    auto-moves follow when the card went home or the card it bared is safe (as in
    :func:`successors`). The caller has checked that the move is legal."""
    cols, cells, f = state
    lst = list(cols)
    bared = -1
    if src >= 0:
        col = cols[src][:-1]
        lst[src] = col
        if col:
            bared = col[-1]
    else:
        cells = cells.replace(ONE[card], b"")
    if dst >= 0:
        lst[dst] += ONE[card]
    elif dst == TO_CELL:
        cells = _SORTED[cells + ONE[card]]
    else:
        s = card >> 4
        f = f[:s] + (f[s] + 1,) + f[s + 1:]
    if dst == TO_HOME or bared in _SAFE_NOW[f]:
        autos: list[int] = []
        nxt = auto(tuple(lst), cells, f, autos)
        return (card, dst, tuple(autos)), nxt
    return (card, dst, ()), (tuple(lst), cells, f)


def _run_to(state, i, n, j):
    """The top ``n`` cards of column ``i`` (an ordered run, within the supermove limit) onto
    column ``j``: ``(internal move, next state)``, auto-moves as in :func:`successors`."""
    if n == 1:
        return _one(state, state[0][i][-1], i, j)
    cols, cells, f = state
    col = cols[i]
    lst = list(cols)
    lst[i] = col[:-n]
    lst[j] += col[-n:]
    if lst[i] and lst[i][-1] in _SAFE_NOW[f]:
        autos: list[int] = []
        nxt = auto(tuple(lst), cells, f, autos)
        return (col[-n], j, tuple(autos)), nxt
    return (col[-n], j, ()), (tuple(lst), cells, f)


def _dig(state, i, k, avoid, tops=None):
    """Park the cards of column ``i`` above its ``k``-th card until that card is on top:
    ``(internal moves, state)``, or ``None`` when one will not go. Each park clears the top of
    column ``i`` out of the way: its ordered tail (the longest part that the supermove limit lets
    move) onto a fitting top of another column but ``avoid``, else its top card into a free cell,
    else into the first empty column (never ``avoid``). Each move is one :func:`successors`
    makes, auto-moves after it when the card it bares is safe; they may send cards home on the
    way (the card itself too). ``tops``: the state's ``{top card: column}`` when the caller has
    it. The columns are worked on in a list and the tops kept up to date move by move, so a
    dig of several parks builds one position, not one a park."""
    cols, cells, f = state
    col = cols[i]
    if len(col) <= k + 1:
        return [], state
    lst = list(cols)
    tops = dict(tops) if tops is not None else {c[-1]: j for j, c in enumerate(cols) if c}
    get = tops.get
    safe = _SAFE_NOW[f]
    runs, parents = _RUNS, PARENTS
    moves = []
    nfree = 4 - len(cells)
    nempty = lst.count(b"")
    while len(col) > k + 1:
        n = runs[col]
        cap = (nfree + 1) << nempty
        if n > cap:
            n = cap
        dst = -9
        while n:
            for p in parents[col[-n]]:
                j = get(p)
                if j is not None and j != avoid:
                    dst = j
                    break
            if dst >= 0:
                break
            n -= 1
        top = col[-1]
        del tops[top]
        if dst >= 0:                                   # the run of n onto a fitting top
            card = col[-n]
            del tops[lst[dst][-1]]
            tops[top] = dst
            lst[dst] += col[-n:]
            col = col[:-n]
        elif nfree:                                    # the top into a free cell
            card, dst = top, TO_CELL
            cells = _SORTED[cells + ONE[top]]
            nfree -= 1
            col = col[:-1]
        elif nempty:                                   # the top into the first empty column
            dst = lst.index(b"")
            if dst == avoid:
                return None
            card = top
            tops[top] = dst
            lst[dst] = ONE[top]
            nempty -= 1
            col = col[:-1]
        else:
            return None
        lst[i] = col
        if col:
            if col[-1] in safe:
                autos: list[int] = []
                cs, cells, f = auto(tuple(lst), cells, f, autos)
                moves.append((card, dst, tuple(autos)))
                lst = list(cs)
                col = lst[i]
                safe = _SAFE_NOW[f]
                tops = {c[-1]: j for j, c in enumerate(lst) if c}
                get = tops.get
                nfree = 4 - len(cells)
                nempty = lst.count(b"")
                continue
            tops[col[-1]] = i
        moves.append((card, dst, ()))
    return moves, (tuple(lst), cells, f)


def _run_starts_of(col: bytes) -> tuple:
    out = [0]
    fits = FITS
    for k in range(1, len(col)):
        if not fits[col[k]][col[k - 1]]:
            out.append(k)
    return tuple(out)


_STARTS = _Memo(_run_starts_of)
"""Where each ordered run of a column starts (indices bottom to top; the last is the tail's)."""


def _above_of(col: bytes) -> bytes:
    starts = _STARTS[col]
    return bytes(len(starts) - bisect_right(starts, k) for k in range(len(col)))


_ABOVE = _Memo(_above_of)
"""For each card of a column (by index, bottom to top), the ordered runs that lie above it."""


def _card_info_of(col: bytes) -> dict:
    starts = _STARTS[col]
    out = {}
    for k, c in enumerate(col):
        x = bisect_right(starts, k)
        out[c] = (k, (starts[x] if x < len(starts) else len(col)) - 1, len(starts) - x)
    return out


_CINFO = _Memo(_card_info_of)
"""For each card of a column: ``(index, index of the last card of its ordered run, ordered runs
above that run)``; the tail's cards have no run above (0)."""


SLACK = 1
"""Digging is tried when the runs above the card are at most the free cells and empty columns
plus this many (deals 1–200, first order, 300 states: slack 0 wins 110, 1 wins 123, 2 wins 121
at 20 % more CPU a state)."""
ORDERS = ((1, 1, True, False, True), (0, 0, True, False, True), (2, 2, True, False, True),
          (0, 0, False, False, True), (1, 1, False, False, True), (2, 2, False, False, True),
          (1, 2, False, True, True), (2, 1, False, True, True),
          (0, 0, False, False, False), (1, 1, False, False, False), (2, 2, False, False, False),
          (0, 0, True, False, False), (1, 1, True, False, False), (2, 2, True, False, False))
"""The orders of :func:`meta_successors`: ``(digs, moves onto a top, compound, longest column
first)`` — the digs and the moves onto a top as generated (0), sorted (1: fewest cards above,
longest run first) or reversed (2); whether a card under others moves onto a top (its cards
above parked first) or only the ordered tails move; the tops into free cells from the longest
column or the shortest."""


def meta_successors(state, order: int = 0):
    """The children of ``state`` for a :class:`SoftDepthFirst` lane, generated lazily group by
    group (the caller enters the first new one and resumes the generator when it comes back), as
    ``(internal moves, next state)`` pairs; each move is one that :func:`successors` would make
    at its turn, so a line of them replays like a lane's. A child is one move or a *compound*
    move with a purpose: the cards above a card are parked (:func:`_dig`: onto fitting tops,
    else free cells, else an empty column) so that the card can go home or onto a fitting top.
    Groups, in order: a column's top or a cell's card home; a cell's card onto a fitting top; a
    buried next card of a suit dug out and sent home (fewest cards above first); a card or run
    onto a fitting top of another column, with what lies above it parked first; a run or a cell's
    card onto the first empty column; a column's top into a free cell (shortest column first).
    Digging is tried only when the runs above are at most the free cells and empty columns plus
    :data:`SLACK`. ``order`` (an index of :data:`ORDERS`) says how the digs and the moves onto a
    top are ordered, whether a card under others may be dug out to go onto a top, and whether
    (and from which columns) a top goes alone into a free cell; without those moves a lane gives
    up a branch sooner and wins more deals within a few hundred states (order 8: 705 of deals
    1–1000 within 400, 24 % more than the same order with them). Not complete (a lane of it
    never proves anything): it only has to win quickly."""
    cols, cells, f = state
    want = _WANT[f]
    tops = {col[-1]: i for i, col in enumerate(cols) if col}
    if not want.isdisjoint(tops):
        for c, i in tops.items():
            if c in want:
                m, s = _one(state, c, i, TO_HOME)
                yield [m], s
    if cells:
        for c in cells:
            if c in want:
                m, s = _one(state, c, -1, TO_HOME)
                yield [m], s
        get = tops.get
        for c in cells:
            for p in PARENTS[c]:
                j = get(p)
                if j is not None:
                    m, s = _one(state, c, -1, j)
                    yield [m], s
    nfree = 4 - len(cells)
    nempty = cols.count(b"")
    room = nfree + nempty + SLACK
    cap = (nfree + 1) << nempty
    big = b"|".join(cols)
    find, count = big.find, big.count
    above = _ABOVE
    digs = []
    for c in want:
        p = find(c)
        if p >= 0:
            i = count(124, 0, p)            # 124: the b"|" between columns
            col = cols[i]
            k = col.index(c)
            # a top goes home in the first group: digging it out would give the same child
            if k + 1 < len(col) and above[col][k] <= room:
                digs.append((len(col) - k, i, k, c))
    dig_mode, cand_mode, compound, long_first, to_cell = ORDERS[order]
    if digs:
        if dig_mode == 1:
            digs.sort()
        elif dig_mode == 2:
            digs.reverse()
        for _, i, k, c in digs:
            r = _dig(state, i, k, -1, tops)
            if r is not None:
                ms, s2 = r
                if s2[0][i] and s2[0][i][-1] == c:
                    m, s2 = _one(s2, c, i, TO_HOME)
                    ms.append(m)
                yield ms, s2
    cand = []
    plain = not compound
    if plain:       # only cards of the ordered tails move: the others are skipped at once
        tmv = list(map(_TMASK.__getitem__, cols))
        runmask = tmv[0] | tmv[1] | tmv[2] | tmv[3] | tmv[4] | tmv[5] | tmv[6] | tmv[7]
        if cand_mode == 0:      # in the order found: each move made when it is reached
            for p, j in tops.items():
                mask = CHMASK[p] & runmask
                if mask:
                    for c in CHILDREN[p]:
                        if mask >> c & 1:
                            q = find(c)
                            i = count(124, 0, q)
                            if i != j:
                                e = find(124, q)
                                n = (e if e >= 0 else len(big)) - q
                                if n <= cap:
                                    m, s = _run_to(state, i, n, j)
                                    yield [m], s
    cinfo = _CINFO
    for p, j in () if plain and cand_mode == 0 else tops.items():
        for c in CHILDREN[p]:
            if plain and not runmask >> c & 1:
                continue
            q = find(c)
            if q < 0:
                continue
            i = count(124, 0, q)
            if i == j:
                continue
            col = cols[i]
            k, e, ab = cinfo[col][c]         # the ordered run from c up to e moves with it
            n = len(col)
            if not ab:                       # in the ordered tail: a plain move of a run
                if n - k <= cap:
                    cand.append((0, k - n, i, k, j, n - 1))
                continue
            if compound and ab <= room:      # runs above it
                cand.append((n - 1 - e, 0, i, k, j, e))
    if cand_mode == 1:
        cand.sort()
    elif cand_mode == 2:
        cand.reverse()
    for parked, _, i, k, j, e in cand:
        n = e - k + 1
        if not parked:
            m, s = _run_to(state, i, n, j)
            yield [m], s
            continue
        r = _dig(state, i, e, j, tops)
        if r is None:
            continue
        ms, s2 = r
        c2, d2 = s2[0][i], s2[0][j]
        if (len(c2) == e + 1 and c2[k] == cols[i][k] and d2 and FITS[c2[k]][d2[-1]]
                and n <= (5 - len(s2[1])) << s2[0].count(b"")):
            m, s2 = _run_to(s2, i, n, j)
            ms.append(m)
            yield ms, s2
    if nempty:
        j = cols.index(b"")
        ecap = cap >> 1
        for i in range(8):
            col = cols[i]
            n = len(col)
            if n > 1:
                for k in range(min(_RUNS[col], ecap, n - 1), 0, -1):
                    m, s = _run_to(state, i, k, j)
                    yield [m], s
        for c in cells:
            m, s = _one(state, c, -1, j)
            yield [m], s
    if nfree and to_cell:
        for i in sorted(tops.values(), key=lambda i: -len(cols[i]) if long_first else len(cols[i])):
            m, s = _one(state, cols[i][-1], i, TO_CELL)
            yield [m], s


def _play(state, card, dst):
    """``card`` (with the cards lying on it) moved to ``dst`` (a column, :data:`TO_CELL` or
    :data:`TO_HOME`) in ``state`` when the rules allow it, as :func:`successors` writes a move:
    ``(internal move, next state)`` with the auto-moves after it; ``None`` when the move is not
    legal there (the card is home already, lies under a card out of order, does not fit, or
    the run is over the supermove limit ``(free cells + 1) × 2**(empty columns)``, not counting
    an empty destination). Like :func:`successors`, it moves onto the first empty column only (a
    line pruned keeps the lanes' lines' form: the app's keys and hints play a move onto an empty
    column to the first one), and never a whole column onto an empty one."""
    cols, cells, f = state
    if card in cells:
        i, n = -1, 1
    else:
        for i in range(8):
            k = cols[i].find(card)
            if k >= 0:
                break
        else:
            return None
        col = cols[i]
        n = len(col) - k
        if n > _RUNS[col]:
            return None
    if dst == TO_HOME:
        if n != 1 or f[card >> 4] != (card & 15) - 1:
            return None
        return _one(state, card, i, TO_HOME)
    if dst == TO_CELL:
        if n != 1 or i < 0 or len(cells) >= 4:
            return None
        return _one(state, card, i, TO_CELL)
    if dst == i:
        return None
    d = cols[dst]
    nempty = cols.count(b"")
    if d:
        if not FITS[card][d[-1]]:
            return None
        if n > (5 - len(cells)) << nempty:
            return None
    elif (n > (5 - len(cells)) << (nempty - 1) or (i >= 0 and n == len(cols[i]))
          or cols.index(b"") != dst):
        return None
    if i < 0:
        return _one(state, card, -1, dst)
    return _run_to(state, i, n, dst)


PRUNE_WINDOW = 12
"""How far :func:`prune` replays a line after a move it leaves out (moves): 12 prunes soft lines
to within 0.1 move of a bridge and prune together; 8 leaves them ~0.8 move longer."""


def prune(root, path: list, window: int = PRUNE_WINDOW) -> list:
    """A shorter line to the same end: ``path`` (internal moves from ``root``) with moves that
    do nothing for the win left out. For each move ``t`` in turn, the next moves are replayed
    without it (:func:`_play`; a later move of the same card that no longer applies is left out
    too, so a card parked and taken back costs nothing) for up to ``window`` moves; as soon as
    the replay meets a position of the line (columns in their places, cells) in fewer moves
    (moves home not counted: every card goes home once either way), that stretch is replaced
    and the scan goes back ``window`` moves. Without move ``t`` its card stays where it was, so
    the replay can meet the line only where the line moves that card again or sends it home:
    a move with no such later move within the window is passed over at once. Depth-first lines
    wander: on deals 1–120, soft lines of order 13 within 1500 states are 104.6 moves pruned,
    for ~1.0 ms a line (a bridge first — one move in place of several, one successor
    generation a position — then prune: 104.5 for 2.4 ms; :func:`shorten`'s two-move bridges
    alone cost ~20 ms); the lanes' lines on deals 1–1000 go from 102.99 to 98.68 moves
    (docs/solvers.md). A line whose moves do not replay (moves back from a foundation:
    :data:`BACK`) is returned as it is."""
    states = [root]
    st = root
    for mv in path:
        if mv[0] & BACK:
            return path
        r = _play(st, mv[0], mv[1])
        if r is None:
            return path
        st = r[1]
        states.append(st)
    get = {(s[0], s[1]): i for i, s in enumerate(states)}.get
    t = 0
    while t < len(path):
        c = path[t][0]
        # without move t, card c stays where it was: the replay can meet the line again only
        # where the line moves c again or sends it home
        end = min(len(path), t + window)
        for u in range(t + 1, end):
            m = path[u]
            if m[0] == c or c in m[2]:
                break
        else:
            t += 1
            continue
        st = states[t]
        new: list = []
        mids: list = []
        kept = 0                    # moves of ``new`` that are not moves home
        done = False
        for u in range(t + 1, min(len(path), t + window)):
            mv = path[u]
            r = _play(st, mv[0], mv[1])
            if r is None:
                if mv[0] == c:
                    continue        # the left-out card's next move: left out too
                break
            new.append(r[0])
            st = r[1]
            if r[0][1] != TO_HOME:
                kept += 1
            v = get((st[0], st[1]), -1)
            if v > t and kept < sum(1 for m in path[t:v] if m[1] != TO_HOME):
                path = path[:t] + new + path[v:]
                states = states[:t + 1] + mids + states[v:]
                get = {(s[0], s[1]): i for i, s in enumerate(states)}.get
                done = True
                break
            mids.append(st)
        t = max(0, t - window) if done else t + 1
    return path


class SoftDepthFirst:
    """A lane kind for :data:`PRELUDE`: a depth-first search over :func:`meta_successors` that
    enters the first child it has not seen (no score, no sorting of children: the order of the
    move groups does the choosing) and comes back to the rest of the generator only when that
    child's subtree is done — Freecell Solver's "soft DFS" over its move groups, here in CPython
    where a scored child costs ~10 µs. Its line is the stack itself (no parent records).

    :param root: the position ``(cols, cells, f)``, auto-moves made;
    :param order: an index of :data:`ORDERS` (:func:`meta_successors`)."""

    __slots__ = ("order", "seen", "stack", "path", "nodes")

    def __init__(self, root, order: int = 0):
        cols, cells, f = root
        self.order = order
        self.seen = {key_of(cols, cells)}
        self.stack = [meta_successors(root, order)]
        self.path: list[tuple] = []     # (internal moves, state) from the root to the top of the stack
        self.nodes = 0          # new states met (each entered at once)

    def run(self, budget: int):
        """Enter up to ``budget`` new states: the won line as ``(internal moves, state after
        them)`` steps, or ``None`` (budget spent, or the lane ran dry: its stack is empty)."""
        join = b"|".join          # key_of, inlined
        seen, stack, path, won = self.seen, self.stack, self.path, WON
        add = seen.add
        order = self.order
        nodes, end = self.nodes, self.nodes + budget
        try:
            while stack and nodes < end:
                for moves, nxt in stack[-1]:
                    k = join(sorted(nxt[0])) + b"~" + nxt[1]
                    if k in seen:
                        continue
                    add(k)
                    nodes += 1
                    path.append((moves, nxt))
                    if nxt[2] == won:
                        return list(path)
                    stack.append(meta_successors(nxt, order))
                    break
                else:
                    stack.pop()
                    if path:
                        path.pop()
            return None
        finally:
            self.nodes = nodes


SOFT_COST = 3
"""What a soft state weighs in the budget of :meth:`FreeCellSearch.step` (not in ``nodes``): about its
CPU against a lane's (~24–33 µs against ~7–10), so that ``step(n)`` lasts about as long in the
prelude as in the lanes (the app's hint calls it a few times a frame, 100 states each)."""
PRELUDE = ((11, 225), (13, 105), (13, 375), (9, 600), (13, 600), (12, 150))
"""The soft depth-first turns before :data:`SCHEDULE`: ``(order, states)`` — a
:class:`SoftDepthFirst` lane with that order of :data:`ORDERS` enters new states until it has
that many of its own (a lane given a second turn resumes where it stopped). Orders 11–13 also dig
a card out from under others to put it on a fitting top (as found, sorted, reversed), order 9
moves only ordered tails; none puts a card alone into a free cell. At most 2 055 soft states,
which win 94 % of deals 1–1000 (each of these orders alone wins 86–88 % within 1500). How it was
chosen (docs/solvers.md): each order's states to a win were counted alone on deals 1–1000 with
the length of its line once pruned (:func:`prune`), the lanes' CPU
and lines counted alone too (``bench/freecell_prelude.py counts`` and ``lanes``), and turn lists
searched on those numbers (``search``: the least CPU with the mean solution no longer than
before, 102.9 moves; it came out at 100.5); measured in one process against the solver before
it (``bench/freecell_ab.py``)."""


class _Lane:
    """One search: its score, visited set, node records and open list (a heap for a best-first
    lane, a stack for a :class:`DepthFirst` one)."""

    def __init__(self, root, score_fn, succ=None, dfs=False):
        cols, cells, f = root
        self.score = score_fn
        self.succ = succ or successors
        self.dfs = dfs
        self.seen = {key_of(cols, cells)}
        self.parent: list[int] = [-1]
        self.move: list = [None]
        self.heap = [(score_fn(cols, cells, f), 0, root)]


class FreeCellSearch(Sliced):
    """Best-first search for a FreeCell position, resumable in slices (the interface of
    :class:`games.solvers.search.Sliced`: :meth:`step`, :meth:`run`, ``result``, ``nodes``).

    Several searches with different scores (:data:`LANES`) take turns by :data:`SCHEDULE` once
    the first has generated 1500 states without a win: a deal that one score misjudges is often
    easy for another. They leave out moves back from a foundation; when one of them runs
    out of states, a last search with the first score and those moves too
    (:func:`successors_back`) runs alone, and only its running out proves the position
    unsolvable (a card sent home too early by hand may have to come back). It starts from the
    moves back out of every position the exhausted lane met (its visited set, rebuilt by
    :func:`state_of`; their other moves lead back into that set, so it is not searched again),
    and a win found that way is completed by the path to that position (:meth:`_path_to`).

    :param state: a :class:`games.freecell.FreeCellState`.
    :param max_nodes: budget of states generated, all lanes together (``None``: unlimited);
    :param timeout: seconds, read on ``clock`` (:data:`games.core.Clock`). The result's moves are texts in the game's notation (docs/contract.md),
        replayed by the rules to a win before they are returned (a failure raises
        :class:`AssertionError`: a bug).
    :param lanes: the scores to run (default :data:`LANES`; a one-element ``(score, start)``
        tuple is taken as its score);
    :param schedule: their first turns (default :data:`SCHEDULE` when ``lanes`` is the default,
        else none: the given lanes take turns from the start, one lane runs alone).
    :param prelude: :class:`SoftDepthFirst` turns ``(order, states)`` before all that (default
        :data:`PRELUDE` when ``lanes`` and ``schedule`` are the defaults, else none). Its states
        count in ``nodes`` like any (and :data:`SOFT_COST` times in a step's budget); a win
        there is pruned (:func:`prune`) and replayed like any; it never answers ``unsolvable``.
    """

    def __init__(self, state: FreeCellState, max_nodes: int | None = None, timeout: float | None = None,
                 lanes=None, schedule=None, clock: Clock = time.perf_counter, prelude=None):
        self.start = state
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.nodes = 0
        self.seconds = 0.0
        self.result: Result | None = None
        cols = tuple(bytes(c) for c in state.columns)
        cells = bytes(sorted(c for c in state.cells if c is not None))
        autos: list[int] = []
        cols, cells, f = auto(cols, cells, tuple(state.foundations), autos)
        self._root_autos = tuple(autos)
        self._root = (cols, cells, f)
        specs = [sc[0] if isinstance(sc, tuple) else sc for sc in (lanes or LANES)]
        self._scores = [sc.score if isinstance(sc, DepthFirst) else sc for sc in specs]
        self._dfs = [isinstance(sc, DepthFirst) for sc in specs]
        self._schedule = list(SCHEDULE if schedule is None and lanes is None else schedule or ())
        default = lanes is None and schedule is None
        self._prelude = list(PRELUDE if prelude is None and default else prelude or ())
        self._pre_at = 0                          # index of the prelude's current turn
        self._soft: dict[int, SoftDepthFirst] = {}
        self._lanes: list[_Lane | None] = [None] * len(self._scores)
        self._at = -1            # index of the schedule's current turn (past its end: round robin)
        self._turn = 0
        self._left = 0
        self._back = False       # the last search, with moves back from the foundations
        self.nodes_without_back: int | None = None   # states generated before that last search
        self._seeds: list | None = None   # the exhausted lane's keys, still to start the last search from
        self.seeded = 0                   # how many of them are done (all, once the last search has begun)
        self._seed_keys: list[bytes] = []  # those whose moves back gave new states
        if sum(f) == 52:
            self._finish(SOLVED, self._texts([])[0])

    def _lane(self, k: int) -> _Lane:
        lane = self._lanes[k]
        if lane is None:
            lane = self._lanes[k] = _Lane(self._root, self._scores[k], dfs=self._dfs[k])
        return lane

    def _next_lane(self) -> _Lane:
        """The lane whose turn it is. The turns of :data:`SCHEDULE` first (lane ``k`` runs until it
        has generated ``target`` states of its own), then all lanes in turn, the first for as many
        states as all the others together (so that it keeps half the time)."""
        if self._back:
            self._left = 1 << 62
            return self._lanes[0]
        if self._left > 0:
            return self._lanes[self._turn]
        sched = self._schedule
        while self._at + 1 < len(sched):
            self._at += 1
            k, target = sched[self._at]
            lane = self._lane(k)
            own = len(lane.parent) - 1
            if own < target:
                self._turn, self._left = k, target - own
                return lane
        self._at = len(sched)
        n = len(self._scores)
        if n == 1:
            self._turn, self._left = 0, 1 << 62
        else:
            self._turn = (self._turn + 1) % n
            self._left = SLICE * (n - 1) if self._turn == 0 else SLICE
        return self._lane(self._turn)

    def _prelude_step(self, budget: int, t0: float) -> tuple[Result | None, int]:
        """Run the turns of the prelude (:data:`PRELUDE`) within ``budget`` states: ``(result,
        budget left)``; the prelude is over (``_prelude`` empty) once its last turn has ended
        without a win."""
        pre, limit, timeout = self._prelude, self.max_nodes, self.timeout
        while self._pre_at < len(pre):
            order, target = pre[self._pre_at]
            lane = self._soft.get(order)
            if lane is None:
                lane = self._soft[order] = SoftDepthFirst(self._root, order)
            if lane.nodes >= target or not lane.stack:
                self._pre_at += 1
                continue
            if budget <= 0:
                return None, budget
            # at most 64 states between looks at the clock; each weighs SOFT_COST in the budget
            n = min(target - lane.nodes, -(-budget // SOFT_COST), 64)
            if limit is not None:
                n = min(n, limit - self.nodes)
            before = lane.nodes
            line = lane.run(n)
            self.nodes += lane.nodes - before
            budget -= SOFT_COST * (lane.nodes - before)
            if line is not None:
                return self._line_result([m for ms, _ in line for m in ms], False), budget
            if limit is not None and self.nodes >= limit:
                return self._finish(UNKNOWN), budget
            if timeout is not None and self.seconds + self.clock() - t0 > timeout:
                return self._finish(UNKNOWN), budget
        self._prelude = []
        self._soft = {}
        return None, budget

    def _step(self, budget: int, t0: float) -> Result | None:
        if self._prelude:
            r, budget = self._prelude_step(budget, t0)
            if r is not None or self._prelude:
                return r
        push, pop = heapq.heappush, heapq.heappop
        join = b"|".join          # key_of, inlined
        limit, timeout = self.max_nodes, self.timeout
        clock = self.clock
        won = WON
        tick = TICK
        while True:
            lane = self._next_lane()
            heap, seen, parent, moves, score_fn = lane.heap, lane.seen, lane.parent, lane.move, lane.score
            succ = lane.succ
            add, pa, ma = seen.add, parent.append, moves.append
            dfs = lane.dfs
            fwd = succ is successors       # no moves back: skip_after holds
            spill = heap.extend
            kids: list = []           # a depth-first expansion's children, sorted before they go on the stack
            take = heap.pop if dfs else partial(pop, heap)
            put = kids.append if dfs else partial(push, heap)
            # this lane's turn lasts until _left (states generated) runs out
            nodes, left = self.nodes, self._left
            try:
                while True:
                    if self._seeds is not None:
                        if budget <= 0:
                            return None
                        budget, nodes = self._seed(lane, budget, nodes)
                        if timeout is not None and self.seconds + clock() - t0 > timeout:
                            self.nodes = nodes
                            return self._finish(UNKNOWN)
                        continue
                    if not heap:
                        self.nodes = nodes
                        if self._back:
                            return self._finish(UNSOLVABLE)
                        # exhausted without moves back from a foundation: search once more with
                        # them, from the moves back out of the positions just exhausted
                        self._back = True
                        self.nodes_without_back = nodes
                        back = _Lane(self._root, self._scores[0], successors_back)
                        back.seen, back.heap, back.parent, back.move = seen, [], [], []
                        self._seeds = list(seen)
                        self._lanes = [back]
                        self._turn, left = 0, 1 << 62
                        break
                    if budget <= 0:
                        return None
                    before = nodes
                    # depth first: the state on top of the stack, its new children pushed worst
                    # first so the best is expanded next; best first: the heap's best state
                    _, idx, state = take()
                    idx = -idx
                    m = moves[idx]          # skip_after, inlined
                    if m is None or m[2] or m[1] == TO_HOME or not fwd:
                        sk = -1
                    elif m[1] == TO_CELL or state[0][m[1]][-1] == m[0]:
                        sk = m[0]
                    else:
                        sk = -1
                    for move, nxt in succ(state, sk):
                        cols, cells, f = nxt
                        k = join(sorted(cols)) + b"~" + cells
                        if k in seen:
                            continue
                        add(k)
                        nodes += 1
                        j = len(parent)
                        pa(idx)
                        ma(move)
                        if f == won:
                            self.nodes = nodes
                            return self._solution(lane, j)
                        put((score_fn(cols, cells, f), -j, nxt))
                    if kids:
                        kids.sort(reverse=True)
                        spill(kids)
                        kids.clear()
                    budget -= nodes - before
                    left -= nodes - before
                    if limit is not None and nodes >= limit:
                        self.nodes = nodes
                        return self._finish(UNKNOWN)
                    if timeout is not None:
                        tick -= 1
                        if not tick:
                            tick = TICK
                            if self.seconds + clock() - t0 > timeout:
                                self.nodes = nodes
                                return self._finish(UNKNOWN)
                    if left <= 0:
                        break
            finally:
                self.nodes, self._left = nodes, left

    def _seed(self, lane: _Lane, budget: int, nodes: int) -> tuple[int, int]:
        """Start the last search from the positions the exhausted lane met (its visited set, all
        of them expanded): their other moves lead back into that set, so only their moves back
        from a foundation are new (:func:`_back_moves`). Works through up to 256 positions;
        ``(budget left, nodes)``. A state made this way records its parent as ``-2 - i``, ``i``
        the index of the position's key in ``_seed_keys``."""
        seeds, i = self._seeds, self.seeded
        end = min(len(seeds), i + 256)
        seen, heap, parent, moves, score_fn = lane.seen, lane.heap, lane.parent, lane.move, lane.score
        keys = self._seed_keys
        join, push = b"|".join, heapq.heappush
        t0, t1, t2, t3 = LOWEST_BACK
        for key in seeds[i:end]:
            # a foundation is below BACK_FROM exactly when its card of that rank is still out, in
            # the key: then no card of it comes back (a byte test, before the key is taken apart)
            if t0 in key and t1 in key and t2 in key and t3 in key:
                continue
            cols, cells, f = state_of(key)
            mark = None
            for move, nxt in _back_moves(cols, cells, f):
                c2, ce2, f2 = nxt
                k = join(sorted(c2)) + b"~" + ce2
                if k in seen:
                    continue
                seen.add(k)
                if mark is None:
                    mark = -2 - len(keys)
                    keys.append(key)
                nodes += 1
                j = len(parent)
                parent.append(mark)
                moves.append(move)
                push(heap, (score_fn(c2, ce2, f2), -j, nxt))
        self.seeded = end
        if end == len(seeds):
            self._seeds = None
        return budget - (end - i) // 8 - 1, nodes

    def _path_to(self, key: bytes) -> list:
        """The internal moves from the root to the position of ``key``, one the lanes met, and
        that position with its columns in their places: a breadth-first search over
        :func:`successors` (used once, when a win goes through a move back out of such a
        position)."""
        root = self._root
        came = {key_of(root[0], root[1]): (None, None, root)}
        todo = deque([root])
        while todo and key not in came:
            st = todo.popleft()
            here = key_of(st[0], st[1])
            for move, nxt in successors(st):
                k = key_of(nxt[0], nxt[1])
                if k not in came:
                    came[k] = (here, move, nxt)
                    todo.append(nxt)
        real = came[key][2]
        path = []
        while came[key][0] is not None:
            key, move, _ = came[key]
            path.append(move)
        path.reverse()
        return path, real

    def _solution(self, lane: _Lane, j: int) -> Result:
        path = []
        while lane.parent[j] >= 0:
            path.append(lane.move[j])
            j = lane.parent[j]
        if lane.parent[j] <= -2:   # a move back out of a position the exhausted lane met
            path.append(lane.move[j])
            path.reverse()
            key = self._seed_keys[-2 - lane.parent[j]]
            prefix, real = self._path_to(key)
            # the rest was played on the key's columns, in sorted order: put them where they are
            where, used = [], set()
            for col in state_of(key)[0]:
                i = next(i for i in range(8) if i not in used and real[0][i] == col)
                used.add(i)
                where.append(i)
            path = prefix + [(card, where[dst] if 0 <= dst < 8 else dst, autos) for card, dst, autos in path]
            return self._line_result(path, False)
        path.reverse()
        return self._line_result(path, lane.dfs or len(path) + sum(len(m[2]) for m in path) > LONG_LINE)

    def _line_result(self, path: list, cut: bool) -> Result:
        """The answer for a won line of internal moves from the root, shortened first when
        ``cut`` (:func:`shorten`), then pruned (:func:`prune`) — and shortened and pruned again
        when it is still over :data:`LONG_LINE` moves —, written as texts and replayed by the
        rules to a win (:meth:`_texts`; :class:`AssertionError` if it does not win: a bug)."""
        if cut:
            path = shorten(self._root, path)
        path = prune(self._root, path)
        if not cut and len(path) + sum(len(m[2]) for m in path) > LONG_LINE:
            path = prune(self._root, shorten(self._root, path))     # still long once pruned
        texts, end = self._texts(path)
        if sum(end.foundations) != 52:      # every move was played by the rules' apply
            raise AssertionError(f"solver found a solution that does not replay: {texts}")
        self._lanes = []
        self._soft = {}
        return self._finish(SOLVED, texts)

    def _texts(self, path) -> tuple[list[str], FreeCellState]:
        """The internal moves (and the auto-moves after each) as texts, and the state they lead
        to: each is played by the rules (:meth:`FreeCell.apply`, which refuses an illegal move)
        on the real state, so that columns, cells and run lengths are named as the rules name
        them and the solution is replayed once, here."""
        s = self.start
        out: list[str] = []

        def play(m):
            nonlocal s
            out.append(FreeCell.format_move(s, m))
            s = FreeCell.apply(s, m)

        for c in self._root_autos:
            play(Move(_where(s, c)[0], FOUNDATION))
        for card, dst, autos in path:
            if card & BACK:
                src = FOUNDATION_OF + ((card & ~BACK) >> 4)
                play(Move(src, CELL + s.cells.index(None) if dst == TO_CELL else dst))
                continue
            src, n = _where(s, card)
            if dst == TO_HOME:
                play(Move(src, FOUNDATION))
            elif dst == TO_CELL:
                play(Move(src, CELL + s.cells.index(None)))
            else:
                play(Move(src, dst, n))
            for c in autos:
                play(Move(_where(s, c)[0], FOUNDATION))
        return out, s


def _where(s: FreeCellState, card: int) -> tuple[int, int]:
    """The place of ``card`` in ``s`` and the number of cards from it to its column's top."""
    for i, col in enumerate(s.columns):
        if card in col:
            return i, len(col) - col.index(card)
    return CELL + s.cells.index(card), 1


def solver(state: FreeCellState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> FreeCellSearch:
    """A resumable search from ``state``; see :class:`FreeCellSearch`."""
    return FreeCellSearch(state, max_nodes, timeout, clock=clock)


__all__ = ["FreeCellSearch", "DepthFirst", "SoftDepthFirst", "PRELUDE", "ORDERS", "meta_successors", "prune", "LANES", "shorten", "skip_after", "solver", "successors", "successors_back", "auto", "key_of", "state_of", "make_score"]
