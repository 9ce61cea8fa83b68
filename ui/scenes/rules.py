"""Rules and tips of a game, for a player, in the current language.

The pages are text files of the catalogue, ``locales/<lang>/rules/<game>.txt`` (and
``general.txt``, shown under every game's page): ``# Heading`` lines, ``- bullet`` lines,
paragraphs, and ``[cards: 7H | 6S 8D]`` lines that draw small cards (groups split by ``|``).
The page scrolls (drag, wheel, arrow keys); text is at least 15 px on a phone.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

from games.cards import parse_card
from games.i18n import LOCALES_DIR, language, tr

from .. import cards_art, text
from ..frame import DIM, INK, WARN
from .common import Focusable, ScreenScene, game_title
from .scroll import Scrolling


def page_text(game: str | None, lang: str | None = None) -> str:
    """The rules page of ``game`` then the general page, in ``lang`` (English when missing);
    the general page alone for ``game`` ``None``."""
    out = []
    for name in (game, "general") if game else ("general",):
        for lg in (lang or language(), "en"):
            path = LOCALES_DIR / lg / "rules" / f"{name}.txt"
            if path.is_file():
                out.append(path.read_text(encoding="utf-8"))
                break
    return "\n".join(out)


class Block(StrEnum):
    """The kinds of blocks of a rules page."""

    HEAD = "head"        # a heading: its text
    BULLET = "bullet"    # a bulleted line: its text
    PARA = "para"        # a paragraph: its text
    CARDS = "cards"      # small cards: a list of groups of card ints


@dataclass(frozen=True)
class PageItem:
    """A block laid out on the page: its ``kind``, its top ``y`` (px from the page's top) and
    ``value``: the heading's text, ``(indent px, wrapped lines)`` of a paragraph or bullet, or
    the groups of card ints."""

    kind: Block
    y: int
    value: object


def parse_page(src: str) -> list[tuple[Block, object]]:
    """Blocks ``(kind, value)`` (a :class:`Block` and its value: text, or for ``CARDS`` a list
    of groups of card ints). :raises ValueError: for a card line that does not read."""
    blocks = []
    for raw in src.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("# "):
            blocks.append((Block.HEAD, line[2:].strip()))
        elif line.startswith("- "):
            blocks.append((Block.BULLET, line[2:].strip()))
        elif line.startswith("[cards:") and line.endswith("]"):
            groups = [[parse_card(t) for t in g.split()] for g in line[7:-1].split("|")]
            blocks.append((Block.CARDS, [g for g in groups if g]))
        else:
            blocks.append((Block.PARA, line))
    return blocks


class RulesScene(Scrolling, ScreenScene):
    """The rules page of ``game`` (``None``: the general page alone, the help of the screens
    that are no game's); back returns to ``back_to`` (a table, from its pause menu, or the
    screen whose F1 opened it), else home with that game's sheet open."""

    def __init__(self, game: str | None, back_to=None):
        super().__init__()
        self.game = game
        self.back_to = back_to
        self.scroll = 0.0

    def title(self) -> str:
        if self.game is None:
            return tr("Rules and tips")
        return tr("How to play {game}", game=game_title(self.game))

    def back(self) -> None:
        if self.game is None and self.back_to is None:
            self.app.home()
        else:
            self.back_to_sheet(self.back_to, self.game)

    def open_help(self) -> bool:
        """This page is the help already: the help keys do nothing here."""
        return False

    def layout(self, w, h) -> None:
        self.area = pygame.Rect(0, self.top.bottom, w, h - self.top.bottom)
        self.fs = 16 if self.phone else max(16, round(20 * self.s))
        m = 14 if self.phone else round(28 * self.s)
        col_w = min(w - 2 * m, round(820 * self.s) if not self.phone else w)
        self.x0 = (w - col_w) // 2
        self.col_w = col_w
        self.card_w = max(34, min(60, round(self.fs * 2.8)))
        lh = text.font(self.fs).get_linesize()
        hs = self.fs + 5
        self.items: list[PageItem] = []
        y = m // 2
        for kind, val in parse_page(page_text(self.game)):
            if kind is Block.HEAD:
                y += lh // 2
                self.items.append(PageItem(kind, y, val))
                y += text.font(hs).get_linesize() + 4
            elif kind in (Block.PARA, Block.BULLET):
                indent = round(self.fs * 1.3) if kind is Block.BULLET else 0
                lines = text.wrap(val, self.fs, col_w - indent)
                self.items.append(PageItem(kind, y, (indent, lines)))
                y += lh * len(lines) + lh // 3
            else:
                ch = cards_art.card_height(self.card_w)
                self.items.append(PageItem(kind, y + 4, val))
                y += ch + 14
        self.content_h = y + m
        self.clamp()

    def focusables(self) -> list[Focusable]:
        """Each heading, paragraph, bullet and row of cards, in order, read as it is written (the
        cards in words: "Seven of hearts; six of spades, eight of diamonds"); the page scrolls
        to the focus."""
        from ..speech import card_words, sentence

        lh = text.font(self.fs).get_linesize()
        dy = self.area.y - round(self.scroll)
        out = []
        for k, item in enumerate(self.items):
            kind, val = item.kind, item.value
            if kind is Block.HEAD:
                h, words = text.font(self.fs + 5).get_linesize(), val
            elif kind in (Block.PARA, Block.BULLET):
                h, words = lh * len(val[1]), " ".join(val[1])
            else:
                h = cards_art.card_height(self.card_w)
                words = sentence("; ".join(", ".join(card_words(c) for c in g) for g in val))
            out.append(Focusable(f"item:{k}", pygame.Rect(self.x0 - 6, item.y + dy - 2, self.col_w + 12, h + 4),
                                 None, lambda w=words: w))
        return out

    def draw_body(self, surface) -> None:
        if not hasattr(self, "art"):
            self.art = cards_art.CardArt(self.settings.four_colour, self.settings.card_back)
        fs = self.fs
        lh = text.font(fs).get_linesize()
        clip = surface.get_clip()
        surface.set_clip(self.area)
        dy = self.area.y - round(self.scroll)
        for item in self.items:
            kind, val = item.kind, item.value
            top = item.y + dy
            if top > self.area.bottom or top + 400 < self.area.y:
                continue
            if kind is Block.HEAD:
                surface.blit(text.render(val, fs + 5, WARN), (self.x0, top))
            elif kind in (Block.PARA, Block.BULLET):
                indent, lines = val
                for k, line in enumerate(lines):
                    surface.blit(text.render(line, fs, INK), (self.x0 + indent, top + k * lh))
                if kind is Block.BULLET:
                    pygame.draw.circle(surface, DIM, (self.x0 + indent // 2, top + lh // 2), max(3, fs // 6))
            else:
                x = self.x0
                step = round(self.card_w * 0.62)
                for g, group in enumerate(val):
                    if g:
                        x += self.card_w // 2
                    for c in group:
                        self.art.draw(surface, c, pygame.Rect(x, top, self.card_w, cards_art.card_height(self.card_w)))
                        x += step
                    x += self.card_w - step
        surface.set_clip(clip)
