"""The suite runs in pytest-xdist's worker processes (pytest.ini: ``-n``): what two workers could
share is kept apart (tests/conftest.py's data folder) or taken in turn (tests/webenv.py's
install locks)."""
import os
import subprocess
import sys
import threading
import time

import pytest

import webenv

ROOT = webenv.ROOT

HOLD = """
import sys
from filelock import FileLock
lock = FileLock(sys.argv[1])
lock.acquire()
print("held", flush=True)
sys.stdin.read()
"""


def test_each_worker_keeps_the_apps_store_in_a_folder_of_its_own():
    """The App's default store (``PASYANS_DATA/store.json``) and the export file: a worker's own,
    never the folder the controller made for the run (which every worker inherits)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    data = os.environ["PASYANS_DATA"]
    assert os.path.isdir(data)
    if worker:
        assert os.path.basename(data) == worker
        assert os.path.dirname(os.environ["PASYANS_EXPORT"]) == data
    else:
        assert os.path.basename(data).startswith("pasyans-tests-")


def test_pytest_ini_still_parses_with_pytest_xdist_turned_off():
    """pytest.ini asks for workers (``-n auto --dist loadfile``); a developer running one file in
    one process with ``-p no:xdist`` (or without pytest-xdist installed) still gets a run, not a
    usage error (tests/conftest.py reads the two options then)."""
    p = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "--collect-only",
                        "-q", "tests/test_parallel_runs.py"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, (p.stdout + p.stderr)[-2000:]
    assert "test_pytest_ini_still_parses_with_pytest_xdist_turned_off" in p.stdout


@pytest.mark.parametrize("name, install, work", [
    ("web-venv", "_pygbag_python", "ensure_venv"),
    ("npm-ci", "_npm_install", "_npm_install_now"),
    ("chromium", "_chromium", "_chromium_now"),
])
def test_an_install_waits_while_another_process_installs(tmp_path, monkeypatch, name, install, work):
    """Another process holds the install's lock (as a worker running ``npm ci`` would): this
    process's install starts only once that lock is released, then finds the work done or does it."""
    monkeypatch.setattr(webenv, "LOCKS", tmp_path)
    started = []
    target = webenv.build_web if work == "ensure_venv" else webenv
    monkeypatch.setattr(target, work, lambda *a, **k: started.append(time.monotonic()) or ("", ""))
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / f"pasyans-{name}.lock")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        released = []

        def release():
            released.append(time.monotonic())
            holder.stdin.close()

        threading.Timer(0.3, release).start()
        getattr(webenv, install).__wrapped__()   # the lru_cache's function, run afresh
        assert released and started and started[0] >= released[0]
    finally:
        holder.kill()
        holder.wait()
