"""Records the storage could not keep aside, newer versions' records, records recovered from their
pending copy (docs/storage.md, "What happens
to a record that does not read")."""
import json

import pytest

from games.i18n import set_language
from ui.progress import Counted, Progress
from ui.settings import Settings
from ui.storage import MemoryStorage, StorageError, Store


class QuotaStorage(MemoryStorage):
    """localStorage's rule: a write that would take the total of keys and texts over ``quota``
    characters is refused."""

    def __init__(self, quota=10 ** 9):
        super().__init__()
        self.quota = quota

    def set(self, key, text):
        total = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(text)
        if total > self.quota:
            raise StorageError("QuotaExceededError")
        super().set(key, text)

    def room(self, n):
        """Leave room for ``n`` more characters than are stored now."""
        self.quota = sum(len(k) + len(v) for k, v in self.data.items()) + n


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


NEWER_STATS = json.dumps({"schema": 2, "data": {"klondike:draw=1": {
    "played": 200, "won": 120, "counted": [f"{i:016x}" for i in range(200)]}}})


def test_statistics_that_could_not_be_kept_aside_are_not_written_over_until_there_is_room():
    mem = QuotaStorage()
    mem.data["stats"] = NEWER_STATS
    mem.room(600)                       # less than a copy of the record
    st = Store(mem)
    p = Progress(st)
    (notice,) = st.take_notices()
    assert notice.startswith("Could not read: statistics.") and "too full to keep it aside" in notice
    p._change(Counted("pyramid", "g1", True))          # a win: its statistics' write is refused
    assert mem.data["stats"] == NEWER_STATS and st.take_notices() == []
    mem.room(len(NEWER_STATS) + 600)                  # room again: the next write keeps it first
    p._change(Counted("pyramid", "g2", True))
    assert mem.data["stats.corrupt"] == NEWER_STATS
    assert json.loads(mem.data["stats"])["data"]["pyramid"]["played"] == 2   # both wins counted
    (notice,) = st.take_notices()
    assert notice.startswith("Could not read: statistics. It was kept aside")


def test_settings_that_could_not_be_kept_aside_are_not_written_over_at_the_start():
    mem = QuotaStorage()
    text = json.dumps({"schema": 1, "data": {"language": "ru", "card_back": "plaid" * 700}})
    mem.data["settings"] = text
    mem.room(400)
    st = Store(mem)
    s = Settings.load(st)
    assert s.language == "ru"                          # what reads of it stays
    assert not s.save(st) and mem.data["settings"] == text and "settings.corrupt" not in mem.data
    mem.room(len(text) + 400)
    assert s.save(st) and mem.data["settings.corrupt"] == text


def test_a_newer_versions_record_is_told_as_newer_and_its_settings_keep_what_reads():
    mem = MemoryStorage()
    mem.data["stats"] = NEWER_STATS
    mem.data["settings"] = json.dumps({"schema": 2, "data": {"language": "ru", "glow": False, "new": 1}})
    st = Store(mem)
    s = Settings.load(st)
    Progress(st)
    assert (s.language, s.glow) == ("ru", False)
    (notice,) = st.take_notices()
    assert notice.startswith("Made by a newer version of Pasyans: settings, statistics. They were kept aside")
    assert mem.data["stats.corrupt"] == NEWER_STATS and "settings.corrupt" in mem.data


def test_a_record_recovered_from_its_pending_copy_is_not_told_unreadable():
    mem = MemoryStorage()
    st = Store(mem)
    good = {"pyramid": {"played": 3, "won": 1, "streak": 1, "best_streak": 1}}
    mem.data["stats"] = '{"schema": 1, "data": {"pyr'            # torn
    mem.data["stats.new"] = json.dumps({"schema": 1, "data": good})
    assert Progress(st).stats["pyramid"]["played"] == 3
    assert st.take_notices() == []
    assert mem.data["stats.corrupt"] == '{"schema": 1, "data": {"pyr'   # still nothing without a copy
