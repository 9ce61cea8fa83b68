"""Game tables: :class:`ui.table.base.GameTable` is the frame every game shares (bars, buttons,
status line, panels, undo, hint, deal codes, animation); one subclass per game adds its geometry,
drawing and taps (``tripeaks.py``; Pyramid, Devil's Grip, Spider, Klondike, FreeCell later)."""

import importlib

TABLES: dict[str, str] = {
    "tripeaks": "ui.table.tripeaks:TriPeaksTable",
    "pyramid": "ui.table.pyramid:PyramidTable",
    "devils-grip": "ui.table.devils_grip:DevilsGripTable",
    "spider": "ui.table.spider:SpiderTable",
    "klondike": "ui.table.klondike:KlondikeTable",
    "freecell": "ui.table.freecell:FreeCellTable",
}
"""Game name (as in games/registry.py) → ``module:class`` of its table scene."""


def table_class(game: str):
    """The table scene class of ``game``, or ``None`` when its table is not built yet (the home
    screen shows such a game as coming)."""
    mod, _, cls = TABLES[game].partition(":")
    try:
        module = importlib.import_module(mod)
    except ModuleNotFoundError as e:
        if e.name == mod:
            return None
        raise
    return getattr(module, cls)
