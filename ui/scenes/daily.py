"""The Daily screen (docs/rules.md, "Progression"; docs/progression.md): a month calendar whose dates
carry their marks (a dot a daily won, a ring for one played but not won), the day streak and
best streak, and the selected date's six deals with their marks; a tap on a deal plays it (past
dates too; dates after today are not open yet). "Share" copies the date's result lines."""
from __future__ import annotations

import calendar
import datetime as dt
from enum import StrEnum

import pygame

from games import daily
from games.i18n import N_, format_duration, tr
from games.progression import best_day_streak, day_streak, share_line

from .. import clipboard, text
from ..frame import DIM, INK, TOUCH, WARN, Button, icon
from ..table.pyramid import layout_name
from .common import ARROWS, Focusable, ScreenScene, game_title

WON_INK = (129, 199, 132)
FUTURE_INK = (104, 152, 120)
"""A date to come on the calendar: greyed towards the felt (about 2.3:1 against it), as the best
apps grey the days whose deals are not open yet; still tappable, the tap says when they open."""
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
WEEKDAYS = (N_("Mo"), N_("Tu"), N_("We"), N_("Th"), N_("Fr"), N_("Sa"), N_("Su"))


class Arrangement(StrEnum):
    """How the Daily screen is arranged, chosen by the room there is (every target at least
    TOUCH px each way)."""

    SIDE = "side"      # the calendar left and the deals right
    BAR = "bar"        # the same, with the month's arrows and Share in the top bar (a phone on its side)
    STACK = "stack"    # the calendar above the deals (a phone held upright)
    TABS = "tabs"      # one of the two at a time under a Deals | Calendar switch (the smallest phones upright)


class DailyTab(StrEnum):
    """The tab shown in the :attr:`Arrangement.TABS` arrangement."""

    DEALS = "deals"
    CALENDAR = "calendar"


class DailyScene(ScreenScene):
    """``date``: the date selected first (default today). ``cells``: ``[(date, rect)]`` of the
    month shown; ``rows``: ``[(game, rect)]`` of the selected date's deals (either empty while
    its tab is hidden). ``arrangement``: an :class:`Arrangement`; ``tab``: the
    :class:`DailyTab` shown when there are tabs (``tabs``)."""

    own_arrows = True     # Left and Right move the selected date until Tab gives the screen a focus

    def __init__(self, date: str | None = None):
        super().__init__()
        self.today = daily.today()
        self.date = date or self.today
        d = daily.parse_date(self.date)
        self.month = (d.year, d.month)
        self._ongoing: dict | None = None
        self._since_today = 0.0

    TODAY_EVERY = 1.0
    """Seconds between two reads of the date while the screen is shown (:meth:`update`)."""

    def update(self, dt: float) -> bool:
        """Follow the player's date: a screen left open past midnight (a phone overnight) moves
        to the new today, the selection and month with it when they were on the old one; read
        every :data:`TODAY_EVERY` seconds."""
        self._since_today += dt
        if self._since_today >= self.TODAY_EVERY:
            self._since_today = 0.0
            now = daily.today()
            if now != self.today:
                old, self.today = self.today, now
                d = daily.parse_date(now)
                if self.month == (daily.parse_date(old).year, daily.parse_date(old).month):
                    self.month = (d.year, d.month)
                if self.date == old:
                    self.date = now
                self.message = ""
                self._ongoing = None
                self.resize(*self.app.size)
                return True
        return super().update(dt)

    def title(self) -> str:
        return tr("Deal of the day")

    # -- data ------------------------------------------------------------------------------------
    def entry(self, date: str, game: str):
        return self.app.progression.daily_entry(date, game)

    def goal(self, date: str) -> int | None:
        """The goal of ``date``'s Devil's Grip daily (most cards left), or None without a bank."""
        try:
            return daily.daily_deal(date, "devils-grip").goal
        except ValueError:
            return None

    def ongoing(self) -> dict[str, tuple[str, int]]:
        """Game → ``(deal code, the player's moves)`` of each saved game still being played (not
        lost: a lost game stays saved for its undo, flagged ``lost``), read once a visit: a daily
        that is one of them is not "played, not won" yet."""
        if self._ongoing is None:
            from games.core import GameError
            from games.registry import find_game
            from ..progress import SavedGame

            out = {}
            prog = self.app.progress
            for g in prog.unfinished():
                try:
                    data = prog.store.load(f"game.{g}")
                    if data.get("lost"):
                        continue
                    saved = SavedGame.from_data(data)
                    rules = find_game(g)
                    out[g] = (rules.code(saved.number, rules.check_options(saved.options)), saved.player_moves())
                except (ValueError, GameError):
                    continue
            self._ongoing = out
        return self._ongoing

    def in_play(self, game: str, entry) -> tuple[str, int] | None:
        """``(code, the player's moves)`` when ``entry`` (a daily not won) is the saved game of
        ``game`` still being played with a move made, else None (a daily played and dealt again,
        no move yet, is still "played, not won")."""
        got = self.ongoing().get(game)
        return got if entry is not None and not entry.won and got and got[0] == entry.code and got[1] > 0 else None

    def marks(self, date: str) -> tuple[int, int]:
        """``(won, played but not won)`` dailies of ``date``; one still being played is neither."""
        day = self.app.progression.data.daily.get(date, {})
        won = sum(1 for e in day.values() if e.won)
        playing = sum(1 for g, e in day.items() if self.in_play(g, e))
        return won, len(day) - won - playing

    # -- layout ----------------------------------------------------------------------------------
    tab = DailyTab.DEALS

    def message_span(self) -> tuple[int, int]:
        """Beside each other, the calendar and the list reach the bottom; the message goes under
        the calendar, whose last weeks leave it room, not over the list's last deal."""
        if self.arrangement in (Arrangement.SIDE, Arrangement.BAR):
            return self.cal.x, self.cal.right
        return 0, self.w

    def layout(self, w, h) -> None:
        T = TOUCH
        m = 10 if self.phone else round(20 * self.s)
        body = pygame.Rect(m, self.top.bottom + m, w - 2 * m, h - self.top.bottom - 2 * m)
        self.fs = text.MIN_SIZE if self.phone else max(text.MIN_SIZE, round(19 * self.s))
        lh = max(T, round(self.fs * 2.2))       # a row of buttons
        line = text.font(self.fs).get_linesize()
        head = max(16, text.font(max(text.MIN_SIZE, self.fs - 2)).get_linesize() + 4)   # the weekday names
        streak_h = line + 6
        list_head = max(22, text.font(self.fs + 2).get_linesize() + 8)
        n = len(daily.GAMES)
        # planned for a month of six weeks, so that the page keeps its arrangement month to month
        cal_need = lh + 2 + head + 6 * T + streak_h
        list_need = list_head + n * (T + 3) + 6 + lh
        if w > h * 1.1:
            self.arrangement = Arrangement.SIDE if body.height >= max(cal_need, list_need) else Arrangement.BAR
        else:
            self.arrangement = (Arrangement.STACK if body.height >= cal_need + m // 2 + list_need
                                else Arrangement.TABS)
        self.tabs = tuple(DailyTab) if self.arrangement is Arrangement.TABS else ()
        self.top_title = None
        self.cells, self.rows = [], []
        self.month_bar = None
        if self.arrangement in (Arrangement.SIDE, Arrangement.BAR):
            if self.arrangement is Arrangement.SIDE:
                cal_w = min(body.width * 11 // 20, round(body.height * 1.15))
                self.cal = pygame.Rect(body.x, body.y, cal_w, body.height)
            else:     # the top bar holds the month and Share: the body takes all the height
                body = pygame.Rect(m, self.top.bottom + 2, w - 2 * m, h - self.top.bottom - 4)
                cal_w = max(7 * T, body.width * 9 // 20)
                self.cal = pygame.Rect(body.x, body.y, cal_w, body.height)
            self.list = pygame.Rect(self.cal.right + m, body.y, body.right - self.cal.right - m, body.height)
        elif self.arrangement is Arrangement.STACK:
            ch = max(T, round(body.width // 7 * 0.9))      # the cells' height in the grid below
            cal_h = max(cal_need, min(lh + 2 + head + 6 * ch + streak_h, body.height - m // 2 - list_need))
            self.cal = pygame.Rect(body.x, body.y, body.width, cal_h)
            self.list = pygame.Rect(body.x, self.cal.bottom + m // 2, body.width, body.bottom - self.cal.bottom - m // 2)
        else:         # tabs: the switch under the top bar, then the tab shown
            tw = body.width // 2
            tabs = {DailyTab.DEALS: pygame.Rect(body.x, body.y, tw, T),
                    DailyTab.CALENDAR: pygame.Rect(body.x + tw, body.y, body.width - tw, T)}
            for name, label in ((DailyTab.DEALS, tr("Deals")), (DailyTab.CALENDAR, tr("Calendar"))):
                b = Button(f"tab-{name.value}", tabs[name], label, None, self.fs + 1, "panel")
                b.selected = self.tab is name
                self.buttons.append((b, lambda name=name: self.show_tab(name)))
            rest = pygame.Rect(body.x, body.y + T + m, body.width, body.height - T - m)
            self.cal = rest.copy()
            self.list = rest.copy()
        show_cal = self.arrangement is not Arrangement.TABS or self.tab is DailyTab.CALENDAR
        show_list = self.arrangement is not Arrangement.TABS or self.tab is DailyTab.DEALS
        y0, mo = self.month
        t = daily.parse_date(self.today)
        # the month: previous, name, next (in the top bar over the calendar when it is there)
        # the top bar's room right of the back button
        back = self.buttons[0][0].rect
        bar_left, bar_right = back.right + 4, w - m
        if self.arrangement is Arrangement.BAR:
            bar = pygame.Rect(bar_left, (self.top.height - T) // 2, self.cal.right - bar_left, T)
            aw = T + 4
            grid_top = self.cal.y
        else:
            bar = pygame.Rect(self.cal.x, self.cal.y, self.cal.width, lh)
            aw = lh + 10
            grid_top = bar.bottom + 2
        if show_cal:
            self.buttons.append((Button("prev-month", pygame.Rect(bar.x, bar.y, aw, bar.height), "<", None,
                                        self.fs + 4, "key"), lambda: self.shift_month(-1)))
            nxt = Button("next-month", pygame.Rect(bar.right - aw, bar.y, aw, bar.height), ">", None, self.fs + 4, "key")
            nxt.enabled = (y0, mo) < (t.year, t.month)
            self.buttons.append((nxt, lambda: self.shift_month(1)))
            self.month_bar = bar
            self.month_arrow_w = aw
        # the grid: weekday names then up to 6 weeks, Monday first; a date is a cell at most a
        # little taller than wide (the grid then sits at the top of its room)
        grid = pygame.Rect(self.cal.x, grid_top, self.cal.width, self.cal.bottom - grid_top - streak_h)
        weeks = calendar.Calendar(0).monthdatescalendar(y0, mo)
        cw = grid.width // 7
        ch = max(T, min((grid.height - head) // len(weeks), max(T, round(cw * 0.9))))
        self.week_head = pygame.Rect(grid.x, grid.y, cw * 7, head)
        if show_cal:
            for r, week in enumerate(weeks):
                for c, day in enumerate(week):
                    if day.month == mo:
                        self.cells.append((day.isoformat(),
                                           pygame.Rect(grid.x + c * cw, grid.y + head + r * ch, cw, ch)))
        self.cell_w = cw
        self.streak_rect = pygame.Rect(self.cal.x, grid.y + head + len(weeks) * ch + 2, self.cal.width, streak_h)
        # the selected date's six deals, and Share (in the top bar when the month is there)
        share_label = tr("Share results")
        if self.arrangement is Arrangement.BAR:
            sw = max(T, min(self.list.width // 2, text.width(share_label, self.fs) + 28))
            sr = pygame.Rect(bar_right - sw, (self.top.height - T) // 2, sw, T)
            self.top_title = pygame.Rect(self.cal.right + m, 0, sr.x - self.cal.right - 2 * m, self.top.height)
            rows_bottom = self.list.bottom
        else:
            sr = pygame.Rect(0, 0, min(self.list.width, max(160, round(220 * self.s))), lh)
            rows_bottom = self.list.bottom - lh - 6
        self.list_head = pygame.Rect(self.list.x, self.list.y, self.list.width, list_head)
        rh = max(T + 3, min(round(64 * self.s), (rows_bottom - self.list_head.bottom) // n))
        gap = min(4, rh - T)
        if show_list:
            self.rows = [(g, pygame.Rect(self.list.x, self.list_head.bottom + i * rh, self.list.width, rh - gap))
                         for i, g in enumerate(daily.GAMES)]
            if self.arrangement is not Arrangement.BAR:
                sr.midtop = (self.list.centerx, self.list_head.bottom + n * rh - gap + 6)
            share = Button("share", sr, share_label, None, self.fs, "panel")
            share.enabled = bool(self.share_text())     # a daily only begun has no line to share
            self.buttons.append((share, self.share))

    def tap_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The dates of the month and the selected date's deals on the screen (the buttons aside)."""
        return [(d, r) for d, r in self.cells] + [(g, r) for g, r in self.rows]

    def show_tab(self, tab: DailyTab | str) -> None:
        """Show the deals' or the calendar's tab (the arrangement with tabs); ``tab`` a
        :class:`DailyTab` or its value. Raises ``ValueError`` for another name."""
        self.tab = DailyTab(tab)
        self.resize(*self.app.size)

    def draw_top(self, surface) -> None:
        if self.top_title is None:
            super().draw_top(surface)
            return
        r = self.top
        self.draw_top_background(surface)
        title, room = self.title(), self.top_title
        size = text.fit(title, round(r.height * 0.5), room.width, text.MIN_SIZE)
        if text.width(title, size) <= room.width:
            text.blit_center(surface, text.render(title, size, INK), room.center)

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
            self.tab = DailyTab.DEALS     # with tabs, the date chosen shows its deals
        self.resize(*self.app.size)

    def play(self, game: str) -> None:
        """Open ``game``'s deal of the selected date."""
        d = daily.daily_deal(self.date, game)
        opts = {k: d.options[k] for k in list(daily.VARIANTS[game]) + (["layout"] if game == "pyramid" else [])}
        self.app.open_deal(game, d.number, opts, daily=self.date)

    def share_text(self, symbols: bool = True) -> str:
        """The selected date's result lines, one a game played (:func:`share_line`); ``symbols``
        False words the marks ("won", "not won") for the app's own font, which has no ✓ or ✗."""
        lines = []
        for g in daily.GAMES:
            e = self.entry(self.date, g)
            if e is not None and (e.won or e.moves):
                lines.append(share_line(self.date, g, e, symbols=symbols))
        return "\n".join(lines)

    def share(self) -> None:
        """Copy the selected date's result lines to the clipboard."""
        t = self.share_text()
        if not t:
            self.message = tr("No result on this date yet")
            return
        line = self.share_text(symbols=False).splitlines()[0]     # as copied, its mark in words
        def took_back() -> None:
            self.message = tr("Not copied, the browser refused: {line}", line=line)

        self.message = tr("Copied: {line}", line=line) if clipboard.copy(t, took_back) else \
            tr("Not copied, this device has no clipboard: {line}", line=line)

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
        if event.key in ARROWS and self.focus is not None and self.focus.startswith("date:"):
            # on the calendar the arrows walk the dates, a day across and a week up or down,
            # into the month before or after as a date picker's grid does
            dx, dy = ARROWS[event.key]
            d = daily.parse_date(self.focus[5:]) + dt.timedelta(days=dx + 7 * dy)
            t = daily.parse_date(self.today)
            if (d.year, d.month) > (t.year, t.month):
                return       # the months after today's are not shown (as the next-month arrow)
            if (d.year, d.month) != self.month:
                self.month = (d.year, d.month)
                self.resize(*self.app.size)
            self.set_focus(f"date:{d.isoformat()}")
            return
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus is None:
            d = daily.parse_date(self.date) + dt.timedelta(days=-1 if event.key == pygame.K_LEFT else 1)
            if (d.year, d.month) != self.month:
                self.month = (d.year, d.month)
            self.select(d.isoformat())
            return
        super().key(event)

    # -- the keyboard focus ----------------------------------------------------------------------
    def focusables(self) -> list[Focusable]:
        """The tabs (with tabs), the month's arrows, the dates ("December 7, 1 daily won, today";
        Enter shows that date's deals), the deals ("Klondike, draw 1: Won 3:02 · 85 moves"; Enter
        plays it), Share."""
        from ..speech import button_words, date_words, join

        buttons = super().focusables()
        y, m = self.month
        month_words = {"button:prev-month": lambda: button_words(tr("Previous month")),
                       "button:next-month": lambda: button_words(tr("Next month"))}
        out = [it._replace(words=month_words[it.key]) if it.key in month_words else it
               for it in buttons if it.key != "button:share"]

        def date_said(date):
            d = daily.parse_date(date)
            won, played = self.marks(date)
            return date_words(d.year, d.month, d.day, won, played, date == self.today, date > self.today,
                              date == self.date)
        out += [Focusable(f"date:{date}", r, lambda date=date: self.choose_date(date),
                          lambda date=date: date_said(date)) for date, r in self.cells]
        out += [Focusable(f"deal:{g}", r, lambda g=g: self.play(g),
                          lambda g=g: join([t.replace(" · ", ", ") for t in self.deal_texts(g)]))
                for g, r in self.rows]
        return out + [it for it in buttons if it.key == "button:share"]

    def tab_stop(self, item: Focusable) -> bool:
        """The calendar is one Tab stop: the focused date, else the selected one (else the
        month's first); the arrows walk its dates."""
        if not item.key.startswith("date:"):
            return True
        if self.focus is not None and self.focus.startswith("date:"):
            return item.key == self.focus
        dates = [d for d, _ in self.cells]
        return item.key == f"date:{self.date if self.date in dates else dates[0]}"

    def choose_date(self, date: str) -> None:
        """Enter on a date: show its deals (:meth:`select`); where the date's deals take the
        calendar's place (tabs), the focus goes onto the first deal."""
        self.select(date)
        if self.focus_item() is None and self.rows:
            self.set_focus(f"deal:{self.rows[0][0]}")

    def deal_texts(self, game: str) -> tuple[str, str]:
        """``(name, result)`` of ``game``'s deal of the selected date as its row shows them:
        ("Pyramid: Classic", "Won 3:02 · 85 moves"), ("Klondike", "Tap to play")."""
        e = self.entry(self.date, game)
        playing = self.in_play(game, e)
        if e is not None and e.won:
            if e.left:   # a Devil's Grip daily finished at its goal, not won outright
                status = tr("Goal reached: {n} left · {time}", n=e.left, time=format_duration(e.seconds))
            else:
                status = tr("Won {time} · {moves} moves", time=format_duration(e.seconds), moves=e.moves)
        elif e is not None and not playing:
            status = tr("Played, not won")
        elif playing and playing[1] > 0:
            status = tr("In progress: tap to continue")
        else:
            status = tr("Tap to play")
        label = game_title(game)
        if game == "pyramid":
            # the layout by its name, as the table and the layout picker call it
            label = tr("{game}: {layout}", game=label,
                       layout=layout_name(daily.layout_of_day(daily.day_index(self.date))))
        elif game == "devils-grip":
            goal = self.goal(self.date)
            if goal is not None:
                label = tr("{game}, goal ≤ {n} left", game=label, n=goal)
        return label, status

    # -- drawing ---------------------------------------------------------------------------------
    def draw_body(self, surface) -> None:
        fs = self.fs
        if self.month_bar is not None:
            y, m = self.month
            name = f"{tr(MONTHS[m - 1])} {y}"
            room = self.month_bar.width - 2 * self.month_arrow_w - 8
            text.blit_center(surface, text.render(name, text.fit(name, fs + 3, room, text.MIN_SIZE), INK),
                             self.month_bar.center)
        if self.cells:
            self.draw_calendar(surface)
        if self.rows:
            self.draw_deals(surface)

    def draw_calendar(self, surface) -> None:
        """The weekday names, the dates with their marks, the day streak."""
        from ..cards_art import rounded

        fs = self.fs
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
            text.blit_center(surface, text.render(num, size, FUTURE_INK if future else INK),
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

    def draw_deals(self, surface) -> None:
        """The selected date's title and its six deals, each with its mark and result."""
        from ..cards_art import rounded

        fs = self.fs
        head = daily.parse_date(self.date)
        title = tr("Deals of {date}", date=head.isoformat())
        text.blit_center(surface, text.render(title, text.fit(title, fs + 2, self.list_head.width, text.MIN_SIZE), INK),
                         self.list_head.center)
        lines = []      # (row, its mark's rect, name, result, result ink)
        for g, r in self.rows:
            surface.blit(rounded(r.width, r.height, 10, (255, 255, 255, 30), (255, 255, 255, 60), 1.0), r.topleft)
            e = self.entry(self.date, g)
            playing = self.in_play(g, e)
            isz = min(r.height - 12, 26)
            mark = pygame.Rect(r.x + 8, r.centery - isz // 2, isz, isz)
            if e is not None and e.won:
                pygame.draw.circle(surface, WON_INK, mark.center, isz // 2)
                surface.blit(icon("ok", isz - 6, (20, 50, 25)), (mark.x + 3, mark.y + 3))
            elif e is not None and not playing:
                pygame.draw.circle(surface, DIM, mark.center, isz // 2, 2)
            else:
                pygame.draw.circle(surface, (255, 255, 255, 40), mark.center, isz // 2, 1)
            label, status = self.deal_texts(g)
            lines.append((r, mark, label, status, WON_INK if e is not None and e.won else DIM))
        ss0 = max(text.MIN_SIZE, fs - 1)
        # the name left and the result right on one line; where one row has no room for both, every
        # row puts its result under its name
        stacked = any(text.width(label, text.fit(label, fs, (r.right - mark.right - 18) * 11 // 20, text.MIN_SIZE))
                      + text.width(status, text.fit(status, ss0, (r.right - mark.right - 18) * 9 // 20, text.MIN_SIZE))
                      + 12 > r.right - mark.right - 18 for r, mark, label, status, _ in lines)
        for r, mark, label, status, ink in lines:
            x = mark.right + 10
            room = r.right - x - 8
            if not stacked:
                ls = text.fit(label, fs, room * 11 // 20, text.MIN_SIZE)
                surface.blit(text.render(label, ls, INK), (x, r.centery - text.font(ls).get_linesize() // 2))
                img = text.render(status, text.fit(status, ss0, room * 9 // 20, text.MIN_SIZE), ink)
                surface.blit(img, (r.right - 8 - img.get_width(), r.centery - img.get_height() // 2))
                continue
            ls = text.fit(label, fs, room, text.MIN_SIZE)
            ss = text.fit(status, ss0, room, text.MIN_SIZE)
            l1, l2 = text.font(ls).get_linesize(), text.font(ss).get_linesize()
            y = r.centery - (l1 + l2) // 2
            surface.blit(text.render(label, ls, INK), (x, y))
            surface.blit(text.render(status, ss, ink), (x, y + l1))
