"""Deal of the day: one deal per game for each calendar date (docs/rules.md, "Progression"; docs/progression.md).

The deal of a date is a function of the date string ``YYYY-MM-DD`` alone (and the banks shipped
with the game), so every device shows the same six deals on the same date, offline:

1. ``day = date.toordinal() - date(2000, 1, 1).toordinal()``: days since 2000-01-01 (negative
   before it; the proleptic Gregorian calendar of :mod:`datetime`).
2. Each game has a *pool*, the sorted list of deal numbers it draws from, and a fixed order of
   that pool: the Pasyans shuffle v1 (:func:`games.deal.shuffle`, SplitMix64 + Fisher–Yates) of
   the pool under the name ``"daily " + game`` and number 1.
3. The deal of ``day`` is ``order[day mod len(order)]``. Consecutive days walk the order, so a
   deal comes back only after ``len(order)`` days: every pool holds at least 365 deals, so no deal
   of a variant repeats within 365 days, by construction.

The pools and variants (the Spider, Klondike and FreeCell dailies first):

- Spider, 2 suits: the verified bank ``games/banks/spider-suits=2.txt``.
- Klondike, draw 1: the verified bank ``games/banks/klondike-draw=1.txt``.
- FreeCell (Microsoft numbers): the verified bank ``games/banks/freecell.txt``.
- TriPeaks, Easy: the verified bank ``games/banks/tripeaks-mode=easy.txt``.
- Pyramid, a layout of the day: the layout is ``layouts[day mod 55]`` where ``layouts`` is the
  shuffle of 1..55 under the name ``"daily pyramid layouts"``; the deal is the
  ``⌊day / 55⌋``-th entry (mod its size) of that layout's verified bank
  (``games/banks/pyramid-layout=L-passes=unlimited.txt``) in its own order (name
  ``"daily pyramid L"``). A layout returns every 55 days and its bank holds at least 13 deals
  (layout 15), so its deal repeats after ``55 × bank size ≥ 715`` days.
- Devil's Grip: the deals of ``games/banks/devils-grip-daily.txt`` (:data:`GRIP_BANK`), each
  with a *goal*. Under our rules about one deal in 12 000 can be won outright (docs/devils-grip.md,
  "Winnability"), too few for a year of verified wins, so a Devil's Grip daily asks instead to
  leave at most ``goal`` cards in stock and talon: the fewest the solver found for that deal
  within a fixed budget, with the line that reaches it (replayed by the rules when the file is
  made, and by the tests). Finishing it at its goal is a daily win (:mod:`games.progression`).

A rebuilt bank changes the deals of the dates that follow; ``tests/test_daily.py`` pins the
codes of a few dates so that such a change is seen.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from . import bank
from .deal import shuffle
from .quoting import quote
from .registry import find_game

GAMES = ("tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell")
"""The six games of the day, in the order ``python -m games daily`` prints them."""
SEED_GAMES = ("spider", "klondike", "freecell")
"""The three dailies the "Daily triple" badge asks for (Spider, Klondike, FreeCell)."""
VARIANTS = {"tripeaks": {"mode": "easy"}, "pyramid": {"passes": "unlimited"}, "devils-grip": {},
            "spider": {"suits": "2", "relaxed": "no"}, "klondike": {"draw": "1"}, "freecell": {}}
"""The options of each game's daily (Pyramid adds the layout of the day)."""
EPOCH = _dt.date(2000, 1, 1)
N_LAYOUTS = 55
MIN_POOL = 365
GRIP_BANK = "devils-grip-daily.txt"
"""The file under ``games/banks/`` of Devil's Grip's deals of the day, their goals and lines
(made by ``tools/make_grip_daily.py``; read by :func:`grip_goals`)."""

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class DateError(ValueError):
    """A date that is not a real calendar date written ``YYYY-MM-DD``."""


@dataclass(frozen=True)
class DailyDeal:
    """One game's deal of one date: ``game`` (registry name), deal ``number``, full ``options``,
    the deal ``code`` a player can type or share; ``goal``: for Devil's Grip, the most cards
    that may be left in stock and talon for the daily to count as won (else ``None``)."""

    date: str
    game: str
    number: int
    options: dict
    code: str
    goal: int | None = None


def parse_date(text: str) -> _dt.date:
    """The date written ``YYYY-MM-DD`` (surrounding blanks allowed).

    :raises DateError: for anything else, e.g. ``2026-02-30`` or ``4.12.2026``, quoting it.
    """
    t = str(text).strip()
    if not (t.isascii() and _DATE.fullmatch(t)):
        raise DateError(f"'{quote(text)}' is not a date written YYYY-MM-DD")
    try:
        return _dt.date.fromisoformat(t)
    except ValueError:
        raise DateError(f"'{quote(text)}' is not a calendar date") from None


def day_index(text: str) -> int:
    """Days from 2000-01-01 to the date ``text`` (``YYYY-MM-DD``); :raises DateError: if bad."""
    return parse_date(text).toordinal() - EPOCH.toordinal()


def date_of_day(day: int) -> str:
    """The ``YYYY-MM-DD`` of day index ``day`` (the inverse of :func:`day_index`)."""
    return _dt.date.fromordinal(EPOCH.toordinal() + day).isoformat()


def today() -> str:
    """The player's local date, ``YYYY-MM-DD`` (docs/rules.md: dates are the player's local dates)."""
    return _dt.date.today().isoformat()


_orders: dict[str, tuple[int, ...]] = {}


def _order(name: str, pool) -> tuple[int, ...]:
    """The pool's fixed daily order: the Pasyans shuffle v1 of ``sorted(pool)`` named ``name``."""
    if name not in _orders:
        _orders[name] = tuple(shuffle(sorted(pool), name, 1))
    return _orders[name]


def pool(game: str, layout: int | None = None) -> tuple[int, ...]:
    """The sorted deal numbers that ``game``'s daily draws from (Pyramid: of ``layout``).

    :raises ValueError: when the bank the pool comes from is missing or unreadable.
    """
    if game == "devils-grip":
        return tuple(sorted(grip_goals()))
    rules = find_game(game)
    opts = dict(VARIANTS[game])
    if game == "pyramid":
        opts["layout"] = str(layout)
    b = bank.load(rules, opts)
    if b is None or not b.solvable:
        raise ValueError(f"no verified bank for the daily {game} {opts}")
    return b.solvable


@dataclass(frozen=True)
class GripGoal:
    """A Devil's Grip deal of the day: deal ``number``, its ``goal`` (leave at most that many
    cards in stock and talon) and the ``moves`` (docs/contract.md notation) that the solver
    found to reach it."""

    number: int
    goal: int
    moves: tuple[str, ...]


def parse_grip_goals(text: str) -> dict[int, GripGoal]:
    """Read the text of :data:`GRIP_BANK`: ``# comments``, ``key: value`` lines, then a line a
    deal, ``DEAL GOAL MOVE…``. Returns ``{deal number: GripGoal}``.

    :raises ValueError: naming the line that cannot be read (a deal or goal that is not a whole
        number, a deal listed twice, no deal at all).
    """
    out: dict[int, GripGoal] = {}
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line or ":" in line.split()[0]:
            continue
        parts = line.split()
        if len(parts) < 2 or not (parts[0].isascii() and parts[0].isdigit()
                                  and parts[1].isascii() and parts[1].isdigit()):
            raise ValueError(f"{GRIP_BANK} line {i} is not 'DEAL GOAL MOVE...'")
        n = int(parts[0])
        if n in out:
            raise ValueError(f"{GRIP_BANK} line {i}: deal {n} is listed twice")
        out[n] = GripGoal(n, int(parts[1]), tuple(parts[2:]))
    if not out:
        raise ValueError(f"{GRIP_BANK} lists no deal")
    return out


_grip: dict[int, GripGoal] | None = None


def grip_goals() -> dict[int, GripGoal]:
    """The Devil's Grip deals of the day shipped in ``games/banks/`` (:data:`GRIP_BANK`).

    :raises ValueError: when the file is missing or unreadable.
    """
    global _grip
    if _grip is None:
        try:
            text = (bank.BANKS_DIR / GRIP_BANK).read_text(encoding="utf-8")
        except OSError as e:
            raise ValueError(f"cannot read {GRIP_BANK}: {e.strerror}") from None
        _grip = parse_grip_goals(text)
    return _grip


def grip_goal(number: int) -> int | None:
    """The goal (most cards left) of Devil's Grip deal ``number`` as a deal of the day, or
    ``None`` when the deal is not one of the daily bank."""
    g = grip_goals().get(number)
    return None if g is None else g.goal


def goal_of_code(code: str) -> int | None:
    """The daily goal of the Devil's Grip deal whose code is ``code`` (case-insensitive), or
    ``None`` for another game's code, an unreadable one, or a deal that is no deal of the day."""
    from .codes import CodeError

    rules = find_game("devils-grip")
    try:
        number, _ = rules.decode(code.strip())
    except (CodeError, ValueError):
        return None
    return grip_goal(number)


def replay_goal(number: int, moves) -> int:
    """Replays ``moves`` (texts) by the rules from Devil's Grip deal ``number`` and returns the
    cards left in stock and talon at the end (:meth:`games.devils_grip.DevilsGrip.result`).

    :raises games.core.GameError: for a move that cannot be read or is not legal there.
    """
    rules = find_game("devils-grip")
    s = rules.deal(number)
    for m in moves:
        s = rules.apply(s, rules.parse_move(s, m))
    return rules.result(s)


def layout_of_day(day: int) -> int:
    """Pyramid's layout (1..55) of day index ``day``."""
    return _order("daily pyramid layouts", range(1, N_LAYOUTS + 1))[day % N_LAYOUTS]


def number_of_day(game: str, day: int) -> tuple[int, dict]:
    """``(deal number, options)`` of ``game``'s daily on day index ``day`` (the module's recipe)."""
    opts = dict(VARIANTS[game])
    if game == "pyramid":
        layout = layout_of_day(day)
        opts["layout"] = str(layout)
        order = _order(f"daily pyramid {layout}", pool(game, layout))
        return order[(day // N_LAYOUTS) % len(order)], opts
    order = _order(f"daily {game}", pool(game))
    return order[day % len(order)], opts


def daily_deal(date: str, game: str) -> DailyDeal:
    """``game``'s deal of the day ``date`` (``YYYY-MM-DD``).

    :raises DateError: for a bad date; :raises KeyError: for a game that is not in :data:`GAMES`.
    """
    if game not in GAMES:
        raise KeyError(game)
    d = parse_date(date)
    day = d.toordinal() - EPOCH.toordinal()
    number, opts = number_of_day(game, day)
    rules = find_game(game)
    full = rules.check_options(opts)
    goal = grip_goal(number) if game == "devils-grip" else None
    return DailyDeal(d.isoformat(), game, number, full, rules.code(number, full), goal)


def daily_deals(date: str) -> list[DailyDeal]:
    """The six deals of the day ``date``, in :data:`GAMES` order. :raises DateError: if bad."""
    parse_date(date)
    return [daily_deal(date, g) for g in GAMES]


def daily_of_code(code: str, date: str) -> str | None:
    """The game whose daily of ``date`` has deal code ``code`` (case-insensitive), else None."""
    c = code.strip().upper()
    for d in daily_deals(date):
        if d.code.upper() == c:
            return d.game
    return None
