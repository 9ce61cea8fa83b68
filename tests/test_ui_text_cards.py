"""Cards named in on-screen texts are drawn with suit shapes (the bundled font has no ♠♥♦♣)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ui import text  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield
    text.clear()


@pytest.mark.parametrize("line, cards", [
    ("3H and TC do not add up to 13", [("3", 2), ("10", 0)]),
    ("KS is covered by QD: free it first", [("K", 3), ("Q", 1)]),
    ("Туз AS", [("A", 3)]),
    ("10D", [("10", 1)]),
])
def test_cards_found(line, cards):
    found = [(m.group(1).replace("T", "10"), "CDHS".index(m.group(2))) for m in text.CARD_TOKEN.finditer(line)]
    assert found == cards


@pytest.mark.parametrize("line", ["Deal TP1-E-AAAAAAB", "PY1-L17P3-AAAAABC", "AS-2", "ASAP", "3 hearts", "#11982"])
def test_codes_and_words_are_not_cards(line):
    assert text.CARD_TOKEN.search(line) is None


def test_rich_line_is_as_wide_as_measured_and_draws_a_red_suit():
    line = "3H and TC do not add up to 13"
    img = text.render(line, 30, (240, 244, 238))
    assert img.get_width() == text.width(line, 30)
    assert text.fit(line, 30, text.width(line, 30)) == 30
    reds = sum(1 for x in range(img.get_width()) for y in range(img.get_height())
               if (c := img.get_at((x, y))).a > 200 and c.r > 200 and c.g < 170)
    assert reds > 10   # the heart is red, not a box or the letter H
    plain = text.render("3 and 10 do not add up to 13", 30, (240, 244, 238))
    assert img.get_width() > plain.get_width()


def test_wrap_measures_suits():
    line = "KS is covered by QD: free it first"
    lines = text.wrap(line, 24, text.width("KS is covered by", 24) + 2)
    assert lines[0] == "KS is covered by"
