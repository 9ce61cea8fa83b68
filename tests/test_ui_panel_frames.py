"""The frames of a panel over a table blend little (docs/web.md, "Session 29"): WebAssembly blends
every pixel of a blit without SIMD (about 14 ns a pixel in the page), and the frame that opened
Options at 1280x800 rebuilt the whole picture, laid a full-window shade at per-pixel alpha and
drew the panel over it: 22-41 ms in the page, the shade 15 ms and the panel 12 ms of it; every
later frame of the panel (a focus moved, a button pressed) did it all again. Counted here, not
timed: the pixels blended onto the table's surfaces in each frame (blits of a surface with
per-pixel or surface alpha, over the part of their rect within the clip), through a subclass of
``pygame.Surface`` that counts them. And the cheaper drawings are the same pixels: the shade, a
panel's background filled but its corners and edge, a button over the panel's fill copied."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ui import frame as ui_frame  # noqa: E402
from ui.table import base as table_base  # noqa: E402
from ui.table import table_class  # noqa: E402

from conftest import new_app  # noqa: E402


class Counting(pygame.Surface):
    """A surface that adds to :data:`BLENDED` the pixels each blit onto it blends (its source
    has per-pixel or surface alpha), within its clip."""

    def _count(self, source, dest, area) -> None:
        if not (source.get_flags() & pygame.SRCALPHA or source.get_alpha() is not None):
            return
        size = (area[2], area[3]) if area is not None else source.get_size()
        at = dest[:2] if not isinstance(dest, pygame.Rect) else dest.topleft
        r = pygame.Rect(at, size).clip(self.get_clip())
        BLENDED[0] += r.width * r.height

    def blit(self, source, dest, area=None, special_flags=0):
        self._count(source, dest, area)
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=True):
        seq = list(blit_sequence)
        for item in seq:
            self._count(item[0], item[1], item[2] if len(item) > 2 else None)
        return super().blits(seq, doreturn)


BLENDED = [0]


@pytest.fixture(autouse=True)
def _quit(fake_clock):
    yield
    pygame.display.quit()


def counting_table(monkeypatch, size):
    """Klondike's deal 5 at ``size`` px, a move played, its surfaces (the screen, the still
    picture and the others the table makes) counting what is blended onto them."""
    def counting(sz):
        return Counting(sz, 0, pygame.display.get_surface())

    monkeypatch.setattr(table_base, "opaque_surface", counting)
    app = new_app(table_class("klondike")(5, {"draw": "1"}), size)
    app.screen = counting(app.screen.get_size())
    t = app.scene
    t.base = None
    t.stale = app.dirty = True
    t.play(t.rules.legal_moves(t.state)[0])
    for _ in range(5):
        app.frame()
    return app, t


def blended_in_frame(app, act) -> int:
    """Pixels blended in the frame ``act`` lands in (``act()``, then one frame)."""
    BLENDED[0] = 0
    act()
    app.dirty = True
    app.frame()
    return BLENDED[0]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=lambda s: "%dx%d" % s)
def test_a_panel_over_the_table_blends_the_window_once_and_then_only_what_changes(monkeypatch, size):
    """The frame opening Options shades the window once at most, not under the panel's filled
    inside (before: a full-window shade at per-pixel alpha and the whole panel, 1.6-2.2 windows
    of pixels); a frame moving the focus in it or closing it blends a small share of the window
    (before: each as much as the opening frame)."""
    app, t = counting_table(monkeypatch, size)
    window = size[0] * size[1]
    opened = blended_in_frame(app, t.open_options)
    assert t.panel is not None and not t.panel.covers
    focus = blended_in_frame(app, lambda: pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)))
    assert t.panel is not None and t.panel.focus is not None
    closed = blended_in_frame(app, t.close_panel)
    assert t.panel is None
    assert opened <= window, opened / window
    assert focus <= window // 4, focus / window
    assert closed <= window // 4, closed / window


def test_the_pause_menu_and_a_question_from_it_blend_less_than_the_window(monkeypatch):
    """The pause menu hides the cards (the felt and the top bar are copied, the panel drawn);
    Restart deal's question from it shades the picture kept under the pause menu, not rebuilt
    whole; closing it copies the picture back."""
    app, t = counting_table(monkeypatch, (1280, 800))
    window = 1280 * 800
    paused = blended_in_frame(app, t.open_pause)
    asked = blended_in_frame(app, t.ask_restart)
    closed = blended_in_frame(app, t.close_panel)
    assert paused <= window // 8, paused / window
    assert asked <= window, asked / window
    assert closed <= window // 4, closed / window


def _random_picture(size, seed=3) -> pygame.Surface:
    import random

    rnd = random.Random(seed)
    s = pygame.Surface(size, 0, pygame.display.get_surface())
    for _ in range(200):
        s.fill([rnd.randrange(256) for _ in range(3)],
               (rnd.randrange(size[0]), rnd.randrange(size[1]), rnd.randrange(1, 80), rnd.randrange(1, 80)))
    return s


def test_the_cheaper_drawings_are_the_pixels_of_their_blended_blits():
    """The shade (an opaque black surface at surface alpha 120) against black at per-pixel alpha
    120; a panel's background filled but its corners and edge line against its surface blended
    whole (small and large panels); a button over the panel's fill copied from one blended over
    that colour once, against the button blended there."""
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    pic = _random_picture((300, 260))
    a, b = pic.copy(), pic.copy()
    black = pygame.Surface(pic.get_size(), pygame.SRCALPHA)
    black.fill((0, 0, 0, ui_frame.SHADE_ALPHA))
    a.blit(black, (0, 0))
    ui_frame.lay_shade(b)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    c = pic.copy()
    ui_frame.lay_shade(c, pygame.Rect(20, 30, 100, 50))
    assert c.get_at((25, 35)) == a.get_at((25, 35)) and c.get_at((150, 100)) == pic.get_at((150, 100))
    for r in (pygame.Rect(5, 7, 280, 240), pygame.Rect(11, 13, 41, 45), pygame.Rect(3, 4, 60, 60)):
        a, b = pic.copy(), pic.copy()
        a.blit(ui_frame.panel_surface(r.size), r.topleft)
        ui_frame.draw_panel_background(b, r)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), r
        for f in ui_frame.panel_filled(r):
            assert b.subsurface(f).get_at((0, 0)) == ui_frame.PANEL_FILL
            assert pygame.transform.average_color(b, f)[:3] == ui_frame.PANEL_FILL
    for style, pressed in (("panel", False), ("panel", True), ("primary", False)):
        a, b = pic.copy(), pic.copy()
        for s in (a, b):
            s.fill(ui_frame.PANEL_FILL, (10, 10, 200, 80))
        btn = ui_frame.Button("x", pygame.Rect(20, 20, 170, 56), "Keep playing", None, 20, style)
        btn.pressed = pressed
        btn.draw(a)
        btn.draw(b, ui_frame.PANEL_FILL)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), style
