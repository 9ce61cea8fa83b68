"""A part of a table's still picture drawn again as it was is copied as last drawn
(GameTable._kept_part): a whole rebuild of an unchanged table (a panel opened over it, the
picture's record thrown away) draws no card and lays the felt only around the parts it copies,
and its picture equals, pixel for pixel, the same picture drawn from scratch (the six tables;
tests/test_ui_partial_redraw.py checks the same through moves, flights and shakes)."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ui import cards_art  # noqa: E402
from ui.storage import MemoryStorage, Store  # noqa: E402
from ui.table import table_class  # noqa: E402

from conftest import new_app  # noqa: E402

TABLES = [("tripeaks", {"mode": "easy"}), ("pyramid", {"layout": "1"}), ("devils-grip", {}),
          ("spider", {"suits": "1"}), ("klondike", {"draw": "1"}), ("freecell", {})]


def pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def cold_picture(t, size) -> bytes:
    """The still picture rebuilt whole from scratch (nothing kept), the table left as it was."""
    base, picture, stamps, kept = t.base, t._picture, t._stamps, t._kept
    t.base, t._picture = None, None
    t.forget_drawings()
    t.rebuild(size)
    out = pixels(t.base)
    t.base, t._picture, t._stamps, t._kept = base, picture, stamps, kept
    return out


def whole_rebuild_counting(t, size) -> tuple[int, int]:
    """A whole rebuild of the still picture (its record thrown away): ``(cards drawn, felt px
    laid)``."""
    drawn, laid = [0], [0]
    draw, draw_all, lay = cards_art.CardArt.draw, cards_art.CardArt.draw_all, t._lay_felt

    def counting_draw(self, *a, **k):
        drawn[0] += 1
        return draw(self, *a, **k)

    def counting_draw_all(self, surface, cards):     # a column's cards, in one call
        drawn[0] += len(cards)
        return draw_all(self, surface, cards)

    def counting_lay(surface, region):
        surface.fill((255, 0, 255), region)      # whatever the felt does not cover stays magenta
        lay(surface, region)
        laid[0] = region.width * region.height - pygame.mask.from_threshold(
            surface, (255, 0, 255), (1, 1, 1, 255)).count()

    cards_art.CardArt.draw = counting_draw
    cards_art.CardArt.draw_all = counting_draw_all
    t._lay_felt = counting_lay
    try:
        t.stale = True
        t._picture = None
        t.rebuild(size)
    finally:
        cards_art.CardArt.draw = draw
        cards_art.CardArt.draw_all = draw_all
        del t._lay_felt
    return drawn[0], laid[0]


@pytest.mark.parametrize("game,options", TABLES)
def test_a_table_redrawn_whole_as_it_was_copies_its_parts(game, options):
    size = (1280, 800)
    app = new_app(table_class(game)(7, dict(options)), size, Store(MemoryStorage()))
    t = app.scene
    first, felt_first = whole_rebuild_counting(t, size)     # the parts seen again: kept now
    assert first > 0
    again, felt_again = whole_rebuild_counting(t, size)
    assert again == 0, "every part drawn again as it was is copied, no card drawn"
    below_bar = size[0] * (size[1] - t.frame.top.bottom)
    assert felt_first < below_bar, "no felt laid under the bodies of the cards drawn"
    assert felt_again < 0.7 * below_bar, "no felt laid under the parts copied"
    assert pixels(t.base) == cold_picture(t, size)
    # a panel over the table: the table under it is copied too
    t.open_options()
    whole_rebuild_counting(t, size)
    with_panel, _ = whole_rebuild_counting(t, size)
    assert with_panel == 0
    assert pixels(t.base) == cold_picture(t, size)
    t.close_panel()
    # a move changes a few parts: those are drawn, the others copied, the picture the same
    move = t.rules.legal_moves(t.state)[0]
    t.play(move)
    t.anim.tweens.clear()
    t.settle()
    t.rebuild(size)
    drawn, _ = whole_rebuild_counting(t, size)
    assert pixels(t.base) == cold_picture(t, size)
    again, _ = whole_rebuild_counting(t, size)
    assert again == 0 and pixels(t.base) == cold_picture(t, size)


def test_a_part_drawn_once_keeps_no_pixels():
    """A part is kept the second time it is drawn whole the same (a pile seen once, such as
    during a drag, costs no copy), and what is kept is one drawing per part."""
    size = (1280, 800)
    app = new_app(table_class("spider")(7, {"suits": "1"}), size, Store(MemoryStorage()))
    t = app.scene
    t.forget_drawings()
    whole_rebuild_counting(t, size)
    assert t._kept and all(pixels is None for _, pixels, _ in t._kept.values())
    whole_rebuild_counting(t, size)
    assert all(pixels is not None for _, pixels, _ in t._kept.values())
    n = len(t._kept)
    for _ in range(5):
        whole_rebuild_counting(t, size)
    assert len(t._kept) == n == len(t.picture_parts()) - (1 if "finish" in t.picture_parts() else 0)


def test_the_bars_are_kept_once_drawn_twice_the_same_but_for_a_first_picture():
    """The top bar, the buttons, the status line and the empty piles on the bare felt
    (GameTable._stamped) are copied the second time they are drawn the same, as the parts are:
    a picture drawn from scratch (a new size, a new deal) copies none of them. A table's first
    picture finds them kept by the frame before it, which drew the picture without its cards."""
    size = (1280, 800)
    app = new_app(table_class("freecell")(7, {}), size, Store(MemoryStorage()))
    t = app.scene
    kept_first = {slot[0] for slot, (_, px, _) in t._stamps.items() if px is not None}
    assert "button" in kept_first
    t.forget_drawings()
    whole_rebuild_counting(t, size)
    kinds = {slot[0] for slot in t._stamps}
    assert {"top", "button", "pile"} <= kinds
    assert all(px is None for _, px, _ in t._stamps.values()), "nothing copied at first sight"
    whole_rebuild_counting(t, size)
    assert all(px is not None for _, px, _ in t._stamps.values()), "each copied once drawn twice the same"
    before = pixels(t.base)
    whole_rebuild_counting(t, size)
    assert pixels(t.base) == before == cold_picture(t, size)


@pytest.mark.parametrize("game,options", TABLES)
def test_a_new_size_and_a_new_deal_draw_what_a_table_draws_from_scratch(game, options):
    """What a picture remembers of the drawings before it (a column table's piles' cards and
    places per position, ColumnsTable.pile_view; the parts kept; the felt's plan) never outlives
    the layout or the deal it was made for: after a new window size, and after a new deal, the
    table's picture is the one it draws having forgotten all of them."""
    app = new_app(table_class(game)(7, dict(options)), (1280, 800), Store(MemoryStorage()))
    t = app.scene
    for _ in range(2):
        t.stale, t._picture = True, None
        app.frame()
    t.play(t.rules.legal_moves(t.state)[0])
    t.anim.tweens.clear()
    t.settle()
    app.frame()
    for size, deal in [((844, 390), None), ((1280, 800), None), ((1280, 800), 8)]:
        if deal is None:
            app.resize(*size)
        else:
            t.start(deal)
            t.anim.tweens.clear()
            t.settle()
        for _ in range(3):
            app.frame()
        t.stale = True
        app.frame()
        views = t.__dict__.pop("_views", None)
        assert pixels(t.base) == cold_picture(t, size)
        if views is not None:
            t._views = views


@pytest.mark.parametrize("game,options", TABLES)
def test_a_picture_from_scratch_lays_no_felt_under_its_cards_and_shows_the_same(game, options):
    """A picture drawn from scratch lays no felt under the bodies of its cards, also where a part
    drawn before them lies (none of its pixels is kept after a first drawing: Pyramid's rows,
    each over the row before, laid 79 % of the screen with felt, now 62 %), and it equals, pixel
    for pixel, the picture drawn over felt laid everywhere; so do the next two drawings (the
    parts kept, then copied)."""
    size = (1280, 800)
    app = new_app(table_class(game)(1, dict(options)), size, Store(MemoryStorage()))
    t = app.scene
    t.forget_drawings()
    _, laid = whole_rebuild_counting(t, size)
    got = pixels(t.base)
    t._kept_cover = lambda surface: ({}, [])     # the felt everywhere under the cards
    try:
        assert cold_picture(t, size) == got
    finally:
        del t._kept_cover
    if game == "pyramid":
        assert laid < 0.7 * size[0] * size[1], laid
    for _ in range(2):
        whole_rebuild_counting(t, size)
        assert pixels(t.base) == got
