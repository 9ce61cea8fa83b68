"""The 15 badges (docs/rules.md, "Progression"): what each asks, the check after every game, progress.

:func:`check` is pure: given a game's :class:`~games.progression.GameResult` and the
:class:`~games.progression.Progress` *after* that game's counts were added, it names every badge
whose condition holds; :func:`games.progression.apply_result` keeps those not earned before,
dated (each badge is earned once). :func:`progress_of` gives the way towards a badge not yet
earned ("Architect: 12 of 55 layouts"). Names and texts are catalogue messages (``locales/*/progression.po``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .i18n import N_, tr


@dataclass(frozen=True)
class Badge:
    """``id`` (saved), ``name`` and ``ask`` (catalogue messages), ``holds(result, after)`` the
    condition, ``towards(after)`` → ``(have, need)`` or None for a badge of one game."""

    id: str
    name: str
    ask: str
    holds: Callable
    towards: Callable | None = None
    unit: str = ""


def _won(g):
    return lambda r, p: r.won and r.game == g


def _suits(r):
    return str(r.options.get("suits"))


def _streak(p):
    from .progression import best_day_streak
    return best_day_streak(p)


def _triple(p):
    from .progression import daily_triple_best
    return daily_triple_best(p)


BADGES = (
    Badge("first-win", N_("First win"), N_("Win any game."),
          lambda r, p: r.won),
    Badge("collector", N_("Collector"), N_("Win each of the six games at least once."),
          lambda r, p: len([g for g, n in p.wins.items() if n]) >= 6,
          lambda p: (len([g for g, n in p.wins.items() if n]), 6), N_("{have} of {need} games")),
    Badge("twenty-in-a-row", N_("Twenty in a row"), N_("Make a TriPeaks streak of 20 cards."),
          lambda r, p: r.game == "tripeaks" and r.longest_run >= 20,
          lambda p: (min(20, p.bests.get("tripeaks_run", 0)), 20), N_("best streak {have} of {need} cards")),
    Badge("peak-performance", N_("Peak performance"), N_("Win TriPeaks with 10 or more cards left in the stock."),
          lambda r, p: r.won and r.game == "tripeaks" and r.stock_left >= 10,
          lambda p: (min(10, p.bests.get("tripeaks_stock_left", 0)), 10), N_("best {have} of {need} stock cards left")),
    Badge("builder", N_("Builder"), N_("Win Pyramid on 10 different layouts."),
          lambda r, p: len(p.layouts) >= 10, lambda p: (min(10, len(p.layouts)), 10), N_("{have} of {need} layouts")),
    Badge("architect", N_("Architect"), N_("Win Pyramid on all 55 layouts."),
          lambda r, p: len(p.layouts) >= 55, lambda p: (len(p.layouts), 55), N_("{have} of {need} layouts")),
    Badge("brilliant", N_("Brilliant"), N_("Finish Devil's Grip with 2 or fewer cards left."),
          lambda r, p: r.game == "devils-grip" and r.finished and r.cards_left is not None and r.cards_left <= 2),
    Badge("grip-master", N_("Grip master"), N_("Win Devil's Grip outright (no card left)."), _won("devils-grip")),
    Badge("four-suits", N_("Four suits"), N_("Win Spider with 4 suits."),
          lambda r, p: r.won and r.game == "spider" and _suits(r) == "4"),
    Badge("clean-web", N_("Clean web"), N_("Win Spider with 2 or 4 suits without undo."),
          lambda r, p: r.won and r.game == "spider" and _suits(r) in ("2", "4") and not r.undo_used),
    Badge("three-at-a-time", N_("Three at a time"), N_("Win Klondike drawing three."),
          lambda r, p: r.won and r.game == "klondike" and str(r.options.get("draw")) == "3"),
    Badge("quick-hands", N_("Quick hands"), N_("Win Klondike in under 3 minutes."),
          lambda r, p: r.won and r.game == "klondike" and r.seconds < 180),
    Badge("hundred-moves", N_("A hundred moves"), N_("Win FreeCell in 100 moves or fewer."),
          lambda r, p: r.won and r.game == "freecell" and r.moves <= 100),
    Badge("daily-triple", N_("Daily triple"), N_("Win the Spider, Klondike and FreeCell deals of the day of one date."),
          lambda r, p: r.daily is not None and _triple(p) >= 3, lambda p: (_triple(p), 3),
          N_("{have} of {need} on one date")),
    Badge("week-of-days", N_("A week of days"), N_("Win a deal of the day on 7 dates in a row."),
          lambda r, p: _streak(p) >= 7, lambda p: (min(7, _streak(p)), 7), N_("best day streak {have} of {need}")),
)
BADGE_IDS = tuple(b.id for b in BADGES)
BY_ID = {b.id: b for b in BADGES}


IN_PLAY = frozenset({"twenty-in-a-row"})
"""The badges a move earns before its game ends (a streak made stays made, whatever follows:
:func:`games.progression.apply_run`); the others are judged when a game ends."""


def check(result, after) -> list[str]:
    """The ids of every badge whose condition holds for the game ``result`` with the progression
    ``after`` it (earned before or not), in badge order."""
    return [b.id for b in BADGES if b.holds(result, after)]


def progress_of(badge_id: str, progress) -> tuple[int, int] | None:
    """``(have, need)`` towards a badge that counts (None for a one-game badge)."""
    b = BY_ID[badge_id]
    return b.towards(progress) if b.towards else None


def progress_text(badge_id: str, progress, lang: str | None = None) -> str:
    """What a badge's line shows: its name, and the progress towards it when it counts
    ("Architect: 12 of 55 layouts"), in the current language (or ``lang``)."""
    b = BY_ID[badge_id]
    name = tr(b.name, lang)
    t = progress_of(badge_id, progress)
    if t is None:
        return name
    return tr("{name}: {progress}", lang, name=name, progress=tr(b.unit, lang, have=t[0], need=t[1]))
