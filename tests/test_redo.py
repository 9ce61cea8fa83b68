"""Redo (docs/rules.md, "Redo") on the game controller (ui/table/session.py), with no window:
undo k actions then redo k gives back the exact line of play with the counter grown by the
moves redone; a new move, the rescue's way back and a deal drop what could be redone; a refused
redo changes nothing; a redo can win; a save records a redone move as that move."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core import WON, IllegalMove
from games.registry import GAMES, find_game
from ui.progress import Progress
from ui.progression import Progression
from ui.storage import MemoryStorage, Store
from ui.table.session import Session

# deals whose first moves are cheap to list: the registry's default options, deal 3
NUMBER = 3


def _session(game: str, store=None) -> tuple[Session, Progress, Progression]:
    rules = find_game(game)
    store = store or Store(MemoryStorage())
    progress, progression = Progress(store), Progression(store)
    s = Session(rules, game)
    s.deal(NUMBER, rules.check_options({}), progress=progress)
    return s, progress, progression


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_undo_k_then_redo_k_gives_back_the_line_with_the_counter_grown(game, data):
    s, _, _ = _session(game)
    rules = s.rules
    # random legal play: each move a new undo group or (sometimes) joining the last one
    for _ in range(data.draw(st.integers(1, 12), label="moves")):
        moves = rules.legal_moves(s.state)
        if not moves:
            break
        m = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        s.play(m, group=not s.groups or data.draw(st.booleans(), label="new group"))
    states, groups, line = list(s.history.states), list(s.groups), s.history.line()
    k = data.draw(st.integers(0, len(groups)), label="undos")
    undone = sum(groups[len(groups) - k:])
    for _ in range(k):
        s.undo()
    moves_then = s.history.moves
    assert len(s.history.states) == len(states) - undone and s.groups == groups[:len(groups) - k]
    assert s.can_redo() == (k > 0)
    for _ in range(k):
        s.redo()
    assert s.history.states == states and s.groups == groups and s.history.line() == line
    assert s.history.moves == moves_then + undone     # a redone move counts as a move
    assert s.history.undo_used == (k > 0)
    assert not s.can_redo()
    with pytest.raises(IllegalMove):
        s.redo()
    assert s.history.states == states and s.history.moves == moves_then + undone


def _spider_start():
    """A Spider session two actions in: the deal's first legal move, then a deal from the stock."""
    s, progress, progression = _session("spider")
    s.play(s.rules.legal_moves(s.state)[0])
    s.play("d")
    return s, progress, progression


def test_a_new_move_drops_the_redo_list():
    s, _, _ = _spider_start()
    s.undo()
    s.undo()
    assert len(s.redo_groups) == 2
    s.redo()
    s.play(s.rules.legal_moves(s.state)[-1])
    assert not s.can_redo()
    with pytest.raises(IllegalMove, match="Nothing to redo"):
        s.redo()


def test_the_rescues_way_back_and_a_deal_drop_the_redo_list():
    s, progress, _ = _spider_start()
    s.undo()
    s.undo_moves(1)
    assert not s.can_redo()
    s.redo_groups = [["d"]]
    s.deal(NUMBER + 1, s.options, progress=progress)
    assert not s.can_redo()


def test_a_refused_redo_changes_nothing_and_drops_the_list():
    s, _, _ = _spider_start()
    s.undo()
    s.undo()
    states, actions, moves, groups = list(s.history.states), list(s.history.actions), s.history.moves, list(s.groups)
    good = s.redo_groups[-1][0]
    s.redo_groups[-1] = [good, "no such move"]     # the second of the group is refused
    with pytest.raises(IllegalMove):
        s.redo()
    assert (s.history.states, s.history.actions, s.history.moves, s.groups) == (states, actions, moves, groups)
    assert not s.can_redo()


def test_a_snapshot_keeps_its_own_redo_list():
    s, _, _ = _spider_start()
    s.undo()
    snap = s.copy()
    s.redo()
    assert snap.can_redo() and not s.can_redo()


def test_a_redo_that_wins_ends_the_game_and_records_it_once():
    s, progress, progression = _session("tripeaks")
    line = s.rules.solve(s.state, max_nodes=100_000).moves
    for m in line[:-1]:
        s.play(m)
    s.play(line[-1])
    assert s.status() == WON
    s.undo()
    assert s.status() != WON and s.record_end(progress, progression) is None
    s.redo()
    assert s.status() == WON
    out = s.record_end(progress, progression)
    assert out is not None and s.history.undo_used
    assert s.player_moves() == len(line) + 1           # the redone move counted


def test_a_save_records_a_redone_move_as_that_move_and_keeps_no_redo_list():
    store = Store(MemoryStorage())
    s, progress, _ = _session("klondike", store)
    for _ in range(3):
        s.play(s.rules.legal_moves(s.state)[0])
    s.undo()
    s.undo()
    s.redo()
    assert s.history.actions[-3:-1] == ["u", "u"] and s.history.actions[-1] != "u"
    s.autosave(progress)
    saved, history = Progress(store).load_game("klondike")
    assert history.states[-1] == s.state and history.actions == s.history.actions
    assert history.moves == s.history.moves
    again = Session(s.rules, "klondike")
    again.resume(saved, history)
    assert again.groups == s.groups and not again.can_redo()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_restart_takes_every_move_back_as_one_action_that_one_redo_plays_again(game, data):
    s, _, _ = _session(game)
    for _ in range(data.draw(st.integers(1, 10), label="moves")):
        moves = s.rules.legal_moves(s.state)
        if not moves:
            break
        s.play(moves[data.draw(st.integers(0, len(moves) - 1), label="move")])
    if data.draw(st.booleans(), label="an undo first"):
        s.undo()
    states, line, moves_then = list(s.history.states), s.history.line(), s.history.moves
    if len(states) == 1:
        with pytest.raises(IllegalMove):
            s.restart()
        return
    assert s.restart() == len(line)
    assert s.history.states == states[:1] and s.groups == [] and s.restart_at() is None
    assert s.history.undo_used and s.history.moves == moves_then
    s.redo()
    assert s.history.states == states and s.groups == [len(line)] and s.history.line() == line
    assert s.history.moves == moves_then + len(line)
