"""The shared frame of every game: errors, the Rules protocol, the undo history.

A game is a :class:`Rules` subclass (one per game, variants by options) whose states are frozen,
hashable values: applying a move returns a new state sharing the untouched piles, so undo is a
list of states and a solver's visited set is a set of states (docs/design.md, "Principles of the code").
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, NamedTuple

from .i18n import tr
from .quoting import quote


class GameError(ValueError):
    """Base of every error the rules raise; ``str(e)`` is one clear English line."""


class IllegalMove(GameError):
    """A move the rules refuse. ``msgid`` is the catalogue text (English, ``{}`` placeholders),
    ``kw`` fills it; :meth:`text` gives it in a language. ``move`` is the offending move text."""

    def __init__(self, msgid: str, move: str = "", **kw: Any):
        self.msgid, self.move, self.kw = msgid, move, kw
        super().__init__(msgid.format(**kw) if kw else msgid)

    def text(self, lang: str | None = None) -> str:
        """The reason in ``lang`` (default: the current language)."""
        return tr(self.msgid, lang, **self.kw)

    @classmethod
    def not_a_move(cls, msgid: str, text: str) -> "IllegalMove":
        """The refusal of a text that is no move of the game, ``msgid`` quoting it as ``{text}``.
        Every game names a bad move this way: the text stripped and cut by
        :func:`games.quoting.quote` (its first 40 characters, ``…`` marking a cut, control characters
        escaped), in the message
        and as :attr:`move`, so a long text is never echoed whole (docs/contract.md, "Move
        notation")."""
        t = quote(str(text).strip())
        return cls(msgid, t, text=t)


class Refusal(NamedTuple):
    """Why the rules refuse a move: the catalogue message (English msgid with ``{}``
    placeholders) and its fill-ins. The one return type of :meth:`Rules.why_not`.

    >>> Refusal("Only {n} cards can move", {"n": 3}).text("en")
    'Only 3 cards can move'
    """

    msgid: str
    fields: dict = {}

    def text(self, lang: str | None = None) -> str:
        """The reason in ``lang`` (default: the current language), placeholders filled."""
        return tr(self.msgid, lang, **self.fields)

    def error(self, move: str = "") -> "IllegalMove":
        """This refusal as the :class:`IllegalMove` that :meth:`Rules.apply` raises; ``move`` is
        the refused move's text."""
        return IllegalMove(self.msgid, move, **self.fields)


class PositionError(GameError):
    """A position's text could not be read; the message names the line or key."""


class OptionError(GameError):
    """An unknown option or a value it does not take."""


PLAYING, WON, LOST = "playing", "won", "lost"


Clock = Callable[[], float]
"""A clock a search reads its budget of seconds from: no argument, seconds as a float (only
differences are used). Every solver entry point takes one as ``clock``, by default
``time.perf_counter`` (wall time: what the player waits); ``python -m games winnability`` and
``bench/solvers.py`` pass ``time.process_time`` (CPU seconds of the process), so a figure measured
with a budget of seconds does not depend on how loaded the machine is."""


class Rules:
    """The protocol of one game. Subclasses set the class attributes and implement the methods.

    Attributes:
        name: registry name (``tripeaks``), as on the command line.
        title: display name (English msgid).
        code_prefix: deal code prefix (``TP1``).
        options: ``{key: (allowed values…)}``, the first value the default.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    code_prefix: ClassVar[str] = ""
    CODE_EXAMPLE: ClassVar[str]
    """The rule letters of the game's default rules (Pyramid ``L01``): a deal code's shape is shown
    with them when a text is not a code at all (:func:`games.codes.decode`)."""
    CODE_RULE_PART: ClassVar[str]
    """What a deal code's rule part must be, as the sentence that refuses a bad one ("the rule part
    must be …"); the message for a text that is no code repeats it."""
    options: ClassVar[dict[str, tuple[str, ...]]] = {}
    option_labels: ClassVar[dict[str, dict[str, str]]] = {}
    """``{option: {value: msgid}}``: how the options screen names a value (``suits`` ``"1"`` →
    "1 suit"); a value without a label shows as itself."""
    stats_options: ClassVar[tuple[str, ...] | None] = None
    """The options that split the statistics into separate tables (``None``: all of them; ``()``:
    one table for the whole game, as Pyramid keeps over its layouts)."""
    plain_deals: ClassVar[bool] = False
    """Whether deals of this game are almost never winnable (Devil's Grip): "solvable deals only"
    then deals from the bank alone, and otherwise plainly, saying so, instead of searching."""
    bank_options: ClassVar[tuple[str, ...] | None] = None
    """The options that select a bank of verified deals (``None``: all of them); see
    :mod:`games.bank`."""
    counters: ClassVar[tuple[str, ...]] = ()
    """The state's fields that count rather than place cards (the score, recycles and passes
    made, a streak): two states equal but for them are the same place on the table, and a line
    that comes back to a place it left went round for nothing (:meth:`without_loops`). Moves stay
    legal with other counters, except that a limit of passes only lets through a line that makes
    fewer."""
    search_modules: ClassVar[tuple[str, ...]] = ()
    """The modules :meth:`solver` imports (full names), each after those it imports itself: the
    app imports them ahead of a hint, in its frames' spare time (``ui/imports.py``)."""

    # -- options ---------------------------------------------------------------------------------
    @classmethod
    def check_options(cls, given: dict[str, str]) -> dict[str, str]:
        """All options with defaults filled in.

        :raises OptionError: for an unknown key or value, naming the allowed ones.
        """
        out = {k: v[0] for k, v in cls.options.items()}
        for k, v in given.items():
            key = k.strip().lower()
            if key not in cls.options:
                allowed = ", ".join(cls.options) or "none"
                raise OptionError(f"{cls.name} has no option '{quote(k)}' (options: {allowed})")
            val = str(v).strip().lower()
            if val not in cls.options[key]:
                raise OptionError(f"option {quote(k.strip())}='{quote(v)}' is not one of {'|'.join(cls.options[key])}")
            out[key] = val
        return out

    # -- the interface every game implements -----------------------------------------------------
    @classmethod
    def deal(cls, number: int, options: dict[str, str]) -> Any:
        """The starting state of deal ``number`` under ``options`` (already checked)."""
        raise NotImplementedError

    @classmethod
    def code(cls, number: int, options: dict[str, str]) -> str:
        """The deal code of deal ``number`` under ``options``."""
        raise NotImplementedError

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """``(number, options)`` named by a deal code; :class:`games.codes.CodeError` if bad."""
        raise NotImplementedError

    @classmethod
    def legal_moves(cls, state: Any) -> list[Any]:
        """Every legal move in ``state``, in a stable order: none once the game is won; a lost
        game keeps the moves its cards allow (docs/rules.md "Lost": none of them can change the
        outcome), which the app refuses once it has said so (``GameTable.play``)."""
        raise NotImplementedError

    @classmethod
    def every_move(cls, state: Any) -> list[Any]:
        """Every legal move as ``python -m games moves`` lists it (docs/contract.md): where
        :meth:`legal_moves` names one of several moves that differ only in which empty place
        they fill (FreeCell's free cells), all of them; else :meth:`legal_moves` itself."""
        return cls.legal_moves(state)

    @classmethod
    def apply(cls, state: Any, move: Any) -> Any:
        """The state after ``move``. :raises IllegalMove: with the reason, leaving ``state`` as it was."""
        raise NotImplementedError

    @classmethod
    def status(cls, state: Any) -> str:
        """``playing``, ``won`` or ``lost`` (lost: no move can change the outcome any more)."""
        raise NotImplementedError

    @classmethod
    def parse_move(cls, state: Any, text: str) -> Any:
        """The move written ``text`` in this game's notation. :raises IllegalMove: if unreadable."""
        raise NotImplementedError

    @classmethod
    def format_move(cls, state: Any, move: Any) -> str:
        """``move`` in this game's notation (docs/contract.md, "Move notation")."""
        raise NotImplementedError

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str]) -> Any:
        """A state from a position text (docs/contract.md). :raises PositionError: naming what is wrong."""
        raise NotImplementedError

    @classmethod
    def format_position(cls, state: Any) -> str:
        """The position text of ``state``; :meth:`parse_position` reads it back unchanged."""
        raise NotImplementedError

    @classmethod
    def solver(cls, state: Any, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """A resumable :class:`games.solvers.search.Search` from ``state``, under a budget of
        ``max_nodes`` nodes and ``timeout`` seconds read on ``clock`` (wall time by default;
        ``time.process_time`` counts CPU seconds: :data:`games.solvers.search.Clock`). Games with
        a solver override this; the base has none and raises :class:`NotImplementedError`."""
        raise NotImplementedError

    @classmethod
    def has_solver(cls) -> bool:
        """Whether this game overrides :meth:`solver`."""
        return cls.solver.__func__ is not Rules.solver.__func__

    @classmethod
    def solve(cls, state: Any, timeout: float | None = None, max_nodes: int | None = None,
              clock: Clock = time.perf_counter):
        """Solve from ``state`` to the end of the budget (see :meth:`solver`): a
        :class:`games.solvers.search.Result`."""
        return cls.solver(state, max_nodes=max_nodes, timeout=timeout, clock=clock).run()

    @classmethod
    def trailer(cls, state: Any) -> list[str]:
        """Extra ``Key: value`` lines that ``play`` prints after ``Status:`` so that a position it
        printed, read back, goes on exactly (TriPeaks' running streak); none by default."""
        return []

    @classmethod
    def score(cls, state: Any) -> int:
        """The score of ``state`` in points."""
        return getattr(state, "score", 0)

    # -- what the tables ask (defaults for games without the feature) ----------------------------
    @classmethod
    def why_not(cls, state: Any, move: Any) -> Refusal | None:
        """Why ``move`` is refused in ``state`` (a :class:`Refusal`), or ``None`` when it is legal.

        The default asks :meth:`apply` and turns its :class:`IllegalMove` into a refusal; games
        override it with a check that builds no new state."""
        try:
            cls.apply(state, move)
        except IllegalMove as e:
            return Refusal(e.msgid, dict(e.kw))
        return None

    @classmethod
    def win_score(cls, state: Any, seconds: float, moves: int, solvable_only: bool = True) -> int:
        """The points of a won game for the best-score tables: ``state`` the won state,
        ``seconds`` the time played, ``moves`` the move counter (undone moves included),
        ``solvable_only`` whether the deal came from the solvable deals only. The default is
        :meth:`score`; games with a time or move bonus override it (their docstrings give the
        formula and its source)."""
        return cls.score(state)

    @classmethod
    def shown_score(cls, state: Any, seconds: float, moves: int, solvable_only: bool = True) -> int:
        """The score a table shows in its top bar and the statistics keep as the best score:
        once won the win's points (:meth:`win_score`, same arguments), else :meth:`score`. A game
        whose running score counts the clock overrides it (Pyramid)."""
        if cls.status(state) == WON:
            return cls.win_score(state, seconds, moves, solvable_only)
        return cls.score(state)

    @classmethod
    def result(cls, state: Any) -> int | None:
        """A lower-is-better result of a game that ended in ``state``, kept by the statistics
        beside the score (Devil's Grip: the cards left in stock and talon), or ``None`` for a
        game rated by its score alone (the default)."""
        return None

    @classmethod
    def result_extras(cls, states: list) -> dict:
        """The game's own numbers that badges ask for at the end of the line of play ``states``
        (the deal first, the last state last): fields of :class:`games.progression.GameResult`
        (TriPeaks' ``longest_run`` and ``stock_left``, Devil's Grip's ``cards_left``); none by
        default."""
        return {}

    @classmethod
    def movable(cls, state: Any, pile: int, index: int) -> bool:
        """Whether the card at ``index`` of tableau pile ``pile`` may be lifted (with the cards on
        it) in ``state`` — face up and at the head of a run the rules move together. Games
        without a tableau of columns have none: ``False``."""
        return False

    @classmethod
    def tap_refusal(cls, state: Any, src: int, index: int) -> Refusal | None:
        """Why a tap on card ``index`` (from the bottom) of place ``src`` has no move — face down,
        not at the head of a movable run, nowhere to go — or ``None`` when it has one. Games
        whose tables explain taps through :meth:`why_not` alone: ``None``."""
        return None

    @classmethod
    def tap_moves(cls, state: Any, src: int, index: int | None = None) -> list[Any]:
        """The legal moves of the card a player tapped (place ``src``, card ``index`` of a column;
        ``None``: its top card), best first — the order a repeated tap walks through. Games whose
        taps the table maps itself: ``[]``."""
        return []

    @classmethod
    def moving_card(cls, state: Any, move: Any) -> int:
        """The card ``move`` lifts (the top card of what moves; for a move to a foundation, the
        card that goes home). :raises NotImplementedError: in games whose moves are not
        pile-to-pile."""
        raise NotImplementedError

    @classmethod
    def safe_to_foundation(cls, state: Any, exclude=()) -> list[tuple[int, Any]]:
        """``(card, move)`` pairs of the moves to a foundation that automatic play may make now
        (the card is not needed on the tableau any more), skipping ``exclude``d cards. Games
        without foundations: ``[]``."""
        return []

    @classmethod
    def can_finish(cls, state: Any) -> bool:
        """Whether a Finish button is offered now (every card can go home by itself)."""
        return False

    @classmethod
    def finish_moves(cls, state: Any) -> list[Any] | None:
        """The moves that play every card home when :meth:`can_finish`, else ``None``."""
        return None

    HINT_NODES = 300_000
    """The node budget of the app's hint search (docs/assist.md, "Hint")."""
    hint_best_line = False
    """The hint is the first move of the best line its search keeps (``best_moves()``), winning or
    not, rather than a winning line's or the rule of thumb's: a game almost never won and scored
    by the cards it leaves (Devil's Grip)."""
    hint_check_share = 0.25
    """The share of a hint's seconds (the app's 0.40 s, ``hint --timeout``) kept for checking its
    fallback move (:class:`games.hints.FallbackCheck`): the search stops at the rest, so the check
    never makes the hint later. 0: no check, the search has it all (Spider, whose lines need the
    time and whose rule-of-thumb moves were not seen to lose a game, docs/assist.md "Hint")."""

    @classmethod
    def hint_search(cls, state: Any, max_nodes: int | None = None):
        """The search the app's hint runs from ``state`` within ``max_nodes`` nodes (default
        :attr:`HINT_NODES`): the game's solver; a game scored by the cards it leaves overrides it
        with a search that keeps its best line (``best_moves()``: Devil's Grip).
        The line it answers has its rounds back to a place it had been at cut out, in the
        search's own slices (:class:`games.solvers.search.LoopFree`).
        :raises NotImplementedError: for a game without a solver."""
        from .solvers.search import LoopFree

        return LoopFree(cls, state, cls.solver(state, max_nodes=cls.HINT_NODES if max_nodes is None else max_nodes))

    @classmethod
    def place(cls, state: Any) -> Any:
        """``state`` with its :attr:`counters` set to 0: what two states at the same place on the
        table share (hashable, compared with ``==``)."""
        return replace(state, **dict.fromkeys(cls.counters, 0)) if cls.counters else state

    @classmethod
    def without_loops(cls, state: Any, line: list[str]) -> list[str]:
        """``line`` (move texts, legal one after another from ``state``) with every stretch that
        comes back to a place it had already been at (:meth:`place`) cut out — a solver's line can
        park a card and take it back (FreeCell ``a1 1a``), take a card off a foundation and put it
        back, or go round the stock to where it was: the player is never shown those moves. The
        line reaches the same place (its counters may differ), is never longer, and is the line
        itself when it has no such stretch. A line that does not replay from ``state`` is returned
        as it is. Cost: one replay of the line, twice where something is cut (:meth:`cut_loops`
        does it a move at a time)."""
        steps = cls.cut_loops(state, line)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    @classmethod
    def cut_loops(cls, state: Any, line: list[str]):
        """:meth:`without_loops` as a generator that yields after each move it replays and
        returns the line (``StopIteration.value``), so that a search sliced over frames can do it
        a few moves a slice (:class:`games.solvers.search.LoopFree`)."""
        at = {cls.place(state): 0}     # place -> how many kept moves lead there
        kept: list[str] = []
        s = state
        try:
            for t in line:
                s = cls.apply(s, cls.parse_move(s, t))
                kept.append(t)
                k = cls.place(s)
                i = at.get(k)
                if i is None:
                    at[k] = len(kept)
                else:            # back where the line was after ``i`` moves: forget the round
                    del kept[i:]
                    at = {key: j for key, j in at.items() if j <= i}
                yield
        except GameError:
            return line
        if len(kept) == len(line):
            return line
        # the rest of the line now follows on from the place the round left, with other
        # counters: replayed to be sure it is legal (a limit of passes only ever meets fewer)
        r = state
        try:
            for t in kept:
                r = cls.apply(r, cls.parse_move(r, t))
                yield
        except GameError:
            return line
        return kept if cls.place(r) == cls.place(s) and cls.status(r) == cls.status(s) else line

    @classmethod
    def line_in_view(cls, state: Any, line: list[str]) -> list[str]:
        """A winning ``line`` from ``state`` (move texts) reordered so that its first move is one
        the player sees on the table rather than the stock, where such a move can be brought
        forward without changing where the line goes; the line itself where it cannot. The
        default keeps every line as it is (games whose stock moves change what the others do)."""
        return line

    @classmethod
    def move_value(cls, state: Any, move: Any) -> tuple[float, str]:
        """``(value, reason msgid)`` of the legal ``move`` for hints (higher is better; the
        values are in :mod:`games.hints`). The default values a stock move over any other."""
        from .hints import generic_value

        return generic_value(cls, state, move)

    @classmethod
    def preview_cards(cls) -> list[int]:
        """The face-up cards of the home screen's miniature of this game, in the order they are
        shown: the cards of deal 1 in the game's own shuffle (:func:`games.deal.shuffle`), so a
        game's preview shows only cards the game has."""
        from .cards import deck
        from .deal import shuffle

        return shuffle(deck(1), cls.name, 1)


@dataclass
class History:
    """Unlimited undo as a list of states; the move counter never goes down (docs/rules.md, "Undo").

    ``states[0]`` is the deal (or the position loaded); ``actions`` records every move text and
    ``"u"`` in the order played, so a save can replay it exactly. ``moves`` counts moves made,
    undone ones included; ``undo_used`` is set by the first undo.
    """

    rules: type[Rules]
    states: list[Any]
    actions: list[str] = field(default_factory=list)
    moves: int = 0
    undo_used: bool = False

    @classmethod
    def start(cls, rules: type[Rules], state: Any, moves: int = 0) -> "History":
        """A history whose only state is ``state``."""
        return cls(rules, [state], [], moves)

    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    def can_undo(self) -> bool:
        return len(self.states) > 1

    def line(self) -> list[str]:
        """The move texts that lead from ``states[0]`` to the current state, in order: the
        :attr:`actions` with every undone move taken out (one text per state after the first,
        when the actions are this history's own)."""
        out: list[str] = []
        for a in self.actions:
            if a == "u":
                if out:
                    out.pop()
            else:
                out.append(a)
        return out

    def play(self, move: Any) -> Any:
        """Apply ``move`` (a move object or its text). :raises IllegalMove: and changes nothing."""
        if isinstance(move, str):
            move = self.rules.parse_move(self.state, move)
        new = self.rules.apply(self.state, move)
        self.actions.append(self.rules.format_move(self.state, move))
        self.states.append(new)
        self.moves += 1
        return new

    def retract(self) -> Any:
        """Remove the last move as if it had not been played (no undo is recorded and the counter
        goes back): a move about to be replaced by the same move aimed elsewhere (Devil's Grip's
        tap again). :raises IllegalMove: when there is no move to remove."""
        if len(self.states) <= 1:
            raise IllegalMove("Nothing to undo")
        self.states.pop()
        self.actions.pop()
        self.moves -= 1
        return self.states[-1]

    def undo(self) -> Any:
        """Take back the last move (points back, cards face down again); the counter stays.

        :raises IllegalMove: when there is nothing to undo.
        """
        if len(self.states) <= 1:
            raise IllegalMove("Nothing to undo")
        self.states.pop()
        self.actions.append("u")
        self.undo_used = True
        return self.states[-1]

    def act(self, text: str) -> Any:
        """Play one action of the command line's list: a move, or ``u`` to undo."""
        if text.strip().lower() == "u":
            return self.undo()
        return self.play(text)
