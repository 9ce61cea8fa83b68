"""tools/render.py refuses what it cannot draw as the command line does (docs/contract.md): an
illegal move in --moves or a position file it cannot read is one line on stderr, exit 2, no PNG."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def render(tmp_path, *args):
    out = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "render.py"), *args, "--out", str(out)],
                       capture_output=True, text=True, env=env, timeout=120)
    return p, out


@pytest.mark.parametrize("args, words", [
    (["--game", "klondike", "--number", "5", "--moves", "s 9h"], ["move 2 '9h' is illegal"]),
    (["--game", "spider", "--moves", "1-3 1-1"], ["move 2 '1-1' is illegal"]),
    (["--number", "1", "--moves", "s KC"], ["move 2 'KC' is illegal"]),          # TriPeaks
    (["--game", "freecell", "--moves", "zz"], ["move 1 'zz' is illegal"]),
    (["--game", "klondike", "--option", "draw"], ["--option 'draw' is not KEY=VALUE"]),
])
def test_a_bad_move_or_option_is_one_line_exit_2(tmp_path, args, words):
    p, out = render(tmp_path, *args)
    assert p.returncode == 2 and p.stdout == "", p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and all(w in lines[0] for w in words), p.stderr
    assert not out.exists()


def test_an_unreadable_position_is_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Game: klondike\nStock: 5X\n", encoding="utf-8")
    for path, words in ((tmp_path / "missing.txt", "cannot read position file"), (bad, "the position has no")):
        p, out = render(tmp_path, "--game", "klondike", "--position", str(path))
        lines = p.stderr.splitlines()
        assert p.returncode == 2 and len(lines) == 1 and words in lines[0], p.stderr
        assert "Traceback" not in p.stderr and not out.exists()


def test_legal_moves_still_render(tmp_path):
    p, out = render(tmp_path, "--game", "spider", "--moves", "1-3 2-5")
    assert p.returncode == 0 and out.exists(), p.stderr


@pytest.mark.parametrize("game", ["freecell", "pyramid", "devils-grip", "klondike"])
def test_a_table_renders_its_cards_not_a_blank_screen(tmp_path, game):
    """A table's first picture waits frames for its card images (``GameTable.ready``): the tool
    runs frames until it is drawn, so the PNG shows the table, never the black screen before it."""
    import pygame

    p, out = render(tmp_path, "--size", "1280x800", "--game", game, "--number", "5")
    assert p.returncode == 0 and out.exists(), p.stderr
    img = pygame.image.load(str(out))
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 20, f"{game}: {len(colours)} colours"


def test_the_home_screen_renders_with_its_miniatures(tmp_path):
    """The home screen shows at once and adds its six miniatures a game a frame: the tool waits
    for them, so the PNG shows the cards on the tiles (it drew the tiles empty). Card faces are
    near white: about 3300 such pixels of a 2-px grid at 844x390 with the miniatures, 400
    without (the title and the icons)."""
    import pygame

    p, out = render(tmp_path, "--size", "844x390", "--scene", "home")
    assert p.returncode == 0 and out.exists(), p.stderr
    img = pygame.image.load(str(out))
    white = sum(1 for x in range(0, 844, 2) for y in range(0, 390, 2) if min(img.get_at((x, y))[:3]) > 235)
    assert white > 2000, white


@pytest.mark.parametrize("size", ["320x300", "300x640", "360x600", "big"])
def test_a_size_under_the_smallest_window_names_the_real_minimum(tmp_path, size):
    """``--size`` below the app's smallest window (``ui.app.MIN_SIZE``, 360x640 either way) is one
    line naming that minimum, exit 2, no PNG (it named 320x300)."""
    p, out = render(tmp_path, "--size", size)
    lines = p.stderr.splitlines()
    assert p.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: "), p.stderr
    assert "360 px on the short side and 640 on the long side" in lines[0] and "320x300" not in lines[0].replace(size, "")
    assert not out.exists()


def test_pasyans_size_under_the_minimum_is_said_not_ignored_silently(capsys):
    """``PASYANS_SIZE`` under the smallest window is grown to it, and one line on standard error
    says so; an unreadable one is ignored, also said; a good one is taken as it is, silently."""
    import io

    from ui.app import env_size

    err = io.StringIO()
    assert env_size({"PASYANS_SIZE": "320x300"}, err) == (640, 360)
    assert env_size({"PASYANS_SIZE": "300x500"}, err) == (360, 640)
    assert env_size({"PASYANS_SIZE": "wide"}, err) is None
    lines = err.getvalue().splitlines()
    assert len(lines) == 3, lines
    assert "PASYANS_SIZE 320x300 is under the smallest window" in lines[0] and "drawn at 640x360" in lines[0]
    assert "drawn at 360x640" in lines[1] and "PASYANS_SIZE 'wide' is not WxH" in lines[2]
    bad = io.StringIO()   # named as every error names user text: cut with …, control characters escaped
    assert env_size({"PASYANS_SIZE": "w\x1b[2Jide\r" + "9" * 60}, bad) is None
    assert bad.getvalue() == "PASYANS_SIZE 'w\\x1b[2Jide\\r" + "9" * 27 + "…' is not WxH, two whole numbers of px above 0 (e.g. 390x844): ignored\n"
    huge = io.StringIO()  # a side no window can have: ignored, said (the app crashed at start)
    assert env_size({"PASYANS_SIZE": "9" * 50 + "x844"}, huge) is None
    assert env_size({"PASYANS_SIZE": "100000x844"}, huge) is None
    assert huge.getvalue().splitlines() == ["PASYANS_SIZE '" + "9" * 40 + "…' is larger than 8192 px on a side: ignored",
                                            "PASYANS_SIZE '100000x844' is larger than 8192 px on a side: ignored"]
    quiet = io.StringIO()
    assert env_size({"PASYANS_SIZE": "390x844"}, quiet) == (390, 844) and env_size({}, quiet) is None
    assert quiet.getvalue() == ""


@pytest.mark.parametrize("value", ["-390x844", "390x-844", "0x0", "0x844", "390x0", "+390x844", " 390x844",
                                   "390 x 844", "390x844px", "3_90x844", "３９０x844", "390x844x2"])
def test_pasyans_size_that_is_no_window_size_is_refused_in_one_line(value):
    """A sign, a space, a side of 0, an underscore or another script's digits are no window size
    (Python's int() reads "-390", " 390", "3_90" and "３９０"; "-390x844" was grown to 640x360 as
    if asked for, "0x0" too): one line on standard error says the value is ignored, nothing is
    grown from it, and the App opens at its default size."""
    import io
    import subprocess
    import sys

    from ui.app import env_size

    err = io.StringIO()
    assert env_size({"PASYANS_SIZE": value}, err) is None
    assert err.getvalue() == (f"PASYANS_SIZE '{value}' is not WxH, two whole numbers of px above 0 "
                              "(e.g. 390x844): ignored\n")


@pytest.mark.parametrize("value", ["-390x844", "0x0"])
def test_the_app_opens_at_its_default_size_when_pasyans_size_is_no_size(value):
    """The App started with such a value opens its default window (1280x800 on the desktop,
    never 640x360 grown from it) and says why on standard error."""
    code = "from ui.app import App, DEFAULT_SIZE; a = App(); print(tuple(a.size) == DEFAULT_SIZE, tuple(a.size))"
    env = dict(os.environ, PASYANS_SIZE=value, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[0] == "True", run.stdout
    assert f"PASYANS_SIZE '{value}' is not WxH" in run.stderr


def test_the_app_says_when_pasyans_size_is_under_the_minimum(monkeypatch, capsys):
    """The app started with ``PASYANS_SIZE=320x300`` (no size given) opens at 640x360 and says so
    on standard error (it fell back to 1280x800 without a word)."""
    from conftest import new_app

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("PASYANS_SIZE", "320x300")
    app = new_app(size=None, frames=0)
    assert app.size == (640, 360)
    assert "PASYANS_SIZE 320x300 is under the smallest window" in capsys.readouterr().err


def test_render_all_draws_a_start_the_same_however_fast_the_machine(tmp_path, monkeypatch):
    """tools/render_all.py's start of a deal with a card safe home at once (Klondike draw 3, deal 3:
    an ace face up) is the same picture whether the frames before it took no time or a long time
    (the automatic moves wait a timer on the app's clock): the tool plays them out before the
    picture, so a render depends on the code only."""
    import pygame

    from tests.conftest import FakeClock
    from tools import render_all
    from ui.app import App

    shots = []
    for tick in (1e-6, 0.5):   # a fast machine, a slow (or loaded) one
        monkeypatch.setattr(App, "now", staticmethod(FakeClock(tick=tick)))
        _, app = render_all._table_app((390, 844), "klondike", {"draw": "3"}, 3)
        out = tmp_path / f"{tick}.png"
        render_all._shoot(app, out)
        app.close()
        shots.append(pygame.image.tobytes(pygame.image.load(str(out)), "RGB"))
    assert shots[0] == shots[1]


@pytest.mark.parametrize("what", ["hint", "rescue"])
def test_assist_shows_the_hints_ring_or_the_rescues_panel(tmp_path, what):
    """``--assist hint|rescue`` asks after the moves and draws the answer: the picture is not the
    plain table's."""
    import pygame

    plain, out = render(tmp_path, "--number", "5", "--size", "390x844")
    assert plain.returncode == 0, plain.stderr
    before = pygame.image.tobytes(pygame.image.load(str(out)), "RGB")
    p, out = render(tmp_path, "--number", "5", "--size", "390x844", "--assist", what)
    assert p.returncode == 0, p.stderr
    assert pygame.image.tobytes(pygame.image.load(str(out)), "RGB") != before
