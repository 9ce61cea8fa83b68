"""What is under the pointer: the answer of a table's ``hit_test(pos)`` and ``target_at(pos)``,
and what the keyboard's focus rests on (docs/architecture.md, "The flow of one tap").

A :class:`Hit` is a small frozen value: two hits are the same target when they are equal, so a
press and its release over "the same target" compare with ``==``, and a hit can key a dict or
sit in a set."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """The kinds of things a player can tap."""

    BUTTON = "button"     # a bar button or the pause button: ``name`` says which
    CARD = "card"         # a column game's card: ``pile`` (pile key) and ``index`` in that pile
    PILE = "pile"         # a column game's pile, empty or the stock: ``pile``
    FINISH = "finish"     # the Finish button of a column game
    SLOT = "slot"         # a tableau place of TriPeaks or Pyramid: ``index``
    STOCK = "stock"       # the stock (Pyramid: its face-up top card)
    DECK = "deck"         # Pyramid's draw tab (the stock face down)
    WASTE = "waste"       # the waste pile
    DISCARD = "discard"   # Pyramid's discard pile
    TALON = "talon"       # Devil's Grip's talon
    CELL = "cell"         # a cell of Devil's Grip's grid: ``index``
    HANDLE = "handle"     # a drop handle of a Devil's Grip cell under a dragged stack: ``index``


@dataclass(frozen=True)
class Hit:
    """One tappable thing.

    Attributes:
        kind: a :class:`Kind`.
        index: the slot, cell or handle number (0-based, as the rules number them), or a card's
            index in its pile (0: the bottom card); ``None`` where the kind has none.
        pile: a column game's pile key (``("col", 2)``, ``("found", 0)``, ``("stock",)``…) for
            :attr:`Kind.CARD` and :attr:`Kind.PILE`; ``None`` otherwise.
        name: a button's name (``"undo"``, ``"hint"``, ``"pause"``…); ``""`` otherwise.
    """

    kind: Kind
    index: int | None = None
    pile: tuple | None = None
    name: str = ""


STOCK = Hit(Kind.STOCK)
DECK = Hit(Kind.DECK)
WASTE = Hit(Kind.WASTE)
DISCARD = Hit(Kind.DISCARD)
TALON = Hit(Kind.TALON)
FINISH = Hit(Kind.FINISH)


def slot(i: int) -> Hit:
    """Tableau place ``i`` of TriPeaks or Pyramid."""
    return Hit(Kind.SLOT, i)


def cell(i: int) -> Hit:
    """Cell ``i`` of Devil's Grip's grid (0..23, row by row)."""
    return Hit(Kind.CELL, i)


def handle(i: int) -> Hit:
    """The drop handle of Devil's Grip's cell ``i``."""
    return Hit(Kind.HANDLE, i)


def card(pile: tuple, index: int) -> Hit:
    """Card ``index`` (0: the bottom one) of a column game's pile ``pile``."""
    return Hit(Kind.CARD, index, pile)


def pile(key: tuple) -> Hit:
    """A column game's pile ``key`` itself (empty, or the stock)."""
    return Hit(Kind.PILE, None, key)


def button(name: str) -> Hit:
    """The button named ``name``."""
    return Hit(Kind.BUTTON, name=name)
