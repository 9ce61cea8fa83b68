"""The suite runs in pytest-xdist's worker processes (pytest.ini: ``-n``): what two workers could
share is kept apart (tests/conftest.py's data folder) or taken in turn (tests/webenv.py's
install locks)."""
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

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


def _fake_build(calls):
    """A stand-in for ``build_web.build`` that writes a bundle's two outputs and counts its calls."""
    def build(py, dest, log, py312):
        calls.append(dest)
        (dest / "web").mkdir(parents=True)
        (dest / "web" / "index.html").write_text(f"build {len(calls)}")
        (dest / "web.zip").write_bytes(b"zip")
        (dest / "stage").mkdir()
        return {"stamp": f"s{len(calls)}", "pyc": [], "seconds": 0.1}
    return build


def test_the_bundle_is_built_once_for_every_process_of_one_source_state(tmp_path):
    """Two processes (here two calls, each as a fresh worker would make it) asking for the bundle
    of the same sources share one build from the cache folder, pygbag's stage left out."""
    calls = []
    a = webenv.cached_build(Path("py"), cache=tmp_path, build=_fake_build(calls))
    b = webenv.cached_build(Path("py"), cache=tmp_path, build=_fake_build(calls))
    assert len(calls) == 1 and a == b
    dest, info = a
    assert dest == tmp_path / webenv.bundle_key(webenv.build_web.find_python312())
    assert (dest / "web" / "index.html").read_text() == "build 1" and info["stamp"] == "s1"
    assert not (dest / "stage").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [dest.name]


def test_another_source_state_builds_its_own_bundle(tmp_path, monkeypatch):
    """The key changes with what the build reads (here pygbag's version): a new build, in a folder
    of its own; the other kept while it is recent."""
    calls = []
    first, _ = webenv.cached_build(Path("py"), cache=tmp_path, build=_fake_build(calls))
    monkeypatch.setattr(webenv.build_web, "PYGBAG_VERSION", "0.0.0-other")
    second, info = webenv.cached_build(Path("py"), cache=tmp_path, build=_fake_build(calls))
    assert len(calls) == 2 and first != second and info["stamp"] == "s2" and first.is_dir()


def test_a_failed_build_leaves_nothing_to_be_taken_for_a_bundle(tmp_path):
    def broken(py, dest, log, py312):
        (dest / "web").mkdir(parents=True)
        raise webenv.build_web.BuildError("pygbag failed")
    with pytest.raises(webenv.build_web.BuildError):
        webenv.cached_build(Path("py"), cache=tmp_path, build=broken)
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")] == []
    calls = []
    webenv.cached_build(Path("py"), cache=tmp_path, build=_fake_build(calls))
    assert len(calls) == 1


def test_a_process_waits_while_another_builds_the_same_bundle(tmp_path):
    """Another process holds the key's lock (building): this one waits, then takes its bundle."""
    key = webenv.bundle_key(webenv.build_web.find_python312())
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / f".{key}.lock")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    calls = []
    try:
        assert holder.stdout.readline().strip() == "held"

        def finish_and_release():   # what the other process's build leaves, then its lock released
            _fake_build([])(None, tmp_path / key, None, None)
            (tmp_path / key / "info.json").write_text('{"stamp": "theirs"}')
            holder.stdin.close()

        threading.Timer(0.3, finish_and_release).start()
        dest, info = webenv.cached_build(Path("py"), cache=tmp_path, build=_fake_build(calls))
        assert calls == [] and info == {"stamp": "theirs"} and dest == tmp_path / key
    finally:
        holder.kill()
        holder.wait()
