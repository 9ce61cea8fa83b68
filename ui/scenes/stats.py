"""The statistics screen, drawn with pygame: a bar chart of wins and losses per
game (a tap on a game's bars selects it), then the selected game's figures per variant (played,
won, win %, current and best streak, longest losing streak, best score, best time, average win
time, fewest moves, best result) and its last 30 results as a line that climbs on a win and falls
on a loss. Numbers and times are written the way the language writes them
(:func:`games.i18n.format_number`). Reset (top right) clears the shown variant's figures or every
game's after a question; the figures as they were are kept aside first (Settings, Kept data) and
Undo, in its place until the screen closes, puts them back (:meth:`ui.progress.Progress.reset_stats`)."""
from __future__ import annotations

import pygame

from games.i18n import N_, format_duration, format_number, format_percent, tr

from .. import text
from ..frame import DIM, INK, Button
from ..progress import UNDONE, UNDONE_PARTLY, stats_key
from . import options as opt
from .common import GAMES, Focusable, ScreenScene, draw_pair, game_title, pair_label_size

MSG_RESET_DONE = N_("Statistics reset. The figures as they were are kept in Settings, Kept data; Undo puts them back.")
MSG_RESET_REFUSED = N_("The statistics could not be reset: the storage refused. Nothing was changed.")
MSG_RESET_UNDONE = N_("The statistics are back as they were.")
MSG_RESET_UNDONE_PARTLY = N_("Only the figures no game was counted in since the reset are back; the others stay "
                             "as they are now, and the figures as they were are in Settings, Kept data.")

WIN = (129, 199, 132)
LOSS = (239, 83, 80)


def game_of(key: str) -> str:
    return key.split(":", 1)[0]


def variant_options(key: str) -> dict:
    _, _, rest = key.partition(":")
    return dict(kv.split("=", 1) for kv in rest.split(",") if "=" in kv)


class StatsScene(ScreenScene):
    """``game``: the game shown first (default: the first one with results). ``table``: the
    table it was opened from (the pause menu): closing goes back to it, paused, not home."""

    own_arrows = True     # Left and Right choose the game until Tab gives the screen a focus

    def __init__(self, game: str | None = None, table=None):
        super().__init__()
        self.game = game
        self.table = table
        self.variant: str | None = None
        self.shown: dict[str, dict] = {}     # the figures shown (layout: Progress.shown_stats)
        self.variant_title = None            # (text, rect, size) of the one variant's title

    def back(self) -> None:
        if self.table is None:
            self.app.home()
            return
        t = self.table
        self.app.switch(t)
        t.open_pause()

    def title(self) -> str:
        return tr("Statistics")

    # -- data ------------------------------------------------------------------------------------
    def totals(self) -> dict[str, tuple[int, int]]:
        """``game → (won, lost)`` over all its variants."""
        out = {g: [0, 0] for g in GAMES}
        for key, s in self.shown.items():
            g = game_of(key)
            if g in out:
                out[g][0] += s["won"]
                out[g][1] += s["played"] - s["won"]
        return {g: (w, l) for g, (w, l) in out.items()}

    def variants(self, game: str) -> list[str]:
        """The statistics keys of ``game`` with results, else the key of its remembered options."""
        keys = sorted(k for k, s in self.shown.items() if game_of(k) == game and s["played"])
        if not keys:
            keys = [stats_key(game, opt.current(self.settings, game))]
        return keys

    def select(self, game: str) -> None:
        self.game = game
        keys = self.variants(game)
        mine = stats_key(game, opt.current(self.settings, game))
        self.variant = mine if mine in keys else keys[0]
        self.resize(*self.app.size)

    def next_variant(self) -> None:
        keys = self.variants(self.game)
        self.variant = keys[(keys.index(self.variant) + 1) % len(keys)] if self.variant in keys else keys[0]
        self.resize(*self.app.size)

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, w, h) -> None:
        # the figures as shown: a game just lost is in them before the next deal counts it
        self.shown = self.app.progress.shown_stats()
        m = 10 if self.phone else round(24 * self.s)
        # no game played at all: a short friendly message instead of an empty chart and zeros
        self.empty = not any(sum(v) for v in self.totals().values())
        if self.empty:
            self.columns = []
            bw = min(w - 2 * m, round(520 * self.s))
            bh = max(110, min(round(150 * self.s), (h - self.top.bottom) * 2 // 5))
            self.empty_rect = pygame.Rect(0, 0, bw, bh)
            self.empty_rect.midtop = (w // 2, self.top.bottom + max(m, (h - self.top.bottom) // 6))
            if self.app.progress.can_undo_reset():     # all reset just now: Undo stays offered
                self.add_reset_button(w)
            return
        if self.game is None:
            tot = self.totals()
            self.game = next((g for g in GAMES if sum(tot[g])), GAMES[0])
        if self.variant is None or game_of(self.variant) != self.game:
            keys = self.variants(self.game)
            mine = stats_key(self.game, opt.current(self.settings, self.game))
            self.variant = mine if mine in keys else keys[0]
        # on a short window the bottom keeps a wider margin (the chart's two-line names end there)
        bottom = m + (8 if h < 560 else 0)
        body = pygame.Rect(m, self.top.bottom + m, w - 2 * m, h - self.top.bottom - m - bottom)
        side = w > h * 1.3
        if side:
            cw = body.width * 45 // 100
            self.chart = pygame.Rect(body.x, body.y, cw, body.height)
            self.detail = pygame.Rect(body.x + cw + m, body.y, body.width - cw - m, body.height)
        else:
            ch = body.height * 36 // 100
            self.chart = pygame.Rect(body.x, body.y, body.width, ch)
            self.detail = pygame.Rect(body.x, body.y + ch + m, body.width, body.height - ch - m)
        n = len(GAMES)
        self.columns = [pygame.Rect(self.chart.x + self.chart.width * i // n, self.chart.y,
                                    self.chart.width // n, self.chart.height) for i in range(n)]
        # the variant selector (a button only when there is more than one variant)
        self.vh = max(44, round(52 * self.s))
        vr = pygame.Rect(self.detail.x, self.detail.y, self.detail.width, self.vh)
        keys = self.variants(self.game)
        label = self.variant_name()
        size = max(17, round(self.vh * 0.42))
        # with one variant there is nothing to choose: its name is a title in full ink, not a
        # greyed button that reads as "not available"
        self.variant_title = None if len(keys) > 1 else (label, vr, size)
        if len(keys) > 1:
            self.buttons.append((Button("variant", vr, label, None, size, "panel"), self.next_variant))
        self.add_reset_button(w)

    def add_reset_button(self, w: int) -> None:
        """Reset at the top bar's right (Undo there after a reset, until the screen closes)."""
        bw = self.top.height + 30
        r = pygame.Rect(w - bw - 4, 4, bw, self.top.height - 8)
        size = max(15, round(17 * self.s))
        if self.app.progress.can_undo_reset():
            self.buttons.append((Button("undo-reset", r, tr("Undo"), None, size, "bar"), self.undo_reset))
        else:
            self.buttons.append((Button("reset", r, tr("Reset"), None, size, "bar"), self.ask_reset))

    def ask_reset(self) -> None:
        """The question before a reset: the shown variant's figures or every game's; what stays
        (records, badges) and where the figures go (Kept data; Undo)."""
        from .settings import LinesPanel

        s = self.app.progress.summary(self.variant, self.shown)
        label = game_title(self.game)
        vtext = opt.variant_text(self.game, variant_options(self.variant))
        if vtext:
            label += " · " + vtext
        lines = [tr("{variant}: played {played}, won {won}.", variant=label, played=format_number(s["played"]),
                    won=format_number(s["won"])),
                 tr("Records and badges stay. The figures as they are now are kept in Settings, Kept data, "
                    "and Undo puts them back.")]
        self.panel = LinesPanel(self, tr("Reset statistics?"), lines,
                                [("reset-variant", tr("This variant"), None, lambda: self.reset([self.variant])),
                                 ("reset-all", tr("All games"), None, lambda: self.reset(None)),
                                 ("cancel", tr("Cancel"), None, self.close_panel)])
        self.stale = True

    def reset(self, keys) -> None:
        """Reset the statistics of ``keys`` (None: all) and say what became of them."""
        self.panel = None
        ok = self.app.progress.reset_stats(keys)
        self.message = tr(MSG_RESET_DONE if ok else MSG_RESET_REFUSED)
        self.resize(*self.app.size)

    def undo_reset(self) -> None:
        done = self.app.progress.undo_reset()
        self.message = tr({UNDONE: MSG_RESET_UNDONE, UNDONE_PARTLY: MSG_RESET_UNDONE_PARTLY}.get(done, MSG_RESET_REFUSED))
        self.resize(*self.app.size)

    def tapped(self, pos) -> None:
        if self.empty:
            return
        for g, r in zip(GAMES, self.columns):
            if r.collidepoint(pos):
                self.select(g)
                return

    def key(self, event) -> None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not self.empty and self.focus is None:
            i = GAMES.index(self.game) + (1 if event.key == pygame.K_RIGHT else -1)
            self.select(GAMES[i % len(GAMES)])
        else:
            super().key(event)

    def variant_name(self) -> str:
        """The variant shown, as its selector or title writes it: "Klondike · draw 1"."""
        label = game_title(self.game)
        vtext = opt.variant_text(self.game, variant_options(self.variant))
        return label + " · " + vtext if vtext else label

    def focusables(self) -> list[Focusable]:
        """Each game's bars on the chart (Enter shows its figures: "Klondike: won 5, lost 7,
        selected"), then the figures of the variant shown ("Statistics, Klondike, draw 1: played
        12, won 5, …"; Enter shows the next variant where there are more); with no game played,
        the screen's message."""
        from ..speech import chart_words, sentences, stats_words

        if self.empty:
            return [Focusable("empty", self.empty_rect, None, lambda: sentences(
                [tr("No games played yet"), tr("Wins, streaks and best times show here after your first game.")]))]
        tot = self.totals()
        out = [Focusable(f"game:{g}", r, lambda g=g: self.select(g),
                         lambda g=g: chart_words(game_title(g), tot[g][0], tot[g][1], g == self.game))
               for g, r in zip(GAMES, self.columns)]
        more = len(self.variants(self.game)) > 1
        out.append(Focusable("figures", self.detail, self.next_variant if more else None,
                             lambda: stats_words(self.variant_name(), self.figures(), self.line_title())))
        return out

    # -- drawing ---------------------------------------------------------------------------------
    def draw_body(self, surface) -> None:
        if self.empty:
            self.draw_empty(surface)
            return
        self.draw_chart(surface)
        self.draw_detail(surface)
        if self.variant_title is not None:
            label, r, size = self.variant_title
            ls = text.fit(label, size, r.width - 8, text.MIN_SIZE)
            lines = text.wrap_lines(label, ls, r.width - 8, 2)
            lh = text.font(ls).get_linesize()
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, ls, INK),
                                 (r.centerx, r.centery + (k - (len(lines) - 1) / 2) * lh))

    def draw_empty(self, surface) -> None:
        r = self.empty_rect
        card = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(card, (255, 255, 255, 26), card.get_rect(), border_radius=14)
        surface.blit(card, r.topleft)
        pygame.draw.rect(surface, (90, 150, 110), r, 1, border_radius=14)
        big = max(22, round(30 * self.s))
        small = max(text.MIN_SIZE, round(19 * self.s))
        head = tr("No games played yet")
        text.blit_center(surface, text.render(head, text.fit(head, big, r.width - 24, 14), INK),
                         (r.centerx, r.y + r.height * 0.32))
        lines = text.wrap(tr("Wins, streaks and best times show here after your first game."), small,
                          r.width - 32)[:2]
        lh = text.font(small).get_linesize()
        for k, line in enumerate(lines):
            text.blit_center(surface, text.render(line, small, DIM), (r.centerx, r.y + r.height * 0.62 + k * lh))

    def draw_chart(self, surface) -> None:
        tot = self.totals()
        top = max(1, max(max(w, l) for w, l in tot.values()))
        ls = max(text.MIN_SIZE, round((15 if self.phone else 18) * self.s))
        lab_h = ls * 2 + 6
        num_h = ls + 4
        leg_h = ls + 8
        base_y = self.chart.bottom - lab_h
        span = base_y - self.chart.y - num_h - leg_h
        # the legend
        lx = self.chart.x + 4
        for name, col in ((tr("won"), WIN), (tr("lost"), LOSS)):
            pygame.draw.rect(surface, col, (lx, self.chart.y + 4, ls, ls - 2), border_radius=3)
            img = text.render(name, ls, DIM)
            surface.blit(img, (lx + ls + 5, self.chart.y + 4 + (ls - 2 - img.get_height()) // 2))
            lx += ls + 5 + img.get_width() + 16
        pygame.draw.line(surface, (120, 170, 135), (self.chart.x, base_y), (self.chart.right, base_y), 1)
        # a name with a word too wide for its column at a readable size: every name on one line,
        # the columns' names on two alternating lines so each may use two columns' width
        stagger = any(text.width(word, ls) > col.width - 4
                      for g, col in zip(GAMES, self.columns) for word in game_title(g).split())
        for i, (g, col) in enumerate(zip(GAMES, self.columns)):
            won, lost = tot[g]
            if g == self.game:
                hl = pygame.Surface(col.size, pygame.SRCALPHA)
                hl.fill((255, 255, 255, 26))
                surface.blit(hl, col.topleft)
            bw = max(6, min(col.width * 30 // 100, round(28 * self.s)))
            for k, (v, c) in enumerate(((won, WIN), (lost, LOSS))):
                bh = round(span * v / top)
                x = col.centerx - bw - 1 if k == 0 else col.centerx + 1
                r = pygame.Rect(x, base_y - bh, bw, bh)
                if bh:
                    pygame.draw.rect(surface, c, r, border_top_left_radius=3, border_top_right_radius=3)
                num = format_number(v)
                img = text.render(num, text.fit(num, ls, bw + 8, text.MIN_SIZE), INK)
                text.blit_center(surface, img, (r.centerx, r.y - img.get_height() // 2 - 1))
            name = game_title(g)
            if stagger:
                placed = [(i % 2, name, 2 * col.width - 8)]
            else:
                placed = [(k, line, col.width - 4) for k, line in enumerate(text.wrap(name, ls, col.width - 4)[:2])]
            for k, line, room in placed:
                size = text.fit(line, ls, room, text.MIN_SIZE)
                text.blit_center(surface, text.render(line, size, INK if g == self.game else DIM),
                                 (col.centerx, base_y + 4 + ls // 2 + k * (ls + 2)))

    def figures(self) -> list[tuple[str, str]]:
        s = self.app.progress.summary(self.variant, self.shown)
        dash = "—"
        out = [
            (tr("Played"), format_number(s["played"])),
            (tr("Won"), format_number(s["won"])),
            (tr("Win %"), format_percent(s["win_pct"])),
            (tr("Streak"), format_number(s["streak"])),
            (tr("Best streak"), format_number(s["best_streak"])),
            (tr("Worst streak"), format_number(s["worst_streak"])),
            (tr("Best score"), dash if s["best_score"] is None else format_number(s["best_score"])),
            (tr("Best time"), dash if s["best_time"] is None else format_duration(s["best_time"])),
            (tr("Average win time"), dash if s["avg_win_time"] is None else format_duration(s["avg_win_time"])),
            (tr("Fewest moves"), dash if s["fewest_moves"] is None else format_number(s["fewest_moves"])),
        ]
        from ..table import table_class

        cls = table_class(game_of(self.variant))
        if cls is not None and not cls.shows_score:   # a score the game never shows is no record
            out = [f for f in out if f[0] != tr("Best score")]
        if s["best_result"] is not None:
            out.append((tr("Fewest cards left"), format_number(s["best_result"])))
        return out

    def draw_detail(self, surface) -> None:
        d = self.detail
        figs = self.figures()
        cols = 4 if d.width >= 400 else 3
        if len(figs) > 8 and cols == 4:
            # five across where there is room, else three, or four when that makes fewer rows
            cols = 5 if d.width >= 560 else 4 if -(-len(figs) // 4) < -(-len(figs) // 3) else 3
        rows = -(-len(figs) // cols)
        y = d.y + self.vh + 8
        line_h = max(90, min(d.height // 3, round(240 * self.s)))
        fh = max(40, min(round(84 * self.s), (d.bottom - y - line_h - 8) // rows))
        cw = d.width // cols
        size = max(17, round(fh * 0.42))
        ls = pair_label_size([label for label, _ in figs], size, cw)
        for i, (label, value) in enumerate(figs):
            r, c = divmod(i, cols)
            draw_pair(surface, label, value, pygame.Rect(d.x + c * cw, y + r * fh, cw, fh), size, ls)
        y += rows * fh + 8
        self.draw_line(surface, pygame.Rect(d.x, y, d.width, min(d.bottom - y, line_h + 30)))

    def line_title(self) -> str:
        """The title over the line of the last results ("Last game: won" for one game)."""
        last = self.app.progress.summary(self.variant, self.shown)["last"]
        won = sum(1 for x in last if x == "w")
        if len(last) == 1:
            return tr("Last game: won") if won else tr("Last game: lost")
        if last:
            return tr("Last {n} games: {won} won, {lost} lost", n=format_number(len(last)),
                      won=format_number(won), lost=format_number(len(last) - won))
        return tr("No games yet")

    def draw_line(self, surface, r: pygame.Rect) -> None:
        """The last 30 results: a line up on a win, down on a loss, one dot per game."""
        last = self.app.progress.summary(self.variant, self.shown)["last"]
        ls = max(text.MIN_SIZE, round((15 if self.phone else 18) * self.s))
        title = self.line_title()
        text.blit_center(surface, text.render(title, text.fit(title, ls, r.width, text.MIN_SIZE), DIM), (r.centerx, r.y + ls // 2))
        area = pygame.Rect(r.x + 8, r.y + ls + 10, r.width - 16, r.height - ls - 16)
        if area.height < 16 or not last:
            return
        pygame.draw.rect(surface, (70, 130, 92), area, 1, border_radius=6)
        run, pts = 0, [0]
        for x in last:
            run += 1 if x == "w" else -1
            pts.append(run)
        lo, hi = min(pts), max(pts)
        spanv = max(1, hi - lo)
        n = 30
        step = (area.width - 2 * (max(3, min(6, round((area.width - 12) / n / 3))) + 4)) / n
        rad = max(3, min(6, round(step / 3)))
        pad = rad + 4      # the dots stay inside the frame, clear of its corners

        def at(i, v):
            return (round(area.x + pad + (i - 0.5) * step),
                    round(area.bottom - pad - (v - lo) / spanv * (area.height - 2 * pad)))
        zero = at(0, 0)[1]
        pygame.draw.line(surface, (90, 140, 105), (area.x + 4, zero), (area.right - 4, zero), 1)
        xy = [at(i, v) for i, v in enumerate(pts)]
        if len(xy) > 2:    # the line joins the games' dots (the start at 0 is no game: not drawn)
            pygame.draw.lines(surface, INK, False, xy[1:], 2)
        for i, x in enumerate(last):
            pygame.draw.circle(surface, WIN if x == "w" else LOSS, xy[i + 1], rad)
