"""The frame every game's table shares (docs/architecture.md, "The flow of one tap").

:class:`GameTable` is a :class:`~ui.app.Scene` that owns one game in progress (deal number,
options, :class:`games.core.History`), the top bar, the button bar (undo, hint, new deal, deal
code, options), the status line, toasts and celebrations, modal panels and the sliced hint
search. A game subclass supplies its geometry (:meth:`layout_cards`), its static drawing
(:meth:`draw_cards`), moving things (:meth:`draw_moving`), :meth:`hit_test` and :meth:`activate`
for a tapped target, plus the end panel's contents. The rules decide legality; the table only
asks them (``why_not``, ``apply`` through the history, ``status``).

The game itself — history, undo groups, deal, save, clock, the end of game's records — is the
table's :class:`~ui.table.session.Session` (``self.session``, the controller: no pygame); the
table turns taps into its moves and shows what they did (flights, sounds, messages, panels).
A new deal saves through ``Progress.begin`` (the unfinished game it replaces counts as a loss,
once), every move and undo through ``Progress.save`` (actions, clock), a win through
``Progress.won``; ``resume=(saved, history)`` restores a saved game with its cards, score,
clock and whole undo history. The clock (``self.clock``, seconds) runs from the first move
until the game ends.

Drawing: everything that is not moving is drawn into a cached ``base`` surface, rebuilt only
when something changed (``stale``); a frame blits it and draws what moves on top; a frame
where nothing changes draws nothing at all (the App's dirty flag). A picture drawn whole goes
straight onto the screen instead (``GameTable.draw``).
"""
from __future__ import annotations

from dataclasses import dataclass

import math
import random

import pygame

from games import hints
from games.core import LOST, PLAYING, WON, GameError, History, IllegalMove
from games.deal import check_number, parse_number
from games.i18n import N_, again, format_duration, format_number, tr
from games.solvers import search as searches
from games.solvers.search import SOLVED, UNSOLVABLE, Result

from .. import cards_art, text
from ..anim import Animator
from ..app import Scene
from ..frame import (DIM, INK, TOUCH, WARN, Button, frame_layout, felt, lay_shade, merge_rects, opaque_surface,
                     shade_surface)
from ..imports import PieceImport
from ..input import DOUBLE_TAP, DOUBLE_TAP_PX, SLOP, PointerEvent  # noqa: F401 (DOUBLE_TAP* also read from here)
from ..progress import MSG_CONTINUED, MSG_REPLACED
from . import hit
from .assist import (MSG_HINT_GUESS, MSG_HINT_LINE, MSG_HINT_LINE_LATER, MSG_HINT_LOSES, MSG_HINT_PROGRESS,
                     Assist, Live)
from .hit import Hit, Kind
from .panels import CodeEntry, OptionsPanel, Panel, PauseMenu
from .session import Session

MSG_TAKEN_UP = N_("The saved {game} game was continued in another window: it goes on here as it was left there.")
MSG_WON_ELSEWHERE = N_("The {game} game was won in another window.")
MSG_NOT_SAVED = N_("Not saved")
"""The top bar's deal label while the storage refuses saves (:meth:`GameTable.saves_refused`)."""

HINT_SLICE = 0.012
"""Seconds of solver per frame while a hint is thought about at most: the player is waiting for
it and only the spinner moves, so most of a 60 Hz frame (16.7 ms) goes to the search. The slice
runs after the frame's drawing, in its spare time (:meth:`GameTable.spare`), and ends by
``App.FRAME_BUDGET`` after the frame began, but lasts at least :data:`HINT_MIN_SLICE`."""
HINT_MIN_SLICE = 0.002
"""Seconds of solver a frame gives a hint at least, however long its drawing."""
FRAME_PERIOD = 1 / 60
"""Seconds between two frames at 60 Hz (the browser's frame clock)."""
SAVE_ROOM = 0.009
"""Seconds a frame must have left (of ``App.FRAME_BUDGET``) after its drawing to write the game's
pending save (:meth:`GameTable.spare`): a save takes about 1 ms in WebAssembly but now and then
10-12 ms (the browser's localStorage, docs/web.md), so it goes to a frame that did little else,
never to the frame a move lands on."""
CLOCK_SAVE = 10.0
"""Seconds of a running clock after which the game is saved again with no move made (in a
frame's spare time, as a move's save): a page reloaded or closed runs no frame to save the clock,
so it goes back at most this much."""
SAVE_WAIT = 1.0
"""Seconds a pending save waits at most for such a frame; it is then written in the next frame,
however busy (a long run of drawn frames, a drag)."""
TAP_AGAIN = 2.5       # s: a tap on the card a tap moved, this soon, goes on round that tap's places
CONFETTI = [(79, 195, 247), (255, 213, 79), (239, 83, 80), (129, 199, 132), (255, 255, 255), (186, 104, 200)]
"""The colours of a celebration's confetti (:meth:`GameTable.celebrate`)."""

END_KINDS = ("fly", "cfly", "wait", "celebrate")
"""The animations that may run between a game's last move and its end panel (the card's flight,
the wait, the celebration): while one runs after the game ended, a tap or key brings the panel."""
PATH_STEP_MS = 45
"""ms between the moves of an undo (or redo) group as their cards fly: the last move's cards go
first, as a group of moves is taken back in reverse (:meth:`GameTable.fly_path`)."""
PATH_SPREAD_MS = 450  # ms: the most a group's moves spread their starts over (a long group closes up)
PATH_CARD_MS = 18     # ms between the cards of one move, as a run flies (columns' STAGGER_MS)
TURN_MS = 150
"""ms a card a move uncovers takes to turn face up (at "normal" speed): its back narrows to an edge,
then its face widens from it (:meth:`GameTable.turn_card`), as Microsoft Solitaire Collection and
KPatience turn it; what draws the eye to the card just uncovered."""
DEAL_MS = 1000
"""ms the deal's flights take in all at "normal" speed (×0.6 "fast", none "off"): the cards fly
from the stock into their places one after another (:meth:`GameTable.start_deal`), as Microsoft
Solitaire Collection deals in about a second."""
DEAL_FLIGHT_MS = 180
"""ms a dealt card flies (at "normal" speed), shorter than a move's 200-320: the fewer cards in the
air at once, the less a deal frame draws (at most a dozen of Spider's 54)."""
DEAL_GAP_MS = 45      # ms between two dealt cards at most (a short deal: TriPeaks' 29 cards are 24 ms apart)
PATH_STEPS = 60
"""A longer way back or forth (a Restart of a long game) flies its cards straight to their
places in pile order, without finding which move took each (a state's piles per step)."""


END_PANEL_GUARD = 0.45
"""Seconds an end panel (won or lost) ignores taps and keys after it opens, over
:data:`DOUBLE_TAP`: with animation off it opens in the frame of the tap that ended the game, and
that tap doubled (or a nervous extra one) took the button under the finger (Undo, Home) or closed
the panel; Enter pressed twice on the winning card pressed its first button (Replay)."""
AHEAD_WIDTHS = 8
"""Card widths besides today's whose faces a table makes ahead for its next move, at most (each
is up to 52 faces, made in the frames' spare time; a long run moved can change a column table's
width by 30 px, so more than the nearest)."""
FIRST_WAIT = 60
"""Frames a table's first picture waits at most for the card images it needs (``ready``)."""
HINT_WALL = 0.40
"""Seconds from the request (the solver's set-up included) before the hint stops searching and
shows the best it has — a progress line's first move, else the move by rule of thumb — and says
which: the wait stays within half a second in WebAssembly, the frame that draws the hint
included (up to ~0.06 s for Spider's 104 cards in Pyodide; docs/solvers.md, "The hint as the
player waits for it")."""
HINT_NODES = 300_000  # solver nodes for one hint at most
FOLLOW_WALL = 10.0
"""Seconds after a hint's request that its search and its fallback's check go on at most once the
hint was shown unsettled (:meth:`GameTable.step_follow`), in the frames' spare time while the
player looks: :data:`HINT_SLICE` a frame while the hint is marked, :data:`FOLLOW_SLICE` after."""
FOLLOW_NODES = 30_000
"""Solver nodes a hint's search reaches at most when it goes on after the hint was shown
(:class:`games.hints.FollowUp`): many times what a slow device's 0.40 s gives it, and a search
that small is freed in a few milliseconds when the player moves (docs/solvers.md, "The hint
settled while the player looks")."""
LITTER_STEP = 2000
"""Entries of an ended search's tables freed between two looks at the clock (:meth:`GameTable.sweep_litter`):
0.5 ms natively on average, 2 ms at most."""
FOLLOW_SLICE = 0.004
"""Seconds of a frame a hint's search goes on with once its mark has gone (the player may be
thinking over the move; nobody waits on the answer, as on the live line's)."""
HINT_STEP = 100
"""Solver nodes between two looks at the clock while a hint is thought about, at most; fewer when
the slice's time left holds fewer at the slowest recent cost of a node (so that a step never
runs past the slice's end: 100 of Klondike's nodes take up to 7 ms natively, 20 in Pyodide)."""
STEP_SHARE = 0.5
"""The share of a slice's time left that one step of the hint's search is sized for (at the
slowest recent cost of a node): a step whose nodes cost twice the estimate still ends in time."""
HINT_FIRST_STEP = 10
"""Solver nodes of a table's first step, before the cost of a node is known."""
MSG_HINT_LOST = N_("No winning line from here (Rescue looks back through your moves); the best move left is shown")
MSG_HINT_DEAL_LOST = N_("This deal cannot be won (the solver proved it); the best move left is shown")
HINT_MS = 3000        # how long the hinted card and its reason show



_SCRATCH: list = []


def _scratch() -> pygame.Surface:
    """A 1x1 surface to draw a panel on ahead of its opening (:meth:`GameTable.texts_ahead`):
    its texts and images are made and cached, its blits clipped to nothing."""
    if not _SCRATCH:
        _SCRATCH.append(pygame.Surface((1, 1)))
    return _SCRATCH[0]


def _outside(r: pygame.Rect, others: list[pygame.Rect]) -> pygame.Rect | None:
    """The largest rect left of ``r`` once each of ``others`` is cut away in turn (of the pieces
    above, below, left and right of it, the largest by area), or ``None`` when nothing is left."""
    x0, y0, x1, y1 = r.left, r.top, r.right, r.bottom
    for o in others:
        ox0, oy0, ox1, oy1 = o.left, o.top, o.right, o.bottom
        if ox0 >= x1 or ox1 <= x0 or oy0 >= y1 or oy1 <= y0:
            continue
        w, h = x1 - x0, y1 - y0
        above, below, left, right = w * (oy0 - y0), w * (y1 - oy1), (ox0 - x0) * h, (x1 - ox1) * h
        if above >= below and above >= left and above >= right:
            if above <= 0:
                return None
            y1 = oy0
        elif below >= left and below >= right:
            y0 = oy1
        elif left >= right:
            x1 = ox0
        else:
            x0 = ox1
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


@dataclass(frozen=True)
class Toast:
    """A short message floating over the table: its ``text``, when it goes (``until``, seconds
    of ``App.now``), where its centre is (``pos``, px) and its text size (px)."""

    text: str
    until: float
    pos: tuple[float, float]
    size: int


def button_mark(b: Button) -> tuple:
    """Everything button ``b`` shows: its rect (px), name, label, icon, label size, style and
    its enabled, pressed, selected and icon-only states (a button whose mark changes is redrawn)."""
    return (tuple(b.rect), b.name, b.label, b.icon_name, b.label_size, b.style, b.enabled, b.pressed,
            b.selected, b.icon_only)


def session_field(name: str, doc: str) -> property:
    """A table attribute that is the field ``name`` of the table's :class:`Session`."""
    return property(lambda self: getattr(self.session, name),
                    lambda self, value: setattr(self.session, name, value), doc=doc)


RULE_PARTS = {
    "tripeaks": N_("'{code}': the middle letter must be E (Easy) or C (Classic)"),
    "pyramid": N_("'{code}': the middle part must be L01 to {last} (the layout), with P3 after it for 3 passes"),
    "devils-grip": N_("'{code}': the middle letter must be S"),
    "spider": N_("'{code}': the middle part must be 1, 2 or 4 (suits), with R after it to deal with an empty column"),
    "klondike": N_("'{code}': the middle part must be D1 (draw one) or D3 (draw three)"),
    "freecell": N_("'{code}': the middle letter must be M"),
}
"""A player's message for a code whose rule part its game does not have, by the game the code's
prefix names: what the part may be (the words of each game's ``CODE_RULE_PART``, which the command
line says); ``{last}`` is the last layout's letters."""


def code_problem(typed: str, error, example: str) -> str:
    """The player's message for a deal code that cannot be read, in their language: which part is
    wrong (``error.reason`` of a :class:`games.codes.CodeError`; any other ``ValueError`` is taken
    as no code at all), for a bad rule part what that code's game takes there (:data:`RULE_PARTS`),
    and for a text that is no code at all what a code looks like (``example``, this table's deal 1)."""
    from games import codes
    from games.share import game_of_code

    reason = getattr(error, "reason", codes.NOT_A_CODE)
    if reason == codes.DEAL_PART:
        return tr("'{code}': the last part must be 7 letters A-Z", code=typed)
    if reason == codes.OUT_OF_RANGE:
        return tr("'{code}': no deal has that number", code=typed)
    if reason == codes.RULE_PART:
        game = game_of_code(typed)
        if game in RULE_PARTS:
            from games.pyramid import N_LAYOUTS
            return tr(RULE_PARTS[game], code=typed, last=f"L{N_LAYOUTS:02d}")
        return tr("'{code}': the middle part names no rules of that game", code=typed)
    return tr("'{code}' is not a deal code. Codes look like {example}", code=typed, example=example)


MODIFIER_KEYS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                           pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE))
"""Keys that only change what another key means: pressed alone during a drag, they leave it."""


def is_redo_key(event) -> bool:
    """Whether the key ``event`` asks for Redo: Ctrl+Y, Ctrl+Shift+Z or Shift+U (Cmd for Ctrl, as
    for undo's Ctrl+Z on macOS)."""
    ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
    shift = event.mod & pygame.KMOD_SHIFT
    return bool(event.key == pygame.K_y and ctrl or event.key == pygame.K_z and ctrl and shift
                or event.key == pygame.K_u and shift and not ctrl)


def path_flights(first: dict, last: dict) -> list[tuple]:
    """The cards that change place between two positions drawn as ``first`` and ``last``
    (:meth:`GameTable.pile_places`: ``{pile: [(card, face_up, rect), ...]}``, bottom first):
    ``(card, src rect, dst rect, up0, up1, slot, src slot)`` each, ``slot`` its ``(pile,
    index)`` in ``last`` (``None``: it goes where ``last`` shows no card of its own, as the cards
    a Spider deal takes back into one stock card) and ``src slot`` its place in ``first``. A
    pile's cards are compared from the bottom: those above the first difference leave it (in
    ``first``) or arrive (in ``last``); an arrival comes from the leaving card of the same value
    (the first one), else from where the first card left (Spider's completed run from its king
    on the done pile); a card left unmatched goes to the last arrival's place. Cards hidden
    under another in both places (a stacked pile's lower cards) and cards that only turn over
    stay out."""
    def listed(places):
        out = []
        for key, pile in places.items():
            for i, (c, up, r) in enumerate(pile):
                shown = i + 1 == len(pile) or pile[i + 1][2] != r
                out.append((key, i, c, up, r, shown))
        return out
    leave, come = [], []
    for key in list(first) + [k for k in last if k not in first]:
        a, b = first.get(key, []), last.get(key, [])
        p = 0
        while p < len(a) and p < len(b) and a[p][0] == b[p][0]:
            p += 1
        leave += [x for x in listed({key: a}) if x[1] >= p]
        come += [x for x in listed({key: b}) if x[1] >= p]
    free: dict = {}
    for n, x in enumerate(leave):
        free.setdefault(x[2], []).append(n)
    used = set()
    out = []
    for key, i, c, up, r, shown in come:
        got = free.get(c)
        if got:
            n = got.pop(0)
            used.add(n)
        elif leave:
            n = 0
        else:
            continue
        k, j, _, up0, r0, shown0 = leave[n]
        if (shown or shown0) and tuple(r0) != tuple(r):
            out.append((c, r0, r, up0, up, (key, i), (k, j)))
    if come:
        _, _, _, up1, r1, _ = come[-1]
        for n, (key, j, c, up0, r0, shown0) in enumerate(leave):
            if n not in used and shown0 and tuple(r0) != tuple(r1):
                out.append((c, r0, r1, up0, up1, None, (key, j)))
    return out


class GameTable(Scene):
    """A table for one game. Subclasses set ``rules`` (a :class:`~games.core.Rules` class) and
    ``game`` (its registry name), and implement the hooks below.

    :param number: the first deal (default: a random one, from the bank of verified deals when
        "solvable deals only" is on and the variant has one); :param options: rule options
        (default: the settings'); :param state: start from this state instead of a deal (not
        saved); :param resume: ``(SavedGame, History)`` from ``Progress.load_game`` (Continue).
    """

    rules = None
    game = ""
    shows_score = True        # the top bar shows a score (Devil's Grip shows cards left instead):
                              # the statistics give a best score only for such a game
    _picture: tuple | None = None   # (picture_key, picture_parts, button_marks) of the last rebuild
    hidden_cards = True       # the game hides cards from the player (face down, or a stock):
                              # solver messages then say it sees them (FreeCell, Pyramid: False)
    STOCK_TEXTS = ("s", "d")  # the stock move's text in every game (docs/contract.md, "Move notation")
    NOTICE_OPENS = False    # a tap on the notice beside the cards only dismisses it (Scene.NOTICE_OPENS)
    SPENDS_DOUBLE_TAP = False
    """Whether the second tap of a double tap (:data:`DOUBLE_TAP` s, :data:`DOUBLE_TAP_PX` px) after
    a tap that played a move other than a draw is spent: what lies under the finger now came with
    that move, unseen (TriPeaks' and Pyramid's uncovered cards, the stock's next card). The column
    games and Devil's Grip give the double tap a meaning of their own."""
    share_copied: bool | None = None
    """What became of the ended daily's result line, copied by the end panel's Share result
    (:meth:`share_result`): ``None`` not asked yet, True a clipboard took it, False none did (the
    end panel then points to the Daily screen's Share results)."""
    hint_nodes = HINT_NODES   # the solver's node budget for one hint
    best_line_hints = False
    """The hint shows the first move of the best line the solver found (the fewest cards left),
    winning or not, instead of a known winning line or the rule of thumb: for a game almost
    never won (Devil's Grip). The search must keep that line (``Search.best_moves``)."""
    best_line_ms = HINT_MS    # how long such a hint shows
    MIN_BODY = 4000
    """The least area (px²) of a part's body (:meth:`part_body`) left unlaid by the felt: each
    hole in the felt costs a blit call or two around it (~2.5 µs natively, as much as laying
    8000 px of felt), and the short strips of Pyramid's overlapping cards left by the cards
    above them cost more than they save (1280x800, CPU time: ``bench/redraw_cpu.py --cold``)."""
    pickers: dict = {}
    """``{option: picker(scene, current_value, done)}``: options the home sheet sets with a scene
    of their own instead of a cycle button; ``done(value)`` sets the option."""
    compact_preview = False   # the home miniature draws compact faces (for fanned columns)
    label_rects: list = []
    """Labels drawn on the table that a hint's bubble should not cover (px rectangles, ``None``
    for one not drawn): Devil's Grip's chain ranks; none by default."""

    # the game's own state lives in the Session (the controller's data); the table reads it here
    history = session_field("history", "The rules' undo history (:attr:`Session.history`).")
    number = session_field("number", "The deal number, ``None`` for a position that is no deal.")
    options = session_field("options", "The rule options of this game, checked.")
    saved = session_field("saved", "The ui.progress.SavedGame of this game (``None``: not saved).")
    clock = session_field("clock", "Seconds played.")
    deal_moves = session_field("deal_moves", "Moves the table made by itself at the deal.")
    verified = session_field("verified", "This deal came from a bank of verified deals.")
    solvable_only = session_field("solvable_only", "The setting when this deal was chosen.")
    daily_date = session_field("daily_date", "The date whose deal of the day this game is, or ``None``.")
    outcome = session_field("outcome", "The games.progression.Outcome of the ended game.")

    @staticmethod
    def preview_places() -> list[tuple[float, float, bool | None]]:
        """The home screen's miniature of this game (:mod:`ui.scenes.previews`): card places
        ``(x, y, face_up)`` in card widths (a card is 1 × :data:`ui.cards_art.RATIO`), back to
        front; ``face_up`` ``None`` marks an empty place (an outline)."""
        return []

    ahead_modules: tuple[str, ...] = ("games.badges",)
    """Modules a game's end needs, imported ahead with the game's search, a piece a frame in
    frames with time to spare (:attr:`search_import`), rather than in the frame that first needs
    them: the badges checked when a game ends (in the frame of its last move), and Pyramid's
    layout names (its end panel names the layout, in the frame that opened the panel)."""

    def __init__(self, number: int | None = None, options: dict | None = None, state=None, resume=None):
        self._first = (number, options, state)
        self._resume = resume
        self.offered: tuple | None = None
        """``(number, options, daily)`` of a deal asked for by name while this table resumes the
        saved game (:meth:`App.open_deal`): :meth:`ask_deal` once the saved game is up."""
        self.offered_new = False        # a new deal asked for over the saved game (Pyramid's layout picker)
        self.link_pending = False       # the offered deal came from the page's address (ui/app.py open_link)
        self.by_name_first = False      # the first deal was asked for by its code (App.open_deal)
        self.by_name = False            # this deal was asked for by its code: Options say when its rules differ
        self.session = Session(self.rules, self.game)   # the game itself: the controller (session.py)
        self.playing = True          # the rules' status is "playing" (cached)
        self.anim = Animator()
        self.deal_due = False        # a fresh deal to fly in once the table is laid out (start_deal)
        self.frame = None            # the screen's layout (ui.frame.Frame); None until the first resize
        self.finish_button = None    # the Finish button while it is offered (column games)
        self.panel = None
        self._base = None          # the still picture (base)
        self._on_screen = None     # the screen, while it holds the still picture instead of _base
        self._canvas = None        # the surface a rebuild draws on
        self._picture_size = None  # px
        self.stale = True
        self.status_text, self.status_error = "", False
        self.toasts: list[Toast] = []
        self.press_target = None
        self.hint_search = None
        self.hint_move = None
        self._node_cost = 0.0          # seconds: the slowest recent node of the hint's search
        self._save_due = None          # when a save was asked for and not yet written (App.now)
        self._clock_saved = 0.0        # the clock (s) at the last save (CLOCK_SAVE)
        self._shown = False            # the first picture drawn (``ready``)
        self._collected = False        # its card images queued
        self._waited = 0               # frames it waited for them
        self._rehearsed: set[str] = set()   # pieces of its picture drawn without the cards (``ready``)
        self.listing = False
        """Whether :meth:`draw_cards` runs the first dry pass of :meth:`ready`, which only lists
        the card images to make: what else a table draws with its cards (a band, a label) waits
        for the pass that draws the picture without its cards."""
        self._ahead = None             # what the card images made ahead were for
        self._hint_texts: list[str] = []   # a hint just shown: its texts to render before it is drawn
        self._text_rendered = False   # a hint's text was rendered in this frame (ready): spare renders none
        self.hint_fallback = None      # (state, move): the rule-of-thumb hint of that position
        self.assist = Assist(self)     # solver help: hint reasons, rescue, live line (assist.py)
        self._ahead_panels: list = []  # panels whose texts are still to render (texts_ahead)
        self._ahead_key = None         # what they were listed for: size, language, Restart and Redo offered
        self._end_ahead = None         # the ended state whose end panel's texts are rendered
        self._drawing_ahead: Panel | None = None   # the panel texts_ahead draws (not opened)
        self._draws_seen = 0           # the app's drawn frames at the last spare time: this frame drew?
        ahead = (self.rules.search_modules if self.rules.has_solver() else ()) + self.ahead_modules
        self.search_import = PieceImport(ahead) if ahead else None
        """The game's search imported ahead of the first hint, a piece a frame (:meth:`spare`)."""
        self.buttons: list[Button] = []
        self.pause_button: Button | None = None   # the pause menu's button, top left
        self.top_sizes: list[tuple[str, str, int]] = []   # the top bar's (label, value, text px) drawn
        self._stamps: dict[tuple, tuple] = {}   # place → (key, pixels or None, result) last drawn (_stamped)
        self._stamp_now = False                  # _stamped keeps pixels drawn once (the rehearsal)
        self._halves = None   # a whole rebuild in two frames: True asked, (record, rect drawn) after the first
        self._kept: dict = {}                    # part → (key, pixels or None, rect) last drawn (_kept_part)
        self._kept_plan = None                   # (picture record, (parts, keys)): see _kept_keys
        self._hand: bool | None = None           # the left-handed setting the table was laid out for
        self._tap_mark: tuple | None = None      # (when, where, history length) of a tap that played
        self._hint_said = ""                     # the status line a hint's mark came with (show_hint)
        self._drawings = 0                       # rebuilds of the still picture so far (_draw_base)
        self._redrawn: tuple = (0, None)         # (_drawings, its clips: None whole) of the last rebuild
        self._veil: pygame.Surface | None = None  # the still picture shaded, under an open panel (_draw_veiled)
        self._veil_of = None                     # (base, _drawings) the veil was made from
        self._veil_hole: pygame.Rect | None = None  # where the veil was not made (an open panel's inside)
        self._veiled = None                      # (surface, app.draws, panel rect) the veil and panel drawn on
        self._felt_plan = None                   # (where, pieces): the felt laid around kept parts
        self._unlaid: dict = {}                  # part → rect: no felt laid there, its copy still to come

    # -- scene protocol --------------------------------------------------------------------------
    def enter(self, app) -> None:
        self.app = app
        self.settings = app.settings
        self.art = cards_art.CardArt(self.settings.four_colour, self.settings.card_back)
        self.anim.speed = self.settings.anim_speed
        if self.history is None:
            if self._resume is not None:
                self.restore(*self._resume, greet=not self.offered_new)
            else:
                number, options, state = self._first
                self.start(number, options, state, announce=True, daily=getattr(self, "daily_first", None))
                self.by_name = self.by_name_first
        super().enter(app)
        if self.offered is not None:   # a deal asked for over the saved game: asked now it is up
            offered, self.offered = self.offered, None
            self.ask_deal(*offered)
            if self.link_pending:
                self.link_pending = False
                self.forget_link_when_answered()
        elif self.offered_new:
            self.offered_new = False
            self.ask_new_deal()

    def leave(self) -> None:
        self._halves = None
        self.autosave()

    def spare(self, deadline: float) -> None:
        """After the frame's drawing: the pending save (:meth:`save_soon`) when the frame has
        :data:`SAVE_ROOM` left or it has waited :data:`SAVE_WAIT`, then a slice of the hint's
        search up to ``deadline`` (seconds on ``App.now``; :meth:`step_hint`), or of its
        follow-up (:meth:`step_follow`), or, with neither, the ended searches' tables freed
        (:meth:`sweep_litter`) for :data:`HINT_MIN_SLICE` when the frame has that left (the rest
        of its spare time left to the work below and to the card images). The positions
        along a winning line a search just found are listed (``Assist.settle_lines``) when the
        frame has :data:`SAVE_ROOM` left. Once the first picture is shown, a frame with
        :data:`SAVE_ROOM` left and no hint searching imports a piece of the game's search
        (:attr:`search_import`): the page compiles it from source, 25-35 ms for Klondike's, which
        came in the first hint's tap frame; once it is imported, such a frame renders a text of a
        panel not opened yet (:meth:`texts_ahead`)."""
        if self._save_due is not None:
            now = self.app.now()
            if deadline - now >= SAVE_ROOM or now - self._save_due >= SAVE_WAIT:
                self.autosave()
        if self.assist.unsettled and deadline - self.app.now() >= SAVE_ROOM:
            self.assist.settle_lines()
        if self.hint_search is not None:
            self.step_hint(deadline)
        elif self.hint_after is not None:
            self.step_follow(deadline)
        elif searches.LITTER and deadline - self.app.now() >= HINT_MIN_SLICE:
            self.sweep_litter(min(deadline, self.app.now() + HINT_MIN_SLICE))
        elif self._shown and self.search_import is not None and not self.search_import.done \
                and deadline - self.app.now() >= SAVE_ROOM:
            self.search_import.step()
        elif self._shown and self.panel is None and not self._text_rendered:
            drew = self.app.draws != self._draws_seen     # (the clock read only when there may be work)
            if (not drew or self.ending()) and deadline - self.app.now() >= SAVE_ROOM:
                self.texts_ahead(drew)
        self._draws_seen = self.app.draws
        self._text_rendered = False

    def sweep_litter(self, deadline: float) -> None:
        """Free the tables of searches that ended (:data:`games.solvers.search.LITTER`) in pieces
        of :data:`LITTER_STEP` entries until ``deadline`` (seconds on ``App.now``), in a frame
        where no hint searches: freed whole, a search's tables took one frame 5-10 ms natively."""
        while searches.LITTER and self.app.now() < deadline:
            searches.sweep(LITTER_STEP)

    def panels_ahead(self) -> list:
        """The panels a player may open next, whose texts :meth:`texts_ahead` renders before: a
        function building each (not opened) — the pause menu, Options, Restart deal's and New
        deal's questions."""
        return [self.pause_menu, self.options_panel, self.restart_question, self.new_deal_question]

    def texts_ahead(self, drew: bool = False) -> bool:
        """One text of a panel not opened yet rendered (:func:`ui.text.render_ahead`: the panel
        drawn on a scratch surface, stopped at its second text not rendered before), in a frame's
        spare time: the ended game's end panel while the last flight, the wait or the celebration
        runs before it opens, else, in a frame that drew nothing (``drew`` false: not the frame
        of a table's first picture, a move's or a flight's), the panels of :meth:`panels_ahead` in
        turn, a panel a frame (again when the window's size, the language, or the pause menu's
        Restart deal or Redo rows change). A panel opened with its texts unrendered renders every
        one in the frame that opens it (each below 40 px at three times its size): natively 5-15 ms of CPU
        at 1280x800 for Options, the Restart question or an end panel, several times that in
        WebAssembly (docs/web.md, "Session 28"). Returns whether it rendered anything."""
        if self.panel is not None:
            return False
        if self.ending():
            if self._end_ahead is self.state:
                return False
            done, rendered = self._draw_ahead(self.end_panel())
            if done:
                self._end_ahead = self.state
            return rendered
        if drew:
            return False
        key = (tuple(self.app.size), self.settings.language, self.session.restart_at() is not None,
               self.session.can_redo())
        if key != self._ahead_key:
            self._ahead_key, self._ahead_panels = key, self.panels_ahead()
        if not self._ahead_panels:
            return False
        done, rendered = self._draw_ahead(self._ahead_panels[0]())
        if done:
            self._ahead_panels.pop(0)
        return rendered

    def _draw_ahead(self, panel: Panel) -> tuple[bool, bool]:
        """``panel`` drawn on a 1x1 scratch surface with one new text at most (its images made
        too, and the shade and the veil under it when it lies over the table,
        :meth:`_draw_veiled`): ``(whether it was drawn to its end, whether it rendered a
        text)``."""
        before = len(text._cache)
        if not panel.covers:
            shade_surface(self.app.screen.get_size())
            self._veil_for(self.app.screen.get_size())
        self._drawing_ahead = panel
        try:
            done = text.render_ahead(lambda: panel.draw(_scratch()))
        finally:
            self._drawing_ahead = None
        return done, len(text._cache) != before

    def resize(self, w: int, h: int) -> None:
        self.frame = frame_layout(w, h, self.settings.left_handed)
        self.assist.carve(self.frame)   # the live "still winnable" line's strip, when it is on
        self.layout_cards(self.frame)
        if self._hand is not None and self._hand != self.settings.left_handed:
            self.forget_drawings()   # every drawing kept belongs to the other hand's places
        self._hand = self.settings.left_handed
        self.make_buttons()
        if self.panel is not None:
            self.panel.layout(w, h)
        # flights end now (each carries its end point in the old layout's px): the cards show at
        # their places in the new layout; toasts, placed in px too, go
        self.end_deal()
        self.anim.finish("fly")
        self.anim.finish("cfly")
        self.toasts.clear()
        self.base = None
        self.stale = True

    def relabel(self) -> None:
        """The language changed: the buttons, an open options or end panel and the status line
        in the new one."""
        self.status_text = again(self.status_text)
        self.make_buttons()
        if isinstance(self.panel, PauseMenu):       # an OptionsPanel too: checked first
            self.open_pause()
        elif isinstance(self.panel, OptionsPanel):
            self.open_options()
        elif isinstance(self.panel, CodeEntry):      # the typed text kept; an error said again
            typed, error = self.panel.value, again(self.panel.error)
            self.panel.closed()
            self.open_code_entry()
            self.panel.value, self.panel.error = typed, error
        elif self.panel is not None and self.panel.end is not None:
            self.open_end_panel()
        self.stale = True

    def make_buttons(self) -> None:
        """The bar's buttons: Undo, Redo, Hint, Rescue, New deal, Code, Options. Redo is left out
        where the bar has no room for a seventh button 44 px each way with every label readable
        (phones, upright or on their side: their pause menu offers Redo, :meth:`pause_entries`).
        Undo's label is the bar's own word (context ``bar``): Russian «Назад» under the arrow,
        where the panels' «Отменить» would shrink every label of a phone's bar."""
        specs = [("undo", tr("Undo", context="bar"), "undo"), ("redo", tr("Redo"), "redo"), ("hint", tr("Hint"), "hint"),
                 ("rescue", tr("Rescue"), "rescue"), ("new", tr("New deal"), "new"), ("code", tr("Code"), "code"),
                 ("options", tr("Options"), "options")]

        def laid_out(specs):
            rects = self.frame.button_rects(len(specs), self.settings.left_handed)
            # one label size for the whole bar: the largest at which every label fits its button
            size = min(text.fit(label, self.frame.p["label"], r.width - 6, 9) for (_, label, _), r in zip(specs, rects))
            return rects, size

        rects, size = laid_out(specs)
        if min(min(r.size) for r in rects) < TOUCH or size < text.MIN_SIZE:
            specs = [sp for sp in specs if sp[0] != "redo"]
            rects, size = laid_out(specs)
        self.buttons = [Button(n, r, label, ic, size) for (n, label, ic), r in zip(specs, rects)]
        # labels that would be under 12-px lines (the smallest phones) leave the icons alone
        for b in self.buttons:
            b.icon_only = size < text.MIN_SIZE
        self.update_bar()
        # the pause menu's button: the left end of the top bar's row of items, at least 44 px square
        top = self.frame.top
        side = max(44, self.frame.p["top_bar"])
        self.pause_button = Button("pause", pygame.Rect(top.x + 2, top.y, side, side), "", "menu", 16, "bar")

    def clock_runs(self) -> bool:
        """The clock runs while the game is being played: from the player's first move (the deal's
        automatic moves are not one) until the game ends, and never while a panel or menu covers
        the table or the window or page is hidden, minimised or out of focus."""
        return (self.playing and self.history is not None and self.player_moves() > 0
                and self.panel is None and not self.app.away)

    def player_moves(self) -> int:
        """Moves shown and scored: the history's count less the deal's automatic moves."""
        return self.session.player_moves()

    def came_back(self) -> None:
        """Back at this window: a save still pending is written now (when another window wrote
        this game meanwhile, it is kept aside instead: ``Progress.save``); a save another window
        continued is taken up (:meth:`take_up_other_window`)."""
        if self.session.saved is None:
            return
        if self._save_due is not None:
            self.autosave()
        elif self.app.progress.changed_elsewhere(self.game):
            self.app.progress.superseded.add(self.game)
        self.take_up_other_window()

    def take_up_other_window(self) -> bool:
        """When another window continued this game's save (``Progress.superseded``: this
        window's last moves were kept aside then, and told), open the save as it stands, as
        Continue would; the home screen when that game was won there (or its save is gone).
        Returns whether it did."""
        if self.game not in self.app.progress.superseded or self.app.scene is not self:
            return False
        self.autosave()              # a move since the other window's save is kept aside too
        self.session.saved = None    # this window's game is written no more (leave() saves it)
        got = self.app.progress.load_game(self.game)
        won = got is not None and self.rules.status(got[1].state) == WON
        title = tr(self.rules.title)
        # (a save that no longer reads was kept aside and told by load_game; this window's moves
        # kept aside were told by Progress.save, in a notice that says the game went on elsewhere)
        told = {tr(MSG_CONTINUED, game=title), tr(MSG_REPLACED, game=title)}
        if won:
            self.app.store.notices.append(tr(MSG_WON_ELSEWHERE, game=title))
        elif got is not None and not told & set(self.app.store.notices):
            self.app.store.notices.append(tr(MSG_TAKEN_UP, game=title))
        if got is None or won:
            self.app.home()
        else:
            self.app.switch(type(self)(resume=got))
        return True

    def update(self, dt: float) -> bool:
        if self.take_up_other_window():
            return True
        if self.clock_runs():
            if self.session.tick(dt):
                self.stale = True
            c = self.session.clock
            if c < self._clock_saved:
                self._clock_saved = c        # a new deal's clock
            elif c - self._clock_saved >= CLOCK_SAVE:
                self.save_soon()     # the clock goes on: keep it, lest a reload wind it back
        if self.deal_due and self.frame is not None and self.history is not None:
            self.deal_due = False
            self.start_deal()
        shook = self.anim.busy("shake")
        # before the first picture shows, time stands still for the flights (the deal's above all)
        redraw = self.anim.update(dt if self._shown else 0.0)
        if self.panel is not None and hasattr(self.panel, "poll"):
            redraw |= self.panel.poll()
        if shook or self.anim.busy("shake"):
            self.stale = True        # the shake's offset is in the still picture: its last frame too
        if self.toasts:
            now = self.app.now()
            n = len(self.toasts)
            self.toasts = [t for t in self.toasts if t.until > now]
            redraw |= n != len(self.toasts)
        if self.hint_search is not None:
            redraw = True            # the spinner; the search itself runs after the drawing (spare)
        if self._save_due is not None and self.app.away:
            self.autosave()          # the page or window is going away: the pending save now
        redraw |= self.assist.update(dt)
        return redraw or self.stale

    # -- the game --------------------------------------------------------------------------------
    @property
    def state(self):
        """The position now."""
        return self.history.state

    def has_game(self) -> bool:
        """Whether a game is on the table (``False`` before the first deal)."""
        return self.history is not None

    def past_states(self) -> list:
        """The positions of this game so far, the deal first and the position now last."""
        return self.history.states

    def start(self, number: int | None = None, options: dict | None = None, state=None,
              announce: bool = True, daily: str | None = None) -> None:
        """Begin a game: deal ``number`` (random if ``None``) under ``options``, or ``state``.
        ``daily``: the date (``YYYY-MM-DD``) whose deal of the day this is; a replay of the same
        deal stays that date's daily, any other deal is not one."""
        opts = dict(self.settings.options_for(self.game))
        opts.update(options or {})
        opts = self.rules.check_options(opts)
        self.by_name = False    # ask_deal sets it once the deal is dealt
        if self._save_due is not None:   # the game this deal replaces, as it is (it may count as a loss)
            self.autosave()
        self.app.progression.flush()   # a won game's records a full storage refused: tried again first
        session = self.session
        session.prepare_deal(number, opts, daily)
        # the game this deal replaces, for a deal search cancelled with Esc (assist.cancel_deal)
        dealing = self.assist.dealing
        self.assist.before = dealing.before if dealing is not None else \
            self.snapshot() if self.history is not None else None
        session.solvable_only = self.settings.solvable_only
        if session.daily_date is not None and self.game != "devils-grip":
            session.solvable_only = True   # a daily is a verified deal whatever the setting
        session.verified = False
        self.assist.reset()
        if state is None:
            if number is None:   # no bank for this variant: a solvable deal is searched in slices
                number = self.assist.search_deal(opts)
            number = number or session.pick_number(opts, self.app.bank_dealt)
        # a candidate of the deal search is shown unsaved until a deal is verified
        session.deal(number, opts, state, self.app.progress if self.assist.dealing is None else None)
        self.anim.cancel()
        self.dealt = []
        self.deal_due = True
        self.panel = None
        self.toasts.clear()
        self.hint_search = self.hint_move = None
        self.on_start()
        if announce:
            self.say(self.daily_intro())
        self.assist.started()
        self.changed()

    def count_deal_moves(self, history: History) -> int:
        """How many of ``history``'s first moves the table made by itself at the deal (a restored
        game: the deal's automatic moves are not counted as the player's); 0 here, tables that move
        cards at the deal override it."""
        return 0

    def snapshot(self) -> Session:
        """What :meth:`back_to` needs to put this game back exactly as it is: a copy of the
        session (with its undo groups)."""
        return self.session.copy()

    def back_to(self, snap: Session) -> None:
        """Put back the game of a :meth:`snapshot` (a cancelled deal search): same cards, history,
        undo groups, clock and save; nothing is counted."""
        self.session = snap.copy()
        self.assist.reset()
        self.anim.cancel()
        self.deal_due = False
        self.dealt = []
        self.panel = None
        self.toasts.clear()
        self.hint_search = self.hint_move = None
        self.on_start()
        self.say("")
        self.changed()

    def restore(self, saved, history: History, greet: bool = True) -> None:
        """Continue a saved game: the same cards, score, clock and whole undo history; ``greet``:
        say "Welcome back" (not when the table is rebuilt under a question, as after its own
        layout picker: the player never left)."""
        self.session.resume(saved, history, self.app.progress)
        self._clock_saved = self.session.clock
        self.deal_moves = self.count_deal_moves(history)
        self.assist.reset()
        self.anim.cancel()
        self.deal_due = False
        self.dealt = []
        self.panel = None
        self.toasts.clear()
        self.hint_search = self.hint_move = None
        self.on_start()
        if greet:
            self.say(tr("Welcome back: the game goes on where you left it"), passing=True)
        self.changed()
        if self.rules.status(self.state) == LOST:
            self.say(self.lost_text(), error=True)

    def autosave(self) -> None:
        """Save this game (actions, clock) through ``Progress`` now; nothing for a position that
        is no deal. A refused write becomes a Store notice, never an error."""
        self._save_due = None
        self._clock_saved = self.session.clock
        # the progression first: the game's save that follows then drops from a won game's flag
        # (the records a full storage kept its win from) the records just written; a flag left
        # naming a written record would have a later start record the win there twice
        self.session.mark_daily(self.app.progression)
        self.app.progression.flush()   # a best or badge earned in play (TriPeaks' streak)
        self.session.autosave(self.app.progress)

    def save_soon(self) -> None:
        """Save this game in a coming frame's spare time (:meth:`spare`), within
        :data:`SAVE_WAIT` seconds: after a move or an undo, so that the frame showing it does
        not also write the save. Leaving the table, a new deal, or the page or window going
        away writes it at once (a move that ends the game is saved at once, with its records).
        In the browser the save's text is handed to the page now (``Session.hand_off``): a page
        hidden, closed or reloaded before that frame writes it itself, and a hidden page runs
        no frame."""
        if self._save_due is None:
            self._save_due = self.app.now()
        self.session.hand_off(self.app.progress)

    def score(self) -> int:
        """The score shown in the top bar and kept as the best score (:meth:`Session.score`)."""
        return self.session.score()

    def replay(self) -> None:
        """Start this deal again from its first card."""
        if self.number is None:
            self.start(None, self.options, self.history.states[0])
        else:
            self.start(self.number, self.options)

    def new_deal(self) -> None:
        """A new random deal under the options of the settings (they may have changed)."""
        self.start(None, dict(self.settings.options_for(self.game)))

    def deal_code(self) -> str:
        """This deal's code (``—`` for a position that is no deal)."""
        if self.number is None:
            return "—"
        return self.rules.code(self.number, self.options)

    def deal_label(self) -> str:
        """The deal as the table shows it (top bar, messages): its code; FreeCell shows
        Microsoft's number (``#617``)."""
        return "—" if self.number is None else self.deal_label_of(self.number, self.options)

    @classmethod
    def deal_label_of(cls, number: int, options: dict) -> str:
        """How the game's tables and screens name deal ``number`` under ``options`` (checked):
        its code."""
        return cls.rules.code(number, options)

    def play(self, move, group: bool = True) -> bool:
        """Play ``move`` through the session (``group``: a new undo group, else the move joins the
        last one, :meth:`Session.play`); on refusal say why (if explanations are on). A deal
        still flying in is laid out first: a move played by code (a line, the rescue) lands on
        the cards dealt, as a player's press does (:meth:`end_deal`). A game already lost refuses
        every move with what was needed (:meth:`lost_text`): the rules leave a lost game the
        moves its cards allow (a Devil's Grip swap, a Klondike draw), none of which can change
        the outcome, and the table has said the game is over and offered Undo, Replay and New deal."""
        if self.dealing():
            self.end_deal()
        if self.rules.status(self.state) == LOST:
            self.refused(move, self.lost_text())
            return False
        try:
            before = self.session.play(move, group)
        except IllegalMove as e:
            self.refused(move, e.text())
            return False
        self.hint_search = self.hint_move = None
        self.status_text = ""
        self.app.play_sound("draw" if self.history.actions[-1] in self.STOCK_TEXTS else "play")
        self.after_move(before, move)
        self.turn_uncovered(before, self.state)
        self.changed()
        self.end_or_save()
        return True

    def end_or_save(self) -> None:
        """After a move (or a redo): the game's end checked; a game going on is saved soon, one
        that ended is written at once with its records."""
        self.check_end()
        if self.playing:
            self.save_soon()
        else:
            self.autosave()

    def refused(self, move, why: str) -> None:
        """A refused move: the game view shakes it; the status line explains."""
        self.app.play_sound("refused")
        if self.settings.explain_errors:
            self.say(why, error=True, passing=True)
        self.stale = True

    def undo(self) -> None:
        """Take back the player's last action (:meth:`Session.undo`: its undo group), pending
        automatic moves settled first."""
        self.history_step(self.session.undo)

    def restart(self) -> None:
        """Back to the deal's start, every move taken back as one action (:meth:`Session.restart`,
        the pause menu's Restart deal): one Redo plays them all again. Said on the status line."""
        self.history_step(self.session.restart)
        if self.session.restart_at() is None:
            self.say(tr("Back at the deal's start: Redo plays your moves again"))

    def redo(self) -> None:
        """Play again the last action the player undid (:meth:`Session.redo`, docs/rules.md,
        "Redo"), then as after a move: its sound, the game's end checked, a save. Nothing to redo,
        or a move the rules refuse (nothing is then left to redo), is said on the status line."""
        self.history_step(self.session.redo, forward=True)

    def history_step(self, how, forward: bool = False) -> None:
        """Undo, Restart or Redo: ``how()`` (a :class:`Session` method) moves along the history,
        pending automatic moves settled first, a panel closed, the hint dropped; moves taken back
        are saved soon, moves played again (``forward``) end as a move does
        (:meth:`end_or_save`). A refusal is said on the status line. A table with input of its
        own in progress (a drag, an armed swap) drops it first."""
        if self.dealing():
            self.end_deal()
        self.settle()
        self.anim.finish()      # before the panel closes: a celebration ending opens the won panel
        if not forward:
            self.anim.cancel("celebrate")   # a cascade a finished wait began: the win is taken back
        if self.panel is not None:
            self.close_panel()
        was = list(self.history.states) if self.history is not None else []
        try:
            how()
        except IllegalMove as e:
            self.say(e.text(), error=True, passing=True)
            self.update_bar()
            return
        self.hint_search = self.hint_move = None
        self.assist.stop_playback()
        self.say("")
        if forward:
            self.app.play_sound("draw" if self.history.actions[-1] in self.STOCK_TEXTS else "play")
        self.on_undo()
        self.fly_history(was, forward)
        self.changed()
        if forward:
            self.end_or_save()
        else:
            self.save_soon()
        self.update_finish()

    def fly_history(self, was: list, forward: bool) -> None:
        """After an undo, Restart or redo: the cards fly from where the positions ``was`` (the
        history's states before it) left them to where they are now (:meth:`fly_path`), the
        moves taken back in reverse, those played again in order."""
        now = self.history.states
        if forward:
            path = now[len(was) - 1:] if len(now) > len(was) and was and now[len(was) - 1] is was[-1] else []
        else:
            path = was[len(now) - 1:][::-1] if len(was) > len(now) and was[len(now) - 1] is now[-1] else []
        if len(path) >= 2:
            self.fly_path(path)

    def pile_places(self, s, rects: bool = True) -> dict:
        """Every pile of position ``s`` as the table draws it now: ``{pile: [(card, face_up,
        rect px), ...]}``, bottom card first (``rects`` false: ``None`` for each rect, the cards
        only). The flights of undo and redo (:meth:`fly_path`) are found from it; ``{}`` (the
        default): none."""
        return {}

    def fly_card(self, card, src: pygame.Rect, dst: pygame.Rect, up0: bool, up1: bool, slot, delay_ms: float,
                 wait: bool = True):
        """Start one card's flight from ``src`` to ``dst`` (px), face up or down at each end,
        after ``delay_ms`` (shown at ``src`` meanwhile when ``wait``, else not shown until it
        goes); ``slot`` (its pile and index in :meth:`pile_places`, or ``None``) is hidden from
        the still picture until it lands. Returns the tween (``None``: the table flies nothing)."""
        return None

    def fly_path(self, path: list) -> None:
        """Fly the cards that change place along ``path`` (positions, the one shown first, the
        one now last; :func:`path_flights`): the cards of the path's first move go first, each
        later move's :data:`PATH_STEP_MS` after (closed up to :data:`PATH_SPREAD_MS` in all),
        a move's own cards :data:`PATH_CARD_MS` apart; a card moved twice flies once, straight.
        Nothing with animation off or before the table's first layout."""
        if len(path) < 2 or self.anim.factor == 0 or self.frame is None:
            return
        last = self.pile_places(path[-1])
        flights = path_flights(self.pile_places(path[0]), last)
        if not flights:
            return
        steps = len(path) - 1
        order = [0] * len(flights)
        if 1 < steps <= PATH_STEPS:
            lists = [self.pile_places(s, rects=False) for s in path[1:-1]] + [last]
            for n, (c, _, _, _, _, slot, src) in enumerate(flights):
                for k, places in enumerate(lists):
                    if slot is not None:
                        pile = places.get(slot[0], ())
                        if slot[1] < len(pile) and pile[slot[1]][0] == c:
                            break
                    else:
                        pile = places.get(src[0], ())
                        if src[1] >= len(pile) or pile[src[1]][0] != c:
                            break
                order[n] = k
        ranks = {o: r for r, o in enumerate(sorted(set(order)))}
        gap = min(PATH_STEP_MS, PATH_SPREAD_MS / max(1, len(ranks) - 1))
        within: dict = {}
        delays = []
        for o in order:
            within[o] = within.get(o, -1) + 1
            delays.append(ranks[o] * gap + within[o] * min(PATH_CARD_MS, PATH_SPREAD_MS / order.count(o)))
        # a higher card of a pile is drawn over a lower one while both wait there
        for n in sorted(range(len(flights)), key=lambda n: flights[n][6][1]):
            c, r0, r1, up0, up1, slot, _ = flights[n]
            self.fly_card(c, r0, r1, up0, up1, slot, delays[n])

    def turn_uncovered(self, before, after) -> None:
        """The cards face down in ``before`` and face up at the same place in ``after`` (a column's
        card a move uncovered, TriPeaks' card freed) turn over (:meth:`turn_card`). Nothing with
        animation off."""
        if self.anim.factor == 0 or self.frame is None:
            return
        a, b = self.pile_places(before, rects=False), self.pile_places(after, rects=False)
        turned = [(key, i) for key, pile in b.items() for i, (c, up, _) in enumerate(pile)
                  if up and i < len(a.get(key, ())) and a[key][i][0] == c and not a[key][i][1]]
        if turned:
            b = self.pile_places(after)
            for key, i in turned:
                c, _, r = b[key][i]
                self.turn_card(c, r, (key, i))

    def turn_card(self, card, rect: pygame.Rect, slot):
        """Turn ``card`` over at ``rect`` (px) in :data:`TURN_MS`: a ``turn`` tween, drawn over the
        still picture (:meth:`draw_turns`); a table hides ``slot`` (its pile and index in
        :meth:`pile_places`) from the picture meanwhile. Returns the tween."""
        return self.anim.add("turn", TURN_MS, {"card": card, "rect": pygame.Rect(rect), "slot": slot},
                             on_done=lambda: self.turned(card))

    def turned(self, card) -> None:
        """A card's turn (:meth:`turn_card`) ended: the picture shows it again."""
        self.stale = True

    def draw_turns(self, surface) -> None:
        """The cards turning over (:meth:`turn_card`): the back squeezed to its middle, then the
        face widening from it; each side made once at the card's width and scaled each frame (a
        face at every width on the way would be a new image a frame)."""
        for tw in self.anim.of("turn"):
            d, r = tw.data, tw.data["rect"]
            up = tw.t >= 0.5
            img = d.get(up)
            if img is None:
                img = d[up] = pygame.Surface(r.size, pygame.SRCALPHA)
                self.art.draw(img, d["card"], img.get_rect(), up, False)
            w = max(1, round(r.width * abs(1 - 2 * tw.t)))
            surface.blit(pygame.transform.scale(img, (w, r.height)), (r.centerx - w // 2, r.y))

    deal_from = ("stock",)
    """The pile :meth:`start_deal` deals from (its cards stay where they are)."""

    def deal_source(self) -> pygame.Rect | None:
        """Where the deal's cards fly from (px): the stock's place; ``None``: no deal flights."""
        return None

    def start_deal(self) -> None:
        """Deal the cards of the position now: each card but the stock's flies from
        :meth:`deal_source` into its place, face down until it turns on the way, row by row
        across the piles (a pile's bottom cards first), all within :data:`DEAL_MS` at "normal"
        speed. Nothing with animation off. Any press or key ends it (:meth:`end_deal`) and
        then acts on the table dealt."""
        src = self.deal_source()
        if self.anim.factor == 0 or src is None:
            return
        cards = sorted((i, n, key, c, up, r) for n, (key, pile) in enumerate(self.pile_places(self.state).items())
                       if key != self.deal_from for i, (c, up, r) in enumerate(pile))
        gap = min(DEAL_GAP_MS, (DEAL_MS - DEAL_FLIGHT_MS) / max(1, len(cards)))
        for k, (i, _, key, c, up, r) in enumerate(cards):
            tw = self.fly_card(c, src, r, False, up, (key, i), k * gap, wait=False)
            if tw is not None and tw in self.anim.tweens:
                tw.duration = DEAL_FLIGHT_MS * self.anim.factor / 1000
                tw.data["deal"] = True
                tw.on_done = lambda done=tw.on_done, c=c, r=r, up=up, slot=(key, i): \
                    self.deal_landed(done, c, r, up, slot)

    dealt: list = []
    """The dealt cards landed while the rest of the deal flies in: ``(card, rect px, face_up,
    slot, the flight's own end)`` in the order they landed (:meth:`deal_landed`)."""
    _ending_deal = False

    def deal_landed(self, done, card, rect: pygame.Rect, up: bool, slot) -> None:
        """A dealt card landed: it stays out of the still picture's piles until the whole deal
        has landed (``done``, the flight's own end that shows its place again, waits till then),
        and is drawn over the picture as it is (:meth:`draw_dealt`): onto the picture now, and
        by every rebuild until then. A frame of the deal so copies the picture and draws the
        cards in flight; a rebuild per landing made three or four clipped redraws a frame, 40-50
        ms a frame in WebAssembly on a loaded machine (docs/web.md, "Session 31"). Once the last
        card lands, the piles show their cards again, rebuilt in two frames
        (:meth:`rebuild_in_halves`)."""
        self.dealt = self.dealt + [(card, pygame.Rect(rect), up, slot, done)]
        if not self._ending_deal:
            base = self._base if self._on_screen is None else self._on_screen
            if base is not None:
                self.art.draw(base, card, rect, up, True)
        if not self.dealing():
            dealt, self.dealt = self.dealt, []
            for *_, end in dealt:
                end()
            self.stale = True
            if not self._ending_deal:
                self.rebuild_in_halves()

    def dealt_slots(self) -> set:
        """The slots (pile, index: :meth:`pile_places`) of the dealt cards landed while the deal
        goes on: hidden from the piles as the cards in flight are."""
        return {d[3] for d in self.dealt}

    def draw_dealt(self, surface) -> None:
        """The dealt cards landed so far, over the still picture (within its clip), in the order
        they landed (:meth:`deal_landed`)."""
        for card, rect, up, _, _ in self.dealt:
            self.art.draw(surface, card, rect, up, True)

    def dealing(self) -> bool:
        """Whether the deal's cards are still flying in (:meth:`start_deal`)."""
        return any(tw.data.get("deal") for tw in self.anim.tweens)

    def end_deal(self) -> None:
        """Every card of the deal at its place now (the picture rebuilt whole in this frame)."""
        self._ending_deal = True
        try:
            self.anim.finish(where=lambda tw: tw.data.get("deal"))
        finally:
            self._ending_deal = False
        self.stale = True

    def settle(self) -> None:
        """Bring every pending automatic thing to its end now, before the player or a line of
        the solver acts (column games: flights land, auto to foundation and Finish play)."""

    def update_finish(self) -> None:
        """Offer or withdraw the Finish button for the position now (column games)."""

    def undo_moves(self, k: int) -> int:
        """Take back ``k`` moves at once, each a step of the history (the rescue's way back),
        settling pending moves first; returns how many were taken back."""
        self.settle()
        self.anim.finish()
        self.anim.cancel("celebrate")
        if self.panel is not None and self.panel.end is not None:
            self.close_panel()  # an end panel a finished celebration (or wait) opened
        k = self.session.undo_moves(k)
        self.hint_search = self.hint_move = None
        self.on_undo()
        self.changed()
        self.save_soon()
        self.update_finish()
        return k

    def card_rects(self) -> list[pygame.Rect]:
        """Every card's rectangle now, in pixels (tests check they are on screen)."""
        return []

    def crowded_rects(self) -> list[pygame.Rect]:
        """What a hint's bubble should not cover: the cards (and any labels among them)."""
        return self.card_rects()

    def badge_toasts(self, ids) -> None:
        """A toast for each badge just earned, one under the other near the top."""
        from games.badges import BY_ID

        w, h = self.app.size
        size = max(16, min(26, h // 30))
        for i, b in enumerate(ids):
            self.toast(tr("Badge earned: {name}", name=tr(BY_ID[b].name)), (w // 2, h // 5 + i * size * 2), size, 4.0)

    def check_end(self) -> None:
        """After a move: an ended game is recorded by the session (:meth:`Session.record_end`:
        statistics, records, badges, the daily mark) and shown — badges just earned as toasts, the
        win's celebration or the lost panel. A daily's result line is copied only when the player
        asks (the end panel's Share result): the clipboard holds what the player put there."""
        st = self.rules.status(self.state)
        if st == PLAYING:
            return
        outcome = self.session.record_end(self.app.progress, self.app.progression)
        if outcome is not None:
            self.badge_toasts(outcome.new_badges)
            self.share_copied = None
        if st == WON:
            self.app.play_sound("win")
            self.on_won()
        elif st == LOST:
            self.on_lost()

    def share_refused(self) -> None:
        """The browser refused the daily's result line a moment after it was asked to copy it:
        the end panel says to share it from the Daily screen instead."""
        self.share_copied = False
        self.stale = True

    def update_bar(self) -> None:
        """Enable Undo when there is a move to take back and Redo when there is an undone action
        to play again."""
        for b in self.buttons:
            if b.name == "undo":
                b.enabled = bool(self.history and self.session.can_undo())
            elif b.name == "redo":
                b.enabled = bool(self.history and self.session.can_redo())

    def changed(self) -> None:
        """The state changed: rebuild the static drawing, refresh the undo and redo buttons."""
        self.update_bar()
        self.playing = self.rules.status(self.state) == PLAYING
        self.stale = True
        self.assist.position_changed()

    def notice_place(self, w: int, h: int) -> tuple[int, int, int, bool]:
        """The notice band lies over the status line, growing upward from its foot when it
        wraps: the top bar (☰, the title, score, time, moves, deal code) and the button bar stay
        in sight and tappable, and the status line is the place a message is looked for."""
        if self.frame is None:
            return 0, w, 0, False
        r = self.frame.status
        return r.x, r.width, r.bottom, True

    says = 0
    """How many times :meth:`say` was called: the same message said twice (a refusal repeated) is
    told to a screen reader twice (:mod:`ui.speech`)."""

    status_passing = False
    """Whether the status line tells a moment that has passed once a panel opens (a greeting,
    a refused move or undo) rather than the table's state (a lost game, a deal's tip): a panel
    opening clears such a line (:attr:`panel`), so that the panel never stands beside, or leaves
    behind, a line it contradicts ("Welcome back…" under "Start deal …?")."""

    _panel = None

    @property
    def panel(self):
        """The panel open over the table (a :class:`Panel`, or ``None``). Opening one (setting
        a panel other than the one open) clears a passing status line (:attr:`status_passing`);
        a line that tells the table's state, or one said after the panel opened, stays."""
        return self._panel

    @panel.setter
    def panel(self, p) -> None:
        if p is not None and p is not self._panel and self.status_passing:
            self.status_text, self.status_error, self.status_passing = "", False, False
            self.stale = True
        self._panel = p

    def say(self, message: str, error: bool = False, passing: bool = False) -> None:
        """Put ``message`` on the status line; ``error``: drawn as a warning; ``passing``: it
        tells a moment (a greeting, a refusal) that the next panel to open clears
        (:attr:`status_passing`)."""
        self.status_text, self.status_error = message, error
        self.status_passing = passing
        self.says += 1
        self.stale = True

    def toast(self, message: str, pos, size: int, seconds: float = 2.5) -> None:
        """Show ``message`` centred at ``pos`` (px) in text ``size`` (px) for ``seconds``."""
        self.toasts.append(Toast(message, self.app.now() + seconds, pos, size))

    # -- hint ------------------------------------------------------------------------------------
    def hint(self) -> None:
        """Ask for a hint: a known line's next move at once (:meth:`Assist.hint_known`), else the
        solver, sliced over frames (:meth:`step_hint`) for at most :attr:`hint_nodes` nodes and
        :data:`HINT_WALL` seconds; :meth:`finish_hint` decides what is shown. On a finished
        table (lost or won, its panel closed to look) the hint brings back the end panel."""
        if self.rules.status(self.state) != PLAYING:
            # no move to give: the end panel says so (lost: what was needed, Rescue, Undo, Replay,
            # New deal; won: New deal first), as a tap or a drag on the finished table does
            self.open_end_panel()
            return
        if not self.best_line_hints and self.assist.hint_known():
            return
        f = self.hint_after
        if f is not None and f.state is self.state:
            # the hint shown here is still being settled: shown again as it stands now
            kind, move = self.hint_after_shown
            self.say(tr(MSG_HINT_PROGRESS if kind == "progress" else MSG_HINT_GUESS))
            self.show_hint(move)
            return
        if self.rules.has_solver():
            self.hint_deadline = self.app.now() + HINT_WALL
            self.hint_main = None
            # a verified deal's winning line still searched for from here: the hint goes on with it
            self.hint_search = (None if self.best_line_hints else self.assist.win_search(self.state)) \
                or self.new_hint_search()
            self.say(tr("Thinking…"))
        else:
            self.finish_hint(None)

    def new_hint_search(self):
        """The search a hint runs (sliced by :meth:`step_hint`): the game's hint search
        (:meth:`games.core.Rules.hint_search`: its solver, or a search of its own — Devil's Grip's
        best line's beam uses the whole budget) within :attr:`hint_nodes` nodes (``None``: the
        game's own budget)."""
        return self.rules.hint_search(self.state, self.hint_nodes)

    live_scored = False
    """Whether the live line gives the fewest cards left found (:meth:`live_best_search`) rather
    than whether the position can be won: a game scored by the cards it leaves."""

    def live_best_search(self, state):
        """For a game scored by the cards it leaves (:attr:`live_scored`), the sliced search the
        live line runs from ``state`` for the fewest cards left (:meth:`Assist.start_live_best`)."""
        raise NotImplementedError

    def kept_best(self, state):
        """For a :attr:`live_scored` game, the cards left at the end of a line the table already
        announced from ``state`` (a hint's), or ``None``: the live line gives the lesser."""
        return None

    def step_hint(self, deadline: float | None = None) -> None:
        """One frame's slice of the hint's search, after the frame's drawing: until ``deadline``
        (seconds on ``App.now``; default ``App.FRAME_BUDGET`` after the frame began), at most
        :data:`HINT_SLICE` seconds and at least :data:`HINT_MIN_SLICE`, never past the hint's
        deadline (:data:`HINT_WALL` after the request, when the app keeps wall-clock limits). The
        search goes in steps of at most :data:`HINT_STEP` nodes, each as many as :data:`STEP_SHARE`
        of the time left holds at the slowest recent cost of a node, so that no step runs past the
        end even where nodes turn dearer, and one
        step of a node at least whatever the time left (the search always goes on). The first
        slice works out the rule-of-thumb move (:meth:`fallback_hint`) before searching, so a
        search that does not answer in time is replaced at the deadline frame, not after it."""
        app = self.app
        t0 = app.now()
        if deadline is None:
            deadline = app.frame_started + app.FRAME_BUDGET
        self.fallback_hint()
        timed = app.solver_wall_clock
        checking = self.hint_main is not None
        end = max(min(t0 + HINT_SLICE, deadline), t0 + HINT_MIN_SLICE)
        if timed:
            # the search stops early enough to leave the fallback's check its share of the deadline
            stop = self.hint_deadline - (0 if checking else self.rules.hint_check_share * HINT_WALL)
            end = min(end, stop)
        r = self.search_slice(self.hint_search.step, end)
        # the hint's deadline passed, or it passes before the next frame's slice could begin (the
        # rest of a 60 Hz frame after its budget): the answer shows in this frame, not a frame late
        if r or (timed and self.app.now() >= stop - (FRAME_PERIOD - app.FRAME_BUDGET)):
            search, self.hint_search = self.hint_search, None
            if checking:
                (r, search), check = self.hint_main, search
                self.hint_main = None
                self.finish_hint(r, search, check)
                return
            check = hints.fallback_check(self.rules, self.state, r, search, self.best_line_hints,
                                         avoid={self.rules.place(p) for p in self.history.states[:-1]})
            if check is None:
                self.finish_hint(r, search)
                return
            # no winning line, no proof of loss: the fallback's moves are checked in the next slices
            self.hint_main, self.hint_search = (r, search), check

    def search_slice(self, step, end: float):
        """Call ``step(n)`` (a search's, ``n`` nodes) until the app's clock passes ``end``
        (seconds on ``App.now``) or it returns something true, which is returned (else ``None``).
        Each step is as many nodes as :data:`STEP_SHARE` of the time left holds at the slowest
        recent cost of a node, :data:`HINT_STEP` at most, so that no step runs past the end even
        where nodes turn dearer; one step of a node at least whatever the time left (the search
        always goes on). A garbage collection that is due runs between two steps where the slice
        has room for it."""
        app = self.app
        r = None
        t = app.now()
        stepped = False
        collector = getattr(app, "collector", None)
        while t < end or not stepped:   # a step each slice, however late: the search goes on
            if collector is not None and collector.step(end, 1):
                t = app.now()   # a due collection between two steps, where the slice has room
            cost = self._node_cost
            # half the time left at the recent cost: nodes turning dearer (a beam's next layer)
            # end the slice near its end, not a whole step's worth past it
            n = HINT_FIRST_STEP if cost <= 0 else min(HINT_STEP, int((end - t) * STEP_SHARE / cost))
            if n < 1:
                if stepped:
                    break
                n = 1     # a node at least (a step slowed by the machine's load makes ``cost`` high)
            r = step(n)
            stepped = True
            if r:         # the search's Result, or True: the fallback's check is over
                break
            t1 = app.now()
            self._node_cost = max((t1 - t) / n, 0.9 * cost)
            t = t1
        return r

    def fallback_hint(self):
        """The hint when the solver gives no line: the best move by rule of thumb
        (:func:`games.hints.best_move`), or ``None`` — the rescue — when only pointless moves are
        left (valued under :data:`games.hints.USEFUL`) and there is a move to undo, or no legal
        move at all. Worked out once per position (kept with the state it is for)."""
        s = self.state
        if self.hint_fallback is not None and self.hint_fallback[0] is s:
            return self.hint_fallback[1]
        move = hints.best_move(self.rules, s)
        if move is not None and hints.move_value(self.rules, s, move)[0] < hints.USEFUL \
                and self.rules.has_solver() and self.session.can_undo():
            move = None           # only pointless moves are left: the hint becomes the rescue
        self.hint_fallback = (s, move)
        return move

    hint_main = None
    """``(result, search)`` of a hint's search while its fallback's check runs (:meth:`step_hint`)."""

    def finish_hint(self, result, search=None, check=None) -> None:
        """Decide the hint and show it — the one place a hint is made. ``result``: the solver's
        answer (``None``: none in time); ``search``: the search that gave it. In order: the first
        move of the best line a search keeps (:attr:`best_line_hints`); a winning line's first
        move; a proved loss opens the rescue; else the first move of the search's progress line
        (:meth:`games.solvers.search.Sliced.progress_line`: a line to a position it rates better
        than this one), else the best move by rule of thumb (:meth:`fallback_hint`), or the rescue
        when only pointless moves are left. ``check``: the fallback's check
        (:class:`games.hints.FallbackCheck`), whose first candidate not proved lost replaces the
        progress or rule-of-thumb move (:func:`games.hints.decide`)."""
        self.say("")      # "Thinking…" is over, whatever comes next
        kind, move, shown = hints.decide(self.rules, self.state, result, search, self.best_line_hints, check,
                                         self.history.states[:-1])
        if self.best_line_hints and kind in ("best", "winning"):
            self.show_hint(move, self.best_line_text(result, search), self.best_line_ms)
            return
        if result is not None and not (self.best_line_hints and search is not None and search.best_moves() == []):
            self.assist.learn(self.state, result)
        if kind == "winning":
            if result is None or shown != list(result.moves):
                self.assist.remember(self.state, shown)         # the next hint goes on along it
            self.say(tr(self.assist.sees(MSG_HINT_LINE)))
        elif kind == "lost":
            # no move wins, but the hint still shows the best move there is (never a dead end:
            # at the deal there is nothing to undo) and says the game cannot be won
            if check is not None:
                self.assist.dead.add(self.state)    # every move from here proved lost
            if move is None:
                if self.rules.legal_moves(self.state):
                    # every move left goes back to where the game has been: no circle, the rescue
                    self.assist.rescue()
                else:
                    self.open_end_panel()
                return
            self.say(self.lost_hint_text(), error=True)
        elif kind == "progress":
            self.say(tr(MSG_HINT_PROGRESS))
        else:
            fallback = self.fallback_hint()
            if fallback is None:
                self.assist.rescue()
                return
            if move is None:            # the check's move not proved lost, else the rule of thumb
                move = fallback
            self.say(tr(MSG_HINT_GUESS))
        if kind in ("progress", "guess") and search is not None and check is not None and (
                result is None or not check.over):
            # shown unsettled (a slow device) in a game where one move can lose (its hint runs a
            # check: not Spider): the search and the check go on while the player looks
            self.hint_after = hints.FollowUp(self.rules, self.state, result, search, check, FOLLOW_NODES)
            self._follow_costs = [self._node_cost, self._node_cost]   # seconds a node: the search's, the check's
            self.hint_after_shown = (kind, move)
            self.hint_after_until = self.hint_deadline + FOLLOW_WALL
        self.show_hint(move)

    hint_after = None
    """The :class:`games.hints.FollowUp` of the hint shown last, while its search or its check goes
    on (:meth:`step_follow`); ``hint_after_shown`` is ``(kind, move)`` of the hint shown for it."""
    hint_after_shown = None
    hint_after_until = 0.0

    def step_follow(self, deadline: float) -> None:
        """A slice of a hint's follow-up (:attr:`hint_after`) in the frame's spare time, until
        ``deadline`` (seconds on ``App.now``): :data:`HINT_SLICE` at most while the hint is marked,
        :data:`FOLLOW_SLICE` after, at least :data:`HINT_MIN_SLICE` (the slicing of
        :meth:`search_slice`). It stops when the position changes, a panel opens, a line is being
        played, or :data:`FOLLOW_WALL` after the request; a winning line or a proof of loss the
        assist learned meanwhile (a verified deal's line searched at the deal, the live line)
        settles it at once. When something settles, :meth:`follow_hint` decides the hint again."""
        f = self.hint_after
        app = self.app
        t0 = app.now()
        if f.state is not self.state or self.panel is not None or self.assist.queue \
                or (app.solver_wall_clock and t0 >= self.hint_after_until):
            self.hint_after = None
            return
        line = self.assist.line_from(f.state)
        if line:
            f.result = Result(SOLVED, line)
        elif f.state in self.assist.dead:
            f.result = Result(UNSOLVABLE, [])
        else:
            share = HINT_SLICE if self.hint_move is not None else FOLLOW_SLICE
            end = max(min(t0 + share, deadline), t0 + HINT_MIN_SLICE)
            # a slice of the search or of the check, each sized by its own nodes' recent cost
            part = f.part()
            costs = self._follow_costs
            self._node_cost, kept = costs[part], self._node_cost
            settled = self.search_slice(f.step, end)
            costs[part], self._node_cost = self._node_cost, kept
            f.turn()
            if not settled:
                return
        self.follow_hint()

    def follow_hint(self) -> None:
        """The hint decided again (:func:`games.hints.decide`) with what its follow-up
        (:attr:`hint_after`) has settled since it was shown, and shown again where that changes
        it: a move the check proved lost gives way to the next candidate not proved lost ("that
        move loses — try this one"), a winning line found makes the hint its first move ("a
        winning line turned up", or the same move now said to be on a winning line), a proof that
        every move loses makes it the lost hint. A change of move is shown even after the mark
        has gone (the player has not moved: the move they may be about to play loses, or a better
        one is known); a hint that only gains words updates the status line while it is marked."""
        f = self.hint_after
        if f.over:
            self.hint_after = None
        if f.result is not None:
            self.assist.learn(f.state, f.result)
        kind, move, shown = hints.decide(self.rules, f.state, f.result, f.search, False, f.check,
                                         self.history.states[:-1])
        if kind in ("winning", "lost"):
            self.hint_after = None      # settled: a move on a winning line is not replaced by another
        was_kind, was_move = self.hint_after_shown
        if (kind, move) == (was_kind, was_move) or move is None:
            return
        self.hint_after_shown = (kind, move)
        marked = self.hint_move is not None and self.hint_move == was_move
        if kind == "winning":
            if f.result is None or shown != list(f.result.moves):
                self.assist.remember(f.state, shown)        # the next hint goes on along it
            message = MSG_HINT_LINE if move == was_move else MSG_HINT_LINE_LATER
            message = tr(self.assist.sees(message))
        elif kind == "lost":
            if f.check is not None and f.check.over:
                self.assist.dead.add(f.state)
            message = self.lost_hint_text()
        else:
            message = tr(MSG_HINT_LOSES)
        if move == was_move:
            if marked:                  # the same move, now said to be what it is
                self.say(message, error=kind == "lost")
                self._hint_said = self.status_text
            return
        # asked by key and the focus still on the hinted card: it goes to the new one
        self.hint_by_key = self.hint_focus is not None and self.focus == self.hint_focus
        self.say(message, error=kind == "lost")
        self.show_hint(move)

    def show_hint(self, move, message: str | None = None, ms: int = HINT_MS) -> None:
        """Show ``move`` as the hint for ``ms`` milliseconds (its reason beside it), with
        ``message`` on the status line when given."""
        if message is not None:
            self.say(message)
        self._hint_said = self.status_text     # the line that goes with the mark
        self.hint_move = move
        self.hint_focus = None
        if self.hint_by_key:            # asked by H: the focus goes to the hinted card, and Enter plays the hint
            self.hint_by_key = False
            self.hint_focus = self.hint_focus_of(move)
            if self.hint_focus is not None:
                self.focus = self.hint_focus
        self.anim.cancel("hint")
        self.anim.add("hint", ms, {"move": move}, scaled=False, on_done=self._hint_over)
        self._hint_texts = ["status", "reason"]

    def render_hint_text(self, which: str) -> None:
        """The hint's status line (``which`` ``"status"``) or its reason beside the hinted card
        (``"reason"``) rendered (:mod:`ui.text`'s caches; the reason's place worked out), nothing
        shown: :meth:`ready` renders one a frame in the frames after a hint is decided, which
        draw nothing, so that the frame showing the hint copies them. A text under 40 px is
        rendered at three times its size and scaled down, and a font's glyphs are rasterized the
        first time it draws them: the frame that showed a hint, its focus ring and its texts
        took 10-22 ms in WebAssembly (docs/web.md, "Session 25")."""
        scratch = pygame.Surface((1, 1))
        if which == "status":
            self.draw_status(scratch)
        else:
            self.assist.draw_overlay(scratch)

    def best_line_text(self, result, search) -> str:
        """The status line of a best-line hint (:attr:`best_line_hints`)."""
        return tr(self.assist.sees(MSG_HINT_LINE))

    def rescue(self) -> None:
        """Look for a way out of this position (:meth:`ui.table.assist.Assist.rescue`); on a won
        table (its panel closed to look) there is none to look for: the end panel comes back."""
        if self.has_game() and self.rules.status(self.state) == WON:
            self.open_end_panel()
            return
        self.assist.rescue()

    def play_assist_move(self, move) -> bool:
        """Play one move of a line the solver found (rescue), animated as a tap would; each is
        one step of the undo history. Tables with their own flights override this."""
        return self.play(move)

    def hint_anchor(self):
        """The rectangle of the hinted card (its reason is drawn beside it), or ``None``."""
        return None

    hint_by_key = False     # the hint being searched for was asked by the H key
    hint_focus = None       # the focus a hint asked by key gave: Enter there plays the hint

    def hint_focus_of(self, move):
        """The keyboard focus on the card (or pile) hinted ``move`` starts from, or ``None``:
        a hint asked by key (H) puts the focus there, so Enter plays the hint."""
        return None

    def play_hint(self) -> bool:
        """Enter on the focus a hint asked by key gave (:attr:`hint_focus`): the hinted move
        itself, as the rescue plays a move (a tap on that card might go elsewhere); then the
        focus as after any move by keys (:meth:`refocus`)."""
        move, self.hint_move, self.hint_focus = self.hint_move, None, None
        self.anim.cancel("hint")
        played = self.play_assist_move(move)
        self.refocus()
        self.stale = True
        return played

    def refocus(self) -> None:
        """After the hint played by Enter: a focus on what is no longer there moves (each kind of
        focus says where)."""

    def _hint_over(self):
        """The hint's time is up: its mark goes (with animation off it stays until the next
        action), and the status line with it when it still says the hint's words, so that no
        "Hint: …" line is left with nothing marked."""
        if self.settings.anim_speed != "off":
            self.hint_move = None
            if self.status_text and self.status_text == self._hint_said:
                self.say("")

    # -- deal codes and options ------------------------------------------------------------------
    def open_code_entry(self) -> None:
        self.panel = CodeEntry(self, self.submit_code, self.deal_code() if self.number else
                               self.rules.code(1, self.options))
        self.stale = True

    def submit_code(self, typed: str) -> str | None:
        """Start the deal a code (or number) names. Another game's code opens that game's table
        on its deal (this table is saved on leaving, as Home does). Today's deal of the day is
        that date's daily (:meth:`ui.app.App.todays_daily`). A bad one returns a message saying
        which part is wrong (:func:`code_problem`) and changes nothing."""
        from games.codes import OTHER_GAME
        from games.deal import MAX_NUMBER
        from games.share import find_code

        t = typed.strip()
        if not t:
            return tr("Type a code first")
        if t.lstrip("#").isdigit():
            if not t.isascii():     # other scripts' digits (٣, ३) and superscripts pass isdigit()
                return tr("Type deal numbers with the digits 0 to 9")
            try:
                number, opts = check_number(parse_number(t)), {}
            except ValueError:
                return tr("Deal numbers go from 1 to {last}", last=format_number(MAX_NUMBER))
        elif any(ch.isdigit() and not ch.isascii() for ch in t):
            return tr("Type codes with the digits 0 to 9")
        else:
            try:
                number, opts = self.rules.decode(t)
            except ValueError as e:
                if getattr(e, "reason", None) != OTHER_GAME:
                    return code_problem(t, e, self.rules.code(1, self.options))
                try:
                    game, number, opts = find_code(t)
                except ValueError as other:
                    return code_problem(t, other, self.rules.code(1, self.options))
                self.close_panel()
                self.app.open_deal(game, number, opts, daily=self.app.todays_daily(game, number, opts))
                return None
        self.close_panel()
        opts = self.rules.check_options(dict(self.settings.options_for(self.game)) | opts)
        self.ask_deal(number, opts, daily=self.app.todays_daily(self.game, number, opts), say=True)
        return None

    def options_rows(self) -> list:
        """Rows of the options panel: ``(label_fn, on_tap)``; games add their rule options first."""
        s = self.settings

        def cycle(attr, values):
            def f():
                cur = getattr(s, attr)
                setattr(s, attr, values[(values.index(cur) + 1) % len(values)] if cur in values else values[0])
                self.settings_changed(attr)
            return f

        onoff = lambda v: tr("on") if v else tr("off")
        speed = {"off": tr("off"), "fast": tr("fast"), "normal": tr("normal")}
        lang = {"en": "English", "ru": "Русский"}
        live = [(lambda: tr("{label}: {value}", label=tr("Still-winnable line"),
                                value=onoff(s.live_winnable)),
                 cycle("live_winnable", [False, True]))] if self.rules.has_solver() else []
        return [
            (lambda: tr("Language: {v}", v=lang.get(s.language, s.language)), cycle("language", ["en", "ru"])),
            (lambda: tr("Animation: {v}", v=speed[s.anim_speed]), cycle("anim_speed", ["normal", "fast", "off"])),
            (lambda: tr("Playable cards glow: {v}", v=onoff(s.glow)), cycle("glow", [True, False])),
            (lambda: tr("Explain refused moves: {v}", v=onoff(s.explain_errors)),
             cycle("explain_errors", [True, False])),
            (lambda: tr("Four-colour suits: {v}", v=onoff(s.four_colour)), cycle("four_colour", [False, True])),
            (lambda: tr("Card back: {v}", v=cards_art.BACK_NAMES.index(s.card_back) + 1
                        if s.card_back in cards_art.BACK_NAMES else 1),
             cycle("card_back", list(cards_art.BACK_NAMES))),
            (lambda: tr("{label}: {value}", label=tr("Left-handed layout"), value=onoff(s.left_handed)),
             cycle("left_handed", [False, True])),
            (lambda: tr("{label}: {value}", label=tr("Time and score"), value=onoff(s.show_clock)),
             cycle("show_clock", [True, False])),
        ] + live

    def settings_changed(self, attr: str) -> None:
        s = self.settings
        if attr == "language":
            self.app.set_language(s.language)
        self.app.save_settings()
        self.restyle({attr})

    def restyle(self, changed: set[str]) -> None:
        """The card art and animation speed as the settings say; the table laid out again when
        the hand or the still-winnable line changed (``changed``: setting names), the line's
        answer asked again when it was turned on or off."""
        s = self.settings
        self.art = cards_art.CardArt(s.four_colour, s.card_back)
        self.anim.speed = s.anim_speed
        if changed & {"left_handed", "live_winnable"}:
            self.resize(*self.app.size)
        if "live_winnable" in changed:
            self.assist.position_changed()
        self.stale = True

    def open_options(self) -> None:
        """The options panel; its footer says rule changes wait for the next deal only in a game
        that has rule options (Devil's Grip and FreeCell have none)."""
        self.panel = self.options_panel()
        self.stale = True

    def options_panel(self) -> OptionsPanel:
        """The options panel :meth:`open_options` opens (not opened)."""
        note = tr("Rule changes apply from the next deal") if self.rules.options else ""
        if note and self.by_name and self.options != self.rules.check_options(
                dict(self.settings.options_for(self.game))):
            # a link or a typed code opened this deal under other rules than the rows show
            note = tr("This deal ({code}) has other rules; rule changes apply from the next deal",
                      code=self.deal_label())
        return OptionsPanel(self, self.options_rows(), note)

    def close_panel(self) -> None:
        if self.panel is not None:
            self.panel.closed()
        self.panel = None
        self.stale = True

    def open_end_panel(self) -> None:
        """The end panel of the ended game (:meth:`end_panel`); nothing while it is played."""
        if self.rules.status(self.state) == PLAYING:
            return
        self.panel = self.end_panel()
        self.stale = True

    def end_panel(self) -> Panel:
        """The end panel of the ended game (won or lost: its title, the game's own lines and the
        progression's, Replay deal, New deal…), not opened."""
        st = self.rules.status(self.state)
        acts = [("replay", tr("Replay deal"), None, self.replay), ("new", tr("New deal"), None, self.new_deal)]
        if st == LOST and self.deal_known_lost():
            # no Undo, Replay or Rescue can win it: another deal leads (lit, Enter), the rest follow
            acts.reverse()
            acts.append(("undo", tr("Undo"), None, self.undo))
            acts.append(("rescue", tr("Rescue"), None, self.rescue))
        elif st == LOST and not self.ended_well():
            acts.insert(0, ("undo", tr("Undo"), None, self.undo))
            if self.rules.has_solver():
                acts.insert(0, ("rescue", tr("Rescue"), None, self.rescue))
        else:
            # after a win the next step is a new deal: it leads, lit (Enter), as Microsoft
            # Solitaire Collection's win screen leads with New game; Replay deal comes second
            acts.reverse()
            acts.append(("undo", tr("Undo"), None, self.undo))
            if self.session.daily_share_line(self.app.progression) is not None:
                acts.append(("share", tr("Share result"), None, self.share_result))
            elif self.number is not None:
                acts.append(("share", tr("Share this deal"), None, self.share_deal))
        acts.append(("home", tr("Home"), None, self.go_home))
        p = Panel(self, self.panel_title(), acts, self.draw_end_with_progression, self.end_height_with_progression)
        p.end = st
        return p

    def deal_known_lost(self) -> bool:
        """Whether the game's deal is already known lost from the start the player can go back to
        (the deal as it showed, after its own automatic moves: :meth:`Session.restart_at`) — a
        hint's or a rescue's search proved it, or the rules lose it there — so that no Undo,
        Replay or Rescue can win it. Asks no solver: only what the assist has learnt."""
        if not self.has_game() or not self.rules.has_solver():
            return False
        states = self.past_states()
        keep = self.session.restart_at()
        start = len(states) - 1 if keep is None else keep
        return self.assist.known(states[start]) is Live.NO

    def lost_hint_text(self) -> str:
        """The hint's words when no move wins: the deal cannot be won (at the deal's start, or
        the deal known lost: :meth:`deal_known_lost`), else no winning line from here, with the
        Rescue that looks back through the moves made."""
        return tr(MSG_HINT_DEAL_LOST if self.player_moves() == 0 or self.deal_known_lost() else MSG_HINT_LOST)

    def panel_title(self) -> str:
        return tr("You won!") if self.rules.status(self.state) == WON else tr("No more moves")

    def ended_well(self) -> bool:
        """Whether the ended game is a success the end panel treats as a win (its buttons: New
        deal first, Share this deal, no Rescue): won, here; Devil's Grip's daily also at its goal."""
        return self.rules.status(self.state) == WON

    # -- input -----------------------------------------------------------------------------------
    def target_at(self, pos) -> Hit | None:
        """What is under ``pos`` (px): a button (the pause button, the bar's), else the
        table's :meth:`hit_test`."""
        pb = self.pause_button
        if pb is not None and pb.rect.collidepoint(pos):
            return hit.button("pause")
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return hit.button(b.name)
        return self.hit_test(pos)

    def handle(self, event) -> None:
        if self.dealing() and (event.type == pygame.KEYDOWN if not isinstance(event, PointerEvent)
                               else event.kind == "down"):
            self.end_deal()     # the cards at their places at once: the press or key acts on them
        if isinstance(event, PointerEvent):
            # (the second press of a double tap whose first opened, closed or changed a panel
            # never comes here: App.spent_press spends it)
            over = not self.playing and self.panel is None and not self.ending()
            target = self.press_target
            self.pointer(event)
            if event.kind == "up" and over and self.panel is None and target is not None \
                    and target.kind is not Kind.BUTTON and math.dist(event.pos, event.start) > SLOP:
                # a card dragged on a finished table: answered as a tap on it is, with the end
                # panel (what was needed, Undo, New deal), not by nothing at all
                self.open_end_panel()
        elif event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if self.end_panel_guarded():
                return      # the key that ended the game, doubled (Enter on the focus): as a tap
            if self.ending():
                if event.type == pygame.KEYDOWN:
                    self.to_end_panel()     # as a tap: the result the player earned is shown first
                return
            if self.panel is not None and self.panel.end is not None and event.type == pygame.KEYDOWN \
                    and event.key in (pygame.K_ESCAPE, pygame.K_u, pygame.K_z, pygame.K_y):
                if event.key == pygame.K_ESCAPE:   # the end panel closes: the finished table stays
                    self.close_panel()
                elif is_redo_key(event):
                    if self.session.can_redo():
                        self.redo()
                elif event.key != pygame.K_y:
                    self.undo()
            elif self.panel is not None:
                self.panel.key(event)
                self.stale = True
            elif event.type == pygame.KEYDOWN:
                if event.key not in MODIFIER_KEYS:   # Shift, Ctrl… alone act on nothing
                    self.let_go()       # a key during a drag (Esc above all) puts the held cards back
                    self.press_target = None    # and the release that follows is no tap
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hint_move is not None \
                        and self.hint_focus is not None and self.focus == self.hint_focus:
                    self.play_hint()
                    return
                self.key(event)
                if isinstance(self.panel, CodeEntry):    # opened by this key: its text is no code
                    self.panel.opening_key = event.unicode or pygame.key.name(event.key)

    def let_go(self) -> None:
        """Put back what the pointer holds (a card or run being dragged, a press that may become
        a drag): a key pressed meanwhile acts on the table as it lies, and the release that
        follows drops nothing. Each table that drags says what it holds."""

    def pointer(self, ev: PointerEvent) -> None:
        if ev.kind == "cancel":          # a release that never came: what is held goes back
            self.let_go()
            self.press_target = None
            if self.panel is not None:
                self.panel.release()
            return
        if ev.kind == "down":
            if self.panel is not None:
                self.panel.down(ev.pos)
            else:
                self.assist.player_input()
                self.hint_by_key = False    # a hint the pointer asks for leaves the keys' focus alone
                self.press_target = self.target_at(ev.pos)
                for b in self.buttons:
                    b.pressed = b.rect.collidepoint(ev.pos)
            self.stale = True
        elif ev.kind == "up":
            if self.panel is not None:
                self.panel.release()
            for b in self.buttons:
                b.pressed = False
            self.stale = True
        elif ev.kind == "tap":
            if self.panel is not None:
                if self.end_panel_guarded():
                    return      # the tap that ended the game, doubled: the panel is the player's to read
                if self.panel.end is not None and not self.panel.rect.collidepoint(ev.pos) \
                        and not self.panel.rect.collidepoint(ev.start):
                    self.close_panel()     # a tap beside the end panel shows the finished table
                    return
                self.panel.tap(ev.pos, ev.start)
                return
            if self.ending():
                self.to_end_panel()
                return
            target = self.target_at(ev.pos)
            if target is not None and target == self.press_target:
                if self.spent_tap(ev.pos):
                    return
                moves = len(self.history.states) if self.history is not None else 0
                self.activate_target(target)
                played = self.history is not None and len(self.history.states) > moves \
                    and self.history.actions[-1] not in self.STOCK_TEXTS
                self._tap_mark = (self.app.now(), ev.pos, len(self.history.states)) if played else None

    def ending(self) -> bool:
        """Whether the game is over and its end panel is still to come: the last move's flight,
        the wait and the celebration before the panel (:data:`END_KINDS`). A tap or key then
        brings the panel at once (:meth:`to_end_panel`) and does nothing else. A celebration
        during play (TriPeaks' streaks) is no ending: taps and drags play on."""
        return not self.playing and self.panel is None and any(self.anim.busy(k) for k in END_KINDS)

    def to_end_panel(self) -> None:
        """End the animations that lead to the end panel, so that it opens now (a wait's end may
        begin the celebration, whose end opens the panel)."""
        for _ in range(4):
            if self.panel is not None or not self.anim.busy():
                return
            self.anim.finish()

    def end_panel_guarded(self) -> bool:
        """Whether an end panel is open and younger than :data:`END_PANEL_GUARD`: taps and keys
        are ignored then."""
        return self.panel is not None and self.panel.end is not None \
            and self.app.now() - self.panel.opened < END_PANEL_GUARD

    def spent_tap(self, pos) -> bool:
        """Whether a tap at ``pos`` is the second of a double tap whose first played a move
        (:attr:`SPENDS_DOUBLE_TAP`): then it does nothing."""
        mark, self._tap_mark = self._tap_mark, None
        if not self.SPENDS_DOUBLE_TAP or mark is None or self.history is None:
            return False
        t, where, n = mark
        return self.app.now() - t < self.double_time(DOUBLE_TAP) and math.dist(pos, where) < DOUBLE_TAP_PX \
            and len(self.history.states) == n

    def double_time(self, tap: float) -> float:
        """The double tap's time (s): ``tap`` for a finger, longer for the mouse
        (:meth:`ui.input.Pointer.double_time`)."""
        pointer = getattr(self.app, "pointer", None)
        return tap if pointer is None else pointer.double_time(tap)

    def activate_target(self, target: Hit) -> None:
        if target.kind is Kind.BUTTON:
            {"undo": self.undo, "redo": self.redo, "hint": self.hint, "rescue": self.rescue, "new": self.ask_new_deal,
             "code": self.open_code_entry, "options": self.open_options, "home": self.go_home,
             "pause": self.open_pause}[target.name]()
        else:
            self.activate(target)

    def key(self, event) -> None:
        k = event.key
        if is_redo_key(event):
            self.redo()
        elif k == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) or k == pygame.K_u:
            self.undo()
        elif k == pygame.K_h:
            self.hint_by_key = True     # the hint shown will take the keyboard's focus
            self.hint()
        elif k == pygame.K_r:
            self.rescue()
        elif k == pygame.K_n:
            self.ask_new_deal()
        elif k == pygame.K_c:
            self.open_code_entry()
        elif k == pygame.K_o:
            self.open_options()
        elif k == pygame.K_F1 or k == pygame.K_SLASH or k == pygame.K_QUESTION:
            self.open_rules()
        elif k == pygame.K_ESCAPE and self.panel is not None:
            self.close_panel()
        elif k in (pygame.K_ESCAPE, pygame.K_p):
            self.open_pause()
        elif k == pygame.K_SPACE:
            self.draw_stock()

    def go_home(self) -> None:
        """Back to the home screen (the game is saved on leaving; Continue brings it back)."""
        self.app.home()

    def ask_deal(self, number: int, options: dict | None = None, daily: str | None = None,
                 say: bool = False) -> None:
        """Start deal ``number`` under ``options`` (the remembered options fill the rest) that the
        player asked for by name — a code typed, a shared link, a record's or a day's deal. With a
        game of another deal in progress it asks first, as New deal does (that game would count as
        a loss; Keep playing leaves everything as it was); the deal in progress itself just goes
        on. ``daily``: the date whose deal of the day it is; ``say``: name the deal once dealt."""
        opts = self.rules.check_options(dict(self.settings.options_for(self.game)) | dict(options or {}))

        def go():
            self.close_panel()
            self.start(number, opts, daily=daily)
            self.by_name = True
            if say and self.daily_date is None:    # a daily's first line says it is (daily_intro)
                self.say(tr("Deal {code}", code=self.deal_label()))

        if not self.session.in_progress(self.app.progress):
            go()
            return
        if self.number == number and self.options == opts:
            return
        self.confirm_replace(tr("Start deal {deal}?", deal=self.deal_label_of(number, opts)),
                             tr("Play this deal"), go)

    def ask_new_deal(self) -> None:
        """New deal from the bar, the pause menu or N: with a game in progress it asks first (the
        game would count as a loss); else it deals at once."""
        if not self.session.in_progress(self.app.progress):
            self.new_deal()
            return
        self.panel = self.new_deal_question()
        self.stale = True

    def forget_link_when_answered(self) -> None:
        """The page's address named the deal offered: drop it from the address
        (:func:`ui.app.forget_page_deal`) once the player has answered the question, either way
        (a reload before that asks again), or now when no question was asked."""
        from ..app import forget_page_deal

        p = self.panel
        if p is None or not getattr(p, "confirm", False):
            forget_page_deal()
            return
        p.actions = [(n, label, icon, (lambda cb=cb: (forget_page_deal(), cb())))
                     for n, label, icon, cb in p.actions]

    def confirm_replace(self, title: str, label: str, deal, name: str = "new", message: str | None = None) -> None:
        """The question before the game in progress is replaced or taken back: ``title`` over
        ``message`` (default "This game is not finished: it will count as a loss"), a button
        ``name`` labelled ``label`` that calls ``deal``, and Keep playing, which changes nothing."""
        self.panel = self.confirm_panel(title, label, deal, name, message)
        self.stale = True

    def confirm_panel(self, title: str, label: str, deal, name: str = "new", message: str | None = None) -> Panel:
        """The question :meth:`confirm_replace` opens (not opened)."""
        p = Panel(self, title, [(name, label, None, deal), ("cancel", tr("Keep playing"), None, self.close_panel)],
                  self.draw_confirm_body, 60)
        p.confirm = True
        p.message = message or tr("This game is not finished: it will count as a loss")
        return p

    def ask_restart(self) -> None:
        """Restart deal from the pause menu: it asks first (a mis-tap would take back the whole
        game, and Redo brings it back only until the next move or a reload), then
        :meth:`restart`; Keep playing changes nothing."""
        self.panel = self.restart_question()
        self.stale = True

    def restart_question(self) -> Panel:
        """The question :meth:`ask_restart` opens (not opened)."""
        return self.confirm_panel(tr("Restart this deal?"), tr("Restart deal"), self.restart, name="restart",
                                  message=tr("Every move is taken back; Redo brings them back until your next move or the game is closed"))

    def new_deal_question(self) -> Panel:
        """The question :meth:`ask_new_deal` opens over a game in progress (not opened)."""
        return self.confirm_panel(tr("Start a new deal?"), tr("New deal"), self.new_deal)

    def draw_confirm_body(self, surface, rect) -> None:
        msg = (self._drawing_ahead or self.panel).message
        size = 20                                  # wrapped on a narrow panel, never shrunk
        lines = text.wrap(msg, size, rect.width)[:2]
        lh = text.font(size).get_linesize()
        for k, line in enumerate(lines):
            text.blit_center(surface, text.render(line, size, INK), (rect.centerx, rect.y + lh // 2 + k * lh))

    def open_pause(self) -> None:
        """The pause menu: the table is covered and the clock stands still until Resume."""
        if self.panel is not None:
            self.close_panel()
        self.panel = self.pause_menu()
        self.stale = True

    def pause_menu(self) -> PauseMenu:
        """The pause menu :meth:`open_pause` opens (not opened)."""
        s = self.settings
        onoff = lambda v: tr("on") if v else tr("off")

        def then(fn):
            def f():
                self.close_panel()
                fn()
            return f

        def sound():
            s.sound = not s.sound
            self.settings_changed("sound")

        rows = [(lambda: tr("New deal"), then(self.ask_new_deal)),
                (lambda: tr("Sound: {v}", v=onoff(s.sound)), sound),
                (lambda: tr("Rules and tips"), then(self.open_rules_page)),
                (lambda: tr("Statistics"), then(self.open_stats)),
                (lambda: tr("Home"), then(self.go_home))]
        rows += [(label, then(fn)) for label, fn in self.pause_entries()]
        return PauseMenu(self, rows)

    def pause_entries(self) -> list:
        """Entries a table adds to the pause menu below Home: Redo when the bar has no room for
        its button and there is an undone action to play again, sharing the deal.
        ``[(label_fn, callback)]``, the label a function so it follows the language."""
        out = []
        if not any(b.name == "redo" for b in self.buttons) and self.session.can_redo():
            out.append((lambda: tr("Redo"), self.redo))     # the bar had no room for it
        if self.history is not None and self.session.restart_at() is not None:
            out.append((lambda: tr("Restart deal"), self.ask_restart))
        if self.number is not None:
            out.append((lambda: tr("Share this deal"), self.share_deal))
        return out

    def open_rules_page(self) -> None:
        """The game's rules and tips page (ui/scenes/rules.py); back returns to this table."""
        from ..scenes.rules import RulesScene

        self.app.switch(RulesScene(self.game, back_to=self))

    def open_stats(self) -> None:
        """This game's statistics; closing them comes back to this table, paused (the game is
        saved on leaving)."""
        self.app.open_stats(self.game, self)

    def rules_text(self) -> list[str]:
        """The rules page's paragraphs: how to play (:meth:`intro`) and the keys."""
        return [self.intro(), "", tr("Keys"), *self.keys_help()]

    SPACE_KEY: str | None = N_("Space: the stock")
    """What Space does, as the rules panel's key list says it (``None``: nothing, no stock)."""

    def keys_help(self) -> list[str]:
        """One line a key (or group of keys) of this table; games add theirs first."""
        return [tr("Esc or P: pause menu (Esc again: resume)"), tr("U or Ctrl+Z: undo"),
                tr("Shift+U, Ctrl+Y or Ctrl+Shift+Z: redo"), tr("H: hint"),
                tr("R: rescue"), tr("N: new deal"), tr("C: deal code"), tr("O: options"),
                tr("F1 or ?: this help; R here: Rules and tips"),
                tr("V: say the last message again; Q: read the whole table")] + ([tr(self.SPACE_KEY)] if self.SPACE_KEY else []) + [
                tr("Pause menu: N new deal, S sound, R rules, T statistics, H home"),
                tr("In a panel: Tab or the arrows move the focus ring over the buttons, Enter or Space presses"),
                tr("Panel buttons: A replay, N new deal, U undo, R rescue, H home, P play the rescue's line, Esc close")]

    def open_rules(self) -> None:
        """This game's help (F1), in a panel over the table: how to play in a line and the keys,
        with a Rules and tips button to the game's whole rules page (:meth:`open_rules_page`)."""
        from ..scenes.common import game_title
        from .panels import TextPanel

        def rules_page():
            self.close_panel()
            self.open_rules_page()

        self.panel = TextPanel(self, tr("{game}: help", game=game_title(self.game)), self.rules_text(),
                               [("rules", tr("Rules and tips"), None, rules_page)])
        self.stale = True

    def draw_stock(self) -> None:
        """The stock's action (Space): games with a stock target override this to animate it."""
        for t in self.STOCK_TEXTS:
            try:
                move = self.rules.parse_move(self.state, t)
            except (GameError, ValueError):
                continue
            self.play(move)
            return

    # -- drawing ---------------------------------------------------------------------------------
    def ready(self, deadline: float) -> bool:
        """The first picture of the table waits until the card images it needs are made (a face
        drawn for the first time costs a few ms in WebAssembly, and a first picture shows up to
        52): a dry pass of :meth:`draw_cards` lists them (``cards_art.collecting``), then they
        are made a few per frame until ``deadline`` (seconds on ``App.now``), the screen before
        it staying meanwhile, for :data:`FIRST_WAIT` frames at most. The faces of the whole deck
        in the table's looks (and their back, shadow, outline and halo) come with them (a tap right after the first picture may turn up
        any card: the stock's top, a card uncovered).

        The picture is drawn in a frame of its own: a frame that lists or makes images answers
        ``False``, so the first whole drawing (5-8 ms in WebAssembly) never shares a frame with
        that work; and the frames before it draw the whole picture but its cards, a piece a
        frame (:meth:`rehearse`), so that the bars' text is rendered and the stamps of the bars,
        buttons and status line are kept: the picture's frame copies them. The picture itself
        is drawn in two frames (:meth:`_first_half`: the left half off screen, then the rest
        shown), as a new card width's is (:meth:`rebuild_in_halves`)."""
        if self._shown:
            if self._hint_texts and self.hint_move is None:
                self._hint_texts = []     # the hint gone (a move played meanwhile): nothing to wait for
            if self._hint_texts:
                self.render_hint_text(self._hint_texts.pop(0))
                self._text_rendered = True      # this frame's one text: no panel's ahead in it
                return False
            return self._halves is not True or self._first_half()
        self._waited += 1
        if not self._collected:
            self._collected = True
            size = self.app.screen.get_size()
            self.base = opaque_surface(size)
            self._picture = None
            self.stale = True
            self.listing = True
            try:
                with cards_art.collecting():
                    self.draw_cards(self.base)
            finally:
                self.listing = False
            if self.history is not None and getattr(self, "card_w", None):
                deck = sorted(self.deck_cards())
                for w, art in self.ahead_looks():
                    cards_art.want_faces(deck, w, art, soon=True)
                    cards_art.want_look(w, art, soon=True)
            return False
        if self._waited < FIRST_WAIT and cards_art.pending():
            cards_art.warm(deadline, self.app.now)
            return False
        todo = [p for p in self.rehearsal() if p not in self._rehearsed]
        if todo and self._waited < FIRST_WAIT:
            # the whole picture but its cards, once its images are made, a piece a frame
            self.rehearse(todo[0])
            self._rehearsed.add(todo[0])
            return False
        self._shown = True
        if self._waited < FIRST_WAIT and "half" not in self._rehearsed:
            # the picture itself in two frames, as a new card width's (nothing of it is kept yet)
            self._rehearsed.add("half")
            self._halves = True
            return self._first_half()
        return True

    def rebuild_in_halves(self) -> None:
        """Draw the next whole rebuild in two frames (a column table whose cards change width:
        every card moves, nothing of the last picture is kept, and FreeCell's whole picture took
        14 ms of its 18-ms landing frame at 1280x800 in WebAssembly): the frame that asks draws the
        left half of the picture below the top bar off screen and shows nothing new (the screen
        keeps the last picture one frame more), the next copies it onto the screen and draws the
        rest there (:meth:`_first_half`, :meth:`rebuild`)."""
        if self._shown:
            self._halves = True

    def _first_half(self) -> bool:
        """The first frame of :meth:`rebuild_in_halves`: the left half of the picture below the
        top bar (:meth:`top_band`) drawn into :attr:`base` as the whole rebuild draws it there
        (``_draw_base`` clipped to it). Returns whether the picture is drawn in this frame after
        all, whole (no parts known, a panel, nothing to rebuild, a new size)."""
        self._halves = None
        size = self.app.screen.get_size()
        parts = self.picture_parts() if self.panel is None else None
        if parts is None or not self.stale or self._base is None or self._base.get_size() != size \
                or self._picture_size != size:
            return True
        self._on_screen = None          # the base is drawn on; the screen shows the last picture
        self._picture = (self.picture_key(), parts, self.button_marks())
        self._canvas = self._base
        band = self.top_band()
        first = pygame.Rect(0, band.bottom, size[0] // 2, size[1] - band.bottom)
        self._draw_base(size, [first], [pygame.Rect(r) for r, _ in parts.values()])
        self._halves = (self._picture, first)
        self._picture = None
        self.stale = True
        return False

    def _second_half(self, first: pygame.Rect, size) -> list[pygame.Rect]:
        """Where the second frame of :meth:`rebuild_in_halves` draws, px: all but ``first`` (the
        first frame's rect), and within it what may change from one frame to the next without
        changing the parts (the top bar, the status line, the live line, the buttons)."""
        band = self.top_band()
        rest = [band.clip(pygame.Rect(0, 0, *size)), self.frame.status,
                pygame.Rect(first.right, band.bottom, size[0] - first.right, size[1] - band.bottom)]
        if self.assist.live_rect is not None:
            rest.append(pygame.Rect(self.assist.live_rect))
        rest += [b.rect for b in self.buttons if b.rect.colliderect(first)]
        return [r for r in rest if r.width > 0 and r.height > 0]

    def rehearsal(self) -> list[str]:
        """The pieces of the table's first picture drawn before it (:meth:`rehearse`), a frame
        each: the top bar; unless a panel covers the table, the buttons (with the cards' dry
        pass) and the status line (with the live line); a panel."""
        covered = self.panel is not None and self.panel.covers
        return ["top"] + ([] if covered else ["buttons", "status"]) + ([] if self.panel is None else ["panel"])

    def rehearse(self, piece: str) -> None:
        """Draw one piece of the table's first picture but its cards (``piece``, one of
        :meth:`rehearsal`) onto :attr:`base`, each as the whole rebuild draws it (over the felt
        laid where it draws), keeping its stamps at once (:meth:`_stamped`): the text of the top
        bar, the buttons and the status line is rendered and their pixels kept, so the picture's
        frame copies them. Text drawn the first time costs in WebAssembly (TriPeaks' bars,
        buttons and status line at 844x390: 7-10 ms each), hence a piece a frame. The cards are
        not drawn (``cards_art.collecting``: a dry pass, their images listed already)."""
        size = self.app.screen.get_size()
        b = self.base
        if b is None or b.get_size() != size:
            b = self.base = opaque_surface(size)
        self._picture_size = size
        parts = self.picture_parts() if self.panel is None and piece in ("buttons", "status") else None
        self._picture = None if parts is None else (self.picture_key(), parts, self.button_marks())
        part_rects = None if parts is None else [pygame.Rect(r) for r, _ in parts.values()]
        covered = self.panel is not None and self.panel.covers
        fl = felt(size)

        def on_felt(rect, draw):
            b.blit(fl, rect.topleft, rect)
            draw()

        self._stamp_now = True
        self._veil_of = None
        try:
            with cards_art.collecting():
                if piece == "top":
                    on_felt(self.top_band(), lambda: self.draw_top_bar(b))
                elif piece == "buttons":
                    self.draw_cards(b)
                    for btn in self.buttons:
                        on_felt(btn.rect, lambda: self._draw_button(b, btn, part_rects))
                elif piece == "status":
                    on_felt(self.frame.status, lambda: self._draw_status_on(b, part_rects))
                    self.assist.draw_static(b)
                elif piece == "panel":
                    if not covered:
                        lay_shade(b)
                    self.panel.draw(b)
        finally:
            self._stamp_now = False
        self._picture = None
        self.stale = True

    def deck_cards(self) -> set[int]:
        """The cards (``suit*16+rank``) the game can show: all 52 unless the game deals fewer kinds."""
        return {s * 16 + r for s in range(4) for r in range(1, 14)}

    def ahead_looks(self) -> list[tuple[int, cards_art.CardArt]]:
        """``[(width px, art)]``: the sizes and looks the table draws its faces in now."""
        return [(self.card_w, self.art)]

    def ahead_widths(self) -> list[int]:
        """Card widths (px) the next move may bring, other than today's (a column table's cards
        shrink as its columns grow): their faces are made ahead too."""
        return []

    def ahead_width_jobs(self) -> list:
        """:meth:`ahead_widths` in pieces: callables each giving some of the widths, each run as
        one piece of a frame's spare time (a table whose answer takes long splits it)."""
        return [self.ahead_widths]

    def want_ahead(self) -> None:
        """Queue the faces the table may show next that are not made yet (``cards_art.want``): every
        card of the deck in every look the table draws now (a card turned up, a card drawn from
        the stock), then at the widths the next move may bring. Once per state, size and look."""
        looks = self.ahead_looks()
        key = (self.state, tuple((w, a.four_colour, a.back_style, a.compact, a.narrow) for w, a in looks))
        if key == self._ahead:
            return
        self._ahead = key
        deck = sorted(self.deck_cards())
        for w, art in looks:
            cards_art.want_faces(deck, w, art)
            cards_art.want_look(w, art)
        state, seen = self.state, {w for w, _ in looks}
        cards_art.want(("widths", id(self), key), lambda: self._want_width_jobs(key, state, looks, deck, seen))

    def _want_width_jobs(self, key, state, looks, deck, seen) -> None:
        if state is not self.state:
            return
        for k, job in enumerate(self.ahead_width_jobs()):
            cards_art.want(("widths", id(self), key, k),
                           lambda job=job: self._want_widths(state, looks, deck, job, seen))

    def _want_widths(self, state, looks, deck, job, seen) -> None:
        if state is not self.state:
            return
        for w in job():
            if w in seen or len(seen) > AHEAD_WIDTHS:
                continue
            seen.add(w)
            for _, art in looks:
                cards_art.want_look(w, art)
                cards_art.want_faces(deck, w, art)
            self.want_width_extras(w)

    def want_width_extras(self, w: int) -> None:
        """Queue what else the table draws at card width ``w`` (px, one the next move may bring)
        that is not made yet (``cards_art.want``); a table with marks of its own adds them."""

    @property
    def base(self) -> pygame.Surface | None:
        """The still picture, ``None`` before the first (copied from the screen first when the
        screen holds it, :meth:`draw`)."""
        if self._on_screen is not None:
            self._settle()
        return self._base

    @base.setter
    def base(self, surface: pygame.Surface | None) -> None:
        self._base = surface
        self._on_screen = None
        self._veil_of = None

    def _settle(self) -> None:
        screen, self._on_screen = self._on_screen, None
        if self._base is None or self._base.get_size() != screen.get_size():
            self._base = opaque_surface(screen.get_size())
        self._base.blit(screen, (0, 0))

    moving_fields: tuple = ()   # fields draw_moving shows when not None (a held card, the focus)

    def moving_shown(self) -> bool:
        """Whether :meth:`draw_moving` shows one of :attr:`moving_fields`."""
        return any(getattr(self, f) is not None for f in self.moving_fields)

    def draws_over(self) -> bool:
        """Whether this frame draws over the still picture: a tween, a toast, the hint or its
        spinner, :meth:`moving_shown`, the app's notice."""
        return bool(self.anim.tweens or self.toasts or self.hint_move is not None or self.hint_search is not None
                    or self.moving_shown() or self.app.notice)

    def draw(self, surface: pygame.Surface) -> None:
        """The still picture, then :meth:`draw_over`. A rebuild goes onto the app's screen when
        whole or while the screen holds the picture (one 4 MB copy less at 1280x800); ``base``
        is copied from the screen before anything is drawn over it. Under a panel:
        :meth:`_draw_veiled`."""
        if self.panel is not None:
            self._draw_veiled(surface)
            self.draw_over(surface)
            if self.draws_over():     # something more lies over the panel: copied over next time
                self._veiled = None
            return
        self._veiled = None
        size = surface.get_size()
        held = self._on_screen is surface or (self._base is not None and self._base.get_size() == size)
        if self.stale or not held:
            self.rebuild(size, surface if surface is self.app.screen else None)
            if self.history is not None and getattr(self, "card_w", None):
                self.want_ahead()
        if self._on_screen is not surface:
            surface.blit(self.base, (0, 0))
        elif self.draws_over():
            self._settle()
        self.draw_over(surface)

    def lay_panel(self, surface: pygame.Surface) -> None:
        """The open panel over the still picture drawn whole on ``surface``, as the screen shows
        it: the felt and the top bar over all of it under a panel that covers the table (a paused
        game's cards are hidden), else the shade (:func:`ui.frame.lay_shade`); then the panel."""
        if self.panel.covers:
            surface.blit(felt(surface.get_size()), (0, 0))
            self.draw_top_bar(surface)
        else:
            lay_shade(surface)
        self.panel.draw(surface)

    def _veil_rects(self, veil: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """The veil (:meth:`_draw_veiled`) made within each of ``rects`` (px): the still picture
        shaded."""
        base = self.base
        for r in rects:
            veil.blit(base, r.topleft, r)
            lay_shade(veil, r)

    def _veil_for(self, size) -> pygame.Surface:
        """:attr:`_veil`, a new one (nothing made in it) when it is not ``size`` px: made before
        a panel opens (:meth:`_draw_ahead`), as a 4 MB surface at 1280x800."""
        if self._veil is None or self._veil.get_size() != tuple(size):
            self._veil = opaque_surface(size)
            self._veil_of = None
        return self._veil

    def _draw_veiled(self, surface: pygame.Surface) -> None:
        """The frame of an open panel: what :meth:`lay_panel` shows. The still picture stays in
        ``base`` (copied from the screen first when the screen held it), so that the frame
        closing the panel copies it, rebuilt only where it changed. Under a panel that covers
        the table it is left as it was (nothing of it shows: the panel is drawn whole over the
        felt and the top bar); else it is rebuilt as with no panel (only the parts that
        changed; its top bar bare under a panel reaching into it), and shaded into
        :attr:`_veil`, kept while the panel stays and shaded again only within the rects the
        rebuild drew, never under the panel's inside (:meth:`ui.table.panels.Panel.inside`,
        which the panel fills) while a panel covers that. The screen gets the veil whole when
        it showed something else; while it shows the veil and the panel from the last frame,
        only the rects redrawn and the panel's old and new rects are copied again before the
        panel is drawn. In WebAssembly at 1280x800 the shade over the whole window took 15 ms
        and the panel 12 ms, in every frame of a panel (docs/web.md, "Session 29")."""
        if self.panel.covers:
            if self._on_screen is not None:     # the picture on the screen kept in base
                self._settle()
            self.lay_panel(surface)
            self.stale = False
            self._veiled = None
            return
        size = surface.get_size()
        before = self._drawings
        held = self._on_screen is surface or (self._base is not None and self._base.get_size() == size)
        if self.stale or not held:
            self.rebuild(size)
            if self.history is not None and getattr(self, "card_w", None):
                self.want_ahead()
        base = self.base                     # copied from the screen first when it held the picture
        veil = self._veil_for(size)
        panel = self.panel
        inside = panel.inside()
        drawn, clips = self._redrawn
        if self._veil_of == (base, self._drawings):
            changed = []
        elif self._veil_of == (base, before) and drawn == self._drawings == before + 1 and clips is not None:
            changed = clips
            hole = self._veil_hole       # left as it is: its pixels are made when they show
            self._veil_rects(veil, clips if hole is None else [
                pygame.Rect(x + c.x, y + c.y, w, h) for c in clips
                for x, y, w, h in cards_art.rect_minus(c.width, c.height, [tuple(hole.move(-c.x, -c.y))])])
        else:
            changed = None
            self._veil_hole = inside if inside.width > 0 and inside.height > 0 else None
            self._veil_rects(veil, [pygame.Rect(r) for r in cards_art.rect_minus(size[0], size[1], [tuple(inside)])])
        self._veil_of = (base, self._drawings)
        hole = self._veil_hole
        if hole is not None and not inside.contains(hole):
            self._veil_rects(veil, [hole])        # the veil's pixels there show now
            self._veil_hole = hole = None
        shown = self._veiled
        if changed is None or shown is None or shown[0] is not surface or shown[1] + 1 != self.app.draws:
            if hole is None:
                surface.blit(veil, (0, 0))
            else:       # not under the hole: the panel fills it
                pieces = cards_art.rect_minus(size[0], size[1], [tuple(hole)])
                surface.blits([(veil, r[:2], r) for r in pieces], doreturn=False)
        else:
            for c in changed + [pygame.Rect(shown[2]), panel.rect]:
                surface.blit(veil, c.topleft, c)
        panel.draw(surface)
        self._veiled = (surface, self.app.draws, tuple(panel.rect))

    def draw_over(self, surface: pygame.Surface) -> None:
        """What moves, the hint's overlay and the toasts: nothing of the table over an open panel
        (its hint's rings, a card in flight or the focus ring would lie across the panel's
        buttons; they show again once it closes)."""
        if self.panel is None:
            if self.anim.tweens:
                self.draw_turns(surface)
            self.draw_moving(surface)
        self.assist.draw_overlay(surface)
        for toast in self.toasts if self.panel is None else ():
            img = text.render(toast.text, toast.size, (255, 236, 150))
            r = img.get_rect(center=toast.pos).inflate(24, 12)
            r.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, (10, 30, 20), r, border_radius=r.height // 2)
            text.blit_center(surface, img, r.center)

    def picture_parts(self) -> dict | None:
        """The cards of the still picture part by part, so that a rebuild redraws only the parts
        that changed: ``{key: (rect, signature)}``, where everything :meth:`draw_cards` draws lies
        within the parts' rects (px, shadows and halos included) and a part's ``signature``
        changes whenever anything drawn within its rect does. ``None`` (the default): the
        picture is rebuilt whole every time."""
        return None

    def picture_key(self) -> tuple:
        """What every part of the still picture depends on (size, layout, card art): when it
        changes, the picture is rebuilt whole."""
        art = getattr(self, "art", None)
        look = None if art is None else (art.four_colour, art.back_style, art.compact, art.narrow)
        return (self._picture_size, id(self.frame), self.frame, look, self.settings.glow)

    def button_marks(self) -> list[tuple]:
        """What each button of the bar shows (a button whose mark changes is redrawn), then the
        top bar with the pause button (:meth:`top_band`, px) and whether it is drawn bare under a
        panel (:meth:`draw_top_bar`): the whole band is redrawn when that changes."""
        return [button_mark(b) for b in self.buttons] + \
            [(tuple(self.top_band()), self.panel is not None and self.panel.over_top)]

    def rebuild(self, size, screen: pygame.Surface | None = None) -> None:
        """Draw everything that does not move into ``self.base`` (never a panel: it lies over the
        picture, :meth:`_draw_veiled`): whole, or (a table that knows its :meth:`picture_parts`,
        nothing else changed) only within the parts that changed, the buttons that changed, the
        top bar and the status line, each drawn as a whole rebuild would draw it there, clipped
        (the same pixels; WebAssembly draws a move's redraw in a fraction of the time).
        ``screen``: the screen, drawn on instead when whole or holding the last picture
        (:meth:`draw`); the last rebuild's clips are in :attr:`_redrawn`."""
        holder = self._on_screen if self._on_screen is not None else self._base
        whole = holder is None or holder.get_size() != size
        self._picture_size = size
        parts = self.picture_parts()
        before, self._picture = self._picture, None
        if parts is not None:
            self._picture = (self.picture_key(), parts, self.button_marks())
        halves, self._halves = self._halves, None
        if isinstance(halves, tuple) and not whole and self._on_screen is None and halves[0] == self._picture:
            # the first half drawn in the last frame (:meth:`_first_half`), the parts the same:
            # copied onto the screen, the rest drawn there
            self._canvas = self._base
            if screen is not None:
                screen.blit(self._base, halves[1].topleft, halves[1])
                self._canvas = self._on_screen = screen
            self._draw_base(size, self._second_half(halves[1], size), [pygame.Rect(r) for r, _ in parts.values()])
            return
        if whole or parts is None or before is None or before[0] != self._picture[0]:
            if screen is not None:
                self._canvas = screen
            else:
                if self._base is None or self._base.get_size() != size:
                    self._base = opaque_surface(size)
                self._canvas = self._base
            self._on_screen = screen
            self._draw_base(size, None, None)
            return
        self._canvas = screen if screen is not None and self._on_screen is screen else self.base
        self._draw_base(size, merge_rects(self.changed_rects(before, self._picture)),
                        [pygame.Rect(r) for r, _ in parts.values()])

    def changed_rects(self, before: tuple, after: tuple) -> list[pygame.Rect]:
        """Where the still picture may differ between two pictures with the same
        :meth:`picture_key`, given their records ``(key, parts, button marks)``: the top bar, the
        status line, the live line, each button whose mark changed and each part whose rect or
        signature changed (its old and new rects), px, unmerged. Everything a rebuild draws
        outside them is the same in both (``tests/test_ui_partial_redraw.py`` checks it)."""
        _, old, old_buttons = before
        _, parts, marks = after
        dirty = [self.frame.top, self.frame.status]
        if self.assist.live_rect is not None:
            dirty.append(self.assist.live_rect)
        if len(marks) != len(old_buttons):
            dirty += [pygame.Rect(m[0]) for m in marks] + [pygame.Rect(m[0]) for m in old_buttons]
        else:
            for m, o in zip(marks, old_buttons):
                if m != o:
                    dirty += [pygame.Rect(m[0]), pygame.Rect(o[0])]
        for k in set(parts) | set(old):
            if parts.get(k) != old.get(k):
                dirty += [pygame.Rect(x[0]) for x in (parts.get(k), old.get(k)) if x is not None]
        return dirty

    def _draw_base(self, size, clips, part_rects) -> None:
        """Draw the still picture onto ``_canvas`` (:meth:`rebuild`): whole (``clips`` None) or
        within each rect of ``clips`` only, skipping the drawers that draw nothing there (the
        cards when no rect of ``part_rects`` meets it)."""
        b = self._canvas
        self._drawings += 1
        self._redrawn = (self._drawings, clips)
        if clips is None:
            top = self.frame.top
            if top.topleft == (0, 0) and top.width >= size[0]:   # the top bar covers its rows whole
                self._lay_felt(b, pygame.Rect(0, top.bottom, size[0], size[1] - top.bottom))
            else:
                self._lay_felt(b, pygame.Rect(0, 0, *size))
            self.draw_top_bar(b)
            self.draw_cards(b)
            if self.dealt:
                self.draw_dealt(b)
            self._unlaid = {}
            if part_rects is None and self._picture is not None:
                part_rects = [pygame.Rect(r) for r, _ in self._picture[1].values()]
            for btn in self.buttons:
                self._draw_button(b, btn, part_rects)
            self._draw_status_on(b, part_rects)
            self.assist.draw_static(b)
            self.stale = False
            return
        self._unlaid = {}
        live = self.assist.live_rect
        for c in clips:
            b.set_clip(c)
            b.blit(felt(size), c.topleft, c)
            if c.colliderect(self.frame.top):
                self.draw_top_bar(b)
            if c.collidelist(part_rects) >= 0:
                self.draw_cards(b)
                if self.dealt:
                    self.draw_dealt(b)
            for btn in self.buttons:
                if c.colliderect(btn.rect):
                    self._draw_button(b, btn, part_rects)
            if c.colliderect(self.frame.status):
                self._draw_status_on(b, part_rects)
            if live is not None and c.colliderect(live):
                self.assist.draw_static(b)
        b.set_clip(None)
        self.stale = False

    def _lay_felt(self, surface, region: pygame.Rect) -> None:
        """The felt over ``region`` (px) of a whole rebuild, but where parts will be copied as
        last drawn (:meth:`_kept_cover`: their pixels hold the felt already): a full-screen copy
        runs at the memory's speed, and the parts cover a third to most of the table. The
        pieces around them are worked out once per set of places (:func:`cards_art.rect_minus`)."""
        fl = felt(surface.get_size())
        self._unlaid, bodies = self._kept_cover(surface)
        cover = [r.clip(region) for r in [*self._unlaid.values(), *bodies] if r.colliderect(region)]
        if not cover:
            surface.blit(fl, region.topleft, region)
            return
        where = (tuple(region), tuple(tuple(r) for r in cover))
        plan = self._felt_plan
        if plan is None or plan[0] != where:
            x0, y0 = region.topleft
            pieces = cards_art.rect_minus(region.width, region.height,
                                          [(r.x - x0, r.y - y0, r.width, r.height) for r in cover])
            plan = self._felt_plan = (where, [(fl, (x + x0, y + y0), pygame.Rect(x + x0, y + y0, w, h))
                                              for x, y, w, h in pieces])
        surface.blits(plan[1], doreturn=False)

    def _stamped(self, surface, key: tuple, rect: pygame.Rect, draw):
        """``draw(surface)`` clipped to ``rect``, or a copy of the pixels it drew there last time
        under the same ``key`` (which must hold everything the drawing shows, and the screen's
        size for the felt): for what is drawn on the bare felt or covers its rect whole (the top
        bar, a button, the status line), copied once drawn twice the same (WebAssembly pays ~2 µs
        a blit call, and a button is a dozen). One drawing is kept per kind (``key[0]``) and
        place, the last one, and only when drawn whole (the clip holds ``rect``): the top bar
        changes every second. The pixels are kept the second time the same drawing is made whole
        there, as a part's are (:meth:`_kept_part`): a picture drawn from scratch (a new size, a
        new deal) costs no copies, nor a top bar drawn once per second; but at once while
        :attr:`_stamp_now` (the rehearsal of a table's first picture, :meth:`ready`, keeps them
        for the picture's frame). Returns what ``draw`` returned (kept with the pixels)."""
        clip = surface.get_clip()
        slot = (key[0], tuple(rect))
        got = self._stamps.get(slot)
        seen = got is not None and got[0] == key
        if seen and got[1] is not None:
            surface.blit(got[1], rect.topleft)
            return got[2]
        surface.set_clip(clip.clip(rect))
        extra = draw(surface)
        surface.set_clip(clip)
        if clip.contains(rect):
            if slot not in self._stamps and len(self._stamps) >= 64:   # places of another size
                self._stamps.clear()
            pixels = surface.subsurface(rect).copy() if seen or self._stamp_now else None
            self._stamps[slot] = (key, pixels, extra)
        return extra

    def kept_extra(self) -> tuple | None:
        """What a table's drawing of every part of its still picture depends on beyond the part's
        signature and rect and the picture's key (:meth:`picture_key`): the card width, places
        laid out outside the parts' rects… (:meth:`part_keeper`). ``None`` (the default): no
        part is copied as last drawn."""
        return None

    def _kept_keys(self) -> tuple[dict, dict] | None:
        """``(parts, keys)``: the parts of the still picture (:meth:`picture_parts`, in the order
        :meth:`draw_cards` draws them) and each part's key (:meth:`_kept_part`): the picture's
        key and :meth:`kept_extra`, its rect and signature, and the rects and signatures of the
        parts before it whose rects meet its rect. Worked out once per record of the picture;
        ``None`` when no part is kept (no parts, :meth:`kept_extra` None, a dry pass)."""
        if cards_art.collecting_now():
            return None
        rec = self._picture
        plan = self._kept_plan
        token = rec if rec is not None else ("drawing", self._drawings)
        if plan is not None and (plan[0] is rec if rec is not None else plan[0] == token):
            return plan[1]
        extra = self.kept_extra()
        parts = rec[1] if rec is not None else self.picture_parts()
        if extra is None or parts is None:
            return None
        look = (rec[0] if rec is not None else self.picture_key(), extra)
        boxes, sigs, keys = [], [], {}
        for name, (box, sig) in parts.items():
            b = pygame.Rect(box)
            mine = (name, box, sig)
            keys[name] = (look, mine, tuple(sigs[k] for k in b.collidelistall(boxes)))
            boxes.append(b)
            sigs.append(mine)
        out = (parts, keys)
        self._kept_plan = (token, out)
        return out

    def card_ink(self, rect: pygame.Rect, halo: bool = False) -> pygame.Rect:
        """Where cards drawn within ``rect`` (px: one card's rect, or the union of a pile's) draw:
        ``rect`` grown by the reach of a card's shadow, and of its halo when one glows
        (:meth:`ui.cards_art.CardArt.draw`), for the table's cards (:attr:`card_w` px wide). The
        reach is a card's, whatever the size of ``rect``: a shadow or halo made at the width of a
        pile's union would be a new blurred image for each (30-40 ms natively at 1280x800)."""
        w = getattr(self, "card_w", None) or rect.width
        h = cards_art.card_height(w)
        img, (dx, dy) = cards_art.shadow(w)
        reach = [-dx, -dy, img.get_width() - w + dx, img.get_height() - h + dy]
        if halo:
            img, (gx, gy) = cards_art.glow(w)
            reach = [max(a, b) for a, b in zip(reach, (-gx, -gy, img.get_width() - w + gx, img.get_height() - h + gy))]
        left, top, right, bottom = reach
        return pygame.Rect(rect.x - left, rect.y - top, rect.width + left + right, rect.height + top + bottom)

    def _kept_rect(self, surface, box: pygame.Rect) -> pygame.Rect | None:
        """The pixels of a part's ``box`` that are kept (:meth:`_kept_part`): within the screen,
        below the top bar (with the pause button); ``None`` when the top bar does not cover
        whole rows from the screen's top (none kept)."""
        bar = self.top_band()
        keep = box.clip(surface.get_rect())
        if keep.colliderect(bar):
            if bar.topleft != (0, 0) or bar.width < surface.get_width():
                return None
            keep.height = keep.bottom - bar.bottom
            keep.top = bar.bottom
        return keep

    def _kept_cover(self, surface) -> tuple[dict, list]:
        """Where a whole rebuild needs no felt laid: ``({part: rect}, bodies)``, px. The first:
        where it will copy parts as last drawn (:meth:`_kept_part`), not under a part drawn
        anew before it. The second: the rects where the parts it draws anew leave opaque pixels
        of their own whatever lay under them (:meth:`part_body`: their cards' bodies), but where
        a part before it may draw (its rect), so that what lies there before the part is drawn
        is never seen nor kept."""
        got = self._kept_keys()
        if got is None:
            return {}, []
        parts = got[0]
        out = {}
        missed = []     # the rects of the parts drawn anew, and where they come in the order
        boxes = []      # the rects of the parts before whose pixels may be read: copied, or kept
        bodies = []
        for n, (name, key) in enumerate(got[1].items()):
            box = pygame.Rect(parts[name][0])
            k = self._kept.get(name)
            if k is not None and k[1] is not None and k[0] == key:
                out[name] = (n, k[2])
            else:
                missed.append((n, box))
                body = self.part_body(name, parts[name][1])
                if body is not None:
                    body = body.clip(box)
                    body = _outside(body, [boxes[i] for i in body.collidelistall(boxes)])
                    if body is not None and body.width * body.height >= self.MIN_BODY:
                        bodies.append(body)
                if k is None or k[0] != key:
                    # drawn for the first time under its key: none of its pixels is kept after
                    # it (:meth:`_kept_part`), so a body after it lies over its rect felt or not
                    # (a picture from scratch: Pyramid's rows, each over the one before)
                    continue
            boxes.append(box)
        # a part drawn anew is drawn over the felt, also where a part after it will be copied
        # (its own pixels may be kept then)
        for n, box in missed:
            for name in [m for m, (k, r) in out.items() if k > n and r.colliderect(box)]:
                del out[name]
        return {name: r for name, (_, r) in out.items()}, bodies

    def part_body(self, name, sig) -> pygame.Rect | None:
        """Where part ``name`` of the still picture, drawn with signature ``sig``
        (:meth:`picture_parts`), leaves only opaque pixels of its own, whatever lay under them
        (the body of a card, :func:`ui.cards_art.body_rows`): px, within its rect; no felt need
        be laid there before a whole rebuild draws it. ``None`` (the default): nowhere known."""
        return None

    def _kept_part(self, surface, name, key: tuple, box: pygame.Rect, draw, ink=None) -> None:
        """Part ``name`` of the still picture: ``draw(surface)``, or a copy of the pixels of ``box``
        (px) as they were right after it was last drawn under the same ``key``.

        Sound only where the pixels of ``box`` right after the drawing depend on ``key`` alone:
        ``key`` must hold the part's signature, the look and the screen's size (the felt under
        it), and the signatures of the parts drawn before it whose boxes meet ``box``, in order
        (their shadows and halos reach under it); nothing else may be drawn there before it but
        the felt and the top bar. The rows of ``box`` the top bar (with the pause button) covers
        are not kept: the part is drawn again there, clipped to them (the top bar changes every
        second), unless ``ink()`` (px, within ``box``: where the part draws, when known) says it
        draws nothing there. Each drawing blends a part's cards, shadows and halos again (the
        costliest pixels of a redraw: WebAssembly blends without SIMD); the copy is one opaque
        blit. The pixels are kept the second time a part is drawn whole under the same key (a
        part seen once, such as a pile during a drag, costs no copy), one drawing per part, and
        only where the felt lies under them already (not where a part still to come will be
        copied, :meth:`_lay_felt`)."""
        clip = surface.get_clip()
        if not clip.colliderect(box):    # a partial redraw clipped elsewhere: nothing of it shows
            return
        got = self._kept.get(name)
        seen = got is not None and got[0] == key
        if seen and got[1] is not None:
            keep = got[2]
            surface.blit(got[1], keep)
            self._unlaid.pop(name, None)
            if keep.top > box.top and (ink is None or ink().top < keep.top):
                surface.set_clip(clip.clip(pygame.Rect(box.x, box.y, box.width, keep.top - box.y)))
                draw(surface)
                surface.set_clip(clip)
            return
        draw(surface)
        if not seen:
            self._kept[name] = (key, None, None)
            return
        keep = self._kept_rect(surface, box)
        if keep is not None and keep.width > 0 and keep.height > 0 and clip.contains(keep) and \
                keep.collidelist(list(self._unlaid.values())) < 0:
            self._kept[name] = (key, surface.subsurface(keep).copy(), keep)

    def part_keeper(self, surface):
        """A function ``keep(name, draw, ink=None)`` for a :meth:`draw_cards` that draws the
        parts of its still picture (:meth:`picture_parts`) one after the other in their order:
        part ``name`` drawn by ``draw(surface)``, or copied as last drawn (:meth:`_kept_part`,
        its key from :meth:`_kept_keys`). ``draw`` None: the part is not drawn (it draws
        nothing, or lies outside a partial redraw's clip). ``ink(signature)``: where the part
        draws, px (see :meth:`_kept_part`). Everything is simply drawn when no part is kept
        (:meth:`kept_extra` None, a dry pass), for a name that is not a part, and from the
        first part met out of its order on."""
        got = self._kept_keys()
        if got is None:
            def plain(name, draw, ink=None) -> None:
                if draw is not None:
                    draw(surface)
            return plain
        parts, keys = got
        order = iter(list(parts))
        broken = []

        def keep(name, draw, ink=None) -> None:
            if name not in parts or broken or next(order, None) != name:
                if name in parts:
                    broken.append(name)
                if draw is not None:
                    draw(surface)
                return
            if draw is None:    # nothing drawn, but pixels kept under its key are its place's
                got = self._kept.get(name)
                if got is not None and got[1] is not None and got[0] == keys[name]:
                    surface.blit(got[1], got[2])
                    self._unlaid.pop(name, None)
                return
            box, sig = parts[name]
            self._kept_part(surface, name, keys[name], pygame.Rect(box), draw,
                            None if ink is None else lambda: ink(sig))
        return keep

    def forget_drawings(self) -> None:
        """Forget every pixel kept from earlier drawings (:meth:`_stamped`, :meth:`_kept_part`)
        and what was worked out for them (the parts' keys, the felt's pieces; a table adds its
        own): the next rebuild draws everything as a table's first picture does."""
        self._stamps = {}
        self._kept = {}
        self._kept_plan = None
        self._felt_plan = None

    def on_bare_felt(self, key, rect: pygame.Rect) -> bool:
        """Whether nothing but the felt lies under ``rect`` (px) when part ``key`` of the still
        picture is drawn: no other part's rect (which holds all it draws) and not the top bar
        meets it. False when the parts are unknown (a table without them, a panel)."""
        rec = self._picture
        if rec is None or rect.colliderect(self.frame.top):
            return False
        return all(k == key or not rect.colliderect(box) for k, (box, _) in rec[1].items())

    def _draw_button(self, surface, btn: Button, part_rects) -> None:
        """Button ``btn``: copied as last drawn when nothing but the felt lies under it (no part
        of the still picture, ``part_rects``, meets it; ``None``: unknown, drawn)."""
        r = btn.rect
        if part_rects is None or r.collidelist(part_rects) >= 0 or r.colliderect(self.frame.top):
            btn.draw(surface)
            return
        self._stamped(surface, ("button", surface.get_size(), button_mark(btn)), r, btn.draw)

    def _draw_status_on(self, surface, part_rects) -> None:
        """The status line (:meth:`draw_status`), copied as last drawn like a button."""
        r = self.frame.status
        if not self.status_text or part_rects is None or r.collidelist(part_rects) >= 0 or \
                r.colliderect(self.frame.top) or r.collidelist([b.rect for b in self.buttons]) >= 0 or \
                type(self).draw_status is not GameTable.draw_status:
            self.draw_status(surface)
            return
        self._stamped(surface, ("status", surface.get_size(), tuple(r), self.status_text, self.status_error), r,
                      self.draw_status)

    def top_items(self) -> list[tuple[str, str]]:
        """``(label, value)`` pairs for the top bar; games add theirs."""
        return [(tr("Score"), str(self.score())), (tr("Time"), format_duration(self.clock)),
                (tr("Moves"), str(self.player_moves()))]

    def shown_top_items(self) -> list[tuple[str, str]]:
        """:meth:`top_items` as the top bar shows them: without the time and the score during play
        when the "Time and score" setting is off (``Settings.show_clock``); a game over shows
        them again."""
        items = self.top_items()
        if self.settings.show_clock or self.history is None or self.rules.status(self.state) != PLAYING:
            return items
        hidden = {tr("Score"), tr("Time")}
        return [it for it in items if it[0] not in hidden]

    def top_band(self) -> pygame.Rect:
        """The top bar with the pause button (which may reach a little below it), px."""
        top = self.frame.top
        return top if self.pause_button is None else top.union(self.pause_button.rect)

    def side_band(self) -> pygame.Rect | None:
        """The column of buttons down the window's right side (left-handed: its left) on a phone
        held on its side, px; ``None`` where the buttons are a row at the bottom."""
        return self.frame.bar if self.frame.p["buttons"] == "right" else None

    def draw_top_bar(self, surface) -> None:
        """The top bar over ``self.frame.top`` (opaque there): the pause button (which may reach a
        little below it, over the felt), then each item's
        label over its value; drawn once per everything it shows and copied since (:meth:`_stamped`).
        Under a panel that reaches into it (``Panel.over_top``) the bar is bare: its background
        only, so no item shows cut in half by the panel's edge."""
        if self.panel is not None and self.panel.over_top:
            self.top_sizes = []
            self._draw_top_background(surface)
            return
        items = self.shown_top_items() + [(tr(MSG_NOT_SAVED) if self.saves_refused() else tr("Deal"), self.deal_label())]
        pb = self.pause_button
        r = self.frame.top if pb is None else self.frame.top.union(pb.rect)   # the button may reach below
        key = ("top", surface.get_size(), tuple(r), self.frame.p["top_text"], tuple(items),
               None if pb is None else button_mark(pb))
        self.top_sizes = list(self._stamped(surface, key, r, lambda s: self._draw_top_bar(s, items)))

    def _draw_top_bar(self, surface, items) -> tuple:
        """Draw the top bar showing ``items`` (``(label, value)`` pairs, the deal's last); the
        ``(label, value, text px)`` drawn. Where the frame has a deal row (a phone held upright),
        the deal's label and code share that row, under the others."""
        r = self.frame.top
        self._draw_top_background(surface)
        p = self.frame.p
        deal = None
        if p["deal_row"]:
            deal, items = items[-1], items[:-1]
            r = pygame.Rect(r.x, r.y, r.width, p["top_bar"])
        pb = self.pause_button
        if pb is not None:
            pb.draw(surface)
            r = pygame.Rect(pb.rect.right, r.y, r.right - pb.rect.right, r.height)
        sizes = self._draw_top_items(surface, r, items)
        if deal is not None:
            sizes += (self._draw_deal_row(surface, deal),)
        self.top_sizes = list(sizes)
        return sizes

    def saves_refused(self) -> bool:
        """Whether the storage refuses this window's saves now (full or blocked,
        :attr:`ui.storage.Store.refusing`): the top bar's deal label then says "Not saved" in the
        warning colour for as long as it lasts, where the player looks, since the notice band that
        tells it goes after a few seconds and every move after is lost on a reload."""
        return bool(getattr(self.app.store, "refusing", False))

    def _draw_deal_row(self, surface, item) -> tuple:
        """The deal's label and code side by side, centred in the top bar's deal row (the label in
        the warning colour while saves are refused, :meth:`saves_refused`); its
        ``(label, value, text px)``."""
        label, value = item
        row = pygame.Rect(0, self.frame.top.bottom - self.frame.p["deal_row"], self.frame.top.width,
                          self.frame.p["deal_row"])
        ds = self.frame.p["deal_text"]
        ls = max(text.MIN_SIZE, round(ds * 0.85))
        room = row.width - 16 - text.width(label, ls) - 8
        vs = text.fit(value, ds, room, text.MIN_SIZE)
        lim, vim = text.render(label, ls, WARN if self.saves_refused() else DIM), text.render(value, vs, INK)
        x = row.centerx - (lim.get_width() + 8 + vim.get_width()) / 2
        text.blit_center(surface, lim, (x + lim.get_width() / 2, row.centery))
        text.blit_center(surface, vim, (x + lim.get_width() + 8 + vim.get_width() / 2, row.centery))
        return label, value, vs

    def _draw_top_items(self, surface, r: pygame.Rect, items) -> tuple:
        """``items`` (``(label, value)`` pairs) side by side in ``r``, each label over its value;
        the ``(label, value, text px)`` drawn."""
        ts = self.frame.p["top_text"]
        ls = max(text.MIN_SIZE, round(ts * 0.6))
        # each item as wide as its text needs (a long deal code gets the room the short numbers
        # leave), the room left shared out evenly; narrower than the needs, all shrink alike
        needs = [max(text.width(label, ls), text.width(value, ts)) + 12 for label, value in items]
        room = r.width - sum(needs)
        widths = [nd + room / len(items) for nd in needs] if room >= 0 else \
            [nd * r.width / sum(needs) for nd in needs]
        sizes = []
        x = r.x
        not_saved = tr(MSG_NOT_SAVED) if self.saves_refused() else None   # the deal's label then
        for (label, value), cw in zip(items, widths):
            cx = x + cw / 2
            x += cw
            vs = text.fit(value, ts, int(cw) - 6, text.MIN_SIZE)
            sizes.append((label, value, vs))
            warn = label == not_saved
            lim = text.render(label, text.fit(label, ls, int(cw) - 6, text.MIN_SIZE), WARN if warn else DIM)
            vim = text.render(value, vs, INK)
            total = lim.get_height() + vim.get_height() * 0.85
            y0 = r.centery - total / 2
            text.blit_center(surface, lim, (cx, y0 + lim.get_height() / 2))
            text.blit_center(surface, vim, (cx, y0 + lim.get_height() + vim.get_height() * 0.42))
        return tuple(sizes)

    def _draw_top_background(self, surface) -> None:
        """The top bar's background: its fill and the line along its bottom edge."""
        r = self.frame.top
        pygame.draw.rect(surface, (8, 48, 26), r)
        pygame.draw.line(surface, (60, 120, 80), (r.x, r.bottom - 1), (r.right, r.bottom - 1))

    def status_lines(self, message: str) -> tuple[int, list[str]]:
        """``(size px, lines)`` showing ``message`` whole in the status line: one line at the
        largest size that reads, else as few lines as fit its height at the largest size, never
        under :data:`ui.text.MIN_SIZE` (12-px lines); only a message too long even for that is cut (none of the catalogue is)."""
        r = self.frame.status
        big = min(32, round(r.height * 0.8))
        least = text.MIN_SIZE
        # one line is kept only at a size from the lesser of 80 % of ``big`` and ``least``: no
        # smaller size is measured (each one measured is a font opened, its glyphs loaded)
        one = text.fit(message, big, r.width - 16, max(6, min(least, math.ceil(big * 0.8))))
        if text.width(message, one) <= r.width - 16 and (one >= big * 0.8 or (one >= least and r.height < 40)):
            return one, [message]
        lines = [message]
        for size in range(min(big, max(least, round(r.height * 0.5))), least - 1, -1):
            lines = text.wrap(message, size, r.width - 16)
            if len(lines) * text.font(size).get_linesize() <= r.height + 2 and \
                    all(text.width(x, size) <= r.width - 8 for x in lines):
                return size, lines
        size = least
        n = max(1, (r.height + 2) // text.font(size).get_linesize())
        return size, text.wrap(message, size, r.width - 16)[:n]

    def draw_status(self, surface) -> None:
        """The status line: one line when it fits at a readable size, else more smaller lines
        (:meth:`status_lines`)."""
        if not self.status_text:
            return
        r = self.frame.status
        col = WARN if self.status_error else INK
        size, lines = self.status_lines(self.status_text)
        lh = text.font(size).get_linesize()
        y0 = r.centery - lh * len(lines) / 2 + lh / 2
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip))   # lines may take 2 px more than the rect: never outside it
        try:
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, size, col), (r.centerx, y0 + k * lh))
        finally:
            surface.set_clip(clip)

    # -- hooks for a game ------------------------------------------------------------------------
    def intro(self) -> str:
        return ""

    intro_tells_daily = False
    """Whether :meth:`intro` itself says when the deal is the deal of the day (Devil's Grip's
    names its goal)."""

    def daily_intro(self) -> str:
        """The status line a deal starts with: :meth:`intro`, headed "Deal of the day" on a deal
        of the day, so that the table says what the Daily screen chose once that screen is gone."""
        intro = self.intro()
        if self.daily_date is None or self.intro_tells_daily:
            return intro
        return tr("Deal of the day: {intro}", intro=intro) if intro else tr("Deal of the day")

    def on_start(self) -> None:
        pass

    def on_undo(self) -> None:
        pass

    def after_move(self, before, move) -> None:
        pass

    def on_won(self) -> None:
        self.anim.add("wait", 300, on_done=self.open_end_panel)

    def on_lost(self) -> None:
        """A lost game: the reason on the status line, then the end panel."""
        self.say(self.lost_text(), error=True)
        self.anim.add("wait", 450, on_done=self.open_end_panel)

    def celebrate(self, banner: str, ms: int, on_done=None) -> None:
        """A burst of confetti and a banner over the table for ``ms`` ms, then ``on_done``; with
        animation off, just the banner as a toast (and ``on_done`` at once). The games whose win
        has no card show of its own (TriPeaks, Devil's Grip) draw it from :meth:`draw_moving`
        (:meth:`draw_celebration`)."""
        if self.settings.anim_speed == "off":
            self.toast(banner, self.frame.table.center, max(24, self.frame.p["top_text"] * 2), 1.5)
            if on_done:
                on_done()
            return
        rnd = random.Random(len(self.history.actions))
        cx, cy = self.frame.table.centerx, self.frame.table.centery
        parts = [(cx, cy, rnd.uniform(-1, 1) * 600, rnd.uniform(-900, -200), rnd.choice(CONFETTI),
                  rnd.randint(4, 9)) for _ in range(70)]
        self.anim.cancel("celebrate")
        self.anim.add("celebrate", ms, {"banner": banner, "parts": parts}, scaled=False, on_done=on_done)

    def draw_celebration(self, surface, tw) -> None:
        """The confetti of celebration ``tw`` (:meth:`celebrate`) falling, and its banner fading
        in and out at the table's centre."""
        e = tw.elapsed
        for (x0, y0, vx, vy, col, size) in tw.data["parts"]:
            x, y = x0 + vx * e, y0 + vy * e + 900 * e * e
            if surface.get_rect().collidepoint(x, y):
                pygame.draw.rect(surface, col, (round(x), round(y), size, size * 0.6 + 2))
        size = max(28, round(self.frame.p["top_text"] * 2.2))
        a = min(1.0, e * 5) * (1 if tw.t < 0.8 else (1 - tw.t) / 0.2)
        img = text.render(tw.data["banner"], text.fit(tw.data["banner"], size, self.frame.table.width - 20, 16),
                          (255, 236, 150))
        img = img.copy()
        img.set_alpha(round(255 * a))
        shadow = text.render(tw.data["banner"], text.fit(tw.data["banner"], size, self.frame.table.width - 20, 16),
                             (0, 0, 0)).copy()
        shadow.set_alpha(round(150 * a))
        c = self.frame.table.center
        text.blit_center(surface, shadow, (c[0] + 3, c[1] + 3))
        text.blit_center(surface, img, c)

    def lost_text(self) -> str:
        return tr("No more moves")

    def layout_cards(self, frame) -> None:
        raise NotImplementedError

    def draw_cards(self, surface) -> None:
        raise NotImplementedError

    def draw_moving(self, surface) -> None:
        pass

    def hit_test(self, pos) -> Hit | None:
        """The table's tappable thing under ``pos`` (px), or ``None``."""
        return None

    def activate(self, target: Hit) -> None:
        """A tap on ``target`` (a :class:`~ui.table.hit.Hit` of :meth:`hit_test`)."""

    def end_body_height(self, pw: int) -> int:
        return 80

    # -- the progression's lines under every end panel's body ------------------------------------
    def progression_lines(self) -> list[str]:
        """What the end panel adds (docs/progression.md): the points of a win and its places in the
        records, a daily's result copied, why a win has no place, badges just earned. At most
        three short lines, in that order of need (the badges have had their toast)."""
        o = self.outcome
        if o is None:
            return []
        lines = []
        if o.points:
            first = [tr("Win points: {n}", n=format_number(o.points))]
            for key, place in o.places.items():
                first.append(tr("daily record #{n}", n=place) if key.startswith("daily ")
                             else tr("record #{n}", n=place))
            lines.append(" · ".join(first))
        if self.session.won_again:     # won before, undone, won again: the first win is the one counted
            return lines
        if self.daily_date is not None:     # what Share result did, or that it is there to ask
            asks = self.share_copied is None and (self.rules.status(self.state) == WON or self.ended_well())
            lines.append(tr("Deal of the day {date}: Share result copies your line", date=self.daily_date)
                         if asks else
                         tr("Deal of the day {date}: result copied to share", date=self.daily_date)
                         if self.share_copied else
                         tr("Deal of the day {date}: Share results on its screen", date=self.daily_date))
        if o.points and self.history.undo_used:
            lines.append(tr("A win with undo does not enter the records"))
        if o.new_badges:                    # last: a toast has announced them already
            from games.badges import BY_ID

            lines.append(tr("Badge earned: {name}", name=", ".join(tr(BY_ID[b].name) for b in o.new_badges)))
        return lines[:3]

    def _progression_size(self) -> tuple[int, int]:
        size = max(14, min(20, round(18 * self.frame.scale)))
        return size, text.font(size).get_linesize() + 2

    def end_height_with_progression(self, pw: int) -> int:
        n = len(self.progression_lines())
        _, lh = self._progression_size()
        return self.end_body_height(pw) + (n * lh + 6 if n else 0)

    def draw_end_with_progression(self, surface, rect) -> None:
        lines = self.progression_lines()
        size, lh = self._progression_size()
        extra = len(lines) * lh + 6 if lines else 0
        body = pygame.Rect(rect.x, rect.y, rect.width, max(0, rect.height - extra))
        self.draw_end_body(surface, body)
        y = rect.bottom - extra + 6
        for line in lines:
            img = text.render(line, text.fit(line, size, rect.width, 12), WARN if line.startswith(tr("Badge earned: {name}", name="")) else INK)
            text.blit_center(surface, img, (rect.centerx, y + lh // 2))
            y += lh

    def share_address(self) -> str:
        """The address that opens this deal: the page's own with ``?deal=CODE`` in the browser,
        the code alone on the desktop."""
        code = self.deal_code()
        try:
            from platform import window  # pygbag's bridge to the page

            loc = window.location
            return f"{loc.origin}{loc.pathname}?deal={code}"
        except Exception:
            return code

    def share_result(self) -> None:
        """The end panel's Share result of a won daily: copy its result line and, under it, the
        address that opens the deal (a friend's tap plays the same deal of the day), then show the
        panel again saying whether a clipboard took it (docs/progression.md)."""
        from .. import clipboard

        line = self.session.daily_share_line(self.app.progression)
        if line is None:
            return
        self.share_copied = clipboard.copy(f"{line}\n{self.share_address()}", self.share_refused)
        self.open_end_panel()
        self.panel.opened -= END_PANEL_GUARD    # the same panel shown again: no guard to wait out

    def share_deal(self) -> None:
        """Copy this deal's address (browser) or code (desktop) and say what was copied, or, where
        no clipboard took it, show it to be shared by hand."""
        from .. import clipboard

        addr = self.share_address()
        copied = clipboard.copy(addr, lambda: self.say(tr("Not copied, the browser refused: {line}", line=addr)))
        self.close_panel()
        if not copied:
            self.say(tr("Not copied, this device has no clipboard: {line}", line=addr))
        else:
            self.say(tr("Copied: {line}", line=addr) if addr != self.deal_code() else
                     tr("Deal code {code}: copied, share it", code=addr))

    def draw_end_body(self, surface, rect) -> None:
        pass
