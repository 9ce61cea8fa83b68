"""The solver's help on every table (docs/assist.md): the hint's reason, the
rescue, the live "still winnable" line, Spider's finish and solvable deals without a bank.

One :class:`Assist` belongs to each :class:`~ui.table.base.GameTable` (``table.assist``); the
table calls it from a handful of places (``update``, ``changed``, ``start``, ``hint``,
``rebuild``/``draw``), so a new game's table (Pyramid) gets all of it for free. What it asks of
the table is declared in :class:`Host` (the position and its past, the few actions it takes:
undo k moves, play a line's move, start a deal…), never the table's internals; everything it
asks of a game goes through the rules: ``solver(state, max_nodes, timeout)`` (an object with
``step(n)``, ``run()`` and ``result``), ``has_solver()``, ``parse_move``/``apply``/``status``.

**Never blocking.** Every search is a :class:`Job`: a generator that yields solver objects and
gets their results back; :meth:`Job.advance` steps the current solver a few hundred nodes at a
time until its slice of the frame (:data:`SLICE` s, :data:`PANEL_SLICE` s while a modal panel
waits on it) is spent. A job answers on a later frame; the frame never waits.

**What is known** is kept per position: ``lines`` maps a state on a proven winning line to the
rest of that line (a hint, a rescue, the live line and the finish all reuse it: after following
a hint, the next hint is immediate); ``dead`` holds positions proven lost (every position
reached from a dead one is dead too, so the live line needs no search after a blunder's
successors). Results come from the solver, which sees the face-down cards; every place that
shows one says so.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

import pygame

from games import bank as banks
from games import hints
from games.core import LOST, PLAYING, WON, GameError
from games.i18n import N_, tr, tr_n
from games.solvers.search import SOLVED, UNSOLVABLE, LoopFree, Result

from .. import cards_art, text
from ..frame import DIM, INK, WARN
from .panels import Panel

SLICE = 0.004          # s of solver per frame for work the player does not wait on
PANEL_SLICE = 0.010    # s per frame while a modal panel (rescue, deal search) waits
NODES_STEP = 200       # nodes per solver step inside a slice
RESCUE_NODES, RESCUE_SECONDS = 400_000, 6.0      # from the current position
BACK_NODES, BACK_SECONDS, BACK_TOTAL = 60_000, 0.6, 12.0   # each earlier position; the whole look back
LIVE_NODES, LIVE_SECONDS = 200_000, 2.5          # the live line, after each move
FINISH_NODES, FINISH_SECONDS = 300_000, 4.0      # Spider's finish
DEAL_NODES, DEAL_SECONDS, DEAL_TRIES, DEAL_TOTAL = 200_000, 1.5, 40, 30.0  # a solvable deal
WIN_NODES, WIN_SECONDS = 3_000_000, 20.0         # a verified deal's winning line, at the deal
RESCUE_STEPS = 5       # moves a rescue offers to play
STEP_MS = 450          # between them (scaled by the animation speed, at least a quarter)
MAX_KNOWN = 5000       # positions remembered on winning lines (a whole game's worth)

MSG_SEES = N_("The solver sees face-down cards")
MSG_THINKING = N_("Thinking…")
MSG_RESCUE = N_("Rescue")
MSG_LOOKING = N_("Looking for a way out…")
MSG_LOOKING_BACK = N_("Looking back through your moves for the last winnable position…")
MSG_WAY_OUT = N_("A way out")
MSG_WAY_OUT_BODY = N_("The solver found a winning line from here.")
MSG_PLAY_N = N_("Play {n} moves")
MSG_NO_WAY = N_("No way out from here: undo")
MSG_NO_WAY_FOUND = N_("No way out found in time: undo")
MSG_NO_WAY_END = N_("No way out from here")
MSG_NO_WAY_FOUND_END = N_("No way out found in time")
# the look-back solves each earlier position within a budget: the nearest one it found winnable
# may not be the last one that was (a position nearer may need a longer search)
MSG_BACK_N = N_("The nearest winnable position found is {n} moves back.")
MSG_BACK_1 = N_("The last winnable position was 1 move back.")
MSG_UNDO_N = N_("Undo {n}")
MSG_BACK_DONE = N_("{n} moves undone: this position can be won. Hint shows the way on.")
"""Said once the rescue's Undo N has taken the moves back (counted: ``tr_n``)."""
MSG_NONE_BACK = N_("No winnable position found in this game's moves.")
MSG_NONE_BACK_SOME = N_("No winnable position found in the last {n} moves.")
MSG_DEAL_LOST = N_("This deal cannot be won")
MSG_DEAL_LOST_BODY = N_("The solver proved that no line of moves wins it from the deal on.")
MSG_NOT_FOUND = N_("No winning line found in time")
MSG_NOT_FOUND_BODY = N_("The solver could not settle this deal in its time: play on, or take another deal.")
MSG_NEW_DEAL = N_("New deal")
MSG_CANCEL = N_("Cancel")
MSG_CLOSE = N_("Close")
MSG_REPLAY = N_("Replay deal")
MSG_PLAYING_LINE = N_("Playing the winning line: tap anywhere to take over")
MSG_PLAYED_LINE = N_("Played {n} moves of a winning line (the solver sees face-down cards)")
MSG_HINT_LINE = N_("Hint: a move on a winning line (the solver sees face-down cards)")
MSG_HINT_GUESS = N_("Hint: the best move by rule of thumb (no winning line found in time)")
MSG_HINT_PROGRESS = N_("Hint: a move toward more cards face up or home (no winning line found in time)")
MSG_HINT_LOSES = N_("Hint: that move loses — try this one (no winning line found yet)")
MSG_HINT_LINE_LATER = N_("Hint: a winning line turned up — play this move instead (the solver sees face-down cards)")
LIVE_GREEN = (129, 212, 140)   # the live line's "still winnable" (and "You won!") colour
MSG_LIVE_YES = N_("Still winnable (the solver sees face-down cards)")
MSG_LIVE_NO = N_("No longer winnable (the solver sees face-down cards)")
MSG_LIVE_UNKNOWN = N_("Winnable? The solver ran out of time")
MSG_LIVE_THINKING = N_("Winnable? The solver is looking…")
MSG_LIVE_BEST = N_("Best found from here — cards left: {n} (the solver sees the stock)")
MSG_LIVE_BEST_THINKING = N_("The solver is looking for the fewest cards left…")
MSG_LIVE_SETTING = N_("Still-winnable line")
MSG_DEALING = N_("Looking for a deal that can be won…")
MSG_DEALING_BODY = N_("Deals tried: {n}")
MSG_DEAL_ANY = N_("Any deal")
MSG_DEALT_VERIFIED = N_("A deal the solver won (it sees face-down cards)")
MSG_DEAL_GAVE_UP = N_("No solvable deal found in time: this deal is not checked")
MSG_PLAIN = N_("Devil's Grip deals are almost never winnable: this one is dealt plainly")
MSG_SPIDER_FINISH_OPEN = N_("The solver has proved the rest: tap Finish")
# the same messages for games with no hidden cards (FreeCell, Pyramid): no note about them
MSG_HINT_LINE_OPEN = N_("Hint: a move on a winning line")
MSG_HINT_LINE_LATER_OPEN = N_("Hint: a winning line turned up — play this move instead")
MSG_PLAYED_LINE_OPEN = N_("Played {n} moves of a winning line")
MSG_LIVE_YES_OPEN = N_("Still winnable")
MSG_LIVE_NO_OPEN = N_("No longer winnable")
MSG_DEALT_VERIFIED_OPEN = N_("A deal the solver won")
OPEN_MESSAGES = {MSG_HINT_LINE: MSG_HINT_LINE_OPEN, MSG_HINT_LINE_LATER: MSG_HINT_LINE_LATER_OPEN,
                 MSG_PLAYED_LINE: MSG_PLAYED_LINE_OPEN,
                 MSG_LIVE_YES: MSG_LIVE_YES_OPEN, MSG_LIVE_NO: MSG_LIVE_NO_OPEN,
                 MSG_DEALT_VERIFIED: MSG_DEALT_VERIFIED_OPEN, MSG_SEES: None}
"""A message that mentions face-down cards → its form for a game without any (``None``: not shown)."""


class Host(Protocol):
    """What an :class:`Assist` uses of its table (a :class:`~ui.table.base.GameTable`), and
    nothing else.

    Read: ``rules``, ``hidden_cards`` (the solver's messages say it sees face-down cards),
    ``app`` (``now()``, the UI's clock in seconds, ``solver_wall_clock`` and ``deal_lines``), ``settings``
    (``live_winnable``), ``frame`` (the layout, ``None`` before the first resize), ``anim``
    (``factor``, the animation speed), ``state``, ``number``, ``solvable_only``,
    ``hint_move``, ``finish_button`` (offered now or ``None``), ``label_rects``, ``search_import``
    (the game's search imported a piece a frame: ``done`` once it is).
    Written: ``panel`` (the rescue's and the deal search's panels), ``stale`` (redraw),
    ``hint_search`` and ``hint_move`` (a rescue drops the hint), ``verified`` (a deal the
    search proved winnable).
    """

    rules: Any
    hidden_cards: bool
    app: Any
    settings: Any
    frame: Any
    anim: Any
    panel: Any
    stale: bool
    number: int | None
    solvable_only: bool
    verified: bool
    hint_move: Any
    hint_search: Any
    finish_button: Any
    label_rects: list

    @property
    def state(self) -> Any:
        """The position now."""

    def has_game(self) -> bool:
        """Whether a game is on the table (``False`` before the first deal)."""

    def past_states(self) -> list:
        """The positions of this game so far, the deal first and the position now last."""

    def say(self, message: str, error: bool = False) -> None:
        """Put ``message`` on the status line."""

    def settle(self) -> None:
        """Land pending automatic moves before a line of the solver acts."""

    def undo_moves(self, k: int) -> int:
        """Take back ``k`` moves (the rescue's way back); how many were taken back."""

    def play_assist_move(self, move) -> bool:
        """Play one move of a line the solver found; whether it was played."""

    def update_finish(self) -> None:
        """Offer or withdraw the Finish button for the position now."""

    def finish_hint(self, result, search=None) -> None:
        """Decide and show the hint from a solver's ``result``."""

    def crowded_rects(self) -> list:
        """What the hint's bubble must not cover (px rectangles)."""

    def hint_anchor(self) -> Any:
        """The hinted card's rectangle, or ``None``."""

    def start(self, number=None, options=None, state=None, announce: bool = True, daily=None) -> None:
        """Deal ``number`` under ``options``."""

    def replay(self) -> None:
        """Start this deal again."""

    def new_deal(self) -> None:
        """A new random deal."""

    def go_home(self) -> None:
        """Back to the home screen."""

    def snapshot(self) -> Any:
        """The game as it is, for :meth:`back_to`."""

    def back_to(self, snap) -> None:
        """Put back the game of a :meth:`snapshot`."""


class RescuePhase(StrEnum):
    """Where the rescue is: searching from the position, a way out found, looking back through
    the history, or done looking back."""

    SEARCH = "search"
    FOUND = "found"
    BACK = "back"
    BACK_DONE = "back-done"


@dataclass
class RescueFound:
    """A way out from ``state``: the solver's ``moves`` (texts), of which the first ``n`` are
    offered."""

    state: object
    moves: list
    n: int


@dataclass
class LookBack:
    """The look back through the history: ``proved`` (the position is proved lost),
    ``checked`` of ``total`` earlier positions tried; ``back`` once done — how many moves back
    the last winnable one is (negative: none within the budget, that many tried; ``None``:
    none at all)."""

    proved: bool
    checked: int
    total: int
    back: int | None = None
    deal_lost: bool = False   # proved lost from the deal on: no undo or replay can win it


@dataclass
class DealSearch:
    """The search for a solvable deal in progress: the rule ``options`` it deals under, how many
    deals it has ``tried``, the ``number`` on the table now (the candidate shown under the
    panel), and ``before``: the game it replaces (a :meth:`GameTable.snapshot`, ``None`` when
    the table opened on the search), to go back to when it is cancelled."""

    options: dict
    tried: int
    number: int
    before: object = None


class JobKind(StrEnum):
    """What a :class:`Job` searches for; an :class:`Assist` runs at most one job of each kind."""

    RESCUE = "rescue"     # a way out from the position, then a look back through the history
    LIVE = "live"         # whether the position is still winnable (the live line)
    FINISH = "finish"     # Spider's finish: whether the rest is proved
    DEAL = "deal"         # a solvable deal
    WIN = "win"           # a verified deal's winning line, searched at the deal


class Live(StrEnum):
    """What is known of the position's chances: on a proven winning line (``YES``), proven lost
    (``NO``), the solver ran out of budget (``UNKNOWN``), or it is still looking (``THINKING``)."""

    YES = "yes"
    NO = "no"
    UNKNOWN = "unknown"
    THINKING = "thinking"
    BEST = "best"        # a game scored by cards left (Devil's Grip): the fewest found, ``live_left``


class Job:
    """A sliced search. ``gen`` is a generator that yields solver objects (``step(n)`` → result
    or ``None``) and receives each one's :class:`~games.solvers.search.Result`; what it returns
    is passed to ``done``. ``kind`` (a :class:`JobKind`) names the job;
    ``modal`` jobs get :data:`PANEL_SLICE` per frame."""

    def __init__(self, kind: JobKind, gen, done, modal: bool = False, state=None):
        self.kind, self.gen, self.done, self.modal, self.state = kind, gen, done, modal, state
        self.search = None
        self.last = None
        self.started = False
        self.finished = False
        self.value = None

    def advance(self, seconds: float, now=time.perf_counter) -> bool:
        """Work for about ``seconds`` of the clock ``now`` (a callable giving seconds; the app's
        clock, ``App.now``); ``True`` once finished (``done`` has been called)."""
        t0 = now()
        while not self.finished and now() - t0 < seconds:
            if self.search is None:
                try:
                    self.search = self.gen.send(self.last) if self.started else next(self.gen)
                    self.started = True
                except StopIteration as stop:
                    self.finished = True
                    self.value = stop.value
                    self.done(stop.value)
                    return True
                self.last = None
                continue
            r = self.search.step(NODES_STEP)
            if r is not None:
                self.last, self.search = r, None
        return self.finished


def spinner(surface, center, radius: int, color=INK, width: int = 3) -> None:
    """A rotating arc (one turn a second)."""
    a = (time.perf_counter() * 2 * math.pi) % (2 * math.pi)
    r = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    r.center = (round(center[0]), round(center[1]))
    pygame.draw.arc(surface, color, r, a, a + 4.2, width)


class Assist:
    """The solver's help for one table (see the module docstring)."""

    def __init__(self, table: Host):
        self.table = table
        self.rules = table.rules
        self.jobs: list[Job] = []
        self.lines: dict = {}       # state → (moves tuple, index of the next move)
        self.unsettled: list = []   # (state, moves) remembered, positions along them not yet listed
        self.dead: set = set()      # states proven lost
        self.before = None          # the game a deal search replaces (table.snapshot())
        self.live_rect = None       # the live line's strip under the top bar (carve)
        self._bubble = None         # (key, rect) of the hint bubble's last placement
        self.reset()

    # -- bookkeeping -----------------------------------------------------------------------------
    def reset(self) -> None:
        """A new game: drop every job, the rescue and the live answer (known lines stay)."""
        self.jobs = []
        self.queue: list = []
        self.queue_due = 0.0
        self.expect = None
        self.played = 0
        self.rescue_phase: RescuePhase | None = None
        self.rescue_info: RescueFound | LookBack | None = None
        self.live: Live | None = None   # None: off, or nothing known yet
        self.live_left = None           # Live.BEST's cards left
        self.live_state = None
        self.dealing: DealSearch | None = None   # the solvable-deal search in progress
        self.plain_notice = False
        self.finish_state = None
        self.hint_reason = None     # (state, move, the reason's msgid)
        self.win_due = None         # a verified deal whose winning line is to be searched (started)

    @property
    def wall_clock(self) -> bool:
        """Whether searches stop at their seconds too, not only their nodes
        (``App.solver_wall_clock``)."""
        return self.table.app.solver_wall_clock

    def job(self, kind: JobKind) -> Job | None:
        return next((j for j in self.jobs if j.kind == kind), None)

    def cancel(self, kind: JobKind) -> None:
        self.jobs = [j for j in self.jobs if j.kind != kind]

    def run(self, job: Job) -> None:
        self.cancel(job.kind)
        self.jobs.append(job)

    def learn(self, state, result) -> None:
        """Keep what a solver's ``result`` for ``state`` proved: its winning line
        (:meth:`remember`) or that the position is lost (``dead``); ``unknown`` teaches nothing."""
        if result.status == SOLVED:
            self.remember(state, result.moves)
        elif result.status == UNSOLVABLE:
            self.dead.add(state)

    def remember(self, state, moves) -> None:
        """Record a proven winning line from ``state`` (move texts). ``state`` is known at once;
        the positions along the line are listed by :meth:`settle_lines` (the line replayed
        through the rules: 2-3 ms natively for a Klondike line of 200 moves, 2-3 times that in
        WebAssembly), which the table calls in a later frame's spare time, or first thing when a
        position not yet known is asked about: the frame a search answers in does not pay for it."""
        if len(self.lines) > MAX_KNOWN:
            self.lines.clear()
        moves = tuple(moves)
        if moves:
            self.lines[state] = (moves, 0)
            self.unsettled.append((state, moves))

    def settle_lines(self) -> None:
        """List every position on the lines :meth:`remember` recorded (a line that stops being
        legal, which a proven line never does, is listed up to there)."""
        pending, self.unsettled = self.unsettled, []
        for state, moves in pending:
            s = state
            try:
                for i, t in enumerate(moves):
                    self.lines[s] = (moves, i)
                    s = self.rules.apply(s, self.rules.parse_move(s, t))
            except GameError:
                continue

    def line_from(self, state) -> list[str] | None:
        """The rest of a known winning line from ``state``, or ``None``."""
        got = self.lines.get(state)
        if got is None and self.unsettled:
            self.settle_lines()
            got = self.lines.get(state)
        if got is None:
            return None
        moves, i = got
        return list(moves[i:])

    def known(self, state) -> Live | None:
        """``Live.YES`` (on a known winning line), ``Live.NO`` (proven lost, or lost by the
        rules), or ``None`` (not known)."""
        st = self.rules.status(state)
        if state not in self.lines and self.unsettled:
            self.settle_lines()
        if st == WON or state in self.lines:
            return Live.YES
        if st == LOST or state in self.dead:
            return Live.NO
        past = self.table.past_states() if self.table.has_game() else []
        if len(past) > 1 and past[-1] == state and past[-2] in self.dead:
            self.dead.add(state)    # a move from a lost position cannot win
            return Live.NO
        return None

    def sees(self, msgid: str) -> str | None:
        """``msgid`` as this table's game should say it: with the note that the solver sees
        face-down cards only when the game has hidden cards (``table.hidden_cards``); ``None``
        for a note that has nothing to say in a game without them."""
        if self.table.hidden_cards or msgid not in OPEN_MESSAGES:
            return msgid
        return OPEN_MESSAGES[msgid]

    def solver(self, state, nodes, seconds):
        return self.rules.solver(state, max_nodes=nodes, timeout=seconds if self.wall_clock else None)

    # -- every frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance the jobs (modal ones first) and the rescue's playback; ``True`` to redraw."""
        redraw = False
        if self.dealing is not None and self.table.panel is None:
            self.deal_panel()
        if self.win_due is not None:
            imp = self.table.search_import
            if imp is None or imp.done:
                self.start_win()
        if self.jobs:
            j = next((j for j in self.jobs if j.modal), self.jobs[0])
            if j.advance(PANEL_SLICE if j.modal else SLICE, self.table.app.now) and j in self.jobs:
                self.jobs.remove(j)
            # a verified deal's line searched at the deal shows nothing, searching or found
            redraw = redraw or j.kind != JobKind.WIN
            if any(j.modal for j in self.jobs) or self.rescue_phase in (RescuePhase.SEARCH, RescuePhase.BACK):
                self.table.stale = True     # the panel's spinner turns
        if self.queue and self.table.app.now() >= self.queue_due:
            self.play_next()
            redraw = True
        return redraw

    # -- the position changed --------------------------------------------------------------------
    def position_changed(self) -> None:
        """After every move and undo: the live line starts over; a rescue panel goes."""
        t = self.table
        if not t.has_game():
            return
        if self.queue:
            if not self.on_course():
                self.stop_playback()
            elif not self.queue:    # automatic moves played the rest of it
                self.stop_playback()
                t.say(tr(self.sees(MSG_PLAYED_LINE), n=self.played))
        s = t.state
        if t.settings.live_winnable:
            self.start_live(s)
        else:
            self.live = None
            self.cancel(JobKind.LIVE)

    def start_live(self, s) -> None:
        if s == self.live_state and self.live is not None:
            return
        self.live_state = s
        if self.table.live_scored:
            self.start_live_best(s)
            return
        k = self.known(s)
        if k is not None or not self.rules.has_solver():
            self.cancel(JobKind.LIVE)
            self.live = k or None
            self.table.stale = True
            return
        self.live = Live.THINKING

        def gen():
            r = yield self.solver(s, LIVE_NODES, LIVE_SECONDS)
            return r

        def done(r):
            self.learn(s, r)
            if self.live_state == s:
                self.live = {SOLVED: Live.YES, UNSOLVABLE: Live.NO}.get(r.status, Live.UNKNOWN)
                self.table.stale = True

        self.run(Job(JobKind.LIVE, gen(), done, state=s))
        self.table.stale = True

    def start_live_best(self, s) -> None:
        """The live line of a game whose result is the cards left (the table's
        ``live_scored`` and :meth:`live_best_search`: Devil's Grip, whose deals are almost never winnable, so "Winnable?"
        would tell nothing): the fewest cards left its best-result search finds from ``s``, or
        "Still winnable" on a proven winning line."""
        if s in self.lines or self.rules.status(s) != PLAYING:
            self.cancel(JobKind.LIVE)
            self.live = self.known(s)
            self.table.stale = True
            return
        self.live = Live.THINKING

        def gen():
            search = self.table.live_best_search(s)
            r = yield search
            return r, search.best

        def done(out):
            r, best = out
            self.learn(s, r)
            if self.live_state == s:
                kept = self.table.kept_best(s)     # the hint's line, when the player follows it
                self.live = Live.YES if r.status == SOLVED else Live.BEST
                self.live_left = best if kept is None else min(best, kept)
                self.table.stale = True

        self.run(Job(JobKind.LIVE, gen(), done, state=s))
        self.table.stale = True

    def best_found(self, s, left: int) -> None:
        """The hint's search (the same as :meth:`start_live_best`'s) found ``left`` cards left
        from ``s``: a live line still looking from ``s`` takes that answer and stops its own
        search, rather than run the same search twice."""
        if self.live_state == s and self.live is Live.THINKING and self.table.live_scored:
            self.cancel(JobKind.LIVE)
            self.live, self.live_left = Live.BEST, left
            self.table.stale = True

    # -- the hint --------------------------------------------------------------------------------
    def start_win(self) -> None:
        """Start the search :meth:`started` asked for (``win_due``), unless the table has left
        that position."""
        s, self.win_due = self.win_due, None
        t = self.table
        if s is None or not t.has_game() or t.state != s or self.line_from(s) is not None:
            return
        search = LoopFree(self.rules, s, self.solver(s, WIN_NODES, WIN_SECONDS))

        def gen():
            r = yield search
            return r

        job = Job(JobKind.WIN, gen(), lambda r: self.learn(s, r), state=s)
        job.win = search
        self.run(job)

    def win_search(self, state):
        """The search of a verified deal's winning line (:meth:`started`) when it is still going
        on from ``state`` (started now if it was waiting for the game's search to be imported:
        the hint imports it anyway), else ``None``: a hint asked there goes on with that search
        rather than start a fresh one of its own."""
        if self.win_due is not None and self.win_due == state:
            self.start_win()
        j = self.job(JobKind.WIN)
        if j is None or j.finished or j.state != state:
            return None
        search = getattr(j, "win", None)
        return search if search is not None and search.result is None else None

    def hint_known(self) -> bool:
        """A hint with no search: the next move of a known line, or the rescue when the position
        is known lost. ``True`` when handled."""
        t = self.table
        s = t.state
        line = self.line_from(s)
        if line:
            t.finish_hint(Result(SOLVED, line))
            return True
        if self.known(s) is Live.NO:
            t.finish_hint(Result(UNSOLVABLE, []))   # the best move left, and that it cannot win
            return True
        return False

    def reason_for(self, move) -> str:
        """The reason of the hinted ``move`` in the table's position, in the language now (the
        reason is cached untranslated, so a change of language shows at once)."""
        s = self.table.state
        hr = self.hint_reason
        if hr is None or hr[0] is not s or hr[1] != move:
            line = self.line_from(s)
            try:
                on_line = bool(line) and self.rules.parse_move(s, line[0]) == move
                msgid = hints.reason(self.rules, s, move, on_line=on_line)
            except GameError:
                msgid = ""
            hr = self.hint_reason = (s, move, msgid)
        return tr(hr[2]) if hr[2] else ""

    # -- rescue ----------------------------------------------------------------------------------
    def rescue(self) -> None:
        """Search a way out from the position; if found offer to play the next moves, else look
        back through the history for the last winnable position (see the module docstring)."""
        t = self.table
        if not t.has_game() or self.rules.status(t.state) == WON or not self.rules.has_solver():
            return
        self.stop_playback()
        t.hint_search = t.hint_move = None
        s = t.state
        line = self.line_from(s)
        if line:
            self.rescue_found(s, line)
            return
        if self.known(s) is Live.NO:
            self.look_back(proved=True)
            return
        self.rescue_phase = RescuePhase.SEARCH

        def gen():
            # the way out is played move by move: without rounds back to a place already passed
            # (Rules.without_loops), cut in the job's own slices
            r = yield LoopFree(self.rules, s, self.solver(s, RESCUE_NODES, RESCUE_SECONDS))
            return r

        def done(r):
            if self.rescue_phase != RescuePhase.SEARCH or t.state != s:
                return
            self.learn(s, r)
            if r.status == SOLVED:
                self.rescue_found(s, r.moves)
            else:
                self.look_back(proved=r.status == UNSOLVABLE)

        self.run(Job(JobKind.RESCUE, gen(), done, modal=True, state=s))
        self.open_panel(tr(MSG_LOOKING), [("cancel", tr(MSG_CANCEL), self.cancel_rescue)])

    def rescue_found(self, s, moves) -> None:
        n = min(RESCUE_STEPS, len(moves))
        self.rescue_phase = RescuePhase.FOUND
        self.rescue_info = RescueFound(s, list(moves), n)
        self.open_panel(tr(MSG_WAY_OUT), [("play", tr(MSG_PLAY_N, n=n), self.play_rescue),
                                          ("cancel", tr(MSG_CLOSE), self.cancel_rescue)])

    def look_back(self, proved: bool) -> None:
        """Solve the earlier positions of the history, newest first, each under a budget."""
        t = self.table
        states = list(t.past_states())
        self.rescue_phase = RescuePhase.BACK
        self.rescue_info = LookBack(proved, 0, len(states) - 1)
        info = self.rescue_info

        # the deal's start as the deal showed it (after its own automatic moves, as Restart deal
        # takes it back), known winnable when the deal is in its variant's bank of verified deals
        keep = t.session.restart_at()      # None: no move of the player's after that start
        start = len(states) - 1 - keep if keep is not None else 0
        start_known = start >= 1 and self.start_verified()

        def gen():
            t0 = self.table.app.now()
            for k in range(1, len(states)):
                s = states[-1 - k]
                info.checked = k
                if k == start and start_known:
                    return k
                kn = self.known(s) if s not in self.dead else Live.NO
                if kn is Live.YES:
                    return k
                if kn is Live.NO:
                    continue
                r = yield self.solver(s, BACK_NODES, BACK_SECONDS)
                self.learn(s, r)
                if r.status == SOLVED:
                    return k
                if self.wall_clock and self.table.app.now() - t0 > BACK_TOTAL:
                    return start if start_known and start > k else -k
            return None

        def done(k):
            if self.rescue_phase != RescuePhase.BACK:
                return
            self.rescue_phase = RescuePhase.BACK_DONE
            info.back = k
            info.deal_lost = k is None and self.known(states[0]) is Live.NO
            title = tr(MSG_NO_WAY if proved else MSG_NO_WAY_FOUND)
            if k is not None and k > 0:
                acts = [("undo", tr(MSG_UNDO_N, n=k), lambda: self.undo_back(k)),
                        ("cancel", tr(MSG_CLOSE), self.cancel_rescue)]
            elif info.deal_lost:        # proved from the deal on: no undo or replay can win it
                title = tr(MSG_DEAL_LOST)
                acts = [("new", tr(MSG_NEW_DEAL), self.new_deal), ("cancel", tr(MSG_CLOSE), self.cancel_rescue)]
            elif len(states) == 1:         # nothing to undo or replay: another deal, or play on
                title = tr(MSG_NOT_FOUND)
                acts = [("new", tr(MSG_NEW_DEAL), self.new_deal), ("cancel", tr(MSG_CLOSE), self.cancel_rescue)]
            else:   # no winnable position among the moves looked back at: nothing to undo to
                title = tr(MSG_NO_WAY_END if proved else MSG_NO_WAY_FOUND_END)
                # the deal's start was not found winnable either (a verified deal's start is known
                # winnable, and Undo goes there): another deal comes first
                acts = [("new", tr(MSG_NEW_DEAL), self.new_deal), ("replay", tr(MSG_REPLAY), self.replay),
                        ("cancel", tr(MSG_CLOSE), self.cancel_rescue)]
            self.open_panel(title, acts)

        self.run(Job(JobKind.RESCUE, gen(), done, modal=True))
        self.open_panel(tr(MSG_NO_WAY if proved else MSG_NO_WAY_FOUND),
                        [("cancel", tr(MSG_CANCEL), self.cancel_rescue)])

    def start_verified(self) -> bool:
        """Whether this table's deal is known winnable from its start: picked from its variant's
        bank of verified deals, or a deal that bank lists (a deal continued after a reload,
        replayed, a deal of the day, a friend's code): games/bank.py."""
        t = self.table
        if getattr(t, "verified", False):
            return True
        if t.number is None:
            return False
        try:
            b = banks.load(self.rules, t.options)
        except GameError:      # options the rules refuse: no bank, nothing known
            return False
        return b is not None and t.number in b

    def open_panel(self, title: str, actions) -> None:
        t = self.table
        p = Panel(t, title, [(n, label, None, cb) for n, label, cb in actions], self.draw_rescue_body,
                  self.rescue_body_height)
        p.rescue = True
        t.panel = p
        t.stale = True

    def rescue_lines(self) -> list[tuple[str, tuple]]:
        ph, info = self.rescue_phase, self.rescue_info
        out = []
        if ph == RescuePhase.SEARCH:
            out.append(("", INK))
        elif ph == RescuePhase.FOUND:
            out.append((tr(MSG_WAY_OUT_BODY), INK))
        elif ph == RescuePhase.BACK:
            out.append((tr(MSG_LOOKING_BACK), INK))
            out.append(("", INK))
        elif ph == RescuePhase.BACK_DONE:
            k = info.back
            if k is not None and k > 0:
                out.append((tr(MSG_BACK_1) if k == 1 else tr(MSG_BACK_N, n=k), INK))
            elif k is not None and k < 0:
                out.append((tr(MSG_NONE_BACK_SOME, n=-k), WARN))
            elif info.deal_lost:
                out.append((tr(MSG_DEAL_LOST_BODY), WARN))
            elif info.total == 0:
                out.append((tr(MSG_NOT_FOUND_BODY), WARN))
            else:
                out.append((tr(MSG_NONE_BACK), WARN))
        if self.sees(MSG_SEES):
            out.append((tr(MSG_SEES), DIM))
        return out

    def _line_h(self) -> int:
        return max(24, round(28 * self.table.frame.scale))

    def rescue_body_height(self, pw: int) -> int:
        size = round(self._line_h() * 0.8)
        n = 0
        for msg, _ in self.rescue_lines():
            n += max(1, len(text.wrap(msg, size, pw - 40))) if msg else 1
        return n * self._line_h() + 8

    def draw_rescue_body(self, surface, r) -> None:
        lh = self._line_h()
        size = round(lh * 0.8)
        y = r.y
        for msg, col in self.rescue_lines():
            if not msg:     # the spinner's row
                spinner(surface, (r.centerx, y + lh / 2), round(lh * 0.38), INK, max(2, lh // 9))
                y += lh
                continue
            for line in text.wrap(msg, size, r.width - 8) or [msg]:
                text.blit_center(surface, text.render(line, text.fit(line, size, r.width, 12), col),
                                 (r.centerx, y + lh / 2))
                y += lh

    def cancel_rescue(self) -> None:
        self.cancel(JobKind.RESCUE)
        self.rescue_phase = None
        t = self.table
        if t.panel is not None and t.panel.rescue:
            t.panel = None
        t.stale = True

    def replay(self) -> None:
        """The rescue's Replay deal: the same game from the deal's start (Restart deal: every move
        taken back, no loss counted, Redo brings them back), or a new game of the deal when there
        is nothing to take back."""
        self.cancel_rescue()
        t = self.table
        if t.session.restart_at() is not None:
            t.restart()
        else:
            t.replay()

    def new_deal(self) -> None:
        self.cancel_rescue()
        self.table.new_deal()

    def undo_back(self, k: int) -> None:
        """Undo ``k`` moves at once (each one a step of the history, as the undo button would)."""
        t = self.table
        self.cancel_rescue()
        k = t.undo_moves(k)
        t.say(tr_n(MSG_BACK_DONE, k))       # where the player is now, not what is still to do

    # -- playing a line --------------------------------------------------------------------------
    def play_rescue(self) -> None:
        info = self.rescue_info
        t = self.table
        self.cancel_rescue()
        self.queue = list(info.moves[:info.n])
        self.expect = info.state
        self.played = 0
        if not self.on_course():   # the table moved on, and not along the line
            self.stop_playback()
            return
        self.queue_due = self.table.app.now()
        if self.queue:
            t.say(tr(MSG_PLAYING_LINE))
        else:
            t.say(tr(self.sees(MSG_PLAYED_LINE), n=self.played))

    def on_course(self) -> bool:
        """Whether the line being played can go on from the table's position: it is the one
        expected, or one further along the same known line — an automatic move to a foundation
        (Klondike, FreeCell) played the line's next moves itself, e.g. while the rescue's panel was
        open; those moves leave the queue and count as played."""
        t = self.table
        if t.state == self.expect:
            return True
        if self.expect is None:
            return False
        s = self.expect
        try:
            for k, text_ in enumerate(self.queue, 1):
                s = self.rules.apply(s, self.rules.parse_move(s, text_))
                if s == t.state:
                    del self.queue[:k]
                    self.played += k
                    self.expect = s
                    return True
        except GameError:
            pass
        return False

    def play_next(self) -> None:
        t = self.table
        if t.panel is not None:
            self.stop_playback()
            return
        # automatic moves due first: they may be the line's next ones (position_changed takes
        # them off the queue, or stops it)
        t.settle()
        if not self.queue:
            return
        if not self.on_course():
            self.stop_playback()
            return
        text_ = self.queue.pop(0)
        try:
            move = self.rules.parse_move(t.state, text_)
        except GameError:
            self.stop_playback()
            return
        self.expect = self.rules.apply(t.state, move)
        if not t.play_assist_move(move) or t.state != self.expect:
            self.stop_playback()
            return
        self.played += 1
        f = max(0.25, t.anim.factor)
        self.queue_due = self.table.app.now() + STEP_MS / 1000 * f
        if not self.queue:
            t.say(tr(self.sees(MSG_PLAYED_LINE), n=self.played))

    def stop_playback(self) -> None:
        self.queue = []
        self.expect = None

    def player_input(self) -> None:
        """The player touched the table: the line being played stops."""
        if self.queue:
            self.stop_playback()
            self.table.say("")

    # -- Spider's finish -------------------------------------------------------------------------
    def finish_line(self, s) -> list | None:
        """The moves that win from ``s`` when the solver has proved them (parsed one after
        another), else ``None``; when the rules offer a finish (``can_finish``) and nothing is
        known yet, a search starts and the table's ``update_finish`` is called when it answers."""
        if not self.rules.has_solver() or not self.rules.can_finish(s):
            return None
        line = self.line_from(s)
        if line:
            out, cur = [], s
            try:
                for t_ in line:
                    m = self.rules.parse_move(cur, t_)
                    out.append(m)
                    cur = self.rules.apply(cur, m)
            except GameError:
                return None
            return out
        if s in self.dead or (self.finish_state == s and self.job(JobKind.FINISH) is None):
            return None
        if self.finish_state != s:
            self.finish_state = s

            def gen():
                r = yield self.solver(s, FINISH_NODES, FINISH_SECONDS)
                return r

            def done(r):
                self.learn(s, r)
                t = self.table
                if t.has_game() and t.state == s:
                    t.update_finish()   # the button appears with the table's finish_words()
                    t.stale = True

            self.run(Job(JobKind.FINISH, gen(), done, state=s))
        return None

    # -- solvable deals without a bank -----------------------------------------------------------
    def wants_deal_search(self, opts: dict) -> bool:
        t = self.table
        if not t.solvable_only or not self.rules.has_solver():
            return False
        b = banks.load(self.rules, opts)
        if self.rules.plain_deals:
            # a search would almost never end: the bank only, each deal once in a row; when it
            # has no other deal than this one, a plain deal, and the player is told so
            if b is not None and any(n != t.number for n in b.solvable):
                return False
            self.plain_notice = True
            self.plain_number = random.randint(1, 999_999)
            return False
        if b is not None and b.pick(random.getrandbits(62), {t.number} if t.number else set()) is not None:
            return False
        return True

    def search_deal(self, opts: dict) -> int | None:
        """Start looking for a solvable deal of this variant (no bank, or the bank is empty);
        returns the first candidate (shown, unsaved, under the search's panel until a deal is
        verified), or ``None`` when no search is needed (then the table picks as it always did),
        or a plain deal's number (a game of ``Rules.plain_deals`` whose bank has no other deal)."""
        self.plain_number = None
        if not self.wants_deal_search(opts):
            return self.plain_number
        first = random.randint(1, 999_999)
        info = DealSearch(dict(opts), 0, first, self.before)
        self.dealing = info

        def gen():
            t0 = self.table.app.now()
            n = first
            for k in range(DEAL_TRIES):
                if k:
                    n = random.randint(1, 999_999)
                info.tried, info.number = k + 1, n
                r = yield self.solver(self.rules.deal(n, info.options), DEAL_NODES, DEAL_SECONDS)
                if r.status == SOLVED:
                    return n, r.moves
                if self.wall_clock and self.table.app.now() - t0 > DEAL_TOTAL:
                    break
            return None

        self.run(Job(JobKind.DEAL, gen(), self.deal_found, modal=True))
        return first

    def deal_found(self, found) -> None:
        t = self.table
        info, self.dealing = self.dealing, None
        if info is None:
            return
        if found is None:
            t.panel = None
            self.deal_plainly(info, tr(MSG_DEAL_GAVE_UP))
            return
        n, moves = found
        t.start(n, info.options, announce=True)
        t.verified = True
        self.remember(t.state, moves)     # the line the deal search found: no search again
        self.cancel(JobKind.WIN)
        t.say(tr(self.sees(MSG_DEALT_VERIFIED)))
        if t.settings.live_winnable:
            self.start_live(t.state)

    def deal_plainly(self, info, message: str) -> None:
        t = self.table
        self.cancel(JobKind.DEAL)
        self.dealing = None
        t.start(info.number, info.options, announce=True)
        t.say(message, error=True)

    def cancel_deal(self) -> None:
        """Esc or Cancel on the search's panel: no deal at all; back to the game the player was
        playing, untouched, or to the home screen when the table opened on the search."""
        info = self.dealing
        t = self.table
        self.cancel(JobKind.DEAL)
        self.dealing = None
        t.panel = None
        before = info.before if info is not None else None
        if before is not None:
            t.back_to(before)
        else:
            t.go_home()

    def deal_any(self) -> None:
        info = self.dealing
        if info is not None:
            self.deal_plainly(info, tr(MSG_DEAL_GAVE_UP))

    def started(self) -> None:
        """The table dealt: open the deal search's panel, or say a plain deal is plain. A deal
        known winnable (:meth:`start_verified`: picked from its variant's bank of verified deals,
        a deal that bank lists, the deal of the day) has its winning line searched for in the
        frames' spare time and remembered, so the hint, the rescue and the live line follow it
        (:meth:`learn`): the hint's own search (0.40 s) may not reach a win the bank's search
        did, and its fallback may then lose the deal. The search is the bank's (the game's
        solver, its line's rounds cut: :class:`~games.solvers.search.LoopFree`) within
        :data:`WIN_NODES` nodes and :data:`WIN_SECONDS` seconds of search (the wall clock's
        time between frames not counted); a hint asked meanwhile goes on with it
        (:meth:`win_search`). It starts in the first frame after the table's piece-a-frame import
        of the game's search is done (``table.search_import``), so no frame imports it whole."""
        t = self.table
        if t.app.deal_lines and self.rules.has_solver() and t.has_game() and self.dealing is None \
                and self.line_from(t.state) is None and self.start_verified():
            self.win_due = t.state     # started once the game's search is imported (start_win)
        if self.dealing is not None:
            if t.frame is not None:      # else the first frame opens it (the table has no size yet)
                self.deal_panel()
        elif self.plain_notice:
            self.plain_notice = False
            t.say(tr(MSG_PLAIN))

    def deal_panel(self) -> None:
        t = self.table
        p = Panel(t, tr(MSG_DEALING), [("any", tr(MSG_DEAL_ANY), None, self.deal_any),
                                       ("cancel", tr(MSG_CANCEL), None, self.cancel_deal)],
                  self.draw_deal_body, lambda pw: 3 * self._line_h() + 8)
        p.dealing = True
        t.panel = p
        t.stale = True

    def draw_deal_body(self, surface, r) -> None:
        lh = self._line_h()
        size = round(lh * 0.75)
        spinner(surface, (r.centerx, r.y + lh / 2), round(lh * 0.38), INK, max(2, lh // 9))
        msg = tr(MSG_DEALING_BODY, n=self.dealing.tried if self.dealing is not None else 0)
        lines = text.wrap(msg, size, r.width - 8)[:2]
        for k, line in enumerate(lines):
            text.blit_center(surface, text.render(line, text.fit(line, size, r.width, 12), DIM),
                             (r.centerx, r.y + lh * (1.5 + k)))

    # -- drawing ---------------------------------------------------------------------------------
    def live_height(self, frame) -> int:
        """Height of the live line's strip under the top bar (0 when the setting is off)."""
        if not self.table.settings.live_winnable:
            return 0
        return max(22, round(frame.p["top_text"] * 0.75))

    def carve(self, frame) -> None:
        """Take the live line's strip from the top of ``frame.table``."""
        h = self.live_height(frame)
        T = frame.table
        self.live_rect = pygame.Rect(T.x, T.y, T.width, h)
        if h:
            frame.table = pygame.Rect(T.x, T.y + h, T.width, T.height - h)

    def live_words(self) -> tuple[str, tuple]:
        """What the live line says now, translated, and its colour (RGB): once the game is over,
        won or lost, the end panel's title ("Still winnable" has nothing left to say then);
        before, what is known of the position's chances (:class:`Live`)."""
        t = self.table
        if t.has_game():
            st = self.rules.status(t.state)
            if st != PLAYING:
                return t.panel_title(), (LIVE_GREEN if st == WON else DIM)
        live = self.live
        if live is None and t.has_game():
            live = self.known(t.state)
        if live is Live.BEST:
            return tr(MSG_LIVE_BEST, n=self.live_left), DIM
        if live is Live.THINKING and t.live_scored:
            return tr(MSG_LIVE_BEST_THINKING), DIM
        msg, col = {
            Live.YES: (MSG_LIVE_YES, LIVE_GREEN), Live.NO: (MSG_LIVE_NO, WARN),
            Live.UNKNOWN: (MSG_LIVE_UNKNOWN, DIM), Live.THINKING: (MSG_LIVE_THINKING, DIM),
        }.get(live, (MSG_LIVE_THINKING, DIM))
        return tr(self.sees(msg)), col

    def draw_static(self, surface) -> None:
        """The live line (drawn into the table's cached surface)."""
        r = self.live_rect
        if r is None or not r.height or not self.table.settings.live_winnable:
            return
        msg, col = self.live_words()
        size = text.fit(msg, round(r.height * 0.72), r.width - 3 * r.height, 11)
        img = text.render(msg, size, col)
        d = max(4, r.height // 4)
        x = r.centerx - (img.get_width() + 2 * d + 6) // 2
        pygame.draw.circle(surface, col, (x + d, r.centery), d)
        surface.blit(img, (x + 2 * d + 6, r.centery - img.get_height() // 2))

    def bubble_box(self, box: pygame.Rect, anchor, T: pygame.Rect) -> pygame.Rect:
        """Where the hint's reason goes: beside the hinted card (above, below, left, right) or at
        the table's bottom (under the card, or centred), wherever it covers the least of the cards,
        each px away from the hinted card weighing as a strip of cover two bubbles tall
        (the table's ``card_rects`` or ``card_places``, when it has them) and of the labels drawn
        on the table (its ``label_rects``, e.g. Devil's Grip's chain ranks); the hinted card counts
        three times. ``box`` gives the size, ``T`` the table's area (pixels); cached for the hint
        shown."""
        t = self.table
        key = (t.state, t.hint_move, box.size, T.topleft, T.size)
        cached = self._bubble
        if cached is not None and cached[0] == key:
            return cached[1]
        if anchor is None:
            anchor = pygame.Rect(T.centerx, T.bottom, 0, 0)
        cands = []
        cards = t.crowded_rects()
        labels = [r for r in t.label_rects if r is not None]
        for pos in ("midbottom", "midtop", "midright", "midleft", "under", "bottom", "centre"):
            b = box.copy()
            if pos == "midbottom":
                b.midbottom = (anchor.centerx, anchor.top - 8)
            elif pos == "midtop":
                b.midtop = (anchor.centerx, anchor.bottom + 8)
            elif pos == "midright":
                b.midright = (anchor.left - 8, anchor.centery)
            elif pos == "midleft":
                b.midleft = (anchor.right + 8, anchor.centery)
            elif pos == "under":      # just below the cards under the hinted one
                b.midtop = (anchor.centerx, anchor.bottom + 8)
                below = [r.bottom for r in cards if r.right > b.left and r.left < b.right and r.bottom > anchor.top]
                b.top = max(below + [anchor.bottom]) + 6
            elif pos == "bottom":
                b.midbottom = (anchor.centerx, T.bottom - 4)
            else:
                b.midbottom = (T.centerx, T.bottom - 4)
            if not T.contains(b):
                b.clamp_ip(T)
            cands.append(b)

        def cost(b):
            c = 0
            for r in cards + [anchor] * 3:    # the hinted card itself counts three times
                o = b.clip(r)
                c += o.width * o.height
            for r in labels:                  # a label is small but covering it hides its meaning
                o = b.clip(r)
                c += 50 * o.width * o.height
            # and the farther from the hinted card the worse: a reason 400 px away reads as
            # belonging to nothing (each px of distance weighs as a strip of cover two bubbles tall)
            gap_x = max(0, anchor.left - b.right, b.left - anchor.right)
            gap_y = max(0, anchor.top - b.bottom, b.top - anchor.bottom)
            return c + (gap_x + gap_y) * 2 * b.height

        best = min(cands, key=cost) if cards else cands[0]
        self._bubble = (key, best)
        return best

    def draw_overlay(self, surface) -> None:
        """Over the cached table: the hint's reason beside the hinted card, the spinner of a
        hint being thought about."""
        t = self.table
        if t.panel is not None:
            return
        if t.hint_search is not None:
            r = t.frame.status
            spinner(surface, (r.x + r.height * 0.8, r.centery), max(7, round(r.height * 0.28)), INK,
                    max(2, r.height // 14))
        if t.hint_move is None:
            return
        msg = self.reason_for(t.hint_move)
        if not msg:
            return
        anchor = t.hint_anchor()
        size = max(15, round(t.frame.p["top_text"] * 0.62))
        T = t.frame.table
        size = text.fit(msg, size, T.width - 30, 11)
        img = text.render(msg, size, (40, 30, 0))
        box = self.bubble_box(img.get_rect().inflate(size, round(size * 0.6)), anchor, T)
        pygame.draw.rect(surface, cards_art.HINT, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, (90, 70, 0), box, 2, border_radius=box.height // 2)
        text.blit_center(surface, img, box.center)
