"""games/hints.py: the reason shown with a hint and the heuristic best move, on scripted
positions of every game (no pygame)."""
import random

import pytest

from games import hints
from games.cards import parse_card as C
from games.devils_grip import TALON, TURN_MOVE, DevilsGrip, DevilsGripState, Move as DGMove
from games.freecell import CELL, FOUNDATION as FC_HOME, FOUNDATION_OF as FC_FROM, FreeCell, FreeCellState
from games.freecell import Move as FCMove
from games.i18n import tr
from games.klondike import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, Klondike, KlondikeState, Move as KMove
from games.registry import find_game
from games.spider import DEAL, Move as SMove, Spider, SpiderState
from games.tripeaks import DRAW, N_SLOTS, TriPeaks, TriPeaksState


def tp(cards: dict, waste: str, stock=("2C",)) -> TriPeaksState:
    t = [None] * N_SLOTS
    for i, c in cards.items():
        t[i] = C(c)
    return TriPeaksState(tuple(t), tuple(C(c) for c in stock), (C(waste),))


# -- TriPeaks ----------------------------------------------------------------------------------------
def test_tripeaks_card_that_turns_one_up_frees_a_face_down_card():
    s = tp({9: "5H", 19: "6S", 20: "8D"}, "7C")   # 9 lies under 18 (gone) and 19
    assert hints.reason(TriPeaks, s, 19) == hints.R_FREES
    assert hints.reason(TriPeaks, s, 20) == hints.R_STREAK
    assert hints.reason(TriPeaks, s, DRAW) == hints.R_DRAW
    assert hints.best_move(TriPeaks, s) == 19


def test_tripeaks_peak_top_and_the_only_move():
    s = tp({0: "6S"}, "7C", stock=())
    assert TriPeaks.legal_moves(s) == [0]
    assert hints.reason(TriPeaks, s, 0) == hints.R_ONLY
    s = tp({0: "6S", 27: "9D"}, "7C")
    assert hints.reason(TriPeaks, s, 0) == hints.R_PEAK
    # the stock alone keeps its own reason
    s = tp({27: "9D"}, "2C", stock=("KC",))
    assert TriPeaks.legal_moves(s) == [DRAW]
    assert hints.reason(TriPeaks, s, DRAW) == hints.R_DRAW


# -- Klondike ----------------------------------------------------------------------------------------
def kl(cols, down, stock=(), waste=(), f=(0, 0, 0, 0)) -> KlondikeState:
    cols = tuple(tuple(C(c) for c in col) for col in cols) + ((),) * (7 - len(cols))
    down = tuple(down) + (0,) * (7 - len(down))
    return KlondikeState(cols, down, tuple(C(c) for c in stock), tuple(C(c) for c in waste), tuple(f))


def test_klondike_reasons():
    s = kl([["9C", "5H"], ["6S"], ["AS"], ["QH"], ["KS"], ["KD", "7C"]], [1, 0, 0, 0, 0, 1],
           stock=["2D"], waste=["3C"], f=(2, 0, 0, 0))
    assert hints.reason(Klondike, s, KMove(0, 1, 1)) == hints.R_FREES
    assert hints.reason(Klondike, s, KMove(2, FOUNDATION)) == hints.R_SAFE
    # 3C may go home on 2C, but the red twos it may be needed for are not home yet (is_safe)
    assert hints.reason(Klondike, s, KMove(WASTE, FOUNDATION)) == hints.R_HOME
    assert hints.reason(Klondike, s, KMove(3, 4, 1)) == hints.R_EMPTIES
    assert hints.reason(Klondike, s, KMove(STOCK, WASTE, 1)) == hints.R_DRAW
    assert hints.reason(Klondike, s, KMove(FOUNDATION_OF, 1)) == hints.R_BACK
    assert hints.move_value(Klondike, s, KMove(FOUNDATION_OF, 1))[0] < hints.USEFUL
    assert KMove(FOUNDATION_OF, 1) not in hints.useful_moves(Klondike, s)
    assert hints.best_move(Klondike, s) == KMove(2, FOUNDATION)


def test_klondike_unsafe_home_recycle_and_king_shuffle():
    # 6C home on 5C while the red fives are far from home: allowed but not safe
    s = kl([["6C"], ["KS"]], [0, 0], waste=["4D"], f=(5, 0, 0, 0))
    assert hints.reason(Klondike, s, KMove(0, FOUNDATION)) == hints.R_HOME
    assert hints.move_value(Klondike, s, KMove(1, 2, 1))[0] < hints.USEFUL   # a lone king to an empty column
    assert hints.reason(Klondike, s, KMove(WASTE, STOCK, 1)) == hints.R_RECYCLE


# -- FreeCell ----------------------------------------------------------------------------------------
def test_freecell_reasons():
    cols = tuple(tuple(C(c) for c in col) for col in
                 [["KS", "9H"], ["TC"], ["AD"], ["5S", "4H"], [], [], [], []])
    s = FreeCellState(cols, (C("8C"), None, None, None), (0, 0, 0, 0))
    assert hints.reason(FreeCell, s, FCMove(2, FC_HOME)) == hints.R_SAFE
    assert hints.reason(FreeCell, s, FCMove(CELL, 0)) == hints.R_CELL_OUT       # 8C onto 9H
    assert hints.reason(FreeCell, s, FCMove(3, CELL + 1)) == hints.R_TO_CELL
    assert hints.reason(FreeCell, s, FCMove(0, 1, 1)) == hints.R_BUILD           # 9H onto TC
    assert hints.reason(FreeCell, s, FCMove(1, 4, 1)) == hints.R_POSSIBLE        # a whole column to an empty one
    assert hints.best_move(FreeCell, s) == FCMove(2, FC_HOME)


# -- Spider ------------------------------------------------------------------------------------------
def sp(cols, down, stock=()) -> SpiderState:
    cols = tuple(tuple(C(c) for c in col) for col in cols) + ((),) * (10 - len(cols))
    down = tuple(down) + (0,) * (10 - len(down))
    return SpiderState(cols, down, tuple(C(c) for c in stock), (), 2, True)


def test_spider_reasons():
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    s = sp([run, ["4H", "AS"], ["9H", "5H"], ["6S"], ["6H"]], [0, 1, 1, 0, 0], stock=["2H"] * 10)
    done = SMove(1, 0, 1)
    assert hints.reason(Spider, s, done) == hints.R_RUN_DONE
    assert hints.reason(Spider, s, SMove(2, 3, 1)) == hints.R_FREES
    assert hints.reason(Spider, s, DEAL) == hints.R_DEAL
    assert hints.best_move(Spider, s) == done


# -- Devil's Grip and Pyramid ------------------------------------------------------------------------
def test_devils_grip_turn_and_talon():
    s = DevilsGrip.deal(1)
    moves = DevilsGrip.legal_moves(s)
    assert hints.reason(DevilsGrip, s, TURN_MOVE, moves) == hints.R_DRAW
    s2 = DevilsGrip.apply(s, TURN_MOVE)
    talon = [m for m in DevilsGrip.legal_moves(s2) if m.kind == TALON]
    for m in talon:
        assert hints.reason(DevilsGrip, s2, m) == hints.R_TALON
    swaps = [m for m in moves if m.kind == "<>"]
    assert all(hints.reason(DevilsGrip, s, m) in (hints.R_SWAP, hints.R_POSSIBLE) for m in swaps)


def test_pyramid_king_pair_and_draw():
    P = find_game("pyramid")
    s = P.deal(1, {})
    for _ in range(60):
        moves = P.legal_moves(s)
        if not moves:
            break
        for m in moves:
            why = hints.reason(P, s, m, moves)
            if m == ():
                assert why in (hints.R_DRAW, hints.R_RECYCLE, hints.R_ONLY)
            elif len(m) == 1:
                assert why in (hints.R_KING, hints.R_UNCOVERS, hints.R_ONLY)
            else:
                assert why in (hints.R_PAIR, hints.R_UNCOVERS, hints.R_ONLY)
        s = P.apply(s, hints.best_move(P, s))


# -- every game: random play ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["tripeaks", "klondike", "freecell", "spider", "devils-grip", "pyramid"])
def test_every_legal_move_has_a_translated_reason(game):
    R = find_game(game)
    rnd = random.Random(7)
    s = R.deal(3, {})
    for _ in range(60):
        moves = R.legal_moves(s)
        if not moves:
            break
        for m in moves[:40]:
            why = hints.reason(R, s, m, moves)
            assert why and tr(why, "ru") != why
        best = hints.best_move(R, s)
        assert best in moves
        s = R.apply(s, best if rnd.random() < 0.6 else rnd.choice(moves))


def test_on_line_names_a_plain_move_a_step_of_the_line():
    s = tp({18: "6S", 27: "8D"}, "7C")
    assert hints.reason(TriPeaks, s, 18) == hints.R_STREAK
    cols = tuple(tuple(C(c) for c in col) for col in [["KS", "9H"], ["TC"], ["3D"], [], [], [], [], []])
    f = FreeCellState(cols, (None,) * 4, (0, 0, 0, 0))
    assert hints.reason(FreeCell, f, FCMove(0, 1, 1), on_line=True) == hints.R_LINE


DG_ONE_SWAP_FROM_WON = """Game: devils-grip
Row 1: 2S,5S,8S,JS 2H,5H,8H,JH 2H,5H,8H,JH 2D,5D,8D,JD 2S,5S,8S,JS 2C,5C,8C,JC 2D,5D,8D,JD 2C,5C,8C,JC
Row 2: 3S,6S,9S,QS 3D,6D,9D,QD 3C,6C,9C,QC 3D,6D,9D,QD 3C,6C,9C,QC 3H,6H,9H,QH 4C,7C,TC,KC 3S,6S,9S,QS
Row 3: 4C,7C,TC,KC 4S,7S,TS,KS 4H,7H,TH,KH 4D,7D,TD,KD 4D,7D,TD,KD 4S,7S,TS,KS 3H,6H,9H,QH 4H,7H,TH,KH
Stock:
Talon:
"""


def test_devils_grips_best_line_that_wins_is_a_winning_hint():
    """One swap from the win (deal 506's last move): the best line found is a win, and the hint
    says ``winning`` as the table says "a move on a winning line", not ``best``."""
    s = DevilsGrip.parse_position(DG_ONE_SWAP_FROM_WON, {})
    move, kind = hints.hint(DevilsGrip, s)
    assert kind == "winning" and DevilsGrip.format_move(s, move) == "2.7<>3.7"
    assert DevilsGrip.status(DevilsGrip.apply(s, move)) == "won"


SPIDER_SMALL_LOST = """Game: spider
Suits: 2
Completed: 0
Stock:
: (2S) (5H) (QS) (9S) 2H 3S
: (8S) (4H) (2S) (5H) 7S 6S QS QH 5H 3H
: (6S) (5S) (4S) (7S) 4S 9H 9H 4S QH 3S
: (2S) (KS) (7S) (AH) (8S) QH 7H JS 8S TH JH
: (6H) (8H) (3H) (AS) 2H AS AS KS QS 4H 3S KS
: (JS) (TS) (JH) (JH) JS TH 9H TS 3H 9H QS 4S 3H
: (2H) (5S) 4H KH 2S 3S 6H 5S
: (8H) (TH) (7S) (KH) KH QH 6S 2H 7H 6S 5H
: (7H) (6H) (5S) (6H) 4H KS AH KH TH 9S 8S 7H JH TS
: (AH) (AH) (8H) (AS) 9S 8H JS TS 9S
"""


def test_spiders_hint_says_lost_where_solve_proves_it_in_a_few_nodes():
    """The pruned search ends ``unknown`` at once here (its pruning leaves moves out); ``solve``
    goes on over every legal move and proves the loss in a few nodes: the hint does the same, in
    its slices, and says ``lost`` rather than guessing "no winning line found in time" (hints30
    H11)."""
    s = Spider.parse_position(SPIDER_SMALL_LOST, {})
    assert Spider.solve(s, max_nodes=1_000_000).status == "unsolvable"
    move, kind = hints.hint(Spider, s)
    assert kind == "lost" and move is not None
    search = Spider.hint_search(s)
    while (r := search.step(1)) is None:
        pass
    assert r.status == "unsolvable"


def test_a_fallback_hint_is_not_a_move_its_check_proves_lost():
    """hints30 H7: Klondike draw 1, the deal of the day of 2027-01-27 (KL1-D1-AAAAADZ) after the
    33 progress hints the app gave: the hint's search finds no win (5 000 nodes here, 300 000 the
    same) and its progress line starts with ``45``, after which the position is proved lost in
    about 5 000 nodes, where the position before it is winnable. The fallback's check skips it
    for a move not proved lost."""
    from games.klondike import Klondike
    from games.solvers.search import UNSOLVABLE

    s = Klondike.deal(103, {"draw": "1"})
    for t in "s s s s wh s wh s wh s s s s s s s s s s s s s s s s s s s s wh 43 74 34".split():
        s = Klondike.apply(s, Klondike.parse_move(s, t))
    lost = Klondike.parse_move(s, "45")
    assert Klondike.solver(Klondike.apply(s, lost), max_nodes=hints.CHECK_NODES).run().status == UNSOLVABLE
    search = Klondike.hint_search(s, 5000)
    assert search.run().status != "solved" and hints.fallback_moves(Klondike, s, search)[0] == lost
    move, kind = hints.hint(Klondike, s, max_nodes=5000)
    assert move != lost and kind == "guess"


def test_the_best_move_left_on_a_lost_position_does_not_go_back_where_the_game_was():
    """fresh30b G2: FreeCell deal 11982 after ``54 61 78 1a`` is proved lost, and the lost hint's
    best move by rule of thumb was ``a1`` (the card just parked, back: then ``1a`` again, for
    ever). Given the game's past positions it is a move to a place the game has not been at."""
    from games.solvers.search import Result

    s = FreeCell.deal(11982, {})
    past = [s]
    for t in "54 61 78 1a".split():
        s = FreeCell.apply(s, FreeCell.parse_move(s, t))
        past.append(s)
    lost = Result("unsolvable", [])
    assert FreeCell.format_move(s, hints.decide(FreeCell, s, lost, None)[1]) == "a1"
    kind, move, _ = hints.decide(FreeCell, s, lost, None, past=past[:-1])
    assert kind == "lost" and move is not None
    assert FreeCell.place(FreeCell.apply(s, move)) not in {FreeCell.place(p) for p in past}
    # every legal move back to where the game was: none (the table opens the rescue instead)
    everywhere = past[:-1] + [FreeCell.apply(s, m) for m in FreeCell.legal_moves(s)]
    assert hints.best_move(FreeCell, s, {FreeCell.place(p) for p in everywhere}) is None


def test_spiders_hint_keeps_no_time_for_the_fallbacks_check():
    """Spider's hint search has its whole 0.40 s (a quarter kept for the check cost it 4 of 60
    2-suit lines and 6 of 60 4-suit ones): no check is made there; Klondike's is."""
    from games import hints
    from games.registry import find_game

    spider, klondike = find_game("spider"), find_game("klondike")
    assert spider.hint_check_share == 0 < klondike.hint_check_share < 1
    s = spider.deal(5, {"suits": "2"})
    assert hints.fallback_check(spider, s, None, None) is None
    k = klondike.deal(5, {"draw": "1"})
    assert hints.fallback_check(klondike, k, None, None) is not None


def test_following_hint_from_position_to_position_wins_without_going_round():
    """The command line's hint knows nothing of the moves before (each is a fresh search). From
    FreeCell deal 5, two neighbouring positions' searches each found a line through the other,
    and a player following ``hint`` went back and forth for ever (hints30 H2: 7 of 20 bank deals);
    their lines are weighed alike from both (:func:`hints.steady_line`), and the hints win."""
    rules = find_game("freecell")
    for number in (5, 1):   # 1: the line swapped in stepped to a third position that came back
        s = rules.deal(number, {})
        seen = {rules.place(s)}
        for _ in range(150):
            if rules.status(s) != "playing":
                break
            move, kind = hints.hint(rules, s, max_nodes=5000)
            assert kind == "winning"
            s = rules.apply(s, move)
            assert rules.place(s) not in seen, ("back to a position passed", number)
            seen.add(rules.place(s))
        assert rules.status(s) == "won", number


def test_following_hint_given_the_moves_played_never_goes_back():
    """With the positions passed (``hint --moves``), FreeCell deal 1 followed hint by hint is won
    and no position comes twice; without them two positions hinted each other from step 13 on
    (fresh31b G5: ``51``, ``15/1``, …)."""
    rules = find_game("freecell")
    s = rules.deal(1, {})
    past = []
    for _ in range(150):
        if rules.status(s) != "playing":
            break
        move, kind = hints.hint(rules, s, max_nodes=5000, past=past)
        assert kind == "winning"
        past.append(s)
        s = rules.apply(s, move)
        assert rules.place(s) not in {rules.place(p) for p in past}
    assert rules.status(s) == "won"


class _ProgressOnly:
    """A hint search that found no win and whose progress line starts ``line``."""

    def __init__(self, line):
        self.line = line

    def progress_line(self):
        return self.line

    def best_moves(self):
        return None


def test_a_progress_or_guess_hint_does_not_go_back_where_the_game_has_been():
    """Given the positions passed, the progress line's move that goes straight back is not
    hinted while a move forward is left, nor is a rule-of-thumb move back; a fallback check's
    candidates going back come last (fresh31b G9: Spider 4 suits' progress hints went ``3-6``,
    ``6-3``, … for ever, in the app and on the command line given ``--moves``)."""
    # a move that one move takes back: a card off a column onto its proper parent elsewhere
    s0, s1, back = next((s0, s1, b) for n in range(1, 60) for s0 in [FreeCell.deal(n, {})]
                        for m in FreeCell.legal_moves(s0) for s1 in [FreeCell.apply(s0, m)]
                        for b in FreeCell.legal_moves(s1)
                        if FreeCell.place(FreeCell.apply(s1, b)) == FreeCell.place(s0))
    text = FreeCell.format_move(s1, back)
    kind, move, _ = hints.decide(FreeCell, s1, None, _ProgressOnly([text]), past=[s0])
    assert move is not None and move != back and kind == "guess"
    assert FreeCell.place(FreeCell.apply(s1, move)) != FreeCell.place(s0)
    # with no history the progress line's move stands
    assert hints.decide(FreeCell, s1, None, _ProgressOnly([text]))[:2] == ("progress", back)
    # the check's candidates: the move back last
    cands = hints.fallback_moves(FreeCell, s1, _ProgressOnly([text]), {FreeCell.place(s0)})
    assert cands[-1] == back and cands[0] != back


def test_a_position_lost_by_the_rules_with_moves_left_is_hinted_lost():
    """A lost game keeps the moves its cards allow (docs/rules.md "Lost"); its hint is ``lost``
    with the best of them, in every game, not a ``guess`` (fresh32b G1: Devil's Grip said
    ``guess`` for a merge that changes nothing). Without a move: ``none``."""
    from collections import Counter

    from games.cards import deck

    grid = ((C("2S"),), (C("5S"),)) + ((),) * 22
    rest = Counter(deck(2, ranks=range(2, 14))) - Counter([C("2S"), C("5S"), C("KS")])
    s = DevilsGripState(grid, (), tuple(sorted(rest.elements())) + (C("KS"),))
    assert DevilsGrip.status(s) == "lost" and DevilsGrip.legal_moves(s)
    move, kind = hints.hint(DevilsGrip, s, 2000)
    assert kind == "lost" and move in DevilsGrip.legal_moves(s)
    spider = SpiderState(tuple((C(k),) for k in ["KS", "KH"] * 5), (0,) * 10, (), (), 2)
    assert Spider.status(spider) == "lost" and hints.hint(Spider, spider, 2000) == (None, "none")


def test_a_fallback_checks_candidate_search_starts_in_a_step_of_its_own():
    """Starting a candidate's search (0.4-2 ms of Klondike's set-up natively) is a step by itself,
    so it never adds to a step of nodes sized for the time left."""
    from conftest import bench_positions
    from games.klondike import Klondike

    state = bench_positions("klondike", {"draw": "3"}, 15, 1)[0]
    check = hints.FallbackCheck(Klondike, state, hints.fallback_moves(Klondike, state))
    assert check.search is None
    assert check.step(2000) is False
    assert check.search is not None and check.search.nodes == 0 and check.nodes == 0
    check.step(50)
    assert 0 < check.nodes <= 50 + 10
