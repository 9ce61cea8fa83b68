"""Win points (games/points.py, docs/progression.md "Win points"): worked examples pinned."""
import pytest
from hypothesis import given, settings, strategies as st

from games import points as P
from games.spider import win_score


@pytest.mark.parametrize("game, options, seconds, moves, expected", [
    # TriPeaks Easy, 2:00 and 35 moves (7 draws): 200 + 180 + 10 × 16 = 540
    ("tripeaks", {"mode": "easy"}, 120, 35, 540),
    # Classic × 1.5 the same game: 810
    ("tripeaks", {"mode": "classic"}, 120, 35, 810),
    # Pyramid layout 1 (68 % winnable: × 1.32), 4:10 and 60 moves: (200 + 350 + 280) × 1.32 = 1095.6
    ("pyramid", {"layout": "1"}, 250, 60, 1096),
    # layout 15 (13 %: × 1.87), the same game: 1552.1
    ("pyramid", {"layout": "15"}, 250, 60, 1552),
    # Devil's Grip outright in 20:00 and 180 moves: 2000 + 600 + 240
    ("devils-grip", {}, 1200, 180, 2840),
    # Spider 2 suits, 10:00, 200 moves: (100 + 600 + 1000) × 2
    ("spider", {"suits": "2"}, 600, 200, 3400),
    ("spider", {"suits": "1"}, 600, 200, 1100),
    # 4 suits (par time 2400 s): (100 + 1800 + 1000) × 3
    ("spider", {"suits": "4"}, 600, 200, 8700),
    # relaxed × 0.8
    ("spider", {"suits": "2", "relaxed": "yes"}, 600, 200, 2720),
    # Klondike draw 1, 5:00, 150 moves: 300 + 300 + 100; draw 3 × 1.5
    ("klondike", {"draw": "1"}, 300, 150, 700),
    ("klondike", {"draw": "3"}, 300, 150, 1050),
    # FreeCell, 6:40, 110 moves: 300 + 200 + 180
    ("freecell", {}, 400, 110, 680),
    # slow and long: the base alone
    ("freecell", {}, 4000, 900, 300),
])
def test_worked_examples(game, options, seconds, moves, expected):
    assert P.points(game, options, seconds, moves) == expected


def test_solvable_only_off_is_x1_2_everywhere():
    assert P.points("freecell", {}, 400, 110, solvable_only=False) == 816
    assert P.points("tripeaks", {"mode": "easy"}, 120, 35, solvable_only=False) == 648
    assert P.points("spider", {"suits": "4", "relaxed": "yes"}, 3000.5, 900, solvable_only=False) == 1152


def test_harder_variants_score_more():
    for s, m in [(60, 30), (600, 200), (5000, 5000)]:
        assert P.points("spider", {"suits": "1"}, s, m) < P.points("spider", {"suits": "2"}, s, m) \
            < P.points("spider", {"suits": "4"}, s, m)
        assert P.points("klondike", {"draw": "1"}, s, m) < P.points("klondike", {"draw": "3"}, s, m)
        assert P.points("tripeaks", {"mode": "easy"}, s, m) < P.points("tripeaks", {"mode": "classic"}, s, m)
        # Pyramid by the layout's measured winnability: 23 (92 %) < 1 (68 %) < 15 (13 %)
        assert P.points("pyramid", {"layout": "23"}, s, m) < P.points("pyramid", {"layout": "1"}, s, m) \
            < P.points("pyramid", {"layout": "15"}, s, m)


def test_pyramid_factor_from_the_banks():
    assert P.pyramid_winnable_percent({"layout": "1"}) == 68      # 675 of 1000, half up
    assert P.factor("pyramid", {"layout": "1"}) == 132
    assert P.factor("pyramid", {"layout": "15"}) == 187           # 13 of 100
    assert P.pyramid_winnable_percent({"layout": "1", "passes": "3"}) == 67   # 1010 of 1500
    assert P.pyramid_winnable_percent({"layout": "7", "passes": "3"}) == 57   # no bank: unlimited's


@given(st.sampled_from(["1", "2", "4"]), st.integers(0, 10 ** 6), st.integers(0, 10 ** 5), st.booleans(),
       st.booleans())
def test_spider_points_are_its_win_score(suits, seconds, moves, relaxed, solvable):
    opts = {"suits": suits, "relaxed": "yes" if relaxed else "no"}
    assert P.points("spider", opts, seconds, moves, solvable) == win_score(int(suits), seconds, moves, relaxed, solvable)


@settings(deadline=None)  # the first call reads a Pyramid bank
@given(st.sampled_from(list(P.PARS)), st.integers(0, 10 ** 5), st.integers(0, 10 ** 4))
def test_faster_and_shorter_never_score_less(game, seconds, moves):
    opts = {"layout": "5"} if game == "pyramid" else {}
    p = P.points(game, opts, seconds, moves)
    assert p > 0
    assert P.points(game, opts, seconds + 1, moves) <= p and P.points(game, opts, seconds, moves + 1) <= p


def test_bad_input():
    with pytest.raises(ValueError):
        P.points("klondike", {"draw": "2"}, 10, 10)
    with pytest.raises(ValueError):
        P.points("klondike", {"draw": "1"}, -1, 10)
    with pytest.raises(KeyError):
        P.points("golf", {}, 10, 10)
