"""``ui.text.fit``: the largest size at which a text fits a width, found in a few measures (each
size measured is a font opened and its glyphs loaded: a status line fitted from its largest size
down, one size at a time, made the frame before Devil's Grip's first picture 25-34 ms in
WebAssembly); and the fonts and glyphs the home screen makes ready ahead (``want_fonts``)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest
from hypothesis import given, settings, strategies as st

from ui import text

TEXTS = ["Devil's Grip: pass 2 of 3 · 12 cards left in the stock and talon",
         "Нет ходов: раздайте из колоды или отмените ход (Ctrl+Z)",
         "Hint: move 7H onto 8S", "Won!", "Собрано серий: 3 из 8", "W" * 40]


def linear(s: str, size: int, max_width: int, min_size: int) -> int:
    """The answer ``fit`` must give: one size at a time from ``size`` down."""
    while size > min_size and text.width(s, size) > max_width:
        size -= 1
    return size


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(TEXTS), st.integers(10, 48), st.integers(20, 900), st.integers(6, 20))
def test_fit_gives_the_size_the_step_down_finds(s, size, max_width, min_size):
    text._fits.clear()
    assert text.fit(s, size, max_width, min_size) == linear(s, size, max_width, min_size)


@pytest.mark.parametrize("s", TEXTS[:2])
def test_fit_measures_a_few_sizes_not_every_size_down(monkeypatch, s):
    text._fits.clear()
    measured = []
    width = text.width

    def counted(t, size):
        measured.append(size)
        return width(t, size)

    monkeypatch.setattr(text, "width", counted)
    got = text.fit(s, 40, 300, 6)
    assert got < 30   # far down from 40: a step at a time would measure 10 or more sizes
    assert len(measured) <= 4, measured


def test_want_fonts_opens_the_fonts_and_loads_their_glyphs_a_piece_at_a_time(monkeypatch):
    opened, measured = [], []

    class Font:
        def __init__(self, size):
            opened.append(size)
            self.size_px = size

        def size(self, s):
            measured.append((self.size_px, s))
            return (len(s), self.size_px)

    monkeypatch.setattr(text, "_fonts", {})
    monkeypatch.setattr(text, "_fonts_wanted", {})
    monkeypatch.setattr(text, "_glyphs_wanted", [])
    monkeypatch.setattr(text.pygame.font, "Font", lambda _none, size: Font(size))
    assert text.want_fonts([20, 45], glyphs="ab") == 3     # 60 (20 supersampled), 45, and 20 itself
    pieces = 0
    while text.open_wanted():
        pieces += 1
        assert len(opened) + len(measured) == pieces      # one piece of work a call
    assert sorted(opened) == [20, 45, 60]
    assert sorted(measured) == [(45, "ab"), (60, "ab")]   # the fonts text is measured and drawn in
    assert text.fonts_wanted() == 0 and not text.open_wanted()
