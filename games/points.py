"""Win points: what the record tables rank (docs/rules.md, "Progression"; docs/progression.md, "Win points").

One formula, with each game's own numbers. For a won game of ``s`` whole seconds (the table's
clock) and ``m`` moves (the move counter, undone moves included):

    points = round_half_up(F × R × U × (B + max(0, T − s) + M × max(0, P − m)))

- ``B`` the base points of a win, ``T`` the par time in seconds (one point a second under it),
  ``P`` the par move count and ``M`` the points of each move under it (below);
- ``F`` the variant's difficulty factor (harder variants score more);
- ``R`` = 0.8 for Spider's relaxed rule, else 1;
- ``U`` = 1.2 when *solvable deals only* was off (a plain deal may be unwinnable), else 1.

| game | B | T | M | P | F |
|---|---|---|---|---|---|
| TriPeaks | 200 | 300 | 10 | 51 | Easy 1, Classic 1.5 |
| Pyramid | 200 | 600 | 2 | 200 | 2 − w, w the layout's measured winnable share |
| Devil's Grip | 2000 | 1800 | 2 | 300 | 1 |
| Spider | 100 | 600 / 1200 / 2400 | 1 | 1200 | 1 / 2 / 3 suits: 1 / 2 / 3 |
| Klondike | 300 | 600 | 2 | 200 | draw 1: 1, draw 3: 1.5 |
| FreeCell | 300 | 600 | 2 | 200 | 1 |

Spider's numbers are those of :func:`games.spider.win_score` (its won game's score), so for
Spider the points and the win score are one number. Pyramid's ``w`` is the share of the
variant's checked deals that its bank (``games/banks/``) holds as verified winnable, in whole
percent (docs/pyramid.md, "Winnability of the 55 layouts"): layout 1 (68 %) gives × 1.32,
layout 15 (13 %) × 1.87. A TriPeaks win takes 28 moves plus one a stock draw, so its move bonus
is 10 a stock card left plus 230. Arithmetic is in integers, the same on every machine.

A Devil's Grip deal of the day finished at its goal (at most ``goal`` cards left) but not won
outright is a daily win too (docs/progression.md): :func:`grip_goal_points`, the same formula
with the base ``B`` = 500 plus 100 for each card left under the goal, and no ``U`` (a deal of the
day is the same deal for everyone, whatever the setting).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import bank


@dataclass(frozen=True)
class Par:
    """A game's numbers in the formula: base ``B``, par time ``T`` (seconds), points ``M`` a move
    under par move count ``P``."""

    base: int
    time: int
    per_move: int
    moves: int


PARS = {
    "tripeaks": Par(200, 300, 10, 51),
    "pyramid": Par(200, 600, 2, 200),
    "devils-grip": Par(2000, 1800, 2, 300),
    "spider": Par(100, 1200, 1, 1200),
    "klondike": Par(300, 600, 2, 200),
    "freecell": Par(300, 600, 2, 200),
}
SPIDER_PAR_TIME = {"1": 600, "2": 1200, "4": 2400}
SPIDER_FACTOR = {"1": 100, "2": 200, "4": 300}


GRIP_GOAL_BASE = 500
"""Base points of a Devil's Grip deal of the day finished at its goal, not won outright."""
GRIP_GOAL_PER_CARD = 100
"""Points for each card left under the goal of a Devil's Grip deal of the day."""


def pyramid_winnable_percent(options: dict) -> int:
    """The measured winnable share of a Pyramid variant in whole percent (rounded half up): its
    bank's verified winnable deals over the deals checked; the unlimited-passes bank of the layout
    when the variant has none. :raises ValueError: when no bank is shipped for the layout."""
    from .registry import find_game

    rules = find_game("pyramid")
    opts = rules.check_options(options)
    b = bank.load(rules, opts) or bank.load(rules, {**opts, "passes": "unlimited"})
    if b is None:
        raise ValueError(f"no bank for Pyramid layout {opts['layout']}")
    checked = b.last - b.first + 1
    return (200 * len(b.solvable) + checked) // (2 * checked)


def factor(game: str, options: dict) -> int:
    """The variant factor ``F`` in hundredths (100 = × 1).

    :raises KeyError: for an unknown game; ValueError for an unknown variant.
    """
    if game == "tripeaks":
        return {"easy": 100, "classic": 150}[options.get("mode", "easy")]
    if game == "pyramid":
        return 200 - pyramid_winnable_percent(options)
    if game == "spider":
        return SPIDER_FACTOR[str(options.get("suits", "2"))]
    if game == "klondike":
        return {"1": 100, "3": 150}[str(options.get("draw", "1"))]
    if game in ("devils-grip", "freecell"):
        return 100
    raise KeyError(game)


def points(game: str, options: dict, seconds: float, moves: int, solvable_only: bool = True) -> int:
    """The points of a won game of ``game`` (registry name) under ``options`` (the rules' options:
    ``mode``, ``layout``, ``suits``, ``relaxed``, ``draw``…), taking ``seconds`` (clock, whole
    seconds count) and ``moves`` (the move counter). See the module docstring for the formula.

    >>> points("klondike", {"draw": "1"}, 300, 150)
    700
    >>> points("spider", {"suits": "4", "relaxed": "yes"}, 3000.5, 900, solvable_only=False)
    1152

    :raises ValueError: for negative seconds or moves, or an unknown variant;
        KeyError: for an unknown game.
    """
    if seconds < 0 or moves < 0:
        raise ValueError("seconds and moves cannot be negative")
    par = PARS[game]
    try:
        f = factor(game, options)
    except KeyError as e:
        if e.args and e.args[0] == game:
            raise
        raise ValueError(f"unknown {game} variant {options}") from None
    par_time = SPIDER_PAR_TIME[str(options.get("suits", "2"))] if game == "spider" else par.time
    raw = par.base + max(0, par_time - int(seconds)) + par.per_move * max(0, par.moves - int(moves))
    relaxed = 8 if game == "spider" and options.get("relaxed") == "yes" else 10
    unsolved = 10 if solvable_only else 12
    num = raw * f * relaxed * unsolved
    return (num + 5000) // 10000


def grip_goal_points(seconds: float, moves: int, left: int, goal: int) -> int:
    """The points of a Devil's Grip deal of the day that ended with ``left`` cards in stock and
    talon, at or under its ``goal``, without an outright win: ``500 + 100 × (goal − left)`` plus
    Devil's Grip's time and move parts (par 1800 s, 2 points a move under 300).

    >>> grip_goal_points(1200, 180, 7, 8)
    1440

    :raises ValueError: for negative seconds, moves or cards, or ``left`` above ``goal``.
    """
    if seconds < 0 or moves < 0 or left < 0:
        raise ValueError("seconds, moves and cards left cannot be negative")
    if left > goal:
        raise ValueError(f"{left} cards left is above the goal of {goal}")
    par = PARS["devils-grip"]
    return (GRIP_GOAL_BASE + GRIP_GOAL_PER_CARD * (goal - left) + max(0, par.time - int(seconds))
            + par.per_move * max(0, par.moves - int(moves)))
