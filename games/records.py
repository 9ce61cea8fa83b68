"""Record tables: the top 10 wins per game and variant, and per daily game (docs/rules.md, "Progression").

A table is a list of at most :data:`SIZE` :class:`Entry` rows, best first: more points first;
equal points, the shorter time, then the fewer moves, then the earlier date; a row that ties
an existing row in all four goes below it (the first to get there keeps the place). A win in
which undo was used never enters (docs/rules.md, "Shared by every game"). Tables are named by :func:`table_key`:
``"klondike draw=1"``, ``"spider suits=2"``, ``"pyramid passes=unlimited"``, ``"freecell"``…
and ``"daily klondike"`` for the deal-of-the-day table of a game. Pure data, no pygame.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass

SIZE = 10
VARIANT_KEYS = {"tripeaks": ("mode",), "pyramid": ("passes",), "devils-grip": (), "spider": ("suits",),
                "klondike": ("draw",), "freecell": ()}
"""The options that make a table of their own. Pyramid's layouts share a table (the points weigh
the layout's difficulty) and Spider's relaxed rule shares its suits' table (× 0.8 in the points)."""
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Entry:
    """One row: ``points``, ``seconds`` (whole seconds), ``moves``, ``date`` (``YYYY-MM-DD``, the
    day of the win; in a daily table the daily's own date) and ``code`` (the deal code, to replay
    it)."""

    points: int
    seconds: int
    moves: int
    date: str
    code: str

    def sort_key(self):
        return (-self.points, self.seconds, self.moves, self.date)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d) -> "Entry":
        """A row read back from saved data. :raises ValueError: naming the bad field."""
        if not isinstance(d, dict):
            raise ValueError("a record row is not an object")
        try:
            e = cls(d["points"], d["seconds"], d["moves"], d["date"], d["code"])
        except KeyError as k:
            raise ValueError(f"a record row has no {k.args[0]}") from None
        for f in ("points", "seconds", "moves"):
            v = getattr(e, f)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"a record row's {f} is not a whole number >= 0: {v!r}")
        if not isinstance(e.date, str) or not _DATE.fullmatch(e.date):
            raise ValueError(f"a record row's date is not YYYY-MM-DD: {e.date!r}")
        if not isinstance(e.code, str) or not e.code or len(e.code) > 40:
            raise ValueError(f"a record row's deal code is not a code: {e.code!r}")
        return e


def table_key(game: str, options: dict, daily: bool = False) -> str:
    """The name of the table a win of ``game`` under ``options`` enters (``daily``: the game's
    deal-of-the-day table). :raises KeyError: for an unknown game."""
    if daily:
        return f"daily {game}"
    keys = VARIANT_KEYS[game]
    return " ".join([game] + [f"{k}={options[k]}" for k in keys if k in options])


def insert(table: list[Entry], entry: Entry, undo_used: bool = False) -> tuple[list[Entry], int | None]:
    """``(new table, place)``: the table with ``entry`` in its place (1 = best), or the table
    unchanged and ``None`` when it does not make the top :data:`SIZE` or undo was used. Pure:
    ``table`` is not changed."""
    if undo_used:
        return list(table), None
    rows = sorted(table, key=Entry.sort_key)
    place = next((i for i, r in enumerate(rows) if entry.sort_key() < r.sort_key()), len(rows))
    if place >= SIZE:
        return rows[:SIZE], None
    rows.insert(place, entry)
    return rows[:SIZE], place + 1


def parse_tables(obj) -> dict[str, list[Entry]]:
    """Record tables read back from saved data (``{table key: [row, …]}``), best first.

    :raises ValueError: naming the table and what is wrong.
    """
    if not isinstance(obj, dict):
        raise ValueError("the record tables are not an object")
    out = {}
    for key, rows in obj.items():
        name = str(key).split(" ")
        game = name[1] if name[0] == "daily" and len(name) == 2 else name[0]
        if game not in VARIANT_KEYS:
            raise ValueError(f"record table '{key}' names no game")
        if not isinstance(rows, list) or len(rows) > SIZE:
            raise ValueError(f"record table '{key}' is not a list of at most {SIZE} rows")
        try:
            out[key] = sorted((Entry.from_dict(r) for r in rows), key=Entry.sort_key)
        except ValueError as e:
            raise ValueError(f"record table '{key}': {e}") from None
    return out


def dump_tables(tables: dict[str, list[Entry]]) -> dict:
    """The JSON-ready form of the tables (read back by :func:`parse_tables`)."""
    return {k: [e.to_dict() for e in rows] for k, rows in tables.items()}
