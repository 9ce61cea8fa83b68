"""The status line under a panel (finding F6 of session 34): a line that tells a moment — the
greeting of a continued game, a refused move or redo — is cleared when a panel opens, so the
panel never stands beside a line it contradicts ("Welcome back…" under "Start deal …?") nor
leaves it behind when it closes; a line that tells the table's state stays."""
import pygame
import pytest

from games.i18n import tr
from ui.storage import MemoryStorage, Store
from tests.test_app_screens import new_app
from tests.test_deal_over_game import playing_freecell, tap_button

WELCOME = "Welcome back: the game goes on where you left it"


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_a_link_over_a_game_in_progress_clears_the_greeting(monkeypatch, size):
    """F6: a shared link over the unfinished game asks "Start deal …?" with no "Welcome back"
    under it, and Keep playing does not bring the greeting back."""
    store = Store(MemoryStorage())
    playing_freecell(store).scene.leave()
    monkeypatch.setenv("PASYANS_DEAL", "FC1-M-AAAAAAB")            # deal 1
    app = new_app(store, size=size)
    t = app.scene
    assert t.number == 617 and t.panel is not None and t.panel.confirm
    assert t.status_text != tr(WELCOME)
    tap_button(app, "cancel")
    assert t.panel is None and t.number == 617 and t.status_text != tr(WELCOME)


def test_a_record_row_deal_over_a_continued_game_clears_the_greeting():
    """F6: the same for a deal asked by name at the table (a record's row, a code typed)."""
    store = Store(MemoryStorage())
    playing_freecell(store).scene.leave()
    app = new_app(store)
    assert app.open_game("freecell", resume=True)
    app.frame()
    t = app.scene
    assert t.status_text == tr(WELCOME)          # the greeting, while nothing stands over it
    t.ask_deal(2)
    app.frame()
    assert t.panel is not None and t.panel.confirm and t.status_text == ""


def test_a_refused_redo_is_cleared_by_the_panel_that_opens_after_it():
    """F6: "Nothing to redo" (orange) does not stay under the pause menu, the Rescue panel or
    any other panel opened after it, nor come back when the panel closes."""
    from ui.table.klondike import KlondikeTable

    app = new_app(Store(MemoryStorage()), KlondikeTable(1))
    t = app.scene
    t.redo()
    assert t.status_text == tr("Nothing to redo") and t.status_error
    t.open_pause()
    app.frame()
    assert t.panel is not None and t.status_text == "" and not t.status_error
    t.close_panel()
    assert t.status_text == ""
    t.redo()
    assert t.status_text == tr("Nothing to redo")
    t.assist.rescue()
    app.frame()
    assert t.panel is not None and t.status_text == ""


def test_a_line_telling_the_tables_state_stays_under_a_panel():
    """A deal's opening line (what to do), or a line said after the panel opened, is no passing
    moment: it stays."""
    from ui.table.klondike import KlondikeTable

    app = new_app(Store(MemoryStorage()), KlondikeTable(1))
    t = app.scene
    intro = t.status_text
    assert intro
    t.open_pause()
    assert t.panel is not None and t.status_text == intro
    t.close_panel()
    t.redo()
    t.say("Thinking…")
    t.open_options()
    assert t.status_text == "Thinking…"
