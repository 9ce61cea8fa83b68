"""The contract between the rules and the tables (games/core.py ``Rules``): every hook a table
asks, per game, with one return type each (docs/architecture.md)."""
from __future__ import annotations

import pytest

from games.core import IllegalMove, Refusal, Rules
from games.devils_grip import RATING_ROWS, DevilsGrip, rating
from games.freecell import CELL, FreeCell, MSG_TOO_MANY
from games.freecell import Move as FMove
from games.klondike import FOUNDATION, WASTE, Klondike
from games.klondike import Move as KMove
from games.pyramid import Pyramid, partner_rank
from games.registry import GAMES, find_game
from games.spider import Spider, win_score as spider_formula
from games.tripeaks import TriPeaks

ALL = [find_game(n) for n in GAMES]


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name)
def test_why_not_returns_a_refusal_or_none(rules):
    s = rules.deal(3, rules.check_options({}))
    legal = rules.legal_moves(s)
    assert legal
    for m in legal[:20]:
        assert rules.why_not(s, m) is None
    # a refused move: play the first legal move twice where that is refused, else any illegal one
    refused = []
    for m in legal:
        s2 = rules.apply(s, m)
        w = rules.why_not(s2, m)
        if w is not None:
            refused.append((s2, m, w))
    assert refused, "some move is refused once played"
    for s2, m, w in refused[:5]:
        assert isinstance(w, Refusal) and isinstance(w.fields, dict)
        assert w.text("en") and "{" not in w.text("en")
        with pytest.raises(IllegalMove) as e:
            rules.apply(s2, m)
        assert e.value.msgid == w.msgid


def test_freecell_refusal_fills_the_count():
    # a four-card run with no free cell and no empty column can move 1 card at a time
    s = FreeCell.parse_position(
        "Foundations: H-0 C-0 D-0 S-0\nFreecells: 2C 3C 4C 5C\n"
        ": KS QH JC TD\n: 6C\n: KH\n: KD\n: KC\n: 9S 8H 7C 6D 5S 4H 3S 2S\n: QS\n: AS AH AD AC 2H 2D 3H 3D 4D 4S 5H 5D 6S 6H 7S 7H 7D 8S 8C 8D 9H 9C 9D TS TH TC JS JH JD QC QD\n", {})
    w = FreeCell.why_not(s, FMove(0, 4, 3))           # QH JC TD onto KC
    assert w == Refusal(MSG_TOO_MANY, {"n": 1})
    assert "1" in w.text("en") and "{n}" not in w.text("en")


def test_defaults_of_the_hooks():
    class Bare(Rules):
        name = "bare"

        @classmethod
        def apply(cls, state, move):
            if move != "ok":
                raise IllegalMove("No {x}", str(move), x=move)
            return state

    assert Bare.why_not(0, "ok") is None
    assert Bare.why_not(0, "zz") == Refusal("No {x}", {"x": "zz"})
    assert Bare.win_score(0, 10, 5) == 0 and Bare.movable(0, 0, 0) is False
    assert Bare.tap_moves(0, 0) == [] and Bare.tap_refusal(0, 0, 0) is None
    assert Bare.can_finish(0) is False and Bare.finish_moves(0) is None
    assert Bare.safe_to_foundation(0) == []
    assert Bare.result(0) is None and Bare.result_extras([0]) == {}
    assert Bare.option_labels == {} and Bare.stats_options is None and Bare.bank_options is None
    with pytest.raises(NotImplementedError):
        Bare.moving_card(0, "ok")


def test_win_scores():
    from dataclasses import replace

    k1, k3 = Klondike.deal(1, {"draw": "1"}), Klondike.deal(1, {"draw": "3"})
    assert Klondike.win_score(replace(k1, score=600), 29.9, 100) == 600          # no bonus under 30 s
    assert Klondike.win_score(replace(k1, score=600), 100, 100) == 600 + 7000
    assert Klondike.win_score(replace(k3, score=600), 100.9, 9) == (600 + 7000) * 2
    f = FreeCell.deal(1, {})
    assert FreeCell.win_score(f, 0, 0) == 520 + 600 + 400
    assert FreeCell.win_score(f, 700, 300) == 520
    sp = Spider.deal(1, {"suits": "4", "relaxed": "yes"})
    assert Spider.win_score(sp, 1000, 300, False) == spider_formula(4, 1000, 300, True, False)
    t = TriPeaks.deal(1, {})
    assert TriPeaks.win_score(t, 50, 50) == TriPeaks.score(t)


def test_shown_scores_results_and_extras():
    from dataclasses import replace

    from games.pyramid import score as pyramid_score

    # the shown score: the rules' score while playing, the win's points once won
    k = Klondike.deal(1, {"draw": "1"})
    assert Klondike.shown_score(k, 100, 9) == Klondike.score(k)
    w = k
    for m in Klondike.solve(k, max_nodes=20_000).moves:
        w = Klondike.apply(w, Klondike.parse_move(w, m))
    assert Klondike.status(w) == "won"
    assert Klondike.shown_score(w, 100, 9) == Klondike.win_score(w, 100, 9) > Klondike.score(w)
    f = FreeCell.deal(1, {})
    assert FreeCell.shown_score(f, 0, 0) == FreeCell.score(f)
    # Pyramid counts the clock, won or not (whole seconds)
    p = Pyramid.deal(1, {})
    p2 = replace(p, points=200)
    assert Pyramid.shown_score(p2, 65.9, 3) == pyramid_score(p2, 65) == 200 - 2 * 30
    # the lower-is-better result: Devil's Grip's cards left, none elsewhere
    d = DevilsGrip.deal(1, {})
    assert DevilsGrip.result(d) == len(d.stock) + len(d.talon)
    assert DevilsGrip.result_extras([d]) == {"cards_left": DevilsGrip.result(d)}
    for rules in (TriPeaks, Pyramid, Klondike, FreeCell, Spider):
        assert rules.result(rules.deal(1, rules.check_options({}))) is None
    # TriPeaks: the longest streak along the line of play and the stock left at its end
    t = TriPeaks.deal(1, {})
    line = [t]
    for _ in range(12):
        moves = [m for m in TriPeaks.legal_moves(line[-1]) if m != "s"] or TriPeaks.legal_moves(line[-1])
        line.append(TriPeaks.apply(line[-1], moves[0]))
    ex = TriPeaks.result_extras(line)
    assert ex == {"longest_run": max(st.streak for st in line), "stock_left": len(line[-1].stock)}
    assert ex["longest_run"] > 0


def test_movable_and_tap_refusal_klondike():
    s = Klondike.deal(1, {})
    assert Klondike.movable(s, 6, 6) and not Klondike.movable(s, 6, 5)
    assert Klondike.tap_refusal(s, 6, 2).msgid == "This card is face down"
    for col in range(7):
        top = len(s.columns[col]) - 1
        moves = Klondike.tap_moves(s, col, top)
        w = Klondike.tap_refusal(s, col, top)
        assert (w is None) == bool(moves)
        if w is not None:
            assert w.msgid == "This card has nowhere to go"
    assert Klondike.moving_card(s, KMove(6, FOUNDATION)) == s.columns[6][-1]
    s2 = Klondike.apply(s, Klondike.parse_move(s, "s"))
    assert Klondike.moving_card(s2, KMove(WASTE, FOUNDATION)) == s2.waste[-1]


def test_movable_and_tap_refusal_freecell():
    s = FreeCell.deal(1, {})
    n = len(s.columns[0])
    assert FreeCell.movable(s, 0, n - 1) and not FreeCell.movable(s, 0, 0)
    assert FreeCell.tap_refusal(s, 0, 0).msgid == "Those cards are not in order and cannot move together"
    assert FreeCell.tap_refusal(s, 0, n - 1) is None          # a top card always has a free cell
    assert FreeCell.moving_card(s, FMove(0, CELL)) == s.columns[0][-1]


def test_spider_tap_refusal_is_a_refusal():
    s = Spider.deal(1, {})
    assert Spider.tap_refusal(s, 0, 0) == Refusal("This card is face down")
    assert Spider.option_labels["suits"]["4"] == "4 suits"


def test_pyramid_pairing_and_stats_options():
    assert [partner_rank(r) for r in range(1, 14)] == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, None]
    assert Pyramid.stats_options == ()


def test_devils_grip_rating_rows_match_rating():
    for lo, hi, msg in RATING_ROWS:
        assert rating(lo) == rating(hi) == msg
    assert rating(RATING_ROWS[-1][1] + 1) is None and RATING_ROWS[0][0] == 0


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name)
def test_preview_cards_are_cards_of_the_game(rules):
    cards = rules.preview_cards()
    s = rules.deal(1, rules.check_options({}))
    text = rules.format_position(s)
    assert cards and len(cards) >= 28
    if rules is DevilsGrip:
        assert all(c & 15 != 1 for c in cards)            # no aces in Devil's Grip
    assert text                                           # the deal exists and prints
