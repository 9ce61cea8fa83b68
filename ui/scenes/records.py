"""The Records screen (docs/rules.md, "Progression"; docs/progression.md): one record table at a time,
chosen with the arrows beside its name (each game's variants, then its deal-of-the-day table),
its top 10 rows with place, points, time, moves, date; a tap on a row plays that deal again. The
rows scroll under the column headings when they are taller than the window."""
from __future__ import annotations

import pygame

from games import records
from games.i18n import format_duration, format_number, tr
from games.registry import find_game

from .. import text
from ..frame import DIM, INK, TOUCH, WARN, Button
from . import options as opt
from .common import GAMES, Focusable, ScreenScene, game_title
from .scroll import Scrolling

ORDER = {"suits": ("1", "2", "4"), "draw": ("1", "3"), "mode": ("easy", "classic"), "passes": ("unlimited", "3")}


def all_tables() -> list[tuple[str, str, dict, bool]]:
    """Every table: ``(key, game, variant options, daily)`` in the order the arrows walk them."""
    out = []
    for g in GAMES:
        keys = records.VARIANT_KEYS[g]
        if keys:
            k = keys[0]
            for v in ORDER.get(k, find_game(g).options[k]):
                out.append((records.table_key(g, {k: v}), g, {k: v}, False))
        else:
            out.append((records.table_key(g, {}), g, {}, False))
        out.append((records.table_key(g, {}, daily=True), g, {}, True))
    return out


class RecordsScene(Scrolling, ScreenScene):
    """``table``: the key of the table shown (default the first with rows). ``rows``:
    ``[(Entry, rect)]`` on the screen at the current scroll (``page_rows``: on the page)."""

    def __init__(self, table: str | None = None):
        super().__init__()
        self.table = table

    def title(self) -> str:
        return tr("Records")

    def tables(self):
        return all_tables()

    def current(self):
        tabs = self.tables()
        return next((t for t in tabs if t[0] == self.table), tabs[0])

    def layout(self, w, h) -> None:
        data = self.app.progression.data.records
        if self.table is None:
            self.table = next((t[0] for t in self.tables() if data.get(t[0])), self.tables()[0][0])
        m = 10 if self.phone else round(20 * self.s)
        self.fs = text.MIN_SIZE if self.phone else max(text.MIN_SIZE, round(19 * self.s))
        lh = max(TOUCH, round(self.fs * 2.4))
        bar = pygame.Rect(m, self.top.bottom + m, w - 2 * m, lh)
        self.buttons.append((Button("prev-table", pygame.Rect(bar.x, bar.y, lh + 14, lh), "<", None, self.fs + 4, "key"),
                             lambda: self.step(-1)))
        self.buttons.append((Button("next-table", pygame.Rect(bar.right - lh - 14, bar.y, lh + 14, lh), ">", None,
                                    self.fs + 4, "key"), lambda: self.step(1)))
        self.bar = bar
        self.head = pygame.Rect(m, bar.bottom + m // 2, w - 2 * m, max(24, self.fs + 10))
        # the rows: at least a touch target tall, scrolled under the headings when they do not fit
        self.area = pygame.Rect(0, self.head.bottom, w, h - self.head.bottom)
        avail = self.area.height - m
        rh = max(TOUCH + 3, min(round(self.fs * 2.6), avail // records.SIZE))
        rows = data.get(self.table, [])
        self.page_rows = [(e, pygame.Rect(m, i * rh, w - 2 * m, rh - 3)) for i, e in enumerate(rows)]
        self.content_h = len(rows) * rh + m
        self.clamp()
        # the columns: place, points, time, moves, date (and the deal code where there is room)
        width = w - 2 * m
        self.cols = [0.0, 0.1, 0.34, 0.52, 0.7] if width >= 720 else [0.0, 0.11, 0.37, 0.56, 0.74]
        self.show_code = width >= 720

    @property
    def rows(self) -> list:
        """``[(Entry, rect)]``: the rows where the current scroll puts them on the screen."""
        dy = self.area.y - round(self.scroll)
        return [(e, r.move(0, dy)) for e, r in self.page_rows]

    def tap_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows wholly in view (a row half under the headings is scrolled into view first)."""
        return [(f"row {i + 1}", r) for i, (_, r) in enumerate(self.rows) if self.area.contains(r)]

    def step(self, k: int) -> None:
        keys = [t[0] for t in self.tables()]
        i = keys.index(self.table) if self.table in keys else 0
        self.table = keys[(i + k) % len(keys)]
        self.scroll = 0.0
        self.resize(*self.app.size)

    def key(self, event) -> None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus is None:
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return
        super().key(event)

    def focusables(self) -> list[Focusable]:
        """The arrows to the previous and next table, each said with the table shown ("Button:
        Next table. Klondike, draw 1"), then the rows ("Place 1: 1,250 points, time 3:02, 85
        moves, 2026-12-01, deal #617"; Enter plays the deal again), or the empty table's line."""
        from ..speech import button_words, record_words, sentences

        names = {"button:prev-table": tr("Previous table"), "button:next-table": tr("Next table")}
        out = [it._replace(words=lambda n=names[it.key]: sentences(
                   [button_words(n), self.table_name().replace(" · ", ", ")])) if it.key in names else it
               for it in super().focusables()]
        rows = self.rows
        if not rows:
            return out + [Focusable("empty", self.head, None, lambda: sentences(
                [self.table_name().replace(" · ", ", "),
                 tr("No wins here yet. A win without undo enters the top 10.")]))]
        return out + [Focusable(f"row:{i}", r, lambda e=e: self.replay(e), lambda i=i, e=e: record_words(
            i + 1, format_number(e.points), format_duration(e.seconds), e.moves, e.date, self.deal_label(e)))
            for i, (e, r) in enumerate(rows)]

    def table_name(self) -> str:
        key, game, opts, is_daily = self.current()
        name = game_title(game)
        if is_daily:
            return tr("{game} · deal of the day", game=name)
        if opts:
            (k, v), = opts.items()
            return f"{name} · {opt.value_label(game, k, v)}"
        return name

    def tapped(self, pos) -> None:
        if not self.area.collidepoint(pos):
            return
        for e, r in self.rows:
            if r.collidepoint(pos):
                self.replay(e)
                return

    def deal_label(self, e: records.Entry) -> str:
        """Row ``e``'s deal as its game's tables name it (FreeCell: Microsoft's number, ``#617``);
        a code that cannot be read, as written."""
        from ..table import table_class

        game = self.current()[1]
        try:
            number, opts = find_game(game).decode(e.code)
            return table_class(game).deal_label_of(number, opts)
        except ValueError:
            return e.code

    def replay(self, e: records.Entry) -> None:
        """Play the deal of row ``e`` again (the table's game; its code names the variant)."""
        game = self.current()[1]
        rules = find_game(game)
        try:
            number, opts = rules.decode(e.code)
        except ValueError:
            self.message = tr("This row's deal code cannot be read: {code}", code=e.code)
            return
        self.app.open_deal(game, number, opts)

    def draw_body(self, surface) -> None:
        from ..cards_art import rounded

        fs = self.fs
        name = self.table_name()
        room = self.bar.width - 2 * (self.bar.height + 20)
        text.blit_center(surface, text.render(name, text.fit(name, fs + 3, room, text.MIN_SIZE), INK), self.bar.center)
        heads = [tr("#"), tr("Points"), tr("Time"), tr("Moves"), tr("Date")]
        x0, wd = self.head.x + 10, self.head.width - 20
        for f, label in zip(self.cols, heads):
            surface.blit(text.render(label, max(text.MIN_SIZE, fs - 2), DIM), (x0 + round(f * wd), self.head.y))
        if self.show_code:
            surface.blit(text.render(tr("Deal"), max(text.MIN_SIZE, fs - 2), DIM), (x0 + round(0.85 * wd), self.head.y))
        if not self.rows:
            msg = tr("No wins here yet. A win without undo enters the top 10.")
            for i, line in enumerate(text.wrap(msg, fs, self.head.width - 20)):
                text.blit_center(surface, text.render(line, fs, DIM),
                                 (self.head.centerx, self.head.bottom + 40 + i * text.font(fs).get_linesize()))
            return
        clip = surface.get_clip()
        surface.set_clip(self.area)
        for i, (e, r) in enumerate(self.rows):
            if r.bottom < self.area.y or r.y > self.area.bottom:
                continue
            surface.blit(rounded(r.width, r.height, 8, (255, 255, 255, 40 if i == 0 else 24), (255, 255, 255, 50), 1.0),
                         r.topleft)
            vals = [str(i + 1), format_number(e.points), format_duration(e.seconds), str(e.moves), e.date]
            for j, (f, v) in enumerate(zip(self.cols, vals)):
                img = text.render(v, fs, WARN if j == 1 else INK)
                surface.blit(img, (x0 + round(f * wd), r.centery - img.get_height() // 2))
            if self.show_code:
                img = text.render(self.deal_label(e), max(text.MIN_SIZE, fs - 3), DIM)
                surface.blit(img, (x0 + round(0.85 * wd) - 0, r.centery - img.get_height() // 2))
        surface.set_clip(clip)
