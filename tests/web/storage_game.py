"""The game's own save code run by CPython compiled to WebAssembly inside Chromium
(tests/test_web_storage.py, docs/web.md "Saves").

storage.html copies ``games/``, ``layouts/``, ``locales/`` and ``ui/__init__.py``, ``ui/storage.py``,
``ui/progress.py`` (nothing else of ``ui/``: no pygame) into Pyodide's file system and calls
:func:`run`. Every read and write goes through ``ui.storage.Store(ui.storage.LocalStorage(window))``
and ``ui.progress.Progress``, the objects the app uses; ``window`` is Pyodide's ``js.window``,
the same browser object pygbag hands over as ``platform.window``. The only direct
``localStorage`` calls here play another game on the same origin (itch.io): a key of its own and
the filler that exhausts the quota, and reading the raw keys to check what the Store wrote.
"""
import json
import sys

from js import window  # pygbag: from platform import window

from games.i18n import set_language
from games.registry import find_game
from ui.progress import Progress
from ui.storage import PREFIX, LocalStorage, StorageError, Store

GAME = "tripeaks"
OPTIONS = {"mode": "easy", "scoring": "streak"}
SETTINGS = {"language": "ru", "name": "Пасьянс ♠♥ «ёЁ»", "sound": True, "speed": 1.5}
FOREIGN = "othergame.save"  # another game's key on the same origin: never touched, never listed
FILLER = "othergame.fill."
PLAYED = 14  # actions played on deal 1; the sixth is an undo


def raw_keys():
    """Every key of the origin's localStorage, sorted (plain JS view)."""
    ls = window.localStorage
    return sorted(str(ls.key(i)) for i in range(int(ls.length)))


def game_view(history):
    """What the player sees of a game: its position text, counters and status."""
    rules = history.rules
    return {"actions": list(history.actions), "position": rules.format_position(history.state),
            "moves": history.moves, "score": rules.score(history.state), "status": rules.status(history.state),
            "undo_used": history.undo_used}


def store_phase(out):
    ls = window.localStorage
    ls.setItem(FOREIGN, "not ours")
    st = Store(LocalStorage(window))
    out["missing"] = st.backend.get("no.such.key")
    out["load_missing"] = st.load("no.such.key", "default")
    out["settings_saved"] = st.save("settings", SETTINGS)
    set_language(st.load("settings")["language"])

    # A game of deal 2 left unfinished, then deal 1: the app's calls (begin, save after each move).
    rules = find_game(GAME)
    prog = Progress(st)
    old = prog.begin(GAME, 2, OPTIONS)
    h2 = old.replay()
    h2.play(rules.legal_moves(h2.state)[0])
    prog.save(old, h2)
    saved = prog.begin(GAME, 1, OPTIONS)  # counts deal 2 as a loss: the stats record is written
    h = saved.replay()
    for i in range(PLAYED):
        if i == 5:
            h.undo()
        else:
            h.play(rules.legal_moves(h.state)[0])
        out.setdefault("game_saves", []).append(prog.save(saved, h))
    out["game"] = game_view(h)
    out["stats"] = st.load("stats")
    out["unfinished"] = prog.unfinished()

    # A full quota: another game fills the origin 1 MB at a time until the browser refuses.
    before = ls.getItem(PREFIX + "settings")
    filled, raw_error = 0, None
    for i in range(64):
        try:
            ls.setItem(f"{FILLER}{i}", "x" * (1 << 20))
        except Exception as e:  # pygbag: a plain Exception; Pyodide: JsException
            raw_error = f"{type(e).__name__}: {e}"[:200]
            break
        filled += 1
    out["quota_filled_mb"] = filled
    out["quota_raw_error"] = raw_error
    try:
        st.backend.set("probe", "y" * (1 << 20))
        out["quota_backend_error"] = None
    except StorageError as e:
        out["quota_backend_error"] = str(e)[:200]
    st.take_notices()
    out["quota_save"] = st.save("settings", dict(SETTINGS, pad="z" * (1 << 20)))
    out["quota_notices"] = st.take_notices()
    out["quota_raw_kept"] = ls.getItem(PREFIX + "settings") == before
    out["quota_settings"] = st.load("settings")
    out["quota_pending_left"] = [k for k in raw_keys() if k.endswith(".new")]
    # an import while the origin is full: its small first records fit, the large one does not;
    # the import is refused whole and every key is as it was
    before_import = {k: ls.getItem(k) for k in raw_keys()}
    game = dict(st.load(f"game.{GAME}"), seconds=77.0)
    text = json.dumps({"pasyans_export": 1, "schema": 1,
                       "records": {f"game.{GAME}": game, "settings": dict(SETTINGS, pad="z" * (1 << 20))}})
    written, real_set = [], st.backend.set

    def counting_set(key, value):  # which writes the browser accepted before refusing one
        real_set(key, value)
        written.append(key)

    st.backend.set = counting_set
    try:
        out["import_full"] = st.import_text(text)
    except ValueError as e:
        out["import_full"] = str(e)
    st.backend.set = real_set
    out["import_full_written"] = written
    out["import_full_unchanged"] = {k: ls.getItem(k) for k in raw_keys()} == before_import
    for i in range(filled):
        ls.removeItem(f"{FILLER}{i}")
    out["raw_settings"] = ls.getItem(PREFIX + "settings")


def read_phase(out, phase):
    ls = window.localStorage
    out["keys_at_start"] = raw_keys()
    st = Store(LocalStorage(window))
    settings = st.load("settings")
    out["settings"] = settings
    set_language(settings["language"])
    prog = Progress(st)  # loads "stats": garbage written by plain JS in the reload phase
    out["stats_loaded"] = prog.stats
    out["notices"] = st.take_notices()
    out["corrupt_kept"] = ls.getItem(PREFIX + "stats.corrupt")
    loaded = prog.load_game(GAME)
    out["game"] = None if loaded is None else game_view(loaded[1])
    out["unfinished"] = prog.unfinished()
    out["names"] = st.names()
    if phase == "reload":  # export, wipe every record, import: the same records come back
        text = st.export_text()
        out["export"] = json.loads(text)
        out["export_notices"] = st.take_notices()
        for name in st.names():
            st.remove(name)
        out["names_wiped"] = st.names()
        out["imported"] = st.import_text(text)
        out["export_again_same"] = st.export_text() == text
        try:
            st.import_text("{not json")
            out["bad_import"] = None
        except ValueError as e:
            out["bad_import"] = str(e)
        out["names_after_import"] = st.names()
    out["keys"] = raw_keys()
    out["foreign"] = ls.getItem(FOREIGN)


def run(phase):
    """``store`` (first visit) or ``reload`` / ``restart``: a dict of what was seen, for JSON."""
    out = {"phase": phase}
    if phase == "store":
        store_phase(out)
    else:
        read_phase(out, phase)
    out["ui_modules"] = sorted(m for m in sys.modules if m == "ui" or m.startswith("ui."))
    out["pygame_loaded"] = any(m.split(".")[0] == "pygame" for m in sys.modules)
    out["platform"] = sys.platform
    out["python"] = sys.version.split()[0]
    return out
