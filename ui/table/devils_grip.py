"""The Devil's Grip table (docs/rules.md, "Devil's Grip"; docs/devils-grip.md).

The 3 × 8 grid of stacks, each row's chain written faintly beside it (``2 5 8 J``…), every stack
fanned so each of its cards shows its corner index; the stock (with its count) and the talon (its
top three cards, the top one playable) in a row under the grid. On a phone held upright the grid
turns to 8 rows × 3 columns: each game row becomes a screen column, its chain written above it.
Geometry per screen shape: ``layouts/devils-grip/screen.toml``.

Gestures (the rules decide; the table only asks ``why_not`` and plays through the history):

* **tap a stack**: it goes onto the first stack it continues (one in its chain's row first);
  tap it again where it landed (at once: within TAP_AGAIN s) and it moves to the next such stack instead (the same move
  re-aimed: the counter does not grow, no undo is recorded). A stack that fits nowhere shakes and
  the status line says why;
* **tap the talon**: its top card goes onto a stack it fits, the same way;
* **drag a stack** onto another cell: a merge; dropped on a cell's swap handle (the round ⇄ mark
  shown on every cell while dragging) or on an empty cell: a swap. A refused drop glides back and
  the status line says why. The talon's top card can be dragged onto a stack too;
* **long press a stack, then tap another cell**: a swap (or keep holding and drag it anywhere);
* **tap the stock** (or Space): the next three cards onto the talon; refused while a cell is
  empty. A cell emptied by a move is refilled from the stock at once (the rules do it).

A complete stack of four in its chain's row is framed in gold with a check mark. The top bar
shows the result live (cards left in stock + talon); the end panel rates it on the Bicycle
scale (:func:`games.devils_grip.rating`). The hint slices the solver's branch and bound
(:mod:`games.solvers.devils_grip`) over frames and shows the first move of the best line found.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from games.core import PLAYING, WON, Refusal
from games.devils_grip import (
    COLS, MERGE, N_CELLS, RATING_ROWS, ROWS, SWAP, TALON, TURN, TURN_MOVE,
    DevilsGrip, Move, chain_of, complete_in_row, fits, rating,
)
from games.i18n import N_, tr
from games.solvers.search import SOLVED, Result

from .. import cards_art, text
from ..anim import ease_out, lerp, pulse, shake_offset
from ..frame import DIM, INK, TOUCH, draw_ring, felt, icon, load_toml, opaque_surface
from . import hit
from .base import DOUBLE_TAP, TAP_AGAIN, GameTable
from .drag import TargetFocus, draw_see_through, draw_target_ring
from .hit import Hit, Kind

HINT_MS = 1800             # how long the hinted move shows
GOLD = (255, 204, 77)
SWAP_INK = (255, 171, 64)  # the cell waiting for its swap partner
TALON_SHOWN = 3            # talon cards shown fanned (only the top one plays)
TALON_COVERED = Hit(Kind.TALON, name="covered")
"""A talon card under the top one (a tap on it is refused: only the top plays)."""
MSG_TALON_TOP = N_("Only the talon's top card can be played")
MSG_NO_STACK = N_("There is no other stack to move onto")


def rank_name(r: int) -> str:
    return "10" if r == 10 else "A23456789TJQK"[r - 1]


def chain_ranks(row: int) -> list[str]:
    """The ranks of the chain built in ``row`` (0..2), bottom first: ``['2', '5', '8', 'J']``."""
    return [rank_name(2 + row + 3 * k) for k in range(4)]


@dataclass
class Retarget:
    """The last tap's move, for "tap again: the next stack": the stack of cell ``src`` (``-1``:
    the talon top) went onto ``targets[k]``; ``before`` and ``after`` are the states around that
    move (a tap again applies only while the history still ends with them); ``at``: when that
    tap came (seconds on ``App.now``)."""

    src: int
    targets: list
    k: int
    before: object
    after: object
    at: float = 0.0

    @property
    def dst(self) -> int:
        """The cell the stack went onto."""
        return self.targets[self.k]


@dataclass
class StackDrag:
    """A stack (or the talon's top card) the pointer lifted: its target ``src`` (``hit.cell(i)``
    or ``hit.TALON``), the pointer now (px), its offset from the stack's corner (px), and
    whether the drag swaps (it began on the swap handle)."""

    src: Hit
    pos: tuple[int, int]
    grab: tuple[int, int]
    swap: bool


class DevilsGripTable(TargetFocus, GameTable):
    """The Devil's Grip game on screen. Targets (:class:`~ui.table.hit.Hit`): ``hit.cell(i)``
    (i = 0..23, row by row as the rules number them), ``hit.STOCK``, ``hit.TALON``."""

    shows_score = False     # the top bar shows the cards left, never a score

    rules = DevilsGrip
    game = "devils-grip"
    moving_fields = ("drag", "focus")
    hint_nodes = None
    """The hint search's node budget; ``None``: its own (:data:`games.solvers.devils_grip.HINT_NODES`).
    The search's module is imported when a hint first needs it, not with the table: the page ships
    the searches as source (docs/web.md, "Size"), compiling this one costs 16-18 ms in
    WebAssembly, and the home screen imports every table for its miniatures, a table a frame."""
    best_line_hints = True    # almost never won: the hint is the best line's first move
    best_line_ms = HINT_MS

    @staticmethod
    def preview_places():
        R = cards_art.RATIO
        out = [(c * 1.1, r * 1.08 * R, True) for r in range(3) for c in range(8)]
        return out + [(0, 3.35 * R, False), (1.2, 3.35 * R, True)]

    @property
    def daily_goal(self) -> int | None:
        """The goal of this game when it is a deal of the day (leave at most that many cards in
        stock and talon: :func:`games.daily.grip_goal`), else ``None``."""
        if self.daily_date is None or self.number is None:
            return None
        from games.daily import grip_goal

        try:
            return grip_goal(self.number)
        except ValueError:   # no daily bank shipped: a daily without a goal
            return None

    def goal_text(self) -> str:
        """The end panel's goal line of a daily: reached or not, cards left and the goal."""
        left, goal = DevilsGrip.result(self.state), self.daily_goal
        if left <= goal:
            return tr("Goal reached: {n} cards left, goal ≤ {goal}", n=left, goal=goal)
        return tr("Goal not reached: {n} cards left, goal ≤ {goal}", n=left, goal=goal)

    def on_start(self) -> None:
        self.drag: StackDrag | None = None
        self.swap_from = None   # cell index waiting for a tap (long press) to swap with
        self.cycle: Retarget | None = None   # the last tap move, for "tap again: the next stack"
        self._redraw = False
        self.kept_line = None   # (start state, moves, cards left at its end) of the last hint's line

    # -- geometry --------------------------------------------------------------------------------
    @staticmethod
    def arrangement(p: dict, frame) -> tuple[int, dict]:
        """``(card width px, sizes in card widths)`` of the geometry ``p`` (a section of
        layouts/devils-grip/screen.toml) in ``frame``'s table: the widest card whose grid, stock
        and talon fit the table."""
        T = frame.table
        R = cards_art.RATIO
        st = p["fan_step"]
        if p["fan"] == "down":
            cw, ch, fan = 1.0, R + 3 * st, (0.0, st)
        else:
            cw, ch, fan = 1.0 + 3 * st, R, (st, 0.0)
        transposed = bool(p["transpose"])
        ncol, nrow = (ROWS, COLS) if transposed else (COLS, ROWS)
        lab = p["label"]
        lw, lh = (0.0, lab) if transposed else (lab, 0.0)
        gx, gy = p["gap_x"], p["gap_y"]
        gw = lw + ncol * cw + (ncol - 1) * gx
        gh = lh + nrow * ch + (nrow - 1) * gy
        ts = p["talon_step"]
        piles = 1 + 0.3 + 1 + (TALON_SHOWN - 1) * ts
        tw, th = max(gw, lw + piles), gh + p["stock_gap"] + R
        w = int(min(T.width / tw, T.height / th, p["max_card"] * frame.scale))
        return w, dict(cw=cw, ch=ch, fan=fan, transposed=transposed, lw=lw, lh=lh, gx=gx, gy=gy, gh=gh, ts=ts,
                       tw=tw, th=th)

    @staticmethod
    def cell_target(w: int, a: dict) -> tuple[int, int]:
        """``(width, height)`` px of a cell's tap target (the cell with the gaps around it, as
        :meth:`layout_cards` makes ``hit_rects``) for card width ``w`` and sizes ``a`` of
        :meth:`arrangement`."""
        return int((a["cw"] + a["gx"]) * w), int((a["ch"] + a["gy"]) * w)

    def layout_cards(self, frame) -> None:
        """Card width and every rectangle for ``frame`` (a :class:`ui.frame.Frame`): the shape's
        geometry, or its ``alternate`` where that gives wider cards (the grid as dealt, fanned
        down) — of those whose cells are tap targets of at least :data:`ui.frame.TOUCH` px
        each way, when one is (a phone 360 or 375 px wide: the 8 rows of the upright layout,
        not the grid as dealt with 41-px columns)."""
        sections = load_toml("devils-grip/screen.toml")
        p = sections[frame.shape]
        options = [p] + ([sections[p["alternate"]]] if "alternate" in p else [])
        sized = [(q, *self.arrangement(q, frame)) for q in options]
        roomy = [x for x in sized if min(self.cell_target(x[1], x[2])) >= TOUCH]
        p, w, a = max(roomy or sized, key=lambda x: x[1])
        self.geo = p
        T = frame.table
        R = cards_art.RATIO
        cw, ch, fan, lw, lh, gx, gy, gh, ts, tw, th = (a[k] for k in ("cw", "ch", "fan", "lw", "lh", "gx", "gy",
                                                                       "gh", "ts", "tw", "th"))
        self.transposed = a["transposed"]
        h = cards_art.card_height(w)
        self.card_w, self.card_h = w, h
        self.fan = (fan[0] * w, fan[1] * w)
        self.talon_dx = ts * w
        ox = T.x + (T.width - tw * w) / 2
        oy = T.y + (T.height - th * w) / 2
        gx0, gy0 = ox + lw * w, oy + lh * w
        self.cell_rects, self.hit_rects, self.handle_rects = [], [], []
        cwp, chp = round(cw * w), round(ch * w)
        hx, hy = round(gx * w), round(gy * w)
        for i in range(N_CELLS):
            r, c = divmod(i, COLS)
            sc, sr = (r, c) if self.transposed else (c, r)
            rect = pygame.Rect(round(gx0 + sc * (cw + gx) * w), round(gy0 + sr * (ch + gy) * w), cwp, chp)
            self.cell_rects.append(rect)
            # the cell with half the gaps around it: neighbours' targets meet, never overlap
            x0, y0 = gx0 + (sc * (cw + gx) - gx / 2) * w, gy0 + (sr * (ch + gy) - gy / 2) * w
            x1, y1 = x0 + (cw + gx) * w, y0 + (ch + gy) * w
            self.hit_rects.append(pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0)))
            d = round(max(p["handle_min"], p["handle"] * min(cwp, chp)))
            d = min(d, cwp, chp)
            hr = pygame.Rect(0, 0, d, d)
            if p["fan"] == "down":
                hr.midbottom = rect.midbottom
            else:
                hr.midright = rect.midright
            self.handle_rects.append(hr)
        self.label_rects, self.band_rects = [], []
        for r in range(ROWS):
            cells = self.cell_rects[r * COLS:(r + 1) * COLS]
            band = cells[0].unionall(cells[1:])
            if self.transposed:
                lr = pygame.Rect(band.x, round(oy), band.width, round(lh * w))
            else:
                lr = pygame.Rect(round(ox), band.y, round(lw * w), band.height)
            self.label_rects.append(lr)
            self.band_rects.append(band.union(lr).inflate(max(4, hx), max(4, hy)))
        sy = round(oy + (gh + p["stock_gap"]) * w)
        self.stock_rect = pygame.Rect(round(gx0), sy, w, h)
        self.talon_rect = pygame.Rect(self.stock_rect.right + round(0.3 * w), sy, w, h)
        self.talon_area = pygame.Rect(self.talon_rect.x, sy, round(w + (TALON_SHOWN - 1) * self.talon_dx), h)
        if self.settings.left_handed:
            # mirrored: the stock under the grid's right edge, the talon fanned leftwards from it
            grid = self.cell_rects[0].unionall(self.cell_rects[1:])
            self.stock_rect.right = grid.right
            self.talon_rect.right = self.stock_rect.x - round(0.3 * w)
            self.talon_dx = -self.talon_dx
            self.talon_area = pygame.Rect(0, sy, round(w - (TALON_SHOWN - 1) * self.talon_dx), h)
            self.talon_area.right = self.talon_rect.right
        self.stock_hit = self.stock_rect.inflate(max(0, 48 - w), max(0, 48 - h))   # a finger-sized target
        if self.settings.left_handed:
            self.stock_hit.left = max(self.stock_hit.left, self.talon_rect.right + 2)
        else:
            self.stock_hit.right = min(self.stock_hit.right, self.talon_rect.x - 2)

    def card_rect(self, i: int, k: int) -> pygame.Rect:
        """The ``k``-th card (0 = bottom) of cell ``i``'s fan."""
        r = self.cell_rects[i]
        return pygame.Rect(r.x + round(k * self.fan[0]), r.y + round(k * self.fan[1]), self.card_w, self.card_h)

    def stack_rect(self, i: int, n: int | None = None) -> pygame.Rect:
        """The bounds of cell ``i``'s stack (``n`` cards, default its current length; at least one)."""
        n = max(1, len(self.state.grid[i]) if n is None else n)
        return self.card_rect(i, 0).union(self.card_rect(i, n - 1))

    def talon_card_rect(self, talon_len: int, idx: int) -> pygame.Rect:
        """Where talon card ``idx`` (0 = bottom) shows when the talon holds ``talon_len`` cards."""
        first = max(0, talon_len - TALON_SHOWN)
        k = max(0, idx - first)
        return self.talon_rect.move(round(k * self.talon_dx), 0)

    def crowded_rects(self) -> list[pygame.Rect]:
        """The card places and the row labels (a hint's bubble keeps off them)."""
        return self.card_places() + [r for r in self.label_rects if r is not None]

    def card_places(self) -> list[pygame.Rect]:
        """Every place a card can be drawn (24 cells' fans of four, stock, talon): what tests
        check is on screen."""
        out = [self.card_rect(i, k) for i in range(N_CELLS) for k in range(4)]
        return out + [self.stock_rect, self.talon_area]

    def target_rect(self, target: Hit) -> pygame.Rect:
        if target.kind is Kind.CELL:
            return self.stack_rect(target.index)
        if target.kind is Kind.STOCK:
            return self.stock_rect
        t = self.state.talon
        return self.talon_card_rect(len(t), len(t) - 1)

    def hit_test(self, pos) -> Hit | None:
        if self.stock_hit.collidepoint(pos):
            return hit.STOCK
        if self.talon_area.collidepoint(pos):
            # where the top card alone is a finger's width, the talon's target is the cards
            # shown: the top card, and the covered cards' strips (their own target: refused);
            # the felt beside a fan of one or two is no target. On a smaller table the whole
            # area of three is the top card's target (the top card alone is narrower than TOUCH)
            t = self.state.talon
            if not t or self.card_w < TOUCH:
                return hit.TALON
            top = self.talon_card_rect(len(t), len(t) - 1)
            if top.collidepoint(pos):
                return hit.TALON
            shown = min(len(t), TALON_SHOWN)
            if top.unionall([self.talon_card_rect(len(t), len(t) - k) for k in range(2, shown + 1)]).collidepoint(pos):
                return TALON_COVERED
        for i, r in enumerate(self.hit_rects):
            if r.collidepoint(pos):
                return hit.cell(i)
        return None

    def drop_target(self, pos, src: Hit) -> Hit | None:
        """Where a drag released at ``pos`` lands: ``hit.handle(j)``, ``hit.cell(j)`` or ``None``."""
        for j, r in enumerate(self.handle_rects):
            if src != hit.cell(j) and r.collidepoint(pos):
                return hit.handle(j)
        t = self.hit_test(pos)
        if t is not None and t.kind is Kind.CELL and t != src:
            return t
        return None

    # -- what the rules allow --------------------------------------------------------------------
    def targets_for(self, src) -> list[int]:
        """Cells the stack of ``src`` (a cell index, or ``-1`` for the talon top) may go onto, by
        the rules, best first: a stack standing in its chain's row first, then cell order."""
        s, g = self.state, self.state.grid
        kind = TALON if src < 0 else MERGE
        out = [j for j in range(N_CELLS) if j != src and g[j]
               and self.rules.why_not(s, Move(kind, src, j)) is None]
        return sorted(out, key=lambda j: (chain_of(g[j][0]) != j // COLS, j))

    def refusal(self, src: int) -> Refusal:
        """Why the stack of cell ``src`` (``-1``: the talon top) fits no stack: the rules' reason
        for the most telling destination (one topped by the card it needs, else one a higher card
        of it would fit, else any)."""
        s, g = self.state, self.state.grid
        moving = (s.talon[-1],) if src < 0 else g[src]
        others = [j for j in range(N_CELLS) if j != src and g[j]]
        pick = next((j for j in others if g[j][-1] == moving[0] - 3), None)
        if pick is None:
            pick = next((j for j in others if any(fits(c, g[j][-1]) for c in moving[1:])), None)
        if pick is None and others:
            pick = others[0]
        if pick is None:
            return Refusal(MSG_NO_STACK)
        why = self.rules.why_not(s, Move(TALON if src < 0 else MERGE, src, pick))
        return why or Refusal(MSG_NO_STACK)

    # -- taps ------------------------------------------------------------------------------------
    def activate_target(self, target: Hit) -> None:
        if target.kind is Kind.BUTTON and self.swap_from is not None:
            self.swap_from = None
            self.stale = True
        super().activate_target(target)

    def activate(self, target) -> None:
        if self.rules.status(self.state) != PLAYING:
            if self.panel is None:
                self.open_end_panel()
            return
        if self.swap_from is not None:
            a, self.swap_from = self.swap_from, None
            self.stale = True
            if target.kind is Kind.CELL and target.index != a:
                self.try_move(Move(SWAP, a, target.index), target)
            else:
                self.say(tr("Swap cancelled"))
            return
        if target.kind is Kind.CELL:
            if not self.doubled(target.index):
                self.tap_cell(target.index)
        elif target == TALON_COVERED:
            self.shake(hit.TALON)
            self.refused(None, tr(MSG_TALON_TOP))
        elif target.kind is Kind.TALON:
            if not self.doubled(-1):
                self.tap_source(-1)
        elif target.kind is Kind.STOCK:
            self.tap_stock()

    def tap_cell(self, i: int) -> None:
        if not self.state.grid[i]:
            self.shake(hit.cell(i))
            self.refused(None, tr("An empty cell takes a stack only by a swap: hold a stack, then tap this cell"))
            return
        c = self.cycle
        h = self.history
        if (c is not None and c.dst == i and len(c.targets) > 1 and len(h.states) > 1
                and h.states[-1] is c.after and h.states[-2] is c.before
                and self.app.now() - c.at < TAP_AGAIN):
            self.retarget(c)
            return
        self.tap_source(i)

    def tap_source(self, src: int) -> None:
        """A tap on the stack of cell ``src`` (``-1``: the talon top): onto its first target."""
        s = self.state
        if src < 0 and not s.talon:
            self.shake(hit.TALON)
            why = self.rules.why_not(s, Move(TALON, -1, 0))
            self.refused(None, why.text())
            return
        targets = self.targets_for(src)
        if not targets:
            self.shake(hit.TALON if src < 0 else hit.cell(src))
            why = self.refusal(src)
            self.refused(None, why.text())
            return
        move = Move(TALON if src < 0 else MERGE, src, targets[0])
        if self.try_move(move, None):
            self.cycle = Retarget(src, targets, 0, self.history.states[-2], self.state, self.app.now())

    def doubled(self, src: int) -> bool:
        """Whether a tap on cell ``src`` (``-1``: the talon) is the second tap of a double tap
        whose first moved that stack away (within :data:`ui.table.base.DOUBLE_TAP` s, nothing
        played since): what lies there now came after it (the stock's refill, the talon's next
        card), unseen, so the tap is spent (the place shakes), as the column games spend one."""
        c = self.cycle
        if c is None or c.src != src or self.history.states[-1] is not c.after \
                or self.app.now() - c.at >= self.double_time(DOUBLE_TAP):
            return False
        self.shake(hit.TALON if src < 0 else hit.cell(src))
        return True

    def retarget(self, c: "Retarget") -> None:
        """Tap again on the stack just moved: the same move aimed at the next fitting stack
        (the last move is replaced, not undone: no undo is counted)."""
        k = (c.k + 1) % len(c.targets)
        src, before = c.src, c.before
        move = Move(TALON if src < 0 else MERGE, src, c.targets[k])
        if self.rules.why_not(before, move) is not None:
            self.cycle = None
            return
        self.anim.finish("fly")
        self.session.retract()
        self.try_move(move, None)
        self.cycle = replace(c, k=k, after=self.state)

    def tap_stock(self) -> None:
        self.try_move(TURN_MOVE, hit.STOCK)

    def draw_stock(self) -> None:
        if self.panel is None and self.playing:
            self.tap_stock()

    def focus_targets(self) -> list:
        """The cells with a stack, row by row, then the stock and the talon."""
        s = self.state
        cells = [hit.cell(i) for i in range(N_CELLS) if s.grid[i]]
        return cells + ([hit.STOCK] if s.stock else []) + ([hit.TALON] if s.talon else [])

    def keys_help(self) -> list[str]:
        return [tr("Arrows, Tab: move the focus over the cards and piles"),
                tr("Enter or Space: play the focused card"),
                tr("S: swap the focused stack with the next one you play (Enter)"),
                tr("D: draw")] + super().keys_help()

    def key(self, event) -> None:
        if self.focus_key(event):
            return
        if event.key == pygame.K_s and self.panel is None and self.focus is not None \
                and self.focus.kind is Kind.CELL:
            self.swap_from = self.focus.index
            self.say(tr("Press Enter on another cell to swap the two stacks (Esc: cancel)"))
            self.stale = True
            return
        if event.key == pygame.K_ESCAPE and self.panel is None and self.swap_from is not None:
            self.swap_from = None     # Esc drops the armed swap first, as it puts a drag back
            self.say("")
            return
        if event.key in (pygame.K_SPACE, pygame.K_d) and self.panel is None:
            self.swap_from = None
            self.activate(hit.STOCK)
        else:
            super().key(event)

    def try_move(self, move: Move, shake_target, grab=None) -> bool:
        """Ask the rules; refused: shake ``shake_target`` and say why. Played: the cards fly from
        where they were (``grab``: the top-left of a dragged stack) to where they land."""
        s = self.state
        why = self.rules.why_not(s, move)
        if why is not None:
            if shake_target is not None:
                self.shake(shake_target)
            self.refused(move, why.text())
            return False
        if not self.play(move):
            return False
        self.fly(s, move, grab)
        return True

    def play_assist_move(self, move) -> bool:
        """A move of the rescue's line, flown as a tap would fly it."""
        return self.try_move(move, None)

    def hint_focus_of(self, move):
        return hit.STOCK if move.kind == TURN else hit.TALON if move.kind == TALON else hit.cell(move.src)

    def hint_anchor(self):
        m = self.hint_move
        if m is None:
            return None
        if m.kind == TURN:
            return self.stock_rect
        if m.kind == TALON:
            return self.target_rect(hit.TALON)
        return self.stack_rect(m.src)

    def shake(self, target) -> None:
        self.anim.cancel("shake")
        self.anim.add("shake", 250, {"target": target})
        self.stale = True

    def refused(self, move, why: str) -> None:
        self.cycle = None
        super().refused(move, why)

    # -- flights ---------------------------------------------------------------------------------
    def fly(self, before, move: Move, grab=None) -> None:
        """Start the flight of ``move`` just played from ``before``: items ``(card, src, dst,
        face_up)`` and what the static drawing hides meanwhile (``("cell", j, k)``: cards from
        index k of cell j; ``("talon", k)``: talon cards from index k)."""
        after = self.state
        g = before.grid
        items, hide = [], []
        if move.kind == MERGE:
            a, b = move.src, move.dst
            for k, c in enumerate(g[a]):
                src = self.card_rect(a, k).topleft if grab is None else \
                    (grab[0] + round(k * self.fan[0]), grab[1] + round(k * self.fan[1]))
                items.append((c, src, self.card_rect(b, len(g[b]) + k).topleft, True))
            hide.append(("cell", b, len(g[b])))
        elif move.kind == TALON:
            b = move.dst
            src = self.talon_card_rect(len(before.talon), len(before.talon) - 1).topleft if grab is None else grab
            items.append((before.talon[-1], src, self.card_rect(b, len(g[b])).topleft, True))
            hide.append(("cell", b, len(g[b])))
        elif move.kind == SWAP:
            for a, b in ((move.src, move.dst), (move.dst, move.src)):
                for k, c in enumerate(g[a]):
                    src = self.card_rect(a, k).topleft
                    if grab is not None and a == move.src:
                        src = (grab[0] + round(k * self.fan[0]), grab[1] + round(k * self.fan[1]))
                    items.append((c, src, self.card_rect(b, k).topleft, True))
                hide.append(("cell", b, 0))
        elif move.kind == TURN:
            n0 = len(before.talon)
            for idx in range(n0, len(after.talon)):
                items.append((after.talon[idx], self.stock_rect.topleft,
                              self.talon_card_rect(len(after.talon), idx).topleft, None))
            hide.append(("talon", n0))
        if items:
            self.anim.add("fly", 200, {"items": items, "hide": hide}, on_done=self._landed)

    def glide_back(self, src, pos) -> None:
        """A refused drop: the dragged cards glide from ``pos`` (their top-left) back home."""
        s = self.state
        if src.kind is Kind.TALON:
            idx = len(s.talon) - 1
            items = [(s.talon[-1], pos, self.talon_card_rect(len(s.talon), idx).topleft, True)]
            hide = [("talon", idx)]
        else:
            i = src.index
            items = [(c, (pos[0] + round(k * self.fan[0]), pos[1] + round(k * self.fan[1])),
                      self.card_rect(i, k).topleft, True) for k, c in enumerate(s.grid[i])]
            hide = [("cell", i, 0)]
        self.anim.add("fly", 200, {"items": items, "hide": hide}, on_done=self._landed)
        self.stale = True

    def _landed(self) -> None:
        self.stale = True

    def hidden(self) -> tuple[dict, int | None]:
        """``({cell: first hidden index}, first hidden talon index or None)`` from the flights
        and the drag in progress."""
        cells, talon = {}, None
        for tw in self.anim.of("fly"):
            for h in tw.data["hide"]:
                if h[0] == "cell":
                    cells[h[1]] = min(cells.get(h[1], 99), h[2])
                else:
                    talon = h[1] if talon is None else min(talon, h[1])
        for (key, k) in self.dealt_slots() if self.dealt else ():
            if key[0] == "cell":
                cells[key[1]] = min(cells.get(key[1], 99), k)
            elif key == ("talon",):
                talon = k if talon is None else min(talon, k)
        d = self.drag
        if d is not None:
            if d.src.kind is Kind.CELL:
                cells[d.src.index] = 0
            else:
                n = len(self.state.talon) - 1
                talon = n if talon is None else min(talon, n)
        return cells, talon

    def on_undo(self) -> None:
        self.cycle = None
        self.swap_from = None
        self.drag = None

    def pile_places(self, s, rects: bool = True) -> dict:
        """The 24 cells' stacks, the stock (its top last) and the talon
        (:meth:`GameTable.pile_places`)."""
        out = {("cell", i): [(c, True, self.card_rect(i, k) if rects else None) for k, c in enumerate(stack)]
               for i, stack in enumerate(s.grid)}
        out[("stock",)] = [(c, False, self.stock_rect if rects else None) for c in reversed(s.stock)]
        n = len(s.talon)
        out[("talon",)] = [(c, True, self.talon_card_rect(n, k) if rects else None) for k, c in enumerate(s.talon)]
        return out

    def fly_card(self, card, src, dst, up0, up1, slot, delay_ms, wait=True):
        """An undone, redone or dealt card's flight (:meth:`GameTable.fly_card`): its cell's or
        the talon's cards from its index on are hidden until it lands."""
        hide = []
        if slot is not None and slot[0][0] == "cell":
            hide.append(("cell", slot[0][1], slot[1]))
        elif slot is not None and slot[0] == ("talon",):
            hide.append(("talon", slot[1]))
        return self.anim.add("fly", 200, {"items": [(card, src.topleft, dst.topleft, (up0, up1))], "hide": hide,
                                          "hold": not wait}, delay_ms=delay_ms, on_done=self._landed)

    def deal_source(self) -> pygame.Rect:
        return self.stock_rect

    def history_step(self, how, forward: bool = False) -> None:
        """Undo, Restart or Redo as every table's; an armed swap is dropped even when there is
        nothing to undo or redo (its prompt leaves the status line)."""
        if self.swap_from is not None:
            self.swap_from = None
            self.stale = True
        super().history_step(how, forward)

    # -- pointer: drags, long presses ------------------------------------------------------------
    def update(self, dt: float) -> bool:
        r = super().update(dt)
        if self._redraw:
            self._redraw = False
            return True
        return r

    def wants_long_press(self, ev) -> bool:
        """Whether a long press at ``ev.start`` means something: on a cell (not empty, or with
        another stack to swap with) while playing, it picks that stack for a swap; anywhere else
        the press is a tap (``App.frame`` declines it)."""
        if self.panel is not None or self.ending() or self.drag is not None:
            return False
        t = self.hit_test(ev.start)
        return bool(self.playing and t is not None and t.kind is Kind.CELL and t == self.press_target
                    and (self.state.grid[t.index] or any(self.state.grid)))

    def pointer(self, ev) -> None:
        if self.panel is not None or self.ending():
            self.drag = None
            super().pointer(ev)
            return
        if ev.kind == "drag":
            if self.drag is None:
                self.start_drag(ev)
            if self.drag is not None:
                self.drag.pos = ev.pos
                self._redraw = True
            return
        if ev.kind == "long":
            t = self.hit_test(ev.start)
            if self.playing and t is not None and t.kind is Kind.CELL and t == self.press_target:
                if self.state.grid[t.index] or any(self.state.grid):
                    self.swap_from = t.index
                    self.cycle = None
                    self.say(tr("Tap another cell to swap the two stacks"))
            return
        if ev.kind == "up" and self.drag is not None:
            super().pointer(ev)
            self.drop(ev.pos)
            return
        super().pointer(ev)

    def let_go(self) -> None:
        if self.drag is not None:
            self.drag = None
            self._redraw = True
            self.stale = True

    def start_drag(self, ev) -> None:
        t = self.hit_test(ev.start)
        if not self.playing or t is None or t != self.press_target:
            return
        s = self.state
        if t.kind is Kind.CELL and s.grid[t.index]:
            home = self.cell_rects[t.index].topleft
        elif t == hit.TALON and s.talon:
            home = self.talon_card_rect(len(s.talon), len(s.talon) - 1).topleft
        else:
            return
        self.anim.finish("fly")
        swap = t.kind is Kind.CELL and self.swap_from == t.index
        self.swap_from = None
        self.cycle = None
        self.drag = StackDrag(t, ev.pos, (ev.start[0] - home[0], ev.start[1] - home[1]), swap)
        self.stale = True

    def drag_topleft(self) -> tuple[int, int]:
        d = self.drag
        return d.pos[0] - d.grab[0], d.pos[1] - d.grab[1]

    def drag_move(self, dst):
        """The move a drop on ``dst`` (from :meth:`drop_target`) would make, or ``None``."""
        d = self.drag
        if dst is None:
            return None
        j = dst.index
        if d.src.kind is Kind.TALON:
            return Move(TALON, -1, j)
        i = d.src.index
        if dst.kind is Kind.HANDLE or d.swap or not self.state.grid[j]:
            return Move(SWAP, i, j)
        return Move(MERGE, i, j)

    _takes: tuple | None = None     # (state, move, whether the rules allow it)

    def drop_takes(self, move) -> bool:
        """Whether the rules allow ``move`` (a drop's, :meth:`drag_move`) now: the drop's target
        mark (:meth:`draw_drag`) shows only where a release plays. Remembered for the last move
        asked, so a frame of a drag asks the rules only when the pointer reaches another cell."""
        known = self._takes
        if known is None or known[0] is not self.state or known[1] != move:
            ok = self.rules.status(self.state) == PLAYING and self.rules.why_not(self.state, move) is None
            known = self._takes = (self.state, move, ok)
        return known[2]

    def drop(self, pos) -> None:
        src = self.drag.src
        grab = self.drag_topleft()
        dst = self.drop_target(pos, src)
        move = self.drag_move(dst)
        self.drag = None
        self.stale = True
        if move is None or self.rules.status(self.state) != PLAYING:
            self.glide_back(src, grab)
            return
        why = self.rules.why_not(self.state, move)
        if why is not None:
            self.glide_back(src, grab)
            self.refused(move, why.text())
            return
        self.try_move(move, None, grab)

    # -- hint ------------------------------------------------------------------------------------
    def hint(self) -> None:
        if self.rules.status(self.state) == PLAYING:
            self.swap_from = None
        super().hint()

    live_scored = True

    def kept_best(self, state):
        """The cards left at the end of the line the last hint announced, when ``state`` is on
        it (the live line says no more than the hint promised), else ``None``."""
        kept = self.line_from_here(state)
        return None if kept is None else kept[1]

    def live_best_search(self, state):
        """The live line's search: the hint's (:func:`games.solvers.devils_grip.hint_search`,
        its node budget), whose best gives the fewest cards left found from ``state``."""
        from games.solvers.devils_grip import HINT_NODES, hint_search

        return hint_search(state, HINT_NODES if self.hint_nodes is None else self.hint_nodes)

    def line_from_here(self, now=None):
        """``(moves, cards left at its end)``: the rest of the line the last hint announced when
        the position now (or ``now``) is on it (the player followed it), else ``None``. Replayed
        from the line's start only as far as that position (a player follows it a move or two)."""
        if self.kept_line is None:
            return None
        s, moves, left = self.kept_line
        now = self.state if now is None else now
        for i, m in enumerate(moves):
            if s == now:
                return moves[i:], left
            s = self.rules.apply(s, self.rules.parse_move(s, m))
        return None

    def finish_hint(self, result, search=None) -> None:
        """As every table's, and a hint keeps its promise: the line an earlier hint announced is
        followed on while the position is on it and no new search finds a line leaving fewer
        cards (a fresh search within the hint's budget may find a worse one); otherwise the new
        line is announced and kept."""
        line = self.assist.line_from(self.state)
        if line and not (result is not None and result.status == SOLVED):
            result, search = Result(SOLVED, line), None    # a known winning line (a banked deal's)
        found = search.best_moves() if search is not None else None
        if not (result is not None and result.status == SOLVED):
            kept = self.line_from_here()
            if kept is not None and (not found or search.best > kept[1]):
                moves, left = kept
                self.say("")
                # a line that leaves no card is a win: said as every winning line is
                said = (tr("Hint: a move on a winning line (the solver sees face-down cards)") if left == 0 else
                        tr("Hint: the best line found leaves {n} cards (the solver sees the stock)", n=left))
                self.show_hint(self.rules.parse_move(self.state, moves[0]), said, self.best_line_ms)
                return
        if found:
            self.kept_line = (self.state, tuple(found), search.best)
            if result is not None:     # the whole budget searched: the live line's search's answer too
                self.assist.best_found(self.state, search.best)
        super().finish_hint(result, search)

    def best_line_text(self, result, search) -> str:
        if result is not None and result.status == SOLVED:
            return tr("Hint: a move on a winning line (the solver sees face-down cards)")
        return tr("Hint: the best line found leaves {n} cards (the solver sees the stock)", n=search.best)

    # -- game events -----------------------------------------------------------------------------
    intro_tells_daily = True

    def intro(self) -> str:
        goal = self.daily_goal
        if goal is not None:
            return tr("Deal of the day: leave at most {goal} cards in stock and talon", goal=goal)
        return tr("Tap a stack: it goes onto the stack it continues. Hold one, then tap a cell, to swap")

    def after_move(self, before, move) -> None:
        s = self.state
        if not s.stock and not s.talon and self.rules.status(s) == PLAYING:
            self.say(tr("Every card is on the grid: swap the stacks into their rows"))
            return
        goal = self.daily_goal
        left = DevilsGrip.result(s)
        if goal is not None and left <= goal < DevilsGrip.result(before) and self.rules.status(s) == PLAYING:
            # cards left never grow again: the daily is won once the game ends
            self.say(tr("Goal reached: {n} cards left, goal ≤ {goal}. Play on to the end", n=left, goal=goal))

    def on_won(self) -> None:
        """An outright win: confetti and "You won!" (as TriPeaks celebrates), then the panel."""
        self.say(tr("Every stack is complete and in its row!"))
        self.anim.add("wait", 220, on_done=lambda: self.celebrate(tr("You won!"), 1600, self.open_end_panel))

    def on_lost(self) -> None:
        """A deal of the day ended at its goal or under it is the daily won
        (docs/progression.md): it is celebrated as a win ("Goal reached!", the win's sound),
        then the panel; any other end as a loss."""
        goal = self.daily_goal
        if goal is None or DevilsGrip.result(self.state) > goal:
            super().on_lost()
            return
        self.say(tr("Goal reached: {n} cards left, goal ≤ {goal}", n=DevilsGrip.result(self.state), goal=goal))
        self.app.play_sound("win")
        self.anim.add("wait", 220, on_done=lambda: self.celebrate(tr("Goal reached!"), 1600, self.open_end_panel))

    def panel_title(self) -> str:
        goal = self.daily_goal
        if goal is not None and self.rules.status(self.state) != WON and DevilsGrip.result(self.state) <= goal:
            return tr("Goal reached!")
        return super().panel_title()

    def ended_well(self) -> bool:
        """A daily finished at its goal is a daily won (docs/progression.md): the end panel
        offers what a win's does, not a rescue."""
        goal = self.daily_goal
        return super().ended_well() or (goal is not None and DevilsGrip.result(self.state) <= goal)

    def lost_text(self) -> str:
        if not self.state.stock and self.state.talon:
            return tr("The talon's top card fits no stack any more")
        if self.state.stock:
            return tr("No stack can take another card: turning the stock changes nothing")
        return tr("No more moves")

    def top_items(self):
        items = list(super().top_items())
        left = [(tr("Left"), str(self.rules.result(self.state)))]
        goal = self.daily_goal
        if goal is not None:
            left.append((tr("Goal"), f"≤ {goal}"))
        for k, (label, _) in enumerate(items):
            if label == tr("Score"):
                items[k:k + 1] = left
                return items
        return left + items

    # -- drawing ---------------------------------------------------------------------------------
    def _shake_dx(self, target) -> int:
        for tw in self.anim.of("shake"):
            if tw.data["target"] == target:
                return round(shake_offset(tw))
        return 0

    def _grid_art(self):
        """The art of the grid's cards: compact faces when fanned down, a narrow corner index
        when the shape's ``index`` says so (layouts/devils-grip/screen.toml)."""
        if self.geo["fan"] == "down":
            return cards_art.CardArt(self.art.four_colour, self.art.back_style, compact=True)
        if self.geo.get("index") == "narrow":
            return cards_art.CardArt(self.art.four_colour, self.art.back_style, narrow=True)
        return self.art

    def ahead_looks(self) -> list:
        """The grid's look and the talon's (:meth:`_grid_art`, :meth:`talon_art`), at the card width."""
        return [(self.card_w, self._grid_art()), (self.card_w, self.talon_art())]

    def talon_art(self):
        """The art of the talon's cards: full faces stepping right (their corner index a column),
        with the grid's narrow index where the grid has one."""
        return self._grid_art() if self.geo.get("index") == "narrow" else self.art

    def picture_parts(self) -> dict:
        """The rows' bands with their chains, each cell's stack, the stock and the talon are parts
        of the still picture (:meth:`GameTable.picture_parts`), with what :meth:`draw_cards` draws
        there as signature (cards, flights, rings, halo, shake, count)."""
        s = self.state
        w = self.card_w
        m = max(max(3, round(0.09 * w)), max(2, round(0.06 * w)) + max(1, round(0.035 * w))) + 1
        ring = 5 + max(2, w // 22) + 2       # the swap ring's reach beyond a stack
        hide_cells, hide_talon = self.hidden()
        legal = self.glow_moves()
        movable = {mv.src for mv in legal if mv.kind == MERGE}
        shaking = self.anim.busy("shake")
        out = {}
        for r in range(ROWS):
            box = self.band_rects[r].union(self.label_rects[r]) if self.label_rects[r] is not None else self.band_rects[r]
            out[("band", r)] = (tuple(box), None)
        for i in range(N_CELLS):
            st = s.grid[i]
            dx = self._shake_dx(hit.cell(i)) if shaking else 0
            box = self.stack_rect(i).union(self.card_rect(i, 0)).move(dx, 0).inflate(2 * (m + ring), 2 * (m + ring))
            out[("cell", i)] = (tuple(box), (tuple(st), hide_cells.get(i), i in movable, self.swap_from == i, dx,
                                            bool(st) and complete_in_row(st, i)))
        n = len(s.stock)
        dx = self._shake_dx(hit.STOCK) if shaking else 0
        lift = 2 * max(1, w // 40)
        out["stock"] = (tuple(self.stock_rect.move(dx, 0).inflate(2 * (m + lift), 2 * (m + lift))),
                        (n, bool(legal) and all(mv.kind in (TURN, SWAP) for mv in legal) and TURN_MOVE in legal, dx))
        t = s.talon
        dx = self._shake_dx(hit.TALON) if shaking else 0
        box = self.talon_rect.union(self.talon_card_rect(len(t), max(0, len(t) - 1))).inflate(2 * m + 2 * abs(dx),
                                                                                           2 * m)
        out["talon"] = (tuple(box), (tuple(t[-TALON_SHOWN:]), len(t), hide_talon,
                                     any(mv.kind == TALON for mv in legal), dx))
        return out

    def part_body(self, name, sig):
        """A row's band (:meth:`GameTable.part_body`): an opaque picture, the felt under it
        blended in (:meth:`_band_on_felt`)."""
        if isinstance(name, tuple) and name[0] == "band":
            return pygame.Rect(self.band_rects[name[1]])
        return None

    _glow_moves = None

    def glow_moves(self) -> list:
        """The legal moves the glow shows (the position's, while it is played and playable cards
        glow and nothing is dragged; else none), remembered for the last position asked: a redraw asks twice (its parts
        and its drawing), and a position has hundreds (every swap)."""
        s, glow = self.state, self.settings.glow
        if self.drag is not None:
            return []       # a glow would pass for the drop's target (draw_drag)
        known = self._glow_moves
        if known is None or known[0] is not s or known[1] != glow:
            legal = self.rules.legal_moves(s) if glow and self.rules.status(s) == PLAYING else []
            known = self._glow_moves = (s, glow, legal)
        return known[2]

    def kept_extra(self) -> tuple:
        """The card width, the grid's look and the chains' labels: where, how and in which
        language (:meth:`GameTable.kept_extra`)."""
        return (self.card_w, self.transposed, self.geo["fan"], self.geo.get("index"), self.geo.get("label_size"),
                tuple(tuple(r) if r is not None else None for r in self.label_rects), self.settings.language)

    def draw_cards(self, surface) -> None:
        s = self.state
        w = self.card_w
        art = self._grid_art()
        hide_cells, hide_talon = self.hidden()
        legal = self.glow_moves()
        movable = {m.src for m in legal if m.kind == MERGE}
        talon_ok = any(m.kind == TALON for m in legal)
        shaking = self.anim.busy("shake")
        rad = cards_art.radius(w)
        # each band, cell, the stock and the talon: drawn, or copied as last drawn when drawn
        # again as they were (GameTable.part_keeper)
        keep = self.part_keeper(surface)
        # the rows' bands and chains
        for r in range(ROWS):
            if self.listing:     # the bands are made ahead like card images, each in its own time
                self.want_band(surface.get_size(), r, rad)
            else:
                keep(("band", r), lambda surf: self.draw_band(surf, r, rad))
        # the cells
        for i in range(N_CELLS):
            keep(("cell", i), lambda surf: self.draw_cell(surf, i, art, hide_cells, movable, shaking))
        if self.swap_from is not None and not s.grid[self.swap_from]:
            lw = max(2, w // 22)
            self._ring(surface, self.card_rect(self.swap_from, 0).inflate(10, 10), SWAP_INK, lw + 2, rad + 5)
        keep("stock", lambda surf: self.draw_stock_pile(surf, legal, shaking))
        keep("talon", lambda surf: self.draw_talon(surf, hide_talon, talon_ok, shaking))

    def want_band(self, size, r: int, rad: int) -> None:
        """Queue row ``r``'s band over the felt of a ``size`` px screen (:meth:`_band_on_felt`) to
        be made in a frame's spare time (:func:`ui.cards_art.want`), unless made: each is a
        blend of a row-sized picture, several ms in WebAssembly, and the first dry pass made all
        three in the frame that lists the card images (17 ms at 844x390)."""
        br = self.band_rects[r]
        key = ("felt", tuple(size), tuple(br), rad + 6)
        if key not in self.__dict__.get("_bands", {}):
            cards_art.want(("rowband", key), lambda: self._band_on_felt(size, br, rad + 6), True)

    def draw_band(self, surface, r: int, rad: int) -> None:
        """Row ``r``'s faint band (its corners ``rad`` px round) and its chain's label."""
        br = self.band_rects[r]
        surface.blit(self._band_on_felt(surface.get_size(), br, rad + 6), br.topleft)
        self.draw_chain_label(surface, r)

    def draw_cell(self, surface, i: int, art, hide_cells: dict, movable: set, shaking: bool) -> None:
        """Cell ``i`` in the grid's look ``art``: its stack but the cards in flight (``hide_cells``:
        cell → how many stay),
        or its empty place; a finished stack's gold ring and mark, a movable one's glow
        (``movable``), the ring of the stack picked for a swap."""
        s = self.state
        w = self.card_w
        rad = cards_art.radius(w)
        lw = max(2, w // 22)
        st = s.grid[i]
        dx = self._shake_dx(hit.cell(i)) if shaking else 0
        n = min(len(st), hide_cells.get(i, len(st)))
        if n == 0:
            cards_art.blit_placeholder(surface, w, self.card_rect(i, 0).move(dx, 0).topleft)
        for k in range(n):
            art.draw(surface, st[k], self.card_rect(i, k).move(dx, 0), True, True)
        if n == 0 or n < len(st):
            return
        box = self.stack_rect(i).move(dx, 0)
        if complete_in_row(st, i):
            self._ring(surface, box.inflate(6, 6), GOLD, lw + 1, rad + 3)
            d = max(14, round(w * 0.3))
            c = (box.right - d // 3, box.y + d // 3)
            pygame.draw.circle(surface, GOLD, c, d // 2)
            ic = icon("ok", round(d * 0.8), (40, 30, 0))
            surface.blit(ic, ic.get_rect(center=c))
        elif i in movable:
            self._ring(surface, box.inflate(6, 6), cards_art.GLOW, lw, rad + 3)
        if self.swap_from == i:
            self._ring(surface, box.inflate(10, 10), SWAP_INK, lw + 2, rad + 5)

    def _band(self, size, radius) -> pygame.Surface:
        """A row's faint band (cached: drawn supersampled, too slow for every rebuild)."""
        cache = self.__dict__.setdefault("_bands", {})
        key = (tuple(size), radius)
        if key not in cache:
            if len(cache) > 12:
                cache.clear()
            cache[key] = cards_art.rounded(size[0], size[1], radius, (255, 255, 255, 16))
        return cache[key]

    def _band_on_felt(self, size, rect: pygame.Rect, radius) -> pygame.Surface:
        """The row's band at ``rect`` already blended over the felt of a ``size`` px screen, as an
        opaque picture (the bands are drawn first, on the bare felt): a redraw copies it instead
        of blending it again (WebAssembly blends without SIMD). Cached like :meth:`_band`."""
        cache = self.__dict__.setdefault("_bands", {})
        key = ("felt", tuple(size), tuple(rect), radius)
        img = cache.get(key)
        if img is None:
            img = opaque_surface(rect.size)
            img.blit(felt(size), (0, 0), rect)
            img.blit(self._band(rect.size, radius), (0, 0))
            if len(cache) > 12:
                cache.clear()
            cache[key] = img
        return img

    def _ring(self, surface, rect, color, width, radius) -> None:
        pygame.draw.rect(surface, color, rect, width, border_radius=radius)

    def draw_chain_label(self, surface, r: int) -> None:
        """Row ``r``'s chain, faint: a column of ranks left of the row, or a line above it."""
        lr = self.label_rects[r]
        ranks = chain_ranks(r)
        col = (200, 226, 208)
        if self.transposed:
            label = "  ".join(ranks)
            want = round(lr.height * self.geo.get("label_size", 0.95))   # layouts/devils-grip/screen.toml
            size = text.fit(label, max(text.MIN_SIZE, want), lr.width - 4, text.MIN_SIZE)
            img = text.render(label, size, col).copy()
            img.set_alpha(215)
            text.blit_center(surface, img, lr.center)
            return
        size = max(text.MIN_SIZE, round(min(lr.height / 2.9, (lr.width - 2) / 0.78)))
        size = text.fit("10", size, lr.width - 2, text.MIN_SIZE)
        lh = text.font(size).get_linesize() * 0.92
        y0 = lr.centery - lh * 1.5
        for k, rk in enumerate(ranks):
            img = text.render(rk, size, col).copy()
            img.set_alpha(215)
            text.blit_center(surface, img, (lr.centerx, y0 + k * lh))

    def draw_stock_pile(self, surface, legal, shaking) -> None:
        s = self.state
        w = self.card_w
        r = self.stock_rect.move(self._shake_dx(hit.STOCK) if shaking else 0, 0)
        n = len(s.stock)
        if n == 0:
            cards_art.blit_placeholder(surface, w, r.topleft)
        else:
            layers = min(3, 1 + n // 24)
            glow = bool(legal) and all(m.kind in (TURN, SWAP) for m in legal) and TURN_MOVE in legal
            for k in range(layers):
                off = (layers - 1 - k) * max(1, w // 40)
                self.art.draw(surface, 0, r.move(-off, -off), False, k == 0,
                              cards_art.GLOW if glow and k == layers - 1 else None)
        self._badge(surface, str(n), r)

    def draw_talon(self, surface, hide_from, talon_ok, shaking) -> None:
        s = self.state
        w = self.card_w
        t = s.talon
        shown = len(t) if hide_from is None else min(len(t), hide_from)
        art = self.talon_art()
        if shown == 0:
            cards_art.blit_placeholder(surface, w, self.talon_rect.topleft)
        dx = self._shake_dx(hit.TALON) if shaking else 0
        for idx in range(max(0, len(t) - TALON_SHOWN), shown):
            top = idx == len(t) - 1
            r = self.talon_card_rect(len(t), idx).move(dx if top else 0, 0)
            art.draw(surface, t[idx], r, True, True, cards_art.GLOW if top and talon_ok else None)
        if t:
            self._badge(surface, str(len(t)), self.talon_rect, dim=True)

    def _badge(self, surface, label: str, r: pygame.Rect, dim: bool = False) -> None:
        img = cards_art.text_image(label, max(text.MIN_SIZE, round(self.card_w * 0.26)), DIM if dim else INK)
        if img is None:   # the dry pass listing a first picture's images: queued
            return
        br = img.get_rect(center=(r.centerx, r.bottom - img.get_height() * 0.8))
        if dim:
            br.bottomleft = (r.x + 4, r.bottom - 4)
        pygame.draw.rect(surface, (10, 30, 20), br.inflate(12, 4), border_radius=br.height)
        surface.blit(img, br)

    def draw_moving(self, surface) -> None:
        self.draw_focus(surface)
        if self.hint_move is not None:
            self.draw_hint(surface)
        if self.drag is not None:
            self.draw_drag(surface)
        for tw in self.anim.of("fly"):
            if not tw.started and tw.data.get("hold"):
                continue
            e = ease_out(tw.t)
            for card, (x0, y0), (x1, y1), face_up in tw.data["items"]:
                r = pygame.Rect(round(lerp(x0, x1, e)), round(lerp(y0, y1, e)), self.card_w, self.card_h)
                if isinstance(face_up, tuple):      # an undone or redone card: (before, after)
                    face_up = face_up[1] if tw.t > 0.5 else face_up[0]
                self.art.draw(surface, card, r, face_up if face_up is not None else tw.t > 0.35)
        for tw in self.anim.of("celebrate"):
            self.draw_celebration(surface, tw)

    def draw_hint(self, surface) -> None:
        tw = next((x for x in self.anim.tweens if x.kind == "hint"), None)
        k = pulse(tw) if tw is not None and self.settings.anim_speed != "off" else 1.0
        m = self.hint_move
        rects = []
        if m.kind == TURN:
            rects.append(self.stock_rect)
        elif m.kind == TALON:
            rects += [self.target_rect(hit.TALON), self.stack_rect(m.dst)]
        else:
            rects += [self.stack_rect(m.src), self.stack_rect(m.dst)]
        a, lw = cards_art.hint_ring(k, self.card_w)
        for r in rects:
            draw_ring(surface, r.inflate(10, 10), (*cards_art.HINT, a), lw, cards_art.radius(self.card_w) + 4)

    def draw_drag(self, surface) -> None:
        d = self.drag
        s = self.state
        dst = self.drop_target(d.pos, d.src)
        move = self.drag_move(dst)
        if d.src.kind is Kind.CELL:   # handles: small and faint, full size on the cell under the pointer
            for j, hr in enumerate(self.handle_rects):
                if hit.cell(j) == d.src:
                    continue
                if dst is None or dst.index != j:
                    self._handle(surface, hr.inflate(-round(hr.width * 0.3), -round(hr.height * 0.3)), False, False)
        aimed = move is not None and self.drop_takes(move)
        if aimed:
            j = dst.index
            draw_target_ring(surface, self.stack_rect(j) if s.grid[j] else self.card_rect(j, 0), self.card_w)
        x, y = self.drag_topleft()
        cards = s.grid[d.src.index] if d.src.kind is Kind.CELL else (s.talon[-1],)
        rects = [pygame.Rect(x + round(k * self.fan[0]), y + round(k * self.fan[1]), self.card_w, self.card_h)
                 for k in range(len(cards))]
        if aimed:       # over its target: the stack it would go on shows through the cards
            draw_see_through(surface, self.art, cards, rects)
        else:
            for c, r in zip(cards, rects):
                self.art.draw(surface, c, r, True, True)
        if d.src.kind is Kind.CELL and dst is not None:   # the handle of the cell under the pointer, on top
            self._handle(surface, self.handle_rects[dst.index], dst.kind is Kind.HANDLE, True)

    def _handle(self, surface, r: pygame.Rect, active: bool, near: bool = True) -> None:
        """A cell's swap handle: a round mark with two opposed arrows (faint unless ``near``)."""
        key = (r.width, active, near)
        cache = self.__dict__.setdefault("_handles", {})
        img = cache.get(key)
        if img is None:
            d = r.width
            S = d * 4
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            fill = (255, 171, 64, 235) if active else (12, 40, 26, 200)
            ink = (30, 20, 0) if active else (255, 214, 150)
            pygame.draw.circle(big, fill, (S // 2, S // 2), S // 2 - 2)
            pygame.draw.circle(big, ink, (S // 2, S // 2), S // 2 - 2, max(4, S // 16))
            lw = max(4, S // 14)
            for y, sign in ((0.40, 1), (0.60, -1)):
                a, b = (0.28, 0.72) if sign > 0 else (0.72, 0.28)
                pygame.draw.line(big, ink, (S * a, S * y), (S * b, S * y), lw)
                tip = S * b
                pygame.draw.polygon(big, ink, [(tip + sign * S * 0.06, S * y), (tip - sign * S * 0.08, S * (y - 0.09)),
                                               (tip - sign * S * 0.08, S * (y + 0.09))])
            img = pygame.transform.smoothscale(big, (d, d))
            if not near:
                img.set_alpha(150)
            cache[key] = img
        surface.blit(img, r.topleft)

    # -- the end panel ---------------------------------------------------------------------------
    def _line(self) -> int:
        return max(26, round(30 * self.frame.scale))

    def _ratings_across(self) -> bool:
        """The end panel's rating scale in one row (a phone on its side: the panel then fits
        under the top bar), else one row per rating."""
        return self.app.size[1] < 560

    def end_body_height(self, pw: int) -> int:
        line = self._line()
        goal = line + 6 if self.daily_goal is not None else 0
        scale = line + 6 if self._ratings_across() else 3 * (line + 6)
        return round(line * 1.5) + 8 + goal + line + 14 + scale

    def draw_end_body(self, surface, r) -> None:
        s = self.state
        line = self._line()
        left = self.rules.result(s)
        msg = tr("Cards left: {n}", n=left)
        big = round(line * 1.4)
        y = r.y
        text.blit_center(surface, text.render(msg, text.fit(msg, big, r.width, 14), INK),
                         (r.centerx, y + big // 2))
        y += round(line * 1.5) + 8
        if self.daily_goal is not None:   # a deal of the day: its goal, reached or not
            msg = self.goal_text()
            col = GOLD if left <= self.daily_goal else DIM
            text.blit_center(surface, text.render(msg, text.fit(msg, line, r.width, 12), col),
                             (r.centerx, y + line // 2))
            y += line + 6
        rated = rating(left)
        msg = tr(rated) if rated else tr("No rating: more than 10 cards left")
        col = GOLD if rated else DIM
        text.blit_center(surface, text.render(msg, text.fit(msg, line, r.width, 12), col), (r.centerx, y + line // 2))
        y += line + 14
        size = round(line * 0.8)
        if self._ratings_across():          # one row: "0–2 Brilliant" side by side, 4 px apart
            n = len(RATING_ROWS)
            rw = (r.width - 4 * (n - 1)) // n
            for k, (lo, hi, name) in enumerate(RATING_ROWS):
                cell = pygame.Rect(r.x + k * (rw + 4), y, rw, line)
                on = lo <= left <= hi
                if on:
                    surface.blit(cards_art.rounded_cached(cell.width, cell.height, cell.height // 2,
                                                          (255, 204, 77, 60)), cell.topleft)
                msg = f"{lo}–{hi} {tr(name)}"
                text.blit_center(surface, text.render(msg, text.fit(msg, size, rw - 8, 12), INK if on else DIM),
                                 cell.center)
            return
        rw = min(r.width, round(line * 11))
        for lo, hi, name in RATING_ROWS:
            row = pygame.Rect(r.centerx - rw // 2, y, rw, line)
            on = lo <= left <= hi
            if on:
                surface.blit(cards_art.rounded_cached(row.width, row.height, row.height // 2, (255, 204, 77, 60)),
                             row.topleft)
            ink = INK if on else DIM
            span = f"{lo}–{hi}"
            text.blit_center(surface, text.render(span, size, ink), (row.x + row.width * 0.22, row.centery))
            label = tr(name)
            text.blit_center(surface, text.render(label, text.fit(label, size, round(rw * 0.55), 10), ink),
                             (row.x + row.width * 0.64, row.centery))
            y += line + 6
