"""Devil's Grip (docs/rules.md, "Devil's Grip").

Two decks without aces: 96 cards, each of the 48 present twice. The two copies of a card are the
same :class:`~games.cards.Card` value; a position and a move name *cells*, never cards, so the
copies never need telling apart.

**The grid** is 24 cells, row by row: cell ``i`` is row ``i // 8 + 1``, column ``i % 8 + 1``,
written ``ROW.COL`` (``1.3`` is cell 2). A cell holds a *stack*, a tuple of cards bottom first,
or ``()`` when empty.

**Chains.** Row 1 builds 2-5-8-J, row 2 3-6-9-Q, row 3 4-7-T-K, by suit. A card's chain is
``(rank - 2) % 3`` (0: 2 5 8 J, 1: 3 6 9 Q, 2: 4 7 T K) and the card it goes on is the *previous
member of its chain*, ``rank - 3``, same suit. A stack is any run of adjacent members of one chain
in one suit, bottom up: it need not start at the chain's first card (8♠ goes on 5♠ even with no
2♠ under the 5, so a lone 8♠ is a stack and takes J♠). A stack's chain is its bottom card's.
Chains have 4 members, so a stack never exceeds 4 cards; the limit is checked all the same. A
stack may sit in any row during play; only the win needs each one in its chain's row.

**Moves** (:class:`Move`, text of docs/contract.md):

* ``1.3>2.5`` (:data:`MERGE`): the whole stack of 1.3 (one card or more, never part of it) goes
  onto the stack of 2.5, whose top must be the previous member of the moving bottom card's chain,
  same suit. Never into an empty cell (that is a swap).
* ``1.3<>2.5`` (:data:`SWAP`): any two cells exchange their whole stacks, at any time: a
  permutation, not a merge; one of them may be empty, not both.
* ``t>2.5`` (:data:`TALON`): the talon top goes onto a grid stack by the same fit; never into an
  empty cell.
* ``s`` (:data:`TURN`): the next 3 stock cards go onto the talon in order (the third ends on
  top; the last batch may be 1 or 2 cards); only while no cell is empty. One pass: the talon
  never turns back.

**Refill.** After every move, each empty cell (in cell order) takes the stock's top card while
the stock lasts, before anything else can happen; once the stock is empty, empty cells stay
empty (the talon never fills them; a swap may move a stack into one). A state the rules produce
therefore never has an empty cell while the stock has cards; a position file may (a what-if),
and then ``s`` is refused until a move lets the refill happen.

**Status** (docs/rules.md "Lost"): *won* when stock and talon are empty and every cell holds a
complete stack of 4 whose chain is its row's. Otherwise *playing* while the stock has cards, unless
no cell is empty and no stack top can ever take a card: the card that would go on each top (the
next member of its chain, same suit; a J, Q or K takes none) is neither the bottom of a stack nor
in the stock or talon. Tops change only by a merge or a talon play, so neither can ever happen, no
cell empties to be refilled and turning the stock changes no card left: *lost* (a position whose
wanted cards are there but can never come out, buried in the talon say, stays *playing* until
the stock is turned out; the cases below are exact); with the stock empty and cards on the
talon, *playing* exactly when the talon top fits some stack (merges only ever remove stack tops
and swaps change none, so nothing else can make a talon card
playable, and the result can only change by a talon play); with stock and talon both empty,
*playing* when the grid holds all 96 cards (24 cells of at most 4: every stack is complete, and
swaps alone sort them into their rows), and *lost* when cards are missing (a partial what-if
position can never be won). *Lost* means no move can change the outcome any more.

**Result and score.** The result is the number of cards left in stock + talon
(:meth:`DevilsGrip.result`, lower is better; statistics keep the fewest), rated on the Bicycle
scale by :func:`rating`: ≤ 2 brilliant, ≤ 5 excellent, ≤ 10 good. The ``Score:`` of ``play`` is
the number of cards on the grid (:meth:`DevilsGrip.score`), i.e. 96 − the result for a full
deal: 24 at the deal, 96 at a win.

**Deal** of the shuffled deck ``d`` (Pasyans shuffle v1 of ``deck(2, ranks=range(2, 14))``,
:mod:`games.deal`): ``d[0..23]`` into the cells row by row, ``d[24..95]`` the stock, ``d[24]``
drawn first; the talon empty. **Deal code** ``DG1-S-AAAAAAB``: prefix ``DG1``, rule letter ``S``
(standard, the only rule set), the number in base 26 (:mod:`games.codes`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import NamedTuple

from . import codes
from .cards import CardError, deck, fmt, parse_card
from .core import LOST, PLAYING, WON, Clock, IllegalMove, PositionError, Refusal, Rules
from .deal import shuffle
from .hints import devils_grip_value
from .i18n import N_
from .numbers import is_digits
from .quoting import quote
from .position import join, read_fields, tokens

ROWS, COLS = 3, 8
N_CELLS = ROWS * COLS
STACK_MAX = 4
N_CARDS = 96
TURN_COUNT = 3
SWAPS_MAX = N_CELLS * (N_CELLS - 1) // 2
"""276: at most one swap per unordered pair of cells."""

MERGE, SWAP, TALON, TURN = ">", "<>", "t", "s"

MSG_TITLE = N_("Devil's Grip")
MSG_EMPTY_CELL = N_("Cell {cell} is empty")
MSG_SAME_CELL = N_("A stack cannot move onto itself")
MSG_INTO_EMPTY = N_("A card or stack moves only onto a stack; swap it into an empty cell")
MSG_PARTIAL = N_("Only a whole stack moves, never part of it")
MSG_NO_FIT = N_("{card} goes only on {need}")
MSG_CHAIN_START = N_("{card} starts its chain and goes on no card")
MSG_FULL = N_("A stack holds at most 4 cards")
MSG_TALON_EMPTY = N_("The talon is empty")
MSG_TALON_INTO_EMPTY = N_("A talon card goes only onto a stack, never into an empty cell")
MSG_STOCK_EMPTY = N_("No cards are left in the stock")
MSG_FILL_FIRST = N_("The stock can be turned only when no cell is empty")
MSG_BOTH_EMPTY = N_("Both cells are empty")
MSG_OVER = N_("The game is over")
MSG_BAD_MOVE = N_("'{text}' is not a move (1.3>2.5 moves a stack, 1.3<>2.5 swaps, t>2.5 plays the talon, s turns three)")
MSG_NO_CELL = N_("There is no cell {cell} (rows are 1 to 3, columns 1 to 8)")
MSG_BAD_CELL = N_("'{text}' is not a cell (row 1-3, a dot, column 1-8: 1.3)")
MSG_CARDS_LEFT = N_("Cards left: {n}")
MSG_GOOD = N_("Good")
MSG_EXCELLENT = N_("Excellent")
MSG_BRILLIANT = N_("Brilliant")

RATINGS = ((2, MSG_BRILLIANT), (5, MSG_EXCELLENT), (10, MSG_GOOD))
"""The Bicycle scale (docs/rules.md): cards left at most N → the rating's msgid, best first."""
RATING_ROWS = tuple((0 if i == 0 else RATINGS[i - 1][0] + 1, hi, msg) for i, (hi, msg) in enumerate(RATINGS))
"""The scale as rows ``(fewest, most cards left, msgid)`` for the end panel: ``(0, 2, Brilliant)``,
``(3, 5, Excellent)``, ``(6, 10, Good)``."""


class Move(NamedTuple):
    """One move: ``kind`` is :data:`MERGE`, :data:`SWAP`, :data:`TALON` or :data:`TURN`;
    ``src`` and ``dst`` are cell indices 0..23 (``-1`` where the kind has none: the talon play's
    source, both cells of a turn). ``str(move)`` is its notation (``1.3>2.5``)."""

    kind: str
    src: int = -1
    dst: int = -1

    def __str__(self) -> str:
        if self.kind == TURN:
            return "s"
        if self.kind == TALON:
            return f"t>{cell_name(self.dst)}"
        return f"{cell_name(self.src)}{self.kind}{cell_name(self.dst)}"


TURN_MOVE = Move(TURN)


@dataclass(frozen=True, slots=True)
class DevilsGripState:
    """One Devil's Grip position: frozen and hashable; a move shares the untouched cells.

    Attributes:
        grid: 24 stacks, row by row; each a tuple of card values, bottom first, ``()`` if empty.
        stock: face-down stock, the next card to be drawn first.
        talon: bottom to top; only ``talon[-1]`` plays.
    """

    grid: tuple
    stock: tuple = ()
    talon: tuple = ()


# -- helpers -------------------------------------------------------------------------------------
def cell_name(i: int) -> str:
    """``ROW.COL`` of cell ``i`` (0..23): ``cell_name(2) == "1.3"``."""
    return f"{i // COLS + 1}.{i % COLS + 1}"


def parse_cell(text: str) -> int:
    """The cell index of ``ROW.COL`` (rows 1..3, columns 1..8; leading zeros taken: ``01.03``).

    :raises IllegalMove: quoting ``text``: when it is not ``ROW.COL``, or names a cell that the
        grid does not have (``4.1``).
    """
    row, dot, col = text.strip().partition(".")
    if not (dot and is_digits(row) and is_digits(col)):
        raise IllegalMove.not_a_move(MSG_BAD_CELL, text)
    if not (1 <= int(row) <= ROWS and 1 <= int(col) <= COLS):
        cell = quote(f"{int(row)}.{int(col)}")    # as the grid names it: 01.009 is 1.9
        raise IllegalMove(MSG_NO_CELL, cell, cell=cell)
    return (int(row) - 1) * COLS + int(col) - 1


def chain_of(c: int) -> int:
    """The chain of a card, which is also the 0-based row it must end in: 0 for 2 5 8 J,
    1 for 3 6 9 Q, 2 for 4 7 T K."""
    return ((c & 15) - 2) % 3


def fits(c: int, top: int) -> bool:
    """Whether card ``c`` goes on card ``top``: same suit, ``top`` the previous member of ``c``'s
    chain (rank three lower). A chain's first card (2, 3, 4) goes on nothing."""
    return c - top == 3 and (c >> 4) == (top >> 4) and (top & 15) >= 2


def is_stack(cards: tuple) -> bool:
    """Whether ``cards`` (bottom first, at least one) is a legal stack: at most 4 cards, each the
    next member of the one below's chain, one suit. Any chain member may be the bottom."""
    if not cards or len(cards) > STACK_MAX or not 2 <= (cards[0] & 15) <= 13:
        return False
    return all(fits(cards[k], cards[k - 1]) for k in range(1, len(cards)))


def complete_in_row(stack: tuple, i: int) -> bool:
    """Whether cell ``i`` holds a complete stack of 4 of its row's chain (2, 3 or 4 at the bottom)."""
    return len(stack) == STACK_MAX and (stack[0] & 15) == 2 + i // COLS


def rating(left: int) -> str | None:
    """The Bicycle rating msgid of a result of ``left`` cards (``Brilliant``, ``Excellent``,
    ``Good``), or ``None`` above 10 (docs/rules.md). Show it with :func:`games.i18n.tr`."""
    for limit, msg in RATINGS:
        if left <= limit:
            return msg
    return None


def canonical(s: DevilsGripState) -> tuple:
    """A key equal for states that differ only by the places of their stacks: swaps change no
    merge, no talon play and no refill (a refill goes to whichever cell was emptied), only the
    final row check, which a won solver line settles with swaps at the end. For solvers'
    visited sets; cheap (one sort of 24 small tuples)."""
    return (tuple(sorted(s.grid)), s.stock, s.talon)


def _refill(grid: list, stock: tuple) -> tuple:
    """Fill the empty cells of ``grid`` (a list, changed in place) from the stock top, in cell
    order, while the stock lasts; returns the stock left."""
    if stock:
        for i, st in enumerate(grid):
            if not st:
                if not stock:
                    break
                grid[i] = (stock[0],)
                stock = stock[1:]
    return stock


# -- the rules -----------------------------------------------------------------------------------
class DevilsGrip(Rules):
    """Devil's Grip rules; see the module docstring for the state, moves, status and result."""

    name = "devils-grip"
    title = MSG_TITLE
    code_prefix = "DG1"
    CODE_EXAMPLE = "S"
    CODE_RULE_PART = "the rule letter must be S (Devil's Grip has one rule set)"
    search_modules = ("games.solvers.devils_grip",)
    RULE_LETTER = "S"
    options: dict = {}
    plain_deals = True
    """Deals are almost never winnable (6 wins in deals 1–71000, docs/solvers.md): "solvable
    deals only" deals from the bank, never the same deal twice in a row, and otherwise plainly,
    saying so, rather than search in vain."""

    # -- deals -----------------------------------------------------------------------------------
    @classmethod
    def deal(cls, number: int, options: dict[str, str] | None = None) -> DevilsGripState:
        """Deal ``number`` (1..MAX_NUMBER): 24 cards into the cells row by row, 72 in the stock.

        :raises ValueError: when ``number`` is out of range.
        """
        cls.check_options(options or {})
        d = shuffle(deck(2, ranks=tuple(range(2, 14))), cls.name, number)
        return DevilsGripState(tuple((c,) for c in d[:N_CELLS]), tuple(d[N_CELLS:]), ())

    @classmethod
    def preview_cards(cls) -> list[int]:
        """Deal 1's cards: two decks without aces (the game has none)."""
        return shuffle(deck(2, ranks=tuple(range(2, 14))), cls.name, 1)

    @classmethod
    def code(cls, number: int, options: dict[str, str] | None = None) -> str:
        """``DG1-S-`` and the number in 7 base-26 letters: deal 1 is ``DG1-S-AAAAAAB``."""
        return codes.encode(cls.code_prefix, cls.RULE_LETTER, number)

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """Read ``DG1-S-…`` (any case). :raises CodeError: quoting a bad code."""
        letters, number = codes.decode(code, cls.code_prefix, cls.CODE_EXAMPLE, cls.CODE_RULE_PART)
        if letters != cls.RULE_LETTER:
            raise codes.CodeError(f"'{quote(code)}': {cls.CODE_RULE_PART}", codes.RULE_PART)
        return number, {}

    # -- rules -----------------------------------------------------------------------------------
    @classmethod
    def legal_moves(cls, s: DevilsGripState) -> list[Move]:
        """Every legal move, in this order: merges (source cell, then destination, ascending),
        talon plays (destination ascending), ``s``, then the swaps, once per unordered pair
        ``a<>b`` with ``a < b``, not both empty (276 at most). None once the game is won; a lost
        game keeps the moves its cards allow (docs/rules.md: swaps "at any time"; "Lost" means no
        move can change the result, not that none is left)."""
        if cls.status(s) == WON:
            return []
        return cls._moves(s)

    @classmethod
    def _moves(cls, s: DevilsGripState) -> list[Move]:
        g = s.grid
        out = []
        filled = [i for i in range(N_CELLS) if g[i]]
        for a in filled:
            sa = g[a]
            bottom = sa[0]
            for b in filled:
                sb = g[b]
                if a != b and fits(bottom, sb[-1]) and len(sa) + len(sb) <= STACK_MAX:
                    out.append(Move(MERGE, a, b))
        if s.talon:
            top = s.talon[-1]
            for b in filled:
                if fits(top, g[b][-1]) and len(g[b]) < STACK_MAX:
                    out.append(Move(TALON, -1, b))
        if s.stock and len(filled) == N_CELLS:
            out.append(TURN_MOVE)
        for a in range(N_CELLS):
            for b in range(a + 1, N_CELLS):
                if g[a] or g[b]:
                    out.append(Move(SWAP, a, b))
        return out

    move_value = classmethod(devils_grip_value)
    """Hints' value and reason of a move (:func:`games.hints.devils_grip_value`)."""

    @classmethod
    def why_not(cls, s: DevilsGripState, m: Move) -> Refusal | None:
        """Why ``m`` is refused: the catalogue message and its fill-ins (a :class:`Refusal`),
        or ``None`` when it is legal."""
        if cls.status(s) == WON:
            return Refusal(MSG_OVER)
        g = s.grid
        if m.kind == TURN:
            if not s.stock:
                return Refusal(MSG_STOCK_EMPTY)
            if not all(g):
                return Refusal(MSG_FILL_FIRST)
            return None
        if not 0 <= m.dst < N_CELLS or (m.kind != TALON and not 0 <= m.src < N_CELLS):
            return Refusal(MSG_BAD_MOVE, {"text": str(m)})
        if m.kind == SWAP:
            if m.src == m.dst:
                return Refusal(MSG_SAME_CELL)
            if not g[m.src] and not g[m.dst]:
                return Refusal(MSG_BOTH_EMPTY)
            return None
        if m.kind == TALON:
            if not s.talon:
                return Refusal(MSG_TALON_EMPTY)
            if not g[m.dst]:
                return Refusal(MSG_TALON_INTO_EMPTY)
            return cls._why_not_onto((s.talon[-1],), g[m.dst])
        if m.kind == MERGE:
            if not g[m.src]:
                return Refusal(MSG_EMPTY_CELL, {"cell": cell_name(m.src)})
            if m.src == m.dst:
                return Refusal(MSG_SAME_CELL)
            if not g[m.dst]:
                return Refusal(MSG_INTO_EMPTY)
            return cls._why_not_onto(g[m.src], g[m.dst])
        return Refusal(MSG_BAD_MOVE, {"text": str(m)})

    @staticmethod
    def _why_not_onto(moving: tuple, target: tuple) -> Refusal | None:
        top = target[-1]
        if len(target) >= STACK_MAX:
            return Refusal(MSG_FULL)
        if fits(moving[0], top):
            if len(moving) + len(target) > STACK_MAX:
                return Refusal(MSG_FULL)
            return None
        if any(fits(c, top) for c in moving[1:]):
            return Refusal(MSG_PARTIAL)
        c = moving[0]
        if (c & 15) <= 4:
            return Refusal(MSG_CHAIN_START, {"card": fmt(c)})
        return Refusal(MSG_NO_FIT, {"card": fmt(c), "need": fmt(c - 3)})

    @classmethod
    def apply(cls, s: DevilsGripState, m: Move) -> DevilsGripState:
        """The state after ``m``, the refill from the stock included (module docstring).

        :raises IllegalMove: with the reason; ``s`` is unchanged (states are immutable).
        """
        why = cls.why_not(s, m)
        if why is not None:
            raise why.error(str(m))
        return cls._apply(s, m)

    @classmethod
    def _apply(cls, s: DevilsGripState, m: Move) -> DevilsGripState:
        """:meth:`apply` without the legality check (for solvers that generate legal moves)."""
        stock, talon = s.stock, s.talon
        if m.kind == TURN:
            return DevilsGripState(s.grid, stock[TURN_COUNT:], talon + stock[:TURN_COUNT])
        g = list(s.grid)
        if m.kind == MERGE:
            g[m.dst] = g[m.dst] + g[m.src]
            g[m.src] = ()
        elif m.kind == SWAP:
            g[m.src], g[m.dst] = g[m.dst], g[m.src]
        else:  # TALON
            g[m.dst] = g[m.dst] + (talon[-1],)
            talon = talon[:-1]
        stock = _refill(g, stock)
        return DevilsGripState(tuple(g), stock, talon)

    @classmethod
    def status(cls, s: DevilsGripState) -> str:
        """``won``, ``playing`` or ``lost``, as the module docstring states (docs/devils-grip.md,
        "Status, result, score")."""
        g = s.grid
        if s.stock:
            # no cell empty and no stack top can ever take a card: the card that would go on
            # each top (rank + 3, same suit; none on a J, Q or K) is neither a stack's bottom
            # (a merge) nor in stock or talon (a talon play). Tops change only by those, so
            # none ever happens, no cell empties to be refilled, and turns change no card left
            if not all(g):
                return PLAYING
            wanted = {st[-1] + 3 for st in g if (st[-1] & 15) <= 10}
            if not wanted:
                return LOST
            if any(st[0] in wanted for st in g):
                return PLAYING
            return LOST if wanted.isdisjoint(s.stock) and wanted.isdisjoint(s.talon) else PLAYING
        if s.talon:
            top = s.talon[-1]
            for st in g:
                if st and fits(top, st[-1]) and len(st) < STACK_MAX:
                    return PLAYING
            return LOST
        if all(complete_in_row(g[i], i) for i in range(N_CELLS)):
            return WON
        return PLAYING if sum(map(len, g)) == N_CARDS else LOST

    @classmethod
    def result(cls, s: DevilsGripState) -> int:
        """The cards left in stock and talon (0 at a win; lower is better): the statistics keep
        the fewest (docs/rules.md)."""
        return len(s.stock) + len(s.talon)

    @classmethod
    def result_extras(cls, states: list) -> dict:
        """The cards left at the end (the Brilliant badge asks for 2 or fewer)."""
        return {"cards_left": cls.result(states[-1])}

    @classmethod
    def score(cls, s: DevilsGripState) -> int:
        """The ``Score:`` of ``play``: cards on the grid (96 − :meth:`result` for a full deal)."""
        return sum(map(len, s.grid))

    hint_best_line = True

    @classmethod
    def hint_search(cls, state: DevilsGripState, max_nodes: int | None = None):
        """The hint's own search (:func:`games.solvers.devils_grip.hint_search`): its best-result
        beam within ``max_nodes`` nodes (default :data:`games.solvers.devils_grip.HINT_NODES`);
        the hint is the first move of its best line (``best_moves()``)."""
        from .solvers.devils_grip import HINT_NODES, hint_search

        return hint_search(state, HINT_NODES if max_nodes is None else max_nodes)

    @classmethod
    def solver(cls, state: DevilsGripState, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """A resumable branch-and-bound search from ``state``; see :mod:`games.solvers.devils_grip`
        (its ``best`` / ``best_moves()`` give the fewest cards left found). A budget of seconds
        only (``solve``, ``winnability``) asks only for a win and ends at the proof that none exists."""
        from .solvers.devils_grip import solver

        return solver(state, max_nodes, timeout, clock)

    # -- text ------------------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, s: DevilsGripState, text: str) -> Move:
        """``1.3>2.5``, ``1.3<>2.5``, ``t>2.5`` or ``s`` (any case, spaces ignored).

        :raises IllegalMove: quoting the text when it is no move or names no cell.
        """
        t = "".join(text.split()).lower()
        if t == "s":
            return TURN_MOVE

        def cell(part: str) -> int:
            # a side missing ("t>", "1.1<>") or not ROW.COL ("x.1", ">2.5", "t" as a target): the
            # whole text is no move; ASCII digits either side of a dot are a cell, named by
            # parse_cell when off the grid (4.1) or too long a number
            row, dot, col = part.partition(".")
            if not (dot and all(x.isascii() and x.isdigit() for x in (row, col))):
                raise IllegalMove.not_a_move(MSG_BAD_MOVE, text)
            return parse_cell(part)

        if "<>" in t:
            a, _, b = t.partition("<>")
            return Move(SWAP, cell(a), cell(b))
        if ">" in t:
            a, _, b = t.partition(">")
            if a == "t":
                return Move(TALON, -1, cell(b))
            if "." in a:
                return Move(MERGE, cell(a), cell(b))
        raise IllegalMove.not_a_move(MSG_BAD_MOVE, text)

    @classmethod
    def format_move(cls, s: DevilsGripState, m: Move) -> str:
        """The move's notation (docs/contract.md): ``1.3>2.5``, ``1.3<>2.5``, ``t>2.5``, ``s``."""
        return str(m)

    KEYS = {"game", "row 1", "row 2", "row 3", "stock", "talon"}

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str] | None = None) -> DevilsGripState:
        """Read a position (docs/contract.md): ``Row 1:`` … ``Row 3:`` with 8 cells each (a stack as
        cards joined by ``,`` bottom first, or ``--``), ``Stock:`` (next first, with or without
        parentheses), ``Talon:`` (bottom to top). Fewer than 96 cards is allowed (a what-if);
        no card may appear more than twice, no ace, every stack must be legal.

        :raises PositionError: naming the line and what is wrong.
        """
        cls.check_options(options or {})
        f = read_fields(text, cls.KEYS, cls.name, columns=False)
        grid = []
        counts: dict[int, int] = {}
        for r in range(1, ROWS + 1):
            key = f"Row {r}"
            line = f.line(key)
            cells = f.require(key).split()
            if len(cells) != COLS:
                raise PositionError(f"line {line}: {key} needs {COLS} cells, found {len(cells)}")
            for col, tok in enumerate(cells, 1):
                if tok in ("--", "-"):
                    grid.append(())
                    continue
                stack = []
                for part in tok.split(","):
                    if part.startswith("(") and part.endswith(")"):
                        raise PositionError(f"line {line} ({key}, cell {r}.{col}): the grid's cards are face "
                                            f"up: '{quote(part)}'")
                    try:
                        stack.append(parse_card(part))
                    except CardError as e:
                        raise PositionError(f"line {line} ({key}, cell {r}.{col}): {e}") from None
                stack = tuple(stack)
                cls._check_cards(stack, f"line {line} ({key}, cell {r}.{col})", counts)
                if not is_stack(stack):
                    raise PositionError(f"line {line}: cell {r}.{col} '{quote(tok)}' is not a stack (adjacent "
                                        "members of one chain 2-5-8-J, 3-6-9-Q or 4-7-T-K, one suit, "
                                        "bottom first, at most 4)")
                grid.append(stack)
        piles = []
        for key in ("Stock", "Talon"):
            # turned cards lie face up, as Klondike's waste
            toks = tokens(f.get(key, ""), f.line(key), key, "the talon's cards" if key == "Talon" else "", pile=True)
            pile = tuple(c for c, _ in toks if c is not None)
            cls._check_cards(pile, f"line {f.line(key)} ({key})", counts)
            piles.append(pile)
        if piles[0] and not any(grid):
            raise PositionError("the grid is empty while the stock has cards (a cell is refilled at once)")
        if not any(grid) and not piles[1]:
            raise PositionError("the position holds no card: the grid, the stock and the talon are empty")
        return DevilsGripState(tuple(grid), piles[0], piles[1])

    @staticmethod
    def _check_cards(cards: tuple, where: str, counts: dict[int, int]) -> None:
        for c in cards:
            if (c & 15) == 1:
                raise PositionError(f"{where}: {fmt(c)} is not in Devil's Grip (it has no aces)")
            counts[c] = counts.get(c, 0) + 1
            if counts[c] > 2:
                raise PositionError(f"{where}: {fmt(c)} appears a third time (two decks: two of each)")

    @classmethod
    def format_position(cls, s: DevilsGripState) -> str:
        """The position text; :meth:`parse_position` reads it back unchanged."""
        lines = ["Game: devils-grip"]
        for r in range(ROWS):
            cells = s.grid[r * COLS:(r + 1) * COLS]
            lines.append(f"Row {r + 1}: " + " ".join(",".join(map(fmt, st)) if st else "--" for st in cells))
        lines.append("Stock: " + join(s.stock, face_up=False))
        lines.append("Talon: " + join(s.talon))
        return "\n".join(x.rstrip() for x in lines) + "\n"
