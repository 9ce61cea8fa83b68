"""The catalogue: every string a player can see exists in Russian and English."""
import ast
import re
from pathlib import Path

import pytest

from games.i18n import LANGUAGES, LOCALES_DIR, parse_po, tr

ROOT = Path(__file__).resolve().parent.parent
MARKERS = {"N_", "tr", "tr_n", "_"}


def source_msgids():
    """String literals passed first to N_(), tr(), tr_n() or _() anywhere in games/, ui/ and main.py."""
    found = {}
    files = [*(ROOT / "games").rglob("*.py"), *(ROOT / "ui").rglob("*.py"), ROOT / "main.py"]
    for path in files:
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                a = node.args[0]
                if name in MARKERS and isinstance(a, ast.Constant) and isinstance(a.value, str):
                    ctx = next((k.value.value for k in node.keywords if k.arg == "context"
                                and isinstance(k.value, ast.Constant)), None)
                    key = a.value if ctx is None else ctx + "\x04" + a.value
                    found.setdefault(key, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def catalogue_files(lang):
    return sorted((LOCALES_DIR / lang).glob("*.po"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogues_parse(lang):
    assert catalogue_files(lang), f"no catalogue for {lang}"
    for p in catalogue_files(lang):
        parse_po(p.read_text(encoding="utf-8"))


def test_same_messages_in_every_language():
    keys = {lang: set().union(*(parse_po(p.read_text(encoding="utf-8")) for p in catalogue_files(lang)))
            for lang in LANGUAGES}
    assert keys["en"] - keys["ru"] == set(), "missing in Russian"
    assert keys["ru"] - keys["en"] == set(), "missing in English"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_source_string_is_translated(lang):
    keys = set().union(*(parse_po(p.read_text(encoding="utf-8")) for p in catalogue_files(lang)))
    missing = {k: where for k, where in source_msgids().items() if k not in keys}
    assert not missing, f"{lang}: untranslated {missing}"


def test_placeholders_survive_translation():
    en = set().union(*(parse_po(p.read_text(encoding="utf-8")) for p in catalogue_files("en")))
    import string
    for lang in LANGUAGES:
        cat = {}
        for p in catalogue_files(lang):
            cat.update(parse_po(p.read_text(encoding="utf-8")))
        for k in en:
            want = {f[1] for f in string.Formatter().parse(k.split("\x04")[-1]) if f[1]}
            got = {f[1] for f in string.Formatter().parse(cat.get(k, "")) if f[1]}
            assert want == got, f"{lang}: placeholders differ in {k!r}"


def test_russian_is_really_russian():
    assert tr("This card is blocked", "ru") != "This card is blocked"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_translated_twice_differently(lang):
    """All files of a language merge into one catalogue: a msgid in two files with two
    translations would let one file silently override the other."""
    seen = {}
    clashes = []
    for p in catalogue_files(lang):
        for k, v in parse_po(p.read_text(encoding="utf-8")).items():
            if k in seen and seen[k][1] != v:
                clashes.append((k, seen[k][0], p.name))
            seen.setdefault(k, (p.name, v))
    assert not clashes, clashes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_character_a_player_reads_has_a_glyph_in_the_font(lang):
    """Every character of the catalogue and the rules pages exists in the bundled FreeSans Bold
    (ui/text.py), so none shows as a missing-glyph box; suits are drawn as shapes (card tokens
    such as ``KH`` in the text), never as font characters."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.freetype
    pygame.freetype.init()
    font = pygame.freetype.Font(None, 20)   # the same bundled face; it says when a glyph is missing
    texts = [p.read_text(encoding="utf-8") for p in sorted((LOCALES_DIR / lang / "rules").glob("*.txt"))]
    texts += [parse_po(p.read_text(encoding="utf-8")).values() for p in sorted((LOCALES_DIR / lang).glob("*.po"))]
    chars = set()
    for t in texts:
        for s in ([t] if isinstance(t, str) else t):
            chars.update(c for c in s if c.isprintable())
    missing = sorted(c for c in chars if font.get_metrics(c)[0] is None)
    assert not missing, f"no glyph in the font for {missing!r}"


SHOWN_TOGETHER = [
    # messages a screen shows side by side, which must read as different words in every language:
    # the won panel's game score and the progression points it earns (ui/table/base.py), the
    # scoring option beside the score
    ("Score", "Points"), ("Score: {n}", "Win points: {n}"), ("Score", "Scoring"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("a, b", SHOWN_TOGETHER)
def test_messages_shown_together_are_different_words(lang, a, b):
    assert tr(a, lang, n=7).lower() != tr(b, lang, n=7).lower()


DEAL_NOUN = re.compile(r"\bрасклад(?:ы|а|у|ом|е|ов|ам|ами|ах)?\b", re.IGNORECASE)
"""«Расклад» in any case form: the Russian text says «раздача» for a deal and «раскладка» for a
Pyramid layout (as Options and the top bar do), never «расклад», which reads as either."""


def test_russian_says_razdacha_for_a_deal_and_raskladka_for_a_layout():
    entries = {}
    for p in catalogue_files("ru"):
        entries.update(parse_po(p.read_text(encoding="utf-8")))
    wrong = {k: v for k, v in entries.items() if DEAL_NOUN.search(v)}
    assert not wrong, wrong
    for msgid, text in entries.items():
        english = re.sub(r"{\w+}", "", msgid.split("\x04")[-1]).lower()  # placeholders are not words
        if re.search(r"\blayouts?\b", english) and "left-handed" not in english:  # a Pyramid layout
            assert "расклад" in text.lower(), (msgid, text)  # «раскладка», its forms (the bare noun is refused above)
        elif re.search(r"\bdeals?\b", english) and "deal code" not in english:
            assert "расклад" not in text.lower(), (msgid, text)
    rules = sorted((LOCALES_DIR / "ru" / "rules").glob("*.txt"))
    assert rules
    said = [f"{p.name}: {m.group(0)}" for p in rules for m in DEAL_NOUN.finditer(p.read_text(encoding="utf-8"))]
    assert not said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_spiders_empty_column_setting_has_one_name(lang):
    """Spider's ``relaxed`` option is named by its Options label everywhere a player reads it: the
    table's option row for each value starts with that label, the statistics screen's variant
    names it with its value, and the rules text quotes it (a
    player who reads "the relaxed rule" in the rules finds no setting of that name)."""
    from games.spider import Spider
    from ui.scenes.options import LABELS, VALUES

    name = tr(LABELS["relaxed"], lang)
    for value, msgid in Spider.option_labels["relaxed"].items():
        assert tr(msgid, lang).startswith(name + ":"), (value, tr(msgid, lang))
    rules = (LOCALES_DIR / lang / "rules" / "spider.txt").read_text(encoding="utf-8")
    assert name in rules
    # the statistics screen's variant button: "Spider · 4 suits · Deal with an empty column: yes",
    # not a bare "yes"
    from games.i18n import set_language
    from ui.scenes.options import variant_text
    set_language(lang)
    try:
        for value in ("yes", "no"):
            assert variant_text("spider", {"suits": "4", "relaxed": value}).endswith(
                f"{name}: {tr(VALUES[('relaxed', value)], lang)}")
    finally:
        set_language("en")
    assert "relaxed" not in rules.lower() and "traditional" not in rules.lower()


FOUNDATION_WORD = re.compile(r"\bfoundations?\b|\bgo(?:es)? home\b", re.IGNORECASE)
HOUSE = re.compile(r"\bдом(?:а|у|ом|е)?\b", re.IGNORECASE)


def test_russian_names_the_foundation_one_way():
    """A foundation is «база» in every Russian message (the rules and the refusals say «в базу»),
    never «дом», which the Home button («Домой») already means."""
    entries = {}
    for p in catalogue_files("ru"):
        entries.update(parse_po(p.read_text(encoding="utf-8")))
    for msgid, text in entries.items():
        if FOUNDATION_WORD.search(msgid.split("\x04")[-1]):
            assert not HOUSE.search(text), (msgid, text)
            if "face up or home" not in msgid:
                assert "баз" in text.lower(), (msgid, text)


def test_again_says_a_recent_text_in_the_new_language():
    """A text ``tr`` made lately is said anew after a change of language, its placeholders too
    (a game's title given as a ``tr`` text); a text ``tr`` did not make comes back as it is."""
    from games import i18n

    try:
        i18n.set_language("en")
        plain = i18n.tr("Keep playing")
        filled = i18n.tr("Deal {code}", code="FC1-M-AAAAAXT")
        i18n.set_language("ru")
        ru = i18n.again(plain)
        assert ru == "Играть дальше"
        assert i18n.again(filled) == i18n.tr("Deal {code}", code="FC1-M-AAAAAXT") != filled
        assert i18n.again("not a message") == "not a message"
        i18n.set_language("en")
        assert i18n.again(ru) == plain
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_message_names_the_hint_as_its_button_does(lang):
    """Every "Hint: …" message begins with the Hint button's own word, and the key help calls H by
    it: Russian said «Подсказка: …» beside a button labelled «Совет» (fresh34 F1)."""
    entries = {}
    for p in catalogue_files(lang):
        entries.update(parse_po(p.read_text(encoding="utf-8")))
    word = entries.get("Hint", "Hint")
    hint_lines = {k: v for k, v in entries.items() if k.startswith("Hint: ")}
    assert len(hint_lines) >= 5
    for k, v in hint_lines.items():
        assert v.startswith(word + ":"), (k, v)
    keys_line = next(v for k, v in entries.items() if k.startswith("Esc back"))
    assert f"H {word.lower()}" in keys_line, keys_line


def test_again_keeps_the_newest_texts_when_its_memory_is_full():
    """``again`` remembers the latest SAID_MAX texts: when full it forgot all of them at once, so a
    status line made just before could not follow a change of language (and a test of ``again``
    failed after other tests had filled the memory)."""
    from games import i18n

    try:
        i18n.set_language("en")
        for k in range(i18n.SAID_MAX - 1):
            i18n.tr("Deal {code}", code=f"X{k}")
        shown = i18n.tr("Keep playing")               # the memory is full with it
        i18n.tr("Deal {code}", code="one more")     # the oldest goes, not everything
        i18n.set_language("ru")
        assert i18n.again(shown) == "Играть дальше"
        assert i18n.again("Deal X0") == "Deal X0"    # the oldest was forgotten
        assert len(i18n._said) <= i18n.SAID_MAX
    finally:
        i18n.set_language("en")
