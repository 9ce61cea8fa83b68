"""TriPeaks (docs/rules.md, "TriPeaks").

The tableau is 28 slots in the reading order of ``layouts/tripeaks/peaks.toml``: Row 1 = slots
0..2, Row 2 = 3..8, Row 3 = 9..17, Row 4 = 18..27; covering comes from that file. A slot is
``None`` once its card is gone. A card is face up exactly when no card covers it any more (it turns
up the moment both covering cards are gone, and face down again when undo brings one back), so
the state needs no face-up flags.

Moves are ints: a slot index 0..27 moves that card to the waste, :data:`DRAW` (-1) turns the
stock's next card onto the waste.

Deal layout of the shuffled deck ``d`` (Pasyans shuffle v1, :mod:`games.deal`): slots 0..27 get
``d[0..27]``, the waste ``d[28]``, the stock ``d[29..51]`` (``d[29]`` drawn first).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from . import codes, layout
from .cards import deck, fmt
from .core import LOST, PLAYING, WON, Clock, IllegalMove, PositionError, Refusal, Rules
from .deal import shuffle
from .hints import tripeaks_value
from .i18n import N_
from .position import distinct_cards, int_field, join, read_fields, rule_field, tokens
from .quoting import quote

DRAW = -1
LAYOUT = layout.get("tripeaks/peaks.toml")
N_SLOTS = len(LAYOUT)
COVERED_BY = LAYOUT.covered_by
ROWS = ((0, 3), (3, 9), (9, 18), (18, 28))
"""Slot ranges ``[start, stop)`` of rows 1..4."""
PEAK_TOPS = frozenset(range(0, 3))
# For the moves-scoring bonus each peak owns its 6 cards and part of row 4 (docs/rules.md): 9, 9, 10.
PEAKS = (
    frozenset({0, 3, 4, 9, 10, 11, 18, 19, 20}),
    frozenset({1, 5, 6, 12, 13, 14, 21, 22, 23}),
    frozenset({2, 7, 8, 15, 16, 17, 24, 25, 26, 27}),
)
PEAK_OF = tuple(next(p for p, s in enumerate(PEAKS) if i in s) for i in range(N_SLOTS))

MSG_RANK = N_("The card must be one rank higher or lower")
MSG_BLOCKED = N_("This card is blocked")
MSG_NO_MOVES = N_("No more moves available")
MSG_STOCK_EMPTY = N_("The stock is empty")
MSG_OVER = N_("The game is over")
MSG_NOT_IN_TABLEAU = N_("{card} is not in the tableau")
MSG_BAD_MOVE = N_("'{text}' is not a move (a tableau card such as KC, or s to draw)")


@dataclass(frozen=True, slots=True)
class TriPeaksState:
    """One TriPeaks position.

    Attributes:
        tableau: 28 cards (``None`` where removed), slot order as above.
        stock: face-down stock, next card to draw first.
        waste: bottom to top; the top is ``waste[-1]``.
        mode: ``easy`` (K and A are neighbours) or ``classic``.
        scoring: ``streak`` or ``moves``.
        score: points.
        streak: cards removed since the last stock draw (the current streak).
    """

    tableau: tuple
    stock: tuple
    waste: tuple
    mode: str = "easy"
    scoring: str = "streak"
    score: int = 0
    streak: int = 0


def exposed(tableau: tuple, i: int) -> bool:
    """Whether slot ``i`` holds a card that no card covers any more (face up and free)."""
    if tableau[i] is None:
        return False
    for j in COVERED_BY[i]:
        if tableau[j] is not None:
            return False
    return True


def fits(card: int, top: int, mode: str) -> bool:
    """Whether ``card`` may go on waste top ``top``: one rank apart; in Easy K and A also touch."""
    d = abs((card & 15) - (top & 15))
    return d == 1 or (d == 12 and mode == "easy")


def streak_points(n: int) -> int:
    """Points of a streak of ``n`` cards under streak scoring: sum of 5k+5 for k = 1..n."""
    return 5 * n * (n + 1) // 2 + 5 * n


class TriPeaks(Rules):
    """TriPeaks rules; see the module docstring for the state and moves."""
    counters = ("score", "streak")

    name = "tripeaks"
    title = N_("TriPeaks")
    code_prefix = "TP1"
    CODE_EXAMPLE = "E"
    CODE_RULE_PART = "the rule letter must be E (Easy) or C (Classic)"
    search_modules = ("games.solvers.tripeaks",)
    options = {"mode": ("easy", "classic"), "scoring": ("streak", "moves")}
    START_SCORE = {"streak": 0, "moves": 500}
    bank_options = ("mode",)
    """Who can win depends on the mode, not on the scoring (games/bank.py)."""

    # -- deals -----------------------------------------------------------------------------------
    @classmethod
    def deal(cls, number: int, options: dict[str, str]) -> TriPeaksState:
        """Deal ``number``: see the module docstring for the layout of the shuffled deck."""
        o = cls.check_options(options)
        d = shuffle(deck(), cls.name, number)
        return TriPeaksState(tuple(d[:28]), tuple(d[29:]), (d[28],), o["mode"], o["scoring"],
                             cls.START_SCORE[o["scoring"]], 0)

    @classmethod
    def code(cls, number: int, options: dict[str, str]) -> str:
        """``TP1-E-…`` (Easy) or ``TP1-C-…`` (Classic)."""
        mode = cls.check_options(options)["mode"]
        return codes.encode(cls.code_prefix, "C" if mode == "classic" else "E", number)

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """Read ``TP1-E-…``; ``N`` (the old letter) reads as Easy."""
        letters, number = codes.decode(code, cls.code_prefix, cls.CODE_EXAMPLE, cls.CODE_RULE_PART)
        modes = {"E": "easy", "N": "easy", "C": "classic"}
        if letters not in modes:
            raise codes.CodeError(f"'{quote(code)}': {cls.CODE_RULE_PART}", codes.RULE_PART)
        return number, {"mode": modes[letters]}

    # -- rules -----------------------------------------------------------------------------------
    @classmethod
    def legal_moves(cls, s: TriPeaksState) -> list[int]:
        """Tableau slots that fit the waste top (slot order), then :data:`DRAW` if the stock has cards."""
        t = s.tableau
        if all(c is None for c in t):
            return []
        out = []
        if s.waste:
            top, mode = s.waste[-1], s.mode
            out = [i for i in range(N_SLOTS) if exposed(t, i) and fits(t[i], top, mode)]
        if s.stock:
            out.append(DRAW)
        return out

    move_value = classmethod(tripeaks_value)
    """Hints' value and reason of a move (:func:`games.hints.tripeaks_value`)."""

    @classmethod
    def why_not(cls, s: TriPeaksState, move: int) -> Refusal | None:
        """Why ``move`` is refused: the catalogue message and its fill-ins (a :class:`Refusal`),
        or ``None`` when it is legal."""
        if cls.status(s) != PLAYING:
            return Refusal(MSG_OVER)
        if move == DRAW:
            return None if s.stock else Refusal(MSG_STOCK_EMPTY)
        if not 0 <= move < N_SLOTS or s.tableau[move] is None:
            return Refusal(MSG_BLOCKED)
        if not exposed(s.tableau, move):
            return Refusal(MSG_BLOCKED)
        if not s.waste or not fits(s.tableau[move], s.waste[-1], s.mode):
            return Refusal(MSG_RANK)
        return None

    @classmethod
    def apply(cls, s: TriPeaksState, move: int) -> TriPeaksState:
        """Remove a tableau card to the waste, or draw; scores per ``s.scoring`` (docs/rules.md)."""
        why = cls.why_not(s, move)
        if why is not None:
            raise why.error(cls.format_move(s, move))
        if move == DRAW:
            score = max(0, s.score - 1) if s.scoring == "moves" else s.score
            return replace(s, stock=s.stock[1:], waste=s.waste + (s.stock[0],), score=score, streak=0)
        card = s.tableau[move]
        t = s.tableau[:move] + (None,) + s.tableau[move + 1:]
        streak = s.streak + 1
        if s.scoring == "moves":
            score = s.score - 1
            if all(t[j] is None for j in PEAKS[PEAK_OF[move]]):
                score += 100
            score = max(0, score)
        else:
            score = s.score + 5 * streak + 5
            if move in PEAK_TOPS:
                score += 50
            if all(c is None for c in t):
                score += 100 + 20 * len(s.stock)
        return TriPeaksState(t, s.stock, s.waste + (card,), s.mode, s.scoring, score, streak)

    @classmethod
    def status(cls, s: TriPeaksState) -> str:
        """Won when the tableau is empty; lost when the stock is empty and no free card fits."""
        t = s.tableau
        if all(c is None for c in t):
            return WON
        if s.stock:
            return PLAYING
        if s.waste:
            top = s.waste[-1]
            for i in range(N_SLOTS):
                if exposed(t, i) and fits(t[i], top, s.mode):
                    return PLAYING
        return LOST

    @classmethod
    def result_extras(cls, states: list) -> dict:
        """The longest streak of the line of play ``states`` and the stock cards left at its
        end (badges)."""
        return {"longest_run": max((st.streak for st in states), default=0),
                "stock_left": len(states[-1].stock)}

    @classmethod
    def open_cards(cls, s: TriPeaksState) -> list[int]:
        """The face-up free tableau cards, in slot order."""
        return [s.tableau[i] for i in range(N_SLOTS) if exposed(s.tableau, i)]

    @classmethod
    def needed_ranks(cls, s: TriPeaksState) -> list[int]:
        """The ranks (1..13) that would fit the waste top: what a lost game was missing."""
        if not s.waste:
            return []
        r = s.waste[-1] & 15
        out = {r - 1, r + 1}
        if s.mode == "easy":
            out |= {13 if r == 1 else 0, 1 if r == 13 else 0}
        return sorted(x for x in out if 1 <= x <= 13)

    @classmethod
    def solver(cls, state: TriPeaksState, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """See :mod:`games.solvers.tripeaks`."""
        from .solvers.tripeaks import solver

        return solver(state, max_nodes, timeout, clock)

    # -- text ------------------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, s: TriPeaksState, text: str) -> int:
        """``s`` (draw) or a tableau card by name (``KC``, ``10h``, ``K♣``).

        :raises IllegalMove: when the text is no move or names a card not in the tableau.
        """
        from .cards import CardError, parse_card

        t = text.strip()
        if t.lower() == "s":
            return DRAW
        try:
            c = parse_card(t)
        except CardError:
            raise IllegalMove.not_a_move(MSG_BAD_MOVE, t) from None
        for i, x in enumerate(s.tableau):
            if x == c:
                return i
        raise IllegalMove(MSG_NOT_IN_TABLEAU, t, card=str(c))

    @classmethod
    def format_move(cls, s: TriPeaksState, move: int) -> str:
        """``s`` for a draw, else the slot's card (``KC``)."""
        if move == DRAW:
            return "s"
        if 0 <= move < N_SLOTS and s.tableau[move] is not None:
            return fmt(s.tableau[move])
        return f"slot{move}"

    KEYS = {"game", "mode", "row 1", "row 2", "row 3", "row 4", "waste", "stock", "score", "moves", "streak"}

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str]) -> TriPeaksState:
        """Read a TriPeaks position (docs/contract.md). ``Mode:`` in the text wins over ``options``;
        optional ``Score:`` and ``Streak:`` carry a game's score on (defaults: the scoring's start).
        Fewer than 52 cards is allowed (a what-if), no card at all is not.

        :raises PositionError: naming the line and what is wrong.
        """
        o = cls.check_options(options)
        f = read_fields(text, cls.KEYS, cls.name, columns=False)
        mode = rule_field(f, "mode", o["mode"]).lower()
        if mode not in cls.options["mode"]:
            raise PositionError(f"line {f.line('mode')}: Mode '{quote(f.get('mode'))}' is not easy or classic")
        tableau: list = []
        lines: list = []        # the line of each tableau place
        for r, (a, b) in enumerate(ROWS, 1):
            key = f"Row {r}"
            toks = tokens(f.require(key), f.line(key), key)
            if len(toks) != b - a:
                raise PositionError(f"line {f.line(key)}: {key} needs {b - a} places, found {len(toks)}")
            tableau += [c for c, _ in toks]
            lines += [f.line(key)] * len(toks)
        waste = [c for c, _ in tokens(f.get("waste", ""), f.line("waste"), "Waste", "the waste's cards", pile=True) if c is not None]
        stock = [c for c, _ in tokens(f.get("stock", ""), f.line("stock"), "Stock", pile=True) if c is not None]
        seen = distinct_cards([(c, line) for c, line in zip(tableau, lines) if c is not None]
                              + [(c, f.line("waste")) for c in waste] + [(c, f.line("stock")) for c in stock])
        if not seen:
            raise PositionError("the position holds no card: every row is empty (--) and so are the "
                                "waste and the stock")
        score = int_field(f, "score", cls.START_SCORE[o["scoring"]])
        streak = int_field(f, "streak", 0, 0, 52)
        return TriPeaksState(tuple(tableau), tuple(stock), tuple(waste), mode, o["scoring"], score, streak)

    @classmethod
    def trailer(cls, s: TriPeaksState) -> list[str]:
        """``Streak: N`` while a streak is running under streak scoring, so that chained ``play``
        calls score the next card of the streak as one call would."""
        return [f"Streak: {s.streak}"] if s.scoring == "streak" and s.streak else []

    @classmethod
    def format_position(cls, s: TriPeaksState) -> str:
        """The position text; covered cards in parentheses, removed slots ``--``, the stock face down."""
        lines = ["Game: tripeaks", f"Mode: {s.mode}"]
        for r, (a, b) in enumerate(ROWS, 1):
            row = [fmt(s.tableau[i], exposed(s.tableau, i)) for i in range(a, b)]
            lines.append(f"Row {r}: " + " ".join(row))
        lines.append("Waste: " + join(s.waste))
        lines.append("Stock: " + join(s.stock, face_up=False))
        return "\n".join(x.rstrip() for x in lines) + "\n"
