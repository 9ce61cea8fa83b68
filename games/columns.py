"""Helpers shared by the games whose columns build down in alternating colours (Klondike, FreeCell).

Cards are the ints of :mod:`games.cards` (``suit * 16 + rank``; suits C D H S = 0..3, diamonds and
hearts red). Foundations are a 4-tuple of the top rank per suit (0 = empty), indexed by suit.
Rule sources: docs/rules.md "Klondike", "FreeCell" and "Features shared by all six games"
(auto to foundation, tap a card).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .numbers import MAX_DIGITS, is_digits
from .quoting import quote

FOUNDATION_ORDER = (2, 0, 1, 3)
"""Suits in the order of the ``Foundations:`` line (H C D S, as Freecell Solver writes it)."""
SUIT_LETTERS = "CDHS"
RANK_LETTERS = "0A23456789TJQK"
"""Foundation heights as written in ``Foundations:`` (``0`` empty, ``T`` ten)."""


_TWO_COLUMNS = re.compile(r"(0*[1-9])(0*[1-9])")


def move_places(text: str, letters: str) -> tuple[str, str] | None:
    """The two places of a move text of Klondike or FreeCell (lower case, no count): each a letter
    of ``letters`` (``w``, ``h``, the free cells…) or a column number, ASCII digits with any
    leading zeros (docs/contract.md, "Move notation").

    A text of digits only is two column numbers with no separator; since a column of these games
    is one digit (1–7, 1–8), the first number ends at its first non-zero digit and the second is
    the rest, which must also be zeros and one non-zero digit: ``12`` is 1 and 2, ``0102`` and
    ``012`` are 1 and 2 too, ``10``, ``123`` and ``00`` are no move. A text with a letter has one
    number at most, read whole (``w12`` names a column 12, which the caller refuses by name).

    >>> move_places("012", "wh"), move_places("w007", "wh"), move_places("10", "wh")
    (('01', '2'), ('w', '007'), None)

    :returns: the two places as text, or ``None`` when ``text`` is not two places.
    """
    if is_digits(text, 2 * MAX_DIGITS):
        m = _TWO_COLUMNS.fullmatch(text)
        return (m.group(1), m.group(2)) if m else None
    place = f"([{re.escape(letters)}]|[0-9]{{1,{MAX_DIGITS}}})"
    m = re.fullmatch(place + place, text)
    return (m.group(1), m.group(2)) if m else None


def is_red(c: int) -> bool:
    """Diamonds (1) and hearts (2) are red."""
    return (c >> 4) in (1, 2)


def fits(card: int, onto: int) -> bool:
    """Whether ``card`` may lie on ``onto`` in a column: one rank lower, the other colour."""
    return (onto & 15) - (card & 15) == 1 and is_red(card) != is_red(onto)


def run_start(col: Sequence[int], lo: int = 0) -> int:
    """The index where the ordered tail of ``col`` begins (each card fits on the one below it),
    not below ``lo`` (Klondike passes its face-down count). ``len(col)`` for an empty column."""
    i = len(col) - 1
    if i < lo:
        return len(col)
    while i > lo and fits(col[i], col[i - 1]):
        i -= 1
    return i


def goes_home(card: int, foundations: Sequence[int]) -> bool:
    """Whether ``card`` is the next card of its suit's foundation."""
    return foundations[card >> 4] == (card & 15) - 1


def is_safe(card: int, foundations: Sequence[int]) -> bool:
    """Whether ``card`` (which must go home next) is no longer needed in the columns: an ace or a
    two, or a card whose two opposite-colour foundations are at least its rank − 1 (then every
    card that could lie on it can go home instead). docs/rules.md, "Auto to foundation"."""
    r = card & 15
    if r <= 2:
        return True
    others = (0, 3) if is_red(card) else (1, 2)
    return all(foundations[s] >= r - 1 for s in others)


def safe_cards(candidates: Iterable[int], foundations: Sequence[int], exclude: Iterable[int] = ()) -> list[int]:
    """The cards of ``candidates`` (the playable ones) that may go home by themselves: next on
    their foundation and :func:`is_safe`, except those in ``exclude`` (a card the player just took
    back from a foundation must stay where it was put)."""
    ex = set(exclude)
    return [c for c in candidates if c not in ex and goes_home(c, foundations) and is_safe(c, foundations)]


def parse_foundations(text: str, line: int) -> tuple[int, int, int, int]:
    """Read ``H-0 C-A D-T S-10`` (any order, missing suits 0) into heights by suit. A height is a
    rank letter or a number 0-13 in ASCII digits with any leading zeros (``H-010`` is 10;
    docs/contract.md, "Numbers typed anywhere").

    >>> parse_foundations("H-010 C-00 D-0013 S-T", 1)
    (0, 13, 10, 10)

    :raises ValueError: quoting the bad token (the caller wraps it into a PositionError).
    """
    out = [0, 0, 0, 0]
    seen = set()
    for tok in text.split():
        s, dash, v = tok.partition("-")
        su = s.strip().upper()
        su = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}.get(su, su)
        if dash and su in seen:
            raise ValueError(f"line {line}: '{quote(tok)}': the {su} foundation is given twice")
        if not dash or len(su) != 1 or su not in SUIT_LETTERS:
            raise ValueError(f"line {line}: '{quote(tok)}' is not a foundation (write H-0, C-A, D-T …)")
        vv = v.strip().upper()
        if is_digits(vv) and int(vv) <= 13:
            n = int(vv)
        elif len(vv) == 1 and vv in RANK_LETTERS[1:]:
            n = RANK_LETTERS.index(vv)
        else:
            raise ValueError(f"line {line}: '{quote(tok)}' is not a foundation (height 0, A, 2..10, T, J, Q, K)")
        seen.add(su)
        out[SUIT_LETTERS.index(su)] = n
    return tuple(out)  # type: ignore[return-value]


def format_foundations(f: Sequence[int]) -> str:
    """``H-0 C-A D-T S-K``: heights in Freecell Solver's order and notation."""
    return " ".join(f"{SUIT_LETTERS[s]}-{RANK_LETTERS[f[s]]}" for s in FOUNDATION_ORDER)


def foundation_cards(f: Sequence[int]) -> list[int]:
    """Every card that the foundation heights ``f`` hold."""
    return [s * 16 + r for s in range(4) for r in range(1, f[s] + 1)]
