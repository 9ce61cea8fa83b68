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


def table_class(game: str):
    """The table scene class of ``game``. :raises KeyError: for a name not in :data:`TABLES`."""
    mod, _, cls = TABLES[game].partition(":")
    return getattr(importlib.import_module(mod), cls)
