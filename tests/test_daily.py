"""Deal of the day (games/daily.py, docs/progression.md): pinned codes, no repeat within 365 days,
every daily from its verified pool, a sample replayed to a win, the command line."""
import datetime as dt
import subprocess
import sys

import time

import pytest

from games import bank, daily
from games.core import History
from games.registry import find_game

GOLDEN = {
    # A change here means the daily deals changed for everyone (a rebuilt bank or a new recipe).
    "2026-12-04": ["tripeaks TP1-E-AAAAALL", "pyramid PY1-L28-AAAAABP", "devils-grip DG1-S-AAAAAIR",
                   "spider SP1-2-AAAAAGE", "klondike KL1-D1-AAAAAGM", "freecell FC1-M-AAABCSO"],
    "2027-01-01": ["tripeaks TP1-E-AAAAAJQ", "pyramid PY1-L44-AAAAABE", "devils-grip DG1-S-AAAAAFT",
                   "spider SP1-2-AAAAAVA", "klondike KL1-D1-AAAAAWF", "freecell FC1-M-AAABKDW"],
}


def lines(date):
    return [f"{d.game} {d.code}" for d in daily.daily_deals(date)]


@pytest.mark.parametrize("date", sorted(GOLDEN))
def test_golden_dates(date):
    assert lines(date) == GOLDEN[date]


def test_day_index_and_back():
    assert daily.day_index("2000-01-01") == 0
    assert daily.day_index("2000-03-01") == 60           # 2000 is a leap year
    assert daily.day_index("1999-12-31") == -1
    assert daily.day_index(" 2026-12-04 ") == 9834
    for day in (-800, -1, 0, 59, 9834, 40000):
        assert daily.day_index(daily.date_of_day(day)) == day


@pytest.mark.parametrize("bad", ["2026-02-30", "2026-13-01", "2026-12-4", "4.12.2026", "", "2026-12-04x",
                                 "２０２６-12-04", "20261204", "2026-00-10", "tomorrow"])
def test_bad_dates(bad):
    with pytest.raises(daily.DateError):
        daily.daily_deals(bad)


def window():
    """1500 consecutive days around today (longer than any pool's cycle of 365 or more, and
    two Pyramid layout cycles of 55 × 13 days)."""
    start = daily.day_index("2025-06-01")
    return range(start, start + 1500)


def test_no_deal_repeats_within_365_days():
    last = {}
    gaps = {g: 10 ** 9 for g in daily.GAMES}
    for day in window():
        for g in daily.GAMES:
            n, opts = daily.number_of_day(g, day)
            key = (g, n, opts.get("layout"))
            if key in last:
                gaps[g] = min(gaps[g], day - last[key])
            last[key] = day
    assert all(gap >= 365 for gap in gaps.values()), gaps
    # every game does come back to a deal within the window except FreeCell's 31 999
    assert gaps["freecell"] == 10 ** 9 and gaps["tripeaks"] == len(daily.pool("tripeaks"))


def test_pools_hold_a_year():
    for g in daily.GAMES:
        if g == "pyramid":
            sizes = [len(daily.pool(g, L)) for L in range(1, 56)]
            assert daily.N_LAYOUTS * min(sizes) >= 365
        else:
            assert len(daily.pool(g)) >= daily.MIN_POOL


def test_dailies_come_from_verified_banks():
    for day in window():
        for g in daily.GAMES:
            n, opts = daily.number_of_day(g, day)
            if g == "devils-grip":   # its daily bank: deals with a verified goal (tests/test_daily_grip.py)
                assert n in daily.grip_goals()
                continue
            b = bank.load(find_game(g), opts)
            assert n in b, (g, n, opts)


def test_pyramid_layouts_cycle():
    days = [daily.layout_of_day(d) for d in range(110)]
    assert sorted(days[:55]) == list(range(1, 56)) and days[:55] == days[55:]


def test_variants():
    by = {d.game: d for d in daily.daily_deals("2026-12-04")}
    assert by["spider"].options["suits"] == "2" and by["spider"].options["relaxed"] == "no"
    assert by["klondike"].options["draw"] == "1"
    assert by["tripeaks"].options["mode"] == "easy"
    assert by["pyramid"].options["passes"] == "unlimited"
    for d in by.values():   # the code names the same deal
        rules = find_game(d.game)
        n, opts = rules.decode(d.code)
        assert (n, rules.check_options(opts)) == (d.number, d.options)
    assert daily.daily_of_code(by["klondike"].code.lower(), "2026-12-04") == "klondike"
    assert daily.daily_of_code("KL1-D1-AAAAAAB", "2026-12-04") is None


SAMPLE = ["2026-12-04", "2027-03-15", "2028-02-29", "2031-07-01"]


@pytest.mark.parametrize("game", [g for g in daily.GAMES if g != "devils-grip"])
def test_sample_of_dailies_replays_to_a_win(game):
    """Each sampled daily is solved again and the solution replayed by the rules to a win."""
    rules = find_game(game)
    for date in SAMPLE:
        d = daily.daily_deal(date, game)
        start = rules.deal(d.number, d.options)
        r = rules.solve(start, timeout=30, clock=time.process_time)  # CPU: a busy machine passes
        assert r.status == "solved", (date, d.code, r.status)
        h = History.start(rules, start)
        for m in r.moves:
            h.play(m)
        assert rules.status(h.state) == "won", (date, d.code)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True)


def test_cli_daily():
    p = cli("daily", "2026-12-04")
    assert p.returncode == 0 and p.stdout.splitlines() == GOLDEN["2026-12-04"] and p.stderr == ""
    p = cli("daily")
    assert p.returncode == 0
    assert p.stdout.splitlines() in (lines(dt.date.today().isoformat()),
                                     lines((dt.date.today() - dt.timedelta(days=1)).isoformat()))


@pytest.mark.parametrize("bad", ["2026-02-30", "yesterday", "2026-1-1"])
def test_cli_daily_bad_date(bad):
    p = cli("daily", bad)
    assert p.returncode == 2 and p.stdout == ""
    assert len(p.stderr.splitlines()) == 1 and bad in p.stderr


@pytest.mark.parametrize("options", [["draw=1"], ["suits=2", "relaxed=no"], ["scoring=moves"], ["mode=easy"],
                                     ["layout=28"], ["passes=unlimited"], ["layout=028"]])
def test_cli_daily_takes_an_option_that_agrees_with_the_day(options):
    """``daily`` takes ``--option`` as every command does (argparse refused it): one that agrees
    with the day's fixed rules, or one that does not choose the deal (TriPeaks' scoring), prints
    the same deals."""
    p = cli("daily", "2026-12-04", *[x for o in options for x in ("--option", o)])
    assert p.returncode == 0 and p.stdout.splitlines() == GOLDEN["2026-12-04"] and p.stderr == "", p.stderr


@pytest.mark.parametrize("option, words", [
    ("draw=3", ["draw=3", "klondike", "draw=1", "fixed"]),
    ("suits=4", ["suits=4", "spider", "suits=2"]),
    ("mode=classic", ["mode=classic", "tripeaks", "mode=easy"]),
    ("layout=7", ["layout=7", "pyramid", "layout=28"]),
    ("draw=01", ["draw", "01", "1|3"]),
    ("passes=3", ["passes=3", "pyramid", "passes=unlimited"]),
    ("colour=blue", ["colour", "no game has this option"]),
    ("draw=9", ["draw", "9", "1|3"]),
    ("draw", ["'draw' is not KEY=VALUE"]),
])
def test_cli_daily_refuses_an_option_against_its_fixed_rules_clearly(option, words):
    p = cli("daily", "2026-12-04", "--option", option)
    lines = p.stderr.splitlines()
    assert p.returncode == 2 and p.stdout == "" and len(lines) == 1, p.stderr
    assert lines[0].startswith("error: ") and all(w in lines[0] for w in words), lines[0]
    assert "unrecognized arguments" not in lines[0]


def test_the_docs_example_is_the_commands_output():
    """docs/progression.md shows ``python -m games daily 2026-12-04`` with its output: the lines
    shown are what the golden date gives (a rebuilt bank changes both, or the docs go stale)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "progression.md").read_text(encoding="utf-8")
    block = text.split("$ python -m games daily 2026-12-04\n", 1)[1].split("```", 1)[0]
    assert block.split("\n")[:-1] == GOLDEN["2026-12-04"]
