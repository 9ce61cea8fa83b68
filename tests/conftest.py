"""Shared test setup: the project root on sys.path, headless SDL for UI tests."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the app's sliced searches keep their node budgets only (no wall-clock seconds): the same answers
# on a busy machine (ui/table/assist.py, WALL_CLOCK)
os.environ.setdefault("PASYANS_SOLVER_WALL", "0")
# the App's Store writes here, never into the player's own saves
import tempfile  # noqa: E402

os.environ.setdefault("PASYANS_DATA", tempfile.mkdtemp(prefix="pasyans-tests-"))
os.environ.setdefault("PASYANS_EXPORT", os.path.join(os.environ["PASYANS_DATA"], "export.json"))
