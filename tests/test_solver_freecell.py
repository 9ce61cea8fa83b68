"""FreeCell solver (issue 7): answers on small positions, Microsoft deals, replay of every solution,
slicing, the safe auto-moves the app uses (#1941, #98714) and the proof of #11982."""
import re
import subprocess
import sys

import pytest

from games.cards import ALL_CARDS, parse_card as C
from games.freecell import CELL, FOUNDATION, FOUNDATION_OF, FreeCell, FreeCellState
from games.deal import splitmix64
from games.solvers import freecell as fcs
from games.solvers.freecell import (LANES, DepthFirst, FreeCellSearch, auto, key_of, skip_after, state_of,
                                    successors, successors_back, _safe)
from games.solvers.search import replays_to_win

# every card 3..K ranked in its own suit's column, the aces and twos at the bottoms: four kings
# fill the cells, so only a few jacks can move between queens, and nothing ever reaches an ace
STUCK = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: KC KD KH KS
: AC 3C 5C 7C 9C JC
: AD 3D 5D 7D 9D JD
: AH 3H 5H 7H 9H JH
: AS 3S 5S 7S 9S JS
: 2C 4C 6C 8C TC QC
: 2D 4D 6D 8D TD QD
: 2H 4H 6H 8H TH QH
: 2S 4S 6S 8S TS QS
"""

# ten cards out; the ten of diamonds lies under three clubs, the ten of clubs under JD KH
NEAR = """\
Foundations: H-Q C-9 D-9 S-Q
Freecells: - - - -
: TD KC QC JC
: TC JD KH
: QD
: KD KS
:
:
:
:
"""


def solve(state, **kw):
    r = FreeCell.solver(state, **kw).run()
    if r.status == "solved":
        assert replays_to_win(FreeCell, state, r.moves), r.moves
    return r


def position(text):
    return FreeCell.parse_position(text, {})


def exhaust_by_the_rules(state, limit=20000):
    """Independent check: every position reachable by the rules' own legal moves (no auto-moves,
    no moves back from the foundations); True when one is won."""
    def key(s):
        return tuple(sorted(s.columns)), tuple(sorted(c for c in s.cells if c is not None)), s.foundations
    seen, stack = {key(state)}, [state]
    while stack:
        s = stack.pop()
        for m in FreeCell.legal_moves(s):
            if m.src >= FOUNDATION_OF:
                continue
            n = FreeCell.apply(s, m)
            if sum(n.foundations) == 52:
                return True
            if key(n) not in seen:
                seen.add(key(n))
                stack.append(n)
                assert len(seen) < limit
    return False


def test_near_finished_board_is_solved_and_replays():
    s = position(NEAR)
    r = solve(s)
    assert r.status == "solved"
    # the ten of diamonds must first be dug out: something goes to a free cell or an empty column
    # (one of the four empty at the start, or one emptied on the way)
    parked = 0
    st = s
    for t in r.moves:
        m = FreeCell.parse_move(st, t)
        parked += CELL <= m.dst < FOUNDATION or m.dst < CELL and not st.columns[m.dst]
        st = FreeCell.apply(st, m)
    assert parked


def test_won_position_is_solved_with_no_moves():
    s = FreeCellState(((),) * 8, (None,) * 4, (13, 13, 13, 13))
    r = FreeCell.solver(s).run()
    assert (r.status, r.moves) == ("solved", [])


def test_tiny_unsolvable_position_is_proved_and_agrees_with_the_rules():
    s = position(STUCK)
    assert FreeCell.status(s) == "playing"          # jacks can still move
    r = solve(s)
    assert r.status == "unsolvable" and 0 < r.nodes < 1000
    assert exhaust_by_the_rules(s) is False


# the spades are home up to the ten; four kings fill the cells; no card can move but the ten of
# spades back from its foundation (hS1, onto the jack of hearts): a win only through that move
TAKE_BACK = """\
Foundations: H-0 C-0 D-0 S-T
Freecells: KH KD KC KS
: 2C 6C 8C JH
: QD JD TD 8D 7D 6D 5D 4D 3D 2D AD 9D
: 7H AH 5C QH
: QS 3H 9H TH
: JS 7C JC 8H
: 9C 4C AC 6H
: TC QC 4H
: 5H 3C 2H
"""


# QA: the 8 of hearts counts as safe (both black 7s home), yet the black 7s must come back and
# need it: hH2 hS2 … wins
SAFE_BACK = """\
Foundations: H-8 C-7 D-3 S-7
Freecells: KH KS KC KD
: 4D 6D
: 9H 9C
: 5D QH
: 7D QD
: 8S 8C QS
: 8D JH QC
: 9D 9S JS TS
: TD JD TH JC TC
"""


def test_a_win_that_takes_back_a_safe_card_is_found():
    s = position(SAFE_BACK)
    r = solve(s)
    assert r.status == "solved" and r.moves[0] == "hH2"
    assert replays_to_win(FreeCell, s, r.moves)


def test_a_win_through_a_card_back_from_its_foundation_is_found_not_called_unsolvable():
    s = position(TAKE_BACK)
    assert [FreeCell.format_move(s, m) for m in FreeCell.legal_moves(s)] == ["hS1"]
    r = solve(s)
    assert r.status == "solved" and r.moves[0] == "hS1"
    assert replays_to_win(FreeCell, s, r.moves)


# TAKE_BACK with the two of hearts on the jack: it must go onto the three of clubs (18) before
# the ten of spades can come back onto the jack; the lanes run dry at once, and the win goes
# through a move back out of a position they met, not the root
MOVE_THEN_TAKE_BACK = """\
Foundations: H-0 C-0 D-0 S-T
Freecells: KH KD KC KS
: 2C 6C 8C JH 2H
: QD JD TD 8D 7D 6D 5D 4D 3D 2D AD 9D
: 7H AH 5C QH
: QS 3H 9H TH
: JS 7C JC 8H
: 9C 4C AC 6H
: TC QC 4H
: 5H 3C
"""


def test_a_win_through_a_card_back_after_another_move():
    s = position(MOVE_THEN_TAKE_BACK)
    search = FreeCellSearch(s)
    r = search.run()
    assert r.status == "solved" and "hS1" in r.moves[1:]   # after other moves
    assert search.nodes_without_back is not None           # found by the last search
    assert replays_to_win(FreeCell, s, r.moves)


def walk_back(number: int, steps: int):
    """The positions of a random walk of up to ``steps`` moves (moves back to the tableau
    included) from FreeCell deal ``number``, seeded by the number."""
    s = FreeCellSearch(FreeCell.deal(number, {}))._root
    rng = splitmix64(number)
    for _ in range(steps):
        succ = successors_back(s)
        if not succ:
            return
        s = succ[next(rng) % len(succ)][1]
        yield s


def test_key_gives_back_its_position():
    for number in (3, 7):
        for s in walk_back(number, 50):
            cols, cells, f = state_of(key_of(*s[:2]))
            assert (sorted(cols), cells, f) == (sorted(s[0]), s[1], s[2])


def test_the_last_searchs_byte_test_tells_the_keys_with_no_move_back():
    """The last search skips a key holding every suit's card of rank BACK_FROM (no foundation has
    reached it, so no card comes back) before taking the key apart: the byte test and the
    foundations that ``state_of`` gives back agree on every key of walks from twenty deals (moves back
    included, so foundations go up and down)."""
    seen = {True: 0, False: 0}
    for number in range(1, 21):
        for s in walk_back(number, 300):
            key = key_of(*s[:2])
            skip = all(t in key for t in fcs.LOWEST_BACK)
            assert skip == all(h < fcs.BACK_FROM for h in state_of(key)[2])
            seen[skip] += 1
    assert seen[True] > 100 and seen[False] > 100, seen


def test_aces_and_twos_never_come_back_and_a_card_taken_back_goes_home_after_the_next_move():
    s = position(SAFE_BACK)
    root = FreeCellSearch(s)._root
    backs = [m for m, _ in successors_back(root) if m[0] & 64]
    assert backs and all(m[0] & 15 >= 3 for m, _ in successors_back(root) if m[0] & 64)
    # hearts home to the two, clubs to the ace, spades to the five: only the five comes back
    f = (2, 1, 0, 5)
    out = [c for c in ALL_CARDS if (c & 15) > f[c >> 4]]
    low = FreeCellState(tuple(tuple(out[i::8]) for i in range(8)), (None,) * 4, f)
    tops = {m[0] & 63 for m, _ in successors_back(((tuple(bytes(c) for c in low.columns)), b"", f))
            if m[0] & 64}
    assert tops == {C("5S")}
    # 8H taken back to a cell (safe: both black 7s and the 6D home) goes home again after any other move
    f = (7, 6, 8, 7)
    out = [c for c in ALL_CARDS if (c & 15) > f[c >> 4]]
    state = (tuple(bytes(out[i::8]) for i in range(8)), b"", f)
    after = next(n for m, n in successors_back(state) if m == (C("8H") | 64, -1, ()))
    assert after[1] == bytes([C("8H")]) and after[2][2] == 7
    others = [(m, n) for m, n in successors_back(after) if not m[0] & 64 and m[0] != C("8H")]
    assert others
    for (card, dst, autos), nxt in others:
        assert C("8H") in autos and C("8H") not in nxt[1] and nxt[2][2] >= 8


def _mid_game(number, depth):
    """Deal ``number`` after ``depth`` moves drawn by splitmix64 from the rules' legal moves."""
    s = FreeCell.deal(number, {})
    rng = splitmix64(number * 7919 + depth)
    for _ in range(depth):
        moves = FreeCell.legal_moves(s)
        if not moves:
            break
        s = FreeCell.apply(s, moves[next(rng) % len(moves)])
    return s


def exhaust_with_moves_back(state, limit=5000):
    """Independent check with every move back (aces and twos too): the rules' own legal moves,
    the app's auto-moves after every move but a move back; True when a win is reached."""
    def key(s):
        return tuple(sorted(s.columns)), tuple(sorted(c for c in s.cells if c is not None)), s.foundations
    s = app_auto(state)
    seen, stack = {key(s)}, [s]
    while stack:
        x = stack.pop()
        for m in FreeCell.legal_moves(x):
            y = FreeCell.apply(x, m)
            if m.src < FOUNDATION_OF:
                y = app_auto(y)
            if sum(y.foundations) == 52:
                return True
            if key(y) not in seen:
                seen.add(key(y))
                stack.append(y)
                assert len(seen) < limit
    return False


@pytest.mark.parametrize("number,depth", [(232, 30), (293, 20), (300, 20), (313, 20), (341, 20),
                                          (375, 20), (386, 30), (316, 30)])
def test_proofs_agree_with_every_move_back_allowed(number, depth):
    # mid-game positions with aces, twos or threes home, proved unsolvable by the solver (whose
    # last search takes no ace or two back, and starts from the lanes' positions): no win either
    # when every card may come back
    s = _mid_game(number, depth)
    assert sum(s.foundations) > 0
    search = FreeCellSearch(s)
    assert search.run().status == "unsolvable" and search.nodes > 5
    assert exhaust_with_moves_back(s) is False


def test_unknown_on_a_tiny_budget():
    s = FreeCell.deal(617, {})
    r = FreeCell.solver(s, max_nodes=20).run()
    assert r.status == "unknown" and r.moves == [] and r.nodes >= 20
    assert FreeCell.solver(position(STUCK), max_nodes=5).run().status == "unknown"


def test_timeout_gives_unknown():
    # #11982 has no win and its proof takes the lanes over a second: 50 ms cannot answer
    r = FreeCell.solver(FreeCell.deal(11982, {}), timeout=0.05).run()
    assert r.status == "unknown"


def test_the_lanes_read_the_clock_once_in_tick_expansions(monkeypatch):
    """A clock read costs about a third of an expansion in Pyodide on the Node process's CPU clock:
    the lanes read it once in TICK expansions (against once an expansion with TICK 1), the same
    search, and a timeout still ends it."""
    def reads(tick):
        monkeypatch.setattr(fcs, "TICK", tick)
        n = [0]

        def clock():
            n[0] += 1
            return n[0] * 1e-6      # a microsecond a read: the timeout is never reached

        search = FreeCellSearch(FreeCell.deal(11982, {}), max_nodes=20000, timeout=1e6, clock=clock,
                                prelude=())
        assert search.run().status == "unknown" and search.nodes >= 20000
        return n[0], search.nodes

    tick = fcs.TICK
    every, nodes = reads(1)
    once, nodes_tick = reads(tick)
    assert nodes_tick == nodes and every > 1000
    assert once < every / 20, (once, every)
    monkeypatch.undo()
    late = FreeCellSearch(FreeCell.deal(11982, {}), timeout=1e-3, prelude=())
    assert late.run().status == "unknown" and late.nodes < 200000


@pytest.mark.parametrize("number", [1, 2, 617, 1000])
def test_microsoft_deals_solved_under_a_node_cap(number):
    r = solve(FreeCell.deal(number, {}), max_nodes=60000)
    assert r.status == "solved" and r.moves
    assert r.nodes <= 60000


def test_schedule_turns_resume_each_lane_where_it_stopped():
    # #617 needs thousands of states: lane 0 runs to 100 own states, lane 1 to 150, lane 0 on to
    # 300 (its own search resumed, not restarted), then all three in turn
    s = FreeCell.deal(617, {})
    search = FreeCellSearch(s, max_nodes=800, lanes=LANES[:3], schedule=[(0, 100), (1, 150), (0, 300)])
    assert search.run().status == "unknown"
    own = [len(lane.parent) - 1 for lane in search._lanes]
    assert own[0] >= 300 and own[1] >= 150 and own[2] > 0 and sum(own) == search.nodes
    # a plain one-lane search meets the same first 300 states as lane 0 did in three turns
    alone = FreeCellSearch(s, max_nodes=300, lanes=LANES[:1])
    alone.run()
    assert alone._lanes[0].parent[:301] == search._lanes[0].parent[:301]
    assert alone._lanes[0].move[:301] == search._lanes[0].move[:301]


def _replay_internal(root, path):
    """The position an internal line of :func:`successors` moves leads to from ``root``."""
    for m in path:
        root = next(nxt for mv, nxt in successors(root) if mv == m)
    return root


def test_a_depth_first_lane_wins_where_best_first_wanders_and_its_line_is_shortened(monkeypatch):
    # #672 costs the best-first lanes tens of thousands of states; depth first on the second
    # lane's score wins in about 1200, on a wandering line that shorten() cuts down
    lines = []

    def spy(root, path):
        out = shorten(root, path)
        lines.append((root, path, out))
        return out

    shorten = fcs.shorten
    monkeypatch.setattr(fcs, "shorten", spy)
    s = FreeCell.deal(672, {})
    search = FreeCellSearch(s, max_nodes=3000, lanes=[DepthFirst(LANES[1])])
    r = search.run()
    assert r.status == "solved" and replays_to_win(FreeCell, s, r.moves)
    (root, raw, short), = lines
    assert len(short) < len(raw) - 20
    assert _replay_internal(root, short)[2] == _replay_internal(root, raw)[2] == (13, 13, 13, 13)
    # a best-first line of ordinary length is left as it is (fcs.LONG_LINE)
    lines.clear()
    assert FreeCellSearch(s, max_nodes=3000, lanes=LANES[:1]).run().status == "unknown"
    r = FreeCellSearch(FreeCell.deal(2, {})).run()
    assert r.status == "solved" and len(r.moves) <= fcs.LONG_LINE and lines == []


def test_depth_first_lanes_slice_like_one_run():
    # a depth-first turn ends between two expansions like a best-first one: the same answer and
    # states however sliced, alone and taking turns with a best-first lane
    s = FreeCell.deal(672, {})
    for lanes, schedule in (([DepthFirst(LANES[1])], None), ([LANES[0], DepthFirst(LANES[1])], [(0, 300), (1, 500)])):
        whole = FreeCellSearch(s, max_nodes=4000, lanes=lanes, schedule=schedule).run()
        sliced = FreeCellSearch(s, max_nodes=4000, lanes=lanes, schedule=schedule)
        steps = 0
        while (r := sliced.step(53)) is None:
            steps += 1
        assert steps > 5
        assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)
        assert r.status == "solved"


def test_a_depth_first_lane_that_runs_dry_has_searched_the_same_space():
    # running dry is a proof whatever the order: the depth-first lane meets exactly the states
    # the best-first lane meets before the last search (moves back) starts
    s = position(STUCK)
    dfs = FreeCellSearch(s, lanes=[DepthFirst(LANES[0])])
    bfs = FreeCellSearch(s, lanes=LANES[:1])
    assert dfs.run().status == bfs.run().status == "unsolvable"
    assert dfs.nodes_without_back == bfs.nodes_without_back > 0


def test_slicing_equals_one_run():
    s = FreeCell.deal(617, {})
    whole = FreeCell.solver(s).run()
    sliced = FreeCell.solver(s)
    steps = 0
    while (r := sliced.step(137)) is None:
        steps += 1
    assert steps > 5
    assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)
    assert sliced.step(10) is r                    # finished searches keep their answer


def test_moves_are_our_notation_with_supermoves():
    r = solve(FreeCell.deal(1, {}))
    assert all(re.fullmatch(r"[1-8a-d][1-8a-dh](/\d+)?", m) for m in r.moves), r.moves
    s = FreeCell.deal(1, {})
    runs = 0
    for m in r.moves:
        mv = FreeCell.parse_move(s, m)
        runs += mv.n > 1
        s = FreeCell.apply(s, mv)
    assert FreeCell.status(s) == "won"
    assert runs > 0                                # some runs moved whole


def test_internal_auto_moves_are_only_the_safe_ones():
    # every auto-move the search makes is one the app's safe_to_foundation offers
    s = FreeCell.deal(5, {})
    cols = tuple(bytes(c) for c in s.columns)
    cols, cells, f = auto(cols, b"", tuple(s.foundations))
    for _ in range(40):
        succ = successors((cols, cells, f))
        if not succ:
            break
        (card, dst, autos), (cols2, cells2, f2) = succ[len(succ) // 2]
        st = FreeCellState(tuple(tuple(c) for c in cols), tuple(cells) + (None,) * (4 - len(cells)), f)
        # replay the chosen move's autos on the rules' state: each must be safe when it is made
        pre = _apply_internal(st, card, dst)
        for c in autos:
            safe = [x for x, _ in FreeCell.safe_to_foundation(pre)]
            assert c in safe
            pre = FreeCell.apply(pre, next(m for x, m in FreeCell.safe_to_foundation(pre) if x == c))
        assert not FreeCell.safe_to_foundation(pre)  # and none is left behind
        cols, cells, f = cols2, cells2, f2


def _apply_internal(st, card, dst):
    from games.freecell import CELL, Move
    for i, col in enumerate(st.columns):
        if card in col:
            src, n = i, len(col) - col.index(card)
            break
    else:
        src, n = CELL + st.cells.index(card), 1
    if dst == -2:
        return FreeCell.apply(st, Move(src, FOUNDATION))
    if dst == -1:
        return FreeCell.apply(st, Move(src, CELL + st.cells.index(None)))
    return FreeCell.apply(st, Move(src, dst, n))


def app_auto(s, exclude=()):
    """What the app does with auto to foundation on: the safe cards go home, one by one."""
    while True:
        safe = FreeCell.safe_to_foundation(s, exclude)
        if not safe:
            return s
        s = FreeCell.apply(s, safe[0][1])


@pytest.mark.parametrize("number", [1941, 98714])
def test_deals_stay_solvable_with_the_apps_auto_moves(number):
    start = app_auto(FreeCell.deal(number, {}))
    r = solve(start)
    assert r.status == "solved"
    # replay as the app would: after every move the safe cards go home by themselves; a move
    # home of a card the app already sent is skipped
    plain, s = start, start
    for m in r.moves:
        mv = FreeCell.parse_move(plain, m)
        card = FreeCell.moving_card(plain, mv)
        plain = FreeCell.apply(plain, mv)
        if mv.dst == FOUNDATION and s.foundations[card >> 4] >= card & 15:
            continue
        s = app_auto(FreeCell.apply(s, mv))
    assert FreeCell.status(s) == "won"


def test_11982_is_proved_unsolvable_by_one_lane():
    # one lane alone exhausts the space (the default solver runs six lanes: slow test below)
    r = FreeCellSearch(FreeCell.deal(11982, {}), lanes=LANES[:1]).run()
    assert r.status == "unsolvable"
    assert r.nodes > 10000


@pytest.mark.slow
def test_11982_is_proved_unsolvable_by_the_default_solver():
    r = FreeCell.solver(FreeCell.deal(11982, {})).run()
    assert r.status == "unsolvable" and r.moves == []


@pytest.mark.slow
def test_11982_independently_exhausted_by_the_rules_moves():
    # the rules' own legal_moves (moves back from a foundation included) and safe_to_foundation,
    # a plain DFS: no win either; it meets exactly the positions of the solver's first lane (with
    # the app's auto-moves, no card usefully comes back here), and the solver's last search (moves
    # back too) covers all of them
    s0 = app_auto(FreeCell.deal(11982, {}))

    def key(s):
        return tuple(sorted(s.columns)), tuple(sorted(c for c in s.cells if c is not None))
    seen, stack = {key(s0)}, [s0]
    while stack:
        s = stack.pop()
        for m in FreeCell.legal_moves(s):
            n = app_auto(FreeCell.apply(s, m))
            assert sum(n.foundations) < 52
            if key(n) not in seen:
                seen.add(key(n))
                stack.append(n)
    search = FreeCellSearch(FreeCell.deal(11982, {}), lanes=LANES[:1])
    assert search.run().status == "unsolvable"
    # the last search starts from the moves back out of every position the lane met, so it
    # covers every position of this DFS
    assert search.nodes_without_back + 1 == len(seen)
    assert search.seeded == len(seen)


def test_canonical_key_ignores_column_and_cell_order():
    s = FreeCell.deal(3, {})
    cols = tuple(bytes(c) for c in s.columns)
    assert key_of(cols, bytes([C("3C"), C("KH")])) == key_of(cols[::-1], bytes([C("3C"), C("KH")]))
    moved = (cols[0][:-1],) + cols[1:]
    assert key_of(cols, b"") != key_of(moved, bytes([cols[0][-1]]))


def test_key_tells_a_card_on_a_column_from_the_same_card_in_a_cell():
    # for every card: on top of the column that sorts last, or in a cell (alone or first of the
    # cells) are different positions; a separator byte equal to a card once merged them
    cards = [s * 16 + r for s in range(4) for r in range(1, 14)]
    for c in cards:
        low = cards[0] if c != cards[0] else cards[1]
        for other_cells in (b"", bytes([cards[-1]]) if c != cards[-1] else b""):
            on_col = (b"",) * 7 + (bytes([low, c]),)
            in_cell = (b"",) * 7 + (bytes([low]),)
            assert key_of(on_col, other_cells) != key_of(in_cell, bytes(sorted(other_cells + bytes([c]))))


def test_auto_sends_aces_and_twos_but_keeps_needed_cards():
    cols = (bytes([C("2C"), C("AC")]),) + (b"",) * 7
    out = []
    cols2, cells, f = auto(cols, bytes([C("3C")]), (0, 0, 0, 0), out)
    assert f == (2, 0, 0, 0) and out == [C("AC"), C("2C")] and cols2[0] == b""
    assert cells == bytes([C("3C")])                  # 3C may still be needed by the red twos


def test_cli_solve_prints_a_replayable_solution():
    p = subprocess.run([sys.executable, "-m", "games", "solve", "freecell", "--number", "617"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    status, moves = p.stdout.splitlines()
    assert status == "solved"
    assert replays_to_win(FreeCell, FreeCell.deal(617, {}), moves.split())


def test_cards_conserved_in_every_successor():
    s = FreeCell.deal(9, {})
    state = (tuple(bytes(c) for c in s.columns), b"", (0, 0, 0, 0))
    for _, (cols, cells, f) in successors(state):
        out = sorted(c for col in cols for c in col) + sorted(cells)
        home = [su * 16 + r for su in range(4) for r in range(1, f[su] + 1)]
        assert sorted(out + home) == sorted(ALL_CARDS)


def _reference_children(state):
    """The search's moves written the plain way from the rules (module docstring of the solver):
    every legal move but those back from the foundations, a whole column into an empty column,
    and moves to any empty column or cell but the first; then the safe auto-moves."""
    cols, cells, f = state
    st = FreeCellState(tuple(tuple(c) for c in cols), tuple(cells) + (None,) * (4 - len(cells)), f)
    first_empty = next((i for i, c in enumerate(cols) if not c), None)
    out = set()
    for m in FreeCell.legal_moves(st):
        if m.src >= FOUNDATION_OF:
            continue
        if m.dst < 8 and not st.columns[m.dst]:
            if m.dst != first_empty or (m.src < 8 and m.n == len(st.columns[m.src])):
                continue
        n = FreeCell.apply(st, m)
        c2, ce2, f2 = auto(tuple(bytes(c) for c in n.columns), bytes(sorted(c for c in n.cells if c is not None)),
                           n.foundations)
        out.add((key_of(c2, ce2), f2))
    return out


@pytest.mark.parametrize("number", [3, 11982, 1941])
def test_successors_are_exactly_the_rules_moves(number):
    import random
    rnd = random.Random(number)
    s = FreeCell.deal(number, {})
    state = auto(tuple(bytes(c) for c in s.columns), b"", (0, 0, 0, 0))
    for _ in range(60):
        succ = successors(state)
        got = {(key_of(c, ce), f) for _, (c, ce, f) in succ}
        assert got == _reference_children(state)
        if not succ:
            break
        state = rnd.choice(succ)[1]


@pytest.mark.parametrize("number", [3, 11982, 1941, 617, 29596])
def test_moves_skipped_after_a_one_card_move_lead_where_the_position_before_led(number):
    # skip_after: after one card went somewhere (no auto-moves), its next moves are left out;
    # each of them must reach the position before it or one of that position's children (a
    # lane has them all in its visited set), and every other child is kept, in order
    import random
    rnd = random.Random(number)
    s = FreeCell.deal(number, {})
    start = auto(tuple(bytes(c) for c in s.columns), b"", (0, 0, 0, 0))
    parent, skipped = start, 0
    for _ in range(300):
        succ = successors(parent)
        if not succ:               # a random walk gets stuck: walk again from the deal
            parent = start
            succ = successors(parent)
        move, child = rnd.choice(succ)
        known = {key_of(parent[0], parent[1])} | {key_of(c, ce) for _, (c, ce, _) in succ}
        card = skip_after(move, child[0])
        full, cut = successors(child), successors(child, card)
        assert cut == [x for x in full if x[0][0] != card]
        for m, (c, ce, f) in full:
            if m[0] == card:
                skipped += 1
                assert key_of(c, ce) in known, (move, m)
        parent = child
    assert skipped > 20


def test_schedule_cost_is_exact_arithmetic_on_each_lanes_counts():
    # bench/freecell_schedule.py chose SCHEDULE by simulating turn lists on each lane's states
    # alone: a lane's search does not depend on the others, so the simulation is exact but for
    # a turn's last expansion, which may overshoot its target by a few states
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "freecell_schedule", Path(__file__).resolve().parent.parent / "bench" / "freecell_schedule.py")
    fs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fs)
    s = FreeCell.deal(617, {})
    need = []
    for fn in LANES[:3]:
        alone = FreeCellSearch(s, max_nodes=12000, lanes=[fn])
        need.append(alone.nodes if alone.run().status == "solved" else None)
    assert any(need)
    schedule = [(0, 300), (1, 700), (2, 500), (0, 1000)] + [(k, n) for k, n in enumerate(need) if n]
    real = FreeCellSearch(s, lanes=LANES[:3], schedule=schedule)
    assert real.run().status == "solved"
    sim = fs.cost(need + [None] * 3, schedule)
    assert sim <= real.nodes <= sim + 10 * len(schedule)


QA3_BASE = """
Foundations: H-7 C-7 D-4 S-7
Freecells: KC KS KH QC
: 5D 6D
: QD 8H
: 9H 9C JD JC TD
: QH 8D QS
: KD 7D 8C
: 8S 9S TH
: TS
: JS JH 9D TC
"""


def test_a_card_on_a_card_it_does_not_fit_stays_as_a_base_when_only_the_weak_rule_calls_it_safe():
    # QA 3: 8H lies on QD; both black 7s are home, so the weak rule would send it home at once,
    # and from there it can never come back onto QD. The only win takes 7S back onto that 8H to
    # hold 6D (hS2 12 …). The strong rule (6D not home) keeps it: solved, and it replays.
    s = position(QA3_BASE)
    r = solve(s)
    assert r.status == "solved"
    assert replays_to_win(FreeCell, s, r.moves)
    assert not _safe(C("8H"), (7, 4, 7, 7)) and _safe(C("8H"), (7, 6, 7, 7))


@pytest.mark.parametrize("number", [3, 617, 1941, 29596])
def test_every_compound_move_is_a_line_of_the_lanes_moves(number):
    # a soft depth-first child is one move or several (cards parked, then the move it is for):
    # each must be a move successors() makes at its turn, so that the line replays and shorten()
    # can walk it; and the child's position must be where that line leads
    import random
    rnd = random.Random(number)
    s = FreeCell.deal(number, {})
    start = auto(tuple(bytes(c) for c in s.columns), b"", (0, 0, 0, 0))
    state, compound = start, 0
    for step in range(120):
        kids = list(fcs.meta_successors(state, step % 3))
        if not kids:
            state = start
            continue
        for moves, child in kids:
            st = state
            for m in moves:
                st = next(nxt for mv, nxt in successors(st) if mv == m)
            assert st == child, moves
            compound += len(moves) > 1
        state = rnd.choice(kids)[1]
    assert compound > 10


def test_the_soft_depth_first_prelude_runs_first_and_slices_like_one_run():
    # the default solver starts with PRELUDE's soft depth-first turns; a win there is replayed by
    # the rules like any; explicit lanes run without it; the same answer however sliced
    s = FreeCell.deal(617, {})
    own: dict = {}
    for order, target in fcs.PRELUDE:        # a turn's target counts the lane's own states so far
        own[order] = max(own.get(order, 0), target)
    budget = sum(own.values())
    pre = FreeCellSearch(s, max_nodes=budget)
    r = pre.run()
    assert r.status == "solved" or r.nodes == budget
    assert all(lane is None for lane in pre._lanes)       # no lane of SCHEDULE has started yet
    alone = FreeCellSearch(s, max_nodes=budget, prelude=[(0, budget)])
    assert alone.run().status in ("solved", "unknown") and alone.nodes <= budget
    assert FreeCellSearch(s, lanes=LANES[:1], max_nodes=10)._prelude == []
    for number in (1, 9, 178):
        d = FreeCell.deal(number, {})
        whole = FreeCellSearch(d, prelude=[(0, 400), (1, 400)]).run()
        sliced = FreeCellSearch(d, prelude=[(0, 400), (1, 400)])
        while (part := sliced.step(37)) is None:
            pass
        assert (part.status, part.moves, part.nodes) == (whole.status, whole.moves, whole.nodes)
        assert whole.status == "solved" and replays_to_win(FreeCell, d, whole.moves)


def test_a_step_in_the_prelude_weighs_each_soft_state_as_several():
    # the app's hint steps 100 states at a time and looks at the clock between steps: a soft
    # state costs several of a lane's, so a step enters fewer of them, and slicing still gives
    # the same answer
    s = FreeCell.deal(1, {})
    search = FreeCellSearch(s, prelude=[(8, 400)])
    assert search.step(90) is None
    assert search.nodes == 90 // fcs.SOFT_COST
    assert search.step(1) is None and search.nodes == 90 // fcs.SOFT_COST + 1


@pytest.mark.parametrize("number", [1, 617, 11982])
def test_play_makes_exactly_the_moves_successors_makes(number):
    # prune() replays a line's moves on other positions with _play: on random walks, every move
    # successors() makes is played by _play to the same child, and _play refuses the moves of
    # a card that is home or lies under a card out of order
    import random
    rnd = random.Random(number)
    s = FreeCell.deal(number, {})
    start = auto(tuple(bytes(c) for c in s.columns), b"", (0, 0, 0, 0))
    state, refused = start, 0
    for _ in range(150):
        kids = successors(state)
        if not kids:
            state = start
            continue
        for mv, child in kids:
            assert fcs._play(state, mv[0], mv[1]) == (mv, child)
        cols, cells, f = state
        for col in cols:
            if len(col) > 1 and fcs._RUNS[col] < len(col):
                buried = col[len(col) - fcs._RUNS[col] - 1]
                assert fcs._play(state, buried, fcs.TO_CELL) is None
                refused += 1
        home = [(su << 4) | f[su] for su in range(4) if f[su]]
        for card in home:
            assert fcs._play(state, card, fcs.TO_CELL) is None
        empty = [j for j, col in enumerate(cols) if not col]
        for j in empty[1:]:          # onto an empty column: the first one only, as successors()
            for col in cols:
                if col:
                    assert fcs._play(state, col[-1], j) is None
                    refused += 1
        state = rnd.choice(kids)[1]
    assert refused > 50
    # NEAR has four empty columns: a top goes onto the first of them only (the app's keys play a
    # run to an empty column there first, and a hint must be a move they can make)
    near = FreeCellSearch(position(NEAR))._root
    first = near[0].index(b"")
    assert fcs._play(near, near[0][1][-1], first) is not None
    for j in range(first + 1, 8):
        assert fcs._play(near, near[0][1][-1], j) is None


def test_prune_leaves_out_a_card_parked_and_taken_back():
    # a line that parks a card in a cell, then takes it back where it was: prune() leaves both
    # moves out, and the shorter line still wins (replayed by the rules)
    for number in range(1, 60):      # a deal with a column top lying on a card it fits
        s = FreeCell.deal(number, {})
        search = FreeCellSearch(s, lanes=LANES[:1])
        root = search._root
        i = next((i for i, col in enumerate(root[0]) if fcs._RUNS[col] >= 2), None)
        line = fcs.SoftDepthFirst(root, 8).run(1500) if i is not None else None
        if line is not None:
            break
    path = [mv for ms, _ in line for mv in ms]
    c = root[0][i][-1]
    out, st = fcs._play(root, c, fcs.TO_CELL)
    back, st2 = fcs._play(st, c, i)
    assert out[2] == () and back[2] == () and st2 == root
    detour = [out, back] + path
    short = fcs.prune(root, detour)
    assert short[:2] != [out, back] and len(short) <= len(path)
    texts, end = search._texts(short)
    assert sum(end.foundations) == 52 and replays_to_win(FreeCell, s, texts)
    # a line with a move back from a foundation is returned as it is
    assert fcs.prune(root, [(c | fcs.BACK, 0, ())]) == [(c | fcs.BACK, 0, ())]


def test_prune_makes_the_lines_shorter_and_they_still_win():
    # on a few deals the solver's lines, pruned, are never longer and together shorter, and
    # each replays to a win by the rules
    total_raw = total = won = 0
    for number in (1, 2, 3, 10, 27, 617):
        s = FreeCell.deal(number, {})
        search = FreeCellSearch(s)
        root = search._root
        lane = fcs.SoftDepthFirst(root, 8)
        line = lane.run(1500)
        if line is None:
            continue
        won += 1
        path = [m for ms, _ in line for m in ms]
        short = fcs.prune(root, path)
        texts, end = search._texts(short)
        assert sum(end.foundations) == 52 and replays_to_win(FreeCell, s, texts)
        assert len(texts) <= len(search._texts(path)[0])
        total_raw += len(search._texts(path)[0])
        total += len(texts)
    assert won >= 4 and total < total_raw


def test_a_long_soft_line_is_shortened_like_a_lane_line(monkeypatch):
    # #410 is won in the prelude after ~1400 soft states on a line of 234 moves once pruned:
    # over LONG_LINE, it is shortened first like a lane's line (135 moves), and still wins
    calls = []
    shorten = fcs.shorten

    def spy(root, path):
        calls.append(len(path))
        return shorten(root, path)

    monkeypatch.setattr(fcs, "shorten", spy)
    s = FreeCell.deal(410, {})
    search = FreeCellSearch(s)
    r = search.run()
    assert r.status == "solved" and replays_to_win(FreeCell, s, r.moves)
    assert search.nodes <= sum(t for _, t in fcs.PRELUDE) and calls     # won in the prelude
    assert len(r.moves) <= fcs.LONG_LINE
