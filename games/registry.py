"""The games by name (CONTRACT.md's GAME), imported on first use."""
from __future__ import annotations

import importlib

from .core import GameError, Rules

GAMES: dict[str, str] = {
    "tripeaks": "games.tripeaks:TriPeaks",
    "pyramid": "games.pyramid:Pyramid",
    "devils-grip": "games.devils_grip:DevilsGrip",
    "spider": "games.spider:Spider",
    "klondike": "games.klondike:Klondike",
    "freecell": "games.freecell:FreeCell",
}
"""Registry name → ``module:class`` of its :class:`~games.core.Rules`."""


class UnknownGame(GameError):
    """A game name that is not in the registry, or a game not built yet."""


def available() -> list[str]:
    """Names of the games whose rules are built, in registry order."""
    out = []
    for name in GAMES:
        try:
            find_game(name)
        except UnknownGame:
            continue
        out.append(name)
    return out


def find_game(name: str) -> type[Rules]:
    """The Rules class of ``name``. :raises UnknownGame: naming the known games."""
    key = name.strip().lower()
    if key not in GAMES:
        raise UnknownGame(f"unknown game '{name}' (games: {' '.join(GAMES)})")
    mod, _, cls = GAMES[key].partition(":")
    try:
        module = importlib.import_module(mod)
    except ModuleNotFoundError as e:
        if e.name == mod:
            raise UnknownGame(f"unknown game '{name}': not built yet") from None
        raise
    return getattr(module, cls)
