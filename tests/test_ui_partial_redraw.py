"""A move redraws only what changed of the still picture (GameTable.rebuild with the table's
picture_parts): after every move, undo, draw from the stock, flight and shake, the picture kept and
partly redrawn equals, pixel for pixel, the same picture rebuilt whole and drawn from scratch
(the six tables, at the three screen shapes)."""
import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.core import PLAYING  # noqa: E402
from ui.frame import opaque_surface  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.storage import MemoryStorage, Store  # noqa: E402
from ui.table import hit, table_class  # noqa: E402

from conftest import new_app, run_until, same_pixels  # noqa: E402


def whole_picture(t, size, cold: bool = True, bodies: bool = True) -> pygame.Surface:
    """The still picture rebuilt whole (the table's own picture is left as it was) over a
    magenta screen (whatever a rebuild leaves undrawn shows); ``cold``: drawn from scratch, none
    of the pixels kept from earlier drawings (the top bar's, the buttons', the status line's, the
    parts drawn again as they were) copied; ``bodies`` False: the felt laid under the cards'
    bodies too (``GameTable.part_body`` answering nowhere)."""
    kept, picture, stamps, parts = t.base, t._picture, t._stamps, t._kept
    t.base, t._picture = opaque_surface(size), None
    t.base.fill((255, 0, 255))
    if cold:
        t.forget_drawings()
    if not bodies:
        t.part_body = lambda name, sig: None
    try:
        t.rebuild(size)
    finally:
        t.__dict__.pop("part_body", None)
    out = t.base
    t.base, t._picture, t._stamps, t._kept = kept, picture, stamps, parts
    return out


def changed_outside(a: pygame.Surface, b: pygame.Surface, rects) -> int:
    """How many pixels differ in RGB between pictures ``a`` and ``b`` outside ``rects``."""
    # the mask holds the pixels whose RGB are the same in both (alpha left out)
    differ = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), othersurface=b)
    differ.invert()
    for r in rects:
        r = pygame.Rect(r).clip(a.get_rect())
        if r.width and r.height:
            differ.erase(pygame.Mask(r.size, fill=True), r.topleft)
    return differ.count()


def check(app, t, seen) -> None:
    """The picture kept equals the whole rebuild; and since the last check, the whole picture
    changed only where :meth:`GameTable.changed_rects` says it may (a part whose signature leaves
    out something it draws, or whose rect is too small, is caught here even when the merged
    regions of a partial redraw happen to cover the change)."""
    size = app.screen.get_size()
    if t.stale or t.base is None:
        t.rebuild(size)
    whole = whole_picture(t, size)
    assert same_pixels(t.base, whole)
    assert same_pixels(whole_picture(t, size, cold=False), whole)
    # no felt laid under the bodies of the cards drawn: the same picture as with the felt laid
    # everywhere
    assert same_pixels(whole_picture(t, size, bodies=False), whole)
    record = t._picture
    prev = seen.get("prev")
    if prev is not None and record is not None and prev[1] is not None and prev[1][0] == record[0]:
        allowed = t.changed_rects(prev[1], record)
        assert changed_outside(prev[0], whole, allowed) == 0, (prev[1][1], record[1])
        seen["compared"] += 1
    seen["prev"] = (whole, record)
    seen["checked"] += 1


def pick(rng, legal):
    """A random legal move, each kind of move as likely as another when the moves have kinds
    (Devil's Grip offers hundreds of swaps beside a handful of merges, a stock turn and a talon
    play: picked evenly, play would be nearly all swaps and never show a glow change, a finished
    row or the stock and talon at work)."""
    kinds = sorted({getattr(m, "kind", None) for m in legal}, key=repr)
    kind = rng.choice(kinds)
    return rng.choice([m for m in legal if getattr(m, "kind", None) == kind])


@pytest.mark.parametrize("game,options,size", [
    ("klondike", {"draw": "1"}, (1280, 800)),
    ("klondike", {"draw": "3"}, (390, 844)),
    ("freecell", {}, (844, 390)),
    ("freecell", {}, (1280, 800)),
    ("spider", {"suits": "1"}, (1280, 800)),
    ("spider", {"suits": "2"}, (390, 844)),
    ("tripeaks", {"mode": "easy"}, (1280, 800)),
    ("tripeaks", {"mode": "classic"}, (390, 844)),
    ("tripeaks", {"mode": "easy"}, (844, 390)),
    ("pyramid", {"layout": "1"}, (1280, 800)),
    ("pyramid", {"layout": "30", "passes": "3"}, (390, 844)),
    ("pyramid", {"layout": "1", "passes": "unlimited"}, (844, 390)),
    # deals whose play reaches a stock that starts or stops glowing with the stock unchanged (8)
    # and a talon card that does so with the talon unchanged (16, 27)
    ("devils-grip", {"deal": 8}, (1280, 800)),
    ("devils-grip", {"deal": 16}, (390, 844)),
    ("devils-grip", {"deal": 27}, (844, 390)),
])
def test_partial_redraws_equal_whole_rebuilds(game, options, size):
    options = dict(options)
    number = options.pop("deal", 7)
    settings = Settings(language="en")
    settings.options_for(game).update(options)
    app = new_app(table_class(game)(number, dict(options)), size, Store(MemoryStorage()), settings=settings)
    t = app.scene
    rng = random.Random(5)
    seen = {"checked": 0, "partial": 0, "compared": 0}
    rebuild = t._draw_base

    def counting(size, clips, parts):
        if clips is not None:
            seen["partial"] += 1
        rebuild(size, clips, parts)

    t._draw_base = counting
    for step in range(30):
        if t.rules.status(t.state) != PLAYING:
            break
        if step % 7 == 6 and t.history.can_undo():
            t.undo()
        else:
            move = pick(rng, t.rules.legal_moves(t.state))
            if game == "devils-grip":   # flown as a tap flies it (play alone lands at once)
                assert t.play_assist_move(move)
            else:
                t.play(move)
        for _ in range(rng.randrange(1, 8)):   # mid-flight: the flying cards hidden in the picture
            app.frame()
            check(app, t, seen)
        run_until(app, lambda: not t.anim.busy())
        app.frame()
        check(app, t, seen)
    # a refused tap shakes a card: the shaken pile is redrawn where it moves
    if game == "tripeaks":
        targets = [hit.slot(i) for i, c in enumerate(t.state.tableau) if c is not None][:1] + [hit.STOCK]
    elif game == "devils-grip":
        targets = [hit.cell(0), hit.STOCK, hit.TALON]
    elif game == "pyramid":
        targets = [hit.slot(i) for i, c in enumerate(t.state.cards) if c is not None][-1:] + [hit.STOCK, hit.WASTE]
    else:
        targets = [(key, len(t.pile_cards(t.state, key)) - 1) for key in t.all_keys()
                   if key[0] == "col" and t.pile_cards(t.state, key)][:1]
    if game == "devils-grip":   # a long press marks a cell to swap (a ring round it)
        for i in (0, 5, None):
            t.swap_from = i
            t.stale = True
            app.frame()
            check(app, t, seen)
    if game == "pyramid":   # a tapped card is lifted (drawn moving, not in the still picture)
        from games.pyramid import free
        for i in [i for i, c in enumerate(t.state.cards) if c is not None and free(t.state, i)][:2] + [None]:
            t.selected = i
            t.stale = True
            app.frame()
            check(app, t, seen)
    for target in targets:
        t.anim.add("shake", 400, {"targets": [target]} if game == "pyramid" else {"target": target})
        for _ in range(4):
            t.stale = True
            app.frame()
            check(app, t, seen)
        run_until(app, lambda: not t.anim.busy())
        # the shake over, by the frames alone: the card is back exactly where it lies
        app.frame()
        check(app, t, seen)
    assert seen["checked"] >= 30 and seen["partial"] >= 20 and seen["compared"] >= 20


def test_pixels_kept_are_one_drawing_per_place():
    """The top bar changes every second: only its last drawing is kept (one per place), not one
    per second of play (a 1280-px top bar is about 290 kB)."""
    app = new_app(table_class("freecell")(3, {}), (1280, 800), Store(MemoryStorage()))
    t = app.scene
    most = 0
    for k in range(120):
        t.top_items = lambda k=k: [("Time", f"0:{k:03d}")]
        t.stale = True
        t._picture = None
        app.dirty = True
        app.frame()
        most = max(most, len(t._stamps))
    assert sum(1 for slot in t._stamps if slot[0] == "top") == 1
    assert most <= 24


def test_rects_are_merged_only_where_little_more_is_drawn():
    """The regions of a partial redraw (:func:`ui.frame.merge_rects`): two overlapping or
    touching rectangles become the one holding both when it covers little more; the top bar
    (the window's width) and a pile just under it stay apart (merged, the pile's redraw would
    take in the whole width), and so does a chain through them."""
    from ui.frame import merge_rects

    top = pygame.Rect(0, 0, 1280, 52)
    cell = pygame.Rect(91, 48, 136, 181)
    column = pygame.Rect(91, 227, 136, 401)
    wide = merge_rects([top, cell, column])
    assert top in wide and pygame.Rect(91, 48, 136, 580) in wide and len(wide) == 2
    assert merge_rects([pygame.Rect(0, 0, 100, 50), pygame.Rect(0, 50, 100, 50)]) == [pygame.Rect(0, 0, 100, 100)]
    assert merge_rects([pygame.Rect(0, 0, 100, 100), pygame.Rect(10, 10, 20, 20)]) == [pygame.Rect(0, 0, 100, 100)]
    assert len(merge_rects([pygame.Rect(0, 0, 100, 100), pygame.Rect(101, 90, 100, 100)])) == 2


def test_a_freecell_move_redraws_a_fifth_of_the_screen():
    """FreeCell's first move of deal 1 (a column's card to a free cell) redraws the top bar, the
    status line, the free cell and the column: clipped to about a fifth of the 1280x800 screen,
    not the 84 % the regions merged through the top bar made (the costliest pixels of a landing
    frame in WebAssembly, 8-13 ms there)."""
    from ui.table import base

    app = new_app(table_class("freecell")(1, {}), (1280, 800), Store(MemoryStorage()))
    t = app.scene
    run_until(app, lambda: not t.stale and not app.dirty)
    drawn = []
    draw_base = base.GameTable._draw_base

    def spy(self, size, clips, part_rects):
        drawn.append(clips)
        return draw_base(self, size, clips, part_rects)

    base.GameTable._draw_base = spy
    try:
        move = t.rules.parse_move(t.state, "7a")
        assert t.player_move(move)
        app.frame()
    finally:
        base.GameTable._draw_base = draw_base
    assert drawn and all(c is not None for c in drawn), drawn
    area = sum(r.width * r.height for c in drawn for r in c)
    assert area <= 0.3 * 1280 * 800, (drawn, area / (1280 * 800))
