"""What the home, settings and statistics screens share: a felt, a top bar with a title (and a
back arrow except at home), buttons that fire on release over themselves, modal panels (the
table's :class:`~ui.table.panels.Panel` family), Esc (panel → back), F1 or ? (the help: a rules
page), and a redraw only when something changed."""
from __future__ import annotations

import pygame

from games.i18n import tr
from games.registry import GAMES as REGISTRY

from .. import text
from ..cards_art import rect_minus
from ..app import Scene
from ..frame import DIM, INK, Button, felt, frame_layout, lay_shade
from ..input import PointerEvent

MESSAGE_BAND = (22, 38, 30)
"""The screens' message band (a snackbar at the bottom), RGB."""

HELP_KEYS = (pygame.K_F1, pygame.K_SLASH, pygame.K_QUESTION)
"""The keys that open the help, on every screen as at a table (F1, and ? with or without Shift)."""

GAMES = tuple(REGISTRY)
"""The games in the order the home screen shows them (:data:`games.registry.GAMES`)."""


def game_title(game: str) -> str:
    """The translated display name of ``game`` (its Rules' ``title``)."""
    from games.registry import UnknownGame, find_game

    try:
        return tr(find_game(game).title)
    except UnknownGame:
        return game


class ScreenScene(Scene):
    """A full-screen page. Subclasses set :meth:`title` and write :meth:`layout` (which fills
    ``self.buttons`` with ``(Button, callback)``) and :meth:`draw_body`."""

    back_button = True

    def __init__(self):
        self.buttons: list[tuple[Button, object]] = []
        self.panel = None
        self.stale = True
        self.press = None
        self.message = ""
        self._felt_plan = None

    # -- scene protocol ----------------------------------------------------------------------------
    def enter(self, app) -> None:
        self.app = app
        self.settings = app.settings
        super().enter(app)

    def resize(self, w: int, h: int) -> None:
        self.frame = frame_layout(w, h, self.settings.left_handed)
        self.w, self.h = w, h
        self.s = self.frame.scale
        self.phone = w < 700 or h < 560
        self.top = pygame.Rect(0, 0, w, max(52, round(60 * self.s)) if not self.phone else 52)
        self.buttons = []
        if self.back_button:
            bw = self.top.height + 30
            # top left whatever the hand, where the platforms put Back and the tables their menu
            r = pygame.Rect(0, 0, bw, self.top.height)
            self.buttons.append((Button("back", r, "", "arrow", 18, "bar"), self.back))
        self.layout(w, h)
        if self.panel is not None:
            self.panel.layout(w, h)
        self.stale = True

    def relabel(self) -> None:
        self.resize(*self.app.size)

    def update(self, dt: float) -> bool:
        return self.stale

    # -- hooks -----------------------------------------------------------------------------------
    def title(self) -> str:
        return ""

    def layout(self, w: int, h: int) -> None:
        pass

    def draw_body(self, surface: pygame.Surface) -> None:
        pass

    def back(self) -> None:
        self.app.home()

    def back_to_sheet(self, back_to: Scene | None, game: str) -> None:
        """Leave for ``back_to`` (the scene this page was opened from) or, with none, for the home
        screen with ``game``'s sheet open (pages opened from a game's sheet go back to it)."""
        if back_to is not None:
            self.app.switch(back_to)
            return
        from .home import HomeScene

        home = HomeScene()
        self.app.switch(home)
        home.tap_game(game)

    # -- panels (the table's Panel classes ask for these) ------------------------------------------
    def close_panel(self) -> None:
        if self.panel is not None:
            self.panel.closed()
        self.panel = None
        self.stale = True

    # -- input -----------------------------------------------------------------------------------
    def button_at(self, pos):
        return next(((b, cb) for b, cb in self.buttons if b.enabled and b.rect.collidepoint(pos)), None)

    def handle(self, event) -> None:
        if isinstance(event, PointerEvent):
            self.pointer(event)
        elif event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key in HELP_KEYS and self.open_help():
                return
            if self.panel is not None:
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    self.close_panel()
                else:
                    self.panel.key(event)
                self.stale = True
            elif event.type == pygame.KEYDOWN:
                self.key(event)
        elif event.type == pygame.DROPFILE:
            self.dropped(event.file)

    def key(self, event) -> None:
        if event.key == pygame.K_ESCAPE and self.back_button:
            self.back()

    def help_game(self) -> str | None:
        """The game whose rules page the help keys (:data:`HELP_KEYS`) open on this screen, or
        ``None`` for the page every game shares (``locales/<lang>/rules/general.txt``)."""
        return None

    def open_help(self) -> bool:
        """F1 or ? (:data:`HELP_KEYS`), as at a table: the rules page of :meth:`help_game` (or
        the general page), whose back arrow returns here. Returns whether a page opened."""
        from .rules import RulesScene

        self.app.switch(RulesScene(self.help_game(), back_to=self))
        return True

    def dropped(self, path: str) -> None:
        pass

    def pointer(self, ev: PointerEvent) -> None:
        if ev.kind == "down":
            if self.panel is not None:
                self.panel.down(ev.pos)
            else:
                hit = self.button_at(ev.pos)
                self.press = hit[0] if hit else None
                for b, _ in self.buttons:
                    b.pressed = b is self.press
            self.stale = True
        elif ev.kind == "up":
            if self.panel is not None:
                self.panel.release()
            for b, _ in self.buttons:
                b.pressed = False
            self.stale = True
        elif ev.kind == "tap":
            if self.panel is not None:
                self.panel.tap(ev.pos, ev.start)
                self.stale = True
                return
            hit = self.button_at(ev.pos)
            if hit is not None and hit[0] is self.press:
                hit[1]()
                self.stale = True
            else:
                self.tapped(ev.pos)

    def tapped(self, pos) -> None:
        """A tap on no button."""

    # -- drawing ---------------------------------------------------------------------------------
    def top_band(self) -> pygame.Rect:
        """The top bar (title, back arrow, the home screen's buttons), px: a panel lies below it
        where it fits there, else it is drawn bare (:meth:`draw`)."""
        return self.top

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the top bar, the page and its buttons, the message, the panel. Under a panel
        that reaches into the top bar (``Panel.over_top``) the bar is bare, its background only:
        no title or button shows cut in half by the panel's edge."""
        self.lay_felt(surface)
        bare = self.panel is not None and self.panel.over_top
        if bare:
            self.draw_top_background(surface)
        else:
            self.draw_top(surface)
        self.draw_body(surface)
        for b, _ in self.buttons:
            if not (bare and b.rect.colliderect(self.top)):
                b.draw(surface)
        if self.message:
            # a snackbar at the bottom: on its own dark band, so that it reads over whatever the
            # page has there (a list that runs to the bottom on a phone on its side)
            size = max(16, round(22 * self.s)) if not self.phone else 17
            x0, x1 = self.message_span()
            lines = text.wrap(self.message, size, x1 - x0 - 40)[:2]
            lh = text.font(size).get_linesize()
            y = self.h - 10 - lh * len(lines)
            bw = min(x1 - x0 - 8, max(text.width(line, size) for line in lines) + 32)
            cx = (x0 + x1) // 2
            band = pygame.Rect(cx - bw // 2, y - 6, bw, lh * len(lines) + 12)
            pygame.draw.rect(surface, MESSAGE_BAND, band, border_radius=10)
            pygame.draw.rect(surface, DIM, band, 1, border_radius=10)
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, size, INK), (cx, y + lh * k + lh // 2))
        if self.panel is not None:
            lay_shade(surface)
            self.panel.draw(surface)
        self.stale = False

    def message_span(self) -> tuple[int, int]:
        """The left and right x (px) the message band is centred in at the bottom: the whole
        width; a page whose bottom is taken on one side gives the other."""
        return 0, self.w

    def opaque_rects(self) -> list[pygame.Rect]:
        """Where the page draws opaque pixels only (px): no felt is laid there."""
        return [self.top]

    def lay_felt(self, surface) -> None:
        """The felt but within :meth:`opaque_rects`, its pieces worked out once per layout."""
        size = surface.get_size()
        fl = felt(size)
        where = (size, tuple(tuple(r) for r in self.opaque_rects()))
        plan = self._felt_plan
        if plan is None or plan[0] != where:
            pieces = rect_minus(size[0], size[1], [tuple(r) for r in self.opaque_rects()])
            plan = self._felt_plan = (where, [(fl, (x, y), pygame.Rect(x, y, w, h)) for x, y, w, h in pieces])
        surface.blits(plan[1], doreturn=False)

    def draw_top_background(self, surface) -> None:
        """The top bar's background: its fill and the line along its bottom edge."""
        r = self.top
        pygame.draw.rect(surface, (8, 48, 26), r)
        pygame.draw.line(surface, (60, 120, 80), (r.x, r.bottom - 1), (r.right, r.bottom - 1))

    def draw_top(self, surface) -> None:
        r = self.top
        self.draw_top_background(surface)
        title = self.title()
        reserve = self.title_reserve()
        size = text.fit(title, round(r.height * 0.62), r.width - 2 * reserve - 12, 14)
        text.blit_center(surface, text.render(title, size, INK), (r.centerx, r.centery))

    def title_reserve(self) -> int:
        """Pixels kept free on each side of the title (for the back button, top buttons)."""
        return self.top.height + 34 if self.back_button else 0


def say_label(label: str, value: str) -> str:
    """``Label: value`` the way both languages write it."""
    return tr("{label}: {value}", label=label, value=value)


def pair_label_size(labels, size: int, width: int) -> int:
    """The one label size of a grid of :func:`draw_pair` cells ``width`` px wide: the largest
    at which every label fits on one line, not below ``text.MIN_SIZE`` (a label wider than its
    cell there goes on two lines), so the labels side by side read as one row."""
    room = width - 4
    ls = max(text.MIN_SIZE, round(size * 0.6))
    return min([ls] + [text.fit(lab, ls, room, text.MIN_SIZE) for lab in labels])


def draw_pair(surface, label: str, value: str, rect: pygame.Rect, size: int,
              label_size: int | None = None) -> None:
    """A small label over a larger value, centred in ``rect`` (the statistics' figures).
    ``label_size``: the label's size (default: the largest ≤ 0.6 × ``size`` that fits); a label
    wider than ``rect`` at it is broken over two lines, never drawn past the cell."""
    room = rect.width - 4
    ls = label_size or text.fit(label, max(text.MIN_SIZE, round(size * 0.6)), room, text.MIN_SIZE)
    lines = text.wrap_lines(label, ls, room, 2) if text.width(label, ls) > room else [label]
    vs = text.fit(value, size, room, text.MIN_SIZE)
    lis = [text.render(line, ls, DIM) for line in lines]
    vi = text.render(value, vs, INK)
    lh = lis[0].get_height()
    total = lh * len(lis) + vi.get_height() * 0.9
    y0 = rect.centery - total / 2
    for k, li in enumerate(lis):
        text.blit_center(surface, li, (rect.centerx, y0 + lh * k + lh / 2))
    text.blit_center(surface, vi, (rect.centerx, y0 + lh * len(lis) + vi.get_height() * 0.45))
