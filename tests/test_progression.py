"""Records, daily results, day streaks and the 15 badges (games/records.py, games/progression.py,
games/badges.py): scripted results, one badge at a time."""
import json

import pytest

from games import badges, records
from games.progression import (GameResult, Progress, apply_result, apply_run, best_day_streak, day_streak,
                               from_dict, to_dict)

E = records.Entry


def res(game="klondike", won=True, seconds=300, moves=150, date="2026-12-04", **kw):
    opts = kw.pop("options", {"klondike": {"draw": "1"}, "spider": {"suits": "2", "relaxed": "no"},
                              "tripeaks": {"mode": "easy", "scoring": "streak"},
                              "pyramid": {"layout": "1", "passes": "unlimited"}}.get(game, {}))
    return GameResult(game, opts, kw.pop("code", "XX1-A-AAAAAAB"), won, seconds, moves, date, **kw)


def play(*results, progress=None):
    p = progress or Progress()
    outs = []
    for r in results:
        o = apply_result(p, r)
        outs.append(o)
        p = o.progress
    return p, outs


# -- records -----------------------------------------------------------------------------------------
def test_table_keys():
    assert records.table_key("klondike", {"draw": "3"}) == "klondike draw=3"
    assert records.table_key("spider", {"suits": "4", "relaxed": "yes"}) == "spider suits=4"
    assert records.table_key("pyramid", {"layout": "7", "passes": "3"}) == "pyramid passes=3"
    assert records.table_key("freecell", {}) == "freecell"
    assert records.table_key("freecell", {}, daily=True) == "daily freecell"


def test_insert_orders_and_keeps_ten():
    t = []
    for i, pts in enumerate([500, 900, 700, 900]):
        t, place = records.insert(t, E(pts, 100 + i, 50, "2026-12-04", f"c{i}"))
    assert [(e.points, e.code) for e in t] == [(900, "c1"), (900, "c3"), (700, "c2"), (500, "c0")]
    # equal points: the shorter time first
    t, place = records.insert(t, E(900, 50, 99, "2026-12-05", "fast"))
    assert place == 1
    for i in range(10):
        t, _ = records.insert(t, E(1000 + i, 10, 10, "2026-12-06", f"big{i}"))
    assert len(t) == 10 and t[0].points == 1009
    before = list(t)
    t, place = records.insert(t, E(1, 1, 1, "2026-12-06", "low"))
    assert place is None and t == before


def test_undo_never_enters():
    t, place = records.insert([], E(5000, 10, 10, "2026-12-04", "c"), undo_used=True)
    assert t == [] and place is None
    p, (o,) = play(res(undo_used=True))
    assert o.points == 700 and o.places == {} and p.records.get("klondike draw=1", []) == []
    assert p.wins == {"klondike": 1}           # a win all the same (statistics, badges)


def test_win_enters_variant_and_daily_tables():
    p, (o,) = play(res(daily="2026-12-04", code="KL1-D1-AAAAAGM"))
    assert o.points == 700 and o.places == {"klondike draw=1": 1, "daily klondike": 1}
    assert p.records["daily klondike"][0] == E(700, 300, 150, "2026-12-04", "KL1-D1-AAAAAGM")
    p, (o,) = play(res(seconds=200), progress=p)
    assert o.places == {"klondike draw=1": 1} and [e.points for e in p.records["klondike draw=1"]] == [800, 700]


def test_a_daily_enters_its_daily_table_once_under_its_own_date():
    """docs/progression.md: a daily's first win is its result. A replay of a daily already won
    added a row to the daily table each time (one deal replayed from memory could fill the top
    10); it still enters the variant's table. A past date's daily, won today, is filed under its
    own date in the daily table (the Daily screen and the share line file it there too)."""
    first = res(daily="2026-12-03", date="2026-12-04", code="KL1-D1-AAAAAGM")
    p, (o,) = play(first)
    assert p.records["daily klondike"] == [E(700, 300, 150, "2026-12-03", "KL1-D1-AAAAAGM")]
    assert p.records["klondike draw=1"] == [E(700, 300, 150, "2026-12-04", "KL1-D1-AAAAAGM")]
    p, (o,) = play(res(daily="2026-12-03", date="2026-12-04", seconds=100, code="KL1-D1-AAAAAGM"), progress=p)
    assert p.records["daily klondike"] == [E(700, 300, 150, "2026-12-03", "KL1-D1-AAAAAGM")]
    assert "daily klondike" not in o.places and o.places == {"klondike draw=1": 1}
    assert len(p.records["klondike draw=1"]) == 2
    # a daily lost first, then won: that win is its first and enters
    p, _ = play(res(won=False, daily="2026-12-05"), res(daily="2026-12-05", date="2026-12-05"), progress=p)
    assert [e.date for e in p.records["daily klondike"]] == ["2026-12-03", "2026-12-05"]


def test_a_loss_scores_nothing():
    p, (o,) = play(res(won=False))
    assert o.points == 0 and o.places == {} and p.records == {} and p.wins == {}


# -- daily results and streaks -------------------------------------------------------------------------
def test_daily_first_win_is_kept():
    p, _ = play(res(won=False, daily="2026-12-04", seconds=50))
    assert not p.daily["2026-12-04"]["klondike"].won
    p, _ = play(res(daily="2026-12-04", seconds=400), progress=p)
    first = p.daily["2026-12-04"]["klondike"]
    assert first.won and first.seconds == 400
    p, _ = play(res(daily="2026-12-04", seconds=100), res(won=False, daily="2026-12-04"), progress=p)
    assert p.daily["2026-12-04"]["klondike"] == first


def test_day_streaks():
    dates = ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-02", "2026-12-03"]
    p, _ = play(*[res(daily=d, date=d) for d in dates], res(won=False, daily="2026-12-04"))
    assert best_day_streak(p) == 3
    assert day_streak(p, "2026-12-04") == 2          # today not won yet: the run to yesterday
    assert day_streak(p, "2026-12-05") == 0          # yesterday none won: broken
    p, _ = play(res(daily="2026-12-01", date="2026-12-04"), progress=p)   # a past date played later
    assert best_day_streak(p) == 6 and day_streak(p, "2026-12-03") == 6


# -- the badges, one by one ------------------------------------------------------------------------------
def earned(*results, progress=None):
    p, outs = play(*results, progress=progress)
    return outs[-1].new_badges, p


def test_first_win():
    assert earned(res(won=False))[0] == []
    got, p = earned(res(game="freecell", moves=120))
    assert got == ["first-win"] and p.badges == {"first-win": "2026-12-04"}
    assert earned(res(game="freecell", moves=120), progress=p)[0] == []      # earned once


def test_collector():
    games = ["tripeaks", "pyramid", "devils-grip", "spider", "klondike"]
    p, _ = play(*[res(game=g, seconds=1000, moves=250) for g in games])
    assert "collector" not in p.badges
    assert badges.progress_text("collector", p, "en") == "Collector: 5 of 6 games"
    got, p = earned(res(game="freecell", moves=120), progress=p)
    assert got == ["collector"]


def test_twenty_in_a_row():
    assert "twenty-in-a-row" not in earned(res(game="tripeaks", won=False, longest_run=19))[0]
    p, _ = play(res(game="tripeaks", won=False, longest_run=12))
    assert badges.progress_text("twenty-in-a-row", p, "en") == "Twenty in a row: best streak 12 of 20 cards"
    assert earned(res(game="tripeaks", won=False, longest_run=20))[0] == ["twenty-in-a-row"]


def test_a_streak_made_in_play_is_kept_and_earns_its_badge_before_the_game_ends():
    """A streak counts when it is made, not when its game ends (a game left unfinished never
    reaches apply_result): the best streak rises, Twenty in a row is earned at 20, nothing else."""
    p, _ = play(res(game="tripeaks", won=False, longest_run=12))
    o = apply_run(p, 9, "2026-12-05")
    assert o.progress.bests["tripeaks_run"] == 12 and o.new_badges == [] and o.points == 0
    o = apply_run(p, 19, "2026-12-05")
    assert o.progress.bests["tripeaks_run"] == 19 and o.new_badges == []
    o = apply_run(o.progress, 20, "2026-12-06")
    assert o.new_badges == ["twenty-in-a-row"] and o.progress.badges["twenty-in-a-row"] == "2026-12-06"
    assert o.progress.records == p.records and o.progress.wins == p.wins
    again, outs = play(res(game="tripeaks", won=False, longest_run=21), progress=o.progress)
    assert outs[0].new_badges == [] and again.bests["tripeaks_run"] == 21
    with pytest.raises(ValueError):
        apply_run(p, 20, "tomorrow")


def test_peak_performance():
    assert "peak-performance" not in earned(res(game="tripeaks", stock_left=9))[0]
    assert "peak-performance" not in earned(res(game="tripeaks", won=False, stock_left=15))[0]
    assert earned(res(game="tripeaks", stock_left=10))[0] == ["first-win", "peak-performance"]


def pyramid_wins(layouts):
    return [res(game="pyramid", options={"layout": str(L), "passes": "unlimited"}) for L in layouts]


def test_builder_and_architect():
    p, _ = play(*pyramid_wins(list(range(1, 10)) * 2))
    assert "builder" not in p.badges and badges.progress_text("builder", p, "en") == "Builder: 9 of 10 layouts"
    got, p = earned(*pyramid_wins([10]), progress=p)
    assert got == ["builder"]
    p, _ = play(*pyramid_wins(range(11, 55)), progress=p)
    assert "architect" not in p.badges
    assert badges.progress_text("architect", p, "en") == "Architect: 54 of 55 layouts"
    assert badges.progress_text("architect", p, "ru") == "Архитектор: 54 из 55 раскладок"
    assert earned(*pyramid_wins([55]), progress=p)[0] == ["architect"]


def test_brilliant_and_grip_master():
    assert earned(res(game="devils-grip", won=False, cards_left=3))[0] == []
    assert earned(res(game="devils-grip", won=False, finished=False, cards_left=2))[0] == []   # not finished
    assert earned(res(game="devils-grip", won=False, cards_left=2))[0] == ["brilliant"]
    assert earned(res(game="devils-grip", won=True, cards_left=0))[0] == ["first-win", "brilliant", "grip-master"]


def test_four_suits_and_clean_web():
    s = {"suits": "4", "relaxed": "no"}
    assert earned(res(game="spider", options={"suits": "1", "relaxed": "no"}))[0] == ["first-win"]
    assert earned(res(game="spider", undo_used=True))[0] == ["first-win"]
    assert earned(res(game="spider"))[0] == ["first-win", "clean-web"]
    assert earned(res(game="spider", options=s, undo_used=True))[0] == ["first-win", "four-suits"]
    assert earned(res(game="spider", options=s, won=False))[0] == []


def test_klondike_badges():
    assert earned(res(options={"draw": "3"}, seconds=200))[0] == ["first-win", "three-at-a-time"]
    assert earned(res(seconds=180))[0] == ["first-win"]
    assert earned(res(seconds=179.5))[0] == ["first-win", "quick-hands"]
    assert earned(res(won=False, seconds=60))[0] == []


def test_hundred_moves():
    assert earned(res(game="freecell", moves=101))[0] == ["first-win"]
    assert earned(res(game="freecell", moves=100))[0] == ["first-win", "hundred-moves"]


def test_daily_triple():
    d = "2026-12-04"
    p, _ = play(res(game="spider", daily=d), res(game="klondike", daily=d), res(game="freecell", daily="2026-12-03"))
    assert "daily-triple" not in p.badges
    assert badges.progress_text("daily-triple", p, "en") == "Daily triple: 2 of 3 on one date"
    got, p = earned(res(game="freecell", moves=120, won=False, daily=d), progress=p)
    assert got == []
    got, p = earned(res(game="freecell", moves=120, daily=d), progress=p)
    assert got == ["daily-triple"]


def test_week_of_days():
    days = [f"2026-12-{d:02d}" for d in range(1, 8)]
    p, _ = play(*[res(daily=d, date=d) for d in days[:6]])
    assert "week-of-days" not in p.badges
    assert badges.progress_text("week-of-days", p, "en") == "A week of days: best day streak 6 of 7"
    got, p = earned(res(daily=days[6], date=days[6], seconds=400), progress=p)
    assert got == ["week-of-days"] and p.badges["week-of-days"] == "2026-12-07"


def test_fifteen_badges_each_named_in_both_languages():
    assert len(badges.BADGES) == 15 and len(set(badges.BADGE_IDS)) == 15
    from games.i18n import tr
    for b in badges.BADGES:
        assert tr(b.name, "ru") != b.name and tr(b.ask, "ru") != b.ask


# -- saved form ----------------------------------------------------------------------------------------
def test_round_trip_through_json():
    p, _ = play(*pyramid_wins([3, 4]), res(daily="2026-12-04"), res(game="tripeaks", longest_run=7),
                res(game="devils-grip", won=False, cards_left=11))
    back = from_dict(json.loads(json.dumps(to_dict(p))))
    assert back == p


@pytest.mark.parametrize("mutate", [
    lambda d: d["records"].update({"golf": []}),
    lambda d: d["records"]["klondike draw=1"][0].update(points=-5),
    lambda d: d["records"]["klondike draw=1"][0].update(date="yesterday"),
    lambda d: d["daily"].update({"2026-02-30": {}}),
    lambda d: d["daily"]["2026-12-04"]["klondike"].update(won="yes"),
    lambda d: d["badges"]["earned"].update({"nonsense": "2026-12-04"}),
    lambda d: d["badges"]["earned"].update({"first-win": 5}),
    lambda d: d["badges"].update(layouts=[56]),
    lambda d: d["badges"]["bests"].update(tripeaks_run=True),
    lambda d: d.update(daily=[]),
])
def test_corrupt_saved_data_is_refused(mutate):
    p, _ = play(res(daily="2026-12-04"))
    d = json.loads(json.dumps(to_dict(p)))
    mutate(d)
    with pytest.raises(ValueError):
        from_dict(d)


def test_share_line():
    from games.progression import DailyEntry, share_line
    e = DailyEntry(True, 700, 192, 87, "KL1-D1-AAAAAGM")
    assert share_line("2026-12-04", "klondike", e, "ru") == "Пасьянс 2026-12-04 · Косынка \u2713 3:12 · 87 ходов"
    assert share_line("2026-12-04", "klondike", e, "en") == "Pasyans 2026-12-04 · Klondike \u2713 3:12 · 87 moves"
    lost = DailyEntry(False, 0, 61, 40, "KL1-D1-AAAAAGM")
    assert share_line("2026-12-04", "freecell", lost, "en", symbols=False) == \
        "Pasyans 2026-12-04 · FreeCell not won 1:01 · 40 moves"


def test_share_line_counts_moves_in_each_language():
    from games.progression import DailyEntry, plural_form, share_line
    assert [plural_form(n, "ru") for n in (1, 2, 5, 11, 12, 21, 22, 25, 111, 104)] == \
        ["one", "few", "many", "many", "many", "one", "few", "many", "many", "few"]
    def line(moves, lang):
        return share_line("2026-12-04", "klondike", DailyEntry(True, 1, 60, moves, "c"), lang).rsplit("· ", 1)[1]
    assert [line(n, "ru") for n in (1, 3, 87, 121)] == ["1 ход", "3 хода", "87 ходов", "121 ход"]
    assert [line(n, "en") for n in (1, 3)] == ["1 move", "3 moves"]
