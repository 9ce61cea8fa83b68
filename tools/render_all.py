"""Render every table and screen to PNGs, and compare two such folders pixel by pixel.

The before/after check of a refactor that must not change what the player sees::

    python3 tools/render_all.py render /tmp/before          # on the old revision
    python3 tools/render_all.py render /tmp/after           # on the new one
    python3 tools/render_all.py compare /tmp/before /tmp/after

``render`` draws each game and variant (TriPeaks easy/classic, Pyramid layouts 1 and 30 and three
passes, Devil's Grip, Spider 1/2/4 suits, Klondike draw 1/3, FreeCell) at its deal, after a few
moves, and with its end panel (the game played to a win by the solver within a fixed node budget,
or the options panel when no win is found), plus the home (with a sheet open), settings and
statistics screens, each at 1280x800, 390x844 and 844x390. Animations are off and the clock is
held at zero, so a render depends on the code only. ``compare`` prints ``identical: N screens`` or
the screens that differ (with the number of differing pixels) and exits 1 on a difference.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

SIZES = ["1280x800", "390x844", "844x390"]

VARIANTS: list[tuple[str, dict[str, str], int]] = [
    ("tripeaks", {"mode": "easy"}, 3),
    ("tripeaks", {"mode": "classic", "scoring": "moves"}, 5),
    ("pyramid", {"layout": "1"}, 2),
    ("pyramid", {"layout": "30", "passes": "3"}, 4),
    ("devils-grip", {}, 2),
    ("spider", {"suits": "1"}, 1),
    ("spider", {"suits": "2"}, 2),
    ("spider", {"suits": "4"}, 3),
    ("klondike", {"draw": "1"}, 2),
    ("klondike", {"draw": "3"}, 3),
    ("freecell", {}, 1),
]
"""(game, options, deal number) of every table rendered."""

SOLVE_NODES = 60_000
"""The solver's node budget for the end-panel render (a node budget, not a time limit, so the
line found is the same on every machine)."""


def _name(game, opts, phase, size) -> str:
    o = "-".join(f"{k}{v}" for k, v in sorted(opts.items()))
    return f"{game}{'-' + o if o else ''}-{phase}-{size}.png"


def _table_app(size, game, opts, number):
    from games.registry import find_game
    from ui.app import App
    from ui.settings import Settings
    from ui.storage import MemoryStorage, Store
    from ui.table import table_class

    rules, table = find_game(game), table_class(game)
    settings = Settings(language="en", anim_speed="off")
    settings.options_for(game).update(opts)
    app = App(size, table(number, dict(opts), None), settings, Store(MemoryStorage()))
    return rules, app


def _frames(app) -> None:
    for _ in range(200):   # a table's first picture waits for its card images (Scene.ready),
        app.frame()        # the home screen's miniatures come a game a frame
        if not app.dirty and not getattr(app.scene, "previews_later", False):
            break


def _shoot(app, out: Path) -> None:
    """Draw the scene settled and save it. A table's automatic moves at the deal (an ace face up
    going home) wait a timer on the app's clock after its first picture, so how many of them the
    frames before the picture have played depends on the machine's speed: the table is drawn
    once, then settled (every pending automatic move played, flights landed), then drawn for the
    PNG."""
    t = app.scene
    if hasattr(t, "anim"):  # a table (the screens around the games have no animation)
        _frames(app)
        _settle(t)
    if hasattr(t, "clock"):
        t.clock = 0.0
    app.dirty = True
    _frames(app)
    pygame.image.save(app.screen, str(out))


def _settle(t) -> None:
    """Land ``t``'s flights and play its pending automatic moves (``GameTable.settle``), and clear
    its toasts: nothing left that a timer would change."""
    t.settle()
    t.anim.finish()
    t.toasts.clear()


def render_tables(folder: Path, sizes) -> list[Path]:
    """Each variant's deal, a position a few moves in, and its end (or options) panel."""
    from ui.app import parse_size

    done = []
    for game, opts, number in VARIANTS:
        rules = None
        line = None
        for s in sizes:
            size = parse_size(s)
            # the deal
            rules, app = _table_app(size, game, opts, number)
            out = folder / _name(game, opts, "start", s)
            _shoot(app, out)
            done.append(out)
            # a few moves in: the first legal move, five times
            t = app.scene
            for _ in range(5):
                moves = rules.legal_moves(t.state)
                if not moves:
                    break
                t.play(moves[0])
                _settle(t)
            out = folder / _name(game, opts, "mid", s)
            _shoot(app, out)
            done.append(out)
            app.close()
            # the end: the solver's win within a node budget, else the options panel
            rules, app = _table_app(size, game, opts, number)
            t = app.scene
            if line is None:
                line = []
                if rules.has_solver():
                    res = rules.solve(t.state, max_nodes=SOLVE_NODES)
                    line = list(res.moves or [])
            for m in line:
                t.play(rules.parse_move(t.state, m) if isinstance(m, str) else m)
                _settle(t)
            if not line:
                t.open_options()
            out = folder / _name(game, opts, "end", s)
            _shoot(app, out)
            done.append(out)
            app.close()
    return done


def render_screens(folder: Path, sizes) -> list[Path]:
    """The home screen (plain and with a sheet open), settings and statistics (demo data)."""
    from tools.render import demo_store
    from ui.app import App, parse_size
    from ui.scenes.home import HomeScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.stats import StatsScene
    from ui.settings import Settings

    done = []
    for s in sizes:
        for name, make, sheet in (("home", HomeScene, None), ("home-sheet", HomeScene, "pyramid"),
                                  ("settings", SettingsScene, None), ("stats", StatsScene, None)):
            settings = Settings(language="en", anim_speed="off")
            scene = make()
            app = App(parse_size(s), scene, settings, demo_store(settings))
            if sheet:
                scene.tap_game(sheet)
            out = folder / f"screen-{name}-{s}.png"
            _shoot(app, out)
            done.append(out)
            app.close()
    return done


def compare(a: Path, b: Path) -> int:
    """Print which screens differ between folders ``a`` and ``b``; 0 when all are identical."""
    names_a = {p.name for p in a.glob("*.png")}
    names_b = {p.name for p in b.glob("*.png")}
    bad = []
    for n in sorted(names_a | names_b):
        if n not in names_a or n not in names_b:
            bad.append(f"{n}: only in {a if n in names_a else b}")
            continue
        ia, ib = pygame.image.load(str(a / n)), pygame.image.load(str(b / n))
        if ia.get_size() != ib.get_size():
            bad.append(f"{n}: sizes {ia.get_size()} vs {ib.get_size()}")
            continue
        if pygame.image.tobytes(ia, "RGB") == pygame.image.tobytes(ib, "RGB"):
            continue
        w, h = ia.get_size()
        diff = sum(1 for x in range(w) for y in range(h) if ia.get_at((x, y)) != ib.get_at((x, y)))
        bad.append(f"{n}: {diff} pixels differ")
    for line in bad:
        print(line)
    print(f"identical: {len(names_a | names_b) - len(bad)} screens; differing: {len(bad)}")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render", help="render every table and screen into FOLDER")
    r.add_argument("folder")
    r.add_argument("--sizes", default=",".join(SIZES))
    c = sub.add_parser("compare", help="compare two folders rendered by 'render'")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args(argv)
    if args.cmd == "compare":
        return compare(Path(args.a), Path(args.b))
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    sizes = args.sizes.split(",")
    n = len(render_tables(folder, sizes)) + len(render_screens(folder, sizes))
    print(f"{n} screens in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
