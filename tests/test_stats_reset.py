"""Statistics: the longest losing streak, the average time of a win, and a reset per variant or
for all games that loses nothing (compare34 G7): the figures as they were are kept aside (Kept
data) and Undo puts them back; saves and export/import keep working. Progress is driven
directly, then the Statistics screen through the real App headless."""
import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.i18n import tr
from ui.progress import Counted, Progress, SavedGame, read_stats, stats_key, stats_of
from ui.scenes.stats import StatsScene
from ui.storage import MemoryStorage, Store
from conftest import click, new_app

TRI = {"mode": "easy", "scoring": "streak"}
KEY = stats_key("tripeaks", TRI)


def played(progress, results, game="tripeaks", opts=TRI, first=1):
    """Games of ``game`` counted in order: ``results`` a text of ``w`` (won in 100 + k s) and
    ``l`` (lost)."""
    for k, r in enumerate(results):
        sv = SavedGame(game, first + k, opts, seconds=100 + k)
        if r == "w":
            h = sv.replay()
            h.moves = 50 + k
            progress.won(sv, h, 1000 + k)
        else:
            progress._count(sv, False)


def test_the_longest_losing_streak_and_the_average_win_time_are_counted():
    p = Progress(Store(MemoryStorage()))
    played(p, "wlllwwllw")
    s = p.summary(KEY)
    assert (s["loss_streak"], s["worst_streak"]) == (0, 3)
    # the wins took 100, 104, 105 and 108 s
    assert s["timed_wins"] == 4 and s["win_seconds"] == 417 and s["avg_win_time"] == 104
    played(p, "ll", first=50)
    s = p.summary(KEY)
    assert (s["loss_streak"], s["worst_streak"]) == (2, 3)
    read_stats(p.stats)                       # what is written reads back


def test_a_win_with_undo_counts_in_the_average_not_in_the_bests():
    p = Progress(Store(MemoryStorage()))
    sv = SavedGame("tripeaks", 3, TRI, seconds=90)
    h = sv.replay()
    h.undo_used = True
    p.won(sv, h, 700)
    s = p.summary(KEY)
    assert s["best_time"] is None and s["avg_win_time"] == 90


def test_a_record_written_before_takes_its_losing_streaks_from_its_last_results():
    old = {KEY: {"played": 6, "won": 2, "streak": 0, "best_streak": 1, "last": list("wlllwl"),
                 "counted": [str(i) for i in range(6)]}}
    read_stats(old)
    s = stats_of(old)[KEY]
    assert (s["loss_streak"], s["worst_streak"], s["timed_wins"]) == (1, 3, 0)


def test_a_loss_turned_win_ends_the_losing_streak_and_keeps_the_counts_agreeing():
    st = {}
    for gid, won in zip("1234", (True, False, False, False)):
        Counted("k", gid, won).apply(st)
    assert (st["k"]["loss_streak"], st["k"]["worst_streak"]) == (3, 3)
    assert Counted("k", "4", True, win_time=80).apply(st)     # the last loss, won after all
    s = st["k"]
    assert s["loss_streak"] == 0 and s["worst_streak"] == 2 and s["win_seconds"] == 80


@pytest.mark.parametrize("bad", [{"loss_streak": 2, "worst_streak": 1}, {"worst_streak": 9},
                                 {"timed_wins": 5}, {"win_seconds": -1}, {"loss_streak": True}])
def test_losing_streaks_and_times_that_disagree_do_not_read(bad):
    rec = {KEY: {"played": 4, "won": 2, "streak": 0, "best_streak": 1, "last": list("wlwl"),
                 "counted": list("abcd")} | bad}
    with pytest.raises(ValueError):
        read_stats(rec)


def store_with_two_variants():
    store = Store(MemoryStorage())
    p = Progress(store)
    played(p, "wwlw")
    played(p, "lw", "klondike", {"draw": "1"}, first=20)
    return store, p


def test_a_reset_of_one_variant_keeps_the_figures_aside_and_undo_puts_them_back():
    store, p = store_with_two_variants()
    before = store.backend.get("stats")
    kl = stats_key("klondike", {"draw": "1"})
    assert p.reset_stats([KEY])
    assert p.summary(KEY)["played"] == 0 and p.summary(kl)["played"] == 2
    # stored so, and the figures as they were in Kept data
    assert KEY not in json.loads(store.backend.get("stats"))["data"]
    kept = [k for k, name, _ in store.kept() if name == "stats"]
    assert len(kept) == 1 and store.backend.get(kept[0]) == before
    # a new Progress (the next start) reads the reset figures
    assert Progress(store).summary(KEY)["played"] == 0
    assert p.can_undo_reset() and p.undo_reset() and not p.can_undo_reset()
    assert p.summary(KEY)["played"] == 4 and json.loads(store.backend.get("stats")) == json.loads(before)
    assert not [k for k, name, _ in store.kept() if name == "stats"]     # back in full: no copy left


def test_a_reset_of_all_games_can_be_restored_from_kept_data_after_a_restart():
    store, p = store_with_two_variants()
    assert p.reset_stats(None) and p.stats == {}
    key = next(k for k, name, _ in store.kept() if name == "stats")
    p2 = Progress(store)                                  # the app started again: no undo in memory
    assert not p2.can_undo_reset() and p2.stats == {}
    assert store.restore_kept(key)
    assert Progress(store).summary(KEY)["played"] == 4


def test_a_reset_the_storage_refuses_changes_nothing():
    store, p = store_with_two_variants()
    before = store.backend.get("stats")

    def refuse(*a):
        raise OSError("full")
    store.backend.set = refuse
    assert not p.reset_stats([KEY])
    assert p.summary(KEY)["played"] == 4 and store.backend.get("stats") == before


def test_export_and_import_carry_the_new_figures():
    store, p = store_with_two_variants()
    played(p, "ll", first=60)
    text = store.export_text()
    other = Store(MemoryStorage())
    other.import_text(text)
    s = Progress(other).summary(KEY)
    assert (s["worst_streak"], s["timed_wins"], s["played"]) == (2, 3, 6)


# -- the screen ----------------------------------------------------------------------------------
@pytest.fixture(autouse=False)
def _quit():
    yield
    pygame.display.quit()


def button(app, name):
    return next(b for b, _ in app.scene.buttons if b.name == name)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_statistics_screen_resets_after_asking_and_undoes(lang, size, _quit):
    store, _ = store_with_two_variants()
    app = new_app(StatsScene("tripeaks"), size, store=store, language=lang)
    sc = app.scene
    figs = dict(sc.figures())
    assert figs[tr("Played")] == "4" and figs[tr("Worst streak")] == "1"
    assert figs[tr("Average win time")] == "1:41"          # 100, 101 and 103 s: 101.3
    click(app, button(app, "reset").rect.center)
    assert sc.panel is not None and sc.panel.title == tr("Reset statistics?")
    assert dict(sc.figures())[tr("Played")] == "4"          # nothing yet: it asks first
    click(app, next(b for b in sc.panel.buttons if b.name == "reset-variant").rect.center)
    assert sc.panel is None and dict(sc.figures())[tr("Played")] == "0"
    assert sc.message == tr("Statistics reset. The figures as they were are kept in Settings, Kept data; "
                            "Undo puts them back.")
    assert app.progress.summary(stats_key("klondike", {"draw": "1"}))["played"] == 2
    click(app, button(app, "undo-reset").rect.center)
    assert dict(sc.figures())[tr("Played")] == "4" and button(app, "reset")


def test_the_statistics_screen_cancel_changes_nothing(_quit):
    store, _ = store_with_two_variants()
    app = new_app(StatsScene("tripeaks"), store=store)
    sc = app.scene
    before = store.backend.get("stats")
    click(app, button(app, "reset").rect.center)
    click(app, next(b for b in sc.panel.buttons if b.name == "cancel").rect.center)
    assert sc.panel is None and store.backend.get("stats") == before and not store.kept()


def test_all_games_reset_leaves_the_empty_screen_with_undo(_quit):
    store, _ = store_with_two_variants()
    app = new_app(StatsScene("tripeaks"), store=store)
    sc = app.scene
    click(app, button(app, "reset").rect.center)
    click(app, next(b for b in sc.panel.buttons if b.name == "reset-all").rect.center)
    assert sc.empty and button(app, "undo-reset")
    click(app, button(app, "undo-reset").rect.center)
    assert not sc.empty and dict(sc.figures())[tr("Played")] == "4"


def test_undo_after_a_game_counted_since_the_reset_says_what_it_could_not_put_back(_quit):
    """A game counted in a reset bucket after the reset: Undo leaves that bucket as it is now (its
    old figures stay in Kept data) and said "The statistics are back as they were" all the same
    (fresh34b H0). It says which figures came back and where the others are."""
    from ui.progress import UNDONE, UNDONE_PARTLY
    from ui.scenes.stats import MSG_RESET_UNDONE_PARTLY

    store, p = store_with_two_variants()
    kl = stats_key("klondike", {"draw": "1"})
    assert p.reset_stats(None)
    played(p, "l", first=50)                      # a TriPeaks loss counted since the reset
    assert p.undo_reset() == UNDONE_PARTLY
    assert p.summary(KEY)["played"] == 1 and p.summary(kl)["played"] == 2   # Klondike back, TriPeaks as now
    assert [k for k, name, _ in store.kept() if name == "stats"]            # the old figures still kept aside

    store, p = store_with_two_variants()
    assert p.reset_stats([KEY]) and p.undo_reset() == UNDONE and p.undo_reset() == ""

    store, _ = store_with_two_variants()
    app = new_app(StatsScene("tripeaks"), (1280, 800), store=store, language="en")
    sc = app.scene
    click(app, button(app, "reset").rect.center)
    click(app, next(b for b in sc.panel.buttons if b.name == "reset-variant").rect.center)
    played(app.progress, "l", first=60)
    click(app, button(app, "undo-reset").rect.center)
    assert sc.message == tr(MSG_RESET_UNDONE_PARTLY) and "Kept data" in sc.message
