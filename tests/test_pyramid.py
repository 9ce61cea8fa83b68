"""Pyramid rules (docs/rules.md "Pyramid"): every rule as a scripted position, exact loss
detection, scoring with a fake clock, golden deal 1, codes, the command line, the solver on small
positions, and random-play invariants."""
import random
import subprocess
import sys
from collections import deque

import pytest
from hypothesis import given, settings, strategies as st

from games.cards import ALL_CARDS, fmt, parse_card
from games.core import History, IllegalMove, PositionError
from games.pyramid import (DRAW, STOCK, WASTE, Pyramid, PyramidState, geometry, removal_possible,
                           score)
from games.solvers.pyramid import solver

C = parse_card

DEAL_1 = """\
# code: PY1-L01-AAAAAAB
Game: pyramid
Layout: 1
Cards: JD 9S 2D KC 7D AC AS 6S 2S 6H TH JS QH 8S 9H 4D 5C QD AD 4H TD 3H JC 2H 5H 3C 8H JH
Stock: KD 3S 7S QS KS 8C 5D TC KH 4C 5S 7C 6D 2C 4S 8D AH QC 6C 7H 3D TS 9D 9C
Waste:
"""


def cli(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def pos(slots, stock=(), waste=(), passes=0, pass_no=1, layout=1):
    """A position of ``layout`` with ``slots`` {slot: name} filled, the rest removed; the cards
    not shown are in the discard pile."""
    n = geometry(layout).n
    cards = [None] * n
    for i, name in slots.items():
        cards[i] = C(name)
    used = set(cards) | {C(x) for x in stock} | {C(x) for x in waste}
    discard = tuple(c for c in ALL_CARDS if c not in used)
    return PyramidState(layout, tuple(cards), tuple(C(x) for x in stock), tuple(C(x) for x in waste),
                        discard, 0, pass_no, passes)


def play(s, *moves):
    for m in moves:
        s = Pyramid.apply(s, Pyramid.parse_move(s, m))
    return s


def refused(s, move):
    with pytest.raises(IllegalMove) as e:
        Pyramid.apply(s, Pyramid.parse_move(s, move))
    return str(e.value)


# -- the classic layout's geometry (layout 1) -------------------------------------------------------
def test_classic_layout_covering():
    g = geometry(1)
    assert g.n == 28
    assert g.layout.covered_by[0] == (1, 2)                     # the apex lies under row 2
    assert g.layout.covered_by[20] == (26, 27)                  # row 6's last card under the last two
    assert all(g.layout.covered_by[i] == () for i in range(21, 28))  # the bottom row is free
    assert bin(g.above[0]).count("1") == 27                     # every card lies on the apex


# -- pairs and kings --------------------------------------------------------------------------------
def test_two_free_cards_adding_to_13_go_together():
    s = pos({21: "5H", 22: "8C", 23: "QD", 24: "AS", 25: "6C", 26: "7D", 27: "3H"})
    s2 = play(s, "5H+8C")
    assert s2.cards[21] is None and s2.cards[22] is None
    assert s2.discard[-2:] == (C("5H"), C("8C")) and s2.points == 10
    for pair in ("QD+AS", "6C+7D"):
        s2 = play(s2, pair)
    assert s2.points == 30
    assert "do not add up to 13" in refused(s, "5H+3H")


def test_every_pair_of_ranks_that_makes_13():
    names = "A23456789TJQ"
    for a in range(12):
        b = 11 - a
        s = pos({26: names[a] + "C", 27: names[b] + "D"})
        assert Pyramid.status(play(s, f"{names[a]}C+{names[b]}D")) == "won"


def test_an_available_king_goes_alone_and_others_need_a_partner():
    s = pos({27: "KS", 26: "QS"}, stock=["KH"], waste=["KD"])
    assert play(s, "KS").cards[27] is None
    assert play(s, "KH").stock == ()
    assert play(s, "KD").waste == ()
    assert "not a king" in refused(s, "QS")


def test_a_king_under_another_card_is_refused():
    s = pos({20: "KS", 27: "3C"}, stock=["TD"])
    assert "KS is covered" in refused(s, "KS")
    s = play(s, "3C+TD")
    assert play(s, "KS").cards[20] is None


def test_a_card_covered_only_by_its_partner_is_refused_until_free():
    # slot 20 (row 6, last) lies under slots 26 and 27; 26 is gone, 27 holds its partner
    s = pos({20: "5H", 27: "8C"}, stock=["5D", "8S"])
    msg = refused(s, "5H+8C")
    assert msg == "5H is covered by 8C: free it first"
    assert refused(s, "8C+5H") == "5H is covered by 8C: free it first"
    assert (20, 27) not in Pyramid.legal_moves(s)
    s = play(s, "8C+5D")             # the partner goes with another card …
    assert play(s, "5H+8S").cards[20] is None  # … and now 5H is free


def test_a_card_covered_by_two_is_covered():
    s = pos({20: "5H", 26: "8C", 27: "2D"})
    assert refused(s, "5H+8C") == "5H is covered"


def test_stock_top_and_waste_top_pair_with_each_other_and_with_the_layout():
    s = pos({27: "9C"}, stock=["4H", "QS"], waste=["AD"])
    assert "not available" in refused(s, "QS+AD")       # QS is not the stock top
    s2 = play(s, "s")                                    # 4H onto the waste; QS is the stock top
    assert "not available" in refused(s2, "QS+AD")       # AD is under 4H now
    s3 = play(s2, "9C+4H")
    assert Pyramid.status(s3) == "won"
    s4 = play(pos({27: "9C"}, stock=["QS"], waste=["AD"]), "QS+AD")
    assert s4.stock == () and s4.waste == ()


def test_a_card_cannot_pair_with_itself_and_bad_text_is_quoted():
    s = pos({27: "9C", 26: "4C"})
    assert refused(s, "9C+9C") == "A card cannot pair with itself"
    with pytest.raises(IllegalMove) as e:
        Pyramid.parse_move(s, "9C+")
    assert "'9C+' is not a move" in str(e.value)
    with pytest.raises(IllegalMove) as e:
        Pyramid.parse_move(s, "ZZ")
    assert "'ZZ'" in str(e.value)
    with pytest.raises(IllegalMove):
        Pyramid.parse_move(s, "5H")                      # discarded: not available


def test_moves_accept_any_spelling_and_order():
    s = pos({27: "TC", 26: "3D"})
    assert Pyramid.parse_move(s, "10c+3d") == Pyramid.parse_move(s, "T♣+3♦") == (27, 26)
    assert Pyramid.format_move(s, (27, 26)) == "TC+3D"
    assert Pyramid.legal_moves(s) == [(26, 27)]


# -- the stock ----------------------------------------------------------------------------------------
def test_draw_and_recycle_keep_the_order():
    s = pos({27: "9C", 20: "QC"}, stock=["3D", "4D", "5D"])
    s = play(s, "s", "s", "s")
    assert s.stock == () and s.waste == (C("3D"), C("4D"), C("5D"))
    s = play(s, "s")                                     # recycle: the former order again
    assert s.stock == (C("3D"), C("4D"), C("5D")) and s.waste == () and s.pass_no == 2
    assert Pyramid.format_position(s).splitlines()[-1] == "Pass: 2"
    for _ in range(10):                                  # passes are unlimited
        s = play(s, "s", "s", "s", "s")
    assert s.pass_no == 12 and s.stock == (C("3D"), C("4D"), C("5D"))


def test_three_passes_when_asked():
    s = pos({27: "9C", 20: "QC"}, stock=["3D", "4D"], passes=3)
    s = play(s, "s", "s", "s", "s", "s", "s", "s", "s")
    assert s.pass_no == 3 and s.stock == ()
    assert refused(s, "s") == "No passes left"
    assert DRAW not in Pyramid.legal_moves(s)


def test_nothing_to_draw():
    s = pos({27: "2C", 26: "JC", 21: "JD"})
    assert refused(s, "s") == "The stock and the waste are empty"


# -- won and lost -------------------------------------------------------------------------------------
def test_won_when_the_layout_is_empty_whatever_the_stock_holds():
    s = play(pos({27: "KC"}, stock=["5H", "2D"]), "KC")
    assert Pyramid.status(s) == "won" and Pyramid.legal_moves(s) == []
    assert "over" in refused(s, "s")


def test_loss_that_looks_open_is_detected_at_once():
    # a 5 and an 8 in the stock, a J for the 2 nowhere: the 5 and the 8 never meet, as the
    # 9 lies between them in every pass
    dead = pos({27: "2C", 20: "QC"}, stock=["5H", "9D", "8C"])
    # lost, the draws stay legal (the rules allow them) and change nothing
    assert Pyramid.status(dead) == "lost" and Pyramid.legal_moves(dead) == [DRAW]
    assert Pyramid.status(Pyramid.apply(dead, DRAW)) == "lost"
    # the same cards in another order are alive: 5H and 8C side by side
    alive = pos({27: "2C", 20: "QC"}, stock=["9D", "5H", "8C"])
    assert Pyramid.status(alive) == "playing"
    # the waste is the front of the cycle: 8C then 9D 5H never meet; 8C then 5H 9D do
    assert Pyramid.status(pos({27: "2C", 20: "QC"}, stock=["9D", "5H"], waste=["8C"])) == "lost"
    assert Pyramid.status(pos({27: "2C", 20: "QC"}, stock=["5H", "9D"], waste=["8C"])) == "playing"
    # a J for the free 2 deep in the waste: alive while a pass is left, dead on the last pass
    assert Pyramid.status(pos({27: "2C", 20: "QC"}, stock=["4C"], waste=["JD", "8D"], passes=3,
                              pass_no=2)) == "playing"
    assert Pyramid.status(pos({27: "2C", 20: "QC"}, stock=["4C"], waste=["JD", "8D"], passes=3,
                              pass_no=3)) == "lost"
    # a card covered by its only partner: nothing to remove, lost
    assert Pyramid.status(pos({20: "5H", 27: "8C"})) == "lost"


def brute_removal_possible(s):
    """Draw through every reachable stock position, looking for a legal removal."""
    seen = set()
    while True:
        key = (s.stock, s.waste, s.pass_no if s.passes else 0)
        if key in seen:
            return False
        seen.add(key)
        if any(m != DRAW and Pyramid.why_not(s, m) is None for m in candidate_removals(s)):
            return True
        if Pyramid.why_not(s, DRAW) is not None:
            return False
        s = Pyramid._apply(s, DRAW)


def candidate_removals(s):
    srcs = [i for i in range(len(s.cards)) if s.cards[i] is not None] + [WASTE, STOCK]
    return [(a,) for a in srcs] + [(a, b) for k, a in enumerate(srcs) for b in srcs[k + 1:]]


# -- scoring ---------------------------------------------------------------------------------------
def test_scores_of_a_scripted_game_with_a_fake_clock():
    s0 = pos({27: "KC", 26: "5H", 25: "8D", 20: "2S"}, stock=["JH", "4C"])
    h = History.start(Pyramid, s0)
    clock = 0
    h.play("KC")
    clock += 12
    assert h.state.points == 10 and score(h.state, clock) == 10
    h.play("5H+8D")
    clock += 20                                          # 32 s: one full 30 s costs 30
    assert h.state.points == 20 and score(h.state, clock) == 0   # never below 0
    h.undo()                                             # undo gives the move's points back
    assert h.state.points == 10
    h.play("5H+8D")
    assert score(h.state, 29) == 20 and score(h.state, 30) == 0 and score(h.state, 59) == 0
    h.play("2S+JH")                                      # the layout is empty: a win
    assert Pyramid.status(h.state) == "won" and h.state.points == 30
    assert score(h.state, 45) == 0 + 600000 // 45        # 30 - 30 = 0, plus the time bonus
    assert score(h.state, 25) == 30 + 24000
    assert score(h.state, 0) == 30 + 600000              # under a second counts as one
    assert Pyramid.score(h.state) == 30                  # no clock: the move points
    with pytest.raises(ValueError):
        score(h.state, -1)


# -- deals, codes, positions -----------------------------------------------------------------------
def test_golden_deal_1():
    rc, out, err = cli("deal", "pyramid", "--number", "1")
    assert rc == 0 and out == DEAL_1


def test_deal_layout_follows_the_shuffle():
    from games.cards import deck
    from games.deal import shuffle
    d = shuffle(deck(), "pyramid", 7)
    for layout in (1, 2, 55):
        s = Pyramid.deal(7, {"layout": str(layout)})
        n = geometry(layout).n
        assert s.cards == tuple(d[:n]) and s.stock == tuple(d[n:]) and s.waste == () and s.layout == layout


def test_codes():
    assert Pyramid.code(1, {}) == "PY1-L01-AAAAAAB"
    assert Pyramid.code(28, {"layout": "17", "passes": "3"}) == "PY1-L17P3-AAAAABC"
    assert Pyramid.decode("py1-l17p3-aaaaabc") == (28, {"layout": "17", "passes": "3"})
    assert Pyramid.decode("PY1-L7-AAAAAAB") == (1, {"layout": "7", "passes": "unlimited"})
    for bad in ("PY1-L56-AAAAAAB", "PY1-X01-AAAAAAB", "PY1-L01P4-AAAAAAB", "TP1-E-AAAAAAB"):
        with pytest.raises(ValueError):
            Pyramid.decode(bad)
    rc, out, _ = cli("deal", "pyramid", "--code", "PY1-L02-AAAAAAB")
    assert rc == 0 and "Layout: 2" in out and len(out.splitlines()[3].split()) == 1 + 21


def test_position_round_trip_and_errors():
    s = play(Pyramid.deal(1, {}), "s", "s", "s")
    assert Pyramid.parse_position(Pyramid.format_position(s), {}) == s
    s2 = play(Pyramid.deal(1, {}), "KD", "2H+JC")
    text = Pyramid.format_position(s2)
    assert "Discard: KD 2H JC" in text
    assert Pyramid.parse_position(text + "Score: 20\n", {}) == s2
    with pytest.raises(PositionError, match="Cards lists 3"):
        Pyramid.parse_position("Game: pyramid\nLayout: 1\nCards: AS 2S 3S\n", {})
    with pytest.raises(PositionError, match="appears twice"):
        Pyramid.parse_position("Layout: 1\nCards: " + "AS " * 28 + "\n", {})
    with pytest.raises(PositionError, match="Layout '77'"):
        Pyramid.parse_position("Layout: 77\nCards: AS\n", {})
    with pytest.raises(PositionError, match="unknown key"):
        Pyramid.parse_position("Layout: 1\nRow 1: AS\n", {})


def test_cli_moves_play_and_errors(tmp_path):
    f = tmp_path / "d1.txt"
    f.write_text(DEAL_1)
    rc, out, _ = cli("moves", "pyramid", "--position", str(f))
    # deal 1: free bottom row 3H JC 2H 5H 3C 8H JH; pairs J+2 (twice) and 5+8; KD is the stock top
    assert rc == 0 and out.split() == ["JC+2H", "2H+JH", "5H+8H", "KD", "s"]
    rc, out, _ = cli("play", "pyramid", "--position", str(f), "--moves", "KD 2H+JC s u")
    assert rc == 0
    assert "Stock: 3S 7S QS" in out and "Discard: KD 2H JC" in out
    assert out.splitlines()[-3:] == ["Score: 20", "Moves: 3", "Status: playing"]
    rc, out, err = cli("play", "pyramid", "--position", str(f), "--moves", "KD 5H+3C")
    assert rc == 2 and "move 2 '5H+3C' is illegal: 5H and 3C do not add up to 13" in err
    rc, out, err = cli("deal", "pyramid", "--option", "layout=56")
    assert rc == 2 and "layout" in err
    rc, out, _ = cli("deal", "pyramid", "--number", "5", "--option", "layout=07")
    assert rc == 0 and out.startswith("# code: PY1-L07-AAAAAAF")


# -- the solver --------------------------------------------------------------------------------------
def test_solver_solves_and_the_moves_replay():
    s = pos({27: "9C", 26: "4C", 20: "QH"}, stock=["AD", "5S", "4H", "KC"], waste=["8D"])
    r = Pyramid.solve(s, timeout=10)
    assert r.status == "solved"
    t = play(s, *r.moves)
    assert Pyramid.status(t) == "won"


def test_solver_proves_unsolvable():
    # the only 8 lies on the only 5
    assert Pyramid.solve(pos({20: "5H", 27: "8C"}, stock=["AD", "QD"]), timeout=10).status == "unsolvable"
    # open but short of partners: two queens in the layout and a single ace left
    s = pos({27: "QC", 26: "QD", 25: "5S"}, stock=["AH", "8S", "2C"])
    assert Pyramid.solve(s, timeout=10).status == "unsolvable"


def test_solver_on_classic_deals():
    # deal 3 of the classic layout is won; the answer replays (Search verifies it too)
    r = Pyramid.solve(Pyramid.deal(3, {}), timeout=30)
    assert r.status == "solved"
    assert Pyramid.status(play(Pyramid.deal(3, {}), *r.moves)) == "won"
    assert Pyramid.solve(Pyramid.deal(3, {}), max_nodes=5).status == "unknown"  # its win takes 20+ removals
    # deal 1 is dead from the start: four jacks in the layout need all four twos, the apex JD
    # (under every card) can only take 2C from the stock, and the counting proves the rest
    r = Pyramid.solve(Pyramid.deal(1, {}), timeout=30)
    assert r.status == "unsolvable" and r.nodes == 0


def exhaustive(s):
    """Plain breadth-first search over the rules' own moves: is a win reachable?"""
    def key(x):
        return (x.cards, x.stock, x.waste, x.pass_no if x.passes else 0)
    seen, todo = {key(s)}, deque([s])
    while todo:
        x = todo.popleft()
        if Pyramid.status(x) == "won":
            return True
        for m in Pyramid.legal_moves(x):
            y = Pyramid._apply(x, m)
            if key(y) not in seen:
                seen.add(key(y))
                todo.append(y)
    return False


def small_position(rng, passes):
    cards = rng.sample(ALL_CARDS, rng.randint(4, 14))
    n_layout = rng.randint(1, min(8, len(cards) - 1))
    slots = rng.sample(range(15, 28), n_layout)
    rest = cards[n_layout:]
    cut = rng.randint(0, len(rest))
    return pos({i: fmt(c) for i, c in zip(slots, cards)}, stock=[fmt(c) for c in rest[cut:]],
               waste=[fmt(c) for c in rest[:cut]], passes=passes, pass_no=1)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10 ** 9), st.sampled_from([0, 3]))
def test_solver_agrees_with_exhaustive_search(seed, passes):
    s = small_position(random.Random(seed), passes)
    r = Pyramid.solve(s, timeout=20)
    assert r.status == ("solved" if exhaustive(s) else "unsolvable")


# -- invariants under random play --------------------------------------------------------------------
@settings(max_examples=15, deadline=None)
@given(st.integers(1, 10 ** 6), st.integers(1, 55), st.integers(0, 10 ** 9), st.sampled_from(["unlimited", "3"]))
def test_random_play_invariants(number, layout, seed, passes):
    rng = random.Random(seed)
    s = Pyramid.deal(number, {"layout": str(layout), "passes": passes})
    h = History.start(Pyramid, s)
    for _ in range(80):
        st_ = h.state
        every = [c for c in st_.cards if c is not None] + list(st_.stock) + list(st_.waste) + list(st_.discard)
        assert sorted(every) == sorted(ALL_CARDS)                               # cards conserved
        assert st_.points % 10 == 0 and st_.points <= 10 * len(st_.discard)
        if any(c is not None for c in st_.cards):                               # loss detection exact
            assert removal_possible(st_) == brute_removal_possible(st_)
        moves = Pyramid.legal_moves(st_)
        if Pyramid.status(st_) == "playing":
            assert moves
        else:                                   # over: none once won, only draws once lost
            assert all(m == DRAW for m in moves)
            break
        if rng.random() < 0.1 and h.can_undo():
            before = h.states[-2]
            assert h.undo() == before
            continue
        m = rng.choice(moves)
        text = Pyramid.format_move(st_, m)
        after = h.play(text)
        assert after == Pyramid.apply(st_, m)
        back = Pyramid.parse_position(Pyramid.format_position(after) + f"Score: {after.points}\n",
                                      {"passes": passes})
        assert back == after
