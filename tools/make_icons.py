"""Draw Pasyans' icons: ``static/icon-192.png``, ``static/icon-512.png`` and ``web/favicon.png``.

Run ``python tools/make_icons.py`` after changing the drawing; the PNGs are committed. The
drawing: a green felt square (a maskable icon: the cards stay inside the central 80 % "safe
zone" of the Web App Manifest spec), three fanned cards, the front one the ace of spades.
Sizes are pixels; everything is drawn at 4× and smoothscaled down for soft edges.
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FELT = (21, 101, 52)
FELT_LIGHT = (38, 140, 78)
CARD = (250, 250, 246)
EDGE = (150, 150, 150)
RED = (198, 40, 40)
BLACK = (27, 27, 27)


def _card(w: int, h: int, colour, pip: str) -> pygame.Surface:
    """One card of ``w``×``h`` px with a big centred pip ("spade" or "heart")."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, int(w * 0.08))
    pygame.draw.rect(s, EDGE, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, CARD, s.get_rect().inflate(-max(2, w // 40) * 2, -max(2, w // 40) * 2), border_radius=r)
    cx, cy, k = w / 2, h / 2, w * 0.28
    if pip == "heart":
        pygame.draw.circle(s, colour, (cx - k * 0.5, cy - k * 0.25), k * 0.55)
        pygame.draw.circle(s, colour, (cx + k * 0.5, cy - k * 0.25), k * 0.55)
        pygame.draw.polygon(s, colour, [(cx - k * 1.03, cy - k * 0.05), (cx + k * 1.03, cy - k * 0.05), (cx, cy + k * 1.1)])
    else:  # spade: an upside-down heart and a stem
        pygame.draw.circle(s, colour, (cx - k * 0.5, cy + k * 0.25), k * 0.55)
        pygame.draw.circle(s, colour, (cx + k * 0.5, cy + k * 0.25), k * 0.55)
        pygame.draw.polygon(s, colour, [(cx - k * 1.03, cy + k * 0.05), (cx + k * 1.03, cy + k * 0.05), (cx, cy - k * 1.1)])
        pygame.draw.polygon(s, colour, [(cx, cy + k * 0.2), (cx - k * 0.45, cy + k * 1.15), (cx + k * 0.45, cy + k * 1.15)])
    return s


def draw(size: int) -> pygame.Surface:
    """The icon as a ``size``×``size`` surface (opaque: manifests want full-bleed icons)."""
    big = size * 4
    s = pygame.Surface((big, big))
    s.fill(FELT)
    # a gentle radial light on the felt
    for i in range(24, 0, -1):
        t = i / 24
        c = [int(FELT[j] + (FELT_LIGHT[j] - FELT[j]) * (1 - t)) for j in range(3)]
        pygame.draw.circle(s, c, (big / 2, big * 0.45), big * 0.7 * t)
    w = int(big * 0.34)
    h = int(w * 7 / 5)
    for angle, colour, pip, dx in ((18, RED, "heart", 0.13), (0, RED, "heart", 0.0), (-18, BLACK, "spade", -0.13)):
        c = pygame.transform.rotate(_card(w, h, colour, pip), angle)
        rect = c.get_rect(center=(big / 2 - dx * big, big * 0.52 + abs(math.sin(math.radians(angle))) * big * 0.04))
        s.blit(c, rect)
    return pygame.transform.smoothscale(s, (size, size))


def main(argv: list[str] | None = None) -> int:
    """Write the three PNGs; prints each path and size."""

    out = [(ROOT / "static" / "icon-192.png", 192), (ROOT / "static" / "icon-512.png", 512), (ROOT / "web" / "favicon.png", 64)]
    for path, size in out:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw(size), str(path))
        print(f"{path.relative_to(ROOT)}: {size}x{size}, {path.stat().st_size} bytes")

    return 0


if __name__ == "__main__":
    import argparse

    argparse.ArgumentParser(description="Write the app's icons: static/icon-192.png, static/icon-512.png, "
                                        "web/favicon.png.").parse_args()
    sys.exit(main())
