"""TriPeaks solver: depth-first over removals and draws on a compact state, best moves first.

The search state is ``(mask, next_stock, top)``: a 28-bit mask of the tableau slots still
holding a card, the index of the stock's next card, and the waste top's card value. Score and
streak never change what can be won, so two positions with the same triple share one entry of
the visited set. Sees face-down cards (as every solver here does).

Move order: tableau cards first — those that turn a card face up before the others, then those
lying deeper — the draw last. A position is cut as dead when some tableau card has no possible
partner left: no card of a neighbouring rank in the tableau, in the stock from its next card on,
or on the waste top (a card can only leave onto a neighbour, and the waste top only ever comes
from the tableau or the stock).
"""
from __future__ import annotations

import time

from ..core import Clock
from ..tripeaks import COVERED_BY, DRAW, N_SLOTS, TriPeaks, TriPeaksState
from .search import Search, replays_to_win

BIT = tuple(1 << i for i in range(N_SLOTS))
COVER_MASK = tuple(sum(BIT[j] for j in COVERED_BY[i]) for i in range(N_SLOTS))
# slots that slot i covers (whose last cover may be i)
UNDER = tuple(tuple(j for j in range(N_SLOTS) if i in COVERED_BY[j]) for i in range(N_SLOTS))
DEPTH = tuple(0 if i < 3 else 1 if i < 9 else 2 if i < 18 else 3 for i in range(N_SLOTS))


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
    """The fixed cards of one search: tableau cards by slot, the stock order, the rules mode."""

    def __init__(self, s: TriPeaksState):
        self.cards = tuple(c if c is not None else 0 for c in s.tableau)
        self.ranks = tuple((c & 15) if c else 0 for c in self.cards)
        self.stock = s.stock
        self.stock_ranks = tuple(c & 15 for c in s.stock)
        self.mode = s.mode
        self.nb = _neighbours(s.mode)
        self.start = TriPeaksState(s.tableau, s.stock, s.waste, s.mode, s.scoring, s.score, s.streak)
        # per rank: the slots holding that rank, the slots holding a neighbour rank, the
        # neighbour ranks as bits; per stock index: the ranks still in the stock as bits
        self.rank_mask = [0] * 14
        for i, r in enumerate(self.ranks):
            if r:
                self.rank_mask[r] |= BIT[i]
        self.nb_mask = [0] + [sum(self.rank_mask[x] for x in self.nb[r]) for r in range(1, 14)]
        self.nb_bits = [0] + [sum(1 << x for x in self.nb[r]) for r in range(1, 14)]
        # (slots of rank r, slots of its neighbour ranks, its neighbour ranks as bits), r = 1..13
        self.rank_facts = tuple(zip(self.rank_mask[1:], self.nb_mask[1:], self.nb_bits[1:]))
        self.stock_sets = [0] * (len(s.stock) + 1)
        for k in range(len(s.stock) - 1, -1, -1):
            self.stock_sets[k] = self.stock_sets[k + 1] | (1 << self.stock_ranks[k])
        mask = 0
        for i, c in enumerate(s.tableau):
            if c is not None:
                mask |= BIT[i]
        self.root = (mask, 0, (s.waste[-1] & 15) if s.waste else 0)

    def successors(self, node):
        mask, sp, top = node
        if not self._alive(mask, sp, top):
            return
        moves = []
        if top:
            ranks = self.ranks
            m = mask & self.nb_mask[top]     # the cards whose rank fits on the waste top
            while m:
                low = m & -m
                i = low.bit_length() - 1
                m ^= low
                if not (mask & COVER_MASK[i]):
                    nm = mask ^ low
                    frees = 0
                    for j in UNDER[i]:
                        if nm & BIT[j] and not (nm & COVER_MASK[j]):
                            frees += 1
                    moves.append((-frees, -DEPTH[i], i, nm, ranks[i]))
            moves.sort()
        for _, _, i, nm, r in moves:
            yield i, (nm, sp, r)
        if sp < len(self.stock):
            yield DRAW, (mask, sp + 1, self.stock_ranks[sp])

    def _alive(self, mask, sp, top) -> bool:
        """False when some tableau card can never leave (no neighbour rank anywhere)."""
        stock_set = self.stock_sets[sp] | (1 << top)
        for rm, nm, nb in self.rank_facts:
            if mask & rm and not (mask & nm) and not (stock_set & nb):
                return False
        return True

    def fmt(self, node, move) -> str:
        return "s" if move == DRAW else str(TriPeaks.format_move(self.start, move))


def solver(state: TriPeaksState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> Search:
    """A resumable search from ``state`` (sees face-down cards), ``timeout`` read on ``clock``.
    See :class:`Search`."""
    p = _Problem(state)
    return Search(p.root, p.successors, lambda n: n[0] == 0, p.fmt, None,
                  lambda _start, moves: replays_to_win(TriPeaks, state, moves), max_nodes, timeout,
                  clock)
