"""The progression in the store (ui/progression.py): saved, read back, corrupted records kept
aside with a notice while the rest loads, carried by export/import."""
import json

from games.progression import GameResult
from ui.progression import BADGES, DAILY, RECORDS, Progression
from ui.storage import MemoryStorage, Store


def win(daily=None, seconds=300, game="klondike", options=None):
    return GameResult(game, options or {"draw": "1"}, "KL1-D1-AAAAAGM", True, seconds, 150, "2026-12-04",
                      daily=daily)


def filled():
    store = Store(MemoryStorage())
    p = Progression(store)
    out = p.record(win(daily="2026-12-04"))
    assert out.points == 700 and out.new_badges == ["first-win"]
    p.mark_played("2026-12-04", "spider", "SP1-2-AAAAAGE")
    return store, p


def test_saved_and_read_back():
    store, p = filled()
    again = Progression(store)
    assert again.data == p.data
    assert again.daily_entry("2026-12-04", "klondike").won
    assert not again.daily_entry("2026-12-04", "spider").won
    assert again.daily_entry("2026-12-04", "freecell") is None
    assert again.data.records["daily klondike"][0].points == 700
    assert store.take_notices() == []


def test_mark_played_never_overwrites_a_result():
    store, p = filled()
    p.mark_played("2026-12-04", "klondike", "KL1-D1-AAAAAGM")
    assert p.daily_entry("2026-12-04", "klondike").won


def test_a_corrupted_record_is_kept_aside_and_the_rest_loads():
    from games.i18n import set_language
    set_language("en")          # the notice is checked in English whatever an earlier test left
    for name in (DAILY, RECORDS, BADGES):
        store, p = filled()
        doc = json.loads(store.backend.get(name))
        doc["data"] = {"2026-13-45": "garbage"} if name != BADGES else {"earned": {"no-such-badge": "2026-12-04"}}
        store.backend.set(name, json.dumps(doc))
        again = Progression(store)
        notices = store.take_notices()
        label = {DAILY: "deal of the day results", RECORDS: "records", BADGES: "badges"}[name]
        assert len(notices) == 1 and label in notices[0]
        assert store.backend.get(name + ".corrupt") is not None        # kept, not lost
        others = {DAILY: again.data.daily, RECORDS: again.data.records, BADGES: again.data.badges}
        for other, value in others.items():
            assert (value == {}) == (other == name), (name, other)


def test_export_and_import_carry_the_progression():
    store, p = filled()
    text = store.export_text()
    other = Store(MemoryStorage())
    other.import_text(text)
    assert Progression(other).data == p.data


def test_continue_takes_the_history_the_home_screen_replayed(monkeypatch):
    """The home screen replays each unfinished save to offer Continue; Continue then takes that
    history instead of replaying the same save again (a long game's replay costs its length), once:
    a second load, or a save changed since, replays."""
    from ui.progress import Progress, SavedGame
    from ui.storage import MemoryStorage, Store

    p = Progress(Store(MemoryStorage()))
    saved = p.begin("klondike", 5, {"draw": "1"})
    h = saved.replay()
    for _ in range(30):
        h.act("s")
    p.save(saved, h)
    calls = []
    real = SavedGame.replay_prefix
    monkeypatch.setattr(SavedGame, "replay_prefix", lambda self: calls.append(1) or real(self))
    assert p.unfinished() == ["klondike"] and len(calls) == 1
    got = p.load_game("klondike")
    assert got is not None and len(calls) == 1
    assert got[1].actions == h.actions and got[1].state == h.state
    assert p.load_game("klondike") is not None and len(calls) == 2
    p.unfinished()
    got[1].act("s")
    p.save(got[0], got[1])          # the save changed after the home screen replayed it
    assert p.load_game("klondike")[1].actions == got[1].actions and len(calls) == 3
