"""Shared test setup: the project root on sys.path, headless SDL for UI tests, the App's searches
on node budgets only, and the helpers every UI test drives the real app with (import them:
``from conftest import new_app, click, tap, drag, key, press, run_until``)."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the App's Store writes here, never into the player's own saves
import tempfile  # noqa: E402

os.environ.setdefault("PASYANS_DATA", tempfile.mkdtemp(prefix="pasyans-tests-"))
os.environ.setdefault("PASYANS_EXPORT", os.path.join(os.environ["PASYANS_DATA"], "export.json"))
# a pytest-xdist worker (PYTEST_XDIST_WORKER, set before this file is imported) inherits the
# controller's folder: it writes in a subfolder of its own, so that two tests running at once in
# two workers never read or replace each other's store.json or export
_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
if _WORKER:
    _shared = os.environ["PASYANS_DATA"]
    os.environ["PASYANS_DATA"] = os.path.join(_shared, _WORKER)
    os.makedirs(os.environ["PASYANS_DATA"], exist_ok=True)
    if os.environ["PASYANS_EXPORT"] == os.path.join(_shared, "export.json"):
        os.environ["PASYANS_EXPORT"] = os.path.join(os.environ["PASYANS_DATA"], "export.json")

import pytest  # noqa: E402


def pytest_addoption(parser, pluginmanager):
    """pytest.ini's ``-n`` and ``--dist`` (pytest-xdist's worker processes) still parse when
    pytest-xdist is turned off (``-p no:xdist``) or not installed: the tests then run in this one
    process, as with ``-n 0``. (Only where this file is loaded: a run of the tests, not of a
    module's doctests alone, ``pytest games/core.py``, which takes ``-n 0``.)"""
    if not pluginmanager.has_plugin("xdist"):
        group = parser.getgroup("xdist", "pytest-xdist is off: its options are read and ignored")
        group._addoption("-n", "--numprocesses", dest="numprocesses", default=None,
                         help="ignored: pytest-xdist is off, the tests run in this process")
        group.addoption("--dist", dest="dist", default="no", help="ignored: pytest-xdist is off")


@pytest.fixture(autouse=True)
def _solver_node_budgets_only(monkeypatch):
    """The app's sliced searches keep their node budgets only (no wall-clock seconds), so a busy
    machine changes how long a UI test takes, never its answer (``App.solver_wall_clock``)."""
    from ui.app import App

    monkeypatch.setattr(App, "solver_wall_clock", False)


@pytest.fixture(autouse=True)
def _no_litter():
    """No tables left by an earlier test's searches (``games.solvers.search.LITTER``, freed a
    piece at a time in later steps and frames): a test's frames and steps do the same work
    whichever tests ran before it in its worker."""
    from games.solvers import search

    search.sweep()


@pytest.fixture(autouse=True)
def _no_deal_lines(monkeypatch):
    """No verified deal's winning line searched at the deal (``App.deal_lines``): it would add up
    to 4 ms of search to each frame of every test on a bank deal. The tests of it turn it on
    (:func:`deal_lines`)."""
    from ui.app import App

    monkeypatch.setattr(App, "deal_lines", False)


@pytest.fixture
def deal_lines(monkeypatch):
    """A verified deal's winning line is searched at the deal, as in the app."""
    from ui.app import App

    monkeypatch.setattr(App, "deal_lines", True)


@pytest.fixture(autouse=True)
def _garbage_collector_on_after_each_test():
    """An App left between two frames with a collection due keeps the automatic collector off
    (``ui/collect.py``) until its next frame; a test that drops such an App must not leave the
    rest of the run without it."""
    import gc

    yield
    gc.enable()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The language is process-wide (``games.i18n``): a test that switches the app to Russian must
    not leave the next test reading Russian (a bench script's test classed hints by their English
    lines)."""
    from games import i18n

    yield
    i18n.set_language("en")


# --doctest-modules (pytest.ini) imports every module it collects: the scripts that run inside the
# browser page are not importable here
collect_ignore_glob = ["web/*.py"]


# -- driving the real app headless -----------------------------------------------------------------
FROM_STORE = object()
"""``new_app(settings=FROM_STORE)``: the App reads its settings from the store, as at a start."""


def new_app(scene=None, size=(1280, 800), store=None, settings=None, frames=1, **kw):
    """The real App at ``size`` px with ``scene`` (default: the home screen), ``frames`` frames
    drawn (0: none yet, for a test that changes something before the first frame).
    ``settings``: a Settings, or FROM_STORE; by default English, animations off, with ``kw`` as
    further Settings fields. ``store``: default an in-memory store (nothing touches the disk)."""
    from ui.app import App
    from ui.settings import Settings
    from ui.storage import MemoryStorage, Store

    if settings is FROM_STORE:
        settings = None
    elif settings is None:
        kw.setdefault("language", "en")
        kw.setdefault("anim_speed", "off")
        settings = Settings(**kw)
    app = App(size, scene, settings, store if store is not None else Store(MemoryStorage()))
    for _ in range(frames):
        app.frame()
    if frames:
        show_first_picture(app)
    return app


def show_first_picture(app, cap: int = 200, helped_after: int = 40) -> int:
    """Frames until the scene's picture is drawn: a table's first picture waits for its card
    images, made a few per frame in the frames' spare time (``GameTable.ready``), so how many
    frames it takes depends on the machine's speed; the home screen's miniatures come the same
    way, a game a frame. On a loaded machine a frame has little spare wall-clock time and each
    image's measured cost is inflated, so after ``helped_after`` frames each frame is followed
    by the making of every image the next picture waits for (``cards_art.warm`` with
    ``at_least`` all of them, one at least): how many frames the picture takes then no longer
    depends on the load (one image a frame took the home screen's miniatures to 143 of the 200
    frames when every image's cost was taken to be 5 s). Returns the number of frames run."""
    from ui import cards_art

    for k in range(cap):
        if not app.dirty and not getattr(app.scene, "previews_later", False):
            return k
        app.frame()
        if k >= helped_after:
            cards_art.warm(app.now(), app.now, at_least=max(1, cards_art.pending()))
    raise AssertionError("the picture was not drawn within the frame cap")


def _post(kind, **fields):
    import pygame

    pygame.event.post(pygame.event.Event(kind, **fields))


def run_frames(app, n=1):
    """Run ``n`` frames of the app."""
    for _ in range(n):
        app.frame()


def click(app, pos, frames=1):
    """A mouse click (press and release of the left button) at ``pos``, then frames."""
    import pygame

    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    run_frames(app, frames)


def tap(app, pos, frames=1):
    """A finger tap at ``pos`` (the finger events pygame gives in 0..1 of the window), then frames."""
    import pygame

    w, h = app.size
    common = dict(touch_id=1, finger_id=0, dx=0.0, dy=0.0, pressure=1.0)
    _post(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, **common)
    _post(pygame.FINGERUP, x=pos[0] / w, y=pos[1] / h, **common)
    run_frames(app, frames)


def drag(app, start, end, steps=6):
    """A mouse drag from ``start`` to ``end`` in ``steps`` moves, a frame after each."""
    import pygame

    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    app.frame()
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        _post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False)
        app.frame()
    _post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
    app.frame()


def key(app, k, mod=0):
    """A key press (``pygame.K_…``, with modifier bits ``mod``), then a frame."""
    import pygame

    _post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    app.frame()


def press(app, name):
    """Click the button ``name`` of the open panel, as a player who has read it: an end panel's
    first moments, when it ignores taps (``ui.table.base.END_PANEL_GUARD``), are over."""
    from ui.table.base import END_PANEL_GUARD

    panel = app.scene.panel
    if getattr(panel, "end", None) is not None:
        panel.opened = min(panel.opened, app.now() - END_PANEL_GUARD)
    b = next(b for b in panel.buttons if b.name == name)
    click(app, b.rect.center)


def run_cli(capsys, *argv, stdin=None, monkeypatch=None):
    """``python -m games ARGV…`` run in this process (``games.__main__.main``), ``stdin`` (text)
    given as standard input: ``(exit code, stdout, stderr)``."""
    import io

    from games.__main__ import main

    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"))
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def bench_positions(game, options, depth, count):
    """``bench/solvers.py``'s positions 1..``count`` of ``game``: deal n then ``depth`` moves of
    the bench's fixed policy (its ``positions``), imported from the bench folder for the tests
    that pin what the solvers do on them. A list of states."""
    import sys
    from pathlib import Path

    bench = str(Path(__file__).resolve().parent.parent / "bench")
    sys.path.insert(0, bench)
    try:
        from solvers import positions
    finally:
        sys.path.remove(bench)
    return positions(game, options, depth, count)


def run_until(app, pred, frames=20_000, pause=0.0):
    """Frames until ``pred()``; returns the number of frames run. Fails after ``frames`` frames
    (a frame cap, not a wall-clock one: the searches end on node budgets, so a busy machine only
    makes the test slower, never different)."""
    import time

    for k in range(frames):
        if pred():
            return k
        app.frame()
        if pause:
            time.sleep(pause)
    assert pred(), "no answer within the frame cap"
    return frames


class FakeClock:
    """A clock for ``App.now`` that the machine's load cannot move: each read moves it on by
    ``tick`` seconds (so a loop that works until a slice of time is spent ends after a fixed
    number of reads), and :meth:`advance` moves it on by hand (the time between two frames)."""

    def __init__(self, tick: float = 0.0005, start: float = 1000.0):
        self.t, self.tick, self.reads = start, tick, 0

    def __call__(self) -> float:
        self.t += self.tick
        self.reads += 1
        return self.t

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass (seconds ≥ 0)."""
        self.t += seconds


@pytest.fixture
def fake_clock(monkeypatch):
    """Every App made in the test reads a :class:`FakeClock` (returned) instead of the machine's."""
    from ui.app import App

    clock = FakeClock()
    monkeypatch.setattr(App, "now", staticmethod(clock))
    return clock


def save_screen(surface, name: str) -> None:
    """Write ``surface`` to ``docs/screens/NAME`` when ``PASYANS_SCREENS=1`` (refreshing the
    committed screenshots on purpose); a plain test run leaves the checkout unchanged."""
    if os.environ.get("PASYANS_SCREENS", "") not in ("", "0"):
        import pygame

        pygame.image.save(surface, str(ROOT / "docs" / "screens" / name))


_pixel_buffers = []   # two buffers the last size of surfaces compared is copied into


def same_pixels(a, b) -> bool:
    """Whether surfaces ``a`` and ``b`` show the same RGB pixels (their alpha or unused fourth
    byte left out), as ``pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")``:
    their raw bytes are compared first (the same size and pixel format: equal raw bytes are
    equal pixels), copied into two buffers kept for the next comparison (a 1280x800 pair in
    about 2 ms, where tobytes's RGB conversions and fresh memory take 7-9 ms), their RGB bytes
    only when those differ."""
    import pygame

    if (a.get_size(), a.get_bitsize(), a.get_masks(), a.get_pitch()) == \
            (b.get_size(), b.get_bitsize(), b.get_masks(), b.get_pitch()):
        n = a.get_pitch() * a.get_height()
        if not _pixel_buffers or len(_pixel_buffers[0]) != n:
            _pixel_buffers[:] = [bytearray(n), bytearray(n)]
        try:
            _pixel_buffers[0][:] = a.get_view("0")
            _pixel_buffers[1][:] = b.get_view("0")
        except ValueError:   # a surface whose pixels are not one block (a subsurface)
            pass
        else:
            if _pixel_buffers[0] == _pixel_buffers[1]:
                return True
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def as_from_a_terminal() -> None:
    """In the child before it starts: SIGINT and SIGHUP as a terminal's foreground command has
    them. A test run started in the background (nohup, &) hands its children those signals
    ignored, and a Python started so never sees Ctrl+C or the hangup."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
