"""Screenshots of the home screen and every table, taken from the real web page at the three sizes
that matter (1280×800 by mouse, 390×844 and 844×390 by touch), into ``docs/screens/web/``.

The page is the test bed of ``tests/test_web_page.py`` (docs/web.md): the built bundle running
in WebAssembly in headless Chromium; each table is opened from the home screen by taps (its tile,
then New deal) and shot as the player sees it.

Run: ``python3 tools/web_screens.py [--out docs/screens/web]`` (needs what the browser tests need).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

SIZES = [("desktop", 1280, 800, False), ("phone", 390, 844, True), ("landscape", 844, 390, True)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screens" / "web"))
    a = ap.parse_args(argv)
    os.environ.setdefault("PASYANS_WEB", "1")
    import pytest

    import webenv

    runs = [{"name": n, "width": w, "height": h, "touch": t, "scenarios": ["open_all"]} for n, w, h, t in SIZES]
    out = Path(a.out).resolve()   # the page script runs in tests/web: a relative folder is the caller's
    out.mkdir(parents=True, exist_ok=True)
    try:
        res = webenv.run_page(runs, shots=out)
    except (pytest.skip.Exception, pytest.fail.Exception) as e:
        print(f"error: the page cannot run here: {e}", file=sys.stderr)
        return 1
    bad = {n: r["errors"] for n, r in res["runs"].items() if r["errors"]}
    if bad:
        print(f"error: {bad}", file=sys.stderr)
        return 1
    for f in sorted(out.glob("*.png")):
        print(f.relative_to(ROOT) if f.is_relative_to(ROOT) else f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
