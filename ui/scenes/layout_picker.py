"""Pyramid's layout picker: a scrollable grid of the 55 layouts, each drawn
from its file (a small rectangle per slot, the cards free at the start brighter), with its name
in the current language and its number of cards; the chosen one framed in blue (#4FC3F7); PLAY
deals a new game of it. The choice is remembered in ``Settings.game_options["pyramid"]["layout"]``.

Opened from the home sheet (``PyramidTable.pickers["layout"]`` in
:mod:`ui.table.pyramid`) or from the table's options. Scrolling: drag (with a fling), the mouse
wheel, the arrow keys and Page Up/Down; Enter plays, Esc goes back.
"""
from __future__ import annotations

import math

import pygame

from games.i18n import language, tr
from games.pyramid import N_LAYOUTS, geometry

from .. import text
from ..cards_art import GLOW, RATIO, rounded_cached as rounded
from ..frame import DIM, INK, Button
from ..input import PointerEvent
from .common import ScreenScene

BLUE = GLOW                  # #4FC3F7, the chosen layout's frame
FRICTION = 3.5               # a fling slows by e^(-FRICTION · seconds)
WHEEL_PX = 70                # one wheel notch

_thumbs: dict[tuple, pygame.Surface] = {}


def thumbnail(number: int, size: tuple[int, int]) -> pygame.Surface:
    """Layout ``number`` drawn in ``size`` px: each slot a small card (free at the start: white;
    covered: grey), later lines on top, centred; cached per number and size."""
    key = (number, tuple(size))
    img = _thumbs.get(key)
    if img is not None:
        return img
    lay = geometry(number).layout
    ss = 2
    tw, th = size[0] * ss, size[1] * ss
    hs = max(0, lay.height - 2)
    cw = min(tw / (lay.width / 2), th / ((hs * 0.5 + 1) * RATIO))
    ch = cw * RATIO
    ox = (tw - cw * lay.width / 2) / 2
    oy = (th - ch * (hs * 0.5 + 1)) / 2
    big = pygame.Surface((tw, th), pygame.SRCALPHA)
    rad = max(1, round(cw * 0.1))
    edge = max(1, round(cw * 0.06))
    for i, (x, y) in enumerate(lay.slots):
        r = pygame.Rect(round(ox + x * cw / 2), round(oy + y * ch / 2), max(2, round(cw)), max(2, round(ch)))
        fill = (250, 250, 244) if not lay.covered_by[i] else (178, 196, 184)
        pygame.draw.rect(big, fill, r, border_radius=rad)
        pygame.draw.rect(big, (60, 80, 68), r, edge, border_radius=rad)
    img = pygame.transform.smoothscale(big, size)
    if len(_thumbs) > 300:
        _thumbs.clear()
    _thumbs[key] = img
    return img


def layout_title(number: int) -> str:
    names = geometry(number).layout.name
    return names.get(language(), names["en"])


class LayoutPickerScene(ScreenScene):
    """The picker. ``current``: the layout chosen now; ``done(value)``: stores the choice (the
    home sheet's callback; without it the settings are written here); ``back_to``: the scene to
    return to (default: home with Pyramid's sheet open)."""

    def __init__(self, current: int = 1, done=None, back_to=None):
        super().__init__()
        self.chosen = current if 1 <= current <= N_LAYOUTS else 1
        self.done = done
        self.back_to = back_to
        self.scroll = 0.0
        self.velocity = 0.0
        self.drag_from = None       # scroll offset when a drag began
        self.samples: list = []     # (time, y) of the last drag events
        self.clock = 0.0
        self.first = True

    def title(self) -> str:
        return tr("Pyramid layouts")

    # -- geometry --------------------------------------------------------------------------------
    def layout(self, w, h) -> None:
        s = self.s
        bar_h = 64 if self.phone else round(76 * s)
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        m = 10 if self.phone else round(20 * s)
        self.area = pygame.Rect(0, self.top.bottom, w, self.bar.top - self.top.bottom)
        inner = w - 2 * m
        target = (150 if h < 560 else 170) if self.phone else round(220 * s)
        self.cols = max(2, min(8, inner // target))
        self.gap = 8 if self.phone else round(14 * s)
        self.tile_w = (inner - self.gap * (self.cols - 1)) // self.cols
        self.name_size = max(text.MIN_SIZE, min(22, round(self.tile_w * 0.1))) if self.phone else max(16, round(20 * s))
        self.sub_size = max(text.MIN_SIZE, round(self.name_size * 0.78))
        self.pad = max(6, self.tile_w // 22)
        self.thumb_h = round(self.tile_w * (0.5 if h < 560 else 0.62))
        self.tile_h = self.pad * 3 + self.thumb_h + self.name_size + self.sub_size + 4
        self.x0 = (w - (self.cols * self.tile_w + (self.cols - 1) * self.gap)) // 2
        rows = -(-N_LAYOUTS // self.cols)
        self.content_h = m + rows * self.tile_h + (rows - 1) * self.gap + m
        self.margin = m
        bw = min(round(w * 0.4), 150 if self.phone else round(200 * s))
        bh = bar_h - (12 if self.phone else round(16 * s))
        play = pygame.Rect(0, 0, bw, bh)
        play.center = (w - m - bw // 2, self.bar.centery)
        if self.settings.left_handed:
            play.center = (m + bw // 2, self.bar.centery)
        self.buttons.append((Button("play", play, tr("Play"), None, max(20, round(26 * s)), "primary"), self.play))
        self.play_rect = play
        if self.first:
            self.first = False
            self.show(self.chosen, centre=True)
        elif (w, h) != getattr(self, "_laid", (w, h)):
            self.show(self.chosen)       # a new window shape (a phone turned): the chosen tile stays in view
        self._laid = (w, h)
        self.clamp()

    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.area.height)

    def clamp(self) -> None:
        self.scroll = min(max(0.0, self.scroll), self.max_scroll())

    def tile_rect(self, number: int) -> pygame.Rect:
        """Where layout ``number``'s tile is on screen now (it may be outside the grid area)."""
        r, c = divmod(number - 1, self.cols)
        return pygame.Rect(self.x0 + c * (self.tile_w + self.gap),
                           round(self.area.y + self.margin + r * (self.tile_h + self.gap) - self.scroll),
                           self.tile_w, self.tile_h)

    def show(self, number: int, centre: bool = False) -> None:
        """Scroll so that layout ``number``'s tile is in view (centred when asked)."""
        r = self.tile_rect(number)
        if centre:
            self.scroll += r.centery - self.area.centery
        elif r.top < self.area.top:
            self.scroll -= self.area.top - r.top + self.gap
        elif r.bottom > self.area.bottom:
            self.scroll += r.bottom - self.area.bottom + self.gap
        self.clamp()
        self.stale = True

    def tile_at(self, pos) -> int | None:
        if not self.area.collidepoint(pos):
            return None
        for n in range(1, N_LAYOUTS + 1):
            if self.tile_rect(n).collidepoint(pos):
                return n
        return None

    # -- actions ---------------------------------------------------------------------------------
    def choose(self, number: int) -> None:
        """Frame layout ``number`` (not stored until PLAY)."""
        self.chosen = number
        self.show(number)
        self.stale = True

    def play(self) -> None:
        """Remember the chosen layout and deal a new game of it. Over a Pyramid game in progress
        the table comes up on that game and asks first, as New deal does (it would count as a
        loss; Keep playing leaves it, and the layout is the next deal's)."""
        value = str(self.chosen)
        if self.done is not None:
            self.done(value)
        else:
            self.settings.options_for("pyramid")["layout"] = value
            self.app.save_settings()
        self.app.open_game("pyramid", ask=True)

    def back(self) -> None:
        self.back_to_sheet(self.back_to, "pyramid")

    def help_game(self) -> str:
        return "pyramid"

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if not isinstance(event, PointerEvent) and event.type == pygame.MOUSEWHEEL:
            self.velocity = 0.0
            self.scroll -= event.precise_y * WHEEL_PX
            self.clamp()
            self.stale = True
            return
        super().handle(event)

    def pointer(self, ev: PointerEvent) -> None:
        if ev.kind == "down":
            self.velocity = 0.0
            self.drag_from = self.scroll if self.area.collidepoint(ev.pos) else None
            self.samples = [(self.clock, ev.pos[1])]
        elif ev.kind == "drag" and self.drag_from is not None and self.panel is None:
            self.scroll = self.drag_from - (ev.pos[1] - ev.start[1])
            self.clamp()
            self.samples = (self.samples + [(self.clock, ev.pos[1])])[-5:]
            for b, _ in self.buttons:
                b.pressed = False
            self.press = None
            self.stale = True
            return
        elif ev.kind == "up" and self.drag_from is not None:
            if len(self.samples) >= 2 and ev.pos != ev.start:
                (t0, y0), (t1, y1) = self.samples[0], self.samples[-1]
                if t1 > t0 and self.clock - t1 < 0.12:
                    self.velocity = -(y1 - y0) / (t1 - t0)
            self.drag_from = None
        super().pointer(ev)

    def tapped(self, pos) -> None:
        n = self.tile_at(pos)
        if n is not None:
            self.choose(n)

    def key(self, event) -> None:
        k = event.key
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.cols, pygame.K_DOWN: self.cols}
        if k in step:
            n = self.chosen + step[k]
            if 1 <= n <= N_LAYOUTS:
                self.choose(n)
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll += (1 if k == pygame.K_PAGEDOWN else -1) * self.area.height * 0.85
            self.clamp()
            self.stale = True
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play()
        else:
            super().key(event)

    def update(self, dt: float) -> bool:
        self.clock += dt
        if self.velocity:
            self.scroll += self.velocity * dt
            self.velocity *= math.exp(-FRICTION * dt)
            before = self.scroll
            self.clamp()
            if abs(self.velocity) < 20 or self.scroll != before:
                self.velocity = 0.0
            self.stale = True
        return self.stale

    # -- drawing ---------------------------------------------------------------------------------
    def draw_body(self, surface) -> None:
        a = self.area
        surface.set_clip(a)
        for n in range(1, N_LAYOUTS + 1):
            r = self.tile_rect(n)
            if r.bottom < a.top or r.top > a.bottom:
                continue
            chosen = n == self.chosen
            surface.blit(rounded(r.width, r.height, 12, (255, 255, 255, 52 if chosen else 26),
                                 (255, 255, 255, 60), 1.0), r.topleft)
            thumb = pygame.Rect(r.x + self.pad, r.y + self.pad, r.width - 2 * self.pad, self.thumb_h)
            surface.blit(thumbnail(n, thumb.size), thumb.topleft)
            name = layout_title(n)
            y = thumb.bottom + self.pad
            text.blit_center(surface, text.render(name, text.fit(name, self.name_size, r.width - 8, text.MIN_SIZE), INK),
                             (r.centerx, y + self.name_size // 2))
            sub = tr("{n} · {cards} cards", n=n, cards=len(geometry(n).layout))
            text.blit_center(surface, text.render(sub, text.fit(sub, self.sub_size, r.width - 8, text.MIN_SIZE), DIM),
                             (r.centerx, y + self.name_size + 2 + self.sub_size // 2))
            if chosen:
                lw = 4 if self.phone else max(4, round(5 * self.s))
                pygame.draw.rect(surface, BLUE, r.inflate(lw, lw), lw, border_radius=14)
        # a thin scroll bar
        if self.max_scroll() > 0:
            frac = a.height / self.content_h
            bh = max(30, round(a.height * frac))
            by = a.y + round((a.height - bh) * self.scroll / self.max_scroll())
            x = a.right - 5 if not self.settings.left_handed else a.x + 2
            pygame.draw.rect(surface, (170, 200, 180), (x, by, 3, bh), border_radius=2)
        surface.set_clip(None)
        # the bar: the chosen layout's name and PLAY
        bar = self.bar
        pygame.draw.rect(surface, (8, 48, 26), bar)
        pygame.draw.line(surface, (60, 120, 80), bar.topleft, bar.topright)
        label = f"{self.chosen} · {layout_title(self.chosen)}"
        room = bar.width - self.play_rect.width - 3 * self.margin
        size = text.fit(label, 22 if self.phone else round(28 * self.s), room, 12)
        img = text.render(label, size, INK)
        x = self.margin if not self.settings.left_handed else self.play_rect.right + self.margin
        surface.blit(img, (x, bar.centery - img.get_height() // 2))
