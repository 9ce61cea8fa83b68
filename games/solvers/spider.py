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

**Search** (:class:`SpiderSearch`, resumable in slices like every search here): a deal is
irreversible, so the search is staged by the number of deals made. Inside a stage it is
best-first: the open state with the least priority (the lane's weights, :data:`LANES`)

    3 × face-down cards + 2.5 × stock cards + 2 × breaks + cards on the table
    − 2 × empty columns while the stock lasts (4 once it is empty) + 0.05 × depth

is expanded first (a *break*: two face-up cards on each other that are not the same suit one
rank apart; the depth term keeps lines short). A stage gets :data:`QUOTA` expansions
(:data:`QUOTA_LAST` for the last one, stock empty); the states after a deal it generates are
its *candidates*, the best of which opens the next stage; a stage that runs dry gives up and its
parent gets :data:`QUOTA_MORE` more expansions (with 2 suits the first stage gets back what
the failed line spent: :attr:`SpiderSearch.first_share`) and opens its next candidate. Over the deals
the search is a **limited discrepancy search**: in *attempt* ``L`` a line may pass over at most
``L`` better candidates in all (opening a stage's ``i``-th best candidate costs ``i - 1``);
attempts ``L = 0, 1, 2, …`` follow each other. The stages are kept from one attempt to the
next, with their open states, candidates and the visited set, so an attempt only does the work
its one more discrepancy allows (up to :data:`KEEP` positions; past it the next attempt starts
afresh): about twice as fast as attempts that start from scratch. Measured on
4 suits, this beats plain depth-first backtracking over the deals (which sank its budget under
the first stages' first choice: 29 % of deals solved at 10 s) because the choice that matters
is usually an early one. An attempt in which no stage gave up and no candidate was passed over
has tried every reachable state: it ends the search, *unsolvable* if nothing was pruned
(below), else *unknown*. With 2 suits a second lane with other weights joins a search that needs
several discrepancies, for a bounded share (:class:`SpiderPortfolio`). With 4 suits the deal
points are searched by a beam instead (:class:`SpiderBeam`: passes of growing width, each level
keeping the best candidates of all its stage searches), the same stage searches and prunings;
its depth term counts the moves since the last deal.

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
4. With 4 suits, a same-suit run goes into an empty column whole, never split
   (:data:`SPLIT_TO_EMPTY`).

**In the browser** the 4-suit search runs in the page's JavaScript engine instead
(:mod:`games.solvers.spider_js`, ``spider_beam.js``): the same search node for node, several times
cheaper a position than this Python compiled to WebAssembly; :func:`solver` takes it when a bridge
to the page exists and the engine loads (the desktop has none).

Moves are ``games.spider.Move`` values and :data:`games.spider.DEAL`; their texts are those of
:meth:`games.spider.Spider.format_move` (``3-7``, ``3-7/2`` onto an empty column, ``d``), and a
solution is replayed by the rules before it is reported.
"""
from __future__ import annotations

import time
from typing import NamedTuple

from ..core import Clock
from ..spider import DEAL, N_COLUMNS, RUN, Move, Spider, SpiderState
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Sliced, replays_to_win
from .spider_js import js_search

DOWN = 64
"""Added to a card's value while it is face down."""

LANES = (
    # (face-down, stock card, unordered break, off-suit break, card, empty column while the stock
    #  lasts, empty column once it is empty, depth)
    (3.0, 2.5, 2.0, 2.0, 1.0, 2.0, 4.0, 0.05),
    (3.0, 2.5, 2.0, 1.0, 1.0, 2.0, 4.0, 0.05),
)
"""The weight sets of the priority, one a lane (see the module docstring). Lane 0 is the search;
lane 1 (off-suit breaks weighted 1) is the second lane of the 2-suit portfolio
(:class:`SpiderPortfolio`): with 1 suit there are no off-suit breaks, so it would be lane 0 again,
and with 4 suits it was worse alone (deals 1–20: 5 solved against 8) and halving lane 0's time
costs more than it gains (852 of deals 1–1000 solved within 2.5 s against 904 within 5 s)."""

PORTFOLIO_AFTER = 3
"""The 2-suit portfolio runs lane 0 alone through its attempts ``0 … PORTFOLIO_AFTER - 1`` (most
positions are solved there, at full speed), then lanes 0 and 1 in turns."""

TURNS = (2000, 2000)
"""Positions lane 0 and lane 1 of the portfolio generate in one turn."""

LANE1_NODES = 60_000
"""Positions lane 1 may generate in all (≈ 0.7 s native): a second opinion on a position lane 0
finds hard early, not a second search. From a deal's start lane 0 is the better lane (2 suits,
deals 1–1000 at 5 s: with lane 1 unbounded, 997 solved against 999 — deals 450 and 705, which
lane 0 alone solves in 3.5–3.8 s, ran out of time), so lane 1's cost is bounded."""

MACROS = True
"""With 2 or 4 suits, also move a rank-ordered run of several suits in one step through empty columns
(each same-suit part parks in its own empty column, the lowest part moves, the others follow):
with ``E`` empty columns, up to ``E + 1`` parts, onto a card one rank up."""

SPLIT_TO_EMPTY = (1, 2)
"""The suit counts whose search may split a same-suit run into an empty column (move its top
``n`` cards, ``n`` below its length); with 4 suits only whole runs go there (pruning 4). Such a
split leaves on top the run's card one rank above the part moved, which only another card of
that part's rank can then take (its twin from the other deck, or an off-suit one), and it spends
an empty column, the 4-suit game's scarcest means. Measured on the 4-suit mid-game positions 1-86
of ``bench/solvers.py``, 200 000 positions each (no clock): 63 solved against 57 (7 gained, 1
lost: position 34), 56 against 44 within 100 000; the 56 solved by both needed 1.77 M positions
in all instead of 3.16 M. A position costs about 18 % more CPU (fewer successors an expansion, so
more expansions a position). 1 and 2 suits keep the splits (their searches are unchanged)."""

SCALE = 20
"""The priority is computed in integers: weights times ``SCALE`` (exact, and cheap to update
move by move)."""

QUOTA, QUOTA_LAST, QUOTA_MORE = 300, 1000, 150
"""Expansions a stage gets when opened (the last stage, stock empty: ``QUOTA_LAST``), and when a
child stage gave up (but see :attr:`SpiderSearch.first_share`)."""

BEAM_GROW = 1.5
"""The width of :class:`SpiderBeam`'s next pass: the last one's times this (at least one more)."""


class BeamSet(NamedTuple):
    """The constants of one :class:`SpiderBeam`: a stage search's expansions when opened
    (``quota``; ``quota_last`` for the last stage, stock empty), the first pass's width
    (``width``), the next pass's width as the last one's times ``grow`` (rounded down, at least one
    more), and the factor ``quota_grow`` the quotas are multiplied by when a pass widens (1: only
    a pass that cut no candidate doubles them; a quota is its base times that scale, rounded
    down)."""

    quota: int
    quota_last: int
    grow: float
    width: int = 1
    quota_grow: float = 1.0


PYTHON_BEAM = BeamSet(QUOTA, QUOTA_LAST, BEAM_GROW)
"""The set of the Python search (the desktop, the CLI, deal verification): tuned for its budget of
about 100 000–140 000 positions (docs/solvers.md, Spider, "Session 10" to "Session 21")."""

ENGINE_BEAM = PYTHON_BEAM
"""The set of the search in the page's JavaScript engine (:mod:`games.solvers.spider_js`), whose
2 s rescue searches about 1.3–1.5 million positions: the Python search's, since no other set swept
at that budget answers more beyond the noise (positions 1–600 of ``bench/solvers.py``, ten sets:
larger or smaller quotas, growth ×2, a first width of 4, the quotas growing as passes widen;
docs/solvers.md, Spider, "Session 27")."""

KEEP = 3_000_000
"""Positions an attempt may leave to the next one; past it the next attempt starts afresh
(memory: about 560 bytes a position, so ≈ 1.7 GB at the cap). Reached only by long searches
(4 suits: about 35 CPU s; the app's budgets stop at 400 000 positions). A lower cap costs long
searches dearly: at 1 000 000, a 30 s search of a hard 4-suit deal passed it at about 15 s (deal
140: 1.17 M positions when attempt 7 began) and spent the rest of its budget redoing the work of
the attempts before, afresh."""

CLOCK_EVERY = 32
"""A search under a timeout reads its clock once in this many expansions (a power of two), not
after each: a read costs about 1 µs natively with ``time.process_time``, 1 µs in Pyodide with
``time.perf_counter`` (the app's clock) and 11 µs with the Node process's CPU time (the clock of
``bench/solvers.py --wasm-clock cpu``, a call into JavaScript), against about 15 µs (native) and
33 µs (Pyodide) an expansion of a 4-suit search, so reading it each time cost a rescue a quarter of
its Pyodide budget on the bench (docs/solvers.md, Spider, "Session 17"). 32 expansions are about
1 ms of search in Pyodide: the budget is overrun by that at most, and :meth:`Sliced.step` reads the
clock at each slice's start and end as before. The positions searched and their order do not
depend on it."""
CLOCK_EVERY_MASK = CLOCK_EVERY - 1

OPEN_LOW = (1 << 32) - 1
"""A stage search of :class:`SpiderBeam` keeps its open states in a heap of integers
``priority × 2³² − index`` (the index into ``_nodes``, below 2³²; ``-key & OPEN_LOW`` gives it back):
least priority first, then the latest position, the order of the tuples ``(priority, −index,
index)`` its candidates are ranked by, with no tuple made and compared an open state."""

COLS_OF = tuple(tuple(i for i in range(N_COLUMNS) if m >> i & 1) for m in range(1 << N_COLUMNS))
"""A set of columns as a bit mask (bit ``i``: column ``i``) → their indices, lowest first."""

FLIP = {c: bytes((c - DOWN,)) for c in range(DOWN, 2 * DOWN)}
"""A face-down card's byte → the one-byte column end of it turned face up."""

COMPLETE = tuple(bytes(range(su * 16 + 13, su * 16, -1)) for su in range(4))
"""The K…A run of each suit as a column's last 13 bytes."""

WORK_BITS = 10
"""A column's facts hold ``cw = cost << WORK_BITS | work`` (:meth:`_Problem.info`): a table's
work is below 2 × 54 + 104 < 2¹⁰, so the sum of its columns' ``cw`` is its cost and its work, one
addition a column (an empty column's is :data:`EMPTY_CW`, counted above both)."""
WORK_MASK = (1 << WORK_BITS) - 1
EMPTY_SHIFT = 40
EMPTY_CW = 1 << EMPTY_SHIFT
"""``cw`` of an empty column: the sum's bits from :data:`EMPTY_SHIFT` count the empty columns."""

AT_CARD = 16
"""The successors' list ``at`` of the columns by top card (a bit mask of columns an entry) holds
them by top rank at ``at[rank]`` and by top card at ``at[AT_CARD + card]``: one list a call."""

assert N_COLUMNS == 10  # _Problem.successors is written out for ten columns

CLEARED = (b"",) * N_COLUMNS
"""The columns of a won table (compared to, not searched with ``any``: no call)."""

MOVES = tuple(tuple(tuple((a, b, n) for n in range(RUN + 1)) for b in range(N_COLUMNS)) for a in range(N_COLUMNS))
"""The move ``(a, b, n)`` as ``MOVES[a][b][n]``: made once, not a new tuple a successor (fewer
objects for the collector)."""

EMPTY_INFO = (0, 0, 0, 0, (), 0, (), EMPTY_CW, 0, 0, 0)
"""The facts cache's entry for an empty column (``b""``): no move from it, no top card."""


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

    def __init__(self, s: SpiderState, lane: int = 0):
        self.start = s
        self.deals = tuple(tuple(s.stock[i:i + N_COLUMNS]) for i in range(0, len(s.stock), N_COLUMNS))
        self.n_deals = len(self.deals)
        self.stock_left = tuple(sum(len(x) for x in self.deals[i:]) for i in range(self.n_deals + 1))
        self.relaxed = s.relaxed
        self.macros = s.suits >= 2 and MACROS
        self.split_to_empty = s.suits in SPLIT_TO_EMPTY
        self._segs: dict[bytes, tuple[int, ...]] = {}
        self.root = (tuple(_settle(encode(c, d))[0] for c, d in zip(s.columns, s.down)), 0)
        # A complete K…A run under other cards (play never makes one: a run leaves as it forms,
        # but a position file may hold one) leaves once uncovered; the moves below tidy only the
        # columns play can change that way, so with such a run every new column is settled.
        self.buried = any(run in col for col in self.root[0] for run in COMPLETE)
        self.pruned = False
        self._info: dict[bytes, tuple] = {}
        self.set_weights(LANES[lane])

    # -- per-column facts, cached by the column's bytes --------------------------------------------
    def info(self, col: bytes) -> tuple:
        """``(run length at the top, cost, work, top rank, parts, whole, splits, cw, top, needs,
        natural)`` of a non-empty column;
        its cost is its part of the priority in :data:`SCALE` units (face-down cards, breaks,
        cards: see :data:`LANES`), its work 2 × face-down cards + cards (see :meth:`work`), its top
        rank the rank of its last card (1–13; the card is face up: a column's end is turned up at
        once). ``parts[n - 1]`` is ``(rest, run)`` for the top ``n`` cards of the same-suit run
        (``n`` from 1 to the run's length ``k``): the column left when they move away (its new end
        turned face up) and the cards moved. ``whole`` is what moving the whole run away changes in
        the priority besides the cards' own cost: ``cost(rest) - cost + w_card × k`` (``rest``'s cost
        taken as 0 when empty); moving part of it changes nothing, the run's base staying on its
        natural card. The successors price a move from these without looking ``rest`` up.
        ``needs`` is the rank one above the run's base (the cards the whole run goes onto),
        ``splits`` the natural cards of each part short of the whole (pruning 1), ``top`` its
        top card and ``natural`` the natural card of the run's base, as indices into the
        successors' list ``at`` (:data:`AT_CARD`); ``cw`` is its cost and work as
        :data:`WORK_BITS` says."""
        r = self._info.get(col)
        return r if r is not None else self._column(col)

    def _column(self, col: bytes) -> tuple:
        """:meth:`info` of ``col`` made afresh and kept (the cache keeps at most 500 000 columns)."""
        k, cost, work, top = self._facts(col)
        parts = []
        for m in range(1, k + 1):
            rest = col[:-m]
            if rest and rest[-1] >= DOWN:
                rest = rest[:-1] + FLIP[rest[-1]]
            parts.append((rest, col[-m:]))
        rest = parts[-1][0]
        whole = (self._facts(rest)[1] if rest else 0) - cost + self.iweights[4] * k
        card = col[-1]
        splits = tuple(AT_CARD + card + n for n in range(1, k))
        r = (k, cost, work, top, tuple(parts), whole, splits, cost << WORK_BITS | work, AT_CARD + card, top + k,
             AT_CARD + col[-k] + 1)
        if len(self._info) > 500_000:
            self._info.clear()
            self._info[b""] = EMPTY_INFO
        self._info[col] = r
        return r

    def _facts(self, col: bytes) -> tuple[int, int, int, int]:
        """``(run length at the top, cost, work, top rank)`` of a non-empty column (:meth:`info`),
        computed afresh."""
        n = len(col)
        down = 0
        while down < n and col[down] >= DOWN:
            down += 1
        unordered = offsuit = 0
        k = 1
        run_open = True
        for i in range(n - 1, down, -1):
            if col[i - 1] == col[i] + 1:
                if run_open:
                    k += 1
            else:
                if (col[i - 1] & 15) == (col[i] & 15) + 1:
                    offsuit += 1
                else:
                    unordered += 1
                run_open = False
        w = self.iweights
        return k, w[0] * down + w[2] * unordered + w[3] * offsuit + w[4] * n, 2 * down + n, col[-1] & 15

    def segments(self, col: bytes) -> tuple[int, ...]:
        """The rank-ordered face-up run at the top of a non-empty column, of any suits, as the
        cumulative lengths of its same-suit parts from the top: ``(k1, k1 + k2, …)``."""
        r = self._segs.get(col)
        if r is not None:
            return r
        out = []
        i = len(col) - 1
        n = 1
        while i > 0 and col[i - 1] < DOWN and (col[i - 1] & 15) == (col[i] & 15) + 1:
            if col[i - 1] != col[i] + 1:
                out.append(n)
            n += 1
            i -= 1
        out.append(n)
        r = tuple(out)
        if len(self._segs) > 500_000:
            self._segs.clear()
        self._segs[col] = r
        return r

    def set_weights(self, weights) -> None:
        """Use one lane's weights (:data:`LANES`), as integers in :data:`SCALE` units."""
        self.weights = weights
        self.iweights = tuple(round(x * SCALE) for x in weights)
        self._info.clear()
        self._info[b""] = EMPTY_INFO
        self.deal_tabs: list = [None] * self.n_deals  # made when first needed: deal_tab

    def deal_tab(self, sp: int) -> tuple:
        """For the successors' shorter road, :meth:`deal_priority` as tables: ``(step, tables)``,
        ``step`` what the deal ``sp`` changes in the stock's part of the priority, ``tables[i]``
        what its ``i``-th card adds, by the top card of the column it lands on as an index into
        the successors' ``at`` (:data:`AT_CARD`): a card, and a break unless it is its natural
        card; ``None`` for an ace onto its natural card, which may complete a run."""
        w = self.iweights
        tables = []
        for card in self.deals[sp]:
            t = [None] * (AT_CARD + 64)
            for top in range(1, 64):
                if top == card + 1:
                    v = None if (card & 15) == 1 else w[4]
                elif (top & 15) == (card & 15) + 1:
                    v = w[4] + w[3]
                else:
                    v = w[4] + w[2]
                t[AT_CARD + top] = v
            tables.append(tuple(t))
        r = self.deal_tabs[sp] = (w[1] * (self.stock_left[sp + 1] - self.stock_left[sp]), tuple(tables))
        return r

    def priority(self, state, depth: int) -> int:
        """The lane's score of ``state`` reached at ``depth`` in :data:`SCALE` units: lower is
        expanded first."""
        cols, sp = state
        info = self.info
        cost = empty = 0
        for c in cols:
            if c:
                cost += info(c)[1]
            else:
                empty += 1
        stock = self.stock_left[sp]
        w = self.iweights
        return cost + w[1] * stock - (w[5] if stock else w[6]) * empty + w[7] * depth

    def work(self, state) -> int:
        """The work left in ``state`` as a hint rates progress: 2 × face-down cards + cards on the
        table and in the stock. A move never raises it; turning a card up lowers it by 2,
        completing a run by 13, a deal leaves it."""
        cols, sp = state
        info = self.info
        return sum(info(c)[2] for c in cols if c) + self.stock_left[sp]

    def key(self, state):
        cols, sp = state
        if sp == self.n_deals:
            return tuple(sorted(cols))
        return state

    def won(self, state) -> bool:
        """The table and the stock are empty."""
        return state[1] == self.n_deals and not any(state[0])

    # -- moves --------------------------------------------------------------------------------------
    def successors(self, state, depth: int = 0, seen: set | None = None):
        """``[(move, next state, priority of the next state at depth)]``, moves in a fixed order
        (the deal first, then by source column, destination column, run length). The deal's
        next state is ``None`` (unless a card lands on an empty column or completes a run): the
        search makes it (:meth:`deal_state`) only for the candidates it opens, as most are never
        opened; it needs no visited check when generated, since different states before a deal
        give different states after it.

        With ``seen`` (the search's visited set of :meth:`key` values), a next state (other than
        a deal's ``None``) whose key is in it is left out, and
        every one kept is added to it: the same list as without it, less the states a search
        skips as visited, taken in the same order (a state twice in the list is kept once).

        The common case — no empty column, pruning already counted (:attr:`pruned`), no buried
        run — takes a shorter road to the same list (:meth:`_successors_all` takes every case):
        the table's cost and work are one addition a column (``cw``, :meth:`info`), and the
        columns by top rank and top card one list (:data:`AT_CARD`)."""
        cols, sp = state
        facts = self._info
        # the columns' facts, the table's cost and work (cw), and ``at``: the columns by top rank,
        # then by top card (AT_CARD), as bit masks; written out for the ten columns (a loop or a
        # comprehension costs about a tenth of a call more in Pyodide)
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cols
        try:
            x0 = facts[c0]
            x1 = facts[c1]
            x2 = facts[c2]
            x3 = facts[c3]
            x4 = facts[c4]
            x5 = facts[c5]
            x6 = facts[c6]
            x7 = facts[c7]
            x8 = facts[c8]
            x9 = facts[c9]
        except KeyError:
            column = self._column
            x0, x1, x2, x3, x4, x5, x6, x7, x8, x9 = [facts.get(c) or column(c) for c in cols]
        cinfo = [x0, x1, x2, x3, x4, x5, x6, x7, x8, x9]
        cw = x0[7] + x1[7] + x2[7] + x3[7] + x4[7] + x5[7] + x6[7] + x7[7] + x8[7] + x9[7]
        at = [0] * (AT_CARD + 64)
        at[x0[3]] |= 1
        at[x0[8]] |= 1
        at[x1[3]] |= 2
        at[x1[8]] |= 2
        at[x2[3]] |= 4
        at[x2[8]] |= 4
        at[x3[3]] |= 8
        at[x3[8]] |= 8
        at[x4[3]] |= 16
        at[x4[8]] |= 16
        at[x5[3]] |= 32
        at[x5[8]] |= 32
        at[x6[3]] |= 64
        at[x6[8]] |= 64
        at[x7[3]] |= 128
        at[x7[8]] |= 128
        at[x8[3]] |= 256
        at[x8[8]] |= 256
        at[x9[3]] |= 512
        at[x9[8]] |= 512
        if cw >> EMPTY_SHIFT or not self.pruned or self.buried:
            return self._successors_all(state, depth, seen)
        left = self.stock_left[sp]
        w = self.iweights
        base = (cw >> WORK_BITS) + w[1] * left + w[7] * depth
        self.last_work = (cw & WORK_MASK) + left  # work(state)
        out = []
        stock_left = sp < self.n_deals
        if stock_left:  # deal_priority, from the deal's tables
            step, tables = self.deal_tabs[sp] or self.deal_tab(sp)
            pr = base + step
            for t, x in zip(tables, cinfo):
                v = t[x[8]]
                if v is None:  # an ace on its natural card
                    if x[0] >= RUN - 1:  # a run is completed
                        pr = None
                        break
                    v = w[4]
                pr += v
            if pr is None:  # made at once: it completes a run (maybe a win)
                nxt = self.deal_state(state)
                k = self.key(nxt)
                if seen is None or k not in seen:
                    if seen is not None:
                        seen.add(k)
                    out.append((DEAL, nxt, self.priority(nxt, depth)))
            else:
                out.append((DEAL, None, pr))
            w_empty = w[5]
        else:
            w_empty = w[6]
        by_sort = seen is not None and not stock_left  # the key: the sorted columns (key())
        w_card, w_off = w[4], w[3]
        cols_of = COLS_OF
        a = -1
        for x in cinfo:
            a += 1
            m = at[x[9]]  # the whole run onto any card one rank above its base
            for q in x[6]:  # part of it onto its natural card
                m |= at[q]
            if not m:
                continue  # no move from this column
            k, low, parts, whole, natural = x[0], x[3], x[4], x[5], x[10]
            moves = MOVES[a]
            for b in cols_of[m]:
                dst = cols[b]
                y = cinfo[b]
                n = y[3] - low
                na, run = parts[n - 1]
                if n < k:  # the run is split onto its natural card: it must lengthen the run there
                    if y[0] + n <= k:
                        continue  # pruning 1
                    pr = base
                elif y[8] == natural:  # the whole run onto its natural card
                    pr = base + whole if na else base + whole - w_empty
                else:
                    pr = base + whole + w_off if na else base + whole + w_off - w_empty
                nb = dst + run
                if low == 1 and len(nb) >= RUN:
                    settled = _settle(nb)[0]
                    if settled is not nb:  # a run completed and left: price the column afresh
                        pr += ((facts.get(settled) or self._column(settled))[1] if settled else -w_empty) \
                            - (y[1] + w_card * n + (0 if dst[-1] == run[0] + 1 else w_off))
                        nb = settled
                new = [*cols]
                new[a] = na
                new[b] = nb
                if by_sort:  # the key first: most states made here were visited
                    key = tuple(sorted(new))
                    if key in seen:
                        continue
                    seen.add(key)
                    nxt = (tuple(new), sp)
                else:
                    nxt = (tuple(new), sp)
                    if seen is not None:
                        if nxt in seen:
                            continue
                        seen.add(nxt)
                out.append((moves[b][n], nxt, pr))
        return out

    def _successors_all(self, state, depth: int = 0, seen: set | None = None):
        """:meth:`successors` in every case."""
        cols, sp = state
        facts, column = self._info, self._column  # a column's info: facts[c], or column(c) if missing
        stock_left = sp < self.n_deals
        if self.buried:
            seen = None  # the states are settled after they are made: the search checks them
        by_sort = seen is not None and not stock_left  # the key: the sorted columns (key())
        # one pass over the columns: their facts, top ranks, the empty ones, and at[r], the
        # columns whose top card has rank r as a bit mask
        cinfo = [None] * N_COLUMNS
        tops = [0] * N_COLUMNS
        empties = []
        at = [0] * 15
        atc = [0] * 64  # the same by top card
        cost = work = 0
        bit, i = 1, 0
        for c in cols:
            if c:
                try:
                    x = facts[c]
                except KeyError:
                    x = column(c)
                cost += x[1]
                work += x[2]
                r = x[3]
                at[r] |= bit
                atc[c[-1]] |= bit
                cinfo[i] = x
                tops[i] = r
            else:
                empties.append(i)
            bit <<= 1
            i += 1
        n_empty = len(empties)
        first_empty = empties[0] if empties else -1
        if n_empty > 1 and stock_left:
            self.pruned = True  # pruning 3
        out = []
        w = self.iweights
        w_empty = w[5] if stock_left else w[6]
        w_card, w_off = w[4], w[3]
        left = self.stock_left[sp]
        base = cost + w[1] * left - w_empty * n_empty + w[7] * depth
        self.last_work = work + left  # work(state)
        if stock_left and (self.relaxed or not empties):
            pr = self.deal_priority(state, cinfo, base)
            if pr is None:  # made at once: it fills a column or completes a run (maybe a win)
                nxt = self.deal_state(state)
                k = self.key(nxt)
                if seen is None or k not in seen:
                    if seen is not None:
                        seen.add(k)
                    out.append((DEAL, nxt, self.priority(nxt, depth)))
            else:
                out.append((DEAL, None, pr))
        macros = self.macros and n_empty > 0
        cols_of = COLS_OF
        cut = False  # pruning 1 happened (self.pruned is set once, at the end)
        pruned = self.pruned  # once set it stays: then whether a move is cut no longer matters
        for a in range(N_COLUMNS):
            x = cinfo[a]
            if x is None:  # an empty column
                continue
            k = x[0]
            low = tops[a]
            # the columns whose top card is one rank above a card of the run (never this one)
            col = cols[a]
            # the columns a move goes to: the whole run onto any card one rank above its base,
            # part of it only onto its natural card (pruning 1; the part's base is a card of the
            # same suit one rank above the top card, col[-1] + n)
            m = at[low + k]
            if k > 1:
                top = col[-1]
                split = 0
                for n in range(1, k):
                    split |= atc[top + n]
                m |= split
                if not pruned:  # whether pruning 1 leaves out a part onto another card of its rank
                    r = 0
                    for q in range(low + 1, low + k):
                        r |= at[q]
                    if r & ~split:
                        cut = True
            if not m and first_empty < 0:
                continue  # no move from this column
            parts = x[4]
            # a move's priority from the parent's (base): the cards moved cost the same on their
            # new column, plus an off-suit break unless they land on their natural card; moving
            # the whole run away changes the source column by ``x[5]`` (info), part of it by 0
            for b in cols_of[m]:
                n = tops[b] - low
                dst = cols[b]
                na, run = parts[n - 1]
                if n < k:  # the run is split onto its natural card: it must lengthen the run there
                    if cinfo[b][0] + n <= k:
                        cut = True  # pruning 1
                        continue
                    pr = base
                elif dst[-1] == run[0] + 1:  # the whole run onto its natural card
                    pr = base + x[5] if na else base + x[5] - w_empty
                else:
                    pr = base + x[5] + w_off if na else base + x[5] + w_off - w_empty
                nb = dst + run
                if low == 1 and len(nb) >= RUN:
                    settled = _settle(nb)[0]
                    if settled is not nb:  # a run completed and left: price the column afresh
                        pr += ((facts.get(settled) or column(settled))[1] if settled else -w_empty) \
                            - (cinfo[b][1] + w_card * n + (0 if dst[-1] == run[0] + 1 else w_off))
                        nb = settled
                new = list(cols)
                new[a] = na
                new[b] = nb
                if by_sort:  # the key first: most states made here were visited
                    key = tuple(sorted(new))
                    if key in seen:
                        continue
                    seen.add(key)
                    nxt = (tuple(new), sp)
                else:
                    nxt = (tuple(new), sp)
                    if seen is not None:
                        if nxt in seen:
                            continue
                        seen.add(nxt)
                out.append(((a, b, n), nxt, pr))
            if first_empty >= 0:
                if k > 1 and not self.split_to_empty:
                    self.pruned = True  # pruning 4
                for n in range(1 if self.split_to_empty else k, k + 1):
                    na, nb = parts[n - 1]
                    if not na:  # the whole column
                        if stock_left:
                            self.pruned = True  # pruning 2
                        continue
                    new = list(cols)
                    new[a] = na
                    new[first_empty] = nb
                    if by_sort:
                        key = tuple(sorted(new))
                        if key in seen:
                            continue
                        seen.add(key)
                        nxt = (tuple(new), sp)
                    else:
                        nxt = (tuple(new), sp)
                        if seen is not None:
                            if nxt in seen:
                                continue
                            seen.add(nxt)
                    # a same-suit run alone in a column costs its cards
                    out.append(((a, first_empty, n), nxt, base + w_empty if n < k else base + x[5] + w_empty))
                if macros:
                    segs = self.segments(col)
                    for s_ in range(2, min(len(segs), n_empty + 1) + 1):
                        n = segs[s_ - 1]
                        base_card = col[-n]
                        whole = s_ == len(segs)
                        for b in range(N_COLUMNS):
                            if b == a or tops[b] != (base_card & 15) + 1:
                                continue
                            dst = cols[b]
                            if not whole and dst[-1] != base_card + 1:
                                continue  # a mixed run is split only onto its natural card
                            new = list(cols)
                            na = col[:-n]
                            if na and na[-1] >= DOWN:
                                na = na[:-1] + FLIP[na[-1]]
                            nb = dst + col[-n:]
                            if low == 1 and len(nb) >= RUN:
                                nb = _settle(nb)[0]
                            new[a] = na
                            new[b] = nb
                            nxt = (tuple(new), sp)
                            if seen is not None:
                                key = nxt if stock_left else tuple(sorted(new))
                                if key in seen:
                                    continue
                                seen.add(key)
                            steps = [(a, empties[j], segs[j] - (segs[j - 1] if j else 0))
                                     for j in range(s_ - 1)]
                            steps.append((a, b, n - segs[s_ - 2]))
                            steps.extend((empties[j], b, segs[j] - (segs[j - 1] if j else 0))
                                         for j in range(s_ - 2, -1, -1))
                            pr = base - x[1] - cinfo[b][1]
                            pr += (facts.get(na) or column(na))[1] if na else -w_empty
                            pr += (facts.get(nb) or column(nb))[1] if nb else -w_empty
                            out.append(((a, b, n, tuple(steps)), nxt, pr))
        if stock_left and not self.relaxed and n_empty > 1:
            fill = self.fill_to_deal(cols)
            if fill is not None:
                steps, new = fill
                nxt = (new, sp)
                if seen is None or nxt not in seen:  # the stock lasts: the key is the state
                    if seen is not None:
                        seen.add(nxt)
                    # expanded at once (one expansion): the deal it allows then competes as a
                    # candidate by its own priority
                    out.append(((-1, -1, 0, steps), nxt, -(1 << 40)))
        if cut:
            self.pruned = True
        if self.buried:
            out = [(m, None if nxt is None else (tuple(_settle(c)[0] for c in nxt[0]), nxt[1]), pr)
                   for m, nxt, pr in out]
        return out

    def deal_state(self, state):
        """The state after the next deal of the stock (cards on columns 1, 2, … in turn)."""
        cols, sp = state
        new = list(cols)
        for i, card in enumerate(self.deals[sp]):
            new[i] = _settle(new[i] + bytes((card,)))[0]
        return tuple(new), sp + 1

    def deal_priority(self, state, cinfo, base: int) -> int | None:
        """The priority of :meth:`deal_state` of ``state``, from the columns' cached facts
        ``cinfo`` and ``base`` (the priority of ``state`` at the depth of the deal) without
        making it: a dealt card adds one card and, unless it lands on its natural card, a break.
        ``None`` when a card lands on an empty column or completes a run (make the state)."""
        cols, sp = state
        w = self.iweights
        pr = base + w[1] * (self.stock_left[sp + 1] - self.stock_left[sp])
        w_nat, w_off, w_bad = w[4], w[4] + w[3], w[4] + w[2]
        for i, card in enumerate(self.deals[sp]):
            c = cols[i]
            if not c:
                return None
            top = c[-1]
            if top == card + 1:
                if (card & 15) == 1 and cinfo[i][0] >= RUN - 1:  # a run is completed
                    return None
                pr += w_nat
            elif (top & 15) == (card & 15) + 1:
                pr += w_off
            else:
                pr += w_bad
        return pr

    @staticmethod
    def fill_to_deal(cols):
        """A macro for the rule "no deal while a column is empty" (docs/rules.md, Spider): fill every
        empty column with one card, each taken from the top of the fullest face-up run (the
        column with most cards on a tie) that keeps at least one card, so the deal becomes
        legal. ``(single moves, columns)`` or ``None`` when there are too few cards. Without it
        a near-empty table with the stock left (several empty columns) makes the search try every
        arrangement of its runs over the columns (QA: K–2 of hearts and nine empty columns)."""
        cols = list(cols)
        steps = []
        for e in range(N_COLUMNS):
            if cols[e]:
                continue
            best = None
            for x in range(N_COLUMNS):
                c = cols[x]
                if len(c) < 2:
                    continue
                up = 0
                while up < len(c) and c[-1 - up] < DOWN:
                    up += 1
                rank = (up, len(c))
                if best is None or rank > best[0]:
                    best = (rank, x)
            if best is None:
                return None
            x = best[1]
            steps.append((x, e, 1))
            cols[e] = cols[x][-1:]
            cols[x] = _settle(cols[x][:-1])[0]
        return tuple(steps), tuple(cols)

    @staticmethod
    def fmt(state, move) -> str:
        """The move's text as :meth:`Spider.format_move` writes it."""
        if move == DEAL:
            return "d"
        a, b, n = move
        return f"{a + 1}-{b + 1}" if state[0][b] else f"{a + 1}-{b + 1}/{n}"




class _Phase:
    """One stage of the search: its open states, its candidates (states after a deal), how many
    states it expanded, and its child stages in the order they were first opened. The stages are
    kept from one attempt to the next (a stage's work is never done twice); what an attempt
    sets afresh is the expansions it may reach (``quota``), how many children it visited
    (``tried``) and the discrepancies (candidates passed over) spent by the stages above it."""

    __slots__ = ("stage", "heap", "cands", "expanded", "quota", "tried", "spent", "children", "mark")

    def __init__(self, stage: int, root: tuple):
        self.stage, self.heap, self.cands, self.children = stage, [root], [], []
        self.expanded = self.quota = self.tried = self.spent = 0
        self.mark = 0  # the search's expansion count when the stage was last opened


class _Lines(Sliced):
    """What both Spider searches (:class:`SpiderSearch`, :class:`SpiderBeam`) share: their
    positions as ``_nodes`` (``(parent index, move, state, depth)``), the lines to them, the
    solution's replay, and the progress line a hint shows when no win is found in time (the
    expanded positions with the least work left: ``best``, and ``best_here`` among those reached
    with no deal)."""

    p: "_Problem"
    _nodes: list
    best: tuple[int, int]
    best_here: tuple[int, int]

    def progress_line(self) -> list[str] | None:
        """The moves to the expanded position with the least :meth:`_Problem.work` left, when it
        has less than the start (so the line turns cards up or completes runs), or ``None``; a
        line with no deal first, when one made progress (a deal covers every column: the cards
        that can be turned up before it are turned up first). For a hint the search did not
        finish in time (:meth:`games.solvers.search.Sliced.progress_line`): the line is real —
        every step a legal move — but nothing says it leads to a win."""
        start = self.p.work(self.p.root)
        for work, j in (self.best_here, self.best):
            if work < start:
                return self._line(j)
        return None

    def progress(self) -> int:
        """The work left at the end of :meth:`progress_line` (no line: the start's)."""
        work = self.best_here[0] if self.best_here[0] < self.p.work(self.p.root) else self.best[0]
        return work

    def _line(self, j: int) -> list[str]:
        """The move texts from the root to ``_nodes[j]`` (macros as their single moves)."""
        pairs = []
        nodes = self._nodes
        while nodes[j][0] >= 0:
            parent, move = nodes[j][0], nodes[j][1]
            pairs.append((nodes[parent][2], move))
            j = parent
        moves = []
        for s, m in reversed(pairs):
            if len(m) == 4:  # a macro: its single moves, replayed on the compact columns
                cols = list(s[0])
                for x, y, c in m[3]:
                    moves.append(f"{x + 1}-{y + 1}" if cols[y] else f"{x + 1}-{y + 1}/{c}")
                    cols[y] = _settle(cols[y] + cols[x][-c:])[0]
                    cols[x] = _settle(cols[x][:-c])[0]
            else:
                moves.append(self.p.fmt(s, m))
        return moves

    def _solution(self, j: int):
        moves = self._line(j)
        if not self.verify(moves):
            raise AssertionError(f"solver found a solution that does not replay: {moves}")
        self._stack = []
        return self._finish(SOLVED, moves)



class SpiderSearch(_Lines):
    """Attempts of a staged best-first search, each with a limit of discrepancies; resumable in
    slices (:meth:`step` / :meth:`run` / ``result``, as :class:`games.solvers.search.Sliced`).
    See the module docstring.

    :param problem: a :class:`_Problem`; :param verify: ``moves -> bool``, the rules' replay;
    :param max_nodes: budget of positions generated (``None``: unlimited); :param timeout: seconds,
    read on ``clock`` (:data:`games.core.Clock`); :param first_share: see :attr:`first_share`.
    """

    first_share: bool
    """**The first stage's share** (on in the 2-suit lanes of :class:`SpiderPortfolio`,
    off for 1 and 4 suits). When a line below the *first stage* — the stage with nothing above it
    to go back to: the root, or a stage every stage above which has no open state, no other
    candidate and this one child (a table with no move but the deal) — gives up, the first stage
    gets back as many expansions as that line spent in the attempt (at least
    :data:`QUOTA_MORE`), so its own best-first search keeps about half of the work. Without it the
    first stage gets :data:`QUOTA_MORE` (150) per failed line while each line costs thousands of
    expansions: a first stage whose good arrangement lies beyond a plateau of its priority never
    reaches it, and the search sinks its budget into the later stages of poor arrangements (rescue
    position 9 of ``bench/solvers.py``: a frozen table, one deal to make, then about 5500
    expansions of stage 1 to reach the arrangement that wins; lane 0 was unknown at 60 s, 3.2 M
    positions, with 2572 positions of stage 1 after 20 s; with the share it is solved in 30 500
    positions). Only the first stage gets it: the same for every stage was worse (2-suit rescue
    positions 1–120, lane 0 alone: 27 positions over 20 000 positions against 16). Quotas only
    order the work: which attempt may answer *unsolvable* (one in which no stage gave up) does not
    depend on them, so this is sound."""

    def __init__(self, problem: _Problem, verify, max_nodes: int | None = None,
                 timeout: float | None = None, first_share: bool = False,
                 clock: Clock = time.perf_counter):
        self.p = problem
        self.verify = verify
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.first_share = first_share
        self.expansions = 0  # states expanded, all attempts
        self.shares = 0  # lines that gave the first stage its share
        self.nodes = 0
        self.seconds = 0.0
        self.result = None
        self.attempt = -1
        self.last_stage = problem.n_deals
        self._stack: list[_Phase] = []
        self.stages = 0  # stages made, all attempts
        self._tree = None
        # (work, index in _nodes) of the expanded position with the least work left (the root at
        # first; set with _nodes), and of those reached with no deal: the lines a hint takes when
        # no win is found in time (progress_line)
        self.best = self.best_here = (problem.work(problem.root), 0)
        if problem.won(problem.root):
            self.result = self._finish(SOLVED, [])
        else:
            self._next_attempt()

    def _next_attempt(self) -> None:
        """Start the next attempt: the discrepancy limit grows by one. The stages searched so far
        are kept (so are the visited set and the positions), unless they hold more than
        :data:`KEEP` positions: then the search starts afresh (memory)."""
        self.attempt += 1
        self.limit = self.attempt
        root = self.p.root
        if self._tree is None or len(self._nodes) > KEEP:
            self.seen = {self.p.key(root)}
            self._nodes = [(-1, None, root, 0)]
            self.best = self.best_here = (self.p.work(root), 0)
            self._tree = _Phase(root[1], (self.p.priority(root, 0), 0, 0))
        self.gave_up = False
        self.blocked = False  # a stage left a candidate for the discrepancy limit
        self._progress = (self.expansions, self.stages)
        self._open(self._tree, 0)
        self._stack = [self._tree]

    def _open(self, ph: _Phase, spent: int) -> None:
        ph.quota = QUOTA_LAST if ph.stage == self.last_stage else QUOTA
        ph.tried, ph.spent = 0, spent
        ph.mark = self.expansions

    def _step(self, budget: int, t0: float):
        import heapq

        p = self.p
        succ, nd = p.successors, p.n_deals
        check = p.buried  # successors then leaves the visited check to the search
        push, pop = heapq.heappush, heapq.heappop
        limit, timeout = self.max_nodes, self.timeout
        while True:
            nodes, seen, stack = self._nodes, self.seen, self._stack
            if not stack:  # the attempt is over
                if not self.gave_up:  # nothing was left out but heuristic cuts
                    return self._finish(UNKNOWN if p.pruned else UNSOLVABLE)
                if not self.blocked and self._progress == (self.expansions, self.stages):
                    # nothing expanded, no stage opened, and no candidate left for the limit:
                    # the next attempt would be this one again (a stage past its quota with
                    # nothing below it to fail back into never grows), so stop, unknown
                    return self._finish(UNKNOWN)
                self._next_attempt()
                continue
            if budget <= 0:
                return None
            ph = stack[-1]
            if ph.heap and ph.expanded < ph.quota:
                ph.expanded += 1
                self.expansions += 1
                _, _, idx = pop(ph.heap)
                state, depth = nodes[idx][2], nodes[idx][3] + 1
                children = succ(state, depth, seen)
                if p.last_work < self.best[0]:
                    self.best = (p.last_work, idx)
                if p.last_work < self.best_here[0] and state[1] == p.root[1]:
                    self.best_here = (p.last_work, idx)
                j = n0 = len(nodes)  # j: the index of the next position kept
                for move, nxt, pr in children:
                    if nxt is None:  # a deal, made when opened (see successors)
                        nodes.append((idx, move, None, depth))
                        push(ph.cands, (pr, -j, j))
                        j += 1
                        continue
                    if check:  # successors could not leave out the visited states
                        k = p.key(nxt)
                        if k in seen:
                            continue
                        seen.add(k)
                    nodes.append((idx, move, nxt, depth))
                    if nxt[1] == nd and nxt[0] == CLEARED:  # p.won(nxt)
                        self.nodes += j + 1 - n0
                        return self._solution(j)
                    push(ph.cands if nxt[1] != ph.stage else ph.heap, (pr, -j, j))
                    j += 1
                budget -= j - n0
                self.nodes += j - n0
                if limit is not None and self.nodes >= limit:
                    return self._finish(UNKNOWN)
                if timeout is not None and not self.expansions & CLOCK_EVERY_MASK and \
                        self.seconds + self.clock() - t0 > timeout:  # see CLOCK_EVERY
                    return self._finish(UNKNOWN)
                continue
            more = ph.tried < len(ph.children) or ph.cands
            if more and ph.spent + ph.tried <= self.limit:
                if ph.tried < len(ph.children):
                    child = ph.children[ph.tried]
                else:
                    entry = pop(ph.cands)
                    j = entry[2]
                    parent, move, nxt, depth = nodes[j]
                    if nxt is None:  # a deal: make it now
                        nxt = p.deal_state(nodes[parent][2])
                        nodes[j] = (parent, move, nxt, depth)
                        k = p.key(nxt)
                        if k in seen:
                            continue
                        seen.add(k)
                    child = _Phase(nxt[1], entry)
                    self.stages += 1
                    ph.children.append(child)
                ph.tried += 1
                self._open(child, ph.spent + ph.tried - 1)
                stack.append(child)
            elif ph.heap and len(stack) == 1 and not more:
                ph.quota += QUOTA  # the first stage has nothing to go back to
            else:
                if more:
                    self.blocked = True
                if ph.heap or more:
                    self.gave_up = True
                stack.pop()
                if stack:
                    extra = QUOTA_MORE
                    if self.first_share and all(not a.heap and not a.cands and len(a.children) == 1
                                                for a in stack[:-1]):
                        extra = max(extra, self.expansions - ph.mark)  # the first stage's share
                        self.shares += 1
                    stack[-1].quota += extra

class _Stage:
    """One stage search of :class:`SpiderBeam`, from one position right after a deal (or the
    start): its open states, its candidates (states after the next deal, ``(priority, -index,
    index)``), the expansions it made and may make. Kept from one pass to the next."""

    __slots__ = ("stage", "heap", "cands", "ordered", "expanded", "quota")

    def __init__(self, stage: int, root: int, quota: int):
        self.stage, self.heap, self.cands, self.ordered = stage, [-root], [], True
        self.expanded, self.quota = 0, quota


class SpiderBeam(_Lines):
    """A beam over the deal points, in passes of growing width (4 suits); resumable in slices
    (:meth:`step` / :meth:`run` / ``result``, as :class:`games.solvers.search.Sliced`).

    A pass of width ``B`` goes down the stages level by level: each position of a level gets a
    best-first stage search of its own (``quota`` expansions, ``quota_last`` once the stock is
    empty, the priority of :data:`LANES` lane 0, the moves and prunings of
    :class:`SpiderSearch`), and the ``B`` best candidates of them all (the states after the next
    deal, by priority, whichever stage search found them) make the next level. Passes of width
    ``width``, then ``B × grow`` rounded down (at least ``B + 1``), follow each other (those names:
    the fields of its :class:`BeamSet`, by default :data:`PYTHON_BEAM`: quotas 300 and 1000,
    widths 1, 2, 3, 4, 6, 9, …); the stage searches, the visited set and the
    positions are kept from one pass to the next, so a pass only searches the stages it opens
    that the passes before did not (width 1 is :class:`SpiderSearch`'s attempt 0). When a pass
    left no candidate out but some stage search was cut by its quota, the quotas double
    (:attr:`quota_scale`: a wider beam would be the same pass); a pass that left candidates out
    multiplies them by ``quota_grow``.

    Why, for 4 suits: the limited discrepancy search opens a stage's second or third candidate
    only at the price of a discrepancy, and a line that wins often needs the third candidate of
    several stages in a row (rescue position 7 of ``bench/solvers.py``: six discrepancies),
    because the candidates of a 4-suit stage score within a point or so of each other. A beam
    compares the candidates of a whole level with each other instead: a position whose winning
    line keeps among the best ``B`` at every level is found in about ``B`` stage searches a
    level. Measured (docs/solvers.md, Spider, "Session 10"): the 4-suit positions 1–60 of
    ``bench/solvers.py``, 100 000 positions each (no clock), 16 of positions 1–20 solved against 11
    for the discrepancy search, and 31 of the 40 held out against 27 (within 50 000: 13 and 26
    against 10 and 21). Widths growing ×2 instead of ×1.5: 15 and 30; ×1.25: 16 and 30; stage
    quotas of 200: 15 and 27; each position's stage search giving the next level at most 2
    candidates (diversity): worse (9 of positions 1–20 against 14).

    **Depth since the last deal.** The depth term of the priority counts the moves made since the
    deal that began the stage (a stage search's start has depth 0), not since the search's start.
    Within one stage search this changes nothing (every state's priority moves by the same
    amount); between the candidates of a level, found by the stage searches of different
    positions, it stops charging a candidate for the moves its line made in the stages before,
    which say nothing about the position it reached. Measured on the 4-suit positions 1–60, up to
    300 000 positions each, no clock (``bench/results/spider-suits4-variants-s11.txt``): within
    90 000 positions (about what a 2 s rescue in Pyodide searches), 16 of positions 1–20 both ways
    and 33 of the 40 held out against 30 (33, 46 and 55 gained, none lost); within 150 000, 40 and
    46 gained, none lost; within 50 000 and 60 000 it loses about as many as it gains (17, 28). The
    positions both solve need ×1.12 fewer positions in all; docs/solvers.md, Spider, "Session 11".

    Sound as :class:`SpiderSearch`: ``solved`` is replayed by the rules; ``unsolvable`` only
    after a pass in which no stage search was cut by its quota, no candidate was left out and
    nothing was pruned (every reachable state then was expanded: the pass's levels hold every
    position any pass opened, and every state in the visited set was expanded by one of their
    stage searches); else, once such a pass ends, ``unknown``.

    :param problem: a :class:`_Problem`; :param verify: ``moves -> bool``, the rules' replay;
    :param max_nodes: budget of positions generated (``None``: unlimited); :param timeout: seconds,
    read on ``clock`` (:data:`games.core.Clock`); :param beam: the beam's constants.
    """

    def __init__(self, problem: _Problem, verify, max_nodes: int | None = None,
                 timeout: float | None = None, clock: Clock = time.perf_counter,
                 beam: BeamSet = PYTHON_BEAM):
        self.p = problem
        self.verify = verify
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.beam = beam
        self.nodes = 0
        self.seconds = 0.0
        self.result = None
        self.expansions = 0
        self.width = beam.width
        self.passes = 0  # passes started
        self.quota_scale = 1.0
        # None, or a list the search appends an entry to for every level it has searched (for
        # bench/spider_beam_trace.py): (pass, width, level, candidates, next level, positions so
        # far); the levels as indices into _nodes, the candidates as (priority, -index, index) in
        # the order they were ranked (an index whose _nodes entry holds False was a duplicate)
        self.trace: list | None = None
        # None, or ``(search, candidates) -> candidates``: the level's candidates ``(priority,
        # -index, index)`` with other sort keys in the first place (for bench/spider_learn.py:
        # a level ranked by another score than the priority)
        self.rank_level = None
        self._fresh()
        if problem.won(problem.root):
            self.result = self._finish(SOLVED, [])
        else:
            self._start_pass()

    @property
    def attempt(self) -> int:
        """The pass under way, from 0 (as :attr:`SpiderSearch.attempt` counts attempts)."""
        return self.passes - 1

    def _fresh(self) -> None:
        """Forget every position (the start, or past :data:`KEEP` positions: memory)."""
        root = self.p.root
        self.seen = {self.p.key(root)}
        self._nodes = [(-1, None, root, 0)]
        self._stages: dict[int, _Stage] = {}
        self.best = self.best_here = (self.p.work(root), 0)

    def _start_pass(self) -> None:
        if len(self._nodes) > KEEP:
            self._fresh()
        self.passes += 1
        self.level = [0]
        self.at = 0  # the next position of the level to search from
        self.stage_cut = self.cands_cut = False

    def _quota(self, stage: int) -> int:
        b = self.beam
        return int((b.quota_last if stage == self.p.n_deals else b.quota) * self.quota_scale)

    def _step(self, budget: int, t0: float):
        import heapq

        p = self.p
        succ, nd = p.successors, p.n_deals
        check = p.buried  # successors then leaves the visited check to the search
        push, pop = heapq.heappush, heapq.heappop
        limit, timeout = self.max_nodes, self.timeout
        nodes, seen, stages = self._nodes, self.seen, self._stages
        while True:
            if budget <= 0:
                return None
            if self.at < len(self.level):
                j0 = self.level[self.at]
                st = stages.get(j0)
                if st is None:
                    stage = nodes[j0][2][1]
                    st = stages[j0] = _Stage(stage, j0, self._quota(stage))
                elif st.quota < self._quota(st.stage):
                    st.quota = self._quota(st.stage)
                stage, cands, heap, quota = st.stage, st.cands, st.heap, st.quota
                if not (heap and st.expanded < quota):
                    if heap:
                        self.stage_cut = True
                    self.at += 1
                    continue
                # this stage search's expansions, until its quota, its heap or the slice ends; the
                # counters live in locals meanwhile and are written back before anything else
                # reads them (the best positions are kept as they improve)
                expanded, expansions, count = st.expanded, self.expansions, self.nodes
                best, best_here, here = self.best[0], self.best_here[0], p.root[1]
                cap = limit if limit is not None else 1 << 62
                end = won = None  # the search's end, the index of a won position
                while heap and expanded < quota and budget > 0:
                    expanded += 1
                    expansions += 1
                    idx = -pop(heap) & OPEN_LOW
                    _, _, state, depth = nodes[idx]
                    depth += 1
                    children = succ(state, depth, seen)
                    work = p.last_work
                    if work < best:
                        best = work
                        self.best = (work, idx)
                    if work < best_here and state[1] == here:
                        best_here = work
                        self.best_here = (work, idx)
                    j = n0 = len(nodes)  # j: the index of the next position kept
                    for move, nxt, pr in children:
                        if nxt is None:  # a deal, made if it makes the next level (see successors)
                            nodes.append((idx, move, None, 0))  # its stage counts depth afresh
                            cands.append((pr, -j, j))
                            st.ordered = False
                            j += 1
                            continue
                        if check:  # successors could not leave out the visited states
                            k = p.key(nxt)
                            if k in seen:
                                continue
                            seen.add(k)
                        sp = nxt[1]
                        if sp == stage:
                            nodes.append((idx, move, nxt, depth))
                            if sp == nd and nxt[0] == CLEARED:  # p.won(nxt)
                                won = j
                                break
                            push(heap, (pr << 32) - j)
                        else:
                            nodes.append((idx, move, nxt, 0))
                            if sp == nd and nxt[0] == CLEARED:  # p.won(nxt)
                                won = j
                                break
                            cands.append((pr, -j, j))
                            st.ordered = False
                        j += 1
                    if won is not None:
                        count += won + 1 - n0
                        break
                    budget -= j - n0
                    count += j - n0
                    if count >= cap:
                        end = UNKNOWN
                        break
                    if timeout is not None and not expansions & CLOCK_EVERY_MASK and \
                            self.seconds + self.clock() - t0 > timeout:  # see CLOCK_EVERY
                        end = UNKNOWN
                        break
                st.expanded, self.expansions, self.nodes = expanded, expansions, count
                if won is not None:
                    return self._solution(won)
                if end is not None:
                    return self._finish(end)
                continue
            # the level is searched: the best candidates of all its stage searches make the next
            nxt_level = []
            lists = []
            for j0 in self.level:
                st = stages[j0]
                if not st.ordered:
                    st.cands.sort()
                    st.ordered = True
                lists.append(st.cands)
            # a sorted list, not heapq.merge: breaking out of a generator leaves it to be closed by
            # its finalizer, where Python swallows an exception ("Exception ignored"), so a Ctrl+C
            # arriving then would be lost and the search go on (the runs are sorted: Timsort
            # merges them)
            merged = [entry for cands in lists for entry in cands]
            if self.rank_level is not None:
                merged = self.rank_level(self, merged)
            merged.sort()
            for entry in merged:
                j = entry[2]
                parent, move, nxt, depth = nodes[j]
                if nxt is None:  # a deal: make it now
                    nxt = p.deal_state(nodes[parent][2])
                    k = p.key(nxt)
                    if k in seen:  # the same state as another candidate's: never a root
                        nodes[j] = (parent, move, False, depth)
                        continue
                    seen.add(k)
                    nodes[j] = (parent, move, nxt, depth)
                elif nxt is False:
                    continue
                if len(nxt_level) == self.width:
                    self.cands_cut = True
                    break
                nxt_level.append(j)
            if self.trace is not None:
                self.trace.append((self.passes, self.width, self.level, merged, nxt_level, self.nodes))
            if nxt_level:
                self.level, self.at = nxt_level, 0
                continue
            # the pass is over
            if not self.stage_cut and not self.cands_cut:  # every reachable state was expanded
                return self._finish(UNKNOWN if p.pruned else UNSOLVABLE)
            if self.cands_cut:
                self.width = max(self.width + 1, int(self.width * self.beam.grow))
                self.quota_scale *= self.beam.quota_grow
            else:  # a wider beam would be the same pass: the stage searches get more
                self.quota_scale *= 2
            self._start_pass()
            nodes, seen, stages = self._nodes, self.seen, self._stages


class SpiderPortfolio(Sliced):
    """Two lanes of :class:`SpiderSearch` (:data:`LANES` 0 and 1) over the same position, for
    2 suits: lane 0 alone through its first :data:`PORTFOLIO_AFTER` attempts, then both in turns
    of :data:`TURNS` positions until lane 1 has made :data:`LANE1_NODES`, the first answer
    wins. Why: one lane's search is
    heavy-tailed — which position is slow changes with any weight (2-suit mid-game positions
    1–120 of ``bench/solvers.py``: lane 0 leaves 19 at 1.8 s and 54 unknown at 2 s, lane 1
    solves both in 0.1 s but is slow on others), and the positions a lane finds hard are those
    where it needs several discrepancies. Sound: ``solved`` is replayed by the rules as always;
    ``unsolvable`` from either lane means its whole reachable space was searched with nothing
    pruned, which does not depend on the weights; a lane that answers ``unknown`` (exhausted
    after a cut) leaves the other to go on. The turns end at fixed node counts of each lane
    (each lane stops at the first expansion past its mark whatever the slices), so slicing gives
    the same answer as one run.

    :param state: the position; :param verify: ``moves -> bool``, the rules' replay;
    :param max_nodes: budget of positions generated by both lanes (``None``: unlimited);
    :param timeout: seconds of both lanes together, read on ``clock``.
    """

    def __init__(self, state: SpiderState, verify, max_nodes: int | None = None,
                 timeout: float | None = None, clock: Clock = time.perf_counter):
        self.state, self.verify = state, verify
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.nodes = 0
        self.seconds = 0.0
        self.result = None
        self.lanes = [SpiderSearch(_Problem(state, 0), verify, first_share=True, clock=clock)]
        self.started_lanes = list(self.lanes)  # every lane started, running or dropped
        self.ids = [0]  # the lane number of each running lane
        self.turns = [TURNS[0]]
        self.marks = [TURNS[0]]
        self.cur = 0
        self.started = 1  # lanes started so far
        if self.lanes[0].result is not None:
            self.result = self.lanes[0].result

    @property
    def attempt(self) -> int:
        """Lane 0's attempt (its discrepancy limit)."""
        return self.lanes[0].attempt if self.ids and self.ids[0] == 0 else -1

    def _step(self, budget: int, t0: float):
        limit, timeout = self.max_nodes, self.timeout
        while True:
            if budget <= 0:
                return None
            i = self.cur
            lane = self.lanes[i]
            before = lane.nodes
            chunk = min(budget, self.marks[i] - before, 1000)
            if limit is not None:
                chunk = min(chunk, limit - self.nodes)
            r = lane.step(max(chunk, 1))
            used = lane.nodes - before
            self.nodes += used
            budget -= max(used, 1)
            if r is not None:
                if r.status != UNKNOWN:  # solved (replayed), or unsolvable (nothing pruned)
                    return self._finish(r.status, r.moves)
                self._drop(i)  # exhausted after a cut: the other goes on
                if not self.lanes and self.started == 1:
                    self._start_second()
                if not self.lanes:
                    return self._finish(UNKNOWN)
                self.cur = 0
            elif lane.nodes >= self.marks[i]:  # the lane's turn is over
                self.marks[i] += self.turns[i]
                if self.started == 1 and lane.attempt >= PORTFOLIO_AFTER:
                    self._start_second()
                if self.ids[i] == 1 and lane.nodes >= LANE1_NODES:  # lane 1 had its share
                    self._drop(i)
                    if not self.lanes:
                        return self._finish(UNKNOWN)
                    i -= 1
                self.cur = (i + 1) % len(self.lanes)
            if limit is not None and self.nodes >= limit:
                return self._finish(UNKNOWN)
            if timeout is not None and self.seconds + self.clock() - t0 > timeout:
                return self._finish(UNKNOWN)

    def progress_line(self) -> list[str] | None:
        """The progress line (:meth:`SpiderSearch.progress_line`) of the lane that met the
        position with the least work left, or ``None``."""
        lanes = [x for x in self.started_lanes if x.progress_line() is not None]
        if not lanes:
            return None
        return min(lanes, key=SpiderSearch.progress).progress_line()

    def _drop(self, i: int) -> None:
        """Stop the ``i``-th running lane."""
        del self.lanes[i], self.ids[i], self.marks[i], self.turns[i]

    def _start_second(self) -> None:
        """Add lane 1; its turn comes next."""
        self.started = 2
        lane = SpiderSearch(_Problem(self.state, 1), self.verify, first_share=True, clock=self.clock)
        if lane.result is None:
            self.lanes.append(lane)
            self.started_lanes.append(lane)
            self.ids.append(1)
            self.turns.append(TURNS[1])
            self.marks.append(TURNS[1])


def solver(state: SpiderState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> SpiderSearch:
    """A resumable staged best-first search from ``state`` (it sees face-down cards and the stock).

    :param max_nodes: budget of positions generated (``None``: unlimited);
    :param timeout: seconds of search (``None``: none), read on ``clock`` (:data:`games.core.Clock`).
    :returns: a :class:`SpiderSearch` (2 suits: :class:`SpiderPortfolio`; 4 suits: :class:`SpiderBeam`,
        or in the browser :class:`games.solvers.spider_js.SpiderBeamJS`, the same search in the
        page's JavaScript engine): ``step(n)`` / ``run()`` give a
        :class:`games.solvers.search.Result`, ``solved`` (moves in docs/contract.md notation,
        replayed by the rules), ``unsolvable`` (every position reachable was tried, nothing was
        pruned) or ``unknown``.
    """
    verify = lambda moves: replays_to_win(Spider, state, moves)  # noqa: E731
    if state.suits == 2:
        return SpiderPortfolio(state, verify, max_nodes, timeout, clock)
    if state.suits == 4:
        # in the browser, the same search run by the page's JavaScript engine when it loads
        # (spider_js; the desktop has no bridge to one)
        search = js_search(state, verify, max_nodes, timeout, clock)
        if search is not None:
            return search
        return SpiderBeam(_Problem(state), verify, max_nodes, timeout, clock)
    return SpiderSearch(_Problem(state), verify, max_nodes, timeout, clock=clock)
