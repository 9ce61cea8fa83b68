"""Game tables: :class:`ui.table.base.GameTable` is the frame every game shares (bars, buttons,
status line, panels, undo, hint, deal codes, animation); one subclass per game adds its geometry,
drawing and taps. :data:`TABLES` maps each game of :data:`games.registry.GAMES` to its table."""

import importlib

TABLES: dict[str, str] = {
    "tripeaks": "ui.table.tripeaks:TriPeaksTable",
    "pyramid": "ui.table.pyramid:PyramidTable",
    "devils-grip": "ui.table.devils_grip:DevilsGripTable",
    "spider": "ui.table.spider:SpiderTable",
    "klondike": "ui.table.klondike:KlondikeTable",
    "freecell": "ui.table.freecell:FreeCellTable",
}
"""Game name (as in games/registry.py) → ``module:class`` of its table scene (imported on first
use, so the home screen starts without loading every table)."""

SHARED: tuple[str, ...] = (
    "ui.anim", "ui.table.hit", "games.solvers", "games.solvers.search", "ui.imports", "ui.progress",
    "ui.table.panels", "ui.table.assist", "ui.table.session", "ui.table.drag", "ui.table.base")
"""The modules the first table's import brings besides the app's and its game's rules, each after
those it imports (``tests/test_ui_frame_work.py`` checks that each brings only itself)."""

BASES: dict[str, tuple[str, ...]] = {game: ("ui.table.columns",) for game in ("spider", "klondike", "freecell")}
"""Game name → the modules its table's module imports besides :data:`SHARED` (its base class)."""


def table_modules(game: str) -> list[str]:
    """The modules importing the table of ``game`` brings (:data:`SHARED`, its :data:`BASES`, its
    own), each after those it imports, so that importing them in turn brings one module at a time
    (the home screen's miniatures, a module a frame). :raises KeyError: for a name not in
    :data:`TABLES`."""
    return [*SHARED, *BASES.get(game, ()), TABLES[game].partition(":")[0]]


def table_class(game: str):
    """The table scene class of ``game``. :raises KeyError: for a name not in :data:`TABLES`."""
    mod, _, cls = TABLES[game].partition(":")
    return getattr(importlib.import_module(mod), cls)
