"""A panel's texts are rendered before it opens (``GameTable.texts_ahead``, docs/web.md,
"Session 28"): the frame that opens the pause menu, Options, the Restart or New deal question,
or the end panel a finished game brings, renders none of its texts. Each text under 40 px is
rendered at three times its size and scaled down: the frame that opened Options at 1280x800
took 15-16 ms of CPU natively with them, 50 ms and more in WebAssembly. Counted in
:mod:`ui.text`'s cache on the fake clock of tests/conftest.py, not timed."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ui import table as ui_table
from ui import text

from conftest import new_app


@pytest.fixture(autouse=True)
def _quit(fake_clock):
    yield
    pygame.display.quit()


def frames(app, clock, n):
    """``n`` frames 1/60 s apart on the fake clock."""
    for _ in range(n):
        app.frame()
        clock.advance(1 / 60)


def test_the_panels_a_player_opens_render_no_text_in_their_frame(fake_clock):
    text._cache.clear()         # what other tests rendered is not this table's doing
    app = new_app(ui_table.table_class("klondike")(3), (390, 844))
    t = app.scene
    frames(app, fake_clock, 150)    # the first picture, the search imported, then the panels' texts
    t.play(t.rules.legal_moves(t.state)[0])
    frames(app, fake_clock, 60)     # the pause menu's Restart deal row, offered now
    for open_it in (t.open_pause, t.open_options, t.ask_restart, t.ask_new_deal):
        before = len(text._cache)
        open_it()
        app.frame()
        assert t.panel is not None
        assert len(text._cache) == before, (open_it.__name__, len(text._cache) - before)
        t.close_panel()
        frames(app, fake_clock, 2)


def test_the_end_panel_renders_no_text_in_the_frame_that_opens_it(fake_clock):
    import test_freecell as fc

    text._cache.clear()
    one_left = fc.pos(["KC"] + [""] * 7, found="H-K C-Q D-K S-K")
    app = new_app(ui_table.table_class("freecell")(None, {}, state=one_left), (390, 844), anim_speed="normal",
                  auto_foundation=False)
    t = app.scene
    frames(app, fake_clock, 150)
    assert t.player_move(t.rules.parse_move(t.state, "1h"))
    for _ in range(600):          # the card's flight, the wait, the cascade: the panel at their end
        before = len(text._cache)
        app.frame()
        fake_clock.advance(1 / 60)
        if t.panel is not None:
            break
    assert t.panel is not None and t.panel.end == "won"
    assert len(text._cache) == before, len(text._cache) - before


PYRAMID_END = r"""
import json, os, sys
sys.path[:0] = [ROOT, ROOT + "/tests"]
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
from conftest import FakeClock, new_app
from ui.app import App
from ui import table as ui_table
import test_pyramid as py

clock = FakeClock()
App.now = staticmethod(clock)
t = ui_table.table_class("pyramid")(1, {}, state=py.pos({27: "KC"}, stock=["5H", "2D"]))
app = new_app(t, (390, 844), anim_speed="normal")
for _ in range(150):
    app.frame()
    clock.advance(1 / 60)
modules = set(sys.modules)
t.play(t.rules.parse_move(t.state, "KC"))
for _ in range(600):
    app.frame()
    clock.advance(1 / 60)
    if t.panel is not None:
        break
print(json.dumps({"end": t.panel and t.panel.end, "imported": sorted(set(sys.modules) - modules)}))
"""


def test_pyramids_end_panel_imports_nothing_from_the_winning_move_on():
    """Pyramid's end panel names its layout (``ui.scenes.layout_picker``) and a game's end checks
    the badges (``games.badges``): both are imported ahead with the game's search, a piece a
    frame, not from the winning move to the panel, whose frames imported them (a fresh
    interpreter: neither is imported yet)."""
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parent.parent)
    p = subprocess.run([sys.executable, "-c", f"ROOT = {root!r}\n" + PYRAMID_END], cwd=root, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    got = __import__("json").loads(p.stdout.strip().splitlines()[-1])
    assert got == {"end": "won", "imported": []}, got
