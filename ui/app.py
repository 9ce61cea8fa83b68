"""The application: the window, the scene manager and the frame clock.

``App.frame()`` runs one frame and never blocks: events → the current scene's ``handle`` →
``update(dt)`` → ``draw`` and ``flip`` only when something changed (a dirty flag), so an idle
frame costs a few microseconds. ``main.py`` awaits ``asyncio.sleep(0)`` between frames.

Window size: ``App(size)``, else ``PASYANS_SIZE=WxH`` (at least 360x640 either way: :func:`env_size`),
else 1280×800 on the desktop; in the
browser (``sys.platform == "emscripten"``) the page's ``window.innerWidth/innerHeight``, polled
every 0.5 s because pygbag delivers no ``VIDEORESIZE`` (docs/design.md, "The browser (pygbag)"),
and the page's visibility every 0.5 s too, in other frames (:attr:`App.POLL`).
"""
from __future__ import annotations

import gc
import math
import os
import re
import sys
import time

import pygame

from games import i18n
from games.core import WON

from . import cards_art, clipboard, text
from .collect import Collector
from .input import DOUBLE_TAP, DOUBLE_TAP_PX, Pointer, PointerEvent
from .progression import Progression
from .settings import Settings

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (360, 640)
"""The smallest window laid out: 360 px on its short side and 640 on its long side (a phone's
360x640 upright and 640x360 on its side); a smaller window is drawn at that size."""


def clamp_size(w: int, h: int) -> tuple[int, int]:
    """``(w, h)`` grown to at least :data:`MIN_SIZE` (short side, long side)."""
    short, long_ = MIN_SIZE
    if w >= h:
        return max(long_, int(w)), max(short, int(h))
    return max(short, int(w)), max(long_, int(h))
WEB = sys.platform == "emscripten"
_frozen = False
"""Whether the objects of the start are frozen (``gc.freeze``, once per process: :meth:`App.frame`)."""


LOOKS = ("left_handed", "four_colour", "card_back", "anim_speed", "live_winnable")
"""The settings besides the language that change how a scene looks or is laid out: a scene is
restyled (:meth:`Scene.restyle`) when another window changed one of them."""


class Scene:
    """What the App runs: a game's table, or the home, settings and statistics screens.

    A scene gets ``handle(event)`` for :class:`~ui.input.PointerEvent` values and keyboard events
    (``KEYDOWN``, ``TEXTINPUT``), ``update(dt)`` every frame (return ``True`` when it must be
    redrawn), ``draw(surface)`` when the App redraws, ``resize(w, h)`` when the window changes.
    """

    app: "App"
    NOTICE_OPENS = True
    """Whether a tap on the notice line here does what the notice offers (opens Kept data) besides
    dismissing it. A game's table says no: the band lies beside its cards, where a player's tap
    often aims, and the notice names the way there itself."""

    def notice_place(self, w: int, h: int) -> tuple[int, int, int, bool]:
        """Where the notice band lies on a ``w``×``h`` px screen: ``(x, width, y, up)``, px; the
        band's top is at ``y``, or with ``up`` its bottom, so that it grows upward. By default
        across the top; a scene with a header puts it under, so the header's buttons and figures
        stay in sight and tappable while it shows."""
        return 0, w, 0, False

    def enter(self, app: "App") -> None:
        self.app = app
        self.resize(*app.size)

    def leave(self) -> None:
        pass

    def resize(self, w: int, h: int) -> None:
        pass

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def spare(self, deadline: float) -> None:
        """Work that waits for a frame's spare time, done after the frame's drawing (or in a frame
        that draws nothing) and ending by ``deadline`` (seconds on :attr:`App.now`) where it can:
        a table's hint search and its pending save."""

    def top_band(self) -> "pygame.Rect | None":
        """The band across the window's top (px) that a panel keeps clear of or hides whole (a
        table's top bar), or ``None`` when the scene keeps none."""
        return None

    def side_band(self) -> "pygame.Rect | None":
        """The band down one side of the window (px) that a panel leaves whole beside it (a
        table's column of buttons on a phone held on its side), or ``None`` when the scene has
        none."""
        return None

    def wants_long_press(self, ev) -> bool:
        """Whether a long press (``ev``, a ``long`` :class:`PointerEvent`) means something where
        it was made; when not, the press goes on as a plain one and its release is a tap."""
        return False

    def ready(self, deadline: float) -> bool:
        """Whether the scene can be drawn in this frame; ``False`` keeps the picture on screen
        for now (the app asks again at the next frame). A scene may use the frame's time up to
        ``deadline`` (seconds on :attr:`App.now`) to prepare its picture."""
        return True

    def relabel(self) -> None:
        """The language changed: rebuild texts."""

    def restyle(self, changed: set[str]) -> None:
        """Settings of :data:`LOOKS` named in ``changed`` have new values (set here, or read from
        another window's): lay the scene out again when the hand changed."""
        if "left_handed" in changed:
            self.resize(*self.app.size)

    def came_back(self) -> None:
        """The player is back at this window (the page shown again, the window focused) after
        being away: another window of the game may have changed the saves meanwhile (the App
        has read the statistics, progression and settings again already)."""


_SIZE = re.compile(r"([0-9]+)[x×]([0-9]+)", re.ASCII)
"""A window size as text: two runs of ASCII digits around ``x`` (or ``×``), nothing else: no
sign, no spaces, no other script's digits."""


def read_size(text: str) -> tuple[int, int] | None:
    """``"WxH"`` → ``(W, H)`` in px as written (any size, the caller judges it); ``None`` when
    the text is not two whole numbers of ASCII digits around ``x`` or ``×`` (``"-390x844"``,
    ``"390 x 844"``, ``"390x844px"``) or either side is 0 (no window)."""
    m = _SIZE.fullmatch(text.lower())
    if m is None:
        return None
    try:
        w, h = int(m.group(1)), int(m.group(2))
    except ValueError:       # more digits than Python reads as one number (thousands)
        return None
    if w == 0 or h == 0:
        return None
    return w, h


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``"WxH"`` → ``(W, H)``; ``None`` for a missing or unreadable value (:func:`read_size`) or
    one under :data:`MIN_SIZE` or over :data:`MAX_SIDE`."""
    size = read_size(text) if text else None
    if size is None or clamp_size(*size) != size or max(size) > MAX_SIDE:
        return None
    return size


MAX_SIDE = 8192
"""The largest window side in px that ``PASYANS_SIZE`` may ask for (twice a 4K screen's width;
SDL refuses or warns on far larger windows, and a number of 50 digits is no size at all)."""


def env_size(environ=os.environ, err=None) -> tuple[int, int] | None:
    """The window size ``PASYANS_SIZE=WxH`` asks for, or ``None`` when it is not set. A value that
    is not ``WxH`` (:func:`read_size`: a sign, a space, a side of 0) or has a side over
    :data:`MAX_SIDE` is ignored (the default window opens) and one under :data:`MIN_SIZE` is grown
    to it, each said in one line on standard error (``err``, default ``sys.stderr``), never
    silently."""
    value = environ.get("PASYANS_SIZE")
    if not value:
        return None
    err = err or sys.stderr
    size = parse_size(value)
    if size is not None:
        return size
    size = read_size(value)
    if size is None:
        from games.quoting import quote

        err.write(f"PASYANS_SIZE '{quote(value)}' is not WxH, two whole numbers of px above 0 "
                  f"(e.g. 390x844): ignored\n")
        return None
    w, h = size
    if max(w, h) > MAX_SIDE:
        from games.quoting import quote

        err.write(f"PASYANS_SIZE '{quote(value)}' is larger than {MAX_SIDE} px on a side: ignored\n")
        return None
    grown = clamp_size(w, h)
    err.write(f"PASYANS_SIZE {w}x{h} is under the smallest window, {MIN_SIZE[0]} px on the short side and "
              f"{MIN_SIZE[1]} on the long side: drawn at {grown[0]}x{grown[1]}\n")
    return grown


def page_query() -> str:
    """The page address's query string (``?deal=…``) in the browser; on the desktop the
    ``PASYANS_DEAL`` environment variable as ``deal=CODE`` (so a shared code opens there too), or,
    when it holds a whole shared address (``…?deal=CODE``), that address's query."""
    if WEB:
        try:
            from platform import window  # pygbag's bridge to the page

            return str(window.location.search or "")
        except Exception:
            return ""
    from urllib.parse import urlencode

    code = os.environ.get("PASYANS_DEAL", "")
    if "?" in code and "deal=" in code.split("?", 1)[1]:
        # a whole shared address: its own query, up to a fragment
        return code.split("?", 1)[1].split("#", 1)[0]
    # blank is unset; a '+', '&' or '%' in it stays itself
    return urlencode({"deal": code}) if code.strip() else ""


def forget_page_deal() -> bool:
    """Take ``deal=`` out of the page's address once it was read (``history.replaceState``, the
    other parameters and the fragment kept), so that a reload — a phone's browser reloads a tab
    it put away — goes on with the game the player is in instead of offering the linked deal
    again. The desktop's ``PASYANS_DEAL`` is left as the user set it. Returns whether the
    address was changed; a page that refuses changes nothing."""
    if not WEB:
        return False
    try:
        from platform import window  # pygbag's bridge to the page
        from urllib.parse import unquote_plus

        loc = window.location
        # the other parameters byte for byte: only the parts named deal go
        kept = [p for p in str(loc.search or "").lstrip("?").split("&")
                if p and unquote_plus(p.split("=", 1)[0]) != "deal"]
        url = str(loc.pathname) + ("?" + "&".join(kept) if kept else "") + str(loc.hash or "")
        window.history.replaceState(None, "", url)
        return True
    except Exception:
        return False


def browser_size() -> tuple[int, int] | None:
    """The browser window's inner size (emscripten only), else ``None``."""
    if not WEB:
        return None
    try:
        from platform import window  # pygbag's bridge to the page

        return int(window.innerWidth), int(window.innerHeight)
    except Exception:
        return None


_document = None
"""The page's ``document`` through pygbag's bridge, fetched once (:func:`page_hidden`): each read
through the bridge costs 40-60 µs in the page's frame, the first of a frame the most."""


def page_hidden() -> bool:
    """The browser page is hidden (another tab, a minimised window: ``document.visibilityState``
    is ``"hidden"``); always ``False`` outside the browser or when the page cannot be asked."""
    global _document
    if not WEB:
        return False
    try:
        if _document is None:
            from platform import window  # pygbag's bridge to the page

            _document = window.document
        return str(_document.visibilityState) == "hidden"
    except Exception:
        return False


def page_activated() -> bool:
    """Whether the browser page has had a user gesture (``navigator.userActivation.hasBeenActive``;
    pygbag's page runs ``main.py`` after its "Tap to play" tap): audio started then runs at once.
    ``False`` outside the browser, or when the page cannot say."""
    if not WEB:
        return False
    try:
        from platform import window  # pygbag's bridge to the page

        return str(window.navigator.userActivation.hasBeenActive).lower() == "true"
    except Exception:
        return False


AWAY_EVENTS = (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST)
BACK_EVENTS = (pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMAXIMIZED)


class App:
    """The running application.

    :param size: window size in px; default from ``PASYANS_SIZE``, the browser, or 1280×800.
    :param scene: the first scene (default: the home screen).
    :param settings: the player's settings (default: those kept in the store, else defaults).
    :param store: the :class:`~ui.storage.Store` of saves, statistics and settings (default: the
        browser's localStorage or a JSON file, see :func:`ui.storage.default_backend`).

    The App owns the one Store, the :class:`~ui.progress.Progress` (saves and statistics) over it,
    the :class:`~ui.sound.Sounds`, and the notice line: the Store's notices (a record kept aside, a
    failed save) show at the top for a few seconds; a tap on it dismisses it, and on a notice naming
    records kept aside opens Settings' Kept data (:meth:`open_kept`).
    """

    NOTICE_SECONDS = 8.0
    NOTICE_LINES = 5
    """The most lines a notice wraps to; a longer one ends its last line with ``…``."""

    POLL = 0.5
    """Seconds between two reads of the browser window's size, and between two of the page's
    visibility (:func:`browser_size`, :func:`page_hidden`): pygbag delivers no resize event. The
    two are read in different frames (a quarter of a second apart from the start): the first read
    through the page's bridge in a frame costs 40-100 µs there, a frame with nothing else to do
    about 0.05 ms (docs/web.md, "The unchanged frame")."""
    now = staticmethod(time.perf_counter)
    """The app's clock (a callable giving seconds): frame times, notices, the tables' timers and
    the solver slices all read it. Tests put a fake clock here (``tests/conftest.py``
    ``FakeClock``) so that what happens in a frame does not depend on the machine's load."""
    FRAME_BUDGET = 0.012
    """Seconds of work a frame aims under (a frame lasts 16.7 ms at 60 Hz; the rest is the
    browser's): what is left after the drawing goes to the scene's spare work (:meth:`Scene.spare`:
    a hint's solver slice, a pending save), then to card images made ahead
    (:func:`ui.cards_art.warm`)."""
    solver_wall_clock = True
    """The app's searches stop at their wall-clock budgets (seconds) as well as their node budgets
    (ui/table/assist.py). The tests turn it off (tests/conftest.py): a search then ends on its
    node budget only, so its answer is the same on a busy machine."""
    deal_lines = True
    """A verified deal's winning line is searched at the deal, in the frames' spare time
    (ui/table/assist.py, ``Assist.started``). The tests turn it off (tests/conftest.py) but where
    they test it: it would add up to 4 ms of search to each frame of every test on a bank deal."""
    pause = 0.0 if WEB else 0.004
    """Seconds ``main.py`` awaits between frames: 0 in the browser (its frame clock paces us),
    4 ms on the desktop (an idle window must not spin a core)."""

    def __init__(self, size: tuple[int, int] | None = None, scene: Scene | None = None,
                 settings: Settings | None = None, store=None):
        from .progress import Progress
        from .sound import Sounds
        from .storage import Store

        t0 = time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        from .settings import first_language

        # notices made while reading the store speak the language that will apply if the
        # settings record is missing or unreadable
        i18n.set_language(settings.language if settings else first_language())
        self.store = store if store is not None else Store()
        self.settings = settings or Settings.load(self.store)
        if i18n.language() != self.settings.language:
            i18n.set_language(self.settings.language)  # the notices of the records read next speak it
            self.store._note_kept(None)     # and the one about the settings kept aside (some read) too
        self.store.check_all()  # every unreadable record kept aside now, told in one notice
        self.progress = Progress(self.store)
        self.bank_dealt: dict[str, set[int]] = {}
        """Per bank (its file stem), the banked deals dealt in this run of the app: a table deals
        every banked deal once before any again (a small bank, Devil's Grip's, cycles through
        all; ``Session.pick_number``)."""
        self.progression = Progression(self.store)
        from .table.session import record_unrecorded

        record_unrecorded(self.progress, self.progression)   # wins a full storage kept from their records
        self.sounds = Sounds(self.settings.sound)
        from .speech import Speech

        self.speech = Speech()
        """What a screen reader says (:mod:`ui.speech`): focus, status line and panels in words."""
        self.settings.save(self.store)  # a first start keeps its language; a corrupt record is replaced
        self.notice, self.notice_until, self.notice_rect = "", 0.0, pygame.Rect(0, 0, 0, 0)
        self._refusing_shown = False   # the store's ``refusing`` as the screen last showed it
        self.notice_action = None
        """What a tap on the notice does besides dismissing it (:meth:`show_notice`), or None."""
        self._screen_tap: tuple | None = None
        """(when, where) of a tap that changed the screen, or opened, closed or changed the panel on
        it: the second press of its double tap is spent (:meth:`spent_press`). ``when`` is the
        first read of input after that tap's frame (None until then): a new table's first frame
        may take longer than a double tap, and a second tap made meanwhile is read late."""
        i18n.set_language(self.settings.language)
        self.speech.label_page()
        size = clamp_size(*(size or env_size() or browser_size() or DEFAULT_SIZE))
        self.flags = 0 if WEB else pygame.RESIZABLE
        pygame.display.set_caption("Pasyans")
        self.screen = pygame.display.set_mode(size, self.flags)
        self.size = self.screen.get_size()
        self.pointer = Pointer(self.size)
        self.running = True
        self.dirty = True
        self.window_away = False   # the window is hidden, minimised or out of focus (window events)
        self.page_away = False     # the browser page is hidden (polled with the size)
        self.scene: Scene | None = None
        self._last = self.now()
        self._next_poll = self._last + self.POLL   # the window's size
        self._next_page_poll = self._last + self.POLL / 2   # the page's visibility
        self.frame_started = self._last
        """When this frame began (seconds on :attr:`now`)."""
        self.frames = 0
        self.draws = 0
        self.collector = Collector(lambda: self.now())
        """The garbage collections, made where a frame has room (:mod:`ui.collect`)."""
        at_home = scene is None
        if scene is None:   # the start: the home screen shows, its miniatures follow a frame each
            from .scenes.home import HomeScene

            scene = HomeScene(previews_later=True)
        self.switch(scene)
        if at_home:   # a page opened with ?deal=CODE goes straight to that deal
            self.open_link(page_query(), where="address" if WEB else "PASYANS_DEAL")
        if WEB and page_activated():   # the mixer's start, 45-60 ms in the page: in the start, not a frame
            self.sounds.start_mixer()
        self.startup_seconds = time.perf_counter() - t0

    def open_link(self, query: str | None, where: str = "address") -> bool:
        """Open the deal a page address names (``?deal=CODE``, any game's code): True when one
        opened. A code that cannot be read leaves the home screen as it is, with a notice naming
        where it came from (``where``: ``"address"``, the page's; ``"PASYANS_DEAL"``, the desktop's
        environment variable, :func:`page_query`) and which part of the code is wrong, as the
        deal-code field says it (:func:`ui.table.base.code_problem`); nothing saved changes. An
        address naming two different deals (two ``deal=``) opens neither and names both, as the
        code field and the command line's ``--code`` refuse them."""
        from games.codes import CodeError
        from games.quoting import quote
        from games.share import deal_in_address, deals_in_words, field_code, find_code

        code = deal_in_address(query or "")
        if code is None:
            return False
        if not code.strip():      # "?deal=" with nothing after it
            self.show_notice(i18n.tr("The address's deal= names no code"))
            return False
        named = deals_in_words("?" + str(query or "").lstrip("?"))
        if len(named) > 1:        # two different deals: the player chooses, not the order (as --code)
            if where == "address":
                forget_page_deal()
            self.show_notice(i18n.tr("The address names two deals, {a} and {b}: open one", a=named[0], b=named[1]))
            return False
        try:
            game, number, opts = find_code(field_code(code) or code)   # read as the code field reads it
        except (CodeError, ValueError) as e:
            if where == "address":
                forget_page_deal()      # told once: a reload does not tell it again
            from games.registry import GAMES, find_game
            from ui.table.base import code_problem

            first = find_game(next(iter(GAMES)))
            why = code_problem(quote(code.strip()), e, first.code(1, first.check_options({})))
            if where == "PASYANS_DEAL":
                self.show_notice(i18n.tr("PASYANS_DEAL names no deal that can be read: {why}", why=why))
            else:
                self.show_notice(i18n.tr("The address names no deal that can be read: {why}", why=why))
            return False
        # read once: a reload goes on with the game, not the link; over a game in progress, once
        # the player has answered the question (GameTable.forget_link_when_answered)
        asks = where == "address" and game in self.progress.unfinished()
        opened = self.open_deal(game, number, opts, daily=self.todays_daily(game, number, opts), from_link=asks)
        if where == "address" and not (opened and asks):
            forget_page_deal()
        return opened

    @staticmethod
    def todays_daily(game: str, number: int, options: dict) -> str | None:
        """Today's date (``YYYY-MM-DD``) when deal ``number`` of ``game`` under ``options`` (the
        game's defaults fill the rest) is today's deal of the day, else ``None``: a deal opened by
        name (a link, a code typed) is then that date's daily, as a continued save is
        (``Session.saved_daily``)."""
        from games.daily import daily_of_code, today
        from games.registry import find_game

        rules = find_game(game)
        date = today()
        return date if daily_of_code(rules.code(number, rules.check_options(dict(options))), date) == game else None

    # -- scenes ----------------------------------------------------------------------------------
    def switch(self, scene: Scene) -> None:
        """Make ``scene`` the current scene (the old one gets ``leave``)."""
        if self.scene is not None:
            self.scene.leave()
        self.pointer.cancel()
        self.scene = scene
        scene.enter(self)
        self.dirty = True

    def invalidate(self) -> None:
        """Ask for a redraw at the next frame."""
        self.dirty = True

    def home(self) -> None:
        """Go to the home screen (a table saves on leaving)."""
        from .scenes.home import HomeScene

        self.switch(HomeScene())

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.switch(SettingsScene())

    def open_kept(self) -> None:
        """The Settings screen with its Kept data panel open (the records kept aside: restore or
        export them)."""
        self.open_settings()
        self.scene.open_kept()

    def open_stats(self, game: str | None = None, table=None) -> None:
        """The statistics screen, ``game`` first; closing it returns to ``table`` (a table
        scene, paused) when given, else home."""
        from .scenes.stats import StatsScene

        self.switch(StatsScene(game, table))

    def open_game(self, game: str, resume: bool = False, ask: bool = False) -> bool:
        """Open the table of ``game``: its saved game when ``resume`` (and one replays), else a
        new deal under the remembered options; with ``ask``, over a saved game still being played
        the table opens on that game and asks first, as New deal does (Pyramid's layout picker).
        Returns True (the table is open)."""
        from .table import table_class

        cls = table_class(game)
        loaded = self.progress.load_game(game) if resume or (ask and game in self.progress.unfinished()) else None
        if resume and loaded is not None and cls.rules.status(loaded[1].state) == WON:
            # a screen built before another window won it offered Continue: say so, home again
            from .table.base import MSG_WON_ELSEWHERE

            self.store.notices.append(i18n.tr(MSG_WON_ELSEWHERE, game=i18n.tr(cls.rules.title)))
            self.home()
            return True
        table = cls(resume=loaded) if loaded else cls()
        table.offered_new = bool(loaded) and not resume
        self.switch(table)
        return True

    def open_deal(self, game: str, number: int, options: dict, daily: str | None = None,
                  from_link: bool = False) -> bool:
        """Open the table of ``game`` on deal ``number`` under ``options`` (the remembered options
        fill the rest); ``daily``: the date whose deal of the day it is; ``from_link``: the page's
        address named it (the table drops it from the address once its question is answered).
        False for a game not built.
        Over a saved game of ``game`` the table opens on that game and asks before dealing
        (:meth:`ui.table.base.GameTable.ask_deal`): a game in progress is never replaced unasked."""
        from .table import table_class

        cls = table_class(game)
        if cls is None:
            return False
        loaded = self.progress.load_game(game) if game in self.progress.unfinished() else None
        if loaded is not None:
            # the saved game comes up first and the table asks before the deal replaces it
            # (ask_deal: a game in progress would count as a loss)
            table = cls(resume=loaded)
            table.offered = (number, options, daily)
            table.link_pending = from_link
        else:
            table = cls(number, options)
            table.daily_first = daily
            table.by_name_first = True      # asked for by its code: Options say when its rules differ
        self.switch(table)
        return True

    def open_daily(self, date: str | None = None) -> None:
        """The Daily screen (``date`` selected, default today)."""
        from .scenes.daily import DailyScene

        self.switch(DailyScene(date))

    def open_rules(self, game: str) -> None:
        """The rules and tips page of ``game``."""
        from .scenes.rules import RulesScene

        self.switch(RulesScene(game))

    def open_records(self) -> None:
        from .scenes.records import RecordsScene

        self.switch(RecordsScene())

    def open_badges(self) -> None:
        from .scenes.badges import BadgesScene

        self.switch(BadgesScene())

    def save_settings(self) -> None:
        """Keep the settings in the store (called after every change). The settings another
        window stored meanwhile come in with the write (``Settings.save``) and apply here too."""
        self.sounds.enabled = self.settings.sound
        before = self.looks()
        self.settings.save(self.store)
        self.settings_changed(before)

    def looks(self) -> dict:
        """The settings that change what the window shows (:data:`LOOKS` and the language),
        by name: compared before and after a read of another window's settings."""
        return {name: getattr(self.settings, name) for name in ("language",) + LOOKS}

    def settings_changed(self, before: dict) -> None:
        """Apply settings that may have come from another window (``before``: :meth:`looks`
        before they were read): the sound; the language when it changed; the scene restyled
        (:meth:`Scene.restyle`) for the other :data:`LOOKS` that changed; a redraw."""
        self.sounds.enabled = self.settings.sound
        if self.settings.language != before["language"]:
            self.set_language(self.settings.language)
        changed = {name for name in LOOKS if getattr(self.settings, name) != before[name]}
        if changed and self.scene is not None:
            self.scene.restyle(changed)
        self.dirty = True

    def came_back(self) -> None:
        """The player is back (the page shown again, the window focused): read again what
        another window of the game may have changed meanwhile (statistics, daily results,
        records, badges, settings: one read of each record), and let the scene look at its
        saved game (:meth:`Scene.came_back`)."""
        self.progress.refresh()
        self.progression.refresh()
        before = self.looks()
        self.settings.refresh(self.store)
        self.settings_changed(before)
        if self.scene is not None:
            self.scene.came_back()

    def play_sound(self, name: str) -> None:
        """Play one of the short sounds when sound is on."""
        self.sounds.enabled = self.settings.sound
        self.sounds.play(name)

    def set_language(self, lang: str) -> None:
        """Switch the language of every text now."""
        self.settings.language = lang
        i18n.set_language(lang)
        text.clear()
        self.notice = i18n.again(self.notice)
        if self.scene is not None:
            self.scene.relabel()
        self.speech.label_page()
        self.dirty = True

    @property
    def away(self) -> bool:
        """The player cannot see the game (window hidden, minimised or unfocused; page hidden):
        the table's clock stops meanwhile."""
        return self.window_away or self.page_away

    # -- size ------------------------------------------------------------------------------------
    def resize(self, w: int, h: int) -> None:
        """Re-lay out everything for a ``w``×``h`` window (also called by the browser poll). A
        press held across a change of size (a phone turned mid-drag) is cancelled first: what it
        holds goes back to its place, and its release drops nothing (the finger's place in the
        new layout is another card's)."""
        w, h = clamp_size(w, h)
        if (w, h) != self.screen.get_size():
            if self.pointer.pressed:
                start = self.pointer.start
                self.pointer.cancel()
                if self.scene is not None:
                    self.dispatch(PointerEvent("cancel", start, start))
            self.screen = pygame.display.set_mode((w, h), self.flags)
        self.size = self.screen.get_size()
        self.pointer.size = self.size
        if self.scene is not None:
            self.scene.resize(*self.size)
        self.dirty = True

    # -- the frame -------------------------------------------------------------------------------
    def dispatch(self, event) -> None:
        """Give one event (pygame or pointer) to the current scene (a tap on the notice line
        dismisses it instead)."""
        if isinstance(event, PointerEvent):
            if not self.sounds.gestured and event.kind in ("down", "tap"):
                self.sounds.gesture()
            # a press that begins on the notice band is the notice's (a drag or its release that
            # merely ends there is the scene's: the scene lets its cards go)
            if self.notice and self.notice_rect.collidepoint(event.start):
                if event.kind == "tap":
                    self.notice = ""
                    self.dirty = True
                    self._screen_tap = (None, event.pos)   # what the band uncovered is not double tapped
                    if self.notice_action is not None and getattr(self.scene, "NOTICE_OPENS", True):
                        self.notice_action()
                return
            if self.spent_press(event):
                return
        else:
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                self._screen_tap = None        # a key between two taps: no double tap
            if not self.sounds.gestured:
                self.sounds.gesture()
            if event.type == pygame.KEYDOWN and self.speech.key(event, self.scene):
                return      # V or Q: said again, or the table read out; the scene is left alone
        if self.scene is not None:
            scene, panel = self.scene, getattr(self.scene, "panel", None)
            self.scene.handle(event)
            if isinstance(event, PointerEvent) and event.kind == "tap" \
                    and (self.scene is not scene or getattr(self.scene, "panel", None) is not panel):
                self._screen_tap = (None, event.pos)

    def spent_press(self, ev: PointerEvent) -> bool:
        """Whether pointer event ``ev`` belongs to the second press of a double tap whose first tap
        changed the screen (the home sheet's New deal, a Daily deals row, Back) or opened, closed
        or changed the panel on it (a home tile's sheet): within :data:`~ui.input.DOUBLE_TAP` s and
        :data:`~ui.input.DOUBLE_TAP_PX` px of it, every event of that press is spent, so what came
        under the finger — a new deal's card, the sheet's button — is not tapped unseen. A press
        later or elsewhere ends the guard. A table's own panels (a question's button, a pause-menu
        row, a bar button that asks first) are such panels."""
        if self._screen_tap is None or ev.kind == "cancel":
            return False
        t, where = self._screen_tap
        if ev.kind == "down" and ((t is not None and self.now() - t >= self.pointer.double_time(DOUBLE_TAP))
                                  or math.dist(ev.pos, where) >= DOUBLE_TAP_PX):
            self._screen_tap = None
            return False
        return math.dist(ev.start, where) < DOUBLE_TAP_PX

    def show_notice(self, message: str, seconds: float | None = None, action=None) -> None:
        """Show ``message`` on the notice line (over the top of the screen, wrapped when long) for
        ``seconds`` (default :attr:`NOTICE_SECONDS`). A tap on it dismisses it and calls
        ``action`` (no argument) when one is given."""
        self.notice, self.notice_action = message, action
        self.notice_until = self.now() + (seconds or self.NOTICE_SECONDS)
        self.dirty = True

    def draw_notice(self, surface: pygame.Surface) -> None:
        """The notice band, where the scene puts it (:meth:`Scene.notice_place`): one line at a
        readable size, else wrapped on up to :attr:`NOTICE_LINES` lines; the band's rectangle is
        kept (``notice_rect``) for the tap that dismisses it."""
        sw, sh = surface.get_size()
        x, w, y, up = self.scene.notice_place(sw, sh) if self.scene is not None else (0, sw, 0, False)
        h = max(30, min(44, sh // 18))
        size = text.fit(self.notice, round(h * 0.6), w - 24, 11)
        if size >= text.MIN_SIZE:
            lines = [self.notice]
        else:   # too long for one line at a readable size: wrapped, the band grows
            size = text.MIN_SIZE   # lines 12 px tall
            lines = text.wrap_lines(self.notice, size, w - 24, self.NOTICE_LINES)
            h = max(h, len(lines) * text.font(size).get_linesize() + 10)
        self.notice_rect = pygame.Rect(x, max(0, y - h) if up else y, w, h)
        pygame.draw.rect(surface, (255, 213, 79), self.notice_rect)
        lh = h / len(lines)
        for k, line in enumerate(lines):
            text.blit_center(surface, text.render(line, size, (40, 24, 0)),
                             (self.notice_rect.centerx, self.notice_rect.y + round(lh * (k + 0.5))))

    def frame(self) -> None:
        """One frame: events, update, and a redraw only if something changed. Never blocks."""
        now = self.now()
        dt = min(0.1, now - self._last)
        self._last = now
        self.frame_started = now
        self.frames += 1
        self.collector.hold()   # no collection inside the frame's work but where it has room
        if self._screen_tap is not None and self._screen_tap[0] is None:
            self._screen_tap = (now, self._screen_tap[1])   # the double tap's time counts from here
        for e in pygame.event.get():
            t = e.type
            if t == pygame.QUIT:
                self.running = False
            elif t == pygame.VIDEORESIZE:
                self.resize(e.w, e.h)
            elif t in AWAY_EVENTS or t in BACK_EVENTS:
                was = self.away
                self.window_away = t in AWAY_EVENTS
                if was and not self.away:
                    self.came_back()
                self.dirty = True
            elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED):
                if t == pygame.WINDOWSIZECHANGED and pygame.display.get_surface().get_size() != self.size:
                    self.resize(*pygame.display.get_surface().get_size())
                self.dirty = True
            elif t in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.DROPFILE, pygame.MOUSEWHEEL):
                self.dispatch(e)
            else:     # each pointer event with the time it was read: how long a press was held
                for pe in self.pointer.feed(e, self.now()):
                    self.dispatch(pe)
        for pe in self.pointer.poll(now):
            if pe.kind == "long" and not (self.scene is not None and self.scene.wants_long_press(pe)):
                self.pointer.decline_long()   # a slow tap: its release acts as a tap
                continue
            self.dispatch(pe)
        if clipboard.REFUSED:   # a browser's copy answered: a refusal takes back its "copied"
            clipboard.poll()
            if not clipboard.REFUSED:
                self.dirty = True
        if WEB:   # the page's visibility or its size, never both in one frame
            if now >= self._next_page_poll:
                self._next_page_poll = now + self.POLL
                was = self.away
                self.page_away = page_hidden()
                if was and not self.away:
                    self.came_back()
            elif now >= self._next_poll:
                self._next_poll = now + self.POLL
                bs = browser_size()
                if bs and bs != self.size:
                    self.resize(*bs)
        if self.scene is not None and self.scene.update(dt):
            self.dirty = True
        self.speech.observe(self.scene, self.notice)   # words made only when something said changed
        if self.store.refusing != self._refusing_shown:
            # the table's top bar says "Not saved" while the storage refuses saves: redrawn as it
            # starts and as it ends
            self._refusing_shown = self.store.refusing
            if self.scene is not None:
                self.scene.stale = True
            self.dirty = True
        if self.store.notices:
            # a notice naming records kept aside opens them when tapped (not on a table, whose
            # band lies beside the cards: Scene.NOTICE_OPENS)
            kept = self.store.tells_kept()
            self.show_notice(" ".join(dict.fromkeys(self.store.take_notices())),
                             action=self.open_kept if kept else None)
        if self.notice and now > self.notice_until:
            self.notice = ""
            self.dirty = True
        deadline = now + self.FRAME_BUDGET
        drew = False
        if self.dirty and self.scene is not None and self.scene.ready(deadline):
            self.dirty = False
            self.scene.draw(self.screen)
            if self.notice:
                self.draw_notice(self.screen)
            pygame.display.flip()
            self.draws += 1
            drew = True
        # the sounds' start, a piece a frame, only in a frame that drew nothing (no card flies,
        # nothing moves on screen): a file's decoding is 2-8 ms in WebAssembly, the mixer's own
        # start (when the app's start did not make it: sound off then) 45-60 ms
        if not drew and not self.pointer.pressed and self.sounds.starting():
            self.sounds.step()
        # before the spare work: a hint's slice takes what is left; no full collection while it searches
        self.collector.step(deadline, 1 if getattr(self.scene, "hint_search", None) is not None else 2)
        if self.scene is not None:   # after the drawing: its cost is known, the rest is spare
            self.scene.spare(deadline)
        # card images a coming picture needs, in the time left; none while a finger or button is
        # down: those frames stay light, so a tap's release or a drag's next step is read sooner
        if not self.pointer.pressed:
            cards_art.warm(deadline, self.now)
        if not _frozen and self.draws and not self.dirty and not getattr(self.scene, "previews_later", False):
            freeze_start()
        self.collector.release()

    def close(self) -> None:
        """Leave the current scene (a table saves its game and clock)."""
        if self.scene is not None:
            self.scene.leave()
        self.running = False
        self.collector.close()


def freeze_start() -> None:
    """Move every object the garbage collector tracks now (the modules, classes and caches of
    the start, the home screen's miniatures drawn) out of its collections, once per process
    (``gc.freeze``): a full collection then walks only what was made since. In a solver's
    slice a full collection walked all of them: 7-9 ms of CPU natively against 1.5 ms frozen
    (a Spider hint, docs/web.md), two to four times that in WebAssembly. Frozen objects are never
    collected as cycles; these live as long as the app."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


__all__ = ["App", "Scene", "PointerEvent", "parse_size"]
