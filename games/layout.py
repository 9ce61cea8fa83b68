"""Layout files: geometry as data, covering derived from overlap (docs/design.md, "Layout files").

A layout is a TOML file with ``format = 1``, ``name = { en = "…", ru = "…" }`` and ``grid``, a
character grid in which each character is half a card wide and each line half a card tall:

* ``[]`` a face-up card whose top-left corner is the ``[``; ``{}`` a face-down one;
* ``.`` (or a space) an empty half-cell.

Slots are numbered in reading order (line by line, left to right). A card on a later line lies
on top of every card of an earlier line that it overlaps, i.e. ``|Δx| < 2`` and ``|Δy| < 2``
half-cells; that is the only source of "covered by". A loader that rejects a file says which line
and why.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

LAYOUTS_DIR = Path(__file__).resolve().parent.parent / "layouts"


class LayoutError(ValueError):
    """A layout file that cannot be used; the message names the file, line and reason."""


@dataclass(frozen=True, slots=True)
class Layout:
    """A parsed layout.

    Attributes:
        name: ``{"en": …, "ru": …}``.
        slots: ``(x, y)`` of each card's top-left corner in half-card units, reading order.
        face_up: whether each slot's card is dealt face up.
        covered_by: for each slot, the slots lying on top of it (sorted).
        covers: for each slot, the slots it lies on top of (sorted).
        width, height: the bounding box in half-card units (a card is 2 × 2).
    """

    name: dict
    slots: tuple[tuple[int, int], ...]
    face_up: tuple[bool, ...]
    covered_by: tuple[tuple[int, ...], ...]
    covers: tuple[tuple[int, ...], ...]
    width: int
    height: int

    def __len__(self) -> int:
        return len(self.slots)


def parse_grid(grid: str, where: str = "grid") -> tuple[list[tuple[int, int]], list[bool]]:
    """Card corners and face-up flags of a character grid. :raises LayoutError: naming the line."""
    lines = grid.strip("\n").splitlines()
    slots, faces = [], []
    for y, line in enumerate(lines):
        x = 0
        while x < len(line):
            ch = line[x]
            if ch in ". ":
                x += 1
                continue
            if ch in "[{":
                close = "]" if ch == "[" else "}"
                if x + 1 >= len(line) or line[x + 1] != close:
                    raise LayoutError(f"{where}, line {y + 1}, column {x + 1}: '{ch}' must be followed by '{close}'")
                slots.append((x, y))
                faces.append(ch == "[")
                x += 2
                continue
            raise LayoutError(f"{where}, line {y + 1}, column {x + 1}: unexpected character '{ch}' (use [] {{}} or .)")
    return slots, faces


def build(name: dict, slots: list[tuple[int, int]], faces: list[bool], where: str = "layout") -> Layout:
    """A :class:`Layout` from corners, deriving covering. :raises LayoutError: if two cards share a place."""
    if not slots:
        raise LayoutError(f"{where}: the grid has no cards")
    n = len(slots)
    covered_by: list[list[int]] = [[] for _ in range(n)]
    covers: list[list[int]] = [[] for _ in range(n)]
    seen = {}
    for i, (x, y) in enumerate(slots):
        if (x, y) in seen:
            raise LayoutError(f"{where}: two cards in one place at line {y + 1}, column {x + 1}")
        seen[(x, y)] = i
    for i, (xi, yi) in enumerate(slots):
        for j in range(i + 1, n):
            xj, yj = slots[j]
            if abs(xi - xj) < 2 and abs(yi - yj) < 2:
                if yi == yj:
                    raise LayoutError(f"{where}: cards overlap on line {yi + 1} at columns {xi + 1} and {xj + 1}")
                # j is on a later line (reading order), so j lies on top of i
                covered_by[i].append(j)
                covers[j].append(i)
    width = max(x for x, _ in slots) + 2
    height = max(y for _, y in slots) + 2
    return Layout(dict(name), tuple(slots), tuple(faces), tuple(tuple(c) for c in covered_by),
                  tuple(tuple(c) for c in covers), width, height)


def load(path: str | Path) -> Layout:
    """Read a layout file. :raises LayoutError: naming the file and what is wrong."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise LayoutError(f"{p.name}: cannot read ({e.strerror})") from None
    except tomllib.TOMLDecodeError as e:
        raise LayoutError(f"{p.name}: not valid TOML ({e})") from None
    if data.get("format") != 1:
        raise LayoutError(f"{p.name}: 'format = 1' expected")
    name = data.get("name")
    if not isinstance(name, dict) or not {"en", "ru"} <= set(name):
        raise LayoutError(f"{p.name}: name = {{ en = \"…\", ru = \"…\" }} expected")
    grid = data.get("grid")
    if not isinstance(grid, str):
        raise LayoutError(f"{p.name}: grid = \"\"\"…\"\"\" expected")
    slots, faces = parse_grid(grid, p.name)
    return build(name, slots, faces, p.name)


_cache: dict[str, Layout] = {}


def get(relpath: str) -> Layout:
    """The layout at ``layouts/relpath`` (cached)."""
    if relpath not in _cache:
        _cache[relpath] = load(LAYOUTS_DIR / relpath)
    return _cache[relpath]
