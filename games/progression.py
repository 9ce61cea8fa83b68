"""A player's progression: daily results, day streaks, records, badges (docs/rules.md, "Progression").

Pure data and pure functions, no pygame: the app builds a :class:`GameResult` when a game ends
(won or lost) and calls :func:`apply_result`, which returns the new :class:`Progress` and what the
end panel shows (points, places in the records, badges just earned); a TriPeaks streak is given
at the move that makes it (:func:`apply_run`), since a game left unfinished never ends. Saved data is read back through the ``parse_*`` functions, which raise
:class:`ValueError` on anything malformed so that the storage can keep a bad record aside.
docs/progression.md describes the rules.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field, replace

from . import records
from .i18n import plural_form  # noqa: F401  (the plural forms' home is games.i18n)
from .daily import GAMES, SEED_GAMES, parse_date
from .points import grip_goal_points
from .points import points as win_points

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class GameResult:
    """How one game ended.

    ``game`` registry name; ``options`` the rules' full options; ``code`` the deal code;
    ``won``; ``finished`` (won or lost, not left unfinished); ``seconds`` on the clock; ``moves``
    the move counter; ``undo_used``; ``date`` the local date it ended (``YYYY-MM-DD``);
    ``daily`` the date whose deal of the day this was, else None; ``solvable_only`` the setting
    when it was dealt; TriPeaks: ``longest_run`` (cards in its longest streak) and
    ``stock_left`` (stock cards left at the end); Devil's Grip: ``cards_left`` (stock + talon at
    the end, the game's result).
    """

    game: str
    options: dict
    code: str
    won: bool
    seconds: float
    moves: int
    date: str
    finished: bool = True
    undo_used: bool = False
    daily: str | None = None
    solvable_only: bool = True
    longest_run: int = 0
    stock_left: int = 0
    cards_left: int | None = None


@dataclass(frozen=True)
class DailyEntry:
    """A date's result in one game: ``won``, and the first win's (else the last try's) ``points``,
    ``seconds``, ``moves``; ``code`` the deal; ``left``: Devil's Grip's cards left in stock and
    talon (``None`` for the other games). A Devil's Grip daily is ``won`` when it was won outright
    or finished at its goal (:func:`daily_won`)."""

    won: bool
    points: int
    seconds: int
    moves: int
    code: str
    left: int | None = None


@dataclass(frozen=True)
class Progress:
    """Everything the progression keeps (saved with the progress, and so in export/import).

    ``daily``: ``{date: {game: DailyEntry}}``; ``records``: ``{table key: [Entry…]}`` best first;
    ``badges``: ``{badge id: date earned}``; ``wins``: wins per game; ``layouts``: Pyramid
    layouts won; ``bests``: the numbers badges measure progress by (``tripeaks_run``,
    ``tripeaks_stock_left``, ``devils_grip_fewest_left``, ``klondike_fastest``, ``freecell_fewest``).
    """

    daily: dict = field(default_factory=dict)
    records: dict = field(default_factory=dict)
    badges: dict = field(default_factory=dict)
    wins: dict = field(default_factory=dict)
    layouts: frozenset = frozenset()
    bests: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """What :func:`apply_result` returns: the new ``progress``; ``points`` of the win (0 when not
    won); ``places`` ``{table key: place 1..10}`` of the tables it entered; ``new_badges`` the ids
    earned by this game, in badge order."""

    progress: Progress
    points: int
    places: dict
    new_badges: list


# -- day streaks -----------------------------------------------------------------------------------
def won_dates(progress: Progress) -> list[str]:
    """The dates with at least one daily won, sorted."""
    return sorted(d for d, games in progress.daily.items() if any(e.won for e in games.values()))


def day_streak(progress: Progress, today: str) -> int:
    """The current day streak on ``today``: consecutive dates with a daily won, ending today, or
    yesterday while today has none won yet (today is not over)."""
    won = set(won_dates(progress))
    day = parse_date(today)
    if day.isoformat() not in won:
        day -= _dt.timedelta(days=1)
    n = 0
    while day.isoformat() in won:
        n += 1
        day -= _dt.timedelta(days=1)
    return n


def best_day_streak(progress: Progress) -> int:
    """The longest run of consecutive dates with a daily won."""
    best = run = 0
    prev = None
    for d in won_dates(progress):
        day = parse_date(d)
        run = run + 1 if prev is not None and (day - prev).days == 1 else 1
        best, prev = max(best, run), day
    return best


# -- applying a result -----------------------------------------------------------------------------
def daily_goal(r: GameResult) -> int | None:
    """The goal of ``r`` when it is a Devil's Grip deal of the day (the most cards that may be
    left: :func:`games.daily.goal_of_code`), else ``None``."""
    if r.daily is None or r.game != "devils-grip":
        return None
    from .daily import goal_of_code

    try:
        return goal_of_code(r.code)
    except ValueError:   # no daily bank shipped: no goal to reach
        return None


def goal_reached(r: GameResult) -> bool:
    """Whether ``r`` is a Devil's Grip deal of the day that ended (won or no move left) with at
    most its goal's cards left in stock and talon (docs/progression.md)."""
    goal = daily_goal(r)
    return goal is not None and r.finished and r.cards_left is not None and r.cards_left <= goal


def daily_won(r: GameResult) -> bool:
    """Whether ``r`` counts as a won deal of the day: won, or a Devil's Grip daily finished at its
    goal. (An outright win stays the only *win* for statistics and the other badges.)"""
    return r.daily is not None and (r.won or goal_reached(r))


def _better(bests: dict, key: str, value, lower: bool) -> None:
    old = bests.get(key)
    if old is None or (value < old if lower else value > old):
        bests[key] = value


def apply_result(progress: Progress, r: GameResult) -> Outcome:
    """The progression after the game ``r`` (pure: ``progress`` is not changed).

    A won game scores :func:`games.points.points` and enters its variant's table and, for a
    daily, the game's daily table (never with undo), dated there by the daily's own date. A
    Devil's Grip daily finished at its goal but not won outright scores
    :func:`games.points.grip_goal_points` and enters the daily table only. A daily's first win is
    kept: a later replay of it changes nothing in its date's result or its daily table (it still
    enters the variant's table). Badges are checked last (:mod:`games.badges`).

    :raises ValueError: for a bad date or an unknown game or variant.
    """
    from .badges import check

    parse_date(r.date)
    if r.game not in GAMES:
        raise ValueError(f"unknown game '{r.game}'")
    at_goal = not r.won and goal_reached(r)
    if r.won:
        pts = win_points(r.game, r.options, r.seconds, r.moves, r.solvable_only)
    elif at_goal:
        pts = grip_goal_points(r.seconds, r.moves, r.cards_left, daily_goal(r))
    else:
        pts = 0
    secs = int(r.seconds)
    daily = dict(progress.daily)
    first = False      # the daily's first win (or first finish at its goal): its result
    if r.daily is not None:
        parse_date(r.daily)
        old = daily.get(r.daily, {}).get(r.game)
        first = old is None or not old.won
    tables = dict(progress.records)
    places = {}
    if r.won or at_goal:
        rows = ([(records.table_key(r.game, r.options), r.date)] if r.won else []) + \
            ([(records.table_key(r.game, r.options, True), r.daily)] if r.daily and first else [])
        for key, date in rows:
            entry = records.Entry(pts, secs, r.moves, date, r.code)
            tables[key], place = records.insert(tables.get(key, []), entry, r.undo_used)
            if place:
                places[key] = place
    if r.daily is not None:
        day = dict(daily.get(r.daily, {}))
        if first:
            left = r.cards_left if r.game == "devils-grip" else None
            day[r.game] = DailyEntry(daily_won(r), pts, secs, r.moves, r.code, left)
        daily[r.daily] = day
    wins = dict(progress.wins)
    layouts = progress.layouts
    bests = dict(progress.bests)
    if r.won:
        wins[r.game] = wins.get(r.game, 0) + 1
        if r.game == "pyramid":
            layouts = layouts | {int(r.options["layout"])}
        if r.game == "tripeaks":
            _better(bests, "tripeaks_stock_left", r.stock_left, False)
        if r.game == "klondike":
            _better(bests, "klondike_fastest", secs, True)
        if r.game == "freecell":
            _better(bests, "freecell_fewest", r.moves, True)
    if r.game == "tripeaks":
        _better(bests, "tripeaks_run", r.longest_run, False)
    if r.game == "devils-grip" and r.finished and r.cards_left is not None:
        _better(bests, "devils_grip_fewest_left", r.cards_left, True)
    after = Progress(daily, tables, dict(progress.badges), wins, frozenset(layouts), bests)
    earned = [b for b in check(r, after) if b not in progress.badges]
    if earned:
        after = replace(after, badges={**progress.badges, **{b: r.date for b in earned}})
    return Outcome(after, pts, places, earned)


def apply_run(progress: Progress, run: int, date: str) -> Outcome:
    """The progression after a TriPeaks streak of ``run`` cards made in play, the game going on
    (pure). The best streak (``bests["tripeaks_run"]``) rises to ``run`` when it is more, and the
    badges a streak earns (:data:`games.badges.IN_PLAY`: "Twenty in a row", docs/rules.md
    "Progression") are earned now, on date ``date``, whether the game is later won, lost or left
    for another; its end (:func:`apply_result`) then finds them earned. No points, no records.

    :raises ValueError: for a bad date.
    """
    from .badges import IN_PLAY, check

    parse_date(date)
    bests = dict(progress.bests)
    _better(bests, "tripeaks_run", run, False)
    after = replace(progress, bests=bests)
    r = GameResult("tripeaks", {}, "", False, 0.0, 0, date, finished=False, longest_run=run)
    earned = [b for b in check(r, after) if b in IN_PLAY and b not in progress.badges]
    if earned:
        after = replace(after, badges={**progress.badges, **{b: date for b in earned}})
    return Outcome(after, 0, {}, earned)


def daily_triple_best(progress: Progress) -> int:
    """The most of the Spider, Klondike and FreeCell dailies won on one date."""
    return max((sum(1 for g in SEED_GAMES if g in games and games[g].won) for games in progress.daily.values()),
               default=0)


# -- two windows' changes ---------------------------------------------------------------------------
BEST_LOWER = {"tripeaks_run": False, "tripeaks_stock_left": False, "devils_grip_fewest_left": True,
              "klondike_fastest": True, "freecell_fewest": True}
"""Whether a smaller number is the better one, per best the badges measure."""


def merge_daily(base: dict, mine: dict, theirs: dict) -> dict:
    """Daily results after this window's changes (``base`` → ``mine``) are put over what another
    window stored meanwhile (``theirs``): a date and game this window did not change keeps
    theirs; one it did takes this window's entry unless theirs is a win (a daily's first win is
    kept)."""
    out = {d: dict(games) for d, games in theirs.items()}
    for d, games in mine.items():
        for g, m in games.items():
            if base.get(d, {}).get(g) == m:
                continue
            t = out.get(d, {}).get(g)
            if t is None or not t.won:
                out.setdefault(d, {})[g] = m
    return out


def merge_tables(base: dict, mine: dict, theirs: dict) -> dict:
    """Record tables with the rows this window added since ``base`` inserted into ``theirs``
    (each table sorted best first and cut to its :data:`records.SIZE` rows again)."""
    out = {k: list(rows) for k, rows in theirs.items()}
    for key, rows in mine.items():
        old = list(base.get(key, []))
        added = []
        for r in rows:
            if r in old:
                old.remove(r)
            else:
                added.append(r)
        if added:
            out[key] = sorted(out.get(key, []) + added, key=records.Entry.sort_key)[:records.SIZE]
    return out


def merge(base: Progress, mine: Progress, theirs: Progress) -> Progress:
    """The progression another window stored (``theirs``) with this window's own changes since
    it last read or wrote it (``base`` → ``mine``) applied, so that nothing either window did is
    lost (docs/web.md, "Saves in the browser"). Per part: wins per game add this window's new
    wins to theirs; Pyramid layouts and earned badges are the union (a badge keeps the date it
    was first stored with); each best is the better of the two (:data:`BEST_LOWER`); record
    rows this window added go into theirs (:func:`merge_tables`); daily results as
    :func:`merge_daily`. Pure: the three are not changed."""
    wins = dict(theirs.wins)
    for g, n in mine.wins.items():
        wins[g] = wins.get(g, 0) + max(0, n - base.wins.get(g, 0))
    bests = dict(theirs.bests)
    for k, v in mine.bests.items():
        if base.bests.get(k) != v:
            _better(bests, k, v, BEST_LOWER.get(k, False))
    badges = dict(theirs.badges)
    for b, d in mine.badges.items():
        if b not in base.badges:
            badges.setdefault(b, d)
    layouts = theirs.layouts | (mine.layouts - base.layouts)
    return Progress(merge_daily(base.daily, mine.daily, theirs.daily),
                    merge_tables(base.records, mine.records, theirs.records),
                    badges, wins, frozenset(layouts), bests)


# -- saved form --------------------------------------------------------------------------------------
def _whole(v, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ValueError(f"{what} is not a whole number >= 0: {v!r}")
    return v


def _date(v, what: str) -> str:
    if not isinstance(v, str) or not _DATE.fullmatch(v):
        raise ValueError(f"{what} is not a date YYYY-MM-DD: {v!r}")
    parse_date(v)
    return v


def dump_daily(daily: dict) -> dict:
    """The JSON-ready form of ``Progress.daily`` (read back by :func:`parse_daily`)."""
    return {d: {g: {"won": e.won, "points": e.points, "seconds": e.seconds, "moves": e.moves, "code": e.code,
                    **({"left": e.left} if e.left is not None else {})}
                for g, e in games.items()} for d, games in daily.items()}


def parse_daily(obj) -> dict:
    """Daily results read back from saved data. :raises ValueError: naming what is wrong."""
    if not isinstance(obj, dict):
        raise ValueError("the daily results are not an object")
    out = {}
    for d, games in obj.items():
        _date(d, "a daily result's date")
        if not isinstance(games, dict):
            raise ValueError(f"the daily results of {d} are not an object")
        day = {}
        for g, e in games.items():
            if g not in GAMES or not isinstance(e, dict):
                raise ValueError(f"the daily results of {d} hold '{g}', not a game's result")
            if not isinstance(e.get("won"), bool) or not isinstance(e.get("code"), str):
                raise ValueError(f"the daily result of {d} {g} has no won flag or deal code")
            left = e.get("left")
            if left is not None:
                _whole(left, f"the daily result of {d} {g}: left")
            day[g] = DailyEntry(e["won"], *(_whole(e.get(k), f"the daily result of {d} {g}: {k}")
                                            for k in ("points", "seconds", "moves")), e["code"], left)
        out[d] = day
    return out


def dump_badges(progress: Progress) -> dict:
    """The JSON-ready form of the badges and the counts they measure."""
    return {"earned": dict(progress.badges), "wins": dict(progress.wins),
            "layouts": sorted(progress.layouts), "bests": dict(progress.bests)}


def parse_badges(obj) -> dict:
    """``{"badges", "wins", "layouts", "bests"}`` (the :class:`Progress` fields) from saved data.

    :raises ValueError: naming what is wrong.
    """
    from .badges import BADGE_IDS

    if not isinstance(obj, dict):
        raise ValueError("the badges are not an object")
    earned, wins = obj.get("earned", {}), obj.get("wins", {})
    layouts, bests = obj.get("layouts", []), obj.get("bests", {})
    if not (isinstance(earned, dict) and isinstance(wins, dict) and isinstance(layouts, list)
            and isinstance(bests, dict)):
        raise ValueError("the badges record is not earned/wins/layouts/bests")
    for b, d in earned.items():
        if b not in BADGE_IDS:
            raise ValueError(f"unknown badge '{b}'")
        _date(d, f"badge {b}'s date")
    for g, n in wins.items():
        if g not in GAMES:
            raise ValueError(f"wins of unknown game '{g}'")
        _whole(n, f"wins of {g}")
    for n in layouts:
        if _whole(n, "a layout") not in range(1, 56):
            raise ValueError(f"layout {n} is not 1..55")
    for k, n in bests.items():
        if k not in BEST_KEYS:
            raise ValueError(f"unknown best '{k}'")
        _whole(n, f"best {k}")
    return {"badges": dict(earned), "wins": dict(wins), "layouts": frozenset(layouts), "bests": dict(bests)}


BEST_KEYS = ("tripeaks_run", "tripeaks_stock_left", "devils_grip_fewest_left", "klondike_fastest",
             "freecell_fewest")


def to_dict(progress: Progress) -> dict:
    """The whole progression as JSON-ready data (``daily``, ``records``, ``badges``)."""
    return {"daily": dump_daily(progress.daily), "records": records.dump_tables(progress.records),
            "badges": dump_badges(progress)}


def from_dict(obj) -> Progress:
    """The progression from :func:`to_dict`'s form. :raises ValueError: naming what is wrong."""
    if not isinstance(obj, dict):
        raise ValueError("the progression is not an object")
    b = parse_badges(obj.get("badges", {}))
    return Progress(parse_daily(obj.get("daily", {})), records.parse_tables(obj.get("records", {})),
                    b["badges"], b["wins"], b["layouts"], b["bests"])


# -- the result line to share -----------------------------------------------------------------------
def share_line(date: str, game: str, entry: DailyEntry, lang: str | None = None, symbols: bool = True) -> str:
    """The line a player shares after a daily (docs/rules.md): «Пасьянс 2026-12-04 · Косынка ✓ 3:12 ·
    87 ходов» / "Pasyans 2026-12-04 · Klondike ✓ 3:12 · 87 moves"; a daily not won shows ✗. A
    Devil's Grip daily adds its cards left and goal: "… · 7 left, goal ≤ 8".
    ``symbols`` False writes "won" / "not won" instead of the marks (for a font without them)."""
    from .i18n import format_duration, tr, tr_n
    from .registry import find_game

    if symbols:
        mark = "\u2713" if entry.won else "\u2717"
    else:
        mark = tr("won", lang) if entry.won else tr("not won", lang)
    moves = tr_n("{n} moves", entry.moves, lang)
    line = tr("Pasyans {date} · {game} {mark} {time} · {moves}", lang, date=date,
              game=tr(find_game(game).title, lang), mark=mark, time=format_duration(entry.seconds, lang),
              moves=moves)
    goal = _goal_of(entry.code) if game == "devils-grip" and entry.left is not None else None
    if goal is not None:   # a Devil's Grip daily: the cards left against its goal
        line += " · " + tr("{n} left, goal ≤ {goal}", lang, n=entry.left, goal=goal)
    return line


def _goal_of(code: str) -> int | None:
    from .daily import goal_of_code

    try:
        return goal_of_code(code)
    except ValueError:   # no daily bank shipped
        return None


