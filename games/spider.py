"""Spider (docs/rules.md, "Spider").

**State.** Ten columns, each a tuple of cards from the bottom (first dealt) to the top (open end),
and ``down``: how many of a column's bottom cards are face down (face-down cards are always the
bottom part of a column). The stock is a tuple, the next card to deal first; ``completed`` the
suits of the K…A runs that left the table, in the order they left. States are frozen and
hashable; a move builds a new state that shares every untouched column.

**Options.** ``suits=2|1|4`` (default 2, the usual middle level and the deal of the day's
variant), ``relaxed=no|yes`` (deal allowed while a column is empty; a win scores × 0.8).
Decks (:func:`games.cards.deck`): 1 suit = 8 × spades, 2 suits = 4 × (hearts, spades),
4 suits = 2 × the full deck; 104 cards each, cards keep their real suits in every text.

**Deal layout.** The shuffled deck ``d`` (Pasyans shuffle v1, ``shuffle(deck, "spider", n)``)
is dealt the way a person deals: round by round across the columns, left to right: ``d[i]``
for ``i`` in 0..53 goes to column ``i % 10`` (0-based), so columns 1–4 get 6 cards and 5–10
get 5; the last card of each column is face up. The stock is ``d[54:]``; each deal puts the
stock's next 10 cards on columns 1..10 in that order (docs/contract.md).

**Moves** (docs/contract.md, "Move notation"): :class:`Move` ``(src, dst, n)`` with 0-based
columns, written ``3-7`` (1-based) or ``3-7/2``; :data:`DEAL` written ``d``.

- ``a-b`` onto a column whose top card is ``T``: the cards from the one of rank ``T - 1`` up to
  the top, which must all be a descending run of one suit (a single card may go on any suit).
- ``a-b`` onto an empty column: the largest movable run (same-suit descending, face up).
- ``a-b/n``: exactly ``n`` cards. :meth:`Spider.format_move` writes ``/n`` whenever the
  destination is empty, and :meth:`Spider.legal_moves` lists every run length for an empty
  destination (``3-7/1``, ``3-7/2``, …), so a listed move never depends on a default.

**Automatic events.** After every move and deal: a column's top face-down card turns up; a
complete K…A run of one suit, all face up, forming the last 13 cards of a column leaves the
table (+100 points), also in several columns at once after a deal, and the card under it turns
up. A run can also complete at the *source* column: a K…A run covered by a dealt card becomes
complete when that card is moved away.

**Score** (Microsoft Spider): 500 at the start, −1 per move, a deal counting as a move (as in
Microsoft's Spider, whose move counter counts deals), +100 per completed run, never below 0.
Undo restores the earlier state, score included. The points of a won game for the tables are
:func:`win_score`.

**Status.** Won: the table and the stock are empty (all 8 runs removed in a full game). Lost:
no legal move at all, that is the stock is empty, no column is empty and no card or run fits
anywhere; or, with the strict rule, cards left in the stock and fewer cards on the table than
columns, so that the stock can never be dealt (:meth:`Spider.stock_stuck`; the table empty but for
the stock is one case). This is what can be proved cheaply; a position with only pointless moves left stays
*playing*, and the solver (:mod:`games.solvers.spider`) proves the rest. :meth:`Spider.can_finish` says when
the *Finish* button may ask the solver (stock empty, every card face up).
"""
from __future__ import annotations

from collections import Counter
import time
from dataclasses import dataclass
from typing import NamedTuple

from . import codes
from .cards import HEARTS, SPADES, SUITS, deck, fmt
from .core import LOST, PLAYING, WON, Clock, IllegalMove, PositionError, Refusal, Rules
from .deal import shuffle
from .hints import spider_value
from .i18n import N_
from .numbers import is_digits
from .quoting import quote
from .position import int_field, read_fields, rule_field, tokens

N_COLUMNS = 10
RUN = 13
START_SCORE = 500
RUN_POINTS = 100
SUIT_SETS = {1: (SPADES,), 2: (HEARTS, SPADES), 4: (0, 1, 2, 3)}
"""The suits of each variant's deck."""

MSG_TITLE = N_("Spider")
MSG_BAD_MOVE = N_("'{text}' is not a move (columns 1-10 as 3-7 or 3-7/2, or d to deal)")
MSG_BAD_COLUMN = N_("There is no column {col} (columns are 1 to 10)")
MSG_SAME_COLUMN = N_("A column cannot move onto itself")
MSG_EMPTY_SOURCE = N_("Column {col} is empty")
MSG_BAD_COUNT = N_("Cannot move {want} cards from column {col}: only {n} face up")
MSG_ZERO_COUNT = N_("A move takes at least one card")
MSG_MIXED = N_("Several cards move together only as a descending run of one suit")
MSG_RANK = N_("{card} cannot go on {target}: a card goes on a card one rank higher")
MSG_NO_FIT = N_("No card of column {src} fits on {target}")
MSG_FACE_DOWN = N_("This card is face down")
MSG_NO_PLACE = N_("This card has nowhere to go")
MSG_STOCK_EMPTY = N_("The stock is empty")
MSG_EMPTY_COLUMN = N_("Fill every empty column before dealing")
MSG_OVER = N_("The game is over")
OPTION_LABELS = {
    "suits": {"1": N_("1 suit"), "2": N_("2 suits"), "4": N_("4 suits")},
    "relaxed": {"no": N_("Deal with an empty column: no"),
                "yes": N_("Deal with an empty column: yes (win score × 0.8)")},
}
"""Catalogue texts naming each option value, for the app's menus."""


class Move(NamedTuple):
    """A move: ``n`` cards from column ``src`` onto column ``dst`` (0-based), or :data:`DEAL`."""

    src: int
    dst: int
    n: int


DEAL = Move(-1, -1, 0)
"""Deal one card from the stock onto every column."""


@dataclass(frozen=True, slots=True)
class SpiderState:
    """One Spider position.

    Attributes:
        columns: 10 tuples of cards, bottom to top.
        down: 10 ints, the number of face-down cards at the bottom of each column.
        stock: face-down cards, the next to be dealt first (10 a deal, to columns 1..10).
        completed: suits (0..3) of the runs removed, in the order they left.
        suits: 1, 2 or 4.
        relaxed: whether a deal is allowed while a column is empty.
        score: points (see the module docstring).
    """

    columns: tuple
    down: tuple
    stock: tuple
    completed: tuple = ()
    suits: int = 2
    relaxed: bool = False
    score: int = START_SCORE


# -- pure helpers on columns -----------------------------------------------------------------------
def run_length(col: tuple, down: int) -> int:
    """How many cards at the top of ``col`` form a face-up descending run of one suit (0 if empty)."""
    n = len(col)
    if n <= down:
        return 0
    k = 1
    i = n - 1
    while i > down and col[i - 1] == col[i] + 1:  # same suit and one rank higher: value + 1
        k += 1
        i -= 1
    return k


def is_complete(col: tuple, down: int) -> bool:
    """Whether the last 13 cards of ``col`` are a face-up K…A run of one suit."""
    return len(col) - down >= RUN and (col[-1] & 15) == 1 and run_length(col, down) >= RUN


def _settle(col: tuple, down: int) -> tuple[tuple, int, tuple]:
    """``(col, down, removed suits)`` after the automatic events: a face-down top card turns up,
    complete runs at the open end leave (repeatedly)."""
    removed = ()
    while True:
        if col and down >= len(col):
            down = len(col) - 1
        if is_complete(col, down):
            removed += (col[-1] >> 4,)
            col = col[:-RUN]
            continue
        return col, down, removed


def fit_count(col: tuple, down: int, target: int | None) -> int:
    """How many cards of ``col`` go onto a column whose top is ``target`` (0 if none fits).

    ``target`` ``None`` (an empty column): the whole movable run.
    """
    k = run_length(col, down)
    if target is None:
        return k
    need = (target & 15) - 1
    top = col[-1] & 15 if col else 0
    n = need - top + 1
    return n if 1 <= n <= k else 0


def win_score(suits: int, seconds: float, moves: int, relaxed: bool = False,
              solvable_only: bool = True) -> int:
    """The points of a won Spider game for the best-score tables (docs/rules.md, "Spider").

    ``base = max(100, 1300 - moves)`` (1300 = the 500 start + 8 runs × 100; ``moves`` as the
    move counter shows them, deals included, undone moves included) plus a time bonus of one
    point a second under the variant's par, ``max(0, par - whole seconds)`` with par 600 s
    (1 suit), 1200 s (2 suits), 2400 s (4 suits); times the variant factor 1 (1 suit), 2 (2 suits),
    3 (4 suits), × 0.8 with the relaxed rule, × 1.2 when *solvable deals only* was off; rounded
    half up to a whole number. Integer arithmetic only, the same on every machine.

    >>> win_score(2, 600, 200)
    3400
    >>> win_score(4, 3000.5, 900, relaxed=True, solvable_only=False)
    1152

    :raises ValueError: for an unknown suit count or negative seconds or moves.
    """
    if suits not in SUIT_SETS:
        raise ValueError(f"suits {suits!r} is not 1, 2 or 4")
    if seconds < 0 or moves < 0:
        raise ValueError("seconds and moves cannot be negative")
    par = {1: 600, 2: 1200, 4: 2400}[suits]
    raw = max(100, 1300 - int(moves)) + max(0, par - int(seconds))
    num = raw * {1: 10, 2: 20, 4: 30}[suits] * (8 if relaxed else 10) * (10 if solvable_only else 12)
    return (num + 500) // 1000


class Spider(Rules):
    """Spider rules; the state, moves and layout are in the module docstring."""
    counters = ("score",)

    name = "spider"
    title = MSG_TITLE
    code_prefix = "SP1"
    CODE_EXAMPLE = "2"
    CODE_RULE_PART = "the rule part must be 1, 2 or 4 suits, R for relaxed (e.g. 2 or 2R)"
    search_modules = ("games.solvers.spider_js", "games.solvers.spider")
    options = {"suits": ("2", "1", "4"), "relaxed": ("no", "yes")}
    option_labels = OPTION_LABELS
    bank_options = ("suits",)
    """Banks are solved under the traditional rule; the relaxed rule only adds moves, so a deal
    verified winnable without it is winnable with it too (games/bank.py)."""
    hint_check_share = 0.0
    """The hint's whole time for its search: a quarter kept for the fallback's check cost 4 of 60
    Spider 2-suit and 6 of 60 4-suit lines (bench/results/hint-wait-check-s31.txt)."""

    # -- deals -----------------------------------------------------------------------------------
    @classmethod
    def deck(cls, suits: int) -> tuple:
        """The unshuffled 104 cards of the ``suits`` variant, in :func:`games.cards.deck` order."""
        sset = SUIT_SETS[suits]
        return deck(8 // len(sset), suits=sset)

    @classmethod
    def deal(cls, number: int, options: dict[str, str]) -> SpiderState:
        """Deal ``number``: see the module docstring for the layout of the shuffled deck."""
        o = cls.check_options(options)
        suits = int(o["suits"])
        d = shuffle(cls.deck(suits), cls.name, number)
        cols = tuple(tuple(d[i] for i in range(c, 54, N_COLUMNS)) for c in range(N_COLUMNS))
        down = tuple(len(c) - 1 for c in cols)
        return SpiderState(cols, down, tuple(d[54:]), (), suits, o["relaxed"] == "yes", START_SCORE)

    @classmethod
    def code(cls, number: int, options: dict[str, str]) -> str:
        """``SP1-<suits>[R]-<number>``: ``SP1-2-AAAAAAB`` is deal 1 with 2 suits, ``SP1-4R-…``
        4 suits with the relaxed rule."""
        o = cls.check_options(options)
        return codes.encode(cls.code_prefix, o["suits"] + ("R" if o["relaxed"] == "yes" else ""), number)

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """Read ``SP1-2-…`` / ``SP1-2R-…`` (case-insensitive). :raises codes.CodeError: if bad."""
        letters, number = codes.decode(code, cls.code_prefix, cls.CODE_EXAMPLE, cls.CODE_RULE_PART)
        relaxed = letters.endswith("R")
        suits = letters[:-1] if relaxed else letters
        if suits not in ("1", "2", "4"):
            raise codes.CodeError(f"'{quote(code)}': {cls.CODE_RULE_PART}", codes.RULE_PART)
        return number, {"suits": suits, "relaxed": "yes" if relaxed else "no"}

    # -- rules -----------------------------------------------------------------------------------
    @classmethod
    def legal_moves(cls, s: SpiderState) -> list[Move]:
        """Every legal move: column moves by source 1..10, then destination 1..10 (onto an empty
        destination one move per run length, 1 first), then :data:`DEAL` if allowed; none once
        the game is won. A game lost by :meth:`stock_stuck` keeps its column moves: none can
        change the outcome (docs/rules.md "Lost"), and they stay legal."""
        if cls.won(s):
            return []
        cols, down = s.columns, s.down
        tops = [c[-1] if c else None for c in cols]
        out = []
        for a in range(N_COLUMNS):
            col = cols[a]
            if not col:
                continue
            k = run_length(col, down[a])
            low = col[-1] & 15  # the run's ranks are low .. low + k - 1
            for b in range(N_COLUMNS):
                if b == a:
                    continue
                t = tops[b]
                if t is None:
                    out.extend(Move(a, b, n) for n in range(1, k + 1))
                else:
                    n = (t & 15) - low  # the card of rank top - 1 is n cards deep
                    if 1 <= n <= k:
                        out.append(Move(a, b, n))
        if cls._why_not_deal(s) is None:
            out.append(DEAL)
        return out

    @classmethod
    def _why_not_deal(cls, s: SpiderState) -> str | None:
        if not s.stock:
            return MSG_STOCK_EMPTY
        if not s.relaxed and not all(s.columns):
            return MSG_EMPTY_COLUMN
        return None

    move_value = classmethod(spider_value)
    """Hints' value and reason of a move (:func:`games.hints.spider_value`)."""

    @classmethod
    def why_not(cls, s: SpiderState, move: Move) -> Refusal | None:
        """Why ``move`` is refused: the catalogue message and its fill-ins (a :class:`Refusal`),
        or ``None`` when it is legal. Every move is refused once the game is won."""
        if cls.won(s):
            return Refusal(MSG_OVER)
        if move == DEAL:
            why = cls._why_not_deal(s)
            return None if why is None else Refusal(why)
        a, b, n = move
        for c in (a, b):
            if not 0 <= c < N_COLUMNS:
                return Refusal(MSG_BAD_COLUMN, {"col": c + 1})
        if a == b:
            return Refusal(MSG_SAME_COLUMN)
        col, d = s.columns[a], s.down[a]
        if not col:
            return Refusal(MSG_EMPTY_SOURCE, {"col": a + 1})
        up = len(col) - d
        if n < 1:
            return Refusal(MSG_ZERO_COUNT)
        if not 1 <= n <= up:
            return Refusal(MSG_BAD_COUNT, {"col": a + 1, "n": up, "want": n})
        if n > run_length(col, d):
            return Refusal(MSG_MIXED)
        target = s.columns[b][-1] if s.columns[b] else None
        if target is not None and (col[-n] & 15) + 1 != (target & 15):
            return Refusal(MSG_RANK, {"card": fmt(col[-n]), "target": fmt(target)})
        return None

    @classmethod
    def apply(cls, s: SpiderState, move: Move) -> SpiderState:
        """The state after ``move`` (automatic turning up and run removal included).

        :raises IllegalMove: with the reason, leaving ``s`` as it was.
        """
        why = cls.why_not(s, move)
        if why is not None:
            raise why.error(cls.format_move(s, move))
        cols, down = list(s.columns), list(s.down)
        removed = ()
        if move == DEAL:
            k = min(N_COLUMNS, len(s.stock))
            for i in range(k):
                cols[i], down[i], r = _settle(cols[i] + (s.stock[i],), down[i])
                removed += r
            stock = s.stock[k:]
        else:
            a, b, n = move
            moving = cols[a][-n:]
            cols[a], down[a], r1 = _settle(cols[a][:-n], down[a])
            cols[b], down[b], r2 = _settle(cols[b] + moving, down[b])
            removed = r1 + r2
            stock = s.stock
        score = max(0, s.score - 1 + RUN_POINTS * len(removed))
        return SpiderState(tuple(cols), tuple(down), stock, s.completed + removed, s.suits, s.relaxed, score)

    @classmethod
    def won(cls, s: SpiderState) -> bool:
        """Whether the table and the stock are empty (all runs removed)."""
        return not s.stock and not any(s.columns)

    @classmethod
    def status(cls, s: SpiderState) -> str:
        """``won`` when nothing is left; ``lost`` when no legal move is left, or the stock can
        never be dealt again (:meth:`stock_stuck`; see the module docstring); else ``playing``."""
        if cls.won(s):
            return WON
        if cls.stock_stuck(s):
            return LOST
        return PLAYING if cls.legal_moves(s) else LOST

    @staticmethod
    def stock_stuck(s: SpiderState) -> bool:
        """Whether the stock can never be dealt again: cards are left in it, the strict rule
        holds (a deal needs every column filled, docs/rules.md) and the table has fewer cards
        than columns. Play never adds a card to the table but by a deal, so the stock stays
        out for good and the game is lost whatever is played (docs/rules.md "Lost": no move can
        change the outcome); the column moves left stay legal, the deal is refused."""
        return bool(s.stock) and not s.relaxed and sum(len(c) for c in s.columns) < N_COLUMNS

    @classmethod
    def can_finish(cls, s: SpiderState) -> bool:
        """docs/rules.md "Finish": the stock is empty and every card is face up (the game not yet won);
        the app then asks the solver whether the rest is won."""
        return not s.stock and not any(s.down) and not cls.won(s)

    # -- helpers for the app ---------------------------------------------------------------------
    @classmethod
    def movable(cls, s: SpiderState, col: int, index: int) -> bool:
        """Whether the card at ``index`` (0-based from the bottom) of column ``col`` (0-based) and
        the cards above it can be picked up together."""
        c = s.columns[col]
        return 0 <= index < len(c) and len(c) - index <= run_length(c, s.down[col])

    @classmethod
    def destinations(cls, s: SpiderState, col: int, index: int) -> list[Move]:
        """The legal moves of the run from card ``index`` of column ``col`` up (0-based), best
        place first (a tap takes the first, the next tap the next): columns where the
        run's bottom card goes on a card of its own suit, then on a card of another suit, then
        empty columns; each group in column order. ``[]`` if the run cannot move or has nowhere
        to go."""
        if cls.won(s) or not cls.movable(s, col, index):
            return []
        c = s.columns[col]
        n = len(c) - index
        first = c[index]
        same, other, empty = [], [], []
        for b in range(N_COLUMNS):
            if b == col:
                continue
            t = s.columns[b][-1] if s.columns[b] else None
            if t is None:
                empty.append(Move(col, b, n))
            elif (t & 15) == (first & 15) + 1:
                (same if t >> 4 == first >> 4 else other).append(Move(col, b, n))
        return same + other + empty

    @classmethod
    def tap_refusal(cls, s: SpiderState, col: int, index: int) -> Refusal | None:
        """Why a tap on card ``index`` of column ``col`` has no move (face down, not a one-suit
        run, nowhere to go), or ``None`` when it has one."""
        if cls.won(s):
            return Refusal(MSG_OVER)
        if index < s.down[col]:
            return Refusal(MSG_FACE_DOWN)
        if not cls.movable(s, col, index):
            return Refusal(MSG_MIXED)
        return None if cls.destinations(s, col, index) else Refusal(MSG_NO_PLACE)

    @classmethod
    def win_score(cls, s: SpiderState, seconds: float, moves: int, solvable_only: bool = True) -> int:
        """The points of a won game: :func:`win_score` of the state's variant."""
        return win_score(s.suits, seconds, moves, s.relaxed, solvable_only)

    @classmethod
    def face_up(cls, s: SpiderState, col: int, index: int) -> bool:
        """Whether card ``index`` of column ``col`` (0-based) is face up."""
        return index >= s.down[col]

    # -- text ------------------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, s: SpiderState, text: str) -> Move:
        """``d`` (deal), ``A-B`` or ``A-B/N`` with columns 1..10 (see the module docstring).

        :raises IllegalMove: when the text is no move, or names a column or count that cannot be.
        """
        t = text.strip().lower()
        if t == "d":
            return DEAL
        head, slash, cnt = t.partition("/")
        src, dash, dst = head.partition("-")
        src, dst, cnt = src.strip(), dst.strip(), cnt.strip()
        if not dash or not is_digits(src) or not is_digits(dst) or (slash and not is_digits(cnt)):
            raise IllegalMove.not_a_move(MSG_BAD_MOVE, text)
        a, b = int(src) - 1, int(dst) - 1
        n = int(cnt) if slash else None
        for c in (a, b):
            if not 0 <= c < N_COLUMNS:
                raise IllegalMove(MSG_BAD_COLUMN, text.strip(), col=c + 1)
        if n is not None:
            return Move(a, b, n)
        col = s.columns[a]
        if not col or a == b:
            return Move(a, b, 1)  # apply() names the reason
        target = s.columns[b][-1] if s.columns[b] else None
        n = fit_count(col, s.down[a], target)
        if n == 0:
            # explain: a card of the right rank under a suit break, or none at all
            need = (target & 15) - 1
            for i in range(len(col) - 1, s.down[a] - 1, -1):
                if i < len(col) - 1 and (col[i] & 15) != (col[i + 1] & 15) + 1:
                    break
                if (col[i] & 15) == need:
                    raise IllegalMove(MSG_MIXED, text.strip())
            raise IllegalMove(MSG_NO_FIT, text.strip(), src=a + 1, target=fmt(target))
        return Move(a, b, n)

    @classmethod
    def format_move(cls, s: SpiderState, move: Move) -> str:
        """``d``; ``3-7`` onto a card when the count is the one that fits; else ``3-7/N`` (always
        onto an empty column)."""
        if move == DEAL:
            return "d"
        a, b, n = move
        text = f"{a + 1}-{b + 1}"
        if 0 <= a < N_COLUMNS and 0 <= b < N_COLUMNS and a != b and s.columns[a] and s.columns[b]:
            if fit_count(s.columns[a], s.down[a], s.columns[b][-1]) == n:
                return text
        return f"{text}/{n}"

    KEYS = {"game", "suits", "completed", "stock", "relaxed", "score", "moves", "status"}

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str]) -> SpiderState:
        """Read a Spider position (docs/contract.md): ``Game: spider``, ``Suits:``, ``Completed:``,
        ``Stock:``, then 10 column lines ``: (..) (..) 5H 4H`` (an empty column ``:`` or ``: --``).

        ``Suits:`` and the optional ``Relaxed: yes|no`` win over ``options``; the optional
        ``Score:`` carries a game's score on (default ``500 + 100 × Completed``); ``Moves:`` and
        ``Status:`` (as ``play`` prints them) are not kept in the state (``play`` goes on counting
        from ``Moves:``: docs/contract.md, "The move counter"). Stock cards may be written
        with or without parentheses. A position may hold fewer than 104 cards (scripted
        positions), but never more copies of a card than the variant's deck has, nor no card at
        all (columns and stock empty with ``Completed: 0``). The automatic
        events are applied when reading: a face-down top card is turned up and a complete run
        at a column's open end is removed (counted in ``Completed``).

        :raises PositionError: naming the line and what is wrong.
        """
        o = cls.check_options(options)
        f = read_fields(text, cls.KEYS, cls.name)
        suits_text = rule_field(f, "suits", o["suits"])
        if suits_text.strip() not in ("1", "2", "4"):
            raise PositionError(f"line {f.line('suits')}: Suits '{quote(suits_text)}' is not 1, 2 or 4")
        suits = int(suits_text)
        rel = rule_field(f, "relaxed", o["relaxed"]).lower()
        if rel not in ("yes", "no"):
            raise PositionError(f"line {f.line('relaxed')}: Relaxed '{quote(f.get('relaxed'))}' is not yes or no")
        completed = int_field(f, "Completed", 0, 0, 8)
        stock = tuple(c for c, _ in tokens(f.get("stock", ""), f.line("stock"), "Stock", pile=True) if c is not None)
        if len(f.columns) != N_COLUMNS:
            raise PositionError(f"a Spider position needs {N_COLUMNS} column lines ': …', found {len(f.columns)}")
        cols, down = [], []
        for i, (line_text, no) in enumerate(f.columns, 1):
            toks = [t for t in tokens(line_text, no, f"column {i}", pile=True) if t[0] is not None]
            d = 0
            for j, (c, up) in enumerate(toks):
                if not up:
                    if j != d:
                        raise PositionError(f"line {no}: column {i} has a face-down card {fmt(c, False)} above a face-up one")
                    d += 1
            cols.append(tuple(c for c, _ in toks))
            down.append(d)
        # card counts against the variant's deck
        allowed = Counter(cls.deck(suits))
        seen = Counter(stock)
        for c in cols:
            seen.update(c)
        # each card's lines in the text's order, to name where a surplus copy or a foreign card is
        placed = [(no, col) for (_, no), col in zip(f.columns, cols)] + [(f.line("stock"), stock)]
        lines_of: dict = {}
        for no, pile in sorted(placed, key=lambda p: p[0] or 0):
            for c in pile:
                lines_of.setdefault(c, []).append(no)
        for c, k in seen.items():
            at = lines_of[c]
            if c not in allowed:
                raise PositionError(f"line {at[0]}: {fmt(c)} is not in the {suits}-suit deck (suits: "
                                    f"{' '.join(SUITS[x] for x in SUIT_SETS[suits])})")
            if k > allowed[c]:
                others = sorted(set(at[:allowed[c]]))
                also = f" (also on line{'s' if len(others) > 1 else ''} {', '.join(map(str, others))})"
                raise PositionError(f"line {at[allowed[c]]}: {fmt(c)} appears {k} times; the {suits}-suit "
                                    f"deck has {allowed[c]}{also}")
        total = sum(seen.values())
        if total + RUN * completed > 104:
            raise PositionError(f"{total} cards on the table and in the stock plus Completed: {completed} "
                                f"(× 13 = {RUN * completed}) make {total + RUN * completed}, more than 104")
        if not total and not completed:
            raise PositionError("the position holds no card: the columns and the stock are empty and "
                                "Completed: 0 (an empty table is won only with runs completed)")
        suits_done = cls._completed_suits(suits, seen, completed)
        extra = ()
        for i in range(N_COLUMNS):
            cols[i], down[i], r = _settle(cols[i], down[i])
            extra += r
        score = int_field(f, "Score", START_SCORE + RUN_POINTS * (completed + len(extra)), 0)
        return SpiderState(tuple(cols), tuple(down), stock, suits_done + extra, suits, rel == "yes", score)

    @classmethod
    def _completed_suits(cls, suits: int, seen: Counter, completed: int) -> tuple:
        """The suits of ``completed`` removed runs, read from the cards missing from the deck
        (spades, hearts, diamonds, clubs first): each run takes one copy of all 13 cards of a suit
        that the table and the stock lack, so no card has more copies than the deck.

        :raises PositionError: when the missing cards do not hold ``completed`` whole suits.
        """
        missing = Counter(cls.deck(suits))
        missing.subtract(seen)
        out = []
        for k in range(completed):
            for su in (SPADES, HEARTS, 1, 0):
                if su in SUIT_SETS[suits] and all(missing[su * 16 + r] > 0 for r in range(1, 14)):
                    for r in range(1, 14):
                        missing[su * 16 + r] -= 1
                    out.append(su)
                    break
            else:
                raise PositionError(f"Completed: {completed} needs {completed} whole suits (A to K) missing from "
                                    f"the columns and the stock; the cards missing hold {k}")
        return tuple(out)

    @classmethod
    def format_position(cls, s: SpiderState) -> str:
        """The position text (docs/contract.md): face-down cards in parentheses, the stock face down,
        an empty column as a bare ``:``. ``Relaxed: yes`` follows ``Suits:`` when the relaxed rule
        is on, so a position carries its rules as Klondike's ``Draw:`` does (read back without an
        ``--option``, it plays on under the same rule); under the traditional rule, the default,
        no line is written. The score is ``play``'s own line."""
        lines = ["Game: spider", f"Suits: {s.suits}", *(["Relaxed: yes"] if s.relaxed else []),
                 f"Completed: {len(s.completed)}", "Stock: " + " ".join(fmt(c, False) for c in s.stock)]
        for col, d in zip(s.columns, s.down):
            lines.append(": " + " ".join(fmt(c, i >= d) for i, c in enumerate(col)))
        return "\n".join(x.rstrip() for x in lines) + "\n"

    # -- solver ----------------------------------------------------------------------------------
    @classmethod
    def solver(cls, state: SpiderState, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """A resumable best-first search from ``state``; it sees face-down cards and the stock.
        See :mod:`games.solvers.spider`."""
        from .solvers.spider import solver

        return solver(state, max_nodes, timeout, clock)

    @classmethod
    def hint_search(cls, state: SpiderState, max_nodes: int | None = None):
        """The app's hint search (:meth:`games.core.Rules.hint_search`); a position whose cards
        cannot all leave as runs (:meth:`whole_runs_left`: a what-if with cards missing) is
        answered lost at once, so the hint says what :meth:`solve` says."""
        if not cls.whole_runs_left(state):
            from .solvers.search import UNSOLVABLE, Answered

            return Answered(UNSOLVABLE)
        from .solvers.search import LoopFree

        # the search solve makes (full_search): a small lost position is answered lost, not guessed at
        return LoopFree(cls, state, cls.full_search(state, cls.HINT_NODES if max_nodes is None else max_nodes))

    @staticmethod
    def whole_runs_left(state: SpiderState) -> bool:
        """Whether the cards on the table and in the stock can all leave as complete runs: cards
        leave only as K–A runs of one suit (docs/rules.md, Spider), so each suit must hold every
        rank the same number of times. A dealt game always can; a hand-written position may not,
        and is then lost whatever is played (:meth:`solve` answers at once)."""
        counts = Counter(c for col in state.columns for c in col)
        counts.update(state.stock)
        for suit in {c >> 4 for c in counts}:
            if len({counts[(suit << 4) | rank] for rank in range(1, RUN + 1)}) != 1:
                return False
        return True

    @classmethod
    def solve(cls, state: SpiderState, timeout: float | None = None, max_nodes: int | None = None,
              clock: Clock = time.perf_counter):
        """Solve from ``state`` to the end of the budget (``python -m games solve``): the
        solver's answer, except that when its pruned search tried everything it keeps and
        ended ``unknown`` before the budget was spent (its pruning leaves moves out:
        :mod:`games.solvers.spider`, "Pruning"), a depth-first search over every legal move
        (:class:`games.solvers.search.Search`, positions compared without the score) goes on
        with the budget left, so that a small lost position is proved lost instead of
        answered ``unknown`` at once (docs/contract.md: ``unknown`` means the budget ran
        out). :returns: a :class:`games.solvers.search.Result` (nodes and seconds of both)."""
        from .solvers.search import UNSOLVABLE, Result

        if not cls.whole_runs_left(state):
            return Result(UNSOLVABLE, [], 0, 0.0)
        return cls.full_search(state, max_nodes, timeout, clock).run()

    @classmethod
    def full_search(cls, state: SpiderState, max_nodes: int | None = None, timeout: float | None = None,
                    clock: Clock = time.perf_counter):
        """What :meth:`solve` and :meth:`hint_search` run: the solver, and when it ends
        ``unknown`` with budget left, a depth-first search over every legal move from ``state``
        (positions compared without the score) with the rest, in the same slices
        (:class:`games.solvers.search.ThenSearch`, resumable)."""
        from .solvers.search import Search, ThenSearch, replays_to_win

        def every_move(r):
            if (timeout is not None and r.seconds >= timeout) or (max_nodes is not None and r.nodes >= max_nodes):
                return None
            return Search(state, lambda s: ((m, cls.apply(s, m)) for m in cls.legal_moves(s)),
                          lambda s: cls.status(s) == WON, cls.format_move,
                          key=lambda s: (s.columns, s.down, len(s.stock)),
                          verify=lambda start, moves: replays_to_win(cls, start, moves),
                          max_nodes=None if max_nodes is None else max_nodes - r.nodes,
                          timeout=None if timeout is None else timeout - r.seconds, clock=clock)

        return ThenSearch(cls.solver(state, max_nodes=max_nodes, timeout=timeout, clock=clock), every_move)
