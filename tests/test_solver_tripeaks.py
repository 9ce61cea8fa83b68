"""The TriPeaks solver (games/solvers/tripeaks.py): its answers against a plain depth-first search
over the rules' own moves on random small positions of both modes (every cut proves only lost
positions), each cut on a position it decides, solutions replayed by the rules, and slicing giving
the same answer as one run."""
import random

import pytest

from games.solvers.search import replays_to_win
from games.cards import parse_card as C
from games.solvers.tripeaks import FIT, TABLEAU, _Problem, solver
from games.tripeaks import N_SLOTS, TriPeaks, TriPeaksState, exposed


def exhaustive(s: TriPeaksState) -> bool:
    """Whether ``s`` can be won: every line of the rules' moves, positions met once (by tableau,
    stock left and waste top's rank)."""
    seen = set()

    def win(s):
        if TriPeaks.status(s) == "won":
            return True
        key = (s.tableau, len(s.stock), s.waste[-1] & 15 if s.waste else 0)
        if key in seen:
            return False
        seen.add(key)
        return any(win(TriPeaks.apply(s, m)) for m in TriPeaks.legal_moves(s))

    return win(s)


def small(number: int, mode: str, rng: random.Random) -> TriPeaksState:
    """Deal ``number`` of ``mode`` with 12-20 tableau cards taken off in an order the covering
    allows and 4-16 stock cards drawn, all onto the waste (any card on any: a position of the
    right shape, not one reached by play)."""
    s = TriPeaks.deal(number, {"mode": mode})
    tableau, waste = list(s.tableau), list(s.waste)
    for _ in range(rng.randint(12, 20)):
        free = [i for i in range(N_SLOTS) if exposed(tuple(tableau), i)]
        i = rng.choice(free)
        waste.append(tableau[i])
        tableau[i] = None
    k = rng.randint(4, 16)
    waste += s.stock[:k]
    if rng.random() < 0.5:  # the waste top from the tableau sometimes
        j = rng.randrange(len(waste) - 1)
        waste.append(waste.pop(j))
    return TriPeaksState(tuple(tableau), s.stock[k:], tuple(waste), mode)


@pytest.mark.parametrize("mode", ["easy", "classic"])
def test_answers_agree_with_an_exhaustive_search_on_small_positions(mode):
    rng = random.Random(23)
    answers = {}
    for number in range(1, 241):
        s = small(number, mode, rng)
        r = solver(s).run()
        assert r.status == ("solved" if exhaustive(s) else "unsolvable"), (number, r.status)
        if r.status == "solved":
            assert replays_to_win(TriPeaks, s, r.moves)
        answers[r.status] = answers.get(r.status, 0) + 1
    assert answers.get("solved", 0) >= 40 and answers.get("unsolvable", 0) >= 40, answers


def position(slots: dict, stock=(), top="KS", mode="classic") -> TriPeaksState:
    """Slots {slot: card name} filled, the rest removed; ``top`` the waste's only card."""
    t = [None] * N_SLOTS
    for i, name in slots.items():
        t[i] = C(name)
    return TriPeaksState(tuple(t), tuple(C(x) for x in stock), (C(top),), mode)


def test_partner_cut_a_card_whose_only_neighbour_it_covers():
    # slot 18 (row 4) covers 9, which covers 3. The 4 of slot 18 goes only onto a 3 or a 5; no 3
    # or 5 is to come from the stock, the top (a jack) does not fit, and the only 5 lies in slot
    # 3, under it: lost (the 9 and the 5 have partners, so only this cut decides it)
    p = _Problem(position({18: "4C", 9: "9D", 3: "5H"}, stock=("10S",), top="JC"))
    assert p.successors(p.root) == []
    # the 5 in slot 27, beside it: not cut
    q = _Problem(position({18: "4C", 9: "9D", 27: "5H"}, stock=("10S",), top="JC"))
    assert q.successors(q.root) != []


def test_partner_cut_spares_a_card_that_fits_the_top_now():
    # the 4 lies over its only neighbour but fits the waste top (a 3): not cut
    p = _Problem(position({18: "4C", 9: "9D", 3: "5H"}, stock=("10S",), top="3C"))
    assert p.successors(p.root) != []


def test_matching_cut_three_aces_and_one_two():
    # Classic: aces go only on 2s; three aces left, one 2 in the tableau and none to come, the
    # top a 9: three aces need three 2s put on the waste before them, there is one
    s = position({18: "AC", 19: "AD", 20: "AH", 21: "2S"}, stock=("9S", "9D"), top="9C")
    p = _Problem(s)
    assert not p.matched(p.root & TABLEAU, 0, 0)
    assert solver(s).run().status == "unsolvable" and not exhaustive(s)
    # with a second 2 to come and the top a 2 (one ace goes now), all three can
    s2 = position({18: "AC", 19: "AD", 20: "AH", 21: "2S"}, stock=("2D",), top="2C")
    p2 = _Problem(s2)
    assert p2.matched(p2.root & TABLEAU, 0, p2.root >> FIT)
    assert solver(s2).run().status == "solved" and exhaustive(s2)


def test_matching_is_classic_only_easy_wraps():
    # in Easy a king also takes an ace: the same three aces, one 2 and two kings to come
    s = position({18: "AC", 19: "AD", 20: "AH", 21: "2S"}, stock=("KS", "KD"), top="KC", mode="easy")
    assert solver(s).run().status == "solved" and exhaustive(s)


@pytest.mark.parametrize("mode", ["easy", "classic"])
def test_slices_give_the_answer_of_one_run(mode):
    for number in (2, 5, 9):
        s = TriPeaks.deal(number, {"mode": mode})
        whole = solver(s).run()
        sliced = solver(s)
        while (r := sliced.step(97)) is None:
            pass
        assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)


def test_node_budget_answers_unknown():
    s = TriPeaks.deal(194, {"mode": "classic"})
    r = solver(s, max_nodes=50).run()
    assert r.status == "unknown" and r.nodes == 50


def test_won_at_the_start_and_a_stock_too_long_is_refused():
    s = TriPeaksState((None,) * N_SLOTS, (), (C("KS"),), "classic")
    assert solver(s).run().status == "solved"
    with pytest.raises(ValueError):
        solver(TriPeaksState((None,) * N_SLOTS, (C("KS"),) * 64, (C("KS"),), "classic"))


def test_a_what_if_stock_of_the_whole_rest_of_the_deck():
    # a position file may put every card off the table in the stock (50 of them, where a deal has
    # 23): the 3 of hearts waits for the stock's first 2 or 4, its 41st card, past the 31 a 5-bit
    # count would reach
    ranks = [c for c in (C(r + s) for s in "CDHS" for r in "A23456789TJQK")
             if c not in (C("3H"), C("KC"))]
    stock = [c for c in ranks if c & 15 not in (2, 4)]
    stock = tuple(stock[:40] + [c for c in ranks if c & 15 in (2, 4)] + stock[40:])
    assert len(stock) == 50 and stock[40] & 15 in (2, 4)
    tableau = tuple(C("3H") if i == N_SLOTS - 1 else None for i in range(N_SLOTS))
    s = TriPeaksState(tableau, stock, (C("KC"),), "classic")
    r = solver(s).run()
    assert r.status == "solved" and len(r.moves) == 42 and replays_to_win(TriPeaks, s, r.moves)
