"""README's commands, as a newcomer runs them after its quick start."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_script_readme_names_exists_and_is_run_with_the_quick_starts_python():
    """The quick start installs pygame and the rest into ``.venv``; README named the benchmarks
    as ``python3 bench/frame.py``, which fails for a newcomer (the system Python has no pygame).
    Every ``bench/`` or ``tools/`` script README runs is there, and every ``bench/`` one is run
    with ``.venv/bin/python`` (``tools/build_web.py`` makes its own venv: ``python3`` is right)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    runs = re.findall(r"(\S+)\s+((?:bench|tools)/[\w/]+\.py)", text)
    assert len(runs) > 10
    for python, script in runs:
        assert (ROOT / script).is_file(), script
        if script.startswith("bench/"):
            assert python.lstrip("`") == ".venv/bin/python", (python, script)
