"""Saves in the browser (docs/design.md, "The browser (pygbag)"; docs/web.md): the game's own ``ui/storage.py`` and
``ui/progress.py``, with ``games/``, ``layouts/`` and ``locales/``, run by CPython 3.12 compiled to
WebAssembly (Pyodide) inside Chromium, over the real ``window.localStorage``
(tests/web/storage_game.py, storage.html, storage_test.mjs).

First visit: settings with Russian text and a TriPeaks game are saved through
``Store(LocalStorage(window))`` and ``Progress``; another game on the origin fills the quota and
``Store.save`` returns False with the notice while the old record survives. Then plain JS writes
garbage under ``pasyans.stats``, the page reloads: the records read back, the game replays to the
same position as natively, the garbage is kept aside under ``pasyans.stats.corrupt`` with a Russian
notice, and export → wipe → import gives the same records. The browser quits and starts again:
everything reads back once more. pygbag's own bridge (``platform.window``) needs the real runtime:
see docs/web.md.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import webenv
from games.i18n import tr
from ui.progress import SavedGame
from ui.storage import MSG_FULL, MSG_IMPORT_FULL, MSG_KEPT, PREFIX

DRIVER = Path(__file__).resolve().parent / "web" / "storage_game.py"
PHASES = ("store", "reload", "restart")


def _constants() -> dict:
    """The driver's literal constants (it imports ``js``, so it cannot be imported here)."""
    out = {}
    for node in ast.parse(DRIVER.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id.isupper():
            out[node.targets[0].id] = ast.literal_eval(node.value)
    return out


C = _constants()


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    webenv.need_web_run()
    chromium = webenv.need_chromium()
    webenv.need_node_modules()
    profile = tmp_path_factory.mktemp("storage") / "profile"
    r = webenv.run_node("storage_test.mjs", chromium, str(profile), str(webenv.free_port()), timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "error" not in out, out["error"]
    for phase in PHASES:
        assert "error" not in out[phase], (phase, out[phase]["error"])
    return out


def test_the_games_own_modules_run_in_webassembly_without_pygame(result):
    ui_files = sorted(f for f in result["files"] if f.startswith("ui/"))
    assert ui_files == ["ui/__init__.py", "ui/progress.py", "ui/settings.py", "ui/storage.py"]
    assert any(f.startswith("locales/ru/") for f in result["files"])
    for phase in PHASES:
        p = result[phase]
        assert p["platform"] == "emscripten" and p["python"].startswith("3.12"), phase
        assert p["ui_modules"] == ["ui", "ui.progress", "ui.settings", "ui.storage"], phase
        assert p["pygame_loaded"] is False, phase


def test_settings_read_back_after_reload_and_restart(result):
    store = result["store"]
    assert store["settings_saved"] is True
    assert json.loads(store["raw_settings"]) == {"schema": 1, "data": C["SETTINGS"]}  # JSON text, Russian kept
    assert "Пасьянс" in store["raw_settings"]
    for phase in ("reload", "restart"):
        assert result[phase]["settings"] == C["SETTINGS"], phase


def test_saved_game_replays_to_the_same_position_after_reload_and_restart(result):
    store = result["store"]
    assert store["game_saves"] == [True] * C["PLAYED"]
    game = store["game"]
    assert len(game["actions"]) == C["PLAYED"] and "u" in game["actions"] and game["undo_used"]
    native = SavedGame(C["GAME"], 1, dict(C["OPTIONS"]), list(game["actions"])).replay()
    rules = native.rules
    assert game["position"] == rules.format_position(native.state)
    assert (game["moves"], game["score"], game["status"]) == (native.moves, rules.score(native.state),
                                                             rules.status(native.state))
    for phase in PHASES:
        assert result[phase]["game"] == game, phase  # rebuilt by Progress.load_game from the stored actions
        assert result[phase]["unfinished"] == [C["GAME"]], phase


def test_corrupt_record_is_kept_aside_with_a_notice(result):
    before = result["store"]["stats"]  # a real record first: deal 2 abandoned counts as one loss
    (bucket,) = before.values()
    assert (bucket["played"], bucket["won"], bucket["last"]) == (1, 0, ["l"])
    reload = result["reload"]
    assert PREFIX + "stats" in reload["keys_at_start"]
    assert reload["corrupt_kept"] == result["garbage"]
    assert reload["stats_loaded"] == {}  # play goes on with the defaults
    notice = tr(MSG_KEPT, lang="ru", what=tr("statistics", lang="ru"))
    assert notice != tr(MSG_KEPT, lang="en", what=tr("statistics"))  # the Russian catalogue was read in the page
    assert reload["notices"] == [notice]  # one line, the player's word for the record, no key name
    assert "stats" not in notice
    restart = result["restart"]
    assert restart["corrupt_kept"] == result["garbage"] and restart["notices"] == []


def test_full_quota_is_a_notice_and_keeps_the_old_record(result):
    s = result["store"]
    assert 1 <= s["quota_filled_mb"] < 64
    assert "quota" in s["quota_raw_error"].lower()
    assert "quota" in s["quota_backend_error"].lower()  # LocalStorage.set raised StorageError
    assert s["quota_save"] is False
    assert s["quota_notices"] == [tr(MSG_FULL, lang="ru")]
    assert s["quota_raw_kept"] is True and s["quota_settings"] == C["SETTINGS"]
    assert s["quota_pending_left"] == []  # no NAME.new left behind
    # an import that runs out of room part-way changes nothing, in the real browser
    assert s["import_full"] == tr(MSG_IMPORT_FULL, lang="ru")
    assert s["import_full_unchanged"] is True
    # it failed part-way: the undo copy and the game were written, then rolled back
    assert s["import_full_written"][:2] == ["_undo.import", f"game.{C['GAME']}"]


def test_keys_are_prefixed_and_other_games_keys_are_left_alone(result):
    assert result["store"]["missing"] is None and result["store"]["load_missing"] == "default"
    for phase in ("reload", "restart"):
        p = result[phase]
        assert p["foreign"] == "not ours", phase
        assert all(k.startswith(PREFIX) for k in p["keys"] if k != C["FOREIGN"]), phase
        assert not any(n.startswith("othergame") for n in p["names"]), phase
    assert result["restart"]["keys"] == [C["FOREIGN"], PREFIX + "_undo.import", PREFIX + "game.tripeaks",
                                         PREFIX + "settings", PREFIX + "stats.corrupt"]


def test_export_and_import_round_trip(result):
    r = result["reload"]
    records = r["export"]["records"]
    assert sorted(records) == ["game.tripeaks", "settings"]  # the corrupt stats record is not exported
    assert records["settings"] == C["SETTINGS"]
    assert records["game.tripeaks"]["actions"] == result["store"]["game"]["actions"]
    assert r["export_notices"] == []  # the unreadable record was moved aside when first read
    assert r["names_wiped"] == []
    assert r["imported"] == 2 and r["export_again_same"] is True
    assert r["names_after_import"] == ["game.tripeaks", "settings"]
    assert r["bad_import"] == tr("This is not a Pasyans export (not JSON text).", lang="ru")
