"""The screens around the games, through the real App (headless): home, settings, statistics, keys,
the notice line, sounds, export and import, number formats."""
import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.i18n import format_duration, format_number, format_percent, tr
from games.core import History
from games.tripeaks import TriPeaks
from ui import cards_art
from ui.scenes.common import GAMES
from ui.scenes.home import HomeScene
from ui.scenes.settings import SettingsScene
from ui.scenes.stats import StatsScene
from ui.settings import CARD_BACKS, Settings
from ui.storage import MemoryStorage, Store
from ui.table import table_class
from ui.table.tripeaks import TriPeaksTable
from ui.table import hit
from conftest import click, key, FROM_STORE, new_app as open_app

SIZES = [(390, 844), (844, 390), (1280, 800)]


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()




def new_app(store=None, scene=None, size=(1280, 800), settings=None, **kw):
    return open_app(scene, size, store, settings, **kw)


def button(scene, name):
    return next(b for b, _ in scene.buttons if b.name == name).rect.center


# -- home ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_home_lists_six_games_on_screen(size):
    app = new_app(size=size)
    h = app.scene
    assert isinstance(h, HomeScene)
    assert [g for g, _ in h.tiles] == list(GAMES) == ["tripeaks", "pyramid", "devils-grip", "spider",
                                                        "klondike", "freecell"]
    screen = pygame.Rect(0, 0, *size)
    rects = [r for _, r in h.tiles] + [b.rect for b, _ in h.buttons]
    for i, r in enumerate(rects):
        assert screen.contains(r)
        assert r.width >= 44 and r.height >= 44
        assert not any(r.colliderect(o) for o in rects[i + 1:])
    assert all(table_class(g).game == g for g in GAMES)


def test_every_game_has_rules_and_a_table_under_one_name():
    from games.registry import GAMES as RULES, find_game
    from ui.table import TABLES

    assert list(RULES) == list(TABLES) == list(GAMES)
    for g in GAMES:
        assert find_game(g).name == g and table_class(g).rules is find_game(g)


def test_a_game_sheet_sets_options_before_the_deal_and_remembers_them():
    store = Store(MemoryStorage())
    app = new_app(store)
    h = app.scene
    click(app, next(r for g, r in h.tiles if g == "tripeaks").center)
    sheet = h.panel
    assert sheet is not None and sheet.title == "TriPeaks"
    assert [b.name for b in sheet.buttons] == ["new", "rules", "cancel"]   # nothing to continue yet
    assert sheet.rows[0][0]() == "Mode: Easy (K and A touch)"
    click(app, sheet.row_buttons[0].rect.center)                     # Mode → classic
    click(app, sheet.row_buttons[1].rect.center)                     # Scoring → moves
    assert store.load("settings")["game_options"]["tripeaks"] == {"mode": "classic", "scoring": "moves"}
    click(app, next(b for b in sheet.buttons if b.name == "new").rect.center)
    t = app.scene
    assert isinstance(t, TriPeaksTable) and t.options == {"mode": "classic", "scoring": "moves"}
    assert t.deal_code().startswith("TP1-C-")


def test_option_pickers_replace_the_cycle(monkeypatch):
    got = []

    def picker(scene, current, done):
        got.append(current)
        done("classic")

    monkeypatch.setattr(TriPeaksTable, "pickers", {"mode": picker})
    app = new_app()
    h = app.scene
    h.tap_game("tripeaks")
    h.panel.rows[0][1]()
    assert got == ["easy"] and app.settings.options_for("tripeaks")["mode"] == "classic"


# -- keys and navigation ---------------------------------------------------------------------------
def test_keys_on_the_table_and_back_home():
    app = new_app(scene=TriPeaksTable(1))
    t = app.scene
    s0 = t.state
    key(app, pygame.K_SPACE)                         # Space: the stock
    assert t.history.moves == 1 and len(t.state.stock) == len(s0.stock) - 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)           # Ctrl+Z: undo
    assert t.state == s0
    key(app, pygame.K_h)                             # H: a hint
    assert t.hint_search is not None or t.hint_move is not None
    n = t.number
    key(app, pygame.K_n)                             # N: a new deal, asked first (a game begun)
    assert t.number == n and t.panel is not None
    key(app, pygame.K_RETURN)
    assert t.number != n and t.player_moves() == 0
    t.open_options()
    key(app, pygame.K_ESCAPE)                        # Esc: the panel first
    assert app.scene is t and t.panel is None
    key(app, pygame.K_ESCAPE)                        # then the pause menu, and H: home
    assert app.scene is t and getattr(t.panel, "pause", False)
    key(app, pygame.K_h)
    assert isinstance(app.scene, HomeScene)
    assert "tripeaks" not in app.scene.saves         # a deal never touched: no Continue


def test_continue_only_for_a_saved_game_with_a_move():
    app = new_app(scene=TriPeaksTable(1))
    t = app.scene
    key(app, pygame.K_ESCAPE)                        # the pause menu, then H: home
    key(app, pygame.K_h)
    assert isinstance(app.scene, HomeScene) and "tripeaks" not in app.scene.saves
    assert app.scene.saved_text("tripeaks") is None
    app.open_game("tripeaks", True)
    t = app.scene
    assert t.history.moves == 0
    key(app, pygame.K_SPACE)                         # one move: now there is a game to continue
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)
    assert isinstance(app.scene, HomeScene) and app.scene.saves["tripeaks"][0] == 1
    assert app.scene.saved_text("tripeaks").startswith("Unfinished game: 1 move,")


def test_menu_button_and_back_buttons():
    app = new_app(scene=TriPeaksTable(1))
    t = app.scene
    click(app, t.pause_button.rect.center)           # the pause menu (top left), then Home
    p = t.panel
    click(app, next(b for b, (lab, _) in zip(p.row_buttons, p.rows) if lab() == "Home").rect.center)
    h = app.scene
    assert isinstance(h, HomeScene)
    click(app, button(h, "settings"))
    assert isinstance(app.scene, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, HomeScene)
    click(app, button(app.scene, "stats"))
    assert isinstance(app.scene, StatsScene)
    click(app, button(app.scene, "back"))
    assert isinstance(app.scene, HomeScene)


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_the_back_arrow_stays_top_left_when_left_handed(size):
    """Left-handed moves the table's button column, not the screens' Back: "←" stays top left,
    where the platforms put it and the tables keep their menu (fresh32 F8: it sat top right)."""
    from ui.scenes.daily import DailyScene

    for scene in (SettingsScene(), StatsScene(), DailyScene()):
        app = new_app(Store(MemoryStorage()), scene, size=size)
        app.settings.left_handed = True
        app.scene.resize(*size)
        r = next(b for b, _ in app.scene.buttons if b.name == "back").rect
        assert r.x == 0 and r.y == 0, (type(scene).__name__, r)
        app.frame()


def test_the_daily_screens_message_leaves_the_deals_list_alone():
    """On a phone on its side the list of deals runs to the bottom: Share's message ("Copied: …")
    goes on its band under the calendar, not across the FreeCell row (fresh32 F10)."""
    from ui.scenes.daily import DailyScene

    app = new_app(Store(MemoryStorage()), DailyScene(), size=(844, 390))
    sc = app.scene

    def shot():
        sc.stale = app.dirty = True
        app.frame()
        return app.screen.copy()

    before = shot()
    sc.message = "Copied: Pasyans 2026-12-07 · TriPeaks + 2:22 · 44 moves"
    after = shot()
    last = sc.rows[-1][1]
    assert last.bottom > 390 - 40                 # the list does reach the bottom here
    assert all(before.get_at((x, y)) == after.get_at((x, y))
               for x in range(sc.list.x, sc.list.right, 3) for y in range(last.y, last.bottom, 3))
    assert any(before.get_at((x, y)) != after.get_at((x, y))
               for x in range(0, sc.cal.right, 3) for y in range(390 - 40, 390, 3))


# -- settings --------------------------------------------------------------------------------------
def test_settings_persist_across_apps():
    store = Store(MemoryStorage())
    app = new_app(store, SettingsScene())
    sc = app.scene
    for name in ("sound", "four_colour", "left_handed", "card_back", "solvable_only", "anim_speed"):
        click(app, sc.row_rects[name].center)
    click(app, sc.row_rects["language"].center)
    assert app.settings.language == "ru" and sc.title() == "Настройки"
    app2 = new_app(store, settings=FROM_STORE)
    s = app2.settings
    assert (s.language, s.sound, s.four_colour, s.left_handed, s.card_back, s.solvable_only, s.anim_speed) == \
        ("ru", False, True, True, cards_art.BACK_NAMES[1], False, "normal")
    assert app2.sounds.enabled is False


@pytest.mark.parametrize("bad", ["{not json", json.dumps({"schema": 1, "data": {"language": "fr"}}),
                                 json.dumps({"schema": 1, "data": {"sound": "loud"}}),
                                 json.dumps({"schema": 1, "data": {"game_options": {"tripeaks": [1]}}})])
def test_a_corrupt_settings_record_gives_a_notice_and_defaults(bad):
    mem = MemoryStorage()
    mem.data["settings"] = bad
    app = new_app(Store(mem), settings=FROM_STORE)
    app.frame()
    d = Settings()
    assert (app.settings.sound, app.settings.card_back, app.settings.game_options) == \
        (d.sound, d.card_back, d.game_options)
    from ui.storage import MSG_KEPT

    assert tr(MSG_KEPT, app.settings.language, what=tr("settings", app.settings.language)) == app.notice
    assert mem.data["settings.corrupt"] == bad
    # the notice line lies over the top bar, Settings' button included: a tap on it dismisses
    # it and opens what it names, Settings' Kept data
    click(app, app.notice_rect.center)
    assert app.notice == ""
    from ui.scenes.settings import SettingsScene

    assert isinstance(app.scene, SettingsScene) and app.scene.panel is not None
    assert app.scene.panel.title == tr("Kept data", app.settings.language)
    assert app.scene.kept_lines() == [tr("Kept aside: {what}", app.settings.language,
                                         what=tr("settings", app.settings.language))]


def test_a_tap_on_another_notice_only_dismisses_it():
    from ui.scenes.home import HomeScene

    app = new_app(Store(MemoryStorage()))
    app.show_notice("Something happened")
    app.frame()
    click(app, app.notice_rect.center)
    assert app.notice == "" and isinstance(app.scene, HomeScene)


def test_first_start_language_follows_the_system(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert Settings.load(Store(MemoryStorage())).language == "ru"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert Settings.load(Store(MemoryStorage())).language == "en"


def test_settings_validation_and_backs():
    s = Settings(language="ru", sound=False)
    assert Settings.from_data(s.to_data()) == s
    assert Settings.from_data({"language": "en", "future_key": 1}).language == "en"
    assert cards_art.BACK_NAMES == CARD_BACKS  # the settings' reader knows the backs without pygame
    for bad in ({"anim_speed": "slow"}, {"glow": 1}, {"card_back": "gold"}, [], {"game_options": {"x": {"a": 1}}}):
        with pytest.raises(ValueError):
            Settings.from_data(bad)


# -- statistics ------------------------------------------------------------------------------------
def scripted_store():
    from ui.progress import Progress, SavedGame

    store = Store(MemoryStorage())
    pr = Progress(store)
    for k, r in enumerate("wwlwlw" * 6):          # 36 games: the line keeps the last 30
        sv = SavedGame("tripeaks", k + 1, {"mode": "easy", "scoring": "streak"}, seconds=100 + k)
        if r == "w":
            h = sv.replay()
            h.moves = 50 + k
            pr.won(sv, h, 1000 + 10 * k)
        else:
            pr._count(sv, False)
    return store


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_stats_screen_draws_and_formats_per_language(size, lang):
    app = new_app(scripted_store(), StatsScene(), size, language=lang)
    sc = app.scene
    assert sc.game == "tripeaks"
    figs = dict(sc.figures())
    assert figs[tr("Played")] == "36" and figs[tr("Won")] == "24"
    assert figs[tr("Win %")] == ("66.7%" if lang == "en" else "66,7\u00a0%")
    assert figs[tr("Best score")] == ("1,350" if lang == "en" else "1\u00a0350")
    assert figs[tr("Best time")] == "1:40"
    assert len(app.progress.summary(sc.variant)["last"]) == 30
    # the picture has wins (green) and losses (red) in the chart
    surf = app.screen
    cols = {surf.get_at((x, y))[:3] for x in range(0, size[0], 3) for y in range(0, size[1], 3)}
    assert (129, 199, 132) in cols and (239, 83, 80) in cols
    # a tap on a game's bars selects it
    click(app, sc.columns[4].center)
    assert sc.game == "klondike" and dict(sc.figures())[tr("Played")] == "0"


def test_number_and_time_formats():
    assert format_number(1234567, lang="en") == "1,234,567"
    assert format_number(1234567, lang="ru") == "1\u00a0234\u00a0567"
    assert format_number(2.5, 1, "ru") == "2,5" and format_number(2.5, 1, "en") == "2.5"
    assert format_number(-1500, lang="ru") == "-1\u00a0500"
    assert format_percent(50.0, "en") == "50%" and format_percent(33.3, "ru") == "33,3\u00a0%"
    assert format_duration(0) == "0:00" and format_duration(61.9) == "1:01"
    assert format_duration(3600 * 2 + 5) == "2:00:05"


# -- export / import -------------------------------------------------------------------------------
def test_export_then_import_round_trip(tmp_path, monkeypatch):
    path = tmp_path / "export.json"
    monkeypatch.setenv("PASYANS_EXPORT", str(path))
    store = scripted_store()
    app = new_app(store, TriPeaksTable(9), language="ru")
    app.scene.activate(hit.STOCK)
    app.scene.activate(hit.STOCK)
    app.open_settings()
    sc = app.scene
    click(app, button(sc, "export"))
    assert path.exists() and str(path) in sc.message
    stats, save = dict(app.progress.stats), store.load("game.tripeaks")
    pygame.display.quit()

    empty = Store(MemoryStorage())
    app2 = new_app(empty, SettingsScene(), language="en")
    assert app2.progress.stats == {}
    click(app2, button(app2.scene, "import"))
    assert app2.scene.panel is not None and app2.progress.stats == {}   # it asks first
    click(app2, app2.scene.panel.buttons[0].rect.center)                # Import
    assert app2.progress.stats == stats and empty.load("game.tripeaks") == save
    assert app2.settings.language == "ru" and app2.scene.message.startswith("Загружено")
    assert app2.open_game("tripeaks", resume=True)
    assert app2.scene.history.actions == ["s", "s"]


def test_a_bad_import_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "export.json"
    path.write_text("hello", encoding="utf-8")
    monkeypatch.setenv("PASYANS_EXPORT", str(path))
    store = scripted_store()
    app = new_app(store, SettingsScene())
    before = dict(store.backend.data)
    click(app, button(app.scene, "import"))
    assert "not a Pasyans export" in app.scene.message and store.backend.data == before
    app.scene.import_file(tmp_path / "missing.json")
    assert "Could not read" in app.scene.message


# -- sounds ----------------------------------------------------------------------------------------
def test_sounds_follow_the_setting_and_never_raise(monkeypatch):
    app = new_app(scene=TriPeaksTable(1))
    t = app.scene
    t.activate(hit.STOCK)
    bad = next(i for i in range(28) if TriPeaks.why_not(t.state, i) is not None)
    t.activate(hit.slot(bad))
    assert app.sounds.played[-2:] == ["draw", "refused"]
    app.settings.sound = False
    t.activate(hit.STOCK)
    assert app.sounds.played[-1] == "refused"
    # no audio device: silence, not an error
    from ui.sound import Sounds

    def boom(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    s = Sounds(True)
    s.play("win")
    assert s.starting()       # the mixer starts in the frames after the one asking
    s.step()
    assert s.failed and not s.ready and not s.starting()
    s.play("draw")            # silent from then on, never an error
    assert not s.starting()


def test_the_mixer_starts_in_pieces_after_the_frame_asking(monkeypatch):
    """The first sound of a run does not start the mixer nor decode the sound files in the frame
    whose move asked for it (tens of ms in WebAssembly, a first move's landing frame): the next
    frames do it a piece each, and the sound asked for plays once its file is loaded."""
    from ui import sound

    calls, played = [], []

    class FakeSound:
        def __init__(self, path):
            calls.append(("load", path.rsplit("/", 1)[-1]))
            self.name = path.rsplit("/", 1)[-1]

        def set_volume(self, v):
            pass

        def play(self):
            played.append(self.name)

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a: calls.append(("init",)))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    app = new_app(scene=TriPeaksTable(1), sound=True)
    t = app.scene
    t.activate(hit.STOCK)          # a move: its sound asked for, in this frame's work
    assert app.sounds.played[-1] == "draw" and calls == [] and played == []
    pieces = []
    for _ in range(8):
        n = len(calls)
        app.frame()
        pieces.append(len(calls) - n)
    assert max(pieces) == 1, pieces            # one piece a frame
    assert calls[0] == ("init",) and ("load", "draw.ogg") in calls
    assert played == ["draw.ogg"]              # played late, once
    assert not app.sounds.starting()
    t.activate(hit.STOCK)
    assert played == ["draw.ogg", "draw.ogg"]  # loaded: at once


def test_the_mixer_starts_at_rest_after_the_first_gesture(monkeypatch, fake_clock):
    """Where the mixer did not start with the app (natively; in the page when sound was off at
    the start) it starts after the player's first gesture, before any sound is asked for, and only
    in frames that draw nothing: a card's flight never carries a piece of it (its start is one call
    of 45-60 ms in WebAssembly; it took a TriPeaks flight frame to 59 ms)."""
    from ui import sound

    calls = []

    class FakeSound:
        def __init__(self, path):
            calls.append("load")

        def set_volume(self, v):
            pass

        def play(self):
            calls.append("play")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a: calls.append("init"))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    t = TriPeaksTable(1)
    app = new_app(scene=t, sound=True, anim_speed="normal")
    app.sounds.gestured = False            # the page: no gesture yet
    app.frame()
    assert not app.sounds.starting()
    from ui.input import PointerEvent

    felt = (5, app.size[1] // 2)
    app.dispatch(PointerEvent("tap", felt, felt))   # a first tap, on the felt
    assert app.sounds.starting() and calls == []
    t.activate(hit.STOCK)                  # a move: its card flies
    drawn_pieces, rest_pieces = 0, 0
    for _ in range(200):
        n, draws = len(calls), app.draws
        app.frame()
        if app.draws != draws:
            drawn_pieces += len(calls) - n
        else:
            rest_pieces += len(calls) - n
        fake_clock.advance(0.016)
        if not app.sounds.starting() and not t.anim.busy():
            break
    assert drawn_pieces == 0, "a frame that drew carried a piece of the mixer's start"
    assert calls[0] == "init" and calls.count("load") == len(sound.NAMES) and not app.sounds.starting()


@pytest.mark.parametrize("activated", [True, False])
def test_the_page_starts_its_mixer_with_the_app_not_in_a_frame(monkeypatch, fake_clock, activated):
    """In the browser, on a page that has had a gesture (pygbag's "Tap to play" comes before
    ``main.py``), the mixer starts in the app's start, before its first frame: its start is one
    call of 45-60 ms there (the page's first AudioContext), and it took a frame at rest after the
    first gesture. The files are then decoded a frame each after the player's first tap, in frames
    that draw nothing, and the first move's sound plays. A page with no gesture yet (its context
    would start suspended) starts the mixer in such a frame after the first tap, as before."""
    from types import SimpleNamespace

    import ui.app
    from ui import sound
    from ui.input import PointerEvent

    calls = []
    made = []

    def app_frames():
        return made[0].frames if made else -1

    class FakeSound:
        def __init__(self, path):
            calls.append(("load", app_frames()))

        def set_volume(self, v):
            pass

        def play(self):
            calls.append(("play", app_frames()))

    monkeypatch.setattr(ui.app, "WEB", True)
    monkeypatch.setattr(ui.app, "page_activated", lambda: activated)
    monkeypatch.setattr(sound, "sys", SimpleNamespace(platform="emscripten"))   # no tap in the app yet
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a: calls.append(("init", app_frames())))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    from ui.app import App

    init = App.__init__

    def remember(self, *a, **k):
        made.append(self)
        init(self, *a, **k)

    monkeypatch.setattr(App, "__init__", remember)
    t = TriPeaksTable(1)
    app = new_app(scene=t, sound=True, anim_speed="normal", frames=0)
    assert calls == ([("init", 0)] if activated else []), "the mixer's start with the app"
    for _ in range(5):
        app.frame()
        fake_clock.advance(0.016)
    assert len(calls) == (1 if activated else 0)          # nothing more before a tap
    felt = (5, app.size[1] // 2)
    app.dispatch(PointerEvent("tap", felt, felt))   # a first tap, on the felt
    t.activate(hit.STOCK)                  # a move: its card flies, its sound waits for its file
    drawn_pieces = 0
    for _ in range(200):
        n, draws = len(calls), app.draws
        app.frame()
        if app.draws != draws:
            drawn_pieces += sum(1 for c in calls[n:] if c[0] != "play")
        fake_clock.advance(0.016)
        if not app.sounds.starting() and not t.anim.busy():
            break
    assert drawn_pieces == 0, "a frame that drew carried a piece of the sounds' start"
    kinds = [c[0] for c in calls]
    assert kinds[0] == "init" and kinds.count("init") == 1
    assert kinds.count("load") == len(sound.NAMES) and "play" in kinds and not app.sounds.starting()


def test_the_desktop_starts_its_mixer_after_the_first_gesture(monkeypatch):
    """Natively the app's start opens no mixer (it starts lazily, 3 ms, as before)."""
    calls = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a: calls.append("init"))
    new_app(scene=TriPeaksTable(1), sound=True, frames=0)
    assert calls == []


def test_sound_files_are_small_oggs():
    from ui.sound import NAMES, SOUNDS_DIR

    for n in NAMES:
        p = SOUNDS_DIR / f"{n}.ogg"
        assert p.read_bytes()[:4] == b"OggS" and p.stat().st_size < 16_000


def test_left_handed_mirrors_the_stock_and_the_buttons():
    right = new_app(scene=TriPeaksTable(1)).scene
    stock_r, undo_r = right.stock_rect.centerx, right.buttons[0].rect.centerx
    pygame.display.quit()
    left = new_app(scene=TriPeaksTable(1), left_handed=True).scene
    w = left.app.size[0]
    assert abs(left.stock_rect.centerx - (w - stock_r)) <= 2
    assert left.buttons[0].rect.centerx > w // 2 > undo_r


def test_left_handed_on_a_phone_on_its_side_mirrors_the_button_column_and_keeps_its_order():
    """fresh31 F5: at 844×390 left-handed put the button column on the left upside down (Undo at
    the bottom, Options on top) where a mirror keeps Undo on top."""
    right = new_app(scene=TriPeaksTable(1), size=(844, 390)).scene
    order = [(b.name, b.rect.y) for b in right.buttons if b.name in ("undo", "hint", "options")]
    pygame.display.quit()
    left = new_app(scene=TriPeaksTable(1), size=(844, 390), left_handed=True).scene
    assert [(b.name, b.rect.y) for b in left.buttons if b.name in ("undo", "hint", "options")] == order
    assert order[0][1] < order[-1][1]                                    # Undo on top
    assert all(b.rect.centerx < 844 // 2 for b in left.buttons if b.name == "undo")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["klondike", "freecell", "spider"])
def test_left_handed_mirrors_the_column_games_piles_and_keeps_the_columns_order(game, size):
    """Left-handed mirrored TriPeaks and Pyramid only: the column games kept their stock, waste,
    free cells and foundations where the right-handed table has them. Now every pile that is no
    column sits as far from the table's left edge as it sat from its right edge (its fan turned
    round), the columns keep their order (column 1 leftmost) and nothing overlaps."""
    sides = {}
    for lefty in (False, True):
        t = new_app(scene=table_class(game)(5), size=size, left_handed=lefty).scene
        sides[lefty] = (t, t.frame.table.copy(), dict(t.pile_rect), dict(t.fans))
        pygame.display.quit()
    (_, TR, right, rfans), (t, TL, left, lfans) = sides[False], sides[True]
    assert TL.width == TR.width
    piles = [k for k in right if k[0] != "col"]
    cols = [left[("col", i)] for i in range(t.n_columns)]
    assert piles and all(a.right < b.x for a, b in zip(cols, cols[1:]))
    for k in piles:
        assert abs((left[k].x - TL.x) - (TR.right - right[k].right)) <= 2, k
        assert left[k].y == right[k].y and not any(left[k].colliderect(c) for c in cols), k
        if k[0] in lfans:
            assert lfans[k[0]] == (-rfans[k[0]][0], rfans[k[0]][1])
    for k in piles:      # each pile answers a tap at its place
        assert t.hit_test(left[k].center) in (hit.pile(k), *(hit.card(k, i) for i in range(60))), k
    assert all(TL.contains(r) for r in left.values())


@pytest.mark.parametrize("size", SIZES)
def test_left_handed_devils_grip_has_its_stock_on_the_right_and_the_talon_fanned_left(size):
    from games.devils_grip import DevilsGrip

    t = new_app(scene=table_class("devils-grip")(5), size=size, left_handed=True).scene
    grid = t.cell_rects[0].unionall(t.cell_rects[1:])
    assert t.stock_rect.right == grid.right and t.talon_rect.right < t.stock_rect.x
    for _ in range(6):                        # turn cards onto the talon from the stock
        t.play(next(m for m in DevilsGrip.legal_moves(t.state) if t.rules.format_move(t.state, m) == "s"))
    n = len(t.state.talon)
    top = t.talon_card_rect(n, n - 1)
    assert top.x < t.talon_rect.x and t.talon_area.contains(top)
    assert t.hit_test(top.center) == hit.TALON and t.hit_test(t.stock_rect.center) == hit.STOCK
    assert not t.talon_area.colliderect(t.stock_rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_stats_with_no_games_played_is_a_short_friendly_message(size, lang):
    app = new_app(size=size, language=lang)
    app.open_stats()
    app.frame()
    sc = app.scene
    assert isinstance(sc, StatsScene) and sc.empty
    assert sc.columns == []                                   # no empty bar chart
    assert sc.empty_rect.height <= size[1] * 0.4              # compact, not half the screen
    assert pygame.Rect(0, 0, *size).contains(sc.empty_rect)
    assert tr("No games played yet", lang) != "No games played yet" or lang == "en"
    # one game played: the chart is back
    opts = {"mode": "easy", "scoring": "streak"}
    saved = app.progress.begin("tripeaks", 1, opts)
    app.progress.won(saved, History.start(TriPeaks, TriPeaks.deal(1, opts)), 100)
    app.open_stats()
    app.frame()
    assert not app.scene.empty and len(app.scene.columns) == len(GAMES)


@pytest.mark.parametrize("size", SIZES)
def test_the_start_shows_home_at_once_and_its_miniatures_a_frame_each(size):
    """At the start (App() picks the home screen) the first frame draws the tiles without the
    miniatures not made yet; the next frames bring them on, at most one more each frame (each
    imports its game's table), their card faces made in the frames' spare time, so no frame's
    drawing draws a face for the first time; the screen then is the home screen drawn whole at
    once."""
    from ui.scenes import home as home_module, previews

    previews._cache.clear()
    home_module._tiles.clear()
    cards_art.clear()
    app = open_app(None, size, frames=0)

    def faces():
        return sum(1 for k in cards_art._cache if k[0] in ("face", "cface"))

    warm, in_warm = cards_art.warm, []

    def counted_warm(*a, **k):
        n = faces()
        try:
            return warm(*a, **k)
        finally:
            in_warm.append(faces() - n)

    def frame(app=app):   # faces the frame made outside its spare time (cards_art.warm)
        in_warm.clear()
        n = faces()
        cards_art.warm = counted_warm
        try:
            app.frame()
        finally:
            cards_art.warm = warm
        return faces() - n - sum(in_warm)

    assert frame() == 0 and app.draws == 1
    home = app.scene
    assert isinstance(home, HomeScene) and home.previews_later
    st = app.settings
    assert set(home.preview_sizes) == set(GAMES)
    assert all(previews.cached(g, s, st.card_back, st.four_colour) is None for g, s in home.preview_sizes.items())
    counts = [0]
    for _ in range(100):
        assert frame() == 0
        counts.append(sum(1 for g, s in home.preview_sizes.items()
                          if previews.cached(g, s, st.card_back, st.four_colour)))
        if not home.previews_later:
            break
    assert counts[-1] == len(GAMES) and max(b - a for a, b in zip(counts, counts[1:])) == 1
    app.frame()
    assert not app.dirty
    started = pygame.image.tobytes(app.screen, "RGB")
    whole = open_app(HomeScene(), size, frames=0)   # the miniatures made: drawn whole at its first frame
    whole.frame()
    assert not whole.scene.previews_later and whole.draws == 1
    assert pygame.image.tobytes(whole.screen, "RGB") == started
    # back home with nothing made (a new size, the art forgotten): no frame makes a face either
    previews._cache.clear()
    home_module._tiles.clear()
    cards_art.clear()
    whole.home()
    for _ in range(100):
        assert frame(whole) == 0
        if not whole.scene.previews_later:
            break
    assert not whole.scene.previews_later


@pytest.mark.parametrize("size", SIZES)
def test_a_miniature_is_put_together_in_a_frame_that_draws_nothing(monkeypatch, size):
    """The frame that puts a miniature together from its faces draws nothing; the next frame
    draws it, adding it to the tile drawn without it (no tile made anew: its felt, translucent
    plate and text are kept). In WebAssembly one frame did both, the tile made again: 16-18 ms
    at 844×390 and 1280×800 (docs/web.md, "Session 25")."""
    from ui.scenes import home as home_module, previews

    previews._cache.clear()
    home_module._tiles.clear()
    cards_art.clear()
    put_together, tiles_made = [], []
    preview, opaque = previews.preview, home_module.opaque_surface
    monkeypatch.setattr(previews, "preview", lambda *a, **k: put_together.append(a[0]) or preview(*a, **k))
    monkeypatch.setattr(home_module, "opaque_surface", lambda *a, **k: tiles_made.append(1) or opaque(*a, **k))
    app = open_app(None, size, frames=0)
    app.frame()
    assert app.draws == 1 and len(tiles_made) == len(GAMES)     # the tiles, without their miniatures
    done, drawn_after = [], 0
    for _ in range(300):
        put_together.clear()
        tiles_made.clear()
        draws = app.draws
        app.frame()
        drew = app.draws != draws
        assert not (put_together and drew), f"the frame that put {put_together} together drew too"
        assert not tiles_made, "a tile was made anew to show its miniature"
        done += put_together
        if drew and done:
            drawn_after += 1
        if not app.scene.previews_later:
            break
    assert sorted(done) == sorted(GAMES) and drawn_after == len(GAMES)
    assert not app.dirty


@pytest.mark.parametrize("game, row, key, value", [
    ("klondike", 0, "draw", "3"), ("spider", 0, "suits", "4"), ("spider", 1, "relaxed", "yes"),
    ("tripeaks", 0, "mode", "classic"), ("tripeaks", 1, "scoring", "moves"), ("pyramid", 1, "passes", "3")])
def test_a_rule_option_chosen_at_the_table_is_kept_for_the_next_start(game, row, key, value):
    """A rule option changed in a table's Options panel is saved at once, as the home sheet's is:
    the next start deals under it (Klondike's Draw, Spider's Suits and relaxed rule, TriPeaks'
    Mode and Scoring were kept in memory only, and lost)."""
    from ui.table import table_class

    store = Store(MemoryStorage())
    app = new_app(store, table_class(game)(7))
    t = app.scene
    label, act = t.options_rows()[row]
    act()
    assert t.settings.options_for(game)[key] == value, label()
    assert Settings.load(store).options_for(game)[key] == value


def test_a_page_gone_without_a_last_frame_keeps_the_clock_within_ten_seconds(fake_clock):
    """A reloaded or closed page runs no frame to save the game: the clock is saved as it runs
    (every ``CLOCK_SAVE`` seconds, in a frame's spare time), so Continue shows it less than that
    behind, not back at the last move (it showed 0.0 s after 40 s of play)."""
    from ui.progress import Progress
    from ui.table import hit
    from ui.table.base import CLOCK_SAVE
    from ui.table.tripeaks import TriPeaksTable

    mem = MemoryStorage()
    app = new_app(Store(mem), TriPeaksTable(3))
    t = app.scene
    t.activate(hit.STOCK)
    for _ in range(60 * 40):
        fake_clock.advance(1 / 60)
        app.frame()
    assert t.clock >= 40
    saved, _ = Progress(Store(mem)).load_game("tripeaks")   # the page gone: what the store holds
    assert t.clock - CLOCK_SAVE - 1 < saved.seconds <= t.clock


@pytest.mark.parametrize("game", ["klondike", "devils-grip"])
def test_left_handed_is_an_option_at_the_table_and_mirrors_it_at_once(game):
    """The table's Options panel has the Left-handed row (as language and animation are there):
    tapped, the setting is saved and the table is laid out for the other hand at once."""
    from ui.table import table_class

    store = Store(MemoryStorage())
    app = new_app(store, table_class(game)(7))
    t = app.scene
    right = [b.rect.x for b in t.buttons]
    rows = [(label(), act) for label, act in t.options_rows()]
    (label, act), = [r for r in rows if r[0].startswith("Left-handed layout")]
    act()
    assert Settings.load(store).left_handed is True
    assert [b.rect.x for b in t.buttons] == right[::-1]


def test_a_language_change_keeps_the_pause_menu_and_the_code_field_open_in_the_new_language():
    """A change of language (here as another window's reaches this one) re-opened "the options
    panel" for the pause menu too (it is one, a subclass), so the pause menu became Options; the
    code field kept its old language. Each is open again, in the new language, the typed code kept."""
    from ui.table import table_class
    from ui.table.panels import CodeEntry, PauseMenu

    app = new_app(Store(MemoryStorage()), table_class("freecell")(7))
    t = app.scene
    t.open_pause()
    app.set_language("ru")
    assert isinstance(t.panel, PauseMenu) and t.panel.title not in ("Paused", "Options")
    t.close_panel()
    app.set_language("en")
    t.open_code_entry()
    t.panel.value = "FC1-M-AA"
    title = t.panel.title
    app.set_language("ru")
    assert isinstance(t.panel, CodeEntry) and t.panel.value == "FC1-M-AA" and t.panel.title != title


def test_the_sheets_new_deal_over_a_game_in_progress_asks_first():
    """Home, a game's sheet, New deal over an unfinished game (fresh user, F5): the table opens on
    that game and asks, as its own New deal does (it counted the game lost unasked); Keep playing
    keeps it and counts nothing, New deal then deals under the sheet's options."""
    store = Store(MemoryStorage())
    app = new_app(store, scene=TriPeaksTable(5))
    t = app.scene
    key(app, pygame.K_SPACE)
    t.autosave()
    app.home()
    h = app.scene
    h.tap_game("tripeaks")
    click(app, next(b for b in h.panel.buttons if b.name == "new").rect.center)
    t = app.scene
    assert isinstance(t, TriPeaksTable) and t.number == 5 and t.panel is not None
    assert app.progress.stats == {}
    click(app, next(b for b in t.panel.buttons if b.name == "cancel").rect.center)   # Keep playing
    assert t.number == 5 and t.player_moves() == 1 and app.progress.stats == {}
    t.ask_new_deal()
    click(app, next(b for b in t.panel.buttons if b.name == "new").rect.center)
    assert t.number != 5 and sum(s["played"] for s in app.progress.stats.values()) == 1


def test_a_game_just_lost_is_in_the_statistics_at_once_and_the_screen_reads():
    """fresh31 F8/F9: after Devil's Grip lost (the stock played through), Home, Statistics said
    "No games yet" beside the best result the end recorded ("Fewest cards left 72"): the loss
    counts only when the next deal starts (Undo or Rescue may take the game on), so the screen
    showed it nowhere. It shows it at once now, and the record itself still waits for the next
    deal. In Russian at 390×844 the long labels ran into each other (each fits its cell now), and
    the one variant's name was a greyed button (1.6:1): a title in full ink now."""
    from games.devils_grip import DevilsGrip
    from ui.scenes.common import draw_pair
    from ui.table.devils_grip import DevilsGripTable

    app = new_app(None, DevilsGripTable(420), (390, 844), language="ru")
    t = app.scene
    while DevilsGrip.status(t.state) == "playing":
        legal = DevilsGrip.legal_moves(t.state)
        assert t.play(next((m for m in legal if str(m) == "s"), legal[0]))
    app.frame()
    app.home()
    app.open_stats()
    app.frame()
    sc = app.scene
    assert not sc.empty and sc.game == "devils-grip"
    figs = dict(sc.figures())
    assert figs[tr("Played", "ru")] == "1" and figs[tr("Won", "ru")] == "0"
    assert figs[tr("Fewest cards left", "ru")] == "72"
    assert sc.line_title() == tr("Last game: lost", "ru")
    assert app.progress.stats[sc.variant]["played"] == 0       # the record: at the next deal
    # every label inside its own cell (the widest, Russian, at the phone's three columns)
    cw = sc.detail.width // 3
    for label, value in sc.figures():
        cell = pygame.Rect(cw, 20, cw, 80)
        surf = pygame.Surface((3 * cw, 120), pygame.SRCALPHA)
        draw_pair(surf, label, value, cell, 24)
        assert cell.contains(surf.get_bounding_rect()), label
    # the variant's name: no greyed button, its text in full ink
    assert all(b.name != "variant" for b, _ in sc.buttons)
    label, r, _ = sc.variant_title
    assert label == tr("Devil's Grip", "ru")
    def lum(c):
        v = [(x / 255) / 12.92 if x <= 10 else ((x / 255 + 0.055) / 1.055) ** 2.4 for x in c[:3]]
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]

    px = sorted((lum(app.screen.get_at((x, y))) for x in range(r.x, r.right) for y in range(r.y, r.bottom, 2)))
    assert (px[-1] + 0.05) / (px[len(px) // 2] + 0.05) >= 4.5     # the text against its ground


def test_kept_data_lines_say_what_each_copy_holds():
    """fresh34 (Kept data): copies of one record kept aside are told apart on the Kept data
    panel: a saved game by its deal code, moves, time and start day; a copy that does not read
    by its copy number."""
    import time as _time

    from ui.progress import SavedGame

    store = Store(MemoryStorage())
    texts = []
    for number, actions in ((5, ["1-2", "u", "3-4"]), (9, ["w"])):
        d = SavedGame("klondike", number, {"draw": "1"}, actions, 65.0,
                      started=_time.mktime((2026, 12, 1, 12, 0, 0, 0, 0, -1))).data()
        d["id"] = 7                                      # a field its reader refuses
        texts.append(json.dumps({"schema": 1, "data": d}))
    for t in texts + ["{not json", "{still not json"]:
        assert store.keep_copy("game.klondike" if t in texts else "stats", t)
    app = new_app(store, SettingsScene())
    lines = app.scene.kept_lines()
    assert len(lines) == 4 and len(set(lines)) == 4, lines
    from games.klondike import Klondike

    assert any(Klondike.code(5, {"draw": "1"}) in ln and "2 moves" in ln and format_duration(65) in ln
               and "begun 2026-12-01" in ln for ln in lines), lines
    assert any(Klondike.code(9, {"draw": "1"}) in ln and "1 move" in ln for ln in lines), lines
    assert any(ln.endswith("statistics, copy 1") for ln in lines) and any(ln.endswith("statistics, copy 2") for ln in lines)
