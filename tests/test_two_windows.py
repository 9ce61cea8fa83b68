"""Two windows of the game over one storage (two browser tabs share localStorage, two desktop
windows share store.json): nothing either window did is lost (docs/web.md, "Saves in the browser").

Each window is its own Store, Progress, Progression and Settings over ONE back end, as two tabs
are; the actions interleave as a player switching between them makes them."""
import json

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from games.core import History
from games.progression import GameResult
from games.tripeaks import DRAW, TriPeaks
from ui.progress import SavedGame, Progress, stats_key
from ui.progression import Progression
from ui.settings import Settings
from ui.storage import JsonFileStorage, MemoryStorage, Store

OPTS = {"mode": "easy", "scoring": "streak"}
KEY = stats_key("tripeaks", OPTS)


class Window:
    """One window: its own objects over the shared back end (``backend()`` gives this window's
    handle on it: the same MemoryStorage, or its own JsonFileStorage of the same file)."""

    def __init__(self, backend):
        self.store = Store(backend)
        self.progress = Progress(self.store)
        self.progression = Progression(self.store)
        self.settings = Settings.load(self.store)


def shared_memory():
    mem = MemoryStorage()
    return lambda: mem


def shared_file(tmp_path):
    path = tmp_path / "store.json"
    return lambda: JsonFileStorage(path)


def play(history, n):
    """``n`` moves of TriPeaks: a fitting card when there is one, else the stock."""
    for _ in range(n):
        moves = TriPeaks.legal_moves(history.state)
        card = next((m for m in moves if m != DRAW), None)
        history.play(card if card is not None else DRAW)
    return history


def deal(w, number):
    saved = w.progress.begin("tripeaks", number, OPTS)
    return saved, History.start(TriPeaks, TriPeaks.deal(number, OPTS))


def win_in(w, number, score=500, seconds=60):
    """A game of deal ``number`` begun and won in window ``w`` (the win counted as the table
    counts it)."""
    saved, h = deal(w, number)
    play(h, 3)
    saved.seconds = seconds
    w.progress.save(saved, h)
    return w.progress.won(saved, h, score)


def stored_stats(backend):
    return json.loads(backend.get("stats"))["data"]


@pytest.fixture(params=["memory", "file"])
def shared(request, tmp_path):
    return shared_memory() if request.param == "memory" else shared_file(tmp_path)


def test_a_win_in_one_window_survives_the_other_windows_later_save(shared):
    a, b = Window(shared()), Window(shared())
    assert win_in(b, 11, score=700, seconds=90)
    assert win_in(a, 12, score=400, seconds=50)    # a's copy of the statistics predates b's win
    s = stored_stats(shared())[KEY]
    assert (s["played"], s["won"], s["streak"], s["best_streak"]) == (2, 2, 2, 2)
    assert (s["best_score"], s["best_time"]) == (700, 50)
    assert sorted(s["last"]) == ["w", "w"] and len(s["counted"]) == 2
    assert a.progress.stats[KEY]["won"] == 2       # a now shows both
    b.progress.refresh()
    assert b.progress.stats[KEY]["won"] == 2


def test_a_loss_counted_by_a_new_deal_keeps_the_other_windows_win(shared):
    a, b = Window(shared()), Window(shared())
    saved, h = deal(a, 21)
    play(h, 4)
    a.progress.save(saved, h)
    assert win_in(b, 22)                  # b's deal replaces a's game: a's counts as lost there
    deal(a, 23)                           # a deals again: the save it replaces is b's won game
    s = stored_stats(shared())[KEY]
    assert (s["played"], s["won"]) == (2, 1)


def test_the_same_game_won_in_both_windows_counts_once(shared):
    a, b = Window(shared()), Window(shared())
    saved, h = deal(a, 31)
    play(h, 3)
    a.progress.save(saved, h)
    got = b.progress.load_game("tripeaks")
    assert got is not None
    saved_b, h_b = got
    assert b.progress.won(saved_b, h_b, 100)
    assert not a.progress.won(saved, h, 100)
    assert stored_stats(shared())[KEY]["won"] == 1


def test_a_saved_game_continued_in_another_window_is_never_overwritten(shared):
    a, b = Window(shared()), Window(shared())
    saved, h = deal(a, 41)
    play(h, 2)
    assert a.progress.save(saved, h)
    saved_b, h_b = b.progress.load_game("tripeaks")
    play(h_b, 3)
    assert b.progress.save(saved_b, h_b)           # b continued it: 5 moves
    theirs = shared().get("game.tripeaks")
    h.play(DRAW)                                   # a move of a's own (b played a card there)
    assert h.actions[-1] != h_b.actions[2]
    assert not a.progress.save(saved, h)           # a's stale game: not written
    back = shared()
    assert back.get("game.tripeaks") == theirs
    kept = json.loads(back.get("game.tripeaks.corrupt"))["data"]
    assert kept["actions"] == list(h.actions) and len(kept["actions"]) == 3
    assert "tripeaks" in a.progress.superseded
    notes = a.store.take_notices()
    assert len(notes) == 1 and "another window" in notes[0]
    # further saves of the stale game write nothing more, and no second copy of the same version
    assert not a.progress.save(saved, h)
    assert back.get("game.tripeaks.corrupt.2") is None and a.store.take_notices() == []
    # a reads the save again (its table takes it up): it goes on from b's 5 moves and saves
    saved_a, h_a = a.progress.load_game("tripeaks")
    assert list(h_a.actions) == list(h_b.actions)
    play(h_a, 1)
    assert a.progress.save(saved_a, h_a)
    assert "tripeaks" not in a.progress.superseded


def test_a_window_with_no_new_move_keeps_nothing_aside(shared):
    a, b = Window(shared()), Window(shared())
    saved, h = deal(a, 43)
    play(h, 2)
    a.progress.save(saved, h)
    saved_b, h_b = b.progress.load_game("tripeaks")
    play(h_b, 2)
    b.progress.save(saved_b, h_b)
    assert a.progress.changed_elsewhere("tripeaks")
    saved.seconds += 3                             # only the clock ran on in a
    assert not a.progress.save(saved, h)
    assert shared().get("game.tripeaks.corrupt") is None and a.store.take_notices() == []


def test_the_other_windows_save_of_its_clock_alone_is_no_conflict(shared):
    """A window left open on the game saves its clock every few seconds: the window playing it
    goes on saving its moves, and the one left open takes them up, never the reverse."""
    a, b = Window(shared()), Window(shared())
    saved, h = deal(a, 45)
    play(h, 2)
    a.progress.save(saved, h)
    saved_b, h_b = b.progress.load_game("tripeaks")
    saved.seconds += 10
    assert a.progress.save(saved, h)               # a's clock, no new move
    play(h_b, 1)
    assert b.progress.save(saved_b, h_b)           # b's move is written over a's clock
    assert len(json.loads(shared().get("game.tripeaks"))["data"]["actions"]) == 3
    saved.seconds += 10
    assert not a.progress.save(saved, h)           # a's clock again: b played on, a writes nothing
    assert "tripeaks" in a.progress.superseded and shared().get("game.tripeaks.corrupt") is None
    assert a.store.take_notices() == []


def test_progression_of_two_windows_merges(shared):
    a, b = Window(shared()), Window(shared())

    def result(game, options, code, seconds, daily=None):
        return GameResult(game, options, code, True, seconds, 120, "2026-12-04", daily=daily)

    out_b = b.progression.record(result("klondike", {"draw": "1"}, "KL1-D1-AAAAAGM", 300, "2026-12-04"))
    assert out_b.new_badges == ["first-win"]
    a.progression.mark_played("2026-12-04", "spider", "SP1-2-AAAAAGE")
    out_a = a.progression.record(result("freecell", {}, "FC1-AAAAAGM", 200))
    assert "first-win" not in out_a.new_badges      # b earned it first: a sees it stored
    again = Progression(Store(shared()))
    d = again.data
    assert d.wins == {"klondike": 1, "freecell": 1}
    assert d.daily["2026-12-04"]["klondike"].won and "spider" in d.daily["2026-12-04"]
    assert set(d.records) >= {"klondike draw=1", "daily klondike", "freecell"}
    assert d.bests.get("klondike_fastest") == 300 and d.bests.get("freecell_fewest") == 120
    assert "first-win" in d.badges


def test_record_rows_of_both_windows_enter_the_table(shared):
    a, b = Window(shared()), Window(shared())
    for w, secs in ((a, 100), (b, 200), (a, 300)):
        w.progression.record(GameResult("klondike", {"draw": "1"}, "KL1-D1-AAAAAGM", True, secs, 100, "2026-12-04"))
    rows = Progression(Store(shared())).data.records["klondike draw=1"]
    assert sorted(r.seconds for r in rows) == [100, 200, 300]


def test_settings_of_two_windows_keep_each_others_keys(shared):
    a, b = Window(shared()), Window(shared())
    a.settings.save(a.store)
    b.settings = Settings.load(b.store)
    a.settings.sound = False
    a.settings.options_for("klondike")["draw"] = "3"
    assert a.settings.save(a.store)
    b.settings.card_back = "red"
    b.settings.options_for("spider")["suits"] = "4"
    assert b.settings.save(b.store)
    got = Settings.load(Store(shared()))
    assert got.sound is False and got.card_back == "red"
    assert got.game_options["klondike"]["draw"] == "3" and got.game_options["spider"]["suits"] == "4"
    assert b.settings.sound is False               # b took a's change with its write
    a.settings.refresh(a.store)
    assert a.settings.card_back == "red"
    # the last writer wins a field both changed
    a.settings.card_back = "green"
    a.settings.save(a.store)
    assert Settings.load(Store(shared())).card_back == "green"


def test_a_rule_options_dict_held_by_a_menu_stays_the_settings_own_across_saves():
    mem = MemoryStorage()
    a, b = Window(mem), Window(mem)
    a.settings.save(a.store)
    b.settings = Settings.load(b.store)
    held = a.settings.options_for("klondike")       # a table's options menu keeps this dict
    held["draw"] = "3"
    a.settings.save(a.store)
    b.settings.options_for("klondike")["draw"] = "1"
    b.settings.sound = False
    b.settings.save(b.store)
    a.settings.refresh(a.store)
    assert held["draw"] == "1" and a.settings.sound is False
    held["draw"] = "3"                              # the menu cycles again: it is a change of a's
    a.settings.save(a.store)
    assert Settings.load(Store(mem)).game_options["klondike"]["draw"] == "3"


def test_settings_keep_keys_a_newer_version_wrote():
    mem = MemoryStorage()
    st_ = Store(mem)
    s = Settings.load(st_)
    s.save(st_)
    doc = json.loads(mem.get("settings"))
    doc["data"]["table_felt"] = "dark"            # a key this version does not know
    mem.set("settings", json.dumps(doc))
    s.sound = False
    assert s.save(st_)
    data = json.loads(mem.get("settings"))["data"]
    assert data["table_felt"] == "dark" and data["sound"] is False


def test_two_desktop_windows_keep_each_others_records(tmp_path):
    """The file back end wrote its whole dict from memory: a record another window wrote since
    this one read the file was erased."""
    path = tmp_path / "store.json"
    a, b = JsonFileStorage(path), JsonFileStorage(path)
    a.set("game.klondike", "A")
    b.set("game.spider", "B")
    a.set("settings", "A2")
    assert json.loads(path.read_text()) == {"game.klondike": "A", "game.spider": "B", "settings": "A2"}
    assert b.get("settings") == "A2" and sorted(b.keys()) == ["game.klondike", "game.spider", "settings"]
    b.remove("game.klondike")
    assert a.get("game.klondike") is None


def test_a_refused_stats_write_is_applied_at_the_next_one():
    mem = MemoryStorage()
    a, b = Window(mem), Window(mem)
    mem.fail_writes = True
    saved, h = deal(a, 51)           # not written (storage full)
    play(h, 3)
    assert a.progress.won(saved, h, 100)
    mem.fail_writes = False
    assert win_in(b, 52)
    assert win_in(a, 53)
    assert stored_stats(mem)[KEY]["won"] == 3


ACTIONS = st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from(["win", "lose", "refresh", "full", "room"])),
                   max_size=24)


@hsettings(max_examples=40, deadline=None)
@given(ACTIONS)
def test_any_interleaving_of_two_windows_counts_every_game(actions):
    """Two windows win and lose games in any order, now and then with the storage refusing
    writes: once writes succeed again, the statistics stored count every game exactly once."""
    mem = MemoryStorage()
    ws = {"a": Window(mem), "b": Window(mem)}
    games = {"w": 0, "l": 0}
    n = 100
    for who, what in actions:
        w = ws[who]
        if what == "full":
            mem.fail_writes = True
        elif what == "room":
            mem.fail_writes = False
        elif what == "refresh":
            w.progress.refresh()
        else:
            n += 1
            saved = SavedGame("tripeaks", n, dict(OPTS))
            h = play(History.start(TriPeaks, TriPeaks.deal(n, OPTS)), 2)
            assert w.progress._count(saved, what == "win", h, 100)
            games["w" if what == "win" else "l"] += 1
    mem.fail_writes = False
    for w in ws.values():            # each window's next write carries what was refused
        n += 1
        saved = SavedGame("tripeaks", n, dict(OPTS))
        w.progress._count(saved, True, play(History.start(TriPeaks, TriPeaks.deal(n, OPTS)), 2), 100)
        games["w"] += 1
    s = stored_stats(mem)[KEY]
    assert (s["played"], s["won"]) == (games["w"] + games["l"], games["w"])
    assert s["best_streak"] >= s["streak"] >= 1


# -- the real App: a table takes up a save another window continued ---------------------------------
def open_tripeaks(mem, number):
    import os
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from conftest import new_app
    from ui.table.tripeaks import TriPeaksTable

    return new_app(TriPeaksTable(number, dict(OPTS)), store=Store(mem))


def table_moves(app, n):
    from ui.table import hit

    for _ in range(n):
        moves = TriPeaks.legal_moves(app.scene.state)
        card = next((m for m in moves if m != DRAW), None)
        app.scene.activate(hit.slot(card) if card is not None else hit.STOCK)
    app.scene.autosave()


@pytest.fixture
def _display():
    yield
    import pygame
    pygame.display.quit()


def other_window_continues(mem, n):
    b = Window(mem)
    saved, h = b.progress.load_game("tripeaks")
    play(h, n)
    assert b.progress.save(saved, h)
    return list(h.actions)


def test_a_window_coming_back_takes_up_the_game_continued_in_the_other(_display):
    import pygame
    from conftest import _post, run_frames

    mem = MemoryStorage()
    app = open_tripeaks(mem, 61)
    table_moves(app, 2)
    theirs = other_window_continues(mem, 3)
    _post(pygame.WINDOWFOCUSLOST)
    run_frames(app, 1)
    _post(pygame.WINDOWFOCUSGAINED)
    run_frames(app, 2)
    assert list(app.scene.history.actions) == theirs
    assert "another window" in app.notice
    assert json.loads(mem.get("game.tripeaks"))["data"]["actions"] == theirs    # not written over
    assert mem.get("game.tripeaks.corrupt") is None   # nothing of this window's was unsaved
    table_moves(app, 1)                                # it goes on and saves over the other's
    assert json.loads(mem.get("game.tripeaks"))["data"]["actions"][:len(theirs)] == theirs
    assert len(json.loads(mem.get("game.tripeaks"))["data"]["actions"]) == len(theirs) + 1


def test_a_move_saved_over_the_other_windows_game_is_kept_aside_and_the_table_takes_it_up(_display):
    from conftest import run_frames

    mem = MemoryStorage()
    app = open_tripeaks(mem, 63)      # after two moves, more than one move: one of its own below
    table_moves(app, 2)
    theirs = other_window_continues(mem, 3)
    from ui.table import hit
    st = app.scene.state                               # a move of this window's own, not theirs
    mine = next(m for m in TriPeaks.legal_moves(st) if TriPeaks.format_move(st, m) != theirs[2])
    app.scene.activate(hit.STOCK if mine == DRAW else hit.slot(mine))
    app.scene.autosave()                               # saved at once: the conflict
    mine = json.loads(mem.get("game.tripeaks.corrupt"))["data"]["actions"]
    assert len(mine) == 3 and json.loads(mem.get("game.tripeaks"))["data"]["actions"] == theirs
    run_frames(app, 2)
    assert list(app.scene.history.actions) == theirs
    assert "kept aside" in app.notice
    assert json.loads(mem.get("game.tripeaks"))["data"]["actions"] == theirs    # not written over
    assert mem.get("game.tripeaks.corrupt.2") is None


def test_a_game_won_in_the_other_window_takes_this_one_home(_display):
    from conftest import _post, run_frames
    import pygame
    from ui.scenes.home import HomeScene

    mem = MemoryStorage()
    app = open_tripeaks(mem, 64)
    table_moves(app, 0)
    b = Window(mem)
    saved, h = b.progress.load_game("tripeaks")
    line = TriPeaks.solve(h.state, max_nodes=400_000)
    assert line.status == "solved"
    for m in line.moves:
        h.play(m)
    assert TriPeaks.status(h.state) == "won"
    b.progress.save(saved, h)
    _post(pygame.WINDOWFOCUSLOST)
    run_frames(app, 1)
    _post(pygame.WINDOWFOCUSGAINED)
    run_frames(app, 2)
    assert isinstance(app.scene, HomeScene) and "another window" in app.notice
    assert json.loads(mem.get("game.tripeaks"))["data"]["actions"] == list(h.actions)


@hsettings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from(["klondike", "freecell", "refresh", "full", "room"]),
                          st.integers(30, 900)), max_size=16))
def test_any_interleaving_of_two_windows_keeps_every_win_in_the_progression(actions):
    """Wins per game add up, every win's row is in its record table (up to 10 a table) and the
    first-win badge is kept, whichever window wrote last and whatever writes were refused."""
    mem = MemoryStorage()
    ws = {"a": Window(mem), "b": Window(mem)}
    wins = {"klondike": [], "freecell": []}
    for who, what, secs in actions:
        w = ws[who]
        if what == "full":
            mem.fail_writes = True
        elif what == "room":
            mem.fail_writes = False
        elif what == "refresh":
            w.progression.refresh()
        else:
            opts, code = ({"draw": "1"}, "KL1-D1-AAAAAGM") if what == "klondike" else ({}, "FC1-AAAAAGM")
            w.progression.record(GameResult(what, opts, code, True, secs, 100, "2026-12-04"))
            wins[what].append(secs)
    mem.fail_writes = False
    for w in ws.values():            # each window's next write carries what was refused
        w.progression.mark_played("2026-12-05", "spider", "SP1-2-AAAAAGE")
    got = Progression(Store(mem)).data
    assert {g: n for g, n in got.wins.items() if n} == {g: len(v) for g, v in wins.items() if v}
    for g, key in (("klondike", "klondike draw=1"), ("freecell", "freecell")):
        rows = sorted(r.seconds for r in got.records.get(key, []))
        assert rows == sorted(wins[g])[:10]
    assert ("first-win" in got.badges) == bool(wins["klondike"] or wins["freecell"])


def test_the_home_screen_coming_back_offers_a_game_begun_in_the_other_window(_display):
    import pygame
    from conftest import _post, new_app, run_frames

    mem = MemoryStorage()
    app = new_app(store=Store(mem))
    assert "tripeaks" not in app.scene.saves
    b = Window(mem)
    saved, h = deal(b, 71)
    play(h, 3)
    b.progress.save(saved, h)
    _post(pygame.WINDOWFOCUSLOST)
    run_frames(app, 1)
    _post(pygame.WINDOWFOCUSGAINED)
    run_frames(app, 2)
    assert app.scene.saves["tripeaks"][0] == 3


def test_a_game_replaced_by_another_deal_in_the_other_window_is_told_so(shared):
    """Window B plays deal 5; window A deals 3 (B's game counts lost) and plays; B's next move is
    kept aside with a notice that says another deal was started there, not that B's game was
    continued there (nobody continued it); a game continued there is still told as continued."""
    a, b = Window(shared()), Window(shared())
    saved_b, h_b = deal(b, 5)
    play(h_b, 1)
    assert b.progress.save(saved_b, h_b)
    saved_a, h_a = deal(a, 3)
    play(h_a, 2)
    assert a.progress.save(saved_a, h_a)
    play(h_b, 1)
    assert not b.progress.save(saved_b, h_b)
    notes = b.store.take_notices()
    assert len(notes) == 1 and "Another TriPeaks deal was started in another window" in notes[0], notes
    assert "continued" not in notes[0]
    kept = json.loads(shared().get("game.tripeaks.corrupt"))["data"]
    assert kept["number"] == 5 and len(kept["actions"]) == 2


def test_the_hand_and_card_faces_set_in_the_other_window_apply_to_the_open_table(_display):
    """Left-handed, four-colour suits and the card back stored by another window reach this
    window's open table when the player comes back, as a language change does: the table is laid
    out mirrored at once (it kept the old hand until the window was resized)."""
    import pygame
    from conftest import _post, run_frames

    mem = MemoryStorage()
    app = open_tripeaks(mem, 65)
    t = app.scene
    right = [b.rect.x for b in t.buttons]
    b = Window(mem)
    b.settings.left_handed, b.settings.four_colour, b.settings.card_back = True, True, "red"
    assert b.settings.save(b.store)
    _post(pygame.WINDOWFOCUSLOST)
    run_frames(app, 1)
    _post(pygame.WINDOWFOCUSGAINED)
    run_frames(app, 2)
    assert app.scene is t and t.settings.left_handed
    assert [b.rect.x for b in t.buttons] == right[::-1]      # the button bar mirrored
    assert (t.art.four_colour, t.art.back_style) == (True, "red")


def test_two_windows_making_the_same_moves_keep_nothing_aside(shared):
    """Two windows on one save both make the same move (fresh user, F6): the second has nothing of
    its own to keep, so it keeps no copy aside and tells nothing (it filed a copy identical to the
    stored game, with a notice that its moves were kept aside); it goes on saving. A window whose
    moves the other went on from (the stored line extends its own) keeps nothing either."""
    a, b = Window(shared()), Window(shared())
    saved, h = deal(a, 41)
    play(h, 2)
    assert a.progress.save(saved, h)
    saved_b, h_b = b.progress.load_game("tripeaks")
    play(h, 1)
    assert a.progress.save(saved, h)
    play(h_b, 1)                                   # the very same move in b
    assert list(h_b.actions) == list(h.actions)
    assert b.progress.save(saved_b, h_b)           # one game: b goes on
    assert shared().get("game.tripeaks.corrupt") is None and b.store.take_notices() == []
    assert "tripeaks" not in b.progress.superseded
    play(h_b, 2)
    assert b.progress.save(saved_b, h_b)           # b goes on from there: a's line is a prefix
    play(h, 0)
    a.store.take_notices()
    assert not a.progress.save(saved, h)           # a's next save (its clock) finds b's longer line
    assert shared().get("game.tripeaks.corrupt") is None and a.store.take_notices() == []
    assert "tripeaks" in a.progress.superseded     # a's table takes b's game up


def test_continue_on_a_home_screen_built_before_the_other_window_won_goes_home_saying_so(_display):
    """A home screen left open offers Continue for a game the other (visible) window then won: its
    Continue opened the won table with no panel and no word (S7). It says the game was won in
    another window and shows the home screen again, without that Continue."""
    from conftest import run_frames
    from ui.scenes.home import HomeScene

    mem = MemoryStorage()
    app = open_tripeaks(mem, 64)
    table_moves(app, 1)
    app.home()
    run_frames(app, 1)
    assert "tripeaks" in app.scene.saves
    b = Window(mem)
    saved, h = b.progress.load_game("tripeaks")
    for m in TriPeaks.solve(h.state, max_nodes=400_000).moves:
        h.play(m)
    assert b.progress.save(saved, h) and TriPeaks.status(h.state) == "won"
    app.scene.start("tripeaks", True)                 # the stale sheet's Continue
    run_frames(app, 2)
    assert isinstance(app.scene, HomeScene) and "tripeaks" not in app.scene.saves
    assert "won in another window" in app.notice


def test_a_game_counted_lost_put_back_from_kept_data_and_won_counts_as_a_win():
    """Window A deals over B's game (B's deal counts lost); B's next move is kept aside; B puts it
    back from Kept data and wins it: the loss becomes the win — played unchanged, won + 1, its
    last result a win, the streak counted again, the best figures taken — once (fresh30 F9: the
    win was counted nowhere, its id already counted)."""
    from ui.table.session import Session

    shared = shared_memory()
    a, b = Window(shared()), Window(shared())
    assert win_in(b, 4)                         # a win before: the streak it starts goes on
    saved_b, h_b = deal(b, 5)
    play(h_b, 1)
    assert b.progress.save(saved_b, h_b)
    saved_a, h_a = deal(a, 3)                   # deal 5 counts lost
    play(h_a, 2)
    assert a.progress.save(saved_a, h_a)
    play(h_b, 1)
    assert not b.progress.save(saved_b, h_b)    # B's version kept aside
    before = stored_stats(shared())[KEY]
    assert (before["played"], before["won"], before["streak"], before["last"]) == (2, 1, 0, ["w", "l"])
    key = next(k for k, name, _ in b.store.kept() if name == "game.tripeaks")
    assert b.store.restore_kept(key)
    saved, h = b.progress.load_game("tripeaks")
    assert saved.number == 5 and b.progress.counted_lost(saved)
    session = Session(TriPeaks)
    session.resume(saved, h, b.progress)
    assert session.recorded_win is None         # the progression takes the win (points, records)
    res = TriPeaks.solve(h.state, max_nodes=300000)
    assert res.status == "solved"
    for m in res.moves:
        h.play(TriPeaks.parse_move(h.state, m))
    saved.seconds = 45
    b.progress.save(saved, h)
    assert b.progress.won(saved, h, 900)
    after = stored_stats(shared())[KEY]
    assert (after["played"], after["won"], after["streak"], after["best_streak"], after["last"]) == (2, 2, 2, 2, ["w", "w"])
    assert after["best_score"] == 900 and after["best_time"] == 45
    assert not b.progress.won(saved, h, 900)    # once
    assert stored_stats(shared())[KEY]["won"] == 2


def test_the_statistics_shown_take_in_a_win_another_window_counted():
    """The Statistics screen's figures (Progress.shown_stats) read the record again: a win the
    other window counted after this one last read it is shown, not this window's older copy."""
    backend = shared_memory()
    a, b = Window(backend()), Window(backend())
    a.progress.refresh()
    win_in(b, 7)
    assert a.progress.stats.get(KEY, {}).get("won", 0) == 0     # a's copy, read before the win
    assert a.progress.summary(KEY, a.progress.shown_stats())["won"] == 1


def test_a_loss_turned_win_that_joins_two_runs_makes_the_best_streak():
    """Won, won, lost, won, won, lost (best streak 2); the lost third game, put back from Kept
    data and won, joins the runs into five wins: the best streak is 5 (fresh31b G6: it stayed 2,
    only the run at the end of the results being measured)."""
    from ui.progress import Counted

    st = {}
    for gid, won in zip("123456", (True, True, False, True, True, False)):
        Counted("k", gid, won).apply(st)
    assert st["k"]["best_streak"] == 2
    assert Counted("k", "3", True).apply(st)
    s = st["k"]
    assert s["last"] == ["w"] * 5 + ["l"] and s["won"] == 5 and s["streak"] == 0
    assert s["best_streak"] == 5
