"""The home screen: the games of the registry, each with a drawing of its table. A tap on a game
opens its sheet: the game's rule options (remembered in ``Settings.game_options``; an option
whose table declares a picker opens it), Continue when a game of it is unfinished, and New
deal. Statistics and Settings sit in the top bar."""
from __future__ import annotations

import math
import pygame

from games.i18n import format_duration, tr

from .. import text
from ..cards_art import rounded_cached
from ..frame import DIM, INK, WARN, Button, felt, frame_layout, opaque_surface
from ..imports import PieceImport
from ..table import table_class, table_modules
from ..table.panels import OptionsPanel, Panel
from . import options as opt
from .common import GAMES, Focusable, ScreenScene, game_title, say_label
from . import previews

_tiles: dict[tuple, tuple[pygame.Surface, pygame.Rect, bool]] = {}
"""HomeScene.tile_image's pictures, each with the place of the miniature in it (px, in the
tile) and whether the miniature is drawn on it."""


class GameSheet(OptionsPanel):
    """The panel of one game: option rows that cycle (or open the table's picker for that
    option, :attr:`ui.table.base.GameTable.pickers`), then Continue (when a save exists), New
    deal and Cancel."""

    def __init__(self, scene, game: str, saved_info: str | None, saved_options: dict | None = None):
        self.game = game
        self.rows = self.make_rows(scene, game)
        self.saved_options = saved_options or {}
        self.note = saved_info or ""
        self.row_buttons = []
        acts = []
        if saved_info:
            acts.append(("continue", tr("Continue"), None, lambda: scene.start(game, True)))
        acts.append(("new", tr("New deal"), None, lambda: scene.start(game, False)))
        acts.append(("rules", tr("Rules"), None, lambda: scene.app.open_rules(game)))
        acts.append(("cancel", tr("Cancel"), None, scene.close_panel))
        Panel.__init__(self, scene, game_title(game), acts, self.draw_body, self.body_h)

    @property
    def note(self) -> str:
        """The footer: the unfinished game's moves and time, and, when its rules differ from the
        rows' (the next deal's), the unfinished game's own values of them, so Continue is not read
        as continuing under the rows' rules (``Unfinished game: 12 moves, 1:03 (Draw: 1)``)."""
        if not self._note:
            return ""
        cur = opt.current(self.table.settings, self.game)
        own = [say_label(opt.option_label(k), opt.value_label(self.game, k, v))
               for k, v in self.saved_options.items() if k in cur and cur[k] != v]
        return f"{self._note} ({', '.join(own)})" if own else self._note

    @note.setter
    def note(self, text: str) -> None:
        self._note = text

    @staticmethod
    def make_rows(scene, game):
        settings = scene.settings
        rows = []
        for key, values in opt.rule_options(game).items():
            def label(key=key):
                v = opt.current(settings, game)[key]
                return say_label(opt.option_label(key), opt.value_label(game, key, v))

            def tap(key=key, values=values):
                cur = opt.current(settings, game)[key]
                picker = table_class(game).pickers.get(key)
                if picker is not None:
                    def done(value, key=key):
                        settings.options_for(game)[key] = str(value)
                        scene.app.save_settings()
                        scene.stale = True
                    picker(scene, cur, done)
                    return
                settings.options_for(game)[key] = opt.next_value(game, key, values, cur)
                scene.app.save_settings()
            rows.append((label, tap))
        return rows

    def body_h(self, pw):
        if not self.rows:
            self.rh, self.ncol = 44, 1
            return 30 if self.note else 4
        return super().body_h(pw) + self.thumb_h()

    # -- Pyramid: the chosen layout's thumbnail under its rows (a tap opens the layout picker) ---
    def thumb_h(self) -> int:
        """Height of the layout thumbnail strip (Pyramid only; 0 elsewhere), px."""
        if self.game != "pyramid":
            return 0
        return 96 if self.table.app.size[1] < 560 else 150

    def layout(self, w, h):
        super().layout(w, h)
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)
        if self.thumb_h():
            last = max((b.rect.bottom for b in self.row_buttons), default=self.content_rect.y)
            bottom = self.note_rect.y if self.note else self.content_rect.bottom
            self.thumb_rect = pygame.Rect(self.content_rect.x, last + 6, self.content_rect.width,
                                          max(0, bottom - last - 10))

    def draw_body(self, surface, r):
        super().draw_body(surface, r)
        tr_ = self.thumb_rect
        if tr_.height >= 40:
            from .layout_picker import thumbnail

            n = int(opt.current(self.table.settings, "pyramid")["layout"])
            box = pygame.Rect(0, 0, min(tr_.width, round(tr_.height * 1.6)), tr_.height)
            box.midtop = (tr_.centerx, tr_.y)
            surface.blit(thumbnail(n, box.size), box.topleft)   # the Layout row above names it

    def tap(self, pos, start):
        if self.thumb_rect.collidepoint(pos) and self.thumb_rect.collidepoint(start) and self.rows:
            self.rows[0][1]()            # the layout row: its picker
            return
        super().tap(pos, start)


class HomeScene(ScreenScene):
    """The first screen. ``tiles``: ``[(game, rect)]``; :meth:`tap_game` is what a tap on a tile
    does (tests call it too).

    The screen shows at once, each miniature when its card faces are made: a tile whose
    miniature is not made yet is drawn without it, and the frames bring the miniatures on a game
    at a time (:meth:`update`: its table's modules imported a module a frame,
    :func:`ui.table.table_modules`; its faces queued to be made in the frames' spare time,
    ``cards_art.warm``; the miniature put together from them in a frame that draws nothing; the
    tile drawn with it in the next), so no frame draws a face for the first time, imports more
    than one module, or both puts a miniature together and draws. Coming back from a game the
    miniatures are made already and the screen is whole at its first frame.
    """

    back_button = False

    def __init__(self, previews_later: bool = False):
        super().__init__()
        # previews_later: accepted for callers of the start; every home screen brings its
        # miniatures on a frame at a time when they are not made yet
        self.preview_sizes: dict[str, tuple[int, int]] = {}   # per game, its miniature's size (px)
        self.previews_wanted: set[str] = set()   # games whose miniature's faces are queued
        self.unshown = False     # a miniature put together since the last drawing, not drawn yet
        self.importing: tuple[str, PieceImport] | None = None   # a game and its table's modules being imported
        self._fonts_for = None   # the window size and hand whose tables' fonts are queued

    @property
    def previews_later(self) -> bool:
        """Whether a tile's miniature is still to come or not drawn yet (before the first
        layout: True)."""
        if not self.preview_sizes or self.unshown:
            return True
        st = self.settings
        return any(previews.cached(g, s, st.card_back, st.four_colour) is None
                   for g, s in self.preview_sizes.items())

    def title(self) -> str:
        return tr("Pasyans")

    def enter(self, app) -> None:
        self.refresh_saves(app)
        super().enter(app)

    def came_back(self) -> None:
        """Back at this window: another window may have begun or ended games, so Continue is
        read again (a game sheet already open keeps what it showed)."""
        self.refresh_saves(self.app)
        self.stale = True

    def update(self, dt: float) -> bool:
        """One step towards the next miniature, a step a frame: a module of its table imported,
        its faces queued, the miniature put together (drawing nothing), the tile drawn with it
        (in the next frame: the drawing alone)."""
        if self.unshown:
            self.unshown = False
            self.stale = True
        elif self.preview_sizes and not self.stale:
            st = self.settings
            for g in GAMES:
                size = self.preview_sizes.get(g)
                if size is None or previews.cached(g, size, st.card_back, st.four_colour) is not None:
                    continue
                if self.import_step(g):
                    break
                # its faces queued; once made, put together
                first = g not in self.previews_wanted
                self.previews_wanted.add(g)
                if not previews.want(g, size, st.card_back, st.four_colour) and not first:
                    previews.preview(g, size, st.card_back, st.four_colour)
                    self.unshown = True
                break
        return super().update(dt)

    def import_step(self, game: str) -> bool:
        """Import one module of ``game``'s table not imported yet (:func:`ui.table.table_modules`;
        a module with no byte-code at hand a piece at a time, :class:`ui.imports.PieceImport`);
        False when there is none left (this frame may go on to the next step)."""
        if self.importing is None or self.importing[0] != game:
            self.importing = (game, PieceImport(table_modules(game)))
        imp = self.importing[1]
        if imp.done:
            return False
        imp.step()
        return True

    FONT_ROOM = 0.004
    """Seconds a frame must have left (of ``App.FRAME_BUDGET``) to open a font ahead (about 1 ms
    in WebAssembly)."""

    def spare(self, deadline: float) -> None:
        """In a frame's spare time, open one of the fonts a table's top bar, buttons and status
        line will try at this window's size (:func:`table_font_sizes`, :func:`ui.text.want_fonts`),
        or measure the glyphs of the language in one of them: a table's first frames would
        otherwise open a dozen and load their glyphs at once, well over a frame's budget in
        WebAssembly (docs/web.md)."""
        size = (self.app.size, self.settings.left_handed)
        if self._fonts_for != size:
            self._fonts_for = size
            glyphs = text.LATIN + (text.CYRILLIC if self.settings.language == "ru" else "")
            text.want_fonts(table_font_sizes(*self.app.size, self.settings.left_handed), glyphs)
        if text.fonts_wanted() and deadline - self.app.now() >= self.FONT_ROOM:
            text.open_wanted()

    def refresh_saves(self, app) -> None:
        """Read which games have an unfinished save (Continue) and how far they went."""
        from ..progress import SavedGame

        self.saves: dict[str, tuple[int, float, dict]] = {}
        for game in app.progress.unfinished():
            data = app.store.load(f"game.{game}")
            try:
                s = SavedGame.from_data(data)
            except ValueError:
                continue
            moves = s.player_moves()
            if moves < 1:
                continue        # a deal never touched: nothing to continue, New deal deals it again
            self.saves[game] = (moves, s.seconds, s.options)

    def saved_text(self, game: str) -> str | None:
        if game not in self.saves:
            return None
        moves, secs, _ = self.saves[game]
        if moves == 1:
            return tr("Unfinished game: 1 move, {time}", time=format_duration(secs))
        return tr("Unfinished game: {moves} moves, {time}", moves=moves, time=format_duration(secs))

    def layout(self, w, h) -> None:
        t = self.top
        bw = t.height + (56 if not self.phone else 14)
        specs = [("settings", tr("Settings"), "options", self.app.open_settings),
                 ("stats", tr("Statistics"), "stats", lambda: self.app.open_stats())]
        x = t.right
        for name, label, ic, cb in specs:
            x -= bw
            r = pygame.Rect(x, 0, bw, t.height)
            self.buttons.append((Button(name, r, label if not self.phone else "", ic,
                                        max(14, round(16 * self.s)), "bar"), cb))
        portrait = h > w
        cols = 2 if portrait else 3
        rows = -(-len(GAMES) // cols)
        m = 10 if self.phone else round(24 * self.s)
        gap = 8 if self.phone else round(18 * self.s)
        # the row of the progression's screens under the games: Daily, Records, Badges
        row_h = 44 if self.phone else max(44, round(52 * self.s))
        foot = 0 if self.phone else 36
        row = pygame.Rect(m, h - foot - m // 2 - row_h, w - 2 * m, row_h)
        specs = [("daily", tr("Deal of the day"), lambda: self.app.open_daily()),
                 ("records", tr("Records"), lambda: self.app.open_records()),
                 ("badges", tr("Badges"), lambda: self.app.open_badges())]
        bw = min((row.width - 2 * gap) // 3, round(260 * self.s) if not self.phone else 400)
        x = row.centerx - (3 * bw + 2 * gap) // 2
        fs = text.MIN_SIZE if self.phone else max(text.MIN_SIZE, round(18 * self.s))
        for name, label, cb in specs:
            self.buttons.append((Button(name, pygame.Rect(x, row.y, bw, row_h), label, None, fs, "panel"), cb))
            x += bw + gap
        area = pygame.Rect(m, t.bottom + m, w - 2 * m, row.y - gap - t.bottom - m)
        tw = (area.width - gap * (cols - 1)) // cols
        th = (area.height - gap * (rows - 1)) // rows
        if not self.phone:
            tw = min(tw, round(th * 1.5))
        total = cols * tw + (cols - 1) * gap
        x0 = area.centerx - total // 2
        self.tiles = []
        for i, g in enumerate(GAMES):
            r, c = divmod(i, cols)
            rect = pygame.Rect(x0 + c * (tw + gap), area.y + r * (th + gap), tw, th)
            self.tiles.append((g, rect))
        self.footer = pygame.Rect(0, row.bottom, w, h - row.bottom)

    # -- input -----------------------------------------------------------------------------------
    def tapped(self, pos) -> None:
        for g, rect in self.tiles:
            if rect.collidepoint(pos):
                self.tap_game(g)
                return

    def tap_game(self, game: str) -> None:
        """Open the sheet of ``game``."""
        self.message = ""
        self.panel = GameSheet(self, game, self.saved_text(game),
                               self.saves[game][2] if game in self.saves else None)
        self.stale = True

    def start(self, game: str, resume: bool) -> None:
        """Continue the saved game of ``game`` (``resume``) or deal a new one: over a game still
        being played the table opens on it and asks first, as its own New deal does (the game
        replaced counts as a loss)."""
        self.panel = None
        self.app.open_game(game, resume, ask=not resume)

    def key(self, event) -> None:
        """1–6 open a game's sheet; Tab / Shift+Tab and the arrows move the focus over the games,
        Deal of the day, Records, Badges, Statistics and Settings, Enter or Space opens the
        focused one (:meth:`ScreenScene.move_focus`)."""
        k = event.key
        if self.move_focus(event):
            return
        if pygame.K_1 <= k <= pygame.K_6:
            self.tap_game(GAMES[k - pygame.K_1])

    def focusables(self) -> list[Focusable]:
        """The games' tiles ("Klondike, Unfinished game: 12 moves, 3:02"; Enter opens its
        sheet), then the row of Deal of the day, Records and Badges, then Statistics and
        Settings (said by their names where a phone shows them as icons only)."""
        from ..speech import button_words, join

        names = {"settings": tr("Settings"), "stats": tr("Statistics")}
        tiles = [Focusable(f"game:{g}", r, lambda g=g: self.tap_game(g),
                           lambda g=g: join([game_title(g), self.saved_text(g) or ""])) for g, r in self.tiles]
        buttons = [it._replace(words=lambda n=names[it.key[7:]]: button_words(n)) if it.key[7:] in names else it
                   for it in super().focusables()]
        # the top bar's buttons last, left to right as drawn (Statistics, then Settings)
        top = [it for it in buttons if it.key[7:] in names]
        return tiles + [it for it in buttons if it not in top] + sorted(top, key=lambda it: it.rect.x)

    def open_help(self) -> bool:
        """F1 or ?: with a game's sheet open, that game's rules page (as the sheet's Rules
        button); else the page every game shares."""
        if isinstance(self.panel, GameSheet):
            self.app.open_rules(self.panel.game)
            return True
        return super().open_help()

    # -- drawing ---------------------------------------------------------------------------------
    def tile_image(self, size: tuple[int, int], g: str, rect: pygame.Rect) -> pygame.Surface:
        """The tile of game ``g`` at ``rect`` of a screen ``size`` px, as one opaque picture:
        the felt under it, the translucent tile, the game's miniature, its name and the line under
        it (Continue or Tap to play). Cached per everything it shows, so a redraw copies six
        pictures instead of blending them again (WebAssembly blends without SIMD)."""
        st = self.settings
        ts = max(18, min(round(rect.height * 0.13), round(30 * self.s) if not self.phone else 22))
        ss = max(text.MIN_SIZE, round(ts * 0.7))
        if g in self.saves:
            moves, secs, _ = self.saves[g]
            if st.show_clock:
                sub = tr("Continue: 1 move, {time}", time=format_duration(secs)) if moves == 1 else \
                    tr("Continue: {moves} moves, {time}", moves=moves, time=format_duration(secs))
            else:   # Time and score off: no time here either
                sub = tr("Continue: 1 move") if moves == 1 else tr("Continue: {moves} moves", moves=moves)
            col = WARN
        else:
            sub, col = tr("Tap to play"), DIM
        name = game_title(g)
        key = (tuple(size), tuple(rect), g, ts, ss, sub, col, name, st.card_back, st.four_colour)
        hit = _tiles.get(key)
        if hit is not None:
            img, prect, drawn = hit
            self.preview_sizes[g] = prect.size
            mini = previews.cached(g, prect.size, st.card_back, st.four_colour)
            if (mini is not None) == drawn:
                return img
            if mini is not None:   # the tile drawn before its miniature was made: only the miniature added
                img.blit(mini, prect.topleft)
                _tiles[key] = (img, prect, True)
                return img
        img = opaque_surface(rect.size)
        img.blit(felt(size), (0, 0), rect)
        rect = rect.move(-rect.x, -rect.y)
        img.blit(rounded_cached(rect.width, rect.height, 14, (255, 255, 255, 34), (255, 255, 255, 60), 1.0),
                 rect.topleft)
        # the line under the name never below MIN_SIZE: shrunk to fit, else in two lines
        sz = text.fit(sub, ss, rect.width - 8, text.MIN_SIZE)
        lines = [sub] if text.render(sub, sz).get_width() <= rect.width - 8 else text.wrap(sub, sz, rect.width - 8)
        lh = text.font(sz).get_linesize()
        pad = max(6, rect.height // 20)
        ph = rect.height - pad * 3 - ts - ss - lh * (len(lines) - 1)
        prect = pygame.Rect(rect.x + pad, rect.y + pad, rect.width - 2 * pad, ph)
        self.preview_sizes[g] = prect.size
        mini = previews.cached(g, prect.size, st.card_back, st.four_colour)
        if mini is not None:
            img.blit(mini, prect.topleft)
        text.blit_center(img, text.render(name, text.fit(name, ts, rect.width - 8, 12), INK),
                         (rect.centerx, prect.bottom + pad // 2 + ts // 2))
        for k, line in enumerate(reversed(lines)):
            text.blit_center(img, text.render(line, sz, col), (rect.centerx, rect.bottom - pad - ss // 2 - k * lh))
        if len(_tiles) > 24:
            _tiles.clear()
        _tiles[key] = (img, prect, mini is not None)
        return img

    def opaque_rects(self) -> list[pygame.Rect]:
        """The top bar and the tiles (each an opaque picture, :meth:`tile_image`)."""
        return [self.top] + [rect for _, rect in self.tiles]

    def draw_body(self, surface) -> None:
        for g, rect in self.tiles:
            surface.blit(self.tile_image(surface.get_size(), g, rect), rect.topleft)
        if not self.message:
            hint = tr("Esc back · Ctrl+Z undo · H hint · N new deal · Space draw")
            size = 15 if self.phone else max(15, round(18 * self.s))
            if not self.phone:
                text.blit_center(surface, text.render(hint, text.fit(hint, size, self.w - 20, 10), DIM),
                                 self.footer.center)


def table_font_sizes(w: int, h: int, left_handed: bool = False) -> list[int]:
    """The text sizes (px, largest first) a table's top bar, buttons and status line try on a
    ``w``×``h`` window (:func:`ui.frame.frame_layout`): each fits its text from its largest size
    down (``GameTable._draw_top_items``, ``_draw_deal_row``, ``make_buttons``, ``status_lines``),
    to the least that reads."""
    f = frame_layout(w, h, left_handed)
    ts = f.p["top_text"]
    ds = f.p["deal_text"]     # the deal code's own row (a phone held upright), 0 without one
    big = min(32, round(f.status.height * 0.8))
    label = f.p["label"]
    least = max(6, min(text.MIN_SIZE, math.ceil(big * 0.8)))   # as ``GameTable.status_lines`` fits
    sizes = set(range(least, max(ts, ds, big) + 1))
    sizes.update(range(max(9, round(label * 0.75)), label + 1))
    return sorted(sizes, reverse=True)
