"""Tweens that never block: card flights, shakes, glows (docs/design.md, "Look and feel").

An :class:`Animator` holds running tweens and advances them by the frame's ``dt``; the table asks
it where things are now. Speeds come from the settings: ``normal`` (a flight 200 ms, a shake 250
ms), ``fast`` (×0.6) or ``off`` (every tween is already finished when it starts, so the table
shows the end state at once and still reads).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

SPEED = {"off": 0.0, "fast": 0.6, "normal": 1.0}
FLIGHT_MS = 200
SHAKE_MS = 250
SHAKE_PX = 6


def ease_out(t: float) -> float:
    """Cubic ease-out on 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """One running animation.

    Attributes:
        kind: ``fly``, ``shake``, ``glow``, ``wait`` or any name a table uses.
        duration: seconds (0 = finished at once).
        data: what the table needs to draw it (card, rects…).
        delay: seconds before it starts (it counts as running meanwhile).
        on_done: called once when it finishes.
    """

    kind: str
    duration: float
    data: dict = field(default_factory=dict)
    delay: float = 0.0
    on_done: Any = None
    elapsed: float = 0.0

    @property
    def t(self) -> float:
        """Progress 0..1 (0 during the delay)."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


def fly_pos(tw: Tween) -> tuple[float, float]:
    """Where a ``fly`` tween's card is: from ``data['src']`` to ``data['dst']`` (x, y), ease-out."""
    (x0, y0), (x1, y1) = tw.data["src"], tw.data["dst"]
    e = ease_out(tw.t)
    return lerp(x0, x1, e), lerp(y0, y1, e)


def shake_offset(tw: Tween) -> float:
    """A shake's horizontal offset in px: ±6 px, three times over its duration, easing out."""
    t = tw.t
    if t >= 1.0:
        return 0.0
    return SHAKE_PX * math.sin(t * 3 * 2 * math.pi) * (1 - 0.5 * t)


def pulse(tw: Tween) -> float:
    """A glow's strength 0..1: pulses twice a second, fading in the last 20 %."""
    t = tw.t
    fade = 1.0 if t < 0.8 else (1 - t) / 0.2
    return (0.55 + 0.45 * math.sin(tw.elapsed * 2 * math.pi * 2)) * fade


class Animator:
    """The running tweens of one scene; ``speed`` is a key of :data:`SPEED`."""

    def __init__(self, speed: str = "normal"):
        self.speed = speed
        self.tweens: list[Tween] = []

    @property
    def factor(self) -> float:
        return SPEED.get(self.speed, 1.0)

    def add(self, kind: str, ms: float, data: dict | None = None, delay_ms: float = 0.0, on_done=None,
            scaled: bool = True) -> Tween:
        """Start a tween of ``ms`` milliseconds (scaled by the speed unless ``scaled`` is false)."""
        f = self.factor if scaled else 1.0
        tw = Tween(kind, ms * f / 1000.0, data or {}, delay_ms * f / 1000.0, on_done)
        if tw.done:
            if on_done:
                on_done()
            return tw
        self.tweens.append(tw)
        return tw

    def update(self, dt: float) -> bool:
        """Advance every tween by ``dt`` seconds; ``True`` if anything ran (a redraw is due)."""
        if not self.tweens:
            return False
        finished = []
        for tw in self.tweens:
            tw.elapsed += dt
            if tw.done:
                finished.append(tw)
        for tw in finished:
            self.tweens.remove(tw)
            if tw.on_done:
                tw.on_done()
        return True

    def of(self, kind: str) -> list[Tween]:
        """The running tweens of ``kind``."""
        return [t for t in self.tweens if t.kind == kind]

    def busy(self, kind: str | None = None) -> bool:
        return any(kind is None or t.kind == kind for t in self.tweens)

    def finish(self, kind: str | None = None, where=None) -> None:
        """End tweens now (all, or of ``kind``; only those ``where(tween)`` holds for, when
        given), calling their ``on_done``."""
        for tw in [t for t in self.tweens if (kind is None or t.kind == kind) and (where is None or where(t))]:
            self.tweens.remove(tw)
            if tw.on_done:
                tw.on_done()

    def cancel(self, kind: str | None = None) -> None:
        """Drop tweens without calling ``on_done``."""
        self.tweens = [t for t in self.tweens if not (kind is None or t.kind == kind)]
