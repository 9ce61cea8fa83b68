"""Every screenshot in docs/screens is written by a tool, so that it can be made again when the
app changes (tools/doc_screens.py for those tools/render.py draws; tools/pyramid_screens.py and
the UI tests with PASYANS_SCREENS=1 for the others), and every screenshot the docs name exists
(table34, task 3: the column games' screenshots showed the stock where it used to be, and most
images had no tool to make them again)."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "docs" / "screens"
sys.path.insert(0, str(ROOT / "tools"))

import doc_screens  # noqa: E402


def test_every_screenshot_has_a_tool():
    made = set(doc_screens.names())
    assert len(made) == len(doc_screens.names())                  # no name twice
    loose = [p.name for p in SCREENS.glob("*.png")
             if p.name not in made and not p.name.startswith(doc_screens.OTHER_TOOLS)]
    assert loose == []
    assert sorted(made - {p.name for p in SCREENS.glob("*.png")}) == []


def test_no_before_image_without_a_before_and_after_in_the_docs():
    docs = "\n".join(p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
    for p in SCREENS.glob("*-before.png"):
        assert p.name in docs, p.name


def test_every_screenshot_the_docs_name_exists():
    named = 0
    for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for ref in re.findall(r"docs/screens/([\w*./-]+\.png)", doc.read_text(encoding="utf-8")):
            named += 1
            assert list(SCREENS.glob(ref)), (doc.name, ref)
    assert named >= 3
