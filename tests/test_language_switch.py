"""A change of language in a table's Options: what is on the screen follows it at once."""
import pygame
import pytest

from ui.storage import MemoryStorage, Store
from tests.test_app_screens import new_app


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("game", ["tripeaks", "devils-grip", "freecell"])
def test_the_status_line_follows_a_change_of_language_in_the_options(game):
    """The table's status line (the deal's first tip here) is said anew in the language chosen in
    the table's Options, not left in the old one until the next move."""
    from games import i18n
    from ui.table import table_class

    app = new_app(Store(MemoryStorage()), table_class(game)(3), size=(390, 844))
    t = app.scene
    t.say(t.intro())             # the deal's first tip (a table may have cleared it by now)
    before = t.status_text
    assert before
    try:
        t.open_options()
        label, tap = next(r for r in t.panel.rows if r[0]().startswith("Language"))
        tap()
        app.frame()
        assert i18n.language() == "ru" and t.status_text == t.intro() != before
    finally:
        i18n.set_language("en")
