"""TriPeaks rules: every worked number of docs/rules.md "TriPeaks"."""
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from games.cards import ALL_CARDS, fmt, parse_card
from games.core import History, IllegalMove, PositionError
from games.tripeaks import DRAW, PEAKS, TriPeaks, TriPeaksState, exposed, streak_points

C = parse_card

DEAL_1 = """\
# code: TP1-E-AAAAAAB
Game: tripeaks
Mode: easy
Row 1: (KS) (4D) (AS)
Row 2: (8H) (JD) (JS) (JH) (KH) (7D)
Row 3: (6D) (AD) (AC) (9D) (KD) (JC) (TD) (4C) (2D)
Row 4: QS 7H 3D 3C 5S 2S 4H 8S TH 7S
Waste: QH
Stock: (2C) (4S) (9H) (5C) (KC) (TC) (3H) (5H) (QD) (3S) (2H) (6S) (7C) (AH) (QC) (TS) (9C) (6C) (9S) (5D) (8D) (6H) (8C)
"""


def cli(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def position(row4, waste, fill=None, stock=None, mode="easy"):
    """A full position: ``row4`` (10 names), ``waste`` (names), ``fill`` {slot: name} for rows 1-3,
    the rest of the deck spread over rows 1-3 then the stock."""
    used = [C(x) for x in row4 + waste + list((fill or {}).values()) + (stock or [])]
    rest = [c for c in ALL_CARDS if c not in used]
    t = [None] * 28
    for slot, name in (fill or {}).items():
        t[slot] = C(name)
    for i in range(18):
        if t[i] is None:
            t[i] = rest.pop(0)
    t[18:] = [C(x) for x in row4]
    st_cards = [C(x) for x in stock] if stock is not None else rest
    return TriPeaksState(tuple(t), tuple(st_cards), tuple(C(x) for x in waste), mode, "moves", 500, 0)


def test_golden_deal_1():
    rc, out, err = cli("deal", "tripeaks", "--number", "1")
    assert rc == 0 and out == DEAL_1


def test_deal_by_code_is_the_same_and_n_reads_as_easy():
    assert cli("deal", "tripeaks", "--code", "tp1-n-aaaaaab")[1] == DEAL_1
    rc, out, _ = cli("deal", "tripeaks", "--code", "TP1-C-AAAAAAB")
    assert rc == 0 and "Mode: classic" in out and out.splitlines()[0] == "# code: TP1-C-AAAAAAB"
    assert TriPeaks.decode("TP1-C-AAAAAAC") == (2, {"mode": "classic"})


# -- the worked example of docs/rules.md "TriPeaks": waste A♣, row 4 = 3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠, row3[4] = 7♠
SEED_ROW4 = "3S 5S KC 4S 2D AS KD 8H 7C 9S".split()


def seed_position(mode):
    return position(SEED_ROW4, ["AC"], {9 + 4: "7S"}, mode=mode)


def names(state):
    return [TriPeaks.format_move(state, m) for m in TriPeaks.legal_moves(state)]


def test_seed_003_easy_allows_kc_2d_kd():
    assert names(seed_position("easy")) == ["KC", "2D", "KD", "s"]


def test_seed_003_classic_allows_only_2d():
    assert names(seed_position("classic")) == ["2D", "s"]


def test_seed_003_kc_as_2d_turns_up_7s():
    s = seed_position("easy")
    slot_7s = 13
    assert not exposed(s.tableau, slot_7s)
    for name in ("KC", "AS"):
        s = TriPeaks.apply(s, TriPeaks.parse_move(s, name))
        assert not exposed(s.tableau, slot_7s)
    s = TriPeaks.apply(s, TriPeaks.parse_move(s, "2D"))
    assert exposed(s.tableau, slot_7s) and s.tableau[slot_7s] == C("7S")
    assert "Row 3: " in TriPeaks.format_position(s)
    row3 = [l for l in TriPeaks.format_position(s).splitlines() if l.startswith("Row 3")][0].split()[2:]
    assert row3[4] == "7S" and all(t.startswith("(") for i, t in enumerate(row3) if i != 4)


def test_seed_003_errors_in_both_languages():
    s = seed_position("easy")
    with pytest.raises(IllegalMove) as e:
        TriPeaks.apply(s, TriPeaks.parse_move(s, "3S"))
    assert e.value.text("ru") == "Карта должна быть на один ранг старше или младше"
    assert e.value.text("en") == "The card must be one rank higher or lower"
    with pytest.raises(IllegalMove) as e:
        TriPeaks.apply(s, TriPeaks.parse_move(s, "7S"))
    assert e.value.text("ru") == "Эта карта заблокирована"
    assert e.value.text("en") == "This card is blocked"
    from games.i18n import tr
    assert tr("No more moves available", "ru") == "Больше нет доступных ходов"


def test_refused_move_changes_nothing():
    s = seed_position("easy")
    before = TriPeaks.format_position(s)
    with pytest.raises(IllegalMove):
        TriPeaks.apply(s, TriPeaks.parse_move(s, "3S"))
    assert TriPeaks.format_position(s) == before


# -- moves scoring: 772, 749, 750 -------------------------------------------------------------
ORDER = list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + list(range(0, 3))


def chain_position(start, draws_before, extra_stock=0, mode="easy", scoring="moves"):
    """A deal whose 28 tableau cards can be removed in ORDER, each one rank above the previous
    (K then A in Easy), starting from ``start`` drawn after ``draws_before`` - 1 other draws."""
    start_card = C(start)
    ranks = [((start_card.rank - 1 + k) % 13) + 1 for k in range(1, 29)]
    pool = [c for c in ALL_CARDS if c != start_card]
    t = [None] * 28
    for slot, r in zip(ORDER, ranks):
        c = next(c for c in pool if c.rank == r)
        pool.remove(c)
        t[slot] = c
    if draws_before == 0:
        waste, stock = (start_card,), tuple(pool)
    else:
        waste = (pool[0],)
        others = pool[1:]
        stock = tuple(others[:draws_before - 1]) + (start_card,) + tuple(others[draws_before - 1:])
    assert len(stock) == 23 and len(set(t + list(waste) + list(stock))) == 52
    return TriPeaksState(tuple(t), stock, waste, mode, scoring, TriPeaks.START_SCORE[scoring], 0)


def play_chain(s, draws):
    h = History.start(TriPeaks, s)
    for _ in range(draws):
        h.play(DRAW)
    scores = []
    for slot in ORDER:
        assert TriPeaks.status(h.state) == "playing"
        h.play(slot)
        scores.append(h.state.score)
    return h, scores


@pytest.mark.parametrize("draws,score", [(0, 772), (23, 749), (22, 750)])
def test_moves_scoring_wins(draws, score):
    h, _ = play_chain(chain_position("4H", draws), draws)
    assert TriPeaks.status(h.state) == "won"
    assert h.moves == draws + 28
    assert h.state.score == score == 500 - h.moves + 300


def test_moves_scoring_peak_bonus_on_the_clearing_card():
    h, scores = play_chain(chain_position("4H", 0), 0)
    steps = [b - a for a, b in zip([500] + scores, scores)]
    # each peak's last card is its top (slots 0, 1, 2 = the last three removals)
    assert steps == [-1] * 25 + [99, 99, 99]
    assert all(sum(1 for c in h.states[-1].tableau if c is not None) == 0 for _ in [0])


def test_moves_scoring_left_peak_owns_nine_cards():
    assert [len(p) for p in PEAKS] == [9, 9, 10]
    assert set().union(*PEAKS) == set(range(28))


def test_classic_refuses_the_wrap():
    s = chain_position("QH", 0, mode="classic")  # the chain goes K then A
    h = History.start(TriPeaks, s)
    h.play(ORDER[0])  # K on Q
    with pytest.raises(IllegalMove):
        h.play(ORDER[1])  # A on K: only in Easy


# -- streak scoring ---------------------------------------------------------------
def test_streak_scoring_seed_000_example():
    # waste 7♣; row 4: 9♦ 8♠ 2♦ K♣ A♥ 5♠ J♦ 3♣ Q♥ 4♠; under 9♦ and 8♠ lies 10♠
    s = position("9D 8S 2D KC AH 5S JD 3C QH 4S".split(), ["7C"], {9: "TS"})
    s = TriPeaksState(s.tableau, s.stock, s.waste, "easy", "streak", 0, 0)
    h = History.start(TriPeaks, s)
    got = []
    for name in ["8S", "9D", "TS", "JD", "QH", "KC", "AH"]:
        before = h.state.score
        h.play(name)
        got.append(h.state.score - before)
    assert got == [10, 15, 20, 25, 30, 35, 40]
    assert h.state.score == 175 == streak_points(7) and h.state.streak == 7
    h.play("s")
    assert h.state.streak == 0 and h.state.score == 175  # a stock card scores nothing


def test_streak_scoring_full_clear():
    h, _ = play_chain(chain_position("4H", 0, scoring="streak"), 0)
    # 28 in one streak: sum of 5n+5 = 2170; three peak tops +50 each; clear +100 and +20 × 23
    assert h.state.score == 2170 + 150 + 100 + 20 * 23 == 2880


def test_streak_peak_top_bonus():
    h, _ = play_chain(chain_position("4H", 0, scoring="streak"), 0)
    s_before = h.states[-4]
    s_after = h.states[-3]
    assert s_after.score - s_before.score == 5 * 26 + 5 + 50


# -- undo, stock, status ----------------------------------------------------------------------
def test_undo_gives_points_back_and_turns_cards_down_counter_never_drops():
    s = seed_position("easy")
    h = History.start(TriPeaks, s)
    for name in ("KC", "AS", "2D"):
        h.play(name)
    assert exposed(h.state.tableau, 13)
    h.undo()
    assert not exposed(h.state.tableau, 13)
    assert h.state.score == 498 and h.moves == 3
    h.undo(); h.undo()
    assert h.state == s and h.moves == 3 and h.undo_used
    with pytest.raises(IllegalMove):
        h.undo()


def test_stock_single_pass_and_loss():
    s = TriPeaksState(s_t := seed_position("easy").tableau, (C("QD"),), (C("AC"),), "classic", "moves", 500, 0)
    h = History.start(TriPeaks, s)
    h.play("s")  # Q♦ on the waste: classic needs J or K
    assert TriPeaks.legal_moves(h.state) == [i for i in range(28) if exposed(s_t, i) and s_t[i].rank in (11, 13)]
    s2 = TriPeaksState(s_t, (), (C("JH"),), "classic", "moves", 500, 0)  # nothing fits J
    assert TriPeaks.status(s2) == "lost"
    assert TriPeaks.needed_ranks(s2) == [10, 12]
    with pytest.raises(IllegalMove) as e:
        TriPeaks.apply(s2, DRAW)
    assert TriPeaks.legal_moves(s2) == []


def test_needed_ranks_wrap_in_easy():
    s = TriPeaksState(seed_position("easy").tableau, (), (C("KH"),), "easy", "moves", 500, 0)
    assert TriPeaks.needed_ranks(s) == [1, 12]


def test_won_the_moment_the_tableau_is_empty_with_stock_left():
    h, _ = play_chain(chain_position("4H", 0), 0)
    assert TriPeaks.status(h.state) == "won" and len(h.state.stock) == 23
    assert TriPeaks.legal_moves(h.state) == []


# -- command line -----------------------------------------------------------------------------
def test_cli_play_scores_and_undo(tmp_path):
    p = tmp_path / "seed.txt"
    p.write_text(TriPeaks.format_position(seed_position("easy")))
    rc, out, err = cli("play", "tripeaks", "--position", str(p), "--moves", "KC AS 2D", "--option", "scoring=moves")
    assert rc == 0, err
    assert "Score: 497\nMoves: 3\nStatus: playing\n" in out
    rc, out, err = cli("play", "tripeaks", "--position", str(p), "--moves", "KC AS u", "--option", "scoring=moves")
    assert rc == 0 and "Score: 499\nMoves: 2\n" in out
    rc, out, err = cli("play", "tripeaks", "--position", str(p), "--moves", "KC 3S AS")
    assert rc == 2 and out == "" and "move 2 '3S'" in err and "one rank higher or lower" in err
    assert len(err.strip().splitlines()) == 1


def test_cli_moves_round_trip_of_position(tmp_path):
    text = TriPeaks.format_position(seed_position("classic"))
    rc, out, _ = cli("moves", "tripeaks", "--position", "-", stdin=text)
    assert rc == 0 and out == "2D\ns\n"


@pytest.mark.parametrize("bad", [
    "Game: tripeaks\nRow 1: AS\n",
    "Game: pyramid\n",
    DEAL_1.replace("Row 4: QS", "Row 4: QQ"),
    DEAL_1.replace("Waste: QH", "Waste: QS"),
    DEAL_1 + "Colour: blue\n",
])
def test_cli_bad_positions(bad):
    rc, out, err = cli("moves", "tripeaks", "--position", "-", stdin=bad)
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ["deal", "tripeaks", "--number", "0"], ["deal", "tripeaks", "--number", "x"],
    ["deal", "tripeaks", "--option", "mode=hard"], ["deal", "tripeaks", "--option", "colour=red"],
    ["deal", "tripeaks", "--code", "TP1-X-AAAAAAB"], ["deal", "nosuchgame"],
    ["deal", "tripeaks", "--code", "TP1-C-AAAAAAB", "--option", "mode=easy"],
])
def test_cli_bad_arguments(args):
    rc, out, err = cli(*args)
    assert rc == 2 and len(err.strip().splitlines()) == 1


def test_cli_solve_replays():
    rc, out, _ = cli("solve", "tripeaks", "--number", "1", "--timeout", "20")
    assert rc == 0 and out.startswith("solved\n")
    h = History.start(TriPeaks, TriPeaks.deal(1, {}))
    for m in out.splitlines()[1].split():
        h.play(m)
    assert TriPeaks.status(h.state) == "won"


# -- invariants -------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10 ** 6), st.sampled_from(["easy", "classic"]), st.sampled_from(["streak", "moves"]),
       st.lists(st.integers(0, 10 ** 6), max_size=60))
def test_random_play_conserves_cards_and_undo_restores(number, mode, scoring, picks):
    h = History.start(TriPeaks, TriPeaks.deal(number, {"mode": mode, "scoring": scoring}))
    for p in picks:
        moves = TriPeaks.legal_moves(h.state)
        assert (TriPeaks.status(h.state) == "playing") == bool(moves)
        if not moves:
            break
        before = h.state
        h.play(moves[p % len(moves)])
        s = h.state
        cards = [c for c in s.tableau if c is not None] + list(s.stock) + list(s.waste)
        assert sorted(cards) == sorted(ALL_CARDS)
        assert s.score >= 0
        text = TriPeaks.format_position(s)
        assert TriPeaks.parse_position(text, {"scoring": scoring}).tableau == s.tableau
        if p % 5 == 0:
            h.undo()
            assert h.state == before
            h.play(moves[p % len(moves)])


def test_chained_play_scores_like_one_call(tmp_path):
    p = tmp_path / "seed.txt"
    s = position("9D 8S 2D KC AH 5S JD 3C QH 4S".split(), ["7C"], {9: "TS"})
    p.write_text(TriPeaks.format_position(s))
    one = cli("play", "tripeaks", "--position", str(p), "--moves", "8S 9D TS")[1]
    first = cli("play", "tripeaks", "--position", str(p), "--moves", "8S")[1]
    assert "Streak: 1" in first
    # the streak goes with the position: Status: stays the last line (docs/contract.md, play)
    lines = first.splitlines()
    assert lines[-3:] == ["Score: 10", "Moves: 1", "Status: playing"] and lines[-4] == "Streak: 1"
    chained = cli("play", "tripeaks", "--position", "-", "--moves", "9D TS", stdin=first)[1]
    assert "Score: 45" in one and "Streak: 3" in one
    assert chained == one
