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
FIELDS = {DAILY: ("daily",), RECORDS: ("records",), BADGES: ("badges", "wins", "layouts", "bests")}
"""The fields of :class:`games.progression.Progress` each record holds."""


# the record kinds: one reader each, used on load and on import (docs/storage.md, "Record kinds")
for _name, _parse, _label in ((DAILY, P.parse_daily, N_("deal of the day results")),
                              (RECORDS, records.parse_tables, N_("records")),
                              (BADGES, P.parse_badges, N_("badges"))):
    register_kind(RecordKind(_name, (lambda parse: lambda data, name: (parse(data), data)[1])(_parse),
                             (lambda label: lambda name: tr(label))(_label)))


class Progression:
    """Daily results, records and badges over one :class:`Store`; :attr:`data` the current
    :class:`games.progression.Progress`.

    Another window of the game may write the same three records, so each write first reads them
    again and puts this window's changes since it last read or wrote them over what is stored
    (:func:`games.progression.merge`: wins add, badges and layouts join, bests keep the better,
    record rows are inserted, a daily's win is kept); :meth:`refresh` does the same without
    writing."""

    def __init__(self, store: Store):
        self.store = store
        self._texts: dict[str, str | None] = {}   # each record's text as this window last read or wrote it
        self.data = self._stored(P.Progress())
        self.base = self.data
        """The progression as this window last read or wrote it: what :attr:`data` has more
        than it are this window's changes not yet written."""

    def _stored(self, fallback: P.Progress) -> P.Progress:
        """The three records as stored now, each read by its kind's reader; the part of a record
        that is absent or unreadable (then kept aside and told) comes from ``fallback``."""
        texts = {name: self.store.peek(name) for name in NAMES}
        if texts == self._texts and None not in texts.values():
            return self.base    # as this window last read or wrote them: nothing to read again
        self._texts = texts
        daily = self.store.load(DAILY, None)
        tables = self.store.load(RECORDS, None)
        badges = self.store.load(BADGES, None)
        out = fallback
        if daily is not None:
            out = replace(out, daily=P.parse_daily(daily))
        if tables is not None:
            out = replace(out, records=records.parse_tables(tables))
        if badges is not None:
            b = P.parse_badges(badges)
            out = replace(out, badges=b["badges"], wins=b["wins"], layouts=b["layouts"], bests=b["bests"])
        return out

    def refresh(self) -> None:
        """Read the three records again (another window may have changed them) and keep this
        window's changes not yet written on top of them."""
        theirs = self._stored(self.base)
        self.data = P.merge(self.base, self.data, theirs)
        self.base = theirs

    def _save(self) -> list[str]:
        """Write the three records (this window's changes over what is stored now); returns the
        names of those the storage refused."""
        self.refresh()
        d = P.to_dict(self.data)
        base = self.base
        refused = []
        for name, part in ((DAILY, d["daily"]), (RECORDS, d["records"]), (BADGES, d["badges"])):
            text = self.store.encode(part)
            if self.store.save(name, part, text):
                base = replace(base, **{f: getattr(self.data, f) for f in FIELDS[name]})
                self._texts[name] = text
            else:
                refused.append(name)
        self.base = base
        return refused

    def record(self, result: P.GameResult, gid: str | None = None, parts=NAMES) -> P.Outcome:
        """Add a finished game (won or lost) and save; returns what the end panel shows (its
        places and new badges counted against the records as stored now).

        :param gid: the game's id: the Store notes which of the three records its change is
            unwritten in (``Store.mark_unwritten``; a refused write is applied again at the
            next write, :meth:`flush`).
        :param parts: the records (of :data:`NAMES`) the game is added to: all but for a win
            that is recorded late, to the records its first try did not reach
            (``ui.table.session.record_unrecorded``)."""
        self.refresh()
        out = P.apply_result(self.data, result)
        if set(parts) >= set(NAMES):
            self.data = out.progress
        else:
            self.data = replace(self.data, **{f: getattr(out.progress, f) for n in parts for f in FIELDS[n]})
        refused = self._save()
        if gid is not None:
            self.store.mark_unwritten(gid, refused)
        return out

    def record_run(self, run: int, date: str) -> P.Outcome | None:
        """A TriPeaks streak of ``run`` cards made in play, on ``date``: kept when it beats the
        best streak, with any badge it earns (:func:`games.progression.apply_run`). Only in
        :attr:`data`, unwritten (a move's frame stays light): :meth:`flush` writes it, as the
        table's save in a later frame's spare time does, or the next :meth:`record`. Returns the
        outcome, ``None`` when the best was not beaten."""
        if run <= self.data.bests.get("tripeaks_run", 0):
            return None
        out = P.apply_run(self.data, run, date)
        self.data = out.progress
        return out

    def flush(self) -> None:
        """Write this window's changes not yet written (:meth:`record_run`'s); nothing when
        there are none."""
        if self.data != self.base:
            self._save()

    def mark_played(self, date: str, game: str, code: str) -> None:
        """A daily was started: the date shows it played (nothing changes once it has a result)."""
        self.refresh()
        day = dict(self.data.daily.get(date, {}))
        if game in day:
            if self.data != self.base:   # changes a refused write left: written now
                self._save()
            return
        day[game] = P.DailyEntry(False, 0, 0, 0, code)
        self.data = replace(self.data, daily={**self.data.daily, date: day})
        self._save()

    def daily_entry(self, date: str, game: str) -> P.DailyEntry | None:
        """The result of ``game``'s daily of ``date``, or None when not played."""
        return self.data.daily.get(date, {}).get(game)
