"""The numbers in moves (docs/contract.md, "Move notation"): leading zeros are taken wherever a
column, cell or count is read, a place that does not exist is named as such in every game, and
Klondike's and FreeCell's two-column moves without a separator (``12``) keep their meaning."""
import random
import re

import pytest

from games.core import IllegalMove
from games.registry import find_game


def zero_padded_each_number(text: str) -> str:
    """``text`` with ``000`` before every number (``3-7/2`` → ``0003-0007/0002``)."""
    return re.sub(r"\d+", lambda m: "000" + m.group(), text)


def zero_padded_each_digit(text: str) -> str:
    """``text`` with ``0`` before every column digit and the count padded (``35/3`` → ``0305/03``):
    Klondike's and FreeCell's columns are one digit each."""
    body, slash, count = text.partition("/")
    return re.sub(r"\d", lambda m: "00" + m.group(), body) + (slash + "0" + count if slash else "")


PADDERS = {"spider": zero_padded_each_number, "devils-grip": zero_padded_each_number,
           "klondike": zero_padded_each_digit, "freecell": zero_padded_each_digit}


def positions(rules, n_deals=3, walk=60):
    """Start positions and the positions of a random line of play from each (seeded)."""
    rng = random.Random(7)
    for number in range(1, n_deals + 1):
        s = rules.deal(number, rules.check_options({}))
        for _ in range(walk):
            yield s
            moves = rules.legal_moves(s)
            if not moves:
                break
            s = rules.apply(s, rng.choice(moves))


@pytest.mark.parametrize("game", sorted(PADDERS))
def test_every_legal_move_reads_the_same_with_leading_zeros(game):
    rules = find_game(game)
    pad = PADDERS[game]
    seen = 0
    for s in positions(rules):
        for m in rules.legal_moves(s):
            text = rules.format_move(s, m)
            if not any(ch.isdigit() for ch in text):
                continue
            assert rules.parse_move(s, pad(text)) == rules.parse_move(s, text), (text, pad(text))
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("game, zeros, plain", [
    ("klondike", "w01", "w1"), ("klondike", "01h", "1h"), ("klondike", "0102", "12"),
    ("klondike", "012", "12"), ("klondike", "102", "12"), ("klondike", "W007", "w7"),
    ("freecell", "01a", "1a"), ("freecell", "a01", "a1"), ("freecell", "0102/03", "12/3"),
    ("freecell", "01h", "1h"), ("freecell", "015", "15"),
])
def test_leading_zeros_in_klondike_and_freecell(game, zeros, plain):
    rules = find_game(game)
    s = rules.deal(1, {})
    assert rules.parse_move(s, zeros) == rules.parse_move(s, plain)


@pytest.mark.parametrize("game", ["klondike", "freecell"])
def test_foundation_back_move_takes_leading_zeros(game):
    rules = find_game(game)
    for s in positions(rules, n_deals=6, walk=200):
        backs = [rules.format_move(s, m) for m in rules.legal_moves(s)]
        backs = [t for t in backs if t.lower().startswith("h") and t[2:].isdigit()]
        if backs:
            t = backs[0]
            assert rules.parse_move(s, t[:2] + "00" + t[2:]) == rules.parse_move(s, t)
            return
    pytest.fail("no foundation-back move met")


def test_klondike_two_digits_still_mean_two_columns():
    """``12`` is column 1 to column 2, never a column 12; a digit string is split after each
    non-zero digit, so ``10`` (column 1, then a lone zero) is no move."""
    rules = find_game("klondike")
    s = rules.deal(1, {})
    m = rules.parse_move(s, "12")
    assert (m.src, m.dst) == (0, 1)
    for bad in ("10", "123", "0", "00"):
        with pytest.raises(IllegalMove) as e:
            rules.parse_move(s, bad)
        assert "is not a move" in str(e.value)


@pytest.mark.parametrize("game, text, number", [
    ("klondike", "hS8", 8), ("klondike", "w8", 8), ("klondike", "8h", 8), ("klondike", "18", 8),
    ("klondike", "81", 8), ("klondike", "w0", 0), ("klondike", "hS09", 9), ("klondike", "w12", 12),
    ("freecell", "9a", 9), ("freecell", "a9", 9), ("freecell", "hS9", 9), ("freecell", "19", 9),
    ("freecell", "91/2", 9), ("freecell", "a0", 0),
    ("spider", "11-3", 11), ("spider", "3-011", 11), ("spider", "0-3", 0),
])
def test_a_column_that_does_not_exist_is_named(game, text, number):
    """Klondike ``hS8`` names the missing column as Spider's ``11-3`` does, not "not a move"."""
    rules = find_game(game)
    s = rules.deal(1, {})
    with pytest.raises(IllegalMove) as e:
        rules.parse_move(s, text)
    msg = str(e.value)
    assert f"There is no column {number} (columns are 1 to " in msg, msg


@pytest.mark.parametrize("text, cell", [("1e", "e"), ("e1", "e"), ("hHe", "e"), ("E1", "e"), ("1f/2", "f"),
                                        ("eg", "e"), ("hSg", "g")])
def test_freecell_names_a_free_cell_that_does_not_exist(text, cell):
    """FreeCell ``1e`` names the missing free cell as ``9a`` names column 9, not "not a move"."""
    rules = find_game("freecell")
    with pytest.raises(IllegalMove) as e:
        rules.parse_move(rules.deal(1, {}), text)
    assert str(e.value) == f"There is no free cell {cell} (free cells are a to d)"


@pytest.mark.parametrize("text, cell", [("4.1>1.1", "4.1"), ("1.1>1.9", "1.9"), ("t>0.3", "0.3"),
                                        ("1.01<>3.09", "3.9")])  # named as the grid names it
def test_devils_grip_names_a_cell_that_does_not_exist(text, cell):
    rules = find_game("devils-grip")
    s = rules.deal(1, {})
    with pytest.raises(IllegalMove) as e:
        rules.parse_move(s, text)
    assert f"There is no cell {cell} (rows are 1 to 3, columns 1 to 8)" in str(e.value)
