"""Banks of verified deals: the format, and a sample of every shipped bank re-verified."""
import pytest

from games import bank, daily
from games.core import History
from games.registry import find_game

# every bank of verified winnable deals; Devil's Grip's daily goals (games/daily.py, GRIP_BANK) are
# another format, checked by tests/test_daily_grip.py
BANK_FILES = sorted(p for p in bank.BANKS_DIR.glob("*.txt") if p.name != daily.GRIP_BANK)


def test_format_round_trip():
    text = bank.format_bank("tripeaks", {"mode": "easy"}, 1, 40, set(range(1, 41)) - {3, 17, 39}, "test")
    b = bank.parse(text)
    assert b.first == 1 and b.last == 40 and 3 not in b and 17 not in b and 4 in b
    assert len(b.solvable) == 37
    few = bank.parse(bank.format_bank("devils-grip", {}, 1, 100, {5, 50}, "test"))
    assert few.solvable == (5, 50)
    assert few.pick(1) in (5, 50) and few.pick(1) == few.pick(1)
    assert few.pick(2, exclude={5}) == 50


@pytest.mark.parametrize("bad", ["checked: x\nlisted: solved\ngame: a\n", "game: a\nchecked: 1-2\nlisted: maybe\n",
                                 "nonsense"])
def test_bad_bank_files(bad):
    with pytest.raises(ValueError):
        bank.parse(bad)


def test_variant_ignores_scoring():
    tp = find_game("tripeaks")
    assert bank.bank_name(tp, {"mode": "easy", "scoring": "moves"}) == "tripeaks-mode=easy"


@pytest.mark.parametrize("path", BANK_FILES, ids=[p.stem for p in BANK_FILES])
def test_shipped_bank_sample_replays(path):
    """Up to five entries of each bank solved again and the solution replayed by the rules."""
    b = bank.parse(path.read_text(encoding="utf-8"))
    rules = find_game(b.game)
    assert b.solvable, "an empty bank"
    sample = [b.solvable[(i * 7919) % len(b.solvable)] for i in range(5)]
    for n in dict.fromkeys(sample):  # each once (a bank of one deal: Devil's Grip)
        start = rules.deal(n, b.options)
        r = rules.solve(start, timeout=30)
        assert r.status == "solved", f"{path.name}: deal {n} no longer solves ({r.status})"
        h = History.start(rules, start)
        for m in r.moves:
            h.play(m)
        assert rules.status(h.state) == "won"


def test_pyramid_unlimited_bank_is_its_winnability_run():
    """The classic layout's unlimited-passes bank lists every deal of 1–1000 the solver wins: 675
    (docs/pyramid.md's table, bench/results/pyramid-layout1-unlimited-1000-5s.txt), #911 among
    them (0.01 s, 110 moves)."""
    rules = find_game("pyramid")
    b = bank.load(rules, {"layout": "1", "passes": "unlimited"})
    assert len(b.solvable) == 675 and 911 in b
    r = rules.solve(rules.deal(911, {"layout": "1", "passes": "unlimited"}), timeout=30)
    assert r.status == "solved"
