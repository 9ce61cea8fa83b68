"""FreeCell (docs/rules.md, "FreeCell") with Microsoft's deal numbers.

**State.** Eight columns (tuples of cards, bottom to top, all face up), four free cells (a card or
``None``, cells a–d in order), the foundation heights by suit (C D H S, 0 = empty). The score is
not stored: every card sent home scores +10 and every card taken back −10, so the score is always
10 × the cards on the foundations (:meth:`FreeCell.score`).

**Moves** are :class:`Move` ``(src, dst, n)`` over the columns 0..7, the cells :data:`CELL` + 0..3,
:data:`FOUNDATION` (a destination) and ``FOUNDATION_OF + suit`` (a foundation as a source). Text
(standard FreeCell notation, docs/contract.md): columns ``1``–``8`` (leading zeros taken, two
columns without a separator split as Klondike's: :func:`games.columns.move_places`), cells
``a``–``d``, ``h`` foundation; ``3a`` column 3's top card to cell a, ``a5`` cell a to column 5, ``1h`` / ``ah`` home,
``35`` a run from column 3 onto column 5 (onto a card the length is implied: the run whose bottom
card fits; onto an empty column ``35`` alone moves the longest run allowed), ``35/3`` exactly 3
cards (written so whenever the destination is empty), ``hS4`` / ``hSa`` the spade foundation's
top card back to column 4 / cell a. :meth:`FreeCell.legal_moves` lists a move into a cell only
for the first empty cell.

**Runs.** A run is a tail of a column in which each card is one rank lower than the one below it
and of the other colour. A run of ``n`` cards moves at once when ``n <= (free cells + 1) ×
2**(empty columns)``, not counting an empty column that is the destination (the supermove rule,
docs/rules.md).

**Lost**: no legal move at all, not counting the move of a whole column into an empty column (it
only renumbers columns). With a free cell empty there is always a move, so lost needs four full
cells. Positions where only pointless moves remain are reported ``playing``.

**Deals** are Microsoft's: deal ``N`` seeds :func:`games.deal.microsoft_rand` with ``N``; the deck
is ``AC AD AH AS 2C …  KS`` (rank-major, suits C D H S); 52 times, ``j = rand() % cards left``,
deal ``deck[j]`` and replace it by the last card of the deck; the cards dealt go in rows across
columns 1..8 (so columns 1–4 get 7 cards, 5–8 six). Above Microsoft's 1..2**31−1 we follow the
extension of Freecell Solver's ``make-microsoft-freecell-board`` and PySolFC (``pysol_cards``,
"ms" deals up to 2**33−1): for ``2**31 <= N < 2**32`` each ``rand()`` result gets bit 15 set
(``| 0x8000``); for ``N >= 2**32`` the generator is seeded with ``N − 2**32``, keeps its state
modulo 2**32 and ``rand()`` returns ``((state >> 16) & 0xFFFF) + 1``. Our deal numbers stop at
:data:`games.deal.MAX_NUMBER` (26**7 − 1, what a deal code carries). Deal code ``FC1-M-AAAAAAB``.

**Position**: the board format Freecell Solver (``fc-solve``) reads, unchanged:
``Foundations: H-0 C-0 D-0 S-0``, ``Freecells: - - - -`` (``-`` an empty cell), then 8 lines
``: JD KD 2S`` (bottom first; ``:`` alone is an empty column). fc-solve refuses a ``Game:`` line,
so we print none (we accept ``Game: freecell``). ``Score:``, ``Moves:`` and ``Status:`` lines,
which ``play`` prints after the position, are accepted (fc-solve stops reading after the eighth
column); the state keeps none of them (``play`` goes on counting from ``Moves:``: docs/contract.md,
"The move counter").
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import NamedTuple

from . import codes
from .cards import deck, fmt, suit_letters
from .columns import (fits, foundation_cards, format_foundations, goes_home, is_safe, move_places,
                      parse_foundations, run_start)
from .core import LOST, PLAYING, WON, Clock, IllegalMove, PositionError, Refusal, Rules
from .deal import microsoft_rand
from .hints import freecell_value
from .i18n import N_
from .numbers import is_digits
from .quoting import quote
from .position import distinct_cards, read_fields, tokens

N_COLUMNS, N_CELLS = 8, 4
CELL, FOUNDATION, FOUNDATION_OF = 8, 12, 13
"""Places of :class:`Move`: columns 0..7, cells 8..11, the foundations as a destination 12, and
``FOUNDATION_OF + suit`` (13..16) one foundation as a source."""
SUIT_LETTERS = "CDHS"
CELL_LETTERS = "abcd"
MORE_CELLS = "efg"
"""The letters of free cells this game does not have, up to ``h`` (the foundations): named in a
move's refusal (``1e``: "There is no free cell e") as a column past 8 is."""

MSG_BAD_MOVE = N_("'{text}' is not a move (3a, a5, 1h, 35, 35/3, hS4, hSa)")
MSG_BAD_COLUMN = N_("There is no column {col} (columns are 1 to 8)")
MSG_BAD_CELL = N_("There is no free cell {cell} (free cells are a to d)")
MSG_NO_CARD = N_("There is no card there")
MSG_NOT_HOME = N_("This card cannot go to its foundation yet")
MSG_NOT_FIT = N_("The card must be one rank lower and of the other colour")
MSG_CELL_FULL = N_("That free cell is taken")
MSG_NO_RUN = N_("No card of that column fits there")
MSG_OTHER_RUN = N_("A run of {n} does not fit there: the run that fits is the top {k} (from {card})")
MSG_OTHER_RUN_TOO_MANY = N_("A run of {n} does not fit there: the run that fits is the top {k} (from {card}), "
                            "but only {cap} can move at once now")
MSG_TOO_MANY = N_("Only {n} can move at once now: (free cells + 1) × 2^(empty columns, the one they go to not counted)")
MSG_NOT_RUN = N_("Those cards are not in order and cannot move together")
MSG_FEW_CARDS = N_("Cannot move {want} cards from column {col}: it holds only {n}")
MSG_SAME = N_("A card cannot move to its own column")
MSG_OVER = N_("The game is over")
MSG_NOWHERE = N_("This card has nowhere to go")
MSG_RUN_TOO_LONG = N_("These {run} cards fit a column, but only {n} can move at once now: "
                      "(free cells + 1) × 2^(empty columns, the one they go to not counted)")


class Move(NamedTuple):
    """One FreeCell move: ``n`` cards from place ``src`` to place ``dst`` (module docstring)."""

    src: int
    dst: int
    n: int = 1


@dataclass(frozen=True, slots=True)
class FreeCellState:
    """One FreeCell position (hashable; moves share the untouched columns).

    Attributes:
        columns: 8 tuples of cards, bottom to top.
        cells: 4 free cells, a card or ``None`` each.
        foundations: height (0..13) of the foundation of each suit, C D H S.
    """

    columns: tuple
    cells: tuple = (None, None, None, None)
    foundations: tuple = (0, 0, 0, 0)


def ms_rand(number: int):
    """The ``rand()`` stream of Microsoft deal ``number`` (1..2**33−1), with the extension above
    2**31 described in the module docstring; below 2**31 it is :func:`games.deal.microsoft_rand`."""
    if number < 1 << 31:
        yield from microsoft_rand(number)
    elif number < 1 << 32:
        for x in microsoft_rand(number):
            yield x | 0x8000
    else:
        state = (number - (1 << 32)) & 0xFFFFFFFF
        while True:
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            yield ((state >> 16) & 0xFFFF) + 1


def ms_deal(number: int) -> list[int]:
    """The 52 cards of Microsoft deal ``number`` in dealing order (card ``k`` goes to column
    ``k % 8``). :raises ValueError: when ``number`` is outside 1..2**33−1."""
    if not 1 <= number < 1 << 33:
        raise ValueError(f"Microsoft deal number {number} is out of range (1..{(1 << 33) - 1})")
    cards = [s * 16 + r for r in range(1, 14) for s in range(4)]
    rng = ms_rand(number)
    out = []
    for left in range(52, 0, -1):
        j = next(rng) % left
        out.append(cards[j])
        cards[j] = cards[left - 1]
    return out


def capacity(s: FreeCellState, dst: int) -> int:
    """How many cards may move at once onto column ``dst``: (free cells + 1) × 2**(empty columns
    other than ``dst``)."""
    free = sum(1 for c in s.cells if c is None)
    empty = sum(1 for i, c in enumerate(s.columns) if not c and i != dst)
    return (free + 1) << empty


class FreeCell(Rules):
    """FreeCell rules; see the module docstring."""

    name = "freecell"
    title = N_("FreeCell")
    code_prefix = "FC1"
    CODE_EXAMPLE = "M"
    CODE_RULE_PART = "the rule letter must be M (Microsoft deals)"
    search_modules = ("games.solvers.freecell", "games.solvers.freecell_fast")
    options: dict = {}

    # -- deals -----------------------------------------------------------------------------------
    @classmethod
    def deal(cls, number: int, options: dict[str, str]) -> FreeCellState:
        """Microsoft deal ``number`` (module docstring)."""
        cls.check_options(options)
        d = ms_deal(number)
        return FreeCellState(tuple(tuple(d[i::8]) for i in range(N_COLUMNS)))

    @classmethod
    def code(cls, number: int, options: dict[str, str]) -> str:
        """``FC1-M-…`` (``M``: Microsoft numbering)."""
        return codes.encode(cls.code_prefix, "M", number)

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """Read ``FC1-M-…``. :raises CodeError: quoting the code."""
        letters, number = codes.decode(code, cls.code_prefix, cls.CODE_EXAMPLE, cls.CODE_RULE_PART)
        if letters != "M":
            raise codes.CodeError(f"'{quote(code)}': {cls.CODE_RULE_PART}", codes.RULE_PART)
        return number, {}

    @classmethod
    def score(cls, s: FreeCellState) -> int:
        """10 points a card on the foundations (+10 each card home, −10 each card taken back)."""
        return 10 * sum(s.foundations)

    @classmethod
    def solver(cls, state: FreeCellState, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """The do/undo search core (:mod:`games.solvers.freecell_fast`): soft depth-first threads
        that hand a position they have not won within their positions over to the complete search
        of :mod:`games.solvers.freecell`, which gives every ``unsolvable``."""
        from .solvers.freecell_fast import solver

        return solver(state, max_nodes, timeout, clock)

    # -- rules -----------------------------------------------------------------------------------
    @staticmethod
    def _fit_count(s: FreeCellState, i: int, j: int) -> int:
        """Onto non-empty column ``j``: how many cards of column ``i``'s run must move (0: none fits)."""
        col, top = s.columns[i], s.columns[j][-1]
        for k in range(run_start(col), len(col)):
            if fits(col[k], top):
                return len(col) - k
        return 0

    @classmethod
    def legal_moves(cls, s: FreeCellState) -> list[Move]:
        """Every legal move: to the foundations (columns 1..8, then cells a..d), cell to column,
        column to column (by source, then destination; onto an empty column every allowed run
        length, longest first), column to the first empty cell, foundation back to a column or to
        the first empty cell."""
        f, cols, cells = s.foundations, s.columns, s.cells
        if sum(f) == 52:
            return []
        out: list[Move] = []
        for i, c in enumerate(cols):
            if c and goes_home(c[-1], f):
                out.append(Move(i, FOUNDATION))
        for k, c in enumerate(cells):
            if c is not None and goes_home(c, f):
                out.append(Move(CELL + k, FOUNDATION))
        for k, c in enumerate(cells):
            if c is not None:
                for j, d in enumerate(cols):
                    if not d or fits(c, d[-1]):
                        out.append(Move(CELL + k, j))
        for i, col in enumerate(cols):
            if not col:
                continue
            run = len(col) - run_start(col)
            for j, d in enumerate(cols):
                if i == j:
                    continue
                cap = capacity(s, j)
                if d:
                    n = cls._fit_count(s, i, j)
                    if n and n <= cap:
                        out.append(Move(i, j, n))
                else:
                    for n in range(min(run, cap), 0, -1):
                        out.append(Move(i, j, n))
        free = next((k for k, c in enumerate(cells) if c is None), None)
        if free is not None:
            for i, col in enumerate(cols):
                if col:
                    out.append(Move(i, CELL + free))
        for su in range(4):
            if f[su]:
                c = su * 16 + f[su]
                for j, d in enumerate(cols):
                    if not d or fits(c, d[-1]):
                        out.append(Move(FOUNDATION_OF + su, j))
                if free is not None:
                    out.append(Move(FOUNDATION_OF + su, CELL + free))
        return out

    @classmethod
    def every_move(cls, s: FreeCellState) -> list[Move]:
        """:meth:`legal_moves` with each move into the first empty free cell followed by the same
        move into each other empty free cell (a to d): the list ``python -m games moves`` prints.
        The hints and the table keep the first cell alone (which empty cell changes nothing but
        its letter)."""
        empty = [CELL + k for k, c in enumerate(s.cells) if c is None]
        out: list[Move] = []
        for m in cls.legal_moves(s):
            out.append(m)
            if empty and m.dst == empty[0]:
                out.extend(m._replace(dst=d) for d in empty[1:])
        return out

    move_value = classmethod(freecell_value)
    """Hints' value and reason of a move (:func:`games.hints.freecell_value`)."""

    @classmethod
    def why_not(cls, s: FreeCellState, m: Move) -> Refusal | None:
        """Why ``m`` is refused (the catalogue message and its fill-ins), or ``None`` when it is
        legal."""
        r = cls._why(s, m)
        if r is None:
            return None
        if r[0] == MSG_TOO_MANY:
            return Refusal(MSG_TOO_MANY, {"n": r[1]})
        return Refusal(r[0], r[1] if len(r) > 1 else {})

    @classmethod
    def _why(cls, s: FreeCellState, m: Move) -> tuple | None:
        f, cols, cells = s.foundations, s.columns, s.cells
        if sum(f) == 52:
            return (MSG_OVER,)
        src, dst, n = m
        # the card(s) that move
        if 0 <= src < N_COLUMNS:
            col = cols[src]
            if not col:
                return (MSG_NO_CARD,)
            if dst == src:
                return (MSG_SAME,)
            if n > len(col):
                return (MSG_FEW_CARDS, {"want": n, "col": src + 1, "n": len(col)})
            if n < 1:
                return (MSG_NOT_RUN,)
            if n > 1 and (dst >= CELL or run_start(col) > len(col) - n):
                return (MSG_NOT_RUN,)
            card = col[len(col) - n]
        elif CELL <= src < CELL + N_CELLS:
            card = cells[src - CELL]
            if card is None:
                return (MSG_NO_CARD,)
            if n != 1:
                return (MSG_BAD_MOVE,)
        elif FOUNDATION_OF <= src < FOUNDATION_OF + 4:
            su = src - FOUNDATION_OF
            if not f[su] or n != 1:
                return (MSG_NO_CARD,)
            card = su * 16 + f[su]
            if dst == FOUNDATION:
                return (MSG_BAD_MOVE,)
        else:
            return (MSG_BAD_MOVE,)
        if dst == FOUNDATION:
            return None if goes_home(card, f) else (MSG_NOT_HOME,)
        if CELL <= dst < CELL + N_CELLS:
            if src >= CELL and src < CELL + N_CELLS:
                return (MSG_BAD_MOVE,)
            return None if cells[dst - CELL] is None else (MSG_CELL_FULL,)
        if not 0 <= dst < N_COLUMNS:
            return (MSG_BAD_MOVE,)
        d = cols[dst]
        if d and not fits(card, d[-1]):
            if src >= CELL:
                return (MSG_NOT_FIT,)
            k = cls._fit_count(s, src, dst)  # a run of another length may fit: name it
            if not k and n == 1:
                return (MSG_NOT_FIT,)
            if k:  # the run that fits may be past the supermove limit: then the limit is said too
                cap = capacity(s, dst)
                if k > cap:
                    return (MSG_OTHER_RUN_TOO_MANY, {"n": n, "k": k, "card": fmt(cols[src][-k]), "cap": cap})
                return (MSG_OTHER_RUN, {"n": n, "k": k, "card": fmt(cols[src][-k])})
            return (MSG_NO_RUN,)
        if 0 <= src < N_COLUMNS:
            cap = capacity(s, dst)
            if n > cap:
                return (MSG_TOO_MANY, cap)
        return None

    @classmethod
    def apply(cls, s: FreeCellState, m: Move) -> FreeCellState:
        """The state after ``m``. :raises IllegalMove: with the reason, leaving ``s`` as it was."""
        why = cls._why(s, m)
        if why is not None:
            text = cls.format_move(s, m)
            if why[0] == MSG_TOO_MANY:
                raise IllegalMove(MSG_TOO_MANY, text, n=why[1])
            raise IllegalMove(why[0], text, text=text, **(why[1] if len(why) > 1 else {}))
        src, dst, n = m
        cols, cells, f = s.columns, s.cells, s.foundations
        if src < N_COLUMNS:
            col = cols[src]
            moving = col[len(col) - n:]
            cols = cols[:src] + (col[:len(col) - n],) + cols[src + 1:]
        elif src < CELL + N_CELLS:
            moving = (cells[src - CELL],)
            cells = cells[:src - CELL] + (None,) + cells[src - CELL + 1:]
        else:
            su = src - FOUNDATION_OF
            moving = (su * 16 + f[su],)
            f = f[:su] + (f[su] - 1,) + f[su + 1:]
        if dst == FOUNDATION:
            su = moving[0] >> 4
            f = f[:su] + (f[su] + 1,) + f[su + 1:]
        elif dst >= CELL:
            cells = cells[:dst - CELL] + (moving[0],) + cells[dst - CELL + 1:]
        else:
            cols = cols[:dst] + (cols[dst] + moving,) + cols[dst + 1:]
        return FreeCellState(cols, cells, f)

    @classmethod
    def status(cls, s: FreeCellState) -> str:
        """``won`` with all 52 cards home; ``lost`` as in the module docstring; else ``playing``."""
        if sum(s.foundations) == 52:
            return WON
        if any(c is None for c in s.cells):
            return PLAYING
        for m in cls.legal_moves(s):
            if m.src < N_COLUMNS and m.dst < N_COLUMNS and not s.columns[m.dst] and m.n == len(s.columns[m.src]):
                continue
            return PLAYING
        return LOST

    # -- helpers for the app (docs/rules.md, "Features …") --------------------------------------------
    @classmethod
    def safe_to_foundation(cls, s: FreeCellState, exclude=()) -> list[tuple[int, Move]]:
        """The playable cards that no longer matter (:func:`games.columns.is_safe`) as
        ``(card, move)`` pairs: column tops 1..8, then cells a..d; never a card in ``exclude``
        (the card the player just took back from a foundation)."""
        out = [(c[-1], Move(i, FOUNDATION)) for i, c in enumerate(s.columns) if c]
        out += [(c, Move(CELL + k, FOUNDATION)) for k, c in enumerate(s.cells) if c is not None]
        ex = set(exclude)
        return [(c, m) for c, m in out if c not in ex and goes_home(c, s.foundations) and is_safe(c, s.foundations)]

    @classmethod
    def tap_moves(cls, s: FreeCellState, src: int, index: int | None = None, legal: list | None = None) -> list[Move]:
        """The legal moves of the card tapped at place ``src`` (a column with the card's ``index``,
        default its top; a cell; ``FOUNDATION_OF + suit``), best first: the foundation when safe,
        a column where the run lengthens a run (longest first), other non-empty columns, the
        foundation when not safe, the first empty free cell, an empty column (for a run, the
        length that starts at the tapped card). Empty when the card cannot move. ``legal``: the
        state's :meth:`legal_moves` when the caller has them already (the same answer, without
        working them out again for every card)."""
        want = None
        if 0 <= src < N_COLUMNS:
            col = s.columns[src]
            if not col:
                return []
            want = len(col) - (len(col) - 1 if index is None else index)
        cands = [m for m in (cls.legal_moves(s) if legal is None else legal)
                 if m.src == src and (want is None or m.n == want)]
        f, cols = s.foundations, s.columns

        def key(m):
            if m.dst == FOUNDATION:
                card = cls.moving_card(s, m)
                return (0, 0) if is_safe(card, f) else (3, 0)
            if m.dst >= CELL:
                return (4, m.dst)
            d = cols[m.dst]
            if d:
                run = len(d) - run_start(d)
                return (1 if run >= 2 else 2, -run, m.dst)
            return (5, m.dst)

        return sorted(cands, key=key)

    @classmethod
    def moving_card(cls, s: FreeCellState, m: Move) -> int:
        """The card ``m`` lifts: the first card of the run that moves from a column, or the card
        of a free cell or a foundation's top."""
        if m.src < N_COLUMNS:
            col = s.columns[m.src]
            return col[len(col) - m.n]
        if m.src < CELL + N_CELLS:
            return s.cells[m.src - CELL]
        su = m.src - FOUNDATION_OF
        return su * 16 + s.foundations[su]

    @classmethod
    def movable(cls, s: FreeCellState, col: int, index: int) -> bool:
        """Whether card ``index`` of column ``col`` may be lifted: at or above the start of the
        column's ordered tail (:func:`games.columns.run_start`); how many may move at once is
        :meth:`why_not`'s to say.

        >>> s = FreeCell.deal(1, {})
        >>> FreeCell.movable(s, 0, 6), FreeCell.movable(s, 0, 0)
        (True, False)
        """
        cards = s.columns[col]
        return 0 <= index < len(cards) and index >= run_start(cards)

    @classmethod
    def tap_refusal(cls, s: FreeCellState, src: int, index: int) -> Refusal | None:
        """Why a tap on card ``index`` of place ``src`` (a column, a free cell or a foundation;
        ``index`` counts from the bottom of that pile) has no move, or ``None`` when it has one."""
        if src < N_COLUMNS:
            if not cls.movable(s, src, index):
                return Refusal(MSG_NOT_RUN)
            if cls.tap_moves(s, src, index):
                return None
            run = len(s.columns[src]) - index
            # columns that take the run's head, but the run is too long: the most that can move
            # onto any of them (a column with cards beats an empty one, which is not counted)
            caps = [capacity(s, dst) for dst in range(N_COLUMNS)
                    if dst != src and run > 1 and cls._why(s, Move(src, dst, run)) == (MSG_TOO_MANY, capacity(s, dst))]
            if caps:
                return Refusal(MSG_RUN_TOO_LONG, {"run": run, "n": max(caps)})
            return Refusal(MSG_NOWHERE)
        size = (s.cells[src - CELL] is not None) if src < CELL + N_CELLS else s.foundations[src - FOUNDATION_OF]
        if index != size - 1:
            return Refusal(MSG_NOT_RUN)
        return None if cls.tap_moves(s, src) else Refusal(MSG_NOWHERE)

    @classmethod
    def win_score(cls, s: FreeCellState, seconds: float, moves: int, solvable_only: bool = True) -> int:
        """The points of a won game (docs/columns-ui.md): the 520 foundation points, plus one
        point a second under 10 minutes, plus 2 a move under 200. Integers only.

        >>> FreeCell.win_score(FreeCell.deal(1, {}), 300.9, 150)
        920
        """
        return 520 + max(0, 600 - int(seconds)) + 2 * max(0, 200 - int(moves))

    @classmethod
    def can_finish(cls, s: FreeCellState) -> bool:
        """Finish is offered when every column is in order: its ranks fall strictly from the bottom
        card to the top (suits and colours do not matter, free cells may hold cards)."""
        if sum(s.foundations) == 52:
            return False
        return all(all((c[k] & 15) > (c[k + 1] & 15) for k in range(len(c) - 1)) for c in s.columns)

    @classmethod
    def finish_moves(cls, s: FreeCellState) -> list[Move] | None:
        """The moves that send every card home, lowest rank first, when :meth:`can_finish`;
        ``None`` otherwise."""
        if not cls.can_finish(s):
            return None
        out = []
        while sum(s.foundations) < 52:
            cands = [(c[-1] & 15, Move(i, FOUNDATION)) for i, c in enumerate(s.columns) if c]
            cands += [(c & 15, Move(CELL + k, FOUNDATION)) for k, c in enumerate(s.cells) if c is not None]
            ok = [(r, m) for r, m in cands if goes_home(cls.moving_card(s, m), s.foundations)]
            if not ok:
                return None
            m = min(ok)[1]
            out.append(m)
            s = cls.apply(s, m)
        return out

    # -- text ------------------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, s: FreeCellState, text: str) -> Move:
        """A move in the notation of the module docstring (case-insensitive).

        :raises IllegalMove: when the text is no FreeCell move, quoting it.
        """
        raw = text.strip()
        t = suit_letters(raw).lower()
        bad = IllegalMove.not_a_move(MSG_BAD_MOVE, raw)

        def place(p):  # a place as typed: a column number (leading zeros allowed) or a letter
            if is_digits(p):
                if not 1 <= int(p) <= N_COLUMNS:
                    raise IllegalMove(MSG_BAD_COLUMN, quote(raw), col=int(p))
                return int(p) - 1
            if p in CELL_LETTERS:
                return CELL + CELL_LETTERS.index(p)
            if p == "h":
                return FOUNDATION
            if p in MORE_CELLS:  # the letters after the free cells' (variants with more cells use them)
                raise IllegalMove(MSG_BAD_CELL, quote(raw), cell=p)
            raise bad

        if len(t) >= 3 and t[0] == "h" and t[1].upper() in SUIT_LETTERS and "/" not in t:
            dst = place(t[2:])
            if dst == FOUNDATION:
                raise bad
            return Move(FOUNDATION_OF + SUIT_LETTERS.index(t[1].upper()), dst)
        body, slash, count = t.partition("/")
        places = move_places(body, CELL_LETTERS + "h")
        if places is None:
            # two places of which one is a letter naming no place (``1e``, ``e1``): named as ``9a``'s
            # column is, rather than the whole text refused
            places = move_places(body, CELL_LETTERS + MORE_CELLS + "h")
            if places is None:
                raise bad
            place(places[0]), place(places[1])
            raise bad
        src, dst = place(places[0]), place(places[1])
        if src == FOUNDATION:
            raise bad
        if slash:
            if not is_digits(count) or not (src < N_COLUMNS and dst < N_COLUMNS) or int(count) < 1:
                raise bad
            return Move(src, dst, int(count))
        if src < N_COLUMNS and dst < N_COLUMNS and src != dst:
            if s.columns[dst]:
                n = cls._fit_count(s, src, dst) if s.columns[src] else 0
                return Move(src, dst, n or 1)
            col = s.columns[src]
            run = len(col) - run_start(col) if col else 1
            return Move(src, dst, max(1, min(run, capacity(s, dst))))
        return Move(src, dst)

    @classmethod
    def format_move(cls, s: FreeCellState, m: Move) -> str:
        """``m`` in standard notation; ``/n`` is written for a run onto an empty column."""

        def place(p):
            if p < N_COLUMNS:
                return str(p + 1)
            if p < CELL + N_CELLS:
                return CELL_LETTERS[p - CELL]
            if p == FOUNDATION:
                return "h"
            return "h" + SUIT_LETTERS[(p - FOUNDATION_OF) % 4]

        text = place(m.src) + place(m.dst)
        if m.src < N_COLUMNS and m.dst < N_COLUMNS and 0 <= m.dst < len(s.columns) and not s.columns[m.dst]:
            text += f"/{m.n}"
        return text

    KEYS = {"game", "foundations", "founds", "freecells", "fc", "moves", "status"}

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str]) -> FreeCellState:
        """Read a position in Freecell Solver's board format (module docstring).

        :raises PositionError: naming the line and what is wrong (a card missing or twice, more
            than 4 free cells, not 8 columns…).
        """
        cls.check_options(options)
        f = read_fields(text, cls.KEYS, cls.name, bare=True)
        # as fc-solve reads a board: no Foundations: line is every foundation empty, no
        # Freecells: line every free cell empty (its generator's boards have neither)
        fkey = "foundations" if f.get("foundations") is not None else "founds"
        if not f.columns and f.get(fkey) is None:     # nothing of a board (an empty file)
            raise PositionError("the position has no 'Foundations:' line")
        try:
            found = parse_foundations(f.get(fkey) or "", f.line(fkey))
        except ValueError as e:
            raise PositionError(str(e)) from None
        ckey = "freecells" if f.get("freecells") is not None else "fc"
        cells = [c for c, _ in tokens(f.get(ckey) or "", f.line(ckey), "Freecells", "the free cells' cards")]
        if len(cells) > N_CELLS:
            raise PositionError(f"line {f.line(ckey)}: {len(cells)} free cells given, there are {N_CELLS}")
        cells += [None] * (N_CELLS - len(cells))
        if len(f.columns) != N_COLUMNS:
            raise PositionError(f"a FreeCell position needs {N_COLUMNS} column lines ': …', found {len(f.columns)}")
        cols = []
        for k, (txt, line) in enumerate(f.columns, 1):
            # '--' alone is the empty column (as Klondike's and Spider's read it); between cards
            # it is refused as an empty place inside a pile
            toks = [t for t in tokens(txt, line, f"column {k}", pile=True) if t[0] is not None]
            if any(not up for _, up in toks):
                raise PositionError(f"line {line}: column {k} may hold only face-up cards")
            cols.append(tuple(c for c, _ in toks))
        seen = distinct_cards([(c, f.line(fkey)) for c in foundation_cards(found)]
                              + [(c, f.line(ckey)) for c in cells if c is not None]
                              + [(c, line) for col, (_, line) in zip(cols, f.columns) for c in col])
        if len(seen) != 52:
            missing = [fmt(c) for c in deck() if c not in seen]
            raise PositionError(f"cards missing: {' '.join(missing[:8])}{' …' if len(missing) > 8 else ''}")
        return FreeCellState(tuple(cols), tuple(cells), found)

    @classmethod
    def format_position(cls, s: FreeCellState) -> str:
        """The board in Freecell Solver's format; :meth:`parse_position` and fc-solve read it."""
        lines = ["Foundations: " + format_foundations(s.foundations),
                 "Freecells: " + " ".join("-" if c is None else fmt(c) for c in s.cells)]
        lines += [(": " + " ".join(fmt(c) for c in col)).rstrip() for col in s.columns]
        return "\n".join(lines) + "\n"
