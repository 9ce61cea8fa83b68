"""Write the docs' screenshots that ``tools/render.py`` draws (``docs/screens/``), or tell which
of them are out of date.

    python3 tools/doc_screens.py                    # write them all into docs/screens
    python3 tools/doc_screens.py --check            # draw them into a temporary folder, list those that differ
    python3 tools/doc_screens.py --only columns-    # only the names that start so
    python3 tools/doc_screens.py --out /tmp/shots   # somewhere else

Each image is one :data:`SHOTS` entry: its file name (``{size}`` stands for each of its sizes)
and ``render.py``'s arguments. A game in progress plays the first moves of the solver's line
(found within a node budget, :data:`SOLVER_NODES`, so that the line is the same on every
machine; Devil's Grip, whose deals rarely win, follows the app's hints), given to ``render.py``
as ``--moves``. ``--check`` exits 1 when an image differs from
the one in the folder (or is missing there), 0 when every one is the same pixel for pixel.

The other images of ``docs/screens`` have their own tools: ``pyramid-*.png``
``tools/pyramid_screens.py docs/screens``; ``daily-*``, ``records-*``, ``badges-*``,
``end-panel-*``, ``rules-*`` and ``home-pyramid-sheet-*`` the UI tests that draw them, run with
``PASYANS_SCREENS=1`` (docs/ui.md, "Looking at it"); ``web/`` ``tools/web_screens.py``.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import pygame  # noqa: E402

import render  # noqa: E402
from games.registry import find_game  # noqa: E402

SIZES3 = ("1280x800", "390x844", "844x390")
SMALL = ("360x640", "640x360")
SOLVER_NODES = 400_000
"""The node budget of the solver's line a game in progress plays the first moves of."""

# (file name, its sizes, render.py's arguments, how many moves of the solver's line to play first)
SHOTS: list[tuple[str, tuple[str, ...], list[str], int]] = [
    # the tables (TriPeaks, docs/ui.md)
    ("table-{size}.png", SIZES3, ["--number", "5"], 2),
    ("won-{size}.png", ("1280x800",), ["--number", "1", "--moves", "solve"], 0),
    ("lost-{size}.png", ("1280x800",), ["--number", "9", "--moves", "stock"], 0),
    ("lost-{size}-ru.png", ("390x844",), ["--number", "9", "--moves", "stock", "--lang", "ru"], 0),
    ("code-{size}-ru.png", ("844x390",), ["--number", "5", "--panel", "code", "--lang", "ru"], 0),
    ("code-bad-{size}.png", ("390x844",), ["--number", "5", "--panel", "code", "--typed", "TP1-Q-ABC"], 0),
    ("options-{size}.png", ("1280x800",), ["--number", "5", "--panel", "options"], 0),
    # the hint and the rescue (docs/assist.md)
    ("assist-hint-freecell-{size}.png", ("1280x800",), ["--game", "freecell", "--number", "1", "--assist", "hint"], 0),
    ("assist-hint-klondike-{size}.png", ("1280x800", "390x844"),
     ["--game", "klondike", "--number", "7", "--assist", "hint"], 0),
    ("assist-hint-tripeaks-{size}.png", ("390x844",), ["--number", "5", "--assist", "hint"], 0),
    ("assist-hint-tripeaks-{size}-ru.png", ("1280x800",), ["--number", "5", "--assist", "hint", "--lang", "ru"], 0),
    ("assist-rescue-{size}.png", ("1280x800", "390x844"), ["--number", "5", "--assist", "rescue"], 3),
    ("assist-rescue-{size}-ru.png", ("844x390",), ["--number", "5", "--assist", "rescue", "--lang", "ru"], 3),
    # the column games (docs/columns-ui.md)
    ("columns-freecell-{size}.png", SIZES3, ["--game", "freecell", "--number", "3"], 25),
    ("columns-freecell-auto-at-deal-{size}.png", ("1280x800",), ["--game", "freecell", "--number", "2"], 0),
    ("columns-klondike-{size}.png", SIZES3, ["--game", "klondike", "--number", "3"], 40),
    ("columns-klondike-{size}-ru.png", ("390x844",), ["--game", "klondike", "--number", "3", "--lang", "ru"], 0),
    ("columns-klondike-draw3-{size}.png", ("390x844",),
     ["--game", "klondike", "--option", "draw=3", "--number", "3", "--moves", "s s"], 0),
    ("columns-spider-{size}.png", SIZES3, ["--game", "spider", "--option", "suits=2", "--number", "5"], 0),
    ("columns-spider4-{size}-ru.png", ("844x390",),
     ["--game", "spider", "--option", "suits=4", "--number", "8", "--lang", "ru"], 0),
    ("options-spider-{size}.png", ("844x390",), ["--game", "spider", "--number", "3", "--panel", "options"], 0),
    ("options-spider-{size}-ru.png", ("390x844",),
     ["--game", "spider", "--number", "3", "--panel", "options", "--lang", "ru"], 0),
    # Devil's Grip (docs/devils-grip.md)
    ("devils-grip-{size}.png", SIZES3, ["--game", "devils-grip", "--number", "1"], 60),
    ("devils-grip-{size}.png", ("360x640",), ["--game", "devils-grip", "--number", "1"], 0),
    ("devils-grip-end-{size}-ru.png", ("1280x800",), ["--game", "devils-grip", "--number", "1", "--lang", "ru"], 999),
    # the screens around the games (docs/ui.md)
    ("home-{size}.png", SIZES3, ["--scene", "home", "--demo"], 0),
    ("home-sheet-{size}.png", ("844x390",), ["--scene", "home", "--demo", "--sheet", "tripeaks"], 0),
    ("settings-{size}.png", SIZES3, ["--scene", "settings"], 0),
    ("settings-{size}-ru.png", ("1280x800",), ["--scene", "settings", "--lang", "ru"], 0),
    ("stats-{size}.png", SIZES3, ["--scene", "stats", "--demo"], 0),
    ("stats-{size}-ru.png", ("390x844",), ["--scene", "stats", "--demo", "--lang", "ru"], 0),
    ("stats-empty-{size}.png", ("390x844", "844x390"), ["--scene", "stats"], 0),
    ("stats-empty-{size}-ru.png", ("390x844",), ["--scene", "stats", "--lang", "ru"], 0),
    # every kind of screen at the small sizes, in Russian (the longer words; docs/ui.md)
    ("sizes-code-{size}-ru.png", SMALL + ("390x844",),
     ["--game", "spider", "--number", "3", "--panel", "code", "--lang", "ru"], 0),
    ("sizes-devils-grip-{size}-ru.png", ("390x844", "640x360", "844x390"),
     ["--game", "devils-grip", "--number", "1", "--lang", "ru"], 35),
    ("sizes-freecell-{size}.png", ("1280x800", "390x844", "844x390"), ["--game", "freecell", "--number", "1"], 0),
    ("sizes-freecell-{size}-ru.png", SMALL, ["--game", "freecell", "--number", "1", "--lang", "ru"], 0),
    ("sizes-freecell-long-{size}.png", SIZES3, ["--game", "freecell", "--number", "10"], 28),
    ("sizes-home-{size}-ru.png", ("360x640",), ["--scene", "home", "--demo", "--lang", "ru"], 0),
    ("sizes-klondike-{size}-ru.png", SIZES3, ["--game", "klondike", "--number", "1", "--lang", "ru"], 0),
    ("sizes-options-{size}-ru.png", ("844x390",),
     ["--game", "spider", "--number", "3", "--panel", "options", "--lang", "ru"], 0),
    ("sizes-pyramid-06-{size}-ru.png", ("390x844",),
     ["--game", "pyramid", "--option", "layout=6", "--number", "1", "--lang", "ru"], 0),
    ("sizes-pyramid-19-{size}-ru.png", ("844x390",),
     ["--game", "pyramid", "--option", "layout=19", "--number", "1", "--lang", "ru"], 0),
    ("sizes-settings-{size}-ru.png", SMALL, ["--scene", "settings", "--lang", "ru"], 0),
    ("sizes-spider4-long-{size}-ru.png", SIZES3,
     ["--game", "spider", "--option", "suits=4", "--number", "5", "--lang", "ru"], 81),
    ("sizes-stats-{size}-ru.png", ("360x640",), ["--scene", "stats", "--demo", "--lang", "ru"], 0),
]


def names() -> list[str]:
    """Every image's file name, in :data:`SHOTS` order."""
    return [pattern.format(size=size) for pattern, sizes, _, _ in SHOTS for size in sizes]


OTHER_TOOLS = ("pyramid-", "daily-", "records-", "badges-", "end-panel-", "rules-", "home-pyramid-sheet-")
"""How the names of the ``docs/screens`` images other tools write begin (the module docstring)."""


def shots(only: str = "") -> list[tuple[str, list[str]]]:
    """``(file name, render.py's arguments without --out)`` of each image whose name starts with
    ``only``, the solver's moves filled in."""
    lines: dict[tuple, list[str]] = {}
    out = []
    for pattern, sizes, args, moves in SHOTS:
        for size in sizes:
            name = pattern.format(size=size)
            if not name.startswith(only):
                continue
            argv = list(args) + ["--size", size]
            if moves:
                argv += ["--moves", " ".join(solver_line(args, lines, moves))]
            out.append((name, argv))
    return out


def solver_line(args: list[str], memo: dict, count: int = 0) -> list[str]:
    """The first ``count`` moves (texts) of a line for the deal ``args`` names (``--game``,
    ``--number``, ``--option``): the solver's winning line, found within :data:`SOLVER_NODES`
    nodes; where it finds none (Devil's Grip rarely wins) the app's hints followed one after the
    other (``games.hints.hint``, within its node budget), to the end of the game at most.
    Remembered in ``memo``."""
    from games.core import PLAYING
    from games.hints import hint

    ns, _ = render_parser().parse_known_args(args)
    key = (ns.game, ns.number, tuple(ns.option), count)
    if key not in memo:
        rules = find_game(ns.game)
        options = rules.check_options(dict(o.split("=", 1) for o in ns.option))
        state = rules.deal(ns.number, options)
        line = list(rules.solve(state, max_nodes=SOLVER_NODES).moves or [])
        if not line:
            past = []
            while len(line) < count and rules.status(state) == PLAYING:
                move, _ = hint(rules, state, past=tuple(past))
                if move is None:
                    break
                line.append(rules.format_move(state, move))
                past.append(state)
                state = rules.apply(state, move)
        memo[key] = line[:count]
    return memo[key]


def render_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--game", default="tripeaks")
    ap.add_argument("--number", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    return ap


def same(a: Path, b: Path) -> bool:
    """Whether two PNGs show the same pixels at the same size."""
    if not a.exists() or not b.exists():
        return False
    x, y = pygame.image.load(str(a)), pygame.image.load(str(b))
    return x.get_size() == y.get_size() and pygame.image.tobytes(x, "RGB") == pygame.image.tobytes(y, "RGB")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screens", help="the folder (default %(default)s)")
    ap.add_argument("--only", default="", help="only the images whose names start so")
    ap.add_argument("--check", action="store_true",
                    help="draw into a temporary folder and list the images of --out that differ")
    a = ap.parse_args(argv)
    todo = shots(a.only)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) if a.check else a.out
        folder.mkdir(parents=True, exist_ok=True)
        stale = []
        for name, args in todo:
            rc = render.main(args + ["--out", str(folder / name)])
            if rc:
                print(f"error: {name}: render.py exit {rc}", file=sys.stderr)
                return rc
            if a.check and not same(folder / name, a.out / name):
                stale.append(name)
        if a.check:
            for name in stale:
                print(f"out of date: {name}")
            print(f"{len(todo) - len(stale)} of {len(todo)} the same")
            return 1 if stale else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
