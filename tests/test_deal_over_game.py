"""A deal asked for by name — a shared link, a code typed in the code field, a record's or a day's
deal — never replaces a game in progress unasked: the saved game comes up and the table asks, as
New deal does (the game would count as a loss); Keep playing leaves everything as it was."""
import json

import pygame
import pytest

from ui.progress import stats_key
from ui.storage import MemoryStorage, Store
from tests.test_app_screens import new_app


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def playing_freecell(store, number=617, moves=4):
    """An app at the FreeCell table on deal ``number`` with ``moves`` player moves made (saved)."""
    from ui.table.freecell import FreeCellTable

    app = new_app(store, FreeCellTable(number))
    t = app.scene
    for _ in range(moves):
        move = next(m for m in t.rules.legal_moves(t.state)
                    if t.rules.format_move(t.state, m)[-1] not in "h")   # not to a foundation
        t.play(move)
    t.autosave()
    assert t.session.in_progress()
    return app


def played(store):
    return store.load("stats") or {}


def tap_button(app, name):
    """A tap (press and release) on the open panel's button ``name``, through the app's input."""
    pos = next(b for b in app.scene.panel.buttons if b.name == name).rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    app.frame()


@pytest.mark.parametrize("keep", [True, False])
def test_a_link_over_a_game_in_progress_asks_first(monkeypatch, keep):
    from ui.app import App

    # the game's clock stops while the panel asks and runs again once Keep playing closes it:
    # on a still clock the save after it is the saved game exactly, whatever the machine's load
    monkeypatch.setattr(App, "now", staticmethod(lambda: 1000.0))
    store = Store(MemoryStorage())
    app = playing_freecell(store)
    app.scene.leave()
    saved = store.backend.get("game.freecell")
    monkeypatch.setenv("PASYANS_DEAL", "FC1-M-AAAAAAB")            # deal 1
    app = new_app(store, size=(390, 844))
    t = app.scene
    assert t.game == "freecell" and t.number == 617 and t.panel is not None and t.panel.confirm
    assert "#1" in t.panel.title and played(store) == {}
    if keep:
        tap_button(app, "cancel")
        assert t.number == 617 and t.panel is None and played(store) == {}
        t.autosave()
        assert store.backend.get("game.freecell") == saved
    else:
        tap_button(app, "new")
        assert t.number == 1 and t.panel is None
        assert played(store)[stats_key("freecell", {})]["played"] == 1


def test_the_code_field_over_a_game_in_progress_asks_first():
    store = Store(MemoryStorage())
    app = playing_freecell(store)
    t = app.scene
    t.open_code_entry()
    t.panel.value = "FC1-M-AAAAAAC"                                  # deal 2
    t.panel.submit()
    assert t.number == 617 and t.panel is not None and t.panel.confirm and "#2" in t.panel.title
    assert played(store) == {}
    tap_button(app, "new")
    assert t.number == 2 and played(store)[stats_key("freecell", {})]["played"] == 1


def test_a_link_to_the_deal_in_progress_continues_it(monkeypatch):
    store = Store(MemoryStorage())
    app = playing_freecell(store)
    moves = app.scene.session.player_moves()
    app.scene.leave()
    monkeypatch.setenv("PASYANS_DEAL", "FC1-M-AAAAAXT")            # 617 itself
    app = new_app(store)
    t = app.scene
    assert t.number == 617 and t.panel is None and t.session.player_moves() == moves
    assert played(store) == {}


def test_a_link_with_no_game_in_progress_deals_at_once(monkeypatch):
    store = Store(MemoryStorage())
    monkeypatch.setenv("PASYANS_DEAL", "FC1-M-AAAAAAB")
    app = new_app(store)
    assert app.scene.number == 1 and app.scene.panel is None


def test_the_days_deal_over_a_game_in_progress_asks_and_then_plays_as_the_daily(monkeypatch):
    """The Daily screen's deal (``App.open_deal`` with its date), over a FreeCell game in progress:
    asked first; played, it is that date's deal of the day."""
    from games import daily

    today = daily.today()
    monkeypatch.setattr(daily, "today", lambda: today)
    d = daily.daily_deal(today, "freecell")
    store = Store(MemoryStorage())
    app = playing_freecell(store, number=d.number + 1)
    app.open_deal("freecell", d.number, {}, daily=d.date)
    app.frame()
    t = app.scene
    assert t.number == d.number + 1 and t.panel is not None and t.panel.confirm
    tap_button(app, "new")
    assert t.number == d.number and t.daily_date == d.date



@pytest.mark.parametrize("game", ["tripeaks", "klondike"])
def test_a_past_dates_daily_left_and_continued_is_still_that_dates_daily(monkeypatch, game):
    """A past date's deal of the day, dealt today, played a little, left, and continued in a new
    window: it was no longer that date's daily (a continued game was looked up only as the daily
    of the day it was dealt or of today), so winning it filled no date, no streak, no daily
    record. The save keeps the date now."""
    from games import daily

    monkeypatch.setattr(daily, "today", lambda: "2026-12-06")
    d = daily.daily_deal("2026-12-01", game)
    store = Store(MemoryStorage())
    app = new_app(store)
    app.open_deal(game, d.number, dict(d.options), daily=d.date)
    app.frame()
    t = app.scene
    assert t.number == d.number and t.daily_date == "2026-12-01"
    for _ in range(3):
        move = next(m for m in t.rules.legal_moves(t.state)
                    if not t.rules.format_move(t.state, m).endswith("h"))   # not a card gone home
        t.play(move)
    t.autosave()
    app.close()
    app = new_app(store)
    assert app.open_game(game, resume=True)
    app.frame()
    t = app.scene
    assert t.number == d.number and t.session.player_moves() >= 1
    assert t.daily_date == "2026-12-01"


def test_a_save_naming_a_date_whose_daily_is_another_deal_is_no_daily(monkeypatch):
    """The kept date is believed only when that date's daily is this deal (a save edited by hand)."""
    from games import daily
    from ui.progress import SavedGame

    monkeypatch.setattr(daily, "today", lambda: "2026-12-06")
    d = daily.daily_deal("2026-12-01", "freecell")
    store = Store(MemoryStorage())
    playing_freecell(store, number=d.number + 1).scene.leave()
    data = store.load("game.freecell")
    data["daily"] = "2026-12-01"
    assert SavedGame.from_data(data).daily == "2026-12-01"
    store.save("game.freecell", data, store.encode(data))
    app = new_app(store)
    assert app.open_game("freecell", resume=True)
    app.frame()
    assert app.scene.number == d.number + 1 and app.scene.daily_date is None
    for bad in ("2026-13-01", "yesterday", 20261201, "2026-12-1"):
        with pytest.raises(ValueError):
            SavedGame.from_data(dict(data, daily=bad))
