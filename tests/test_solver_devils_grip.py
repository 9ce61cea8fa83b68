"""Devil's Grip solver (issue 7): scripted positions with known answers, replays, slicing,
the best result against a brute force over the rules."""
import pytest

from games.cards import parse_card
from games.core import LOST, WON
from games.devils_grip import SWAP, DevilsGrip, DevilsGripState, canonical
from games.solvers.devils_grip import DGSearch, best_line, hint, sort_swaps
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


@pytest.mark.parametrize("beam", [0, 100])
def test_slices_give_the_same_answer_as_one_run(beam):
    s = play(R.deal(3), ["s"])
    one = DGSearch(s, max_nodes=3000, beam_width=beam)
    r1 = one.run()
    sliced = DGSearch(s, max_nodes=3000, beam_width=beam)
    steps = 0
    while (r2 := sliced.step(37)) is None:
        steps += 1
    assert steps > 10
    assert (r1.status, r1.nodes, one.best) == (r2.status, r2.nodes, sliced.best)
    assert one.best_moves() == sliced.best_moves()


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
