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


WORDS = ["Settings", "Tap a card", "moving it", "Очки", "Счёт", "Points", "Statistics"]


def _design_width(word, size):
    """The width the font's design gives ``word`` at ``size`` px, in fractional px (measured at
    20 times the size, where the hinting's whole-pixel rounding is negligible)."""
    return text.font(20 * size).size(word)[0] / 20


@pytest.mark.parametrize("size", range(10, 40))
def test_small_words_keep_the_fonts_letter_spacing(size):
    """A word is as wide as the font's design says, within 1.5 px and 5 %: hinted to whole pixels
    at small sizes, FreeSans Bold's advances grow by up to 2 px a letter (a word 11 % wider at
    19 px, "Setting s", "Ta p a card")."""
    for word in WORDS:
        design = _design_width(word, size)
        got = text.width(word, size)
        assert abs(got - design) <= max(1.5, 0.05 * design), (word, size, got, round(design, 1))


@pytest.mark.parametrize("size", [10, 13, 16, 22, 39, 40, 56])
def test_plain_text_is_as_wide_and_tall_as_measured(size):
    for line in WORDS + ["", "3H and TC"]:
        img = text.render(line, size, (255, 255, 255))
        assert img.get_width() == max(text.width(line, size), img.get_width() if line == "" else 0)
        natural = text.font(size).render(line, True, (255, 255, 255)).get_height()
        assert abs(img.get_height() - natural) <= 1 or line == "3H and TC"
    ink = text.render("Settings", size)
    assert max(ink.get_at((x, y)).a for x in range(ink.get_width()) for y in range(ink.get_height())) > 200


def test_widths_remembered_are_each_text_and_size_their_own():
    """``text.width`` remembers each text's width per size (a table's top bar measures its
    labels and values whenever it is drawn anew): asked again, in any order, for many sizes, and
    for texts that differ by a control character or a card, it answers what the text drawn is."""
    texts = ["Moves", "Moves\x00", "Ходы", "3H and TC", "3H and TD", "Deal TP1-E-AAAAAAB", ""]
    sizes = [12, 16, 16.0, 22, 39, 40, 64]
    for _ in range(2):
        for t in texts:
            for s in sizes:
                assert text.width(t, s) == text.render(t, s).get_width() or (t == "" and text.width(t, s) == 0)
    assert text.width("Moves", 16) != text.width("Moves", 22)
    assert text.width("3H and TC", 22) == text.width("3H and TD", 22)   # a suit shape is a suit shape


def test_a_character_the_font_lacks_is_drawn_as_a_question_mark():
    """The bundled font has no glyph for another script's digit or an emoji: SDL_ttf drew each as an
    empty box, so a code from a page address (``?deal=KL1-D1-AAAA٣AB``) showed a box in its
    message. Such a character is drawn ``?``; Latin, Cyrillic and the punctuation of our texts as
    they are, and a newline stays."""
    import pygame

    assert text.printable("KL1-D1-AAAA٣AB") == "KL1-D1-AAAA?AB"
    assert text.printable("१२😀") == "???"
    assert text.printable("Ход «Ω» — ёж…\n3H") == "Ход «Ω» — ёж…\n3H"
    drawn = pygame.image.tobytes(text.render("A٣", 20), "RGBA")
    assert drawn == pygame.image.tobytes(text.render("A?", 20), "RGBA")
    assert text.width("A٣", 20) == text.width("A?", 20)
