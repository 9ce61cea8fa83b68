"""The Badges screen (docs/rules.md, "Progression"; docs/progression.md): the 15 badges, the earned
ones bright with the date earned, the others dim with what they ask and the way towards them
("Architect: 12 of 55 layouts"). Scrolls when it is taller than the window."""
from __future__ import annotations

import pygame

from games.badges import BADGES, progress_of
from games.i18n import tr

from .. import text
from ..frame import DIM, INK, WARN, icon
from .common import Focusable, ScreenScene
from .scroll import Scrolling

GOLD = (255, 202, 40)


class BadgesScene(Scrolling, ScreenScene):
    """``cards``: ``[(badge, rect in page coordinates)]``."""

    def title(self) -> str:
        earned = len(self.app.progression.data.badges)
        return tr("Badges: {n} of {total}", n=earned, total=len(BADGES))

    def layout(self, w, h) -> None:
        m = 10 if self.phone else round(20 * self.s)
        self.area = pygame.Rect(0, self.top.bottom, w, h - self.top.bottom)
        self.fs = text.MIN_SIZE if self.phone else max(text.MIN_SIZE, round(18 * self.s))
        cols = max(1, min(3, (w - 2 * m) // (300 if self.phone else round(380 * self.s))))
        gap = 8 if self.phone else round(12 * self.s)
        cw = (w - 2 * m - gap * (cols - 1)) // cols
        lh = text.font(self.fs).get_linesize()
        self.cards = []
        y_of = [m] * cols
        for i, b in enumerate(BADGES):
            c = i % cols
            ask = text.wrap(tr(b.ask), self.fs, cw - 70)
            ch = max(70, 14 + round(lh * 1.25) + lh * (len(ask) + 1) + 6)
            self.cards.append((b, pygame.Rect(m + c * (cw + gap), y_of[c], cw, ch), ask))
            y_of[c] += ch + gap
        self.content_h = max(y_of) + m
        self.clamp()

    def status(self, badge) -> tuple[str, tuple]:
        """What badge ``badge``'s card says under what it asks, and its ink: "Earned
        2026-12-07" (gold), the way towards it ("12 of 55 layouts"), or "Not yet"."""
        data = self.app.progression.data
        date = data.badges.get(badge.id)
        if date:
            return tr("Earned {date}", date=date), GOLD
        t = progress_of(badge.id, data)
        status = tr("Not yet") if t is None else tr(badge.unit, have=t[0], need=t[1])
        return status, WARN if t is not None and t[0] else DIM

    def focusables(self) -> list[Focusable]:
        """The badges in reading order, each read: "Badge: First win, earned 2026-12-07. Win any
        game." (the arrows move across and down the columns; the page scrolls to the focus)."""
        from ..speech import badge_words

        dy = self.area.y - round(self.scroll)
        data = self.app.progression.data
        order = sorted(self.cards, key=lambda c: (c[1].y, c[1].x))
        return [Focusable(f"badge:{b.id}", page.move(0, dy), None,
                          lambda b=b: badge_words(tr(b.name), data.badges.get(b.id), self.status(b)[0], tr(b.ask)))
                for b, page, _ in order]

    def draw_body(self, surface) -> None:
        from ..cards_art import rounded

        data = self.app.progression.data
        fs = self.fs
        lh = text.font(fs).get_linesize()
        clip = surface.get_clip()
        surface.set_clip(self.area)
        for b, page, ask in self.cards:
            r = page.move(0, self.area.y - round(self.scroll))
            if r.bottom < self.area.y or r.y > self.area.bottom:
                continue
            date = data.badges.get(b.id)
            surface.blit(rounded(r.width, r.height, 12, (255, 255, 255, 46 if date else 18),
                                 GOLD + (200,) if date else (255, 255, 255, 60), 2.0 if date else 1.0), r.topleft)
            d = 44
            medal = pygame.Rect(r.x + 12, r.y + 12, d, d)
            if date:
                pygame.draw.circle(surface, GOLD, medal.center, d // 2)
                surface.blit(icon("ok", d - 14, (70, 50, 0)), (medal.x + 7, medal.y + 7))
            else:
                pygame.draw.circle(surface, DIM, medal.center, d // 2, 2)
            x = medal.right + 12
            room = r.right - x - 10
            name = tr(b.name)
            ns = text.fit(name, fs + 2, room, text.MIN_SIZE)
            surface.blit(text.render(name, ns, INK if date else (220, 225, 220)), (x, r.y + 10))
            y = r.y + 10 + round(lh * 1.25)
            for line in ask:
                surface.blit(text.render(line, fs, INK if date else DIM), (x, y))
                y += lh
            status, col = self.status(b)
            surface.blit(text.render(status, text.fit(status, fs, room, text.MIN_SIZE), col), (x, y))
        surface.set_clip(clip)
