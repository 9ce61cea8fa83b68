"""A page taller than the window: drag it, turn the mouse wheel, or press the arrow keys and
Page Up/Down (the Badges, Records and Rules screens). ``area`` is the visible part, ``content_h``
the page's height in px, ``scroll`` how far it is scrolled (0 = top)."""
from __future__ import annotations

import pygame

from ..input import PointerEvent

WHEEL_PX = 70


class Scrolling:
    """Mixin for a :class:`~ui.scenes.common.ScreenScene`: call :meth:`clamp` after layout.
    The arrows scroll until Tab gives the page a keyboard focus; then Up and Down move the
    focus, the page scrolling to keep the focused item in view (:meth:`reveal`)."""

    own_arrows = True
    scroll = 0.0
    content_h = 0
    drag_from = None

    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.area.height)

    def clamp(self) -> None:
        self.scroll = min(max(0.0, self.scroll), self.max_scroll())

    def scroll_by(self, px: float) -> None:
        self.scroll += px
        self.clamp()
        self.stale = True

    def handle(self, event) -> None:
        if not isinstance(event, PointerEvent) and event.type == pygame.MOUSEWHEEL and self.panel is None:
            self.scroll_by(-getattr(event, "precise_y", event.y) * WHEEL_PX)
            return
        super().handle(event)

    def pointer(self, ev: PointerEvent) -> None:
        if ev.kind == "down":
            self.drag_from = self.scroll if self.area.collidepoint(ev.pos) else None
        elif ev.kind == "drag" and self.drag_from is not None and self.panel is None:
            self.scroll = self.drag_from - (ev.pos[1] - ev.start[1])
            self.clamp()
            self.stale = True
        elif ev.kind == "up":
            self.drag_from = None
        super().pointer(ev)

    def key(self, event) -> None:
        step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: self.area.height * 0.9,
                pygame.K_PAGEUP: -self.area.height * 0.9, pygame.K_HOME: -1e9, pygame.K_END: 1e9}.get(event.key)
        if step is not None and not (self.focus is not None and event.key in (pygame.K_UP, pygame.K_DOWN)):
            self.scroll_by(step)
            return
        super().key(event)

    def reveal(self, item) -> None:
        """Scroll so that the focused ``item`` (a :class:`~ui.scenes.common.Focusable` of the
        page, its rect on the screen) is wholly in view, 8 px clear of the edges where it fits;
        a button outside the scrolled part stays as it is."""
        r = item.rect
        if item.key.startswith("button:"):
            return
        if r.top < self.area.top + 8:
            self.scroll_by(r.top - self.area.top - 8)
        elif r.bottom > self.area.bottom - 8:
            self.scroll_by(min(r.bottom - self.area.bottom + 8, r.top - self.area.top - 8))

    def focus_clip(self):
        """The focus ring of a page item is drawn within the visible part; a button's anywhere."""
        item = self.focus_item()
        return None if item is None or item.key.startswith("button:") else self.area
