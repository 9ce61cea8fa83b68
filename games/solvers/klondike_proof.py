"""A proof of loss for thoughtful Klondike on an abstract game: the game
of *where* each card is, with *how* the moved cards are stacked forgotten. If the abstract game
cannot reach its goal, the position is lost. Hooked into :class:`~games.solvers.klondike.
KlondikeSolver` as a lane of its portfolio (:class:`ProofLane`, weight ``KlondikeSolver.PROOF``).

**The abstraction.** A column card is *in place* while it has not moved since the root (the
position searched from). The cards in place in a column are a bottom part of it (a card moves
only with every card above it), counted by one number per column, ``r[c]``; the top one of them
is the column's *base top*. Every other card is *home* (foundation heights ``h``), in the
*talon* (bit mask ``tal``) or *loose*: in a column, not in place. The abstract state is
``(r, h, tal)``; where the loose cards lie is forgotten. Every talon card counts as available
at any time: exact for draw 1 with unlimited recycles; a draw-3 position is proved lost by
proving it lost in draw 1 (a draw-3 win is a draw-1 win: every talon card can be brought to the
waste top in draw 1 without changing anything else).

**Consistency** (true of every real position). A loose card other than a king lies on one of the
two cards it may lie on (it was put there, and that card has not moved since), which is loose or
a base top (a card in place with a loose card on it is the top one in place); a loose king lies
at the bottom of a column with no card in place; a card holds at most one card. As both cards a
red ``k`` may lie on are the black ``k + 1`` (and the other way round), such an arrangement
exists exactly when for every rank ``k`` < 13 and colour the loose cards of rank ``k`` and that
colour are no more than the loose or base-top cards of rank ``k + 1`` and the other colour, and
the loose kings no more than the columns with no card in place (Hall's condition on complete
bipartite graphs: counts, :meth:`Abstract.fixes`).

**Abstract moves** (each real move is one, or changes nothing abstract): the top ``k`` cards in
place in a column become loose (the top card, or a face-up run; a real move of a run carries
them), or go home (the top card); a talon or loose card goes home; a foundation's top card
becomes loose; a talon card becomes loose (a *pull*). Drawing, recycling and moving loose cards
about change nothing abstract. A move is allowed when its state is consistent. The *goal*: no
face-down card left (every real win passes such a state). So a real winning line maps to a
path of consistent abstract states to the goal, and if none exists the position is lost.

**Safe cards** (rule 1 of :mod:`games.solvers.klondike`, the argument the solver already rests
on: if the position is won, some winning line plays every safe card home as soon as it is a
column top or, in draw 1, in the talon). In such a line's states no safe next card is loose or a
base top either: all it could hold (one rank lower, other colour) is home, or for a 2 an ace,
which goes home as soon as it is a top and nothing lies on it, so it would be a column top. So
after each abstract move (its state consistent: the real move had a place for its cards) every
safe next card loose, on a base top or in the talon goes home, until none is left
(:meth:`Abstract.closure`): the same cards the real line plays home after that move.

**Pulls are deferred** (a dominance). Let one step be any pulls, one other move and the safe
cards: a superset of the steps above. A state with the same ``r`` and ``h`` as another and a
superset of its talon then *dominates* it: it makes any of the other's steps by also pulling
the cards the other had pulled, reaching the same state (in draw 1 the safe cards home are the
same: a pulled card leaves the talon for a loose place, both of them places the safe-card rule
reads), and the goal reads ``r`` only. So after each move only the *least* pulls that restore
consistency are made: going up the ranks, the first rank and colour short of cards to lie on
takes that many cards of the rank above and the other colour out of the talon (each choice is
tried; any consistent set of pulls holds one of them), and so on; and a state is not searched
when one with the same ``r``, ``h`` and a superset of its talon was.

**Only digs** (a second dominance). Moving face-up cards in place to loose without turning a
card face up (a *release*) changes no count of the consistency test: each card released needs
a place (+1 on its rank and colour) and makes the card under it a base top or loose (+1 on the
rank above, other colour: exactly the places that card needs). A released card is never safe
(the card on it, of the rank and colour it holds, is loose), so the safe cards played are the
same too. Hence a state dominates the same state with releases (and pulls): each of the other's
steps is one of its own once the releases are folded into it. So the search moves column cards
only by a *dig* (every face-up card in place of a column becomes loose at once, turning up the
card under them or emptying the column; ``Abstract.full = True`` makes every move instead) or by
sending a card in place home (with the cards above it loose).

**A king's column stays** (the same dominance). The dig that empties a column whose bottom card
is a king (every card left in place face up, the king at the bottom) is a release too: the
king, loose, needs a column with no card in place and leaves exactly one, its own (+1 on both
sides of the kings' count); every card above it lies on the card under it as before; no card
turns up and no safe card changes. So the state before it dominates the state after it, and the
search leaves it out (``Abstract.kings``; ``False`` makes it, for comparisons) — the abstract
form of rule 3 of :mod:`games.solvers.klondike` (a king-based column without face-down cards
never moves to an empty column). The king can still go home, with the cards above it loose. On
bench position 15 (draw 3) the exact-talon game's proof takes 13 196 states instead of 42 570,
its boards with the king of a column in place or loose having counted up to four times.

**A card uncovered holds nothing yet.** A move that uncovers a face-down card ``u`` (a dig, or a
card in place going home off it) cannot put its cards on ``u``: right after the real move ``u``
is still face down, so the real position then is an arrangement in which ``u`` holds nothing.
So such a move is allowed only when its state, before the safe cards go home, is consistent with
``u`` giving no place (the least pulls are worked out for that state; ``u`` turned face up only
adds a place, so the state after it is consistent too). Without this the game dug a card off the
face-down card it had been dealt on (JD off QC, both face down at the deal) with that card as its
place, turning QC up for free where in the real game JD could not move at all. The reductions
stand: a release never uncovers a card and changes no count, so a dig with releases folded in
makes the same test as the real dig after them; pulls made for the test are a least set the
real line's pulls contain. (``uncover = False`` leaves the test out: the weaker game, for
comparisons.)

It is a relaxation, so it proves only positions lost for a reason it can see: a shortage, over
time, of places to put cards (two black nines for one red ten; three kings for two empty
columns: a talon card pulled never goes back, a moved card never comes back in place).
Position 16 of ``bench/solvers.py`` is such a case (docs/solvers.md, "Position 16 is lost").
Tests: tests/test_solver_klondike.py checks it against a plain exhaustive search on random
small positions (never "lost" when that search wins) and ``full`` against the digs.

**Speed** (the caches change no state and no order of the search;
``bench/klondike_proof_same.py`` checks it against the plain version): the figures of each ``r`` (base tops, their counts
and the places they give, the cards in place, the empty columns) are cached; a move's loose cards
are counted from its parent's (the counts of disjoint masks add up, at most 2 a nibble, so no
carries); each column's digs are worked out once; the safe next cards of each ``h`` are cached
(``SAFE``, ``SAFEM``) and the closure is skipped when none of them is loose, a base top or in the
talon; a base top is found through a card -> column map instead of a scan of the columns; the
last talon's counts are kept. In the exact-talon game (:class:`Abstract3`) each ``r``'s column
moves (their ``r`` after, loose cards, counts and figures, and the places left when they uncover a
card) and each ``h``'s foundation moves (the heights after, their safe cards) are tabled once,
a pull's talon is made only when the pull is kept, and a safe foundation top is never made loose
(it would go home at once, to the state expanded).

**Speed of the exact-talon game** (the same search, checked as above). Its search keeps each state
as one int, its *code* (:meth:`Abstract3.code`): the waste class, the heights ``h`` packed 4 bits a
suit, and the indices of ``r`` and ``T``, each interned once; a move's successor is its parent's code
plus a change tabled with the move. Its consistency tests split: the loose cards of a board are the
cards neither home nor in place (a figure of ``r`` and ``h``) less the talon's, so their counts by
rank and colour are those less the talon's, nibble by nibble with no borrow (the talon's cards are
among them), and each test of :meth:`Abstract.fixes` with nothing to pull (every nibble of 8 +
places of rank ``k + 1`` and the other colour - loose cards of rank ``k`` at 8 or more; the loose
kings no more than the columns with nothing in place) is one subtraction on a *combined* int — the
black nibbles in bits 0-51, the red from bit 64, 128 + those columns - the loose kings from bit
128 — of the board's part less the talon's part, with every bit of ``BK`` set. So each ``(r, h)``'s
moves other than pulls are tabled with their combined tests (and the uncover test's) less the
talon's part and the safe cards that would go home after them
(:meth:`Abstract3._rhtab3`), each talon's part once, each ``(T, c)``'s pulls once (the talon a pull
leaves interned only when a pull is made); the places a pull loose needs are one bit of the
parent's combined test; the safe cards go home on codes.
"""
from __future__ import annotations

import time

from ..core import Clock

ALL = 0
for _s in range(4):
    for _r in range(1, 14):
        ALL |= 1 << ((_s << 4) | _r)
KINGS = sum(1 << ((s << 4) | 13) for s in range(4))
# RK[k][colour]: the cards of rank k and colour (0 black: C, S; 1 red: D, H) as a bit mask
RK = [[(1 << k) | (1 << (48 | k)), (1 << (16 | k)) | (1 << (32 | k))] for k in range(15)]
# HOMEM[s][h]: the cards of suit s home at height h
HOMEM = [[sum(1 << ((s << 4) | r) for r in range(1, h + 1)) for h in range(14)] for s in range(4)]


ONE = [bytes((x,)) for x in range(64)]
"""``ONE[x]``: card ``x`` as a one-byte ``bytes``."""


SPREAD = [sum(((b >> i) & 1) << (4 * i) for i in range(8)) for b in range(256)]
"""Each byte's bits spread to one nibble each (bit i to bit 4 i)."""
NIB = sum(1 << (4 * k) for k in range(1, 13))  # a 1 in the nibbles of ranks 1..12
NMASK = 15 * NIB
BIAS = 8 * NIB


def _counts(m: int):
    """The cards of mask ``m`` counted by rank and colour: ``(black, red)``, nibble ``k`` of each
    holding how many cards of rank ``k`` (0..2)."""
    c = m & 0xFFFF
    d = (m >> 16) & 0xFFFF
    h = (m >> 32) & 0xFFFF
    s = m >> 48
    sp = SPREAD
    return (sp[c & 255] + sp[s & 255] + ((sp[c >> 8] + sp[s >> 8]) << 32),
            sp[d & 255] + sp[h & 255] + ((sp[d >> 8] + sp[h >> 8]) << 32))


CNT = [_counts(1 << i) for i in range(64)]
"""``CNT[i]``: :func:`_counts` of the card of bit ``i`` alone."""


def _fits(c: int, t: int) -> bool:
    """Whether card ``c`` may lie on card ``t`` in a column."""
    return (t & 15) == (c & 15) + 1 and ((c >> 4) in (1, 2)) != ((t >> 4) in (1, 2))


SAFE: dict[tuple, tuple] = {}
"""Foundation heights ``h`` -> the safe next cards ``(suit, card, bit)``, suits in order (a cache
of :func:`_safe`)."""
SAFEM: dict[tuple, int] = {}
"""Foundation heights ``h`` -> the safe next cards as a mask (filled by :func:`_safe`)."""


def _safe(h) -> tuple:
    """The next cards of the foundations at heights ``h`` that are safe to play home (rule 1 of
    :mod:`games.solvers.klondike`), as ``(suit, card, bit)`` in suit order; cached in ``SAFE``."""
    out = []
    for s in range(4):
        x = h[s]
        if x < 13 and (x < 2 or (h[3 - s] >= x - 1 and (
                (h[1] >= x and h[2] >= x) if s == 0 or s == 3 else (h[0] >= x and h[3] >= x)))):
            c = (s << 4) | (x + 1)
            out.append((s, c, 1 << c))
    out = SAFE[h] = tuple(out)
    SAFEM[h] = sum(x[2] for x in out)
    return out


class Abstract:
    """The abstract game of the module docstring for one root position.

    :param cols: the columns as in the solver's compact state (``bytes([down]) + cards``,
        bottom to top).
    :param T: the talon's cards (``bytes``, any order).
    :param f: the foundation heights (C D H S).
    :param kings: whether a dig may not empty a column on a king ("A king's column stays" in the
        module docstring); ``None``: the class's ``kings`` (True).
    """

    full = False  # every abstract move (True), or only digs and moves home (the reduction)
    uncover = True  # a move that uncovers a face-down card must place its cards elsewhere (False: the older, weaker game)
    kings = True  # no dig empties a column on a king (a release: "A king's column stays"; False: the older game)

    def __init__(self, cols, T, f, kings: bool | None = None):
        if kings is not None:
            self.kings = kings
        self.down = [b[0] for b in cols]
        self.cards = [bytes(b[1:]) for b in cols]
        self.pre = []  # pre[c][r]: mask of the bottom r cards of column c
        self.top = []  # top[c][r]: bit of the card r - 1 of column c (0 when r == 0)
        self.pcnt = []  # pcnt[c][r]: _counts(pre[c][r])
        self.digs = []  # digs[c][r]: the dig from r: (r after it, the cards it makes loose, their counts)
        self.runs = []  # runs[c][r]: the k allowed when r cards are in place (k cards leave together)
        for c, b in enumerate(self.cards):
            m, pre, top, runs = 0, [0], [0], [()]
            d = self.down[c]
            for i, x in enumerate(b):
                m |= 1 << x
                pre.append(m)
                top.append(1 << x)
            for r in range(1, len(b) + 1):
                ks = [1]
                k = 2
                while r - k >= d and _fits(b[r - k + 1], b[r - k]):
                    ks.append(k)
                    k += 1
                runs.append(tuple(ks))
            self.pre.append(pre)
            pc = [_counts(m) for m in pre]
            self.pcnt.append(pc)
            digs = [None]
            for r in range(1, len(b) + 1):
                k = r - d if r > d else 1
                if r == k and (b[0] & 15) == 13 and self.kings:  # it would empty a column on a king: a release
                    digs.append(None)
                    continue
                digs.append((r - k, pre[r] & ~pre[r - k], pc[r][0] - pc[r - k][0], pc[r][1] - pc[r - k][1]))
            self.digs.append(digs)
            self.top.append(top)
            self.runs.append(runs)
        self.where = {}  # card -> (column, r when it is the column's base top)
        for c, b in enumerate(self.cards):
            for i, x in enumerate(b):
                self.where[x] = (c, i + 1)
        tal = 0
        for x in T:
            tal |= 1 << x
        r = tuple(len(b) for b in self.cards)
        r, h, tal, _ = self.closure(r, tuple(f), tal, ALL & ~self.home(f) & ~self.rem(r) & ~tal)
        self.root = (r, h, tal)
        self.nodes = 0
        self.tal_last, self.tal_counts = 0, (0, 0)  # the last talon counted in fixes and its counts
        self.tops: dict[tuple, tuple] = {}  # r -> figures of r (:meth:`_tops`)
        self.rmoves: dict[tuple, tuple] = {}  # r -> its column moves (:meth:`_rmoves`)
        self.hmoves: dict[tuple, tuple] = {}  # h -> its foundation figures (:meth:`_hmoves`)

    @staticmethod
    def home(h) -> int:
        """The cards home at foundation heights ``h``, as bits."""
        return HOMEM[0][h[0]] | HOMEM[1][h[1]] | HOMEM[2][h[2]] | HOMEM[3][h[3]]

    def rem(self, r) -> int:
        """The cards in place, as bits."""
        m = 0
        for c in range(7):
            m |= self.pre[c][r[c]]
        return m

    def closure(self, r, h, tal, loose):
        """``(r, h, tal, loose)`` after the safe cards (rule 1 of :mod:`games.solvers.klondike`)
        that are loose, base tops or in the talon went home, until none is left."""
        where = self.where
        safe = SAFE.get(h)
        if safe is None:
            safe = _safe(h)
        while safe:
            for s, c, bit in safe:  # suits in order; after a card home, from the first suit again
                if loose & bit:
                    loose &= ~bit
                elif tal & bit:
                    tal &= ~bit
                else:
                    w = where.get(c)  # (column, its r when c is the base top)
                    if w is None:
                        continue
                    j, i = w
                    if r[j] != i:
                        continue
                    r = r[:j] + (i - 1,) + r[j + 1:]
                h = h[:s] + (h[s] + 1,) + h[s + 1:]
                break
            else:
                break
            safe = SAFE.get(h)
            if safe is None:
                safe = _safe(h)
        return r, h, tal, loose

    def goal(self, r) -> bool:
        """No face-down card is left (every real win passes such a state)."""
        for c in range(7):
            if r[c] > 1 and self.down[c]:
                return False
        return True

    def _tops(self, r):
        """The figures of heights ``r`` (cached in ``self.tops``): the base tops as a mask, the
        columns with no card in place, the base tops counted by rank and colour (black, red;
        :func:`_counts`), the cards in place as a mask, and the places the base tops give by rank
        (nibble ``k``: the black, then red, base tops of rank ``k + 1``) plus ``BIAS``."""
        tops = 0
        empty = 0
        rem = 0
        for c in range(7):
            tops |= self.top[c][r[c]]
            rem |= self.pre[c][r[c]]
            if not r[c]:
                empty += 1
        pb, pr = _counts(tops)
        te = self.tops[r] = (tops, empty, pb, pr, rem, ((pb >> 4) & NMASK) | BIAS, ((pr >> 4) & NMASK) | BIAS)
        return te

    def _tops_without(self, te, u: int) -> tuple:
        """The figures ``te`` of :meth:`_tops` with base top ``u`` giving no place: the state just
        after a move uncovered the face-down card ``u``, before it turns face up (see "A card
        uncovered holds nothing yet" in the module docstring)."""
        cb, cr = CNT[u]
        pb, pr = te[2] - cb, te[3] - cr
        return (te[0] & ~(1 << u), te[1], pb, pr, te[4], ((pb >> 4) & NMASK) | BIAS, ((pr >> 4) & NMASK) | BIAS)

    def uncovered(self, c: int, n: int) -> int:
        """The card a move that leaves ``n`` cards in place in column ``c`` uncovers face down
        (it turns face up after the move), or -1 when the new base top was face up already or
        the column is left empty."""
        return self.cards[c][n - 1] if 1 <= n <= self.down[c] else -1

    def fixes(self, r, loose, tal, lb=None, lr=None, te=None):
        """The talon masks left after the least pulls that make ``(r, loose, tal)`` consistent
        (every choice; an empty list when none does). ``lb, lr``: :func:`_counts` of ``loose``,
        ``te``: ``self.tops[r]``, when the caller has them."""
        if te is None:
            te = self.tops.get(r)
            if te is None:
                te = self._tops(r)
        tops, empty, pb, pr, _, tbb, trb = te
        if lb is None:
            lb, lr = _counts(loose)
        # nibble k: 8 + places of rank k + 1 (other colour) - loose cards of rank k: < 8 = short;
        # the places: loose cards or base tops, disjoint, at most 2 a nibble (no carries)
        sb = trb + ((lr >> 4) & NMASK) - (lb & NMASK)  # black k against red k + 1
        sr = tbb + ((lb >> 4) & NMASK) - (lr & NMASK)  # red k against black k + 1
        if not (sb & sr) & BIAS ^ BIAS:
            return [tal] if (loose & KINGS).bit_count() <= empty else []
        if tal == self.tal_last:  # even with every talon card a place (none needing one): still short?
            tb, tr = self.tal_counts
        else:
            tb, tr = self.tal_counts = _counts(tal)
            self.tal_last = tal
        if ((sb + ((tr >> 4) & NMASK)) & (sr + ((tb >> 4) & NMASK))) & BIAS ^ BIAS:
            return []
        ab = lb + pb  # loose | tops (disjoint: the base tops are in place)
        ar = lr + pr
        out = []
        todo = [(lb, lr, ab, ar, tal, loose)]
        while todo:  # pull up the ranks: the lowest rank and colour short first
            lb, lr, ab, ar, tal, loose = todo.pop()
            while True:
                sb = (((ar >> 4) & NMASK) | BIAS) - (lb & NMASK)  # black k against red k + 1
                sr = (((ab >> 4) & NMASK) | BIAS) - (lr & NMASK)  # red k against black k + 1
                short = (sb & sr) & BIAS ^ BIAS
                if not short:
                    if (loose & KINGS).bit_count() <= empty:
                        out.append(tal)
                    break
                sh = (short & -short).bit_length() - 4  # 4 k for the lowest rank k short
                red = not (sb >> sh) & 8  # black k short: red k + 1 needed
                need = 8 - (((sb if red else sr) >> sh) & 15)
                cand = tal & RK[(sh >> 2) + 1][red]
                n = cand.bit_count()
                if n < need:
                    break
                one = 1 << (sh + 4)
                if n > need:  # two candidates, one needed: branch on the other
                    x = cand & -cand
                    y = cand ^ x
                    if red:
                        todo.append((lb, lr + one, ab, ar + one, tal & ~y, loose | y))
                    else:
                        todo.append((lb + one, lr, ab + one, ar, tal & ~y, loose | y))
                    cand = x
                    n = 1
                if red:
                    lr += n * one
                    ar += n * one
                else:
                    lb += n * one
                    ab += n * one
                tal &= ~cand
                loose |= cand
        return out

    def _rmoves(self, r) -> tuple:
        """The column moves of heights ``r`` (cached in ``self.rmoves``): ``(figures of r, moves)``,
        each move ``(suit, height, r after it, the cards it makes loose, their counts black and
        red, the figures of r after it, uncover)`` in :meth:`successors3`'s order (column by column,
        its cards in place going home from the top down, then its dig; with ``full``, its top card
        going home, then each run leaving): ``suit`` -1 for a dig or a run, else the move needs
        foundation ``suit`` at ``height``; ``uncover`` is ``None`` or, for a move that uncovers a
        face-down card ``u`` (with ``uncover`` set), the figures of ``r`` after it with ``u``
        giving no place (:meth:`_tops_without`).
        ``uncover`` is read when the table of ``r`` is made: set it before the search."""
        te = self.tops.get(r)
        if te is None:
            te = self._tops(r)
        out = []
        for col in range(7):
            rc = r[col]
            if not rc:
                continue
            pre = self.pre[col]
            pc = self.pcnt[col]
            hb, hr = pc[rc]
            b = self.cards[col]
            d = self.down[col]
            unc = self.uncovered
            if self.full:  # the top card home, then every run that may leave
                x = b[rc - 1]
                out.append(self._rmove(x >> 4, (x & 15) - 1, r[:col] + (rc - 1,) + r[col + 1:], 0, 0, 0,
                                       unc(col, rc - 1)))
                for k in self.runs[col][rc]:
                    ob, orr = pc[rc - k]
                    out.append(self._rmove(-1, 0, r[:col] + (rc - k,) + r[col + 1:], pre[rc] & ~pre[rc - k],
                                           hb - ob, hr - orr, unc(col, rc - k)))
                continue
            i = rc - 1
            while True:  # a card in place goes home, those above it become loose
                x = b[i]
                ob, orr = pc[i + 1]
                out.append(self._rmove(x >> 4, (x & 15) - 1, r[:col] + (i,) + r[col + 1:], pre[rc] & ~pre[i + 1],
                                       hb - ob, hr - orr, b[i - 1] if 1 <= i <= d else -1))
                i -= 1
                if i < d:
                    break
            dig = self.digs[col][rc]  # the dig (None: a release, see Abstract.kings)
            if dig is not None:
                nr, m, db, dr = dig
                out.append(self._rmove(-1, 0, r[:col] + (nr,) + r[col + 1:], m, db, dr, b[nr - 1] if nr else -1))
        rm = self.rmoves[r] = (te, tuple(out))
        return rm

    def _rmove(self, s, need, r2, m, db, dr, u) -> tuple:
        """One move of :meth:`_rmoves`, with ``u`` the card it uncovers face down or -1."""
        te = self.tops.get(r2)
        if te is None:
            te = self._tops(r2)
        return s, need, r2, m, db, dr, te, self._tops_without(te, u) if u >= 0 and self.uncover else None

    def _hmoves(self, h) -> tuple:
        """The figures of foundation heights ``h`` (cached in ``self.hmoves``): the cards home as a
        mask, the safe next cards as a mask (``SAFEM``), and by suit the next card up and the top
        card down, each ``(bit, its counts black and red, the heights after it, their safe next
        cards)``, or ``None`` (the suit is full, or empty)."""
        up, down = [], []
        for s in range(4):
            for lst, k, ok in ((up, h[s] + 1, h[s] < 13), (down, h[s], h[s] > 0)):
                if not ok:
                    lst.append(None)
                    continue
                x = (s << 4) | k
                h2 = h[:s] + (h[s] + (1 if lst is up else -1),) + h[s + 1:]
                sm = SAFEM.get(h2)
                if sm is None:
                    _safe(h2)
                    sm = SAFEM[h2]
                lst.append((1 << x, CNT[x][0], CNT[x][1], h2, sm))
        sm = SAFEM.get(h)
        if sm is None:
            _safe(h)
            sm = SAFEM[h]
        hm = self.hmoves[h] = (self.home(h), sm, tuple(up), tuple(down))
        return hm

    def successors(self, st, seen=None):
        """The abstract states one step (a move, the safe cards, the least pulls) from ``st``;
        with ``seen`` (``(r, h)`` -> talons searched), those a state of ``seen`` dominates are left
        out before their pulls are worked out, and a foundation's top is not made loose when it is
        safe once off (the safe cards would send it home at once: ``st`` itself, which ``seen``
        holds). The moves of each ``r`` and ``h`` are worked out once (:meth:`_rmoves`,
        :meth:`_hmoves`)."""
        r, h, tal = st
        rm = self.rmoves.get(r)
        if rm is None:
            rm = self._rmoves(r)
        te0, cmoves = rm
        hm = self.hmoves.get(h)
        if hm is None:
            hm = self._hmoves(h)
        hmask, sm0, ups, downs = hm
        loose = ALL & ~(hmask | te0[4] | tal)
        lb, lr = _counts(loose)  # each move's loose cards counted from these (loose2 = loose +- cards)
        out = []  # (r, h, its safe next cards, talon, loose, their counts, the figures of r, uncover)
        for u in ups:  # the next card home from the talon, or loose
            if u is not None:
                if tal & u[0]:
                    out.append((r, u[3], u[4], tal & ~u[0], loose, lb, lr, te0, None))
                elif loose & u[0]:
                    out.append((r, u[3], u[4], tal, loose & ~u[0], lb - u[1], lr - u[2], te0, None))
        for s, need, r2, m, db, dr, te, unc in cmoves:  # a card in place goes home, or a dig (or a run)
            if s < 0:
                out.append((r2, h, sm0, tal, loose | m, lb + db, lr + dr, te, unc))
            elif h[s] == need:
                u = ups[s]
                out.append((r2, u[3], u[4], tal, loose | m, lb + db, lr + dr, te, unc))
        for u in downs:  # a foundation's top becomes loose (with seen: not a safe one, which would go
            if u is not None and not (seen is not None and u[4] & u[0]):  # home at once, to st itself)
                out.append((r, u[3], u[4], tal, loose | u[0], lb + u[1], lr + u[2], te0, None))
        res = []
        closure = self.closure
        fixes = self.fixes
        for r2, h2, sm, tal2, loose2, cb, cr, te, unc in out:
            if sm & (loose2 | tal2 | te[0]):  # a safe card loose, in the talon or a base top
                st = closure(r2, h2, tal2, loose2)
            else:
                st = (r2, h2, tal2, loose2)
            if seen is not None:  # already met with at least this talon: dominated whatever is pulled
                done = seen.get(st[:2])
                if done is not None:
                    t2 = st[2]
                    for u in done:
                        if u & t2 == t2:
                            break
                    else:
                        done = None
                    if done is not None:
                        continue
            # the move must have somewhere to put its cards (the card it uncovers holds nothing yet)
            ts = fixes(r2, loose2, tal2, cb, cr, te if unc is None else unc)
            if ts and st[1] != h2:  # safe cards went home: the least pulls again
                r2, h2, tal2, loose2 = st
                ts = fixes(r2, loose2, tal2)
            for t in ts:
                res.append((r2, h2, t))
        return res

    def consistent(self, r, h, tal) -> bool:
        """Whether state ``(r, h, tal)`` is consistent (module docstring)."""
        loose = ALL & ~self.home(h) & ~self.rem(r) & ~tal
        return bool(self.fixes(r, loose, 0))

    def search(self, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """``True`` when the abstract space runs dry without reaching the goal (the position is
        lost), ``False`` when the goal is reached (nothing proved), ``None`` when ``max_nodes``
        states were expanded or ``timeout`` seconds read on ``clock`` (:data:`games.core.Clock`) passed
        first. ``self.nodes`` counts the states expanded (a :class:`ProofLane` does the work)."""
        t0 = clock()
        lane = ProofLane(self, 1.0)
        try:
            while True:
                n = 64 if max_nodes is None else min(64, max_nodes - lane.nodes)
                if n <= 0:
                    return None
                res = lane.run(n)
                if res is not None:
                    return res
                if timeout is not None and clock() - t0 > timeout:
                    return None
        finally:
            self.nodes = lane.nodes


def proves_lost(cols, T, f, max_nodes: int | None = None, timeout: float | None = None,
                clock: Clock = time.perf_counter):
    """Whether the abstract game of the module docstring proves the position lost (in draw 1,
    hence in draw 3 too): ``True`` (lost), ``False`` (not proved), ``None`` (budget spent).
    Arguments as :class:`Abstract`."""
    return Abstract(cols, T, f).search(max_nodes, timeout, clock)


class ProofLane:
    """The abstract search as a lane of :class:`~games.solvers.klondike.KlondikeSolver`'s
    portfolio, resumable node by node (one node: one abstract state expanded). It answers
    ``unsolvable`` when the abstract space runs dry; when the goal is reached it proves nothing
    and leaves the portfolio.

    :param game: the :class:`Abstract` game to search (its root).
    :param weight: the lane's share of nodes against the others' weights.
    """

    __slots__ = ("game", "stack", "seen", "nodes", "weight", "complete")

    def __init__(self, game: Abstract, weight: float):
        self.game = game
        self.weight = weight
        self.nodes = 0
        self.complete = False  # True once the proof is complete (read by the solver)
        r0 = self.game.root
        self.seen = {r0[:2]: [r0[2]]}
        self.stack = [] if self.game.goal(r0[0]) else [r0]

    def run(self, budget: int):
        """Expand up to ``budget`` abstract states: ``None`` (not done), ``True`` (the abstract
        space ran dry: the position is lost) or ``False`` (the goal was reached: nothing
        proved)."""
        game, stack, seen = self.game, self.stack, self.seen
        if not stack and not self.complete:
            return False
        succ, goal = game.successors, game.goal
        n = 0
        try:
            while n < budget:
                if not stack:
                    self.complete = True
                    return True
                st = stack.pop()
                n += 1
                for nx in succ(st, seen):
                    key = nx[:2]
                    t = nx[2]
                    done = seen.get(key)
                    if done is None:
                        seen[key] = [t]
                    else:
                        for u in done:
                            if u & t == t:  # a superset of this talon was met: it dominates
                                break
                        else:
                            done.append(t)
                            done[:] = [u for u in done if u == t or u & t != u]
                            if goal(nx[0]):
                                stack.clear()
                                return False
                            stack.append(nx)
                        continue
                    if goal(nx[0]):
                        stack.clear()
                        return False
                    stack.append(nx)
            if not stack:  # the last state was expanded with the budget's last node: the space ran dry
                self.complete = True
                return True
            return None
        finally:
            self.nodes += n


def _reach3(L: int, p: int) -> tuple:
    """Indices of a draw-3 talon of ``L`` cards that draws and recycles bring to the waste top
    from waste position ``p`` (as :meth:`games.solvers.klondike._Problem.reachable`)."""
    out = set()
    q = p
    while True:
        if q:
            out.add(q - 1)
        if q >= L:
            break
        q = min(q + 3, L)
    q = 0
    while q < L:
        q = min(q + 3, L)
        out.add(q - 1)
    return tuple(sorted(out))


def _class3(L: int, p: int) -> int:
    """The waste position's class (as :func:`games.solvers.klondike._talon_class`): 0 when ``p``
    reaches the cards ``p = 0`` reaches, else ``p``."""
    return 0 if p % 3 == 0 or p == L else p


# A state of the exact-talon game as one int (its *code*): the waste class in bits 0-4, the
# foundation heights in bits 5-20 (4 a suit, C D H S), the index of the column heights r in bits
# 21-42 and the index of the talon from bit 43 (both indices interned by the game; fewer than
# 2 ** 22 r: at most the product of the columns' lengths + 1, under 3.1 M for 52 cards in 7).
RB = 21
TB = 43
RM = (1 << 22) - 1
RHM = ((1 << TB) - 1) & ~31  # the bits of r and h
HSH = (1 << 5, 1 << 9, 1 << 13, 1 << 17)  # one card more home in suit s, in a code
BK = BIAS | (BIAS << 64) | (128 << 128)
"""The bits of a combined test (:meth:`Abstract3._rhtab3`) that must all be set: bit 3 of each
nibble of ranks 1..12 of both colours and bit 7 of the kings' byte."""
LOWS = (7 * NIB) | (7 * NIB << 64) | (127 << 128)
CARD3 = tuple((1 << x, x >> 4, 1 << 135 if x & 15 == 13 else 1 << (4 * (x & 15) + (64 if 1 <= x >> 4 <= 2 else 0) + 3))
              for x in range(64))
"""``CARD3[x]``: card ``x``'s bit, suit, and the bit of a combined test (:meth:`Abstract3._rhtab3`)
that holds its rank and colour (bit 3 of its nibble, bit 7 of the kings' byte)."""
DOM = (0,) + tuple(sum(1 << c2 for c2 in range(c, 0, -3)) for c in range(1, 32))
"""``DOM[c]`` (c > 0): the waste classes whose board searched dominates the same board with class
``c`` (:func:`_dominates3`: ``c`` itself and the smaller ones of its residue modulo 3), as bits."""


class Abstract3(Abstract):
    """The abstract game with the talon kept exactly as draw 3 deals it (a proof of loss in
    draw 3 that the draw-1 abstraction cannot give: a deal won in draw 1 may be lost in draw 3).

    A state is ``(r, h, T, c)``: ``r`` and ``h`` as in :class:`Abstract`, ``T`` the talon's cards
    in their fixed order (waste then stock, as the solver keeps it) and ``c`` the class of the
    waste position (:func:`_class3`; positions of one class reach the same talon cards, so they
    have the same moves and successors). The loose cards are all the others, as before. Moves:
    the digs and the cards in place going home of :class:`Abstract` (the same reductions and
    arguments: the talon plays no part in them; a move that uncovers a face-down card is tested
    with that card giving no place, as there), a loose card going home, a foundation top
    becoming loose, and a *pull* of a talon card that draws and recycles can bring to the waste
    top — ``T[i]`` for ``i`` in :func:`_reach3` — home (if it is next) or loose (if the state
    stays consistent: it needs a place), leaving waste position ``i``. A real draw-3 move maps
    to one of these (a draw or recycle changes nothing abstract: the positions it reaches reach
    no card the abstract state cannot). Pulls are *not* deferred (removing a card regroups the
    later draws, so a state with more of the talon does not dominate), and safe cards go home
    only from the loose cards and base tops (rule 1 of :mod:`games.solvers.klondike` plays no
    talon card home in draw 3). A board ``(r, h, T)`` searched with class ``c2`` dominates it
    with class ``c`` when ``c2`` reaches every card ``c`` reaches (equal, ``c = 0``, or the same
    modulo 3 and ``c2 < c``). The *goal* is stronger than :class:`Abstract`'s: no face-down card
    and an empty talon (a real win passes such a state: its end), so a deal whose talon cannot
    be worked through in draw 3 is proved lost too.

    The search (:class:`ProofLane3`, :meth:`expand3`) keeps each state as one int, its *code*
    (:meth:`code`, :meth:`state`; the module docstring, "Speed of the exact-talon game").

    :param cols: the columns as in the solver's compact state.
    :param T: the talon (``bytes``, waste bottom first, then the stock in drawing order).
    :param p: cards of ``T`` in the waste.
    :param f: the foundation heights (C D H S).
    :param kings: as for :class:`Abstract`.
    """

    def __init__(self, cols, T, p, f, kings: bool | None = None):
        super().__init__(cols, b"", f, kings)  # the columns' tables; the root is worked out below
        self.T0 = bytes(T)
        tal = 0
        for x in T:
            tal |= 1 << x
        r = tuple(len(b) for b in self.cards)
        loose = ALL & ~self.home(f) & ~self.rem(r) & ~tal
        r, h, _, _ = self.closure(r, tuple(f), 0, loose)
        self.root = (r, h, bytes(T), _class3(len(T), p))
        self.reach: dict[tuple, tuple] = {}  # (len(T), class) -> the pulls: (index, class left)
        self.rids: dict[tuple, int] = {}  # r -> its index in a code
        self.rlist: list = []  # index -> r
        self.rtab: list = []  # index -> its column moves (:meth:`_rtab3`), None until needed
        self.rgoal: list = []  # index -> no face-down card left (:meth:`goal`)
        self.tids: dict[bytes, int] = {}  # talon -> its index in a code
        self.tlist: list = []  # index -> talon
        self.tmasks: list = []  # index -> the talon's cards as a mask
        self.tfig: list = []  # index -> the talon's part of the consistency test (:meth:`_rhtab3`), ~mask
        self.rhtab: dict[int, tuple] = {}  # the r and h bits of a code -> its board's moves (:meth:`_rhtab3`)
        self.a0s: dict[int, int] = {}  # the r and h bits of a code -> its combined test (:meth:`_a0`)
        self.down_top: dict[int, int] = {}  # r index << 6 | card -> :meth:`_down_top`
        self.htab: dict[int, tuple] = {}  # packed h -> its foundation moves (:meth:`_htab3`)
        self.pulls: dict[int, tuple] = {}  # (talon index << 5 | class) -> its pulls (:meth:`_pulls3`)
        self.t_goal = self._tid(b"")  # the empty talon's index (the goal's)

    def _rid(self, r) -> int:
        """The index of column heights ``r`` in a code (interned)."""
        i = self.rids.get(r)
        if i is None:
            i = self.rids[r] = len(self.rlist)
            self.rlist.append(r)
            self.rtab.append(None)
            self.rgoal.append(self.goal(r))
        return i

    def _tid(self, T: bytes, m: int | None = None) -> int:
        """The index of talon ``T`` (its cards' mask ``m``, when the caller has it) in a code
        (interned)."""
        i = self.tids.get(T)
        if i is None:
            i = self.tids[T] = len(self.tlist)
            self.tlist.append(T)
            if m is None:
                m = 0
                for x in T:
                    m |= 1 << x
            self.tmasks.append(m)
            self.tfig.append(None)
        return i

    def _tfig(self, tid: int) -> tuple:
        """The talon's part of a combined test (cached in ``self.tfig``) and ~its mask."""
        m = self.tmasks[tid]
        tb, tr = _counts(m)
        tf = self.tfig[tid] = ((((tr >> 4) & NMASK) - (tb & NMASK)) + ((((tb >> 4) & NMASK) - (tr & NMASK)) << 64)
                               - ((m & KINGS).bit_count() << 128), ~m)
        return tf

    def code(self, st) -> int:
        """The code of state ``(r, h, T, c)`` (the class's docstring)."""
        r, h, T, c = st
        return (self._tid(bytes(T)) << TB) | (self._rid(tuple(r)) << RB) | (
            (h[0] | h[1] << 4 | h[2] << 8 | h[3] << 12) << 5) | c

    def state(self, code: int) -> tuple:
        """The state ``(r, h, T, c)`` of ``code``."""
        hp = code >> 5
        return (self.rlist[(code >> RB) & RM], (hp & 15, (hp >> 4) & 15, (hp >> 8) & 15, (hp >> 12) & 15),
                self.tlist[code >> TB], code & 31)

    def goal3(self, st) -> bool:
        """No face-down card is left and the talon is empty."""
        return not st[2] and self.goal(st[0])

    def _rtab3(self, rid: int) -> tuple:
        """The column moves of the heights of index ``rid`` (cached in ``self.rtab``): ``(figures
        of r, moves)`` as :meth:`_rmoves`, each move ``(bit, suit, change, the cards it makes
        loose, its part of a combined test, the base tops after it, that of its uncover test or
        None)``: ``bit`` 0 for a dig, else the card it sends home, ``change`` what it adds to a
        code; its part: the places of the base tops after it (for the uncover test, without the
        card uncovered: :meth:`_tops_without`) and the columns with nothing in place, less what
        the cards made loose need."""
        r = self.rlist[rid]
        rm = self.rmoves.get(r)
        if rm is None:
            rm = self._rmoves(r)
        te, moves = rm
        out = []
        for s, need, r2, m, db, dr, te2, unc in moves:
            delta = (self._rid(r2) - rid) << RB
            xb = 0
            if s >= 0:
                xb = 1 << ((s << 4) | (need + 1))
                delta += HSH[s]
            mv = ((dr >> 4) & NMASK) - (db & NMASK) + ((((db >> 4) & NMASK) - (dr & NMASK)) << 64) + (
                (te2[1] - (m & KINGS).bit_count()) << 128)
            out.append((xb, s, delta, m, te2[6] + (te2[5] << 64) + mv, te2[0],
                        None if unc is None else unc[6] + (unc[5] << 64) + mv))
        rt = self.rtab[rid] = (te, tuple(out))
        return rt

    def _htab3(self, hp: int) -> tuple:
        """The foundation moves of packed heights ``hp`` (cached in ``self.htab``): the cards home,
        the safe next cards and the next cards as masks, by suit the next card up and the top card
        down, each ``(bit, the safe next cards after it, what it adds to a code and to a combined
        test, the card leaving the loose cards or joining them)`` or ``None``, and the safe next
        cards ``(bit, card, what it adds to a code)``."""
        h = (hp & 15, (hp >> 4) & 15, (hp >> 8) & 15, hp >> 12)
        hm = self.hmoves.get(h)
        if hm is None:
            hm = self._hmoves(h)
        hmask, sm, ups, downs = hm
        out = []
        for lst, sign in ((ups, -1), (downs, 1)):
            row = []
            for s, u in enumerate(lst):
                if u is None:
                    row.append(None)
                    continue
                b, cb, cr = u[0], u[1], u[2]
                row.append((b, u[4], -sign * HSH[s], sign * ((((cr >> 4) & NMASK) - (cb & NMASK)) + (
                    (((cb >> 4) & NMASK) - (cr & NMASK)) << 64) - ((b & KINGS).bit_count() << 128))))
            out.append(tuple(row))
        ups3, downs3 = out
        nm = sum(u[0] for u in ups3 if u is not None)
        safe = SAFE.get(h)
        if safe is None:
            safe = _safe(h)
        ht = self.htab[hp] = (hmask, sm, nm, ups3, downs3, tuple((bit, x, HSH[s]) for s, x, bit in safe))
        return ht

    def _rhtab3(self, rh: int) -> tuple:
        """The board of ``rh`` (a code's bits of ``r`` and ``h``; cached in ``self.rhtab``):
        ``(its combined test less the talon's part, the next cards, the safe next cards, by suit
        (what its next card home adds to a code, closure mask), the moves other than pulls, the
        cards neither home nor in place)``. Each move, in :meth:`expand3`'s order: ``(bit of a
        card that must not be in the talon or 0, what it adds to a code, its combined test, closure
        mask, the cards neither home nor in place after it, its uncover test or None)``; the safe
        cards go home after it when ``closure mask & ~talon`` (-1: a safe card is a base top)."""
        rid = (rh >> RB) & RM
        hp = (rh >> 5) & 0xFFFF
        rt = self.rtab[rid]
        if rt is None:
            rt = self._rtab3(rid)
        te0, cmoves = rt
        ht = self.htab.get(hp)
        if ht is None:
            ht = self._htab3(hp)
        hmask, sm0, nm, ups, downs, _ = ht
        L0 = ALL & ~(hmask | te0[4])
        kb, kr = _counts(L0)
        qb = ((kr >> 4) & NMASK) - (kb & NMASK)  # K's part of A black and red, and its kings
        qr = ((kb >> 4) & NMASK) - (kr & NMASK)
        kk = (L0 & KINGS).bit_count()
        q = qb + (qr << 64) + ((128 - kk) << 128)  # K's part of a combined test
        a0, tops0 = te0[6] + (te0[5] << 64) + (te0[1] << 128) + q, te0[0]
        self.a0s[rh] = a0
        out = []
        for u in ups:  # a loose card goes home
            if u is not None and L0 & u[0]:
                L = L0 & ~u[0]
                out.append((u[0], u[2], a0 + u[3], -1 if u[1] & tops0 else u[1] & L, L, None))
        for xb, s, delta, m, mtest, tops, utest in cmoves:  # a card in place goes home, or a dig
            if xb and not nm & xb:
                continue
            L = L0 | m
            sm = sm0 if s < 0 else ups[s][1]
            out.append((0, delta, mtest + q, -1 if sm & tops else sm & L, L, None if utest is None else utest + q))
        for u in downs:  # a foundation's top becomes loose (not a safe one: it would go home at once)
            if u is not None and not u[1] & u[0]:
                L = L0 | u[0]
                out.append((0, u[2], a0 + u[3], -1 if u[1] & tops0 else u[1] & L, L, None))
        home = tuple(None if u is None else (u[2], -1 if u[1] & tops0 else u[1] & L0) for u in ups)
        e = self.rhtab[rh] = (a0, nm, sm0, home, tuple(out), L0)
        return e

    def _pulls3(self, tid: int, c: int) -> tuple:
        """The pulls of talon index ``tid`` with waste class ``c`` (cached in ``self.pulls``), in
        :func:`_reach3`'s order: ``[bit, suit, bit of its places to spare (CARD3), code of the
        talon and class left, that class's bit, DOM of it]``, the code ``~(index << 5 | class
        left)`` until :meth:`_child3` works it out (most pulls are never made)."""
        T = self.tlist[tid]
        L = len(T)
        reach = self.reach.get((L, c))
        if reach is None:  # each pull's index, the class of the waste position it leaves, its bit and DOM
            reach = self.reach[L, c] = tuple((i, ~(i << 5 | c2), 1 << c2, DOM[c2])
                                             for i in _reach3(L, c) for c2 in (_class3(L - 1, i),))
        p = self.pulls[(tid << 5) | c] = tuple([*CARD3[T[i]], code, b2, d2] for i, code, b2, d2 in reach)
        return p

    def _child3(self, tid: int, code: int) -> int:
        """The code of the talon and class a pull leaves (``code``: ``~(index << 5 | class)``) from
        talon index ``tid``."""
        T = self.tlist[tid]
        i = ~code >> 5
        x = T[i]
        T2 = T.replace(ONE[x], b"")  # (x is in T once)
        t2 = self.tids.get(T2)
        if t2 is None:
            t2 = self._tid(T2, self.tmasks[tid] & ~(1 << x))
        return (t2 << TB) | (~code & 31)

    def _a0(self, rh: int) -> int:
        """The combined consistency test of the board of ``rh`` (a code's bits of r and h) less its
        talon's part (``_rhtab3``'s first figure; cached in ``self.a0s``)."""
        r = self.rlist[(rh >> RB) & RM]
        te = self.tops.get(r)
        if te is None:
            te = self._tops(r)
        hp = (rh >> 5) & 0xFFFF
        ht = self.htab.get(hp)
        if ht is None:
            ht = self._htab3(hp)
        L0 = ALL & ~(ht[0] | te[4])
        kb, kr = _counts(L0)
        a0 = self.a0s[rh] = te[6] + (te[5] << 64) + (te[1] << 128) + ((kr >> 4) & NMASK) - (kb & NMASK) + (
            (((kb >> 4) & NMASK) - (kr & NMASK)) << 64) + ((128 - (L0 & KINGS).bit_count()) << 128)
        return a0

    def _close3(self, st: int, loose: int) -> tuple:
        """State ``st`` (a code) with loose cards ``loose`` after the safe cards of the loose cards
        and base tops went home, until none is left (:meth:`closure` on codes: the same cards in
        the same order): ``(code, loose cards)``."""
        rid = (st >> RB) & RM
        hp = st & RHM & ~(RM << RB)
        htab, down = self.htab, self.down_top
        while True:
            ht = htab.get(hp >> 5)
            if ht is None:
                ht = self._htab3(hp >> 5)
            for bit, x, d in ht[5]:  # suits in order; after a card home, from the first suit again
                if loose & bit:
                    loose ^= bit
                else:
                    k = (rid << 6) | x
                    rid2 = down.get(k)
                    if rid2 is None:
                        rid2 = self._down_top(rid, x)
                    if rid2 < 0:
                        continue
                    rid = rid2
                hp += d
                break
            else:
                break
        return (st & ~RHM) | (rid << RB) | hp, loose

    def _down_top(self, rid: int, x: int) -> int:
        """The index of the column heights of index ``rid`` with card ``x`` gone home when it is a
        base top, else -1 (cached in ``self.down_top``)."""
        r = self.rlist[rid]
        w = self.where.get(x)
        out = -1
        if w is not None and r[w[0]] == w[1]:
            j = w[0]
            out = self._rid(r[:j] + (r[j] - 1,) + r[j + 1:])
        self.down_top[(rid << 6) | x] = out
        return out

    def successors3(self, st) -> list:
        """The abstract states one step (a move, then the safe cards of the loose cards and base
        tops) from ``st`` (``(r, h, T, c)``), each consistent, once each, ``st`` itself left out:
        :meth:`expand3` from a search that has met ``st`` alone."""
        code = self.code(st)
        stack: list = []
        t_goal, self.t_goal = self.t_goal, -1  # no goal: every successor
        try:
            self.expand3(code, {code >> 5: 1 << (code & 31)}, stack)
        finally:
            self.t_goal = t_goal
        return [self.state(x) for x in stack]

    def expand3(self, st: int, seen: dict, stack: list) -> bool:
        """Expand state ``st`` (a code): push onto ``stack`` each successor (a move, then the safe
        cards of the loose cards and base tops) that is consistent and that no state of ``seen``
        (board code ``code >> 5`` -> the waste classes searched, as bits) dominates, recording it
        in ``seen``; ``True`` as soon as one pushed is the goal (an empty talon and no face-down
        card). The successors come in the order of :class:`ProofLane3` before codes: a loose card
        home (by suit), the column moves (column by column: its cards in place going home from the
        top down, then its dig), a foundation's top made loose (by suit; not a safe one: the safe
        cards would send it home at once, to ``st`` itself), then the pulls. A move other than a
        pull is dropped as soon as its board is found dominated, before its consistency is tested;
        a pull's consistency is read off its parent's counts (see below)."""
        c = st & 31
        rh = st & RHM
        e = self.rhtab.get(rh)
        if e is None:
            e = self._rhtab3(rh)
        a0, nm, sm0, home, moves, L0 = e
        tid = st >> TB
        tf = self.tfig[tid]
        if tf is None:
            tf = self._tfig(tid)
        tt, ntal = tf
        dom = DOM[c]
        bit = 1 << c
        rgoal = self.rgoal
        goal = tid == self.t_goal
        # The consistency tests below are :meth:`fixes` with no talon (``tal = 0``) written out: with
        # no card to pull, a state is consistent exactly when no rank and colour is short of places
        # (fixes' first test) and the loose kings have columns with nothing in place; the parts that
        # depend on the board alone are tabled (:meth:`_rhtab3`)
        for tb, delta, a, cm, L, u in moves:
            if tb and not tb & ntal:  # the card to go home is in the talon, not loose
                continue
            if u is not None and (u - tt) & BK ^ BK:
                continue  # the card it uncovers holds nothing yet: the moved cards need other places
            st2 = st + delta
            if cm & ntal:  # a safe card loose or a base top (never from the talon)
                st3 = self._close3(st2, L & ntal)[0]
                if st3 != st2:
                    st2 = st3
                    key = st2 >> 5
                    done = seen.get(key)
                    if done is not None and (not c or done & dom):
                        continue
                    a = self.a0s.get(st2 & RHM)  # its loose cards: those not home, not in place, not in the talon
                    if a is None:
                        a = self._a0(st2 & RHM)
                    if not (a - tt) & BK ^ BK:
                        seen[key] = bit if done is None else done | bit
                        stack.append(st2)
                        if goal and rgoal[(st2 >> RB) & RM]:
                            return True
                    continue
            if (a - tt) & BK ^ BK:  # not consistent: a loose card has no place (tested before the
                continue  # domination by a board searched: both only filter, in either order)
            key = st2 >> 5
            done = seen.get(key)
            if done is None:
                seen[key] = bit
            elif not c or done & dom:
                continue
            else:
                seen[key] = done | bit
            stack.append(st2)
            if goal and rgoal[(st2 >> RB) & RM]:
                return True
        pulls = self.pulls.get((tid << 5) | c)
        if pulls is None:
            pulls = self._pulls3(tid, c)
        # a pull loose adds one card needing a place to a consistent state (it only gives places
        # otherwise): consistent exactly when its rank and colour had a place to spare (nibble
        # k of these > 8, as in fixes) or, for a king, a column with nothing in place was free
        spare = a0 - tt  # nibble k: 8 + places to spare for rank k (black; red from bit 64; kings' byte 128 +)
        spare &= ((spare & LOWS) + LOWS) & BK  # the bit of each with a place to spare (over 8, over 128)
        base = st & RHM
        t_goal = self.t_goal
        for e in pulls:
            xb, s, nb, code, bit2, dom2 = e
            if nm & xb:  # home: the loose cards are the same, so consistent unless the safe cards change them
                if code < 0:
                    code = e[3] = self._child3(tid, code)
                d, cm = home[s]
                if cm & ntal:  # its loose cards after the safe cards: those not home, not in place, not in its talon
                    st2 = self._close3(base + d + code, L0 & ntal)[0]
                    a = self.a0s.get(st2 & RHM)
                    if a is None:
                        a = self._a0(st2 & RHM)
                    t2 = self.tfig[code >> TB]
                    if t2 is None:
                        t2 = self._tfig(code >> TB)
                    ok = not (a - t2[0]) & BK ^ BK
                else:
                    st2 = base + d + code
                    ok = True
                if ok:
                    key = st2 >> 5
                    done = seen.get(key)
                    if done is None:
                        seen[key] = bit2
                    elif not dom2 or done & dom2:
                        ok = False
                    else:
                        seen[key] = done | bit2
                    if ok:
                        stack.append(st2)
                        if code >> TB == t_goal and rgoal[(st2 >> RB) & RM]:
                            return True
                if sm0 & xb:  # pulled loose it would go home at once: the same state
                    continue
            if not spare & nb:
                continue
            if code < 0:
                code = e[3] = self._child3(tid, code)
            st2 = base | code
            key = st2 >> 5
            done = seen.get(key)
            if done is None:
                seen[key] = bit2
            elif not dom2 or done & dom2:
                continue
            else:
                seen[key] = done | bit2
            stack.append(st2)
            if code >> TB == t_goal and rgoal[(st2 >> RB) & RM]:
                return True
        return False


def _dominates3(done, c: int) -> bool:
    """Whether one of the waste classes ``done`` reaches every talon card class ``c`` reaches
    (equal, ``c`` = 0, or the same position modulo 3 and an earlier one): a board searched with
    it dominates the same board with ``c``."""
    for c2 in done:
        if c2 == c or not c or (c2 and c2 < c and (c - c2) % 3 == 0):
            return True
    return False


class ProofLane3:
    """The draw-3 abstract search (:class:`Abstract3`) as a lane of the solver's portfolio, like
    :class:`ProofLane`: ``unsolvable`` when its space runs dry, and it leaves the portfolio when
    the goal is reached. Its states are codes (:meth:`Abstract3.code`); ``seen`` maps each board's
    code (``code >> 5``) to the waste classes it was searched with, as bits (:meth:`boards` reads
    it as states).

    :param game: the :class:`Abstract3` game to search.
    :param weight: the lane's share of nodes against the others' weights.
    :param watch: ``(depth, states)`` or ``None``: :meth:`run` stops (answering ``None``) the first
        time the stack holds ``depth`` states within the first ``states`` expanded, and sets
        ``deep`` (the solver's signal, ``KlondikeSolver.DEEP3``); the search itself is the same
        with or without it.
    """

    __slots__ = ("game", "stack", "seen", "nodes", "weight", "complete", "watch", "deep")

    def __init__(self, game: Abstract3, weight: float, watch: tuple | None = None):
        self.game = game
        self.weight = weight
        self.nodes = 0
        self.complete = False
        self.watch = watch
        self.deep = False
        r0 = game.code(game.root)
        self.seen = {r0 >> 5: 1 << (r0 & 31)}  # board code -> the waste classes searched, as bits
        self.stack = [] if game.goal3(game.root) else [r0]

    def boards(self) -> dict:
        """``seen`` as states: ``(r, h, T)`` -> the waste classes searched, in increasing order."""
        st = self.game.state
        return {st(k << 5)[:3]: [c for c in range(32) if v >> c & 1] for k, v in self.seen.items()}

    def run(self, budget: int):
        """Expand up to ``budget`` abstract states: ``None`` (not done, or stopped early: ``deep``
        set, see ``watch``), ``True`` (the space ran dry: the position is lost) or ``False`` (the
        goal was reached: nothing proved)."""
        n = 0
        while self.watch is not None and n < budget:  # one state at a time while watched
            depth, states = self.watch
            if len(self.stack) >= depth:
                self.watch = None
                self.deep = True
                return None
            if self.nodes >= states:
                self.watch = None
                break
            res = self._run(1)
            if res is not None:
                return res
            n += 1
        return self._run(budget - n) if n < budget else None

    def _run(self, budget: int):
        """:meth:`run` without the watch."""
        stack, seen = self.stack, self.seen
        if not stack and not self.complete:
            return False
        expand = self.game.expand3
        n = 0
        try:
            while n < budget:
                if not stack:
                    self.complete = True
                    return True
                n += 1
                if expand(stack.pop(), seen, stack):
                    stack.clear()
                    return False
            if not stack:  # the last state was expanded with the budget's last node: the space ran dry
                self.complete = True
                return True
            return None
        finally:
            self.nodes += n
