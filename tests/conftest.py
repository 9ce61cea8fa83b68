"""Shared test setup: the project root on sys.path, headless SDL for UI tests, and the App's
searches on node budgets only."""
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

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _solver_node_budgets_only(monkeypatch):
    """The app's sliced searches keep their node budgets only (no wall-clock seconds), so a busy
    machine changes how long a UI test takes, never its answer (``App.solver_wall_clock``)."""
    from ui.app import App

    monkeypatch.setattr(App, "solver_wall_clock", False)


# --doctest-modules (pytest.ini) imports every module it collects: the scripts that run inside the
# browser page are not importable here
collect_ignore_glob = ["web/*.py"]
