"""TriPeaks solver: depth-first over removals and draws, best moves first.

Two positions with the same tableau, the same number of stock cards left and the same waste top
have the same future, so that triple is the visited-set key (score and streak do not change what
can be won). Moves are tried tableau cards first (those that will turn a card face up before the
others), the draw last.
"""
from __future__ import annotations

from ..tripeaks import COVERED_BY, DRAW, N_SLOTS, TriPeaks, TriPeaksState, exposed, fits
from .search import Search, replays_to_win

LAYOUT_COVERS = tuple(tuple(j for j in range(N_SLOTS) if i in COVERED_BY[j]) for i in range(N_SLOTS))


def _successors(s: TriPeaksState):
    t = s.tableau
    if not s.waste:
        moves = []
    else:
        top, mode = s.waste[-1], s.mode
        moves = [i for i in range(N_SLOTS) if t[i] is not None and fits(t[i], top, mode) and exposed(t, i)]
        # cards that uncover something first (a covered neighbour left with one cover), deeper rows first
        moves.sort(key=lambda i: (-sum(1 for j in LAYOUT_COVERS[i]
                                       if t[j] is not None and sum(t[k] is not None for k in COVERED_BY[j]) == 1), i))
    for m in moves:
        yield m, TriPeaks.apply(s, m)
    if s.stock:
        yield DRAW, TriPeaks.apply(s, DRAW)


def _key(s: TriPeaksState):
    return (s.tableau, len(s.stock), s.waste[-1] if s.waste else None)


def _won(s: TriPeaksState) -> bool:
    return not any(c is not None for c in s.tableau)


def solver(state: TriPeaksState, max_nodes: int | None = None, timeout: float | None = None) -> Search:
    """A resumable search from ``state`` (sees face-down cards). See :class:`Search`."""
    return Search(state, _successors, _won, TriPeaks.format_move, _key,
                  lambda start, moves: replays_to_win(TriPeaks, start, moves), max_nodes, timeout)
