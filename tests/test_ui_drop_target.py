"""The drop's target mark while cards are dragged, in all six games (compare34 G1): the pile a
release would play on wears a white ring round the whole of it (not the playable glow's blue),
none while a release would glide back, and the playable glow is off for the drag. Driven through
the real App headless: the mouse pressed and moved, not released, and the screen read."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.devils_grip import DevilsGripState, N_CELLS
from games.cards import parse_card
from games.pyramid import Pyramid, free
from games.tripeaks import DRAW, N_SLOTS, TriPeaks, exposed
from ui import cards_art
from ui.table import hit
from ui.table.devils_grip import DevilsGripTable
from ui.table.drag import target_ring
from ui.table.freecell import FreeCellTable
from ui.table.klondike import KlondikeTable
from ui.table.pyramid import PyramidTable
from ui.table.spider import SpiderTable
from ui.table.tripeaks import TriPeaksTable
from conftest import _post, new_app

SIZES = [(1280, 800), (390, 844)]


@pytest.fixture(autouse=True)
def _quit(fake_clock):
    yield
    pygame.display.quit()


def settle(app, frames=400):
    t = app.scene
    for _ in range(frames):
        app.frame()
        busy = t.anim.tweens or getattr(t, "auto_due", None) is not None
        if not busy:
            break
        app.now.advance(0.02)


def press_and_move(app, start, end, steps=6):
    """The mouse pressed at ``start`` and moved to ``end`` in ``steps`` moves, a frame after each:
    not released."""
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    app.frame()
    move_to(app, start, end, steps)


def move_to(app, start, end, steps=6):
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        _post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False)
        app.frame()


def release(app, pos):
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    app.frame()


def ring_share(surface, box, card_w) -> float:
    """The share of points along the middle of the target ring's left, right and bottom strokes
    round ``box`` that show the ring on ``surface``: its white at 240/255 over its dark edge on
    the felt (a card's face, 253, is whiter)."""
    outer, lw, r = target_ring(box, card_w)
    pts = []
    for k in range(1, 10):
        y = outer.top + r + (outer.height - 2 * r) * k // 10
        pts += [(outer.left + lw // 2, y), (outer.right - 1 - lw // 2, y)]
        x = outer.left + r + (outer.width - 2 * r) * k // 10
        pts.append((x, outer.bottom - 1 - lw // 2))
    w, h = surface.get_size()
    pts = [p for p in pts if 0 <= p[0] < w and 0 <= p[1] < h]
    near = sum(1 for p in pts if all(236 <= v <= 248 for v in surface.get_at(p)[:3]))
    return near / len(pts)


def glow_pixels(surface) -> int:
    """How many pixels of ``surface`` are near the playable glow's colour."""
    w, h = surface.get_size()
    n = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            c = surface.get_at((x, y))
            if all(abs(c[i] - cards_art.GLOW[i]) < 25 for i in range(3)):
                n += 1
    return n


# -- Klondike, FreeCell, Spider ------------------------------------------------------------------
def point(t, key, i):
    rects = t.pile_rects(t.state, key)
    r = rects[i]
    bottom = rects[i + 1].y if i + 1 < len(rects) and rects[i + 1].y > r.y else r.bottom
    p = (r.centerx, (r.y + bottom) // 2)
    assert t.hit_test(p) == hit.card(key, i)
    return p


def column_case(t):
    """A column-to-column move of the table's position (source pile, index, target pile) and a
    column that refuses those cards, its top card glowing when one does; ``None`` if none."""
    s = t.state
    glow = t.glowing()
    best = None
    for m in t.rules.legal_moves(s):
        src, n, dst = t.route(s, m)
        if src[0] != "col" or dst[0] != "col" or not t.pile_cards(s, dst):
            continue
        index = len(t.pile_cards(s, src)) - n
        for k in t.all_keys():
            if k[0] != "col" or k in (src, dst) or not t.pile_cards(s, k):
                continue
            mv = t.make_move(s, src, index, k)
            if mv is not None and t.why(s, mv) is None:
                continue
            case = (src, index, dst, k)
            if (k, len(t.pile_cards(s, k)) - 1) in glow:
                return case
            best = best or case
    return best


def over(t, src, index, key, start):
    """Where to move the pointer from ``start`` (on card ``index`` of ``src``) so that the lifted
    lead card lies on pile ``key``'s top card, a third of a card lower."""
    a = t.pile_rects(t.state, src)[index]
    b = t.pile_rects(t.state, key)[-1]
    return start[0] + b.x - a.x, start[1] + b.y + t.card_h // 3 - a.y


def column_box(t, key):
    rects = t.pile_rects(t.state, key)
    return t.pile_rect[key].unionall(rects)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("cls,deals", [(KlondikeTable, range(1, 40)), (FreeCellTable, range(1, 40)),
                                        (SpiderTable, range(1, 40))])
def test_a_drag_rings_the_pile_a_release_plays_on_and_no_other(cls, deals, size):
    for n in deals:
        app = new_app(cls(n), size, auto_foundation=False)
        settle(app)
        t = app.scene
        case = column_case(t)
        if case is not None:
            break
        pygame.display.quit()
    src, index, dst, bad = case
    s0 = t.state
    shown_glow = t.glowing()
    start = point(t, src, index)
    good_at = over(t, src, index, dst, start)
    press_and_move(app, start, good_at)
    assert t.drag is not None
    assert t.drop_pile() == dst
    screen = app.screen
    assert ring_share(screen, column_box(t, dst), t.card_w) >= 0.4
    assert t.glowing() == set()       # the playable glow is off during the drag
    if shown_glow:
        assert glow_pixels(screen) == 0
    # over the refusing column: no ring there, none anywhere that would pass for one
    bad_at = over(t, src, index, bad, start)
    move_to(app, good_at, bad_at, 3)
    assert t.drop_pile() is None
    assert ring_share(app.screen, column_box(t, bad), t.card_w) < 0.1
    assert ring_share(app.screen, column_box(t, dst), t.card_w) < 0.1
    # back over the target: released there, the cards go to the pile the ring marked
    move_to(app, bad_at, good_at, 3)
    assert t.drop_pile() == dst
    release(app, good_at)
    settle(app)
    assert t.state is not s0 and t.history.moves >= 1
    assert t.pile_cards(t.state, dst)[len(t.pile_cards(s0, dst))][0] == t.pile_cards(s0, src)[index][0]


def test_the_target_is_asked_of_the_rules_once_per_pile_not_every_motion():
    """Keep a drag's frames cheap: the rules are asked whether a pile takes the cards once per
    pile while the pointer moves about over it."""
    for n in range(1, 40):
        app = new_app(FreeCellTable(n), (1280, 800))
        settle(app)
        t = app.scene
        case = column_case(t)
        if case is not None:
            break
        pygame.display.quit()
    src, index, dst, _ = case
    asked = []
    real = t.make_move
    t.make_move = lambda *a: asked.append(a[3]) or real(*a)
    start = point(t, src, index)
    at = over(t, src, index, dst, start)
    press_and_move(app, start, at)
    for k in range(10):
        _post(pygame.MOUSEMOTION, pos=(at[0] + k % 3, at[1] + k % 4), rel=(1, 1), buttons=(1, 0, 0), touch=False)
        app.frame()
    assert len(asked) == len(set(asked))
    release(app, at)


# -- TriPeaks ------------------------------------------------------------------------------------
def visible_point(table, target):
    r = table.target_rect(target)
    for fy in (0.5, 0.25, 0.1, 0.75, 0.9):
        for fx in (0.5, 0.25, 0.1, 0.75, 0.9):
            p = (int(r.x + r.width * fx), int(r.y + r.height * fy))
            if table.hit_test(p) == target:
                return p
    raise AssertionError(f"{target} is hidden")


def pyramid_pair(size):
    """A Pyramid table (layout 1) at ``size`` with a free pair ``a``-``b`` and a free card ``miss``
    that ``a`` does not pair with: ``(app, table, b, miss, start, onto)``, ``start`` a visible
    point of ``a`` (px) and ``onto(j)`` the point that puts ``a`` right over card ``j``."""
    for n in range(1, 400):
        s = Pyramid.deal(n, {"layout": "1"})
        pairs = [m for m in Pyramid.legal_moves(s) if len(m) == 2 and all(x >= 0 for x in m)]
        if not pairs:
            continue
        a, b = pairs[0]
        miss = next((i for i in range(len(s.cards)) if s.cards[i] is not None and free(s, i) and i not in (a, b)
                     and Pyramid.why_not(s, (a, i)) is not None), None)
        if miss is not None:
            break
    app = new_app(PyramidTable(n, {"layout": "1"}), size)
    t = app.scene
    start = visible_point(t, hit.slot(a))
    ra = t.target_rect(hit.slot(a))

    def onto(j):
        rb = t.target_rect(hit.slot(j))
        return rb.x + start[0] - ra.x, rb.y + start[1] - ra.y
    return app, t, b, miss, start, onto


@pytest.mark.parametrize("size", SIZES)
def test_tripeaks_a_card_dragged_over_the_waste_rings_it_only_when_it_plays(size):
    for n in range(1, 300):
        s = TriPeaks.deal(n, {"mode": "easy", "scoring": "streak"})
        good = next((m for m in TriPeaks.legal_moves(s) if m != DRAW), None)
        bad = next((i for i in range(N_SLOTS) if exposed(s.tableau, i) and TriPeaks.why_not(s, i) is not None), None)
        if good is not None and bad is not None:
            break
    app = new_app(TriPeaksTable(n), size)
    t = app.scene
    assert t.glow_moves(True)
    start = visible_point(t, hit.slot(good))
    r = t.target_rect(hit.slot(good))
    end = (t.waste_rect.x + start[0] - r.x, t.waste_rect.y + start[1] - r.y)
    press_and_move(app, start, end)
    assert t.drop_aim() == hit.WASTE
    assert ring_share(app.screen, t.waste_rect, t.card_w) >= 0.4
    assert t.glow_moves(True) == set() and glow_pixels(app.screen) == 0
    release(app, end)
    # a card the waste refuses: no ring
    s1 = t.state
    bad = next(i for i in range(N_SLOTS) if exposed(s1.tableau, i) and TriPeaks.why_not(s1, i) is not None)
    start = visible_point(t, hit.slot(bad))
    r = t.target_rect(hit.slot(bad))
    end = (t.waste_rect.x + start[0] - r.x, t.waste_rect.y + start[1] - r.y)
    press_and_move(app, start, end)
    assert t.dragging is not None and t.drop_aim() is None
    assert ring_share(app.screen, t.waste_rect, t.card_w) < 0.1
    release(app, end)


# -- Pyramid -------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_pyramid_a_card_dragged_onto_its_partner_rings_it_and_not_a_card_it_misses(size):
    app, t, b, miss, start, onto = pyramid_pair(size)
    press_and_move(app, start, onto(b))
    assert t.drop_aim() == hit.slot(b)
    assert ring_share(app.screen, t.target_rect(hit.slot(b)), t.card_w) >= 0.4
    move_to(app, onto(b), onto(miss), 3)
    assert t.drop_aim() is None
    assert ring_share(app.screen, t.target_rect(hit.slot(miss)), t.card_w) < 0.1
    release(app, onto(miss))
    assert t.history.moves == 0


# -- Devil's Grip --------------------------------------------------------------------------------
FILLERS = [f"{r}{s}" for r in "JQK" for s in "CDHS"] * 2


def grip_position(cells):
    fill = iter(FILLERS)
    grid = []
    for i in range(N_CELLS):
        grid.append(tuple(parse_card(x) for x in cells[i].split(",") if x) if i in cells
                    else (parse_card(next(fill)),))
    return DevilsGripState(tuple(grid), tuple(map(parse_card, ("4C", "3D", "9H"))), ())


@pytest.mark.parametrize("size", SIZES)
def test_devils_grip_a_stack_dragged_over_a_cell_it_merges_onto_rings_it_in_white(size):
    s0 = grip_position({0: "2S", 1: "2S", 2: "5S"})
    app = new_app(DevilsGripTable(None, state=s0), size)
    t = app.scene

    def cell(i):
        r = t.card_rect(i, 0)
        return r.x + r.width // 3, r.y + r.height // 3
    press_and_move(app, cell(2), cell(1))
    assert t.drag_move(t.drop_target(cell(1), t.drag.src)) is not None
    assert ring_share(app.screen, t.stack_rect(1), t.card_w) >= 0.4
    assert t.glow_moves() == [] and glow_pixels(app.screen) == 0
    move_to(app, cell(1), cell(12), 3)          # a filler: refused, no ring (red or any)
    assert ring_share(app.screen, t.stack_rect(12), t.card_w) < 0.1
    release(app, cell(12))
    assert t.history.moves == 0


def _unlike(app, t, rect) -> float:
    """How far the screen inside ``rect`` (its inner part, px) is from the dragged card drawn
    opaque there: the mean difference of a grid of sample points, per colour channel."""
    card = pygame.Surface(rect.size)
    t.art.draw(card, t.dragging.card, card.get_rect(), True, False)
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    total, n = 0, 0
    for i in range(8):
        for j in range(8):
            x, y = inner.x + inner.width * i // 8, inner.y + inner.height * j // 8
            a, b = app.screen.get_at((x, y)), card.get_at((x - rect.x, y - rect.y))
            total += sum(abs(a[k] - b[k]) for k in range(3)) / 3
            n += 1
    return total / n


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_card_held_over_its_target_lets_the_target_show_through(size):
    """By touch the card sits right on its partner and hid it, ring and all: the ring read as the
    dragged card's own outline (fresh34b H7). Held over its target the card is drawn see-through;
    elsewhere it stays opaque."""
    app, t, b, miss, start, onto = pyramid_pair(size)
    press_and_move(app, start, onto(b))
    assert t.drop_aim() == hit.slot(b)
    assert _unlike(app, t, t.drag_rect(t.dragging)) > 8         # the partner shows through
    move_to(app, onto(b), onto(miss), 3)
    assert t.drop_aim() is None
    assert _unlike(app, t, t.drag_rect(t.dragging)) < 1          # no target: the card as it is
    release(app, onto(miss))
