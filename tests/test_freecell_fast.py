"""The do/undo FreeCell search core (games/solvers/freecell_fast.py): the board's moves and key,
the move groups against the rules, the shortener, and whole searches replayed through the rules."""
import random

from hypothesis import given, settings, strategies as st

from games.core import WON
from games.freecell import FOUNDATION, FreeCell, FreeCellState, Move
from games.solvers import freecell_fast as ff
from games.solvers.search import SOLVED


def rules_move(m) -> Move:
    src, dst, n = m
    return Move(src, FOUNDATION if dst == ff.HOME else dst, n)


def every_move(b: ff.Board) -> list:
    """Every candidate of every move group, dig plans as their list of moves."""
    out = []
    for g in ff.GROUPS:
        for src, dst, n in g(b):
            out.append(list(dst) if src < 0 else [(src, dst, n)])
    return out


def snapshot(b: ff.Board):
    return ([list(c) for c in b.cols], list(b.cells), list(b.found), b.fk, b.h, list(b.where), list(b.tk), b.nf, b.ne)


def walk(deal: int, seed: int, steps: int):
    """A random walk over the move groups from a deal: ``(start board, positions)``, each move
    (dig plans move by move) checked legal by the rules before it is made."""
    rng = random.Random(seed)
    b = ff.Board(FreeCell.deal(deal, {}))
    for _ in range(steps):
        cands = every_move(b)
        if not cands:
            break
        for m in rng.choice(cands):
            s = b.state()
            assert FreeCell.why_not(s, rules_move(m)) is None, (m, FreeCell.format_position(s))
            b.do(*m)
        b.autos()
        yield b


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 32000), st.integers(0, 10**6), st.integers(1, 60))
def test_do_undo_restores_the_position_and_key(deal, seed, steps):
    start = ff.Board(FreeCell.deal(deal, {}))
    before = snapshot(start)
    rng = random.Random(seed)
    b = start
    marks = []
    for _ in range(steps):
        cands = every_move(b)
        if not cands:
            break
        marks.append((len(b.log), snapshot(b)))
        for m in rng.choice(cands):
            b.do(*m)
        b.autos()
        assert b.h == b.key_now()           # the incremental key is the key made from scratch
        assert b.where == ff.Board(b.state()).where
        assert b.tk == [len(c) - ff.run_len(c) for c in b.cols]     # where each ordered tail starts
        assert (b.nf, b.ne) == (b.cells.count(0), b.cols.count([]))
    while marks:                            # back step by step: each position exactly as it was
        mark, snap = marks.pop()
        b.undo_to(mark)
        assert snapshot(b) == snap
    b.undo_to(0)
    assert snapshot(b) == before and b.log == []


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 32000), st.integers(0, 10**6), st.integers(0, 40))
def test_key_is_the_same_up_to_the_order_of_columns_and_cells(deal, seed, steps):
    b = ff.Board(FreeCell.deal(deal, {}))
    for b in walk(deal, seed, steps):
        pass
    s = b.state()
    rng = random.Random(seed)
    cols, cells = list(s.columns), list(s.cells)
    rng.shuffle(cols)
    rng.shuffle(cells)
    assert ff.Board(FreeCellState(tuple(cols), tuple(cells), s.foundations)).h == b.h


def test_key_tells_a_card_on_a_column_from_the_same_card_in_a_cell():
    s = FreeCell.deal(1, {})
    col = s.columns[0]
    moved = FreeCellState((col[:-1],) + s.columns[1:], (col[-1], None, None, None), s.foundations)
    assert ff.Board(moved).h != ff.Board(s).h
    # the same cards in the same columns, two cards swapped: another key
    swapped = FreeCellState((col[:-2] + (col[-1], col[-2]),) + s.columns[1:], s.cells, s.foundations)
    assert ff.Board(swapped).h != ff.Board(s).h


def test_every_move_of_the_groups_is_legal_and_the_walks_reach_far():
    """Random walks from twenty deals: every move the groups make is one the rules allow (checked
    in ``walk``), and the walks do move cards home."""
    home = 0
    for deal in range(1, 21):
        for b in walk(deal, deal, 80):
            pass
        home += sum(b.found)
    assert home > 0


def test_one_move_keys_are_the_keys_of_the_moves_made():
    """:func:`_one_move_keys` names each move by the key it leads to before it is made: made on
    the board (no auto-move after it), the move gives that key, and it is legal by the rules."""
    checked = 0
    for deal in range(1, 9):
        for b in walk(deal, 7 * deal, 40):
            for k, card, target in list(ff._one_move_keys(b)):
                mark = len(b.log)
                m = ff.place(b, card, target)
                assert FreeCell.why_not(b.state(), rules_move(m)) is None
                b.do(*m)
                assert b.h == k == b.key_now()
                b.undo_to(mark)
                checked += 1
    assert checked > 1000


def replay(state, moves) -> bool:
    for t in moves:
        state = FreeCell.apply(state, FreeCell.parse_move(state, t))
    return FreeCell.status(state) == WON


def test_every_line_replays_to_a_win():
    for n in range(1, 41):
        s = FreeCell.deal(n, {})
        r = ff.solver(s).run()
        assert r.status == SOLVED and replay(s, r.moves), n


def test_lines_handed_over_to_the_complete_solver_replay_and_unsolvable_comes_from_it():
    s = FreeCell.deal(9, {})
    srch = ff.FastSearch(s, hand_over=20, probes=())
    r = srch.run()
    assert srch.complete is not None and r.status == SOLVED and replay(s, r.moves)
    lost = ff.FastSearch(FreeCell.deal(11982, {}), hand_over=50, max_nodes=400)
    assert lost.run().status == "unknown"     # the budget ends it; never "unsolvable" from the threads
    dry = ff.FastSearch(FreeCell.deal(11982, {}), hand_over=None, max_nodes=300)
    assert dry.run().status == "unknown"


def test_a_deal_handed_over_is_won_by_a_solo_probe_before_the_complete_solver():
    """#917: the portfolio does not win it within HAND_OVER positions (the first thread entered
    positions the third one's line needs); the third thread alone, with a visited set of its own,
    wins it in a few hundred, so the complete solver never starts."""
    s = FreeCell.deal(917, {})
    without = ff.FastSearch(s, probes=())
    r = without.run()
    assert without.complete is not None and r.status == SOLVED
    srch = ff.FastSearch(s)
    r = srch.run()
    assert srch.complete is None and srch.by_probe and srch.winner == ff.PROBES[0][0]
    assert r.status == SOLVED and replay(s, r.moves)
    assert ff.HAND_OVER < srch.nodes < ff.HAND_OVER + ff.PROBES[0][1]
    # probes whose quotas end without a win leave the position to the complete solver
    short = ff.FastSearch(s, probes=((2, 50), (3, 50)))
    r = short.run()
    assert short.complete is not None and not short.by_probe and r.status == SOLVED and replay(s, r.moves)
    assert short.nodes == ff.HAND_OVER + 100 + short.complete.nodes


def mid_game(n: int, depth: int = 15) -> FreeCellState:
    """Deal ``n`` then ``depth`` moves of bench/solvers.py's policy (its hint position ``n``)."""
    from games.deal import splitmix64

    s = FreeCell.deal(n, {})
    rng = splitmix64(n)
    for _ in range(depth):
        if FreeCell.status(s) != "playing":
            break
        moves = FreeCell.legal_moves(s)
        s = FreeCell.apply(s, moves[next(rng) % len(moves)])
    return s


def test_after_the_threads_ran_dry_one_lane_of_the_complete_solver_proves_the_loss():
    """Hint position 21 is lost and the threads search it out: the complete solver then runs its
    first lane alone (DRY_SCHEDULE), whose running dry and the last search prove it in the states
    that lane alone needs (the default schedule switches lanes after 1 500 and needs more)."""
    from games.solvers.freecell import LANES, FreeCellSearch

    s = mid_game(21)
    srch = ff.FastSearch(s)
    assert srch.run().status == "unsolvable" and srch.dry
    alone = FreeCellSearch(s, lanes=(LANES[0],))
    assert alone.run().status == "unsolvable"
    assert srch.complete.nodes == alone.nodes
    default = FreeCellSearch(s, prelude=())
    assert default.run().status == "unsolvable" and default.nodes > alone.nodes
    # a position the threads search out that is won all the same: the complete solver wins it
    won = mid_game(5)
    srch = ff.FastSearch(won)
    r = srch.run()
    assert srch.dry and srch.complete is not None and r.status == SOLVED and replay(won, r.moves)


def test_shorten_cuts_a_loop_and_takes_shortcuts():
    s = FreeCell.deal(3, {})
    srch = ff.FastSearch(s, verify=False)
    srch.run()
    line = srch.line
    # a detour: the first column's top card into a free cell and back, twice, after the opening
    b = ff.Board(s)
    for m in line[:10]:
        b.do(*m[:3])
    col = next(i for i in range(8) if b.cols[i])
    cell = 8 + b.cells.index(0)
    detour = []
    for _ in range(2):
        b.do(col, cell, 1)
        b.do(cell, col, 1)
    detour = b.log[10:]
    longer = line[:10] + detour + line[10:]
    cut = ff.shorten(s, longer, shortcuts=False)
    assert len(cut) == len(line) and replay(s, ff.texts(cut))
    short = ff.shorten(s, longer, shortcuts=True)
    assert len(short) <= len(line) and replay(s, ff.texts(short))


def test_shortcuts_shorten_long_lines_and_they_still_replay():
    """The full threads alone make long wandering lines: the shortener's one-move shortcuts take
    them down, and the result replays."""
    cut = 0
    for n in (10, 25, 76):
        s = FreeCell.deal(n, {})
        srch = ff.FastSearch(s, orders=[(0, 2, 1, 3, 6, 5)], full=(), hand_over=None, max_nodes=3000,
                             verify=False, sorts=[False])
        assert srch.run().status == SOLVED
        raw = srch.raw
        short = ff.shorten(s, raw, shortcuts=True)
        assert replay(s, ff.texts(short))
        assert len(short) <= len(raw)
        cut += len(raw) - len(short)
    assert cut > 60            # 214 + 196 + 237 moves as found: 122 + 109 + 136 when measured


def test_a_capped_thread_makes_at_most_cap_escape_moves_along_its_line():
    """A thread whose only moves besides those home are lone moves into a free cell (an escape
    group) holds at most ``cap`` cards in the cells it filled, at every step, and runs dry; with no
    cap it fills all four."""
    for cap, most in ((1, 1), (2, 2), (None, 4)):
        b = ff.Board(FreeCell.deal(5, {}))
        t = ff.Thread(b, (0, 6), cap=cap)
        seen = {b.h}
        held = 0
        while t.stack:
            t.run(seen, 1)
            held = max(held, sum(1 for c in b.cells if c))
        assert held == most, cap


def test_a_card_under_others_goes_onto_the_fitting_top_it_was_planned_for():
    """Group 7 (:func:`g_dig_top`) on the positions of random walks: every move of each plan is
    legal by the rules in turn, the plan ends with the run moved onto the top of a column the
    parking left alone (that card still its top), the card under the run was under other cards
    before, and undoing restores the position."""
    checked = 0
    for deal in range(1, 13):
        for b in walk(deal, 11 * deal, 50):
            for src, plan, _ in ff.g_dig_top(b):
                assert src == -1
                before = snapshot(b)
                mark = len(b.log)
                i, j, n = plan[-1]
                t = b.cols[j][-1]
                assert len(plan) > 1 and j != i       # cards lay above the run: parked first
                for m in plan:
                    assert FreeCell.why_not(b.state(), rules_move(m)) is None, (m, plan)
                    if m is plan[-1]:
                        c = b.cols[i][-n]
                    b.do(*m)
                col = b.cols[j]
                assert col[-n] == c and col[-n - 1] == t and ff.FIT[c << 6 | t]
                assert b.h == b.key_now()
                b.undo_to(mark)
                assert snapshot(b) == before
                checked += 1
    assert checked > 100


def test_a_sorting_thread_tries_the_move_that_leaves_the_lowest_card_first():
    """:func:`low_left` on the candidates of the groups the threads sort (those of ``SORTED`` and
    the moves onto an empty column), on random-walk positions: the key is the lowest rank the move
    leaves in its column (0 if it empties it; 20 for a free cell's card, -1 for a king there when
    the free cells are given, as the threads give them), and a thread that sorts
    a group, named by its index or by ``sort=True`` for ``SORTED``, enters first a child of it with
    the smallest key."""
    checked = cells = 0
    groups = sorted(ff.SORTED | {5})
    assert set(ff.SORTS[0]) == set(groups)
    for deal in range(1, 9):
        for b in walk(deal, 5 * deal, 40):
            for gi in groups:
                cands = ff.GROUPS[gi](b)
                for m in cands:
                    src, dst, n = m
                    if 8 <= src < 12:
                        assert ff.low_left(b.cols, m) == 20
                        king = b.cells[src - 8] & 15 == 13
                        assert ff.low_left(b.cols, m, b.cells) == (-1 if king else 20)
                        cells += 1
                        continue
                    moves = list(dst) if src < 0 else [m]
                    i = moves[-1][0]
                    left = b.cols[i][:len(b.cols[i]) - sum(x[2] for x in moves if x[0] == i)]
                    assert ff.low_left(b.cols, m) == (min(c & 15 for c in left) if left else 0)
                    checked += 1
                if len(cands) > 1:
                    for sort in ((gi,), True) if gi in ff.SORTED else ((gi,),):
                        t = ff.Thread(b.copy(), (gi,), sort=sort)
                        t.run({b.h}, 1)
                        top = t.stack[0]
                        key = min(ff.low_left(b.cols, m, b.cells) for m in cands)
                        assert ff.low_left(b.cols, top[1][0], b.cells) == key
    assert checked > 200 and cells > 0


def test_a_king_in_a_free_cell_goes_onto_the_empty_column_first():
    """A king in a free cell comes before the other cells' cards and the columns' tails among the
    moves onto an empty column, whichever cell holds it; every thread that makes those moves,
    sorted or not, enters that child first."""
    cards = [c for col in FreeCell.deal(1, {}).columns for c in col]
    for king_cell in range(1, 4):
        king = next(c for c in cards if c & 15 == 13)
        other = next(c for c in cards if c & 15 == 5)
        rest = [c for c in cards if c not in (king, other)]
        cells = [None] * 4
        cells[0], cells[king_cell] = other, king
        cols = [tuple(rest[i::7]) for i in range(7)]
        cols.insert(3, ())
        b = ff.Board(FreeCellState(tuple(cols), tuple(cells), (0, 0, 0, 0)))
        cands = ff.g_empty(b)
        assert cands[0] == (8 + king_cell, 3, 1)
        assert (8, 3, 1) in cands and len(cands) > 2
        for sort in ((5,), ()):
            t = ff.Thread(b.copy(), (5,), sort=sort)
            t.run({b.h}, 1)
            assert t.board.cols[3] == [king]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 32000), st.integers(0, 10**6), st.integers(0, 60))
def test_the_move_groups_are_the_rules_moves_of_their_kind(deal, seed, steps):
    """On random-walk positions, each group against the rules' own ``legal_moves``: home (columns
    left to right, then the cells), a free cell's card onto a top (by cell, then column), a whole
    ordered tail onto a top, onto the first empty column (a cell's card, a king first, or a column's longest
    movable tail but never the whole column), and the digs: every suit's next card under at most
    :data:`DIG_SLACK` + free cells (+ 3 an empty column) cards whose plan (:func:`dig_plan`)
    exists, none left out."""
    b = ff.Board(FreeCell.deal(deal, {}))
    b.autos()
    for b in [b, *walk(deal, seed, steps)]:
        s = b.state()
        legal = FreeCell.legal_moves(s)
        cols = s.columns
        home = [(m.src, ff.HOME, 1) for m in legal if m.dst == FOUNDATION]
        assert ff.g_home(b) == home
        onto_top = [(m.src, m.dst, m.n) for m in legal if m.dst < 8 and cols[m.dst]]
        assert ff.g_cell_parent(b) == [m for m in onto_top if 8 <= m[0] < 12]
        whole = [m for m in onto_top if m[0] < 8 and m[2] == ff.run_len(list(cols[m[0]]))]
        assert sorted(ff.g_run_parent(b)) == sorted(whole)
        empty = [j for j in range(8) if not cols[j]]
        want = []
        if empty:
            e = empty[0]
            want = [(m.src, e, 1) for m in legal if 8 <= m.src < 12 and m.dst == e]
            want.sort(key=lambda m: s.cells[m[0] - 8] % 16 != 13)     # a king first (stable)
            for i in range(8):
                n = max((m.n for m in legal if m.src == i and m.dst == e), default=0)
                if 0 < n < len(cols[i]):
                    want.append((i, e, n))
        assert ff.g_empty(b) == want
        assert ff.g_dig(b) == every_dig(b)
        assert ff.g_dig_top(b) == every_dig_top(b)


def every_dig_top(b: ff.Board) -> list:
    """The dig-onto-a-top group's candidates made the plain way: for each top (columns left to
    right), each card that fits on it in another column, under a run and at most DIG_SLACK + free
    cells (+ 3 an empty column) cards, with its plan when there is one."""
    cols, free, ne = b.cols, b.cells.count(0), b.cols.count([])
    most = free + ff.DIG_SLACK + 3 * ne
    out = []
    for j, d in enumerate(cols):
        if not d:
            continue
        for c in ff.CHILD[d[-1]]:
            i = b.where[c]
            if i < 0 or i == j:
                continue
            col = cols[i]
            k = col.index(c)
            e = k
            while e + 1 < len(col) and ff.FIT[col[e + 1] << 6 | col[e]]:
                e += 1
            if e < len(col) - 1 and len(col) - 1 - e <= most:
                plan = ff._plan(col, i, e, ff._tops(cols, ne), b.cells, cols, free, ne, (j, e - k + 1), d[-1])
                if plan is not None:
                    out.append((-1, plan, k))
    return out


def every_dig(b: ff.Board) -> list:
    """The dig group's candidates made the plain way: each suit's next card under at most
    DIG_SLACK + free cells (+ 3 an empty column) cards, with its plan when there is one."""
    most = b.cells.count(0) + ff.DIG_SLACK + 3 * b.cols.count([])
    digs = []
    for su in range(4):
        c = su << 4 | b.found[su] + 1
        for i, col in enumerate(b.cols):
            if b.found[su] < 13 and c in col[:-1] and len(col) - 1 - col.index(c) <= most:
                p = col.index(c)
                plan = ff.dig_plan(b, i, p)
                if plan is not None:
                    digs.append((-1, plan, p))
    return digs


def test_digs_with_no_free_cell_left():
    """The dig groups skip a plan at once when no free cell and no empty column is left and the
    top card fits no top; with an empty column (or a free cell) they must still plan: positions of
    random walks with their free cells filled from the longest columns, and also with their
    shortest column's cards put under another column's, against :func:`every_dig`."""
    checked = 0
    for deal in range(1, 13):
        for b in walk(deal, 3 * deal, 50):
            s = b.state()
            for empty_one in (False, True):
                cols = [list(c) for c in s.columns]
                if empty_one:
                    j = min((k for k in range(8) if cols[k]), key=lambda k: len(cols[k]))
                    k = (j + 1) % 8
                    cols[k] = cols[j] + cols[k]
                    cols[j] = []
                cells = list(s.cells)
                for x in range(4):
                    if cells[x] is None:
                        longest = max(range(8), key=lambda k: len(cols[k]))
                        cells[x] = cols[longest].pop()
                v = ff.Board(FreeCellState(tuple(map(tuple, cols)), tuple(cells), s.foundations))
                assert ff.g_dig(v) == every_dig(v)
                assert ff.g_dig_top(v) == every_dig_top(v)
                checked += bool(v.cols.count([]))
    assert checked > 100


def test_safe_and_next_cards_for_every_foundation():
    """:data:`SAFE` (the unrolled strong safe rule) and :data:`NEXT` against the complete search's
    own rule (:func:`games.solvers.freecell._safe`) for all 14**4 foundation heights."""
    from games.solvers.freecell import _safe

    for a in range(14):
        for b in range(14):
            for c in range(14):
                for d in range(14):
                    f = (a, b, c, d)
                    fk = a | b << 4 | c << 8 | d << 12
                    nxt = tuple(s << 4 | f[s] + 1 for s in range(4) if f[s] < 13)
                    assert ff.NEXT[fk] == nxt
                    assert ff.SAFE[fk] == frozenset(x for x in nxt if _safe(x, f)), f
