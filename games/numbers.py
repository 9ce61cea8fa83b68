"""Whole numbers typed by a player or written in a position, a move or an option: ASCII digits only.

Python's ``int()`` also takes other scripts' digits (``int("٣") == 3``), ``str.isdigit()`` is true
for superscripts that ``int()`` then refuses (``"²"``), and ``int()`` of a text longer than 4,300
digits raises its own message. Every number read from user text in ``games/`` goes through
:func:`whole_number` or :func:`is_digits` instead, so a bad number is one clear error naming the
text, the same on every platform.

>>> whole_number(" 42 ")
42
>>> is_digits("3²"), is_digits("٣"), is_digits("1" * 31)
(False, False, False)
>>> whole_number("-3", "Score", signed=True)
-3
"""
from __future__ import annotations

from .quoting import quote

MAX_DIGITS = 30
"""The longest number any field takes (deal numbers have 10 digits, scores fewer)."""


def is_digits(text: str, max_digits: int = MAX_DIGITS) -> bool:
    """Whether ``text`` is 1..``max_digits`` ASCII digits ``0``-``9`` and nothing else."""
    return 0 < len(text) <= max_digits and all("0" <= ch <= "9" for ch in text)


def too_long(text: str, max_digits: int = MAX_DIGITS) -> bool:
    """Whether ``text`` is ASCII digits only but more than ``max_digits`` of them: refused, and
    said so (docs/contract.md: at most 30 digits), not as "not a number"."""
    return len(text) > max_digits and all("0" <= ch <= "9" for ch in text)


def whole_number(text: str, what: str = "number", lo: int | None = None, hi: int | None = None,
                 signed: bool = False) -> int:
    """The value of ``text`` (spaces around ignored; a leading ``-`` when ``signed``: a plus sign
    is no ASCII digit, and docs/contract.md takes digits only).

    :raises ValueError: ``'TEXT' is not a whole number`` (with ``what`` first), or out of
        ``lo..hi``; never Python's own message.
    """
    t = text.strip()
    body = t[1:] if signed and t[:1] == "-" else t
    if too_long(body):
        raise ValueError(f"{what} '{quote(text.strip())}' has more than {MAX_DIGITS} digits")
    if not is_digits(body):
        raise ValueError(f"{what} '{quote(text.strip())}' is not a whole number")
    n = int(t)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise ValueError(f"{what} {n} is out of range ({lo}..{hi})")
    return n
