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
* a corrupt or unreadable record is kept aside under ``NAME.corrupt`` (never lost), the player is
  told in one line (:attr:`Store.notices`), and play goes on with the defaults;
* a full quota (or any failed write) is a message, not a crash: :meth:`Store.save` returns False;
* records carry ``{"schema": N, "data": …}``; :data:`MIGRATIONS` lifts older schemas step by step.

Pure Python (no pygame), so the rules' tests and the command line can use it too.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

from games.i18n import N_, tr

PREFIX = "pasyans."
SCHEMA = 1
MIGRATIONS: dict[int, Callable[[Any], Any]] = {}
"""``{old schema: function(data) -> data of schema old + 1}``."""

MSG_CORRUPT = N_("A saved record ({name}) could not be read; it was kept aside and defaults are used.")
MSG_FULL = N_("Could not save: the browser's storage is full or blocked. Export your saves from Settings.")
MSG_NEWER = N_("A saved record ({name}) comes from a newer version; it was kept aside.")


class StorageError(Exception):
    """A back end could not read or write (a full quota, a read-only disk…)."""


class MemoryStorage:
    """A dict as storage: ``get``, ``set``, ``remove``, ``keys``. ``fail_writes`` simulates a full quota."""

    def __init__(self):
        self.data: dict[str, str] = {}
        self.fail_writes = False

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> None:
        if self.fail_writes:
            raise StorageError("quota exceeded")
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
        if window is None:
            from platform import window  # pygbag's bridge to the page
        self.ls = window.localStorage

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


class JsonFileStorage:
    """All keys in one JSON object in ``path`` (default ``data_dir()/store.json``).

    Each write goes to ``path.tmp``, is flushed and synced, then replaces ``path`` atomically
    (``os.replace``). A file that is not a JSON object is moved aside to ``path.corrupt`` (its
    contents kept) and :attr:`notice` says so.
    """

    atomic = True
    """Each ``set`` already replaces the whole file atomically: :class:`Store` needs no ``.new`` copy."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else data_dir() / "store.json"
        self.notice: str | None = None
        self.data = self._read()

    def _read(self) -> dict[str, str]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as e:
            self.notice = f"{self.path}: {e.strerror}"
            return {}
        except UnicodeDecodeError:
            text = None
        try:
            if text is None:
                raise ValueError("not UTF-8 text")
            data = json.loads(text)
            if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
                raise ValueError("not an object of strings")
            return data
        except ValueError:
            aside = _free_name(self.path.with_suffix(".corrupt"))
            try:
                os.replace(self.path, aside)
            except OSError:
                pass
            self.notice = tr(MSG_CORRUPT, name=self.path.name)
            return {}

    def _write(self) -> None:
        text = json.dumps(self.data, ensure_ascii=False, sort_keys=True)
        tmp = self.path.with_suffix(".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except OSError as e:
            raise StorageError(f"{self.path}: {e.strerror}") from None

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> None:
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
        if key in self.data:
            del self.data[key]
            self._write()

    def keys(self) -> list[str]:
        return sorted(self.data)


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


def loads(text: str):
    """``json.loads`` that refuses ``NaN`` and ``Infinity`` (Python's reader accepts them, and a
    tampered save could carry them into the clock); numbers too large for a float also fail."""
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
    """:class:`LocalStorage` in the browser, :class:`JsonFileStorage` on the desktop
    (``PASYANS_DATA`` overrides the file's folder; tests use it)."""
    if sys.platform == "emscripten":
        return LocalStorage()
    folder = os.environ.get("PASYANS_DATA")
    return JsonFileStorage(Path(folder) / "store.json" if folder else None)


class Store:
    """Versioned JSON records over a back end; see the module docstring for the guarantees.

    :ivar notices: one-line messages for the player (corrupt records kept aside, a failed save).
    """

    def __init__(self, backend=None):
        self.backend = backend if backend is not None else default_backend()
        self.notices: list[str] = []
        n = getattr(self.backend, "notice", None)
        if n:
            self.notices.append(n)

    def _decode(self, name: str, text: str) -> Any:
        doc = loads(text)
        if not isinstance(doc, dict) or "schema" not in doc or "data" not in doc:
            raise ValueError("not a record")
        schema = doc["schema"]
        if not isinstance(schema, int) or schema < 1:
            raise ValueError("bad schema")
        if schema > SCHEMA:
            raise OverflowError("newer")
        data = doc["data"]
        while schema < SCHEMA:
            data = MIGRATIONS[schema](data)
            schema += 1
        return data

    def set_aside(self, name: str, text: str, msg: str, **kw) -> None:
        """Keep ``text`` under ``NAME.corrupt`` (``NAME.corrupt.2``… when that is taken: an
        earlier copy is never overwritten) and add the notice ``msg`` (``{name}`` filled)."""
        try:
            key, n = name + ".corrupt", 2
            while self.backend.get(key) is not None and self.backend.get(key) != text:
                key, n = f"{name}.corrupt.{n}", n + 1
            self.backend.set(key, text)
        except Exception:
            pass
        self.notices.append(tr(msg, **({"name": name} | kw)))

    def load(self, name: str, default: Any = None, validate: Callable[[Any], bool] | None = None) -> Any:
        """The record ``name``, or ``default`` when absent or unreadable (kept aside, noticed).

        :param validate: a check of the decoded data; a record failing it counts as corrupt.
        """
        try:
            text = self.backend.get(name)
            pending = self.backend.get(name + ".new")
        except Exception as e:  # a broken back end: tell, play on
            self.notices.append(str(e))
            return default
        for candidate, is_pending in ((text, False), (pending, True)):
            if candidate is None:
                continue
            try:
                data = self._decode(name, candidate)
                if validate is not None and not validate(data):
                    raise ValueError("invalid contents")
            except OverflowError:
                if not is_pending:
                    self.set_aside(name, candidate, MSG_NEWER)
                continue
            except (ValueError, KeyError, TypeError, RecursionError):
                if not is_pending:
                    self.set_aside(name, candidate, MSG_CORRUPT)
                continue
            return data
        return default

    def save(self, name: str, data: Any) -> bool:
        """Write record ``name`` completely or not at all. Returns False (and adds a notice)
        when the back end refuses, leaving the previous record as it was."""
        text = json.dumps({"schema": SCHEMA, "data": data}, ensure_ascii=False, sort_keys=True)
        try:
            if getattr(self.backend, "atomic", False):  # one atomic write, then read back
                self.backend.set(name, text)
                if self.backend.get(name) != text:
                    raise StorageError("read-back differs")
                return True
            self.backend.set(name + ".new", text)
            if self.backend.get(name + ".new") != text:
                raise StorageError("read-back differs")
            self.backend.set(name, text)
            self.backend.remove(name + ".new")
            return True
        except Exception:
            try:
                self.backend.remove(name + ".new")
            except Exception:
                pass
            if tr(MSG_FULL) not in self.notices:
                self.notices.append(tr(MSG_FULL))
            return False

    def remove(self, name: str) -> None:
        """Forget record ``name``."""
        try:
            self.backend.remove(name)
        except Exception:
            pass

    def names(self) -> list[str]:
        """Names of the records present (not the ``.new``/``.corrupt`` side keys)."""
        return [k for k in self.backend.keys() if not k.endswith(".new") and ".corrupt" not in k]

    def take_notices(self) -> list[str]:
        """The pending notices, cleared."""
        out, self.notices = self.notices, []
        return out

    # -- export / import ---------------------------------------------------------
    def export_text(self) -> str:
        """Every record as one JSON text a player can keep and import elsewhere."""
        records = {}
        for name in self.names():
            data = self.load(name)
            if data is not None:
                records[name] = data
        return json.dumps({"pasyans_export": 1, "schema": SCHEMA, "records": records},
                          ensure_ascii=False, sort_keys=True, indent=1)

    def import_text(self, text: str) -> int:
        """Replace the records named in an export with its contents; returns how many.

        :raises ValueError: with a clear line when the text is not a Pasyans export; nothing is
            written then.
        """
        try:
            doc = loads(text)
        except (ValueError, RecursionError):
            raise ValueError(tr(N_("This is not a Pasyans export (not JSON text)."))) from None
        if not isinstance(doc, dict) or doc.get("pasyans_export") != 1 or not isinstance(doc.get("records"), dict):
            raise ValueError(tr(N_("This is not a Pasyans export.")))
        if not isinstance(doc.get("schema"), int) or doc["schema"] > SCHEMA:
            raise ValueError(tr(N_("This export comes from a newer version of Pasyans.")))
        schema = doc["schema"]
        records = {}
        for name, data in doc["records"].items():
            for s in range(schema, SCHEMA):
                data = MIGRATIONS[s](data)
            records[str(name)] = data
        for name, data in records.items():
            if not self.save(name, data):
                raise ValueError(tr(MSG_FULL))
        return len(records)
