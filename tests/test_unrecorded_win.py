"""A win whose records the storage refused (full) is flagged in its save and recorded later,
exactly once: at the next start, or by the same window's next write that succeeds
(docs/storage.md, "A win the storage refused"; ``ui.table.session.record_unrecorded``)."""
import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games import bank as banks
from games import records
from games.core import WON
from games.registry import find_game
from ui.progress import Progress, SavedGame, stats_key
from ui.progression import BADGES, DAILY, RECORDS, Progression
from ui.storage import MemoryStorage, StorageError, Store
from ui.table.session import Session, record_unrecorded

import conftest

GAME = "tripeaks"
RULES = find_game(GAME)
OPTS = RULES.check_options({})
KEY = stats_key(GAME, OPTS)
PROGRESSION = [DAILY, RECORDS, BADGES]


class Refusing(MemoryStorage):
    """A browser-like storage with room for some records and none for others: a write of a
    record named in ``refused`` (or of its pending copy) fails, as a nearly full quota does."""

    def __init__(self):
        super().__init__()
        self.refused: set[str] = set()

    def set(self, key, text):
        if key.removesuffix(".new") in self.refused:
            raise StorageError("QuotaExceededError")
        super().set(key, text)


@pytest.fixture(scope="module")
def line():
    """A banked TriPeaks deal and a winning line of it (the solver's, found once)."""
    number = sorted(banks.load(RULES, OPTS).solvable)[0]
    r = RULES.solve(RULES.deal(number, OPTS), max_nodes=200_000)
    assert r.status == "solved"
    return number, list(r.moves)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def win(backend, line, refused, seconds=61.35):
    """A window over ``backend`` plays the deal to its last move, then wins it while the
    records in ``refused`` cannot be written, and saves as a table does after a win (the
    progression's retry, then the game's save). Returns the session."""
    number, moves = line
    store = Store(backend)
    progress, progression = Progress(store), Progression(store)
    s = Session(RULES, GAME)
    s.deal(number, OPTS, progress=progress)
    for m in moves:
        s.play(m)
    assert s.status() == WON
    s.clock = seconds
    backend.refused = set(refused)
    s.record_end(progress, progression)
    progression.flush()
    s.autosave(progress)
    s.progress, s.progression = progress, progression
    return s


def stored_save(backend) -> dict:
    return json.loads(backend.data[f"game.{GAME}"])["data"]


def stored_figures(backend):
    """(statistics of the bucket, rows of the variant's record table, TriPeaks wins badge count)
    as stored."""
    stats = json.loads(backend.data.get("stats", '{"data": {}}'))["data"].get(KEY, {})
    tables = json.loads(backend.data.get(RECORDS, '{"data": {}}'))["data"]
    rows = tables.get(records.table_key(GAME, OPTS), [])
    wins = json.loads(backend.data.get(BADGES, '{"data": {}}'))["data"].get("wins", {}).get(GAME, 0)
    return stats, rows, wins


@pytest.mark.parametrize("refused", [["stats"], PROGRESSION, ["stats"] + PROGRESSION],
                         ids=["stats", "progression", "both"])
def test_a_win_the_storage_refused_is_recorded_once_at_the_next_start(line, refused):
    backend = Refusing()
    s = win(backend, line, refused)
    data = stored_save(backend)
    assert data["over"] and data["unrecorded"]["parts"] == sorted(refused)
    before = stored_figures(backend)
    assert (before[0].get("won", 0) == 0) == ("stats" in refused)
    backend.refused = set()     # room freed; the page is loaded again
    app = conftest.new_app(store=Store(backend), frames=0)
    stats, rows, wins = stored_figures(backend)
    assert (stats["played"], stats["won"]) == (1, 1) and app.progress.summary(KEY)["won"] == 1
    assert stats["best_time"] == 61 and stats["best_score"] == s.score()
    assert stats["fewest_moves"] == s.player_moves()
    assert len(rows) == 1 and rows[0]["seconds"] == 61 and rows[0]["moves"] == s.player_moves() and wins == 1
    assert "unrecorded" not in stored_save(backend)
    pygame.display.quit()
    conftest.new_app(store=Store(backend), frames=0)      # and once only
    assert stored_figures(backend) == (stats, rows, wins)


def test_a_win_still_refused_at_the_start_keeps_its_flag_and_is_recorded_when_room_is_freed(line):
    backend = Refusing()
    win(backend, line, ["stats", RECORDS])
    backend.refused = {"stats"}
    store = Store(backend)
    progress, progression = Progress(store), Progression(store)
    assert record_unrecorded(progress, progression) == 1
    assert stored_save(backend)["unrecorded"]["parts"] == ["stats"]    # the records went in
    assert len(stored_figures(backend)[1]) == 1
    backend.refused = set()
    for _ in range(2):
        record_unrecorded(Progress(Store(backend)), Progression(Store(backend)))
    stats, rows, wins = stored_figures(backend)
    assert stats["won"] == 1 and len(rows) == 1 and wins == 1
    assert "unrecorded" not in stored_save(backend)


def test_the_same_window_writes_the_win_at_its_next_save_and_clears_the_flag(line):
    backend = Refusing()
    s = win(backend, line, ["stats"] + PROGRESSION)
    backend.refused = set()
    s.progression.flush()           # the table's next save: the progression first, then the game
    s.autosave(s.progress)
    stats, rows, wins = stored_figures(backend)
    assert stats["won"] == 1 and len(rows) == 1 and wins == 1
    assert "unrecorded" not in stored_save(backend)
    record_unrecorded(Progress(Store(backend)), Progression(Store(backend)))
    assert stored_figures(backend) == (stats, rows, wins)


def test_a_new_deal_over_an_unrecorded_win_carries_it_until_it_is_recorded(line):
    backend = Refusing()
    s = win(backend, line, ["stats"] + PROGRESSION)
    s.deal(line[0] + 1, OPTS, progress=s.progress)      # New deal, the storage still full
    (carried,) = stored_save(backend)["carried"]
    assert carried["id"] == s.progress.stats[KEY]["counted"][0] and carried["unrecorded"]["parts"]
    backend.refused = set()
    conftest.new_app(store=Store(backend), frames=0)
    stats, rows, wins = stored_figures(backend)
    assert (stats["played"], stats["won"]) == (1, 1) and len(rows) == 1 and wins == 1
    data = stored_save(backend)
    assert "carried" not in data and data["number"] == line[0] + 1 and not data["over"]


def test_old_saves_read_without_the_flag_and_a_bad_flag_is_refused():
    old = {"game": GAME, "number": 3, "options": dict(OPTS), "actions": []}
    assert SavedGame.from_data(old).unrecorded == {} and SavedGame.from_data(old).carried == []
    assert "unrecorded" not in SavedGame.from_data(old).data()
    for bad in ({"date": "2026-13-01", "parts": ["stats"]}, {"date": "2026-01-01", "parts": ["x"]},
                {"date": "2026-01-01", "parts": []}, ["stats"]):
        with pytest.raises(ValueError):
            SavedGame.from_data(old | {"unrecorded": bad})
    with pytest.raises(ValueError):
        SavedGame.from_data(old | {"carried": [old]})      # carried, yet nothing unrecorded


def test_a_flagged_save_of_another_game_is_cleared_when_this_window_writes_its_records(line):
    """The window won TriPeaks with the storage full, then went to play another game: the
    TriPeaks save's flag is cleared at that game's first save after the records were written,
    so a later start records nothing twice."""
    backend = Refusing()
    s = win(backend, line, ["stats"] + PROGRESSION)
    backend.refused = set()
    other = Session(find_game("klondike"), "klondike")
    other.deal(7, find_game("klondike").check_options({}), progress=s.progress)
    other.play("s")
    s.progression.flush()           # the Klondike table's save: the progression, then its game
    other.autosave(s.progress)
    assert "unrecorded" not in stored_save(backend)
    figures = stored_figures(backend)
    assert figures[0]["won"] == 1 and len(figures[1]) == 1 and figures[2] == 1
    conftest.new_app(store=Store(backend), frames=0)
    assert stored_figures(backend) == figures


def test_a_new_deal_whose_save_is_refused_counts_the_old_game_only_once_the_new_one_is_stored():
    """New deal over an unfinished game with room for the statistics but not for the new deal's
    save (S4b): the old game stays the stored one, offered to Continue, and is not counted lost
    (it was: then its win never counted); once a save of the new deal is written, it counts."""
    from games.core import WON, History
    from games.registry import find_game
    from ui.progress import Progress
    from ui.storage import MemoryStorage, StorageError, Store

    class NoRoomForSaves(MemoryStorage):
        full = False

        def set(self, key, text):
            if self.full and key.startswith("game."):
                raise StorageError("quota exceeded")
            super().set(key, text)

    opts = {"mode": "easy", "scoring": "streak"}
    key = "tripeaks:mode=easy,scoring=streak"
    rules = find_game("tripeaks")
    line = rules.solve(rules.deal(5, rules.check_options(opts)), max_nodes=400_000).moves
    mem = NoRoomForSaves()
    p = Progress(Store(mem))
    s = p.begin("tripeaks", 5, opts)
    h = History.start(rules, rules.deal(5, rules.check_options(opts)))
    for m in line[:5]:
        h.act(m)
    p.save(s, h)
    mem.full = True
    s6 = p.begin("tripeaks", 6, opts)
    assert key not in p.stats
    mem.full = False
    p2 = Progress(Store(mem))                 # a reload
    assert p2.unfinished() == ["tripeaks"] and key not in p2.stats
    saved, hist = p2.load_game("tripeaks")
    for m in line[5:]:
        hist.act(m)
    assert rules.status(hist.state) == WON and p2.won(saved, hist, 100)
    assert (p2.stats[key]["played"], p2.stats[key]["won"]) == (1, 1)
    # the first window, going on with the new deal: its first save written counts the old game lost
    h6 = History.start(rules, rules.deal(6, rules.check_options(opts)))
    h6.act("s")
    mem2 = NoRoomForSaves()
    p3 = Progress(Store(mem2))
    s3 = p3.begin("tripeaks", 5, opts)
    h3 = History.start(rules, rules.deal(5, rules.check_options(opts)))
    h3.act(line[0])
    p3.save(s3, h3)
    mem2.full = True
    s6 = p3.begin("tripeaks", 6, opts)
    mem2.full = False
    assert key not in p3.stats
    assert p3.save(s6, h6) and p3.stats[key]["played"] == 1
