"""The garbage collector's collections made at a frame's chosen points (``ui/collect.py``): what is
due is what CPython would collect, a collection is made only when its timed cost fits before the
deadline (or it has waited too long), and the automatic collector comes back once nothing is due.
On a fake clock: nothing here is timed."""
from __future__ import annotations

import gc

import pytest

from conftest import FakeClock
from ui.collect import OVERDUE, Collector


@pytest.fixture
def thresholds():
    old = gc.get_threshold()
    gc.collect()
    yield
    KEPT.clear()
    gc.set_threshold(*old)
    gc.enable()


KEPT: list = []


def garbage(n: int) -> None:
    """Make ``n`` tracked objects that live until the test ends (each counts towards the young
    generation's threshold until a collection moves it on)."""
    for _ in range(n):
        KEPT.append([])


def test_what_is_due_and_when_it_fits(thresholds):
    clock = FakeClock(tick=0.0)
    c = Collector(clock)
    c.hold()
    assert not gc.isenabled()
    gc.set_threshold(50, 10, 10)
    gc.collect()
    assert c.due() == -1
    garbage(60)
    assert c.due() == 0
    c.cost[0] = 0.004
    assert not c.step(clock.t + 0.003)          # does not fit: it waits
    assert c.due() == 0 and c.made == [0, 0, 0]
    c.release()
    assert not gc.isenabled()                  # a due collection keeps the automatic one off
    assert c.step(clock.t + 0.005)
    assert c.made == [1, 0, 0] and c.due() == -1
    c.release()
    assert gc.isenabled()


def test_a_full_collection_that_does_not_fit_makes_way_for_a_middle_one(thresholds):
    clock = FakeClock(tick=0.0)
    c = Collector(clock)
    c.hold()
    gc.set_threshold(20, 1, 1)
    c.cost[:] = [0.0001, 0.001, 0.008]
    for _ in range(20):
        garbage(25)
        c.step(clock.t + 1.0)
        if c.made[2]:
            break
    assert c.made[2] >= 1                       # full ones are made when they fit
    made = list(c.made)
    for _ in range(20):
        garbage(25)
        if c.due() == 2:
            break
        c.step(clock.t + 1.0)
    assert c.due() == 2
    made = list(c.made)
    assert c.step(clock.t + 0.002)               # a full one does not fit: a middle one does
    assert c.made == [made[0], made[1] + 1, made[2]]


def test_a_collection_waits_at_most_overdue_seconds(thresholds):
    clock = FakeClock(tick=0.0)
    c = Collector(clock)
    c.hold()
    gc.set_threshold(50, 10, 10)
    gc.collect()
    garbage(60)
    assert not c.step(clock.t)                   # no room at all
    clock.advance(OVERDUE / 2)
    assert not c.step(clock.t)
    clock.advance(OVERDUE)
    assert c.step(clock.t)                       # waited too long: made however busy the frame
    assert c.due() == -1


def test_hold_leaves_a_collector_turned_off_elsewhere_alone(thresholds):
    gc.disable()
    c = Collector(FakeClock())
    c.hold()
    c.release()
    c.close()
    assert not gc.isenabled()
