"""The game being played, apart from how it is drawn: the rules' history, the deal, its save
record, the clock and how the deal was chosen. A :class:`~ui.table.base.GameTable` owns one
(``table.session``) and reads its fields through properties of the same names; everything here
is plain data and arithmetic (no pygame), so a snapshot of a game is a copy of its session."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from games.core import History


@dataclass
class Session:
    """One game on a table.

    Attributes:
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
    """

    history: History | None = None
    number: int | None = None
    options: dict = field(default_factory=dict)
    saved: object = None
    clock: float = 0.0
    deal_moves: int = 0
    verified: bool = False
    solvable_only: bool = True

    def player_moves(self) -> int:
        """Moves shown and scored: the history's count less the deal's automatic moves.

        >>> from games.tripeaks import TriPeaks
        >>> s = Session(History.start(TriPeaks, TriPeaks.deal(1, {})), deal_moves=0)
        >>> _ = s.history.play("s"); s.player_moves()
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
        return replace(self, options=dict(self.options))

    def autosave(self, progress) -> None:
        """Save this game (actions, clock) through ``progress``; nothing for a position that is
        no deal. A refused write becomes a Store notice, never an error."""
        if self.saved is None or self.history is None:
            return
        self.saved.seconds = round(self.clock, 1)
        progress.save(self.saved, self.history)
