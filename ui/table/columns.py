"""Shared machinery of the column games' tables (Klondike, FreeCell, Spider; docs/columns-ui.md).

**Places.** A table is a set of *piles* named by keys: ``("col", i)`` the fanned columns,
``("found", suit)``, ``("cell", k)``, ``("stock",)``, ``("waste",)``, ``("done",)`` (Spider's
completed runs). Where each pile sits comes from ``layouts/<game>/screen.toml``, one section per
screen shape (``desktop``, ``portrait``, ``landscape``): a grid whose x unit is one column pitch
(card width + gap) and whose y unit is one row (card height + row gap); the columns start at
``columns = [x, y]`` and run down to the bottom of the table. The card width is the largest that
fits the grid in the table rectangle (capped by ``max_card``).

**Fans.** A column fans its face-down cards by ``down_step`` and its face-up cards by ``up_step``
(card heights); a column too long for the space left squeezes before the cards shrink: face-down
steps first (to ``min_down``), then the face-up steps evenly to the card's whole corner index
(:func:`ui.cards_art.compact_index_height`), then the cards inside a run
(:meth:`ColumnsTable.run_steps`) to a sliver, then the others to the upper part of their rank and
suit (:attr:`ColumnsTable.READ`), never running off the table: only when the longest column
cannot fit so does the whole tableau shrink, to a width of a ladder, and it grows back only
once every index shows whole at a clearly larger width (:meth:`ColumnsTable.fits`,
:meth:`ColumnsTable.next_width`, re-fitted after every move and undo; a new deal, Replay and
Restart take the width a fresh table gives the position, :meth:`ColumnsTable.fresh_width`).
Cards are drawn with the compact face (:func:`ui.cards_art.compact_face`: rank and suit in one
row at the top).

**Targets.** A card answers on its visible part widened to the column pitch, a column's top card
and an empty pile on their outline with a small slop, each at least :data:`ui.frame.TOUCH` px
each way; felt away from the cards answers nothing. Finish goes to the free spot nearest its
layout place (:meth:`ColumnsTable.place_finish`).

**Input.** A tap sends a card (with the cards above it) to the rules' best place
(``tap_moves`` / ``destinations``); tapping the same card again at once sends it on to the next
place it has not been yet (round and round). A double tap (two taps within
:data:`DOUBLE_TAP` s on one spot) sends the card home when it went elsewhere. A drag lifts the
card and those above it (enlarged ×\\ :data:`LIFT`, with a deeper shadow); on release the pile
the lead card overlaps most takes them (a column's strip runs down below its last card), else one
it covers by :data:`DROP_COVER`; over no pile, the nearest legal pile within :data:`SNAP` card
widths; else they glide back (and the status line says why when they were dropped on a pile that
refused them; :meth:`ColumnsTable.drop`).

**Automatic moves.** Auto to foundation (Klondike, FreeCell; setting ``auto_foundation``, on)
runs after each move of the player, one card at a time, each an animated move of its own in the
history (saves replay them exactly); only cards that the rules call safe
(``safe_to_foundation``), never a card the player took back from a foundation (until the player
sends it home again). *Finish* plays the rest, one animated move after another.

**Undo** follows Microsoft Solitaire: one press takes back the player's move together with the
automatic moves it triggered (and *Finish* as a whole); the history still holds each move, so a
saved game replays and undoes exactly. A game restored from a save undoes one move a press.

**Clock and moves**: the base table's ``clock`` (:meth:`GameTable.clock_runs`); the cards that go
home by themselves at the deal are ``deal_moves``, neither a move of the player's nor a start of
the clock; shown in the top bar with the score and the moves.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from games.columns import fits
from games.core import PLAYING, WON, IllegalMove
from games.i18n import N_, tr

from .. import cards_art, text
from ..scenes.options import next_value
from ..anim import ease_out, lerp, pulse, shake_offset
from ..frame import INK, TOUCH, Button, draw_ring, grow_to, load_toml
from . import hit
from .assist import MSG_DEAL_LOST
from .base import DOUBLE_TAP, DOUBLE_TAP_PX, TAP_AGAIN, GameTable
from .drag import draw_target_ring, reading_order
from .hit import Hit, Kind

FLY_MS = 200          # one card's flight
STAGGER_MS = 18       # between the cards of a run
AUTO_MS = 110         # between automatic moves
FINISH_MS = 70        # between the moves of Finish
SNAP = 0.9            # card widths: how near a legal pile a drop over no pile must be to snap
DROP_COVER = 0.3      # of the lead card's area: how much of a second pile a drop must cover to go there
LIFT = 1.06           # the lifted cards' scale

MSG_FACE_DOWN = N_("This card is face down")
MSG_NOT_RUN = N_("Those cards are not in order and cannot move together")
MSG_NOWHERE = N_("This card has nowhere to go")
MSG_NOT_THERE = N_("The cards cannot go there")
MSG_FINISH = N_("Finish")
MSG_CAN_FINISH = N_("Every card can go home now: tap Finish")
MSG_DRAG_BACK = N_("To take a card back from its foundation, drag it")


def fmt_clock(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour)."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def fan_offsets(n: int, down: int, h: int, avail: float, down_step: float, up_step: float,
                min_down: float, min_up: float, tight: Sequence[bool] = (), min_tight: float = 0.0) -> list[int]:
    """The y offsets (px from the column's top) of ``n`` cards of height ``h`` whose first
    ``down`` are face down, fanned by ``down_step`` / ``up_step`` px, squeezed to fit ``avail``
    px: face-down steps shrink first (to ``min_down``), then face-up steps (evenly, to
    ``min_up``); below that, the steps after the cards ``tight`` marks (``tight[k]``: card ``k``
    is covered by the next card of its run, so it can be told from the cards beside it) shrink
    first, to ``min_tight`` px, as Microsoft Solitaire Collection squeezes a run; only then the
    others, evenly, down to 2 px."""
    if n <= 0:
        return []
    nd = min(down, n - 1)          # steps after a face-down card
    nu = n - 1 - nd                # steps after a face-up card
    tights = [bool(tight[k]) if k < len(tight) else False for k in range(nd, n - 1)]
    nt = sum(tights) if min_tight > 0 else 0
    nl = nu - nt
    room = avail - h
    ds, ls = down_step, up_step
    ts = ls
    if nd * ds + nu * ls > room:
        ds = max(min_down, (room - nu * ls) / nd) if nd else ds
        if nd * ds + nu * ls > room and nu:
            ls = ts = max(2.0, (room - nd * ds) / nu)
            if ls < min_up and nt:          # the runs' inner cards give way first
                ls = min_up
                ts = (room - nd * ds - nl * ls) / nt
                if ts < min_tight:
                    ts = min_tight
                    ls = max(2.0, (room - nd * ds - nt * ts) / nl) if nl else ls
                    if ls < ts:             # not even that: every face-up step alike
                        ls = ts = max(2.0, (room - nd * ds) / nu)
    # whole-pixel steps after the face-up cards, so every strip is at least the step asked for
    ils = max(1, math.floor(ls + 1e-6))
    its = max(1, math.floor(ts + 1e-6)) if nt else ils
    out, y = [], 0.0
    for k in range(n):
        if k <= nd:
            out.append(round(y))
        else:
            out.append(out[-1] + (its if nt and tights[k - 1 - nd] else ils))
        y += ds if k < down else ls
    return out


FOUNDATION_BADGE = (18, 52, 36)         # a filled foundation's suit badge (draw_foundation_badge)
FOUNDATION_BADGE_EDGE = (255, 204, 77)


def fan_room(w: int, step: int, up: bool, art: cards_art.CardArt) -> int:
    """The squeezed face's room (px, :func:`ui.cards_art.squeezed_room`) a card ``w`` px wide is
    drawn in when the next card of its fan covers it ``step`` px below its top: a face-up compact
    card whose strip shows less than its whole corner index gets the squeezed face made for that
    strip, its rank whole inside it; 0 (the look's own face) for a card face down, a look without
    compact faces, a strip that shows the whole index, or one thinner than
    :data:`ui.cards_art.SQUEEZED_MIN` allows. The columns at rest and a dragged run use it alike,
    so a card's face is cut where its spacing cuts it, never elsewhere."""
    if not up or not art.compact or step >= cards_art.compact_index_height(w):
        return 0
    room = cards_art.squeezed_room(w, step)
    return room if room >= cards_art.SQUEEZED_MIN else 0


@dataclass
class Drag:
    """Cards the pointer lifted: card ``index`` of pile ``key`` and those on it."""

    key: tuple
    index: int
    cards: list                      # [(card, face_up)], bottom first
    rects: list                      # where they lay when lifted (pygame.Rect, px)
    grab: tuple[int, int]            # the pointer's offset from the first card's corner, px
    pos: tuple[int, int]             # the pointer now, px
    state: object                    # the state they were lifted from


@dataclass
class TapCycle:
    """Where a tapped card went (card ``index`` of pile ``key``), and the places (``order``, of
    :meth:`ColumnsTable.place_class`; ``at`` the current one) that further taps on it go round.
    ``groups``: the undo groups then — another move in between ends the cycle; ``t``: when
    the tap played (``App.now``, s) — a tap :data:`TAP_AGAIN` s or more later starts afresh."""

    key: tuple
    index: int
    order: list
    at: int
    groups: int
    t: float


@dataclass
class LastTap:
    """The last tap that moved a card: when (``App.now``, s), where (px), the pile the
    card went to, the undo groups then and the pile it came from — a second tap soon after, close
    by, is a double tap."""

    t: float
    pos: tuple[int, int]
    dst: tuple
    groups: int
    src: tuple


@dataclass(frozen=True)
class PileFocus:
    """The keyboard's focus: card ``index`` (0: the bottom one) of pile ``key`` (``("col", 2)``,
    ``("stock",)``…), or the pile itself when ``index`` is ``None`` (an empty pile)."""

    key: tuple
    index: int | None


def nearest_free(area: pygame.Rect, size, home, busy: list, step: int = 6) -> tuple[int, int] | None:
    """The top left of a ``size`` rectangle inside ``area`` that meets none of ``busy``, its
    centre nearest ``home`` (px), among the spots ``step`` px apart from ``area``'s top left;
    of spots as near, the first row, then the first column (the whole grid scanned row by row
    would give the same). ``None`` when none is free. Rings of spots round the one nearest
    ``home`` are tried outwards, up to the first ring that cannot hold a nearer spot."""
    w, h = size
    nx = (area.width - w) // step + 1 if area.width >= w else 0
    ny = (area.height - h) // step + 1 if area.height >= h else 0
    if nx <= 0 or ny <= 0:
        return None
    cx, cy = home[0] - area.left - w // 2, home[1] - area.top - h // 2   # home, as a spot's top left
    i0 = min(nx - 1, max(0, round(cx / step)))
    j0 = min(ny - 1, max(0, round(cy / step)))
    slack = max(abs(i0 * step - cx), abs(j0 * step - cy))   # how far the ring's centre lies from home
    r = pygame.Rect(0, 0, w, h)
    best = None        # (distance², row, column)
    for k in range(max(nx, ny)):
        reach = k * step - slack
        if best is not None and reach > 0 and reach * reach > best[0]:
            break
        for j in range(max(0, j0 - k), min(ny - 1, j0 + k) + 1):
            edge = abs(j - j0) == k
            cols = range(max(0, i0 - k), min(nx - 1, i0 + k) + 1) if edge else \
                [i for i in (i0 - k, i0 + k) if 0 <= i < nx]
            for i in cols:
                x, y = area.left + i * step, area.top + j * step
                r.topleft = (x, y)
                d = (r.centerx - home[0]) ** 2 + (r.centery - home[1]) ** 2
                if (best is None or (d, j, i) < best) and r.collidelist(busy) < 0:
                    best = (d, j, i)
    if best is None:
        return None
    return area.left + best[2] * step, area.top + best[1] * step


class ColumnsTable(GameTable):
    """The frame of a column game. A subclass sets ``rules``, ``game``, ``n_columns`` and
    implements the game hooks (section "hooks" below); everything else is shared."""

    n_columns = 7
    moving_fields = ("drag", "focus")
    auto_game = False        # auto to foundation applies (Klondike, FreeCell)
    foundation_badge = False  # a filled foundation wears its suit's badge (Klondike, FreeCell)
    compact_preview = True
    split = 0.0              # pitches opened between two groups of piles: see :meth:`split_width`
    _glowing: tuple | None = None   # (state, the cards that glow in it): see :meth:`glowing`
    _views: tuple | None = None     # (state, layout, {pile: its cards and rects}): see :meth:`pile_view`
    _legal: tuple | None = None     # (state, its legal moves): see :meth:`legal_of`

    def __init__(self, number=None, options=None, state=None, **kw):
        super().__init__(number, options, state, **kw)
        self.drag: Drag | None = None
        self.press_card = None
        self.kept_back: set = set()
        self.cycle: TapCycle | None = None
        self.last_tap: LastTap | None = None
        self.focus: PileFocus | None = None     # the keyboard's focus
        self.tap_pos = (0, 0)
        self.auto_due = None
        self.finish_queue: list = []
        self.finish_due = None
        self.finish_button = None
        self.moved = False
        self._auto_now = False
        self._keep_cycle = False     # a repeated tap's move keeps the cycle of places going
        self._from_rects = None      # where a dragged run's cards are, for its flight

    # -- scene -----------------------------------------------------------------------------------
    def enter(self, app) -> None:
        super().enter(app)
        self.art.compact = True
        self.stale = True

    def restyle(self, changed: set[str]) -> None:
        super().restyle(changed)
        self.art.compact = True

    def on_start(self) -> None:
        self.drag = self.press_card = self.cycle = self.last_tap = None
        self.focus = None
        # a game continued: the cards the player took back from a foundation stay out of the
        # automatic moves as they did before the game was left
        self.kept_back = self.taken_back(self.history.states) if self.auto_game and self.history is not None \
            else set()
        self.auto_due = self.finish_due = None
        self.finish_queue = []
        self.refit(fresh=True)
        if self.frame is not None:
            self.update_finish()
        if self.auto_on and self.number is not None and self.history is not None and \
                (self.history.moves == 0 or self.history.actions[-1:] != ["u"]
                 and self.safe_moves(self.state, self.kept_back)):
            # cards safe home at the deal (an exposed ace) go at once, as Microsoft Solitaire
            # Collection plays them: animated, each a move of the history (one undo step), after
            # the first frame has drawn the deal (the table needs its geometry to fly them); so do
            # those a continued game's last move left due (a window or page closed before they
            # flew), not after an undo (as in play: what the player took back stays back); a
            # position that is no deal (``state=``) stays as given
            self.auto_due = self.app.now() + AUTO_MS / 1000 * max(0.5, self.anim.factor)

    def taken_back(self, states) -> set:
        """The cards taken back from a foundation and not sent home since, along the undo
        history's positions ``states`` (oldest first): what ``kept_back`` holds after them. A
        foundation's top that leaves it is kept back; a card that goes home again is not (an
        automatic move never takes a kept-back card, so every card that goes home may leave it)."""
        keys = [("found", suit) for suit in range(4)]
        out: set = set()
        for a, b in zip(states, states[1:]):
            # most moves leave the foundations as they were (a state's per-suit counts, where
            # its game keeps them): an undo walks a long game's history in a frame
            fa = getattr(a, "foundations", None)
            if fa is not None and fa == b.foundations:
                continue
            for k in keys:
                ca, cb = self.pile_cards(a, k), self.pile_cards(b, k)
                if len(cb) < len(ca):
                    out.update(c for c, _ in ca[len(cb):])
                elif len(cb) > len(ca):
                    out.difference_update(c for c, _ in cb[len(ca):])
        return out

    def count_deal_moves(self, history) -> int:
        """The leading moves of ``history`` that auto to foundation made at the deal: each is the
        first safe move of its position, played before any move of the player's."""
        if not self.auto_on or self.number is None:
            return 0
        return self.session.leading_safe_moves(history)

    def keep_focus(self, before=None) -> None:
        """After a move from ``before`` (or an undo: ``None``): a keyboard focus that was on its
        pile's top card stays on the top (a draw onto the waste, a deal onto the columns: Enter
        then plays the card the ring shows), and one on a card no longer a stop of its pile goes
        to the top."""
        f = self.focus
        if f is None or f.key not in self.pile_rect:
            return
        was_top = before is not None and (f.index is None or f.index == len(self.pile_cards(before, f.key)) - 1)
        if was_top or f.index not in self.focus_stops(f.key):
            self.focus = self.focus_top(f.key)

    def on_undo(self) -> None:
        self.cycle = self.last_tap = None
        # a take-back an undo took back keeps nothing back: the mark is what the positions left
        # in the history say, as when a game is continued
        if self.auto_game and self.history is not None:
            self.kept_back = self.taken_back(self.history.states)
        self.anim.cancel("cfly")
        self.keep_focus()
        # back at the deal's start (Restart deal, or the first move undone), the deal shows as a
        # fresh table lays it out, whatever width the game had shrunk the cards to
        self.refit(fresh=self.session.restart_at() is None)

    @property
    def auto_on(self) -> bool:
        return self.auto_game and self.settings.auto_foundation

    def update(self, dt: float) -> bool:
        now = self.app.now()
        if self.drag is None:
            if self.finish_due is not None and now >= self.finish_due:
                self.finish_step()
            elif self.auto_due is not None and now >= self.auto_due and self.panel is None \
                    and self.frame is not None and not self.dealing():    # the deal's aces once it is dealt
                if self.anim.factor == 0:
                    self.auto_due = None
                    self.schedule_auto()     # animation off: every safe card at once
                else:
                    self.auto_step()
        redraw = super().update(dt)
        if self.moved:
            self.moved = False
            redraw = True
        return redraw or bool(self.anim.of("cfly"))

    # -- geometry --------------------------------------------------------------------------------
    def layout_cards(self, frame) -> None:
        """Card width, the pile rectangles and the fan steps for ``frame``: the widest card the
        grid allows (:meth:`grid_width`), shrunk until the longest column reads (:meth:`fit`)."""
        self.frame_now = frame
        self.geo = load_toml(f"{self.game}/screen.toml")[frame.shape]
        self.split = self.split_width(frame)
        self.base_w = self.grid_width(frame)
        self.place_piles(self.fresh_width() if self.history is not None else self.base_w)

    def grid_width(self, frame, split: float | None = None) -> int:
        """The widest card (px) whose grid (the piles' rows above ``min_column`` card heights of
        column) fits the table rectangle, capped by ``max_card`` (scaled with the frame), with
        ``split`` pitches between the piles' groups (default: the table's :attr:`split`)."""
        p = self.geo
        T = frame.table
        gap, rgap = p["gap"], p["row_gap"]
        cx, cy = p["columns"]
        xs, ys = self._grid_extent(split)
        pitch_units = (max(xs) + p.get("extra_right", 0.0) - min(xs)) * (1 + gap) + 1
        R = cards_art.RATIO
        ny = max([y + 1 for y in ys] + [0])
        rows_h = max(ny * (1 + rgap) * R - rgap * R, 0)
        col_h = cy * (1 + rgap) * R + p["min_column"] * R
        w = int(min(T.width / pitch_units, T.height / max(rows_h, col_h), p["max_card"] * frame.scale))
        return max(20, w)

    def _grid_extent(self, split: float | None = None):
        p = self.geo
        cx, cy = p["columns"]
        spots = [xy for v in self._pile_spots(split).values() for xy in v]
        return [x for x, _ in spots] + [cx, cx + self.n_columns - 1], [y for _, y in spots]

    def _pile_spots(self, split: float | None = None) -> dict:
        """The piles' grid places (pitches, rows) of the shape's ``piles``, with ``split``
        (default: :attr:`split`, see :meth:`split_width`) opened: places left of ``split_at``
        move left by half of it, the others right by half."""
        piles = self.geo.get("piles", {})
        split = self.split if split is None else split
        if not split:
            return piles
        at, half = self.geo["split_at"], split / 2
        return {name: [(x - half if x < at else x + half, y) for x, y in spots] for name, spots in piles.items()}

    def split_width(self, frame) -> float:
        """Pitches between the two groups of a row of piles (FreeCell: the free cells and the
        foundations, kept apart as PySolFC and Aisleriot do): the shape's ``split`` where the
        table is wide enough, else as much of it as still leaves the cards
        :data:`ui.frame.TOUCH` px apart (at 375×667 about a third of it), none where even
        without it they are closer (360×640) unless the window's height sets the cards. 0 for a
        shape with no ``split``."""
        most = self.geo.get("split", 0.0)
        pitches = {}
        for k in range(8, -1, -1):
            split = most * k / 8
            pitches[split] = self.grid_width(frame, split) * (1 + self.geo["gap"])
            if pitches[split] >= TOUCH:
                break
        fits = [s for s, pitch in pitches.items() if pitch >= TOUCH]
        if fits:
            return max(fits)
        # under TOUCH even with no gap: none if that widens the cards at all, else the whole gap
        # (the window's height, not its width, sets the cards)
        return 0.0 if pitches[0.0] > pitches[most] else most

    def fit_width(self, s, whole: bool = False) -> int:
        """The widest card (px, at most the grid's :attr:`base_w`) at which every column of
        state ``s`` fits the table (:meth:`fits`; 20 px at the least)."""
        need = self.column_needs(s)
        w = self.base_w
        while w > 20 and not self.fits(need, w, whole):
            w -= 1
        return w

    def column_needs(self, s) -> list[tuple[int, int, int]]:
        """For each column of state ``s`` longer than a card, its steps ``(after a face-down
        card, after a face-up card, after a card inside a run)`` (:meth:`run_steps`);
        remembered for the last state asked (a move's width and its squeezed faces, worked out
        ahead, ask for the same state in turn). Not to be changed."""
        memo = getattr(self, "_needs", None)
        if memo is not None and memo[0] is s:
            return memo[1]
        need, cols = [], []
        for i in range(self.n_columns):
            cards = self.pile_cards(s, ("col", i))
            n = len(cards)
            if n <= 1:
                continue
            down = sum(1 for _, up in cards if not up)
            nd = min(down, n - 1)
            runs = self.run_steps(cards)
            nt = sum(runs[nd:])
            need.append((nd, n - 1 - nd - nt, nt))
            cols.append((cards, runs))
        self._needs = (s, need, cols)    # and each of those columns' cards and run steps
        return need

    def fits(self, need, w: int, whole: bool = False) -> bool:
        """Whether columns of steps ``need`` (:meth:`column_needs`) fit the table with cards
        ``w`` px wide, each face-down card ``min_down`` card heights, each card inside a run its
        :meth:`tight_strip` and each other face-up card the upper :attr:`READ` of its rank and
        suit (:func:`ui.cards_art.compact_read_height`), or with ``whole`` its whole corner index
        (:func:`ui.cards_art.compact_index_height`): a column longer than that shrinks the whole
        tableau, as Microsoft Solitaire Collection does, rather than cut the cards' rank and
        suit further."""
        p = self.geo
        h = cards_art.card_height(w)
        top = round(p["columns"][1] * h * (1 + p["row_gap"]))
        index = max(cards_art.compact_index_height(w), p["min_up"] * h)
        strip = index if whole else max(cards_art.compact_read_height(w, self.READ), p["min_up"] * h)
        tight = self.tight_strip(index)
        room = self.frame_now.table.height - 1 - top - h
        return all(nd * p["min_down"] * h + nl * strip + nt * tight <= room for nd, nl, nt in need)

    READ = 0.7
    """How much of a face-up card's rank (its cap height, and as much of the suit beside it) a
    column squeezed to hold the cards' width still shows: the top 70 % of a rank and suit still
    tell every card apart (Q's round top, J's hook, 8's and 9's and 6's loops, the suits' tops
    and colours), and the strip is 0.7 of the whole index's at 59 px (21 px, not 29)."""

    MIN_TIGHT = 0.2
    """How much of a card inside a one-suit run (:attr:`RUNS_ONE_SUIT`) a squeezed column still
    shows: this share of the corner index's height (:meth:`tight_strip`), 5 px at the least (6 px
    at 59 px, a phone on its side; 9 px at 110 px): the run's cards beside it show its rank and
    suit."""

    RUNS_ONE_SUIT = False
    """Whether a run's cards are all of one suit (Spider): then a card inside one may squeeze to
    :attr:`MIN_TIGHT`, its neighbours telling its rank and suit. In the alternate-colour games
    (Klondike, FreeCell) the red 8 between 9♣ and 7♠ may be 8♦ or 8♥: a card inside a run keeps
    the :attr:`READ` share of its index, as the other face-up cards do."""

    def tight_strip(self, strip: float) -> float:
        """The least step (px) after a card inside a run (:meth:`run_steps`) when its column is
        squeezed, for a corner index ``strip`` px high."""
        return max(5.0, (self.MIN_TIGHT if self.RUNS_ONE_SUIT else self.READ) * strip)

    def continues_run(self, lower: int, upper: int) -> bool:
        """Whether card ``upper``, lying on ``lower``, continues a run the rules move as one
        (Klondike, FreeCell: one rank lower, the other colour; Spider overrides: the same suit)."""
        return fits(upper, lower)

    def run_steps(self, cards: list) -> list[bool]:
        """For each card of a column (``[(card, face_up)…]``, bottom first), whether the step
        after it may be squeezed first (:func:`fan_offsets`' ``tight``): the card is face up,
        the next continues its run and so does the card before it — a card whose neighbours in
        its run show it (its rank and suit follow from theirs); the run's first card keeps its
        whole index."""
        out = [False] * len(cards)
        for k in range(1, len(cards) - 1):
            (a, ua), (b, ub), (c, uc) = cards[k - 1], cards[k], cards[k + 1]
            out[k] = ua and ub and uc and self.continues_run(a, b) and self.continues_run(b, c)
        return out

    def place_piles(self, w: int) -> None:
        """Lay the piles out for cards ``w`` px wide (centred in the table rectangle)."""
        p = self.geo
        frame = self.frame_now
        T = frame.table
        gap, rgap = p["gap"], p["row_gap"]
        cx, cy = p["columns"]
        places = {}
        for name, spots in self._pile_spots().items():
            for k, xy in enumerate(spots):
                places[(name,) if len(spots) == 1 and name in ("stock", "waste", "done") else (name, k)] = xy
        xs, _ = self._grid_extent()
        xmin, xmax = min(xs), max(xs) + p.get("extra_right", 0.0)
        pitch_units = (xmax - xmin) * (1 + gap) + 1
        h = cards_art.card_height(w)
        self.card_w, self.card_h = w, h
        self.pitch = w * (1 + gap)
        self.row = h * (1 + rgap)
        ox = T.x + (T.width - pitch_units * w) / 2 - xmin * self.pitch
        oy = T.y
        self.origin = (ox, oy)

        def at(x, y):
            return pygame.Rect(round(ox + x * self.pitch), round(oy + y * self.row), w, h)

        self.pile_rect = {key: at(x, y) for key, (x, y) in places.items()}
        for i in range(self.n_columns):
            self.pile_rect[("col", i)] = at(cx + i, cy)
        self.col_bottom = T.bottom
        strip = cards_art.compact_index_height(w)
        self.steps = (p["down_step"] * h, max(p["up_step"] * h, strip), p["min_down"] * h,
                      max(p["min_up"] * h, strip))
        self.fans = {k: (v[0] * w, v[1] * h) for k, v in p.get("fans", {}).items()}
        fb = p.get("finish", [cx + (self.n_columns - 1) / 2, cy + 0.1])
        bw, bh = max(110, round(w * 1.6)), max(48, round(h * 0.42))
        self.finish_home = at(*fb).center
        if self.settings.left_handed:
            self._mirror(ox + xmin * self.pitch + pitch_units * w / 2)
        self.finish_rect = pygame.Rect(0, 0, bw, bh)
        self.finish_rect.center = self.finish_home
        self.finish_rect.clamp_ip(T)
        if self.history is not None:
            self.update_finish()

    def _mirror(self, centre: float) -> None:
        """Left-handed: the grid mirrored about ``centre`` (px), the piles changing sides (the
        stock and waste, the free cells and the foundations) and their fans turned round, while
        the columns keep their order from left to right (column 1 stays the leftmost)."""
        def flip(r):
            return pygame.Rect(round(2 * centre - r.right), r.y, r.width, r.height)

        self.pile_rect = {k: flip(r) for k, r in self.pile_rect.items()}
        cols = sorted(self.pile_rect[("col", i)].x for i in range(self.n_columns))
        for i, x in enumerate(cols):
            self.pile_rect[("col", i)].x = x
        self.fans = {k: (-dx, dy) for k, (dx, dy) in self.fans.items()}
        self.finish_home = (round(2 * centre - self.finish_home[0]), self.finish_home[1])

    def refit(self, fresh: bool = False) -> None:
        """Re-size the cards for the state now: after a move or an undo from the width they had
        (:meth:`next_width`); ``fresh`` (a new deal, Replay, a restored game, back at the deal's
        start) at the width a table opened on this position shows (:meth:`fresh_width`), so that
        a deal looks the same however it was reached."""
        if self.frame is None or self.history is None:
            return
        w = self.fresh_width() if fresh else self.next_width(self.state, self.card_w)
        if w != self.card_w:
            self.place_piles(w)
            self._picture = None   # every card moves: the picture is drawn whole (on the same surface),
            self.stale = True      # in two frames
            self.rebuild_in_halves()

    def fresh_width(self) -> int:
        """The card width (px) a table opened on this game shows it at: the deal's width (the
        widest of the :attr:`STEP` ladder at which every face-up card shows its whole index,
        :meth:`fits` ``whole``) carried through every position of the game by :meth:`next_width`,
        as the table changed it in play: a continued game comes back at the size it was left
        with, and a new deal, Replay or Restart deal (whose history starts again)
        at the deal's. One pass over the columns a position."""
        states = self.history.states
        w = self.ladder_fit(self.column_needs(states[0]), whole=True)
        for s in states[1:]:
            w = self.next_width(s, w)
        return w

    def next_width(self, s, now: int) -> int:
        """The card width (px) after a change to state ``s`` from the width ``now``: the same while
        every column of ``s`` fits it squeezed to the least readable strips (:meth:`fits`,
        :attr:`READ`); smaller (the widest width of the :attr:`STEP` ladder that fits) only when
        they do not; larger only with a clear margin: to the widest width of the ladder at which every
        face-up card's whole index shows (``whole``), when that is :attr:`GROW` times ``now`` or
        more, or the grid's whole width. A column a card longer and shorter by turns, or one
        that grows through a game, does not change every card's size at each move. Each
        width tried costs one pass over the columns (a move's width is worked out for every
        legal move ahead: :meth:`ahead_width_jobs`)."""
        need = self.column_needs(s)
        if not self.fits(need, now):
            return self.ladder_fit(need, below=now)
        if now < self.base_w:
            grow = self.ladder_fit(need, whole=True, below=self.base_w + 1)
            if grow > now and (grow >= self.base_w or grow >= now * self.GROW):
                return grow
        return now

    def ladder_fit(self, need, whole: bool = False, below: int | None = None) -> int:
        """The widest card width (px, 20 at the least) at which columns of steps ``need`` fit
        (:meth:`fits`, ``whole``), no wider than a top width: the grid's whole width
        (``base_w``) when ``below`` is ``None``; under ``below`` (the width now, which no longer
        fits), a real step down, the wider of ``below`` × :attr:`STEP` and the widest width of
        the :attr:`STEP` ladder (``base_w × STEP^k``) under ``below``, so that a column a card
        longer does not change every card by a pixel or two. The widths are tried down the
        ladder from the top width (× :attr:`STEP` each time) to the first that fits, then each px
        between it and the width above it that did not: the widest that fits, not the ladder's
        next rung (Spider 4 suits at 844x390 needs 35 px where 36 px does not fit, and the
        ladder's next rung is 33)."""
        if below is None:
            top = self.base_w
        else:
            rung = float(self.base_w)
            while round(rung) >= below and rung >= 20:
                rung *= self.STEP
            top = max(20, min(below - 1, max(round(below * self.STEP), round(rung))))
        w, above = top, top + 1
        while w > 20 and not self.fits(need, w, whole):
            above, w = w, max(20, min(w - 1, round(w * self.STEP)))
        for x in range(above - 1, w, -1):
            if self.fits(need, x, whole):
                return x
        return w

    GROW = 1.18
    """The least factor by which cards shrunk for a long column grow back (unless to the grid's
    whole width)."""

    STEP = 0.92
    """The card widths a squeezed tableau takes: the grid's whole width times a power of this
    (:meth:`ladder_fit`), so that a column a card longer does not change every card by a pixel or two."""

    def want_width_extras(self, w: int) -> None:
        """The foundations' marks at card width ``w``: the faint suit of those empty now and the
        suit of a filled one's badge (:meth:`draw_foundation_badge`); the frame landing a move
        that shrank FreeCell's cards made them (suit images, 1-2 ms in WebAssembly)."""
        ps = faint_side(w)
        badge = round(badge_side(w) * BADGE_SUIT)
        for key in self.pile_rect:
            if key[0] != "found":
                continue
            suit = key[1]
            if (suit, ps) not in _faint and not self.pile_cards(self.state, key):
                cards_art.want(("faint", suit, ps), lambda suit=suit: _faint_suit(suit, ps))
            white = ("suit", suit, badge, (255, 255, 255))
            if self.foundation_badge and white not in cards_art._cache:
                cards_art.want(white, lambda suit=suit: cards_art.suit_image(suit, badge, (255, 255, 255)))

    def ahead_width_jobs(self) -> list:
        """One job per legal move: the card widths (px) the state after it, and after each
        automatic move to a foundation it sets off, would be drawn at (:meth:`fit_width`). A
        growing column shrinks the whole tableau and every face shows again at the new width;
        working out the widths of all the moves takes up to 6 ms natively (Spider), so each move
        is one piece of a frame's spare time."""
        s = self.state
        return [lambda m=m: self._widths_after(s, m) for m in self.rules.legal_moves(s)]

    def _widths_after(self, s, move) -> list[int]:
        out = []
        w = self.card_w
        try:
            after = self.rules.apply(s, move)
            w = self.next_width(after, w)
            out.append(w)
            self.want_squeezed(after, w)
            for _ in range(8 if self.auto_on else 0):
                safe = self.safe_moves(after, self.kept_back)
                if not safe:
                    break
                after = self.rules.apply(after, safe[0])
                w = self.next_width(after, w)
                out.append(w)
                self.want_squeezed(after, w)
        except IllegalMove:
            pass
        return out

    def want_squeezed(self, s, w: int) -> None:
        """Queue, to be made ahead (``cards_art.want``), the squeezed faces state ``s`` shows at
        card width ``w`` that are not made yet (:meth:`squeezed_faces`)."""
        asked = getattr(self, "_squeezed_asked", None)      # (card, room, width, look) queued
        if asked is None or len(asked) > 4000:
            asked = self._squeezed_asked = set()
        look = (self.art.four_colour, self.art.back_style)
        rooms: dict[int, list[int]] = {}
        for card, room in self.squeezed_faces(s, w):
            key = (card, room, w, look)
            if key not in asked:
                asked.add(key)
                rooms.setdefault(room, []).append(card)
        for room, cards in rooms.items():
            cards_art.want_faces(cards, w, self.squeezed_art(room))

    def squeezed_faces(self, s, w: int) -> set[tuple[int, int]]:
        """``(card, room)`` of each face-up card of state ``s``'s columns that cards ``w`` px wide
        show a strip of shorter than the whole index and of at least
        :data:`ui.cards_art.SQUEEZED_MIN` px of room: it is drawn in the squeezed face of that
        room (:meth:`draw_pile`, :func:`ui.cards_art.squeezed_room`). The columns laid out as
        :meth:`place_piles` lays them at that width (:func:`fan_offsets`), only those too long
        to give each face-up card its whole index once their face-down steps are at the least."""
        p, T = self.geo, self.frame_now.table
        h = cards_art.card_height(w)
        whole = cards_art.compact_index_height(w)
        top = round(T.y + p["columns"][1] * h * (1 + p["row_gap"]))
        ds, us, md, mu = p["down_step"] * h, max(p["up_step"] * h, whole), p["min_down"] * h, max(p["min_up"] * h, whole)
        room = T.bottom - top - h
        out: set[tuple[int, int]] = set()
        need = self.column_needs(s)
        if all(nd * md + (nl + nt) * whole <= room for nd, nl, nt in need):
            return out
        corner = cards_art.radius(w) + 2
        # one column's: (cards, width, room below the columns' top, the shape's numbers) → its set
        memo = getattr(self, "_squeezed_memo", None)
        if memo is None or len(memo) > 2000:
            memo = self._squeezed_memo = {}
        for (nd, nl, nt), (cards, runs) in zip(need, self._needs[2]):
            if nd * md + (nl + nt) * whole <= room:
                continue
            # a column's squeezed faces follow from its cards and the room below its top alone:
            # the columns a move leaves alone are looked up
            n = len(cards)
            key = (tuple(cards), w, room, id(p))
            got = memo.get(key)
            if got is None:
                got = memo[key] = set()
                offs = fan_offsets(n, nd, h, T.bottom - top, ds, us, md, mu, runs, self.tight_strip(mu))
                rooms = {}
                for k in range(n - 1):
                    step = offs[k + 1] - offs[k]
                    if cards[k][1] and corner <= step < whole:
                        r = rooms.get(step)
                        if r is None:
                            r = rooms[step] = cards_art.squeezed_room(w, step)
                        if r >= cards_art.SQUEEZED_MIN:
                            got.add((cards[k][0], r))
            out |= got
        return out

    def pile_art(self, key) -> cards_art.CardArt:
        """The look pile ``key``'s cards are drawn in (default the table's, :attr:`art`)."""
        return self.art

    def squeezed_art(self, room: int) -> cards_art.CardArt:
        """The table's look with the squeezed compact faces whose index is ``room`` px tall at
        most (:func:`ui.cards_art.compact_face` ``squeezed``): a face-up card of a column that
        shows less than its whole index is drawn in the one for its strip
        (:func:`ui.cards_art.squeezed_room`), its rank whole inside the strip."""
        a = self.art
        look = (a.four_colour, a.back_style)
        if getattr(self, "_squeezed_look", None) != look:
            self._squeezed_look, self._squeezed_arts = look, {}
        art = self._squeezed_arts.get(room)
        if art is None:
            art = self._squeezed_arts[room] = cards_art.CardArt(a.four_colour, a.back_style, True, False, room)
        return art

    def fan_for(self, key) -> tuple[float, float]:
        """``(dx, dy)`` between the visible cards of a non-column pile (0, 0: stacked)."""
        return self.fans.get(key[0], (0.0, 0.0))

    def pile_rects(self, s, key) -> list[pygame.Rect]:
        """One rectangle per card of pile ``key`` in state ``s`` (bottom first)."""
        cards = self.pile_cards(s, key)
        n = len(cards)
        base = self.pile_rect[key]
        if key[0] == "col":
            ds, us, md, mu = self.steps
            down = sum(1 for _, up in cards if not up)
            offs = fan_offsets(n, down, self.card_h, self.col_bottom - base.y, ds, us, md, mu,
                               self.run_steps(cards), self.tight_strip(mu))
            return [base.move(0, dy) for dy in offs]
        dx, dy = self.fan_for(key)
        vis = self.visible_fan(key, n)
        out = []
        for k in range(n):
            j = max(0, k - (n - vis))
            out.append(base.move(round(dx * j), round(dy * j)))
        return out

    def forget_drawings(self) -> None:
        """As :meth:`GameTable.forget_drawings`, and the piles' cards and places too
        (:meth:`pile_view`)."""
        super().forget_drawings()
        self._views = None

    def pile_view(self, s, key) -> tuple[list, list, tuple, tuple]:
        """``(cards, rects, cards as a tuple, rects as tuples)`` of pile ``key`` in state ``s``
        (:meth:`pile_cards`, :meth:`pile_rects`), remembered for the last state and layout asked:
        a redraw asks for every pile twice (its parts and its drawing). The lists are shared:
        not to be changed."""
        memo = self._views
        if memo is None or memo[0] is not s or memo[1] is not self.pile_rect:
            memo = self._views = (s, self.pile_rect, {})
        got = memo[2].get(key)
        if got is None:
            cards = self.pile_cards(s, key)
            rects = self.pile_rects(s, key) if cards else []
            got = memo[2][key] = (cards, rects, tuple(cards), tuple(tuple(r) for r in rects))
        return got

    def visible_fan(self, key, n: int) -> int:
        """How many top cards of a stacked pile are spread by its fan (all for ``done``)."""
        return n

    def column_rects(self, cards_up: list, i: int) -> list[pygame.Rect]:
        """The rectangles column ``i`` would give ``cards_up`` (``[(card, up)…]``)."""
        base = self.pile_rect[("col", i)]
        ds, us, md, mu = self.steps
        down = sum(1 for _, up in cards_up if not up)
        offs = fan_offsets(len(cards_up), down, self.card_h, self.col_bottom - base.y, ds, us, md, mu,
                           self.run_steps(cards_up), self.tight_strip(mu))
        return [base.move(0, dy) for dy in offs]

    def all_keys(self) -> list:
        return [k for k in self.pile_rect if k[0] != "col"] + [("col", i) for i in range(self.n_columns)]

    def card_rects(self) -> list[pygame.Rect]:
        """Every card's rectangle now (tests check they are on screen)."""
        out = []
        for key in self.all_keys():
            out += self.pile_rects(self.state, key) or [self.pile_rect[key]]
        return out

    def zone(self, key, index: int | None, s=None) -> pygame.Rect:
        """Where a press means card ``index`` of pile ``key`` (``None``: the pile itself): the
        card's visible part widened to the column pitch, the top card (or an empty pile's
        outline) with a small slop around it; each at least :data:`ui.frame.TOUCH` px each way.
        Felt away from the cards answers nothing."""
        s = self.state if s is None else s
        rects = self.pile_view(s, key)[1]
        g = round(self.pitch - self.card_w)
        slop = max(4, round(0.1 * self.card_w))
        if key[0] == "col":
            base = self.pile_rect[key]
            x = base.x - g // 2
            if index is None or not rects:
                last = rects[-1] if rects else base
                z = pygame.Rect(x, base.y, round(self.pitch), last.bottom - base.y).inflate(0, 2 * slop)
            else:
                r = rects[index]
                if index + 1 < len(rects):
                    return pygame.Rect(x, r.y, round(self.pitch), max(1, rects[index + 1].y - r.y))
                z = pygame.Rect(x, r.y, round(self.pitch), r.height + slop)
            return grow_to(z, TOUCH)
        if not rects:
            return grow_to(self.pile_rect[key].inflate(g, g), TOUCH)
        if index is None:
            u = rects[0].unionall(rects)
            return grow_to(u.inflate(g, g), TOUCH)
        r = rects[index]
        if index + 1 < len(rects):
            nxt = rects[index + 1]
            dx, dy = nxt.x - r.x, nxt.y - r.y
            if dx or dy:
                return pygame.Rect(r.x, r.y, dx if dx else r.width, dy if dy else r.height)
        return grow_to(r.inflate(g, g), TOUCH)

    def hit_test(self, pos) -> Hit | None:
        """The Finish button, a card (:func:`ui.table.hit.card`) or an empty pile or the stock
        (:func:`ui.table.hit.pile`) under ``pos``."""
        if self.finish_button is not None and self.finish_rect.collidepoint(pos):
            return hit.FINISH
        s = self.state
        for key in self.all_keys():
            cards, rects = self.pile_view(s, key)[:2]
            if key[0] == "col":
                if not self.zone(key, None).collidepoint(pos):
                    continue
                for i in range(len(cards) - 1, -1, -1):
                    if self.zone(key, i).collidepoint(pos):
                        return hit.card(key, i)
                if not cards:
                    return hit.pile(key)
                continue
            if key in (("stock",), ("done",)) or not cards:
                if self.zone(key, None).collidepoint(pos):
                    return hit.pile(key)
                continue
            for i in range(len(cards) - 1, -1, -1):
                if rects[i].collidepoint(pos) or (i == len(cards) - 1 and self.zone(key, i).collidepoint(pos)):
                    return hit.card(key, i)
        return None

    # -- hooks for a game ------------------------------------------------------------------------
    def pile_cards(self, s, key) -> list[tuple[int, bool]]:
        """``[(card, face_up)…]`` of pile ``key`` in state ``s``, bottom first."""
        raise NotImplementedError

    def tap_list(self, s, key, index) -> list:
        """The legal moves of card ``index`` of pile ``key`` (and those above it), best first."""
        raise NotImplementedError

    def route(self, s, move) -> tuple:
        """``(src_key, n, dst_key)`` of ``move`` in state ``s``."""
        raise NotImplementedError

    def make_move(self, s, key, index, dst_key):
        """The move taking card ``index`` of ``key`` (with those above it) to pile ``dst_key``,
        legal or not, or ``None`` when no such move exists."""
        return None

    def home_move(self, s, key, index):
        """The legal move sending that card home, or ``None``."""
        return None

    def refusal(self, s, key, index) -> str:
        """Why a tapped card has no move (a translated sentence): the rules' :meth:`tap_refusal`
        of the pile's place."""
        why = self.rules.tap_refusal(s, self.place(key), index)
        return why.text() if why is not None else tr(MSG_NOWHERE)

    @staticmethod
    def place(key) -> int:
        """The rules' place number of pile ``key`` (see each game's module)."""
        raise NotImplementedError

    def liftable(self, s, key, index) -> bool:
        """Whether card ``index`` of pile ``key`` may be lifted: a column asks the rules'
        :meth:`movable`, any other pile lifts its top card only."""
        if key[0] == "col":
            return self.rules.movable(s, key[1], index)
        return key[0] != "stock" and index == len(self.pile_cards(s, key)) - 1

    def stock_tap(self) -> None:
        """A tap on the stock (Klondike draws, Spider deals)."""

    def safe_moves(self, s, exclude) -> list:
        """Moves auto to foundation may make now, the first one played: the rules'
        :meth:`safe_to_foundation` of ``s`` less the cards in ``exclude``."""
        return [m for _, m in self.rules.safe_to_foundation(s, exclude)]

    def finish_list(self, s):
        """Finish's moves when it is offered now, else ``None``: the rules' :meth:`finish_moves`
        (Spider asks its solver instead)."""
        return self.rules.finish_moves(s)

    def why(self, s, move) -> str | None:
        """The rules' refusal of ``move`` translated, or ``None`` if legal."""
        w = self.rules.why_not(s, move)
        return None if w is None else w.text()

    # -- moves -----------------------------------------------------------------------------------
    def settle(self) -> None:
        """Bring every pending thing to its end now: flights land, automatic moves and Finish
        are played (before the player acts again)."""
        self.anim.finish("cfly")
        guard = 0
        while (self.finish_due is not None or self.auto_due is not None) and guard < 200:
            guard += 1
            if self.finish_due is not None:
                self.finish_step(instant=True)
            else:
                self.auto_step(instant=True)

    def player_move(self, move, from_rects=None) -> bool:
        """Play ``move`` for the player: a new undo group, its flight, then auto to foundation."""
        s = self.state
        src, n, dst = self.route(s, move)
        ok = self._play(move, from_rects, group=True)
        if ok:
            if src[0] == "found":
                self.kept_back.add(self.pile_cards(s, src)[-1][0])
            if dst[0] == "found":
                for c, _ in self.pile_cards(s, src)[-1:]:
                    self.kept_back.discard(c)
            self.schedule_auto()
        return ok

    def _play(self, move, from_rects=None, group=False) -> bool:
        """Play ``move``, flown from ``from_rects`` (a drop) or its pile: ``group`` starts the
        player's undo group, else it joins the last one (automatic moves, Finish)."""
        self._from_rects = from_rects
        return self.play(move, group)

    def after_move(self, before, move) -> None:
        d = self.drag
        if d is not None and self.pile_cards(self.state, d.key)[d.index:] != d.cards:
            # a move not the drop's (which lets go first) took the held cards from their pile
            # (a line the assist plays; a key lets go before it acts): they are let go, and the
            # drop plays nothing
            self.drag = self.press_card = None
        elif self.press_card is not None and not self.still_pressed():
            self.press_card = None
        self.cycle = self.cycle if self._keep_cycle else None
        self.keep_focus(before)
        self.refit()
        self.animate(before, move, self.state, self._from_rects)
        self._from_rects = None
        self.update_finish()

    def animate(self, before, move, after, from_rects=None) -> None:
        """Fly the cards of ``move`` from where they were (or ``from_rects``, a drop) to their place."""
        src, n, dst = self.route(before, move)
        if n <= 0:
            return
        cards = self.pile_cards(before, src)[-n:]
        rects = from_rects or self.pile_rects(before, src)[-n:]
        if not cards:
            return
        dst_cards = self.pile_cards(after, dst)
        dst_rects = self.pile_rects(after, dst)
        m = min(n, len(dst_rects))
        base = len(dst_rects) - m
        for j in range(m):
            up = dst_cards[base + j][1]
            self.fly(dst_cards[base + j][0], rects[min(j, len(rects) - 1)].topleft, dst_rects[base + j].topleft,
                     (dst, base + j), up0=cards[min(j, len(cards) - 1)][1], up1=up, delay=j * STAGGER_MS)

    def fly(self, card, src, dst, slot=None, up0=True, up1=True, delay=0.0, ms=FLY_MS, show_wait=True):
        """One card's flight from ``src`` to ``dst`` (top-left px); ``slot`` (pile key, index) is
        hidden from the static drawing until it lands."""
        d = math.dist(src, dst)
        ms = ms + min(120, d / 12)
        return self.anim.add("cfly", ms, {"card": card, "src": src, "dst": dst, "slot": slot, "up0": up0, "up1": up1,
                                   "show_wait": show_wait},
                      delay_ms=delay, on_done=self._landed)

    def _landed(self) -> None:
        self.stale = True

    def pile_places(self, s, rects: bool = True) -> dict:
        """Every pile of ``s``: its cards, face up or down, and their places now
        (:meth:`GameTable.pile_places`)."""
        out = {}
        for key in self.all_keys():
            cards = self.pile_cards(s, key)
            rs = self.pile_rects(s, key) if rects and cards else [None] * len(cards)
            out[key] = [(c, up, r) for (c, up), r in zip(cards, rs)]
        return out

    def fly_card(self, card, src, dst, up0, up1, slot, delay_ms, wait=True):
        """An undone, redone or dealt card's flight (:meth:`GameTable.fly_card`), as a move's."""
        return self.fly(card, src.topleft, dst.topleft, slot, up0=up0, up1=up1, delay=delay_ms, show_wait=wait)

    def deal_source(self) -> pygame.Rect:
        """The stock's top card; FreeCell, which has none, deals from below the table's middle."""
        key = ("stock",)
        if key in self.pile_rect:
            rects = self.pile_rects(self.state, key)
            return rects[-1] if rects else self.pile_rect[key]
        T = self.frame.table
        return pygame.Rect(T.centerx - self.card_w // 2, T.bottom, self.card_w, self.card_h)

    def schedule_auto(self) -> None:
        if not self.auto_on:
            return
        if self.anim.factor == 0:
            while self.auto_step(instant=True):
                pass
        else:
            self.auto_due = self.app.now() + AUTO_MS / 1000 * max(0.5, self.anim.factor)

    def auto_step(self, instant: bool = False) -> bool:
        """Play one automatic move to a foundation; ``False`` when none is due."""
        self.auto_due = None
        if not self.auto_on or self.rules.status(self.state) != PLAYING:
            return False
        moves = self.safe_moves(self.state, self.kept_back)
        if not moves:
            return False
        hinting = self.hint_search is not None or self.hint_move is not None
        at_deal = self.player_moves() == 0   # the deal's own automatic moves are not the player's
        said = self.status_text, self.status_error, self.status_passing
        self._keep_cycle = True
        try:
            ok = self._play(moves[0])
        finally:
            self._keep_cycle = False
        if ok and at_deal:
            self.deal_moves += 1
            self.update_bar()    # counted now as the deal's own: Undo stays off (Session.can_undo)
            if self.rules.status(self.state) == PLAYING:
                self.status_text, self.status_error, self.status_passing = said   # the deal's tip stays for the player
        if ok and hinting and self.rules.status(self.state) == PLAYING:
            self.hint()  # a hint asked for while the cards fly home is given for where they land
        if ok and not instant:
            self.auto_due = self.app.now() + AUTO_MS / 1000 * max(0.5, self.anim.factor)
        elif ok:
            self.auto_due = 0.0
        return ok

    def place_finish(self) -> None:
        """Put the Finish button where no card, pile or touch zone is: the free spot of the table
        nearest the layout's ``finish`` place (on a 6-px grid from the table's top left; of spots
        as near, the first row, then the first column), else over the status line (which holds no
        card). The grid is searched in rings round the grid point nearest that place, out to the
        first ring that cannot hold a nearer spot than one found (:func:`nearest_free`): this runs
        in every move's frame while Finish is offered, and a scan of the whole grid tests 16 000
        spots at 1280x800 (3.7 ms of CPU natively, several times that in WebAssembly), the rings
        about 1 400 (0.8 ms; docs/web.md, "Session 28")."""
        r = pygame.Rect(self.finish_rect)
        T = self.frame.table
        s = self.state
        busy = []
        for key in self.all_keys():
            busy.append(self.zone(key, None, s))
            busy += [x.inflate(8, 8) for x in self.pile_rects(s, key)]
        hx, hy = self.finish_home
        best = nearest_free(T, r.size, (hx, hy), busy, step=6)
        if best is not None:
            r.topleft = best
        else:
            st = self.frame.status
            r.center = (st.centerx, st.centery)
            r.bottom = min(r.bottom, self.frame.size[1])
        self.finish_rect = r

    def update_finish(self) -> None:
        fl = self.finish_list(self.state) if self.rules.status(self.state) == PLAYING and \
            not self.finish_queue else None
        had = self.finish_button is not None
        if fl:
            self.place_finish()
        self.finish_button = Button("finish", self.finish_rect, tr(MSG_FINISH), None,
                                    max(18, self.frame.p["label"] + 4), style="primary") if fl else None
        if self.finish_button is not None and not had and self.finish_due is None:
            self.say(self.finish_words())

    def finish_words(self) -> str:
        """What the status line says when the Finish button appears (translated)."""
        return tr(MSG_CAN_FINISH)

    def start_finish(self) -> None:
        moves = self.finish_list(self.state)
        if not moves:
            return
        self.finish_queue = list(moves)
        self.session.open_group()
        self.finish_button = None
        self.finish_due = self.app.now()
        if self.anim.factor == 0:
            while self.finish_queue:
                self.finish_step(instant=True)

    def finish_step(self, instant: bool = False) -> None:
        self.finish_due = None
        if not self.finish_queue:
            return
        m = self.finish_queue.pop(0)
        self._play(m)
        if self.finish_queue:
            self.finish_due = 0.0 if instant else self.app.now() + FINISH_MS / 1000 * max(0.5, self.anim.factor)
        self.stale = True

    def history_step(self, how, forward: bool = False) -> None:
        """Undo (the player's last move with the automatic moves it triggered, its undo group),
        Restart or Redo; a drag in progress is dropped."""
        self.drag = None
        super().history_step(how, forward)

    # -- input -----------------------------------------------------------------------------------
    def pointer(self, ev) -> None:
        if self.panel is not None:
            return super().pointer(ev)
        if self.ending():                        # a tap cuts the win's flight, wait and cascade short
            if ev.kind == "tap":
                self.to_end_panel()
            return
        if ev.kind == "down":
            pressed = self.card_under(ev.pos)
            if pressed is not None and self.is_home(pressed):
                pressed = None      # a foundation's own card: the press is for it
            self.settle()
            super().pointer(ev)
            # the card under the thumb went home by itself as the press settled the automatic
            # moves (the deal's aces, a press just after a move): the press is spent on it, not
            # on the card now showing there
            self.press_spent = pressed is not None and self.is_home(pressed)
            t = self.press_target
            self.press_card = self.press_refused = None
            if self.press_spent:
                return
            if t is not None and t.kind is Kind.CARD and self.rules.status(self.state) == PLAYING:
                if self.liftable(self.state, t.pile, t.index):
                    self.press_card = (t.pile, t.index, self.pile_cards(self.state, t.pile)[t.index])
                else:
                    self.press_refused = (t.pile, t.index)
            return
        if ev.kind == "drag":
            if self.press_refused is not None:
                # a drag on a card that cannot be lifted answers as a tap on it does
                # (docs/rules.md, "Illegal tap on a card"): it shakes and the status line says why
                (key, index), self.press_refused = self.press_refused, None
                s = self.state
                if index < len(self.pile_cards(s, key)) and self.rules.status(s) == PLAYING:
                    self.cycle = None
                    self.shake_card(key, index)
                    self.refused(None, self.refusal(s, key, index))
            if self.drag is None and self.press_card is not None:
                if self.still_pressed():
                    self.start_drag(ev)
                else:                            # a key's undo or move took the card away meanwhile
                    self.press_card = None
            if self.drag is not None:
                self.drag.pos = ev.pos
                self.moved = True
            return
        if ev.kind == "up":
            super().pointer(ev)
            if self.drag is not None:
                self.drop(ev.pos)
            self.press_card = self.press_refused = None
            return
        if ev.kind == "tap" and self.press_spent:
            self.press_spent = False
            return
        if ev.kind == "tap":
            self.tap_pos = ev.pos
            lt = self.last_tap
            if lt is not None and self.panel is None and self.target_at(ev.pos) is None \
                    and self.app.now() - lt.t < self.double_time(DOUBLE_TAP) and math.dist(ev.pos, lt.pos) < DOUBLE_TAP_PX \
                    and lt.groups == len(self.session.groups):
                # the second tap of a double tap on bare felt: the card left from under the
                # finger and its column closed up (a phone's short fan); it is still the double tap
                self.activate(hit.pile(lt.dst))
                return
        super().pointer(ev)

    press_refused = None
    """``(pile key, index)`` of the card the press is on when it cannot be lifted: the drag that
    follows shakes it and says why, once (:meth:`pointer`)."""

    press_spent = False
    """The last press met a card that the automatic moves it settled sent home (:meth:`pointer`):
    its tap does nothing more."""

    def card_under(self, pos):
        """The card (code) under ``pos`` (px) on the table, or ``None``."""
        t = self.target_at(pos)
        if t is None or t.kind is not Kind.CARD:
            return None
        cards = self.pile_cards(self.state, t.pile)
        return cards[t.index][0] if t.index < len(cards) else None

    def is_home(self, card) -> bool:
        """Whether ``card`` is on a foundation now."""
        return any(c == card for key in self.all_keys() if key[0] == "found"
                   for c, _ in self.pile_cards(self.state, key))

    def let_go(self) -> None:
        if self.drag is not None:
            self.stale = True
        self.drag = self.press_card = self.press_refused = None

    def still_pressed(self) -> bool:
        """Whether the card pressed (``press_card``) is still where it was pressed and can still be
        lifted: an undo or a move by a key while the button is held may have taken it away."""
        key, index, card = self.press_card
        cards = self.pile_cards(self.state, key)
        return index < len(cards) and cards[index] == card and self.rules.status(self.state) == PLAYING \
            and self.liftable(self.state, key, index)

    def start_drag(self, ev) -> None:
        key, index, _ = self.press_card
        s = self.state
        rects = self.pile_rects(s, key)[index:]
        cards = self.pile_cards(s, key)[index:]
        r0 = rects[0]
        self.drag = Drag(key, index, cards, rects, (ev.start[0] - r0.x, ev.start[1] - r0.y), ev.pos, s)
        self.cycle = None
        self.stale = True

    def drag_rects(self) -> list[pygame.Rect]:
        """Where the lifted cards are drawn now (enlarged by :data:`LIFT` around the grab point)."""
        d = self.drag
        gx, gy = d.grab
        px, py = d.pos
        w = round(self.card_w * LIFT)
        h = cards_art.card_height(w)
        x0 = px - gx * LIFT
        y0 = py - gy * LIFT
        r0 = d.rects[0]
        return [pygame.Rect(round(x0 + (r.x - r0.x) * LIFT), round(y0 + (r.y - r0.y) * LIFT), w, h)
                for r in d.rects]

    def drop_zone(self, key) -> pygame.Rect:
        """The rectangle a drop aims at: a pile's top card (an empty pile's outline); a column's
        whole strip, from its top down to the table's bottom (or its last card, if lower), so a
        card let go on the felt below a column's last card is over that column."""
        rects = self.pile_rects(self.state, key)
        if key[0] == "col":
            base = self.pile_rect[key]
            bottom = max(rects[-1].bottom if rects else base.bottom, self.col_bottom)
            return pygame.Rect(base.x, base.y, base.width, bottom - base.y)
        if rects:
            return rects[-1]
        return self.pile_rect[key]

    _zones: tuple | None = None     # (state, the layout's places, card width, {pile: its drop zone})

    def zone_of(self, key) -> pygame.Rect:
        """:meth:`drop_zone` of pile ``key``, remembered for the position and the layout: a drag
        asks for every pile at each pointer motion, and a column's zone walks its fan."""
        known = self._zones
        if known is None or known[0] is not self.state or known[1] is not self.pile_rect or known[2] != self.card_w:
            known = self._zones = (self.state, self.pile_rect, self.card_w, {})
        z = known[3].get(key)
        if z is None:
            z = known[3][key] = self.drop_zone(key)
        return z

    def drop_order(self, key, lead: pygame.Rect) -> list[tuple[int, float, object]]:
        """The piles a drop of the lifted cards (the lead card drawn at ``lead``, px) may land on,
        best first, as ``(overlap px², distance px, pile key)``: the piles the lead card overlaps
        (:meth:`drop_zone`), the most overlapped first; then the piles within :data:`SNAP` card
        widths of its centre, nearest first. The cards' own pile ``key`` is among them (a drop
        there puts them back); the stock, the waste and Spider's completed runs never take a
        drop."""
        c = lead.center
        radius = SNAP * self.card_w
        out = []
        for k in self.all_keys():
            if k != key and k[0] in ("stock", "done", "waste"):
                continue
            z = self.zone_of(k)
            o = lead.clip(z)
            area = o.width * o.height
            dist = 0.0 if z.collidepoint(c) else math.dist(c, (min(max(c[0], z.left), z.right),
                                                                 min(max(c[1], z.top), z.bottom)))
            if area > 0 or dist <= radius:
                out.append((-area, dist, len(out), k))
        out.sort()
        return [(-a, dist, k) for a, dist, _, k in out]

    def drop_aim(self, d, pos) -> tuple[object | None, list]:
        """Where the lifted cards of drag ``d`` go when let go with the pointer at ``pos`` (px):
        ``(move, order)``, the move :meth:`drop` plays (``None``: they glide back) and
        :meth:`drop_order`'s list. The pile the lead card overlaps most takes them when it can (a
        column counts down its strip below its last card, :meth:`drop_zone`), so a card goes
        where the player put it, as in Microsoft Solitaire Collection, PySolFC and Aisleriot. When
        that pile refuses them (or is their own pile), a pile they also overlap by
        :data:`DROP_COVER` of the lead card's area takes them if it can. Over no pile, the
        nearest pile within :data:`SNAP` card widths that takes them wins, unless their own pile
        is nearer (they go back). Whether a pile takes them is asked once per pile while the
        position and the lifted cards stay the same (:meth:`drop_move`): a drag asks at every
        pointer motion."""
        drawn = self.drag_rects_at(d, pos)
        lead = drawn[0]
        key = d.key
        order = self.drop_order(key, lead)
        over = bool(order) and order[0][0] > 0
        cover = DROP_COVER * lead.width * lead.height
        for j, (area, _, k) in enumerate(order):
            if over and area == 0:
                break
            if k == key:
                if over:
                    continue
                break
            if over and j > 0 and area < cover:
                continue
            m = self.drop_move(d, k)
            if m is not None:
                return m, order
        return None, order

    _takes: tuple | None = None     # (state, pile, index, {pile: the tap's move there}, {pile: a drop's move there})

    def drop_move(self, d, k):
        """The move a drop of drag ``d``'s cards on pile ``k`` makes, or ``None`` when ``k``
        refuses them: the tap's move there (:meth:`tap_list`), else any legal move there.
        Remembered per pile for the state and the lifted cards."""
        s = self.state
        known = self._takes
        if known is None or known[0] is not s or known[1:3] != (d.key, d.index):
            legal = {self.route(s, m)[2]: m for m in reversed(self.tap_list(s, d.key, d.index))}
            known = self._takes = (s, d.key, d.index, legal, {})
        found = known[4]
        if k not in found:
            m = known[3].get(k)
            if m is None:
                m = self.make_move(s, d.key, d.index, k)
                if m is not None and self.why(s, m) is not None:
                    m = None
            found[k] = m
        return found[k]

    def drop(self, pos) -> None:
        """The lifted cards let go with the pointer at ``pos`` (px): played where
        :meth:`drop_aim` says; else they glide back, and the status line says why the pile they
        were over refused them."""
        d = self.drag
        self.drag = None
        s = self.state
        drawn = self.drag_rects_at(d, pos)
        key, index = d.key, d.index
        small = [pygame.Rect(r.x, r.y, self.card_w, self.card_h) for r in drawn]
        m, order = self.drop_aim(d, pos)
        if m is not None:
            self.player_move(m, from_rects=small)
            return
        near = order[0][2] if order else None
        # glide back, and say why when the cards were dropped on a pile that refused them
        for j, ((card, up), r) in enumerate(zip(d.cards, d.rects)):
            self.fly(card, small[j].topleft, r.topleft, (key, index + j), up, up, delay=0)
        if near is not None and near != key:
            m = self.make_move(s, key, index, near)
            why = self.why(s, m) if m is not None else None
            if why and self.settings.explain_errors:
                self.say(why, error=True, passing=True)
            elif self.settings.explain_errors:
                self.say(tr(MSG_NOT_THERE), error=True, passing=True)
        self.stale = True

    def drop_pile(self):
        """The pile the lifted cards would go to if let go now (:meth:`drop_aim`), or ``None``
        (they would glide back, or nothing is lifted). Looked up again only when the pointer
        has moved since the last time asked (a frame asks once)."""
        d = self.drag
        if d is None:
            return None
        known = self._aim
        if known is None or known[0] is not d or known[1] != d.pos or known[2] is not self.state:
            m, _ = self.drop_aim(d, d.pos)
            known = self._aim = (d, d.pos, self.state, None if m is None else self.route(self.state, m)[2])
        return known[3]

    _aim: tuple | None = None      # (drag, pointer, state, the pile a drop there goes to)

    def draw_drop_mark(self, surface) -> None:
        """The target mark (:data:`ui.cards_art.TARGET`): a ring round the whole of the pile the
        lifted cards would go to if let go now (a column's every card, an empty place's outline),
        so that it shows round the finger and the cards it holds; none while they would glide
        back."""
        k = self.drop_pile()
        if k is None:
            return
        rects = self.pile_rects(self.state, k)
        box = self.pile_rect[k].unionall(rects) if rects else self.pile_rect[k]
        draw_target_ring(surface, box, self.card_w)

    def drag_rects_at(self, d, pos):
        old = self.drag
        self.drag = replace(d, pos=pos)
        try:
            return self.drag_rects()
        finally:
            self.drag = old

    def activate_target(self, target: Hit) -> None:
        """A tap: as :meth:`activate`, except that a fresh tap on a foundation's card takes
        nothing back (it says how: by a drag). A foundation is where a thumb rests or slips, and a
        card taken back costs points (Klondike −15, FreeCell −10); Microsoft Solitaire Collection
        and Aisleriot take one back only when it is dragged. Tapped again at once after a tap sent
        it home (the tap cycle), the card goes on round its places; the keyboard's Enter on a
        foundation still takes its card back."""
        if target.kind is Kind.CARD and target.pile[0] == "found" and self.rules.status(self.state) == PLAYING \
                and not self.cycling(target):
            self.last_tap = self.cycle = None
            self.say(tr(MSG_DRAG_BACK))
            return
        super().activate_target(target)

    def cycling(self, target: Hit) -> bool:
        """Whether a tap on ``target`` is the card the last tap moved, tapped again at once where
        it lies (the tap cycle, :data:`TAP_AGAIN`), or the second tap of a double tap."""
        cyc, lt = self.cycle, self.last_tap
        now = self.app.now()
        if cyc is not None and cyc.groups == len(self.session.groups) and cyc.key == target.pile \
                and now - cyc.t < TAP_AGAIN:
            return True
        return lt is not None and now - lt.t < self.double_time(DOUBLE_TAP) and lt.groups == len(self.session.groups) \
            and math.dist(self.tap_pos, lt.pos) < DOUBLE_TAP_PX

    def activate(self, target: Hit) -> None:
        if self.rules.status(self.state) != PLAYING:
            if self.panel is None and self.rules.status(self.state) != PLAYING:
                self.open_end_panel()
            return
        kind = target.kind
        if kind is Kind.FINISH:
            self.start_finish()
            return
        if target == hit.pile(("stock",)):
            self.cycle = self.last_tap = None
            self.stock_tap()
            return
        s = self.state
        lt = self.last_tap
        if lt is not None and self.app.now() - lt.t < self.double_time(DOUBLE_TAP) and \
                math.dist(self.tap_pos, lt.pos) < DOUBLE_TAP_PX and lt.groups == len(self.session.groups):
            # a double tap: the card the first tap moved goes home from where it went. When the
            # first sent a card home, the second sends home the card under the finger now
            # (clearing a column home tap by tap) and nothing else; a card taken back from its
            # foundation is not sent back. Otherwise the second tap is spent (the card shakes):
            # it never moves the card the first tap uncovered anywhere but home.
            self.last_tap = None
            self.cycle = None
            if lt.dst[0] == "found":
                if kind is Kind.CARD:
                    m = self.home_move(s, target.pile, target.index)
                    if m is not None:
                        self.tap_play(m, target.pile, target.index, [("found",)])
                        return
                    self.shake_card(target.pile, target.index)
                return
            dst = lt.dst
            cards = self.pile_cards(s, dst)
            m = self.home_move(s, dst, len(cards) - 1) if cards and lt.src[0] != "found" else None
            if m is not None:
                direct = self.direct_home(lt)
                if direct is not None:
                    # one move home, as a double click is in every solitaire app: the first tap's
                    # move is replaced (History.retract: no undo, no count), the card flies home
                    # from where it lies now
                    self.anim.finish("fly")
                    rects = self.pile_rects(s, dst)[-1:]
                    self.session.retract()
                    self.player_move(direct, rects)
                else:
                    self.player_move(m)
            elif cards:
                self.shake_card(dst, len(cards) - 1)
            return
        if kind is not Kind.CARD:
            return
        key, index = target.pile, target.index
        cyc = self.cycle
        moves = self.tap_list(s, key, index)
        if cyc is not None and cyc.groups == len(self.session.groups) and cyc.key == key and cyc.index == index \
                and moves and self.app.now() - cyc.t < TAP_AGAIN:
            # tapped again at once where the last tap put it: the next place of the first tap's
            # list, round and round; a place that became legal since (home, once the automatic
            # moves after the first tap sent the card under it there) comes next, as a fresh tap
            # would take it first, but the place the card just left joins the end of the list;
            # later, the tap is a fresh one, judged from where the card lies
            by_place = {}
            for m in moves:
                by_place.setdefault(self.place_class(self.route(s, m)[2]), m)
            here = self.place_class(key)
            at = cyc.order.index(here) if here in cyc.order else cyc.at
            left = self.place_class(self.last_tap.src) if self.last_tap is not None else None
            new = [p for p in by_place if p not in cyc.order and p != left]
            order = cyc.order[:at + 1] + new + cyc.order[at + 1:] + \
                [p for p in by_place if p == left and p not in cyc.order]
            for j in range(1, len(order) + 1):
                p = order[(at + j) % len(order)]
                if p in by_place and p != here:
                    self.tap_play(by_place[p], key, index, order)
                    return
        if not moves:
            # a finger's tap only: a mouse click or a key names the card it means
            tail = None if self.app.pointer.mouse or self.by_key else self.run_tail(s, key, index)
            if tail is not None:
                index, moves = tail
            else:
                self.cycle = None
                self.shake_card(key, index)
                self.refused(None, self.refusal(s, key, index))
                return
        order = [self.place_class(self.route(s, m)[2]) for m in moves]
        self.tap_play(moves[0], key, index, list(dict.fromkeys(order)))

    by_key = False
    """Whether the card being activated was named by a key (Enter or Space on the focus), not a
    pointer: it gets no :meth:`run_tail`, as a mouse click does not."""

    def run_tail(self, s, key, index):
        """For a tap on card ``index`` of column ``key`` that has no move of its own but heads a
        run (it can be lifted with the cards above it): the longest part of that run, from a card
        above it to the top, that goes onto another column's card (:meth:`_onto_card`), as ``(its first card's index, the tap's moves for it)``; else ``None``. The cards inside a
        long run squeeze to thin strips (docs/columns-ui.md, "Fans"), too thin for a finger on
        a phone; a finger's tap on the run's head then moves the part of it that fits somewhere
        rather than refusing. A mouse's click is precise: the table never asks this for one (a
        click on the head that cannot move shakes it, as in the desktop apps)."""
        if key[0] != "col" or not self.liftable(s, key, index):
            return None
        n = len(self.pile_cards(s, key))
        for j in range(index + 1, n):
            if self.liftable(s, key, j):
                onto = [m for m in self.tap_list(s, key, j) if self._onto_card(s, m)]
                if onto:
                    return j, onto
        return None

    def _onto_card(self, s, move) -> bool:
        """Whether ``move`` puts its cards onto another column's card (not home, not into a free
        cell or an empty column): the only place a tap on a run's head sends part of the run, so
        the tap never sends home or apart a card other than the one the thumb is on."""
        dst = self.route(s, move)[2]
        return dst[0] == "col" and bool(self.pile_cards(s, dst))

    def direct_home(self, lt: "LastTap"):
        """The move that sends home, straight from where it was, the one card the last tap moved
        (``lt``), when that tap's undo group is that move alone (no automatic move followed it)
        and the card could go home from there; else ``None`` (the card then goes home from where
        it went, a second move)."""
        h, groups = self.history, self.session.groups
        if not groups or groups[-1] != 1 or len(h.states) < 2:
            return None
        before, now = h.states[-2], h.states[-1]
        src_before = self.pile_cards(before, lt.src)
        if not src_before or len(src_before) - len(self.pile_cards(now, lt.src)) != 1:
            return None     # a run moved, or the pile changed otherwise: not one card
        return self.home_move(before, lt.src, len(src_before) - 1)

    @staticmethod
    def place_class(key) -> tuple:
        """A pile key as a place of the tap cycle: every free cell is one place ("a cell"), every
        foundation one place ("home"), each column its own."""
        return (key[0],) if key[0] in ("cell", "found") else tuple(key)

    def tap_play(self, move, key, index, order) -> None:
        """Play a tap's ``move``; ``order`` is the cycle's list of places (:meth:`place_class`)
        that further taps on the same card go round."""
        s = self.state
        src, n, dst = self.route(s, move)
        if self.player_move(move):
            after = self.pile_cards(self.state, dst)
            # the groups count once the automatic moves that follow are played
            place = self.place_class(dst)
            self.cycle = TapCycle(dst, len(after) - n, list(order), order.index(place) if place in order else 0,
                                  len(self.session.groups), self.app.now())
            self.last_tap = LastTap(self.app.now(), self.tap_pos, dst, len(self.session.groups), src)

    NAV_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)

    def key(self, event) -> None:
        k = event.key
        if self.panel is None and k in self.NAV_KEYS:
            self.move_focus(k, bool(event.mod & pygame.KMOD_SHIFT))
        elif self.panel is None and (k in (pygame.K_RETURN, pygame.K_KP_ENTER)
                                     or k == pygame.K_SPACE and self.focus is not None):
            self.play_focus()
        elif self.panel is None and (pygame.K_1 <= k <= pygame.K_9 or k == pygame.K_0):
            col = 9 if k == pygame.K_0 else k - pygame.K_1   # 1..9, 0 the tenth column
            if col < self.n_columns:
                self.focus = self.focus_top(("col", col))
                self.stale = True
        elif k in (pygame.K_SPACE, pygame.K_d) and self.panel is None:
            self.settle()
            self.stock_tap()
        elif k == pygame.K_f and self.panel is None and self.finish_button is not None:
            self.start_finish()
        else:
            super().key(event)

    # -- keyboard play: a focus over the piles ---------------------------------------------------------
    def focus_stops(self, key) -> list:
        """The indices the focus can take in pile ``key``: a column's face-up cards that can be
        lifted (bottom to top), another pile's top card; ``[None]`` for an empty pile."""
        s = self.state
        cards = self.pile_cards(s, key)
        if not cards:
            return [None]
        if key[0] == "col":
            stops = [i for i in range(len(cards)) if cards[i][1] and self.liftable(s, key, i)]
            return stops or [len(cards) - 1]
        return [len(cards) - 1]

    def top_stop(self, key):
        """The focus on pile ``key``'s top card (the head of the longest run would be the first
        stop; the top is where a player starts)."""
        return self.focus_stops(key)[-1]

    def focus_top(self, key) -> PileFocus:
        """The focus on pile ``key``'s top stop (:meth:`top_stop`)."""
        return PileFocus(key, self.top_stop(key))

    def move_focus(self, k, back: bool = False) -> None:
        """Arrows and Tab: Left/Right (Tab, Shift+Tab) the pile before or after in the screen's
        reading order (:func:`~ui.table.drag.reading_order` of the piles' places), Up/Down the
        card above or below in a column's movable run."""
        keys = self.all_keys()
        if self.focus is None or self.focus.key not in keys:
            self.focus = self.focus_top(("col", 0))
            self.stale = True
            return
        key, index = self.focus.key, self.focus.index
        if k in (pygame.K_UP, pygame.K_DOWN):
            stops = self.focus_stops(key)
            j = stops.index(index) if index in stops else len(stops) - 1
            j = max(0, j - 1) if k == pygame.K_UP else min(len(stops) - 1, j + 1)
            self.focus = PileFocus(key, stops[j])
        else:
            step = -1 if k == pygame.K_LEFT or (k == pygame.K_TAB and back) else 1
            keys = reading_order(keys, self.pile_rect.__getitem__)
            nk = keys[(keys.index(key) + step) % len(keys)]
            self.focus = self.focus_top(nk)
        self.stale = True

    def play_focus(self) -> None:
        """Enter or Space: the focused card goes to its best place (again: the next), the stock
        draws; the focus follows the card."""
        if self.focus is None:
            self.move_focus(pygame.K_TAB)
            return
        self.settle()
        key, index = self.focus.key, self.focus.index
        if key == ("stock",):
            self.stock_tap()
            return
        if index is None or index >= len(self.pile_cards(self.state, key)):
            self.focus = self.focus_top(key)
            return
        self.last_tap = None             # a key press is never half of a double tap
        self.by_key = True               # and names its card exactly, as a click does
        try:
            self.activate(hit.card(key, index))
        finally:
            self.by_key = False
        self.last_tap = None
        if self.cycle is not None:
            self.focus = PileFocus(self.cycle.key, self.cycle.index)
        elif index not in self.focus_stops(key):
            self.focus = self.focus_top(key)
        self.stale = True

    def draw_focus(self, surface) -> None:
        """The keyboard focus: a bright outline around the focused card or empty pile."""
        if self.focus is None:
            return
        key, index = self.focus.key, self.focus.index
        if key not in self.pile_rect:
            return
        rects = self.pile_rects(self.state, key)
        if index is None or index >= len(rects):
            r = self.pile_rect[key]
        else:
            r = rects[index].unionall(rects[index + 1:]) if key[0] == "col" else rects[index]
        pygame.draw.rect(surface, (255, 214, 0), r.inflate(8, 8), 4, border_radius=10)

    SPACE_KEY = N_("Space with no card focused: the stock")
    NUMBER_KEYS = N_("1-9, 0: a column; D: draw or deal; F: finish")
    """The number keys' line of the rules panel's key list (the columns there are, D where a
    stock is)."""

    def keys_help(self) -> list[str]:
        return [tr("Arrows, Tab: move the focus over the cards and piles"),
                tr("Enter or Space: play the focused card to its best place (again: the next)"),
                tr(self.NUMBER_KEYS)] + super().keys_help()

    def draw_stock(self) -> None:
        self.settle()
        self.stock_tap()

    # -- the top bar and the end -----------------------------------------------------------------
    def top_items(self):
        return [(tr("Score"), str(self.score())), (tr("Time"), fmt_clock(self.clock)),
                (tr("Moves"), str(self.player_moves()))]

    def on_won(self) -> None:
        self.finish_button = None
        self.focus = None
        self.say(tr("You won!"))
        if self.anim.factor == 0:                # animation off: the panel at once
            self.anim.add("wait", 500, on_done=self.open_end_panel)
        else:
            self.anim.add("wait", 400, on_done=self.cascade)

    CASCADE_GAP = 0.045   # seconds between two cards leaving the foundations
    CASCADE_TAIL = 1.6    # seconds the last card bounces before the end panel

    def cascade(self) -> None:
        """The win's card cascade (as Microsoft Solitaire Collection plays it): the foundations'
        cards leave one after another, top cards first, and bounce across the table on the
        bottom edge; a tap ends it, then the end panel opens."""
        s = self.state
        piles = [k for k in self.all_keys() if k[0] in ("found", "done")]
        stacks = [(k, self.pile_cards(s, k), self.pile_rect[k]) for k in piles]
        rnd = random.Random(len(self.history.actions))
        cards = []
        depth = max((len(c) for _, c, _ in stacks), default=0)
        for d in range(depth):
            for _, pile, rect in stacks:
                if d < len(pile):
                    speed = self.card_w * rnd.uniform(3.0, 6.0) * rnd.choice((-1, 1))
                    cards.append((pile[-1 - d][0], rect.x, rect.y, speed, -self.card_h * rnd.uniform(0.5, 3.0),
                                  len(cards) * self.CASCADE_GAP))
        if not cards:
            self.open_end_panel()
            return
        ms = (len(cards) * self.CASCADE_GAP + self.CASCADE_TAIL) * 1000
        self.anim.add("celebrate", ms, {"cards": cards}, scaled=False, on_done=self.open_end_panel)

    def cascade_rects(self, tw) -> list:
        """``(card, rect)`` of the cascade's cards at the tween ``tw``'s time: each flies from its
        foundation under gravity and bounces on the table's bottom edge, losing a third of its
        speed a bounce."""
        g = self.card_h * 9.0                    # px/s²
        floor = self.frame.table.bottom - self.card_h
        now = tw.t * tw.duration
        out = []
        for card, x0, y0, vx, vy, launch in tw.data["cards"]:
            t = now - launch
            if t < 0:
                continue
            x, y, v, left = x0 + vx * t, float(y0), vy, t
            for _ in range(12):
                # time to reach the floor from y at speed v: y + v t + g t²/2 = floor
                a, b, c = g / 2, v, y - floor
                disc = max(0.0, b * b - 4 * a * c)
                hit = (-b + math.sqrt(disc)) / (2 * a)
                if left < hit:
                    y += v * left + g * left * left / 2
                    break
                left -= hit
                y, v = floor, -(v + g * hit) * 0.66
            if -self.card_w < x < self.frame.size[0]:
                out.append((card, pygame.Rect(round(x), round(min(y, floor)), self.card_w, self.card_h)))
        return out

    def lost_needed(self) -> str:
        """What the lost position lacked, one sentence for the end panel (docs/rules.md, "Shared
        by every game": the lost panel shows what was needed); each game says its own."""
        return ""

    def _needed_lines(self, width: int) -> tuple[list[str], int, int]:
        """The lost panel's :meth:`lost_needed` wrapped to ``width`` px: ``(lines, text size, line
        height)``, three lines, or four where three would cut it (the longest, Russian Klondike's
        drawing three, on the smallest phone, 360×640)."""
        line = max(26, round(30 * self.frame.scale))
        size = max(14, round(line * 0.9 * 0.75))
        msg = self.lost_needed()
        if not msg:
            return [], size, 0
        lines = text.wrap(msg, size, width)
        return (lines if len(lines) <= 4 else text.wrap_lines(msg, size, width, 4)), size, \
            text.font(size).get_linesize()

    def end_body_height(self, pw: int) -> int:
        line = max(26, round(30 * self.frame.scale))
        if self.rules.status(self.state) == WON:
            return 3 * (line + 8)
        lines, _, lh = self._needed_lines(pw - 32)
        return len(lines) * lh + (8 if lines else 0) + line + 8

    def draw_end_body(self, surface, r) -> None:
        line = max(26, round(30 * self.frame.scale))
        size = round(line * 0.9)
        y = r.y
        if self.rules.status(self.state) == WON:
            rows = [tr("Score: {n}", n=self.score()), tr("Time: {t}", t=fmt_clock(self.clock)),
                    tr("Moves: {n}", n=self.player_moves())]
        else:
            lines, small, lh = self._needed_lines(r.width)
            for msg in lines:
                text.blit_center(surface, text.render(msg, small, INK), (r.centerx, y + lh // 2))
                y += lh
            y += 8 if lines else 0
            rows = [tr(MSG_DEAL_LOST if self.deal_known_lost() else "Undo may help")]
        for k, msg in enumerate(rows):
            text.blit_center(surface, text.render(msg, text.fit(msg, size, r.width, 12), INK),
                             (r.centerx, y + k * (line + 8) + line // 2))

    # -- drawing ---------------------------------------------------------------------------------
    def hidden_slots(self) -> set:
        out = {tw.data["slot"] for tw in self.anim.tweens
               if tw.kind in ("cfly", "turn") and tw.data.get("slot") is not None}
        if self.dealt:
            out |= self.dealt_slots()
        if self.drag is not None:
            d = self.drag
            out |= {(d.key, d.index + j) for j in range(len(d.cards))}
        return out

    def shake_card(self, key, index: int) -> None:
        """Shake card ``index`` of pile ``key`` (a refused tap), a shake already running ended."""
        self.anim.cancel("shake")
        self.anim.add("shake", 250, {"target": (key, index)})

    def shake_for(self, key) -> tuple[int, int] | None:
        for tw in self.anim.of("shake"):
            k, i = tw.data["target"]
            if k == key:
                return i, round(shake_offset(tw))
        return None

    def draw_pile_base(self, surface, key, covered: bool = False) -> None:
        """The empty place of ``key`` (an outline; games add a mark). ``covered``: a card is
        drawn next exactly over it, so only the outline's rows beside that card's opaque body
        (:func:`ui.cards_art.body_rows`) are drawn, and no mark (it lies under the body)."""
        r = self.pile_rect[key]
        if cards_art.collecting_now():
            # the dry pass that lists a first picture's images queues the outline and the mark
            # instead of making them (blurred and blended, a few ms each in WebAssembly)
            ps = faint_side(self.card_w)
            cards_art.blit_placeholder(surface, self.card_w, r.topleft)
            if key[0] == "found" and not covered:
                cards_art.want(("faint", key[1], ps), lambda: _faint_suit(key[1], ps), True)
            return
        img = cards_art.placeholder(self.card_w)
        if covered:
            top, bottom = cards_art.body_rows(self.card_w)
            cards_art.blit_around(surface, img, r.topleft, pygame.Rect(0, top, r.width, bottom - top))
            return

        def draw(surface):
            surface.blit(img, r.topleft)
            if key[0] == "found":
                ps = faint_side(self.card_w)
                mark = _faint_suit(key[1], ps)
                surface.blit(mark, (r.centerx - ps // 2, r.centery - ps // 2))
        if self.on_bare_felt(key, r):   # blended over the felt once, copied since
            self._stamped(surface, ("pile", surface.get_size(), tuple(r), key[0] == "found" and key[1]), r, draw)
        else:
            draw(surface)

    def foundation_badge_rect(self, key) -> pygame.Rect:
        """The badge marking filled foundation ``key`` (``("found", suit)``) as its suit's pile:
        a disc in the bottom right corner of the pile, clear of the top card's corner index, px."""
        r = self.pile_rect[key]
        d = badge_side(self.card_w)
        inset = max(2, round(self.card_w * 0.04))
        return pygame.Rect(r.right - inset - d, r.bottom - inset - d, d, d)

    def draw_foundation_badge(self, surface, key) -> None:
        """A filled foundation's mark beyond its top card (a free cell holding the same card
        looks the same otherwise): a dark disc edged in gold with the pile's suit in white."""
        b = self.foundation_badge_rect(key)
        pygame.draw.circle(surface, FOUNDATION_BADGE, b.center, b.width // 2)
        pygame.draw.circle(surface, FOUNDATION_BADGE_EDGE, b.center, b.width // 2, max(1, b.width // 14))
        ps = round(b.width * BADGE_SUIT)
        img = cards_art.suit_image(key[1], ps, (255, 255, 255))
        surface.blit(img, img.get_rect(center=b.center))

    def glowing(self) -> set:
        """The cards that glow when "Playable cards glow" is on: ``(pile key, index)`` of every
        face-up card a tap would move (a column's card with the run above it, a waste, cell or
        stock top; a foundation's cards do not glow) by a move of :meth:`glow_moves`. Empty when the setting is off, while cards
        are dragged (a glow would pass for the drop's target, :meth:`draw_drop_mark`) or when the
        game is over. Remembered for the last state asked (a redraw asks again for the same state: in
        FreeCell the search cost as much as drawing the cards)."""
        s = self.state
        if not self.settings.glow or self.drag is not None:
            return set()
        known = self._glowing
        if known is not None and known[0] is s:
            return known[1]
        out = set()
        self._glowing = (s, out)
        if self.rules.status(s) != PLAYING:
            return out
        for key in self.all_keys():
            if key[0] in ("found", "stock"):
                continue
            cards = self.pile_cards(s, key)
            idx = range(len(cards)) if key[0] == "col" else range(len(cards) - 1, len(cards))
            for i in idx:
                if i < 0 or not cards[i][1] or not self.liftable(s, key, i):
                    continue
                if self.glow_moves(s, key, i):
                    out.add((key, i))
        return out

    def glow_moves(self, s, key, index) -> list:
        """The moves that make card ``index`` of pile ``key`` glow (:meth:`glowing`): every move a
        tap would make (:meth:`tap_list`); a game whose every card can go somewhere most of the
        time (FreeCell's free cells) keeps to the moves worth pointing at."""
        return self.tap_list(s, key, index)

    def picture_parts(self) -> dict:
        """Each pile is a part of the still picture (:meth:`GameTable.picture_parts`): its rect holds
        its outline and every card drawn on it with shadow and halo (and the badges on them), its
        signature what :meth:`draw_cards` draws there (the cards, their places, which are hidden
        or glow, a shake). The Finish button is a part too."""
        s = self.state
        hidden = self.hidden_slots()
        glowing = self.glowing()
        w = self.card_w
        m = max(cards_art.glow(w)[1][0] * -1, -cards_art.shadow(w)[1][0] + max(1, round(0.035 * w))) + 1
        out = {}
        for key in self.all_keys():
            cards, rects, cards_t, rects_t = self.pile_view(s, key)
            sh = self.shake_for(key)
            if sh is not None:
                rects = [r.move(sh[1], 0) if i >= sh[0] else r for i, r in enumerate(rects)]
                rects_t = tuple(tuple(r) for r in rects)
            n = len(cards)
            box = self.pile_rect[key].unionall(rects).inflate(2 * m, 2 * m)
            sig = (cards_t, rects_t,
                   tuple(sorted(i for k, i in hidden if k == key and 0 <= i < n)) if hidden else (),
                   tuple(sorted(i for k, i in glowing if k == key and 0 <= i < n)) if glowing else (),
                   self.pile_mark(key))
            out[key] = (tuple(box), sig)
        fb = self.finish_button
        if fb is not None and self.drag is None:
            out["finish"] = (tuple(fb.rect), (fb.label, fb.enabled, fb.pressed, fb.selected))
        return out

    def part_body(self, name, sig):
        """A pile's opaque body (:meth:`GameTable.part_body`): its top card's body and, down a
        column, the bodies of the cards under it as far as they join (each card of a column is
        drawn down to the body of the card on it, :meth:`draw_pile`); a stacked pile draws its
        top card only, a fanned one each card whole."""
        if name == "finish":
            return None
        rects, hidden = sig[1], sig[2]
        shown = [i for i in range(len(rects)) if i not in hidden]
        if not shown:
            return None
        top = shown[-1]
        r = pygame.Rect(rects[top])
        corner = cards_art.radius(r.width) + 2
        body_top = r.y + corner
        bottom = r.bottom - corner
        if name[0] == "col":
            i = top
            while i > 0 and i - 1 not in hidden:
                lower = rects[i - 1]
                if lower[0] != r.x or lower[2] != r.width or lower[1] + lower[3] - corner < rects[i][1] + corner:
                    break
                i -= 1
                body_top = lower[1] + corner
        return pygame.Rect(r.x, body_top, r.width, bottom - body_top)

    def legal_of(self, s) -> list:
        """The rules' legal moves in state ``s``, remembered for the last state asked (a tap list
        for every card of a redraw filters the same list)."""
        known = self._legal
        if known is None or known[0] is not s:
            known = self._legal = (s, self.rules.legal_moves(s))
        return known[1]

    def pile_mark(self, key):
        """Anything else a game draws on pile ``key`` that its cards do not say (Klondike's empty
        stock shows a recycle mark while the waste holds cards): part of its signature."""
        return None

    def draw_cards(self, surface) -> None:
        """Every pile, or within a clip (a partial rebuild: ``GameTable._draw_base``) only the piles
        whose part of the still picture meets it: a pile draws nothing outside its part's rect
        (:meth:`picture_parts`), so the others are skipped whole (a redraw clipped to two piles of
        FreeCell went through all 52 cards for each clip). A pile drawn again as it was is copied
        as last drawn (:meth:`GameTable._kept_part`), with what the piles drawn before it left
        under its rect (their signatures in its key)."""
        s = self.state
        hidden = self.hidden_slots()
        glowing = self.glowing()
        clip = surface.get_clip()
        boxes = self._picture[1] if self._picture is not None and clip != surface.get_rect() else None
        keep = self.part_keeper(surface)
        for key in self.all_keys():
            if boxes is not None and key in boxes and not clip.colliderect(boxes[key][0]):
                keep(key, None)    # it lies outside the clip
                continue
            keep(key, lambda surf: self.draw_pile(surf, s, key, hidden, glowing),
                 lambda sig: self.pile_ink(key, sig))
        if self.finish_button is not None and self.drag is None:
            self.finish_button.draw(surface)

    def kept_extra(self) -> tuple:
        """The card width, the looks of the faces and the badge, and every pile's empty place
        (:meth:`GameTable.kept_extra`)."""
        return (self.card_w, self.foundation_badge, self.art.compact, self.art.narrow,
                tuple((k, tuple(r)) for k, r in self.pile_rect.items()))

    def pile_ink(self, key, sig: tuple) -> pygame.Rect:
        """Where pile ``key`` draws, px, given its signature in :meth:`picture_parts` (its cards'
        rects, those that glow): its empty place and every card's rect with its shadow's reach,
        and its halo's where one glows (:meth:`GameTable.card_ink`; the badges lie within the
        cards)."""
        ink = self.pile_rect[key].unionall([pygame.Rect(r) for r in sig[1]])
        return self.card_ink(ink, bool(sig[3])).union(self.pile_rect[key])

    def draw_pile(self, surface, s, key, hidden: set, glowing: set) -> None:
        """Pile ``key`` of state ``s`` as the still picture shows it: its empty place, its cards
        but those in ``hidden`` (``(key, index)`` in flight or dragged) with a halo on those in
        ``glowing``, shaken if it shakes, and a filled foundation's badge."""
        art = self.pile_art(key)
        cards, rects, _, _ = self.pile_view(s, key)
        if not cards:
            self.draw_pile_base(surface, key)
            return
        sh = self.shake_for(key)
        stacked = key[0] != "col" and self.fan_for(key) == (0.0, 0.0)
        idx = range(len(cards))
        if stacked:
            top = [i for i in idx if (key, i) not in hidden]
            idx = top[-1:]
        first = next((i for i in idx if (key, i) not in hidden), None)   # the lowest card drawn
        under = None if first is None else rects[first]
        if under is not None and sh is not None and first >= sh[0]:
            under = under.move(sh[1], 0)
        self.draw_pile_base(surface, key, covered=under == self.pile_rect[key])
        col = key[0] == "col"
        corner = cards_art.radius(rects[0].width) + 2   # a pile's cards are all as wide
        n = len(cards)
        drawn = []
        rooms = []      # per card drawn: the squeezed face's room (0: the table's face)
        for i in idx:
            if hidden and (key, i) in hidden:
                continue
            c, up = cards[i]
            r = rects[i]
            if sh is not None and i >= sh[0]:
                r = r.move(sh[1], 0)
            rows = None
            if col and i + 1 < n and not (hidden and (key, i + 1) in hidden):
                # the next card covers this one below its own top (and rounded corners)
                rn = rects[i + 1]
                if sh is not None and i + 1 >= sh[0]:
                    rn = rn.move(sh[1], 0)
                if rn.x == r.x and rn.width == r.width and rn.y - r.y >= corner:
                    rows = rn.y - r.y + corner
            halo = None
            if glowing and (key, i) in glowing:
                # under the strip of the card above it in the fan, the halo leaves that strip alone
                covers = col and i > 0 and not (hidden and (key, i - 1) in hidden) and rects[i - 1].x == rects[i].x
                halo = cards_art.GLOW_UNDER if covers else cards_art.GLOW
            rooms.append(fan_room(r.width, rows - corner, up, art) if rows is not None else 0)
            drawn.append((c, r, up, True, halo, rows, None))
        if any(rooms):
            # bottom first, a call for each run of cards drawn in the same art
            start = 0
            for j in range(1, len(drawn) + 1):
                if j == len(drawn) or rooms[j] != rooms[start]:
                    (self.squeezed_art(rooms[start]) if rooms[start] else art).draw_all(surface, drawn[start:j])
                    start = j
        else:
            art.draw_all(surface, drawn)
        if key[0] == "found" and self.foundation_badge and (key, len(cards) - 1) not in hidden:
            self.draw_foundation_badge(surface, key)

    def draw_moving(self, surface) -> None:
        for tw in self.anim.tweens:
            if tw.kind == "celebrate":
                for card, r in self.cascade_rects(tw):
                    self.art.draw(surface, card, r, True, True)
        self.draw_focus(surface)
        if self.hint_move is not None:
            self.draw_hint(surface)
        flying = []
        for tw in self.anim.tweens:
            if tw.kind != "cfly":
                continue
            if not tw.started and not tw.data["show_wait"]:
                continue
            (x0, y0), (x1, y1) = tw.data["src"], tw.data["dst"]
            e = ease_out(tw.t)
            r = pygame.Rect(round(lerp(x0, x1, e)), round(lerp(y0, y1, e)), self.card_w, self.card_h)
            up = tw.data["up1"] if tw.t > 0.4 else tw.data["up0"]
            slot = tw.data["slot"]     # a card flies in the look of the pile it lands on
            flying.append((self.art if slot is None else self.pile_art(slot[0]), tw.data["card"], r, up))
        corner = cards_art.radius(self.card_w) + 2
        for j, (art, c, r, up) in enumerate(flying):
            # a run still fanned as it lay (waiting to leave, or let go): each card the next one
            # covers below its strip in the face for that strip, as in a column
            room = 0
            if j + 1 < len(flying):
                rn = flying[j + 1][2]
                if rn.x == r.x and rn.y - r.y >= corner:
                    room = fan_room(r.width, rn.y - r.y, up, art)
            (self.squeezed_art(room) if room else art).draw(surface, c, r, up, True)
        if self.drag is not None:
            rects = self.drag_rects()
            w = rects[0].width
            sh, (dx, dy) = cards_art.shadow(w)
            self.draw_drop_mark(surface)
            art = self.pile_art(self.drag.key)      # the look they had lying there
            corner = cards_art.radius(w) + 2
            for j, ((c, up), r) in enumerate(zip(self.drag.cards, rects)):
                surface.blit(sh, (r.x + dx + round(w * 0.04), r.y + dy + round(w * 0.07)))
                # a card the next one covers below its strip: the face for that strip, as in a column
                step = rects[j + 1].y - r.y if j + 1 < len(rects) else None
                room = fan_room(w, step, up, art) if step is not None and step >= corner else 0
                (self.squeezed_art(room) if room else art).draw(surface, c, r, up, False)

    def draw_hint(self, surface) -> None:
        tw = next((x for x in self.anim.tweens if x.kind == "hint"), None)
        k = pulse(tw) if tw is not None and self.settings.anim_speed != "off" else 1.0
        try:
            src, n, dst = self.route(self.state, self.hint_move)
        except Exception:
            return
        rects = self.pile_rects(self.state, src)
        if src == ("stock",) or not rects:
            ring_rects = [self.pile_rect[src]]
        else:
            ring_rects = [rects[-n].unionall(rects[-n:])]
        dr = self.pile_rects(self.state, dst)
        ring_rects.append(dr[-1] if dr else self.pile_rect[dst])
        a, lw = cards_art.hint_ring(k, self.card_w)
        for j, rr in enumerate(ring_rects):   # the destination a little fainter than the card
            draw_ring(surface, rr.inflate(8, 8), (*cards_art.HINT, a if j == 0 else round(a * 0.8)), lw,
                      cards_art.radius(self.card_w) + 4)

    def hint_focus_of(self, move):
        """The focus on the head of the hinted cards (the stock for a draw)."""
        try:
            src, n, dst = self.route(self.state, move)
        except Exception:
            return None
        cards = self.pile_cards(self.state, src)
        if src == ("stock",) or not cards or n <= 0:
            return self.focus_top(src)
        return PileFocus(src, len(cards) - n)

    def refocus(self) -> None:
        """After the hint played by Enter: the focus on its pile's top stop (as :meth:`play_focus`)."""
        if self.focus is not None and self.focus.index not in self.focus_stops(self.focus.key):
            self.focus = self.focus_top(self.focus.key)

    def hint_anchor(self):
        """The hinted cards' rectangle (the reason is drawn beside it)."""
        try:
            src, n, dst = self.route(self.state, self.hint_move)
        except Exception:
            return None
        rects = self.pile_rects(self.state, src)
        if src == ("stock",) or not rects or n <= 0:
            return self.pile_rect[src]
        return rects[-n].unionall(rects[-n:])

    def play_assist_move(self, move) -> bool:
        """A move of the rescue's line: its own undo step, flown, no automatic moves after it
        (the line already holds the moves it needs)."""
        self.settle()
        return self._play(move, group=True)

    def stock_badge(self, surface, r: pygame.Rect, n: int) -> None:
        """A count on the stock (``n`` cards, or deals left), in a dark pill at the bottom of
        ``r``; nothing in the dry pass that lists a first picture's images (queued then)."""
        badge = cards_art.text_image(str(n), max(text.MIN_SIZE, round(self.card_w * 0.3)), INK)
        if badge is None:
            return
        br = badge.get_rect(center=(r.centerx, r.bottom - badge.get_height()))
        pygame.draw.rect(surface, (10, 30, 20), br.inflate(10, 4), border_radius=br.height)
        surface.blit(badge, br)


_faint: dict[tuple, pygame.Surface] = {}
BADGE_SUIT = 0.56
"""The suit's side in a filled foundation's badge, as a fraction of the badge's (:func:`badge_side`)."""


def faint_side(w: int) -> int:
    """The side in px of an empty foundation's faint suit mark on cards ``w`` px wide."""
    return round(w * 0.42)


def badge_side(w: int) -> int:
    """The side in px of a filled foundation's badge on cards ``w`` px wide."""
    return max(14, round(w * 0.26))


def _faint_suit(suit: int, ps: int) -> pygame.Surface:
    """The suit mark of an empty foundation: ``suit`` ``ps`` px in white at alpha 70 (cached)."""
    img = _faint.get((suit, ps))
    if img is None:
        img = cards_art.suit_image(suit, ps, (255, 255, 255)).copy()
        img.set_alpha(70)
        if len(_faint) > 64:
            _faint.clear()
        _faint[(suit, ps)] = img
    return img


def opt_cycle(options: dict, key: str, values: list, save, game: str = ""):
    """A row action cycling ``options[key]`` through ``values`` (in ``game``'s menu order,
    :func:`ui.scenes.options.next_value`, as the home sheet's row does), then calling ``save``
    (the app's ``save_settings``: a rule option chosen at the table is kept for the next start, as
    the home sheet's is)."""
    def f():
        options[key] = next_value(game, key, values, options.get(key, values[0]))
        save()
    return f
