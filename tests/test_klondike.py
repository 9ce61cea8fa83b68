"""Klondike rules: docs/rules.md "Klondike", the deal, the score, lost, and the app helpers."""
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from games.cards import ALL_CARDS, fmt, parse_card
from games.codes import CodeError
from games.columns import foundation_cards, parse_foundations
from games.core import LOST, PLAYING, WON, History, IllegalMove, PositionError
from games.klondike import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, Klondike, KlondikeState, Move

C = parse_card

DEAL_1 = """\
# code: KL1-D1-AAAAAAB
Game: klondike
Draw: 1
Foundations: H-0 C-0 D-0 S-0
Stock: (KS) (KH) (JC) (3S) (4C) (8C) (TC) (4D) (6H) (3H) (3C) (TH) (QD) (AH) (9C) (5H) (AS) (9S) (TS) (KD) (8H) (7S) (5D) (AD)
Waste:
: 2S
: (4S) 7D
: (2H) (JD) QS
: (8S) (7C) (9D) 4H
: (3D) (AC) (6S) (5C) KC
: (JS) (5S) (6C) (QC) (6D) 9H
: (8D) (JH) (2C) (QH) (7H) (2D) TD
"""


def cli(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def pos(cols, waste="", stock=None, found="H-0 C-0 D-0 S-0", draw=1, extra=""):
    """A full position: 7 column texts, the waste, the foundations; every card not named goes to
    the stock after ``stock`` (names, drawn first), face down."""
    named = [t.strip("()") for c in cols for t in c.split()] + waste.split() + (stock or [])
    used = {C(x) for x in named} | set(foundation_cards(parse_foundations(found, 0)))
    rest = [fmt(c) for c in ALL_CARDS if c not in used]
    st_ = " ".join(f"({x})" for x in (stock or []) + rest)
    lines = ["Game: klondike", f"Draw: {draw}", f"Foundations: {found}", f"Stock: {st_}", f"Waste: {waste}"]
    lines += [f": {c}" for c in cols] + [extra]
    return Klondike.parse_position("\n".join(lines) + "\n", {})


def play(state, *moves):
    h = History.start(Klondike, state)
    for m in moves:
        h.act(m)
    return h


# -- the deal ------------------------------------------------------------------------------------
def test_golden_deal_1():
    rc, out, err = cli("deal", "klondike", "--number", "1")
    assert rc == 0, err
    assert out == DEAL_1


def test_deal_layout_like_the_real_game():
    s = Klondike.deal(7, {"draw": "3"})
    assert [len(c) for c in s.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert s.down == (0, 1, 2, 3, 4, 5, 6)
    assert len(s.stock) == 24 and s.waste == () and s.draw == 3
    assert sorted(list(s.stock) + [c for col in s.columns for c in col]) == sorted(ALL_CARDS)
    # dealt in rows: the shuffled deck's first seven cards are the bottom cards of columns 1..7
    from games.cards import deck
    from games.deal import shuffle
    d = shuffle(deck(), "klondike", 7)
    assert tuple(col[0] for col in s.columns) == tuple(d[:7])
    assert tuple(col[1] for col in s.columns[1:]) == tuple(d[7:13])
    assert s.columns[6][-1] == d[27] and s.stock == tuple(d[28:])


def test_same_number_same_deal_and_draw_does_not_change_the_cards():
    a, b = Klondike.deal(12345, {"draw": "1"}), Klondike.deal(12345, {"draw": "3"})
    assert a.columns == b.columns and a.stock == b.stock
    assert Klondike.deal(12346, {}).columns != a.columns


def test_deal_codes():
    assert Klondike.code(1, {"draw": "3"}) == "KL1-D3-AAAAAAB"
    assert Klondike.decode(" kl1-d1-aaaaabc ") == (28, {"draw": "1"})
    for bad in ("KL1-D2-AAAAAAB", "TP1-E-AAAAAAB", "KL1-D1-AAAA"):
        with pytest.raises(CodeError, match=bad.split("-")[0]):
            Klondike.decode(bad)
    rc, out, err = cli("deal", "klondike", "--code", "KL1-D3-AAAAAAC")
    assert rc == 0 and "Draw: 3" in out and out.startswith("# code: KL1-D3-AAAAAAC")


def test_position_round_trip_and_errors():
    s = Klondike.deal(99, {})
    assert Klondike.parse_position(Klondike.format_position(s), {}) == s
    with pytest.raises(PositionError, match="appears twice"):
        Klondike.parse_position(DEAL_1.replace("(KS) (KH)", "(KS) (KS)"), {})
    with pytest.raises(PositionError, match="face-down card above a face-up"):
        Klondike.parse_position(DEAL_1.replace(": (4S) 7D", ": 4S (7D)"), {})
    with pytest.raises(PositionError, match="top card must be face up"):
        Klondike.parse_position(DEAL_1.replace(": 2S\n", ": (2S)\n"), {})
    # face-up cards that are not a run cannot arise from play (QA 3: the solver tripped on them)
    with pytest.raises(PositionError, match="must be a run .*7D on 4S"):
        Klondike.parse_position(DEAL_1.replace(": (4S) 7D", ": 4S 7D"), {})
    with pytest.raises(PositionError, match="'H-Z'"):
        Klondike.parse_position(DEAL_1.replace("H-0", "H-Z"), {})


# -- drawing and recycling -----------------------------------------------------------------------
def test_draw_one_and_three_order():
    s = Klondike.deal(1, {})
    h = play(s, "s", "s")
    assert h.state.waste == (C("KS"), C("KH")) and h.state.stock[0] == C("JC")
    s3 = Klondike.deal(1, {"draw": "3"})
    t = Klondike.apply(s3, Klondike.parse_move(s3, "s"))
    assert t.waste == (C("KS"), C("KH"), C("JC"))  # the third card drawn lies on top
    assert Klondike.legal_moves(t)[-1] == Move(STOCK, WASTE, 3)


def test_draw_three_takes_what_is_left_and_recycle_keeps_the_order():
    s = pos([""] * 6 + ["KC"], stock=["QD", "KD"], found="H-K C-Q D-J S-K", draw=3)
    t = play(s, "s").state
    assert t.waste == (C("QD"), C("KD")) and t.stock == ()
    r = play(t, "s").state
    assert r.stock == (C("QD"), C("KD")) and r.waste == () and r.recycles == 1


@pytest.mark.parametrize("draw,penalty", [(1, 100), (3, 20)])
def test_recycle_scoring_per_draw_mode(draw, penalty):
    s = pos(["KC", "", "", "", "", "", ""], stock=["QD", "KD"], found="H-K C-Q D-J S-K", draw=draw,
            extra="Score: 150")
    assert s.score == 150
    per_pass = 2 if draw == 1 else 1  # draws that empty a stock of two cards
    h = play(s, *["s"] * per_pass)
    assert not h.state.stock
    h.act("s")  # the first recycle is free
    assert h.state.recycles == 1 and h.state.score == 150
    for _ in range(per_pass):
        h.act("s")
    h.act("s")  # the second recycle costs the penalty
    assert h.state.recycles == 2 and h.state.score == 150 - penalty
    expected = 150 - penalty
    for k in range(3, 12):
        for _ in range(per_pass):
            h.act("s")
        h.act("s")
        expected = max(0, expected - penalty)
        assert h.state.recycles == k and h.state.score == expected  # never below 0
    assert h.state.score == 0
    text = Klondike.format_position(h.state)
    assert "Recycles: 11" in text and Klondike.parse_position(text + "Score: 0\n", {}) == h.state


def test_stock_and_waste_empty_cannot_draw():
    s = pos(["KC", "", "", "", "", "", ""], found="H-K C-Q D-K S-K")
    with pytest.raises(IllegalMove, match="stock and the waste are empty"):
        Klondike.parse_move(s, "s")
    assert Move(STOCK, WASTE, 1) not in Klondike.legal_moves(s)


# -- scoring of card moves -----------------------------------------------------------------------
def test_scores_of_waste_column_foundation_and_turning_up():
    s = pos(["(9C) 2H", "8S", "9H", "", "", "", ""], waste="7H AH")
    h = play(s, "wh")                                   # waste -> foundation +10
    assert h.state.score == 10 and h.state.foundations[2] == 1
    h.act("1h")                                          # column -> foundation +10, 9C turns up +5
    assert h.state.score == 25 and h.state.down[0] == 0 and h.state.columns[0] == (C("9C"),)
    h.act("w2")                                          # waste -> column +5
    assert h.state.score == 30 and h.state.columns[1] == (C("8S"), C("7H"))
    h.act("23")                                          # column -> column: 0
    assert h.state.score == 30 and h.state.columns[2] == (C("9H"), C("8S"), C("7H"))
    assert h.state.columns[1] == ()


def test_face_down_card_turns_up_and_undo_turns_it_back_down():
    s = pos(["(3C) (9C) 2H", "", "", "", "", "", ""], waste="AH")
    h = play(s, "wh", "1h")
    assert h.state.down[0] == 1 and "(3C) 9C" in Klondike.format_position(h.state)
    assert h.state.score == 25
    h.undo()
    assert h.state.down[0] == 2 and "(3C) (9C) 2H" in Klondike.format_position(h.state)
    assert h.state.score == 10 and h.moves == 2  # the counter never goes down
    rc, out, err = cli("play", "klondike", "--position", "-", "--moves", "wh 1h u",
                       stdin=Klondike.format_position(s))
    assert rc == 0 and ": (3C) (9C) 2H" in out and "Score: 10" in out and "Moves: 2" in out


def test_foundation_back_move_scores():
    s = pos(["(QD) 6S", "", "", "", "", "", ""], found="H-5 C-0 D-0 S-0", extra="Score: 40")
    assert Move(FOUNDATION_OF + 2, 0) in Klondike.legal_moves(s)
    h = play(s, "hH1")
    assert h.state.columns[0][-1] == C("5H") and h.state.foundations[2] == 4 and h.state.score == 25
    with pytest.raises(IllegalMove, match="other colour"):
        h.act("hH1")  # 4H does not fit on 5H
    h.undo()
    assert h.state == s
    low = pos(["(QD) 6S", "", "", "", "", "", ""], found="H-5 C-0 D-0 S-0", extra="Score: 10")
    assert play(low, "hH1").state.score == 0  # never below 0
    with pytest.raises(IllegalMove, match="no card"):
        play(s, "hC1")
    assert Klondike.format_move(s, Move(FOUNDATION_OF + 3, 3)) == "hS4"
    # the suit as a symbol too, as cards and positions read it (with an emoji selector or not)
    for text in ("h♥1", "h♥\ufe0f1", "H♥1"):
        assert Klondike.parse_move(s, text) == Klondike.parse_move(s, "hH1")
    rc, out, err = cli("play", "klondike", "--position", "-", "--moves", "h♥1", stdin=Klondike.format_position(s))
    assert rc == 0 and ": (QD) 6S 5H" in out and "Foundations: H-4 " in out


# -- columns -------------------------------------------------------------------------------------
def test_only_a_king_or_a_king_run_goes_to_an_empty_column():
    s = pos(["(2C) QH", "(3C) KS QD", "", "JC", "5D", "6D", "7D"], waste="KH QS")
    with pytest.raises(IllegalMove, match="Only a king"):
        play(s, "13")
    assert Klondike.why_not(s, Move(WASTE, 2)) is not None  # QS is the waste top
    h = play(s, "23")                                     # the run KS QD moves as a whole
    assert h.state.columns[2] == (C("KS"), C("QD")) and h.state.columns[1] == (C("3C"),)
    assert h.state.score == 5                             # 3C turned up
    with pytest.raises(IllegalMove):
        play(s, "w3")  # QS on an empty column


def test_run_notation_moves_the_run_whose_bottom_card_fits():
    s = pos(["(2C) TD 9C 8H 7S", "8D", "TH", "", "", "", ""])
    assert Klondike.parse_move(s, "12") == Move(0, 1, 1)   # 7S onto 8D
    h = play(s, "12")
    assert h.state.columns[1] == (C("8D"), C("7S"))
    assert Klondike.parse_move(s, "13") == Move(0, 2, 3)   # 9C 8H 7S onto TH
    h = play(s, "13")
    assert h.state.columns[0] == (C("2C"), C("TD")) and h.state.columns[2][-3:] == (C("9C"), C("8H"), C("7S"))
    with pytest.raises(IllegalMove, match="The card must be one rank lower"):
        play(s, "21")                                     # 8D, alone face up, on 7S


def test_moves_cli_lists_the_deal_moves():
    rc, out, err = cli("moves", "klondike", "--position", "-", stdin=DEAL_1)
    assert rc == 0 and out == "s\n"
    rc, out, err = cli("play", "klondike", "--position", "-", "--moves", "s 1h", stdin=DEAL_1)
    assert rc == 2 and "move 2 '1h'" in err


# -- lost ----------------------------------------------------------------------------------------
LOCKED_TOPS = ["5C", "5D", "5H", "5S", "9C", "9D", "9H"]


def locked(stock, draw=1):
    """Seven face-up tops that fit nowhere, every other card face down below them, ``stock``."""
    used = {C(x) for x in LOCKED_TOPS + stock}
    rest = [fmt(c) for c in ALL_CARDS if c not in used]
    cols = []
    for i, top in enumerate(LOCKED_TOPS):
        share = rest[i::7]
        cols.append(" ".join(f"({x})" for x in share) + " " + top)
    lines = ["Game: klondike", f"Draw: {draw}", "Foundations: H-0 C-0 D-0 S-0",
             "Stock: " + " ".join(f"({x})" for x in stock), "Waste:"] + [": " + c for c in cols]
    return Klondike.parse_position("\n".join(lines) + "\n", {})


def test_lost_when_the_stock_cycle_brings_nothing():
    s = locked(["6C", "7D", "TS", "JH", "QC", "KD"])
    assert Klondike.status(s) == LOST
    # drawing is all that is left: legal (the rules allow it), but it changes nothing
    assert [Klondike.format_move(s, m) for m in Klondike.legal_moves(s)] == ["s"]


def test_a_lost_game_keeps_its_draws_recycles_and_renumberings():
    """Once lost (no move can change the outcome, docs/rules.md "Lost"), the moves the cards still
    allow stay legal, as the rules have them (a draw, a recycle, a whole king column moved to an
    empty column), and the game stays lost after each; a move refused for its own reason keeps
    that reason. Only a won game refuses everything ("The game is over")."""
    s = locked(["6C", "7D", "TS", "JH", "QC", "KD"])
    assert Klondike.why_not(s, Move(STOCK, WASTE, 1)) is None
    t = s
    for _ in range(6):
        t = Klondike.apply(t, Move(STOCK, WASTE, 1))
        assert Klondike.status(t) == LOST
    assert Klondike.why_not(s, Move(0, 1, 1)).msgid != "The game is over"   # KH on KD: no fit
    recycled = KlondikeState(s.columns, s.down, (), s.stock, s.foundations, s.draw, 0, 0)
    assert Klondike.status(recycled) == LOST
    assert [Klondike.format_move(recycled, m) for m in Klondike.legal_moves(recycled)] == ["s"]
    assert Klondike.status(Klondike.apply(recycled, Move(WASTE, STOCK, 6))) == LOST
    # a king alone in its column and an empty column: moving it only renumbers the columns
    tops, stock = ["QH", "QD", "JH", "JD", "TH"], ["6C", "7D"]
    rest = [fmt(c) for c in ALL_CARDS if fmt(c) not in tops + stock + ["KH"]]
    king = Klondike.parse_position("\n".join(
        ["Game: klondike", "Draw: 1", "Foundations: H-0 C-0 D-0 S-0", "Stock: " + " ".join(stock), "Waste:",
         ": KH", ":"] + [": " + " ".join(f"({x})" for x in rest[i::5]) + " " + t for i, t in enumerate(tops)]) + "\n", {})
    assert Klondike.status(king) == LOST and Move(0, 1, 1) in Klondike.legal_moves(king)
    assert Klondike.status(Klondike.apply(king, Move(0, 1, 1))) == LOST
    text = Klondike.format_position(s)
    rc, out, err = cli("moves", "klondike", "--position", "-", stdin=text)
    assert rc == 0 and out == "s\n", (out, err)
    rc, out, err = cli("play", "klondike", "--position", "-", "--moves", "s s", stdin=text)
    assert rc == 0 and out.endswith("Moves: 2\nStatus: lost\n"), (out, err)
    rc, out, err = cli("play", "klondike", "--position", "-", "--moves", "", stdin=text)
    assert rc == 0 and "Status: lost" in out


def test_not_lost_when_a_stock_card_fits_in_draw_one_but_lost_in_draw_three_if_never_shown():
    stock = ["4H", "6C", "7D"]  # 4H fits on 5C/5S, but drawing three shows only 7D
    assert Klondike.status(locked(stock, draw=1)) == PLAYING
    assert Klondike.status(locked(stock, draw=3)) == LOST
    assert Klondike.status(locked(["6C", "7D", "4H"], draw=3)) == PLAYING


def test_lost_after_some_draws_looks_at_the_whole_cycle():
    s = locked(["6C", "7D", "4H", "TS"], draw=1)
    h = play(s, "s", "s", "s", "s")  # 4H went by; it comes back after a recycle
    assert h.state.stock == () and Klondike.status(h.state) == PLAYING


def test_won_status_and_no_moves():
    s = pos(["KC", "", "", "", "", "", ""], found="H-K C-Q D-K S-K")
    h = play(s, "1h")
    assert Klondike.status(h.state) == WON and Klondike.legal_moves(h.state) == []
    with pytest.raises(IllegalMove, match="over"):
        Klondike.apply(h.state, Move(0, FOUNDATION))


# -- helpers for the app -------------------------------------------------------------------------
def test_safe_to_foundation():
    s = pos(["3H", "4H", "2S", "JC", "", "", ""], waste="AC",
            found="H-2 C-0 D-2 S-1")
    safe = Klondike.safe_to_foundation(s)
    cards = [fmt(c) for c, _ in safe]
    # AC (ace), 2S (two); 3H needs C and S at >= 2: clubs are at 0, so not safe
    assert cards == ["AC", "2S"]
    assert Klondike.safe_to_foundation(s, exclude=[C("2S")]) == [(C("AC"), Move(WASTE, FOUNDATION))]
    s2 = pos(["3H", "", "", "", "", "", ""], found="H-2 C-2 D-0 S-2")
    assert [fmt(c) for c, _ in Klondike.safe_to_foundation(s2)] == ["3H"]
    s3 = pos(["3H", "", "", "", "", "", ""], found="H-2 C-1 D-0 S-2")
    assert Klondike.safe_to_foundation(s3) == []


def test_tap_order():
    # 5H can go home (H-4) but is not safe (clubs at 0), onto 6C (on 7H: a run) or 6S, or nowhere else
    s = pos(["5H", "(2D) 7H 6C", "6S", "", "", "", ""], found="H-4 C-0 D-0 S-0")
    moves = Klondike.tap_moves(s, 0)
    assert moves == [Move(0, 1, 1), Move(0, 2, 1), Move(0, FOUNDATION)]
    # a safe card goes home first
    s2 = pos(["2H", "3S", "", "", "", "", ""], found="H-1 C-0 D-0 S-0")
    assert Klondike.tap_moves(s2, 0) == [Move(0, FOUNDATION), Move(0, 1, 1)]
    # a king: only the empty columns
    s3 = pos(["(2D) KH", "", "JC", "", "", "", ""])
    assert Klondike.tap_moves(s3, 0) == [Move(0, j, 1) for j in (1, 3, 4, 5, 6)]
    assert Klondike.tap_moves(s3, 0, index=0) == []  # face down


def test_finish():
    s = pos(["KC QD", "KD QC", "KH QS", "KS QH", "", "", ""], found="H-J C-J D-J S-J")
    assert Klondike.can_finish(s)
    moves = Klondike.finish_moves(s)
    h = play(s, *[Klondike.format_move(s, m) for m in moves])
    assert Klondike.status(h.state) == WON and len(moves) == 8
    assert not Klondike.can_finish(pos(["(KC) QD", "KD QC", "KH QS", "KS QH", "", "", ""], found="H-J C-J D-J S-J"))
    assert Klondike.finish_moves(Klondike.deal(1, {})) is None


# -- invariants ----------------------------------------------------------------------------------
def cards_of(s: KlondikeState):
    home = [su * 16 + r for su in range(4) for r in range(1, s.foundations[su] + 1)]
    return sorted(home + list(s.stock) + list(s.waste) + [c for col in s.columns for c in col])


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10 ** 6), st.sampled_from(["1", "3"]), st.lists(st.integers(0, 10 ** 6), max_size=60))
def test_random_legal_play(number, draw, choices):
    h = History.start(Klondike, Klondike.deal(number, {"draw": draw}))
    states = [h.state]
    for k in choices:
        moves = Klondike.legal_moves(h.state)
        if not moves:
            break
        m = moves[k % len(moves)]
        text = Klondike.format_move(h.state, m)
        assert Klondike.parse_move(h.state, text) == m
        h.play(m)
        s = h.state
        states.append(s)
        assert cards_of(s) == sorted(ALL_CARDS)
        assert s.score >= 0
        assert all(s.down[i] < len(c) or (not c and s.down[i] == 0) for i, c in enumerate(s.columns))
        assert Klondike.status(s) in (PLAYING, WON, LOST)
        assert Klondike.parse_position(Klondike.format_position(s) + f"Score: {s.score}\n", {}) == s
    while h.can_undo():
        h.undo()
        states.pop()
        assert h.state == states[-1]
    assert h.state == states[0]


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 10 ** 6), st.lists(st.integers(0, 10 ** 6), max_size=40))
def test_illegal_moves_change_nothing(number, choices):
    s = Klondike.deal(number, {})
    for k in choices:
        texts = ["w1", "wh", "1h", "17", "71", "34", "hS1", "s", "12"]
        t = texts[k % len(texts)]
        try:
            m = Klondike.parse_move(s, t)
            s2 = Klondike.apply(s, m)
        except IllegalMove as e:
            assert str(e)
            continue
        assert m in Klondike.legal_moves(s)
        s = s2


def test_tap_moves_given_the_legal_moves_answer_the_same():
    """``tap_moves(..., legal=legal_moves(s))`` (the table's redraw passes the list it has) is
    ``tap_moves`` of every place on a random walk."""
    import random

    from games.klondike import N_COLUMNS

    rng = random.Random(4)
    s = Klondike.deal(9, {"draw": "1"})
    for _ in range(80):
        legal = Klondike.legal_moves(s)
        if not legal:
            break
        for c in range(N_COLUMNS):
            for i in range(len(s.columns[c])):
                assert Klondike.tap_moves(s, c, i, legal=legal) == Klondike.tap_moves(s, c, i)
        for src in [WASTE] + [FOUNDATION_OF + k for k in range(4)]:
            assert Klondike.tap_moves(s, src, legal=legal) == Klondike.tap_moves(s, src)
        s = Klondike.apply(s, rng.choice(legal))


def test_a_face_down_card_on_the_waste_is_refused():
    """A drawn card lies face up until it leaves the waste: ``Waste: (KS)`` can't come from play."""
    text = Klondike.format_position(Klondike.deal(1, {"draw": "1"}))
    stock_line = next(l for l in text.splitlines() if l.startswith("Stock:"))
    first = stock_line.split()[1]                      # "(KS)": the next card to draw
    text = text.replace(stock_line, "Stock: " + " ".join(stock_line.split()[2:]))
    bad = "\n".join("Waste: " + first if l.startswith("Waste:") else l for l in text.splitlines())
    with pytest.raises(PositionError, match="waste's cards are face up"):
        Klondike.parse_position(bad, {})
    good = bad.replace("Waste: " + first, "Waste: " + first.strip("()"))
    assert Klondike.parse_position(good, {}).waste == (parse_card(first.strip("()")),)


def test_a_legal_move_that_changes_the_game_is_judged_without_listing_every_move(monkeypatch):
    """why_not's lost check (a lost game refuses every move) costs a move that changes the game
    nothing more than its own check: the solver's lines are replayed through apply, move by move,
    and listing every move for each made a hint's last slice 14-20 ms natively. A draw whose
    stock cycle has a playable card needs no list either; the same answers as listing them."""
    from games.klondike import Klondike
    calls = []
    real = Klondike._moves.__func__

    def counted(cls, s):
        calls.append(1)
        return real(cls, s)

    deals = [Klondike.deal(n, {"draw": "1"}) for n in range(1, 30)]
    s = next(d for d in deals if any(Klondike._progress(d, m) for m in real(Klondike, d)))
    progress = [m for m in real(Klondike, s) if Klondike._progress(s, m)]
    c = next(d for d in deals if Klondike._cycle_plays(d))
    monkeypatch.setattr(Klondike, "_moves", classmethod(counted))
    for m in progress:
        assert Klondike.why_not(s, m) is None
    assert Klondike.why_not(c, Klondike._draw_move(c)) is None
    assert calls == []


def test_a_won_game_answers_a_draw_with_the_game_is_over():
    """``s`` once every card is home is refused as every other move then is ("The game is
    over"); a lost game's ``s`` with stock and waste spent gets the empty talon's reason."""
    won = KlondikeState(((),) * 7, (0,) * 7, (), (), (13, 13, 13, 13), 1, 0, 0)
    with pytest.raises(IllegalMove, match="The game is over"):
        Klondike.parse_move(won, "s")
    s = locked(["6C", "7D", "TS", "JH", "QC", "KD"])
    spent = KlondikeState(s.columns, s.down, (), (), s.foundations, s.draw, 0, 0)
    assert Klondike.status(spent) == LOST and Klondike.legal_moves(spent) == []
    with pytest.raises(IllegalMove, match="The stock and the waste are empty"):
        Klondike.parse_move(spent, "s")


def test_one_card_that_fits_nowhere_on_a_column_says_the_rule_it_broke():
    """One card (alone face up, or the top card of a run) dropped on a card it does not fit gets
    the rule ("one rank lower and of the other colour"), not the run's "No card of that column
    fits there" (fresh32 F2: 10D dropped on KC; fresh32b G3: 3C of 4H 3C dropped on 2S); a run of
    which no card fits keeps that one."""
    s = pos(["(2C) TD", "KC", "(3C) 9H 8S", "", "", "", ""])
    assert Klondike.why_not(s, Move(0, 1, 1)).msgid == "The card must be one rank lower and of the other colour"
    assert Klondike.why_not(s, Move(2, 1, 1)).msgid == "The card must be one rank lower and of the other colour"
    assert Klondike.why_not(s, Move(2, 1, 2)).msgid == "No card of that column fits there"


def test_a_run_move_of_the_wrong_length_says_what_fits():
    """A move of a run whose count is not the one that fits (a drag of the wrong cards) says which
    run fits there, as FreeCell's ``13/2`` does."""
    s = pos(["(2C) TD 9C 8H 7S", "8D", "TH", "", "", "", ""])
    with pytest.raises(IllegalMove) as e:
        Klondike.apply(s, Move(0, 1, 2))
    assert str(e.value) == "A run of 2 does not fit there: the run that fits is the top 1 (from 7S)"


@pytest.mark.parametrize("lang, words", [("en", "a run moves whole or from any of its cards"),
                                         ("ru", "целиком или с любой её карты")])
def test_the_rules_page_says_a_run_moves_from_any_of_its_cards(lang, words):
    """The Rules page said "a face-up run moves as a whole", read by players as "a run cannot be
    split", while the game (as Windows and Aisleriot) moves a run from any of its face-up cards."""
    from pathlib import Path

    s = pos(["(2C) TD 9C 8H 7S", "8D", "", "", "", "", ""])
    assert play(s, "12").state.columns[0] == (C("2C"), C("TD"), C("9C"), C("8H"))   # the run split
    page = (Path(__file__).resolve().parent.parent / "locales" / lang / "rules" / "klondike.txt").read_text("utf-8")
    assert words in " ".join(page.split())


def test_a_tap_on_a_waste_card_under_the_top_says_only_the_top_plays():
    """docs/rules.md, Klondike: only the waste's top card plays. A tap on a fanned draw-3 waste
    card under it said "Those cards are not in order and cannot move together", as if the waste
    were a run."""
    from games.klondike import WASTE

    s = Klondike.deal(1, {"draw": "3"})
    s = Klondike.apply(s, Klondike.parse_move(s, "s"))
    assert len(s.waste) == 3
    why = Klondike.tap_refusal(s, WASTE, 1)
    assert why is not None and why.text() == "Only the waste's top card can be played"


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(range(24))), st.integers(0, 24), st.sampled_from([1, 3]))
def test_the_stock_cycle_is_the_cards_drawing_shows(order, split, draw):
    """The cards the lost test looks at (docs/rules.md, "Klondike": lost) are those the waste
    shows when the stock is drawn ``draw`` at a time to its end, recycled, and drawn again whole."""
    cards = [ALL_CARDS[i] for i in order]
    stock, waste = tuple(cards[split:]), tuple(cards[:split])
    s = KlondikeState(((),) * 7, (0,) * 7, stock, waste, (0, 0, 0, 0), draw, 0, 0)
    shown = {waste[-1]} if waste else set()
    for _ in range(2):
        while stock:
            waste, stock = waste + stock[:draw], stock[draw:]
            shown.add(waste[-1])
        stock, waste = waste, ()
    assert Klondike._waste_cycle(s) == shown
