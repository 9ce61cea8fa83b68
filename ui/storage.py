"""Storage: one interface, two back ends (docs/design.md, "The browser (pygbag)").

* :class:`LocalStorage` — the browser's ``window.localStorage`` under pygbag; every key is
  prefixed ``pasyans.`` (itch.io shares one origin among all games).
* :class:`JsonFileStorage` — one JSON file in the user's data folder on the desktop
  (``$XDG_DATA_HOME/pasyans``, ``~/Library/Application Support/Pasyans``, ``%APPDATA%\\Pasyans``).
* :class:`MemoryStorage` — for tests.

:class:`Store` sits on top and keeps records (a name → a JSON value) under a versioned schema:

* every write is complete or not at all: write the text under ``NAME.new``, read it back and
  compare, only then switch ``NAME`` to it and drop ``NAME.new``; a reader that finds ``NAME``
  unreadable but a good ``NAME.new`` takes that;
* every record has a kind (:class:`RecordKind`, registered with :func:`register_kind`) whose one
  reader checks it completely; :meth:`Store.load` and the import both use it;
* a record that does not read is kept aside under ``NAME.corrupt`` (``NAME.corrupt.2``… — never
  overwritten, and no import can write such a name), the rest loads, and the player is told in ONE
  line naming what was kept and where to get it back (Settings, Kept data: restore or export);
  one whose copy the storage refuses is left as it is and nothing is written over it until the
  copy succeeds (:meth:`Store.set_aside`);
* a full quota (or any failed write) is a message, not a crash: :meth:`Store.save` returns False;
* records carry ``{"schema": N, "data": …}``; :data:`MIGRATIONS` lifts older schemas step by step;
* an import is read and checked whole first (:meth:`Store.read_import`), then written all or
  nothing, keeping the records it replaces for :meth:`Store.undo_import`.

How to add a record kind: docs/storage.md.

Pure Python (no pygame), so the rules' tests and the command line can use it too.
"""
from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from games.i18n import N_, os_reason, tr, tr_n

PREFIX = "pasyans."
SCHEMA = 1
MIGRATIONS: dict[int, Callable[[Any], Any]] = {}
"""``{old schema: function(data) -> data of schema old + 1}``."""

MSG_CORRUPT = N_("A saved record ({name}) could not be read; it was kept aside and defaults are used.")
REFUSAL_REPEAT = 60.0
"""Seconds after which a write still refused tells its notice again (:meth:`Store._refused`)."""
MSG_FULL = N_("Could not save: the browser's storage is full or blocked. Export your saves from Settings.")
MSG_FILE_UNWRITTEN = N_("Could not save: the saves file {path} could not be written ({why}).")
MSG_FILE_BLOCKED = N_("The saves file {path} could not be opened ({why}); nothing is saved until it can be.")
MSG_STORAGE_BLOCKED = N_("This browser keeps no data for this page (its storage is blocked): play goes on, "
                         "but nothing is saved.")
MSG_NOTHING_SAVED = N_("Could not save: the browser's storage is full or blocked. Play goes on, but nothing is saved.")
MSG_READ_REFUSED = N_("The saved data could not be read (the storage refused): play goes on without it.")
MSG_FILE_KEPT = N_("The saved data file could not be read whole; it was kept as {path}. "
                   "Records recovered from it: {n}.")


class StorageError(Exception):
    """A back end could not read or write (a full quota, a read-only disk…)."""


class NewerRecord(OverflowError):
    """A record written under a schema above :data:`SCHEMA` (a newer version of Pasyans)."""


class MemoryStorage:
    """A dict as storage: ``get``, ``set``, ``remove``, ``keys``. ``fail_writes`` simulates a full quota."""

    def __init__(self):
        self.data: dict[str, str] = {}
        self.fail_writes = False
        self.writes_left: int | None = None
        """When set, that many more writes succeed, then every write fails (a quota reached part-way)."""

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> None:
        if self.fail_writes or self.writes_left == 0:
            raise StorageError("quota exceeded")
        if self.writes_left is not None:
            self.writes_left -= 1
        self.data[key] = text

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return sorted(self.data)


class LocalStorage:
    """``window.localStorage`` (pygbag); keys prefixed :data:`PREFIX`. Values are strings.

    A full quota raises a plain ``Exception`` in the browser; it is raised here as
    :class:`StorageError`.
    """

    def __init__(self, window=None):
        """:raises Exception: the browser's own error (a ``SecurityError``) when the page may not
        use its storage (site data blocked, some third-party frames), or may count its keys but
        not read one: :func:`default_backend` then plays unsaved."""
        if window is None:
            from platform import window  # pygbag's bridge to the page
        self.ls = window.localStorage
        # a storage that exists but may not be read throws here, not later: some browsers (and
        # policies) let the page count the keys and refuse every read
        int(self.ls.length)
        self.ls.getItem(PREFIX + "settings")
        # the page's keeper of saves not yet written (web/pasyans.tmpl, "pasyans-keep"): absent
        # from another page, where nothing is handed over
        try:
            keep, drop = window.pasyans_keep, window.pasyans_drop
            self._keeper = (keep, drop) if keep and drop else None
        except Exception:
            self._keeper = None

    @property
    def keeps(self) -> bool:
        """Whether the page takes saves handed over (:meth:`hand_off`)."""
        return self._keeper is not None

    def hand_off(self, key: str, text: str, expect: str) -> None:
        """Give the page ``text``, the coming write of ``key``, to write itself should it go away
        (hidden, closed, reloaded) before that write, and only over ``expect``, the stored text
        this window last read or wrote (never over another tab's newer one): one call into the
        page, no storage touched. A later hand-off of the key replaces it; :meth:`take_back` drops
        it. A page that refuses the call takes no more hand-offs."""
        if self._keeper is None:
            return
        try:
            self._keeper[0](PREFIX + key, text, expect)
        except Exception:
            self._keeper = None

    def take_back(self, key: str) -> None:
        """Drop the page's copy of ``key`` handed over (:meth:`hand_off`): its write is done."""
        if self._keeper is None:
            return
        try:
            self._keeper[1](PREFIX + key)
        except Exception:
            self._keeper = None

    def get(self, key: str) -> str | None:
        v = self.ls.getItem(PREFIX + key)
        return None if v is None else str(v)

    def set(self, key: str, text: str) -> None:
        try:
            self.ls.setItem(PREFIX + key, text)
        except Exception as e:  # QuotaExceededError arrives as a plain Exception
            raise StorageError(str(e)) from None

    def remove(self, key: str) -> None:
        self.ls.removeItem(PREFIX + key)

    def refusal(self) -> str:
        """The notice for a write the browser refused: :data:`MSG_FULL` (export your saves) when
        the storage holds some of this game's keys, :data:`MSG_NOTHING_SAVED` when it holds none
        (a storage that refuses every write, or one filled by other sites before this game
        stored anything): an export would have nothing to keep."""
        try:
            held = bool(self.keys())
        except Exception:
            held = False
        return tr(MSG_FULL if held else MSG_NOTHING_SAVED)

    def keys(self) -> list[str]:
        out = []
        for i in range(int(self.ls.length)):
            k = str(self.ls.key(i))
            if k.startswith(PREFIX):
                out.append(k[len(PREFIX):])
        return sorted(out)


def data_dir(environ=os.environ, platform: str = sys.platform) -> Path:
    """The user's data folder for Pasyans on this desktop."""
    if platform.startswith("win"):
        return Path(environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / "Pasyans"
    if platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Pasyans"
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pasyans"


def _lock_file(fd: int, take: bool) -> None:
    """Take (``take``) or release an exclusive advisory lock on the open file ``fd``: ``flock``
    where there is ``fcntl``, ``msvcrt.locking`` of its first byte on Windows. Raises OSError
    when the file system refuses; does nothing where neither exists (the browser)."""
    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX if take else fcntl.LOCK_UN)
        return
    try:
        import msvcrt
    except ImportError:
        return
    os.lseek(fd, 0, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_LOCK if take else msvcrt.LK_UNLCK, 1)


class JsonFileStorage:
    """All keys in one JSON object in ``path`` (default ``data_dir()/store.json``).

    Each write goes to a temporary file of its own beside ``path`` (``store.json.XXXX.tmp``: two
    windows never write the same one), is flushed and synced, then replaces ``path`` atomically
    (``os.replace``). A file that is not a JSON object of strings (torn, garbage, not UTF-8, nested
    too deep to read, a record that is not a string or is a text UTF-8 cannot hold) is moved
    aside to ``path.corrupt``
    (``.corrupt.2``… never over an earlier copy) and :attr:`notice` says where the file went and how
    many records came back: a file that does not parse keeps the complete entries at its start
    (:func:`salvage`); an object keeps every string record, and each other record is kept aside as
    ``NAME.corrupt`` (its JSON text: Settings, Kept data, restores it once it reads).

    Two windows of the game share the file, so nothing is taken from memory that the other may
    have changed: every ``get``, ``set``, ``remove`` and ``keys`` first looks at the file's
    modification time, size and inode (one ``stat``, every write replaces the file by a new
    one) and reads it again when they differ from what this object last read or wrote; ``set``
    then changes that one key in what it read and writes the file back. ``set`` and ``remove``
    hold an advisory lock on ``path.lock`` (``fcntl.flock``; ``msvcrt.locking`` on Windows) from
    that read to the replace, so another window's write cannot fall between them; where the file
    system refuses locks, the write goes on without one.
    """

    atomic = True
    """Each ``set`` already replaces the whole file atomically: :class:`Store` needs no ``.new`` copy."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else data_dir() / "store.json"
        self.notice: str | None = None
        self.kept_path: Path | None = None
        """Where an unreadable store file was moved (None: it read)."""
        self.blocked = False
        """The file is there but could not be opened: nothing is written over it."""
        self.write_error: str | None = None
        """The operating system's reason the last write failed, in the player's language."""
        self._seen = self._signature()
        self.data = self._read()

    def real_path(self) -> Path:
        """Where the store file is: :attr:`path`, or the file it links to (whether there or not),
        which is what is written, locked and moved aside."""
        return Path(os.path.realpath(self.path))

    def _signature(self) -> tuple | None:
        """The file's (modification time in ns, size in bytes, inode), or None when it cannot be
        looked at (missing, no permission)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

    def _refresh(self) -> None:
        """Read the file again when another window (or process) has replaced it since this
        object last read or wrote it. A file that went missing leaves what is in memory (the
        next write puts it back); one that cannot be read now is handled as at the start."""
        if self.blocked:
            return
        sig = self._signature()
        if sig is None or sig == self._seen:
            return
        self._seen = sig
        data = self._read()
        if data or (self.path.exists() and not self.blocked):
            self.data = data

    def _read(self) -> dict[str, str]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as e:  # there but unreadable (permissions, a directory…): never write over it
            self.blocked = True
            self.notice = tr(MSG_FILE_BLOCKED, path=str(self.path), why=os_reason(e))
            return {}
        text = store_text(raw)
        try:
            check_depth(text)
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not an object")
            if all(_holdable(k) and _holdable(v) for k, v in data.items()):
                return data
            # an object with records that are not strings (a tool that pretty-printed the
            # file: each becomes its JSON text again, which its kind's reader checks) or texts
            # UTF-8 cannot hold (a lone surrogate: kept aside, escaped)
            data = _strings_and_kept(data)
        except (ValueError, RecursionError):
            # unreadable as a whole (a torn write): keep every complete entry at its start
            data = _strings_and_kept(salvage(text))
        recovered = sum(not is_side_name(k) for k in data)
        # move the file aside (never over an earlier copy) and say so
        real = self.real_path()     # a link's target is what is torn: moved aside where it lies
        aside = _free_name(real.with_suffix(".corrupt"))
        try:
            os.replace(real, aside)
            self.kept_path = aside
        except OSError:
            self.notice = tr(MSG_FILE_KEPT, path=str(self.path), n=recovered)
            return {}
        self.notice = tr(MSG_FILE_KEPT, path=str(aside), n=recovered)
        data[KEPT_FILE] = str(aside)        # Kept data names it at every later start too
        self.data = data
        if data:
            try:
                self._write()
            except StorageError:
                pass
        return data

    def _write(self) -> None:
        if self.blocked:
            raise StorageError(f"{self.path} could not be read; it is not written over")
        text = json.dumps(self.data, ensure_ascii=False, sort_keys=True)
        import tempfile  # the desktop's file only: not imported for the page

        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # a store.json that is a symbolic link (to a synced folder) is written where it
            # points: replacing the link itself would leave the linked file without the write
            dest = self.real_path()
            fd, tmp = tempfile.mkstemp(prefix=dest.name + ".", suffix=".tmp", dir=dest.parent)
            os.chmod(tmp, _file_mode(dest))     # mkstemp's 0600 would shut out a sync daemon
            with open(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, dest)
            tmp = None
            self._seen = self._signature()
        except OSError as e:
            self.write_error = os_reason(e)
            raise StorageError(f"{self.path}: {e.strerror}") from None
        except UnicodeEncodeError as e:   # a text UTF-8 cannot hold: the file is left as it was
            self.write_error = tr(N_("it holds a text no UTF-8 file can hold"))
            raise StorageError(f"{self.path}: {e.reason}") from None
        finally:
            if tmp is not None:
                try:
                    os.remove(tmp)
                except OSError:
                    pass

    @contextlib.contextmanager
    def _locked(self):
        """Hold the advisory lock on ``path.lock`` (blocking until another window's write is done)
        for the body; without one when the lock file cannot be made or the file system refuses
        locks (the write then goes on as before: a lock only narrows the race)."""
        fd = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.real_path().with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
            _lock_file(fd, True)
        except OSError:
            if fd is not None:
                os.close(fd)
            fd = None
        try:
            yield
        finally:
            if fd is not None:
                try:
                    _lock_file(fd, False)
                except OSError:
                    pass
                os.close(fd)

    def refusal(self) -> str | None:
        """What to tell the player when a write was refused: None when the file is blocked (its
        notice already says nothing is saved until it can be opened), else the file's path and
        the operating system's reason."""
        if self.blocked:
            return None
        return tr(MSG_FILE_UNWRITTEN, path=str(self.path), why=self.write_error or "?")

    def get(self, key: str) -> str | None:
        self._refresh()
        return self.data.get(key)

    def set(self, key: str, text: str) -> None:
        with self._locked():
            self._refresh()
            old = self.data.get(key)
            self.data[key] = text
            try:
                self._write()
            except StorageError:
                if old is None:
                    self.data.pop(key, None)
                else:
                    self.data[key] = old
                raise

    def remove(self, key: str) -> None:
        with self._locked():
            self._refresh()
            if key in self.data:
                del self.data[key]
                self._write()

    def keys(self) -> list[str]:
        self._refresh()
        return sorted(self.data)


_KEY_SEP = re.compile(r"\s*:\s*")
_ITEM_SEP = re.compile(r"[\s,]*")


def salvage(text: str) -> dict[str, str]:
    """The complete ``"key": "text"`` entries at the start of a torn JSON object of strings
    (what a write cut short leaves); stops at the first entry that is not one. Never raises."""
    out: dict[str, str] = {}
    dec = json.JSONDecoder()
    i = text.find("{")
    if i < 0:
        return out
    i += 1
    while True:
        i = _ITEM_SEP.match(text, i).end()
        if i < len(text) and text[i] != '"':
            break
        try:
            key, i = dec.raw_decode(text, i)
            m = _KEY_SEP.match(text, i)
            if not isinstance(key, str) or m is None or m.end() >= len(text) or text[m.end()] != '"':
                break
            val, i = dec.raw_decode(text, m.end())
        except (ValueError, RecursionError):
            break
        if not isinstance(val, str):
            break
        out[key] = val
    return out


KEPT_FILE = "_kept.file"
"""The desktop store's side record naming where its unreadable file was moved (Kept data shows it
at every start while that file is there)."""


def store_text(raw: bytes) -> str:
    """The text of a desktop store file's bytes: UTF-8, after a byte order mark if it has one
    (what Windows' Notepad writes when a player opens the file and saves it); UTF-16 or UTF-32
    when its first bytes say so (Notepad's "Unicode": :func:`json.detect_encoding`); else UTF-8
    with each byte that is not UTF-8 kept as a lone surrogate (another 8-bit encoding: the records
    holding one are kept aside escaped by :func:`_strings_and_kept`, every other record reads)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    enc = json.detect_encoding(raw)
    if not enc.startswith("utf-8"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            pass
    return raw.decode("utf-8", "surrogateescape")


def _strings_and_kept(doc: dict) -> dict[str, str]:
    """``doc``'s string values as they are; a value that is no string becomes its JSON text (a
    record a tool wrote as the object it holds: :class:`Store` reads it through its kind, and keeps
    it aside if it does not read); a text UTF-8 cannot hold, or any value under such a name, is
    kept as its escaped JSON text under the first free ``NAME.corrupt`` / ``NAME.corrupt.N`` key,
    where :meth:`Store.kept` offers it to restore. Raises ValueError for a value JSON cannot write
    back (never one that ``json.loads`` made)."""
    out = {k: v for k, v in doc.items() if _holdable(k) and _holdable(v)}
    for name, value in doc.items():
        if name in out:
            continue
        if _holdable(name) and not isinstance(value, str):
            text = json.dumps(value, ensure_ascii=False)
            out[name] = text if _holdable(text) else json.dumps(value)
            continue
        if not _holdable(name):
            name = json.dumps(name)[1:-1]          # its escapes, which UTF-8 holds
        key, n = name + ".corrupt", 2
        while key in out or key in doc:
            key, n = f"{name}.corrupt.{n}", n + 1
        text = json.dumps(value, ensure_ascii=False)
        out[key] = text if _holdable(text) else json.dumps(value)
    return out


def _holdable(text) -> bool:
    """Whether ``text`` is a string a UTF-8 file can hold (no lone surrogate, which JSON's
    ``\ud800`` escapes make)."""
    if not isinstance(text, str):
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _file_mode(path: Path) -> int:
    """The permission bits a new store file at ``path`` takes: those of the file there now, else
    what the process's umask leaves of 0666 (what ``open(path, "w")`` would make)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _free_name(path: Path) -> Path:
    """``path``, or ``path.2``, ``path.3``… — the first that does not exist (an earlier kept-aside
    copy is never overwritten)."""
    if not path.exists():
        return path
    n = 2
    while path.with_name(f"{path.name}.{n}").exists():
        n += 1
    return path.with_name(f"{path.name}.{n}")


def _no_constants(name: str):
    raise ValueError(f"{name} is not a number a save can hold")


MAX_DEPTH = 64
"""The deepest nesting of brackets a stored or imported text may have (records nest a few levels):
deeper, it is refused unread. In WebAssembly the C stack runs out inside ``json.loads`` before
CPython's recursion limit is met (from about 8 000 levels, a 16 kB text), which kills the page;
natively the same text raises ``RecursionError``."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')     # a JSON string (the unrolled form: linear, fast)
_BRACKET = re.compile(r"[\[\]{}]")


def check_depth(text: str) -> None:
    """Refuse ``text`` when its brackets outside strings nest deeper than :data:`MAX_DEPTH`,
    without parsing it (one pass of two regular expressions).

    :raises ValueError: naming the limit."""
    depth = deepest = 0
    for b in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if b in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH} levels")


def loads(text: str):
    """``json.loads`` that refuses ``NaN`` and ``Infinity`` (Python's reader accepts them, and a
    tampered save could carry them into the clock); numbers too large for a float also fail, and
    so does a text nested deeper than :data:`MAX_DEPTH` (:func:`check_depth`)."""
    check_depth(text)
    data = json.loads(text, parse_constant=_no_constants)
    _check_finite(data)
    return data


def _check_finite(v) -> None:
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        raise ValueError("a number out of range")
    if isinstance(v, dict):
        for x in v.values():
            _check_finite(x)
    elif isinstance(v, list):
        for x in v:
            _check_finite(x)


def default_backend():
    """:class:`LocalStorage` in the browser (a :class:`MemoryStorage` whose ``notice`` says nothing
    is saved when the browser blocks the page's storage), :class:`JsonFileStorage` on the desktop
    (``PASYANS_DATA`` overrides the file's folder; tests use it)."""
    if sys.platform == "emscripten":
        try:
            return LocalStorage()
        except Exception:   # site data blocked: the game plays from memory, and says so once
            mem = MemoryStorage()
            mem.notice = tr(MSG_STORAGE_BLOCKED)
            return mem
    folder = os.environ.get("PASYANS_DATA")
    return JsonFileStorage(Path(folder) / "store.json" if folder else None)


# -- record kinds ------------------------------------------------------------------------------------
READ_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError)
"""What a reader (or a decoder) may raise for data it refuses: all mean "this record is unreadable"."""


@dataclass
class RecordKind:
    """One kind of record and its single validating reader (docs/storage.md, "Record kinds").

    :ivar name: the record's name (``"settings"``), or a family's prefix ending in ``.`` (``"game."``)
        whose members are the names ``members()`` returns (``"game.klondike"``…).
    :ivar read: ``read(data, name) -> data``: the record's decoded JSON value checked completely
        (types, ranges, known games and options, consistent counts); returns the value to use
        (usually ``data`` itself). Raises ``ValueError`` (or any of :data:`READ_ERRORS`) for data it
        refuses; it must never change the store.
    :ivar label: ``label(name) -> str``: what the player calls the record, translated
        ("statistics", "the saved Klondike game"), used in notices and the import panel. Never the
        internal name.
    :ivar members: for a family, the allowed member names (``None`` for a single record).
    :ivar deep: an optional slower check run on import only (a saved game replays), same errors.
    :ivar describe: ``describe(data, name) -> str``: optional, what a kept-aside copy of the
        record holds, from its decoded data read leniently (the copy was kept because its reader
        refused it): a translated phrase such as "deal KL1-D1-AAAAAAB: 12 moves, 3:05, begun
        2026-12-01", or ``""`` when nothing in it reads. It must not raise on any data.
    """

    name: str
    read: Callable[[Any, str], Any]
    label: Callable[[str], str]
    members: Callable[[], Iterable[str]] | None = None
    deep: Callable[[Any, str], None] | None = None
    describe: Callable[[Any, str], str] | None = None

    def matches(self, record: str) -> bool:
        """Whether ``record`` is a record of this kind."""
        if self.members is None:
            return record == self.name
        return record.startswith(self.name) and record[len(self.name):] in set(self.members())

    def names(self) -> list[str]:
        """Every record name of this kind."""
        if self.members is None:
            return [self.name]
        return [self.name + m for m in self.members()]


KINDS: list[RecordKind] = []
"""The registered record kinds, in registration order (:func:`register_kind`)."""

KIND_MODULES = ["ui.settings", "ui.progress", "ui.progression"]
"""Modules that register record kinds when imported; :func:`kind_of` imports them first, so an
import or a load knows every kind whatever the caller imported. A new kind's module goes here."""

_kinds_loaded = [False]


def register_kind(kind: RecordKind) -> RecordKind:
    """Add (or replace, by name) a record kind. Returns it.

    :raises ValueError: for a name a kept-aside or pending copy could carry (``.corrupt``,
        ``.new``, a leading ``_``): such names are never records, so no import can write them.
    """
    if is_side_name(kind.name) or not kind.name:
        raise ValueError(f"record kind name {kind.name!r} is reserved")
    KINDS[:] = [k for k in KINDS if k.name != kind.name] + [kind]
    return kind


def _load_kind_modules() -> None:
    if _kinds_loaded[0]:
        return
    _kinds_loaded[0] = True
    for mod in KIND_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:  # a page that ships only part of ui/ (tests/web)
            if e.name != mod:
                raise


def kind_of(name: str) -> RecordKind | None:
    """The kind of record ``name``, or None (no reader: an unknown or side record)."""
    if not isinstance(name, str) or is_side_name(name):
        return None
    _load_kind_modules()
    return next((k for k in KINDS if k.matches(name)), None)


def is_side_name(name: str) -> bool:
    """Whether ``name`` is a side key (a pending ``.new`` write, a ``.corrupt`` kept-aside copy,
    or a ``_`` store-internal record such as the import's undo copy), never a record."""
    return name.startswith("_") or name.endswith(".new") or ".corrupt" in name


def record_label(name: str) -> str:
    """The player's word for record ``name`` (its kind's label), translated."""
    kind = kind_of(name)
    if kind is not None:
        try:
            return kind.label(name)
        except Exception:
            pass
    return tr(N_("a saved record"))


def read_record(name: str, data: Any) -> Any:
    """``data`` of record ``name`` through its kind's reader (unchanged when the name has no kind).

    :raises ValueError: when the reader refuses it (any reader error becomes a ValueError).
    """
    kind = kind_of(name)
    if kind is None:
        return data
    try:
        return kind.read(data, name)
    except READ_ERRORS as e:
        raise ValueError(f"{name}: {e}") from None


def strict_int(v: Any, lo: int, hi: int, what: str) -> int:
    """``v`` if it is a JSON integer (not a bool, not a text) in ``lo..hi``. :raises ValueError:"""
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{what} is not a whole number: {v!r:.40}")
    if not lo <= v <= hi:
        raise ValueError(f"{what} {v:.40} is out of range {lo}..{hi}")
    return v


def strict_number(v: Any, lo: float, hi: float, what: str) -> float:
    """``v`` if it is a JSON number (int or float, not a bool) in ``lo..hi`` (NaN fails)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ValueError(f"{what} is not a number: {v!r:.40}")
    if not lo <= v <= hi:
        raise ValueError(f"{what} is out of range")
    return v


def strict_text(v: Any, what: str, max_len: int = 200) -> str:
    """``v`` if it is a text of at most ``max_len`` characters."""
    if not isinstance(v, str) or len(v) > max_len:
        raise ValueError(f"{what} is not a short text: {v!r:.40}")
    return v


MSG_KEPT = N_("Could not read: {what}. It was kept aside; everything else loaded. "
              "To restore or export it: Settings, Kept data.")
"""Told through :func:`~games.i18n.tr_n` with the number of records named: "They were" for several."""
MSG_NEWER = N_("Made by a newer version of Pasyans: {what}. It was kept aside; everything else loaded. "
               "After an update, restore it: Settings, Kept data.")
"""The records kept aside because a newer version wrote them (``"schema"`` above :data:`SCHEMA`),
told through :func:`~games.i18n.tr_n` as :data:`MSG_KEPT` is."""
MSG_UNKEPT = N_("Could not read: {what}. The storage is too full to keep it aside, so it is left as it is "
                "and nothing is saved over it until there is room.")
"""The records that do not read and whose copy aside the storage refused (:meth:`Store.set_aside`):
not written over until the copy succeeds; told through :func:`~games.i18n.tr_n`."""
_TOLD = {"unkept": MSG_UNKEPT, "newer": MSG_NEWER, "kept": MSG_KEPT}
"""Why a record is named in a storage notice → the notice naming all such records (the last
first among the notices)."""
MSG_IMPORT_FULL = N_("Could not import: there is not enough storage. Nothing was changed.")
MSG_IMPORT_EMPTY = N_("This export holds nothing this version of Pasyans can read.")
MSG_IMPORT_SCHEMA = N_("This is not a Pasyans export (its schema is not valid).")
MSG_IMPORT_NOT_TEXT = N_("This is not a Pasyans export (not UTF-8 text).")
MSG_NOT_JSON = N_("This is not a Pasyans export (not JSON text).")
MSG_NOT_EXPORT = N_("This is not a Pasyans export.")
MSG_NEWER_EXPORT = N_("This export comes from a newer version of Pasyans.")
def _digest(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8, surrogates escaped) in hex: what an import wrote, kept
    small in its undo copy."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


UNDO_IMPORT = "_undo.import"
"""The side record holding the records an import replaced (:meth:`Store.undo_import`)."""


@dataclass
class ImportPlan:
    """An export read and checked, before anything is written (:meth:`Store.read_import`).

    :ivar records: ``{name: data}`` that the import will write, every one passed its reader.
    :ivar replaced: names of those that exist now and will be replaced.
    :ivar added: names of those that do not exist now.
    :ivar skipped: player labels of records in the export that cannot be read (not imported).
    """

    records: dict[str, Any]
    replaced: list[str]
    added: list[str]
    skipped: list[str]

    def lines(self) -> list[str]:
        """What the import will do, in the player's words (translated), one item a line."""
        out = []
        if self.replaced:
            out.append(tr(N_("Replaces: {what}"), what=", ".join(record_label(n) for n in self.replaced)))
        if self.added:
            out.append(tr(N_("Adds: {what}"), what=", ".join(record_label(n) for n in self.added)))
        if self.skipped:
            out.append(tr(N_("Cannot be read, left out: {what}"), what=", ".join(self.skipped)))
        return out


class Store:
    """Versioned JSON records over a back end; see the module docstring for the guarantees.

    :ivar notices: one-line messages for the player, a plain list (anyone may append): every
        record kept aside since the last :meth:`take_notices` is named in ONE of them, first, with
        how to get it back (it is rewritten as more are kept); a failed save is another.
    """

    def __init__(self, backend=None):
        self.backend = backend if backend is not None else default_backend()
        self.notices: list[str] = []
        self._told: dict[str, list[str]] = {why: [] for why in _TOLD}   # why -> records to name (_TOLD)
        self._told_note: dict[str, str | None] = {}    # why -> its notice as last written
        self._unkept: dict[str, str] = {}
        """Record name -> its text that does not read and could not be kept aside (storage full):
        nothing is written over it until its copy aside succeeds (:meth:`save` tries again)."""
        self._kept_notes: list[str] = []   # other notices that name a copy kept aside (keep_aside)
        self.refusing = False
        """True from a write the back end refused until one succeeds: the refusal is told at the
        first and again every :data:`REFUSAL_REPEAT` seconds while saves go on being refused, and
        the table's top bar says "Not saved" meanwhile (``GameTable.saves_refused``)."""
        self._refusal_told = 0.0   # when the refusal was last told (:attr:`clock`)
        self._unwritten: dict[str, set[str]] = {}   # game id -> records its change is unwritten in
        self._refused_data: dict[str, Any] = {}
        """Record name -> the data of its newest save the back end refused (storage full), until a
        save of it succeeds: :meth:`export_text` writes it, so an export made while the storage
        is full keeps what the player sees (a win's statistics and record), not the older text."""
        n = getattr(self.backend, "notice", None)
        if n:
            self.notices.append(n)

    def mark_unwritten(self, gid: str, names=()) -> None:
        """Note that game ``gid``'s change to each record of ``names`` is only in this window's
        memory (its write was refused); with no names, only that this window now knows where
        the game's changes stand (:meth:`unwritten`). The next :meth:`save` of a record that
        succeeds writes every change this window holds for it, and takes it off the list."""
        self._unwritten.setdefault(gid, set()).update(names)

    def unwritten(self, gid: str) -> set[str] | None:
        """The records game ``gid``'s changes are still unwritten in (a copy; empty: all
        written), or None when this window has not recorded that game (:meth:`mark_unwritten`)."""
        s = self._unwritten.get(gid)
        return None if s is None else set(s)

    def _written(self, name: str) -> None:
        for s in self._unwritten.values():
            s.discard(name)

    def _note_kept(self, name: str | None, why: str = "kept") -> None:
        """Add record ``name`` to the records told for ``why`` (a key of :data:`_TOLD`: kept aside
        as unreadable, kept aside as a newer version's, or not kept aside for want of room) and
        rewrite each such notice, one per why, first among the notices, in the language set now
        (None: only rewrite them, e.g. once the settings read have set the player's language)."""
        if name is not None:
            self._told[why].append(name)
        for w, msgid in _TOLD.items():
            old = self._told_note.get(w)
            if old in self.notices:
                self.notices.remove(old)
            labels = list(dict.fromkeys(record_label(n) for n in self._told[w]))
            note = tr_n(msgid, len(labels), what=", ".join(labels)) if labels else None
            self._told_note[w] = note
            if note:
                self.notices.insert(0, note)

    def _note(self, message: str | None) -> None:
        if message and message not in self.notices:
            self.notices.append(message)

    clock: Callable[[], float] = staticmethod(time.monotonic)
    """Seconds, for :data:`REFUSAL_REPEAT` (tests give their own)."""

    def _refused(self) -> None:
        """A write was refused: its notice, unless the last write was refused too and was told
        less than :data:`REFUSAL_REPEAT` seconds ago (a full storage refuses every move's save:
        told at every move the notice would hide the top bar for good; told once, the moves made
        after it faded are lost on a reload with nothing said)."""
        now = self.clock()
        if not self.refusing or now - self._refusal_told >= REFUSAL_REPEAT:
            self._note(self._refusal())
            self._refusal_told = now
        self.refusing = True

    def _refusal(self) -> str | None:
        """The notice for a write the back end refused: the back end's own (``refusal()``, e.g. the
        desktop's file and its reason; None when its standing notice already says it; the
        browser's storage, :meth:`LocalStorage.refusal`), else :data:`MSG_FULL`."""
        own = getattr(self.backend, "refusal", None)
        return own() if own is not None else tr(MSG_FULL)

    def tells_kept(self) -> bool:
        """True when the pending notices name records kept aside (a player can restore or export
        them: Settings, Kept data)."""
        mine = [self._told_note.get("kept"), self._told_note.get("newer")]
        return any(n in self.notices for n in self._kept_notes + mine if n is not None)

    def take_notices(self) -> list[str]:
        """The pending notices (each once), cleared."""
        out = list(dict.fromkeys(self.notices))
        self.notices, self._kept_notes = [], []
        self._told, self._told_note = {why: [] for why in _TOLD}, {}
        return out

    def _decode(self, name: str, text: str, newer: bool = False) -> Any:
        """The data of the stored ``text`` of record ``name``, lifted to :data:`SCHEMA`
        (:data:`MIGRATIONS`). ``newer``: a newer schema's data is returned as it is (a caller
        that takes what it can of it, as the settings do) instead of raising.

        :raises NewerRecord: for a newer schema (unless ``newer``).
        :raises ValueError: (or any of :data:`READ_ERRORS`) for a text that is not a record."""
        doc = loads(text)
        if not isinstance(doc, dict) or "schema" not in doc or "data" not in doc:
            raise ValueError("not a record")
        schema = doc["schema"]
        if isinstance(schema, bool) or not isinstance(schema, int) or schema < 1:
            raise ValueError("bad schema")
        data = doc["data"]
        if schema > SCHEMA:
            if newer:
                return data
            raise NewerRecord(f"{name}: schema {schema}")
        while schema < SCHEMA:
            if schema not in MIGRATIONS:
                raise ValueError(f"no migration from schema {schema}")
            data = MIGRATIONS[schema](data)
            schema += 1
        return data

    def set_aside(self, name: str, text: str, msg: str | None = None, newer: bool = False,
                  tell: bool = True, **kw) -> bool:
        """Keep ``text`` under ``NAME.corrupt`` (``NAME.corrupt.2``… when that is taken: an
        earlier copy is never overwritten; the same text twice is kept once), remove the record
        ``NAME`` once the copy is safe, and name the record in the kept-aside notice
        (:data:`MSG_KEPT`; :data:`MSG_NEWER` when ``newer``: a newer version wrote it; none when
        not ``tell``: its data was recovered, from its pending copy).

        When the copy cannot be written (storage full), ``NAME`` is left as it was and
        remembered: :meth:`save` and :meth:`remove` refuse it until a copy succeeds (each save of
        it tries again), and the record is named in :data:`MSG_UNKEPT` (once per text).
        ``msg`` and ``kw`` are accepted for callers of an older signature and ignored. Returns
        whether the copy was written.
        """
        if not self._copy_aside(name, text, tell=False):
            if self._unkept.get(name) != text:
                self._unkept[name] = text
                self._note_kept(name, "unkept")
            return False
        self._unkept.pop(name, None)
        if tell:
            self._note_kept(name, "newer" if newer else "kept")
        try:
            if self.backend.get(name) == text:
                self.backend.remove(name)
        except Exception:
            pass
        return True

    def _copy_aside(self, name: str, text: str, tell: bool = True) -> bool:
        """Write ``text`` under the first free ``NAME.corrupt`` / ``NAME.corrupt.N`` (the same
        text already kept is not kept twice) and read it back. False (with the refusal's notice
        when ``tell``) when the back end refuses."""
        return self.keep_copy(name, text, tell) is not None

    def keep_copy(self, name: str, text: str, tell: bool = True) -> str | None:
        """:meth:`_copy_aside` that returns the key of the copy (Settings, Kept data lists it;
        an earlier copy of the same text is that key), or ``None`` when the back end refuses
        (with the refusal's notice when ``tell``)."""
        try:
            key, n = name + ".corrupt", 2
            while True:
                have = self.backend.get(key)
                if have is None or have == text:
                    break
                key, n = f"{name}.corrupt.{n}", n + 1
            if have is None:
                self.backend.set(key, text)
                if self.backend.get(key) != text:
                    raise StorageError("read-back differs")
        except Exception:
            if tell:
                self._refused()
            return None
        return key

    def drop_copy(self, key: str, text: str) -> None:
        """Remove the kept-aside copy ``key`` when it still holds ``text``: a copy the player's own
        action made (a statistics reset) that the action's undo has put back in full."""
        try:
            if ".corrupt" in key and self.backend.get(key) == text:
                self.backend.remove(key)
        except Exception:
            pass

    def _keep_unkept(self, name: str) -> bool:
        """Whether record ``name`` may be written: it is no record that could not be kept aside
        (:attr:`_unkept`), or that record is no longer stored as it was (another window or the
        player replaced it), or its copy aside succeeds now (then told among the kept ones)."""
        text = self._unkept.get(name)
        if text is None:
            return True
        try:
            now = self.backend.get(name)
        except Exception:
            return False
        if now == text and not self._copy_aside(name, text, tell=False):
            return False
        del self._unkept[name]
        if now == text:
            self._note_kept(name)
        return True

    def keep_aside(self, name: str, text: str, notice: str) -> bool:
        """Keep ``text``, a version of record ``name`` that is NOT written (the stored record
        stays as it is: another window's newer one), among the kept-aside copies (Settings, Kept
        data: restore or export it), and tell ``notice`` (a tap on it opens Kept data). Returns
        whether the copy was written."""
        if not self._copy_aside(name, text):
            return False
        self._note(notice)
        self._kept_notes.append(notice)
        return True

    def load(self, name: str, default: Any = None, validate: Callable[[Any], bool] | None = None) -> Any:
        """The record ``name`` read by its kind's reader (:func:`kind_of`), or ``default`` when
        absent or unreadable (then kept aside and named in the notice). Never raises.

        :param validate: an extra check of the decoded data; a record failing it counts as unreadable.
        """
        try:
            text = self.backend.get(name)
            pending = self.backend.get(name + ".new")
        except Exception:  # a broken back end: tell in the player's words (never its own text), play on
            self._note(tr(MSG_READ_REFUSED))
            return default
        bad = None      # (the record's text that does not read, whether a newer version wrote it)
        for candidate, is_pending in ((text, False), (pending, True)):
            if candidate is None:
                continue
            try:
                data = read_record(name, self._decode(name, candidate))
                if validate is not None and not validate(data):
                    raise ValueError("invalid contents")
            except Exception as e:  # READ_ERRORS, or a reader's own fault: neither stops the game
                if not is_pending:
                    bad = (candidate, isinstance(e, NewerRecord))
                continue
            if bad is not None:     # a write cut short: its pending copy holds the player's data
                self.set_aside(name, bad[0], tell=False)
            return data
        if bad is not None:
            self.set_aside(name, bad[0], newer=bad[1])
        return default

    def _put(self, name: str, text: str) -> None:
        """Write one raw text and read it back. :raises StorageError:"""
        self.backend.set(name, text)
        if self.backend.get(name) != text:
            raise StorageError("read-back differs")

    @staticmethod
    def encode(data: Any) -> str:
        """The stored text of a record holding ``data`` (what :meth:`save` writes)."""
        return json.dumps({"schema": SCHEMA, "data": data}, ensure_ascii=False, sort_keys=True)

    def peek(self, name: str) -> str | None:
        """The stored text of record ``name`` as it is now (another window may have written it),
        or None when absent or the back end cannot be read. Never raises, changes nothing."""
        try:
            return self.backend.get(name)
        except Exception:
            return None

    def save(self, name: str, data: Any, text: str | None = None) -> bool:
        """Write record ``name`` completely or not at all. Returns False (and adds a notice)
        when the back end refuses, leaving the previous record as it was.

        :param text: ``encode(data)`` when the caller has it already (a saved game compares it
            with the stored one first)."""
        if text is None:
            text = self.encode(data)
        if not self._keep_unkept(name):
            return False        # told when it was read (MSG_UNKEPT), as a blocked file is
        try:
            if getattr(self.backend, "atomic", False):  # one atomic write, then read back
                self._put(name, text)
            else:
                self._put(name + ".new", text)
                self.backend.set(name, text)
                self.backend.remove(name + ".new")
            self.refusing = False
            self._written(name)
            self._refused_data.pop(name, None)
            return True
        except Exception:
            try:
                self.backend.remove(name + ".new")
            except Exception:
                pass
            self._refused_data[name] = json.loads(text)["data"]     # as written then, not as mutated later
            self._refused()
            return False

    def hand_off(self, name: str, text: str, expect: str) -> bool:
        """Give the back end ``text``, record ``name``'s coming :meth:`save`, to write if the page
        goes away first, and only while the stored text is ``expect``
        (:meth:`LocalStorage.hand_off`; a back end with none, the desktop's, takes nothing: closing
        its window writes at once). Returns whether it was handed over. Never raises."""
        if not getattr(self.backend, "keeps", False):
            return False
        self.backend.hand_off(name, text, expect)
        return True

    def take_back(self, name: str) -> None:
        """Drop what :meth:`hand_off` gave the back end for ``name``. Never raises."""
        if getattr(self.backend, "keeps", False):
            self.backend.take_back(name)

    @property
    def keeps(self) -> bool:
        """Whether the back end takes saves handed over (:meth:`hand_off`)."""
        return bool(getattr(self.backend, "keeps", False))

    def remove(self, name: str) -> None:
        """Forget record ``name`` (not one that could not be kept aside: :meth:`set_aside`)."""
        if name in self._unkept:
            return
        try:
            self.backend.remove(name)
        except Exception:
            pass

    def names(self) -> list[str]:
        """Names of the records present (not the ``.new``/``.corrupt``/``_`` side keys)."""
        try:
            return [k for k in self.backend.keys() if not is_side_name(k)]
        except Exception:
            return []

    def check_all(self) -> None:
        """Read every record of a known kind once, so that every unreadable one is kept aside now
        and all of them are named in the one notice (the app calls this at its start)."""
        for name in self.names():
            if kind_of(name) is not None:
                self.load(name)

    # -- kept-aside copies -------------------------------------------------------------------------
    def kept(self) -> list[tuple[str, str, str]]:
        """The kept-aside copies: ``[(key, record name, player label)]``, oldest name first."""
        out = []
        try:
            keys = self.backend.keys()
        except Exception:
            return out
        for k in keys:
            if ".corrupt" in k and not k.endswith(".new"):
                name = k[:k.index(".corrupt")]
                out.append((k, name, record_label(name)))
        return out

    def kept_words(self, key: str) -> str:
        """What the kept-aside copy ``key`` holds, for the player to tell copies apart: its
        record's label, then what its kind's ``describe`` reads in it (a saved game's deal code,
        moves, time and start day), else the copy's number when the record has more than one
        ("the saved Klondike game, copy 2"). Never raises."""
        if ".corrupt" not in key:
            return key
        name = key[:key.index(".corrupt")]
        label = record_label(name)
        what = ""
        kind = kind_of(name)
        if kind is not None and kind.describe is not None:
            try:
                doc = loads(self.backend.get(key) or "")
                data = doc.get("data") if isinstance(doc, dict) else None
                what = kind.describe(data, name) if data is not None else ""
            except Exception:
                what = ""
        if not what:
            tail = key[key.index(".corrupt") + len(".corrupt"):]
            n = int(tail[1:]) if tail[1:].isdigit() else 1
            if n > 1 or any(k != key and k.startswith(name + ".corrupt") for k, _, _ in self.kept()):
                what = tr(N_("copy {n}"), n=n)
        return tr(N_("{what}, {details}"), what=label, details=what) if what else label

    def kept_file(self) -> str | None:
        """Where the desktop back end moved an unreadable store file, at this start or an earlier
        one while the file is still there (None: nothing moved, or the player removed it)."""
        p = getattr(self.backend, "kept_path", None)
        if p is not None:
            return str(p)
        if not hasattr(self.backend, "kept_path"):
            return None
        try:
            named = self.backend.get(KEPT_FILE)
        except Exception:
            return None
        return named if named and os.path.exists(named) else None

    def export_kept_text(self) -> str:
        """Every kept-aside copy, as stored, in one JSON text the player can keep or send."""
        items = {}
        for key, name, _ in self.kept():
            try:
                items[key] = self.backend.get(key)
            except Exception:
                continue
        return json.dumps({"pasyans_kept": 1, "records": items}, ensure_ascii=False, sort_keys=True, indent=1)

    def restore_kept(self, key: str) -> bool:
        """Put the kept-aside copy ``key`` back as its record when it now reads (a newer version
        of Pasyans, or a record repaired by hand): its kind's reader and its deeper check (a saved
        game replays), as an import checks it, so what is restored is what the next load keeps.
        The record it replaces is itself kept aside first, so a restore loses nothing. Returns
        whether it was restored; the copy stays when not.
        """
        if ".corrupt" not in key:
            return False
        name = key[:key.index(".corrupt")]
        try:
            text = self.backend.get(key)
            kind = kind_of(name)
            if text is None or kind is None:
                return False
            data = read_record(name, self._decode(name, text))
            if kind.deep is not None:
                kind.deep(data, name)
            current = self.backend.get(name)
        except Exception:
            return False
        if current is not None and current != text:
            if not self._copy_aside(name, current):   # the player asked for this swap: no notice
                return False
            self._unkept.pop(name, None)
        if not self.save(name, data):
            return False
        self.remove(key)
        return True

    # -- export / import ---------------------------------------------------------------------------
    def export_text(self) -> str:
        """Every readable record of a known kind as one JSON text a player can keep and import
        elsewhere (an unreadable one is kept aside and told, as on any load). A record whose
        newest save the back end refused is exported as that save had it (this window's data,
        newer than the stored text)."""
        records = {}
        for name in self.names():
            if kind_of(name) is None or name in self._refused_data:
                continue
            data = self.load(name)
            if data is not None:
                records[name] = data
        for name, data in self._refused_data.items():
            if kind_of(name) is not None:
                records[name] = data
        if self._refused_data:
            for name, data in records.items():
                if name.startswith("game.") and isinstance(data, dict):
                    records[name] = self._exported_flags(data)
        return json.dumps({"pasyans_export": 1, "schema": SCHEMA, "records": records},
                          ensure_ascii=False, sort_keys=True, indent=1)

    def _exported_flags(self, data: dict) -> dict:
        """A saved game's data (``ui.progress.SavedGame``) as an export holds it: from its
        ``unrecorded`` flag, and each carried game's, the records whose refused data this export
        writes with that game's win in it (the window's newest save of the record, refused, and
        the game's change to it unwritten: :meth:`mark_unwritten`), so that an import of the
        export does not give the win to them a second time (``record_unrecorded``)."""
        def left(entry: dict) -> dict:
            flag = entry.get("unrecorded")
            held = self._unwritten.get(entry.get("id"))
            if not isinstance(flag, dict) or not isinstance(flag.get("parts"), list) or not held:
                return entry
            parts = [p for p in flag["parts"] if not (p in held and p in self._refused_data)]
            if parts == flag["parts"]:
                return entry
            out = dict(entry)
            if parts:
                out["unrecorded"] = dict(flag, parts=parts)
            else:
                out.pop("unrecorded", None)
            return out

        out = left(data)
        if isinstance(out.get("carried"), list):
            carried = [left(c) if isinstance(c, dict) else c for c in out["carried"]]
            carried = [c for c in carried if not isinstance(c, dict) or c.get("unrecorded")]
            out = dict(out, carried=carried) if carried else {k: v for k, v in out.items() if k != "carried"}
        return out

    def read_import(self, text: str | bytes) -> ImportPlan:
        """Read and check a whole export without writing anything.

        Each record goes through its kind's reader (and its ``deep`` check); a record that fails,
        or whose name is no known kind (a side key such as ``stats.corrupt`` included), is left
        out and listed in :attr:`ImportPlan.skipped`.

        :raises ValueError: with a clear, translated line when the text is not a Pasyans export
            (not UTF-8, not JSON, wrong shape, a schema out of range) or holds nothing readable.
        """
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(tr(MSG_IMPORT_NOT_TEXT)) from None
        if not isinstance(text, str):
            raise ValueError(tr(MSG_NOT_EXPORT))
        text = text.lstrip("\ufeff")
        try:
            doc = loads(text)
        except (ValueError, RecursionError):
            raise ValueError(tr(MSG_NOT_JSON)) from None
        if not isinstance(doc, dict) or type(doc.get("pasyans_export")) is not int \
                or doc["pasyans_export"] != 1 or not isinstance(doc.get("records"), dict):
            raise ValueError(tr(MSG_NOT_EXPORT))
        schema = doc.get("schema")
        if type(schema) is not int or schema < 1:
            raise ValueError(tr(MSG_IMPORT_SCHEMA))
        if schema > SCHEMA:
            raise ValueError(tr(MSG_NEWER_EXPORT))
        current = set(self.names())
        records, skipped = {}, []
        for name, data in doc["records"].items():
            kind = kind_of(name)
            if kind is None:
                skipped.append(tr(N_("a record this version does not know")) if not is_side_name(name)
                               else tr(N_("a kept-aside copy")))
                continue
            try:
                for s in range(schema, SCHEMA):
                    data = MIGRATIONS[s](data)
                data = kind.read(data, name)
                if kind.deep is not None:
                    kind.deep(data, name)
                json.dumps(data)
            except Exception:
                skipped.append(record_label(name))
                continue
            records[name] = data
        if not records:
            raise ValueError(tr(MSG_IMPORT_EMPTY))
        return ImportPlan(records, [n for n in records if n in current], [n for n in records if n not in current],
                          list(dict.fromkeys(skipped)))

    def apply_import(self, plan: ImportPlan) -> int:
        """Write every record of ``plan`` or none. The records it replaces, and the texts it writes,
        (their SHA-256 digests), are kept first under :data:`UNDO_IMPORT` (:meth:`undo_import` puts
        the first back and tells by the second which records were played on since). Returns how many were written.

        :raises ValueError: (translated) when the storage refuses any write; every record is then
            exactly as before, the previous undo copy included.
        """
        try:
            old = {name: self.backend.get(name) for name in plan.records}
            prev_undo = self.backend.get(UNDO_IMPORT)
        except Exception:
            raise ValueError(tr(MSG_IMPORT_FULL)) from None
        texts = {name: json.dumps({"schema": SCHEMA, "data": data}, ensure_ascii=False, sort_keys=True)
                 for name, data in plan.records.items()}
        wrote = {name: _digest(text) for name, text in texts.items()}
        undo = json.dumps({"schema": SCHEMA, "data": {"records": old, "wrote": wrote, "time": time.time()}},
                          ensure_ascii=False, sort_keys=True)
        written: list[str] = []
        try:
            self._put(UNDO_IMPORT, undo)
            for name, text in texts.items():
                written.append(name)
                self._put(name, text)
        except Exception:
            self._roll_back(old, written, prev_undo)
            raise ValueError(tr(MSG_IMPORT_FULL)) from None
        return len(written)

    def _roll_back(self, old: dict[str, str | None], written: list[str], prev_undo: str | None) -> None:
        for name in reversed(written):  # removals first free room for the old texts
            try:
                self.backend.remove(name)
            except Exception:
                pass
        for name in written:
            if old.get(name) is not None:
                try:
                    self.backend.set(name, old[name])
                except Exception:
                    pass
        try:
            if prev_undo is None:
                self.backend.remove(UNDO_IMPORT)
            else:
                self.backend.set(UNDO_IMPORT, prev_undo)
        except Exception:
            pass

    def import_text(self, text: str | bytes) -> int:
        """:meth:`read_import` then :meth:`apply_import`: returns how many records were written.

        :raises ValueError: with a clear line when the text is not a Pasyans export or the storage
            refuses; nothing is written then.
        """
        return self.apply_import(self.read_import(text))

    def can_undo_import(self) -> bool:
        """Whether an import's undo copy is kept."""
        try:
            return self.backend.get(UNDO_IMPORT) is not None
        except Exception:
            return False

    def undo_import(self) -> int:
        """Put back the records the last import replaced (and remove those it added). A record
        changed since the import wrote it (a game played on, a game counted in the statistics) is
        first kept aside (Settings, Kept data; named in the kept-aside notice), so nothing played
        after the import is lost; an undo copy that does not say what the import wrote keeps
        aside every record it would change. Returns how many records were restored; 0 when there
        is no undo copy or it cannot be read.

        :raises ValueError: (translated) when the storage refuses (a copy aside included); the undo
            copy is kept then.
        """
        try:
            text = self.backend.get(UNDO_IMPORT)
            if text is None:
                return 0
            data = self._decode(UNDO_IMPORT, text)
            old = data["records"]
            wrote = data.get("wrote", {})
            if not isinstance(old, dict) or not all(isinstance(k, str) and (v is None or isinstance(v, str))
                                                    for k, v in old.items()) or not isinstance(wrote, dict):
                raise ValueError("bad undo copy")
        except Exception:
            return 0
        try:
            for name, v in old.items():
                now = self.backend.get(name)
                if now is not None and now != v and _digest(now) != wrote.get(name):
                    if not self._copy_aside(name, now):
                        raise StorageError("no room to keep the record played on since the import")
                    self._note_kept(name)
            for name, v in old.items():
                if v is None:
                    self.backend.remove(name)
            for name, v in old.items():
                if v is not None:
                    self._put(name, v)
            self.backend.remove(UNDO_IMPORT)
        except Exception:
            raise ValueError(self._refusal() or getattr(self.backend, "notice", None) or tr(MSG_FULL)) from None
        return len(old)
