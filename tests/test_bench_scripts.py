"""The benchmark scripts still run (a few frames, one position): they print figures, not verdicts."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, tmp):
    env = dict(os.environ, PASYANS_DATA=str(tmp), SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)


def test_frame_bench_runs(tmp_path):
    p = run("bench/frame.py", "--frames", "3", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "full frame" in p.stdout and "unchanged frame" in p.stdout


def test_solver_bench_runs(tmp_path):
    p = run("bench/solvers.py", "--games", "tripeaks,pyramid", "--count", "2", "--budget", "1", "--no-wasm", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "tripeaks" in p.stdout and "pyramid" in p.stdout


def test_store_fuzz_bench_runs(tmp_path):
    p = run("bench/fuzz_store.py", "6", tmp=tmp_path)
    assert p.returncode == 0, p.stdout[-500:] + p.stderr[-500:]
    assert "stored record: 6 inputs tried" in p.stdout and "all: 14 inputs tried, no failure" in p.stdout
