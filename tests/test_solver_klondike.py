"""Klondike solver (games/solvers/klondike.py): thoughtful Klondike, draw 1 and 3, unlimited
recycles. Small positions with known answers, every solution replayed by the rules, slicing,
a few deals under a node cap, and the CLI."""
import subprocess
import sys
from collections import deque

import pytest

from games.cards import ALL_CARDS, fmt, parse_card
from games.columns import foundation_cards, parse_foundations
from games.core import GameError
from games.klondike import Klondike
from games.solvers.klondike import _Problem
from games.solvers.search import SOLVED, UNKNOWN, UNSOLVABLE, replays_to_win

C = parse_card


def pos(cols, found, stock=(), waste="", draw=1):
    """A position: 7 column texts (face-down cards in parentheses), the foundations, the stock
    (card names, drawn first) and waste; the cards named plus the foundations must be all 52."""
    named = [t.strip("()") for c in cols for t in c.split()] + waste.split() + list(stock)
    used = {C(x) for x in named} | set(foundation_cards(parse_foundations(found, 0)))
    assert used == set(ALL_CARDS), [fmt(c) for c in ALL_CARDS if c not in used]
    lines = ["Game: klondike", f"Draw: {draw}", f"Foundations: {found}",
             "Stock: " + " ".join(f"({x})" for x in stock), f"Waste: {waste}"]
    lines += [f": {c}" for c in cols]
    return Klondike.parse_position("\n".join(lines) + "\n", {})


def brute_force_winnable(s, limit=200_000) -> bool:
    """Exhaustive search over the rules' own legal moves (score and recycles ignored)."""
    def key(x):
        return x.columns, x.down, x.stock, x.waste, x.foundations
    seen = {key(s)}
    todo = deque([s])
    while todo:
        x = todo.popleft()
        if sum(x.foundations) == 52:
            return True
        for m in Klondike.legal_moves(x):
            y = Klondike.apply(x, m)
            if key(y) not in seen:
                seen.add(key(y))
                todo.append(y)
        assert len(seen) < limit
    return False


def solve(s, **kw):
    r = Klondike.solver(s, **kw).run()
    if r.status == SOLVED:
        assert replays_to_win(Klondike, s, r.moves), r.moves
    return r


# -- small positions with known answers ----------------------------------------------------------
def test_last_card_in_the_stock_is_drawn_and_played():
    s = pos(["", "", "", "", "", "", ""], "H-Q C-K D-K S-K", stock=["KH"])
    r = solve(s)
    assert r.status == SOLVED and r.moves == ["s", "wh"]


def test_needs_a_king_back_from_its_foundation():
    # QH can only leave KH and JH through a black king brought back onto an empty column
    s = pos(["(KH) (JH) QH", "", "", "", "", "", ""], "H-T C-K D-K S-K")
    assert brute_force_winnable(s)
    r = solve(s)
    assert r.status == SOLVED
    assert any(m[:2] in ("hC", "hS") for m in r.moves)


def test_proved_unsolvable_on_a_tiny_position():
    # 5H goes home from the stock; then 6H is under 7H, which can neither go home nor onto a
    # black 8 (none is out, none can come back: only kings leave the foundations, and no
    # column ever empties)
    cols = ["(6H) 7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    s = pos(cols, "H-4 C-K D-K S-K", stock=["5H"])
    assert not brute_force_winnable(s)
    r = solve(s)
    assert r.status == UNSOLVABLE


def test_unknown_on_a_tiny_budget():
    r = Klondike.solver(Klondike.deal(12, {"draw": "1"}), max_nodes=30).run()
    assert r.status == UNKNOWN and r.nodes == 30


def test_a_won_position_is_solved_with_no_moves():
    s = pos(["", "", "", "", "", "", ""], "H-K C-K D-K S-K")
    assert solve(s).status == SOLVED and solve(s).moves == []


def test_draw_three_reaches_every_third_card_and_after_a_recycle():
    pb = _Problem(3)
    assert list(pb.reachable(bytes(7), 0)) == [2, 5, 6]
    assert list(pb.reachable(bytes(7), 1)) == [0, 2, 3, 5, 6]
    assert list(pb.reachable(bytes(7), 7)) == [2, 5, 6]
    assert list(_Problem(1).reachable(bytes(4), 2)) == [0, 1, 2, 3]


def test_draw_three_cannot_play_a_card_it_never_shows():
    # stock 2C 3C 4C: draw 3 only ever shows 4C, which fits nowhere, and nothing else moves;
    # draw 1 plays the clubs home, empties columns, brings a red king and queen back from their
    # foundation to free QC, JC, TC
    cols = ["KC", "5C", "6C", "7C", "8C", "9C", "(TC) (JC) QC"]
    stock = ["2C", "3C", "4C"]
    s3 = pos(cols, "H-K C-A D-K S-K", stock=stock, draw=3)
    s1 = pos(cols, "H-K C-A D-K S-K", stock=stock, draw=1)
    assert not brute_force_winnable(s3)
    assert solve(s3).status == UNSOLVABLE
    r = solve(s1)
    assert r.status == SOLVED and any(len(m) == 3 and m[0] == "h" for m in r.moves)


# -- deals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("draw,number", [("1", 1), ("1", 2), ("1", 3), ("3", 2), ("3", 4), ("3", 8)])
def test_deals_solved_under_a_cap_and_replayed(draw, number):
    s = Klondike.deal(number, {"draw": draw})
    r = solve(s, max_nodes=20_000)
    assert r.status == SOLVED
    assert r.moves[-1].endswith("h")


def test_slicing_gives_the_same_answer_as_one_run():
    s = Klondike.deal(16, {"draw": "1"})
    one = Klondike.solver(s, max_nodes=3000).run()
    sliced = Klondike.solver(s, max_nodes=3000)
    r, steps = None, 0
    while r is None:
        r = sliced.step(37)
        steps += 1
    assert steps > 3
    assert (r.status, r.moves, r.nodes) == (one.status, one.moves, one.nodes)
    assert sliced.step(10) is r  # over: the same result again


def test_mid_game_hint_is_a_legal_first_move():
    s = Klondike.deal(5, {"draw": "1"})
    for text in ["s", "s", "s"]:
        s = Klondike.apply(s, Klondike.parse_move(s, text))
    r = solve(s, max_nodes=20_000)
    assert r.status == SOLVED
    Klondike.apply(s, Klondike.parse_move(s, r.moves[0]))  # raises if not legal


def test_a_wrong_solution_would_be_caught():
    s = Klondike.deal(1, {"draw": "1"})
    r = solve(s, max_nodes=20_000)
    assert not replays_to_win(Klondike, s, r.moves[:-1])
    with pytest.raises(GameError):
        Klondike.apply(s, Klondike.parse_move(s, "hS1"))


def test_cli_solve_prints_a_replayable_line():
    p = subprocess.run([sys.executable, "-m", "games", "solve", "klondike", "--number", "2",
                        "--option", "draw=3", "--timeout", "20"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    first, moves = p.stdout.splitlines()
    assert first == "solved"
    assert replays_to_win(Klondike, Klondike.deal(2, {"draw": "3"}), moves.split())
