"""The games by name (the command line's GAME, docs/contract.md), imported on first use.

:data:`GAMES` is the one list of games: its order is the home screen's and the statistics'.
Everything a game does differently is a hook of its :class:`~games.core.Rules` subclass; its
table (the pygame side) is found by the same name in :mod:`ui.table`.
"""
from __future__ import annotations

import importlib

from .core import GameError, Rules
from .quoting import quote

GAMES: dict[str, str] = {
    "tripeaks": "games.tripeaks:TriPeaks",
    "pyramid": "games.pyramid:Pyramid",
    "devils-grip": "games.devils_grip:DevilsGrip",
    "spider": "games.spider:Spider",
    "klondike": "games.klondike:Klondike",
    "freecell": "games.freecell:FreeCell",
}
"""Registry name → ``module:class`` of its :class:`~games.core.Rules`, in display order."""


class UnknownGame(GameError):
    """A game name that is not in the registry."""


def available() -> list[str]:
    """Names of the games, in registry order."""
    return list(GAMES)


def find_game(name: str) -> type[Rules]:
    """The Rules class of ``name`` (any case, spaces around ignored).

    >>> find_game(" FreeCell ").title
    'FreeCell'

    :raises UnknownGame: naming the known games.
    """
    key = name.strip().lower()
    if key not in GAMES:
        raise UnknownGame(f"unknown game '{quote(name)}' (games: {' '.join(GAMES)})")
    mod, _, cls = GAMES[key].partition(":")
    return getattr(importlib.import_module(mod), cls)
