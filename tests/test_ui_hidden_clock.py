"""The "Time and score" setting (compare34 G11): off, a table's top bar shows neither the time
nor the score during play (the clock still runs for the statistics), and shows both again once
the game is over. Driven through the real App headless in each game."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.core import WON
from games.i18n import tr
from ui.table import table_class
from ui.table.klondike import KlondikeTable
from games.klondike import KlondikeState
from games.cards import parse_card
from conftest import click, new_app


@pytest.fixture(autouse=True)
def _quit(fake_clock):
    yield
    pygame.display.quit()


def labels(t):
    return [label for label, _ in t.shown_top_items()]


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_time_and_score_hidden_during_play_when_the_setting_is_off(game, lang):
    app = new_app(table_class(game)(1), language=lang, show_clock=False)
    t = app.scene
    shown = labels(t)
    assert tr("Time") not in shown and tr("Score") not in shown
    assert tr("Moves") in shown
    drawn = [label for label, *_ in t.top_sizes]
    assert tr("Time") not in drawn and tr("Deal") in drawn
    # on, as before
    app2 = new_app(table_class(game)(1), language=lang)
    assert tr("Time") in labels(app2.scene)


def test_the_clock_runs_hidden_and_the_end_shows_time_and_score(fake_clock):
    cols = [[], [], [], [], [], [], []]
    for k, s in enumerate("HSDC"):
        for r in "KQJT98765432A":
            cols[k].append(parse_card(r + s))
    st = KlondikeState(tuple(tuple(c) for c in cols), (0,) * 7, (), (), (0, 0, 0, 0), 1, 0, 0)
    app = new_app(KlondikeTable(state=st), show_clock=False, auto_foundation=False)
    t = app.scene
    click(app, t.pile_rects(t.state, ("col", 0))[-1].center)     # the first move starts the clock
    for _ in range(30):
        fake_clock.advance(0.1)
        app.frame()
    assert t.clock > 2 and tr("Time") not in labels(t)
    click(app, t.finish_rect.center)
    for _ in range(200):
        fake_clock.advance(0.05)
        app.frame()
    assert t.rules.status(t.state) == WON
    assert tr("Time") in labels(t) and tr("Score") in labels(t)


def test_the_setting_is_in_the_tables_options_and_the_settings_screen():
    app = new_app(table_class("klondike")(1))
    t = app.scene
    rows = {label(): tap for label, tap in t.options_rows()}
    tap = next(tap for label, tap in rows.items() if tr("Time and score") in label)
    tap()                                          # off from the table's options
    assert app.settings.show_clock is False and tr("Time") not in labels(t)
    from ui.scenes.settings import SettingsScene

    sc = SettingsScene()
    new_app(sc)
    assert "show_clock" in [name for name, *_ in sc.row_specs()]


def test_with_the_setting_off_q_and_the_home_tile_leave_the_time_out_too():
    """Time and score off: Q's reading of the table still said "Score: 25, Time: 0:07", and the
    home tile's Continue line still gave the time (fresh34b H2b, H8)."""
    from conftest import key
    from ui.scenes.home import HomeScene

    app = new_app(table_class("klondike")(1), show_clock=False)
    key(app, pygame.K_q)
    read = app.speech.said[-1]
    assert "Time:" not in read and "Score:" not in read and "Moves:" in read, read
    home = HomeScene()
    app.switch(home)
    app.frame()
    home.saves = {"klondike": (12, 65, None)}    # a saved game of 12 moves, 1:05
    from ui.scenes import home as home_mod

    home_mod._tiles.clear()
    home.tile_image(app.size, "klondike", pygame.Rect(0, 0, 300, 200))
    subs = [k[5] for k in home_mod._tiles]
    assert subs == [tr("Continue: {moves} moves", moves=12)], subs
