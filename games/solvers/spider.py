"""Spider solver: best-first search over a compact state, scored by the work left.

The solver sees every card, face-down ones and the stock's order included (as every solver
here does): its answers are about the cards as they lie, not about what a player could know.

**The compact state** ``(columns, sp)``: ten ``bytes`` objects, one a column from the bottom,
a card as its :class:`games.cards.Card` value (``suit * 16 + rank``, below 64) plus 64 while it
is face down, and ``sp``, how many deals of the stock were made (the stock's order never
changes, so it lives in the problem, split in deals of up to 10 cards). Score and completed
runs never change what can still be won, so they are not in the state. The visited-set key is
the state itself while the stock lasts (a deal puts its cards on fixed columns, so columns are
not interchangeable then), and the *sorted* columns once the stock is empty (any permutation of
the columns then plays the same).

**Search** (:class:`games.solvers.search.BestFirst`): the open state with the least
``3 × face-down cards + 2 × (breaks + stock cards) + cards on the table − 4 × empty columns``
is expanded first (plus a small share of the depth, which keeps lines short and stops drifting
between equal positions); a *break* is two face-up cards on each other that are not the same
suit one rank apart. A deal swaps ten stock cards for at most ten breaks, so dealing is neutral
and the search deals when nothing better is left. Any state reachable is eventually expanded,
so when nothing was pruned (below) an exhausted search proves the position *unsolvable*.

**Pruning** (heuristic; when it happened an exhausted search answers *unknown*, never
*unsolvable*):

1. A run that sits on its own natural card (same suit, one rank up) is not split off onto
   another card, unless it lengthens the natural run it joins there (a split onto an empty
   column is kept: it is how runs are rearranged).
2. A whole column that is one movable run does not move into an empty column (a mere swap of
   two columns; with the stock empty the sorted key makes it a duplicate anyway, so no pruning
   is counted then).
3. Onto empty columns only the first is tried (the others differ only in which stock cards a
   later deal puts on the run; with the stock empty they are the same by the sorted key).

Moves are ``games.spider.Move`` values and :data:`games.spider.DEAL`; their texts are those of
:meth:`games.spider.Spider.format_move` (``3-7``, ``3-7/2`` onto an empty column, ``d``), and a
solution is replayed by the rules before it is reported.
"""
from __future__ import annotations

from ..spider import DEAL, N_COLUMNS, RUN, Move, Spider, SpiderState
from .search import BestFirst, replays_to_win

DOWN = 64
"""Added to a card's value while it is face down."""

W_DOWN, W_BREAK, W_CARD, W_EMPTY, W_EMPTY_STOCK, W_DEPTH, W_STOCK = 3, 2, 1, 4, 1, 0.05, 2.5
"""Weights of the priority (see the module docstring)."""

LATERAL = True
QUOTA, QUOTA_MORE = 300, 150
SUIT_BREAK = 1

COMPLETE = tuple(bytes(range(su * 16 + 13, su * 16, -1)) for su in range(4))
"""The K…A run of each suit as a column's last 13 bytes."""


def encode(col: tuple, down: int) -> bytes:
    """A rules column (cards bottom to top, ``down`` of them face down) as compact bytes."""
    return bytes(c + DOWN if i < down else c for i, c in enumerate(col))


def _settle(col: bytes) -> tuple[bytes, int]:
    """``(column, runs removed)`` after the automatic events: complete K…A runs at the open end
    leave, and a face-down top card turns up."""
    removed = 0
    while True:
        if col and col[-1] >= DOWN:
            col = col[:-1] + bytes((col[-1] - DOWN,))
        if len(col) >= RUN and (col[-1] & 15) == 1 and col.endswith(COMPLETE[(col[-1] >> 4) & 3]):
            col = col[:-RUN]
            removed += 1
            continue
        return col, removed


class _Problem:
    """The fixed parts of one search (stock deals, the rule) and the column caches."""

    def __init__(self, s: SpiderState):
        self.start = s
        self.deals = tuple(tuple(s.stock[i:i + N_COLUMNS]) for i in range(0, len(s.stock), N_COLUMNS))
        self.n_deals = len(self.deals)
        self.stock_left = tuple(sum(len(x) for x in self.deals[i:]) for i in range(self.n_deals + 1))
        self.relaxed = s.relaxed
        self.root = (tuple(_settle(encode(c, d))[0] for c, d in zip(s.columns, s.down)), 0)
        self.pruned = False
        self._info: dict[bytes, tuple[int, int, int]] = {}

    # -- per-column facts, cached by the column's bytes --------------------------------------------
    def info(self, col: bytes) -> tuple[int, int, int]:
        """``(run length at the top, face-down cards, breaks)`` of a non-empty column."""
        r = self._info.get(col)
        if r is not None:
            return r
        n = len(col)
        down = 0
        while down < n and col[down] >= DOWN:
            down += 1
        breaks = 0
        k = 1
        run_open = True
        for i in range(n - 1, down, -1):
            if col[i - 1] == col[i] + 1:
                if run_open:
                    k += 1
            else:
                breaks += SUIT_BREAK if (col[i - 1] & 15) == (col[i] & 15) + 1 else 1
                run_open = False
        r = (k, down, breaks)
        if len(self._info) > 500_000:
            self._info.clear()
        self._info[col] = r
        return r

    def priority(self, state, depth: int) -> float:
        cols, sp = state
        info = self.info
        down = breaks = cards = empty = 0
        for c in cols:
            if c:
                _, d, b = info(c)
                down += d
                breaks += b
                cards += len(c)
            else:
                empty += 1
        stock = self.stock_left[sp]
        return (W_DOWN * down + W_STOCK * stock + W_BREAK * breaks + W_CARD * cards
                - (W_EMPTY_STOCK if stock else W_EMPTY) * empty + W_DEPTH * depth)

    def key(self, state):
        cols, sp = state
        if sp == self.n_deals:
            return tuple(sorted(cols))
        return state

    def won(self, state) -> bool:
        """The table and the stock are empty."""
        return state[1] == self.n_deals and not any(state[0])

    # -- moves --------------------------------------------------------------------------------------
    def successors(self, state):
        cols, sp = state
        info = self.info
        stock_left = sp < self.n_deals
        empties = [i for i in range(N_COLUMNS) if not cols[i]]
        first_empty = empties[0] if empties else -1
        if len(empties) > 1 and stock_left:
            self.pruned = True  # pruning 3
        tops = [c[-1] & 15 if c else 0 for c in cols]
        out = []
        if stock_left and (self.relaxed or not empties):
            new = list(cols)
            for i, card in enumerate(self.deals[sp]):
                new[i] = _settle(new[i] + bytes((card,)))[0]
            out.append((DEAL, (tuple(new), sp + 1)))
        for a in range(N_COLUMNS):
            col = cols[a]
            if not col:
                continue
            k = info(col)[0]
            size = len(col)
            low = col[-1] & 15
            for b in range(N_COLUMNS):
                t = tops[b]
                if not t or b == a:
                    continue
                n = t - low
                if n < 1 or n > k:
                    continue
                base = col[size - n]
                dst = cols[b]
                if n < k:  # the run is split: its base sits on its natural card
                    if dst[-1] != base + 1 or info(dst)[0] + n <= k:
                        self.pruned = True  # pruning 1
                        continue
                elif LATERAL and n < size and dst[-1] != base + 1:
                    parent = col[size - n - 1]
                    if parent < DOWN and not self._wanted(cols, parent, a, b):
                        self.pruned = True  # pruning 4
                        continue
                out.append(self._move(cols, sp, a, b, n))
            if first_empty >= 0:
                for n in range(1, k + 1):
                    if n == size:
                        if stock_left:
                            self.pruned = True  # pruning 2
                        continue
                    out.append(self._move(cols, sp, a, first_empty, n))
        return out

    def _wanted(self, cols, parent, a, b) -> bool:
        """Whether some other column's movable run holds ``parent``'s natural child (same
        suit, one rank down), which could then go on ``parent``."""
        child = parent - 1
        for c in range(N_COLUMNS):
            if c == a or c == b:
                continue
            col = cols[c]
            if col and child in col[len(col) - self.info(col)[0]:]:
                return True
        return False

    @staticmethod
    def _move(cols, sp, a, b, n):
        new = list(cols)
        src = cols[a]
        new[a] = _settle(src[:-n])[0]
        new[b] = _settle(cols[b] + src[-n:])[0]
        return Move(a, b, n), (tuple(new), sp)

    @staticmethod
    def fmt(state, move) -> str:
        """The move's text as :meth:`Spider.format_move` writes it."""
        if move == DEAL:
            return "d"
        a, b, n = move
        return f"{a + 1}-{b + 1}" if state[0][b] else f"{a + 1}-{b + 1}/{n}"


def solver(state: SpiderState, max_nodes: int | None = None, timeout: float | None = None) -> BestFirst:
    """A resumable best-first search from ``state`` (it sees face-down cards and the stock).

    :param max_nodes: budget of positions generated (``None``: unlimited);
    :param timeout: seconds of search (``None``: none).
    :returns: a :class:`games.solvers.search.BestFirst`: ``step(n)`` / ``run()`` give a
        :class:`games.solvers.search.Result`, ``solved`` (moves in CONTRACT.md notation,
        replayed by the rules), ``unsolvable`` (every position reachable was tried, nothing was
        pruned) or ``unknown``.
    """
    p = _Problem(state)
    return BestFirst(p.root, p.successors, p.won, p.fmt,
                     p.priority, p.key,
                     lambda _start, moves: replays_to_win(Spider, state, moves),
                     lambda: not p.pruned, max_nodes, timeout, lambda st: st[1], QUOTA, QUOTA_MORE)
