"""TriPeaks solver: depth-first over removals and draws on a compact state, best moves first.

The state is one int: ``mask | exposed << 28 | next_stock << 56 | fit << 62``. ``mask`` has a bit
per tableau slot still holding a card, ``exposed`` the slots of those no card covers any more
(a function of ``mask``, kept so a move costs a few bit operations), ``next_stock`` the index of
the stock's next card, and ``fit`` the exposed slots whose rank fits on the waste top: the moves
there are. Score and streak never change what can be won, and the waste top's rank matters only
through ``fit`` (the position's moves are removing a card of ``fit`` or drawing, and where they
lead does not depend on the top), so two positions that differ only there are one position of the
search. Sees face-down cards (as every solver here does).

Visited positions are kept per ``(mask, exposed, next_stock)`` as the union of the ``fit`` sets
met there. Every one of them was searched out (lost) when the next one comes: moves are never
undone, so it is not on the current line. A lost position's moves all lead to lost positions, so a
new position there needs only its removals outside that union (and not the draw, lost already): if
none is left it is skipped, else searched with ``fit`` narrowed to them.

Move order: tableau cards first — those that turn a card face up before the others, then those
lying deeper — the draw last. A position is cut as lost (the answers are the same, with fewer
positions searched) when:

- *A card has no partner left* (:meth:`_Problem.successors`). A card leaves onto a waste top of a
  neighbouring rank that came from the stock (from its next card on), from the tableau, or that
  is the top now. The top now serves only the cards of ``fit`` (the next move replaces it), and a
  tableau card serves only if it can leave before: not one the card itself covers, directly or
  through others (those leave after it). A card of none of ``fit`` whose rank has no neighbour in
  the stock left and no neighbour in the tableau outside the cards it covers can never leave.
- *Too few partners for the cards left* (Classic, :meth:`_Problem.matched`). Each removal needs the
  card put on the waste just before it (a draw, a removal, or the top now) to be of a neighbouring
  rank, and each card put on the waste comes just before at most one removal. So the cards of any
  set of ranks still in the tableau need at least as many cards still to come onto the waste of
  ranks neighbouring them: the tableau's, the stock's from its next card on, and the top now
  (one card, and only when ``fit`` is not empty). Without the K–A wrap the neighbours of ranks r,
  r + 2, …, r + 2(L - 1) are r - 1, r + 1, …, r + 2L - 1; this is checked for every r and L ≤ 3
  at once, in one 8-bit field a rank of a few integers (the top now counting only for the ranks of
  the parity of ``fit``'s cards: they all neighbour its rank). Longer runs cut a few more positions
  but cost more than they save (docs/solvers.md, TriPeaks, "Session 23").
"""
from __future__ import annotations

import time

from ..core import Clock
from ..tripeaks import COVERED_BY, N_SLOTS, TriPeaks, TriPeaksState
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Result, Search, replays_to_win

BIT = tuple(1 << i for i in range(N_SLOTS))
COVER_MASK = tuple(sum(BIT[j] for j in COVERED_BY[i]) for i in range(N_SLOTS))
# slots that slot i covers (whose last cover may be i)
UNDER = tuple(tuple(j for j in range(N_SLOTS) if i in COVERED_BY[j]) for i in range(N_SLOTS))
DEPTH = tuple(0 if i < 3 else 1 if i < 9 else 2 if i < 18 else 3 for i in range(N_SLOTS))

# the state's fields (module docstring)
EX, SP, FIT = N_SLOTS, 2 * N_SLOTS, 2 * N_SLOTS + 6
TABLEAU = (1 << N_SLOTS) - 1
KEY = (1 << FIT) - 1          # mask, exposed, next stock: the visited map's key
STOCK_MAX = 63            # next_stock's 6 bits: any what-if's stock (a deal's has 23)
SP_FIELD = STOCK_MAX << SP
ORDER = FIT + N_SLOTS          # a move's rank in the move order goes above the state to sort
STATE = (1 << ORDER) - 1
SLOT = {BIT[i]: i for i in range(N_SLOTS)}
# per slot: (bit, cover mask) of each slot it covers
UNDER_COVER = tuple(tuple((BIT[j], COVER_MASK[j]) for j in UNDER[i]) for i in range(N_SLOTS))
# the move order after the cards a move turns face up: deeper first, then the lower slot
ORDER_KEY = tuple((3 - DEPTH[i]) << 5 | i for i in range(N_SLOTS))


def _ranks(ranks) -> int:
    """1 in the 8-bit field of each of ``ranks`` (rank r's at bit 8 r)."""
    return sum(1 << 8 * r for r in ranks)


# The runs' check (:meth:`_Problem.matched`): a field holds 64 + partners + spare - cards, at
# least 64 - 12 and below 128, so no field borrows from the next and bit 6 tells partners +
# spare >= cards. Fields 0 and 14 hold the (absent) ranks 0 and 14.
RUN_BIAS = 64 * _ranks(range(0, 14))
RUN_SIGN = _ranks(range(1, 14)) << 6
ODD_RANKS, EVEN_RANKS = _ranks(range(1, 14, 2)), _ranks(range(2, 14, 2))


def _covers_all(i: int) -> int:
    """The slots slot ``i`` covers directly or through others (they leave after it), as bits."""
    out = 0
    for j in UNDER[i]:
        out |= BIT[j] | _covers_all(j)
    return out


# per slot bit: the slots that are not under it, directly or through others
NOT_UNDER = {BIT[i]: ~_covers_all(i) for i in range(N_SLOTS)}


def _exposed(mask: int) -> int:
    """The slots of ``mask`` no slot of ``mask`` covers, as bits."""
    e = 0
    for i in range(N_SLOTS):
        if mask & BIT[i] and not mask & COVER_MASK[i]:
            e |= BIT[i]
    return e


def _neighbours(mode: str) -> tuple[tuple[int, ...], ...]:
    """For each rank 1..13 the ranks it may go on (index 0 unused)."""
    out = [()]
    for r in range(1, 14):
        n = [x for x in (r - 1, r + 1) if 1 <= x <= 13]
        if mode == "easy" and r in (1, 13):
            n.append(13 if r == 1 else 1)  # K and A are neighbours in Easy
        out.append(tuple(n))
    return tuple(out)


class _Problem:
    """The fixed cards of one search: tableau cards by slot, the stock order, the rules mode, and
    the tables the moves and the cuts read (module docstring)."""

    def __init__(self, s: TriPeaksState):
        if len(s.stock) > STOCK_MAX:
            raise ValueError(f"a stock of {len(s.stock)} cards; the search counts up to {STOCK_MAX}")
        cards = tuple(c if c is not None else 0 for c in s.tableau)
        self.ranks = ranks = tuple((c & 15) if c else 0 for c in cards)
        self.stock_ranks = tuple(c & 15 for c in s.stock)
        self.n_stock = n = len(s.stock)
        self.start = TriPeaksState(s.tableau, s.stock, s.waste, s.mode, s.scoring, s.score, s.streak)
        nb = _neighbours(s.mode)
        rank_mask = [0] * 14
        for i, r in enumerate(ranks):
            if r:
                rank_mask[r] |= BIT[i]
        nb_mask = [0] + [sum(rank_mask[x] for x in nb[r]) for r in range(1, 14)]
        nb_bits = [0] + [sum(1 << x for x in nb[r]) for r in range(1, 14)]
        # per slot bit: the slots of its neighbour ranks; per stock card: the same
        self.slot_nb = {BIT[i]: nb_mask[ranks[i]] for i in range(N_SLOTS) if ranks[i]}
        self.draw_nb = tuple(nb_mask[r] for r in self.stock_ranks)
        # per stock index k: for each rank with cards in the tableau and no neighbour in the stock
        # from k on, (its slots, its neighbours' slots, the slots not under any of its slots)
        free = [TABLEAU] * 14
        for i, r in enumerate(ranks):
            free[r] &= NOT_UNDER[BIT[i]]
        facts = [(rank_mask[r], nb_mask[r], free[r]) for r in range(14)]
        stock_set = 0
        self.needy: list = [()] * (n + 1)
        for k in range(n, -1, -1):
            if k < n:
                stock_set |= 1 << self.stock_ranks[k]
            self.needy[k] = tuple(facts[r] for r in range(1, 14) if rank_mask[r] and not stock_set & nb_bits[r])
        self.classic = s.mode == "classic"
        # the runs' check (Classic): counts per rank r in the 8 bits at 8 r, the tableau's from
        # the mask in 7-slot pieces, the stock's from each index on
        self.count_pieces = []
        for piece in range(0, N_SLOTS, 7):
            table = [0]
            for i in range(piece, piece + 7):
                w = 1 << 8 * ranks[i] if ranks[i] else 0
                table += [v + w for v in table]
            self.count_pieces.append(table)
        self.stock_counts = [0] * (n + 1)
        for k in range(n - 1, -1, -1):
            self.stock_counts[k] = self.stock_counts[k + 1] + (1 << 8 * self.stock_ranks[k])
        # per slot bit: 1 when its rank is odd (the top now counts for the ranks of its parity)
        self.odd = {BIT[i]: ranks[i] & 1 for i in range(N_SLOTS) if ranks[i]}
        mask = 0
        for i, c in enumerate(s.tableau):
            if c is not None:
                mask |= BIT[i]
        ex = _exposed(mask)
        top = (s.waste[-1] & 15) if s.waste else 0
        self.root = mask | ex << EX | (ex & nb_mask[top]) << FIT

    def matched(self, mask: int, sp: int, fit: int) -> bool:
        """Whether, in Classic, the tableau cards of every run of up to three ranks of one parity
        (r, r + 2, r + 4) are no more than the cards of their neighbour ranks still to come onto
        the waste (module docstring): ``False`` proves the position lost."""
        p = self.count_pieces
        t = p[0][mask & 127] + p[1][mask >> 7 & 127] + p[2][mask >> 14 & 127] + p[3][mask >> 21]
        e = t + self.stock_counts[sp]
        base = RUN_BIAS + ((ODD_RANKS if self.odd[fit & -fit] else EVEN_RANKS) if fit else 0)
        cards = t
        partners = (e << 8) + (e >> 8)
        if (base + partners - cards) & RUN_SIGN != RUN_SIGN:
            return False
        for k in (16, 32):  # the runs of two ranks, then of three
            cards += t >> k
            partners += e >> k + 8
            if (base + partners - cards) & RUN_SIGN != RUN_SIGN:
                return False
        return True

    def successors(self, node: int) -> list[int]:
        """The positions after ``node``'s moves in the move order (a draw last), or none when the
        position is cut as lost (module docstring)."""
        mask = node & TABLEAU
        sp = (node >> SP) & STOCK_MAX
        fit = node >> FIT
        for rm, nbm, free in self.needy[sp]:
            x = mask & rm
            if x:
                nb = mask & nbm
                if nb & free:  # a neighbour lies under none of them
                    continue
                x &= ~fit
                while x:
                    low = x & -x
                    x ^= low
                    if not nb & NOT_UNDER[low]:
                        return []
        if self.classic and not self.matched(mask, sp, fit):
            return []
        ex = (node >> EX) & TABLEAU
        spf = node & SP_FIELD
        out = []
        if fit:
            slot_nb = self.slot_nb
            m = fit
            while m:
                low = m & -m
                m ^= low
                i = SLOT[low]
                nm = mask ^ low
                nex = ex ^ low
                frees = 2  # less the cards the move turns face up: the most go first
                for b, cover in UNDER_COVER[i]:
                    if not nm & cover:
                        nex |= b
                        frees -= 1
                out.append((frees << 7 | ORDER_KEY[i]) << ORDER | nm | nex << EX | spf
                           | (nex & slot_nb[low]) << FIT)
            if len(out) > 1:
                out.sort()
            out = [v & STATE for v in out]
        if sp < self.n_stock:
            out.append(mask | ex << EX | spf + (1 << SP) | (ex & self.draw_nb[sp]) << FIT)
        return out

    def fmt(self, before: int, after: int) -> str:
        """The text of the move from position ``before`` to ``after``."""
        d = (before ^ after) & TABLEAU
        return "s" if not d else str(TriPeaks.format_move(self.start, SLOT[d]))


class _Search(Search):
    """:class:`Search` over :class:`_Problem`'s int positions with its own loop (the same answers;
    fewer calls a position, which WebAssembly feels most) and the visited map of the module
    docstring. The line to a position is the stack of positions; a move is read off two of them."""

    def __init__(self, p: _Problem, state: TriPeaksState, max_nodes: int | None,
                 timeout: float | None, clock: Clock):
        super().__init__(p.root, lambda _n: (), lambda n: not n & TABLEAU, p.fmt, None,
                         lambda _start, moves: replays_to_win(TriPeaks, state, moves), max_nodes,
                         timeout, clock)
        self.problem = p
        self.seen: dict = {p.root & KEY: p.root >> FIT}
        self._line = [p.root]
        self._moves = [iter(p.successors(p.root))]

    def _step(self, budget: int, t0: float) -> Result | None:
        line, moves, seen, succ = self._line, self._moves, self.seen, self.problem.successors
        limit, timeout = self.max_nodes, self.timeout
        never = 1 << 62
        nodes = self.nodes
        end = nodes + budget
        # the next node count at which the budget or the clock is looked at
        check = min(never if limit is None else limit, never if timeout is None else (nodes | 127) + 1)
        while moves:
            if nodes >= end:
                self.nodes = nodes
                return None
            for nxt in moves[-1]:
                k = nxt & KEY
                met = seen.get(k)
                if met is None:
                    seen[k] = nxt >> FIT
                else:
                    fit = nxt >> FIT
                    if not fit & ~met:
                        continue
                    seen[k] = met | fit
                    nxt = k | (fit & ~met) << FIT
                nodes += 1
                if not nxt & TABLEAU:
                    self.nodes = nodes
                    line.append(nxt)
                    texts = [self.fmt(line[j], line[j + 1]) for j in range(len(line) - 1)]
                    if not self.verify(self.start, texts):
                        raise AssertionError(f"solver found a solution that does not replay: {texts}")
                    return self._finish(SOLVED, texts)
                line.append(nxt)
                moves.append(iter(succ(nxt)))
                break
            else:
                line.pop()
                moves.pop()
            if nodes >= check:
                self.nodes = nodes
                if limit is not None and nodes >= limit:
                    return self._finish(UNKNOWN)
                if timeout is not None and self.seconds + self.clock() - t0 > timeout:
                    return self._finish(UNKNOWN)
                check = min(never if limit is None else limit,
                            never if timeout is None else (nodes | 127) + 1)
        self.nodes = nodes
        return self._finish(UNSOLVABLE)


def solver(state: TriPeaksState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> Search:
    """A resumable search from ``state`` (sees face-down cards), ``timeout`` read on ``clock``.
    See :class:`Search`.

    :raises ValueError: for a stock of more than 63 cards (a deal's has 23; a deck has 52)."""
    return _Search(_Problem(state), state, max_nodes, timeout, clock)
