"""Pyramid (docs/rules.md, "Pyramid").

**Layouts.** Layout ``N`` (1..55) is the file ``layouts/pyramid/NN-*.toml`` (:mod:`games.layout`):
its slots in reading order, covering derived from the drawing. Layout 1, the default, is the
classic 28-card pyramid (slot 0 the apex, slots 21..27 the bottom row, free at the start).

**State.** :class:`PyramidState`: the layout number, one card (or ``None`` once removed) per slot,
the stock (face up, next card to draw first), the waste (bottom to top), the discard pile (in the
order removed), the points won by moves, the pass number and the pass limit. All cards are face
up; a layout card is *free* when every card covering it is gone. *Available*: the free layout
cards, the waste top and the stock top.

**Moves** are tuples of *sources*: a slot index ``0..N-1``, :data:`WASTE` (-2) or :data:`STOCK`
(-1). ``(i,)`` removes an available king, ``(i, j)`` two available cards that add up to 13
(A=1 … Q=12, K=13), :data:`DRAW` ``()`` turns the stock top onto the waste or, when the stock is
empty, turns the whole waste back into the stock in its former order (the waste's bottom card is
drawn first again). Text (docs/contract.md): ``5H+8C``, ``KS``, ``s``. A card cannot pair with a card
that covers it: it is not free while that card is there (a card covered only by its would-be
partner is refused until it is free).

**Deal** ``n`` (Pasyans shuffle v1, :mod:`games.deal`): ``d = shuffle(deck(), "pyramid", n)``;
the layout's N slots get ``d[0..N-1]`` in slot order, the stock ``d[N..51]`` (``d[N]`` drawn
first); waste and discard empty. The shuffle does not depend on the layout.

**Deal codes** (:mod:`games.codes`): ``PY1-L<layout>-<number>``, the layout in two digits, and
``P3`` after it under the three-pass option: ``PY1-L01-AAAAAAB`` is deal 1 of layout 1,
``PY1-L17P3-AAAAABC`` deal 28 of layout 17 with three passes. Case-insensitive; one-digit
layouts (``L7``) are read too.

**Scoring** (docs/rules.md): +10 a pair or a king (``state.points``; undo gives them back, since undo
restores the earlier state). The clock is outside the rules: :func:`score` takes the seconds
since the first move and computes the shown score, ``max(0, points - 30 × ⌊seconds / 30⌋)``, plus
``⌊600000 / seconds⌋`` once the layout is empty. The command line has no clock and prints
``points``.

**Options**: ``layout=1..55`` (default 1); ``passes=unlimited|3`` (default unlimited; ``3`` is the
classic limit, used to compare with published solvers: the waste may be turned back twice).

**Lost** is decided exactly, see :func:`removal_possible`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

from . import codes, layout
from .cards import CardError, deck, fmt, parse_card
from .core import LOST, PLAYING, WON, Clock, IllegalMove, OptionError, PositionError, Refusal, Rules
from .deal import shuffle
from .hints import pyramid_value
from .i18n import N_
from .numbers import is_digits
from .quoting import quote
from .position import distinct_cards, int_field, join, read_fields, rule_field, tokens

N_LAYOUTS = 55
STOCK, WASTE = -1, -2
DRAW: tuple = ()
KING = 13
POINTS_PER_REMOVAL = 10
PENALTY_EVERY, PENALTY = 30, 30
WIN_BONUS = 600000

MSG_NOT_13 = N_("{a} and {b} do not add up to 13")
MSG_COVERED = N_("{card} is covered")
MSG_COVERED_BY_PARTNER = N_("{card} is covered by {partner}: free it first")
MSG_NOT_AVAILABLE = N_("{card} is not available")
MSG_NOT_KING = N_("{card} is not a king: it needs a partner that makes 13")
MSG_SAME = N_("A card cannot pair with itself")
MSG_NOTHING_TO_DRAW = N_("The stock and the waste are empty")
MSG_NO_PASSES = N_("No passes left")
MSG_OVER = N_("The game is over")
MSG_BAD_MOVE = N_("'{text}' is not a move (a pair such as 5H+8C, a king such as KS, or s to draw)")


# -- layouts ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Geometry:
    """A layout with the tables the rules use.

    Attributes:
        number: 1..55. layout: the parsed :class:`games.layout.Layout`.
        n: the number of slots.
        cover_mask: for each slot, the bit mask of the slots lying directly on it.
        above: for each slot, the bit mask of every slot lying on it directly or through others
            (the cards that must go before it is free; it can never pair with any of them).
    """

    number: int
    layout: layout.Layout
    n: int
    cover_mask: tuple[int, ...]
    above: tuple[int, ...]


def layout_path(number: int) -> str:
    """The path of layout ``number`` relative to ``layouts/`` (``pyramid/01-classic.toml``).

    :raises OptionError: when no file ``layouts/pyramid/NN-*.toml`` exists.
    """
    found = sorted((layout.LAYOUTS_DIR / "pyramid").glob(f"{number:02d}-*.toml"))
    if not found:
        raise OptionError(f"pyramid layout {number} does not exist (layouts 1..{N_LAYOUTS})")
    return f"pyramid/{found[0].name}"


@lru_cache(maxsize=None)
def geometry(number: int) -> Geometry:
    """The :class:`Geometry` of layout ``number`` (cached). :raises OptionError: if there is none."""
    lay = layout.get(layout_path(number))
    n = len(lay)
    cover = tuple(sum(1 << j for j in lay.covered_by[i]) for i in range(n))
    above = [0] * n
    for i in range(n - 1, -1, -1):  # covering cards come later in reading order
        m = cover[i]
        for j in lay.covered_by[i]:
            m |= above[j]
        above[i] = m
    return Geometry(number, lay, n, cover, tuple(above))


def rank(c: int) -> int:
    """A card's value for pairing: A=1 … Q=12, K=13."""
    return c & 15


def partner_rank(c: int) -> int | None:
    """The rank that pairs with card ``c`` (the two add up to 13), or ``None`` for a king, which
    goes alone.

    >>> partner_rank(0x05), partner_rank(0x1C), partner_rank(0x2D)
    (8, 1, None)
    """
    r = rank(c)
    return None if r == KING else 13 - r


# -- the state -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PyramidState:
    """One Pyramid position.

    Attributes:
        layout: layout number 1..55.
        cards: one card per slot (slot order of the layout file), ``None`` where removed.
        stock: face up, the next card to draw first (``stock[0]`` is the stock top, playable).
        waste: bottom to top (``waste[-1]`` is playable).
        discard: removed cards, in the order removed.
        points: points from moves (+10 a pair or a king); the clock's cost is :func:`score`'s.
        pass_no: the pass through the stock, 1 at the deal, +1 each time the waste is turned back.
        passes: the pass limit, 0 for unlimited.
    """

    layout: int
    cards: tuple
    stock: tuple
    waste: tuple
    discard: tuple = ()
    points: int = 0
    pass_no: int = 1
    passes: int = 0


def free(s: PyramidState, i: int) -> bool:
    """Whether slot ``i`` holds a card that no card covers any more."""
    if s.cards[i] is None:
        return False
    cards = s.cards
    for j in geometry(s.layout).layout.covered_by[i]:
        if cards[j] is not None:
            return False
    return True


def can_recycle(s: PyramidState) -> bool:
    """Whether the waste may still be turned back (unlimited, or passes left)."""
    return s.passes == 0 or s.pass_no < s.passes


def available(s: PyramidState) -> list[int]:
    """The available sources in canonical order: free slots ascending, then WASTE, then STOCK."""
    out = [i for i in range(len(s.cards)) if free(s, i)]
    if s.waste:
        out.append(WASTE)
    if s.stock:
        out.append(STOCK)
    return out


def card_at(s: PyramidState, src: int) -> int:
    """The card at an available source."""
    if src == STOCK:
        return s.stock[0]
    if src == WASTE:
        return s.waste[-1]
    return s.cards[src]


def removal_possible(s: PyramidState) -> bool:
    """Whether some pair or king can ever be removed from ``s`` (``False``: the game is lost).

    Proof that the test is exact. Until the first removal only draws and recycles happen, and they
    change neither the layout nor the order of the stock-and-waste cards: write ``D = waste (bottom
    to top) + stock (next first)``, ``n = len(D)``, and ``p = len(waste)``. A draw moves ``p`` to
    ``p + 1``; a recycle (``p = n``) moves it to 0 and keeps ``D`` (the waste turns back in its
    former order). So, before any removal, the reachable positions are exactly those with the same
    layout and ``p`` in ``P`` = ``0..n`` (when a recycle is allowed now or after the stock runs out:
    unlimited passes or passes left) or ``p0..n`` (the last pass, ``p0`` the current ``p``), and in
    the position ``p`` the available cards are the free layout cards ``F`` (fixed), the waste top
    ``D[p-1]`` (if ``p > 0``) and the stock top ``D[p]`` (if ``p < n``). A removal is therefore
    possible at some time iff for some ``p`` in ``P`` the set ``F ∪ {D[p-1], D[p]}`` holds a king or
    two cards adding up to 13. Cards of ``F`` can never pair with cards covering them (those are
    not in ``F``), so nothing else can be removed; and every such removal is a legal move once the
    draws have brought ``p`` there. The check below enumerates exactly those sets, in O(N + n).
    """
    cards = s.cards
    want: set[int] = set()  # ranks that pair with a free layout card
    for i in range(len(cards)):
        if free(s, i):
            r = rank(cards[i])
            if r == KING or r in want:
                return True
            want.add(13 - r)
    d = s.waste + s.stock
    n = len(d)
    first = 0 if can_recycle(s) else len(s.waste)
    for p in range(first, n + 1):
        w = rank(d[p - 1]) if p > 0 else 0
        t = rank(d[p]) if p < n else 0
        if w == KING or t == KING or w + t == 13 or (w and w in want) or (t and t in want):
            return True
    return False


def score(s: PyramidState, seconds: int) -> int:
    """The shown score of ``s`` when ``seconds`` (whole seconds, ≥ 0) have passed since the first
    move (docs/rules.md, "Pyramid"): the move points less 30 per full 30 seconds, never below 0, plus
    ``600000 // seconds`` once the layout is empty (a win in under a second counts as one second).

    The floor applies to the running score before the win bonus; time is an input so that the
    rules stay pure (the app passes its clock, tests a fake one).
    """
    if seconds < 0:
        raise ValueError(f"seconds {seconds} must not be negative")
    pts = max(0, s.points - PENALTY * (seconds // PENALTY_EVERY))
    if all(c is None for c in s.cards):
        pts += WIN_BONUS // max(1, seconds)
    return pts


# -- the rules -------------------------------------------------------------------------------------
class Pyramid(Rules):
    """Pyramid rules; see the module docstring for layouts, state, moves, deals and scoring."""
    counters = ("points", "pass_no")

    name = "pyramid"
    title = N_("Pyramid")
    code_prefix = "PY1"
    CODE_EXAMPLE = "L01"
    CODE_RULE_PART = f"the rule part must be L01..L{N_LAYOUTS} (the layout), optionally followed by P3"
    search_modules = ("games.solvers.pyramid",)
    options = {"layout": tuple(str(i) for i in range(1, N_LAYOUTS + 1)), "passes": ("unlimited", "3")}
    stats_options = ()  # statistics for the game as a whole, over every layout (docs/rules.md)

    @classmethod
    def check_options(cls, given: dict[str, str]) -> dict[str, str]:
        """As :meth:`Rules.check_options`, reading ``layout=07`` as ``7``."""
        g = dict(given)
        for k in list(g):
            if k.strip().lower() == "layout" and is_digits(str(g[k]).strip()):
                g[k] = str(int(str(g[k]).strip()))
        return super().check_options(g)

    # -- deals -----------------------------------------------------------------------------------
    @classmethod
    def deal(cls, number: int, options: dict[str, str]) -> PyramidState:
        """Deal ``number`` of the chosen layout (module docstring, "Deal")."""
        o = cls.check_options(options)
        g = geometry(int(o["layout"]))
        d = shuffle(deck(), cls.name, number)
        passes = 0 if o["passes"] == "unlimited" else int(o["passes"])
        return PyramidState(g.number, tuple(d[:g.n]), tuple(d[g.n:]), (), (), 0, 1, passes)

    @classmethod
    def code(cls, number: int, options: dict[str, str]) -> str:
        """``PY1-L01-AAAAAAB`` (module docstring, "Deal codes")."""
        o = cls.check_options(options)
        letters = f"L{int(o['layout']):02d}" + ("" if o["passes"] == "unlimited" else "P" + o["passes"])
        return codes.encode(cls.code_prefix, letters, number)

    @classmethod
    def decode(cls, code: str) -> tuple[int, dict[str, str]]:
        """Read ``PY1-L01-…`` or ``PY1-L01P3-…``. :raises codes.CodeError: quoting the code."""
        letters, number = codes.decode(code, cls.code_prefix, cls.CODE_EXAMPLE, cls.CODE_RULE_PART)
        body, p, passes = letters.partition("P")
        if not (body.startswith("L") and is_digits(body[1:]) and 1 <= int(body[1:]) <= N_LAYOUTS) \
                or (p and passes != "3"):
            raise codes.CodeError(f"'{quote(code)}': {cls.CODE_RULE_PART}", codes.RULE_PART)
        return number, {"layout": str(int(body[1:])), "passes": "3" if p else "unlimited"}

    # -- rules -----------------------------------------------------------------------------------
    @classmethod
    def legal_moves(cls, s: PyramidState) -> list[tuple]:
        """Kings, then pairs (sources in canonical order), then :data:`DRAW`; none once won. A lost
        game keeps its draws while the stock or a pass lasts: they change nothing (docs/rules.md
        "Lost"), and they stay legal."""
        if all(c is None for c in s.cards):
            return []
        av = available(s)
        out = []
        for a, x in enumerate(av):
            ra = rank(card_at(s, x))
            if ra == KING:
                out.append((x,))
                continue
            for y in av[a + 1:]:
                if ra + rank(card_at(s, y)) == 13:
                    out.append((x, y))
        if s.stock or (s.waste and can_recycle(s)):
            out.append(DRAW)
        return out

    @classmethod
    def _why_unavailable(cls, s: PyramidState, src: int, other: int | None) -> str | None:
        """Why source ``src`` is not available (``None`` if it is), with ``other`` its partner."""
        if src == STOCK:
            return None if s.stock else MSG_NOTHING_TO_DRAW
        if src == WASTE:
            return None if s.waste else MSG_NOTHING_TO_DRAW
        if not 0 <= src < len(s.cards) or s.cards[src] is None:
            return MSG_NOT_AVAILABLE
        if free(s, src):
            return None
        on_top = [j for j in geometry(s.layout).layout.covered_by[src] if s.cards[j] is not None]
        if other is not None and on_top == [other]:
            return MSG_COVERED_BY_PARTNER
        return MSG_COVERED

    move_value = classmethod(pyramid_value)
    """Hints' value and reason of a move (:func:`games.hints.pyramid_value`)."""

    @classmethod
    def why_not(cls, s: PyramidState, move: tuple) -> Refusal | None:
        """Why ``move`` is refused (a :class:`Refusal`: message and fields), or ``None`` if legal.

        A won game refuses everything ("The game is over"); a lost one refuses a removal for its
        own reason (none is possible) and allows a draw while the stock or a pass lasts."""
        if all(c is None for c in s.cards):
            return Refusal(MSG_OVER)
        if move == DRAW:
            if not s.stock and not s.waste:
                return Refusal(MSG_NOTHING_TO_DRAW)
            if not s.stock and not can_recycle(s):
                return Refusal(MSG_NO_PASSES)
            return None
        if len(move) == 2 and move[0] == move[1]:
            return Refusal(MSG_SAME)
        names = [cls._name(s, x) for x in move]
        for k, x in enumerate(move):
            other = move[1 - k] if len(move) == 2 else None
            why = cls._why_unavailable(s, x, other)
            if why is not None:
                return Refusal(why, {"card": names[k], "partner": names[1 - k] if other is not None else ""})
        if len(move) == 1:
            return None if rank(card_at(s, move[0])) == KING else Refusal(MSG_NOT_KING, {"card": names[0]})
        if rank(card_at(s, move[0])) + rank(card_at(s, move[1])) != 13:
            return Refusal(MSG_NOT_13, {"a": names[0], "b": names[1]})
        return None

    @staticmethod
    def _name(s: PyramidState, src: int) -> str:
        if src == STOCK:
            return fmt(s.stock[0]) if s.stock else "stock"
        if src == WASTE:
            return fmt(s.waste[-1]) if s.waste else "waste"
        if 0 <= src < len(s.cards) and s.cards[src] is not None:
            return fmt(s.cards[src])
        return f"slot {src + 1}"

    @classmethod
    def apply(cls, s: PyramidState, move: tuple) -> PyramidState:
        """The state after ``move``. :raises IllegalMove: with the reason; ``s`` is unchanged."""
        why = cls.why_not(s, move)
        if why is not None:
            raise why.error(cls.format_move(s, move))
        return cls._apply(s, move)

    @staticmethod
    def _apply(s: PyramidState, move: tuple) -> PyramidState:
        """``move`` applied without checks (the caller knows it is legal)."""
        if move == DRAW:
            if s.stock:
                return PyramidState(s.layout, s.cards, s.stock[1:], s.waste + (s.stock[0],), s.discard,
                                    s.points, s.pass_no, s.passes)
            return PyramidState(s.layout, s.cards, s.waste, (), s.discard, s.points, s.pass_no + 1, s.passes)
        cards, stock, waste, gone = s.cards, s.stock, s.waste, []
        for x in move:
            if x == STOCK:
                gone.append(stock[0])
                stock = stock[1:]
            elif x == WASTE:
                gone.append(waste[-1])
                waste = waste[:-1]
            else:
                gone.append(cards[x])
                cards = cards[:x] + (None,) + cards[x + 1:]
        return PyramidState(s.layout, cards, stock, waste, s.discard + tuple(gone),
                            s.points + POINTS_PER_REMOVAL, s.pass_no, s.passes)

    @classmethod
    def status(cls, s: PyramidState) -> str:
        """``won`` when the layout is empty; ``lost`` when no removal can ever happen
        (:func:`removal_possible`); else ``playing``."""
        if all(c is None for c in s.cards):
            return WON
        return PLAYING if removal_possible(s) else LOST

    @classmethod
    def score(cls, s: PyramidState, seconds: int | None = None) -> int:
        """The move points (no clock), or :func:`score` with ``seconds``."""
        return s.points if seconds is None else score(s, seconds)

    @classmethod
    def shown_score(cls, s: PyramidState, seconds: float, moves: int, solvable_only: bool = True) -> int:
        """The move points less the clock's cost, plus the win bonus (:func:`score` with the
        whole ``seconds`` played), won or not."""
        return score(s, int(seconds))

    @classmethod
    def solver(cls, state: PyramidState, max_nodes: int | None = None, timeout: float | None = None,
               clock: Clock = time.perf_counter):
        """See :mod:`games.solvers.pyramid`."""
        from .solvers.pyramid import solver

        return solver(state, max_nodes, timeout, clock)

    # -- text ------------------------------------------------------------------------------------
    @staticmethod
    def _card(text: str, move: str) -> int:
        """Card ``text`` of the move ``move``. :raises IllegalMove: naming ``move`` when ``text``
        is no card."""
        try:
            return parse_card(text)
        except CardError:
            raise IllegalMove.not_a_move(MSG_BAD_MOVE, move) from None

    @classmethod
    def _locate(cls, s: PyramidState, text: str, move: str) -> int:
        """The place of card ``text`` in the move ``move``; a text that is no card refuses the
        whole move, named as typed (docs/contract.md, "Move notation")."""
        c = cls._card(text, move)
        for i, x in enumerate(s.cards):
            if x == c:
                return i
        if s.stock and s.stock[0] == c:
            return STOCK
        if s.waste and s.waste[-1] == c:
            return WASTE
        raise IllegalMove(MSG_NOT_AVAILABLE, text, card=fmt(c))

    @classmethod
    def parse_move(cls, s: PyramidState, text: str) -> tuple:
        """``s`` (draw or recycle), a king ``KS`` or a pair ``5H+8C``, cards by name
        (``10h``, ``K♣`` too). A layout card's slot is found wherever it lies; a stock or waste
        card must be that pile's top.

        :raises IllegalMove: when the text is no move or a card named is not available.
        """
        t = text.strip()
        if t.lower() == "s":
            return DRAW
        parts = t.split("+")
        if len(parts) > 2 or not all(p.strip() for p in parts):
            raise IllegalMove.not_a_move(MSG_BAD_MOVE, t)
        for p in parts:  # every piece a card before any is looked for: 'KS+X' is no move at all
            cls._card(p.strip(), t)
        srcs = tuple(cls._locate(s, p.strip(), t) for p in parts)
        return srcs

    @classmethod
    def format_move(cls, s: PyramidState, move: tuple) -> str:
        """``s``, ``KS`` or ``5H+8C`` (cards in the move's order)."""
        if move == DRAW:
            return "s"
        return "+".join(cls._name(s, x) for x in move)

    KEYS = {"game", "layout", "cards", "stock", "waste", "discard", "passes", "pass", "score", "moves", "status"}

    @classmethod
    def parse_position(cls, text: str, options: dict[str, str]) -> PyramidState:
        """Read a Pyramid position (docs/contract.md). ``Layout:`` in the text wins over the option.
        Optional keys: ``Discard:`` (removed cards, else the cards not shown are taken as removed;
        a text with no card anywhere, Discard line or not, is refused: a position holds a card),
        ``Passes:`` (``unlimited`` or ``3``; written only for 3, and wins over ``--option passes``),
        ``Pass:`` (default 1), ``Score:`` (the move points, default 0); ``Moves:`` and ``Status:``
        (as ``play`` prints them) are not kept in the state (``play`` goes on counting from
        ``Moves:``: docs/contract.md, "The move counter").

        :raises PositionError: naming the line and what is wrong.
        """
        o = cls.check_options(options)
        f = read_fields(text, cls.KEYS, cls.name, columns=False)
        number = int(o["layout"])
        if f.get("layout") is not None:
            v = rule_field(f, "layout", "")
            if not is_digits(v) or not 1 <= int(v) <= N_LAYOUTS:
                raise PositionError(f"line {f.line('layout')}: Layout '{quote(v)}' is not a number 1..{N_LAYOUTS}")
            number = int(v)
        g = geometry(number)
        toks = tokens(f.require("Cards"), f.line("cards"), "Cards", "the pyramid's cards")
        if len(toks) != g.n:
            raise PositionError(f"line {f.line('cards')}: layout {number} has {g.n} places, "
                                f"Cards lists {len(toks)}")
        cards = [c for c, _ in toks]
        piles = {}
        for key in ("Stock", "Waste", "Discard"):
            piles[key] = [c for c, _ in tokens(f.get(key, ""), f.line(key), key, f"the {key.lower()}'s cards", pile=True)
                          if c is not None]
        seen = distinct_cards([(c, f.line("cards")) for c in cards if c is not None]
                              + [(c, f.line(key)) for key in ("Stock", "Waste", "Discard") for c in piles[key]])
        if not seen:     # a text with no card at all, Discard line or not (docs/contract.md)
            where = f"line {f.line('discard')}: " if f.get("discard") is not None else ""
            raise PositionError(f"{where}the position holds no card: the layout, the stock, the waste and "
                                "the Discard line are empty or missing")
        if f.get("discard") is None:
            piles["Discard"] = [c for c in deck() if c not in seen]
        passes_text = rule_field(f, "passes", o["passes"]).lower()
        if passes_text not in cls.options["passes"]:
            raise PositionError(f"line {f.line('passes')}: Passes '{quote(f.get('passes'))}' is not unlimited or 3")
        passes = 0 if passes_text == "unlimited" else int(passes_text)
        # a limited game is never past its last pass: Pass: 4 of Passes: 3 is no position of it
        pass_no = int_field(f, "pass", 1, 1, passes or 10 ** 6)
        points = int_field(f, "score", 0)
        return PyramidState(number, tuple(cards), tuple(piles["Stock"]), tuple(piles["Waste"]),
                            tuple(piles["Discard"]), points, pass_no, passes)

    @classmethod
    def format_position(cls, s: PyramidState) -> str:
        """The position text; ``Discard:`` once a card is removed, and also (empty) when the
        position holds fewer than 52 cards with none removed, so that reading it back does not take
        the cards left out as removed; ``Pass:`` from the second pass."""
        lines = ["Game: pyramid", f"Layout: {s.layout}", "Cards: " + join(s.cards),
                 "Stock: " + join(s.stock), "Waste: " + join(s.waste)]
        held = sum(c is not None for c in s.cards) + len(s.stock) + len(s.waste) + len(s.discard)
        if s.discard or held < 52:
            lines.append("Discard: " + join(s.discard))
        if s.passes:
            lines.append(f"Passes: {s.passes}")
        if s.pass_no != 1:
            lines.append(f"Pass: {s.pass_no}")
        return "\n".join(x.rstrip() for x in lines) + "\n"
