"""Two tabs of one browser over one localStorage, in the real page (docs/web.md, "Saves in the
browser"; tests/web/page_test.mjs, scenario ``two_tabs``): a game won in tab B is still counted
after tab A, whose copy of the statistics is older, writes them; tab A, shown again after B
continued its game, takes B's game up and never writes its older position over it. (A move made
on the older position, two windows side by side, is kept aside: tests/test_two_windows.py.)"""
from __future__ import annotations

import pytest

import webenv
from games.i18n import tr
from games.registry import find_game
from ui.progress import stats_key
from ui.table.base import MSG_WON_ELSEWHERE

TRIPEAKS = stats_key("tripeaks", {"mode": "easy", "scoring": "streak"})
PYRAMID_PREFIX = "pyramid"
RUNS = [{"name": "tabs", "width": 1280, "height": 800, "touch": False, "scenarios": ["two_tabs"]}]


@pytest.fixture(scope="module")
def tabs():
    out = webenv.run_page(RUNS, timeout=600)
    r = out["runs"]["tabs"]
    assert "load" not in r["errors"], r["errors"].get("load")
    assert "two_tabs" not in r["errors"], r["errors"]["two_tabs"]
    assert r["console"] == [], r["console"]
    return r["scenarios"]["two_tabs"]


def test_a_win_in_tab_b_survives_tab_a_writing_its_older_statistics(tabs):
    assert tabs["b_status"] == "won" and tabs["b_stats"][TRIPEAKS]["won"] == 1
    a = tabs["a_stats"]
    assert a[TRIPEAKS]["won"] == 1 and a[TRIPEAKS]["played"] == 1          # B's win kept
    pyr = [k for k in a if k.startswith(PYRAMID_PREFIX)]
    assert len(pyr) == 1 and (a[pyr[0]]["played"], a[pyr[0]]["won"]) == (1, 0)   # A's loss counted
    # reloaded, the page reads both
    assert tabs["reloaded"][TRIPEAKS] == {"played": 1, "won": 1}
    assert tabs["reloaded"][pyr[0]] == {"played": 1, "won": 0}


def test_tab_a_shown_again_takes_up_the_game_tab_b_continued(tabs):
    assert len(tabs["a_before"]) == 2 and tabs["a_hidden_actions"] == tabs["a_before"]
    assert tabs["b_actions"][:2] == tabs["a_before"] and len(tabs["b_actions"]) > 3
    assert tabs["after"]["game"]["data"]["actions"] == tabs["b_actions"] == tabs["b_game"]["actions"]
    assert "pasyans.game.tripeaks.corrupt" not in tabs["after"]["keys"]    # A had nothing unsaved
    taken = tabs["taken"]
    assert taken["scene"] == "HomeScene"          # B won it: A goes home, saying so
    assert taken["notice"] == tr(MSG_WON_ELSEWHERE, lang=taken["language"],
                                 game=tr(find_game("tripeaks").title, lang=taken["language"]))
