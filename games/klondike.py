"""Klondike (docs/rules.md, "Klondike").

**State.** Seven columns, each a tuple of cards bottom to top whose first ``down[i]`` cards are face
down; the stock (face down, next card to draw first); the waste (bottom to top); the foundation
heights by suit (C D H S, 0 = empty); the draw (1 or 3); the number of recycles made; the score.
A column's top card is never face down: when a move exposes a face-down card it turns up at once
(+5), and undo (a list of states) turns it down again.

**Moves** are :class:`Move` ``(src, dst, n)`` over the places :data:`WASTE`, :data:`STOCK`,
:data:`FOUNDATION` (a destination), ``FOUNDATION_OF + suit`` (a foundation as a source) and the
columns 0..6. Text (docs/contract.md): columns ``1``–``7`` (leading zeros taken: ``w03``; two
columns without a separator are split after the first one's non-zero digit, so ``12`` and ``0102``
are column 1 to column 2: :func:`games.columns.move_places`), ``w`` waste, ``h`` foundation:

- ``w3`` waste top to column 3, ``wh`` waste top home, ``5h`` column 5's top card home;
- ``37``: from column 3 onto column 7 the one run that fits there, i.e. the face-up card of
  column 3 that may lie on column 7's top, with everything above it (the run's bottom card
  fits); onto an empty column, the run whose bottom card is a king;
- ``s`` draws ``draw`` cards (fewer at the end of the stock) onto the waste, the last drawn on
  top; with the stock empty it recycles: the waste turns over into the stock in its former order;
- ``hS4`` takes the top card of the spade foundation back onto column 4.

**Score** (the Windows standard): waste → column +5, waste → foundation +10, column → foundation
+10, a column card turned face up +5, foundation → column −15, each recycle after the first −100
(draw 1) or −20 (draw 3); never below 0 (each change is clamped at 0 as it happens).

**Lost** (:meth:`Klondike.status`): no card can move except through the stock, at any point of
the stock's cycle. Precisely: no column → column, column → foundation or foundation → column move
(moving a whole column that starts with a king into an empty column only renumbers columns and
does not count), and no card that the waste shows while the stock is drawn through and recycled
(the waste tops of the current pass and of one full pass after it) fits a foundation or a column.
Then drawing only turns the same cycle of cards forever, so no move can change the outcome. A
position where only pointless moves remain (a card shuffled between two equal places, a card
taken back from a foundation) is reported ``playing``: proving those useless needs a search. A
lost game keeps the moves its cards allow (the draws, recycles and renumberings left): the rules
allow them, and none changes the outcome; the app refuses them once it has said the game is lost.

**Deal** (Pasyans shuffle v1 of :func:`games.cards.deck`, :mod:`games.deal`), laid out as the
real game is dealt, in rows: ``d[0..6]`` go to columns 1..7 (column 1's card face up, the rest
face down), ``d[7..12]`` to columns 2..7 (column 2's face up), and so on to ``d[27]`` on column 7
(face up); the stock is ``d[28..51]``, ``d[28]`` drawn first. Deal code ``KL1-D1-AAAAAAB``
(``D1`` draw one, ``D3`` draw three; base 26, ``A`` = 0).

**Position** (docs/contract.md): ``Game: klondike``, ``Draw: 1|3``, ``Foundations: H-0 C-0 D-0 S-0``,
``Recycles: N`` (how many times the waste was turned over; written only when not 0, read
when given, default 0: the recycle penalty depends on it), ``Stock:``, ``Waste:``, then 7 lines ``: (QS) (2H) 5D 4C``
(face-down cards in parentheses, bottom first). ``Score:`` is read back when given (``play``
prints it after the position); ``Moves:`` and ``Status:`` are accepted and not kept in
the state (``play`` goes on counting from ``Moves:``: docs/contract.md, "The move counter").
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import NamedTuple

from . import codes
from .cards import CardError, deck, fmt, parse_card, suit_letters
from .columns import (fits, foundation_cards, format_foundations, goes_home, is_safe, move_places,
                      parse_foundations, run_start)
from .core import LOST, PLAYING, WON, Clock, GameError, IllegalMove, PositionError, Refusal, Rules
from .deal import shuffle
from .hints import klondike_value
from .i18n import N_
from .position import distinct_cards, int_field, join, read_fields, rule_field, tokens
from .numbers import is_digits
from .quoting import quote

N_COLUMNS = 7
WASTE, STOCK, FOUNDATION, FOUNDATION_OF = 7, 8, 9, 10
"""Places of :class:`Move`: columns are 0..6; ``FOUNDATION_OF + suit`` (10..13) is one foundation
as a source."""
SUIT_LETTERS = "CDHS"

MSG_BAD_MOVE = N_("'{text}' is not a move (w3, wh, 5h, 37, s, hS4)")
MSG_BAD_COLUMN = N_("There is no column {col} (columns are 1 to 7)")
MSG_NO_CARD = N_("There is no card there")
MSG_NOT_HOME = N_("This card cannot go to its foundation yet")
MSG_NOT_FIT = N_("The card must be one rank lower and of the other colour")
MSG_KING_ONLY = N_("Only a king can go to an empty column")
MSG_NO_RUN = N_("No card of that column fits there")
MSG_OTHER_RUN = N_("A run of {n} does not fit there: the run that fits is the top {k} (from {card})")
MSG_SAME = N_("A card cannot move to its own column")
MSG_STOCK_EMPTY = N_("The stock and the waste are empty")
MSG_OVER = N_("The game is over")
MSG_FACE_DOWN = N_("This card is face down")
MSG_NOT_RUN = N_("Those cards are not in order and cannot move together")
MSG_NOWHERE = N_("This card has nowhere to go")
MSG_WASTE_TOP = N_("Only the waste's top card can be played")


class Move(NamedTuple):
    """One Klondike move: ``n`` cards from place ``src`` to place ``dst`` (see the module docstring;
    a draw is ``(STOCK, WASTE, k)``, a recycle ``(WASTE, STOCK, len(waste))``)."""

    src: int
    dst: int
    n: int = 1


@dataclass(frozen=True, slots=True)
class KlondikeState:
    """One Klondike position (hashable; moves share the untouched piles).

    Attributes:
        columns: 7 tuples of cards, bottom to top.
        down: how many cards at the bottom of each column are face down.
        stock: face down, the next card to draw first.
        waste: bottom to top.
        foundations: height (0..13) of the foundation of each suit, C D H S.
        draw: 1 or 3 cards a draw.
        recycles: how many times the waste has been turned over.
        score: points (Windows standard scoring).
    """

    columns: tuple
    down: tuple
    stock: tuple
    waste: tuple
    foundations: tuple = (0, 0, 0, 0)
    draw: int = 1
    recycles: int = 0
    score: int = 0


class Klondike(Rules):
    """Klondike rules; see the module docstring for state, moves, score, lost and the deal."""
    counters = ("recycles", "score")

    name = "klondike"
    title = N_("Klondike")
    code_prefix = "KL1"
    CODE_EXAMPLE = "D1"
    CODE_RULE_PART = "the rule part must be D1 (draw one) or D3 (draw three)"
    search_modules = ("games.solvers.klondike_proof", "games.solvers.klondike")
    options = {"draw": ("1", "3")}
    RECYCLE_PENALTY = {1: 100, 3: 20}

    # -- deals -----------------------------------------------------------------------------------
    @classmethod
    def deal(cls, number: int, options: dict[str, str]) -> KlondikeState:
        """Deal ``number`` (see the module docstring for the order the cards are laid out)."""
        o = cls.check_options(options)
        d = shuffle(deck(), cls.name, number)
        cols: list[list] = [[] for _ in range(N_COLUMNS)]
        k = 0
        for row in range(N_COLUMNS):
            for c in range(row, N_COLUMNS):
                cols[c].append(d[k])
                k += 1
        return KlondikeState(tuple(tuple(c) for c in cols), tuple(range(N_COLUMNS)), tuple(d[k:]), (),
                             (0, 0, 0, 0), int(o["draw"]))

    @classmethod
    def code(cls, number: int, options: dict[str, str]) -> str:
        """``KL1-D1-…`` (draw one) or ``KL1-D3-…`` (draw three)."""
        return codes.encode(cls.code_prefix, "D" + cls.check_options(options)["draw"], number)

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """Read ``KL1-D1-…`` / ``KL1-D3-…``. :raises CodeError: quoting the code."""
        letters, number = codes.decode(code, cls.code_prefix, cls.CODE_EXAMPLE, cls.CODE_RULE_PART)
        if letters not in ("D1", "D3"):
            raise codes.CodeError(f"'{quote(code)}': {cls.CODE_RULE_PART}", codes.RULE_PART)
        return number, {"draw": letters[1]}

    # -- rules -----------------------------------------------------------------------------------
    @staticmethod
    def _movable(s: KlondikeState, i: int, dst_top: int | None) -> int:
        """How many cards of column ``i`` go onto a column whose top is ``dst_top`` (``None``:
        empty), or 0."""
        col = s.columns[i]
        if not col:
            return 0
        lo = run_start(col, s.down[i])
        for j in range(lo, len(col)):
            c = col[j]
            if (dst_top is None and c & 15 == 13) or (dst_top is not None and fits(c, dst_top)):
                return len(col) - j
        return 0

    @classmethod
    def legal_moves(cls, s: KlondikeState) -> list[Move]:
        """Every legal move in this order: ``wh``, ``1h``..``7h``, ``w1``..``w7``, column to
        column (by source, then destination), foundation to column (suits C D H S), ``s``; none
        once the game is won. A lost game keeps the moves its cards allow: its draws, recycles and
        whole king columns moved to an empty column change nothing (docs/rules.md "Lost": no move
        can change the outcome), and they stay legal."""
        if sum(s.foundations) == 52:
            return []
        return cls._moves(s)

    @classmethod
    def _moves(cls, s: KlondikeState) -> list[Move]:
        """The moves the cards allow, in :meth:`legal_moves`' order, whether the game is lost or not."""
        out: list[Move] = []
        cols, f = s.columns, s.foundations
        if s.waste and goes_home(s.waste[-1], f):
            out.append(Move(WASTE, FOUNDATION))
        for i in range(N_COLUMNS):
            if cols[i] and goes_home(cols[i][-1], f):
                out.append(Move(i, FOUNDATION))
        if s.waste:
            w = s.waste[-1]
            for j in range(N_COLUMNS):
                if (cols[j] and fits(w, cols[j][-1])) or (not cols[j] and w & 15 == 13):
                    out.append(Move(WASTE, j))
        for i in range(N_COLUMNS):
            if not cols[i]:
                continue
            for j in range(N_COLUMNS):
                if i != j:
                    n = cls._movable(s, i, cols[j][-1] if cols[j] else None)
                    if n:
                        out.append(Move(i, j, n))
        for su in range(4):
            if f[su]:
                c = su * 16 + f[su]
                for j in range(N_COLUMNS):
                    if (cols[j] and fits(c, cols[j][-1])) or (not cols[j] and f[su] == 13):
                        out.append(Move(FOUNDATION_OF + su, j))
        if s.stock or s.waste:
            out.append(cls._draw_move(s))
        return out

    @staticmethod
    def _draw_move(s: KlondikeState) -> Move:
        if s.stock:
            return Move(STOCK, WASTE, min(s.draw, len(s.stock)))
        return Move(WASTE, STOCK, len(s.waste))

    move_value = classmethod(klondike_value)
    """Hints' value and reason of a move (:func:`games.hints.klondike_value`)."""

    @classmethod
    def why_not(cls, s: KlondikeState, m: Move) -> Refusal | None:
        """Why ``m`` is refused: the catalogue message and its fill-ins (a :class:`Refusal`),
        or ``None`` when it is legal."""
        if sum(s.foundations) == 52:
            return Refusal(MSG_OVER)
        return cls._why_not(s, m)

    @classmethod
    def _why_not(cls, s: KlondikeState, m: Move) -> Refusal | None:
        """:meth:`why_not` for a game not yet won, the game's end aside."""
        cols, f = s.columns, s.foundations
        if m.src == STOCK or m.dst == STOCK:
            if not s.stock and not s.waste:
                return Refusal(MSG_STOCK_EMPTY)
            return None if m == cls._draw_move(s) else Refusal(MSG_BAD_MOVE)
        # the moving card(s)
        if m.src == WASTE:
            if not s.waste:
                return Refusal(MSG_NO_CARD)
            cards = (s.waste[-1],)
        elif m.src >= FOUNDATION_OF:
            su = m.src - FOUNDATION_OF
            if not 0 <= su < 4 or not f[su]:
                return Refusal(MSG_NO_CARD)
            cards = (su * 16 + f[su],)
        elif 0 <= m.src < N_COLUMNS:
            col = cols[m.src]
            if not col:
                return Refusal(MSG_NO_CARD)
            if m.dst == m.src:
                return Refusal(MSG_SAME)
            if m.dst == FOUNDATION:
                cards = (col[-1],)
            else:
                if not 0 <= m.dst < N_COLUMNS:
                    return Refusal(MSG_BAD_MOVE)
                n = cls._movable(s, m.src, cols[m.dst][-1] if cols[m.dst] else None)
                if not n:   # one card held (or alone face up) breaks the rule of a card; of a run, none fits
                    if not cols[m.dst]:
                        return Refusal(MSG_KING_ONLY)
                    return Refusal(MSG_NOT_FIT if m.n == 1 or len(col) - s.down[m.src] == 1 else MSG_NO_RUN)
                if m.n == n:
                    return None
                return Refusal(MSG_OTHER_RUN, {"n": m.n, "k": n, "card": fmt(col[-n])})
        else:
            return Refusal(MSG_BAD_MOVE)
        c = cards[0]
        if m.dst == FOUNDATION:
            if m.src >= FOUNDATION_OF:
                return Refusal(MSG_BAD_MOVE)
            return None if goes_home(c, f) else Refusal(MSG_NOT_HOME)
        if not 0 <= m.dst < N_COLUMNS or m.n != 1:
            return Refusal(MSG_BAD_MOVE)
        d = cols[m.dst]
        if not d:
            return None if c & 15 == 13 else Refusal(MSG_KING_ONLY)
        return None if fits(c, d[-1]) else Refusal(MSG_NOT_FIT)

    @classmethod
    def apply(cls, s: KlondikeState, m: Move) -> KlondikeState:
        """The state after ``m``, scored as in the module docstring.

        :raises IllegalMove: with the reason, leaving ``s`` as it was.
        """
        why = cls.why_not(s, m)
        if why is not None:
            text = cls.format_move(s, m)
            raise IllegalMove(why.msgid, text, **{"text": text, **why.fields})
        score = s.score
        if m.src == STOCK:
            k = m.n
            return KlondikeState(s.columns, s.down, s.stock[k:], s.waste + s.stock[:k], s.foundations,
                                 s.draw, s.recycles, score)
        if m.dst == STOCK:
            rec = s.recycles + 1
            if rec >= 2:
                score = max(0, score - cls.RECYCLE_PENALTY[s.draw])
            return KlondikeState(s.columns, s.down, s.waste, (), s.foundations, s.draw, rec, score)
        cols, down, waste, f = list(s.columns), list(s.down), s.waste, list(s.foundations)
        if m.src == WASTE:
            moving = (waste[-1],)
            waste = waste[:-1]
            score += 10 if m.dst == FOUNDATION else 5
        elif m.src >= FOUNDATION_OF:
            su = m.src - FOUNDATION_OF
            moving = (su * 16 + f[su],)
            f[su] -= 1
            score = max(0, score - 15)
        else:
            col = cols[m.src]
            n = 1 if m.dst == FOUNDATION else m.n
            moving = col[len(col) - n:]
            rest = col[:len(col) - n]
            cols[m.src] = rest
            if m.dst == FOUNDATION:
                score += 10
            if rest and down[m.src] >= len(rest):
                down[m.src] = len(rest) - 1
                score += 5
        if m.dst == FOUNDATION:
            f[moving[0] >> 4] += 1
        else:
            cols[m.dst] = cols[m.dst] + moving
        return KlondikeState(tuple(cols), tuple(down), s.stock, waste, tuple(f), s.draw, s.recycles, score)

    @classmethod
    def stock_shows(cls, s: KlondikeState) -> set[int]:
        """The cards (ints) that show on top of the waste while the stock is only drawn through
        and recycled: every stock and waste card drawing one, every third of them drawing three
        (the lost panel counts them)."""
        return cls._waste_cycle(s)

    @classmethod
    def _waste_cycle(cls, s: KlondikeState) -> set[int]:
        """Every card that shows on top of the waste while the stock is only drawn and recycled,
        from ``s`` through one full pass after the next recycle."""
        # drawing k = draw cards at a time from ``stock`` shows stock[k-1], stock[2k-1], … and
        # last stock[-1]; the recycle turns the waste over into stock order ``waste + stock``
        d = s.draw
        seen = {s.waste[-1]} if s.waste else set()
        for cards in (s.stock, s.waste + s.stock):
            seen.update(cards[d - 1::d])
            if cards:
                seen.add(cards[-1])
        return seen

    @classmethod
    def status(cls, s: KlondikeState) -> str:
        """``won`` when all 52 cards are home; ``lost`` as defined in the module docstring."""
        if sum(s.foundations) == 52:
            return WON
        return LOST if cls._lost(s, cls._moves(s)) else PLAYING

    @staticmethod
    def _progress(s: KlondikeState, m: Move) -> bool:
        """Whether the legal move ``m`` proves by itself that ``s`` is not lost: any move but a
        draw, a recycle or a waste card's move (those are judged over the whole stock cycle by
        :meth:`_lost`) and a whole king column moved to an empty column (it only renumbers the
        columns)."""
        if m.src == WASTE or m.src == STOCK or m.dst == STOCK:
            return False
        cols = s.columns
        return not (0 <= m.src < N_COLUMNS and 0 <= m.dst < N_COLUMNS and not cols[m.dst]
                    and s.down[m.src] == 0 and m.n == len(cols[m.src]))

    @classmethod
    def _lost(cls, s: KlondikeState, moves: list[Move]) -> bool:
        """Whether ``s`` (not won), whose :meth:`_moves` are ``moves``, is lost as the module
        docstring defines it."""
        return not any(cls._progress(s, m) for m in moves) and not cls._cycle_plays(s)

    @classmethod
    def _cycle_plays(cls, s: KlondikeState) -> bool:
        """Whether a card of the stock cycle (:meth:`_waste_cycle`) can go home, onto a column's
        top or (a king) to an empty column: then ``s`` is not lost."""
        f = s.foundations
        tops = [c[-1] for c in s.columns if c]
        empty = len(tops) < N_COLUMNS
        for w in cls._waste_cycle(s):
            if goes_home(w, f) or (empty and w & 15 == 13) or any(fits(w, t) for t in tops):
                return True
        return False

    @classmethod
    def solver(cls, state: KlondikeState, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """A resumable thoughtful-Klondike solver (it sees face-down cards and the stock's
        order); see :mod:`games.solvers.klondike`."""
        from .solvers.klondike import solver

        return solver(state, max_nodes, timeout, clock)

    # -- helpers for the app (docs/rules.md, "Features …") --------------------------------------------
    LINE_VIEW_HORIZON = 150
    """How many moves of a line :meth:`line_in_view` looks through for a move to bring forward."""

    @classmethod
    def line_in_view(cls, state: KlondikeState, line: list[str]) -> list[str]:
        """``line`` (a winning line from ``state``) with its first move that is neither a draw
        (``s``) nor a waste card's move, among its first :data:`LINE_VIEW_HORIZON`, brought to the
        front when the line starts with draws and that move commutes: legal now, and the moves it
        jumps over, replayed after it, reach the very position (columns, stock, waste, foundations
        and recycles; the score may differ where it met its floor of 0) the line reached there, so
        the rest of the line is unchanged. The
        solver's talon macro moves (docs/solvers.md, Klondike) order a line's draws before
        column moves it could make at once; a hint that walks the player through the stock while
        column moves lie in view is not what Microsoft Solitaire Collection or PySolFC hint.
        Returns ``line`` itself when it does not start with a draw or no such move commutes."""
        if not line or line[0] != "s":
            return line
        states = [state]
        s = state
        try:
            for t in line[:cls.LINE_VIEW_HORIZON]:
                s = cls.apply(s, cls.parse_move(s, t))
                states.append(s)
        except GameError:
            return line
        for j in range(1, len(states) - 1):
            t = line[j]
            if t == "s" or t[:1].lower() == "w":
                continue
            try:
                s = cls.apply(state, cls.parse_move(state, t))
                for k in range(j):
                    s = cls.apply(s, cls.parse_move(s, line[k]))
            except GameError:
                continue
            if replace(s, score=0) == replace(states[j + 1], score=0):
                return [t, *line[:j], *line[j + 1:]]
        return line

    @classmethod
    def safe_to_foundation(cls, s: KlondikeState, exclude=()) -> list[tuple[int, Move]]:
        """The playable cards that no longer matter (:func:`games.columns.is_safe`): the waste top
        and the column tops that may go home and be left there, except the cards in ``exclude``
        (the card the player just took back from a foundation). Returns ``(card, move)`` pairs,
        waste first, then columns 1..7."""
        out = []
        if s.waste:
            out.append((s.waste[-1], Move(WASTE, FOUNDATION)))
        out += [(c[-1], Move(i, FOUNDATION)) for i, c in enumerate(s.columns) if c]
        ex = set(exclude)
        return [(c, m) for c, m in out if c not in ex and goes_home(c, s.foundations) and is_safe(c, s.foundations)]

    @classmethod
    def tap_moves(cls, s: KlondikeState, src: int, index: int | None = None, legal: list | None = None) -> list[Move]:
        """The legal moves of the card tapped at place ``src`` (a column 0..6 with the card's
        ``index`` in it, default its top; :data:`WASTE`; ``FOUNDATION_OF + suit``), best first:
        the foundation when the card is safe there, then columns where it lengthens a run
        (longest run first), the other non-empty columns, the foundation when not safe, then an
        empty column. Empty when the card cannot move (face down, covered by an unordered card).
        ``legal``: the state's :meth:`legal_moves` when the caller has them already (the same
        answer, without working them out again for every card)."""
        want_n = None
        if 0 <= src < N_COLUMNS:
            col = s.columns[src]
            if not col:
                return []
            idx = len(col) - 1 if index is None else index
            want_n = len(col) - idx
        cands = []
        for m in (cls.legal_moves(s) if legal is None else legal):
            if m.src != src or m.dst in (STOCK, WASTE):
                continue
            if want_n is not None and (m.n if m.dst != FOUNDATION else 1) != want_n:
                continue
            cands.append(m)
        return sorted(cands, key=lambda m: _tap_key(s.columns, s.foundations, m, cls.moving_card(s, m)))

    @classmethod
    def moving_card(cls, s: KlondikeState, m: Move) -> int:
        """The card ``m`` lifts: the waste's top, a foundation's top, the column's top for a move
        to a foundation, else the first card of the run that moves."""
        if m.src == WASTE:
            return s.waste[-1]
        if m.src >= FOUNDATION_OF:
            su = m.src - FOUNDATION_OF
            return su * 16 + s.foundations[su]
        col = s.columns[m.src]
        return col[-1] if m.dst == FOUNDATION else col[len(col) - m.n]

    @classmethod
    def movable(cls, s: KlondikeState, col: int, index: int) -> bool:
        """Whether card ``index`` of column ``col`` may be lifted: face up and at or above the
        start of the column's ordered tail (:func:`games.columns.run_start`).

        >>> s = Klondike.deal(1, {})
        >>> Klondike.movable(s, 6, 6), Klondike.movable(s, 6, 5)
        (True, False)
        """
        col_cards, d = s.columns[col], s.down[col]
        return d <= index < len(col_cards) and index >= run_start(col_cards, d)

    @classmethod
    def tap_refusal(cls, s: KlondikeState, src: int, index: int) -> Refusal | None:
        """Why a tap on card ``index`` of place ``src`` (a column, the waste or a foundation;
        ``index`` counts from the bottom of that pile) has no move, or ``None`` when it has one."""
        if 0 <= src < N_COLUMNS:
            if index < s.down[src]:
                return Refusal(MSG_FACE_DOWN)
            if not cls.movable(s, src, index):
                return Refusal(MSG_NOT_RUN)
            return None if cls.tap_moves(s, src, index) else Refusal(MSG_NOWHERE)
        size = len(s.waste) if src == WASTE else s.foundations[src - FOUNDATION_OF]
        if index != size - 1:
            return Refusal(MSG_WASTE_TOP if src == WASTE else MSG_NOT_RUN)
        return None if cls.tap_moves(s, src) else Refusal(MSG_NOWHERE)

    @classmethod
    def win_score(cls, s: KlondikeState, seconds: float, moves: int, solvable_only: bool = True) -> int:
        """The points of a won game (docs/columns-ui.md): the game's Windows-standard score plus
        Windows' time bonus, 700 000 / whole seconds for a game of 30 s or more, times 2 when
        drawing three. ``moves`` and ``solvable_only`` do not count. Integers only.

        >>> from dataclasses import replace
        >>> s = Klondike.deal(1, {"draw": "3"})
        >>> Klondike.win_score(replace(s, score=500), 350.7, 120)
        5000
        """
        whole = int(seconds)
        bonus = 700_000 // whole if whole >= 30 else 0
        return (s.score + bonus) * (2 if s.draw == 3 else 1)

    @classmethod
    def can_finish(cls, s: KlondikeState) -> bool:
        """Finish is offered when the stock and the waste are empty and every card is face up."""
        return not s.stock and not s.waste and not any(s.down) and sum(s.foundations) < 52

    @classmethod
    def finish_moves(cls, s: KlondikeState) -> list[Move] | None:
        """The moves that play every card home (lowest card first), when :meth:`can_finish`;
        ``None`` otherwise or when the columns are out of order and the cards cannot all go home."""
        if not cls.can_finish(s):
            return None
        out = []
        while sum(s.foundations) < 52:
            best = None
            for i, c in enumerate(s.columns):
                if c and goes_home(c[-1], s.foundations) and (best is None or c[-1] & 15 < s.columns[best][-1] & 15):
                    best = i
            if best is None:
                return None
            m = Move(best, FOUNDATION)
            out.append(m)
            s = cls.apply(s, m)
        return out

    # -- text ------------------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, s: KlondikeState, text: str) -> Move:
        """A move in the notation of the module docstring (case-insensitive).

        :raises IllegalMove: when the text is not a move of this game, quoting it.
        """
        t = suit_letters(text.strip()).lower()
        def bad() -> IllegalMove:     # made only when the text is refused
            return IllegalMove.not_a_move(MSG_BAD_MOVE, text)

        if t == "s":
            if not s.stock and not s.waste:
                # a won game says so, as for every other move (why_not)
                raise IllegalMove(MSG_OVER if sum(s.foundations) == 52 else MSG_STOCK_EMPTY, t)
            return cls._draw_move(s)
        def column(num: str) -> int:  # a column number as typed, leading zeros allowed
            if not 1 <= int(num) <= N_COLUMNS:
                raise IllegalMove(MSG_BAD_COLUMN, quote(text.strip()), col=int(num))
            return int(num) - 1

        if len(t) >= 3 and t[0] == "h" and t[1].upper() in SUIT_LETTERS:
            if not is_digits(t[2:]):
                raise bad()
            return Move(FOUNDATION_OF + SUIT_LETTERS.index(t[1].upper()), column(t[2:]))
        places = move_places(t, "wh")
        if places is None:
            raise bad()
        a, b = places
        if a == "h" or b == "w":
            raise bad()
        src = WASTE if a == "w" else column(a)
        if b == "h":
            return Move(src, FOUNDATION)
        dst = column(b)
        if src == WASTE:
            return Move(WASTE, dst)
        n = cls._movable(s, src, s.columns[dst][-1] if s.columns[dst] else None) if src != dst else 0
        return Move(src, dst, n or 1)

    @classmethod
    def format_move(cls, s: KlondikeState, m: Move) -> str:
        """``m`` in the notation of the module docstring."""
        if m.src == STOCK or m.dst == STOCK:
            return "s"

        def place(p):
            if p == WASTE:
                return "w"
            if p == FOUNDATION:
                return "h"
            if p >= FOUNDATION_OF:
                return "h" + SUIT_LETTERS[(p - FOUNDATION_OF) % 4]
            return str(p + 1)

        return place(m.src) + place(m.dst)

    KEYS = {"game", "draw", "foundations", "recycles", "stock", "waste", "score", "moves", "status"}

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str]) -> KlondikeState:
        """Read a Klondike position (module docstring). ``Draw:`` in the text wins over ``options``.

        :raises PositionError: naming the line and what is wrong (a missing or repeated card, a
            face-down card above a face-up one, a column whose top card is face down…).
        """
        o = cls.check_options(options)
        f = read_fields(text, cls.KEYS, cls.name)
        draw = rule_field(f, "draw", o["draw"])
        if draw not in cls.options["draw"]:
            raise PositionError(f"line {f.line('draw')}: Draw '{quote(draw)}' is not 1 or 3")
        try:
            found = parse_foundations(f.require("foundations"), f.line("foundations"))
        except ValueError as e:
            raise PositionError(str(e)) from None
        stock = [c for c, _ in tokens(f.get("stock", ""), f.line("stock"), "Stock", pile=True) if c is not None]
        # a drawn card lies face up until it leaves the waste
        waste = [c for c, _ in tokens(f.get("waste", ""), f.line("waste"), "Waste", "the waste's cards", pile=True)
                 if c is not None]
        if len(f.columns) != N_COLUMNS:
            raise PositionError(f"a Klondike position needs {N_COLUMNS} column lines ': …', found {len(f.columns)}")
        cols, down = [], []
        for k, (txt, line) in enumerate(f.columns, 1):
            toks = [t for t in tokens(txt, line, f"column {k}", pile=True) if t[0] is not None]
            nd = 0
            while nd < len(toks) and not toks[nd][1]:
                nd += 1
            if any(not up for _, up in toks[nd:]):
                raise PositionError(f"line {line}: column {k} has a face-down card above a face-up one")
            if toks and nd == len(toks):
                raise PositionError(f"line {line}: column {k}'s top card must be face up")
            for (a, _), (b, _) in zip(toks[nd:], toks[nd + 1:]):
                if not fits(b, a):  # play only ever makes a run of the face-up cards
                    raise PositionError(f"line {line}: column {k}'s face-up cards must be a run "
                                        f"(down by one, colours alternating): {fmt(b)} on {fmt(a)}")
            cols.append(tuple(c for c, _ in toks))
            down.append(nd)
        seen = distinct_cards([(c, f.line("foundations")) for c in foundation_cards(found)]
                              + [(c, f.line("stock")) for c in stock] + [(c, f.line("waste")) for c in waste]
                              + [(c, line) for col, (_, line) in zip(cols, f.columns) for c in col])
        if len(seen) != 52:
            missing = [fmt(c) for c in deck() if c not in seen]
            raise PositionError(f"cards missing: {' '.join(missing[:8])}{' …' if len(missing) > 8 else ''}")
        recycles = int_field(f, "recycles", 0)
        score = int_field(f, "score", 0)
        return KlondikeState(tuple(cols), tuple(down), tuple(stock), tuple(waste), found, int(draw), recycles, score)

    @classmethod
    def format_position(cls, s: KlondikeState) -> str:
        """The position text (module docstring); :meth:`parse_position` reads it back unchanged."""
        lines = ["Game: klondike", f"Draw: {s.draw}", "Foundations: " + format_foundations(s.foundations),
                 "Stock: " + join(s.stock, face_up=False), "Waste: " + join(s.waste)]
        if s.recycles:  # only then: a deal's text stays exactly the CONTRACT keys
            lines.insert(3, f"Recycles: {s.recycles}")
        for col, d in zip(s.columns, s.down):
            lines.append(": " + " ".join(fmt(c, i >= d) for i, c in enumerate(col)))
        return "\n".join(x.rstrip() for x in lines) + "\n"


def _tap_key(columns, foundations, m, card) -> tuple:
    """Sort key of :meth:`Klondike.tap_moves`: safe foundation, run-lengthening columns, other
    columns, unsafe foundation, empty columns."""
    dst = m.dst
    if dst == FOUNDATION:
        return (0, 0) if is_safe(card, foundations) else (3, 0)
    if 0 <= dst < N_COLUMNS and columns[dst]:
        col = columns[dst]
        run = len(col) - run_start(col)
        return (1 if run >= 2 else 2, -run, dst)
    return (5, dst)
