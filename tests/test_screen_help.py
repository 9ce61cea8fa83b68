"""F1 or ? opens the help on every screen, as at a table: the page every game shares (or the
game's rules page where a game is in view), in the current language; its back arrow returns."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ui.scenes.badges import BadgesScene
from ui.scenes.daily import DailyScene
from ui.scenes.home import HomeScene
from ui.scenes.layout_picker import LayoutPickerScene
from ui.scenes.records import RecordsScene
from ui.scenes.rules import RulesScene, page_text
from ui.scenes.settings import SettingsScene
from ui.scenes.stats import StatsScene

from conftest import key, new_app

GENERAL = {"en": "Every game", "ru": "Во всех играх"}      # the general page's first heading


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def test_the_general_page_starts_with_its_heading():
    for lang, head in GENERAL.items():
        assert page_text(None, lang).startswith("# " + head + "\n")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("make,k", [(HomeScene, pygame.K_F1), (SettingsScene, pygame.K_F1),
                                    (StatsScene, pygame.K_SLASH), (DailyScene, pygame.K_F1),
                                    (RecordsScene, pygame.K_QUESTION), (BadgesScene, pygame.K_F1)],
                         ids=lambda v: getattr(v, "__name__", str(v)))
def test_the_help_keys_open_the_general_page_on_the_screens(make, k, lang):
    """QA (session 32): F1 and ? did nothing on the screens around the tables."""
    app = new_app(make(), size=(844, 390), language=lang)
    screen = app.scene
    key(app, k)
    page = app.scene
    assert isinstance(page, RulesScene) and page.game is None
    assert page.title() == {"en": "Rules and tips", "ru": "Правила и советы"}[lang]
    assert page.items[0].value == GENERAL[lang]
    key(app, pygame.K_F1)                         # the help already: stays
    assert app.scene is page
    key(app, pygame.K_ESCAPE)
    assert app.scene is screen


def test_the_help_key_opens_the_rules_of_the_game_in_view():
    app = new_app(HomeScene(), language="ru")
    home = app.scene
    home.tap_game("spider")
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "spider"
    pygame.display.quit()
    app = new_app(LayoutPickerScene(), size=(390, 844))
    picker = app.scene
    key(app, pygame.K_SLASH, pygame.KMOD_SHIFT)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "pyramid"
    key(app, pygame.K_ESCAPE)
    assert app.scene is picker
