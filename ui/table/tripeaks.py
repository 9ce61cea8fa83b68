"""The TriPeaks table (docs/rules.md, "TriPeaks").

Card places come from the peaks' grid (``layouts/tripeaks/peaks.toml``, half-card units, via
``games.tripeaks.LAYOUT``), scaled and turned by ``layouts/tripeaks/screen.toml`` for each screen
shape: across on a desktop or a phone on its side, on their side (tops to the left, row 4 the
rightmost column) on a phone held upright. The stock sits bottom left, the waste beside it.

A tap on a card asks the rules (``TriPeaks.why_not``): a fitting card flies to the waste, a
refused one shakes and the status line says why. A tap on the stock draws.
"""
from __future__ import annotations

import math

import pygame

from games.cards import RANKS
from games.core import PLAYING, WON
from games.i18n import tr
from games.tripeaks import DRAW, LAYOUT, N_SLOTS, TriPeaks, exposed, streak_points

from .. import cards_art, text
from ..anim import fly_pos, pulse, shake_offset
from ..frame import DIM, INK, draw_ring, load_toml
from . import hit
from .base import GameTable
from .drag import OneCardDrag, TargetFocus
from .hit import Hit, Kind

CELEBRATE_AT = (5, 10, 15, 20)


def rank_name(r: int) -> str:
    return "10" if r == 10 else RANKS[r - 1]


def left_handed(slots: list[pygame.Rect], stock: pygame.Rect, waste: pygame.Rect,
                table: pygame.Rect) -> tuple[list[pygame.Rect], pygame.Rect, pygame.Rect]:
    """The rectangles (px) laid out for the left hand: the stock and the waste mirrored across
    ``table``, so that they change sides; the peaks moved across as a whole to where their
    mirror image would lie, each card where the right-handed table has it within the peaks (a
    shared deal looks the same in either hand, as Pyramid's layout does). Returns ``(slots,
    stock, waste)``, new rectangles."""
    def flip(r):
        return pygame.Rect(table.x + table.right - r.right, r.y, r.width, r.height)
    box = slots[0].unionall(slots[1:])
    dx = flip(box).x - box.x
    return [r.move(dx, 0) for r in slots], flip(stock), flip(waste)


class TriPeaksTable(OneCardDrag, TargetFocus, GameTable):
    """The TriPeaks game on screen. Targets (:class:`~ui.table.hit.Hit`): a tableau slot
    ``hit.slot(i)``, ``hit.STOCK``, ``hit.WASTE``."""

    rules = TriPeaks
    game = "tripeaks"
    SPENDS_DOUBLE_TAP = True
    moving_fields = ("dragging", "focus")
    stack: tuple = tuple(range(N_SLOTS))
    """The slots bottom to top as drawn (the stacking order the hit test follows): slot order,
    or on their side each row from its top card down (:meth:`layout_cards`)."""

    @staticmethod
    def preview_places():
        R = cards_art.RATIO
        out = [(x * 0.5, y * 0.5 * R, i >= 18) for i, (x, y) in enumerate(LAYOUT.slots)]
        return out + [(3.2, 3.3 * R, False), (4.5, 3.3 * R, True)]

    def on_start(self) -> None:
        self.hidden: set = set()

    # -- geometry --------------------------------------------------------------------------------
    def layout_cards(self, frame) -> None:
        """Card width and every rectangle for ``frame`` (a :class:`ui.frame.Frame`)."""
        p = load_toml("tripeaks/screen.toml")[frame.shape]
        self.geo = p
        T = frame.table
        X = max(x for x, _ in LAYOUT.slots)
        Y = max(y for _, y in LAYOUT.slots)
        sx, sy, gap = p["step_x"], p["step_y"], p["gap"]
        R = cards_art.RATIO
        side = p["orientation"] == "side"
        if side:   # per unit of card width
            pw, ph = Y * sy + 1, (X * sx + 1) * R
        else:
            pw, ph = X * sx + 1, (Y * sy + 1) * R
        if p["stock"] == "below":
            tw, th = pw, ph + gap + R
        else:
            tw, th = pw + gap + 1, max(ph, 2 * R + gap)
        w = int(min(T.width / tw, T.height / th, p["max_card"] * frame.scale))
        while True:
            self._place(w, T, p, side, tw, th, pw, ph)
            # the rows step by the card's height in whole px, one more than w × RATIO at some
            # widths: a width whose cards would end a px past the table is one px narrower
            if w <= 8 or all(T.contains(r) for r in self.slot_rects + [self.stock_rect, self.waste_rect]):
                break
            w -= 1
        if self.settings.left_handed:
            self.slot_rects, self.stock_rect, self.waste_rect = left_handed(
                self.slot_rects, self.stock_rect, self.waste_rect, T)

    def _place(self, w: int, T: pygame.Rect, p: dict, side: bool, tw: float, th: float, pw: float,
               ph: float) -> None:
        """The card size and the slots', stock's and waste's rectangles (px) for cards ``w`` px
        wide, the whole (``tw`` × ``th`` card widths, the peaks ``pw`` × ``ph``) centred in ``T``."""
        sx, sy, gap = p["step_x"], p["step_y"], p["gap"]
        h = cards_art.card_height(w)
        self.card_w, self.card_h = w, h
        ox = T.x + (T.width - tw * w) / 2
        oy = T.y + (T.height - th * w) / 2
        if p["stock"] == "below":
            px, py = ox, oy
            self.stock_rect = pygame.Rect(round(ox), round(oy + ph * w + gap * w), w, h)
            self.waste_rect = self.stock_rect.move(round(w * 1.3), 0)
        else:
            px, py = ox + (gap + 1) * w, oy + (th - ph) * w / 2
            self.stock_rect = pygame.Rect(round(ox), round(oy + th * w - h), w, h)
            self.waste_rect = self.stock_rect.move(0, -round(h + gap * w))
        rects = []
        right = max(x for x, _ in LAYOUT.slots)
        for x, y in LAYOUT.slots:
            if side:
                # turned a quarter left, as the peaks' picture turned: their tops at the left,
                # their left end at the bottom (a player who tilts the head left sees the deal
                # as the table across shows it; never its mirror image)
                rects.append(pygame.Rect(round(px + y * sy * w), round(py + (right - x) * sx * h), w, h))
            else:
                rects.append(pygame.Rect(round(px + x * sx * w), round(py + y * sy * h), w, h))
        self.slot_rects = rects
        # on their side a row's cards overlap: each lies on the one above it, whose top part (its
        # corner index) shows, so a row is drawn from its top card (the peaks' right end) down
        self.stack = tuple(sorted(range(N_SLOTS), key=lambda i: (LAYOUT.slots[i][1], -LAYOUT.slots[i][0]))) \
            if side else tuple(range(N_SLOTS))

    def card_rects(self) -> list[pygame.Rect]:
        """Every card place (28 slots, stock, waste): what tests check is on screen."""
        return self.slot_rects + [self.stock_rect, self.waste_rect]

    def target_rect(self, target: Hit) -> pygame.Rect:
        if target.kind is Kind.SLOT:
            return self.slot_rects[target.index]
        return self.stock_rect if target.kind is Kind.STOCK else self.waste_rect

    def covers(self, target: Hit) -> list:
        """The tableau cards drawn over ``target``'s card (slots later in the stacking order
        :attr:`stack` still holding a card), px."""
        if target.kind is not Kind.SLOT:
            return []
        t = self.state.tableau
        k = self.stack.index(target.index)
        return [self.slot_rects[j] for j in self.stack[k + 1:] if t[j] is not None]

    def hit_test(self, pos) -> Hit | None:
        t = self.state.tableau
        for i in reversed(self.stack):
            if t[i] is not None and self.slot_rects[i].collidepoint(pos):
                return hit.slot(i)
        if self.stock_rect.collidepoint(pos):
            return hit.STOCK
        if self.waste_rect.collidepoint(pos):
            return hit.WASTE
        return None

    # -- taps ------------------------------------------------------------------------------------
    def activate(self, target) -> None:
        if self.rules.status(self.state) != PLAYING:
            if self.panel is None:
                self.open_end_panel()
            return
        if target.kind is Kind.SLOT:
            self.try_move(target.index, target)
        elif target.kind is Kind.STOCK:
            self.try_move(DRAW, target)

    def pointer(self, ev) -> None:
        if self.panel is None and not self.ending() and self.drag_pointer(ev):
            return
        super().pointer(ev)

    def drag_card(self, target):
        """An exposed tableau card may be dragged (onto the waste)."""
        s = self.state
        if target.kind is Kind.SLOT and self.rules.status(s) == PLAYING and exposed(s.tableau, target.index):
            return s.tableau[target.index]
        return None

    def drop_candidates(self) -> list:
        return [hit.WASTE]

    def glow_moves(self, playing: bool) -> set:
        """The moves the playable glow shows: the legal ones while the game is played and the
        setting is on, none while a card is dragged (a glow would pass for the drop's target)."""
        if not playing or not self.settings.glow or self.dragging is not None:
            return set()
        return set(self.rules.legal_moves(self.state))

    def drop_takes(self, source, onto) -> bool:
        return onto == hit.WASTE and self.rules.why_not(self.state, source.index) is None

    def dropped(self, source, onto, rect) -> None:
        """Dropped on the waste: played as a tap would (refused: shaken, with the reason);
        anywhere else the card goes back."""
        if onto == hit.WASTE:
            self.try_move(source.index, source, rect)

    def try_move(self, move: int, target, from_rect=None) -> None:
        s = self.state
        why = self.rules.why_not(s, move)
        if why is not None:
            self.anim.cancel("shake")
            self.anim.add("shake", 250, {"target": target})
            self.refused(move, why.text())
            return
        src = from_rect or self.target_rect(target)
        card = s.tableau[move] if move != DRAW else s.stock[0]
        if self.play(move):
            self.hidden.add(card)
            self.anim.add("fly", 200, {"card": card, "src": src.topleft, "dst": self.waste_rect.topleft,
                                       "draw": move == DRAW}, on_done=lambda c=card: self._landed(c))

    def play_assist_move(self, move) -> bool:
        """A move of the rescue's line, flown as a tap would fly it."""
        n = len(self.history.states)
        self.try_move(move, hit.STOCK if move == DRAW else hit.slot(move))
        return len(self.history.states) > n

    def hint_focus_of(self, move):
        return hit.STOCK if move == DRAW else hit.slot(move)

    def hint_anchor(self):
        m = self.hint_move
        return None if m is None else self.shown_rect(hit.STOCK if m == DRAW else hit.slot(m))

    def _landed(self, card) -> None:
        self.hidden.discard(card)
        self.stale = True

    def on_undo(self) -> None:
        self.hidden.clear()

    def pile_places(self, s, rects: bool = True) -> dict:
        """The 28 slots, the stock (its top last) and the waste (:meth:`GameTable.pile_places`)."""
        t = s.tableau
        out = {("slot", i): [(t[i], exposed(t, i), self.slot_rects[i] if rects else None)]
               for i in range(N_SLOTS) if t[i] is not None}
        out[("stock",)] = [(c, False, self.stock_rect if rects else None) for c in reversed(s.stock)]
        out[("waste",)] = [(c, True, self.waste_rect if rects else None) for c in s.waste]
        return out

    def fly_card(self, card, src, dst, up0, up1, slot, delay_ms, wait=True):
        """An undone, redone or dealt card's flight (:meth:`GameTable.fly_card`), hidden from its
        place until it lands, as a move's."""
        self.hidden.add(card)
        return self.anim.add("fly", 200, {"card": card, "src": src.topleft, "dst": dst.topleft, "up": (up0, up1),
                                          "hold": not wait},
                             delay_ms=delay_ms, on_done=lambda c=card: self._landed(c))

    def deal_source(self) -> pygame.Rect:
        return self.stock_rect

    def turn_card(self, card, rect, slot):
        """A freed card turns over (:meth:`GameTable.turn_card`), hidden from its slot meanwhile."""
        self.hidden.add(card)
        return super().turn_card(card, rect, slot)

    def turned(self, card) -> None:
        self._landed(card)

    def after_move(self, before, move) -> None:
        after = self.state
        w = self.waste_rect
        if move == DRAW:
            self.streak_ended(before.streak, before.scoring)
            return
        gained = after.score - before.score
        if gained > 0 and after.scoring == "streak":
            self.toast(f"+{gained}", (w.centerx, w.y - self.card_w * 0.25), max(18, self.card_w // 4), 0.9)
        if after.streak in CELEBRATE_AT:
            self.celebrate(tr("{n} in a row!", n=after.streak), 1100)
        if after.streak > before.streak:
            self.record_run(after.streak)
        if self.rules.status(after) == WON:
            self.streak_ended(after.streak, after.scoring)

    def record_run(self, n: int) -> None:
        """A streak of ``n`` cards made: the progression keeps it when it is the best yet and
        earns its badge now (docs/rules.md "Progression", "Twenty in a row"), even if this game
        is then left unfinished; a badge earned shows as a toast. Nothing for a position that is
        no deal (as at a game's end)."""
        if self.session.number is None or self.session.saved is None:
            return
        from games.daily import today

        out = self.app.progression.record_run(n, today())
        if out is not None and out.new_badges:
            self.badge_toasts(out.new_badges)

    def streak_ended(self, n: int, scoring: str) -> None:
        """The streak's total, shown when it ends: «7 in a row +175»."""
        if n < 2:
            return
        if scoring == "streak":
            msg = tr("{n} in a row +{points}", n=n, points=streak_points(n))
        else:
            msg = tr("{n} in a row", n=n)
        t = self.frame.table
        self.toast(msg, (t.centerx, self.waste_rect.centery), max(20, round(self.frame.p["top_text"] * 1.1)), 2.5)

    def on_won(self) -> None:
        self.say(tr("All three peaks cleared!"))
        self.anim.add("wait", 220, on_done=lambda: self.celebrate(tr("You won!"), 1600, self.open_end_panel))

    def lost_text(self) -> str:
        return tr("No more moves available")

    def intro(self) -> str:
        return tr("Tap a card one rank above or below the waste card, or tap the stock")

    def focus_targets(self) -> list:
        """The exposed cards, left to right, then the stock."""
        s = self.state
        slots = [i for i in range(N_SLOTS) if s.tableau[i] is not None and exposed(s.tableau, i)]
        slots.sort(key=lambda i: (self.slot_rects[i].y, self.slot_rects[i].x))
        return [hit.slot(i) for i in slots] + ([hit.STOCK] if s.stock else [])

    def key(self, event) -> None:
        if self.focus_key(event):
            return
        if event.key in (pygame.K_SPACE, pygame.K_d) and self.panel is None:
            self.activate(hit.STOCK)
        else:
            super().key(event)

    def keys_help(self) -> list[str]:
        return [tr("Arrows, Tab: move the focus over the cards and piles"),
                tr("Enter or Space: play the focused card"), tr("D: draw")] + super().keys_help()

    def top_items(self):
        return super().top_items() + [(tr("Streak"), str(self.state.streak))]

    def options_rows(self):
        o = self.settings.options_for(self.game)

        def cycle(key, values):
            def f():
                o[key] = values[(values.index(o.get(key, values[0])) + 1) % len(values)]
                self.app.save_settings()
            return f

        names = {"easy": tr("Easy (K and A touch)"), "classic": tr("Classic (no wrap)"),
                 "streak": tr("streak"), "moves": tr("moves")}
        return [(lambda: tr("Mode: {v}", v=names[o.get("mode", "easy")]), cycle("mode", ["easy", "classic"])),
                (lambda: tr("Scoring: {v}", v=names[o.get("scoring", "streak")]),
                 cycle("scoring", ["streak", "moves"]))] + super().options_rows()

    # -- drawing ---------------------------------------------------------------------------------
    def _shake_dx(self, target) -> int:
        for tw in self.anim.of("shake"):
            if tw.data["target"] == target:
                return round(shake_offset(tw))
        return 0

    def picture_parts(self) -> dict:
        """Each slot, the stock and the waste are parts of the still picture
        (:meth:`GameTable.picture_parts`): a slot's signature is its card, face, halo, flight
        and shake; the stock's its count, halo and shake; the waste's its top card."""
        s = self.state
        t = s.tableau
        w = self.card_w
        m = max(max(3, round(0.09 * w)), max(2, round(0.06 * w)) + max(1, round(0.035 * w))) + 1
        playing = self.rules.status(s) == PLAYING
        legal = self.glow_moves(playing)
        shaking = bool(self.anim.tweens) and self.anim.busy("shake")
        out = {}
        for i in self.stack:
            c = t[i]
            dx = self._shake_dx(hit.slot(i)) if shaking else 0
            out[i] = (tuple(self.slot_rects[i].move(dx, 0).inflate(2 * m, 2 * m)),
                      (c, c is not None and c in self.hidden, exposed(t, i), i in legal, dx))
        dx = self._shake_dx(hit.STOCK) if shaking else 0
        n = len(s.stock) - sum(1 for c in self.hidden if c in s.stock)
        lift = 2 * max(1, w // 40)
        out["stock"] = (tuple(self.stock_rect.move(dx, 0).inflate(2 * (m + lift), 2 * (m + lift))),
                        (n, DRAW in legal and len(legal) == 1, dx))
        top = next((c for c in reversed(s.waste) if c not in self.hidden), None)
        out["waste"] = (tuple(self.waste_rect.inflate(2 * m, 2 * m)), top)
        return out

    def part_body(self, name, sig):
        """A slot's card, or the waste's top card: its body (:meth:`GameTable.part_body`)."""
        if name == "waste":
            return None if sig is None else self._body(self.waste_rect)
        if name == "stock" or sig[0] is None or sig[1]:
            return None
        return self._body(self.slot_rects[name].move(sig[4], 0))

    @staticmethod
    def _body(r: pygame.Rect) -> pygame.Rect:
        """The body of a card drawn at ``r`` (:func:`ui.cards_art.body_rows`), px."""
        top, bottom = cards_art.body_rows(r.width)
        return pygame.Rect(r.x, r.y + top, r.width, bottom - top)

    def kept_extra(self) -> tuple | None:
        """The card width (:meth:`GameTable.kept_extra`); none kept on their side, where the
        rings drawn over the slots make the stock's and the waste's pixels depend on more than
        the slots' signatures."""
        return None if self.geo.get("orientation") == "side" else (self.card_w,)

    def draw_cards(self, surface) -> None:
        s = self.state
        t = s.tableau
        art = self.art
        playing = self.rules.status(s) == PLAYING
        legal = self.glow_moves(playing)
        shaking = bool(self.anim.tweens) and self.anim.busy("shake")
        # on their side the peaks' playable cards overlap one another down a column: a halo under
        # a card would wrap the card lying over it, so each gets a ring inside its visible part,
        # drawn once every card lies
        side = self.geo.get("orientation") == "side"
        # each slot, the stock and the waste: drawn, or copied as last drawn when drawn again as
        # they were (GameTable.part_keeper)
        keep = self.part_keeper(surface)
        rects = {}
        for i in self.stack:
            c = t[i]
            if c is None or c in self.hidden:
                keep(i, None)
                continue
            r = self.slot_rects[i]
            if shaking:
                r = r.move(self._shake_dx(hit.slot(i)), 0)
            rects[i] = r
            halo = i in legal and not side
            keep(i, lambda surf: art.draw(surf, c, r, exposed(t, i), True, cards_art.GLOW if halo else None),
                 lambda sig: self.card_ink(r, halo))
        if side:
            lw = max(2, r.width // 28) if rects else 2
            for i in legal:
                r = rects.get(i) if isinstance(i, int) else None
                if r is None:
                    continue
                k = self.stack.index(i)
                over = [o for j, o in rects.items() if self.stack.index(j) > k and o.colliderect(r)]
                bottom = min([o.y for o in over if o.y > r.y] + [r.bottom])
                ring = pygame.Rect(r.x, r.y, r.width, bottom - r.y + 2 * lw)
                clip = surface.get_clip()    # a partial redraw's clip stays in force
                surface.set_clip(clip.clip(pygame.Rect(r.x, r.y, r.width, bottom - r.y)))
                pygame.draw.rect(surface, cards_art.GLOW, ring, lw, border_radius=cards_art.radius(r.width))
                surface.set_clip(clip)
        keep("stock", lambda surf: self.draw_stock_pile(surf, legal, shaking))
        # waste: the top card not in flight
        top = next((c for c in reversed(s.waste) if c not in self.hidden), None)
        keep("waste", lambda surf: art.draw(surf, top, self.waste_rect, True, top is not None))

    def draw_stock_pile(self, surface, legal, shaking: bool) -> None:
        """The stock: a few stacked backs (the top one glowing when drawing is the only move,
        ``legal`` the moves the glow shows) and the count, or its empty place."""
        s = self.state
        r = self.stock_rect
        if shaking:
            r = r.move(self._shake_dx(hit.STOCK), 0)
        n = len(s.stock) - sum(1 for c in self.hidden if c in s.stock)
        if n <= 0:
            self.art.draw(surface, None, r, shade=False)
            return
        layers = min(3, 1 + n // 8)
        glow_stock = DRAW in legal and len(legal) == 1
        for k in range(layers):
            off = (layers - 1 - k) * max(1, self.card_w // 40)
            self.art.draw(surface, 0, r.move(-off, -off), False, k == 0,
                          cards_art.GLOW if glow_stock and k == layers - 1 else None)
        badge = cards_art.text_image(str(n), max(text.MIN_SIZE, round(self.card_w * 0.24)), INK)
        if badge is None:   # the dry pass listing a first picture's images: queued
            return
        br = badge.get_rect(center=(r.centerx, r.bottom - badge.get_height()))
        pygame.draw.rect(surface, (10, 30, 20), br.inflate(12, 4), border_radius=br.height)
        surface.blit(badge, br)

    def draw_moving_tweens(self, surface) -> None:
        tweens = self.anim.tweens
        if self.hint_move is not None:
            tw = next((x for x in tweens if x.kind == "hint"), None)
            k = pulse(tw) if tw is not None and self.settings.anim_speed != "off" else 1.0
            target = hit.STOCK if self.hint_move == DRAW else hit.slot(self.hint_move)
            a, lw = cards_art.hint_ring(k, self.card_w)
            draw_ring(surface, self.shown_rect(target).inflate(10, 10),
                      (*cards_art.HINT, a), lw, cards_art.radius(self.card_w) + 4)
        if not tweens:
            return
        for tw in tweens:
            if tw.kind == "fly" and (tw.started or not tw.data.get("hold")):
                x, y = fly_pos(tw)
                r = pygame.Rect(round(x), round(y), self.card_w, self.card_h)
                up = tw.data.get("up")
                face_up = (up[1] if tw.t > 0.5 else up[0]) if up is not None else not tw.data["draw"] or tw.t > 0.35
                self.art.draw(surface, tw.data["card"], r, face_up)
            elif tw.kind == "celebrate":
                self.draw_celebration(surface, tw)

    def draw_moving(self, surface) -> None:
        self.draw_moving_tweens(surface)
        self.draw_focus(surface)
        self.draw_dragged(surface)

    # -- the end panel ---------------------------------------------------------------------------
    def _small_w(self, pw: int) -> int:
        return max(36, min(self.card_w, (pw - 40) // 11, 80))

    def end_body_height(self, pw: int) -> int:
        line = max(26, round(30 * self.frame.scale))
        if self.rules.status(self.state) == WON:
            return 3 * (line + 8)
        sw = self._small_w(pw)
        open_n = len(self.rules.open_cards(self.state))
        per_row = max(1, (pw - 32) // (sw + 6))
        rows = max(1, -(-open_n // per_row))
        return cards_art.card_height(sw) + 10 + line + 12 + line + 6 + rows * (cards_art.card_height(sw) + 6)

    def draw_end_body(self, surface, r) -> None:
        s = self.state
        line = max(26, round(30 * self.frame.scale))
        size = round(line * 0.9)
        if self.rules.status(s) == WON:
            rows = [tr("Score: {n}", n=self.rules.score(s)), tr("Moves: {n}", n=self.player_moves()),
                    tr("Cards left in the stock: {n}", n=len(s.stock))]
            for k, msg in enumerate(rows):
                text.blit_center(surface, text.render(msg, text.fit(msg, size, r.width, 12), INK),
                                 (r.centerx, r.y + k * (line + 8) + line // 2))
            return
        sw = self._small_w(r.width + 32)
        sh = cards_art.card_height(sw)
        y = r.y
        label = text.render(tr("Waste card"), size, DIM)
        total = label.get_width() + 12 + sw
        x0 = r.centerx - total // 2
        surface.blit(label, (x0, y + sh // 2 - label.get_height() // 2))
        if s.waste:
            self.art.draw(surface, s.waste[-1], pygame.Rect(x0 + label.get_width() + 12, y, sw, sh))
        y += sh + 10
        ranks = (" " + tr("or") + " ").join(rank_name(x) for x in self.rules.needed_ranks(s))
        msg = tr("Needed: {ranks}", ranks=ranks)
        text.blit_center(surface, text.render(msg, text.fit(msg, size, r.width, 12), INK), (r.centerx, y + line // 2))
        y += line + 12
        msg = tr("Open cards")
        text.blit_center(surface, text.render(msg, size, DIM), (r.centerx, y + line // 2))
        y += line + 6
        cards = self.rules.open_cards(s)
        per_row = max(1, r.width // (sw + 6))
        for k, c in enumerate(cards):
            row, col = divmod(k, per_row)
            n_in_row = min(per_row, len(cards) - row * per_row)
            x = r.centerx - (n_in_row * (sw + 6) - 6) // 2 + col * (sw + 6)
            self.art.draw(surface, c, pygame.Rect(x, y + row * (sh + 6), sw, sh))
