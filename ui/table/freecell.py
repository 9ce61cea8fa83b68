"""The FreeCell table (docs/rules.md, "FreeCell"; docs/klondike-freecell.md, docs/columns-ui.md).

Four free cells, four foundations (one place per suit), eight columns; geometry from
``layouts/freecell/screen.toml``. The shared machinery is :class:`ui.table.columns.ColumnsTable`;
this module maps piles to the rules' places (:mod:`games.freecell`) and adds the win score.
"""
from __future__ import annotations

from games.freecell import CELL, FOUNDATION, FOUNDATION_OF, FreeCell, Move
from games.i18n import N_, tr

from .. import cards_art
from .columns import ColumnsTable

MSG_INTRO = N_("Tap a card to move it, or drag it; a tap on a moved card tries the next place")
MSG_LOST = N_("The free cells are full and no card fits a column or a foundation")


class FreeCellTable(ColumnsTable):
    """FreeCell on screen. Piles: ``("cell", k)``, ``("found", suit)``, ``("col", i)``."""

    rules = FreeCell
    game = "freecell"
    hidden_cards = False      # every card is face up: no "the solver sees face-down cards"
    n_columns = 8
    SPACE_KEY = None           # no stock: Space only plays the focused card
    NUMBER_KEYS = N_("1-8: a column; F: finish")
    auto_game = True
    foundation_badge = True

    @staticmethod
    def preview_places():
        R = cards_art.RATIO
        out = [(k * 1.1, 0, None) for k in range(8)]
        return out + [(c * 1.1, 1.2 * R + k * 0.3 * R, True) for c in range(8) for k in range(7 if c < 4 else 6)]

    @staticmethod
    def place(key) -> int:
        if key[0] == "col":
            return key[1]
        if key[0] == "cell":
            return CELL + key[1]
        return FOUNDATION_OF + key[1]

    @staticmethod
    def key_of(p: int):
        if p < 8:
            return ("col", p)
        if p < CELL + 4:
            return ("cell", p - CELL)
        return ("found", p - FOUNDATION_OF)

    def pile_cards(self, s, key):
        k = key[0]
        if k == "col":
            return [(c, True) for c in s.columns[key[1]]]
        if k == "cell":
            c = s.cells[key[1]]
            return [] if c is None else [(c, True)]
        su = key[1]
        return [(su * 16 + r, True) for r in range(1, s.foundations[su] + 1)]

    def route(self, s, m):
        src = self.key_of(m.src)
        if m.dst == FOUNDATION:
            return src, 1, ("found", FreeCell.moving_card(s, m) >> 4)
        return src, m.n, self.key_of(m.dst)

    def tap_list(self, s, key, index):
        if key[0] == "col":
            return FreeCell.tap_moves(s, key[1], index, self.legal_of(s))
        if index != len(self.pile_cards(s, key)) - 1:
            return []
        return FreeCell.tap_moves(s, self.place(key), legal=self.legal_of(s))

    def glow_moves(self, s, key, index):
        """Only the moves onto a column's card or home: while a free cell or a column is empty
        every top card can go there, so a glow for those would light every column most of the
        game and point at nothing (as Microsoft Solitaire Collection and PySolFC mark only the
        cards that go onto another card or home)."""
        return [m for m in self.tap_list(s, key, index)
                if m.dst == FOUNDATION or (m.dst < CELL and s.columns[m.dst])]

    def make_move(self, s, key, index, dst):
        n = len(self.pile_cards(s, key)) - index
        src = self.place(key)
        if dst[0] == "col":
            return Move(src, dst[1], n)
        if n != 1:
            return None
        if dst[0] == "cell":
            return Move(src, CELL + dst[1])
        if key[0] != "found":
            return Move(src, FOUNDATION)
        return None

    def home_move(self, s, key, index):
        if key[0] == "found" or index != len(self.pile_cards(s, key)) - 1:
            return None
        m = Move(self.place(key), FOUNDATION)
        return m if FreeCell.why_not(s, m) is None else None

    @classmethod
    def deal_label_of(cls, number: int, options: dict) -> str:
        """Microsoft's deal number, ``#617`` (the code ``FC1-M-…`` names the same deal)."""
        return f"#{number}"

    def lost_needed(self) -> str:
        """Lost (:meth:`games.freecell.FreeCell.status`): every free cell taken, no empty column,
        and no card goes onto a column or home."""
        return tr(MSG_LOST)

    def intro(self) -> str:
        return tr(MSG_INTRO)

    def options_rows(self):
        s = self.settings

        def auto():
            s.auto_foundation = not s.auto_foundation
            self.settings_changed("auto_foundation")

        onoff = lambda v: tr("on") if v else tr("off")
        return [(lambda: tr("Auto to foundation: {v}", v=onoff(s.auto_foundation)), auto)] \
            + super().options_rows()
