"""The game controller (ui/table/session.py) on its own: each of the six games is dealt, played,
undone and played to its end through a Session over an in-memory store, with no window, no
surface and no pygame at all; the end is recorded once in the statistics and the progression."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games import bank as banks
from games.core import WON, GameError, IllegalMove
from games.registry import GAMES, find_game
from ui.progress import Progress, stats_key
from ui.progression import Progression
from ui.storage import MemoryStorage, Store
from ui.table.session import Session

ROOT = Path(__file__).resolve().parent.parent


def _deal(game: str):
    """A session of ``game`` dealt and saved, with a winning line from its deal."""
    rules = find_game(game)
    opts = rules.check_options({})
    b = banks.load(rules, opts)
    number = sorted(b.solvable)[0] if b is not None else 1
    store = Store(MemoryStorage())
    progress, progression = Progress(store), Progression(store)
    s = Session(rules, game)
    s.deal(number, opts, progress=progress)
    r = rules.solve(s.state, max_nodes=200_000)
    assert r.status == "solved", (game, number, r.status)
    return s, progress, progression, list(r.moves)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_session_plays_undoes_and_ends_a_game(game):
    s, progress, progression, line = _deal(game)
    rules = s.rules
    deal = s.state
    assert s.saved is not None and s.history.moves == 0 and s.groups == []

    # one move, one undo group; undo takes it back (the counter stays, undo is marked used)
    before = s.play(line[0])
    assert before == deal and s.state != deal and s.groups == [1]
    assert s.undo() == 1 and s.state == deal and s.groups == [] and s.history.undo_used

    # a move and the automatic moves it sets off make one group: one undo takes back all
    s.play(line[0])
    s.play(line[1], group=False)
    assert s.groups == [2]
    assert s.undo() == 2 and s.state == deal

    # nothing to undo: refused, nothing changes
    with pytest.raises(IllegalMove):
        s.undo()
    assert s.state == deal and len(s.history.states) == 1

    # bad input changes nothing either
    with pytest.raises(GameError):
        s.play("no such move")
    assert s.state == deal and s.groups == []

    # undo_moves takes back moves one by one and shortens the groups to match
    s.play(line[0])
    s.play(line[1], group=False)
    s.play(line[2])
    assert s.groups == [2, 1]
    assert s.undo_moves(2) == 2 and s.groups == [1] and len(s.history.states) == 2
    assert s.undo_moves(5) == 1 and s.groups == [] and s.state == deal

    # played to the end: a win, recorded once in the statistics and once in the progression
    for m in line:
        assert s.status() != WON
        s.play(m)
    assert s.status() == WON
    s.clock = 42.0
    assert s.score() == rules.shown_score(s.state, 42.0, s.player_moves(), s.solvable_only)
    outcome = s.record_end(progress, progression)
    assert outcome is not None and s.outcome is outcome
    stats = progress.summary(stats_key(game, s.options))
    assert stats["played"] == 1 and stats["won"] == 1
    assert s.saved.seconds == 42.0
    assert s.record_end(progress, progression) is None       # a win counts once
    assert progress.summary(stats_key(game, s.options))["won"] == 1


def test_a_game_in_progress_records_nothing():
    s, progress, progression, line = _deal("klondike")
    s.play(line[0])
    assert s.record_end(progress, progression) is None and s.outcome is None
    assert progress.summary(stats_key("klondike", s.options))["played"] == 0
    assert s.in_progress()


def test_a_snapshot_is_a_copy_with_its_undo_groups():
    s, _, _, line = _deal("freecell")
    s.play(line[0])
    snap = s.copy()
    s.play(line[1])
    assert snap.groups == [1] and s.groups == [1, 1]
    assert snap.history is s.history      # the history is shared: its states never change


def test_the_controller_needs_no_pygame():
    # a fresh interpreter: deal, play, undo and end a game; pygame is never imported
    code = """
import sys
from games.registry import find_game
from ui.progress import Progress
from ui.progression import Progression
from ui.storage import MemoryStorage, Store
from ui.table.session import Session
R = find_game("tripeaks")
store = Store(MemoryStorage())
p, pg = Progress(store), Progression(store)
s = Session(R, "tripeaks")
s.deal(1, R.check_options({}), progress=p)
line = R.solve(s.state, max_nodes=100000).moves
s.play(line[0]); s.undo()
for m in line:
    s.play(m)
assert s.record_end(p, pg) is not None
assert "pygame" not in sys.modules, "the controller imported pygame"
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_the_deals_automatic_moves_are_counted_out_of_a_continued_game():
    # a Klondike deal with a card safe home at once: the moves auto to foundation made there
    # lead the history, and a continued game counts them out of the player's moves
    from games.core import History
    from games.klondike import Klondike

    n = next(n for n in range(1, 500) if Klondike.safe_to_foundation(Klondike.deal(n, {"draw": "1"})))
    h = History.start(Klondike, Klondike.deal(n, {"draw": "1"}))
    auto = 0
    while Klondike.safe_to_foundation(h.state):
        h.play(Klondike.safe_to_foundation(h.state)[0][1])
        auto += 1
    h.play("s")                                        # the player's first move: the stock
    s = Session(Klondike, "klondike")
    assert s.leading_safe_moves(h) == auto >= 1
    h2 = History.start(Klondike, Klondike.deal(n, {"draw": "1"}))
    h2.play("s")
    assert s.leading_safe_moves(h2) == 0               # the player moved first: none is the deal's


def test_a_won_game_is_recorded_with_the_moves_the_counter_shows():
    """The moves a win is scored and recorded with (points, records, fewest moves) are the
    counter's, :meth:`Session.player_moves`: the deal's automatic moves left out, as the top bar
    and the shown score leave them out (they were counted in the records and the statistics)."""
    s, progress, progression, line = _deal("klondike")
    s.play(line[0])
    s.play(line[1], group=False)
    s.deal_moves = 2             # as if the table had made these two by itself at the deal
    for m in line[2:]:
        s.play(m)
    assert s.status() == WON and s.player_moves() == len(line) - 2
    s.clock = 100.0
    outcome = s.record_end(progress, progression)
    assert outcome is not None
    assert progress.summary(stats_key("klondike", s.options))["fewest_moves"] == len(line) - 2
    recorded = {e.moves for table in progression.data.records.values() for e in table}
    assert recorded == {len(line) - 2}, recorded
