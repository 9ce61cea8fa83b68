"""The ten faults of issue 17 (saves and imports that trust a record once its JSON parses), each
reproduced through ``Store.import_text``, the settings screen or a record written where
``ui/storage.py`` reads it; and the guarantees that replace them (docs/storage.md)."""
import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games import i18n
from games.registry import find_game
from ui.progress import Progress, stats_key
from ui.scenes.home import HomeScene
from ui.scenes.settings import SettingsScene
from ui.scenes.stats import StatsScene
from ui.settings import Settings
from ui.storage import JsonFileStorage, MemoryStorage, StorageError, Store
from ui.table import hit

import conftest

OPTS = {"mode": "easy", "scoring": "streak"}
KEY = stats_key("tripeaks", OPTS)


@pytest.fixture(autouse=True)
def _quit():
    i18n.set_language("en")
    yield
    pygame.display.quit()


def record(data) -> str:
    return json.dumps({"schema": 1, "data": data})


def export(records, schema=1) -> str:
    return json.dumps({"pasyans_export": 1, "schema": schema, "records": records})


def new_app(store, scene=None, lang="en"):
    return conftest.new_app(scene, store=store, language=lang)


def tap(app, pos):
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, button=1, pos=pos))
    app.frame()


def button(scene, name):
    return next(b for b, _ in scene.buttons if b.name == name).rect.center


def played_store() -> Store:
    """A store with real progress: settings, TriPeaks statistics (3 played) and a game in play."""
    st = Store(MemoryStorage())
    Settings(language="en").save(st)
    p = Progress(st)
    for n in (1, 2, 3):
        saved = p.begin("tripeaks", n, OPTS)
        h = saved.replay()
        h.act("s")
        p.save(saved, h)
    p.begin("tripeaks", 4, OPTS)
    saved = p.begin("tripeaks", 5, OPTS)
    h = saved.replay()
    h.act("s")
    p.save(saved, h)
    st.take_notices()
    return st


BOGUS = {"game": "bogus", "number": 1, "options": {}, "actions": []}


# 1 ------------------------------------------------------------------------------------------------
def test_1_a_save_of_an_unknown_game_is_not_imported_and_never_breaks_a_start():
    st = played_store()
    before = dict(st.backend.data)
    with pytest.raises(ValueError, match="nothing this version"):
        st.import_text(export({"game.bogus": BOGUS}))
    assert st.backend.data == before
    # beside a readable record, it is left out (and said so), the other is imported
    plan = st.read_import(export({"game.bogus": BOGUS, "settings": {"language": "ru"}}))
    assert list(plan.records) == ["settings"] and plan.skipped
    # written straight into the storage: the home screen still builds
    mem = MemoryStorage()
    mem.set("game.bogus", record(BOGUS))
    app = new_app(Store(mem))
    assert isinstance(app.scene, HomeScene) and "bogus" not in app.scene.saves


# 2 ------------------------------------------------------------------------------------------------
def test_2_settings_that_do_not_read_whole_keep_every_field_that_reads():
    """One value this version does not know (a newer version's card back, a game's option or
    value) keeps the record aside with the notice, as any record that does not read, but the
    language, the sound and each option that reads (Klondike's draw 3 beside a new option) stay;
    the next save writes them all. The notice speaks the language the settings kept."""
    mem = MemoryStorage()
    bad = record({"language": "ru", "sound": False, "card_back": "aurora", "four_colour": True,
                  "game_options": {"klondike": {"draw": "3", "redeals": "3"}, "spider": {"suits": "9"}},
                  "future": 1})
    mem.set("settings", bad)
    st = Store(mem)
    s = Settings.load(st)
    d = Settings()
    assert (s.language, s.sound, s.four_colour) == ("ru", False, True)
    assert s.card_back == d.card_back
    assert s.options_for("klondike") == {"draw": "3"} and "spider" not in s.game_options
    assert mem.get("settings.corrupt") == bad and len(st.take_notices()) == 1
    assert mem.get("settings") is None
    mem.set("settings", bad)
    app = conftest.new_app(store=Store(mem), settings=conftest.FROM_STORE)
    assert app.settings.language == "ru" and "настройки" in app.notice, app.notice
    s = Settings.load(Store(mem))
    assert s.save(st)
    again = Settings.load(Store(mem))
    assert (again.language, again.sound, again.options_for("klondike")) == ("ru", False, {"draw": "3"})


@pytest.mark.parametrize("options", [{"klondike": {"draw": "7"}}, {"spider": {"colour": "red"}},
                                     {"bogus": {}}])
def test_2_settings_with_options_the_rules_refuse_are_kept_aside(options):
    mem = MemoryStorage()
    bad = record({"language": "en", "game_options": options})
    mem.set("settings", bad)
    st = Store(mem)
    s = Settings.load(st)
    for game in ("klondike", "spider"):  # dealing works again
        find_game(game).check_options(s.options_for(game))
    assert mem.get("settings.corrupt") == bad and len(st.take_notices()) == 1
    # and an import cannot bring them in
    st2 = played_store()
    before = dict(st2.backend.data)
    with pytest.raises(ValueError):
        st2.import_text(export({"settings": {"language": "ru", "game_options": options}}))
    assert st2.backend.data == before


# 3 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("change", [{"played": "3"}, {"best_result": "7"}, {"last": 5}, {"counted": "abc"},
                                    {"won": 9, "played": 3}, {"streak": -1}, {"best_time": 1.5},
                                    {"last": ["w"]}, {"played": 2}])
def test_3_statistics_of_wrong_types_or_counts_are_kept_aside_and_play_goes_on(change):
    st = played_store()
    good = st.load("stats")
    bad = {KEY: dict(good[KEY], **change)}
    st.backend.set("stats", record(bad))
    app = new_app(st, StatsScene("tripeaks"))   # the statistics screen draws
    app.frame()
    assert app.progress.stats == {}
    assert json.loads(st.backend.get("stats.corrupt"))["data"] == bad
    assert "statistics" in app.notice
    assert app.open_game("tripeaks", resume=True)  # the next deals count again
    app.scene.new_deal()
    app.scene.new_deal()


# 4 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("schema", [0, -1, True, "1", None])
def test_4_an_export_with_a_schema_out_of_range_is_a_clear_error(schema):
    st = played_store()
    before = dict(st.backend.data)
    with pytest.raises(ValueError, match="Pasyans export"):
        st.import_text(export({"settings": {"language": "ru"}}, schema))
    assert st.backend.data == before


# 5 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("content", [b"\xff\xfe\x00\x01\x80binary", "{}".encode("utf-16")])
def test_5_importing_a_file_that_is_not_utf8_says_so_and_changes_nothing(tmp_path, content):
    st = played_store()
    app = new_app(st, SettingsScene())
    before = dict(st.backend.data)
    path = tmp_path / "export.json"
    path.write_bytes(content)
    app.scene.import_file(path)
    assert "not a Pasyans export" in app.scene.message and app.scene.panel is None
    assert st.backend.data == before


# 6 ------------------------------------------------------------------------------------------------
class Quota(MemoryStorage):
    """A browser-like store: writes fail once the texts would exceed ``limit`` characters.
    ``peak`` is the most it ever held; ``writes`` counts the writes that succeeded."""

    def __init__(self, data, limit=10 ** 12):
        super().__init__()
        self.data, self.limit, self.writes = dict(data), limit, 0
        self.peak = self.size()

    def size(self, extra=None):
        d = dict(self.data, **(extra or {}))
        return sum(len(k) + len(v) for k, v in d.items())

    def set(self, key, text):
        if self.size({key: text}) > self.limit:
            raise StorageError("QuotaExceededError")
        super().set(key, text)
        self.writes += 1
        self.peak = max(self.peak, self.size())


@pytest.mark.parametrize("fraction", [0.0, 0.3, 0.6, 0.9, 0.99])
def test_6_an_import_that_runs_out_of_storage_changes_nothing(fraction):
    src = played_store()
    ids = [f"{i:016x}" for i in range(200)]     # the statistics grow: the last write needs the most room
    src.save("stats", {KEY: {"played": 200, "won": 9, "streak": 9, "best_streak": 9, "counted": ids}})
    src.save("settings", Settings(language="ru").to_data())
    text = src.export_text()
    st = played_store()
    before = dict(st.backend.data)
    probe = Quota(before)
    Store(probe).import_text(text)                  # room enough: how much the import needs at most
    need = probe.peak - Quota(before).size()
    st.backend = Quota(before, Quota(before).size() + int(need * fraction))
    with pytest.raises(ValueError):
        st.import_text(text)
    assert st.backend.data == before
    if fraction >= 0.6:
        assert st.backend.writes >= 2               # it failed part-way, after real writes


# 7 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000, '{"settings": ' + "[" * 100_000])
def test_7_a_store_file_of_deeply_nested_brackets_is_moved_aside(tmp_path, text):
    p = tmp_path / "store.json"
    p.write_text(text)
    st = Store(JsonFileStorage(p))
    assert st.load("settings", "d") == "d"
    assert (tmp_path / "store.corrupt").read_text() == text
    (notice,) = st.take_notices()
    assert str(tmp_path / "store.corrupt") in notice
    assert st.save("settings", {"language": "en"})  # and the next start reads the new file
    assert Store(JsonFileStorage(p)).load("settings") == {"language": "en"}


# 8 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["stats.corrupt", "stats.corrupt.2", "settings.new", "_undo.import"])
def test_8_an_import_cannot_write_a_kept_aside_copy(name):
    st = played_store()
    st.backend.set("stats.corrupt", "{the player's kept copy")
    st.backend.set("stats.corrupt.2", "{another")
    before = dict(st.backend.data)
    assert st.import_text(export({name: {"x": 1}, "settings": {"language": "en"}})) == 1
    assert st.backend.get("stats.corrupt") == "{the player's kept copy"
    assert st.backend.get("stats.corrupt.2") == "{another"
    assert {k: v for k, v in st.backend.data.items() if k not in ("_undo.import", "settings")} == \
        {k: v for k, v in before.items() if k != "settings"}


# 9 ------------------------------------------------------------------------------------------------
def test_9_import_asks_first_showing_what_it_replaces_and_can_be_undone(tmp_path, monkeypatch):
    other = played_store()
    other.save("settings", Settings(language="ru").to_data())
    other.save("stats", {KEY: {"played": 1, "won": 0, "last": ["l"]}})
    path = tmp_path / "export.json"
    path.write_text(other.export_text(), encoding="utf-8")
    monkeypatch.setenv("PASYANS_EXPORT", str(path))
    st = played_store()
    app = new_app(st, SettingsScene())
    before = dict(st.backend.data)
    assert app.progress.stats[KEY]["played"] == 3
    tap(app, button(app.scene, "import"))
    panel = app.scene.panel
    assert panel is not None and st.backend.data == before     # nothing written yet
    text = " ".join(panel.lines)
    assert "Replaces:" in text and "statistics" in text and "settings" in text and "TriPeaks" in text
    assert "game.tripeaks" not in text                           # the player's words, not key names
    tap(app, panel.buttons[1].rect.center)                       # Cancel
    assert app.scene.panel is None and st.backend.data == before
    tap(app, button(app.scene, "import"))
    tap(app, app.scene.panel.buttons[0].rect.center)             # Import
    assert app.progress.stats[KEY]["played"] == 1 and app.settings.language == "ru"
    tap(app, button(app.scene, "undo_import"))
    assert app.progress.stats[KEY]["played"] == 3 and app.settings.language == "en"
    assert st.backend.data == before
    assert "undo_import" not in [b.name for b, _ in app.scene.buttons]


# 10 -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("number", ["abc", 10 ** 30, 0, 1.5, True])
def test_10_a_save_with_a_bad_number_is_kept_aside_told_and_not_overwritten(number):
    st = played_store()
    data = st.load("game.tripeaks")
    data["number"] = number
    bad = record(data)
    st.backend.set("game.tripeaks", bad)
    app = new_app(st)
    assert "the saved TriPeaks game" in app.notice and "Kept data" in app.notice
    app.open_game("tripeaks")                      # a new deal writes the save again
    app.scene.activate(hit.STOCK)
    assert st.backend.get("game.tripeaks.corrupt") == bad
    assert app.progress.stats[KEY]["played"] == 3  # the rest of the progress is intact


def test_10_a_torn_store_file_keeps_what_it_can_and_says_where_the_file_went(tmp_path):
    p = tmp_path / "store.json"
    good = played_store()
    whole = json.dumps(dict(sorted(good.backend.data.items())), ensure_ascii=False)
    torn = whole[: whole.index('"stats"') + 30]   # cut inside the stats record
    p.write_text(torn, encoding="utf-8")
    st = Store(JsonFileStorage(p))
    app = new_app(st, SettingsScene())
    assert str(tmp_path / "store.corrupt") in app.notice and "recovered from it: 2" in app.notice
    assert (tmp_path / "store.corrupt").read_text(encoding="utf-8") == torn
    assert app.progress.load_game("tripeaks") is not None       # the records before the tear came back
    assert app.settings.language == "en"
    tap(app, button(app.scene, "kept"))                          # a way back, in Settings
    assert any(str(tmp_path / "store.corrupt") in line for line in app.scene.panel.lines)
    # a later failure keeps the first copy
    p.write_text("garbage", encoding="utf-8")
    Store(JsonFileStorage(p))
    assert (tmp_path / "store.corrupt").read_text(encoding="utf-8") == torn
    assert (tmp_path / "store.corrupt.2").read_text(encoding="utf-8") == "garbage"


def test_kept_data_can_be_restored_once_it_reads_and_exported():
    st = played_store()
    newer = json.dumps({"schema": 99, "data": {}})
    st.backend.set("stats.corrupt", newer)                 # a newer version's record, kept aside
    good = st.backend.get("game.tripeaks")
    st.backend.set("game.tripeaks.corrupt", good)          # a copy that reads today
    st.backend.set("game.tripeaks", record(dict(st.load("game.tripeaks"), actions=[])))
    assert {k for k, _, _ in st.kept()} == {"stats.corrupt", "game.tripeaks.corrupt"}
    exported = json.loads(st.export_kept_text())["records"]
    assert exported["stats.corrupt"] == newer
    assert not st.restore_kept("stats.corrupt") and st.backend.get("stats.corrupt") == newer
    assert st.restore_kept("game.tripeaks.corrupt")
    assert st.backend.get("game.tripeaks") == good
    # the record it replaced is itself kept, not lost
    assert any(json.loads(st.backend.get(k))["data"]["actions"] == [] for k, _, _ in st.kept()
               if k.startswith("game.tripeaks"))


def test_a_kept_save_that_reads_but_does_not_replay_stays_kept():
    """Try to restore puts back only what the load would keep: a save whose first move the rules
    refuse (its shape reads) stays aside, not restored to be set aside again on the next load; one
    whose later moves do not replay is restored, and its load goes on from its last good move."""
    st = played_store()
    good = st.load("game.tripeaks")
    bad = dict(good, actions=["zz"] + good["actions"], groups=[])
    st.backend.set("game.tripeaks.corrupt", record(bad))
    assert not st.restore_kept("game.tripeaks.corrupt")
    assert json.loads(st.backend.get("game.tripeaks.corrupt"))["data"] == bad
    assert st.load("game.tripeaks") == good
    assert Progress(st).load_game("tripeaks") is not None
    tail = dict(good, actions=good["actions"] + ["zz"], groups=good["groups"] + [1])
    st.backend.set("game.tripeaks.corrupt", record(tail))
    assert st.restore_kept("game.tripeaks.corrupt")
    saved, history = Progress(st).load_game("tripeaks")
    assert saved.actions == good["actions"]


def test_kept_data_panel_restores_what_reads_and_exports_the_rest(tmp_path, monkeypatch):
    monkeypatch.setenv("PASYANS_EXPORT", str(tmp_path / "export.json"))
    st = played_store()
    newer = json.dumps({"schema": 99, "data": {}})
    st.backend.set("stats", newer)                        # a newer version's statistics
    app = new_app(st, SettingsScene())
    assert "statistics" in app.notice and st.backend.get("stats") is None
    tap(app, button(app.scene, "kept"))
    assert app.scene.panel.lines == ["Kept aside: statistics"]
    tap(app, app.scene.panel.buttons[0].rect.center)      # Try to restore: it still does not read
    assert "still cannot be read" in app.scene.message and st.backend.get("stats.corrupt") == newer
    tap(app, button(app.scene, "kept"))
    tap(app, app.scene.panel.buttons[1].rect.center)      # Export
    kept = json.loads((tmp_path / "pasyans-kept.json").read_text(encoding="utf-8"))
    assert kept["records"] == {"stats.corrupt": newer}
    # once it reads (here: repaired by hand), Try to restore puts it back and the statistics show
    st.backend.set("stats.corrupt", record({KEY: {"played": 4, "won": 1, "streak": 1, "best_streak": 1}}))
    tap(app, button(app.scene, "kept"))
    tap(app, app.scene.panel.buttons[0].rect.center)
    assert app.scene.message == "Restored: statistics"
    assert app.progress.stats[KEY]["played"] == 4 and st.kept() == []
    assert "kept" not in [b.name for b, _ in app.scene.buttons]


def test_a_store_file_that_cannot_be_opened_is_never_written_over(tmp_path):
    p = tmp_path / "store.json"
    p.mkdir()                                   # there, but not a file that opens
    st = Store(JsonFileStorage(p))
    (notice,) = st.take_notices()
    assert str(p) in notice and "nothing is saved" in notice
    assert not st.save("settings", {"language": "en"}) and p.is_dir()


def test_the_kept_aside_notice_speaks_the_stored_language():
    st = played_store()
    Settings(language="ru").save(st)
    st.backend.set("stats", "{torn")
    app = conftest.new_app(None, store=st, settings=conftest.FROM_STORE)
    assert app.notice.startswith("Не удалось прочитать: статистика.")


def test_the_import_messages_count_in_the_right_plural(tmp_path, monkeypatch):
    """One record imported reads "Imported 1 record" and its undo "Import undone: 1 record as
    before" (they said "1 records"); Russian takes its three forms (1 запись, 3 записи, 5 записей)."""
    path = tmp_path / "export.json"
    path.write_text(export({"stats": {KEY: {"played": 1, "won": 0, "last": ["l"]}}}), encoding="utf-8")
    monkeypatch.setenv("PASYANS_EXPORT", str(path))
    st = played_store()
    app = new_app(st, SettingsScene())
    tap(app, button(app.scene, "import"))
    tap(app, app.scene.panel.buttons[0].rect.center)             # Import
    assert app.scene.message == "Imported 1 record"
    tap(app, button(app.scene, "undo_import"))
    assert app.scene.message == "Import undone: 1 record as before"
    assert [i18n.tr_n("Imported {n} records", n, "ru") for n in (1, 3, 5, 21)] == [
        "Загружена 1 запись", "Загружено 3 записи", "Загружено 5 записей", "Загружена 21 запись"]
    assert i18n.tr_n("Import undone: {n} records as before", 2, "en") == "Import undone: 2 records as before"
    assert i18n.tr_n("Import undone: {n} records as before", 12, "ru").endswith("12 записей, как были")


def test_a_save_without_an_option_key_counts_in_its_variants_bucket():
    """A saved Klondike game whose options leave out ``draw`` (an older or hand-made save) is a
    draw-1 game: left unfinished for a new deal, its loss counts under ``klondike:draw=1``, the
    bucket the statistics screen shows, not under a bucket of its own."""
    from ui.progress import SavedGame

    st = Store(MemoryStorage())
    saved = SavedGame("klondike", 5, {})
    saved.actions = ["s", "s"]  # two draws from the stock: a game begun
    st.save("game.klondike", saved.__dict__ | {"over": False})
    assert SavedGame.from_data(st.load("game.klondike")).options == {"draw": "1"}
    p = Progress(st)
    p.begin("klondike", 6, {"draw": "1"})
    assert p.summary(stats_key("klondike", {"draw": "1"}))["played"] == 1
    assert set(p.stats) == {stats_key("klondike", {"draw": "1"})}


@pytest.mark.parametrize("as_objects", [("game.tripeaks",), ("game.tripeaks", "settings", "stats")])
def test_a_store_file_whose_records_were_written_as_objects_reads_them(tmp_path, as_objects):
    """A store file that parses but holds records as the JSON objects they encode (a tool that
    pretty-printed it) reads every record, in whatever order the file lists them: each such one
    is its JSON text again, checked by its kind's reader; the file as it was is kept aside."""
    good = played_store()
    Settings(language="ru").save(good)
    doc = dict(good.backend.data)
    for name in as_objects:
        doc[name] = json.loads(doc[name])
    p = tmp_path / "store.json"
    text = json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=2)
    p.write_text(text, encoding="utf-8")
    st = Store(JsonFileStorage(p))
    app = conftest.new_app(store=st, settings=conftest.FROM_STORE)
    assert (tmp_path / "store.corrupt").read_text(encoding="utf-8") == text   # the file as it was
    assert f"recovered from it: {len(doc)}" in st.backend.notice
    assert app.settings.language == "ru"
    assert app.progress.stats[KEY]["played"] == 3
    assert Progress(st).load_game("tripeaks") is not None and not st.kept()


def test_a_record_written_as_an_object_that_does_not_read_is_kept_aside_and_named(tmp_path):
    """Such a record that its kind's reader refuses is kept aside as ``NAME.corrupt`` and named in
    the notice that says where to restore it, as any record that does not read."""
    good = played_store()
    doc = dict(good.backend.data)
    doc["stats"] = {"tripeaks:mode=bogus": {"played": -1}}
    p = tmp_path / "store.json"
    p.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    st = Store(JsonFileStorage(p))
    app = new_app(st)
    assert "Kept data" in app.notice
    assert [k for k, name, _ in st.kept()] == ["stats.corrupt"]
    assert Progress(st).load_game("tripeaks") is not None


def test_a_tap_on_the_kept_notice_over_a_table_only_dismisses_it():
    """The notice band lies beside a table's cards: a tap there aimed at a card would take the
    player out of the game into Settings, Kept data. On a table it only dismisses the notice; on
    the home screen it still opens Kept data."""
    from ui.table.klondike import KlondikeTable

    called = []
    app = new_app(Store(MemoryStorage()), KlondikeTable(5))
    table = app.scene
    app.show_notice("Could not read: the saved Klondike game.", action=lambda: called.append(1))
    app.frame()
    tap(app, app.notice_rect.center)
    assert app.scene is table and app.notice == "" and called == []
    home = new_app(Store(MemoryStorage()), HomeScene())
    home.show_notice("Could not read: statistics.", action=lambda: called.append(1))
    home.frame()
    tap(home, home.notice_rect.center)
    assert called == [1]


def test_a_drag_that_ends_on_the_notice_band_is_released_by_the_table():
    """A drag released on the notice band over a table never reached the table: the card stayed
    lifted over the top bar after the finger was up. Only a press that begins on the band is the
    notice's; the drag ends as it does with no notice."""
    import conftest as cf
    from ui.table.klondike import KlondikeTable

    app = new_app(Store(MemoryStorage()), KlondikeTable(3))
    t = app.scene
    app.show_notice("Could not read: the saved Klondike game.")
    app.frame()
    card = t.pile_rects(t.state, ("col", 0))[-1].center
    assert app.notice_rect.collidepoint(card[0], app.notice_rect.bottom - 2)
    cf.drag(app, card, (card[0] + 30, app.notice_rect.bottom - 2))
    assert t.drag is None and app.notice          # let go; the notice still shows


def test_a_double_tap_on_the_notice_band_over_a_table_only_dismisses_it(fake_clock):
    """The first tap dismisses the band; the second, at once on what the band uncovered, is
    spent: nothing is played, nothing opens."""
    from ui.table.klondike import KlondikeTable

    app = conftest.new_app(KlondikeTable(3), store=Store(MemoryStorage()), size=(390, 844))
    t = app.scene
    # the deal's automatic moves (two aces home) first: they land over frames, and a state taken
    # before the last of them differed at the end whatever the taps did
    conftest.run_until(app, lambda: sum(t.state.foundations) == 2 and not t.anim.busy())
    app.show_notice("Could not read: the saved Klondike game.")
    app.frame()
    state = t.state
    p = app.notice_rect.center
    tap(app, p)
    # the band's tap arms the guard: a press at once on what it uncovered is spent
    from ui.input import PointerEvent

    assert app.notice == "" and app.spent_press(PointerEvent("down", p, p))
    fake_clock.advance(0.1)
    tap(app, p)
    assert app.notice == "" and t.panel is None and t.state == state


def test_undo_import_keeps_aside_what_was_played_since_the_import():
    """Undo import, tapped after the player played on (two more games counted, a game in play on
    another deal), keeps those records aside (Kept data, named in the notice) before putting back
    what the import replaced; it wrote the undo copy over them, silently. A record the player did
    not touch since the import is put back with nothing kept."""
    rules = find_game("tripeaks")
    from games.core import History

    def play(p, number, acts):
        s = p.begin("tripeaks", number, OPTS)
        h = History.start(rules, rules.deal(number, rules.check_options(OPTS)))
        for a in acts:
            h.act(a)
        p.save(s, h)

    mem = MemoryStorage()
    store = Store(mem)
    p = Progress(store)
    play(p, 7, ["s"])
    play(p, 8, ["s"])
    store.save("settings", Settings(language="en").to_data())
    assert store.import_text(store.export_text()) >= 3 and store.can_undo_import()
    played_at_import = json.loads(mem.data["stats"])["data"][KEY]["played"]
    play(p, 9, ["s", "s"])
    play(p, 10, ["s", "s", "s"])
    since = {name: mem.data[name] for name in ("stats", "game.tripeaks")}
    store.take_notices()
    store.undo_import()
    assert json.loads(mem.data["stats"])["data"][KEY]["played"] == played_at_import
    for name, text in since.items():
        assert mem.data[name + ".corrupt"] == text      # kept aside, restorable from Kept data
    assert "settings.corrupt" not in mem.data            # not played on: nothing to keep
    notice = " ".join(store.take_notices())
    assert "statistics" in notice and "TriPeaks" in notice


class _StackOverflow(BaseException):
    """What WebAssembly's C stack running out inside ``json.loads`` does: nothing catches it."""


@pytest.fixture
def wasm_json(monkeypatch):
    """``json.loads`` as it behaves in the page: a text nested 8 000 levels or more kills the page
    (natively it raises RecursionError, which the store handles)."""
    import json as _json

    real = _json.loads

    def loads(text, *a, **kw):
        if isinstance(text, str) and text.count("[") >= 8000:
            raise _StackOverflow()
        return real(text, *a, **kw)

    monkeypatch.setattr(_json, "loads", loads)


def test_a_record_nested_too_deep_is_kept_aside_unread_not_parsed(wasm_json, tmp_path, monkeypatch):
    """A stored record (or an import, or the desktop file) nested 10 000 brackets deep (a 20 kB
    text) was handed to ``json.loads``, which in the page exhausts the C stack: the page died at
    every start until the site's data was cleared. It is refused unread, kept aside and told."""
    deep = '{"schema": 1, "data": {"x": ' + "[" * 10_000 + "]" * 10_000 + "}}"
    st = played_store()
    st.backend.set("stats", deep)
    assert st.load("stats", "default") == "default"
    assert st.backend.get("stats.corrupt") == deep and st.take_notices()
    app = new_app(st)                                             # the app starts
    assert app.progress.stats == {}
    with pytest.raises(ValueError):
        st.import_text(export({"stats": "x"})[:-2] + ', "deep": ' + "[" * 10_000 + "]" * 10_000 + "}")
    p = tmp_path / "store.json"
    p.write_text('{"settings": "x", "y": ' + "[" * 10_000 + "]" * 10_000 + "}", encoding="utf-8")
    Store(JsonFileStorage(p))                                     # moved aside, no crash
    assert (tmp_path / "store.corrupt").exists()


def test_an_import_shows_its_badges_and_daily_results_at_once(tmp_path, monkeypatch):
    """After Import, the Daily, Badges and Records screens draw the imported progression (they
    drew the old one until the window was left and shown again: S18)."""
    from games.progression import GameResult
    from ui.progression import Progression

    other = played_store()
    Progression(other).record(GameResult("tripeaks", dict(OPTS), "TP1-E-AAAAAAB", True, 60.0, 30, "2026-12-01"))
    path = tmp_path / "export.json"
    path.write_text(other.export_text(), encoding="utf-8")
    monkeypatch.setenv("PASYANS_EXPORT", str(path))
    st = played_store()
    app = new_app(st, SettingsScene())
    assert app.progression.data.wins == {}
    tap(app, button(app.scene, "import"))
    tap(app, app.scene.panel.buttons[0].rect.center)             # Import
    assert app.progression.data.wins.get("tripeaks") == 1 and app.progression.data.badges
    tap(app, button(app.scene, "undo_import"))
    assert app.progression.data.wins == {}


# 6b -----------------------------------------------------------------------------------------------
def test_6b_an_export_made_while_the_storage_is_full_keeps_the_win_just_seen():
    """The storage fills up (another page of the same site) two moves before a win: the win's
    statistics and game cannot be written, and the notice sends the player to Export saves. The
    export holds what the app shows — the game won, counted in the statistics — not the older
    stored texts (QA: it held the game 2 moves short and no TriPeaks win)."""
    from games.solvers.search import SOLVED
    from games.tripeaks import TriPeaks
    from ui.table.tripeaks import TriPeaksTable

    n = next(n for n in range(1, 60) if TriPeaks.solve(TriPeaks.deal(n, OPTS)).status == SOLVED)
    line = TriPeaks.solve(TriPeaks.deal(n, OPTS)).moves
    backend = Quota({})
    st = Store(backend)
    app = new_app(st, TriPeaksTable(n, options=OPTS))
    t = app.scene
    for text in line[:-2]:
        assert t.play(TriPeaks.parse_move(t.state, text))
        app.frame()
    backend.limit = backend.size()          # full: no record can grow any more
    for text in line[-2:]:
        assert t.play(TriPeaks.parse_move(t.state, text))
        app.frame()
    for _ in range(5):
        app.frame()
    assert TriPeaks.status(t.state) == "won"
    stored = json.loads(backend.data.get("stats", record({})))["data"]
    assert stored.get(KEY, {}).get("won", 0) == 0           # the storage did not take the win …
    records = json.loads(st.export_text())["records"]
    assert records["stats"][KEY]["won"] == 1                 # … the export has it
    game = records["game.tripeaks"]
    assert game["over"] and len(game["actions"]) == len(line)
    assert "unrecorded" not in game            # the export's records hold the win: not given it again
    assert records["progress.records"] and records["progress.badges"]["wins"] == {"tripeaks": 1}
    # the export imported into a fresh store, and the app started over it: the win counted once
    fresh = Store(MemoryStorage())
    fresh.import_text(st.export_text())
    again = new_app(fresh)
    assert json.loads(again.store.export_text())["records"]["progress.badges"]["wins"] == {"tripeaks": 1}
    assert len(json.loads(again.store.export_text())["records"]["progress.records"]["tripeaks mode=easy"]) == 1


def test_a_storage_that_stays_full_is_said_for_as_long_as_it_lasts():
    """The storage fills (another page of the same site) during a game: the notice came once, for
    8 s, and every move after it was lost on a reload with nothing on the table saying so (fresh34
    F1). Now the top bar's deal label says "Not saved" while saves are refused, the notice comes
    back every REFUSAL_REPEAT seconds of refusals, and both go once a save succeeds."""
    from games.freecell import FreeCell
    from ui import storage
    from ui.table.base import MSG_NOT_SAVED
    from ui.table.freecell import FreeCellTable

    clock = [1000.0]
    backend = Quota({})
    st = Store(backend)
    st.clock = lambda: clock[0]
    app = new_app(st, FreeCellTable(5))
    t = app.scene
    conftest.run_frames(app, 3)

    def move():
        m = next(m for m in FreeCell.legal_moves(t.state) if FreeCell.format_move(t.state, m)[-1] in "abcd")
        assert t.play(m)
        conftest.run_frames(app, 4)

    def deal_label():
        return next(lab for lab, _v, _s in t.top_sizes if lab in ("Deal", MSG_NOT_SAVED))

    move()
    assert deal_label() == "Deal" and not st.refusing
    backend.limit = backend.size()                    # full: every save from now on is refused
    app.notice = ""
    move()
    assert st.refusing and "Could not save" in app.notice and deal_label() == MSG_NOT_SAVED
    app.notice = ""
    clock[0] += storage.REFUSAL_REPEAT / 2
    t.undo()
    conftest.run_frames(app, 4)
    assert app.notice == "" and deal_label() == MSG_NOT_SAVED    # told a moment ago: not again yet
    clock[0] += storage.REFUSAL_REPEAT
    move()
    assert "Could not save" in app.notice and deal_label() == MSG_NOT_SAVED   # told again
    backend.limit = 10 ** 12                         # room freed: the next save succeeds
    app.notice = ""
    t.undo()
    conftest.run_frames(app, 4)
    assert not st.refusing and deal_label() == "Deal" and app.notice == ""
