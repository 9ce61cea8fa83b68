"""The Pyramid solver under the three-pass rule (``passes=3``, Microsoft Solitaire Collection's):
small positions with known answers (one needing a fourth pass: solvable with unlimited passes,
proved unsolvable with three), each pruning rule on a position it decides, solutions replayed by
the rules, slicing giving the same answer as one run, and agreement with a plain breadth-first
search over the rules' own moves on random small positions (games/solvers/pyramid.py)."""
import random

from hypothesis import given, settings, strategies as st

from games.cards import ALL_CARDS, fmt, parse_card
from games.pyramid import Pyramid, PyramidState, geometry
from games.solvers.pyramid import _Tables, realize, solver
from games.solvers.search import replays_to_win
from tests.test_pyramid import exhaustive

C = parse_card


def pos(slots, stock=(), waste=(), passes=3, pass_no=1, layout=1):
    """A position of ``layout``: ``slots`` {slot: card name} filled, the rest removed; the cards
    not shown are discarded."""
    cards = [None] * geometry(layout).n
    for i, name in slots.items():
        cards[i] = C(name)
    used = set(cards) | {C(x) for x in stock} | {C(x) for x in waste}
    return PyramidState(layout, tuple(cards), tuple(C(x) for x in stock), tuple(C(x) for x in waste),
                        tuple(c for c in ALL_CARDS if c not in used), 0, pass_no, passes)


def with_passes(s, passes):
    return PyramidState(s.layout, s.cards, s.stock, s.waste, s.discard, s.points, s.pass_no, passes)




def solve(s, **kw):
    r = solver(s, **kw).run()
    if r.status == "solved":
        assert replays_to_win(Pyramid, s, r.moves)
    return r


# A chain down the right edge of the classic pyramid: 5C (slot 27) lies on 3C (20), which lies on
# AC (14), which lies on 2C (9). Their partners come in the stock in the wrong order, each after
# a 4 (no 9 is left, so a 4 never goes) that buries it in the waste: each link costs a pass.
CHAIN = pos({27: "5C", 20: "3C", 14: "AC", 9: "2C"},
            stock=["JD", "4C", "QD", "4D", "TD", "4H", "8D"])


def test_a_fourth_pass_needed():
    assert exhaustive(with_passes(CHAIN, 0)) and not exhaustive(CHAIN)
    r = solve(with_passes(CHAIN, 0), timeout=10)
    assert r.status == "solved" and max(t.pass_no for t in _states(with_passes(CHAIN, 0), r.moves)) == 4
    assert solve(CHAIN, timeout=10).status == "unsolvable"
    # one link fewer (2C gone, JD with it) fits in three passes
    short = pos({27: "5C", 20: "3C", 14: "AC"}, stock=["4C", "QD", "4D", "TD", "4H", "8D"])
    r = solve(short, timeout=10)
    assert r.status == "solved"
    # pass 1: five draws, 8D is the stock top; pass 2: TD after three draws; pass 3: QD after one
    assert r.moves == ["s"] * 5 + ["5C+8D"] + ["s"] * 4 + ["3C+TD"] + ["s"] * 3 + ["AC+QD"]


def test_stock_kings_go_as_they_come_up():
    s = pos({27: "5H"}, stock=["KS", "2C", "KD", "8C"])
    r = solve(s, timeout=10)
    assert r.status == "solved" and r.moves == ["KS", "s", "KD", "5H+8C"]
    # and realize() refuses removals that never become legal
    assert realize(s, ["5H+2C"]) is None


def test_dead_waste_in_the_last_pass():
    # last pass: 4D (no 9 left) sits on 8C, the 5H's only partner: dead at the root
    s = pos({27: "5H"}, waste=["8C", "4D"], pass_no=3)
    r = solve(s, timeout=10)
    assert r.status == "unsolvable" and r.nodes == 0
    assert not exhaustive(s)
    # one pass earlier the waste turns back and 8C comes up again
    assert solve(pos({27: "5H"}, waste=["8C", "4D"], pass_no=2), timeout=10).status == "solved"


def test_counting_needs_a_matching():
    # two jacks in the layout, one 2 in the stock: the jacks need a layout 2 each, and the only
    # layout 2 lies under both (tangled): a Hall violation, seen before any move
    s = pos({27: "JC", 26: "JD", 20: "2C"}, stock=["2D", "5S"])
    r = solve(s, timeout=10)
    assert r.status == "unsolvable" and r.nodes == 0 and not exhaustive(s)


def test_pairs_that_wait_for_each_other():
    # jacks and twos, none in the stock: two layout pairs are needed, 2S (slot 2) can only go
    # with JH (slot 10) and 2H (slot 6) only with JD (slot 5); but JD lies on 2S and JH on 2H,
    # so each pair waits for the other: dead at the root (the plain matching exists)
    s = pos({2: "2S", 5: "JD", 6: "2H", 10: "JH"}, stock=["5C"])
    for passes in (0, 3):
        r = solve(with_passes(s, passes), timeout=10)
        assert r.status == "unsolvable" and r.nodes == 0
    assert not exhaustive(s)
    # with JH off 2H (slot 14) the pairs 2H+JD, then 2S+JH, win
    won = pos({2: "2S", 5: "JD", 6: "2H", 14: "JH"}, stock=["5C"])
    assert exhaustive(won) and solve(won, timeout=10).status == "solved"


def test_pairs_of_two_classes_that_wait_for_each_other():
    # one layout pair needed in each class, one way each: 7D+6S and 8D+5H; 6S lies on 8D, and
    # 5H lies on KC which lies on 7D: each pair waits for the other, though each class alone
    # passes the counting
    s = pos({1: "7D", 2: "8D", 3: "KC", 5: "6S", 6: "5H"}, stock=["2C"])
    for passes in (0, 3):
        r = solve(with_passes(s, passes), timeout=10)
        assert r.status == "unsolvable" and r.nodes == 0
    assert not exhaustive(s)
    # without the king 5H no longer lies (through it) on 7D: 6S+7D, then 8D+5H
    won = pos({1: "7D", 2: "8D", 5: "6S", 6: "5H"}, stock=["2C"])
    assert exhaustive(won) and solve(won, timeout=10).status == "solved"


def test_covering_through_present_cards_only():
    # a position given as text: TD (slot 12) is free since the cards on it are gone, though 3S
    # (slot 25, further down the same cone) is still there; they pair
    for passes in (0, 3):
        s = pos({12: "TD", 25: "3S"}, passes=passes)
        r = solve(s, timeout=10)
        assert r.status == "solved" and len(r.moves) == 1 and set(r.moves[0].split("+")) == {"TD", "3S"}


def test_classic_deals_three_passes():
    # deals 3 and 5 of the classic layout are won in three passes, 4 and 6 proved unsolvable
    for n, want in ((3, "solved"), (5, "solved"), (4, "unsolvable"), (6, "unsolvable")):
        s = Pyramid.deal(n, {"passes": "3"})
        r = solve(s, timeout=30)
        assert r.status == want, n
        if want == "solved":
            assert max(t.pass_no for t in _states(s, r.moves)) <= 3


def _states(s, moves):
    out = [s]
    for m in moves:
        s = Pyramid.apply(s, Pyramid.parse_move(s, m))
        out.append(s)
    return out


def test_slicing_gives_the_same_answer():
    for n in (763, 163):  # proved unsolvable in some 4000 nodes; won in some 3800
        s = Pyramid.deal(n, {"passes": "3"})
        whole = solver(s).run()
        sliced = solver(s)
        steps = 0
        while (r := sliced.step(20)) is None:
            steps += 1
        assert steps > 3
        assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)


def test_unknown_on_a_tiny_budget():
    assert solver(Pyramid.deal(727, {"passes": "3"}), max_nodes=50).run().status == "unknown"


def small_position(rng):
    cards = rng.sample(ALL_CARDS, rng.randint(4, 15))
    n_layout = rng.randint(1, min(9, len(cards) - 1))
    slots = rng.sample(range(28), n_layout)  # any slots: covering only through present cards
    rest = cards[n_layout:]
    cut = rng.randint(0, len(rest))
    return pos({i: fmt(c) for i, c in zip(slots, cards)}, stock=[fmt(c) for c in rest[cut:]],
               waste=[fmt(c) for c in rest[:cut]], pass_no=rng.randint(1, 3))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_agrees_with_exhaustive_search(seed):
    s = small_position(random.Random(seed))
    if Pyramid.status(s) != "playing":
        return
    r = solve(s, timeout=20)
    assert r.status == ("solved" if exhaustive(s) else "unsolvable")


def _cone(x):
    """Slot ``x`` of the classic pyramid and every slot lying on it, directly or not."""
    g, out, todo = geometry(1), {x}, [x]
    while todo:
        i = todo.pop()
        for j in range(g.n):
            if (g.cover_mask[i] >> j) & 1 and j not in out:
                out.add(j)
                todo.append(j)
    return sorted(out)


CONES = [c for c in map(_cone, range(28)) if len(c) >= 6]


def tangled_position(rng):
    """Cards of two or three rank classes (a king now and then) packed into one or two cones of
    the classic pyramid, few partners in the stock: the pairs' order matters."""
    cards = []
    for r in rng.sample(range(1, 7), rng.choice([2, 2, 3, 3])):
        for rank in (r, 13 - r):
            cards += rng.sample([c for c in ALL_CARDS if c & 15 == rank], rng.randint(2, 4))
    if rng.random() < 0.2:
        cards.append(rng.choice([c for c in ALL_CARDS if c & 15 == 13]))
    rng.shuffle(cards)
    region = rng.choice(CONES)
    if rng.random() < 0.3:
        region = sorted(set(region) | set(rng.choice(CONES)))
    n = min(len(region), rng.randint(5, 12), len(cards))
    stock = cards[n:n + rng.randint(0, 5)]
    cut = rng.randint(0, len(stock))
    return pos({i: fmt(c) for i, c in zip(rng.sample(region, n), cards[:n])},
               stock=[fmt(c) for c in stock[cut:]], waste=[fmt(c) for c in stock[:cut]],
               passes=rng.choice([0, 3]), pass_no=rng.randint(1, 3))


def test_order_of_pairs_cuts_only_lost_positions(monkeypatch):
    # every position whose root passes the plain counting (a matching per class) but which the
    # order tests call dead (within a class: class_ok; across classes: jointly_ok) is lost by
    # breadth-first search; and both tests do cut
    import games.solvers.pyramid as sp

    ordered = sp._acyclic
    cuts = {"class": 0, "joint": 0}
    for seed in range(3000):
        s = tangled_position(random.Random(seed))
        if Pyramid.status(s) != "playing":
            continue
        tb = _Tables(s)
        L, D = tb.start(s)[:2]
        monkeypatch.setattr(sp, "_acyclic", lambda pairs, befores: True)
        plain = all(tb.class_ok(L, D, r) for r in range(1, 7))
        monkeypatch.setattr(sp, "_acyclic", ordered)
        if not plain:
            continue
        if not all(tb.class_ok(L, D, r) for r in range(1, 7)):
            kind = "class"
        elif not tb.jointly_ok(L, D):
            kind = "joint"
        else:
            continue
        cuts[kind] += 1
        assert not exhaustive(s), (seed, kind)
    assert cuts["class"] >= 8 and cuts["joint"] >= 10, cuts


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_agrees_with_exhaustive_search_on_tangled_positions(seed):
    s = tangled_position(random.Random(seed))
    if Pyramid.status(s) != "playing":
        return
    r = solve(s, timeout=20)
    assert r.status == ("solved" if exhaustive(s) else "unsolvable")
