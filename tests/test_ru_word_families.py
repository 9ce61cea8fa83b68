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
