"""One word per thing in the Russian catalogue: Spider's counter of completed runs is not called by
the word of TriPeaks' streak, nor is any of Spider's runs (its hint line, the hints' reasons): a
run is «последовательность» as in the rules doc, «серия» is only ever a streak; Pyramid's passes are one word family wherever they show (the home
sheet's option, the Options screen, the top bar, the rules' message), as in the rules doc."""
from games.i18n import tr

PASS_MSGIDS = ("Passes", "Pass", "Passes: {v}", "No passes left", "3 passes")


def stem(word: str) -> str:
    return word.strip().lower()[:4]


def test_spiders_completed_runs_are_not_called_a_streak():
    runs, streak = tr("Runs", lang="ru"), tr("Streak", lang="ru")
    assert runs != "Runs" and streak != "Streak"           # both translated
    assert stem(runs) != stem(streak), (runs, streak)


def _english(msgid: str) -> str:
    return msgid.split("\x04")[-1]


def test_the_word_of_a_streak_names_only_streaks():
    """«серия» (TriPeaks' streak, the days' streak) is said only where the English says streak
    (Spider's hint line and the hints' "Builds a run of one suit" said «серии», «серию»)."""
    from games.i18n import catalogue

    bad = [(k, v) for k, v in catalogue("ru").items() if "сери" in v.lower() and "streak" not in _english(k).lower()]
    assert not bad, bad


def test_spiders_runs_are_one_word_family_with_its_rules():
    """Every Russian text that names a run of one suit (Spider's rules, its hint line, the
    hints' reasons) says «последовательность», the word of locales/ru/rules/spider.txt."""
    import re
    from pathlib import Path

    from games.hints import R_RUN, R_RUN_DONE
    from games.i18n import catalogue

    rules = (Path(__file__).resolve().parent.parent / "locales/ru/rules/spider.txt").read_text(encoding="utf-8")
    assert "последовательност" in rules
    cat = catalogue("ru")
    runs = [k for k in cat if re.search(r"\bruns?\b", _english(k)) and ("suit" in k or "king to ace" in k)]
    assert {R_RUN, R_RUN_DONE, "Build runs of one suit from king to ace; tap the stock to deal"} <= set(runs), runs
    bad = [(k, cat[k]) for k in runs if "последовательн" not in cat[k].lower()]
    assert not bad, bad


def test_pyramids_passes_are_one_word_family_everywhere():
    words = {m: tr(m, lang="ru", v="3") for m in PASS_MSGIDS}
    assert all("проход" in w.lower() for w in words.values()), words
    assert all("pass" in tr(m, lang="en", v="3").lower() for m in PASS_MSGIDS)


def test_the_rules_doc_calls_them_passes_too():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "locales/ru/rules/pyramid.txt").read_text(encoding="utf-8")
    assert "проход" in text.lower() and "круг" not in text.lower()


def _ru_texts() -> dict[str, str]:
    """Every Russian text the player reads: the catalogue's entries and the rules pages."""
    from pathlib import Path

    from games.i18n import catalogue

    texts = {_english(k): v for k, v in catalogue("ru").items()}
    for page in sorted((Path(__file__).resolve().parent.parent / "locales/ru/rules").glob("*.txt")):
        texts[f"rules page {page.name}"] = page.read_text(encoding="utf-8")
    return texts


def test_a_column_is_a_stolbets_everywhere():
    """A column of the tableau is «столбец» in every Russian text, the word the rules pages and
    most messages use; «колонка» (the home sheet's Spider option said it) is never mixed in."""
    texts = _ru_texts()
    assert sum("столб" in v.lower() for v in texts.values()) > 20
    bad = [(k, v) for k, v in texts.items() if "колон" in v.lower()]
    assert not bad, bad


def test_spiders_empty_column_option_has_one_name():
    """Spider's option for dealing with an empty column is named the same on the home sheet (the
    option's label), in the table's Options (each value's label) and on the rules page; the
    names it had beside («строгое», «мягкое», «традиционное» правило) are gone."""
    import re
    from pathlib import Path

    from games.spider import OPTION_LABELS

    name = tr("Deal with an empty column", lang="ru")
    assert name == "Раздача при пустом столбце", name
    values = {v: tr(OPTION_LABELS["relaxed"][v], lang="ru") for v in ("no", "yes")}
    assert values["no"] == f"{name}: {tr('no', lang='ru')}", values
    assert values["yes"].startswith(f"{name}: {tr('yes', lang='ru')} "), values
    page = (Path(__file__).resolve().parent.parent / "locales/ru/rules/spider.txt").read_text(encoding="utf-8")
    assert page.count(f"«{name}") >= 3, page
    others = re.compile(r"строг|мягк|традицион")
    bad = [t for t in (name, *values.values(), page) if others.search(t.lower())]
    assert not bad, bad


def test_the_empty_column_message_is_formal_and_plural():
    """"Fill every empty column before dealing" speaks as every other message does (вы:
    «Нажмите…») and of every empty column, as the English does."""
    from games.spider import MSG_EMPTY_COLUMN

    text = tr(MSG_EMPTY_COLUMN, lang="ru")
    assert "заполните все пустые столбцы" in text, text
    assert "раздавать" in text.lower(), text


def test_no_message_says_ty_where_the_others_say_vy():
    """No Russian text uses the informal imperative of a verb that another text uses formally
    («заполни» beside «заполните», «нажми» beside «нажмите»)."""
    import re

    texts = _ru_texts()
    words = {w for v in texts.values() for w in re.findall(r"\w+", v.lower())}
    informal = {w[:-3] + "и" for w in words if w.endswith("ите")} | {w[:-4] + "й" for w in words if w.endswith("йте")}
    informal.discard("и")
    bad = [(k, w) for k, v in texts.items() for w in re.findall(r"\w+", v.lower()) if w in informal]
    assert not bad, bad


def test_a_deal_from_the_stock_is_razdacha_in_spider():
    """Spider's deal from the stock is «раздать»/«раздавать»/«раздача» wherever the Russian text
    names it (the option, its refusal, the hint line, the keys), as the rules page says it."""
    import re

    from games.spider import MSG_EMPTY_COLUMN, OPTION_LABELS

    msgids = ["Deal with an empty column", MSG_EMPTY_COLUMN, *OPTION_LABELS["relaxed"].values(),
              "Build runs of one suit from king to ace; tap the stock to deal",
              "1-9, 0: a column; D: draw or deal; F: finish"]
    texts = {m: tr(m, lang="ru") for m in msgids}
    assert all(t != m for m, t in texts.items()), texts
    bad = [(m, t) for m, t in texts.items() if "разда" not in t.lower() or re.search(r"\bсда", t.lower())]
    assert not bad, bad


def test_undo_is_not_the_word_of_cancel():
    """Undo takes a move back, Cancel closes a panel: on the won and lost panels both show, and
    «Отмена» for both read as "close this" and took the winning move back (fresh31 F4). Undo is
    «Отменить», as Russian Windows' Edit menu says it; Cancel stays «Отмена», the dialogs' word."""
    undo, cancel = tr("Undo", lang="ru"), tr("Cancel", lang="ru")
    assert undo != "Undo" and cancel != "Cancel"
    assert undo != cancel, undo
    # the bar's own shorter word under the undo arrow is not Cancel's either
    assert tr("Undo", lang="ru", context="bar") not in (cancel, "Undo")
