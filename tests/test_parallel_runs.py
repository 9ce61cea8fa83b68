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
