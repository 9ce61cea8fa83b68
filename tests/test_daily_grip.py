"""Devil's Grip's deal of the day (games/daily.py, docs/progression.md): a deal from the daily bank
with a goal (leave at most N cards), every goal reached by its line replayed by the rules, the win
rule of a daily finished at its goal, its points, and the saved form of its result."""
import random

import pytest

from games import daily
from games.devils_grip import DevilsGrip
from games.points import grip_goal_points
from games.progression import (DailyEntry, GameResult, Progress, apply_result, day_streak, from_dict,
                               share_line, to_dict)


def grip_daily(date):
    return daily.daily_deal(date, "devils-grip")


def test_same_date_same_deal_and_goal():
    a, b = grip_daily("2026-12-04"), grip_daily(" 2026-12-04 ")
    assert a == b and a.goal is not None
    entry = daily.grip_goals()[a.number]
    assert a.goal == entry.goal and a.code == DevilsGrip.code(a.number, {})
    assert daily.goal_of_code(a.code.lower()) == a.goal


def test_no_grip_deal_repeats_within_365_days():
    start = daily.day_index("2026-01-01")
    seen = {}
    for day in range(start, start + 800):
        n, _ = daily.number_of_day("devils-grip", day)
        assert n in daily.grip_goals()
        if n in seen:
            assert day - seen[n] >= 365, (n, seen[n], day)
        seen[n] = day
    assert len(daily.grip_goals()) >= 400


def test_goal_of_other_codes():
    assert daily.goal_of_code("KL1-D1-AAAAAGM") is None        # another game
    assert daily.goal_of_code("DG1-S-nonsense") is None        # unreadable
    outside = max(daily.grip_goals()) + 1                       # a deal that is no daily
    assert daily.goal_of_code(DevilsGrip.code(outside, {})) is None


def replays(entry) -> bool:
    return daily.replay_goal(entry.number, entry.moves) == entry.goal


def test_a_sample_of_the_bank_replays_to_its_goals():
    """Twelve entries drawn at random (seeded) and the dailies of two dates: each line is legal
    move after move from its deal and ends with exactly the goal's cards left."""
    goals = daily.grip_goals()
    sample = random.Random(19).sample(sorted(goals), 12)
    sample += [grip_daily("2026-12-04").number, grip_daily("2027-01-01").number]
    for n in sample:
        assert replays(goals[n]), n


@pytest.mark.slow
def test_every_bank_entry_replays_to_its_goal():
    bad = [n for n, e in daily.grip_goals().items() if not replays(e)]
    assert bad == []


def test_replay_refuses_an_illegal_line():
    from games.core import GameError

    with pytest.raises(GameError):
        daily.replay_goal(1, ["1.1>1.1"])


@pytest.mark.parametrize("text, msg", [
    ("", "lists no deal"),
    ("game: devils-grip\n", "lists no deal"),
    ("1 x s\n", "line 1"),
    ("1 12 s\n1 13 s\n", "listed twice"),
    ("12\n", "line 1"),
])
def test_bad_bank_text(text, msg):
    with pytest.raises(ValueError, match=msg):
        daily.parse_grip_goals(text)


def test_bank_text_reads():
    g = daily.parse_grip_goals("# c\ngame: devils-grip\nchecked: 1-2\n2 14 s 1.1>2.5\n1 9\n")
    assert g[2] == daily.GripGoal(2, 14, ("s", "1.1>2.5")) and g[1].moves == ()


# -- the win rule ------------------------------------------------------------------------------------
DATE = "2026-12-04"


def grip_result(left, won=False, daily_date=DATE, finished=True, seconds=1200, moves=180, undo=False):
    d = grip_daily(DATE)
    return GameResult("devils-grip", {}, d.code, won, seconds, moves, DATE, finished=finished,
                      undo_used=undo, daily=daily_date, cards_left=left)


def test_finished_at_the_goal_is_a_daily_win():
    goal = grip_daily(DATE).goal
    o = apply_result(Progress(), grip_result(goal))
    e = o.progress.daily[DATE]["devils-grip"]
    assert e.won and e.left == goal
    assert o.points == grip_goal_points(1200, 180, goal, goal) == 500 + 600 + 240
    # the daily table only: the variant's table is for outright wins
    assert o.places == {"daily devils-grip": 1} and "devils-grip" not in o.progress.records
    assert o.progress.wins == {} and day_streak(o.progress, DATE) == 1
    assert "grip-master" not in o.new_badges and "first-win" not in o.new_badges


def test_under_the_goal_scores_more():
    goal = grip_daily(DATE).goal
    o = apply_result(Progress(), grip_result(goal - 2))
    assert o.progress.daily[DATE]["devils-grip"].won and o.points == 500 + 200 + 600 + 240


def test_above_the_goal_is_not_won():
    goal = grip_daily(DATE).goal
    o = apply_result(Progress(), grip_result(goal + 1))
    e = o.progress.daily[DATE]["devils-grip"]
    assert not e.won and o.points == 0 and o.places == {} and day_streak(o.progress, DATE) == 0
    # played again, finished at the goal: won now
    o = apply_result(o.progress, grip_result(goal))
    assert o.progress.daily[DATE]["devils-grip"].won


def test_left_unfinished_or_not_a_daily_is_no_daily_win():
    goal = grip_daily(DATE).goal
    o = apply_result(Progress(), grip_result(goal, finished=False))
    assert not o.progress.daily[DATE]["devils-grip"].won
    o = apply_result(Progress(), grip_result(goal, daily_date=None))
    assert o.progress.daily == {} and o.points == 0 and o.places == {}


def test_with_undo_counts_but_enters_no_table():
    goal = grip_daily(DATE).goal
    o = apply_result(Progress(), grip_result(goal, undo=True))
    assert o.progress.daily[DATE]["devils-grip"].won and o.places == {}


def test_outright_win_stays_an_outright_win():
    o = apply_result(Progress(), grip_result(0, won=True))
    assert o.progress.daily[DATE]["devils-grip"].won and o.progress.wins == {"devils-grip": 1}
    assert set(o.places) == {"devils-grip", "daily devils-grip"} and "grip-master" in o.new_badges


def test_saved_form_keeps_cards_left():
    goal = grip_daily(DATE).goal
    p = apply_result(Progress(), grip_result(goal)).progress
    back = from_dict(to_dict(p))
    assert back.daily == p.daily and back.daily[DATE]["devils-grip"].left == goal
    data = to_dict(p)
    data["daily"][DATE]["devils-grip"]["left"] = -1
    with pytest.raises(ValueError, match="left"):
        from_dict(data)
    del data["daily"][DATE]["devils-grip"]["left"]        # saved before the field existed
    assert from_dict(data).daily[DATE]["devils-grip"].left is None


def test_share_line_names_the_goal():
    d = grip_daily(DATE)
    e = DailyEntry(True, 1440, 1200, 180, d.code, d.goal)
    assert share_line(DATE, "devils-grip", e, "en").endswith(f" · {d.goal} left, goal ≤ {d.goal}")
    assert share_line(DATE, "devils-grip", e, "ru").endswith(f" · осталось {d.goal}, цель ≤ {d.goal}")


def test_goal_points_refuse_bad_input():
    with pytest.raises(ValueError):
        grip_goal_points(10, 10, 9, 8)
    with pytest.raises(ValueError):
        grip_goal_points(-1, 10, 1, 8)


def test_the_bank_is_reproducible():
    """tools/make_grip_daily.py's search for a deal, with the budget the bank's header names, gives
    that deal's line and goal again (a node budget: the same on every machine)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "make_grip_daily.py"
    spec = importlib.util.spec_from_file_location("make_grip_daily", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    header = (daily.bank.BANKS_DIR / daily.GRIP_BANK).read_text(encoding="utf-8")
    budget = next(line for line in header.splitlines() if line.startswith("budget:"))
    nodes, beam = (int(w) for w in budget.replace(",", "").split() if w.isdigit())
    number, best, moves, _ = tool.best_of((3, nodes, beam))
    entry = daily.grip_goals()[3]
    assert (number, best, tuple(moves)) == (3, entry.goal, entry.moves)


@pytest.mark.parametrize("date", ["2026-12-07", "2027-02-28"])
def test_daily_goals_prints_the_goal_and_a_line_play_replays_to_it(capsys, tmp_path, date):
    """``daily --goals`` (docs/contract.md): Devil's Grip's line goes on with ``goal=N`` and the
    moves that reach it, so an outside judge can check the goal with ``play``; the other lines
    are as without the flag."""
    from conftest import run_cli

    plain = run_cli(capsys, "daily", date)[1].splitlines()
    code, out, _ = run_cli(capsys, "daily", date, "--goals")
    lines = out.splitlines()
    assert code == 0 and [l for l in lines if not l.startswith("devils-grip ")] == \
        [l for l in plain if not l.startswith("devils-grip ")]
    game, deal_code, goal, *moves = next(l for l in lines if l.startswith("devils-grip ")).split()
    assert f"{game} {deal_code}" in plain and goal == f"goal={grip_daily(date).goal}" and moves
    pos = tmp_path / "deal.txt"
    pos.write_text(run_cli(capsys, "deal", "devils-grip", "--code", deal_code)[1])
    code, played, _ = run_cli(capsys, "play", "devils-grip", "--position", str(pos), "--moves", " ".join(moves))
    fields = dict(l.split(":", 1) for l in played.splitlines() if l.startswith(("Stock:", "Talon:")))
    left = sum(len(v.split()) for v in fields.values())
    assert code == 0 and left == int(goal.split("=")[1])
