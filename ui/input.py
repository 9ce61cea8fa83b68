"""One pointer stream from the mouse or a finger (docs/design.md, "Look and feel"; docs/design.md, "The browser (pygbag)").

A tap in a browser produces ``FINGERDOWN`` and a synthesized ``MOUSEBUTTONDOWN`` with
``event.touch == True``: the synthesized mouse events are ignored and finger coordinates (0..1 of
the window) are scaled to pixels, so each press is seen once. Only the first finger counts.

:class:`Pointer` turns raw events into :class:`PointerEvent` values:

* ``down`` at the press; ``drag`` once it has moved more than :data:`SLOP` px (then on every
  move); ``up`` at the release;
* ``tap`` at the release of a press that never became a drag nor a long press (the scene checks
  that the release is over the same target as the press: a tap acts on release);
* ``cancel`` when a mouse motion says the left button is up while a press is held (its release
  never reached the app): what the press holds is put back, nothing is dropped or tapped;
* ``long`` once a press has been held :data:`LONG_PRESS` seconds without dragging. A scene that
  has nothing to do with a long press there declines it (:meth:`Pointer.decline_long`), and the
  release is then a ``tap`` as a quick one would be: a slow tap on a phone still acts.

How long a press was held is judged by the times its events were *read* (``now`` given per event:
pygame-ce's events carry no timestamp), never by the time a frame took. A release can only be
read at the start of a frame, so after a frame slower than :data:`STALL` (a loaded phone, a save,
a garbage collection; in WebAssembly a frame can outlast the hold; a page or a machine paused for
minutes) the release of a quick tap may still be on its way to the queue when the next frames
read it. So the hold is counted read by read, each gap between two reads counting
:data:`STALL` at most: a quick tap stays a tap whatever a frame (or a pause) took, as long as its
release comes within :data:`LONG_PRESS` − :data:`STALL` of reads at the usual rate after it, and a
real hold still becomes a long press (through frames of 0.8 s each: at the second read).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

SLOP = 10
DOUBLE_TAP = 0.35     # s: a second tap this soon on the same spot is a double tap
DOUBLE_CLICK = 0.5    # s: the same for the mouse: Windows' default double-click time (macOS's
                      # and GTK's are near it), longer than a finger's double tap
DOUBLE_TAP_PX = 40    # px: "the same spot"
LONG_PRESS = 0.5
"""Seconds a press must be held, without moving more than :data:`SLOP` px, to be a long press."""
STALL = LONG_PRESS / 2
"""Seconds between two reads of the events beyond which the later read cannot tell a press still
held from a release not yet delivered: a longer gap counts this long towards a hold."""


@dataclass(frozen=True, slots=True)
class PointerEvent:
    """``kind`` (down, drag, up, tap, cancel, long), ``pos`` now and ``start`` (where the press began), px."""

    kind: str
    pos: tuple[int, int]
    start: tuple[int, int]


class Pointer:
    """The pointer state machine; ``size`` is the window size for finger coordinates."""

    def __init__(self, size: tuple[int, int]):
        self.size = size
        self.pressed = False
        self.finger = None
        self.start = (0, 0)
        self.pos = (0, 0)
        self.dragging = False
        self.long_fired = False
        self.t_down = 0.0            # when the press was read (seconds, the caller's clock)
        self.last_poll: float | None = None   # when :meth:`poll` last ran (the last read of events)
        self.banked = 0.0            # seconds of the hold counted up to its last stall (each STALL at most)
        self.t_from = 0.0            # the read since which the hold counts in full (the press, or a stall)
        self.long_declined = False   # the scene had no use for this press's long press
        self.mouse = False           # the last press was the mouse's (not a finger's)

    def double_time(self, tap: float = DOUBLE_TAP) -> float:
        """Seconds within which a second press on the same spot is a double tap: ``tap`` (the
        caller's :data:`DOUBLE_TAP`) for a finger, at least :data:`DOUBLE_CLICK` for the mouse,
        so that a double click at the speed a desktop calls one (0.4-0.5 s) is one, not two taps
        (the second on the card the first uncovered)."""
        return max(tap, DOUBLE_CLICK) if self.mouse else tap

    def _press(self, pos, now):
        self.pressed, self.start, self.pos = True, pos, pos
        self.dragging = self.long_fired = False
        self.t_down = self.t_from = now
        self.banked = 0.0
        self.long_declined = False
        return [PointerEvent("down", pos, pos)]

    def _move(self, pos):
        if not self.pressed:
            return []
        self.pos = pos
        if not self.dragging:
            dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
            if dx * dx + dy * dy <= SLOP * SLOP:
                return []
            self.dragging = True
        return [PointerEvent("drag", pos, self.start)]

    def _release(self, pos):
        if not self.pressed:
            return []
        self.pressed = False
        self.finger = None
        out = [PointerEvent("up", pos, self.start)]
        if not self.dragging and not self.long_fired:
            out.append(PointerEvent("tap", pos, self.start))
        return out

    def feed(self, e: pygame.event.Event, now: float | None = None) -> list[PointerEvent]:
        """The pointer events that the pygame event ``e`` produces (often none); ``now`` is when
        ``e`` was read (seconds; default ``time.perf_counter()``)."""
        now = time.perf_counter() if now is None else now
        t = e.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(e, "touch", False):
                return []  # synthesized from a finger: the FINGER* event is the one we use
            if t == pygame.MOUSEMOTION:
                held = getattr(e, "buttons", None)
                if held is not None and not held[0] and self.pressed and self.finger is None:
                    self.pressed = False      # the release was missed: no drop, no tap
                    return [PointerEvent("cancel", tuple(e.pos), self.start)]
                return self._move(tuple(e.pos))
            if getattr(e, "button", 1) != 1:
                return []
            if t == pygame.MOUSEBUTTONDOWN:
                self.mouse = True
                return self._press(tuple(e.pos), now)
            return self._release(tuple(e.pos))
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pos = (int(e.x * self.size[0]), int(e.y * self.size[1]))
            if t == pygame.FINGERDOWN:
                if self.pressed:
                    return []  # a second finger
                self.finger = e.finger_id
                self.mouse = False
                return self._press(pos, now)
            if self.finger is not None and e.finger_id != self.finger:
                return []
            return self._move(pos) if t == pygame.FINGERMOTION else self._release(pos)
        return []

    def poll(self, now: float | None = None) -> list[PointerEvent]:
        """Time-based events, once per frame after its events were fed (``now``: when they were
        read, seconds): a ``long`` press once the press has been held :data:`LONG_PRESS` seconds,
        counted from read to read with each gap :data:`STALL` seconds at most (the release of a
        quick tap may not have reached the queue after a slow frame or a pause)."""
        now = time.perf_counter() if now is None else now
        last, self.last_poll = self.last_poll, now
        if self.pressed and not self.dragging and not self.long_fired and not self.long_declined:
            prev = None if last is None else max(last, self.t_down)   # the read before this one
            if prev is not None and now - prev > STALL:   # a stall counts STALL; the hold counts on from here
                self.banked += max(0.0, prev - self.t_from) + STALL
                self.t_from = now
            if self.banked + max(0.0, now - self.t_from) >= LONG_PRESS:
                self.long_fired = True
                return [PointerEvent("long", self.pos, self.start)]
        return []

    def decline_long(self) -> None:
        """The long press just fired means nothing where it was made: the press goes on as a
        plain one (its release is a ``tap`` unless it became a drag), and fires no other."""
        self.long_fired = False
        self.long_declined = True

    def cancel(self) -> None:
        """Forget the press in progress (a scene switch)."""
        self.pressed = False
        self.finger = None
