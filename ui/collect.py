"""The cyclic garbage collector run where a frame has room for it, not wherever an allocation
happens to cross its threshold.

CPython collects its young generation when the count of tracked objects made (less those freed)
passes ``gc.get_threshold()[0]``, the middle one every ``threshold[1]`` young collections and the
whole heap every ``threshold[2]`` middle ones. In a hint's solver slice (12 ms of a frame's
budget, docs/web.md) such a collection came in the middle of a search step: a middle and a full
one add 3-5 ms in WebAssembly and took the slice over the 16 ms frame. So while the app runs a
frame the automatic collector is off (:meth:`Collector.hold`); the collection CPython would have
made is made by :meth:`Collector.step` at the frame's chosen points (after the drawing, and
between a slice's search steps) when its timed cost fits before the frame's deadline, else in a
later frame with room, and in any case within :data:`OVERDUE` seconds. Once nothing is due the
automatic collector is on again (:meth:`Collector.release`): no garbage waits longer than that.
"""
from __future__ import annotations

import gc
from typing import Callable

GUESS = (0.0005, 0.002, 0.005)
"""Seconds a collection of generation 0, 1 and 2 is taken to cost until one has been timed (in
WebAssembly, with the start frozen: under 1 ms, 1-2 ms and 3-5 ms)."""
OVERDUE = 1.0
"""Seconds a due collection waits at most for a frame with room; then it is made at the next
point, however busy the frame."""


class Collector:
    """Makes the app's garbage collections at chosen points of a frame.

    ``clock``: a callable giving seconds (the app's clock). :attr:`cost` is the slowest recent
    collection per generation (seconds, decaying by a tenth at each collection of it);
    :attr:`made` counts the collections made here per generation."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.cost = list(GUESS)
        self.made = [0, 0, 0]
        self.held = False
        self._due_since: float | None = None

    def hold(self) -> None:
        """Turn the automatic collector off (``gc.disable``) until :meth:`release`, unless
        something else turned it off already (then it is left alone)."""
        if not self.held and gc.isenabled():
            gc.disable()
            self.held = True

    def due(self) -> int:
        """The generation CPython's automatic collector would collect now (0, 1 or 2), or -1 when
        none is due (the young count within its threshold, or automatic collection turned off by
        a zero threshold). A full collection is taken as due whenever the middle generation's
        count passed its threshold (CPython may put it off further when few objects reached the
        oldest generation since the last one)."""
        threshold = gc.get_threshold()
        count = gc.get_count()
        if threshold[0] == 0 or count[0] <= threshold[0]:
            return -1
        for g in (2, 1):
            if count[g] > threshold[g]:
                return g
        return 0

    def step(self, deadline: float, most: int = 2) -> bool:
        """Make the collection that is due if its cost fits before ``deadline`` (seconds on the
        clock), or if it has waited :data:`OVERDUE`; a full collection that does not fit makes
        way for a middle one that does (as CPython does when it puts a full one off). ``most``:
        the oldest generation collected unless overdue (1 while a hint's search runs: a full
        collection then walks the search's many objects, dearer than any guess of its cost, so it
        waits for the frames after the search; docs/web.md). Returns whether a collection was made."""
        g = self.due()
        if g < 0:
            self._due_since = None
            return False
        now = self.clock()
        if self._due_since is None:
            self._due_since = now
        if now - self._due_since < OVERDUE:
            g = min(g, max(0, most))
            while g > 0 and now + self.cost[g] > deadline:
                g = g - 1 if g == 2 else -1
            if g < 0 or now + self.cost[g] > deadline:
                return False
        gc.collect(g)
        self.cost[g] = max(self.clock() - now, 0.9 * self.cost[g])
        self.made[g] += 1
        if self.due() < 0:
            self._due_since = None
        return True

    def release(self) -> None:
        """Turn the automatic collector back on (if :meth:`hold` turned it off) when no
        collection is due; one that is due keeps it off until a frame makes it."""
        if self.held and self.due() < 0:
            gc.enable()
            self.held = False

    def close(self) -> None:
        """Turn the automatic collector back on, due collection or not (the app ends)."""
        if self.held:
            gc.enable()
            self.held = False


__all__ = ["Collector", "GUESS", "OVERDUE"]
