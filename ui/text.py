"""Text surfaces from pygame's bundled default font, cached (never rendered per frame).

Small text is drawn at :data:`SUPERSAMPLE` times its size and scaled down smoothly. SDL_ttf hints
each glyph to whole pixels, and FreeSans Bold's hinting at small sizes rounds some advances up by
as much as 2 px where the design says 3.8 px (``t`` at 16 px), so words came apart ("Setting s",
"Ta p a card"); at three times the size the rounding is a third as large once scaled back, and
the letters sit where the font's design puts them (``tests/test_ui_text_cards.py``).

``pygame.font.Font(None, size)`` is the bundled FreeSans Bold: it exists on the desktop and in the
browser (pygbag) and covers Latin and Cyrillic, but has no suit glyphs (suits are drawn as shapes,
see :mod:`ui.cards_art`). A card named in a text the way the rules write it (``3H``, ``TC``, ``KS``,
docs/contract.md "Cards") is drawn as its rank and a suit shape (``10`` for ``T``), so a status line
reads "3♥ and 10♣" in every language.
"""
from __future__ import annotations

import re

import pygame

_fonts: dict[int, pygame.font.Font] = {}
_cache: dict[tuple, pygame.Surface] = {}
_MAX = 3000
MIN_SIZE = 16
"""The least font size drawn where a text must read on a phone: its lines are 12 px tall."""


def font(size: int) -> pygame.font.Font:
    """The default font at ``size`` pixels (cached)."""
    size = max(6, int(size))
    f = _fonts.get(size)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _fonts[size] = pygame.font.Font(None, size)
    return f


_fonts_wanted: dict[int, None] = {}   # font sizes to open ahead, in order (:func:`open_wanted`)
_glyphs_wanted: list[tuple[int, str]] = []   # (font size, characters) to measure ahead

LATIN = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
         " .,:;!?'\"()/+-–—·×%#«»…")
"""The characters English text on a table's bars and status line is made of."""
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
"""The letters Russian text adds to :data:`LATIN`."""


def want_fonts(sizes, glyphs: str = LATIN) -> int:
    """Queue the fonts that measure and draw text at each of ``sizes`` (px; the font
    :data:`SUPERSAMPLE` times larger below :data:`SHARP_FROM`) to be opened ahead, one at a time
    (:func:`open_wanted`), and then ``glyphs`` measured in each. Opening a font (``pygame.font.Font``
    at a new size) takes about a millisecond in WebAssembly, and the first measure of a glyph in a
    font loads it (about 1 ms natively for an alphabet, two or three times that in WebAssembly):
    the frame before a table's first picture fits its status line and top bar, and would pay for
    both (docs/web.md, session 12). Returns how many fonts are queued now."""
    for s in sizes:
        s = max(6, int(s))
        f = s * SUPERSAMPLE if s < SHARP_FROM else s
        if f not in _fonts:
            _fonts_wanted[f] = None
            if glyphs:
                _glyphs_wanted.append((f, glyphs))
    for s in sizes:     # the font at the size itself gives a card's suit shape its side (:func:`_side`)
        s = max(6, int(s))
        if s < SHARP_FROM and s not in _fonts:
            _fonts_wanted[s] = None
    return len(_fonts_wanted)


def open_wanted() -> bool:
    """One piece of the work :func:`want_fonts` queued: open the first queued font not open yet,
    else measure the queued glyphs of one opened font (a piece at a time: opening and measuring
    share no frame). Returns whether a piece was done (``False``: none left)."""
    while _fonts_wanted:
        f = next(iter(_fonts_wanted))
        del _fonts_wanted[f]
        if f not in _fonts:
            font(f)
            return True
    if _glyphs_wanted:
        f, glyphs = _glyphs_wanted.pop(0)
        font(f).size(glyphs)
        return True
    return False


def fonts_wanted() -> int:
    """How many pieces of work :func:`want_fonts` queued are left (fonts to open, fonts whose
    glyphs are to be measured)."""
    return len(_fonts_wanted) + len(_glyphs_wanted)


#: a card as the rules write it (rank, suit letter), standing alone (not inside a word or a code)
CARD_TOKEN = re.compile(r"(?<![\w-])(10|[A2-9TJQK])([CDHS])(?![\w-])")
_SUITS = "CDHS"   # games.cards order: clubs, diamonds, hearts, spades
SUIT_SCALE = 0.85  # a suit shape's side, as a fraction of the font's ascent (about a capital)
LIGHT_RED = (255, 138, 128)  # red suits inside light text (on the felt): readable, still red


def _pieces(text: str) -> list:
    """``text`` split into strings and ``(suit, )`` tuples where a card's suit letter was."""
    out: list = []
    pos = 0
    for m in CARD_TOKEN.finditer(text):
        out.append(text[pos:m.start()] + ("10" if m.group(1) == "T" else m.group(1)))
        out.append((_SUITS.index(m.group(2)),))
        pos = m.end()
    out.append(text[pos:])
    return [p for p in out if p != ""]


def _side(size: int) -> int:
    """The side in px of a suit shape inside text at ``size``."""
    return max(3, round(font(size).get_ascent() * SUIT_SCALE))


SUPERSAMPLE = 3
"""Text below :data:`SHARP_FROM` px is rendered this many times larger and scaled down."""
SHARP_FROM = 40
"""From this size on, text is rendered at its own size: the hinting's whole-pixel advances are
small beside the letters' widths there."""


def _plain_width(text: str, size: int) -> int:
    """The width in px of ``text`` (no card in it) as :func:`_plain` draws it."""
    if size >= SHARP_FROM or not text:
        return font(size).size(text)[0]
    return -(-font(size * SUPERSAMPLE).size(text)[0] // SUPERSAMPLE)


def _plain(text: str, size: int, color) -> pygame.Surface:
    """``text`` (no card in it) in the font at ``size``, anti-aliased; below :data:`SHARP_FROM`
    rendered at :data:`SUPERSAMPLE` times the size and scaled down to :func:`_plain_width` and a
    third of the big surface's height (SDL_ttf makes a surface as tall as the text's glyphs need,
    accents included, as it does at the size itself)."""
    if size >= SHARP_FROM or not text:
        return font(size).render(text, True, color)
    big = font(size * SUPERSAMPLE).render(text, True, color)
    return pygame.transform.smoothscale(big, (max(1, _plain_width(text, size)),
                                              max(1, round(big.get_height() / SUPERSAMPLE))))


_CONTROLS = {c: None for c in [*range(0, 32), 127] if c != 10}


def printable(text: str) -> str:
    """``text`` without the C0 control characters and DEL (a newline kept), and with every
    character the font has no glyph for (another script's digit, an emoji, a suit symbol) written
    ``?``: SDL_ttf cannot draw a NUL (pygame raises) and draws the others as empty boxes, and a deal
    code from a page address or an imported file may hold any of them."""
    text = text.translate(_CONTROLS)
    if text.isascii():
        return text
    return "".join("?" if ch not in _DRAWN and _lacks(ch) else ch for ch in text)


_DRAWN: set = set(LATIN + CYRILLIC)   # characters the font is known to draw
_LACKED: set = set()


def _lacks(ch: str) -> bool:
    """Whether the bundled font has no glyph for ``ch``: SDL_ttf then draws the font's empty box
    (.notdef), the same metrics and pixels as for a code point no font has (U+0378); remembered."""
    if ch in _LACKED:
        return True
    if ch == "\n":
        return False
    f = font(12)
    box = "\u0378"
    try:
        lacks = f.metrics(ch) == f.metrics(box) and \
            pygame.image.tobytes(f.render(ch, False, (255, 255, 255)), "RGBA") == \
            pygame.image.tobytes(f.render(box, False, (255, 255, 255)), "RGBA")
    except pygame.error:     # nothing to draw alone (a zero-width mark)
        lacks = True
    (_LACKED if lacks else _DRAWN).add(ch)
    return lacks


_widths: dict[tuple, int] = {}


def width(text: str, size: int) -> int:
    """The width in px of ``text`` as :func:`render` draws it at ``size`` (remembered, as
    :func:`render`'s surfaces are: a table's top bar measures each of its labels and values
    to share out its room whenever it is drawn anew)."""
    key = (text, size)
    got = _widths.get(key)
    if got is not None:
        return got
    t = printable(text)
    s = max(6, int(size))
    if CARD_TOKEN.search(t) is None:
        out = _plain_width(t, s)
    else:
        side = _side(s)
        out = sum(side + 1 if isinstance(p, tuple) else _plain_width(p, s) for p in _pieces(t))
    if len(_widths) > _MAX:
        _widths.clear()
    _widths[key] = out
    return out


def _suit_ink(suit: int, color) -> tuple:
    """The ink of a suit shape inside text of ``color``: black suits take the text's colour; red
    ones are red (a lighter red inside light text, readable on the felt)."""
    from .cards_art import suit_color   # late: cards_art imports this module
    if suit in (1, 2):   # diamonds, hearts
        return LIGHT_RED if sum(color[:3]) > 3 * 150 else suit_color(suit)
    return tuple(color)


def _render_rich(text: str, size: int, color) -> pygame.Surface:
    """:func:`render` for a text naming cards: font pieces and suit shapes on one line, the
    shapes sitting on the baseline; as wide as :func:`width` says."""
    from .cards_art import suit_image   # late: cards_art imports this module
    f = font(size)
    side = _side(size)
    out = pygame.Surface((max(1, width(text, size)), f.get_height()), pygame.SRCALPHA)
    x, top = 0, f.get_ascent() - side
    for p in _pieces(text):
        if isinstance(p, tuple):
            out.blit(suit_image(p[0], side, _suit_ink(p[0], color)), (x, top))
            x += side + 1
        else:
            img = _plain(p, size, color)
            out.blit(img, (x, 0))
            x += img.get_width()
    return out


class Enough(Exception):
    """Raised by :func:`render` inside :func:`render_ahead` once its texts for the frame are
    rendered: the drawing that asked for one more stops there."""


_ahead = {"left": None}   # texts :func:`render` may still render inside :func:`render_ahead`


def render_ahead(draw, n: int = 1) -> bool:
    """Run ``draw()`` (a drawing onto a scratch surface, nothing shown) with :func:`render`
    rendering at most ``n`` texts not in its cache: the drawing stops at the next one. Returns
    whether it ran to its end (every text it draws is rendered). A text under
    :data:`SHARP_FROM` px is rendered at three times its size and scaled down, and a font's
    glyphs are rasterized at their first drawing: a panel opened with its texts unrendered
    renders them all in its frame (10 ms of CPU natively for Devil's Grip's end panel at
    390x844), so a table renders them ahead, a few a frame (docs/web.md, "Session 28")."""
    before = _ahead["left"]
    _ahead["left"] = n
    try:
        draw()
    except Enough:
        return False
    finally:
        _ahead["left"] = before
    return True


def render(text: str, size: int, color=(255, 255, 255)) -> pygame.Surface:
    """``text`` rendered anti-aliased at ``size`` px in ``color`` (cached by all three); cards
    named in it (:data:`CARD_TOKEN`) get a drawn suit shape. Inside :func:`render_ahead`, a
    text not in the cache once its texts are spent raises :class:`Enough`."""
    key = (text, int(size), tuple(color))
    s = _cache.get(key)
    if s is None:
        left = _ahead["left"]
        if left is not None:
            if left <= 0:
                raise Enough
            _ahead["left"] = left - 1
        if len(_cache) > _MAX:
            _cache.clear()
        text, size = printable(text), max(6, int(size))
        if CARD_TOKEN.search(text) is None:
            s = _plain(text, size, color)
        else:
            s = _render_rich(text, size, color)
        _cache[key] = s
    return s


_fits: dict[tuple, int] = {}


def fit(text: str, size: int, max_width: int, min_size: int = 10) -> int:
    """The largest size ≤ ``size`` (not below ``min_size``) at which ``text`` is ≤ ``max_width`` px wide
    (remembered: screens ask it for every label on every redraw)."""
    key = (text, int(size), int(max_width), min_size)
    got = _fits.get(key)
    if got is not None:
        return got
    size = int(size)
    if size > min_size:
        wide = width(text, size)
        if wide > max_width:
            size = _fit_down(text, size, max_width, min_size, wide)
    if len(_fits) > _MAX:
        _fits.clear()
    _fits[key] = size
    return size


def _fit_down(text: str, size: int, max_width: int, min_size: int, wide: int) -> int:
    """:func:`fit` for a ``text`` ``wide`` px at ``size``, too wide: the largest size below
    ``size`` (not below ``min_size``) at which it fits. A text's width grows about in proportion
    to the size, so the search starts from the proportional size and steps from there, measuring
    two or three sizes instead of every size down (each size measured is a font opened and its
    glyphs loaded, about a millisecond in WebAssembly). The answer is the size the step down from
    ``size`` finds wherever the width grows with the size."""
    guess = max(min_size, min(size - 1, size * max_width // max(1, wide)))
    while guess > min_size and width(text, guess) > max_width:
        guess -= 1
    while guess + 1 < size and width(text, guess + 1) <= max_width:
        guess += 1
    return guess


def blit_center(surface: pygame.Surface, img: pygame.Surface, center) -> pygame.Rect:
    """Blit ``img`` centred on ``center``; returns its rect."""
    r = img.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(img, r)
    return r


def wrap(text: str, size: int, max_width: int) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` px at ``size``: words are kept whole
    where they fit a line; a word wider than a whole line (a long code, a path) is broken between
    its letters, so no line ever runs past ``max_width`` (a line of one letter excepted)."""
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and width(trial, size) > max_width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
        while width(cur, size) > max_width and len(cur) > 1:   # a word longer than a line
            k = _fitting(cur, size, max_width)
            lines.append(cur[:k])
            cur = cur[k:].lstrip()
    if cur:
        lines.append(cur)
    return lines or [""]


def _fitting(line: str, size: int, max_width: int, tail: str = "") -> int:
    """The most leading characters of ``line`` (at least 1) that, with ``tail`` after them, fit
    ``max_width`` px at ``size``."""
    lo, hi = 1, len(line)
    while lo < hi:   # the widths grow with the characters kept: a binary search
        mid = (lo + hi + 1) // 2
        if width(line[:mid] + tail, size) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def shorten(line: str, size: int, max_width: int, cut: bool = False) -> str:
    """``line`` as it fits ``max_width`` px at ``size``: itself when it fits (and ``cut`` is
    false), else as many of its first characters as fit with ``…`` after them. ``cut``: the text
    went on past ``line`` (a wrap's lines were dropped), so ``…`` is shown even when it fits."""
    if not cut and width(line, size) <= max_width:
        return line
    line = line.rstrip(" …")
    if width(line + "…", size) <= max_width:
        return line + "…"
    return line[:_fitting(line, size, max_width, "…")] + "…"


def wrap_lines(text: str, size: int, max_width: int, max_lines: int) -> list[str]:
    """:func:`wrap` with at most ``max_lines`` lines: when the text needs more, the last line
    kept ends with ``…`` (:func:`shorten`), so a cut is seen."""
    lines = wrap(text, size, max_width)
    if len(lines) <= max_lines:
        return lines
    return lines[:max_lines - 1] + [shorten(lines[max_lines - 1], size, max_width, cut=True)]


def clear() -> None:
    """Forget rendered texts (after a language change, to free memory)."""
    _cache.clear()
    _fits.clear()
    _widths.clear()
