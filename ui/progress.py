"""Games in progress and statistics, kept in a :class:`~ui.storage.Store`.

**Saves** (docs/design.md, "Saves"): one record per game in progress, ``game.<name>``, holding the
deal number, the options, every action since the deal (move texts and ``u``), the clock and the
move counter. The history is rebuilt by replaying the actions through the rules, so a save is
small, survives a change of the state's layout, and restores the whole undo history. A save that
does not replay is corrupt: it is kept aside and the player is told.

**Statistics** (docs/rules.md, "Shared by every game"), per game and variant (``stats_key``): played,
won, win %, current and best streak, best score, best time, fewest moves, best result (games that
rate by cards left), the last 30 results. Each game has an id and is counted exactly once: a win
the moment it happens, a loss when the player starts another deal of that game while it is
unfinished. A game in which undo was used counts as a win but never enters the best results.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import asdict, dataclass, field
from typing import Any

from games.core import GameError, History
from games.i18n import N_, tr
from games.registry import find_game

from .storage import Store

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
    """

    game: str
    number: int
    options: dict
    actions: list = field(default_factory=list)
    seconds: float = 0.0
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    started: float = field(default_factory=time.time)
    solvable: bool = True

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
        rules = find_game(self.game)
        opts = rules.check_options(self.options)
        h = History.start(rules, rules.deal(self.number, opts))
        for a in self.actions:
            h.act(a)
        return h

    @classmethod
    def from_data(cls, data: Any) -> "SavedGame":
        """Read a stored dict. :raises ValueError: when fields are missing or of the wrong type."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        try:
            s = cls(str(data["game"]), int(data["number"]), dict(data["options"]), list(map(str, data["actions"])),
                    float(data.get("seconds", 0.0)), str(data.get("id") or uuid.uuid4().hex[:16]),
                    float(data.get("started", 0.0)), bool(data.get("solvable", True)))
        except (KeyError, TypeError, ValueError, OverflowError) as e:
            raise ValueError(f"bad saved game: {e}") from None
        if not (0.0 <= s.seconds < 1e9) or not (0.0 <= s.started < 1e12):  # NaN fails both
            raise ValueError("bad saved game: the clock is out of range")
        return s


def empty_stats() -> dict:
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_score": None, "best_time": None,
            "fewest_moves": None, "best_result": None, "last": [], "counted": []}


class Progress:
    """Saves and statistics over one :class:`Store`.

    The table calls :meth:`begin` for a new deal, :meth:`save` after every move, :meth:`won` when
    the rules say won; :meth:`unfinished` lists the games Continue offers.
    """

    MSG_BAD_SAVE = N_("The saved {game} game could not be restored; it was kept aside.")

    def __init__(self, store: Store):
        self.store = store
        raw = store.load("stats", {}, lambda d: isinstance(d, dict))
        self.stats: dict[str, dict] = {}
        for k, v in raw.items():
            if isinstance(v, dict):
                s = empty_stats()
                s.update({kk: vv for kk, vv in v.items() if kk in s})
                self.stats[str(k)] = s

    # -- saves ---------------------------------------------------------------------------------
    def load_game(self, game: str) -> tuple[SavedGame, History] | None:
        """The saved game of ``game`` and its rebuilt history, or None. A save that does not
        replay is kept aside under ``game.<name>.corrupt`` and a notice is added."""
        data = self.store.load(f"game.{game}")
        if data is None:
            return None
        try:
            saved = SavedGame.from_data(data)
            if saved.game != game:
                raise ValueError("another game's save")
            return saved, saved.replay()
        except (ValueError, GameError):
            import json

            self.store.set_aside(f"game.{game}", json.dumps(data), self.MSG_BAD_SAVE, game=game)
            self.store.remove(f"game.{game}")
            return None

    def unfinished(self) -> list[str]:
        """Names of the games with a saved game still being played (Continue offers them)."""
        out = []
        for name in self.store.names():
            if name.startswith("game."):
                data = self.store.load(name)
                try:
                    saved = SavedGame.from_data(data)
                except ValueError:
                    continue
                if not data.get("over"):
                    out.append(saved.game)
        return out

    def save(self, saved: SavedGame, history: History) -> bool:
        """Store the game after a move (the actions are taken from ``history``)."""
        saved.actions = list(history.actions)
        rules = history.rules
        data = asdict(saved)
        data["over"] = rules.status(history.state) == "won"
        return self.store.save(f"game.{saved.game}", data)

    def begin(self, game: str, number: int, options: dict, solvable: bool = True) -> SavedGame:
        """A new deal of ``game``: the unfinished one it replaces counts as a loss (once).
        ``solvable``: the "solvable deals only" setting the deal was chosen under."""
        old = self.store.load(f"game.{game}")
        if old is not None:
            try:
                prev = SavedGame.from_data(old)
                h = prev.replay()
                if h.rules.status(h.state) != "won" and prev.player_moves() > 0:
                    self._count(prev, won=False)
            except (ValueError, GameError):
                pass
        saved = SavedGame(game, number, dict(options), solvable=solvable)
        self.store.save(f"game.{game}", asdict(saved) | {"over": False})
        return saved

    # -- statistics ----------------------------------------------------------------------------
    def won(self, saved: SavedGame, history: History, score: int | None = None,
            result: int | None = None) -> bool:
        """Count a win (once per game id). ``result``: a lower-is-better result (cards left).
        Returns whether this call counted it."""
        return self._count(saved, True, history, score, result)

    def _count(self, saved: SavedGame, won: bool, history: History | None = None,
               score: int | None = None, result: int | None = None) -> bool:
        key = stats_key(saved.game, saved.options)
        s = self.stats.setdefault(key, empty_stats())
        if saved.id in s["counted"]:
            return False
        s["counted"] = (s["counted"] + [saved.id])[-IDS_KEPT:]
        s["played"] += 1
        s["last"] = (s["last"] + ["w" if won else "l"])[-LAST_N:]
        if won:
            s["won"] += 1
            s["streak"] += 1
            s["best_streak"] = max(s["best_streak"], s["streak"])
            if history is not None and not history.undo_used:
                if score is not None:
                    s["best_score"] = score if s["best_score"] is None else max(s["best_score"], score)
                secs = int(saved.seconds)
                s["best_time"] = secs if s["best_time"] is None else min(s["best_time"], secs)
                s["fewest_moves"] = history.moves if s["fewest_moves"] is None else min(s["fewest_moves"], history.moves)
        else:
            s["streak"] = 0
        if result is not None and (history is None or not history.undo_used):
            s["best_result"] = result if s["best_result"] is None else min(s["best_result"], result)
        self.store.save("stats", self.stats)
        return True

    def record_result(self, saved: SavedGame, history: History, result: int) -> None:
        """A lower-is-better result at the end of a game that is not a win (Devil's Grip's cards
        left): it enters ``best_result`` when undo was not used; the loss itself is counted when
        the player starts another deal."""
        key = stats_key(saved.game, saved.options)
        s = self.stats.setdefault(key, empty_stats())
        if not history.undo_used:
            s["best_result"] = result if s["best_result"] is None else min(s["best_result"], result)
            self.store.save("stats", self.stats)

    def summary(self, key: str) -> dict:
        """The statistics of one bucket with ``win_pct`` (0..100, one decimal) added."""
        s = dict(self.stats.get(key, empty_stats()))
        s["win_pct"] = round(100.0 * s["won"] / s["played"], 1) if s["played"] else 0.0
        s.pop("counted", None)
        return s
