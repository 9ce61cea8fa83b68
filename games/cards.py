"""Cards and their text form.

A card is a small ``int`` (``suit * 16 + rank``) so that piles are tuples of ints, states hash in C
and solvers stay fast; :class:`Card` is an ``int`` subclass that adds ``rank``, ``suit`` and a text
form. There are exactly 52 distinct card values; two physical copies of one card (two-deck games)
are the same value, and positions name places, not cards.

Notation (docs/contract.md, "Cards and positions"): rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (input also
``10``), suit ``C D H S`` (input also ``♣ ♦ ♥ ♠``), case-insensitive on input.

>>> parse_card("10h")
Card('TH')
>>> parse_card("K♣").rank, parse_card("K♣").suit
(13, 0)
"""
from __future__ import annotations

from .quoting import quote

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
VARIATION_SELECTORS = ("\ufe0e", "\ufe0f")
"""Unicode's text and emoji variation selectors: after a suit symbol (``♥️`` is U+2665 U+FE0F, as
phone keyboards and many web pages write it) they choose how it is drawn, and a card reads the same."""
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


class CardError(ValueError):
    """A card's text could not be read; the message quotes the text."""


class Card(int):
    """One card: ``rank`` 1..13 (A=1, J=11, Q=12, K=13) and ``suit`` 0..3 (C, D, H, S).

    Build cards with :func:`card` or :func:`parse_card`; both return shared instances.
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        return self & 15

    @property
    def suit(self) -> int:
        return self >> 4

    @property
    def red(self) -> bool:
        """Diamonds and hearts are red."""
        return (self >> 4) in (DIAMONDS, HEARTS)

    def __str__(self) -> str:
        return RANKS[(self & 15) - 1] + SUITS[self >> 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self):  # pickles as the shared instance
        return (card, (self & 15, self >> 4))


_TABLE = {(r, s): Card(s * 16 + r) for s in range(4) for r in range(1, 14)}
ALL_CARDS: tuple[Card, ...] = tuple(_TABLE[(r, s)] for s in range(4) for r in range(1, 14))
"""The 52 cards, clubs A..K, then diamonds, hearts, spades."""


def card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1..13) and ``suit`` (0..3). Raises :class:`CardError` when out of range."""
    try:
        return _TABLE[(rank, suit)]
    except KeyError:
        raise CardError(f"no card with rank {rank} and suit {suit}") from None


def as_card(value: int) -> Card:
    """The shared :class:`Card` for an int card value (``suit * 16 + rank``)."""
    return _TABLE[(value & 15, value >> 4)]


def rank_of_text(text: str) -> int:
    """The rank (1..13) named by ``text`` (``A``, ``2``..``10``, ``T``, ``J``, ``Q``, ``K``)."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANKS:
        raise CardError(f"'{quote(text)}' is not a rank (A 2 3 4 5 6 7 8 9 T J Q K)")
    return RANKS.index(t) + 1


def suit_letters(text: str) -> str:
    """``text`` with each suit symbol (``♣ ♦ ♥ ♠``, with or without a variation selector after
    it) written as its letter (``C D H S``), for move notations that name a suit (Klondike's and
    FreeCell's take-back ``h♥1`` reads as ``hH1``, docs/contract.md "Cards and positions")."""
    if not any(c in SUIT_SYMBOLS for c in text):
        return text
    out = []
    after_symbol = False
    for c in text:
        if after_symbol and c in VARIATION_SELECTORS:
            after_symbol = False
            continue
        after_symbol = c in SUIT_SYMBOLS
        out.append(SUIT_SYMBOLS.get(c, c))
    return "".join(out)


def parse_card(text: str) -> Card:
    """Read one card such as ``KC``, ``10h``, ``T♥``; parentheses are not accepted here.

    :raises CardError: quoting ``text`` when it names no card.
    """
    t = text.strip()
    if t[-1:] in VARIATION_SELECTORS and t[-2:-1] in SUIT_SYMBOLS:
        t = t[:-1]   # ♥️: a phone keyboard's or a web page's emoji form of the suit symbol
    if len(t) < 2:
        raise CardError(f"'{quote(text)}' is not a card (write rank then suit, e.g. KC or 10H)")
    s = SUIT_SYMBOLS.get(t[-1], t[-1].upper())
    if s not in SUITS:
        raise CardError(f"'{quote(text)}' is not a card: unknown suit '{quote(t[-1])}' (C D H S)")
    try:
        r = rank_of_text(t[:-1])
    except CardError:
        raise CardError(f"'{quote(text)}' is not a card: unknown rank '{quote(t[:-1])}'") from None
    return _TABLE[(r, SUITS.index(s))]


def parse_token(text: str) -> tuple[Card | None, bool]:
    """Read a position token: ``KC`` (face up), ``(KC)`` (face down) or ``--`` (empty place).

    :returns: ``(card, face_up)``; ``(None, True)`` for ``--``.
    :raises CardError: quoting the token.
    """
    t = text.strip()
    if t in ("--", "-"):
        return None, True
    if t.startswith("(") and t.endswith(")"):
        try:
            return parse_card(t[1:-1]), False
        except CardError as e:
            # the message quotes the token as written, parentheses and all (docs/contract.md: an
            # error names the text it refuses); the cause after the quote stays
            inner = f"'{quote(t[1:-1])}'"
            msg = str(e)
            if msg.startswith(inner):
                msg = f"'{quote(text.strip())}'" + msg[len(inner):]
            raise CardError(msg) from None
    if "(" in t or ")" in t:
        raise CardError(f"'{quote(text)}' is not a card: unbalanced parentheses")
    return parse_card(t), True


def fmt(c: int | None, face_up: bool = True) -> str:
    """Text of a card value, ``(KC)`` when face down, ``--`` for ``None``."""
    if c is None:
        return "--"
    s = RANKS[(c & 15) - 1] + SUITS[c >> 4]
    return s if face_up else f"({s})"


def deck(copies: int = 1, suits: tuple[int, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES),
         ranks: tuple[int, ...] = tuple(range(1, 14))) -> tuple[Card, ...]:
    """The unshuffled deck: ``copies`` × the cards of ``suits`` × ``ranks``, in suit then rank order.

    One deck: ``deck()``; Devil's Grip: ``deck(2, ranks=range(2, 14))``; Spider 2 suits: 4 spades
    + 4 hearts sets is ``deck(4, suits=(HEARTS, SPADES))``.
    """
    return tuple(_TABLE[(r, s)] for _ in range(copies) for s in suits for r in ranks)
