"""The rules panel's key list (F1) names each game's own keys, and the rules page names the rule
the player may be playing (fresh30 F5, F8)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games import i18n
from ui.table import table_class


def keys(game, options=None):
    return table_class(game)(1, options or {}).keys_help()


def test_freecell_lists_no_stock_key_and_its_eight_columns():
    lines = keys("freecell")
    assert not [x for x in lines if "stock" in x or "D:" in x], lines
    assert "1-8: a column; F: finish" in lines


def test_a_column_game_with_a_stock_says_space_once_for_each_meaning():
    for game, options, numbers in (("klondike", {"draw": "1"}, "1-7: a column; D: draw; F: finish"),
                                   ("spider", {"suits": "1"}, "1-9, 0: a column; D: deal; F: finish")):
        lines = keys(game, options)
        assert numbers in lines
        assert "Space: the stock" not in lines and "Space with no card focused: the stock" in lines


def test_pyramids_rules_page_names_the_three_pass_rule():
    for lang in ("en", "ru"):
        text = (i18n.LOCALES_DIR / lang / "rules" / "pyramid.txt").read_text(encoding="utf-8")
        assert ("Passes: 3" if lang == "en" else "«Проходы: 3»") in text
        assert "passes are unlimited" not in text
