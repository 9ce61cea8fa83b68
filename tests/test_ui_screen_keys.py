"""The screens around the tables by keyboard and screen reader: Settings, Statistics, Deal of the
day (the calendar), Records, Badges and the rules page (the help) take a keyboard focus (Tab /
Shift+Tab and the arrows move it, Enter or Space activates, Esc goes back, a ring shows it) and
say the focused thing in words through the app's speech sink (ui/speech.py, docs/ui.md "Screen
readers")."""
import datetime

import pygame
import pytest

from conftest import key, new_app
from games import daily
from games.i18n import format_number, set_language
from ui import speech
from ui.progress import empty_stats, stats_key
from ui.scenes.badges import BadgesScene
from ui.scenes.daily import DailyScene, DailyTab
from ui.scenes.records import RecordsScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.stats import StatsScene
from ui.storage import MemoryStorage, Store
from ui.table.panels import FOCUS_INK

TODAY = daily.today()


@pytest.fixture(autouse=True)
def _same_day(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: TODAY)


def said(app) -> list[str]:
    return list(app.speech.said)


def tab_to(app, pred, limit=60):
    """Tab until the screen's focus satisfies ``pred`` (its key)."""
    for _ in range(limit):
        key(app, pygame.K_TAB)
        if app.scene.focus is not None and pred(app.scene.focus):
            return
    raise AssertionError(f"no focus found; at {app.scene.focus}")


def scripted():
    """A store with dailies won on the last days, records and a badge (as the progression
    screens' tests make it)."""
    from tests.test_ui_progression_screens import scripted as make

    return make(Store(MemoryStorage()))


# -- the pure words ----------------------------------------------------------------------------------
def test_the_screens_words_in_english():
    assert speech.setting_words("Left-handed layout: off") == "Setting: Left-handed layout, off"
    assert speech.setting_words("Card back: 3") == "Setting: Card back, 3"
    assert speech.date_words(2026, 12, 7, won=1) == "December 7, 1 daily won"
    assert speech.date_words(2026, 12, 7, won=2, played=1, today=True, selected=True) == \
        "December 7, 2 dailies won, 1 played, not won, today, selected"
    assert speech.date_words(2026, 12, 9, future=True) == "December 9, not open yet"
    assert speech.date_words(2026, 12, 1) == "December 1, no daily played"
    assert speech.badge_words("First win", "2026-12-07", "Earned 2026-12-07", "Win any game.") == \
        "Badge: First win, earned 2026-12-07. Win any game."
    assert speech.badge_words("Architect", None, "12 of 55 layouts", "Win all 55.") == \
        "Badge: Architect, not yet: 12 of 55 layouts. Win all 55."
    assert speech.badge_words("Lucky", None, "Not yet", "Win.") == "Badge: Lucky, not yet. Win."
    assert speech.stats_words("Klondike · Draw 1", [("Played", "12"), ("Won", "5"), ("Win %", "41.7%")]) == \
        "Statistics, Klondike, Draw 1: played 12, won 5, win % 41.7%"
    assert speech.chart_words("Klondike", 5, 7, True) == "Klondike: won 5, lost 7, selected"
    assert speech.record_words(1, "1,250", "3:02", 85, "2026-12-01", "#617") == \
        "Place 1: 1,250 points, time 3:02, 85 moves, 2026-12-01, deal #617"


def test_the_screens_words_in_russian():
    """Russian puts the day before the month, in the genitive («7 декабря»), and counts the
    dailies in its three plural forms."""
    set_language("ru")
    assert speech.date_words(2026, 12, 7, won=1) == "7 декабря, 1 раздача дня выиграна"
    assert speech.date_words(2026, 3, 2, won=3, today=True) == "2 марта, 3 раздачи дня выиграны, сегодня"
    assert speech.date_words(2026, 5, 9, played=5) == "9 мая, 5 сыграно без победы"
    assert speech.setting_words("Левша: вкл") == "Настройка: Левша, вкл"
    assert speech.badge_words("Первая победа", "2026-12-07", "", "") == "Награда: Первая победа, получена 2026-12-07"


# -- Settings -----------------------------------------------------------------------------------------
def test_a_setting_is_toggled_by_enter_and_said():
    """No focus until a key; Tab puts it on the first row, said as a setting; Enter on
    Left-handed layout turns it on (kept in the store) and says the new value; Space turns it
    back; Esc goes home."""
    app = new_app(scene=SettingsScene())
    sc = app.scene
    assert sc.focus is None and said(app) == ["Settings"]
    key(app, pygame.K_TAB)
    assert sc.focus == "button:language" and said(app)[-1] == "Setting: Language, English"
    tab_to(app, lambda k: k == "button:left_handed")
    assert said(app)[-1] == "Setting: Left-handed layout, off" and not app.settings.left_handed
    key(app, pygame.K_RETURN)
    assert app.settings.left_handed and sc.focus == "button:left_handed"
    assert said(app)[-1] == "Setting: Left-handed layout, on"
    from ui.settings import Settings

    assert Settings.load(app.store).left_handed          # kept at once, as a tap keeps it
    key(app, pygame.K_SPACE)
    assert not app.settings.left_handed and said(app)[-1] == "Setting: Left-handed layout, off"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert sc.focus != "button:left_handed"
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "HomeScene"


def test_shift_tab_goes_round_to_export_and_import():
    app = new_app(scene=SettingsScene())
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.scene.focus == "button:import" and said(app)[-1] == "Button: Import saves"
    key(app, pygame.K_TAB)
    assert app.scene.focus == "button:language"


def test_settings_said_in_russian():
    app = new_app(scene=SettingsScene(), language="ru")
    key(app, pygame.K_TAB)
    assert said(app)[-1] == "Настройка: Язык, Русский"


def test_the_focus_ring_is_drawn_around_the_focused_row():
    app = new_app(scene=SettingsScene())
    sc = app.scene
    key(app, pygame.K_TAB)
    r = next(b for b, _ in sc.buttons if b.name == "language").rect
    surf = pygame.Surface(app.size)
    sc.draw(surf)
    # the ring's left edge, halfway down, just outside the row
    assert tuple(surf.get_at((r.x - 2, r.centery)))[:3] == FOCUS_INK
    sc.focus = None
    sc.draw(surf)
    assert tuple(surf.get_at((r.x - 2, r.centery)))[:3] != FOCUS_INK


# -- Deal of the day ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (360, 640)])
def test_a_daily_is_opened_from_the_calendar_by_keys(size):
    """Tab onto the calendar (one stop: the selected date, today), Left to yesterday (said with
    its dailies won), Enter shows its deals, Tab (or, where the deals take the calendar's
    place, at once) onto a deal, Enter plays it."""
    app = new_app(scene=HomeScene_free(), size=size, store=scripted())
    sc = DailyScene()
    app.switch(sc)
    app.frame()
    if sc.tabs:
        key(app, pygame.K_TAB)
        assert sc.focus == "button:tab-deals"
        key(app, pygame.K_RIGHT)
        assert sc.focus == "button:tab-calendar"
        key(app, pygame.K_RETURN)
        assert sc.tab is DailyTab.CALENDAR and sc.cells
    tab_to(app, lambda k: k.startswith("date:"))
    t = daily.parse_date(TODAY)
    assert sc.focus == f"date:{TODAY}"
    assert said(app)[-1].startswith(f"{t.strftime('%B')} {t.day},") and "today, selected" in said(app)[-1]
    key(app, pygame.K_LEFT)
    yesterday = t - datetime.timedelta(days=1)
    assert sc.focus == f"date:{yesterday.isoformat()}" and sc.month == (yesterday.year, yesterday.month)
    assert said(app)[-1] == f"{yesterday.strftime('%B')} {yesterday.day}, 2 dailies won"
    assert sc.date == TODAY                  # the arrows move the focus, not the selection
    key(app, pygame.K_RETURN)
    assert sc.date == yesterday.isoformat()
    if sc.tabs:
        assert sc.tab is DailyTab.DEALS and sc.focus == "deal:tripeaks"
    else:
        key(app, pygame.K_TAB)
        assert sc.focus == "deal:tripeaks"
    assert said(app)[-1].startswith("TriPeaks")
    tab_to(app, lambda k: k == "deal:klondike")
    assert said(app)[-1].startswith("Klondike") and "Won" in said(app)[-1]
    key(app, pygame.K_RETURN)
    table = app.scene
    assert table.game == "klondike" and table.daily_date == yesterday.isoformat()


def HomeScene_free():
    from ui.scenes.home import HomeScene

    return HomeScene()


def test_the_calendars_arrows_walk_weeks_and_months():
    app = new_app(scene=DailyScene(), store=scripted())
    sc = app.scene
    tab_to(app, lambda k: k.startswith("date:"))
    t = daily.parse_date(TODAY)
    key(app, pygame.K_UP)
    week = t - datetime.timedelta(days=7)
    assert sc.focus == f"date:{week.isoformat()}" and sc.month == (week.year, week.month)
    key(app, pygame.K_DOWN)
    assert sc.focus == f"date:{TODAY}"
    for _ in range(t.day):
        key(app, pygame.K_LEFT)
    last = t.replace(day=1) - datetime.timedelta(days=1)
    assert sc.focus == f"date:{last.isoformat()}" and sc.month == (last.year, last.month)
    for _ in range(7):                       # no further than today's month
        key(app, pygame.K_DOWN)
    assert sc.month == (t.year, t.month) and sc.focus.startswith(f"date:{TODAY[:7]}")
    key(app, pygame.K_TAB)                   # the calendar is one stop: Tab leaves it
    assert not sc.focus.startswith("date:")


def test_arrows_keep_their_own_meaning_until_tab():
    """Without a focus Left and Right still step the date (the calendar), the game (statistics),
    the table (records), as before; Up and Down scroll the badges and the rules."""
    app = new_app(scene=DailyScene())
    key(app, pygame.K_LEFT)
    assert app.scene.date < TODAY and app.scene.focus is None
    app = new_app(scene=RecordsScene(), store=scripted())
    first = app.scene.table
    key(app, pygame.K_RIGHT)
    assert app.scene.table != first and app.scene.focus is None
    app = new_app(scene=RulesScene("klondike"), size=(390, 844))
    key(app, pygame.K_DOWN)
    assert app.scene.scroll > 0 and app.scene.focus is None


# -- Statistics ---------------------------------------------------------------------------------------
def test_statistics_by_keys(monkeypatch):
    app = new_app(scene=HomeScene_free())
    k1 = stats_key("klondike", {"draw": "1"})
    k3 = stats_key("klondike", {"draw": "3"})
    shown = {k1: dict(empty_stats(), played=12, won=5, streak=1, best_streak=3, last=["w", "l"]),
             k3: dict(empty_stats(), played=2, won=1, last=["w"])}
    monkeypatch.setattr(app.progress, "shown_stats", lambda: shown)
    monkeypatch.setattr(app.progress, "summary", lambda key, stats=None: dict(
        (stats or shown).get(key, empty_stats()), win_pct=0.0, avg_win_time=None))
    sc = StatsScene("klondike")
    app.switch(sc)
    app.frame()
    key(app, pygame.K_TAB)
    assert sc.focus == "game:tripeaks" and said(app)[-1] == "TriPeaks: won 0, lost 0"
    tab_to(app, lambda k: k == "game:klondike")
    assert said(app)[-1] == "Klondike: won 6, lost 8, selected"
    tab_to(app, lambda k: k == "figures")
    first = said(app)[-1]
    assert first.startswith("Statistics, Klondike, ") and "played 12, won 5" in first, first
    key(app, pygame.K_RETURN)                # the next variant
    assert sc.variant == k3 and "played 2, won 1" in said(app)[-1]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert sc.focus == "game:freecell"
    key(app, pygame.K_LEFT)                  # with a focus the arrows move it, not the game
    key(app, pygame.K_LEFT)
    assert sc.game == "klondike" and sc.focus == "game:spider"
    key(app, pygame.K_RETURN)
    assert sc.game == "spider" and said(app)[-1] == "Spider: won 0, lost 0, selected"


# -- Records, badges, the rules page ------------------------------------------------------------------
def test_records_by_keys():
    app = new_app(scene=RecordsScene(), store=scripted())
    sc = app.scene
    tab_to(app, lambda k: k == "button:next-table")
    while sc.table != "pyramid passes=unlimited":
        key(app, pygame.K_RETURN)
    assert said(app)[-1].startswith("Button: Next table. Pyramid, "), said(app)[-1]
    key(app, pygame.K_TAB)
    assert sc.focus == "row:0"
    e = sc.rows[0][0]
    assert said(app)[-1].startswith(f"Place 1: {format_number(e.points)} points, time ") and e.date in said(app)[-1]
    key(app, pygame.K_DOWN)
    assert sc.focus == "row:1" and said(app)[-1].startswith("Place 2: ")
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    t = app.scene
    assert t.game == "pyramid" and t.deal_code() == e.code


def test_badges_by_keys():
    app = new_app(scene=BadgesScene(), store=scripted(), size=(390, 844))
    sc = app.scene
    key(app, pygame.K_TAB)
    date = app.progression.data.badges["first-win"]
    assert said(app)[-1].startswith(f"Badge: First win, earned {date}.")
    for _ in range(14):
        key(app, pygame.K_DOWN)
        item = sc.focus_item()
        assert sc.area.contains(item.rect)     # the page scrolls to the focus
    assert sc.scroll > 0 and said(app)[-1].startswith("Badge: ") and ", not yet" in said(app)[-1]
    key(app, pygame.K_q)
    assert said(app)[-1].startswith("Badges: ") and said(app)[-1].count("Badge: ") == 15


def test_the_rules_page_is_read_block_by_block():
    app = new_app(scene=RulesScene("klondike"), size=(390, 844))
    sc = app.scene
    key(app, pygame.K_TAB)
    assert sc.focus == "item:0" and said(app)[-1] == sc.items[0].value
    for _ in range(len(sc.items) - 1):
        key(app, pygame.K_DOWN)
        assert sc.area.contains(sc.focus_item().rect) or sc.focus_item().rect.height > sc.area.height
    assert sc.focus == f"item:{len(sc.items) - 1}" and sc.scroll > sc.max_scroll() - 20
    key(app, pygame.K_v)
    assert said(app)[-1] == said(app)[-2]
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "HomeScene"


# -- home: the way to the screens -----------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_home_reaches_every_screen_by_keys(size):
    """From home a keyboard-only player reaches the games and every screen: Tab goes over the
    games' tiles, then Deal of the day, Records, Badges, then Statistics and Settings (named,
    though a phone draws them as icons); Enter opens the focused one; 1–6 still open a sheet."""
    app = new_app(size=size)
    home = app.scene
    key(app, pygame.K_TAB)
    assert home.focus == "game:tripeaks" and said(app)[-1] == "TriPeaks"
    key(app, pygame.K_RETURN)
    assert home.panel is not None and home.panel.game == "tripeaks"
    key(app, pygame.K_ESCAPE)
    assert home.panel is None
    tab_to(app, lambda k: k == "button:daily")
    assert said(app)[-1] == "Button: Deal of the day"
    tab_to(app, lambda k: k == "button:stats")
    assert said(app)[-1] == "Button: Statistics"
    key(app, pygame.K_TAB)                   # the top bar left to right: Statistics, Settings
    assert home.focus == "button:settings" and said(app)[-1] == "Button: Settings"
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "SettingsScene"
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "HomeScene"
    key(app, pygame.K_3)
    assert app.scene.panel is not None and app.scene.panel.game == "devils-grip"
