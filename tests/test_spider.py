"""Spider rules (docs/rules.md "Spider", docs/contract.md spider keys and moves)."""
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from games.__main__ import main
from games.cards import parse_card
from games.codes import CodeError
from games.core import LOST, PLAYING, WON, History, IllegalMove, PositionError
from games.spider import (DEAL, MSG_EMPTY_COLUMN, MSG_MIXED, MSG_NO_FIT, MSG_RANK, Move, Spider,
                          SpiderState, run_length, win_score)

RANKS = "A23456789TJQK"

GOLDEN_1_2SUITS = """\
Game: spider
Suits: 2
Completed: 0
Stock: (3S) (QS) (9H) (7H) (AS) (TS) (KH) (6S) (KS) (8H) (6S) (QH) (9H) (JS) (KS) (3H) (2S) (2H) (AH) (JS) (7H) (5H) (4S) (8S) (QS) (9H) (3S) (7H) (KH) (9S) (9S) (3H) (QH) (TH) (4H) (QS) (8S) (3S) (TH) (TS) (3H) (5S) (3S) (JH) (KS) (4S) (6H) (5H) (JH) (TS)
: (2S) (5H) (QS) (9S) (2H) 9H
: (8S) (4H) (2S) (5H) (7S) AS
: (6S) (5S) (4S) (7S) (4S) TH
: (2S) (KS) (7S) (AH) (8S) QH
: (6H) (8H) (3H) (AS) 2H
: (JS) (TS) (JH) (JH) JS
: (2H) (5S) (4H) (QH) 6S
: (8H) (TH) (7S) (KH) KH
: (7H) (6H) (5S) (6H) 4H
: (AH) (AH) (8H) (AS) 9S
"""


def run(suit: str, hi: int = 13, lo: int = 1) -> str:
    """A same-suit run from rank ``hi`` down to ``lo`` as text, e.g. run("H", 13, 2)."""
    return " ".join(RANKS[r - 1] + suit for r in range(hi, lo - 1, -1))


def pos(*cols: str, stock: str = "", completed: int = 0, suits: int = 4, extra: str = "") -> SpiderState:
    """A scripted position: up to 10 column texts (the rest empty)."""
    lines = [f"Game: spider", f"Suits: {suits}", f"Completed: {completed}", f"Stock: {stock}", extra]
    cols = list(cols) + [""] * (10 - len(cols))
    lines += [": " + c for c in cols]
    return Spider.parse_position("\n".join(lines), {})


def play(s, *moves):
    for m in moves:
        s = Spider.apply(s, Spider.parse_move(s, m))
    return s


def visible(s: SpiderState) -> Counter:
    c = Counter(s.stock)
    for col in s.columns:
        c.update(col)
    return c


def cli(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    rc = main(list(args))
    out, err = capsys.readouterr()
    return rc, out, err


# -- deals -----------------------------------------------------------------------------------------
def test_golden_deal_1_two_suits():
    s = Spider.deal(1, {})
    assert Spider.format_position(s) == GOLDEN_1_2SUITS
    assert Spider.parse_position(GOLDEN_1_2SUITS, {}) == s


def test_deal_shape_and_layout_order():
    s = Spider.deal(1, {"suits": "2"})
    assert [len(c) for c in s.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert s.down == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
    assert len(s.stock) == 50 and s.score == 500 and s.completed == ()
    # round by round across the columns: the shuffled list's card i sits in column i % 10
    from games.deal import shuffle
    d = shuffle(Spider.deck(2), "spider", 1)
    assert [s.columns[i % 10][i // 10] for i in range(54)] == d[:54]
    assert s.stock == tuple(d[54:])


@pytest.mark.parametrize("suits, copies", [("1", {"S": 8}), ("2", {"H": 4, "S": 4}),
                                           ("4", {"C": 2, "D": 2, "H": 2, "S": 2})])
def test_deal_1_card_multisets(suits, copies):
    s = Spider.deal(1, {"suits": suits})
    assert s.suits == int(suits)
    got = Counter(str(c) for c in visible(s).elements())
    want = Counter({r + su: k for su, k in copies.items() for r in RANKS})
    assert got == want and sum(got.values()) == 104


def test_deal_1_variants_differ_and_repeat():
    one, four = Spider.deal(1, {"suits": "1"}), Spider.deal(1, {"suits": "4"})
    assert {c >> 4 for col in one.columns for c in col} == {3}
    assert one != four
    assert Spider.deal(1, {"suits": "4"}) == four
    assert Spider.deal(2, {"suits": "4"}) != four


def test_deal_code_round_trip_and_errors():
    assert Spider.code(1, {}) == "SP1-2-AAAAAAB"
    assert Spider.code(27, {"suits": "4", "relaxed": "yes"}) == "SP1-4R-AAAAABB"
    assert Spider.decode("sp1-4r-aaaaabb") == (27, {"suits": "4", "relaxed": "yes"})
    assert Spider.decode(" SP1-1-AAAAAAB ") == (1, {"suits": "1", "relaxed": "no"})
    for bad in ("SP1-3-AAAAAAB", "SP1-2X-AAAAAAB", "TP1-E-AAAAAAB", "SP1-2-AAAAAAA"):
        with pytest.raises(CodeError):
            Spider.decode(bad)


# -- moves -----------------------------------------------------------------------------------------
def test_mixed_suit_run_refused_as_unit():
    s = pos("(3C) 9S 8H 7H", "TD", "9C")
    with pytest.raises(IllegalMove) as e:
        play(s, "1-2")
    assert e.value.msgid == MSG_MIXED
    with pytest.raises(IllegalMove) as e:
        play(s, "1-2/3")
    assert e.value.msgid == MSG_MIXED
    assert run_length(s.columns[0], s.down[0]) == 2
    after = play(s, "1-3")  # the two hearts move together onto any 9
    assert [str(c) for c in after.columns[2]] == ["9C", "8H", "7H"]
    assert [str(c) for c in after.columns[0]] == ["3C", "9S"]


def test_any_suit_single_card_accepted_and_rank_refused():
    s = pos("7H", "8S", "9S")
    after = play(s, "1-2")
    assert [str(c) for c in after.columns[1]] == ["8S", "7H"] and not after.columns[0]
    with pytest.raises(IllegalMove) as e:
        play(s, "1-3")
    assert e.value.msgid == MSG_NO_FIT
    with pytest.raises(IllegalMove) as e:
        Spider.apply(s, Move(0, 2, 1))
    assert e.value.msgid == MSG_RANK


def test_run_part_moves_onto_matching_card():
    s = pos("9H 8H 7H 6H", "8S")
    after = play(s, "1-2")  # 7H 6H go on the 8: the count comes from the destination
    assert [str(c) for c in after.columns[1]] == ["8S", "7H", "6H"]
    assert Spider.format_move(s, Move(0, 1, 2)) == "1-2"
    assert play(s, "1-2/2") == after
    with pytest.raises(IllegalMove):
        play(s, "1-2/3")


def test_empty_column_takes_any_run():
    s = pos("(2S) KH QH JH", "5C", "", "4D")
    moves = [Spider.format_move(s, m) for m in Spider.legal_moves(s)]
    assert {"1-3/1", "1-3/2", "1-3/3"} <= set(moves) and "1-3/4" not in moves
    assert "4-2" in moves and "d" not in moves
    whole = play(s, "1-3")
    assert [str(c) for c in whole.columns[2]] == ["KH", "QH", "JH"]
    assert whole.columns[0] == (parse_card("2S"),) and whole.down[0] == 0
    two = play(s, "1-3/2")
    assert [str(c) for c in two.columns[2]] == ["QH", "JH"]
    assert Spider.format_move(s, Move(0, 2, 3)) == "1-3/3"


def test_deal_refused_with_empty_column_unless_relaxed():
    stock = "(5S) (5H) (5D) (5C) (4S) (4H) (4D) (4C) (3S) (3H)"
    cols = ["TS 9H", "9S", "9D", "9C", "8H", "8S", "8D", "8C", "7H"]   # ten cards: a deal could come
    s = pos(*cols, stock=stock)
    with pytest.raises(IllegalMove) as e:
        play(s, "d")
    assert e.value.msgid == MSG_EMPTY_COLUMN
    assert DEAL not in Spider.legal_moves(s)
    r = pos(*cols, stock=stock, extra="Relaxed: yes")
    after = play(r, "d")
    assert [str(c[-1]) for c in after.columns] == stock.replace("(", "").replace(")", "").split()
    assert len(after.columns[9]) == 1 and after.score == 499
    relaxed_opt = Spider.parse_position(Spider.format_position(s), {"relaxed": "yes"})
    assert DEAL in Spider.legal_moves(relaxed_opt)


def test_deal_puts_stock_on_columns_in_order():
    s = Spider.deal(1, {})
    after = play(s, "d")
    assert tuple(c[-1] for c in after.columns) == s.stock[:10]
    assert after.stock == s.stock[10:] and after.score == 499
    assert after.down == s.down  # dealt cards are face up, nothing turns


def test_deal_completing_runs_removes_them_at_once():
    # columns 1 and 2 end K..2 of hearts / spades over a face-down card; the deal brings the aces
    stock = "(AH) (AS) (3C) (3D) (4C) (4D) (5C) (5D) (6C) (6D)"
    s = pos("(7D) " + run("H", 13, 2), "(8D) " + run("S", 13, 2), "QC", "QD", "JC", "JD", "TC", "TD",
            "9C", "9D", stock=stock)
    after = play(s, "d")
    assert [str(c) for c in after.columns[0]] == ["7D"] and after.down[0] == 0
    assert [str(c) for c in after.columns[1]] == ["8D"] and after.down[1] == 0
    assert sorted(after.completed) == sorted((parse_card("AH").suit, parse_card("AS").suit))
    assert after.score == 500 - 1 + 200
    assert Spider.format_position(after).splitlines()[2] == "Completed: 2"


def test_face_down_card_turns_up_and_back_down_on_undo():
    s = pos("(4C) (5D) 8H", "9S")
    h = History.start(Spider, s)
    h.play("1-2")
    assert h.state.down[0] == 1 and h.state.columns[0][-1] == parse_card("5D")
    assert ": (4C) 5D" in Spider.format_position(h.state)
    h.undo()
    assert h.state == s and h.state.down[0] == 2
    assert ": (4C) (5D) 8H" in Spider.format_position(h.state)
    assert h.moves == 1  # the counter never goes down


def test_run_removal_by_move_and_score():
    s = pos("(2D) " + run("S", 13, 3), "4C 2S AS", "3D")
    after = play(s, "2-1")
    assert after.columns[0] == (parse_card("2D"),) and after.down[0] == 0
    assert after.completed == (parse_card("AS").suit,)
    assert after.score == 500 - 1 + 100
    assert [str(c) for c in after.columns[1]] == ["4C"]
    # a mixed-suit K..A does not leave
    mixed = play(pos(run("S", 13, 3), "2H AH"), "2-1")
    assert len(mixed.columns[0]) == 13 and mixed.completed == ()


def test_run_completes_at_source_when_cover_moves_away():
    s = pos("(9D) " + run("H") + " 5S", "6C")
    after = play(s, "1-2")
    assert after.columns[0] == (parse_card("9D"),) and after.down[0] == 0
    assert len(after.completed) == 1 and after.score == 599


def test_win_after_eight_runs():
    s = pos(run("S", 13, 2), "AS", completed=7, suits=1)
    assert Spider.status(s) == PLAYING and s.score == 1200
    after = play(s, "2-1")
    assert Spider.status(after) == WON and len(after.completed) == 8
    assert after.score == 1200 - 1 + 100
    assert Spider.legal_moves(after) == []
    with pytest.raises(IllegalMove):
        play(after, "d")


def test_lost_when_no_move_left():
    cols = "3S 5S 7S 9S JS KS 3H 5H 7H 9H".split()  # no two ranks one apart
    s = pos(*cols)  # stock empty, no empty column, nothing fits
    assert Spider.legal_moves(s) == [] and Spider.status(s) == LOST
    stock = "(2C) (2D) (4C) (4D) (6C) (6D) (8C) (8D) (TC) (TD)"
    assert Spider.status(pos(*cols, stock=stock)) == PLAYING
    assert Spider.status(pos(*cols[:9])) == PLAYING  # an empty column: moves exist


def test_lost_when_the_stock_can_never_be_dealt():
    """Strict rule, cards in the stock and fewer cards on the table than columns: a deal needs
    every column filled and only a deal adds cards to the table, so the stock never comes out
    and no move changes the outcome (docs/rules.md "Lost"). With ten cards on the table, or the
    relaxed rule, the game goes on. The column moves left stay legal, as the rules have them, and
    the game stays lost; the deal is refused (a column is empty)."""
    stock = " ".join(f"({r}C)" for r in "A23456789T")
    few = pos("7H", "8S", "9D", stock=stock)
    assert Spider.status(few) == LOST and Spider.stock_stuck(few)
    assert Spider.why_not(few, Spider.parse_move(few, "1-2")) is None and DEAL not in Spider.legal_moves(few)
    assert Spider.status(play(few, "1-2")) == LOST
    with pytest.raises(IllegalMove):
        play(few, "d")
    relaxed = pos("7H", "8S", "9D", stock=stock, extra="Relaxed: yes")
    assert Spider.status(relaxed) == PLAYING
    ten = pos(*"7H 8S 9D 2C 3C 4C 5C 6C 7C 8C".split(), stock=stock)
    assert Spider.status(ten) == PLAYING
    spread = pos("7H 8S 9D", stock=stock)   # three cards in one column: still too few
    assert Spider.status(spread) == LOST
    last = pos(run("S", 13, 2), "AS", stock=stock)       # the run completes and leaves the table
    assert Spider.status(last) == PLAYING and Spider.status(play(last, "2-1")) == LOST


def test_score_never_below_zero():
    s = pos("7H", "8S", extra="Score: 0")
    assert play(s, "1-2").score == 0


def test_the_floor_is_on_a_moves_net_change_a_completed_run_included():
    """docs/spider.md "Score": at 0 a move that completes a run scores -1 + 100 = 99."""
    s = pos(run("S", 13, 2), "AS", extra="Score: 0")
    assert play(s, "2-1").score == 99


def test_can_finish():
    assert not Spider.can_finish(Spider.deal(1, {}))
    assert Spider.can_finish(pos("KH QH", "5S"))
    assert not Spider.can_finish(pos("(KH) QH", "5S"))
    assert not Spider.can_finish(pos("KH", stock="(3S)"))


def test_destinations_best_place_order():
    s = pos("7H", "8S", "8H", "", "9C", "8H", "(2C) 6D 5D")
    d = Spider.destinations(s, 0, 0)
    assert d == [Move(0, 2, 1), Move(0, 5, 1), Move(0, 1, 1), Move(0, 3, 1), Move(0, 7, 1),
                 Move(0, 8, 1), Move(0, 9, 1)]
    assert Spider.destinations(s, 6, 1) == [Move(6, 0, 2), Move(6, 3, 2), Move(6, 7, 2), Move(6, 8, 2),
                                            Move(6, 9, 2)]
    assert Spider.destinations(s, 6, 0) == []
    assert Spider.tap_refusal(s, 6, 0) is not None and Spider.tap_refusal(s, 0, 0) is None
    mixed = pos("9S 8H 7H", "9H 8H 7H 6H")
    assert Spider.destinations(mixed, 0, 0) == [] and Spider.tap_refusal(mixed, 0, 0).msgid == MSG_MIXED
    every = {m for i in range(10) for j in range(len(s.columns[i])) for m in Spider.destinations(s, i, j)}
    assert every == set(Spider.legal_moves(s)) - {DEAL}


# -- text ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "3", "3-", "-3", "a-b", "3-7/x", "3-7/", "dd", "3--7"])
def test_bad_move_text(text):
    s = Spider.deal(1, {})
    with pytest.raises(IllegalMove):
        Spider.parse_move(s, text)


@pytest.mark.parametrize("move", ["0-3", "11-3", "3-11"])
def test_bad_column(move):
    with pytest.raises(IllegalMove, match="column"):
        Spider.parse_move(Spider.deal(1, {}), move)


@pytest.mark.parametrize("text, words", [
    ("Game: spider\nSuits: 3\nCompleted: 0\nStock:\n" + ":\n" * 10, "Suits"),
    ("Game: spider\nSuits: 2\nCompleted: 0\nStock:\n" + ":\n" * 9, "10 column"),
    ("Game: spider\nSuits: 2\nCompleted: 0\nStock:\n: 5C\n" + ":\n" * 9, "5C"),
    ("Game: spider\nSuits: 1\nCompleted: 0\nStock:\n: 5S 5S 5S 5S 5S 5S 5S 5S 5S\n" + ":\n" * 9, "9 times"),
    ("Game: spider\nSuits: 2\nCompleted: 0\nStock:\n: 5S (4S)\n" + ":\n" * 9, "face-down"),
    ("Game: spider\nSuits: 2\nCompleted: 9\nStock:\n" + ":\n" * 10, "Completed"),
    ("Game: spider\nSuits: 2\nCompleted: 8\nStock:\n: 5S\n" + ":\n" * 9, r"make 105, more than 104"),
    ("Game: klondike\nSuits: 2\nCompleted: 0\nStock:\n" + ":\n" * 10, "klondike"),
    ("Game: spider\nSuits: 2\nCompleted: 0\nStock:\nRow 1: 5S\n" + ":\n" * 10, "Row 1"),
])
def test_bad_positions(text, words):
    with pytest.raises(PositionError, match=words):
        Spider.parse_position(text, {})


def test_parse_normalises_face_down_top_and_complete_run():
    s = pos("(4C) (5D)", "(3D) " + run("H"), completed=1)
    assert s.down[0] == 1 and s.columns[1] == (parse_card("3D"),) and s.down[1] == 0
    assert len(s.completed) == 2 and s.score == 700


def test_play_output_reads_back(capsys, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(GOLDEN_1_2SUITS)
    rc, out, err = cli(capsys, "play", "spider", "--position", str(f), "--moves", "1-3 d")
    assert rc == 0 and "Score: 498" in out and "Moves: 2" in out and "Status: playing" in out
    f.write_text(out)
    rc, out2, err = cli(capsys, "moves", "spider", "--position", str(f))
    assert rc == 0 and out2.strip()
    rc, out3, err = cli(capsys, "play", "spider", "--position", str(f), "--moves", "1-3 x")
    assert rc == 2 and "move 1 '1-3' is illegal" in err.lower() and out3 == ""


def test_cli_deal_with_code_and_options(capsys):
    rc, out, _ = cli(capsys, "deal", "spider", "--code", "sp1-4r-aaaaabb")
    assert rc == 0 and out.startswith("# code: SP1-4R-AAAAABB\n") and "Suits: 4" in out
    rc, out, _ = cli(capsys, "deal", "spider", "--number", "27", "--option", "suits=4")
    assert out.startswith("# code: SP1-4-AAAAABB\n")
    rc, _, err = cli(capsys, "deal", "spider", "--option", "suits=3")
    assert rc == 2 and "suits" in err


def test_win_score_formula():
    assert win_score(2, 600, 200) == (1100 + 600) * 2
    assert win_score(1, 0, 0) == 1300 + 600
    assert win_score(1, 10_000, 5_000) == 100  # both floors
    assert win_score(4, 1000, 300) == (1000 + 1400) * 3
    assert win_score(4, 1000, 300, relaxed=True) == round((1000 + 1400) * 3 * 0.8)
    assert win_score(4, 1000, 300, solvable_only=False) == round((1000 + 1400) * 3 * 1.2)
    assert win_score(2, 59.9, 0) == win_score(2, 59, 0)
    assert win_score(4, 0, 0) > win_score(2, 0, 0) > win_score(1, 0, 0)
    with pytest.raises(ValueError):
        win_score(3, 0, 0)
    with pytest.raises(ValueError):
        win_score(2, -1, 0)


# -- invariants ------------------------------------------------------------------------------------
def _deck_minus_runs(s: SpiderState) -> Counter:
    c = Counter(Spider.deck(s.suits))
    for su in s.completed:
        c.subtract(Counter(su * 16 + r for r in range(1, 14)))
    return +c


@settings(max_examples=30, deadline=None)
@given(number=st.integers(1, 10 ** 6), suits=st.sampled_from(["1", "2", "4"]),
       relaxed=st.sampled_from(["no", "yes"]), picks=st.lists(st.integers(0, 10 ** 6), max_size=120))
def test_random_legal_play(number, suits, relaxed, picks):
    s0 = Spider.deal(number, {"suits": suits, "relaxed": relaxed})
    h = History.start(Spider, s0)
    for p in picks:
        s = h.state
        moves = Spider.legal_moves(s)
        assert (Spider.status(s) == PLAYING) == bool(moves)
        if not moves:
            break
        m = moves[p % len(moves)]
        text = Spider.format_move(s, m)
        assert Spider.parse_move(s, text) == m
        h.play(text)
        t = h.state
        assert visible(t) == _deck_minus_runs(t)  # cards conserved
        assert sum(visible(t).values()) == 104 - 13 * len(t.completed)
        assert t.score == max(0, t.score)
        assert all(0 <= d < len(c) or (d == 0 and not c) for c, d in zip(t.columns, t.down))
        back = Spider.parse_position(Spider.format_position(t), {"relaxed": relaxed})
        assert Spider.format_position(back) == Spider.format_position(t)
        assert back.columns == t.columns and back.down == t.down and back.stock == t.stock
        assert sorted(back.completed) == sorted(t.completed)
        if p % 3 == 0:
            h.undo()
            assert h.state == s  # undo restores exactly
    while h.can_undo():
        h.undo()
    assert h.state == s0


def _greedy_key(t: SpiderState):
    adjacent = sum(1 for c, d in zip(t.columns, t.down) for i in range(d, len(c) - 1) if c[i] == c[i + 1] + 1)
    return (len(t.completed), -sum(t.down), adjacent)


def test_greedy_one_suit_play_completes_runs_and_conserves_cards():
    """A greedy player (more runs, fewer face-down cards, more same-suit neighbours; else deal)
    on 1-suit deals 1..4: runs do leave the table in real play, the score follows
    500 − moves + 100 × runs, cards are conserved, and undo walks back to the deal."""
    runs = 0
    for number in range(1, 5):
        s0 = Spider.deal(number, {"suits": "1"})
        h = History.start(Spider, s0)
        while True:
            s = h.state
            moves = Spider.legal_moves(s)
            scored = [(_greedy_key(Spider.apply(s, m)), m != DEAL, m) for m in moves]
            best = max(scored, key=lambda x: x[:2], default=None)
            if best and best[0] > _greedy_key(s):
                h.play(best[2])
            elif DEAL in moves:
                h.play(DEAL)
            else:
                break
            assert visible(h.state) == _deck_minus_runs(h.state)
            assert h.state.score == 500 - h.moves + 100 * len(h.state.completed)
        runs += len(h.state.completed)
        while h.can_undo():
            h.undo()
        assert h.state == s0
    assert runs >= 3


def test_cli_deal_then_undo_gives_back_the_deal(capsys, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(GOLDEN_1_2SUITS)
    rc, out, _ = cli(capsys, "play", "spider", "--position", str(f), "--moves", "d u 1-3 u")
    assert rc == 0
    body = [l for l in out.splitlines() if not l.startswith(("Score", "Moves", "Status"))]
    assert body == GOLDEN_1_2SUITS.splitlines()
    assert "Score: 500" in out and "Moves: 2" in out


def test_refusals_read_in_russian():
    s = pos("(3C) 9S 8H 7H", "TD")
    with pytest.raises(IllegalMove) as e:
        play(s, "1-2")
    assert e.value.text("ru").startswith("Несколько карт") and e.value.text("en") == MSG_MIXED


def test_too_many_cards_names_the_count_asked_and_face_up():
    # one face-up card: the message must read right for n = 1 (no "1 face-up cards")
    s = pos("(3C) (9S) 7H", "8H")
    with pytest.raises(IllegalMove) as e:
        play(s, "1-2/2")
    assert e.value.text("en") == "Cannot move 2 cards from column 1: only 1 face up"
    assert e.value.text("ru") == "Из столбца 1 не перенести карт: 2, открыто только 1"


def test_a_run_to_an_empty_column_needs_no_count():
    """docs/contract.md: ``3-7`` onto an empty column moves the whole movable run; ``/N`` is
    needed only to move part of it."""
    s = pos("(9C) " + run("H", 8, 5), "KS")
    whole = Spider.parse_move(s, "1-3")
    assert whole == Move(0, 2, 4)
    after = play(s, "1-3")
    assert [c & 15 for c in after.columns[2]] == [8, 7, 6, 5] and len(after.columns[0]) == 1
    assert Spider.format_move(s, whole) == "1-3/4"
    assert play(s, "1-3/2").columns[2] == s.columns[0][-2:]


@pytest.mark.parametrize("text, same", [("03-07", "3-7"), ("010-02", "10-2"), ("06-10/01", "6-10/1")])
def test_leading_zeros_read_as_the_number(text, same):
    """docs/contract.md: numbers typed anywhere take leading zeros."""
    s = pos("KC", "TS", "5H", "KD", "KH", "8D", "6H", "KS", "QC", "9S")
    assert Spider.parse_move(s, text) == Spider.parse_move(s, same)
    assert Spider.apply(s, Spider.parse_move(s, text)) == Spider.apply(s, Spider.parse_move(s, same))
