"""The frame shared by every table: screen shape, top bar, button bar, status line, felt, icons.

Geometry is data (``layouts/screen.toml``, one section per shape); :func:`frame_layout` turns it
into rectangles for a window size. Icons are drawn from shapes (no font glyphs needed).
"""
from __future__ import annotations

import math
import operator
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from . import text

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
FELT = (17, 94, 52)
FELT_LIGHT = (38, 132, 76)
INK = (240, 244, 238)
TOUCH = 44
"""The least touch target, px each way (Apple's Human Interface Guidelines: 44 pt)."""


def grow_to(r: pygame.Rect, least: int) -> pygame.Rect:
    """``r`` grown about its centre to at least ``least`` px wide and tall (a touch target)."""
    g = pygame.Rect(r)
    if g.width < least or g.height < least:
        g = g.inflate(max(0, least - g.width), max(0, least - g.height))
    return g
DIM = (190, 214, 196)
WARN = (255, 205, 120)
_toml_cache: dict[str, dict] = {}


def load_toml(rel: str) -> dict:
    """``layouts/rel`` parsed (cached)."""
    if rel not in _toml_cache:
        _toml_cache[rel] = tomllib.loads((LAYOUTS / rel).read_text(encoding="utf-8"))
    return _toml_cache[rel]


def shape_of(w: int, h: int) -> str:
    """``portrait`` (taller than wide), ``landscape`` (a phone on its side: height < 560) or ``desktop``."""
    if h > w:
        return "portrait"
    if h < 560:
        return "landscape"
    return "desktop"


@dataclass
class Frame:
    """The frame's rectangles for one window size.

    Attributes: ``shape``; ``scale`` (1 except on a scaled desktop); ``top`` bar (its row of items,
    ``p["top_bar"]`` px, and under it the deal code's row, ``p["deal_row"]`` px, 0 when the code
    is one of the items), ``bar`` (the buttons' bar), ``status`` line and ``table`` (what is left
    for the cards), all ``pygame.Rect``; ``p`` the shape's parameters, with px values already
    scaled.
    """

    size: tuple[int, int]
    shape: str
    scale: float
    top: pygame.Rect
    bar: pygame.Rect
    status: pygame.Rect
    table: pygame.Rect
    p: dict = field(default_factory=dict)

    def button_rects(self, n: int, left_handed: bool = False) -> list[pygame.Rect]:
        """``n`` button rectangles centred in the bar, in the buttons' order. Left-handed, the
        bar is mirrored left-right: a bottom bar's row runs right to left, a side column (which
        :func:`frame_layout` puts on the left) keeps its order top to bottom."""
        bw, bh = self.p["button"]
        gap = self.p["button_gap"]
        out = []
        if self.p["buttons"] == "bottom":
            avail = self.bar.width - 2 * self.p["margin"]
            bw = min(bw, (avail - gap * (n - 1)) // n)
            total = n * bw + (n - 1) * gap
            x0 = self.bar.centerx - total // 2
            for i in range(n):
                out.append(pygame.Rect(x0 + i * (bw + gap), self.bar.centery - bh // 2, bw, bh))
        else:
            avail = self.bar.height - 2 * self.p["margin"]
            bh = min(bh, (avail - gap * (n - 1)) // n)
            total = n * bh + (n - 1) * gap
            y0 = self.bar.centery - total // 2
            for i in range(n):
                out.append(pygame.Rect(self.bar.centerx - bw // 2, y0 + i * (bh + gap), bw, bh))
        return out[::-1] if left_handed and self.p["buttons"] == "bottom" else out


def frame_layout(w: int, h: int, left_handed: bool = False) -> Frame:
    """The frame for a ``w``×``h`` window (``layouts/screen.toml``)."""
    shape = shape_of(w, h)
    p = dict(load_toml("screen.toml")[shape])
    scale = 1.0
    if "reference" in p:
        rw, rh = p["reference"]
        scale = max(p["scale_min"], min(p["scale_max"], min(w / rw, h / rh)))
    p.setdefault("deal_row", 0)
    p.setdefault("deal_text", 0)
    for k in ("top_bar", "top_text", "deal_row", "deal_text", "button_gap", "bar", "label", "status", "margin"):
        p[k] = round(p[k] * scale)
    p["button"] = [round(v * scale) for v in p["button"]]
    top = pygame.Rect(0, 0, w, p["top_bar"] + p["deal_row"])
    if p["buttons"] == "bottom":
        bar = pygame.Rect(0, h - p["bar"], w, p["bar"])
        status = pygame.Rect(0, bar.top - p["status"], w, p["status"])
        table = pygame.Rect(0, top.bottom, w, status.top - top.bottom)
    else:
        bar = pygame.Rect(w - p["bar"], top.bottom, p["bar"], h - top.bottom)
        if left_handed:
            bar.x = 0
        status = pygame.Rect(0, h - p["status"], w - bar.width, p["status"])
        if left_handed:
            status.x = bar.right
        table = pygame.Rect(status.x, top.bottom, status.width, status.top - top.bottom)
    m = p["margin"]
    return Frame((w, h), shape, scale, top, bar, status, table.inflate(-2 * m, -m), p)


# -- the felt --------------------------------------------------------------------------------------
_felt: dict[tuple[int, int], pygame.Surface] = {}


def opaque_surface(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface of ``size`` px (black) in the display's pixel format once a display
    is set (else pygame's default): what ``pygame.Surface(size).convert()`` gives, without the
    conversion's copy of every pixel (a 1280×800 one: 4.4 ms against 0.3 ms natively)."""
    display = pygame.display.get_surface()
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A deep green felt with a gentle radial light, ``size`` px (cached per size)."""
    s = _felt.get(size)
    if s is None:
        w, h = size
        sw, sh = max(8, w // 8), max(8, h // 8)
        cx, cy = sw / 2, sh * 0.42
        rmax = math.hypot(sw / 2, sh * 0.6)
        # one RGB byte string for the small picture; a row is symmetric about cx, so each
        # distance |x - cx| is worked out once per row (the same numbers as pixel by pixel), and
        # the row's pixels are picked from those colours in C (itemgetter), not one by one
        (r0, g0, b0), (r1, g1, b1) = FELT, FELT_LIGHT
        dxs = [abs(x - cx) for x in range(sw)]
        distinct = sorted(set(dxs))
        pick = operator.itemgetter(*(distinct.index(dx) for dx in dxs))
        rows = []
        for y in range(sh):
            dy = y - cy
            colours = []
            for dx in distinct:
                t = min(1.0, math.hypot(dx, dy) / rmax)
                k = (1 - t) ** 1.6
                j = 1 - k
                colours.append(bytes((round(r0 * j + r1 * k), round(g0 * j + g1 * k), round(b0 * j + b1 * k))))
            rows.append(b"".join(pick(colours)))
        small = pygame.image.frombuffer(b"".join(rows), (sw, sh), "RGB").copy()
        s = pygame.transform.smoothscale(small, size)
        if pygame.display.get_surface():
            s = s.convert()
        if len(_felt) > 6:
            _felt.clear()
        _felt[size] = s
    return s


# -- icons -----------------------------------------------------------------------------------------
_icons: dict[tuple, pygame.Surface] = {}


def icon(name: str, size: int, color=INK) -> pygame.Surface:
    """An icon drawn from shapes (``undo``, ``redo``, ``hint``, ``new``, ``code``, ``options``, ``back``,
    ``home``, ``arrow``, ``stats``, ``ok``, ``close``, ``menu``, ``rescue``, ``redeal``), ``size`` px square, anti-aliased (drawn 4× and scaled down)."""
    key = (name, size, tuple(color))
    if key in _icons:
        return _icons[key]
    if name == "redo":      # undo's arrow, mirrored
        img = pygame.transform.flip(icon("undo", size, color), True, False)
        _icons[key] = img
        return img
    S = size * 4
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = color
    lw = max(4, S // 11)
    if name == "undo":
        r = S * 0.30
        rect = pygame.Rect(S * 0.5 - r, S * 0.5 - r, 2 * r, 2 * r)
        pygame.draw.arc(big, c, rect, math.radians(-100), math.radians(150), lw)
        ax, ay = S * 0.5 + r * math.cos(math.radians(150)), S * 0.5 - r * math.sin(math.radians(150))
        pygame.draw.polygon(big, c, [(ax - S * 0.17, ay - S * 0.02), (ax + S * 0.12, ay - S * 0.12),
                                     (ax + S * 0.03, ay + S * 0.18)])
    elif name == "hint":
        pygame.draw.circle(big, c, (S * 0.5, S * 0.40), S * 0.25)
        pygame.draw.rect(big, c, pygame.Rect(S * 0.37, S * 0.58, S * 0.26, S * 0.14))
        pygame.draw.rect(big, c, pygame.Rect(S * 0.39, S * 0.76, S * 0.22, S * 0.07), border_radius=S // 30)
        pygame.draw.circle(big, (0, 0, 0, 0), (S * 0.44, S * 0.35), S * 0.07)
    elif name == "new":
        for k, ang in enumerate((-14, 10)):
            card = pygame.Surface((S * 0.42, S * 0.58), pygame.SRCALPHA)
            pygame.draw.rect(card, c, card.get_rect(), lw, border_radius=S // 20)
            if k == 1:
                pygame.draw.rect(card, c, card.get_rect().inflate(-lw * 3, -lw * 3), border_radius=S // 30)
            rc = pygame.transform.rotate(card, ang)
            big.blit(rc, rc.get_rect(center=(S * (0.42 + 0.16 * k), S * 0.5)))
    elif name == "code":
        for k in (0.36, 0.64):
            pygame.draw.line(big, c, (S * (k + 0.05), S * 0.18), (S * (k - 0.05), S * 0.82), lw)
            pygame.draw.line(big, c, (S * 0.16, S * k), (S * 0.84, S * k), lw)
    elif name == "options":
        cx = cy = S / 2
        pts = []
        for i in range(32):
            a = i / 32 * 2 * math.pi
            r = S * (0.40 if (i // 2) % 2 == 0 else 0.30)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        pygame.draw.polygon(big, c, pts)
        pygame.draw.circle(big, (0, 0, 0, 0), (cx, cy), S * 0.13)
    elif name == "back":  # backspace
        pygame.draw.polygon(big, c, [(S * 0.08, S * 0.5), (S * 0.32, S * 0.22), (S * 0.9, S * 0.22),
                                     (S * 0.9, S * 0.78), (S * 0.32, S * 0.78)])
        for a, b in (((0.45, 0.36), (0.72, 0.64)), ((0.45, 0.64), (0.72, 0.36))):
            pygame.draw.line(big, (0, 0, 0, 0), (S * a[0], S * a[1]), (S * b[0], S * b[1]), lw)
    elif name == "home":
        pygame.draw.polygon(big, c, [(S * 0.5, S * 0.14), (S * 0.88, S * 0.5), (S * 0.12, S * 0.5)])
        pygame.draw.rect(big, c, pygame.Rect(S * 0.22, S * 0.46, S * 0.56, S * 0.4))
        pygame.draw.rect(big, (0, 0, 0, 0), pygame.Rect(S * 0.43, S * 0.62, S * 0.14, S * 0.24))
    elif name == "arrow":  # back: an arrow pointing left
        pygame.draw.line(big, c, (S * 0.25, S * 0.5), (S * 0.82, S * 0.5), lw + 2)
        pygame.draw.polygon(big, c, [(S * 0.12, S * 0.5), (S * 0.42, S * 0.2), (S * 0.42, S * 0.8)])
    elif name == "stats":
        for k, hh in enumerate((0.35, 0.6, 0.45, 0.75)):
            x = S * (0.14 + k * 0.19)
            pygame.draw.rect(big, c, pygame.Rect(x, S * (0.86 - hh), S * 0.14, S * hh))
        pygame.draw.line(big, c, (S * 0.08, S * 0.88), (S * 0.92, S * 0.88), lw // 2 + 1)
    elif name == "redeal":  # a circular arrow: the waste turns back into the stock
        r = S * 0.30
        rect = pygame.Rect(S * 0.5 - r, S * 0.5 - r, 2 * r, 2 * r)
        pygame.draw.arc(big, c, rect, math.radians(20), math.radians(320), lw)
        ax, ay = S * 0.5 + r * math.cos(math.radians(20)), S * 0.5 - r * math.sin(math.radians(20))
        pygame.draw.polygon(big, c, [(ax - S * 0.15, ay - S * 0.02), (ax + S * 0.13, ay - S * 0.04),
                                     (ax - S * 0.02, ay + S * 0.22)])
    elif name == "menu":  # three bars: the pause menu
        for y in (0.28, 0.5, 0.72):
            pygame.draw.line(big, c, (S * 0.2, S * y), (S * 0.8, S * y), lw + 2)
    elif name == "rescue":  # a lifebuoy: a ring in four bands
        ctr = (S * 0.5, S * 0.5)
        pygame.draw.circle(big, c, ctr, S * 0.40, round(S * 0.16))
        for a in (45, 135, 225, 315):
            x, y = math.cos(math.radians(a)), math.sin(math.radians(a))
            pygame.draw.line(big, (0, 0, 0, 0), (ctr[0] + x * S * 0.22, ctr[1] + y * S * 0.22),
                             (ctr[0] + x * S * 0.42, ctr[1] + y * S * 0.42), lw)
    elif name == "ok":
        pygame.draw.lines(big, c, False, [(S * 0.2, S * 0.52), (S * 0.42, S * 0.74), (S * 0.82, S * 0.28)], lw + 2)
    elif name == "close":
        pygame.draw.line(big, c, (S * 0.25, S * 0.25), (S * 0.75, S * 0.75), lw + 2)
        pygame.draw.line(big, c, (S * 0.25, S * 0.75), (S * 0.75, S * 0.25), lw + 2)
    img = pygame.transform.smoothscale(big, (size, size))
    _icons[key] = img
    return img


class Button:
    """A large button: an icon over a label (either may be absent). It fires on release over itself
    (the scene compares the press and release targets)."""

    def __init__(self, name: str, rect: pygame.Rect, label: str = "", icon_name: str | None = None,
                 label_size: int = 16, style: str = "bar", enabled: bool = True):
        self.name, self.rect, self.label, self.icon_name = name, pygame.Rect(rect), label, icon_name
        self.label_size, self.style, self.enabled = label_size, style, enabled
        self.icon_only = False   # an icon button whose label is not drawn (no room at a readable size)
        self.pressed = False
        self.selected = False

    def draw(self, surface: pygame.Surface, under=None) -> None:
        """The button on ``surface``. ``under``: the opaque colour of every pixel under its rect
        (a panel's inside), or ``None``: its background is then copied from one blended over
        that colour once (:func:`rounded_over`), not blended again, the same pixels."""
        r = self.rect
        if self.style == "bar":
            fill = (255, 255, 255, 70 if self.pressed else 34)
        elif self.style == "primary":
            fill = (79, 195, 247, 255) if not self.pressed else (129, 212, 250, 255)
        elif self.style == "key":
            fill = (255, 255, 255, 60 if self.pressed else 30)
        else:
            fill = (255, 255, 255, 90 if self.pressed or self.selected else 40)
        bg = _rounded_cache(r.size, fill) if under is None else rounded_over(r.size, fill, under)
        surface.blit(bg, r.topleft)
        ink = INK if self.enabled else (140, 160, 150)
        if self.style == "primary":
            ink = (10, 40, 60)
        label = "" if self.icon_only and self.icon_name else self.label
        if self.icon_name and label:
            isz = round(min(r.height * 0.55, r.width * 0.6))
            ls = text.fit(label, self.label_size, r.width - 6, text.MIN_SIZE)
            img = text.render(label, ls, ink)
            total = isz + img.get_height() * 0.85
            y0 = r.centery - total / 2
            surface.blit(icon(self.icon_name, isz, ink), (r.centerx - isz // 2, round(y0)))
            text.blit_center(surface, img, (r.centerx, y0 + isz + img.get_height() * 0.45))
        elif self.icon_name:
            isz = round(min(r.height, r.width) * 0.62)
            surface.blit(icon(self.icon_name, isz, ink), (r.centerx - isz // 2, r.centery - isz // 2))
        else:
            ls = text.fit(label, self.label_size, r.width - 10, text.MIN_SIZE)
            # too long even at the least readable size: in as many lines as it needs
            lines = [label] if text.width(label, ls) <= r.width - 10 else text.wrap(label, ls, r.width - 10)
            lh = text.font(ls).get_linesize()
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, ls, ink),
                                 (r.centerx, round(r.centery + (k - (len(lines) - 1) / 2) * lh)))


_rr: dict[tuple, pygame.Surface] = {}


def _rounded_cache(size, fill) -> pygame.Surface:
    key = (tuple(size), tuple(fill))
    s = _rr.get(key)
    if s is None:
        from .cards_art import rounded

        rad = max(6, min(size) // 5)
        s = _rr[key] = rounded(size[0], size[1], rad, fill)
        if len(_rr) > 400:
            _rr.clear()
    return s


PANEL_FILL = (14, 44, 30)
"""A modal panel's colour (opaque within its rounded edge)."""
PANEL_EDGE = (255, 255, 255, 70)
PANEL_RADIUS = 18      # px: a panel's corners


def rounded_over(size, fill, under) -> pygame.Surface:
    """A button's rounded background (``fill`` with its alpha) blended over the opaque colour
    ``under``, as an opaque surface of ``size`` px (cached): copied where that colour lies under
    it, the pixels of the blend without blending (WebAssembly blends every pixel of a blit)."""
    key = ("over", tuple(size), tuple(fill), tuple(under))
    s = _rr.get(key)
    if s is None:
        s = opaque_surface(size)
        s.fill(under)
        s.blit(_rounded_cache(size, fill), (0, 0))
        _rr[key] = s
    return s


def panel_surface(size, fill=PANEL_FILL, edge=PANEL_EDGE) -> pygame.Surface:
    """A modal panel's background, ``size`` px: ``fill`` (opaque) within an anti-aliased rounded
    edge line (cached by size)."""
    key = ("panel", tuple(size), tuple(fill), tuple(edge))
    s = _rr.get(key)
    if s is None:
        from .cards_art import rounded

        s = _rr[key] = rounded(size[0], size[1], PANEL_RADIUS, (*fill[:3], 255), edge, 1.5)
    return s


def draw_panel_background(surface: pygame.Surface, rect: pygame.Rect, fill=PANEL_FILL, edge=PANEL_EDGE) -> None:
    """A modal panel's background (:func:`panel_surface`) over ``rect`` (px), pixel for pixel its
    blit: only its rounded corners and the edge line along its sides are blended, the rest
    (opaque, ``fill``: :func:`panel_filled`) is filled. WebAssembly blends every pixel of a blit
    without SIMD: Options' panel at 1280x800 (560x772 px) took 5.8 ms blended whole in the page
    (docs/web.md, "Session 29")."""
    img = panel_surface(rect.size, fill, edge)
    w, h = rect.size
    c, e = PANEL_RADIUS + 2, PANEL_EDGE_REACH
    if w <= 2 * c or h <= 2 * c:
        surface.blit(img, rect.topleft)
        return
    x, y = rect.topleft
    pieces = [(0, 0, c, c), (w - c, 0, c, c), (0, h - c, c, c), (w - c, h - c, c, c),     # the corners
              (c, 0, w - 2 * c, e), (c, h - e, w - 2 * c, e), (0, c, e, h - 2 * c), (w - e, c, e, h - 2 * c)]
    surface.blits([(img, (x + px, y + py), pygame.Rect(px, py, pw, ph)) for px, py, pw, ph in pieces],
                  doreturn=False)
    for r in panel_filled(rect):
        surface.fill(fill[:3], r)


PANEL_EDGE_REACH = 2
"""How far (px) from a panel's side its edge line and that line's anti-aliasing reach, away from
its rounded corners (:func:`panel_surface`)."""


def panel_filled(rect: pygame.Rect) -> list[pygame.Rect]:
    """Where a panel's background over ``rect`` (:func:`draw_panel_background`) leaves its fill
    colour and nothing else, whatever lay under it (px): a cross of two rects, all but the
    rounded corners (:data:`PANEL_RADIUS` + 2 px square) and the edge line along each side."""
    c, e = PANEL_RADIUS + 2, PANEL_EDGE_REACH
    return [pygame.Rect(rect.x + e, rect.y + c, max(0, rect.width - 2 * e), max(0, rect.height - 2 * c)),
            pygame.Rect(rect.x + c, rect.y + e, max(0, rect.width - 2 * c), max(0, rect.height - 2 * e))]


SHADE_ALPHA = 120
"""How dark the shade under a modal panel is: black at this alpha (of 255) over the screen."""

_shades: dict[tuple[int, int], pygame.Surface] = {}


def shade_surface(size) -> pygame.Surface:
    """The shade laid over a screen under a modal panel, ``size`` px (cached): an opaque black
    surface at surface alpha :data:`SHADE_ALPHA`. SDL blends it, pixel for pixel as black at
    per-pixel alpha 120 (``tests/test_ui_panels.py``), in a quarter of the time in WebAssembly:
    3.5 against 14.9 ms over 1280x800 in the page (docs/web.md, "Session 29")."""
    size = (int(size[0]), int(size[1]))
    s = _shades.get(size)
    if s is None:
        if len(_shades) > 4:
            _shades.clear()
        s = _shades[size] = opaque_surface(size)
        s.fill((0, 0, 0))
        s.set_alpha(SHADE_ALPHA)
    return s


def lay_shade(surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
    """The shade under a modal panel laid over ``rect`` of ``surface`` (px; default: all of it)."""
    shade = shade_surface(surface.get_size())
    if rect is None:
        surface.blit(shade, (0, 0))
    else:
        surface.blit(shade, rect.topleft, rect)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, color, width: int, radius: int) -> None:
    """A translucent rounded outline (``color`` with its alpha, ``width`` px thick, corner
    ``radius`` px) along the inside of ``rect``, blended over ``surface``: the hint's rings. Only
    the outline's strips are blended, not the transparent inside (WebAssembly blends every pixel
    of a blit without SIMD; a transparent pixel leaves the surface as it was)."""
    ring = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(ring, color, ring.get_rect(), width, border_radius=radius)
    from .cards_art import blit_around

    blit_around(surface, ring, rect.topleft,
                pygame.Rect(width, radius + width, rect.width - 2 * width, rect.height - 2 * (radius + width)))


MERGE_SLACK = 0.25
"""How much more area (a share of what the two cover) the rectangle holding two overlapping or
touching rectangles may have for :func:`merge_rects` to merge them."""


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` (empty ones dropped) with every two that overlap or touch merged into the
    rectangle that holds both, until none do, where that rectangle covers at most
    :data:`MERGE_SLACK` more than the two together: the regions a partial redraw clips to. Two
    that would grow much (the top bar, as wide as the window, and a pile under it) stay apart,
    their overlap drawn twice; merged, a chain of them through the top bar made FreeCell's
    redraw after a move most of the screen (a free cell and a column: 1280x628 px of 1280x800)."""
    out = [pygame.Rect(r) for r in rects if r.width > 0 and r.height > 0]
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            a = out[i]
            for j in range(i + 1, len(out)):
                b = out[j]
                if not a.inflate(2, 2).colliderect(b):
                    continue
                u, o = a.union(b), a.clip(b)
                cover = a.width * a.height + b.width * b.height - o.width * o.height
                if u.width * u.height <= cover * (1 + MERGE_SLACK):
                    out[i] = u
                    out.pop(j)
                    merged = True
                    break
            if merged:
                break
    return out
