"""Every Pyramid layout file (layouts/pyramid/NN-name.toml): 55 of them, 15 to 40 cards, no two
cards in one place, a card free at the start, covering that follows the drawing, distinct names
and shapes, real covering (docs/design.md "Layout files", docs/rules.md "Pyramid")."""
import re
import tomllib

import pytest

from games import layout
from games.pyramid import N_LAYOUTS, Pyramid, geometry

FOLDER = layout.LAYOUTS_DIR / "pyramid"
FILES = sorted(FOLDER.glob("*.toml"))


def test_fifty_five_files_numbered_one_to_fifty_five():
    numbers = [int(re.match(r"(\d\d)-[a-z0-9-]+\.toml$", p.name).group(1)) for p in FILES]
    assert numbers == list(range(1, N_LAYOUTS + 1))


def drawn_cards(path):
    """Card corners read straight from the characters, independently of games.layout."""
    grid = tomllib.loads(path.read_text(encoding="utf-8"))["grid"]
    out = []
    for y, line in enumerate(grid.strip("\n").splitlines()):
        assert set(line) <= set(".[]"), f"{path.name} line {y + 1}: only . [ ] in Pyramid layouts"
        out += [(m.start(), y) for m in re.finditer(r"\[\]", line)]
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_layout_file(path):
    n = int(path.name[:2])
    g = geometry(n)
    cards = drawn_cards(path)
    assert 15 <= len(cards) <= 40 if n != 1 else len(cards) == 28
    assert len(set(cards)) == len(cards)                               # no two cards in one place
    assert list(g.layout.slots) == cards                               # slots in reading order
    assert all(g.layout.face_up)
    for i, (xi, yi) in enumerate(cards):                               # covering follows overlap
        on_top = tuple(j for j, (xj, yj) in enumerate(cards)
                       if yj > yi and abs(xj - xi) < 2 and abs(yj - yi) < 2)
        assert g.layout.covered_by[i] == on_top, (path.name, i)
    free = [i for i in range(g.n) if not g.layout.covered_by[i]]
    assert free                                                        # something to play at once
    covered = g.n - len(free)
    assert covered >= g.n // 3, f"{path.name}: only {covered} of {g.n} cards are covered"
    assert max(bin(a).count("1") for a in g.above) >= 4                # some card lies deep
    s = Pyramid.deal(1, {"layout": str(n)})
    assert len(s.cards) == g.n and len(s.stock) == 52 - g.n


def test_names_and_shapes_are_distinct():
    names_en, names_ru, shapes = set(), set(), set()
    for path in FILES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["format"] == 1
        en, ru = data["name"]["en"], data["name"]["ru"]
        assert en and ru and en != ru and re.search("[а-яё]", ru.lower())
        names_en.add(en.lower())
        names_ru.add(ru.lower())
        cards = drawn_cards(path)
        x0, y0 = min(x for x, _ in cards), min(y for _, y in cards)
        shapes.add(frozenset((x - x0, y - y0) for x, y in cards))      # the same shape moved is the same
    assert len(names_en) == len(names_ru) == len(shapes) == len(FILES)


def test_classic_is_layout_1_and_the_default():
    assert Pyramid.deal(1, {}).layout == 1
    assert geometry(1).layout.name == {"en": "Classic", "ru": "Классика"}
    assert [y for _, y in geometry(1).layout.slots] == [r for r in range(7) for _ in range(r + 1)]
