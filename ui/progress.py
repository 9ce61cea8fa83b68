"""Games in progress and statistics, kept in a :class:`~ui.storage.Store`.

**Saves** (docs/design.md, "Saves"): one record per game in progress, ``game.<name>``, holding the
deal number, the options, every action since the deal (move texts and ``u``), the clock and the
move counter. The history is rebuilt by replaying the actions through the rules, so a save is
small, survives a change of the state's layout, and restores the whole undo history. A save that
does not read, or whose first action does not replay, is corrupt: it is kept aside and the player
is told. One whose first actions replay and a later one does not goes on from the last that does;
the whole of it is kept aside too, and the player is told (:data:`MSG_SALVAGED`).

**Statistics** (docs/rules.md, "Shared by every game"), per game and variant (``stats_key``): played,
won, win %, current and best streak, best score, best time, fewest moves, best result (games that
rate by cards left), the last 30 results. Each game has an id and is counted exactly once: a win
the moment it happens, a loss when the player starts another deal of that game while it is
unfinished. A game in which undo was used counts as a win but never enters the best results.
A game counted lost whose save comes back (put back from Kept data) and is won turns its loss
into the win (:meth:`Counted.apply`).

Both are record kinds of the Store (docs/storage.md): ``game.<name>`` for each game in the
registry (reader :meth:`SavedGame.from_data`, and on import a replay), ``stats`` (reader
:func:`read_stats`: types, ranges, known games and options, won ≤ played, streaks ≤ wins).
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field, fields, replace
from typing import Any

from games.core import LOST, WON, GameError, History
from games.deal import MAX_NUMBER
from games.i18n import N_, tr
from games.registry import GAMES, find_game

from .storage import RecordKind, Store, register_kind, strict_int, strict_number, strict_text

LAST_N = 30
IDS_KEPT = 200


def stats_key(game: str, options: dict) -> str:
    """The statistics bucket of a game: its name plus the options that make a variant
    (``Rules.stats_options``; all options when the game does not narrow them)."""
    rules = find_game(game)
    keys = rules.stats_options
    if keys is None:
        keys = tuple(rules.options)
    parts = [f"{k}={options[k]}" for k in keys if k in options]
    return game + (":" + ",".join(parts) if parts else "")


@dataclass
class SavedGame:
    """One game in progress (or just finished), as stored.

    Attributes:
        game, number, options: the deal.
        actions: move texts and ``u`` in the order played.
        seconds: time played so far (the clock), in seconds.
        id: unique id of this game (statistics count each id once).
        started: wall-clock time of the deal (seconds since the epoch).
        solvable: the "solvable deals only" setting when the deal was chosen (Spider's score).
        daily: the date (``YYYY-MM-DD``) whose deal of the day this game is, or ``None`` (a past
            date's daily is dealt on another day: the date is kept so that its win fills it).
        groups: the undo groups of the moves on the undo stack, oldest first (how many moves
            each undo takes back: a move and the automatic moves it set off), so that a
            continued game undoes as it did before; ``[]`` (a save without them, or with groups
            that are no counts of its moves): one move each.
        unrecorded: for a game won while the storage refused part of its win's writes (full),
            ``{"date": the YYYY-MM-DD day it was won, "parts": the records it is missing from}``
            (names of :data:`UNRECORDED_PARTS`): the missing parts are recorded at a later start
            (:func:`ui.table.session.record_unrecorded`) or written by this window's next write
            of them that succeeds, and the flag emptied (:meth:`Progress.settle`). ``{}``:
            nothing missing (a save without the field).
        carried: the saves (their data, each with its ``unrecorded``) of earlier won games of
            this game whose win is still partly unrecorded, which a new deal replaced
            (:meth:`Progress.begin`): kept in this save until recorded, at most
            :data:`MAX_CARRIED`, oldest first.
    """

    game: str
    number: int
    options: dict
    actions: list = field(default_factory=list)
    seconds: float = 0.0
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    started: float = field(default_factory=time.time)
    solvable: bool = True
    daily: str | None = None
    groups: list = field(default_factory=list)
    unrecorded: dict = field(default_factory=dict)
    carried: list = field(default_factory=list)

    def player_moves(self) -> int:
        """Moves the player made: actions other than ``u``, leaving out the leading run of cards
        that went home by themselves at the deal (Klondike's and FreeCell's auto to foundation
        plays an exposed ace at once; such a deal is still untouched)."""
        rules = find_game(self.game)
        safe = rules.safe_to_foundation
        k = 0
        if self.actions:
            try:
                state = rules.deal(self.number, rules.check_options(self.options))
                while k < len(self.actions):
                    texts = {rules.format_move(state, m): m for _, m in safe(state)}
                    if self.actions[k] not in texts:
                        break
                    state = rules.apply(state, texts[self.actions[k]])
                    k += 1
            except (GameError, ValueError):
                k = 0
        return sum(1 for a in self.actions[k:] if a != "u")

    def replay(self) -> History:
        """The history rebuilt from the deal and the actions.

        :raises GameError: when an action does not replay (a corrupt or foreign save).
        """
        h, k = self.replay_prefix()
        if k < len(self.actions):
            h.act(self.actions[k])      # raises: the rules' own message names the action
        return h

    def replay_prefix(self) -> tuple[History, int]:
        """``(history, k)``: the history rebuilt from the deal and the first ``k`` actions, where
        ``k`` is ``len(actions)`` when every action replays, else the index of the first one the
        rules refuse (the history stops before it).

        :raises GameError: when the deal itself cannot be made (unknown options)."""
        rules = find_game(self.game)
        opts = rules.check_options(self.options)
        h = History.start(rules, rules.deal(self.number, opts))
        for k, a in enumerate(self.actions):
            try:
                h.act(a)
            except GameError:
                return h, k
        return h, len(self.actions)

    @classmethod
    def from_data(cls, data: Any) -> "SavedGame":
        """Read a stored dict, checking every field: a known game, a deal number 1..MAX_NUMBER,
        options its rules accept, actions as short texts, the clock and the start time in range.
        The options come back complete, an option the save leaves out at its default, so the
        game counts in its variant's statistics bucket (:func:`stats_key`).

        :raises ValueError: naming the first bad field.
        """
        if not isinstance(data, dict):
            raise ValueError("not an object")
        try:
            game = strict_text(data["game"], "game", 40)
            if game not in GAMES:
                raise ValueError(f"unknown game {game!r}")
            number = strict_int(data["number"], 1, MAX_NUMBER, "number")
            options = data["options"]
            if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                        for k, v in options.items()):
                raise ValueError("options are not texts")
            options = find_game(game).check_options(options)  # a key left out takes its default
            actions = data["actions"]
            if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
                raise ValueError("actions are not a list")
            for a in actions:
                strict_text(a, "action", 40)
            seconds = strict_number(data.get("seconds", 0.0), 0.0, 1e9, "the clock")
            started = strict_number(data.get("started", 0.0), 0.0, 1e12, "the start time")
            gid = data.get("id") or uuid.uuid4().hex[:16]
            strict_text(gid, "id", 64)
            solvable = data.get("solvable", True)
            over = data.get("over", False)
            lost = data.get("lost", False)
            if not all(isinstance(f, bool) for f in (solvable, over, lost)):
                raise ValueError("a flag is not true or false")
            daily = data.get("daily")
            if daily is not None:
                strict_text(daily, "daily", 10)
                from games.daily import parse_date   # only a daily's save needs it

                if parse_date(daily).isoformat() != daily:   # no blanks around it either
                    raise ValueError(f"the daily's date {daily!r} is no YYYY-MM-DD date")
            groups = data.get("groups", [])
            if not isinstance(groups, list) or not all(type(g) is int and 0 <= g <= len(actions) for g in groups) \
                    or sum(groups) > len(actions):
                groups = []     # the moves are whole without them: the game continues a move an undo
            unrecorded = _read_unrecorded(data.get("unrecorded") or {})
            carried = data.get("carried", [])
            if not isinstance(carried, list) or len(carried) > MAX_CARRIED:
                raise ValueError("carried games are not a short list")
            carried = [cls.from_data(c) for c in carried]
            if any(c.game != game or not c.unrecorded or c.carried for c in carried):
                raise ValueError("a carried game is not an unrecorded win of this game")
        except KeyError as e:
            raise ValueError(f"bad saved game: no {e}") from None
        except (GameError, ValueError) as e:
            raise ValueError(f"bad saved game: {e}") from None
        return cls(game, number, dict(options), list(actions), float(seconds), gid, float(started), solvable,
                   daily, list(groups), unrecorded, [c.data() for c in carried])

    def data(self) -> dict:
        """The stored fields (without ``over`` and ``lost``, which the position decides): an
        empty ``unrecorded`` and ``carried`` are left out, so a save with nothing unrecorded is
        the same text as before they existed. A shallow copy (the lists and dicts copied one level,
        their texts shared): ``dataclasses.asdict`` deep-copies every action text, 190 ms natively
        for a save of 200 000 actions, 2.9 ms at 2 000."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        for k, v in data.items():
            if isinstance(v, (list, dict)):
                data[k] = type(v)(v)
        for f in ("unrecorded", "carried"):
            if not data[f]:
                del data[f]
        return data


MAX_ACTIONS = 200_000
"""The most actions a save may hold (a long Spider game has a few thousand)."""
MAX_CARRIED = 20
"""The most earlier unrecorded wins a save carries (:attr:`SavedGame.carried`)."""
UNRECORDED_PARTS = ("stats", "progress.daily", "progress.records", "progress.badges")
"""The records a won game is counted in: the statistics and the three of the progression."""


def _read_unrecorded(v: Any) -> dict:
    """A save's ``unrecorded`` checked: ``{}`` or a date and a non-empty list of known parts
    (returned sorted, once each). :raises ValueError:"""
    if v == {}:
        return {}
    if not isinstance(v, dict) or set(v) != {"date", "parts"}:
        raise ValueError("unrecorded is not a date and parts")
    date = strict_text(v["date"], "the unrecorded win's date", 10)
    from games.daily import parse_date

    if parse_date(date).isoformat() != date:
        raise ValueError(f"the unrecorded win's date {date!r} is no YYYY-MM-DD date")
    parts = v["parts"]
    if not isinstance(parts, list) or not parts or not all(p in UNRECORDED_PARTS for p in parts):
        raise ValueError("unrecorded parts are not known records")
    return {"date": date, "parts": sorted(set(parts))}


def read_game(data: Any, name: str) -> Any:
    """The reader of the record kind ``game.<name>``: :meth:`SavedGame.from_data`, and the save
    must be of the game its name says. :raises ValueError:"""
    saved = SavedGame.from_data(data)
    if name != f"game.{saved.game}":
        raise ValueError(f"{name} holds a {saved.game} game")
    return data


def replay_game(data: Any, name: str) -> None:
    """The import's deeper check of a save: its first action replays (a save whose later actions
    do not goes on from the last that does on its first load, as in place: Progress._salvage).
    :raises GameError:"""
    saved = SavedGame.from_data(data)
    _, k = saved.replay_prefix()
    if saved.actions and k == 0:
        saved.replay()      # raises, naming the first action


UNDONE, UNDONE_PARTLY = "undone", "partly"
"""What :meth:`Progress.undo_reset` did: every reset bucket's figures back, or only those no game
was counted in since the reset."""

STAT_COUNTS = ("played", "won", "streak", "best_streak", "loss_streak", "worst_streak", "timed_wins", "win_seconds")
STAT_BESTS = ("best_score", "best_time", "fewest_moves", "best_result")
MAX_COUNT = 10 ** 9


def read_stats(data: Any, name: str = "stats") -> Any:
    """The reader of the record kind ``stats``: ``{bucket: figures}`` where each bucket is a
    :func:`stats_key` of a known game and options its rules accept, and the figures are whole
    numbers in range (``played``, ``won``, ``streak``, ``best_streak``, ``loss_streak``,
    ``worst_streak``, ``timed_wins``, ``win_seconds`` 0..10**9 with won ≤ played,
    streak ≤ best_streak ≤ won, loss_streak ≤ worst_streak ≤ played − won, timed_wins ≤ won; the
    bests null or a number; ``last`` at most
    :data:`LAST_N` of ``"w"``/``"l"``, no more wins or losses than counted; ``counted`` at most
    :data:`IDS_KEPT` ids, no more than played). Missing figures
    take their empty values. :raises ValueError: naming the first bad bucket or figure.
    """
    if not isinstance(data, dict):
        raise ValueError("stats: not an object")
    for key, v in data.items():
        if not isinstance(key, str) or not isinstance(v, dict):
            raise ValueError(f"stats: bad bucket {key!r:.40}")
        game, _, rest = key.partition(":")
        if game not in GAMES:
            raise ValueError(f"stats: unknown game {game!r:.40}")
        opts = {}
        for kv in filter(None, rest.split(",")):
            k, eq, val = kv.partition("=")
            if not eq:
                raise ValueError(f"stats: bad bucket {key!r:.40}")
            opts[k] = val
        try:
            find_game(game).check_options(opts)
        except GameError as e:
            raise ValueError(f"stats: bucket {key!r:.40}: {e}") from None
        s = empty_stats() | v
        for f in STAT_COUNTS:
            strict_int(s[f], 0, MAX_COUNT, f"{key} {f}")
        if not (s["won"] <= s["played"] and s["streak"] <= s["best_streak"] <= s["won"]
                and s["loss_streak"] <= s["worst_streak"] <= s["played"] - s["won"] and s["timed_wins"] <= s["won"]):
            raise ValueError(f"stats: {key}: the counts disagree")
        for f in STAT_BESTS:
            if s[f] is not None:
                strict_int(s[f], -MAX_COUNT, MAX_COUNT, f"{key} {f}")
        if not isinstance(s["last"], list) or len(s["last"]) > LAST_N or any(x not in ("w", "l") for x in s["last"]):
            raise ValueError(f"stats: {key}: bad last results")
        if not isinstance(s["counted"], list) or len(s["counted"]) > IDS_KEPT:
            raise ValueError(f"stats: {key}: bad counted ids")
        for x in s["counted"]:
            strict_text(x, "counted id", 64)
        wins = s["last"].count("w")
        if wins > s["won"] or len(s["last"]) - wins > s["played"] - s["won"] or len(s["counted"]) > s["played"]:
            raise ValueError(f"stats: {key}: the last results disagree with the counts")
    return data


def _game_label(name: str) -> str:
    game = name.split(".", 1)[1]
    return tr(N_("the saved {game} game"), game=tr(find_game(game).title))


def describe_game(data: Any, name: str) -> str:
    """What a kept-aside saved game holds, read leniently from its stored ``data`` (it was kept
    aside because :meth:`SavedGame.from_data` refused it): its deal code, the moves in it (its
    actions other than ``u``), the time played and the day it was begun, each when it reads,
    as the home tile's Continue line says a save. ``""`` when none reads."""
    from games.i18n import format_duration

    if not isinstance(data, dict):
        return ""
    parts = []
    try:
        rules = find_game(str(data.get("game") or name.split(".", 1)[1]))
        number = data.get("number")
        if type(number) is int:
            parts.append(tr(N_("deal {code}"), code=rules.code(number, rules.check_options(dict(data.get("options") or {})))))
    except Exception:
        pass
    actions = data.get("actions")
    if isinstance(actions, list):
        moves = sum(1 for a in actions if a != "u")
        parts.append(tr(N_("1 move")) if moves == 1 else tr(N_("{moves} moves"), moves=moves))
    seconds = data.get("seconds")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e9:
        parts.append(format_duration(seconds))
    started = data.get("started")
    if isinstance(started, (int, float)) and not isinstance(started, bool) and 0 < started < 1e11:
        try:
            day = time.strftime("%Y-%m-%d", time.localtime(started))
            parts.append(tr(N_("begun {date}"), date=day))
        except (OverflowError, OSError, ValueError):
            pass
    return ", ".join(parts)


register_kind(RecordKind("game.", read_game, _game_label, members=lambda: GAMES, deep=replay_game,
                         describe=describe_game))
register_kind(RecordKind("stats", read_stats, lambda name: tr(N_("statistics"))))


def empty_stats() -> dict:
    """One bucket's figures before any game: the counts (``loss_streak`` and ``worst_streak`` the
    current and the longest run of losses; ``win_seconds`` the time of the ``timed_wins`` wins
    counted with their time, for the average), the bests, the last results and counted ids."""
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "loss_streak": 0, "worst_streak": 0,
            "timed_wins": 0, "win_seconds": 0, "best_score": None, "best_time": None,
            "fewest_moves": None, "best_result": None, "last": [], "counted": []}


def loss_runs(last: list) -> tuple[int, int]:
    """``(the run of losses at the end, the longest run of losses)`` in ``last`` (``"w"``/``"l"``)."""
    joined = "".join(last)
    return len(joined) - len(joined.rstrip("l")), max((len(r) for r in joined.split("w")), default=0)


def stats_of(raw: dict) -> dict[str, dict]:
    """``{bucket: figures}`` with every figure present, from a record :func:`read_stats` passed
    (a copy: changing it leaves ``raw`` as it was). A bucket written before the losing streaks
    were counted takes them from its last results (the runs of losses they hold)."""
    out = {}
    for k, v in raw.items():
        s = empty_stats()
        s.update({kk: (list(vv) if isinstance(vv, list) else vv) for kk, vv in v.items() if kk in s})
        if "loss_streak" not in v and "worst_streak" not in v:
            s["loss_streak"], s["worst_streak"] = loss_runs(s["last"])
        out[k] = s
    return out


@dataclass(frozen=True)
class Counted:
    """One change a window makes to the statistics, applied to the stored record as it is when
    the window writes (:meth:`Progress.refresh`), so that two windows' games all count.

    A game counted (``gid`` set): ``won`` or lost, with its best figures (``score`` points,
    ``seconds``, ``moves``; all None when undo was used) and a win's time for the average
    (``win_time`` seconds, undo or not); or only a lower-is-better ``result``
    (Devil's Grip's cards left, ``gid`` None). Applying one twice changes nothing the second time:
    a game's id is counted once, a best only ever improves."""

    key: str
    gid: str | None = None
    won: bool = False
    score: int | None = None
    seconds: int | None = None
    moves: int | None = None
    result: int | None = None
    win_time: int | None = None

    def apply(self, stats: dict[str, dict]) -> bool:
        """Apply to ``stats`` (``{bucket: figures}``, changed in place): played and won add
        one, the streak goes on or back to 0 (the losing streak the other way round), best and
        worst streak and best score are the larger, a win's time adds to the average's, best
        time, fewest moves and best result the smaller, the last results and counted ids keep
        their newest :data:`LAST_N` and :data:`IDS_KEPT`. A win of a game counted lost (its
        save put back from Kept data after a new deal counted it, :func:`loss_index`) turns that
        loss into the win: played stays, won adds one, its last result becomes a win and the
        streak and best streak are counted again from the last results (a win that joins two
        runs among them is a longer run). Returns whether a game was counted now
        (False: its id was counted already, as a win or as a loss not among the last results,
        or this is a result only)."""
        s = stats.setdefault(self.key, empty_stats())
        counted = False
        at = loss_index(s, self.gid) if self.won and self.gid is not None else None
        if at is not None:
            counted = True
            s["last"] = s["last"][:at] + ["w"] + s["last"][at + 1:]
            s["won"] += 1
            run = len(s["last"]) - len("".join(s["last"]).rstrip("w"))
            s["streak"] = run if run < len(s["last"]) else max(run, s["streak"] + 1)
            # the win may join two runs inside the last results, not only the one at their end
            longest = max(len(r) for r in "".join(s["last"]).split("l"))
            s["best_streak"] = min(s["won"], max(s["best_streak"], s["streak"], longest))
            # the last results now hold a win, so the losses at their end are the whole run
            s["loss_streak"] = loss_runs(s["last"])[0]
            s["worst_streak"] = min(s["played"] - s["won"], max(s["worst_streak"], s["loss_streak"]))
            self._timed(s)
            _best(s, "best_score", self.score, max)
            _best(s, "best_time", self.seconds, min)
            _best(s, "fewest_moves", self.moves, min)
        elif self.gid is not None and self.gid not in s["counted"]:
            counted = True
            s["counted"] = (s["counted"] + [self.gid])[-IDS_KEPT:]
            s["played"] += 1
            s["last"] = (s["last"] + ["w" if self.won else "l"])[-LAST_N:]
            if self.won:
                s["won"] += 1
                s["streak"] += 1
                s["best_streak"] = max(s["best_streak"], s["streak"])
                s["loss_streak"] = 0
                self._timed(s)
                _best(s, "best_score", self.score, max)
                _best(s, "best_time", self.seconds, min)
                _best(s, "fewest_moves", self.moves, min)
            else:
                s["streak"] = 0
                s["loss_streak"] += 1
                s["worst_streak"] = max(s["worst_streak"], s["loss_streak"])
        if self.gid is None or counted:
            _best(s, "best_result", self.result, min)
        return counted


    def _timed(self, s: dict) -> None:
        """A win's time into the average's sum (a time the storage can hold)."""
        if self.win_time is not None and 0 <= self.win_time and s["win_seconds"] + self.win_time <= MAX_COUNT:
            s["win_seconds"] += self.win_time
            s["timed_wins"] += 1


def loss_index(s: dict, gid: str | None) -> int | None:
    """Where in ``s["last"]`` (one bucket's figures) the loss of game ``gid`` stands, or ``None``
    (not counted, counted as a win, or counted too long ago for the last :data:`LAST_N` results
    to hold it). The counted ids and the last results grow together, one each per game counted,
    so the id's place from the end of ``counted`` is its result's place from the end of
    ``last``."""
    if gid is None or gid not in s["counted"]:
        return None
    back = len(s["counted"]) - 1 - s["counted"].index(gid)
    if back >= len(s["last"]):
        return None
    at = len(s["last"]) - 1 - back
    return at if s["last"][at] == "l" else None


def _best(s: dict, field_name: str, value, better) -> None:
    if value is not None:
        s[field_name] = value if s[field_name] is None else better(s[field_name], value)


MSG_CONTINUED = N_("The saved {game} game was continued in another window; the moves made in this window "
                   "since were kept aside (Settings, Kept data).")
MSG_SALVAGED = N_("Part of the saved {game} game could not be read: it goes on from the last move that "
                  "could. The whole save was kept aside (Settings, Kept data).")
MSG_REPLACED = N_("Another {game} deal was started in another window; the game played in this window "
                  "was kept aside (Settings, Kept data).")


class Progress:
    """Saves and statistics over one :class:`Store`.

    The table calls :meth:`begin` for a new deal, :meth:`save` after every move, :meth:`won` when
    the rules say won; :meth:`unfinished` lists the games Continue offers.

    Another window of the game (a second browser tab, a second desktop window) shares the
    store, so nothing is written from a copy kept in memory (docs/web.md, "Saves in the
    browser"): the statistics are read again before each write and this window's own changes
    (:class:`Counted`, kept until a write succeeds) are applied to what is stored; a saved game
    is written only over the text this window last read or wrote of it. When another window
    wrote it since, this window's version is kept aside (Settings, Kept data) with a notice,
    the stored one is not touched, and :attr:`superseded` names the game (its table then
    continues the stored game).

    :ivar stats: ``{bucket: figures}`` as last read, with this window's changes applied.
    :ivar superseded: games whose save another window continued; this window writes no more of
        them until it reads the save again (:meth:`load_game`) or deals anew (:meth:`begin`).
    """

    def __init__(self, store: Store):
        self.store = store
        self._replays: dict[str, str] = {}   # record name -> a text of it seen to replay
        # record name -> (text, saved game, history) :meth:`unfinished` replayed, which the next
        # :meth:`load_game` of that same text takes instead of replaying it again (once: the
        # table plays on in that history)
        self._replayed: dict[str, tuple[str, SavedGame, History]] = {}
        self._seen: dict[str, str] = {}      # record name -> the text of the saved game last read or written
        self._pending: list[Counted] = []    # changes to the statistics not yet written
        self._kept_text: dict[str, str] = {}  # record name -> this window's version last kept aside
        self._flagged: set[str] = set()      # saves written flagged (a win not all recorded): Progress.settle
        self._handed: dict[str, list[str]] = {}   # record name -> texts handed to the page since its last save
        self.superseded: set[str] = set()
        # record name -> the unfinished game a new deal replaced whose loss is counted once the
        # new deal's save is written (:meth:`begin`: while that save is refused the old one is
        # still stored, and offered to Continue)
        self._owed_loss: dict[str, SavedGame] = {}
        self._stats_text = store.peek("stats")   # the statistics' text as last read or written
        self.stats: dict[str, dict] = stats_of(store.load("stats", {}))  # read_stats checked every figure

    # -- saves ---------------------------------------------------------------------------------
    def load_game(self, game: str) -> tuple[SavedGame, History] | None:
        """The saved game of ``game`` and its rebuilt history, or None. A save that does not
        read, or whose first action does not replay, is kept aside under ``game.<name>.corrupt``
        and named in the notice; one that replays in part goes on from its last action that
        replays (kept aside whole as well, :meth:`_salvage`).
        This window then continues that save: its next :meth:`save` writes over it."""
        if game not in GAMES:
            return None
        name = f"game.{game}"
        self.superseded.discard(game)
        got = self._replayed.pop(name, None)
        if got is None or not got[0] or got[0] != self.store.peek(name):
            got = self._read_game(game)
        if got is None:
            self._seen.pop(name, None)
            return None
        text, saved, history = got
        self._seen[name] = text
        return saved, history

    def _read_game(self, game: str) -> tuple[str, SavedGame, History] | None:
        """``(stored text, saved game, history)`` of ``game``'s save, or None (absent, or kept
        aside now: it does not read, or its first action does not replay). A save that replays
        only in part comes back cut before its first action that does not (:meth:`_salvage`)."""
        name = f"game.{game}"
        text = self.store.peek(name) or ""   # "": read from its pending copy (a write cut short)
        data = self.store.load(name)  # read_game checked it; an unreadable one is kept aside
        if data is None:
            return None
        try:
            saved = SavedGame.from_data(data)
            history, k = saved.replay_prefix()
            if k == len(saved.actions):
                return text, saved, history
            if k:
                got = self._salvage(name, saved, history, k, data)
                if got is not None:
                    return got
        except (ValueError, GameError):
            pass
        text = self.store.peek(name)
        if text is not None and self.store.set_aside(name, text):
            self.store.remove(name)
        return None

    def _salvage(self, name: str, saved: SavedGame, history: History, k: int,
                 data: dict) -> tuple[str, SavedGame, History] | None:
        """A save whose first ``k`` actions replay and whose next one does not (``k`` ≥ 1): the
        whole save is kept aside as it was (Kept data can export it) with :data:`MSG_SALVAGED`,
        and the game goes on from its last action that replays, written back so that a reload
        finds the same. ``(stored text, saved game, history)``, or None when the copy cannot be
        kept (storage full: the caller sets the save aside as it does any other)."""
        stored = self.store.peek(name) or self.store.encode(data)
        msg = tr(MSG_SALVAGED, game=tr(find_game(saved.game).title))
        if not self.store.keep_aside(name, stored, msg):
            return None
        saved.actions = list(history.actions)
        saved.groups = []        # each move undoes alone: the stored groups counted the lost moves too
        record = self._record(saved, history)
        text = self.store.encode(record)
        if not self.store.save(name, record, text):
            text = stored       # the next move's save writes over it; the copy is kept already
        return text, saved, history

    def unfinished(self) -> list[str]:
        """Names of the games with a saved game still being played (Continue offers them), in
        the registry's order; only the registry's games have saves. A save that does not replay
        is kept aside now (named in the notice, as :meth:`load_game` does) and not offered; a
        save's text once seen to replay is not replayed again. A save flagged ``over`` (won) is
        not replayed: the app writes the flag from the position it saves, and replaying every
        won save at each start would cost the home screen a replay a game (48-144 ms natively
        for three 400-action saves) for what only a hand edit can get wrong."""
        out = []
        names = set(self.store.names())
        for game in GAMES:
            name = f"game.{game}"
            if name not in names:
                continue
            data = self.store.load(name)
            if data is None or data.get("over"):
                continue
            text = self.store.peek(name)
            if text is None or self._replays.get(name) != text:
                got = self._read_game(game)
                if got is None:
                    continue
                if got[2].rules.status(got[2].state) == WON:
                    continue    # cut back to its winning move (a save that replays in part): over
                self._replays[name] = got[0]
                self._replayed[name] = got
            out.append(game)
        return out

    def changed_elsewhere(self, game: str) -> bool:
        """Whether another window has played ``game``'s save on (or dealt another game) since
        this window last read or wrote it: one read of the stored text; when it is not that
        text, the two are compared by game id and moves (another window's save of its clock
        alone, the game left open there, changes nothing here)."""
        name = f"game.{game}"
        seen = self._seen.get(name)
        if seen is None:
            return False
        text = self.store.peek(name)
        if text is None or text == seen:
            return False
        if text in self._handed.get(name, ()):
            # the page wrote this window's save handed to it (:meth:`hand_off`) as it was hidden
            self._seen[name] = text
            return False
        return self._moves_of(name, text) != self._moves_of(name, seen)

    def hand_off(self, saved: SavedGame, history: History) -> None:
        """Hand the page the text :meth:`save` will write for ``saved`` at ``history``
        (``Store.hand_off``), in the frame a move lands on: a page hidden, closed or reloaded
        before that save writes it itself, over the save this window last read or wrote only.
        Nothing when the back end takes no hand-off (the desktop), when this window holds no
        save of the game or another window's save stands (:attr:`superseded`). Writes nothing:
        one encoding of the save and one call into the page. Each text handed over until the
        save is this window's own should the page have written it (:meth:`changed_elsewhere`)."""
        name = f"game.{saved.game}"
        seen = self._seen.get(name)
        if seen is None or saved.game in self.superseded or not self.store.keeps:
            return
        saved.actions = list(history.actions)
        self.settle(saved)
        text = self.store.encode(self._record(saved, history))
        if self.store.hand_off(name, text, seen):
            self._handed.setdefault(name, []).append(text)

    def _take_back(self, name: str) -> None:
        """Drop the page's copy of save ``name`` (:meth:`hand_off`): the save is being written."""
        if self._handed.pop(name, None) is not None:
            self.store.take_back(name)

    def _moves_of(self, name: str, text: str) -> tuple | None:
        """``(game id, actions)`` of a saved game's stored text (None when it does not read)."""
        try:
            data = self.store._decode(name, text)
            return data["id"], tuple(data["actions"])
        except Exception:
            return None

    def save(self, saved: SavedGame, history: History) -> bool:
        """Store the game after a move (the actions are taken from ``history``). Returns whether
        it was written: False when the storage refuses (a Store notice), or when another window
        wrote this game's save since this window read or wrote it: then the stored save is left
        as it is, this window's version is kept aside with a notice (:data:`MSG_CONTINUED`, or
        :data:`MSG_REPLACED` when the stored save is another deal's), and
        the game joins :attr:`superseded` — unless the stored save is this game with this window's
        very moves (the other window made the same ones: this window goes on, writing its own), or
        with them and more (nothing of this window's to keep: it takes the stored game up)."""
        saved.actions = list(history.actions)
        self.flush()
        self.settle(saved)
        data = self._record(saved, history)
        name = f"game.{saved.game}"
        text = self.store.encode(data)
        changed = saved.game in self.superseded or self.changed_elsewhere(saved.game)
        self._take_back(name)    # (after changed_elsewhere: it knows a handed save the page wrote)
        if changed:
            stored = self.store.peek(name)
            other = self._moves_of(name, stored) if stored is not None else None
            mine = (data["id"], tuple(data["actions"]))
            if other == mine:       # the other window made the very same moves: one game, go on
                self._seen[name] = stored
                self.superseded.discard(saved.game)
                return self.save(saved, history)
            self.superseded.add(saved.game)
            if self._same_moves(name, data):    # no move since this window last wrote: nothing to keep
                return False
            if other is not None and other[0] == mine[0] and other[1][:len(mine[1])] == mine[1]:
                return False        # the other window went on from this one's last move: nothing to keep
            if self._kept_text.get(name) != text:    # each version of this window's once
                self._kept_text[name] = text
                # the same game played on there, or another deal dealt there (its own game id)
                msg = MSG_CONTINUED if other is None or other[0] == data["id"] else MSG_REPLACED
                self.store.keep_aside(name, text, tr(msg, game=tr(find_game(saved.game).title)))
            return False
        if not self.store.save(name, data, text):
            return False
        self._seen[name] = text
        self._flag(name, saved)
        lost = self._owed_loss.pop(name, None)
        if lost is not None and lost.id != saved.id:
            self._count(lost, won=False)     # the game this deal replaced, no longer stored
        return True

    def _flag(self, name: str, saved: SavedGame) -> None:
        """After ``saved`` was written as ``name``: remember whether it is flagged (a win not all
        recorded, its own or carried), and write again any other flagged save whose parts this
        window has written since (:meth:`rewrite_flags`)."""
        if saved.unrecorded or saved.carried:
            self._flagged.add(name)
        else:
            self._flagged.discard(name)
        for other in sorted(self._flagged - {name}):
            self.rewrite_flags(other)

    def rewrite_flags(self, name: str) -> None:
        """Write the save ``name`` again with what :meth:`settle` leaves of its flags, when that
        changed (the records its win missed were written since); a won save whose rewrite is
        refused and that has nothing left unrecorded is removed instead, so that no later start
        records its win twice. A save that does not read is left to whoever reads it next."""
        data = self.store.load(name)
        try:
            saved = SavedGame.from_data(data)
        except ValueError:
            self._flagged.discard(name)
            return
        before = (saved.unrecorded, saved.carried)
        self.settle(saved)
        if (saved.unrecorded, saved.carried) != before:
            new = saved.data() | {"over": bool(data.get("over")), "lost": bool(data.get("lost"))}
            text = self.store.encode(new)
            if self.store.save(name, new, text):
                if name in self._seen:
                    self._seen[name] = text
            elif new["over"] and not saved.unrecorded and not saved.carried:
                self.store.remove(name)
        if saved.unrecorded or saved.carried:
            self._flagged.add(name)
        else:
            self._flagged.discard(name)

    @staticmethod
    def _record(saved: SavedGame, history: History) -> dict:
        """The stored data of ``saved`` at ``history``'s position: its fields, ``over`` when won
        and ``lost`` when lost (a lost game is still offered to Continue, for its undo)."""
        data = saved.data()
        status = history.rules.status(history.state)
        data["over"] = status == WON
        data["lost"] = status == LOST
        return data

    def _same_moves(self, name: str, data: dict) -> bool:
        """Whether ``data`` (a saved game) has the game and the moves of the save this window last
        read or wrote of ``name`` (its clock may differ)."""
        seen = self._seen.get(name)
        return seen is not None and self._moves_of(name, seen) == (data["id"], tuple(data["actions"]))

    def begin(self, game: str, number: int, options: dict, solvable: bool = True,
              daily: str | None = None) -> SavedGame:
        """A new deal of ``game``: the unfinished one it replaces (the save as stored now,
        whichever window played it last) counts as a loss (once), when the new deal's save is
        written (here, or at its first save that the storage takes: until then the old game is
        still the stored one, offered to Continue). A won game it replaces whose
        win is still partly unrecorded (storage full), and the ones that save carried, are
        carried in the new save (:attr:`SavedGame.carried`) until recorded.
        ``solvable``: the "solvable deals only" setting the deal was chosen under; ``daily``: the
        date whose deal of the day it is, or ``None``."""
        name = f"game.{game}"
        old = self.store.load(name)  # an unreadable save is kept aside here, not overwritten
        carried: list = []
        lost = None
        if old is not None:
            try:
                prev = SavedGame.from_data(old)
                self.flush()
                self.settle(prev)
                carried = prev.carried + ([replace(prev, carried=[]).data()] if prev.unrecorded else [])
                h = prev.replay()
                if h.rules.status(h.state) != WON and prev.player_moves() > 0:
                    lost = prev
            except (ValueError, GameError):
                pass
        saved = SavedGame(game, number, dict(options), solvable=solvable, daily=daily,
                          carried=carried[-MAX_CARRIED:])
        data = saved.data() | {"over": False}
        text = self.store.encode(data)
        self.superseded.discard(game)
        self._owed_loss.pop(name, None)
        self._take_back(name)
        if self.store.save(name, data, text):
            self._seen[name] = text
            self._flag(name, saved)
            if lost is not None:
                self._count(lost, won=False)
        else:
            self._seen.pop(name, None)
            if lost is not None:    # counted once this deal's save is written (S4b)
                self._owed_loss[name] = lost
        return saved

    # -- statistics ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the statistics again (another window may have counted games) and apply this
        window's changes not yet written. An absent or unreadable record leaves this window's
        figures (an unreadable one is kept aside and told, as at the start)."""
        text = self.store.peek("stats")
        if text is not None and text == self._stats_text:
            return      # as this window last read or wrote it: nothing to read again
        raw = self.store.load("stats", None)
        stats = self.stats if raw is None else stats_of(raw)
        for change in self._pending:
            change.apply(stats)
        self.stats = stats
        self._stats_text = text if raw is not None else None

    def _change(self, change: Counted) -> bool:
        """Apply ``change`` to the statistics as stored now and write them. Returns whether a
        game was counted by it. A refused write keeps the change to apply at the next write
        (:meth:`flush`), and the Store notes its game unwritten there (``Store.unwritten``)."""
        self.refresh()
        counted = change.apply(self.stats)
        self._pending.append(change)
        if not self._write_stats() and change.gid is not None:
            self.store.mark_unwritten(change.gid, ["stats"])
        return counted

    def _write_stats(self) -> bool:
        text = self.store.encode(self.stats)
        if not self.store.save("stats", self.stats, text):
            return False
        self._pending.clear()
        self._stats_text = text
        return True

    def flush(self) -> None:
        """Write the changes to the statistics a refused write left (applied to the record as
        stored now); nothing when there are none. Each game's save tries it first
        (:meth:`save`, :meth:`begin`), so a win counted while the storage was full is written
        at this window's first write after room is freed."""
        if self._pending:
            self.refresh()
            self._write_stats()

    def settle(self, saved: SavedGame) -> None:
        """Drop from ``saved.unrecorded``, and from each game it carries, the parts this window
        has written since (``Store.unwritten``: the next write of a record that succeeds holds
        every change this window made to it); a carried game with nothing left goes. Parts of a
        game this window has not recorded (another window's, or one no start has recorded
        yet) stay as they are."""

        def left(gid: str, unrecorded: dict) -> dict:
            known = self.store.unwritten(gid)
            if not unrecorded or known is None:
                return unrecorded
            parts = [p for p in unrecorded["parts"] if p in known]
            return dict(unrecorded, parts=parts) if parts else {}

        saved.unrecorded = left(saved.id, saved.unrecorded)
        carried = []
        for c in saved.carried:
            u = left(c["id"], c["unrecorded"])
            if u:
                carried.append(dict(c, unrecorded=u))
        saved.carried = carried

    def won(self, saved: SavedGame, history: History, score: int | None = None,
            result: int | None = None, moves: int | None = None) -> bool:
        """Count a win (once per game id). ``result``: a lower-is-better result (cards left);
        ``moves``: the move counter's number (default ``history.moves``; a table leaves out the
        moves it made by itself at the deal). Returns whether this call counted it."""
        return self._count(saved, True, history, score, result, moves)

    def counted(self, saved: SavedGame) -> bool:
        """Whether ``saved``'s game is already in the statistics (won, or counted lost): whatever
        follows counts nothing more for it (:meth:`_count` counts a game id once)."""
        return saved.id in self.stats.get(stats_key(saved.game, saved.options), empty_stats())["counted"]

    def counted_lost(self, saved: SavedGame) -> bool:
        """Whether ``saved``'s game is counted as a loss (a new deal replaced it unfinished) that a
        win may still turn into a win: its save was put back from Kept data and played on
        (:meth:`Counted.apply`, :func:`loss_index`). Reads the statistics again first (another
        window's new deal may have counted it)."""
        self.refresh()
        s = self.stats.get(stats_key(saved.game, saved.options), empty_stats())
        return loss_index(s, saved.id) is not None

    def _count(self, saved: SavedGame, won: bool, history: History | None = None,
               score: int | None = None, result: int | None = None, moves: int | None = None) -> bool:
        if self.counted(saved) and not (won and self.counted_lost(saved)):
            return False
        key = stats_key(saved.game, saved.options)
        clean = history is not None and not history.undo_used
        win_time = int(saved.seconds) if won else None
        if won and clean:
            change = Counted(key, saved.id, True, score, int(saved.seconds),
                             history.moves if moves is None else moves, result, win_time)
        else:
            change = Counted(key, saved.id, won, result=result if history is None or clean else None,
                             win_time=win_time)
        return self._change(change)

    def record_result(self, saved: SavedGame, history: History, result: int) -> None:
        """A lower-is-better result at the end of a game that is not a win (Devil's Grip's cards
        left): it enters ``best_result`` when undo was not used; the loss itself is counted when
        the player starts another deal."""
        if not history.undo_used:
            self._change(Counted(stats_key(saved.game, saved.options), result=result))

    def open_losses(self) -> list[SavedGame]:
        """The stored games that are over and lost (no move left: their save's ``lost`` flag) and
        not yet in the statistics: each counts as a loss when the next deal of its game starts
        (:meth:`begin`), since until then Undo or Rescue may take the game on. Reads each game's
        save as stored now, without replaying it; a save that does not read is left out."""
        out = []
        for game in GAMES:
            name = f"game.{game}"
            text = self.store.peek(name)
            if text is None or '"lost": true' not in text:
                continue
            try:
                data = self.store._decode(name, text)
                saved = SavedGame.from_data(data)
            except Exception:   # READ_ERRORS: whoever loads it next keeps it aside and tells
                continue
            if data.get("lost") is True and not self.counted(saved):
                out.append(saved)
        return out

    def shown_stats(self) -> dict[str, dict]:
        """The statistics as the Statistics screen shows them: the record with each of
        :meth:`open_losses` counted as the loss it will be, so that a game just lost is in the
        figures at once (played, the streak, the last results), agreeing with the lost panel and
        with a best result its end recorded. A copy: the record itself is not changed. The record
        is read again first (another window may have counted games since)."""
        import copy

        self.refresh()
        stats = copy.deepcopy(self.stats)
        for saved in self.open_losses():
            Counted(stats_key(saved.game, saved.options), saved.id, False).apply(stats)
        return stats

    # -- reset ---------------------------------------------------------------------------------
    _last_reset: tuple | None = None   # (figures before, buckets reset, kept copy's key, its text, text after)

    def reset_stats(self, keys: list[str] | None = None) -> bool:
        """Clear the statistics of the buckets ``keys`` (:func:`stats_key`; ``None``: every
        game's), at the player's clear choice (the Statistics screen asks first). Nothing is lost
        by it: the figures as they were are first kept aside whole (Settings, Kept data: *Try to
        restore* puts them back, *Export* writes them out), and :meth:`undo_reset` puts them back
        at once. The records tables and badges are not statistics and stay. Returns whether the
        figures were reset: ``False`` when the copy aside or the write is refused, and then
        nothing changed."""
        import copy

        self.refresh()
        before = copy.deepcopy(self.stats)
        pending = list(self._pending)
        text = self.store.encode(self.stats)
        kept = self.store.keep_copy("stats", text)
        if kept is None:
            return False
        gone = set(self.stats) if keys is None else set(keys)
        self.stats = {k: v for k, v in self.stats.items() if k not in gone}
        self._pending = [c for c in self._pending if c.key not in gone]
        if not self._write_stats():
            self.stats, self._pending = before, pending
            return False
        self._last_reset = (before, gone, kept, text, self._stats_text)
        return True

    def can_undo_reset(self) -> bool:
        """Whether :meth:`undo_reset` has a reset of this window to take back."""
        return self._last_reset is not None

    def undo_reset(self) -> str:
        """Put back the figures the last :meth:`reset_stats` cleared. A bucket a game was counted
        in since (in this window or another) stays as it is now, and the figures as they were
        stay in Kept data; when nothing was counted since, the copy the reset kept aside is
        removed again, its figures being back. Returns :data:`UNDONE` (every bucket back),
        :data:`UNDONE_PARTLY` (some kept as they are now, counted since) or ``""`` (no reset to
        take back, or the storage refused the write: nothing changed)."""
        r = self._last_reset
        if r is None:
            return ""
        before, gone, kept, text, after = r
        self.refresh()
        untouched = self.store.peek("stats") == after
        counted_since = [k for k in gone if k in before and k in self.stats]
        for k in gone:
            if k in before and k not in self.stats:
                self.stats[k] = before[k]
        if not self._write_stats():
            return ""
        self._last_reset = None
        if untouched:
            self.store.drop_copy(kept, text)
        return UNDONE_PARTLY if counted_since else UNDONE

    def summary(self, key: str, stats: dict[str, dict] | None = None) -> dict:
        """The statistics of one bucket with ``win_pct`` (0..100, one decimal) and
        ``avg_win_time`` (whole seconds, None before a win with its time) added; ``stats``:
        the figures to read (default the record, :attr:`stats`; :meth:`shown_stats`)."""
        s = dict((self.stats if stats is None else stats).get(key, empty_stats()))
        s["win_pct"] = round(100.0 * s["won"] / s["played"], 1) if s["played"] else 0.0
        s["avg_win_time"] = round(s["win_seconds"] / s["timed_wins"]) if s["timed_wins"] else None
        s.pop("counted", None)
        return s
