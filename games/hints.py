"""Why a move is worth playing: the one-line reason the app shows with a hint, and the best move
by plain heuristics when the solver does not answer in time (docs/rules.md,
"Features shared by all six games": hint and rescue).

Pure functions over the rules' states and moves (no pygame), one scorer per game
(``tripeaks_value`` … ``pyramid_value``), each game's :meth:`games.core.Rules.move_value`:

* :func:`reason` — the catalogue msgid (English text, mark ``N_``; show it with
  :func:`games.i18n.tr`) that says what ``move`` does in ``state``: "Frees a face-down card",
  "Safe to the foundation", "Keeps the streak alive", "Empties a column", "The only move",
  "Draw from the stock"…
* :func:`move_value` — a number ranking ``move`` among the legal moves by the same facts (higher
  is better; below :data:`USEFUL` the move changes nothing that matters, e.g. a card shuffled
  between two equal places or taken back from a foundation).
* :func:`best_move` — the legal move of highest value (ties: the rules' order), or ``None``;
  :func:`useful_moves` — the legal moves valued :data:`USEFUL` or more.

The scorers only look one move ahead; they are what the hint falls back on, never a promise of a
win (the solver, which sees face-down cards, is asked first).
"""
from __future__ import annotations

from dataclasses import replace

from .core import LOST
from .i18n import N_

R_ONLY = N_("The only move")
R_DRAW = N_("Draw from the stock")
R_RECYCLE = N_("Turn the waste over and go through the stock again")
R_DEAL = N_("Deal a new row from the stock")
R_FREES = N_("Frees a face-down card")
R_SAFE = N_("Safe to the foundation")
R_HOME = N_("Goes to the foundation")
R_STREAK = N_("Keeps the streak alive")
R_PEAK = N_("Clears the top of a peak")
R_EMPTIES = N_("Empties a column")
R_RUN = N_("Builds a run of one suit")
R_RUN_DONE = N_("Completes a run from king to ace")
R_BUILD = N_("Builds down on a column")
R_WASTE = N_("Plays the waste card")
R_UNCOVERS_HOME = N_("Uncovers a card that can go to the foundation")
R_CELL_OUT = N_("Frees a free cell")
R_TO_CELL = N_("Parks a card in a free cell")
R_KING_EMPTY = N_("Puts a king in the empty column")
R_BACK = N_("Takes a card back from the foundation")
R_TALON = N_("Plays the talon card")
R_STACK_DONE = N_("Completes a stack in its row")
R_STACK = N_("Builds a stack")
R_SWAP = N_("Puts a stack in its row")
R_KING = N_("Removes a king")
R_PAIR = N_("Removes a pair that makes 13")
R_UNCOVERS = N_("Frees a covered card")
R_LINE = N_("A step on the winning line")
R_POSSIBLE = N_("A possible move")

USEFUL = 0
"""Moves valued below this change nothing that matters (see the module docstring)."""


# -- per game: (value, reason msgid) of one legal move ---------------------------------------------
def tripeaks_value(rules, s, m):
    from .tripeaks import COVERED_BY, DRAW, N_SLOTS, exposed, fits

    if m == DRAW:
        return 0, R_DRAW
    t = list(s.tableau)
    t[m] = None
    freed = sum(1 for j in range(N_SLOTS) if m in COVERED_BY[j] and exposed(tuple(t), j))
    card = s.tableau[m]
    # can the streak go on after it: another open card fits the card just played
    follow = any(fits(t[j], card, s.mode) for j in range(N_SLOTS) if j != m and exposed(tuple(t), j))
    v = 40 + 12 * freed + (4 if follow else 0) + (m >= 18) + (10 if m < 3 else 0)
    if freed:
        return v, R_FREES
    if m < 3:
        return v, R_PEAK
    return v, R_STREAK


def klondike_value(rules, s, m):
    from .columns import goes_home, is_safe
    from .klondike import FOUNDATION, FOUNDATION_OF, N_COLUMNS, STOCK, WASTE

    if m.src == STOCK:
        return 10, R_DRAW
    if m.dst == STOCK:
        return 5, R_RECYCLE
    if m.src >= FOUNDATION_OF:
        return -20, R_BACK
    card = rules.moving_card(s, m)
    frees = empties = False
    uncovers_home = False
    if 0 <= m.src < N_COLUMNS:
        col, d = s.columns[m.src], s.down[m.src]
        n = 1 if m.dst == FOUNDATION else m.n
        rest = len(col) - n
        frees = d > 0 and rest == d
        empties = rest == 0
        if rest > d:
            uncovers_home = goes_home(col[rest - 1], s.foundations) and m.dst != FOUNDATION
    if m.dst == FOUNDATION:
        if is_safe(card, s.foundations):
            return 100, R_SAFE
        if frees:
            return 92 + s.down[m.src], R_FREES
        return 40, R_HOME
    if frees:
        return 90 + s.down[m.src], R_FREES
    if m.src == WASTE:
        if not s.columns[m.dst] and card & 15 == 13:
            return 45, R_KING_EMPTY
        return 50, R_WASTE
    if empties:
        # a king's whole column into an empty one only renumbers columns
        if card & 15 == 13 and not s.columns[m.dst]:
            return -10, R_POSSIBLE
        return 60, R_EMPTIES
    if uncovers_home:
        return 55, R_UNCOVERS_HOME
    return -5, R_BUILD


def freecell_value(rules, s, m):
    from .columns import goes_home, is_safe
    from .freecell import CELL, FOUNDATION, FOUNDATION_OF

    if m.src >= FOUNDATION_OF:
        return -20, R_BACK
    card = rules.moving_card(s, m)
    if m.dst == FOUNDATION:
        return (100, R_SAFE) if is_safe(card, s.foundations) else (70, R_HOME)
    if m.src >= CELL:
        return (65, R_CELL_OUT) if s.columns[m.dst] else (25, R_CELL_OUT)
    col = s.columns[m.src]
    rest = len(col) - m.n
    under = col[rest - 1] if rest > 0 else None
    home_next = under is not None and goes_home(under, s.foundations)
    if m.dst >= CELL:
        return (50, R_UNCOVERS_HOME) if home_next else (-2, R_TO_CELL)
    if rest == 0:
        if not s.columns[m.dst]:
            return -10, R_POSSIBLE       # a whole column into an empty one
        return 60, R_EMPTIES
    if home_next:
        return 55, R_UNCOVERS_HOME
    if not s.columns[m.dst]:
        return 5, R_POSSIBLE
    return 20 + m.n, R_BUILD


def spider_value(rules, s, m):
    from .spider import DEAL, run_length

    if m == DEAL:
        return 10, R_DEAL
    a, b, n = m
    col, d = s.columns[a], s.down[a]
    after = rules.apply(s, m)
    if len(after.completed) > len(s.completed):
        return 100, R_RUN_DONE
    rest = len(col) - n
    if d > 0 and rest == d:
        return 90 + d, R_FREES
    target = s.columns[b][-1] if s.columns[b] else None
    if rest == 0 and target is not None:
        return 70, R_EMPTIES
    if target is None:
        return (-10, R_POSSIBLE) if rest == 0 else (5, R_POSSIBLE)
    same = target >> 4 == col[-n] >> 4
    # leaving a card that the run already sat on naturally splits a run for nothing
    split = rest > d and col[rest - 1] == col[rest] + 1
    if same:
        gain = run_length(after.columns[b], after.down[b]) - run_length(col, d)
        return (50 + gain if not split or gain > 0 else -5), R_RUN
    return (-5 if split else 20), R_BUILD


def devils_grip_value(rules, s, m):
    from .devils_grip import COLS, MERGE, SWAP, TALON, TURN, chain_of, complete_in_row

    if m.kind == TURN:
        return 10, R_DRAW
    g = s.grid
    if m.kind == TALON:
        return 50, R_TALON
    if m.kind == MERGE:
        stack = g[m.dst] + g[m.src]
        if complete_in_row(stack, m.dst):
            return 60, R_STACK_DONE
        return (40 if chain_of(stack[0]) == m.dst // COLS else 30), R_STACK
    if m.kind == SWAP:
        def home(i, j):  # the stack now in i sits in its chain's row once in j
            return bool(g[i]) and chain_of(g[i][0]) == j // COLS and chain_of(g[i][0]) != i // COLS
        if home(m.src, m.dst) or home(m.dst, m.src):
            return 1, R_SWAP
        return -10, R_POSSIBLE
    return 0, R_POSSIBLE


def pyramid_value(rules, s, m):
    from .pyramid import KING, STOCK, WASTE, card_at, free, rank

    if not m:
        return (10, R_DRAW) if s.stock else (5, R_RECYCLE)
    cards = list(s.cards)
    for x in m:
        if x >= 0:
            cards[x] = None
    after = replace(s, cards=tuple(cards))
    freed = sum(1 for i in range(len(cards)) if cards[i] is not None and not free(s, i) and free(after, i))
    layout_cards = sum(1 for x in m if x >= 0)
    v = 40 + 15 * freed + 5 * layout_cards
    if freed:
        return v, R_UNCOVERS
    if len(m) == 1 and rank(card_at(s, m[0])) == KING:
        return v, R_KING
    return v, R_PAIR


_STOCK_REASONS = (R_DRAW, R_RECYCLE, R_DEAL)


def generic_value(rules, s, m):
    """The value of a move in a game without a scorer of its own: a stock move, else any move."""
    text = rules.format_move(s, m)
    return (5, R_DRAW) if text in ("s", "d") else (1, R_POSSIBLE)


def move_value(rules, state, move) -> tuple[float, str]:
    """``(value, reason msgid)`` of the legal ``move`` in ``state`` (higher value is better; see
    the module docstring). :raises games.core.IllegalMove: only if a scorer must apply an illegal
    move (Spider), i.e. never for a move of ``rules.legal_moves(state)``."""
    return rules.move_value(state, move)


def reason(rules, state, move, legal: list | None = None, on_line: bool = False) -> str:
    """The msgid saying why ``move`` is worth playing in ``state``: "The only move" when it is the
    only legal one (a stock move keeps its own reason), else what it does; a move that does
    nothing remarkable is "A step on the winning line" when ``on_line`` (the solver chose it),
    else "A possible move". ``legal`` saves recomputing ``rules.legal_moves(state)``."""
    legal = rules.legal_moves(state) if legal is None else legal
    _, why = move_value(rules, state, move)
    if len(legal) == 1 and why not in _STOCK_REASONS:
        return R_ONLY
    if on_line and why in (R_POSSIBLE, R_BUILD):
        return R_LINE
    return why


def best_move(rules, state, avoid=None):
    """The legal move of highest :func:`move_value` (the first of equals in the rules' order), or
    ``None`` when there is no legal move. ``avoid``: places (:meth:`games.core.Rules.place`) of
    positions the game has been at; a move back to one of them is never chosen (``None`` when
    every legal move goes back), so following the hint on a lost position does not go round
    in a circle (FreeCell ``1a a1 1a``…, Klondike's draws round the stock)."""
    best, best_v = None, None
    for m in rules.legal_moves(state):
        if avoid and rules.place(rules.apply(state, m)) in avoid:
            continue
        v = move_value(rules, state, m)[0]
        if best_v is None or v > best_v:
            best, best_v = m, v
    return best


def useful_moves(rules, state) -> list:
    """The legal moves valued :data:`USEFUL` or more (stock moves included)."""
    return [m for m in rules.legal_moves(state) if move_value(rules, state, m)[0] >= USEFUL]



HINT_KINDS = ("winning", "best", "lost", "progress", "guess", "none")
"""What a hint is (:func:`hint`, :func:`decide`): a move on a winning line; the first move of the
best line found (a game scored by the cards it leaves); the best move left in a position proved
lost; a step toward more cards face up or home (the search's progress line); the best move by rule
of thumb; no legal move at all."""


CHECK_NODES = 10_000
"""Nodes of the proof search each candidate of a fallback hint gets (:class:`FallbackCheck`):
enough to prove lost a move that loses at once in Klondike (the daily of 2027-01-27's progress move ``45``: about 5 000; docs/assist.md, "Hint")."""
CHECK_MOVES = 4
"""Fallback candidates checked at most; a fifth is taken unchecked when all four are proved lost."""


def progress_move(rules, state, search):
    """The first move of ``search``'s progress line when it has one and that move is legal in
    ``state``, else ``None``."""
    from .core import GameError

    line = search.progress_line() if search is not None else None
    if line:
        try:
            m = rules.parse_move(state, line[0])
            if rules.why_not(state, m) is None:
                return m
        except GameError:
            pass
    return None


def fallback_moves(rules, state, search=None, avoid=()) -> list:
    """The moves a hint with no winning line falls back on, best first: the first move of
    ``search``'s progress line when it has one legal here (:func:`progress_move`), then the legal
    moves by :func:`move_value` (equals in the rules' order); those that go back to a position the
    game has been at (``avoid``: their places, :meth:`games.core.Rules.place`) last, so following
    the hint does not go back and forth (Spider ``3-6``, ``6-3``, … for ever)."""
    legal = rules.legal_moves(state)
    m = progress_move(rules, state, search)
    first = [] if m is None else [m]
    ranked = sorted(range(len(legal)), key=lambda i: -move_value(rules, state, legal[i])[0])
    out = first + [legal[i] for i in ranked if legal[i] not in first]
    if avoid:
        back = {i for i, x in enumerate(out) if rules.place(rules.apply(state, x)) in avoid}
        out = [x for i, x in enumerate(out) if i not in back] + [x for i, x in enumerate(out) if i in back]
    return out


class FallbackCheck:
    """A sliced check of a fallback hint's candidates (:func:`fallback_moves`): the position after
    each, best first, is searched by the game's solver for :data:`CHECK_NODES` nodes, and the
    hint takes the first one not proved lost — a rule-of-thumb or progress move that the check
    proves loses is not hinted while a move not proved lost is left (a fallback move could lose a
    winnable deal, docs/assist.md "Hint"). A check that finds a win makes the candidate a
    winning move; when every legal move is checked and proved lost, the position is lost.

    :meth:`step` (``n`` nodes) returns ``True`` once the check is over; :meth:`verdict` answers at
    any time with what is known (a candidate not yet checked counts as not proved lost), so the
    app may stop it at the hint's deadline. ``nodes``: the nodes searched so far."""

    def __init__(self, rules, state, candidates: list, nodes_each: int = CHECK_NODES,
                 limit: int = CHECK_MOVES):
        self.rules, self.state = rules, state
        self.candidates = list(candidates)
        self.nodes_each, self.limit = nodes_each, limit
        self.k = 0              # the candidate being checked
        self.lost = 0           # candidates proved lost (the first ones)
        self.won = None         # (move, line) of a candidate a check found a win after
        self.search = None
        self.done_nodes = 0
        self.over = not self.candidates

    @property
    def nodes(self) -> int:
        return self.done_nodes + (self.search.nodes if self.search is not None else 0)

    def step(self, n: int = 2000) -> bool:
        """Search about ``n`` nodes more of the check; ``True`` once it is over. Starting a
        candidate's search is a step of its own, whatever ``n`` (the solver's set-up, 0.4-2 ms of
        Klondike's natively, never adds to a step of nodes sized for the time left)."""
        from .solvers.search import SOLVED, UNSOLVABLE

        if not self.over and self.search is None:
            after = self.rules.apply(self.state, self.candidates[self.k])
            self.search = self.rules.solver(after, max_nodes=self.nodes_each)
            return False
        while not self.over and n > 0:
            if self.search is None:
                break           # the next candidate's search starts in the next step
            before = self.search.nodes
            r = self.search.step(n)
            n -= max(1, self.search.nodes - before)
            if r is None:
                continue
            self.done_nodes += self.search.nodes
            self.search = None
            m = self.candidates[self.k]
            if r.status == SOLVED:
                self.won = (m, [self.rules.format_move(self.state, m)] + list(r.moves))
                self.over = True
            elif r.status == UNSOLVABLE:
                self.lost += 1
                self.k += 1
                self.over = self.k >= len(self.candidates) or self.k >= self.limit
            else:
                self.over = True        # not proved lost: this one is the hint
        return self.over

    def verdict(self):
        """``(kind, move, line)`` from what is known now: ``("winning", move, line)`` when a
        check found a win after ``move``; ``("lost", None, None)`` when every legal move is proved
        lost; else ``("checked", move, None)``, the first candidate not proved lost."""
        if self.won is not None:
            return "winning", self.won[0], self.won[1]
        if self.lost >= len(self.candidates):
            return "lost", None, None
        return "checked", self.candidates[min(self.lost, len(self.candidates) - 1)], None


FOLLOW_CHECK_STEP = 10
"""Nodes of the check a :class:`FollowUp` step searches at most: a node of Klondike's proof search
(the check's solver) is up to tens of its search's nodes (68 of them ran 30-40 ms natively under
load), so its steps stay short whatever the caller's estimate of a node's cost."""


class FollowUp:
    """A hint's search and its fallback's check gone on with after the hint was shown unsettled:
    at the app's deadline the search had no answer and the check had not proved the shown move
    lost or won (a slow device: the page under load settles neither in 0.40 s where a desktop
    does both in 0.01 s; docs/assist.md, "Hint"). The table steps it in the frames' spare time
    while the player looks (``GameTable.step_follow``) and, each time :meth:`step` says something
    settled, decides the hint again (:func:`decide` with :attr:`result`, ``search``, ``check``):
    a shown move proved lost gives way to the next candidate not proved lost, a win found makes
    the hint a move on that line, a proof that every move loses makes it the lost hint.

    ``result``: the search's answer when it had one (``unknown``: its nodes spent), else
    ``None`` and ``search`` goes on, up to ``max_nodes`` nodes in all (then its answer counts as
    ``unknown``: a search dropped when the player moves frees its tables in that frame, about
    0.1 ms per 1 000 Klondike nodes natively, 0.4 ms per 1 000 of Spider's); ``check``: the
    :class:`FallbackCheck` (``None`` when the game keeps none). The two take turns, a slice each:
    :meth:`part` names the one the next steps go to and :meth:`turn` passes it on (their nodes cost
    differently, a Klondike proof node many search nodes, so the caller sizes each one's steps
    by its own recent cost). :attr:`over` once nothing is left to settle."""

    def __init__(self, rules, state, result, search, check, max_nodes: int | None = None):
        self.rules, self.state = rules, state
        self.result, self.search, self.check = result, search, check
        self.max_nodes = max_nodes
        self.checking_turn = False     # the check's turn (else the search's)

    @property
    def over(self) -> bool:
        """Whether nothing is left to settle: the search answered ``solved`` or ``unsolvable``
        (the hint is then settled whatever the check says), or it answered ``unknown`` and the
        check is over (or there is none)."""
        from .solvers.search import UNKNOWN

        if self.result is None:
            return False
        return self.result.status != UNKNOWN or self.check is None or self.check.over

    def part(self) -> int:
        """Which one the next steps go to: 0 the search, 1 the check (the other when the one
        whose turn it is has nothing left to do)."""
        checking = self.check is not None and not self.check.over
        if self.result is None and not (checking and self.checking_turn):
            return 0
        return 1

    def turn(self) -> None:
        """The other one's turn (after a slice)."""
        self.checking_turn = not self.checking_turn

    def step(self, n: int = 200) -> bool:
        """About ``n`` nodes of the search or of the check, whichever's turn it is (:meth:`part`);
        ``True`` when something settled in this step (the search answered, or the check settled a
        candidate or ended), so that the hint is to be decided again."""
        if self.over:
            return True
        checking = self.check is not None and not self.check.over
        if self.part() == 0:
            from .solvers.search import UNKNOWN, Result

            r = self.search.step(n)
            if r is None and self.max_nodes is not None and self.search.nodes >= self.max_nodes:
                r = Result(UNKNOWN, [], self.search.nodes)
            if r is not None:
                self.result = r
                return True
            return False
        if not checking:
            return False
        k, lost = self.check.k, self.check.lost
        over = self.check.step(min(n, FOLLOW_CHECK_STEP))
        return over or self.check.k != k or self.check.lost != lost


def fallback_check(rules, state, result, search, best_line: bool = False,
                   nodes_each: int = CHECK_NODES, avoid=()):
    """The :class:`FallbackCheck` a hint runs when its search gave no winning line and no proof
    of loss (``result`` ``None`` or ``unknown``), else ``None`` (also for a game whose hint is its
    best line, ``best_line``, a position with no legal move, and a game that keeps no time for
    the check, ``rules.hint_check_share`` 0). ``avoid``: :func:`fallback_moves`'."""
    from .solvers.search import UNKNOWN

    if best_line or (result is not None and result.status != UNKNOWN) or not rules.has_solver() \
            or not rules.hint_check_share:
        return None
    moves = fallback_moves(rules, state, search, avoid)
    return FallbackCheck(rules, state, moves, nodes_each) if moves else None


def decide(rules, state, result, search, best_line: bool = False, check=None, past=()):
    """What the hint in ``state`` is, from the hint search's answer — the one decision the app's
    table (``GameTable.finish_hint``) and :func:`hint` share (docs/assist.md, "Hint"):
    ``(kind, move, line)``. In order: with ``best_line`` (a game scored by the cards it leaves),
    the first move of the best line ``search`` keeps (``"best"``, ``"winning"`` when that line
    wins; a search that kept none counts as no answer); a winning line's first move (the hint
    search's line has no rounds back to a place it had been at:
    :meth:`games.core.Rules.hint_search`) after :meth:`games.core.Rules.line_in_view`
    (``"winning"``, ``line`` the line so reordered, for the next hints to follow); a proved loss
    (``"lost"``, ``move`` the best move left by rule of thumb, None when there is no legal move);
    the first move of the search's progress line when it is legal here (``"progress"``); else
    ``("guess", None, None)``: the caller's rule of thumb. ``result``: the search's
    :class:`games.solvers.search.Result`, or None when it gave none in time. With ``check`` (a
    :class:`FallbackCheck`, finished or stopped), the progress or rule-of-thumb move is the first
    of its candidates not proved lost (``"progress"`` when that is the progress line's move, else
    ``("guess", move, None)``), a candidate it found a win after is ``"winning"`` (``line`` the
    line from here) and every legal move proved lost is ``"lost"``. ``past``: the positions the
    game has been at before this one; the ``"lost"`` kind's move never goes back to one of them
    (:func:`best_move`'s ``avoid``: ``None`` when every legal move does), nor a ``"progress"`` or
    ``"guess"`` one while a move that does not is left (the guess ``None``, the caller's rule of
    thumb, when every move goes back)."""
    from .solvers.search import SOLVED, UNSOLVABLE

    best = search.best_moves() if search is not None and best_line else None
    if best:    # a best line that wins is a winning line (the app says so too)
        won = result is not None and result.status == SOLVED
        return ("winning" if won else "best"), rules.parse_move(state, best[0]), None
    if best is not None:
        result = None       # the search kept no line at all: as if it had not answered
    if result is not None and result.status == SOLVED and result.moves:
        shown = rules.line_in_view(state, list(result.moves))
        return "winning", rules.parse_move(state, shown[0]), shown
    avoid = {rules.place(p) for p in past}
    if result is not None and result.status == UNSOLVABLE:
        return "lost", best_move(rules, state, avoid), None
    if check is not None:
        kind, move, line = check.verdict()
        if kind == "winning":
            return "winning", move, line
        if kind == "lost":
            return "lost", best_move(rules, state, avoid), None
        progress = progress_move(rules, state, search)
        if avoid and move is not None and rules.place(rules.apply(state, move)) in avoid:
            move = best_move(rules, state, avoid) or move     # every candidate checked goes back
        return ("progress" if progress is not None and progress == move else "guess"), move, None
    move = progress_move(rules, state, search)
    if move is not None and not (avoid and rules.place(rules.apply(state, move)) in avoid):
        return "progress", move, None
    return "guess", (best_move(rules, state, avoid) if avoid else None), None


def _winning_line(rules, state, max_nodes: int | None, until) -> list | None:
    """The hint search's winning line from ``state`` (move texts), or ``None``: no win found
    within ``max_nodes``, or the time ``until`` (a ``time.perf_counter()`` value) passed."""
    import time

    from .solvers.search import SOLVED

    search = rules.hint_search(state, max_nodes)
    while True:
        r = search.step(2000)
        if r is not None:
            return list(r.moves) if r.status == SOLVED else None
        if until is not None and time.perf_counter() >= until:
            return None


def _leads_to(rules, state, line: list | None, place) -> bool:
    """Whether ``line``'s first move from ``state`` leads to a position of ``place``."""
    return bool(line) and rules.place(rules.apply(state, rules.parse_move(state, line[0]))) == place


def steady_line(rules, state, line: list, max_nodes: int | None = None, until=None) -> list:
    """The winning line the hint in ``state`` follows, given ``line`` (move texts), the hint
    search's own: the two lines of a pair of positions one move apart agree, so that following
    the hint from position to position never goes back and forth between them.

    Each hint is a fresh search, and two neighbouring positions' searches may each find a line
    through the other (FreeCell ``58`` from one, ``85/1`` back from the other): a player who
    follows the command line's ``hint`` then goes round the two for ever. So when ``line``'s
    first move leads to a position from which one move comes back here, the hint search is run
    there too (``max_nodes`` at most; not begun, or given up, after ``until``, a
    ``time.perf_counter()`` value), and when its line begins with that move back, the two are
    weighed as the lines they give from here: ``line`` itself, or that line without its first
    move, whichever is shorter (``line`` when they are as long). Both positions weigh the same
    two lines the same way, so at most one of them steps to the other. The line taken instead
    steps to a third position; when that one's own line comes straight back here, ``line`` is
    kept (a third search), else the two would make a new pair. Else ``line``."""
    import time

    if not line:
        return line
    here = rules.place(state)
    after = rules.apply(state, rules.parse_move(state, line[0]))
    if rules.status(after) != "playing" or (until is not None and time.perf_counter() >= until) or \
            not any(rules.place(rules.apply(after, m)) == here for m in rules.legal_moves(after)):
        return line
    back = _winning_line(rules, after, max_nodes, until)
    if not _leads_to(rules, after, back, here) or len(back) - 1 >= len(line) or len(back) < 2:
        return line
    third = rules.apply(state, rules.parse_move(state, back[1]))
    if rules.status(third) == "playing":
        ahead = _winning_line(rules, third, max_nodes, until)
        if _leads_to(rules, third, ahead, here) or (until is not None and time.perf_counter() >= until):
            return line     # a new pair, or not known in time
    return back[1:]


def forward_line(rules, state, line: list, avoid: set, max_nodes: int | None = None, until=None,
                 tries: int = CHECK_MOVES) -> list:
    """A winning line from ``state`` whose first move does not go back to a position the game
    has been at (``avoid``: their places, :meth:`games.core.Rules.place`), given ``line``, the
    hint search's: ``line`` itself when its first move goes forward; else, of the other legal
    moves that go forward, best by rule of thumb first (:func:`move_value`; at most ``tries``),
    the first after which the hint search (``max_nodes``) finds a win, with that line; else
    ``line`` (nothing better found, or the time ``until``, a ``time.perf_counter()`` value, ran
    out). With the moves played given (``hint --moves``), a program following the hints so never
    goes back along its own way while a forward win is found."""
    import time

    first = rules.parse_move(state, line[0])
    if rules.place(rules.apply(state, first)) not in avoid:
        return line
    forward = [m for m in rules.legal_moves(state)
               if m != first and rules.place(rules.apply(state, m)) not in avoid]
    forward.sort(key=lambda m: -move_value(rules, state, m)[0])
    for m in forward[:tries]:
        if until is not None and time.perf_counter() >= until:
            break
        after = rules.apply(state, m)
        rest = [] if rules.status(after) == "won" else _winning_line(rules, after, max_nodes, until)
        if rest is not None:
            return [rules.format_move(state, m)] + rest
    return line


def hint(rules, state, max_nodes: int | None = None, timeout: float | None = None, past=()):
    """The hint the app gives in ``state`` (docs/assist.md, "Hint"), decided as the table decides
    it (:func:`decide`), without the app's wall clock unless ``timeout`` (seconds) is given:
    ``(move, kind)``, kind one of :data:`HINT_KINDS` (``move`` None only for ``"none"``). The search
    is the game's hint search (:meth:`games.core.Rules.hint_search`, ``max_nodes`` nodes, default
    the app's); a game without a solver gives the rule of thumb. ``past``: the positions the game
    went through before ``state`` (:func:`decide`: the lost hint never goes back to one; a winning
    one only when no forward move's search finds a win, :func:`forward_line`). A winning line is
    also weighed against its neighbour's (:func:`steady_line`). A position lost by the rules
    that still has moves (docs/rules.md "Lost": none changes the outcome) is ``"lost"`` with the
    best of them by rule of thumb, without a search."""
    import time

    from .solvers.search import SOLVED, Result

    if not rules.legal_moves(state):
        return None, "none"
    if rules.status(state) == LOST:     # lost by the rules: moves are left, none changes the outcome
        return best_move(rules, state, {rules.place(p) for p in past}), "lost"
    result = search = check = None
    if rules.has_solver():
        search = rules.hint_search(state, max_nodes)
        t0 = time.perf_counter()
        # the app's share of its deadline: the search, then the fallback's check
        until = None if timeout is None else timeout * (1 - rules.hint_check_share)
        while True:
            result = search.step(2000)
            if result is not None or (until is not None and time.perf_counter() - t0 >= until):
                break
        check = fallback_check(rules, state, result, search, rules.hint_best_line,
                               avoid={rules.place(p) for p in past})
        while check is not None and not check.step(2000):
            if timeout is not None and time.perf_counter() - t0 >= timeout:
                break
        if result is not None and result.status == SOLVED and result.moves and not rules.hint_best_line:
            deadline = None if timeout is None else t0 + timeout
            line = steady_line(rules, state, list(result.moves), max_nodes, deadline)
            if past:
                line = forward_line(rules, state, line, {rules.place(p) for p in past}, max_nodes, deadline)
            if line != list(result.moves):
                result = Result(SOLVED, line, result.nodes, result.seconds)
    kind, move, _ = decide(rules, state, result, search, rules.hint_best_line, check, past)
    if kind == "guess" and move is None:
        move = best_move(rules, state)
    return move, kind
