"""Small drawings of each game for the home screen: the game's layout in miniature, its face-up
cards from the rules (:meth:`games.core.Rules.preview_cards`: deal 1's cards), drawn with the
real card art at a small width. Cached per game, size, back and colours."""
from __future__ import annotations

import pygame

from games.registry import find_game
from games.tripeaks import LAYOUT as TP_LAYOUT

from .. import cards_art

R = cards_art.RATIO
FANNED = ("spider", "klondike", "freecell")


def spec(game: str) -> list[tuple[float, float, bool]]:
    """Card places ``(x, y, face_up)`` in card widths (a card is 1 × 1.4), back to front;
    ``face_up`` None marks an empty place (an outline)."""
    out: list = []
    if game == "tripeaks":
        for i, (x, y) in enumerate(TP_LAYOUT.slots):
            out.append((x * 0.5, y * 0.5 * R, i >= 18))
        out += [(3.2, 3.3 * R, False), (4.5, 3.3 * R, True)]
    elif game == "pyramid":
        for r in range(7):
            for i in range(r + 1):
                out.append((3 - r / 2 + i, r * 0.5 * R, True))
        out += [(7.4, 0, True), (7.4, 1.2 * R, True)]
    elif game == "devils-grip":
        for r in range(3):
            for c in range(8):
                out.append((c * 1.1, r * 1.08 * R, True))
        out += [(0, 3.35 * R, False), (1.2, 3.35 * R, True)]
    elif game == "spider":
        for c in range(10):
            n = 6 if c < 4 else 5
            for k in range(n):
                out.append((c * 1.12, k * 0.22 * R, k == n - 1))
        out += [(9 * 1.12 - k * 0.15, 2.3 * R, False) for k in range(3)]
    elif game == "klondike":
        out += [(0, 0, False), (1.15, 0, True)]
        out += [(3.45 + k * 1.15, 0, None) for k in range(4)]
        for c in range(7):
            for k in range(c + 1):
                out.append((c * 1.15, 1.2 * R + k * 0.2 * R, k == c))
    elif game == "freecell":
        out += [(k * 1.1, 0, None) for k in range(8)]
        for c in range(8):
            for k in range(7 if c < 4 else 6):
                out.append((c * 1.1, 1.2 * R + k * 0.3 * R, True))
    return out


_cache: dict[tuple, pygame.Surface] = {}


def preview(game: str, size: tuple[int, int], back: str = "blue", four: bool = False) -> pygame.Surface:
    """The drawing of ``game`` fitted into ``size`` px (transparent around it)."""
    key = (game, tuple(size), back, four)
    img = _cache.get(key)
    if img is not None:
        return img
    places = spec(game)
    img = pygame.Surface(size, pygame.SRCALPHA)
    if places:
        maxx = max(x for x, _, _ in places) + 1
        maxy = max(y for _, y, _ in places) + R
        w = max(6, int(min(size[0] / maxx, size[1] / maxy)))
        ox = (size[0] - maxx * w) / 2
        oy = (size[1] - maxy * w) / 2
        cards = find_game(game).preview_cards()
        k = 0
        for x, y, up in places:
            r = pygame.Rect(round(ox + x * w), round(oy + y * w), w, cards_art.card_height(w))
            if up is None:
                pygame.draw.rect(img, (255, 255, 255, 70), r, max(1, w // 14), border_radius=cards_art.radius(w))
            elif up:
                img.blit(cards_art.face(cards[k % len(cards)], w, four, compact=game in FANNED), r)
                k += 1
            else:
                img.blit(cards_art.back(w, back), r)
    if len(_cache) > 40:
        _cache.clear()
    _cache[key] = img
    return img
