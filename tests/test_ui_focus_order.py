"""The keyboard focus's Left/Right and Tab order on every table: the way the keys name.

QA found Right moving the ring to the left on the mirrored parts of the left-handed layout
(Klondike's and FreeCell's top row, Pyramid's whole layout): the focus stepped in the rules'
order of the piles, which the mirror turns round. Both focus kinds step in the screen's reading
order (``ui.table.drag.reading_order``)."""
import pygame
import pytest

from conftest import key, new_app
from ui.table.devils_grip import DevilsGripTable
from ui.table.freecell import FreeCellTable
from ui.table.klondike import KlondikeTable
from ui.table.pyramid import PyramidTable
from ui.table.spider import SpiderTable
from ui.table.tripeaks import TriPeaksTable
from ui.table import hit

TABLES = [KlondikeTable, FreeCellTable, SpiderTable, PyramidTable, TriPeaksTable, DevilsGripTable]
SIZES = [(1280, 800), (390, 844), (844, 390)]


def focus_place(t) -> pygame.Rect:
    """Where the focus is: a columns table's focused pile's place, or the focused tap target."""
    if hasattr(t, "pile_rect"):
        return t.pile_rect[t.focus.key]
    return t.target_rect(t.focus)


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("table", TABLES, ids=lambda c: c.__name__)
def test_right_and_tab_step_in_reading_order(table, size, left_handed):
    """From the first focus, Right visits every target once and comes back; each step goes
    right along the same row or down to a later row, but the one wrap from the last to the
    first. Left walks the same cycle backwards, Tab as Right, Shift+Tab as Left."""
    app = new_app(scene=table(1), size=size, left_handed=left_handed)
    t = app.scene
    key(app, pygame.K_TAB)
    assert t.focus is not None
    start = t.focus
    seen, places = [start], [focus_place(t)]
    for _ in range(200):
        key(app, pygame.K_RIGHT)
        if t.focus == start:
            break
        assert t.focus not in seen, "Right came back to a target before the cycle's end"
        seen.append(t.focus)
        places.append(focus_place(t))
    else:
        raise AssertionError("Right never came back to the first target")
    assert len(seen) > 2
    back = []
    for k in (pygame.K_LEFT, pygame.K_TAB):
        for _ in seen:
            key(app, k, pygame.KMOD_SHIFT if k == pygame.K_TAB else 0)
            back.append(t.focus)
    assert back[:len(seen)] == [seen[-i] for i in range(1, len(seen))] + [start]
    assert back[len(seen):] == back[:len(seen)]  # Shift+Tab as Left
    wraps = []
    for i, (a, b) in enumerate(zip(places, places[1:] + places[:1])):
        same_row = abs(b.centery - a.centery) < max(1, a.height // 4)
        if not ((same_row and b.centerx > a.centerx) or (not same_row and b.centery > a.centery)):
            wraps.append((i, a, b))
    assert len(wraps) == 1, f"steps against the reading order: {wraps}"


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("table", [PyramidTable, TriPeaksTable, DevilsGripTable], ids=lambda c: c.__name__)
def test_the_first_focus_is_the_first_in_reading_order(table, size, left_handed):
    """The first Tab put the focus on the rules' first target, which the left-handed mirror puts
    at the right end of its row, so the next Right left the row at once (fresh user): it lands
    on the first target in reading order."""
    from ui.table.drag import reading_order
    app = new_app(scene=table(948), size=size, left_handed=left_handed)
    t = app.scene
    key(app, pygame.K_TAB)
    assert t.focus == reading_order(t.focus_targets(), t.target_rect)[0]


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_tripeaks_rings_round_the_card_they_mean(size, left_handed):
    """On a phone held upright the peaks' rows are columns of cards each half over the one
    before; the focus's ring went round a card's whole rectangle, taking in half of the card
    drawn over it, and its centre lay on that other card (fresh user): the ring goes round the
    part of the card a player sees, its centre on that card, and takes in no card drawn over it
    across a whole side."""
    app = new_app(scene=TriPeaksTable(948), size=size, left_handed=left_handed)
    t = app.scene
    tab = t.state.tableau
    for i in range(30):
        targets = t.focus_targets()
        for target in targets:
            if target.kind is not hit.Kind.SLOT:
                continue
            ring = t.ring_rect(target)
            assert t.hit_test(ring.center) == target
            inner = ring.inflate(-8, -8)
            for j in t.stack[t.stack.index(target.index) + 1:]:     # the cards drawn over it
                over = inner.clip(t.slot_rects[j])
                if tab[j] is not None and (over.width == inner.width or over.height == inner.height):
                    # a card drawn over it across a whole side (a corner may show: a ring is square)
                    assert over.width * over.height <= inner.width * inner.height // 20, (target, j)
        moves = t.rules.legal_moves(t.state)
        if not moves or t.rules.status(t.state) != "playing":
            break
        assert t.play_assist_move(moves[0])       # a card of the tableau first, else a draw
        app.frame()
        tab = t.state.tableau


@pytest.mark.parametrize("draw", ["1", "3"])
def test_a_focus_on_the_waste_stays_on_its_top_card_when_the_stock_draws(draw):
    """The focus on the waste's top, D drew: the focus kept the old top's index, the ring sat
    on (draw 1) or across (draw 3) the new cards while Enter played the card under them ("Only
    the waste's top card can be played"; fresh user). It stays on the top; an undo brings it
    back to the top left."""
    app = new_app(scene=KlondikeTable(5, {"draw": draw}))
    t = app.scene
    key(app, pygame.K_d)
    t.focus = t.focus_top(("waste",))
    for _ in range(3):
        key(app, pygame.K_d)
        n = len(t.state.waste)
        assert t.focus.key == ("waste",) and t.focus.index == n - 1
    key(app, pygame.K_u)
    assert t.focus.key == ("waste",) and t.focus.index == len(t.state.waste) - 1


def test_a_focus_on_a_columns_top_card_stays_on_the_top_when_the_stock_deals():
    """Spider: a deal puts a card on every column; a focus on a column's top card stays on the
    top (the card Enter plays), not on the card now under it."""
    app = new_app(scene=SpiderTable(1, {"suits": "1"}))
    t = app.scene
    t.focus = t.focus_top(("col", 3))
    key(app, pygame.K_d)
    assert t.focus == t.focus_top(("col", 3))
    assert t.focus.index == len(t.state.columns[3]) - 1


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_pyramid_rings_round_the_card_they_mean_on_every_layout(size, left_handed):
    """Nine of Pyramid's 55 layouts lie on their side on a phone held upright, a row's cards
    half over one another: a free card's ring took in the card drawn over it and its centre lay
    on that card (fresh user). On every layout the ring's centre is on the card Enter plays."""
    wrong = []
    for layout in range(1, 56):
        app = new_app(scene=PyramidTable(layout, {"layout": str(layout)}), size=size, left_handed=left_handed)
        t = app.scene
        wrong += [(layout, x.index) for x in t.focus_targets()
                  if x.kind is hit.Kind.SLOT and t.hit_test(t.ring_rect(x).center) != x]
    assert wrong == []
