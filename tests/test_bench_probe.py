"""The frame benchmark's probe (tests/web/probe.py, run by bench/web_frames.py) gives every timed
frame a kind: a frame it leaves unlabelled is counted in no median and no worst, so a slow one
would pass unseen. Run natively (SDL's dummy drivers) in a fresh interpreter, since the probe
wraps the app's methods for good."""
import json
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
from ui.app import App
from ui.settings import Settings
App((390, 844), settings=Settings(language="en"))
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
    kinds = {"full", "landing", "flight", "unchanged", "solver", "other", "ahead", "first hint"}
    for screen, frames in got.items():
        assert frames, screen
        blank = [f for f in frames if f[1] not in kinds]
        assert not blank, (screen, blank[:5])
    # the frame that prepares the table's first picture (the whole picture but its cards, drawn
    # off screen) is work made ahead, not an unchanged frame
    prepared = [f for f in got["tripeaks"] if "rebuild whole" in f[2] and "first frame" not in f[2]
                and "drawn" not in f[2]]
    assert prepared and all(f[1] in ("ahead", "other") for f in prepared), prepared
