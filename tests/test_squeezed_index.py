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


def _squeezed_spider(size=(844, 390), **kw):
    """Spider one suit with a run K..2 on five face-down cards in its first column, at ``size``:
    the run is squeezed (its steps show less than a card's whole index)."""
    from games.spider import Spider
    from ui.table.spider import SpiderTable

    ranks = "A23456789TJQK"
    pool = {r: 8 for r in ranks}
    down, run = list("56789"), list("KQJT98765432")
    for r in down + run:
        pool[r] -= 1
    rest = [r for r in ranks for _ in range(pool[r])]
    cols = [" ".join([f"({r}S)" for r in down] + [f"{r}S" for r in run])]
    for _ in range(9):
        cs, rest = rest[:5], rest[5:]
        cols.append(" ".join([f"({r}S)" for r in cs[:-1]] + [f"{cs[-1]}S"]))
    text = "\n".join(["Game: spider", "Suits: 1", "Completed: 0", "Stock: " + " ".join(f"({r}S)" for r in rest)]
                     + [": " + c for c in cols])
    state = Spider.parse_position(text, {"suits": "1"})
    return new_app(SpiderTable(None, {"suits": "1"}, state=state), size=size, **kw)


def _assert_strips_whole(surface, rects, least=8):
    """Each card of ``rects`` (px, bottom first) that the next covers below less than its whole
    index shows its rank's ink ending with a blank row above the next card (the rank whole in
    its strip, not cut by the card over it); ``least`` such cards at least."""
    checked = 0
    for r, nxt in zip(rects, rects[1:]):
        w = r.width
        if nxt.y - r.y >= cards_art.compact_index_height(w):
            continue
        inset = max(2, round(0.07 * w))
        rows = ink_rows(surface, r.x + inset, r.x + round(0.5 * w), r.y + inset, nxt.y)
        assert rows and rows[-1] + 1 < nxt.y, (r, nxt.y - r.y, rows)
        checked += 1
    assert checked >= least


def test_a_dragged_squeezed_run_shows_each_rank_whole():
    """A squeezed run held by the pointer keeps its spacing, each card drawn in the squeezed face
    for its strip (as in the column), not the whole face the next card cuts (table34, task 1)."""
    import pygame

    from conftest import _post

    app = _squeezed_spider()
    t = app.scene
    rects = t.pile_rects(t.state, ("col", 0))
    _assert_strips_whole(app.screen, rects[5:])             # at rest
    start = (rects[6].centerx, rects[6].y + 3)              # the queen and the cards on it
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    app.frame()
    for k in range(1, 4):
        _post(pygame.MOUSEMOTION, pos=(start[0] + 100 * k, start[1] + 5), rel=(1, 1), buttons=(1, 0, 0), touch=False)
        app.frame()
    assert t.drag is not None
    held = t.drag_rects()
    assert held[0].width > rects[0].width
    _assert_strips_whole(app.screen, held)


def test_a_squeezed_run_waiting_to_fly_shows_each_rank_whole():
    """Cards of a run waiting to fly, still fanned as they lay, are drawn in the squeezed faces
    of their strips."""
    app = _squeezed_spider(anim_speed="normal")
    t = app.scene
    cards = t.pile_cards(t.state, ("col", 0))
    rects = t.pile_rects(t.state, ("col", 0))
    for j in range(6, len(cards)):
        t.fly(cards[j][0], rects[j].topleft, (rects[j].x + 300, rects[j].y), None, delay=60_000)
    t.stale = True
    app.frame()
    _assert_strips_whole(app.screen, rects[6:])
