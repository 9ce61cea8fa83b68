"""The Daily screen (docs/rules.md, "Progression"; docs/progression.md): a month calendar whose dates
carry their marks (a dot a daily won, a ring for one played but not won), the day streak and
best streak, and the selected date's six deals with their marks; a tap on a deal plays it (past
dates too; dates after today are not open yet). "Share" copies the date's result lines."""
from __future__ import annotations

import calendar
import datetime as dt

import pygame

from games import daily
from games.i18n import N_, format_duration, tr
from games.progression import best_day_streak, day_streak, share_line

from .. import clipboard, text
from ..frame import DIM, INK, WARN, Button, icon
from .common import ScreenScene, game_title

WON_INK = (129, 199, 132)
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
WEEKDAYS = (N_("Mo"), N_("Tu"), N_("We"), N_("Th"), N_("Fr"), N_("Sa"), N_("Su"))


class DailyScene(ScreenScene):
    """``date``: the date selected first (default today). ``cells``: ``[(date, rect)]`` of the
    month shown; ``rows``: ``[(game, rect)]`` of the selected date's deals."""

    def __init__(self, date: str | None = None):
        super().__init__()
        self.today = daily.today()
        self.date = date or self.today
        d = daily.parse_date(self.date)
        self.month = (d.year, d.month)

    def title(self) -> str:
        return tr("Deal of the day")

    # -- data ------------------------------------------------------------------------------------
    def entry(self, date: str, game: str):
        return self.app.progression.daily_entry(date, game)

    def marks(self, date: str) -> tuple[int, int]:
        """``(won, played but not won)`` dailies of ``date``."""
        day = self.app.progression.data.daily.get(date, {})
        won = sum(1 for e in day.values() if e.won)
        return won, len(day) - won

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, w, h) -> None:
        m = 10 if self.phone else round(20 * self.s)
        body = pygame.Rect(m, self.top.bottom + m, w - 2 * m, h - self.top.bottom - 2 * m)
        self.fs = text.MIN_SIZE if self.phone else max(text.MIN_SIZE, round(19 * self.s))
        lh = 34 if self.phone else max(34, round(self.fs * 2.2))   # a row of buttons; 34 px fits 360x640
        self.info_h = lh
        if w > h * 1.1:   # side by side: calendar left, the deals right
            cal_w = min(body.width * 11 // 20, round(body.height * 1.15))
            self.cal = pygame.Rect(body.x, body.y, cal_w, body.height)
            self.list = pygame.Rect(self.cal.right + m, body.y, body.right - self.cal.right - m, body.height)
        else:             # the calendar above, the deals below
            # the list below needs its head, six rows of at least 36 px and Share
            need = 2 * lh + 8 + 36 * len(daily.GAMES) + 6 + m // 2
            cal_h = min(round(body.width * 0.86), body.height * 11 // 20, body.height - need)
            self.cal = pygame.Rect(body.x, body.y, body.width, cal_h)
            self.list = pygame.Rect(body.x, self.cal.bottom + m // 2, body.width, body.bottom - self.cal.bottom - m // 2)
        # the month bar: previous, name, next
        bar = pygame.Rect(self.cal.x, self.cal.y, self.cal.width, lh)
        self.buttons.append((Button("prev-month", pygame.Rect(bar.x, bar.y, lh + 10, lh), "<", None, self.fs + 4,
                                    "key"), lambda: self.shift_month(-1)))
        nxt = Button("next-month", pygame.Rect(bar.right - lh - 10, bar.y, lh + 10, lh), ">", None, self.fs + 4, "key")
        y0, mo = self.month
        t = daily.parse_date(self.today)
        nxt.enabled = (y0, mo) < (t.year, t.month)
        self.buttons.append((nxt, lambda: self.shift_month(1)))
        self.month_bar = bar
        # the grid: weekday names then up to 6 weeks, Monday first
        grid = pygame.Rect(self.cal.x, bar.bottom + 2, self.cal.width, self.cal.bottom - bar.bottom - 2 - lh)
        weeks = calendar.Calendar(0).monthdatescalendar(y0, mo)
        head = max(18, self.fs + 4)
        cw = grid.width // 7
        ch = max(20, (grid.height - head) // len(weeks))
        self.week_head = pygame.Rect(grid.x, grid.y, cw * 7, head)
        self.cells = []
        for r, week in enumerate(weeks):
            for c, day in enumerate(week):
                if day.month != mo:
                    continue
                self.cells.append((day.isoformat(), pygame.Rect(grid.x + c * cw, grid.y + head + r * ch, cw, ch)))
        self.cell_w = cw
        self.streak_rect = pygame.Rect(self.cal.x, self.cal.bottom - lh, self.cal.width, lh)
        # the selected date's six deals, and Share
        head_h = lh
        n = len(daily.GAMES)
        rh = max(36, min(round(64 * self.s), (self.list.height - head_h - lh - 8) // n))
        self.list_head = pygame.Rect(self.list.x, self.list.y, self.list.width, head_h)
        self.rows = [(g, pygame.Rect(self.list.x, self.list_head.bottom + i * rh, self.list.width, rh - 4))
                     for i, g in enumerate(daily.GAMES)]
        sr = pygame.Rect(0, 0, min(self.list.width, max(160, round(220 * self.s))), lh)
        sr.midtop = (self.list.centerx, self.rows[-1][1].bottom + 6)
        share = Button("share", sr, tr("Share results"), None, self.fs, "panel")
        share.enabled = any(self.entry(self.date, g) for g in daily.GAMES)
        self.buttons.append((share, self.share))

    # -- actions ---------------------------------------------------------------------------------
    def shift_month(self, k: int) -> None:
        y, m = self.month
        m += k
        y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
        self.month = (y, m)
        self.resize(*self.app.size)

    def select(self, date: str) -> None:
        """Show the deals of ``date`` (a date after today is not open yet)."""
        if date > self.today:
            self.message = tr("The deals of {date} open on that day", date=date)
        else:
            self.date, self.message = date, ""
        self.resize(*self.app.size)

    def play(self, game: str) -> None:
        """Open ``game``'s deal of the selected date."""
        d = daily.daily_deal(self.date, game)
        opts = {k: d.options[k] for k in list(daily.VARIANTS[game]) + (["layout"] if game == "pyramid" else [])}
        self.app.open_deal(game, d.number, opts, daily=self.date)

    def share_text(self) -> str:
        lines = []
        for g in daily.GAMES:
            e = self.entry(self.date, g)
            if e is not None and (e.won or e.moves):
                lines.append(share_line(self.date, g, e))
        return "\n".join(lines)

    def share(self) -> None:
        """Copy the selected date's result lines to the clipboard."""
        t = self.share_text()
        if not t:
            self.message = tr("No result on this date yet")
            return
        clipboard.copy(t)
        self.message = tr("Copied: {line}", line=t.splitlines()[0].replace("\u2713", "+").replace("\u2717", "-"))

    def tapped(self, pos) -> None:
        for date, r in self.cells:
            if r.collidepoint(pos):
                self.select(date)
                return
        for g, r in self.rows:
            if r.collidepoint(pos):
                self.play(g)
                return

    def key(self, event) -> None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            d = daily.parse_date(self.date) + dt.timedelta(days=-1 if event.key == pygame.K_LEFT else 1)
            if (d.year, d.month) != self.month:
                self.month = (d.year, d.month)
            self.select(d.isoformat())
            return
        super().key(event)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_body(self, surface) -> None:
        from ..cards_art import rounded

        fs = self.fs
        y, m = self.month
        name = f"{tr(MONTHS[m - 1])} {y}"
        text.blit_center(surface, text.render(name, fs + 3, INK), self.month_bar.center)
        cw = self.cell_w
        for i, wd in enumerate(WEEKDAYS):
            text.blit_center(surface, text.render(tr(wd), max(text.MIN_SIZE, fs - 2), DIM),
                             (self.week_head.x + i * cw + cw // 2, self.week_head.centery))
        for date, r in self.cells:
            inner = r.inflate(-4, -4)
            future = date > self.today
            if date == self.date:
                surface.blit(rounded(inner.width, inner.height, 8, (255, 255, 255, 70), (255, 255, 255, 140), 1.0),
                             inner.topleft)
            elif date == self.today:
                surface.blit(rounded(inner.width, inner.height, 8, (0, 0, 0, 0), WARN + (255,), 2.0), inner.topleft)
            num = str(int(date[-2:]))
            size = max(text.MIN_SIZE, min(fs, inner.height // 2))
            text.blit_center(surface, text.render(num, size, DIM if future else INK),
                             (inner.centerx, inner.y + inner.height * 0.38))
            won, played = self.marks(date)
            dots = [True] * won + [False] * played
            if dots:
                d = max(3, min(inner.width // 16, inner.height // 10))
                total = len(dots) * (2 * d + 2)
                x = inner.centerx - total // 2 + d + 1
                cy = inner.bottom - d - max(2, inner.height // 8)
                for full in dots:
                    pygame.draw.circle(surface, WON_INK if full else DIM, (x, cy), d, 0 if full else 1)
                    x += 2 * d + 2
        streak = tr("Day streak: {n} · best: {best}", n=day_streak(self.app.progression.data, self.today),
                    best=best_day_streak(self.app.progression.data))
        text.blit_center(surface, text.render(streak, text.fit(streak, fs, self.streak_rect.width - 8, text.MIN_SIZE), INK),
                         self.streak_rect.center)
        head = daily.parse_date(self.date)
        title = tr("Deals of {date}", date=head.isoformat())
        text.blit_center(surface, text.render(title, text.fit(title, fs + 2, self.list_head.width, text.MIN_SIZE), INK),
                         self.list_head.center)
        for g, r in self.rows:
            surface.blit(rounded(r.width, r.height, 10, (255, 255, 255, 30), (255, 255, 255, 60), 1.0), r.topleft)
            e = self.entry(self.date, g)
            isz = min(r.height - 12, 26)
            mark = pygame.Rect(r.x + 8, r.centery - isz // 2, isz, isz)
            if e is not None and e.won:
                pygame.draw.circle(surface, WON_INK, mark.center, isz // 2)
                surface.blit(icon("ok", isz - 6, (20, 50, 25)), (mark.x + 3, mark.y + 3))
                status = tr("Won {time} · {moves} moves", time=format_duration(e.seconds), moves=e.moves)
            elif e is not None:
                pygame.draw.circle(surface, DIM, mark.center, isz // 2, 2)
                status = tr("Played, not won")
            else:
                pygame.draw.circle(surface, (255, 255, 255, 40), mark.center, isz // 2, 1)
                status = tr("Tap to play")
            label = game_title(g)
            if g == "pyramid":
                label = tr("{game}, layout {n}", game=label, n=daily.layout_of_day(daily.day_index(self.date)))
            x = mark.right + 10
            room = r.right - x - 8
            ls = text.fit(label, fs, room * 11 // 20, text.MIN_SIZE)
            surface.blit(text.render(label, ls, INK), (x, r.centery - text.font(ls).get_linesize() // 2))
            ss = text.fit(status, max(text.MIN_SIZE, fs - 1), room * 9 // 20, text.MIN_SIZE)
            img = text.render(status, ss, WON_INK if e is not None and e.won else DIM)
            surface.blit(img, (r.right - 8 - img.get_width(), r.centery - img.get_height() // 2))
