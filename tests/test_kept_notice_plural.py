"""The one notice naming the records kept aside agrees in number with them: "It was kept aside"
for one record, "They were kept aside" for several (the catalogue's plural forms), in English and
in Russian."""
import pytest

from games.i18n import set_language
from ui.storage import MemoryStorage, Store


def store_with_broken(names):
    mem = MemoryStorage()
    for name in names:
        mem.data[name] = "{not json"
    return Store(mem)


@pytest.fixture(params=["en", "ru"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_several_records_kept_aside_are_they(lang):
    st = store_with_broken(["settings", "stats", "game.klondike"])
    st.check_all()
    (notice,) = st.take_notices()
    if lang == "en":
        assert "They were kept aside" in notice and "export them:" in notice, notice
        assert "It was" not in notice
    else:
        assert "Всё это отложено" in notice, notice


def test_one_record_kept_aside_is_it(lang):
    st = store_with_broken(["stats"])
    st.check_all()
    (notice,) = st.take_notices()
    if lang == "en":
        assert "It was kept aside" in notice and "export it:" in notice, notice
    else:
        assert "Это отложено" in notice and "Всё это" not in notice, notice
