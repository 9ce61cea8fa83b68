"""An error of the operating system (a file that is missing, a directory, no permission…) is told
in the player's language: the frame of the message and, where the catalogue has it, the OS's
reason too; a reason the catalogue lacks is shown as the OS gives it."""
import errno

import pytest

from games import i18n
from games.i18n import set_language


@pytest.fixture
def russian():
    set_language("ru")
    yield
    set_language("en")


def test_a_known_reason_is_translated_and_an_unknown_one_is_the_os_text(russian):
    assert i18n.os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory")) == "нет такого файла или папки"
    assert i18n.os_reason(IsADirectoryError(errno.EISDIR, "Is a directory")) == "это папка, а не файл"
    odd = OSError(errno.EXDEV, "Invalid cross-device link")
    assert i18n.os_reason(odd) == "Invalid cross-device link"
    assert i18n.os_reason(OSError("no errno at all")) == "no errno at all"


def test_english_keeps_the_os_text():
    set_language("en")
    assert i18n.os_reason(PermissionError(errno.EACCES, "Permission denied (the OS's words)")) == \
        "Permission denied (the OS's words)"


@pytest.mark.parametrize("make", ["missing", "directory"])
def test_the_settings_import_of_a_file_it_cannot_read_speaks_russian(tmp_path, make):
    from tests.conftest import new_app
    from ui.scenes.settings import SettingsScene

    path = tmp_path / "export.json"
    if make == "directory":
        path.mkdir()
    app = new_app(SettingsScene(), language="ru")
    try:
        app.scene.import_file(path)
        msg = app.scene.message
        assert msg.startswith("Не удалось прочитать"), msg
        assert not any(w in msg for w in ("No such", "Is a directory")), msg
    finally:
        set_language("en")
