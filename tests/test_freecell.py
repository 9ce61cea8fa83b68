"""FreeCell rules: docs/rules.md "FreeCell", Microsoft's deals, supermoves, Freecell Solver."""
import os
import re
import shutil
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from games.cards import ALL_CARDS, fmt, parse_card
from games.codes import CodeError
from games.core import LOST, PLAYING, WON, History, IllegalMove, PositionError
from games.freecell import CELL, FOUNDATION, FOUNDATION_OF, FreeCell, FreeCellState, Move, capacity, ms_deal

C = parse_card
FC_SOLVE = shutil.which("fc-solve")
needs_fc_solve = pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed "
                                    "(Debian: apt-get install freecell-solver-bin); cannot check it reads our positions")

DEAL_1 = """\
# code: FC1-M-AAAAAAB
Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C
: 9H 9S 9D TS 4S 8D 2H
: JC 5S QD QH TH QS 6H
: 5D AD JS 4H 8H 6C
: 7H QC AS AC 2C 3D
: 7C KH AH 4D JH 8C
: 5H 3H 3C 7S 7D TC
"""


def cli(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def first_row(n):
    return " ".join(fmt(c) for c in ms_deal(n)[:8])


def pos(cols, cells="- - - -", found="H-0 C-0 D-0 S-0"):
    """A position from 8 column texts; every card not named (and not home) is added to the columns
    named ``*`` (in deck order, spread evenly), so each test names only the cards it is about."""
    from games.columns import foundation_cards, parse_foundations
    named = [t for c in cols if c != "*" for t in c.split()] + [t for t in cells.split() if t not in "--"]
    used = {C(x) for x in named} | set(foundation_cards(parse_foundations(found, 0)))
    rest = [fmt(c) for c in ALL_CARDS if c not in used]
    fill = [i for i, c in enumerate(cols) if c == "*"]
    cols = list(cols)
    for k, i in enumerate(fill):
        cols[i] = " ".join(rest[k::len(fill)])
    assert fill or not rest, "every card must be somewhere"
    text = f"Foundations: {found}\nFreecells: {cells}\n" + "".join(f": {c}\n" for c in cols)
    return FreeCell.parse_position(text, {})


def play(state, *moves):
    h = History.start(FreeCell, state)
    for m in moves:
        h.act(m)
    return h


# -- Microsoft deals -----------------------------------------------------------------------------
def test_golden_deal_1_in_full():
    rc, out, err = cli("deal", "freecell", "--number", "1")
    assert rc == 0, err
    assert out == DEAL_1


def test_golden_first_rows():
    assert first_row(1) == "JD 2D 9H JC 5D 7H 7C 5H"
    assert first_row(617) == "7D AD 5C 3S 5S 8C 2D AH"
    assert first_row(11982) == "AH AS 4H AC 2D 6S TS JS"   # the famous unsolvable deal
    assert first_row(1000000) == "2D 6H 6S TH JC 3C 4D TD"  # make-microsoft-freecell-board -t


def test_deals_above_2_to_the_31_follow_the_known_extension():
    # values printed by Freecell Solver's make-microsoft-freecell-board -t N (PySolFC's "ms" deals)
    assert first_row(3000000000) == "8D 4D 9H 9D 6H 9C 6C 8C"
    assert first_row(6000000000) == "2D 3D 4D KH TD QH 5C 6D"
    assert first_row(2 ** 31 - 1) != first_row(2 ** 31)
    with pytest.raises(ValueError):
        ms_deal(2 ** 33)


def test_columns_seven_and_six():
    s = FreeCell.deal(5, {})
    assert [len(c) for c in s.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert sorted(c for col in s.columns for c in col) == sorted(ALL_CARDS)


def test_deal_codes():
    assert FreeCell.code(617, {}) == "FC1-M-AAAAAXT"
    assert FreeCell.decode("fc1-m-aaaaaxt") == (617, {})
    with pytest.raises(CodeError, match="FC1-X-AAAAAXT"):
        FreeCell.decode("FC1-X-AAAAAXT")
    rc, out, err = cli("deal", "freecell", "--code", "FC1-M-AAAAAXT")
    assert rc == 0 and out.splitlines()[3] == ": 7D TD TH KD 4C 4S JD"


# -- positions -----------------------------------------------------------------------------------
def test_position_round_trip_and_errors():
    s = play(FreeCell.deal(1, {}), "5a", "6b", "6c", "6h").state
    text = FreeCell.format_position(s)
    assert FreeCell.parse_position(text, {}) == s
    assert FreeCell.parse_position("Game: freecell\n" + text + "Score: 10\nMoves: 3\nStatus: playing\n", {}) == s
    with pytest.raises(PositionError, match="appears twice"):
        FreeCell.parse_position(DEAL_1.replace("JD KD", "JD JD"), {})
    with pytest.raises(PositionError, match="8 column lines"):
        FreeCell.parse_position(DEAL_1.replace(": 5H 3H 3C 7S 7D TC\n", ""), {})
    with pytest.raises(PositionError, match="5 free cells"):
        FreeCell.parse_position(DEAL_1.replace("- - - -", "- - - - -"), {})
    with pytest.raises(PositionError, match="'X-3'"):
        FreeCell.parse_position(DEAL_1.replace("S-0", "X-3"), {})
    with pytest.raises(PositionError, match="not klondike|not freecell"):
        FreeCell.parse_position("Game: klondike\n" + DEAL_1, {})


def test_empty_column_and_cells_text():
    s = pos(["*", "", "*", "*", "*", "*", "*", "*"], cells="QH - 4S -", found="H-2 C-0 D-0 S-1")
    text = FreeCell.format_position(s)
    assert "Freecells: QH - 4S -" in text and "\n:\n" in text and "Foundations: H-2 C-0 D-0 S-A" in text
    assert FreeCell.parse_position(text, {}) == s


# -- moves and run limits ------------------------------------------------------------------------
def test_cells_foundations_and_score():
    s = FreeCell.deal(1, {})
    # column 6 is 7H QC AS AC 2C 3D: 3D to a cell, 2C to another, then AC and AS go home
    h = play(s, "6a", "6b", "6h", "6h")
    st_ = h.state
    assert st_.cells[:2] == (C("3D"), C("2C")) and st_.foundations == (1, 0, 0, 1)
    assert FreeCell.score(st_) == 20
    h.act("bh")                        # 2C from cell b home
    assert FreeCell.score(h.state) == 30 and h.state.cells[1] is None
    with pytest.raises(IllegalMove, match="free cell is taken"):
        h.act("1a")


def test_foundation_back_moves_score_minus_ten():
    s = pos(["*", "3D", "*", "*", "*", "*", "*", "*"], found="H-0 C-2 D-0 S-0")
    assert FreeCell.score(s) == 20
    h = play(s, "hC2")                 # 2C onto 3D
    assert h.state.columns[1] == (C("3D"), C("2C")) and FreeCell.score(h.state) == 10
    h.act("hCa")                       # AC to cell a
    assert h.state.cells[0] == C("AC") and FreeCell.score(h.state) == 0
    h.undo()
    h.undo()
    assert h.state == s and FreeCell.score(h.state) == 20
    with pytest.raises(IllegalMove, match="no card"):
        play(s, "hD2")
    assert FreeCell.format_move(s, Move(FOUNDATION_OF + 3, CELL + 0)) == "hSa"
    # the suit as a symbol too, as cards and positions read it (with an emoji selector or not)
    for text in ("h♣2", "h♣\ufe0f2", "H♣2"):
        assert FreeCell.parse_move(s, text) == FreeCell.parse_move(s, "hC2")
    assert FreeCell.parse_move(s, "h♣a") == Move(FOUNDATION_OF + 0, CELL + 0)
    with pytest.raises(IllegalMove, match="no card"):
        play(s, "h♦2")


def test_run_limit_with_free_cells_and_empty_columns():
    # column 1 holds the run 9S 8H 7C 6D 5S 4H on QD; column 2 ends with TD; column 3 is empty
    run = "QD 9S 8H 7C 6D 5S 4H"
    s = pos([run, "TD", "", "*", "*", "*", "*", "*"], cells="KC KD - -")
    assert capacity(s, 1) == (2 + 1) * 2 == 6          # 2 free cells, 1 empty column
    assert capacity(s, 2) == 3                          # the empty destination does not count
    h = play(s, "12")                                   # all six onto TD
    assert h.state.columns[1][-6:] == tuple(C(x) for x in run.split()[1:])
    assert FreeCell.parse_move(s, "13") == Move(0, 2, 3)  # onto the empty column: the most allowed
    with pytest.raises(IllegalMove, match="Only 3 can move"):
        play(s, "13/4")
    h = play(s, "13/3")
    assert h.state.columns[2] == tuple(C(x) for x in ("6D", "5S", "4H"))
    # one free cell and no empty column: 2 cards at most
    s2 = pos([run, "TD", "KS", "*", "*", "*", "*", "*"], cells="KC KD KH -")
    assert capacity(s2, 1) == 2
    with pytest.raises(IllegalMove, match="Only 2 can move"):
        play(s2, "12")
    assert Move(0, 1, 6) not in FreeCell.legal_moves(s2)


def test_run_order_and_notation():
    s = pos(["*", "TD 9S 8S", "9H", "", "*", "*", "*", "*"])
    with pytest.raises(IllegalMove, match="not in order"):
        play(s, "24/2")                                 # 9S 8S: same colour
    assert play(s, "23").state.columns[2] == (C("9H"), C("8S"))
    assert FreeCell.format_move(s, FreeCell.parse_move(s, "24")) == "24/1"
    assert FreeCell.format_move(s, FreeCell.parse_move(s, "23")) == "23"
    with pytest.raises(IllegalMove, match="is not a move"):
        FreeCell.parse_move(s, "2z")
    with pytest.raises(IllegalMove, match="own column"):
        play(s, "22")
    rc, out, err = cli("play", "freecell", "--position", "-", "--moves", "23 9h",
                       stdin=FreeCell.format_position(s))
    assert rc == 2 and "move 2 '9h'" in err


def test_an_empty_column_takes_any_card():
    s = pos(["*", "5D", "", "*", "*", "*", "*", "*"], cells="7C - - -")
    assert play(s, "a3").state.columns[2] == (C("7C"),)
    assert play(s, "23/1").state.columns[2] == (C("5D"),)


# -- status --------------------------------------------------------------------------------------
def test_lost_exactly():
    # aces under queens, each suit's 2..J in a column with the 2 on top, the kings in the cells:
    # no card fits anywhere, nothing goes home
    cols = ["AS QD", "AC QH", "AD QS", "AH QC"] + [" ".join(f"{r}{su}" for r in "JT98765432") for su in "SCDH"]
    full = pos(cols, cells="KC KS KD KH")
    assert FreeCell.legal_moves(full) == [] and FreeCell.status(full) == LOST
    # one free cell is enough to keep playing
    opened = pos(cols[:4] + [cols[4] + " KH"] + cols[5:], cells="KC KS KD -")
    assert FreeCell.status(opened) == PLAYING
    # with the cells full, a whole column moving into an empty column does not count as a move
    shifted = pos(cols[:3] + [""] + [cols[4] + " AH QC"] + cols[5:], cells="KC KS KD KH")
    assert FreeCell.status(shifted) == PLAYING  # QC can go to the empty column, uncovering AH


def test_won():
    s = pos(["KC", "", "", "", "", "", "", ""], found="H-K C-Q D-K S-K")
    h = play(s, "1h")
    assert FreeCell.status(h.state) == WON and FreeCell.score(h.state) == 520
    assert FreeCell.legal_moves(h.state) == []


# -- helpers for the app -------------------------------------------------------------------------
def test_safe_to_foundation():
    s = pos(["3H", "2S", "4D", "*", "*", "*", "*", "*"], cells="AD - - -", found="H-2 C-1 D-0 S-1")
    assert [fmt(c) for c, _ in FreeCell.safe_to_foundation(s)] == ["2S", "AD"]  # 3H: clubs at 1 < 2
    assert FreeCell.safe_to_foundation(s, exclude=[C("2S")]) == [(C("AD"), Move(CELL, FOUNDATION))]
    s2 = pos(["3H", "*", "*", "*", "*", "*", "*", "*"], found="H-2 C-2 D-0 S-2")
    assert [fmt(c) for c, _ in FreeCell.safe_to_foundation(s2)] == ["3H"]


def test_tap_order():
    # 5H: home possible but not safe; onto 6C (under it 7H: a run) or 6S; free cells; empty column
    s = pos(["5H", "7H 6C", "6S", "", "*", "*", "*", "*"], found="H-4 C-0 D-0 S-0")
    got = FreeCell.tap_moves(s, 0)
    assert got == [Move(0, 1), Move(0, 2), Move(0, FOUNDATION), Move(0, CELL), Move(0, 3)]
    s2 = pos(["2H", "3S", "*", "*", "*", "*", "*", "*"], found="H-1 C-0 D-0 S-0")
    assert FreeCell.tap_moves(s2, 0)[:2] == [Move(0, FOUNDATION), Move(0, 1)]
    # a run tapped at its bottom card moves whole
    assert FreeCell.tap_moves(s, 1, index=0) == [Move(1, 3, 2)]


def test_finish():
    cols = ["KC QD JC", "KD QC", "KH QS JH", "KS QH JS", "", "", "JD", ""]
    s = pos(cols, cells="- - - -", found="H-T C-T D-T S-T")
    assert FreeCell.can_finish(s)
    moves = FreeCell.finish_moves(s)
    h = play(s, *[FreeCell.format_move(h_s, m) for h_s, m in zip(_states(s, moves), moves)])
    assert FreeCell.status(h.state) == WON and len(moves) == 12
    assert not FreeCell.can_finish(FreeCell.deal(1, {})) and FreeCell.finish_moves(FreeCell.deal(1, {})) is None


def _states(s, moves):
    out = []
    for m in moves:
        out.append(s)
        s = FreeCell.apply(s, m)
    return out


# -- Freecell Solver ----------------------------------------------------------------------------
def fc_solve(text, *args):
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    p = subprocess.run([FC_SOLVE, *args, "-"], input=text, capture_output=True, text=True, env=env, timeout=60)
    return p.stdout


def fc_translate(line, state):
    """fc-solve's ``-m`` move line in our notation."""
    m = re.match(r"Move (a card|(\d+) cards) from (stack|freecell) (\d+) to "
                 r"(stack (\d+)|freecell (\d+)|the foundations)$", line)
    assert m, line
    n = int(m.group(2) or 1)
    src = str(int(m.group(4)) + 1) if m.group(3) == "stack" else "abcd"[int(m.group(4))]
    if m.group(6) is not None:
        j = int(m.group(6))
        if m.group(3) == "stack" and not state.columns[j]:
            return f"{src}{j + 1}/{n}"
        return f"{src}{j + 1}"
    if m.group(7) is not None:
        return src + "abcd"[int(m.group(7))]
    return src + "h"


@needs_fc_solve
def test_fc_solve_reads_our_positions_unchanged():
    mid = play(FreeCell.deal(1, {}), "5a", "6b", "6c", "6h").state  # fc-solve echoes a board only when it solves it
    tricky = pos(["*", "", "*", "*", "*", "*", "*", "*"], cells="QH - 4S -", found="H-2 C-0 D-T S-A")
    for s in (FreeCell.deal(1, {}), FreeCell.deal(3000000000, {}), mid, tricky):
        out = fc_solve(FreeCell.format_position(s), "-p", "-t")
        first = out.split("====")[0]
        assert "Foundations:" in first, f"fc-solve did not solve/echo the position: {out[-200:]}"
        echoed = FreeCell.parse_position("\n".join(l for l in first.splitlines()
                                                   if l.startswith(("Foundations", ":"))) + "\nFreecells: "
                                         + " ".join(fmt(c) for c in s.cells if c is not None) + "\n", {})
        assert echoed.columns == s.columns and echoed.foundations == s.foundations
        cells_line = next(l for l in first.splitlines() if l.startswith("Freecells:"))
        assert sorted(cells_line.split()[1:]) == sorted(fmt(c) for c in s.cells if c is not None)


@needs_fc_solve
@pytest.mark.parametrize("number", [1, 617, 3000000000])
def test_fc_solve_solutions_replay_through_our_rules(number):
    s = FreeCell.deal(number, {})
    out = fc_solve(FreeCell.format_position(s), "-m")
    lines = [l for l in out.splitlines() if l.startswith("Move")]
    assert lines, out[-200:]
    h = History.start(FreeCell, s)
    for line in lines:
        h.play(fc_translate(line, h.state))
    assert FreeCell.status(h.state) == WON and FreeCell.score(h.state) == 520


# -- invariants ----------------------------------------------------------------------------------
def cards_of(s: FreeCellState):
    home = [su * 16 + r for su in range(4) for r in range(1, s.foundations[su] + 1)]
    return sorted(home + [c for c in s.cells if c is not None] + [c for col in s.columns for c in col])


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 8_031_810_175), st.lists(st.integers(0, 10 ** 6), max_size=80))
def test_random_legal_play(number, choices):
    h = History.start(FreeCell, FreeCell.deal(number, {}))
    states = [h.state]
    for k in choices:
        moves = FreeCell.legal_moves(h.state)
        if not moves:
            break
        m = moves[k % len(moves)]
        text = FreeCell.format_move(h.state, m)
        assert FreeCell.parse_move(h.state, text) == m
        h.play(text)
        s = h.state
        states.append(s)
        assert cards_of(s) == sorted(ALL_CARDS)
        assert FreeCell.status(s) in (PLAYING, WON, LOST)
        assert FreeCell.parse_position(FreeCell.format_position(s), {}) == s
    while h.can_undo():
        h.undo()
        states.pop()
        assert h.state == states[-1]
    assert h.state == states[0]


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 10 ** 6), st.lists(st.sampled_from(
    ["1a", "a1", "12", "12/3", "1h", "ah", "hS1", "hCa", "81/9", "b4", "45", "3d"]), max_size=40))
def test_any_text_move_is_legal_or_changes_nothing(number, texts):
    s = FreeCell.deal(number, {})
    for t in texts:
        try:
            m = FreeCell.parse_move(s, t)
            s2 = FreeCell.apply(s, m)
        except IllegalMove as e:
            assert str(e)
            continue
        assert m in FreeCell.legal_moves(s) or (m.dst >= CELL and m.dst < CELL + 4)
        s = s2


def test_tap_moves_given_the_legal_moves_answer_the_same():
    """``tap_moves(..., legal=legal_moves(s))`` (the table's redraw passes the list it has) is
    ``tap_moves`` of every place on a random walk."""
    import random

    from games.freecell import CELL, FOUNDATION_OF, FreeCell, N_COLUMNS

    rng = random.Random(3)
    s = FreeCell.deal(5, {})
    for _ in range(60):
        legal = FreeCell.legal_moves(s)
        if not legal:
            break
        for c in range(N_COLUMNS):
            for i in range(len(s.columns[c])):
                assert FreeCell.tap_moves(s, c, i, legal=legal) == FreeCell.tap_moves(s, c, i)
        for src in [CELL + k for k in range(4)] + [FOUNDATION_OF + k for k in range(4)]:
            assert FreeCell.tap_moves(s, src, legal=legal) == FreeCell.tap_moves(s, src)
        s = FreeCell.apply(s, rng.choice(legal))


def test_a_wrong_count_whose_fitting_run_is_past_the_limit_says_the_limit():
    """``18/5`` when the run that fits column 8 is the top 9 and only 5 may move at once says so,
    not only "the run that fits is the top 9" (a move that cannot be made either)."""
    s = pos(["QH JS TH 9S 8H 7S 6H 5S 4H", "*", "*", "*", "*", "*", "*", "KC"])
    with pytest.raises(IllegalMove) as e:
        FreeCell.apply(s, FreeCell.parse_move(s, "18/5"))
    assert str(e.value) == ("A run of 5 does not fit there: the run that fits is the top 9 (from QH), "
                            "but only 5 can move at once now")


def test_a_run_move_with_a_wrong_count_says_what_fits():
    """``13/2`` when only the top card fits column 3 says that the run of 2 does not fit and which
    run does, not "No card of that column fits"; a count longer than the run says the cards are
    not in order, and a count over the column's cards says how many it holds (docs/contract.md,
    "Move notation")."""
    s = pos(["*", "TD 9S 8H", "9C", "*", "*", "*", "*", "*"])
    with pytest.raises(IllegalMove) as e:
        FreeCell.apply(s, FreeCell.parse_move(s, "23/02"))
    assert str(e.value) == "A run of 2 does not fit there: the run that fits is the top 1 (from 8H)"
    assert FreeCell.parse_move(s, "23/1") == FreeCell.parse_move(s, "23") == Move(1, 2, 1)
    with pytest.raises(IllegalMove) as e:
        FreeCell.apply(s, FreeCell.parse_move(s, "23/4"))
    assert str(e.value) == "Cannot move 4 cards from column 2: it holds only 3"
    assert FreeCell.why_not(s, Move(1, 2, 4)).text("ru") == "Из столбца 2 не перенести карт: 4, в нём всего 3"
    t = pos(["*", "TD 9S 8H", "2C", "*", "*", "*", "*", "*"])
    with pytest.raises(IllegalMove, match="No card of that column fits there"):
        FreeCell.apply(t, FreeCell.parse_move(t, "23/2"))
    # a count of 1 is a count too: the top card alone does not fit, the top 2 do
    u = pos(["*", "TD 9S 8H", "TH", "*", "*", "*", "*", "*"])
    with pytest.raises(IllegalMove) as e:
        FreeCell.apply(u, FreeCell.parse_move(u, "23/1"))
    assert str(e.value) == "A run of 1 does not fit there: the run that fits is the top 2 (from 9S)"
    with pytest.raises(IllegalMove, match="The card must be one rank lower and of the other colour"):
        FreeCell.apply(t, FreeCell.parse_move(t, "23/1"))   # nothing of the run fits: the card's rule


def test_a_run_too_long_to_tap_says_the_most_that_can_move_onto_a_column_it_fits():
    """A 5-card run whose head fits T♠ (one free cell and one empty column: (1 + 1) × 2^1 = 4 can
    move onto T♠) and the empty column (2 can): the refusal said 2, the empty column's, so the
    stated formula read for T♠ gave another number (fresh user). It says the most, 4. In Russian
    the count is no longer a noun's plural ("Эти 2 карт")."""
    from games.freecell import MSG_RUN_TOO_LONG
    from games.i18n import tr

    s = FreeCell.parse_position("Game: freecell\nFoundations: H-2 C-K D-K S-2\nFreecells: KS QH JS -\n"
                                ": 3H 9H 8S 7H 6S 5H\n:\n: TS\n: KH QS JH\n: TH 4S\n: 9S 3S\n: 8H 7S\n: 6H 5S 4H\n", {})
    why = FreeCell.tap_refusal(s, 0, 1)
    assert why == (MSG_RUN_TOO_LONG, {"run": 5, "n": 4})
    assert "only 4 can move" in why.text()
    for run in (2, 5, 21):
        ru = tr(MSG_RUN_TOO_LONG, "ru", run=run, n=1)
        assert f"({run})" in ru and "карт подходят" not in ru


def _accepted(s):
    """Every move the rules accept in ``s``: each place to each place (runs: every count)."""
    from games.freecell import Move
    out = set()
    for src in range(17):
        for dst in range(17):
            for n in (range(1, 14) if src < 8 and dst < 8 else (1,)):
                try:
                    FreeCell.apply(s, Move(src, dst, n))
                except IllegalMove:
                    continue
                out.add(Move(src, dst, n))
    return out


@pytest.mark.parametrize("deal", [1, 617])
def test_the_moves_command_lists_every_move_play_accepts(deal, capsys, tmp_path):
    """docs/contract.md: ``moves`` prints every legal move — into each empty free cell, not the
    first alone — and nothing ``play`` refuses; over a random walk of 40 moves."""
    import random

    from games.__main__ import main
    rng = random.Random(deal)
    s = FreeCell.deal(deal, {})
    for _ in range(40):
        every = FreeCell.every_move(s)
        assert len(every) == len(set(every)) and set(every) == _accepted(s)
        if not every:
            break
        s = FreeCell.apply(s, rng.choice(every))
    p = tmp_path / "pos.txt"
    p.write_text(FreeCell.format_position(s), encoding="utf-8")
    assert main(["moves", "freecell", "--position", str(p)]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == [FreeCell.format_move(s, m) for m in FreeCell.every_move(s)]
    empty = [c for c, x in zip("abcd", s.cells) if x is None]
    assert {m[-1] for m in listed if m[-1] in "abcd"} >= set(empty[1:])


@pytest.mark.parametrize("colons", [False, True])
def test_freecell_solvers_own_boards_read_as_it_reads_them(colons):
    """docs/contract.md: FreeCell positions are the board format fc-solve reads, which includes its
    generator's boards (``make-microsoft-freecell-board -t 617``): column lines of cards alone, no
    ``:``, and no Foundations: or Freecells: line (every foundation and free cell empty)."""
    from games.freecell import FreeCell

    s = FreeCell.deal(617, {})
    cols = [ln[1:].strip() for ln in FreeCell.format_position(s).splitlines() if ln.startswith(":")]
    assert cols[0] == "7D TD TH KD 4C 4S JD"        # the generator's first line for deal 617
    board = "\n".join((": " if colons else "") + c for c in cols) + "\n"
    assert FreeCell.parse_position(board, {}) == s
    with pytest.raises(PositionError, match="is not 'Key: value'"):
        FreeCell.parse_position(board.replace("KD", "KX", 1), {}) if not colons else \
            FreeCell.parse_position("Foundatons H-0\n" + board, {})
    with pytest.raises(PositionError, match="cards missing"):
        FreeCell.parse_position("\n".join(board.splitlines()[:-1]) + "\n" + (": " if colons else "") + "AH\n", {})
