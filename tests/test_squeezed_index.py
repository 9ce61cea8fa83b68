"""A squeezed column's cards show every rank whole: the strip a squeezed column leaves of a face-up
card (``ColumnsTable.READ`` of its rank) holds the whole rank glyph of the face it is drawn in
(``cards_art.compact_face`` ``squeezed``), so a Q keeps its tail, a J its hook and an A its
crossbar (QA, session 32: Klondike at 844x390 deal 3 move 162, Spider at 33-50 px, where the
strip showed the top 70 % of a larger rank: Q read as O, J as I, A as Λ)."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.freecell import FreeCell
from ui import cards_art
from ui.table.columns import ColumnsTable
from ui.table.freecell import FreeCellTable

from conftest import new_app


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def ink_rows(surface, x0: int, x1: int, y0: int, y1: int) -> list[int]:
    """The rows in [y0, y1) with a pixel in [x0, x1) far from a face's white (the rank's ink)."""
    out = []
    for y in range(y0, y1):
        if any(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], cards_art.FACE[:3])) > 150
               for x in range(x0, x1)):
            out.append(y)
    return out


def test_the_shortest_strip_is_the_columns_squeeze():
    assert ColumnsTable.READ == cards_art.SQUEEZED_READ


@pytest.mark.parametrize("w", [33, 46, 59, 90])
def test_a_squeezed_face_draws_each_rank_whole_inside_the_shortest_strip(w):
    """Each rank's ink, left of the suit, ends with a blank row inside the shortest strip a
    squeezed column shows (the rank's lowest pixel, Q's tail included, within it) and stands at
    least half the unsqueezed rank's cap height (a rank, not a speck)."""
    inset = max(2, round(0.07 * w))
    strip = min(cards_art.compact_read_height(w, ColumnsTable.READ),
                ColumnsTable.READ * cards_art.compact_index_height(w))
    for rank in range(1, 14):
        img = cards_art.compact_face(3 * 16 + rank, w, squeezed=cards_art.squeezed_room(w))
        rows = ink_rows(img, inset, round(0.5 * w), inset, round(0.5 * w))
        assert rows and rows[-1] + 1 < strip, (rank, rows, strip)
        assert rows[-1] - rows[0] + 1 >= 0.5 * cards_art.compact_cap(w), (rank, rows)


def test_a_squeezed_column_shows_each_of_its_ranks_whole():
    """FreeCell with 21 cards in its first column at 844x390, the cards as wide as the column
    allows squeezed to the READ strips: on screen each face-up card's rank ends inside the strip
    the card above leaves it."""
    deal = FreeCell.format_position(FreeCell.deal(1, {})).splitlines()
    cols = [line for line in deal if line.startswith(":")]
    first = ": " + " ".join(c[2:] for c in cols[:3])
    text = "\n".join([line for line in deal if not line.startswith(":")] + [first, ":", ":"] + cols[3:])
    state = FreeCell.parse_position(text, {})
    app = new_app(FreeCellTable(None, {}, state=state), size=(844, 390))
    t = app.scene
    need = t.column_needs(t.state)
    w = next(w for w in range(t.base_w, 20, -1) if t.fits(need, w))
    assert not t.fits(need, w, whole=True)          # squeezed: some strips short of the whole index
    t.place_piles(w)
    t._picture = None
    t.stale = True
    app.frame()
    app.frame()
    rects = t.pile_rects(t.state, ("col", 0))
    whole = cards_art.compact_index_height(w)
    inset = max(2, round(0.07 * w))
    checked = 0
    for r, nxt in zip(rects, rects[1:]):
        step = nxt.y - r.y
        if step >= whole:
            continue
        rows = ink_rows(app.screen, r.x + inset, r.x + round(0.5 * w), r.y + inset, nxt.y)
        assert rows and rows[-1] + 1 < nxt.y, (r, step, rows)
        checked += 1
    assert checked >= 10
    # the faces the table makes ahead for a state at a width are those it draws
    ahead = t.squeezed_faces(t.state, w)
    assert len(ahead) >= 10 and all(cards_art.cached(cards_art.face_key(c, w, False, True, False, room))
                                    for c, room in ahead)
