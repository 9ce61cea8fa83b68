"""The game being played, apart from how it is drawn: the controller of one table.

A :class:`Session` holds the rules' history, the deal, its save record, the clock, the undo
groups and how the deal was chosen, and does the game's work: it deals (:meth:`Session.deal`,
:meth:`Session.resume`), plays a move with its undo group (:meth:`Session.play`), takes moves
back (:meth:`Session.undo`, :meth:`Session.undo_moves`), saves (:meth:`Session.autosave`) and
records the end of a game — statistics, records, badges, the daily mark
(:meth:`Session.record_end`). It never draws, never reads input and needs no pygame, no
window and no surface: a :class:`~ui.table.base.GameTable` owns one (``table.session``), turns
taps into its moves and shows what they did. A snapshot of a game is a copy of its session.

The saves and the progression are passed in (``progress``: a :class:`ui.progress.Progress`,
``progression``: a :class:`ui.progression.Progression`), so a test drives a session over an
in-memory store.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from games import bank as banks
from games.core import LOST, PLAYING, WON, GameError, History, IllegalMove

MAX_DEAL = 1_000_000  # new deals are drawn from 1..MAX_DEAL (any valid number can be typed)


def saved_clock(seconds: float) -> float:
    """``seconds`` (the game's clock) cut, not rounded, to a tenth: the whole seconds the top bar
    and the end panel show (:func:`ui.table.columns.fmt_clock` drops the fraction) are the ones
    the statistics' best time and a later Continue show (rounded, 64.96 s would be 1:04 on the
    won panel and 1:05 in the statistics)."""
    return math.floor(seconds * 10 + 1e-9) / 10


@dataclass
class Session:
    """One game on a table.

    Attributes:
        rules: the game's :class:`~games.core.Rules` class.
        game: its registry name.
        history: the rules' undo history (``None`` before the first deal).
        number: the deal number (``None`` for a position that is no deal).
        options: the rule options, checked.
        saved: the :class:`ui.progress.SavedGame` record (``None``: this game is not saved).
        clock: seconds played.
        deal_moves: moves the table made by itself at the deal (Klondike's and FreeCell's
            automatic moves), not the player's.
        verified: the deal came from a bank of verified winnable deals.
        solvable_only: the "solvable deals only" setting when the deal was chosen (it scales
            Spider's win score).
        groups: the undo groups, oldest first: how many moves of the history each action of the
            player made (a move and the automatic moves it set off, or a Finish); one undo takes
            back the last group. Saved with the game (``SavedGame.groups``) and read back when it
            is continued; a save without them (or whose groups hold more moves than its undo
            stack) continues with none: each undo is then one move.
        daily_date: the date (``YYYY-MM-DD``) whose deal of the day this game is, or ``None``.
        outcome: the :class:`games.progression.Outcome` of the ended game (``None`` before).
        recorded_win: the id of the saved game whose win the progression has (a win is recorded
            once, whatever undo and replay do).
        daily_marked: this daily's date has been marked played (:meth:`mark_daily`).
        won_again: the game just won was won before (undone, then won again): its win, and
            :attr:`outcome`, are the first's.
        redo_groups: the actions the player undid, the last undone last: each the move texts of
            one undo group, in the order they were played. :meth:`redo` plays the last again; any
            other move, the rescue's way back (:meth:`undo_moves`) and a deal empty it. Not saved:
            a continued game starts with none (docs/rules.md, "Redo").
    """

    rules: Any = None
    game: str = ""
    history: History | None = None
    number: int | None = None
    options: dict = field(default_factory=dict)
    saved: object = None
    clock: float = 0.0
    deal_moves: int = 0
    verified: bool = False
    solvable_only: bool = True
    groups: list[int] = field(default_factory=list)
    daily_date: str | None = None
    outcome: object = None
    recorded_win: str | None = None
    daily_marked: bool = False
    won_again: bool = False
    redo_groups: list[list[str]] = field(default_factory=list)

    # -- the position ------------------------------------------------------------------------------
    @property
    def state(self):
        """The current state (the history's last)."""
        return self.history.state

    def status(self) -> str:
        """The rules' status of the current state: ``playing``, ``won`` or ``lost``."""
        return self.rules.status(self.history.state)

    def player_moves(self) -> int:
        """Moves shown, scored and recorded (points, records, fewest moves): the history's count
        less the deal's automatic moves.

        >>> from games.tripeaks import TriPeaks
        >>> s = Session(TriPeaks, "tripeaks", History.start(TriPeaks, TriPeaks.deal(1, {})))
        >>> _ = s.play("s"); s.player_moves()
        1
        """
        return self.history.moves - self.deal_moves

    def tick(self, dt: float) -> bool:
        """Add ``dt`` seconds to the clock; ``True`` when the whole seconds shown changed."""
        before = int(self.clock)
        self.clock += dt
        return int(self.clock) != before

    def copy(self) -> "Session":
        """A copy to go back to (the history is shared: its states never change)."""
        return replace(self, options=dict(self.options), groups=list(self.groups),
                       redo_groups=list(self.redo_groups))

    def score(self) -> int:
        """The score now (:meth:`Rules.shown_score`: once won the win's points, with the clock,
        the moves and the "solvable deals only" setting where the game counts them)."""
        return self.rules.shown_score(self.history.state, self.clock, self.player_moves(), self.solvable_only)

    def code(self) -> str:
        """This deal's code (``—`` for a position that is no deal)."""
        if self.number is None:
            return "—"
        return self.rules.code(self.number, self.options)

    # -- a deal ------------------------------------------------------------------------------------
    def prepare_deal(self, number: int | None, options: dict, daily: str | None) -> None:
        """Before a deal of ``number`` (``None``: one to be picked) under ``options``: the ended
        game's outcome goes; ``daily`` (a date) makes the deal that date's deal of the day, a
        replay of the same deal stays the daily it was, any other deal is not one."""
        if daily is not None:
            self.daily_date = daily
        elif number is None or number != self.number or options != self.options:
            self.daily_date = None
        self.outcome = None

    def pick_number(self, options: dict, bank_dealt: dict[str, set[int]]) -> int:
        """A new deal number: from the bank of verified deals of this variant when "solvable
        deals only" is on and a bank exists (avoiding this deal, and every banked deal already dealt
        until all have been: ``bank_dealt``, bank name → numbers, kept by the app), else any of
        1..:data:`MAX_DEAL`. A banked deal sets :attr:`verified`."""
        if self.solvable_only:
            b = banks.load(self.rules, options)
            if b is not None:
                dealt = bank_dealt.setdefault(banks.bank_name(self.rules, options), set())
                if self.number in b:
                    dealt.add(self.number)
                if not set(b.solvable) - dealt:  # every one dealt: a new round
                    dealt.clear()
                n = b.pick(random.getrandbits(62), dealt | ({self.number} if self.number else set()))
                if n is not None:
                    dealt.add(n)
                    self.verified = True
                    return n
        return random.randint(1, MAX_DEAL)

    def deal(self, number: int | None, options: dict, state=None, progress=None) -> None:
        """Begin a game: deal ``number`` under ``options`` (checked), or start from ``state``.
        With ``progress`` and a deal number the game is saved (``Progress.begin``: the unfinished
        game it replaces counts as a loss, once). A daily is marked played at the player's first
        move (:meth:`mark_daily`), not here: a deal left with no move counts nowhere."""
        if state is None:
            state = self.rules.deal(number, options)
        self.number, self.options = number, options
        self.history = History.start(self.rules, state)
        self.clock = 0.0
        self.deal_moves = 0
        self.groups = []
        self.redo_groups = []
        self.outcome = None
        self.saved = None
        if number is not None and progress is not None:
            self.saved = progress.begin(self.game, number, options, self.solvable_only, self.daily_date)
        self.daily_marked = False

    def mark_daily(self, progression) -> None:
        """Once the player has moved in a daily, mark its date played (``Progression.mark_played``,
        which keeps any result the date has): the Daily screen's ring and "Played, not won" once
        the game is lost or left. A daily left before any move is not marked, as the statistics
        count no loss for it (``Progress.begin``). Written with the game's save, not in the frame
        a move lands on."""
        if self.daily_marked or self.daily_date is None or self.number is None \
                or self.history is None or self.player_moves() <= 0:
            return
        self.daily_marked = True
        progression.mark_played(self.daily_date, self.game, self.rules.code(self.number, self.options))

    def resume(self, saved, history: History, progress=None) -> None:
        """Continue a saved game (``Progress.load_game``): the same cards, score, clock and whole
        undo history (the table then counts :attr:`deal_moves`, its own moves at the deal).
        A game the statistics already counted as a win (``progress.counted``: won, then taken
        back and saved) gives the progression no second win when it is won again
        (:attr:`recorded_win`), as in the window that won it first; one counted lost (a new deal
        replaced it, then its save was put back from Kept data) is recorded as any win when won
        (``Progress.counted_lost``)."""
        self.saved = saved
        self.recorded_win = saved.id if progress is not None and progress.counted(saved) \
            and not progress.counted_lost(saved) else None
        self.number, self.options = saved.number, self.rules.check_options(saved.options)
        self.solvable_only = saved.solvable
        self.history = history
        self.daily_date = self.saved_daily(saved)
        self.outcome = None
        self.clock = float(saved.seconds)
        self.deal_moves = 0
        groups = list(saved.groups)
        self.groups = groups if sum(groups) <= len(history.states) - 1 else []
        self.redo_groups = []
        self.daily_marked = False

    def leading_safe_moves(self, history: History) -> int:
        """How many of ``history``'s first moves are each the first move the rules'
        :meth:`safe_to_foundation` offers in its position: what auto to foundation plays at the
        deal, before any move of the player's (a continued game counts them out of the
        player's moves)."""
        k = 0
        while k < len(history.actions) and k + 1 < len(history.states):
            safe = self.rules.safe_to_foundation(history.states[k])
            if not safe or self.rules.format_move(history.states[k], safe[0][1]) != history.actions[k]:
                break
            k += 1
        return k

    def saved_daily(self, saved) -> str | None:
        """The date whose deal of the day a continued game is, or None: the date its save keeps
        (``SavedGame.daily``) when that date's daily is this deal; for a save without one (made
        before saves kept it) the date it was dealt, or today, when that date's daily is this deal."""
        from games.daily import daily_of_code, today

        try:
            code = self.rules.code(saved.number, self.rules.check_options(saved.options))
            started = time.strftime("%Y-%m-%d", time.localtime(float(getattr(saved, "started", 0) or 0)))
            kept = getattr(saved, "daily", None)
            for date in dict.fromkeys(((kept,) if kept else ()) + (started, today())):
                if daily_of_code(code, date) == self.game:
                    return date
        except (ValueError, OverflowError, OSError, GameError):
            pass
        return None

    def in_progress(self, progress=None) -> bool:
        """A game the player has begun and not finished, that a new deal would count lost: not one
        ``progress`` (a :class:`ui.progress.Progress`) has counted already (a win undone)."""
        return self.history is not None and self.status() == PLAYING and self.player_moves() > 0 \
            and self.number is not None \
            and (progress is None or self.saved is None or not progress.counted(self.saved))

    # -- moves -------------------------------------------------------------------------------------
    def play(self, move, group: bool = True):
        """Play ``move`` (a move or its text): ``group`` starts a new undo group (a player's
        action), else the move joins the last one (the automatic moves an action sets off). A
        move played drops what :meth:`redo` could play again. Returns the state before the move.
        :raises IllegalMove: and changes nothing."""
        before = self.history.state
        self.history.play(move)
        self.redo_groups.clear()
        if group or not self.groups:
            self.groups.append(1)
        else:
            self.groups[-1] += 1
        return before

    def retract(self) -> None:
        """Remove the last move as if it had not been played (:meth:`History.retract`: no undo
        is counted), about to be replaced by the same move aimed elsewhere; its undo group
        loses it. :raises IllegalMove: when there is no move."""
        self.history.retract()
        if self.groups:
            self.groups[-1] -= 1
            if self.groups[-1] <= 0:
                self.groups.pop()

    def open_group(self) -> None:
        """Start an empty undo group that the next moves (played with ``group=False``) fill: a
        Finish, whose moves are played one by one."""
        self.groups.append(0)

    def undo(self) -> int:
        """Take back the player's last action: its whole undo group (at least one move). Returns
        how many moves were taken back; their texts become the last group :meth:`redo` can play
        again. :raises IllegalMove: when there is nothing to undo (:meth:`can_undo`)."""
        if not self.can_undo():
            raise IllegalMove("Nothing to undo")
        k = self.groups.pop() if self.groups else 1
        k = max(1, min(k, len(self.history.states) - 1))
        line = self.history.line()
        for _ in range(k):
            self.history.undo()
        if len(line) == len(self.history.states) - 1 + k:
            self.redo_groups.append(line[len(line) - k:])
        else:       # actions that are not this history's line (none known): nothing to redo
            self.redo_groups.clear()
        return k

    def can_undo(self) -> bool:
        """Whether there is a move of the player's to take back: not at the deal's start, nor when
        the line holds only the moves the table made by itself at the deal (:attr:`deal_moves`:
        aces a Klondike or FreeCell deal sent home at once), which no Undo takes back — as
        Microsoft Solitaire Collection greys Undo until the first move; taking them back marked
        the game "undo used", keeping its win out of the records."""
        return self.history is not None and self.history.can_undo() and self.restart_at() is not None

    def restart_at(self) -> int | None:
        """How many moves of the line :meth:`restart` keeps — the deal's automatic moves
        (:attr:`deal_moves`) while the line still begins with them, else none — or None when the
        line is no longer than that (nothing to restart)."""
        line = self.history.line()
        keep = self.deal_moves if line[:self.deal_moves] == self.history.actions[:self.deal_moves] else 0
        return keep if len(line) > keep else None

    def restart(self) -> int:
        """Back to the deal's start as the deal showed it (:meth:`restart_at`: its automatic moves
        kept): every move after it taken back as ONE action (Restart deal, docs/rules.md "Undo"),
        each counted as an undo; those moves become the last group :meth:`redo` plays again, so
        one Redo brings the game back. Returns how many moves were taken back.
        :raises IllegalMove: when there is nothing to take back."""
        keep = self.restart_at()
        if keep is None:
            raise IllegalMove("Nothing to undo")
        line = self.history.line()
        k = len(line) - keep
        for _ in range(k):
            self.history.undo()
        self.groups = [keep] if keep else []
        self.redo_groups.append(line[keep:])
        return k

    def can_redo(self) -> bool:
        """Whether :meth:`redo` has an undone action to play again."""
        return bool(self.redo_groups)

    def redo(self) -> int:
        """Play again the last action the player undid (docs/rules.md, "Redo"): its moves, each
        counted as a move, as one undo group. Returns how many moves were played.
        :raises IllegalMove: when there is nothing to redo, or when a move of the group is refused
        (then nothing changes and nothing is left to redo)."""
        if not self.redo_groups:
            raise IllegalMove("Nothing to redo")
        group = self.redo_groups.pop()
        played = 0
        try:
            for text in group:
                self.history.play(text)
                played += 1
        except IllegalMove:
            for _ in range(played):
                self.history.retract()
            self.redo_groups.clear()
            raise
        self.groups.append(played)
        return played

    def undo_moves(self, k: int) -> int:
        """Take back ``k`` moves (at most all of them), each a step of the history (the rescue's
        way back); the undo groups are shortened to match and nothing is left to redo. Returns how
        many were taken back."""
        self.redo_groups.clear()
        k = max(0, min(k, len(self.history.states) - 1))
        for _ in range(k):
            self.history.undo()
        left = k
        while left > 0 and self.groups:
            if self.groups[-1] <= left:
                left -= self.groups.pop()
            else:
                self.groups[-1] -= left
                left = 0
        return k

    # -- saves and the end of a game ---------------------------------------------------------------
    def autosave(self, progress) -> None:
        """Save this game (actions, clock) through ``progress``; nothing for a position that is
        no deal. A refused write becomes a Store notice, never an error."""
        if self.saved is None or self.history is None:
            return
        self.saved.seconds = saved_clock(self.clock)
        self.saved.groups = list(self.groups)
        progress.save(self.saved, self.history)

    def hand_off(self, progress) -> None:
        """Hand the page this game's coming save (``Progress.hand_off``), in the frame a move
        lands on, so that a page going away before the save is written keeps the move."""
        if self.saved is None or self.history is None:
            return
        self.saved.seconds = saved_clock(self.clock)
        self.saved.groups = list(self.groups)
        progress.hand_off(self.saved, self.history)

    def record_end(self, progress, progression):
        """After a move: when the game is over, record it. Returns the
        :class:`games.progression.Outcome` the progression gave now (``None``: the game goes
        on, or nothing new was recorded: a position that is no deal, a win already recorded).

        A win is given to the statistics (``Progress.won`` with :meth:`score` and the rules'
        lower-is-better :meth:`Rules.result` where the game has one) and to the progression once
        per game; a loss with a result keeps it in the statistics (``Progress.record_result``)
        and goes to the progression, with the game's own numbers for the badges
        (:meth:`Rules.result_extras`). :attr:`outcome` keeps what the progression answered
        (points, records, badges earned) for the end panel. A win some of whose records the
        storage refused (full) is flagged in its save (``SavedGame.unrecorded``, written by the
        save that follows), so that a later start records what is missing
        (:func:`record_unrecorded`) should this window not write it first.
        """
        st = self.status()
        if st == PLAYING:
            return None
        result = self.rules.result(self.history.state)
        recorded = self.record_progression(progression, st == WON, self.rules.result_extras(self.history.states))
        if st == WON and self.saved is not None:
            self.saved.seconds = saved_clock(self.clock)
            progress.won(self.saved, self.history, self.score(), result, self.player_moves())
            missing = progress.store.unwritten(self.saved.id)
            if missing:
                from games.daily import today

                had = self.saved.unrecorded
                self.saved.unrecorded = {"date": had.get("date", today()),
                                         "parts": sorted(missing | set(had.get("parts", ())))}
        elif st == LOST and self.saved is not None and result is not None:
            progress.record_result(self.saved, self.history, result)
        return recorded

    def record_progression(self, progression, won: bool, extras: dict, date: str | None = None,
                           parts=None):
        """Give the ended game to the progression (points, records, daily result, badges): a win
        once per game; nothing for a position that is no deal or a game not saved. Returns the
        progression's :class:`games.progression.Outcome`, or ``None`` when nothing was recorded.
        ``date``: the day the game ended (default today); ``parts``: the progression's records
        it goes to (default all three; ``Progression.record``)."""
        if self.number is None or self.saved is None:
            return None
        self.won_again = won and self.recorded_win == self.saved.id
        if self.won_again:
            return None
        from games.daily import today
        from games.progression import GameResult

        result = GameResult(self.game, dict(self.options), self.code(), won, self.clock, self.player_moves(),
                            date or today(), undo_used=self.history.undo_used, daily=self.daily_date,
                            solvable_only=self.solvable_only, **extras)
        try:
            if parts is None:
                self.outcome = progression.record(result, self.saved.id if won else None)
            else:
                self.outcome = progression.record(result, self.saved.id, parts)
        except ValueError:  # a game the progression does not know: nothing to record
            return None
        if won:
            self.recorded_win = self.saved.id
        return self.outcome

    def daily_share_line(self, progression) -> str | None:
        """The share line of this game's daily result (the end panel's Share result copies it), or
        ``None`` when it is no daily or has no result."""
        if self.daily_date is None:
            return None
        from games.progression import share_line

        entry = progression.daily_entry(self.daily_date, self.game)
        return None if entry is None else share_line(self.daily_date, self.game, entry)


def record_unrecorded(progress, progression) -> int:
    """Record the wins whose records the storage refused when they were won (full): each saved
    game flagged ``unrecorded``, and each earlier win its save carries (``SavedGame.carried``),
    goes to the records its flag names and to no other — the statistics (``Progress.won``,
    which counts a game id once) and each of the progression's three (which keep no game ids:
    a record already written is never given the game again) — with the score, time, moves,
    result and the game's own numbers of its winning position as its save replays them (the
    clock its save holds). The save is then written with what is still missing (nothing: no
    flag); a won save that cannot be rewritten with its flag cleared is removed instead, so that
    no later start records it twice. Run at the start (``App``), after the statistics and the
    progression are read. Returns how many wins were given to at least one record.

    ``progress``: a :class:`ui.progress.Progress`; ``progression``: a
    :class:`ui.progression.Progression`, both over the same Store."""
    from games.registry import GAMES

    from ..progress import SavedGame

    store = progress.store
    told = 0
    for game in GAMES:
        name = f"game.{game}"
        text = store.peek(name)
        if text is None or '"parts"' not in text:   # no flag: nothing to read (the usual start)
            continue
        try:
            saved = SavedGame.from_data(store.load(name))
        except ValueError:
            continue    # kept aside by whoever reads it next, as any save that does not read
        for entry in [saved] + [SavedGame.from_data(c) for c in saved.carried]:
            if entry.unrecorded and _record_saved_win(entry, progress, progression):
                told += 1
        progress.rewrite_flags(name)
    return told


def _record_saved_win(saved, progress, progression) -> bool:
    """Give the win of ``saved`` (flagged ``unrecorded``) to the records its flag names, from
    its first winning position. Returns whether it went to any; the Store notes the game
    (``Store.mark_unwritten``) with the records still refused, so that ``Progress.settle``
    clears the rest of the flag. A save with no winning position (an edited one) is noted
    with none: its flag goes."""
    from dataclasses import replace as copy

    from games.registry import find_game

    rules = find_game(saved.game)
    progress.store.mark_unwritten(saved.id)
    history = History.start(rules, rules.deal(saved.number, rules.check_options(saved.options)))
    for k, action in enumerate(saved.actions):
        try:
            history.act(action)
        except GameError:
            return False
        if rules.status(history.state) == WON:
            break
    else:
        return False
    won = copy(saved, actions=saved.actions[:k + 1], unrecorded={}, carried=[])
    session = Session(rules, saved.game)
    session.resume(won, history)
    session.deal_moves = history.moves - won.player_moves()
    parts = saved.unrecorded["parts"]
    side = [p for p in parts if p != "stats"]
    if side:
        session.record_progression(progression, True, rules.result_extras(history.states),
                                   saved.unrecorded["date"], side)
    if "stats" in parts:
        progress.won(won, history, session.score(), rules.result(history.state), session.player_moves())
    return True
