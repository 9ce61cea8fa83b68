"""The Spider table (docs/rules.md, "Spider"; docs/spider.md, docs/columns-ui.md).

Ten columns, the stock (one back per deal left: a tap deals), the completed runs (their kings,
overlapping); geometry from ``layouts/spider/screen.toml``. Options: 1, 2 or 4 suits and the
relaxed rule (from the next deal). A deal flies one card to each column; a completed K…A run
flies off to the completed pile, card by card, and scores +100. Finish appears once the stock
is empty, every card is face up and the solver has proved the rest (searched in slices by
:meth:`ui.table.assist.Assist.finish_line`). The shared machinery is
:class:`ui.table.columns.ColumnsTable`.
"""
from __future__ import annotations

import math

from games.i18n import N_, tr
from games.spider import DEAL, N_COLUMNS, RUN, RUN_POINTS, Move, Spider

from .. import cards_art
from . import assist, hit
from .base import DOUBLE_TAP, DOUBLE_TAP_PX, SAVE_ROOM
from .columns import FLY_MS, MSG_NOT_RUN, ColumnsTable, opt_cycle

MSG_INTRO = N_("Build runs of one suit from king to ace; tap the stock to deal")
MSG_STOCK_STUCK = N_("Too few cards on the table to fill every column: the stock can never be dealt")
MSG_LOST = N_("The stock is empty and no card fits on another column")

DEAL_STAGGER = 45   # ms between the cards of a deal
RUN_STAGGER = 28    # ms between the cards of a completed run

WARM_SLICE = 0.003
"""Seconds of a frame's spare time the engine's warm-up takes at most (:meth:`SpiderTable.warm`),
ending 1 ms before the frame's deadline: the card images made ahead keep the rest."""


class SpiderTable(ColumnsTable):
    """Spider on screen. Piles: ``("stock",)`` (one entry a deal left), ``("done",)``, ``("col", i)``."""

    rules = Spider
    game = "spider"
    n_columns = N_COLUMNS
    warmup = None
    """The 4-suit search's warm-up (:class:`games.solvers.spider_js.Warmup`), once started."""
    RUNS_ONE_SUIT = True   # a card inside a run squeezes to a sliver: its neighbours show it

    NUMBER_KEYS = N_("1-9, 0: a column; D: deal; F: finish")

    def continues_run(self, lower: int, upper: int) -> bool:
        """Spider's runs: one rank lower, the same suit (:meth:`ColumnsTable.continues_run`)."""
        return (lower & 15) - (upper & 15) == 1 and lower >> 4 == upper >> 4

    def spare(self, deadline: float) -> None:
        super().spare(deadline)
        self.warm(deadline)

    def leave(self) -> None:
        """Leaving the table ends a warm-up still running: its search is freed in the engine
        (a page keeps its engine, and each table left would keep one more search alive)."""
        if self.warmup is not None:
            self.warmup.stop()
        super().leave()

    def warm(self, deadline: float) -> None:
        """At 4 suits, once the first picture is shown and the game's search imported, a slice of
        the engine's warm-up in a frame with :data:`SAVE_ROOM` left and no search running (up to
        :data:`WARM_SLICE`): the page compiles the JavaScript search before the first rescue or
        hint the player waits for (in the browser; on the desktop it is done at once). A search
        the player asked for ends it (that search compiles the engine)."""
        w = self.warmup
        if w is not None and w.done:
            return
        if self.hint_search is not None or self.assist.jobs:
            if w is not None:
                w.stop()
            return
        if self.state.suits != 4:
            if w is not None:
                w.stop()          # a new deal of fewer suits: the warm-up's search freed
            return
        if not self._shown:
            return
        if self.search_import is not None and not self.search_import.done:
            return
        now = self.app.now()
        if deadline - now < SAVE_ROOM:
            return
        if w is None:
            from games.solvers.spider_js import Warmup

            w = self.warmup = Warmup(self.state)
        w.step(min(deadline - 0.001, now + WARM_SLICE), self.app.now)

    def deck_cards(self) -> set[int]:
        """The kinds of card in this deal's deck (1 suit: the 13 spades; 2: spades and hearts)."""
        return set(self.rules.deck(self.state.suits))

    @staticmethod
    def preview_places():
        R = cards_art.RATIO
        out = []
        for c in range(10):
            n = 6 if c < 4 else 5
            out += [(c * 1.12, k * 0.22 * R, k == n - 1) for k in range(n)]
        return out + [(k * 0.15, 2.3 * R, False) for k in range(3)]    # the stock at the left

    def pile_cards(self, s, key):
        k = key[0]
        if k == "col":
            i = key[1]
            d = s.down[i]
            return [(c, j >= d) for j, c in enumerate(s.columns[i])]
        if k == "stock":
            deals = -(-len(s.stock) // N_COLUMNS)
            return [(s.stock[min(len(s.stock) - 1, g * N_COLUMNS)], False) for g in range(deals - 1, -1, -1)]
        if k == "done":
            return [(su * 16 + 13, True) for su in s.completed]
        return []

    def route(self, s, m):
        if m == DEAL:
            return ("stock",), 0, ("stock",)
        return ("col", m.src), m.n, ("col", m.dst)

    def tap_list(self, s, key, index):
        if key[0] != "col":
            return []
        return Spider.destinations(s, key[1], index)

    def liftable(self, s, key, index):
        return key[0] == "col" and Spider.movable(s, key[1], index)

    def make_move(self, s, key, index, dst):
        if key[0] != "col" or dst[0] != "col":
            return None
        return Move(key[1], dst[1], len(s.columns[key[1]]) - index)

    @staticmethod
    def place(key) -> int:
        """A column's number; the stock and the completed runs have none (-1)."""
        return key[1] if key[0] == "col" else -1

    def refusal(self, s, key, index):
        if key[0] != "col":
            return tr(MSG_NOT_RUN)
        return super().refusal(s, key, index)

    def finish_list(self, s):
        """Finish (docs/rules.md): the stock empty, every card face up, and the solver has proved the
        rest — its line, played one animated move after another (the search runs in slices;
        the button appears when it answers)."""
        return self.assist.finish_line(s)

    def finish_words(self) -> str:
        """Spider's Finish plays runs together in the columns, there is no home to go to: the
        button comes from a line the solver has proved (docs/assist.md "Spider's finish"), and
        says so whether that line was just searched or already known. The button needs every
        card face up and the stock empty (``Spider.can_finish``), so no face-down note."""
        return tr(assist.MSG_SPIDER_FINISH_OPEN)

    last_deal_tap = None
    """``(time in s, position in px, undo groups after it)`` of the last deal made by a tap on the
    stock, for :meth:`pointer`'s double-tap guard."""

    def pointer(self, ev) -> None:
        """As every column table's; and the second tap of a double tap on the stock (within
        :data:`DOUBLE_TAP` s and :data:`DOUBLE_TAP_PX` px of a tap that dealt, nothing played
        between) is spent, and so is a further tap as quick: a deal is ten cards over every
        column, and a bounced thumb or a slow frame must not deal a second row unseen. Keys deal
        at every press."""
        if ev.kind != "tap":
            super().pointer(ev)
            return
        now, last = self.app.now(), self.last_deal_tap
        if last is not None and now - last[0] < self.double_time(DOUBLE_TAP) and math.dist(ev.pos, last[1]) < DOUBLE_TAP_PX \
                and last[2] == len(self.session.groups) and self.target_at(ev.pos) == hit.pile(("stock",)):
            self.last_deal_tap = (now, ev.pos, last[2])     # a third tap as quick is spent too
            return
        n = len(self.history.actions) if self.history is not None else 0
        super().pointer(ev)
        acts = self.history.actions if self.history is not None else []
        if len(acts) > n and acts[-1] == "d":
            self.last_deal_tap = (now, ev.pos, len(self.session.groups))

    def stock_tap(self) -> None:
        """Deal a row, or shake the stock and say why not."""
        why = self.why(self.state, DEAL)
        if why is not None:
            self.shake_card(("stock",), 0)
            self.refused(None, why)
            return
        self.player_move(DEAL)

    # -- flights ---------------------------------------------------------------------------------
    def animate(self, before, move, after, from_rects=None) -> None:
        """A deal: one card to each column; a move: the run to its column; then every completed
        run flies to the completed pile."""
        hyp = [list(self.pile_cards(before, ("col", i))) for i in range(N_COLUMNS)]
        arrived: dict[int, int] = {}    # column → index of the first card that arrives
        if move == DEAL:
            srcs = self.pile_rects(before, ("stock",))
            src = srcs[-1].topleft if srcs else self.pile_rect[("stock",)].topleft
            for i in range(min(N_COLUMNS, len(before.stock))):
                arrived[i] = len(hyp[i])
                hyp[i].append((before.stock[i], True))
                rects = self.column_rects(hyp[i], i)
                j = len(hyp[i]) - 1
                slot = ("col", i), j
                self.fly(before.stock[i], src, rects[j].topleft, slot if j < len(after.columns[i]) else None,
                         up0=False, up1=True, delay=i * DEAL_STAGGER)
            wait = FLY_MS + N_COLUMNS * DEAL_STAGGER
        else:
            a, b, n = move
            moving = hyp[a][-n:]
            srcr = from_rects or self.pile_rects(before, ("col", a))[-n:]
            del hyp[a][-n:]
            arrived[b] = len(hyp[b])
            hyp[b] += [(c, True) for c, _ in moving]
            rects = self.column_rects(hyp[b], b)
            for j in range(n):
                k = arrived[b] + j
                self.fly(moving[j][0], srcr[j].topleft, rects[k].topleft,
                         (("col", b), k) if k < len(after.columns[b]) else None, delay=j * 15)
            wait = FLY_MS + 40
        removed = len(after.completed) - len(before.completed)
        if not removed:
            return
        done_rects = self.pile_rects(after, ("done",))
        slot_i = len(before.completed)
        for i in range(N_COLUMNS):
            gone = len(hyp[i]) - len(after.columns[i])
            if gone < RUN:
                continue
            rects = self.column_rects(hyp[i], i)
            first = len(hyp[i]) - gone
            for r in range(gone // RUN):
                dst = done_rects[min(slot_i, len(done_rects) - 1)].topleft
                top = first + (r + 1) * RUN - 1
                for k in range(RUN):          # the ace first, the king last
                    idx = top - k
                    moved_in = idx >= arrived.get(i, len(hyp[i]))
                    self.fly(hyp[i][idx][0], rects[idx].topleft, dst, (("done",), slot_i),
                             delay=wait + k * RUN_STAGGER, show_wait=not moved_in)
                slot_i += 1
        self.toast(f"+{RUN_POINTS * removed}", self.pile_rect[("done",)].center, max(18, self.card_w // 3), 1.2)

    # -- looks -----------------------------------------------------------------------------------
    def draw_cards(self, surface):
        super().draw_cards(surface)
        n = -(-len(self.state.stock) // N_COLUMNS)
        rects = self.pile_rects(self.state, ("stock",))
        if n and rects:
            self.stock_badge(surface, rects[-1], n)

    def draw_pile_base(self, surface, key, covered=False):
        if key[0] == "done" and self.state.completed:
            return
        super().draw_pile_base(surface, key, covered)

    def intro(self) -> str:
        return tr(MSG_INTRO)

    def panel_title(self) -> str:
        """The end panel's title: "No more moves" would be wrong where moves were still there
        to make but none could help (:meth:`games.spider.Spider.stock_stuck`)."""
        if Spider.stock_stuck(self.state):
            return tr("The game is over")
        return super().panel_title()

    def lost_text(self) -> str:
        """Lost with moves still legal (:meth:`games.spider.Spider.stock_stuck`) says why."""
        return tr(MSG_STOCK_STUCK) if Spider.stock_stuck(self.state) else super().lost_text()

    def lost_needed(self) -> str:
        """Lost (:meth:`games.spider.Spider.status`): the stock out for good
        (:meth:`~games.spider.Spider.stock_stuck`, said as the reason), or empty with no card that
        goes onto another column (no column is empty then)."""
        return tr(MSG_STOCK_STUCK) if Spider.stock_stuck(self.state) else tr(MSG_LOST)

    def top_items(self):
        items = super().top_items()
        return items[:1] + [(tr("Runs"), f"{len(self.state.completed)}/8")] + items[1:]

    def options_rows(self):
        o = self.settings.options_for(self.game)
        return [(lambda: tr("Suits: {v}", v=tr(Spider.option_labels["suits"][o.get("suits", "2")])),
                 opt_cycle(o, "suits", list(Spider.options["suits"]), self.app.save_settings, self.game)),
                (lambda: tr(Spider.option_labels["relaxed"][o.get("relaxed", "no")]),
                 opt_cycle(o, "relaxed", ["no", "yes"], self.app.save_settings))] + super().options_rows()
