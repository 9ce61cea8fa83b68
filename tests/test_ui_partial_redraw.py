"""A move redraws only what changed of the still picture (GameTable.rebuild with the table's
picture_parts): after every move, undo, draw from the stock, flight and shake, the picture kept and
partly redrawn equals, pixel for pixel, the same picture rebuilt whole (the six tables, at
the three screen shapes)."""
import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.core import PLAYING  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.storage import MemoryStorage, Store  # noqa: E402
from ui.table import hit, table_class  # noqa: E402

from conftest import new_app, run_until  # noqa: E402


def whole_picture(t, size) -> bytes:
    """The still picture rebuilt whole, as bytes (the table's own picture is left as it was)."""
    kept, picture = t.base, t._picture
    t.base, t._picture = None, None
    t.rebuild(size)
    out = pygame.image.tobytes(t.base, "RGB")
    t.base, t._picture = kept, picture
    return out


def check(app, t, seen) -> None:
    size = app.screen.get_size()
    if t.stale or t.base is None:
        t.rebuild(size)
    assert pygame.image.tobytes(t.base, "RGB") == whole_picture(t, size)
    seen["checked"] += 1


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
    ("devils-grip", {}, (1280, 800)),
    ("devils-grip", {}, (390, 844)),
    ("devils-grip", {}, (844, 390)),
])
def test_partial_redraws_equal_whole_rebuilds(game, options, size):
    settings = Settings(language="en")
    settings.options_for(game).update(options)
    app = new_app(table_class(game)(7, dict(options)), size, Store(MemoryStorage()), settings=settings)
    t = app.scene
    rng = random.Random(5)
    seen = {"checked": 0, "partial": 0}
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
            t.play(rng.choice(t.rules.legal_moves(t.state)))
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
    assert seen["checked"] >= 30 and seen["partial"] >= 20
