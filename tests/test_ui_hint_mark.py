"""The hint's mark stands out among the playable cards' steady glow (feel30 K6: a ring a
sixteenth of the card thick, 3 px on a phone, pulsing down to 45 % opaque, was fainter than the
blue glow on every other playable card)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from conftest import new_app, run_until
from ui import cards_art
from ui.table import table_class


def _near(c, colour, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(c[:3], colour))


@pytest.mark.parametrize("game,options", [("klondike", {"draw": "1"}), ("freecell", {})])
def test_the_hint_ring_is_thick_and_strong_through_its_pulse(fake_clock, game, options):
    """Left of the hinted cards, along their middle, the ring shows as at least 4 px of the
    hint's yellow in every frame of its pulse (alpha at least 80 %)."""
    sc = table_class(game)(7, options)
    app = new_app(sc, size=(844, 390))
    sc.settings.glow = True
    sc.settings.anim_speed = "normal"
    run_until(app, lambda: not app.dirty, frames=400)
    sc.hint()
    run_until(app, lambda: sc.hint_search is None and sc.hint_move is not None, frames=4000)
    for _ in range(3):
        app.frame()
    widths = []
    for _ in range(30):          # over the ring's pulse (twice a second), frames 1/60 s apart
        fake_clock.advance(1 / 60)
        app.dirty = True
        app.frame()
        if sc.hint_move is None:
            break
        a = sc.hint_anchor()
        y = a.centery
        widths.append(sum(1 for x in range(a.left - 12, a.left) if _near(app.screen.get_at((x, y)), cards_art.HINT)))
    while widths and widths[0] == 0:   # the frames rendering the hint's texts, before it shows
        widths.pop(0)
    assert len(widths) >= 10
    assert min(widths) >= 4, widths
