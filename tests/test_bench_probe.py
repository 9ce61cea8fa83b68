"""The frame benchmark's probe (tests/web/probe.py, run by bench/web_frames.py) gives every timed
frame a kind, and names it honestly: a frame it leaves unlabelled is counted in no median and no
worst, so a slow one would pass unseen, and a frame that draws nothing is ``unchanged`` only when
it did nothing ahead either. Run natively (SDL's dummy drivers) in a fresh interpreter, since the
probe wraps the app's methods for good; the classing on the fake clock of tests/conftest.py, with
the test's own counters of what each frame did beside the probe's verdicts."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = r"""
import json, os, sys, tempfile
sys.path[:0] = [ROOT, ROOT + "/tests", ROOT + "/tests/web"]
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                  PASYANS_DATA=tempfile.mkdtemp(prefix="pasyans-probe-"), PASYANS_SOLVER_WALL="0")
import probe
probe.install()
from conftest import FakeClock
from ui.app import App
from ui.settings import Settings
App.now = staticmethod(FakeClock(tick=0.00001))   # what a frame does may not hang on the load
App((390, 844), settings=Settings(language="en", anim_speed="off"))
tables = [{"game": "tripeaks", "number": 1, "options": {"mode": "easy", "scoring": "streak"}, "moves": 3}]
r = probe.call("bench_run", {"tables": tables, "redraws": 1, "idle": 3, "timeline": True, "max_nodes": 5000})
print(json.dumps({s: r[s]["timeline"] for s in ("home", "stats", "tripeaks")} if "error" not in r else r))
"""


def test_every_timed_frame_has_a_kind():
    code = "ROOT = %r\n" % str(ROOT) + RUN
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert "error" not in got, got
    kinds = {"full", "landing", "flight", "deal", "unchanged", "solver", "other", "ahead", "first hint", "focus",
             "hint shown"}
    for screen, frames in got.items():
        assert frames, screen
        blank = [f for f in frames if f[1] not in kinds]
        assert not blank, (screen, blank[:5])
    # the keyboard's focus moved by keys, eight before the hint and three while it shows, each
    # frame a key lands in timed; the hint's ring drawn in frames of their own kind
    table = got["tripeaks"]
    focus = [f for f in table if f[1] == "focus"]
    assert len(focus) == 11 and all("rebuild" in f[2] or "drawn" in f[2] for f in focus), focus
    assert [f for f in table if f[1] == "hint shown"], [f[:2] for f in table[-30:]]
    # the frames that prepare the table's first picture (the picture but its cards, a piece a
    # frame, drawn off screen) are work made ahead, not unchanged frames; the one that draws the
    # picture's first half off screen is a drawn one
    prepared = [f for f in got["tripeaks"] if "rehearsal " in f[2] and "first frame" not in f[2]
                and "drawn" not in f[2]]
    assert {"rehearsal top", "rehearsal buttons", "rehearsal status"} <= {c.strip() for f in prepared
                                                                         for c in f[2].split(",")}, prepared
    assert all(f[1] in ("ahead", "other") for f in prepared), prepared
    halves = [f for f in got["tripeaks"] if "half picture" in f[2]]
    assert halves and all(f[1] in ("other", "flight", "landing") for f in halves), halves


SCRIPT = r"""
import gc, json, sys
sys.path[:0] = [{root!r}, {tests!r}, {web!r}]
from conftest import FakeClock
import probe
probe.install()
from ui import text
from ui.app import App
from ui.settings import Settings
from ui.storage import MemoryStorage, Store

clock = FakeClock(tick=0.00001)
App.now = staticmethod(clock)
began = [0]
gc.callbacks.append(lambda phase, info: began.__setitem__(0, began[0] + (phase == "start")))
import importlib
import ui.table as tables


class SlowImports:   # importing a game's table takes its time (13-72 ms natively under load)
    def import_module(self, name):
        new = name not in sys.modules
        module = importlib.import_module(name)
        if new:
            clock.advance(0.02)
        return module


tables.importlib = SlowImports()
app = App((390, 844), settings=Settings(language="en", anim_speed="off"), store=Store(MemoryStorage()))
frames = []   # [kind, font work, collections begun, sound work, modules imported] per frame that drew nothing

def sound():
    return (app.sounds._mixer, len(app.sounds.sounds))

def idle(n):
    out = probe._cats()
    for _ in range(n):
        fonts, wanted, gcs, snd, draws = len(text._fonts), text.fonts_wanted(), began[0], sound(), app.draws
        modules = len(sys.modules)
        clock.advance(1 / 60)
        probe._idle(app, out, 1)
        if app.draws == draws:
            font_work = len(text._fonts) - fonts + max(0, wanted - text.fonts_wanted())
            frames.append([probe.WORST[-1][1], font_work, began[0] - gcs, int(sound() != snd),
                           len(sys.modules) - modules])

idle(150)   # the home screen: its miniatures (each imports its game's table), then the tables' fonts
app.sounds.gesture()   # a first gesture with sound on: the sounds' start, a piece a frame
idle(12)
gc.disable()   # garbage made while no collection may run: the app's collector makes it in a frame
junk = [[k] for k in range(3 * gc.get_threshold()[0])]
idle(3)
gc.enable()
idle(5)
# the probe's own work inside a timed frame: no walk over the card images' cache (thousands of
# entries after a few tables), made or not
from ui import cards_art
from ui.table.spider import SpiderTable
inside, walked = [False], [0]

class Counting(dict):
    def __iter__(self):
        for k in dict.__iter__(self):
            walked[0] += inside[0]
            yield k

cards_art._cache = Counting(cards_art._cache)
timed = App.frame

def frame(self):
    inside[0] = True
    try:
        timed(self)
    finally:
        inside[0] = False

App.frame = frame
app.switch(SpiderTable(1, {{"suits": "1"}}))
idle(60)   # its first picture's images made ahead, then frames with nothing to do
before = walked[0]
idle(20)
print(json.dumps({{"frames": frames, "walked": walked[0] - before, "cache": len(cards_art._cache)}}))
"""


def run_probe_script() -> list:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    script = SCRIPT.format(root=str(ROOT), tests=str(ROOT / "tests"), web=str(ROOT / "tests" / "web"))
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_a_frame_that_opens_a_font_imports_collects_or_starts_the_sounds_is_ahead_not_unchanged():
    """The home screen imports each game's table for its miniature, a game a frame, and opens the
    tables' fonts and measures their glyphs ahead, a piece a frame (``ui.text.open_wanted``), the
    collector makes a due collection after a frame's drawing
    (``ui.collect``) and the sounds start a piece a frame (``Sounds.step``): each is work made
    ahead, and the probe counted the imports', the fonts' and the collections' frames as
    ``unchanged`` (the home screen's "unchanged" worst of 0.6-1.1 ms in the page were fonts opened;
    its imports took 13-72 ms natively under load). Every frame that drew
    nothing and did one of them is ``ahead``; the others are ``unchanged``."""
    frames = run_probe_script()["frames"]
    fonts = [f for f in frames if f[1]]
    collections = [f for f in frames if f[2]]
    sounds = [f for f in frames if f[3]]
    imports = [f for f in frames if f[4]]
    assert fonts and collections and sounds and imports, frames
    for kind, *work in fonts + collections + sounds + imports:
        assert kind == "ahead", (kind, work, frames)
    idle = [f for f in frames if not any(f[1:])]
    assert idle and all(kind in ("unchanged", "ahead") for kind, *_ in idle), frames
    assert any(kind == "unchanged" for kind, *_ in idle), frames


def test_the_probe_walks_no_image_cache_inside_a_timed_frame():
    """The probe counted the faces :func:`ui.cards_art.warm` made by walking the whole image
    cache before and after it, inside every timed frame: 0.1-0.3 ms of a frame with nothing to do
    in the page once a few tables had filled the cache (the bench's "unchanged" medians, growing
    table after table), 30 µs natively against 3 µs for the frame itself. Now it looks only at the
    entries warm added."""
    out = run_probe_script()
    assert out["cache"] > 100, out["cache"]
    assert out["walked"] == 0, out["walked"]


FIRST_PICTURE = r"""
import json, os, sys, tempfile
sys.path[:0] = [ROOT, ROOT + "/tests", ROOT + "/tests/web"]
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                  PASYANS_DATA=tempfile.mkdtemp(prefix="pasyans-probe-"))
import probe
probe.install()
from ui.app import App
from ui.settings import Settings
from ui.table.pyramid import PyramidTable
a = App((390, 844), settings=Settings(language="en", anim_speed="off"))
a.frame()
a.switch(PyramidTable(1, {"layout": "1", "passes": "unlimited"}))
seen = []
for _ in range(200):
    s = probe.state()
    seen.append([a.scene._shown, s["busy"]])
    if a.scene._shown and not s["busy"]:
        break
    a.frame()
print(json.dumps(seen))
"""


def test_a_table_is_busy_until_its_first_picture_is_drawn():
    """The page's screenshots wait for ``busy`` to clear (tests/web/page_test.mjs ``settle``); a
    table's first picture may wait some frames for its card images, the screen before it staying
    meanwhile, and a screenshot taken then showed that screen (the home screen's sheet) under the
    table's name. A table is busy until its first picture is drawn."""
    code = "ROOT = %r\n" % str(ROOT) + FIRST_PICTURE
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    seen = json.loads(p.stdout.strip().splitlines()[-1])
    assert seen[0] == [False, True]
    assert all(busy for shown, busy in seen if not shown)
    assert seen[-1] == [True, False]


TAPS = r"""
import json, os, sys, tempfile
sys.path[:0] = [ROOT, ROOT + "/tests", ROOT + "/tests/web"]
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                  PASYANS_DATA=tempfile.mkdtemp(prefix="pasyans-probe-"), PASYANS_SOLVER_WALL="0")
import probe
probe.install()
from conftest import FakeClock
from ui.app import App
from ui.settings import Settings
clock = FakeClock(tick=0.00001)
App.now = staticmethod(clock)   # taps come as fast as the frames between them go
from ui.table.pyramid import PyramidTable
activate = PyramidTable.activate_target


def slow(self, target):   # a move slowed by the machine's load: the table marks it 0.1 s after the tap
    activate(self, target)
    clock.advance(0.1)


PyramidTable.activate_target = slow
App((1280, 800), settings=Settings(language="en", anim_speed="off"))
tables = [{"game": "pyramid", "number": 1, "options": {"layout": "1", "passes": "unlimited"}, "moves": 12}]
r = probe.call("bench_run", {"tables": tables, "redraws": 1, "idle": 2, "max_nodes": 5000})
print(json.dumps(r if "error" in r else {"played": r["pyramid"]["played"], "tapped": r["pyramid"]["tapped"]}))
"""


def test_every_move_the_bench_taps_lands():
    """Each move of the script is played by taps a player could make: a tap at the spot of the
    last one, which played a move, comes after the double tap's window, which Pyramid spends (its
    stock's next card came under the finger unseen). Tapped at once, as fast as the frames went,
    Pyramid's eleventh move on deal 1 (the stock's king, where the last tap paired its ten) was
    spent, and in the page the run played fewer moves than natively; the window runs from the
    table's mark of the move, however long the move's frame took."""
    code = "ROOT = %r\n" % str(ROOT) + TAPS
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert "error" not in got, got
    assert got["tapped"] == 12 and len(got["played"]) == 12, got
