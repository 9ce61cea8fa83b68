"""The flow of a game played as a new player would (issue 18): the clock, the pause menu, the end
panels, new deal in a game in progress, the buttons. The real App, headless, with posted pointer,
key and window events."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time

import pygame
import pytest

from games.core import PLAYING
from ui import table as ui_table
from ui.app import App
from ui.settings import Settings
from ui.storage import MemoryStorage, Store

GAMES = list(ui_table.TABLES)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def make(game, number=3, size=(1280, 800), anim="off", **kw):
    cls = ui_table.table_class(game)
    s = Settings(language="en", anim_speed=anim, **kw)
    app = App(size, cls(number), s, Store(MemoryStorage()))
    app.frame()
    return app


def frames(app, seconds):
    """Run frames for ``seconds`` of wall time (the App's dt is real time, 0.1 s at most a frame)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.frame()
        time.sleep(0.01)


def first_move(t):
    """Play one legal move for the player through the table's own move path."""
    moves = [m for m in t.rules.legal_moves(t.state)]
    assert moves
    assert t.play(moves[0])
    if hasattr(t, "groups"):
        t.groups.append(1)


def key(app, k, mod=0, frames_=1):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    for _ in range(frames_):
        app.frame()


def window(app, kind):
    pygame.event.post(pygame.event.Event(kind))
    app.frame()


# -- 1. the clock --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_clock_stops_while_a_panel_is_open(game):
    app = make(game)
    t = app.scene
    first_move(t)
    frames(app, 0.3)
    assert t.clock > 0.1, "the clock runs once the player has moved"
    t.open_options()
    app.frame()
    before = t.clock
    frames(app, 0.4)
    assert t.clock == before, (game, t.clock - before)
    t.close_panel()
    frames(app, 0.3)
    assert t.clock > before


@pytest.mark.parametrize("away, back", [(pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                                        (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                                        (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN)])
def test_clock_stops_while_the_window_is_away(away, back):
    app = make("tripeaks")
    t = app.scene
    first_move(t)
    frames(app, 0.2)
    window(app, away)
    before = t.clock
    frames(app, 0.4)
    assert t.clock == before
    window(app, back)
    frames(app, 0.3)
    assert t.clock > before


def test_clock_stops_while_the_page_is_hidden(monkeypatch):
    """In the browser the page's visibility is polled with its size (ui.app.page_hidden)."""
    import ui.app as app_mod

    app = make("pyramid")
    t = app.scene
    first_move(t)
    frames(app, 0.2)
    monkeypatch.setattr(app_mod, "WEB", True)
    monkeypatch.setattr(app_mod, "browser_size", lambda: None)
    hidden = [True]
    monkeypatch.setattr(app_mod, "page_hidden", lambda: hidden[0])
    app._next_poll = 0
    app.frame()
    before = t.clock
    frames(app, 0.4)
    assert t.clock == before
    hidden[0] = False
    app._next_poll = 0
    frames(app, 0.3)
    assert t.clock > before


def test_klondike_deal_aces_are_no_move_and_start_no_clock():
    """Klondike #11 sends two aces home at the deal: Moves 0 and the clock stopped until the
    player moves; the player's first move is Moves 1."""
    app = make("klondike", 11, anim="normal")
    t = app.scene
    frames(app, 1.0)
    t.settle()
    app.frame()
    assert t.history.moves == 2          # the aces went home (each a move of the history)
    assert dict(t.top_items())["Moves"] == "0"
    assert t.clock == 0.0
    t.draw_stock()
    frames(app, 0.3)
    assert dict(t.top_items())["Moves"] == "1"
    assert t.clock > 0


def test_restored_klondike_keeps_the_deal_moves_out_of_the_count():
    store = Store(MemoryStorage())
    s = Settings(language="en", anim_speed="off")
    from ui.table.klondike import KlondikeTable

    app = App((1280, 800), KlondikeTable(11), s, store)
    for _ in range(3):
        app.frame()
    t = app.scene
    t.draw_stock()
    app.frame()
    assert dict(t.top_items())["Moves"] == "1"
    t.autosave()
    app.open_game("klondike", resume=True)
    app.frame()
    assert dict(app.scene.top_items())["Moves"] == "1"
