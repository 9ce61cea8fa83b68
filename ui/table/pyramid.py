"""The Pyramid table (docs/rules.md, "Pyramid"; docs/pyramid.md).

The chosen layout (``layouts/pyramid/NN-*.toml``, half-card units, via
:func:`games.pyramid.geometry`) at the top; the stock, the waste and the discard pile in a row
below it, or in a column left of it on a phone held on its side (``layouts/pyramid-screen.toml``,
see :func:`fit`). Free cards are bright, covered cards dimmed.

The stock is face up (the rules'): its top card lies on the stock's back, a strip of which shows
at its left with the count, the *draw tab*. Taps (the rules decide, :meth:`Pyramid.why_not`):

* a free card, the stock's top card or the waste's top card: a king goes at once; another card
  lifts and glows (selected), then a tap on its partner removes both (they fly to the discard
  pile). A tap on another playable card that does not make 13 with it lifts that one instead;
  a covered card or a refused drop shakes and the status line says why; a tap on the selected
  card puts it down;
* the draw tab: the stock's top card goes onto the waste (``s``); on an empty stock the whole
  waste turns back (the same move). A selected layout card stays selected over draws.

Score (``rules.score(state, seconds)``, the clock counts), time and moves in the top bar; the
hint slices the solver (``base.py``); a win sends the cards flying off the table.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from games.cards import RANKS, fmt
from games.core import LOST, PLAYING, WON
from games.i18n import language, named, tr
from games.pyramid import DRAW, STOCK, WASTE, Pyramid, card_at, free, geometry, partner_rank

from .. import cards_art, text
from ..anim import ease_out, fly_pos, lerp, pulse, shake_offset
from ..frame import DIM, INK, draw_ring, icon, load_toml
from . import hit
from .base import GameTable
from .drag import OneCardDrag, TargetFocus
from .hit import Hit, Kind

R = cards_art.RATIO
LIFT = 0.07          # a selected card rises this share of its height
FLIGHT_STEPS = 4
"""A card flying between places of different widths (a phone: the stock, waste and discard pile
are larger than the pyramid's cards) grows or shrinks in this many steps between the smallest
and the largest place (:func:`flight_widths`): the faces of every width shown are made ahead, the
whole deck's, so a few widths rather than every even width between (7 at 390×844)."""


def flight_widths(places) -> list[int]:
    """The widths (px) a flying card is drawn at between the places' widths ``places``: the
    smallest and the largest and :data:`FLIGHT_STEPS` - 1 evenly between."""
    lo, hi = min(places), max(places)
    return sorted({lo + round((hi - lo) * k / FLIGHT_STEPS) for k in range(FLIGHT_STEPS + 1)})


def flight_width(w0: int, w1: int, e: float, steps: list[int], made=lambda w: True) -> int:
    """The width (px) a card flying from a place ``w0`` wide to one ``w1`` wide is drawn at, ``e``
    of the way (0-1, eased): the width of ``steps`` (:func:`flight_widths`) between them nearest
    to the exact one, ``w0`` and ``w1`` themselves at the ends; only widths ``made(w)`` says its
    face is made at, ``w0`` where none is (it was drawn there before it flew)."""
    if w0 == w1:
        return w0
    lo, hi = min(w0, w1), max(w0, w1)
    exact = lerp(w0, w1, e)
    return min([w0] + [w for w in [w1] + steps if lo < w <= hi and w != w0 and made(w)],
               key=lambda w: (abs(w - exact), w))
DIM_ALPHA = 120      # the shade over a covered card


def rank_name(r: int) -> str:
    return "10" if r == 10 else RANKS[r - 1]


def layout_name(number: int, lang: str | None = None) -> str:
    """The name of layout ``number`` in ``lang`` (the current language by default: said anew on a
    change of language, :func:`games.i18n.named`), from its file."""
    names = geometry(number).layout.name
    if lang is None and "en" in names:
        return named(names)
    return names.get(lang or language(), names.get("en", str(number)))


def uncovered(back: pygame.Rect, card: pygame.Rect) -> pygame.Rect:
    """The part of ``back`` (px) beside ``card`` lying across one of its sides: the strip left of
    the card when it covers the back's right part (the right-handed stock on its back), right of
    it when it covers the left part (left-handed); ``back`` itself when the card does not cross
    its left or right edge."""
    if back.x < card.x < back.right:
        return pygame.Rect(back.x, back.y, card.x - back.x, back.height)
    if back.x < card.right < back.right:
        return pygame.Rect(card.right, back.y, back.right - card.right, back.height)
    return pygame.Rect(back)


@dataclass
class Geo:
    """Where everything lies for one layout in one table area (px)."""

    w: int
    h: int
    step_y: float            # one half cell down, in card heights
    piles: str               # "below" or "beside"
    slots: list              # pygame.Rect per slot
    deck: pygame.Rect        # the stock's back (the draw tab shows its uncovered strip)
    stock: pygame.Rect       # the stock's face-up top card
    waste: pygame.Rect
    discard: pygame.Rect
    compact: bool            # faces readable from a top strip (rows closed up, or small cards)
    side: bool = False       # the layout lies on its side (rows left to right)
    order: tuple = ()        # the slots bottom to top as drawn (stacking order; () = slot order)

    def stack(self, n: int) -> tuple:
        """The ``n`` slots' indices in the order they are drawn, bottom to top: slot order, or on
        its side each row from the layout's right end to its left end (:attr:`order`)."""
        return self.order or tuple(range(n))


def _extent(lay, p: dict, side: bool, sy: float) -> tuple[float, float]:
    """The layout's width and height in card widths: across (row step ``sy`` card heights), or
    on its side (grid x down by ``side_step[1]`` card heights a half cell, rows to the right
    by ``side_step[0]`` card widths)."""
    if side:
        sx, sd = p["side_step"]
        return (max(0, lay.height - 2) * sx + 1, (max(0, lay.width - 2) * sd + 1) * R)
    return lay.width / 2, (max(0, lay.height - 2) * sy + 1) * R


def tab_strip(p: dict, w: float) -> float:
    """How much of the stock's back shows left of its top card (the draw tab), in widths of a
    card ``w`` px wide: ``deck_strip``, widened to ``tab_min`` px (a touch target) where the
    shape asks for one, never more than the whole card."""
    return min(1.0, max(p["deck_strip"], p.get("tab_min", 0) / max(1.0, w)))


def _needs(lay, p: dict, piles: str, sy: float, side: bool = False, w: float = 0) -> tuple[float, float]:
    """Width and height of everything in card widths, for row step ``sy`` and cards ``w`` px
    wide (the draw tab's least width is in px: :func:`tab_strip`; 0: the tab as ``deck_strip``
    says)."""
    W2, lh = _extent(lay, p, side, sy)
    strip = tab_strip(p, w) if w else p["deck_strip"]
    if piles == "below":
        row = strip + 3 + 3 * p["pile_gap"]
        return max(W2, row), lh + p["gap"] + R
    return W2 + p["gap"] + strip + 1, max(lh, 3 * R + 2 * p["pile_gap"])


def _step_for(lay, p: dict, piles: str, height_in_w: float, side: bool = False) -> float:
    """The largest row step ≤ step_y (≥ min_step_y) whose layout fits ``height_in_w`` card widths."""
    hs = max(0, lay.height - 2)
    if hs == 0 or side:
        return p["step_y"]
    room = height_in_w - (p["gap"] + R if piles == "below" else 0)
    sy = (room / R - 1) / hs
    return max(p["min_step_y"], min(p["step_y"], sy))


def _width_for(lay, table, p, piles, side, scale) -> int:
    nw, _ = _needs(lay, p, piles, p["step_y"], side)
    wx = table.width / nw
    sy = _step_for(lay, p, piles, table.height / wx, side)
    w = int(min(wx, table.height / _needs(lay, p, piles, sy, side)[1], p["max_card"] * scale))
    # the draw tab's least width in px takes more of the cards' widths the narrower they are
    while w > 8 and (cards_art.card_height(w) * _needs(lay, p, piles, sy, side, w)[1] / R > table.height
                     or w * _needs(lay, p, piles, sy, side, w)[0] > table.width):
        w -= 1
    return w


def fit(number: int, table: pygame.Rect, p: dict, scale: float = 1.0) -> Geo:
    """The geometry of layout ``number`` in ``table`` under the shape's parameters ``p``
    (``layouts/pyramid-screen.toml``): for each arrangement in ``p["piles"]`` the widest card
    such that the layout (half-card steps across, rows closed up towards ``min_step_y`` when the
    height is short) and the piles fit; the widest wins. A layout whose cards would be narrower
    than ``side_below`` px across is laid on its side when that gives wider cards: the layout's
    picture turned a quarter left (rows run left to right, each row's left end at the bottom),
    never mirrored, its stacking order :attr:`Geo.order`."""
    lay = geometry(number).layout
    best = None
    for piles in p["piles"]:
        w = _width_for(lay, table, p, piles, False, scale)
        if best is None or w > best[0]:
            best = (w, piles, False)
    if "side_step" in p and best[0] < p.get("side_below", 0) * scale:
        for piles in p["piles"]:
            w = _width_for(lay, table, p, piles, True, scale)
            if w > best[0]:
                best = (w, piles, True)
    w, piles, side = best
    h = cards_art.card_height(w)
    sy = _step_for(lay, p, piles, table.height * R / h, side)   # heights in units of h / R
    nw, nh = _needs(lay, p, piles, sy, side, w)
    bw, bh = nw * w, nh * h / R
    ox = table.x + (table.width - bw) / 2
    oy = table.y + (table.height - bh) / 2
    W2, lh = _extent(lay, p, side, sy)
    lh = lh / R * h                      # px

    def place(lx, ly):
        if side:
            # turned a quarter left, as the layout's picture turned: its top row at the left, its
            # left end at the bottom (a player who tilts the head left sees the picture itself)
            sx, sd = p["side_step"]
            right = max(x for x, _ in lay.slots)
            return [pygame.Rect(round(lx + y * sx * w), round(ly + (right - x) * sd * h), w, h) for x, y in lay.slots]
        return [pygame.Rect(round(lx + x * w / 2), round(ly + y * sy * h), w, h) for x, y in lay.slots]

    if piles == "below":
        lx, ly = ox + (bw - W2 * w) / 2, oy
    else:
        # the piles' column at the left, where every game keeps its stock (right-handed), the
        # layout right of it
        lx, ly = ox + (tab_strip(p, w) + 1 + p["gap"]) * w, oy + (bh - lh) / 2
    slots = place(lx, ly)
    if piles == "below":
        # the piles may be larger than the layout's cards when the layout is wide and short
        least_row = p["deck_strip"] + 3 + 3 * p["pile_gap"]
        wp = max(w, min(round(p.get("pile_min", 0) * scale), int(table.width / least_row), p["max_card"] * scale))
        while wp > w and (lh + p["gap"] * w + cards_art.card_height(wp) + 1 > table.height
                          or (tab_strip(p, wp) + 3 + 3 * p["pile_gap"]) * wp > table.width):
            wp -= 1
        row = tab_strip(p, wp) + 3 + 3 * p["pile_gap"]
        hp = cards_art.card_height(wp)
        bh = lh + p["gap"] * w + hp
        oy = table.y + (table.height - bh) / 2
        ly = oy
        slots = place(lx, ly)
        y = round(oy + lh + p["gap"] * w)
        rw = max(row * wp, min(W2 * w, (row + 1.5) * wp))
        x0 = table.centerx - rw / 2
        deck = pygame.Rect(round(x0), y, wp, hp)
        stock = deck.move(round(tab_strip(p, wp) * wp), 0)
        waste = stock.move(round(wp * (1 + p["pile_gap"])), 0)
        discard = pygame.Rect(round(x0 + rw - wp), y, wp, hp)
    else:
        strip = round(tab_strip(p, w) * w)
        deck = pygame.Rect(round(ox), round(oy), w, h)
        stock = deck.move(strip, 0)
        discard = pygame.Rect(stock.x, round(oy + bh - h), w, h)
        waste = pygame.Rect(stock.x, (stock.y + discard.y) // 2, w, h)
    # on its side a covered card shows its left part: the full face's corner index reads there
    # on its side a row's cards overlap: each lies on the one above it, whose top part (its
    # corner index) shows, so a row is drawn from its top card (the layout's right end) down
    order = tuple(sorted(range(len(lay.slots)), key=lambda i: (lay.slots[i][1], -lay.slots[i][0]))) if side else ()
    return Geo(w, h, sy, piles, slots, deck, stock, waste, discard, not side and (sy < 0.45 or w < 56), side,
               order)


def fit_lifted(number: int, table: pygame.Rect, p: dict, scale: float = 1.0) -> Geo:
    """:func:`fit`, with room above the cards a tap lifts: a selected card (a layout card, the
    stock's or the waste's top card) rises :data:`LIFT` of the layout's card height, and one in
    the top row or a pile at the table's top edge rose into the top bar (the desktop's bar by 4
    px, the deal code's row on an upright phone). When it would, the cards are fitted again in the
    table less that lift at its top (the cards as wide or a little narrower, so the lift is as
    large or smaller and stays in the table)."""
    g = fit(number, table, p, scale)
    lift = round(g.h * LIFT)
    if min(r.y for r in [*g.slots, g.stock, g.waste]) - lift < table.y:
        g = fit(number, pygame.Rect(table.x, table.y + lift, table.width, table.height - lift), p, scale)
    return g


def left_handed(g: Geo, table: pygame.Rect) -> None:
    """``g`` laid out for the left hand, in place: the stock, the waste and the discard pile
    mirrored across ``table`` (px), so that they change sides (the stock's face-up top card then
    covers the left part of its back, the draw tab at its right); the layout moved across as a
    whole to where its mirror image would lie, its own shape kept as its file draws it (a layout
    need not be symmetric: Stairs climbs to the right in either hand), each card where the
    right-handed table has it within the layout."""
    def flip(r):
        return pygame.Rect(table.x + table.right - r.right, r.y, r.width, r.height)
    box = g.slots[0].unionall(g.slots[1:])
    dx = flip(box).x - box.x
    g.slots = [r.move(dx, 0) for r in g.slots]
    g.deck, g.stock, g.waste, g.discard = (flip(g.deck), flip(g.stock), flip(g.waste), flip(g.discard))


class PyramidTable(OneCardDrag, TargetFocus, GameTable):
    """The Pyramid game on screen. Targets (:class:`~ui.table.hit.Hit`): ``hit.slot(i)``,
    ``hit.STOCK`` (the face-up top card), ``hit.DECK`` (the draw tab), ``hit.WASTE``,
    ``hit.DISCARD``."""

    rules = Pyramid
    game = "pyramid"
    SPENDS_DOUBLE_TAP = True
    moving_fields = ("dragging", "focus", "selected")
    hidden_cards = False      # every card is face up: no "the solver sees face-down cards"
    ahead_modules = GameTable.ahead_modules + ("ui.scenes.layout_picker",)   # the end panel's layout name

    @staticmethod
    def preview_places():
        R = cards_art.RATIO
        out = [(3 - r / 2 + i, r * 0.5 * R, True) for r in range(7) for i in range(r + 1)]
        return [(x + 1.4, y, up) for x, y, up in out] + [(0, 0, True), (0, 1.2 * R, True)]

    def on_start(self) -> None:
        self.hidden: set = set()
        self.selected = None        # a source (slot index, STOCK or WASTE) or None
        if self.frame is not None:
            self.layout_cards(self.frame)

    # -- geometry --------------------------------------------------------------------------------
    def layout_cards(self, frame) -> None:
        """Card size and every rectangle for ``frame`` and the current layout (:func:`fit`)."""
        if self.history is None:
            return
        p = load_toml("pyramid-screen.toml")[frame.shape]
        g = fit_lifted(self.state.layout, frame.table, p, frame.scale)
        if self.settings.left_handed:
            left_handed(g, frame.table)
        self.geo = g
        self.card_w, self.card_h = g.w, g.h
        self.art = cards_art.CardArt(self.settings.four_colour, self.settings.card_back, g.compact)
        self.base = None
        self.stale = True

    def restyle(self, changed: set[str]) -> None:
        super().restyle(changed)
        self.layout_cards(self.frame)   # the card art is the layout's (compact on small piles)

    def ahead_widths(self) -> list[int]:
        """The widths of the stock, the waste and the discard pile where they differ from the
        pyramid's, and every width a card flying between them shows (a flying card grows or
        shrinks on its way in a few steps, :func:`flight_widths`; on a phone the piles are larger
        than the pyramid's cards)."""
        g = self.geo
        places = {g.w, g.stock.width, g.waste.width, g.discard.width}
        out = places | set(flight_widths(places))
        out.discard(self.card_w)
        return sorted(out)

    def card_rects(self) -> list[pygame.Rect]:
        """Every card place (the layout's slots, deck, stock, waste, discard): on screen."""
        g = self.geo
        return list(g.slots) + [g.deck, g.stock, g.waste, g.discard]

    @staticmethod
    def src_target(src: int) -> Hit:
        """The target of a rules' source: a slot index, :data:`STOCK` or :data:`WASTE`."""
        return hit.STOCK if src == STOCK else hit.WASTE if src == WASTE else hit.slot(src)

    @staticmethod
    def target_src(target: Hit) -> int:
        """The rules' source of a slot, stock or waste target (:meth:`src_target` backwards)."""
        return target.index if target.kind is Kind.SLOT else STOCK if target.kind is Kind.STOCK else WASTE

    def target_rect(self, target: Hit) -> pygame.Rect:
        """Where ``target`` shows, px: its card, or for the draw tab (``hit.DECK``) the strip of
        the stock's back left uncovered by its face-up top card (the whole back when the stock
        is empty), so that the hint's ring and the keyboard focus never cross a card they do not
        mean."""
        g = self.geo
        if target.kind is Kind.SLOT:
            return g.slots[target.index]
        if target.kind is Kind.DECK and self.state.stock:
            return uncovered(g.deck, g.stock)
        return {Kind.STOCK: g.stock, Kind.DECK: g.deck, Kind.WASTE: g.waste, Kind.DISCARD: g.discard}[target.kind]

    def covers(self, target: Hit) -> list:
        """The layout's cards drawn over ``target``'s card (slots later in the stacking order,
        :meth:`Geo.stack`, still holding a card), px."""
        if target.kind is not Kind.SLOT:
            return []
        cards, slots = self.state.cards, self.geo.slots
        stack = self.geo.stack(len(cards))
        return [slots[j] for j in stack[stack.index(target.index) + 1:] if cards[j] is not None]

    def ring_rect(self, target: Hit) -> pygame.Rect:
        """As the other tables' (4 px outside the part a player sees), but a ring round the draw
        tab stops at the edge of the stock's face-up top card (its left edge, or its right edge
        when the left-handed layout puts the tab on that side): it never crosses that card."""
        r = super().ring_rect(target)
        if target.kind is Kind.DECK and self.state.stock:
            return uncovered(r, self.geo.stock)
        return r

    def hit_test(self, pos) -> Hit | None:
        s = self.state
        g = self.geo
        sel = self.selected
        if sel is not None and sel < 0 and self.lifted_rect().collidepoint(pos):
            return self.src_target(sel)
        # a lifted layout card answers on its raised place, in its own place of the stacking
        # order: a free card drawn over it (the turned layouts' overlapping free cards) keeps
        # its say where it shows
        lifted = self.lifted_rect() if sel is not None and sel >= 0 else None
        for i in reversed(g.stack(len(s.cards))):
            if s.cards[i] is not None and (lifted if i == sel else g.slots[i]).collidepoint(pos):
                return hit.slot(i)
        if s.stock and g.stock.collidepoint(pos):
            return hit.STOCK
        if g.deck.collidepoint(pos) or (not s.stock and g.stock.collidepoint(pos)):
            return hit.DECK
        if g.waste.collidepoint(pos):
            return hit.WASTE
        if g.discard.collidepoint(pos):
            return hit.DISCARD
        return None

    def lifted_rect(self) -> pygame.Rect:
        r = self.target_rect(self.src_target(self.selected))
        return r.move(0, -round(self.geo.h * LIFT))

    # -- taps ------------------------------------------------------------------------------------
    def activate(self, target) -> None:
        if self.rules.status(self.state) != PLAYING:
            if self.panel is None:
                self.open_end_panel()
            return
        kind = target.kind
        if kind is Kind.DECK:
            self.draw_stock()
        elif kind in (Kind.SLOT, Kind.STOCK, Kind.WASTE):
            src = self.target_src(target)
            if kind is Kind.WASTE and not self.state.waste:
                return
            self.tap_source(src)

    def pointer(self, ev) -> None:
        if self.panel is None and not self.ending() and self.drag_pointer(ev):
            return
        super().pointer(ev)

    def drag_card(self, target):
        """A card that could be played (free in the pyramid, the stock's or waste's top) may be
        dragged onto its partner, a king onto the discard pile."""
        s = self.state
        if self.rules.status(s) != PLAYING or target.kind not in (Kind.SLOT, Kind.STOCK, Kind.WASTE):
            return None
        src = self.target_src(target)
        if (src >= 0 and not free(s, src)) or (target.kind is Kind.WASTE and not s.waste) \
                or (target.kind is Kind.STOCK and not s.stock):
            return None
        return card_at(s, src)

    def drop_candidates(self) -> list:
        s = self.state
        out = [hit.slot(i) for i in range(len(s.cards)) if s.cards[i] is not None and free(s, i)]
        return out + [hit.STOCK, hit.WASTE, hit.DISCARD]

    def drop_move(self, source, onto):
        """The move a drop of ``source``'s card on ``onto`` plays (:meth:`dropped`): a king
        alone on the discard pile, a pair on a card; ``None`` anywhere else."""
        src = self.target_src(source)
        if onto.kind is Kind.DISCARD:
            return (src,)
        if onto.kind in (Kind.SLOT, Kind.STOCK, Kind.WASTE):
            return (src, self.target_src(onto))
        return None

    def drop_takes(self, source, onto) -> bool:
        m = self.drop_move(source, onto)
        return m is not None and self.rules.why_not(self.state, m) is None

    def dropped(self, source, onto, rect) -> None:
        """Dropped on a card: the pair is played (refused: the reason); a king on the discard
        pile goes alone; anywhere else the card goes back."""
        if onto is None:
            return
        m = self.drop_move(source, onto)
        self.selected = None
        if m is not None:
            self.do_move(m)
        self.stale = True

    def tap_source(self, src: int) -> None:
        s = self.state
        sel = self.selected
        if sel == src:
            self.selected = None
            self.say("")
            return
        if sel is None:
            why = self.rules.why_not(s, (src,))
            if why is None:              # an available king goes at once
                self.do_move((src,))
                return
            if src >= 0 and not free(s, src):
                self.refuse((src,), why)
                return
            self.selected = src
            self.say(tr("{card} lifted: tap a card that makes 13 with it", card=fmt(card_at(s, src))))
            self.stale = True
            return
        move = (sel, src)
        why = self.rules.why_not(s, move)
        if why is not None and self.rules.why_not(s, (src,)) is None:
            self.selected = None         # a king is a move by itself: it goes, the lifted card is put down
            self.do_move((src,))
            return
        if why is not None and (src < 0 or free(s, src)):
            # two cards that do not make 13: the player lifted the wrong one, or changed their
            # mind; the card tapped is lifted instead, without a shake (as Microsoft Solitaire
            # Collection's Pyramid moves its selection)
            self.selected = src
            self.say(tr("{card} lifted: tap a card that makes 13 with it", card=fmt(card_at(s, src))))
            self.stale = True
            return
        if why is not None:
            self.refuse(move, why)
            return
        self.do_move(move)

    def refuse(self, move, why) -> None:
        """Shake the cards of ``move`` and say ``why`` (the rules' message and fields)."""
        self.selected = None
        self.anim.cancel("shake")
        self.anim.add("shake", 250, {"targets": [self.src_target(x) for x in move]})
        self.refused(move, why.text())

    def do_move(self, move) -> bool:
        """Play ``move`` (a pair, a king or DRAW) with its flights; ``False`` if refused."""
        s = self.state
        why = self.rules.why_not(s, move)
        if why is not None:
            self.refuse(move, why)
            return False
        if move == DRAW:
            flights = [(s.stock[0], self.geo.stock, self.geo.waste)] if s.stock else []
        else:
            lift = round(self.geo.h * LIFT)
            flights = []
            for x in move:
                r = self.target_rect(self.src_target(x))
                if x == self.selected:
                    r = r.move(0, -lift)
                flights.append((card_at(s, x), r, self.geo.discard))
        keep = self.selected if (self.selected is not None and self.selected >= 0
                                 and (move == DRAW or self.selected not in move)) else None
        if not self.play(move):
            return False
        self.selected = keep
        g = self.geo
        steps = flight_widths((g.w, g.stock.width, g.waste.width, g.discard.width))
        for k, (card, src, dst) in enumerate(flights):
            # the flying card's faces at the widths of its way first (the deck's come later)
            lo, hi = sorted((src.width, dst.width))
            cards_art.want_faces((card,), src.width, self.art, soon=True)
            for w in steps:
                if lo < w <= hi:
                    cards_art.want_faces((card,), w, self.art, soon=True)
            self.hidden.add(card)
            self.anim.add("fly", 200, {"card": card, "src": src.topleft, "dst": dst.topleft, "w0": src.width,
                                       "w1": dst.width}, delay_ms=60 * k,
                          on_done=lambda c=card: self._landed(c))
        return True

    def draw_stock(self) -> None:
        """The draw tab (Space, D): the stock's top card onto the waste, or the waste turned back."""
        if self.rules.status(self.state) != PLAYING:
            return
        if self.selected in (STOCK, WASTE):
            self.selected = None
        if self.do_move(DRAW) and not self.state.waste:
            self.say(tr("The waste is turned back into the stock"))

    def play_assist_move(self, move) -> bool:
        """A move of the rescue's line, flown as a tap would fly it."""
        self.selected = None
        return self.do_move(move)

    def _landed(self, card) -> None:
        self.hidden.discard(card)
        self.stale = True

    def on_undo(self) -> None:
        self.hidden.clear()
        self.selected = None

    def pile_places(self, s, rects: bool = True) -> dict:
        """The layout's slots, the stock (its top last), the waste and the discard pile
        (:meth:`GameTable.pile_places`)."""
        g = self.geo
        out = {("slot", i): [(c, True, g.slots[i] if rects else None)] for i, c in enumerate(s.cards) if c is not None}
        out[("stock",)] = [(c, True, g.stock if rects else None) for c in reversed(s.stock)]
        out[("waste",)] = [(c, True, g.waste if rects else None) for c in s.waste]
        out[("discard",)] = [(c, True, g.discard if rects else None) for c in s.discard]
        return out

    def fly_card(self, card, src, dst, up0, up1, slot, delay_ms, wait=True):
        """An undone, redone or dealt card's flight (:meth:`GameTable.fly_card`), hidden from
        where it goes until it lands, as a move's."""
        g = self.geo
        lo, hi = sorted((src.width, dst.width))
        cards_art.want_faces((card,), src.width, self.art, soon=True)
        for w in flight_widths((g.w, g.stock.width, g.waste.width, g.discard.width)):
            if lo < w <= hi:
                cards_art.want_faces((card,), w, self.art, soon=True)
        self.hidden.add(card)
        return self.anim.add("fly", 200, {"card": card, "src": src.topleft, "dst": dst.topleft, "w0": src.width,
                                          "w1": dst.width, "wait": wait, "up": (up0, up1)}, delay_ms=delay_ms,
                             on_done=lambda c=card: self._landed(c))

    def deal_source(self) -> pygame.Rect:
        return self.geo.deck

    def after_move(self, before, move) -> None:
        if move != DRAW:
            self.toast("+10", (self.geo.discard.centerx, self.geo.discard.y - self.geo.w // 4),
                       max(18, self.geo.w // 4), 0.8)

    def hint_focus_of(self, move):
        return hit.DECK if move == DRAW else self.src_target(move[0])

    def hint_anchor(self):
        """The hinted card's rectangle; for a draw the stock's back and its top card (the card
        the draw turns onto the waste), so that the reason's bubble covers neither."""
        m = self.hint_move
        if m is None:
            return None
        return self.geo.deck.union(self.geo.stock) if m == DRAW else self.target_rect(self.src_target(m[0]))

    def top_items(self):
        items = super().top_items()
        if self.state.passes:
            items.append((tr("Pass"), f"{self.state.pass_no}/{self.state.passes}"))
        return items

    def intro(self) -> str:
        return tr("{layout}: tap two cards that make 13 (J=11, Q=12); a king goes alone",
                  layout=layout_name(self.state.layout))

    def lost_text(self) -> str:
        return tr("No more pairs can be removed")

    def keys_help(self) -> list[str]:
        return [tr("Arrows, Tab: move the focus over the cards and piles"),
                tr("Enter or Space: play the focused card (two cards that make 13: one, then the other)"),
                tr("D: draw")] + super().keys_help()

    def focus_targets(self) -> list:
        """The free cards of the pyramid, row by row, then the stock's and waste's tops and the
        deck (it draws)."""
        s = self.state
        slots = [hit.slot(i) for i in range(len(s.cards)) if s.cards[i] is not None and free(s, i)]
        return slots + ([hit.STOCK] if s.stock else []) + ([hit.WASTE] if s.waste else []) + [hit.DECK]

    def key(self, event) -> None:
        if self.focus_key(event):
            return
        if event.key in (pygame.K_SPACE, pygame.K_d) and self.panel is None:
            self.draw_stock()
        elif event.key == pygame.K_ESCAPE and self.panel is None and self.selected is not None:
            self.selected = None
            self.stale = True
        else:
            super().key(event)

    # -- options ---------------------------------------------------------------------------------
    def options_rows(self):
        o = self.settings.options_for(self.game)

        def pick_layout():
            from ..scenes.layout_picker import LayoutPickerScene

            self.close_panel()
            self.app.switch(LayoutPickerScene(int(o.get("layout", "1")), back_to=self))

        def cycle_passes():
            o["passes"] = "3" if o.get("passes", "unlimited") == "unlimited" else "unlimited"
            self.app.save_settings()

        def layout_label():
            n = int(o.get("layout", "1")) if str(o.get("layout", "1")).isdigit() else 1
            return tr("Layout: {v}", v=f"{n} · {layout_name(n)}")

        passes = {"unlimited": tr("unlimited"), "3": tr("3 passes")}
        return [(layout_label, pick_layout),
                (lambda: tr("Passes: {v}", v=passes.get(o.get("passes", "unlimited"), "unlimited")),
                 cycle_passes)] + super().options_rows()

    # -- celebration -----------------------------------------------------------------------------
    def on_won(self) -> None:
        self.selected = None
        self.say(tr("The pyramid is cleared!"))
        if self.settings.anim_speed == "off":
            self.anim.add("wait", 300, on_done=self.open_end_panel)
            return
        s = self.state
        rnd = random.Random(len(self.history.actions))
        cards = list(s.discard[-26:]) + list(s.waste[-6:]) + list(s.stock[:6])
        g = self.geo
        parts = []
        for k, c in enumerate(cards):
            src = g.discard if c in s.discard else g.waste if c in s.waste else g.stock
            parts.append((c, src.x, src.y, rnd.choice((-1, 1)) * rnd.uniform(160, 520),
                          rnd.uniform(-700, -250), k * 0.045))
        self.anim.add("wait", 150, on_done=lambda: self.anim.add(
            "celebrate", 2300, {"parts": parts}, scaled=False, on_done=self.open_end_panel))

    # -- drawing ---------------------------------------------------------------------------------
    def _shake_dx(self, target) -> int:
        for tw in self.anim.of("shake"):
            if target in tw.data["targets"]:
                return round(shake_offset(tw))
        return 0

    _dims: dict = {}

    def _dim(self, w: int | None = None) -> pygame.Surface:
        """The shade laid over a covered card ``w`` px wide (cached)."""
        w = w or self.geo.w
        img = self._dims.get(w)
        if img is None:
            img = self._dims[w] = cards_art.rounded(w, cards_art.card_height(w), cards_art.radius(w),
                                                    (20, 40, 30, DIM_ALPHA))
        return img

    def partners(self) -> set:
        """Sources that would pair with the selected card (they glow when glow is on; not while a
        card is dragged, where a glow would pass for the drop's target)."""
        if self.selected is None or not self.settings.glow or self.dragging is not None:
            return set()
        return {m[1 - m.index(self.selected)] for m in self.rules.legal_moves(self.state)
                if len(m) == 2 and self.selected in m}

    def picture_parts(self) -> dict:
        """Each slot, the stock's back and top card, its count, the waste and the discard pile are
        parts of the still picture (:meth:`GameTable.picture_parts`), with what
        :meth:`draw_cards` draws there as signature (card, lifted or flying, shade, halo, shake)."""
        s = self.state
        g = self.geo
        w = g.w
        m = max(max(3, round(0.09 * w)), max(2, round(0.06 * w)) + max(1, round(0.035 * w))) + 1
        shaking = self.anim.busy("shake")
        glowing = self.partners()

        def box(r, dx=0):
            return tuple(r.move(dx, 0).inflate(2 * m, 2 * m))

        out = {}
        for i in g.stack(len(s.cards)):
            c = s.cards[i]
            dx = self._shake_dx(hit.slot(i)) if shaking else 0
            out[i] = (box(g.slots[i], dx), (c, c is not None and c in self.hidden, i == self.selected,
                                             i in glowing, c is not None and free(s, i), dx))
        n = len(s.stock)
        dx = self._shake_dx(hit.DECK) if shaking else 0
        out["deck"] = (box(g.deck, dx), (n > 0, dx))
        top = s.stock[0] if n else None
        dx = self._shake_dx(hit.STOCK) if shaking else 0
        out["stock"] = (box(g.stock, dx), (top, top is not None and top in self.hidden, self.selected == STOCK, n > 1,
                                           STOCK in glowing, dx,
                                           not n and bool(s.waste) and self.rules.why_not(s, DRAW) is None))
        out["count"] = (box(g.deck.union(g.stock)), n)
        dx = self._shake_dx(hit.WASTE) if shaking else 0
        wtop = next((c for c in reversed(s.waste) if c not in self.hidden), None)
        out["waste"] = (box(g.waste, dx), (wtop, self.selected == WASTE, tuple(s.waste[-2:]), WASTE in glowing, dx))
        out["discard"] = (box(g.discard), (next((c for c in reversed(s.discard) if c not in self.hidden), None),
                                           sum(1 for c in s.discard if c not in self.hidden)))
        return out

    def part_body(self, name, sig):
        """A slot's card, or the stock's back (:meth:`GameTable.part_body`): its body."""
        g = self.geo
        if isinstance(name, int):
            c, hidden, selected, _, _, dx = sig
            r = None if c is None or hidden or selected else g.slots[name].move(dx, 0)
        elif name == "deck":
            r = g.deck.move(sig[1], 0) if sig[0] else None
        else:
            return None
        if r is None:
            return None
        top, bottom = cards_art.body_rows(r.width)
        return pygame.Rect(r.x, r.y + top, r.width, bottom - top)

    def kept_extra(self) -> tuple:
        """The card width and the stock's, waste's and discard pile's places
        (:meth:`GameTable.kept_extra`)."""
        g = self.geo
        return g.w, tuple(g.deck), tuple(g.stock), tuple(g.waste), tuple(g.discard)

    def draw_cards(self, surface) -> None:
        """Each part of the still picture (:meth:`picture_parts`) in turn: the slots, the stock's
        back, its top card, its count, the waste and the discard pile; a part drawn again as it
        was is copied as last drawn (:meth:`GameTable.part_keeper`)."""
        s = self.state
        g = self.geo
        art = self.art
        shaking = self.anim.busy("shake")
        glowing = self.partners()
        dim = self._dim()
        keep = self.part_keeper(surface)
        for i in g.stack(len(s.cards)):
            c = s.cards[i]
            if c is None or c in self.hidden or i == self.selected:
                keep(i, None)
                continue
            r = self.slot_rect(i, shaking)
            keep(i, lambda surf: self.draw_slot(surf, i, r, glowing, dim),
                 lambda sig: self.card_ink(r, i in glowing))
        # the stock: its back (the draw tab) under its face-up top card
        d = g.deck.move(self._shake_dx(hit.DECK) if shaking else 0, 0)
        n = len(s.stock)
        keep("deck", lambda surf: art.draw(surf, 0, d, False, True) if n else art.draw(surf, None, d, shade=False),
             lambda sig: self.card_ink(d))
        sr = g.stock.move(self._shake_dx(hit.STOCK) if shaking else 0, 0)
        keep("stock", lambda surf: self.draw_stock_top(surf, glowing, shaking),
             lambda sig: self.card_ink(sr, STOCK in glowing))
        keep("count", lambda surf: self.draw_stock_count(surf, d, n), lambda sig: d.union(g.stock))
        # the waste: the top card not in flight
        wr = g.waste.move(self._shake_dx(hit.WASTE) if shaking else 0, 0)
        wtop = next((c for c in reversed(s.waste) if c not in self.hidden), None)
        if self.selected == WASTE and s.waste and wtop == s.waste[-1]:
            wtop = s.waste[-2] if len(s.waste) > 1 else None
        keep("waste", lambda surf: art.draw(surf, wtop, wr, True, wtop is not None,
                                            cards_art.GLOW if WASTE in glowing and wtop is not None
                                            and wtop == s.waste[-1] else None),
             lambda sig: self.card_ink(wr, WASTE in glowing))
        keep("discard", self.draw_discard, lambda sig: self.card_ink(g.discard))

    def draw_stock_top(self, surface, glowing: set, shaking: bool) -> None:
        """The stock's top card face up (glowing when it is in ``glowing``), or the back under it
        while it is lifted, or the empty stock with the redeal mark when the waste can turn back."""
        s = self.state
        g = self.geo
        n = len(s.stock)
        top = s.stock[0] if n else None
        sr = g.stock.move(self._shake_dx(hit.STOCK) if shaking else 0, 0)
        if top is not None and top not in self.hidden and self.selected != STOCK:
            self.art.draw(surface, top, sr, True, True, cards_art.GLOW if STOCK in glowing else None)
        elif top is not None and n > 1:       # the top card is lifted: the stock's back shows
            self.art.draw(surface, 0, sr, False, True)
        elif not n:
            self.art.draw(surface, None, sr, shade=False)
            if s.waste and self.rules.why_not(s, DRAW) is None:   # the waste can turn back
                isz = round(sr.width * 0.55)
                surface.blit(icon("redeal", isz, INK), (sr.centerx - isz // 2, sr.centery - isz // 2))

    def draw_stock_count(self, surface, d: pygame.Rect, n: int) -> None:
        """The stock's count ``n`` on the strip of its back (``d``, px) beside its top card."""
        g = self.geo
        strip = uncovered(g.deck, g.stock).move(d.x - g.deck.x, d.y - g.deck.y)
        size, room = max(text.MIN_SIZE, round(g.deck.width * 0.26)), max(8, strip.width - 4)
        badge = cards_art.text_image(str(n), size, INK, room)
        if badge is None:   # the dry pass listing a first picture's images: queued
            return
        br = badge.get_rect(center=(strip.centerx, strip.bottom - badge.get_height()))
        pygame.draw.rect(surface, (10, 30, 20), br.inflate(6, 2), border_radius=br.height)
        surface.blit(badge, br)

    def draw_discard(self, surface) -> None:
        """The discard pile: its top card, face up and shaded, and the count."""
        s = self.state
        g = self.geo
        dtop = next((c for c in reversed(s.discard) if c not in self.hidden), None)
        self.art.draw(surface, dtop, g.discard, True, dtop is not None)
        if dtop is not None:
            surface.blit(self._dim(g.discard.width), g.discard.topleft)
            # the count on a dark pill in the card's lower part, as the stock's count: white on
            # the dimmed face read at 2.7:1 and lay over its suit's pip
            k = sum(1 for c in s.discard if c not in self.hidden)
            label = text.render(str(k), max(14, round(g.discard.width * 0.3)), INK)
            br = label.get_rect(center=(g.discard.centerx, g.discard.bottom - label.get_height()))
            pygame.draw.rect(surface, (10, 30, 20), br.inflate(8, 2), border_radius=br.height)
            surface.blit(label, br)

    def draw_moving(self, surface) -> None:
        self.draw_moving_cards(surface)
        self.draw_focus(surface)
        self.draw_dragged(surface)

    def slot_rect(self, i: int, shaking: bool) -> pygame.Rect:
        """Where layout slot ``i``'s card is drawn (px): its slot, moved by a shake running."""
        r = self.geo.slots[i]
        return r.move(self._shake_dx(hit.slot(i)), 0) if shaking else r

    def draw_slot(self, surface, i: int, r: pygame.Rect, glowing, dim) -> None:
        """Layout slot ``i``'s card at ``r``: glowing when in ``glowing`` (a partner of the lifted
        card), veiled by ``dim`` while covered."""
        s = self.state
        self.art.draw(surface, s.cards[i], r, True, True, cards_art.GLOW if i in glowing else None,
                      veil=None if free(s, i) else dim)

    def draw_over_lifted(self, surface, lifted: pygame.Rect) -> None:
        """The layout cards after the lifted one in the stacking order that overlap the place
        the raised card, its shadow and its glow cover (``lifted``, px), drawn again there in that
        order, clipped to it, as the picture has them: in the turned layouts free cards overlap
        by half a card, and the partner a player is about to tap must not vanish under the card
        lifted, nor a card beyond that place under one drawn again. Nothing in upright layouts,
        where no card lies on a free one."""
        s = self.state
        sel = self.selected
        if sel is None or sel < 0:
            return
        glowing, dim, shaking = self.partners(), self._dim(), self.anim.busy("shake")
        # clipped: outside that place the picture already has these cards, and every later card
        # meeting it is drawn again, so one lying on another stays on it
        old = surface.get_clip()
        surface.set_clip(lifted.clip(old))
        try:
            stack = self.geo.stack(len(s.cards))
            for i in stack[stack.index(sel) + 1:]:
                c = s.cards[i]
                r = self.slot_rect(i, shaking)
                if c is not None and c not in self.hidden and r.colliderect(lifted):
                    self.draw_slot(surface, i, r, glowing, dim)
        finally:
            surface.set_clip(old)

    def draw_moving_cards(self, surface) -> None:
        g = self.geo
        if self.selected is not None and not self.anim.busy("celebrate"):
            c = card_at(self.state, self.selected) if self._sel_valid() else None
            if c is not None:
                r = self.lifted_rect()
                s, (dx, dy) = cards_art.shadow(r.width)
                shade = s.get_rect(topleft=(r.x + dx, r.y + dy + round(r.height * LIFT * 0.6)))
                surface.blit(s, shade)
                self.art.draw(surface, c, r, True, False, cards_art.GLOW)
                # the glow's ring reaches past the card by a few pixels
                self.draw_over_lifted(surface, r.union(shade).inflate(8, 8))
        if self.hint_move is not None:
            tw = next((x for x in self.anim.tweens if x.kind == "hint"), None)
            k = pulse(tw) if tw is not None and self.settings.anim_speed != "off" else 1.0
            targets = [hit.DECK] if self.hint_move == DRAW else [self.src_target(x) for x in self.hint_move]
            a, lw = cards_art.hint_ring(k, g.w)
            for t in targets:
                draw_ring(surface, self.ring_rect(t), (*cards_art.HINT, a), lw, cards_art.radius(g.w) + 4)
        places = (g.w, g.stock.width, g.waste.width, g.discard.width)
        steps = flight_widths(places)
        for tw in self.anim.tweens:
            if tw.kind == "fly" and (tw.started or tw.data.get("wait")):
                x, y = fly_pos(tw)
                card, art = tw.data["card"], self.art
                w = flight_width(tw.data["w0"], tw.data["w1"], ease_out(tw.t), steps,
                                 lambda w: cards_art.cached(cards_art.face_key(card, w, art.four_colour, art.compact,
                                                                               art.narrow)))
                up = tw.data.get("up", (True, True))
                self.art.draw(surface, tw.data["card"], pygame.Rect(round(x), round(y), w, cards_art.card_height(w)),
                              up[1] if tw.t > 0.5 else up[0])
            elif tw.kind == "celebrate":
                self.draw_celebration(surface, tw)

    def _sel_valid(self) -> bool:
        s, x = self.state, self.selected
        if x == STOCK:
            return bool(s.stock)
        if x == WASTE:
            return bool(s.waste)
        return 0 <= x < len(s.cards) and s.cards[x] is not None

    def draw_celebration(self, surface, tw) -> None:
        """Cards leave the discard pile one after another and bounce off the table's floor."""
        e = tw.elapsed
        g = self.geo
        W, H = surface.get_size()
        cw = g.discard.width
        ch = cards_art.card_height(cw)
        floor = self.frame.table.bottom - ch
        for c, x0, y0, vx, vy, t0 in tw.data["parts"]:
            t = e - t0
            if t < 0:
                continue
            x, y, v = x0 + vx * t, y0, vy
            # a bouncing fall: integrate the parabola piecewise (each bounce keeps 60 %)
            tt = t
            while True:
                t_hit = (-v + math.sqrt(v * v + 2 * 1800 * max(0.0, floor - y))) / 1800 if v * v + 2 * 1800 * (floor - y) >= 0 else tt
                if tt <= t_hit or abs(v) < 60:
                    y = y + v * tt + 900 * tt * tt
                    break
                tt -= t_hit
                y = floor
                v = -(v + 1800 * t_hit) * 0.6
            if -cw < x < W and y < H:
                self.art.draw(surface, c, pygame.Rect(round(x), round(min(y, floor)), cw, ch), True, False)
        size = max(28, round(self.frame.p["top_text"] * 2.0))
        banner = tr("You won!")
        a = min(1.0, e * 4)
        img = text.render(banner, text.fit(banner, size, self.frame.table.width - 20, 16), (255, 236, 150)).copy()
        img.set_alpha(round(255 * a))
        text.blit_center(surface, img, (self.frame.table.centerx, self.frame.table.y + self.frame.table.height // 3))

    # -- the end panel ---------------------------------------------------------------------------
    def _small_w(self, pw: int) -> int:
        """Width in px of the lost panel's free cards: eight to the panel's width, at most 72, and
        on a short window (a landscape phone) at most a seventh of its height (the card is 1.4× as
        tall) so the panel's lines and buttons keep their room."""
        return max(34, min(self.geo.w, (pw - 40) // 8, 72, self.app.size[1] // 7))

    def needed(self) -> tuple[list, list[int]]:
        """The free cards (layout, then waste and stock tops) and the ranks that would pair
        with them, for the lost panel."""
        s = self.state
        cards = [c for i, c in enumerate(s.cards) if c is not None and free(s, i)]
        ranks = sorted({partner_rank(c) for c in cards} - {None})
        return cards, ranks

    def progression_lines(self) -> list[str]:
        """Seed 001's result panel: the layout by name and the player's Pyramid record (wins,
        losses, win %, streak), then the points, places and badges of every game's panel."""
        from games.i18n import format_percent

        from ..progress import stats_key
        from ..scenes.layout_picker import layout_title

        n = int(self.options.get("layout", 1))
        lines = [tr("Layout {n}: {name}", n=n, name=layout_title(n))]
        progress = getattr(self.app, "progress", None)
        if progress is not None:
            key = stats_key(self.game, self.options)
            st = progress.summary(key)
            saved = self.session.saved
            if self.rules.status(self.state) == LOST and saved is not None \
                    and saved.id not in progress.stats.get(key, {}).get("counted", ()):
                # the loss counts once the next deal starts (Rescue may still take it back);
                # the panel announcing it shows the figures with it, not as if it were not there
                st = dict(st, played=st["played"] + 1, streak=0)
                st["win_pct"] = round(100.0 * st["won"] / st["played"], 1)
            lines.append(tr("Won {won} · lost {lost} · {pct} · streak {streak}", won=st["won"],
                            lost=st["played"] - st["won"], pct=format_percent(st["win_pct"]), streak=st["streak"]))
        return lines + super().progression_lines()[:2]

    def end_body_height(self, pw: int) -> int:
        line = max(26, round(30 * self.frame.scale))
        if self.rules.status(self.state) == WON:
            return 3 * (line + 8)
        sw = self._small_w(pw)
        cards, _ = self.needed()
        per_row = max(1, (pw - 32) // (sw + 6))
        rows = max(1, -(-len(cards) // per_row))
        small = max(14, round(line * 0.9 * 0.75))
        return line + 6 + rows * (cards_art.card_height(sw) + 6) + 8 + line + 2 * text.font(small).get_linesize() + 6

    def draw_end_body(self, surface, r) -> None:
        s = self.state
        line = max(26, round(30 * self.frame.scale))
        size = round(line * 0.9)
        if self.rules.status(s) == WON:
            rows = [tr("Score: {n}", n=self.score()), tr("Time: {t}", t=self.clock_text()),
                    tr("Moves: {n}", n=self.player_moves())]
            for k, msg in enumerate(rows):
                text.blit_center(surface, text.render(msg, text.fit(msg, size, r.width, 12), INK),
                                 (r.centerx, r.y + k * (line + 8) + line // 2))
            return
        cards, ranks = self.needed()
        sw = self._small_w(r.width + 32)
        sh = cards_art.card_height(sw)
        y = r.y
        msg = tr("Free cards")
        text.blit_center(surface, text.render(msg, size, DIM), (r.centerx, y + line // 2))
        y += line + 6
        per_row = max(1, r.width // (sw + 6))
        for k, c in enumerate(cards):
            row, col = divmod(k, per_row)
            n_in_row = min(per_row, len(cards) - row * per_row)
            x = r.centerx - (n_in_row * (sw + 6) - 6) // 2 + col * (sw + 6)
            self.art.draw(surface, c, pygame.Rect(x, y + row * (sh + 6), sw, sh))
        y += max(1, -(-len(cards) // per_row)) * (sh + 6) + 8
        names = (" " + tr("or") + " ").join(rank_name(x) for x in ranks)
        msg = tr("Needed: {ranks}", ranks=names) if ranks else tr("Needed: a card to pair with")
        text.blit_center(surface, text.render(msg, text.fit(msg, size, r.width, 12), INK), (r.centerx, y + line // 2))
        y += line
        msg = tr("None of them can come up from the stock or from under the pyramid")
        small = max(14, round(size * 0.75))
        lh = text.font(small).get_linesize()
        for k, part in enumerate(text.wrap(msg, small, r.width)[:2]):
            text.blit_center(surface, text.render(part, small, DIM), (r.centerx, y + lh // 2 + k * lh))

    def clock_text(self) -> str:
        from games.i18n import format_duration

        return format_duration(self.clock)


def open_layout_picker(scene, current, done) -> None:
    """The home sheet's Layout row (:attr:`PyramidTable.pickers`): the picker scene, opened at
    layout ``current``; ``done(layout)`` sets the option."""
    from ..scenes.layout_picker import LayoutPickerScene

    scene.app.switch(LayoutPickerScene(int(current) if str(current).isdigit() else 1, done=done))


PyramidTable.pickers = {"layout": open_layout_picker}
