"""Devil's Grip celebrates as the other games do (compare34 G10): an outright win and a deal of
the day ended at its goal get confetti and a banner, with the win's sound, before the end panel;
a loss above the goal does not. Driven through the real App headless, animations on."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.cards import parse_card
from games.core import LOST, WON
from games.devils_grip import COLS, N_CELLS, SWAP, DevilsGrip, DevilsGripState, Move
from games.i18n import tr
from ui.table.base import CONFETTI
from ui.table.devils_grip import DevilsGripTable
from conftest import new_app
from test_ui_devils_grip import play_to_the_end


@pytest.fixture(autouse=True)
def _quit(fake_clock):
    yield
    pygame.display.quit()


def one_swap_from_won():
    """Every row's stacks complete (row r: ranks 2 + r, 5 + r, 8 + r, J + r), the stacks of cells
    0 and 8 swapped: the swap back wins."""
    ranks = "23456789TJQK"
    grid = []
    for i in range(N_CELLS):
        row = i // COLS
        suit = "CDHS"[i % 4]
        grid.append(tuple(parse_card(ranks[row + 3 * k] + suit) for k in range(4)))
    grid[0], grid[8] = grid[8], grid[0]
    return DevilsGripState(tuple(grid), (), ())


def run(app, fake_clock, frames, until=lambda: False):
    for _ in range(frames):
        fake_clock.advance(1 / 60)
        app.frame()
        if until():
            return True
    return False


def celebration(t):
    return next((tw for tw in t.anim.of("celebrate")), None)


def test_an_outright_win_gets_confetti_and_you_won_then_the_panel(fake_clock):
    s = one_swap_from_won()
    app = new_app(DevilsGripTable(None, state=s), anim_speed="normal")
    t = app.scene
    sounds = []
    app.play_sound = lambda name: sounds.append(name)
    assert t.play(Move(SWAP, 0, 8))
    assert DevilsGrip.status(t.state) == WON
    assert run(app, fake_clock, 120, lambda: celebration(t) is not None)
    assert celebration(t).data["banner"] == tr("You won!") and "win" in sounds and t.panel is None
    run(app, fake_clock, 30)
    cols = {tuple(app.screen.get_at((x, y))[:3]) for x in range(0, app.size[0], 2) for y in range(0, app.size[1], 2)}
    assert len(cols & {tuple(c) for c in CONFETTI}) >= 3          # the confetti on screen
    assert run(app, fake_clock, 400, lambda: t.panel is not None)
    assert celebration(t) is None


def test_a_daily_ended_at_its_goal_is_celebrated(fake_clock):
    from games import daily

    d = daily.daily_deal("2026-12-04", "devils-grip")
    line = daily.grip_goals()[d.number].moves
    app = new_app(DevilsGripTable(d.number), anim_speed="normal")
    t = app.scene
    t.start(d.number, {}, daily=d.date)
    sounds = []
    app.play_sound = lambda name: sounds.append(name)
    play_to_the_end(t, line)
    assert DevilsGrip.status(t.state) == LOST and DevilsGrip.result(t.state) <= d.goal
    assert run(app, fake_clock, 200, lambda: celebration(t) is not None)
    assert celebration(t).data["banner"] == tr("Goal reached!") and "win" in sounds
    assert run(app, fake_clock, 400, lambda: t.panel is not None)
    assert t.panel_title() == tr("Goal reached!")


def test_a_daily_ended_above_its_goal_gets_no_celebration(fake_clock):
    from games import daily

    d = daily.daily_deal("2026-12-04", "devils-grip")
    app = new_app(DevilsGripTable(d.number), anim_speed="normal")
    t = app.scene
    t.start(d.number, {}, daily=d.date)
    seen = []
    real = t.celebrate
    t.celebrate = lambda *a, **k: seen.append(a) or real(*a, **k)
    play_to_the_end(t, [], merges=False)
    assert DevilsGrip.result(t.state) > d.goal
    run(app, fake_clock, 200, lambda: t.panel is not None)
    assert not seen and t.panel is not None
