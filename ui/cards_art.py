"""Cards drawn from shapes at any size (docs/design.md, "Look and feel").

Poker proportion 5 : 7, rounded corners (radius ≈ 6 % of the width), a thin grey edge and a soft
shadow; the corner index (rank over suit) has a cap height of 30 % of the card's width so a
36-px card still reads; a big suit in the centre, or on J Q K a framed figure drawn with shapes
(:func:`_court_figure`: the king crowned and bearded, the queen crowned, the jack capped). Suits are
polygons and circles (the bundled font has no ♠♥♦♣), drawn 4× larger and smooth-scaled down so
they stay crisp and anti-aliased at every size. Red #C62828, black #1B1B1B; the four-colour option
paints clubs #2E7D32 and diamonds #1565C0.

Everything is cached per (what, card, width, options): a card is drawn once per size.
"""
from __future__ import annotations

import math

import pygame

from games.cards import CLUBS, DIAMONDS, HEARTS, RANKS, SPADES

from . import text
from .frame import opaque_surface

RED, BLACK = (198, 40, 40), (27, 27, 27)
GREEN4, BLUE4 = (46, 125, 50), (21, 101, 192)
FACE = (253, 253, 250)
EDGE = (150, 150, 150)
GLOW = (79, 195, 247)  # #4FC3F7, playable cards
HINT = (255, 213, 79)   # #FFD54F, the hinted card
TARGET = (255, 255, 255)  # white, the pile a drag's cards would go to if let go now


def hint_ring(k: float, card_w: int) -> tuple[int, int]:
    """``(alpha 0-255, width px)`` of the hint's ring at pulse strength ``k`` (0..1,
    :func:`ui.anim.pulse`) around a card ``card_w`` px wide: at least 80 % opaque and a tenth of
    the card thick (4 px at the least), so that the hinted card stands out among the steady
    playable glow (:data:`GLOW`) rather than fading under it."""
    return round(255 * (0.8 + 0.2 * max(0.0, min(1.0, k)))), max(4, round(card_w / 10))
RATIO = 7 / 5

BACKS = {  # name: (field, pattern, frame)
    "blue": ((21, 67, 145), (66, 120, 205), (235, 240, 250)),
    "red": ((150, 28, 38), (205, 70, 78), (250, 236, 236)),
    "green": ((27, 94, 60), (70, 150, 100), (232, 246, 236)),
    "graphite": ((48, 52, 60), (98, 106, 120), (225, 228, 232)),
}
BACK_NAMES = tuple(BACKS)

_cache: dict[tuple, pygame.Surface] = {}
SS = 4  # supersampling factor for shapes


def card_height(w: int) -> int:
    """The height of a card ``w`` px wide (5 : 7)."""
    return round(w * RATIO)


def radius(w: int) -> int:
    """Corner radius in px for a card ``w`` px wide."""
    return max(2, round(w * 0.06))


def suit_color(suit: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink of ``suit`` (0..3, C D H S)."""
    if four_colour and suit == CLUBS:
        return GREEN4
    if four_colour and suit == DIAMONDS:
        return BLUE4
    return RED if suit in (DIAMONDS, HEARTS) else BLACK


# -- suits as shapes -----------------------------------------------------------------------------
def _shape(draw: pygame.Surface, suit: int, s: float, color) -> None:
    """Draw ``suit`` filling an ``s``×``s`` box at the origin of ``draw``."""
    def P(*pts):
        pygame.draw.polygon(draw, color, [(x * s, y * s) for x, y in pts])

    def C(x, y, r):
        pygame.draw.circle(draw, color, (x * s, y * s), r * s)

    if suit == HEARTS:
        C(0.285, 0.31, 0.245); C(0.715, 0.31, 0.245)
        P((0.045, 0.36), (0.5, 0.96), (0.955, 0.36), (0.5, 0.22))
    elif suit == DIAMONDS:
        P((0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5))
    elif suit == SPADES:
        C(0.29, 0.58, 0.225); C(0.71, 0.58, 0.225)
        P((0.07, 0.6), (0.5, 0.02), (0.93, 0.6), (0.5, 0.75))
        P((0.5, 0.62), (0.34, 1.0), (0.66, 1.0))
    else:  # clubs
        C(0.5, 0.26, 0.22); C(0.255, 0.6, 0.22); C(0.745, 0.6, 0.22); C(0.5, 0.55, 0.13)
        P((0.5, 0.5), (0.35, 1.0), (0.65, 1.0))


def suit_image(suit: int, size: int, color) -> pygame.Surface:
    """An anti-aliased ``size``×``size`` image of ``suit`` in ``color`` (cached)."""
    size = max(3, int(size))
    key = ("suit", suit, size, tuple(color))
    img = _cache.get(key)
    if img is None:
        big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        _shape(big, suit, size * SS, color)
        img = _cache[key] = pygame.transform.smoothscale(big, (size, size))
    return img


def rounded(w: int, h: int, r: int, fill, edge=None, edge_w: float = 1.0) -> pygame.Surface:
    """An anti-aliased rounded rectangle ``w``×``h`` px (corner radius ``r`` px), optional edge
    line ``edge_w`` px wide: the pixels of :func:`rounded_whole`, made from a small one.

    Smooth-scaling by :data:`SS` averages each SS×SS block on its own, so away from the corners
    every row (column) of the edge repeats the same pixels and the inside is the fill: only a
    ``2(r + 2) + 1`` px square is drawn supersampled, its corners copied, its middle row and
    column stretched along the sides and its centre pixel filled in (a 900×150 band: 65 ms → under
    1 ms natively). ``tests/test_ui_cards_art.py`` compares it with :func:`rounded_whole`."""
    c = r + 2          # the corners (and the edge line) lie within c px of each side
    if w <= 2 * c + 2 or h <= 2 * c + 2:
        return rounded_whole(w, h, r, fill, edge, edge_w)
    k = 2 * c + 1
    small = rounded_whole(k, k, r, fill, edge, edge_w)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    for sx, dx in ((0, 0), (k - c, w - c)):
        for sy, dy in ((0, 0), (k - c, h - c)):
            out.blit(small, (dx, dy), pygame.Rect(sx, sy, c, c))
    scale = pygame.transform.scale
    out.blit(scale(small.subsurface(pygame.Rect(c, 0, 1, c)), (w - 2 * c, c)), (c, 0))
    out.blit(scale(small.subsurface(pygame.Rect(c, k - c, 1, c)), (w - 2 * c, c)), (c, h - c))
    out.blit(scale(small.subsurface(pygame.Rect(0, c, c, 1)), (c, h - 2 * c)), (0, c))
    out.blit(scale(small.subsurface(pygame.Rect(k - c, c, c, 1)), (c, h - 2 * c)), (w - c, c))
    out.fill(small.get_at((c, c)), pygame.Rect(c, c, w - 2 * c, h - 2 * c))
    return out


def rounded_whole(w: int, h: int, r: int, fill, edge=None, edge_w: float = 1.0) -> pygame.Surface:
    """An anti-aliased rounded rectangle ``w``×``h`` (drawn :data:`SS` times larger and
    smooth-scaled down), optional edge line: the definition of :func:`rounded`'s pixels."""
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    R = big.get_rect()
    if edge is not None:
        pygame.draw.rect(big, edge, R, border_radius=r * SS)
        e = max(1, round(edge_w * SS))
        pygame.draw.rect(big, fill, R.inflate(-2 * e, -2 * e), border_radius=max(0, r * SS - e))
    else:
        pygame.draw.rect(big, fill, R, border_radius=r * SS)
    return pygame.transform.smoothscale(big, (w, h))


_rounded: dict[tuple, pygame.Surface] = {}


def rounded_cached(w: int, h: int, r: int, fill, edge=None, edge_w: float = 1.0) -> pygame.Surface:
    """:func:`rounded`, drawn once per set of arguments (a few hundred kept): for surfaces blitted
    on every redraw (the home screen's tiles, highlight bands). The caller must not draw on it."""
    key = (w, h, r, tuple(fill), tuple(edge) if edge is not None else None, edge_w)
    img = _rounded.get(key)
    if img is None:
        if len(_rounded) > 300:
            _rounded.clear()
        img = _rounded[key] = rounded(w, h, r, fill, edge, edge_w)
    return img


# -- court figures -------------------------------------------------------------------------------
SKIN, HAIR, GOLD = (243, 205, 170), (92, 60, 36), (228, 178, 44)


def _court_panel(img: pygame.Surface, inner: pygame.Rect, rank: int, suit: int, color) -> None:
    """A court card's figure in the framed panel ``inner`` of ``img``: a bust of proportion
    1 : 1.1 standing on the panel's bottom, centred; a tall panel's room above it holds the suit."""
    fw = min(inner.width, round(inner.height / 1.1))
    fh = min(inner.height, round(fw * 1.1))
    img.blit(_court_figure(rank, suit, fw, fh, color), (inner.centerx - fw // 2, inner.bottom - fh))
    room = inner.height - fh
    if room >= 8:
        ps = min(room - 4, round(inner.width * 0.6))
        img.blit(suit_image(suit, ps, color), (inner.centerx - ps // 2, inner.y + (room - ps) // 2))


def _court_figure(rank: int, suit: int, w: int, h: int, color) -> pygame.Surface:
    """The bust of a jack, queen or king ``w``×``h`` px, drawn with shapes (supersampled), in
    the suit's ink: the king crowned and bearded, the queen crowned with long hair, the jack in
    a feathered cap; the suit's pip on the robe. Reads as a figure down to a 36-px card."""
    W, H = w * SS, h * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)

    def P(*pts, c=color):
        pygame.draw.polygon(big, c, [(x * W, y * H) for x, y in pts])

    def E(x, y, rx, ry, c):
        pygame.draw.ellipse(big, c, pygame.Rect(round((x - rx) * W), round((y - ry) * H), round(2 * rx * W),
                                               round(2 * ry * H)))

    if rank == 12:   # the queen's hair falls behind the shoulders
        E(0.5, 0.5, 0.25, 0.27, HAIR)
    P((0.06, 1.0), (0.16, 0.7), (0.84, 0.7), (0.94, 1.0))                       # robe
    P((0.36, 0.7), (0.5, 0.84), (0.64, 0.7), c=(250, 246, 236))               # collar
    big.fill(SKIN, pygame.Rect(round(0.44 * W), round(0.6 * H), round(0.12 * W), round(0.12 * H)))  # neck
    E(0.5, 0.5, 0.17, 0.16, SKIN)                                             # head
    ink = (40, 30, 30)
    for ex in (0.44, 0.56):
        E(ex, 0.49, 0.025, 0.022, ink)                                        # eyes
    E(0.5, 0.58, 0.05, 0.012, (190, 80, 80))                                  # mouth
    if rank == 13:
        P((0.36, 0.6), (0.5, 0.72), (0.64, 0.6), (0.6, 0.57), (0.5, 0.63), (0.4, 0.57), c=HAIR)   # beard
    if rank in (12, 13):  # a crown: three points on a band (the king's taller)
        top = 0.1 if rank == 13 else 0.2
        P((0.32, 0.38), (0.32, top), (0.41, 0.3), (0.5, top - 0.04), (0.59, 0.3), (0.68, top), (0.68, 0.38),
          c=GOLD)
        for cx in (0.32, 0.5, 0.68):
            E(cx, top - (0.04 if cx == 0.5 else 0) + 0.01, 0.03, 0.025, GOLD)
    else:  # the jack's cap with a feather
        E(0.5, 0.36, 0.22, 0.06, color)
        P((0.33, 0.36), (0.38, 0.22), (0.62, 0.22), (0.67, 0.36))
        pygame.draw.line(big, GOLD, (0.62 * W, 0.26 * H), (0.82 * W, 0.08 * H), max(1, round(0.04 * W)))
    img = pygame.transform.smoothscale(big, (w, h))
    ps = max(4, round(min(w, h) * 0.2))
    img.blit(suit_image(suit, ps, (250, 246, 236)), (w // 2 - ps // 2, round(h * 0.86) - ps // 2))
    return img


# -- faces -----------------------------------------------------------------------------------------
NARROW_INDEX = 0.22
"""The width of a narrow face's corner index, in card widths (:func:`face` with ``narrow``)."""


def _index(rank: int, suit: int, w: int, color, four: bool, narrow: bool = False) -> pygame.Surface:
    """The corner index: rank over suit; cap height 0.30 w. ``narrow``: the rank condensed and
    the suit shrunk to :data:`NARROW_INDEX` of the width, for stacks fanned tightly sideways."""
    label = "10" if rank == 10 else RANKS[rank - 1]
    cap = 0.30 * w
    size = max(8, round(cap / 0.49))
    f = text.font(size)
    img = f.render(label, True, color)
    (minx, maxx, miny, maxy, adv) = f.metrics("K")[0]
    top = f.get_ascent() - maxy  # blank rows above the capitals
    glyph = img.subsurface(pygame.Rect(0, top, img.get_width(), min(img.get_height() - top, round(cap) + 1))).copy()
    maxw = round((NARROW_INDEX if narrow else 0.40) * w)
    if glyph.get_width() > maxw:  # "10" (every rank when narrow) condensed
        glyph = pygame.transform.smoothscale(glyph, (maxw, glyph.get_height()))
    ps = max(4, round((NARROW_INDEX if narrow else 0.24) * w))
    pip = suit_image(suit, ps, color)
    iw = max(glyph.get_width(), ps)
    gap = max(1, round(0.04 * w))
    out = pygame.Surface((iw, glyph.get_height() + gap + ps), pygame.SRCALPHA)
    out.blit(glyph, ((iw - glyph.get_width()) // 2, 0))
    out.blit(pip, ((iw - ps) // 2, glyph.get_height() + gap))
    return out


def blank_face(w: int) -> pygame.Surface:
    """A new copy of the face's card ``w`` px wide without its marks (rounded, grey edge): every
    face of a width starts from one drawing of it (the supersampled rounded rectangle is most of
    a face's cost)."""
    return rounded_cached(w, card_height(w), radius(w), FACE, EDGE, 1.0 if w < 80 else 1.4).copy()


def face(card: int, w: int, four_colour: bool = False, compact: bool = False,
         narrow: bool = False, squeezed: int = 0) -> pygame.Surface:
    """The face of ``card`` (``suit*16+rank``), ``w`` px wide, without shadow (cached).

    ``compact``: the face for fanned columns (:func:`compact_face`; ``squeezed`` > 0: its variant
    for a squeezed column's strip, the index that many px tall at most); ``narrow``: the corner index only :data:`NARROW_INDEX` wide
    (:func:`index_rect`), for stacks fanned tightly sideways."""
    if compact:
        return compact_face(card, w, four_colour, squeezed)
    key = ("face", int(card), w, four_colour, narrow)
    img = _cache.get(key)
    if img is not None:
        return img
    rank, suit = card & 15, card >> 4
    h = card_height(w)
    color = suit_color(suit, four_colour)
    img = blank_face(w)
    idx = _index(rank, suit, w, color, four_colour, narrow)
    ix, iy = max(2, round(0.06 * w)), max(2, round(0.06 * w))
    img.blit(idx, (ix, iy))
    if rank >= 11:
        # a framed panel right of the index column: the letter over a suit
        fr = pygame.Rect(round(0.40 * w), round(0.09 * h), round(0.53 * w), round(0.83 * h))
        rr = max(1, round(0.05 * w))
        pygame.draw.rect(img, (250, 238, 200), fr, border_radius=rr)
        pygame.draw.rect(img, color, fr, max(1, round(0.025 * w)), border_radius=rr)
        inner = fr.inflate(-2 * max(1, round(0.03 * w)), -2 * max(1, round(0.03 * w)))
        _court_panel(img, inner, rank, suit, color)
    else:
        ps = round(0.50 * w)
        pip = suit_image(suit, ps, color)
        img.blit(pip, (round(0.62 * w) - ps // 2, round(0.64 * h) - ps // 2))
    _cache[key] = img
    return img


COMPACT_STRIP = 0.50
"""How much of a compact face's height, in card widths, shows its whole index (rank and suit)."""


def index_rect(w: int, compact: bool = False, narrow: bool = False) -> pygame.Rect:
    """Where the corner index (rank and suit) lies on a face ``w`` px wide, px from the card's
    top left: the full face's rank-over-suit column (:func:`face`), or the compact face's row
    across the top (:func:`compact_face`)."""
    if compact:
        inset = max(2, round(0.07 * w))
        return pygame.Rect(inset - 1, inset, w - 2 * inset + 1, compact_index_height(w) - inset)
    inset = max(2, round(0.06 * w))
    cap = 0.30 * w
    if narrow:
        ps = max(4, round(NARROW_INDEX * w))
        return pygame.Rect(inset, inset, max(round(NARROW_INDEX * w), ps),
                           round(cap) + 1 + max(1, round(0.04 * w)) + ps)
    ps = max(4, round(0.24 * w))
    iw = max(min(round(0.40 * w), round(cap / 0.49 * 0.75)), ps)
    return pygame.Rect(inset, inset, iw, round(cap) + 1 + max(1, round(0.04 * w)) + ps)


def compact_cap(w: int) -> float:
    """The cap height (px) of a compact face's rank (:func:`compact_face`) ``w`` px wide: 0.40 w,
    easing to 0.30 w from 56 px to 100 px (large cards need a smaller share of the width)."""
    k = min(1.0, max(0.0, (w - 56) / 44))
    return (0.40 - 0.10 * k) * w


def compact_index_height(w: int) -> int:
    """Px from the top of a compact face (:func:`compact_face`) ``w`` px wide to just below its
    corner index (rank and suit, with one px to spare): the strip of a fanned card that shows
    its whole index."""
    return max(2, round(0.07 * w)) + round(compact_cap(w)) + 2


SQUEEZED_READ = 0.7
"""The share of a compact face's rank cap height a squeezed column still shows below the index's
top inset (ui/table/columns.py, ``ColumnsTable.READ``): the squeezed faces
(:func:`compact_face` ``squeezed``) draw their whole index inside the strip that shows."""


SQUEEZED_MIN = 6
"""The least room (px, :func:`squeezed_room`) a squeezed face is drawn for: a thinner strip, a
sliver of a card inside a one-suit run whose neighbours tell it (ui/table/columns.py
``MIN_TIGHT``), keeps the whole face, whose index it shows no more of than it would of a
smaller one."""


def squeezed_room(w: int, strip: float | None = None) -> int:
    """Px rows a squeezed face's rank glyph and suit fit in (:func:`compact_face` ``squeezed``)
    on a compact face ``w`` px wide of which a strip ``strip`` px tall shows: from the index's top
    inset to the strip's end, one row kept blank above the card that covers the rest. By
    default the shortest strip a squeezed column shows of a face-up card (the
    :data:`SQUEEZED_READ` share of the rank, :func:`compact_read_height`, or that share of the
    whole index for a card inside an alternate-colour run, whichever is shorter). 4 at least."""
    if strip is None:
        strip = min(compact_read_height(w, SQUEEZED_READ), SQUEEZED_READ * compact_index_height(w))
    return max(4, math.floor(strip) - max(2, round(0.07 * w)) - 1)


def compact_read_height(w: int, share: float) -> int:
    """Px from the top of a compact face ``w`` px wide to where the upper ``share`` (0..1) of its
    rank's cap height shows, and as much of the suit beside it (centred on the rank): the
    shortest strip a squeezed column gives a face-up card (ui/table/columns.py,
    ``ColumnsTable.READ``). Never more than :func:`compact_index_height`."""
    return min(compact_index_height(w), max(2, round(0.07 * w)) + math.ceil(share * compact_cap(w)))


RANK_GLYPHS = "A234567890JQK"
"""Every glyph a rank is written with (10 as "10")."""


def _whole_rank(label: str, size: int, color, room: int) -> pygame.Surface:
    """``label`` rendered at the largest font size up to ``size`` at which every rank's ink, from
    the top of the capitals to the lowest pixel of any rank glyph (Q's tail, J's hook), is at most
    ``room`` px tall (one size for all ranks, so they stand alike); the rows from the capitals'
    top to that lowest pixel (px)."""
    for s in range(size, 5, -1):
        f = text.font(s)
        ascent = f.get_ascent()
        cap = f.metrics("K")[0][3]
        low = min(0, min(m[2] for m in f.metrics(RANK_GLYPHS) if m is not None))
        if cap - low <= room or s == 6:
            img = f.render(label, True, color)
            top = ascent - cap
            return img.subsurface(pygame.Rect(0, top, img.get_width(), min(img.get_height(), ascent - low) - top)).copy()


def compact_face(card: int, w: int, four_colour: bool = False, squeezed: int = 0) -> pygame.Surface:
    """A face for fanned columns, readable from its top strip alone (:data:`COMPACT_STRIP` × w):
    a big rank (cap height 0.40 w, 0.30 w from 100 px up) at the top left and the suit (0.34 w,
    0.27 w) at the top right, in
    one row, so a 36-px card whose neighbour covers all but 18 px still reads; a large suit below
    (a framed figure on J Q K). Cached like :func:`face`.

    ``squeezed`` > 0: the face a squeezed column shows a strip of, shorter than the whole index:
    the rank drawn at the largest size at which every rank's whole glyph, from its top to its
    lowest pixel (Q's tail, J's hook), and the suit are at most ``squeezed`` px tall
    (:func:`squeezed_room` of the strip), so that the strip shows the rank whole rather than the
    top of a larger one (a cut Q reads as O, J as I, A as Λ)."""
    key = ("sface", int(card), w, four_colour, squeezed) if squeezed else ("cface", int(card), w, four_colour)
    img = _cache.get(key)
    if img is not None:
        return img
    rank, suit = card & 15, card >> 4
    h = card_height(w)
    color = suit_color(suit, four_colour)
    img = blank_face(w)
    label = "10" if rank == 10 else RANKS[rank - 1]
    k = min(1.0, max(0.0, (w - 56) / 44))  # large cards (desktop) need a smaller share of the width
    cap = compact_cap(w)
    size = max(8, round(cap / 0.49))
    if squeezed:
        glyph = _whole_rank(label, size, color, squeezed)
        cap = glyph.get_height()
    else:
        f = text.font(size)
        gimg = f.render(label, True, color)
        top = f.get_ascent() - f.metrics("K")[0][3]
        glyph = gimg.subsurface(pygame.Rect(0, top, gimg.get_width(), min(gimg.get_height() - top, round(cap) + 1))).copy()
    maxw = round(0.54 * w)
    if glyph.get_width() > maxw:  # "10" condensed
        glyph = pygame.transform.smoothscale(glyph, (maxw, glyph.get_height()))
    inset = max(2, round(0.07 * w))
    img.blit(glyph, (inset - (1 if w < 50 else 0), inset))
    ps = max(4, round((0.34 - 0.07 * k) * w))
    if squeezed:
        ps = min(ps, squeezed)
    img.blit(suit_image(suit, ps, color), (w - inset - ps, inset + max(0, round((cap - ps) / 2))))
    big = round(0.56 * w)
    cy = round(0.66 * h)
    if rank >= 11:
        fr = pygame.Rect(round(0.12 * w), round(0.40 * h), w - 2 * round(0.12 * w), round(0.52 * h))
        rr = max(1, round(0.05 * w))
        pygame.draw.rect(img, (250, 238, 200), fr, border_radius=rr)
        pygame.draw.rect(img, color, fr, max(1, round(0.025 * w)), border_radius=rr)
        inner = fr.inflate(-2 * max(1, round(0.03 * w)), -2 * max(1, round(0.03 * w)))
        _court_panel(img, inner, rank, suit, color)
    else:
        img.blit(suit_image(suit, big, color), (w // 2 - big // 2, cy - big // 2))
    _cache[key] = img
    return img


def back(w: int, style: str = "blue") -> pygame.Surface:
    """A card back ``w`` px wide in ``style`` (one of :data:`BACK_NAMES`), cached."""
    key = ("back", w, style)
    img = _cache.get(key)
    if img is not None:
        return img
    field, pattern, frame = BACKS.get(style, BACKS["blue"])
    h = card_height(w)
    img = rounded(w, h, radius(w), frame, EDGE, 1.0)
    inset = max(2, round(0.07 * w))
    inner = pygame.Surface(((w - 2 * inset) * 2, (h - 2 * inset) * 2), pygame.SRCALPHA)
    iw, ih = inner.get_size()
    pygame.draw.rect(inner, field, inner.get_rect(), border_radius=max(1, radius(w) * 2 - inset))
    step = max(6, round(0.16 * w * 2))
    lw = max(1, round(w / 40))
    for k in range(-ih, iw + ih, step):
        pygame.draw.line(inner, pattern, (k, 0), (k + ih, ih), lw)
        pygame.draw.line(inner, pattern, (k, ih), (k + ih, 0), lw)
    mask = pygame.Surface((iw, ih), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, radius(w) * 2 - inset))
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    # a centre medallion
    pygame.draw.circle(inner, frame, (iw // 2, ih // 2), round(0.2 * w * 2), max(1, round(w / 30) * 2))
    img.blit(pygame.transform.smoothscale(inner, (w - 2 * inset, h - 2 * inset)), (inset, inset))
    _cache[key] = img
    return img


def shadow(w: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """A soft shadow for a card ``w`` px wide and the offset at which to blit it from the card's corner."""
    key = ("shadow", w)
    img = _cache.get(key)
    b = max(2, round(0.06 * w))
    if img is None:
        h = card_height(w)
        img = pygame.Surface((w + 2 * b, h + 2 * b), pygame.SRCALPHA)
        pygame.draw.rect(img, (0, 0, 0, 90), pygame.Rect(b, b, w, h), border_radius=radius(w))
        try:
            img = pygame.transform.gaussian_blur(img, max(1, b // 2))
        except (AttributeError, ValueError, pygame.error):
            pass
        _cache[key] = img
    return img, (-b, -b + max(1, round(0.035 * w)))


GLOW_UNDER = (*GLOW, "under")
"""The playable cards' halo for a card lying in a fanned column under another card's strip: no
band above its top edge, which would cover that strip (the rank and suit a squeezed column
still shows of the card above). A ``halo`` value of :meth:`CardArt.draw`."""


def halo_key(w: int, halo) -> tuple:
    """The image cache's key of :func:`halo_image` ``(w, halo)``."""
    if len(halo) == 4:
        return ("glow", w, tuple(halo[:3]), 255, halo[3])
    return ("glow", w, tuple(halo), 255)


def halo_image(w: int, halo) -> tuple[pygame.Surface, tuple[int, int]]:
    """:func:`glow` for a ``halo`` value of :meth:`CardArt.draw`: a colour, or a colour and
    ``"under"`` (:data:`GLOW_UNDER`: without the band above the card's top edge)."""
    if len(halo) == 4:
        return glow(w, halo[:3], top=False)
    return glow(w, halo)


def glow(w: int, color=GLOW, strength: int = 255, top: bool = True) -> tuple[pygame.Surface, tuple[int, int]]:
    """A halo around a card ``w`` px wide (drawn under it) and its blit offset (px); ``top``
    False: none of it above the card's top edge."""
    key = ("glow", w, tuple(color), strength) if top else ("glow", w, tuple(color), strength, "under")
    img = _cache.get(key)
    g = max(3, round(0.09 * w))
    if img is None and not top:
        img = glow(w, color, strength)[0].copy()
        img.fill((0, 0, 0, 0), pygame.Rect(0, 0, img.get_width(), g))
        _cache[key] = img
    if img is None:
        h = card_height(w)
        img = pygame.Surface((w + 2 * g, h + 2 * g), pygame.SRCALPHA)
        pygame.draw.rect(img, (*color, strength), pygame.Rect(g // 3, g // 3, w + 2 * g - 2 * (g // 3),
                                                               h + 2 * g - 2 * (g // 3)),
                         border_radius=radius(w) + g)
        try:
            img = pygame.transform.gaussian_blur(img, max(1, g // 2))
        except (AttributeError, ValueError, pygame.error):
            pass
        ring = rounded(w + 6, card_height(w) + 6, radius(w) + 3, (*color, 0), (*color, 255), 2.5)
        img.blit(ring, (g - 3, g - 3))
        _cache[key] = img
    return img, (-g, -g)


def placeholder(w: int) -> pygame.Surface:
    """The outline of an empty pile."""
    key = ("empty", w)
    img = _cache.get(key)
    if img is None:
        h = card_height(w)
        img = rounded(w, h, radius(w), (0, 0, 0, 40), (255, 255, 255, 90), 1.5)
        _cache[key] = img
    return img


def blit_placeholder(surface: pygame.Surface, w: int, pos) -> None:
    """Blit the outline of an empty pile ``w`` px wide at ``pos`` (px); in a dry pass
    (:class:`collecting`) queue the outline instead, among the next picture's images."""
    if _collecting:
        if ("empty", w) not in _cache:
            want(("empty", w), lambda: placeholder(w), True)
        return
    surface.blit(placeholder(w), pos)


def text_image(label: str, size: int, color, room: int | None = None) -> pygame.Surface | None:
    """``text.render(label, size, color)`` (a count on a pile, ``size`` px; with ``room``, px,
    at the largest size down from ``size`` whose text fits that width, :func:`ui.text.fit`);
    ``None`` in a dry pass (:class:`collecting`), which queues it among the next picture's images
    instead: the first text at a size opens its font (about a millisecond in WebAssembly, more
    with its supersampled render)."""
    def make() -> pygame.Surface:
        fitted = size if room is None else text.fit(label, size, room, text.MIN_SIZE)
        return text.render(label, fitted, color)
    if _collecting:
        want(("text", label, size, room, tuple(color)), make, True)
        return None
    return make()


def opaque_band(img: pygame.Surface) -> tuple[pygame.Surface, int, int]:
    """``(band, top, bottom)``: rows ``top`` to ``bottom`` (px, end excluded) of the card image
    ``img`` (a face or a back) are opaque across its whole width, and ``band`` is a copy of those
    rows without per-pixel alpha (in the display's format when there is a display: those rows of
    :func:`opaque_card`), so they can be copied instead of blended; only the rows of the rounded
    corners above and below are blended. Cached per image (the images are cached themselves),
    with :func:`opaque_columns`.

    A card's only translucent pixels are its anti-aliased corners, which start at its left and
    right edges, so a row is opaque when its first and last pixels are."""
    key = ("band", id(img))
    got = _cache.get(key)
    if got is not None and got[0] is img:
        return got[1]
    w, h = img.get_size()
    get = img.get_at
    top = 0
    while top < h and (get((0, top))[3] < 255 or get((w - 1, top))[3] < 255):
        top += 1
    bottom = h
    while bottom > top and (get((0, bottom - 1))[3] < 255 or get((w - 1, bottom - 1))[3] < 255):
        bottom -= 1
    # the rows of the image's opaque copy (made with it, as are its opaque columns: a card's
    # drawing plan copies both; made ahead of need together, :func:`want_faces`)
    band = opaque_card(img).subsurface(pygame.Rect(0, top, w, max(0, bottom - top)))
    out = (band, top, bottom)
    _cache[key] = (img, out)   # the image is kept with its band, so its id cannot be reused
    opaque_columns(img)
    return out


def veiled_band(img: pygame.Surface, veil: pygame.Surface) -> pygame.Surface:
    """The opaque body of card image ``img`` (:func:`opaque_band`) with ``veil`` (a translucent
    picture of the card's size) already blended over it, cached per card and veil: those rows of
    :func:`veiled_card`, which it makes."""
    key = ("veiled", id(img), id(veil))
    got = _cache.get(key)
    if got is not None and got[0] is img and got[1] is veil:
        return got[2]
    band, top, bottom = opaque_band(img)
    out = veiled_card(img, veil).subsurface(pygame.Rect(0, top, band.get_width(), bottom - top))
    _cache[key] = (img, veil, out)   # both kept, so that their ids cannot be reused
    return out


def blit_around(surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int],
                 hole: pygame.Rect) -> None:
    """Blit ``img`` at ``pos`` except the rows ``hole.top`` to ``hole.bottom`` between columns
    ``hole.left`` and ``hole.right`` (px in ``img``): the part an opaque card drawn next covers
    whole, which need not be blended."""
    iw, ih = img.get_size()
    x, y = pos
    top, bottom = max(0, hole.top), min(ih, hole.bottom)
    if top >= bottom or hole.width <= 0:
        surface.blit(img, pos)
        return
    surface.blit(img, pos, pygame.Rect(0, 0, iw, top))
    surface.blit(img, (x, y + top), pygame.Rect(0, top, hole.left, bottom - top))
    surface.blit(img, (x + hole.right, y + top), pygame.Rect(hole.right, top, iw - hole.right, bottom - top))
    if bottom < ih:
        surface.blit(img, (x, y + bottom), pygame.Rect(0, bottom, iw, ih - bottom))


def body_rows(w: int) -> tuple[int, int]:
    """``(top, bottom)``: rows (px from a card's top, end excluded) where every face and back
    ``w`` px wide is opaque across its whole width: all but ``radius + 2`` px at each end (its
    rounded corners lie within them, :func:`opaque_band`). What lies under them there is hidden
    once the card is drawn."""
    corner = radius(w) + 2
    return corner, card_height(w) - corner


def opaque_columns(img: pygame.Surface) -> int | None:
    """``c``: the columns ``c`` to ``width - c`` (px, end excluded) of the card image ``img`` (a
    face or a back) are opaque from its top row to its bottom one, so that with the rows of
    :func:`opaque_band` its opaque part is a cross and only the four corner blocks need blending.
    ``None`` when no such columns exist. Cached per image."""
    key = ("cols", id(img))
    got = _cache.get(key)
    if got is not None and got[0] is img:
        return got[1]
    w, h = img.get_size()
    solid = pygame.mask.from_surface(img, 254)     # the pixels of alpha 255
    c = None
    for k in range(w // 2):
        if solid.overlap_area(pygame.mask.Mask((w - 2 * k, h), fill=True), (k, 0)) == (w - 2 * k) * h:
            c = k
            break
    _cache[key] = (img, c)
    return c


def veiled_card(img: pygame.Surface, veil: pygame.Surface) -> pygame.Surface:
    """An opaque copy of the card image ``img`` (every row; its translucent corners are never
    copied from it) with ``veil`` (a translucent picture of the card's size) blended over it,
    cached per card and veil: what the opaque parts of a veiled card look like."""
    key = ("veiledall", id(img), id(veil))
    got = _cache.get(key)
    if got is not None and got[0] is img and got[1] is veil:
        return got[2]
    out = opaque_surface(img.get_size())
    out.blit(img, (0, 0))
    out.blit(veil, (0, 0))
    _cache[key] = (img, veil, out)
    return out


def opaque_card(img: pygame.Surface) -> pygame.Surface:
    """An opaque copy of the card image ``img`` in the display's format (its translucent corners
    hold whatever, never copied from it), cached per image: its opaque parts are copied from
    here instead of blended."""
    key = ("opaque", id(img))
    got = _cache.get(key)
    if got is not None and got[0] is img:
        return got[1]
    out = opaque_surface(img.get_size())
    out.blit(img, (0, 0))
    _cache[key] = (img, out)
    return out


def rect_minus(w: int, h: int, holes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The rectangle ``(0, 0, w, h)`` less the union of ``holes`` (``(x, y, w, h)`` each, px) as
    disjoint rectangles ``(x, y, w, h)``: horizontal bands cut where a hole starts or ends, each
    band's uncovered spans, a span merged with the one right above when they match.

    >>> rect_minus(10, 10, [(2, 2, 4, 4)])
    [(0, 0, 10, 2), (0, 2, 2, 4), (6, 2, 4, 4), (0, 6, 10, 4)]
    >>> rect_minus(4, 4, [(0, 0, 4, 4)])
    []
    """
    holes = [(max(0, x), max(0, y), min(w, x + hw), min(h, y + hh)) for x, y, hw, hh in holes]
    holes = [hl for hl in holes if hl[0] < hl[2] and hl[1] < hl[3]]
    ys = sorted({0, h} | {hl[1] for hl in holes} | {hl[3] for hl in holes})
    out: list[list[int]] = []
    open_: dict[tuple[int, int], list[int]] = {}     # span -> the rect growing down with it
    for y0, y1 in zip(ys, ys[1:]):
        covered = sorted((hl[0], hl[2]) for hl in holes if hl[1] <= y0 and hl[3] >= y1)
        spans, x = [], 0
        for a, b in covered:
            if a > x:
                spans.append((x, a))
            x = max(x, b)
        if x < w:
            spans.append((x, w))
        grown = {}
        for sp in spans:
            r = open_.get(sp)
            if r is not None and r[1] + r[3] == y0:
                r[3] += y1 - y0
            else:
                r = [sp[0], y0, sp[1] - sp[0], y1 - y0]
                out.append(r)
            grown[sp] = r
        open_ = grown
    return [tuple(r) for r in out]


class CardArt:
    """The card drawing options of one table (four colours, back style) with a draw helper."""

    def __init__(self, four_colour: bool = False, back_style: str = "blue", compact: bool = False,
                 narrow: bool = False, squeezed: int = 0):
        self.four_colour = four_colour
        self.back_style = back_style
        self.compact = compact  # faces from compact_face (fanned columns)
        self.narrow = narrow    # faces with a narrow corner index (stacks fanned tightly sideways)
        self.squeezed = squeezed  # > 0: compact faces whose whole index fits this many px (a squeezed strip)

    def draw(self, surface: pygame.Surface, card: int | None, rect: pygame.Rect, face_up: bool = True,
             shade: bool = True, halo=None, rows: int | None = None, veil: pygame.Surface | None = None) -> None:
        """Draw ``card`` at ``rect`` (its width decides the size): shadow, optional halo colour, the card.

        ``rows``: the card's top ``rows`` px rows only, for a card the next card of a fanned column
        (the same size, at least ``radius + 2`` px lower) covers below that (the caller leaves room
        for that card's rounded corners).

        WebAssembly blends alpha without SIMD (5–30× the native cost), so nothing is blended that
        an opaque pixel drawn next covers: a card's opaque cross (the rows of :func:`opaque_band`
        and the columns of :func:`opaque_columns`) is copied and only its four corner blocks are
        blended; its shadow and halo are blended only beside it, never under that cross (nor
        under the covering card's, with ``rows``). The pixels are exactly those of the whole
        shadow, halo and card blended one over the other.

        ``veil``: a translucent picture the card's size laid over it (Pyramid shades its covered
        cards); over the opaque cross it comes already blended into a cached copy of the card.

        The pieces to copy or blend are worked out once per card, size, cut and look
        (:meth:`plan`) and drawn with one ``Surface.fblits`` call: a blit call costs about 2 µs
        in WebAssembly, and a card has up to a dozen pieces.

        While :func:`collecting`, nothing is drawn: the images the call would need and that are not
        made yet are queued for :func:`warm` instead (:func:`want_draw`)."""
        CardArt.draw_all(self, surface, ((card, rect, face_up, shade, halo, rows, veil),))

    def draw_all(self, surface: pygame.Surface, cards) -> None:
        """Each ``(card, rect, face_up, shade, halo, rows, veil)`` as :meth:`draw`, in one fblits."""
        if _collecting:
            for card, rect, face_up, shade, halo, _, veil in cards:
                want_draw(self, card, rect.width, face_up, shade, halo, veil)
            return
        clip = surface.get_clip()
        clipped = clip != surface.get_rect()
        look = (self.four_colour, self.back_style, self.compact, self.narrow, self.squeezed)
        out: list = []
        for card, rect, face_up, shade, halo, rows, veil in cards:
            w = rect.width
            if clipped:
                m = _MARGINS.get(w)
                if m is None:
                    m = _MARGINS[w] = max(max(3, round(0.09 * w)), max(2, round(0.06 * w)) + max(1, round(0.035 * w)))
                if not clip.colliderect(rect.inflate(2 * m, 2 * m)):
                    continue
            if rows is not None and (halo is not None or veil is not None or rows >= rect.height):
                rows = None
            key = (card, face_up, w, shade, halo, rows, veil, look)
            pieces = _plans.get(key)
            if pieces is None:
                if len(_plans) > 4000:
                    _plans.clear()
                pieces = _plans[key] = self.plan(card, w, face_up, shade, halo, rows, veil)
            x, y = rect.x, rect.y
            out += [(img, (x + dx, y + dy)) for img, dx, dy in pieces]
        if out:
            surface.fblits(out)

    def plan(self, card: int | None, w: int, face_up: bool = True, shade: bool = True, halo=None,
             rows: int | None = None, veil: pygame.Surface | None = None) -> list[tuple[pygame.Surface, int, int]]:
        """The pieces :meth:`draw` blits, in order, for a card ``w`` px wide: ``(image, dx, dy)``
        with the offset in px from the card's top left; an image is a whole cached picture or a
        subsurface of one (the shadow's, the halo's and the card's translucent parts, each pixel
        blended once; the card's opaque parts from an opaque copy). Same arguments as
        :meth:`draw`, ``rows`` already dropped where it does not apply."""
        if card is None:
            img, top, bottom, c, solid = placeholder(w), 0, 0, None, None
        else:
            img = face(card, w, self.four_colour, self.compact, self.narrow, self.squeezed) if face_up \
                else back(w, self.back_style)
            _, top, bottom = opaque_band(img)
            if top < bottom:
                c = opaque_columns(img)
                solid = opaque_card(img) if veil is None else veiled_card(img, veil)
            else:
                c = solid = None
        h = img.get_height()
        sh = gl = None
        if shade:
            sh, s_off = shadow(w)
        if halo is not None:
            gl, g_off = halo_image(w, halo)
        geo = (w, h, top, bottom, c, rows, shade and (s_off, sh.get_size()),
               halo is not None and (g_off, gl.get_size()), veil is not None and veil.get_size())
        groups = _geometry.get(geo)
        if groups is None:
            if len(_geometry) > 2000:
                _geometry.clear()
            groups = _geometry[geo] = _grouped(_pieces(*geo))
        sources = (img, veil, sh, gl, solid)
        out: list = []
        for k, run in groups:
            src = sources[k]
            got = _subsurfaces.get(id(src))
            if got is None or got[0] is not src:
                if len(_subsurfaces) > 4000:
                    _subsurfaces.clear()
                got = _subsurfaces[id(src)] = (src, {}, {})
            done = got[2].get(id(run))
            if done is None or done[0] is not run:
                by_area = got[1]
                pieces = []
                for area, dx, dy in run:
                    sub = by_area.get(area) if area is not None else src
                    if sub is None:
                        sub = by_area[area] = src.subsurface(area)
                    pieces.append((sub, dx, dy))
                done = got[2][id(run)] = (run, pieces)
            out += done[1]
        return out


def _grouped(steps: list) -> list:
    """The steps of :func:`_pieces` as runs of one source, in order: ``(source index, [(area,
    dx, dy)…])``."""
    out: list = []
    for name, area, dx, dy in steps:
        k = _SOURCE[name]
        if out and out[-1][0] == k:
            out[-1][1].append((area, dx, dy))
        else:
            out.append((k, [(area, dx, dy)]))
    return out


_SOURCE = {"img": 0, "veil": 1, "shadow": 2, "glow": 3, "solid": 4}
"""The index of each source of :func:`_pieces` in :meth:`CardArt.plan`'s sources."""


def _pieces(w: int, h: int, top: int, bottom: int, c: int | None, rows: int | None, shade, halo,
            veil) -> list[tuple[str, tuple | None, int, int]]:
    """The pieces of :meth:`CardArt.plan` for one geometry, whatever the card: ``(source, area,
    dx, dy)``, where ``source`` names the shadow, the glow, the card image, the veil or the card's
    opaque copy (``solid``), ``area`` is the part of it (``None``: all of it) and ``dx, dy`` where
    that part goes from the card's top left (px). ``shade``, ``halo``: False or ``((dx, dy), size)``
    of the shadow and the halo; ``veil``: False or the veil's size; ``top``, ``bottom``, ``c``:
    the card's opaque rows and columns (:func:`opaque_band`, :func:`opaque_columns`)."""
    steps: list[tuple[str, tuple | None, int, int]] = []

    def add(name, area, size, dx, dy):
        ax, ay, aw, ah = area
        if aw <= 0 or ah <= 0:
            return
        whole = (ax, ay, aw, ah) == (0, 0, *size)
        steps.append((name, None if whole else (ax, ay, aw, ah), dx + ax, dy + ay))

    end = h if rows is None else rows
    under = ([("shadow", shade)] if shade else []) + ([("glow", halo)] if halo else [])
    if top >= bottom:     # nothing opaque (an empty pile's outline): every image blended whole
        for name, ((dx, dy), size) in under:
            add(name, (0, 0, *size), size, dx, dy)
        add("img", (0, 0, w, end), (w, h), 0, 0)
        if veil:
            add("veil", (0, 0, *veil), veil, 0, 0)
        return steps
    own = [(0, top, w, min(bottom, end) - top)]            # opaque once the card is drawn
    if c is not None:
        own += [(c, 0, w - 2 * c, min(top, end)), (c, bottom, w - 2 * c, end - bottom)]
    own = [r for r in own if r[2] > 0 and r[3] > 0]
    holes = list(own)
    if rows is not None:
        # the covering card (same size and look of corners, its top ``radius + 2`` px above
        # ``rows``) is opaque across its width from ``radius + 2`` px below its top to as much
        # above its bottom, and (when this card's columns say so) between its corner columns
        # from top to bottom
        corner = radius(w) + 2
        off = rows - corner
        holes.append((0, off + corner, w, h - 2 * corner))
        if c is not None and c <= corner:
            holes.append((corner, off, w - 2 * corner, h))
    for name, ((dx, dy), size) in under:
        for area in rect_minus(*size, [(x - dx, y - dy, hw, hh) for x, y, hw, hh in holes]):
            add(name, area, size, dx, dy)
    for area in rect_minus(w, end, own):
        add("img", area, (w, h), 0, 0)
        if veil:
            add("veil", area, veil, 0, 0)
    for area in own:
        add("solid", area, (w, h), 0, 0)
    return steps


_geometry: dict[tuple, list] = {}
_subsurfaces: dict[int, tuple] = {}   # id(image) → (image, {area: subsurface}, {id(run): (run, pieces)})
_plans: dict[tuple, list] = {}
_MARGINS: dict[int, int] = {}


# -- drawing ahead ---------------------------------------------------------------------------------
# A face is drawn the first time it shows (0.4 ms natively, a few ms in WebAssembly): a table's
# first picture needs up to 52, a column table whose cards shrink needs them all again at the new
# width. So the images a picture will need are queued and made in the spare time of frames
# (:func:`warm`), a few at a time, never blocking one.
_soon: dict = {}      # key → maker: images the next picture needs (made first)
_later: dict = {}     # key → maker: images a later picture may need (cards turned, widths to come)
_collecting = False
_slowest: dict = {}   # key kind → seconds a unit (:func:`_units`): the slowest maker of that kind lately (decays)
_first_slowest: dict = {}   # face kind → seconds: the slowest first face of a width lately (decays)
_dearest: dict = {}   # key kind → seconds: the slowest image of that kind lately, whatever its size (decays)
_made_widths: set = set()   # (face kind, width) of which a face was made by warm
_SCALED = {"back": (2, 0.15), "shadow": (3, 0.1), "glow": (3, 0.1)}   # kind → (power, floor): _units
KIND_PRIOR = {"face": 1.0, "cface": 1.0, "sface": 1.0, "empty": 1.0, "veiled": 1.5, "back": 3.5, "shadow": 6.0, "glow": 10.0}
"""What an image of a kind never made yet is taken to cost, in faces (a face's maker with its
opaque body = 1), times its :func:`_units`. Measured natively with pygame-ce 2.5.8: a face and
its body 0.05–0.2 ms at any width from 10 to 120 px (its drawing calls, not its pixels, cost);
at 120 px a back with its body 0.67 ms, a shadow 1.28 ms, a halo 2.17 ms; rounded up (docs/web.md,
"A new kind of image costed by its width"). A blurred kind's first image is several faces' time:
guessed as a face, it would be made in a frame with no room for it."""


def _units(key: tuple) -> float:
    """What the image under cache key ``key`` costs against the same kind's for a 100 px card:
    a back grows with its area (``(w/100)**2``), a shadow or a halo with its area times its
    blur's radius (``(w/100)**3``), each at least a floor (below it the drawing calls, not the
    pixels, cost); any other kind (a face, a text, a felt band) 1."""
    scaled = _SCALED.get(key[0])
    w = key[1] if scaled and len(key) > 1 else None
    if not isinstance(w, int) or isinstance(w, bool) or w <= 0:
        return 1.0
    power, floor = scaled
    return max(floor, (w / 100) ** power)


MAX_FACE_WIDTHS = 12
"""Card widths whose faces made ahead are kept (a column table's widths come and go as its
columns grow): beyond it, the faces of the width made or asked for longest ago go first. Memory:
52 faces and their opaque bodies are about 7 MB at 110 px, 1.3 MB at 48 px (a phone); Spider's
one-suit deck has 13 kinds of card."""
_widths: dict = {}    # face width → when it was last made or asked for (a counter)


def face_key(card: int, w: int, four_colour: bool = False, compact: bool = False, narrow: bool = False,
             squeezed: int = 0) -> tuple:
    """The cache key of :func:`face`'s picture of ``card`` ``w`` px wide with these options."""
    if compact:
        return ("sface", int(card), w, four_colour, squeezed) if squeezed else ("cface", int(card), w, four_colour)
    return ("face", int(card), w, four_colour, narrow)


def cached(key: tuple) -> bool:
    """Whether the image under cache key ``key`` (:func:`face_key`, ``("back", w, style)``…) is
    made."""
    return key in _cache


def _made(img_key: tuple) -> bool:
    img = _cache.get(img_key)
    if img is None:
        return False
    band = _cache.get(("band", id(img)))
    return band is not None and band[0] is img


def want(key, maker, soon: bool = False) -> None:
    """Queue ``maker`` (a callable taking no argument) under ``key`` for :func:`warm`: with
    ``soon``, among the images the next picture needs (made before any other). A key already
    queued stays where it is (a ``soon`` one moves up)."""
    if soon:
        _later.pop(key, None)
        _soon.setdefault(key, maker)
    elif key not in _soon:
        _later.setdefault(key, maker)


def want_faces(cards, w: int, art: "CardArt", soon: bool = False) -> int:
    """Queue the faces of ``cards`` (``suit*16+rank`` values) ``w`` px wide in ``art``'s look,
    with their opaque bodies (:func:`opaque_band`), that are not made yet. Returns how many."""
    _use_width(w)
    n = 0
    for c in cards:
        key = face_key(c, w, art.four_colour, art.compact, art.narrow, art.squeezed)
        if not _made(key):
            want(key, _face_maker(int(c), w, art.four_colour, art.compact, art.narrow, art.squeezed), soon)
            n += 1
    return n


def want_look(w: int, art: "CardArt", soon: bool = False) -> None:
    """Queue what every picture of cards ``w`` px wide in ``art``'s look draws besides the faces
    (the back and its opaque body, the shadow, an empty pile's outline, the playable cards'
    halo) that is not made yet; with ``soon``, among the images the next picture needs."""
    style = art.back_style
    if not _made(("back", w, style)):
        want(("back", w, style), lambda: opaque_band(back(w, style)), soon)
    for key, maker in ((("shadow", w), lambda: shadow(w)), (("empty", w), lambda: placeholder(w)),
                       (("glow", w, GLOW, 255), lambda: glow(w, GLOW)),
                       (halo_key(w, GLOW_UNDER), lambda: halo_image(w, GLOW_UNDER))):
        if key not in _cache:
            want(key, maker, soon)


def _face_maker(card, w, four, compact, narrow, squeezed=0):
    def make():
        _use_width(w)
        opaque_band(face(card, w, four, compact, narrow, squeezed))
    return make


def _use_width(w: int) -> None:
    _widths[w] = len(_widths) and max(_widths.values()) + 1
    if len(_widths) > MAX_FACE_WIDTHS:
        want(("forget widths",), _forget_old_widths)


def _forget_old_widths() -> None:
    """Forget the faces (their opaque bodies and copies, and the drawing plans using them) of the
    widths beyond :data:`MAX_FACE_WIDTHS` made or asked for longest ago."""
    old = sorted(_widths, key=_widths.get)[:max(0, len(_widths) - MAX_FACE_WIDTHS)]
    gone = set(old)
    for w in old:
        del _widths[w]
    _made_widths.difference_update({k for k in _made_widths if k[1] in gone})
    for k in [k for k, v in _cache.items()
              if (k[0] in ("face", "cface", "sface") and k[2] in gone)
              or (k[0] in ("band", "veiled", "opaque", "cols", "veiledall") and v[0].get_width() in gone
                  and v[0].get_height() == card_height(v[0].get_width()))]:
        del _cache[k]
    # the drawing plans of those widths, and the pieces they cut from the images
    for k in [k for k in _plans if k[2] in gone]:
        del _plans[k]
    for k in [k for k, v in _subsurfaces.items() if v[0].get_width() in gone]:
        del _subsurfaces[k]


def want_draw(art: "CardArt", card: int | None, w: int, face_up: bool = True, shade: bool = True, halo=None,
              veil: pygame.Surface | None = None) -> None:
    """Queue, among those the next picture needs, every image :meth:`CardArt.draw` would use to
    draw ``card`` ``w`` px wide so (face or back or empty outline, its opaque body, shadow,
    halo, veiled body) that is not made yet."""
    if card is None:
        if ("empty", w) not in _cache:
            want(("empty", w), lambda: placeholder(w), True)
    elif face_up:
        want_faces((card,), w, art, True)
    elif not _made(("back", w, art.back_style)):
        style = art.back_style
        want(("back", w, style), lambda: opaque_band(back(w, style)), True)
    if shade and ("shadow", w) not in _cache:
        want(("shadow", w), lambda: shadow(w), True)
    if halo is not None and halo_key(w, halo) not in _cache:
        want(halo_key(w, halo), lambda: halo_image(w, halo), True)
    if veil is not None and card is not None:
        four, compact, narrow, style, squeezed = art.four_colour, art.compact, art.narrow, art.back_style, art.squeezed

        def veiled():
            img = face(card, w, four, compact, narrow, squeezed) if face_up else back(w, style)
            veiled_band(img, veil)
        want(("veiled", card, w, face_up, id(veil)), veiled, True)


class collecting:
    """``with collecting():`` :meth:`CardArt.draw` draws nothing and queues what it would need
    (:func:`want_draw`): a dry pass over a picture lists the card images to make before it."""

    def __enter__(self):
        global _collecting
        _collecting = True
        return self

    def __exit__(self, *exc):
        global _collecting
        _collecting = False
        return False


def collecting_now() -> bool:
    """Whether a dry pass is listing images (``with collecting():``): nothing is drawn."""
    return _collecting


def pending(soon_only: bool = True) -> int:
    """How many queued images are still to make (those the next picture needs, or all)."""
    return len(_soon) + (0 if soon_only else len(_later))


def warm(deadline: float, clock, at_least: int = 0) -> int:
    """Make queued images (the next picture's first) while the slowest recent one of its kind,
    scaled to this one's size (:func:`_units`: a back made for a miniature is cheaper than a
    table's), would still end before ``deadline`` (seconds on ``clock``, a callable), and at
    least ``at_least`` of them. A kind not made yet is taken to be as slow as the slowest kind
    made, and at least as its :data:`KIND_PRIOR` in faces (a halo or a shadow, blurred, costs
    several faces); such a back, shadow or halo, costed by a guess, is made only as the first
    image of a call (unless ``at_least`` asks for more). The first face of a card width is costed
    apart, as the slowest first face lately: it also makes the size's suit shapes and opens its
    index font. Returns how many were made."""
    n = 0
    while _soon or _later:
        q = _soon if _soon else _later
        key = next(iter(q))
        kind = key[0]
        # the first face of a width also makes that size's suit shapes and opens its index
        # font: it is costed apart from the faces after it (a Spider landing at 844x390 made
        # two new widths' faces on the guess of the recent ones, 5 ms past its deadline)
        w = key[2] if kind in ("face", "cface", "sface") and len(key) > 2 else None
        first = w is not None and (kind, w) not in _made_widths
        costs = _first_slowest if first else _slowest
        # a first face is costed whole (its font and suit shapes), any other image by its size
        units = 1.0 if first else _units(key)
        t = clock()
        rate = costs.get(kind)
        guessed = rate is None
        if guessed:
            rate = max(_dearest.values(), default=0.0) / units
            if kind in KIND_PRIOR:   # a kind never made: as dear as its prior in faces says
                face_rate = max(_slowest.get("face", 0.0), _slowest.get("cface", 0.0), _slowest.get("sface", 0.0))
                rate = max(rate, face_rate * KIND_PRIOR[kind])
            if first:
                rate = max(rate, max(_first_slowest.values(), default=0.0))
        # a back, shadow or halo never made: its cost, in pixels, only guessed (a blurred kind's
        # prior, measured natively, is 1.5-2 times low in the page): made first in a call, where
        # a low guess runs over by the least
        if n >= at_least and n and guessed and kind in _SCALED:
            break
        if n >= at_least and t + rate * units > deadline:
            if n == 0:   # one slow image (the first of a size: fonts, suits) must not stop all
                costs[kind] = rate * 0.9
            break
        maker = q.pop(key)
        maker()
        took = clock() - t
        costs[kind] = max(took / units, costs.get(kind, 0.0) * 0.9)
        _dearest[kind] = max(took, _dearest.get(kind, 0.0) * 0.9)
        if first:
            _made_widths.add((kind, w))
        n += 1
    return n


def forget_queue() -> None:
    """Drop every queued image (nothing made)."""
    _soon.clear()
    _later.clear()


def clear() -> None:
    """Forget every cached image and drawing plan (and the queue of images to make)."""
    _cache.clear()
    _plans.clear()
    _subsurfaces.clear()
    _widths.clear()
    forget_queue()
