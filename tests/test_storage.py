"""Storage, saves and statistics (issue 3): nothing a player did is ever lost."""
import json
import os
import sys
from pathlib import Path

import pytest

from games.core import History
from games.tripeaks import DRAW, TriPeaks
from ui.progress import Progress, SavedGame, stats_key
from ui.storage import PREFIX, JsonFileStorage, LocalStorage, MemoryStorage, Store


class FakeLocalStorage:
    """The calls pygbag's window.localStorage answers, with a quota."""

    def __init__(self, quota=10_000):
        self.items, self.quota = {}, quota
        self.length = 0

    def getItem(self, k):
        return self.items.get(k)

    def setItem(self, k, v):
        if sum(len(x) for x in self.items.values()) + len(v) > self.quota:
            raise Exception("QuotaExceededError")
        self.items[k] = v
        self.length = len(self.items)

    def removeItem(self, k):
        self.items.pop(k, None)
        self.length = len(self.items)

    def key(self, i):
        return sorted(self.items)[i]


class FakeWindow:
    def __init__(self, quota=10_000):
        self.localStorage = FakeLocalStorage(quota)


def test_round_trip_and_prefix():
    w = FakeWindow()
    st = Store(LocalStorage(w))
    assert st.save("settings", {"language": "ru"})
    assert st.load("settings") == {"language": "ru"}
    assert all(k.startswith(PREFIX) for k in w.localStorage.items)
    assert st.names() == ["settings"]


def test_corrupt_record_is_kept_aside_and_told():
    mem = MemoryStorage()
    mem.set("stats", "{not json")
    st = Store(mem)
    assert st.load("stats", {"x": 1}) == {"x": 1}
    assert mem.get("stats.corrupt") == "{not json"
    assert len(st.take_notices()) == 1


def test_newer_schema_kept_aside():
    mem = MemoryStorage()
    mem.set("stats", json.dumps({"schema": 99, "data": {}}))
    st = Store(mem)
    assert st.load("stats", "d") == "d" and mem.get("stats.corrupt")


def test_full_quota_is_a_message_and_keeps_the_old_record():
    w = FakeWindow(quota=200)
    st = Store(LocalStorage(w))
    assert st.save("a", "x" * 20)
    assert not st.save("a", "y" * 500)
    assert st.load("a") == "x" * 20
    assert st.take_notices()


def test_interrupted_write_recovers_from_pending_copy():
    mem = MemoryStorage()
    st = Store(mem)
    st.save("a", [1, 2])
    mem.set("a", "garbage")  # the switch was torn
    mem.set("a.new", json.dumps({"schema": 1, "data": [1, 2, 3]}))
    assert st.load("a") == [1, 2, 3]


def test_a_store_file_saved_with_a_byte_order_mark_reads_as_it_is(tmp_path):
    """Notepad's "UTF-8 with BOM": the file reads whole, no notice, nothing moved aside."""
    p = tmp_path / "store.json"
    assert Store(JsonFileStorage(p)).save("settings", {"glow": False})
    p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes())
    st = Store(JsonFileStorage(p))
    assert st.load("settings") == {"glow": False} and st.take_notices() == []
    assert sorted(x.name for x in tmp_path.iterdir()) == ["store.json", "store.lock"]  # nothing set aside


def test_json_file_backend_atomic_and_corrupt_file(tmp_path):
    p = tmp_path / "store.json"
    st = Store(JsonFileStorage(p))
    assert st.save("settings", {"glow": False})
    assert Store(JsonFileStorage(p)).load("settings") == {"glow": False}
    p.write_text("]]] broken")
    st2 = Store(JsonFileStorage(p))
    assert st2.load("settings") is None
    assert (tmp_path / "store.corrupt").read_text() == "]]] broken"
    assert st2.take_notices()


def test_export_import(tmp_path):
    a = Store(MemoryStorage())
    a.save("settings", {"language": "en"})
    a.save("stats", {"tripeaks": {"played": 3}})
    text = a.export_text()
    b = Store(MemoryStorage())
    assert b.import_text(text) == 2
    assert b.load("stats") == {"tripeaks": {"played": 3}}
    with pytest.raises(ValueError):
        b.import_text("hello")
    with pytest.raises(ValueError):
        b.import_text(json.dumps({"pasyans_export": 1, "schema": 5, "records": {}}))
    assert b.load("settings") == {"language": "en"}


def winning_line(number=1):
    r = TriPeaks.solve(TriPeaks.deal(number, {}), timeout=30)
    assert r.status == "solved"
    return r.moves


def test_save_restores_the_whole_history():
    st = Store(MemoryStorage())
    p = Progress(st)
    saved = p.begin("tripeaks", 5, {"mode": "easy", "scoring": "moves"})
    h = History.start(TriPeaks, TriPeaks.deal(5, saved.options))
    h.play(DRAW); h.play(DRAW); h.undo(); h.play(DRAW)
    saved.seconds = 42.5
    assert p.save(saved, h)
    again, h2 = Progress(Store(st.backend)).load_game("tripeaks")
    assert h2.states == h.states and h2.moves == h.moves == 3 and h2.undo_used
    assert again.seconds == 42.5 and again.id == saved.id
    assert Progress(st).unfinished() == ["tripeaks"]


def test_bad_save_is_kept_aside():
    st = Store(MemoryStorage())
    st.save("game.tripeaks", {"game": "tripeaks", "number": 1, "options": {}, "actions": ["ZZ"]})
    p = Progress(st)
    assert p.load_game("tripeaks") is None
    assert st.backend.get("game.tripeaks.corrupt") and st.take_notices()


def test_win_counted_once_and_abandoned_game_is_a_loss_once():
    st = Store(MemoryStorage())
    p = Progress(st)
    line = winning_line(1)
    saved = p.begin("tripeaks", 1, {"mode": "easy", "scoring": "streak"})
    h = History.start(TriPeaks, TriPeaks.deal(1, saved.options))
    for m in line:
        h.play(m)
        p.save(saved, h)
    assert TriPeaks.status(h.state) == "won"
    assert p.won(saved, h, score=h.state.score)
    won_score = h.state.score
    h.undo(); h.play(line[-1])
    assert not p.won(saved, h, score=h.state.score)  # undo after a win and redo: still once
    key = stats_key("tripeaks", saved.options)
    s = p.summary(key)
    assert (s["played"], s["won"], s["streak"]) == (1, 1, 1)
    assert s["best_score"] == won_score  # won before the undo: a clean win
    # a new deal, one move, then another deal: one loss
    s2 = p.begin("tripeaks", 2, saved.options)
    h2 = History.start(TriPeaks, TriPeaks.deal(2, saved.options))
    h2.play(DRAW)
    p.save(s2, h2)
    p.begin("tripeaks", 3, saved.options)
    p.begin("tripeaks", 4, saved.options)  # game 3 had no move: not counted
    s = Progress(st).summary(key)
    assert (s["played"], s["won"], s["streak"], s["best_streak"], s["last"]) == (2, 1, 0, 1, ["w", "l"])
    assert s["win_pct"] == 50.0


def test_win_after_undo_never_enters_best_results():
    st = Store(MemoryStorage())
    p = Progress(st)
    line = winning_line(1)
    saved = p.begin("tripeaks", 1, {"mode": "easy", "scoring": "moves"})
    h = History.start(TriPeaks, TriPeaks.deal(1, saved.options))
    h.play(line[0]); h.undo()
    for m in line:
        h.play(m)
    assert p.won(saved, h, score=h.state.score)
    s = p.summary(stats_key("tripeaks", saved.options))
    assert s["won"] == 1 and s["best_score"] is None and s["fewest_moves"] is None


def test_best_results_only_without_undo():
    st = Store(MemoryStorage())
    p = Progress(st)
    line = winning_line(1)
    saved = p.begin("tripeaks", 1, {"mode": "easy", "scoring": "moves"})
    saved.seconds = 95.7
    h = History.start(TriPeaks, TriPeaks.deal(1, saved.options))
    for m in line:
        h.play(m)
    p.won(saved, h, score=h.state.score)
    s = p.summary(stats_key("tripeaks", saved.options))
    assert s["best_score"] == h.state.score and s["best_time"] == 95 and s["fewest_moves"] == len(line)


def test_undecodable_file_is_kept_aside(tmp_path):
    p = tmp_path / "store.json"
    p.write_bytes(b'\xff\xfe{"a":1}')
    st = Store(JsonFileStorage(p))
    assert st.load("settings", "d") == "d" and st.take_notices()
    assert (tmp_path / "store.corrupt").read_bytes() == b'\xff\xfe{"a":1}'
    p.write_bytes(b"\x00\x01")  # a second corruption keeps the first copy too
    Store(JsonFileStorage(p))
    assert (tmp_path / "store.corrupt").exists() and (tmp_path / "store.corrupt.2").exists()


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "1e400", "-1", '"x"'])
def test_tampered_clock_is_refused(bad):
    mem = MemoryStorage()
    mem.set("game.tripeaks", '{"schema": 1, "data": {"game": "tripeaks", "number": 1, "options": {}, '
                             '"actions": [], "seconds": %s}}' % bad)
    p = Progress(Store(mem))
    assert p.load_game("tripeaks") is None
    assert p.store.take_notices()


def test_corrupt_copies_are_never_overwritten():
    mem = MemoryStorage()
    st = Store(mem)
    mem.set("stats", "{one")
    st.load("stats")
    mem.set("stats", "{two")
    st.load("stats")
    assert mem.get("stats.corrupt") == "{one" and mem.get("stats.corrupt.2") == "{two"
    assert st.names() == []  # the side copies are not records, and the unreadable record was moved


def test_cards_gone_home_at_the_deal_are_not_player_moves():
    from games.freecell import FreeCell
    # a FreeCell deal with a card safe at the deal: its auto-move alone leaves the deal untouched
    for n in range(1, 400):
        s = FreeCell.deal(n, {})
        safe = FreeCell.safe_to_foundation(s)
        if safe:
            break
    st = Store(MemoryStorage())
    p = Progress(st)
    saved = p.begin("freecell", n, {})
    h = History.start(FreeCell, s)
    h.play(safe[0][1])
    p.save(saved, h)
    assert saved.player_moves() == 0
    p.begin("freecell", n + 1, {})  # not counted as a loss
    assert p.summary("freecell")["played"] == 0
    saved2 = p.begin("freecell", n, {})
    h2 = History.start(FreeCell, FreeCell.deal(n, {}))
    h2.play(safe[0][1])
    h2.play(FreeCell.legal_moves(h2.state)[-1])
    p.save(saved2, h2)
    assert saved2.player_moves() == 1
    p.begin("freecell", n + 2, {})
    assert p.summary("freecell")["played"] == 1


class BlockedWindow:
    """A page whose storage the browser blocks (site data off, some third-party frames): reading
    ``window.localStorage`` throws a SecurityError."""

    @property
    def localStorage(self):
        raise Exception("SecurityError: Failed to read the 'localStorage' property from 'Window'")


class UnreadableWindow:
    """A storage object that exists but throws on every use."""

    class _LS:
        @property
        def length(self):
            raise Exception("SecurityError: access denied")

    localStorage = _LS()


@pytest.mark.parametrize("window", [BlockedWindow(), UnreadableWindow()])
def test_blocked_browser_storage_plays_unsaved_and_says_so(monkeypatch, window):
    """The page starts with storage blocked (it stayed blank, the App's Store failing at its
    start): play goes on from memory, and one notice says nothing is saved."""
    import platform
    import sys

    from games.i18n import tr
    from ui.storage import MSG_STORAGE_BLOCKED, default_backend

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    backend = default_backend()
    assert isinstance(backend, MemoryStorage) and backend.notice == tr(MSG_STORAGE_BLOCKED)
    st = Store(backend)
    assert st.notices == [tr(MSG_STORAGE_BLOCKED)]
    assert st.save("settings", {"language": "ru"}) and st.load("settings") == {"language": "ru"}


def test_local_storage_that_reads_is_used(monkeypatch):
    import platform
    import sys

    from ui.storage import default_backend

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", FakeWindow(), raising=False)
    assert isinstance(default_backend(), LocalStorage)


@pytest.mark.parametrize("settings_as_object", [False, True])
def test_a_store_file_with_a_text_utf8_cannot_hold_keeps_the_rest_and_saves_on(tmp_path, settings_as_object):
    """A JSON ``\\ud800`` (a lone surrogate, which a JavaScript tool can write) is a string no
    UTF-8 file can hold: that record is kept aside as its escaped JSON text, every other record
    reads, and later saves are written (they failed, or the start crashed writing the file)."""
    settings = json.dumps({"schema": 1, "data": {"language": "ru"}})
    doc = {"zz": "\ud800", "settings": json.loads(settings) if settings_as_object else settings}
    p = tmp_path / "store.json"
    p.write_text(json.dumps(doc), encoding="utf-8")       # ASCII: \\ud800 escaped
    backend = JsonFileStorage(p)
    st = Store(backend)
    assert backend.get("zz") is None and backend.get("zz.corrupt") == '"\\ud800"'
    assert st.load("settings")["language"] == "ru"
    assert st.save("stats", {}) and json.loads(p.read_text(encoding="utf-8"))["stats"]
    assert not list(tmp_path.glob("*.tmp"))


def test_a_torn_store_file_with_a_text_utf8_cannot_hold_keeps_the_rest_and_saves_on(tmp_path):
    """A write cut short whose complete entries include a lone surrogate: that entry is kept aside
    escaped, the others kept, and saves are written again."""
    p = tmp_path / "store.json"
    p.write_text('{"zz": "\\ud800", "a": "1", "stats": "{\\"sch', encoding="utf-8")
    backend = JsonFileStorage(p)
    st = Store(backend)
    assert backend.get("a") == "1" and backend.get("zz") is None and backend.get("zz.corrupt") == '"\\ud800"'
    assert st.save("stats", {}) and json.loads(p.read_text(encoding="utf-8"))["a"] == "1"


def _two_windows_writer(path, tag, n, out):
    """One desktop window's writes: ``n`` saves of five keys of its own; puts (refused writes,
    notices, the last text each key was told written) on ``out``."""
    from ui.storage import JsonFileStorage, StorageError

    s = JsonFileStorage(path)
    refused, notes, last = 0, [], {}
    for i in range(n):
        key, text = f"{tag}{i % 5}", f"{tag}-{i}-" + "x" * (i % 70)
        try:
            s.set(key, text)
            last[key] = text
        except StorageError:
            refused += 1
        if s.notice:
            notes.append(s.notice)
    out.put((tag, refused, notes, last))


def test_two_desktop_windows_writing_at_once_lose_nothing(tmp_path):
    """Two windows (processes) saving over one store.json at the same time: no write refused, no
    torn file set aside, and the file ends with the last text of every key each window was told
    it wrote (two windows that shared one temporary file, each unlocked between its read and its
    replace, lost writes, tore the file and refused a quarter of their writes)."""
    import multiprocessing as mp

    path = str(tmp_path / "store.json")
    ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=_two_windows_writer, args=(path, tag, 50, out)) for tag in "AB"]
    for p in procs:
        p.start()
    results = [out.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    for tag, refused, notes, last in results:
        assert (tag, refused, notes) == (tag, 0, [])
        assert {k: data.get(k) for k in last} == last
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob("*.corrupt*"))


def _desktop_store(tmp_path):
    """A store.json with real records (settings, a TriPeaks game in play), and their texts."""
    p = tmp_path / "store.json"
    st = Store(JsonFileStorage(p))
    st.save("settings", {"language": "ru", "glow": False})
    p_ = Progress(st)
    saved = p_.begin("tripeaks", 5, {"mode": "easy", "scoring": "streak"})
    h = saved.replay()
    h.act("s")
    p_.save(saved, h)
    return p, json.loads(p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_store_file_saved_as_unicode_by_notepad_reads_whole(tmp_path, encoding):
    """Notepad's "Unicode" (UTF-16 with its byte order mark): every record reads and nothing is
    moved aside (it was taken for a torn file: moved aside with 0 records recovered)."""
    p, records = _desktop_store(tmp_path)
    p.write_bytes(p.read_text(encoding="utf-8").encode(encoding))
    st = Store(JsonFileStorage(p))
    assert st.take_notices() == [] and st.kept_file() is None
    assert st.load("settings")["language"] == "ru" and Progress(st).load_game("tripeaks") is not None


def test_a_store_file_in_an_8_bit_encoding_keeps_every_record_and_is_named_at_later_starts(tmp_path):
    """A store.json re-saved as cp1251 with one Russian text: the other records read (0 came back:
    the file was not UTF-8, so nothing was salvaged), the one record holding the text is kept
    aside, and Kept data still names the moved file at the next start (it was forgotten)."""
    p, records = _desktop_store(tmp_path)
    records["note"] = "Привет"
    p.write_bytes(json.dumps(records, ensure_ascii=False).encode("cp1251"))
    st = Store(JsonFileStorage(p))
    (notice,) = st.take_notices()
    assert str(tmp_path / "store.corrupt") in notice and "2" in notice
    assert st.load("settings")["language"] == "ru" and Progress(st).load_game("tripeaks") is not None
    assert any(k.startswith("note.corrupt") for k, _, _ in st.kept())
    again = Store(JsonFileStorage(p))
    assert again.kept_file() == str(tmp_path / "store.corrupt")
    (tmp_path / "store.corrupt").unlink()
    assert Store(JsonFileStorage(p)).kept_file() is None


class ReadDeniedWindow(FakeWindow):
    """A storage whose keys can be counted but whose every read throws (a browser policy that
    denies the page's storage this way): ``getItem`` raises the bridge's text of a SecurityError."""

    RAW = "Error: A value of type object with tag [object DOMException] was thrown as an error!"

    def __init__(self):
        super().__init__()

        def denied(k):
            raise Exception(self.RAW)

        self.localStorage.getItem = denied


def test_a_storage_that_counts_its_keys_but_refuses_reads_is_blocked(monkeypatch):
    """``getItem`` throws while ``length`` answers: the page plays unsaved and says so in the
    player's words, never the bridge's exception text."""
    import platform

    from games.i18n import tr
    from ui.storage import MSG_STORAGE_BLOCKED, default_backend

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", ReadDeniedWindow(), raising=False)
    backend = default_backend()
    assert isinstance(backend, MemoryStorage)
    st = Store(backend)
    assert st.load("stats", {}) == {} and st.notices == [tr(MSG_STORAGE_BLOCKED)]


def test_a_read_the_storage_refuses_later_is_told_in_the_players_words():
    """A storage that reads at the start and throws on a later read: the notice is the
    catalogue's, in the player's language, not the back end's exception text."""
    from games import i18n
    from ui.storage import MSG_READ_REFUSED

    w = FakeWindow()
    st = Store(LocalStorage(w))
    assert st.save("stats", {})
    w.localStorage.getItem = ReadDeniedWindow().localStorage.getItem
    i18n.set_language("ru")
    try:
        assert st.load("stats", "d") == "d"
        assert st.take_notices() == [i18n.tr(MSG_READ_REFUSED)]
        assert st.load("settings") is None
        assert all("DOMException" not in n for n in st.notices)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("held", [False, True])
def test_a_refused_write_advises_an_export_only_when_something_is_stored(held):
    """``setItem`` throws: with nothing of the game's stored, the notice says nothing is saved
    (an export would hold nothing); with records stored, it advises exporting them."""
    from games.i18n import tr
    from ui.storage import MSG_FULL, MSG_NOTHING_SAVED

    w = FakeWindow(quota=0 if not held else 10_000)
    st = Store(LocalStorage(w))
    if held:
        assert st.save("settings", {"language": "en"})
        w.localStorage.quota = 0
    assert not st.save("stats", {})
    assert st.take_notices() == [tr(MSG_FULL if held else MSG_NOTHING_SAVED)]


def test_a_desktop_write_refused_for_a_text_utf8_cannot_hold_says_why_in_words(tmp_path):
    """The refusal names the file and a reason from the catalogue, not Python's codec message."""
    st = Store(JsonFileStorage(tmp_path / "store.json"))
    assert not st.save("stats", {"x": "\ud800"})
    (notice,) = st.take_notices()
    assert "store.json" in notice and "no UTF-8 file can hold" in notice and "codec" not in notice


@pytest.mark.skipif(sys.platform == "win32", reason="on Windows a symbolic link needs a privilege the "
                    "tests do not have (Developer Mode or administrator)")
def test_a_store_file_that_is_a_link_is_written_where_it_points(tmp_path):
    """A store.json linked to a file in a synced folder: a write goes to that file and the link
    stays (S15: the write replaced the link by a plain file, and the synced file had it not)."""
    cloud = tmp_path / "cloud"
    data = tmp_path / "data"
    cloud.mkdir()
    data.mkdir()
    Store(JsonFileStorage(cloud / "store.json")).save("settings", {"language": "en"})
    (data / "store.json").symlink_to(cloud / "store.json")
    JsonFileStorage(data / "store.json").set("zz", "x")
    assert (data / "store.json").is_symlink()
    assert json.loads((cloud / "store.json").read_text(encoding="utf-8"))["zz"] == "x"


class KeeperWindow(FakeWindow):
    """A page with web/pasyans.tmpl's keeper ("pasyans-keep"): saves handed over, written by
    :meth:`goes` (pagehide, or hidden) only over the text each was handed with."""

    def __init__(self):
        super().__init__(quota=100_000)
        self.pending, self.wrote = {}, {}

    def pasyans_keep(self, key, text, expect):
        self.pending[key] = (text, expect)

    def pasyans_drop(self, key):
        self.pending.pop(key, None)
        self.wrote.pop(key, None)

    def goes(self):
        for key, (text, expect) in list(self.pending.items()):
            del self.pending[key]
            now = self.localStorage.getItem(key)
            if now == expect or self.wrote.get(key) == (expect, now):
                self.localStorage.setItem(key, text)
                self.wrote[key] = (expect, text)


def _tripeaks_moves(history, n):
    from games.tripeaks import DRAW, TriPeaks

    for _ in range(n):
        moves = TriPeaks.legal_moves(history.state)
        history.play(next((m for m in moves if m != DRAW), DRAW))


def test_a_handed_off_save_the_page_wrote_is_this_windows_own():
    """A move's save handed to the page, written by it as the page was hidden (no frame ran), is
    the window's own save when the game then saves: written over with no copy kept aside and no
    notice (taken for another window's, the game stopped saving); the handed copy is dropped by
    the save; nothing is handed over another window's save."""
    from games.core import History
    from games.tripeaks import TriPeaks

    opts = {"mode": "easy", "scoring": "streak"}
    w = KeeperWindow()
    store = Store(LocalStorage(w))
    p = Progress(store)
    saved = p.begin("tripeaks", 5, opts)
    h = History.start(TriPeaks, TriPeaks.deal(5, opts))
    first = store.peek("game.tripeaks")
    _tripeaks_moves(h, 2)
    p.hand_off(saved, h)
    assert list(w.pending) == [PREFIX + "game.tripeaks"] and w.pending[PREFIX + "game.tripeaks"][1] == first
    w.goes()                                         # the page hidden before any frame
    assert json.loads(store.peek("game.tripeaks"))["data"]["actions"] == list(h.actions)
    _tripeaks_moves(h, 1)                            # shown again, a move, hidden again: written too
    p.hand_off(saved, h)
    w.goes()
    assert json.loads(store.peek("game.tripeaks"))["data"]["actions"] == list(h.actions)
    _tripeaks_moves(h, 1)
    p.hand_off(saved, h)
    assert p.save(saved, h)                          # the frame's own save, over the page's write
    assert w.pending == {} and p.superseded == set() and store.take_notices() == []
    assert json.loads(store.peek("game.tripeaks"))["data"]["actions"] == list(h.actions)
    assert not [k for k in w.localStorage.items if "corrupt" in k]
    # another window's save now stands: nothing is handed over it, and the page writes nothing
    other = Progress(Store(LocalStorage(w)))
    other.load_game("tripeaks")
    h2 = SavedGame.from_data(store.load("game.tripeaks")).replay()
    _tripeaks_moves(h2, 1)
    assert other.save(SavedGame.from_data(store.load("game.tripeaks")), h2)
    theirs = store.peek("game.tripeaks")
    _tripeaks_moves(h, 1)
    p.hand_off(saved, h)
    w.goes()
    assert store.peek("game.tripeaks") == theirs


@pytest.mark.skipif(sys.platform == "win32", reason="on Windows a symbolic link needs a privilege the "
                    "tests do not have, and a file has no POSIX mode bits to keep")
def test_a_linked_store_file_that_is_torn_is_kept_aside_where_it_lies_and_keeps_its_mode(tmp_path):
    """A store.json linked to a torn file in a synced folder: the torn file is moved aside there and
    the records recovered written back to it through the link (the link itself was moved aside and
    a plain file made in its place); a save keeps the file's mode (every write made it 0600)."""
    cloud, data = tmp_path / "cloud", tmp_path / "data"
    cloud.mkdir()
    data.mkdir()
    (cloud / "store.json").write_text('{"a": "1", "b": "2", "c', encoding="utf-8")
    os.chmod(cloud / "store.json", 0o664)
    (data / "store.json").symlink_to(cloud / "store.json")
    s = JsonFileStorage(data / "store.json")
    s.set("x", "y")
    assert (data / "store.json").is_symlink() and not (data / "store.corrupt").exists()
    assert (cloud / "store.corrupt").read_text(encoding="utf-8") == '{"a": "1", "b": "2", "c'
    assert json.loads((cloud / "store.json").read_text(encoding="utf-8")) == {"a": "1", "b": "2", "x": "y",
                                                                            "_kept.file": str(cloud / "store.corrupt")}
    os.chmod(cloud / "store.json", 0o664)
    s.set("z", "w")
    assert os.stat(cloud / "store.json").st_mode & 0o777 == 0o664
