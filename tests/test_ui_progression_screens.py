"""The Daily, Records and Badges screens through the real App (headless) at the three sizes:
reached from home, filled from scripted results, taps that play a deal; screenshots in docs/screens/ (written with PASYANS_SCREENS=1)."""

import pygame
import pytest

from games import daily
from games.progression import GameResult
from ui import clipboard
from ui.scenes.badges import BadgesScene
from ui.scenes.daily import Arrangement, DailyScene, DailyTab
from ui.scenes.home import HomeScene
from ui.scenes.records import RecordsScene
from ui.storage import MemoryStorage, Store
from tests.test_app_screens import SIZES, button, click, key, new_app
from conftest import save_screen

TODAY = daily.today()


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.fixture(autouse=True)
def _same_day(monkeypatch):
    """The screens read today's date when opened: pinned to the date this module read, so a run
    that crosses midnight sees one day throughout."""
    monkeypatch.setattr(daily, "today", lambda: TODAY)


def todays_tripeaks_daily(size=(390, 844)):
    """A fresh app (in-memory store) at ``size`` on today's TriPeaks daily: ``(app, the deal)``."""
    app = new_app(Store(MemoryStorage()), HomeScene(), size)
    d = daily.daily_deal(TODAY, "tripeaks")
    app.open_deal("tripeaks", d.number, dict(d.options), daily=TODAY)
    app.frame()
    return app, d


def lose(t) -> None:
    """Play TriPeaks table ``t`` to a loss: the whole stock drawn, then any move, blindly."""
    from games.tripeaks import DRAW

    while t.rules.status(t.state) == "playing":
        t.play(DRAW if t.state.stock else t.rules.legal_moves(t.state)[0])
    assert t.rules.status(t.state) == "lost"


def scripted(store):
    """Wins and losses of the last days: dailies won, records, a few badges."""
    from ui.progression import Progression

    p = Progression(store)
    t = daily.parse_date(TODAY)
    for back in range(1, 5):
        date = (t - __import__("datetime").timedelta(days=back)).isoformat()
        for g in ("klondike", "spider", "freecell")[: 1 + back % 3]:
            d = daily.daily_deal(date, g)
            p.record(GameResult(g, d.options, d.code, True, 150 + 40 * back, 90 + back * 7, date, daily=date))
    d = daily.daily_deal(TODAY, "tripeaks")
    p.record(GameResult("tripeaks", d.options, d.code, False, 200, 40, TODAY, daily=TODAY, longest_run=12))
    for L in (1, 5, 9):
        p.record(GameResult("pyramid", {"layout": str(L), "passes": "unlimited"}, f"PY1-L{L:02d}-AAAAAAC", True,
                            300 + L, 60 + L, TODAY))
    return store


def visible(r, size):
    return pygame.Rect(0, 0, *size).contains(r)


@pytest.mark.parametrize("size", SIZES)
def test_home_reaches_the_three_screens(size):
    app = new_app(size=size)
    assert isinstance(app.scene, HomeScene)
    for name, cls in (("daily", DailyScene), ("records", RecordsScene), ("badges", BadgesScene)):
        r = next(b for b, _ in app.scene.buttons if b.name == name).rect
        assert visible(r, size) and r.height >= 44
        click(app, r.center)
        assert isinstance(app.scene, cls), name
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, HomeScene)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_daily_screen(size, lang):
    app = new_app(scripted(Store(MemoryStorage())), DailyScene(), size, language=lang)
    sc = app.scene
    assert sc.date == TODAY and len(sc.rows) == 6
    for _, r in sc.rows + sc.cells:
        assert visible(r, size)
    assert all(r.height >= 30 for _, r in sc.rows)
    assert sc.fs >= 14
    save_screen(app.screen, f"daily-{lang}-{size[0]}x{size[1]}.png")
    # yesterday's cell carries its mark; a tap selects it; the list shows its wins
    yesterday = (daily.parse_date(TODAY) - __import__("datetime").timedelta(days=1)).isoformat()
    if any(d == yesterday for d, _ in sc.cells):
        click(app, dict(sc.cells)[yesterday].center)
        assert sc.date == yesterday
        assert sc.marks(yesterday)[0] >= 1
    # Share copies the selected date's result lines
    click(app, button(sc, "share"))
    assert clipboard.LAST[0].startswith("Pasyans " if lang == "en" else "Пасьянс ")
    # a tap on a deal plays that date's daily of the game
    game_row = dict(sc.rows)["freecell"]
    date = sc.date
    click(app, game_row.center)
    t = app.scene
    d = daily.daily_deal(date, "freecell")
    assert t.game == "freecell" and t.number == d.number and t.daily_date == date


def test_future_dates_do_not_open_and_bad_months_wrap():
    app = new_app(Store(MemoryStorage()), DailyScene())
    sc = app.scene
    sc.select("2999-01-01")
    assert sc.date == TODAY and "open on that day" in sc.message
    nxt = next(b for b, _ in sc.buttons if b.name == "next-month")
    assert not nxt.enabled
    for _ in range(13):
        click(app, button(sc, "prev-month"))
    y, m = sc.month
    t = daily.parse_date(TODAY)
    assert (y, m) == ((t.year - 1, t.month - 1) if t.month > 1 else (t.year - 2, 12))


@pytest.mark.parametrize("size", SIZES)
def test_records_screen(size):
    app = new_app(scripted(Store(MemoryStorage())), RecordsScene(), size)
    sc = app.scene
    assert sc.table == "tripeaks mode=easy" or app.progression.data.records.get(sc.table)
    # walk to Pyramid's table: three rows, best first
    while sc.table != "pyramid passes=unlimited":
        click(app, button(sc, "next-table"))
    assert len(sc.rows) == 3
    pts = [e.points for e, _ in sc.rows]
    assert pts == sorted(pts, reverse=True)
    for _, r in sc.rows:
        assert visible(r, size)
    save_screen(app.screen, f"records-en-{size[0]}x{size[1]}.png")
    # a tap on a row plays that deal
    e, r = sc.rows[0]
    click(app, r.center)
    t = app.scene
    assert t.game == "pyramid" and t.deal_code() == e.code


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_badges_screen(size, lang):
    app = new_app(scripted(Store(MemoryStorage())), BadgesScene(), size, language=lang)
    sc = app.scene
    assert len(sc.cards) == 15 and sc.fs >= 14
    earned = app.progression.data.badges
    assert "first-win" in earned and "builder" not in earned
    save_screen(app.screen, f"badges-{lang}-{size[0]}x{size[1]}.png")
    # the page scrolls to its end when it is taller than the window
    key(app, pygame.K_END)
    assert sc.scroll == sc.max_scroll()
    last = sc.cards[-1][1].move(0, sc.area.y - round(sc.scroll))
    assert last.bottom <= size[1]


@pytest.mark.parametrize("size", [(360, 640), (640, 360)])
def test_daily_screen_at_the_smallest_sizes(size):
    """Where the calendar and the deals do not both fit (360x640 upright), a Deals | Calendar
    switch shows one at a time and a date tapped in the calendar shows its deals; on a phone on
    its side the month's arrows and Share sit in the top bar. Either way the arrows turn the
    month and a tap on a deal plays it."""
    app = new_app(scripted(Store(MemoryStorage())), DailyScene(), size)
    sc = app.scene
    save_screen(app.screen, f"daily-en-{size[0]}x{size[1]}.png")
    if size[0] < size[1]:
        assert sc.arrangement is Arrangement.TABS and sc.tab is DailyTab.DEALS and not sc.cells and len(sc.rows) == 6
        click(app, button(sc, "tab-calendar"))
        assert sc.tab is DailyTab.CALENDAR and sc.cells and not sc.rows
        save_screen(app.screen, f"daily-en-{size[0]}x{size[1]}-calendar.png")
    else:
        prev = next(b for b, _ in sc.buttons if b.name == "prev-month")
        assert sc.arrangement is Arrangement.BAR and sc.cells and len(sc.rows) == 6
        assert prev.rect.bottom <= sc.top.bottom and button(sc, "share")[1] < sc.top.bottom
    month = sc.month
    click(app, button(sc, "prev-month"))
    assert sc.month != month
    click(app, button(sc, "next-month"))
    assert sc.month == month
    yesterday = (daily.parse_date(TODAY) - __import__("datetime").timedelta(days=1)).isoformat()
    if yesterday[:7] != TODAY[:7]:
        click(app, button(sc, "prev-month"))
    click(app, dict(sc.cells)[yesterday].center)
    assert sc.date == yesterday and len(sc.rows) == 6
    if size[0] < size[1]:
        assert sc.tab is DailyTab.DEALS and not sc.cells
    click(app, dict(sc.rows)["klondike"].center)
    t = app.scene
    assert t.game == "klondike" and t.daily_date == yesterday


def test_a_daily_only_opened_or_still_being_played_is_not_played_not_won():
    """Opening a daily and going home marked it "Played, not won" with a ring on its date, and
    so did one still being played (saved, Continue offered). Those are neither now: a ring and
    that line once the game is lost or left for another deal."""
    app, d = todays_tripeaks_daily()
    t = app.scene
    assert t.daily_date == TODAY
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 0) and sc.entry(TODAY, "tripeaks") is None   # no move yet
    app.open_deal("tripeaks", d.number, dict(d.options), daily=TODAY)
    app.frame()
    t = app.scene
    t.play(t.rules.legal_moves(t.state)[0])
    t.autosave()
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 0) and sc.in_play("tripeaks", sc.entry(TODAY, "tripeaks"))[1] == 1
    app.open_game("tripeaks")          # another deal: the daily is left, a loss
    app.frame()
    app.scene.autosave()
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 1) and sc.in_play("tripeaks", sc.entry(TODAY, "tripeaks")) is None


def test_freecell_records_name_deals_by_microsofts_number():
    """docs/rules.md: FreeCell shows Microsoft's number wherever it shows the deal; its records
    showed the code ``FC1-M-…``. Other games' rows keep their code; a tap still plays the deal."""
    from ui.progression import Progression

    store = Store(MemoryStorage())
    p = Progression(store)
    p.record(GameResult("freecell", {}, "FC1-M-AAAAAXT", True, 120, 90, TODAY))     # deal 617
    p.record(GameResult("klondike", {"draw": "1"}, "KL1-D1-AAAAAGM", True, 120, 90, TODAY))
    app = new_app(store, RecordsScene(), (1280, 800))
    sc = app.scene
    while sc.table != "freecell":
        click(app, button(sc, "next-table"))
    assert sc.show_code and [sc.deal_label(e) for e, _ in sc.rows] == ["#617"]
    while not sc.table.startswith("klondike"):
        click(app, button(sc, "next-table"))
    assert [sc.deal_label(e) for e, _ in sc.rows] == ["KL1-D1-AAAAAGM"]


def test_a_daily_left_with_no_move_is_not_played():
    """A daily dealt and left for another deal before any move counts nowhere (the statistics
    count no loss for a game with no move, ``Progress.begin``): no ring on its date and its line
    says "Tap to play", not "Played, not won". One move, then another deal: played, a ring."""
    app, d = todays_tripeaks_daily()
    app.open_deal("tripeaks", d.number + 1, dict(d.options))    # another deal, no move made
    app.frame()
    assert app.scene.session.number == d.number + 1 and app.scene.session.daily_date is None
    app.scene.autosave()
    assert app.progression.daily_entry(TODAY, "tripeaks") is None
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 0) and sc.entry(TODAY, "tripeaks") is None
    app.open_deal("tripeaks", d.number, dict(d.options), daily=TODAY)
    app.frame()
    t = app.scene
    t.play(t.rules.legal_moves(t.state)[0])
    t.start(d.number + 1, dict(d.options))    # a new deal over it (asked and confirmed)
    assert t.session.daily_date is None
    t.autosave()
    entry = app.progression.daily_entry(TODAY, "tripeaks")
    assert entry is not None and not entry.won
    app.open_daily()
    app.frame()
    assert app.scene.marks(TODAY) == (0, 1)


def test_a_lost_daily_is_played_not_won_until_undone():
    """docs/progression.md: a daily in play becomes "Played, not won" once lost. A lost game stays
    saved (Continue offers its undo) and the Daily screen took it for one still being played:
    "In progress", no ring. Undone out of the loss, it is in progress again."""
    app, d = todays_tripeaks_daily()
    t = app.scene
    lose(t)
    t.autosave()
    assert "tripeaks" in app.progress.unfinished()      # kept for its undo
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 1) and sc.in_play("tripeaks", sc.entry(TODAY, "tripeaks")) is None
    app.open_game("tripeaks", resume=True)
    app.frame()
    t = app.scene
    t.undo()
    t.autosave()
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 0) and sc.in_play("tripeaks", sc.entry(TODAY, "tripeaks"))


def test_todays_daily_typed_into_the_code_field_is_the_daily():
    """Today's deal of the day typed into the code field (this table's game or another's) is that
    date's daily, as the page address opens it and as the game is taken once continued from its
    save (``Session.saved_daily``): it was an ordinary deal until the player left and came back."""
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app = new_app(store, HomeScene(), (1280, 800))
    d = daily.daily_deal(TODAY, "tripeaks")
    app.open_game("tripeaks")
    app.frame()
    t = app.scene
    assert t.daily_date is None
    assert t.submit_code(d.code.lower()) is None
    assert t.number == d.number and t.daily_date == TODAY
    app.open_game("klondike")
    app.frame()
    k = app.scene
    assert isinstance(k, KlondikeTable)
    dk = daily.daily_deal(TODAY, "freecell")
    assert k.submit_code(dk.code) is None
    app.frame()
    f = app.scene
    assert f.game == "freecell" and f.number == dk.number and f.daily_date == TODAY
    assert f.submit_code(str(dk.number + 1)) is None and f.daily_date is None   # another deal: none


def test_the_daily_screen_left_open_past_midnight_moves_to_the_new_day(monkeypatch):
    """A phone keeps the Daily screen open overnight: it read today once, so next morning a tap
    on the new today said "The deals of … open on that day" and the old day stayed outlined.
    The screen now follows the date: the selection on the old today moves to the new one."""
    import datetime

    store = Store(MemoryStorage())
    app = new_app(store, HomeScene(), (390, 844))
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.today == sc.date == TODAY
    tomorrow = (daily.parse_date(TODAY) + datetime.timedelta(days=1)).isoformat()
    monkeypatch.setattr(daily, "today", lambda: tomorrow)
    sc.update(2.0)                    # a frame two seconds on
    assert sc.today == sc.date == tomorrow
    sc.select(tomorrow)
    assert sc.message == "" and sc.date == tomorrow
    assert sc.month == (daily.parse_date(tomorrow).year, daily.parse_date(tomorrow).month)


def test_a_lost_daily_dealt_again_stays_played_until_a_move():
    """A lost daily's row tapped deals it again; back on the Daily screen before any move its row
    said "Tap to play" and the date lost its ring, though the daily was played and lost."""
    app, d = todays_tripeaks_daily()
    t = app.scene
    lose(t)
    t.autosave()
    app.open_daily()
    app.frame()
    click(app, dict(app.scene.rows)["tripeaks"].center)    # the row: the deal again
    app.frame()
    t = app.scene
    assert t.daily_date == TODAY and t.player_moves() == 0
    t.autosave()
    app.open_daily()
    app.frame()
    sc = app.scene
    assert sc.marks(TODAY) == (0, 1) and sc.in_play("tripeaks", sc.entry(TODAY, "tripeaks")) is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_daily_pyramid_row_names_its_layout_as_the_table_does(monkeypatch, lang):
    """The Pyramid row names the day's layout by the name its table and the layout picker give it
    ("Pyramid: Kite"), not by a number the player sees nowhere else (QA: "Pyramid, layout 49")."""
    from ui import text
    from ui.table.pyramid import layout_name

    drawn = []
    render = text.render
    monkeypatch.setattr(text, "render", lambda msg, *a, **k: drawn.append(msg) or render(msg, *a, **k))
    app = new_app(Store(MemoryStorage()), DailyScene(), (390, 844), language=lang)
    app.scene.stale = app.dirty = True
    app.frame()
    name = layout_name(daily.layout_of_day(daily.day_index(TODAY)), lang)
    title = "Pyramid" if lang == "en" else "Пирамида"
    assert f"{title}: {name}" in drawn, [m for m in drawn if title in m]
    click(app, dict(app.scene.rows)["pyramid"].center)
    assert app.scene.game == "pyramid" and name in app.scene.status_text


def test_share_copies_the_marks_and_says_them_in_words():
    """Share copies the result lines with their marks (✓, ✗), and the screen's message, drawn in a
    font without them, words them ("won") rather than showing "+" or "-" (QA: "Pyramid + 8:21")."""
    yesterday = (daily.parse_date(TODAY) - __import__("datetime").timedelta(days=1)).isoformat()
    app = new_app(scripted(Store(MemoryStorage())), DailyScene(yesterday), (844, 390))
    sc = app.scene
    sc.share()
    copied = clipboard.LAST[0].splitlines()[0]
    assert "\u2713" in copied or "\u2717" in copied
    worded = copied.replace("\u2713", "won").replace("\u2717", "not won")
    assert sc.message.endswith(f": {worded}")       # "Copied: …" (or, headless, "Not copied, …: …")


def test_dates_to_come_are_drawn_greyed_and_still_answer_a_tap(monkeypatch):
    """fresh34 F12: the calendar's dates to come are drawn greyed, unlike the playable days
    before today (MS Solitaire Collection greys them); a tap still says when they open."""
    import datetime

    mid = "2026-12-15"
    monkeypatch.setattr(daily, "today", lambda: mid)
    app = new_app(Store(MemoryStorage()), DailyScene(), (1280, 800))
    sc = app.scene
    app.frame()
    cells = dict(sc.cells)
    past, future = "2026-12-10", "2026-12-20"

    def brightest(date):
        r = cells[date].inflate(-4, -4)
        r.height = r.height * 2 // 3
        return max(sum(app.screen.get_at((x, y))[:3]) for x in range(r.x, r.right) for y in range(r.y, r.bottom))

    assert brightest(future) < 0.7 * brightest(past), (brightest(future), brightest(past))
    click(app, cells[future].center)
    assert sc.date == mid and "open on that day" in sc.message
    assert datetime.date.fromisoformat(future) > datetime.date.fromisoformat(mid)
