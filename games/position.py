"""Reading and writing the ``Key: value`` position texts of docs/contract.md ("Cards and positions")."""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CardError, fmt, parse_token
from .core import PositionError
from .numbers import whole_number
from .quoting import quote


@dataclass
class Fields:
    """A position's lines: ``values[key]`` (key lower-cased, inner spaces single) → ``(text, line)``;
    ``columns`` the ``: …`` lines in order as ``(text, line)``."""

    values: dict[str, tuple[str, int]] = field(default_factory=dict)
    columns: list[tuple[str, int]] = field(default_factory=list)

    def get(self, key: str, default: str | None = None) -> str | None:
        v = self.values.get(key.lower())
        return v[0] if v else default

    def require(self, key: str) -> str:
        v = self.values.get(key.lower())
        if v is None:
            raise PositionError(f"the position has no '{key[:1].upper() + key[1:]}:' line")
        return v[0]

    def line(self, key: str) -> int:
        return self.values.get(key.lower(), ("", 0))[1]


TRAILER = frozenset({"score", "moves", "status"})
"""The lines ``play`` prints after a position; every game reads them back (a game that keeps one,
such as ``Score:``, lists it in its own keys; the others are skipped, but a ``Score:`` is still
checked to be a whole number: docs/contract.md, "Cards and positions")."""


def position_lines(text: str) -> list[tuple[int, str]]:
    """``(line number, text)`` of each line of a position, numbered from 1 as an editor shows
    them; a leading byte-order mark (as Windows editors write) is dropped."""
    text = text.lstrip("\ufeff")
    # lines end at "\n" (a "\r" before it, as Windows writes, is dropped; a text with no "\n"
    # at all is split at "\r", as old Mac editors wrote); otherwise a lone "\r" or another
    # separator str.splitlines knows is a character of its line (white space between cards), so
    # line numbers in messages are the ones an editor shows
    sep = "\n" if "\n" in text or "\r" not in text else "\r"
    return [(no, raw[:-1] if raw.endswith("\r") else raw) for no, raw in enumerate(text.split(sep), 1)]


def check_game(text: str, game: str) -> None:
    """Refuse a position whose ``Game:`` line names another game than ``game`` (a registry name).
    Every reader asks this first, before anything else of the text is judged, so another game's
    position is named as such rather than refused for a key or a value of its own.

    :raises PositionError: ``line N: this is a position of 'OTHER', not GAME``.
    """
    for no, raw in position_lines(text):
        key, colon, val = raw.split("#", 1)[0].strip().partition(":")
        if colon and " ".join(key.split()).lower() == "game" and val.strip().lower() != game:
            raise PositionError(f"line {no}: this is a position of '{quote(val.strip())}', not {game}")


def read_fields(text: str, allowed: set[str] | None = None, game: str | None = None,
                columns: bool = True, bare: bool = False) -> Fields:
    """Split a position text into fields; ``#`` starts a comment, blank lines are skipped; a
    leading byte-order mark (as Windows editors write) is ignored.

    :param allowed: lower-case keys this game reads; any other key is an error, except the
        ``play`` trailer (:data:`TRAILER`), which is skipped when the game does not read it.
    :param game: when given, a ``Game:`` line must name it.
    :param columns: whether ``: …`` column lines belong to this game's positions.
    :param bare: whether a line of cards alone, with no ``:`` (``7D TD TH``: the boards of
        Freecell Solver's own generator), is a column line too.
    :raises PositionError: naming the line.
    """
    f = Fields()
    lines = position_lines(text)
    if game is not None:  # another game's position is named as such before any of its keys is refused
        check_game(text, game)
    for no, raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith(":"):
            if not columns:
                raise PositionError(f"line {no}: column lines (': …') are not part of a {game or 'this'} position")
            f.columns.append((line[1:].strip(), no))
            continue
        if ":" not in line:
            if bare and columns and _all_cards(line):
                f.columns.append((line, no))
                continue
            raise PositionError(f"line {no}: '{quote(raw.strip())}' is not 'Key: value'")
        key, _, val = line.partition(":")
        k = " ".join(key.split()).lower()
        if allowed is not None and k not in allowed:
            if k in TRAILER:
                if k == "score":  # a game that computes its score ignores the value, not its form
                    number_value(val.strip(), no, "Score")
                continue
            raise PositionError(f"line {no}: unknown key '{quote(key.strip())}'")
        if k in f.values:
            raise PositionError(f"line {no}: '{quote(key.strip())}' given twice")
        f.values[k] = (val.strip(), no)
    return f


def _all_cards(line: str) -> bool:
    """Whether every blank-separated token of ``line`` reads as a card (:func:`parse_token`)."""
    try:
        for tok in line.split():
            parse_token(tok)
    except CardError:
        return False
    return True


def tokens(text: str, line: int, key: str, face_up: str = "", pile: bool = False) -> list[tuple[int | None, bool]]:
    """The ``(card, face_up)`` tokens of a value. ``face_up`` names a pile whose cards all lie
    face up by the rules (``"the waste's cards"``): a card written face down there, ``(8H)``, is
    refused naming it, as Klondike's waste and Devil's Grip's talon refuse one. ``pile``: the
    value is a pile (a column, a stock, a waste, a talon), which has no places between its cards:
    ``--`` (the empty place) is taken there only alone, as the empty pile.

    :raises PositionError: naming line and token."""
    out = []
    toks = text.split()
    for tok in toks:
        try:
            card, up = parse_token(tok)
        except CardError as e:
            raise PositionError(f"line {line} ({key}): {e}") from None
        if face_up and not up:
            raise PositionError(f"line {line}: {face_up} are face up: ({fmt(card)})")
        if pile and card is None and len(toks) > 1:
            raise PositionError(f"line {line}: '{quote(tok)}' stands for an empty place; {key} has none "
                                "between its cards (write it alone for an empty pile)")
        out.append((card, up))
    return out


def distinct_cards(placed) -> set:
    """The cards of ``placed`` (``(card, line)`` pairs in the text's order; ``line`` None for a
    card no line wrote, such as a foundation's below its top) as a set.

    :raises PositionError: at a card's second copy, naming its line and the first copy's."""
    seen: dict = {}
    for c, line in placed:
        if c in seen:
            where = f"line {line}: " if line else ""
            first = f" (also on line {seen[c]})" if seen[c] else ""
            raise PositionError(f"{where}{fmt(c)} appears twice{first}")
        seen[c] = line
    return set(seen)


def int_field(f: Fields, key: str, default: int, lo: int = 0, hi: int = 10 ** 9) -> int:
    """An optional whole-number field such as ``Score:``: ``default`` when the line is absent.

    :raises PositionError: for a line with no value, or one that is not a whole number in
        ``lo..hi``."""
    v = f.get(key)
    if v is None:
        return default
    return number_value(v, f.line(key), key, lo, hi)


def number_value(v: str, line: int, key: str, lo: int = 0, hi: int = 10 ** 9) -> int:
    """The whole number ``v`` (stripped) of line ``line``, key ``key``.

    :raises PositionError: for an empty ``v`` (the line is to be left out for the default), or one
        that is not a whole number (ASCII digits, a sign allowed) in ``lo..hi``."""
    if v == "":
        raise PositionError(f"line {line}: '{key[:1].upper() + key[1:]}:' has no value (a whole number; "
                            "leave the line out for the default)")
    try:
        return whole_number(v, key, lo, hi, signed=True)
    except ValueError as e:
        raise PositionError(f"line {line}: {e}") from None


def rule_field(f: Fields, key: str, default: str) -> str:
    """The value of a rule line (``Draw:``, ``Suits:``, ``Mode:``, ``Relaxed:``, ``Passes:``,
    ``Layout:``), stripped; ``default`` (the ``--option`` or the game's default) when the line is
    absent.

    :raises PositionError: for a line with no value, which would otherwise read as the default
        silently: the line is to be left out for that (docs/contract.md, "Cards and positions")."""
    v = f.get(key)
    if v is None:
        return default
    if v == "":
        raise PositionError(f"line {f.line(key)}: '{key[:1].upper() + key[1:]}:' has no value (leave the line "
                            "out for the default or the --option)")
    return v


def join(cards, face_up: bool = True) -> str:
    """Cards as space-separated tokens."""
    return " ".join(fmt(c, face_up) for c in cards)
