"""A tap on another screen's button that opens a table (the home sheet's New deal, Daily deals'
row) is a panel's tap too: the second tap of its double lands on the table under the finger and
is spent there, as on a table's own panel (ui/app.py, ``App.spent_press``) — it plays no
card and lifts none on the deal just opened; a tap after the double-tap time plays."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from conftest import click, new_app, tap
from ui.input import DOUBLE_CLICK
from ui.table.base import DOUBLE_TAP


def quiet(t):
    """No move of the player's on the table ``t`` (FreeCell's aces may go home by themselves),
    nothing lifted, nothing refused."""
    return t.player_moves() == 0 and not t.status_text.startswith(("Those", "This card")) \
        and getattr(t, "lifted", None) in (None, [], ())


@pytest.mark.parametrize("game, size", [("freecell", (390, 844)), ("freecell", (844, 390)),
                                        ("freecell", (1280, 800))])
def test_a_double_tap_on_the_home_sheets_new_deal_plays_nothing_on_the_deal(fake_clock, game, size):
    app = new_app(size=size)
    press = click if size == (1280, 800) else tap
    home = app.scene
    press(app, next(r for g, r in home.tiles if g == game).center, 2)
    new = next(b for b in home.panel.buttons if b.name == "new").rect.center
    press(app, new)
    fake_clock.advance(0.1)
    press(app, new, 2)                         # the second tap of a double tap
    t = app.scene
    assert t.game == game and quiet(t), (t.history.actions, t.status_text)
    # the guard is the double's alone: a tap later is the player's own (a mouse's double click
    # is longer than a finger's double tap)
    fake_clock.advance((DOUBLE_CLICK if press is click else DOUBLE_TAP) + 0.05)
    press(app, new, 2)
    assert app._screen_tap is None


def test_a_double_tap_on_a_daily_row_plays_nothing_on_the_deal_of_the_day(fake_clock):
    from ui.scenes.daily import DailyScene

    app = new_app(DailyScene(), size=(390, 844))
    sc = app.scene
    sc.resize(*app.size)
    row = next(r for g, r in sc.rows if g == "pyramid").center
    tap(app, row)
    fake_clock.advance(0.1)
    tap(app, row, 2)
    t = app.scene
    assert t.game == "pyramid" and t.daily_date is not None
    assert quiet(t), (t.history.actions, t.status_text)


@pytest.mark.parametrize("game, size", [("devils-grip", (390, 844)), ("klondike", (844, 390))])
def test_a_double_tap_on_a_home_tile_opens_its_sheet_and_no_more(fake_clock, game, size):
    """The sheet a tile opens has a button where the tile was (Devil's Grip's New deal on a phone,
    Klondike's Rules turned sideways): the double's second tap is spent, the sheet stays."""
    from ui.scenes.home import GameSheet, HomeScene

    app = new_app(size=size)
    home = app.scene
    r = next(r for g, r in home.tiles if g == game).center
    tap(app, r)
    fake_clock.advance(0.1)
    tap(app, r, 2)
    assert app.scene is home and isinstance(home, HomeScene) and isinstance(home.panel, GameSheet)
