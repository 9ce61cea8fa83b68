"""Text surfaces from pygame's bundled default font, cached (never rendered per frame).

``pygame.font.Font(None, size)`` is the bundled FreeSans Bold: it exists on the desktop and in the
browser (pygbag) and covers Latin and Cyrillic, but has no suit glyphs (suits are drawn as shapes,
see :mod:`ui.cards_art`).
"""
from __future__ import annotations

import pygame

_fonts: dict[int, pygame.font.Font] = {}
_cache: dict[tuple, pygame.Surface] = {}
_MAX = 3000


def font(size: int) -> pygame.font.Font:
    """The default font at ``size`` pixels (cached)."""
    size = max(6, int(size))
    f = _fonts.get(size)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _fonts[size] = pygame.font.Font(None, size)
    return f


def render(text: str, size: int, color=(255, 255, 255)) -> pygame.Surface:
    """``text`` rendered anti-aliased at ``size`` px in ``color`` (cached by all three)."""
    key = (text, int(size), tuple(color))
    s = _cache.get(key)
    if s is None:
        if len(_cache) > _MAX:
            _cache.clear()
        s = _cache[key] = font(size).render(text, True, color)
    return s


def fit(text: str, size: int, max_width: int, min_size: int = 10) -> int:
    """The largest size ≤ ``size`` (not below ``min_size``) at which ``text`` is ≤ ``max_width`` px wide."""
    size = int(size)
    while size > min_size and font(size).size(text)[0] > max_width:
        size -= 1
    return size


def blit_center(surface: pygame.Surface, img: pygame.Surface, center) -> pygame.Rect:
    """Blit ``img`` centred on ``center``; returns its rect."""
    r = img.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(img, r)
    return r


def wrap(text: str, size: int, max_width: int) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` at ``size`` (words kept whole)."""
    f = font(size)
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and f.size(trial)[0] > max_width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines or [""]


def clear() -> None:
    """Forget rendered texts (after a language change, to free memory)."""
    _cache.clear()
