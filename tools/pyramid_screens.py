"""Render Pyramid screenshots headless (SDL_VIDEODRIVER=dummy) into a folder: tables of a few
layouts at 390×844, 844×390 and 1280×800 (a card lifted), the lost panel, the win celebration,
and the layout picker at the three sizes. Everything runs over an in-memory store.

    python3 tools/pyramid_screens.py docs/screens
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from games.pyramid import Pyramid, free, rank  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.storage import MemoryStorage, Store  # noqa: E402
from ui.table.pyramid import PyramidTable  # noqa: E402

SIZES = [(390, 844), (844, 390), (1280, 800)]
LAYOUTS = {1: "classic", 6: "three-peaks", 19: "saltire", 12: "tower", 40: "waves"}


def app_for(size, scene, lang="en", anim="off"):
    return App(size, scene, Settings(language=lang, anim_speed=anim), Store(MemoryStorage()))


def save(app, path):
    """Draw the scene and save it: frames until its picture is drawn (a table's first picture
    waits for its card images, ``GameTable.ready``), at most 200."""
    app.dirty = True
    for _ in range(200):
        app.frame()
        if not app.dirty:
            break
    pygame.image.save(app.screen, str(path))
    print(path)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for n, slug in LAYOUTS.items():
        for w, h in SIZES:
            app = app_for((w, h), PyramidTable(1, {"layout": str(n)}))
            t = app.scene
            s = t.state
            i = next(i for i in range(len(s.cards)) if free(s, i) and rank(s.cards[i]) != 13)
            t.tap_source(i)
            save(app, out / f"pyramid-{slug}-{w}x{h}.png")
    # the lost panel and the win (classic deal 1 is won by the solver)
    won = next(n for n in range(1, 100) if Pyramid.solve(Pyramid.deal(n, {"layout": "1"}), timeout=5).status
               == "solved")
    for w, h in SIZES:
        app = app_for((w, h), PyramidTable(won, {"layout": "1"}))
        t = app.scene
        t.clock = 184.0   # a game of about three minutes
        for m in Pyramid.solve(t.state, timeout=20).moves:
            t.do_move(Pyramid.parse_move(t.state, m))
            t.anim.finish()
            t.toasts.clear()
        t.anim.finish()
        save(app, out / f"pyramid-won-{w}x{h}.png")
        lost = next(n for n in range(2, 500) if Pyramid.solve(Pyramid.deal(n, {"layout": "15"}), timeout=5).status
                    == "unsolvable")
        app = app_for((w, h), PyramidTable(lost, {"layout": "15"}))
        t = app.scene
        while t.playing:
            m = Pyramid.legal_moves(t.state)
            t.do_move(next((x for x in m if x != ()), m[0]))
            t.anim.finish()
            t.toasts.clear()
        t.anim.finish()
        save(app, out / f"pyramid-lost-{w}x{h}.png")
    # the win celebration mid-flight
    app = app_for((1280, 800), PyramidTable(won, {"layout": "1"}), anim="normal")
    t = app.scene
    for m in Pyramid.solve(t.state, timeout=20).moves:
        t.do_move(Pyramid.parse_move(t.state, m))
        t.anim.finish()
        t.toasts.clear()
    t.anim.update(0.2)
    for tw in t.anim.of("celebrate"):
        tw.elapsed = 1.1
    app.dirty = True
    app.scene.draw(app.screen)
    pygame.image.save(app.screen, str(out / "pyramid-celebration-1280x800.png"))
    from ui.scenes.layout_picker import LayoutPickerScene

    for w, h in SIZES:
        save(app_for((w, h), LayoutPickerScene(12)), out / f"pyramid-picker-{w}x{h}.png")
    save(app_for((390, 844), LayoutPickerScene(19), lang="ru"), out / "pyramid-picker-ru-390x844.png")


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Render Pyramid screenshots headless into a folder.")
    ap.add_argument("folder", nargs="?", default="/tmp/pyramid-screens", type=Path,
                    help="where the PNGs go (docs/screens for the docs' own; default %(default)s)")
    main(ap.parse_args().folder)
