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
- Devil's Grip: deals 1..1000 in the order of name ``"daily devils-grip"``, *not* a bank. Under
  our rules about one deal in 12 000 can be won outright (docs/devils-grip.md, "Winnability"):
  the bank has 6 deals, too few for a year without repeats, so the daily is a plain deal
  whose result is the cards left, as every Devil's Grip game's is.

A rebuilt bank changes the deals of the dates that follow; ``tests/test_daily.py`` pins the
codes of a few dates so that such a change is seen.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from . import bank
from .deal import shuffle
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
DEVILS_GRIP_POOL = range(1, 1001)
MIN_POOL = 365

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class DateError(ValueError):
    """A date that is not a real calendar date written ``YYYY-MM-DD``."""


@dataclass(frozen=True)
class DailyDeal:
    """One game's deal of one date: ``game`` (registry name), deal ``number``, full ``options``,
    the deal ``code`` a player can type or share."""

    date: str
    game: str
    number: int
    options: dict
    code: str


def parse_date(text: str) -> _dt.date:
    """The date written ``YYYY-MM-DD`` (surrounding blanks allowed).

    :raises DateError: for anything else, e.g. ``2026-02-30`` or ``4.12.2026``, quoting it.
    """
    t = str(text).strip()
    if not (t.isascii() and _DATE.fullmatch(t)):
        raise DateError(f"'{text}' is not a date written YYYY-MM-DD")
    try:
        return _dt.date.fromisoformat(t)
    except ValueError:
        raise DateError(f"'{text}' is not a calendar date") from None


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
        return tuple(DEVILS_GRIP_POOL)
    rules = find_game(game)
    opts = dict(VARIANTS[game])
    if game == "pyramid":
        opts["layout"] = str(layout)
    b = bank.load(rules, opts)
    if b is None or not b.solvable:
        raise ValueError(f"no verified bank for the daily {game} {opts}")
    return b.solvable


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
    return DailyDeal(d.isoformat(), game, number, full, rules.code(number, full))


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
