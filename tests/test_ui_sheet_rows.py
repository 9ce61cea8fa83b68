"""Every game's sheet on the home screen lays its option rows across the whole panel (finding F7
of session 34: Klondike's one row, "Draw: 1 card", took half the panel, an empty half beside
it), at the three screen shapes."""
import pygame
import pytest

from games.registry import GAMES
from ui.storage import MemoryStorage, Store
from tests.test_app_screens import new_app

SIZES = [(390, 844), (844, 390), (1280, 800)]


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_sheets_rows_span_the_panel(size):
    app = new_app(Store(MemoryStorage()), size=size)
    home = app.scene
    for game in GAMES:
        home.tap_game(game)
        app.frame()
        p = home.panel
        r = p.content_rect
        rows = p.row_buttons
        assert len(rows) == len(p.rows), game
        if not rows:
            continue
        left = min(b.rect.left for b in rows)
        right = max(b.rect.right for b in rows)
        assert left == r.left and right >= r.right - 2, (game, size, [b.rect for b in rows], r)
        # every line of rows but a grid's last is full: a row alone on its line spans the panel
        if len(rows) < p.ncol or len(rows) == 1:
            assert all(b.rect.width >= r.width - 2 for b in rows), (game, size)
        assert all(p.rect.contains(b.rect) for b in rows), (game, size)
        home.panel = None
