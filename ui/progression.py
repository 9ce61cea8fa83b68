"""The player's progression in the :class:`~ui.storage.Store`: daily results, records, badges.

Three records, each read by its own validating reader (games/progression.py), so a corrupted one
is kept aside with a notice and the other two load: ``progress.daily`` (each date's daily
results), ``progress.records`` (the record tables), ``progress.badges`` (earned badges with their
dates and the counts they measure). They are ordinary records, so Settings' export/import carries
them. The tables call :meth:`Progression.record` when a game ends (docs/progression.md).
"""
from __future__ import annotations

from dataclasses import replace

from games import progression as P
from games import records
from games.i18n import N_, tr

from .storage import RecordKind, Store, register_kind

DAILY, RECORDS, BADGES = "progress.daily", "progress.records", "progress.badges"
NAMES = (DAILY, RECORDS, BADGES)


# the record kinds: one reader each, used on load and on import (docs/storage.md, "Record kinds")
for _name, _parse, _label in ((DAILY, P.parse_daily, N_("deal of the day results")),
                              (RECORDS, records.parse_tables, N_("records")),
                              (BADGES, P.parse_badges, N_("badges"))):
    register_kind(RecordKind(_name, (lambda parse: lambda data, name: (parse(data), data)[1])(_parse),
                             (lambda label: lambda name: tr(label))(_label)))


class Progression:
    """Daily results, records and badges over one :class:`Store`; :attr:`data` the current
    :class:`games.progression.Progress`."""

    def __init__(self, store: Store):
        self.store = store
        daily = store.load(DAILY, {})        # each record read by its kind's reader (above)
        tables = store.load(RECORDS, {})
        b = P.parse_badges(store.load(BADGES, {}))
        self.data = P.Progress(P.parse_daily(daily), records.parse_tables(tables), b["badges"], b["wins"],
                               b["layouts"], b["bests"])

    def _save(self) -> bool:
        d = P.to_dict(self.data)
        ok = self.store.save(DAILY, d["daily"])
        ok &= self.store.save(RECORDS, d["records"])
        ok &= self.store.save(BADGES, d["badges"])
        return ok

    def record(self, result: P.GameResult) -> P.Outcome:
        """Add a finished game (won or lost) and save; returns what the end panel shows."""
        out = P.apply_result(self.data, result)
        self.data = out.progress
        self._save()
        return out

    def mark_played(self, date: str, game: str, code: str) -> None:
        """A daily was started: the date shows it played (nothing changes once it has a result)."""
        day = dict(self.data.daily.get(date, {}))
        if game in day:
            return
        day[game] = P.DailyEntry(False, 0, 0, 0, code)
        self.data = replace(self.data, daily={**self.data.daily, date: day})
        self._save()

    def daily_entry(self, date: str, game: str) -> P.DailyEntry | None:
        """The result of ``game``'s daily of ``date``, or None when not played."""
        return self.data.daily.get(date, {}).get(game)
