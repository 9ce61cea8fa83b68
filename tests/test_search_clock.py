"""Every search reads its budget of seconds on the clock it is given (``clock``, wall time by
default): ``python -m games winnability`` and ``bench/solvers.py`` pass CPU time to their own
searches and change nothing for any other search of the process."""
from __future__ import annotations

import time

import pytest

from games.registry import GAMES, find_game
from games.solvers.klondike_proof import proves_lost
from games.solvers.search import Search
from games.winnability import solve_deal


class StepClock:
    """A clock that moves ``tick`` seconds each time it is read, and counts the reads."""

    def __init__(self, tick: float):
        self.t, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.reads += 1
        self.t += self.tick
        return self.t


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_search_counts_its_seconds_and_budget_on_the_given_clock(name):
    rules = find_game(name)
    clock = StepClock(1000.0)
    search = rules.solver(rules.deal(3, rules.check_options({})), timeout=2500.0, clock=clock)
    r = search.run()
    assert clock.reads >= 2
    # a second of wall time is never 1000 seconds: the search's seconds are the fake clock's
    assert r.seconds >= 1000.0
    # the budget is read on that clock too: at most a few reads past 2500 s it is spent
    assert r.status in ("solved", "unsolvable") or r.seconds <= 2500.0 + 4 * 1000.0
    assert rules.solve(rules.deal(3, rules.check_options({})), max_nodes=50,
                       clock=StepClock(1000.0)).seconds >= 1000.0


def test_a_budget_on_a_fast_clock_ends_unknown_where_wall_time_goes_on():
    # Klondike deal 5 draw 1 takes over 2000 nodes: with a clock that jumps 10 s a read and a
    # budget of 1 s, the first look at the clock (at 256 nodes) ends the search
    rules = find_game("klondike")
    state = rules.deal(5, rules.check_options({"draw": "1"}))
    r = rules.solver(state, timeout=1.0, clock=StepClock(10.0)).run()
    assert r.status == "unknown" and r.nodes <= 256 and r.seconds >= 10.0
    wall = rules.solver(state, max_nodes=3000, timeout=60.0).step(2000)
    assert wall is None   # the same budget in wall seconds is far from spent after 2000 nodes


def test_the_klondike_proof_reads_the_given_clock():
    from games.solvers.klondike import _Problem
    rules = find_game("klondike")
    cols, T, _, f = _Problem.from_rules(rules.deal(17, rules.check_options({"draw": "1"})))
    assert proves_lost(cols, T, f, max_nodes=5_000) is not None   # answered within 5000 states …
    clock = StepClock(10.0)
    assert proves_lost(cols, T, f, timeout=1.0, clock=clock) is None   # … not in 64 (1 s here)
    assert clock.reads == 2


def test_winnability_leaves_the_default_clock_of_other_searches_alone():
    solve_deal(("tripeaks", 1, {"mode": "easy"}, 0.5))
    s = Search(0, lambda n: (), lambda n: False, lambda s, m: str(m))
    assert s.clock is time.perf_counter
    assert Search.clock is time.perf_counter
