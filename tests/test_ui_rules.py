"""Rules and tips pages (ui/scenes/rules.py, locales/*/rules/): every game in both languages,
reached from the game's sheet on home, readable (text >= 15 px at 390x844) and scrollable."""

import pygame
import pytest

from games.i18n import LANGUAGES, LOCALES_DIR
from ui.scenes.common import GAMES
from ui.scenes.home import HomeScene
from ui.scenes.rules import Block, RulesScene, page_text, parse_page
from ui.storage import MemoryStorage, Store
from tests.test_app_screens import SIZES, click, key, new_app
from conftest import save_screen



@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("game", list(GAMES) + ["general"])
def test_pages_in_both_languages_with_the_same_shape(game):
    shapes = {}
    for lang in LANGUAGES:
        path = LOCALES_DIR / lang / "rules" / f"{game}.txt"
        blocks = parse_page(path.read_text(encoding="utf-8"))   # card lines read
        shapes[lang] = [(k, v if k is Block.CARDS else None) for k, v in blocks]
        assert sum(1 for k, _ in blocks if k is Block.HEAD) >= 1
    assert shapes["en"] == shapes["ru"], "the two languages' pages differ in their headings, bullets or cards"


def test_every_game_page_has_rules_and_tips():
    for g in GAMES:
        heads = [v for k, v in parse_page(page_text(g, "en")) if k is Block.HEAD]
        assert "Goal" in heads and "Tips" in heads, (g, heads)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_from_the_sheet_scroll_and_go_back(size, lang):
    app = new_app(Store(MemoryStorage()), size=size, language=lang)
    home = app.scene
    home.tap_game("pyramid")
    rules_button = next(b for b in home.panel.buttons if b.name == "rules")
    click(app, rules_button.rect.center)
    sc = app.scene
    assert isinstance(sc, RulesScene) and sc.game == "pyramid"
    assert sc.fs >= 15
    assert sc.content_h > sc.area.height      # longer than a screen: it scrolls
    save_screen(app.screen, f"rules-pyramid-{lang}-{size[0]}x{size[1]}.png")
    key(app, pygame.K_PAGEDOWN)
    assert sc.scroll > 0
    key(app, pygame.K_END)
    assert sc.scroll == sc.max_scroll()
    # a drag scrolls too
    start = sc.scroll
    x, y = size[0] // 2, size[1] // 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 120), rel=(0, 120), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + 120), button=1, touch=False))
    app.frame()
    assert sc.scroll < start
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, HomeScene) and app.scene.panel is not None and app.scene.panel.game == "pyramid"


@pytest.mark.parametrize("game", GAMES)
def test_each_page_draws(game):
    app = new_app(Store(MemoryStorage()), RulesScene(game), (390, 844))
    assert app.scene.items and app.draws >= 1
    if game in ("tripeaks", "spider"):
        save_screen(app.screen, f"rules-{game}-en-390x844.png")


@pytest.mark.parametrize("size", SIZES)
def test_pyramid_sheet_shows_the_layout_thumbnail_and_opens_the_picker(size):
    from ui.scenes.layout_picker import LayoutPickerScene

    app = new_app(Store(MemoryStorage()), size=size)
    home = app.scene
    home.tap_game("pyramid")
    app.frame()
    sheet = home.panel
    assert sheet.thumb_rect.height >= 40 and sheet.rect.contains(sheet.thumb_rect)
    assert not any(sheet.thumb_rect.colliderect(b.rect) for b in sheet.buttons + sheet.row_buttons)
    home.stale = True
    app.frame()
    save_screen(app.screen, f"home-pyramid-sheet-{size[0]}x{size[1]}.png")
    click(app, sheet.thumb_rect.center)
    assert isinstance(app.scene, LayoutPickerScene)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_freecells_tip_agrees_with_the_rule_it_follows(lang):
    """The FreeCell page's tip said each free cell used "halves what you can move": a run moves
    (free cells + 1) × 2^(empty columns) cards (docs/rules.md), so a used free cell takes one card
    off (4 free cells: 5 cards, 3: 4) and an empty column doubles it. The tip says so."""
    tips = (LOCALES_DIR / lang / "rules" / "freecell.txt").read_text(encoding="utf-8").split("# ")[-2]
    assert "halves" not in tips and "вдвое уменьшает" not in tips
    assert {"en": "one card fewer", "ru": "на карту меньше"}[lang] in tips
