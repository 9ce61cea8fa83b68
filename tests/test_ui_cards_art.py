"""Cards copied opaque where they are opaque (ui/cards_art.py): the same pixels as the whole
shadow, halo and card blended one over the other, with less blending (WebAssembly blends without
SIMD, docs/web.md "Speed in WebAssembly")."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ui import cards_art  # noqa: E402
from ui.frame import felt  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    cards_art.clear()


def whole(surface, art, card, rect, face_up=True, shade=True, halo=None, rows=None, veil=None):
    """The reference: every image blended whole (rows: the card cut below ``rows``; veil: laid
    over the card)."""
    w = rect.width
    if shade:
        s, (dx, dy) = cards_art.shadow(w)
        surface.blit(s, (rect.x + dx, rect.y + dy))
    if halo is not None:
        g, (dx, dy) = cards_art.glow(w, halo)
        surface.blit(g, (rect.x + dx, rect.y + dy))
    if card is None:
        img = cards_art.placeholder(w)
    elif face_up:
        img = cards_art.face(card, w, art.four_colour, art.compact, art.narrow)
    else:
        img = cards_art.back(w, art.back_style)
    surface.blit(img, rect.topleft, None if rows is None else pygame.Rect(0, 0, w, rows))
    if veil is not None:
        surface.blit(veil, rect.topleft)


def differing(a, b) -> int:
    return sum(1 for y in range(a.get_height()) for x in range(a.get_width()) if a.get_at((x, y)) != b.get_at((x, y)))


@pytest.mark.parametrize("w", [23, 36, 57, 90, 131])
def test_band_is_opaque_and_equal_to_the_card(w):
    for img in (cards_art.face(0x1d, w), cards_art.compact_face(0x3b, w, True), cards_art.back(w, "red"),
                cards_art.face(0x01, w, narrow=True)):
        band, top, bottom = cards_art.opaque_band(img)
        h = img.get_height()
        corner = cards_art.radius(w) + 2
        assert 0 < top <= corner and h - corner <= bottom < h
        assert band.get_size() == (w, bottom - top)
        for y in range(top, bottom):
            for x in range(w):
                c = img.get_at((x, y))
                assert c.a == 255 and band.get_at((x, y - top))[:3] == c[:3]
        # the corner rows are not opaque: they are blended
        assert img.get_at((0, 0)).a < 255 and img.get_at((w - 1, h - 1)).a < 255


@pytest.mark.parametrize("w", [36, 90])
def test_a_column_drawn_with_bands_equals_whole_cards_blended(w):
    """A fanned column (face-down then face-up, the covered cards cut at ``rows``), glowing cards,
    a lone card and an empty pile's outline: the same pixels as whole images blended."""
    h = cards_art.card_height(w)
    size = (w * 7, h * 4)
    art = cards_art.CardArt(compact=True)
    ours, ref = pygame.Surface(size).convert(), pygame.Surface(size).convert()
    bg = felt(size)
    for surf, draw in ((ours, art.draw), (ref, lambda *a, **k: whole(a[0], art, *a[1:], **k))):
        surf.blit(bg, (0, 0))
        cards = [(0x11, False), (0x25, False), (0x3c, True), (0x0b, True), (0x2a, True)]
        for x, step in ((2, h // 5), (w + 6, cards_art.radius(w) + 2)):   # a loose fan, the tightest
            for i, (c, up) in enumerate(cards):
                r = pygame.Rect(x, 8 + i * step, w, h)
                rows = step + cards_art.radius(w) + 2 if i + 1 < len(cards) else None
                draw(surf, c, r, up, True, None, rows=rows)
        draw(surf, 0x1c, pygame.Rect(3 * w, 10, w, h), True, True, cards_art.GLOW)
        draw(surf, 0x2d, pygame.Rect(3 * w + 7, h + 40, w, h), False, True, cards_art.HINT)
        draw(surf, 0x31, pygame.Rect(4 * w + 20, 12, w, h), True, False)
        draw(surf, None, pygame.Rect(4 * w + 20, h + 40, w, h), shade=False)
        veil = cards_art.rounded(w, h, cards_art.radius(w), (20, 40, 30, 110))   # Pyramid's shade
        draw(surf, 0x2b, pygame.Rect(5 * w, 30, w, h), True, True, None, veil=veil)
        draw(surf, 0x34, pygame.Rect(5 * w + 9, h // 2, w, h), False, True, cards_art.GLOW, veil=veil)
    assert differing(ours, ref) == 0


@pytest.mark.parametrize("w", [23, 36, 57, 90, 131])
def test_opaque_columns_are_opaque_top_to_bottom(w):
    """The cross a card is copied through: its middle columns are opaque on every row, within
    ``radius + 2`` px of each side (what :meth:`CardArt.plan` assumes of the covering card)."""
    for img in (cards_art.face(0x1d, w), cards_art.compact_face(0x3b, w, True), cards_art.back(w, "red"),
                cards_art.face(0x01, w, narrow=True)):
        c = cards_art.opaque_columns(img)
        h = img.get_height()
        assert c is not None and 0 < c <= cards_art.radius(w) + 2
        assert all(img.get_at((x, y)).a == 255 for y in range(h) for x in range(c, w - c))
        assert img.get_at((c - 1, 0)).a < 255 or img.get_at((w - c, 0)).a < 255 or \
            img.get_at((c - 1, h - 1)).a < 255 or img.get_at((w - c, h - 1)).a < 255


def test_rect_minus_covers_each_uncovered_pixel_once():
    import random
    rnd = random.Random(7)
    for _ in range(200):
        w, h = rnd.randint(1, 30), rnd.randint(1, 30)
        holes = [(rnd.randint(-5, w), rnd.randint(-5, h), rnd.randint(0, 20), rnd.randint(0, 20))
                 for _ in range(rnd.randint(0, 4))]
        inside = {(x, y) for hx, hy, hw, hh in holes for x in range(hx, hx + hw) for y in range(hy, hy + hh)}
        want = {(x, y) for x in range(w) for y in range(h)} - inside
        got = [(x, y) for rx, ry, rw, rh in cards_art.rect_minus(w, h, holes)
               for x in range(rx, rx + rw) for y in range(ry, ry + rh)]
        assert len(got) == len(set(got)) and set(got) == want


def test_rounded_equals_the_whole_supersampled_drawing():
    """:func:`cards_art.rounded` (a small supersampled square, its corners copied and its middle
    stretched) gives the pixels of the whole rectangle drawn supersampled and scaled down: card
    faces and empty piles of every width, and wide translucent bands with and without an edge."""
    import random

    rnd = random.Random(15)
    cases = [(w, cards_art.card_height(w), cards_art.radius(w), cards_art.FACE, cards_art.EDGE,
              1.0 if w < 80 else 1.4) for w in range(20, 140, 5)]
    cases += [(w, cards_art.card_height(w), cards_art.radius(w), (0, 0, 0, 40), (255, 255, 255, 90), 1.5)
              for w in range(20, 140, 11)]
    cases += [(rnd.randint(30, 900), rnd.randint(20, 200), rnd.randint(2, 24), (255, 255, 255, rnd.randint(8, 255)),
               rnd.choice([None, (200, 10, 10, 255)]), rnd.choice([1.0, 1.5, 2.5])) for _ in range(40)]
    for w, h, r, fill, edge, ew in cases:
        fast, whole = cards_art.rounded(w, h, r, fill, edge, ew), cards_art.rounded_whole(w, h, r, fill, edge, ew)
        assert fast.get_size() == whole.get_size() == (w, h)
        assert pygame.image.tobytes(fast, "RGBA") == pygame.image.tobytes(whole, "RGBA"), (w, h, r, edge, ew)
