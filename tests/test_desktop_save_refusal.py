"""On the desktop a refused save is told in the desktop's own words: a saves file that cannot be
opened is told once (nothing is saved until it can be), never as "the browser's storage is full";
a file that cannot be written names the file and the operating system's reason. The notices are
joined with one space."""
import errno
import os

import pytest

from games.i18n import set_language, tr
from ui.storage import MSG_FULL, JsonFileStorage, MemoryStorage, Store


@pytest.fixture(params=["en", "ru"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_a_blocked_saves_file_is_told_once_and_never_as_the_browser(tmp_path, lang):
    (tmp_path / "store.json").mkdir()
    store = Store(JsonFileStorage(tmp_path / "store.json"))
    assert not store.save("settings", {"language": lang})
    notices = store.take_notices()
    assert len(notices) == 1, notices
    assert str(tmp_path / "store.json") in notices[0]
    assert tr(MSG_FULL) not in notices[0]
    assert "browser" not in notices[0] and "браузер" not in notices[0]


def test_a_full_disk_names_the_file_and_the_reason(tmp_path, lang, monkeypatch):
    store = Store(JsonFileStorage(tmp_path / "store.json"))

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "replace", full)
    assert not store.save("settings", {"language": lang})
    (notice,) = store.take_notices()
    assert str(tmp_path / "store.json") in notice
    assert ("No space left on device" if lang == "en" else "Не удалось сохранить") in notice
    assert "browser" not in notice and "браузер" not in notice


def test_the_browser_storage_still_says_it_is_full():
    mem = MemoryStorage()
    mem.fail_writes = True
    store = Store(mem)
    assert not store.save("settings", {})
    assert store.take_notices() == [tr(MSG_FULL)]


def test_the_app_joins_its_notices_with_one_space(tmp_path):
    from tests.conftest import new_app

    (tmp_path / "store.json").mkdir()
    store = Store(JsonFileStorage(tmp_path / "store.json"))
    store.notices.append("Second notice.")
    app = new_app(store=store)
    assert "  " not in app.notice
    assert app.notice.endswith("until it can be. Second notice."), app.notice


def test_a_storage_that_stays_full_is_told_once_until_a_save_succeeds():
    """Every move's save fails on a full storage: the notice comes once, not back over the top
    bar at each move (it covered the menu button and swallowed its first tap); once a save
    succeeds, the next refusal is told again."""
    mem = MemoryStorage()
    mem.fail_writes = True
    store = Store(mem)
    assert not store.save("game.klondike", {"n": 1})
    assert store.take_notices() == [tr(MSG_FULL)]
    for n in range(2, 6):
        assert not store.save("game.klondike", {"n": n})
    assert store.take_notices() == []
    mem.fail_writes = False
    assert store.save("game.klondike", {"n": 6})
    mem.fail_writes = True
    assert not store.save("game.klondike", {"n": 7})
    assert store.take_notices() == [tr(MSG_FULL)]
