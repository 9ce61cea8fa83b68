"""One word per thing in the Russian catalogue: Spider's counter of completed runs is not called by
the word of TriPeaks' streak, and Pyramid's passes are one word family wherever they show (the home
sheet's option, the Options screen, the top bar, the rules' message), as in the rules doc."""
from games.i18n import tr

PASS_MSGIDS = ("Passes", "Pass", "Passes: {v}", "No passes left", "3 passes")


def stem(word: str) -> str:
    return word.strip().lower()[:4]


def test_spiders_completed_runs_are_not_called_a_streak():
    runs, streak = tr("Runs", lang="ru"), tr("Streak", lang="ru")
    assert runs != "Runs" and streak != "Streak"           # both translated
    assert stem(runs) != stem(streak), (runs, streak)


def test_pyramids_passes_are_one_word_family_everywhere():
    words = {m: tr(m, lang="ru", v="3") for m in PASS_MSGIDS}
    assert all("проход" in w.lower() for w in words.values()), words
    assert all("pass" in tr(m, lang="en", v="3").lower() for m in PASS_MSGIDS)


def test_the_rules_doc_calls_them_passes_too():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "locales/ru/rules/pyramid.txt").read_text(encoding="utf-8")
    assert "проход" in text.lower() and "круг" not in text.lower()
