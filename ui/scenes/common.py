"""What the home, settings and statistics screens share: a felt, a top bar with a title (and a
back arrow except at home), buttons that fire on release over themselves, modal panels (the
table's :class:`~ui.table.panels.Panel` family), Esc (panel → back), F1 or ? (the help: a rules
page), a keyboard focus (Tab / Shift+Tab and the arrows move it, Enter or Space activates the
focused thing, a ring shows it, :mod:`ui.speech` says it), and a redraw only when something
changed."""
from __future__ import annotations

from typing import Callable, NamedTuple

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

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
"""The arrow keys and the direction each moves the focus in, ``(dx, dy)`` on the screen."""

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that activate the focused thing (as a panel's focused button)."""

FOCUS_RING = 4
"""The focus ring's width in px (the panels' and the tables' ring is as wide)."""


class Focusable(NamedTuple):
    """One thing a screen's keyboard focus visits.

    ``key``: its identity, kept across layouts (``"button:share"``, ``"date:2026-12-07"``);
    ``rect``: where it is on the screen, px (the ring is drawn around it, the arrows look from
    its centre); ``action``: what Enter or Space does (``None``: nothing, it is only read);
    ``words``: what a screen reader says when the focus comes onto it (a callable, called only
    then, returning text in the player's language)."""

    key: str
    rect: pygame.Rect
    action: Callable[[], None] | None
    words: Callable[[], str]


def step_focus(items: list[Focusable], current: int | None, direction: tuple[int, int]) -> int | None:
    """The index of the item an arrow moves the focus to from ``items[current]``: the nearest
    whose centre lies that way (``direction`` ``(dx, dy)``), a step across the way counting
    twice a step along it, as a grid's arrows move; ``current`` when none lies that way (the
    focus stays at the edge); the first item (arrows right or down) or the last (left or up)
    with no ``current``; ``None`` with no items."""
    if not items:
        return None
    dx, dy = direction
    if current is None:
        return 0 if dx + dy > 0 else len(items) - 1
    cx, cy = items[current].rect.center
    best, best_score = current, None
    for i, it in enumerate(items):
        ix, iy = it.rect.center
        along = (ix - cx) * dx + (iy - cy) * dy
        across = abs((ix - cx) * dy) + abs((iy - cy) * dx)
        if i == current or along <= 0:
            continue
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best


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
    own_arrows = False
    """Whether the arrows have a meaning of their own on this screen (the day on the calendar,
    the game on the statistics, a scroll): they keep it until Tab gives the screen a focus, and
    move the focus from then on."""

    def __init__(self):
        self.buttons: list[tuple[Button, object]] = []
        self.panel = None
        self.stale = True
        self.press = None
        self.message = ""
        self._felt_plan = None
        self.focus: str | None = None
        """The key of the focused :class:`Focusable`; ``None`` until Tab or an arrow."""

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

    def notice_place(self, w: int, h: int) -> tuple[int, int, int, bool]:
        """The notice band lies under the header (``self.top``): Back, the title and the
        header's buttons (Statistics, Settings) stay in sight and tappable."""
        return 0, w, self.top.bottom, False

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
        """Tab / Shift+Tab and the arrows move the focus, Enter or Space activates it
        (:meth:`move_focus`); Esc goes back."""
        if self.move_focus(event):
            return
        if event.key == pygame.K_ESCAPE and self.back_button:
            self.back()

    # -- the keyboard focus ----------------------------------------------------------------------
    def focusables(self) -> list[Focusable]:
        """What the keyboard focus visits, in reading order (Tab's order): here the enabled
        buttons but the back arrow (Esc goes back), each said as "Button: …"; screens with more
        (dates, rows, figures) add theirs."""
        from ..speech import button_words

        return [Focusable(f"button:{b.name}", b.rect, cb, lambda b=b: button_words(b.label or b.name))
                for b, cb in self.buttons if b.enabled and b.name != "back"]

    def focus_index(self, items: list[Focusable]) -> int | None:
        """The index of the focused item in ``items``; ``None`` with no focus or when the focused
        thing is gone (another month, another tab)."""
        return next((i for i, it in enumerate(items) if it.key == self.focus), None)

    def focus_item(self) -> Focusable | None:
        """The focused :class:`Focusable`, ``None`` with none."""
        items = self.focusables()
        i = self.focus_index(items)
        return None if i is None else items[i]

    def focus_text(self) -> str:
        """What a screen reader says of the focus (:mod:`ui.speech`), ``""`` with none."""
        item = self.focus_item()
        return item.words() if item is not None else ""

    def set_focus(self, key: str | None) -> None:
        """Put the focus on the item ``key`` (``None``: no focus) and bring it into view."""
        self.focus = key
        item = self.focus_item()
        if item is not None:
            self.reveal(item)
        self.stale = True

    def move_focus(self, event) -> bool:
        """Tab / Shift+Tab (round the items in order) and the arrows (:func:`step_focus`; on a
        screen whose arrows have a meaning of their own, only once there is a focus) move the
        focus; Enter or Space activates the focused item. Returns whether the key was used."""
        k = event.key
        items = self.focusables()
        i = self.focus_index(items)
        if k == pygame.K_TAB or (k in ARROWS and (self.focus is not None or not self.own_arrows)):
            if not items:
                return k == pygame.K_TAB
            if k == pygame.K_TAB:
                back = bool(event.mod & pygame.KMOD_SHIFT)
                stops = [j for j, it in enumerate(items) if j == i or self.tab_stop(it)]
                at = None if i is None else stops.index(i)
                at = (len(stops) - 1 if back else 0) if at is None else (at + (-1 if back else 1)) % len(stops)
                i = stops[at]
            else:
                i = step_focus(items, i, ARROWS[k])
            self.set_focus(items[i].key)
            return True
        if k in ACTIVATE_KEYS and i is not None and items[i].action is not None:
            items[i].action()
            self.stale = True
            return True
        return False

    def tab_stop(self, item: Focusable) -> bool:
        """Whether Tab stops on ``item`` (a grid, the calendar, is one stop: its focused or
        selected date, the arrows moving within it, as a web page's date grid)."""
        return True

    def reveal(self, item: Focusable) -> None:
        """Bring the focused ``item`` into view (a scrolled page scrolls to it)."""

    def focus_clip(self) -> pygame.Rect | None:
        """Where the focus ring may be drawn (a scrolled page's visible part), ``None``: anywhere."""
        return None

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The keyboard focus: a bright ring around the focused item, as the panels draw theirs."""
        from ..table.panels import FOCUS_INK

        item = self.focus_item()
        if item is None:
            return
        clip = surface.get_clip()
        area = self.focus_clip()
        if area is not None:
            surface.set_clip(area)
        ring = item.rect.inflate(2 * FOCUS_RING, 2 * FOCUS_RING).clip(surface.get_rect().inflate(-2, -2))
        pygame.draw.rect(surface, FOCUS_INK, ring, FOCUS_RING, border_radius=12)
        surface.set_clip(clip)

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
        if self.panel is None:
            self.draw_focus(surface)
        else:
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
