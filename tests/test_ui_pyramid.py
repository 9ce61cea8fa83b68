"""The Pyramid table and the layout picker in the real app, headless (SDL_VIDEODRIVER=dummy):
pointer events posted at card positions, frames run, the rules' state checked; every one of the
55 layouts laid out at 390×844, 844×390 and 1280×800."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.i18n import tr
from games.pyramid import (
    DRAW, MSG_COVERED_BY_PARTNER, N_LAYOUTS, STOCK, WASTE, Pyramid, free, geometry, rank,
)
from games.cards import fmt
from ui import cards_art
from ui.cards_art import GLOW, RATIO
from ui.frame import load_toml
from ui.settings import Settings
from ui.storage import MemoryStorage, Store
from ui.table.pyramid import PyramidTable
from ui.table import hit
from conftest import click, new_app as open_app

SIZES = [(390, 844), (844, 390), (1280, 800)]


def make(size=(1280, 800), number=1, layout=1, anim="off", state=None, store=None, left_handed=False):
    s = Settings(language="en", anim_speed=anim, left_handed=left_handed)
    s.options_for("pyramid")["layout"] = str(layout)
    return open_app(PyramidTable(number, {"layout": str(layout)}, state), size, store, s)


def visible_point(table, target):
    """A pixel where hit_test answers ``target`` (the card may be partly covered)."""
    r = table.target_rect(target)
    for fy in (0.1, 0.2, 0.3, 0.5, 0.75, 0.9):
        for fx in (0.5, 0.25, 0.1, 0.75, 0.9):
            p = (int(r.x + r.width * fx), int(r.y + r.height * fy))
            if table.hit_test(p) == target:
                return p
    raise AssertionError(f"{target} is hidden")


def tap_target(app, target, frames=1):
    click(app, visible_point(app.scene, target), frames)


def find(pred, layouts=(1,), deals=range(1, 400)):
    for layout in layouts:
        for n in deals:
            s = Pyramid.deal(n, {"layout": str(layout)})
            x = pred(s)
            if x:
                return layout, n, x
    raise AssertionError("no deal found")


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


# -- taps ------------------------------------------------------------------------------------------
def test_select_then_partner_removes_the_pair():
    def pair(s):
        return next((m for m in Pyramid.legal_moves(s) if len(m) == 2 and min(m) >= 0), None)
    layout, n, (a, b) = find(pair)
    app = make(number=n, layout=layout)
    t = app.scene
    s0 = t.state
    tap_target(app, hit.slot(a))
    assert t.selected == a and t.state is s0           # lifted, nothing played yet
    assert t.status_text == tr("{card} lifted: tap a card that makes 13 with it", card=fmt(s0.cards[a]))
    tap_target(app, hit.slot(b))
    s1 = t.state
    assert s1.cards[a] is None and s1.cards[b] is None
    assert s1.discard[-2:] == (s0.cards[a], s0.cards[b])
    assert t.score() == t.rules.score(s0, 0) + 10 and t.history.moves == 1
    assert t.selected is None


def test_a_king_goes_at_once():
    layout, n, i = find(lambda s: next((m[0] for m in Pyramid.legal_moves(s) if len(m) == 1 and m[0] >= 0), None),
                        layouts=range(1, N_LAYOUTS + 1), deals=range(1, 60))
    app = make(number=n, layout=layout)
    t = app.scene
    king = t.state.cards[i]
    tap_target(app, hit.slot(i))
    assert t.state.cards[i] is None and t.state.discard[-1] == king and t.state.points == 10


def _covered_by_partner(s):
    lay = geometry(s.layout).layout
    for i, c in enumerate(s.cards):
        on = lay.covered_by[i]
        if len(on) == 1 and free(s, on[0]) and rank(c) + rank(s.cards[on[0]]) == 13:
            return i, on[0]
    return None


def test_a_card_covered_only_by_its_partner_is_refused_and_shakes():
    layout, n, (i, j) = find(_covered_by_partner, layouts=range(1, N_LAYOUTS + 1), deals=range(1, 40))
    app = make(number=n, layout=layout, anim="normal")
    t = app.scene
    s0 = t.state
    tap_target(app, hit.slot(j))
    assert t.selected == j
    tap_target(app, hit.slot(i))
    assert t.state is s0                                   # nothing removed
    assert t.anim.of("shake")                              # the pair shakes
    assert {hit.slot(i), hit.slot(j)} <= set(t.anim.of("shake")[0].data["targets"])
    assert t.status_text == tr(MSG_COVERED_BY_PARTNER, card=fmt(s0.cards[i]), partner=fmt(s0.cards[j]))
    assert t.status_error and t.selected is None


def _two_free_cards_that_do_not_pair(s):
    """Two free layout cards (neither a king) that do not make 13, or None."""
    av = [i for i in range(len(s.cards)) if free(s, i) and rank(s.cards[i]) != 13]
    for a in av:
        for b in av:
            if a < b and rank(s.cards[a]) + rank(s.cards[b]) != 13:
                return a, b


def test_a_refused_pair_says_why():
    layout, n, (a, b) = find(_two_free_cards_that_do_not_pair)
    app = make(number=n, layout=layout)
    t = app.scene
    s0 = t.state
    t.dropped(hit.slot(a), hit.slot(b), None)       # one dragged onto the other: refused, and why
    assert t.state is s0
    assert t.status_text == tr("{a} and {b} do not add up to 13", a=fmt(s0.cards[a]), b=fmt(s0.cards[b]))


def test_a_tap_on_a_free_card_that_does_not_pair_with_the_lifted_one_lifts_it_instead():
    """With a card lifted, a tap on another free card that does not make 13 with it lifts that
    one instead, without a shake (the player lifted the wrong card; Microsoft Solitaire
    Collection's Pyramid moves its selection so; feel30 K4)."""
    layout, n, (a, b) = find(_two_free_cards_that_do_not_pair)
    app = make(number=n, layout=layout, anim="normal")
    t = app.scene
    s0 = t.state
    tap_target(app, hit.slot(a))
    assert t.selected == a
    tap_target(app, hit.slot(b))
    assert t.state is s0 and t.selected == b and not t.anim.of("shake") and not t.status_error
    assert t.status_text == tr("{card} lifted: tap a card that makes 13 with it", card=fmt(s0.cards[b]))


def test_stock_top_pairs_and_draw_and_recycle():
    app = make(number=1)
    t = app.scene
    s0 = t.state
    n = len(s0.stock)
    tap_target(app, hit.DECK)
    assert t.state.waste == (s0.stock[0],) and t.state.stock == s0.stock[1:]
    for _ in range(n - 1):
        tap_target(app, hit.DECK)
    assert not t.state.stock and len(t.state.waste) == n
    assert t.hit_test(t.geo.stock.center) == hit.DECK     # the empty stock turns the waste back
    tap_target(app, hit.DECK)
    assert t.state.stock == s0.stock and not t.state.waste and t.state.pass_no == 2
    assert t.status_text == tr("The waste is turned back into the stock")
    # the stock's top card can be selected like any free card
    tap_target(app, hit.STOCK)
    assert t.selected == STOCK or t.state.discard     # a king on top goes at once


def test_a_layout_card_stays_selected_over_draws():
    app = make(number=1)
    t = app.scene
    i = next(i for i in range(len(t.state.cards)) if free(t.state, i) and rank(t.state.cards[i]) != 13)
    tap_target(app, hit.slot(i))
    tap_target(app, hit.DECK)
    assert t.selected == i and len(t.state.waste) == 1


# -- the picker ------------------------------------------------------------------------------------
def test_picker_from_the_home_sheet_scrolls_selects_and_plays():
    from ui.scenes.home import HomeScene
    from ui.scenes.layout_picker import LayoutPickerScene

    store = Store(MemoryStorage())
    s = Settings(language="en", anim_speed="off")
    app = open_app(HomeScene(), (390, 844), store, s)
    home = app.scene
    home.tap_game("pyramid")
    sheet = home.panel
    label, tap = sheet.rows[0]
    assert "1" in label()
    tap()                                                   # the layout row opens the picker
    app.frame()
    p = app.scene
    assert isinstance(p, LayoutPickerScene) and p.chosen == 1
    # drag up: the grid scrolls
    a = p.area
    x = a.centerx
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, a.bottom - 20), button=1, touch=False))
    for y in range(a.bottom - 40, a.top + 40, -40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, -40), buttons=(1, 0, 0),
                                             touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, a.top + 40), button=1, touch=False))
    app.frame()
    assert p.scroll > 200 and p.chosen == 1                # a drag scrolls and selects nothing
    before = p.scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, precise_x=0.0, precise_y=-2.0,
                                         flipped=False, touch=False))
    app.frame()
    assert p.scroll > before                               # the wheel scrolls too
    # bring layout 30 into view and tap it: it is framed in blue
    p.show(30)
    app.frame()
    r = p.tile_rect(30)
    assert p.area.contains(r)
    click(app, r.center, 2)
    assert p.chosen == 30
    assert tuple(app.screen.get_at((r.centerx, r.top - 2)))[:3] == GLOW
    click(app, p.play_rect.center, 2)
    t = app.scene
    assert isinstance(t, PyramidTable) and t.state.layout == 30
    assert s.options_for("pyramid")["layout"] == "30"
    assert Settings.load(store).options_for("pyramid")["layout"] == "30"   # remembered


def test_picker_keys_and_back():
    from ui.scenes.home import HomeScene
    from ui.scenes.layout_picker import LayoutPickerScene

    app = open_app(LayoutPickerScene(5))
    p = app.scene
    for k in (pygame.K_RIGHT, pygame.K_DOWN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.frame()
    assert p.chosen == 6 + p.cols
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame()
    assert isinstance(app.scene, HomeScene) and app.scene.panel is not None   # back at Pyramid's sheet


# -- every layout fits -----------------------------------------------------------------------------
def _best_width(t, n) -> float:
    """The widest card any arrangement allows: a line's cards sit side by side (width), the rows
    may close up to min_step_y (height), with room above for a lifted card (LIFT of a card's
    height)."""
    from ui.table.pyramid import LIFT

    p = load_toml("pyramid-screen.toml")[t.frame.shape]
    lay = geometry(n).layout
    T = t.frame.table
    best = 0.0
    for piles in p["piles"]:
        lh = (max(0, lay.height - 2) * p["min_step_y"] + 1) * RATIO
        if piles == "below":
            nw = max(lay.width / 2, p["deck_strip"] + 3 + 3 * p["pile_gap"])
            nh = lh + p["gap"] + RATIO
        else:
            nw = lay.width / 2 + p["gap"] + p["deck_strip"] + 1
            nh = max(lh, 3 * RATIO + 2 * p["pile_gap"])
        best = max(best, min(T.width / nw, T.height / (nh + LIFT * RATIO), p["max_card"] * t.frame.scale))
    return best


@pytest.mark.parametrize("size", SIZES)
def test_every_layout_fits_and_every_card_shows_its_corner(size):
    app = make(size)
    t = app.scene
    small = []
    for n in range(1, N_LAYOUTS + 1):
        t.start(1, {"layout": str(n)})
        g = t.geo
        T = t.frame.table
        piles = [g.deck, g.stock, g.waste, g.discard]
        for r in list(g.slots) + piles:
            assert T.contains(r), (n, r, T)
        # paint each slot in drawing order with its own colour: every card's corner index
        # (0.42 w across, 0.48 w down) must stay uncovered, so no two visible faces coincide
        ids = pygame.Surface(app.size)
        ids.fill((0, 0, 0))
        for i in g.stack(len(g.slots)):
            ids.fill((1 + i, 0, 0), g.slots[i])
        for k, r in enumerate(piles):
            ids.fill((100 + k, 0, 0), r)
        for i, r in enumerate(g.slots):
            for fx in (0.03, 0.42):
                for fy in (0.03, 0.48):
                    pt = (r.x + round(g.w * fx), r.y + round(g.w * fy))
                    assert ids.get_at(pt)[0] == 1 + i, (n, i, fx, fy)
        # the stock's draw tab shows beside its top card
        assert abs(g.stock.x - g.deck.x) >= 0.3 * g.deck.width
        best = _best_width(t, n)
        assert g.w >= int(best) - 1 or g.side, (n, g.w, best)
        if g.w < 44:
            small.append((n, g.w))
        if g.side:   # on its side: every card's full corner index is uncovered
            ir = cards_art.index_rect(g.w, g.compact)
            stack = g.stack(len(g.slots))
            for k, i in enumerate(stack):
                idx = ir.move(g.slots[i].topleft)
                assert all(not g.slots[j].colliderect(idx) for j in stack[k + 1:]), (n, i)
    # every layout's cards at least 44 px wide at every size (wide layouts lie on their side
    # on a phone; layout 6 "Three peaks" had 31 px at 390x844, layout 19 41 px at 844x390)
    assert not small, (size, small)


PHONES = [(360, 640), (375, 667), (390, 844), (412, 915), (640, 360), (667, 375), (844, 390), (915, 412)]


@pytest.mark.parametrize("size", PHONES, ids=lambda s: "%dx%d" % s)
def test_every_layouts_draw_tab_and_cards_are_touch_targets_on_every_phone(size):
    """On every phone size, upright and on its side, each of the 55 layouts shows the draw tab
    (the stock's back left of its top card) at least 44 px wide and tall (it was 0.42 of a
    card: 27 px at 375x667, 18 at 360x640), inside the table and clear of every card, and
    cards at least 44 px wide (on its side, a phone may take the piles below the layout: Three
    peaks had 39 px at 640x360). Upright at 360 and 375 px wide, Three peaks keeps 41 and 43 px
    cards (docs/pyramid-ui.md): twelve cards across or six rows down do not fit wider."""
    from ui.frame import TOUCH, frame_layout
    from ui.table.pyramid import fit

    f = frame_layout(*size)
    p = load_toml("pyramid-screen.toml")[f.shape]
    small = []
    for n in range(1, N_LAYOUTS + 1):
        g = fit(n, f.table, p, f.scale)
        tab = pygame.Rect(g.deck.x, g.deck.y, g.stock.x - g.deck.x, g.deck.height)
        assert tab.width >= TOUCH and tab.height >= TOUCH, (n, tab)
        assert f.table.contains(g.deck) and not any(r.colliderect(tab) for r in g.slots), (n, tab)
        if g.w < TOUCH:
            small.append((n, g.w))
    if size in ((360, 640), (375, 667)):
        assert all(n == 6 and w >= TOUCH - 4 for n, w in small), small
    else:
        assert not small, small


def test_score_counts_the_clock():
    app = make(number=1)
    t = app.scene
    t.history.play(DRAW)
    t.clock = 65.0
    assert t.score() == Pyramid.score(t.state, 65) == 0
    assert t.top_items()[0][1] == "0"


@pytest.mark.parametrize("keep", [True, False])
def test_the_pickers_play_over_a_game_in_progress_asks_first(keep):
    """Options, Layout, a layout, Play dealt a new game at once: the game in progress was gone and
    counted as a loss, unasked. Now the table asks, as New deal does; Keep playing leaves the game
    (and the statistics) as they were, the layout being the next deal's."""
    from ui.scenes.layout_picker import LayoutPickerScene

    store = Store(MemoryStorage())
    app = make(number=7, layout=1, store=store)
    t = app.scene
    t.play(next(m for m in t.rules.legal_moves(t.state)))
    assert t.session.in_progress()
    state = t.state
    t.open_options()
    next(tap for label, tap in t.panel.rows if label().startswith("Layout"))()   # the picker
    app.frame()
    p = app.scene
    assert isinstance(p, LayoutPickerScene)
    p.choose(17)
    click(app, p.play_rect.center, 2)
    t = app.scene
    assert isinstance(t, PyramidTable) and t.number == 7 and t.state == state    # the game, not a deal
    assert t.panel is not None and t.panel.confirm
    welcome = tr("Welcome back: the game goes on where you left it")
    assert t.status_text != welcome         # the player never left the table: no greeting
    assert (store.load("stats") or {}) == {}                                    # no loss counted yet
    name = "cancel" if keep else "new"
    click(app, next(b for b in t.panel.buttons if b.name == name).rect.center, 2)
    if keep:
        assert t.number == 7 and t.state == state and t.panel is None and t.status_text != welcome
        assert (store.load("stats") or {}) == {}
    else:
        assert t.state.layout == 17 and t.session.player_moves() == 0
        assert store.load("stats")                                              # the loss, counted


def test_a_king_tapped_with_a_card_lifted_goes_and_the_card_is_put_down():
    """With a card lifted, a tap on a free king was tried as a pair and refused ("4D and KC do
    not add up to 13"); a king is a whole move by itself (docs/rules.md: an available K is removed
    alone), so it goes, as it does with nothing lifted, and the lifted card is put down."""
    def king_and_other(s):
        moves = Pyramid.legal_moves(s)
        king = next((m[0] for m in moves if len(m) == 1 and m[0] >= 0), None)
        other = next((i for i in range(len(s.cards)) if i != king and s.cards[i] is not None and free(s, i)
                      and rank(s.cards[i]) != 13), None)
        return (king, other) if king is not None and other is not None else None
    layout, n, (king, other) = find(king_and_other, layouts=range(1, N_LAYOUTS + 1), deals=range(1, 60))
    app = make(number=n, layout=layout)
    t = app.scene
    k = t.state.cards[king]
    tap_target(app, hit.slot(other))
    assert t.selected == other
    tap_target(app, hit.slot(king))
    assert t.state.cards[king] is None and t.state.discard[-1] == k and t.history.moves == 1
    assert t.selected is None and t.state.cards[other] is not None


def test_the_intro_line_follows_a_change_of_language_layout_name_included():
    """A message on screen is said anew in the new language (ui/app.py ``set_language``), its
    placeholders too: Pyramid's intro kept the layout's name (from the layout file, not the
    catalogue) in the old language ("Classic: нажмите …")."""
    app = make(layout=1)
    t = app.scene
    try:
        assert t.status_text.startswith("Classic: ")
        app.set_language("ru")
        assert t.status_text.startswith("Классика: ") and "нажмите" in t.status_text
        app.set_language("en")
        assert t.status_text.startswith("Classic: tap two cards")
    finally:
        app.set_language("en")


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_draw_hint_rings_the_draw_tab_not_the_stocks_top_card(size, left_handed):
    """The hint "Draw from the stock" ringed the stock's whole back, and the ring ran down the
    middle of the face-up top card that lies on it (a new player read it as "play this card";
    fresh user; with the left-handed layout, whose top card covers the back's left part, QA).
    The ring and the focus go round the draw tab, the strip of the back left uncovered: the top
    card's face shows the same with the hint as without it."""
    app = make(size, left_handed=left_handed)
    t = app.scene
    g = t.geo
    assert t.state.stock
    assert (g.stock.x < g.deck.x) == left_handed  # the layout mirrors the stock's back and top card
    tab = t.target_rect(hit.DECK)
    assert tab.width > 0 and g.deck.contains(tab) and not tab.colliderect(g.stock)
    assert t.hit_test(visible_point(t, hit.DECK)) == hit.DECK
    face = g.stock.inflate(-2, -2)
    app.frame()
    before = app.screen.subsurface(face).copy()
    t.hint_move = DRAW
    t.stale = True
    app.frame()
    after = app.screen.subsurface(face)
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
    # the ring is drawn: the tab's outer edge (away from the top card) looks different with it
    edge = tab.inflate(8, 8)
    x = edge.right - 3 if left_handed else edge.x
    ring = pygame.Rect(x, edge.y, 3, edge.height).clip(app.screen.get_rect())
    t.hint_move = None
    t.stale = True
    app.frame()
    plain = pygame.image.tobytes(app.screen.subsurface(ring), "RGB")
    t.hint_move = DRAW
    t.stale = True
    app.frame()
    assert pygame.image.tobytes(app.screen.subsurface(ring), "RGB") != plain


def test_a_lifted_card_leaves_the_free_card_drawn_over_it_to_be_tapped():
    """Turned layouts on an upright phone (layout 5 at 390x844): free cards of a row overlap by
    half a card. Lifting 30 drew it over 31, whose 7 px left a tap on 31 putting 30 down (fresh30
    F2); the lifted card keeps its place in the stacking order, so 31 answers where it shows, the
    pair goes, and 31 is drawn over the lifted card. The layout is turned a quarter left, a row
    drawn from the layout's right end (its top) down: there 30 lies on 31, and the two change roles."""
    app = make(size=(390, 844), number=1, layout=5)
    t = app.scene
    s0 = t.state
    stack = t.geo.stack(len(s0.cards))
    low, high = sorted((30, 31), key=stack.index)       # high lies on low
    assert free(s0, low) and free(s0, high) and t.geo.slots[high].colliderect(t.geo.slots[low])
    r = t.geo.slots[high]
    shown = [y for y in range(r.top, r.bottom) if t.hit_test((r.centerx, y)) == hit.slot(high)]
    app.frame()
    before = [tuple(app.screen.get_at((r.centerx, y))) for y in shown]
    t.tap_source(low)
    assert t.selected == low
    lifted = [y for y in range(r.top, r.bottom) if t.hit_test((r.centerx, y)) == hit.slot(high)]
    assert len(lifted) >= len(shown) - 1, (len(lifted), len(shown))
    t.stale = True
    app.frame()
    after = [tuple(app.screen.get_at((r.centerx, y))) for y in shown]
    same = sum(a == b for a, b in zip(before, after))
    assert same >= 0.9 * len(shown), (same, len(shown))     # high drawn as it was, over low
    t.tap_source(high)
    if rank(s0.cards[low]) + rank(s0.cards[high]) == 13:
        assert t.state.cards[low] is None and t.state.cards[high] is None
    else:
        assert t.selected == high      # not a pair: high is lifted instead, as any playable card


def test_a_lifted_card_leaves_the_cards_beyond_its_raised_place_as_they_were():
    """Layout 6 (Three peaks) deal 12 at 390x844: the turned bottom row overlaps by half a card.
    Lifting J♥ (slot 32) draws again the 6♣ (33) that lies on it; drawn whole, the 6♣ hid the J♦
    (34) that lies on the 6♣ in turn (fresh31 F3). Clipped to the raised place, every pixel of
    the J♦ that shows beyond the lifted card and its shadow is as it was."""
    app = make(size=(390, 844), number=12, layout=6)
    t = app.scene
    s0 = t.state
    # turned a quarter left, the row is drawn from the layout's right end (its top) down: 33 lies on 34,
    # and 32 on 33, so lifting 34 draws 33 again, and 32 must stay as it was
    stack = t.geo.stack(len(s0.cards))
    under, top = (34, 32) if stack.index(34) < stack.index(32) else (32, 34)
    assert free(s0, under) and s0.cards[top] is not None
    r = t.geo.slots[top]
    shown = [(x, y) for x in range(r.left, r.right, 2) for y in range(r.top, r.bottom, 2)
             if t.hit_test((x, y)) == hit.slot(top)]
    app.frame()
    before = {p: tuple(app.screen.get_at(p)) for p in shown}
    t.tap_source(under)
    assert t.selected == under
    t.stale = True
    app.frame()
    raised = t.lifted_rect().inflate(t.geo.w // 3, t.geo.w // 3)
    outside = [p for p in shown if not raised.collidepoint(p)]
    assert len(outside) > 20
    same = sum(tuple(app.screen.get_at(p)) == before[p] for p in outside)
    assert same == len(outside), (same, len(outside))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("layout", [1, 17, 41, 54])
def test_left_handed_moves_the_piles_and_keeps_the_layouts_shape(size, layout):
    """Left-handed Pyramid mirrored the whole table, the layout's picture with it: Stairs (17)
    climbed to the left, and each card lay where its mirror image would (table34, task 2). Now
    the stock, waste and discard pile are mirrored across the table, and the layout is moved
    across whole: every card keeps its place within the layout as the right-handed table (and
    the layout's file, and the picker's picture) has it. Mountain range (41) lies on its side on
    an upright phone."""
    right = make(size, layout=layout).scene
    left = make(size, layout=layout, left_handed=True).scene
    g0, g1 = right.geo, left.geo
    T0, T = right.frame.table, left.frame.table             # the buttons change sides too
    assert T.size == T0.size and (g0.w, g0.side, g0.piles) == (g1.w, g1.side, g1.piles)
    dx = g1.slots[0].x - g0.slots[0].x
    assert [r.move(dx, 0) for r in g0.slots] == g1.slots
    box0, box1 = g0.slots[0].unionall(g0.slots), g1.slots[0].unionall(g1.slots)
    assert box1.x - T.x == T0.right - box0.right           # where the mirror image would lie
    for a, b in [(g0.deck, g1.deck), (g0.stock, g1.stock), (g0.waste, g1.waste), (g0.discard, g1.discard)]:
        assert (b.x - T.x, b.y, b.size) == (T0.right - a.right, a.y, a.size)
    piles = [g1.deck, g1.stock, g1.waste, g1.discard]
    assert T.contains(box1) and not any(box1.colliderect(p) for p in piles)


@pytest.mark.parametrize("size", SIZES)
def test_the_pickers_picture_is_the_same_in_either_hand(size):
    """The layout picker draws each layout as its file does, whichever hand the table is laid out
    for (the chosen tile's picture, pixel for pixel)."""
    from ui.scenes.layout_picker import LayoutPickerScene

    shots = []
    for lh in (False, True):
        app = open_app(LayoutPickerScene(17), size, None, Settings(language="en", anim_speed="off", left_handed=lh))
        p = app.scene
        r = p.tile_rect(17)
        thumb = pygame.Rect(r.x + p.pad, r.y + p.pad, r.width - 2 * p.pad, p.thumb_h)
        assert p.area.contains(thumb)
        shots.append(pygame.image.tobytes(app.screen.subsurface(thumb), "RGB"))
    assert shots[0] == shots[1]


@pytest.mark.parametrize("size", SIZES + [(360, 640), (640, 360)])
def test_a_lifted_card_stays_in_the_table_for_every_layout(size):
    """A selected card rises LIFT of a card's height: one in the top row, or the stock's top card
    at the table's top edge, rose into the top bar (12 px above the table at 1280x800, layout 1,
    4 px over the bar; into the deal code's row at 390x844, layout 12; table34, task 5). Every
    card place that lifts, lifted, lies in the table, at every size and for every layout."""
    from ui.frame import frame_layout
    from ui.table.pyramid import LIFT, fit_lifted

    for lh in (False, True):
        F = frame_layout(*size, left_handed=lh)
        p = load_toml("pyramid-screen.toml")[F.shape]
        for n in range(1, N_LAYOUTS + 1):
            g = fit_lifted(n, F.table, p, F.scale)
            lift = round(g.h * LIFT)
            for r in [*g.slots, g.stock, g.waste]:
                assert F.table.contains(r.move(0, -lift)), (n, r, lift, F.table)


@pytest.mark.parametrize("size, layout", [((1280, 800), 1), ((390, 844), 12), ((844, 390), 1)])
def test_the_lifted_top_row_card_leaves_the_top_bar_alone(size, layout):
    """The table's own lifted card (a top-row card selected, the others of the layout gone):
    inside the table, below the top bar."""
    s = Pyramid.deal(1, {"layout": str(layout)})
    lay = geometry(layout).layout
    top = min(y for _, y in lay.slots)
    keep = [i for i, (_, y) in enumerate(lay.slots) if y == top and rank(s.cards[i]) != 13][:1]
    text = Pyramid.format_position(s).splitlines()
    cards = text[2].split()[1:]
    text[2] = "Cards: " + " ".join(c if i in keep else "--" for i, c in enumerate(cards))
    state = Pyramid.parse_position("\n".join(text) + "\n", {"layout": str(layout)})
    app = make(size, layout=layout, state=state)
    t = app.scene
    t.tap_source(keep[0])
    assert t.selected == keep[0]
    r = t.lifted_rect()
    assert t.frame.table.contains(r) and not r.colliderect(t.frame.top), (r, t.frame.table, t.frame.top)


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("layout", [5, 6, 41])
def test_a_layout_on_its_side_is_its_picture_turned_not_mirrored(layout, left_handed):
    """On an upright phone a wide layout lies on its side. Rows and columns were swapped: the
    picture mirrored across its diagonal, which no turn of the head gives back (brief s34 task 5).
    Now it is the layout's picture turned a quarter left: its top row at the left, its left end
    at the bottom, so a card's neighbours are those the layout's file and the picker draw (a
    card to the right in the file lies above it; a row lower in the file lies to the right).
    Each free card answers the hit test at a point where it shows, and a tap there lifts it."""
    from games.pyramid import geometry

    app = make(size=(390, 844), number=3, layout=layout, left_handed=left_handed)
    t = app.scene
    g = t.geo
    assert g.side
    lay = geometry(layout).layout.slots
    n = len(lay)
    for a in range(n):
        for b in range(n):
            (xa, ya), (xb, yb) = lay[a], lay[b]
            ra, rb = g.slots[a], g.slots[b]
            if ya < yb:
                assert ra.x < rb.x, (a, b)                  # a lower row: to the right
            if ya == yb and xa < xb:
                assert ra.y > rb.y and ra.x == rb.x, (a, b)  # further right in its row: higher up
    s = t.state
    for i in range(n):
        if s.cards[i] is None or not free(s, i):
            continue
        r = g.slots[i]
        pts = [(x, y) for x in range(r.left, r.right, 3) for y in range(r.top, r.bottom, 3)
               if t.hit_test((x, y)) == hit.slot(i)]
        assert pts, i
        # the card shows its corner index: its top left answers for it
        assert t.hit_test((r.x + 3, r.y + 3)) == hit.slot(i), i
        if rank(s.cards[i]) != 13:
            t.tap_source(i)
            assert t.selected == i
            t.tap_source(i)
            assert t.selected is None
