"""Pyramid solver: depth-first search over a compact state, with provably safe pruning.

**The compact state** ``(L, D, b, p)``: ``S0 = waste + stock`` at the start of the search is the
fixed stock order (draws and recycles never reorder it; removals only delete cards from it), so
the stock and waste are a bit mask ``D`` of the ``S0`` cards still there and a boundary ``b``: the
cards of ``D`` below ``b`` are the waste (the highest is its top), the others the stock (the
lowest is its top). ``b`` is kept canonical (one past the waste top, 0 for an empty waste). ``L``
is the bit mask of the layout cards still there; ``p`` the pass number (always 0 under unlimited
passes, where it does not matter). The state is its own visited-set key.

**Safe pruning** (none of it can lose a win):

1. *A king is forced.* If a king is available, removing it is the only successor tried. A layout
   king pairs with nothing, so taking it only frees cards. A stock or waste king: the position
   with it deleted from ``S0``'s remaining order simulates every play of the position with it
   (a draw of the king becomes no draw; at every boundary the cards available besides the king
   are still available, as the neighbours across the gap become adjacent), so nothing is lost.
2. *An isolated pair is forced.* If two available cards of ranks ``r`` and ``13 - r`` are the only
   cards of those ranks left anywhere, they can only ever be removed together; removing them now
   frees layout cards and deletes stock cards that have no other use (as in 1), so it is forced.
3. *Counting.* Each removal of a layout card of rank ``r`` uses a distinct card of rank
   ``13 - r``; a position where the layout holds more cards of rank ``r`` than are left of rank
   ``13 - r`` (layout, stock and waste) is dead. Likewise a layout card whose every remaining
   partner lies on it or under it (transitively: it can never be free together with them) when
   no partner is left in the stock or waste. After a removal only the two ranks removed can break
   these conditions, so only they are checked.

4. *Dominance* (pass limit only): a state that a visited one reaches by draws alone is not
   searched again (see ``successors_passes``). Under unlimited passes every boundary of the same
   masks reaches every other, so the key is ``(L, D)`` alone and a successor is a *macro move*:
   the draws that bring a card to the stock or waste top, then the removal.

**Move order**: forced moves alone; else pairs of two layout cards, then a layout card with the
waste or stock top (the pairs freeing most cards first), then the draw, then the waste top with
the stock top.
"""
from __future__ import annotations

from ..cards import fmt
from ..pyramid import KING, Pyramid, PyramidState, geometry
from .search import Search, replays_to_win

DRAW = "s"


class _Tables:
    """The fixed tables of one search: layout ranks and covers, the ``S0`` order and its ranks."""

    def __init__(self, s: PyramidState):
        g = geometry(s.layout)
        self.n = g.n
        self.cards = s.cards
        self.cover = g.cover_mask
        self.above = g.above
        below = [0] * g.n
        for i in range(g.n):
            for j in range(g.n):
                if (g.above[j] >> i) & 1:
                    below[i] |= 1 << j
        self.tangled = tuple(g.above[i] | below[i] for i in range(g.n))
        self.lrank = tuple((c & 15) if c is not None else 0 for c in s.cards)
        self.s0 = tuple(s.waste) + tuple(s.stock)
        self.drank = tuple(c & 15 for c in self.s0)
        self.lmask = [0] * 14  # layout slots of each rank
        self.dmask = [0] * 14  # S0 indices of each rank
        for i, r in enumerate(self.lrank):
            if r:
                self.lmask[r] |= 1 << i
        for k, r in enumerate(self.drank):
            self.dmask[r] |= 1 << k
        self.passes = s.passes
        self.best: dict[tuple, list] = {}  # (L, D) -> the (pass, boundary) pairs visited

    def start(self, s: PyramidState) -> tuple:
        L = sum(1 << i for i, c in enumerate(s.cards) if c is not None)
        D = (1 << len(self.s0)) - 1
        b = len(s.waste)
        return (L, D, b, s.pass_no if self.passes else 0)

    def class_ok(self, L: int, D: int, r: int) -> bool:
        """Whether the ranks ``r`` and ``13 - r`` still pass the counting test (pruning 3)."""
        s = 13 - r
        lm, dm = self.lmask, self.dmask
        lr, ls = L & lm[r], L & lm[s]
        nlr, nls = lr.bit_count(), ls.bit_count()
        ndr, nds = (D & dm[r]).bit_count(), (D & dm[s]).bit_count()
        if nlr > nls + nds or nls > nlr + ndr:
            return False
        tangled = self.tangled
        if nds == 0 and nlr:
            x = lr
            while x:
                low = x & -x
                if not ls & ~tangled[low.bit_length() - 1]:
                    return False
                x ^= low
        if ndr == 0 and nls:
            x = ls
            while x:
                low = x & -x
                if not lr & ~tangled[low.bit_length() - 1]:
                    return False
                x ^= low
        return True

    def feasible(self, L: int, D: int) -> bool:
        """The counting test for every rank class (at the root)."""
        return all(self.class_ok(L, D, r) for r in range(1, 7))

    def successors(self, st: tuple):
        L, D, b, p = st
        n, cover, lrank, drank = self.n, self.cover, self.lrank, self.drank
        # available sources: ("L", slot) / ("D", index)
        free = [i for i in range(n) if (L >> i) & 1 and not cover[i] & L]
        x = (D >> b) << b
        t = (x & -x).bit_length() - 1 if x else -1
        y = D & ((1 << b) - 1)
        w = y.bit_length() - 1 if y else -1
        # forced: a king
        for i in free:
            if lrank[i] == KING:
                yield ("L", i), self._remove(st, (i,), ())
                return
        for k in (w, t):
            if k >= 0 and drank[k] == KING:
                yield ("D", k), self._remove(st, (), (k,))
                return
        lm, dm = self.lmask, self.dmask
        byrank: dict[int, list] = {}
        for i in free:
            byrank.setdefault(lrank[i], []).append(("L", i))
        for k in (w, t):
            if k >= 0:
                byrank.setdefault(drank[k], []).append(("D", k))
        pairs = []
        for r, xs in byrank.items():
            if r >= 7:
                continue
            ys = byrank.get(13 - r)
            if not ys:
                continue
            for a in xs:
                for c in ys:
                    pairs.append((a, c))
        scored = []
        for a, c in pairs:
            ls = tuple(v for kind, v in (a, c) if kind == "L")
            ds = tuple(v for kind, v in (a, c) if kind == "D")
            r = lrank[ls[0]] if ls else drank[ds[0]]
            r = min(r, 13 - r)
            # forced: the only two cards of their ranks left
            if ((L & lm[r]).bit_count() + (D & dm[r]).bit_count() == 1
                    and (L & lm[13 - r]).bit_count() + (D & dm[13 - r]).bit_count() == 1):
                yield (a, c), self._remove(st, ls, ds)
                return
            nxt = self._remove(st, ls, ds)
            if not self.class_ok(nxt[0], nxt[1], r):
                continue
            gone = sum(1 << i for i in ls)
            nl = L & ~gone
            freed = 0
            # cards freed by this removal: slots whose last cover goes
            if ls:
                for j in range(n):
                    if (nl >> j) & 1 and cover[j] & gone and not cover[j] & nl:
                        freed += 1
            cat = 0 if len(ls) == 2 else (1 if ls else 3)
            scored.append((cat, -freed, (a, c), nxt))
        scored.sort(key=lambda z: (z[0], z[1]))
        drew = False
        for cat, _, mv, nxt in scored:
            if cat == 3 and not drew:
                drew = True
                d = self._draw(st, t, w)
                if d is not None:
                    yield DRAW, d
            yield mv, nxt
        if not drew:
            d = self._draw(st, t, w)
            if d is not None:
                yield DRAW, d

    def successors_cycle(self, st: tuple):
        """Successors under unlimited passes: one *macro move* per removal reachable by drawing
        (the draws that bring the cards to the stock or waste top, then the removal)."""
        L, D, b, p = st
        n, cover, lrank, drank = self.n, self.cover, self.lrank, self.drank
        free = [i for i in range(n) if (L >> i) & 1 and not cover[i] & L]
        idx = []
        x = D
        while x:
            low = x & -x
            idx.append(low.bit_length() - 1)
            x ^= low
        m = len(idx)
        p0 = sum(1 for k in idx if k < b)

        def cost(q):  # draws (and a recycle) to make position q the boundary (waste = idx[:q])
            return q - p0 if q >= p0 else m - p0 + 1 + q

        def reach(q):  # cheapest boundary at which idx[q] is available: stock top (q) or waste top (q + 1)
            return q if cost(q) <= cost(q + 1) else q + 1

        for i in free:
            if lrank[i] == KING:
                yield (0, (("L", i),)), self._remove(st, (i,), ())
                return
        for q, k in enumerate(idx):
            if drank[k] == KING:
                at = reach(q)
                yield (cost(at), (("D", k),)), self._remove((L, D, idx[at - 1] + 1 if at else 0, p), (), (k,))
                return
        lm, dm = self.lmask, self.dmask
        out = []
        lfree: dict[int, list] = {}
        for i in free:
            lfree.setdefault(lrank[i], []).append(i)
        dpos: dict[int, list] = {}
        for q, k in enumerate(idx):
            dpos.setdefault(drank[k], []).append(q)
        # layout with layout
        for r, xs in lfree.items():
            if r >= 7:
                continue
            for c in lfree.get(13 - r, ()):
                for a in xs:
                    out.append((0, 0, (a, c), (), b))
        # layout with a stock or waste card
        for r, xs in lfree.items():
            for q in dpos.get(13 - r, ()):
                at = reach(q)
                nb = idx[at - 1] + 1 if at else 0
                for a in xs:
                    out.append((1, cost(at), (a,), (idx[q],), nb))
        # two adjacent stock-and-waste cards: waste top idx[q], stock top idx[q + 1]
        for q in range(m - 1):
            if drank[idx[q]] + drank[idx[q + 1]] == 13:
                out.append((2, cost(q + 1), (), (idx[q], idx[q + 1]), idx[q] + 1))
        scored = []
        for cat, draws, ls, ds, nb in out:
            r = lrank[ls[0]] if ls else drank[ds[0]]
            r = min(r, 13 - r)
            nxt = self._remove((L, D, nb, p), ls, ds)
            mv = (draws, tuple(("L", i) for i in ls) + tuple(("D", k) for k in ds))
            if ((L & lm[r]).bit_count() + (D & dm[r]).bit_count() == 1
                    and (L & lm[13 - r]).bit_count() + (D & dm[13 - r]).bit_count() == 1):
                yield mv, nxt
                return
            if not self.class_ok(nxt[0], nxt[1], r):
                continue
            freed = 0
            if ls:
                gone = sum(1 << i for i in ls)
                nl = L & ~gone
                for j in range(n):
                    if (nl >> j) & 1 and cover[j] & gone and not cover[j] & nl:
                        freed += 1
            scored.append((cat, -freed, draws, mv, nxt))
        scored.sort(key=lambda z: z[:3])
        for *_, mv, nxt in scored:
            yield mv, nxt

    def successors_passes(self, st: tuple):
        """Successors under a pass limit, less those dominated by a visited state (pruning 4):
        ``(L, D, b, p)`` can reach ``(L, D, b', p')`` by draws alone when ``p < p'`` (draw to the
        end, turn the waste back) or ``p == p'`` and ``b <= b'``, so the later one has nothing new."""
        best = self.best
        for mv, nxt in self.successors(st):
            L, D, b, p = nxt
            seen = best.setdefault((L, D), [])
            # A removal's successor has smaller masks than every state on the search path, so a
            # state dominating it was explored already; a draw's successor keeps the masks and
            # its dominators may be on the path (the draws that led here), so it is never cut.
            if mv != DRAW and any(p0 < p or (p0 == p and b0 <= b) for p0, b0 in seen):
                continue
            seen.append((p, b))
            yield mv, nxt

    def _draw(self, st: tuple, t: int, w: int):
        L, D, b, p = st
        if t >= 0:
            return (L, D, t + 1, p)
        if w >= 0 and (not self.passes or p < self.passes):
            return (L, D, 0, p + 1 if self.passes else 0)
        return None

    @staticmethod
    def _remove(st: tuple, ls: tuple, ds: tuple) -> tuple:
        L, D, b, p = st
        for i in ls:
            L &= ~(1 << i)
        for k in ds:
            D &= ~(1 << k)
        return (L, D, (D & ((1 << b) - 1)).bit_length(), p)

    def fmt(self, st: tuple, move) -> str:
        """A move's text; a macro move is its draws and its removal, space-separated."""
        if move == DRAW:
            return "s"
        draws = 0
        if isinstance(move[0], int):
            draws, move = move
        elif isinstance(move[0], str):
            move = (move,)
        return "s " * draws + "+".join(fmt(self.cards[v] if kind == "L" else self.s0[v]) for kind, v in move)


class _Search(Search):
    """:class:`Search` that splits macro moves into single moves in its answer."""

    def _finish(self, status, moves=None):
        return super()._finish(status, [t for m in moves or [] for t in m.split()])


def solver(state: PyramidState, max_nodes: int | None = None, timeout: float | None = None) -> Search:
    """A resumable search from ``state`` (see :class:`games.solvers.search.Search`). Answers:
    ``solved`` (the moves replayed by the rules to a win), ``unsolvable`` (the reachable space,
    less provably dead or dominated branches, exhausted), ``unknown`` (budget spent)."""
    tb = _Tables(state)
    start = tb.start(state)
    if not tb.feasible(start[0], start[1]):
        def successors(st):
            return iter(())
    else:
        successors = tb.successors_passes if state.passes else tb.successors_cycle
        start_ = tb.start(state)
        tb.best[(start_[0], start_[1])] = [(start_[3], start_[2])]
    key = None if state.passes else (lambda st: (st[0], st[1]))
    return _Search(start, successors, lambda st: st[0] == 0, tb.fmt, key,
                   lambda _start, moves: replays_to_win(Pyramid, state, " ".join(moves).split()),
                   max_nodes, timeout)
