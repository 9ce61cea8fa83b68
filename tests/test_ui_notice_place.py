"""The notice band ("Could not save: …", "The address names no deal …") leaves the header free
(finding F3 of session 34: it lay over the title, score, time, moves, deal code and half of the
Statistics and Settings buttons for 8 s): on a table it lies over the status line, clear of the
top bar and the button bar; on the home screen and the other pages under the header. Still on
screen, still dismissed by a tap, at the three screen shapes, both hands."""
import pygame
import pytest

from conftest import new_app, tap
from ui.storage import MemoryStorage, Store

SIZES = [(390, 844), (844, 390), (1280, 800)]
LONG = ("Could not save: the browser's storage is full. Free some room (Settings, Kept data) or "
        "export your records before you close the page.")


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("left", [False, True], ids=["right", "left"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("message", ["The address names no deal that can be read", LONG], ids=["short", "long"])
def test_a_notice_over_a_table_leaves_the_top_bar_and_buttons_free(size, left, message):
    from ui.table.klondike import KlondikeTable

    app = new_app(KlondikeTable(3), store=Store(MemoryStorage()), size=size, left_handed=left)
    t = app.scene
    app.show_notice(message)
    app.frame()
    band = app.notice_rect
    assert band.height >= 30 and pygame.Rect(0, 0, *size).contains(band)
    assert not band.colliderect(t.frame.top), (band, t.frame.top)
    for b in t.buttons:
        assert not band.colliderect(b.rect), (b.name, b.rect, band)
    assert band.colliderect(t.frame.status)
    tap(app, band.center)
    assert app.notice == "" and t.panel is None


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_notice_on_the_home_screen_leaves_its_header_free(size):
    from ui.scenes.home import HomeScene

    app = new_app(HomeScene(), store=Store(MemoryStorage()), size=size)
    home = app.scene
    app.show_notice(LONG)
    app.frame()
    band = app.notice_rect
    assert band.top >= home.top.bottom and pygame.Rect(0, 0, *size).contains(band)
    for b, _ in home.buttons:
        if b.rect.colliderect(home.top):       # Statistics, Settings: in sight and tappable
            assert not band.colliderect(b.rect), (b.name, b.rect, band)
    stats = next(b for b, _ in home.buttons if b.name == "stats")
    tap(app, stats.rect.center)                  # the header's button works with the notice up
    assert type(app.scene).__name__ == "StatsScene" and app.notice
