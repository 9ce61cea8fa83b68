"""Klondike solver for *thoughtful* Klondike: the solver sees every card, the face-down ones and
the stock's order included (so its answers say whether a deal can be won by a player who knew
every card, not by one who plays blind). Draw 1 and draw 3, unlimited recycles (docs/rules.md,
"Klondike").

**Compact state** ``(cols, T, p, f)``, never the rules' :class:`~games.klondike.KlondikeState`
(one rules step costs ~0.45 ms; a search step here costs a few µs):

- ``cols``: 7 ``bytes``, each ``bytes([down]) + cards`` (the column bottom to top, its first
  ``down`` cards face down; cards are the ints of :mod:`games.cards`, all below 64). Column
  indices stay the real ones, so a solution replays as it was found.
- ``T``: the talon, ``waste + stock`` as ``bytes`` (waste bottom first, then the stock in
  drawing order); ``p``: how many of them are the waste. Drawing only moves ``p`` (at most
  ``draw`` places), a recycle sets ``p = 0`` — the order of ``T`` never changes, cards only
  leave it. So the stock and waste are "a position in a fixed order".
- ``f``: the foundation heights by suit (C D H S).

**Macro moves over the talon (the K+ representation**, Bjarnason, Fern & Schoenfeld, "Searching
solitaire in real time", ICGA Journal 2007): draws are not search steps; instead every talon
card that some sequence of draws and recycles can bring to the waste top is playable directly.
With draw 1 that is every card of ``T`` whatever ``p`` is, so ``p`` is left out of the key; with
draw 3 the reachable tops are ``T[q - 1]`` for ``q`` in ``p, p+3, …`` (capped at ``len(T)``) and,
after a recycle, ``3, 6, …``. Playing ``T[q - 1]`` removes it and leaves ``p = q - 1``.

**Pruning** (dominance in the sense of Solvitaire — Blake & Gent, "The winnability of
Klondike and many other single-player card games", 2019/2025; none of it can lose a win):

1. *Safe cards go home by themselves*: a card that may go home is played there at once when it
   has rank ≤ 2, or when both opposite-colour foundations reach its rank − 1 and the other
   foundation of its colour its rank − 2 (then no card it could hold, nor any card those could
   hold, is still out). Column tops always; with draw 1 any talon card too (every talon card is
   reachable, and taking one out of the talon changes nothing else). Never a talon card with
   draw 3, where removing a card regroups the later draws.
2. *A safe card never comes back* from its foundation (by 1, whatever it could hold, and all
   those could hold in turn, is home), nor an ace (nothing lies on an ace).
3. *Column to column*: a king-based column with no face-down card never moves to an empty
   column (it would only renumber the columns); of several empty columns only the first is a
   destination (they are alike).
4. *Pending moves* (a partial-order reduction). Three kinds of move achieve nothing by
   themselves: a talon card put on a column (draw 1 only), part of a run moved (the card it
   uncovers stays), a whole face-up run moved off a column with no face-down card (the column
   empties). Such a move is *pending* until its column (for a talon card: the column it went
   to; for part of a run: the column it left) changes again — a card goes onto it or leaves it
   —, or an empty column is filled. A move that is not pending itself must use a pending move
   (at least one: the search's test; those it does not use stay pending); a pending move may use
   some of them and joins the rest. Soundness: take any winning
   line and move each such move later, to just before the first move that uses it (or drop it
   if none does), the last one first. The moves
   it jumps over stay legal and leave the same cards: nothing could go onto the covered card
   (it is covered in the original line), the uncovered card or column was not used (else that
   move is the first use), a run carried along simply moves without the pending cards, and in
   draw 1 every talon card stays reachable whatever else leaves the talon (not so in draw 3,
   hence draw 1 only). The safe cards of rule 1 go home at the same moments in both lines: the
   only cards whose place differs are the pending card (a talon card is available in both; a
   card on a column holds a card one rank lower of the other colour, which is still out, so
   it is not safe) and the card under it (one rank higher: not safe while that card is out);
   cards taken back from a foundation are not pending moves for that reason (the foundation
   heights would differ). In the resulting line every pending move is followed by its use or
   by other pending moves whose first uses come before it or are the same move: every pending
   move not yet used when a move that is not pending comes is used by that move (it uses them
   *all*, so at least one), which is what the search allows. *Pending sets dominate*: such a
   line can be followed as well from the same cards with any subset of its pending columns —
   a move of it that is not pending uses every one of them (allowed, and nothing stays pending,
   as in the line), a pending move leaves a subset again —, so a board already searched with a
   subset of ``P`` (``()``: nothing pending, the widest) is not searched again with ``P``; the
   visited set maps each board to the pending sets it was searched with.
5. *Blocked columns* (an unsolvability proof, at the root): assume the bottom ``h`` cards of
   each column never move (``h`` = all at first), then lower ``h`` while the top assumed card
   ``u`` of a column could move: it could go home unless a lower card of its suit, not home, is
   among the assumed cards; it (or a face-up run under it, which would carry it) could go onto a
   card unless neither card it may lie on can ever be a column top; a king could go to an
   empty column unless every column keeps an assumed card. A column card can be a top unless
   an assumed card covers it; a card of the talon or a foundation only once it is put down on
   a column: a king if a column may empty, another card if one of the two cards it may lie on
   can be a top (worked out from the kings down; e.g. 7D waits for 8S or 8C in the stock,
   which wait for a red nine, and both red nines are under 7D). If cards stay, the first of them to
   move would break one of these conditions, so none ever moves and the position is lost (deal
   19 draw 1 is proved so with no search). Tested at the root, and in every search at every
   position with nothing pending (a cut: a blocked position is lost; the answers are kept by
   columns and foundations, which is all the test reads).

The streamliner searches of :class:`KlondikeSolver` add cuts that may lose wins: part of a run
moves only when the card it uncovers can then go home; in the first two also no card comes
back from a foundation and no talon card goes onto a talon card just put down; in draw 1, the
second reaches the talon as draw 3 does (a smaller space whose wins are wins).

The *progress lane* (:class:`_StageLane`) finds wins the depth-first lanes miss,
which wander through tens of thousands of boards with the same face-down cards: a best-first
search over the boards where a card was just turned face up or a talon card left the talon
(it never comes back), each reached by a tiny depth-first search (``LOCAL`` nodes) from a board
of the frontier; boards are ranked by 2 × face-down cards − foundation cards, and one is kept
per arrangement of face-down cards, talon and foundations (the face-up cards' arrangement is
left out: another way to the same progress is not searched again); in draw 1, a board is
also left out when one with the same face-down cards and talon was met with, suit by
suit, no more cards home (a card still in a column may yet go home; one at home comes back only
by a move back). On bench position 5 the lane had spent 254 of its 284 expansions in a dead end
of 113 face-down/talon arrangements, most met again with more cards home. (Not in draw 3: the
key leaves out the waste position there, and deals 201-400 lost 4 wins.) It may miss wins, so it
never answers "unsolvable"; its wins are replayed like every other. A second progress lane
runs beside it, the same but with ties of the rank taken last met first: the two
orders solve different deals (on 30 + 30 deals left unknown at 2 CPU s, 11 more were solved).

The *proof lane* (:mod:`games.solvers.klondike_proof`) searches an abstract game that
keeps where each card is (in place, loose, talon, home) and forgets how the moved cards are
stacked; if it cannot reach a position with no face-down card, the position is lost (argued in
that module). It proves lost positions that need reasoning over time, like three kings for two
empty columns, which rule 5 cannot see.

**Key**: the columns sorted (column order does not matter to the outcome), the talon (the
foundations follow from the rest); the pending columns are kept beside it (rule 4), and with
draw 3 the waste position's *talon class* too (:func:`_talon_class`: every ``p`` that reaches
the same talon cards is one class) — a board is not searched again with a class that reaches no
more talon cards than one it was searched with and a superset of its pending columns
(:func:`_dominated3`; the progress lanes' local searches key ``p`` itself).

The *rollout lanes* (:class:`_RolloutLane`, in the draws of ``ROLLOUT_DRAWS``: draw 3) walk the
same progress boards by nested rollouts (Yan et al., NIPS 2004; Cazenave's NMCS): a level-n step
tries every child board with a level n−1 rollout and goes to the one that got furthest. They find
wins the best-first lanes need millions of nodes for; they never answer "unsolvable". In draw 3
they join when the exact-talon proof lane reaches its goal (so it proves nothing: a sign the deal
is won) and take half its share; while it searches they stay out, so its proofs keep every node.
They also join earlier, when that lane's depth-first stack first holds ``DEEP3[0]`` (95) states
within its first ``DEEP3[1]`` (10 000) states (a wide abstract game, which mostly goes with a won
deal): the lane then stays at 6 of its 8, the progress lanes go from 8 to 2 and the rollout lanes
join at 3.5 times their weights (``DEEP3_STAY``); once it reaches its goal, the progress lanes
weigh 4 and the rollout lanes four times their weights (``DEEP3_WEIGHTS``). A heuristic, measured
only: it decides who gets the nodes, never an answer, and since the lane stays, a proof it would
make comes later rather than never (held-out draw-3 #1103 and #1283, wide and lost, are still
proved within 30 s; docs/solvers.md, item 4, "Session 17" and "Session 18"). That lane's game
leaves out the rule that no dig empties a column on a king (``KINGS3 = False``;
:mod:`games.solvers.klondike_proof`, "A king's column stays"; the draw-1 proof lane has it): the
watch was fit on the stack of the game without it, which with it stays shallower on won deals
(#111 and #391 no longer reach 95 within 10 000 states), while the deals that lane proves beyond
30 s need as many states either way (#951, 43, 680: 1.17-1.38 M; docs/solvers.md, item 4,
"Session 19").

In draw 3 the exact-talon game also runs early, well before ``LATE``, where a sign marks a search
stuck behind the same face-down cards: the draw-1 proof lane has left (its game reached its goal)
by ``SIGN3[1]`` (2 000) nodes, and when it has, no board the depth-first and progress lanes have
met has fewer than ``SIGN3[2]`` (8) face-down cards. Then that game, with the kings' rule, runs
alone, the search waiting, up to ``SIGN3[3]`` states (:func:`_sign3`). Its states are not nodes,
so every other lane searches node for node as without it; it only answers "unsolvable" sooner
(bench position 15, unknown at 2 s without it) or costs CPU (docs/solvers.md, item 1, "Session 22"
and "Session 23"). A *late sign* runs the same game again, alone, on a search still open after
``SIGN3_LATE[0]`` (12 000) nodes with the draw-1 proof lane gone, up to ``SIGN3_LATE[1]`` states
in all (held-out position 35: its search meets boards with 4 face-down cards, so the first sign
leaves it; docs/solvers.md, item 1, "Session 25").

In draw 1 two more progress lanes search the talon reached as in draw 3 (every draw-3 line is a
draw-1 line; draw-1 deals 55, 333, 335, 558 are won so and were unknown at 30 CPU s); they join
once ``LATE`` nodes are spent, beyond the app's hint budget, so a hint's search is unchanged.

**Search**: a portfolio of depth-first searches with visited sets (the streamliners and the
complete search, interleaved by nodes) under a node and time budget, resumable in slices
(:meth:`KlondikeSolver.step`) like :class:`~games.solvers.search.Search`. Move order: a move that
turns a card face up (to a foundation first, then to a column; the column with most face-down
cards first), a talon card that a face-down column's run could then go onto, talon card home,
column top home, other talon cards to columns, a column emptied, part of a run, a foundation card
back. A position is won once the talon is empty and no card is face
down (then the lowest card left is always on a column top and goes home).
Changes meant only for speed must keep the search the same: ``bench/klondike_same_search.py``
compares answers, moves and node counts per lane with an earlier git revision.

**Solution**: each search step records its moves as intents (a column run to a place, a talon
card to a place, a foundation card to a column); they are replayed through
:class:`~games.klondike.Klondike` itself (a talon card is fetched with the needed ``s`` draws and
recycles), then :meth:`Klondike.finish_moves` plays the rest home. The texts are those of
docs/contract.md; a solution that does not replay to a win raises :class:`AssertionError` (a bug).
"""
from __future__ import annotations

import time
from bisect import insort
from heapq import heappop, heappush
from operator import itemgetter

from ..core import Clock
from ..klondike import SUIT_LETTERS, Klondike, KlondikeState
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Result, Sliced, discard
from .klondike_proof import Abstract, Abstract3, ProofLane, ProofLane3

RED = tuple(((c >> 4) in (1, 2)) for c in range(64))
ON = tuple(tuple(x for x in range(64) if (x & 15) == (c & 15) + 1 and (x & 15) <= 13 and (x >> 4) < 4
                 and RED[x] != RED[c]) if 1 <= (c & 15) <= 12 else () for c in range(64))
"""For each card, the two cards it may lie on in a column."""
UNDER = tuple(tuple(c for c in range(64) if x in ON[c]) for x in range(64))
"""For each card, the cards that may lie on it in a column."""
UNM = tuple(sum(1 << x for x in UNDER[c]) for c in range(64))
""":data:`UNDER` as bit masks (bit x: card x), to test against a mask of the talon's cards."""
RC = tuple(1 << (2 * (c & 15) + RED[c]) for c in range(64))
"""Each card as one bit for its rank and colour (small ints: bits 2..27)."""
ONRC = tuple(RC[ON[c][0]] if ON[c] else 0 for c in range(64))
"""For each card, the bit (as in :data:`RC`) of the rank and colour it may lie on: ``ONRC[c] &
RC[x]`` is true exactly when ``x in ON[c]``."""
CACHE_MAX = 1 << 14  # entries of each speed-up cache (cleared when full; answers do not depend on them)
HOME = -1  # destination "foundation" in intents and macro moves
# macro move kinds
K_COL, K_TALON, K_FOUND = 0, 1, 2
# move-order priorities (lower first)
P_REVEAL_HOME, P_REVEAL, P_TALON_HOME, P_HOME, P_TALON, P_EMPTY, P_PARTIAL, P_BACK = range(8)
P_TALON_ENABLES = 1.6  # a talon card that a revealing run could then go onto


_first = itemgetter(0)  # a macro move's priority


def _mask(T: bytes) -> int:
    """The cards of ``T`` as a bit mask (bit x: card x)."""
    m = 0
    for c in T:
        m |= 1 << c
    return m


def _column_info(b: bytes) -> tuple:
    """What :meth:`_Problem.moves` reads of column ``b`` (cached by column): its length, its
    face-down cards, its top (-1: empty), the top's :data:`RC` bit (0: empty), the :data:`ONRC`
    bit of its lowest face-up card when face-down cards lie under it (else 0), the :data:`ONRC`
    bits of its face-up cards, whether it is a king with face-down cards under it, the top's
    suit and rank − 1 (to test "it goes home next": ``f[suit] == rank - 1``), and its *sources*:
    for each face-up card that may lie on something, ``(k, ONRC bit, ON[card], priority, y, r)``
    with ``k`` its index, the priority of moving it (and the run on it) onto a column, and the
    card ``y`` under it as its suit and rank − 1 for a part of a run (the streamliners' test;
    ``y = -1``: the card is the lowest face-up one, no test)."""
    n = len(b)
    d = b[0]
    if n == 1:
        return n, d, -1, 0, 0, 0, False, -1, -2, ()
    m = 0
    srcs = []
    a0 = 1 + d
    for k in range(a0, n):
        x = b[k]
        bit = ONRC[x]
        m |= bit
        if not bit:
            continue
        if k == a0:
            srcs.append((k, bit, ON[x], P_REVEAL - d * 0.01 if d else P_EMPTY, -1, 0))
        else:
            y = b[k - 1]
            srcs.append((k, bit, ON[x], P_PARTIAL, y >> 4, (y & 15) - 1))
    t = b[-1]
    return (n, d, t, RC[t], ONRC[b[a0]] if d else 0, m, bool(d) and (b[a0] & 15) == 13, t >> 4, (t & 15) - 1,
            tuple(srcs))


DOWN = tuple(bytes((d,)) for d in range(64))
"""``bytes((d,))`` for each small int (a column's first byte)."""
CARD = DOWN  # a card as a one-byte column piece
KINGS = sum(1 << ((s << 4) | 13) for s in range(4))
"""The four kings as a bit mask."""


def _foundation_info(f) -> tuple:
    """What :meth:`_Problem.moves` reads of the foundation heights ``f`` (cached by ``f``): the
    next card of each suit not complete, and, suit by suit, the foundation tops that may come back
    to a column as ``(suit, x1, x2)`` with ``x1, x2`` the cards they may lie on (``-1, -1``: a
    king): those of rank > 2 that are not safe (rules 1 and 2 of the module docstring)."""
    nxt = tuple((s << 4) | (f[s] + 1) for s in range(4) if f[s] < 13)
    back = []
    for s in range(4):
        h = f[s]
        if h <= 2 or _safe((s << 4) | h, f):
            continue
        back.append((s, -1, -1) if h == 13 else (s, *ON[(s << 4) | h]))
    return nxt, tuple(back)


def _safe(c: int, f) -> bool:
    """Whether ``c`` (next on its foundation) can go home for good: rule 1 of the module."""
    r = c & 15
    if r <= 2:
        return True
    s = c >> 4
    if RED[c]:
        return f[0] >= r - 1 and f[3] >= r - 1 and f[3 - s] >= r - 2
    return f[1] >= r - 1 and f[2] >= r - 1 and f[3 - s] >= r - 2


def _searched(seen: dict, k, P) -> bool:
    """Whether board ``k`` was already searched with a subset of the pending columns ``P`` (a
    wider space: rule 4's dominance); if not, records ``P`` for it and returns False."""
    done = seen.get(k)
    if done is None:
        seen[k] = [P]
        return False
    return _dominated(done, P)


def _dominated(done: list, P) -> bool:
    """:func:`_searched` for a board already met, ``done`` the pending sets it was searched with."""
    for Q in done:
        if Q == P:
            return True
        for x in Q:
            if x not in P:
                break
        else:
            return True
    done.append(P)
    return False


def _dead(cache: dict, cols, f) -> bool:
    """Rule 5's blocked-columns test on columns ``cols`` (and foundations ``f``), cached in
    ``cache`` by the sorted columns: all the test reads (:func:`blocked` never reads ``f``: the
    cards out of the columns are all alike to it, so boards with the same columns share one
    answer whatever their talon and foundations)."""
    bk = b"\xff".join(sorted(cols))
    lost = cache.get(bk)
    if lost is None:
        lost = cache[bk] = blocked(cols, f)
    return lost


class _Problem:
    """One search's fixed facts (the draw) and its state operations. ``klondike_search.js`` (next
    to this file; not used by the app yet) is this class and the helpers it calls, line by line, in
    JavaScript: ``tests/test_solver_klondike_js.py`` fails when the two disagree, so a change here
    is made there too (docs/solvers.md, Klondike, item 1, "Session 30")."""

    back = True  # generate foundation-to-column moves
    chains = True  # a talon card may go onto a talon card just put on a column

    def __init__(self, draw: int, partial: bool = True):
        self.draw = draw
        self.runs: dict[bytes, tuple] = {}  # column -> _column_info(column)
        self.tmask: dict[bytes, int] = {}  # talon -> mask of its cards
        self.reach: dict[tuple, tuple] = {}  # (len(T), p) -> reachable(T, p)
        self.fx: dict[tuple, tuple] = {}  # foundations -> _foundation_info(foundations)
        self.partial = partial  # False (streamliner): part of a run moves only to send the card under it home

    # -- states ----------------------------------------------------------------------------------
    @staticmethod
    def from_rules(s: KlondikeState):
        cols = tuple(bytes([d]) + bytes(c) for c, d in zip(s.columns, s.down))
        return cols, bytes(s.waste) + bytes(s.stock), len(s.waste), tuple(s.foundations)

    def key(self, st):
        cols, T, p, _, _ = st
        k = b"\xff".join(sorted(cols)) + b"\xfe" + T
        return k + bytes([p]) if self.draw == 3 else k

    @staticmethod
    def won(st) -> bool:
        cols, T, _, f, _ = st
        if T:
            return False
        for b in cols:
            if b[0]:
                return False
        return True

    def reachable(self, T, p):
        """Indices in ``T`` of the talon cards that draws and recycles bring to the waste top."""
        L = len(T)
        if self.draw == 1:
            return range(L)
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
        return sorted(out)

    # -- moves -----------------------------------------------------------------------------------
    def moves(self, st) -> list:
        """The macro moves of ``st``, best first, as ``(priority, kind, a, b, c)`` (the sort is
        stable: equal priorities keep the order generated). Column tops are also kept as a mask of
        ranks and colours (:data:`RC`), so a column none of whose face-up cards may go onto a top
        is passed over (its :data:`ONRC` bits cached by column in ``self.runs``), and draw 1 looks
        a talon card up only when the talon's mask (cached in ``self.tmask``) holds it."""
        cols, T, p, f, _ = st
        runs = self.runs
        try:
            info = [runs[b] for b in cols]
        except KeyError:
            if len(runs) >= CACHE_MAX:
                runs.clear()
            for b in cols:
                if b not in runs:
                    runs[b] = _column_info(b)
            info = [runs[b] for b in cols]
        topj = {}
        tm = 0  # RC bits of the column tops
        wanted = 0  # RC bits of the cards a face-up base with face-down cards under it could go on
        empty = -1
        j = 0
        for c in info:
            t = c[2]
            if t >= 0:
                topj[t] = j
                tm |= c[3]
                wanted |= c[4]
            elif empty < 0:
                empty = j
            j += 1
        fx = self.fx.get(f)
        if fx is None:
            if len(self.fx) >= CACHE_MAX:
                self.fx.clear()
            fx = self.fx[f] = _foundation_info(f)
        out = []
        append = out.append
        partial = self.partial
        i = -1
        for n, d, top, _, _, m, king, hs, hr, srcs in info:
            i += 1
            if n == 1:
                continue
            if f[hs] == hr:
                append((P_REVEAL_HOME if (n == 2 + d and d) else P_HOME, K_COL, i, HOME, n - 1))
            if king and empty >= 0:
                append((P_REVEAL + 0.5 - d * 0.01, K_COL, i, empty, 1 + d))
            if not m & tm:  # no face-up card here may go onto a column top
                continue
            for k, bit, xs, pr, ys, yr in srcs:  # the card at k (and the run on it) onto a column top
                if not bit & tm or (ys >= 0 and not partial and f[ys] != yr):
                    continue
                for x in xs:
                    j = topj.get(x)
                    if j is not None:
                        append((pr, K_COL, i, j, k))
        if T and (self.chains or not st[4]):
            if self.draw == 1:  # every talon card is reachable: look the wanted cards up in T
                find = T.find
                Tm = self.tmask.get(T)
                if Tm is None:
                    if len(self.tmask) >= CACHE_MAX:
                        self.tmask.clear()
                    Tm = self.tmask[T] = _mask(T)
                for c in fx[0]:  # (moves of different priorities: their order here does not matter)
                    if (Tm >> c) & 1:
                        append((P_TALON_HOME, K_TALON, find(c), HOME, 0))
                if empty >= 0 and Tm & KINGS:
                    for c in (13, 29, 45, 61):
                        if (Tm >> c) & 1:
                            append((P_TALON, K_TALON, find(c), empty, 0))
                for t, j in topj.items():  # the column tops in column order
                    if UNM[t] & Tm:
                        for c in UNDER[t]:
                            q = find(c)
                            if q >= 0:
                                append((P_TALON_ENABLES if RC[c] & wanted else P_TALON, K_TALON, q, j, 0))
            else:
                reach = self.reach.get((len(T), p))
                if reach is None:
                    reach = self.reach[len(T), p] = tuple(self.reachable(T, p))  # depends on len(T), p only
                for q in reach:
                    c = T[q]
                    if f[c >> 4] == (c & 15) - 1:
                        append((P_TALON_HOME, K_TALON, q, HOME, 0))
                    if (c & 15) == 13:
                        if empty >= 0:
                            append((P_TALON, K_TALON, q, empty, 0))
                        continue
                    pr = P_TALON_ENABLES if RC[c] & wanted else P_TALON
                    for x in ON[c]:
                        j = topj.get(x)
                        if j is not None:
                            append((pr, K_TALON, q, j, 0))
        if self.back:
            for s, x1, x2 in fx[1]:  # the foundation tops that may come back (not safe: rules 1, 2)
                if x1 < 0:  # a king
                    if empty >= 0:
                        append((P_BACK, K_FOUND, s, empty, 0))
                    continue
                j1 = topj.get(x1, 7)
                j2 = topj.get(x2, 7)
                if j1 > j2:
                    j1, j2 = j2, j1
                if j1 < 7:
                    append((P_BACK, K_FOUND, s, j1, 0))
                    if j2 < 7:
                        append((P_BACK, K_FOUND, s, j2, 0))
        out.sort(key=_first)
        return out

    def apply(self, st, m):
        """``(next state, intents)`` after macro move ``m`` and the safe moves that follow it, or
        ``None`` when rule 4 of the module docstring (pending moves) forbids ``m`` here.

        Every state the search makes has had its safe cards played home (rule 1), so when the
        foundations do not rise, a safe card can only be a card that ``m`` newly makes a column
        top (the card it uncovers, or a talon or foundation card it puts down): only then is
        :meth:`_auto` called (the same states and intents, less work).

        The common moves — a column's run (or part of it) onto another column, a talon card onto a
        column — when no safe card follows are worked out here directly (the same result as
        :meth:`_apply`, which does every move): only the one or two columns they change can use a
        pending column (rule 4). The pending columns are always columns of the state (a pending
        column that changes is dropped), and two columns holding cards never have the same bytes,
        so "``x`` is still a column" is "``x`` is neither changed column"; rule 4's verdict is
        reached before the new board is built."""
        _, kind, a, dst, k = m
        if dst < 0 or kind == K_FOUND:
            return self._apply(st, m)
        cols, T, p, f, P = st
        to = cols[dst]
        if kind == K_COL:
            b = cols[a]
            d = b[0]
            c = b[k - 1]  # the new top of column a (face up after the move), or its down count
            if k - 1 == d:
                if d:
                    pending = None  # a card turned face up
                else:  # the column empties: an empty column must be filled next
                    pending = b""
                    c = -1
            else:
                pending = a  # part of a run: the card it uncovers must be used next
            if c >= 0:  # is the new top a safe card? (rule 1; then _apply does all)
                s = c >> 4
                h = f[s]
                if (c & 15) == h + 1 and (h < 2 or (h < 13 and f[3 - s] >= h - 1 and (
                        (f[1] >= h and f[2] >= h) if s == 0 or s == 3 else (f[0] >= h and f[3] >= h)))):
                    return self._apply(st, m)
            fill = len(to) == 1
            if P:  # rule 4: which pending columns does the move use (change)?
                if len(P) == 1:
                    x = P[0]
                    if (x != b and x != to) if x else not fill:
                        if pending is None:
                            return None
                    else:
                        P = ()
                elif b in P or to in P or (fill and not P[0]):  # (b"" sorts first)
                    P = tuple([x for x in P if ((x != b and x != to) if x else not fill)])
                elif pending is None:
                    return None  # a move that is not pending itself must use a pending move
            rest = DOWN[d - 1] + b[1:k] if pending is None else b[:k]
            cols = list(cols)
            cols[a] = rest
            cols[dst] = to + b[k:]
            if pending is not None:
                if pending.__class__ is int:
                    pending = rest  # a new column: never in P
                if not P:
                    P = (pending,)
                elif pending:
                    L = list(P)
                    insort(L, pending)
                    P = tuple(L)
                elif P[0]:  # b"" (an empty column to fill), not yet pending
                    P = (pending,) + P
            return (tuple(cols), T, p, f, P), [(K_COL, a, dst)]
        c = T[a]  # a talon card onto a column
        s = c >> 4
        h = f[s]
        if (c & 15) == h + 1 and (h < 2 or (h < 13 and f[3 - s] >= h - 1 and (
                (f[1] >= h and f[2] >= h) if s == 0 or s == 3 else (f[0] >= h and f[3] >= h)))):
            return self._apply(st, m)
        fill = len(to) == 1
        draw1 = self.draw == 1
        if P:
            if len(P) == 1:
                x = P[0]
                if (x != to) if x else not fill:
                    if not draw1:
                        return None
                else:
                    P = ()
            elif to in P or (fill and not P[0]):
                P = tuple([x for x in P if ((x != to) if x else not fill)])
            elif not draw1:
                return None
        cols = list(cols)
        cols[dst] = new = to + CARD[c]
        if draw1:  # a talon card to a column: something must go onto it next
            if not P:
                P = (new,)
            else:  # a new column: never in P
                L = list(P)
                insort(L, new)
                P = tuple(L)
        return (tuple(cols), T[:a] + T[a + 1:], a, f, P), [(K_TALON, c, dst)]

    def _apply(self, st, m):
        """:meth:`apply` for any move."""
        cols, T, p, f, P = st
        _, kind, a, dst, k = m
        cols = list(cols)
        pending = None  # rule 4: the column whose change this move waits for (b"": an empty column)
        if kind == K_COL:
            b = cols[a]
            d = b[0]
            rest = bytes((d - 1,)) + b[1:k] if k - 1 == d and d else b[:k]
            cols[a] = rest
            intents = [(K_COL, a, dst)]
            if dst >= 0:
                to = cols[dst]
                fill = len(to) == 1  # a card goes to an empty column
                cols[dst] = to + b[k:]
                if k > d + 1:
                    pending = a  # part of a run: the card it uncovers must be used next
                elif not d:
                    pending = b""  # a column emptied: an empty column must be filled next
                c = rest[-1] if len(rest) > 1 else 0  # the only new column top
            else:
                fill = False
                f = list(f)
                f[b[k] >> 4] += 1
                c = -1
        elif kind == K_TALON:
            c = T[a]
            T = T[:a] + T[a + 1:]
            p = a
            intents = [(K_TALON, c, dst)]
            if dst >= 0:
                to = cols[dst]
                fill = len(to) == 1
                cols[dst] = to + bytes((c,))
                if self.draw == 1:
                    pending = dst  # a talon card to a column: something must go onto it next
            else:
                fill = False
                f = list(f)
                f[c >> 4] += 1
                c = -1
        else:
            f = list(f)
            c = (a << 4) | f[a]
            f[a] -= 1
            intents = [(K_FOUND, a, dst)]
            to = cols[dst]
            fill = len(to) == 1
            cols[dst] = to + bytes((c,))
        if c > 0:  # the one new column top: is it a safe card?
            s = c >> 4
            h = f[s]
            auto = (c & 15) == h + 1 and (h < 2 or (h < 13 and f[3 - s] >= h - 1 and (
                (f[1] >= h and f[2] >= h) if s == 0 or s == 3 else (f[0] >= h and f[3] >= h))))
        else:
            auto = c < 0  # the foundations rose
        if auto:
            if f.__class__ is tuple:
                f = list(f)
            top = cols[pending][-1] if pending.__class__ is int else -1
            p = self._auto(cols, T, p, f, intents)
            if p.__class__ is tuple:
                T, p = p
            if top >= 0:  # the column, unless a safe card already went home from it
                pending = cols[pending] if cols[pending][-1] == top and len(cols[pending]) > 1 else None
        elif pending.__class__ is int:
            pending = cols[pending]
        if P:
            if len(P) == 1:  # the usual case of the general one below
                x = P[0]
                if (x in cols) if x else not fill:
                    if pending is None:
                        return None
                else:
                    P = ()
            else:
                left = [x for x in P if ((x in cols) if x else not fill)]
                if len(left) == len(P) and pending is None:
                    return None  # a move that is not pending itself must use a pending move (at least one)
                P = tuple(left)
        if pending is not None:
            if not P:
                P = (pending,)
            elif pending not in P:
                P = tuple(sorted(P + (pending,)))
        return (tuple(cols), T, p, f if f.__class__ is tuple else tuple(f), P), intents

    def _auto(self, cols, T, p, f, intents):
        """Play safe cards home in place (rule 1); returns ``p``, or ``(T, p)`` when the talon
        changed."""
        talon_changed = False
        talon = self.draw == 1 and T
        s = 0
        while s < 4:
            h = f[s]
            if h < 2 or (h < 13 and f[3 - s] >= h - 1 and (
                    (f[1] >= h and f[2] >= h) if s == 0 or s == 3 else (f[0] >= h and f[3] >= h))):
                c = (s << 4) | (h + 1)
                for i in range(7):
                    b = cols[i]
                    if b[-1] == c and len(b) > 1:
                        f[s] += 1
                        rest = b[:-1]
                        d = rest[0]
                        if d and len(rest) - 1 == d:
                            rest = bytes([d - 1]) + rest[1:]
                        cols[i] = rest
                        intents.append((K_COL, i, HOME))
                        s = -1
                        break
                else:
                    if talon:
                        q = T.find(c)
                        if q >= 0:
                            T = T[:q] + T[q + 1:]
                            p = q
                            f[s] += 1
                            intents.append((K_TALON, c, HOME))
                            talon_changed = True
                            talon = bool(T)
                            s = -1
            s += 1
        return (T, p) if talon_changed else p


# every card with the two it may lie on (-1, -1: a king), kings first (rule 5's marks: parents first)
_AV_ORDER = tuple((q, ON[q][0], ON[q][1]) if (q & 15) < 13 else (q, -1, -1)
                  for r in range(13, 0, -1) for q in range(r, 64, 16))


_OUT: dict[bytes, list] = {}  # blocked(): the cards out of the columns, by the column cards (a cache)


def blocked(cols, f) -> bool:
    """Whether some column card can never move again (rule 5 of the module docstring): then
    it never goes home and the position is lost. ``cols`` as in the compact state, ``f`` the
    foundation heights (not read: every card out of the columns is treated alike, so the answer
    depends on the columns alone).

    The bottom ``h[c]`` cards of column ``c`` are assumed never to move; ``h`` is lowered while
    the top assumed card of a column could move. Whether a card could move only gets truer as
    ``h`` falls (fewer cards stay, more cards may become tops), so the heights reached, where no
    top assumed card can move, are the same whatever order the columns are lowered in and however
    fresh the "may become a top" marks are while lowering (they are refreshed before each sweep,
    and the answer is given after a sweep that changed nothing, or as soon as nothing stays)."""
    h = [len(b) - 1 for b in cols]
    left = sum(h)
    if not left:
        return False
    av = [False] * 64  # av[q]: q may some day be a column top (a card may go onto it)
    stay = bytearray(64)  # stay[x]: card x is an assumed card (1) or not (0)
    for b in cols:
        for x in b[1:]:
            stay[x] = 1
        if len(b) > 1:
            av[b[-1]] = True
    sk = bytes(stay)
    out = _OUT.get(sk)
    if out is None:  # the talon and foundation cards, kings first
        if len(_OUT) >= CACHE_MAX:
            _OUT.clear()
        out = _OUT[sk] = [e for e in _AV_ORDER if not stay[e[0]]]
    find = stay.find
    low = [find(1, s, s + 16) for s in (0, 16, 32, 48)]  # each suit's lowest assumed card (or -1)
    empty = 0 in h
    while True:
        changed = False
        for q, a, b2 in out:
            av[q] = empty if a < 0 else (av[a] or av[b2])
        for c in range(7):
            b = cols[c]
            hc = h[c]
            while hc:
                u = b[hc]
                if low[u >> 4] < u:  # a lower card of its suit stays (those below f[s] + 1 are home)
                    d = b[0]
                    j = hc - 1
                    while True:  # can it, or a run under it, go onto a card or an empty column?
                        v = b[1 + j]
                        if (v & 15) == 13:
                            if empty:
                                break
                        else:
                            a, a2 = ON[v]
                            if av[a] or av[a2]:
                                break
                        if j > d and b[j] in ON[v]:
                            j -= 1
                        else:
                            j = -1
                            break
                    if j < 0:
                        break
                stay[u] = 0
                if low[u >> 4] == u:
                    low[u >> 4] = find(1, u + 1, (u | 15) + 1)
                hc -= 1
                h[c] = hc
                left -= 1
                if not left:
                    return False
                if hc:
                    av[b[hc]] = True
                else:
                    empty = True
                changed = True
        if not changed:
            return True


def _talon_class(T: bytes, p: int) -> int:
    """The class of the waste position ``p`` of a draw-3 talon ``T`` in the depth-first lanes: 0 for
    every ``p`` whose reachable cards (:meth:`_Problem.reachable`) are those of ``p = 0`` (a
    multiple of 3, or the whole talon in the waste: draws from there bring up ``T[2], T[5], …``
    and the last card, exactly what a recycle does), else ``p`` itself (``p`` not a multiple of
    3 and below ``len(T)`` adds ``T[p - 1], T[p + 2], …``, which ``p = 0`` cannot reach, and two
    such ``p`` reach different cards). Two boards that differ only in ``p`` of one class have the
    same moves and the same successors (a move reads ``p`` only through the reachable cards, and
    playing ``T[q - 1]`` leaves ``p = q - 1`` whatever ``p`` was), so one search serves both
    (:func:`_dominated3` goes further)."""
    return 0 if p % 3 == 0 or p == len(T) else p


def _dominated3(done: list, c: int, P) -> bool:
    """:func:`_dominated` for a draw-3 board met before, ``done`` the ``(talon class, pending
    set)`` pairs (:func:`_talon_class`) it was searched with: whether one of them reaches every
    talon card ``c`` reaches with a subset of the pending columns ``P``; if none does, records
    ``(c, P)`` and returns False. Class ``c2`` reaches every card of class ``c`` when they are
    equal, when ``c`` is 0 (the cards of ``p = 0`` are reachable from every ``p``), or when both
    are the same modulo 3 and ``c2 < c`` (``T[c2 - 1], T[c2 + 2], …`` holds ``T[c - 1], …``).
    The wider board's search covers the other's: its lines are followed move for move (a talon
    move of the narrower board is one of the wider's and leaves the same ``p``)."""
    for c2, Q in done:
        if c2 == c or not c or (c2 and c2 < c and (c - c2) % 3 == 0):
            if Q == P:
                return True
            for x in Q:
                if x not in P:
                    break
            else:
                return True
    done.append((c, P))
    return False


class _Lane:
    """One search of the portfolio: its problem (the cuts it applies), its depth-first stack, its
    visited set, the nodes it generated, its weight."""

    __slots__ = ("pb", "stack", "seen", "nodes", "weight", "complete")

    def __init__(self, pb: _Problem, root, intents, weight: float, complete: bool):
        self.pb, self.weight, self.complete = pb, weight, complete
        if pb.draw == 3:  # board key (no waste position) -> (talon class, pending set) pairs searched
            self.seen = {pb.key(root)[:-1]: [(_talon_class(root[1], root[2]), ())]}
        else:
            self.seen = {pb.key(root): [()]}  # board key -> the pending sets it was searched with
        self.nodes = 0
        # DFS stack entries: [state, macro moves, next index, intents that led here]
        self.stack = [[root, pb.moves(root), 0, intents]]


class _StageLane:
    """The win-finding lane (it may miss wins, so it never answers "unsolvable"): a best-first
    search over *progress boards* — boards where a card was just turned face up or a talon card
    left the talon (it never comes back). Expanding one runs a bounded depth-first search from it
    (``LOCAL`` nodes, its own visited set) that stops at every progress board it meets; those join
    the frontier, ranked by :func:`_rank` (ties: the first met first), and one board per
    :func:`_coarse` key and foundations not :func:`_more_home` than one met ever joins it
    (in draw 1; in draw 3, one per key and foundations). A win met anywhere is the answer.
    Pending moves (rule 4) are dropped at each progress board (a wider space: any line found is
    still a legal win)."""

    __slots__ = ("pb", "heap", "seen", "nodes", "weight", "complete", "count", "root_intents", "tie", "best")
    # seen: the _coarse keys of the progress boards met -> their foundation tuples; heap entries:
    # (rank, tie, board with nothing pending, link), link = (parent's link, the intents from the
    # parent) or None; best: (rank, link) of the lowest-ranked board met (the root at first),
    # the line a hint takes when no win is found in time (KlondikeSolver.progress_line)

    def __init__(self, pb: _Problem, root, intents, weight: float, lifo: bool = False):
        self.pb, self.weight, self.complete = pb, weight, False
        self.tie = -1 if lifo else 1  # ties of the rank: the first met first, or with lifo the last
        self.nodes = 0
        self.count = 0
        self.seen = {_coarse(root, pb.draw == 3): [root[3]]}
        self.root_intents = intents
        self.heap = [(_rank(root), 0, root, None)]
        self.best = (_rank(root), None)


def _coarse(st, draw3: bool = False):
    """The key of a progress board in :class:`_StageLane`: the face-down cards of each column
    and the talon, as bytes (the face-up cards' arrangement left out). In draw 1 the
    foundations are left out too (the lane keeps the foundations met under each key, see
    :func:`_more_home`); with ``draw3`` they are part of the key: the key
    leaves out the waste position ``p``, which matters in draw 3, and there the boards met
    again with other foundations were measured to matter (deals 201-400 at 2 s lost 4 wins
    without them)."""
    cols, T, _, f, _ = st
    if draw3:
        return b"\xff".join(sorted([b[:1 + b[0]] for b in cols])) + b"\xfe" + T + bytes(f)
    return b"\xff".join(sorted([b[:1 + b[0]] for b in cols])) + b"\xfe" + T


def _more_home(fs, f) -> bool:
    """Whether the foundations ``f`` (cards home per suit, a 4-tuple of ints) have, suit by suit,
    at least as many cards home as some tuple of ``fs`` (the foundations a progress board with the
    same :func:`_coarse` key was met with): :class:`_StageLane` then leaves the board out. A
    heuristic of the win-finding lane, like the key itself (it never answers "unsolvable"): the
    board met has the same face-down cards and talon, and the extra cards of ``f`` are still
    face up in its columns, from where they may yet go home."""
    for g in fs:
        if g[0] <= f[0] and g[1] <= f[1] and g[2] <= f[2] and g[3] <= f[3]:
            return True
    return False


def _rank(st):
    """The order of :class:`_StageLane`'s frontier (lowest first): 2 × face-down cards −
    foundation cards (tuned on 50 unknown deals: face-down cards alone, or with the talon size
    second, found fewer wins)."""
    cols, _, _, f, _ = st
    return 2 * sum(b[0] for b in cols) - sum(f)


class _Won(Exception):
    """A rollout met a win: ``path``, the intents from the board its local search started at."""

    def __init__(self, path):
        super().__init__()
        self.path = path


class _RolloutLane:
    """The rollout lane: *nested rollouts* (Yan, Diaconis, Rusmevichientong & Van Roy,
    "Solitaire: Man versus Machine", NIPS 2004; Cazenave's Nested Monte-Carlo Search, IJCAI 2009,
    made deterministic) over the *progress boards* of :class:`_StageLane` — a card just turned face
    up or a talon card just out of the talon, so each step lowers face-down plus talon cards and a
    rollout is at most 45 steps. A board's *children* are the progress boards a depth-first search
    of ``local`` nodes from it meets (one per :func:`_coarse` key and waste position, pending moves
    dropped), best :meth:`score` first; they are kept by board (:func:`_exact`), in a store the
    lanes with the same ``local`` share (the same children, each lane ordering them by its score).
    A level-0 rollout takes the best child until none is left; at level n every
    child is tried with a level n−1 rollout and the step goes to the child whose rollout ended best,
    the best sequence met so far being kept and followed when no child does better (NMCS's
    memorisation). The lane runs levels 0, 1, 2, … from the root, each to its end; a win met
    anywhere is the answer (replayed through the rules like every other). It may miss wins, so it
    never answers "unsolvable"; a level that meets no new board ends it (it leaves the portfolio).
    Nodes: each node of a local search, and an eighth of one for each step onto a board whose
    children are known (measured on #391: 2 µs a step, 14 µs a node of the local searches).

    ``score``: ``"rank"`` ranks an end by 2 × face-down cards − foundation cards (:func:`_rank`),
    then by talon cards left; ``"talon"`` by 2 × face-down cards + talon cards − foundation cards.
    No randomness: the same position gives the same line."""

    __slots__ = ("pb", "weight", "complete", "nodes", "local", "talon", "kids", "met", "root", "root_intents",
                 "trail", "run_gen", "win", "dead", "steps")
    KIDS_MAX = 1 << 17  # boards whose children are kept (cleared when full: the same children are made again)

    def __init__(self, pb: _Problem, root, intents, weight: float, local: int, score: str, kids: dict):
        self.pb, self.weight, self.complete = pb, weight, False
        self.nodes = 0
        self.local, self.talon = local, score == "talon"
        # board key -> [its children (score, index, board, key, intents) as met, those best first by
        # "rank", by "talon"]: shared by the lanes with the same local searches (the same children)
        self.kids = kids
        self.met: set = set()  # the boards this lane has stepped onto
        self.steps = 0  # steps onto boards whose children were known
        self.dead: dict = {}  # rule 5's answers (the solver's, given to run)
        self.root = (root, _exact(root))
        self.root_intents = intents
        self.trail: list = []  # the intents of each step from the root to the board being searched
        self.run_gen = self._deepen()
        self.win = None  # the winning intents, from the start, once found

    def score(self, st) -> tuple:
        """How far a rollout got to ``st`` (higher is better)."""
        cols, T, _, f, _ = st
        d = cols[0][0] + cols[1][0] + cols[2][0] + cols[3][0] + cols[4][0] + cols[5][0] + cols[6][0]
        if self.talon:
            return sum(f) - 2 * d - len(T), 0
        return sum(f) - 2 * d, -len(T)

    def run(self, budget: int, dead: dict) -> str | None:
        """Search about ``budget`` nodes (whole local searches: it may overrun by ``local``):
        ``None`` (budget spent), ``SOLVED`` (``win`` holds the line's intents) or ``UNSOLVABLE``
        (the lane is done: it proves nothing)."""
        n0 = self.nodes
        gen = self.run_gen
        self.dead = dead
        try:
            while self.nodes - n0 < budget:
                if next(gen, True) is True:
                    return UNSOLVABLE
        except _Won as w:
            self.win = list(self.root_intents) + [x for part in self.trail for x in part] + list(w.path)
            return SOLVED
        return None

    def _deepen(self):
        """Levels 0, 1, 2, … of the nested rollout from the root (a generator: it yields after
        each unit of work)."""
        level = 0
        while True:
            n0 = len(self.met)
            yield from self._roll(self.root, level)
            if len(self.met) == n0 and level:  # no new board: a deeper level would meet none either
                return
            level += 1

    def _roll(self, node, level: int):
        """A level-``level`` rollout from ``node`` (``(board, key, …)``), a generator returning
        ``(score of its end, [the children it stepped to])``; the intents of its steps are pushed
        on ``trail`` as it goes (and taken off at its end), so a win knows its whole line."""
        trail = self.trail
        base = len(trail)
        kids, met, view = self.kids, self.met, 1 + self.talon
        seq = []
        best = None  # (score, the children to step to): the best rollout met from here (memorised)
        st, k = node[0], node[1]
        while True:
            entry = kids.get(k)
            if entry is None:
                if len(kids) >= self.KIDS_MAX:
                    kids.clear()
                entry = kids[k] = [_rollout_children(self, st, k), None, None]
            else:  # a step onto known children: an eighth of a node (about what it costs)
                self.steps += 1
                if not self.steps & 7:
                    self.nodes += 1
            got = entry[view]
            if got is None:
                i = view - 1
                got = entry[view] = [(e[2], e[3], e[4]) for e in sorted(entry[0], key=lambda e: (e[0][i], e[1]))]
            if k not in met:
                met.add(k)
            yield
            if not got:
                del trail[base:]
                return self.score(st), seq
            if level == 0:
                choice = got[0]
            else:
                for kid in got:
                    trail.append(kid[2])
                    sc, rest = yield from self._roll(kid, level - 1)
                    trail.pop()
                    if best is None or sc > best[0]:
                        best = (sc, [kid] + rest)
                choice = best[1][0]
                best = (best[0], best[1][1:])
            seq.append(choice)
            trail.append(choice[2])
            st, k = choice[0], choice[1]


def _rollout_children(lane: _RolloutLane, st, k0):
    """The children of board ``st`` in :class:`_RolloutLane` ``lane``, as met: ``[(scores, index,
    child, its key, intents)]`` (:func:`_scores`, :func:`_exact`); the nodes of the local search
    are counted on ``lane``. Raises :class:`_Won` when the local search meets a win."""
    pb = lane.pb
    key, apply, moves, won = pb.key, pb.apply, pb.moves, pb.won
    dead = lane.dead
    draw3 = pb.draw == 3
    d0, t0len = sum(b[0] for b in st[0]), len(st[1])
    local = {key(st): [()]}
    stack = [[st, moves(st), 0, ()]]
    n = 0
    nmax = lane.local
    out = []
    met = set()
    while stack and n < nmax:
        top = stack[-1]
        ms, i, cur = top[1], top[2], top[0]
        pushed = False
        nm = len(ms)
        while i < nm:
            nxt = apply(cur, ms[i])
            i += 1
            if nxt is None:
                continue
            nxt, intents = nxt
            k = key(nxt)
            P = nxt[4]
            done = local.get(k)
            if done is None:
                local[k] = [P]
            elif not done[0] or _dominated(done, P):
                continue
            n += 1
            top[2] = i
            if not nxt[1] and won(nxt):
                lane.nodes += n
                raise _Won(tuple(x for e in stack[1:] for x in e[3]) + tuple(intents))
            cols = nxt[0]
            if len(nxt[1]) < t0len or sum(b[0] for b in cols) < d0:  # progress
                J = b"\xff".join(sorted(cols))
                lost = dead.get(J)
                if lost is None:
                    lost = dead[J] = blocked(cols, nxt[3])
                if not lost:
                    ck = _coarse(nxt, True) + DOWN[nxt[2]] if draw3 else _coarse(nxt)
                    if ck not in met:
                        met.add(ck)
                        child = nxt[:4] + ((),)
                        out.append((_scores(child), len(out), child, _exact(child),
                                    tuple(x for e in stack[1:] for x in e[3]) + tuple(intents)))
                continue
            if not P:  # rule 5
                J = b"\xff".join(sorted(cols))
                lost = dead.get(J)
                if lost is None:
                    lost = dead[J] = blocked(cols, nxt[3])
                if lost:
                    continue
            pushed = True
            if n >= nmax:
                break
            stack.append([nxt, moves(nxt), 0, intents])
            break
        if not pushed:
            top[2] = i
            stack.pop()
    lane.nodes += n
    return out


def _exact(st) -> bytes:
    """A board's key in :class:`_RolloutLane`'s store of children: the columns in their order (a
    child's intents name columns by index, so boards whose columns are the same in another order
    are not the same board there), the talon and the waste position."""
    cols, T, p, _, _ = st
    return b"\xff".join(cols) + b"\xfe" + T + DOWN[p]


def _scores(st) -> tuple:
    """A board's sort keys among its siblings in :class:`_RolloutLane` (lowest first): by
    ``"rank"``, 2 × face-down cards − foundation cards, then talon cards; by ``"talon"``, 2 ×
    face-down cards + talon cards − foundation cards."""
    cols, T, _, f, _ = st
    r = 2 * (cols[0][0] + cols[1][0] + cols[2][0] + cols[3][0] + cols[4][0] + cols[5][0] + cols[6][0]) - sum(f)
    return (r, len(T)), r + len(T)


class KlondikeSolver(Sliced):
    """A resumable depth-first search for thoughtful Klondike (sees face-down cards; see the
    module docstring). Same interface as :class:`~games.solvers.search.Search`: :meth:`step`,
    :meth:`run`, ``result`` (a :class:`~games.solvers.search.Result`: ``solved`` with the moves
    in CONTRACT notation, replayed to a win by :class:`~games.klondike.Klondike`; ``unsolvable``
    when the reachable space, pruned as in the module docstring, is exhausted; ``unknown`` when
    the budget ran out).

    A *portfolio* of depth-first searches run side by side (*lanes*, each with its own visited
    set), interleaved by nodes: the lane that generated the fewest nodes for its weight goes
    next, for ``QUANTUM`` nodes. The lanes are the streamliners (in Solvitaire's sense) of
    ``STREAMLINERS`` (draw 3) or ``STREAMLINERS_DRAW1`` — ``(weight, partial, back, chains,
    draw3)``: part of a run moving only to send the card it uncovers home unless ``partial``,
    foundation cards coming back only with ``back``, a talon card going onto a talon card just
    put down only with ``chains``, and with ``draw3`` (in draw 1) the talon reached as in draw 3
    (a draw-3 win is a draw-1 win: every talon card is reachable in draw 1; its intents name the
    cards, so they replay in draw 1) — and the complete search (rules 1–4 of the module
    docstring, weight ``COMPLETE_WEIGHT``). A streamliner whose space runs dry simply leaves the
    portfolio; the first win of any lane is the answer, and only the complete search can answer
    ``unsolvable`` (or rule 5, at the root, before any search, or the proof lane: the abstract game
    of :mod:`games.solvers.klondike_proof`, weight ``PROOF``, ``None`` leaves it out; one abstract
    state counts as a node; it leaves the portfolio when it proves nothing). The progress lane
    (:class:`_StageLane`, weight ``STAGE[0]``, local searches of ``LOCAL`` nodes; ``STAGE = None``
    leaves it out) runs beside them, and a second one whose rank ties go last met first (weight
    ``STAGE2[0]``; ``STAGE2 = None`` leaves it out); they run whole local searches, so they may
    exceed a turn by up to ``LOCAL`` nodes (the same amount however the run is sliced). In draw 1,
    the progress lanes of ``STAGE_DRAW3`` (``(weight, lifo)`` each) search the talon reached as in
    draw 3 and join once ``LATE`` nodes are spent (at a lane's turn); in draw 3 the exact-talon proof
    lane (weight ``PROOF3``) joins then, and the progress lanes' weight becomes ``STAGE_LATE3``
    (``None``: unchanged). The schedule
    counts nodes, not seconds, so slicing gives the same answer as one run.

    :param state: the position to solve from (a :class:`~games.klondike.KlondikeState`).
    :param max_nodes: budget of positions generated (``None``: unlimited).
    :param timeout: budget in seconds of search, summed over the slices (``None``: none), read on
        ``clock`` (:data:`games.core.Clock`).
    """

    STREAMLINERS = ((1.0, False, False, False, False), (1.0, False, True, True, False))
    STREAMLINERS_DRAW1 = ((1.0, False, False, False, False), (1.0, False, False, False, True),
                          (1.0, False, True, True, False))
    COMPLETE_WEIGHT = 1.0
    QUANTUM = 256
    STAGE = (2.0, True)  # the progress lane (_StageLane): (weight, partial runs allowed), or None
    STAGE2 = (2.0, True)  # a second progress lane, ties of the rank last met first: (weight, partial) or None
    STAGE_DRAW3 = ((2.0, False), (2.0, True))  # draw 1 only: progress lanes over the draw-3 talon, (weight, lifo)
    # draw 3 only: weight of the proof lane with the talon kept exactly (klondike_proof.Abstract3), or None,
    # and the progress lanes' weight from then on (STAGE_LATE3; None: STAGE[0] and STAGE2[0] stay). A lane
    # that joins, or is weighted up, runs until its nodes per weight catch up with the others', so these
    # weights set the shares of all the nodes after LATE. After LATE the progress lanes find most draw-3
    # wins (11 of 13 measured) and the exact-talon lane the proofs; on a won deal that lane may run
    # 0.7-0.9 M states before it reaches its goal and leaves, and with 16 against the progress lanes' 2 + 2
    # it left them a fifth of the nodes and lost wins (docs/solvers.md, item 4, "Session 13"). 8 + 8
    # against 8 and the others' 3 (7 while the draw-1 proof lane runs): about 60 % of the nodes to the
    # progress lanes and 30 % to it.
    PROOF3 = 8.0
    STAGE_LATE3 = 8.0
    LATE = 300_000  # nodes spent before the STAGE_DRAW3 and PROOF3 lanes join (the app's hint budget: a hint's search is unchanged)
    LOCAL = 10  # nodes of its local searches
    PROOF = 4.0  # weight of the proof lane (games/solvers/klondike_proof.py), or None
    # rollout lanes from ROLLOUT_AT nodes, or (None) see _rollouts_after
    ROLLOUTS: tuple = ((1.0, 10, "rank"), (1.0, 20, "rank"), (2.0, 20, "talon"))
    ROLLOUT_AT: int | None = None
    ROLLOUT_DRAWS: tuple = (3,)
    # draw 3: the exact-talon lane's watch (depth, states) or None, and the weights when it fires (_deep3)
    DEEP3: tuple | None = (95, 10_000)
    DEEP3_WEIGHTS: tuple = (4.0, 4.0)
    # while the exact-talon lane searches on after its watch fired: (progress lanes' weight, rollout
    # lanes' factor, its own weight, the draw-1 proof lane's weight if it is still searching) — the
    # 8 + 8 + 8 of the progress lanes and it split anew as 2 + 2, 14 and 6, and the draw-1 proof
    # lane from 4 to 8 (of the deals measured it searches at the watch only on #669, which it proves
    # lost: the exact-talon lane's states cost it its 30 s); None: it leaves at once (DEEP3_WEIGHTS)
    DEEP3_STAY: tuple | None = (2.0, 3.5, 6.0, 8.0)
    KINGS3 = False  # the exact-talon lane's Abstract3(kings=...): see the module docstring
    EARLY3: tuple | None = (30_000, 4.0, 1.5)  # draw 3: see _early3
    SIGN3: tuple | None = (0, 2_000, 8, 20_000, None)  # draw 3: see _sign3
    _proof3 = _sign3 = None
    _stayed = False  # the watch fired and the exact-talon lane stayed (DEEP3_STAY)

    def __init__(self, state: KlondikeState, max_nodes: int | None = None, timeout: float | None = None,
                 clock: Clock = time.perf_counter):
        self.start = state
        self.max_nodes, self.timeout, self.clock = max_nodes, timeout, clock
        self.nodes = 0
        self.seconds = 0.0
        self.result: Result | None = None
        self._lane: _Lane | None = None
        self._left = 0  # nodes left in the current lane's quantum
        self.lanes: list[_Lane] = []
        self._dead: dict[bytes, bool] = {}  # rule 5's answers by the sorted columns (all it reads)
        self._line: _Line | None = None  # the winning line being made, once a lane has won
        if sum(state.foundations) == 52:
            self._finish(SOLVED, [])
            return
        phases = self.STREAMLINERS_DRAW1 if state.draw == 1 else self.STREAMLINERS
        for ph in list(phases) + [None]:
            pb = _Problem(3 if ph is not None and ph[4] else state.draw)
            if ph is not None:
                _, pb.partial, pb.back, pb.chains, _ = ph
            cols, T, p, f = pb.from_rules(state)
            cols, f, intents = list(cols), list(f), []
            p = pb._auto(cols, T, p, f, intents)
            if isinstance(p, tuple):
                T, p = p
            root = (tuple(cols), T, p, tuple(f), ())
            if ph is None and blocked(root[0], root[3]):
                self._finish(UNSOLVABLE)
                return
            if pb.won(root):
                self._stack = [[root, [], 0, intents]]
                self._solution()
                self._make_line(None)  # a handful of moves: made at once
                return
            lane = _Lane(pb, root, intents, self.COMPLETE_WEIGHT if ph is None else ph[0], ph is None)
            self.lanes.append(lane)
        if self.STAGE is not None:
            pb = _Problem(state.draw, self.STAGE[1])
            self.lanes.append(_StageLane(pb, self.lanes[-1].stack[0][0], self.lanes[-1].stack[0][3], self.STAGE[0]))
        if self.STAGE2 is not None:
            pb = _Problem(state.draw, self.STAGE2[1])
            complete = self.lanes[len(phases)]
            self.lanes.append(_StageLane(pb, complete.stack[0][0], complete.stack[0][3], self.STAGE2[0], True))
        self._late: list = []  # lanes that join once LATE nodes are spent
        if state.draw == 1:  # progress lanes over the talon reached as in draw 3 (its wins are draw-1 wins)
            for weight, lifo in self.STAGE_DRAW3:
                pb = _Problem(3)
                cols, T, p, f = pb.from_rules(state)
                cols, f, intents = list(cols), list(f), []
                p = pb._auto(cols, T, p, f, intents)
                if isinstance(p, tuple):
                    T, p = p
                self._late.append(_StageLane(pb, (tuple(cols), T, p, tuple(f), ()), intents, weight, lifo))
        if self.PROOF is not None:  # the abstract game's proof of loss (klondike_proof.py)
            root = self.lanes[len(phases)].stack[0][0]
            self.lanes.append(ProofLane(Abstract(root[0], root[1], root[3]), self.PROOF))
        if state.draw == 3 and self.PROOF3 is not None:  # the same with draw 3's own talon
            root = self.lanes[len(phases)].stack[0][0]
            self._proof3 = ProofLane3(Abstract3(root[0], root[1], root[2], root[3], self.KINGS3), self.PROOF3, self.DEEP3)
            self._late.append(self._proof3)
        self._rollouts = _rollout_lanes(self, self.lanes[len(phases)].stack[0])
        if self.ROLLOUT_AT == 0:
            self.lanes += self._rollouts
            self._rollouts = []
        # lanes whose weight changes once LATE nodes are spent: draw 3's progress lanes (STAGE_LATE3)
        self._reweigh = [(x, self.STAGE_LATE3) for x in self.lanes
                         if x.__class__ is _StageLane] if state.draw == 3 and self.STAGE_LATE3 is not None else []
        self._early = _early3(self, state.draw)

    def _step(self, budget: int, t0: float) -> Result | None:
        if self._line is not None:  # a win found: its line is being made
            return self._make_line(budget)
        while budget > 0:
            lane = self._lane
            if lane is None or self._left <= 0:
                if self._rollouts and self.ROLLOUT_AT is not None and self.nodes >= self.ROLLOUT_AT:
                    self.lanes += self._rollouts
                    self._rollouts = []
                if 0 < self._early <= self.nodes:  # EARLY3's window ends
                    self._early = _early3(self)
                if self._sign3 is not None and (x := _sign3(self, budget, t0)):
                    if x[1]:
                        return self._finish(x[1])
                    budget -= x[0]
                    continue
                if (self._late or self._reweigh) and self.nodes >= self.LATE:
                    self.lanes += self._late
                    self._late = []
                    for x, w in self._reweigh:
                        x.weight = w
                    self._reweigh = []
                if not self.lanes:  # every lane left without an answer (only when the complete search is left out)
                    return self._finish(UNKNOWN)
                lane = self._lane = min(self.lanes, key=_load)
                self._left = self.QUANTUM
            n = min(budget, self._left)
            n0 = self.nodes
            if lane.__class__ is _Lane:
                status = self._dfs(lane, n, t0)
            elif lane.__class__ is _StageLane:
                status = self._stage(lane, n, t0)
            elif lane.__class__ is _RolloutLane:
                status = _run_rollout(self, lane, n, t0)
            else:
                status = _run_proof(self, lane, n, t0)
            used = self.nodes - n0
            budget -= max(used, 1) * lane.unit
            self._left -= max(used, 1)
            if status is None:
                continue
            if status == SOLVED:  # the line is made with what is left of the budget, then in later steps
                return self._make_line(budget)
            if status == UNKNOWN:
                return self._finish(UNKNOWN)
            if lane.complete:  # the complete space exhausted
                return self._finish(UNSOLVABLE)
            self.lanes.remove(lane)  # a streamliner's space ran dry
            self._lane = None
            _lane_left(self, lane)
        return None

    def _dfs(self, lane: _Lane, budget: int, t0: float) -> str | None:
        """Search ``lane`` for ``budget`` nodes: ``None`` (budget spent), ``SOLVED``, ``UNSOLVABLE``
        (its space exhausted) or ``UNKNOWN`` (the solver's budget spent)."""
        pb, stack, seen, dead = lane.pb, lane.stack, lane.seen, self._dead
        apply, moves, won = pb.apply, pb.moves, pb.won
        sep, draw3 = b"\xfe", pb.draw == 3
        limit, timeout = self.max_nodes, self.timeout
        nodes = self.nodes
        try:
            while stack:
                if budget <= 0:
                    return None
                top = stack[-1]
                ms = top[1]
                i = top[2]
                st = top[0]
                pushed = False
                nm = len(ms)
                while i < nm:
                    nxt = apply(st, ms[i])
                    i += 1
                    if nxt is None:
                        continue
                    nxt, intents = nxt
                    J = b"\xff".join(sorted(nxt[0]))
                    k = J + sep + nxt[1]  # key(nxt) less the waste position, written out
                    P = nxt[4]
                    if draw3:  # boards with a waste position that reaches fewer talon cards are dominated
                        q = nxt[2]
                        c = 0 if q % 3 == 0 or q == len(nxt[1]) else q  # _talon_class
                        done = seen.get(k)
                        if done is None:
                            seen[k] = [(c, P)]
                        elif _dominated3(done, c, P):
                            continue
                    else:
                        done = seen.get(k)  # _searched(seen, k, P), its common case written out
                        if done is None:
                            seen[k] = [P]
                        elif not done[0] or _dominated(done, P):  # () is a subset of every P
                            continue
                    budget -= 1
                    nodes += 1
                    top[2] = i
                    if not P:  # rule 5: _dead(dead, nxt[0], nxt[3]), written out (keyed by the columns)
                        lost = dead.get(J)
                        if lost is None:
                            lost = dead[J] = blocked(nxt[0], nxt[3])
                        if lost:
                            continue
                    if not nxt[1] and won(nxt):  # (a win needs an empty talon)
                        stack.append([nxt, [], 0, intents])
                        lane.nodes += nodes - self.nodes
                        self.nodes = nodes
                        self._stack = stack
                        self._solution()
                        return SOLVED
                    stack.append([nxt, moves(nxt), 0, intents])
                    pushed = True
                    break
                if not pushed:
                    stack.pop()
                if limit is not None and nodes >= limit:
                    return UNKNOWN
                if timeout is not None and (nodes & 255) == 0 and \
                        self.seconds + self.clock() - t0 > timeout:
                    return UNKNOWN
            return UNSOLVABLE
        finally:
            lane.nodes += nodes - self.nodes
            self.nodes = nodes

    def _stage(self, lane: _StageLane, budget: int, t0: float) -> str | None:
        """Run ``lane`` (the win-finding lane) for at least ``budget`` nodes, a whole local search
        at a time: ``None`` (budget spent), ``SOLVED``, ``UNSOLVABLE`` (its frontier ran dry: it
        proves nothing) or ``UNKNOWN`` (the solver's budget spent)."""
        pb, heap, seen, dead = lane.pb, lane.heap, lane.seen, self._dead
        key, apply, moves, won = pb.key, pb.apply, pb.moves, pb.won
        sep, draw3 = b"\xfe", pb.draw == 3
        limit, timeout, local_max = self.max_nodes, self.timeout, self.LOCAL
        nodes = self.nodes
        try:
            while heap:
                if budget <= 0:
                    return None
                _, _, st, link = heappop(heap)
                d0, t0len = sum(b[0] for b in st[0]), len(st[1])
                local = {key(st): [()]}
                stack = [[st, moves(st), 0, ()]]
                n = 0
                while stack and n < local_max:
                    top = stack[-1]
                    ms, i, cur = top[1], top[2], top[0]
                    pushed = False
                    nm = len(ms)
                    while i < nm:
                        nxt = apply(cur, ms[i])
                        i += 1
                        if nxt is None:
                            continue
                        nxt, intents = nxt
                        J = b"\xff".join(sorted(nxt[0]))
                        k = J + sep + nxt[1]  # key(nxt), written out
                        if draw3:
                            k += bytes((nxt[2],))
                        P = nxt[4]
                        done = local.get(k)  # _searched(local, k, P), its common case written out
                        if done is None:
                            local[k] = [P]
                        elif not done[0] or _dominated(done, P):  # () is a subset of every P
                            continue
                        n += 1
                        nodes += 1
                        top[2] = i
                        if not nxt[1] and won(nxt):
                            path = [x for e in stack[1:] for x in e[3]] + intents
                            chain = [path]
                            while link is not None:
                                link, part = link
                                chain.append(part)
                            chain.append(lane.root_intents)
                            lane.nodes += nodes - self.nodes
                            self.nodes = nodes
                            self._stack = [[None, [], 0, part] for part in reversed(chain)]
                            self._solution()
                            return SOLVED
                        cols = nxt[0]
                        if len(nxt[1]) < t0len or (cols[0][0] + cols[1][0] + cols[2][0] + cols[3][0] + cols[4][0]
                                                   + cols[5][0] + cols[6][0]) < d0:  # progress
                            ck = _coarse(nxt, draw3)
                            fs = seen.get(ck)
                            if fs is None or not _more_home(fs, nxt[3]):
                                if fs is None:
                                    seen[ck] = [nxt[3]]
                                else:
                                    fs.append(nxt[3])
                                lost = dead.get(J)  # _dead(dead, cols, nxt[3]), written out
                                if lost is None:
                                    lost = dead[J] = blocked(cols, nxt[3])
                                if not lost:
                                    lane.count += 1
                                    path = tuple(x for e in stack[1:] for x in e[3]) + tuple(intents)
                                    r = _rank(nxt)
                                    heappush(heap, (r, lane.count * lane.tie, nxt[:4] + ((),), (link, path)))
                                    if r < lane.best[0]:
                                        lane.best = (r, (link, path))
                            continue
                        if not P:  # rule 5, as above
                            lost = dead.get(J)
                            if lost is None:
                                lost = dead[J] = blocked(cols, nxt[3])
                            if lost:
                                continue
                        pushed = True
                        if n >= local_max:  # the local search ends here: its moves would never be read
                            break
                        stack.append([nxt, moves(nxt), 0, intents])
                        break
                    if not pushed:
                        top[2] = i
                        stack.pop()
                budget -= n
                if limit is not None and nodes >= limit:
                    return UNKNOWN
                if timeout is not None and (nodes >> 8) != ((nodes - n) >> 8) and \
                        self.seconds + self.clock() - t0 > timeout:  # the clock read once in 256 nodes, as in _dfs
                    return UNKNOWN
            return UNSOLVABLE
        finally:
            lane.nodes += nodes - self.nodes
            self.nodes = nodes

    def progress_line(self, whole: bool = False) -> list[str] | None:
        """The first move (``whole``: all the moves) of a line to the best progress board the
        progress lanes have met, when it ranks better than the start (:func:`_rank`: 2 ×
        face-down cards − foundation cards, lower is better, so the line turns cards up or sends
        them home), or ``None``. For a hint the search did not finish in time
        (:meth:`games.solvers.search.Sliced.progress_line`): the line is real — every step a
        legal move — but nothing says it leads to a win. Once the search is over only the first
        move is kept (with ``unknown``)."""
        if self.result is not None:
            return self._progress
        s = self.start
        if self._line is not None:  # a win found, its line not yet made: that line
            intents = self._line.intents
        else:
            best = (2 * sum(s.down) - sum(s.foundations), None)
            for lane in self.lanes:
                if lane.__class__ is _StageLane and lane.best[0] < best[0]:
                    best = (lane.best[0], lane)
            lane = best[1]
            if lane is None:
                return None
            link, chain = lane.best[1], []
            while link is not None:
                link, part = link
                chain.append(part)
            chain.append(lane.root_intents)
            intents = [x for part in reversed(chain) for x in part]
        if whole:
            return intents_to_moves(s, intents)
        kind, card, _ = intents[0]
        if kind == K_TALON and not (s.waste and s.waste[-1] == card):
            return ["s"]  # the card is fetched from the talon: a draw (or the recycle) comes first
        return intents_to_moves(s, intents[:1])[:1]  # the first intent's moves only: a hint's move

    def _finish(self, status: str, moves: list[str] | None = None) -> Result:
        self._progress = _ended(self, status)  # before the lanes go
        self._line = None
        self.lanes = []  # the search is over: free its memory
        self._late = []
        self._reweigh = []
        self._rollouts = []
        self._dead = {}
        self._lane = None
        self._stack = []
        return super()._finish(status, moves)

    def _solution(self) -> None:
        """A lane has won: its intents (on ``_stack``) are kept, to be made into moves by
        :meth:`_make_line`."""
        self._line = _Line(self.start, [x for entry in self._stack for x in entry[3]])

    def _make_line(self, budget: int | None) -> Result | None:
        """Make the winning line's moves through the rules, ``budget`` units of it (MOVE_STEP a
        move; ``None``: all of it): the answer once it is
        made and found to win, else ``None`` (the next step goes on). A line is 100-200 moves,
        2-3 ms natively: made in one piece it ran the app's slice that found it past its end."""
        line = self._line
        if not line.make(budget):
            return None
        if Klondike.status(line.state) != "won":
            raise AssertionError(f"solver found a solution that does not replay: {line.moves}")
        self._line = None
        return self._finish(SOLVED, line.moves)


def _rollout_lanes(self: KlondikeSolver, root: list) -> list:
    """The rollout lanes of ``ROLLOUTS`` for :class:`KlondikeSolver` ``self`` (none in a draw not in
    ``ROLLOUT_DRAWS``), from the complete search's root entry ``root``; the lanes with the same
    local searches share one store of children."""
    stores: dict[int, dict] = {}
    draw = self.start.draw
    return [_RolloutLane(_Problem(draw, True), root[0], root[3], weight, local, score, stores.setdefault(local, {}))
            for weight, local, score in (self.ROLLOUTS if draw in self.ROLLOUT_DRAWS else ())]


def _rollouts_after(self: KlondikeSolver, lane) -> None:
    """:class:`KlondikeSolver` ``self``'s rollout lanes after ``lane`` left its portfolio, with
    ``ROLLOUT_AT = None`` (otherwise they join at a node count, and this does nothing). When the
    exact-talon lane (``_proof3``) leaves, it has reached its goal, so it proves nothing — on the draw-3 deals measured, only on won ones —: the rollout lanes join
    (ROLLOUTS' 1 + 1 + 2 against its 8, half its share: its whole 8 cost an answered deal) and, like
    any lane that joins, run until their nodes per weight catch up. While it searches they stay out,
    so its proofs keep every node. When the last progress lane leaves (its frontier ran dry), the
    rollout lanes, over the same progress boards, leave too (they never prove anything), and do not
    join after it: their share goes back to the depth-first lanes. docs/solvers.md, item 4,
    "Session 16"."""
    if self.ROLLOUT_AT is not None:
        return
    stages = any(x.__class__ is _StageLane for x in self.lanes)
    if lane is self._proof3:
        if self._stayed and lane not in self.lanes:
            _deep3_left(self)
        if stages:
            self.lanes += self._rollouts
        self._rollouts = []
    elif lane.__class__ is _StageLane and not stages:
        self.lanes = [x for x in self.lanes if x.__class__ is not _RolloutLane]
        self._rollouts = []


def _early3(self: KlondikeSolver, draw: int | None = None) -> int:
    """:class:`KlondikeSolver` ``self``'s early window (``EARLY3``): with ``draw`` (its
    ``__init__``), in draw 3 the progress lanes take ``EARLY3[1:]`` as weights; without (the
    window's end, at the first turn after ``EARLY3[0]`` nodes, or ``LATE`` if sooner) they take
    ``STAGE[0]`` and ``STAGE2[0]`` again (told apart by their ties: ``STAGE2``'s are last met first).
    :returns: the nodes at which the window ends, 0 when none is open. With ``draw`` 3 it also arms
    :func:`_sign3` (here rather than in ``__init__``, whose class is compiled whole in one frame).

    Why: the first progress lane wins most draw-3 hints that need more than a few thousand nodes
    (9 of the 19 positions of ``bench/solvers.py``'s 60 answered after 1 500 nodes; 4 the second
    one's). 4 + 1.5 against 2 + 2 gets them there sooner (position 16: 9 996 -> 6 121 nodes), the
    other lanes' shares x11/12.5 meanwhile (x7/8.5 once the draw-1 proof lane has left). When the
    window ends, the lanes weighted down run until their nodes per weight catch up, so a search that
    runs well past it is node for node the one without it: item 4's 30 s searches change only where
    they answer within their first ~40 000 nodes (measured: docs/solvers.md, item 1, "Session 20").
    A module function, as :func:`_run_rollout`: the class is compiled whole in one frame of the page
    (ui/imports.py)."""
    stages = [x for x in self.lanes if x.__class__ is _StageLane]
    if draw is None:
        for x in stages:
            x.weight = self.STAGE[0] if x.tie > 0 else self.STAGE2[0]
        return 0
    if draw == 3 and self.SIGN3 is not None:
        self._sign3 = 0
    if draw != 3 or self.EARLY3 is None:
        return 0
    for x in stages:
        x.weight = self.EARLY3[1] if x.tie > 0 else self.EARLY3[2]
    return min(self.EARLY3[0], self.LATE)


KlondikeSolver.SIGN3_LATE = (12_000, 40_000)
"""Draw 3: :func:`_sign3`'s late sign, ``(since, states)`` (``None``: none). A class attribute set
here rather than in the class, whose source the page compiles whole in one frame (ui/imports.py)."""


def _sign3(self: KlondikeSolver, budget: int, t0: float):
    """The early exact-talon game of :class:`KlondikeSolver` ``self`` (draw 3, ``SIGN3 = (since,
    at, down, states, share)``): at the first turn after ``since`` nodes at which the draw-1 proof
    lane has left (its game reached its goal), if that comes by the first turn after ``at`` nodes
    and no board the depth-first and progress lanes have met has fewer than ``down`` face-down
    cards (a search stuck behind the same cards), the exact-talon game with the kings' rule
    (:class:`~games.solvers.klondike_proof.Abstract3`, ``kings`` True) runs beside the search until
    it proves the position lost, reaches its goal or has spent ``states`` states: ``share`` states
    for each node the search makes from then on (and a quantum's worth at once), or with ``share``
    ``None`` alone, the search waiting (``8 * QUANTUM`` states a call, so the time budget is read
    between them). Its states are not nodes: the other lanes search node for node as without it,
    each answer they give comes at the same node, and it costs them at most ``states`` states of
    CPU. Called at each turn; ``self._sign3`` is 0 (armed), ``(lane, nodes when it began, its
    states at most, share)`` while it runs, ``[lane or None]`` while it waits for the late sign, or
    ``None`` (off).

    The late sign (``SIGN3_LATE = (since, states)``; ``None``: none): a search the sign did not
    mark, or whose game spent its ``states`` without an answer, is still open at the first turn
    after ``SIGN3_LATE[0]`` nodes; if the draw-1 proof lane has left by then, the same game runs
    alone (from where it stopped, if it ran) until it proves the position lost, reaches its goal
    or has spent ``SIGN3_LATE[1]`` states in all. Not when that game reached its goal (the same
    game: it would prove nothing).

    ``budget``: units of the caller's step; each state takes :data:`PROOF_STEP` of them.

    :returns: ``None`` when it did not run, else ``(units it took: states it ran × PROOF_STEP,
        status)``: ``UNSOLVABLE`` (its game proved the position lost), ``UNKNOWN`` (the solver's
        time ran out) or ``None``.

    Why: position 15 of ``bench/solvers.py`` (draw 3) is lost, but the draw-1 game reaches its goal
    and the exact-talon lane joins only at ``LATE``; this game proves it in 13 196 states. Fit on
    ``bench/solvers.py``'s draw-3 positions 1-200, checked on 201-400 (``bench/klondike_signal3.py``;
    docs/solvers.md, item 1, "Session 22" and "Session 23"): the draw-1 lane leaves at its first
    turn, near 1 300 nodes, on most of them; then, with ``down`` 8, the sign marks 15 (9 face-down
    cards at least) and the won positions still open whose game reaches its goal within 39-1 478
    states but on two (187: 9 698, 378: 13 150), which pay it whatever the share. Alone, the game
    proves 15 at the sign's node rather than ~1 650 nodes later. The late sign: held-out position 35
    is lost the same way (won in draw 1), but its search meets boards with 4 face-down cards, so the
    sign leaves it; the game proves it in 31 925 states. A hint still open after 12 000 nodes is
    past its 0.3 s in Pyodide already (positions 40 and 55: 13 227 and 11 431 nodes, 0.36-0.47 s),
    so the late game costs no hint within the goal (docs/solvers.md, item 1, "Session 25"). A
    module function, as :func:`_run_rollout`: the class is compiled whole in one frame of the page
    (ui/imports.py)."""
    since, at, down, states, share = self.SIGN3
    s = self._sign3
    if s == 0:
        if self.nodes < since:
            return None
        if any(x.__class__ is ProofLane for x in self.lanes):
            if self.nodes >= at:
                self._sign3 = _wait3(self, None)
            return None
        self._sign3 = _wait3(self, None)
        for x in self.lanes:
            if x.__class__ is _Lane or x.__class__ is _StageLane:
                for k in x.seen:
                    if sum(b[0] for b in k.split(b"\xfe", 1)[0].split(b"\xff")) < down:
                        return None
        root = next((x.stack[0][0] for x in self.lanes if x.__class__ is _Lane and x.complete), None)
        if root is None:  # the complete search left out (a study's setting)
            self._sign3 = None
            return None
        self._sign3 = (ProofLane3(Abstract3(root[0], root[1], root[2], root[3], True), 1.0), self.nodes, states,
                       share)
    elif s.__class__ is list:  # waiting for the late sign
        if self.nodes < self.SIGN3_LATE[0]:
            return None
        self._sign3 = None
        if any(x.__class__ is ProofLane for x in self.lanes):
            return None
        lane = s[0]
        if lane is None:
            root = next((x.stack[0][0] for x in self.lanes if x.__class__ is _Lane and x.complete), None)
            if root is None:
                return None
            lane = ProofLane3(Abstract3(root[0], root[1], root[2], root[3], True), 1.0)
        self._sign3 = (lane, self.nodes, self.SIGN3_LATE[1], None)
    lane, n0, states, share = self._sign3
    budget = max(1, budget // PROOF_STEP)  # its states take PROOF_STEP units of the caller's step each
    if share is None:
        n = min(budget, 8 * self.QUANTUM, states - lane.nodes)
    else:
        n = min(budget, int(share * (self.nodes - n0 + self.QUANTUM)) - lane.nodes, states - lane.nodes)
    if n <= 0:
        return None
    k = lane.nodes
    res = lane.run(n)
    if res is not None:
        self._sign3 = None
        _discard_lane(lane)     # its game's 10 000s of states: freed a piece at a time
    elif lane.nodes >= states:
        self._sign3 = _wait3(self, lane)
    used = (lane.nodes - k) * PROOF_STEP
    if res:
        return used, UNSOLVABLE
    if self.timeout is not None and self.seconds + self.clock() - t0 > self.timeout:
        return used, UNKNOWN
    return used, None


def _wait3(self: KlondikeSolver, lane):
    """What ``self._sign3`` becomes when the early sign did not fire (``lane`` None) or its game
    spent its states: ``[lane]``, waiting for the late sign, or ``None`` when there is none
    (``SIGN3_LATE`` None, or that game had spent the late sign's states too)."""
    late = self.SIGN3_LATE
    if late is None or (lane is not None and lane.nodes >= late[1]):
        return None
    return [lane]


def _deep3(self: KlondikeSolver) -> None:
    """:class:`KlondikeSolver` ``self``'s exact-talon lane (``_proof3``) has stopped with its stack
    at ``DEEP3[0]`` states within its first ``DEEP3[1]`` (its ``watch``). With ``DEEP3_STAY`` it
    stays at weight ``DEEP3_STAY[2]``, the progress lanes weigh ``DEEP3_STAY[0]``, the draw-1
    proof lane, if still searching, ``DEEP3_STAY[3]``, and the rollout lanes join with their
    ``ROLLOUTS`` weights times ``DEEP3_STAY[1]`` (until it leaves:
    :func:`_deep3_left`); without, it leaves at once, the progress lanes weigh ``DEEP3_WEIGHTS[0]``
    and the rollout lanes join at ``DEEP3_WEIGHTS[1]`` times their weights. The rollout lanes join
    through :func:`_rollouts_after`, so they leave with the progress lanes as there. On draw-3
    #111, 391, 566 and 714 that lane would have searched 0.3–1.0 M states before reaching its
    goal; given these nodes from its 261st–4028th state, the rollout lanes win them within 30 s.
    A deal whose abstract game is that wide was a won one on every deal of 1–1000 it fired on,
    but not on held-out deals: #1103 and #1283 are lost, and that lane proves them at its
    ~280 000th state — lost within 30 s when it left here, kept now that it stays
    (docs/solvers.md, item 4, "Session 17" and "Session 18")."""
    lane = self._proof3
    lane.deep = False
    stay = self.DEEP3_STAY
    if stay is not None:
        lane.weight = stay[2]
        self._stayed = True
    elif lane in self.lanes:
        self.lanes.remove(lane)
    self._lane = None
    self._left = 0
    stage, factor = self.DEEP3_WEIGHTS if stay is None else stay[:2]
    for x in self.lanes:
        if x.__class__ is _StageLane:
            x.weight = stage
        elif x.__class__ is ProofLane and stay is not None:
            x.weight = stay[3]
    for x in self._rollouts:
        x.weight *= factor
    _rollouts_after(self, lane)


def _deep3_left(self: KlondikeSolver) -> None:
    """:class:`KlondikeSolver` ``self``'s exact-talon lane stayed when its watch fired
    (``DEEP3_STAY``) and has now reached its goal and left: the progress lanes weigh
    ``DEEP3_WEIGHTS[0]``, the rollout lanes ``ROLLOUTS``' weights times ``DEEP3_WEIGHTS[1]`` and
    the draw-1 proof lane, if still searching, ``PROOF``, as when the lane leaves at the watch
    (its share goes to them)."""
    self._stayed = False
    for x in self.lanes:
        if x.__class__ is _StageLane:
            x.weight = self.DEEP3_WEIGHTS[0]
        elif x.__class__ is ProofLane:
            x.weight = self.PROOF
        elif x.__class__ is _RolloutLane:
            x.weight *= self.DEEP3_WEIGHTS[1] / self.DEEP3_STAY[1]


def _run_proof(self: KlondikeSolver, lane, budget: int, t0: float) -> str | None:
    """:class:`KlondikeSolver`'s turn of a proof lane (:class:`~games.solvers.klondike_proof.ProofLane`
    or ``ProofLane3``) for ``budget // PROOF_STEP`` abstract states (one at least: ``budget`` is in
    units of the caller's step, :data:`PROOF_STEP`), each counted as a node: ``None`` (budget
    spent), ``UNSOLVABLE`` (with ``lane.complete``: the position is proved lost; without: the lane
    proved nothing and leaves) or ``UNKNOWN`` (the solver's budget spent). A module function, as
    :func:`_run_rollout`: the class is compiled whole in one frame of the page (ui/imports.py)."""
    limit, timeout = self.max_nodes, self.timeout
    budget //= PROOF_STEP      # (the caller counts each state PROOF_STEP units of its step)
    if limit is not None:
        budget = min(budget, limit - self.nodes)
    n0 = lane.nodes
    res = lane.run(max(budget, 1))
    self.nodes += lane.nodes - n0
    if res is not None:
        return UNSOLVABLE
    if lane is self._proof3 and lane.deep:
        _deep3(self)
    if limit is not None and self.nodes >= limit:
        return UNKNOWN
    if timeout is not None and self.seconds + self.clock() - t0 > timeout:
        return UNKNOWN
    return None


def _run_rollout(self: KlondikeSolver, lane: _RolloutLane, budget: int, t0: float) -> str | None:
    """:class:`KlondikeSolver`'s turn of a rollout lane, about ``budget`` nodes: ``None`` (budget
    spent), ``SOLVED``, ``UNSOLVABLE`` (the lane is done: it proves nothing) or ``UNKNOWN`` (the
    solver's budget spent)."""
    limit, timeout = self.max_nodes, self.timeout
    if limit is not None:
        budget = min(budget, limit - self.nodes)
    n0 = lane.nodes
    status = lane.run(max(budget, 1), self._dead)
    self.nodes += lane.nodes - n0
    if status == SOLVED:
        self._stack = [[None, [], 0, lane.win]]
        self._solution()
        return SOLVED
    if status is not None:
        return status
    if limit is not None and self.nodes >= limit:
        return UNKNOWN
    if timeout is not None and self.seconds + self.clock() - t0 > timeout:
        return UNKNOWN
    return None


PROOF_STEP = 16
"""Units of a step's budget (``KlondikeSolver.step(n)``'s ``n``) one state of a proof game takes,
a proof lane's (:func:`_run_proof`) and the early exact-talon game's (:func:`_sign3`); a search
node takes one (each lane's ``unit``). A state costs 6-20 µs natively at the median, like a node,
but up to 0.2-0.8 ms (a search node up to 0.1-0.4), and a step of 100 of them ran 20 ms; so a
step runs at most ``n / PROOF_STEP`` of them (docs/solvers.md, "The hint's slices within the
frame"). Their turns and shares still count states (a turn's quantum, ``_sign3``'s share), so the
search is the same however it is sliced."""
MOVE_STEP = 8
"""Units of a step's budget a move of the winning line takes as it is made through the rules
(:meth:`_Line.make`: parsed and applied, 30-80 µs natively against a node's 6-20; a step of 100
made 100 moves, 3-8 ms), as ``LoopFree.MOVE_NODES`` for the line's replay."""
_Lane.unit = _StageLane.unit = _RolloutLane.unit = 1
ProofLane.unit = ProofLane3.unit = PROOF_STEP


def _ended(self: "KlondikeSolver", status: str):
    """What the ended search ``self`` keeps of its progress line (its first move, with
    ``unknown``; else ``None``), worked out before its tables go: every lane's, the early sign's
    game's and rule 5's answers are handed to :func:`games.solvers.search.discard`, freed a piece
    at a time in the steps that follow. A module function, as :func:`_run_proof`: the class is
    compiled whole in one frame of the page (ui/imports.py)."""
    progress = self.progress_line() if status == UNKNOWN else None
    _discard_all(self)
    return progress


def _lane_left(self: "KlondikeSolver", lane) -> None:
    """``lane`` has left ``self``'s portfolio (its space ran dry): :func:`_rollouts_after`, then a
    depth-first or draw-1 proof lane's tables, read by nobody now, handed to
    :func:`games.solvers.search.discard` (freed a piece at a time in the steps that follow)."""
    _rollouts_after(self, lane)
    if lane.__class__ is _Lane or lane.__class__ is ProofLane:
        _discard_lane(lane)


def _discard_all(self: "KlondikeSolver") -> None:
    """The ended search ``self``'s tables (every lane's, the early sign's game's, rule 5's answers)
    handed to :func:`games.solvers.search.discard`, freed a piece at a time in the steps that
    follow. A module function, as :func:`_run_proof`: the class is compiled whole in one frame of
    the page (ui/imports.py)."""
    sign3 = self._sign3[0] if self._sign3.__class__ in (tuple, list) else None
    for lane in self.lanes + getattr(self, "_late", []) + getattr(self, "_rollouts", []) + [self._proof3, sign3]:
        _discard_lane(lane)
    discard(self._dead, getattr(self, "_stack", None))


def _discard_lane(lane) -> None:
    """Hand ``lane``'s tables (``seen``, ``stack``, ``heap``; its abstract game's, a proof lane's)
    to :func:`games.solvers.search.discard`, for a lane nobody will step again."""
    if lane is None:
        return
    for x in (lane, getattr(lane, "game", None)):
        if x is not None and hasattr(x, "__dict__"):
            discard(*(v for v in vars(x).values() if v.__class__ in (dict, list, set)))


def _load(lane: _Lane) -> float:
    return lane.nodes / lane.weight


def intents_to_moves(start: KlondikeState, intents) -> list[str]:
    """The move texts (docs/contract.md) that carry out ``intents`` from ``start`` by the rules, then
    play every card home when the game can be finished.

    An intent is ``(K_COL, column, dst)``, ``(K_TALON, card, dst)`` (draw and recycle until
    ``card`` is the waste top, then play it) or ``(K_FOUND, suit, column)``; ``dst`` is a column
    0..6 or :data:`HOME`.

    :raises AssertionError: when an intent cannot be carried out (a solver bug).
    """
    return _play_intents(start, intents)[0]


def _play_intents(start: KlondikeState, intents) -> tuple[list[str], KlondikeState]:
    """:func:`intents_to_moves`'s moves and the position they end in: every move is made by the
    rules (its text parsed and applied), the cards played home at the end too, so the caller
    knows whether the line wins without replaying it again.

    :raises AssertionError: when an intent cannot be carried out (a solver bug).
    :raises GameError: when a move the intents make is illegal (a solver bug).
    """
    line = _Line(start, intents)
    line.make(None)
    return line.moves, line.state


class _Line:
    """A line of moves being made from ``intents`` (see :func:`intents_to_moves`) from ``start``,
    a few intents at a time (:meth:`make`): ``moves`` so far (texts), ``state`` the position they
    reach, ``done`` once every intent is made and the cards played home at the end."""

    def __init__(self, start: KlondikeState, intents):
        self.state = start
        self.intents = intents
        self.moves: list[str] = []
        self.next = 0  # the next intent to make
        self.done = False

    def _play(self, text: str) -> None:
        self.state = Klondike.apply(self.state, Klondike.parse_move(self.state, text))
        self.moves.append(text)

    draws = 0  # draws made so far for the talon intent being made

    def make(self, budget: int | None) -> bool:
        """Make intents until ``budget // MOVE_STEP`` moves are made, one at least (``budget``: units
        of a solver's step; ``None``: all of them; a talon card's draws stop at the budget too,
        the intent going on at the next call), the cards played home at the end in a call of their
        own; whether the line is done.

        :raises AssertionError: when an intent cannot be carried out (a solver bug).
        :raises GameError: when a move the intents make is illegal (a solver bug).
        """
        if self.done:
            return True
        if budget is not None:      # in units of a solver's step: MOVE_STEP a move
            budget = max(1, budget // MOVE_STEP)
        n0, intents = len(self.moves), self.intents
        while self.next < len(intents):
            if budget is not None and len(self.moves) - n0 >= budget:
                return False
            kind, a, dst = intents[self.next]
            to = "h" if dst == HOME else str(dst + 1)
            if kind == K_COL:
                self._play(f"{a + 1}{to}")
            elif kind == K_FOUND:
                self._play(f"h{SUIT_LETTERS[a]}{dst + 1}")
            else:
                s = self.state
                while not (s.waste and s.waste[-1] == a):
                    if self.draws > 2 * (len(s.stock) + len(s.waste)) + 2:
                        raise AssertionError(f"talon card {a} never shows on the waste")
                    if budget is not None and len(self.moves) - n0 >= budget:
                        return False        # this intent goes on at the next call
                    self._play("s")
                    self.draws += 1
                    s = self.state
                if budget is not None and len(self.moves) - n0 >= budget:
                    return False
                self.draws = 0
                self._play("w" + to)
            self.next += 1
        if budget is not None and len(self.moves) > n0:
            return False    # the cards played home at the end: a call of their own
        s = self.state
        fin = Klondike.finish_moves(s)
        if fin:
            self.moves += [Klondike.format_move(s, m) for m in fin]  # column tops home: no state needed
            for m in fin:
                s = Klondike.apply(s, m)
            self.state = s
        self.done = True
        return True


def solver(state: KlondikeState, max_nodes: int | None = None, timeout: float | None = None,
           clock: Clock = time.perf_counter) -> KlondikeSolver:
    """A resumable thoughtful-Klondike search from ``state`` (see :class:`KlondikeSolver`)."""
    return KlondikeSolver(state, max_nodes, timeout, clock)
