"""Small drawings of each game for the home screen: the game's layout in miniature, its face-up
cards from the rules (:meth:`games.core.Rules.preview_cards`: deal 1's cards), drawn with the
real card art at a small width. Cached per game, size, back and colours."""
from __future__ import annotations

import pygame

from games.registry import find_game

from .. import cards_art
from ..table import table_class

def spec(game: str) -> list[tuple[float, float, bool]]:
    """Card places ``(x, y, face_up)`` of ``game``'s miniature (its table's
    :meth:`~ui.table.base.GameTable.preview_places`)."""
    return table_class(game).preview_places()


_cache: dict[tuple, pygame.Surface] = {}


def cached(game: str, size: tuple[int, int], back: str = "blue", four: bool = False) -> pygame.Surface | None:
    """The drawing :func:`preview` made earlier for these arguments, else ``None`` (nothing is
    imported nor drawn)."""
    return _cache.get((game, tuple(size), back, four))


def _fit(places, size) -> tuple[int, float, float]:
    """The card width (px) and the top-left offset ``(ox, oy)`` of ``places`` fitted into ``size``."""
    R = cards_art.RATIO
    maxx = max(x for x, _, _ in places) + 1
    maxy = max(y for _, y, _ in places) + R
    w = max(6, int(min(size[0] / maxx, size[1] / maxy)))
    return w, (size[0] - maxx * w) / 2, (size[1] - maxy * w) / 2


def want(game: str, size: tuple[int, int], back: str = "blue", four: bool = False) -> int:
    """Queue (``cards_art.want``, among the images the next picture needs) the card faces and
    back the miniature of ``game`` at ``size`` px draws that are not made yet, so that
    :func:`preview` then only copies them; returns how many are still to make (0: ready). The
    first call for a game imports its table (:func:`ui.table.table_class`) and rules."""
    places = spec(game)
    if not places:
        return 0
    w = _fit(places, size)[0]
    compact = table_class(game).compact_preview
    cards = find_game(game).preview_cards()
    n, k = 0, 0
    for _, _, up in places:
        if up:
            c = cards[k % len(cards)]
            k += 1
            key = cards_art.face_key(c, w, four, compact)
            maker = lambda c=c: cards_art.face(c, w, four, compact=compact)
        elif up is None:
            continue
        else:
            key, maker = ("back", w, back), lambda: cards_art.back(w, back)
        if not cards_art.cached(key):
            cards_art.want(key, maker, soon=True)
            n += 1
    return n


def preview(game: str, size: tuple[int, int], back: str = "blue", four: bool = False) -> pygame.Surface:
    """The drawing of ``game`` fitted into ``size`` px (transparent around it). The first call for
    a game imports its table (:func:`ui.table.table_class`) and rules. It draws the faces it
    needs that are not made yet (a few ms each in WebAssembly): :func:`want` has them made
    ahead."""
    key = (game, tuple(size), back, four)
    img = _cache.get(key)
    if img is not None:
        return img
    places = spec(game)
    img = pygame.Surface(size, pygame.SRCALPHA)
    if places:
        w, ox, oy = _fit(places, size)
        cards = find_game(game).preview_cards()
        compact = table_class(game).compact_preview
        k = 0
        for x, y, up in places:
            r = pygame.Rect(round(ox + x * w), round(oy + y * w), w, cards_art.card_height(w))
            if up is None:
                pygame.draw.rect(img, (255, 255, 255, 70), r, max(1, w // 14), border_radius=cards_art.radius(w))
            elif up:
                img.blit(cards_art.face(cards[k % len(cards)], w, four, compact=compact), r)
                k += 1
            else:
                img.blit(cards_art.back(w, back), r)
    if len(_cache) > 40:
        _cache.clear()
    _cache[key] = img
    return img
