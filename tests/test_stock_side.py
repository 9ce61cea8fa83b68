"""The stock lies on the same side of the table in every game: right-handed at the left edge of the
cards, left-handed at the right edge, at each of the sizes that matter (docs/design.md, "Look and
feel"), so that a thumb finds it in the same place from game to game."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ui.table import table_class

from conftest import new_app

SIZES = [(1280, 800), (390, 844), (844, 390)]
GAMES = ["tripeaks", "pyramid", "devils-grip", "klondike", "spider"]   # FreeCell has no stock


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def stock_and_cards(t) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The stock's place (Pyramid: its back, whose strip is the draw tab) and every card place."""
    if t.game == "devils-grip":
        return t.stock_rect, list(t.cell_rects) + [t.stock_rect, t.talon_rect]
    if t.game == "pyramid":
        return t.geo.deck, t.card_rects()
    if t.game == "tripeaks":
        return t.stock_rect, t.card_rects()
    return t.pile_rect[("stock",)], t.card_rects()


@pytest.mark.parametrize("left_handed", [False, True], ids=["right-handed", "left-handed"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
def test_the_stock_is_on_the_same_side_in_every_game(size, left_handed):
    """Right-handed the stock's left edge is the cards' left edge (within a quarter card) at every
    size; left-handed its right edge is their right edge. QA F7: at 844x390 Pyramid's stock sat
    beside the buttons on the right while TriPeaks' sat at the far left, and upright Klondike's and
    Spider's sat top right while TriPeaks' and Pyramid's sat at the left."""
    off = {}
    for game in GAMES:
        t = new_app(scene=table_class(game)(1), size=size, left_handed=left_handed, frames=0).scene
        t.app.frame()
        stock, cards = stock_and_cards(t)
        span = cards[0].unionall(cards[1:])
        outer = span.right - stock.right if left_handed else stock.x - span.x
        inner = stock.centerx > span.centerx if left_handed else stock.centerx < span.centerx
        off[game] = (outer, stock.width, inner)
        pygame.display.quit()
    assert all(o <= w // 4 and inner for o, w, inner in off.values()), off
