"""The Klondike table (docs/rules.md, "Klondike"; docs/klondike-freecell.md, docs/columns-ui.md).

Stock and waste, four foundations (one place per suit), seven columns; geometry from
``layouts/klondike/screen.toml``. Everything shared (fans, taps, drags, auto to foundation,
Finish, undo groups, the clock) is :class:`ui.table.columns.ColumnsTable`; this module maps the
table's piles to the rules' places (:mod:`games.klondike`) and adds the stock, the draw option
and the win score.
"""
from __future__ import annotations

from games.core import IllegalMove
from games.i18n import N_, tr
from games.klondike import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, Klondike, Move

from .. import cards_art
from ..frame import icon
from .columns import ColumnsTable, opt_cycle

MSG_INTRO = N_("Tap a card to move it, or drag it; tap the stock to draw")
MSG_LOST_EMPTY = N_("The stock is empty and no column card can move")
MSG_LOST_ONE = N_("The one stock card does not fit, and no column card can move")
MSG_LOST_ALL = N_("None of the {n} stock cards fits, and no column card can move")
MSG_LOST_SHOWN = N_("Drawn three at a time, only {n} of the {m} stock and waste cards ever reach the waste's top: "
                    "none of them fits, and no column card can move")


class KlondikeTable(ColumnsTable):
    """Klondike on screen. Piles: ``("stock",)``, ``("waste",)``, ``("found", suit)``, ``("col", i)``."""

    rules = Klondike
    game = "klondike"
    n_columns = 7
    NUMBER_KEYS = N_("1-7: a column; D: draw; F: finish")
    auto_game = True
    foundation_badge = True

    @staticmethod
    def preview_places():
        R = cards_art.RATIO
        out = [(0, 0, False), (1.15, 0, True)] + [(3.45 + k * 1.15, 0, None) for k in range(4)]
        return out + [(c * 1.15, 1.2 * R + k * 0.2 * R, k == c) for c in range(7) for k in range(c + 1)]


    def pile_art(self, key) -> cards_art.CardArt:
        """The waste fanned sideways (draw three on the desktop and an upright phone) is drawn in
        full faces, whose corner index is a column (rank over suit) that the fan's step uncovers
        whole (layouts/klondike/screen.toml); a compact face's suit, at its top right, would lie
        under the next card. The other piles, and the waste fanned down, keep the compact
        faces, whose one-row index a downward step uncovers."""
        if key[0] == "waste" and self.fan_for(key)[0]:
            return cards_art.CardArt(self.art.four_colour, self.art.back_style)
        return self.art

    def ahead_looks(self) -> list:
        """The table's look and the sideways waste's (:meth:`pile_art`), at the card width."""
        waste = self.pile_art(("waste",))
        return super().ahead_looks() + ([(self.card_w, waste)] if waste is not self.art else [])

    # -- places ----------------------------------------------------------------------------------
    @staticmethod
    def place(key) -> int:
        if key[0] == "col":
            return key[1]
        if key[0] == "waste":
            return WASTE
        if key[0] == "found":
            return FOUNDATION_OF + key[1]
        return STOCK

    @staticmethod
    def key_of(p: int):
        if 0 <= p < 7:
            return ("col", p)
        if p == WASTE:
            return ("waste",)
        if p == STOCK:
            return ("stock",)
        return ("found", p - FOUNDATION_OF)

    def pile_cards(self, s, key):
        k = key[0]
        if k == "col":
            i = key[1]
            d = s.down[i]
            return [(c, j >= d) for j, c in enumerate(s.columns[i])]
        if k == "waste":
            return [(c, True) for c in s.waste]
        if k == "stock":
            return [(c, False) for c in reversed(s.stock)]
        su = key[1]
        return [(su * 16 + r, True) for r in range(1, s.foundations[su] + 1)]

    def fan_for(self, key):
        if key[0] == "waste" and self.state.draw == 1:
            return (0.0, 0.0)
        return super().fan_for(key)

    def visible_fan(self, key, n):
        return min(n, 3) if key[0] == "waste" else n

    def route(self, s, m):
        if m.src == STOCK:
            return ("stock",), m.n, ("waste",)
        if m.dst == STOCK:
            return ("waste",), 0, ("stock",)
        src = self.key_of(m.src)
        if m.dst == FOUNDATION:
            card = Klondike.moving_card(s, m)
            return src, 1, ("found", card >> 4)
        return src, (m.n if 0 <= m.src < 7 else 1), ("col", m.dst)

    def tap_list(self, s, key, index):
        if key[0] == "stock":
            return []
        if key[0] == "col":
            return Klondike.tap_moves(s, key[1], index, self.legal_of(s))
        if index != len(self.pile_cards(s, key)) - 1:
            return []
        return Klondike.tap_moves(s, self.place(key), legal=self.legal_of(s))

    def make_move(self, s, key, index, dst):
        n = len(self.pile_cards(s, key)) - index
        src = self.place(key)
        if dst[0] == "col":
            return Move(src, dst[1], n if key[0] == "col" else 1)
        if dst[0] == "found" and n == 1 and key[0] != "found":
            return Move(src, FOUNDATION)
        return None

    def home_move(self, s, key, index):
        if key[0] not in ("col", "waste") or index != len(self.pile_cards(s, key)) - 1:
            return None
        m = Move(self.place(key), FOUNDATION)
        return m if Klondike.why_not(s, m) is None else None

    def stock_tap(self) -> None:
        s = self.state
        try:
            m = Klondike.parse_move(s, "s")
        except IllegalMove as e:
            self.shake_card(("stock",), 0)
            self.refused(None, e.text())
            return
        self.player_move(m)

    # -- looks -----------------------------------------------------------------------------------
    def pile_mark(self, key):
        return key == ("stock",) and not self.state.stock and bool(self.state.waste)

    def draw_pile_base(self, surface, key, covered=False):
        super().draw_pile_base(surface, key, covered)
        if key == ("stock",) and not self.state.stock and self.state.waste:
            r = self.pile_rect[key]
            sz = round(self.card_w * 0.5)
            img = icon("undo", sz, (255, 255, 255)).copy()
            img.set_alpha(140)
            surface.blit(img, (r.centerx - sz // 2, r.centery - sz // 2))

    def draw_cards(self, surface):
        super().draw_cards(surface)
        n = len(self.state.stock)
        if n:
            self.stock_badge(surface, self.pile_rect[("stock",)], n)

    def intro(self) -> str:
        return tr(MSG_INTRO)

    def lost_needed(self) -> str:
        """Lost (:meth:`games.klondike.Klondike.status`): no column card has a move and no card
        the stock shows while drawn through and recycled fits anywhere; says how many stock and
        waste cards that is (and, drawing three, how many of them ever show)."""
        s = self.state
        m = len(s.stock) + len(s.waste)
        n = len(Klondike.stock_shows(s))
        if m == 0:
            return tr(MSG_LOST_EMPTY)
        if n < m:
            return tr(MSG_LOST_SHOWN, n=n, m=m)
        return tr(MSG_LOST_ONE) if m == 1 else tr(MSG_LOST_ALL, n=m)

    def options_rows(self):
        o = self.settings.options_for(self.game)
        s = self.settings

        def auto():
            s.auto_foundation = not s.auto_foundation
            self.settings_changed("auto_foundation")

        onoff = lambda v: tr("on") if v else tr("off")
        return [(lambda: tr("Draw: {n}", n=o.get("draw", "1")),
                 opt_cycle(o, "draw", ["1", "3"], self.app.save_settings)),
                (lambda: tr("Auto to foundation: {v}", v=onoff(s.auto_foundation)), auto)] \
            + super().options_rows()
