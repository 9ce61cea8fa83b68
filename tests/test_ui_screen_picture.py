"""A still picture drawn whole is drawn straight onto the screen (``GameTable.draw``), and so
is a partial rebuild while the screen holds the last picture: the screen then holds the picture
instead of ``base``, which is copied from the screen before anything is drawn over it. Whatever
path a frame takes, the screen shows, pixel for pixel, the still picture drawn from scratch with
what moves, the hint's overlay, the toasts and the notice over it: through the first picture,
moves and their flights, a drag, the keyboard's focus, a hint, a panel opened, its focus moved
and closed, the pause menu and a question opened from it (Klondike, Pyramid), a new
deal, another language, the other hand and a new size (the six tables). A table that drew
something over the picture without saying so (``GameTable.moving_shown``) would leave it on the
screen after it went. The home screen and the other pages lay no felt under their top bar and
tiles, with the same pictures."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.core import PLAYING  # noqa: E402
from ui.storage import MemoryStorage, Store  # noqa: E402
from ui.table import table_class  # noqa: E402

from ui.table.columns import ColumnsTable  # noqa: E402

from conftest import new_app, same_pixels  # noqa: E402

TABLES = [("tripeaks", {"mode": "easy"}), ("pyramid", {"layout": "1"}), ("devils-grip", {}),
          ("spider", {"suits": "1"}), ("klondike", {"draw": "1"}), ("freecell", {})]


def spinner_box(t) -> pygame.Rect | None:
    """Where the spinner of a hint being thought about turns (its angle follows the clock, which
    moves on at each read), px; ``None`` when none turns."""
    if t.hint_search is None:
        return None
    r = t.frame.status
    return pygame.Rect(0, 0, r.height * 2, r.height * 2).move(round(r.x + r.height * 0.8) - r.height, r.centery - r.height)


def screen_pixels(surface, box) -> pygame.Surface:
    """``surface`` with the pixels of ``box`` (the spinner's, :func:`spinner_box`) blacked out (a
    copy, when there is a box)."""
    if box is not None:
        surface = surface.copy()
        surface.fill((0, 0, 0), box)
    return surface


_SCRATCH: dict = {}


def expected(app, t, box) -> pygame.Surface:
    """The screen as it must be: the still picture rebuilt whole from scratch (nothing kept),
    with what the frame draws over it; the table left as it was (its picture where it was, on
    the screen or in ``base``, and the count of its drawings). Drawn on a surface kept per size
    (every pixel drawn again), which holds it until the next call."""
    size = app.screen.get_size()
    out = _SCRATCH.get(size)
    if out is None:
        _SCRATCH.clear()
        out = _SCRATCH[size] = pygame.Surface(size, 0, pygame.display.get_surface())
    saved = (t._base, t._on_screen, t._picture, t._stamps, t._kept, t._drawings, t._redrawn)
    t._base, t._on_screen, t._picture = out, None, None
    t.forget_drawings()
    try:
        t.rebuild(size)
        assert t._base is out and t._redrawn[1] is None, "drawn whole on the scratch surface"
    finally:
        t._base, t._on_screen, t._picture, t._stamps, t._kept, t._drawings, t._redrawn = saved
    if t.panel is not None:
        t.lay_panel(out)
    t.draw_over(out)
    if app.notice:
        app.draw_notice(out)
    return screen_pixels(out, box)


class Watch:
    """Frames, each drawn frame checked: the screen against :func:`expected`, worked out right
    after the table's drawing (the frame's spare time may change the table after it: a hint's
    search answering); counts the frames that left the still picture on the screen."""

    def __init__(self, app, clock):
        self.app, self.clock, self.on_screen, self.frames = app, clock, 0, 0
        self.want = None
        self.hooked = None
        self.paths = []   # per drawn frame: (something drawn over the picture, the picture left on the screen)

    def hook(self, t) -> None:
        if self.hooked is t:
            return
        self.hooked = t
        draw = t.draw

        def drawn(surface):
            self.over = t.draws_over()
            draw(surface)
            self.box = spinner_box(t)
            self.want = expected(self.app, t, self.box)
            self.on_screen += t._on_screen is surface
            self.paths.append((self.over, t._on_screen is surface))
        t.draw = drawn

    def frame(self, n: int = 1) -> None:
        for _ in range(n):
            app = self.app
            self.hook(app.scene)
            self.want = None
            self.clock.advance(1 / 60)
            app.frame()
            if self.want is None:
                continue
            self.frames += 1
            # raised by hand: pytest's explanation of two unequal screens' bytes takes minutes
            if not same_pixels(screen_pixels(app.screen, self.box), self.want):
                raise AssertionError(f"frame {self.frames}: the screen is not the still picture with what "
                                     "moves over it")

    def post(self, kind, **fields) -> None:
        """A pygame event, then a watched frame."""
        pygame.event.post(pygame.event.Event(kind, **fields))
        self.frame()

    def settle(self, cap: int = 400) -> None:
        t = self.app.scene
        for _ in range(cap):
            self.frame()
            if not t.anim.busy() and not self.app.dirty and t.hint_search is None:
                return


def play_some(w: Watch, t, moves: int) -> None:
    """``moves`` legal moves (flown), each watched to its end."""
    for _ in range(moves):
        if t.rules.status(t.state) != PLAYING:
            return
        legal = t.rules.legal_moves(t.state)
        if not legal:
            return
        t.play(legal[0])
        w.settle()


@pytest.mark.parametrize("game,options", TABLES)
def test_screen_shows_the_still_picture_and_what_moves(game, options, fake_clock):
    app = new_app(table_class(game)(7, dict(options)), (1280, 800), Store(MemoryStorage()), frames=0,
                  anim_speed="fast")
    w = Watch(app, fake_clock)
    w.settle()
    t = app.scene
    over, on_screen = w.paths[0]
    assert over or on_screen, "the first picture is drawn straight onto the screen"
    play_some(w, t, 3)
    # the keyboard's focus shown, moved on, then gone
    w.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    assert t.moving_shown() and t.draws_over()
    w.frame(2)
    w.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    w.frame(2)
    t.focus = None
    t.stale = True
    w.frame(2)
    # a column table: the top card of its first column dragged away and dropped
    if isinstance(t, ColumnsTable):
        key_ = next(k for k in t.all_keys() if k[0] == "col" and t.pile_cards(t.state, k))
        r = t.pile_rects(t.state, key_)[-1]
        w.post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1, touch=False)
        for k in range(1, 7):
            w.post(pygame.MOUSEMOTION, pos=(r.centerx + 10 * k, r.centery + 15 * k), rel=(1, 1), buttons=(1, 0, 0),
                   touch=False)
        assert t.draws_over()
        w.post(pygame.MOUSEBUTTONUP, pos=(r.centerx + 60, r.centery + 90), button=1, touch=False)
        w.settle()
    # a hint, shown and then gone with a move
    t.hint()
    w.settle()
    play_some(w, t, 1)
    # a panel over the table, its focus moved (the panel drawn again over the kept veil), closed;
    # the pause menu (it covers the table), a question over the table from it, closed
    t.open_options()
    w.frame()
    w.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    t.close_panel()
    w.frame(2)
    if game in ("klondike", "pyramid"):   # the path is GameTable's: two tables, each frame costs a picture from scratch
        t.open_pause()
        w.frame()
        t.ask_restart()
        w.frame(2)
        t.close_panel()
        w.frame()
    # a new deal, another language, the other hand, a new size
    t.start(8)
    w.settle()
    app.set_language("ru")
    try:
        w.settle()
    finally:
        app.set_language("en")
    w.settle()
    app.settings.left_handed = True
    t.resize(*app.size)
    app.dirty = True
    w.settle()
    app.resize(390, 844)
    frames = w.frames
    while w.frames == frames:
        w.frame()
    over, on_screen = w.paths[-1]
    assert over or on_screen, "a new size's picture is drawn onto the screen"
    w.settle()
    play_some(w, t, 2)
    # at rest, a picture drawn whole again: onto the screen, and base copied from it on demand
    for _ in range(40):          # the hint's ring and the toasts gone
        fake_clock.advance(0.5)
        w.frame()
    app.notice = ""
    t._picture = None
    t.stale = True
    app.dirty = True
    assert not t.draws_over(), (t.anim.tweens, t.toasts, t.hint_move, t.moving_shown())
    w.frame()
    assert t._on_screen is app.screen
    assert pygame.image.tobytes(t.base, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    assert t._on_screen is None


def test_a_table_that_hides_what_it_draws_over_leaves_it_on_the_screen(fake_clock):
    """The check above can fail: a Pyramid that drew its keyboard focus without saying so
    (``moving_shown`` False) leaves it on the screen once the focus is gone."""
    app = new_app(table_class("pyramid")(7, {"layout": "1"}), (1280, 800), Store(MemoryStorage()),
                  anim_speed="fast")
    t = app.scene
    w = Watch(app, fake_clock)
    w.settle()                   # the deal's flights land
    target = t.focus_targets()[0]

    def focus_shown_then_gone():
        t._picture = None            # a picture drawn whole, with nothing over it: onto the screen
        t.stale = True
        app.dirty = True
        w.frame()
        assert t._on_screen is app.screen
        t.focus = target
        app.dirty = True
        w.frame()
        t.focus = None
        app.dirty = True
        w.frame()

    focus_shown_then_gone()          # said (moving_shown): the focus is gone from the screen
    t.moving_shown = lambda: False
    with pytest.raises(AssertionError, match="not the still picture"):
        focus_shown_then_gone()


def page_pixels(app, felt_everywhere: bool) -> bytes:
    """The current page drawn over a magenta screen (whatever it leaves undrawn shows), as it
    draws itself or with the felt laid everywhere (no :meth:`opaque_rects`)."""
    sc = app.scene
    out = app.screen.copy()
    out.fill((255, 0, 255))
    if felt_everywhere:
        sc.opaque_rects = lambda: []
    try:
        sc.draw(out)
    finally:
        sc.__dict__.pop("opaque_rects", None)
    return pygame.image.tobytes(out, "RGB")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
def test_pages_lay_the_felt_only_where_they_leave_it_showing(size):
    """The home screen (with a game's sheet open too), the settings, statistics, records and
    badges pages lay no felt where they draw opaque pixels of their own (``opaque_rects``: the
    top bar, the home screen's tiles) and show the same picture as with the felt laid
    everywhere; again after the window's size, the language and a save change (the felt's
    pieces worked out anew)."""
    app = new_app(None, size, Store(MemoryStorage()))
    opened = [app.home, app.open_settings, app.open_stats, app.open_records, app.open_badges]
    for open_page in opened:
        open_page()
        for _ in range(30):
            app.frame()
        assert page_pixels(app, False) == page_pixels(app, True), open_page.__name__
    app.home()
    for _ in range(30):
        app.frame()
    app.scene.tap_game("klondike")
    assert page_pixels(app, False) == page_pixels(app, True), "a sheet open"
    app.scene.close_panel()
    app.resize(size[1], size[0])
    app.set_language("ru")
    try:
        for _ in range(30):
            app.frame()
        assert page_pixels(app, False) == page_pixels(app, True), "another size and language"
        app.open_game("spider", False)
        for _ in range(60):
            app.frame()
        t = app.scene
        t.play(t.rules.legal_moves(t.state)[0])
        app.home()       # Spider's game is saved: its tile says Continue
        assert "spider" in app.scene.saves
        for _ in range(30):
            app.frame()
        assert page_pixels(app, False) == page_pixels(app, True), "a save to continue"
    finally:
        app.set_language("en")


def test_a_page_that_claims_too_much_shows_magenta():
    """The check above can fail: a home screen saying it covers the whole screen leaves the
    felt's place bare."""
    app = new_app(None, (1280, 800), Store(MemoryStorage()))
    sc = app.scene
    real = page_pixels(app, True)
    sc.opaque_rects = lambda: [pygame.Rect(0, 0, 1280, 800)]
    out = app.screen.copy()
    out.fill((255, 0, 255))
    sc.draw(out)
    assert pygame.image.tobytes(out, "RGB") != real
