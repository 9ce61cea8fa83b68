"""Devil's Grip solver (issue 7): scripted positions with known answers, replays, slicing,
the best result against a brute force over the rules."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import parse_card
from games.core import LOST, WON
from games.devils_grip import N_CELLS, SWAP, DevilsGrip, DevilsGripState, canonical
from games.solvers.devils_grip import HINT_NODES, DGSearch, best_line, hint, hint_search, sort_swaps
from games.solvers.search import SOLVED, UNKNOWN, UNSOLVABLE, replays_to_win

R = DevilsGrip


def C(name):
    return parse_card(name)


def cards(text):
    return tuple(C(x) for x in text.split())


def complete_stacks():
    """The 24 complete stacks of the full deck, 8 a chain (row 1's, row 2's, row 3's)."""
    return [tuple(C(r + su) for r in chain) for chain in ("258J", "369Q", "47TK")
            for su in "CDHS" for _ in range(2)]


def spade_position(stock: str) -> DevilsGripState:
    """Everything complete but both 2S-5S-8S-JS stacks: 2S,5S in cell 1.1, 8S in cell 3.8 (the
    22 complete stacks take no card and go on none), the other five spades in ``stock``."""
    full = [st for st in complete_stacks() if st[0] != C("2S")]
    grid = [cards("2S 5S")] + full[:22] + [cards("8S")]
    return DevilsGripState(tuple(grid), cards(stock), ())


def play(s, moves):
    for m in moves:
        s = R.apply(s, R.parse_move(s, m))
    return s


def brute_best(s) -> int:
    """The fewest cards left over every line of legal moves but swaps (exhaustive)."""
    best = R.result(s)
    seen = {canonical(s)}
    todo = [s]
    while todo:
        x = todo.pop()
        best = min(best, R.result(x))
        for m in R.legal_moves(x):
            if m.kind == SWAP:
                continue
            y = R._apply(x, m)
            k = canonical(y)
            if k not in seen:
                seen.add(k)
                todo.append(y)
    return best


def test_solved_line_replays_and_ends_with_the_sorting_swaps():
    s = spade_position("2S JS 8S 5S JS")
    r = R.solve(s, max_nodes=10_000)
    assert r.status == SOLVED
    assert replays_to_win(R, s, r.moves)
    end = play(s, r.moves)
    assert R.status(end) == WON and R.result(end) == 0
    assert "<>" in r.moves[-1]  # 2S,5S,8S,JS built in row 1 but the 8S stack sat in row 3


def test_unsolvable_is_proved_and_the_best_is_exact():
    s = spade_position("JS 2S 8S 5S JS")  # the 2S can only reach the talon, where it is dead
    search = R.solver(s)
    r = search.run()
    assert r.status == UNSOLVABLE
    assert search.best == brute_best(s) > 0
    end = play(s, search.best_moves())
    assert R.result(end) == search.best


def test_dead_talon_card_proves_a_loss_at_once():
    s = spade_position("5S JS")
    s = DevilsGripState(s.grid, s.stock, cards("2S 8S"))  # 2S under the talon top: dead
    search = DGSearch(s)
    assert search.run().status == UNSOLVABLE
    assert search.best == brute_best(s)


def test_unknown_on_a_tiny_budget():
    r = R.solve(R.deal(1), max_nodes=50)
    assert r.status == UNKNOWN and r.nodes >= 50


def test_won_at_the_start_needs_only_swaps():
    grid = complete_stacks()
    grid = grid[16:] + grid[8:16] + grid[:8]  # rows 3, 2, 1: rows 1 and 3 exchanged
    s = DevilsGripState(tuple(grid), (), ())
    r = R.solve(s)
    assert r.status == SOLVED and all("<>" in m for m in r.moves)
    assert replays_to_win(R, s, r.moves)
    assert len(sort_swaps(s.grid)) == 8  # one swap settles a row-1 and a row-3 cell at once


@pytest.mark.parametrize("beam, nodes, first", [(0, 3000, False), (100, 3000, False), (100, 12000, False),
                                               (100, 3000, True)])
def test_slices_give_the_same_answer_as_one_run(beam, nodes, first):
    s = play(R.deal(3), ["s"])
    one = DGSearch(s, max_nodes=nodes, beam_width=beam, first_beam=first)
    r1 = one.run()
    sliced = DGSearch(s, max_nodes=nodes, beam_width=beam, first_beam=first)
    steps = 0
    while (r2 := sliced.step(37)) is None:
        steps += 1
    assert steps > 10
    assert (r1.status, r1.nodes, one.best) == (r2.status, r2.nodes, sliced.best)
    assert one.best_moves() == sliced.best_moves()


@pytest.mark.parametrize("number", [506, 12914, 17920, 19389, 24102, 30103])
def test_the_hint_wins_at_the_start_of_banked_deals(number):
    """The hint's budget finds the win at the start of the banked deals the probes win (the win
    beams and the probe run before the best-result beam, which took 26 000-32 000 nodes first)."""
    s = R.deal(number)
    r = DGSearch(s, max_nodes=20_000).run()
    assert r.status == SOLVED and replays_to_win(R, s, r.moves)
    assert r.nodes <= 6000     # within the probes' share, before the beam


def test_a_budgeted_beam_reaches_the_end_of_the_stock():
    """Under a node budget too small for its width, the best-result beam narrows and its best line
    still draws the whole stock (a line cut short would leave its stock)."""
    s = R.deal(2)
    search = DGSearch(s, max_nodes=5000, win_first=False)
    search.run()
    assert search.nodes <= 5000
    end = play(s, search.best_moves())
    assert not end.stock and R.result(end) == search.best


def bench_position(number: int):
    """Position ``number`` of bench/solvers.py's Devil's Grip set (deal n, then its fixed policy)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from solvers import VARIANTS, positions
    depth = next(v[3] for v in VARIANTS if v[0] == "devils-grip")
    return positions("devils-grip", {}, depth, number)[-1]


def test_the_hint_search_spends_its_budget_on_the_beam():
    """The hint's search plans its best-result beam for the whole budget, up to HINT_WIDTH states a
    layer. On the bench's mid-game position 20 a 100-wide beam reaches the end of the stock with a
    third of the budget left to the depth-first phases, and its line leaves 11 cards; the hint
    search's wider beam leaves 10, within the same nodes, and its line replays to that count."""
    s = bench_position(20)
    h = hint_search(s)
    h.run()
    o = DGSearch(s, max_nodes=HINT_NODES)
    o.run()
    assert h.nodes <= HINT_NODES and o.nodes <= HINT_NODES
    assert (o.best, h.best) == (11, 10)
    assert R.result(play(s, h.best_moves())) == h.best


def test_the_first_beam_is_the_earlier_search():
    """``first_beam`` (the daily bank's search) keeps its width: a budget that narrows the default
    beam stops it before the end of the stock."""
    s = R.deal(2)
    search = DGSearch(s, max_nodes=5000, win_first=False, first_beam=True)
    search.run()
    assert play(s, search.best_moves()).stock


def test_best_line_on_a_deal_replays_to_its_count():
    s = R.deal(2)
    moves, left = best_line(s, max_nodes=3000)
    end = play(s, moves)
    assert R.result(end) == left < R.result(s)
    assert hint(s, max_nodes=500) in {R.format_move(s, m) for m in R.legal_moves(s)}


@pytest.mark.parametrize("stock", ["2S JS 8S 5S JS", "JS 2S 8S 5S JS", "8S 5S 2S JS JS", "5S 8S JS JS 2S"])
def test_best_result_matches_brute_force(stock):
    s = spade_position(stock)
    search = DGSearch(s)
    r = search.run()
    assert search.best == brute_best(s)
    assert (r.status == SOLVED) == (search.best == 0)
    if r.status == SOLVED:
        assert replays_to_win(R, s, r.moves)
    else:
        assert R.result(play(s, search.best_moves())) == search.best


def test_lost_position_has_no_line():
    s = DevilsGripState(complete_stacks()[1:] + [cards("2C 5C 8C")], (), cards("JC 3D"))
    assert R.status(s) == LOST
    assert R.solve(s).status == UNSOLVABLE


def test_win_search_proves_no_win_before_the_best_is_exact():
    """Phase 2 runs out on deal 10 long before the branch and bound could: ``unsolvable`` (no line
    wins) while the best result is not yet proved optimal; its line still replays to it."""
    s = R.deal(10)
    search = DGSearch(s, max_nodes=30_000)
    r = search.run()
    assert r.status == UNSOLVABLE and search.no_win and not search.exact
    assert R.result(play(s, search.best_moves())) == search.best > 0


def loose_position(seed: int) -> DevilsGripState:
    """A small random what-if: the 24 complete stacks, shuffled over the cells, with a few top
    cards taken off into the stock and the talon, and sometimes a stack split (its starter into
    the stock, a middle piece left floating in the cell)."""
    rng = random.Random(seed)
    grid = [list(st) for st in complete_stacks()]
    rng.shuffle(grid)
    loose = []
    for _ in range(rng.randint(2, 6)):
        i = rng.randrange(N_CELLS)
        if len(grid[i]) > 1:
            loose.append(grid[i].pop())
    if rng.random() < 0.6:
        i = rng.randrange(N_CELLS)
        if len(grid[i]) >= 2:
            loose.append(grid[i].pop(0))  # the starter leaves; the rest floats
    rng.shuffle(loose)
    cut = rng.randint(0, len(loose))
    return DevilsGripState(tuple(tuple(st) for st in grid), tuple(loose[:cut]), tuple(loose[cut:]))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_both_modes_match_brute_force_on_loose_positions(seed):
    """The win search's cuts (dead cards, both copies, the last free copy) lose no win and, with
    the branch and bound after it, no better result: the same best as an exhaustive search."""
    s = loose_position(seed)
    exact = brute_best(s)
    for win_first in (True, False):
        search = DGSearch(s, win_first=win_first)
        r = search.run()
        assert search.best == exact and search.exact == (r.status == UNSOLVABLE)
        assert (r.status == SOLVED) == (exact == 0)
        if r.status == SOLVED:
            assert replays_to_win(R, s, r.moves)


def test_talon_top_is_not_forced_while_the_other_copy_is_free():
    """The talon's 8S fits only on 5S (cell 1.1), but the floating 8S must take that 5S first,
    so that its cell draws the stock's 2S (turned, the 2S would be dead); the other 5S then
    comes from the stock for the talon's 8S. Playing the talon's 8S at once loses: pruning 4
    applies only once the other 5S is covered."""
    full = [st for st in complete_stacks() if st[0] != C("2S")]
    grid = [cards("2S 5S"), cards("8S")] + full
    s = DevilsGripState(tuple(grid), cards("2S 5S"), cards("JS JS 8S"))
    r = DGSearch(s).run()
    assert r.status == SOLVED and brute_best(s) == 0
    assert r.moves[0] == "1.2>1.1"
    after_talon_play = R._apply(s, R.parse_move(s, "t>1.1"))
    assert brute_best(after_talon_play) > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_win_only_search_matches_brute_force_on_loose_positions(seed):
    """The command line's configuration (no beam, the probe, the whole win search, no branch and
    bound after the proof) and the win search without the probe: ``solved`` exactly when some
    line wins; ``unsolvable`` otherwise (a probe that runs out proves nothing)."""
    s = loose_position(seed)
    exact = brute_best(s)
    for probe in ((1,), (1, 2), ()):
        search = DGSearch(s, beam_width=0, probe=probe, settle=False)
        r = search.run()
        assert r.status == (SOLVED if exact == 0 else UNSOLVABLE)
        assert search.no_win == (exact > 0) and search.best >= exact
        if r.status == SOLVED:
            assert replays_to_win(R, s, r.moves)


@pytest.mark.parametrize("stock", ["JS 8S 5S JS 2S", "2S JS 8S 5S JS", "8S JS 5S JS 2S"])
def test_no_merge_after_the_last_starter(stock):
    """Pruning 6: for a win no merge refills a card after the stock's last chain starter (that
    card would be a bottom needing a merge of its own, for ever). The merge that refills the
    last starter itself (the 2S at the end of the first stock) must stay: that line wins."""
    s = spade_position(stock)
    search = DGSearch(s, beam_width=0, settle=False)
    r = search.run()
    assert (r.status == SOLVED) == (brute_best(s) == 0)
    prob = search.problem
    node = prob.root
    while node[1] <= prob.last_start:  # turn until the last starter is behind us, if we can
        nxt = [c for mv, c in prob.successors(node, 99) if mv == ("s",)]
        if not nxt:
            break
        node = nxt[0]
    if node[1] > prob.last_start:
        assert all(mv[0] != "m" for mv, _ in prob.successors(node, 1))


def test_forced_refills_are_the_cards_no_turn_can_take():
    """``next_forced``: a stock index that every window of three holding it shares with a chain
    starter must be refilled by a merge; the win search turns first when the next one is a
    multiple of three away."""
    s = DevilsGripState(((),) * 23 + (cards("4D"),), cards("5S 2S 8S JS QS KS 3H 9S"), ())
    search = DGSearch(s, beam_width=0)
    assert search.problem.next_forced == (0, 1, 6, 6, 6, 6, 6, 8, 8)
    assert search.problem.last_start == 6


def test_merges_in_hand_count_each_code_once():
    """``mobility`` (the beam's merges in hand, inlined there): the distinct stack codes whose
    stack could go onto some stack's top, checked against that definition on random grids of
    real stacks, with two alike stacks (the same code) in some of them."""
    from games.devils_grip import fits
    from games.solvers.devils_grip import code_of, top_of
    prob = DGSearch(R.deal(1), beam_width=0).problem
    rng = random.Random(24)
    alike = 0
    for _ in range(3000):
        codes = []
        for _ in range(N_CELLS):
            suit, rank = rng.randrange(4), rng.randint(2, 13)
            length = rng.randint(1, 1 + (13 - rank) // 3)
            codes.append(code_of([suit * 16 + rank + 3 * k for k in range(length)]))
        if rng.random() < 0.3:
            codes[rng.randrange(N_CELLS)] = codes[0]
        codes.sort()
        grid = bytes(codes)
        alike += len(set(grid)) < N_CELLS
        tops = [top_of(c) for c in grid]
        want = sum(1 for a in set(grid) if any(fits(a >> 2, t) for t in tops))
        assert prob.mobility(grid) == want, grid
    assert alike > 500


def test_time_budget_asks_only_for_a_win():
    """``solver(state, timeout=…)`` (``python -m games solve|winnability``): no beam, the probe
    finds #506's win in a few thousand positions, and a proof of no win ends the search."""
    s = R.deal(506)
    r = R.solver(s, timeout=60).run()
    assert r.status == SOLVED and replays_to_win(R, s, r.moves) and r.nodes < 10_000
    search = R.solver(R.deal(10), timeout=60)
    r = search.run()
    assert r.status == UNSOLVABLE and search.no_win and not search.exact
    assert r.nodes < DGSearch(R.deal(10), max_nodes=30_000).run().nodes


def reverse_played(seed: int):
    """A full-size position that is winnable by construction, with its winning line: random play
    *backwards* from 24 complete stacks (un-play a talon play: a stack's top card onto the
    talon; un-turn: the talon's top three back onto the stock; un-merge: a single card back onto
    the stock, the cell it leaves taking the upper part of another stack) until the grid is 24
    single cards and the talon is empty. ``None`` when the walk strays."""
    rng = random.Random(seed)
    grid = [list(st) for st in complete_stacks()]
    rng.shuffle(grid)
    talon, stock, back = [], [], []  # back: the forward moves, last first
    cell = lambda i: f"{i // 8 + 1}.{i % 8 + 1}"  # noqa: E731
    for _ in range(3000):
        singles = [i for i, x in enumerate(grid) if len(x) == 1]
        if len(singles) == N_CELLS and not talon:
            return DevilsGripState(tuple(map(tuple, grid)), tuple(stock), ()), back[::-1]
        tall = [i for i, x in enumerate(grid) if len(x) >= 2]
        ops = ["play"] * 6 * bool(tall) + ["turn"] * (2 if len(talon) > 6 else 1) * \
            bool(len(talon) >= 3 or (talon and not stock)) + ["merge"] * bool(singles and tall) * 3
        if not ops:
            return None
        op = rng.choice(ops)
        if op == "play":
            i = rng.choice(tall)
            talon.append(grid[i].pop())
            back.append(f"t>{cell(i)}")
        elif op == "turn":
            k = 3 if stock else rng.randint(1, min(3, len(talon)))
            stock[:0] = [talon.pop() for _ in range(k)][::-1]
            back.append("s")
        else:
            c = rng.choice(singles)
            j = rng.choice([i for i in tall if i != c] or [None])
            if j is None:
                continue
            cut = rng.randint(1, len(grid[j]) - 1)
            stock.insert(0, grid[c][0])
            grid[c], grid[j] = grid[j][cut:], grid[j][:cut]
            back.append(f"{cell(c)}>{cell(j)}")
    return None


def test_reverse_played_positions_are_never_called_unwinnable():
    """Full-size positions known to be winnable (their line replays to a win): the search finds
    a win or runs out of budget, never "unsolvable" — every cut of the win search is checked on
    whole deals, not only on small what-ifs."""
    made = solved = 0
    for seed in range(60):
        got = reverse_played(seed)
        if got is None:
            continue
        s, line = got
        made += 1
        end = play(s, line)
        assert R.status(play(end, [str(m) for m in sort_swaps(end.grid)])) == WON
        r = DGSearch(s, max_nodes=3000, beam_width=0, settle=False).run()
        assert r.status != UNSOLVABLE, f"seed {seed}"
        if r.status == SOLVED:
            solved += 1
            assert replays_to_win(R, s, r.moves)
    assert made >= 10 and solved >= 1
