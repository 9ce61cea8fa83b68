"""Dragging one card in the games where a tap plays a card (TriPeaks, Pyramid): "tap or drag"
everywhere. A table mixes :class:`OneCardDrag` in before :class:`~ui.table.base.GameTable` and
writes two hooks: :meth:`OneCardDrag.drag_card` (which card a press may lift) and
:meth:`OneCardDrag.dropped` (what a drop does). While a card is dragged it is left out of the
static drawing (the table's ``hidden`` set) and drawn under the pointer; a drop nowhere useful
puts it back where it was."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import cards_art
from ..frame import draw_ring
from .hit import Hit, Kind


def target_ring(box: pygame.Rect, card_w: int) -> tuple[pygame.Rect, int, int]:
    """``(rect, width, radius)`` (px) of the drop's target mark round ``box`` for cards
    ``card_w`` px wide (:func:`draw_target_ring`): a twelfth of a card thick (4 px at the least),
    outside the box by half that."""
    lw = max(4, round(card_w / 12))
    gap = max(2, lw // 2)
    return box.inflate(2 * (gap + lw), 2 * (gap + lw)), lw, cards_art.radius(card_w) + gap + lw


def draw_target_ring(surface, box: pygame.Rect, card_w: int) -> None:
    """The drop's target mark round ``box`` (px; :func:`target_ring`): a white ring
    (:data:`ui.cards_art.TARGET`, not the playable glow's blue nor the hint's gold) over a dark
    edge, so that it reads on the felt and beside white card faces, and shows past the finger
    and the cards it holds. KPatience and Aisleriot light the pile a drag would land on the same
    way (only one that takes the cards)."""
    outer, lw, r = target_ring(box, card_w)
    draw_ring(surface, outer.inflate(2, 2), (10, 30, 20, 150), lw + 2, r + 1)
    draw_ring(surface, outer, (*cards_art.TARGET, 240), lw, r)


SEE_THROUGH = 150
"""The opacity (0..255) of dragged cards held over a drop's target: the card they would land on
or pair with shows through them, ringed, where the finger puts them right on it."""


def draw_see_through(surface, art, cards, rects) -> None:
    """Draw ``cards`` (ints) face up at ``rects`` (px) with :data:`SEE_THROUGH` opacity, as one
    picture (the cards over each other stay opaque among themselves): dragged cards held over
    their target."""
    box = rects[0].unionall(rects[1:]) if len(rects) > 1 else pygame.Rect(rects[0])
    img = pygame.Surface(box.size, pygame.SRCALPHA)
    for c, r in zip(cards, rects):
        art.draw(img, c, r.move(-box.x, -box.y), True, True)
    img.set_alpha(SEE_THROUGH)
    surface.blit(img, box)


@dataclass
class CardDrag:
    """One card being dragged: the pressed ``target``, its ``card``, the press's offset ``off``
    in the card (px) and the pointer now, ``pos`` (px)."""

    target: Hit
    card: int
    off: tuple[int, int]
    pos: tuple[int, int]


class OneCardDrag:
    """The drag of one card. ``self.dragging``: ``None`` or a :class:`CardDrag`."""

    dragging: CardDrag | None = None

    def drag_card(self, target):
        """The card a press on ``target`` may lift, or ``None`` (no drag from there)."""
        return None

    def dropped(self, source, onto, rect: pygame.Rect) -> None:
        """The card of ``source`` was dropped with its rectangle at ``rect`` over ``onto`` (the
        hit target under the pointer other than ``source`` itself, or ``None``)."""

    def let_go(self) -> None:
        """The dragged card goes back (a key pressed during the drag): the release drops nothing."""
        d, self.dragging = self.dragging, None
        if d is not None:
            self.hidden.discard(d.card)
            self.stale = True

    def drag_pointer(self, ev) -> bool:
        """Handle a drag or the release that ends one; ``True`` when the event was used."""
        if ev.kind == "drag":
            if self.dragging is None:
                t = self.press_target
                card = self.drag_card(t) if t is not None and t.kind is not Kind.BUTTON else None
                if card is None:
                    return False
                r = self.target_rect(t)
                self.dragging = CardDrag(t, card, (ev.start[0] - r.x, ev.start[1] - r.y), ev.pos)
                self.hidden.add(card)
            self.dragging.pos = ev.pos
            self.stale = True
            return True
        if ev.kind == "up" and self.dragging is not None:
            d, self.dragging = self.dragging, None
            self.hidden.discard(d.card)
            self.stale = True
            rect = self.drag_rect(d)
            onto = self.drop_target(d, rect)
            self.dropped(d.target, onto, rect)
            return False    # the release still reaches the bar's buttons
        return False

    def drag_rect(self, d: CardDrag) -> pygame.Rect:
        r = self.target_rect(d.target)
        return pygame.Rect(d.pos[0] - d.off[0], d.pos[1] - d.off[1], r.width, r.height)

    def drop_target(self, d: CardDrag, rect: pygame.Rect) -> Hit | None:
        """The target under the pointer, else the one the dropped card covers most (never the
        dragged card's own place)."""
        t = self.hit_test(d.pos)
        if t is not None and t != d.target:
            return t
        best, area = None, 0
        for cand in self.drop_candidates():
            if cand == d.target:
                continue
            c = rect.clip(self.target_rect(cand))
            if c.width * c.height > area:
                best, area = cand, c.width * c.height
        return best if area >= rect.width * rect.height * 0.25 else None

    def drop_candidates(self) -> list:
        """The targets a drop may land on (the table lists them)."""
        return []

    def drop_takes(self, source, onto) -> bool:
        """Whether the card of ``source`` dropped on ``onto`` (a target of
        :meth:`drop_candidates`) would be played rather than go back (the table answers by its
        rules)."""
        return False

    _aim: tuple | None = None     # (drag, pointer, state, the target a drop there plays on)

    def drop_aim(self) -> Hit | None:
        """The target the dragged card would be played on if let go now (:meth:`drop_target`,
        :meth:`drop_takes`), or ``None`` (it would go back). Looked up again only when the
        pointer has moved since the last time asked (a frame asks once)."""
        d = self.dragging
        if d is None:
            return None
        known = self._aim
        if known is None or known[0] is not d or known[1] != d.pos or known[2] is not self.state:
            onto = self.drop_target(d, self.drag_rect(d))
            aim = onto if onto is not None and self.drop_takes(d.target, onto) else None
            known = self._aim = (d, d.pos, self.state, aim)
        return known[3]

    def draw_dragged(self, surface) -> None:
        d = self.dragging
        if d is None:
            return
        aim = self.drop_aim()
        if aim is not None:
            draw_target_ring(surface, self.target_rect(aim), self.card_w)
        r = self.drag_rect(d)
        if aim is not None:      # over its target: the card it would go on shows through it
            draw_see_through(surface, self.art, [d.card], [r])
            return
        s, (dx, dy) = cards_art.shadow(r.width)
        surface.blit(s, (r.x + dx + round(r.width * 0.04), r.y + dy + round(r.width * 0.07)))
        self.art.draw(surface, d.card, r, True, False)


def visible_part(rect: pygame.Rect, covers) -> pygame.Rect:
    """``rect`` (px) less the rectangles of ``covers`` drawn over it that lie across one of its
    sides whole (across its whole width, from above or below; across its whole height, from the
    left or the right): the strip of a half-covered card a player sees. A cover that only clips
    a corner is let be; a card covered whole keeps its whole rectangle."""
    out = pygame.Rect(rect)
    for c in covers:
        if not out.colliderect(c):
            continue
        if c.left <= out.left and c.right >= out.right:
            if out.top < c.top:
                out.height = c.top - out.top
            elif c.bottom < out.bottom:
                bottom = out.bottom
                out.top, out.height = c.bottom, bottom - c.bottom
            else:
                return pygame.Rect(rect)
        elif c.top <= out.top and c.bottom >= out.bottom:
            if out.left < c.left:
                out.width = c.left - out.left
            elif c.right < out.right:
                right = out.right
                out.left, out.width = c.right, right - c.right
            else:
                return pygame.Rect(rect)
    return out


def reading_order(items: list, rect_of) -> list:
    """``items`` as a reader meets them on screen: rows from the top, left to right within a row.
    ``rect_of(item)`` gives its rectangle (px); an item whose centre lies within a quarter of its
    height of a row's first centre joins that row (rows of cards overlapping by half a card stay
    apart). The arrows' Left/Right and Tab step through this order, so Right moves the focus
    rightwards along a row, then to the next row's first, whichever hand the layout is mirrored for."""
    rows: list[tuple[int, list]] = []
    for item in sorted(items, key=lambda t: rect_of(t).centery):
        r = rect_of(item)
        if rows and r.centery - rows[-1][0] < max(1, r.height // 4):
            rows[-1][1].append(item)
        else:
            rows.append((r.centery, [item]))
    return [t for _, row in rows for t in sorted(row, key=lambda t: rect_of(t).centerx)]


class TargetFocus:
    """Keyboard play over a table's tap targets (TriPeaks, Pyramid, Devil's Grip): arrows and Tab
    move a drawn focus over :meth:`focus_targets` (Left/Right and Tab in their screen reading
    order, :func:`reading_order`; Up/Down to the nearest target above or below), Enter or Space plays the focused one as a tap would. ``self.focus``: a :class:`~ui.table.hit.Hit` or
    ``None`` (no focus yet: Space keeps its own meaning, the stock)."""

    focus = None
    NAV = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)

    def focus_targets(self) -> list:
        """The targets the focus visits (what a tap would play), in reading order."""
        return []

    def focus_key(self, event) -> bool:
        """Arrows, Tab, Enter, Space (with a focus): ``True`` when the key was used."""
        k = event.key
        if self.panel is not None:
            return False
        if k in self.NAV:
            self.move_focus(k, bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) or (k == pygame.K_SPACE and self.focus is not None):
            targets = self.focus_targets()
            if self.focus not in targets:
                self.move_focus(pygame.K_TAB)
                return True
            self.activate(self.focus)
            if self.focus not in self.focus_targets():     # played: the focus stays near
                self.focus = self.nearest(self.target_rect(self.focus).center, self.focus_targets())
            self.stale = True
            return True
        return False

    def refocus(self) -> None:
        """After a move by keys: a focus on what is no longer there goes to the nearest target."""
        targets = self.focus_targets()
        if self.focus is not None and self.focus not in targets:
            self.focus = self.nearest(self.target_rect(self.focus).center, targets) if targets else None

    def nearest(self, at, targets):
        if not targets:
            return None
        return min(targets, key=lambda t: (self.target_rect(t).centerx - at[0]) ** 2
                   + (self.target_rect(t).centery - at[1]) ** 2)

    def move_focus(self, k, back: bool = False) -> None:
        targets = self.focus_targets()
        if not targets:
            self.focus = None
            return
        if self.focus not in targets:
            self.focus = reading_order(targets, self.target_rect)[0]
        elif k in (pygame.K_UP, pygame.K_DOWN):
            r = self.target_rect(self.focus)
            side = [t for t in targets if (self.target_rect(t).centery < r.centery - 4 if k == pygame.K_UP
                                           else self.target_rect(t).centery > r.centery + 4)]
            if side:
                self.focus = min(side, key=lambda t: (abs(self.target_rect(t).centery - r.centery),
                                                      abs(self.target_rect(t).centerx - r.centerx)))
        else:
            step = -1 if k == pygame.K_LEFT or (k == pygame.K_TAB and back) else 1
            order = reading_order(targets, self.target_rect)
            self.focus = order[(order.index(self.focus) + step) % len(order)]
        self.stale = True

    def draw_focus(self, surface) -> None:
        if self.focus is None or self.focus not in self.focus_targets():
            return
        pygame.draw.rect(surface, (255, 214, 0), self.ring_rect(self.focus), 4, border_radius=10)

    def covers(self, target) -> list:
        """The rectangles (px) of the cards drawn over ``target``'s card: none here; a table whose
        cards overlap (TriPeaks, Pyramid) lists them."""
        return []

    def shown_rect(self, target) -> pygame.Rect:
        """The part of ``target`` a player sees, px: its :meth:`target_rect` less the cards drawn
        over it along a whole side (:func:`visible_part`; on a phone held upright TriPeaks' rows,
        and Pyramid's layouts laid on their side, overlap a row's cards by half)."""
        return visible_part(self.target_rect(target), self.covers(target))

    def ring_rect(self, target) -> pygame.Rect:
        """Where a ring round ``target`` goes (the keyboard focus, the hint), px: 4 px outside
        its :meth:`shown_rect`, so a ring takes in the one card Enter or the hint means."""
        return self.shown_rect(target).inflate(8, 8)
