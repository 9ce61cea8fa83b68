"""Quoting user text in error messages: one helper, so every message names bad input the same way.

A message names the text it refuses (a move, a card, a key of a position, a deal code, a date, a
game's name…) so the player can see what was read. :func:`quote` cuts that text to its first 40
characters (``…`` marks a cut; a path, :func:`quote_path`, to its last 40, where its file's name
is), so one long line never floods a terminal or a screen's notice, and
shows control characters (escape sequences, carriage returns, NUL…) and other unprintable ones as
Python's escapes (``\\x1b``, ``\\r``, ``\\x00``), so they are seen rather than acted on by a terminal.

>>> quote("K" * 45)
'KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK…'
>>> quote("\\x1b[31mred\\r")
'\\\\x1b[31mred\\\\r'
>>> quote("5H♥ ok")
'5H♥ ok'
"""
from __future__ import annotations

LIMIT = 40
"""The most characters of a user's text an error message quotes (an escape such as ``\\x1b``
counts as its 4 characters)."""


def escape(ch: str) -> str:
    """``ch`` itself when printable (a space too), else Python's escape for it (``\\x1b``,
    ``\\n``, ``\\u2028``). A variation selector (U+FE00-U+FE0F, U+E0100-U+E01EF: it only
    chooses how the character before it is drawn, and alone shows as nothing) is escaped too."""
    if "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef":
        return f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}"
    return ch if ch.isprintable() else repr(ch)[1:-1]


def quote(text: object, limit: int = LIMIT) -> str:
    """``text`` as an error message names it: unprintable characters escaped (:func:`escape`)
    and cut to at most ``limit`` characters as shown, ``…`` marking a cut (never inside an escape).

    The caller adds the quotation marks (``f"'{quote(t)}' is not a card"``).
    """
    out: list[str] = []
    size = 0
    for ch in str(text):
        piece = escape(ch)
        if size + len(piece) > limit:
            return "".join(out) + "…"
        out.append(piece)
        size += len(piece)
    return "".join(out)


def quote_path(path: object, limit: int = LIMIT) -> str:
    """A path as an error message names it: as :func:`quote` does, but a cut keeps its end, ``…``
    marking it at the start, since the file's name is the telling part (every file of one folder
    shares the path's start).

    >>> quote_path("/tmp/pytest-of-root/pytest-250/test_missing_file/nope.txt")
    '…ot/pytest-250/test_missing_file/nope.txt'
    """
    out: list[str] = []
    size = 0
    for ch in reversed(str(path)):
        piece = escape(ch)
        if size + len(piece) > limit:
            return "…" + "".join(reversed(out))
        out.append(piece)
        size += len(piece)
    return "".join(reversed(out))
