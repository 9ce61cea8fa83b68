"""Shared deals: which game a deal code names, and the ``?deal=CODE`` of a page address
(docs/rules.md, "Sharing a deal"; docs/progression.md)."""
from __future__ import annotations

from urllib.parse import parse_qs

from .codes import CodeError, latin
from .quoting import quote
from .registry import GAMES, find_game


def game_of_code(code: str) -> str | None:
    """The registry name of the game whose codes begin as ``code`` does (its part before the
    first ``-``, case-insensitive, look-alike letters read as Latin), or None."""
    prefix = latin(str(code).strip()).split("-", 1)[0].upper()
    return next((g for g in GAMES if find_game(g).code_prefix.upper() == prefix), None)


def find_code(code: str) -> tuple[str, int, dict]:
    """``(game, number, options)`` of any game's deal code (case-insensitive, blanks around it
    ignored). :raises CodeError: with one clear line when no game reads it."""
    t = str(code).strip()
    if not t:
        raise CodeError("no deal code given")
    game = game_of_code(t)
    if game is not None:
        number, opts = find_game(game).decode(t)   # its own message when the rest is wrong
        return game, number, opts
    raise CodeError(f"'{quote(t)}' is not a deal code (it begins with no game's letters: "
                    + ", ".join(find_game(g).code_prefix for g in GAMES) + ")")


def trimmed_code(text: str) -> str:
    """``text`` without what a chat app or a sentence puts around a shared code: blanks, invisible
    format characters (a zero-width space at a line break, the direction isolates around copied
    text, Unicode category Cf) and punctuation other than dashes (a full stop, brackets,
    quotation marks) at its two ends; the middle is left as it is.

    >>> trimmed_code("\u2068(KL1-D3-AAAAGHE).\u200b")
    'KL1-D3-AAAAGHE'
    """
    import unicodedata

    def loose(ch: str) -> bool:
        cat = unicodedata.category(ch)
        return ch.isspace() or cat == "Cf" or (cat[0] == "P" and latin(ch) != "-")

    t = str(text)
    i, j = 0, len(t)
    while i < j and loose(t[i]):
        i += 1
    while j > i and loose(t[j - 1]):
        j -= 1
    return t[i:j]


def deal_in_address(search: str) -> str | None:
    """The ``deal`` parameter of a page address's query string (``?deal=TP1-E-AAAAAAB``), or
    None when there is none."""
    q = parse_qs(str(search or "").lstrip("?"), keep_blank_values=True)
    vals = q.get("deal")
    return vals[0] if vals else None
