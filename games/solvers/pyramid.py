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
   ``13 - r``: a layout card of the other rank that can be free at the same time (not on it nor
   under it, through cards present at the start: a position given as text need not be reachable
   from a deal) or a stock or waste card. So the pairs of two layout cards must make up for what
   the stock and waste lack: when no such matching exists (Hall's condition, at most 4 × 4
   cards) the position is dead. After a removal only the two ranks removed can break this, so
   only they are checked.
3b. *Order of the pairs.* Two layout cards removed together leave at once, so each waits for
   every card lying on either of them (through cards present at the start). A solution makes
   at least ``need`` layout pairs in each rank class (the counting), and any ``need`` of them,
   from every class at once, are removed in the solution's order: no pair of them waits,
   through the others, for itself. Within a class, the matching of 3 must have an
   order like that (else dead); across classes, some choice of one such matching per class
   must have one all together (:meth:`_Tables.jointly_ok`, at each node; a class with more than
   :data:`MAX_OPTIONS` ways, or a choice taking over :data:`MAX_JOINT` steps, is given up as
   "maybe", which only weakens the test). Example: 7D needs 6S and 8D needs 5H, but 6S lies on
   8D and 5H on 7D — each pair waits for the other.

**Unlimited passes**: every boundary of the same masks reaches every other, so the visited key is
``(L, D)`` alone and a successor is a *macro move*: the draws that bring a card to the stock or
waste top, then the removal. Move order: forced moves alone; else pairs of two layout cards, then
a layout card with a stock or waste card (most cards freed first, then fewest draws), then two
neighbouring stock and waste cards.

**A pass limit** (``passes=3``, the Microsoft Solitaire Collection rule) has no such collapse. A
*position* is ``(p, b)``; from it the draws alone reach exactly the positions ``(p, b')`` with
``b' >= b`` and, while a recycle is left, every ``(p', b')`` with ``p < p' <= passes``: the
positions are totally ordered (pass first, then boundary) and an earlier one reaches every later
one with the same masks.

4. *Stock and waste kings go at once.* They are deleted from ``D`` at the start (as in 1; the
   answer's single moves remove each as soon as it comes up, see :func:`realize`).
5. *A successor is a removal made at the earliest position where it is legal* (the draws and
   recycles before it are implied): the state it leads to reaches, by draws, the one the same
   removal makes at any later position (a boundary only moves on as the draws go), so a later
   one can be dropped. For a stock or waste card that is: the stock top later in this pass, the
   waste top now, else the stock top in the next pass (if there is one).
6. *Dominance*: for each pair of masks the earliest position visited is kept (``best``); a state
   whose masks were visited at an earlier or equal position is not searched again, one found at an
   earlier position is searched again. Successors are tried earliest position first, so a state is
   mostly first reached at its best position (on the hardest classic deals the nodes outnumber
   the mask pairs by 15–45 %; trying layout pairs first instead gave 2×).
7. *Dead waste in the last pass.* In the last pass the waste is only ever popped: a waste card
   whose rank has no partner left in the layout or the stock can never go, nor can any card under
   it. Those cards leave the counting test (3) as if gone.

The answer's moves are the removals; :func:`realize` plays them out into single moves (draws,
recycles, the kings of 4) by the rules, and the search checks that they replay to a win.
"""
from __future__ import annotations

import time

from ..cards import fmt
from ..core import Clock
from ..pyramid import KING, Pyramid, PyramidState, geometry
from .search import Search, replays_to_win

DRAW = "s"


def _ordered_matching(nbrs: list, k: int, used: int, need: int, above: tuple, pairs: list,
                      befores: list) -> bool:
    """Whether ``need`` of the cards ``nbrs[k:]`` (``(slot, bit mask of possible partners)``)
    get distinct partners outside ``used`` so that the chosen pairs (with ``pairs`` already
    chosen: their two cards' bits, and ``befores``: the cards that must go before either) can be
    removed in some order: a pair waits for every card covering either of its cards, so no pair
    may wait, through others, for itself (pruning 3)."""
    if need <= 0:
        return True
    if len(nbrs) - k < need:
        return False
    i, x = nbrs[k]
    x &= ~used
    while x:
        low = x & -x
        pm = (1 << i) | low
        bf = above[i] | above[low.bit_length() - 1]
        pairs.append(pm)
        befores.append(bf)
        if _acyclic(pairs, befores) and _ordered_matching(nbrs, k + 1, used | low, need - 1, above,
                                                          pairs, befores):
            return True
        pairs.pop()
        befores.pop()
        x ^= low
    return _ordered_matching(nbrs, k + 1, used, need, above, pairs, befores)


MAX_OPTIONS = 24  # ways to choose one class's layout pairs listed for the joint test, at most
MAX_JOINT = 400  # steps of the joint test before it gives up (says "maybe")


def _acyclic(pairs: list, befores: list) -> bool:
    """Whether the pairs (bit masks of two cards, each with the mask of cards that must go
    before it) can be removed one after another: pair ``a`` must go before pair ``b`` when a card
    of ``a`` covers (through any cards) a card of ``b``; no cycle of that relation."""
    n = len(pairs)
    if n < 2:
        return True
    pre = []
    for bf in befores:
        m = 0
        for b in range(n):
            if pairs[b] & bf:
                m |= 1 << b
        pre.append(m)
    left = (1 << n) - 1
    while left:
        x = left
        while x:  # a pair that no pair left must precede
            low = x & -x
            if not pre[low.bit_length() - 1] & left:
                left ^= low
                break
            x ^= low
        else:
            return False
    return True



def _bits(x: int) -> list[int]:
    """The positions of the set bits of ``x``, lowest first (the talon cards still in play)."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out

class _Tables:
    """The fixed tables of one search: layout ranks and covers, the ``S0`` order and its ranks."""

    def __init__(self, s: PyramidState):
        g = geometry(s.layout)
        self.n = g.n
        self.cards = s.cards
        self.cover = g.cover_mask
        # above[i]: the cards that must go before slot i is free, through cards present at the
        # start (a card whose covers are gone is free even if cards further up remain: a
        # position given as text need not be reachable from a deal)
        present = sum(1 << i for i, c in enumerate(s.cards) if c is not None)
        above = [0] * g.n
        for i in range(g.n - 1, -1, -1):  # covering cards come later in reading order
            m = g.cover_mask[i] & present
            for j in range(i + 1, g.n):
                if (m >> j) & 1:
                    m |= above[j]
            above[i] = m
        self.above = tuple(above)
        below = [0] * g.n
        for i in range(g.n):
            for j in range(g.n):
                if (above[j] >> i) & 1:
                    below[i] |= 1 << j
        self.under = tuple(tuple(j for j in range(g.n) if (g.cover_mask[j] >> i) & 1) for i in range(g.n))
        self.tangled = tuple(above[i] | below[i] for i in range(g.n))
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
        self.options_cache: dict = {}  # (layout cards of a class, pairs needed) -> class_options
        self.best: dict[int, int] = {}  # masks (D << n | L) -> earliest position visited (64 pass + boundary)

    def start(self, s: PyramidState) -> tuple:
        L = sum(1 << i for i, c in enumerate(s.cards) if c is not None)
        D = (1 << len(self.s0)) - 1
        b = len(s.waste)
        if not self.passes:
            return (L, D, b, 0)
        D &= ~self.dmask[KING]  # stock and waste kings go as they come up (pruning 1)
        return (L, D, (D & ((1 << b) - 1)).bit_length(), min(s.pass_no, self.passes))

    def class_ok(self, L: int, D: int, r: int) -> bool:
        """Whether the ranks ``r`` and ``13 - r`` still pass the counting test (pruning 3): every
        layout card of the two ranks needs its own partner, a layout card of the other rank that
        can be free with it (not on it, not under it) or a stock or waste card of the other rank;
        so the layout pairs must cover what the stock and waste cannot (a matching, Hall)."""
        s = 13 - r
        lm, dm = self.lmask, self.dmask
        lr, ls = L & lm[r], L & lm[s]
        nlr, nls = lr.bit_count(), ls.bit_count()
        ndr, nds = (D & dm[r]).bit_count(), (D & dm[s]).bit_count()
        need = max(nlr - nds, nls - ndr)  # layout pairs needed
        if need <= 0:
            return True
        if need > nlr or need > nls:
            return False
        nbrs = self._partners(lr, ls)
        if len(nbrs) < need:
            return False
        if need == 1:
            return True
        return _ordered_matching(nbrs, 0, 0, need, self.above, [], [])


    def _partners(self, lr: int, ls: int) -> list:
        """For each layout card of ``lr`` (bit index ``i``), the bits of ``ls`` it can pair with
        (not tangled with it): ``[(i, bits), …]``, cards with no partner left out."""
        tangled = self.tangled
        nbrs = []
        x = lr
        while x:
            low = x & -x
            i = low.bit_length() - 1
            nb = ls & ~tangled[i]
            if nb:
                nbrs.append((i, nb))
            x ^= low
        return nbrs

    def feasible(self, L: int, D: int) -> bool:
        """The counting test for every rank class (at the root)."""
        return all(self.class_ok(L, D, r) for r in range(1, 7))

    def class_options(self, L: int, D: int, r: int):
        """Every way (up to :data:`MAX_OPTIONS`) to choose the ``need`` layout pairs of the ranks
        ``r`` and ``13 - r`` that the counting test asks for, each removable in some order:
        a list of options, each a tuple of pairs ``(bits of its two cards, bits of the cards that
        must go before it)``; ``[()]`` when no layout pair is needed, ``None`` when there are
        too many ways to list (pruning 3b)."""
        s = 13 - r
        lm, dm = self.lmask, self.dmask
        lr, ls = L & lm[r], L & lm[s]
        need = max(lr.bit_count() - (D & dm[s]).bit_count(), ls.bit_count() - (D & dm[r]).bit_count())
        if need <= 0:
            return [()]
        key = (lr | ls, need)
        cache = self.options_cache
        got = cache.get(key)
        if got is not None or key in cache:
            return got
        above = self.above
        nbrs = self._partners(lr, ls)
        out: list = []

        def walk(k, used, need, pairs, befores):
            if need == 0:
                out.append(tuple(zip(pairs, befores)))
                return len(out) > MAX_OPTIONS
            if len(nbrs) - k < need:
                return False
            i, x = nbrs[k]
            x &= ~used
            while x:
                low = x & -x
                pairs.append((1 << i) | low)
                befores.append(above[i] | above[low.bit_length() - 1])
                if _acyclic(pairs, befores) and walk(k + 1, used | low, need - 1, pairs, befores):
                    return True
                pairs.pop()
                befores.pop()
                x ^= low
            return walk(k + 1, used, need, pairs, befores)

        got = None if walk(0, 0, need, [], []) else out
        cache[key] = got
        return got

    def jointly_ok(self, L: int, D: int) -> bool:
        """Whether the layout pairs that the counting test asks for can be chosen in every rank
        class at once (one of :meth:`class_options` each) so that all of them can be removed in
        some order (pruning 3b): a pair waits for every card covering either of its cards, and no
        pair may wait, through pairs of any class, for itself. Gives up (``True``) after
        :data:`MAX_JOINT` steps."""
        opts = []
        for r in range(1, 7):
            o = self.class_options(L, D, r)
            if o is None or o == [()]:
                continue
            if not o:
                return False
            opts.append(o)
        if len(opts) < 2:
            return True
        opts.sort(key=len)
        budget = [MAX_JOINT]
        pairs: list = []
        befores: list = []

        def walk(k):
            if k == len(opts):
                return True
            for option in opts[k]:
                budget[0] -= 1
                if budget[0] < 0:
                    return True
                n0 = len(pairs)
                for pm, bf in option:
                    pairs.append(pm)
                    befores.append(bf)
                ok = _acyclic(pairs, befores) and walk(k + 1)
                del pairs[n0:], befores[n0:]
                if ok:
                    return True
            return False

        return walk(0)

    def successors_cycle(self, st: tuple):
        """Successors under unlimited passes: one *macro move* per removal reachable by drawing
        (the draws that bring the cards to the stock or waste top, then the removal)."""
        L, D, b, p = st
        if not self.jointly_ok(L, D):
            return
        n, cover, lrank, drank = self.n, self.cover, self.lrank, self.drank
        free = [i for i in range(n) if (L >> i) & 1 and not cover[i] & L]
        idx = _bits(D)
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

    def successors_limited(self, st: tuple):
        """Successors under a pass limit (pruning 4): one macro move per removal, made at the
        earliest position ``(pass, boundary)`` the draws can reach where it is legal, less the
        successors that a visited state dominates (same masks, an earlier or equal position)."""
        L, D, b, p = st
        if not self.jointly_ok(L, D):
            return
        cover, lrank, drank, lm, dm = self.cover, self.lrank, self.drank, self.lmask, self.dmask
        P, under, best, n = self.passes, self.under, self.best, self.n
        free = []
        x = L
        while x:
            low = x & -x
            i = low.bit_length() - 1
            if not cover[i] & L:
                free.append(i)
            x ^= low
        for i in free:
            if lrank[i] == KING:  # forced (pruning 1)
                nxt = self._remove(st, (i,), ())
                if self._fresh(nxt):
                    yield (("L", i),), nxt
                return
        idx = _bits(D)
        m = len(idx)
        q0 = (D & ((1 << b) - 1)).bit_count()  # waste = idx[:q0], stock = idx[q0:]
        here = p * 64 + q0
        lfree: dict[int, list] = {}
        for i in free:
            lfree.setdefault(lrank[i], []).append(i)
        cands = []  # (position, layout slots, S0 indices, boundary index q, pass)
        for r, xs in lfree.items():
            if r < 7:
                for c in lfree.get(13 - r, ()):
                    for a in xs:
                        cands.append((here, (a, c), (), q0, p))
        for j, k in enumerate(idx):
            xs = lfree.get(13 - drank[k])
            if not xs:
                continue
            if j >= q0:  # as the stock top, later in this pass
                q, pp = j, p
            elif j == q0 - 1:  # the waste top, now
                q, pp = q0, p
            elif p < P:  # as the stock top in the next pass
                q, pp = j, p + 1
            else:
                continue
            for a in xs:
                cands.append((pp * 64 + q, (a,), (k,), q, pp))
        for j in range(m - 1):
            if drank[idx[j]] + drank[idx[j + 1]] == 13:  # waste top idx[j], stock top idx[j + 1]
                q = j + 1
                if q >= q0:
                    pp = p
                elif p < P:
                    pp = p + 1
                else:
                    continue
                cands.append((pp * 64 + q, (), (idx[j], idx[j + 1]), q, pp))
        scored = []
        for pos, ls, ds, q, pp in cands:
            r = lrank[ls[0]] if ls else drank[ds[0]]
            if r > 6:
                r = 13 - r
            nl, nd = L, D
            for i in ls:
                nl ^= 1 << i
            for k in ds:
                nd ^= 1 << k
            nb = (nd & ((1 << (idx[q - 1] + 1)) - 1)).bit_length() if q else 0
            nxt = (nl, nd, nb, pp)
            if (pos == here and (L & lm[r]).bit_count() + (D & dm[r]).bit_count() == 1
                    and (L & lm[13 - r]).bit_count() + (D & dm[13 - r]).bit_count() == 1):
                if self._fresh(nxt):  # forced (pruning 2)
                    yield tuple(("L", i) for i in ls) + tuple(("D", k) for k in ds), nxt
                return
            old = best.get((nd << n) | nl)
            if old is not None and old <= pp * 64 + nb:
                continue
            if not self.class_ok(nl, nd, r):
                continue
            if pp >= P and not self.last_pass_ok(nl, nd, nb):
                continue
            freed = 0
            for i in ls:
                for jj in under[i]:
                    if (nl >> jj) & 1 and not cover[jj] & nl:
                        freed += 1
            scored.append((pos, len(ds), -freed, ls, ds, nxt))
        # earliest position first (a state is then mostly first reached at its best position,
        # and seldom searched again), then layout pairs, most cards freed
        scored.sort(key=lambda z: z[:3])
        for *_, ls, ds, nxt in scored:
            if self._fresh(nxt):
                yield tuple(("L", i) for i in ls) + tuple(("D", k) for k in ds), nxt

    def _fresh(self, st: tuple) -> bool:
        """Whether ``st`` is not dominated by a visited state (recording it if so): the same
        masks at an earlier or equal position ``(pass, boundary)`` reach it by draws alone."""
        L, D, b, p = st
        k = (D << self.n) | L
        v = p * 64 + b
        old = self.best.get(k)
        if old is not None and old <= v:
            return False
        self.best[k] = v
        return True

    def last_pass_ok(self, L: int, D: int, b: int) -> bool:
        """The counting test (pruning 3) in the last pass with the dead waste cards left out
        (pruning 5): a waste card with no partner in the layout or the stock can never go, nor
        can any card under it."""
        waste = D & ((1 << b) - 1)
        if not waste:
            return True
        stock = D ^ waste
        drank, lm, dm = self.drank, self.lmask, self.dmask
        x = waste
        while x:
            k = x.bit_length() - 1
            r = 13 - drank[k]
            if not (L & lm[r] or stock & dm[r]):
                dead = waste & ((2 << k) - 1)
                break
            x ^= 1 << k
        else:
            return True
        live = D & ~dead
        done = set()
        y = dead
        while y:
            k = y.bit_length() - 1
            y ^= 1 << k
            r = min(drank[k], 13 - drank[k])
            if r not in done:
                done.add(r)
                if not self.class_ok(L, live, r):
                    return False
        return True

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


def realize(state: PyramidState, removals: list[str]) -> list[str] | None:
    """The single moves that play ``removals`` (pair or king texts, in order) from ``state``:
    before each removal, the draws (and recycles) up to the first position where it is legal;
    a stock or waste king is removed as soon as it comes up. ``None`` if some removal never
    becomes legal (the removals were not a solution of the pass-limited search)."""
    from ..core import GameError
    from ..pyramid import DRAW as DRAW_MOVE, STOCK, WASTE, card_at

    s, out = state, []

    def kings():
        nonlocal s
        while True:
            for src, pile in ((STOCK, s.stock), (WASTE, s.waste)):
                if pile and card_at(s, src) & 15 == KING:
                    out.append(fmt(card_at(s, src)))
                    s = Pyramid.apply(s, (src,))
                    break
            else:
                return

    try:
        for text in removals:
            kings()
            for _ in range(3 * 53):
                try:
                    mv = Pyramid.parse_move(s, text)
                    if Pyramid.why_not(s, mv) is None:
                        break
                except GameError:
                    pass
                s = Pyramid.apply(s, DRAW_MOVE)
                out.append(DRAW)
                kings()
            else:
                return None
            s = Pyramid.apply(s, mv)
            out.append(text)
    except GameError:
        return None
    return out


class _Limited(Search):
    """:class:`Search` under a pass limit: its moves are removals, played out by :func:`realize`."""

    def __init__(self, state: PyramidState, *args, **kw):
        self.state = state
        super().__init__(*args, **kw)

    def _finish(self, status, moves=None):
        if moves:
            moves = realize(self.state, moves)
        return super()._finish(status, moves)


def solver(state: PyramidState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> Search:
    """A resumable search from ``state`` (see :class:`games.solvers.search.Search`), ``timeout``
    read on ``clock``. Answers:
    ``solved`` (the moves replayed by the rules to a win), ``unsolvable`` (the reachable space,
    less provably dead or dominated branches, exhausted), ``unknown`` (budget spent)."""
    tb = _Tables(state)
    start = tb.start(state)
    dead = not tb.feasible(start[0], start[1])
    if state.passes:
        dead = dead or (start[3] >= tb.passes and not tb.last_pass_ok(start[0], start[1], start[2]))
        tb._fresh(start)

        def verify(_start, moves):
            real = realize(state, moves)
            return real is not None and replays_to_win(Pyramid, state, real)

        return _Limited(state, start, (lambda st: iter(())) if dead else tb.successors_limited,
                        lambda st: st[0] == 0, tb.fmt, None, verify, max_nodes, timeout, clock)
    successors = (lambda st: iter(())) if dead else tb.successors_cycle
    return _Search(start, successors, lambda st: st[0] == 0, tb.fmt, lambda st: (st[0], st[1]),
                   lambda _start, moves: replays_to_win(Pyramid, state, " ".join(moves).split()),
                   max_nodes, timeout, clock)
