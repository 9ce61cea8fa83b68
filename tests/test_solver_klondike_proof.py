"""Klondike's proof of loss on the abstract game (games/solvers/klondike_proof.py, session 5):
never "lost" where a plain exhaustive search wins, the digs-only search answers as the search
over every abstract move, and the benchmark's position 16 (lost by the hand argument in
docs/solvers.md) is proved lost."""
import random

import pytest

from games.klondike import Klondike
from games.solvers.klondike import KlondikeSolver, _Problem, _StageLane, blocked
from games.solvers.klondike_proof import ALL, BIAS, NMASK, Abstract, Abstract3, ProofLane3, _counts, proves_lost
from games.solvers.search import SOLVED, UNKNOWN, UNSOLVABLE
from test_solver_klondike import _random_position, plain_winnable, pos

# position 16 of bench/solvers.py (deal 16 draw 1 after 15 policy moves), as docs/solvers.md gives it
POSITION_16 = dict(
    cols=["", "6D", "(3C) (QC) 7D 6S 5D 4S", "(7C) (JC) (4C) 4D 3S", "(8C) (3D) (KC) (QS) 9D",
          "(JH) (AD) (TC) (KD) (2D) QH JS", "(TH) (JD) (AS) (AC) (8H) (2C) 9C 8D"],
    found="H-0 C-0 D-0 S-0",
    stock="5C 6C QD 2H 7S 2S TD KH 5S 9H KS 4H AH 8S TS".split(), waste="6H 3H 9S 5H 7H")


def _abstract(s, full=False):
    cols, T, _, f = _Problem.from_rules(s)
    a = Abstract(cols, T, f)
    a.full = full
    return a


def test_position_16_is_proved_lost():
    s = pos(**POSITION_16)
    a = _abstract(s)
    assert a.search(max_nodes=20_000) is True
    assert a.nodes < 5_000
    r = Klondike.solver(s, max_nodes=20_000).run()
    assert r.status == UNSOLVABLE
    without = KlondikeSolver(s, max_nodes=20_000)  # the same budget without the proof lane: no answer
    without.lanes = [lane for lane in without.lanes if not hasattr(lane, "game")]
    assert without.run().status == UNKNOWN


@pytest.mark.parametrize("cols,found,stock", [
    (["TS", "(TC) (7S) (KS) (9S) (JS) 8S", "(KC) QS", "", "", "", ""], "H-K C-9 D-K S-6", ["JC", "QC"]),
    (["(QC) (6C) (KS) (TC) JS", "(QS) 7C", "KC", "", "", "", ""], "H-K C-5 D-K S-T", ["8C", "9C", "JC"])])
def test_proves_small_positions_rule_5_leaves_open(cols, found, stock):
    # found among random positions: not blocked at the root (rule 5), lost by the plain search
    # with cards back from the foundations, proved lost by the abstract game
    s = pos(cols, found, stock=stock)
    c, T, _, f = _Problem.from_rules(s)
    assert not blocked(c, f)
    assert not plain_winnable(s, limit=200_000, back=True)
    assert _abstract(s).search(max_nodes=10_000) is True


@pytest.mark.parametrize("seed,count", [(1, 300), (2, 300)])
def test_never_lost_when_a_plain_search_wins(seed, count):
    """Soundness: on random small positions (draw 1 and 3, 2–5 columns) a position the plain
    exhaustive search of test_solver_klondike wins is never proved lost, and the search over every
    abstract move (``full``) answers as the digs-only one."""
    rng = random.Random(seed)
    seen = {}
    for _ in range(count):
        ncols = rng.randint(2, 5)
        s = _random_position(rng, rng.choice((1, 3)), ncols, *rng.choice(((5, 9), (9, 11), (10, 12))))
        lost = _abstract(s).search(max_nodes=50_000)
        assert lost == _abstract(s, full=True).search(max_nodes=50_000), Klondike.format_position(s)
        try:
            wins = plain_winnable(s, limit=20_000, back=False)  # a win without cards back is a win
        except AssertionError:
            continue
        assert not (wins and lost), Klondike.format_position(s)
        seen[wins, lost] = seen.get((wins, lost), 0) + 1
    assert seen.get((True, False), 0) >= 100 and seen.get((False, True), 0) >= 1, seen


@pytest.mark.parametrize("cols,found,stock", [
    (["(KH) (JS) (KD) QS", "(JD) QC", "", "", "", "", ""], "H-Q C-J D-T S-T", ["KS", "KC", "QD"]),
    (["(7S) (KH) (KD) QS", "(JS) KS", "", "", "", "", ""], "H-Q C-K D-Q S-6", ["8S", "9S", "TS"])])
def test_a_run_never_lies_on_the_card_it_uncovers(cols, found, stock):
    # found among random positions: lost by the plain search, but the abstract game without the
    # rule reaches its goal by digging QC off JD in the first (KD off QS in the second) with the
    # card uncovered as the only place for it: JD (QS) can leave only onto another black queen
    # (red king), and none is free
    s = pos(cols, found, stock=stock)
    assert not plain_winnable(s, limit=200_000, back=True)
    old = _abstract(s)
    old.uncover = False
    assert old.search(max_nodes=10_000) is False
    assert _abstract(s).search(max_nodes=10_000) is True
    assert Klondike.solver(s, max_nodes=10_000).run().status == UNSOLVABLE


def _kings_position(rng, draw):
    """A small random position (as ``_random_position``: foundations high, the top card of each
    column face up, the rest face down) where a king out is at the bottom of its column, and one
    column, when a king is out, is a face-up run from a king (the king alone or with a queen and a
    jack on it), so that the digs that would empty a column on a king (a release, "A king's column
    stays" in klondike_proof) come up."""
    ncols = rng.randint(2, 5)
    while True:
        heights = {s: rng.randint(1, 13) for s in "HCDS"}
        out = [f"{'A23456789TJQK'[r - 1]}{s}" for s in "HCDS" for r in range(heights[s] + 1, 14)]
        if 6 <= len(out) <= 12 and any(x[0] == "K" for x in out):
            break
    rng.shuffle(out)
    king = next(x for x in out if x[0] == "K")
    run = [king]
    for rank in "QJ"[:rng.randint(0, 2)]:
        red = run[-1][1] in "HD"
        fit = [x for x in out if x[0] == rank and (x[1] in "HD") != red and x not in run]
        if not fit:
            break
        run.append(rng.choice(fit))
    cols = [list(run)] + [[] for _ in range(6)]
    stock = []
    for x in out:
        if x in run:
            continue
        k = rng.randint(1, ncols + 1)
        (stock if k >= ncols else cols[k]).append(x)
    for col in cols[1:]:
        col.sort(key=lambda x: x[0] != "K")  # a king to the bottom (the sort is stable)
    texts = [" ".join(cols[0])] + [" ".join([f"({x})" for x in col[:-1]] + col[-1:]) for col in cols[1:]]
    found = " ".join(f"{s}-{'A23456789TJQK'[heights[s] - 1]}" for s in "HCDS")
    return pos(texts, found, stock=stock, draw=draw)


@pytest.mark.parametrize("seed,count", [(7, 200), (8, 200)])
def test_a_kings_column_is_never_dug_empty_and_the_answer_is_the_same(seed, count):
    """The dig that would empty a column on a king is left out (a release, "A king's column
    stays" in klondike_proof): on random small positions with kings at the bottom of their
    columns, both abstract games (draw 1, and in draw 3 the exact talon too) answer as without
    the rule (the older game, ``kings = False``), and never "lost" where the plain exhaustive
    search wins."""
    rng = random.Random(seed)
    seen = {}
    changed = 0
    for _ in range(count):
        draw = rng.choice((1, 3))
        s = _kings_position(rng, draw)
        cols, T, p, f = _Problem.from_rules(s)
        answers = []
        for kings in (True, False):
            a = Abstract(cols, T, f, kings)
            lost = a.search(max_nodes=50_000)
            lane = None
            if draw == 3:
                lane = ProofLane3(Abstract3(cols, T, p, f, kings), 1.0)
                lost3 = lane.run(50_000)
                assert lost3 is not None
            answers.append((lost, lost3 if draw == 3 else None, a.nodes, lane.nodes if lane else 0))
        (lost, lost3, n1, n3), (old, old3, o1, o3) = answers
        assert (lost, lost3) == (old, old3), Klondike.format_position(s)
        changed += (n1, n3) != (o1, o3)  # the rule changed the search
        try:
            wins = plain_winnable(s, limit=20_000, back=False)  # a win without cards back is a win
        except AssertionError:
            continue
        assert not (wins and (lost or lost3)), Klondike.format_position(s)
        seen[wins, bool(lost or lost3)] = seen.get((wins, bool(lost or lost3)), 0) + 1
    assert changed >= 20, (changed, seen)
    assert seen.get((True, False), 0) >= 50 and seen.get((False, True), 0) >= 3, seen


def test_a_kings_column_staying_proves_bench_position_15_in_a_third_of_the_states():
    # draw-3 bench position 15 (lost: its talon's draw-3 order; won in draw 1): the exact-talon game
    # proves it in 42 570 states without the rule, 13 196 with it — KS and KD alone in their
    # columns, each in place or loose, had counted its boards up to four times
    from test_solver_klondike import _bench_position
    cols, T, p, f = _Problem.from_rules(_bench_position("klondike-3", 15))
    for kings, states in ((True, 13_196), (False, 42_570)):
        lane = ProofLane3(Abstract3(cols, T, p, f, kings), 1.0)
        assert lane.run(50_000) is True and lane.nodes == states


def test_draw_1_deal_45_is_proved_lost_at_the_root():
    # unknown at 30 CPU s in both draws in every run before the rule (the abstract game reached
    # its goal at the root); with it, the draw-1 abstract game proves it lost in 4 580 states,
    # so draw 3 (whose wins are draw-1 wins) is lost too
    for draw in ("1", "3"):
        s = Klondike.deal(45, {"draw": draw})
        old = _abstract(s)
        old.uncover = False
        assert old.search(max_nodes=20_000) is False
        a = _abstract(s)
        assert a.search(max_nodes=20_000) is True and a.nodes < 6_000
        assert Klondike.solver(s, max_nodes=40_000).run().status == UNSOLVABLE


def _draw3_lost(s, budget):
    """The draw-3 abstract game (exact talon) from ``s``: True (lost), False (goal reached),
    None (budget spent)."""
    cols, T, p, f = _Problem.from_rules(s)
    return ProofLane3(Abstract3(cols, T, p, f), 1.0).run(budget)


@pytest.mark.parametrize("seed,count", [(3, 300), (4, 300)])
def test_draw_3_abstract_game_never_lost_when_a_plain_search_wins(seed, count):
    """Soundness of the draw-3 abstract game (the talon kept exactly): on random small draw-3
    positions (2–5 columns) a position the plain exhaustive search wins is never proved lost."""
    rng = random.Random(seed)
    seen = {}
    for _ in range(count):
        s = _random_position(rng, 3, rng.randint(2, 5), *rng.choice(((5, 9), (9, 11), (10, 12))))
        lost = _draw3_lost(s, 50_000)
        try:
            wins = plain_winnable(s, limit=20_000, back=False)  # a win without cards back is a win
        except AssertionError:
            continue
        assert not (wins and lost), Klondike.format_position(s)
        seen[wins, lost] = seen.get((wins, lost), 0) + 1
    assert seen.get((True, False), 0) >= 100 and seen.get((False, True), 0) >= 3, seen


@pytest.mark.parametrize("number,states", [(51, 20_000), (219, 6_000)])
def test_draw_3_abstract_game_proves_deals_the_draw_1_one_cannot(number, states, monkeypatch):
    # draw-3 deals 51 and 219: unknown at 30 CPU s before this lane, and won in draw 1 (so the
    # draw-1 abstract game reaches its goal); with the talon kept exactly they are lost
    s = Klondike.deal(number, {"draw": "3"})
    assert _draw3_lost(s, states) is True
    assert Klondike.solver(Klondike.deal(number, {"draw": "1"}), max_nodes=300_000).run().status == SOLVED
    cols, T, _, f = _Problem.from_rules(s)
    assert proves_lost(cols, T, f, max_nodes=20_000) is False
    monkeypatch.setattr(KlondikeSolver, "LATE", 0)  # the lane from the first node
    assert Klondike.solver(s, max_nodes=20 * states).run().status == UNSOLVABLE


def test_draw_3_late_lanes_share_the_nodes_by_their_weights(monkeypatch):
    # the exact-talon lane proves draw-3 deal 51 lost in 18 286 states; joining from the first node
    # (LATE = 0), with the progress lanes at their late weight, it gets PROOF3 / (PROOF3 + the
    # progress lanes' 2 STAGE_LATE3 + the streamliners' and complete search's 3) of the nodes (the
    # draw-1 proof lane leaves after a few dozen states): 8 / 27, and each progress lane as much
    monkeypatch.setattr(KlondikeSolver, "LATE", 0)
    monkeypatch.setattr(KlondikeSolver, "SIGN3", None)  # its early game (kings' rule) proves 51 first
    search = KlondikeSolver(Klondike.deal(51, {"draw": "3"}))
    lane = next(x for x in search._late if isinstance(x, ProofLane3))
    stages = [x for x in search.lanes if x.__class__ is _StageLane]
    assert search.run().status == UNSOLVABLE
    assert lane.complete and lane.nodes == 18_286
    share = KlondikeSolver.PROOF3 / (KlondikeSolver.PROOF3 + 2 * KlondikeSolver.STAGE_LATE3 + 3)
    assert abs(lane.nodes / search.nodes - share) < 0.02, (lane.nodes, search.nodes)
    assert all(abs(x.nodes - lane.nodes) < 0.02 * lane.nodes for x in stages), [x.nodes for x in stages]


@pytest.mark.parametrize("draw", ["1", "3"])
def test_solved_deals_are_never_proved_lost(draw):
    for n in range(1, 31):
        s = Klondike.deal(n, {"draw": draw})
        cols, T, _, f = _Problem.from_rules(s)
        if proves_lost(cols, T, f, max_nodes=3_000):
            assert Klondike.solver(s, max_nodes=3_000).run().status != SOLVED
        if draw == "3" and _draw3_lost(s, 3_000):
            assert Klondike.solver(s, max_nodes=3_000).run().status != SOLVED


def _tops_without_plain(g, r, u):
    """The figures of ``r`` (:meth:`Abstract._tops`) with base top ``u`` left out, computed afresh."""
    full = g._tops(r)
    tops = full[0] & ~(1 << u)
    pb, pr = _counts(tops)
    return (tops, full[1], pb, pr, full[4], ((pb >> 4) & NMASK) | BIAS, ((pr >> 4) & NMASK) | BIAS)


class _Checked(Abstract):
    """The abstract game with the shortcuts of :meth:`Abstract.successors` checked against the
    plain definitions at every call: the loose cards' counts it passes on are those of the loose
    mask, the cached figures of ``r`` are those computed afresh (or, for a move that uncovers a
    face-down card, those of ``r`` without that card as a place, computed afresh), the loose cards
    and the base tops are disjoint (the counts of both add up), and the answer is the one without
    the shortcuts."""

    calls = 0
    uncovering = 0  # calls for a move that uncovers a card

    def fixes(self, r, loose, tal, lb=None, lr=None, te=None):
        full = self._tops(r)
        plain_te = full
        if te is not None and te != full:  # a move that uncovers a card: its figures without it
            us = [u for u in range(64) if full[0] >> u & 1 and te == _tops_without_plain(self, r, u)]
            assert len(us) == 1, (te, full)
            plain_te = te
            self.uncovering += 1
        plain = super().fixes(r, loose, tal, te=plain_te)
        if lb is not None:
            assert (lb, lr) == _counts(loose)
            assert super().fixes(r, loose, tal, lb, lr, plain_te) == plain
        assert not loose & full[0]
        self.calls += 1
        return plain


@pytest.mark.parametrize("case", ["16", "deal 65", "deal 7", "random"])
def test_successors_shortcuts_match_the_plain_definitions(case):
    """The speed-ups of :meth:`Abstract.successors` (counts carried from the parent, figures
    cached by ``r``, the closure skipped when no safe card is loose, a base top or in the talon)
    change nothing: every shortcut is checked (:class:`_Checked`) and every state the search
    meets is closed (the closure run on it changes nothing) and consistent."""
    if case == "16":
        s = pos(**POSITION_16)
    elif case == "random":
        s = _random_position(random.Random(5), 1, 7, 9, 12)
    else:
        s = Klondike.deal(int(case.split()[1]), {"draw": "1"})
    cols, T, _, f = _Problem.from_rules(s)
    a = _Checked(cols, T, f)
    met = 0
    stack = [a.root]
    seen = {a.root}
    while stack and met < 300:
        st = stack.pop()
        met += 1
        for nx in a.successors(st):
            r, h, tal = nx
            loose = ALL & ~a.home(h) & ~a.rem(r) & ~tal
            assert a.closure(r, h, tal, loose) == (r, h, tal, loose), nx
            assert a.consistent(r, h, tal), nx
            if nx not in seen:
                seen.add(nx)
                stack.append(nx)
    assert a.calls > met
    assert a.uncovering > 0 or case == "random"  # (the random position's search ends at its root)


def _naive_successors3(g, st):
    """:meth:`Abstract3.successors3` written plainly: every abstract move, a move that uncovers a
    face-down card only when its state is consistent with that card giving no place, then the
    safe cards of the loose cards and base tops, then the full consistency test (``fixes``) on
    each."""
    from games.solvers.klondike_proof import _class3, _reach3
    r, h, T, c = st
    tal = 0
    for x in T:
        tal |= 1 << x
    loose = ALL & ~(g.home(h) | g.rem(r) | tal)
    out = []  # (state, loose cards, the face-down card the move uncovers or -1)
    for s in range(4):
        bit = 1 << ((s << 4) | (h[s] + 1)) if h[s] < 13 else 0
        if loose & bit:
            out.append((r, h[:s] + (h[s] + 1,) + h[s + 1:], T, c, loose & ~bit, -1))
    for col in range(7):
        rc = r[col]
        if not rc:
            continue
        b, pre, d = g.cards[col], g.pre[col], g.down[col]
        for i in range(rc - 1, min(d, rc - 1) - 1, -1):  # the base top is face up
            x = b[i]
            if h[x >> 4] == (x & 15) - 1:
                out.append((r[:col] + (i,) + r[col + 1:], h[:x >> 4] + (h[x >> 4] + 1,) + h[(x >> 4) + 1:], T, c,
                            loose | (pre[rc] & ~pre[i + 1]), b[i - 1] if 0 < i <= d else -1))
        nr = d if rc > d else rc - 1  # the dig: every face-up card in place, or the one uncovered
        if nr or (b[0] & 15) != 13:  # not a release of a king's column (A king's column stays)
            out.append((r[:col] + (nr,) + r[col + 1:], h, T, c, loose | (pre[rc] & ~pre[nr]), b[nr - 1] if nr > 0 else -1))
    for s in range(4):
        if h[s]:
            out.append((r, h[:s] + (h[s] - 1,) + h[s + 1:], T, c, loose | (1 << ((s << 4) | h[s])), -1))
    for i in _reach3(len(T), c):
        x = T[i]
        T2, c2 = T[:i] + T[i + 1:], _class3(len(T) - 1, i)
        if h[x >> 4] == (x & 15) - 1:
            out.append((r, h[:x >> 4] + (h[x >> 4] + 1,) + h[(x >> 4) + 1:], T2, c2, loose, -1))
        out.append((r, h, T2, c2, loose | (1 << x), -1))
    res = set()
    for r2, h2, T2, c2, loose2, u in out:
        if u >= 0 and not g.fixes(r2, loose2, 0, te=_tops_without_plain(g, r2, u)):
            continue  # the moved cards need places other than the card they uncover
        r2, h2, _, loose2 = g.closure(r2, h2, 0, loose2)
        if g.fixes(r2, loose2, 0):
            res.add((r2, h2, T2, c2))
    return res


@pytest.mark.parametrize("seed", [1, 2])
def test_draw3_successors_are_the_plain_ones(seed):
    """The draw-3 abstract game's successors, whose consistency is read off the parent's counts
    for a pull, are exactly those of every move followed by the full consistency test, on the
    first states a search meets from random mid-game positions of draw-3 deals."""
    rng = random.Random(seed)
    checked = 0
    for n in range(1, 13):
        s = Klondike.deal(n + 100 * seed, {"draw": "3"})
        for _ in range(rng.randint(0, 60)):
            ms = Klondike.legal_moves(s)
            if not ms:
                break
            s = Klondike.apply(s, rng.choice(ms))
        cols, T, p, f = _Problem.from_rules(s)
        g = Abstract3(cols, T, p, f)
        stack, met = [g.root], {g.root}
        while stack and len(met) < 150:
            st = stack.pop()
            got = g.successors3(st)  # once each, st itself left out (a search has met it)
            assert len(set(got)) == len(got) and set(got) == _naive_successors3(g, st) - {st}, \
                Klondike.format_position(s)
            checked += 1
            for nx in got:
                if nx not in met:
                    met.add(nx)
                    stack.append(nx)
    assert checked > 500
