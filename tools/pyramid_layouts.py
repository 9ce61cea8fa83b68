"""Draws Pyramid layouts 2..55 into ``layouts/pyramid/NN-name.toml`` (the files are the source of
truth; this script only helped draw them, and rewrites them when run: ``python tools/pyramid_layouts.py``).

A shape is a list of lines, one per grid line (half a card tall; a later line lies on top of the
one before where cards overlap). A line is written ``"x:n"`` segments separated by spaces: ``n``
cards whose corners are at ``x, x+2, …`` half-cells (``"x:n:s"`` uses step ``s``). ``cen`` makes
lines of given card counts centred on one column. Layout 1 (the classic) is written by hand.
"""
from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "layouts" / "pyramid"


def cen(counts, centre=None):
    """Lines of ``counts`` cards each, centred on half-cell ``centre`` (default: the widest line's)."""
    c = max(counts) - 1 if centre is None else centre
    return [f"{c - (n - 1)}:{n}" for n in counts]


SHAPES = [
    # (file slug, English, Russian, lines)
    ("small-pyramid", "Small pyramid", "Малая пирамида", cen([1, 2, 3, 4, 5, 6])),
    ("great-pyramid", "Great pyramid", "Великая пирамида", cen([1, 2, 3, 4, 5, 6, 7, 8])),
    ("inverted-pyramid", "Inverted pyramid", "Перевёрнутая пирамида", cen([7, 6, 5, 4, 3, 2, 1])),
    ("twin-pyramids", "Twin pyramids", "Две пирамиды", ["4:1 14:1", "3:2 13:2", "2:3 12:3", "1:4 11:4", "0:10", "1:9"]),
    ("three-peaks", "Three peaks", "Три вершины", ["2:2 10:2 18:2", "1:3 9:3 17:3", "0:12", "1:11"]),
    ("diamond", "Diamond", "Ромб", cen([1, 2, 3, 4, 5, 4, 3, 2, 1])),
    ("shield", "Shield", "Щит", cen([4, 5, 4, 5, 4, 3, 2, 1])),
    ("hourglass", "Hourglass", "Песочные часы", cen([5, 4, 3, 2, 3, 4, 5])),
    ("wall", "Wall", "Стена", ["0:6", "1:5", "0:6", "1:5", "0:6"]),
    ("high-wall", "High wall", "Высокая стена", ["0:5", "1:4", "0:5", "1:4", "0:5", "1:4", "0:5"]),
    ("tower", "Tower", "Башня", ["0:3", "1:2"] * 4),
    ("twin-towers", "Twin towers", "Две башни", ["0:2 10:2", "1:1 11:1"] * 4 + ["0:2 10:2"]),
    ("bridge", "Bridge", "Мост", ["0:2 14:2"] * 3 + ["0:9", "1:8", "0:9"]),
    ("cross", "Cross", "Крест", ["6:3", "7:2"] * 2 + ["0:9", "1:8"] + ["6:3", "7:2"] * 2),
    ("arch", "Arch", "Арка", ["4:5", "3:2 11:2", "2:2 12:2", "1:2 13:2", "0:2 14:2", "1:2 13:2", "0:2 14:2"]),
    ("stairs", "Stairs", "Лестница", [f"{y}:4" for y in range(8)]),
    ("zigzag", "Zigzag", "Зигзаг", [f"{x}:3" for x in (0, 1, 2, 3, 2, 1, 0, 1, 2)]),
    ("saltire", "Saltire", "Андреевский крест",
     [f"{y}:1 {12 - y}:1" if y != 6 else "6:1" for y in range(13)]),
    ("chevron", "Chevron", "Шеврон", [f"{y}:2 {16 - y}:2" for y in range(7)] + ["7:3"]),
    ("heart", "Heart", "Сердце", ["1:2 7:2", "0:6", "1:5", "2:4", "3:3", "4:2", "5:1"]),
    ("frame", "Frame", "Рамка", ["0:7", "1:6", "0:2 10:2", "1:1 11:1", "0:2 10:2", "1:6", "0:7"]),
    ("star", "Star", "Звезда", ["4:1", "3:2", "0:5", "1:4", "0:5", "3:2", "4:1"]),
    ("arrow", "Arrow", "Стрела", cen([1, 2, 3, 4, 5]) + ["3:2"] * 5),
    ("fir-tree", "Fir tree", "Ёлка", ["6:1", "5:2", "4:3", "5:2", "4:3", "3:4", "2:5", "5:2", "5:2"]),
    ("castle", "Castle", "Замок", ["0:1 4:1 8:1 12:1", "0:7", "1:6", "0:7", "1:6", "0:7"]),
    ("crown", "Crown", "Корона", ["0:1 6:1 12:1", "1:1 5:2 11:1", "0:7", "1:6", "0:7", "1:6"]),
    ("terraces", "Terraces", "Террасы", ["0:3", "1:3", "0:4", "1:4", "0:5", "1:5", "0:6"]),
    ("fan", "Fan", "Веер", ["0:1 6:1 12:1", "1:1 6:1 11:1", "2:1 6:1 10:1", "3:1 6:1 9:1", "4:3", "3:4", "2:5", "1:6"]),
    ("butterfly", "Butterfly", "Бабочка", ["1:2 9:2", "0:3 8:3", "1:6", "0:7", "1:6", "0:3 8:3", "1:2 9:2"]),
    ("house", "House", "Домик", cen([1, 2, 3, 4, 5], 8) + ["0:9"] * 2 + ["0:2 14:2"]),
    ("plus", "Plus", "Плюс", ["4:3", "5:2", "4:3", "0:7", "1:6", "0:7", "4:3", "5:2", "4:3"]),
    ("braids", "Braids", "Косички", [f"{x}:4:4" for x in (0, 1, 2, 1, 0, 1, 2, 1)]),
    ("colonnade", "Colonnade", "Колоннада", ["0:7"] + ["0:4:4"] * 4 + ["1:6", "0:7"]),
    ("gate", "Gate", "Ворота", ["0:7", "1:6"] + ["0:2 10:2", "1:1 11:1"] * 2 + ["0:7", "1:6"]),
    ("ladder", "Ladder", "Стремянка", ["0:5", "1:4", "0:5", "0:1 8:1"] * 2 + ["0:5"]),
    ("bow-tie", "Bow tie", "Бантик", ["0:1 12:1", "1:1 11:1", "0:2 10:2", "1:2 9:2", "0:7", "1:2 9:2",
                                     "0:2 10:2", "1:1 11:1", "0:1 12:1"]),
    ("letter-h", "Letter H", "Буква Н", ["0:2 8:2", "1:1 9:1", "0:2 8:2", "0:6", "1:5", "0:6", "0:2 8:2", "1:1 9:1",
                                       "0:2 8:2"]),
    ("letter-t", "Letter T", "Буква Т", ["0:7", "1:6", "0:7"] + ["5:2", "6:1"] * 4),
    ("waves", "Waves", "Волны", [f"{x}:5:3" for x in (0, 1, 2, 1, 0, 1, 2, 1)]),
    ("mountain-range", "Mountain range", "Горная гряда",
     ["5:1", "4:2 14:1", "3:3 13:2", "2:4 12:3", "1:9", "0:10"]),
    ("ziggurat", "Ziggurat", "Зиккурат", ["4:3", "4:3", "2:5", "3:4", "2:5", "0:7", "1:6", "0:7"]),
    ("temple", "Temple", "Храм", cen([1, 2, 3, 4, 5]) + ["0:3:4"] * 3 + ["0:5"]),
    ("boat", "Boat", "Лодка", ["6:1", "5:2", "4:3", "6:1", "0:7", "1:6", "2:5", "3:4"]),
    ("goblet", "Goblet", "Кубок", ["0:7", "1:6", "2:5", "3:4", "4:3", "5:2", "5:2", "5:2", "3:4"]),
    ("hexagon", "Hexagon", "Шестиугольник", cen([4, 5, 6, 5, 6, 5, 4])),
    ("tunnel", "Tunnel", "Тоннель", ["0:7", "1:6", "0:7"] + ["1:2 9:2", "0:2 10:2"] * 2),
    ("pillars", "Pillars", "Столбы", ["0:2 6:2 12:2", "1:1 7:1 13:1"] * 3 + ["0:2 6:2 12:2"]),
    ("kite", "Kite", "Воздушный змей", cen([1, 2, 3, 4, 5, 4, 3, 2, 1, 1, 1])),
    ("comb", "Comb", "Гребёнка", ["0:9", "1:8", "0:9"] + ["0:5:4"] * 2),
    ("dome", "Dome", "Купол", ["4:3", "3:4", "2:5", "1:6", "0:7", "1:6", "0:7"]),
    ("lighthouse", "Lighthouse", "Маяк", ["5:2", "4:3", "5:2", "5:2", "4:3", "4:3", "3:4", "2:5"]),
    ("flower", "Flower", "Цветок", ["3:2", "2:3", "1:4", "2:3", "3:2", "4:1", "4:1", "3:2", "4:1"]),
    ("cascade", "Cascade", "Каскад", [f"{x}:3" for x in range(9, -1, -1)]),
    ("trident", "Trident", "Трезубец", ["0:1 6:1 12:1"] * 3 + ["0:7", "1:6", "0:7"] + ["5:2", "6:1"] * 2),
]


def cards_of(lines):
    """``(x, y)`` corners of a shape's cards, in reading order."""
    out = []
    for y, line in enumerate(lines):
        row = []
        for seg in line.split():
            parts = [int(v) for v in seg.split(":")]
            x, n, step = parts[0], parts[1], parts[2] if len(parts) > 2 else 2
            row += [x + step * k for k in range(n)]
        out += [(x, y) for x in sorted(row)]
    return out


def grid_of(lines) -> str:
    cards = cards_of(lines)
    width = max(x for x, _ in cards) + 2
    rows = [["."] * width for _ in range(len(lines))]
    for x, y in cards:
        if rows[y][x] != "." or rows[y][x + 1] != ".":
            raise ValueError(f"cards overlap on line {y + 1} at column {x + 1}")
        rows[y][x], rows[y][x + 1] = "[", "]"
    return "\n".join("".join(r) for r in rows)


def write(number: int, slug: str, en: str, ru: str, lines) -> Path:
    path = OUT / f"{number:02d}-{slug}.toml"
    n = len(cards_of(lines))
    path.write_text(f"# Pyramid layout {number}: {en}, {n} cards (drawn with tools/pyramid_layouts.py).\n"
                    f"# Each character is half a card; a card on a later line lies on top of those it overlaps.\n"
                    f"format = 1\n"
                    f'name = {{ en = "{en}", ru = "{ru}" }}\n'
                    f'grid = """\n{grid_of(lines)}\n"""\n', encoding="utf-8")
    return path


def main(argv) -> int:
    only = {int(a) for a in argv}
    for number, (slug, en, ru, lines) in enumerate(SHAPES, 2):
        if only and number not in only:
            continue
        for old in OUT.glob(f"{number:02d}-*.toml"):
            old.unlink()
        p = write(number, slug, en, ru, lines)
        print(p.name, len(cards_of(lines)))
    return 0


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Rewrite layouts/pyramid/NN-name.toml from the shapes drawn here.")
    ap.add_argument("numbers", nargs="*", type=int, help="only these layouts (2..55; default: all)")
    sys.exit(main([str(n) for n in ap.parse_args().numbers]))
